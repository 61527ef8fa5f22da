//! Issue 13: listing the legal actions into a reused buffer and applying
//! one must not touch the heap, in every game of the catalog (a search
//! does both millions of times). Counted by `allocation-counter`'s global
//! allocator, per thread, over whole random games.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{initial_state, Events, Ruleset, Setup, ToAct};

/// Plays `games` random games from `setup` (seeds 1…), checking every
/// `legal_actions` and `try_apply` call allocates nothing; the first game
/// is a warm-up (lazily built tables may allocate once). Panics naming the
/// first call that allocated.
fn no_allocation_per_call<R: Ruleset>(rules: &R, setup: &Setup, games: u64) -> u64 {
    let mut legal: Vec<R::Action> = Vec::with_capacity(1 << 14);
    let mut events = Events::off();
    let mut checked = 0;
    for game in 0..=games {
        let setup = Setup { seed: game + 1, ..setup.clone() };
        let resolved = rules.info().resolve(&setup).expect("resolves");
        let mut state = initial_state(rules, &resolved).expect("starts");
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        for step in 0..200_000 {
            let ToAct::Seats(seats) = rules.to_act(&state) else { break };
            let seat = seats.iter().next().expect("a seat acts");
            legal.clear();
            let listing = allocation_counter::measure(|| rules.legal_actions(&state, seat, &mut legal));
            let action = legal[rng.gen_range(0..legal.len())];
            let mut result = Ok(());
            let applying =
                allocation_counter::measure(|| result = rules.try_apply(&mut state, seat, action, &mut events));
            result.unwrap_or_else(|e| panic!("{} refused: {e}", rules.notation(action)));
            if game > 0 {
                let id = &rules.info().id;
                assert_eq!(
                    listing.count_total, 0,
                    "{id} game {game} step {step}: legal_actions allocated {} times",
                    listing.count_total
                );
                assert_eq!(
                    applying.count_total,
                    0,
                    "{id} game {game} step {step}: try_apply({}) allocated {} times",
                    rules.notation(action),
                    applying.count_total
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn totensonntag_lists_and_applies_without_allocating() {
    let rules = sandtable_totensonntag::Totensonntag::standard();
    assert!(no_allocation_per_call(&rules, &Setup::default(), 3) > 100);
}

#[test]
fn colditz_lists_and_applies_without_allocating() {
    let rules = sandtable_colditz::Colditz::standard();
    for players in ["2", "6"] {
        assert!(no_allocation_per_call(&rules, &Setup::default().with_option("players", players), 2) > 100);
    }
}

#[test]
fn scs_lists_and_applies_without_allocating() {
    for rules in [sandtable_scs::Scs::standard(), sandtable_scs::Scs::sidi_rezegh()] {
        assert!(no_allocation_per_call(&rules, &Setup::default(), 2) > 100);
    }
}

#[test]
fn nine_years_lists_and_applies_without_allocating() {
    let rules = sandtable_nine_years::NineYears::standard();
    assert!(no_allocation_per_call(&rules, &Setup::default(), 2) > 100);
}
