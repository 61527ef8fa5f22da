//! Helpers for the process-level tests: the binary, and private temp dirs.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// A fresh empty directory under the system temp dir, removed on drop: its
/// path, and the `tempfile` guard that made it (a random name created
/// exclusively, so no earlier run's leftovers can be in it).
pub struct TempDir(pub PathBuf, tempfile::TempDir);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let dir = tempfile::Builder::new().prefix(&format!("sandtable-cli-{tag}-")).tempdir().expect("create temp dir");
        TempDir(dir.path().to_owned(), dir)
    }
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

/// Runs `sandtable args…` in `dir`, with `stdin` piped in.
pub fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("write stdin");
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts success and returns stdout.
pub fn ok(o: &Output) -> String {
    assert!(o.status.success(), "exit {:?}\nstdout:\n{}\nstderr:\n{}", o.status.code(), stdout(o), stderr(o));
    stdout(o)
}

/// `sandtable serve` on `db` (any free port, bots without delay, no rate
/// limit to speak of), once it listens: the process and its base URL.
pub fn serve(db: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", db, "--bot-delay-ms", "0", "--rate", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("sandtable serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.as_mut().expect("stdout")).read_line(&mut first).expect("banner");
    let url = first.split_whitespace().find(|w| w.starts_with("http://")).expect("the banner names the URL");
    (child, url.trim_end_matches('/').to_owned())
}

/// A child process killed and reaped when dropped, so a test that fails
/// leaves no server behind.
pub struct Reaped(pub Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Totensonntag played by the random bot through the engine protocol until
/// the seat to act may attack or bombard: `(engine, seat, that action)`,
/// the game open as `g1`. Deterministic (seed 3, bot seeds by step).
pub fn totensonntag_until_an_attack() -> (sandtable::engine::Engine, String, String) {
    let mut e = sandtable::engine::Engine::new();
    let ask = |e: &mut sandtable::engine::Engine, v: serde_json::Value| -> serde_json::Value {
        serde_json::from_str(&e.handle_line(&v.to_string())).expect("replies are JSON")
    };
    let new = ask(&mut e, serde_json::json!({"cmd": "new", "game": "totensonntag", "seed": 3}));
    assert_eq!(new["ok"], serde_json::json!(true), "{new}");
    for step in 0..3000 {
        let to_act = ask(&mut e, serde_json::json!({"cmd": "to_act", "id": "g1"}));
        let seat = to_act["to_act"][0].as_str().expect("the game goes on").to_owned();
        let legal = ask(&mut e, serde_json::json!({"cmd": "legal", "id": "g1", "seat": seat}));
        let attack = legal["actions"]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(serde_json::Value::as_str)
            .find(|a| a.starts_with("attack ") || a.starts_with("bombard "))
            .map(str::to_owned);
        if let Some(attack) = attack {
            return (e, seat, attack);
        }
        let played = ask(
            &mut e,
            serde_json::json!({"cmd": "bot", "id": "g1", "seat": seat, "bot": "random", "seed": step, "apply": true}),
        );
        assert_eq!(played["ok"], serde_json::json!(true), "{played}");
    }
    panic!("no attack within 3,000 random decisions");
}
