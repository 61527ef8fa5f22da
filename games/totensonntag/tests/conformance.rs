//! The shared conformance battery over Totensonntag.

use sandtable_core::conformance::{check, Battery};
use sandtable_core::Setup;
use sandtable_totensonntag::Totensonntag;

#[test]
fn conformance_battery_five_and_four_pairs() {
    let rules = Totensonntag::standard();
    let setups = vec![Setup::seeded(1), Setup::seeded(2).with_option("impulse-pairs", "4")];
    let report = check(&rules, &Battery::quick(setups));
    assert_eq!(report.games, 6);
    assert!(report.steps > 100, "games this short cannot have been played: {report:?}");
    assert!(report.forecasts > 0, "the odds of attacks were checked: {report:?}");
}

/// The 10,000-game soak the issue asks for: every game must end (Night of
/// turn 6) with no panic and no dead end. About a minute in release:
/// `cargo test --release -p sandtable-totensonntag --test conformance -- --ignored`.
#[test]
#[ignore = "soak: 10,000 games, run in release"]
fn ten_thousand_random_games_end_without_dead_ends() {
    let rules = Totensonntag::standard();
    let setups: Vec<Setup> = (0..10_000u64).map(Setup::seeded).collect();
    let battery = Battery { setups, playouts: 1, max_steps: 200_000, check_every: 5_000 };
    let report = check(&rules, &battery);
    assert_eq!(report.games, 10_000);
    eprintln!("{report:?}");
}
