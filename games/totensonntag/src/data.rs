//! The raw data files (`data/map.toml`, `data/scenario.toml`) as read from
//! TOML, before validation. A player who owns the published game can replace
//! them; [`crate::Map::from_data`] and [`crate::Scenario::from_data`] check
//! them and refuse with a precise message.

use serde::Deserialize;

/// The authored map shipped with the crate.
pub const MAP_TOML: &str = include_str!("../data/map.toml");
/// The authored scenario shipped with the crate.
pub const SCENARIO_TOML: &str = include_str!("../data/scenario.toml");

/// `map.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    /// Columns (1-based numbers).
    pub columns: u16,
    /// Rows (letters from A, the south edge).
    pub rows: u16,
    /// Hexes by terrain kind.
    pub terrain: TerrainData,
    /// Named places.
    #[serde(default)]
    pub place: Vec<PlaceData>,
    /// Tracks, drawn only.
    #[serde(default)]
    pub track: Vec<TrackData>,
}

/// Hex lists by terrain kind; every other hex is open desert.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainData {
    /// Rough ground (CCT 6.0).
    #[serde(default)]
    pub rough: Vec<String>,
    /// Escarpment hexes (CCT 6.0, 7.1).
    #[serde(default)]
    pub escarpment: Vec<String>,
    /// Impassable hexes (CCT 6.0).
    #[serde(default)]
    pub impassable: Vec<String>,
    /// Entrenchments (CCT 7.1, 7.4).
    #[serde(default)]
    pub entrenchment: Vec<String>,
    /// Point hexes: key heights (CCT 7.4).
    #[serde(default)]
    pub point: Vec<String>,
}

/// A named place.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceData {
    /// Its hex.
    pub hex: String,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
}

/// A track or road: no rule effect in CC:T, drawn for orientation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackData {
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// A chain of adjacent hexes.
    pub hexes: Vec<String>,
}

/// `scenario.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioData {
    /// Scenario id.
    pub id: String,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Number of game turns (days).
    pub turns: u8,
    /// Formations (divisions) for 9.1.
    pub formation: Vec<FormationData>,
    /// Reinforcement entry groups (6.1).
    #[serde(default)]
    pub entry: Vec<EntryData>,
    /// Units.
    pub unit: Vec<UnitData>,
}

/// A formation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationData {
    /// Id.
    pub id: String,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Which 9.1 shattering rule applies.
    pub role: String,
}

/// A reinforcement entry group: hexes on one map edge.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryData {
    /// Id.
    pub id: String,
    /// `north`, `south`, `east` or `west`.
    pub edge: String,
    /// Entry hexes on that edge.
    pub hexes: Vec<String>,
}

/// When a reinforcement arrives.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArriveData {
    /// Game turn (1 = 19 Nov).
    pub turn: u8,
    /// Impulse pair in that turn, 1-based.
    #[serde(default = "one")]
    pub pair: u8,
    /// Entry group id.
    pub entry: String,
}

fn one() -> u8 {
    1
}

/// A unit.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitData {
    /// Notation code.
    pub code: String,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Formation id.
    pub formation: String,
    /// `german`, `italian`, `british`, `south-african`, `new-zealand`.
    pub nationality: String,
    /// Unit class.
    pub class: String,
    /// Strength points = base attack rating (1.0).
    pub strength: u8,
    /// Defence rating.
    pub defence: u8,
    /// Initiative rating.
    pub initiative: u8,
    /// Bombardment radius (artillery only).
    #[serde(default)]
    pub range: Option<u8>,
    /// Panzer III unit (3.3).
    #[serde(default)]
    pub panzer3: bool,
    /// Carries the "c" index (3.3).
    #[serde(default)]
    pub combined_arms: bool,
    /// M3 Stuart unit (3.4).
    #[serde(default)]
    pub stuart: bool,
    /// Set-up hex.
    #[serde(default)]
    pub setup: Option<String>,
    /// Arrival as a reinforcement.
    #[serde(default)]
    pub arrive: Option<ArriveData>,
}
