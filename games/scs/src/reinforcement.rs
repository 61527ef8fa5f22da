//! 5.0 Reinforcements, and the set-up placements of units given "within N"
//! (set-up notes 1, 2 and 5).

use crate::action::Action;
use crate::board::Board;
use crate::state::{Phase, Pos, State};
use crate::unit::{Side, Start, UnitId};
use crate::Scs;
use sandtable_board::{HexId, MapEdge};
use sandtable_core::{Events, Illegal, Text};

/// 5.0c: with every entry hex on a map edge blocked, reinforcements enter
/// within this many hexes of them along that edge.
pub const EDGE_DETOUR: u16 = 10;
/// 5.0c: with an entry hex inside the map blocked, within this many hexes.
pub const INNER_DETOUR: u16 = 5;

impl Scs {
    /// Reinforcements of the phasing side that must be placed now (5.0:
    /// at the start of its Movement Phase; arrival cannot be delayed). One
    /// with no hex to enter at all (every entry hex and every hex 5.0c
    /// allows held by the enemy) waits for a turn when one is free
    /// (*authored*). The checks read them from the [`Board`], which finds
    /// them as it is built. Cost: a board in the Movement Phase.
    pub fn arriving(&self, s: &State) -> Vec<UnitId> {
        if s.phase != Phase::Movement {
            return Vec::new();
        }
        self.board(s).arriving().collect()
    }

    /// Units the side in set-up still has to place.
    pub fn unplaced<'a>(&'a self, s: &'a State, side: Side) -> impl Iterator<Item = UnitId> + 'a {
        self.scenario.unit_ids().filter(move |&u| {
            s.unit(u).pos == Pos::Off
                && self.scenario.unit(u).side == side
                && matches!(self.scenario.unit(u).start, Start::Within { .. })
        })
    }

    /// The hexes a reinforcement may be placed in now (5.0, 5.0c).
    pub fn entry_hexes(&self, b: &Board, u: UnitId) -> Vec<HexId> {
        let mut out = Vec::new();
        self.for_each_entry_hex(b, u, |h| {
            out.push(h);
            true
        });
        out
    }

    /// Whether `u` has a hex to enter now. O(entry hexes); O(hexes ×
    /// entry hexes) when the enemy blocks them all.
    pub(crate) fn has_entry_hex(&self, b: &Board, u: UnitId) -> bool {
        let mut any = false;
        self.for_each_entry_hex(b, u, |_| {
            any = true;
            false
        });
        any
    }

    /// Calls `f` on each hex `u` may be placed in now, in the order of
    /// [`Scs::entry_hexes`], while `f` returns `true`. No allocation.
    fn for_each_entry_hex(&self, b: &Board, u: UnitId, mut f: impl FnMut(HexId) -> bool) {
        let spec = self.scenario.unit(u);
        let Start::Arrives { entry, .. } = &spec.start else { return };
        let grid = &self.map().grid;
        let free = |h: HexId| b.holder(h) != Some(spec.side.other()) && !self.prohibited_hex(spec.class, h);
        if entry.iter().any(|&h| free(h)) {
            for &h in entry.iter().filter(|&&h| free(h)) {
                if !f(h) {
                    return;
                }
            }
            return;
        }
        // 5.0c: every entry hex blocked by enemy units. Each hex once, by id.
        const EDGES: [MapEdge; 4] = [MapEdge::North, MapEdge::South, MapEdge::East, MapEdge::West];
        let detour = |e: HexId, h: HexId| {
            if EDGES.iter().any(|&x| grid.on_edge(e, x)) {
                EDGES.iter().any(|&x| grid.on_edge(e, x) && grid.on_edge(h, x)) && grid.distance(e, h) <= EDGE_DETOUR
            } else {
                grid.distance(e, h) <= INNER_DETOUR
            }
        };
        for h in grid.ids() {
            if entry.iter().any(|&e| detour(e, h)) && free(h) && !f(h) {
                return;
            }
        }
    }

    /// The one hex `u` may enter now, if it has exactly one (5.0: then it
    /// is placed there without a decision).
    pub(crate) fn single_entry_hex(&self, b: &Board, u: UnitId) -> Option<HexId> {
        let (mut first, mut n) = (None, 0);
        self.for_each_entry_hex(b, u, |h| {
            first = first.or(Some(h));
            n += 1;
            n < 2
        });
        first.filter(|_| n == 1)
    }

    pub(crate) fn entry_candidates(&self, b: &Board, u: UnitId, out: &mut Vec<Action>) {
        self.for_each_entry_hex(b, u, |h| {
            out.push(Action::Enter(u, h));
            true
        });
    }

    pub(crate) fn check_enter(&self, s: &State, b: &Board, u: UnitId, h: HexId) -> Result<(), Illegal> {
        self.check_nothing_pending(s)?;
        if !b.is_arriving(u) {
            return Err(Illegal::fixed(
                "SCS 5.0",
                "only this turn's reinforcements of the phasing side are placed, at the start of its Movement Phase",
                "размещаются только подкрепления этого хода стороны, чья фаза идёт, в начале её фазы движения",
            ));
        }
        let mut found = false;
        self.for_each_entry_hex(b, u, |x| {
            found = x == h;
            !found
        });
        if !found {
            return Err(Illegal::fixed(
                "SCS 5.0c",
                "not an entry hex for it: its own entry hexes, or, when the enemy blocks all of them, a hex within 10 along that edge (5 for an entry hex inside the map)",
                "не гекс входа: его гексы входа, а если все заняты врагом — гекс в пределах 10 вдоль того края (5 для гекса внутри карты)",
            ));
        }
        Ok(())
    }

    /// 5.0: placed without MP, in supply, free to use its whole MA.
    pub(crate) fn do_enter(&self, s: &mut State, u: UnitId, h: HexId, ev: &mut Events) {
        s.place(u, h);
        let side = self.scenario.unit(u).side;
        let us = s.unit_mut(u);
        us.spent = 0;
        us.done = false;
        us.out_of_supply = false;
        // 5.0c: enemy ZOCs do not affect placement, and the unit did not
        // begin the phase in one (it was not on the map).
        us.began_in_ezoc = false;
        self.take_control(s, side, h);
        ev.say("SCS 5.0", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} arrives at {} (in supply, full MA)", n.en, self.label(h)),
                format!("{} прибывает в {} (в снабжении, полная ДД)", n.ru, self.label(h)),
            )
        });
    }

    /// The hexes a unit given "within N" may be set up in (note 1), with
    /// no hex over the stacking limit (note 2) or held by the enemy.
    pub(crate) fn check_place(&self, s: &State, b: &Board, side: Side, u: UnitId, h: HexId) -> Result<(), Illegal> {
        if s.phase != Phase::SetUp {
            return Err(Illegal::fixed(
                "SCS 1.0",
                "units are placed only in set-up",
                "подразделения расставляются только до начала игры",
            ));
        }
        // As `unplaced(s, side).any(|x| x == u)`, in O(1).
        let unplaced = u.index() < self.scenario.units.len()
            && s.unit(u).pos == Pos::Off
            && self.scenario.unit(u).side == side
            && matches!(self.scenario.unit(u).start, Start::Within { .. });
        if !unplaced {
            return Err(Illegal::fixed(
                "Set-up",
                "not one of your units still to be set up",
                "это не ваше подразделение, ожидающее расстановки",
            ));
        }
        let Start::Within { hex, hexes } = self.scenario.unit(u).start else {
            return Err(Illegal::fixed(
                "Set-up",
                "this unit sets up in a fixed hex",
                "это подразделение расставляется в заданном гексе",
            ));
        };
        if self.map().grid.distance(hex, h) > u16::from(hexes) {
            return Err(Illegal::new(
                "Set-up",
                Text::new(
                    format!("w/i {hexes}: within {hexes} hexes of {}, inclusive", self.label(hex)),
                    format!("w/i {hexes}: в пределах {hexes} гексов от {} включительно", self.label(hex)),
                ),
            ));
        }
        let spec = self.scenario.unit(u);
        if b.holder(h) == Some(side.other()) || self.prohibited_hex(spec.class, h) {
            return Err(Illegal::fixed(
                "Set-up",
                "a hex held by the enemy, or prohibited terrain for the unit",
                "гекс занят врагом или запрещён для подразделения",
            ));
        }
        if b.points(h) + u16::from(spec.stacking_points(0)) > u16::from(self.scenario.stacking) {
            return Err(Illegal::fixed(
                "Set-up",
                "note 2: units never start the game over the stacking limit",
                "примечание 2: подразделения не могут начинать игру с превышением лимита группирования",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_place(&self, s: &mut State, u: UnitId, h: HexId, ev: &mut Events) {
        s.place(u, h);
        let side = self.scenario.unit(u).side;
        self.take_control(s, side, h);
        ev.say("Set-up", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} set up in {}", n.en, self.label(h)),
                format!("{} расставлен в {}", n.ru, self.label(h)),
            )
        });
        if self.unplaced(s, side).next().is_none() {
            self.end_setup(s, ev);
        }
    }

    pub(crate) fn setup_candidates(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for u in self.unplaced(s, side) {
            if let Start::Within { hex, hexes } = self.scenario.unit(u).start {
                out.extend(self.map().within(hex, u16::from(hexes)).map(|h| Action::Place(u, h)));
            }
        }
    }
}
