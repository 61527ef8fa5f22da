//! Bot knowledge (`src/heuristics.rs`): the evaluation and the rollout policy.

mod common;
use common::*;
use sandtable_ai::{playout, Bot, Budget, GreedyBot, MctsBot, MctsConfig, RandomBot};
use sandtable_core::{Heuristics, Ruleset, Setup};

fn bots(kinds: [&str; 2], budget: u32, seed: u64) -> Vec<Box<dyn Bot<Scs>>> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| -> Box<dyn Bot<Scs>> {
            let seed = seed * 2 + i as u64;
            match *k {
                "random" => Box::new(RandomBot::new(seed)),
                "greedy" => Box::new(GreedyBot::new(seed)),
                _ => Box::new(MctsBot::new(MctsConfig::new(Budget::Iterations(budget)), seed)),
            }
        })
        .collect()
}

/// Plays a few games of each pairing on both scenarios and prints the wins
/// (`PROBE_GAMES`, `PROBE_BUDGET`, `PROBE_PAIRS` = `greedy-random,…` with
/// seat 0 first, `PROBE_SCENARIOS` = `beda,sidi`).
#[test]
#[ignore = "strength probe: run in release with --nocapture"]
fn strength_probe() {
    let games: u64 = std::env::var("PROBE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(6);
    let budget: u32 = std::env::var("PROBE_BUDGET").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    let pairs = std::env::var("PROBE_PAIRS")
        .unwrap_or_else(|_| "greedy-random,random-greedy,mcts-random,random-mcts".into());
    let scenarios = std::env::var("PROBE_SCENARIOS").unwrap_or_else(|_| "beda,sidi".into());
    for scenario in scenarios.split(',') {
        let rules = if scenario == "sidi" { Scs::sidi_rezegh() } else { Scs::standard() };
        let seats: Vec<String> = rules.info().seats.iter().map(|s| s.id.clone()).collect();
        for pair in pairs.split(',') {
            let (a, b) = pair.split_once('-').expect("seat0-seat1");
            let mut wins = [0u32; 3];
            let mut decisions = 0usize;
            let start = std::time::Instant::now();
            for g in 0..games {
                let mut bs = bots([a, b], budget, g);
                match playout(&rules, &Setup::seeded(g), &mut bs, 20_000) {
                    Ok(r) => {
                        decisions += r.decisions;
                        match r.outcome.winners.iter().next() {
                            Some(seat) => wins[seat.index()] += 1,
                            None => wins[2] += 1,
                        }
                    }
                    Err(e) => println!("game {g}: {e}"),
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{scenario}: {a} ({}) vs {b} ({}), budget {budget}: {} {} / {} {} / draws {} of {games}; {:.1} s/game, {} decisions/game",
                seats[0],
                seats[1],
                seats[0],
                wins[0],
                seats[1],
                wins[1],
                wins[2],
                secs / games as f64,
                decisions / games as usize
            );
        }
    }
}

#[test]
#[ignore = "diagnostic"]
fn diag() {
    use sandtable_ai::Infoset;
    use sandtable_core::{Events, ToAct};
    let sidi = std::env::var("DIAG_SCENARIO").map_or(false, |v| v == "sidi");
    let rules = if sidi { Scs::sidi_rezegh() } else { Scs::standard() };
    let kinds: Vec<String> =
        std::env::var("DIAG").unwrap_or_else(|_| "greedy,random".into()).split(',').map(String::from).collect();
    let games: u64 = std::env::var("PROBE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    for g in 0..games {
        let mut bs = bots([kinds[0].as_str(), kinds[1].as_str()], 64, g);
        let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(g)).unwrap()).unwrap();
        let mut legal = Vec::new();
        let mut ev = Events::off();
        let mut last = (0, Side::ALL[0], Phase::SetUp);
        let mut n = 0;
        loop {
            let seat = match rules.to_act(&s) {
                ToAct::Over(o) => {
                    println!("g{g} over: {} vp {:?} elim {:?} exit {:?}", o.text.en, rules.victory_points(&s), s.eliminated_steps, s.exited_steps);
                    break;
                }
                ToAct::Seats(set) => set.iter().next().unwrap(),
            };
            if (s.turn, s.player, s.phase) != last {
                last = (s.turn, s.player, s.phase);
                println!(
                    "  g{g} t{} p{} {:?} n{n} vp {:?} elim {:?} exit {:?} control {:?} eval0 {:.3}",
                    s.turn,
                    s.player.index(),
                    s.phase,
                    rules.victory_points(&s),
                    s.eliminated_steps,
                    s.exited_steps,
                    s.control.iter().map(|c| c.index()).collect::<Vec<_>>(),
                    rules.evaluate(&s, AXIS)
                );
            }
            legal.clear();
            rules.legal_actions(&s, seat, &mut legal);
            let a = bs[seat.index()].choose(&Infoset::new(&rules, &s, seat, &legal));
            if std::env::var("TRACE").map_or(false, |t| t == seat.index().to_string()) {
                println!("    {}", rules.notation(a));
            }
            rules.try_apply(&mut s, seat, a, &mut ev).unwrap();
            n += 1;
        }
    }
}

#[test]
#[ignore = "diagnostic"]
fn diag_gains() {
    use sandtable_ai::Infoset;
    use sandtable_core::{Events, ToAct};
    let rules = Scs::sidi_rezegh();
    let stop: usize = std::env::var("STOP").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let mut bs = bots(["greedy", "random"], 64, 0);
    let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(0)).unwrap()).unwrap();
    let mut legal = Vec::new();
    for _ in 0..stop {
        let seat = match rules.to_act(&s) {
            ToAct::Over(_) => return,
            ToAct::Seats(set) => set.iter().next().unwrap(),
        };
        legal.clear();
        rules.legal_actions(&s, seat, &mut legal);
        let a = bs[seat.index()].choose(&Infoset::new(&rules, &s, seat, &legal));
        rules.try_apply(&mut s, seat, a, &mut Events::off()).unwrap();
    }
    let seat = rules.to_act(&s).seats().iter().next().unwrap();
    legal.clear();
    rules.legal_actions(&s, seat, &mut legal);
    let base = rules.evaluate(&s, seat);
    println!("turn {} phase {:?} seat {} base {base:.5} force {:?}", s.turn, s.phase, seat.index(), s.force);
    for &a in &legal {
        let mut t = s.clone();
        rules.try_apply(&mut t, seat, a, &mut Events::off()).unwrap();
        println!("{:>24} {:+.6} w {}", rules.notation(a), rules.evaluate(&t, seat) - base, rules.action_weight(&s, seat, a));
    }
}

#[test]
#[ignore = "diagnostic"]
fn diag_loop() {
    use sandtable_ai::Infoset;
    use sandtable_core::{Events, ToAct};
    let sidi = std::env::var("DIAG_SCENARIO").map_or(false, |v| v == "sidi");
    let rules = if sidi { Scs::sidi_rezegh() } else { Scs::standard() };
    let kinds: Vec<String> =
        std::env::var("DIAG").unwrap_or_else(|_| "random,greedy".into()).split(',').map(String::from).collect();
    let g: u64 = std::env::var("SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let mut bs = bots([kinds[0].as_str(), kinds[1].as_str()], 64, g);
    let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(g)).unwrap()).unwrap();
    let mut legal = Vec::new();
    for n in 0..3000 {
        let seat = match rules.to_act(&s) {
            ToAct::Over(_) => return,
            ToAct::Seats(set) => set.iter().next().unwrap(),
        };
        legal.clear();
        rules.legal_actions(&s, seat, &mut legal);
        let a = bs[seat.index()].choose(&Infoset::new(&rules, &s, seat, &legal));
        if n > 2950 {
            let mut t = s.clone();
            rules.try_apply(&mut t, seat, a, &mut Events::off()).unwrap();
            println!("{n} t{} {:?} seat {} {} eval {:.6} -> {:.6} force {:?}", s.turn, s.phase, seat.index(), rules.notation(a), rules.evaluate(&s, seat), rules.evaluate(&t, seat), s.force);
        }
        rules.try_apply(&mut s, seat, a, &mut Events::off()).unwrap();
    }
}
