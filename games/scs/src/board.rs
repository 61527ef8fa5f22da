//! Who stands where, and whose zones of control cover which hexes: built
//! once per decision from the state and shared by every check.

use crate::state::{Pos, State};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;

/// What the board holds in one hex.
#[derive(Copy, Clone, Default)]
struct Cell {
    /// The side holding it, if any.
    holder: Option<Side>,
    /// Units in it.
    count: u8,
    /// Stacking points in it (4.0).
    points: u16,
    /// In the ZOC of side 0's units (bit 0), side 1's (bit 1) (2.0).
    zoc: u8,
}

/// Occupancy and zones of control of one state.
///
/// Cost: O(hexes + units × 6) to build (one vector of the grid's size).
pub struct Board {
    cells: Vec<Cell>,
}

impl Board {
    /// The side holding `h`.
    pub fn holder(&self, h: HexId) -> Option<Side> {
        self.cells[h.index()].holder
    }
    /// Stacking points in `h`.
    pub fn points(&self, h: HexId) -> u16 {
        self.cells[h.index()].points
    }
    /// Units in `h`.
    pub fn count(&self, h: HexId) -> u8 {
        self.cells[h.index()].count
    }
    /// Whether `h` is in the ZOC of `side`'s units: an enemy ZOC for the
    /// other side (2.0, 2.1g: several ZOCs count as one).
    pub fn zoc_of(&self, side: Side, h: HexId) -> bool {
        self.cells[h.index()].zoc & (1 << side.index()) != 0
    }
    /// Whether `h` is in an enemy ZOC for `side`.
    pub fn ezoc(&self, side: Side, h: HexId) -> bool {
        self.zoc_of(side.other(), h)
    }
}

impl Scs {
    /// Builds the [`Board`] of a state.
    pub fn board(&self, s: &State) -> Board {
        let mut cells = vec![Cell::default(); self.map().grid.len()];
        for u in self.scenario.unit_ids() {
            let us = s.unit(u);
            let Pos::Hex(h) = us.pos else { continue };
            let spec = self.scenario.unit(u);
            let c = &mut cells[h.index()];
            c.holder = Some(spec.side);
            c.points += u16::from(spec.stacking_points(us.lost));
            c.count = c.count.saturating_add(1);
            if spec.has_zoc(us.lost) {
                // 2.0b: the hexes next to it that it could enter in normal movement.
                for (_, x) in self.map().grid.neighbors(h) {
                    if self.enterable(spec.class, h, x) {
                        cells[x.index()].zoc |= 1 << spec.side.index();
                    }
                }
            }
        }
        Board { cells }
    }

    /// The units in hex `h`, top first (4.0c: the top is the highest in
    /// stack order among those that may head the stack). O(units).
    pub fn stack(&self, s: &State, h: HexId) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = self.scenario.unit_ids().filter(|&u| s.unit(u).pos == Pos::Hex(h)).collect();
        v.sort_by_key(|&u| std::cmp::Reverse(self.stack_key(s, u)));
        v
    }

    /// The top unit of hex `h` (the one the enemy sees, fog of war).
    pub fn top(&self, s: &State, h: HexId) -> Option<UnitId> {
        self.scenario.unit_ids().filter(|&u| s.unit(u).pos == Pos::Hex(h)).max_by_key(|&u| self.stack_key(s, u))
    }

    /// The top unit of every hex, by hex index. O(units + hexes).
    pub fn tops(&self, s: &State) -> Vec<Option<UnitId>> {
        let mut best: Vec<Option<(bool, u32, UnitId)>> = vec![None; self.map().grid.len()];
        for u in self.scenario.unit_ids() {
            if let Pos::Hex(h) = s.unit(u).pos {
                let (head, order) = self.stack_key(s, u);
                let slot = &mut best[h.index()];
                if slot.is_none_or(|(bh, bo, _)| (head, order) > (bh, bo)) {
                    *slot = Some((head, order, u));
                }
            }
        }
        best.into_iter().map(|b| b.map(|(_, _, u)| u)).collect()
    }

    fn stack_key(&self, s: &State, u: UnitId) -> (bool, u32) {
        (self.scenario.unit(u).may_head(s.unit(u).lost), s.unit(u).order)
    }
}
