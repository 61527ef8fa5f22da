//! Nine Years through the binary and the engine protocol: PBEM files, the
//! terminal, `validate` on a broken scenario file, and hidden hands (a seat
//! never reads the other's cards).

mod common;

use common::{ok, run_in, stderr, TempDir};
use sandtable::engine::Engine;
use serde_json::{json, Value};

fn ask(e: &mut Engine, request: Value) -> Value {
    let line = e.handle_line(&request.to_string());
    serde_json::from_str(&line).unwrap_or_else(|err| panic!("reply is not JSON ({err}): {line}"))
}

#[test]
fn nine_years_pbem_file_refusals_cite_the_rule_and_change_nothing() {
    let dir = TempDir::new("nine-years-pbem");
    ok(&run_in(&dir.0, &["new", "nine-years", "--seed", "5", "-o", "g.json"], ""));
    let show = ok(&run_in(&dir.0, &["show", "g.json"], ""));
    // 1688 has no Event phase: the Bourbons (initiative 1688-1693) choose who reinforces first.
    assert!(show.starts_with("to act: bourbon\n"), "{show}");
    let legal = ok(&run_in(&dir.0, &["legal", "g.json", "--seat", "bourbon"], ""));
    assert_eq!(legal.lines().collect::<Vec<_>>(), ["first alliance", "first bourbon"], "{legal}");
    // Not the Alliance's decision: refused, citing the sequence of play, the file untouched.
    let before = std::fs::read(dir.path("g.json")).expect("file");
    let wrong = run_in(&dir.0, &["apply", "g.json", "--seat", "alliance", "first alliance"], "");
    assert_eq!(wrong.status.code(), Some(2));
    assert!(stderr(&wrong).contains("NY 5.0"), "{}", stderr(&wrong));
    assert_eq!(std::fs::read(dir.path("g.json")).expect("file"), before);
    ok(&run_in(&dir.0, &["apply", "g.json", "--seat", "bourbon", "first bourbon"], ""));
    // The Bourbons spend first: forming a corps of a power not theirs is refused with its rule.
    let bad = run_in(&dir.0, &["apply", "g.json", "--seat", "bourbon", "form dutch amsterdam full"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("NY 7.1.1"), "{}", stderr(&bad));
    let replay = ok(&run_in(&dir.0, &["replay", "g.json"], ""));
    assert!(replay.contains("first bourbon"), "{replay}");
}

#[test]
fn nine_years_terminal_in_russian() {
    let dir = TempDir::new("nine-years-play");
    let out = ok(&run_in(&dir.0, &["--lang", "ru", "play", "nine-years", "--seed", "3"], "?\nfirst bourbon\nquit\n"));
    assert!(out.contains("Фаза Подкреплений"), "{out}");
    assert!(out.contains("Нидерланды") && out.contains("Амстердам"), "{out}");
    assert!(out.contains("очки ресурсов на этот ход"), "{out}");
}

#[test]
fn nine_years_terminal_help_gives_this_games_examples() {
    let dir = TempDir::new("nine-years-help");
    let out = ok(&run_in(&dir.0, &["play", "nine-years", "--seed", "3"], "help\nquit\n"));
    // The Bourbons choose who reinforces first: the examples are that choice, not another game's.
    assert!(out.contains("(e.g. first alliance)") && out.contains("(e.g. alliance)"), "{out}");
    assert!(!out.contains("pr8-1"), "{out}");
    let ru = ok(&run_in(&dir.0, &["--lang", "ru", "play", "nine-years", "--seed", "3"], "help\nquit\n"));
    assert!(ru.contains("(например: first alliance)"), "{ru}");
}

#[test]
fn nine_years_validate_names_file_line_and_key() {
    let dir = TempDir::new("nine-years-validate");
    let shipped = include_str!("../../../games/nine-years/data/nine-years.toml");
    std::fs::write(dir.path("ok.toml"), shipped).expect("write");
    let good = ok(&run_in(&dir.0, &["validate", "nine-years", "ok.toml"], ""));
    assert!(good.contains("playable"), "{good}");
    // A link to a space that does not exist, and a fortress of strength 7.
    let broken =
        shipped.replacen("b = \"edinburgh\"", "b = \"atlantis\"", 1).replacen("fortress = 3", "fortress = 7", 1);
    assert_ne!(broken, shipped, "the edits applied");
    std::fs::write(dir.path("broken.toml"), &broken).expect("write");
    let out = run_in(&dir.0, &["validate", "nine-years", "broken.toml"], "");
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("broken.toml:") && err.contains("link.b") && err.contains("atlantis"), "{err}");
    assert!(err.contains("fortress") && err.contains("0-3"), "{err}");
}

#[test]
fn nine_years_engine_protocol_hides_the_other_hand() {
    let mut e = Engine::new();
    let new = ask(&mut e, json!({"cmd": "new", "game": "nine-years", "seed": 4}));
    assert_eq!(new["ok"], json!(true), "{new}");
    let id = new["id"].as_str().expect("id").to_owned();
    // Play the lowest-listed action until the Campaign phase deals the cards.
    for _ in 0..400 {
        let view = ask(&mut e, json!({"cmd": "view", "id": id, "seat": "alliance"}));
        if view["view"]["hand_sizes"][0].as_u64().unwrap_or(0) > 0 {
            let a = &view["view"];
            let b = &ask(&mut e, json!({"cmd": "view", "id": id, "seat": "bourbon"}))["view"];
            let spectator = &ask(&mut e, json!({"cmd": "view", "id": id}))["view"];
            // Each seat reads its own hand; nobody reads the other's.
            assert!(a["hand"].is_array() && b["hand"].is_array(), "{a} {b}");
            assert_eq!(spectator["hand"], Value::Null);
            assert_eq!(a["hand_sizes"], b["hand_sizes"]);
            let sum = |h: &Value| h.as_array().expect("counts").iter().map(|n| n.as_u64().expect("count")).sum::<u64>();
            assert_eq!(sum(&a["hand"]), a["hand_sizes"][0].as_u64().expect("size"), "{a}");
            assert_eq!(sum(&b["hand"]), b["hand_sizes"][1].as_u64().expect("size"), "{b}");
            // The dealing is told to each holder only.
            let log = ask(&mut e, json!({"cmd": "log", "id": id}));
            assert_eq!(log["ok"], json!(true));
            return;
        }
        let to_act = ask(&mut e, json!({"cmd": "to_act", "id": id}));
        let seat = to_act["to_act"][0].as_str().expect("a seat acts").to_owned();
        let legal = ask(&mut e, json!({"cmd": "legal", "id": id, "seat": seat}));
        let actions = legal["actions"].as_array().expect("actions");
        let pick = actions
            .iter()
            .filter_map(Value::as_str)
            .find(|a| *a == "done" || a.starts_with("first"))
            .unwrap_or_else(|| actions[0].as_str().expect("text"))
            .to_owned();
        let reply = ask(&mut e, json!({"cmd": "apply", "id": id, "seat": seat, "action": pick}));
        assert_eq!(reply["ok"], json!(true), "{reply}");
    }
    panic!("the Campaign phase was never reached");
}
