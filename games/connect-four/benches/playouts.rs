//! Random playouts, legal-action generation, apply, clone and the
//! heuristics for Connect Four, through the `Ruleset` contract (what the
//! bots call). `cargo bench -p sandtable-connect-four`. Figures depend on the
//! machine: report them with the CPU, or as ratios.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_connect_four::{Action, ConnectFour, State};
use sandtable_core::{Events, Heuristics, Ruleset, Setup, ToAct};

/// Games per measured batch of playouts (seeds 0..GAMES).
const GAMES: u64 = 100;

/// Plays one uniformly random game from `start` (a clone of it) through
/// the contract; returns the number of decisions.
fn playout(rules: &ConnectFour, start: &State, rng: &mut ChaCha8Rng, buf: &mut Vec<Action>) -> u64 {
    let mut s = start.clone();
    let mut n = 0;
    while let ToAct::Seats(seats) = rules.to_act(&s) {
        let seat = seats.iter().next().expect("a seat acts");
        buf.clear();
        rules.legal_actions(&s, seat, buf);
        let a = buf[rng.gen_range(0..buf.len())];
        rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
        n += 1;
    }
    n
}

/// `GAMES` random games, seeds 0..GAMES; returns the decisions made.
fn batch(rules: &ConnectFour, start: &State, buf: &mut Vec<Action>) -> u64 {
    (0..GAMES).map(|seed| playout(rules, start, &mut ChaCha8Rng::seed_from_u64(seed), buf)).sum()
}

/// A state after `moves` random decisions (seed 3).
fn after(rules: &ConnectFour, start: &State, moves: usize) -> State {
    let mut s = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    for _ in 0..moves {
        let ToAct::Seats(seats) = rules.to_act(&s) else { break };
        let seat = seats.iter().next().expect("a seat acts");
        buf.clear();
        rules.legal_actions(&s, seat, &mut buf);
        let a = buf[rng.gen_range(0..buf.len())];
        rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
    }
    s
}

fn benches(c: &mut Criterion) {
    let rules = ConnectFour::standard();
    let start = rules.setup(&rules.info().resolve(&Setup::seeded(1)).expect("setup")).expect("state");
    let mid = after(&rules, &start, 8);
    assert!(matches!(rules.to_act(&mid), ToAct::Seats(_)), "seed 3 lasts 8 moves");
    let seat = mid.to_move.seat();
    eprintln!(
        "connect-four: state {} bytes inline (no heap), {} bytes as JSON",
        std::mem::size_of::<State>(),
        serde_json::to_string(&mid).expect("json").len()
    );
    let mut buf = Vec::with_capacity(7);
    let decisions = batch(&rules, &start, &mut buf);
    eprintln!("connect-four: {GAMES} random games = {decisions} decisions");

    let mut g = c.benchmark_group("connect-four");
    g.throughput(Throughput::Elements(decisions));
    g.bench_function("random_playouts_x100 (elements = decisions)", |b| {
        b.iter(|| batch(&rules, black_box(&start), &mut buf))
    });
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function("random_playouts_x100 (elements = games)", |b| {
        b.iter(|| batch(&rules, black_box(&start), &mut buf))
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("setup (a game from its seed: SHA-256 + ChaCha key)", |b| {
        let setup = rules.info().resolve(&Setup::seeded(1)).expect("setup");
        b.iter(|| rules.setup(black_box(&setup)))
    });
    g.bench_function("clone_mid_game_state", |b| b.iter(|| black_box(&mid).clone()));
    g.bench_function("to_act_mid_game", |b| b.iter(|| rules.to_act(black_box(&mid))));
    g.bench_function("legal_actions_mid_game", |b| {
        b.iter(|| {
            buf.clear();
            rules.legal_actions(black_box(&mid), seat, &mut buf);
            buf.len()
        })
    });
    let mut legal = Vec::new();
    rules.legal_actions(&mid, seat, &mut legal);
    g.bench_function("try_apply_mid_game (with the clone)", |b| {
        let mut i = 0;
        b.iter_batched(
            || {
                i = (i + 1) % legal.len();
                (mid.clone(), legal[i])
            },
            |(mut s, a)| rules.try_apply(&mut s, seat, a, &mut Events::off()),
            BatchSize::SmallInput,
        )
    });
    g.bench_function("resample_hidden", |b| {
        b.iter(|| rules.resample_hidden(black_box(&mid), sandtable_core::Viewer::Spectator, 7))
    });
    g.bench_function("evaluate_mid_game", |b| b.iter(|| rules.evaluate(black_box(&mid), seat)));
    g.bench_function("action_weight_x7_mid_game", |b| {
        b.iter(|| Action::ALL.iter().map(|&a| rules.action_weight(black_box(&mid), seat, a)).sum::<u32>())
    });
    g.finish();
}

criterion_group!(connect_four, benches);
criterion_main!(connect_four);
