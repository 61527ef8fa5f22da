//! 19 Winter Quarters (the sequence of play's phase 5): withdrawal and
//! recovery (a), markers and fleets removed (b), the Atlantic and London
//! (c), Savoy and the Revolution (d), the peace roll (e), the end (f).

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::{Ruleset, ToAct};
use sandtable_nine_years::{Control, End, FleetLoc, LeaderLoc, LongTerm, NineYears, Phase, Savoy, Side, State};

/// London handed to the Alliance before the Revolution (its Jacobites and James II to York).
fn london_allied(r: &NineYears, s: &mut State) {
    set_control(r, s, &["london"], Control::Alliance);
    shift(r, s, "jacobite", on(r, "london"), on(r, "york"), 2);
    put_leader(r, s, "james-ii", "york");
}

#[test]
fn ny_19a_troops_withdraw_to_the_nearest_friendly_space_free_of_enemy_corps_and_fortresses_recover() {
    let r = tiny();
    for namur_besieged in [false, true] {
        let mut s = start(&r, 1);
        shift(&r, &mut s, "dutch", on(&r, "brussels"), on(&r, "tournai"), 2);
        put_leader(&r, &mut s, "waldeck", "tournai");
        if namur_besieged {
            shift(&r, &mut s, "france", on(&r, "lille"), on(&r, "namur"), 1);
        }
        s.strength[space(&r, "lille").index()] = 0;
        s.strength[space(&r, "tournai").index()] = 1;
        let ev = end_campaign(&r, &mut s);
        assert!(citing(&ev, "NY 19a").len() == 1, "{ev:?}");
        // Namur is nearer (first of the two at one step) unless Bourbon corps are in it.
        let to = if namur_besieged { "brussels" } else { "namur" };
        assert_eq!(leader_loc(&r, &s, "waldeck"), LeaderLoc::Space(space(&r, to)), "Namur besieged: {namur_besieged}");
        assert_eq!(count_in(&r, &s, "dutch", "tournai"), 0);
        assert!(count_in(&r, &s, "dutch", to) >= 2);
        if namur_besieged {
            assert_eq!(count_in(&r, &s, "france", "namur"), 0, "the besiegers of Namur withdraw too");
            assert_eq!(count_in(&r, &s, "france", "tournai"), 2);
        }
        assert_eq!(s.strength[space(&r, "lille").index()], 2);
        assert_eq!(s.strength[space(&r, "tournai").index()], 2);
        assert_eq!(s.control(space(&r, "tournai")), Control::Bourbon, "not taken: still theirs");
        assert_eq!(r.validate(&s), Ok(()));
    }
}

#[test]
fn ny_19b_markers_and_prepared_fleets_are_removed() {
    let r = tiny();
    let mut s = start(&r, 1);
    let namur = space(&r, "namur");
    s.continued[namur.index()] = true;
    s.famous[space(&r, "brussels").index()] = true;
    for i in corps_at(&r, &s, "dutch", on(&r, "brussels")) {
        s.corps[i].demoralised = true;
    }
    let w = leader(&r, "waldeck");
    s.leaders[w.index()].demoralised = true;
    s.fleets[fleet_id(&r, "brest-fleet").index()] = FleetLoc::Port(2);
    end_campaign(&r, &mut s);
    assert_eq!(s.year, 1689);
    assert!(s.continued.iter().all(|&c| !c) && s.famous.iter().all(|&f| !f));
    assert!(s.corps.iter().all(|c| !c.demoralised && !c.activated));
    assert!(s.leaders.iter().all(|l| !l.demoralised));
    assert_eq!(s.fleet(fleet_id(&r, "brest-fleet")), FleetLoc::Pool);
    assert_eq!(s.fleet(fleet_id(&r, "allied-mediterranean-fleet")), FleetLoc::Pool, "the file's prepared fleet too");
    assert_eq!(s.fleet(fleet_id(&r, "toulon-fleet")), FleetLoc::Control, "a fleet in its control box stays");
}

#[test]
fn ny_19c_the_atlantic_passes_to_the_alliance_holding_london_or_to_the_bourbons_after_beachy_head() {
    let r = tiny();
    for (london, beachy, atlantic, vp) in [
        (Control::Bourbon, false, Control::None, -2),
        (Control::Alliance, false, Control::Alliance, 0),
        (Control::Alliance, true, Control::Bourbon, 0),
        (Control::Bourbon, true, Control::Bourbon, -2),
    ] {
        let mut s = start(&r, 1);
        s.vp = 20;
        if london == Control::Alliance {
            london_allied(&r, &mut s);
        }
        if beachy {
            s.long_term |= LongTerm::BeachyHead.bit();
        }
        let ev = end_campaign(&r, &mut s);
        assert_eq!(s.sea[0], atlantic, "London {london:?}, Beachy Head {beachy}");
        assert_eq!(i16::from(s.vp) - 20, vp, "London {london:?}: {ev:?}");
        assert_eq!(said(&ev, "NY 19c", "London"), vp != 0);
        assert_eq!(r.validate(&s), Ok(()));
    }
}

#[test]
fn ny_19d_with_london_bourbon_and_the_atlantic_allied_the_glorious_revolution() {
    let r = tiny();
    for (atlantic, beachy, revolution) in
        [(Control::Alliance, false, true), (Control::None, false, false), (Control::Alliance, true, false)]
    {
        let mut s = start(&r, 1);
        s.sea[0] = atlantic;
        if atlantic == Control::Alliance {
            s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = FleetLoc::Control;
        }
        if beachy {
            s.long_term |= LongTerm::BeachyHead.bit();
        }
        let vp = s.vp;
        let ev = end_campaign(&r, &mut s);
        assert_eq!(s.revolution, revolution, "Atlantic {atlantic:?}, Beachy Head {beachy}: {ev:?}");
        assert_eq!(!citing(&ev, "NY 20.2.5").is_empty(), revolution);
        assert_eq!(s.control(space(&r, "london")), if revolution { Control::Alliance } else { Control::Bourbon });
        assert_eq!(s.vp, vp - 2, "step c's −2 only: the change of allegiance moves no VP");
        assert_eq!(r.validate(&s), Ok(()));
    }
}

#[test]
fn ny_19d_savoy_may_be_made_neutral_from_1696() {
    let r = tiny();
    for (year, asked) in [(1695, false), (1696, true), (1697, true)] {
        let mut s = start(&r, 1);
        s.year = year;
        savoy_allied(&r, &mut s);
        end_campaign(&r, &mut s);
        assert_eq!(s.phase == Phase::Savoy, asked, "{year}");
    }
}

#[test]
fn ny_19e_the_peace_roll_reads_the_position_after_steps_c_and_d() {
    let r = tiny();
    // The Revolution in step d: London is no longer Bourbon when the Bourbons roll.
    for (atlantic, london_counts) in [(Control::Alliance, false), (Control::None, true)] {
        let mut s = start(&r, 1);
        s.year = 1696;
        s.sea[0] = atlantic;
        if atlantic == Control::Alliance {
            s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = FleetLoc::Control;
        }
        end_campaign(&r, &mut s);
        assert_eq!(s.phase, Phase::Peace);
        apply(&r, &mut s, Side::Bourbon, "peace none");
        s.dice = dice_rolling(&[1]);
        let ev = apply(&r, &mut s, Side::Alliance, "peace none");
        let roll = citing(&ev, "NY 6.4").into_iter().find(|e| !e.dice.is_empty()).expect("the roll");
        assert_eq!(roll.text.en.contains("London is Bourbon"), london_counts, "{}", roll.text.en);
    }
    // Savoy made neutral in step d counts in step e.
    let mut s = start(&r, 1);
    s.year = 1696;
    savoy_allied(&r, &mut s);
    end_campaign(&r, &mut s);
    assert!(!r.peace_modifiers(&s).iter().any(|(_, t)| t.en.contains("Savoy")));
    apply(&r, &mut s, Side::Alliance, "savoy neutral");
    assert_eq!((s.phase, s.savoy), (Phase::Peace, Savoy::Out));
    apply(&r, &mut s, Side::Bourbon, "peace none");
    s.dice = dice_rolling(&[1]);
    let ev = apply(&r, &mut s, Side::Alliance, "peace none");
    assert!(said(&ev, "NY 6.4", "Savoy is neutral"), "{ev:?}");
}

#[test]
fn ny_19f_automatic_victory_is_checked_at_the_end_of_winter_quarters() {
    let r = tiny();
    // 35 VP with London Allied (no −2): the Alliance wins.
    for (vp, over) in [(34, false), (35, true)] {
        let mut s = start(&r, 1);
        london_allied(&r, &mut s);
        s.vp = vp;
        let ev = end_campaign(&r, &mut s);
        assert_eq!(s.end, over.then_some(End::Automatic(Side::Alliance)), "VP {vp}");
        assert_eq!(said(&ev, "NY 6.2", "automatic victory"), over);
    }
    // 2 VP, London Bourbon: step c takes them to 0 before step f.
    for (vp, over) in [(3, false), (2, true)] {
        let mut s = start(&r, 1);
        s.vp = vp;
        end_campaign(&r, &mut s);
        assert_eq!(s.end, over.then_some(End::Automatic(Side::Bourbon)), "VP {vp}");
        if over {
            let ToAct::Over(o) = r.to_act(&s) else { panic!("over") };
            assert!(o.winners.contains(Side::Bourbon.seat()));
        }
    }
    // Automatic victory comes before the end of the last turn.
    let mut s = start(&r, 1);
    s.year = 1697;
    london_allied(&r, &mut s);
    s.vp = 36;
    end_campaign(&r, &mut s);
    assert_eq!(s.end, Some(End::Automatic(Side::Alliance)));
}

#[test]
fn ny_19f_otherwise_the_next_year_begins() {
    let r = tiny();
    let mut s = start(&r, 1);
    let ev = end_campaign(&r, &mut s);
    assert!(said(&ev, "NY 5.0", "the year 1689 begins"), "{ev:?}");
    assert_eq!((s.year, s.phase, s.end), (1689, Phase::EventOrder, None));
    let mut s = start(&r, 1);
    s.year = 1697;
    end_campaign(&r, &mut s);
    // No peace step in the last year: it would change nothing (6.3).
    assert_eq!((s.year, s.end), (1697, Some(End::LastTurn)), "1697 is the last turn");
    assert!(legal(&r, &s, Side::Alliance).is_empty() && legal(&r, &s, Side::Bourbon).is_empty());
}
