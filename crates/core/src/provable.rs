//! Dice nobody can steer, and anyone can check afterwards: commit, gather
//! shares, reveal (issue 14).
//!
//! # The scheme (`sandtable-dice/1`)
//!
//! 1. **Commit.** When a game is made, the server draws a 32-byte `secret`
//!    from the operating system's generator and shows every page the
//!    commitment `C = SHA-256("sandtable-dice/1 commitment" ‖ secret)`.
//! 2. **Shares.** Every seat played by a person then adds a share of its own:
//!    32 bytes its page draws (`crypto.getRandomValues`), or any 32 bytes its
//!    holder types. The shares are public as soon as they are given.
//! 3. **Seal.** When the last person's share is in, the game's seed is
//!    `u64::from_le_bytes(first 8 bytes of SHA-256("sandtable-dice/1 seed" ‖
//!    secret ‖ for each share, in seat-id order: seat id ‖ 0x00 ‖ its 32
//!    bytes))`, and the game is set up (decks shuffled) and played from it
//!    by [`crate::Dice::from_seed`]. Nothing rolls before the seal.
//! 4. **Reveal.** When the game is over, `secret` is published with the
//!    game file; anyone checks that it hashes to `C`, that the seed follows
//!    from it and the shares, and that the log replays with that seed to the
//!    recorded end ([`DiceProof::check`], `sandtable verify FILE`).
//!
//! # Why nobody can steer
//! The secret is fixed (by `C`) before any share exists, so the server
//! cannot pick it to suit the shares; a person's share is given without
//! knowing the secret, so no share can aim at a seed. A seed needs both.
//!
//! # What it does not protect against (docs/dice.md says it to players)
//! - The server knows the secret, so it knows every die and hidden card from
//!   the seal on: an operator who shows them to a player, or plays a seat
//!   itself, is not caught. Hidden information is only as safe as the
//!   server.
//! - An operator in league with the *last* person to give a share could try
//!   shares until the seed suits them.
//! - An operator can refuse to go on with a game (or lose it); it cannot
//!   change one.
//! - A game whose seed its creator chose (`seed` in the request) or that
//!   starts from a saved position has no commitment: every page says so.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The scheme's name, in every [`DiceProof`] and in the hashes' prefixes.
pub const SCHEME: &str = "sandtable-dice/1";

/// The server's secret: 32 bytes fixed before any share, hidden until the
/// game is over.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Secret([u8; 32]);

impl fmt::Debug for Secret {
    /// Never prints the bytes: a secret in a log line would give the game away.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Secret {
    /// The secret made of these bytes (the server draws them from the OS).
    pub fn new(bytes: [u8; 32]) -> Secret {
        Secret(bytes)
    }
    /// Reads 64 hex digits.
    ///
    /// # Errors
    /// Not 64 hex digits.
    pub fn from_hex(text: &str) -> Result<Secret, ProofError> {
        bytes32(text).map(Secret).ok_or(ProofError::Malformed("secret"))
    }
    /// 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }
    /// The commitment `SHA-256("sandtable-dice/1 commitment" ‖ secret)`, as
    /// 64 hex digits. O(1).
    pub fn commitment(&self) -> String {
        let mut h = Sha256::new();
        h.update(SCHEME.as_bytes());
        h.update(b" commitment");
        h.update(self.0);
        hex::encode(h.finalize())
    }
    /// The game's seed from this secret and the shares (taken in seat-id
    /// order whatever order they are given in). O(shares).
    pub fn seed(&self, shares: &[Share]) -> u64 {
        let mut sorted: Vec<&Share> = shares.iter().collect();
        sorted.sort_by(|a, b| a.seat.cmp(&b.seat));
        let mut h = Sha256::new();
        h.update(SCHEME.as_bytes());
        h.update(b" seed");
        h.update(self.0);
        for share in sorted {
            h.update(share.seat.as_bytes());
            h.update([0]);
            h.update(share.bytes);
        }
        let digest = h.finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(first)
    }
}

/// One seat's share of the dice: 32 bytes, public once given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ShareText", into = "ShareText")]
pub struct Share {
    /// The seat's id (`axis`).
    pub seat: String,
    bytes: [u8; 32],
}

impl Share {
    /// A seat's share from 64 hex digits.
    ///
    /// # Errors
    /// [`ProofError::Malformed`] when `entropy` is not 64 hex digits.
    pub fn new(seat: &str, entropy: &str) -> Result<Share, ProofError> {
        let bytes = bytes32(entropy).ok_or(ProofError::Malformed("share"))?;
        Ok(Share { seat: seat.to_owned(), bytes })
    }
    /// The share's 64 lowercase hex digits.
    pub fn entropy(&self) -> String {
        hex::encode(self.bytes)
    }
}

/// A share as JSON: `{"seat": "axis", "entropy": "<64 hex digits>"}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShareText {
    seat: String,
    entropy: String,
}

impl TryFrom<ShareText> for Share {
    type Error = ProofError;
    fn try_from(t: ShareText) -> Result<Share, ProofError> {
        Share::new(&t.seat, &t.entropy)
    }
}

impl From<Share> for ShareText {
    fn from(s: Share) -> ShareText {
        ShareText { entropy: s.entropy(), seat: s.seat }
    }
}

/// What a finished game's file carries to prove its dice: the commitment
/// every page showed, the shares, and the revealed secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceProof {
    /// Always [`SCHEME`].
    pub scheme: String,
    /// The commitment (64 hex digits).
    pub commitment: String,
    /// Each person's share.
    pub shares: Vec<Share>,
    /// The secret (64 hex digits); given only once the game is over.
    pub secret: String,
}

impl DiceProof {
    /// The proof of a game whose secret is `secret` and shares `shares`.
    pub fn new(secret: &Secret, shares: Vec<Share>) -> DiceProof {
        DiceProof { scheme: SCHEME.into(), commitment: secret.commitment(), shares, secret: secret.to_hex() }
    }
    /// Checks the proof against the seed a game was played with and the
    /// ids of the seats playing it: the secret hashes to the commitment,
    /// each share is of a seat of the game and no seat has two (a share
    /// made up for another seat could otherwise aim the seed), and the seed
    /// follows from the secret and the shares. (That the log replays from
    /// that seed to the recorded end is the game file's own check; that the
    /// shares are the ones the pages saw, the pages' own.) O(shares × seats).
    ///
    /// # Errors
    /// The first link of the chain that does not hold.
    pub fn check(&self, seed: u64, seats: &[&str]) -> Result<(), ProofError> {
        if self.scheme != SCHEME {
            return Err(ProofError::Scheme(self.scheme.clone()));
        }
        for (i, share) in self.shares.iter().enumerate() {
            let twice = self.shares[..i].iter().any(|s| s.seat == share.seat);
            if twice || !seats.contains(&share.seat.as_str()) {
                return Err(ProofError::Share(share.seat.clone()));
            }
        }
        let secret = Secret::from_hex(&self.secret)?;
        let made = secret.commitment();
        if made != self.commitment.to_ascii_lowercase() {
            return Err(ProofError::Commitment { committed: self.commitment.clone(), secret_hashes_to: made });
        }
        let derived = secret.seed(&self.shares);
        if derived != seed {
            return Err(ProofError::Seed { played: seed, derived });
        }
        Ok(())
    }
}

/// Why a dice proof does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// A field is not 64 hex digits (`"secret"`, `"share"`).
    Malformed(&'static str),
    /// Another scheme than [`SCHEME`].
    Scheme(String),
    /// A share of a seat that is not in the game, or a second share of one.
    Share(String),
    /// The secret does not hash to the commitment: it is not the secret the
    /// pages were shown a commitment to.
    Commitment {
        /// The commitment shown.
        committed: String,
        /// What the revealed secret hashes to.
        secret_hashes_to: String,
    },
    /// The game was played with another seed than the secret and shares give.
    Seed {
        /// The seed in the file.
        played: u64,
        /// The seed the secret and shares give.
        derived: u64,
    },
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::Malformed(what) => {
                let ru = if *what == "secret" { "секрет" } else { "доля" };
                write!(f, "the {what} is not 64 hex digits / {ru}: не 64 шестнадцатеричные цифры")
            }
            ProofError::Scheme(s) => {
                write!(f, "unknown dice scheme {s:?} (this build checks {SCHEME}) / неизвестная схема кубиков {s:?}")
            }
            ProofError::Share(seat) => write!(
                f,
                "the proof lists a share of {seat:?}, which is not a seat of this game or gave one already: \
                 a made-up share could have aimed the seed / \
                 в доказательстве есть доля места {seat:?}, которого нет в партии или которое уже дало долю: \
                 выдуманная доля могла нацелить зерно"
            ),
            ProofError::Commitment { committed, secret_hashes_to } => write!(
                f,
                "the revealed secret does not match the commitment \
                 (commitment {committed}, the secret hashes to {secret_hashes_to}) / \
                 раскрытый секрет не совпадает с обязательством"
            ),
            ProofError::Seed { played, derived } => write!(
                f,
                "the game was played with seed {played}, but the secret and the players' shares give {derived} / \
                 партия сыграна с зерном {played}, а секрет и доли игроков дают {derived}"
            ),
        }
    }
}

impl std::error::Error for ProofError {}

/// 64 hex digits (either case) as 32 bytes.
fn bytes32(text: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    hex::decode_to_slice(text.trim(), &mut out).ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(seat: &str, byte: u8) -> Share {
        Share::new(seat, &hex::encode([byte; 32])).expect("64 hex digits")
    }

    #[test]
    fn the_commitment_is_the_prefixed_sha256_of_the_secret() {
        let secret = Secret::new([7; 32]);
        let mut h = Sha256::new();
        h.update(b"sandtable-dice/1 commitment");
        h.update([7u8; 32]);
        assert_eq!(secret.commitment(), hex::encode(h.finalize()));
        assert_ne!(Secret::new([8; 32]).commitment(), secret.commitment());
    }

    #[test]
    fn the_seed_follows_the_documented_hash_and_ignores_the_order_shares_come_in() {
        let secret = Secret::new([1; 32]);
        let (a, b) = (share("allies", 2), share("axis", 3));
        let mut h = Sha256::new();
        h.update(b"sandtable-dice/1 seed");
        h.update([1u8; 32]);
        h.update(b"allies\0");
        h.update([2u8; 32]);
        h.update(b"axis\0");
        h.update([3u8; 32]);
        let d = h.finalize();
        let expected = u64::from_le_bytes(d[..8].try_into().expect("8 bytes"));
        assert_eq!(secret.seed(&[a.clone(), b.clone()]), expected);
        assert_eq!(secret.seed(&[b.clone(), a.clone()]), expected);
        // Every share counts: a different share, or one missing, moves the seed.
        assert_ne!(secret.seed(&[a.clone(), share("axis", 4)]), expected);
        assert_ne!(secret.seed(&[a]), expected);
    }

    #[test]
    fn a_proof_holds_only_for_its_own_secret_shares_and_seed() {
        let secret = Secret::new([9; 32]);
        let shares = vec![share("axis", 5)];
        let seed = secret.seed(&shares);
        let proof = DiceProof::new(&secret, shares);
        let seats = ["axis", "allies"];
        assert_eq!(proof.check(seed, &seats), Ok(()));
        assert!(matches!(proof.check(seed ^ 1, &seats), Err(ProofError::Seed { .. })));
        let other = DiceProof { secret: Secret::new([10; 32]).to_hex(), ..proof.clone() };
        assert!(matches!(other.check(seed, &seats), Err(ProofError::Commitment { .. })));
        let moved = DiceProof { shares: vec![share("axis", 6)], ..proof.clone() };
        assert!(matches!(moved.check(seed, &seats), Err(ProofError::Seed { .. })));
        let bad = DiceProof { secret: "zz".into(), ..proof.clone() };
        assert_eq!(bad.check(seed, &seats), Err(ProofError::Malformed("secret")));
        // A share made up for a seat not in the game, or a second one for a
        // seat, is refused even when the seed it gives is the one played.
        for extra in [share("zz", 1), share("axis", 1)] {
            let shares = vec![share("axis", 5), extra];
            let aimed = DiceProof::new(&secret, shares.clone());
            assert!(matches!(aimed.check(secret.seed(&shares), &seats), Err(ProofError::Share(_))));
        }
        let json = serde_json::to_string(&proof).expect("serialises");
        assert_eq!(serde_json::from_str::<DiceProof>(&json).expect("reads back"), proof);
    }

    #[test]
    fn a_share_must_be_64_hex_digits() {
        assert!(Share::new("axis", &"ab".repeat(32)).is_ok());
        assert!(Share::new("axis", &"AB".repeat(32)).is_ok());
        assert_eq!(Share::new("axis", &"ab".repeat(31)), Err(ProofError::Malformed("share")));
        assert_eq!(Share::new("axis", &"ab".repeat(33)), Err(ProofError::Malformed("share")));
        assert_eq!(Share::new("axis", &"zz".repeat(32)), Err(ProofError::Malformed("share")));
        assert!(serde_json::from_str::<Share>(r#"{"seat":"axis","entropy":"00"}"#).is_err());
    }

    #[test]
    fn a_secret_never_prints() {
        assert_eq!(format!("{:?}", Secret::new([1; 32])), "Secret(…)");
    }
}
