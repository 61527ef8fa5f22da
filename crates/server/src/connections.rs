//! Connections: how many one client address may hold, how long a request may
//! take to arrive, and the accept loop that enforces both.
//!
//! Every connection — a WebSocket included, which keeps its connection for
//! as long as the page is open — counts against its client address (an IPv4
//! address or an IPv6 /64, as the rate limits key them) and against the
//! server's total while its socket is open. One more is answered `busy`
//! (503, JSON) and closed, so one client cannot make the server refuse
//! everyone else. A request's head must arrive within [`HEADER_TIMEOUT`]
//! (hyper runs that timer whenever it waits for a head, so it is also how
//! long an idle kept-alive connection stays open), and its body within
//! [`BODY_TIMEOUT`] after that ([`read_body_in_time`]).

use crate::api::AppState;
use crate::error::ApiError;
use crate::limits::client_key;
use axum::body::Body;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// How long a request's head may take to arrive, and how long a kept-alive
/// connection may wait idle for the next one.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request's body may take to arrive once its head has.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections one client address may hold at once, WebSockets included. A
/// browser opens at most 6 to a host plus one WebSocket per open table;
/// 64 leaves room for a household or an office behind one address.
pub const PER_ADDRESS: usize = 64;

/// Connections the server holds at once. Each costs two descriptors at most
/// (its socket, and a file the storage may open meanwhile); the rest of the
/// usual limit is left to the storage.
pub const TOTAL: usize = 8192;

/// The caps and timeouts a server enforces on connections.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConnLimits {
    /// Connections per client address ([`PER_ADDRESS`] by default).
    pub per_address: usize,
    /// Connections in all ([`TOTAL`] by default).
    pub total: usize,
    /// For a request's head, and an idle kept-alive connection ([`HEADER_TIMEOUT`]).
    pub header_timeout: Duration,
    /// For a request's body once its head came ([`BODY_TIMEOUT`]).
    pub body_timeout: Duration,
}

impl Default for ConnLimits {
    fn default() -> ConnLimits {
        ConnLimits {
            per_address: PER_ADDRESS,
            total: TOTAL,
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
        }
    }
}

/// Open connections per address, behind one mutex held for a map update.
/// Memory: one small entry per address with a connection open.
struct Open {
    caps: ConnLimits,
    counts: Mutex<(HashMap<IpAddr, usize>, usize)>,
}

impl Open {
    /// A place for one more connection from `ip`, or `None` over a cap.
    fn admit(self: &Arc<Open>, ip: IpAddr) -> Option<Held> {
        let key = client_key(Some(SocketAddr::new(ip, 0)));
        let mut guard = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (map, total) = &mut *guard;
        let n = map.entry(key).or_insert(0);
        if *n >= self.caps.per_address || *total >= self.caps.total {
            if *n == 0 {
                map.remove(&key);
            }
            return None;
        }
        *n += 1;
        *total += 1;
        Some(Held { open: self.clone(), key })
    }
}

/// One connection's place; given back when the socket is dropped.
struct Held {
    open: Arc<Open>,
    key: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut guard = self.open.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (map, total) = &mut *guard;
        *total -= 1;
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// A socket holding its place: the place goes with the socket into a
/// WebSocket upgrade, so an open WebSocket keeps counting.
struct Counted {
    tcp: TcpStream,
    _held: Held,
}

impl AsyncRead for Counted {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// Accepts connections on `listener` and serves `app` on each over HTTP/1.1
/// (with upgrades, for WebSockets), each request carrying its peer's
/// address (`ConnectInfo<SocketAddr>`), within `caps` and the timeouts.
/// Runs until the future is dropped; an accept error (out of descriptors)
/// pauses accepting briefly rather than ending the server.
pub async fn accept_loop(listener: TcpListener, app: axum::Router, caps: ConnLimits) {
    let open = Arc::new(Open { caps, counts: Mutex::new((HashMap::new(), 0)) });
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(x) => x,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(held) = open.admit(peer.ip()) else {
            tokio::spawn(refuse(tcp, caps));
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            let _ = tcp.set_nodelay(true);
            let io = TokioIo::new(Counted { tcp, _held: held });
            let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(request.map(Body::new))
            });
            // An error here is the client's (gone, too slow, malformed): the
            // connection ends and nothing else is affected.
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(caps.header_timeout)
                .serve_connection(io, service)
                .with_upgrades()
                .await;
        });
    }
}

/// Answers a connection over a cap with `busy` (503) and closes it, giving
/// a client that reads nothing a second at most.
async fn refuse(mut tcp: TcpStream, caps: ConnLimits) {
    let error = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        format!(
            "too many connections: at most {} from one address ({} in all); close some and try again",
            caps.per_address, caps.total
        ),
        format!(
            "слишком много соединений: не больше {} с одного адреса ({} всего); закройте лишние и попробуйте снова",
            caps.per_address, caps.total
        ),
    );
    let body = serde_json::json!({"error": {"kind": error.kind, "en": error.text.en, "ru": error.text.ru}}).to_string();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: 5\r\nreferrer-policy: no-referrer\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), tcp.write_all(response.as_bytes())).await;
}

/// Middleware: reads the request's body whole within the body timeout
/// (answering `timeout`, 408, if it does not come) and at most the route's
/// [`crate::limits::max_body`] bytes
/// (answering `too_large`, 413), then hands the request on with the body
/// in memory. A client trickling its body byte by byte holds its connection
/// for that long at most. Cost: the body's bytes, once.
pub async fn read_body_in_time(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let max = crate::limits::max_body(request.uri().path());
    let limit = state.caps.body_timeout;
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(limit, axum::body::to_bytes(body, max)).await {
        Ok(Ok(bytes)) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Ok(Err(e)) if std::error::Error::source(&e).is_some_and(|s| s.is::<http_body_util::LengthLimitError>()) => {
            ApiError::too_large(max).into_response()
        }
        // The client went away, or sent what is not HTTP: it reads no answer.
        Ok(Err(e)) => ApiError::json(e).into_response(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!("the request's body did not arrive within {:.1} s", limit.as_secs_f64()),
            format!("тело запроса не пришло за {:.1} с", limit.as_secs_f64()),
        )
        .into_response(),
    }
}
