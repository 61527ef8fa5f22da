//! 7 Powers: a player's own powers (7.1.1), a power whose capital has
//! fallen (7.1.2), and the special powers: Savoy (7.2.1), Portugal
//! (7.2.2), the Catalans (7.2.3), the Empire (7.2.4), the Mercenaries
//! (7.2.5) and the Jacobites (7.2.6).

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::Ruleset;
use sandtable_nine_years::{Control, LeaderLoc, Loc, Phase, Savoy, Side};

#[test]
fn ny_7_1_1_a_player_acts_only_for_his_own_powers() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form france paris full".to_owned()));
    for text in ["form dutch amsterdam full", "rebuild spain barcelona", "form portugal lisbon full"] {
        assert_eq!(refuse(&r, &s, Side::Bourbon, text).rule, "NY 7.1.1", "{text}");
    }
    quietly(&r, &mut s, |s| s.phase == Phase::Leaders);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "leader william-iii paris").rule, "NY 12.4");
    let s = spend_phase(&r, 1, 1689, Side::Alliance);
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"form dutch amsterdam full".to_owned()));
    for text in ["form france paris full", "form catalan barcelona reduced", "form portugal lisbon full"] {
        assert_eq!(refuse(&r, &s, Side::Alliance, text).rule, "NY 7.1.1", "{text}");
    }
    // In an action round, the enemy's leaders are not yours to command.
    let mut s = start(&r, 1);
    round_of(&mut s, Side::Alliance, 2);
    assert_eq!(refuse(&r, &s, Side::Alliance, "campaign luxembourg").rule, "NY 13.5");
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"campaign william-iii".to_owned()));
    round_of(&mut s, Side::Bourbon, 2);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "campaign william-iii").rule, "NY 13.5");
}

#[test]
fn ny_7_1_2_a_power_whose_capital_is_lost_neither_forms_nor_rebuilds_but_fights_on() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Alliance);
    for text in ["rebuild spain barcelona", "form spain barcelona full", "form spain gibraltar reduced"] {
        assert!(legal_text(&r, &s, Side::Alliance).contains(&text.to_owned()), "{text} with Madrid held");
    }
    set_control(&r, &mut s, &["madrid"], Control::Bourbon);
    for text in ["rebuild spain barcelona", "form spain barcelona full", "form spain gibraltar reduced"] {
        assert_eq!(refuse(&r, &s, Side::Alliance, text).rule, "NY 12.3.3", "{text} with Madrid lost");
    }
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"form dutch amsterdam full".to_owned()), "other powers go on");
    // Its corps fight on, but Replacement needs the capital too.
    round_of(&mut s, Side::Alliance, 2);
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"campaign villena".to_owned()));
    assert_eq!(refuse(&r, &s, Side::Alliance, "replace spain barcelona").rule, "NY 13.5.3");
    set_control(&r, &mut s, &["madrid"], Control::Alliance);
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"replace spain barcelona".to_owned()));
}

#[test]
fn ny_7_2_1_no_troops_enter_savoy_while_it_is_neutral() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.year = 1689;
    put_leader(&r, &mut s, "villena", "milan");
    shift(&r, &mut s, "france", on(&r, "perpignan"), on(&r, "lyon"), 1);
    let neutral = s.clone();
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "campaign villena");
    apply(&r, &mut s, Side::Alliance, "add spain full");
    assert_eq!(refuse(&r, &s, Side::Alliance, "go turin").rule, "NY 7.2.1");
    apply(&r, &mut s, Side::Alliance, "stop");
    apply(&r, &mut s, Side::Alliance, "transfer");
    assert_eq!(refuse(&r, &s, Side::Alliance, "shift milan spain full turin").rule, "NY 13.5.2");
    let mut s = neutral.clone();
    round_of(&mut s, Side::Bourbon, 3);
    apply(&r, &mut s, Side::Bourbon, "campaign catinat");
    apply(&r, &mut s, Side::Bourbon, "add france full");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "go pinerolo").rule, "NY 7.2.1");
    // Savoy's own counters are out of the war too.
    let mut s = neutral.clone();
    round_of(&mut s, Side::Alliance, 3);
    assert_eq!(refuse(&r, &s, Side::Alliance, "campaign victor-amadeus").rule, "NY 7.2.1");
    // Once it has joined, its spaces are the Alliance's.
    let mut s = neutral.clone();
    savoy_allied(&r, &mut s);
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "campaign villena");
    apply(&r, &mut s, Side::Alliance, "add spain full");
    apply(&r, &mut s, Side::Alliance, "go turin");
    assert_eq!(s.force.as_ref().map(|f| f.space), Some(space(&r, "turin")));
    let mut s = neutral;
    savoy_allied(&r, &mut s);
    round_of(&mut s, Side::Bourbon, 3);
    apply(&r, &mut s, Side::Bourbon, "campaign catinat");
    apply(&r, &mut s, Side::Bourbon, "add france full");
    apply(&r, &mut s, Side::Bourbon, "go pinerolo");
    assert_eq!(s.force.as_ref().map(|f| f.space), Some(space(&r, "pinerolo")), "an enemy space now");
}

/// Winter Quarters of `year` with Savoy in the war: the state at its first decision.
fn savoy_winter(r: &sandtable_nine_years::NineYears, year: u16, bourbon_pinerolo: bool) -> sandtable_nine_years::State {
    let mut s = start(r, 2);
    s.year = year;
    savoy_allied(r, &mut s);
    if bourbon_pinerolo {
        set_control(r, &mut s, &["pinerolo"], Control::Bourbon);
    }
    end_campaign(r, &mut s);
    s
}

#[test]
fn ny_7_2_1_from_winter_1696_a_holder_of_a_savoyard_fortress_may_make_savoy_neutral() {
    let r = tiny();
    let s = savoy_winter(&r, 1695, true);
    assert_eq!((s.year, s.phase), (1696, Phase::EventOrder), "not before 1696");
    let mut s = savoy_winter(&r, 1696, false);
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Savoy, Some(Side::Alliance)), "the Alliance holds Turin");
    apply(&r, &mut s, Side::Alliance, "savoy stays");
    assert_eq!(s.phase, Phase::Peace, "the Bourbons hold no Savoyard fortress: not asked");
    // Both hold one: the initiative player (the Alliance from 1694) first.
    let mut s = savoy_winter(&r, 1696, true);
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Savoy, Some(Side::Alliance)));
    apply(&r, &mut s, Side::Alliance, "savoy stays");
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Savoy, Some(Side::Bourbon)));
    apply(&r, &mut s, Side::Bourbon, "savoy stays");
    assert_eq!((s.phase, s.savoy), (Phase::Peace, Savoy::Allied));
}

#[test]
fn ny_7_2_1_savoy_made_neutral_leaves_the_war_and_the_bourbons_gain_1_vp_for_it() {
    let r = tiny();
    for (who, vp) in [(Side::Alliance, 0), (Side::Bourbon, -1)] {
        let mut s = savoy_winter(&r, 1696, true);
        if who == Side::Bourbon {
            apply(&r, &mut s, Side::Alliance, "savoy stays");
        }
        let before = i16::from(s.vp);
        let ev = apply(&r, &mut s, who, "savoy neutral");
        assert!(said(&ev, "NY 7.2.1", "Savoy neutral"), "{ev:?}");
        assert_eq!(i16::from(s.vp) - before, vp, "{who:?}");
        assert_eq!(s.savoy, Savoy::Out);
        for id in ["turin", "pinerolo"] {
            assert_eq!(s.control(space(&r, id)), Control::None, "{id}");
        }
        assert!(
            corps_at(&r, &s, "savoy", Loc::Removed).len() == 2 && corps_at(&r, &s, "savoy", on(&r, "turin")).is_empty()
        );
        assert_eq!(leader_loc(&r, &s, "victor-amadeus"), LeaderLoc::Removed);
        assert_eq!(s.phase, Phase::Peace);
        assert_eq!(r.validate(&s), Ok(()));
        // Neutral again: nobody enters it.
        let mut t = s.clone();
        put_leader(&r, &mut t, "villena", "milan");
        round_of(&mut t, Side::Alliance, 2);
        apply(&r, &mut t, Side::Alliance, "campaign villena");
        apply(&r, &mut t, Side::Alliance, "add spain full");
        assert_eq!(refuse(&r, &t, Side::Alliance, "go turin").rule, "NY 7.2.1");
    }
}

#[test]
fn ny_7_2_1_troops_in_savoy_go_to_the_nearest_friendly_space_with_loc_to_paris_or_vienna() {
    let r = tiny();
    for (innsbruck, allied_to) in [(Control::Alliance, "milan"), (Control::Bourbon, "munich")] {
        let mut s = start(&r, 2);
        s.year = 1696;
        savoy_allied(&r, &mut s);
        set_control(&r, &mut s, &["pinerolo"], Control::Bourbon);
        set_control(&r, &mut s, &["innsbruck"], innsbruck);
        if innsbruck == Control::Bourbon {
            shift(&r, &mut s, "austria", on(&r, "innsbruck"), on(&r, "turin"), 1);
        } else {
            shift(&r, &mut s, "austria", on(&r, "vienna"), on(&r, "turin"), 1);
        }
        put_leader(&r, &mut s, "eugene", "turin");
        shift(&r, &mut s, "france", on(&r, "perpignan"), on(&r, "pinerolo"), 1);
        put_leader(&r, &mut s, "catinat", "pinerolo");
        end_campaign(&r, &mut s);
        apply(&r, &mut s, Side::Alliance, "savoy neutral");
        assert_eq!(count_in(&r, &s, "austria", allied_to), 1, "Innsbruck {innsbruck:?}: to {allied_to}");
        assert_eq!(leader_loc(&r, &s, "eugene"), LeaderLoc::Space(space(&r, allied_to)));
        assert_eq!(count_in(&r, &s, "france", "lyon"), 1, "the Bourbons to Lyon");
        assert_eq!(leader_loc(&r, &s, "catinat"), LeaderLoc::Space(space(&r, "lyon")));
        assert_eq!(r.validate(&s), Ok(()));
    }
}

#[test]
fn ny_7_2_1_the_moment_turin_is_taken_a_holder_may_make_savoy_neutral() {
    let r = tiny();
    let mut base = start(&r, 3);
    base.year = 1691;
    savoy_allied(&r, &mut base);
    shift(&r, &mut base, "savoy", on(&r, "turin"), on(&r, "innsbruck"), 2);
    put_leader(&r, &mut base, "victor-amadeus", "innsbruck");
    base.strength[space(&r, "turin").index()] = 0;
    shift(&r, &mut base, "france", on(&r, "perpignan"), on(&r, "pinerolo"), 1);
    put_leader(&r, &mut base, "catinat", "pinerolo");
    round_of(&mut base, Side::Bourbon, 3);
    apply(&r, &mut base, Side::Bourbon, "campaign catinat");
    apply(&r, &mut base, Side::Bourbon, "add france full");
    let vp = base.vp;
    let ev = apply(&r, &mut base, Side::Bourbon, "go turin");
    assert!(said(&ev, "NY 6.1", "Turin (2 VP)"), "{ev:?}");
    assert_eq!(base.vp, vp - 2);
    // The Bourbons (initiative in 1691, now holding Turin) are asked first,
    // then the Alliance (holding Pinerolo).
    assert_eq!(to_act(&r, &base), Some(Side::Bourbon));
    let mut s = base.clone();
    apply(&r, &mut s, Side::Bourbon, "savoy stays");
    assert_eq!(to_act(&r, &s), Some(Side::Alliance));
    apply(&r, &mut s, Side::Alliance, "savoy stays");
    assert_eq!((s.savoy, s.pending), (Savoy::Allied, None));
    // The Alliance makes it neutral: the Bourbon army marches to Lyon.
    let mut s = base.clone();
    apply(&r, &mut s, Side::Bourbon, "savoy stays");
    apply(&r, &mut s, Side::Alliance, "savoy neutral");
    assert_eq!((s.savoy, s.vp), (Savoy::Out, vp - 2));
    assert_eq!(leader_loc(&r, &s, "catinat"), LeaderLoc::Space(space(&r, "lyon")));
    assert_eq!(count_in(&r, &s, "france", "lyon"), 1);
    // The Bourbons make it neutral: 1 VP more toward 0.
    let mut s = base;
    apply(&r, &mut s, Side::Bourbon, "savoy neutral");
    assert_eq!((s.savoy, s.vp), (Savoy::Out, vp - 3));
    assert_eq!(leader_loc(&r, &s, "catinat"), LeaderLoc::Space(space(&r, "lyon")));
}

#[test]
fn ny_7_2_1_savoy_made_neutral_in_the_middle_of_a_campaign_leaves_a_sound_position() {
    let r = tiny();
    for who in Side::ALL {
        let mut s = start(&r, 3);
        s.year = 1691;
        savoy_allied(&r, &mut s);
        shift(&r, &mut s, "savoy", on(&r, "turin"), on(&r, "innsbruck"), 2);
        put_leader(&r, &mut s, "victor-amadeus", "innsbruck");
        s.strength[space(&r, "turin").index()] = 0;
        shift(&r, &mut s, "france", on(&r, "perpignan"), on(&r, "pinerolo"), 1);
        put_leader(&r, &mut s, "catinat", "pinerolo");
        round_of(&mut s, Side::Bourbon, 3);
        apply(&r, &mut s, Side::Bourbon, "campaign catinat");
        apply(&r, &mut s, Side::Bourbon, "add france full");
        apply(&r, &mut s, Side::Bourbon, "go turin");
        if who == Side::Alliance {
            apply(&r, &mut s, Side::Bourbon, "savoy stays");
        }
        apply(&r, &mut s, who, "savoy neutral");
        // The army was sent to Lyon: its action cannot go on from Turin.
        assert_eq!(leader_loc(&r, &s, "catinat"), LeaderLoc::Space(space(&r, "lyon")));
        assert_eq!(r.validate(&s), Ok(()), "{who:?} made Savoy neutral: the army's counters and its action agree");
    }
}

#[test]
fn ny_7_2_2_no_troops_ever_enter_portugal() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.year = 1696;
    savoy_allied(&r, &mut s);
    put_leader(&r, &mut s, "villena", "madrid");
    shift(&r, &mut s, "spain", on(&r, "barcelona"), on(&r, "madrid"), 1);
    let base = s.clone();
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "campaign villena");
    apply(&r, &mut s, Side::Alliance, "add spain full");
    assert_eq!(refuse(&r, &s, Side::Alliance, "go lisbon").rule, "NY 7.2.2");
    apply(&r, &mut s, Side::Alliance, "stop");
    apply(&r, &mut s, Side::Alliance, "transfer");
    assert_eq!(refuse(&r, &s, Side::Alliance, "shift madrid spain full lisbon").rule, "NY 13.5.2");
    let mut s = base;
    s.sea = [Control::Alliance, Control::Bourbon];
    s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = sandtable_nine_years::FleetLoc::Control;
    round_of(&mut s, Side::Alliance, 3);
    apply(&r, &mut s, Side::Alliance, "sea amsterdam");
    apply(&r, &mut s, Side::Alliance, "add dutch full");
    assert_eq!(refuse(&r, &s, Side::Alliance, "sail lisbon").rule, "NY 7.2.2");
    assert_eq!(s.control(space(&r, "lisbon")), Control::None);
}

#[test]
fn ny_7_2_3_catalan_corps_form_in_any_bourbon_space_in_spain_with_loc_to_paris() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    set_control(&r, &mut s, &["roses"], Control::Bourbon);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form catalan roses reduced".to_owned()));
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form catalan perpignan reduced").rule, "NY 7.2.3", "France is not Spain");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form catalan girona reduced").rule, "NY 12.2.3", "an Allied space");
    // Any Spanish space, Catalan or not, with the LOC: Madrid through Barcelona and Girona.
    set_control(&r, &mut s, &["madrid", "barcelona", "girona"], Control::Bourbon);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form catalan madrid full".to_owned()));
    // Cut from Paris: Girona alone, Perpignan and Roses Allied.
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    set_control(&r, &mut s, &["girona"], Control::Bourbon);
    set_control(&r, &mut s, &["perpignan"], Control::Alliance);
    shift(&r, &mut s, "france", on(&r, "perpignan"), Loc::Pool, 1);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form catalan girona reduced").rule, "NY 7.2.3");
    set_control(&r, &mut s, &["perpignan"], Control::Bourbon);
    let ev = apply(&r, &mut s, Side::Bourbon, "form catalan girona reduced");
    assert!(said(&ev, "NY 12.3.4", "Catalans corps is formed in Girona"), "{ev:?}");
    assert_eq!(s.rp[Side::Bourbon.index()], 4);
}

#[test]
fn ny_7_2_4_the_empire_home_space_is_its_capital() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Alliance);
    shift(&r, &mut s, "empire", on(&r, "cologne"), Loc::Pool, 1);
    assert!(
        legal_text(&r, &s, Side::Alliance).contains(&"form empire mainz full".to_owned()),
        "Mainz traces to Cologne"
    );
    assert!(r.supply_home(&s, power(&r, "empire"), space(&r, "mainz")).traced());
    // Cologne lost: no Empire corps forms anywhere.
    for p in ["empire", "mercenary"] {
        let n = count_in(&r, &s, p, "cologne");
        shift(&r, &mut s, p, on(&r, "cologne"), Loc::Pool, n);
    }
    put_leader(&r, &mut s, "lorraine", "mainz");
    set_control(&r, &mut s, &["cologne"], Control::Bourbon);
    assert_eq!(refuse(&r, &s, Side::Alliance, "form empire mainz full").rule, "NY 12.3.3");
    assert!(!r.supply_home(&s, power(&r, "empire"), space(&r, "mainz")).traced());
    assert!(r.supply_home(&s, power(&r, "austria"), space(&r, "munich")).traced(), "Vienna still serves Austria");
}

#[test]
fn ny_7_2_5_the_mercenaries_have_one_home_space_their_capital() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Alliance);
    shift(&r, &mut s, "mercenary", on(&r, "cologne"), Loc::Pool, 1);
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"form mercenary cologne full".to_owned()));
    assert_eq!(
        refuse(&r, &s, Side::Alliance, "form mercenary mainz full").rule,
        "NY 12.2.3",
        "an Empire home space only"
    );
    assert_eq!(r.scenario.power(power(&r, "mercenary")).capitals, vec![space(&r, "cologne")]);
}

#[test]
fn ny_7_2_6_before_the_revolution_the_jacobites_are_an_ordinary_power_of_london_and_york() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    shift(&r, &mut s, "jacobite", on(&r, "london"), Loc::Pool, 1);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form jacobite york reduced".to_owned()));
    for x in ["dublin", "edinburgh", "highlands", "paris"] {
        assert_eq!(refuse(&r, &s, Side::Bourbon, &format!("form jacobite {x} reduced")).rule, "NY 12.2.3", "{x}");
    }
    assert_eq!(r.sources(&s, Side::Bourbon), vec![space(&r, "paris"), space(&r, "london")]);
}

#[test]
fn ny_7_2_6_after_the_revolution_the_isles_are_jacobite_home_and_their_loc_crosses_any_sea() {
    let r = tiny();
    let mut s = spend_phase(&r, 1, 1690, Side::Bourbon);
    let jac = power(&r, "jacobite");
    s.sea = [Control::Alliance, Control::Bourbon];
    s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = sandtable_nine_years::FleetLoc::Control;
    shift(&r, &mut s, "jacobite", on(&r, "london"), Loc::Pool, 1);
    // 12.3.3: Jacobite lines cross an enemy sea even before the Revolution.
    assert!(r.supply_home(&s, jac, space(&r, "dublin")).traced(), "Dublin to London across the Allied Atlantic");
    s.revolution = true;
    s.revolution_year = 1689;
    set_control(&r, &mut s, &["london", "york"], Control::Alliance);
    shift(&r, &mut s, "jacobite", on(&r, "london"), on(&r, "edinburgh"), 1);
    shift(&r, &mut s, "jacobite", on(&r, "york"), on(&r, "edinburgh"), 1);
    put_leader(&r, &mut s, "james-ii", "paris");
    assert_eq!(r.validate(&s), Ok(()));
    // Capitals London, Paris and the Highlands; Dublin traces to Paris over the Allied Atlantic.
    assert!(r.supply_home(&s, jac, space(&r, "dublin")).traced());
    assert!(r.supply_home(&s, jac, space(&r, "highlands")).traced());
    for x in ["dublin", "derry", "edinburgh", "highlands"] {
        assert!(legal_text(&r, &s, Side::Bourbon).contains(&format!("form jacobite {x} reduced")), "{x}");
    }
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form jacobite york reduced").rule, "NY 12.2.3", "an Allied space");
    assert_eq!(
        refuse(&r, &s, Side::Bourbon, "form jacobite lille reduced").rule,
        "NY 12.2.6",
        "France: only where James II is"
    );
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form jacobite paris reduced".to_owned()));
}
