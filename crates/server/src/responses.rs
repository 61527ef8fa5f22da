//! What every response carries, whichever handler made it — ours or the
//! framework's (a wrong method, a path that is not UTF-8, a missing upgrade):
//! - every error is JSON, `{"error":{"kind","en","ru"}}`, as `docs/server.md`
//!   promises; a framework rejection keeps its status and its text;
//! - answers that may hold a secret token (pages and API answers whose
//!   address holds one, and the game creation's) or list the games a
//!   browser's links open (`/api/games/held`) are never stored by a cache
//!   (`Cache-Control: no-store`), and no page sends its address onwards in a
//!   `Referer` (`Referrer-Policy: no-referrer`).

use crate::error::ApiError;
use axum::extract::Request;
use axum::http::header::{ALLOW, CACHE_CONTROL, CONTENT_TYPE, REFERRER_POLICY};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The longest framework error text kept (they are one line).
const MAX_TEXT: usize = 1024;

/// The middleware (`axum::middleware::from_fn(guard)`): see the module
/// docs. Cost: a path check per request; reads the body of a non-JSON error
/// only (at most [`MAX_TEXT`] bytes).
pub async fn guard(request: Request, next: Next) -> Response {
    let secret = holds_secrets(request.uri().path());
    let mut response = next.run(request).await;
    let status = response.status();
    if (status.is_client_error() || status.is_server_error()) && !is_json(&response) {
        response = as_json(response).await;
    }
    let headers = response.headers_mut();
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    if secret {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// Every address holding a token (`/t/{token}` pages, `/api/t/{token}/…`:
/// the address itself is the secret, and the answers hold seat views and
/// hands), the game creation (its answer holds every link) and the games a
/// browser's links open. The
/// catalog, a game's drawing and the client's files hold none.
fn holds_secrets(path: &str) -> bool {
    path.starts_with("/t/") || path.starts_with("/api/t/") || path == "/api/games" || path == "/api/games/held"
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// A framework error re-made as ours: the same status, a kind named after
/// it, the framework's text (or what the status means) in both languages.
async fn as_json(response: Response) -> Response {
    let (parts, body) = response.into_parts();
    let status = parts.status;
    let text = match axum::body::to_bytes(body, MAX_TEXT).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_owned(),
        Err(_) => String::new(),
    };
    let allow = parts.headers.get(ALLOW).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let mut error = match status {
        StatusCode::METHOD_NOT_ALLOWED => ApiError::new(
            status,
            "method",
            format!("this address does not take that method (it takes: {allow})"),
            format!("этот адрес не принимает такой метод (принимает: {allow})"),
        ),
        StatusCode::NOT_FOUND => ApiError::new(status, "not_found", "no such page", "нет такой страницы"),
        _ => {
            let what = status.canonical_reason().unwrap_or("error").to_lowercase();
            let said = if text.is_empty() { what } else { text };
            ApiError::new(status, "request", format!("bad request: {said}"), format!("неверный запрос: {said}"))
        }
    }
    .into_response();
    if !allow.is_empty() {
        if let Ok(v) = HeaderValue::from_str(&allow) {
            error.headers_mut().insert(ALLOW, v);
        }
    }
    error
}
