//! Random bots over Totensonntag: full games, and self-play that does not
//! depend on the thread count.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sandtable_ai::{playout, random_text_action, selfplay_threads, Bot, RandomBot};
use sandtable_core::{Game, Rules, Setup, ToAct};
use sandtable_totensonntag::Totensonntag;
use std::sync::Arc;

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
fn random_text_action_is_legal_and_none_when_not_owed() {
    let game = Rules(Arc::new(Totensonntag::standard()));
    let mut s = game.start(&Setup::seeded(3)).expect("starts");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let info = s.info().clone();
    let (axis, allies) = (info.seat("axis").expect("seat"), info.seat("allies").expect("seat"));
    // The first decision is the Allied surprise pick (2.2): the Axis owes nothing.
    assert_eq!(s.to_act(), ToAct::Seats(sandtable_core::SeatSet::one(allies)));
    assert_eq!(random_text_action(s.as_ref(), axis, &mut rng), None);
    for _ in 0..200 {
        let ToAct::Seats(seats) = s.to_act() else {
            break;
        };
        let seat = seats.iter().next().expect("someone acts");
        let a = random_text_action(s.as_ref(), seat, &mut rng).expect("a legal action");
        assert!(s.legal(seat).contains(&a));
        s.apply(seat, &a).expect("a legal action applies");
    }
}
