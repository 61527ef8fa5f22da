//! The arena on the toy card game: seats rotated, shards that add up to
//! the whole run, figures that follow from the games.

mod common;

use common::Tricks;
use sandtable_ai::{arena, ArenaConfig, ArenaReport, BotSpec, Shard};
use sandtable_core::{Ruleset, Setup};

fn config(games: usize, shard: Shard) -> ArenaConfig {
    ArenaConfig {
        bots: vec![BotSpec::RANDOM, BotSpec::parse("mcts:64").expect("a bot")],
        games,
        seed: 7,
        shard,
        threads: 2,
        records: false,
    }
}

/// A report without its timings (the only part that changes run to run).
fn untimed(mut r: ArenaReport) -> ArenaReport {
    r.max_bot_seconds_per_game = 0.0;
    for g in &mut r.played {
        g.bot_seconds.iter_mut().for_each(|t| *t = 0.0);
    }
    for b in &mut r.bots {
        b.mean_seconds_per_game = 0.0;
    }
    r
}

#[test]
fn every_bot_plays_every_seat_equally_and_each_deal_twice() {
    let rules = Tricks::new();
    let r = arena(&rules, &Setup::seeded(0), &config(40, Shard::ALL), &mut |_, _| {}).expect("runs");
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(r.played.len(), 40);
    for side in &r.sides {
        assert_eq!(side.by_bot.values().map(|c| c[0]).collect::<Vec<_>>(), vec![20, 20], "{side:?}");
    }
    for pair in r.played.chunks(2) {
        assert_eq!(pair[0].seed, pair[1].seed, "a deal is played from both seats");
        assert_eq!(pair[0].bots, pair[1].bots.iter().rev().cloned().collect::<Vec<_>>());
    }
    let wins: usize = r.bots.iter().map(|b| b.wins).sum();
    assert_eq!(wins, 40, "one winner a game in Tricks");
    assert_eq!(r.bots.iter().map(|b| b.games).sum::<usize>(), 80);
    let search = &r.bots[1];
    assert!(search.interval[0] <= search.win_rate && search.win_rate <= search.interval[1]);
    assert!(search.elo > 0.0, "the search bot rates above random: {:?}", r.bots);
    assert_eq!(r.shards, vec!["1/1"]);
}

#[test]
fn shards_merged_are_the_whole_run() {
    let rules = Tricks::new();
    let whole = arena(&rules, &Setup::seeded(0), &config(30, Shard::ALL), &mut |_, _| {}).expect("runs");
    let parts: Vec<ArenaReport> = ["2/3", "1/3", "3/3"]
        .iter()
        .map(|s| {
            arena(&rules, &Setup::seeded(0), &config(30, Shard::parse(s).expect("shard")), &mut |_, _| {})
                .expect("runs")
        })
        .collect();
    assert_eq!(parts.iter().map(|p| p.played.len()).sum::<usize>(), 30);
    let merged = ArenaReport::merge(parts.clone()).expect("one run");
    let mut whole = untimed(whole);
    whole.shards = vec!["1/3".into(), "2/3".into(), "3/3".into()];
    assert_eq!(untimed(merged), whole);
    // The same shard twice, or a shard of another run, is refused.
    let twice = ArenaReport::merge(vec![parts[0].clone(), parts[0].clone()]).expect_err("twice");
    assert!(twice.en.contains("given twice"), "{}", twice.en);
    let other = arena(&rules, &Setup::seeded(0), &ArenaConfig { seed: 8, ..config(30, Shard::ALL) }, &mut |_, _| {})
        .expect("runs");
    let e = ArenaReport::merge(vec![parts[0].clone(), other]).expect_err("another run");
    assert!(e.en.contains("another run"), "{}", e.en);
}

#[test]
fn a_bot_against_itself_is_one_line_and_the_sides_show_the_balance() {
    // Self-play measures the sides' balance: one bot, every seat of every game.
    let rules = Tricks::new();
    let selfplay = ArenaConfig { bots: vec![BotSpec::GREEDY, BotSpec::GREEDY], ..config(20, Shard::ALL) };
    let r = arena(&rules, &Setup::seeded(0), &selfplay, &mut |_, _| {}).expect("runs");
    assert_eq!(r.bots.len(), 1, "{:?}", r.bots);
    assert_eq!((r.bots[0].name.as_str(), r.bots[0].games, r.bots[0].wins), ("greedy", 40, 20));
    assert_eq!(r.sides.iter().map(|s| s.games).collect::<Vec<_>>(), [20, 20]);
    assert_eq!(r.sides.iter().map(|s| s.wins).sum::<usize>(), 20, "one winner a game");
    assert_eq!(r.bots[0].elo, 0.0);
}

#[test]
fn kept_records_replay_to_the_games_the_report_tells() {
    // `--records`: each game's file loads (its state hash checked) and ends
    // as the report says, with as many decisions.
    let rules = std::sync::Arc::new(Tricks::new());
    let kept = ArenaConfig { records: true, ..config(6, Shard::ALL) };
    // Each game comes to the caller, record and all, as it ends: what
    // `--records` writes at once, so a stopped run keeps its games.
    let mut told = Vec::new();
    let r = arena(rules.as_ref(), &Setup::seeded(0), &kept, &mut |done, g| {
        let g = g.expect("no game fails");
        told.push((done, g.index, g.record.as_ref().map(|r| r.log.len())));
    })
    .expect("runs");
    assert_eq!(r.played.len(), 6);
    told.sort_by_key(|t| t.1);
    let mut done: Vec<usize> = told.iter().map(|t| t.0).collect();
    done.sort_unstable();
    assert_eq!(done, [1, 2, 3, 4, 5, 6], "counted once each");
    assert_eq!(
        told.iter().map(|t| (t.1, t.2)).collect::<Vec<_>>(),
        r.played.iter().map(|g| (g.index, Some(g.decisions))).collect::<Vec<_>>()
    );
    for g in &r.played {
        let record = g.record.as_ref().expect("kept when asked");
        assert_eq!(record.log.len(), g.decisions);
        assert_eq!(record.setup.seed, g.seed);
        let m = sandtable_core::Match::load(rules.clone(), record).expect("the record replays");
        let sandtable_core::ToAct::Over(outcome) = m.rules().to_act(m.state()) else {
            panic!("game {} replays to an unfinished game", g.index);
        };
        let winners: Vec<String> = outcome.winners.iter().map(|s| m.rules().info().seat_id(s).to_owned()).collect();
        assert_eq!(winners, g.winners, "game {}", g.index);
    }
    let bare = arena(rules.as_ref(), &Setup::seeded(0), &config(6, Shard::ALL), &mut |_, _| {}).expect("runs");
    assert!(bare.played.iter().all(|g| g.record.is_none()), "kept only when asked");
    assert_eq!(
        untimed(bare).played.iter().map(|g| &g.winners).collect::<Vec<_>>(),
        r.played.iter().map(|g| &g.winners).collect::<Vec<_>>()
    );
}
