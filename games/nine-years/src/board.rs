//! Questions about the map and the counters on it: who is where, which
//! spaces are friendly, besieged or overcrowded. Each is a scan of the
//! counters, O(leaders + corps), with no heap: lists come back inline
//! ([`ArrayVec`], bounded by the scenario's tables).

use crate::fixed::{inline_list, IdSet};
use crate::ids::{Control, CorpsId, LeaderId, PowerId, Side, SpaceId, MAX_TABLE};
use crate::scenario::Region;
use crate::state::{LeaderLoc, Loc, Savoy, State};
use crate::NineYears;
use std::ops::Deref;
use tinyvec::ArrayVec;

/// Corps counters, as a rule lists them (inline, no heap).
pub(crate) type CorpsList = ArrayVec<[CorpsId; MAX_TABLE]>;
/// Leaders, as a rule lists them (inline, no heap).
pub(crate) type LeaderList = ArrayVec<[LeaderId; MAX_TABLE]>;
/// Spaces, as a rule lists them (inline, no heap).
pub(crate) type SpaceList = ArrayVec<[SpaceId; MAX_TABLE]>;

impl NineYears {
    /// A corps counter's side (Portugal's: none).
    pub(crate) fn corps_side(&self, c: CorpsId) -> Option<Side> {
        self.scenario.side_of(self.scenario.corps_power(c))
    }

    /// Whether corps `i` is one of `side`'s in `x`. A neutral power's
    /// counters (Savoy before it joins, 7.2.1) belong to no side.
    pub(crate) fn corps_of(&self, s: &State, i: usize, x: SpaceId, side: Side) -> bool {
        let c = CorpsId(i as u8);
        s.corps[i].loc == Loc::Space(x)
            && self.corps_side(c) == Some(side)
            && self.at_war(s, self.scenario.corps_power(c))
    }

    /// The corps of a side in a space, by id: a copy, so the caller may
    /// change the state while it goes through them.
    pub(crate) fn side_corps(&self, s: &State, x: SpaceId, side: Side) -> CorpsList {
        inline_list((0..s.corps.len()).filter(|&i| self.corps_of(s, i, x, side)).map(|i| CorpsId(i as u8)))
    }

    /// How many corps of a side are in a space.
    pub(crate) fn count_corps(&self, s: &State, x: SpaceId, side: Side) -> usize {
        (0..s.corps.len()).filter(|&i| self.corps_of(s, i, x, side)).count()
    }

    /// The leaders of a side in a space (of powers at war), by id: a copy,
    /// so the caller may change the state while it goes through them.
    pub(crate) fn side_leaders(&self, s: &State, x: SpaceId, side: Side) -> LeaderList {
        inline_list(self.side_leaders_iter(s, x, side))
    }

    /// [`NineYears::side_leaders`] as they are found, for a question that
    /// may stop at the first.
    pub(crate) fn side_leaders_iter<'a>(
        &'a self,
        s: &'a State,
        x: SpaceId,
        side: Side,
    ) -> impl Iterator<Item = LeaderId> + 'a {
        self.scenario.leader_ids().filter(move |&l| {
            s.leader(l).loc == LeaderLoc::Space(x)
                && self.scenario.leader_side(l) == Some(side)
                && self.at_war(s, self.scenario.leader(l).power)
        })
    }

    /// The corps of powers at war in every space, by side: one pass over
    /// the counters, O(corps), for questions about many spaces at once.
    pub(crate) fn occupancy(&self, s: &State) -> Occupancy {
        let mut occ = [[0u8; 2]; MAX_TABLE];
        let mut war = [false; MAX_TABLE];
        for p in self.scenario.power_ids() {
            war[p.index()] = self.at_war(s, p);
        }
        for (i, c) in s.corps.iter().enumerate() {
            if let Loc::Space(x) = c.loc {
                let p = self.scenario.corps[i].power;
                if let (Some(side), true) = (self.scenario.side_of(p), war[p.index()]) {
                    occ[x.index()][side.index()] += 1;
                }
            }
        }
        Occupancy(occ)
    }

    /// [`NineYears::besieged`] read from an [`Occupancy`].
    pub(crate) fn besieged_in(&self, s: &State, occ: &Occupancy, x: SpaceId) -> bool {
        match s.control(x).side() {
            Some(holder) => self.fortified(x) && s.strength[x.index()] > 0 && occ.count(x, holder.other()) > 0,
            None => false,
        }
    }

    /// Whether a side has any counter in a space.
    pub(crate) fn has_units(&self, s: &State, x: SpaceId, side: Side) -> bool {
        self.count_corps(s, x, side) > 0 || self.side_leaders_iter(s, x, side).next().is_some()
    }

    /// Whether a space is a fortress (printed strength above 0).
    pub(crate) fn fortified(&self, x: SpaceId) -> bool {
        self.scenario.space(x).fortress > 0
    }

    /// Whether the space is a besieged fortress: fortified, held by one side,
    /// with the other side's corps in it (17 authored). Its holder's
    /// counters there are the garrison.
    pub(crate) fn besieged(&self, s: &State, x: SpaceId) -> bool {
        match s.control(x).side() {
            Some(holder) => {
                self.fortified(x) && s.strength[x.index()] > 0 && self.count_corps(s, x, holder.other()) > 0
            }
            None => false,
        }
    }

    /// Whether a corps is besieged (in its own side's besieged fortress).
    pub(crate) fn corps_besieged(&self, s: &State, c: CorpsId) -> bool {
        match s.corps(c).loc {
            Loc::Space(x) => self.besieged(s, x) && s.control(x).side() == self.corps_side(c),
            _ => false,
        }
    }

    /// The overcrowding limit of a space (4.1.3 authored): 6 corps a side,
    /// 2 more for each level of printed fortress strength and 2 more in a
    /// rich space.
    pub fn crowd_limit(&self, x: SpaceId) -> usize {
        let sp = self.scenario.space(x);
        6 + 2 * usize::from(sp.fortress) + if sp.rich { 2 } else { 0 }
    }

    /// Whether counters may enter a space at all: not neutral ground (7.2.1
    /// Savoy while neutral, 7.2.2 Portugal).
    pub(crate) fn enterable(&self, s: &State, x: SpaceId) -> bool {
        s.control(x) != Control::None
    }

    /// Whether a link may be used by a side: red links are Allied only (14.1.1).
    pub(crate) fn link_open(side: Side, red: bool) -> bool {
        !red || side == Side::Alliance
    }

    /// A link's cost in MP for a side, if it may use it (14.1.1).
    pub(crate) fn link_cost(&self, from: SpaceId, to: SpaceId, side: Side) -> Option<u8> {
        self.scenario
            .space(from)
            .links
            .iter()
            .find(|&&(t, _)| t == to)
            .filter(|&&(_, red)| Self::link_open(side, red))
            .map(|&(_, red)| if red { 2 } else { 1 })
    }

    /// Whether a power is at war now (Savoy only once it joins, 7.2.1;
    /// Portugal never, 7.2.2; Britain only after the Revolution).
    pub(crate) fn at_war(&self, s: &State, p: PowerId) -> bool {
        let n = &self.scenario.named;
        if p == n.savoy {
            s.savoy == Savoy::Allied
        } else if p == n.portugal {
            false
        } else if p == n.britain {
            s.revolution
        } else {
            self.scenario.side_of(p).is_some()
        }
    }

    /// A leader's tactics and command now: an unpromoted leader is a minor
    /// one, tactics 0 and command 3 (12.4).
    pub fn ratings(&self, s: &State, l: LeaderId) -> (u8, u8) {
        let spec = self.scenario.leader(l);
        if spec.promote.is_some() && !s.leader(l).promoted {
            (0, 3)
        } else {
            (spec.tactics, spec.command)
        }
    }

    /// A power's capitals now (7.2.6: after the Revolution the Jacobites'
    /// capitals are London, Paris and the Highlands). No copy of the table.
    pub(crate) fn capitals(&self, s: &State, p: PowerId) -> Capitals<'_> {
        let n = &self.scenario.named;
        if p == n.jacobite && s.revolution {
            Capitals::Jacobite([n.london, n.paris, n.highlands])
        } else {
            Capitals::Printed(&self.scenario.power(p).capitals)
        }
    }

    /// Whether `x` is a home space of `p` now (7.2.6: after the Revolution
    /// every space of Great Britain and Ireland is a Jacobite home space).
    pub(crate) fn is_home_now(&self, s: &State, x: SpaceId, p: PowerId) -> bool {
        let n = &self.scenario.named;
        if p == n.jacobite && s.revolution {
            self.scenario.space(x).region.british_isles()
        } else {
            self.scenario.is_home(x, p)
        }
    }

    /// Whether a space is one of Savoy's (7.2.1).
    pub(crate) fn savoyard(&self, x: SpaceId) -> bool {
        self.scenario.space(x).region == Region::Savoy
    }

    /// The nearest space to `from` that `goal` accepts, over links `side`
    /// may use and never through neutral ground (7.2.1, 7.2.2); at equal
    /// distance the first in the scenario's order. O(spaces + links).
    pub(crate) fn nearest(
        &self,
        s: &State,
        from: SpaceId,
        side: Side,
        goal: impl Fn(SpaceId) -> bool,
    ) -> Option<SpaceId> {
        self.nearest_via(from, side, |t| self.enterable(s, t), goal)
    }

    /// [`NineYears::nearest`] through the spaces `pass` accepts: a
    /// breadth-first search a layer at a time, each layer a set of spaces
    /// (so read in the scenario's order) marked in bits, no heap.
    pub(crate) fn nearest_via(
        &self,
        from: SpaceId,
        side: Side,
        pass: impl Fn(SpaceId) -> bool,
        goal: impl Fn(SpaceId) -> bool,
    ) -> Option<SpaceId> {
        let mut seen = IdSet::default();
        let mut layer = IdSet::default();
        seen.insert(from.index());
        layer.insert(from.index());
        while !layer.is_empty() {
            let mut next = IdSet::default();
            for x in layer.iter() {
                for &(t, red) in &self.scenario.spaces[x].links {
                    if Self::link_open(side, red) && !seen.contains(t.index()) && pass(t) {
                        seen.insert(t.index());
                        next.insert(t.index());
                    }
                }
            }
            if let Some(g) = next.iter().map(|t| SpaceId(t as u8)).find(|&t| goal(t)) {
                return Some(g);
            }
            layer = next;
        }
        None
    }
}

/// A power's capitals ([`NineYears::capitals`]): the printed ones, or the
/// Jacobites' three after the Revolution.
pub(crate) enum Capitals<'a> {
    /// The scenario's.
    Printed(&'a [SpaceId]),
    /// London, Paris and the Highlands (7.2.6).
    Jacobite([SpaceId; 3]),
}

impl Deref for Capitals<'_> {
    type Target = [SpaceId];
    fn deref(&self) -> &[SpaceId] {
        match self {
            Capitals::Printed(c) => c,
            Capitals::Jacobite(c) => c,
        }
    }
}

/// Corps of powers at war by space and side ([`NineYears::occupancy`]).
pub(crate) struct Occupancy([[u8; 2]; MAX_TABLE]);

impl Occupancy {
    /// Corps of `side` in `x`.
    pub(crate) fn count(&self, x: SpaceId, side: Side) -> usize {
        usize::from(self.0[x.index()][side.index()])
    }

    /// Every corps of `side` in `from` has gone to `to` ([`NineYears::move_all`]).
    pub(crate) fn move_all(&mut self, from: SpaceId, to: SpaceId, side: Side) {
        let n = std::mem::take(&mut self.0[from.index()][side.index()]);
        self.0[to.index()][side.index()] += n;
    }

    /// Every corps of `side` in `x` has left the map.
    pub(crate) fn clear(&mut self, x: SpaceId, side: Side) {
        self.0[x.index()][side.index()] = 0;
    }
}
