//! The uniform random bot.

use crate::Bot;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{Ruleset, Seat, Session};

/// Picks uniformly among the legal actions. Its own ChaCha stream (not the
/// game's dice), so the same seed gives the same choices. O(1) per choice.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A bot whose choices follow `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<R: Ruleset> Bot<R> for RandomBot {
    fn choose(&mut self, _rules: &R, _state: &R::State, _seat: Seat, legal: &[R::Action]) -> R::Action {
        legal[self.rng.gen_range(0..legal.len())]
    }
}

/// A uniformly random legal action of `seat`, as text; `None` when the seat
/// owes no decision. Cost: one [`Session::legal`] call (generation plus
/// notation of every legal action).
pub fn random_text_action(session: &dyn Session, seat: Seat, rng: &mut impl Rng) -> Option<String> {
    let mut legal = session.legal(seat);
    if legal.is_empty() {
        return None;
    }
    let i = rng.gen_range(0..legal.len());
    Some(legal.swap_remove(i))
}
