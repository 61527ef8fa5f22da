//! Live updates: a WebSocket per open page, sent the table at once and
//! after every change to its game.

use crate::api::AppState;
use crate::error::ApiError;
use crate::hub::Slot;
use crate::limits::MAX_WS_MESSAGE;
use crate::storage::Role;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use std::sync::Arc;
use std::time::Duration;

/// How often an idle socket re-reads the journal, so changes made through
/// another server instance (shared PostgreSQL) reach it too.
const POLL: Duration = Duration::from_secs(5);

/// `GET /api/t/{token}/ws`.
///
/// # Errors
/// `no_token` before the upgrade.
pub async fn upgrade(
    State(state): State<AppState>,
    Path(token): Path<String>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !state.limiter.allow(&token) {
        return Err(ApiError::rate());
    }
    let (slot, role) = state.hub.open(&token).await?;
    Ok(ws
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .on_upgrade(move |socket| push(socket, state, slot, role)))
}

async fn push(mut socket: WebSocket, state: AppState, slot: Arc<Slot>, role: Role) {
    let mut changed = slot.changed.subscribe();
    let mut sent = None;
    let mut poll = tokio::time::interval(POLL);
    loop {
        let table = match state.hub.table(&slot, &role).await {
            Ok(t) => t,
            Err(_) => return,
        };
        let version = table["version"].as_u64();
        if version != sent {
            if socket.send(Message::Text(table.to_string().into())).await.is_err() {
                return;
            }
            sent = version;
        }
        tokio::select! {
            r = changed.changed() => if r.is_err() { return },
            _ = poll.tick() => {}
            msg = socket.recv() => match msg {
                // Clients have nothing to say; anything but a close is ignored.
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
