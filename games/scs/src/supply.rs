//! 12.0 Supply (*authored*): checked in the Supply Phase at the end of each
//! player turn. A line runs from a source the scenario defines to the unit
//! through hexes free of enemy units and of enemy ZOC — unless a friendly
//! unit stands there (2.1f, 2.1h) — never through terrain prohibited to
//! every movement class; a source may limit its length.

use crate::board::Board;
use crate::charts::Cost;
use crate::map::NO_HEX;
use crate::state::{Pos, State};
use crate::tables::SUPPLY_OPEN;
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Events, SeatSet, Text};

/// In a supply search's `reach`: a hex asked about.
const WANTED: u8 = 1;
/// In a supply search's `reach`: a hex in supply.
const REACHED: u8 = 2;

impl Scs {
    /// Whether a supply line may pass through `h` for `side`. O(1).
    fn supply_passable(&self, b: &Board, side: Side, h: HexId) -> bool {
        let friendly = b.holder(h) == Some(side);
        let enemy = b.holder(h) == Some(side.other());
        !enemy && (friendly || !b.ezoc(side, h)) && self.tables.supply[h.index()] & SUPPLY_OPEN != 0
    }

    /// Whether `h`'s terrain lets a supply line in: not prohibited to every
    /// class (read once, into the tables).
    pub(crate) fn supply_terrain_open(&self, h: HexId) -> bool {
        let t = &self.scenario.charts.terrain[usize::from(*self.map().terrain.get(h))];
        t.cost.iter().any(|&c| c != Cost::Prohibited)
    }

    /// Whether a line may cross between two adjacent hexes: a hexside
    /// prohibited to every class blocks it unless a road crosses it (read
    /// once, into the tables).
    pub(crate) fn supply_crosses(&self, a: HexId, b: HexId) -> bool {
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
        let mut reach = vec![0u8; self.map().grid.len()];
        self.supply_into(b, side, &mut reach, usize::MAX);
        reach.into_iter().map(|r| r & REACHED != 0).collect()
    }

    /// [`Scs::supplied_hexes`] into `reach` (one byte per hex: [`REACHED`]
    /// once in supply), on the stack: the search's distances and queue are
    /// arrays of the most hexes a grid may have (`sandtable_board::MAX_HEXES`,
    /// checked when the map loads). The sources of any length are searched
    /// together (what they reach is the union of what each reaches), then
    /// each limited one alone. The search stops once `wanted` hexes marked
    /// [`WANTED`] are reached: the rest cannot change what is asked.
    fn supply_into(&self, b: &Board, side: Side, reach: &mut [u8], mut wanted: usize) {
        const N: usize = sandtable_board::MAX_HEXES as usize;
        let n = self.map().grid.len();
        let mut dist = [u16::MAX; N];
        let mut queue = [HexId::from_index(0); N];
        let sources = &self.scenario.supply[side.index()];
        // Gives whether every wanted hex is reached.
        let mut search = |range: Option<u16>, starts: &mut dyn Iterator<Item = &HexId>| {
            dist[..n].fill(u16::MAX);
            // Each hex is queued once at most (its distance is set then).
            let (mut head, mut tail) = (0, 0);
            for &h in starts {
                if self.supply_passable(b, side, h) && dist[h.index()] == u16::MAX {
                    dist[h.index()] = 0;
                    queue[tail] = h;
                    tail += 1;
                }
            }
            while head < tail {
                let h = queue[head];
                head += 1;
                let r = &mut reach[h.index()];
                if *r == WANTED {
                    wanted -= 1;
                    if wanted == 0 {
                        *r |= REACHED;
                        return true;
                    }
                }
                *r |= REACHED;
                let d = dist[h.index()];
                if range.is_some_and(|r| d >= r) {
                    continue;
                }
                let crosses = self.tables.supply[h.index()];
                for (i, &x) in self.map().adj[h.index()].iter().enumerate() {
                    if x.index() == NO_HEX || crosses & (1 << i) == 0 || dist[x.index()] != u16::MAX {
                        continue;
                    }
                    if self.supply_passable(b, side, x) {
                        dist[x.index()] = d + 1;
                        queue[tail] = x;
                        tail += 1;
                    }
                }
            }
            false
        };
        if sources.iter().any(|src| src.range.is_none())
            && search(None, &mut sources.iter().filter(|src| src.range.is_none()).flat_map(|src| &src.hexes))
        {
            return;
        }
        for src in sources.iter().filter(|src| src.range.is_some()) {
            if search(src.range, &mut src.hexes.iter()) {
                return;
            }
        }
    }

    /// The Supply Phase (1.0, 12.0 authored): the phasing player's units
    /// are marked in or out of supply; their owner reads which. The search
    /// stops once every hex holding one of them is found in supply.
    pub(crate) fn supply_phase(&self, s: &mut State, ev: &mut Events) {
        const N: usize = sandtable_board::MAX_HEXES as usize;
        let side = s.player;
        let mut reach = [0u8; N];
        let mut wanted = 0;
        for u in self.scenario.unit_ids().filter(|&u| self.scenario.unit(u).side == side) {
            if let Pos::Hex(h) = s.unit(u).pos {
                if reach[h.index()] == 0 {
                    reach[h.index()] = WANTED;
                    wanted += 1;
                }
            }
        }
        if wanted > 0 {
            self.supply_into(&self.board(s), side, &mut reach, wanted);
        }
        // The units out of supply, by index (at most `MAX_UNITS`).
        let mut out = 0u128;
        for u in self.scenario.unit_ids().filter(|&u| self.scenario.unit(u).side == side) {
            if let Pos::Hex(h) = s.unit(u).pos {
                let oos = reach[h.index()] & REACHED == 0;
                s.unit_mut(u).out_of_supply = oos;
                if oos {
                    out |= 1 << u.index();
                }
            }
        }
        ev.say_to(SeatSet::one(side.seat()), "SCS 12.0", || {
            if out == 0 {
                Text::fixed(
                    "Supply Phase: all your units are in supply",
                    "фаза снабжения: все ваши подразделения в снабжении",
                )
            } else {
                let out: Vec<UnitId> = self.scenario.unit_ids().filter(|u| out & (1 << u.index()) != 0).collect();
                let n = self.names(&out);
                Text::new(
                    format!("Supply Phase: out of supply: {}", n.en),
                    format!("фаза снабжения: без снабжения: {}", n.ru),
                )
            }
        });
    }
}
