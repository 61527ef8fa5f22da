//! Random playouts, legal-action generation, apply and clone for both SCS
//! scenarios. `cargo bench -p sandtable-scs`. Figures depend on the
//! machine: report them with the CPU, or as ratios.

use criterion::{criterion_group, criterion_main, Criterion};
use sandtable_scs::{Phase, Scs, State};

fn bench_scenario(c: &mut Criterion, name: &str, rules: &Scs) {
    // A state in the first player's Movement Phase of turn 2.
    let (mid, seat) =
        sandtable_benchkit::walk_until(rules, 3, |s| s.turn == 2 && s.phase == Phase::Movement && s.fight.is_none());
    eprintln!(
        "{name}: state {} bytes inline, {} units (+{} bytes heap), {} bytes as JSON",
        std::mem::size_of::<State>(),
        mid.units.len(),
        mid.units.len() * std::mem::size_of::<sandtable_scs::UnitState>(),
        serde_json::to_string(&mid).expect("json").len()
    );
    sandtable_benchkit::bench_rules(c, &format!("scs-{name}"), rules, &mid, seat);
}

fn benches(c: &mut Criterion) {
    bench_scenario(c, "beda-fomm", &Scs::standard());
    bench_scenario(c, "sidi-rezegh", &Scs::sidi_rezegh());
}

criterion_group!(scs, benches);
criterion_main!(scs);
