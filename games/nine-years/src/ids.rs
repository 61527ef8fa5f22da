//! Typed ids: every space, power, leader, corps counter, fleet and event
//! card is a small index into the scenario's tables, so an id of one kind
//! can never be used as another.

use serde::{Deserialize, Serialize};

/// At most this many rows of each table of a scenario (spaces, powers,
/// leaders, corps counters, event cards, action cards): ids are one byte,
/// and the loader refuses more. It bounds every list the rules keep or
/// build ([`tinyvec::ArrayVec`]).
pub const MAX_TABLE: usize = 250;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u8);

        impl $name {
            /// The index into the scenario's table.
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id!(
    /// A space (area) of the map.
    SpaceId
);
id!(
    /// A power (France, the Dutch, …).
    PowerId
);
id!(
    /// A leader counter.
    LeaderId
);
id!(
    /// A corps counter.
    CorpsId
);
id!(
    /// One of the four fleets.
    FleetId
);
id!(
    /// An event card.
    EventId
);

/// One of the two players, or neither (Portugal, Savoy before 1690).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The Grand Alliance (seat 0).
    Alliance,
    /// The Bourbons (seat 1).
    Bourbon,
}

impl Side {
    /// Both sides, in seat order.
    pub const ALL: [Side; 2] = [Side::Alliance, Side::Bourbon];
    /// 0 for the Alliance, 1 for the Bourbons.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::Alliance => Side::Bourbon,
            Side::Bourbon => Side::Alliance,
        }
    }
    /// The side's seat.
    pub const fn seat(self) -> sandtable_core::Seat {
        sandtable_core::Seat::new(self as u8)
    }
    /// The side playing a seat.
    pub fn of_seat(seat: sandtable_core::Seat) -> Option<Side> {
        match seat.index() {
            0 => Some(Side::Alliance),
            1 => Some(Side::Bourbon),
            _ => None,
        }
    }
    /// The id used in files and notation.
    pub const fn id(self) -> &'static str {
        match self {
            Side::Alliance => "alliance",
            Side::Bourbon => "bourbon",
        }
    }
    /// Reads an id.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "alliance" => Some(Side::Alliance),
            "bourbon" => Some(Side::Bourbon),
            _ => None,
        }
    }
    /// The name in both languages.
    pub const fn name(self) -> sandtable_core::Text {
        match self {
            Side::Alliance => sandtable_core::Text::fixed("the Alliance", "Альянс"),
            Side::Bourbon => sandtable_core::Text::fixed("the Bourbons", "Бурбоны"),
        }
    }
    /// The player of this side, the subject of a sentence (singular in
    /// both languages: "the Bourbon player draws", «игрок за Бурбонов тянет»).
    pub const fn player(self) -> sandtable_core::Text {
        match self {
            Side::Alliance => sandtable_core::Text::fixed("the Alliance player", "игрок за Альянс"),
            Side::Bourbon => sandtable_core::Text::fixed("the Bourbon player", "игрок за Бурбонов"),
        }
    }
    /// The sign VP move by for this side (VP count toward the Alliance, 6.1).
    pub const fn vp_sign(self) -> i8 {
        match self {
            Side::Alliance => 1,
            Side::Bourbon => -1,
        }
    }
}

/// Who controls a space or a sea zone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Control {
    /// Nobody: a neutral space (Portugal, Savoy while neutral), or a sea zone nobody controls.
    None,
    /// The Alliance.
    Alliance,
    /// The Bourbons.
    Bourbon,
}

impl Control {
    /// Control by `side`.
    pub const fn of(side: Side) -> Control {
        match side {
            Side::Alliance => Control::Alliance,
            Side::Bourbon => Control::Bourbon,
        }
    }
    /// The controlling side, if any.
    pub const fn side(self) -> Option<Side> {
        match self {
            Control::None => None,
            Control::Alliance => Some(Side::Alliance),
            Control::Bourbon => Some(Side::Bourbon),
        }
    }
    /// Whether `side` controls it.
    pub fn is(self, side: Side) -> bool {
        self.side() == Some(side)
    }
    /// Reads `alliance`, `bourbon`, `none` or `neutral`.
    pub fn parse(s: &str) -> Option<Control> {
        match s {
            "alliance" => Some(Control::Alliance),
            "bourbon" => Some(Control::Bourbon),
            "none" | "neutral" => Some(Control::None),
            _ => None,
        }
    }
}

/// The two sea zones (10.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sea {
    /// The Atlantic.
    Atlantic,
    /// The Mediterranean.
    Mediterranean,
}

impl Sea {
    /// Both zones.
    pub const ALL: [Sea; 2] = [Sea::Atlantic, Sea::Mediterranean];
    /// 0 or 1.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The id used in files and notation.
    pub const fn id(self) -> &'static str {
        match self {
            Sea::Atlantic => "atlantic",
            Sea::Mediterranean => "mediterranean",
        }
    }
    /// Reads an id.
    pub fn parse(s: &str) -> Option<Sea> {
        match s {
            "atlantic" => Some(Sea::Atlantic),
            "mediterranean" => Some(Sea::Mediterranean),
            _ => None,
        }
    }
    /// The name in both languages.
    pub const fn name(self) -> sandtable_core::Text {
        match self {
            Sea::Atlantic => sandtable_core::Text::fixed("Atlantic", "Атлантика"),
            Sea::Mediterranean => sandtable_core::Text::fixed("Mediterranean", "Средиземноморье"),
        }
    }
}
