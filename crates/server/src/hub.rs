//! Live games: each loaded once from storage into memory, then changed only
//! under its own lock, journal row first committed, then acknowledged.

use crate::bots::BotPlayer;
use crate::error::ApiError;
use crate::storage::{Entry, GameRow, JournalRow, Role, SeatKind, Storage, StorageError, Stored};
use crate::table;
use axum::http::StatusCode;
use sandtable_catalog::Driver;
use sandtable_core::{Event, GameRecord, Seat, Session, Setup, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// A snapshot is written every this many versions (and when a game ends).
pub const SNAPSHOT_EVERY: u64 = 64;

/// A game in memory.
pub struct Live {
    /// The fixed row.
    pub row: GameRow,
    /// The game's driver.
    pub driver: Arc<dyn Driver>,
    /// The match.
    pub session: Box<dyn Session>,
    /// The journal version the match reflects.
    pub version: u64,
    /// Who plays each seat, by seat index.
    pub kinds: Vec<SeatKind>,
    /// What each decision of the current line did, parallel to the
    /// session's log (rebuilt by a replay when the game is loaded).
    pub history: Vec<Vec<Event>>,
    bot_running: bool,
}

impl Live {
    /// The seat a role acts for, if it is a seat of this game.
    pub fn seat_of(&self, role: &Role) -> Option<Seat> {
        match role {
            Role::Seat(id) => self.session.info().seat(id),
            _ => None,
        }
    }
    /// What a role may see.
    pub fn viewer(&self, role: &Role) -> Viewer {
        self.seat_of(role).map_or(Viewer::Spectator, Viewer::Seat)
    }
    /// `{"to_act":[…]}` or `{"over":{…}}`.
    pub fn status(&self) -> Value {
        let info = self.session.info();
        match self.session.to_act() {
            ToAct::Seats(s) => json!({"to_act": s.iter().map(|x| info.seat_id(x)).collect::<Vec<_>>()}),
            ToAct::Over(o) => json!({"over": {
                "winners": o.winners.iter().map(|x| info.seat_id(x)).collect::<Vec<_>>(),
                "text": o.text,
            }}),
        }
    }
    fn bot_to_act(&self) -> Option<Seat> {
        self.session.to_act().seats().iter().find(|s| self.kinds.get(s.index()) == Some(&SeatKind::Bot))
    }

    /// Applies one journal row to the match. Rows come from storage, which
    /// only ever holds rows the rules accepted, so a refusal here means the
    /// database and the rules disagree (edited rows, changed rules).
    fn replay(&mut self, row: &JournalRow) -> Stored<()> {
        let bad = |what: String| StorageError::Backend(format!("game {} version {}: {what}", self.row.id, row.version));
        let seat = self.session.info().seat(&row.seat).ok_or_else(|| bad(format!("no seat {:?}", row.seat)))?;
        match row.entry {
            Entry::Act => {
                let done = self.session.apply(seat, &row.text).map_err(|e| bad(e.to_string()))?;
                self.history.push(done.events);
            }
            Entry::Undo => {
                self.session.undo(seat).map_err(|e| bad(e.to_string()))?;
                self.history.pop();
            }
            Entry::Seat => {
                let kind = SeatKind::parse(&row.text).ok_or_else(|| bad(format!("seat kind {:?}", row.text)))?;
                self.kinds[seat.index()] = kind;
            }
        }
        self.version = row.version;
        Ok(())
    }
}

/// What a snapshot holds: the game file of the current line of play (its
/// state hash checks the replay) and the seat kinds.
#[derive(Serialize, Deserialize)]
struct Snapshot {
    record: GameRecord,
    kinds: Vec<SeatKind>,
}

/// One game's lock and change signal.
pub struct Slot {
    /// The game, under an async lock held across its storage write.
    pub live: tokio::sync::Mutex<Live>,
    /// The version, sent on every change (WebSocket tasks watch it).
    pub changed: watch::Sender<u64>,
}

/// All live games.
pub struct Hub {
    store: Arc<dyn Storage>,
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    bot_delay: Duration,
    bot: Arc<dyn BotPlayer>,
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

/// What creating a game returns.
#[derive(Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The creator's token.
    pub admin: String,
    /// The spectator token.
    pub spectator: String,
    /// One token per seat taking part, by seat id.
    pub seats: serde_json::Map<String, Value>,
}

impl Hub {
    /// A hub over `store`; `bot` plays bot seats, waiting `bot_delay` before
    /// each move so people can follow it.
    pub fn new(store: Arc<dyn Storage>, bot_delay: Duration, bot: Arc<dyn BotPlayer>) -> Arc<Hub> {
        Arc::new(Hub { store, slots: Mutex::new(HashMap::new()), bot_delay, bot })
    }

    /// The storage.
    pub fn store(&self) -> &Arc<dyn Storage> {
        &self.store
    }

    /// Creates a game: set-up checked by the rules, then the game row and
    /// every token in one transaction.
    ///
    /// # Errors
    /// Unknown game, refused set-up, unknown seat, storage.
    pub async fn create(
        self: &Arc<Self>,
        game: &str,
        setup: &Setup,
        seats: &HashMap<String, SeatKind>,
    ) -> Result<Created, ApiError> {
        let driver = sandtable_catalog::find(game).map_err(|e| {
            let t = e.text();
            ApiError::new(StatusCode::BAD_REQUEST, "unknown_game", t.en, t.ru)
        })?;
        let session = driver.game().start(setup).map_err(|e| {
            ApiError::new(StatusCode::BAD_REQUEST, "setup", e.text.en.to_string(), e.text.ru.to_string())
        })?;
        let info = session.info().clone();
        for id in seats.keys() {
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
        let kinds: Vec<SeatKind> = info
            .seats
            .iter()
            .map(|s| seats.iter().find(|(k, _)| k.eq_ignore_ascii_case(&s.id)).map_or(SeatKind::Human, |(_, v)| *v))
            .collect();
        let id = new_token()[..16].to_owned();
        let admin = new_token();
        let spectator = new_token();
        let mut tokens = vec![(admin.clone(), Role::Admin), (spectator.clone(), Role::Spectator)];
        let mut seat_tokens = serde_json::Map::new();
        for seat in playing.iter() {
            let t = new_token();
            let sid = info.seat_id(seat).to_owned();
            seat_tokens.insert(sid.clone(), json!(t));
            tokens.push((t, Role::Seat(sid)));
        }
        let created = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let row = GameRow {
            id: id.clone(),
            game: info.id.clone(),
            setup: serde_json::to_string(session.setup()).expect("setups serialise"),
            seats: info.seats.iter().zip(&kinds).map(|(s, k)| (s.id.clone(), *k)).collect(),
            created: created as i64,
        };
        let live =
            Live { row: row.clone(), driver, session, version: 0, kinds, history: Vec::new(), bot_running: false };
        let status = live.status().to_string();
        blocking(&self.store, move |s| s.create(&row, &tokens, &status)).await?;
        let slot = Arc::new(Slot { live: tokio::sync::Mutex::new(live), changed: watch::channel(0).0 });
        self.slots.lock().expect("hub lock").insert(id.clone(), slot.clone());
        self.kick_bots(&slot).await;
        Ok(Created { id, admin, spectator, seats: seat_tokens })
    }

    /// The game and role a token opens.
    ///
    /// # Errors
    /// `no_token`, storage, or a game that no longer loads.
    pub async fn open(self: &Arc<Self>, token: &str) -> Result<(Arc<Slot>, Role), ApiError> {
        if !is_token(token) {
            return Err(ApiError::no_token());
        }
        let t = token.to_owned();
        let (game, role) = blocking(&self.store, move |s| s.token(&t)).await?.ok_or_else(ApiError::no_token)?;
        Ok((self.slot(&game).await?, role))
    }

    /// The live game `id`, loading it from storage if needed.
    ///
    /// # Errors
    /// Storage, or a game whose journal does not replay.
    pub async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.slots.lock().expect("hub lock").get(id) {
            return Ok(slot.clone());
        }
        let gid = id.to_owned();
        let live = blocking(&self.store, move |s| load(s, &gid)).await?;
        let slot = {
            let mut slots = self.slots.lock().expect("hub lock");
            // Another request may have loaded it meanwhile: keep the first.
            slots
                .entry(id.to_owned())
                .or_insert_with(|| {
                    let version = live.version;
                    Arc::new(Slot { live: tokio::sync::Mutex::new(live), changed: watch::channel(version).0 })
                })
                .clone()
        };
        self.kick_bots(&slot).await;
        Ok(slot)
    }

    /// Brings a live game up to the stored journal (rows another server
    /// instance appended). One query when nothing changed.
    ///
    /// # Errors
    /// Storage, or rows that do not replay.
    pub async fn catch_up(&self, live: &mut Live) -> Result<(), ApiError> {
        let (id, after) = (live.row.id.clone(), live.version);
        let rows = blocking(&self.store, move |s| s.journal(&id, after)).await?;
        for row in &rows {
            live.replay(row)?;
        }
        Ok(())
    }

    /// Commits a change already made to `live.session` (or `live.kinds`):
    /// the journal row, then maybe a snapshot. On a storage failure the game
    /// is dropped from memory, so the next request reloads it from the
    /// journal without the unacknowledged change.
    async fn commit(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
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
            // on a conflict). If even that fails, drop it from memory so the
            // next request loads it afresh.
            let id = live.row.id.clone();
            match blocking(&self.store, move |s| load(s, &id)).await {
                Ok(fresh) => {
                    let bot_running = live.bot_running;
                    *live = fresh;
                    live.bot_running = bot_running;
                    slot.changed.send_replace(live.version);
                }
                Err(_) => {
                    self.slots.lock().expect("hub lock").remove(&live.row.id);
                }
            }
            return Err(match e {
                StorageError::Conflict => ApiError::stale(version - 1, version),
                other => ApiError::storage(&other),
            });
        }
        live.version = version;
        if version % SNAPSHOT_EVERY == 0 || matches!(live.session.to_act(), ToAct::Over(_)) {
            let snap = serde_json::to_string(&Snapshot { record: live.session.record(), kinds: live.kinds.clone() })
                .expect("snapshots serialise");
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
        let mut live = slot.live.lock().await;
        self.catch_up(&mut live).await?;
        let seat = human_seat(&live, role)?;
        if version != live.version {
            return Err(ApiError::stale(version, live.version));
        }
        let done = live.session.apply(seat, action).map_err(ApiError::refusal)?;
        live.history.push(done.events.clone());
        self.commit(slot, &mut live, Entry::Act, seat, done.action).await?;
        let v = live.version;
        drop(live);
        self.kick_bots(slot).await;
        Ok((v, done.events))
    }

    /// `role` takes back its last action.
    ///
    /// # Errors
    /// `forbidden`, `stale`, `undo`, storage.
    pub async fn undo(self: &Arc<Self>, slot: &Arc<Slot>, role: &Role, version: u64) -> Result<u64, ApiError> {
        let mut live = slot.live.lock().await;
        self.catch_up(&mut live).await?;
        let seat = human_seat(&live, role)?;
        if version != live.version {
            return Err(ApiError::stale(version, live.version));
        }
        live.session
            .undo(seat)
            .map_err(|t| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "undo", t.en.to_string(), t.ru.to_string()))?;
        live.history.pop();
        self.commit(slot, &mut live, Entry::Undo, seat, String::new()).await?;
        let v = live.version;
        drop(live);
        self.kick_bots(slot).await;
        Ok(v)
    }

    /// The admin hands `seat` to a bot or to its link holder.
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
        let mut live = slot.live.lock().await;
        self.catch_up(&mut live).await?;
        let Some(s) = live.session.info().seat(seat).filter(|s| live.session.seats().contains(*s)) else {
            return Err(ApiError::forbidden(
                format!("no seat {seat:?} in this game"),
                format!("в этой партии нет места {seat:?}"),
            ));
        };
        if live.kinds[s.index()] != kind {
            live.kinds[s.index()] = kind;
            self.commit(slot, &mut live, Entry::Seat, s, kind.as_str().to_owned()).await?;
        }
        let v = live.version;
        drop(live);
        self.kick_bots(slot).await;
        Ok(v)
    }

    /// The table for `role` (see `table.rs`), after catching up.
    ///
    /// # Errors
    /// Storage.
    pub async fn table(&self, slot: &Arc<Slot>, role: &Role) -> Result<Value, ApiError> {
        let mut live = slot.live.lock().await;
        self.catch_up(&mut live).await?;
        Ok(table::table(&live, role))
    }

    /// Starts the bot task if a bot owes a decision and none is running.
    async fn kick_bots(self: &Arc<Self>, slot: &Arc<Slot>) {
        let mut live = slot.live.lock().await;
        if live.bot_running || live.bot_to_act().is_none() {
            return;
        }
        live.bot_running = true;
        let (hub, slot) = (self.clone(), slot.clone());
        tokio::spawn(async move { hub.run_bots(slot).await });
    }

    /// Plays bot seats while one owes a decision. The bot's choice is
    /// seeded by the game's seed and version, so a replayed game's bot
    /// moves are the same.
    async fn run_bots(self: Arc<Self>, slot: Arc<Slot>) {
        loop {
            if !self.bot_delay.is_zero() {
                tokio::time::sleep(self.bot_delay).await;
            }
            let mut live = slot.live.lock().await;
            let step = async {
                self.catch_up(&mut live).await?;
                let Some(seat) = live.bot_to_act() else { return Ok(false) };
                let seed = live.session.setup().seed ^ live.version.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let Some(action) = self.bot.choose(live.session.as_ref(), seat, seed) else {
                    return Ok(false);
                };
                let done = live.session.apply(seat, &action).map_err(ApiError::refusal)?;
                live.history.push(done.events);
                self.commit(&slot, &mut live, Entry::Act, seat, done.action).await?;
                Ok::<bool, ApiError>(true)
            };
            match step.await {
                Ok(true) => {}
                Ok(false) => {
                    live.bot_running = false;
                    return;
                }
                Err(e) => {
                    eprintln!("sandtable: {} bot in game {} stopped: {}", self.bot.name(), live.row.id, e.text.en);
                    live.bot_running = false;
                    return;
                }
            }
        }
    }
}

/// The seat a role may act for: a seat of the game, played by a person.
fn human_seat(live: &Live, role: &Role) -> Result<Seat, ApiError> {
    let Some(seat) = live.seat_of(role) else {
        return Err(ApiError::forbidden(
            "this link does not hold a seat: it may watch, not act",
            "эта ссылка не даёт места за столом: можно смотреть, но не ходить",
        ));
    };
    if live.kinds[seat.index()] == SeatKind::Bot {
        return Err(ApiError::forbidden(
            "the bot plays this seat now; the game's creator can hand it back",
            "за это место сейчас играет бот; создатель партии может вернуть его",
        ));
    }
    Ok(seat)
}

/// Loads game `id`: its set-up, the latest snapshot (hash-checked), then
/// the journal rows after it. Cost: one replay of the current line.
fn load(store: &dyn Storage, id: &str) -> Stored<Live> {
    let bad = |what: String| StorageError::Backend(format!("game {id}: {what}"));
    let row = store.game(id)?.ok_or_else(|| bad("no such game".into()))?;
    let driver = sandtable_catalog::find(&row.game).map_err(|e| bad(e.text().en.to_string()))?;
    let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| bad(format!("set-up: {e}")))?;
    let info = driver.game().info().clone();
    let mut kinds: Vec<SeatKind> = info
        .seats
        .iter()
        .map(|s| row.seats.iter().find(|(k, _)| *k == s.id).map_or(SeatKind::Human, |(_, v)| *v))
        .collect();
    let (session, version) = match store.snapshot(id)? {
        Some((version, body)) => {
            let snap: Snapshot = serde_json::from_str(&body).map_err(|e| bad(format!("snapshot: {e}")))?;
            kinds = snap.kinds;
            (driver.game().load(&snap.record).map_err(|e| bad(format!("snapshot: {e}")))?, version)
        }
        None => (driver.game().start(&setup).map_err(|e| bad(format!("set-up: {e}")))?, 0),
    };
    // The events of the snapshot's decisions: one replay of its log.
    let history = session.replay_events().into_iter().map(|(_, events)| events).collect();
    let mut live = Live { row, driver, session, version, kinds, history, bot_running: false };
    for r in store.journal(id, version)? {
        live.replay(&r)?;
    }
    Ok(live)
}
