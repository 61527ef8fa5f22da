//! Issue 9: the engine protocol fuzzed — whole lines of any text, and real
//! requests with their JSON edited. Every line gets one JSON answer, an
//! error says what is wrong in both languages, and the engine goes on (it
//! promises never to exit on input). The counts are stated in the output.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sandtable::engine::Engine;
use sandtable_core::fuzz::{self, Counts};
use serde_json::{json, Value};

const BORDER: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

/// An engine with a game of each kind open (g1 Totensonntag, g2 Colditz).
fn engine() -> Engine {
    let mut e = Engine::new();
    for game in ["totensonntag", "colditz"] {
        let answer = e.handle_line(&json!({"cmd": "new", "game": game, "seed": 3}).to_string());
        assert!(answer.contains("\"ok\":true"), "{answer}");
    }
    e
}

/// Real requests of every command, to edit.
fn requests() -> Vec<Value> {
    vec![
        json!({"cmd": "games", "rid": 1}),
        json!({"cmd": "new", "game": "totensonntag", "seed": 2, "scenario": null, "options": {"impulse-pairs": "5"}}),
        json!({"cmd": "new", "game": "totensonntag", "seed": 2, "scenario_text": BORDER}),
        json!({"cmd": "new", "game": "colditz", "seed": 1, "options": {"players": "3", "variant": "classic"}}),
        json!({"cmd": "validate", "game": "totensonntag", "scenario_text": BORDER}),
        json!({"cmd": "to_act", "id": "g1"}),
        json!({"cmd": "legal", "id": "g1", "seat": "allies"}),
        json!({"cmd": "apply", "id": "g1", "seat": "allies", "action": "pick 3", "rid": "r"}),
        json!({"cmd": "apply", "id": "g2", "seat": "german", "action": "end"}),
        json!({"cmd": "undo", "id": "g1", "seat": "allies"}),
        json!({"cmd": "view", "id": "g2", "seat": "british"}),
        json!({"cmd": "render", "id": "g1", "lang": "ru"}),
        json!({"cmd": "log", "id": "g1", "seat": "axis"}),
        json!({"cmd": "record", "id": "g2"}),
        json!({"cmd": "position", "id": "g1"}),
        json!({"cmd": "load", "record": {"format": "sandtable-game/1", "game": "totensonntag"}}),
        json!({"cmd": "close", "id": "g2"}),
    ]
}

fn answered(counts: &Counts, line: &str, reply: &str) -> Result<(), TestCaseError> {
    let v: Value =
        serde_json::from_str(reply).map_err(|e| TestCaseError::fail(format!("{line:?}: not JSON ({e}): {reply}")))?;
    let ok = v["ok"].as_bool().ok_or_else(|| TestCaseError::fail(format!("no ok: {reply}")))?;
    if !ok {
        let said = |lang: &str| v["error"][lang].as_str().is_some_and(|t| !t.trim().is_empty());
        prop_assert!(said("en") && said("ru") && v["error"]["kind"].is_string(), "{line:?}: {reply}");
    }
    prop_assert!(!reply.contains('\n'), "one line an answer");
    counts.count(ok);
    Ok(())
}

#[test]
fn fuzz_engine_protocol_lines() {
    let counts = Counts::default();
    let seeds = requests();
    let lines: Vec<String> = seeds.iter().map(Value::to_string).collect();
    fuzz::run(1500, fuzz::json(seeds), |request| {
        let line = request.to_string();
        let mut e = engine();
        let reply = e.handle_line(&line);
        answered(&counts, &line, &reply)?;
        // The engine goes on.
        let after = e.handle_line(r#"{"cmd":"to_act","id":"g1"}"#);
        prop_assert!(after.starts_with('{'), "{after}");
        Ok(())
    });
    fuzz::run(1500, fuzz::text(lines), |line| {
        let mut e = engine();
        let reply = e.handle_line(&line);
        answered(&counts, &line, &reply)
    });
    fuzz::report(env!("CARGO_TARGET_TMPDIR"), "engine", "engine protocol lines", &counts);
}
