//! The storage contract, run on both backends.

mod common;

use sandtable_server::storage::{self, Entry, GameRow, JournalRow, Role, SeatKind, SeatMail, Storage, StorageError};
use sandtable_server::Durability;

fn unique(prefix: &str) -> String {
    format!("{prefix}{:016x}", rand::random::<u64>())
}

fn battery(s: &dyn Storage) {
    let id = unique("g");
    let row = GameRow {
        id: id.clone(),
        game: "totensonntag".into(),
        setup: "{\"seed\":1}".into(),
        seats: vec![
            ("axis".into(), SeatKind::Bot(sandtable_ai::BotSpec::mcts(sandtable_ai::Level::Hard))),
            ("allies".into(), SeatKind::Human),
        ],
        // Far ahead of every other game the tests make in a shared database, so
        // it lists first (newest first) however many they make meanwhile.
        created: 4_102_444_800,
        public: true,
        // Provable dice: the secret is stored with the game and read back.
        secret: Some("ab".repeat(32)),
    };
    let (t_admin, t_seat) = (unique("a"), unique("s"));
    s.create(&row, &[(t_admin.clone(), Role::Admin), (t_seat.clone(), Role::Seat("allies".into()))], "{}")
        .expect("create");
    assert_eq!(s.game(&id).expect("read"), Some(row.clone()));
    assert_eq!(s.game(&unique("g")).expect("read"), None);
    assert_eq!(s.token(&t_admin).expect("read"), Some((id.clone(), Role::Admin)));
    assert_eq!(s.token(&t_seat).expect("read"), Some((id.clone(), Role::Seat("allies".into()))));
    assert_eq!(s.token("nope").expect("read"), None);
    // An invite is claimed once: the claim and its seat token in one transaction.
    let (t_invite, t_claimed, t_second) = (unique("i"), unique("c"), unique("d"));
    let axis = Role::Seat("axis".into());
    // An invite that opens no game claims nothing.
    assert_eq!(s.claim(&t_invite, &id, &t_claimed, &axis, 1_700_000_050), Err(StorageError::Conflict));
    assert_eq!(s.token(&t_claimed).expect("read"), None);
    s.reissue(&id, &[], &t_invite, &Role::Invite("axis".into())).expect("an invite");
    assert_eq!(s.claimed(&t_invite).expect("read"), None);
    assert_eq!(s.claim(&t_invite, &id, &t_claimed, &axis, 1_700_000_100).expect("claim"), Ok(()));
    assert_eq!(s.token(&t_claimed).expect("read"), Some((id.clone(), axis.clone())));
    assert_eq!(s.claim(&t_invite, &id, &t_second, &axis, 1_700_000_200).expect("claim"), Err(1_700_000_100));
    assert_eq!(s.token(&t_second).expect("read"), None, "a refused claim stores no token");
    assert_eq!(s.claimed(&t_invite).expect("read"), Some(1_700_000_100));
    assert_eq!(Role::from_text(&Role::Invite("axis".into()).to_text()), Some(Role::Invite("axis".into())));
    // Turn notices: a seat's address, with the link it points to, set,
    // changed and cleared; one row per seat.
    assert_eq!(s.mails(&id).expect("mails"), vec![]);
    s.set_mail(&id, "allies", Some(("a@example.org", &t_seat))).expect("set");
    s.set_mail(&id, "allies", Some(("b@example.org", &t_seat))).expect("change");
    s.set_mail(&id, "axis", Some(("x@example.org", &t_claimed))).expect("set");
    let mail = |seat: &str, address: &str, token: &str| SeatMail {
        seat: seat.into(),
        address: address.into(),
        token: token.into(),
    };
    assert_eq!(
        s.mails(&id).expect("mails"),
        vec![mail("allies", "b@example.org", &t_seat), mail("axis", "x@example.org", &t_claimed)]
    );
    s.set_mail(&id, "axis", None).expect("clear");
    s.set_mail(&id, "axis", None).expect("clearing twice is no error");
    assert_eq!(s.mails(&id).expect("mails"), vec![mail("allies", "b@example.org", &t_seat)]);
    s.set_mail(&id, "axis", Some(("x@example.org", &t_claimed))).expect("set");
    // Re-issuing a seat's invite drops its seat and invite tokens (and only
    // those) and its address, and stores the new invite, in one transaction.
    let (t_old_invite, t_new_invite) = (unique("o"), unique("n"));
    let allies = Role::Seat("allies".into());
    s.reissue(&id, &[], &t_old_invite, &Role::Invite("allies".into())).expect("an invite");
    assert_eq!(s.claim(&t_old_invite, &id, &unique("x"), &allies, 1_700_000_300).expect("claim"), Ok(()));
    let drop = [allies.clone(), Role::Invite("allies".into())];
    s.reissue(&id, &drop, &t_new_invite, &Role::Invite("allies".into())).expect("reissue");
    assert_eq!(s.token(&t_seat).expect("read"), None, "the seat's token is revoked");
    assert_eq!(s.token(&t_new_invite).expect("read"), Some((id.clone(), Role::Invite("allies".into()))));
    assert_eq!(s.token(&t_admin).expect("read"), Some((id.clone(), Role::Admin)), "other roles stay");
    assert_eq!(s.token(&t_claimed).expect("read"), Some((id.clone(), axis.clone())), "other seats stay");
    assert_eq!(s.mails(&id).expect("mails"), vec![mail("axis", "x@example.org", &t_claimed)], "and their addresses");
    // Again: the new invite goes too, replaced by the next.
    let t_third = unique("t");
    s.reissue(&id, &drop, &t_third, &Role::Invite("allies".into())).expect("reissue");
    assert_eq!(s.token(&t_new_invite).expect("read"), None);
    assert_eq!(s.token(&t_third).expect("read"), Some((id.clone(), Role::Invite("allies".into()))));
    // A token already taken refuses the whole re-issue: nothing is dropped.
    assert!(s.reissue(&id, &drop, &t_admin, &Role::Invite("allies".into())).is_err());
    assert_eq!(s.token(&t_third).expect("read"), Some((id.clone(), Role::Invite("allies".into()))));
    // A revoked invite claims nothing, even if never claimed.
    assert_eq!(s.claim(&t_new_invite, &id, &unique("y"), &allies, 1_700_000_400), Err(StorageError::Conflict));
    assert_eq!(s.claimed(&t_new_invite).expect("read"), None);
    // A token is unique across games.
    assert!(s
        .create(&GameRow { id: unique("g"), ..row.clone() }, &[(t_admin.clone(), Role::Spectator)], "{}")
        .is_err());
    let rows: Vec<JournalRow> = (1..=5)
        .map(|v| JournalRow {
            version: v,
            entry: match v {
                1 => Entry::Share,
                3 => Entry::Undo,
                _ => Entry::Act,
            },
            seat: "allies".into(),
            text: match v {
                1 => "cd".repeat(32),
                3 => String::new(),
                _ => format!("move {v}"),
            },
        })
        .collect();
    for r in &rows {
        s.append(&id, r, &format!("{{\"v\":{}}}", r.version)).expect("append");
    }
    // The same version twice is a conflict, and the first one stands.
    let dup = JournalRow { text: "other".into(), ..rows[4].clone() };
    assert_eq!(s.append(&id, &dup, "{}"), Err(StorageError::Conflict));
    assert_eq!(s.journal(&id, 0).expect("journal"), rows);
    assert_eq!(s.journal(&id, 3).expect("journal"), rows[3..].to_vec());
    assert_eq!(s.journal(&id, 5).expect("journal"), vec![]);
    let listed = s.list_public(1000).expect("list");
    let mine = listed.iter().find(|l| l.game.id == id).expect("listed");
    assert_eq!((mine.version, mine.status.as_str()), (5, "{\"v\":5}"));
    assert_eq!(s.listing(&id).expect("listing").as_ref(), Some(mine));
    // A game not made public is read back so, listed by id, never in the
    // public list; one whose seed was chosen has no dice secret.
    let private = GameRow { id: unique("g"), public: false, secret: None, ..row.clone() };
    s.create(&private, &[(unique("a"), Role::Admin)], "{}").expect("create");
    assert_eq!(s.game(&private.id).expect("read"), Some(private.clone()));
    assert!(s.list_public(1000).expect("list").iter().all(|l| l.game.id != private.id));
    assert_eq!(s.listing(&private.id).expect("listing").map(|l| l.game), Some(private));
    assert_eq!(s.listing(&unique("g")).expect("listing"), None);
    // Snapshots: the newest wins, an older one never replaces it.
    assert_eq!(s.snapshot(&id).expect("snapshot"), None);
    s.put_snapshot(&id, 4, "four").expect("put");
    s.put_snapshot(&id, 2, "two").expect("put");
    assert_eq!(s.snapshot(&id).expect("snapshot"), Some((4, "four".into())));
    s.put_snapshot(&id, 5, "five").expect("put");
    assert_eq!(s.snapshot(&id).expect("snapshot"), Some((5, "five".into())));
    assert!(s.describe().len() > 5);
}

#[test]
fn sqlite_keeps_the_storage_contract() {
    for d in [Durability::Full, Durability::Normal] {
        let path = common::sqlite_path();
        let s = storage::open(&format!("sqlite:{path}"), d).expect("open");
        battery(s.as_ref());
        drop(s);
        // Reopening the file finds the same data.
        let s = storage::open(&path, d).expect("reopen");
        assert!(!s.list_public(10).expect("list").is_empty());
    }
}

#[test]
fn postgres_keeps_the_storage_contract() {
    if let Some(url) = common::postgres_url() {
        let s = storage::open(&url, Durability::Full).expect("connect");
        battery(s.as_ref());
    }
}

#[test]
fn a_file_that_is_not_a_database_is_refused_with_a_clear_error() {
    let path = common::sqlite_path();
    std::fs::write(&path, b"this is not sqlite, just some text that is long enough to look like a header")
        .expect("write");
    let err = storage::open(&path, Durability::Full).err().expect("refused");
    assert!(err.to_string().contains("storage"), "{err}");
    // The file is left as it was.
    assert!(std::fs::read(&path).expect("read").starts_with(b"this is not sqlite"));
}

#[test]
fn postgres_reconnects_after_its_connection_is_closed() {
    let Some(url) = common::postgres_url() else { return };
    // A name of its own, so only this test's connection is ended.
    let name = unique("reconnect");
    let sep = if url.contains('?') { '&' } else { '?' };
    let s = storage::open(&format!("{url}{sep}application_name={name}"), Durability::Full).expect("connect");
    s.list_public(1).expect("a first query");
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("a second connection");
    let ended: i64 = admin
        .query_one(
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1) t",
            &[&name],
        )
        .expect("end it")
        .get(0);
    assert_eq!(ended, 1, "the storage's connection was found and ended");
    // As after a database restart: the next calls work on a new connection.
    std::thread::sleep(std::time::Duration::from_millis(200));
    s.list_public(1).expect("the call after the connection was ended");
    battery(s.as_ref());
}

/// Appends from many threads at once — group-committed on SQLite — each
/// get their own answer: every first writer of a version is committed, and
/// a second writer of the same version (in the same batch or another) is
/// refused as a conflict while the rest of its batch stands.
fn concurrent_appends(s: &(dyn Storage + Sync)) {
    let games: Vec<String> = (0..8).map(|_| unique("g")).collect();
    for id in &games {
        let row = GameRow {
            id: id.clone(),
            game: "totensonntag".into(),
            setup: "{}".into(),
            seats: vec![],
            created: 1,
            public: false,
            secret: None,
        };
        s.create(&row, &[(unique("t"), Role::Admin)], "{}").expect("create");
    }
    let outcomes: Vec<(usize, u64, bool)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|t| {
                let games = &games;
                scope.spawn(move || {
                    // Two threads per game, both writing every version 1–20.
                    let g = t % games.len();
                    (1..=20u64)
                        .map(|v| {
                            let row = JournalRow {
                                version: v,
                                entry: Entry::Act,
                                seat: "axis".into(),
                                text: format!("t{t} v{v}"),
                            };
                            match s.append(&games[g], &row, "{}") {
                                Ok(()) => (g, v, true),
                                Err(StorageError::Conflict) => (g, v, false),
                                Err(e) => panic!("append: {e}"),
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("thread")).collect()
    });
    for (g, id) in games.iter().enumerate() {
        let journal = s.journal(id, 0).expect("journal");
        assert_eq!(journal.iter().map(|r| r.version).collect::<Vec<_>>(), (1..=20).collect::<Vec<_>>());
        for v in 1..=20 {
            let won = outcomes.iter().filter(|o| o.0 == g && o.1 == v && o.2).count();
            assert_eq!(won, 1, "game {g} version {v}: exactly one writer is told it committed");
        }
    }
}

#[test]
fn sqlite_concurrent_appends_are_each_answered_truly() {
    let store = storage::open(&common::sqlite_path(), Durability::Full).expect("open");
    concurrent_appends(store.as_ref());
}

#[test]
fn postgres_concurrent_appends_are_each_answered_truly() {
    let Some(url) = common::postgres_url() else { return };
    let store = storage::open(&url, Durability::Full).expect("open");
    concurrent_appends(store.as_ref());
}

#[test]
fn a_backup_of_a_live_sqlite_database_is_a_consistent_moment_with_every_committed_row() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    let path = common::sqlite_path();
    let s: Arc<dyn Storage> = Arc::from(storage::open(&path, Durability::Normal).expect("open"));
    let id = unique("g");
    let row = GameRow {
        id: id.clone(),
        game: "totensonntag".into(),
        setup: "{}".into(),
        seats: vec![("allies".into(), SeatKind::Human)],
        // Far ahead of every other game the tests make in a shared database, so
        // it lists first (newest first) however many they make meanwhile.
        created: 4_102_444_800,
        public: true,
        secret: None,
    };
    s.create(&row, &[], "{}").expect("create");
    // A writer goes on appending throughout, as a server would.
    let (stop, acked) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let writer = {
        let (s, id, stop, acked) = (s.clone(), id.clone(), stop.clone(), acked.clone());
        std::thread::spawn(move || {
            let mut v = 0;
            while !stop.load(Ordering::SeqCst) {
                v += 1;
                let r = JournalRow { version: v, entry: Entry::Act, seat: "allies".into(), text: format!("move {v}") };
                s.append(&id, &r, &format!("{{\"v\":{v}}}")).expect("append");
                acked.store(v, Ordering::SeqCst);
            }
        })
    };
    for i in 1..=3u64 {
        let start = std::time::Instant::now();
        while acked.load(Ordering::SeqCst) < 20 * i {
            assert!(start.elapsed() < std::time::Duration::from_secs(30), "the writer stalled");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let before = acked.load(Ordering::SeqCst);
        assert!(std::fs::metadata(format!("{path}-wal")).is_ok_and(|m| m.len() > 0), "rows sit in the WAL");
        let target = format!("{path}.backup{i}");
        let copied = sandtable_server::sqlite::backup(path.as_ref(), target.as_ref()).expect("backup");
        assert!(!std::path::Path::new(&format!("{target}-wal")).exists(), "the copy is one file");
        let b = storage::open(&target, Durability::Full).expect("the copy opens");
        let rows = b.journal(&id, 0).expect("journal");
        let n = rows.len() as u64;
        // Every row acknowledged before the backup began, in order, no gap;
        // and the games row of that same moment.
        assert!(n >= before, "{n} rows in the copy, {before} acknowledged before it");
        assert!(rows.iter().zip(1..).all(|(r, v)| r.version == v && r.text == format!("move {v}")));
        let listed = b.list_public(10).expect("list");
        assert_eq!(listed.iter().find(|l| l.game.id == id).map(|l| l.version), Some(n), "one consistent moment");
        assert_eq!((copied.games, copied.rows), (1, n));
    }
    stop.store(true, Ordering::SeqCst);
    writer.join().expect("writer");
}

#[test]
fn a_backup_never_overwrites_nor_creates_and_refuses_what_is_not_a_sandtable_database() {
    use sandtable_server::sqlite::{backup, BackupError};
    let path = common::sqlite_path();
    drop(storage::open(&path, Durability::Full).expect("open"));
    let taken = format!("{path}.taken");
    std::fs::write(&taken, b"keep me").expect("write");
    assert_eq!(backup(path.as_ref(), taken.as_ref()), Err(BackupError::TargetExists));
    assert_eq!(std::fs::read(&taken).expect("read"), b"keep me");
    let missing = format!("{path}.missing");
    assert_eq!(backup(missing.as_ref(), format!("{path}.out").as_ref()), Err(BackupError::NoSource));
    assert!(!std::path::Path::new(&missing).exists(), "no database is created");
    assert_eq!(backup(taken.as_ref(), format!("{path}.out").as_ref()), Err(BackupError::NotSandtable));
    let other = format!("{path}.other");
    // Some other program's SQLite database.
    rusqlite::Connection::open(&other).and_then(|c| c.execute_batch("CREATE TABLE notes (x)")).expect("another db");
    assert_eq!(backup(other.as_ref(), format!("{path}.out").as_ref()), Err(BackupError::NotSandtable));
    assert!(!std::path::Path::new(&format!("{path}.out")).exists());
}
