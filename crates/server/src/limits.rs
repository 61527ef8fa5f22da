//! Input limits: request size and request rate per caller.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

/// Largest request body accepted, in bytes. An action is a few dozen bytes;
/// a game creation a few hundred.
pub const MAX_BODY: usize = 16 * 1024;

/// Largest WebSocket message accepted from a client (the client has nothing
/// to say over it; this bounds what a hostile one can make the server hold).
pub const MAX_WS_MESSAGE: usize = 1024;

/// Requests per second allowed per key (a token, or an address for game
/// creation), with bursts of twice that.
pub const PER_SECOND: u32 = 20;

/// A keyed token-bucket limiter. Memory: one small entry per key seen,
/// pruned by [`Limiter::prune`].
pub struct Limiter(DefaultKeyedRateLimiter<String>);

impl Limiter {
    /// A limiter allowing `per_second` per key, bursts of twice that.
    pub fn new(per_second: u32) -> Limiter {
        let rate = NonZeroU32::new(per_second.max(1)).expect("non-zero");
        let burst = NonZeroU32::new(per_second.max(1) * 2).expect("non-zero");
        Limiter(RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)))
    }
    /// Whether `key` may make one more request now.
    pub fn allow(&self, key: &str) -> bool {
        self.0.check_key(&key.to_owned()).is_ok()
    }
    /// Forgets keys idle long enough to be back at a full bucket.
    pub fn prune(&self) {
        self.0.retain_recent();
    }
}
