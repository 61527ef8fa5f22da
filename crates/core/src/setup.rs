//! What a game offers (seats, scenarios, options) and what a new game asks
//! for (scenario, options, seed).

use crate::{DataError, DataErrors, ScenarioFile, Text};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A seat a game has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The id used in notation, files and commands (`axis`).
    pub id: String,
    /// Its name.
    pub name: Text,
}

/// A scenario a game has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    /// Its id (`sidi-rezegh-1941`).
    pub id: String,
    /// Its name.
    pub name: Text,
    /// True when its data (map, order of battle, cards) was authored by this
    /// project rather than taken from the published game.
    pub authored: bool,
    /// SHA-256 (hex) of the data it is built from ([`crate::scenario_hash`]):
    /// a game record names it, so a record made before the data changed is
    /// refused plainly. Empty when the game does not say.
    #[serde(default)]
    pub sha256: String,
}

/// An option a game takes at set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The key (`impulse-pairs`).
    pub key: String,
    /// The values it accepts.
    pub values: Vec<String>,
    /// The value when not given.
    pub default: String,
    /// What it does.
    pub text: Text,
}

/// A game's card: who plays, what scenarios and options there are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    /// The id used on the command line and in files (`totensonntag`).
    pub id: String,
    /// Its name.
    pub name: Text,
    /// The rules version; a game file made under another version is refused.
    pub rules_version: String,
    /// Every seat the game can have, in seat order.
    pub seats: Vec<SeatInfo>,
    /// The scenarios; the first is the default.
    pub scenarios: Vec<ScenarioInfo>,
    /// The options.
    pub options: Vec<OptionInfo>,
}

impl GameInfo {
    /// The seat whose id is `id` (case-insensitive).
    pub fn seat(&self, id: &str) -> Option<crate::Seat> {
        self.seats.iter().position(|s| s.id.eq_ignore_ascii_case(id.trim())).map(|i| crate::Seat::new(i as u8))
    }
    /// The id of `seat` (`"?"` when out of range).
    pub fn seat_id(&self, seat: crate::Seat) -> &str {
        self.seats.get(seat.index()).map_or("?", |s| &s.id)
    }
    /// Checks a set-up request against the scenarios and options this game
    /// offers and fills in defaults: unknown scenario, unknown option key and
    /// a value outside the offered list are precise errors.
    pub fn resolve(&self, setup: &Setup) -> Result<Setup, SetupError> {
        let scenario = match &setup.scenario {
            None => self.scenarios.first(),
            Some(id) => match self.scenarios.iter().find(|s| &s.id == id) {
                Some(s) => Some(s),
                None => {
                    return Err(SetupError::new(Text::new(
                        format!(
                            "unknown scenario {id:?}; {} has: {}",
                            self.id,
                            self.scenarios.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ")
                        ),
                        format!(
                            "нет сценария {id:?}; есть: {}",
                            self.scenarios.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ")
                        ),
                    )))
                }
            },
        };
        let sha256 = scenario.map(|s| s.sha256.clone()).filter(|h| !h.is_empty());
        if let (Some(want), Some(have)) = (&setup.scenario_sha256, &sha256) {
            if want != have {
                return Err(SetupError::new(Text::fixed(
                    "scenario data changed since this game was saved",
                    "данные сценария изменились после сохранения этой партии",
                )));
            }
        }
        let scenario = scenario.map(|s| s.id.clone());
        let mut options = BTreeMap::new();
        for (k, v) in &setup.options {
            let Some(info) = self.options.iter().find(|o| &o.key == k) else {
                return Err(SetupError::new(Text::new(
                    format!(
                        "unknown option {k:?}; {} takes: {}",
                        self.id,
                        self.options.iter().map(|o| o.key.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                    format!(
                        "нет параметра {k:?}; есть: {}",
                        self.options.iter().map(|o| o.key.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                )));
            };
            if !info.values.iter().any(|x| x == v) {
                return Err(SetupError::new(Text::new(
                    format!("option {k} cannot be {v:?}; allowed: {}", info.values.join(", ")),
                    format!("параметр {k} не может быть {v:?}; допустимо: {}", info.values.join(", ")),
                )));
            }
            options.insert(k.clone(), v.clone());
        }
        for o in &self.options {
            options.entry(o.key.clone()).or_insert_with(|| o.default.clone());
        }
        Ok(Setup {
            scenario,
            options,
            seed: setup.seed,
            scenario_file: setup.scenario_file.clone(),
            scenario_sha256: sha256,
            position: setup.position.clone(),
        })
    }
}

/// What a new game is made from. With the game's rules version and the
/// action log, this is everything needed to replay it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The scenario id; `None` means the game's first.
    #[serde(default)]
    pub scenario: Option<String>,
    /// Option values by key; missing keys take their defaults.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The seed of the dice.
    pub seed: u64,
    /// A user's scenario file the game is played on, embedded whole (in a
    /// game record too); `None` for a built-in scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_file: Option<ScenarioFile>,
    /// SHA-256 of the scenario's data (see [`ScenarioInfo::sha256`]),
    /// filled in by [`GameInfo::resolve`]. A record naming a hash the data
    /// no longer has is refused ([`crate::LoadError::ScenarioChanged`]).
    /// Records written before it existed omit it and are not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_sha256: Option<String>,
    /// A position to start from instead of the scenario's set-up: a state of
    /// the game as JSON (its dice included, so the seed plays no part),
    /// checked by [`crate::Ruleset::validate`]. A game record embeds it, so
    /// the game replays from exactly that position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<serde_json::Value>,
}

impl Setup {
    /// The default scenario and options with this seed.
    pub fn seeded(seed: u64) -> Setup {
        Setup { seed, ..Setup::default() }
    }
    /// This set-up with one more option.
    #[must_use]
    pub fn with_option(mut self, key: &str, value: &str) -> Setup {
        self.options.insert(key.to_owned(), value.to_owned());
        self
    }
    /// This set-up started from a position (a state as JSON).
    #[must_use]
    pub fn with_position(mut self, position: serde_json::Value) -> Setup {
        self.position = Some(position);
        self
    }
    /// This set-up played on a user's scenario file.
    #[must_use]
    pub fn with_scenario_file(mut self, file: ScenarioFile) -> Setup {
        self.scenario = None;
        self.scenario_file = Some(file);
        self
    }
    /// The value of an option (after [`GameInfo::resolve`] every offered key is present).
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupError {
    /// What is wrong.
    pub text: Text,
    /// When the scenario's data is at fault: every problem, each with its
    /// file and line (`text` then lists them too).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<DataError>,
}

impl SetupError {
    /// A set-up error.
    pub fn new(text: Text) -> SetupError {
        SetupError { text, problems: Vec::new() }
    }
}

impl From<DataErrors> for SetupError {
    /// The scenario data is refused: a summary line, then one line per problem.
    fn from(e: DataErrors) -> SetupError {
        let lines = |lang: &str| e.lines_in(lang).join("\n");
        SetupError {
            text: Text::new(
                format!("the scenario file is not playable:\n{}", lines("en")),
                format!("файл сценария непригоден для игры:\n{}", lines("ru")),
            ),
            problems: e.0,
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text)
    }
}

impl std::error::Error for SetupError {}
