//! Units as printed on the counters: side, nationality, class, values.

use sandtable_core::{Seat, Text};
use serde::{Deserialize, Serialize};

/// The two sides. Seat 0 is the Axis, seat 1 the Allies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Panzergruppe Afrika: German and Italian units.
    Axis,
    /// The Commonwealth: British, South African, New Zealand units.
    Allies,
}

impl Side {
    /// Both sides, Axis first (the Axis wins initiative ties, 2.1).
    pub const ALL: [Side; 2] = [Side::Axis, Side::Allies];
    /// Index for per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::Axis => Side::Allies,
            Side::Allies => Side::Axis,
        }
    }
    /// The seat that plays this side.
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8)
    }
    /// The side a seat plays.
    pub fn of_seat(seat: Seat) -> Option<Side> {
        match seat.index() {
            0 => Some(Side::Axis),
            1 => Some(Side::Allies),
            _ => None,
        }
    }
    /// Its name.
    pub fn name(self) -> Text {
        match self {
            Side::Axis => Text::fixed("Axis", "Ось"),
            Side::Allies => Text::fixed("Allies", "Союзники"),
        }
    }
}

/// Counter colours of 1.0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Nationality {
    /// Black counters.
    German,
    /// Grey counters.
    Italian,
    /// Red counters.
    British,
    /// Orange counters.
    SouthAfrican,
    /// Blue counters.
    NewZealand,
}

impl Nationality {
    /// The side it fights on.
    pub const fn side(self) -> Side {
        match self {
            Nationality::German | Nationality::Italian => Side::Axis,
            _ => Side::Allies,
        }
    }
    /// Parses the data file name.
    pub fn parse(s: &str) -> Option<Nationality> {
        Some(match s {
            "german" => Nationality::German,
            "italian" => Nationality::Italian,
            "british" => Nationality::British,
            "south-african" => Nationality::SouthAfrican,
            "new-zealand" => Nationality::NewZealand,
            _ => return None,
        })
    }
}

/// Unit classes, as far as the rules tell them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitClass {
    /// Tanks ("бронетанковые").
    Armour,
    /// Reconnaissance ("разведывательные").
    Recon,
    /// Foot infantry.
    Infantry,
    /// Motorized infantry.
    MotorizedInfantry,
    /// Engineers (move as motorized infantry).
    Engineer,
    /// Artillery (has a bombardment radius).
    Artillery,
    /// Anti-tank (German Panzerjäger).
    AntiTank,
}

impl UnitClass {
    /// Parses the data file name.
    pub fn parse(s: &str) -> Option<UnitClass> {
        Some(match s {
            "armour" => UnitClass::Armour,
            "recon" => UnitClass::Recon,
            "infantry" => UnitClass::Infantry,
            "motorized-infantry" => UnitClass::MotorizedInfantry,
            "engineer" => UnitClass::Engineer,
            "artillery" => UnitClass::Artillery,
            "anti-tank" => UnitClass::AntiTank,
            _ => return None,
        })
    }
    /// Infantry of any kind: may enter escarpment (6.0), −1 attacking armour (7.1).
    pub const fn is_infantry(self) -> bool {
        matches!(self, UnitClass::Infantry | UnitClass::MotorizedInfantry | UnitClass::Engineer)
    }
    /// Gets +1 MP (6.0), and pays +1 in rough (6.0): everything but foot infantry.
    pub const fn is_motorized(self) -> bool {
        !matches!(self, UnitClass::Infantry)
    }
    /// Armour or recon: may move and attack in one impulse (3.2) and overrun (7.5).
    pub const fn is_mobile(self) -> bool {
        matches!(self, UnitClass::Armour | UnitClass::Recon)
    }
}

/// Which shattering rule of 9.1 a formation falls under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// An Axis division: shattered at 4 units lost, German tank units count two; +1 VP.
    AxisDivision,
    /// 7th Armoured Division: shattered at 10 units lost; −2 VP.
    SeventhArmoured,
    /// 1st South African Division: shattered at 5 units lost; −1 VP.
    FirstSouthAfrican,
    /// The New Zealand force: shattered at 4 infantry/artillery units lost; −1 VP.
    NewZealand,
    /// Not counted for 9.1.
    None,
}

impl Role {
    /// Parses the data file name.
    pub fn parse(s: &str) -> Option<Role> {
        Some(match s {
            "axis-division" => Role::AxisDivision,
            "seventh-armoured" => Role::SeventhArmoured,
            "first-south-african" => Role::FirstSouthAfrican,
            "new-zealand" => Role::NewZealand,
            "none" => Role::None,
            _ => return None,
        })
    }
}

/// A unit's index in the scenario's unit list. At most 128 units (a
/// [`crate::UnitSet`] is one `u128`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub(crate) u8);

impl UnitId {
    /// Index into per-unit arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A formation's index in the scenario.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FormationId(pub(crate) u8);

impl FormationId {
    /// Index into [`crate::Scenario::formations`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a counter says: static for the whole game.
#[derive(Clone, Debug, Serialize)]
pub struct UnitSpec {
    /// Notation code (`pr8-1`).
    pub code: String,
    /// Its name.
    pub name: Text,
    /// Its formation.
    pub formation: FormationId,
    /// Nationality (and so side).
    pub nationality: Nationality,
    /// Class.
    pub class: UnitClass,
    /// Full strength.
    pub strength: u8,
    /// Defence rating.
    pub defence: u8,
    /// Initiative rating (for Stuarts: the move/overrun rating, 3.4).
    pub initiative: u8,
    /// Bombardment radius (artillery).
    pub range: u8,
    /// Panzer III (3.3).
    pub panzer3: bool,
    /// "c" index (3.3).
    pub combined_arms: bool,
    /// M3 Stuart (3.4).
    pub stuart: bool,
}

impl UnitSpec {
    /// Index of its formation in [`crate::Scenario::formations`].
    pub const fn formation_index(&self) -> usize {
        self.formation.index()
    }
    /// Its side.
    pub const fn side(&self) -> Side {
        self.nationality.side()
    }
    /// German tanks: +1 on every attack (7.1), count two for 9.1, recover on 3–6 (8.1).
    pub fn is_german_armour(&self) -> bool {
        self.nationality == Nationality::German && self.class == UnitClass::Armour
    }
}
