//! What a client can make the server hold or do: rate limits keyed only on
//! checked input, bounded maps, idle games leaving memory, WebSockets pinged,
//! capped and quiet when nothing changes.

mod common;

use common::hooked::{Call, Hook, Hooked};
use common::{first_push, harness, kind, sqlite_store};
use futures_util::StreamExt;
use reqwest::StatusCode;
use sandtable_server::limits::Limiter;
use sandtable_server::storage::Stored;
use sandtable_server::ws::WsConfig;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Token lookups and journal reads, counted.
#[derive(Default)]
struct Counts {
    tokens: AtomicUsize,
    journals: AtomicUsize,
}

impl Hook for Counts {
    fn before(&self, call: Call<'_>) -> Stored<()> {
        match call {
            Call::Token => self.tokens.fetch_add(1, Ordering::SeqCst),
            Call::Journal => self.journals.fetch_add(1, Ordering::SeqCst),
            Call::Append(_) | Call::Game => 0,
        };
        Ok(())
    }
}

/// SQLite counting token lookups and journal reads.
type Counting = Hooked<Counts>;

fn counting() -> Arc<Counting> {
    Arc::new(Hooked { inner: sqlite_store(), hook: Counts::default() })
}

fn made_up_token(i: usize) -> String {
    format!("{i:032x}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_tokens_reach_neither_the_limiter_nor_the_database() {
    let store = counting();
    let h = harness(store.clone(), 2, WsConfig::default()).await;
    let keys = h.state.limiter.len();
    for bad in ["x".repeat(8000), "A".repeat(32), "0".repeat(31), "g".repeat(32), format!("{}/", "0".repeat(33))] {
        for path in [format!("/api/t/{bad}"), format!("/api/t/{bad}/replay?at=0")] {
            let (status, v) = h.server.get(&path).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path:.60}: {v}");
        }
        let (status, v) = h.server.act(&bad, 0, "pick 3").await;
        assert!(status == StatusCode::NOT_FOUND || status == StatusCode::METHOD_NOT_ALLOWED, "{status}: {v}");
    }
    assert_eq!(h.state.limiter.len(), keys, "malformed tokens became limiter keys");
    assert_eq!(store.hook.tokens.load(Ordering::SeqCst), 0, "malformed tokens were looked up");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_tokens_is_limited_per_client_address_and_real_tokens_go_on() {
    let store = counting();
    // 2 requests/s per address, bursts of 4.
    let h = harness(store.clone(), 2, WsConfig::default()).await;
    let s = &h.server;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let allies = g["seats"]["allies"].as_str().expect("token");
    let mut refused = 0;
    for i in 0..20 {
        let (status, v) = s.get(&format!("/api/t/{}", made_up_token(i))).await;
        match status {
            StatusCode::NOT_FOUND => assert_eq!(kind(&v), "no_token"),
            StatusCode::TOO_MANY_REQUESTS => refused += 1,
            other => panic!("{other}: {v}"),
        }
    }
    assert!(refused >= 14, "20 guesses at 2/s (burst 4) per address: {refused} refused");
    let lookups = store.hook.tokens.load(Ordering::SeqCst);
    assert!(lookups <= 6, "{lookups} database lookups for 20 guesses");
    assert!(h.state.limiter.len() <= 3, "one key per guess: {}", h.state.limiter.len());
    // The address is out of guesses; a real link still opens its game.
    let (status, v) = s.get(&format!("/api/t/{allies}")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_games_and_reading_lists_are_limited_per_client_address() {
    // At the default 20/s: one creation a second, bursts of ten.
    let h = harness(Arc::from(sqlite_store()), 20, WsConfig::default()).await;
    let s = &h.server;
    let mut created = 0;
    let mut refused = 0;
    for _ in 0..14 {
        let (status, v) = s.post("/api/games", &json!({"game": "totensonntag"})).await;
        match status {
            StatusCode::CREATED => created += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                assert_eq!(kind(&v), "rate");
                refused += 1;
            }
            other => panic!("{other}: {v}"),
        }
    }
    assert!((10..=12).contains(&created) && refused >= 2, "{created} created, {refused} refused");
    for path in ["/api/games", "/api/catalog", "/api/drawing/colditz"] {
        let h = harness(Arc::from(sqlite_store()), 2, WsConfig::default()).await;
        let mut refused = 0;
        for _ in 0..12 {
            if h.server.get(path).await.0 == StatusCode::TOO_MANY_REQUESTS {
                refused += 1;
            }
        }
        assert!(refused > 0, "{path}: 12 quick requests at 2/s met no limit");
    }
}

#[test]
fn the_limiter_holds_a_bounded_number_of_keys() {
    let limiter = Limiter::with_capacity(1000, 3);
    let addr = |i: u8| Some(SocketAddr::from(([10, 0, 0, i], 80)));
    for i in 1..=3 {
        assert!(limiter.address(addr(i)));
    }
    assert!(!limiter.address(addr(4)), "a fourth key beyond the cap of 3");
    assert!(limiter.address(addr(2)), "keys already held go on");
    // One IPv6 host is one key however it varies its /64.
    let v6 = |last: u16| Some(SocketAddr::from(([0x2001, 0xdb8, 1, 2, 0, 0, 0, last], 80)));
    let limiter = Limiter::with_capacity(1000, 3);
    for i in 0..100 {
        assert!(limiter.address(v6(i)));
    }
    assert_eq!(limiter.len(), 1);
    limiter.prune();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_and_come_back_intact() {
    let h = harness(Arc::from(sqlite_store()), 1000, WsConfig::default()).await;
    let s = &h.server;
    let hub = &h.state.hub;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let (allies, spectator) = (g["seats"]["allies"].as_str().expect("t"), g["spectator"].as_str().expect("t"));
    assert_eq!(s.act(allies, 0, "pick 3").await.0, StatusCode::OK);
    let before = s.table(allies).await;
    assert_eq!(hub.evict_idle(Duration::from_secs(600)), 0, "just used");
    // An open page keeps its game in memory.
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/t/{spectator}/ws", s.running.addr)).await.expect("ws");
    first_push(&mut ws).await;
    assert_eq!(hub.evict_idle(Duration::ZERO), 0, "a game with an open WebSocket");
    ws.close(None).await.expect("close");
    drop(ws);
    let start = Instant::now();
    while hub.evict_idle(Duration::ZERO) == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the closed socket still holds the game");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(hub.live_games(), 0);
    assert_eq!(s.table(allies).await, before, "loaded again from storage, as it was");
    assert_eq!(hub.live_games(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_websocket_is_pinged_then_closed_and_an_answering_one_stays() {
    let ws = WsConfig { ping: Duration::from_millis(100), timeout: Duration::from_millis(400), ..WsConfig::default() };
    let h = harness(Arc::from(sqlite_store()), 1000, ws).await;
    let s = &h.server;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let spectator = g["spectator"].as_str().expect("t");
    let url = format!("ws://{}/api/t/{spectator}/ws", s.running.addr);
    // This client reads (and so answers pings) all along.
    let (mut live, _) = tokio_tungstenite::connect_async(&url).await.expect("ws");
    let reader = tokio::spawn(async move {
        let (mut pings, start) = (0, Instant::now());
        while start.elapsed() < Duration::from_millis(1500) {
            match tokio::time::timeout(Duration::from_millis(200), live.next()).await {
                Err(_) => {}
                Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => return (pings, false),
                Ok(Some(Ok(_))) => {}
            }
        }
        (pings, true)
    });
    // This one reads nothing for a second.
    let (mut silent, _) = tokio_tungstenite::connect_async(&url).await.expect("ws");
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let (mut pings, mut closed, start) = (0, false, Instant::now());
    while start.elapsed() < Duration::from_secs(3) {
        let Ok(Some(msg)) = tokio::time::timeout(Duration::from_secs(1), silent.next()).await else { break };
        match msg {
            Ok(Message::Ping(_)) => pings += 1,
            Ok(Message::Close(_)) | Err(_) => {
                closed = true;
                break;
            }
            Ok(_) => {}
        }
    }
    assert!(pings > 0, "no ping reached the silent client");
    assert!(closed, "the silent client's socket stayed open");
    let (pings, open) = reader.await.expect("reader");
    assert!(pings >= 5 && open, "the answering client: {pings} pings, open: {open}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_takes_a_bounded_number_of_websockets() {
    let h = harness(Arc::from(sqlite_store()), 1000, WsConfig { per_game: 2, ..WsConfig::default() }).await;
    let s = &h.server;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let url = format!("ws://{}/api/t/{}/ws", s.running.addr, g["spectator"].as_str().expect("t"));
    let (mut a, _) = tokio_tungstenite::connect_async(&url).await.expect("first");
    let (_b, _) = tokio_tungstenite::connect_async(&url).await.expect("second");
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE.as_u16());
            let body: Value = serde_json::from_slice(r.body().as_deref().unwrap_or_default()).expect("json");
            assert_eq!(kind(&body), "busy", "{body}");
            assert!(body["error"]["ru"].is_string());
        }
        other => panic!("a third socket: {:?}", other.map(|_| "connected")),
    }
    a.close(None).await.expect("close");
    drop(a);
    let start = Instant::now();
    while tokio_tungstenite::connect_async(&url).await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(10), "a closed socket still counts");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_builds_a_table_only_for_a_new_version() {
    let h = harness(Arc::from(sqlite_store()), 1000, WsConfig::default()).await;
    let s = &h.server;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let (slot, role) = h.state.hub.open(g["spectator"].as_str().expect("t")).await.expect("open");
    let first = h.state.hub.push(&slot, &role, None, true).await.expect("push");
    assert!(first.table.is_some() && first.version == 0 && !first.over);
    assert_eq!(first.held.map(|h| h.since), Some(0), "the page holds version 0 once sent");
    let again = h.state.hub.push(&slot, &role, first.held, true).await.expect("push");
    assert!(again.table.is_none(), "the same version again: no table built");
    assert_eq!(s.act(g["seats"]["allies"].as_str().expect("t"), 0, "pick 3").await.0, StatusCode::OK);
    let moved = h.state.hub.push(&slot, &role, first.held, false).await.expect("push");
    assert_eq!((moved.version, moved.table.map(|t| t["version"].clone())), (1, Some(json!(1))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_catch_up_with_other_instances_and_stop_polling_at_the_end() {
    let path = common::sqlite_path();
    let open = || sandtable_server::storage::open(&path, sandtable_server::Durability::Full).expect("open");
    let poll = WsConfig { poll: Duration::from_millis(100), ..WsConfig::default() };
    let counted = Arc::new(Hooked { inner: open(), hook: Counts::default() });
    let (a, b) = (harness(Arc::from(open()), 1000, poll).await, harness(counted.clone(), 1000, poll).await);
    let g = a.server.create(json!({"game": "totensonntag", "seed": 3})).await;
    let spectator = g["spectator"].as_str().expect("t");
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/api/t/{spectator}/ws", b.server.running.addr))
        .await
        .expect("ws");
    assert_eq!(first_push(&mut ws).await["version"], 0);
    // A change made through the other instance reaches this page.
    assert_eq!(a.server.act(g["seats"]["allies"].as_str().expect("t"), 0, "pick 3").await.0, StatusCode::OK);
    assert_eq!(first_push(&mut ws).await["version"], 1);
    // A finished game is not polled.
    let done = a
        .server
        .create(json!({"game": "colditz", "seed": 4, "options": {"players": 2, "rounds": 10},
            "seats": {"german": "bot", "british": "bot"}}))
        .await;
    let watcher = done["spectator"].as_str().expect("t");
    let start = Instant::now();
    while a.server.table(watcher).await.get("over").is_none() {
        assert!(start.elapsed() < Duration::from_secs(120), "the bots' game did not end");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(ws);
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/api/t/{watcher}/ws", b.server.running.addr))
        .await
        .expect("ws");
    assert!(first_push(&mut ws).await.get("over").is_some());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = counted.hook.journals.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let polls = counted.hook.journals.load(Ordering::SeqCst) - before;
    assert!(polls <= 1, "{polls} journal reads in 1 s for a finished game (poll every 100 ms)");
}
