//! Bot knowledge (`src/heuristics.rs`): the evaluation and the rollout policy.

mod common;
use common::campaign::{own, put, round};
use common::*;
use sandtable_ai::{playout, Bot, Budget, GreedyBot, MctsBot, MctsConfig, RandomBot};
use sandtable_core::{outcome_value, Events, Heuristics, Ruleset, Setup, ToAct};
use sandtable_nine_years::{Action, Control, NineYears, Phase, Side, State};

fn bots(kinds: [&str; 2], budget: u32, seed: u64) -> Vec<Box<dyn Bot<NineYears>>> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| -> Box<dyn Bot<NineYears>> {
            let seed = seed * 2 + i as u64;
            match *k {
                "random" => Box::new(RandomBot::new(seed)),
                "greedy" => Box::new(GreedyBot::new(seed)),
                _ => Box::new(MctsBot::new(MctsConfig::new(Budget::Iterations(budget)), seed)),
            }
        })
        .collect()
}

/// Plays a few games of each pairing and prints the wins (`PROBE_GAMES`,
/// `PROBE_BUDGET`, `PROBE_PAIRS` = `greedy-random,…` with the Alliance
/// (seat 0) first).
#[test]
#[ignore = "strength probe: run in release with --nocapture"]
fn strength_probe() {
    let games: u64 = std::env::var("PROBE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(6);
    let budget: u32 = std::env::var("PROBE_BUDGET").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let pairs = std::env::var("PROBE_PAIRS")
        .unwrap_or_else(|_| "greedy-random,random-greedy,mcts-random,random-mcts".into());
    let rules = NineYears::standard();
    for pair in pairs.split(',') {
        let (a, b) = pair.split_once('-').expect("seat0-seat1");
        let mut wins = [0u32; 2];
        let mut vp = 0u64;
        let mut vp2 = 0u64;
        let mut decisions = 0usize;
        let start = std::time::Instant::now();
        for g in 0..games {
            let mut bs = bots([a, b], budget, g);
            match playout(&rules, &Setup::seeded(g), &mut bs, 200_000) {
                Ok(r) => {
                    decisions += r.decisions;
                    if let Some(seat) = r.outcome.winners.iter().next() {
                        wins[seat.index()] += 1;
                    }
                    let text = &r.outcome.text.en;
                    let v = text
                        .split("VP ")
                        .nth(1)
                        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
                        .and_then(|t| t.parse::<u64>().ok())
                        .unwrap_or(0);
                    vp += v;
                    vp2 += v * v;
                }
                Err(e) => println!("game {g}: {e}"),
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{a} (alliance) vs {b} (bourbon), budget {budget}: alliance {} / bourbon {} of {games}; mean VP {:.1} ± {:.1}; {:.1} s/game, {} decisions/game",
            wins[0],
            wins[1],
            vp as f64 / games as f64,
            ((vp2 as f64 / games as f64 - (vp as f64 / games as f64).powi(2)).max(0.0) / games as f64).sqrt(),
            secs / games as f64,
            decisions / games as usize
        );
    }
}

/// Diagnostic: one game between two bots, the VP and the balance of the
/// evaluation at each year's start (`DIAG_PAIR`, `DIAG_SEED`, `DIAG_BUDGET`).
#[test]
#[ignore = "diagnostic"]
fn diag_game() {
    let pair = std::env::var("DIAG_PAIR").unwrap_or_else(|_| "mcts-random".into());
    let seed: u64 = std::env::var("DIAG_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let budget: u32 = std::env::var("DIAG_BUDGET").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let (a, b) = pair.split_once('-').expect("pair");
    let rules = NineYears::standard();
    let mut bs = bots([a, b], budget, seed);
    let mut s = start(&rules, seed);
    let mut year = 0;
    let mut legal = Vec::new();
    for step in 0..100_000 {
        if s.year != year {
            year = s.year;
            println!(
                "{year}: VP {} kww {} revolution {} London {:?} eval(alliance) {:.3}",
                s.vp,
                s.kww,
                s.revolution,
                s.control(space(&rules, "london")),
                rules.evaluate(&s, Side::Alliance.seat())
            );
        }
        let ToAct::Seats(seats) = rules.to_act(&s) else { break };
        let seat = seats.iter().next().unwrap();
        legal.clear();
        rules.legal_actions(&s, seat, &mut legal);
        let info = sandtable_ai::Infoset::new(&rules, &s, seat, &legal);
        let act = bs[seat.index()].choose(&info);
        if std::env::var("DIAG_VERBOSE").is_ok() && seat.index() == 0 && (s.phase == Phase::Round || std::env::var("DIAG_ALL").is_ok()) {
            println!("  step {step} {}: {}", s.year, rules.notation(act));
        }
        let mut ev = Events::recording();
        let vp = s.vp;
        rules.try_apply(&mut s, seat, act, &mut ev).unwrap();
        if std::env::var("DIAG_VP").is_ok() && s.vp != vp {
            for e in ev.take() {
                if matches!(e.rule.as_deref(), Some("NY 6.1" | "NY 16.5" | "NY 18.3" | "NY 19c" | "NY 13.5.6" | "NY 7.2.1"))
                    || e.rule.as_deref().is_some_and(|r| r.starts_with("NY 9"))
                {
                    println!("    {} VP {vp}->{}: {}", s.year, s.vp, e.text.en);
                }
            }
        }
    }
    println!("end: VP {} {:?}", s.vp, s.end);
}

/// Diagnostic: the cost of `evaluate`, of the weights of every legal
/// action, and of listing and applying, over a random game.
#[test]
#[ignore = "diagnostic"]
fn diag_cost() {
    let rules = NineYears::standard();
    let mut states = Vec::new();
    for seed in 0..5 {
        let mut s = start(&rules, seed);
        let mut bot = RandomBot::new(seed);
        let mut legal = Vec::new();
        loop {
            let ToAct::Seats(seats) = rules.to_act(&s) else { break };
            let seat = seats.iter().next().unwrap();
            legal.clear();
            rules.legal_actions(&s, seat, &mut legal);
            states.push((s.clone(), seat));
            let a = bot.choose(&sandtable_ai::Infoset::new(&rules, &s, seat, &legal));
            rules.try_apply(&mut s, seat, a, &mut Events::off()).unwrap();
        }
    }
    let t = std::time::Instant::now();
    let mut x = 0.0;
    for (s, seat) in &states {
        x += rules.evaluate(s, *seat);
    }
    let eval = t.elapsed().as_secs_f64() / states.len() as f64;
    let mut legal = Vec::new();
    let t = std::time::Instant::now();
    let mut n = 0usize;
    for (s, seat) in &states {
        legal.clear();
        rules.legal_actions(s, *seat, &mut legal);
        n += legal.len();
    }
    let list = t.elapsed().as_secs_f64() / states.len() as f64;
    let t = std::time::Instant::now();
    let mut w = 0u64;
    for (s, seat) in &states {
        legal.clear();
        rules.legal_actions(s, *seat, &mut legal);
        for &a in &legal {
            w += u64::from(rules.action_weight(s, *seat, a));
        }
    }
    let weights = t.elapsed().as_secs_f64() / states.len() as f64 - list;
    let mut by: std::collections::BTreeMap<String, (f64, usize)> = Default::default();
    for (s, seat) in &states {
        legal.clear();
        rules.legal_actions(s, *seat, &mut legal);
        for &a in &legal {
            let t = std::time::Instant::now();
            for _ in 0..10 {
                w += u64::from(rules.action_weight(s, *seat, std::hint::black_box(a)));
            }
            let e = by.entry(format!("{:?}", a).split('(').next().unwrap().to_string()).or_default();
            e.0 += t.elapsed().as_secs_f64() / 10.0;
            e.1 += 1;
        }
    }
    for (k, (t, n)) in by {
        println!("{k}: {n} calls, {:.3} µs each, {:.2} µs per state", t / n as f64 * 1e6, t / states.len() as f64 * 1e6);
    }
    println!(
        "{} states, {:.1} legal each: evaluate {:.2} µs, legal list {:.2} µs, all weights {:.2} µs ({x:.1} {w})",
        states.len(),
        n as f64 / states.len() as f64,
        eval * 1e6,
        list * 1e6,
        weights * 1e6
    );
}
