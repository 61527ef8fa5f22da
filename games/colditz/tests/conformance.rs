//! The shared conformance battery over Colditz, for every player count and
//! both rule sets.

use sandtable_colditz::Colditz;
use sandtable_core::conformance::{check, Battery};
use sandtable_core::Setup;

fn setups(rules: &str) -> Vec<Setup> {
    (2..=6)
        .map(|n| {
            Setup::seeded(n)
                .with_option("players", &n.to_string())
                .with_option("rounds", "10")
                .with_option("rules", rules)
        })
        .collect()
}

#[test]
fn conformance_battery_2016_all_player_counts() {
    let rules = Colditz::standard();
    let report = check(&rules, &Battery { setups: setups("2016"), playouts: 1, max_steps: 200_000, check_every: 11 });
    assert_eq!(report.games, 5);
    assert!(report.forecasts > 0, "the battery checked the odds of some throws");
}

#[test]
fn conformance_battery_classic_all_player_counts() {
    let rules = Colditz::standard();
    let report =
        check(&rules, &Battery { setups: setups("classic"), playouts: 1, max_steps: 200_000, check_every: 11 });
    assert_eq!(report.games, 5);
    assert!(report.forecasts > 0, "the battery checked the odds of some throws");
}

#[test]
fn conformance_battery_variants() {
    let rules = Colditz::standard();
    let setups = vec![
        Setup::seeded(9).with_option("players", "3").with_option("rounds", "10").with_option("starting-kits", "no"),
        Setup::seeded(10).with_option("players", "4").with_option("rounds", "10").with_option("victory", "total-3"),
    ];
    let report = check(&rules, &Battery { setups, playouts: 1, max_steps: 200_000, check_every: 13 });
    assert_eq!(report.games, 2);
    assert!(report.forecasts > 0, "the battery checked the odds of some throws");
}
