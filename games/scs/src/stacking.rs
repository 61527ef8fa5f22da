//! 4.0 Stacking: the limit checked at the end of every phase (the owner
//! eliminates the excess, 4.0a), and the order of a stack (4.0c).

use crate::board::Board;
use crate::state::{Phase, Pos, State};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Events, Illegal, Text};

impl Scs {
    /// Whether any hex of `side` is over the stacking limit: whether
    /// [`Scs::overstacked`] has any, without collecting them. O(units).
    pub(crate) fn any_overstacked(&self, s: &State, b: &Board, side: Side) -> bool {
        self.scenario
            .unit_ids()
            .filter(|&u| self.scenario.unit(u).side == side)
            .filter_map(|u| s.hex_of(u))
            .any(|h| b.points(h) > u16::from(self.scenario.stacking))
    }

    /// The hexes of `side` over the stacking limit.
    pub fn overstacked(&self, s: &State, b: &Board, side: Side) -> Vec<HexId> {
        let mut v: Vec<HexId> = self
            .scenario
            .unit_ids()
            .filter(|&u| self.scenario.unit(u).side == side)
            .filter_map(|u| s.hex_of(u))
            .filter(|&h| b.points(h) > u16::from(self.scenario.stacking))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    pub(crate) fn check_eliminate(&self, s: &State, side: Side, b: &Board, u: UnitId) -> Result<(), Illegal> {
        if s.overstack != Some(side) {
            return Err(Illegal::fixed(
                "SCS 4.0a",
                "units are eliminated this way only for overstacking at a stacking check",
                "так уничтожаются подразделения только при превышении группирования при проверке",
            ));
        }
        let ok = self.scenario.unit(u).side == side
            && s.hex_of(u).is_some_and(|h| b.points(h) > u16::from(self.scenario.stacking));
        if !ok {
            return Err(Illegal::fixed(
                "SCS 4.0a",
                "choose a unit in one of your overstacked hexes",
                "выберите подразделение в одном из своих гексов с превышением",
            ));
        }
        Ok(())
    }

    /// 4.0a: the owner eliminates units of his choice until within the limit.
    pub(crate) fn do_eliminate(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        ev.say("SCS 4.0a", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} eliminated for overstacking", n.en),
                format!("{} уничтожен из-за превышения группирования", n.ru),
            )
        });
        self.eliminate(s, u, "SCS 4.0a", ev);
        let side = self.scenario.unit(u).side;
        if !self.any_overstacked(s, &self.stacks(s), side) {
            s.overstack = None;
            self.end_phase(s, ev);
        }
    }

    pub(crate) fn check_top(&self, s: &State, side: Side, b: &Board, u: UnitId) -> Result<(), Illegal> {
        let phase = matches!(s.phase, Phase::Movement | Phase::Combat | Phase::Exploitation);
        if s.player != side || !phase || s.overstack.is_some() || s.fight.is_some() || b.any_arriving() {
            return Err(Illegal::fixed(
                "SCS 4.0c",
                "you arrange your stacks in your own phases",
                "порядок своих группировок меняют в свои фазы",
            ));
        }
        let spec = self.scenario.unit(u);
        let Some(h) = s.hex_of(u).filter(|_| spec.side == side) else {
            return Err(Illegal::fixed("SCS 4.0c", "not your unit on the map", "это не ваше подразделение на карте"));
        };
        if b.count(h) < 2 || self.top_on(s, b, h, true) == Some(u) {
            return Err(Illegal::fixed(
                "SCS 4.0c",
                "the unit is already on top of its stack",
                "подразделение уже наверху группировки",
            ));
        }
        // Only when the stack has a unit that may head it (4.0c: "if there
        // is one"); a stack of units without attack may be ordered freely.
        let headed = b.units_in(h).any(|v| self.scenario.unit(v).may_head(s.unit(v).lost));
        if !spec.may_head(s.unit(u).lost) && headed {
            return Err(Illegal::fixed(
                "SCS 4.0c",
                "the top of a stack must be a combat unit with attack 1 or more when the stack has one",
                "наверху группировки должно быть боевое подразделение с атакой от 1, если такое в ней есть",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_top(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        let h = s.hex_of(u).expect("checked: on the map");
        s.place(u, h);
        ev.say("SCS 4.0c", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} now heads its stack in {}", n.en, self.label(h)),
                format!("{} теперь наверху группировки в {}", n.ru, self.label(h)),
            )
        });
    }

    /// Every unit of a side that is on the map, by id.
    pub(crate) fn on_map<'a>(&'a self, s: &'a State, side: Side) -> impl Iterator<Item = UnitId> + 'a {
        self.scenario
            .unit_ids()
            .filter(move |&u| self.scenario.unit(u).side == side && matches!(s.unit(u).pos, Pos::Hex(_)))
    }
}
