//! Random playouts of a scenario, counting each kind of action taken:
//! `cargo run --release -p sandtable-scs --example stats [beda|sidi] [games]`.

use rand::{Rng, SeedableRng};
use sandtable_core::{Events, Ruleset, Setup, ToAct};
use sandtable_scs::Scs;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = if args.get(1).map(String::as_str) == Some("sidi") { Scs::sidi_rezegh() } else { Scs::standard() };
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let mut steps = 0u64;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut legal = Vec::new();
    for g in 0..games {
        let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(g)).expect("setup")).expect("setup");
        loop {
            let seat = match rules.to_act(&s) {
                ToAct::Over(o) => {
                    *outcomes
                        .entry(o.winners.iter().map(|x| x.index().to_string()).collect::<Vec<_>>().join("+"))
                        .or_default() += 1;
                    break;
                }
                ToAct::Seats(set) => set.iter().next().expect("a seat"),
            };
            legal.clear();
            rules.legal_actions(&s, seat, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())];
            *kinds.entry(rules.notation(a).split(' ').next().unwrap_or("").to_string()).or_default() += 1;
            rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
            steps += 1;
        }
    }
    println!("{games} games, {steps} decisions; winners by seat {outcomes:?}");
    println!("{kinds:?}");
}
