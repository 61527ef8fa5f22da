//! Golden games: one full random game per game of the catalog (and a few
//! variants), committed under `tests/golden/` as ordinary game files
//! (set-up with seed, the whole log, the final state hash). Each must load
//! through [`sandtable_catalog::open`] — which replays every decision and
//! compares the state hash — and end in the recorded outcome. The dice are
//! part of the saved-game format (see `sandtable_core::Dice`): if a
//! dependency update or a code change moved a single die, the replay
//! diverges and this test fails.
//!
//! Every game of the catalog must have an entry in [`GOLDEN`]; a new game
//! gets its file by adding a line there and blessing.
//!
//! # Blessing
//!
//! `SANDTABLE_BLESS_GOLDEN=1 cargo test -p sandtable-catalog --test golden`
//! rewrites the files: an existing file's log is replayed without the hash
//! check and written again by this build (new format, new hash, same game);
//! a missing file is made by a random game from the entry's set-up (random
//! bot choices seeded by [`BOT_SEED`]). The recorded figures in [`GOLDEN`]
//! are still checked afterwards.
//!
//! Bless **only for a deliberate change of the game-file or state format**
//! (or to add a game), never to make a failure go away, and say so in the
//! commit message: a changed hash means every saved game of that game
//! no longer loads. If the log itself no longer replays (the rules or the
//! dice changed), blessing refuses; delete the file to play a new game, and
//! update the figures in [`GOLDEN`].

use sandtable_ai::BotSpec;
use sandtable_catalog::{catalog, find, open};
use sandtable_core::{GameRecord, LoadError, Session, Setup, ToAct};
use std::path::PathBuf;

/// A golden game: its file, how it is set up, and what it must come to.
struct Golden {
    /// The file name in `tests/golden/`, without `.json`.
    file: &'static str,
    /// The game id.
    game: &'static str,
    /// A built-in scenario other than the game's default.
    scenario: Option<&'static str>,
    /// Options beyond the defaults.
    options: &'static [(&'static str, &'static str)],
    /// The dice seed.
    seed: u64,
    /// Decisions in the log.
    decisions: usize,
    /// The outcome text (English).
    outcome: &'static str,
}

const GOLDEN: &[Golden] = &[
    Golden {
        file: "totensonntag",
        game: "totensonntag",
        scenario: None,
        options: &[],
        seed: 1,
        decisions: 1314,
        outcome: "Allies win with 1 VP",
    },
    Golden {
        file: "colditz-3p",
        game: "colditz",
        scenario: None,
        options: &[("players", "3")],
        seed: 1,
        decisions: 967,
        outcome: "the German Security Officer wins",
    },
    Golden {
        file: "colditz-classic-3p",
        game: "colditz",
        scenario: None,
        options: &[("players", "3"), ("rules", "classic")],
        seed: 1,
        decisions: 727,
        outcome: "the German Security Officer wins",
    },
    Golden {
        file: "scs-beda-fomm",
        game: "scs",
        scenario: None,
        options: &[],
        seed: 1,
        decisions: 249,
        outcome: "Commonwealth win, 14 VP to 3",
    },
    Golden {
        file: "scs-sidi-rezegh",
        game: "scs",
        scenario: Some("sidi-rezegh-1941"),
        options: &[],
        seed: 1,
        decisions: 623,
        outcome: "Axis win, 26 VP to 4",
    },
    Golden {
        file: "nine-years",
        game: "nine-years",
        scenario: None,
        options: &[],
        seed: 1,
        decisions: 649,
        outcome: "automatic victory for the Bourbons (VP 0)",
    },
];

/// The seed of the random choices when blessing makes a new game.
const BOT_SEED: u64 = 0x601d;

/// A random game longer than this is a bug.
const MAX_DECISIONS: usize = 200_000;

fn path(g: &Golden) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{}.json", g.file))
}

fn setup(g: &Golden) -> Setup {
    let base = Setup { scenario: g.scenario.map(str::to_owned), ..Setup::seeded(g.seed) };
    g.options.iter().fold(base, |s, (k, v)| s.with_option(k, v))
}

/// Plays `g`'s set-up to the end, each owing seat (lowest first) choosing
/// uniformly among its legal actions.
fn random_game(g: &Golden) -> Box<dyn Session> {
    let driver = find(g.game).expect("the game is in the catalog");
    let mut session = driver.game().start(&setup(g)).expect("the set-up is valid");
    for step in 0..MAX_DECISIONS as u64 {
        let seat = match session.to_act() {
            ToAct::Over(_) => return session,
            ToAct::Seats(seats) => seats.iter().next().expect("someone owes a decision"),
        };
        let seed = BOT_SEED ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let action = driver.bot_move(BotSpec::RANDOM, session.as_ref(), seat, seed).expect("a legal action");
        session.apply(seat, &action).expect("a legal action applies");
    }
    panic!("{}: no end after {MAX_DECISIONS} decisions", g.file);
}

/// Writes `g`'s file anew (see the module doc).
fn bless(g: &Golden) {
    let file = path(g);
    let session = match std::fs::read_to_string(&file) {
        Ok(text) => {
            let record =
                GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}; delete it to regenerate", g.file));
            let driver = find(&record.game).expect("the game is in the catalog");
            driver.replay(&record).unwrap_or_else(|e| {
                panic!("{}: the log no longer replays ({e}); delete the file to play a new game", g.file)
            })
        }
        Err(_) => random_game(g),
    };
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("the folder is writable");
    std::fs::write(&file, session.record().to_json() + "\n").expect("the file is writable");
}

#[test]
fn golden_games_replay_to_their_recorded_hashes() {
    let blessing = std::env::var_os("SANDTABLE_BLESS_GOLDEN").is_some_and(|v| v == "1");
    let mut wrong = Vec::new();
    for g in GOLDEN {
        if blessing {
            bless(g);
        }
        let text = std::fs::read_to_string(path(g))
            .unwrap_or_else(|e| panic!("{}: {e} (SANDTABLE_BLESS_GOLDEN=1 makes it)", path(g).display()));
        let record = GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", g.file));
        // The file is the game its entry describes: that set-up, defaults filled in.
        assert_eq!(record.game, g.game, "{}", g.file);
        let driver = find(g.game).expect("the game is in the catalog");
        assert_eq!(record.setup, driver.game().info().resolve(&setup(g)).expect("a valid set-up"), "{}", g.file);
        let session = match open(&record) {
            Ok((_, session)) => session,
            Err(e @ LoadError::HashMismatch { .. }) => panic!("{}: the dice or the rules drifted: {e}", g.file),
            Err(e) => panic!("{}: {e}", g.file),
        };
        let ToAct::Over(outcome) = session.to_act() else {
            panic!("{}: the recorded game is not over", g.file);
        };
        let figures = (record.log.len(), outcome.text.en.as_ref());
        if figures != (g.decisions, g.outcome) {
            wrong.push(format!("{}: decisions: {}, outcome: {:?}", g.file, figures.0, figures.1));
        }
    }
    assert!(wrong.is_empty(), "recorded figures differ from GOLDEN:\n{}", wrong.join("\n"));
}

#[test]
fn every_game_of_the_catalog_has_a_golden_game() {
    for driver in catalog() {
        let id = &driver.game().info().id;
        assert!(
            GOLDEN.iter().any(|g| g.game == id),
            "{id} has no golden game: add a line to GOLDEN and bless (see the module doc)"
        );
    }
}
