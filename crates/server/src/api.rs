//! The HTTP routes (see docs/server.md).

use crate::dice::DiceChoice;
use crate::error::ApiError;
use crate::hub::{blocking, is_token, Hub, SeatChoice, Slot};
use crate::limits::{Limiter, MAX_BODY};
use crate::storage::{Listing, Role, SeatKind};
use crate::table::{Held, HeldQuery};
use crate::{drawings, web, ws};
use axum::body::Bytes;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use sandtable_ai::BotSpec;
use sandtable_core::{ScenarioFile, Setup};
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
    /// WebSocket keep-alive and cap.
    pub ws: ws::WsConfig,
    /// Connections per client address and in all.
    pub caps: crate::connections::ConnLimits,
}

impl AppState {
    /// The state for `hub` and `limiter`, WebSockets and connection caps as by default.
    pub fn new(hub: Arc<Hub>, limiter: Arc<Limiter>) -> AppState {
        AppState { hub, limiter, ws: ws::WsConfig::default(), caps: crate::connections::ConnLimits::default() }
    }
}

type Answer = Result<Response, ApiError>;

/// The router: API, WebSocket and the client's files.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/t/{token}", get(page))
        .route("/games/{file}", get(renderer))
        .route("/api/catalog", get(catalog))
        .route("/api/scenario", post(scenario))
        .route("/api/drawing/{game}", get(drawing))
        .route(
            "/api/games",
            get(list).post(create).layer(axum::extract::DefaultBodyLimit::max(crate::limits::MAX_CREATE_BODY)),
        )
        .route("/api/games/held", post(held_games))
        .route("/api/t/{token}", get(table))
        .route("/api/t/{token}/act", post(act))
        .route("/api/t/{token}/undo", post(undo))
        .route("/api/t/{token}/seat", post(seat))
        .route("/api/t/{token}/claim", post(claim))
        .route("/api/t/{token}/invite", post(reissue))
        .route("/api/t/{token}/mail", get(mail).post(set_mail))
        .route("/api/t/{token}/replay", get(replay))
        .route("/api/t/{token}/share", post(share))
        .route("/api/t/{token}/record", get(record))
        .route("/api/t/{token}/drawing", get(game_drawing))
        .route("/api/t/{token}/ws", get(ws::upgrade))
        .fallback(get(asset))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::connections::read_body_in_time))
        .layer(axum::middleware::from_fn(crate::responses::guard))
        .with_state(state)
}

/// The peer's address when the server was started with connect info
/// (`into_make_service_with_connect_info::<SocketAddr>()`); without it all
/// clients share one rate-limit key.
pub struct ClientAddr(pub Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)))
    }
}

/// Reads a JSON body of type `T`, answering `too_large` or `json` errors.
fn body<T: DeserializeOwned>(bytes: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    body_limited(bytes, MAX_BODY)
}

/// [`body`] for a route with its own size limit.
fn body_limited<T: DeserializeOwned>(bytes: Result<Bytes, BytesRejection>, max: usize) -> Result<T, ApiError> {
    let bytes = bytes.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(max)
        } else {
            ApiError::json(r.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(ApiError::json)
}

fn limit(allowed: bool) -> Result<(), ApiError> {
    if allowed {
        Ok(())
    } else {
        Err(ApiError::rate())
    }
}

/// The game and role of a token route, checked in the order that keeps
/// made-up input cheap: a malformed token is refused before anything else
/// (no limiter entry, no lookup); a token the hub does not know yet costs
/// its client address one request of its rate before the database lookup
/// (so guessing tokens is limited per client, not per guess); a real token
/// is then limited on its own.
///
/// # Errors
/// `no_token`, `rate`, storage.
pub(crate) async fn open(
    state: &AppState,
    addr: Option<SocketAddr>,
    token: &str,
) -> Result<(Arc<Slot>, Role), ApiError> {
    if !is_token(token) {
        return Err(ApiError::no_token());
    }
    if !state.hub.knows(token) {
        limit(state.limiter.address(addr))?;
    }
    let (game, role) = state.hub.resolve(token).await?;
    limit(state.limiter.token(token))?;
    Ok((state.hub.slot(&game).await?, role))
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

/// A game's renderer, `/games/{id}.js`: the script the game's crate embeds,
/// found through the catalog; served as the shell's own scripts are.
async fn renderer(Path(file): Path<String>) -> Answer {
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page", "нет такой страницы");
    let id = file.strip_suffix(".js").ok_or_else(not_found)?;
    let script = web::renderer(id)
        .map_err(|e| {
            let t = e.text();
            ApiError::new(StatusCode::NOT_FOUND, "unknown_game", t.en, t.ru)
        })?
        .ok_or_else(not_found)?;
    Ok(([(header::CONTENT_TYPE, web::JS), (header::CACHE_CONTROL, "no-cache")], script).into_response())
}

async fn catalog(State(state): State<AppState>, ClientAddr(addr): ClientAddr) -> Answer {
    limit(state.limiter.address(addr))?;
    let games: Vec<_> = sandtable_catalog::catalog().iter().map(|d| d.game().info().clone()).collect();
    let bots: Vec<Value> = BotSpec::listed()
        .into_iter()
        .map(|b| json!({"name": b.name(), "kind": b.kind.name(), "level": b.level().map(|l| l.name()), "about": b.about()}))
        .collect();
    let default = state.hub.default_bot();
    Ok(Json(json!({ "games": games, "bots": bots, "bot_default": {"name": default.name(), "about": default.about()} }))
        .into_response())
}

/// A game's static drawing: built once per process (`drawings.rs`), and
/// cacheable by browsers and proxies for an hour (it changes only with a
/// new build).
async fn drawing(State(state): State<AppState>, ClientAddr(addr): ClientAddr, Path(game): Path<String>) -> Answer {
    limit(state.limiter.address(addr))?;
    let body = drawings::json(&game).map_err(|e| {
        let t = e.text();
        ApiError::new(StatusCode::NOT_FOUND, "unknown_game", t.en, t.ru)
    })?;
    let headers = [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "public, max-age=3600")];
    Ok((headers, body).into_response())
}

/// The drawing of the token's game's own scenario (a user's scenario file
/// has its own map): cached per scenario hash (`drawings.rs`). Its address
/// holds a token, so no cache keeps it (`responses.rs`: no-store).
async fn game_drawing(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
) -> Answer {
    let (slot, _role) = open(&state, addr, &token).await?;
    let body = state.hub.drawing(&slot).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioCheck {
    game: String,
    /// The file's whole text.
    scenario_text: String,
    /// The name its problems are reported under (default `scenario.toml`).
    #[serde(default)]
    scenario_name: Option<String>,
}

/// Checks a user's scenario file for the lobby before a game is made of it:
/// the game's card on that file (its seats — an SCS file names its own
/// sides — and its scenario), or every problem with its line (`scenario`).
async fn scenario(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    limit(state.limiter.creation(addr))?;
    let req: ScenarioCheck = body_limited(bytes, crate::limits::MAX_CREATE_BODY)?;
    let driver = sandtable_catalog::find(&req.game).map_err(|e| {
        let t = e.text();
        ApiError::new(StatusCode::NOT_FOUND, "unknown_game", t.en, t.ru)
    })?;
    let name = req.scenario_name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| "scenario.toml".into());
    let file = ScenarioFile::new(name, req.scenario_text);
    let game = tokio::task::spawn_blocking(move || driver.game().scenario_game(&file))
        .await
        .map_err(ApiError::json)?
        .map_err(ApiError::scenario)?;
    Ok(Json(game).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    #[serde(default)]
    scenario: Option<String>,
    /// A user's scenario file, its whole text (instead of `scenario`).
    #[serde(default)]
    scenario_text: Option<String>,
    /// The name its problems are reported under (default `scenario.toml`).
    #[serde(default)]
    scenario_name: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    seats: HashMap<String, SeatChoice>,
    /// The bot of a seat, by seat id (`{"axis": "mcts:hard"}`); a bot seat
    /// not named here gets the server's default bot.
    #[serde(default)]
    bots: HashMap<String, String>,
    /// Listed in the lobby for anyone (default: only to the browsers that
    /// hold one of its links).
    #[serde(default)]
    public: bool,
}

/// A seat's bot as a request names it, read and within the server's limits
/// ([`crate::limits::bot_within_limits`]).
fn bot_spec(seat: &str, spec: &str) -> Result<BotSpec, ApiError> {
    BotSpec::parse(spec).and_then(crate::limits::bot_within_limits).map_err(|e| ApiError::bot(seat, &e))
}

/// `bots`' specs read, each seat's refused with the parse error's text.
fn bot_specs(bots: &HashMap<String, String>) -> Result<HashMap<String, BotSpec>, ApiError> {
    bots.iter().map(|(seat, spec)| bot_spec(seat, spec).map(|b| (seat.clone(), b))).collect()
}

async fn create(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    limit(state.limiter.creation(addr))?;
    let req: NewGame = body_limited(bytes, crate::limits::MAX_CREATE_BODY)?;
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
    // A named seed is played as given, and every page says nobody can
    // check it; otherwise the dice are provable, and seed 0 stands in
    // until the people's shares seal them (see `dice.rs`).
    let dice = if req.seed.is_some() { DiceChoice::Chosen } else { DiceChoice::Provable };
    let mut setup = Setup { scenario: req.scenario, options, seed: req.seed.unwrap_or(0), ..Setup::default() };
    if let Some(text) = req.scenario_text.filter(|t| !t.trim().is_empty()) {
        let name = req.scenario_name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| "scenario.toml".into());
        setup.scenario_file = Some(ScenarioFile::new(name, text));
    }
    let bots = bot_specs(&req.bots)?;
    let created = state.hub.create(&req.game, &setup, &req.seats, &bots, req.public, dice).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// The lobby's public games, newest first.
async fn list(State(state): State<AppState>, ClientAddr(addr): ClientAddr) -> Answer {
    limit(state.limiter.address(addr))?;
    let rows = blocking(state.hub.store(), |s| s.list_public(100)).await?;
    Ok(Json(json!({ "games": rows.iter().map(listed).collect::<Vec<_>>() })).into_response())
}

/// Links a browser may hold at most in one `POST /api/games/held`.
const MAX_HELD: usize = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeldLinks {
    tokens: Vec<String>,
}

/// The games of the links a browser holds (its lobby's own list): one line
/// per game, in the order of its first token; tokens that open nothing are
/// left out, as a made-up token learns nothing. Cost: one token lookup and
/// one listing per token.
async fn held_games(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    limit(state.limiter.address(addr))?;
    let req: HeldLinks = body(bytes)?;
    if req.tokens.len() > MAX_HELD {
        return Err(ApiError::json(format!("{} tokens; at most {MAX_HELD}", req.tokens.len())));
    }
    let rows = blocking(state.hub.store(), move |s| {
        let mut rows: Vec<Listing> = Vec::new();
        for token in req.tokens.iter().filter(|t| is_token(t)) {
            let Some((id, _)) = s.token(token)? else { continue };
            if rows.iter().any(|l| l.game.id == id) {
                continue;
            }
            rows.extend(s.listing(&id)?);
        }
        Ok(rows)
    })
    .await?;
    Ok(Json(json!({ "games": rows.iter().map(listed).collect::<Vec<_>>() })).into_response())
}

/// A lobby line: no tokens, no seed.
fn listed(l: &Listing) -> Value {
    let mut v = json!({"id": l.game.id, "game": l.game.game, "created": l.game.created, "version": l.version, "public": l.game.public});
    if let (Value::Object(o), Ok(Value::Object(st))) = (&mut v, serde_json::from_str::<Value>(&l.status)) {
        o.extend(st);
    }
    v
}

async fn table(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    held: Result<Query<HeldQuery>, QueryRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let held = held_of(held)?;
    let mut table = state.hub.table(&slot, &role, held).await?;
    if let Role::Invite(seat) = &role {
        // Only looked at: a GET never claims (link previews fetch GETs).
        let t = token.clone();
        let claimed = blocking(state.hub.store(), move |s| s.claimed(&t)).await?;
        table["invite"] = json!({"seat": seat, "claimed": claimed.is_some()});
    }
    Ok(Json(table).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {}

/// An invite's holder takes its seat: a new seat token, once (see
/// [`Hub::claim`]). POST only, so that a link preview never claims.
async fn claim(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let Claim {} = body(bytes)?;
    let new = state.hub.claim(&token, &role, &slot.id).await?;
    Ok((StatusCode::CREATED, Json(json!({ "token": new }))).into_response())
}

/// The seat a token holds, for what only a seat's holder may do.
fn seat_role(role: Role) -> Result<String, ApiError> {
    match role {
        Role::Seat(seat) => Ok(seat),
        Role::Admin | Role::Spectator | Role::Invite(_) => Err(ApiError::forbidden(
            "only a seat's own link sets where that seat is told its turn",
            "куда сообщать о ходе места, задаёт только ссылка самого места",
        )),
    }
}

/// A seat's address for turn notices, as only its holder reads it:
/// `{"address": "…" | null, "sending": bool}` (`sending`: whether this
/// server sends e-mail at all).
async fn mail(State(state): State<AppState>, ClientAddr(addr): ClientAddr, Path(token): Path<String>) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let seat = seat_role(role)?;
    let id = slot.id.clone();
    let mails = blocking(state.hub.store(), move |s| s.mails(&id)).await?;
    let address = mails.into_iter().find(|m| m.seat == seat).map(|m| m.address);
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(json!({ "address": address, "sending": state.hub.mails() })))
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MailChange {
    /// The address, or `null` to stop.
    address: Option<String>,
}

/// Sets (or with `null` clears) where the token's seat is told its turn.
async fn set_mail(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let seat = seat_role(role)?;
    let req: MailChange = body(bytes)?;
    let address = req.address.map(|a| a.trim().to_owned()).filter(|a| !a.is_empty());
    if let Some(a) = &address {
        if !crate::mail::is_address(a) {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "address",
                format!(
                    "{a:?} is not an e-mail address (one address, at most {} characters)",
                    crate::mail::MAX_ADDRESS
                ),
                format!(
                    "{a:?} — не адрес электронной почты (один адрес, не длиннее {} знаков)",
                    crate::mail::MAX_ADDRESS
                ),
            ));
        }
    }
    let (id, stored) = (slot.id.clone(), address.clone());
    blocking(state.hub.store(), move |s| s.set_mail(&id, &seat, stored.as_deref().map(|a| (a, token.as_str()))))
        .await?;
    Ok(Json(json!({ "address": address, "sending": state.hub.mails() })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Reissue {
    seat: String,
}

/// The creator re-issues a seat's invite: the seat's links and invites
/// stop working, and a new invite is answered (see [`Hub::reissue`]).
async fn reissue(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let req: Reissue = body(bytes)?;
    let invite = state.hub.reissue(&slot, &role, &req.seat).await?;
    Ok((StatusCode::CREATED, Json(json!({ "invite": invite }))).into_response())
}

/// What the page holds of its log (`?since=V&have=N`), if it said.
///
/// # Errors
/// `query`: a malformed query, or only one of the two.
pub fn held_of(q: Result<Query<HeldQuery>, QueryRejection>) -> Result<Option<Held>, ApiError> {
    let Query(q) = q.map_err(|r| ApiError::query(r.body_text()))?;
    q.held().map_err(ApiError::query)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    version: u64,
    action: String,
}

async fn act(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let req: Act = body(bytes)?;
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
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let req: Undo = body(bytes)?;
    let version = state.hub.undo(&slot, &role, req.version).await?;
    Ok(Json(json!({ "version": version })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShareBody {
    /// 64 hex digits: the seat's share of the dice.
    entropy: String,
}

/// A seat's share of the dice (see `dice.rs`): `{"version"}` after it.
async fn share(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let req: ShareBody = body(bytes)?;
    let version = state.hub.share(&slot, &role, &req.entropy).await?;
    Ok(Json(json!({ "version": version })).into_response())
}

/// A finished game's file with its dice proof, for `sandtable verify`:
/// any of the game's links may fetch it once the game is over.
async fn record(State(state): State<AppState>, ClientAddr(addr): ClientAddr, Path(token): Path<String>) -> Answer {
    let (slot, _role) = open(&state, addr, &token).await?;
    let record = state.hub.record(&slot).await?;
    Ok(Json(record).into_response())
}

/// Who is to play a seat, as a seat change names it.
#[derive(Copy, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum SeatWord {
    Human,
    Bot,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatChange {
    seat: String,
    kind: SeatWord,
    /// The bot's spec (`mcts:hard`), with `"kind": "bot"`; the server's
    /// default bot without it.
    #[serde(default)]
    bot: Option<String>,
}

async fn seat(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let req: SeatChange = body(bytes)?;
    let kind = match (req.kind, req.bot) {
        (SeatWord::Human, None) => SeatKind::Human,
        (SeatWord::Human, Some(_)) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bot",
                "a bot is named only with \"kind\": \"bot\"",
                "бот указывается только вместе с \"kind\": \"bot\"",
            ))
        }
        (SeatWord::Bot, None) => SeatKind::Bot(state.hub.default_bot()),
        (SeatWord::Bot, Some(spec)) => SeatKind::Bot(bot_spec(&req.seat, &spec)?),
    };
    let version = state.hub.set_seat(&slot, &role, &req.seat, kind).await?;
    Ok(Json(json!({ "version": version })).into_response())
}

#[derive(Deserialize)]
struct At {
    at: usize,
}

/// `?at=k`: the view after the k-th entry of the token's visible log (see
/// [`Hub::replay`]).
async fn replay(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(token): Path<String>,
    at: Result<Query<At>, QueryRejection>,
) -> Answer {
    let (slot, role) = open(&state, addr, &token).await?;
    let Query(at) = at.map_err(|r| ApiError::query(r.body_text()))?;
    Ok(Json(state.hub.replay(&slot, &role, at.at).await?).into_response())
}
