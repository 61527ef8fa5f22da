//! Who must decide now, and how a finished game ended.

use crate::{SeatSet, Text};
use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The seats that won (several for shared wins; empty for a draw).
    pub winners: SeatSet,
    /// A one-line result, e.g. "Allies win, 2 VP".
    pub text: Text,
}

/// Who must decide now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ToAct {
    /// These seats each owe a decision. Several at once means a simultaneous
    /// (often secret) choice: any of them may answer first.
    Seats(SeatSet),
    /// Nobody: the game is over.
    Over(Outcome),
}

impl ToAct {
    /// The seats that must act (empty when the game is over).
    pub fn seats(&self) -> SeatSet {
        match self {
            ToAct::Seats(s) => *s,
            ToAct::Over(_) => SeatSet::EMPTY,
        }
    }
}
