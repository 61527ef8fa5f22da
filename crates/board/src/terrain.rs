//! Per-hex and per-hexside data layers.
//!
//! Terrain, control, supply state and the like are per-hex tables; rivers,
//! roads across hexsides, walls and bridges live on the edge *between* two
//! hexes. Both are keyed by [`HexId`] so rules code never touches labels or
//! offset coordinates.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::grid::{HexGrid, HexId};

/// One value of `T` per hex of a grid, stored densely by [`HexId::index`].
///
/// Lookups are O(1) (a `Vec` index). The map remembers only its length, not
/// its grid: using it with ids from a different, larger grid panics on the
/// out-of-range index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HexMap<T> {
    cells: Vec<T>,
}

impl<T> HexMap<T> {
    /// A map with every hex of `grid` set to `fill`. O(N).
    pub fn new(grid: &HexGrid, fill: T) -> Self
    where
        T: Clone,
    {
        HexMap { cells: vec![fill; grid.len()] }
    }

    /// A map with each hex set to `f(id)`, called once per hex in id order.
    /// O(N) calls.
    pub fn from_fn(grid: &HexGrid, f: impl FnMut(HexId) -> T) -> Self {
        HexMap { cells: grid.ids().map(f).collect() }
    }

    /// Number of hexes covered. O(1).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the map covers no hexes (never true for a map built from a
    /// valid grid). O(1).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value for `id`. O(1).
    pub fn get(&self, id: HexId) -> &T {
        &self.cells[id.index()]
    }

    /// The value for `id`, mutably. O(1).
    pub fn get_mut(&mut self, id: HexId) -> &mut T {
        &mut self.cells[id.index()]
    }

    /// Replaces the value for `id`, returning the old one. O(1).
    pub fn set(&mut self, id: HexId, value: T) -> T {
        std::mem::replace(&mut self.cells[id.index()], value)
    }

    /// Every hex with its value, in id order. O(1) per item.
    pub fn iter(&self) -> impl Iterator<Item = (HexId, &T)> + '_ {
        self.cells.iter().enumerate().map(|(i, v)| (HexId::from_index(i), v))
    }

    /// Every hex with its value mutably, in id order. O(1) per item.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (HexId, &mut T)> + '_ {
        self.cells.iter_mut().enumerate().map(|(i, v)| (HexId::from_index(i), v))
    }
}

impl<T> Index<HexId> for HexMap<T> {
    type Output = T;

    fn index(&self, id: HexId) -> &T {
        self.get(id)
    }
}

impl<T> IndexMut<HexId> for HexMap<T> {
    fn index_mut(&mut self, id: HexId) -> &mut T {
        self.get_mut(id)
    }
}

/// Two hexes that were expected to share a hexside but do not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NotAdjacent {
    /// One hex.
    pub a: HexId,
    /// The other hex.
    pub b: HexId,
}

impl fmt::Display for NotAdjacent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hexes #{} and #{} do not share a hexside", self.a.index(), self.b.index())
    }
}

impl std::error::Error for NotAdjacent {}

/// Data on hexsides (the edge between two adjacent hexes), with a default
/// for every hexside not set explicitly.
///
/// A hexside is one entry whichever side it is asked from: the key is the
/// pair of ids in ascending order. Storage is a `BTreeMap` over the hexsides
/// actually set, so sparse features (rivers, walls) cost nothing elsewhere;
/// `get` and `set` are O(log S) for S stored hexsides. A `BTreeMap` rather
/// than a hash map keeps iteration and serialisation order deterministic,
/// which replays and state hashes rely on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexsideMap<T> {
    default: T,
    sides: BTreeMap<(HexId, HexId), T>,
}

/// The hexside key: the two ids in ascending order.
fn key(a: HexId, b: HexId) -> (HexId, HexId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl<T> HexsideMap<T> {
    /// An empty map where every hexside reads as `default`. O(1).
    pub fn new(default: T) -> Self {
        HexsideMap { default, sides: BTreeMap::new() }
    }

    /// The value every unset hexside has. O(1).
    pub fn default_value(&self) -> &T {
        &self.default
    }

    /// Sets the hexside between adjacent `a` and `b` (in either order).
    /// O(1) adjacency check plus O(log S).
    pub fn set(&mut self, grid: &HexGrid, a: HexId, b: HexId, value: T) -> Result<(), NotAdjacent> {
        if !grid.are_adjacent(a, b) {
            return Err(NotAdjacent { a, b });
        }
        self.sides.insert(key(a, b), value);
        Ok(())
    }

    /// The value on the hexside between `a` and `b` (in either order): the
    /// stored one, else the default. Non-adjacent pairs read as the default
    /// too, since no value can be stored for them. O(log S).
    ///
    /// `grid` is unused today (keys are id pairs) but kept in the signature
    /// so the storage can become grid-indexed without breaking callers.
    pub fn get(&self, grid: &HexGrid, a: HexId, b: HexId) -> &T {
        let _ = grid;
        self.sides.get(&key(a, b)).unwrap_or(&self.default)
    }

    /// Resets the hexside between `a` and `b` to the default, returning the
    /// value it had, if one was set. O(log S).
    pub fn remove(&mut self, a: HexId, b: HexId) -> Option<T> {
        self.sides.remove(&key(a, b))
    }

    /// Number of hexsides with a stored value. O(1).
    pub fn len(&self) -> usize {
        self.sides.len()
    }

    /// Whether no hexside has a stored value. O(1).
    pub fn is_empty(&self) -> bool {
        self.sides.is_empty()
    }

    /// Every stored hexside as `(lower id, higher id, value)`, in ascending
    /// key order. O(1) per item.
    pub fn iter(&self) -> impl Iterator<Item = (HexId, HexId, &T)> + '_ {
        self.sides.iter().map(|(&(a, b), v)| (a, b, v))
    }
}

/// Serialised form: `{ default, sides: [[a, b, value], ...] }`. A list, not
/// a map, because pair keys are not strings in most formats.
#[derive(Serialize)]
struct SidesOut<'a, T> {
    default: &'a T,
    sides: Vec<(HexId, HexId, &'a T)>,
}

#[derive(Deserialize)]
struct SidesIn<T> {
    default: T,
    sides: Vec<(HexId, HexId, T)>,
}

impl<T: Serialize> Serialize for HexsideMap<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SidesOut { default: &self.default, sides: self.iter().collect() }.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for HexsideMap<T> {
    /// Keys are normalised, but adjacency cannot be checked without the grid;
    /// a later duplicate of the same hexside wins.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let SidesIn { default, sides } = SidesIn::deserialize(deserializer)?;
        Ok(HexsideMap { default, sides: sides.into_iter().map(|(a, b, v)| (key(a, b), v)).collect() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::GridSpec;

    fn grid() -> HexGrid {
        HexGrid::new(GridSpec::corps_command(18, 17)).unwrap()
    }

    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum Terrain {
        Clear,
        Woods,
    }

    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum Side {
        Open,
        River,
    }

    #[test]
    fn hex_map_get_set_index() {
        let g = grid();
        let mut m = HexMap::new(&g, Terrain::Clear);
        assert_eq!(m.len(), g.len());
        let m7 = g.parse("M7").unwrap();
        assert_eq!(m.set(m7, Terrain::Woods), Terrain::Clear);
        assert_eq!(m[m7], Terrain::Woods);
        assert_eq!(*m.get(g.parse("M8").unwrap()), Terrain::Clear);
        m[m7] = Terrain::Clear;
        *m.get_mut(m7) = Terrain::Woods;
        let woods: Vec<_> = m.iter().filter(|(_, &t)| t == Terrain::Woods).map(|(h, _)| h).collect();
        assert_eq!(woods, vec![m7]);
        for (_, t) in m.iter_mut() {
            *t = Terrain::Clear;
        }
        assert_eq!(m[m7], Terrain::Clear);
        let by_fn = HexMap::from_fn(&g, |h| g.offset(h).0);
        assert_eq!(by_fn[m7], 6);
    }

    #[test]
    fn hexside_is_one_entry_from_either_side() {
        let g = grid();
        let m7 = g.parse("M7").unwrap();
        let n7 = g.parse("N7").unwrap();
        let mut sides = HexsideMap::new(Side::Open);
        assert_eq!(*sides.get(&g, m7, n7), Side::Open);
        sides.set(&g, n7, m7, Side::River).unwrap();
        assert_eq!(*sides.get(&g, m7, n7), Side::River);
        assert_eq!(*sides.get(&g, n7, m7), Side::River);
        sides.set(&g, m7, n7, Side::River).unwrap();
        assert_eq!(sides.len(), 1);
        let (a, b, _) = sides.iter().next().unwrap();
        assert!(a < b);
        assert_eq!(sides.remove(n7, m7), Some(Side::River));
        assert_eq!(*sides.get(&g, m7, n7), Side::Open);
        assert!(sides.is_empty());
        assert_eq!(*sides.default_value(), Side::Open);
    }

    #[test]
    fn hexside_set_rejects_non_adjacent() {
        let g = grid();
        let m7 = g.parse("M7").unwrap();
        let o7 = g.parse("O7").unwrap();
        let mut sides = HexsideMap::new(Side::Open);
        assert_eq!(sides.set(&g, m7, o7, Side::River), Err(NotAdjacent { a: m7, b: o7 }));
        assert_eq!(sides.set(&g, m7, m7, Side::River), Err(NotAdjacent { a: m7, b: m7 }));
        assert!(sides.is_empty());
        assert!(NotAdjacent { a: m7, b: o7 }.to_string().contains("do not share a hexside"));
    }
}
