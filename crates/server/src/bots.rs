//! Who plays a bot seat. The server asks a [`BotPlayer`] for one decision at
//! a time, under the game's lock; a stronger bot plugs in by implementing
//! the trait and being passed to [`crate::hub::Hub::new`].

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sandtable_core::{Seat, Session};

/// A bot the server can seat.
pub trait BotPlayer: Send + Sync {
    /// Its name, for logs.
    fn name(&self) -> &str;
    /// One legal action for `seat` in canonical notation, or `None` if it
    /// has none. `seed` is the game's seed mixed with its version, so a bot
    /// that draws its randomness from it replays the same.
    fn choose(&self, session: &dyn Session, seat: Seat, seed: u64) -> Option<String>;
}

/// Uniformly random among the legal actions.
pub struct RandomPlayer;

impl BotPlayer for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(&self, session: &dyn Session, seat: Seat, seed: u64) -> Option<String> {
        sandtable_ai::random_text_action(session, seat, &mut ChaCha8Rng::seed_from_u64(seed))
    }
}
