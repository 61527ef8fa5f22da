//! Resolving a fight (7.0 *authored*, 2.1d, 10.0 *authored*): step losses
//! chosen by their owner, retreats with one step lost per stack for each
//! enemy-ZOC hex entered, a stack that cannot retreat eliminated, and the
//! advance into a vacated hex (an overrun's units must enter it, 6.2a).

use crate::action::Action;
use crate::board::Board;
use crate::scenario::MAX_UNITS_A_SIDE;
use crate::state::{FightKind, Pos, Retreating, Stage, State, Units};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Events, Illegal, Text};
use tinyvec::ArrayVec;

/// What [`Scs::resolve`] reads of the fight before each step.
#[derive(Copy, Clone)]
struct Scalars {
    stage: Stage,
    kind: FightKind,
    target: HexId,
    owed: u8,
    /// Hexes the attacker's result retreats.
    attacker_retreat: u8,
}

impl Scs {
    /// The side deciding in the fight's current stage.
    pub fn fight_side(&self, s: &State) -> Option<Side> {
        let f = s.fight.as_ref()?;
        Some(match f.stage {
            Stage::DefenderLosses | Stage::DefenderRetreat => s.player.other(),
            _ => s.player,
        })
    }

    /// The units of a loss stage that may take the steps owed: the side's
    /// units of the fight still on the map (zero-strength ones included).
    fn loss_candidates(&self, s: &State) -> Units {
        let Some(f) = &s.fight else { return Units::new() };
        let list = match f.stage {
            Stage::AttackerLosses => &f.attackers,
            Stage::DefenderLosses => &f.defenders,
            _ => return Units::new(),
        };
        list.iter().copied().filter(|&u| s.hex_of(u).is_some()).collect()
    }

    /// One step off a unit; eliminated when its last goes.
    pub(crate) fn lose_step(&self, s: &mut State, u: UnitId, rule: &'static str, ev: &mut Events) {
        let spec = self.scenario.unit(u);
        let side = spec.side;
        s.eliminated_steps[side.index()] += 1;
        let us = s.unit_mut(u);
        us.lost += 1;
        let gone = us.lost >= spec.steps;
        if gone {
            us.pos = Pos::Eliminated;
            s.force.retain(|&f| f != u);
        }
        ev.say(rule, || {
            let n = &spec.name;
            if gone {
                Text::new(
                    format!("{} loses a step and is eliminated", n.en),
                    format!("{} теряет шаг и уничтожен", n.ru),
                )
            } else {
                Text::new(format!("{} loses a step", n.en), format!("{} теряет шаг", n.ru))
            }
        });
    }

    /// Eliminates a unit outright.
    pub(crate) fn eliminate(&self, s: &mut State, u: UnitId, rule: &'static str, ev: &mut Events) {
        while s.unit(u).pos != Pos::Eliminated {
            self.lose_step(s, u, rule, ev);
        }
    }

    /// Moves resolution on through every stage that needs no decision.
    pub(crate) fn resolve(&self, s: &mut State, ev: &mut Events) {
        loop {
            // The fight's scalars, read before the state changes (its lists
            // are read where needed: copying the fight would copy them all).
            let Some(f) = s.fight.as_ref().map(|f| Scalars {
                stage: f.stage,
                kind: f.kind,
                target: f.target,
                owed: f.owed,
                attacker_retreat: f.side_result(true).retreat,
            }) else {
                return;
            };
            match f.stage {
                Stage::Forming | Stage::Declared => return,
                Stage::AttackerLosses | Stage::DefenderLosses => {
                    let attacker = f.stage == Stage::AttackerLosses;
                    let rule = "SCS 7.0";
                    let cands = self.loss_candidates(s);
                    let left: u16 =
                        cands.iter().map(|&u| u16::from(self.scenario.unit(u).steps - s.unit(u).lost)).sum();
                    if f.owed > 0 && !cands.is_empty() {
                        if u16::from(f.owed) >= left {
                            for u in cands {
                                self.eliminate(s, u, rule, ev);
                            }
                        } else if cands.len() == 1 {
                            for _ in 0..f.owed {
                                self.lose_step(s, cands[0], rule, ev);
                            }
                        } else {
                            return; // the owner chooses (7.0 authored)
                        }
                    }
                    let f = s.fight.as_mut().expect("a fight");
                    if attacker {
                        f.stage = Stage::DefenderLosses;
                        f.owed = f.side_result(false).steps;
                    } else {
                        f.stage = Stage::DefenderRetreat;
                        f.owed = 0;
                        let r = f.side_result(false).retreat;
                        let ds = f.defenders;
                        let list = self.retreaters(s, &ds, r);
                        s.fight.as_mut().expect("a fight").retreating = list;
                    }
                }
                Stage::DefenderRetreat | Stage::AttackerRetreat => {
                    self.eliminate_stuck(s, ev);
                    let f = s.fight.as_mut().expect("a fight");
                    if f.retreating.iter().any(|r| r.left > 0) {
                        return;
                    }
                    if f.stage == Stage::DefenderRetreat {
                        f.stage = Stage::AttackerRetreat;
                        let r = f.side_result(true).retreat;
                        let attackers = f.attackers;
                        let list = self.retreaters(s, &attackers, r);
                        let f = s.fight.as_mut().expect("a fight");
                        f.retreating = list;
                        f.paid.clear();
                    } else {
                        f.stage = Stage::Advance;
                        f.retreating.clear();
                    }
                }
                Stage::Advance => {
                    // Vacated: no defending unit left in it (after the first
                    // advance it holds the attacker's own units).
                    let defender = s.player.other();
                    let vacated = self
                        .scenario
                        .unit_ids()
                        .all(|u| s.unit(u).pos != Pos::Hex(f.target) || self.scenario.unit(u).side != defender);
                    let retreated = f.attacker_retreat > 0;
                    let attackers = s.fight.as_ref().expect("a fight").attackers;
                    let entered = self.scenario.unit_ids().any(|u| s.unit(u).pos == Pos::Hex(f.target));
                    if f.kind == FightKind::Overrun && vacated && !retreated && !entered {
                        // 6.2a: the overrunning units must enter the emptied hex.
                        let movers: Units = attackers.iter().copied().filter(|&u| s.hex_of(u).is_some()).collect();
                        for &u in &movers {
                            s.place(u, f.target);
                        }
                        if let Some(&u) = movers.first() {
                            let side = self.scenario.unit(u).side;
                            self.take_control(s, side, f.target);
                            ev.say("SCS 6.2a", || {
                                let n = self.names(&movers);
                                Text::new(
                                    format!("{} enter the overrun hex {}", n.en, self.label(f.target)),
                                    format!("{} входят в гекс атаки с ходу {}", n.ru, self.label(f.target)),
                                )
                            });
                        }
                    }
                    if f.kind == FightKind::Attack && vacated && !retreated {
                        let b = self.stacks(s);
                        if attackers.iter().any(|&u| self.check_advance_unit(s, &b, u).is_ok()) {
                            return;
                        }
                    }
                    s.fight = None;
                    return;
                }
            }
        }
    }

    fn retreaters(&self, s: &State, units: &[UnitId], hexes: u8) -> ArrayVec<[Retreating; MAX_UNITS_A_SIDE]> {
        if hexes == 0 {
            return ArrayVec::new();
        }
        units.iter().filter_map(|&u| s.hex_of(u).map(|origin| Retreating { unit: u, origin, left: hexes })).collect()
    }

    /// Hexes `u` may retreat into now (7.0 authored): adjacent, each one
    /// farther from the hex it retreats from, not held by the enemy, not
    /// prohibited; off the map is no hex (3.3c).
    pub fn retreat_hexes(&self, s: &State, b: &Board, u: UnitId) -> Vec<HexId> {
        self.retreat_hexes_iter(s, b, u).collect()
    }

    /// [`Scs::retreat_hexes`], in the same order, without collecting.
    fn retreat_hexes_iter<'a>(&'a self, s: &State, b: &'a Board, u: UnitId) -> impl Iterator<Item = HexId> + 'a {
        let from = s.fight.as_ref().and_then(|f| f.retreating.iter().find(|r| r.unit == u && r.left > 0));
        let at = from.and_then(|r| s.hex_of(u).map(|h| (r.origin, h)));
        let grid = &self.map().grid;
        let spec = self.scenario.unit(u);
        at.into_iter().flat_map(move |(origin, h)| {
            let here = grid.distance(origin, h);
            self.map().around(h).map(|(_, x)| x).filter(move |&x| {
                grid.distance(origin, x) == here + 1
                    && b.holder(x) != Some(spec.side.other())
                    && self.enterable(spec.class, h, x)
            })
        })
    }

    /// A stack that cannot complete its retreat is eliminated (7.0 authored).
    fn eliminate_stuck(&self, s: &mut State, ev: &mut Events) {
        loop {
            let b = self.stacks(s);
            let Some(f) = &s.fight else { return };
            let stuck = f
                .retreating
                .iter()
                .find(|r| {
                    r.left > 0
                        && (s.hex_of(r.unit).is_none() || self.retreat_hexes_iter(s, &b, r.unit).next().is_none())
                })
                .map(|r| r.unit);
            let Some(u) = stuck else { return };
            if s.hex_of(u).is_some() {
                ev.say("SCS 7.0", || {
                    let n = &self.scenario.unit(u).name;
                    Text::new(
                        format!("{} cannot retreat and is eliminated", n.en),
                        format!("{} не может отступить и уничтожен", n.ru),
                    )
                });
                self.eliminate(s, u, "SCS 7.0", ev);
            }
            if let Some(f) = s.fight.as_mut() {
                f.retreating.retain(|r| r.unit != u);
            }
        }
    }

    pub(crate) fn check_lose(&self, s: &State, side: Side, u: UnitId) -> Result<(), Illegal> {
        if s.overstack.is_some()
            || !matches!(s.fight.as_ref().map(|f| f.stage), Some(Stage::AttackerLosses | Stage::DefenderLosses))
        {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "no step losses are owed now",
                "сейчас потери шагами не причитаются",
            ));
        }
        if self.fight_side(s) != Some(side) || !self.loss_candidates(s).contains(&u) {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "the owner takes the steps owed from his units in this fight (zero-strength ones included)",
                "владелец снимает причитающиеся шаги со своих подразделений этого боя (включая с нулевой силой)",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_lose(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        self.lose_step(s, u, "SCS 7.0", ev);
        if let Some(f) = s.fight.as_mut() {
            f.owed = f.owed.saturating_sub(1);
        }
        self.resolve(s, ev);
    }

    pub(crate) fn check_retreat(&self, s: &State, side: Side, b: &Board, u: UnitId, to: HexId) -> Result<(), Illegal> {
        if s.overstack.is_some()
            || !matches!(s.fight.as_ref().map(|f| f.stage), Some(Stage::DefenderRetreat | Stage::AttackerRetreat))
        {
            return Err(Illegal::fixed("SCS 7.0", "no retreat is owed now", "сейчас отступление не причитается"));
        }
        if self.fight_side(s) != Some(side)
            || !s.fight.as_ref().is_some_and(|f| f.retreating.iter().any(|r| r.unit == u && r.left > 0))
        {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "this unit owes no retreat",
                "этому подразделению не нужно отступать",
            ));
        }
        if !self.retreat_hexes_iter(s, b, u).any(|x| x == to) {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "each hex of a retreat must be adjacent and farther from the hex retreated from, not held by the enemy nor prohibited",
                "каждый гекс отступления — соседний и дальше от исходного гекса, не занятый врагом и не запрещённый",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_retreat(&self, s: &mut State, b: &Board, u: UnitId, to: HexId, ev: &mut Events) {
        let side = self.scenario.unit(u).side;
        let from = s.hex_of(u).expect("a retreating unit is on the map");
        let f = s.fight.as_mut().expect("checked: a retreat stage");
        let total =
            if f.stage == Stage::AttackerRetreat { f.side_result(true).retreat } else { f.side_result(false).retreat };
        let r = f.retreating.iter_mut().find(|r| r.unit == u).expect("checked: retreating");
        r.left -= 1;
        let (origin, walked) = (r.origin, total - r.left);
        let pay = b.ezoc(side, to) && !f.paid.contains(&(origin, to, walked));
        if pay {
            f.paid.push((origin, to, walked));
        }
        s.place(u, to);
        self.take_control(s, side, to);
        ev.say("SCS 7.0", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} retreats {} → {}", n.en, self.label(from), self.label(to)),
                format!("{} отступает {} → {}", n.ru, self.label(from), self.label(to)),
            )
        });
        if pay {
            // 2.1d: one step per stack for each enemy-ZOC hex retreated into.
            self.lose_step(s, u, "SCS 2.1d", ev);
        }
        if let Some(f) = s.fight.as_mut() {
            f.retreating.retain(|r| r.left > 0 && s.units[r.unit.index()].pos != Pos::Eliminated);
        }
        self.resolve(s, ev);
    }

    fn check_advance_unit(&self, s: &State, b: &Board, u: UnitId) -> Result<(), Illegal> {
        let f = s.fight.as_ref().ok_or(Illegal::fixed(
            "SCS 10.0",
            "there is no advance after combat now",
            "сейчас нет продвижения после боя",
        ))?;
        if f.stage != Stage::Advance || f.kind != FightKind::Attack {
            return Err(Illegal::fixed(
                "SCS 10.0",
                "there is no advance after combat now",
                "сейчас нет продвижения после боя",
            ));
        }
        let Some(h) = s.hex_of(u) else {
            return Err(Illegal::fixed(
                "SCS 10.0",
                "only surviving attackers advance",
                "продвигаются только уцелевшие атакующие",
            ));
        };
        if !f.attackers.contains(&u) || h == f.target {
            return Err(Illegal::fixed(
                "SCS 10.0",
                "only the units that attacked advance, into the vacated hex (authored)",
                "продвигаются только атаковавшие подразделения, в освободившийся гекс (авторское)",
            ));
        }
        let spec = self.scenario.unit(u);
        if !self.enterable(spec.class, h, f.target) {
            return Err(Illegal::fixed("SCS 3.2d", "prohibited terrain", "запрещённая местность"));
        }
        if b.points(f.target) + u16::from(spec.stacking_points(s.unit(u).lost)) > u16::from(self.scenario.stacking) {
            return Err(Illegal::fixed(
                "SCS 4.0a",
                "stacking is checked during advance after combat: the hex would be over the limit",
                "группирование проверяется при продвижении: лимит в гексе был бы превышен",
            ));
        }
        Ok(())
    }

    pub(crate) fn check_advance(&self, s: &State, side: Side, b: &Board, u: UnitId) -> Result<(), Illegal> {
        if s.overstack.is_some() || self.fight_side(s) != Some(side) {
            return Err(Illegal::fixed(
                "SCS 10.0",
                "there is no advance after combat now",
                "сейчас нет продвижения после боя",
            ));
        }
        self.check_advance_unit(s, b, u)
    }

    /// 10.0: the unit enters the vacated hex; enemy ZOCs do not stop it (2.1e).
    pub(crate) fn do_advance(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        let target = s.fight.as_ref().expect("checked").target;
        let side = self.scenario.unit(u).side;
        s.place(u, target);
        self.take_control(s, side, target);
        ev.say("SCS 10.0", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} advances into {}", n.en, self.label(target)),
                format!("{} продвигается в {}", n.ru, self.label(target)),
            )
        });
        self.resolve(s, ev);
    }

    /// Ends the advance after combat.
    pub(crate) fn end_advance(&self, s: &mut State) {
        s.fight = None;
    }

    /// Candidate actions while a fight is resolved (a superset).
    pub(crate) fn resolution_candidates(&self, s: &State, b: &Board, out: &mut Vec<Action>) {
        let Some(f) = &s.fight else { return };
        match f.stage {
            Stage::Forming => {}
            Stage::Declared => out.push(Action::Roll),
            Stage::AttackerLosses | Stage::DefenderLosses => {
                out.extend(self.loss_candidates(s).into_iter().map(Action::Lose))
            }
            Stage::DefenderRetreat | Stage::AttackerRetreat => {
                for r in &f.retreating {
                    out.extend(self.retreat_hexes_iter(s, b, r.unit).map(|h| Action::Retreat(r.unit, h)));
                }
            }
            Stage::Advance => {
                out.push(Action::End);
                out.extend(f.attackers.iter().map(|&u| Action::Advance(u)));
            }
        }
    }
}
