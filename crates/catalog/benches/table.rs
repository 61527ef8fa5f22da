//! What the server's table costs to build for the seat to act, per game:
//! its legal actions with hints, labels and the odds of every action that
//! rolls (`legal_hinted`), against the bare notation (`legal`), plus the
//! seat's view and its idle pieces. The table is built for every page at
//! every version (crates/server/src/table.rs), so this bounds a push.
//! `cargo bench -p sandtable-catalog --bench table`. Figures depend on the
//! machine: report them with the CPU, or as ratios.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{Seat, Session, Setup, ToAct, Viewer};

/// Positions along one random game (every 7th decision, up to 24 of them),
/// each with the first seat to act.
fn positions(session: &dyn Session) -> Vec<(Box<dyn Session>, Seat)> {
    let mut s = session.boxed_clone();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut out = Vec::new();
    for step in 0..24 * 7 {
        let ToAct::Seats(seats) = s.to_act() else { break };
        let seat = seats.iter().next().expect("a seat acts");
        if step % 7 == 0 {
            out.push((s.boxed_clone(), seat));
        }
        let legal = s.legal(seat);
        let action = legal[rng.gen_range(0..legal.len())].clone();
        s.apply(seat, &action).expect("a legal action applies");
    }
    out
}

fn table_parts(c: &mut Criterion) {
    for driver in sandtable_catalog::catalog() {
        let game = driver.game();
        let id = game.info().id.clone();
        let start = game.start(&Setup::seeded(3)).expect("the default set-up starts");
        let at = positions(start.as_ref());
        let mut group = c.benchmark_group(format!("table/{id}"));
        group.bench_function("legal (notation only)", |b| {
            b.iter(|| at.iter().map(|(s, seat)| black_box(s.legal(*seat)).len()).sum::<usize>())
        });
        group.bench_function("legal_hinted (hints, labels, odds)", |b| {
            b.iter(|| at.iter().map(|(s, seat)| black_box(s.legal_hinted(*seat)).len()).sum::<usize>())
        });
        group.bench_function("view", |b| {
            b.iter(|| at.iter().map(|(s, seat)| black_box(s.view(Viewer::Seat(*seat)))).count())
        });
        group.bench_function("idle", |b| {
            b.iter(|| at.iter().map(|(s, seat)| black_box(s.idle(*seat)).len()).sum::<usize>())
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = table_parts
}
criterion_main!(benches);
