//! The bot interface.

use sandtable_core::{Ruleset, Seat};

/// Something that picks a seat's next action in a typed game.
///
/// `Send` so a set of bots can be handed to a worker thread.
pub trait Bot<R: Ruleset>: Send {
    /// One of `legal` (never empty) for `seat` in `state`. Returning an action
    /// outside `legal` is a bot bug: [`crate::playout`] reports it as a refusal.
    fn choose(&mut self, rules: &R, state: &R::State, seat: Seat, legal: &[R::Action]) -> R::Action;
}
