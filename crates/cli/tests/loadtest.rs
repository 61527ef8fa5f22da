//! `sandtable loadtest` with tiny bounds: it plays games through the real
//! server on loopback, reports what it measured with the durability named,
//! fails no request, and removes its temporary database. Speed is not
//! asserted: the machine running the tests is shared.

mod common;

use common::{ok, run_in, stderr, stdout, TempDir};
use serde_json::Value;

fn figures(v: &Value, what: &str) -> (f64, f64, f64) {
    let f = |k: &str| v[what][k].as_f64().unwrap_or_else(|| panic!("{what}.{k} in {v}"));
    (f("p50_ms"), f("p99_ms"), f("max_ms"))
}

#[test]
fn loadtest_plays_through_the_api_and_reports_json() {
    let dir = TempDir::new("loadtest");
    let out = run_in(
        &dir.0,
        &["loadtest", "--games", "2", "--clients", "4", "--actions", "60", "--seconds", "60", "--json"],
        "",
    );
    let v: Value = serde_json::from_str(&ok(&out)).expect("the report is JSON");
    assert_eq!(v["durability"], "full", "{v}");
    assert!(v["storage"].as_str().is_some_and(|s| s.contains("synchronous=FULL")), "{v}");
    assert_eq!(v["backend"], "sqlite");
    assert_eq!((v["games"].as_u64(), v["clients"].as_u64()), (Some(2), Some(4)));
    assert!(v["machine"]["cpus"].as_u64().is_some_and(|n| n >= 1), "{v}");
    let accepted = v["accepted"].as_u64().expect("accepted");
    assert!(accepted > 0 && accepted <= 60, "accepted {accepted}: {v}");
    assert_eq!(v["errors"], 0, "{v}");
    assert!(v["actions_per_second"].as_f64().is_some_and(|x| x > 0.0), "{v}");
    assert_eq!(v["act"]["count"].as_u64(), Some(accepted), "one latency per committed action");
    for what in ["act", "table"] {
        let (p50, p99, max) = figures(&v, what);
        assert!(0.0 < p50 && p50 <= p99 && p99 <= max, "{what}: p50 {p50} p99 {p99} max {max}");
    }
    let db = v["temporary_database"].as_str().expect("the temporary database is named");
    assert!(!std::path::Path::new(db).exists(), "{db} is removed after the run");
}

#[test]
fn loadtest_text_names_the_durability() {
    let dir = TempDir::new("loadtest-text");
    let out = run_in(
        &dir.0,
        &["loadtest", "--games", "1", "--clients", "2", "--actions", "20", "--seconds", "60", "--durability", "normal"],
        "",
    );
    let text = ok(&out);
    for line in ["durability: normal", "synchronous=NORMAL", "other errors: 0", "actions/s:", "act latency"] {
        assert!(text.contains(line), "{line:?} missing:\n{text}");
    }
}

#[test]
fn loadtest_refuses_what_it_cannot_bound_or_keep_local() {
    let dir = TempDir::new("loadtest-refusals");
    // Too few clients: a seat without one would stall its game.
    let out = run_in(&dir.0, &["loadtest", "--games", "4", "--clients", "3"], "");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("games × seats"), "{}", stderr(&out));
    // A database elsewhere: refused before any connection is tried.
    for url in ["postgres://u:p@192.0.2.1/db", "postgres://u:p@localhost/db?hostaddr=192.0.2.1"] {
        let out = run_in(&dir.0, &["loadtest", "--database", url], "");
        assert_eq!(out.status.code(), Some(1), "{url}: {}", stdout(&out));
        assert!(stderr(&out).contains("loopback only"), "{url}: {}", stderr(&out));
    }
    // No time bound.
    let out = run_in(&dir.0, &["loadtest", "--seconds", "0"], "");
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 9: a thousand live games at once (two clients each, through the
/// public API, acknowledged actions fsynced: durability full) — no request
/// fails, memory stays bounded, and act p50/p99 are stated in the output.
#[test]
fn loadtest_holds_a_thousand_live_games() {
    let dir = TempDir::new("loadtest-thousand");
    let out = run_in(
        &dir.0,
        &["loadtest", "--games", "1000", "--clients", "2000", "--seconds", "15", "--actions", "1000000", "--json"],
        "",
    );
    let v: Value = serde_json::from_str(&ok(&out)).expect("the report is JSON");
    assert_eq!(v["durability"], "full", "{v}");
    assert_eq!(v["errors"], 0, "{v}");
    assert!(v["games_created"].as_u64().is_some_and(|n| n >= 1000), "{v}");
    assert!(v["accepted"].as_u64().is_some_and(|n| n > 0), "{v}");
    // Bounded: the server and its 2,000 clients in one process. A game in
    // memory is tens of KB; a leak per request would pass a GiB.
    let peak = v["memory"]["peak_mib"].as_f64().expect("memory measured");
    assert!(peak > 0.0 && peak < 1024.0, "peak resident memory {peak} MiB");
    let (p50, p99, _) = figures(&v, "act");
    let line = format!(
        "loadtest: 1000 live games, 2000 clients, durability full, {} cores ({}): {} actions in {:.1} s, act p50 {p50:.1} ms p99 {p99:.1} ms, memory peak {peak:.0} MiB\n",
        v["machine"]["cpus"], v["machine"]["build"], v["accepted"], v["wall_seconds"].as_f64().unwrap_or(0.0)
    );
    eprint!("{line}");
    let _ = std::fs::write(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-load.txt"), line);
}
