//! The soak the issue asks for: 10,000 random games for each player count
//! 2–6 must end (escape or rounds run out) with no panic and no dead end.
//! Run in release: `cargo test --release -p sandtable-colditz --test soak -- --ignored --nocapture`.

use sandtable_colditz::Colditz;
use sandtable_core::{Events, Ruleset, Setup, ToAct};

/// Plays one uniformly random game; returns (decisions, escapes).
fn random_game(rules: &Colditz, players: u8, seed: u64) -> (u64, u32) {
    let setup = rules.info().resolve(&Setup::seeded(seed).with_option("players", &players.to_string())).expect("setup");
    let mut s = rules.setup(&setup).expect("state");
    let mut pick = sandtable_core::Dice::from_seed(seed ^ 0xabcd);
    let mut buf = Vec::new();
    let mut steps = 0u64;
    loop {
        let seats = match rules.to_act(&s) {
            ToAct::Over(_) => return (steps, s.escapes.iter().map(|&e| u32::from(e)).sum()),
            ToAct::Seats(seats) => seats,
        };
        let list: Vec<_> = seats.iter().collect();
        assert!(!list.is_empty(), "players {players} seed {seed}: nobody to act");
        let seat = list[pick.below(list.len())];
        buf.clear();
        rules.legal_actions(&s, seat, &mut buf);
        assert!(!buf.is_empty(), "players {players} seed {seed} step {steps}: dead end for seat {}", seat.index());
        let a = buf[pick.below(buf.len())];
        rules
            .try_apply(&mut s, seat, a, &mut Events::off())
            .unwrap_or_else(|e| panic!("players {players} seed {seed}: {e}"));
        steps += 1;
        assert!(steps < 1_000_000, "players {players} seed {seed}: no end");
    }
}

#[test]
#[ignore = "soak: 50,000 games, run in release"]
fn ten_thousand_random_games_per_player_count_end() {
    let rules = Colditz::standard();
    for players in 2..=6u8 {
        let (mut steps, mut escapes) = (0u64, 0u64);
        for seed in 0..10_000u64 {
            let (n, e) = random_game(&rules, players, seed);
            steps += n;
            escapes += u64::from(e);
        }
        eprintln!(
            "players {players}: 10000 games, mean {:.1} decisions, mean escapes {:.4} per game",
            steps as f64 / 10_000.0,
            escapes as f64 / 10_000.0
        );
    }
}
