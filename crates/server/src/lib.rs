//! # sandtable-server
//!
//! `sandtable serve`: games in the browser. Seat links are capabilities
//! (`hub.rs` creates them, `table.rs` shows each holder only what its seat
//! may see); every action goes through the rules and is committed to the
//! journal (`storage.rs`: SQLite or PostgreSQL) before it is acknowledged;
//! bots (each bot seat its own [`sandtable_ai::BotSpec`], asked through the catalog, thinking off the
//! request path) play their seats server-side; WebSockets push each change (`ws.rs`).
//! The API is documented in `docs/server.md`.
#![deny(missing_docs)]

pub mod api;
pub mod connections;
pub mod dice;
mod drawings;
pub mod error;
mod group_commit;
pub mod hub;
pub mod limits;
mod live;
pub mod mail;
pub mod postgres;
pub mod responses;
pub mod sqlite;
pub mod storage;
pub mod table;
mod web;
pub mod ws;

use sandtable_ai::{BotSpec, Level};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How hard SQLite works to keep an acknowledged action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Durability {
    /// fsync at every commit: survives a power cut.
    Full,
    /// fsync at checkpoints: survives a killed server, not a power cut.
    Normal,
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// `sqlite:PATH`, a path, or `postgres://…`.
    pub database: String,
    /// SQLite's durability.
    pub durability: Durability,
    /// How long a bot takes at least over each move (its thinking included), so people can follow it.
    pub bot_delay: Duration,
    /// Requests per second per token and per client address (game
    /// creations: a twentieth of it, see [`limits::Limiter::new`]).
    pub rate: u32,
    /// Connections held at once, per client address and in all.
    pub caps: connections::ConnLimits,
    /// Sends turn notices by e-mail to the seats that gave an address;
    /// `None`: no e-mail (the page does not offer it).
    pub mailer: Option<mail::Mailer>,
}

/// A running server.
pub struct Running {
    /// The address it listens on (the real port when 0 was asked).
    pub addr: SocketAddr,
    /// What the storage is.
    pub storage: String,
    /// The server task; it runs until aborted or the runtime ends.
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// The bot of a bot seat created or handed over without one of its own:
/// the search bot at the normal level.
pub const DEFAULT_BOT: BotSpec = BotSpec::mcts(Level::Normal);

/// Opens the storage, binds and starts serving in a task, bot seats given
/// no bot of their own played by [`DEFAULT_BOT`].
///
/// # Errors
/// The database cannot be opened, or the address bound.
pub async fn start(config: &Config) -> Result<Running, String> {
    start_with_bot(config, DEFAULT_BOT).await
}

/// [`start`] with another default bot (the tests: the random one, fast).
///
/// # Errors
/// The database cannot be opened, or the address bound.
pub async fn start_with_bot(config: &Config, bot: BotSpec) -> Result<Running, String> {
    let (database, durability) = (config.database.clone(), config.durability);
    let store = tokio::task::spawn_blocking(move || storage::open(&database, durability))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot open the database {:?}: {e}", config.database))?;
    let store: Arc<dyn storage::Storage> = Arc::from(store);
    let described = store.describe();
    let hub = hub::Hub::new(store, config.bot_delay, bot);
    if let Some(mailer) = &config.mailer {
        hub.set_mailer(mailer.clone());
    }
    let mut state = api::AppState::new(hub, Arc::new(limits::Limiter::new(config.rate)));
    state.caps = config.caps;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let task = tokio::spawn(serve(listener, state));
    Ok(Running { addr, storage: described, task })
}

/// Serves `state` on `listener` until the future is dropped, with the
/// client addresses the rate limits need, the connection caps and timeouts
/// (`connections.rs`), the periodic upkeep ([`upkeep`]) and the storage's
/// change feed ([`follow`]) running alongside and stopping with it.
///
/// # Errors
/// None today (an accept error pauses accepting); the type stays for callers.
pub async fn serve(listener: tokio::net::TcpListener, state: api::AppState) -> std::io::Result<()> {
    struct AbortOnDrop(tokio::task::JoinHandle<()>);
    impl Drop for AbortOnDrop {
        fn drop(&mut self) {
            self.0.abort();
        }
    }
    let _upkeep = AbortOnDrop(tokio::spawn(upkeep(state.clone(), UPKEEP_EVERY)));
    let _follow = AbortOnDrop(tokio::spawn(follow(state.hub.clone())));
    let caps = state.caps;
    connections::accept_loop(listener, api::router(state), caps).await;
    Ok(())
}

/// How often [`upkeep`] runs when [`serve`] runs it.
pub const UPKEEP_EVERY: Duration = Duration::from_secs(60);

/// Every `every`: forgets idle rate-limit keys and drops from memory the
/// games idle for [`hub::IDLE`]. Cost per run: O(keys + games in memory).
pub async fn upkeep(state: api::AppState, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    loop {
        ticks.tick().await;
        state.limiter.prune();
        state.hub.evict_idle(hub::IDLE);
    }
}

/// Hands the hub every change the storage's feed reports
/// ([`storage::Storage::watch`]: PostgreSQL's LISTEN/NOTIFY), so a move
/// made through another server instance sharing the database reaches the
/// pages open here as it commits, not at the next poll. Returns at once
/// when the storage has no feed (SQLite). The feed's thread ends soon after
/// this future is dropped (its receiver goes with it). Cost: one database
/// connection and one thread for as long as it runs; per change, see
/// [`hub::Hub::noticed`].
pub async fn follow(hub: Arc<hub::Hub>) {
    let (feed, mut changes) = tokio::sync::mpsc::unbounded_channel();
    if !hub.store().watch(feed) {
        return;
    }
    while let Some(change) = changes.recv().await {
        hub.noticed(change);
    }
    // The feed's thread is gone (it only ends when not wanted, or if it
    // panicked): poll as without one.
    hub.noticed(storage::Change::Lost);
}
