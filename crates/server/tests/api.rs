//! The server's API over real HTTP on loopback, on every storage backend.

mod common;

use common::{databases, first_push, kind, start, start_config, start_with};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn token<'a>(created: &'a Value, seat: &str) -> &'a str {
    created["seats"][seat].as_str().expect("seat token")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_links_are_capabilities() {
    for db in databases() {
        let s = start(&db).await;
        let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
        let (allies, axis) = (token(&g, "allies"), token(&g, "axis"));
        let (admin, spectator) = (g["admin"].as_str().expect("admin"), g["spectator"].as_str().expect("spectator"));
        // Tokens are 128-bit hex, all distinct.
        let all = [allies, axis, admin, spectator];
        for t in all {
            assert_eq!(t.len(), 32);
        }
        assert_eq!(all.iter().collect::<std::collections::HashSet<_>>().len(), 4);
        // A made-up token, a near miss and junk open nothing.
        let mut near = allies.to_owned();
        near.replace_range(0..1, if allies.starts_with('0') { "1" } else { "0" });
        for bad in ["0123456789abcdef0123456789abcdef", near.as_str(), "../../etc/passwd", "x"] {
            let (status, v) = s.get(&format!("/api/t/{bad}")).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{bad}: {v}");
            // A path that is no token route at all gets the router's not_found.
            assert!(["no_token", "not_found"].contains(&kind(&v)), "{v}");
            let (status, _) = s.act(bad, 0, "pick 3").await;
            assert!([StatusCode::NOT_FOUND, StatusCode::METHOD_NOT_ALLOWED].contains(&status), "{bad}: {status}");
        }
        // The spectator and the admin may watch but not act.
        for watcher in [spectator, admin] {
            let (status, v) = s.act(watcher, 0, "pick 3").await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
            assert_eq!(kind(&v), "forbidden");
        }
        // The wrong seat is refused by the rules, citing them, and nothing changes.
        let (status, v) = s.act(axis, 0, "pick 3").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(kind(&v), "illegal");
        assert!(v["error"]["rule"].as_str().expect("rule").starts_with("CCT"), "{v}");
        assert!(!v["error"]["ru"].as_str().expect("ru").is_empty());
        assert_eq!(s.table(allies).await["version"], 0);
        // Only the admin hands seats over.
        let (status, v) = s.post(&format!("/api/t/{allies}/seat"), &json!({"seat": "axis", "kind": "bot"})).await;
        assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"));
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_sees_its_hand_and_a_spectator_sees_no_hand() {
    for db in databases() {
        let s = start(&db).await;
        let g = s.create(json!({"game": "colditz", "seed": 1, "options": {"players": 2}})).await;
        let british = s.table(token(&g, "british")).await;
        let hand = &british["view"]["officers"][0]["hand"];
        assert!(hand.as_array().is_some_and(|h| !h.is_empty()), "British see their hand: {hand}");
        for watcher in [g["spectator"].as_str().expect("t"), g["admin"].as_str().expect("t"), token(&g, "german")] {
            let t = s.table(watcher).await;
            assert_eq!(t["view"]["officers"][0]["hand"], Value::Null, "another seat's hand is hidden");
            for card in hand.as_array().expect("hand") {
                let card = card.as_str().expect("card name");
                assert!(!t["view"].to_string().contains(card), "{card} leaks into another view");
            }
            if watcher != token(&g, "german") {
                assert_eq!(t["legal"], json!([]), "watchers get no legal actions");
            }
        }
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_oversized_input_is_refused_and_changes_nothing() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let allies = token(&g, "allies");
    let act = format!("/api/t/{allies}/act");
    for (body, want) in [
        ("{\"versio", "json"),
        ("[]", "json"),
        ("{\"version\":\"0\",\"action\":\"pick 3\"}", "json"),
        ("{\"version\":0,\"action\":\"pick 3\",\"extra\":1}", "json"),
        ("{\"version\":-1,\"action\":\"pick 3\"}", "json"),
        ("{\"version\":0,\"action\":\"fly to the moon\"}", "parse"),
        ("{\"version\":0,\"action\":\"pick 9\"}", "parse"),
    ] {
        let (status, v) = s.post_raw(&act, body.to_owned()).await;
        assert!(status.is_client_error(), "{body}: {status}");
        assert_eq!(kind(&v), want, "{body}: {v}");
        assert!(v["error"]["en"].is_string() && v["error"]["ru"].is_string());
    }
    let big = format!("{{\"version\":0,\"action\":\"{}\"}}", "a".repeat(20_000));
    let (status, v) = s.post_raw(&act, big).await;
    assert_eq!((status, kind(&v)), (StatusCode::PAYLOAD_TOO_LARGE, "too_large"));
    let (status, v) = s.post_raw("/api/games", "{\"game\":\"chess\"}").await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "unknown_game"), "{v}");
    let (status, v) = s.post_raw("/api/games", "{\"game\":\"colditz\",\"options\":{\"players\":9}}").await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "setup"), "{v}");
    let (status, v) = s.post_raw("/api/games", "{\"game\":\"totensonntag\",\"seats\":{\"nobody\":\"bot\"}}").await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "setup"), "{v}");
    let t = s.table(allies).await;
    assert_eq!((t["version"].as_u64(), t["log"].as_array().map(Vec::len)), (Some(0), Some(0)));
    // The game still plays.
    let (status, v) = s.act(allies, 0, "pick 3").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_or_repeated_submission_is_never_applied_twice() {
    for db in databases() {
        let s = start(&db).await;
        let g = s.create(json!({"game": "totensonntag", "seed": 5})).await;
        let (allies, axis) = (token(&g, "allies"), token(&g, "axis"));
        let (status, v) = s.act(allies, 0, "pick 3").await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["version"], 1);
        // The same submission again: stale, not a second application.
        let (status, v) = s.act(allies, 0, "pick 3").await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "stale"), "{v}");
        // A move made against a future version is refused too.
        let first = s.table(axis).await["to_act"][0].as_str().expect("to act").to_owned();
        let mover = token(&g, &first);
        let t = s.table(mover).await;
        let action = t["legal"][0]["action"].as_str().expect("legal").to_owned();
        let (status, v) = s.act(mover, 7, &action).await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "stale"), "{v}");
        assert_eq!(s.table(axis).await["version"], 1);
        assert_eq!(s.table(axis).await["log"].as_array().map(Vec::len), Some(1));
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_a_move_but_not_a_die_roll() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 5})).await;
    let (allies, axis) = (token(&g, "allies"), token(&g, "axis"));
    let (status, _) = s.act(allies, 0, "pick 3").await;
    assert_eq!(status, StatusCode::OK);
    // The pick was followed by the Axis initiative roll: a barrier.
    let t = s.table(allies).await;
    // The log shows what the decision did, citing the rules, dice included.
    let events = t["log"][0]["events"].as_array().expect("events");
    assert!(events.iter().any(|e| e["rule"] == "CCT 2.1" && !e["dice"].as_array().expect("dice").is_empty()), "{t}");
    assert_eq!(t["can_undo"], false);
    let (status, v) = s.post(&format!("/api/t/{allies}/undo"), &json!({"version": 1})).await;
    assert_eq!((status, kind(&v)), (StatusCode::UNPROCESSABLE_ENTITY, "undo"), "{v}");
    let first = t["to_act"][0].as_str().expect("to act").to_owned();
    let (mover, other) = if first == "axis" { (axis, allies) } else { (allies, axis) };
    let t = s.table(mover).await;
    let mv = t["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .find(|a| a["action"].as_str().is_some_and(|x| x.starts_with("move ")));
    let mv = mv.expect("a move")["action"].as_str().expect("text").to_owned();
    let (status, v) = s.act(mover, 1, &mv).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let t = s.table(mover).await;
    assert_eq!(t["can_undo"], true);
    assert_eq!(s.table(other).await["can_undo"], false, "not the other side's move");
    let (status, v) = s.post(&format!("/api/t/{other}/undo"), &json!({"version": 2})).await;
    assert_eq!((status, kind(&v)), (StatusCode::UNPROCESSABLE_ENTITY, "undo"), "{v}");
    let (status, v) = s.post(&format!("/api/t/{mover}/undo"), &json!({"version": 2})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let t = s.table(mover).await;
    assert_eq!(t["version"], 3, "an undo is a change of its own");
    assert_eq!(t["log"].as_array().map(Vec::len), Some(1));
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_has_every_game_intact() {
    for db in databases() {
        let s = start(&db).await;
        // Past a snapshot (every 64 versions) and into the journal after it.
        let g = s.create(json!({"game": "totensonntag", "seed": 11})).await;
        let version = s.play_first_legal(&g["seats"], 90).await;
        assert!(version >= 70, "played {version}");
        let c = s.create(json!({"game": "colditz", "seed": 2, "options": {"players": 3}})).await;
        s.play_first_legal(&c["seats"], 30).await;
        let mut before = Vec::new();
        for t in [token(&g, "axis"), token(&g, "allies"), token(&c, "british"), c["spectator"].as_str().expect("t")] {
            before.push(s.table(t).await);
        }
        s.stop();
        let s = start(&db).await;
        for (i, t) in
            [token(&g, "axis"), token(&g, "allies"), token(&c, "british"), c["spectator"].as_str().expect("t")]
                .into_iter()
                .enumerate()
        {
            let after = s.table(t).await;
            assert_eq!(after, before[i], "table {i} differs after the restart");
        }
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_their_seats_and_the_admin_can_hand_a_seat_over() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 9, "seats": {"axis": "bot"}})).await;
    let (allies, axis, admin) = (token(&g, "allies"), token(&g, "axis"), g["admin"].as_str().expect("admin"));
    let (status, _) = s.act(allies, 0, "pick 3").await;
    assert_eq!(status, StatusCode::OK);
    // The bot moves until the Allies owe a decision.
    let mut t = s.table(allies).await;
    for _ in 0..200 {
        if t["to_act"] == json!(["allies"]) || t.get("over").is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        t = s.table(allies).await;
    }
    assert_eq!(t["to_act"], json!(["allies"]), "the bot played the Axis impulse");
    assert!(t["log"].as_array().expect("log").iter().any(|e| e["seat"] == "axis"));
    // A human holding the bot's seat link may not act for the bot.
    let tt = s.table(axis).await;
    assert_eq!(tt["seats"][0]["kind"], "bot");
    // The admin hands the Axis back to its link holder.
    let (status, v) = s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "axis", "kind": "human"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(s.table(axis).await["seats"][0]["kind"], "human");
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_over_the_rate_are_refused() {
    let s = start_with(&databases()[0], 2).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let allies = token(&g, "allies");
    let mut refused = 0;
    for _ in 0..20 {
        let (status, v) = s.get(&format!("/api/t/{allies}")).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(kind(&v), "rate");
            refused += 1;
        }
    }
    assert!(refused > 0, "20 quick requests at 2/s (burst 4) must meet the limit");
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_pushes_every_change() {
    use futures_util::StreamExt;
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let (allies, spectator) = (token(&g, "allies"), g["spectator"].as_str().expect("t"));
    let url = format!("ws://{}/api/t/{spectator}/ws", s.running.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
    let first: Value =
        serde_json::from_str(ws.next().await.expect("a message").expect("ok").to_text().expect("text")).expect("json");
    assert_eq!(first["version"], 0);
    assert_eq!(first["role"], json!({"spectator": true}));
    let (status, _) = s.act(allies, 0, "pick 3").await;
    assert_eq!(status, StatusCode::OK);
    let next = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next()).await.expect("pushed in time");
    let next: Value =
        serde_json::from_str(next.expect("a message").expect("ok").to_text().expect("text")).expect("json");
    assert_eq!(next["version"], 1);
    assert_eq!(next["legal"], json!([]), "a spectator's push carries no legal actions");
    s.stop();
}

/// Every game's renderer comes from its crate through the catalog, served
/// as the shell's scripts are; an unknown game is a JSON 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_games_renderer_is_served_through_the_catalog() {
    let s = start(&databases()[0]).await;
    let shell = s.http.get(format!("{}/app.js", s.base)).send().await.expect("app.js");
    let (status, v) = s.get("/api/catalog").await;
    assert_eq!(status, StatusCode::OK);
    let games = v["games"].as_array().expect("games");
    assert!(!games.is_empty());
    for g in games {
        let id = g["id"].as_str().expect("id");
        let r = s.http.get(format!("{}/games/{id}.js", s.base)).send().await.expect("renderer");
        assert_eq!(r.status(), StatusCode::OK, "{id}");
        assert!(r.headers()["content-type"].to_str().expect("type").starts_with("text/javascript"), "{id}");
        for h in ["content-type", "cache-control"] {
            assert_eq!(r.headers()[h], shell.headers()[h], "{id}: {h} as app.js");
        }
        let body = r.text().await.expect("text");
        let embedded = sandtable_catalog::find(id).expect("in the catalog").renderer().expect("a renderer");
        assert_eq!(body, embedded, "{id}: the script its crate embeds");
        // A hyphenated id (`nine-years`) is no JS identifier: brackets then.
        let registers = body.contains(&format!("Sandtable.games.{id} = "))
            || body.contains(&format!("Sandtable.games[\"{id}\"] = "));
        assert!(registers, "{id}: registers itself");
    }
    let (status, v) = s.get("/games/chess.js").await;
    assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "unknown_game"), "{v}");
    assert!(v["error"]["en"].as_str().expect("text").contains("chess"), "{v}");
    let (status, v) = s.get(&format!("/games/{}", games[0]["id"].as_str().expect("id"))).await;
    assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "not_found"), "{v}");
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_the_catalog_are_served() {
    let s = start(&databases()[0]).await;
    let r = s.http.get(format!("{}/", s.base)).send().await.expect("page");
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"].to_str().expect("type").starts_with("text/html"));
    let (status, v) = s.get("/api/catalog").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = v["games"].as_array().expect("games").iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(ids, ["totensonntag", "colditz", "scs", "nine-years"]);
    // The drawing: built once, cacheable by anyone for an hour.
    let mut bodies = Vec::new();
    for _ in 0..2 {
        let r = s.http.get(format!("{}/api/drawing/totensonntag", s.base)).send().await.expect("drawing");
        assert_eq!(r.status(), StatusCode::OK);
        assert_eq!(r.headers()["cache-control"], "public, max-age=3600");
        assert!(r.headers()["content-type"].to_str().expect("type").starts_with("application/json"));
        bodies.push(r.json::<Value>().await.expect("json"));
    }
    assert_eq!(bodies[0], bodies[1]);
    assert!(bodies[0].is_object(), "{}", bodies[0]);
    let (status, v) = s.get("/api/drawing/chess").await;
    assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "unknown_game"));
    let g = s.create(json!({"game": "colditz", "options": {"players": "4"}, "public": true})).await;
    let (status, v) = s.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let listed = &v["games"].as_array().expect("list")[0];
    assert_eq!(listed["id"], g["id"]);
    assert!(!v.to_string().contains(g["admin"].as_str().expect("admin")), "the list carries no tokens");
    s.stop();
}

/// The lobby: anyone sees the games their creators made public; a game
/// not made public is listed only to whoever holds one of its links (any
/// of them: a seat, the spectator's, the admin's, an invite).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_public_games_and_the_held_ones_only() {
    for db in databases() {
        let s = start(&db).await;
        let public = s.create(json!({"game": "totensonntag", "public": true})).await;
        let private = s.create(json!({"game": "totensonntag", "seats": {"allies": "invite"}})).await;
        let ids = |v: &Value| -> Vec<String> {
            v["games"].as_array().expect("games").iter().map(|g| g["id"].as_str().expect("id").to_owned()).collect()
        };
        let (status, listed) = s.get("/api/games").await;
        assert_eq!(status, StatusCode::OK, "{listed}");
        assert!(ids(&listed).contains(&public["id"].as_str().expect("id").to_owned()), "{listed}");
        assert!(!ids(&listed).contains(&private["id"].as_str().expect("id").to_owned()), "not public: {listed}");
        assert_eq!(listed["games"][0]["public"], json!(true), "{listed}");
        for token in
            [&private["seats"]["axis"], &private["spectator"], &private["admin"], &private["invites"]["allies"]]
        {
            let (status, held) = s.post("/api/games/held", &json!({"tokens": [token]})).await;
            assert_eq!(status, StatusCode::OK, "{held}");
            assert_eq!(ids(&held), [private["id"].as_str().expect("id")], "held by {token}: {held}");
            assert_eq!(held["games"][0]["public"], json!(false), "{held}");
            // Its status: the invited seat's share of the dice is awaited.
            assert_eq!(held["games"][0]["gathering"], json!(["allies"]), "with its status: {held}");
            assert!(!held.to_string().contains(token.as_str().expect("token")), "no tokens echoed: {held}");
        }
        // Two links of one game list it once; made-up and malformed tokens list nothing.
        let both = json!({"tokens": [private["admin"], "0123456789abcdef0123456789abcdef", "x", private["spectator"], public["admin"]]});
        let (_, held) = s.post("/api/games/held", &both).await;
        assert_eq!(ids(&held), [private["id"].as_str().expect("id"), public["id"].as_str().expect("id")], "{held}");
        let (status, v) = s.post("/api/games/held", &json!({"tokens": vec!["0"; 101]})).await;
        assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "json"), "at most 100 links: {v}");
        let (status, v) = s.post("/api/games/held", &json!({"links": []})).await;
        assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "json"), "{v}");
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_server_instances_share_one_database() {
    for db in databases() {
        let (a, b) = (start(&db).await, start(&db).await);
        let g = a.create(json!({"game": "totensonntag", "seed": 5})).await;
        let allies = token(&g, "allies");
        assert_eq!(b.table(allies).await["version"], 0, "B opens a game A created");
        let (status, v) = a.act(allies, 0, "pick 3").await;
        assert_eq!(status, StatusCode::OK, "{v}");
        // B had the game in memory at version 0: it catches up from the journal.
        let t = b.table(allies).await;
        assert_eq!(t["version"], 1);
        let first = t["to_act"][0].as_str().expect("to act").to_owned();
        let mover = token(&g, &first);
        let action = b.table(mover).await["legal"][0]["action"].as_str().expect("legal").to_owned();
        // The same submission through both instances: exactly one applies.
        let (sa, _) = a.act(mover, 1, &action).await;
        let (sb, vb) = b.act(mover, 1, &action).await;
        assert_eq!(sa, StatusCode::OK);
        assert_eq!((sb, kind(&vb)), (StatusCode::CONFLICT, "stale"), "{vb}");
        assert_eq!(a.table(mover).await["log"], b.table(mover).await["log"]);
        assert_eq!(a.table(mover).await["log"].as_array().map(Vec::len), Some(2));
        a.stop();
        b.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_whole_games_of_each_game_to_the_end() {
    let s = start(&databases()[0]).await;
    let tt = s.create(json!({"game": "totensonntag", "seed": 4, "seats": {"axis": "bot", "allies": "bot"}})).await;
    let cz = s
        .create(json!({"game": "colditz", "seed": 4, "options": {"players": 3, "rounds": 10},
            "seats": {"german": "bot", "british": "bot", "american": "bot"}}))
        .await;
    for g in [&tt, &cz] {
        let watcher = g["spectator"].as_str().expect("t");
        let start = std::time::Instant::now();
        let mut t = s.table(watcher).await;
        while t.get("over").is_none() && start.elapsed() < std::time::Duration::from_secs(240) {
            tokio::time::sleep(std::time::Duration::from_millis(250)).await;
            t = s.table(watcher).await;
        }
        assert!(t.get("over").is_some(), "{} did not end: version {}", t["game"], t["version"]);
        assert!(t["over"]["text"]["en"].is_string() && t["over"]["text"]["ru"].is_string());
        assert_eq!(t["setup"]["seed"], 4, "once over, the seed is shown for replays");
        assert_eq!(t["version"].as_u64(), t["log"].as_array().map(|l| l.len() as u64), "every decision is logged");
    }
    s.stop();
}

/// The creator's seed here is one no table would contain by chance.
const SEED: u64 = 987_654_321_987;

fn no_seed(what: &str, v: &Value) {
    assert!(!v.to_string().contains(&SEED.to_string()), "{what} carries the seed: {v}");
    if let Some(setup) = v.get("setup") {
        assert!(setup.get("seed").is_none(), "{what}: {setup}");
        assert!(setup["scenario"].is_string() && setup["options"].is_object(), "{what}: {setup}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_is_shown_to_nobody_before_the_end() {
    for db in databases() {
        let s = start(&db).await;
        let g = s.create(json!({"game": "colditz", "seed": SEED, "options": {"players": 2}})).await;
        let links = [
            g["spectator"].as_str(),
            g["admin"].as_str(),
            g["seats"]["british"].as_str(),
            g["seats"]["german"].as_str(),
        ];
        for t in links {
            let t = t.expect("token");
            no_seed("a table", &s.table(t).await);
            let url = format!("ws://{}/api/t/{t}/ws", s.running.addr);
            let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
            no_seed("a push", &first_push(&mut ws).await);
            let (status, v) = s.get(&format!("/api/t/{t}/replay?at=0")).await;
            assert_eq!(status, StatusCode::OK, "{v}");
            no_seed("a replay", &v);
        }
        // After a decision, pushed to an open page.
        let spectator = g["spectator"].as_str().expect("token");
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/api/t/{spectator}/ws", s.running.addr))
            .await
            .expect("ws");
        first_push(&mut ws).await;
        s.play_first_legal(&g["seats"], 1).await;
        let pushed = first_push(&mut ws).await;
        assert_eq!(pushed["version"], 1);
        no_seed("a push after a decision", &pushed);
        let (_, list) = s.get("/api/games").await;
        no_seed("the game list", &list);
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_the_bot_plays_is_offered_no_actions() {
    // A slow bot, so the seat it plays is still to act when we look.
    let s = start_config(&databases()[0], 1000, std::time::Duration::from_secs(600)).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 3, "seats": {"allies": "bot"}})).await;
    let (allies, admin) = (token(&g, "allies"), g["admin"].as_str().expect("admin"));
    let t = s.table(allies).await;
    assert_eq!(t["to_act"], json!(["allies"]));
    assert_eq!((t["legal"].clone(), t["can_undo"].clone()), (json!([]), json!(false)), "{t}");
    let (status, v) = s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "allies", "kind": "human"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let t = s.table(allies).await;
    assert!(t["legal"].as_array().is_some_and(|l| !l.is_empty()), "handed back, the seat may act: {t}");
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_replay_position_is_a_json_error() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let allies = token(&g, "allies");
    for q in ["", "?at=", "?at=x", "?at=-1", "?when=1"] {
        let r = s.http.get(format!("{}/api/t/{allies}/replay{q}", s.base)).send().await.expect("answer");
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{q}");
        let v: Value = r.json().await.unwrap_or_else(|e| panic!("{q}: not JSON: {e}"));
        assert_eq!(kind(&v), "query", "{q}: {v}");
        assert!(v["error"]["en"].is_string() && v["error"]["ru"].is_string(), "{v}");
    }
    let (status, v) = s.get(&format!("/api/t/{allies}/replay?at=1")).await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "query"), "past the end: {v}");
    let (status, v) = s.get(&format!("/api/t/{allies}/replay?at=0")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["at"].as_u64(), v["of"].as_u64()), (Some(0), Some(0)));
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_positions_count_the_entries_the_viewer_can_see() {
    use sandtable_core::{Setup, Viewer};
    let path = common::sqlite_path();
    let s = start(&format!("sqlite:{path}")).await;
    // Bots play a whole game. A game may hide a whole entry from a viewer
    // (Ruleset::log_text None); since issue 9 no built-in game does (an
    // Appel answer is one entry everyone reads), so the positions must match
    // the decisions one to one, which the mapping below checks either way.
    let g = s
        .create(json!({"game": "colditz", "seed": 7, "options": {"players": 3, "rounds": 10},
            "seats": {"german": "bot", "british": "bot", "american": "bot"}}))
        .await;
    let spectator = g["spectator"].as_str().expect("t");
    let start = std::time::Instant::now();
    let mut t = s.table(spectator).await;
    while t.get("over").is_none() && start.elapsed() < std::time::Duration::from_secs(240) {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        t = s.table(spectator).await;
    }
    assert!(t.get("over").is_some(), "the game did not end");
    // The whole log, from the journal, and what the spectator sees of it.
    let setup: Setup = serde_json::from_value(t["setup"].clone()).expect("the set-up, seed included once over");
    let store = sandtable_server::storage::open(&path, sandtable_server::Durability::Full).expect("open");
    let driver = sandtable_catalog::find("colditz").expect("colditz");
    let mut session = driver.game().start(&setup).expect("start");
    let info = session.info().clone();
    for row in store.journal(g["id"].as_str().expect("id"), 0).expect("journal") {
        let seat = info.seat(&row.seat).expect("seat");
        session.apply(seat, &row.text).expect("the journal replays");
    }
    let seen = session.log_seen_by(Viewer::Spectator);
    let visible: Vec<usize> = seen.iter().enumerate().filter_map(|(i, e)| e.as_ref().map(|_| i)).collect();
    let log = t["log"].as_array().expect("log");
    assert_eq!(log.len(), visible.len());
    assert_eq!(visible.len(), seen.len(), "every decision reads as an entry to every viewer");
    // Positions just around hidden decisions, and the ends.
    let mut ks = vec![0, 1, visible.len()];
    if let Some(k) = (1..visible.len()).find(|&k| visible[k] != visible[k - 1] + 1) {
        ks.extend([k, k + 1]);
    }
    for k in ks {
        let (status, v) = s.get(&format!("/api/t/{spectator}/replay?at={k}")).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!((v["at"].as_u64(), v["of"].as_u64()), (Some(k as u64), Some(log.len() as u64)));
        let decisions = if k == 0 { 0 } else { visible[k - 1] + 1 };
        let record = sandtable_core::GameRecord { log: session.log()[..decisions].to_vec(), ..session.record() };
        let want = driver.replay(&record).expect("replay").view(Viewer::Spectator);
        assert_eq!(v["view"], want, "at={k}: the view after the spectator's entry {k}");
    }
    // A seat reads as many entries as the spectator.
    let british = token(&g, "british");
    let (_, v) = s.get(&format!("/api/t/{british}/replay?at=0")).await;
    assert_eq!(v["of"].as_u64(), Some(log.len() as u64));
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupt_snapshot_is_skipped_and_the_journal_replayed() {
    let path = common::sqlite_path();
    let db = format!("sqlite:{path}");
    let s = start(&db).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 11})).await;
    let version = s.play_first_legal(&g["seats"], 70).await;
    assert!(version > sandtable_server::hub::SNAPSHOT_EVERY, "played {version}");
    let (axis, allies) = (token(&g, "axis"), token(&g, "allies"));
    let before = (s.table(axis).await, s.table(allies).await);
    s.stop();
    let conn = rusqlite::Connection::open(&path).expect("open");
    let body: String = conn.query_row("SELECT body FROM snapshots", [], |r| r.get(0)).expect("a snapshot");
    let mut short: Value = serde_json::from_str(&body).expect("json");
    short["kinds"] = json!(["human"]);
    let mut tampered: Value = serde_json::from_str(&body).expect("json");
    tampered["record"]["state_hash"] = json!("0".repeat(64));
    for bad in ["{not json".to_owned(), short.to_string(), tampered.to_string()] {
        conn.execute("UPDATE snapshots SET body = ?1", [&bad]).expect("corrupt it");
        let s = start(&db).await;
        assert_eq!((s.table(axis).await, s.table(allies).await), before, "with the snapshot {bad:.60}");
        s.stop();
    }
}

/// A page that says what it holds (`?since=V&have=N`, on a table request or
/// its WebSocket) is sent only the log entries it lacks; an undo since then
/// makes it drop the entry it took back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_is_sent_only_the_log_it_lacks() {
    use futures_util::StreamExt;
    for db in databases() {
        let s = start(&db).await;
        let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
        let (status, _) = s.act(token(&g, "allies"), 0, "pick 3").await;
        assert_eq!(status, StatusCode::OK);
        let spectator = g["spectator"].as_str().expect("t");
        let full = s.table(spectator).await;
        assert_eq!(full["log_from"], 0, "no holding said: the whole log");
        let n = full["log"].as_array().expect("log").len();
        assert_eq!(full["log_len"], n);
        // A move (no dice: it can be taken back) by the seat to act.
        let seat = full["to_act"][0].as_str().expect("a seat to act").to_owned();
        let mover = token(&g, &seat);
        let t = s.table(mover).await;
        let mv = t["legal"].as_array().expect("legal").iter().find_map(|a| {
            let text = a["action"].as_str()?;
            text.starts_with("move ").then(|| text.to_owned())
        });
        let mv = mv.expect("a move");
        let (status, v) = s.act(mover, 1, &mv).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let (status, t) = s.get(&format!("/api/t/{spectator}?since=1&have={n}")).await;
        assert_eq!(status, StatusCode::OK, "{t}");
        assert_eq!((t["log_from"].as_u64(), t["log_len"].as_u64()), (Some(n as u64), Some(n as u64 + 1)), "{t}");
        assert_eq!(t["log"].as_array().expect("log").len(), 1, "only the new entry");
        assert_eq!(t["log"][0]["action"], mv.as_str());
        // Undo: the page that held the move keeps what came before it.
        let (status, v) = s.post(&format!("/api/t/{mover}/undo"), &json!({"version": 2})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let (_, t) = s.get(&format!("/api/t/{spectator}?since=2&have={}", n + 1)).await;
        assert_eq!((t["log_from"].as_u64(), t["log_len"].as_u64()), (Some(n as u64), Some(n as u64)), "{t}");
        assert_eq!(t["log"], json!([]));
        // A page that held the log before the undo but claims more than there
        // was, or a version that was never made: cut, or the whole log.
        let (_, t) = s.get(&format!("/api/t/{spectator}?since=1&have=99999")).await;
        assert_eq!(t["log_from"].as_u64(), Some(n as u64), "{t}");
        let (_, t) = s.get(&format!("/api/t/{spectator}?since=999&have={n}")).await;
        assert_eq!(t["log_from"], 0, "{t}");
        assert_eq!(t["log"].as_array().expect("log").len(), n);
        // Half a holding, or junk: a JSON error.
        for q in ["since=1", "have=3", "since=x&have=1"] {
            let (status, v) = s.get(&format!("/api/t/{spectator}?{q}")).await;
            assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "query"), "{q}: {v}");
        }
        // The WebSocket of a page that holds version 3 sends nothing until a
        // change, then only the new entry.
        let url = format!("ws://{}/api/t/{spectator}/ws?since=3&have={n}", s.running.addr);
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(300), ws.next()).await;
        assert!(quiet.is_err(), "nothing new to send: {quiet:?}");
        let (status, v) = s.act(mover, 3, &mv).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let pushed = common::first_push(&mut ws).await;
        assert_eq!(pushed["version"], 4);
        assert_eq!((pushed["log_from"].as_u64(), pushed["log_len"].as_u64()), (Some(n as u64), Some(n as u64 + 1)));
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invite_is_claimed_once_for_a_seat_token() {
    for db in databases() {
        let s = start(&db).await;
        let g = s
            .create(json!({"game": "colditz", "seed": 1, "options": {"players": 2}, "seats": {"british": "invite"}}))
            .await;
        // The creator gets the German seat's link and the British invite, not the British seat's link.
        assert!(g["seats"]["british"].is_null(), "{g}");
        let german = token(&g, "german");
        let invite = g["invites"]["british"].as_str().expect("invite token");
        assert_eq!(invite.len(), 32);
        // The invite sees what a spectator sees, says which seat it invites to, and may not act.
        for _ in 0..2 {
            let t = s.table(invite).await;
            assert_eq!(t["invite"], json!({"seat": "british", "claimed": false}), "a GET never claims");
            assert_eq!(t["view"]["officers"][0]["hand"], Value::Null, "an invite sees no hand");
            assert_eq!(t["legal"], json!([]));
        }
        let (status, v) = s.act(invite, 0, "roll").await;
        assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        // Seat, spectator and admin tokens claim nothing.
        for other in [german, g["spectator"].as_str().expect("t"), g["admin"].as_str().expect("t")] {
            let (status, v) = s.post(&format!("/api/t/{other}/claim"), &json!({})).await;
            assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        }
        // The claim: a fresh seat token, once.
        let claim = format!("/api/t/{invite}/claim");
        let (status, v) = s.post(&claim, &json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let british = v["token"].as_str().expect("new seat token").to_owned();
        assert_ne!(british, invite);
        let (status, v) = s.post(&claim, &json!({})).await;
        assert_eq!((status, kind(&v)), (StatusCode::CONFLICT, "claimed"), "{v}");
        assert!(v["error"]["en"].as_str().expect("en").contains("UTC"), "{v}");
        assert!(!v["error"]["ru"].as_str().expect("ru").is_empty());
        assert_eq!(s.table(invite).await["invite"]["claimed"], json!(true));
        // The new token is the British seat: it sees its hand and acts.
        let t = s.table(&british).await;
        assert_eq!(t["role"], json!({"seat": "british"}));
        let hand = &t["view"]["officers"][0]["hand"];
        assert!(hand.as_array().is_some_and(|h| !h.is_empty()), "the claimed seat sees its hand: {hand}");
        let seats = json!({"german": german, "british": british});
        let mut british_acted = false;
        for _ in 0..20 {
            let t = s.table(&british).await;
            let Some(seat) = t["to_act"].as_array().and_then(|a| a.first()).and_then(Value::as_str) else { break };
            let tok = seats[seat].as_str().expect("token");
            let t = s.table(tok).await;
            let action = t["legal"][0]["action"].as_str().expect("legal").to_owned();
            let (status, v) = s.act(tok, t["version"].as_u64().expect("version"), &action).await;
            assert_eq!(status, StatusCode::OK, "{seat} {action}: {v}");
            if seat == "british" {
                british_acted = true;
                break;
            }
        }
        assert!(british_acted, "the claimed seat acted");
        // The invite still may not act.
        let v = s.table(invite).await["version"].as_u64().expect("version");
        let (status, _) = s.act(invite, v, "roll").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_claiming_one_invite_at_once_yield_one_seat() {
    for db in databases() {
        let (s1, s2) = (start(&db).await, start(&db).await);
        let g = s1.create(json!({"game": "totensonntag", "seed": 3, "seats": {"axis": "invite"}})).await;
        let invite = g["invites"]["axis"].as_str().expect("invite").to_owned();
        let claim = format!("/api/t/{invite}/claim");
        let empty = json!({});
        let (a, b) = tokio::join!(s1.post(&claim, &empty), s2.post(&claim, &empty));
        let mut statuses = [a.0.as_u16(), b.0.as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [201, 409], "{} {}", a.1, b.1);
        let new = if a.0 == StatusCode::CREATED { &a.1 } else { &b.1 };
        let new = new["token"].as_str().expect("token");
        assert_eq!(s2.table(new).await["role"], json!({"seat": "axis"}));
        s1.stop();
        s2.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_reissues_an_invite_and_the_old_links_stop() {
    for db in databases() {
        let s = start(&db).await;
        let g = s
            .create(json!({"game": "colditz", "seed": 1, "options": {"players": 2}, "seats": {"british": "invite"}}))
            .await;
        let admin = g["admin"].as_str().expect("admin").to_owned();
        let german = token(&g, "german").to_owned();
        let spectator = g["spectator"].as_str().expect("spectator").to_owned();
        let invite = g["invites"]["british"].as_str().expect("invite").to_owned();
        let (status, v) = s.post(&format!("/api/t/{invite}/claim"), &json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let claimed = v["token"].as_str().expect("token").to_owned();
        assert_eq!(s.table(&claimed).await["role"], json!({"seat": "british"}));
        let version = s.table(&admin).await["version"].clone();
        // The claimed seat's open page, and a spectator's.
        let ws = |t: &str| tokio_tungstenite::connect_async(format!("ws://{}/api/t/{t}/ws", s.running.addr));
        let (mut seat_ws, _) = ws(&claimed).await.expect("websocket");
        let (mut spectator_ws, _) = ws(&spectator).await.expect("websocket");
        first_push(&mut seat_ws).await;
        first_push(&mut spectator_ws).await;
        // Only the creator re-issues, and only a playing seat.
        for other in [&german, &spectator, &invite, &claimed] {
            let (status, v) = s.post(&format!("/api/t/{other}/invite"), &json!({"seat": "british"})).await;
            assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
            assert!(!v["error"]["ru"].as_str().expect("ru").is_empty());
        }
        let reissue = format!("/api/t/{admin}/invite");
        for seat in ["french", "nobody"] {
            let (status, v) = s.post(&reissue, &json!({ "seat": seat })).await;
            assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{seat}: {v}");
        }
        // The re-issue: a new invite; the claimed seat's token and the old invite stop at once.
        let (status, v) = s.post(&reissue, &json!({"seat": "british"})).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let fresh = v["invite"].as_str().expect("new invite").to_owned();
        assert_eq!(fresh.len(), 32);
        assert!(fresh != invite && fresh != claimed);
        for old in [&claimed, &invite] {
            let (status, v) = s.get(&format!("/api/t/{old}")).await;
            assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "no_token"), "{v}");
        }
        let (status, v) = s.act(&claimed, version.as_u64().expect("v"), "roll").await;
        assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "no_token"), "{v}");
        // The revoked seat's socket closes at once (code 1008); the spectator's stays open.
        use futures_util::StreamExt;
        use tokio_tungstenite::tungstenite::Message;
        let closed = tokio::time::timeout(std::time::Duration::from_secs(3), async {
            loop {
                match seat_ws.next().await {
                    Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                    Some(Ok(_)) => {}
                    _ => return None,
                }
            }
        })
        .await
        .expect("the revoked seat's socket closes");
        assert_eq!(closed, Some(1008));
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(300), spectator_ws.next()).await;
        assert!(quiet.is_err(), "the spectator's socket stays open, nothing new: {quiet:?}");
        // Other links work on, and the game's version did not move.
        assert_eq!(s.table(&german).await["version"], version);
        assert_eq!(s.table(&admin).await["version"], version);
        // The new invite claims once, and its token is the British seat with its hand.
        assert_eq!(s.table(&fresh).await["invite"], json!({"seat": "british", "claimed": false}));
        let (status, v) = s.post(&format!("/api/t/{fresh}/claim"), &json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let british = v["token"].as_str().expect("token").to_owned();
        let t = s.table(&british).await;
        assert_eq!(t["role"], json!({"seat": "british"}));
        let hand = &t["view"]["officers"][0]["hand"];
        assert!(hand.as_array().is_some_and(|h| !h.is_empty()), "the new seat token sees its hand: {hand}");
        // Another server sharing the database also refuses the revoked tokens
        // (it had not cached them) and opens the new one.
        let s2 = start(&db).await;
        let (status, v) = s2.get(&format!("/api/t/{claimed}")).await;
        assert_eq!((status, kind(&v)), (StatusCode::NOT_FOUND, "no_token"), "{v}");
        assert_eq!(s2.table(&british).await["role"], json!({"seat": "british"}));
        s2.stop();
        s.stop();
    }
}

/// The events of the last decision in a table's log.
fn last_events(table: &Value) -> String {
    table["log"].as_array().and_then(|l| l.last()).map_or(String::new(), |e| e["events"].to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_drawn_is_told_only_to_its_holder() {
    use futures_util::StreamExt;
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "colditz", "seed": 5, "options": {"players": 2}})).await;
    let spectator = g["spectator"].as_str().expect("spectator");
    // Roll whenever a seat may, else end the phase, else its first action,
    // until a roll draws a card.
    for _ in 0..400 {
        let t = s.table(spectator).await;
        let seat = t["to_act"][0].as_str().expect("a seat to act").to_owned();
        let mine = s.table(token(&g, &seat)).await;
        let legal: Vec<&str> =
            mine["legal"].as_array().expect("legal").iter().filter_map(|a| a["action"].as_str()).collect();
        let action = ["roll", "end"].into_iter().find(|a| legal.contains(a)).unwrap_or(legal[0]).to_owned();
        let (status, answer) = s.act(token(&g, &seat), mine["version"].as_u64().expect("version"), &action).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let told = answer["events"].to_string();
        if !told.contains("you draw") {
            continue;
        }
        // The holder reads which card in the answer and in the table's log.
        let holder = s.table(token(&g, &seat)).await;
        assert!(last_events(&holder).contains("you draw"), "{}", last_events(&holder));
        // The other seat and a spectator read only that a card was drawn:
        // in the table, and in what the WebSocket pushes.
        let other = if seat == "german" { "british" } else { "german" };
        for watcher in [token(&g, other), spectator] {
            let t = s.table(watcher).await;
            let seen = last_events(&t);
            assert!(seen.contains("a card is drawn") && !seen.contains("you draw"), "{seen}");
            let url = format!("ws://{}/api/t/{watcher}/ws", s.running.addr);
            let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
            let pushed: Value =
                serde_json::from_str(ws.next().await.expect("a message").expect("ok").to_text().expect("text"))
                    .expect("json");
            let pushed = pushed.to_string();
            assert!(
                pushed.contains("a card is drawn") && !pushed.contains("you draw"),
                "pushed to {watcher}: {pushed}"
            );
        }
        s.stop();
        return;
    }
    panic!("no card drawn in 400 decisions");
}

/// A raw HTTP/1.1 exchange over TCP, for what a client library will not
/// send (a path that is not UTF-8): the status and the body.
async fn raw_request(base: &str, request: &[u8]) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = base.trim_start_matches("http://");
    let mut tcp = tokio::net::TcpStream::connect(addr).await.expect("connect");
    tcp.write_all(request).await.expect("write");
    let mut out = Vec::new();
    tcp.read_to_end(&mut out).await.expect("read");
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
    (status, head.to_owned(), body.to_owned())
}

/// Issue 9.5: the framework's own refusals — a wrong method, a WebSocket
/// address opened without an upgrade, a path that is not UTF-8 — are JSON
/// errors like ours (they were an empty body or plain text).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_is_json_even_the_frameworks_own() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 3})).await;
    let allies = token(&g, "allies");
    let json_error = |what: &str, status: StatusCode, r: &reqwest::header::HeaderMap, v: &Value| {
        assert!(status.is_client_error(), "{what}: {status}");
        assert!(
            r.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("application/json")),
            "{what}: {r:?}"
        );
        assert!(
            v["error"]["kind"].is_string() && v["error"]["en"].is_string() && v["error"]["ru"].is_string(),
            "{what}: {v}"
        );
    };
    // Wrong methods.
    for (method, path) in [
        (reqwest::Method::PUT, "/api/games".to_owned()),
        (reqwest::Method::DELETE, format!("/api/t/{allies}")),
        (reqwest::Method::GET, format!("/api/t/{allies}/act")),
        (reqwest::Method::POST, "/api/catalog".to_owned()),
    ] {
        let r = s.http.request(method.clone(), format!("{}{path}", s.base)).send().await.expect("answer");
        let (status, headers) = (r.status(), r.headers().clone());
        let v: Value = r.json().await.unwrap_or(Value::Null);
        json_error(&format!("{method} {path}"), status, &headers, &v);
        assert_eq!((status, kind(&v)), (StatusCode::METHOD_NOT_ALLOWED, "method"), "{method} {path}: {v}");
        assert!(headers.contains_key("allow"), "405 keeps its Allow header");
    }
    // The WebSocket address opened as a page.
    let r = s.http.get(format!("{}/api/t/{allies}/ws", s.base)).send().await.expect("answer");
    let (status, headers) = (r.status(), r.headers().clone());
    let v: Value = r.json().await.unwrap_or(Value::Null);
    json_error("ws without upgrade", status, &headers, &v);
    assert_eq!(kind(&v), "websocket", "{v}");
    // A token path that is not UTF-8, percent-encoded and raw.
    for path in ["/api/t/%FF%FE", "/api/t/%C3%28/act", "/api/t/%FF/ws"] {
        let method = if path.ends_with("/act") { "POST" } else { "GET" };
        let request =
            format!("{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}");
        let (status, head, body) = raw_request(&s.base, request.as_bytes()).await;
        assert!((400..500).contains(&status), "{path}: {status}");
        assert!(head.to_ascii_lowercase().contains("content-type: application/json"), "{path}: {head}");
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {body}"));
        assert!(v["error"]["en"].is_string() && v["error"]["ru"].is_string(), "{path}: {v}");
    }
    let mut raw = b"GET /api/t/".to_vec();
    raw.extend_from_slice(&[0xff, 0xfe]);
    raw.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let (status, head, body) = raw_request(&s.base, &raw).await;
    assert!((400..500).contains(&status), "raw bytes: {status}");
    if !body.is_empty() {
        // hyper may refuse the request line itself before any route runs (an empty 400).
        assert!(head.to_ascii_lowercase().contains("application/json"), "{head}");
    }
    s.stop();
}

/// Issue 9.6: an address holding a token, and the creation answer holding
/// every link, are stored by no cache and sent onwards in no Referer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_addresses_are_never_cached_nor_sent_onwards() {
    let s = start(&databases()[0]).await;
    let r = s.http.post(format!("{}/api/games", s.base)).json(&json!({"game": "totensonntag", "seed": 3})).send().await;
    let r = r.expect("created");
    assert_eq!(r.headers()["cache-control"], "no-store", "the creation answer holds every link");
    assert_eq!(r.headers()["referrer-policy"], "no-referrer");
    let g: Value = r.json().await.expect("json");
    let allies = token(&g, "allies");
    let spectator = g["spectator"].as_str().map(str::to_owned);
    let mut paths = vec![
        format!("/t/{allies}"),
        format!("/api/t/{allies}"),
        format!("/api/t/{allies}/drawing"),
        format!("/api/t/{allies}/replay?at=0"),
        "/api/t/00000000000000000000000000000000".to_owned(),
    ];
    paths.extend(spectator.map(|t| format!("/t/{t}")));
    for path in paths {
        let r = s.http.get(format!("{}{path}", s.base)).send().await.expect("answer");
        assert_eq!(r.headers().get("cache-control").map(|v| v.to_str().unwrap_or("")), Some("no-store"), "{path}");
        assert_eq!(r.headers()["referrer-policy"], "no-referrer", "{path}");
    }
    // A refusal on a token address too.
    let r = s.http.post(format!("{}/api/t/{allies}/act", s.base)).body("{").send().await.expect("answer");
    assert_eq!(r.headers()["cache-control"], "no-store");
    // The lobby and the client's files hold no token: cacheable, but they send no Referer either.
    for path in ["/", "/app.js", "/games/totensonntag.js"] {
        let r = s.http.get(format!("{}{path}", s.base)).send().await.expect("answer");
        assert_ne!(r.headers().get("cache-control").map(|v| v.to_str().unwrap_or("")), Some("no-store"), "{path}");
        assert_eq!(r.headers()["referrer-policy"], "no-referrer", "{path}");
    }
    s.stop();
}

/// The local SMTP server the test script starts (`scripts/test-deps.sh`):
/// its URL and the directory it files messages in; `None` outside CI when
/// it is not running.
fn smtp_sink() -> Option<(String, std::path::PathBuf)> {
    match (std::env::var("SANDTABLE_TEST_SMTP"), std::env::var("SANDTABLE_TEST_MAILDIR")) {
        (Ok(url), Ok(dir)) => Some((url, dir.into())),
        _ => {
            assert!(std::env::var("CI").is_err(), "no SMTP sink: .ci/run must start it (scripts/test-deps.sh)");
            eprintln!("no SMTP sink: e-mail test skipped (eval \"$(bash scripts/test-deps.sh)\")");
            None
        }
    }
}

/// A server sending turn notices to the test SMTP sink, and the directory
/// the sink files them in; `None` without a sink (see [`smtp_sink`]).
async fn mailing() -> Option<(common::Server, std::path::PathBuf)> {
    let (smtp, dir) = smtp_sink()?;
    let mailer =
        sandtable_server::mail::Mailer::new(&smtp, "sandtable <games@sandtable.test>", "http://sandtable.test")
            .expect("a mailer");
    let s = common::start_mailing(
        &databases()[0],
        1000,
        std::time::Duration::ZERO,
        sandtable_ai::BotSpec::RANDOM,
        Some(mailer),
    )
    .await;
    Some((s, dir))
}

/// The message the sink filed for `to`, waiting for it (30 s at most), as
/// its raw text with quoted-printable soft line breaks joined.
async fn mail_to(dir: &std::path::Path, to: &str) -> String {
    let start = std::time::Instant::now();
    loop {
        for entry in std::fs::read_dir(dir).expect("the sink's directory").flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".eml") && !name.starts_with('.') {
                let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                if text.lines().next() == Some(&format!("X-Envelope-To: {to}")) {
                    return text.replace("=\r\n", "");
                }
            }
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "no message to {to} within 30 s");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Issue 14, a move a day: a seat whose holder gave an address is written
/// to when its turn comes, with its link; only that seat's link reads or
/// sets the address, and no table shows it; a bad one is refused; clearing
/// it stops the mail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_notices_go_by_mail_to_the_seats_that_asked() {
    let Some((s, dir)) = mailing().await else { return };
    // Seed 2: the Allies pick, the Axis rolls 4 and moves first.
    let g = s.create(json!({"game": "totensonntag", "seed": 2})).await;
    let (allies, axis) = (token(&g, "allies"), token(&g, "axis"));
    let address = format!("axis-{axis}@example.org");
    // Only the seat's own link reads or sets it.
    for other in [g["admin"].as_str().unwrap(), g["spectator"].as_str().unwrap()] {
        let (status, v) = s.get(&format!("/api/t/{other}/mail")).await;
        assert_eq!((status, kind(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (status, _) = s.post(&format!("/api/t/{other}/mail"), &json!({"address": address})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    for bad in ["axis", "Axis <a@example.org>", "a@example.org, b@example.org"] {
        let (status, v) = s.post(&format!("/api/t/{axis}/mail"), &json!({"address": bad})).await;
        assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "address"), "{bad}: {v}");
    }
    let (status, v) = s.post(&format!("/api/t/{axis}/mail"), &json!({"address": format!(" {address} ")})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, json!({"address": address, "sending": true}));
    assert_eq!(s.get(&format!("/api/t/{axis}/mail")).await.1["address"], json!(address));
    assert_eq!(s.get(&format!("/api/t/{allies}/mail")).await.1["address"], Value::Null, "another seat's is its own");
    for other in [allies, g["spectator"].as_str().unwrap()] {
        assert!(!s.table(other).await.to_string().contains(&address), "no table shows the address");
    }
    // The Allies pick: the Axis comes to act and is written to, with its link.
    let (status, v) = s.act(allies, 0, "pick 3").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let message = mail_to(&dir, &address).await;
    assert!(message.contains("Subject: Your turn: Corps Command: Totensonntag (Axis)"), "{message}");
    assert!(message.contains(&format!("http://sandtable.test/t/{axis}")), "the seat's link: {message}");
    assert!(message.contains("From: sandtable <games@sandtable.test>"), "{message}");
    // Cleared: no more mail (checked through the API; the sink is shared).
    let (status, v) = s.post(&format!("/api/t/{axis}/mail"), &json!({"address": null})).await;
    assert_eq!((status, v), (StatusCode::OK, json!({"address": null, "sending": true})));
    assert_eq!(s.get(&format!("/api/t/{axis}/mail")).await.1["address"], Value::Null);
    s.stop();
}

/// Issue 14, provable dice and a move a day: the share that seals the dice
/// sets the game up, and the first seat to act is written to then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seal_of_the_dice_tells_the_first_seat_to_act_by_mail() {
    let Some((s, dir)) = mailing().await else { return };
    let g = s.create_unsealed(json!({"game": "totensonntag"})).await;
    let (allies, axis) = (token(&g, "allies"), token(&g, "axis"));
    // The Allies pick first (CCT 3.0); their holder asked to be written to.
    let address = format!("allies-{allies}@example.org");
    let (status, v) = s.post(&format!("/api/t/{allies}/mail"), &json!({"address": address})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    for (token, byte) in [(axis, "0a"), (allies, "0b")] {
        let (status, v) = s.post(&format!("/api/t/{token}/share"), &json!({"entropy": byte.repeat(32)})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
    }
    assert_eq!(s.table(allies).await["to_act"], json!(["allies"]));
    let message = mail_to(&dir, &address).await;
    assert!(message.contains(&format!("http://sandtable.test/t/{allies}")), "the seat's link: {message}");
    s.stop();
}

/// A server without SMTP says so, and still keeps the address (a later
/// start with SMTP writes to it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_smtp_the_address_is_kept_and_sending_is_off() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 2})).await;
    let axis = token(&g, "axis");
    let (status, v) = s.post(&format!("/api/t/{axis}/mail"), &json!({"address": "a@example.org"})).await;
    assert_eq!((status, v), (StatusCode::OK, json!({"address": "a@example.org", "sending": false})));
    s.stop();
}
