//! Random playouts, legal-action generation, apply and clone for Nine
//! Years' shipped scenario. `cargo bench -p sandtable-nine-years`. Figures depend on the
//! machine: report them with the CPU, or as ratios.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{Events, Ruleset, Seat, Setup, ToAct};
use sandtable_nine_years::{Action, NineYears, Phase, State};

/// Plays one uniformly random game; returns the number of decisions.
fn playout(rules: &NineYears, seed: u64, buf: &mut Vec<Action>) -> u64 {
    let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(seed)).expect("setup")).expect("state");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    while let ToAct::Seats(seats) = rules.to_act(&s) {
        let seat: Seat = seats.iter().next().expect("a seat acts");
        buf.clear();
        rules.legal_actions(&s, seat, buf);
        let a = buf[rng.gen_range(0..buf.len())];
        rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
        n += 1;
    }
    n
}

/// A state in an action round of 1690, no action under way.
fn mid_game(rules: &NineYears) -> (State, Seat) {
    let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(3)).expect("setup")).expect("state");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    loop {
        let ToAct::Seats(seats) = rules.to_act(&s) else { panic!("game ended early") };
        let seat = seats.iter().next().expect("a seat acts");
        if s.year == 1690 && s.phase == Phase::Round && s.force.is_none() && s.pending.is_none() && s.played {
            return (s, seat);
        }
        buf.clear();
        rules.legal_actions(&s, seat, &mut buf);
        let a = buf[rng.gen_range(0..buf.len())];
        rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
    }
}

fn bench_scenario(c: &mut Criterion, name: &str, rules: &NineYears) {
    let (mid, seat) = mid_game(rules);
    eprintln!(
        "{name}: state {} bytes inline, {} corps (+{} bytes heap), {} bytes as JSON",
        std::mem::size_of::<State>(),
        mid.corps.len(),
        mid.corps.len() * std::mem::size_of::<sandtable_nine_years::CorpsState>(),
        serde_json::to_string(&mid).expect("json").len()
    );
    let mut buf = Vec::new();
    let decisions = playout(rules, 1, &mut buf);
    let mut g = c.benchmark_group(format!("nine-years-{name}"));
    g.throughput(Throughput::Elements(decisions));
    g.bench_function("random_playout (elements = decisions)", |b| b.iter(|| playout(rules, black_box(1), &mut buf)));
    g.throughput(Throughput::Elements(1));
    g.bench_function("clone_mid_game_state", |b| b.iter(|| black_box(mid.clone())));
    g.bench_function("legal_actions_mid_game", |b| {
        b.iter(|| {
            buf.clear();
            rules.legal_actions(black_box(&mid), seat, &mut buf);
            buf.len()
        })
    });
    let mut legal = Vec::new();
    rules.legal_actions(&mid, seat, &mut legal);
    g.bench_function("try_apply_mid_game", |b| {
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
    g.finish();
}

fn benches(c: &mut Criterion) {
    bench_scenario(c, "1688", &NineYears::standard());
}

criterion_group!(nine_years, benches);
criterion_main!(nine_years);
