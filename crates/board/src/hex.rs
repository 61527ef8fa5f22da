//! Axial hex coordinates and the six hex directions.
//!
//! Axial coordinates are the arithmetic layer under every hex grid: a hex is
//! `(q, r)` with an implied third cube coordinate `s = -q - r`. Neighbours
//! and distances are plain integer arithmetic here; the printed labels and the
//! shape of the map live in [`crate::grid`].

use serde::{Deserialize, Serialize};

/// One of the six directions from a hex to an adjacent hex.
///
/// The names are those of a **pointy-top** layout with `r` growing toward
/// the bottom of the drawing (south): `East` is `(+1, 0)`, `NorthEast`
/// `(+1, -1)`, `NorthWest` `(0, -1)`, `West` `(-1, 0)`, `SouthWest`
/// `(-1, +1)` and `SouthEast` `(0, +1)`.
///
/// In a **flat-top** layout the same six axial directions appear rotated 30°
/// clockwise on the drawing: `East` points east-south-east, `NorthEast`
/// east-north-east, `NorthWest` due north, `West` west-north-west,
/// `SouthWest` west-south-west and `SouthEast` due south. The names are kept
/// rather than duplicated per layout so that a direction is always the same
/// axial step, whichever way the map is printed.
///
/// [`Direction::ALL`] lists them counter-clockwise starting from `East`, and
/// [`Direction::index`] is the position in that list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Axial `(+1, 0)`.
    East,
    /// Axial `(+1, -1)`.
    NorthEast,
    /// Axial `(0, -1)`.
    NorthWest,
    /// Axial `(-1, 0)`.
    West,
    /// Axial `(-1, +1)`.
    SouthWest,
    /// Axial `(0, +1)`.
    SouthEast,
}

impl Direction {
    /// All six directions, counter-clockwise from `East`; `ALL[d.index()] == d`.
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// Position of this direction in [`Direction::ALL`] (0..6). O(1).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with the given [`index`](Direction::index), if `i < 6`. O(1).
    pub const fn from_index(i: usize) -> Option<Direction> {
        if i < 6 {
            Some(Direction::ALL[i])
        } else {
            None
        }
    }

    /// The direction pointing back the way this one came. O(1).
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self.index() + 3) % 6]
    }

    /// The next direction counter-clockwise (60° turn). O(1).
    pub const fn counter_clockwise(self) -> Direction {
        Direction::ALL[(self.index() + 1) % 6]
    }

    /// The next direction clockwise (60° turn). O(1).
    pub const fn clockwise(self) -> Direction {
        Direction::ALL[(self.index() + 5) % 6]
    }

    /// The axial step `(dq, dr)` this direction adds to a hex. O(1).
    pub const fn delta(self) -> (i16, i16) {
        match self {
            Direction::East => (1, 0),
            Direction::NorthEast => (1, -1),
            Direction::NorthWest => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, 1),
            Direction::SouthEast => (0, 1),
        }
    }
}

/// A hex in axial coordinates; the cube coordinate `s` is `-q - r`.
///
/// `Hex` is pure geometry and knows nothing about any map: a grid maps its
/// on-map hexes to dense [`HexId`](crate::HexId)s and back. Coordinates are
/// `i16` because every grid this crate builds stays far inside that range;
/// arithmetic near the `i16` limits is not supported.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    /// Axial column-ish coordinate (grows toward `East`).
    pub q: i16,
    /// Axial row-ish coordinate (grows toward `SouthEast`).
    pub r: i16,
}

impl Hex {
    /// The hex at axial `(q, r)`. O(1).
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    /// The implied third cube coordinate, `-q - r`, widened so it cannot
    /// overflow. O(1).
    pub const fn s(self) -> i32 {
        -(self.q as i32) - (self.r as i32)
    }

    /// The adjacent hex in direction `d`. O(1).
    pub fn neighbor(self, d: Direction) -> Hex {
        let (dq, dr) = d.delta();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// Distance in hex steps (the length of the shortest hex path, ignoring
    /// any map edge). O(1): half the cube-coordinate Manhattan distance.
    ///
    /// Saturates at `u16::MAX` for coordinates far outside any real map.
    pub fn distance(self, other: Hex) -> u16 {
        let dq = i32::from(self.q) - i32::from(other.q);
        let dr = i32::from(self.r) - i32::from(other.r);
        let ds = -dq - dr;
        let d = (dq.unsigned_abs() + dr.unsigned_abs() + ds.unsigned_abs()) / 2;
        u16::try_from(d).unwrap_or(u16::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_matches_index() {
        for (i, d) in Direction::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Direction::from_index(i), Some(*d));
        }
        assert_eq!(Direction::from_index(6), None);
    }

    #[test]
    fn opposite_undoes_the_step() {
        let h = Hex::new(3, -2);
        for d in Direction::ALL {
            assert_eq!(h.neighbor(d).neighbor(d.opposite()), h);
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.clockwise().counter_clockwise(), d);
        }
        assert_eq!(Direction::East.opposite(), Direction::West);
        assert_eq!(Direction::NorthEast.opposite(), Direction::SouthWest);
        assert_eq!(Direction::NorthWest.opposite(), Direction::SouthEast);
    }

    #[test]
    fn neighbours_are_distance_one_and_sum_of_cube_is_zero() {
        let h = Hex::new(0, 0);
        for d in Direction::ALL {
            let n = h.neighbor(d);
            assert_eq!(h.distance(n), 1);
            assert_eq!(i32::from(n.q) + i32::from(n.r) + n.s(), 0);
        }
    }

    #[test]
    fn distance_examples() {
        let a = Hex::new(0, 0);
        assert_eq!(a.distance(a), 0);
        assert_eq!(a.distance(Hex::new(3, 0)), 3);
        assert_eq!(a.distance(Hex::new(3, -3)), 3);
        assert_eq!(a.distance(Hex::new(2, 2)), 4);
        assert_eq!(Hex::new(2, 2).distance(a), 4);
        assert_eq!(Hex::new(-1, 4).distance(Hex::new(2, -1)), 5);
        assert_eq!(Hex::new(i16::MIN, i16::MIN).distance(Hex::new(i16::MAX, i16::MAX)), u16::MAX);
    }
}
