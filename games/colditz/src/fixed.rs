//! Fixed-capacity containers kept inline, so that listing legal actions and
//! applying one never touch the heap (issue 13): a set of circles
//! ([`CircleSet`]) and a queue of circles ([`CircleQueue`]) for the
//! breadth-first searches over the board. Lists are `tinyvec::ArrayVec`s;
//! every capacity is a bound of the rules or of the board, checked when the
//! board and the decks load (`board.rs`, `cards.rs`) or stated where the
//! list is declared.

use crate::board::CircleId;

/// Most circles a board may have (the car included): the size of the
/// per-circle scratch arrays. `Board::from_data` refuses a larger board.
pub const MAX_CIRCLES: usize = 1024;

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
pub struct CircleQueue<T: Copy + Default, const M: usize> {
    items: [T; M],
    head: usize,
    tail: usize,
}

impl<T: Copy + Default, const M: usize> CircleQueue<T, M> {
    /// An empty queue.
    pub fn new() -> Self {
        CircleQueue { items: [T::default(); M], head: 0, tail: 0 }
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

impl<T: Copy + Default, const M: usize> Default for CircleQueue<T, M> {
    fn default() -> Self {
        Self::new()
    }
}
