//! # Connect Four
//!
//! A reference game: Connect Four (7 columns × 6 rows, four in a row wins)
//! implemented through the same [`Ruleset`] contract as the wargames, so that
//! this project's bots and random playouts can be measured beside
//! OpenSpiel's on the very same game (`scripts/openspiel/compare.sh`). It is
//! kept out of the player-facing lobby.
//!
//! Costs: the [`State`] is two `u64` bitboards, seven heights, the side to
//! move and the [`Dice`] — a clone is a copy of about 340 bytes, no heap.
//! `legal_actions` appends at most seven actions without allocating (once
//! the vector has room); `try_apply` is a check and three writes; `to_act`
//! is a few dozen bit operations ([`board`]).
#![deny(missing_docs)]

mod action;
pub mod board;
mod heuristics;
mod position;
mod render;
mod state;
mod view;

/// The README's code examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use action::Action;
pub use state::{Side, State, Status};
pub use view::View;

use sandtable_core::{
    Dice, Events, GameInfo, Hint, Illegal, Outcome, ParseError, PositionError, Ruleset, ScenarioInfo, Seat, SeatInfo,
    SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};

/// The rules version written into game files.
pub const RULES_VERSION: &str = "connect-four-1";

/// What the one built-in "scenario" is: the board. Its hash is the scenario's.
const BOARD_SPEC: &str = "connect-four: 7 columns x 6 rows, four in a row";

/// The game. Holds only its [`GameInfo`]: the board is the rules.
#[derive(Clone, Debug)]
pub struct ConnectFour {
    info: GameInfo,
}

impl Default for ConnectFour {
    fn default() -> ConnectFour {
        ConnectFour::standard()
    }
}

/// Why an action is refused, without allocating: legal-action generation
/// runs the same checks as `try_apply`, which turns a refusal into an
/// [`Illegal`] only when it refuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Refusal {
    /// A seat past yellow's (C4 1).
    NoSuchSeat,
    /// The other side is to move (C4 2).
    NotYourTurn,
    /// The column is full (C4 3).
    Full(u8),
    /// The game is over (C4 6).
    Over,
}

impl Refusal {
    fn illegal(self) -> Illegal {
        match self {
            Refusal::NoSuchSeat => Illegal::fixed(
                "C4 1",
                "no such seat: Connect Four is played by red and yellow",
                "нет такого места: в «Четыре в ряд» играют красные и жёлтые",
            ),
            Refusal::NotYourTurn => Illegal::fixed("C4 2", "it is not your turn", "сейчас не ваш ход"),
            Refusal::Full(n) => {
                Illegal::new("C4 3", Text::new(format!("column {n} is full"), format!("столбец {n} заполнен")))
            }
            Refusal::Over => Illegal::fixed("C4 6", "the game is over", "партия окончена"),
        }
    }
}

impl ConnectFour {
    /// The game on the standard 7 × 6 board.
    pub fn standard() -> ConnectFour {
        let info = GameInfo {
            id: "connect-four".into(),
            name: Text::fixed("Connect Four", "Четыре в ряд"),
            rules_version: RULES_VERSION.into(),
            seats: Side::ALL.iter().map(|&s| SeatInfo { id: s.name().en.to_lowercase(), name: s.name() }).collect(),
            scenarios: vec![ScenarioInfo {
                id: "standard".into(),
                name: Text::fixed("7 × 6 board", "доска 7 × 6"),
                authored: false,
                sha256: sandtable_core::scenario_hash(&[BOARD_SPEC]),
            }],
            options: Vec::new(),
        };
        ConnectFour { info }
    }

    /// The side `seat` plays, if it may drop a disc now (C4 1, C4 2, C4 6).
    #[inline]
    fn check_turn(s: &State, seat: Seat) -> Result<Side, Refusal> {
        let side = Side::of_seat(seat).ok_or(Refusal::NoSuchSeat)?;
        match s.status() {
            Status::Playing(due) if due == side => Ok(side),
            Status::Playing(_) => Err(Refusal::NotYourTurn),
            Status::Won(_) | Status::Drawn => Err(Refusal::Over),
        }
    }

    /// Whether the column has room (C4 3).
    #[inline]
    fn check_column(s: &State, a: Action) -> Result<(), Refusal> {
        if s.open(a.index()) {
            Ok(())
        } else {
            Err(Refusal::Full(a.number()))
        }
    }

    /// Checks an action without changing anything: the same checks filter
    /// the candidates of [`Ruleset::legal_actions`].
    ///
    /// # Errors
    /// The rule broken.
    pub fn check(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        Self::check_turn(s, seat).and_then(|_| Self::check_column(s, a)).map_err(Refusal::illegal)
    }

    /// The outcome of a finished game.
    fn outcome(status: Status) -> Option<Outcome> {
        match status {
            Status::Playing(_) => None,
            Status::Won(side) => Some(Outcome {
                winners: SeatSet::one(side.seat()),
                text: match side {
                    Side::Red => Text::fixed("Red wins: four in a row", "Победили красные: четыре в ряд"),
                    Side::Yellow => Text::fixed("Yellow wins: four in a row", "Победили жёлтые: четыре в ряд"),
                },
            }),
            Status::Drawn => Some(Outcome {
                winners: SeatSet::EMPTY,
                text: Text::fixed("Draw: the board is full", "Ничья: доска заполнена"),
            }),
        }
    }
}

impl Ruleset for ConnectFour {
    type State = State;
    type Action = Action;
    type View = View;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn validate(&self, s: &State) -> Result<(), Vec<PositionError>> {
        position::validate(s)
    }

    fn setup(&self, setup: &Setup) -> Result<State, SetupError> {
        Ok(State::new(Dice::from_seed(setup.seed)))
    }

    fn to_act(&self, s: &State) -> ToAct {
        let status = s.status();
        match ConnectFour::outcome(status) {
            Some(outcome) => ToAct::Over(outcome),
            None => ToAct::Seats(SeatSet::one(s.to_move.seat())),
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if Self::check_turn(s, seat).is_err() {
            return;
        }
        out.extend(Action::ALL.into_iter().filter(|&a| Self::check_column(s, a).is_ok()));
    }

    fn try_apply(&self, s: &mut State, seat: Seat, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        let side = Self::check_turn(s, seat).map_err(Refusal::illegal)?;
        Self::check_column(s, a).map_err(Refusal::illegal)?;
        s.drop_disc(a.index());
        if ev.is_on() {
            let (n, row) = (a.number(), s.heights[a.index()]);
            ev.say("C4 3", || {
                Text::new(
                    format!("{} drops a disc into column {n} (row {row})", side.name().en),
                    format!("{} бросают фишку в столбец {n} (ряд {row})", side.name().ru),
                )
            });
            match s.status() {
                Status::Won(w) => ev.say("C4 4", || {
                    Text::new(
                        format!("{}: four in a row, the game is won", w.name().en),
                        format!("{}: четыре в ряд, партия выиграна", w.name().ru),
                    )
                }),
                Status::Drawn => ev.say("C4 5", || Text::fixed("the board is full: a draw", "доска заполнена: ничья")),
                Status::Playing(_) => {}
            }
        }
        Ok(())
    }

    fn view(&self, s: &State, _viewer: Viewer) -> View {
        View::of(s)
    }

    fn notation(&self, a: Action) -> String {
        a.notation()
    }

    fn parse(&self, text: &str) -> Result<Action, ParseError> {
        Action::parse(text)
    }

    fn dice<'s>(&self, s: &'s State) -> &'s Dice {
        &s.dice
    }

    fn dice_mut<'s>(&self, s: &'s mut State) -> &'s mut Dice {
        &mut s.dice
    }

    /// Nothing on the board is hidden: the same position, with only the
    /// dice to come (never rolled here) redrawn from `seed`, as every game
    /// does. Costs one SHA-256 of eight bytes (the dice's key).
    fn resample_hidden(&self, s: &State, _viewer: Viewer, seed: u64) -> State {
        State {
            discs: s.discs,
            heights: s.heights,
            to_move: s.to_move,
            dice: Dice::from_seed(seed ^ 0x9e37_79b9_7f4a_7c15),
        }
    }

    fn hint(&self, _s: &State, a: Action) -> Hint {
        Hint::place(format!("c{}", a.number()))
    }

    fn drawing(&self) -> serde_json::Value {
        serde_json::json!({
            "columns": board::COLUMNS,
            "rows": board::ROWS,
            "places": Action::ALL.iter().map(|a| format!("c{}", a.number())).collect::<Vec<_>>(),
        })
    }

    fn render(&self, s: &State, _viewer: Viewer, lang: &str) -> String {
        render::render(s, lang)
    }
}
