//! Random playouts, legal-action generation, apply, clone and the
//! heuristics for Connect Four, through the `Ruleset` contract (what the
//! bots call). `cargo bench -p sandtable-connect-four`. Figures depend on the
//! machine: report them with the CPU, or as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sandtable_benchkit::{bench_legal_actions, bench_try_apply, random_playout_from, walk_from};
use sandtable_connect_four::{Action, ConnectFour, State};
use sandtable_core::{Heuristics, Ruleset, Setup};

/// Games per measured batch of playouts (seeds 0..GAMES).
const GAMES: u64 = 100;

/// `GAMES` random games from `start`, seeds 0..GAMES; returns the decisions made.
fn batch(rules: &ConnectFour, start: &State, buf: &mut Vec<Action>) -> u64 {
    (0..GAMES).map(|seed| random_playout_from(rules, start.clone(), &mut ChaCha8Rng::seed_from_u64(seed), buf)).sum()
}

fn benches(c: &mut Criterion) {
    let rules = ConnectFour::standard();
    let start = sandtable_benchkit::first_state(&rules, 1);
    // A state after 8 random decisions (seed 3; `walk_from` panics if the game ends first).
    let mut moves = 0;
    let (mid, seat) = walk_from(&rules, start.clone(), &mut ChaCha8Rng::seed_from_u64(3), |_| {
        moves += 1;
        moves > 8
    });
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
    bench_legal_actions(&mut g, "legal_actions_mid_game", &rules, &mid, seat);
    bench_try_apply(&mut g, "try_apply_mid_game (with the clone)", &rules, &mid, seat);
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
