//! # sandtable-core
//!
//! The contract between a game's rules and everything that plays them.
//!
//! - [`Ruleset`]: set up from scenario + options + seed, [`ToAct`] (one seat,
//!   several at once, or game over), legal actions, `try_apply` refusing with
//!   the rule broken ([`Illegal`]), a redacted view per seat, canonical
//!   notation.
//! - [`Dice`]: chance inside the state, so seed + log replays exactly;
//!   [`Deck`] and [`Hand`] for card games.
//! - [`Game`] / [`Session`]: any ruleset behind one object-safe, text-speaking
//!   interface for the command line, the engine protocol and the server.
//! - [`GameRecord`]: the JSON game file with a state hash.
//! - [`Heuristics`]: a game's evaluation of positions and rollout policy,
//!   what the bots know of it.
//! - [`conformance`]: the battery every game runs in its tests.
#![deny(missing_docs)]

pub mod conformance;
mod deck;
mod dice;
mod event;
pub mod forecast;
#[cfg(feature = "fuzz")]
pub mod fuzz;
mod heuristics;
mod hint;
mod illegal;
mod outcome;
pub mod plural;
mod position;
pub mod provable;
pub mod record;
mod ruleset;
mod scenario;
mod seat;
mod session;
mod setup;
pub mod testing;
mod text;

pub use deck::{Deck, Hand, MAX_DECK};
pub use dice::Dice;
pub use event::{events_seen_by, Audience, Event, Events, Revealed};
pub use forecast::{Basis, Chance, Forecast};
pub use heuristics::{outcome_value, squash, Heuristics, Overrule};
pub use hint::{Hint, LegalAction};
pub use illegal::{Illegal, ParseError};
pub use outcome::{Outcome, ToAct};
pub use position::{PositionError, PositionErrors};
pub use record::{state_hash, GameRecord, LoadError, LogEntry};
pub use ruleset::{retain_legal, Ruleset};
pub use scenario::{line_of, scenario_hash, DataError, DataErrors, ScenarioFile};
pub use seat::{Seat, SeatSet, Viewer};
pub use session::{initial_state, ruleset_for, Applied, Game, Match, Refusal, Rules, Session};
pub use setup::{GameInfo, OptionInfo, ScenarioInfo, SeatInfo, Setup, SetupError};
pub use text::Text;
