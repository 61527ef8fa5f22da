//! Random playouts, legal-action generation, apply and clone for Nine
//! Years' shipped scenario. `cargo bench -p sandtable-nine-years`. Figures depend on the
//! machine: report them with the CPU, or as ratios.

use criterion::{criterion_group, criterion_main, Criterion};
use sandtable_nine_years::{NineYears, Phase, State};

fn bench_scenario(c: &mut Criterion, name: &str, rules: &NineYears) {
    // A state in an action round of 1690, no action under way.
    let (mid, seat) = sandtable_benchkit::walk_until(rules, 3, |s| {
        s.year == 1690 && s.phase == Phase::Round && s.force.is_none() && s.pending.is_none() && s.played
    });
    eprintln!(
        "{name}: state {} bytes inline, {} corps (+{} bytes heap), {} bytes as JSON",
        std::mem::size_of::<State>(),
        mid.corps.len(),
        mid.corps.len() * std::mem::size_of::<sandtable_nine_years::CorpsState>(),
        serde_json::to_string(&mid).expect("json").len()
    );
    sandtable_benchkit::bench_rules(c, &format!("nine-years-{name}"), rules, &mid, seat);
}

fn benches(c: &mut Criterion) {
    bench_scenario(c, "1688", &NineYears::standard());
}

criterion_group!(nine_years, benches);
criterion_main!(nine_years);
