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
}

