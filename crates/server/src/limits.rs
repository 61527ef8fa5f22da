//! Input limits: request size, and request rate per caller.
//!
//! Rates are kept per key in bounded maps: per **token** only for tokens
//! that exist (a made-up token is never a key), and per client **address**
//! for everything that is not yet tied to a real token (a token lookup that
//! misses the hub's cache, the catalog, the drawings, the game list) and,
//! separately, for creating games.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Largest request body accepted, in bytes. An action is a few dozen bytes;
/// a game creation a few hundred.
pub const MAX_BODY: usize = 16 * 1024;

/// Largest game creation body, in bytes: it may carry a user's scenario
/// file (the built-in Totensonntag scenario with its map is about 35 KB).
pub const MAX_CREATE_BODY: usize = 256 * 1024;

/// The largest body a request to `path` may carry: [`MAX_CREATE_BODY`] for
/// a game creation or a scenario check (both carry a scenario file),
/// [`MAX_BODY`] for anything else.
pub fn max_body(path: &str) -> usize {
    if path == "/api/games" || path == "/api/scenario" {
        MAX_CREATE_BODY
    } else {
        MAX_BODY
    }
}

/// Largest WebSocket message accepted from a client (the client has nothing
/// to say over it; this bounds what a hostile one can make the server hold).
pub const MAX_WS_MESSAGE: usize = 1024;

/// The most a bot of a server game may spend on one decision: a time budget
/// (ms), an iteration budget (4 × `hard`'s), and threads. A bot thinks on a
/// server thread for as long as its budget says, so a bot asked for through
/// the API (`mcts:1000000s:64t`) must not hold the machine.
pub const MAX_BOT_MS: u32 = 10_000;
/// See [`MAX_BOT_MS`].
pub const MAX_BOT_ITERATIONS: u32 = 4_096;
/// See [`MAX_BOT_MS`].
pub const MAX_BOT_THREADS: u8 = 4;

/// `spec` as the server accepts it for a seat: within [`MAX_BOT_MS`],
/// [`MAX_BOT_ITERATIONS`] and [`MAX_BOT_THREADS`].
///
/// # Errors
/// What is over, both languages.
pub fn bot_within_limits(spec: sandtable_ai::BotSpec) -> Result<sandtable_ai::BotSpec, sandtable_core::Text> {
    use sandtable_ai::{BotKind, Budget};
    if spec.kind != BotKind::Mcts {
        return Ok(spec);
    }
    let over = match spec.budget {
        Budget::Millis(ms) if ms > MAX_BOT_MS => Some((format!("{ms} ms"), format!("{ms} мс"))),
        Budget::Iterations(n) if n > MAX_BOT_ITERATIONS => Some((format!("{n} iterations"), format!("{n} итераций"))),
        _ => None,
    };
    if let Some((en, ru)) = over {
        return Err(sandtable_core::Text::new(
            format!("{spec}: {en} a move is over this server's limit ({MAX_BOT_MS} ms or {MAX_BOT_ITERATIONS} iterations)"),
            format!("{spec}: {ru} на ход — больше предела этого сервера ({MAX_BOT_MS} мс или {MAX_BOT_ITERATIONS} итераций)"),
        ));
    }
    if spec.threads > MAX_BOT_THREADS {
        return Err(sandtable_core::Text::new(
            format!("{spec}: {} threads is over this server's limit ({MAX_BOT_THREADS})", spec.threads),
            format!("{spec}: потоков {} — больше предела этого сервера ({MAX_BOT_THREADS})", spec.threads),
        ));
    }
    Ok(spec)
}

/// Requests per second allowed per token and per address, with bursts of
/// twice that.
pub const PER_SECOND: u32 = 20;

/// Keys each map holds at most. Beyond it a new key is refused (its caller
/// answered `rate`) until idle keys are forgotten; keys already held go on
/// as before. About 100 bytes a key: a few MB at most.
pub const MAX_KEYS: usize = 50_000;

/// A map full of keys is swept for idle ones at most this often, so a flood
/// of new keys costs one sweep per interval, not one per request.
const SWEEP_AT_MOST_EVERY: Duration = Duration::from_millis(500);

/// Token buckets per key (GCRA: one instant per key, the time at which its
/// bucket would be full again), behind one mutex held for a map lookup.
struct Keyed<K> {
    /// Time one request adds to the bucket.
    period: Duration,
    /// How far ahead of now a key's full-again time may run: the burst.
    tolerance: Duration,
    cap: usize,
    map: Mutex<(HashMap<K, Instant>, Instant)>,
}

impl<K: Hash + Eq + Clone> Keyed<K> {
    fn new(per_second: u32, burst: u32, cap: usize) -> Keyed<K> {
        let period = Duration::from_secs(1) / per_second.max(1);
        Keyed {
            period,
            tolerance: period * burst.max(1).saturating_sub(1),
            cap,
            map: Mutex::new((HashMap::new(), Instant::now())),
        }
    }

    /// Whether `key` may make one more request now (and counts it if so).
    /// O(1), and O(keys) at most once per [`SWEEP_AT_MOST_EVERY`] when full.
    fn allow(&self, key: &K) -> bool {
        let now = Instant::now();
        let mut guard = self.map.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (map, swept) = &mut *guard;
        let full_again = match map.get(key) {
            Some(t) => (*t).max(now),
            None => {
                if map.len() >= self.cap && now.duration_since(*swept) >= SWEEP_AT_MOST_EVERY {
                    map.retain(|_, t| *t > now);
                    *swept = now;
                }
                if map.len() >= self.cap {
                    return false;
                }
                now
            }
        };
        if full_again.duration_since(now) > self.tolerance {
            return false;
        }
        map.insert(key.clone(), full_again + self.period);
        true
    }

    /// Forgets keys whose bucket is full again (the same as never seen).
    fn prune(&self) {
        let now = Instant::now();
        let mut guard = self.map.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        guard.0.retain(|_, t| *t > now);
        guard.0.shrink_to_fit();
        guard.1 = now;
    }

    fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(std::sync::PoisonError::into_inner).0.len()
    }
}

/// The server's rate limits. Memory: at most [`MAX_KEYS`] small entries in
/// each of its three maps, fewer once [`Limiter::prune`] has run.
pub struct Limiter {
    /// Per real token: `rate`/s, bursts of twice that.
    tokens: Keyed<String>,
    /// Per address, requests not tied to a known token: `rate`/s, bursts of twice that.
    addresses: Keyed<IpAddr>,
    /// Per address, game creations: `rate`/20 per second (at least 1), bursts of ten times that.
    creations: Keyed<IpAddr>,
}

impl Limiter {
    /// A limiter allowing `per_second` requests per token and per address
    /// (bursts of twice that) and a twentieth of it in game creations per
    /// address (at least one a second, bursts of ten times that: 1/s and 10
    /// at the default 20/s).
    pub fn new(per_second: u32) -> Limiter {
        Limiter::with_capacity(per_second, MAX_KEYS)
    }

    /// As [`Limiter::new`], each map holding at most `cap` keys.
    pub fn with_capacity(per_second: u32, cap: usize) -> Limiter {
        let per_second = per_second.max(1);
        let creations = (per_second / 20).max(1);
        Limiter {
            tokens: Keyed::new(per_second, per_second.saturating_mul(2), cap),
            addresses: Keyed::new(per_second, per_second.saturating_mul(2), cap),
            creations: Keyed::new(creations, creations.saturating_mul(10), cap),
        }
    }

    /// Whether the holder of `token` (one that exists) may make one more request.
    pub fn token(&self, token: &str) -> bool {
        self.tokens.allow(&token.to_owned())
    }

    /// Whether the client at `addr` may make one more request not tied to a
    /// known token.
    pub fn address(&self, addr: Option<SocketAddr>) -> bool {
        self.addresses.allow(&client_key(addr))
    }

    /// Whether the client at `addr` may create one more game now.
    pub fn creation(&self, addr: Option<SocketAddr>) -> bool {
        self.creations.allow(&client_key(addr))
    }

    /// Forgets keys idle long enough to be back at a full bucket. O(keys).
    pub fn prune(&self) {
        self.tokens.prune();
        self.addresses.prune();
        self.creations.prune();
    }

    /// Keys held, over all three maps (for tests and reports).
    pub fn len(&self) -> usize {
        self.tokens.len() + self.addresses.len() + self.creations.len()
    }

    /// Whether no key is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The key of a client address: an IPv4 address, or an IPv6 /64 network
/// (one host is commonly given a whole /64, so a single address would let
/// it pick fresh keys at will). Without connect info every client is one
/// key (the unspecified address). Behind a reverse proxy every client is
/// the proxy: forwarded headers are not trusted.
pub(crate) fn client_key(addr: Option<SocketAddr>) -> IpAddr {
    match addr.map(|a| a.ip()) {
        None => IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
        Some(IpAddr::V4(v4)) => IpAddr::V4(v4),
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}
