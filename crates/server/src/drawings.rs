//! The games' static board drawings (`Ruleset::drawing`), serialised once
//! per game and process: a drawing is tens of KB of JSON that never changes
//! while the server runs.

use axum::body::Bytes;
use sandtable_catalog::UnknownGame;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The drawing of catalog game `game` (any case, as `sandtable_catalog::find`)
/// as JSON, built on the first request for it and shared after (a cheap
/// clone). The cache holds one entry per catalog game at most.
///
/// # Errors
/// No such game.
pub fn json(game: &str) -> Result<Bytes, UnknownGame> {
    static CACHE: OnceLock<Mutex<HashMap<String, Bytes>>> = OnceLock::new();
    let driver = sandtable_catalog::find(game)?;
    let id = &driver.game().info().id;
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(b) = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(id) {
        return Ok(b.clone());
    }
    // Built outside the lock: two first requests may both build it; one is kept.
    let body = Bytes::from(serde_json::to_vec(&driver.game().drawing()).expect("drawings serialise"));
    let mut cache = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    Ok(cache.entry(id.clone()).or_insert(body).clone())
}
