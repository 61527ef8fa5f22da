//! Issue 9.4: an open WebSocket costs the server little (it cost ~129 KB:
//! the 128 KiB default read buffer, while a client's frames are capped at
//! 1 KiB). Measured on a real `sandtable serve`: its resident memory before
//! and after opening a few hundred sockets, from many loopback addresses
//! (the server caps connections per address).

mod common;

use common::{serve, Reaped};
use futures_util::StreamExt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::net::TcpSocket;

/// Sockets measured.
const SOCKETS: usize = 300;
/// Per address, under the server's cap of 64.
const PER_ADDRESS: usize = 30;
/// Per game, under the server's cap of 64 open pages a game.
const PER_GAME: usize = 50;
/// What a socket may cost at most; the fault measured ~129 KB.
const MOST_PER_SOCKET: u64 = 48 * 1024;

/// The resident memory of process `pid`, in bytes (Linux: /proc).
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS");
    kb * 1024
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_websocket_costs_the_server_little() {
    let dir = tempfile::Builder::new().prefix("sandtable-wsmem-").tempdir().expect("temp dir");
    let (server, base) = serve(&format!("sqlite:{}", dir.path().join("games.db").display()));
    let server = Reaped(server);
    let host = base.trim_start_matches("http://").to_owned();
    let http = reqwest::Client::new();
    let mut urls = Vec::new();
    for _ in 0..(PER_ADDRESS + SOCKETS).div_ceil(PER_GAME) {
        let created: serde_json::Value = http
            .post(format!("http://{host}/api/games"))
            .body(r#"{"game":"totensonntag","seed":5}"#)
            .send()
            .await
            .expect("created")
            .json()
            .await
            .expect("json");
        urls.push(format!("ws://{host}/api/t/{}/ws", created["spectator"].as_str().expect("spectator")));
    }
    let server_addr: SocketAddr = host.parse().expect("address");
    let open = |i: usize| {
        let url = urls[i / PER_GAME].clone();
        async move {
            let from = IpAddr::V4(Ipv4Addr::new(127, 0, 2, 1 + (i / PER_ADDRESS) as u8));
            let socket = TcpSocket::new_v4().expect("socket");
            socket.bind(SocketAddr::new(from, 0)).expect("bind a loopback source");
            let tcp = socket.connect(server_addr).await.expect("connect");
            let (mut ws, _) = tokio_tungstenite::client_async(url.as_str(), tcp).await.expect("a WebSocket");
            // Its first push read: the server has built and sent its table.
            let first = tokio::time::timeout(Duration::from_secs(30), ws.next()).await;
            assert!(matches!(first, Ok(Some(Ok(_)))), "socket {i}: no first push");
            ws
        }
    };
    // Warm up (the table cache, the runtime's threads), then measure.
    let mut sockets = Vec::new();
    for i in 0..PER_ADDRESS {
        sockets.push(open(i).await);
    }
    let before = rss(server.0.id());
    for i in PER_ADDRESS..PER_ADDRESS + SOCKETS {
        sockets.push(open(i).await);
    }
    let after = rss(server.0.id());
    let per_socket = after.saturating_sub(before) / SOCKETS as u64;
    eprintln!(
        "websocket memory: {SOCKETS} sockets, server resident {} -> {} KiB, {:.1} KiB a socket",
        before / 1024,
        after / 1024,
        per_socket as f64 / 1024.0
    );
    assert!(
        per_socket <= MOST_PER_SOCKET,
        "each open WebSocket costs the server {per_socket} bytes (at most {MOST_PER_SOCKET})"
    );
    drop(sockets);
    drop(server);
}
