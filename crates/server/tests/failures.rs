//! A write that fails is not acknowledged, changes nothing that anyone sees,
//! and the game goes on from the journal.

mod common;

use reqwest::StatusCode;
use sandtable_server::api::{router, AppState};
use sandtable_server::bots::RandomPlayer;
use sandtable_server::hub::Hub;
use sandtable_server::limits::Limiter;
use sandtable_server::storage::{GameRow, JournalRow, Listing, Role, Storage, StorageError, Stored};
use sandtable_server::Durability;
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// SQLite whose next journal append fails when told to (a full disk, a
/// lost database connection).
struct Flaky {
    inner: Box<dyn Storage>,
    fail_next: AtomicBool,
}

impl Storage for Flaky {
    fn describe(&self) -> String {
        self.inner.describe()
    }
    fn create(&self, game: &GameRow, tokens: &[(String, Role)], status: &str) -> Stored<()> {
        self.inner.create(game, tokens, status)
    }
    fn append(&self, game: &str, row: &JournalRow, status: &str) -> Stored<()> {
        if self.fail_next.swap(false, Ordering::SeqCst) {
            return Err(StorageError::Backend("disk full".into()));
        }
        self.inner.append(game, row, status)
    }
    fn journal(&self, game: &str, after: u64) -> Stored<Vec<JournalRow>> {
        self.inner.journal(game, after)
    }
    fn game(&self, id: &str) -> Stored<Option<GameRow>> {
        self.inner.game(id)
    }
    fn token(&self, token: &str) -> Stored<Option<(String, Role)>> {
        self.inner.token(token)
    }
    fn list(&self, limit: usize) -> Stored<Vec<Listing>> {
        self.inner.list(limit)
    }
    fn put_snapshot(&self, game: &str, version: u64, snapshot: &str) -> Stored<()> {
        self.inner.put_snapshot(game, version, snapshot)
    }
    fn snapshot(&self, game: &str) -> Stored<Option<(u64, String)>> {
        self.inner.snapshot(game)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_is_not_acknowledged_and_changes_nothing() {
    let inner = sandtable_server::storage::open(&common::sqlite_path(), Durability::Full).expect("open");
    let flaky = Arc::new(Flaky { inner, fail_next: AtomicBool::new(false) });
    let store: Arc<dyn Storage> = flaky.clone();
    let hub = Hub::new(store, Duration::ZERO, Arc::new(RandomPlayer));
    let app = router(AppState { hub, limiter: Arc::new(Limiter::new(1000)) });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let server = tokio::spawn(async move { axum::serve(listener, app).await });
    let http = reqwest::Client::new();
    let created: serde_json::Value = http
        .post(format!("{base}/api/games"))
        .body(json!({"game": "totensonntag", "seed": 5}).to_string())
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let allies = created["seats"]["allies"].as_str().expect("token").to_owned();
    let act = |version: u64| {
        http.post(format!("{base}/api/t/{allies}/act"))
            .body(json!({"version": version, "action": "pick 3"}).to_string())
    };
    flaky.fail_next.store(true, Ordering::SeqCst);
    let r = act(0).send().await.expect("answer");
    assert_eq!(r.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let v: serde_json::Value = r.json().await.expect("json");
    assert_eq!(v["error"]["kind"], "storage");
    // Nobody sees the refused change: the game is as the journal has it.
    let t: serde_json::Value =
        http.get(format!("{base}/api/t/{allies}")).send().await.expect("table").json().await.expect("json");
    assert_eq!(t["version"], 0);
    assert_eq!(t["log"], json!([]));
    assert_eq!(t["to_act"], json!(["allies"]));
    // The same submission now goes through, once.
    assert_eq!(act(0).send().await.expect("answer").status(), StatusCode::OK);
    assert_eq!(act(0).send().await.expect("answer").status(), StatusCode::CONFLICT);
    server.abort();
}
