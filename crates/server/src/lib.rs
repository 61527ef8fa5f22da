//! # sandtable-server
//!
//! `sandtable serve`: games in the browser. Seat links are capabilities
//! (`hub.rs` creates them, `table.rs` shows each holder only what its seat
//! may see); every action goes through the rules and is committed to the
//! journal (`storage.rs`: SQLite or PostgreSQL) before it is acknowledged;
//! bots play their seats server-side; WebSockets push each change (`ws.rs`).
//! The API is documented in `docs/server.md`.
#![deny(missing_docs)]

pub mod api;
pub mod bots;
pub mod error;
pub mod hub;
pub mod limits;
pub mod postgres;
pub mod sqlite;
pub mod storage;
pub mod table;
mod web;
mod ws;

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
    /// How long a bot waits before each move.
    pub bot_delay: Duration,
    /// Requests per second per token.
    pub rate: u32,
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

/// Opens the storage, binds and starts serving in a task.
///
/// # Errors
/// The database cannot be opened, or the address bound.
pub async fn start(config: &Config) -> Result<Running, String> {
    let (database, durability) = (config.database.clone(), config.durability);
    let store = tokio::task::spawn_blocking(move || storage::open(&database, durability))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot open the database {:?}: {e}", config.database))?;
    let store: Arc<dyn storage::Storage> = Arc::from(store);
    let described = store.describe();
    let hub = hub::Hub::new(store, config.bot_delay, Arc::new(bots::RandomPlayer));
    let limiter = Arc::new(limits::Limiter::new(config.rate));
    let pruned = limiter.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            pruned.prune();
        }
    });
    let app = api::router(api::AppState { hub, limiter });
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let task =
        tokio::spawn(
            async move { axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await },
        );
    Ok(Running { addr, storage: described, task })
}
