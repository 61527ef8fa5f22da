//! Issue 13's no-cheating test, over every game of the catalog: in two
//! states a seat cannot tell apart (everything hidden from it redrawn —
//! others' hands and secrets, deck orders, the dice to come), every bot
//! makes the same decision for the same seed. A bot reading the true hidden
//! state would decide differently in some of them.

use sandtable_ai::{decide, BotSpec, RandomBot};
use sandtable_core::{initial_state, Heuristics, Setup, ToAct, Viewer};

/// Plays `steps` random decisions from `setup`; at each, compares every
/// bot's decision in the real state and in a resampled one. Returns how
/// many decisions were compared where the two worlds really differed.
fn same_decision_in_worlds_the_seat_cannot_tell_apart<R: Heuristics>(rules: &R, setup: &Setup, steps: u64) -> u64
where
    R::State: PartialEq,
{
    let bots = [BotSpec::RANDOM, BotSpec::GREEDY, BotSpec::parse("mcts:12").expect("a bot")];
    let resolved = rules.info().resolve(setup).expect("resolves");
    let mut s = initial_state(rules, &resolved).expect("starts");
    let mut driver = RandomBot::new(setup.seed);
    let mut differing = 0;
    for step in 0..steps {
        let ToAct::Seats(seats) = rules.to_act(&s) else { break };
        let seat = seats.iter().next().expect("a seat acts");
        let world = rules.resample_hidden(&s, Viewer::Seat(seat), step ^ 0x5eed);
        differing += u64::from(world != s);
        for spec in bots {
            let real = decide(spec.build::<R>(step).as_mut(), rules, &s, seat);
            let other = decide(spec.build::<R>(step).as_mut(), rules, &world, seat);
            assert_eq!(
                real.map(|a| rules.notation(a)),
                other.map(|a| rules.notation(a)),
                "{} step {step}: {spec} told the worlds apart",
                rules.info().id
            );
        }
        let a = decide(&mut driver, rules, &s, seat).expect("a legal action");
        sandtable_core::testing::act(rules, &mut s, seat, a);
    }
    differing
}

#[test]
fn totensonntag_bots_cannot_tell_resampled_worlds_apart() {
    let rules = sandtable_totensonntag::Totensonntag::standard();
    assert!(same_decision_in_worlds_the_seat_cannot_tell_apart(&rules, &Setup::seeded(3), 150) > 100);
}

#[test]
fn colditz_bots_cannot_tell_resampled_worlds_apart() {
    let rules = sandtable_colditz::Colditz::standard();
    let setup = Setup::seeded(4).with_option("players", "4");
    assert!(same_decision_in_worlds_the_seat_cannot_tell_apart(&rules, &setup, 150) > 100);
}

#[test]
fn scs_bots_cannot_tell_resampled_worlds_apart() {
    for rules in [sandtable_scs::Scs::standard(), sandtable_scs::Scs::sidi_rezegh()] {
        assert!(same_decision_in_worlds_the_seat_cannot_tell_apart(&rules, &Setup::seeded(5), 120) > 80);
    }
}

#[test]
fn nine_years_bots_cannot_tell_resampled_worlds_apart() {
    let rules = sandtable_nine_years::NineYears::standard();
    assert!(same_decision_in_worlds_the_seat_cannot_tell_apart(&rules, &Setup::seeded(6), 150) > 100);
}
