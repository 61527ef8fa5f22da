//! Live games: each loaded once from storage into memory, then changed only
//! under its own lock, journal row first committed, then acknowledged.
//! Games idle for a while leave memory ([`Hub::evict_idle`]) and are loaded
//! again on the next request.

use crate::dice::{DiceChoice, Draw};
use crate::error::ApiError;
use crate::live::load;
pub use crate::live::Live;
use crate::mail::Mailer;
use crate::storage::{Change, Entry, GameRow, JournalRow, Role, SeatKind, Storage, StorageError, Stored};
use crate::table;
use axum::http::StatusCode;
use rand::RngCore;
use sandtable_ai::BotSpec;
use sandtable_core::provable::{Secret, Share};
use sandtable_core::{events_seen_by, Event, GameRecord, Seat, SeatSet, Setup, Text, Viewer};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{watch, MutexGuard, OwnedMutexGuard};

/// A snapshot is written every this many versions (and when a game ends).
pub const SNAPSHOT_EVERY: u64 = 64;

/// A game with no open WebSocket, no running bot and no request for this
/// long leaves memory (see [`Hub::evict_idle`]).
pub const IDLE: Duration = Duration::from_secs(10 * 60);

/// Tokens the hub remembers at most (which game each opens), so a known
/// token costs no database lookup; beyond it, lookups are simply not cached.
const MAX_CACHED_TOKENS: usize = 100_000;

/// How long a remembered token is trusted without asking the database
/// again. A seat's tokens can be revoked ([`Hub::reissue`]): this server
/// forgets them at once, and another server instance sharing the database
/// notices within this long (its next lookup after it finds no row).
pub const TOKEN_TTL: Duration = Duration::from_secs(60);

/// How often a bot retries a decision that failed for a storage reason,
/// and the first wait (doubled each time) before it does.
const BOT_RETRIES: u32 = 3;
const BOT_RETRY_WAIT: Duration = Duration::from_millis(250);

/// One game's lock and change signal.
pub struct Slot {
    /// The game's id.
    pub id: String,
    /// The game, under an async lock held across its storage write.
    live: Arc<tokio::sync::Mutex<Live>>,
    /// The version, sent on every change (WebSocket tasks watch it).
    pub changed: watch::Sender<u64>,
    /// Open WebSockets on this game.
    sockets: AtomicUsize,
    /// When the game was last asked for, in milliseconds since the hub began.
    touched: AtomicU64,
}

/// One open WebSocket counted against its game's cap; uncounted when dropped.
pub struct SocketCount(Arc<Slot>);

impl Drop for SocketCount {
    fn drop(&mut self) {
        self.0.sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Slot {
    fn new(live: Live, now: u64) -> Arc<Slot> {
        Arc::new(Slot {
            id: live.row.id.clone(),
            changed: watch::channel(live.version).0,
            live: Arc::new(tokio::sync::Mutex::new(live)),
            sockets: AtomicUsize::new(0),
            touched: AtomicU64::new(now),
        })
    }

    /// Counts one more open WebSocket, unless `max` are open already.
    pub fn open_socket(self: &Arc<Self>, max: usize) -> Option<SocketCount> {
        self.sockets.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| (n < max).then_some(n + 1)).ok()?;
        Some(SocketCount(self.clone()))
    }
}

/// All live games.
pub struct Hub {
    store: Arc<dyn Storage>,
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    /// Which game and role each token seen opens, and when that was read
    /// (ms since the hub began). Trusted for [`TOKEN_TTL`], then read again:
    /// a token revoked through another server instance stops working here
    /// within that long. Entries also go with their game's eviction.
    tokens: Mutex<HashMap<String, (String, Role, u64)>>,
    bot_delay: Duration,
    /// The bot of a bot seat created or handed over without a spec of its
    /// own (asked through each game's catalog driver).
    bot: BotSpec,
    /// One permit per core: bots' searches (a permit per search thread)
    /// wait for one, so however many games' bots think at once they keep
    /// to the machine's cores, leaving time for requests.
    searches: Arc<tokio::sync::Semaphore>,
    began: Instant,
    /// The storage's change feed is listening ([`Hub::noticed`]): other
    /// instances' rows arrive as they commit, and polling is a safety net.
    listening: AtomicBool,
    /// Sends turn notices by e-mail, when the server was given SMTP.
    mailer: std::sync::OnceLock<Arc<Mailer>>,
}

/// Runs a blocking storage call off the async threads.
pub async fn blocking<T: Send + 'static>(
    store: &Arc<dyn Storage>,
    f: impl FnOnce(&dyn Storage) -> Stored<T> + Send + 'static,
) -> Stored<T> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || f(store.as_ref()))
        .await
        .unwrap_or_else(|e| Err(StorageError::Backend(format!("storage task failed: {e}"))))
}

/// 128 random bits from the OS, as 32 hex digits.
pub fn new_token() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `s` looks like a token (32 lowercase hex digits), checked before
/// any lookup.
pub fn is_token(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// How a seat is to be played, as asked at creation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatChoice {
    /// A person; the seat's link goes to the creator (hot seat, or to pass on).
    Human,
    /// The server's bot.
    Bot,
    /// A person invited by a claim-once link (see [`Hub::claim`]): the
    /// creator gets the invite, not the seat's link.
    Invite,
}

impl SeatChoice {
    /// Who plays the seat, a bot seat by `bot`: an invited seat is a person's.
    pub fn kind(self, bot: BotSpec) -> SeatKind {
        match self {
            SeatChoice::Bot => SeatKind::Bot(bot),
            SeatChoice::Human | SeatChoice::Invite => SeatKind::Human,
        }
    }
}

/// What creating a game returns.
#[derive(Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The creator's token.
    pub admin: String,
    /// The spectator token.
    pub spectator: String,
    /// One token per seat taking part and not invited, by seat id.
    pub seats: serde_json::Map<String, Value>,
    /// One invite token per invited seat, by seat id.
    pub invites: serde_json::Map<String, Value>,
}

/// What a WebSocket is sent after a change or a poll (see [`Hub::push`]).
pub struct Push {
    /// The game's version.
    pub version: u64,
    /// The game has ended: nothing more will come from other instances.
    pub over: bool,
    /// The table, when the version (or what the bots are doing: thinking,
    /// their last decision's time) is not the one last sent.
    pub table: Option<Value>,
    /// What the page holds once it has that table.
    pub held: Option<table::Held>,
}

impl Hub {
    /// A hub over `store`; `bot` plays the bot seats created or handed over
    /// without a spec of their own; a bot's move is played no sooner than
    /// `bot_delay` after it began to think, so people can follow it.
    pub fn new(store: Arc<dyn Storage>, bot_delay: Duration, bot: BotSpec) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            slots: Mutex::new(HashMap::new()),
            tokens: Mutex::new(HashMap::new()),
            bot_delay,
            bot,
            searches: Arc::new(tokio::sync::Semaphore::new(cores())),
            began: Instant::now(),
            listening: AtomicBool::new(false),
            mailer: std::sync::OnceLock::new(),
        })
    }

    /// Sends turn notices through `mailer` from now on (once; later calls
    /// change nothing).
    pub fn set_mailer(&self, mailer: Mailer) {
        let _ = self.mailer.set(Arc::new(mailer));
    }

    /// Whether turn notices go out by e-mail.
    pub fn mails(&self) -> bool {
        self.mailer.get().is_some()
    }

    /// Tells by e-mail each seat of `seats` that gave an address that it
    /// must decide, in a task of its own: the caller never waits on SMTP,
    /// and a failure is logged. Cost: one storage read, one SMTP session per
    /// address.
    fn tell_turn(&self, live: &Live, seats: SeatSet) {
        let Some(mailer) = self.mailer.get().cloned() else { return };
        let info = live.session.info();
        let names: Vec<(String, Text)> =
            seats.iter().map(|s| (info.seat_id(s).to_owned(), info.seats[s.index()].name.clone())).collect();
        let (store, id, game) = (self.store.clone(), live.row.id.clone(), info.name.clone());
        tokio::spawn(async move {
            let read = id.clone();
            let mails = match blocking(&store, move |s| s.mails(&read)).await {
                Ok(m) => m,
                Err(e) => return eprintln!("sandtable: turn notices of {id}: {e}"),
            };
            for m in mails {
                let Some((_, seat)) = names.iter().find(|(s, _)| *s == m.seat) else { continue };
                if let Err(e) = mailer.your_turn(&m.address, &game, seat, &m.token).await {
                    eprintln!("sandtable: turn notice of {id} to seat {}: {e}", m.seat);
                }
            }
        });
    }

    /// Whether the storage's change feed is listening now (see
    /// [`Storage::watch`]): then changes other server instances commit reach
    /// the games here as they happen, and WebSockets need poll the journal
    /// only as a safety net ([`crate::ws::WsConfig::poll_listening`]).
    pub fn listening(&self) -> bool {
        self.listening.load(Ordering::Relaxed)
    }

    /// Takes in one [`Change`] from the storage's feed. A row at a version
    /// a game in memory lacks has that game caught up from the journal,
    /// which wakes its WebSockets; anything else is ignored (a game not in
    /// memory loads from the journal when next asked for; this instance's
    /// own rows are already in). When the feed listens again after a loss,
    /// every game in memory is caught up once, since notifications sent
    /// meanwhile are gone. Bots are not started here: the instance that
    /// wrote the row started its own, and two instances playing the same
    /// seat would only race. Cost: a lookup; per game behind, a task, its
    /// lock and one journal query (none once the game holds that version).
    pub fn noticed(self: &Arc<Self>, change: Change) {
        match change {
            Change::Listening => {
                self.listening.store(true, Ordering::Relaxed);
                let slots: Vec<Arc<Slot>> = self.slots.lock().expect("hub lock").values().cloned().collect();
                for slot in slots {
                    self.follow(slot, None);
                }
            }
            Change::Lost => self.listening.store(false, Ordering::Relaxed),
            Change::Appended { game, version } => {
                let slot = self.slots.lock().expect("hub lock").get(&game).cloned();
                // `changed` holds the version last announced: a row of this
                // instance's own is normally there already.
                if let Some(slot) = slot.filter(|s| *s.changed.borrow() < version) {
                    self.follow(slot, Some(version));
                }
            }
        }
    }

    /// Catches `slot` up from the journal in a task of its own, unless its
    /// copy is dead or already at `version` once locked (a commit of this
    /// instance that had not yet announced its version, or an earlier
    /// catch-up that read the row). A failure is reported, not retried: the
    /// next request or poll catches up.
    fn follow(self: &Arc<Self>, slot: Arc<Slot>, version: Option<u64>) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut live = slot.live.lock().await;
            if live.dead || version.is_some_and(|v| live.version >= v) {
                return;
            }
            if let Err(e) = hub.catch_up(&slot, &mut live).await {
                eprintln!("sandtable: game {}: catching up with another instance failed: {}", slot.id, e.text.en);
            }
        });
    }

    /// The storage.
    pub fn store(&self) -> &Arc<dyn Storage> {
        &self.store
    }

    /// The bot of a bot seat given no spec of its own.
    pub fn default_bot(&self) -> BotSpec {
        self.bot
    }

    /// Games in memory now.
    pub fn live_games(&self) -> usize {
        self.slots.lock().expect("hub lock").len()
    }

    fn now_ms(&self) -> u64 {
        self.began.elapsed().as_millis() as u64
    }

    fn touch(&self, slot: &Slot) {
        slot.touched.store(self.now_ms(), Ordering::Relaxed);
    }

    /// Creates a game: set-up checked by the rules, then the game row and
    /// every token in one transaction. A seat named in `bots` is played by
    /// that bot (it need not be named `"bot"` in `seats` too); any other bot
    /// seat by the hub's default bot. A `public` game is listed in the lobby
    /// for anyone. With [`DiceChoice::Provable`] the game commits to a
    /// secret drawn from the OS and waits for the people's shares (its
    /// `setup`'s seed stands in until the seal; a set-up from a saved
    /// position rolls its own dice and is always [`DiceChoice::Chosen`]).
    ///
    /// # Errors
    /// Unknown game, refused set-up, unknown seat, a bot for a seat `seats`
    /// gives a person, storage.
    pub async fn create(
        self: &Arc<Self>,
        game: &str,
        setup: &Setup,
        seats: &HashMap<String, SeatChoice>,
        bots: &HashMap<String, BotSpec>,
        public: bool,
        dice: DiceChoice,
    ) -> Result<Created, ApiError> {
        let driver = sandtable_catalog::find(game).map_err(|e| {
            let t = e.text();
            ApiError::new(StatusCode::BAD_REQUEST, "unknown_game", t.en, t.ru)
        })?;
        if let Some(file) = &setup.scenario_file {
            // Every problem of a user's scenario file, each with its line.
            driver.game().validate_scenario(file).map_err(ApiError::scenario)?;
        }
        let session = driver.game().start(setup).map_err(|e| {
            ApiError::new(StatusCode::BAD_REQUEST, "setup", e.text.en.to_string(), e.text.ru.to_string())
        })?;
        let info = session.info().clone();
        for id in seats.keys().chain(bots.keys()) {
            if info.seat(id).is_none() {
                let known = info.seats.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "setup",
                    format!("no seat {id:?}; seats: {known}"),
                    format!("нет места {id:?}; места: {known}"),
                ));
            }
        }
        let playing = session.seats();
        let named =
            |s: &sandtable_core::SeatInfo| seats.iter().find(|(k, _)| k.eq_ignore_ascii_case(&s.id)).map(|(_, v)| *v);
        let bot =
            |s: &sandtable_core::SeatInfo| bots.iter().find(|(k, _)| k.eq_ignore_ascii_case(&s.id)).map(|(_, v)| *v);
        let mut choices = Vec::new();
        let mut kinds = Vec::new();
        for s in &info.seats {
            let choice = match (named(s), bot(s)) {
                (Some(c @ (SeatChoice::Human | SeatChoice::Invite)), Some(spec)) => {
                    let c = if c == SeatChoice::Human { "human" } else { "invite" };
                    return Err(ApiError::bot_for_person(&s.id, c, spec));
                }
                (Some(c), _) => c,
                (None, Some(_)) => SeatChoice::Bot,
                (None, None) => SeatChoice::Human,
            };
            choices.push(choice);
            kinds.push(choice.kind(bot(s).unwrap_or(self.bot)));
        }
        let id = new_token()[..16].to_owned();
        let admin = new_token();
        let spectator = new_token();
        let mut tokens = vec![(admin.clone(), Role::Admin), (spectator.clone(), Role::Spectator)];
        let (mut seat_tokens, mut invites) = (serde_json::Map::new(), serde_json::Map::new());
        for seat in playing.iter() {
            let t = new_token();
            let sid = info.seat_id(seat).to_owned();
            if choices[seat.index()] == SeatChoice::Invite {
                invites.insert(sid.clone(), json!(t));
                tokens.push((t, Role::Invite(sid)));
            } else {
                seat_tokens.insert(sid.clone(), json!(t));
                tokens.push((t, Role::Seat(sid)));
            }
        }
        let created = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let secret = match dice {
            DiceChoice::Provable if setup.position.is_none() => {
                let mut bytes = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                Some(Secret::new(bytes).to_hex())
            }
            DiceChoice::Provable | DiceChoice::Chosen => None,
        };
        let row = GameRow {
            id: id.clone(),
            game: info.id.clone(),
            setup: serde_json::to_string(session.setup()).expect("setups serialise"),
            seats: info.seats.iter().zip(&kinds).map(|(s, k)| (s.id.clone(), *k)).collect(),
            created: created as i64,
            public,
            secret,
        };
        let draw = Draw::of(row.secret.as_deref()).expect("a secret just drawn is 64 hex digits");
        let mut live = Live::new(row.clone(), driver, session, 0, kinds, Vec::new(), draw);
        // With no person's seat there is no share to wait for.
        live.seal_if_ready().map_err(crate::dice::seal_failed)?;
        let status = live.status().to_string();
        let stored = tokens.clone();
        blocking(&self.store, move |s| s.create(&row, &stored, &status)).await?;
        let slot = Slot::new(live, self.now_ms());
        self.slots.lock().expect("hub lock").insert(id.clone(), slot.clone());
        self.remember(tokens.into_iter().map(|(t, role)| (t, (id.clone(), role))));
        self.kick_bots(&slot).await;
        Ok(Created { id, admin, spectator, seats: seat_tokens, invites })
    }

    /// Claims the invite `invite` (whose role is `role`) of the game `game`:
    /// a fresh token for its seat, stored with the claim in one transaction,
    /// so an invite yields one seat token however many servers share the
    /// database. Returns the new token.
    ///
    /// # Errors
    /// `forbidden` (not an invite), `claimed` (claimed before), storage.
    pub async fn claim(&self, invite: &str, role: &Role, game: &str) -> Result<String, ApiError> {
        let Role::Invite(seat) = role else {
            return Err(ApiError::forbidden(
                "only an invite link claims a seat",
                "занять место можно только по ссылке-приглашению",
            ));
        };
        let token = new_token();
        let seat_role = Role::Seat(seat.clone());
        let at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
        let (i, g, t, r) = (invite.to_owned(), game.to_owned(), token.clone(), seat_role.clone());
        match blocking(&self.store, move |s| s.claim(&i, &g, &t, &r, at)).await {
            Ok(Ok(())) => {
                self.remember([(token.clone(), (game.to_owned(), seat_role))]);
                Ok(token)
            }
            Ok(Err(at)) => Err(ApiError::claimed(at)),
            // The invite was re-issued meanwhile: it opens nothing now.
            Err(StorageError::Conflict) => {
                self.tokens.lock().expect("hub lock").remove(invite);
                Err(ApiError::no_token())
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Re-issues the invite of `seat` (admin only): every token of the game
    /// for that seat — its seat tokens and its invites, claimed or not — is
    /// deleted and a new invite stored, in one transaction. The revoked
    /// tokens are forgotten here at once (they answer `no_token`), and the
    /// game's WebSockets are woken so those of revoked tokens close; other
    /// server instances honour them until their cached entry expires
    /// ([`TOKEN_TTL`]). The game's version does not move. Returns the new
    /// invite.
    ///
    /// # Errors
    /// `forbidden` (not the admin, or not a playing seat of the game), storage.
    pub async fn reissue(self: &Arc<Self>, slot: &Arc<Slot>, role: &Role, seat: &str) -> Result<String, ApiError> {
        if *role != Role::Admin {
            return Err(ApiError::forbidden(
                "only the game's creator re-issues invite links",
                "новую ссылку-приглашение может выдать только создатель партии",
            ));
        }
        let (slot, live) = self.lock(slot).await?;
        let Some(s) = live.session.info().seat(seat).filter(|s| live.session.seats().contains(*s)) else {
            return Err(ApiError::forbidden(
                format!("no seat {seat:?} in this game"),
                format!("в этой партии нет места {seat:?}"),
            ));
        };
        let sid = live.session.info().seat_id(s).to_owned();
        drop(live);
        let invite = new_token();
        let revoked = [Role::Seat(sid.clone()), Role::Invite(sid.clone())];
        let new_role = Role::Invite(sid);
        let (g, d, i, r) = (slot.id.clone(), revoked.to_vec(), invite.clone(), new_role.clone());
        blocking(&self.store, move |s| s.reissue(&g, &d, &i, &r)).await?;
        self.tokens.lock().expect("hub lock").retain(|_, (game, role, _)| *game != slot.id || !revoked.contains(role));
        self.remember([(invite.clone(), (slot.id.clone(), new_role))]);
        // Wakes the game's WebSockets: each checks its token again.
        slot.changed.send_modify(|_| ());
        Ok(invite)
    }

    fn remember(&self, found: impl IntoIterator<Item = (String, (String, Role))>) {
        let now = self.now_ms();
        let mut tokens = self.tokens.lock().expect("hub lock");
        for (token, (game, role)) in found {
            if tokens.len() < MAX_CACHED_TOKENS || tokens.contains_key(&token) {
                tokens.insert(token, (game, role, now));
            }
        }
    }

    /// Whether `token` is known to open a game without asking the database.
    pub fn knows(&self, token: &str) -> bool {
        self.tokens.lock().expect("hub lock").contains_key(token)
    }

    /// The game id and role a token opens: from memory if read within
    /// [`TOKEN_TTL`], else one database lookup (remembered when found,
    /// forgotten when not). Callers check [`is_token`] first and rate-limit
    /// lookups of tokens the hub does not [know](Hub::knows).
    ///
    /// # Errors
    /// `no_token`, storage.
    pub async fn resolve(&self, token: &str) -> Result<(String, Role), ApiError> {
        if !is_token(token) {
            return Err(ApiError::no_token());
        }
        let ttl = TOKEN_TTL.as_millis() as u64;
        if let Some((game, role, at)) = self.tokens.lock().expect("hub lock").get(token) {
            if self.now_ms().saturating_sub(*at) < ttl {
                return Ok((game.clone(), role.clone()));
            }
        }
        let t = token.to_owned();
        let Some(found) = blocking(&self.store, move |s| s.token(&t)).await? else {
            self.tokens.lock().expect("hub lock").remove(token);
            return Err(ApiError::no_token());
        };
        self.remember([(token.to_owned(), found.clone())]);
        Ok(found)
    }

    /// The game and role a token opens.
    ///
    /// # Errors
    /// `no_token`, storage, or a game that no longer loads.
    pub async fn open(self: &Arc<Self>, token: &str) -> Result<(Arc<Slot>, Role), ApiError> {
        let (game, role) = self.resolve(token).await?;
        Ok((self.slot(&game).await?, role))
    }

    /// The live game `id`, loading it from storage if needed.
    ///
    /// # Errors
    /// Storage, or a game whose journal does not replay.
    pub async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.slots.lock().expect("hub lock").get(id) {
            self.touch(slot);
            return Ok(slot.clone());
        }
        let gid = id.to_owned();
        let live = blocking(&self.store, move |s| load(s, &gid)).await?;
        let slot = {
            let mut slots = self.slots.lock().expect("hub lock");
            // Another request may have loaded it meanwhile: keep the first.
            slots.entry(id.to_owned()).or_insert_with(|| Slot::new(live, self.now_ms())).clone()
        };
        self.touch(&slot);
        self.kick_bots(&slot).await;
        Ok(slot)
    }

    /// Locks the game `slot` holds. If that copy is dead (see [`Live`]'s
    /// `dead`), the game is opened afresh from storage and that copy locked
    /// instead: the slot to go on with is returned with its lock.
    ///
    /// # Errors
    /// Storage (the game cannot be loaded), or, after three dead copies in
    /// a row, a retryable `storage` error.
    pub async fn lock(self: &Arc<Self>, slot: &Arc<Slot>) -> Result<(Arc<Slot>, OwnedMutexGuard<Live>), ApiError> {
        let mut slot = slot.clone();
        for _ in 0..3 {
            let live = slot.live.clone().lock_owned().await;
            if !live.dead {
                self.touch(&slot);
                return Ok((slot, live));
            }
            drop(live);
            slot = self.slot(&slot.id).await?;
        }
        Err(ApiError::reloading())
    }

    /// Takes `slot` out of memory if it is still the one there.
    fn forget(&self, slot: &Slot) {
        let mut slots = self.slots.lock().expect("hub lock");
        if slots.get(&slot.id).is_some_and(|s| std::ptr::eq(s.as_ref(), slot)) {
            slots.remove(&slot.id);
        }
    }

    /// Drops from memory every game idle for `idle` or longer: no open
    /// WebSocket, no bot task, no request, and nobody holding or waiting
    /// for its lock. Each is marked dead, so a request that still holds
    /// it re-opens the game from storage. Returns how many left. Cost:
    /// O(games in memory + tokens remembered), under the hub's lock.
    pub fn evict_idle(&self, idle: Duration) -> usize {
        let now = self.now_ms();
        let idle = idle.as_millis() as u64;
        let mut slots = self.slots.lock().expect("hub lock");
        let before = slots.len();
        slots.retain(|_, slot| {
            if slot.sockets.load(Ordering::Relaxed) > 0
                || now.saturating_sub(slot.touched.load(Ordering::Relaxed)) < idle
            {
                return true;
            }
            let Ok(mut live) = slot.live.try_lock() else { return true };
            if live.bot_running {
                return true;
            }
            live.dead = true;
            false
        });
        self.tokens.lock().expect("hub lock").retain(|_, (game, _, _)| slots.contains_key(game));
        before - slots.len()
    }

    /// Brings a live game up to the stored journal (rows another server
    /// instance appended), telling the game's WebSockets if it moved. One
    /// query when nothing changed.
    ///
    /// # Errors
    /// Storage, or rows that do not replay.
    pub async fn catch_up(&self, slot: &Slot, live: &mut Live) -> Result<(), ApiError> {
        let (id, after) = (live.row.id.clone(), live.version);
        let rows = blocking(&self.store, move |s| s.journal(&id, after)).await?;
        for row in &rows {
            live.replay(row)?;
        }
        if !rows.is_empty() {
            slot.changed.send_replace(live.version);
        }
        Ok(())
    }

    /// Commits a change already made to `live.session` (or `live.kinds`):
    /// the journal row, then maybe a snapshot. On a storage failure the game
    /// is put back as the journal has it; if even that fails, this copy is
    /// marked dead and dropped from memory, so nobody uses the unrecorded
    /// change and the next request loads the game afresh.
    async fn commit(
        &self,
        slot: &Slot,
        live: &mut Live,
        entry: Entry,
        seat: Seat,
        text: String,
    ) -> Result<(), ApiError> {
        let row =
            JournalRow { version: live.version + 1, entry, seat: live.session.info().seat_id(seat).to_owned(), text };
        let id = live.row.id.clone();
        let status = live.status().to_string();
        let version = row.version;
        let appended = blocking(&self.store, move |s| s.append(&id, &row, &status)).await;
        if let Err(e) = appended {
            // The change is in memory but not in the journal: put the game
            // back as the journal has it (another instance's row included,
            // on a conflict).
            let id = live.row.id.clone();
            match blocking(&self.store, move |s| load(s, &id)).await {
                Ok(mut fresh) => {
                    fresh.bot_running = live.bot_running;
                    *live = fresh;
                }
                Err(_) => {
                    live.dead = true;
                    self.forget(slot);
                }
            }
            // Wakes the WebSockets: they resend the table, or close on a dead copy.
            slot.changed.send_replace(live.version);
            return Err(match e {
                StorageError::Conflict => ApiError::stale(version - 1, version),
                other => ApiError::storage(&other),
            });
        }
        live.version = version;
        // Turn notices: the people who have come to owe a decision.
        let owing = live.people_owing();
        let newly = owing.iter().filter(|&s| !live.owed.contains(s)).fold(SeatSet::EMPTY, SeatSet::with);
        live.owed = owing;
        if !newly.is_empty() {
            self.tell_turn(live, newly);
        }
        // `is_multiple_of` needs Rust 1.87; the workspace builds on 1.80.
        #[allow(clippy::manual_is_multiple_of)]
        let due = version % SNAPSHOT_EVERY == 0;
        if due || live.is_over() {
            let snap = live.snapshot();
            let id = live.row.id.clone();
            // A failed snapshot loses nothing (the journal has it all): report and go on.
            if let Err(e) = blocking(&self.store, move |s| s.put_snapshot(&id, version, &snap)).await {
                eprintln!("sandtable: snapshot of {} at {version} failed: {e}", live.row.id);
            }
        }
        slot.changed.send_replace(version);
        Ok(())
    }

    /// `role` takes `action`, made against `version`.
    ///
    /// # Errors
    /// `forbidden` (not a seat, or a bot's seat), `stale`, `parse`, `illegal`, storage.
    pub async fn act(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        role: &Role,
        version: u64,
        action: &str,
    ) -> Result<(u64, Vec<Event>), ApiError> {
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        let seat = human_seat(&live, role)?;
        if version != live.version {
            return Err(ApiError::stale(version, live.version));
        }
        let done = live.session.apply(seat, action).map_err(ApiError::refusal)?;
        // The actor's answer carries what the actor may read; the history
        // keeps every event, and each table filters it for its viewer.
        let mine = events_seen_by(&done.events, Viewer::Seat(seat));
        live.history.push(done.events);
        self.commit(&slot, &mut live, Entry::Act, seat, done.action).await?;
        let v = live.version;
        drop(live);
        self.kick_bots(&slot).await;
        Ok((v, mine))
    }

    /// `role` takes back its last action. Never once the game is over: the
    /// seed is public from then on (see `table.rs`), so play must not go on.
    ///
    /// # Errors
    /// `forbidden`, `stale`, `undo`, storage.
    pub async fn undo(self: &Arc<Self>, slot: &Arc<Slot>, role: &Role, version: u64) -> Result<u64, ApiError> {
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        let seat = human_seat(&live, role)?;
        if version != live.version {
            return Err(ApiError::stale(version, live.version));
        }
        if live.is_over() {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "undo",
                "the game is over: its last move stands",
                "партия окончена: последний ход не отменить",
            ));
        }
        live.session
            .undo(seat)
            .map_err(|t| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "undo", t.en.to_string(), t.ru.to_string()))?;
        live.history.pop();
        let next = live.version + 1;
        live.undone(next);
        self.commit(&slot, &mut live, Entry::Undo, seat, String::new()).await?;
        let v = live.version;
        drop(live);
        self.kick_bots(&slot).await;
        Ok(v)
    }

    /// The admin hands `seat` to a bot (or another bot) or to its link
    /// holder. A bot thinking for the seat meanwhile has its decision
    /// dropped (the version moved): see [`Hub::run_bots`].
    ///
    /// # Errors
    /// `forbidden` (not the admin, or a seat not in the game), storage.
    pub async fn set_seat(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        role: &Role,
        seat: &str,
        kind: SeatKind,
    ) -> Result<u64, ApiError> {
        if *role != Role::Admin {
            return Err(ApiError::forbidden(
                "only the game's creator hands seats over",
                "передавать места может только создатель партии",
            ));
        }
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        let Some(s) = live.session.info().seat(seat).filter(|s| live.session.seats().contains(*s)) else {
            return Err(ApiError::forbidden(
                format!("no seat {seat:?} in this game"),
                format!("в этой партии нет места {seat:?}"),
            ));
        };
        if live.kinds[s.index()] != kind {
            let was = live.kinds[s.index()];
            live.kinds[s.index()] = kind;
            // A seat handed to the bot may have been the last share awaited.
            if let Err(e) = live.seal_if_ready() {
                live.kinds[s.index()] = was;
                return Err(crate::dice::seal_failed(e));
            }
            self.commit(&slot, &mut live, Entry::Seat, s, kind.to_text()).await?;
        }
        let v = live.version;
        drop(live);
        self.kick_bots(&slot).await;
        Ok(v)
    }

    /// `role`'s seat gives `entropy` (64 hex digits) as its share of the
    /// dice. The last person's share seals them: the game is set up from
    /// the seed the secret and the shares make, in the same journal row.
    ///
    /// # Errors
    /// `forbidden` (not a seat in play, or the bot's), `share` (not 64 hex digits),
    /// `sealed` (no shares are taken: sealed, or a chosen seed),
    /// `share_given` (this seat gave one already), storage.
    pub async fn share(self: &Arc<Self>, slot: &Arc<Slot>, role: &Role, entropy: &str) -> Result<u64, ApiError> {
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        let Some(seat) = live.seat_of(role).filter(|s| live.session.seats().contains(*s)) else {
            return Err(ApiError::forbidden(
                "only a seat's link gives that seat's share of the dice",
                "долю кубиков места даёт только ссылка этого места",
            ));
        };
        if live.is_bot(seat) {
            return Err(ApiError::forbidden(
                "the bot plays this seat: only a seat played by a person gives a share of the dice",
                "за это место играет бот: долю кубиков даёт только место, за которое играет человек",
            ));
        }
        let id = live.session.info().seat_id(seat).to_owned();
        let share = Share::new(&id, entropy).map_err(|e| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "share",
                format!("a share of the dice is 64 hex digits (32 bytes): {e}"),
                format!("доля кубиков — 64 шестнадцатеричные цифры (32 байта): {e}"),
            )
        })?;
        if !live.draw.gathering() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "sealed",
                "the dice take no more shares: they are sealed (or the game's creator chose the seed)",
                "кубики больше не принимают долей: они запечатаны (или зерно выбрал создатель партии)",
            ));
        }
        if live.draw.has_share(&id) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "share_given",
                format!("{id} has given its share of the dice already: one share a seat"),
                format!("{id} уже дал свою долю кубиков: одна доля на место"),
            ));
        }
        let text = share.entropy();
        live.add_share(share).map_err(crate::dice::seal_failed)?;
        self.commit(&slot, &mut live, Entry::Share, seat, text).await?;
        let v = live.version;
        drop(live);
        self.kick_bots(&slot).await;
        Ok(v)
    }

    /// The game file of a finished game, with the proof of its dice (the
    /// secret revealed, the shares, the commitment), for `sandtable verify`.
    ///
    /// # Errors
    /// `not_over` while the game goes on (the file holds the seed, which
    /// would show every hidden card and die to come), storage.
    pub async fn record(self: &Arc<Self>, slot: &Arc<Slot>) -> Result<GameRecord, ApiError> {
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        if !live.is_over() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "not_over",
                "the game file is given once the game is over: it holds the seed, which shows every hidden card and die to come",
                "файл партии выдаётся после её окончания: в нём зерно, а по нему видны все скрытые карты и будущие броски",
            ));
        }
        Ok(GameRecord { dice: live.draw.proof(), ..live.session.record() })
    }

    /// The static drawing of this game's scenario, as JSON: cached per
    /// scenario hash ([`crate::drawings::for_session`]), so two games of
    /// one game id on different scenarios never share one.
    ///
    /// # Errors
    /// Storage (the game reloading).
    pub async fn drawing(self: &Arc<Self>, slot: &Arc<Slot>) -> Result<axum::body::Bytes, ApiError> {
        let (_slot, live) = self.lock(slot).await?;
        Ok(crate::drawings::for_session(live.session.as_ref()))
    }

    /// The table for `role` (see `table.rs`), its log from what `held`
    /// lacks, after catching up. Restarts
    /// the bots if one owes a decision and none is playing (a bot task that
    /// gave up after storage errors resumes when someone looks).
    ///
    /// # Errors
    /// Storage.
    pub async fn table(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        role: &Role,
        held: Option<table::Held>,
    ) -> Result<Value, ApiError> {
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        self.start_bots(&slot, &mut live);
        Ok(table::table(&live, role, held))
    }

    /// For a WebSocket whose page holds `held` (the table it was last sent,
    /// or what the page said it held when it connected): the table, its log
    /// from what the page lacks, if the game is now at another version; else
    /// only the version (no table built).
    /// `catch_up` re-reads the journal first (one query), for rows other
    /// server instances wrote; changes made here signal `changed` instead.
    /// Never re-opens the game: on a dead copy it fails, and the socket
    /// closes so its page reconnects to the live one.
    ///
    /// # Errors
    /// Storage, or the copy is dead.
    pub async fn push(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        role: &Role,
        held: Option<table::Held>,
        catch_up: bool,
    ) -> Result<Push, ApiError> {
        let mut live = slot.live.lock().await;
        if live.dead {
            return Err(ApiError::reloading());
        }
        if catch_up {
            self.catch_up(slot, &mut live).await?;
            self.start_bots(slot, &mut live);
        }
        // A table again at the same version when what the bots do moved (one
        // began or ended thinking): the page holds every log entry already.
        let moved = |h: table::Held| h.since != live.version || h.bots.is_some_and(|b| b != live.bot_stamp);
        let table = match held {
            Some(h) if !moved(h) => None,
            _ => Some(table::table(&live, role, held)),
        };
        let held = match &table {
            Some(t) => Some(table::Held {
                since: live.version,
                have: t["log_len"].as_u64().unwrap_or(0) as usize,
                bots: Some(live.bot_stamp),
            }),
            None => held.map(|h| table::Held { bots: Some(live.bot_stamp), ..h }),
        };
        Ok(Push { version: live.version, over: live.is_over(), table, held })
    }

    /// `role`'s view after the first `at` decisions it can see in the log
    /// (its visible entries, as in its table's `log`): `{"at","of","view"}`,
    /// `of` being how many it can see. A decision hidden from `role` counts
    /// for nothing, so `at` = k shows the game right after the decision of
    /// its k-th entry, and 0 the start. Cost: a replay of that many
    /// decisions, off the async threads.
    ///
    /// # Errors
    /// `query` (`at` past the end), storage.
    pub async fn replay(self: &Arc<Self>, slot: &Arc<Slot>, role: &Role, at: usize) -> Result<Value, ApiError> {
        let (slot, mut live) = self.lock(slot).await?;
        self.catch_up(&slot, &mut live).await?;
        if live.draw.gathering() {
            return Err(crate::dice::not_sealed(&live.waiting()));
        }
        let viewer = live.viewer(role);
        let visible: Vec<usize> =
            live.session.log_seen_by(viewer).iter().enumerate().filter_map(|(i, e)| e.as_ref().map(|_| i)).collect();
        let of = visible.len();
        if at > of {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "query",
                format!("the log has {of} entries, not {at}"),
                format!("в журнале {of} записей, а не {at}"),
            ));
        }
        let decisions = at.checked_sub(1).map_or(0, |k| visible[k] + 1);
        let record = GameRecord { log: live.session.log()[..decisions].to_vec(), ..live.session.record() };
        let driver = live.driver.clone();
        drop(live);
        let view = tokio::task::spawn_blocking(move || driver.replay(&record).map(|s| s.view(viewer)))
            .await
            .map_err(|e| ApiError::storage(&StorageError::Backend(e.to_string())))?
            .map_err(|e| ApiError::storage(&StorageError::Backend(e.to_string())))?;
        Ok(json!({"at": at, "of": of, "view": view}))
    }

    /// Starts the bot task if a bot owes a decision and none is running.
    async fn kick_bots(self: &Arc<Self>, slot: &Arc<Slot>) {
        let mut live = slot.live.lock().await;
        self.start_bots(slot, &mut live);
    }

    /// [`Hub::kick_bots`] with the game already locked.
    fn start_bots(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        if live.dead || live.bot_running || live.bot_to_act().is_none() {
            return;
        }
        live.bot_running = true;
        let (hub, slot) = (self.clone(), slot.clone());
        tokio::spawn(async move { hub.run_bots(slot).await });
    }

    /// Plays bot seats while one owes a decision, one decision at a time
    /// ([`Hub::bot_decision`]: thought out with the game's lock released).
    /// A decision that fails for a storage reason (or whose search failed)
    /// is retried [`BOT_RETRIES`] times, waiting longer each time; then the
    /// task stops, and the next look at the game ([`Hub::table`]) starts it
    /// again. On a dead copy it stops: the fresh copy has its own task.
    async fn run_bots(self: Arc<Self>, slot: Arc<Slot>) {
        let mut failures = 0;
        loop {
            let Some((mut live, step)) = self.bot_decision(&slot).await else { return };
            match step {
                Ok(true) => failures = 0,
                Ok(false) => {
                    live.bot_running = false;
                    return;
                }
                // Storage trouble or another instance's row: worth another try.
                Err(e) if !live.dead && failures < BOT_RETRIES && (e.status.is_server_error() || e.kind == "stale") => {
                    eprintln!("sandtable: bot in game {}: {}; retrying", live.row.id, e.text.en);
                    drop(live);
                    tokio::time::sleep(BOT_RETRY_WAIT * 2u32.pow(failures)).await;
                    failures += 1;
                }
                Err(e) => {
                    eprintln!("sandtable: bot in game {} stopped: {}", live.row.id, e.text.en);
                    live.bot_running = false;
                    return;
                }
            }
        }
    }

    /// One bot decision, in three steps, so that a search of seconds stalls
    /// neither a runtime thread nor the game:
    /// 1. under the game's lock: catch up, find a bot seat that owes a
    ///    decision, take what its bot needs (a copy of the match, the seat,
    ///    its [`BotSpec`], the seed, the version) and mark the seat thinking;
    /// 2. think on a blocking thread with the lock released, once a core is
    ///    free for each of the search's threads (`searches`): requests for
    ///    the game (tables, other seats' actions, the creator's seat changes)
    ///    go on meanwhile;
    /// 3. lock again and play the decision only if the game is still at that
    ///    version. If anyone acted, undid or handed a seat over meanwhile (or
    ///    another instance's row came in), the decision is of a position gone:
    ///    it is dropped and the caller looks again (the bot thinks anew, or
    ///    the task stops when no bot owes a decision).
    ///
    /// The bot's choice is seeded by the game's seed and version, so a
    /// replayed game's bot moves are the same. The move is played no sooner
    /// than `bot_delay` after the thinking began. Returns the game, locked,
    /// with whether to go on (`Ok(false)`: no bot owes a decision), or
    /// `None` on a dead copy.
    async fn bot_decision<'a>(&self, slot: &'a Slot) -> Option<(MutexGuard<'a, Live>, Result<bool, ApiError>)> {
        let mut live = slot.live.lock().await;
        if live.dead {
            return None;
        }
        if let Err(e) = self.catch_up(slot, &mut live).await {
            return Some((live, Err(e)));
        }
        let Some((seat, spec)) = live.bot_to_act().and_then(|seat| Some((seat, live.bot_of(seat)?))) else {
            return Some((live, Ok(false)));
        };
        let version = live.version;
        let seed = live.session.setup().seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The bot is handed what its seat may know, never the hidden state
        // (the driver downcasts the copy to its typed match).
        let (session, driver) = (live.session.boxed_clone(), live.driver.clone());
        set_thinking(slot, &mut live, Some(seat));
        drop(live);
        let started = Instant::now();
        let threads = u32::from(spec.threads).clamp(1, cores() as u32);
        let permits = self.searches.clone().acquire_many_owned(threads).await.ok();
        let thought = tokio::task::spawn_blocking(move || {
            let _permits = permits;
            let clock = Instant::now();
            (driver.bot_move(spec, session.as_ref(), seat, seed), clock.elapsed())
        })
        .await;
        let waited = started.elapsed();
        if waited < self.bot_delay {
            tokio::time::sleep(self.bot_delay - waited).await;
        }
        let mut live = slot.live.lock().await;
        if live.dead {
            return None;
        }
        set_thinking(slot, &mut live, None);
        if live.version != version {
            return Some((live, Ok(true)));
        }
        let (action, took) = match thought {
            Ok((Some(action), took)) => (action, took),
            Ok((None, _)) => return Some((live, Ok(false))),
            Err(e) => {
                let e = ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "bot",
                    format!("the {spec} bot failed: {e}"),
                    format!("бот {spec} сломался: {e}"),
                );
                return Some((live, Err(e)));
            }
        };
        let done = match live.session.apply(seat, &action) {
            Ok(done) => done,
            Err(e) => return Some((live, Err(ApiError::refusal(e)))),
        };
        live.history.push(done.events);
        live.last_ms[seat.index()] = Some(took.as_millis() as u64);
        if let Err(e) = self.commit(slot, &mut live, Entry::Act, seat, done.action).await {
            return Some((live, Err(e)));
        }
        Some((live, Ok(true)))
    }
}

/// The machine's cores (1 when it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Marks the seat the bot task thinks for (`None`: none), and wakes the
/// game's WebSockets so their pages show it (the version does not move).
fn set_thinking(slot: &Slot, live: &mut Live, seat: Option<Seat>) {
    live.thinking = seat;
    live.bot_stamp += 1;
    slot.changed.send_modify(|_| ());
}

/// The seat a role may act for: a seat of the game, played by a person.
/// The seat `role` acts for, if it may act now: a seat of the game, not
/// the bot's, and the dice sealed (before the seal nothing is set up).
fn human_seat(live: &Live, role: &Role) -> Result<Seat, ApiError> {
    let Some(seat) = live.seat_of(role) else {
        return Err(ApiError::forbidden(
            "this link does not hold a seat: it may watch, not act",
            "эта ссылка не даёт места за столом: можно смотреть, но не ходить",
        ));
    };
    if live.is_bot(seat) {
        return Err(ApiError::forbidden(
            "the bot plays this seat now; the game's creator can hand it back",
            "за это место сейчас играет бот; создатель партии может вернуть его",
        ));
    }
    if live.draw.gathering() {
        return Err(crate::dice::not_sealed(&live.waiting()));
    }
    Ok(seat)
}
