//! 10.1 Sea control and 12.3.6 fleets: the control boxes, fleets to the
//! pool or out of the game, preparing a fleet, losing it to a siege of its
//! home port.

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::Ruleset;
use sandtable_nine_years::{Control, FleetLoc, NineYears, Phase, Side, State};

fn fleets(r: &NineYears, s: &State) -> [FleetLoc; 4] {
    ["brest-fleet", "toulon-fleet", "allied-atlantic-fleet", "allied-mediterranean-fleet"]
        .map(|id| s.fleet(fleet_id(r, id)))
}

#[test]
fn ny_10_1_the_atlantic_starts_uncontrolled_and_the_mediterranean_bourbon() {
    for r in [tiny(), NineYears::standard()] {
        let s = start(&r, 1);
        assert_eq!(s.sea, [Control::None, Control::Bourbon]);
        let [brest, toulon, atlantic, _] = fleets(&r, &s);
        assert_eq!(toulon, FleetLoc::Control, "the Toulon fleet in the Mediterranean control box");
        assert!(brest != FleetLoc::Control && atlantic != FleetLoc::Control, "nobody's in the Atlantic box");
    }
    let r = tiny();
    assert_eq!(fleets(&r, &start(&r, 1))[3], FleetLoc::Port(1), "the tiny file prepares the Allied fleet in Barcelona");
}

#[test]
fn ny_10_1_a_fleet_in_the_control_box_is_neither_prepared_nor_deployed() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "fleet toulon-fleet 1").rule, "NY 12.3.6");
    round_of(&mut s, Side::Bourbon, 2);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "deploy toulon-fleet").rule, "NY 13.5.6");
    round_of(&mut s, Side::Alliance, 2);
    assert!(
        legal_text(&r, &s, Side::Alliance).contains(&"deploy allied-mediterranean-fleet".to_owned()),
        "a prepared one may"
    );
}

/// The Alliance deploys its prepared Mediterranean fleet, the dice `a`
/// (its roll) and `b` (the Bourbons'); `besieged`: an Allied corps sits in
/// Toulon, the Toulon fleet's home port.
fn challenge(r: &NineYears, besieged: bool, a: u8, b: u8) -> State {
    let mut s = start(r, 1);
    if besieged {
        shift(r, &mut s, "austria", on(r, "vienna"), on(r, "toulon"), 1);
    }
    round_of(&mut s, Side::Alliance, 2);
    s.dice = dice_rolling(&[a, b]);
    apply(r, &mut s, Side::Alliance, "deploy allied-mediterranean-fleet");
    assert_eq!(r.validate(&s), Ok(()));
    s
}

#[test]
fn ny_10_1_a_fleet_leaving_the_control_box_goes_to_the_pool_or_out_of_the_game_if_its_port_is_besieged() {
    let r = tiny();
    // 6+1 against 1+1: the Alliance takes the Mediterranean.
    let s = challenge(&r, false, 6, 1);
    assert_eq!(s.sea[1], Control::Alliance);
    assert_eq!(fleets(&r, &s)[1..], [FleetLoc::Pool, FleetLoc::Pool, FleetLoc::Control], "Toulon's fleet to the pool");
    let s = challenge(&r, true, 6, 1);
    assert_eq!(s.sea[1], Control::Alliance);
    assert_eq!(fleets(&r, &s)[1], FleetLoc::Removed, "its home port besieged: out of the game");
    // A failed challenge changes nothing but the deployed fleet, back in the pool.
    let s = challenge(&r, false, 1, 6);
    assert_eq!(s.sea[1], Control::Bourbon);
    assert_eq!(fleets(&r, &s)[1..], [FleetLoc::Control, FleetLoc::Pool, FleetLoc::Pool]);
}

#[test]
fn ny_10_1_control_changes_by_event_and_in_winter_quarters() {
    let r = tiny();
    // An event (Beachy Head): the Brest fleet goes to the Atlantic box.
    let mut s = event_phase(&r, 2, 1690);
    s.kww_used = [true; 2];
    stack_events(&r, &mut s, &["beachy-head", "louvois"]);
    apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert_eq!(s.sea[0], Control::Bourbon);
    assert_eq!(fleets(&r, &s)[0], FleetLoc::Control);
    // Winter Quarters with London Allied: the Atlantic passes to the Alliance,
    // its fleet to the box, Brest's back to the pool.
    let mut s = start(&r, 2);
    s.sea[0] = Control::Bourbon;
    s.fleets[fleet_id(&r, "brest-fleet").index()] = FleetLoc::Control;
    set_control(&r, &mut s, &["london"], Control::Alliance);
    shift(&r, &mut s, "jacobite", on(&r, "london"), on(&r, "york"), 2);
    put_leader(&r, &mut s, "james-ii", "york");
    assert_eq!(r.validate(&s), Ok(()));
    end_campaign(&r, &mut s);
    assert_eq!(s.sea[0], Control::Alliance);
    assert_eq!(fleets(&r, &s)[0], FleetLoc::Pool);
    assert_eq!(fleets(&r, &s)[2], FleetLoc::Control);
}

#[test]
fn ny_12_3_6_a_fleet_is_prepared_for_1_or_2_rp_when_its_zone_is_uncontrolled_or_the_enemys() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Alliance);
    assert_eq!(s.rp[0], 6);
    let ev = apply(&r, &mut s, Side::Alliance, "fleet allied-atlantic-fleet 2");
    assert!(said(&ev, "NY 12.3.6", "strength 2"), "{ev:?}");
    assert_eq!((fleets(&r, &s)[2], s.rp[0]), (FleetLoc::Port(2), 4));
    assert_eq!(refuse(&r, &s, Side::Alliance, "fleet allied-atlantic-fleet 1").rule, "NY 12.3.6", "already prepared");
    assert_eq!(
        refuse(&r, &s, Side::Alliance, "fleet allied-mediterranean-fleet 1").rule,
        "NY 12.3.6",
        "prepared by the file"
    );
    s.fleets[fleet_id(&r, "allied-mediterranean-fleet").index()] = FleetLoc::Pool;
    s.rp[0] = 1;
    assert_eq!(refuse(&r, &s, Side::Alliance, "fleet allied-mediterranean-fleet 2").rule, "NY 12.3.1");
    apply(&r, &mut s, Side::Alliance, "fleet allied-mediterranean-fleet 1");
    assert_eq!((fleets(&r, &s)[3], s.rp[0]), (FleetLoc::Port(1), 0), "the Bourbons' Mediterranean: the enemy's zone");
    // The Bourbons: the uncontrolled Atlantic yes, their own Mediterranean no.
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "fleet toulon-fleet 2").rule, "NY 12.3.6");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "fleet allied-atlantic-fleet 1").rule, "NY 12.3.6", "not theirs");
    apply(&r, &mut s, Side::Bourbon, "fleet brest-fleet 1");
    assert_eq!(fleets(&r, &s)[0], FleetLoc::Port(1));
    // An Atlantic the Alliance holds: its fleet is in the box, not preparable.
    let mut s = spend_phase(&r, 1, 1689, Side::Alliance);
    s.sea[0] = Control::Alliance;
    s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = FleetLoc::Control;
    assert_eq!(refuse(&r, &s, Side::Alliance, "fleet allied-atlantic-fleet 1").rule, "NY 12.3.6");
}

#[test]
fn ny_12_3_6_the_home_port_must_trace_loc_to_its_capital() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Alliance);
    s.fleets[fleet_id(&r, "allied-mediterranean-fleet").index()] = FleetLoc::Pool;
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"fleet allied-mediterranean-fleet 1".to_owned()));
    set_control(&r, &mut s, &["madrid"], Control::Bourbon);
    assert_eq!(
        refuse(&r, &s, Side::Alliance, "fleet allied-mediterranean-fleet 1").rule,
        "NY 12.3.6",
        "Barcelona to Madrid"
    );
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"fleet brest-fleet 1".to_owned()));
    set_control(&r, &mut s, &["paris"], Control::Alliance);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "fleet brest-fleet 1").rule, "NY 12.3.6", "Brest to Paris");
}

#[test]
fn ny_12_3_6_prepared_fleets_are_removed_in_winter_quarters() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    apply(&r, &mut s, Side::Bourbon, "fleet brest-fleet 2");
    assert_eq!(fleets(&r, &s)[3], FleetLoc::Port(1));
    end_campaign(&r, &mut s);
    assert_eq!((s.year, s.phase), (1690, Phase::EventOrder));
    assert_eq!(fleets(&r, &s), [FleetLoc::Pool, FleetLoc::Control, FleetLoc::Pool, FleetLoc::Pool]);
}

#[test]
fn ny_12_3_6_a_siege_roll_against_a_fleets_home_port_removes_it_for_good() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.year = 1690;
    savoy_allied(&r, &mut s);
    put_leader(&r, &mut s, "eugene", "toulon");
    shift(&r, &mut s, "austria", on(&r, "vienna"), on(&r, "toulon"), 1);
    let before = fleets(&r, &s);
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "campaign eugene");
    apply(&r, &mut s, Side::Alliance, "add austria full");
    let ev = apply(&r, &mut s, Side::Alliance, "siege");
    assert!(said(&ev, "NY 12.3.6", "removed from the game"), "{ev:?}");
    assert_eq!(fleets(&r, &s)[1], FleetLoc::Removed, "whatever the roll did");
    assert_eq!(fleets(&r, &s)[0], before[0]);
    assert_eq!(r.validate(&s), Ok(()));
    // For good: not back in the box when the Mediterranean changes hands,
    // nor prepared again.
    round_of(&mut s, Side::Alliance, 2);
    s.dice = dice_rolling(&[6, 1]);
    apply(&r, &mut s, Side::Alliance, "deploy allied-mediterranean-fleet");
    assert_eq!(s.sea[1], Control::Alliance);
    s.phase = Phase::Spend;
    s.order = [Side::Bourbon, Side::Alliance];
    s.idx = 0;
    s.rp = [0, 5];
    assert_eq!(refuse(&r, &s, Side::Bourbon, "fleet toulon-fleet 1").rule, "NY 12.3.6");
    assert_eq!(fleets(&r, &s)[1], FleetLoc::Removed);
    // A siege elsewhere takes no fleet.
    let mut s = start(&r, 1);
    put_leader(&r, &mut s, "villena", "perpignan");
    shift(&r, &mut s, "spain", on(&r, "barcelona"), on(&r, "perpignan"), 2);
    shift(&r, &mut s, "france", on(&r, "perpignan"), sandtable_nine_years::Loc::Pool, 1);
    let before = fleets(&r, &s);
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "campaign villena");
    apply(&r, &mut s, Side::Alliance, "add spain full");
    apply(&r, &mut s, Side::Alliance, "add spain reduced");
    let ev = apply(&r, &mut s, Side::Alliance, "siege");
    assert!(citing(&ev, "NY 12.3.6").is_empty(), "{ev:?}");
    assert_eq!(fleets(&r, &s), before);
}
