//! What a graphical front end needs beyond the rules: a static drawing of
//! the board, and for each legal action the piece it moves and the place it
//! reaches, so a click on a piece can light up where it may go.

use serde::{Deserialize, Serialize};

/// Where an action points on the board. Ids are the ones the game's view
/// and drawing use (a unit code and a hex id; a pawn id and a circle id).
/// An action with neither (end the impulse, play a card from hand) is shown
/// as a button.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// The piece the action is about (clicked first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The place it goes to or targets (clicked second).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// A bookkeeping action that alone does not make its piece something to
    /// do (a Totensonntag stack order): the piece does not glow for it, but
    /// lists it when selected.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub minor: bool,
}

impl Hint {
    /// No board location: a button.
    pub const NONE: Hint = Hint { piece: None, place: None, minor: false };

    /// An action of `piece` towards `place`.
    pub fn to(piece: impl Into<String>, place: impl Into<String>) -> Hint {
        Hint { piece: Some(piece.into()), place: Some(place.into()), minor: false }
    }
    /// An action of `piece` that goes nowhere on the board (exit, top of stack).
    pub fn piece(piece: impl Into<String>) -> Hint {
        Hint { piece: Some(piece.into()), place: None, minor: false }
    }
    /// A bookkeeping action of `piece` (see [`Hint::minor`]).
    pub fn minor(piece: impl Into<String>) -> Hint {
        Hint { piece: Some(piece.into()), place: None, minor: true }
    }
    /// An action on `place` alone (deploy a marker there).
    pub fn place(place: impl Into<String>) -> Hint {
        Hint { piece: None, place: Some(place.into()), minor: false }
    }
}

/// A legal action as a front end lists it: its notation, its [`Hint`] and,
/// when it rolls dice, its odds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegalAction {
    /// Canonical notation: what to submit.
    pub action: String,
    /// Where it points on the board.
    #[serde(flatten)]
    pub hint: Hint,
    /// How a player reads it ([`crate::Ruleset::label`]).
    pub label: crate::Text,
    /// Its odds ([`crate::Ruleset::forecast`]), for an action that rolls dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forecast: Option<crate::Forecast>,
}
