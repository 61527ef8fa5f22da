//! A scenario: map, charts, units, set-up, reinforcements, supply sources,
//! turns and victory conditions — everything SCENARIO.md describes, checked.

use crate::charts::Charts;
use crate::map::Map;
use crate::unit::{Side, UnitId, UnitSpec};
use sandtable_board::HexId;
use sandtable_core::Text;
use serde::Serialize;

/// The most units a side may have (checked on load). It bounds every list
/// of units the state keeps — the force moving (3.0), a fight's attackers,
/// defenders and retreating units (7.0), all of one side — and the hexes
/// overrun or attacked in a phase (6.1b, 7.0: each needs a unit that has not
/// overrun or attacked yet), so those lists are fixed arrays and applying an
/// action never allocates.
pub const MAX_UNITS_A_SIDE: usize = 64;

/// The most units a scenario may have: both sides' limits.
pub const MAX_UNITS: usize = 2 * MAX_UNITS_A_SIDE;

/// The most entries of [`crate::Fight::paid`]: each costs a retreating unit
/// of one side a step (2.1d), and a unit has at most 4 steps.
pub const MAX_PAID: usize = 4 * MAX_UNITS_A_SIDE;

/// A side's name and id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideInfo {
    /// Seat id (`commonwealth`).
    pub id: String,
    /// Its name.
    pub name: Text,
    /// Its counters' colour, a name of [`crate::load::COLOURS`].
    pub colour: Option<String>,
}

/// Where one side traces supply (SCS 12.0 authored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SupplySource {
    /// The source hexes (map-edge hexes included).
    pub hexes: Vec<HexId>,
    /// The longest trace in hexes; `None` for any length.
    pub range: Option<u16>,
}

/// A victory hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VpHex {
    /// The hex.
    pub hex: HexId,
    /// Points for the side controlling it at the end.
    pub vp: u16,
    /// Who controls it at the start.
    pub control: Side,
    /// Its name, if given.
    pub name: Option<Text>,
}

/// Exit hexes through which a side may leave the map for points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExitRule {
    /// The side that may exit.
    pub side: Side,
    /// The hexes it leaves from.
    pub hexes: Vec<HexId>,
    /// Points per step that leaves.
    pub vp: u16,
}

/// How the game is won.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Victory {
    /// The side winning equal points; `None`: a draw.
    pub ties: Option<Side>,
    /// Victory hexes.
    pub hexes: Vec<VpHex>,
    /// Points per enemy step eliminated, per scoring side.
    pub per_step: [u16; 2],
    /// Exits.
    pub exits: Vec<ExitRule>,
}

/// One scenario, checked.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: Text,
    /// Whether the data is authored by this project.
    pub authored: bool,
    /// Time and ground scale.
    pub scale: Option<Text>,
    /// Game turns.
    pub turns: u8,
    /// The side moving first every game turn (1.0).
    pub first: Side,
    /// Stacking points per hex (4.0).
    pub stacking: u8,
    /// Module `barrage` on.
    pub barrage: bool,
    /// The two sides.
    pub sides: [SideInfo; 2],
    /// Labels of the game turns (may be empty).
    pub turn_names: Vec<Text>,
    /// The map.
    pub map: Map,
    /// The charts.
    pub charts: Charts,
    /// The units.
    pub units: Vec<UnitSpec>,
    /// Supply sources per side.
    pub supply: [Vec<SupplySource>; 2],
    /// Victory conditions.
    pub victory: Victory,
}

impl Scenario {
    /// A unit's data.
    pub fn unit(&self, u: UnitId) -> &UnitSpec {
        &self.units[u.index()]
    }
    /// Every unit id.
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len()).map(UnitId::from_index)
    }
    /// A unit by its notation id.
    pub fn unit_by_id(&self, id: &str) -> Option<UnitId> {
        self.units.iter().position(|u| u.id == id).map(UnitId::from_index)
    }
    /// The side that sets up first: the one that moves second (set-up note 5).
    pub fn sets_up_first(&self) -> Side {
        self.first.other()
    }
    /// A turn's label.
    pub fn turn_name(&self, turn: u8) -> Text {
        self.turn_names
            .get(usize::from(turn).wrapping_sub(1))
            .cloned()
            .unwrap_or_else(|| Text::new(format!("Turn {turn}"), format!("Ход {turn}")))
    }
}
