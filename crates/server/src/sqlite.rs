//! SQLite storage: one file, WAL journal, created on first run.

use crate::group_commit::GroupCommit;
use crate::storage::{Entry, GameRow, JournalRow, Listing, Role, SeatKind, Storage, StorageError, Stored};
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
        GameRow { id: r.get(0)?, game: r.get(1)?, setup: r.get(2)?, seats: Vec::new(), created: r.get(4)? },
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
            c.query_row("SELECT id, game, setup, seats, created FROM games WHERE id = ?1", params![id], game_row)
                .optional()
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

    fn list(&self, limit: usize) -> Stored<Vec<Listing>> {
        let rows = self.with(|c| {
            let mut st = c.prepare_cached(
                "SELECT id, game, setup, seats, created, version, status FROM games ORDER BY created DESC, id LIMIT ?1",
            )?;
            let rows = st.query_map(params![limit as i64], |r| {
                Ok((game_row(r)?, r.get::<_, i64>(5)?, r.get::<_, String>(6)?))
            })?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })?;
        rows.into_iter()
            .map(|((mut game, seats), version, status)| {
                game.seats = seats_from_json(&seats)?;
                Ok(Listing { game, version: version as u64, status })
            })
            .collect()
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
            tx.execute(
                "INSERT INTO tokens (token, game_id, role) VALUES (?1, ?2, ?3)",
                params![invite, game, role.to_text()],
            )?;
            tx.commit()
        })
    }
}
