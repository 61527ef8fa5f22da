//! SQLite storage: one file, WAL journal, created on first run.

use crate::group_commit::GroupCommit;
use crate::storage::{
    Entry, GameRow, JournalRow, Listing, Role, SeatKind, SeatMail, Storage, StorageError, Stored, GAME_COLUMNS,
};
use crate::Durability;
use rusqlite::{params, Connection, OptionalExtension};
use std::sync::Mutex;

/// Games in one SQLite file. Journal appends — the hot path, one per
/// action — go to a writer of their own that commits them in groups
/// (`group_commit.rs`); everything else shares one connection behind a
/// mutex, held for one short statement or transaction.
pub struct SqliteStorage {
    conn: Mutex<Connection>,
    writer: GroupCommit,
    path: String,
    durability: Durability,
}

fn backend(e: impl std::fmt::Display) -> StorageError {
    StorageError::Backend(e.to_string())
}

impl SqliteStorage {
    /// Opens (creating if needed) the database at `path`.
    ///
    /// # Errors
    /// The file cannot be opened, is not a database, or the schema cannot be created.
    pub fn open(path: &str, durability: Durability) -> Stored<SqliteStorage> {
        let conn = connect(path, durability)?;
        conn.execute_batch(crate::storage::SCHEMA).map_err(backend)?;
        let writer = GroupCommit::start(connect(path, durability)?).map_err(backend)?;
        Ok(SqliteStorage { conn: Mutex::new(conn), writer, path: path.to_owned(), durability })
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Stored<T> {
        let mut conn = self.conn.lock().map_err(|_| backend("a previous request panicked holding the database"))?;
        f(&mut conn).map_err(backend)
    }

    /// The listing lines `sql` selects ([`GAME_COLUMNS`], then version and
    /// status).
    fn listings(&self, sql: &str, params: impl rusqlite::Params) -> Stored<Vec<Listing>> {
        let rows = self.with(|c| {
            let mut st = c.prepare_cached(sql)?;
            let rows = st.query_map(params, |r| Ok((game_row(r)?, r.get::<_, i64>(7)?, r.get::<_, String>(8)?)))?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })?;
        rows.into_iter()
            .map(|((mut game, seats), version, status)| {
                game.seats = seats_from_json(&seats)?;
                Ok(Listing { game, version: version as u64, status })
            })
            .collect()
    }
}

/// A connection to the file at `path`. WAL: readers never block the
/// writer; with synchronous=FULL each commit is fsynced before it returns,
/// so an acknowledged action survives a power cut; NORMAL survives a killed
/// process only.
fn connect(path: &str, durability: Durability) -> Stored<Connection> {
    let conn = Connection::open(path).map_err(backend)?;
    let sync = match durability {
        Durability::Full => "FULL",
        Durability::Normal => "NORMAL",
    };
    conn.execute_batch(&format!(
        "PRAGMA journal_mode=WAL; PRAGMA synchronous={sync}; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;"
    ))
    .map_err(backend)?;
    Ok(conn)
}

pub(crate) fn seats_to_json(seats: &[(String, SeatKind)]) -> String {
    serde_json::to_string(seats).expect("seat lists serialise")
}

pub(crate) fn seats_from_json(s: &str) -> Stored<Vec<(String, SeatKind)>> {
    serde_json::from_str(s).map_err(|e| backend(format!("bad seats column: {e}")))
}

pub(crate) fn journal_row(version: i64, entry: &str, seat: String, text: String) -> Stored<JournalRow> {
    let entry = Entry::parse(entry).ok_or_else(|| backend(format!("bad journal entry {entry:?}")))?;
    Ok(JournalRow { version: version as u64, entry, seat, text })
}

fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameRow, String)> {
    Ok((
        GameRow {
            id: r.get(0)?,
            game: r.get(1)?,
            setup: r.get(2)?,
            seats: Vec::new(),
            created: r.get(4)?,
            public: r.get(5)?,
            secret: r.get(6)?,
        },
        r.get::<_, String>(3)?,
    ))
}

impl Storage for SqliteStorage {
    fn describe(&self) -> String {
        let sync = match self.durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        format!("sqlite {} (WAL, synchronous={sync})", self.path)
    }

    fn create(&self, game: &GameRow, tokens: &[(String, Role)], status: &str) -> Stored<()> {
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute(
                "INSERT INTO games (id, game, setup, seats, created, version, status) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6)",
                params![game.id, game.game, game.setup, seats_to_json(&game.seats), game.created, status],
            )?;
            for (token, role) in tokens {
                tx.execute(
                    "INSERT INTO tokens (token, game_id, role) VALUES (?1, ?2, ?3)",
                    params![token, game.id, role.to_text()],
                )?;
            }
            if game.public {
                tx.execute("INSERT INTO public_games (game_id) VALUES (?1)", params![game.id])?;
            }
            if let Some(secret) = &game.secret {
                tx.execute("INSERT INTO dice_secrets (game_id, secret) VALUES (?1, ?2)", params![game.id, secret])?;
            }
            tx.commit()
        })
    }

    /// Committed with whatever other appends wait meanwhile (group commit).
    fn append(&self, game: &str, row: &JournalRow, status: &str) -> Stored<()> {
        self.writer.append(game, row, status)
    }

    fn journal(&self, game: &str, after: u64) -> Stored<Vec<JournalRow>> {
        let rows = self.with(|c| {
            let mut st = c.prepare_cached(
                "SELECT version, entry, seat, text FROM journal WHERE game_id = ?1 AND version > ?2 ORDER BY version",
            )?;
            let rows = st.query_map(params![game, after as i64], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?))
            })?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })?;
        rows.into_iter().map(|(v, e, s, t)| journal_row(v, &e, s, t)).collect()
    }

    fn game(&self, id: &str) -> Stored<Option<GameRow>> {
        let found = self.with(|c| {
            c.query_row(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"), params![id], game_row).optional()
        })?;
        found
            .map(|(mut g, seats)| -> Stored<GameRow> {
                g.seats = seats_from_json(&seats)?;
                Ok(g)
            })
            .transpose()
    }

    fn token(&self, token: &str) -> Stored<Option<(String, Role)>> {
        let found = self.with(|c| {
            c.query_row("SELECT game_id, role FROM tokens WHERE token = ?1", params![token], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })
            .optional()
        })?;
        found
            .map(|(g, role)| {
                Role::from_text(&role).map(|r| (g, r)).ok_or_else(|| backend(format!("bad role {role:?}")))
            })
            .transpose()
    }

    fn list_public(&self, limit: usize) -> Stored<Vec<Listing>> {
        self.listings(
            &format!(
                "SELECT {GAME_COLUMNS}, version, status FROM games
                 WHERE id IN (SELECT game_id FROM public_games) ORDER BY created DESC, id LIMIT ?1"
            ),
            params![limit as i64],
        )
    }

    fn listing(&self, id: &str) -> Stored<Option<Listing>> {
        let found =
            self.listings(&format!("SELECT {GAME_COLUMNS}, version, status FROM games WHERE id = ?1"), params![id])?;
        Ok(found.into_iter().next())
    }

    fn put_snapshot(&self, game: &str, version: u64, snapshot: &str) -> Stored<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO snapshots (game_id, version, body) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, body = excluded.body
                 WHERE excluded.version > snapshots.version",
                params![game, version as i64, snapshot],
            )
            .map(|_| ())
        })
    }

    fn snapshot(&self, game: &str) -> Stored<Option<(u64, String)>> {
        self.with(|c| {
            c.query_row("SELECT version, body FROM snapshots WHERE game_id = ?1", params![game], |r| {
                Ok((r.get::<_, i64>(0)? as u64, r.get::<_, String>(1)?))
            })
            .optional()
        })
    }

    fn claim(&self, invite: &str, game: &str, token: &str, role: &Role, at: i64) -> Stored<Result<(), i64>> {
        let claimed = self.with(|c| {
            let tx = c.transaction()?;
            let n = tx.execute(
                "INSERT INTO claims (invite, game, at) VALUES (?1, ?2, ?3) ON CONFLICT (invite) DO NOTHING",
                params![invite, game, at],
            )?;
            if n == 0 {
                // Already claimed: the transaction rolls back as it drops.
                let at = tx.query_row("SELECT at FROM claims WHERE invite = ?1", params![invite], |r| r.get(0))?;
                return Ok(Err(Some(at)));
            }
            // Holding the write lock now: a re-issue committed before
            // this shows, and none can commit until this does.
            let open: Option<i64> = tx
                .query_row("SELECT 1 FROM tokens WHERE token = ?1 AND game_id = ?2", params![invite, game], |r| {
                    r.get(0)
                })
                .optional()?;
            if open.is_none() {
                return Ok(Err(None));
            }
            tx.execute(
                "INSERT INTO tokens (token, game_id, role) VALUES (?1, ?2, ?3)",
                params![token, game, role.to_text()],
            )?;
            tx.commit()?;
            Ok(Ok(()))
        })?;
        crate::storage::claim_outcome(claimed)
    }

    fn claimed(&self, invite: &str) -> Stored<Option<i64>> {
        self.with(|c| c.query_row("SELECT at FROM claims WHERE invite = ?1", params![invite], |r| r.get(0)).optional())
    }

    fn reissue(&self, game: &str, drop: &[Role], invite: &str, role: &Role) -> Stored<()> {
        self.with(|c| {
            let tx = c.transaction()?;
            for r in drop {
                tx.execute("DELETE FROM tokens WHERE game_id = ?1 AND role = ?2", params![game, r.to_text()])?;
            }
            if let Role::Seat(seat) | Role::Invite(seat) = role {
                tx.execute("DELETE FROM seat_mail WHERE game_id = ?1 AND seat = ?2", params![game, seat])?;
            }
            tx.execute(
                "INSERT INTO tokens (token, game_id, role) VALUES (?1, ?2, ?3)",
                params![invite, game, role.to_text()],
            )?;
            tx.commit()
        })
    }

    fn set_mail(&self, game: &str, seat: &str, mail: Option<(&str, &str)>) -> Stored<()> {
        self.with(|c| {
            match mail {
                Some((address, token)) => c.execute(
                    "INSERT INTO seat_mail (game_id, seat, address, token) VALUES (?1, ?2, ?3, ?4) \
                     ON CONFLICT (game_id, seat) DO UPDATE SET address = excluded.address, token = excluded.token",
                    params![game, seat, address, token],
                ),
                None => c.execute("DELETE FROM seat_mail WHERE game_id = ?1 AND seat = ?2", params![game, seat]),
            }
            .map(|_| ())
        })
    }

    fn mails(&self, game: &str) -> Stored<Vec<SeatMail>> {
        self.with(|c| {
            let mut q = c.prepare("SELECT seat, address, token FROM seat_mail WHERE game_id = ?1 ORDER BY seat")?;
            let rows =
                q.query_map(params![game], |r| Ok(SeatMail { seat: r.get(0)?, address: r.get(1)?, token: r.get(2)? }))?;
            rows.collect()
        })
    }
}

/// Why [`backup`] made no copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackupError {
    /// There is no file at the source path (none is created).
    NoSource,
    /// The source is not a sandtable database (not SQLite, or no journal).
    NotSandtable,
    /// The target exists already: a backup never overwrites a file.
    TargetExists,
    /// SQLite or the file system failed; the text says how.
    Failed(String),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::NoSource => write!(f, "no database there"),
            BackupError::NotSandtable => write!(f, "not a sandtable database"),
            BackupError::TargetExists => write!(f, "the target exists already"),
            BackupError::Failed(e) => write!(f, "{e}"),
        }
    }
}

/// What [`backup`] copied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Games in the copy.
    pub games: u64,
    /// Journal rows in the copy (every acknowledged change).
    pub rows: u64,
    /// The copy's size.
    pub bytes: u64,
}

/// Copies the SQLite database at `source` to a new file `target` while
/// servers may go on using it, as it stands at one moment: the committed
/// rows still in its WAL (not yet checkpointed into the main file, which a
/// plain copy of the file would miss) included. SQLite's online backup API
/// copies every page in one step, under one read transaction: in WAL mode
/// that neither waits for writers nor makes them wait, and it is one
/// consistent snapshot (copied in several steps, a write between two would
/// restart the copy). The copy is a single file in rollback-journal mode
/// (no `-wal` beside it to lose); a server opening it turns WAL on again.
/// It is written as `target.partial` (replaced if left over), synced,
/// checked with `PRAGMA integrity_check`, then renamed to `target`, so a
/// file named `target` is only ever a whole, checked copy.
///
/// Cost: the database read once and written once, and the copy read once
/// more for the check; meanwhile the source's WAL cannot be checkpointed
/// past the snapshot, so it may grow until the copy ends.
///
/// # Errors
/// No source, not a sandtable database, an existing target, or SQLite or
/// the file system failed (nothing is left at `target` then).
pub fn backup(source: &std::path::Path, target: &std::path::Path) -> Result<Copied, BackupError> {
    use rusqlite::backup::{Backup, StepResult};
    use rusqlite::OpenFlags;
    let failed = |e: &dyn std::fmt::Display| BackupError::Failed(e.to_string());
    if !source.is_file() {
        return Err(BackupError::NoSource);
    }
    if target.exists() {
        return Err(BackupError::TargetExists);
    }
    // Never created here; read-write only because a WAL reader writes its
    // shared-memory index.
    let src = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| failed(&e))?;
    src.busy_timeout(std::time::Duration::from_secs(5)).map_err(|e| failed(&e))?;
    match src.query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'journal'", [], |r| {
        r.get::<_, i64>(0)
    }) {
        Ok(1) => {}
        Ok(_) => return Err(BackupError::NotSandtable),
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::NotADatabase) => {
            return Err(BackupError::NotSandtable)
        }
        Err(e) => return Err(failed(&e)),
    }
    let mut partial = target.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let made = (|| -> Result<Copied, BackupError> {
        let _ = std::fs::remove_file(&partial);
        let mut dst = Connection::open(&partial).map_err(|e| failed(&e))?;
        {
            let copy = Backup::new(&src, &mut dst).map_err(|e| failed(&e))?;
            // BUSY or LOCKED: the source's lock could not be had at once
            // (a writer mid-checkpoint, or a database not in WAL mode being
            // written). Tried again for about 10 s.
            let mut tries = 0;
            loop {
                match copy.step(-1).map_err(|e| failed(&e))? {
                    StepResult::Done => break,
                    StepResult::More => {}
                    StepResult::Busy | StepResult::Locked if tries < 100 => {
                        tries += 1;
                        std::thread::sleep(std::time::Duration::from_millis(100));
                    }
                    StepResult::Busy | StepResult::Locked => {
                        return Err(BackupError::Failed("the database stayed locked for 10 s".into()))
                    }
                    // StepResult is non-exhaustive.
                    _ => return Err(BackupError::Failed("unexpected backup step".into())),
                }
            }
        }
        let mode: String = dst.query_row("PRAGMA journal_mode=DELETE", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        if !mode.eq_ignore_ascii_case("delete") {
            return Err(BackupError::Failed(format!("the copy stayed in journal mode {mode}")));
        }
        let check: String = dst.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(|e| failed(&e))?;
        if check != "ok" {
            return Err(BackupError::Failed(format!("the copy fails its integrity check: {check}")));
        }
        let count = |sql: &str| dst.query_row(sql, [], |r| r.get::<_, i64>(0)).map(|n| n as u64);
        let games = count("SELECT count(*) FROM games").map_err(|e| failed(&e))?;
        let rows = count("SELECT count(*) FROM journal").map_err(|e| failed(&e))?;
        dst.close().map_err(|(_, e)| failed(&e))?;
        let file = std::fs::File::open(&partial).map_err(|e| failed(&e))?;
        file.sync_all().map_err(|e| failed(&e))?;
        let bytes = file.metadata().map_err(|e| failed(&e))?.len();
        Ok(Copied { games, rows, bytes })
    })();
    let copied = match made {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    if let Err(e) = std::fs::rename(&partial, target) {
        let _ = std::fs::remove_file(&partial);
        return Err(failed(&e));
    }
    // The rename itself survives a power cut once the directory is synced
    // (Unix; elsewhere a directory cannot be opened to sync).
    #[cfg(unix)]
    if let Some(dir) = target.parent() {
        let dir = if dir.as_os_str().is_empty() { std::path::Path::new(".") } else { dir };
        std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(|e| failed(&e))?;
    }
    Ok(copied)
}
