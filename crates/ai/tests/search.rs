//! The search and greedy bots on a toy card game with hidden hands
//! (`common/mod.rs`): reproducible, blind to what their seat cannot see,
//! and better than chance.

mod common;

use common::{St, Tricks};
use sandtable_ai::{
    bot_seed, decide, playout, search, Anchor, Bot, BotKind, BotSpec, Budget, GreedyBot, Infoset, Level, MctsBot,
    MctsConfig, RandomBot, RootStat,
};
use sandtable_core::{Dice, Overrule, Ruleset, Seat, Setup, Viewer};

fn start(seed: u64) -> St {
    let rules = Tricks::new();
    rules.setup(&Setup::seeded(seed)).expect("deals")
}

fn mcts(iterations: u32, seed: u64) -> MctsBot {
    MctsBot::new(MctsConfig::new(Budget::Iterations(iterations)), seed)
}

/// What a search of `seat`'s decision in `s` finds for each legal action.
fn root_stats(s: &St, seat: u8, config: &MctsConfig, seed: u64) -> Vec<RootStat<u8>> {
    let rules = Tricks::new();
    let mut legal = Vec::new();
    rules.legal_actions(s, Seat::new(seat), &mut legal);
    search(&Infoset::new(&rules, s, Seat::new(seat), &legal), config, seed)
}

/// South answers a led 5 holding 9 and 2 after a trick each: only the 9
/// wins the game.
fn last_trick_decides() -> St {
    St {
        hands: [1 << 7, (1 << 9) | (1 << 2)],
        played: (1 << 5) | (1 << 1) | (1 << 3) | (1 << 4) | (1 << 8),
        table: Some(5),
        leader: 0,
        tricks: [1, 1],
        dice: Dice::from_seed(1),
    }
}

#[test]
fn the_search_bot_takes_the_winning_card() {
    let rules = Tricks::new();
    let s = last_trick_decides();
    for seed in 0..5 {
        assert_eq!(decide(&mut mcts(64, seed), &rules, &s, Seat::new(1)), Some(9), "seed {seed}");
        assert_eq!(decide(&mut GreedyBot::new(seed), &rules, &s, Seat::new(1)), Some(9), "seed {seed}");
    }
}

#[test]
fn the_search_visits_the_winning_card_most() {
    let stats = root_stats(&last_trick_decides(), 1, &MctsConfig::new(Budget::Iterations(200)), 3);
    assert_eq!(stats.iter().map(|s| s.action).collect::<Vec<_>>(), vec![2, 9], "in the legal list's order");
    assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 200, "one root visit per iteration");
    assert!(stats[1].visits > stats[0].visits * 3, "{stats:?}");
    assert!((stats[1].reward / f64::from(stats[1].visits) - 1.0).abs() < 1e-9, "the 9 always wins: {stats:?}");
}

/// A root action the game weighs 0 stays out of the tree unless one ply
/// rates it above every other root action and above the position as it
/// stands: then the tree opens it first. With the winning 9 weighed 0, the
/// search still finds and plays it; with the losing 2 weighed 0, the 2 is
/// never tried.
#[test]
fn a_root_action_weighed_never_is_tried_when_one_ply_prefers_it() {
    let s = last_trick_decides();
    let config = MctsConfig::new(Budget::Iterations(60));
    let seat = Seat::new(1);
    let mut legal = Vec::new();
    for (never, tried, untried) in [(9, 9, None), (2, 9, Some(2))] {
        let rules = Tricks::weighing_never(Some(never));
        rules.legal_actions(&s, seat, &mut legal);
        let info = Infoset::new(&rules, &s, seat, &legal);
        for seed in 0..4 {
            let stats = search(&info, &config, seed);
            let visits = |card: u8| stats.iter().find(|r| r.action == card).map_or(0, |r| r.visits);
            assert!(visits(tried) > 30, "the {never} weighed 0, seed {seed}: {stats:?}");
            if let Some(card) = untried {
                assert_eq!(visits(card), 0, "the {never} weighed 0, seed {seed}: {stats:?}");
            }
            assert_eq!(decide(&mut MctsBot::new(config, seed), &rules, &s, seat), Some(9), "seed {seed}");
        }
    }
    // Leading gives a card up and wins nothing yet, so one ply rates every
    // lead below the position as it stands, the lowest card least so: that
    // card, weighed 0, is not tried — one ply must see it gain something.
    let s = start(5);
    let lowest = (1..=9u8).find(|c| s.hands[0] & (1 << c) != 0).expect("a card");
    let rules = Tricks::weighing_never(Some(lowest));
    rules.legal_actions(&s, Seat::new(0), &mut legal);
    let stats = search(&Infoset::new(&rules, &s, Seat::new(0), &legal), &config, 1);
    assert_eq!(stats.iter().find(|r| r.action == lowest).map(|r| r.visits), Some(0), "{stats:?}");
}

/// The toy game asks for no anchor ([`sandtable_core::Heuristics::search_anchor`]),
/// so the default search leaves the one-ply scores empty; anchored by the
/// configuration, it scores every root action in one ply — the 9 above the 2
/// — and stays reproducible on several threads.
#[test]
fn an_anchored_search_scores_every_root_action_in_one_ply() {
    let s = last_trick_decides();
    let plain = root_stats(&s, 1, &MctsConfig::new(Budget::Iterations(50)), 3);
    assert!(plain.iter().all(|s| s.prior == (0.0, 0)), "{plain:?}");
    let config = MctsConfig {
        anchor: Anchor::Overrule(Overrule::standard_errors(1.0)),
        ..MctsConfig::new(Budget::Iterations(50))
    };
    let anchored = root_stats(&s, 1, &config, 3);
    assert_eq!(anchored.iter().map(|s| s.action).collect::<Vec<_>>(), vec![2, 9]);
    assert!(anchored[1].prior.0 > anchored[0].prior.0, "{anchored:?}");
    let threads = config.with_threads(2);
    assert_eq!(root_stats(&s, 1, &threads, 5), root_stats(&s, 1, &threads, 5));
}

/// Implicit minimax backups (`MctsConfig::implicit`): the toy game asks for
/// none, so the default search is the search at weight 0; at weight ½ the
/// evaluations of the nodes opened steer the visits elsewhere, the same
/// way for the same seed.
#[test]
fn implicit_minimax_backups_steer_the_visits_reproducibly() {
    let s = start(5);
    let budget = Budget::Iterations(200);
    let visits = |stats: &[RootStat<u8>]| stats.iter().map(|r| r.visits).collect::<Vec<_>>();
    let plain = root_stats(&s, 0, &MctsConfig::new(budget), 3);
    let none = root_stats(&s, 0, &MctsConfig { implicit: Some(0.0), ..MctsConfig::new(budget) }, 3);
    assert_eq!(plain, none, "the game's weight, 0, is used when the configuration leaves it to the game");
    let config = MctsConfig { implicit: Some(0.5), ..MctsConfig::new(budget) };
    let implicit = root_stats(&s, 0, &config, 3);
    assert_eq!(visits(&implicit).iter().sum::<u32>(), 200, "one root visit per iteration");
    assert_ne!(visits(&plain), visits(&implicit), "{plain:?} {implicit:?}");
    assert_eq!(implicit, root_stats(&s, 0, &config, 3));
}

#[test]
fn the_same_seed_and_iteration_budget_give_the_same_decisions() {
    let rules = Tricks::new();
    for game in 0..20 {
        let s = start(game);
        let a = decide(&mut mcts(100, game), &rules, &s, Seat::new(0));
        let b = decide(&mut mcts(100, game), &rules, &s, Seat::new(0));
        assert_eq!(a, b, "game {game}");
    }
}

#[test]
fn root_parallel_search_sums_every_threads_visits_reproducibly() {
    let s = start(4);
    let config = MctsConfig::new(Budget::Iterations(150)).with_threads(3);
    let a = root_stats(&s, 0, &config, 9);
    assert_eq!(a.iter().map(|s| s.visits).sum::<u32>(), 450, "three trees of 150 iterations");
    assert_eq!(a, root_stats(&s, 0, &config, 9));
}

#[test]
fn a_time_budget_still_decides_legally() {
    let rules = Tricks::new();
    let s = start(2);
    let mut bot = MctsBot::new(MctsConfig::new(Budget::Millis(5)), 1);
    let a = decide(&mut bot, &rules, &s, Seat::new(0)).expect("a decision");
    assert!(s.hands[0] & (1 << a) != 0, "{a} is in north's hand");
}

/// The no-cheating test: the other hand (and the dice) redrawn, the seat's
/// view the same, every bot's decision the same for the same seed. A bot
/// reading the true hand would answer differently in some of these worlds.
#[test]
fn worlds_the_seat_cannot_tell_apart_give_the_same_decision() {
    let rules = Tricks::new();
    let mut differing_hands = 0;
    for game in 0..30u64 {
        let mut s = start(game);
        let mut driver = RandomBot::new(game);
        while let sandtable_core::ToAct::Seats(seats) = rules.to_act(&s) {
            let seat = seats.iter().next().expect("one seat");
            let world = rules.resample_hidden(&s, Viewer::Seat(seat), game * 7 + 1);
            assert_eq!(rules.view(&s, Viewer::Seat(seat)), rules.view(&world, Viewer::Seat(seat)));
            differing_hands += usize::from(world.hands != s.hands);
            for spec in [BotSpec::RANDOM, BotSpec::GREEDY, BotSpec::parse("mcts:40").expect("a bot")] {
                let real = decide(spec.build::<Tricks>(game).as_mut(), &rules, &s, seat);
                let other = decide(spec.build::<Tricks>(game).as_mut(), &rules, &world, seat);
                assert_eq!(real, other, "game {game}: {spec} told the worlds apart");
            }
            let a = decide(&mut driver, &rules, &s, seat).expect("legal");
            sandtable_core::testing::act(&rules, &mut s, seat, a);
        }
    }
    assert!(differing_hands > 50, "the worlds must really differ: {differing_hands}");
}

/// Wins of `spec` over 2 × `games` games against `other`, seats swapped
/// every other game.
fn wins(spec: BotSpec, other: BotSpec, games: u64) -> u64 {
    let rules = Tricks::new();
    let mut won = 0;
    for g in 0..2 * games {
        let me = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<Tricks>>> = vec![other.build(bot_seed(g, 0, 0)), other.build(bot_seed(g, 0, 1))];
        bots[me] = spec.build(bot_seed(g, 1, me));
        let r = playout(&rules, &Setup::seeded(g / 2), &mut bots, 100).expect("a game");
        won += u64::from(r.outcome.winners.contains(Seat::new(me as u8)));
    }
    won
}

#[test]
fn search_and_greedy_beat_random_play_over_the_same_deals() {
    // The same 150 deals from both seats: the luck of the deal cancels.
    // A fixed budget, not a level: levels get retuned, this test should not.
    let search64 = BotSpec::parse("mcts:64").expect("a bot");
    let mcts = wins(search64, BotSpec::RANDOM, 150);
    let greedy = wins(BotSpec::GREEDY, BotSpec::RANDOM, 150);
    let against_greedy = wins(search64, BotSpec::GREEDY, 150);
    eprintln!("of 300: search {mcts}, greedy {greedy} against random; search {against_greedy} against greedy");
    // Chance alone gives 150 ± 9: 165 is beyond what luck explains.
    assert!(mcts >= 165, "search won {mcts} of 300 against random");
    assert!(greedy >= 165, "greedy won {greedy} of 300 against random");
    assert!(against_greedy >= 140, "search won {against_greedy} of 300 against greedy");
}

#[test]
fn bot_specs_read_back_and_bad_ones_say_why() {
    for spec in BotSpec::listed() {
        assert_eq!(BotSpec::parse(&spec.name()), Ok(spec));
    }
    assert_eq!(BotSpec::parse("MCTS").map(|s| s.level()), Ok(Some(Level::Normal)));
    let fast = BotSpec::parse("mcts:300ms:4t").expect("a spec");
    assert_eq!((fast.kind, fast.budget, fast.threads), (BotKind::Mcts, Budget::Millis(300), 4));
    assert_eq!(BotSpec::parse(&fast.name()), Ok(fast));
    assert_eq!(BotSpec::parse("mcts:2000").map(|s| s.budget), Ok(Budget::Iterations(2000)));
    let e = BotSpec::parse("grandmaster").expect_err("no such bot");
    assert!(e.en.contains("random, greedy, mcts:easy"), "{}", e.en);
    assert!(BotSpec::parse("greedy:hard").expect_err("no level").en.contains("takes no level"));
    assert!(BotSpec::parse("mcts:quick").expect_err("bad level").ru.contains("не уровень"));
    assert!(BotSpec::parse("mcts:0t").is_err());
    assert!(BotSpec::parse("mcts:0").is_err());
}
