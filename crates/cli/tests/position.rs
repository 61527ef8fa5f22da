//! Positions as data through the binary: `sandtable position` writes a
//! game's state, `new --position` starts a game there once it validates, and
//! the engine protocol does the same.

mod common;

use common::{ok, run_in, stderr, TempDir};
use serde_json::json;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_position_is_written_started_from_and_refused_when_impossible() {
    let dir = TempDir::new("position");
    ok(&run_in(&dir.0, &["new", "totensonntag", "--seed", "2", "-o", "g.json"], ""));
    ok(&run_in(&dir.0, &["apply", "g.json", "--seat", "allies", "pick 3"], ""));
    let position = ok(&run_in(&dir.0, &["position", "g.json"], ""));
    std::fs::write(dir.path("pos.json"), &position).expect("write");
    // A game started there is where the first one is, and plays on.
    ok(&run_in(&dir.0, &["new", "totensonntag", "--position", "pos.json", "-o", "p.json"], ""));
    let show = |f: &str| ok(&run_in(&dir.0, &["show", f], ""));
    assert_eq!(show("p.json"), show("g.json"));
    let legal = ok(&run_in(&dir.0, &["legal", "g.json", "--seat", "axis"], ""));
    let first = legal.lines().next().expect("a legal action").to_owned();
    ok(&run_in(&dir.0, &["apply", "p.json", "--seat", "axis", &first], ""));
    // The record embeds the position, so it replays from there.
    ok(&run_in(&dir.0, &["replay", "p.json"], ""));
    // A unit put off the map and a turn past the last are refused, named.
    let mut v: serde_json::Value = serde_json::from_str(&position).expect("JSON");
    v["units"][0]["pos"] = serde_json::json!({"hex": 60000});
    v["turn"] = serde_json::json!(42);
    std::fs::write(dir.path("bad.json"), v.to_string()).expect("write");
    let bad = run_in(&dir.0, &["new", "totensonntag", "--position", "bad.json", "-o", "b.json"], "");
    assert_eq!(bad.status.code(), Some(1));
    let err = stderr(&bad);
    assert!(err.contains("units[0].pos") && err.contains("turn") && err.contains("impossible"), "{err}");
    assert!(!dir.path("b.json").exists(), "nothing written");
    // Not a state at all, and not JSON.
    std::fs::write(dir.path("junk.json"), "{\"units\": 3}").expect("write");
    let junk = run_in(&dir.0, &["new", "totensonntag", "--position", "junk.json", "-o", "j.json"], "");
    assert!(stderr(&junk).contains("not a totensonntag state"), "{}", stderr(&junk));
    std::fs::write(dir.path("text.json"), "pick 3").expect("write");
    let text = run_in(&dir.0, &["new", "totensonntag", "--position", "text.json", "-o", "t.json"], "");
    assert!(stderr(&text).contains("not JSON"), "{}", stderr(&text));
}

/// Runs one engine over `requests` (one JSON line each); its answers.
fn engine(requests: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine");
    let mut stdin = child.stdin.take().expect("stdin");
    for r in requests {
        writeln!(stdin, "{r}").expect("write");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("runs");
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

#[test]
fn the_engine_starts_a_game_from_a_position() {
    let lines = engine(&[
        json!({"cmd":"new","game":"totensonntag","seed":2}),
        json!({"cmd":"apply","id":"g1","seat":"allies","action":"pick 3"}),
        json!({"cmd":"position","id":"g1"}),
    ]);
    let position = lines[2]["position"].clone();
    assert!(position.is_object(), "{}", lines[2]);
    // A second engine starts from it: the same side to act; an impossible
    // position is refused, naming the field.
    let mut bad = position.clone();
    bad["pair"] = json!(9);
    let answers = engine(&[
        json!({"cmd":"new","game":"totensonntag","position": position}),
        json!({"cmd":"new","game":"totensonntag","position": bad}),
    ]);
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    assert_eq!(answers[0]["to_act"], lines[1]["to_act"], "the same side acts");
    assert_eq!(answers[1]["ok"], false, "{}", answers[1]);
    assert!(answers[1]["error"].to_string().contains("pair"), "{}", answers[1]);
}
