//! Fixed-capacity containers kept inline, so that listing legal actions and
//! applying one never touch the heap (issue 13): a list with a capacity
//! ([`FixedVec`]), a set of circles ([`CircleSet`]) and a queue of circles
//! ([`CircleQueue`]) for the breadth-first searches over the board. Every
//! capacity is a bound of the rules or of the board, checked when the board
//! and the decks load (`board.rs`, `cards.rs`) or stated where the list is
//! declared.

use crate::board::CircleId;
use crate::cards::Card;
use crate::pawn::PawnId;
use crate::state::{Marker, Pending};
use crate::Nation;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// Most circles a board may have (the car included): the size of the
/// per-circle scratch arrays. `Board::from_data` refuses a larger board.
pub const MAX_CIRCLES: usize = 1024;

/// A value that fills the unused slots of a [`FixedVec`] (never read).
pub trait Slot: Copy {
    /// The filler.
    fn blank() -> Self;
}

impl Slot for u8 {
    fn blank() -> u8 {
        0
    }
}

impl Slot for PawnId {
    fn blank() -> PawnId {
        PawnId::from_index(0)
    }
}

impl Slot for CircleId {
    fn blank() -> CircleId {
        CircleId::from_index(0)
    }
}

impl Slot for (CircleId, bool) {
    fn blank() -> (CircleId, bool) {
        (CircleId::from_index(0), false)
    }
}

impl Slot for Card {
    fn blank() -> Card {
        Card::Release
    }
}

impl Slot for Nation {
    fn blank() -> Nation {
        Nation::British
    }
}

impl Slot for Marker {
    fn blank() -> Marker {
        Marker { a: CircleId::from_index(0), b: CircleId::from_index(0), nation: Nation::British }
    }
}

impl Slot for Pending {
    fn blank() -> Pending {
        Pending::EscapeMarkers { nation: Nation::British }
    }
}

/// Up to `N` values of `T`, in order, inline. Reads as a slice; serialised
/// as a plain list, exactly as a `Vec<T>` is (game files and state hashes
/// do not change). Equality and the debug text see only the values held.
///
/// Costs: `push`/`pop` O(1); `insert`/`remove`/`retain` O(len); a clone
/// copies all `N` slots and never allocates.
#[derive(Copy, Clone)]
pub struct FixedVec<T: Slot, const N: usize> {
    items: [T; N],
    len: u16,
}

impl<T: Slot, const N: usize> FixedVec<T, N> {
    /// The capacity.
    pub const CAPACITY: usize = N;

    /// An empty list.
    pub fn new() -> Self {
        FixedVec { items: [T::blank(); N], len: 0 }
    }

    /// Appends `x`.
    ///
    /// # Panics
    /// When the list is full: every list has a bound the rules or the
    /// board guarantee, so a full list is a bug.
    pub fn push(&mut self, x: T) {
        assert!(usize::from(self.len) < N, "a list of capacity {N} is full");
        self.items[usize::from(self.len)] = x;
        self.len += 1;
    }

    /// Removes and returns the last value.
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[usize::from(self.len)])
    }

    /// Inserts `x` at `i`, shifting the rest up.
    ///
    /// # Panics
    /// When the list is full or `i > len`.
    pub fn insert(&mut self, i: usize, x: T) {
        let len = usize::from(self.len);
        assert!(len < N && i <= len, "insert at {i} into a list of {len} (capacity {N})");
        self.items.copy_within(i..len, i + 1);
        self.items[i] = x;
        self.len += 1;
    }

    /// Removes and returns the value at `i`, shifting the rest down.
    ///
    /// # Panics
    /// When `i >= len`.
    pub fn remove(&mut self, i: usize) -> T {
        let len = usize::from(self.len);
        assert!(i < len, "remove at {i} from a list of {len}");
        let x = self.items[i];
        self.items.copy_within(i + 1..len, i);
        self.len -= 1;
        x
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the values `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut n = 0;
        for i in 0..usize::from(self.len) {
            let x = self.items[i];
            if keep(&x) {
                self.items[n] = x;
                n += 1;
            }
        }
        self.len = n as u16;
    }

    /// The values as a slice.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Slot, const N: usize> Default for FixedVec<T, N> {
    fn default() -> Self {
        FixedVec::new()
    }
}

impl<T: Slot, const N: usize> Deref for FixedVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Slot, const N: usize> DerefMut for FixedVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<'a, T: Slot, const N: usize> IntoIterator for &'a FixedVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Slot, const N: usize> IntoIterator for FixedVec<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        let len = usize::from(self.len);
        self.items.into_iter().take(len)
    }
}

impl<T: Slot, const N: usize> FromIterator<T> for FixedVec<T, N> {
    /// # Panics
    /// When the iterator yields more than `N` values.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = FixedVec::new();
        for x in iter {
            v.push(x);
        }
        v
    }
}

impl<T: Slot + fmt::Debug, const N: usize> fmt::Debug for FixedVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Slot + PartialEq, const N: usize> PartialEq for FixedVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Slot + Eq, const N: usize> Eq for FixedVec<T, N> {}

impl<T: Slot + PartialEq, const N: usize> PartialEq<Vec<T>> for FixedVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Slot + Serialize, const N: usize> Serialize for FixedVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de, T: Slot + Deserialize<'de>, const N: usize> Deserialize<'de> for FixedVec<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Seq<T, const N: usize>(PhantomData<T>);
        impl<'de, T: Slot + Deserialize<'de>, const N: usize> Visitor<'de> for Seq<T, N> {
            type Value = FixedVec<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} values")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut v = FixedVec::new();
                while let Some(x) = seq.next_element()? {
                    if v.len() == N {
                        return Err(A::Error::custom(format_args!("more than {N} values")));
                    }
                    v.push(x);
                }
                Ok(v)
            }
        }
        deserializer.deserialize_seq(Seq::<T, N>(PhantomData))
    }
}

/// A set of circles: one bit per circle of the board. Clearing or making
/// one costs `MAX_CIRCLES / 8` bytes (128).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CircleSet([u64; MAX_CIRCLES / 64]);

impl CircleSet {
    /// No circle.
    pub const EMPTY: CircleSet = CircleSet([0; MAX_CIRCLES / 64]);

    /// Whether `c` is in the set.
    pub fn contains(&self, c: CircleId) -> bool {
        let i = c.index();
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Adds `c`; whether it was new.
    pub fn insert(&mut self, c: CircleId) -> bool {
        let i = c.index();
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }

    /// Every circle (and every index beyond the board's).
    pub const ALL: CircleSet = CircleSet([u64::MAX; MAX_CIRCLES / 64]);

    /// Whether no circle is in the set.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the circle of index `i` is in the set.
    pub fn contains_index(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Takes `c` out.
    pub fn remove(&mut self, c: CircleId) {
        let i = c.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Adds the circle of index `i`.
    pub fn insert_index(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// The circles of `self` not in `other`.
    #[must_use]
    pub fn minus(&self, other: &CircleSet) -> CircleSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        out
    }

    /// The circles in both.
    #[must_use]
    pub fn and(&self, other: &CircleSet) -> CircleSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
        out
    }

    /// Adds the circles of `other`.
    pub fn add(&mut self, other: &CircleSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// The circles' indexes, in increasing order (`Board::id` makes them
    /// circles again).
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(w * 64 + b)
            })
        })
    }
}

/// A first-in first-out queue for a breadth-first search over the board in
/// which each entry (a circle, or a circle and a level) enters at most once:
/// `M` slots, never reused, so no wrap-around. Making one writes all `M`.
pub struct CircleQueue<T: Slot, const M: usize> {
    items: [T; M],
    head: usize,
    tail: usize,
}

impl<T: Slot, const M: usize> CircleQueue<T, M> {
    /// An empty queue.
    pub fn new() -> Self {
        CircleQueue { items: [T::blank(); M], head: 0, tail: 0 }
    }

    /// Empties the queue for another search.
    pub fn clear(&mut self) {
        self.head = 0;
        self.tail = 0;
    }

    /// Appends an entry.
    ///
    /// # Panics
    /// Past `M` entries: the searches push each entry once, and `M` is
    /// the number of distinct entries.
    pub fn push(&mut self, x: T) {
        self.items[self.tail] = x;
        self.tail += 1;
    }

    /// Takes the oldest entry.
    pub fn pop(&mut self) -> Option<T> {
        (self.head < self.tail).then(|| {
            self.head += 1;
            self.items[self.head - 1]
        })
    }

    /// The entry pushed `i`-th since the last `clear` (taken or not).
    pub fn get(&self, i: usize) -> T {
        self.items[i]
    }

    /// Entries pushed since the last `clear` (taken or not): the position
    /// the next push gets.
    pub fn pushed(&self) -> usize {
        self.tail
    }

    /// Entries taken since the last `clear`.
    pub fn taken(&self) -> usize {
        self.head
    }
}

impl<T: Slot, const M: usize> Default for CircleQueue<T, M> {
    fn default() -> Self {
        Self::new()
    }
}
