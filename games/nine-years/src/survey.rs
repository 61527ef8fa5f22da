//! One state surveyed for the many questions its checks ask: the corps of
//! each side in every space counted once (so "how many", "besieged?" and
//! "overcrowded?" are O(1)), and the line-of-communication searches kept by
//! question as they are first asked (so every candidate of a legal list
//! that needs a power's line home shares two searches). [`Ruleset::legal_actions`]
//! makes one for all its candidates; [`Ruleset::try_apply`] one for its check.
//! It derefs to the [`State`], so a check reads the state through it.
//!
//! Costs: making one is free; the first question about corps counts them,
//! O(corps + powers), on the stack (about 2 KB with the kept searches);
//! each new line question is one or two searches (`loc.rs`), a repeated one
//! O(1).
//!
//! [`Ruleset::legal_actions`]: sandtable_core::Ruleset::legal_actions
//! [`Ruleset::try_apply`]: sandtable_core::Ruleset::try_apply

use crate::board::Occupancy;
use crate::fixed::empty_list;
use crate::ids::{PowerId, Side, SpaceId};
use crate::loc::{LineKey, Reached, Supply};
use crate::state::State;
use crate::NineYears;
use std::cell::{OnceCell, RefCell};
use std::ops::Deref;
use tinyvec::ArrayVec;

/// Line questions a survey keeps (a power's line home for each power, a
/// side's sources, a few single spaces); past that it searches each time.
const LINES: usize = 16;

/// A state with its counts made and its line searches kept.
pub(crate) struct Survey<'a> {
    rules: &'a NineYears,
    s: &'a State,
    occ: OnceCell<Occupancy>,
    lines: RefCell<ArrayVec<[(LineKey, Reached); LINES]>>,
}

impl<'a> Survey<'a> {
    /// A survey of `s`, nothing counted yet.
    pub(crate) fn new(rules: &'a NineYears, s: &'a State) -> Survey<'a> {
        Survey { rules, s, occ: OnceCell::new(), lines: RefCell::new(empty_list()) }
    }

    /// The state surveyed.
    pub(crate) fn state(&self) -> &'a State {
        self.s
    }

    /// The corps counted, the first time asked. O(corps + powers), then O(1).
    pub(crate) fn occupancy(&self) -> &Occupancy {
        self.occ.get_or_init(|| self.rules.occupancy(self.s))
    }

    /// How many corps of `side` (of powers at war) are in `x`
    /// ([`NineYears::count_corps`]). O(1).
    pub(crate) fn count(&self, x: SpaceId, side: Side) -> usize {
        self.occupancy().count(x, side)
    }

    /// Whether `x` is a besieged fortress ([`NineYears::besieged`]). O(1).
    pub(crate) fn besieged(&self, x: SpaceId) -> bool {
        self.rules.besieged_in(self.s, self.occupancy(), x)
    }

    /// Whether `side`'s corps overcrowd `x` (4.1.3 authored): more than
    /// [`NineYears::crowd_limit`]. O(1).
    pub(crate) fn overcrowded(&self, x: SpaceId, side: Side) -> bool {
        self.count(x, side) > self.rules.crowd_limit(x)
    }

    /// [`NineYears::supply_home`], the searches kept.
    pub(crate) fn supply_home(&self, p: PowerId, from: SpaceId) -> Supply {
        self.rules.line(self, LineKey::Home(p), from)
    }

    /// [`NineYears::supply`], the searches kept.
    pub(crate) fn supply(&self, side: Side, from: SpaceId) -> Supply {
        self.rules.line(self, LineKey::Sources(side), from)
    }

    /// [`NineYears::supply_to`] one space, the searches kept.
    pub(crate) fn supply_to(&self, side: Side, from: SpaceId, to: SpaceId, land_only: bool) -> Supply {
        self.rules.line(self, LineKey::To(side, to, land_only), from)
    }

    /// The searches of `key`, made by `search` the first time.
    pub(crate) fn reached(&self, key: LineKey, search: impl FnOnce() -> Reached) -> Reached {
        if let Some(&(_, r)) = self.lines.borrow().iter().find(|(k, _)| *k == key) {
            return r;
        }
        let r = search();
        let mut lines = self.lines.borrow_mut();
        if lines.len() < LINES {
            lines.push((key, r));
        }
        r
    }
}

impl Deref for Survey<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        self.s
    }
}
