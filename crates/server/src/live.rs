//! One game in memory ([`Live`]) and how it is loaded from storage: its
//! set-up, the latest snapshot if it checks out, then the journal after it.

use crate::dice::Draw;
use crate::storage::{Entry, GameRow, JournalRow, Role, SeatKind, Storage, StorageError, Stored};
use sandtable_catalog::Driver;
use sandtable_core::provable::Share;
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
    /// How the dice are drawn: a chosen seed, or a commitment with the
    /// people's shares so far. Until the seal `session` is a stand-in set
    /// up from seed 0 that nobody is shown or may act in (see `dice.rs`).
    pub draw: Draw,
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
    /// A game as loaded or created, at `version`, its dice as `draw`.
    pub(crate) fn new(
        row: GameRow,
        driver: Arc<dyn Driver>,
        session: Box<dyn Session>,
        version: u64,
        kinds: Vec<SeatKind>,
        history: Vec<Vec<Event>>,
        draw: Draw,
    ) -> Live {
        let mut live = Live {
            row,
            driver,
            session,
            version,
            draw,
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
    /// decision now: none before the seal. O(seats).
    pub(crate) fn people_owing(&self) -> SeatSet {
        if self.draw.gathering() {
            return SeatSet::EMPTY;
        }
        self.session.to_act().seats().iter().filter(|&s| !self.is_bot(s)).fold(SeatSet::EMPTY, SeatSet::with)
    }

    /// The playing seats whose share the seal still waits for (their ids):
    /// the people's seats without one; none once sealed. O(seats).
    pub fn waiting(&self) -> Vec<String> {
        if !self.draw.gathering() {
            return Vec::new();
        }
        self.people().into_iter().filter(|id| !self.draw.has_share(id)).collect()
    }

    /// The ids of the playing seats people play: the seats whose shares
    /// the seal waits for. O(seats).
    fn people(&self) -> Vec<String> {
        let info = self.session.info();
        self.session.seats().iter().filter(|&s| !self.is_bot(s)).map(|s| info.seat_id(s).to_owned()).collect()
    }

    /// Adds `share` (of a person's playing seat that has none yet, before
    /// the seal: the hub checks) and seals if it was the last one missing.
    /// On an error nothing has changed.
    ///
    /// # Errors
    /// The set-up from the sealed seed failed.
    pub(crate) fn add_share(&mut self, share: Share) -> Result<(), String> {
        if let Draw::Committed { shares, .. } = &mut self.draw {
            shares.push(share);
        }
        let sealed = self.seal_if_ready();
        if sealed.is_err() {
            if let Draw::Committed { shares, .. } = &mut self.draw {
                shares.pop();
            }
        }
        sealed
    }

    /// Seals the dice if every person's share is in (at creation when no
    /// seat is a person's; after a share; after a seat is handed to the
    /// bot): the game is set up afresh from the seed the secret and the
    /// shares make, and only then counts as sealed. Leaves `owed` alone, so
    /// the commit that follows tells the first seats to act by e-mail.
    /// Cost: one set-up when it seals, O(seats) otherwise.
    ///
    /// # Errors
    /// The set-up from that seed failed; nothing has changed then.
    pub(crate) fn seal_if_ready(&mut self) -> Result<(), String> {
        let people = self.people();
        let ids: Vec<&str> = people.iter().map(String::as_str).collect();
        if let Some(seed) = self.draw.seed_if_complete(&ids) {
            let setup = Setup { seed, ..self.session.setup().clone() };
            self.session = self.driver.game().start(&setup).map_err(|e| e.to_string())?;
            self.draw.mark_sealed();
            self.history.clear();
        }
        Ok(())
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
    /// Whether the game has ended: never before the seal (the stand-in's
    /// end would reveal the secret, see `dice.rs`).
    pub fn is_over(&self) -> bool {
        !self.draw.gathering() && matches!(self.session.to_act(), ToAct::Over(_))
    }
    /// Whether the server's bot plays `seat`.
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.bot_of(seat).is_some()
    }
    /// The bot that plays `seat`, if one does.
    pub fn bot_of(&self, seat: Seat) -> Option<sandtable_ai::BotSpec> {
        self.kinds.get(seat.index()).and_then(|k| k.bot())
    }
    /// `{"to_act":[…]}`, `{"over":{…}}`, or before the seal
    /// `{"gathering":[seat ids whose share is missing]}`.
    pub fn status(&self) -> Value {
        if self.draw.gathering() {
            return json!({"gathering": self.waiting()});
        }
        let info = self.session.info();
        match self.session.to_act() {
            ToAct::Seats(s) => json!({"to_act": s.iter().map(|x| info.seat_id(x)).collect::<Vec<_>>()}),
            ToAct::Over(o) => json!({"over": {
                "winners": o.winners.iter().map(|x| info.seat_id(x)).collect::<Vec<_>>(),
                "text": o.text,
            }}),
        }
    }
    /// A bot seat that owes a decision now (none before the seal).
    pub(crate) fn bot_to_act(&self) -> Option<Seat> {
        if self.draw.gathering() {
            return None;
        }
        self.session.to_act().seats().iter().find(|s| self.is_bot(*s))
    }

    /// Applies one journal row to the match. Rows come from storage, which
    /// only ever holds rows the rules accepted, so a refusal here means the
    /// database and the rules disagree (edited rows, changed rules).
    pub(crate) fn replay(&mut self, row: &JournalRow) -> Stored<()> {
        let game = self.row.id.clone();
        let bad = |what: String| StorageError::Backend(format!("game {game} version {}: {what}", row.version));
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
                self.seal_if_ready().map_err(bad)?;
            }
            Entry::Share => {
                if !self.draw.gathering() || self.draw.has_share(&row.seat) {
                    return Err(bad("a share after the seal, or a second one".into()));
                }
                let share = Share::new(&row.seat, &row.text).map_err(|e| bad(e.to_string()))?;
                self.add_share(share).map_err(bad)?;
            }
        }
        self.version = row.version;
        self.owed = self.people_owing();
        Ok(())
    }

    /// The snapshot of the game as it is: its game file and seat kinds.
    pub(crate) fn snapshot(&self) -> String {
        let snapshot = Snapshot {
            record: self.session.record(),
            kinds: self.kinds.clone(),
            shares: self.draw.shares().to_vec(),
            sealed: !self.draw.gathering(),
        };
        serde_json::to_string(&snapshot).expect("snapshots serialise")
    }
}

/// What a snapshot holds: the game file of the current line of play (its
/// state hash checks the replay), the seat kinds, and the dice shares so
/// far with whether they were sealed (snapshots from before provable dice
/// have neither: a chosen seed, sealed).
#[derive(Serialize, Deserialize)]
struct Snapshot {
    record: GameRecord,
    kinds: Vec<SeatKind>,
    #[serde(default)]
    shares: Vec<Share>,
    #[serde(default = "sealed_by_default")]
    sealed: bool,
}

fn sealed_by_default() -> bool {
    true
}

/// The match, seat kinds and dice a snapshot holds, if it is whole: it
/// parses, is of this game's set-up (once sealed, with the seed its secret
/// and shares make), has a kind for every seat, and its log replays to its
/// state hash.
fn from_snapshot(
    driver: &dyn Driver,
    setup: &Setup,
    draw: &Draw,
    body: &str,
) -> Result<(Box<dyn Session>, Vec<SeatKind>, Draw), String> {
    let snap: Snapshot = serde_json::from_str(body).map_err(|e| e.to_string())?;
    let seats = driver.game().info().seats.len();
    if snap.kinds.len() != seats {
        return Err(format!("{} seat kinds for {seats} seats", snap.kinds.len()));
    }
    let (setup, draw) = match draw {
        Draw::Chosen => (setup.clone(), Draw::Chosen),
        Draw::Committed { secret, .. } => {
            let seed = if snap.sealed { secret.seed(&snap.shares) } else { setup.seed };
            let draw = Draw::Committed { secret: *secret, shares: snap.shares, sealed: snap.sealed };
            (Setup { seed, ..setup.clone() }, draw)
        }
    };
    if snap.record.setup != setup {
        return Err("not this game's set-up".into());
    }
    let session = driver.game().load(&snap.record).map_err(|e| e.to_string())?;
    Ok((session, snap.kinds, draw))
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
    let fresh = Draw::of(row.secret.as_deref()).map_err(|e| bad(format!("dice secret: {e}")))?;
    let snapshot = match store.snapshot(id)? {
        Some((version, body)) => match from_snapshot(driver.as_ref(), &setup, &fresh, &body) {
            Ok((session, kinds, draw)) => Some((session, kinds, version, draw)),
            Err(why) => {
                eprintln!("sandtable: game {id}: the snapshot at version {version} is unusable ({why}); replaying the journal from the start");
                None
            }
        },
        None => None,
    };
    let (session, kinds, version, draw) = match snapshot {
        Some(s) => s,
        None => {
            let kinds = driver
                .game()
                .info()
                .seats
                .iter()
                .map(|s| row.seats.iter().find(|(k, _)| *k == s.id).map_or(SeatKind::Human, |(_, v)| *v))
                .collect();
            (driver.game().start(&setup).map_err(|e| bad(format!("set-up: {e}")))?, kinds, 0, fresh)
        }
    };
    // The events of the snapshot's decisions: one replay of its log.
    let history = session.replay_events().into_iter().map(|(_, events)| events).collect();
    let mut live = Live::new(row, driver, session, version, kinds, history, draw);
    // A game with no person's seat seals at once (as when it was made).
    live.seal_if_ready().map_err(|e| bad(format!("set-up from the sealed seed: {e}")))?;
    for r in store.journal(id, version)? {
        live.replay(&r)?;
    }
    Ok(live)
}
