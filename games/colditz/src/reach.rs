//! Where a pawn can go with its movement points: the breadth-first search
//! that lists `move`s and checks one (issue 13: it runs for every pawn of
//! every listing, so it is built for speed). The search goes by layers of
//! equal cost, each a set of circles: the ordinary steps of a whole layer
//! are taken at once by uniting the board's precomputed step sets, and the
//! rules that decide where a pawn may enter and stop (`guard_may_enter`,
//! `pow_may_enter`, `guard_may_stop`, `pow_may_stop`, `may_reach_target`
//! in `movement.rs`) become intersections with sets worked out once per
//! search. Drops, wire and tunnels, rare, go link by link. Debug builds
//! check every circle against the rules' own functions, and every search
//! against a plain one link by link.

use crate::board::{flag, CircleId, Link, TunnelId, Zone};
use crate::fixed::CircleSet;
// The oracle of debug builds only (`reach_by_links`).
#[cfg(debug_assertions)]
use crate::fixed::{CircleQueue, MAX_CIRCLES};
use crate::movement::Occupancy;
use crate::pawn::PawnId;
use crate::state::{State, TunnelState};
use crate::Colditz;
#[cfg(debug_assertions)]
use tinyvec::ArrayVec;

/// A place a pawn can reach this turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dest {
    pub circle: CircleId,
    pub tunnel: bool,
    pub cost: u8,
}

/// Scratch space for [`Colditz::reach`], made once per listing or check and
/// reused for every pawn searched: six circle sets (768 bytes) on the stack.
pub(crate) struct Reach {
    /// (circle, level) already reached: `[0]` at the surface, `[1]` in a tunnel.
    seen: [CircleSet; 2],
    /// The places of the cost being expanded, by level.
    frontier: [CircleSet; 2],
    /// The places one step further, by level.
    next: [CircleSet; 2],
}

impl Reach {
    pub(crate) fn new() -> Reach {
        Reach { seen: [CircleSet::EMPTY; 2], frontier: [CircleSet::EMPTY; 2], next: [CircleSet::EMPTY; 2] }
    }
}

/// What the rules allow a pawn at the surface, as sets of circles for one
/// search (see [`Colditz::reach`]).
struct Allowed {
    /// Circles it may enter, occupants aside.
    enter: CircleSet,
    /// Of those, circles it may end its move on.
    stop: CircleSet,
    /// Of those it may enter, circles it may go on from.
    pass: CircleSet,
}

impl Colditz {
    /// The circles a pawn may enter, stop on and pass, occupants aside:
    /// the rules of `guard_may_enter` and `guard_may_stop`, or of
    /// `pow_may_enter`, `pow_may_stop` and `may_reach_target`, for every
    /// circle at once. O(rooms + markers) set operations.
    fn allowed(&self, s: &State, p: PawnId) -> Allowed {
        let sets = &self.board.sets;
        let barred = sets.flagged(flag::CAR | flag::CELL);
        if p.is_guard() {
            // Rooms open only when something opens them, or to a lone guard chasing (classic).
            let chasing = s.classic && self.chasing(s, p);
            let mut closed = CircleSet::EMPTY;
            if !chasing {
                let open = self.rooms_open_to_guards(s);
                for (r, room) in sets.rooms.iter().enumerate() {
                    if open & (1 << r) == 0 {
                        closed.add(room);
                    }
                }
            }
            // Safe areas and tunnels' middles: under a marker, or over a tunnel guards may enter.
            let mut tunnels = CircleSet::EMPTY;
            for t in TunnelId::ALL.into_iter().filter(|&t| self.guards_in_tunnel(s, t)) {
                tunnels.add(&sets.tunnels[t.index()]);
            }
            let mut unsafe_ = CircleSet::ALL.minus(&sets.flagged(flag::SAFE));
            unsafe_.add(&tunnels);
            for m in s.markers.iter() {
                unsafe_.insert(m.a);
                unsafe_.insert(m.b);
            }
            let enter = CircleSet::ALL.minus(&barred).minus(&closed).and(&unsafe_);
            let mut middle_ok = CircleSet::ALL.minus(&sets.flagged(flag::TUNNEL_MIDDLE));
            middle_ok.add(&tunnels);
            let mut stop = enter.minus(&sets.flagged(flag::WALKWAY | flag::APPEL)).and(&middle_ok);
            if s.classic && !chasing {
                stop = stop.minus(&sets.flagged(flag::GREY_CUT_INNER));
            }
            // Guards go over targets as over any circle.
            Allowed { enter, stop, pass: enter }
        } else {
            // Gates: on the free way back from the outer cells, or opened this turn (classic).
            let mut gates = sets.flagged(flag::GATE);
            if s.pawn(p).returning {
                gates = gates.minus(&sets.flagged(flag::FREE_GATE));
            }
            if s.classic {
                for &c in s.opened.iter() {
                    gates.remove(c);
                }
            }
            let enter = CircleSet::ALL.minus(&barred).minus(&gates);
            let mut stop = enter.minus(&sets.flagged(flag::SEARCHLIGHT | flag::TUNNEL_MIDDLE));
            if !p.nation().is_some_and(|n| self.may_escape(s, n)) {
                stop = stop.minus(&sets.flagged(flag::TARGET));
            }
            // A POW on a target has escaped: he goes no further.
            Allowed { enter, stop, pass: enter.minus(&sets.flagged(flag::TARGET)) }
        }
    }

    /// Where a step along a drop, wire or tunnel link from `c` (in a tunnel
    /// when `tunnel`) to `nb` leads a pawn: `Some(false)` onto `nb` at the
    /// surface, `Some(true)` into the tunnel below `nb`, `None` nowhere.
    /// Ordinary steps at the surface are the step sets' (`reach`).
    fn link_step(&self, s: &State, p: PawnId, c: CircleId, tunnel: bool, nb: CircleId, link: Link) -> Option<bool> {
        let guard = p.is_guard();
        let nation = p.nation();
        match (link, tunnel) {
            (Link::Step, false) => Some(false),
            // Classic: guards who took a tunnel "may use the tunnel to chase escapers".
            (Link::Tunnel, false)
                if guard && self.tunnel_of(c).is_some_and(|(t, _)| s.tunnel(t) == TunnelState::Taken) =>
            {
                Some(false)
            }
            (Link::Tunnel, false) => {
                // Into a tunnel only at its entrance, and only while open.
                match (self.tunnel_of(c), self.tunnel_of(nb)) {
                    (Some((t, 0)), Some((_, 1)))
                        if !guard && matches!(s.tunnel(t), TunnelState::Open | TunnelState::Detected) =>
                    {
                        Some(true)
                    }
                    _ => None,
                }
            }
            (Link::Tunnel, true) => {
                let t = self.tunnel_of(nb);
                let last = t.map(|(t, _)| self.board.tunnels[t.index()].course.len() as u8 - 1);
                match t {
                    // 2016: out only by the exit; classic: back into the room too.
                    Some((_, 0)) if s.classic => Some(false),
                    Some((_, 0)) => None,
                    Some((_, step)) if Some(step) == last => Some(false),
                    Some(_) => Some(true),
                    None => None,
                }
            }
            (_, true) => None,
            (Link::Drop { upper, .. }, false) => {
                (upper == c && self.marker_opens(s, c, nb, if guard { None } else { nation })).then_some(false)
            }
            // Classic: guards move freely over barbed wire.
            (Link::Wire, false) if guard && s.classic => Some(false),
            (Link::Wire, false) => self.marker_opens(s, c, nb, if guard { None } else { nation }).then_some(false),
        }
    }

    /// Breadth-first search of where a pawn can go with `budget` MP: hands
    /// each place to `found`, cheapest first (a circle may come twice, at
    /// the surface and in a tunnel; places of one cost in circle order, the
    /// tunnel's first); once `found` answers true the search stops after
    /// the places of that cost. A pawn never passes another (on its level);
    /// a guard may end on a POW he may arrest, a POW on a guard (giving
    /// himself up). Per cost: one union of step sets per circle reached
    /// and a few set operations (about 30 machine words each), in the
    /// scratch space `r`: no heap.
    pub(crate) fn reach(
        &self,
        s: &State,
        occ: &Occupancy,
        p: PawnId,
        budget: u8,
        r: &mut Reach,
        mut found: impl FnMut(Dest) -> bool,
    ) {
        #[cfg(debug_assertions)]
        let mut by_links = {
            let mut all = ArrayVec::<[Dest; 2 * MAX_CIRCLES]>::new();
            self.reach_by_links(s, occ, p, budget, |d| all.push(d));
            all
        };
        #[cfg(debug_assertions)]
        let mut found = |d: Dest| {
            let i = by_links.iter().position(|x| *x == d).expect("the plain search finds it too");
            by_links.remove(i);
            found(d)
        };
        let Some(start) = s.pawn(p).circle() else {
            return;
        };
        let guard = p.is_guard();
        let sets = &self.board.sets;
        let Reach { seen, frontier, next } = r;
        *seen = [CircleSet::EMPTY; 2];
        *frontier = [CircleSet::EMPTY; 2];
        let start_level = s.pawn(p).in_tunnel;
        seen[usize::from(start_level)].insert(start);
        frontier[usize::from(start_level)].insert(start);
        // Classic: "The Appel zone is considered one big space — its first
        // movement point out can be to any adjacent grey space": a POW there
        // starts from every circle of the area at once (not a destination).
        if s.classic && !guard && !start_level && self.board.circle(start).zone == Zone::Appel {
            let appel = sets.flagged(flag::APPEL);
            let mut wave = frontier[0];
            while !wave.is_empty() {
                let mut out = CircleSet::EMPTY;
                for i in wave.indices() {
                    out.add(&sets.steps[i]);
                }
                wave = out.and(&appel).minus(&seen[0]);
                seen[0].add(&wave);
                frontier[0].add(&wave);
            }
        }
        let allowed = self.allowed(s, p);
        let mut done = false;
        // Each round takes the places costing `cost` to those costing one more.
        for cost in 0..budget {
            let cost = cost + 1;
            *next = [CircleSet::EMPTY; 2];
            // Steps onto the surface, all at once; other links one by one.
            let mut reached = CircleSet::EMPTY;
            for (level, tunnel) in [(0, false), (1, true)] {
                for i in frontier[level].indices() {
                    if !tunnel {
                        reached.add(&sets.steps[i]);
                        if !sets.special.contains_index(i) {
                            continue;
                        }
                    }
                    let c = self.board.id(i);
                    for &(nb, link) in self.board.links(c) {
                        if link == Link::Step && !tunnel {
                            continue;
                        }
                        match self.link_step(s, p, c, tunnel, nb, link) {
                            Some(false) => reached.insert(nb),
                            // Along a tunnel: a POW never passes another below.
                            Some(true) if seen[1].insert(nb) && occ.below(nb).is_none() => {
                                done |= found(Dest { circle: nb, tunnel: true, cost });
                                next[1].insert(nb)
                            }
                            _ => false,
                        };
                    }
                }
            }
            let fresh = reached.minus(&seen[0]);
            seen[0].add(&fresh);
            #[cfg(debug_assertions)]
            self.assert_allowed(s, p, occ, &fresh, &allowed);
            let mut stops = CircleSet::EMPTY;
            if guard {
                // Arrest: a guard may end on a POW he may arrest.
                let entered = fresh.and(&allowed.enter);
                for i in entered.and(&occ.manned).minus(&occ.guarded).indices() {
                    let q = occ.at(self.board.id(i)).expect("a POW there");
                    if self.liable(s, q) {
                        stops.insert_index(i);
                    }
                }
                let free = entered.minus(&occ.manned);
                stops.add(&free.and(&allowed.stop));
                next[0] = free.and(&allowed.pass);
            } else {
                // A POW may give himself up by moving onto a guard.
                stops = fresh.and(&occ.guarded);
                let free = fresh.minus(&occ.manned).and(&allowed.enter);
                stops.add(&free.and(&allowed.stop));
                next[0] = free.and(&allowed.pass);
            }
            for i in stops.indices() {
                done |= found(Dest { circle: self.board.id(i), tunnel: false, cost });
            }
            if done || (next[0].is_empty() && next[1].is_empty()) {
                break;
            }
            std::mem::swap(frontier, next);
        }
        #[cfg(debug_assertions)]
        if !done {
            assert!(by_links.is_empty(), "the plain search finds more: {by_links:?}");
        }
    }

    /// Debug builds: the sets agree with the rules' own checks on every
    /// circle the search reaches afresh.
    #[cfg(debug_assertions)]
    fn assert_allowed(&self, s: &State, p: PawnId, occ: &Occupancy, fresh: &CircleSet, allowed: &Allowed) {
        for i in fresh.indices() {
            let c = self.board.id(i);
            let enter = allowed.enter.contains(c);
            if p.is_guard() {
                assert_eq!(enter, self.guard_may_enter(s, p, c).is_ok(), "guard_may_enter {p:?} {c:?}");
                if enter && occ.at(c).is_none() {
                    assert_eq!(allowed.stop.contains(c), self.guard_may_stop(s, p, c).is_ok(), "guard_may_stop");
                }
            } else if occ.at(c).is_none() {
                assert_eq!(enter, self.pow_may_enter(s, p, c).is_ok(), "pow_may_enter {p:?} {c:?}");
                if enter {
                    let stop = self.pow_may_stop(c, false).is_ok()
                        && p.nation().is_some_and(|n| self.may_reach_target(s, n, c).is_ok());
                    assert_eq!(allowed.stop.contains(c), stop, "pow_may_stop {p:?} {c:?}");
                    assert_eq!(allowed.pass.contains(c), !self.board.circle(c).target);
                }
            }
        }
    }

    /// Debug builds: the same search, plainly, link by link and circle by
    /// circle with the rules' own checks — the oracle `reach` is compared
    /// with. O(circles + links), with a queue of 12 KB on the stack (the
    /// allocation test runs debug builds too).
    #[cfg(debug_assertions)]
    fn reach_by_links(&self, s: &State, occ: &Occupancy, p: PawnId, budget: u8, mut found: impl FnMut(Dest)) {
        let Some(start) = s.pawn(p).circle() else {
            return;
        };
        let guard = p.is_guard();
        let nation = p.nation();
        let mut seen = [[false; 2]; MAX_CIRCLES];
        let mut queue = CircleQueue::<Dest, { 2 * MAX_CIRCLES }>::new();
        let start_level = s.pawn(p).in_tunnel;
        seen[start.index()][usize::from(start_level)] = true;
        queue.push(Dest { circle: start, tunnel: start_level, cost: 0 });
        if s.classic && !guard && !start_level && self.board.circle(start).zone == Zone::Appel {
            // The area, breadth-first through the queue itself.
            let mut i = 0;
            while i < queue.pushed() {
                let c = queue.get(i).circle;
                i += 1;
                for (nb, link) in self.board.net.links(c) {
                    if *link == Link::Step && self.board.circle(nb).zone == Zone::Appel && !seen[nb.index()][0] {
                        seen[nb.index()][0] = true;
                        queue.push(Dest { circle: nb, tunnel: false, cost: 0 });
                    }
                }
            }
        }
        while let Some(Dest { circle: c, tunnel, cost }) = queue.pop() {
            if cost >= budget {
                continue;
            }
            for (nb, link) in self.board.net.links(c) {
                let Some(next_tunnel) = self.link_step(s, p, c, tunnel, nb, *link) else { continue };
                if seen[nb.index()][usize::from(next_tunnel)] {
                    continue;
                }
                seen[nb.index()][usize::from(next_tunnel)] = true;
                let cost = cost + 1;
                if next_tunnel {
                    if occ.below(nb).is_none() {
                        found(Dest { circle: nb, tunnel: true, cost });
                        queue.push(Dest { circle: nb, tunnel: true, cost });
                    }
                    continue;
                }
                if guard {
                    if self.guard_may_enter(s, p, nb).is_err() {
                        continue;
                    }
                    if let Some(q) = occ.at(nb) {
                        if !q.is_guard() && self.liable(s, q) {
                            found(Dest { circle: nb, tunnel: false, cost });
                        }
                        continue;
                    }
                    if self.guard_may_stop(s, p, nb).is_ok() {
                        found(Dest { circle: nb, tunnel: false, cost });
                    }
                } else {
                    if let Some(q) = occ.at(nb) {
                        if q.is_guard() {
                            found(Dest { circle: nb, tunnel: false, cost });
                        }
                        continue;
                    }
                    if self.pow_may_enter(s, p, nb).is_err() {
                        continue;
                    }
                    if self.pow_may_stop(nb, false).is_ok()
                        && nation.is_some_and(|x| self.may_reach_target(s, x, nb).is_ok())
                    {
                        found(Dest { circle: nb, tunnel: false, cost });
                    }
                    if self.board.circle(nb).target {
                        continue;
                    }
                }
                queue.push(Dest { circle: nb, tunnel: false, cost });
            }
        }
    }
}
