//! Activation (3.1), one action per unit (3.2), German combined arms (3.3)
//! and Stuarts (3.4).

use crate::action::Action;
use crate::state::{Act, Phase, Pos, State};
use crate::unit::{Side, UnitClass, UnitId};
use crate::Totensonntag;
use sandtable_core::{Illegal, Ruleset, Seat};

/// What a unit is activated for; Stuarts rate differently by use (3.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Use {
    /// Moving (and overrunning, which is part of a move).
    Move,
    /// A normal attack or a bombardment.
    Attack,
}

impl Totensonntag {
    /// The initiative rating of a unit for a use: printed rating, 3 or 4 for
    /// Stuarts (3.4), +1 with a Panzer III (3.3).
    pub(crate) fn rating(&self, s: &State, u: UnitId, use_: Use) -> u8 {
        let spec = self.scenario.unit(u);
        let base = if spec.stuart {
            match use_ {
                Use::Move => 3,
                Use::Attack => 4,
            }
        } else {
            spec.initiative
        };
        base + u8::from(s.unit(u).boosted)
    }

    /// 3.3: a "c" unit (German engineers and motorized infantry) that starts
    /// the impulse in a hex with a Panzer III unit.
    pub(crate) fn combined_arms_at_start(&self, s: &State, u: UnitId) -> bool {
        let spec = self.scenario.unit(u);
        let Some(h) = s.hex_of(u) else { return false };
        spec.combined_arms
            && self.scenario.unit_ids().any(|p| {
                p != u && self.scenario.unit(p).panzer3 && self.side(p) == spec.side() && s.hex_of(p) == Some(h)
            })
    }

    /// The phasing side's own unit, in an impulse.
    pub(crate) fn own_in_impulse(&self, s: &State, side: Side, u: UnitId) -> Result<(), Illegal> {
        match s.phase {
            Phase::Impulse { side: p, .. } if p == side => {}
            _ => {
                return Err(Illegal::fixed(
                    "CCT 2.0",
                    "units act only in their side's impulse",
                    "юниты действуют только в импульс своего игрока",
                ))
            }
        }
        if self.side(u) != side {
            return Err(Illegal::fixed("CCT 3.0", "that unit is the enemy's", "это юнит противника"));
        }
        match s.unit(u).pos {
            Pos::Destroyed => Err(Illegal::fixed("CCT 1.0", "that unit is destroyed", "этот юнит уничтожен")),
            Pos::Exited => Err(Illegal::fixed(
                "CCT 6.2",
                "units that exited cannot return",
                "вышедшие с поля юниты не возвращаются",
            )),
            _ => Ok(()),
        }
    }

    /// Whether `u` may begin an action for `use_` now: it has not acted this
    /// impulse (3.2) and its rating reaches the level (3.1, 3.3, 3.4).
    pub(crate) fn check_activation(&self, s: &State, side: Side, u: UnitId, use_: Use) -> Result<(), Illegal> {
        if s.unit(u).act != Act::Idle {
            return Err(Illegal::fixed(
                "CCT 3.2",
                "each activated unit takes one action per impulse",
                "каждый активированный юнит совершает одно действие за импульс",
            ));
        }
        if self.rating(s, u, use_) < s.level[side.index()] {
            let spec = self.scenario.unit(u);
            return Err(if spec.stuart {
                Illegal::fixed(
                    "CCT 3.4",
                    "Stuarts have initiative 3 to move or overrun and 4 to attack: below the level, they cannot",
                    "у «Стюартов» РИ 3 для движения и стремительной атаки и 4 для обычной атаки; юнит с РИ ниже УИ не активируется",
                )
            } else if spec.combined_arms && !s.unit(u).boosted {
                Illegal::fixed(
                    "CCT 3.1",
                    "initiative rating below the level (3.3 adds 1 to a unit that starts the impulse with a Panzer III, or enters the map after one)",
                    "РИ ниже УИ; по 3.3 юнит получает +1, если начал импульс в одном гексе с Panzer III или входит на карту после Panzer III",
                )
            } else {
                Illegal::fixed(
                    "CCT 3.1",
                    "a unit activates only when its initiative rating is at least the level",
                    "юнит активируется, только если его РИ не ниже УИ",
                )
            });
        }
        Ok(())
    }

    /// Movement points of a unit this impulse: the level, +1 motorized,
    /// artillery, armour and recon (6.0).
    pub(crate) fn full_mp(&self, s: &State, side: Side, u: UnitId) -> u8 {
        s.level[side.index()] + u8::from(self.scenario.unit(u).class.is_motorized())
    }

    /// Whether the unit is a moving armour/recon (may still overrun, 3.2, 7.5).
    pub(crate) fn is_moving(&self, s: &State, u: UnitId) -> bool {
        s.active == Some(u) && s.unit(u).act == Act::Moving
    }

    /// Whether a class may take an action of this kind at all (3.2).
    pub(crate) fn may_bombard(class: UnitClass) -> bool {
        class == UnitClass::Artillery
    }
}

impl Totensonntag {
    /// The seat's units on the map with nothing to do in its impulse (no
    /// listed action points at them but a stack order), each with the rule
    /// that holds it back: not activated at this level (3.1, 3.3, 3.4),
    /// already acted (3.2), or activated but boxed in (6.0, 5.0). Empty
    /// outside the seat's own impulse. Cost: one listing of legal actions.
    pub(crate) fn idle_units(&self, s: &State, seat: Seat) -> Vec<(String, Illegal)> {
        let Some(side) = Side::of_seat(seat) else { return Vec::new() };
        if !matches!(s.phase, Phase::Impulse { side: p, .. } if p == side) {
            return Vec::new();
        }
        let mut legal = Vec::new();
        self.legal_actions(s, seat, &mut legal);
        let busy: Vec<UnitId> = legal
            .iter()
            .filter_map(|&a| match a {
                Action::Move(u, _)
                | Action::Enter(u, _)
                | Action::Exit(u)
                | Action::Attack(u, _)
                | Action::Bombard(u, _, _)
                | Action::Advance(u, _)
                | Action::Eliminate(u) => Some(u),
                _ => None,
            })
            .collect();
        self.scenario
            .unit_ids()
            .filter(|&u| self.side(u) == side && s.hex_of(u).is_some() && !busy.contains(&u))
            .map(|u| {
                let why = self.check_activation(s, side, u, Use::Move).err().unwrap_or_else(|| {
                    Illegal::fixed(
                        "CCT 6.0",
                        "no hex it may enter, no enemy it may attack: its movement points, zones of control and terrain hold it",
                        "нет гекса, куда можно войти, и нет врага для атаки: его держат ОД, ЗК и местность",
                    )
                });
                (self.scenario.unit(u).code.clone(), why)
            })
            .collect()
    }
}
