//! `sandtable backup` of the SQLite database of a running server: the copy
//! holds every acknowledged move, those still in the WAL included (which a
//! copy of the database file alone misses), and a server started on the
//! copy serves them.

mod common;

use common::{ok, run_in, serve, stderr, stdout, TempDir};
use serde_json::{json, Value};
use std::time::Duration;

/// Plays one decision (the first legal action of the seat to act) and
/// returns the action and the version its answer acknowledged.
fn one_move(http: &reqwest::blocking::Client, base: &str, seats: &Value) -> (String, u64) {
    let get = |token: &str| -> Value {
        http.get(format!("{base}/api/t/{token}")).send().and_then(|r| r.json()).expect("table")
    };
    let seat = get(seats["axis"].as_str().expect("token"))["to_act"][0].as_str().expect("someone to act").to_owned();
    let token = seats[&seat].as_str().expect("token");
    let t = get(token);
    let action = t["legal"][0]["action"].as_str().expect("a legal action").to_owned();
    let r = http
        .post(format!("{base}/api/t/{token}/act"))
        .body(json!({"version": t["version"], "action": action}).to_string())
        .send()
        .expect("act");
    assert!(r.status().is_success(), "{action}: {}", r.status());
    let v: Value = r.json().expect("json");
    (action, v["version"].as_u64().expect("version"))
}

#[test]
fn a_backup_of_a_live_database_holds_every_acknowledged_move_the_wal_included() {
    let dir = TempDir::new("backup");
    let db = dir.path("games.db");
    let database = format!("sqlite:{}", db.display());
    let http = reqwest::blocking::Client::builder().timeout(Duration::from_secs(10)).build().expect("client");
    let (mut server, base) = serve(&database);
    let created: Value = http
        .post(format!("{base}/api/games"))
        .body(json!({"game": "totensonntag", "seed": 21}).to_string())
        .send()
        .and_then(|r| r.json())
        .expect("game created");
    let (id, seats) = (created["id"].as_str().expect("id").to_owned(), created["seats"].clone());
    // Fewer than a snapshot's 64 versions, and far below SQLite's automatic
    // checkpoint (1,000 pages of WAL): every move stays in the WAL.
    let acked: Vec<(String, u64)> = (0..30).map(|_| one_move(&http, &base, &seats)).collect();
    assert_eq!(acked.last().map(|a| a.1), Some(30));
    let wal = std::fs::metadata(dir.path("games.db-wal")).map(|m| m.len()).unwrap_or(0);
    assert!(wal > 0, "the moves sit in the WAL");
    // What a plain copy of the database file would hold: not the moves.
    std::fs::copy(&db, dir.path("plain.db")).expect("copy");
    let plain =
        sandtable_server::storage::open(&dir.path("plain.db").to_string_lossy(), sandtable_server::Durability::Full)
            .expect("the plain copy opens");
    let in_plain = plain.journal(&id, 0).map(|r| r.len()).unwrap_or(0);
    drop(plain);
    assert!(in_plain < acked.len(), "a plain copy of the file has {in_plain} of the {} moves", acked.len());

    // The backup, while the server runs.
    let out = run_in(&dir.0, &["backup", "--database", &database, "copy.db"], "");
    let said = ok(&out);
    assert!(said.contains("1 games, 30 journal rows"), "{said}");
    assert!(!dir.path("copy.db.partial").exists() && !dir.path("copy.db-wal").exists(), "one file, whole");
    // The server did not wait for it, nor does it now.
    let (_, after) = one_move(&http, &base, &seats);
    assert_eq!(after, 31);
    server.kill().expect("stop the server");
    server.wait().expect("reaped");

    // Restored: a server on the copy has every move acknowledged before the backup, in order.
    let (mut restored, base) = serve(&format!("sqlite:{}", dir.path("copy.db").display()));
    let t: Value = http
        .get(format!("{base}/api/t/{}", seats["allies"].as_str().expect("token")))
        .send()
        .and_then(|r| r.json())
        .expect("table from the copy");
    restored.kill().ok();
    restored.wait().ok();
    assert_eq!(t["version"], 30, "{}", t["version"]);
    assert_eq!(t["log_len"], 30, "{}", t["log_len"]);
    // Each row of the copy's journal is the acknowledged move (a table's
    // log would hide the other seat's secret choices).
    let copy =
        sandtable_server::storage::open(&dir.path("copy.db").to_string_lossy(), sandtable_server::Durability::Full)
            .expect("the copy opens");
    let rows: Vec<(String, u64)> =
        copy.journal(&id, 0).expect("journal").into_iter().map(|r| (r.text, r.version)).collect();
    assert_eq!(rows, acked);
}

#[test]
fn a_backup_refuses_postgres_an_existing_file_and_a_missing_database() {
    let dir = TempDir::new("backup-refusals");
    let out = run_in(&dir.0, &["backup", "--database", "postgres://u:p@localhost/db", "copy.db"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("pg_dump") && err.contains("SQLite") && err.contains("базы"), "{err}");
    assert!(!err.contains("u:p"), "the URL's password is not repeated: {err}");
    // An existing file is never overwritten.
    std::fs::write(dir.path("copy.db"), "keep").expect("write");
    drop(sandtable_server::storage::open(&dir.path("games.db").to_string_lossy(), sandtable_server::Durability::Full));
    let out = run_in(&dir.0, &["backup", "--database", "sqlite:games.db", "copy.db"], "");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("never overwrites"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(dir.path("copy.db")).expect("read"), "keep");
    // A database that is not there is not created by backing it up.
    let out = run_in(&dir.0, &["backup", "--database", "missing.db", "other.db"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no database"), "{}", stderr(&out));
    assert!(!dir.path("missing.db").exists() && !dir.path("other.db").exists());
    // A default database: sandtable.db, as `serve` has it.
    let out = run_in(&dir.0, &["--lang", "ru", "backup", "x.db"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("sandtable.db"), "{}", stderr(&out));
}
