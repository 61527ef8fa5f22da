//! Chance lives inside the state: a seeded ChaCha stream that is serialised
//! with it, so `seed + action log` replays a game exactly.
//!
//! # The mapping is ours, and part of the saved-game format
//!
//! A game file holds only the set-up (with its seed) and the log; every die
//! rolled on replay must come out as it did in play. So the whole path from a
//! seed to a die is specified here and owned by this module — no
//! `rand::Rng::gen_range`, whose algorithm a `rand` release may change:
//!
//! 1. **Seed → key.** The 32-byte ChaCha key is the SHA-256 digest of the
//!    seed's 8 little-endian bytes (`Sha256(seed.to_le_bytes())`); the stream
//!    id (nonce) is 0 and the block counter starts at 0. Hashing makes
//!    neighbouring seeds (0, 1, 2…) give unrelated keys.
//! 2. **Key → words.** The generator is ChaCha with 8 rounds
//!    (`rand_chacha::ChaCha8Rng`), read one 32-bit word at a time with
//!    `RngCore::next_u32`. Word `k` is the little-endian `u32` at bytes
//!    `4k..4k+4` of the keystream, whose block `b` is Bernstein's ChaCha
//!    block function with 8 rounds (4 double rounds) on the state
//!    (constants, key, 64-bit block counter `b` in words 12–13, 64-bit nonce
//!    0 in words 14–15), its 16 output words taken in order. The keystream
//!    is fixed by the ChaCha algorithm, and `rand_chacha` documents its
//!    output as value-stable. [`Dice::position`] is the number of words
//!    taken so far.
//! 3. **Words → `0..n`** (`below(n)`, `1 ≤ n ≤ 2³²−1`): with
//!    `zone = 2³² − (2³² mod n)`, take the next word `w`; if `w ≥ zone`,
//!    reject it and take the next word; otherwise the result is `w mod n`.
//!    Each call consumes one word plus one per rejection.
//!
//! **Unbiased:** `zone` is the largest multiple of `n` not above 2³², so the
//! accepted words `0..zone` contain each residue `0..n` exactly `zone / n`
//! times; the keystream's words are uniform (ChaCha8 is indistinguishable
//! from random for these purposes), so the results are too. A word is rejected
//! with probability `(2³² mod n) / 2³² < n / 2³²` (for a d6: 4 in 2³²).
//!
//! What each call consumes:
//! - [`Dice::d6`] is `below(6) + 1`.
//! - [`Dice::below`] as in step 3.
//! - [`Dice::shuffle`] is Fisher–Yates from the back: for `i` from
//!   `len − 1` down to 1, `j = below(i + 1)`, swap items `i` and `j` — so
//!   `len − 1` calls of `below` (none for 0 or 1 items).
//!
//! Changing any step changes every seeded game: saved games would no longer
//! replay to their hashes. The unit tests below pin the first outputs (an
//! independent implementation of the three steps, from the description
//! above, reproduces them), and the golden game files
//! (`crates/catalog/tests/golden/`) pin whole games.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The game's dice. Cloning copies the generator (about 300 bytes, no heap).
/// Serialised as the ChaCha key, stream and word position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// Set only on a forecast's scratch copy of a state: the results to give
    /// instead of the stream's, so that every way the dice can fall is
    /// tried in turn (see [`crate::forecast`]). Never serialised; `None` in
    /// play, where it costs one predictable branch per roll.
    #[serde(skip)]
    script: Option<Box<Script>>,
}

/// The rolls a forecast dictates: the path of results through the tree of
/// every way the dice can fall, extended with 0 where the action rolls
/// further than the path goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Script {
    /// Each roll so far: (result given, number of possible results).
    pub(crate) path: Vec<(u32, u32)>,
    /// The next roll's index in `path`.
    pub(crate) at: usize,
    /// A roll asked for a different number of results than the same roll
    /// did on an earlier pass: the action is not a function of its dice,
    /// so no forecast can be made of it.
    pub(crate) diverged: bool,
}

impl Script {
    fn next(&mut self, n: u32) -> u32 {
        let i = self.at;
        self.at += 1;
        match self.path.get(i) {
            Some(&(result, m)) => {
                if m != n {
                    self.diverged = true;
                }
                result % n
            }
            None => {
                self.path.push((0, n));
                0
            }
        }
    }
}

impl Dice {
    /// Dice seeded from a game seed: the ChaCha8 key is SHA-256 of the seed's
    /// 8 little-endian bytes, stream 0, position 0 (see the module doc).
    pub fn from_seed(seed: u64) -> Dice {
        let key: [u8; 32] = Sha256::digest(seed.to_le_bytes()).into();
        Dice { rng: ChaCha8Rng::from_seed(key), script: None }
    }
    /// One six-sided die, 1–6: `below(6) + 1`. O(1).
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }
    /// A uniform index in `0..n`, for shuffles and draws: the next stream word
    /// outside the rejection zone, modulo `n` (see the module doc). O(1)
    /// expected; a rejection is rarer than one in two even for the worst `n`.
    ///
    /// # Panics
    /// When `n` is 0 or above `u32::MAX`.
    pub fn below(&mut self, n: usize) -> usize {
        let n = u32::try_from(n).ok().filter(|&n| n > 0).expect("Dice::below takes 1..=u32::MAX");
        if let Some(script) = self.script.as_deref_mut() {
            return script.next(n) as usize;
        }
        loop {
            if let Some(i) = index_of(self.rng.next_u32(), n) {
                return i as usize;
            }
        }
    }
    /// Shuffles a slice in place (Fisher–Yates from the back through this
    /// stream: `len − 1` calls of [`Dice::below`]).
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
        self.rng.get_word_pos()
    }
    /// Puts a forecast's script in place of the stream (see [`Script`]).
    pub(crate) fn set_script(&mut self, script: Option<Box<Script>>) {
        self.script = script;
    }
    /// The script in place.
    ///
    /// # Panics
    /// When there is none: only a forecast's dice have one.
    pub(crate) fn script_mut(&mut self) -> &mut Script {
        self.script.as_deref_mut().expect("a forecast's dice carry a script")
    }
}

/// The rejection zone for `n` (> 0): `2³² − (2³² mod n)`, the largest
/// multiple of `n` not above 2³².
fn zone(n: u32) -> u64 {
    const WORDS: u64 = 1 << 32;
    WORDS - WORDS % u64::from(n)
}

/// What one stream word gives for `below(n)`: `Some(w mod n)`, or `None`
/// when `w` falls in the rejection zone and the next word must be taken.
fn index_of(word: u32, n: u32) -> Option<u32> {
    (u64::from(word) < zone(n)).then(|| word % n)
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

    /// The saved-game format: if this fails, the stream or the mapping
    /// changed and every saved game with it.
    #[test]
    fn golden_sequences_never_drift() {
        let mut d = Dice::from_seed(1);
        let rolls: Vec<u8> = (0..30).map(|_| d.d6()).collect();
        assert_eq!(rolls, GOLDEN_D6_SEED_1);
        assert_eq!(d.position(), 30, "no word of these was rejected");
        let mut d = Dice::from_seed(2);
        let draws: Vec<usize> = (0..20).map(|_| d.below(52)).collect();
        assert_eq!(draws, GOLDEN_BELOW_52_SEED_2);
        let mut d = Dice::from_seed(3);
        let mut deck: Vec<u8> = (0..10).collect();
        d.shuffle(&mut deck);
        assert_eq!(deck, GOLDEN_SHUFFLE_10_SEED_3);
        assert_eq!(d.position(), 9, "one word per swap");
    }

    /// The two halves separately: the key and raw words (stream), so a
    /// failure above says whether the stream or the mapping moved.
    #[test]
    fn golden_key_and_raw_words() {
        let key: [u8; 32] = Sha256::digest(0u64.to_le_bytes()).into();
        let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "af5570f5a1810b7af78caf4bc70a660f0df51e42baf91d4de5b2328de0e83dfc");
        let mut d = Dice::from_seed(0);
        let words: Vec<u32> = (0..4).map(|_| d.rng.next_u32()).collect();
        assert_eq!(words, GOLDEN_WORDS_SEED_0);
    }

    const GOLDEN_D6_SEED_1: [u8; 30] =
        [6, 3, 2, 6, 4, 2, 4, 3, 4, 3, 6, 4, 1, 5, 4, 6, 6, 1, 1, 5, 1, 4, 1, 5, 5, 1, 4, 2, 4, 5];
    const GOLDEN_BELOW_52_SEED_2: [usize; 20] =
        [3, 4, 32, 2, 19, 2, 30, 3, 41, 31, 14, 31, 28, 44, 37, 35, 33, 29, 38, 33];
    const GOLDEN_SHUFFLE_10_SEED_3: [u8; 10] = [7, 9, 5, 4, 0, 3, 2, 1, 6, 8];
    const GOLDEN_WORDS_SEED_0: [u32; 4] = [2379803234, 1249312611, 4206866101, 3774591035];

    #[test]
    fn rejection_zone_edges() {
        // n = 6: 2^32 mod 6 = 4, so the zone is 2^32 − 4.
        assert_eq!(zone(6), (1 << 32) - 4);
        assert_eq!(index_of(u32::MAX - 4, 6), Some((u32::MAX - 4) % 6)); // zone − 1: accepted
        assert_eq!((u32::MAX - 4) % 6, 5, "the last accepted word gives the last face");
        for w in u32::MAX - 3..=u32::MAX {
            assert_eq!(index_of(w, 6), None, "word {w} is in the zone");
        }
        assert_eq!(index_of(0, 6), Some(0));
        assert_eq!(index_of(7, 6), Some(1));
        // n = 1: nothing is rejected, everything is 0.
        assert_eq!(zone(1), 1 << 32);
        assert_eq!(index_of(u32::MAX, 1), Some(0));
        assert_eq!(index_of(0, 1), Some(0));
        // n = 2: 2^32 is a multiple, nothing rejected.
        assert_eq!(index_of(u32::MAX, 2), Some(1));
        // n = 2^31 + 1, the worst case: the zone is n itself, almost half rejected.
        let n = (1u32 << 31) + 1;
        assert_eq!(zone(n), u64::from(n));
        assert_eq!(index_of(n - 1, n), Some(n - 1));
        assert_eq!(index_of(n, n), None);
        assert_eq!(index_of(u32::MAX, n), None);
        // n = 2^32 − 1: only the top word is rejected.
        assert_eq!(index_of(u32::MAX - 1, u32::MAX), Some(u32::MAX - 1));
        assert_eq!(index_of(u32::MAX, u32::MAX), None);
    }

    #[test]
    fn below_consumes_one_word_per_attempt() {
        // Over many draws with a large n, positions advance by exactly the
        // number of words taken (accepted + rejected).
        let n = (1u32 << 31) + 1;
        let mut d = Dice::from_seed(9);
        let mut probe = d.clone();
        for _ in 0..100 {
            let before = d.position();
            let got = d.below(n as usize);
            let mut taken = 0;
            let expect = loop {
                taken += 1;
                if let Some(i) = index_of(probe.rng.next_u32(), n) {
                    break i as usize;
                }
            };
            assert_eq!(got, expect);
            assert_eq!(d.position() - before, taken);
        }
    }

    #[test]
    #[should_panic(expected = "Dice::below takes")]
    fn below_zero_panics() {
        Dice::from_seed(1).below(0);
    }

    /// A sanity check, not a proof: a fixed seed, so deterministic; the bound
    /// is generous (each face within 3% of its expectation over 600 000 rolls,
    /// where one standard deviation is about 0.4%).
    #[test]
    fn faces_are_even() {
        let mut d = Dice::from_seed(42);
        let mut counts = [0u32; 6];
        for _ in 0..600_000 {
            counts[usize::from(d.d6() - 1)] += 1;
        }
        for c in counts {
            assert!((97_000..=103_000).contains(&c), "{counts:?}");
        }
    }
}
