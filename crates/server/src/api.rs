//! The HTTP routes (see docs/server.md).

use crate::error::ApiError;
use crate::hub::{blocking, Hub};
use crate::limits::{Limiter, MAX_BODY};
use crate::storage::SeatKind;
use crate::{web, ws};
use axum::body::Bytes;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use sandtable_core::{GameRecord, Setup};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::Arc;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The live games.
    pub hub: Arc<Hub>,
    /// Requests per token / per address.
    pub limiter: Arc<Limiter>,
}

type Answer = Result<Response, ApiError>;

/// The router: API, WebSocket and the client's files.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/t/{token}", get(page))
        .route("/api/catalog", get(catalog))
        .route("/api/drawing/{game}", get(drawing))
        .route("/api/games", get(list).post(create))
        .route("/api/t/{token}", get(table))
        .route("/api/t/{token}/act", post(act))
        .route("/api/t/{token}/undo", post(undo))
        .route("/api/t/{token}/seat", post(seat))
        .route("/api/t/{token}/replay", get(replay))
        .route("/api/t/{token}/ws", get(ws::upgrade))
        .fallback(get(asset))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// The peer's address when the server was started with connect info.
pub struct ClientAddr(pub Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)))
    }
}

/// Reads a JSON body of type `T`, answering `too_large` or `json` errors.
fn body<T: DeserializeOwned>(bytes: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = bytes.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(MAX_BODY)
        } else {
            ApiError::json(r.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(ApiError::json)
}

fn limit(state: &AppState, key: &str) -> Result<(), ApiError> {
    if state.limiter.allow(key) {
        Ok(())
    } else {
        Err(ApiError::rate())
    }
}

async fn page() -> Html<&'static str> {
    Html(web::index())
}

async fn asset(uri: axum::http::Uri) -> Response {
    match web::asset(uri.path()) {
        Some((ty, body)) => ([(header::CONTENT_TYPE, ty), (header::CACHE_CONTROL, "no-cache")], body).into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page", "нет такой страницы").into_response(),
    }
}

async fn catalog() -> Json<Value> {
    let games: Vec<_> = sandtable_catalog::catalog().iter().map(|d| d.game().info().clone()).collect();
    Json(json!({ "games": games }))
}

async fn drawing(Path(game): Path<String>) -> Answer {
    let driver = sandtable_catalog::find(&game).map_err(|e| {
        let t = e.text();
        ApiError::new(StatusCode::NOT_FOUND, "unknown_game", t.en, t.ru)
    })?;
    Ok(([(header::CACHE_CONTROL, "max-age=3600")], Json(driver.game().drawing())).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    scenario: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    seats: HashMap<String, SeatKind>,
}

async fn create(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    limit(&state, &format!("create:{}", addr.map_or_else(String::new, |a| a.ip().to_string())))?;
    let req: NewGame = body(bytes)?;
    let mut options = BTreeMap::new();
    for (k, v) in req.options {
        let v = match v {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            other => {
                return Err(ApiError::json(format!("option {k:?} has value {other}, not a string, number or boolean")))
            }
        };
        options.insert(k, v);
    }
    let setup = Setup { scenario: req.scenario, options, seed: req.seed.unwrap_or_else(rand::random) };
    let created = state.hub.create(&req.game, &setup, &req.seats).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn list(State(state): State<AppState>) -> Answer {
    let rows = blocking(state.hub.store(), |s| s.list(100)).await?;
    let games: Vec<Value> = rows
        .into_iter()
        .map(|l| {
            let mut v = json!({"id": l.game.id, "game": l.game.game, "created": l.game.created, "version": l.version});
            if let (Value::Object(o), Ok(Value::Object(st))) = (&mut v, serde_json::from_str::<Value>(&l.status)) {
                o.extend(st);
            }
            v
        })
        .collect();
    Ok(Json(json!({ "games": games })).into_response())
}

async fn table(State(state): State<AppState>, Path(token): Path<String>) -> Answer {
    limit(&state, &token)?;
    let (slot, role) = state.hub.open(&token).await?;
    Ok(Json(state.hub.table(&slot, &role).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    version: u64,
    action: String,
}

async fn act(State(state): State<AppState>, Path(token): Path<String>, bytes: Result<Bytes, BytesRejection>) -> Answer {
    limit(&state, &token)?;
    let req: Act = body(bytes)?;
    let (slot, role) = state.hub.open(&token).await?;
    let (version, events) = state.hub.act(&slot, &role, req.version, &req.action).await?;
    Ok(Json(json!({"version": version, "events": events})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    version: u64,
}

async fn undo(
    State(state): State<AppState>,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    limit(&state, &token)?;
    let req: Undo = body(bytes)?;
    let (slot, role) = state.hub.open(&token).await?;
    let version = state.hub.undo(&slot, &role, req.version).await?;
    Ok(Json(json!({ "version": version })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatChange {
    seat: String,
    kind: SeatKind,
}

async fn seat(
    State(state): State<AppState>,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    limit(&state, &token)?;
    let req: SeatChange = body(bytes)?;
    let (slot, role) = state.hub.open(&token).await?;
    let version = state.hub.set_seat(&slot, &role, &req.seat, req.kind).await?;
    Ok(Json(json!({ "version": version })).into_response())
}

#[derive(Deserialize)]
struct At {
    at: usize,
}

async fn replay(State(state): State<AppState>, Path(token): Path<String>, Query(at): Query<At>) -> Answer {
    limit(&state, &token)?;
    let (slot, role) = state.hub.open(&token).await?;
    let live = slot.live.lock().await;
    let log = live.session.log();
    if at.at > log.len() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "json",
            format!("the game has {} decisions, not {}", log.len(), at.at),
            format!("в партии {} решений, а не {}", log.len(), at.at),
        ));
    }
    let of = log.len();
    let record = GameRecord { log: log[..at.at].to_vec(), ..live.session.record() };
    let viewer = live.viewer(&role);
    let driver = live.driver.clone();
    drop(live);
    // O(at) applies: off the async threads.
    let view = tokio::task::spawn_blocking(move || driver.replay(&record).map(|s| s.view(viewer)))
        .await
        .map_err(|e| ApiError::json(e.to_string()))?
        .map_err(|e| ApiError::storage(&crate::storage::StorageError::Backend(e.to_string())))?;
    Ok(Json(json!({"at": at.at, "of": of, "view": view})).into_response())
}
