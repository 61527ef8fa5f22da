//! The static board drawings (`Ruleset::drawing`), serialised once per
//! scenario and cached by the scenario's SHA-256: a drawing is tens of KB
//! of JSON that never changes for one scenario, and two games of one game
//! id on different scenarios (a user's scenario file) have different ones.

use axum::body::Bytes;
use sandtable_catalog::UnknownGame;
use sandtable_core::Session;
use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, OnceLock};

/// Drawings kept at most; the oldest entry goes first. Built-in scenarios
/// are a handful; the rest is room for user scenario files in play.
pub const MAX_CACHED: usize = 64;

#[derive(Default)]
struct Cache {
    map: HashMap<String, Bytes>,
    order: VecDeque<String>,
}

fn cached(key: String, build: impl FnOnce() -> serde_json::Value) -> Bytes {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Cache::default()));
    if let Some(b) = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner).map.get(&key) {
        return b.clone();
    }
    // Built outside the lock: two first requests may both build it; one is kept.
    let body = Bytes::from(serde_json::to_vec(&build()).expect("drawings serialise"));
    let mut c = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(b) = c.map.get(&key) {
        return b.clone();
    }
    while c.order.len() >= MAX_CACHED {
        if let Some(old) = c.order.pop_front() {
            c.map.remove(&old);
        }
    }
    c.order.push_back(key.clone());
    c.map.insert(key, body.clone());
    body
}

/// The cache key of a scenario: its SHA-256, or (a game that names none)
/// the game and scenario ids.
fn key(game: &str, scenario: Option<&str>, sha256: Option<&str>) -> String {
    match sha256.filter(|h| !h.is_empty()) {
        Some(h) => format!("sha256:{h}"),
        None => format!("id:{game}/{}", scenario.unwrap_or("")),
    }
}

/// The drawing of catalog game `game`'s default built-in scenario (any case,
/// as `sandtable_catalog::find`) as JSON.
///
/// # Errors
/// No such game.
pub fn json(game: &str) -> Result<Bytes, UnknownGame> {
    let driver = sandtable_catalog::find(game)?;
    let info = driver.game().info();
    let first = info.scenarios.first();
    let k = key(&info.id, first.map(|s| s.id.as_str()), first.map(|s| s.sha256.as_str()));
    Ok(cached(k, || driver.game().drawing()))
}

/// The drawing of a match's own scenario (see `Session::drawing`), as JSON,
/// cached by [`sandtable_core::Setup::scenario_sha256`].
pub fn for_session(session: &dyn Session) -> Bytes {
    let setup = session.setup();
    let k = key(&session.info().id, setup.scenario.as_deref(), setup.scenario_sha256.as_deref());
    cached(k, || session.drawing())
}
