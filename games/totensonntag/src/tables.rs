//! Lists derived once from the map and the scenario when the game is built,
//! so that listing legal actions (millions of times in a search) never
//! rescans the whole map or every unit for them.

use crate::map::Map;
use crate::scenario::Scenario;
use crate::unit::{Side, UnitId};
use sandtable_board::{HexId, MapEdge};

/// Static per-side and per-edge lists. Built in O(hexes + units); read in O(1).
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Each side's units in id order.
    units: [Vec<UnitId>; 2],
    /// The hexes on each map edge ([`MapEdge::ALL`] order), in id order (6.1:
    /// where reinforcements may enter).
    edges: [Vec<HexId>; 4],
}

impl Tables {
    /// The tables of a map and a scenario.
    pub(crate) fn new(map: &Map, scenario: &Scenario) -> Tables {
        let units = Side::ALL.map(|side| scenario.unit_ids().filter(|&u| scenario.unit(u).side() == side).collect());
        let grid = &map.grid;
        let edges = MapEdge::ALL.map(|edge| grid.ids().filter(|&h| grid.on_edge(h, edge)).collect());
        Tables { units, edges }
    }

    /// `side`'s units, in id order.
    pub(crate) fn units(&self, side: Side) -> &[UnitId] {
        &self.units[side.index()]
    }

    /// The hexes on `edge`, in id order.
    pub(crate) fn edge(&self, edge: MapEdge) -> &[HexId] {
        let i = MapEdge::ALL.iter().position(|&e| e == edge).unwrap_or(0);
        &self.edges[i]
    }
}
