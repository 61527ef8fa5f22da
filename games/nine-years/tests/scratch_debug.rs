mod common;
use rand::{Rng, SeedableRng};
use sandtable_core::{Events, Ruleset, ToAct};
#[test]
#[ignore]
fn scratch() {
    let rules = if std::env::var("NY_TINY").is_ok() { common::tiny() } else { sandtable_nine_years::NineYears::standard() };
    let n: u64 = std::env::var("NY_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(500);
    let mut lens = Vec::new();
    let mut outcomes = std::collections::BTreeMap::new();
    for seed in 0..n {
        let mut s = common::start(&rules, seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut hist: Vec<String> = Vec::new();
        let mut buf = Vec::new();
        let mut steps = 0;
        loop {
            let seats = match rules.to_act(&s) { ToAct::Over(o) => { *outcomes.entry(o.text.en.to_string()).or_insert(0) += 1; break } ToAct::Seats(x) => x };
            let seat = seats.iter().next().unwrap();
            buf.clear();
            rules.legal_actions(&s, seat, &mut buf);
            assert!(!buf.is_empty(), "seed {seed}: dead end {:?}", s.phase);
            let a = buf[rng.gen_range(0..buf.len())];
            let mut ev = Events::recording();
            rules.try_apply(&mut s, seat, a, &mut ev).unwrap();
            hist.push(format!("{} {:?}: {}", s.year, seat.index(), rules.notation(a)));
            for e in ev.take() { hist.push(format!("    {:?} {}", e.rule, e.text.en)); }
            if hist.len() > 400 { hist.drain(0..200); }
            steps += 1;
            if let Err(e) = rules.validate(&s) {
                for h in &hist[hist.len().saturating_sub(60)..] { eprintln!("{h}"); }
                panic!("seed {seed} step {steps}: {e:?}");
            }
            assert!(steps < 100_000, "seed {seed}: too long");
        }
        lens.push(steps);
    }
    lens.sort();
    eprintln!("games {} median {} min {} max {} outcomes {outcomes:?}", lens.len(), lens[lens.len()/2], lens[0], lens[lens.len()-1]);
}
