//! Random bots over Totensonntag: full games, and self-play that does not
//! depend on the thread count.

use sandtable_ai::{decide, playout, selfplay_threads, Bot, BotSpec, RandomBot};
use sandtable_colditz::Colditz;
use sandtable_core::{Ruleset, Setup, ToAct, Viewer};
use sandtable_totensonntag::Totensonntag;

#[test]
fn random_bots_play_a_full_game() {
    let rules = Totensonntag::standard();
    let mut bots: Vec<Box<dyn Bot<Totensonntag>>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
    let r = playout(&rules, &Setup::seeded(7), &mut bots, 1_000_000).expect("the game finishes");
    assert!(r.decisions > 50, "{r:?}");
    assert_eq!(r.outcome.winners.len(), 1);
    // Same seeds, same game.
    let mut again: Vec<Box<dyn Bot<Totensonntag>>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
    assert_eq!(playout(&rules, &Setup::seeded(7), &mut again, 1_000_000).expect("finishes"), r);
}

#[test]
fn step_limit_and_missing_bot_are_errors() {
    let rules = Totensonntag::standard();
    let mut bots: Vec<Box<dyn Bot<Totensonntag>>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
    let e = playout(&rules, &Setup::seeded(7), &mut bots, 3).expect_err("3 steps is too few");
    assert!(e.to_string().contains("no end after 3"), "{e}");
    let mut none: Vec<Box<dyn Bot<Totensonntag>>> = Vec::new();
    let e = playout(&rules, &Setup::seeded(7), &mut none, 10).expect_err("no bots");
    assert!(e.to_string().contains("no bot"), "{e}");
    let bad = Setup::seeded(1).with_option("impulse-pairs", "9");
    let e = playout(&rules, &bad, &mut bots, 10).expect_err("bad option");
    assert!(e.to_string().contains("impulse-pairs"), "{e}");
}

#[test]
fn selfplay_is_deterministic_across_thread_counts() {
    let rules = Totensonntag::standard();
    let base = Setup::default();
    let a = selfplay_threads(&rules, &base, 20, 100, 1, &|_| {});
    let b = selfplay_threads(&rules, &base, 20, 100, 2, &|_| {});
    let c = selfplay_threads(&rules, &base, 20, 100, 2, &|_| {});
    assert!(a.ok(), "{:?}", a.failures);
    assert_eq!(a.games, 20);
    assert_eq!(a.outcomes.values().sum::<usize>(), 20);
    for r in [&b, &c] {
        assert_eq!(r.outcomes, a.outcomes);
        assert_eq!(r.wins, a.wins);
        assert_eq!(r.total_decisions, a.total_decisions);
        assert_eq!(r.failures, a.failures);
    }
    assert_eq!(a.wins.values().sum::<usize>() + a.draws, 20);
    // Progress is reported once per game, ending at the total.
    let seen = std::sync::Mutex::new(Vec::new());
    let _ = selfplay_threads(&rules, &base, 4, 1, 2, &|n| seen.lock().expect("not poisoned").push(n));
    assert_eq!(*seen.lock().expect("not poisoned"), vec![1, 2, 3, 4]);
}

#[test]
fn a_bot_of_each_kind_decides_legally_and_not_when_nothing_is_owed() {
    let rules = Totensonntag::standard();
    let start = rules.setup(&rules.info().resolve(&Setup::seeded(3)).expect("resolves")).expect("starts");
    let info = rules.info();
    let (axis, allies) = (info.seat("axis").expect("seat"), info.seat("allies").expect("seat"));
    for spec in small_bots() {
        let mut s = start.clone();
        let mut bot = spec.build::<Totensonntag>(5);
        // The first decision is the Allied surprise pick (2.2): the Axis owes nothing.
        assert_eq!(rules.to_act(&s), ToAct::Seats(sandtable_core::SeatSet::one(allies)));
        assert_eq!(decide(bot.as_mut(), &rules, &s, axis), None);
        for _ in 0..200 {
            let ToAct::Seats(seats) = rules.to_act(&s) else { break };
            let seat = seats.iter().next().expect("someone acts");
            let a = decide(bot.as_mut(), &rules, &s, seat).expect("a legal action");
            assert!(sandtable_core::testing::legal(&rules, &s, seat).contains(&rules.notation(a)));
            sandtable_core::testing::act(&rules, &mut s, seat, a);
        }
    }
}

/// Every kind of bot, the search one on a budget small enough for a test.
fn small_bots() -> [BotSpec; 3] {
    [BotSpec::RANDOM, BotSpec::GREEDY, BotSpec::parse("mcts:8").expect("a bot")]
}

#[test]
fn a_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart() {
    // Colditz: hands, deck orders and the dice to come are hidden.
    let rules = Colditz::standard();
    let setup = rules.info().resolve(&Setup::seeded(11).with_option("players", "4")).expect("resolves");
    let mut s = rules.setup(&setup).expect("starts");
    let mut driver = RandomBot::new(1);
    for step in 0..300u64 {
        let ToAct::Seats(seats) = rules.to_act(&s) else { break };
        let seat = seats.iter().next().expect("someone acts");
        let world = rules.resample_hidden(&s, Viewer::Seat(seat), step);
        for spec in small_bots() {
            let real = decide(spec.build::<Colditz>(step).as_mut(), &rules, &s, seat);
            let other = decide(spec.build::<Colditz>(step).as_mut(), &rules, &world, seat);
            assert_eq!(real, other, "step {step}: {spec} told the worlds apart");
        }
        let a = decide(&mut driver, &rules, &s, seat).expect("legal");
        sandtable_core::testing::act(&rules, &mut s, seat, a);
    }
}
