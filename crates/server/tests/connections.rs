//! Issue 9.3: connections have timeouts and a cap per client address, so a
//! client that opens many, or opens them and says nothing (or one byte at a
//! time), cannot make the server refuse everyone else. Each test waits for
//! the condition (a closed connection, an answer) with a bound far above
//! the timeouts it sets, so a slow machine passes and a server without the
//! limit fails.

mod common;

use common::{harness_with, sqlite_store, Harness};
use sandtable_server::connections::ConnLimits;
use sandtable_server::ws::WsConfig;
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Far above every timeout set here: reaching it means the server never did it.
const NEVER: Duration = Duration::from_secs(30);

fn limits(per_address: usize) -> ConnLimits {
    ConnLimits {
        per_address,
        total: 1000,
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
    }
}

async fn server(per_address: usize) -> Harness {
    harness_with(Arc::from(sqlite_store()), 1_000_000, WsConfig::default(), limits(per_address)).await
}

fn addr(h: &Harness) -> SocketAddr {
    h.server.running.addr
}

/// A connection from the loopback address `127.0.0.{from}`.
async fn connect_from(h: &Harness, from: u8) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, from)), 0)).expect("bind a loopback source");
    socket.connect(addr(h)).await.expect("connect")
}

/// Reads until the server closes the connection; what it sent.
async fn until_closed(tcp: &mut TcpStream) -> String {
    let mut out = Vec::new();
    let read = tokio::time::timeout(NEVER, tcp.read_to_end(&mut out)).await;
    assert!(read.is_ok(), "the server kept the connection open past {NEVER:?}");
    String::from_utf8_lossy(&out).into_owned()
}

fn json_body(response: &str) -> Value {
    let body = response.split_once("\r\n\r\n").map_or("", |x| x.1);
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {response}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_closed() {
    let h = server(64).await;
    let mut tcp = connect_from(&h, 1).await;
    assert_eq!(until_closed(&mut tcp).await, "", "nothing said, nothing answered");
    // Kept alive after a request, then idle: closed as well.
    let mut tcp = connect_from(&h, 1).await;
    tcp.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
    let got = until_closed(&mut tcp).await;
    assert!(got.starts_with("HTTP/1.1 200"), "{got:.80}");
    h.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_sent_a_byte_at_a_time_is_cut_off() {
    let h = server(64).await;
    let mut tcp = connect_from(&h, 1).await;
    let head = b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Slow: ".to_vec();
    tcp.write_all(&head).await.expect("write");
    // One byte every 50 ms, for ever: the server must cut it off (the
    // deadline is for the whole head, not reset by each byte).
    let trickle = async {
        loop {
            tokio::time::sleep(Duration::from_millis(50)).await;
            if tcp.write_all(b"a").await.is_err() {
                return;
            }
            let mut probe = [0u8; 1];
            match tokio::time::timeout(Duration::from_millis(1), tcp.peek(&mut probe)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return,
                _ => {}
            }
        }
    };
    assert!(tokio::time::timeout(NEVER, trickle).await.is_ok(), "a trickled head kept its connection past {NEVER:?}");
    h.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_does_not_come_is_answered_timeout() {
    let h = server(64).await;
    let mut tcp = connect_from(&h, 1).await;
    let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";
    tcp.write_all(head.as_bytes()).await.expect("write");
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(NEVER, tcp.read(&mut buf)).await.expect("an answer before NEVER").expect("read");
    let got = String::from_utf8_lossy(&buf[..n]).into_owned();
    assert!(got.starts_with("HTTP/1.1 408"), "{got}");
    assert_eq!(json_body(&got)["error"]["kind"], "timeout", "{got}");
    h.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_over_its_cap_is_refused_and_the_others_are_served() {
    let h = server(8).await;
    // Eight idle connections from 127.0.0.1 (a request each keeps them
    // open and known to be accepted).
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut tcp = connect_from(&h, 1).await;
        tcp.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
        let mut buf = [0u8; 12];
        tcp.read_exact(&mut buf).await.expect("answered");
        assert_eq!(&buf, b"HTTP/1.1 200");
        held.push(tcp);
    }
    // The ninth is answered busy, in JSON, and closed.
    let mut ninth = connect_from(&h, 1).await;
    let got = until_closed(&mut ninth).await;
    assert!(got.starts_with("HTTP/1.1 503"), "{got}");
    let v = json_body(&got);
    assert_eq!(v["error"]["kind"], "busy", "{v}");
    assert!(v["error"]["ru"].as_str().is_some_and(|t| t.contains("соединений")), "{v}");
    // Another address is served meanwhile.
    let http =
        reqwest::Client::builder().local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2))).build().expect("client");
    let r = http.get(format!("{}/api/catalog", h.server.base)).send().await.expect("served");
    assert_eq!(r.status(), 200);
    // One closed: the address may open one more.
    drop(held.pop());
    let again = async {
        loop {
            let mut tcp = connect_from(&h, 1).await;
            tcp.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
            let mut buf = [0u8; 12];
            if tcp.read_exact(&mut buf).await.is_ok() && &buf == b"HTTP/1.1 200" {
                return tcp;
            }
            // The server may not have seen the close yet: ask again.
            tokio::task::yield_now().await;
        }
    };
    held.push(tokio::time::timeout(NEVER, again).await.expect("a place freed by a close is given again"));
    h.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_websockets_count_against_their_address() {
    use tokio_tungstenite::client_async;
    let h = server(4).await;
    let g = h.server.create(serde_json::json!({"game": "totensonntag", "seed": 1})).await;
    let token = g["spectator"].as_str().expect("spectator").to_owned();
    let url = format!("ws://{}/api/t/{token}/ws", addr(&h));
    let mut sockets = Vec::new();
    for _ in 0..4 {
        let tcp = connect_from(&h, 3).await;
        let (mut ws, _) = client_async(url.as_str(), tcp).await.expect("a WebSocket");
        common::first_push(&mut ws).await;
        sockets.push(ws);
    }
    // Their HTTP connections ended in upgrades; the sockets still count.
    let tcp = connect_from(&h, 3).await;
    let refused = client_async(url.as_str(), tcp).await;
    assert!(refused.is_err(), "a fifth connection from the address is refused");
    h.server.stop();
}
