//! Chance lives inside the state: a seeded ChaCha stream that is serialised
//! with it, so `seed + action log` replays a game exactly.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The game's dice. Cloning copies the generator (about 300 bytes, no heap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice(ChaCha8Rng);

impl Dice {
    /// Dice seeded from a game seed.
    pub fn from_seed(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }
    /// One six-sided die, 1–6. O(1).
    pub fn d6(&mut self) -> u8 {
        self.0.gen_range(1..=6)
    }
    /// A uniform index in `0..n` (n > 0), for shuffles and draws.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.gen_range(0..n)
    }
    /// Shuffles a slice in place (Fisher–Yates through this stream).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
    /// How far the stream has advanced. Two readings differ exactly when
    /// something random happened in between: the engine uses this as the undo
    /// barrier ("a die was rolled"), so no game marks it by hand.
    pub fn position(&self) -> u128 {
        self.0.get_word_pos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls_and_position_moves() {
        let mut a = Dice::from_seed(7);
        let mut b = Dice::from_seed(7);
        let p = a.position();
        let ra: Vec<u8> = (0..50).map(|_| a.d6()).collect();
        let rb: Vec<u8> = (0..50).map(|_| b.d6()).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|r| (1..=6).contains(r)));
        assert_ne!(a.position(), p);
        let back: Dice = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }
}
