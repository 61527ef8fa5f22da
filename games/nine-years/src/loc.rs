//! Lines of communication (11): a chain of friendly spaces from a space to
//! a friendly supply source, by land and by sea through friendly sea zones
//! and unbesieged friendly ports; restricted through a besieged friendly
//! fortress (11.1.4); never blocked by overcrowding (11.1.5). Each question
//! is two searches from the sources, O(spaces + links + ports²), with the
//! marks in bits and the stack inline: no heap. A [`Survey`] keeps the
//! searches of one state by question, so the candidates of a legal list
//! that ask the same question (every space a power may form corps in) pay
//! for the searches once.

use crate::board::{Occupancy, SpaceList};
use crate::fixed::{empty_list, inline_list, IdSet};
use crate::ids::{PowerId, Side, SpaceId};
use crate::state::State;
use crate::survey::Survey;
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
    occ: &'a Occupancy,
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
    /// when `restricted_ok`. Each space is stacked once, so the inline
    /// stack (a space list) never overflows. Also tells whether a besieged
    /// friendly fortress was passed over: when none was, the search with
    /// `restricted_ok` would find the very same spaces (it differs only
    /// there), so [`Reached`] skips it.
    fn reach(&self, t: &Trace<'_>, restricted_ok: bool) -> (IdSet, bool) {
        let s = t.s;
        let sc = &self.scenario;
        let mut seen = IdSet::default();
        let mut stack: SpaceList = empty_list();
        for &src in t.sources {
            // 11.2.1: a capital under enemy (or no) control is no source.
            if s.control(src).is(t.side) && seen.insert(src.index()) {
                stack.push(src);
            }
        }
        let besieged = |x: SpaceId| self.besieged_in(s, t.occ, x);
        // The friendly unbesieged ports, where a line may land from the sea.
        let mut harbours: SpaceList = empty_list();
        if !t.land_only {
            harbours.extend(
                sc.space_ids().filter(|&y| sc.space(y).port.is_some() && s.control(y).is(t.side) && !besieged(y)),
            );
        }
        let mut blocked = false;
        while let Some(x) = stack.pop() {
            for &(y, red) in &sc.space(x).links {
                if Self::link_open(t.side, red) && !seen.contains(y.index()) && s.control(y).is(t.side) {
                    if restricted_ok || !besieged(y) {
                        seen.insert(y.index());
                        stack.push(y);
                    } else {
                        blocked = true;
                    }
                }
            }
            // By sea from a port that is unbesieged, or a source capital
            // that is a port (the 11.1.3 note: Amsterdam, Lisbon, Barcelona).
            if !t.land_only && sc.space(x).port.is_some() && (!besieged(x) || t.sources.contains(&x)) {
                for &y in harbours.iter() {
                    if !seen.contains(y.index()) && self.sea_open(t, x, y) {
                        seen.insert(y.index());
                        stack.push(y);
                    }
                }
            }
        }
        (seen, blocked)
    }

    /// Both searches of a question; the second only when the first was
    /// blocked by a besieged friendly fortress (else it is the same).
    fn reached(&self, t: &Trace<'_>) -> Reached {
        let (open, blocked) = self.reach(t, false);
        let any = if blocked { self.reach(t, true).0 } else { open };
        Reached { open, any }
    }

    fn traced_from(&self, t: &Trace<'_>, from: SpaceId, reached: &IdSet) -> bool {
        if reached.contains(from.index()) {
            return true;
        }
        let sc = &self.scenario;
        // The chain may start in a space that is not friendly (besiegers),
        // stepping to a friendly neighbour on it…
        let land =
            sc.space(from).links.iter().any(|&(y, red)| Self::link_open(t.side, red) && reached.contains(y.index()));
        if land || t.land_only {
            return land;
        }
        // …or, from a port, by sea to a friendly port on it (the 11.1.3
        // note: besiegers of a port are supplied through a friendly sea).
        sc.space(from).port.is_some()
            && sc.space_ids().any(|y| {
                reached.contains(y.index())
                    && y != from
                    && (!self.besieged_in(t.s, t.occ, y) || t.sources.contains(&y))
                    && self.sea_open(t, y, from)
            })
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

    /// The line from `from` given both searches: open, through a besieged
    /// friendly fortress only (11.1.4) — which a line starting in one always
    /// is — or none.
    fn supply_from(&self, t: &Trace<'_>, from: SpaceId, reached: &Reached) -> Supply {
        let shut_in = t.s.control(from).is(t.side) && self.besieged_in(t.s, t.occ, from);
        if !shut_in && self.traced_from(t, from, &reached.open) {
            Supply::Open
        } else if self.traced_from(t, from, &reached.any) {
            Supply::Restricted
        } else {
            Supply::Cut
        }
    }

    /// Answers a question of [`Survey`]: the searches its key names, made
    /// once per survey, then the line from `from`.
    pub(crate) fn line(&self, v: &Survey<'_>, key: LineKey, from: SpaceId) -> Supply {
        let s = v.state();
        let ask = |side: Side, sources: &[SpaceId], land_only: bool, isles: Isles| {
            let t = Trace { s, occ: v.occupancy(), side, sources, land_only, isles };
            let reached = v.reached(key, || self.reached(&t));
            self.supply_from(&t, from, &reached)
        };
        match key {
            LineKey::Home(p) => {
                let Some(side) = self.scenario.side_of(p) else { return Supply::Cut };
                let isles = if p == self.scenario.named.jacobite { Isles::All } else { Self::isles_of(s, side) };
                ask(side, &self.capitals(s, p), false, isles)
            }
            LineKey::Sources(side) => ask(side, &self.source_list(s, side), false, Self::isles_of(s, side)),
            LineKey::To(side, to, land_only) => ask(side, &[to], land_only, Self::isles_of(s, side)),
            LineKey::Unused => Supply::Cut,
        }
    }

    /// The line of communication from `from` to any of `sources` for `side`.
    pub fn supply_to(&self, s: &State, side: Side, from: SpaceId, sources: &[SpaceId], land_only: bool) -> Supply {
        let occ = self.occupancy(s);
        let t = Trace { s, occ: &occ, side, sources, land_only, isles: Self::isles_of(s, side) };
        self.supply_from(&t, from, &self.reached(&t))
    }

    /// The sources of a side: the capitals of its powers at war (11.2.1),
    /// in the scenario's order.
    pub fn sources(&self, s: &State, side: Side) -> Vec<SpaceId> {
        self.source_list(s, side).to_vec()
    }

    /// [`NineYears::sources`] inline (no heap).
    pub(crate) fn source_list(&self, s: &State, side: Side) -> SpaceList {
        let mut set = IdSet::default();
        for p in self.scenario.power_ids().filter(|&p| self.scenario.side_of(p) == Some(side) && self.at_war(s, p)) {
            for x in self.capitals(s, p).iter() {
                set.insert(x.index());
            }
        }
        inline_list(set.iter().map(|x| SpaceId(x as u8)))
    }

    /// A side's line of communication from a space to any friendly source
    /// (siege 17).
    pub fn supply(&self, s: &State, side: Side, from: SpaceId) -> Supply {
        Survey::new(self, s).supply(side, from)
    }

    /// A power's line of communication from a space to its own capital(s)
    /// (12.2.3, 12.3.3, 13.5.3); Jacobite lines cross any sea from or to
    /// Great Britain and Ireland (7.2.6, 12.3.3).
    pub fn supply_home(&self, s: &State, p: PowerId, from: SpaceId) -> Supply {
        Survey::new(self, s).supply_home(p, from)
    }

    /// Every space's line of communication for a side to its sources, at
    /// the cost of two searches for the whole map (the view's LOC layer).
    pub fn supply_map(&self, s: &State, side: Side) -> Vec<Supply> {
        let v = Survey::new(self, s);
        self.scenario.space_ids().map(|x| v.supply(side, x)).collect()
    }
}

/// A line-of-communication question, what [`Survey`] keeps its searches by:
/// the side tracing and to what.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum LineKey {
    /// No question: the default, so a [`tinyvec::ArrayVec`] of keys can be made.
    #[default]
    Unused,
    /// A power's own capitals ([`NineYears::supply_home`]).
    Home(PowerId),
    /// Every source of a side ([`NineYears::supply`]).
    Sources(Side),
    /// One space, over land only or not ([`NineYears::supply_to`]).
    To(Side, SpaceId, bool),
}

/// Both searches of one question: the spaces joined to the sources freely,
/// and those joined through besieged friendly fortresses too (11.1.4).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Reached {
    open: IdSet,
    any: IdSet,
}
