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
    /// Per hex and direction: the feature and road of that hexside, each
    /// stored +1 (0 = none), for O(1) lookups in the hot paths.
    pub(crate) edges: Vec<[(u8, u8); 6]>,
}

impl Map {
    /// A map from its parts, with the per-direction tables built.
    pub(crate) fn new(
        grid: HexGrid,
        terrain: HexMap<u8>,
        hexsides: HexsideMap<Option<u8>>,
        roads: HexsideMap<Option<u8>>,
        road_paths: Vec<(u8, Vec<HexId>)>,
        places: Vec<Place>,
    ) -> Map {
        let edges = grid
            .ids()
            .map(|h| {
                let mut e = [(0u8, 0u8); 6];
                for (d, n) in grid.neighbors(h) {
                    let f = hexsides.get(&grid, h, n).map_or(0, |x| x + 1);
                    let r = roads.get(&grid, h, n).map_or(0, |x| x + 1);
                    e[d.index()] = (f, r);
                }
                e
            })
            .collect();
        Map { grid, terrain, hexsides, roads, road_paths, places, edges }
    }

    fn edge(&self, a: HexId, b: HexId) -> (u8, u8) {
        self.grid.direction_to(a, b).map_or((0, 0), |d| self.edges[a.index()][d.index()])
    }
    /// The hexside feature between two adjacent hexes. O(1).
    pub fn hexside(&self, a: HexId, b: HexId) -> Option<u8> {
        self.edge(a, b).0.checked_sub(1)
    }
    /// The road crossing the hexside between two adjacent hexes. O(1).
    pub fn road(&self, a: HexId, b: HexId) -> Option<u8> {
        self.edge(a, b).1.checked_sub(1)
    }
}
