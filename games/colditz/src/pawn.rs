//! Seats, nationalities and pawns.

use sandtable_core::{Seat, Text};
use serde::{Deserialize, Serialize};

/// The five nationalities of Escape Officers, in seat order (seat 1 is the
/// officer to the German's left).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Nation {
    /// Red (the default).
    #[default]
    British,
    /// Blue.
    American,
    /// Brown.
    French,
    /// Orange.
    Dutch,
    /// Green.
    Polish,
}

impl Nation {
    /// All five, in seat order.
    pub const ALL: [Nation; 5] = [Nation::British, Nation::American, Nation::French, Nation::Dutch, Nation::Polish];
    /// Index for per-nation arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The seat of its Escape Officer.
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8 + 1)
    }
    /// The nation of an officer's seat.
    pub fn of_seat(seat: Seat) -> Option<Nation> {
        seat.index().checked_sub(1).and_then(|i| Nation::ALL.get(i).copied())
    }
    /// Two-letter prefix of its pawns in notation.
    pub const fn prefix(self) -> &'static str {
        match self {
            Nation::British => "br",
            Nation::American => "us",
            Nation::French => "fr",
            Nation::Dutch => "nl",
            Nation::Polish => "pl",
        }
    }
    /// Seat id.
    pub const fn id(self) -> &'static str {
        match self {
            Nation::British => "british",
            Nation::American => "american",
            Nation::French => "french",
            Nation::Dutch => "dutch",
            Nation::Polish => "polish",
        }
    }
    /// Its name.
    pub fn name(self) -> Text {
        match self {
            Nation::British => Text::fixed("British", "Британцы"),
            Nation::American => Text::fixed("Americans", "Американцы"),
            Nation::French => Text::fixed("French", "Французы"),
            Nation::Dutch => Text::fixed("Dutch", "Голландцы"),
            Nation::Polish => Text::fixed("Poles", "Поляки"),
        }
    }
}

/// The German Security Officer's seat.
pub const GERMAN: Seat = Seat::new(0);

/// Most guards in any game (six players).
pub const MAX_GUARDS: u8 = 16;
/// Most POWs of one nation (two players).
pub const MAX_POWS: u8 = 8;

/// A pawn: guards `g1`–`g16`, POWs `br1`–`br8`, `us1`… A fixed numbering
/// whatever the player count, so notation never depends on the game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PawnId(u8);

/// Total pawn slots: 16 guards + 5 × 8 POWs.
pub const PAWN_SLOTS: usize = MAX_GUARDS as usize + 5 * MAX_POWS as usize;

impl PawnId {
    /// Guard number `n` (1-based).
    pub const fn guard(n: u8) -> PawnId {
        PawnId(n - 1)
    }
    /// POW number `n` (1-based) of a nation.
    pub const fn pow(nation: Nation, n: u8) -> PawnId {
        PawnId(MAX_GUARDS + nation as u8 * MAX_POWS + n - 1)
    }
    /// Index for per-pawn arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The pawn in slot `i`.
    pub const fn from_index(i: usize) -> PawnId {
        PawnId(i as u8)
    }
    /// The nation of a POW; `None` for a guard.
    pub fn nation(self) -> Option<Nation> {
        (self.0 >= MAX_GUARDS).then(|| Nation::ALL[((self.0 - MAX_GUARDS) / MAX_POWS) as usize])
    }
    /// Whether it is a guard.
    pub const fn is_guard(self) -> bool {
        self.0 < MAX_GUARDS
    }
    /// Its number within its kind (1-based).
    pub const fn number(self) -> u8 {
        if self.0 < MAX_GUARDS {
            self.0 + 1
        } else {
            (self.0 - MAX_GUARDS) % MAX_POWS + 1
        }
    }
    /// Notation (`g3`, `br2`).
    pub fn code(self) -> String {
        match self.nation() {
            None => format!("g{}", self.number()),
            Some(n) => format!("{}{}", n.prefix(), self.number()),
        }
    }
    /// Reads notation.
    pub fn parse(s: &str) -> Option<PawnId> {
        let s = s.to_ascii_lowercase();
        if let Some(n) = s.strip_prefix('g') {
            let n: u8 = n.parse().ok()?;
            return (1..=MAX_GUARDS).contains(&n).then(|| PawnId::guard(n));
        }
        let nation = Nation::ALL.into_iter().find(|x| s.starts_with(x.prefix()))?;
        let n: u8 = s[2..].parse().ok()?;
        (1..=MAX_POWS).contains(&n).then(|| PawnId::pow(nation, n))
    }
}

/// Guards and POWs per Escape Officer by player count (set-up table).
pub const fn guards_for(players: u8) -> u8 {
    match players {
        2 => 6,
        3 => 12,
        4 => 14,
        5 => 15,
        _ => 16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_codes_round_trip() {
        for i in 0..PAWN_SLOTS {
            let p = PawnId::from_index(i);
            assert_eq!(PawnId::parse(&p.code()), Some(p));
        }
        assert_eq!(PawnId::parse("g17"), None);
        assert_eq!(PawnId::parse("br9"), None);
        assert_eq!(PawnId::pow(Nation::Dutch, 3).code(), "nl3");
    }
}
