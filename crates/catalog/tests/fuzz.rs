//! Issue 9: every parser of every game fuzzed — action notation, game
//! files, position files and scenario files — through the catalog, so each
//! game added is fuzzed with no line of its own. No input may panic; each
//! is taken or refused with a clear error, and a refused action changes
//! nothing. The counts are stated in the test output (`report-fuzz-*.txt`).

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::fuzz::{self, Counts};
use sandtable_core::{GameRecord, ScenarioFile, Seat, Session, Setup, ToAct, Viewer};
use std::sync::Arc;

const BORDER: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

/// Sessions of `driver`'s game at a few moments of random play (the start,
/// and after 10, 40 and 150 decisions), to feed actions to.
fn positions(driver: &Arc<dyn sandtable_catalog::Driver>) -> Vec<Box<dyn Session>> {
    let mut out = Vec::new();
    for seed in 0..2u64 {
        let mut s = driver.game().start(&Setup::seeded(seed)).expect("the default set-up starts");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for step in 0..=150 {
            if [0, 10, 40, 150].contains(&step) {
                out.push(s.boxed_clone());
            }
            let ToAct::Seats(seats) = s.to_act() else { break };
            let seats: Vec<Seat> = seats.iter().collect();
            let seat = seats[rng.gen_range(0..seats.len())];
            let legal = s.legal(seat);
            let a = legal[rng.gen_range(0..legal.len())].clone();
            s.apply(seat, &a).expect("a listed action applies");
        }
    }
    out
}

/// Every legal action's text at those moments, for every seat: what the
/// mutations start from.
fn notations(sessions: &[Box<dyn Session>]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in sessions {
        for seat in s.seats().iter() {
            for a in s.legal(seat) {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}

fn clear(text: &sandtable_core::Text) -> Result<(), TestCaseError> {
    prop_assert!(!text.en.trim().is_empty() && !text.ru.trim().is_empty(), "an error without words: {text:?}");
    Ok(())
}

/// A load error says what is wrong in both languages ("English / русский").
fn clear_load(e: &sandtable_core::LoadError) -> Result<(), TestCaseError> {
    let said = e.to_string();
    prop_assert!(said.contains(" / ") && said.len() > 10, "a load error without words in both languages: {said}");
    Ok(())
}

#[test]
fn fuzz_action_notation_of_every_game() {
    for driver in sandtable_catalog::catalog() {
        let id = driver.game().info().id.clone();
        let sessions = positions(&driver);
        let seeds = notations(&sessions);
        let counts = Counts::default();
        let n = sessions.len();
        fuzz::run(3000, (0..n, 0u8..8, fuzz::text(seeds)), |(at, seat, text)| {
            let mut s = sessions[at].boxed_clone();
            let seats: Vec<Seat> = s.seats().iter().collect();
            let seat = seats[usize::from(seat) % seats.len()];
            let before = s.record();
            match s.apply(seat, &text) {
                Ok(_) => counts.count(true),
                Err(e) => {
                    counts.count(false);
                    let text = match &e {
                        sandtable_core::Refusal::Parse(p) => p.text.clone(),
                        sandtable_core::Refusal::Illegal(i) => {
                            prop_assert!(!i.rule.is_empty(), "a refusal without its rule");
                            i.text.clone()
                        }
                    };
                    clear(&text)?;
                    prop_assert!(s.record() == before, "a refused action changed the game");
                }
            }
            Ok(())
        });
        fuzz::report(env!("CARGO_TARGET_TMPDIR"), &format!("notation-{id}"), &format!("{id} action notation"), &counts);
    }
}

#[test]
fn fuzz_game_files_of_every_game() {
    for driver in sandtable_catalog::catalog() {
        let id = driver.game().info().id.clone();
        let sessions = positions(&driver);
        let records: Vec<GameRecord> = sessions.iter().map(|s| s.record()).collect();
        let json: Vec<serde_json::Value> =
            records.iter().map(|r| serde_json::from_str(&r.to_json()).expect("a record is JSON")).collect();
        let texts: Vec<String> = records.iter().map(GameRecord::to_json).collect();
        let counts = Counts::default();
        let load = |record: GameRecord| -> Result<(), TestCaseError> {
            let loaded = driver.game().load(&record);
            let replayed = driver.replay(&record);
            counts.count(loaded.is_ok());
            if let Err(e) = loaded {
                clear_load(&e)?;
            }
            if let Ok(s) = replayed {
                // A file that replays is a game that plays on.
                for seat in s.seats().iter() {
                    let _ = s.legal(seat);
                    let _ = s.view(Viewer::Seat(seat));
                }
            }
            Ok(())
        };
        fuzz::run(400, fuzz::json(json), |doc| match serde_json::from_value::<GameRecord>(doc) {
            Ok(record) => load(record),
            Err(_) => {
                counts.count(false);
                Ok(())
            }
        });
        fuzz::run(400, fuzz::text(texts), |text| match GameRecord::from_json(&text) {
            Ok(record) => load(record),
            Err(e) => {
                counts.count(false);
                clear_load(&e)
            }
        });
        fuzz::report(env!("CARGO_TARGET_TMPDIR"), &format!("files-{id}"), &format!("{id} game files"), &counts);
    }
}

#[test]
fn fuzz_position_files_of_every_game() {
    for driver in sandtable_catalog::catalog() {
        let id = driver.game().info().id.clone();
        let sessions = positions(&driver);
        let seeds: Vec<serde_json::Value> = sessions.iter().map(|s| s.position()).collect();
        let counts = Counts::default();
        fuzz::run(2000, fuzz::json(seeds), |position| {
            let setup = Setup::seeded(1).with_position(position);
            match driver.game().start(&setup) {
                Ok(mut s) => {
                    counts.count(true);
                    // A position the game takes is one it can play from.
                    if let ToAct::Seats(seats) = s.to_act() {
                        let seat = seats.iter().next().expect("someone acts");
                        let legal = s.legal(seat);
                        prop_assert!(!legal.is_empty(), "a position taken where the seat to act has no action");
                        s.apply(seat, &legal[0])
                            .map_err(|e| TestCaseError::fail(format!("listed but refused: {e}")))?;
                    }
                    for v in s.seats().iter().map(Viewer::Seat).chain([Viewer::Spectator]) {
                        let _ = s.view(v);
                    }
                }
                Err(e) => {
                    counts.count(false);
                    clear(&e.text)?;
                }
            }
            Ok(())
        });
        fuzz::report(env!("CARGO_TARGET_TMPDIR"), &format!("positions-{id}"), &format!("{id} position files"), &counts);
    }
}

#[test]
fn fuzz_scenario_files_of_every_game() {
    for driver in sandtable_catalog::catalog() {
        let id = driver.game().info().id.clone();
        let counts = Counts::default();
        fuzz::run(600, fuzz::text(vec![BORDER.to_owned()]), |text| {
            match driver.game().validate_scenario(&ScenarioFile::new("fuzzed.toml", text.clone())) {
                Ok(_) => {
                    counts.count(true);
                    // A file found playable starts a game that plays.
                    let setup = Setup::seeded(1).with_scenario_file(ScenarioFile::new("fuzzed.toml", text));
                    let mut s = driver.game().start(&setup).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    for _ in 0..20 {
                        let ToAct::Seats(seats) = s.to_act() else { break };
                        let seat = seats.iter().next().expect("someone acts");
                        let legal = s.legal(seat);
                        prop_assert!(!legal.is_empty());
                        s.apply(seat, &legal[legal.len() / 2]).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    }
                }
                Err(errors) => {
                    counts.count(false);
                    prop_assert!(!errors.is_empty(), "refused without a reason");
                    for e in &errors.0 {
                        clear(&e.text)?;
                    }
                }
            }
            Ok(())
        });
        fuzz::report(env!("CARGO_TARGET_TMPDIR"), &format!("scenarios-{id}"), &format!("{id} scenario files"), &counts);
    }
}
