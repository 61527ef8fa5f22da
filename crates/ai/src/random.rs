//! The uniform random bot.

use crate::{Bot, Infoset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::Ruleset;

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
    fn choose(&mut self, info: &Infoset<'_, R>) -> R::Action {
        let legal = info.legal();
        legal[self.rng.gen_range(0..legal.len())]
    }
}
