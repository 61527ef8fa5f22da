//! Live updates: a WebSocket per open page, sent the table at once and
//! after every change to its game (and when a bot begins or ends thinking).
//!
//! Each socket costs a task and, while it is open, keeps its game in memory.
//! So a socket is pinged and closed when its client falls silent, a game
//! has a cap on open sockets, and the table is built only when the game's
//! version moved.

use crate::api::{self, AppState, ClientAddr};
use crate::error::ApiError;
use crate::hub::{Slot, SocketCount};
use crate::limits::MAX_WS_MESSAGE;
use crate::storage::Role;
use crate::table::{Held, HeldQuery};
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::Query;
use axum::extract::{Path, State};
use axum::response::Response;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::{interval, sleep_until, Instant, MissedTickBehavior};

/// Close code for "the game's copy here was dropped; connect again"
/// (1012, service restart): the page reconnects and gets the fresh copy.
const RECONNECT: u16 = 1012;

/// Close code for "this link no longer opens the game" (1008, policy
/// violation): its seat's invite was re-issued.
const REVOKED: u16 = 1008;

/// A socket's read buffer: a few of the largest frames a client may send
/// ([`MAX_WS_MESSAGE`]).
const WS_READ_BUFFER: usize = 4 * MAX_WS_MESSAGE;

/// Most a socket may hold of tables not yet written to a slow client: a
/// few tables (the largest are tens of KB); past it the send fails and the
/// socket closes (the page reconnects and catches up).
const WS_MAX_WRITE_BUFFER: usize = 4 << 20;

/// WebSocket keep-alive and cap.
#[derive(Clone, Copy, Debug)]
pub struct WsConfig {
    /// How often a socket re-reads the journal, so changes made through
    /// another server instance sharing the database reach it too, while the
    /// storage has no change feed listening (SQLite; PostgreSQL while its
    /// listening connection is being replaced). Not once the game is over
    /// (changes made here still reach it at once).
    pub poll: Duration,
    /// The same while the change feed listens ([`crate::hub::Hub::listening`]):
    /// other instances' changes then come as notifications, within
    /// milliseconds, and this re-read is only a safety net. Checked at
    /// `poll`'s ticks, so it takes effect in steps of `poll`.
    pub poll_listening: Duration,
    /// How often the server pings each socket.
    pub ping: Duration,
    /// A socket that has sent nothing (a pong or anything) for this long is closed.
    pub timeout: Duration,
    /// Open sockets a game may have; one more is answered `busy` (503).
    pub per_game: usize,
}

impl Default for WsConfig {
    /// Re-read the journal every 5 s (every 60 s while PostgreSQL's
    /// LISTEN/NOTIFY feed listens), ping every 30 s, close after 75 s of
    /// silence (two missed pongs and some slack), 64 sockets a game.
    fn default() -> WsConfig {
        WsConfig {
            poll: Duration::from_secs(5),
            poll_listening: Duration::from_secs(60),
            ping: Duration::from_secs(30),
            timeout: Duration::from_secs(75),
            per_game: 64,
        }
    }
}

/// `GET /api/t/{token}/ws`.
///
/// # Errors
/// `no_token`, `rate`, `busy` (the game has its cap of sockets), before the upgrade.
pub async fn upgrade(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    held: Result<Query<HeldQuery>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let (slot, role) = api::open(&state, addr, &token).await?;
    let held = api::held_of(held)?;
    let ws = ws.map_err(|r| {
        ApiError::new(
            r.status(),
            "websocket",
            format!("this address is a WebSocket: open it with a WebSocket client ({})", r.body_text()),
            format!("этот адрес — WebSocket: откройте его клиентом WebSocket ({})", r.body_text()),
        )
    })?;
    let count = slot.open_socket(state.ws.per_game).ok_or_else(|| ApiError::busy(state.ws.per_game))?;
    // If the upgrade fails the closure is dropped, and with it the count.
    // Buffers sized to the protocol (issue 9: the 128 KiB defaults made
    // each socket cost ~129 KB): the client sends pongs and nothing else,
    // the server's tables are written out at once.
    Ok(ws
        .read_buffer_size(WS_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(WS_MAX_WRITE_BUFFER)
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .on_upgrade(move |socket| push(socket, state, token, slot, role, held, count)))
}

async fn push(
    mut socket: WebSocket,
    state: AppState,
    token: String,
    slot: Arc<Slot>,
    role: Role,
    mut held: Option<Held>,
    _count: SocketCount,
) {
    let config = state.ws;
    let mut changed = slot.changed.subscribe();
    let mut poll = interval(config.poll);
    poll.set_missed_tick_behavior(MissedTickBehavior::Delay);
    poll.tick().await; // the first tick is immediate: the first push catches up anyway
    let mut ping = interval(config.ping);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    ping.tick().await;
    let mut heard = Instant::now();
    // When this socket last re-read the journal.
    let mut read = Instant::now();
    let mut over = false;
    // What to do before waiting again: nothing, compare versions, or
    // re-read the journal and compare.
    let mut check = Some(true);
    loop {
        if let Some(catch_up) = check.take() {
            if catch_up {
                read = Instant::now();
            }
            // The token may have been revoked (a re-issued invite): from
            // memory, or from the database once its cached entry expired.
            match state.hub.resolve(&token).await {
                Ok(_) => {}
                Err(e) if e.kind == "no_token" => {
                    let frame = CloseFrame { code: REVOKED, reason: "revoked".into() };
                    send(&mut socket, Message::Close(Some(frame)), config.timeout).await;
                    return;
                }
                Err(_) => {}
            }
            match state.hub.push(&slot, &role, held, catch_up).await {
                Ok(p) => {
                    if let Some(table) = p.table {
                        if !send(&mut socket, Message::Text(table.to_string().into()), config.timeout).await {
                            return;
                        }
                    }
                    // What the page holds now, and what the bots were doing
                    // then (a bot beginning or ending to think is sent too).
                    held = p.held;
                    over = p.over;
                }
                Err(_) => {
                    // A dead copy (the page should reconnect) or a storage
                    // failure: close, and the page reconnects when it can.
                    let frame = CloseFrame { code: RECONNECT, reason: "reconnect".into() };
                    send(&mut socket, Message::Close(Some(frame)), config.timeout).await;
                    return;
                }
            }
        }
        tokio::select! {
            r = changed.changed() => match r {
                Ok(()) => check = Some(false),
                Err(_) => return,
            },
            _ = poll.tick(), if !over => {
                if !state.hub.listening() || read.elapsed() >= config.poll_listening {
                    check = Some(true);
                }
            }
            _ = ping.tick() => {
                if !send(&mut socket, Message::Ping(Default::default()), config.timeout).await {
                    return;
                }
            }
            _ = sleep_until(heard + config.timeout) => {
                send(&mut socket, Message::Close(None), config.timeout).await;
                return;
            }
            msg = socket.recv() => match msg {
                // Clients have nothing to say; anything but a close only
                // shows the client is there.
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => heard = Instant::now(),
            },
        }
    }
}

/// Sends `msg`, giving up after `limit`: a client that reads nothing fills
/// its connection's buffers, and a send would then wait for ever.
async fn send(socket: &mut WebSocket, msg: Message, limit: Duration) -> bool {
    matches!(tokio::time::timeout(limit, socket.send(msg)).await, Ok(Ok(())))
}
