//! Provable dice on the server (see `sandtable_core::provable` and
//! docs/dice.md): a game made without a chosen seed commits to a secret,
//! gathers a share from each seat played by a person, and is set up only
//! when the last share is in (the seal). Until then nothing has been rolled
//! or shuffled that anyone sees: the table shows no board and the hub
//! refuses every action.

use crate::error::ApiError;
use axum::http::StatusCode;
use sandtable_core::provable::{DiceProof, Secret, Share};
use serde_json::{json, Value};

/// How a game's dice are to be drawn, as its creation asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DiceChoice {
    /// Commit to a secret and gather the people's shares (the default).
    Provable,
    /// Play the set-up's seed as given (a request that names a seed, for
    /// tests and research): every page says nobody can check these dice.
    Chosen,
}

/// How a game's dice are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Draw {
    /// The creator chose the seed, or the game starts from a saved
    /// position: there is nothing to prove, and every page says so.
    Chosen,
    /// The server committed to `secret` before any share; `shares` are the
    /// people's shares so far; `sealed` once every person's share was in and
    /// the game was set up from the seed they make.
    Committed {
        /// The server's secret (never sent before the game is over).
        secret: Secret,
        /// The shares given, in the order they came.
        shares: Vec<Share>,
        /// The game is set up from `secret.seed(shares)`.
        sealed: bool,
    },
}

impl Draw {
    /// The draw of a game whose row holds `secret` (none: a chosen seed).
    ///
    /// # Errors
    /// A stored secret that is not 64 hex digits.
    pub fn of(secret: Option<&str>) -> Result<Draw, String> {
        match secret {
            None => Ok(Draw::Chosen),
            Some(hex) => Secret::from_hex(hex)
                .map(|secret| Draw::Committed { secret, shares: Vec::new(), sealed: false })
                .map_err(|e| e.to_string()),
        }
    }
    /// The shares are still being gathered: the game is not set up yet.
    pub fn gathering(&self) -> bool {
        matches!(self, Draw::Committed { sealed: false, .. })
    }
    /// The shares given so far.
    pub fn shares(&self) -> &[Share] {
        match self {
            Draw::Chosen => &[],
            Draw::Committed { shares, .. } => shares,
        }
    }
    /// Whether seat `id` has given its share.
    pub fn has_share(&self, id: &str) -> bool {
        self.shares().iter().any(|s| s.seat == id)
    }
    /// The seed the shares make with the secret, when every seat of
    /// `people` (by id) has given one and the game is not sealed yet: the
    /// moment to set the game up. Changes nothing: [`Draw::mark_sealed`]
    /// once the set-up from it succeeded.
    pub fn seed_if_complete(&self, people: &[&str]) -> Option<u64> {
        match self {
            Draw::Committed { secret, shares, sealed: false } if people.iter().all(|id| self.has_share(id)) => {
                Some(secret.seed(shares))
            }
            _ => None,
        }
    }
    /// The game is now set up from the shares' seed.
    pub fn mark_sealed(&mut self) {
        if let Draw::Committed { sealed, .. } = self {
            *sealed = true;
        }
    }
    /// The proof a finished game's file carries; `None` for a chosen seed.
    pub fn proof(&self) -> Option<DiceProof> {
        match self {
            Draw::Chosen => None,
            Draw::Committed { secret, shares, .. } => Some(DiceProof::new(secret, shares.clone())),
        }
    }
    /// What every page shows of the dice: `{"chosen": true}`, or the
    /// scheme, the commitment, the shares given, the seats still `waiting`
    /// (ids), whether it is sealed, and — once the game is over — the
    /// secret. O(shares).
    pub fn json(&self, waiting: &[&str], over: bool) -> Value {
        match self {
            Draw::Chosen => json!({"chosen": true}),
            Draw::Committed { secret, shares, sealed } => {
                let mut out = json!({
                    "scheme": sandtable_core::provable::SCHEME,
                    "commitment": secret.commitment(),
                    "shares": shares,
                    "waiting": waiting,
                    "sealed": sealed,
                });
                if over {
                    out["secret"] = json!(secret.to_hex());
                }
                out
            }
        }
    }
}

/// The refusal of an action (or undo, or replay) before the seal: no die
/// has been rolled yet, so there is no game to act in. Names the seats
/// whose shares are missing.
pub fn not_sealed(waiting: &[String]) -> ApiError {
    let who = waiting.join(", ");
    ApiError::new(
        StatusCode::CONFLICT,
        "gathering",
        format!(
            "the dice are not sealed yet: waiting for the share of {who} (a seat's page adds its share when its link is first opened)"
        ),
        format!(
            "кубики ещё не запечатаны: ждём долю {who} (страница места добавляет свою долю при первом открытии ссылки)"
        ),
    )
}

/// The refusal when the set-up from the sealed seed fails (nothing has
/// changed then: see `Live::seal_if_ready`).
pub fn seal_failed(why: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "setup", why.clone(), why)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(seat: &str) -> Share {
        Share::new(seat, &"0f".repeat(32)).expect("64 hex digits")
    }

    #[test]
    fn the_seal_waits_for_every_person_and_comes_once() {
        let mut draw = Draw::of(Some(&"11".repeat(32))).expect("a secret");
        assert!(draw.gathering());
        assert_eq!(draw.seed_if_complete(&["axis", "allies"]), None);
        if let Draw::Committed { shares, .. } = &mut draw {
            shares.push(share("axis"));
        }
        assert_eq!(draw.seed_if_complete(&["axis", "allies"]), None, "allies has not given its share");
        let seed = draw.seed_if_complete(&["axis"]).expect("every person's share is in");
        assert_eq!(seed, Secret::from_hex(&"11".repeat(32)).expect("hex").seed(&[share("axis")]));
        assert!(draw.gathering(), "not sealed until the set-up from the seed succeeded");
        draw.mark_sealed();
        assert!(!draw.gathering());
        assert_eq!(draw.seed_if_complete(&["axis"]), None, "sealed once");
    }

    #[test]
    fn a_chosen_seed_gathers_nothing_and_shows_no_secret_until_the_end() {
        assert!(!Draw::of(None).expect("chosen").gathering());
        assert_eq!(Draw::of(None).expect("chosen").json(&[], true), json!({"chosen": true}));
        let draw = Draw::of(Some(&"22".repeat(32))).expect("a secret");
        assert!(draw.json(&["axis"], false).get("secret").is_none());
        assert_eq!(draw.json(&[], true)["secret"], json!("22".repeat(32)));
        assert!(Draw::of(Some("not hex")).is_err());
    }
}
