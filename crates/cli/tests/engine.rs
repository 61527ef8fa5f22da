//! The engine protocol: scripted sessions through `Engine::handle_line`, the
//! line reader, and one process piping lines to `sandtable engine`.

mod common;

use sandtable::engine::{serve, Engine, MAX_LINE};
use serde_json::{json, Value};

fn ask(e: &mut Engine, request: Value) -> Value {
    let line = e.handle_line(&request.to_string());
    serde_json::from_str(&line).unwrap_or_else(|err| panic!("reply is not JSON ({err}): {line}"))
}

fn ask_raw(e: &mut Engine, line: &str) -> Value {
    let reply = e.handle_line(line);
    serde_json::from_str(&reply).unwrap_or_else(|err| panic!("reply is not JSON ({err}): {reply}"))
}

fn error_kind(v: &Value) -> &str {
    assert_eq!(v["ok"], json!(false), "{v}");
    assert!(v["error"]["en"].is_string() && v["error"]["ru"].is_string(), "{v}");
    v["error"]["kind"].as_str().unwrap_or_default()
}

#[test]
fn scripted_session() {
    let mut e = Engine::new();
    let games = ask(&mut e, json!({"cmd": "games", "rid": 7}));
    assert_eq!(games["ok"], json!(true));
    assert_eq!(games["rid"], json!(7));
    assert_eq!(games["games"][0]["id"], json!("totensonntag"));

    // Seed 2: the Axis rolls initiative 4 against the Allies' pick 3, so it moves first.
    let new = ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "seed": 2, "scenario": null, "options": {}}));
    assert_eq!(new["ok"], json!(true), "{new}");
    assert_eq!(new["id"], json!("g1"));
    assert_eq!(new["to_act"], json!(["allies"]));
    assert_eq!(new["setup"]["options"]["impulse-pairs"], json!("5"));

    assert_eq!(ask(&mut e, json!({"cmd": "to_act", "id": "g1"})), json!({"ok": true, "to_act": ["allies"]}));
    let legal = ask(&mut e, json!({"cmd": "legal", "id": "g1", "seat": "allies"}));
    let actions: Vec<&str> = legal["actions"].as_array().expect("list").iter().filter_map(Value::as_str).collect();
    assert!(actions.contains(&"roll") && (1..=6).all(|n| actions.contains(&format!("pick {n}").as_str())), "{legal}");
    assert_eq!(ask(&mut e, json!({"cmd": "legal", "id": "g1", "seat": "axis"}))["actions"], json!([]));

    // Illegal: refused with the rule, nothing changes.
    let before = ask(&mut e, json!({"cmd": "record", "id": "g1"}));
    let refused = ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": "allies", "action": "end", "rid": "r1"}));
    assert_eq!(error_kind(&refused), "illegal");
    assert_eq!(refused["rid"], json!("r1"));
    assert!(refused["error"]["rule"].as_str().is_some_and(|r| r.starts_with("CCT")), "{refused}");
    assert_eq!(ask(&mut e, json!({"cmd": "record", "id": "g1"})), before);
    let parse = ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": "allies", "action": "fly away"}));
    assert_eq!(error_kind(&parse), "parse");
    // An empty or blank action is a parse error too; the engine goes on (issue 9: it used to panic).
    for blank in ["", " ", "\t\n"] {
        let parse = ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": "allies", "action": blank}));
        assert_eq!(error_kind(&parse), "parse", "{blank:?}");
    }
    assert_eq!(ask(&mut e, json!({"cmd": "record", "id": "g1"})), before);

    let applied = ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": "allies", "action": "pick 3"}));
    assert_eq!(applied["ok"], json!(true), "{applied}");
    assert_eq!(applied["action"], json!("pick 3"));
    assert!(applied["events"].as_array().is_some_and(|v| !v.is_empty()), "{applied}");
    assert!(applied["to_act"].is_array(), "{applied}");

    let spectator = ask(&mut e, json!({"cmd": "view", "id": "g1"}));
    assert_eq!(spectator["ok"], json!(true));
    assert!(spectator["view"].is_object());
    assert_eq!(ask(&mut e, json!({"cmd": "view", "id": "g1", "seat": null}))["view"], spectator["view"]);
    assert_eq!(ask(&mut e, json!({"cmd": "view", "id": "g1", "seat": "axis"}))["ok"], json!(true));
    let text = ask(&mut e, json!({"cmd": "render", "id": "g1", "lang": "ru"}));
    assert!(text["text"].as_str().is_some_and(|t| t.contains("Ход")), "{text}");
    // The log as each seat may read it: the secret pick only for its maker.
    let log = ask(&mut e, json!({"cmd": "log", "id": "g1"}));
    assert_eq!(log["log"], json!([{"seat": "allies", "action": "initiative choice (secret)"}]));
    let mine = ask(&mut e, json!({"cmd": "log", "id": "g1", "seat": "allies"}));
    assert_eq!(mine["log"], json!([{"seat": "allies", "action": "pick 3"}]));

    // The record loads as a second game with the same state.
    let record = ask(&mut e, json!({"cmd": "record", "id": "g1"}))["record"].clone();
    let loaded = ask(&mut e, json!({"cmd": "load", "record": record}));
    assert_eq!(loaded["id"], json!("g2"), "{loaded}");
    assert_eq!(ask(&mut e, json!({"cmd": "record", "id": "g2"}))["record"], record);
    let mut tampered = record.clone();
    tampered["state_hash"] = json!("00");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "load", "record": tampered}))), "load");

    // Undo: a die was rolled, so the pick stands; a move can be taken back.
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "undo", "id": "g1", "seat": "allies"}))), "undo");
    let seat = ask(&mut e, json!({"cmd": "to_act", "id": "g1"}))["to_act"][0].clone();
    let legal = ask(&mut e, json!({"cmd": "legal", "id": "g1", "seat": seat}));
    let step = legal["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x.as_str().is_some_and(|t| t.starts_with("move "))))
        .cloned();
    let step = step.expect("a move is legal in the first impulse");
    let before = ask(&mut e, json!({"cmd": "record", "id": "g1"}));
    assert_eq!(ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": seat, "action": step}))["barrier"], json!(false));
    assert_eq!(ask(&mut e, json!({"cmd": "undo", "id": "g1", "seat": seat}))["ok"], json!(true));
    assert_eq!(ask(&mut e, json!({"cmd": "record", "id": "g1"})), before);
    assert_eq!(ask(&mut e, json!({"cmd": "close", "id": "g2"})), json!({"ok": true}));
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "to_act", "id": "g2"}))), "unknown_id");
    assert!(!e.quit_requested());
    assert_eq!(ask(&mut e, json!({"cmd": "quit"})), json!({"ok": true, "bye": true}));
    assert!(e.quit_requested());
}

#[test]
fn bad_requests_are_error_replies() {
    let mut e = Engine::new();
    assert_eq!(error_kind(&ask_raw(&mut e, "{not json")), "json");
    assert_eq!(error_kind(&ask_raw(&mut e, "")), "json");
    assert_eq!(error_kind(&ask_raw(&mut e, "[1,2]")), "json");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "fly", "rid": [1]}))), "unknown_cmd");
    assert_eq!(ask(&mut e, json!({"cmd": "fly", "rid": [1]}))["rid"], json!([1]));
    assert_eq!(error_kind(&ask(&mut e, json!({"rid": 1}))), "missing_field");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": 5}))), "bad_field");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "new", "game": "chess"}))), "unknown_game");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "seed": -1}))), "bad_field");
    let bad_option = ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "options": {"impulse-pairs": 9}}));
    assert_eq!(error_kind(&bad_option), "setup");
    let four = ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "options": {"impulse-pairs": 4}}));
    assert_eq!(four["setup"]["options"]["impulse-pairs"], json!("4"), "{four}");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "legal", "id": "g9", "seat": "axis"}))), "unknown_id");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "legal", "id": "g1"}))), "missing_field");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "legal", "id": "g1", "seat": "nobody"}))), "unknown_seat");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": "allies"}))), "missing_field");
    // A valid seat that owes no decision: the rules refuse.
    let wrong = ask(&mut e, json!({"cmd": "apply", "id": "g1", "seat": "axis", "action": "roll"}));
    assert_eq!(error_kind(&wrong), "illegal");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "load", "record": {"format": "x"}}))), "load");
    assert_eq!(error_kind(&ask(&mut e, json!({"cmd": "close", "id": "g7"}))), "unknown_id");
    let long = format!("{{\"cmd\":\"games\",\"pad\":\"{}\"}}", "x".repeat(MAX_LINE));
    assert_eq!(error_kind(&ask_raw(&mut e, &long)), "too_long");
}

#[test]
fn serve_reads_bounded_lines() {
    let long = "y".repeat(MAX_LINE + 10);
    let input = format!(
        "{{\"cmd\":\"games\",\"rid\":1}}\n\n   \n{long}\n\u{e9}\n{{\"cmd\":\"quit\"}}\n{{\"cmd\":\"games\"}}\n"
    );
    let mut bytes = input.into_bytes();
    // Replace the marker with an invalid UTF-8 byte.
    let pos = bytes.iter().position(|&b| b == 0xc3).expect("marker");
    bytes.splice(pos..pos + 2, [0xff]);
    let mut out = Vec::new();
    serve(std::io::Cursor::new(bytes), &mut out).expect("serves");
    let lines: Vec<Value> = String::from_utf8(out)
        .expect("utf-8 replies")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON reply"))
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["rid"], json!(1));
    assert_eq!(error_kind(&lines[1]), "too_long");
    assert_eq!(error_kind(&lines[2]), "json");
    assert_eq!(lines[3]["bye"], json!(true));
}

#[test]
fn engine_process_plays_a_scripted_session() {
    let dir = common::TempDir::new("engine");
    let script = [
        r#"{"cmd":"new","game":"totensonntag","seed":1,"rid":1}"#,
        r#"{"cmd":"to_act","id":"g1"}"#,
        r#"{"cmd":"legal","id":"g1","seat":"allies"}"#,
        r#"{"cmd":"apply","id":"g1","seat":"allies","action":"pick 3"}"#,
        r#"{"cmd":"view","id":"g1","seat":null}"#,
        "this is not json",
        r#"{"cmd":"dance"}"#,
        r#"{"cmd":"quit"}"#,
    ]
    .join("\n");
    let out = common::run_in(&dir.0, &["engine"], &format!("{script}\n"));
    let text = common::ok(&out);
    let replies: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(replies.len(), 8, "{text}");
    assert_eq!(replies[0]["rid"], json!(1));
    assert_eq!(replies[1]["to_act"], json!(["allies"]));
    assert!(replies[2]["actions"].as_array().is_some_and(|a| a.len() == 7));
    assert_eq!(replies[3]["ok"], json!(true));
    assert!(replies[4]["view"].is_object());
    assert_eq!(error_kind(&replies[5]), "json");
    assert_eq!(error_kind(&replies[6]), "unknown_cmd");
    assert_eq!(replies[7]["bye"], json!(true));
}

/// Issue 14: `forecast` answers the exact odds of an action before it is
/// taken, changes nothing, and refuses what `apply` would refuse.
#[test]
fn forecast_gives_the_odds_of_an_attack_and_changes_nothing() {
    let (mut e, seat, attack) = common::totensonntag_until_an_attack();
    let legal = ask(&mut e, json!({"cmd": "legal", "id": "g1", "seat": seat}));
    let other = legal["actions"][0].as_str().expect("a legal action").to_owned();
    let before = ask(&mut e, json!({"cmd": "record", "id": "g1"}));
    let f = ask(&mut e, json!({"cmd": "forecast", "id": "g1", "seat": seat, "action": attack}));
    assert_eq!(f["ok"], json!(true), "{f}");
    assert_eq!(f["rolls"], json!(true));
    let outcomes = f["outcomes"].as_array().expect("outcomes");
    let total: f64 = outcomes.iter().map(|o| o["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{f}");
    assert!(outcomes.iter().all(|o| o["text"]["en"].is_string() && o["text"]["ru"].is_string()), "{f}");
    assert!(f["basis"].as_array().unwrap().iter().any(|b| b["rule"] == json!("CCT 7.2")), "{f}");
    assert_eq!(ask(&mut e, json!({"cmd": "record", "id": "g1"})), before, "asking changes nothing");
    // A listed action that rolls nothing: one certain outcome.
    if !other.starts_with("attack ") && !other.starts_with("bombard ") {
        let f = ask(&mut e, json!({"cmd": "forecast", "id": "g1", "seat": seat, "action": other}));
        assert_eq!(f["rolls"], json!(false), "{f}");
        assert_eq!(f["outcomes"][0]["p"], json!(1.0));
    }
    // Refused as apply refuses: the other seat, and no action at all.
    let them = if seat == "axis" { "allies" } else { "axis" };
    let f = ask(&mut e, json!({"cmd": "forecast", "id": "g1", "seat": them, "action": attack}));
    assert_eq!(error_kind(&f), "illegal");
    assert!(f["error"]["rule"].as_str().is_some_and(|r| r.starts_with("CCT")), "{f}");
    let f = ask(&mut e, json!({"cmd": "forecast", "id": "g1", "seat": seat, "action": "fly away"}));
    assert_eq!(error_kind(&f), "parse");
    let f = ask(&mut e, json!({"cmd": "forecast", "id": "g1", "seat": seat}));
    assert_eq!(error_kind(&f), "missing_field");
}
