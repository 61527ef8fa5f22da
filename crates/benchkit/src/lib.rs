//! # sandtable-benchkit
//!
//! The parts every game's criterion bench (`games/*/benches/playouts.rs`)
//! shared, over any [`Ruleset`]. Dev-only: games take it as a
//! dev-dependency.
//! - [`first_state`]: a game's state from `Setup::seeded(seed)`;
//! - [`random_playout`], [`random_playout_from`]: one uniformly random game,
//!   seeded, through the contract;
//! - [`walk_until`], [`walk_from`]: random play until a game's predicate
//!   holds, for a mid-game state to time;
//! - [`bench_rules`]: the standard set (random playout, clone, legal actions,
//!   apply) in one criterion group; [`bench_legal_actions`] and
//!   [`bench_try_apply`] for a bench that builds its own group.
//!
//! The random choices are fixed: a ChaCha8 generator, the first seat of
//! [`ToAct::Seats`], `gen_range` over the legal list. Changing any of them
//! changes the games played and makes figures incomparable with earlier runs.
#![deny(missing_docs)]

use criterion::measurement::WallTime;
use criterion::{black_box, BatchSize, BenchmarkGroup, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{Events, Ruleset, Seat, Setup, ToAct};

/// The state of a new game with the default scenario and options and this
/// seed. Cost: one `resolve` and one `setup` of the game.
///
/// # Panics
/// If the default set-up does not resolve or start.
pub fn first_state<R: Ruleset>(rules: &R, seed: u64) -> R::State {
    rules.setup(&rules.info().resolve(&Setup::seeded(seed)).expect("setup")).expect("state")
}

/// Plays one uniformly random game from [`first_state`]`(rules, seed)` with
/// a ChaCha8 generator seeded with `seed`; returns the number of decisions.
/// `buf` is scratch for the legal actions (reused, so a warm one does not
/// allocate). Cost: one set-up, then per decision one `to_act`, one
/// `legal_actions` and one `try_apply`.
///
/// # Panics
/// If the game offers an acting seat no legal action, or refuses one of its
/// own legal actions.
pub fn random_playout<R: Ruleset>(rules: &R, seed: u64, buf: &mut Vec<R::Action>) -> u64 {
    random_playout_from(rules, first_state(rules, seed), &mut ChaCha8Rng::seed_from_u64(seed), buf)
}

/// Plays `state` to the end, each decision the first acting seat's, chosen
/// uniformly with `rng`; returns the number of decisions. Cost: per decision
/// one `to_act`, one `legal_actions` and one `try_apply`.
///
/// # Panics
/// As [`random_playout`].
pub fn random_playout_from<R: Ruleset>(
    rules: &R,
    mut state: R::State,
    rng: &mut impl Rng,
    buf: &mut Vec<R::Action>,
) -> u64 {
    let mut n = 0;
    while let ToAct::Seats(seats) = rules.to_act(&state) {
        let seat = seats.iter().next().expect("a seat acts");
        random_step(rules, &mut state, seat, rng, buf);
        n += 1;
    }
    n
}

/// Plays randomly from [`first_state`]`(rules, seed)`, with a ChaCha8
/// generator seeded with `seed`, until `stop` holds; returns that state and
/// its first acting seat. Cost: as many decisions as it takes, each as in
/// [`random_playout`], plus one `stop` each.
///
/// # Panics
/// If the game ends before `stop` holds (choose another predicate or seed).
pub fn walk_until<R: Ruleset>(rules: &R, seed: u64, stop: impl FnMut(&R::State) -> bool) -> (R::State, Seat) {
    walk_from(rules, first_state(rules, seed), &mut ChaCha8Rng::seed_from_u64(seed), stop)
}

/// Plays randomly from `state` with `rng`, as [`random_playout_from`],
/// until `stop` holds; returns that state and its first acting seat. `stop`
/// is asked before each decision, the first time of `state` itself.
///
/// # Panics
/// If the game ends before `stop` holds.
pub fn walk_from<R: Ruleset>(
    rules: &R,
    mut state: R::State,
    rng: &mut impl Rng,
    mut stop: impl FnMut(&R::State) -> bool,
) -> (R::State, Seat) {
    let mut buf = Vec::new();
    loop {
        let ToAct::Seats(seats) = rules.to_act(&state) else {
            panic!("the game ended before the walk's stop predicate held: choose another predicate or seed")
        };
        let seat = seats.iter().next().expect("a seat acts");
        if stop(&state) {
            return (state, seat);
        }
        random_step(rules, &mut state, seat, rng, &mut buf);
    }
}

/// One decision for `seat`, uniform over its legal actions.
fn random_step<R: Ruleset>(rules: &R, state: &mut R::State, seat: Seat, rng: &mut impl Rng, buf: &mut Vec<R::Action>) {
    buf.clear();
    rules.legal_actions(state, seat, buf);
    let a = buf[rng.gen_range(0..buf.len())];
    rules.try_apply(state, seat, a, &mut Events::off()).expect("legal");
}

/// The standard benchmarks of a game, in the criterion group `group`:
/// - `random_playout (elements = decisions)`: [`random_playout`] with seed
///   1, throughput in decisions (so the figure reads as time per decision);
/// - `clone_mid_game_state`: one clone of `mid`;
/// - `legal_actions_mid_game`: [`bench_legal_actions`];
/// - `try_apply_mid_game`: [`bench_try_apply`].
///
/// `mid` is a mid-game state (from [`walk_until`]) and `seat` one that acts
/// in it. Cost before measuring: one extra playout to count its decisions.
///
/// # Panics
/// As [`random_playout`] and [`bench_try_apply`].
pub fn bench_rules<R: Ruleset>(c: &mut Criterion, group: &str, rules: &R, mid: &R::State, seat: Seat) {
    let mut buf = Vec::new();
    let decisions = random_playout(rules, 1, &mut buf);
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(decisions));
    g.bench_function("random_playout (elements = decisions)", |b| {
        b.iter(|| random_playout(rules, black_box(1), &mut buf))
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("clone_mid_game_state", |b| b.iter(|| black_box(mid.clone())));
    bench_legal_actions(&mut g, "legal_actions_mid_game", rules, mid, seat);
    bench_try_apply(&mut g, "try_apply_mid_game", rules, mid, seat);
    g.finish();
}

/// Benchmark `name` in `g`: `seat`'s legal actions in `mid`, into a reused
/// list (no allocation once warm). Set the group's throughput before.
pub fn bench_legal_actions<R: Ruleset>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    rules: &R,
    mid: &R::State,
    seat: Seat,
) {
    let mut buf = Vec::new();
    g.bench_function(name, |b| {
        b.iter(|| {
            buf.clear();
            rules.legal_actions(black_box(mid), seat, &mut buf);
            buf.len()
        })
    });
}

/// Benchmark `name` in `g`: `seat` applies one of its legal actions in
/// `mid`, cycling through them, to a fresh clone of `mid` each time (the
/// clone is made outside the measured part but its drop is measured). Set
/// the group's throughput before.
///
/// # Panics
/// If `seat` has no legal action in `mid`.
pub fn bench_try_apply<R: Ruleset>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    rules: &R,
    mid: &R::State,
    seat: Seat,
) {
    let mut legal = Vec::new();
    rules.legal_actions(mid, seat, &mut legal);
    assert!(!legal.is_empty(), "the mid-game seat has no legal action");
    g.bench_function(name, |b| {
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
}
