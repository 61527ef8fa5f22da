//! Issue 9: `sandtable serve` killed (SIGKILL) under the load of a thousand
//! live games loses no acknowledged action, on SQLite and on PostgreSQL:
//! after a restart on the same database every game's version is at least
//! the last one the server acknowledged for it.

mod common;

use common::{serve, Reaped};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Live games at once.
const GAMES: usize = 1000;
/// Acknowledged actions before the kill.
const BEFORE_KILL: u64 = 3000;
/// Clients per loopback source address, under the server's cap per address.
const PER_ADDRESS: usize = 16;

fn client(i: usize) -> reqwest::Client {
    let from = IpAddr::V4(Ipv4Addr::new(127, 0, 3 + (i / PER_ADDRESS / 250) as u8, 1 + (i / PER_ADDRESS % 250) as u8));
    reqwest::Client::builder()
        .local_address(from)
        .no_proxy()
        .pool_max_idle_per_host(1)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

/// One seat's player: acts whenever its seat is to act, noting each
/// acknowledged version, until the server is gone.
async fn play(
    http: reqwest::Client,
    base: String,
    game: usize,
    token: String,
    acked: Arc<Vec<AtomicU64>>,
    total: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(r) = http.get(format!("{base}/api/t/{token}")).send().await else { return };
        let Ok(t) = r.json::<Value>().await else { return };
        let mine = t["legal"].as_array().and_then(|l| l.first()).and_then(|a| a["action"].as_str()).map(str::to_owned);
        let Some(action) = mine.filter(|_| t.get("over").is_none()) else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let body = json!({"version": t["version"], "action": action}).to_string();
        let Ok(r) = http.post(format!("{base}/api/t/{token}/act")).body(body).send().await else { return };
        if r.status().is_success() {
            let Ok(v) = r.json::<Value>().await else { return };
            let version = v["version"].as_u64().expect("an acknowledged version");
            acked[game].fetch_max(version, Ordering::SeqCst);
            total.fetch_add(1, Ordering::Relaxed);
        }
    }
}

async fn kill_under_load(db: &str) {
    let (server, base) = serve(db);
    let mut server = Reaped(server);
    let http = client(0);
    let mut games: Vec<HashMap<String, String>> = Vec::new();
    for i in 0..GAMES {
        let body = json!({"game": "totensonntag", "seed": i});
        let created: Value = http
            .post(format!("{base}/api/games"))
            .json(&body)
            .send()
            .await
            .expect("create")
            .json()
            .await
            .expect("json");
        let seats = created["seats"].as_object().expect("seats");
        games.push(seats.iter().map(|(k, v)| (k.clone(), v.as_str().expect("token").to_owned())).collect());
    }
    let acked: Arc<Vec<AtomicU64>> = Arc::new((0..GAMES).map(|_| AtomicU64::new(0)).collect());
    let total = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = tokio::task::JoinSet::new();
    let mut n = 0;
    for (g, seats) in games.iter().enumerate() {
        for token in seats.values() {
            players.spawn(play(client(n), base.clone(), g, token.clone(), acked.clone(), total.clone(), stop.clone()));
            n += 1;
        }
    }
    // Kill once the load is on: a moment unrelated to any one request.
    let started = async {
        while total.load(Ordering::Relaxed) < BEFORE_KILL {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(600), started).await.expect("the games got going");
    server.0.kill().expect("SIGKILL");
    server.0.wait().expect("reaped");
    stop.store(true, Ordering::Relaxed);
    while players.join_next().await.is_some() {}
    let (restarted, base) = serve(db);
    let _restarted = Reaped(restarted);
    let mut lost = Vec::new();
    let mut versions = 0u64;
    for (g, seats) in games.iter().enumerate() {
        let token = seats.values().next().expect("a seat");
        let t: Value =
            http.get(format!("{base}/api/t/{token}")).send().await.expect("table").json().await.expect("json");
        let version = t["version"].as_u64().expect("version");
        let want = acked[g].load(Ordering::SeqCst);
        versions += version;
        if version < want {
            lost.push((g, want, version));
        }
    }
    let backend = if db.starts_with("postgres") { "postgres" } else { "sqlite" };
    let line = format!(
        "kill -9 under load ({backend}): {GAMES} live games, {} actions acknowledged, {versions} versions found after the restart, {} games short\n",
        total.load(Ordering::Relaxed),
        lost.len()
    );
    eprint!("{line}");
    let _ = std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("report-kill-{backend}.txt")),
        line,
    );
    assert!(lost.is_empty(), "acknowledged actions lost (game, acknowledged, found): {lost:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_under_a_thousand_live_games_loses_nothing_on_sqlite() {
    let dir = tempfile::Builder::new().prefix("sandtable-killload-").tempdir().expect("temp dir");
    kill_under_load(&format!("sqlite:{}", dir.path().join("games.db").display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_under_a_thousand_live_games_loses_nothing_on_postgres() {
    let Ok(url) = std::env::var("SANDTABLE_TEST_POSTGRES") else {
        assert!(std::env::var("CI").map_or(true, |v| v.is_empty()), "CI: SANDTABLE_TEST_POSTGRES must be set");
        eprintln!("SANDTABLE_TEST_POSTGRES not set: PostgreSQL not tested in this run");
        return;
    };
    kill_under_load(&url).await;
}
