//! Bots per seat: each bot seat its own bot (`bots` at creation, `bot` in a
//! seat change), stored as `bot:<spec>` (the legacy `bot` is the random
//! bot), thinking off the game's lock, its thinking and time in the table.

mod common;

use common::{databases, kind, start, start_bot, start_config, Server};
use futures_util::StreamExt;
use reqwest::StatusCode;
use sandtable_ai::{BotSpec, Level};
use sandtable_server::storage::SeatKind;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn token<'a>(created: &'a Value, seat: &str) -> &'a str {
    created["seats"][seat].as_str().expect("seat token")
}

/// The table's entry of seat `id`.
fn seat<'a>(table: &'a Value, id: &str) -> &'a Value {
    table["seats"].as_array().expect("seats").iter().find(|s| s["id"] == id).unwrap_or(&Value::Null)
}

/// Reads `token`'s table until `ok` holds (up to `within`); returns that table.
async fn until(s: &Server, token: &str, what: &str, within: Duration, ok: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let t = s.table(token).await;
        if ok(&t) {
            return t;
        }
        assert!(start.elapsed() < within, "timed out waiting for {what}: {t}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A refusal of kind `bot`, said in both languages.
fn refused_bot(status: StatusCode, v: &Value) {
    assert_eq!((status, kind(v)), (StatusCode::BAD_REQUEST, "bot"), "{v}");
    assert!(v["error"]["en"].as_str().is_some_and(|t| !t.is_empty()), "{v}");
    assert!(v["error"]["ru"].as_str().is_some_and(|t| !t.is_empty()), "{v}");
}

#[test]
fn seat_kinds_read_back_and_the_legacy_word_is_the_random_bot() {
    let kinds = [
        SeatKind::Human,
        SeatKind::Bot(BotSpec::RANDOM),
        SeatKind::Bot(BotSpec::GREEDY),
        SeatKind::Bot(BotSpec::mcts(Level::Hard)),
        SeatKind::Bot(BotSpec::parse("mcts:300ms:2t").expect("a spec")),
    ];
    for k in kinds {
        assert_eq!(SeatKind::parse(&k.to_text()), Some(k), "{}", k.to_text());
    }
    assert_eq!(SeatKind::Bot(BotSpec::mcts(Level::Hard)).to_text(), "bot:mcts:hard");
    // What builds before per-seat bots stored, in the games row, the journal and snapshots.
    assert_eq!(SeatKind::parse("bot"), Some(SeatKind::Bot(BotSpec::RANDOM)));
    let legacy: Vec<SeatKind> = serde_json::from_str(r#"["bot","human","bot:mcts:easy"]"#).expect("kinds");
    assert_eq!(legacy, [SeatKind::Bot(BotSpec::RANDOM), SeatKind::Human, SeatKind::Bot(BotSpec::mcts(Level::Easy))]);
    let row: Vec<(String, SeatKind)> = serde_json::from_str(r#"[["axis","bot"],["allies","human"]]"#).expect("seats");
    assert_eq!(row[0].1, SeatKind::Bot(BotSpec::RANDOM));
    for bad in ["robot", "bot:", "bot:grandmaster", "bot:random:hard", ""] {
        assert_eq!(SeatKind::parse(bad), None, "{bad}");
    }
    assert!(serde_json::from_str::<Vec<SeatKind>>(r#"["bot:grandmaster"]"#).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_bot_seat_plays_its_own_bot_and_a_bad_bot_is_refused_in_both_languages() {
    let s = start(&databases()[0]).await;
    // The catalog lists the bots a seat may be given, and the default one.
    let (status, c) = s.get("/api/catalog").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = c["bots"].as_array().expect("bots").iter().filter_map(|b| b["name"].as_str()).collect();
    assert_eq!(names, ["random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"]);
    assert!(c["bots"]
        .as_array()
        .expect("bots")
        .iter()
        .all(|b| b["about"]["en"].is_string() && b["about"]["ru"].is_string()));
    assert_eq!(c["bots"][4]["level"], "hard");
    assert_eq!(c["bot_default"]["name"], "random", "the tests' server plays bot seats given none randomly");
    // Refused, each with the reason in both languages: an unknown bot (the
    // parse error's text), a budget or threads over the server's limits, a
    // bot for a seat a person is to play.
    let cases = [
        (json!({"axis": "grandmaster"}), json!({}), "no bot \"grandmaster\""),
        (json!({"axis": "mcts:fast"}), json!({}), "is not a level"),
        (json!({"axis": "mcts:1000000s"}), json!({}), "limit"),
        (json!({"axis": "mcts:100000"}), json!({}), "limit"),
        (json!({"axis": "mcts:hard:64t"}), json!({}), "limit"),
        (json!({"axis": "greedy"}), json!({"axis": "human"}), "person"),
        (json!({"axis": "random"}), json!({"axis": "invite"}), "person"),
    ];
    for (bots, seats, says) in cases {
        let (status, v) =
            s.post("/api/games", &json!({"game": "totensonntag", "seed": 3, "seats": seats, "bots": bots})).await;
        refused_bot(status, &v);
        assert!(v["error"]["en"].as_str().is_some_and(|t| t.contains(says)), "{bots}: {v}");
    }
    let (status, v) = s.post("/api/games", &json!({"game": "totensonntag", "bots": {"nobody": "random"}})).await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "setup"), "{v}");
    let (status, v) = s.post("/api/games", &json!({"game": "totensonntag", "bots": {"axis": 3}})).await;
    assert_eq!((status, kind(&v)), (StatusCode::BAD_REQUEST, "json"), "{v}");
    // Accepted: the default bot, a bot named (case as written), a seat named in `bots` only.
    for (body, axis) in [
        (json!({"seats": {"axis": "bot"}}), "random"),
        (json!({"seats": {"axis": "bot"}, "bots": {"Axis": "MCTS:Hard"}}), "mcts:hard"),
        (json!({"bots": {"axis": "greedy"}}), "greedy"),
        (json!({"bots": {"axis": "mcts:300ms"}}), "mcts:300ms"),
    ] {
        let mut req = json!({"game": "totensonntag", "seed": 3});
        req.as_object_mut().expect("object").extend(body.as_object().expect("object").clone());
        let g = s.create(req).await;
        let t = s.table(g["spectator"].as_str().expect("spectator")).await;
        let (a, b) = (seat(&t, "axis"), seat(&t, "allies"));
        assert_eq!((a["kind"].as_str(), a["bot"]["name"].as_str()), (Some("bot"), Some(axis)), "{body}: {t}");
        assert!(a["bot"]["about"]["en"].is_string() && a["bot"]["about"]["ru"].is_string(), "{a}");
        // The Allies act first: the Axis bot has not thought yet.
        assert_eq!((a["thinking"].clone(), a["bot"]["last_ms"].clone()), (json!(false), Value::Null), "{a}");
        assert_eq!((b["kind"].as_str(), b.get("bot"), &b["thinking"]), (Some("human"), None, &json!(false)), "{b}");
        assert_eq!(g["seats"].as_object().map(|o| o.len()), Some(2), "a bot's seat has its link too");
    }
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_hands_a_seat_to_a_bot_of_a_level_and_it_outlives_a_restart() {
    for db in databases() {
        // Bots that never get to move: what is checked is who plays each seat.
        let slow = Duration::from_secs(600);
        let s = start_config(&db, 1000, slow).await;
        let g = s.create(json!({"game": "totensonntag", "seed": 3, "bots": {"axis": "mcts:easy"}})).await;
        let (admin, spectator, id) =
            (g["admin"].as_str().expect("a"), g["spectator"].as_str().expect("s"), g["id"].clone());
        let seat_path = format!("/api/t/{admin}/seat");
        for (body, allies) in [
            (json!({"seat": "allies", "kind": "bot", "bot": "greedy"}), "greedy"),
            (json!({"seat": "allies", "kind": "bot"}), "random"),
            (json!({"seat": "allies", "kind": "bot", "bot": "mcts:300ms"}), "mcts:300ms"),
        ] {
            let (status, v) = s.post(&seat_path, &body).await;
            assert_eq!(status, StatusCode::OK, "{body}: {v}");
            let t = s.table(spectator).await;
            assert_eq!(seat(&t, "allies")["bot"]["name"], allies, "{body}");
        }
        for body in [
            json!({"seat": "allies", "kind": "bot", "bot": "grandmaster"}),
            json!({"seat": "allies", "kind": "bot", "bot": "mcts:hard:64t"}),
            json!({"seat": "allies", "kind": "human", "bot": "random"}),
        ] {
            let (status, v) = s.post(&seat_path, &body).await;
            refused_bot(status, &v);
        }
        let version = s.table(spectator).await["version"].clone();
        assert_eq!(version, 3, "a refused change moves nothing");
        s.stop();
        // The seat kinds as stored: the games row and the journal's seat rows.
        let (d, id) = (db.clone(), id.as_str().expect("id").to_owned());
        // Off the async threads: the PostgreSQL client blocks.
        let (row, journal) = tokio::task::spawn_blocking(move || {
            let store = sandtable_server::storage::open(&d, sandtable_server::Durability::Full).expect("open");
            (store.game(&id).expect("read").expect("the game"), store.journal(&id, 0).expect("journal"))
        })
        .await
        .expect("storage");
        assert_eq!(row.seats[0], ("axis".to_owned(), SeatKind::Bot(BotSpec::mcts(Level::Easy))));
        let texts: Vec<&str> = journal.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["bot:greedy", "bot:random", "bot:mcts:300ms"]);
        // Another server on the same database: the same bots.
        let s = start_config(&db, 1000, slow).await;
        let t = s.table(spectator).await;
        assert_eq!(
            (seat(&t, "axis")["bot"]["name"].as_str(), seat(&t, "allies")["bot"]["name"].as_str()),
            (Some("mcts:easy"), Some("mcts:300ms"))
        );
        let (status, v) = s.post(&seat_path, &json!({"seat": "allies", "kind": "human"})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(seat(&s.table(spectator).await, "allies").get("bot"), None);
        s.stop();
    }
}

/// Rewrites game `id`'s stored seat kinds as builds before per-seat bots
/// wrote them: `bot` in the games row and in the journal's seat rows.
fn make_legacy(db: &str, id: &str) {
    let seats = "UPDATE games SET seats = replace(seats, '\"bot:random\"', '\"bot\"') WHERE id = ";
    let rows = "UPDATE journal SET text = 'bot' WHERE entry = 'seat' AND game_id = ";
    if let Some(url) = db.strip_prefix("postgres") {
        let mut c = postgres::Client::connect(&format!("postgres{url}"), postgres::NoTls).expect("connect");
        assert_eq!(c.execute(&format!("{seats}$1"), &[&id]).expect("games row"), 1);
        assert_eq!(c.execute(&format!("{rows}$1"), &[&id]).expect("journal"), 1);
    } else {
        let c = rusqlite::Connection::open(db.strip_prefix("sqlite:").unwrap_or(db)).expect("open");
        assert_eq!(c.execute(&format!("{seats}?1"), [id]).expect("games row"), 1);
        assert_eq!(c.execute(&format!("{rows}?1"), [id]).expect("journal"), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_stored_with_the_legacy_bot_word_loads_and_its_bots_play_random() {
    for db in databases() {
        // Two games alike, bots that never get to move: the Allies pick, then
        // the creator hands them to the (random) bot.
        let s = start_config(&db, 1000, Duration::from_secs(600)).await;
        let mut games = Vec::new();
        for _ in 0..2 {
            let g = s.create(json!({"game": "totensonntag", "seed": 11, "seats": {"axis": "bot"}})).await;
            assert_eq!(s.act(token(&g, "allies"), 0, "pick 3").await.0, StatusCode::OK);
            let (status, v) = s
                .post(
                    &format!("/api/t/{}/seat", g["admin"].as_str().expect("admin")),
                    &json!({"seat": "allies", "kind": "bot"}),
                )
                .await;
            assert_eq!((status, &v["version"]), (StatusCode::OK, &json!(2)), "{v}");
            games.push(g);
        }
        s.stop();
        // The first as an older build stored it: `bot`, no spec.
        let (d, id) = (db.clone(), games[0]["id"].as_str().expect("id").to_owned());
        tokio::task::spawn_blocking(move || make_legacy(&d, &id)).await.expect("rewritten");
        // A server whose default bot is greedy: a legacy `bot` is still the random bot.
        let s = start_bot(&db, 1000, Duration::ZERO, BotSpec::GREEDY).await;
        let mut logs = Vec::new();
        for g in &games {
            let watcher = g["spectator"].as_str().expect("spectator");
            let t = s.table(watcher).await;
            for id in ["axis", "allies"] {
                assert_eq!(seat(&t, id)["bot"]["name"], "random", "{id}: {t}");
            }
            let t = until(&s, watcher, "the bots to finish the game", Duration::from_secs(240), |t| {
                t.get("over").is_some()
            })
            .await;
            let log: Vec<(Value, Value)> =
                t["log"].as_array().expect("log").iter().map(|e| (e["seat"].clone(), e["action"].clone())).collect();
            logs.push(log);
        }
        assert!(logs[0].len() > 2, "the bots played");
        assert_eq!(logs[0], logs[1], "the legacy game's bots played exactly as the random bots of its twin");
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_answers_while_its_bot_thinks_and_shows_how_long_it_took() {
    let s = start(&databases()[0]).await;
    // A search bot on a time budget: each decision takes it about a second.
    let g = s.create(json!({"game": "totensonntag", "seed": 5, "bots": {"allies": "mcts:1s"}})).await;
    let (axis, spectator, admin) =
        (token(&g, "axis"), g["spectator"].as_str().expect("s"), g["admin"].as_str().expect("a"));
    let url = format!("ws://{}/api/t/{spectator}/ws", s.running.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
    let (mut answered_while_thinking, mut pushed_thinking, mut pushed_same_version) = (false, false, false);
    let (mut bot_moves, mut last_version) = (0, None);
    let start = Instant::now();
    while bot_moves < 3 || !answered_while_thinking || !pushed_thinking || !pushed_same_version {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "{bot_moves} bot moves, {answered_while_thinking} {pushed_thinking} {pushed_same_version}"
        );
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.expect("a push in time");
        let Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) = msg else { continue };
        let pushed: Value = serde_json::from_str(&text).expect("json");
        let allies = seat(&pushed, "allies").clone();
        // The page learns that the bot began to think: a push at the version it already had.
        pushed_same_version |= last_version == Some(pushed["version"].clone());
        last_version = Some(pushed["version"].clone());
        if allies["thinking"] == true {
            pushed_thinking = true;
            // Other requests for the game are answered meanwhile: a table
            // that says the bot is still thinking was built while it did.
            let t = s.table(spectator).await;
            answered_while_thinking |= seat(&t, "allies")["thinking"] == true;
            let (status, _) = s.get(&format!("/api/t/{spectator}/replay?at=0")).await;
            assert_eq!(status, StatusCode::OK);
            continue;
        }
        if pushed.get("over").is_some() {
            break;
        }
        // Each decision of the bot comes with the time it took.
        let t = s.table(spectator).await;
        bot_moves = t["log"].as_array().map_or(0, |l| l.iter().filter(|e| e["seat"] == "allies").count());
        if bot_moves > 0 {
            assert!(seat(&t, "allies")["bot"]["last_ms"].is_u64(), "{t}");
        }
        if t["to_act"].as_array().is_some_and(|a| a.iter().any(|s| s == "axis")) {
            // The person plays the Axis, ending its impulse when it can.
            let t = s.table(axis).await;
            let legal = t["legal"].as_array().expect("legal");
            let action = legal.iter().find(|a| a["action"] == "end").or(legal.first()).expect("an action");
            let (status, v) =
                s.act(axis, t["version"].as_u64().expect("v"), action["action"].as_str().expect("a")).await;
            assert!(status == StatusCode::OK || kind(&v) == "stale", "{v}");
        }
    }
    assert!(bot_moves >= 3, "the game ended first");
    // Handed back, the bot stops (its search, if one runs, is dropped).
    let (status, v) = s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "allies", "kind": "human"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    s.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_thought_out_for_a_position_gone_is_dropped() {
    let s = start(&databases()[0]).await;
    let g = s.create(json!({"game": "totensonntag", "seed": 5, "bots": {"allies": "mcts:1s"}})).await;
    let (allies, spectator, admin) =
        (token(&g, "allies"), g["spectator"].as_str().expect("s"), g["admin"].as_str().expect("a"));
    let long = Duration::from_secs(60);
    until(&s, spectator, "the bot to think", long, |t| seat(t, "allies")["thinking"] == true).await;
    // The creator hands the seat back while the bot thinks: answered at once (version 1).
    let (status, v) = s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "allies", "kind": "human"})).await;
    assert_eq!((status, &v["version"]), (StatusCode::OK, &json!(1)), "{v}");
    // The search ends; its decision, for version 0, is dropped.
    let t = until(&s, spectator, "the search to end", long, |t| seat(t, "allies")["thinking"] == false).await;
    assert_eq!((t["version"].clone(), t["log_len"].clone()), (json!(1), json!(0)), "nothing was played: {t}");
    assert_eq!(t["to_act"], json!(["allies"]));
    assert!(s.table(allies).await["legal"].as_array().is_some_and(|l| !l.is_empty()), "the person may act");
    // Handed to another bot, that one thinks anew and plays.
    let (status, v) =
        s.post(&format!("/api/t/{admin}/seat"), &json!({"seat": "allies", "kind": "bot", "bot": "random"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // (It may have played on through the Allies' impulse by the time we look.)
    let t = until(&s, spectator, "the random bot's pick", long, |t| t["log_len"].as_u64() >= Some(1)).await;
    assert_eq!(t["log"][0]["seat"], "allies");
    assert!(t["version"].as_u64() >= Some(3), "{}", t["version"]);
    let a = seat(&t, "allies");
    assert_eq!((a["bot"]["name"].as_str(), a["bot"]["last_ms"].is_u64()), (Some("random"), true), "{a}");
    s.stop();
}
