//! A user's own scenario file: it loads, plays to the end with random legal
//! actions, and its record replays to the same state; it passes the shared
//! conformance battery.

mod common;
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::conformance::{check, Battery};
use sandtable_core::{Game, Match, Rules, Session, Setup, ToAct};
use std::sync::Arc;

#[test]
fn a_users_own_file_loads_plays_to_the_end_and_replays() {
    let rules = Arc::new(Scs::standard());
    let setup = Setup::seeded(11).with_scenario_file(file());
    let mut m = Match::new(rules.clone(), &setup).expect("the file sets up");
    assert_eq!(m.rules().scenario.id, "tiny");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut steps = 0;
    let mut fights = 0;
    while let ToAct::Seats(seats) = Session::to_act(&m) {
        let seat = seats.iter().next().expect("someone acts");
        let legal = Session::legal(&m, seat);
        assert!(!legal.is_empty(), "no dead end: {:?}", m.state().phase);
        // Mostly the phase goes on; otherwise any legal action.
        let pick = match legal.iter().position(|a| a == "end") {
            Some(i) if rng.gen_bool(0.15) => i,
            _ => rng.gen_range(0..legal.len()),
        };
        if legal[pick] == "roll" {
            fights += 1;
        }
        Session::apply(&mut m, seat, &legal[pick]).unwrap_or_else(|e| panic!("{}: {e}", legal[pick]));
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    assert_eq!(m.state().phase, Phase::Over);
    assert_eq!(m.state().turn, 3);
    assert!(fights > 0, "a game this long should have seen a fight");
    let record = Session::record(&m);
    let again = Match::load(rules.clone(), &record).expect("the record replays to the same state hash");
    assert_eq!(again.state(), m.state());
    // Through the text interface too.
    let replayed = Rules(rules).load(&record).expect("loads");
    assert!(matches!(replayed.to_act(), ToAct::Over(_)));
}

#[test]
fn a_users_own_file_passes_the_conformance_battery() {
    let rules = tiny();
    let report = check(&rules, &Battery::quick(vec![Setup::seeded(1), Setup::seeded(2)]));
    assert!(report.games >= 2 && report.steps > 100, "{report:?}");
}
