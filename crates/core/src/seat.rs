//! Seats: who sits at the table. A game names its seats (`axis`, `allies`,
//! `german`, `officer-2` …); the core only counts them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a seat in its game's [`crate::GameInfo::seats`] list: always
/// below [`Seat::LIMIT`], so a [`SeatSet`] holds any seat without aliasing
/// (read from data, a larger index is refused, not wrapped onto seat 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// How many seats a game may have.
    pub const LIMIT: u8 = 8;
    /// The seat with index `i`. Games validate against their own seat count.
    ///
    /// # Panics
    /// When `i` is not below [`Seat::LIMIT`] (a programming error: seats read
    /// from data go through `TryFrom<u8>`).
    pub const fn new(i: u8) -> Seat {
        assert!(i < Seat::LIMIT, "a seat index is below 8");
        Seat(i)
    }
    /// The seat's index, usable to index per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(i: u8) -> Result<Seat, String> {
        if i < Seat::LIMIT {
            Ok(Seat(i))
        } else {
            Err(format!("seat index {i} out of range (a game has at most {} seats)", Seat::LIMIT))
        }
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

/// A set of up to 8 seats as a bitmask: `Copy`, O(1) membership.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// The set holding one seat.
    pub const fn one(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }
    /// The set of the first `n` seats (n ≤ 8).
    pub const fn first(n: usize) -> SeatSet {
        if n >= 8 {
            SeatSet(u8::MAX)
        } else {
            SeatSet(((1u16 << n) - 1) as u8)
        }
    }
    /// This set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }
    /// Both sets' seats.
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }
    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }
    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Who looks at the game: one seat, or a spectator who sees only public information.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    /// The holder of this seat.
    Seat(Seat),
    /// Anyone without a seat: public information only.
    Spectator,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_membership_and_order() {
        let s: SeatSet = [Seat::new(3), Seat::new(0)].into_iter().collect();
        assert!(s.contains(Seat::new(0)) && s.contains(Seat::new(3)));
        assert!(!s.contains(Seat::new(1)));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Seat::new(0), Seat::new(3)]);
        assert_eq!(SeatSet::first(2).len(), 2);
        assert_eq!(SeatSet::first(8).len(), 8);
    }

    #[test]
    fn a_seat_out_of_range_is_refused_not_aliased() {
        assert_eq!(serde_json::from_str::<Seat>("7").unwrap(), Seat::new(7));
        let e = serde_json::from_str::<Seat>("8").unwrap_err().to_string();
        assert!(e.contains("out of range"), "{e}");
        assert!(std::panic::catch_unwind(|| Seat::new(8)).is_err());
        assert_eq!(serde_json::to_string(&Seat::new(3)).unwrap(), "3");
    }
}
