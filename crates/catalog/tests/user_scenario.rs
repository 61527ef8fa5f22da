//! Issue 8.1 proved end to end: a Totensonntag scenario file written for the
//! tests (`games/totensonntag/scenarios/border-skirmish.toml`: a small map of
//! its own and a different order of battle) is validated
//! through the catalog, played to the end by random bots, saved as a game
//! file, and replayed through the catalog to the same state hash; a broken
//! copy is refused with the right line named.

use sandtable_ai::{decide, RandomBot};
use sandtable_core::{ruleset_for, Events, GameRecord, LoadError, Match, Ruleset, ScenarioFile, Session, Setup, ToAct};
use sandtable_totensonntag::Totensonntag;
use std::sync::Arc;

const SMALL: &str = include_str!("../../../games/totensonntag/scenarios/border-skirmish.toml");

fn file() -> ScenarioFile {
    ScenarioFile::new("border.toml", SMALL)
}

#[test]
fn user_scenario_file_is_validated_played_to_the_end_by_random_bots_saved_and_replayed() {
    let driver = sandtable_catalog::find("totensonntag").expect("present");
    let info = driver.game().validate_scenario(&file()).expect("playable");
    assert_eq!(info.id, "border-skirmish");

    for seed in 0..5u64 {
        // Random bots, typed, on the rules made from the file.
        let setup = Setup::seeded(seed).with_scenario_file(file());
        let standard = Arc::new(Totensonntag::standard());
        let rules = ruleset_for(&standard, &setup).expect("the file loads");
        let mut m = Match::new(rules.clone(), &setup).expect("starts");
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 100)];
        let mut steps = 0;
        while let ToAct::Seats(seats) = rules.to_act(m.state()) {
            let seat = seats.iter().next().expect("someone acts");
            let action =
                decide::<Totensonntag>(&mut bots[seat.index()], &rules, m.state(), seat).expect("a legal action");
            m.apply_action(seat, action, &mut Events::off()).expect("a listed action applies");
            steps += 1;
            assert!(steps < 20_000, "a one-turn game must end");
        }
        // Saved, read back, replayed through the catalog to the same hash.
        let json = Session::record(&m).to_json();
        assert!(json.contains("border-skirmish") && json.contains("scenario_file"), "the file is embedded");
        let record = GameRecord::from_json(&json).expect("a game file");
        let (_, session) = sandtable_catalog::open(&record).expect("replays");
        assert_eq!(session.record().state_hash, record.state_hash);
        assert!(matches!(session.to_act(), ToAct::Over(_)));
        assert!(session.drawing().to_string().contains("\"E1\""), "the drawing is the file's map");

        // The embedded file edited after saving: refused plainly.
        let mut edited = record.clone();
        edited.setup.scenario_file.as_mut().expect("embedded").text = SMALL.replacen("turns = 1", "turns = 2", 1);
        assert!(matches!(sandtable_catalog::open(&edited), Err(LoadError::ScenarioChanged { .. })));
    }

    // The catalog's random self-play runs on the file too.
    let report = driver.selfplay(&Setup::seeded(1).with_scenario_file(file()), 4, 9, &|_| {});
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.games, 4);
}

#[test]
fn broken_user_scenario_file_is_refused_naming_the_line() {
    let broken = SMALL.replacen("setup = \"C5\"", "setup = \"C9\"", 1);
    let line = sandtable_core::line_of(&broken, broken.find("\"C9\"").expect("there"));
    let driver = sandtable_catalog::find("totensonntag").expect("present");
    let e = driver.game().validate_scenario(&ScenarioFile::new("border.toml", broken.as_str())).expect_err("refused");
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].line, Some(line));
    assert!(e.lines_in("en")[0].starts_with(&format!("border.toml:{line}: unit[sa2].setup: ")), "{e}");
    let refused = driver.game().start(&Setup::seeded(1).with_scenario_file(ScenarioFile::new("border.toml", broken)));
    assert!(refused.is_err());
}
