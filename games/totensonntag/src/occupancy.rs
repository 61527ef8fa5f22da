//! Who stands where, computed from the state on demand (never stored: it is
//! derivable, and keeping it in the state would tax every clone).

use crate::state::{Pos, State};
use crate::unit::{Side, UnitId};
use crate::Totensonntag;
use sandtable_board::HexId;
use tinyvec::{ArrayVec, TinyVec};

/// Hexes whose table stays inline (on the stack): the shipped map has 306;
/// a bigger map of a scenario file puts its table on the heap.
const INLINE_HEXES: usize = 512;

/// What one hex holds.
#[derive(Copy, Clone, Default)]
struct Cell {
    /// Units by side.
    count: [u8; 2],
    /// The top unit's index plus one (0: empty).
    top: u8,
}

/// Per-hex unit counts by side and the top unit of each stack. Building it
/// costs O(hexes + units) and no heap allocation on maps up to 512 hexes;
/// queries are O(1) or O(6).
pub struct Occupancy {
    cells: TinyVec<[Cell; INLINE_HEXES]>,
}

impl Occupancy {
    /// The occupancy of `state`.
    pub fn of(rules: &Totensonntag, state: &State) -> Occupancy {
        let n = rules.map.grid.len();
        // Set the length at once: filling cell by cell costs more than the rest.
        let mut cells: TinyVec<[Cell; INLINE_HEXES]> = if n <= INLINE_HEXES {
            TinyVec::Inline(ArrayVec::from_array_len([Cell::default(); INLINE_HEXES], n))
        } else {
            TinyVec::Heap(vec![Cell::default(); n])
        };
        let table = cells.as_mut_slice();
        for u in rules.scenario.unit_ids() {
            let us = state.unit(u);
            if let Pos::Hex(h) = us.pos {
                let c = &mut table[h.index()];
                c.count[rules.side(u).index()] += 1;
                // 4.0: the unit placed last (highest order) is on top.
                if c.top == 0 || us.order > state.units[usize::from(c.top - 1)].order {
                    c.top = u.0 + 1;
                }
            }
        }
        Occupancy { cells }
    }

    /// Units of `side` in `hex`.
    pub fn count(&self, hex: HexId, side: Side) -> u8 {
        self.cells[hex.index()].count[side.index()]
    }

    /// The side holding `hex`, if any (never both: units cannot enter enemy hexes).
    pub fn holder(&self, hex: HexId) -> Option<Side> {
        let [a, b] = self.cells[hex.index()].count;
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
        match self.cells[hex.index()].top {
            0 => None,
            t => Some(UnitId(t - 1)),
        }
    }

    /// Whether `hex` lies in a zone of control of `side`'s enemy (5.0): an
    /// enemy unit stands in one of its six neighbours. Terrain does not matter.
    pub fn in_enemy_zoc(&self, rules: &Totensonntag, hex: HexId, side: Side) -> bool {
        rules.map.grid.neighbors(hex).any(|(_, n)| self.count(n, side.other()) > 0)
    }
}
