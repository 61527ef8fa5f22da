//! A server on loopback for the tests, on SQLite or PostgreSQL.
#![allow(dead_code)]

pub mod browser;
pub mod hooked;

use reqwest::StatusCode;
use sandtable_server::api::AppState;
use sandtable_server::connections::ConnLimits;
use sandtable_server::hub::Hub;
use sandtable_server::limits::Limiter;
use sandtable_server::storage::Storage;
use sandtable_server::ws::WsConfig;
use sandtable_server::{Config, Durability, Running};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The PostgreSQL the suite runs against: `SANDTABLE_TEST_POSTGRES`
/// (`.ci/run` starts one and sets it). Under CI its absence fails the test
/// rather than skipping the backend silently.
pub fn postgres_url() -> Option<String> {
    match std::env::var("SANDTABLE_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            assert!(
                std::env::var("CI").is_err(),
                "SANDTABLE_TEST_POSTGRES is not set: .ci/run must start PostgreSQL for the storage tests"
            );
            eprintln!("SANDTABLE_TEST_POSTGRES not set: PostgreSQL backend not tested in this run");
            None
        }
    }
}

/// A fresh SQLite database path, in a directory of this process's own under
/// the build's `target/tmp` (gone with `cargo clean`; a static is never
/// dropped, so the directory outlives the process).
///
/// The directory is named by `tempfile` (random, created exclusively): a
/// name made of the process id alone was reused by a later run on the same
/// `/tmp` and handed a test a stale database full of another run's games.
pub fn sqlite_path() -> String {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = DIR.get_or_init(|| {
        tempfile::Builder::new().prefix("sandtable-test-").tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("temp dir")
    });
    dir.path().join(format!("db-{}.sqlite", N.fetch_add(1, Ordering::Relaxed))).to_string_lossy().into_owned()
}

/// Every database the tests run on: a fresh SQLite file, and PostgreSQL when configured.
pub fn databases() -> Vec<String> {
    let mut out = vec![format!("sqlite:{}", sqlite_path())];
    out.extend(postgres_url());
    out
}

pub struct Server {
    pub running: Running,
    pub base: String,
    pub http: reqwest::Client,
}

pub async fn start(database: &str) -> Server {
    start_with(database, 1000).await
}

pub async fn start_with(database: &str, rate: u32) -> Server {
    start_config(database, rate, Duration::ZERO).await
}

pub async fn start_config(database: &str, rate: u32, bot_delay: Duration) -> Server {
    // The random bot for bot seats given none: fast, so whole games play out quickly.
    start_bot(database, rate, bot_delay, sandtable_ai::BotSpec::RANDOM).await
}

/// A server whose bot seats given no bot of their own are played by `bot`.
pub async fn start_bot(database: &str, rate: u32, bot_delay: Duration, bot: sandtable_ai::BotSpec) -> Server {
    start_mailing(database, rate, bot_delay, bot, None).await
}

/// [`start_bot`], sending turn notices through `mailer` when given.
pub async fn start_mailing(
    database: &str,
    rate: u32,
    bot_delay: Duration,
    bot: sandtable_ai::BotSpec,
    mailer: Option<sandtable_server::mail::Mailer>,
) -> Server {
    let config = Config {
        addr: "127.0.0.1:0".parse().expect("addr"),
        database: database.to_owned(),
        durability: Durability::Full,
        bot_delay,
        rate,
        caps: Default::default(),
        mailer,
    };
    let running = sandtable_server::start_with_bot(&config, bot).await.expect("server starts");
    let base = format!("http://{}", running.addr);
    Server { running, base, http: reqwest::Client::new() }
}

/// A server over a storage of the test's own (one that fails or counts on
/// demand), with the app state at hand: its hub, its limiter.
pub struct Harness {
    pub server: Server,
    pub state: AppState,
}

/// Serves `store` as `sandtable serve` would (client addresses included),
/// bots without delay, `rate` requests/s, WebSockets as `ws` says.
pub async fn harness(store: Arc<dyn Storage>, rate: u32, ws: WsConfig) -> Harness {
    harness_with(store, rate, ws, ConnLimits::default()).await
}

/// [`harness`] with connection caps and timeouts of the test's own.
pub async fn harness_with(store: Arc<dyn Storage>, rate: u32, ws: WsConfig, caps: ConnLimits) -> Harness {
    let hub = Hub::new(store, Duration::ZERO, sandtable_ai::BotSpec::RANDOM);
    let state = AppState { ws, caps, ..AppState::new(hub, Arc::new(Limiter::new(rate))) };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let task = tokio::spawn(sandtable_server::serve(listener, state.clone()));
    let running = Running { addr, storage: "test".into(), task };
    Harness { server: Server { running, base: format!("http://{addr}"), http: reqwest::Client::new() }, state }
}

/// A fresh SQLite storage.
pub fn sqlite_store() -> Box<dyn Storage> {
    sandtable_server::storage::open(&sqlite_path(), Durability::Full).expect("open")
}

impl Server {
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self.http.get(format!("{}{path}", self.base)).send().await.expect("request");
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }
    pub async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        self.post_raw(path, body.to_string()).await
    }
    pub async fn post_raw(&self, path: &str, body: impl Into<reqwest::Body>) -> (StatusCode, Value) {
        let r = self.http.post(format!("{}{path}", self.base)).body(body).send().await.expect("request");
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }
    /// Creates a game and, as each seat's page does when first opened,
    /// gives every seat link's share of the dice, so a game with provable
    /// dice is sealed and set up (see `dice.rs`); returns the creation answer.
    /// (A game whose seed the body names takes no shares: nothing is sent.)
    pub async fn create(&self, body: Value) -> Value {
        let chosen = body.get("seed").is_some();
        let v = self.create_unsealed(body).await;
        if !chosen {
            self.share_all(&v["seats"]).await;
        }
        v
    }
    /// Creates a game and gives no share: a game with provable dice then
    /// waits for its people's shares.
    pub async fn create_unsealed(&self, body: Value) -> Value {
        let (status, v) = self.post("/api/games", &body).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        v
    }
    /// Gives the share of each seat link in `seats` (`{"axis": token, …}`)
    /// that has none yet and is not the bot's, before the seal.
    pub async fn share_all(&self, seats: &Value) {
        let Some(seats) = seats.as_object() else { return };
        for (i, token) in seats.values().filter_map(Value::as_str).enumerate() {
            let entropy = format!("{:02x}", i + 1).repeat(32);
            let (status, v) = self.post(&format!("/api/t/{token}/share"), &json!({"entropy": entropy})).await;
            let done = matches!(v["error"]["kind"].as_str(), Some("sealed") | Some("share_given"));
            assert!(status == StatusCode::OK || done, "{status} {v}");
        }
    }
    pub async fn table(&self, token: &str) -> Value {
        let (status, v) = self.get(&format!("/api/t/{token}")).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        v
    }
    pub async fn act(&self, token: &str, version: u64, action: &str) -> (StatusCode, Value) {
        self.post(&format!("/api/t/{token}/act"), &json!({"version": version, "action": action})).await
    }
    /// Plays `n` decisions, each by the first seat to act taking its first
    /// legal action; returns the version reached.
    pub async fn play_first_legal(&self, seats: &Value, n: usize) -> u64 {
        let mut version = 0;
        for _ in 0..n {
            let any = seats.as_object().expect("seats").values().next().expect("a seat").as_str().expect("token");
            let t = self.table(any).await;
            let Some(seat) = t["to_act"].as_array().and_then(|a| a.first()).and_then(Value::as_str) else { break };
            let token = seats[seat].as_str().expect("token of the seat to act");
            let t = self.table(token).await;
            let action = t["legal"][0]["action"].as_str().expect("a legal action").to_owned();
            let (status, v) = self.act(token, t["version"].as_u64().expect("version"), &action).await;
            assert_eq!(status, StatusCode::OK, "{action}: {v}");
            version = v["version"].as_u64().expect("version");
        }
        version
    }
    pub fn stop(self) {
        self.running.task.abort();
    }
}

/// The first message of a WebSocket, as JSON.
pub async fn first_push<S>(ws: &mut S) -> Value
where
    S: futures_util::Stream<
            Item = Result<tokio_tungstenite::tungstenite::Message, tokio_tungstenite::tungstenite::Error>,
        > + Unpin,
{
    use futures_util::StreamExt;
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a message in time")
            .expect("a message")
            .expect("not an error");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            return serde_json::from_str(&t).expect("json");
        }
    }
}

pub fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

/// The token at the end of a link `…/t/{token}` (the page tests read links
/// off the lobby and the table).
pub fn token_of(href: &str) -> String {
    href.rsplit('/').next().expect("a token").to_owned()
}
