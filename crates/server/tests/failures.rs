//! A write that fails is not acknowledged, changes nothing that anyone sees,
//! and the game goes on from the journal.

mod common;

use common::hooked::{Call, Hook, Hooked};
use common::{first_push, harness, kind, sqlite_store};
use reqwest::StatusCode;
use sandtable_server::storage::{StorageError, Stored};
use sandtable_server::ws::WsConfig;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When to fail (a full disk, a lost database connection).
struct Switches {
    /// The next append fails.
    fail_next: AtomicBool,
    /// This many appends of the seat `fail_seat` fail.
    fail_seat_appends: AtomicU32,
    fail_seat: &'static str,
    /// This many reads of a game row fail (so loading the game fails).
    fail_loads: AtomicU32,
    /// A failing append takes this long first (ms), so requests queue behind it.
    slow_fail_ms: AtomicU64,
}

fn take_one(n: &AtomicU32) -> bool {
    n.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |x| x.checked_sub(1)).is_ok()
}

impl Hook for Switches {
    fn before(&self, call: Call<'_>) -> Stored<()> {
        match call {
            Call::Append(row) => {
                let fail = self.fail_next.swap(false, Ordering::SeqCst)
                    || (row.seat == self.fail_seat && take_one(&self.fail_seat_appends));
                if fail {
                    std::thread::sleep(Duration::from_millis(self.slow_fail_ms.load(Ordering::SeqCst)));
                    return Err(StorageError::Backend("disk full".into()));
                }
            }
            Call::Game if take_one(&self.fail_loads) => return Err(StorageError::Backend("connection lost".into())),
            _ => {}
        }
        Ok(())
    }
}

/// SQLite that fails when told to.
fn flaky(fail_seat: &'static str) -> Arc<Hooked<Switches>> {
    Arc::new(Hooked {
        inner: sqlite_store(),
        hook: Switches {
            fail_next: AtomicBool::new(false),
            fail_seat_appends: AtomicU32::new(0),
            fail_seat,
            fail_loads: AtomicU32::new(0),
            slow_fail_ms: AtomicU64::new(0),
        },
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_is_not_acknowledged_and_changes_nothing() {
    let flaky = flaky("");
    let h = harness(flaky.clone(), 1000, WsConfig::default()).await;
    let s = &h.server;
    let created = s.create(json!({"game": "totensonntag", "seed": 5})).await;
    let allies = created["seats"]["allies"].as_str().expect("token");
    flaky.hook.fail_next.store(true, Ordering::SeqCst);
    let (status, v) = s.act(allies, 0, "pick 3").await;
    assert_eq!((status, kind(&v)), (StatusCode::INTERNAL_SERVER_ERROR, "storage"), "{v}");
    // Nobody sees the refused change: the game is as the journal has it.
    let t = s.table(allies).await;
    assert_eq!(t["version"], 0);
    assert_eq!(t["log"], json!([]));
    assert_eq!(t["to_act"], json!(["allies"]));
    // The same submission now goes through, once.
    assert_eq!(s.act(allies, 0, "pick 3").await.0, StatusCode::OK);
    assert_eq!(s.act(allies, 0, "pick 3").await.0, StatusCode::CONFLICT);
}

/// The seat to act after the Allies pick 3 in Totensonntag seed 5, and its
/// first legal action then: what a player would send next.
async fn next_after_pick(s: &common::Server) -> (String, String) {
    let g = s.create(json!({"game": "totensonntag", "seed": 5})).await;
    assert_eq!(s.act(g["seats"]["allies"].as_str().expect("token"), 0, "pick 3").await.0, StatusCode::OK);
    let t = s.table(g["spectator"].as_str().expect("token")).await;
    let seat = t["to_act"][0].as_str().expect("a seat to act").to_owned();
    let t = s.table(g["seats"][&seat].as_str().expect("token")).await;
    (seat, t["legal"][0]["action"].as_str().expect("a legal action").to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_that_cannot_be_undone_in_memory_leaves_no_phantom_action() {
    let flaky = flaky("");
    let h = harness(flaky.clone(), 1000, WsConfig::default()).await;
    let s = &h.server;
    let (seat, next) = next_after_pick(s).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 5})).await;
    let allies = g["seats"]["allies"].as_str().expect("token").to_owned();
    let mover = g["seats"][&seat].as_str().expect("token").to_owned();
    let spectator = g["spectator"].as_str().expect("token");
    let url = format!("ws://{}/api/t/{spectator}/ws", s.running.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
    assert_eq!(first_push(&mut ws).await["version"], 0);
    // The pick's append fails slowly, and so does the reload after it, so
    // the game's copy in memory is left holding the unrecorded pick.
    flaky.hook.slow_fail_ms.store(400, Ordering::SeqCst);
    flaky.hook.fail_next.store(true, Ordering::SeqCst);
    flaky.hook.fail_loads.store(1, Ordering::SeqCst);
    let pick = {
        let (http, base, allies) = (s.http.clone(), s.base.clone(), allies.clone());
        tokio::spawn(async move {
            let body = json!({"version": 0, "action": "pick 3"}).to_string();
            http.post(format!("{base}/api/t/{allies}/act")).body(body).send().await.expect("answer").status()
        })
    };
    // Meanwhile the next player's move, made against version 0 as if the
    // pick had happened, queues for the game's lock.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, v) = s.act(&mover, 0, &next).await;
    assert_eq!(pick.await.expect("pick"), StatusCode::INTERNAL_SERVER_ERROR);
    assert_ne!(status, StatusCode::OK, "a move after an unrecorded pick was committed: {v}");
    // The WebSocket on the dropped copy closes, so its page reconnects.
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        use futures_util::StreamExt;
        loop {
            match ws.next().await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the socket on the dead copy stays open");
    // The journal has nothing; the game goes on from it.
    let t = s.table(&allies).await;
    assert_eq!((t["version"].as_u64(), t["log"].clone()), (Some(0), json!([])), "{t}");
    assert_eq!(s.act(&allies, 0, "pick 3").await.0, StatusCode::OK);
    let (status, v) = s.act(&mover, 1, &next).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(s.table(&allies).await["log"].as_array().map(Vec::len), Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_stopped_by_storage_errors_plays_again_when_someone_looks() {
    let flaky = flaky("axis");
    let h = harness(flaky.clone(), 1000, WsConfig::default()).await;
    let s = &h.server;
    let g = s.create(json!({"game": "totensonntag", "seed": 9, "seats": {"axis": "bot"}})).await;
    let allies = g["seats"]["allies"].as_str().expect("token");
    // More failures than the bot retries: its task gives up.
    flaky.hook.fail_seat_appends.store(6, Ordering::SeqCst);
    assert_eq!(s.act(allies, 0, "pick 3").await.0, StatusCode::OK);
    let start = Instant::now();
    let mut t = s.table(allies).await;
    while t["to_act"] != json!(["allies"]) && start.elapsed() < Duration::from_secs(20) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        t = s.table(allies).await;
    }
    assert_eq!(flaky.hook.fail_seat_appends.load(Ordering::SeqCst), 0, "every injected failure was met");
    assert_eq!(t["to_act"], json!(["allies"]), "the bot never played again: {}", t["version"]);
    assert!(t["log"].as_array().expect("log").iter().any(|e| e["seat"] == "axis"), "{t}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_cannot_be_read_answers_a_storage_error_then_loads() {
    let flaky = flaky("");
    let h = harness(flaky.clone(), 1000, WsConfig::default()).await;
    let s = &h.server;
    let g = s.create(json!({"game": "totensonntag", "seed": 5})).await;
    let allies = g["seats"]["allies"].as_str().expect("token");
    assert_eq!(h.state.hub.evict_idle(Duration::ZERO), 1);
    flaky.hook.fail_loads.store(1, Ordering::SeqCst);
    let (status, v): (StatusCode, Value) = s.get(&format!("/api/t/{allies}")).await;
    assert_eq!((status, kind(&v)), (StatusCode::INTERNAL_SERVER_ERROR, "storage"), "{v}");
    assert_eq!(s.table(allies).await["version"], 0);
}
