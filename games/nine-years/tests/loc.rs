//! 11 Lines of communication: a chain of friendly spaces to a friendly
//! source (11.1.1), where LOC is checked (11.1.2), LOC by sea (11.1.3),
//! restricted through a besieged fortress (11.1.4), overcrowding (11.1.5),
//! the sources (11.2.1).

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::Ruleset;
use sandtable_nine_years::{Control, FleetLoc, Loc, NineYears, Region, Side, State};

/// The LOC of a side from a space, as `open`, `restricted` or `cut`.
fn loc(r: &NineYears, s: &State, side: Side, from: &str) -> String {
    format!("{:?}", r.supply(s, side, space(r, from))).to_lowercase()
}

/// Sea control set, the fleets' boxes kept in step (10.1).
fn seas(r: &NineYears, s: &mut State, atlantic: Control, mediterranean: Control) {
    s.sea = [atlantic, mediterranean];
    for (id, side, zone) in [
        ("brest-fleet", Side::Bourbon, 0),
        ("toulon-fleet", Side::Bourbon, 1),
        ("allied-atlantic-fleet", Side::Alliance, 0),
        ("allied-mediterranean-fleet", Side::Alliance, 1),
    ] {
        let f = fleet_id(r, id);
        if s.sea[zone].is(side) {
            s.fleets[f.index()] = FleetLoc::Control;
        } else if s.fleet(f) == FleetLoc::Control {
            s.fleets[f.index()] = FleetLoc::Pool;
        }
    }
}

#[test]
fn ny_11_1_1_loc_is_a_chain_of_friendly_spaces_to_a_friendly_source() {
    let r = tiny();
    let mut s = start(&r, 1);
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "open", "Brussels–Antwerp–Amsterdam");
    set_control(&r, &mut s, &["antwerp"], Control::Bourbon);
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "cut", "an enemy space breaks the chain");
    set_control(&r, &mut s, &["antwerp"], Control::Alliance);
    set_control(&r, &mut s, &["amsterdam"], Control::Bourbon);
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "cut", "the chain must end at a friendly source");
    // The Bourbons, for their part.
    let mut s = start(&r, 1);
    assert_eq!(loc(&r, &s, Side::Bourbon, "perpignan"), "open", "Perpignan–Toulon–Lyon–Paris");
    set_control(&r, &mut s, &["toulon"], Control::Alliance);
    assert_eq!(loc(&r, &s, Side::Bourbon, "perpignan"), "cut");
    assert_eq!(loc(&r, &s, Side::Bourbon, "lyon"), "open");
}

#[test]
fn ny_11_1_2_a_fortified_line_and_a_rebuilt_corps_need_a_loc() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    shift(&r, &mut s, "france", on(&r, "lille"), on(&r, "perpignan"), 4);
    let first = corps_at(&r, &s, "france", on(&r, "perpignan"))[0];
    s.corps[first].reduced = true;
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"line perpignan".to_owned()));
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"rebuild france perpignan".to_owned()));
    set_control(&r, &mut s, &["toulon"], Control::Alliance);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "line perpignan").rule, "NY 11.1.2");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "rebuild france perpignan").rule, "NY 12.3.3");
}

/// The siege roll's LOC modifier for Villena's Spanish army before
/// Perpignan, with the given spaces Bourbon.
fn siege_loc(r: &NineYears, bourbon: &[&str]) -> String {
    let mut s = start(r, 1);
    put_leader(r, &mut s, "villena", "perpignan");
    shift(r, &mut s, "spain", on(r, "barcelona"), on(r, "perpignan"), 2);
    shift(r, &mut s, "france", on(r, "perpignan"), Loc::Pool, 1);
    set_control(r, &mut s, bourbon, Control::Bourbon);
    round_of(&mut s, Side::Alliance, 3);
    apply(r, &mut s, Side::Alliance, "campaign villena");
    apply(r, &mut s, Side::Alliance, "add spain full");
    apply(r, &mut s, Side::Alliance, "add spain reduced");
    let ev = apply(r, &mut s, Side::Alliance, "siege");
    let roll =
        citing(&ev, "NY 17.3").into_iter().find(|e| !e.dice.is_empty()).expect("a siege roll").text.en.to_string();
    roll.split(" card ").nth(1).expect("the LOC term").split(" = ").next().expect("the LOC term").to_owned()
}

#[test]
fn ny_11_1_2_a_siege_counts_the_besiegers_loc() {
    let r = tiny();
    assert_eq!(siege_loc(&r, &[]), "+0 LOC", "through Girona to Madrid");
    assert_eq!(siege_loc(&r, &["roses", "girona"]), "-2 LOC", "cut off");
}

#[test]
fn ny_11_1_3_loc_crosses_a_friendly_sea_to_an_unbesieged_friendly_port() {
    let r = tiny();
    let spain = power(&r, "spain");
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["girona"], Control::Bourbon);
    let roses = space(&r, "roses");
    assert!(!r.supply_home(&s, spain, roses).traced(), "the Mediterranean is the Bourbons'");
    seas(&r, &mut s, Control::None, Control::None);
    assert!(!r.supply_home(&s, spain, roses).traced(), "nor over an uncontrolled sea");
    seas(&r, &mut s, Control::None, Control::Alliance);
    assert_eq!(r.validate(&s), Ok(()));
    assert!(r.supply_home(&s, spain, roses).traced(), "Roses by sea to Barcelona (or Gibraltar), then Madrid");
    // Barcelona besieged: Gibraltar still serves; both gone: no line.
    shift(&r, &mut s, "france", on(&r, "perpignan"), on(&r, "barcelona"), 1);
    assert!(r.supply_home(&s, spain, roses).traced(), "by Gibraltar");
    set_control(&r, &mut s, &["gibraltar"], Control::Bourbon);
    assert!(!r.supply_home(&s, spain, roses).traced(), "not into a besieged port");
    shift(&r, &mut s, "france", on(&r, "barcelona"), on(&r, "perpignan"), 1);
    assert!(r.supply_home(&s, spain, roses).traced(), "the siege lifted");
}

#[test]
fn ny_11_1_3_besiegers_of_a_port_are_supplied_by_a_friendly_sea() {
    let r = tiny();
    let mut s = start(&r, 1);
    shift(&r, &mut s, "austria", on(&r, "vienna"), on(&r, "toulon"), 1);
    assert_eq!(loc(&r, &s, Side::Alliance, "toulon"), "cut", "Lyon and Perpignan are French; the sea is the Bourbons'");
    seas(&r, &mut s, Control::None, Control::Alliance);
    assert_eq!(loc(&r, &s, Side::Alliance, "toulon"), "open", "by sea to Barcelona, Roses or Gibraltar");
}

#[test]
fn ny_11_1_3_after_the_revolution_the_bourbons_trace_from_ireland_over_any_sea() {
    let r = tiny();
    let mut s = start(&r, 1);
    seas(&r, &mut s, Control::Alliance, Control::Bourbon);
    assert_eq!(loc(&r, &s, Side::Bourbon, "dublin"), "cut", "before the Revolution: not over the Allied Atlantic");
    s.revolution = true;
    s.revolution_year = 1688;
    set_control(&r, &mut s, &["london", "york"], Control::Alliance);
    assert_eq!(loc(&r, &s, Side::Bourbon, "dublin"), "open", "Dublin by sea to Brest, then Paris");
    assert_eq!(loc(&r, &s, Side::Bourbon, "derry"), "open");
    seas(&r, &mut s, Control::Alliance, Control::Alliance);
    assert_eq!(loc(&r, &s, Side::Bourbon, "dublin"), "open", "whoever holds the sea");
}

#[test]
fn ny_11_1_3_outside_ireland_the_bourbons_need_a_friendly_sea_even_after_the_revolution() {
    let r = tiny();
    let mut s = start(&r, 1);
    seas(&r, &mut s, Control::Alliance, Control::Bourbon);
    s.revolution = true;
    s.revolution_year = 1688;
    set_control(&r, &mut s, &["london", "york"], Control::Alliance);
    // Besiegers of Antwerp, an Allied port: no land line, and the Atlantic is the Alliance's.
    shift(&r, &mut s, "france", on(&r, "tournai"), on(&r, "antwerp"), 1);
    let mut no_ireland = s.clone();
    set_control(&r, &mut no_ireland, &["dublin", "derry"], Control::Alliance);
    shift(&r, &mut no_ireland, "jacobite", on(&r, "dublin"), on(&r, "edinburgh"), 1);
    assert_eq!(loc(&r, &no_ireland, Side::Bourbon, "antwerp"), "cut");
    assert_eq!(
        loc(&r, &s, Side::Bourbon, "antwerp"),
        "cut",
        "a line from Antwerp is not a line from Ireland: no hop through Dublin"
    );
    seas(&r, &mut s, Control::Bourbon, Control::Bourbon);
    assert_eq!(loc(&r, &s, Side::Bourbon, "antwerp"), "open", "over their own Atlantic to Brest");
}

#[test]
fn ny_11_1_3_a_capital_that_is_a_port_is_reached_by_sea_even_besieged() {
    // The shipped map: Amsterdam is a fortified Atlantic port and the Dutch capital.
    let r = NineYears::standard();
    let mut s = start(&r, 1);
    let amsterdam = space(&r, "amsterdam");
    let dutch = power(&r, "dutch");
    assert!(r.scenario.space(amsterdam).fortress > 0 && r.scenario.space(amsterdam).port.is_some());
    seas(&r, &mut s, Control::Alliance, Control::Bourbon);
    // Another Allied Atlantic port, cut off by land; every other Atlantic port Bourbon.
    let port = r
        .scenario
        .space_ids()
        .find(|&x| {
            x != amsterdam
                && s.control(x) == Control::Alliance
                && r.scenario.space(x).port.is_some()
                && r.scenario.space(x).region != Region::Spain
        })
        .expect("another Allied port");
    assert_eq!(r.scenario.space(port).port, r.scenario.space(amsterdam).port);
    for &(y, _) in &r.scenario.space(port).links {
        s.control[y.index()] = Control::Bourbon;
    }
    for x in r.scenario.space_ids() {
        if x != port
            && x != amsterdam
            && r.scenario.space(x).port == r.scenario.space(amsterdam).port
            && s.control(x) != Control::None
        {
            s.control[x.index()] = Control::Bourbon;
        }
    }
    s.control[amsterdam.index()] = Control::Alliance;
    assert!(r.supply_home(&s, dutch, port).traced(), "by sea to Amsterdam");
    // Amsterdam besieged: still reached, being the capital.
    let france = power(&r, "france");
    let c = (0..s.corps.len())
        .find(|&i| r.scenario.corps[i].power == france && matches!(s.corps[i].loc, Loc::Space(_)))
        .expect("a French corps");
    s.corps[c].loc = Loc::Space(amsterdam);
    assert!(r.supply_home(&s, dutch, port).traced(), "a besieged capital port is reached by sea");
}

#[test]
fn ny_11_1_4_loc_through_a_besieged_friendly_fortress_is_restricted() {
    let r = tiny();
    let mut s = start(&r, 1);
    shift(&r, &mut s, "france", on(&r, "tournai"), on(&r, "antwerp"), 1);
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "restricted", "through besieged Antwerp");
    assert_eq!(loc(&r, &s, Side::Alliance, "amsterdam"), "open");
    s.strength[space(&r, "antwerp").index()] = 0;
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "open", "a fortress worn to nothing is no longer besieged");
    // The restricted line costs a siege 1.
    let mut s = start(&r, 1);
    shift(&r, &mut s, "france", on(&r, "lille"), on(&r, "antwerp"), 1);
    shift(&r, &mut s, "france", on(&r, "tournai"), Loc::Pool, 1);
    shift(&r, &mut s, "dutch", on(&r, "brussels"), on(&r, "tournai"), 3);
    put_leader(&r, &mut s, "waldeck", "tournai");
    set_control(&r, &mut s, &["namur"], Control::Bourbon);
    shift(&r, &mut s, "dutch", on(&r, "namur"), Loc::Pool, 1);
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "campaign waldeck");
    apply(&r, &mut s, Side::Alliance, "add dutch full");
    apply(&r, &mut s, Side::Alliance, "add dutch full");
    let ev = apply(&r, &mut s, Side::Alliance, "siege");
    assert!(said(&ev, "NY 17.3", "-1 LOC"), "{ev:?}");
}

#[test]
fn ny_11_1_4_a_line_from_a_besieged_fortress_is_restricted() {
    let r = tiny();
    let mut s = start(&r, 1);
    // Antwerp, an Allied fortress next to Amsterdam, and Namur further off: both open.
    assert_eq!(loc(&r, &s, Side::Alliance, "antwerp"), "open");
    assert_eq!(loc(&r, &s, Side::Alliance, "namur"), "open");
    // Besieged by a French corps, each is restricted: the line starts inside the siege.
    shift(&r, &mut s, "france", on(&r, "tournai"), on(&r, "antwerp"), 1);
    shift(&r, &mut s, "france", on(&r, "lille"), on(&r, "namur"), 1);
    assert_eq!(loc(&r, &s, Side::Alliance, "antwerp"), "restricted", "not open, not cut");
    assert_eq!(loc(&r, &s, Side::Alliance, "namur"), "restricted", "not open, not cut");
    let map = r.supply_map(&s, Side::Alliance);
    for x in ["antwerp", "namur"] {
        assert_eq!(format!("{:?}", map[space(&r, x).index()]), "Restricted", "the map agrees on {x}");
    }
    assert_eq!(loc(&r, &s, Side::Alliance, "amsterdam"), "open", "the source itself is not besieged");
    // Lifted (the French gone), the same fortresses are open again.
    shift(&r, &mut s, "france", on(&r, "antwerp"), on(&r, "tournai"), 1);
    shift(&r, &mut s, "france", on(&r, "namur"), on(&r, "lille"), 1);
    assert_eq!(loc(&r, &s, Side::Alliance, "antwerp"), "open");
    assert_eq!(loc(&r, &s, Side::Alliance, "namur"), "open");
}

#[test]
fn ny_11_1_5_overcrowded_spaces_do_not_block_loc() {
    let r = tiny();
    let mut s = start(&r, 1);
    let antwerp = space(&r, "antwerp");
    let limit = r.crowd_limit(antwerp);
    let mut moved = 0;
    for p in ["dutch", "spain", "empire", "mercenary", "austria"] {
        let n = corps_at(&r, &s, p, Loc::Pool).len();
        shift(&r, &mut s, p, Loc::Pool, on(&r, "antwerp"), n);
        moved += n;
        for x in ["amsterdam", "namur", "cologne", "vienna", "innsbruck", "milan", "barcelona"] {
            let k = count_in(&r, &s, p, x);
            if moved <= limit && k > 0 {
                let k = k.min(limit + 1 - moved);
                shift(&r, &mut s, p, on(&r, x), on(&r, "antwerp"), k);
                moved += k;
            }
        }
    }
    assert_eq!(moved, limit + 1, "Antwerp overcrowded");
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "open");
}

#[test]
fn ny_11_2_1_the_sources_are_the_capitals_of_the_powers_at_war() {
    let r = tiny();
    let ids = |v: Vec<sandtable_nine_years::SpaceId>| {
        v.into_iter().map(|x| r.scenario.space(x).id.clone()).collect::<Vec<_>>()
    };
    let mut s = start(&r, 1);
    assert_eq!(ids(r.sources(&s, Side::Alliance)), ["amsterdam", "cologne", "vienna", "madrid"], "not London, Turin");
    assert_eq!(ids(r.sources(&s, Side::Bourbon)), ["paris", "london"]);
    savoy_allied(&r, &mut s);
    assert!(ids(r.sources(&s, Side::Alliance)).contains(&"turin".to_owned()), "Savoy at war");
    s.revolution = true;
    assert!(ids(r.sources(&s, Side::Alliance)).contains(&"london".to_owned()), "Britain at war");
}

#[test]
fn ny_11_2_1_a_capital_held_by_the_enemy_is_no_source() {
    let r = tiny();
    let mut s = start(&r, 1);
    assert_eq!(loc(&r, &s, Side::Alliance, "barcelona"), "open");
    set_control(&r, &mut s, &["madrid"], Control::Bourbon);
    assert_eq!(loc(&r, &s, Side::Alliance, "barcelona"), "cut");
    assert_eq!(loc(&r, &s, Side::Bourbon, "madrid"), "cut", "nor a source for the Bourbons");
    let mut s = start(&r, 1);
    assert_eq!(loc(&r, &s, Side::Bourbon, "lyon"), "open");
    set_control(&r, &mut s, &["paris"], Control::Alliance);
    assert_eq!(loc(&r, &s, Side::Bourbon, "lyon"), "cut");
}

#[test]
fn ny_11_2_1_placement_needs_loc_to_the_corps_own_capital() {
    let r = tiny();
    let s = spend_phase(&r, 1, 1689, Side::Alliance);
    assert_eq!(loc(&r, &s, Side::Alliance, "brussels"), "open", "to Amsterdam");
    assert!(!r.supply_home(&s, power(&r, "spain"), space(&r, "brussels")).traced(), "not to Madrid");
    assert_eq!(refuse(&r, &s, Side::Alliance, "form spain brussels full").rule, "NY 12.3.3");
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"form spain barcelona full".to_owned()));
}
