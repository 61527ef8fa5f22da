//! 20 Set-up as data: the shipped scenario (`data/nine-years.toml`) loads
//! and holds the facts the seed states; a broken scenario file is refused
//! with every problem named by file, line and key.

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::{Game, Rules, ScenarioFile};
use sandtable_nine_years::{data, load, Control, CorpsStart, LeaderStart, Loc, LongTerm, NineYears, Region, Side};
use std::sync::Arc;

fn validate(text: &str) -> Result<sandtable_core::ScenarioInfo, sandtable_core::DataErrors> {
    Rules(Arc::new(NineYears::standard())).validate_scenario(&ScenarioFile::new("tiny.toml", text))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> u32 {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in the text"));
    sandtable_core::line_of(text, at)
}

/// The tiny file with each `(from, to)` replaced once.
fn tiny_text(edits: &[(&str, &str)]) -> String {
    let mut t = TINY.to_owned();
    for (from, to) in edits {
        assert_eq!(t.matches(from).count(), 1, "{from:?} is not unique in tiny.toml");
        t = t.replacen(from, to, 1);
    }
    t
}

#[test]
fn ny_20_the_shipped_scenario_loads() {
    let (name, text) = data::BUILTIN;
    let sc = load::scenario(name, text).unwrap_or_else(|e| panic!("{e}"));
    let info = validate(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(info.id, sc.id);
    let r = NineYears::standard();
    assert_eq!(r.scenario.spaces.len(), sc.spaces.len());
    assert!(r.scenario.authored, "authored data, labelled so");
    let s = start(&r, 1);
    assert_eq!(sandtable_core::Ruleset::validate(&r, &s), Ok(()));
}

#[test]
fn ny_20_the_shipped_scenario_states_the_seeds_numbers() {
    let sc = NineYears::standard().scenario;
    // 6.4: peace rolls "from 1696 up to 1699": the game may last that long.
    assert_eq!((sc.first_year, sc.last_year), (1688, 1699));
    assert_eq!(sc.rp, [6, 3], "12.3.1");
    assert_eq!(sc.bourbon_initiative, (1688, 1693), "13.2.1");
    assert_eq!((sc.cards, sc.cards_first_year), (5, 3), "13.1");
    assert_eq!((sc.savoy_joins, sc.late_year, sc.peace_from), (1690, 1693, 1696));
    assert_eq!(sc.sea_control, [Control::None, Control::Bourbon], "10.1");
    // 32 action cards: 8 of 1, 16 of 2, 8 of 3.
    let by = |v: u8| sc.actions.iter().filter(|&&a| a == v).count();
    assert_eq!((sc.actions.len(), by(1), by(2), by(3)), (32, 8, 16, 8));
    // Four fleets, their home ports and capitals (12.3.6).
    let fleets: Vec<(String, Side, String, String)> = sc
        .fleets
        .iter()
        .map(|f| (f.id.clone(), f.side, sc.space(f.port).id.clone(), sc.power(f.capital).id.clone()))
        .collect();
    assert_eq!(fleets.len(), 4);
    for (port, side, capital) in [
        ("brest", Side::Bourbon, "france"),
        ("toulon", Side::Bourbon, "france"),
        ("amsterdam", Side::Alliance, "dutch"),
        ("barcelona", Side::Alliance, "spain"),
    ] {
        assert!(fleets.iter().any(|f| f.2 == port && f.1 == side && f.3 == capital), "{port}: {fleets:?}");
    }
    // The four long-term events, each once.
    for (lt, id) in LongTerm::ALL {
        let cards: Vec<_> = sc.events.iter().filter(|e| e.long_term == Some(lt)).collect();
        assert_eq!(cards.len(), 1, "{id}");
        assert_eq!(cards[0].id, id);
    }
    assert_eq!(sc.events.iter().filter(|e| e.long_term.is_some()).count(), 4);
    // Portugal is neutral (7.2.2); Catinat and Luxembourg are promoted (12.4).
    assert_eq!(sc.power(sc.named.portugal).side, None);
    for id in ["catinat", "marshal-luxembourg"] {
        assert!(sc.leader(sc.leader_by_id(id).expect(id)).promote.is_some(), "{id}");
    }
}

#[test]
fn ny_20_the_shipped_set_up_savoy_neutral_the_isles_bourbon_no_british_corps_five_jacobite_corps() {
    let r = NineYears::standard();
    let sc = &r.scenario;
    let s = start(&r, 1);
    // Savoy's own spaces (French Pinerolo lies in Piedmont but is France's).
    let savoy: Vec<_> = sc.space_ids().filter(|&x| sc.is_home(x, sc.named.savoy)).collect();
    assert!(savoy.len() >= 2 && savoy.iter().all(|&x| s.control(x) == Control::None), "7.2.1");
    assert!(spaces_of(&r, Region::Savoy)
        .iter()
        .all(|&x| s.control(x) == Control::None || sc.is_home(x, sc.named.france)));
    assert!(spaces_of(&r, Region::Portugal).iter().all(|&x| s.control(x) == Control::None), "7.2.2");
    let isles: Vec<_> = sc.space_ids().filter(|&x| sc.space(x).region.british_isles()).collect();
    assert!(
        !isles.is_empty() && isles.iter().all(|&x| s.control(x) == Control::Bourbon),
        "Britain and Ireland Bourbon"
    );
    let britain = sc.named.britain;
    assert!(sc.corps_ids().filter(|&c| sc.corps_power(c) == britain).all(|c| !matches!(s.corps(c).loc, Loc::Space(_))));
    assert!(sc
        .corps_ids()
        .any(|c| sc.corps_power(c) == britain && sc.corps[c.index()].start == CorpsStart::Revolution));
    let jacobite: Vec<_> = sc.corps_ids().filter(|&c| sc.corps_power(c) == sc.named.jacobite).collect();
    assert_eq!(jacobite.len(), 5, "7.2.6");
    let scotland = sc.event_by_id("scotland-rises").expect("Scotland Rises");
    assert_eq!(jacobite.iter().filter(|c| matches!(s.corps(**c).loc, Loc::Space(_))).count(), 4, "four at the start");
    assert_eq!(jacobite.iter().filter(|c| sc.corps[c.index()].start == CorpsStart::Event(scotland)).count(), 1);
    let claverhouse = sc.leader_by_id("claverhouse").expect("Claverhouse");
    assert_eq!(sc.leader(claverhouse).start, LeaderStart::Event(scotland));
    assert_eq!(s.fleet(fleet_id(&r, "toulon-fleet")), sandtable_nine_years::FleetLoc::Control);
}

#[test]
fn ny_20_every_space_of_the_shipped_map_is_reachable() {
    let r = NineYears::standard();
    let sc = &r.scenario;
    let n = sc.spaces.len();
    let mut seen = vec![false; n];
    let mut stack = vec![sc.named.paris];
    seen[sc.named.paris.index()] = true;
    while let Some(x) = stack.pop() {
        let by_land = sc.space(x).links.iter().map(|&(y, _)| y);
        let by_sea = sc.space_ids().filter(|&y| sc.space(x).port.is_some() && sc.space(y).port == sc.space(x).port);
        for y in by_land.chain(by_sea).collect::<Vec<_>>() {
            if !seen[y.index()] {
                seen[y.index()] = true;
                stack.push(y);
            }
        }
    }
    let lost: Vec<_> = sc.space_ids().filter(|x| !seen[x.index()]).map(|x| sc.space(x).id.clone()).collect();
    assert!(lost.is_empty(), "unreachable: {lost:?}");
    // And every space has a link (no island without a port).
    assert!(sc.spaces.iter().all(|x| !x.links.is_empty() || x.port.is_some()));
}

#[test]
fn ny_20_the_tiny_scenario_validates_like_the_command_line_would() {
    let info = validate(TINY).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(info.id, "tiny");
    assert_eq!(info.sha256, ScenarioFile::new("tiny.toml", TINY).sha256());
}

#[test]
fn ny_20_a_broken_scenario_names_every_problem_by_file_line_and_key() {
    let broken = tiny_text(&[
        ("a = \"paris\"\nb = \"lille\"", "a = \"paris\"\nb = \"lile\""),
        ("value = 3\ncount = 8", "value = 4\ncount = 8"),
        ("vp = 22", "vp = 35"),
        (
            "fortress = 1\nport = \"atlantic\"\nhome = [\"spain\"]",
            "fortress = 1\nport = \"pacific\"\nhome = [\"spain\"]",
        ),
        ("power = \"dutch\"\ntactics = 2\ncommand = 6", "power = \"dutchy\"\ntactics = 2\ncommand = 6"),
    ]);
    let e = validate(&broken).expect_err("refused");
    assert!(e.0.iter().all(|d| d.file == "tiny.toml"), "{e}");
    for (key, needle) in [
        ("link.b", "b = \"lile\""),
        ("action.value", "[[action]]\nvalue = 4"),
        ("vp", "vp = 35"),
        ("space.port", "\"pacific\""),
        ("leader[william-iii].power", "\"dutchy\""),
    ] {
        let d =
            e.0.iter().find(|d| d.key.as_deref() == Some(key)).unwrap_or_else(|| panic!("no error for {key}:\n{e}"));
        assert_eq!(d.line, Some(line_of(&broken, needle)), "{key}: {d:?}");
        assert!(
            d.line_in("en").starts_with(&format!("tiny.toml:{}: {key}: ", line_of(&broken, needle))),
            "{}",
            d.line_in("en")
        );
        assert!(!d.text.ru.is_empty() && !d.text.en.is_empty());
    }
    assert_eq!(e.0.len(), 5, "{e}");
    assert!(NineYears::from_file(&ScenarioFile::new("tiny.toml", broken.as_str())).is_err());
}

#[test]
fn ny_20_a_deck_of_more_than_max_deck_cards_is_refused() {
    let broken = tiny_text(&[("value = 2\ncount = 16", "value = 2\ncount = 60")]);
    let e = validate(&broken).expect_err("refused");
    let d = e.0.iter().find(|d| d.key.as_deref() == Some("action")).unwrap_or_else(|| panic!("{e}"));
    assert!(d.text.en.contains(&format!("at most {}", sandtable_core::MAX_DECK)), "{e}");
    assert_eq!(d.line, Some(line_of(&broken, "[[action]]")));
    assert_eq!(e.0.len(), 1, "{e}");
}

#[test]
fn ny_20_a_leader_placed_in_no_space_is_one_problem() {
    let broken = tiny_text(&[("at = \"amsterdam\"\n[[leader]]", "at = \"atlantis\"\n[[leader]]")]);
    let e = validate(&broken).expect_err("refused");
    let d = e.0.iter().find(|d| d.key.as_deref() == Some("leader[william-iii].at")).unwrap_or_else(|| panic!("{e}"));
    assert_eq!(d.line, Some(line_of(&broken, "\"atlantis\"")));
    assert_eq!(e.0.len(), 1, "the file does give exactly one start for him: {e}");
}

#[test]
fn ny_20_a_toml_syntax_error_stops_the_file_at_its_line() {
    let broken = tiny_text(&[("vp = 22", "vp = = 22")]);
    let e = validate(&broken).expect_err("refused");
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].line, Some(line_of(&broken, "vp = = 22")));
    assert!(!e.0[0].text.ru.is_empty());
}

#[test]
fn ny_20_a_scenario_without_four_fleets_or_a_named_place_is_refused() {
    let from = TINY.find("[[fleet]]\nid = \"brest-fleet\"").expect("the Brest fleet");
    let to = from + TINY[from + 1..].find("[[fleet]]").expect("the next fleet") + 1;
    let three = format!("{}{}", &TINY[..from], &TINY[to..]);
    let e = validate(&three).expect_err("three fleets");
    assert!(e.0.iter().any(|d| d.key.as_deref() == Some("fleet") && d.text.en.contains("12.3.6")), "{e}");
    let no_paris = TINY.replace("\"paris\"", "\"lutetia\"");
    let e = validate(&no_paris).expect_err("refused");
    assert!(e.0.iter().any(|d| d.key.as_deref() == Some("paris")), "{e}");
}
