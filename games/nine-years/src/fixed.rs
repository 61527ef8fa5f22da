//! Fixed-capacity collections kept inline, with no heap: the lists a rule
//! builds while it checks or lists actions (the corps in a space, the
//! sources of a side), the marks of a map search, and the bounded lists the
//! [`crate::State`] keeps (a force's counters, held and gone event cards,
//! the action discard). Listing legal actions and applying one never touch
//! the heap (issue 13: a search does both millions of times), and a cloned
//! state's lists never grow into a new allocation.
//!
//! Costs: an [`InlineVec`] is its capacity in `T`s plus a byte, copied whole
//! when moved; a push is O(1), a removal O(len). An [`IdSet`] is 32 bytes;
//! insert and test are O(1), iteration O(256 / 64 + members).

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// A list of at most `N` items (`N` ≤ 255) held inline. It derefs to a
/// slice; serialised as a plain sequence, so it reads and writes exactly as
/// a `Vec` would (game files and state hashes are unchanged), and refuses
/// more than `N` items when read.
#[derive(Clone, Copy)]
pub struct InlineVec<T, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// An empty list.
    pub fn new() -> Self {
        const { assert!(N <= u8::MAX as usize, "an InlineVec holds at most 255 items") };
        InlineVec { len: 0, items: [T::default(); N] }
    }

    /// Appends an item. O(1).
    ///
    /// # Panics
    /// When the list is full: every list of the rules has its bound (the
    /// loader's table sizes, [`crate::MAX_TABLE`]), so that is a bug.
    pub fn push(&mut self, item: T) {
        let i = usize::from(self.len);
        assert!(i < N, "more than {N} items in a list the rules bound to {N}");
        self.items[i] = item;
        self.len += 1;
    }

    /// Removes and returns the last item. O(1).
    pub fn pop(&mut self) -> Option<T> {
        let item = self.last().copied()?;
        self.len -= 1;
        Some(item)
    }

    /// Removes and returns the item at `i`, shifting the rest down. O(len).
    ///
    /// # Panics
    /// When `i` is out of range.
    pub fn remove(&mut self, i: usize) -> T {
        let item = self[i];
        let len = usize::from(self.len);
        self.items.copy_within(i + 1..len, i);
        self.len -= 1;
        item
    }

    /// Keeps the items `keep` accepts, in order. O(len).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut k = 0;
        for i in 0..usize::from(self.len) {
            let item = self.items[i];
            if keep(&item) {
                self.items[k] = item;
                k += 1;
            }
        }
        self.len = k as u8;
    }

    /// Removes consecutive repeats (as `Vec::dedup`). O(len).
    pub fn dedup(&mut self)
    where
        T: PartialEq,
    {
        let mut k = 0;
        for i in 0..usize::from(self.len) {
            let item = self.items[i];
            if k == 0 || self.items[k - 1] != item {
                self.items[k] = item;
                k += 1;
            }
        }
        self.len = k as u8;
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        InlineVec::new()
    }
}

impl<T, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: PartialEq, const N: usize> PartialEq<Vec<T>> for InlineVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        **self == **other
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
    /// # Panics
    /// Past the capacity, as [`InlineVec::push`].
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineVec<T, N> {
    /// # Panics
    /// Past the capacity, as [`InlineVec::push`].
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut v = InlineVec::new();
        v.extend(items);
        v
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;
    fn into_iter(self) -> IntoIter<T, N> {
        IntoIter { list: self, next: 0 }
    }
}

/// The items of an [`InlineVec`] by value, in order.
pub struct IntoIter<T, const N: usize> {
    list: InlineVec<T, N>,
    next: u8,
}

impl<T: Copy, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let item = self.list.get(usize::from(self.next)).copied()?;
        self.next += 1;
        Some(item)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::from(self.list.len - self.next);
        (n, Some(n))
    }
}

impl<T: Copy, const N: usize> ExactSizeIterator for IntoIter<T, N> {}

impl<T: Serialize, const N: usize> Serialize for InlineVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Deserialize<'de> for InlineVec<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Seq<T, const N: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Visitor<'de> for Seq<T, N> {
            type Value = InlineVec<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} items")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut v = InlineVec::new();
                while let Some(item) = seq.next_element()? {
                    if v.len() == N {
                        return Err(A::Error::custom(format_args!("more than {N} items")));
                    }
                    v.push(item);
                }
                Ok(v)
            }
        }
        deserializer.deserialize_seq(Seq::<T, N>(PhantomData))
    }
}

/// A set of one-byte ids (spaces, powers, …) as 256 bits: the marks of a map
/// search, or a sorted set of distinct ids (iteration is in ascending order).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct IdSet([u64; 4]);

impl IdSet {
    /// Adds `i`; false if it was there already.
    pub fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }

    /// Whether `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1u64 << (i % 64)) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The members, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_vec_behaves_as_a_vec_and_serialises_as_one() {
        let mut v: InlineVec<u8, 4> = [3, 1, 1, 2].into_iter().collect();
        v.dedup();
        assert_eq!(v, vec![3, 1, 2]);
        assert_eq!(v.remove(0), 3);
        v.retain(|&x| x != 2);
        v.push(9);
        assert_eq!(v.into_iter().collect::<Vec<_>>(), vec![1, 9]);
        let json = serde_json::to_string(&v).expect("json");
        assert_eq!(json, serde_json::to_string(&vec![1u8, 9]).expect("json"));
        assert_eq!(serde_json::from_str::<InlineVec<u8, 4>>(&json).expect("reads"), v);
        assert!(serde_json::from_str::<InlineVec<u8, 4>>("[1,2,3,4,5]").is_err());
    }

    #[test]
    fn id_set_iterates_ascending() {
        let mut s = IdSet::default();
        for i in [200, 3, 64, 3, 0, 255] {
            s.insert(i);
        }
        assert!(s.contains(64) && !s.contains(65));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3, 64, 200, 255]);
    }
}
