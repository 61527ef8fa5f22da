//! The raw data files (`data/map.toml`, `data/scenario.toml`, or one
//! scenario file holding both: the scenario keys plus a `[map]` table) as
//! read from TOML, before validation. The values a check refuses keep their
//! place in the file ([`Spanned`]) so every problem names its line.

use serde::Deserialize;
use toml::Spanned;

/// The authored map shipped with the crate.
pub const MAP_TOML: &str = include_str!("../data/map.toml");
/// The authored scenario shipped with the crate.
pub const SCENARIO_TOML: &str = include_str!("../data/scenario.toml");

/// `map.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    /// Columns (1-based numbers).
    pub columns: Spanned<u16>,
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
    /// The three victory hexes of 9.0 (default M7, N16, N3).
    #[serde(default)]
    pub vp: Option<Spanned<Vec<Spanned<String>>>>,
    /// The Tobruk exit hex of 6.2 (default Q2).
    #[serde(default)]
    pub exit: Option<Spanned<String>>,
}

/// Hex lists by terrain kind; every other hex is open desert.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainData {
    /// Rough ground (CCT 6.0).
    #[serde(default)]
    pub rough: Vec<Spanned<String>>,
    /// Escarpment hexes (CCT 6.0, 7.1).
    #[serde(default)]
    pub escarpment: Vec<Spanned<String>>,
    /// Impassable hexes (CCT 6.0).
    #[serde(default)]
    pub impassable: Vec<Spanned<String>>,
    /// Entrenchments (CCT 7.1, 7.4).
    #[serde(default)]
    pub entrenchment: Vec<Spanned<String>>,
    /// Point hexes: key heights (CCT 7.4).
    #[serde(default)]
    pub point: Vec<Spanned<String>>,
}

/// A named place.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceData {
    /// Its hex.
    pub hex: Spanned<String>,
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
    pub hexes: Vec<Spanned<String>>,
}

/// `scenario.toml`, or a whole scenario file when it has a `[map]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioData {
    /// The map, in a self-contained scenario file (the built-in scenario
    /// keeps it in `map.toml` instead).
    #[serde(default)]
    pub map: Option<MapData>,
    /// Scenario id.
    pub id: Spanned<String>,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Number of game turns (days).
    pub turns: Spanned<u8>,
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
    pub id: Spanned<String>,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Which 9.1 shattering rule applies.
    pub role: Spanned<String>,
}

/// A reinforcement entry group: hexes on one map edge.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryData {
    /// Id.
    pub id: Spanned<String>,
    /// `north`, `south`, `east` or `west`.
    pub edge: Spanned<String>,
    /// Entry hexes on that edge.
    pub hexes: Spanned<Vec<Spanned<String>>>,
}

/// When a reinforcement arrives.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArriveData {
    /// Game turn (1 = 19 Nov).
    pub turn: Spanned<u8>,
    /// Impulse pair in that turn, 1-based.
    #[serde(default = "one")]
    pub pair: u8,
    /// Entry group id.
    pub entry: Spanned<String>,
}

fn one() -> u8 {
    1
}

/// A unit.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitData {
    /// Notation code.
    pub code: Spanned<String>,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Formation id.
    pub formation: Spanned<String>,
    /// `german`, `italian`, `british`, `south-african`, `new-zealand`.
    pub nationality: Spanned<String>,
    /// Unit class.
    pub class: Spanned<String>,
    /// Strength points = base attack rating (1.0).
    pub strength: Spanned<u8>,
    /// Defence rating.
    pub defence: u8,
    /// Initiative rating.
    pub initiative: u8,
    /// Bombardment radius (artillery only).
    #[serde(default)]
    pub range: Option<Spanned<u8>>,
    /// Panzer III unit (3.3).
    #[serde(default)]
    pub panzer3: Option<Spanned<bool>>,
    /// Carries the "c" index (3.3).
    #[serde(default)]
    pub combined_arms: Option<Spanned<bool>>,
    /// M3 Stuart unit (3.4).
    #[serde(default)]
    pub stuart: Option<Spanned<bool>>,
    /// Set-up hex.
    #[serde(default)]
    pub setup: Option<Spanned<String>>,
    /// Arrival as a reinforcement.
    #[serde(default)]
    pub arrive: Option<ArriveData>,
}
