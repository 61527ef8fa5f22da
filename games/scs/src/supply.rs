//! 12.0 Supply (*authored*): checked in the Supply Phase at the end of each
//! player turn. A line runs from a source the scenario defines to the unit
//! through hexes free of enemy units and of enemy ZOC — unless a friendly
//! unit stands there (2.1f, 2.1h) — never through terrain prohibited to
//! every movement class; a source may limit its length.

use crate::board::Board;
use crate::charts::Cost;
use crate::state::{Pos, State};
use crate::unit::Side;
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Events, SeatSet, Text};
use std::collections::VecDeque;

impl Scs {
    /// Whether a supply line may pass through `h` for `side`.
    fn supply_passable(&self, b: &Board, side: Side, h: HexId) -> bool {
        let friendly = b.holder(h) == Some(side);
        let enemy = b.holder(h) == Some(side.other());
        let t = &self.scenario.charts.terrain[usize::from(*self.map().terrain.get(h))];
        !enemy && (friendly || !b.ezoc(side, h)) && t.cost.iter().any(|&c| c != Cost::Prohibited)
    }

    /// Whether a line may cross between two adjacent hexes: a hexside
    /// prohibited to every class blocks it unless a road crosses it.
    fn supply_crosses(&self, a: HexId, b: HexId) -> bool {
        let map = self.map();
        if map.road(a, b).is_some() {
            return true;
        }
        match map.hexside(a, b) {
            Some(f) => self.scenario.charts.hexsides[usize::from(f)].cost.iter().any(|&c| c != Cost::Prohibited),
            None => true,
        }
    }

    /// Every hex in supply for `side`: a breadth-first search from each
    /// source. Cost: O(sources × hexes × 6).
    pub fn supplied_hexes(&self, b: &Board, side: Side) -> Vec<bool> {
        let grid = &self.map().grid;
        let mut ok = vec![false; grid.len()];
        for src in &self.scenario.supply[side.index()] {
            let mut dist = vec![u16::MAX; grid.len()];
            let mut q = VecDeque::new();
            for &h in &src.hexes {
                if self.supply_passable(b, side, h) && dist[h.index()] == u16::MAX {
                    dist[h.index()] = 0;
                    q.push_back(h);
                }
            }
            while let Some(h) = q.pop_front() {
                ok[h.index()] = true;
                let d = dist[h.index()];
                if src.range.is_some_and(|r| d >= r) {
                    continue;
                }
                for (_, x) in grid.neighbors(h) {
                    if dist[x.index()] == u16::MAX && self.supply_crosses(h, x) && self.supply_passable(b, side, x) {
                        dist[x.index()] = d + 1;
                        q.push_back(x);
                    }
                }
            }
        }
        ok
    }

    /// The Supply Phase (1.0, 12.0 authored): the phasing player's units
    /// are marked in or out of supply; their owner reads which.
    pub(crate) fn supply_phase(&self, s: &mut State, ev: &mut Events) {
        let side = s.player;
        let b = self.board(s);
        let ok = self.supplied_hexes(&b, side);
        let mut out = Vec::new();
        for u in self.scenario.unit_ids().filter(|&u| self.scenario.unit(u).side == side) {
            if let Pos::Hex(h) = s.unit(u).pos {
                let oos = !ok[h.index()];
                s.unit_mut(u).out_of_supply = oos;
                if oos {
                    out.push(u);
                }
            }
        }
        ev.say_to(SeatSet::one(side.seat()), "SCS 12.0", || {
            if out.is_empty() {
                Text::fixed(
                    "Supply Phase: all your units are in supply",
                    "фаза снабжения: все ваши подразделения в снабжении",
                )
            } else {
                let n = self.names(&out);
                Text::new(
                    format!("Supply Phase: out of supply: {}", n.en),
                    format!("фаза снабжения: без снабжения: {}", n.ru),
                )
            }
        });
    }
}
