//! The marks of a map search with no heap: an [`IdSet`] of one-byte ids.
//! Listing legal actions and applying one never touch the heap (issue 13: a
//! search does both millions of times); the bounded lists of the rules and
//! of the [`crate::State`] are `tinyvec::ArrayVec`s.
//!
//! Costs: an [`IdSet`] is 32 bytes; insert and test are O(1), iteration
//! O(256 / 64 + members).

use tinyvec::ArrayVec;

/// An empty inline list, its backing array filled in one copy:
/// `ArrayVec::new()`, `default()` and `collect()` build it element by
/// element (tinyvec's `try_map`), which for the 250-slot lists of the rules'
/// checks cost a sixth of a random playout's time. O(N), a fill.
pub(crate) fn empty_list<T: Copy + Default, const N: usize>() -> ArrayVec<[T; N]> {
    ArrayVec::from_array_empty([T::default(); N])
}

/// `items` in an inline list made by [`empty_list`]. Panics past `N` items (the
/// bounds are the scenario's tables, checked when it loads). O(N + items).
pub(crate) fn inline_list<T: Copy + Default, const N: usize>(items: impl IntoIterator<Item = T>) -> ArrayVec<[T; N]> {
    let mut list = empty_list();
    list.extend(items);
    list
}

/// Removes consecutive repeats from an inline list, as `Vec::dedup` does
/// (tinyvec's own `dedup` needs a nightly feature). O(len).
pub(crate) fn dedup<T: Copy + Default + PartialEq, const N: usize>(v: &mut ArrayVec<[T; N]>) {
    let mut last = None;
    v.retain(|&x| last.replace(x) != Some(x));
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
    fn dedup_removes_consecutive_repeats() {
        let mut v: ArrayVec<[u8; 8]> = [3, 1, 1, 2, 2, 2, 1].into_iter().collect();
        dedup(&mut v);
        assert_eq!(v.as_slice(), [3, 1, 2, 1]);
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
