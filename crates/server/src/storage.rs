//! Where games live between requests and across restarts: one trait, two
//! back ends (SQLite in `sqlite.rs`, PostgreSQL in `postgres.rs`).
//!
//! The journal is the source of truth: a game is its set-up replayed through
//! its journal rows in version order. Snapshots (the game file of the current
//! line of play, with its state hash) only shorten and check that replay.

use sandtable_ai::BotSpec;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The tables, the same for both back ends (SQLite reads `BIGINT` as its
/// 64-bit INTEGER). The journal's primary key (game, version) is what
/// refuses a second writer of the same version; the claims' primary key
/// (invite) refuses a second claim of the same invite (see [`Storage::claim`]).
/// A game is listed in the lobby for anyone when it has a `public_games` row.
/// A seat whose holder asked to be told its turn by e-mail has a `seat_mail`
/// row: the address and the seat link's token the message links to (tables
/// of their own: a database made before needs no `ALTER`). A game with
/// provable dice has a `dice_secrets` row: the secret its commitment was
/// made of, which no answer carries until the game is over.
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seats TEXT NOT NULL,
    created BIGINT NOT NULL,
    version BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS journal (
    game_id TEXT NOT NULL REFERENCES games(id),
    version BIGINT NOT NULL,
    entry TEXT NOT NULL,
    seat TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    version BIGINT NOT NULL,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS claims (
    invite TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS public_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id)
);
CREATE TABLE IF NOT EXISTS dice_secrets (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    secret TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_mail (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    address TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
";

/// The columns of a [`GameRow`] in `SELECT`s from `games`, in its field
/// order, `public` as a boolean (a row in `public_games`: a table of its
/// own, so a database made before the lobby listed public games only needs
/// no `ALTER`, and its games stay unlisted), then the dice secret or NULL.
pub(crate) const GAME_COLUMNS: &str = "id, game, setup, seats, created, \
     EXISTS (SELECT 1 FROM public_games p WHERE p.game_id = games.id), \
     (SELECT secret FROM dice_secrets d WHERE d.game_id = games.id)";

/// Who holds a token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The creator: sees what a spectator sees, may hand seats to bots.
    Admin,
    /// Public information only.
    Spectator,
    /// Acts and sees as this seat (its id, e.g. `axis`).
    Seat(String),
    /// A claim-once invitation to this seat: sees what a spectator sees,
    /// may not act; claimed once, it yields a [`Role::Seat`] token.
    Invite(String),
}

impl Role {
    /// The stored text: `admin`, `spectator`, `seat:axis`, `invite:axis`.
    pub fn to_text(&self) -> String {
        match self {
            Role::Admin => "admin".into(),
            Role::Spectator => "spectator".into(),
            Role::Seat(s) => format!("seat:{s}"),
            Role::Invite(s) => format!("invite:{s}"),
        }
    }
    /// Reads [`Role::to_text`] back.
    pub fn from_text(s: &str) -> Option<Role> {
        match s {
            "admin" => Some(Role::Admin),
            "spectator" => Some(Role::Spectator),
            _ => s
                .strip_prefix("seat:")
                .map(|s| Role::Seat(s.to_owned()))
                .or_else(|| s.strip_prefix("invite:").map(|s| Role::Invite(s.to_owned()))),
        }
    }
}

/// Who plays a seat.
///
/// Stored (the games row's seat list, a journal `seat` row, a snapshot's
/// kinds) as its text: `human`, or `bot:` and the bot's spec name
/// (`bot:mcts:hard`, `bot:random`, see [`BotSpec::name`]). The bare `bot` that
/// builds before per-seat bots wrote reads as [`BotSpec::RANDOM`], the bot
/// those games were played with, so their databases keep loading.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person with the seat's link.
    Human,
    /// The server's bot of this spec.
    Bot(BotSpec),
}

impl SeatKind {
    /// `human` or `bot`, the word the table shows (the spec apart).
    pub fn word(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(_) => "bot",
        }
    }
    /// The stored text: `human`, `bot:mcts:hard`.
    pub fn to_text(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Bot(spec) => format!("bot:{}", spec.name()),
        }
    }
    /// Reads [`SeatKind::to_text`] back, and the legacy `bot` as the random bot.
    pub fn parse(s: &str) -> Option<SeatKind> {
        match s {
            "human" => Some(SeatKind::Human),
            "bot" => Some(SeatKind::Bot(BotSpec::RANDOM)),
            _ => s.strip_prefix("bot:").and_then(|spec| BotSpec::parse(spec).ok()).map(SeatKind::Bot),
        }
    }
    /// The bot's spec, for a bot's seat.
    pub fn bot(self) -> Option<BotSpec> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(spec) => Some(spec),
        }
    }
}

impl Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatKind, D::Error> {
        let text = String::deserialize(d)?;
        SeatKind::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a seat kind: {text:?}")))
    }
}

/// A game's fixed row: written once at creation. Its `Debug` leaves the
/// dice secret out, so no log line can give a game away.
#[derive(Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id (random, 16 hex digits).
    pub id: String,
    /// The catalog id (`totensonntag`).
    pub game: String,
    /// The resolved [`sandtable_core::Setup`] as JSON.
    pub setup: String,
    /// Seat kinds at creation, `[(seat id, kind)]`; later changes are journal rows.
    pub seats: Vec<(String, SeatKind)>,
    /// Unix seconds.
    pub created: i64,
    /// Listed in the lobby for anyone (its creator chose so); a game that
    /// is not is listed only to browsers holding one of its links.
    pub public: bool,
    /// The secret of the game's provable dice (64 hex digits, see
    /// `sandtable_core::provable`), `None` when its creator chose the seed.
    /// Never sent to anyone before the game is over.
    pub secret: Option<String>,
}

impl fmt::Debug for GameRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameRow")
            .field("id", &self.id)
            .field("game", &self.game)
            .field("setup", &self.setup)
            .field("seats", &self.seats)
            .field("created", &self.created)
            .field("public", &self.public)
            .field("secret", &self.secret.as_ref().map(|_| "…"))
            .finish()
    }
}

/// What a journal row does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// `seat` took the action `text` (canonical notation).
    Act,
    /// `seat` took back its last action.
    Undo,
    /// `seat` is now played by `text` (a [`SeatKind::to_text`]: `human`, `bot:mcts:hard`).
    Seat,
    /// `seat` gave `text` (64 hex digits) as its share of the dice, before
    /// the seal (see `sandtable_core::provable`).
    Share,
}

impl Entry {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Entry::Act => "act",
            Entry::Undo => "undo",
            Entry::Seat => "seat",
            Entry::Share => "share",
        }
    }
    /// Reads [`Entry::as_str`] back.
    pub fn parse(s: &str) -> Option<Entry> {
        match s {
            "act" => Some(Entry::Act),
            "undo" => Some(Entry::Undo),
            "seat" => Some(Entry::Seat),
            "share" => Some(Entry::Share),
            _ => None,
        }
    }
}

/// One change to a game. Versions of a game are 1, 2, 3 … without gaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalRow {
    /// The game's version after this change.
    pub version: u64,
    /// What it does.
    pub entry: Entry,
    /// The seat concerned.
    pub seat: String,
    /// The action, the seat kind or the share; empty for an undo.
    pub text: String,
}

/// A listing line: the game row plus its latest version and a status
/// summary (JSON: `{"to_act":[…]}` or `{"over":…}`), kept with each append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The fixed row.
    pub game: GameRow,
    /// The latest version.
    pub version: u64,
    /// The status as JSON.
    pub status: String,
}

/// A storage failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// The version being appended already exists: another writer (another
    /// server instance, or a retried request) got there first.
    Conflict,
    /// The back end failed (disk, connection, corrupt row …).
    Backend(String),
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Conflict => write!(f, "the game changed meanwhile"),
            StorageError::Backend(e) => write!(f, "storage: {e}"),
        }
    }
}

impl std::error::Error for StorageError {}

/// Shorthand for storage results.
pub type Stored<T> = Result<T, StorageError>;

/// What the database says changed, as a change feed
/// ([`Storage::watch`]) reports it: how server instances sharing one
/// database learn of each other's writes without re-reading the journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The feed listens (at first, or again after it was lost): anything
    /// may have changed while it did not, so every game in memory is to be
    /// caught up once.
    Listening,
    /// The feed stopped listening (its connection failed) and is trying
    /// again: until [`Change::Listening`], only polling sees other writers.
    Lost,
    /// Game `game` has a committed journal row at `version` (written by
    /// any instance, this one included).
    Appended {
        /// The game's id.
        game: String,
        /// The version its row made.
        version: u64,
    },
}

/// Durable games. Calls block (disk or network): the server calls them from
/// `spawn_blocking`. Every write is one transaction; a call that returned
/// `Ok` is on disk (or in the database) for good.
pub trait Storage: Send + Sync {
    /// The back end's name and durability, for reports (`sqlite WAL synchronous=FULL`).
    fn describe(&self) -> String;
    /// Creates a game with its tokens. Cost: one transaction.
    fn create(&self, game: &GameRow, tokens: &[(String, Role)], status: &str) -> Stored<()>;
    /// Appends one journal row; [`StorageError::Conflict`] if that version
    /// exists. Updates the listing's version and status in the same
    /// transaction.
    fn append(&self, game: &str, row: &JournalRow, status: &str) -> Stored<()>;
    /// The journal rows with version > `after`, in order.
    fn journal(&self, game: &str, after: u64) -> Stored<Vec<JournalRow>>;
    /// The game row.
    fn game(&self, id: &str) -> Stored<Option<GameRow>>;
    /// The game and role a token opens.
    fn token(&self, token: &str) -> Stored<Option<(String, Role)>>;
    /// The newest `limit` public games ([`GameRow::public`]).
    fn list_public(&self, limit: usize) -> Stored<Vec<Listing>>;
    /// The listing line of one game.
    fn listing(&self, id: &str) -> Stored<Option<Listing>>;
    /// Stores a snapshot of `game` at `version` (replacing older ones).
    fn put_snapshot(&self, game: &str, version: u64, snapshot: &str) -> Stored<()>;
    /// The latest snapshot, `(version, text)`.
    fn snapshot(&self, game: &str) -> Stored<Option<(u64, String)>>;
    /// Claims the invite token `invite` of `game` at `at` (Unix seconds):
    /// records the claim and stores `token` opening `game` as `role`, in one
    /// transaction. `Ok(Err(at))` if the invite was already claimed (at
    /// `at`): nothing is stored then. The claims' primary key makes this
    /// hold across server instances sharing a database.
    /// [`StorageError::Conflict`] if `invite` no longer opens `game` (it
    /// was re-issued meanwhile, see [`Storage::reissue`]): nothing is
    /// stored then either. A claim and a re-issue of the same game are
    /// serialised, so a re-issue never leaves a seat token behind.
    fn claim(&self, invite: &str, game: &str, token: &str, role: &Role, at: i64) -> Stored<Result<(), i64>>;
    /// When `invite` was claimed (Unix seconds), if it was.
    fn claimed(&self, invite: &str) -> Stored<Option<i64>>;
    /// Re-issues a seat's invite: deletes every token of `game` whose role
    /// is one of `drop` (the seat's tokens and its invites), and stores
    /// `invite` opening `game` as `role`, in one transaction. Waits for
    /// (or makes wait) a [`Storage::claim`] on the same game.
    /// Also forgets the seat's e-mail address (its link is gone; the new
    /// holder gives their own).
    fn reissue(&self, game: &str, drop: &[Role], invite: &str, role: &Role) -> Stored<()>;
    /// Sets where `seat` of `game` is told its turn: `Some((address,
    /// token))`, the token being the seat link the message points to, or
    /// `None` to stop. Cost: one statement.
    fn set_mail(&self, game: &str, seat: &str, mail: Option<(&str, &str)>) -> Stored<()>;
    /// Every address given for `game`'s seats, by seat id. Cost: one query.
    fn mails(&self, game: &str) -> Stored<Vec<SeatMail>>;
    /// Starts sending `feed` every journal row committed to the database,
    /// by any server instance, as [`Change`]s, on a thread of its own, until
    /// `feed`'s receiver is dropped. `false` when the back end has no such
    /// feed (the default, and SQLite's: one file, one server), so only
    /// polling sees other writers. PostgreSQL: LISTEN/NOTIFY, one extra
    /// connection and one thread per call.
    fn watch(&self, feed: tokio::sync::mpsc::UnboundedSender<Change>) -> bool {
        let _ = feed;
        false
    }
}

/// A seat's address for turn notices ([`Storage::set_mail`]): never shown
/// to anyone but that seat's holder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatMail {
    /// The seat's id.
    pub seat: String,
    /// Where to write.
    pub address: String,
    /// The seat link's token, for the link in the message.
    pub token: String,
}

/// What a back end's claim transaction found, as [`Storage::claim`] answers
/// it: `Err(Some(at))` claimed before, `Err(None)` the invite no longer
/// opens the game (a conflict with a re-issue).
pub(crate) fn claim_outcome(found: Result<(), Option<i64>>) -> Stored<Result<(), i64>> {
    match found {
        Ok(()) => Ok(Ok(())),
        Err(Some(at)) => Ok(Err(at)),
        Err(None) => Err(StorageError::Conflict),
    }
}

/// Opens the storage a `--database` value names: `sqlite:PATH`, a bare
/// path, or `postgres://…` / `postgresql://…`.
///
/// # Errors
/// The database cannot be opened or its tables created.
pub fn open(database: &str, durability: crate::Durability) -> Stored<Box<dyn Storage>> {
    if database.starts_with("postgres://") || database.starts_with("postgresql://") {
        Ok(Box::new(crate::postgres::PgStorage::connect(database)?))
    } else {
        let path = database.strip_prefix("sqlite:").unwrap_or(database);
        Ok(Box::new(crate::sqlite::SqliteStorage::open(path, durability)?))
    }
}
