//! A list with a fixed capacity, kept inline: the lists of the state that
//! grow during play (the moving force, a fight's units, the hexes attacked)
//! have bounds in the rules and the scenario limits (`scenario.rs`), so
//! applying an action never touches the heap and a clone is one copy.

use crate::unit::UnitId;
use sandtable_board::HexId;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// A value that can fill the unused slots of a [`FixedVec`] (never read).
pub trait Slot: Copy {
    /// The filler.
    fn blank() -> Self;
}

impl Slot for u16 {
    fn blank() -> u16 {
        0
    }
}

impl Slot for UnitId {
    fn blank() -> UnitId {
        UnitId::from_index(0)
    }
}

impl Slot for HexId {
    fn blank() -> HexId {
        HexId::from_index(0)
    }
}

impl Slot for (HexId, HexId, u8) {
    fn blank() -> Self {
        (HexId::from_index(0), HexId::from_index(0), 0)
    }
}

/// Up to `N` values of `T`, in order, inline. Reads as a slice; serialised
/// as a plain list, exactly as a `Vec<T>` is. Equality and the debug text
/// see only the values held.
///
/// Costs: `push` O(1); `retain` O(len); a clone copies all `N` slots.
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

    /// A list of `items`.
    ///
    /// # Panics
    /// When `items` holds more than `N` values.
    pub fn from_slice(items: &[T]) -> Self {
        let mut v = FixedVec::new();
        v.extend_from_slice(items);
        v
    }

    /// Appends `x`.
    ///
    /// # Panics
    /// When the list is full: every list of the state has a bound the
    /// scenario's limits guarantee, so a full list is a bug.
    pub fn push(&mut self, x: T) {
        assert!(usize::from(self.len) < N, "a list of capacity {N} is full");
        self.items[usize::from(self.len)] = x;
        self.len += 1;
    }

    /// Appends every value of `xs`.
    ///
    /// # Panics
    /// As [`FixedVec::push`].
    pub fn extend_from_slice(&mut self, xs: &[T]) {
        for &x in xs {
            self.push(x);
        }
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

    /// The values as a vector (allocates).
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
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

impl<T: Slot + PartialEq, const N: usize> PartialEq<[T]> for FixedVec<T, N> {
    fn eq(&self, other: &[T]) -> bool {
        self.as_slice() == other
    }
}

impl<T: Slot + PartialEq, const N: usize, const M: usize> PartialEq<[T; M]> for FixedVec<T, N> {
    fn eq(&self, other: &[T; M]) -> bool {
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
                        return Err(A::Error::custom(format_args!("more than {N} values (the limit of this list)")));
                    }
                    v.push(x);
                }
                Ok(v)
            }
        }
        deserializer.deserialize_seq(Seq::<T, N>(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::FixedVec;

    #[test]
    fn reads_and_serialises_as_a_vec() {
        let mut v: FixedVec<u16, 4> = [3, 1, 2].into_iter().collect();
        v.retain(|&x| x != 1);
        v.push(7);
        assert_eq!(v, vec![3, 2, 7]);
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,2,7]");
        assert_eq!(format!("{v:?}"), "[3, 2, 7]");
        let w: FixedVec<u16, 4> = serde_json::from_str("[3,2,7]").unwrap();
        assert_eq!(v, w);
        assert!(serde_json::from_str::<FixedVec<u16, 2>>("[1,2,3]").is_err());
        v.clear();
        assert!(v.is_empty() && v == [0u16; 0]);
    }
}
