//! Games behind one object-safe interface that speaks canonical notation and
//! JSON: what the command line, the engine protocol and the server use to run
//! any game by name.

use crate::record::{state_hash, GameRecord, LoadError, LogEntry, FORMAT};
use crate::{
    DataError, DataErrors, Event, Events, Forecast, GameInfo, Illegal, LegalAction, ParseError, Ruleset, ScenarioFile,
    ScenarioInfo, Seat, SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};
use std::fmt;
use std::sync::Arc;

/// A game, ready to start or load matches.
pub trait Game: Send + Sync {
    /// Seats, scenarios, options.
    fn info(&self) -> &GameInfo;
    /// A new match.
    ///
    /// # Errors
    /// An unknown scenario or option, or a set-up the rules refuse.
    fn start(&self, setup: &Setup) -> Result<Box<dyn Session>, SetupError>;
    /// A match replayed from a game file, checked against its hash.
    ///
    /// # Errors
    /// See [`LoadError`].
    fn load(&self, record: &GameRecord) -> Result<Box<dyn Session>, LoadError>;
    /// The static board drawing of the default built-in scenario (see
    /// [`Ruleset::drawing`]); a match's own is [`Session::drawing`].
    fn drawing(&self) -> serde_json::Value;
    /// Checks a user's scenario file: it loads ([`Ruleset::with_scenario`])
    /// and a game can be set up from it with the default options.
    ///
    /// # Errors
    /// Every problem found, each with its file, line and key.
    fn validate_scenario(&self, file: &ScenarioFile) -> Result<ScenarioInfo, DataErrors>;
    /// The game's card on a user's scenario file, checked as
    /// [`Game::validate_scenario`]: its seats (a scenario file may name its
    /// own sides, as SCS files do) and the file's scenario first.
    ///
    /// # Errors
    /// Every problem found, each with its file, line and key.
    fn scenario_game(&self, file: &ScenarioFile) -> Result<GameInfo, DataErrors>;
}

/// A match in progress, driven by text.
pub trait Session: Send + Sync {
    /// The game's card.
    fn info(&self) -> &GameInfo;
    /// The resolved set-up (scenario and every option filled in).
    fn setup(&self) -> &Setup;
    /// Who must decide now, or the outcome.
    fn to_act(&self) -> ToAct;
    /// The legal actions of `seat`, in canonical notation.
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// The legal actions of `seat` with where each points on the board
    /// (see [`Ruleset::hint`]), in the order of [`Session::legal`].
    fn legal_hinted(&self, seat: Seat) -> Vec<LegalAction>;
    /// The odds of `seat` taking `action` now (see [`Ruleset::forecast`]):
    /// `Ok(None)` for a legal action that rolls no die. Changes nothing.
    ///
    /// # Errors
    /// [`Refusal`] when the text is no action or the rules forbid it now.
    fn forecast(&self, seat: Seat, action: &str) -> Result<Option<Forecast>, Refusal>;
    /// How a player reads an action given as text ([`Ruleset::label`]), or
    /// `None` for text that is no action (a redacted log line).
    fn label(&self, action: &str) -> Option<Text>;
    /// The seat's pieces with nothing to do now, each with the rule that
    /// holds it back (see [`Ruleset::idle`]).
    fn idle(&self, seat: Seat) -> Vec<(String, Illegal)>;
    /// The seats taking part in this match (see [`Ruleset::seats`]).
    fn seats(&self) -> SeatSet;
    /// Seats that may act now without owing a decision (see [`Ruleset::may_act`]).
    fn may_act(&self) -> SeatSet;
    /// Applies an action given as text.
    ///
    /// # Errors
    /// [`Refusal`]; the match is then unchanged.
    fn apply(&mut self, seat: Seat, action: &str) -> Result<Applied, Refusal>;
    /// Takes back `seat`'s last action, if it was the last one played and
    /// revealed nothing (no die rolled, no hidden information shown).
    ///
    /// # Errors
    /// Why not, in both languages.
    fn undo(&mut self, seat: Seat) -> Result<(), Text>;
    /// Why [`Session::undo`] would refuse for `seat` now, or `None` if it
    /// would take the last action back. O(1).
    fn undo_refusal(&self, seat: Seat) -> Option<Text>;
    /// What `viewer` may see, as JSON.
    fn view(&self, viewer: Viewer) -> serde_json::Value;
    /// The board as text for a terminal.
    fn render(&self, viewer: Viewer, lang: &str) -> String;
    /// The decisions so far, in full (the game file's log).
    fn log(&self) -> &[LogEntry];
    /// The decisions so far as `viewer` may read them (see [`Ruleset::log_text`]).
    fn log_for(&self, viewer: Viewer) -> Vec<LogEntry> {
        self.log_seen_by(viewer).into_iter().flatten().collect()
    }
    /// One item per decision of [`Session::log`]: as `viewer` may read it, or
    /// `None` where even its being made is hidden from `viewer`.
    fn log_seen_by(&self, viewer: Viewer) -> Vec<Option<LogEntry>>;
    /// Replays the log and returns each action with the events it produced
    /// (all of them: filter with [`crate::events_seen_by`] for a viewer).
    fn replay_events(&self) -> Vec<(LogEntry, Vec<Event>)>;
    /// The game file of this match.
    fn record(&self) -> GameRecord;
    /// A copy of this match.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// The current state as a position (JSON a game can start from with
    /// [`Setup::with_position`]). It holds everything, hidden cards and the
    /// dice to come included: for puzzles, bug reports and research, never
    /// for a seat's eyes.
    fn position(&self) -> serde_json::Value;
    /// The typed match behind this session (a [`Match`] of its ruleset), for
    /// the typed side of a game's driver — bots are asked through it.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The static board drawing of this match's scenario (see
    /// [`Ruleset::drawing`]); cache it by [`Setup::scenario_sha256`].
    fn drawing(&self) -> serde_json::Value;
}

/// What applying an action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The action in canonical notation (as logged).
    pub action: String,
    /// What happened: every event, whatever its audience. Show a viewer only
    /// [`crate::events_seen_by`] of them.
    pub events: Vec<Event>,
    /// True when dice were rolled or hidden information revealed: the action
    /// cannot be undone.
    pub barrier: bool,
}

/// Why an action was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The text is not an action of this game.
    Parse(ParseError),
    /// The rules forbid it.
    Illegal(Illegal),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Parse(e) => e.fmt(f),
            Refusal::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Refusal {}

/// A [`Ruleset`] behind the [`Game`] interface.
pub struct Rules<R: Ruleset>(pub Arc<R>);

impl<R: Ruleset> Game for Rules<R> {
    fn info(&self) -> &GameInfo {
        self.0.info()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Session>, SetupError> {
        Ok(Box::new(Match::new(self.0.clone(), setup)?))
    }
    fn load(&self, record: &GameRecord) -> Result<Box<dyn Session>, LoadError> {
        Ok(Box::new(Match::load(self.0.clone(), record)?))
    }
    fn drawing(&self) -> serde_json::Value {
        self.0.drawing()
    }
    fn validate_scenario(&self, file: &ScenarioFile) -> Result<ScenarioInfo, DataErrors> {
        let game = self.scenario_game(file)?;
        Ok(game.scenarios.into_iter().next().expect("scenario_game checks there is one"))
    }
    fn scenario_game(&self, file: &ScenarioFile) -> Result<GameInfo, DataErrors> {
        let rules = Arc::new(self.0.with_scenario(file)?);
        if rules.info().scenarios.is_empty() {
            return Err(DataErrors::one(DataError::new(
                file.name.clone(),
                Text::fixed("the file names no scenario", "в файле нет сценария"),
            )));
        }
        // Playable: a game sets up from it with the default options.
        let setup = Setup { scenario_file: Some(file.clone()), ..Setup::seeded(0) };
        let info = rules.info().clone();
        Match::new(rules, &setup).map_err(|e| {
            if e.problems.is_empty() {
                DataErrors::one(DataError::new(file.name.clone(), e.text))
            } else {
                DataErrors(e.problems)
            }
        })?;
        Ok(info)
    }
}

/// The ruleset value a set-up is played on: `rules` itself for its own
/// built-in scenario, the game's value for another built-in one
/// ([`Ruleset::builtin`]), or the same rules on the set-up's scenario file
/// ([`Ruleset::with_scenario`]). Reuses `rules` when they were already made
/// from that very file (undo and reload do not parse it again). Cost: for a
/// new file, one parse and validation of it.
///
/// # Errors
/// Every problem in the scenario file.
pub fn ruleset_for<R: Ruleset>(rules: &Arc<R>, setup: &Setup) -> Result<Arc<R>, DataErrors> {
    let Some(file) = &setup.scenario_file else {
        // Another built-in scenario than the value's own (listed first).
        let own = rules.info().scenarios.first().map(|s| s.id.as_str());
        return Ok(match setup.scenario.as_deref() {
            Some(id) if Some(id) != own => rules.builtin(id).unwrap_or_else(|| rules.clone()),
            _ => rules.clone(),
        });
    };
    let sha = file.sha256();
    let scenarios = &rules.info().scenarios;
    if scenarios.len() == 1 && scenarios[0].sha256 == sha {
        return Ok(rules.clone());
    }
    Ok(Arc::new(rules.with_scenario(file)?))
}

/// The state a resolved set-up starts from: its position (a state as JSON)
/// once [`Ruleset::validate`] accepts it, else the scenario's
/// [`Ruleset::setup`]. Every way a game starts (matches, playouts, self-play)
/// goes through it.
///
/// # Errors
/// The set-up's own, or a position that is not a state of this game or an
/// impossible one: every problem named with where it is.
pub fn initial_state<R: Ruleset>(rules: &R, setup: &Setup) -> Result<R::State, SetupError> {
    let Some(position) = &setup.position else { return rules.setup(setup) };
    let id = &rules.info().id;
    let state: R::State = serde_json::from_value(position.clone()).map_err(|e| {
        SetupError::new(Text::new(
            format!("the position is not a {id} state: {e}"),
            format!("позиция — не состояние игры {id}: {e}"),
        ))
    })?;
    rules.validate(&state).map_err(|problems| {
        let lines = |ru: bool| {
            problems
                .iter()
                .map(|p| format!("\n  {}: {}", p.at, if ru { &p.text.ru } else { &p.text.en }))
                .collect::<String>()
        };
        SetupError::new(Text::new(
            format!("the position is impossible:{}", lines(false)),
            format!("позиция невозможна:{}", lines(true)),
        ))
    })?;
    Ok(state)
}

/// A match of one typed ruleset: the state, the set-up and the log.
pub struct Match<R: Ruleset> {
    rules: Arc<R>,
    setup: Setup,
    state: R::State,
    log: Vec<LogEntry>,
    /// Per log entry: did it cross the undo barrier?
    barriers: Vec<bool>,
}

impl<R: Ruleset> Clone for Match<R> {
    fn clone(&self) -> Self {
        Match {
            rules: self.rules.clone(),
            setup: self.setup.clone(),
            state: self.state.clone(),
            log: self.log.clone(),
            barriers: self.barriers.clone(),
        }
    }
}

impl<R: Ruleset> Match<R> {
    /// A new match.
    ///
    /// # Errors
    /// See [`Game::start`].
    pub fn new(rules: Arc<R>, setup: &Setup) -> Result<Match<R>, SetupError> {
        let rules = ruleset_for(&rules, setup)?;
        let setup = rules.info().resolve(setup)?;
        let state = initial_state(rules.as_ref(), &setup)?;
        Ok(Match { rules, setup, state, log: Vec::new(), barriers: Vec::new() })
    }

    /// A match replayed from a game file.
    ///
    /// # Errors
    /// See [`LoadError`].
    pub fn load(rules: Arc<R>, record: &GameRecord) -> Result<Match<R>, LoadError> {
        let m = Match::replay(rules, record)?;
        let actual = state_hash(&m.state);
        if actual != record.state_hash {
            return Err(LoadError::HashMismatch { expected: record.state_hash.clone(), actual });
        }
        Ok(m)
    }

    /// Replays a record's log without checking its hash (for `replay` to show
    /// where a damaged file diverges).
    ///
    /// # Errors
    /// Every [`LoadError`] but `HashMismatch`.
    pub fn replay(rules: Arc<R>, record: &GameRecord) -> Result<Match<R>, LoadError> {
        let info = rules.info();
        if record.format != FORMAT {
            return Err(LoadError::Json(format!("format is {:?}, expected {FORMAT:?}", record.format)));
        }
        if record.game != info.id {
            return Err(LoadError::WrongGame { found: record.game.clone() });
        }
        if record.rules_version != info.rules_version {
            return Err(LoadError::RulesVersion {
                found: record.rules_version.clone(),
                expected: info.rules_version.clone(),
            });
        }
        check_scenario_hash(info, &record.setup)?;
        let rules = ruleset_for(&rules, &record.setup).map_err(LoadError::Scenario)?;
        let mut m = Match::new(rules.clone(), &record.setup).map_err(LoadError::Setup)?;
        for (index, entry) in record.log.iter().enumerate() {
            let Some(seat) = rules.info().seat(&entry.seat) else {
                return Err(LoadError::Entry {
                    index,
                    text: Text::new(format!("no seat {:?}", entry.seat), format!("нет места {:?}", entry.seat)),
                });
            };
            m.apply_text(seat, &entry.action, &mut Events::off()).map_err(|r| LoadError::Entry {
                index,
                text: match r {
                    Refusal::Parse(p) => p.text,
                    Refusal::Illegal(i) => {
                        Text::new(format!("[{}] {}", i.rule, i.text.en), format!("[{}] {}", i.rule, i.text.ru))
                    }
                },
            })?;
        }
        Ok(m)
    }

    /// The ruleset (made from the scenario file when the set-up has one).
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The current state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// Applies a typed action, logging it.
    ///
    /// # Errors
    /// [`Illegal`]; nothing changes.
    pub fn apply_action(&mut self, seat: Seat, action: R::Action, events: &mut Events) -> Result<bool, Illegal> {
        // The undo barrier, derived: a die rolled, or an event revealed
        // something hidden to anyone (`Events::reveal`).
        let dice = self.rules.dice_position(&self.state);
        events.take_revealed();
        self.rules.try_apply(&mut self.state, seat, action, events)?;
        let barrier = dice != self.rules.dice_position(&self.state) || !events.take_revealed().is_empty();
        self.log
            .push(LogEntry { seat: self.rules.info().seat_id(seat).to_owned(), action: self.rules.notation(action) });
        self.barriers.push(barrier);
        Ok(barrier)
    }

    fn apply_text(&mut self, seat: Seat, text: &str, events: &mut Events) -> Result<bool, Refusal> {
        let action = self.rules.parse(text).map_err(Refusal::Parse)?;
        self.apply_action(seat, action, events).map_err(Refusal::Illegal)
    }
}

/// A record naming a scenario hash must find that data: the embedded file's
/// text, or the built-in scenario of that id, must still hash the same.
fn check_scenario_hash(info: &GameInfo, setup: &Setup) -> Result<(), LoadError> {
    let Some(expected) = &setup.scenario_sha256 else {
        return Ok(());
    };
    let (scenario, actual) = match &setup.scenario_file {
        Some(file) => (file.name.clone(), file.sha256()),
        None => {
            let s = match &setup.scenario {
                Some(id) => info.scenarios.iter().find(|s| &s.id == id),
                None => info.scenarios.first(),
            };
            // An unknown id is the set-up's error, reported by `resolve`.
            let Some(s) = s else { return Ok(()) };
            (s.id.clone(), s.sha256.clone())
        }
    };
    if &actual != expected {
        return Err(LoadError::ScenarioChanged { scenario, expected: expected.clone(), actual });
    }
    Ok(())
}

impl<R: Ruleset> Session for Match<R> {
    fn info(&self) -> &GameInfo {
        self.rules.info()
    }
    fn setup(&self) -> &Setup {
        &self.setup
    }
    fn to_act(&self) -> ToAct {
        self.rules.to_act(&self.state)
    }
    fn legal(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.rules.legal_actions(&self.state, seat, &mut out);
        out.into_iter().map(|a| self.rules.notation(a)).collect()
    }
    fn legal_hinted(&self, seat: Seat) -> Vec<LegalAction> {
        let mut out = Vec::new();
        self.rules.legal_actions(&self.state, seat, &mut out);
        out.into_iter()
            .map(|a| LegalAction {
                action: self.rules.notation(a),
                label: self.rules.label(a),
                hint: self.rules.hint(&self.state, a),
                forecast: self.rules.forecast(&self.state, seat, a),
            })
            .collect()
    }
    fn label(&self, action: &str) -> Option<Text> {
        self.rules.parse(action).ok().map(|a| self.rules.label(a))
    }
    fn idle(&self, seat: Seat) -> Vec<(String, Illegal)> {
        self.rules.idle(&self.state, seat)
    }
    fn forecast(&self, seat: Seat, action: &str) -> Result<Option<Forecast>, Refusal> {
        let action = self.rules.parse(action).map_err(Refusal::Parse)?;
        // Legal only if `try_apply` takes it: the same checks as play.
        let mut scratch = self.state.clone();
        self.rules.try_apply(&mut scratch, seat, action, &mut Events::off()).map_err(Refusal::Illegal)?;
        Ok(self.rules.forecast(&self.state, seat, action))
    }
    fn seats(&self) -> SeatSet {
        self.rules.seats(&self.state)
    }
    fn may_act(&self) -> SeatSet {
        self.rules.may_act(&self.state)
    }
    fn apply(&mut self, seat: Seat, action: &str) -> Result<Applied, Refusal> {
        let mut events = Events::recording();
        let barrier = self.apply_text(seat, action, &mut events)?;
        let action = self.log.last().map(|e| e.action.clone()).unwrap_or_default();
        Ok(Applied { action, events: events.take(), barrier })
    }
    fn undo_refusal(&self, seat: Seat) -> Option<Text> {
        let seat_id = self.rules.info().seat_id(seat);
        match (self.log.last(), self.barriers.last()) {
            (None, _) | (_, None) => Some(Text::fixed("nothing to undo", "нечего отменять")),
            (Some(e), _) if e.seat != seat_id => {
                Some(Text::fixed("the last action is not yours", "последнее действие сделано не вами"))
            }
            (_, Some(true)) => Some(Text::fixed(
                "the last action rolled dice or revealed hidden information; it stands",
                "последнее действие бросило кубики или открыло скрытые сведения; его нельзя отменить",
            )),
            _ => None,
        }
    }
    fn undo(&mut self, seat: Seat) -> Result<(), Text> {
        if let Some(why) = self.undo_refusal(seat) {
            return Err(why);
        }
        // Rebuild from the set-up: O(game length), and exact by the
        // determinism contract; no snapshot history lives in the state.
        let record = GameRecord { log: self.log[..self.log.len() - 1].to_vec(), ..self.record() };
        *self = Match::replay(self.rules.clone(), &record).map_err(|e| Text::new(e.to_string(), e.to_string()))?;
        Ok(())
    }
    fn view(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(self.rules.view(&self.state, viewer)).unwrap_or(serde_json::Value::Null)
    }
    fn render(&self, viewer: Viewer, lang: &str) -> String {
        self.rules.render(&self.state, viewer, lang)
    }
    fn log(&self) -> &[LogEntry] {
        &self.log
    }
    fn log_seen_by(&self, viewer: Viewer) -> Vec<Option<LogEntry>> {
        let info = self.rules.info();
        self.log
            .iter()
            .map(|e| {
                let action = match (self.rules.parse(&e.action), info.seat(&e.seat)) {
                    (Ok(a), Some(actor)) => self.rules.log_text(a, actor, viewer)?,
                    _ => e.action.clone(),
                };
                Some(LogEntry { seat: e.seat.clone(), action })
            })
            .collect()
    }
    fn replay_events(&self) -> Vec<(LogEntry, Vec<Event>)> {
        let mut m = match Match::new(self.rules.clone(), &self.setup) {
            Ok(m) => m,
            Err(_) => return Vec::new(),
        };
        let mut out = Vec::new();
        for entry in &self.log {
            let mut events = Events::recording();
            let Some(seat) = self.rules.info().seat(&entry.seat) else {
                break;
            };
            if m.apply_text(seat, &entry.action, &mut events).is_err() {
                break;
            }
            out.push((entry.clone(), events.take()));
        }
        out
    }
    fn record(&self) -> GameRecord {
        GameRecord {
            format: FORMAT.to_owned(),
            game: self.rules.info().id.clone(),
            rules_version: self.rules.info().rules_version.clone(),
            setup: self.setup.clone(),
            log: self.log.clone(),
            state_hash: state_hash(&self.state),
            dice: None,
        }
    }
    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn position(&self) -> serde_json::Value {
        serde_json::to_value(&self.state).unwrap_or(serde_json::Value::Null)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn drawing(&self) -> serde_json::Value {
        self.rules.drawing()
    }
}
