//! Sides and units: who fights, with what printed values.

use sandtable_board::HexId;
use sandtable_core::{Seat, Text};
use serde::{Deserialize, Serialize};

/// One of the two sides, by its place in the scenario's `[[side]]` list,
/// which is also its seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Side(u8);

impl Side {
    /// Both sides.
    pub const ALL: [Side; 2] = [Side(0), Side(1)];

    /// The side with index 0 or 1.
    pub fn of_index(i: usize) -> Option<Side> {
        (i < 2).then_some(Side(i as u8))
    }
    /// 0 or 1.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
    /// The other side.
    pub fn other(self) -> Side {
        Side(1 - self.0)
    }
    /// The seat that plays it.
    pub fn seat(self) -> Seat {
        Seat::new(self.0)
    }
    /// The side a seat plays, if any.
    pub fn of_seat(seat: Seat) -> Option<Side> {
        Side::of_index(seat.index())
    }
}

impl TryFrom<u8> for Side {
    type Error = String;
    fn try_from(i: u8) -> Result<Side, String> {
        Side::of_index(usize::from(i)).ok_or_else(|| format!("side {i} out of range (0 or 1)"))
    }
}

impl From<Side> for u8 {
    fn from(s: Side) -> u8 {
        s.0
    }
}

/// A unit, by its place in the scenario's `[[unit]]` list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub(crate) u16);

impl UnitId {
    /// Index into per-unit tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
    /// The id with index `i` (not checked against any scenario).
    pub fn from_index(i: usize) -> UnitId {
        UnitId(i as u16)
    }
}

/// The values printed on one face of a counter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    /// Attack strength (0: no ZOC, SCS 2.0a).
    pub attack: u8,
    /// Defence strength.
    pub defence: u8,
    /// Movement allowance (SCS 3.1b).
    pub movement: u8,
}

/// Where a unit starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Start {
    /// Set up in this hex.
    At(HexId),
    /// Placed by its owner in set-up within `hexes` of `hex`, inclusive
    /// (set-up note 1, "w/i").
    Within {
        /// The hex.
        hex: HexId,
        /// The radius.
        hexes: u8,
    },
    /// A reinforcement (SCS 5.0).
    Arrives {
        /// The game turn it arrives.
        turn: u8,
        /// Its entry hexes.
        entry: Vec<HexId>,
    },
}

/// A unit's printed data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitSpec {
    /// Its id in notation (`2rb`).
    pub id: String,
    /// Its side.
    pub side: Side,
    /// Its name.
    pub name: Text,
    /// The symbol drawn (`armour`, `infantry`…).
    pub kind: String,
    /// The size drawn above the symbol.
    pub size: String,
    /// Movement class (index into the charts' classes).
    pub class: u8,
    /// Full-strength face.
    pub full: Face,
    /// Reduced face (the full one for a one-step unit).
    pub reduced: Face,
    /// Steps.
    pub steps: u8,
    /// Fixed stacking points, or `None`: the steps left.
    pub stacking: Option<u8>,
    /// Exploit-capable (SCS 11.0 authored).
    pub exploit: bool,
    /// A unit with attack ≥ 1 that still has no ZOC.
    pub no_zoc: bool,
    /// Barrage strength (module `barrage`).
    pub barrage: u8,
    /// Barrage range in hexes.
    pub range: u8,
    /// Where it starts.
    pub start: Start,
}

impl UnitSpec {
    /// The face showing after `lost` steps.
    pub fn face(&self, lost: u8) -> Face {
        if lost == 0 {
            self.full
        } else {
            self.reduced
        }
    }
    /// Stacking points with `lost` steps gone (SCS 4.0; the seed's example
    /// counts steps: units 5, 6 and 1 "give 7 steps" against a limit of 6).
    pub fn stacking_points(&self, lost: u8) -> u8 {
        self.stacking.unwrap_or(self.steps.saturating_sub(lost))
    }
    /// Whether this face has a ZOC: printed attack 1 or more (SCS 2.0a).
    pub fn has_zoc(&self, lost: u8) -> bool {
        !self.no_zoc && self.face(lost).attack >= 1
    }
    /// Whether it may head a stack: a combat unit with attack 1 or more (4.0c).
    pub fn may_head(&self, lost: u8) -> bool {
        self.face(lost).attack >= 1
    }
}
