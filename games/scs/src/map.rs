//! The map: a grid of `xx.yy` hexes with terrain, hexside features, roads and
//! named places (SCS *Components, Map*).

use sandtable_board::{HexGrid, HexId, HexMap, HexsideMap};
use sandtable_core::Text;
use serde::Serialize;

/// A named place drawn on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// Its hex.
    pub hex: HexId,
    /// Its name.
    pub name: Text,
}

/// The map of one scenario.
#[derive(Clone, Debug)]
pub struct Map {
    /// The grid (`xx.yy` numbering).
    pub grid: HexGrid,
    /// Terrain of each hex (index into the charts' terrain).
    pub terrain: HexMap<u8>,
    /// Hexside features (index into the charts' hexsides).
    pub hexsides: HexsideMap<Option<u8>>,
    /// Roads along hexsides (index into the charts' roads).
    pub roads: HexsideMap<Option<u8>>,
    /// Road paths as given, for drawing.
    pub road_paths: Vec<(u8, Vec<HexId>)>,
    /// Named places.
    pub places: Vec<Place>,
}

impl Map {
    /// The hexside feature between two adjacent hexes. O(log n).
    pub fn hexside(&self, a: HexId, b: HexId) -> Option<u8> {
        *self.hexsides.get(&self.grid, a, b)
    }
    /// The road crossing the hexside between two adjacent hexes. O(log n).
    pub fn road(&self, a: HexId, b: HexId) -> Option<u8> {
        *self.roads.get(&self.grid, a, b)
    }
}
