//! The raw data files (`data/board.toml`, `data/decks.toml`) as read from
//! TOML, before validation. Both are authored by this project (see
//! `data/BOARD.md`, `data/DECKS.md`); a player who owns the game can replace
//! them with the same schema.

use serde::Deserialize;

/// The authored board shipped with the crate.
pub const BOARD_TOML: &str = include_str!("../data/board.toml");
/// The card manifests shipped with the crate.
pub const DECKS_TOML: &str = include_str!("../data/decks.toml");

/// `board.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardData {
    /// Where the data comes from.
    pub provenance: String,
    /// Drawing width.
    pub width: f32,
    /// Drawing height.
    pub height: f32,
    /// The 16 symbol rooms.
    pub room: Vec<RoomData>,
    /// Every circle.
    pub circle: Vec<CircleData>,
    /// Barracks, office, car.
    pub special: Vec<SpecialData>,
    /// Links between circles (and from the car).
    pub link: Vec<LinkData>,
    /// Solitary cell blocks.
    pub cells: Vec<CellsData>,
    /// Starting positions by player count.
    pub appel_layout: Vec<AppelLayoutData>,
}

/// A room.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomData {
    /// Id.
    pub id: String,
    /// English name.
    pub en: String,
    /// Russian name.
    pub ru: String,
    /// Its symbol.
    pub symbol: String,
}

/// A circle.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CircleData {
    /// Id (used in notation).
    pub id: String,
    /// Drawing x.
    pub x: f32,
    /// Drawing y.
    pub y: f32,
    /// Zone.
    pub zone: String,
    /// Room id (zone = room).
    #[serde(default)]
    pub room: Option<String>,
    /// Guard post.
    #[serde(default)]
    pub guard_post: bool,
    /// Safe area.
    #[serde(default)]
    pub safe: bool,
    /// Searchlight.
    #[serde(default)]
    pub searchlight: bool,
    /// Walkway.
    #[serde(default)]
    pub walkway: bool,
    /// Escape target.
    #[serde(default)]
    pub target: bool,
    /// `key` (door) or `pass` (inspection point).
    #[serde(default)]
    pub gate: Option<String>,
    /// Tunnel id.
    #[serde(default)]
    pub tunnel: Option<String>,
    /// Position along the tunnel (0 = entrance).
    #[serde(default)]
    pub tunnel_step: Option<u8>,
    /// Short drawing label.
    #[serde(default)]
    pub label: Option<String>,
}

/// A special node.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialData {
    /// `barracks`, `office` or `car`.
    pub id: String,
    /// Drawing x.
    pub x: f32,
    /// Drawing y.
    pub y: f32,
}

/// A link.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkData {
    /// One end (the upper circle of a drop).
    pub a: String,
    /// The other end (the landing of a drop).
    pub b: String,
    /// `step`, `drop30`, `drop60`, `wire`, `tunnel`.
    #[serde(default)]
    pub kind: Option<String>,
}

/// A solitary block.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellsData {
    /// `inner` or `outer`.
    pub id: String,
    /// Its cell circles.
    pub circles: Vec<String>,
    /// The arrow: released POWs appear as near it as possible.
    pub exit: String,
    /// Gate circles a released POW passes freely on the way back in.
    #[serde(default)]
    pub free_gates: Vec<String>,
}

/// Starting positions for one player count.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppelLayoutData {
    /// Players (2–6).
    pub players: u8,
    /// One list of circles per Escape Officer.
    pub officers: Vec<Vec<String>>,
}

/// `decks.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecksData {
    /// Card manifests by edition.
    pub edition: Vec<EditionData>,
}

/// The card counts of one edition.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionData {
    /// `2016` or `classic`.
    pub id: String,
    /// Equipment stacks by kind: cutters, pass, key, rope.
    pub equipment: Vec<CountData>,
    /// Opportunity cards.
    pub opportunity: Vec<CountData>,
    /// Security cards.
    pub security: Vec<CountData>,
    /// Do-or-Die card values (classic only).
    #[serde(default)]
    pub do_or_die: Vec<u8>,
    /// Personal escape kits.
    pub escape_kits: u8,
}

/// How many cards of a kind.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountData {
    /// The card kind (see `cards.rs`).
    pub card: String,
    /// How many.
    pub count: u8,
    /// Where the count comes from (`[S]` stated, `[I]` inferred/authored…).
    pub source: String,
}
