//! The validated map: grid, terrain, named places, tracks, the victory hexes
//! and the Tobruk exit. Static: shared by every game, never in the state.

use crate::data::MapData;
use sandtable_board::{GridSpec, HexGrid, HexId, HexMap};
use sandtable_core::Text;
use serde::Serialize;

/// Terrain of a hex for movement (CCT 6.0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Open desert: 1 MP.
    Open,
    /// Rough: motorized and mechanized pay +1 MP.
    Rough,
    /// Escarpment: infantry only; motorized infantry pays +1 MP; attacks on it −1.
    Escarpment,
    /// No unit may enter.
    Impassable,
}

/// Everything the rules know about one hex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HexInfo {
    /// Movement terrain.
    pub terrain: Terrain,
    /// Entrenchment: attacks on it −1; a spotter in it sees 2 hexes (7.1, 7.4).
    pub entrenched: bool,
    /// Point hex (a key height): a spotter on it sees 3 hexes and adds +1 (7.4).
    pub point: bool,
}

/// A named place on the map.
#[derive(Clone, Debug, Serialize)]
pub struct Place {
    /// Its hex.
    pub hex: HexId,
    /// Its name.
    pub name: Text,
}

/// A track, drawn only (the rules give tracks no effect).
#[derive(Clone, Debug, Serialize)]
pub struct Track {
    /// Its name.
    pub name: Text,
    /// Its hexes in order.
    pub hexes: Vec<HexId>,
}

/// The three victory hexes of 9.0, in this order.
pub const VP_HEXES: [&str; 3] = ["M7", "N16", "N3"];
/// The Tobruk exit hex of 6.2.
pub const EXIT_HEX: &str = "Q2";

/// The validated map.
#[derive(Clone, Debug)]
pub struct Map {
    /// The hex grid (letter rows from the south, numbered columns).
    pub grid: HexGrid,
    /// Per-hex rule data.
    pub hexes: HexMap<HexInfo>,
    /// Named places.
    pub places: Vec<Place>,
    /// Tracks.
    pub tracks: Vec<Track>,
    /// M7 Sidi Rezegh, N16 Gambut, N3 El Adem.
    pub vp: [HexId; 3],
    /// Q2, the Tobruk exit.
    pub exit: HexId,
}

impl Map {
    /// Validates map data.
    ///
    /// # Errors
    /// A message naming the bad entry: an unknown hex, a hex with two terrains,
    /// a victory or exit hex that cannot be entered, a track that is not a chain.
    pub fn from_data(d: &MapData) -> Result<Map, String> {
        let grid = HexGrid::new(GridSpec::corps_command(d.columns, d.rows)).map_err(|e| format!("map grid: {e}"))?;
        let hex = |s: &str| grid.parse(s).map_err(|e| format!("map: {e}"));
        let open = HexInfo { terrain: Terrain::Open, entrenched: false, point: false };
        let mut hexes = HexMap::new(&grid, open);
        let set_terrain = |list: &[String], t: Terrain, hexes: &mut HexMap<HexInfo>| -> Result<(), String> {
            for s in list {
                let id = hex(s)?;
                if hexes[id].terrain != Terrain::Open {
                    return Err(format!("map: hex {s} has two terrains ({:?} and {t:?})", hexes[id].terrain));
                }
                hexes.get_mut(id).terrain = t;
            }
            Ok(())
        };
        set_terrain(&d.terrain.rough, Terrain::Rough, &mut hexes)?;
        set_terrain(&d.terrain.escarpment, Terrain::Escarpment, &mut hexes)?;
        set_terrain(&d.terrain.impassable, Terrain::Impassable, &mut hexes)?;
        for s in &d.terrain.entrenchment {
            hexes.get_mut(hex(s)?).entrenched = true;
        }
        for s in &d.terrain.point {
            hexes.get_mut(hex(s)?).point = true;
        }
        let places = d
            .place
            .iter()
            .map(|p| Ok(Place { hex: hex(&p.hex)?, name: Text::new(p.en.clone(), p.ru.clone()) }))
            .collect::<Result<Vec<_>, String>>()?;
        let mut tracks = Vec::new();
        for t in &d.track {
            let ids = t.hexes.iter().map(|s| hex(s)).collect::<Result<Vec<_>, String>>()?;
            if let Some(w) = ids.windows(2).find(|w| !grid.are_adjacent(w[0], w[1])) {
                return Err(format!(
                    "map: track {} jumps from {} to {}, which are not adjacent",
                    t.en,
                    grid.label(w[0]),
                    grid.label(w[1])
                ));
            }
            tracks.push(Track { name: Text::new(t.en.clone(), t.ru.clone()), hexes: ids });
        }
        let vp = [hex(VP_HEXES[0])?, hex(VP_HEXES[1])?, hex(VP_HEXES[2])?];
        let exit = hex(EXIT_HEX)?;
        for id in vp.into_iter().chain([exit]) {
            if matches!(hexes[id].terrain, Terrain::Impassable | Terrain::Escarpment) {
                return Err(format!("map: {} must be open to vehicles (victory or exit hex)", grid.label(id)));
            }
        }
        Ok(Map { grid, hexes, places, tracks, vp, exit })
    }

    /// Rule data of a hex. O(1).
    pub fn info(&self, id: HexId) -> HexInfo {
        self.hexes[id]
    }

    /// The index of `id` among the victory hexes, if it is one.
    pub fn vp_index(&self, id: HexId) -> Option<usize> {
        self.vp.iter().position(|&v| v == id)
    }
}
