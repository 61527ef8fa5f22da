//! Several server instances on one PostgreSQL: a move made through one
//! reaches the pages open on another through LISTEN/NOTIFY. The receiving
//! instance polls the journal once an hour, so within the test only a
//! notification can bring the move; the tests wait for it (30 s at most)
//! and print the latency, never assert it.

mod common;

use common::{harness, start, Harness, Server};
use futures_util::StreamExt;
use reqwest::StatusCode;
use sandtable_server::storage::Change;
use sandtable_server::ws::WsConfig;
use sandtable_server::Durability;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long a test waits for anything before it fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// Instance B: its own connection to `url` (named `name`, so its listener
/// is `name listen`), polling once an hour.
async fn instance_b(url: &str, name: &str) -> Harness {
    let sep = if url.contains('?') { '&' } else { '?' };
    let url = format!("{url}{sep}application_name={name}");
    // The blocking client makes a runtime of its own: not on a tokio thread.
    let store = tokio::task::spawn_blocking(move || sandtable_server::storage::open(&url, Durability::Full))
        .await
        .expect("joined")
        .expect("connect");
    let hour = Duration::from_secs(3600);
    harness(Arc::from(store), 1000, WsConfig { poll: hour, poll_listening: hour, ..WsConfig::default() }).await
}

/// Waits until `b`'s change feed listens.
async fn listening(b: &Harness) {
    let start = Instant::now();
    while !b.state.hub.listening() {
        assert!(start.elapsed() < PATIENCE, "instance B never listened");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Opens `token`'s WebSocket on `b`; every table pushed arrives on the
/// returned channel as (version, when it was read off the socket), stamped
/// by a task of its own so a push that comes before the actor's answer is
/// timed right.
async fn pushes(b: &Harness, token: &str) -> mpsc::UnboundedReceiver<(u64, Instant)> {
    let url = format!("ws://{}/api/t/{token}/ws", b.server.running.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("ws on instance B");
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(Ok(msg)) = ws.next().await {
            if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                let at = Instant::now();
                let table: Value = serde_json::from_str(&t).expect("json");
                if tx.send((table["version"].as_u64().expect("version"), at)).is_err() {
                    return;
                }
            }
        }
    });
    rx
}

/// When the first push of `version` (or later) arrives.
async fn push_of(rx: &mut mpsc::UnboundedReceiver<(u64, Instant)>, version: u64) -> Instant {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (v, at) = tokio::time::timeout_at(deadline, rx.recv())
            .await
            .unwrap_or_else(|_| panic!("no push of version {version} on instance B within {PATIENCE:?}"))
            .expect("the socket stays open");
        if v >= version {
            return at;
        }
    }
}

/// One decision through `a` (the first legal action of the seat to act);
/// returns the version it made and when its answer arrived.
async fn act(a: &Server, seats: &Value) -> (u64, Instant) {
    let any = seats["axis"].as_str().expect("token");
    let seat = a.table(any).await["to_act"][0].as_str().expect("someone to act").to_owned();
    let token = seats[&seat].as_str().expect("token");
    let t = a.table(token).await;
    let action = t["legal"][0]["action"].as_str().expect("a legal action").to_owned();
    let (status, v) = a.act(token, t["version"].as_u64().expect("version"), &action).await;
    let at = Instant::now();
    assert_eq!(status, StatusCode::OK, "{action}: {v}");
    (v["version"].as_u64().expect("version"), at)
}

/// Milliseconds from `from` to `to`, negative when `to` came first.
fn ms(from: Instant, to: Instant) -> f64 {
    match to.checked_duration_since(from) {
        Some(d) => d.as_secs_f64() * 1e3,
        None => -(from.duration_since(to).as_secs_f64() * 1e3),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_through_one_instance_reaches_pages_on_another_through_notify() {
    let Some(url) = common::postgres_url() else { return };
    let a = start(&url).await;
    let b = instance_b(&url, &format!("notify{:016x}", rand::random::<u64>())).await;
    let g = a.create(json!({"game": "totensonntag", "seed": 3})).await;
    let mut rx = pushes(&b, g["spectator"].as_str().expect("t")).await;
    push_of(&mut rx, 0).await;
    // Measured from a listening feed (before, a move still arrives: the
    // feed catches every game up when it starts listening).
    listening(&b).await;
    let mut latencies = Vec::new();
    for _ in 0..20 {
        let (version, acked) = act(&a, &g["seats"]).await;
        latencies.push(ms(acked, push_of(&mut rx, version).await));
    }
    latencies.sort_by(f64::total_cmp);
    eprintln!(
        "NOTIFY latency, A's act acknowledged -> B's push, {} moves: min {:.2} ms, median {:.2} ms, max {:.2} ms \
         (negative: the push came before the answer)",
        latencies.len(),
        latencies[0],
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );
    a.stop();
    b.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_listener_whose_connection_is_ended_reconnects_and_misses_nothing() {
    let Some(url) = common::postgres_url() else { return };
    let name = format!("relisten{:016x}", rand::random::<u64>());
    let listener = format!("{name} listen");
    let a = start(&url).await;
    let b = instance_b(&url, &name).await;
    let g = a.create(json!({"game": "totensonntag", "seed": 5})).await;
    let mut rx = pushes(&b, g["seats"]["allies"].as_str().expect("t")).await;
    push_of(&mut rx, 0).await;
    listening(&b).await;
    let admin = {
        let url = url.clone();
        move |sql: &'static str, name: String| {
            let url = url.clone();
            tokio::task::spawn_blocking(move || {
                let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("an admin connection");
                c.query(sql, &[&name]).expect("query").iter().map(|r| r.get::<_, i32>(0)).collect::<Vec<i32>>()
            })
        }
    };
    let pid_of = "SELECT pid FROM pg_stat_activity WHERE application_name = $1";
    let before = admin(pid_of, listener.clone()).await.expect("pids");
    assert_eq!(before.len(), 1, "one listening connection: {before:?}");
    let ended = admin(
        "SELECT pg_terminate_backend(pid)::int FROM pg_stat_activity WHERE application_name = $1",
        listener.clone(),
    )
    .await
    .expect("ended");
    assert_eq!(ended, vec![1], "the listener's connection was ended");
    // Moves made while B may not be listening still reach its page: its
    // listener reconnects and catches every game up (B does not poll).
    let (version, _) = act(&a, &g["seats"]).await;
    push_of(&mut rx, version).await;
    let start = Instant::now();
    loop {
        let now = admin(pid_of, listener.clone()).await.expect("pids");
        if now.len() == 1 && now != before {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "no new listening connection: {now:?} (was {before:?})");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    listening(&b).await;
    // And the new connection carries the next moves.
    for _ in 0..3 {
        let (version, _) = act(&a, &g["seats"]).await;
        push_of(&mut rx, version).await;
    }
    a.stop();
    b.server.stop();
}

/// What the hub does with each change a feed reports, on two instances
/// sharing a SQLite file (which has no feed: the test plays it). Neither
/// polls within the test.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reported_change_catches_the_game_up_and_a_feed_listening_again_catches_up_every_game() {
    let path = common::sqlite_path();
    let open = || Arc::from(sandtable_server::storage::open(&path, Durability::Full).expect("open"));
    let hour = Duration::from_secs(3600);
    let ws = WsConfig { poll: hour, poll_listening: hour, ..WsConfig::default() };
    let (a, b) = (harness(open(), 1000, ws).await, harness(open(), 1000, ws).await);
    assert!(!b.state.hub.listening(), "SQLite has no change feed");
    let (g1, g2) = (
        a.server.create(json!({"game": "totensonntag", "seed": 3})).await,
        a.server.create(json!({"game": "totensonntag", "seed": 4})).await,
    );
    let mut rx1 = pushes(&b, g1["spectator"].as_str().expect("t")).await;
    let mut rx2 = pushes(&b, g2["spectator"].as_str().expect("t")).await;
    push_of(&mut rx1, 0).await;
    push_of(&mut rx2, 0).await;
    // A row reported for one game: that game catches up, and its page gets it.
    let (v1, _) = act(&a.server, &g1["seats"]).await;
    let id = |g: &Value| g["id"].as_str().expect("id").to_owned();
    b.state.hub.noticed(Change::Appended { game: id(&g1), version: v1 });
    push_of(&mut rx1, v1).await;
    // Both games move while the feed is lost; listening again catches up both.
    b.state.hub.noticed(Change::Lost);
    let (v1, _) = act(&a.server, &g1["seats"]).await;
    let (v2, _) = act(&a.server, &g2["seats"]).await;
    b.state.hub.noticed(Change::Listening);
    assert!(b.state.hub.listening());
    push_of(&mut rx1, v1).await;
    push_of(&mut rx2, v2).await;
    // A game B does not hold, or a version it has, costs nothing.
    b.state.hub.noticed(Change::Appended { game: "0123456789abcdef".into(), version: 1 });
    b.state.hub.noticed(Change::Appended { game: id(&g2), version: v2 });
    assert_eq!(b.state.hub.live_games(), 2);
}
