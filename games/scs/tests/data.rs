//! Data: the shipped charts and scenarios validate; a broken scenario file
//! is refused with every problem named by file, line and key, as
//! `sandtable validate scs FILE` prints them.

mod common;
use common::*;
use sandtable_core::{Game, Rules, ScenarioFile};
use sandtable_scs::{data, load};
use std::sync::Arc;

fn validate(text: &str) -> Result<sandtable_core::ScenarioInfo, sandtable_core::DataErrors> {
    Rules(Arc::new(Scs::standard())).validate_scenario(&ScenarioFile::new("tiny.toml", text))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> u32 {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in the text"));
    sandtable_core::line_of(text, at)
}

#[test]
fn data_the_shipped_charts_validate() {
    let charts = load::charts("charts.toml", data::CHARTS_TOML).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(charts, Scs::series_charts());
    assert!(charts.crt.columns.len() >= 2 && charts.crt.cells.len() == charts.crt.columns.len());
    assert!(charts.crt.columns.windows(2).all(|w| w[0].rank() < w[1].rank()));
    assert!(charts.barrage.is_some(), "the barrage module's table");
}

#[test]
fn data_the_shipped_scenarios_validate_and_set_up() {
    for (name, text) in data::BUILTIN {
        load::scenario(name, text, &Scs::series_charts()).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        let info = validate(text).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        assert!(!info.id.is_empty());
    }
    let _ = Scs::standard();
    let _ = Scs::sidi_rezegh();
}

#[test]
fn data_the_tiny_scenario_validates_like_the_command_line_would() {
    let info = validate(TINY).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((info.id.as_str(), info.sha256.clone()), ("tiny", file().sha256()));
    // Its own charts replace the series charts.
    assert_eq!(tiny().scenario.charts.classes, ["foot", "motor"]);
    assert_ne!(tiny().scenario.charts, Scs::series_charts());
}

#[test]
fn data_a_broken_scenario_names_every_problem_by_file_line_and_key() {
    let broken = tiny_text(&[
        ("at = \"08.04\"", "at = \"11.04\""),
        ("lake = [\"02.07\"]", "lake = [\"02.07\"]\nswamp = [\"01.01\"]"),
        ("stream = [[\"08.02\", \"08.03\"]]", "stream = [[\"08.02\", \"08.05\"]]"),
        ("modules = [\"barrage\"]", "modules = [\"barrage\", \"air\"]"),
        ("id = \"bw\"", "id = \"at\""),
    ]);
    let e = validate(&broken).expect_err("refused");
    assert!(e.0.iter().all(|d| d.file == "tiny.toml"), "{e}");
    let find = |key: &str| {
        e.0.iter().find(|d| d.key.as_deref() == Some(key)).unwrap_or_else(|| panic!("no error for {key}:\n{e}"))
    };
    for (key, needle) in [
        ("unit[0].at", "\"11.04\""),
        ("map.terrain.swamp", "swamp"),
        ("map.hexsides.stream", "[\"08.02\", \"08.05\"]"),
        ("modules", "\"air\""),
        ("unit[8].id", "id = \"at\"\nside = \"allies\"\nen = \"Machine"),
    ] {
        let d = find(key);
        assert_eq!(d.line, Some(line_of(&broken, needle)), "{key}: {d}");
        assert!(d.line_in("en").starts_with(&format!("tiny.toml:{}: {key}: ", line_of(&broken, needle))), "{d}");
        assert!(!d.text.ru.is_empty());
    }
    assert_eq!(e.0.len(), 5, "{e}");
    // Starting a game from it refuses the same way.
    assert!(Scs::from_file(&ScenarioFile::new("tiny.toml", broken.as_str())).is_err());
}

#[test]
fn data_a_toml_syntax_error_stops_the_file_at_its_line() {
    let broken = tiny_text(&[("turns = 3", "turns = = 3")]);
    let e = validate(&broken).expect_err("refused");
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].line, Some(line_of(&broken, "turns = = 3")));
    // A file cut off in the middle of a value says so in both languages.
    let cut = TINY.split_once("turns = 3").unwrap().0.to_owned() + "turns = ";
    let e = validate(&cut).expect_err("cut off");
    assert!(e.0[0].line.is_some() && !e.0[0].text.en.is_empty() && !e.0[0].text.ru.is_empty(), "{e}");
}

#[test]
fn data_a_broken_chart_in_a_scenario_names_its_key() {
    let broken = tiny_text(&[
        ("\"1:2\" = [\"A2r1\", \"A1r1\",", "\"1:2\" = [\"A2r1\","),
        (
            "[charts.terrain.scrub]\nen = \"Scrub\"\nru = \"Кустарник\"\nmove = 2.5",
            "[charts.terrain.scrub]\nen = \"Scrub\"\nru = \"Кустарник\"\nmove = 2.25",
        ),
    ]);
    let e = validate(&broken).expect_err("refused");
    let keys: Vec<&str> = e.0.iter().filter_map(|d| d.key.as_deref()).collect();
    assert!(keys.contains(&"charts.crt.1:2"), "{e}");
    assert!(keys.contains(&"charts.terrain.scrub.move"), "a quarter MP is no cost: {e}");
    let crt = e.0.iter().find(|d| d.key.as_deref() == Some("charts.crt.1:2")).unwrap();
    assert_eq!(crt.line, Some(line_of(&broken, "\"1:2\" = [")));
}

#[test]
fn data_set_up_note_2_a_file_that_starts_a_hex_over_the_limit_is_refused() {
    // tank (2) and rifle (2) in 03.05 make 4, the limit; at (1) makes 5.
    let full = tiny_text(&[("at = \"07.05\"", "at = \"03.05\"")]);
    validate(&full).unwrap_or_else(|e| panic!("4 is allowed:\n{e}"));
    let over = tiny_text(&[("at = \"07.05\"", "at = \"03.05\""), ("at = \"02.04\"", "at = \"03.05\"")]);
    let e = validate(&over).expect_err("refused");
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].key.as_deref(), Some("unit[7].at"));
    assert!(e.0[0].text.en.contains("set-up note 2"), "{e}");
}

#[test]
fn data_set_up_errors_name_the_files_own_unit_index_and_line_even_after_a_broken_unit() {
    // unit[0] is broken (off the map), so it is not loaded: the set-up check
    // on unit[7] must still name unit[7], at the line of its `at`.
    let over = tiny_text(&[
        ("at = \"08.04\"", "at = \"11.04\""),
        ("at = \"07.05\"", "at = \"03.05\""),
        ("at = \"02.04\"", "at = \"03.05\"\n#at"),
    ]);
    let e = validate(&over).expect_err("refused");
    let d = e.0.iter().find(|d| d.text.en.contains("set-up note 2")).unwrap_or_else(|| panic!("{e}"));
    assert_eq!(d.key.as_deref(), Some("unit[7].at"), "{e}");
    assert_eq!(d.line, Some(line_of(&over, "at = \"03.05\"\n#at")), "{e}");
}
