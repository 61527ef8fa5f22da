//! Random playouts, legal-action generation, apply and clone for Totensonntag.
//! `cargo bench -p sandtable-totensonntag`. Figures depend on the machine:
//! report them with the CPU, or as ratios.

use criterion::{criterion_group, criterion_main, Criterion};
use sandtable_totensonntag::{Phase, State, Totensonntag};

fn benches(c: &mut Criterion) {
    let rules = Totensonntag::standard();
    // A state some way into the game (turn 2), for clone and legal-action timing.
    let (mid, seat) =
        sandtable_benchkit::walk_until(&rules, 3, |s| s.turn == 2 && matches!(s.phase, Phase::Impulse { .. }));
    eprintln!(
        "state: {} bytes inline, {} units (+{} bytes heap), {} bytes as JSON",
        std::mem::size_of::<State>(),
        mid.units.len(),
        mid.units.len() * std::mem::size_of::<sandtable_totensonntag::UnitState>(),
        serde_json::to_string(&mid).expect("json").len()
    );
    sandtable_benchkit::bench_rules(c, "totensonntag", &rules, &mid, seat);
}

criterion_group! {
    name = group;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(4));
    targets = benches
}
criterion_main!(group);
