//! PostgreSQL storage, for several server instances sharing one database.
//! Same tables and semantics as `sqlite.rs`; the journal's primary key
//! (game, version) is what keeps two instances from both appending the
//! same version.

use crate::sqlite::{journal_row, seats_from_json, seats_to_json};
use crate::storage::{
    Change, GameRow, JournalRow, Listing, Role, SeatMail, Storage, StorageError, Stored, GAME_COLUMNS,
};
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// The channel each journal append is announced on (`NOTIFY`), with the
/// payload `game:version`; every instance's listener hears it.
const CHANNEL: &str = "sandtable";

/// How long the listener waits for a notification before it looks whether
/// its server still wants them: a stopped server's listener (its thread and
/// connection) ends within this long.
const LISTEN_WAKE: Duration = Duration::from_secs(1);

/// The listener's wait after a failed connection attempt: the first, then
/// doubled each time up to the last, so a database that is down for long is
/// not hammered, and one back after a restart is listened to again soon.
const LISTEN_RETRY_FIRST: Duration = Duration::from_millis(250);
const LISTEN_RETRY_MAX: Duration = Duration::from_secs(30);

/// Games in a PostgreSQL database. One connection behind a mutex per
/// server instance; each write is one transaction, committed (and so
/// durable under the server's default `synchronous_commit=on`) before the
/// call returns. A connection that closes (the database restarted, an
/// administrator ended it, the network dropped) is replaced on the next
/// call, and a call it failed under is made once more on the new one.
pub struct PgStorage {
    /// `None` after a failed reconnection (the next call tries again) or
    /// once dropped (see the `Drop` impl).
    client: Mutex<Option<Client>>,
    /// What to connect to, password included: never shown.
    connect: String,
    /// The URL without its password, for reports.
    url: String,
    /// `synchronous_commit` of this connection, read once at connect, for
    /// reports: what an acknowledged action survives is the server's setting.
    sync: String,
}

fn backend(e: impl std::fmt::Display) -> StorageError {
    StorageError::Backend(e.to_string())
}

impl PgStorage {
    /// Connects to `url` and creates the tables if needed.
    ///
    /// # Errors
    /// No connection, or the schema cannot be created.
    pub fn connect(url: &str) -> Stored<PgStorage> {
        let mut client = Client::connect(url, NoTls).map_err(backend)?;
        client.batch_execute(crate::storage::SCHEMA).map_err(backend)?;
        let sync: String = client.query_one("SHOW synchronous_commit", &[]).map_err(backend)?.get(0);
        // The password, if any, stays out of reports.
        let shown = match url.split_once('@') {
            Some((_, host)) => format!("postgres://…@{host}"),
            None => url.to_owned(),
        };
        Ok(PgStorage { client: Mutex::new(Some(client)), connect: url.to_owned(), url: shown, sync })
    }

    /// Runs `f` on the connection, first replacing it if it is closed. If
    /// `f` fails and the connection turns out closed, `f` runs once more on
    /// a new one: nothing it did can have been committed, except a write
    /// whose COMMIT was sent just before the connection died; its retry
    /// then meets the journal's primary key and answers `Conflict`, which
    /// the hub handles as a stale write (it re-reads the journal), so an
    /// action is still never applied twice.
    fn with<T>(&self, f: impl Fn(&mut Client) -> Result<T, postgres::Error>) -> Stored<T> {
        let mut client = self.client.lock().map_err(|_| backend("a previous request panicked holding the database"))?;
        if !usable(&client) {
            self.reconnect(&mut client)?;
        }
        let first = f(client.as_mut().ok_or_else(|| backend("no connection"))?);
        let result = match first {
            Err(e) if e.is_closed() || !usable(&client) => {
                eprintln!("sandtable: the PostgreSQL connection closed ({e}); reconnecting");
                self.reconnect(&mut client)?;
                f(client.as_mut().ok_or_else(|| backend("no connection"))?)
            }
            other => other,
        };
        result.map_err(|e| {
            if e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION) {
                StorageError::Conflict
            } else {
                backend(e)
            }
        })
    }

    /// Replaces the connection in `slot` with a new one (`None` if that
    /// fails, so the next call tries again). Cost: one connection set-up.
    fn reconnect(&self, slot: &mut Option<Client>) -> Stored<()> {
        if let Some(old) = slot.take() {
            close_off_runtime(old);
        }
        *slot = Some(Client::connect(&self.connect, NoTls).map_err(backend)?);
        Ok(())
    }

    /// Drops every table: for tests that need an empty database.
    ///
    /// # Errors
    /// The database refuses.
    pub fn wipe(&self) -> Stored<()> {
        self.with(|c| c.batch_execute("TRUNCATE claims, snapshots, journal, tokens, games"))
    }
}

/// Whether every host a `postgres://` URL names is this machine: a Unix
/// socket directory, `localhost`, or a loopback address (both `host` and
/// `hostaddr`). For tools that promise to touch loopback only
/// (`sandtable loadtest`). Cost: parsing the URL; no connection, no name
/// lookup (so `localhost` is trusted to mean this machine).
///
/// # Errors
/// The URL does not parse.
pub fn is_local(url: &str) -> Result<bool, String> {
    let config: postgres::Config = url.parse().map_err(|e: postgres::Error| e.to_string())?;
    let hosts_local = config.get_hosts().iter().all(|h| match h {
        postgres::config::Host::Tcp(name) => {
            name.eq_ignore_ascii_case("localhost")
                || name
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|a| a.is_loopback())
        }
        #[cfg(unix)]
        postgres::config::Host::Unix(_) => true,
    });
    Ok(hosts_local && config.get_hostaddrs().iter().all(std::net::IpAddr::is_loopback))
}

/// Whether there is a connection that is not known to be closed.
fn usable(client: &Option<Client>) -> bool {
    matches!(client, Some(c) if !c.is_closed())
}

/// Drops `client` where that cannot panic. `postgres::Client` closes its
/// connection by blocking on a runtime of its own, which panics on a tokio
/// thread; there the client is closed on a thread of its own.
fn close_off_runtime(client: Client) {
    if tokio::runtime::Handle::try_current().is_ok() {
        std::thread::spawn(move || drop(client));
    } else {
        drop(client);
    }
}

impl Drop for PgStorage {
    /// The server's storage is dropped wherever its last user ends (a
    /// connection task, a runtime shutting down): see [`close_off_runtime`].
    fn drop(&mut self) {
        let client = match self.client.get_mut() {
            Ok(c) => c.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        if let Some(client) = client {
            close_off_runtime(client);
        }
    }
}

fn game_row(r: &postgres::Row) -> Stored<GameRow> {
    Ok(GameRow {
        id: r.get(0),
        game: r.get(1),
        setup: r.get(2),
        seats: seats_from_json(r.get::<_, &str>(3))?,
        created: r.get(4),
        public: r.get(5),
        secret: r.get(6),
    })
}

/// A listing line from [`GAME_COLUMNS`], then version and status.
fn listing(r: &postgres::Row) -> Stored<Listing> {
    Ok(Listing { game: game_row(r)?, version: r.get::<_, i64>(7) as u64, status: r.get(8) })
}

impl Storage for PgStorage {
    fn describe(&self) -> String {
        format!("postgres {} (synchronous_commit={}, the server's setting)", self.url, self.sync)
    }

    fn create(&self, game: &GameRow, tokens: &[(String, Role)], status: &str) -> Stored<()> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO games (id, game, setup, seats, created, version, status) VALUES ($1, $2, $3, $4, $5, 0, $6)",
                &[&game.id, &game.game, &game.setup, &seats_to_json(&game.seats), &game.created, &status],
            )?;
            for (token, role) in tokens {
                tx.execute(
                    "INSERT INTO tokens (token, game_id, role) VALUES ($1, $2, $3)",
                    &[token, &game.id, &role.to_text()],
                )?;
            }
            if game.public {
                tx.execute("INSERT INTO public_games (game_id) VALUES ($1)", &[&game.id])?;
            }
            if let Some(secret) = &game.secret {
                tx.execute("INSERT INTO dice_secrets (game_id, secret) VALUES ($1, $2)", &[&game.id, secret])?;
            }
            tx.commit()
        })
    }

    fn append(&self, game: &str, row: &JournalRow, status: &str) -> Stored<()> {
        let version = row.version as i64;
        self.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO journal (game_id, version, entry, seat, text) VALUES ($1, $2, $3, $4, $5)",
                &[&game, &version, &row.entry.as_str(), &row.seat, &row.text],
            )?;
            tx.execute("UPDATE games SET version = $2, status = $3 WHERE id = $1", &[&game, &version, &status])?;
            // Delivered to every listener when (and only if) this commits:
            // other instances' open pages learn of the row at once.
            tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &format!("{game}:{version}")])?;
            tx.commit()
        })
    }

    fn journal(&self, game: &str, after: u64) -> Stored<Vec<JournalRow>> {
        let after = after as i64;
        let rows = self.with(|c| {
            c.query(
                "SELECT version, entry, seat, text FROM journal WHERE game_id = $1 AND version > $2 ORDER BY version",
                &[&game, &after],
            )
        })?;
        rows.iter().map(|r| journal_row(r.get(0), r.get::<_, &str>(1), r.get(2), r.get(3))).collect()
    }

    fn game(&self, id: &str) -> Stored<Option<GameRow>> {
        let rows = self.with(|c| c.query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"), &[&id]))?;
        rows.first().map(game_row).transpose()
    }

    fn token(&self, token: &str) -> Stored<Option<(String, Role)>> {
        let rows = self.with(|c| c.query("SELECT game_id, role FROM tokens WHERE token = $1", &[&token]))?;
        rows.first()
            .map(|r| {
                let role: &str = r.get(1);
                Role::from_text(role).map(|x| (r.get(0), x)).ok_or_else(|| backend(format!("bad role {role:?}")))
            })
            .transpose()
    }

    fn list_public(&self, limit: usize) -> Stored<Vec<Listing>> {
        let limit = limit as i64;
        let rows = self.with(|c| {
            c.query(
                &format!(
                    "SELECT {GAME_COLUMNS}, version, status FROM games
                     WHERE id IN (SELECT game_id FROM public_games) ORDER BY created DESC, id LIMIT $1"
                ),
                &[&limit],
            )
        })?;
        rows.iter().map(listing).collect()
    }

    fn listing(&self, id: &str) -> Stored<Option<Listing>> {
        let rows = self
            .with(|c| c.query(&format!("SELECT {GAME_COLUMNS}, version, status FROM games WHERE id = $1"), &[&id]))?;
        rows.first().map(listing).transpose()
    }

    fn put_snapshot(&self, game: &str, version: u64, snapshot: &str) -> Stored<()> {
        let version = version as i64;
        self.with(|c| {
            c.execute(
                "INSERT INTO snapshots (game_id, version, body) VALUES ($1, $2, $3)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, body = excluded.body
                 WHERE excluded.version > snapshots.version",
                &[&game, &version, &snapshot],
            )
            .map(|_| ())
        })
    }

    fn snapshot(&self, game: &str) -> Stored<Option<(u64, String)>> {
        let rows = self.with(|c| c.query("SELECT version, body FROM snapshots WHERE game_id = $1", &[&game]))?;
        Ok(rows.first().map(|r| (r.get::<_, i64>(0) as u64, r.get(1))))
    }

    fn claim(&self, invite: &str, game: &str, token: &str, role: &Role, at: i64) -> Stored<Result<(), i64>> {
        let role = role.to_text();
        let claimed = self.with(|c| {
            let mut tx = c.transaction()?;
            // A re-issue of the game (which locks its row FOR UPDATE) waits
            // for this claim's commit, or this claim for the re-issue's, and
            // then sees whether the invite still opens the game.
            tx.execute("SELECT 1 FROM games WHERE id = $1 FOR KEY SHARE", &[&game])?;
            if tx.query("SELECT 1 FROM tokens WHERE token = $1 AND game_id = $2", &[&invite, &game])?.is_empty() {
                return Ok(Err(None));
            }
            // A concurrent claim of the same invite waits for this one's
            // commit, then inserts nothing.
            let n = tx.execute(
                "INSERT INTO claims (invite, game, at) VALUES ($1, $2, $3) ON CONFLICT (invite) DO NOTHING",
                &[&invite, &game, &at],
            )?;
            if n == 0 {
                // Already claimed: the transaction rolls back as it drops.
                let at: i64 = tx.query_one("SELECT at FROM claims WHERE invite = $1", &[&invite])?.get(0);
                return Ok(Err(Some(at)));
            }
            tx.execute("INSERT INTO tokens (token, game_id, role) VALUES ($1, $2, $3)", &[&token, &game, &role])?;
            tx.commit()?;
            Ok(Ok(()))
        })?;
        crate::storage::claim_outcome(claimed)
    }

    fn claimed(&self, invite: &str) -> Stored<Option<i64>> {
        let rows = self.with(|c| c.query("SELECT at FROM claims WHERE invite = $1", &[&invite]))?;
        Ok(rows.first().map(|r| r.get(0)))
    }

    fn reissue(&self, game: &str, drop: &[Role], invite: &str, role: &Role) -> Stored<()> {
        let seat = match role {
            Role::Seat(seat) | Role::Invite(seat) => Some(seat.clone()),
            Role::Admin | Role::Spectator => None,
        };
        let role = role.to_text();
        self.with(|c| {
            let mut tx = c.transaction()?;
            // Serialised with claims on the game (see `claim`).
            tx.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&game])?;
            for r in drop {
                tx.execute("DELETE FROM tokens WHERE game_id = $1 AND role = $2", &[&game, &r.to_text()])?;
            }
            if let Some(seat) = &seat {
                tx.execute("DELETE FROM seat_mail WHERE game_id = $1 AND seat = $2", &[&game, seat])?;
            }
            tx.execute("INSERT INTO tokens (token, game_id, role) VALUES ($1, $2, $3)", &[&invite, &game, &role])?;
            tx.commit()
        })
    }

    fn set_mail(&self, game: &str, seat: &str, mail: Option<(&str, &str)>) -> Stored<()> {
        self.with(|c| {
            match mail {
                Some((address, token)) => c.execute(
                    "INSERT INTO seat_mail (game_id, seat, address, token) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (game_id, seat) DO UPDATE SET address = excluded.address, token = excluded.token",
                    &[&game, &seat, &address, &token],
                ),
                None => c.execute("DELETE FROM seat_mail WHERE game_id = $1 AND seat = $2", &[&game, &seat]),
            }
            .map(|_| ())
        })
    }

    fn mails(&self, game: &str) -> Stored<Vec<SeatMail>> {
        let rows = self.with(|c| {
            c.query("SELECT seat, address, token FROM seat_mail WHERE game_id = $1 ORDER BY seat", &[&game])
        })?;
        Ok(rows.iter().map(|r| SeatMail { seat: r.get(0), address: r.get(1), token: r.get(2) }).collect())
    }

    /// One thread and one connection of its own, `LISTEN`ing on
    /// [`CHANNEL`] (see [`listen`]). Its application name is the URL's (or
    /// `sandtable`) followed by ` listen`, so an administrator can tell it
    /// from the storage's connection.
    fn watch(&self, feed: UnboundedSender<Change>) -> bool {
        let mut config: postgres::Config = match self.connect.parse() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("sandtable: cannot listen for other instances' changes ({e}); polling only");
                return false;
            }
        };
        let name = format!("{} listen", config.get_application_name().unwrap_or("sandtable"));
        // A network that drops silently (no reset) would leave the listener
        // waiting on a dead connection for ever: TCP keepalives find it
        // within about a minute, and the listener reconnects.
        config
            .application_name(&name)
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(30))
            .keepalives_interval(Duration::from_secs(10))
            .keepalives_retries(3);
        std::thread::Builder::new().name("sandtable-listen".into()).spawn(move || listen(&config, &feed)).is_ok()
    }
}

/// The listener's loop: connects, `LISTEN`s, sends [`Change::Listening`],
/// then each notification as a [`Change::Appended`] as it comes (the thread
/// blocks on the connection: no polling, so a row reaches the feed as soon
/// as PostgreSQL delivers its notification). A connection that fails sends
/// [`Change::Lost`] and is replaced at once, then after waits from
/// [`LISTEN_RETRY_FIRST`] doubling to [`LISTEN_RETRY_MAX`]. Ends when the
/// feed's receiver is gone (within [`LISTEN_WAKE`]).
fn listen(config: &postgres::Config, feed: &UnboundedSender<Change>) {
    let mut wait = LISTEN_RETRY_FIRST;
    while !feed.is_closed() {
        let listening =
            config.connect(NoTls).and_then(|mut c| c.batch_execute(&format!("LISTEN {CHANNEL}")).map(|()| c));
        let mut client = match listening {
            Ok(c) => c,
            Err(e) => {
                eprintln!("sandtable: cannot listen for other instances' changes ({}); trying again", why(&e));
                // The first try after a lost connection is immediate; only
                // failures wait, longer each time.
                pause(wait, feed);
                wait = (wait * 2).min(LISTEN_RETRY_MAX);
                continue;
            }
        };
        wait = LISTEN_RETRY_FIRST;
        if feed.send(Change::Listening).is_err() {
            return;
        }
        let why = loop {
            // Blocks until a notification comes or LISTEN_WAKE passes.
            let next = client.notifications().timeout_iter(LISTEN_WAKE).next();
            match next {
                Ok(Some(n)) => {
                    if let Some(change) = appended(n.payload()) {
                        if feed.send(change).is_err() {
                            return;
                        }
                    }
                }
                Ok(None) if client.is_closed() => break "the connection closed".to_owned(),
                Ok(None) if feed.is_closed() => return,
                Ok(None) => {}
                Err(e) => break why(&e),
            }
        };
        eprintln!("sandtable: stopped listening for other instances' changes ({why}); reconnecting");
        if feed.send(Change::Lost).is_err() {
            return;
        }
    }
}

/// What went wrong, with the database's own message when it sent one
/// (`db error` alone says nothing).
fn why(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{e}: {}", db.message()),
        None => e.to_string(),
    }
}

/// Sleeps `wait`, in steps of [`LISTEN_WAKE`] so that a server that stops
/// meanwhile is not kept waiting for its listener's thread to end.
fn pause(wait: Duration, feed: &UnboundedSender<Change>) {
    let until = Instant::now() + wait;
    while !feed.is_closed() {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return;
        }
        std::thread::sleep(left.min(LISTEN_WAKE));
    }
}

/// Reads a notification's payload, `game:version`; `None` for anything
/// else (some other program notifying on the same channel).
fn appended(payload: &str) -> Option<Change> {
    let (game, version) = payload.rsplit_once(':')?;
    Some(Change::Appended { game: game.to_owned(), version: version.parse().ok()? })
}
