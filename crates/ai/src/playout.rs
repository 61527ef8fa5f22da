//! One game between bots, from set-up to the end.

use crate::{Bot, Infoset};
use sandtable_core::{Events, Illegal, Outcome, Ruleset, Seat, Setup, SetupError, ToAct};
use serde::Serialize;
use std::fmt;

/// How a finished playout ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// The game's outcome.
    pub outcome: Outcome,
    /// Decisions made (actions applied).
    pub decisions: usize,
}

/// Why a playout did not finish. Every variant but `Setup` is an engine or
/// bot bug, and names the game, seed and step to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlayoutError {
    /// The set-up was refused.
    Setup {
        /// The game id.
        game: String,
        /// The set-up's seed.
        seed: u64,
        /// Why, both languages.
        error: String,
    },
    /// A seat must act but has no legal action.
    DeadEnd {
        /// The game id.
        game: String,
        /// The set-up's seed.
        seed: u64,
        /// Decisions made before.
        step: usize,
        /// The seat id.
        seat: String,
    },
    /// The game did not end within the step limit (a loop).
    StepLimit {
        /// The game id.
        game: String,
        /// The set-up's seed.
        seed: u64,
        /// The limit.
        steps: usize,
    },
    /// An action the bot chose from the legal list was refused: the legal
    /// actions and `try_apply` disagree.
    Refused {
        /// The game id.
        game: String,
        /// The set-up's seed.
        seed: u64,
        /// Decisions made before.
        step: usize,
        /// The seat id.
        seat: String,
        /// The action in notation.
        action: String,
        /// The refusal, both languages.
        error: String,
    },
    /// No bot was given for a seat that must act.
    NoBot {
        /// The game id.
        game: String,
        /// The seat id.
        seat: String,
    },
    /// The rules panicked (caught by [`crate::selfplay`]).
    Panic {
        /// The game id.
        game: String,
        /// The set-up's seed.
        seed: u64,
        /// The panic message.
        message: String,
    },
}

impl fmt::Display for PlayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayoutError::Setup { game, seed, error } => {
                write!(f, "{game} seed {seed}: set-up refused / подготовка отклонена: {error}")
            }
            PlayoutError::DeadEnd { game, seed, step, seat } => write!(
                f,
                "{game} seed {seed} step {step}: {seat} must act but has no legal action / {seat} должен ходить, но допустимых действий нет"
            ),
            PlayoutError::StepLimit { game, seed, steps } => {
                write!(f, "{game} seed {seed}: no end after {steps} decisions / игра не закончилась за {steps} решений")
            }
            PlayoutError::Refused { game, seed, step, seat, action, error } => write!(
                f,
                "{game} seed {seed} step {step}: legal action {action:?} of {seat} refused / допустимое действие отклонено: {error}"
            ),
            PlayoutError::NoBot { game, seat } => write!(f, "{game}: no bot for seat {seat} / нет бота для места {seat}"),
            PlayoutError::Panic { game, seed, message } => {
                write!(f, "{game} seed {seed}: the rules panicked / правила аварийно завершились: {message}")
            }
        }
    }
}

impl std::error::Error for PlayoutError {}

/// Plays one game from `setup` to the end; `bots[i]` plays seat `i`.
///
/// When several seats owe a decision at once (a simultaneous choice), the
/// lowest seat decides first, then the next, so a bot never sees another's
/// secret choice before making its own (the state hides it; bots only get
/// the state through the rules anyway).
///
/// Events are off, so the game's message closures never run. Cost: per
/// decision one `to_act`, one `legal_actions` and one `try_apply`.
///
/// # Errors
/// See [`PlayoutError`].
pub fn playout<R: Ruleset>(
    rules: &R,
    setup: &Setup,
    bots: &mut [Box<dyn Bot<R>>],
    max_steps: usize,
) -> Result<PlayoutResult, PlayoutError> {
    let info = rules.info();
    let game = || info.id.clone();
    let seed = setup.seed;
    let setup_err = |e: SetupError| PlayoutError::Setup { game: game(), seed, error: e.to_string() };
    let resolved = info.resolve(setup).map_err(setup_err)?;
    let mut state = sandtable_core::initial_state(rules, &resolved).map_err(setup_err)?;
    let mut legal: Vec<R::Action> = Vec::new();
    let mut events = Events::off();
    for step in 0..=max_steps {
        let seats = match rules.to_act(&state) {
            ToAct::Over(outcome) => return Ok(PlayoutResult { outcome, decisions: step }),
            ToAct::Seats(s) => s,
        };
        if step == max_steps {
            break;
        }
        // The first owing seat in seat order; the others answer on later steps.
        let Some(seat) = seats.iter().next() else {
            return Err(PlayoutError::DeadEnd { game: game(), seed, step, seat: "(none)".into() });
        };
        let seat_id = || info.seat_id(seat).to_owned();
        legal.clear();
        rules.legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            return Err(PlayoutError::DeadEnd { game: game(), seed, step, seat: seat_id() });
        }
        let bot = bots.get_mut(seat.index()).ok_or_else(|| PlayoutError::NoBot { game: game(), seat: seat_id() })?;
        let action = bot.choose(&Infoset::new(rules, &state, seat, &legal));
        if let Err(e) = rules.try_apply(&mut state, seat, action, &mut events) {
            return Err(refused(rules, seed, step, seat, action, &e));
        }
    }
    Err(PlayoutError::StepLimit { game: game(), seed, steps: max_steps })
}

fn refused<R: Ruleset>(rules: &R, seed: u64, step: usize, seat: Seat, action: R::Action, e: &Illegal) -> PlayoutError {
    PlayoutError::Refused {
        game: rules.info().id.clone(),
        seed,
        step,
        seat: rules.info().seat_id(seat).to_owned(),
        action: rules.notation(action),
        error: e.to_string(),
    }
}
