//! The game file: everything needed to replay a game, and a hash of the
//! result so a tampered or corrupt file is detected.

use crate::provable::DiceProof;
use crate::{DataErrors, Setup, SetupError, Text};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The `format` field of files this version writes.
pub const FORMAT: &str = "sandtable-game/1";

/// One decision in the log: who, and the action in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The seat id (`axis`).
    pub seat: String,
    /// The action (`move pr8-1 M8`).
    pub action: String,
}

/// A game file (JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game id (`totensonntag`).
    pub game: String,
    /// The rules version the log was played under.
    pub rules_version: String,
    /// Scenario, options and seed.
    #[serde(flatten)]
    pub setup: Setup,
    /// Every decision, in order.
    pub log: Vec<LogEntry>,
    /// SHA-256 (hex) of the JSON of the state the log leads to.
    pub state_hash: String,
    /// How the seed was drawn, for a game played on a server with provable
    /// dice, once it is over: the commitment every page showed, the
    /// players' shares and the revealed secret ([`DiceProof::check`],
    /// `sandtable verify`). `None` for a file game or a chosen seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceProof>,
}

impl GameRecord {
    /// Reads a game file's text.
    ///
    /// # Errors
    /// [`LoadError::Json`] when the text is not a game file.
    pub fn from_json(text: &str) -> Result<GameRecord, LoadError> {
        let r: GameRecord = serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        if r.format != FORMAT {
            return Err(LoadError::Json(format!("format is {:?}, expected {FORMAT:?}", r.format)));
        }
        Ok(r)
    }
    /// The file's text (pretty JSON, one log entry per line group).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }
}

/// SHA-256 (hex) of a state's JSON. States serialise deterministically, so
/// equal states hash equal. Cost: one serialisation, O(state size).
pub fn state_hash<S: Serialize>(state: &S) -> String {
    let bytes = serde_json::to_vec(state).expect("states serialise");
    let digest = Sha256::digest(&bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a game file could not be loaded. Loading never changes the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a game file (bad JSON, missing field, unknown format).
    Json(String),
    /// The file is for another game.
    WrongGame {
        /// The game the file names.
        found: String,
    },
    /// The file was played under another rules version.
    RulesVersion {
        /// The version the file names.
        found: String,
        /// The version this build runs.
        expected: String,
    },
    /// The set-up is invalid.
    Setup(SetupError),
    /// A log entry does not replay.
    Entry {
        /// Its 0-based position in the log.
        index: usize,
        /// Why.
        text: Text,
    },
    /// The log replays to a different state than the file's hash: the file
    /// was edited or damaged.
    HashMismatch {
        /// The hash in the file.
        expected: String,
        /// The hash of the replayed state.
        actual: String,
    },
    /// The scenario data differs from the data the game was saved with (a
    /// built-in scenario's files were edited, or the embedded scenario file
    /// was): the log cannot be trusted to replay, so it is not tried.
    ScenarioChanged {
        /// The scenario's id (or the embedded file's name).
        scenario: String,
        /// The SHA-256 the record names.
        expected: String,
        /// The SHA-256 of the data now.
        actual: String,
    },
    /// The scenario file embedded in the record is refused by this build's
    /// loader: every problem with its line.
    Scenario(DataErrors),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Json(e) => write!(f, "not a sandtable game file: {e} / не файл партии sandtable: {e}"),
            LoadError::WrongGame { found } => write!(f, "the file is a {found} game / файл партии в {found}"),
            LoadError::RulesVersion { found, expected } => write!(
                f,
                "the file was played under rules {found}, this build runs {expected} / партия сыграна по правилам {found}, а здесь {expected}"
            ),
            LoadError::Setup(e) => write!(f, "bad set-up / неверная подготовка: {e}"),
            LoadError::Entry { index, text } => write!(f, "log entry {} does not replay / ход {} не воспроизводится: {text}", index + 1, index + 1),
            LoadError::HashMismatch { expected, actual } => write!(
                f,
                "state hash mismatch: the file is corrupt or was edited (file {expected}, replay {actual}) / хеш состояния не совпадает: файл повреждён или изменён"
            ),
            LoadError::ScenarioChanged { scenario, expected, actual } => write!(
                f,
                "scenario data changed since this game was saved: {scenario} was SHA-256 {expected}, is now {actual} / данные сценария изменились после сохранения этой партии: {scenario}"
            ),
            LoadError::Scenario(e) => write!(f, "the game's scenario file is refused / файл сценария партии отклонён:\n{e}"),
        }
    }
}

impl std::error::Error for LoadError {}
