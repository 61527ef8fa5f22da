//! Issue 9: every JSON body the server takes fuzzed — a game's creation, an
//! action, an undo, a seat handed over, an invite claimed or re-issued —
//! real bodies with their JSON edited, and any text. Every answer is JSON,
//! no input makes a server error (5xx), and the server goes on serving.
//! In process (the router itself), so thousands run in seconds.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sandtable_core::fuzz::{self, Counts};
use sandtable_server::api::{router, AppState};
use sandtable_server::hub::Hub;
use sandtable_server::limits::Limiter;
use sandtable_server::Durability;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

mod common;

const BORDER: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

async fn call(app: &axum::Router, path: &str, body: String) -> (StatusCode, Value) {
    let request =
        Request::post(path).header("content-type", "application/json").body(Body::from(body)).expect("request");
    let response = app.clone().oneshot(request).await.expect("the router answers");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 24).await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fuzz_every_json_body_of_the_server() {
    let store = sandtable_server::storage::open(&common::sqlite_path(), Durability::Normal).expect("open");
    let hub = Hub::new(Arc::from(store), Duration::ZERO, sandtable_ai::BotSpec::RANDOM);
    let app = router(AppState::new(hub, Arc::new(Limiter::new(1_000_000))));
    let (status, g) = call(
        &app,
        "/api/games",
        json!({"game": "colditz", "seed": 4, "options": {"players": "3"}, "seats": {"american": "invite"}}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{g}");
    let admin = g["admin"].as_str().expect("admin").to_owned();
    let german = g["seats"]["german"].as_str().expect("german").to_owned();
    let invite = g["invites"]["american"].as_str().unwrap_or(&german).to_owned();
    // A game with provable dice, its shares still awaited (issue 14).
    let (status, p) =
        call(&app, "/api/games", json!({"game": "totensonntag", "seats": {"allies": "invite"}}).to_string()).await;
    assert_eq!(status, StatusCode::CREATED, "{p}");
    let sharer = p["seats"]["axis"].as_str().expect("axis").to_owned();
    // The routes with a body, each with real bodies to edit.
    let routes: Vec<(String, Vec<Value>)> = vec![
        (
            "/api/games".into(),
            vec![
                json!({"game": "totensonntag", "seed": 3}),
                json!({"game": "colditz", "options": {"players": "4", "variant": "classic"}, "seats": {"british": "bot"}}),
                json!({"game": "totensonntag", "scenario_text": BORDER, "seats": {"axis": "invite"}}),
                json!({"game": "totensonntag", "seats": {"axis": "bot"}, "bots": {"axis": "greedy"}}),
            ],
        ),
        (
            format!("/api/t/{german}/act"),
            vec![json!({"version": 0, "action": "end"}), json!({"version": 0, "action": "deploy g1 gp1"})],
        ),
        (format!("/api/t/{german}/undo"), vec![json!({"version": 1})]),
        (
            format!("/api/t/{admin}/seat"),
            vec![
                json!({"seat": "british", "kind": "bot"}),
                json!({"seat": "british", "kind": "human"}),
                json!({"seat": "british", "kind": "bot", "bot": "random"}),
            ],
        ),
        (format!("/api/t/{invite}/claim"), vec![json!({})]),
        (format!("/api/t/{admin}/invite"), vec![json!({"seat": "american"})]),
        ("/api/games/held".into(), vec![json!({"tokens": [admin, german]}), json!({"tokens": []})]),
        (format!("/api/t/{german}/mail"), vec![json!({"address": "german@example.org"}), json!({"address": null})]),
        (format!("/api/t/{sharer}/share"), vec![json!({"entropy": "5e".repeat(32)})]),
    ];
    let counts = Counts::default();
    let runtime = tokio::runtime::Handle::current();
    for (path, seeds) in routes {
        let texts: Vec<String> = seeds.iter().map(Value::to_string).collect();
        let check = |body: String| -> Result<(), TestCaseError> {
            let (status, v) = tokio::task::block_in_place(|| runtime.block_on(call(&app, &path, body.clone())));
            prop_assert!(!status.is_server_error(), "{path} {body:.200}: {status} {v}");
            if status.is_client_error() {
                let said = |lang: &str| v["error"][lang].as_str().is_some_and(|t| !t.trim().is_empty());
                prop_assert!(said("en") && said("ru"), "{path} {body:.200}: {status} {v}");
            } else {
                prop_assert!(v.is_object(), "{path}: an answer that is not JSON");
            }
            counts.count(status.is_success());
            Ok(())
        };
        fuzz::run(400, fuzz::json(seeds), |body| check(body.to_string()));
        fuzz::run(200, fuzz::text(texts), check);
    }
    // The server goes on: the game's table still opens.
    let table = app.clone().oneshot(Request::get(format!("/api/t/{german}")).body(Body::empty()).expect("request"));
    assert_eq!(table.await.expect("answer").status(), StatusCode::OK);
    fuzz::report(env!("CARGO_TARGET_TMPDIR"), "server", "server JSON bodies (9 routes)", &counts);
}
