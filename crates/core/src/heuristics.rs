//! What a game knows about playing itself well: the knowledge search bots
//! and the greedy bot use where uniformly random play is blind.
//!
//! It lives here, beside the contract, so that each game's crate keeps its
//! own knowledge (documented there, e.g. `games/colditz/src/heuristics.rs`)
//! without depending on the bots.

use crate::{Outcome, Ruleset, Seat};

/// A game's evaluation of positions and its rollout policy.
///
/// Both are called on *sampled* worlds (a search never sees the real hidden
/// state), so they may read everything in the state they are given.
pub trait Heuristics: Ruleset {
    /// How good `state` looks for `seat`, from 0 (a sure loss) to 1 (a sure
    /// win): victory points, losses, supply, escape progress… A search cuts
    /// its rollouts short and scores the position with it. Required: a game
    /// with no knowledge of its own would make every bot play blind. Cost:
    /// should be O(pieces on the board), it runs once per search iteration.
    fn evaluate(&self, state: &Self::State, seat: Seat) -> f64;

    /// How much likelier than a plain legal action `action` is in a rollout
    /// and in the order a search tries actions (0 = never in a rollout nor
    /// in a search's tree unless every action weighs 0, 1 = plain). Default: every action 1,
    /// i.e. uniform. Cost: called for every legal action at every rollout
    /// step: keep it O(1).
    fn action_weight(&self, _state: &Self::State, _seat: Seat, _action: Self::Action) -> u32 {
        1
    }

    /// [`Heuristics::action_weight`] of each of `actions` in `state`, in
    /// order, into `out` (cleared first): what bots call at every rollout
    /// step. A game whose weights share work that depends on the position
    /// alone (Colditz's escape plan) overrides it to do that work once per
    /// list, not once per action; it must give the same weights. Default:
    /// one `action_weight` per action. Cost: O(actions) calls; no heap
    /// once `out` has grown.
    fn action_weights(&self, state: &Self::State, seat: Seat, actions: &[Self::Action], out: &mut Vec<u32>) {
        out.clear();
        out.extend(actions.iter().map(|&a| self.action_weight(state, seat, a)));
    }

    /// Quantities a balance study follows over a game — victory points,
    /// officers escaped, steps lost — as (name, value) pairs, the name in
    /// English (`"VP (Axis)"`). The arena samples them every few decisions
    /// and plots their mean over the games. Default: none. Cost: allocates
    /// the list; called rarely.
    fn measures(&self, _state: &Self::State) -> Vec<(&'static str, f64)> {
        Vec::new()
    }

    /// Whether a search should anchor its choice on one ply of
    /// [`Heuristics::evaluate`], and how sure it must be to overrule it
    /// ([`Overrule`]). For a game whose evaluation ranks one step better than
    /// the search's rollouts of [`Heuristics::action_weight`] can (measured:
    /// `sandtable arena` against the greedy bot). Default: `None`, the search
    /// decides alone. Cost: O(1).
    fn search_anchor(&self) -> Option<Overrule> {
        None
    }
    /// The weight of the tree's *implicit minimax* of evaluations in what a
    /// search makes of an action, beside the mean of its rollouts (Lanctot,
    /// Winands, Pepels & Sturtevant, "Monte Carlo Tree Search with Heuristic
    /// Evaluations using Implicit Minimax Backups", CIG 2014): every node a
    /// search opens is scored at once with [`Heuristics::evaluate`], and a
    /// node's score is that of its best child for the seat choosing there.
    /// For a game whose evaluation sees what its rollouts, cut short, would
    /// miss (measured: `sandtable arena` against the greedy bot). Default:
    /// 0, rollouts alone. Cost: O(1); a search that uses it evaluates once
    /// more per iteration and keeps 64 bytes more a node.
    fn implicit_minimax(&self) -> f64 {
        0.0
    }
}

/// When an anchored search takes its own favourite root action over the
/// one-ply favourite: only when both hold.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Overrule {
    /// Its mean result is higher by this many standard errors of the
    /// difference.
    pub standard_errors: f64,
    /// It was visited at least this many times as often as the one-ply
    /// favourite (0: no such condition). The guard against the winner's
    /// curse: among twenty root actions of a few visits each, the most
    /// visited is the one whose first rollouts were luckiest, and its mean
    /// is ahead by a standard error or two on that luck alone; an action
    /// really better keeps drawing the visits UCB hands out, one merely
    /// lucky does not.
    pub visit_ratio: f64,
}

impl Overrule {
    /// Overruled at `z` standard errors, with no visit condition.
    pub const fn standard_errors(z: f64) -> Overrule {
        Overrule { standard_errors: z, visit_ratio: 0.0 }
    }
}

/// The score of a finished game for `seat`: 1 for a win (shared or not), 0
/// for a loss, ½ for a draw. O(1).
pub fn outcome_value(outcome: &Outcome, seat: Seat) -> f64 {
    if outcome.winners.is_empty() {
        0.5
    } else if outcome.winners.contains(seat) {
        1.0
    } else {
        0.0
    }
}

/// `x` squashed into (0, 1) with `scale` the value that reads as 73%: the
/// usual way to turn a signed balance (VP ahead, strength ratio) into an
/// evaluation. O(1).
pub fn squash(x: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-x / scale.max(f64::MIN_POSITIVE)).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SeatSet, Text};

    #[test]
    fn outcome_value_win_loss_draw() {
        let won = Outcome { winners: SeatSet::one(Seat::new(1)), text: Text::fixed("b", "b") };
        assert_eq!(outcome_value(&won, Seat::new(1)), 1.0);
        assert_eq!(outcome_value(&won, Seat::new(0)), 0.0);
        let draw = Outcome { winners: SeatSet::EMPTY, text: Text::fixed("d", "d") };
        assert_eq!(outcome_value(&draw, Seat::new(0)), 0.5);
    }

    #[test]
    fn squash_is_a_half_at_zero_and_monotone() {
        assert!((squash(0.0, 3.0) - 0.5).abs() < 1e-12);
        assert!(squash(3.0, 3.0) > 0.73 && squash(3.0, 3.0) < 0.74);
        assert!(squash(-1.0, 3.0) < squash(1.0, 3.0));
    }
}
