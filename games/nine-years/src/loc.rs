//! Lines of communication (11): a chain of friendly spaces from a space to
//! a friendly supply source, by land and by sea through friendly sea zones
//! and unbesieged friendly ports; restricted through a besieged friendly
//! fortress (11.1.4); never blocked by overcrowding (11.1.5). Each question
//! is two searches from the sources, O(spaces + links + ports²).

use crate::board::Occupancy;
use crate::ids::{PowerId, Side, SpaceId};
use crate::state::State;
use crate::NineYears;

/// A line of communication found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Supply {
    /// None.
    Cut,
    /// Only through a besieged friendly fortress (11.1.4, 17.5.3).
    Restricted,
    /// Free.
    Open,
}

impl Supply {
    /// Whether there is a line at all.
    pub fn traced(self) -> bool {
        self != Supply::Cut
    }
}

/// Where a line may cross a sea its side does not control.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Isles {
    /// Nowhere.
    No,
    /// From or to Ireland: the Bourbons after the Revolution (11.1.3's exception).
    Ireland,
    /// From or to Great Britain and Ireland: Jacobite corps (7.2.6, 12.3.3).
    All,
}

/// One line-of-communication question: who traces, to what, how.
struct Trace<'a> {
    s: &'a State,
    occ: Occupancy,
    side: Side,
    sources: &'a [SpaceId],
    land_only: bool,
    isles: Isles,
}

impl NineYears {
    /// Whether a line may cross the sea from port `far` (the end away from
    /// the source) to port `near`: every sea zone it crosses is friendly
    /// (11.1.3: one or several; a line between the two zones crosses both),
    /// unless the line starts in the isles its exception names — an
    /// exception for lines *from* there, so it never carries a line from
    /// elsewhere through an Irish port.
    fn sea_open(&self, t: &Trace<'_>, near: SpaceId, far: SpaceId) -> bool {
        let (sn, sf) = (self.scenario.space(near), self.scenario.space(far));
        let (Some(zn), Some(zf)) = (sn.port, sf.port) else { return false };
        if t.s.sea[zn.index()].is(t.side) && t.s.sea[zf.index()].is(t.side) {
            return true;
        }
        let isle = match t.isles {
            Isles::No => false,
            Isles::Ireland => sf.region == crate::Region::Ireland,
            Isles::All => sf.region.british_isles(),
        };
        zn == zf && isle
    }

    /// Friendly spaces joined to the sources by friendly spaces, by land
    /// (and by sea unless `land_only`); through besieged fortresses only
    /// when `restricted_ok`.
    fn reach(&self, t: &Trace<'_>, restricted_ok: bool) -> Vec<bool> {
        let s = t.s;
        let sc = &self.scenario;
        let mut seen = vec![false; sc.spaces.len()];
        let mut stack: Vec<SpaceId> = Vec::new();
        for &src in t.sources {
            // 11.2.1: a capital under enemy (or no) control is no source.
            if s.control(src).is(t.side) && !seen[src.index()] {
                seen[src.index()] = true;
                stack.push(src);
            }
        }
        let besieged = |x: SpaceId| self.besieged_in(s, &t.occ, x);
        let passable = |x: SpaceId| s.control(x).is(t.side) && (restricted_ok || !besieged(x));
        while let Some(x) = stack.pop() {
            for &(y, red) in &sc.space(x).links {
                if Self::link_open(t.side, red) && !seen[y.index()] && passable(y) {
                    seen[y.index()] = true;
                    stack.push(y);
                }
            }
            // By sea from a port that is unbesieged, or a source capital
            // that is a port (the 11.1.3 note: Amsterdam, Lisbon, Barcelona).
            if !t.land_only && sc.space(x).port.is_some() && (!besieged(x) || t.sources.contains(&x)) {
                for y in sc.space_ids() {
                    if !seen[y.index()]
                        && sc.space(y).port.is_some()
                        && s.control(y).is(t.side)
                        && !besieged(y)
                        && self.sea_open(t, x, y)
                    {
                        seen[y.index()] = true;
                        stack.push(y);
                    }
                }
            }
        }
        seen
    }

    fn traced_from(&self, t: &Trace<'_>, from: SpaceId, reached: &[bool]) -> bool {
        if reached[from.index()] {
            return true;
        }
        let sc = &self.scenario;
        // The chain may start in a space that is not friendly (besiegers),
        // stepping to a friendly neighbour on it…
        let land = sc.space(from).links.iter().any(|&(y, red)| Self::link_open(t.side, red) && reached[y.index()]);
        if land || t.land_only {
            return land;
        }
        // …or, from a port, by sea to a friendly port on it (the 11.1.3
        // note: besiegers of a port are supplied through a friendly sea).
        sc.space(from).port.is_some()
            && sc.space_ids().any(|y| {
                reached[y.index()]
                    && y != from
                    && (!self.besieged_in(t.s, &t.occ, y) || t.sources.contains(&y))
                    && self.sea_open(t, y, from)
            })
    }

    fn trace<'a>(&self, s: &'a State, side: Side, sources: &'a [SpaceId], land_only: bool, isles: Isles) -> Trace<'a> {
        Trace { s, occ: self.occupancy(s), side, sources, land_only, isles }
    }

    /// The default exception for a side: the Bourbons trace from Ireland
    /// over any sea after the Revolution (11.1.3).
    fn isles_of(s: &State, side: Side) -> Isles {
        if side == Side::Bourbon && s.revolution {
            Isles::Ireland
        } else {
            Isles::No
        }
    }

    fn supply_in(&self, t: &Trace<'_>, from: SpaceId) -> Supply {
        let open = self.reach(t, false);
        let any = self.reach(t, true);
        self.supply_from(t, from, &open, &any)
    }

    /// The line from `from` given both searches: open, through a besieged
    /// friendly fortress only (11.1.4) — which a line starting in one always
    /// is — or none.
    fn supply_from(&self, t: &Trace<'_>, from: SpaceId, open: &[bool], any: &[bool]) -> Supply {
        let shut_in = t.s.control(from).is(t.side) && self.besieged_in(t.s, &t.occ, from);
        if !shut_in && self.traced_from(t, from, open) {
            Supply::Open
        } else if self.traced_from(t, from, any) {
            Supply::Restricted
        } else {
            Supply::Cut
        }
    }

    /// The line of communication from `from` to any of `sources` for `side`.
    pub fn supply_to(&self, s: &State, side: Side, from: SpaceId, sources: &[SpaceId], land_only: bool) -> Supply {
        self.supply_in(&self.trace(s, side, sources, land_only, Self::isles_of(s, side)), from)
    }

    /// The sources of a side: the capitals of its powers at war (11.2.1).
    pub fn sources(&self, s: &State, side: Side) -> Vec<SpaceId> {
        let mut v: Vec<SpaceId> = self
            .scenario
            .power_ids()
            .filter(|&p| self.scenario.side_of(p) == Some(side) && self.at_war(s, p))
            .flat_map(|p| self.capitals(s, p))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// A side's line of communication from a space to any friendly source
    /// (siege 17).
    pub fn supply(&self, s: &State, side: Side, from: SpaceId) -> Supply {
        self.supply_to(s, side, from, &self.sources(s, side), false)
    }

    /// A power's line of communication from a space to its own capital(s)
    /// (12.2.3, 12.3.3, 13.5.3); Jacobite lines cross any sea from or to
    /// Great Britain and Ireland (7.2.6, 12.3.3).
    pub fn supply_home(&self, s: &State, p: PowerId, from: SpaceId) -> Supply {
        let Some(side) = self.scenario.side_of(p) else { return Supply::Cut };
        let capitals = self.capitals(s, p);
        let isles = if p == self.scenario.named.jacobite { Isles::All } else { Self::isles_of(s, side) };
        self.supply_in(&self.trace(s, side, &capitals, false, isles), from)
    }

    /// Every space's line of communication for a side to its sources, at
    /// the cost of two searches for the whole map (the view's LOC layer).
    pub fn supply_map(&self, s: &State, side: Side) -> Vec<Supply> {
        let sources = self.sources(s, side);
        let t = self.trace(s, side, &sources, false, Self::isles_of(s, side));
        let (open, any) = (self.reach(&t, false), self.reach(&t, true));
        self.scenario.space_ids().map(|x| self.supply_from(&t, x, &open, &any)).collect()
    }
}
