//! The legal actions of an impulse (3.0–7.5), listed fast: what a unit's
//! checks share across its candidates (activation, being under way, movement
//! points left) is decided once per unit, an entry group's blocked state once
//! per reinforcement, and who can spot a target once per target. The list is
//! the one filtering the candidates with the full checks gives, in the same
//! order; debug builds compare the two on every call.

use crate::action::Action;
use crate::activation::Use;
use crate::occupancy::Occupancy;
use crate::scenario::Start;
use crate::state::{Act, Pos, State};
use crate::unit::{Side, UnitClass, UnitId};
use crate::Totensonntag;
use sandtable_board::HexId;

/// Per enemy unit (by index): the friendly units that can spot it (7.4), as
/// a bit set by unit index, and which targets are worked out already.
struct Spotters {
    seen: [u128; 128],
    known: u128,
}

impl Totensonntag {
    /// Appends `side`'s legal actions in its own impulse to `out`, in the
    /// order of [`Totensonntag::candidates`]: `end`; then unit by unit its
    /// steps and attacks (neighbour order), exit, bombardments, advances and
    /// `top`, or a reinforcement's entries (edge hexes in id order).
    /// O(units × 6 + entering units × edge hexes + bombarded targets ×
    /// units), no heap allocation.
    pub(crate) fn list_impulse(&self, s: &State, side: Side, occ: &Occupancy, out: &mut Vec<Action>) {
        // 2.0: the phasing side may always end its impulse.
        out.push(Action::End);
        let grid = &self.map.grid;
        let mut spotters: Option<Spotters> = None;
        for &u in self.tables.units(side) {
            let us = s.unit(u);
            let class = self.scenario.unit(u).class;
            match us.pos {
                Pos::Hex(h) => {
                    if us.act != Act::Done {
                        let moving = self.is_moving(s, u);
                        // 5.0: a unit under way steps on until a ZOC stops it;
                        // 3.1, 3.2: one not under way must activate.
                        let may_step =
                            if moving { !us.stopped } else { self.check_activation(s, side, u, Use::Move).is_ok() };
                        // 7.5: a unit under way attacks only by overrun (armour and
                        // recon, not after ZOC to ZOC, 5.0); 3.1: else it activates.
                        let may_attack = if moving {
                            class.is_mobile() && !us.no_overrun
                        } else {
                            self.check_activation(s, side, u, Use::Attack).is_ok()
                        };
                        for (_, n) in grid.neighbors(h) {
                            if occ.holder(n) == Some(side.other()) {
                                // 7.1: the top enemy unit; 7.5: an overrun costs the
                                // MP of entering the hex, which it must be able to enter.
                                let ok = may_attack
                                    && occ.top(n).is_some_and(|t| self.side(t) != side)
                                    && (!moving || self.enter_cost(class, n).is_ok_and(|c| c <= us.mp));
                                if ok {
                                    out.push(Action::Attack(u, n));
                                }
                            } else if may_step {
                                let Ok(cost) = self.enter_cost(class, n) else { continue };
                                // 5.0: no artillery into an enemy ZOC; 6.0: a unit under
                                // way needs the MP (the first step is always allowed).
                                let zoc_barred = class == UnitClass::Artillery && occ.in_enemy_zoc(self, n, side);
                                if !zoc_barred && !(moving && cost > us.mp) {
                                    out.push(Action::Move(u, n));
                                }
                            }
                        }
                        if h == self.map.exit && self.check_exit(s, side, u).is_ok() {
                            out.push(Action::Exit(u));
                        }
                        if us.act == Act::Idle
                            && class == UnitClass::Artillery
                            && self.check_activation(s, side, u, Use::Attack).is_ok()
                        {
                            self.list_bombardments(s, side, u, h, &mut spotters, out);
                        }
                    }
                    for m in s.attacks.iter().filter(|m| m.unit == u) {
                        if self.check_advance(s, side, occ, u, m.hex).is_ok() {
                            out.push(Action::Advance(u, m.hex));
                        }
                    }
                    // 4.0: any unit of a stack but the top one may go on top.
                    if occ.count(h, side) > 1 && occ.top(h) != Some(u) {
                        out.push(Action::Top(u));
                    }
                }
                Pos::Off => self.list_entries(s, side, occ, u, out),
                Pos::Exited | Pos::Destroyed => {}
            }
        }
    }

    /// A reinforcement's entries (6.1), edge hex by edge hex. O(edge hexes ×
    /// group hexes).
    fn list_entries(&self, s: &State, side: Side, occ: &Occupancy, u: UnitId, out: &mut Vec<Action>) {
        let Start::Arrives(arr) = self.scenario.starts[u.index()] else { return };
        if !self.arrived(s, u) {
            return;
        }
        let spec = self.scenario.unit(u);
        // 3.1, or 3.3: a "c" unit entering after a Panzer III gets +1.
        let activates = self.check_activation(s, side, u, Use::Move).is_ok()
            || (spec.combined_arms
                && s.entry_bonus > 0
                && self.rating(s, u, Use::Move) + 1 >= s.level[side.index()]
                && s.unit(u).act == Act::Idle);
        if !activates {
            return;
        }
        let entry = &self.scenario.entries[arr.entry as usize];
        let fallback = self.entry_fallback(occ, entry, side);
        for &x in self.tables.edge(entry.edge) {
            if self.check_hex_entry(side, occ, u, x).is_ok() && self.is_entry_hex(occ, entry, side, fallback, x) {
                out.push(Action::Enter(u, x)); // cost checked above; the first step is always allowed (6.0)
            }
        }
    }

    /// An activated artillery unit's bombardments (7.4): enemy units within
    /// its range but not adjacent, each with every friendly unit (not itself)
    /// that sees the target. O(targets × units) the first time a target comes
    /// up in a listing, O(targets + actions) after.
    fn list_bombardments(
        &self,
        s: &State,
        side: Side,
        art: UnitId,
        from: HexId,
        spotters: &mut Option<Spotters>,
        out: &mut Vec<Action>,
    ) {
        let grid = &self.map.grid;
        let range = u16::from(self.scenario.unit(art).range);
        let spotters = spotters.get_or_insert_with(|| Spotters { seen: [0; 128], known: 0 });
        for &t in self.tables.units(side.other()) {
            let Some(th) = s.hex_of(t) else { continue };
            let d = grid.distance(from, th);
            if d < 2 || d > range {
                continue;
            }
            if spotters.known & (1 << t.0) == 0 {
                spotters.known |= 1 << t.0;
                let mut seen = 0u128;
                for &sp in self.tables.units(side) {
                    if s.hex_of(sp).is_some_and(|sh| grid.distance(sh, th) <= self.spotting_range(sh)) {
                        seen |= 1 << sp.0;
                    }
                }
                spotters.seen[t.index()] = seen;
            }
            // 7.4: another friendly unit spots, never the artillery itself.
            let mut seen = spotters.seen[t.index()] & !(1 << art.0);
            while seen != 0 {
                let sp = UnitId(seen.trailing_zeros() as u8);
                seen &= seen - 1;
                out.push(Action::Bombard(art, t, sp));
            }
        }
    }

    /// Debug builds: the fast listing `out[start..]` must be what filtering
    /// the candidates with the full checks gives (same actions, same order).
    /// Uses `out`'s spare room past the listing, then gives it back.
    #[cfg(debug_assertions)]
    pub(crate) fn cross_check(&self, s: &State, side: Side, occ: &Occupancy, out: &mut Vec<Action>, start: usize) {
        let mid = out.len();
        self.candidates(s, side, occ, out);
        sandtable_core::retain_legal(out, mid, |a| self.check_with(s, side, occ, a).is_ok());
        assert_eq!(out[start..mid], out[mid..], "fast impulse listing differs from the checked candidates");
        out.truncate(mid);
    }
}
