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
    /// Per hex and direction: the neighbour, or the hex of index
    /// [`NO_HEX`] off the map (the grid's own table, kept here so the
    /// lookups inline).
    pub(crate) adj: Vec<[HexId; 6]>,
}

/// The index standing for no neighbour (off the map) in [`Map::adj`]: no
/// grid has that many hexes.
pub(crate) const NO_HEX: usize = u16::MAX as usize;

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
        let none = HexId::from_index(NO_HEX);
        let adj = grid
            .ids()
            .map(|h| {
                let mut a = [none; 6];
                for (d, n) in grid.neighbors(h) {
                    a[d.index()] = n;
                }
                a
            })
            .collect();
        Map { grid, terrain, hexsides, roads, road_paths, places, edges, adj }
    }

    /// The direction (its index) from `a` to an adjacent `b`; `None` when
    /// they are not adjacent. O(1): six comparisons.
    pub(crate) fn direction(&self, a: HexId, b: HexId) -> Option<usize> {
        self.adj[a.index()].iter().position(|&x| x == b && x.index() != NO_HEX)
    }

    /// Whether `a` and `b` share a hexside. O(1).
    pub(crate) fn adjacent(&self, a: HexId, b: HexId) -> bool {
        self.direction(a, b).is_some()
    }

    /// The on-map neighbours of `h`, in direction order, with each
    /// direction's index. O(1) each.
    pub(crate) fn around(&self, h: HexId) -> impl Iterator<Item = (usize, HexId)> + '_ {
        self.adj[h.index()].iter().copied().enumerate().filter(|&(_, x)| x.index() != NO_HEX)
    }

    /// The feature and road (+1 each, 0 = none) of the hexside in
    /// direction `d` from `a`.
    pub(crate) fn edge_at(&self, a: HexId, d: usize) -> (u8, u8) {
        self.edges[a.index()][d]
    }

    fn edge(&self, a: HexId, b: HexId) -> (u8, u8) {
        self.direction(a, b).map_or((0, 0), |d| self.edges[a.index()][d])
    }
    /// The hexside feature between two adjacent hexes. O(1).
    pub fn hexside(&self, a: HexId, b: HexId) -> Option<u8> {
        self.edge(a, b).0.checked_sub(1)
    }
    /// The road crossing the hexside between two adjacent hexes. O(1).
    pub fn road(&self, a: HexId, b: HexId) -> Option<u8> {
        self.edge(a, b).1.checked_sub(1)
    }

    /// Every hex at distance `<= range` from `center`, center included, in
    /// ascending id order: `HexGrid::within` without collecting. O(range²).
    pub(crate) fn within(&self, center: HexId, range: u16) -> impl Iterator<Item = HexId> + '_ {
        let grid = &self.grid;
        let (column, row) = grid.offset(center);
        let (columns, rows) = (grid.spec().columns, grid.spec().rows);
        let lo = move |v: u16| v.saturating_sub(range);
        let hi = move |v: u16, n: u16| (u32::from(v) + u32::from(range)).min(u32::from(n) - 1) as u16;
        (lo(row)..=hi(row, rows))
            .flat_map(move |r| (lo(column)..=hi(column, columns)).filter_map(move |c| grid.at(c, r)))
            .filter(move |&h| grid.distance(center, h) <= range)
    }
}
