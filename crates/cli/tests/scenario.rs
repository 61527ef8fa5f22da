//! Scenario files through the binary and the engine protocol: `validate`
//! exit codes and problem lines, `new --scenario FILE` (and `--scenario ID`
//! still a built-in), the engine's `new` and `validate` with a file's text.

mod common;

use common::{ok, run_in, stderr, TempDir};
use sandtable::engine::Engine;
use serde_json::{json, Value};

const SMALL: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

#[test]
fn validate_exits_0_for_a_playable_file_and_4_listing_every_problem() {
    let dir = TempDir::new("validate");
    std::fs::write(dir.path("border.toml"), SMALL).expect("write");
    let out = ok(&run_in(&dir.0, &["validate", "totensonntag", "border.toml"], ""));
    assert!(out.contains("border.toml: playable: border-skirmish"), "{out}");

    let broken =
        SMALL.replacen("setup = \"C5\"", "setup = \"C9\"", 1).replacen("formation = \"sa\"", "formation = \"xx\"", 1);
    std::fs::write(dir.path("broken.toml"), &broken).expect("write");
    let line = |needle: &str| broken[..broken.find(needle).expect("there")].matches('\n').count() + 1;
    let bad = run_in(&dir.0, &["validate", "totensonntag", "broken.toml"], "");
    assert_eq!(bad.status.code(), Some(4), "{}", stderr(&bad));
    let lines: Vec<String> = stderr(&bad).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with(&format!("broken.toml:{}: unit[sa1].formation: ", line("\"xx\""))), "{lines:?}");
    assert!(lines[1].starts_with(&format!("broken.toml:{}: unit[sa2].setup: ", line("\"C9\""))), "{lines:?}");
    let ru = run_in(&dir.0, &["--lang", "ru", "validate", "totensonntag", "broken.toml"], "");
    assert!(stderr(&ru).contains("неизвестное соединение"), "{}", stderr(&ru));

    std::fs::write(dir.path("syntax.toml"), "id = \"x\"\nturns = \n").expect("write");
    let syntax = run_in(&dir.0, &["validate", "totensonntag", "syntax.toml"], "");
    assert_eq!(syntax.status.code(), Some(4));
    assert!(stderr(&syntax).starts_with("syntax.toml:2: "), "{}", stderr(&syntax));

    let missing = run_in(&dir.0, &["validate", "totensonntag", "nope.toml"], "");
    assert_eq!(missing.status.code(), Some(1));
    let colditz = run_in(&dir.0, &["validate", "colditz", "border.toml"], "");
    assert_eq!(colditz.status.code(), Some(4), "{}", stderr(&colditz));
}

#[test]
fn new_with_a_scenario_file_embeds_it_and_a_built_in_id_still_works() {
    let dir = TempDir::new("new-scenario");
    std::fs::write(dir.path("border.toml"), SMALL).expect("write");
    ok(&run_in(&dir.0, &["new", "totensonntag", "--scenario", "border.toml", "--seed", "3", "-o", "g.json"], ""));
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path("g.json")).expect("file")).expect("json");
    assert_eq!(record["scenario"], json!("border-skirmish"));
    assert_eq!(record["scenario_file"]["text"], json!(SMALL));
    // The file can go: the game file carries the scenario.
    std::fs::remove_file(dir.path("border.toml")).expect("remove");
    let show = ok(&run_in(&dir.0, &["show", "g.json"], ""));
    assert!(show.starts_with("to act: allies"), "{show}");

    ok(&run_in(&dir.0, &["new", "totensonntag", "--scenario", "sidi-rezegh-1941", "-o", "b.json"], ""));
    let neither = run_in(&dir.0, &["new", "totensonntag", "--scenario", "nowhere", "-o", "c.json"], "");
    assert_eq!(neither.status.code(), Some(1));
    assert!(stderr(&neither).contains("sidi-rezegh-1941"), "{}", stderr(&neither));

    std::fs::write(dir.path("broken.toml"), SMALL.replacen("setup = \"C5\"", "setup = \"C9\"", 1)).expect("write");
    let bad = run_in(&dir.0, &["new", "totensonntag", "--scenario", "broken.toml", "-o", "d.json"], "");
    assert_eq!(bad.status.code(), Some(4));
    assert!(stderr(&bad).contains("broken.toml:") && stderr(&bad).contains("unit[sa2].setup"), "{}", stderr(&bad));
    assert!(!dir.path("d.json").exists());
}

fn ask(e: &mut Engine, request: Value) -> Value {
    serde_json::from_str(&e.handle_line(&request.to_string())).expect("a JSON reply")
}

#[test]
fn engine_new_and_validate_take_a_scenario_files_text() {
    let mut e = Engine::new();
    let v = ask(
        &mut e,
        json!({"cmd": "validate", "game": "totensonntag", "scenario_text": SMALL, "scenario_name": "b.toml"}),
    );
    assert_eq!(v["scenario"]["id"], json!("border-skirmish"), "{v}");
    let new = ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "seed": 2, "scenario_text": SMALL}));
    assert_eq!(new["ok"], json!(true), "{new}");
    assert_eq!(new["setup"]["scenario"], json!("border-skirmish"));
    let broken = SMALL.replacen("setup = \"C5\"", "setup = \"C9\"", 1);
    let bad =
        ask(&mut e, json!({"cmd": "new", "game": "totensonntag", "scenario_text": broken, "scenario_name": "b.toml"}));
    assert_eq!(bad["error"]["kind"], json!("scenario"), "{bad}");
    assert_eq!(bad["error"]["problems"][0]["key"], json!("unit[sa2].setup"), "{bad}");
    assert_eq!(bad["error"]["problems"][0]["file"], json!("b.toml"));
    assert!(bad["error"]["problems"][0]["line"].is_u64());
}
