//! 20.2.5 The Glorious Revolution (authored): when it happens (William III
//! lands in London, the Alliance takes London, or Winter Quarters' step d),
//! England changing sides without VP, the Jacobites leaving England,
//! Britain entering the war.

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::{Event, Ruleset};
use sandtable_nine_years::{Control, LeaderLoc, Loc, NineYears, Phase, Side, SpaceId, State};

/// William III (with a Dutch corps) sails from Amsterdam to London.
fn william_lands(r: &NineYears, s: &mut State) -> Vec<Event> {
    round_of(s, Side::Alliance, 2);
    apply(r, s, Side::Alliance, "sea amsterdam");
    apply(r, s, Side::Alliance, "add william-iii");
    apply(r, s, Side::Alliance, "add dutch full");
    apply(r, s, Side::Alliance, "sail london")
}

fn england(r: &NineYears) -> [SpaceId; 2] {
    [space(r, "london"), space(r, "york")]
}

#[test]
fn ny_20_2_5_william_iii_landing_in_london_brings_the_revolution_at_once() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.year = 1689;
    let vp = s.vp;
    let ev = william_lands(&r, &mut s);
    assert!(said(&ev, "NY 20.2.5", "Glorious Revolution"), "{ev:?}");
    assert!(s.revolution);
    // 20.2.5 2b: the exception holds in the next Reinforcement phase, 1690's.
    assert_eq!(s.revolution_year, 1690);
    for x in england(&r) {
        assert_eq!(s.control(x), Control::Alliance, "{}", r.scenario.space(x).id);
    }
    assert_eq!(s.vp, vp, "London and York change sides without VP");
    assert_eq!(leader_loc(&r, &s, "william-iii"), LeaderLoc::Space(space(&r, "london")));
    assert_eq!(r.validate(&s), Ok(()));
}

#[test]
fn ny_20_2_5_only_william_iii_brings_it_by_sea() {
    let r = tiny();
    let mut s = start(&r, 1);
    round_of(&mut s, Side::Alliance, 2);
    apply(&r, &mut s, Side::Alliance, "sea amsterdam");
    apply(&r, &mut s, Side::Alliance, "add dutch full");
    assert_eq!(refuse(&r, &s, Side::Alliance, "sail london").rule, "NY 14.5", "Jacobite corps hold London");
    assert!(!s.revolution);
}

#[test]
fn ny_20_2_5_the_alliance_taking_london_brings_the_revolution() {
    let r = tiny();
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["york"], Control::Alliance);
    shift(&r, &mut s, "jacobite", on(&r, "london"), on(&r, "edinburgh"), 2);
    shift(&r, &mut s, "jacobite", on(&r, "york"), on(&r, "edinburgh"), 1);
    put_leader(&r, &mut s, "james-ii", "edinburgh");
    shift(&r, &mut s, "dutch", on(&r, "brussels"), on(&r, "york"), 1);
    put_leader(&r, &mut s, "waldeck", "york");
    assert_eq!(r.validate(&s), Ok(()));
    let vp = s.vp;
    round_of(&mut s, Side::Alliance, 2);
    apply(&r, &mut s, Side::Alliance, "campaign waldeck");
    apply(&r, &mut s, Side::Alliance, "add dutch full");
    let ev = apply(&r, &mut s, Side::Alliance, "go london");
    assert!(said(&ev, "NY 20.2.5", "Glorious Revolution"), "{ev:?}");
    assert!(s.revolution);
    assert_eq!(s.vp, vp + 1, "a capital taken: 1 VP; the change of allegiance none");
    assert_eq!(leader_loc(&r, &s, "james-ii"), LeaderLoc::Space(space(&r, "edinburgh")), "James II was not in England");
}

#[test]
fn ny_20_2_5_jacobites_leave_england_for_the_nearest_jacobite_space_in_the_isles_and_james_ii_for_paris() {
    let r = tiny();
    let mut s = start(&r, 1);
    william_lands(&r, &mut s);
    assert_eq!(count_in(&r, &s, "jacobite", "london") + count_in(&r, &s, "jacobite", "york"), 0);
    assert_eq!(count_in(&r, &s, "jacobite", "edinburgh"), 3, "London's two and York's one, to Edinburgh");
    assert_eq!(leader_loc(&r, &s, "james-ii"), LeaderLoc::Space(space(&r, "paris")));
    // No Jacobite space left in the Isles: to Paris.
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["edinburgh", "highlands", "dublin", "derry"], Control::Alliance);
    shift(&r, &mut s, "jacobite", on(&r, "dublin"), on(&r, "york"), 1);
    william_lands(&r, &mut s);
    assert_eq!(count_in(&r, &s, "jacobite", "paris"), 4);
    assert_eq!(r.validate(&s), Ok(()));
    // Only Scotland or Ireland left: the nearest by the map, else the first held.
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["edinburgh", "highlands"], Control::Alliance);
    william_lands(&r, &mut s);
    assert_eq!(count_in(&r, &s, "jacobite", "dublin") + count_in(&r, &s, "jacobite", "derry"), 4, "to Ireland");
}

#[test]
fn ny_20_2_5_britain_enters_the_war_and_its_revolution_arrivals_are_due() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.year = 1689;
    assert_eq!(corps_at(&r, &s, "britain", Loc::Waiting).len(), 3);
    let mut before = s.clone();
    before.phase = Phase::Spend;
    before.order = [Side::Alliance, Side::Bourbon];
    before.idx = 0;
    before.rp = [6, 5];
    shift(&r, &mut before, "britain", Loc::Waiting, Loc::Pool, 1);
    set_control(&r, &mut before, &["london"], Control::Alliance);
    assert_eq!(refuse(&r, &before, Side::Alliance, "form britain london full").rule, "NY 20.2.5", "not at war yet");
    william_lands(&r, &mut s);
    assert_eq!(corps_at(&r, &s, "britain", Loc::Due).len(), 3);
    assert_eq!(leader_loc(&r, &s, "marlborough"), LeaderLoc::Due);
    assert!(r.sources(&s, Side::Alliance).contains(&space(&r, "london")), "London now an Allied source");
    // The next Reinforcement phase places them.
    end_campaign(&r, &mut s);
    quietly(&r, &mut s, |s| s.phase == Phase::Place && s.ordered() == Side::Alliance);
    let ev = apply(&r, &mut s, Side::Alliance, "place britain london");
    assert!(said(&ev, "NY 12.2.3", "arrives in London"), "{ev:?}");
    quietly(&r, &mut s, |s| s.phase == Phase::Leaders && s.ordered() == Side::Alliance);
    assert_eq!(refuse(&r, &s, Side::Alliance, "done").rule, "NY 12.2.2", "Marlborough must be placed");
}

#[test]
fn ny_20_2_5_the_revolution_happens_once() {
    let r = tiny();
    let mut s = start(&r, 1);
    william_lands(&r, &mut s);
    let year = s.revolution_year;
    // London lost again, the Atlantic Allied: Winter Quarters bring no second one.
    set_control(&r, &mut s, &["london"], Control::Bourbon);
    shift(&r, &mut s, "dutch", on(&r, "london"), on(&r, "amsterdam"), 1);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    s.sea[0] = Control::Alliance;
    s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = sandtable_nine_years::FleetLoc::Control;
    let ev = end_campaign(&r, &mut s);
    assert!(citing(&ev, "NY 20.2.5").is_empty(), "{ev:?}");
    assert_eq!((s.revolution, s.revolution_year), (true, year));
    assert_eq!(s.control(space(&r, "london")), Control::Bourbon);
}
