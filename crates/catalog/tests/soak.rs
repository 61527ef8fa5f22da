//! Issue 9, hardening: at least a million uniformly random legal actions per
//! game of the catalog on every CI run, each followed by the game's own
//! invariants (`Ruleset::validate`: units, pawns and cards conserved, nothing
//! off the board, stacking and hand limits, kept counts equal to their
//! recomputation from scratch). Options are drawn at random from those each
//! game offers (Colditz: 2–6 players, the classic rules, the variants;
//! Totensonntag: four or five impulse pairs), and every scenario file in the
//! game's `scenarios/` folder that the game takes is played as well as its
//! built-in scenario.
//!
//! The counts go to stderr and to `target/tmp/report-soak.txt`, which
//! `scripts/test.sh` prints at the end of the run. `SANDTABLE_SOAK_ACTIONS`
//! may raise the count per game, never lower it below the million.

use sandtable_catalog::{catalog, Driver, SoakReport};
use sandtable_core::{ScenarioFile, Setup};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The least number of actions per game a CI run plays (issue 9).
const ACTIONS: u64 = 1_000_000;

/// The set-ups a game is soaked on: its built-in scenario, and each
/// `games/<id>/scenarios/*.toml` it accepts (a game that takes no scenario
/// files refuses them, and is soaked on its built-in alone).
fn setups(d: &dyn Driver) -> Vec<Setup> {
    let id = &d.game().info().id;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games").join(id).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|r| {
            r.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = vec![Setup::default()];
    for path in files {
        let name = path.file_name().expect("a file").to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = ScenarioFile::new(name, text);
        if d.game().validate_scenario(&file).is_ok() {
            out.push(Setup::default().with_scenario_file(file));
        }
    }
    out
}

#[test]
fn soak_a_million_random_actions_per_game_each_followed_by_the_invariants() {
    let actions = std::env::var("SANDTABLE_SOAK_ACTIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(0).max(ACTIONS);
    let games: Vec<Arc<dyn Driver>> = catalog();
    let start = Instant::now();
    // One thread per game: the CI machine has two cores, and the games are
    // independent (a panic in one fails the test with its own message).
    let reports: Vec<SoakReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let setups = setups(d.as_ref());
                scope.spawn(move || d.soak(&setups, actions, 0x50a4_0000 + i as u64))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
    });
    let wall = start.elapsed().as_secs_f64();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let total: u64 = reports.iter().map(|r| r.actions).sum();
    let mut text = format!(
        "soak (issue 9): {} games of the catalog, {total} random actions in all, {wall:.1} s wall-clock on {cores} cores (one thread per game)\n",
        reports.len()
    );
    for r in &reports {
        text.push_str(&r.to_string());
    }
    eprint!("{text}");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(dir).expect("target/tmp");
    std::fs::write(dir.join("report-soak.txt"), &text).expect("the report is written");

    assert_eq!(reports.len(), games.len());
    for r in &reports {
        assert!(r.actions >= ACTIONS, "{}: {} actions, fewer than {ACTIONS}", r.game, r.actions);
        assert_eq!(r.validations, r.actions + r.games, "{}: a validation after every action", r.game);
        assert!(r.finished >= 1, "{}: no game played to its end", r.game);
    }
}
