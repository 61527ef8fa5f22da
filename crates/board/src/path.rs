//! Movement reachability over a hex grid with costs and forced stops.
//!
//! The rules of each game live in the caller's `step` closure: for a move
//! from one hex into an adjacent one it answers [`Step::Blocked`] or the
//! movement cost and whether the mover must stop there (enemy zone of
//! control, entering a swamp, ...). This module only runs the search.
//!
//! Because whether a mover must stop can depend on where it came from, one
//! hex can be reached both "stopped" and "still moving" at different costs.
//! The search therefore keeps two labels per hex and only continues from the
//! still-moving one; a cheap forced stop never hides a dearer route that can
//! go on.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::grid::{HexGrid, HexId};

/// The caller's answer for one move from a hex into an adjacent hex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The move is not allowed.
    Blocked,
    /// The move costs `cost` movement points; if `stop`, the mover must end
    /// its move in the entered hex.
    Enter {
        /// Movement points spent entering.
        cost: u16,
        /// Whether the mover must stop on entering.
        stop: bool,
    },
}

/// One reachable hex and the cheapest way of getting there.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reach {
    /// The hex.
    pub hex: HexId,
    /// Minimal movement points spent to get there. Can exceed the budget only
    /// for a minimum one-hex move (see [`reachable`]).
    pub spent: u16,
    /// Whether the cheapest arrival forces the mover to stop there.
    pub stopped: bool,
}

/// A cheapest route found by [`path_to`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Route {
    /// The hexes entered in order, starting with the start hex and ending
    /// with the goal.
    pub hexes: Vec<HexId>,
    /// Movement points spent along the route.
    pub spent: u16,
    /// Whether the mover must stop on arriving at the goal.
    pub stopped: bool,
}

/// Every hex a mover starting at `start` can reach with `budget` movement
/// points, each with its minimal cost, in ascending id order.
///
/// `step(from, to)` is asked about moves between adjacent on-map hexes, at
/// most once per ordered pair. The start is always included with `spent` 0.
/// A hex entered with `stop: true` is reachable but not moved on from.
///
/// With `min_one_step`, every hex adjacent to the start that is not
/// [`Step::Blocked`] is reachable even if its cost exceeds the budget (the
/// common rule "a unit may always move at least one hex"); such an arrival
/// reports its full cost as `spent` and `stopped: true`, since the move ends
/// there.
///
/// When a hex can be reached either way at the same cost, the arrival that
/// may keep moving (`stopped: false`) is reported.
///
/// Cost: Dijkstra with a binary heap, O((V + E) log V) over the V hexes
/// within budget and their E hexsides, plus O(N) to set up per-hex labels
/// for the grid's N hexes.
pub fn reachable(
    grid: &HexGrid,
    start: HexId,
    budget: u16,
    min_one_step: bool,
    mut step: impl FnMut(HexId, HexId) -> Step,
) -> Vec<Reach> {
    let labels = search(grid, start, budget, min_one_step, &mut step, None);
    grid.ids().filter_map(|hex| labels.best(hex).map(|(spent, stopped)| Reach { hex, spent, stopped })).collect()
}

/// A cheapest route from `start` to `goal` within `budget`, under the same
/// rules as [`reachable`]; `None` if `goal` is out of reach.
///
/// Ties between routes of equal cost are broken deterministically (by the
/// order hexes are settled), not by any game rule. Cost: as
/// [`reachable`], but the search ends as soon as the goal is settled.
pub fn path_to(
    grid: &HexGrid,
    start: HexId,
    goal: HexId,
    budget: u16,
    min_one_step: bool,
    mut step: impl FnMut(HexId, HexId) -> Step,
) -> Option<Route> {
    let labels = search(grid, start, budget, min_one_step, &mut step, Some(goal));
    let (spent, stopped) = labels.best(goal)?;
    let mut hexes = vec![goal];
    let mut prev = if stopped {
        labels.stopped[goal.index()].map(|l| l.from)
    } else {
        labels.moving[goal.index()].map(|l| l.from)
    }
    .flatten();
    // Every predecessor is a still-moving arrival, since only those expand.
    while let Some(hex) = prev {
        hexes.push(hex);
        prev = labels.moving[hex.index()].and_then(|l| l.from);
    }
    hexes.reverse();
    Some(Route { hexes, spent, stopped })
}

#[derive(Copy, Clone, Debug)]
struct Label {
    spent: u16,
    /// The still-moving hex this arrival came from; `None` for the start.
    from: Option<HexId>,
}

struct Labels {
    moving: Vec<Option<Label>>,
    stopped: Vec<Option<Label>>,
}

impl Labels {
    /// The cheapest arrival, preferring one that may keep moving on a tie.
    fn best(&self, hex: HexId) -> Option<(u16, bool)> {
        let moving = self.moving[hex.index()].map(|l| l.spent);
        let stopped = self.stopped[hex.index()].map(|l| l.spent);
        match (moving, stopped) {
            (Some(m), Some(s)) if s < m => Some((s, true)),
            (Some(m), _) => Some((m, false)),
            (None, Some(s)) => Some((s, true)),
            (None, None) => None,
        }
    }
}

fn search(
    grid: &HexGrid,
    start: HexId,
    budget: u16,
    min_one_step: bool,
    step: &mut impl FnMut(HexId, HexId) -> Step,
    goal: Option<HexId>,
) -> Labels {
    let n = grid.len();
    let mut labels = Labels { moving: vec![None; n], stopped: vec![None; n] };
    let mut settled = vec![false; n];
    // Min-heap on (spent, stopped, hex): `false < true` pops the
    // still-moving arrival first on a cost tie, and the id makes the order
    // fully deterministic.
    let mut heap = BinaryHeap::new();
    labels.moving[start.index()] = Some(Label { spent: 0, from: None });
    heap.push(Reverse((0u16, false, start)));

    while let Some(Reverse((spent, stopped, hex))) = heap.pop() {
        let slot = if stopped { &labels.stopped } else { &labels.moving };
        if slot[hex.index()].map(|l| l.spent) != Some(spent) {
            continue; // superseded by a cheaper arrival pushed later
        }
        if goal == Some(hex) {
            break; // the first label popped for the goal is its best
        }
        if stopped || settled[hex.index()] {
            continue;
        }
        settled[hex.index()] = true;
        for (_, next) in grid.neighbors(hex) {
            // A settled hex already has its cheapest still-moving arrival,
            // and no stopped arrival can now be cheaper; skipping it also
            // keeps the closure from being asked about moves back.
            if settled[next.index()] {
                continue;
            }
            let (cost, stop) = match step(hex, next) {
                Step::Blocked => continue,
                Step::Enter { cost, stop } => (cost, stop),
            };
            let total = u32::from(spent) + u32::from(cost);
            let (total, stop) = if total <= u32::from(budget) {
                (total as u16, stop)
            } else if min_one_step && hex == start {
                (cost, true)
            } else {
                continue;
            };
            let slot = if stop { &mut labels.stopped } else { &mut labels.moving };
            if slot[next.index()].map_or(true, |l| total < l.spent) {
                slot[next.index()] = Some(Label { spent: total, from: Some(hex) });
                heap.push(Reverse((total, stop, next)));
            }
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::GridSpec;

    fn grid() -> HexGrid {
        HexGrid::new(GridSpec::corps_command(18, 17)).unwrap()
    }

    fn open(_: HexId, _: HexId) -> Step {
        Step::Enter { cost: 1, stop: false }
    }

    fn find(r: &[Reach], h: HexId) -> Option<Reach> {
        r.iter().copied().find(|x| x.hex == h)
    }

    #[test]
    fn open_ground_budget_three_is_a_radius_three_hexagon() {
        let g = grid();
        let c = g.parse("I9").unwrap();
        let r = reachable(&g, c, 3, false, open);
        assert_eq!(r.len(), 37);
        assert_eq!(r, {
            let mut v: Vec<_> = r.clone();
            v.sort_by_key(|x| x.hex);
            v
        });
        for x in &r {
            assert_eq!(x.spent, g.distance(c, x.hex));
            assert!(!x.stopped);
        }
        assert_eq!(find(&r, c).map(|x| x.spent), Some(0));
        assert_eq!(g.within(c, 3), r.iter().map(|x| x.hex).collect::<Vec<_>>());
    }

    #[test]
    fn ring_of_cost_two() {
        let g = grid();
        let c = g.parse("I9").unwrap();
        let step = |_: HexId, to: HexId| Step::Enter { cost: if g.distance(c, to) == 1 { 2 } else { 1 }, stop: false };
        let r = reachable(&g, c, 3, false, step);
        // Ring hexes cost 2, then one more step: radius 2 only.
        assert_eq!(r.len(), 19);
        for x in &r {
            let d = g.distance(c, x.hex);
            assert_eq!(x.spent, [0, 2, 3][d as usize]);
        }
        assert_eq!(reachable(&g, c, 1, false, step).len(), 1);
    }

    #[test]
    fn stop_hex_is_reached_but_not_expanded() {
        let g = grid();
        // A corridor along row I: I9 -> I10 (stop) -> I11; everything else
        // blocked.
        let corridor = ["I9", "I10", "I11", "I12"].map(|s| g.parse(s).unwrap());
        let zoc = corridor[1];
        let step = |_: HexId, to: HexId| {
            if corridor.contains(&to) {
                Step::Enter { cost: 1, stop: to == zoc }
            } else {
                Step::Blocked
            }
        };
        let r = reachable(&g, corridor[0], 5, false, step);
        assert_eq!(r.iter().map(|x| x.hex).collect::<Vec<_>>(), vec![corridor[0], zoc]);
        assert_eq!(find(&r, zoc), Some(Reach { hex: zoc, spent: 1, stopped: true }));
    }

    #[test]
    fn dearer_moving_arrival_still_expands_past_a_cheap_stop() {
        // Entering X straight from the start forces a stop (cost 1); going
        // round via Y costs 2 and does not. Z lies beyond X only.
        let g = grid();
        let [s, x, y, z] = ["I9", "I10", "J9", "I11"].map(|t| g.parse(t).unwrap());
        assert!(g.are_adjacent(s, y) && g.are_adjacent(y, x) && g.are_adjacent(x, z));
        let allowed = [s, x, y, z];
        let step = |from: HexId, to: HexId| {
            if !allowed.contains(&to) || (to == z && from != x) {
                Step::Blocked
            } else {
                Step::Enter { cost: 1, stop: from == s && to == x }
            }
        };
        let r = reachable(&g, s, 3, false, step);
        assert_eq!(find(&r, x), Some(Reach { hex: x, spent: 1, stopped: true }));
        assert_eq!(find(&r, z).map(|r| r.spent), Some(3));
        let route = path_to(&g, s, z, 3, false, step).unwrap();
        assert_eq!(route.hexes, vec![s, y, x, z]);
        assert_eq!(route.spent, 3);
        assert!(!route.stopped);
    }

    #[test]
    fn equal_cost_prefers_the_arrival_that_may_continue() {
        let g = grid();
        let [s, x, y] = ["I9", "I10", "J9"].map(|t| g.parse(t).unwrap());
        // x is reachable at cost 2 either via y (moving) or directly with a
        // stop.
        let step = |from: HexId, to: HexId| {
            if to == x && from == s {
                Step::Enter { cost: 2, stop: true }
            } else if (to == y && from == s) || (to == x && from == y) {
                Step::Enter { cost: 1, stop: false }
            } else {
                Step::Blocked
            }
        };
        let r = reachable(&g, s, 2, false, step);
        assert_eq!(find(&r, x), Some(Reach { hex: x, spent: 2, stopped: false }));
    }

    #[test]
    fn blocked_hexes_are_walls() {
        let g = grid();
        let c = g.parse("I9").unwrap();
        // Block the whole ring around the start except East.
        let east = g.parse("I10").unwrap();
        let step = |_: HexId, to: HexId| {
            if g.distance(c, to) == 1 && to != east {
                Step::Blocked
            } else {
                Step::Enter { cost: 1, stop: false }
            }
        };
        let r = reachable(&g, c, 2, false, step);
        // Start, the east hex, then its neighbours outside the ring: I11 and
        // the two at distance 2 from c on either side of it.
        let mut labels: Vec<_> = r.iter().map(|x| g.label(x.hex)).collect();
        labels.sort();
        assert_eq!(labels, vec!["H10", "I10", "I11", "I9", "J10"]);
        assert!(path_to(&g, c, g.parse("I7").unwrap(), 2, false, step).is_none());
        assert!(reachable(&g, c, 9, false, |_, _| Step::Blocked).len() == 1);
    }

    #[test]
    fn min_one_step_into_an_expensive_hex() {
        let g = grid();
        let c = g.parse("I9").unwrap();
        let dear = |_: HexId, _: HexId| Step::Enter { cost: 5, stop: false };
        assert_eq!(reachable(&g, c, 1, false, dear).len(), 1);
        let r = reachable(&g, c, 1, true, dear);
        assert_eq!(r.len(), 7);
        for x in r.iter().filter(|x| x.hex != c) {
            assert_eq!((x.spent, x.stopped), (5, true));
        }
        // Not from anywhere but the start, and never into a blocked hex.
        let east = g.parse("I10").unwrap();
        let step = |from: HexId, to: HexId| {
            if from == c && to != east {
                Step::Blocked
            } else {
                Step::Enter { cost: 5, stop: false }
            }
        };
        let r = reachable(&g, c, 1, true, step);
        assert_eq!(r.iter().map(|x| x.hex).collect::<Vec<_>>(), vec![c, east]);
        // A corner hex has only its on-map neighbours.
        let a1 = g.parse("A1").unwrap();
        assert_eq!(reachable(&g, a1, 0, true, dear).len(), 3);
        let route = path_to(&g, c, east, 1, true, dear).unwrap();
        assert_eq!(route.hexes, vec![c, east]);
        assert_eq!((route.spent, route.stopped), (5, true));
    }

    #[test]
    fn path_to_start_and_straight_line() {
        let g = grid();
        let c = g.parse("I9").unwrap();
        let start_only = path_to(&g, c, c, 0, false, open).unwrap();
        assert_eq!(start_only.hexes, vec![c]);
        assert_eq!(start_only.spent, 0);
        let far = g.parse("I14").unwrap();
        let route = path_to(&g, c, far, 10, false, open).unwrap();
        assert_eq!(route.spent, 5);
        assert_eq!(route.hexes.len(), 6);
        assert!(route.hexes.windows(2).all(|w| g.are_adjacent(w[0], w[1])));
        assert!(path_to(&g, c, far, 4, false, open).is_none());
    }

    #[test]
    fn step_is_asked_at_most_once_per_ordered_pair() {
        let g = grid();
        let c = g.parse("I9").unwrap();
        let mut asked = std::collections::HashSet::new();
        let mut duplicate = false;
        reachable(&g, c, 6, false, |a, b| {
            duplicate |= !asked.insert((a, b));
            open(a, b)
        });
        assert!(!duplicate);
    }
}
