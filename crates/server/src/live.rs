//! One game in memory ([`Live`]) and how it is loaded from storage: its
//! set-up, the latest snapshot if it checks out, then the journal after it.

use crate::storage::{Entry, GameRow, JournalRow, Role, SeatKind, Storage, StorageError, Stored};
use sandtable_catalog::Driver;
use sandtable_core::{Event, GameRecord, Seat, SeatSet, Session, Setup, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;

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
    /// A bot task is playing (or about to play) this game's bot seats.
    pub(crate) bot_running: bool,
    /// The seat the bot task is deciding for now, off the lock (see
    /// `Hub::run_bots`); its result is dropped if the game moved meanwhile.
    pub(crate) thinking: Option<Seat>,
    /// How long each seat's bot took over its last decision played, in ms,
    /// by seat index (in memory only: unknown after a reload).
    pub(crate) last_ms: Vec<Option<u64>>,
    /// Counts changes of `thinking` and `last_ms`, which move no version: a
    /// WebSocket that sent the table at another count sends it again.
    pub(crate) bot_stamp: u64,
    /// This copy no longer stands for the game: a change failed to commit
    /// and the journal could not be re-read, or the game was evicted. Whoever
    /// locks it must not use it (it may hold an unrecorded action) and
    /// re-opens the game from storage instead (`Hub::lock`).
    pub(crate) dead: bool,
    /// The seats played by people that owed a decision when this copy last
    /// matched the journal (made, loaded, caught up or committed): a seat
    /// that comes to owe one at a commit here is told by e-mail (a row
    /// another instance committed is told there).
    pub(crate) owed: SeatSet,
    /// Each undo of the current copy: the version it made and the decisions
    /// left after it. A page that held the log at an older version keeps
    /// the part no later undo cut, and is sent only the rest.
    undos: Vec<(u64, usize)>,
    /// The version from which `undos` is complete (the one loaded from: an
    /// undo before it is not known here).
    undos_since: u64,
}

impl Live {
    /// A game as loaded or created, at `version`.
    pub(crate) fn new(
        row: GameRow,
        driver: Arc<dyn Driver>,
        session: Box<dyn Session>,
        version: u64,
        kinds: Vec<SeatKind>,
        history: Vec<Vec<Event>>,
    ) -> Live {
        let mut live = Live {
            row,
            driver,
            session,
            version,
            last_ms: vec![None; kinds.len()],
            kinds,
            history,
            bot_running: false,
            thinking: None,
            bot_stamp: 0,
            dead: false,
            owed: SeatSet::EMPTY,
            undos: Vec::new(),
            undos_since: version,
        };
        live.owed = live.people_owing();
        live
    }

    /// The seats played by people (not the server's bot) that owe a
    /// decision now. O(seats).
    pub(crate) fn people_owing(&self) -> SeatSet {
        self.session.to_act().seats().iter().filter(|&s| !self.is_bot(s)).fold(SeatSet::EMPTY, SeatSet::with)
    }

    /// Notes that the last decision was taken back, making `version`.
    pub(crate) fn undone(&mut self, version: u64) {
        self.undos.push((version, self.session.log().len()));
    }

    /// How many decisions of the current line a page that held the log at
    /// version `since` still holds unchanged: every one unless an undo since
    /// then cut the line (`usize::MAX`: no cut). `None` when that cannot be
    /// told (a version from before this copy was loaded, or not yet made).
    /// O(undos since loading).
    pub fn kept_since(&self, since: u64) -> Option<usize> {
        if since < self.undos_since || since > self.version {
            return None;
        }
        Some(self.undos.iter().filter(|(v, _)| *v > since).map(|(_, n)| *n).min().unwrap_or(usize::MAX))
    }
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
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.session.to_act(), ToAct::Over(_))
    }
    /// Whether the server's bot plays `seat`.
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.bot_of(seat).is_some()
    }
    /// The bot that plays `seat`, if one does.
    pub fn bot_of(&self, seat: Seat) -> Option<sandtable_ai::BotSpec> {
        self.kinds.get(seat.index()).and_then(|k| k.bot())
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
    /// A bot seat that owes a decision now.
    pub(crate) fn bot_to_act(&self) -> Option<Seat> {
        self.session.to_act().seats().iter().find(|s| self.is_bot(*s))
    }

    /// Applies one journal row to the match. Rows come from storage, which
    /// only ever holds rows the rules accepted, so a refusal here means the
    /// database and the rules disagree (edited rows, changed rules).
    pub(crate) fn replay(&mut self, row: &JournalRow) -> Stored<()> {
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
                self.undone(row.version);
            }
            Entry::Seat => {
                let kind = SeatKind::parse(&row.text).ok_or_else(|| bad(format!("seat kind {:?}", row.text)))?;
                self.kinds[seat.index()] = kind;
            }
        }
        self.version = row.version;
        self.owed = self.people_owing();
        Ok(())
    }

    /// The snapshot of the game as it is: its game file and seat kinds.
    pub(crate) fn snapshot(&self) -> String {
        serde_json::to_string(&Snapshot { record: self.session.record(), kinds: self.kinds.clone() })
            .expect("snapshots serialise")
    }
}

/// What a snapshot holds: the game file of the current line of play (its
/// state hash checks the replay) and the seat kinds.
#[derive(Serialize, Deserialize)]
struct Snapshot {
    record: GameRecord,
    kinds: Vec<SeatKind>,
}

/// The match and seat kinds a snapshot holds, if it is whole: it parses,
/// is of this game's set-up, has a kind for every seat, and its log replays
/// to its state hash.
fn from_snapshot(driver: &dyn Driver, setup: &Setup, body: &str) -> Result<(Box<dyn Session>, Vec<SeatKind>), String> {
    let snap: Snapshot = serde_json::from_str(body).map_err(|e| e.to_string())?;
    let seats = driver.game().info().seats.len();
    if snap.kinds.len() != seats {
        return Err(format!("{} seat kinds for {seats} seats", snap.kinds.len()));
    }
    if snap.record.setup != *setup {
        return Err("not this game's set-up".into());
    }
    let session = driver.game().load(&snap.record).map_err(|e| e.to_string())?;
    Ok((session, snap.kinds))
}

/// Loads game `id`: its set-up, the latest snapshot (checked; one that is
/// not whole is reported and skipped, since the journal alone holds the
/// game), then the journal rows after it. Cost: one replay of the current
/// line, from the start when there is no usable snapshot.
///
/// # Errors
/// Storage, an unknown game, or a journal that does not replay.
pub(crate) fn load(store: &dyn Storage, id: &str) -> Stored<Live> {
    let bad = |what: String| StorageError::Backend(format!("game {id}: {what}"));
    let row = store.game(id)?.ok_or_else(|| bad("no such game".into()))?;
    let driver = sandtable_catalog::find(&row.game).map_err(|e| bad(e.text().en.to_string()))?;
    let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| bad(format!("set-up: {e}")))?;
    let snapshot = match store.snapshot(id)? {
        Some((version, body)) => match from_snapshot(driver.as_ref(), &setup, &body) {
            Ok((session, kinds)) => Some((session, kinds, version)),
            Err(why) => {
                eprintln!("sandtable: game {id}: the snapshot at version {version} is unusable ({why}); replaying the journal from the start");
                None
            }
        },
        None => None,
    };
    let (session, kinds, version) = match snapshot {
        Some(s) => s,
        None => {
            let kinds = driver
                .game()
                .info()
                .seats
                .iter()
                .map(|s| row.seats.iter().find(|(k, _)| *k == s.id).map_or(SeatKind::Human, |(_, v)| *v))
                .collect();
            (driver.game().start(&setup).map_err(|e| bad(format!("set-up: {e}")))?, kinds, 0)
        }
    };
    // The events of the snapshot's decisions: one replay of its log.
    let history = session.replay_events().into_iter().map(|(_, events)| events).collect();
    let mut live = Live::new(row, driver, session, version, kinds, history);
    for r in store.journal(id, version)? {
        live.replay(&r)?;
    }
    Ok(live)
}
