//! The shared conformance battery over Connect Four.

use sandtable_connect_four::ConnectFour;
use sandtable_core::conformance::{check, Battery};
use sandtable_core::Setup;

#[test]
fn conformance_battery() {
    let rules = ConnectFour::standard();
    let report = check(&rules, &Battery::quick((1..=4).map(Setup::seeded).collect()));
    assert_eq!(report.games, 12);
    assert!(report.steps > 12 * 7, "games this short cannot have been played: {report:?}");
}

/// Many games with every check at every step: Connect Four is small enough
/// to afford it in the ordinary test run. Both wins and draws are rare
/// enough in random play that 300 games should see each result.
#[test]
fn conformance_battery_every_step_300_games() {
    let rules = ConnectFour::standard();
    let setups: Vec<Setup> = (0..300u64).map(Setup::seeded).collect();
    let report = check(&rules, &Battery { setups, playouts: 1, max_steps: 42, check_every: 1 });
    assert_eq!(report.games, 300);
    assert!(report.outcomes.contains_key("Red wins: four in a row"), "{report:?}");
    assert!(report.outcomes.contains_key("Yellow wins: four in a row"), "{report:?}");
    eprintln!("{report:?}");
}
