//! The authored map and scenario (data/*.toml): they validate, hold the
//! places the rules and history name, and fit rule 9.1; bad data is refused
//! with a message naming the fault.

use sandtable_totensonntag::data::{MAP_TOML, SCENARIO_TOML};
use sandtable_totensonntag::{shatter_threshold, Role, Start, Terrain, Totensonntag, UnitClass};

#[test]
fn authored_data_validates_and_anchors_on_the_rule_hexes() {
    let r = Totensonntag::standard();
    let g = &r.map.grid;
    assert_eq!((g.spec().columns, g.spec().rows), (18, 17));
    let label = |h| g.label(h);
    assert_eq!(r.map.vp.map(label), ["M7", "N16", "N3"]);
    assert_eq!(label(r.map.exit), "Q2");
    // The places the rules and the history name are on the map, by real geography.
    for place in [
        "Sidi Rezegh",
        "Gambut",
        "El Adem",
        "Tobruk",
        "Point 175",
        "Point 178",
        "Belhamed",
        "Ed Duda",
        "Zaafran",
        "Bir el Gubi",
        "Gabr Saleh",
        "Gasr el Arid",
        "Bir el Chleta",
        "Sidi Muftah",
        "Sidi Belafarid",
        "Taieb el Esem",
    ] {
        assert!(r.map.places.iter().any(|p| p.name.en.contains(place)), "{place} missing");
    }
    let p175 = r.map.places.iter().find(|p| p.name.en.contains("Point 175")).unwrap().hex;
    assert!(r.map.info(p175).point);
    assert!(r.map.hexes.iter().any(|(_, i)| i.terrain == Terrain::Escarpment));
}

#[test]
fn authored_formations_are_large_enough_to_shatter_as_9_1_says() {
    let r = Totensonntag::standard();
    for (i, f) in r.scenario.formations.iter().enumerate() {
        let members: Vec<_> = r.scenario.units.iter().filter(|u| u.formation_index() == i).collect();
        let weight: usize = match f.role {
            Role::AxisDivision => members.iter().map(|u| if u.is_german_armour() { 2 } else { 1 }).sum(),
            Role::NewZealand => {
                members.iter().filter(|u| u.class.is_infantry() || u.class == UnitClass::Artillery).count()
            }
            _ => members.len(),
        };
        let threshold = shatter_threshold(f.role) as usize;
        if f.role != Role::None {
            assert!(weight > threshold, "{} can lose {weight} against a threshold of {threshold}", f.id);
        }
    }
    assert!(r.scenario.units.len() >= 60);
    assert!(r.scenario.starts.iter().any(|s| matches!(s, Start::Arrives(_))), "there are reinforcements");
}

fn refuse(map: &str, scenario: &str, needle: &str) {
    match Totensonntag::from_toml(map, scenario) {
        Ok(_) => panic!("accepted data with {needle}"),
        Err(e) => assert!(e.to_string().contains(needle), "error {e} should mention {needle:?}"),
    }
}

#[test]
fn bad_data_is_refused_with_a_precise_message() {
    refuse(&MAP_TOML.replace("columns = 18", "columns = 12"), SCENARIO_TOML, "off the map");
    refuse(&MAP_TOML.replacen("[terrain]", "[terrain]\nswamp = [\"A1\"]", 1), SCENARIO_TOML, "swamp");
    refuse(MAP_TOML, &SCENARIO_TOML.replacen("turns = 6", "turns = 0", 1), "turns");
    let first_code = SCENARIO_TOML.split("code = \"").nth(1).unwrap().split('"').next().unwrap();
    let second_code = SCENARIO_TOML.split("code = \"").nth(2).unwrap().split('"').next().unwrap();
    refuse(
        MAP_TOML,
        &SCENARIO_TOML.replacen(&format!("code = \"{second_code}\""), &format!("code = \"{first_code}\""), 1),
        "used twice",
    );
    refuse(MAP_TOML, &SCENARIO_TOML.replacen("class = \"armour\"", "class = \"cavalry\"", 1), "cavalry");
    refuse(MAP_TOML, &SCENARIO_TOML.replacen("range = ", "rang = ", 1), "rang");
    refuse(MAP_TOML, &SCENARIO_TOML.replacen("setup = \"", "setup = \"Z", 1), "bad hex label");
}
