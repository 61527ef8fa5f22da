//! Scenarios as data: a self-contained scenario file (its own small map with
//! its own victory and exit hexes, and its own order of battle) validates and
//! plays; broken files are refused with every problem on the right line; the
//! built-in scenario's hash is pinned, and a record made on other built-in
//! data is refused as "scenario data changed", not as corrupt.

use sandtable_core::conformance::{check, Battery};
use sandtable_core::{Game, LoadError, Rules, ScenarioFile, Setup};
use sandtable_totensonntag::data::{MAP_TOML, SCENARIO_TOML};
use sandtable_totensonntag::Totensonntag;
use std::sync::Arc;

/// An 8×6 map, two turns, four units a side.
pub const SMALL: &str = r#"# A small scenario for tests: not Sidi Rezegh.
id = "small-test"
en = "Small test"
ru = "Малый тест"
turns = 2

[map]
columns = 8
rows = 6
vp = ["C4", "D7", "B2"]
exit = "F1"

[map.terrain]
rough = ["C5"]
escarpment = ["D4"]
entrenchment = ["B2"]
point = ["D4"]

[[map.place]]
hex = "C4"
en = "Crossroads"
ru = "Перекрёсток"

[[formation]]
id = "pz"
en = "Panzer"
ru = "Танковая"
role = "axis-division"

[[formation]]
id = "7ad"
en = "7th Armoured"
ru = "7-я бронетанковая"
role = "seventh-armoured"

[[entry]]
id = "east"
edge = "east"
hexes = ["C8", "D8"]

[[unit]]
code = "pz1"
en = "Pz 1"
ru = "Тд 1"
formation = "pz"
nationality = "german"
class = "armour"
strength = 4
defence = 11
initiative = 4
setup = "C3"

[[unit]]
code = "pzi"
en = "Pz infantry"
ru = "Мотопехота"
formation = "pz"
nationality = "german"
class = "motorized-infantry"
strength = 2
defence = 10
initiative = 4
setup = "B2"

[[unit]]
code = "pzart"
en = "Pz artillery"
ru = "Артиллерия"
formation = "pz"
nationality = "german"
class = "artillery"
strength = 2
defence = 8
initiative = 3
range = 3
setup = "A2"

[[unit]]
code = "rtr1"
en = "1 RTR"
ru = "1 КТП"
formation = "7ad"
nationality = "british"
class = "armour"
strength = 3
defence = 11
initiative = 3
setup = "E6"

[[unit]]
code = "rtr2"
en = "2 RTR"
ru = "2 КТП"
formation = "7ad"
nationality = "british"
class = "armour"
strength = 3
defence = 11
initiative = 3
arrive = { turn = 1, pair = 2, entry = "east" }

[[unit]]
code = "inf1"
en = "Rifles"
ru = "Стрелки"
formation = "7ad"
nationality = "british"
class = "infantry"
strength = 2
defence = 12
initiative = 3
setup = "D6"
"#;

fn game() -> Rules<Totensonntag> {
    Rules(Arc::new(Totensonntag::standard()))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> u32 {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in the text"));
    sandtable_core::line_of(text, at)
}

#[test]
fn small_scenario_file_validates_and_passes_the_conformance_battery() {
    let file = ScenarioFile::new("small.toml", SMALL);
    let info = game().validate_scenario(&file).expect("playable");
    assert_eq!(info.id, "small-test");
    assert_eq!(info.sha256, file.sha256());
    let rules = Totensonntag::from_file(&file).expect("loads");
    assert_eq!((rules.map.grid.len(), rules.scenario.units.len()), (48, 6));
    let label = |h| rules.map.grid.label(h);
    assert_eq!(rules.map.vp.map(label), ["C4", "D7", "B2"]);
    assert_eq!(label(rules.map.exit), "F1");
    let report = check(&rules, &Battery::quick(vec![Setup::seeded(1), Setup::seeded(2)]));
    assert!(report.games >= 2 && report.steps > 10, "{report:?}");
}

#[test]
fn a_game_started_from_a_scenario_file_draws_and_records_that_scenario() {
    let file = ScenarioFile::new("small.toml", SMALL);
    let s = game().start(&Setup::seeded(5).with_scenario_file(file.clone())).expect("starts");
    assert_eq!(s.setup().scenario.as_deref(), Some("small-test"));
    assert_eq!(s.setup().scenario_sha256.as_deref(), Some(file.sha256().as_str()));
    assert_eq!(s.record().setup.scenario_file, Some(file));
    let drawing = s.drawing().to_string();
    assert!(drawing.contains("Crossroads") && !drawing.contains("Gambut"), "the small map's drawing");
    assert!(game().drawing().to_string().contains("Gambut"), "the built-in drawing is unchanged");
}

#[test]
fn broken_scenario_file_is_refused_with_every_problem_on_its_line() {
    // A unit set up on a hex off the 8×6 map, a unit naming an unknown
    // formation, an entry hex not on its edge: all three reported.
    let broken = SMALL
        .replacen("setup = \"E6\"", "setup = \"J9\"", 1)
        .replacen(
            "formation = \"7ad\"\nnationality = \"british\"\nclass = \"infantry\"",
            "formation = \"8ad\"\nnationality = \"british\"\nclass = \"infantry\"",
            1,
        )
        .replacen("hexes = [\"C8\", \"D8\"]", "hexes = [\"C8\", \"D5\"]", 1);
    let e = game().validate_scenario(&ScenarioFile::new("small.toml", broken.as_str())).expect_err("refused");
    let got: Vec<(Option<u32>, Option<&str>)> = e.0.iter().map(|d| (d.line, d.key.as_deref())).collect();
    assert_eq!(
        got,
        vec![
            (Some(line_of(&broken, "\"D5\"")), Some("entry[east].hexes")),
            (Some(line_of(&broken, "\"J9\"")), Some("unit[rtr1].setup")),
            (Some(line_of(&broken, "\"8ad\"")), Some("unit[inf1].formation")),
        ],
        "{e}"
    );
    assert!(e.0.iter().all(|d| d.file == "small.toml"));
    let lines = e.lines_in("en");
    assert!(
        lines[1].starts_with(&format!("small.toml:{}: unit[rtr1].setup: ", line_of(&broken, "\"J9\""))),
        "{lines:?}"
    );
    assert!(lines[2].ends_with("unknown formation 8ad"), "{lines:?}");
    assert!(e.lines_in("ru")[2].contains("неизвестное соединение"));

    // A TOML syntax error stops the file at its line.
    let syntax = SMALL.replacen("turns = 2", "turns = = 2", 1);
    let e = game().validate_scenario(&ScenarioFile::new("s.toml", syntax.as_str())).expect_err("refused");
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].line, Some(line_of(&syntax, "turns = = 2")), "{e}");

    // Starting a game from it refuses the same way.
    let err = game()
        .start(&Setup::seeded(1).with_scenario_file(ScenarioFile::new("small.toml", broken)))
        .err()
        .expect("refused");
    assert_eq!(err.problems.len(), 3);
}

#[test]
fn a_scenario_file_needs_its_map_and_the_rules_hexes_or_its_own() {
    let no_map = SMALL.split("[map]").next().expect("head").to_owned()
        + SMALL.split("[[formation]]").skip(1).map(|p| format!("[[formation]]{p}")).collect::<String>().as_str();
    let e = game().validate_scenario(&ScenarioFile::new("f.toml", no_map)).expect_err("refused");
    assert_eq!(e.0[0].key.as_deref(), Some("map"), "{e}");
    // Without `vp` and `exit`, the rules' M7, N16, N3 and Q2 are off an 8×6 map.
    let no_vp = SMALL.replacen("vp = [\"C4\", \"D7\", \"B2\"]\nexit = \"F1\"\n", "", 1);
    let e = game().validate_scenario(&ScenarioFile::new("f.toml", no_vp)).expect_err("refused");
    assert_eq!(e.0.len(), 4, "{e}");
    assert!(
        e.0.iter().all(|d| d.line.is_none() && d.key.as_deref().is_some_and(|k| k == "map.vp" || k == "map.exit")),
        "{e}"
    );
}

/// The SHA-256 of `data/map.toml` followed by `data/scenario.toml`: every
/// game record of the built-in scenario names it. Editing either file
/// changes it, and then records saved before are refused as "scenario data
/// changed" — update this pin only on purpose.
const BUILT_IN_SHA256: &str = "42716e835298f4b7f28ebad98da7b954e8e9b3e077689c19b02fc598905b6530";

#[test]
fn built_in_scenario_hash_is_map_then_scenario_and_pinned() {
    let g = game();
    let info = &g.info().scenarios[0];
    assert_eq!(info.sha256, sandtable_core::scenario_hash(&[MAP_TOML, SCENARIO_TOML]));
    assert_eq!(info.sha256, BUILT_IN_SHA256);
}

#[test]
fn a_record_of_changed_built_in_data_is_refused_as_scenario_changed() {
    let mut s = game().start(&Setup::seeded(3)).expect("starts");
    let seat = s.to_act().seats().iter().next().expect("someone acts");
    let action = s.legal(seat)[0].clone();
    s.apply(seat, &action).expect("legal");
    let record = s.record();
    game().load(&record).expect("the same data loads");
    let edited = SCENARIO_TOML.replacen("turns = 6", "turns = 5", 1);
    let other = Rules(Arc::new(Totensonntag::from_toml(MAP_TOML, &edited).expect("valid")));
    match other.load(&record) {
        Err(LoadError::ScenarioChanged { scenario, .. }) => assert_eq!(scenario, "sidi-rezegh-1941"),
        Err(e) => panic!("expected ScenarioChanged, got {e}"),
        Ok(_) => panic!("loaded against other data"),
    }
}

#[test]
fn a_scenario_file_cut_off_in_the_middle_of_a_value_says_so_in_both_languages() {
    // Found by fuzzing (issue 9): toml gives no message for a value cut off
    // at the end of the file, and the error read "" in English.
    let cut = SMALL.split_once("turns = 2").expect("the file names its turns").0.to_owned() + "turns = ";
    let errors = game().validate_scenario(&ScenarioFile::new("cut.toml", cut)).expect_err("cut off");
    let e = &errors.0[0];
    assert!(e.text.en.contains("breaks off") && e.text.ru.contains("оборван"), "{e:?}");
    assert!(e.line.is_some(), "the line is named: {e:?}");
}
