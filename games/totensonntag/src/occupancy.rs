//! Who stands where, computed from the state on demand (never stored: it is
//! derivable, and keeping it in the state would tax every clone).

use crate::state::{Pos, State};
use crate::unit::{Side, UnitId};
use crate::Totensonntag;
use sandtable_board::HexId;

/// Per-hex unit counts by side and the top unit of each stack.
/// Building it costs O(hexes + units); queries are O(1) or O(6).
pub struct Occupancy {
    count: Vec<[u8; 2]>,
    top: Vec<Option<(u16, UnitId)>>,
}

impl Occupancy {
    /// The occupancy of `state`.
    pub fn of(rules: &Totensonntag, state: &State) -> Occupancy {
        let n = rules.map.grid.len();
        let mut count = vec![[0u8; 2]; n];
        let mut top: Vec<Option<(u16, UnitId)>> = vec![None; n];
        for u in rules.scenario.unit_ids() {
            let us = state.unit(u);
            if let Pos::Hex(h) = us.pos {
                count[h.index()][rules.side(u).index()] += 1;
                let t = &mut top[h.index()];
                if t.is_none_or(|(o, _)| us.order > o) {
                    *t = Some((us.order, u));
                }
            }
        }
        Occupancy { count, top }
    }

    /// Units of `side` in `hex`.
    pub fn count(&self, hex: HexId, side: Side) -> u8 {
        self.count[hex.index()][side.index()]
    }

    /// The side holding `hex`, if any (never both: units cannot enter enemy hexes).
    pub fn holder(&self, hex: HexId) -> Option<Side> {
        let [a, b] = self.count[hex.index()];
        if a > 0 {
            Some(Side::Axis)
        } else if b > 0 {
            Some(Side::Allies)
        } else {
            None
        }
    }

    /// The top unit of the stack in `hex` (7.1: the only one an attack or overrun may hit).
    pub fn top(&self, hex: HexId) -> Option<UnitId> {
        self.top[hex.index()].map(|(_, u)| u)
    }

    /// Whether `hex` lies in a zone of control of `side`'s enemy (5.0): an
    /// enemy unit stands in one of its six neighbours. Terrain does not matter.
    pub fn in_enemy_zoc(&self, rules: &Totensonntag, hex: HexId, side: Side) -> bool {
        rules.map.grid.neighbors(hex).any(|(_, n)| self.count(n, side.other()) > 0)
    }
}
