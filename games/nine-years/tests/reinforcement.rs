//! 12 The Reinforcement phase: the order of the steps (12.1), arrivals and
//! their placement (12.2), resource points and what they buy (12.3),
//! promoting and moving leaders (12.4).

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::Ruleset;
use sandtable_nine_years::{Control, LeaderLoc, Loc, NineYears, Phase, Side, State};

/// The Bourbons' Leaders step of 1689 (the Alliance done first; the
/// arriving French corps placed in Paris).
fn bourbon_leaders(r: &NineYears, year: u16) -> State {
    let (mut s, _) = reinforce_with(r, year, Side::Alliance, |_| {});
    quietly(r, &mut s, |s| s.ordered() == Side::Bourbon);
    apply(r, &mut s, Side::Bourbon, "done");
    if s.phase == Phase::Place {
        apply(r, &mut s, Side::Bourbon, "place france paris");
        apply(r, &mut s, Side::Bourbon, "done");
    }
    assert_eq!((s.phase, s.ordered()), (Phase::Leaders, Side::Bourbon));
    s
}

#[test]
fn ny_12_1_the_initiative_player_chooses_who_reinforces_first_and_each_does_all_three_steps() {
    let r = tiny();
    for first in Side::ALL {
        let mut s = start(&r, 1);
        s.year = 1694;
        savoy_allied(&r, &mut s);
        assert_eq!(to_act(&r, &s), Some(Side::Alliance), "the Alliance holds the initiative from 1694");
        assert_eq!(refuse(&r, &s, Side::Bourbon, "first bourbon").rule, "NY 5.0");
        let ev = apply(&r, &mut s, Side::Alliance, &format!("first {}", first.id()));
        assert!(said(&ev, "NY 12.1", "reinforces first"), "{ev:?}");
        let mut steps: Vec<(Side, Phase)> = Vec::new();
        quietly(&r, &mut s, |s| {
            if matches!(s.phase, Phase::Spend | Phase::Place | Phase::Leaders)
                && steps.last() != Some(&(s.ordered(), s.phase))
            {
                steps.push((s.ordered(), s.phase));
            }
            s.phase == Phase::Show
        });
        let mine = |side: Side| {
            let mut v = vec![(side, Phase::Spend)];
            if side == Side::Bourbon {
                v.push((side, Phase::Place));
            }
            v.push((side, Phase::Leaders));
            v
        };
        let want: Vec<_> = mine(first).into_iter().chain(mine(first.other())).collect();
        assert_eq!(steps, want);
    }
}

#[test]
fn ny_12_2_1_scheduled_arrivals_come_in_their_year() {
    let r = tiny();
    let (s, _) = reinforce_with(&r, 1688, Side::Bourbon, |_| {});
    assert_eq!(corps_at(&r, &s, "france", Loc::Waiting).len(), 1, "due in 1689");
    assert_eq!(leader_loc(&r, &s, "noailles"), LeaderLoc::Waiting);
    let (s, _) = reinforce_with(&r, 1689, Side::Bourbon, |_| {});
    assert_eq!(corps_at(&r, &s, "france", Loc::Due).len(), 1);
    assert_eq!(leader_loc(&r, &s, "noailles"), LeaderLoc::Due);
    assert_eq!(corps_at(&r, &s, "britain", Loc::Waiting).len(), 3, "the Revolution's, not a year's");
    assert_eq!(leader_loc(&r, &s, "marlborough"), LeaderLoc::Waiting);
}

#[test]
fn ny_12_2_2_arriving_leaders_go_to_any_friendly_space_and_must_be_placed() {
    let r = tiny();
    let s = bourbon_leaders(&r, 1689);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "done").rule, "NY 12.2.2", "Noailles must be placed");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "leader noailles namur").rule, "NY 12.2.2", "an enemy space");
    // Whatever the LOC: Derry has no line to Paris or London.
    assert!(!r.supply(&s, Side::Bourbon, space(&r, "derry")).traced());
    let mut t = s.clone();
    apply(&r, &mut t, Side::Bourbon, "leader noailles derry");
    assert_eq!(leader_loc(&r, &t, "noailles"), LeaderLoc::Space(space(&r, "derry")));
    apply(&r, &mut t, Side::Bourbon, "done");
    assert_eq!(t.phase, Phase::Show);
}

#[test]
fn ny_12_2_3_corps_are_placed_in_a_home_space_with_loc_to_their_capital_within_the_stacking_limit() {
    let r = tiny();
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |_| {});
    apply(&r, &mut s, Side::Bourbon, "done");
    assert_eq!(s.phase, Phase::Place);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "place france tournai").rule, "NY 12.2.3", "not a French home space");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "place france namur").rule, "NY 12.2.3", "not friendly");
    set_control(&r, &mut s, &["toulon"], Control::Alliance);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "place france perpignan").rule, "NY 12.3.3", "home, but cut off");
    set_control(&r, &mut s, &["toulon"], Control::Bourbon);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"place france perpignan".to_owned()));
    // Lille (fortress 2) takes 10 corps: 9 and one more, not 10 and one more.
    for x in ["metz", "strasbourg", "perpignan", "tournai"] {
        let n = count_in(&r, &s, "france", x);
        shift(&r, &mut s, "france", on(&r, x), on(&r, "lille"), n);
    }
    assert_eq!((count_in(&r, &s, "france", "lille"), r.crowd_limit(space(&r, "lille"))), (10, 10));
    assert_eq!(refuse(&r, &s, Side::Bourbon, "place france lille").rule, "NY 12.2.3", "over the stacking limit");
    shift(&r, &mut s, "france", on(&r, "lille"), on(&r, "metz"), 1);
    let ev = apply(&r, &mut s, Side::Bourbon, "place france lille");
    assert!(said(&ev, "NY 12.2.3", "arrives in Lille"), "{ev:?}");
    assert_eq!(count_in(&r, &s, "france", "lille"), 10);
}

#[test]
fn ny_12_2_4_an_arrival_with_nowhere_to_go_is_delayed_and_one_that_can_be_placed_must_be() {
    let r = tiny();
    // Paris lost: no French home space traces to it.
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |s| s.control[0] = Control::Alliance);
    assert_eq!(r.scenario.space(sandtable_nine_years::SpaceId(0)).id, "paris");
    apply(&r, &mut s, Side::Bourbon, "done");
    assert_eq!(s.phase, Phase::Leaders, "nothing can be placed: the step passes");
    assert_eq!(corps_at(&r, &s, "france", Loc::Due).len(), 1, "delayed");
    apply(&r, &mut s, Side::Bourbon, "leader noailles lille");
    apply(&r, &mut s, Side::Bourbon, "done");
    // The next year, with Paris back, it must be placed.
    s.control[0] = Control::Bourbon;
    end_campaign(&r, &mut s);
    assert_eq!(s.year, 1690);
    quietly(&r, &mut s, |s| s.phase == Phase::Place && s.ordered() == Side::Bourbon);
    assert_eq!(corps_at(&r, &s, "france", Loc::Due).len(), 1);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "done").rule, "NY 12.2.4");
    apply(&r, &mut s, Side::Bourbon, "place france paris");
    assert!(corps_at(&r, &s, "france", Loc::Due).is_empty());
}

/// The Alliance's Spend step of 1690 after the Revolution, Britain's three
/// corps arrived.
fn after_revolution(r: &NineYears) -> State {
    let (s, _) = reinforce_with(r, 1690, Side::Alliance, |s| {
        s.revolution = true;
        s.revolution_year = 1689;
        set_control(r, s, &["london", "york"], Control::Alliance);
        shift(r, s, "jacobite", on(r, "london"), on(r, "edinburgh"), 2);
        shift(r, s, "jacobite", on(r, "york"), on(r, "edinburgh"), 1);
        put_leader(r, s, "james-ii", "paris");
        shift(r, s, "britain", Loc::Waiting, Loc::Due, 3);
    });
    assert_eq!(r.validate(&s), Ok(()));
    s
}

#[test]
fn ny_12_2_5_one_british_corps_a_turn_may_go_to_amsterdam() {
    let r = tiny();
    let mut s = after_revolution(&r);
    apply(&r, &mut s, Side::Alliance, "done");
    assert_eq!(s.phase, Phase::Place);
    apply(&r, &mut s, Side::Alliance, "place britain amsterdam");
    assert_eq!(refuse(&r, &s, Side::Alliance, "place britain amsterdam").rule, "NY 12.2.5", "one a turn");
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"place britain london".to_owned()));
    assert_eq!(refuse(&r, &s, Side::Alliance, "place britain antwerp").rule, "NY 12.2.3", "only Amsterdam");
    // Formed or arrived, not both; and only while the Alliance holds Amsterdam.
    let mut s = after_revolution(&r);
    shift(&r, &mut s, "britain", Loc::Due, Loc::Pool, 1);
    apply(&r, &mut s, Side::Alliance, "form britain amsterdam reduced");
    apply(&r, &mut s, Side::Alliance, "done");
    assert_eq!(refuse(&r, &s, Side::Alliance, "place britain amsterdam").rule, "NY 12.2.5");
    let mut s = after_revolution(&r);
    apply(&r, &mut s, Side::Alliance, "done");
    set_control(&r, &mut s, &["amsterdam"], Control::Bourbon);
    shift(&r, &mut s, "dutch", on(&r, "amsterdam"), on(&r, "cologne"), 2);
    put_leader(&r, &mut s, "william-iii", "cologne");
    assert_eq!(refuse(&r, &s, Side::Alliance, "place britain amsterdam").rule, "NY 12.2.3");
}

/// The Bourbons' Spend step of `year`, the Revolution in `revolution_year`,
/// James II in Paris, one Jacobite corps in the pool, and one in `abroad`.
fn jacobites(r: &NineYears, year: u16, revolution_year: u16, abroad: Option<&str>) -> State {
    let (s, _) = reinforce_with(r, year, Side::Bourbon, |s| {
        s.revolution = true;
        s.revolution_year = revolution_year;
        set_control(r, s, &["london", "york"], Control::Alliance);
        shift(r, s, "jacobite", on(r, "london"), Loc::Pool, 1);
        shift(r, s, "jacobite", on(r, "london"), on(r, "edinburgh"), 1);
        shift(r, s, "jacobite", on(r, "york"), on(r, abroad.unwrap_or("edinburgh")), 1);
        put_leader(r, s, "james-ii", "paris");
    });
    assert_eq!(r.validate(&s), Ok(()));
    s
}

#[test]
fn ny_12_2_6_a_jacobite_corps_forms_where_james_ii_is_in_france_if_none_is_abroad() {
    let r = tiny();
    let s = jacobites(&r, 1691, 1689, None);
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form jacobite paris reduced".to_owned()));
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form jacobite lille reduced").rule, "NY 12.2.6", "James II is in Paris");
    // One already outside Great Britain and Ireland: no.
    let s = jacobites(&r, 1691, 1689, Some("lille"));
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form jacobite paris reduced").rule, "NY 12.2.6");
    // One in Ireland does not count.
    let s = jacobites(&r, 1691, 1689, Some("dublin"));
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form jacobite paris reduced".to_owned()));
    // Before the Revolution, France is no Jacobite home at all.
    let (s, _) = reinforce_with(&r, 1691, Side::Bourbon, |s| {
        shift(&r, s, "jacobite", on(&r, "london"), Loc::Pool, 1);
        put_leader(&r, s, "james-ii", "paris");
    });
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form jacobite paris reduced").rule, "NY 12.2.3");
}

#[test]
fn ny_12_2_6_in_the_revolutions_year_another_jacobite_corps_abroad_does_not_bar_it() {
    let r = tiny();
    let s = jacobites(&r, 1690, 1690, Some("lille"));
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form jacobite paris reduced".to_owned()), "20.2.5 2b");
    let s = jacobites(&r, 1691, 1690, Some("lille"));
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form jacobite paris reduced").rule, "NY 12.2.6", "the year after");
}

#[test]
fn ny_12_3_1_resource_points_alliance_6_bourbons_3_and_1_a_rich_space() {
    let r = tiny();
    let rp = |f: &dyn Fn(&mut State)| {
        let (s, _) = reinforce_with(&r, 1689, Side::Bourbon, f);
        s.rp
    };
    // Tournai and London are rich and Bourbon: 3 + 2.
    assert_eq!(rp(&|_| {}), [6, 5]);
    assert_eq!(rp(&|s| set_control(&r, s, &["tournai"], Control::Alliance)), [6, 4]);
    assert_eq!(rp(&|s| set_control(&r, s, &["munich"], Control::Bourbon)), [6, 6], "Munich is rich");
    assert_eq!(rp(&|s| set_control(&r, s, &["namur", "munich"], Control::Bourbon)), [6, 7]);
    assert_eq!(rp(&|s| set_control(&r, s, &["lille"], Control::Alliance)), [6, 5], "Lille is not rich");
    // The Alliance's Ireland point: London and every Irish space.
    assert_eq!(rp(&|s| set_control(&r, s, &["london"], Control::Alliance)), [6, 4], "London alone: no point");
    assert_eq!(rp(&|s| set_control(&r, s, &["london", "dublin"], Control::Alliance)), [6, 4], "Derry still Jacobite");
    assert_eq!(rp(&|s| set_control(&r, s, &["london", "dublin", "derry"], Control::Alliance)), [7, 4]);
    assert_eq!(rp(&|s| set_control(&r, s, &["dublin", "derry"], Control::Alliance)), [6, 5], "not without London");
    // Events change them.
    assert_eq!(rp(&|s| s.rp_events = [2, -1]), [8, 4]);
}

#[test]
fn ny_12_3_1_unused_resource_points_are_lost() {
    let r = tiny();
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |_| {});
    apply(&r, &mut s, Side::Bourbon, "form france paris reduced");
    assert_eq!(s.rp[1], 4);
    apply(&r, &mut s, Side::Bourbon, "done");
    assert_eq!(s.rp[1], 0, "4 RP unspent are gone");
    end_campaign(&r, &mut s);
    quietly(&r, &mut s, |s| s.phase == Phase::Spend);
    assert_eq!(s.rp, [6, 5], "the next year starts afresh");
}

#[test]
fn ny_12_3_2_corps_form_from_the_force_pool_and_eliminated_corps_go_there() {
    let r = tiny();
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |_| {});
    shift(&r, &mut s, "france", Loc::Pool, on(&r, "paris"), 2);
    assert_eq!(corps_at(&r, &s, "france", Loc::Pool).len(), 1);
    apply(&r, &mut s, Side::Bourbon, "form france lyon reduced");
    assert_eq!(count_in(&r, &s, "france", "lyon"), 1);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form france lyon reduced").rule, "NY 12.3.2", "the pool is empty");
    // An Allied corps in Derry, with nowhere friendly to withdraw to in Winter Quarters: eliminated.
    let mut s = start(&r, 1);
    shift(&r, &mut s, "dutch", on(&r, "namur"), on(&r, "derry"), 1);
    let pool = corps_at(&r, &s, "dutch", Loc::Pool).len();
    end_campaign(&r, &mut s);
    assert_eq!(corps_at(&r, &s, "dutch", Loc::Pool).len(), pool + 1);
    assert_eq!(count_in(&r, &s, "dutch", "derry"), 0);
    assert_eq!(r.validate(&s), Ok(()));
}

#[test]
fn ny_12_3_3_a_corps_forms_or_rebuilds_only_with_loc_to_its_own_capital() {
    let r = tiny();
    let s = spend_phase(&r, 1, 1689, Side::Alliance);
    assert_eq!(refuse(&r, &s, Side::Alliance, "form spain brussels full").rule, "NY 12.3.3", "no line to Madrid");
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"form spain barcelona full".to_owned()));
    // Rebuilding too: a reduced Spanish corps in Brussels.
    let mut s = s;
    let i = corps_at(&r, &s, "spain", on(&r, "brussels"))[0];
    s.corps[i].reduced = true;
    assert_eq!(refuse(&r, &s, Side::Alliance, "rebuild spain brussels").rule, "NY 12.3.3");
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"rebuild spain barcelona".to_owned()));
}

#[test]
fn ny_12_3_3_jacobites_rebuild_across_an_uncontrolled_or_enemy_sea() {
    let r = tiny();
    for atlantic in [Control::None, Control::Alliance] {
        let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |s| {
            s.sea[0] = atlantic;
            if atlantic == Control::Alliance {
                s.fleets[fleet_id(&r, "allied-atlantic-fleet").index()] = sandtable_nine_years::FleetLoc::Control;
            }
        });
        let i = corps_at(&r, &s, "jacobite", on(&r, "dublin"))[0];
        s.corps[i].reduced = true;
        assert!(!r.supply(&s, Side::Bourbon, space(&r, "dublin")).traced(), "no Bourbon line from Dublin");
        assert!(
            legal_text(&r, &s, Side::Bourbon).contains(&"rebuild jacobite dublin".to_owned()),
            "Atlantic {atlantic:?}"
        );
        // A French corps there could not be.
        let f = corps_at(&r, &s, "france", on(&r, "tournai"))[0];
        s.corps[f].loc = on(&r, "dublin");
        s.corps[f].reduced = true;
        assert_eq!(refuse(&r, &s, Side::Bourbon, "rebuild france dublin").rule, "NY 12.3.3");
    }
}

#[test]
fn ny_12_3_4_france_forms_two_corps_a_turn_others_one() {
    let r = tiny();
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |s| s.rp_events = [0, 5]);
    assert_eq!(s.rp[1], 10);
    apply(&r, &mut s, Side::Bourbon, "form france paris full");
    assert_eq!(s.rp[1], 8, "full: 2 RP");
    apply(&r, &mut s, Side::Bourbon, "form france lyon reduced");
    assert_eq!(s.rp[1], 7, "reduced: 1 RP");
    assert!(!corps_at(&r, &s, "france", Loc::Pool).is_empty());
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form france lyon reduced").rule, "NY 12.3.4", "a third");
    shift(&r, &mut s, "jacobite", on(&r, "london"), Loc::Pool, 2);
    apply(&r, &mut s, Side::Bourbon, "form jacobite york reduced");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form jacobite york reduced").rule, "NY 12.3.4", "a second Jacobite");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form catalan paris reduced").rule, "NY 7.2.3");
    // The Alliance: one Dutch corps.
    let (mut s, _) = reinforce_with(&r, 1689, Side::Alliance, |_| {});
    shift(&r, &mut s, "dutch", on(&r, "amsterdam"), Loc::Pool, 1);
    apply(&r, &mut s, Side::Alliance, "form dutch amsterdam full");
    assert_eq!(refuse(&r, &s, Side::Alliance, "form dutch amsterdam full").rule, "NY 12.3.4");
    assert!(legal_text(&r, &s, Side::Alliance).contains(&"form spain madrid reduced".to_owned()), "another power may");
    // Costs and place.
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |_| {});
    s.rp[1] = 1;
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form france paris full").rule, "NY 12.3.1");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form france tournai reduced").rule, "NY 12.2.3", "a home space");
    apply(&r, &mut s, Side::Bourbon, "form france paris reduced");
    assert_eq!(s.rp[1], 0);
}

#[test]
fn ny_12_3_5_france_rebuilds_four_corps_a_turn_others_two_for_1_rp_each_anywhere_with_loc() {
    let r = tiny();
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |s| s.rp_events = [0, 5]);
    for x in ["lille", "metz", "tournai"] {
        for i in corps_at(&r, &s, "france", on(&r, x)) {
            s.corps[i].reduced = true;
        }
    }
    for n in 1..=4u8 {
        apply(&r, &mut s, Side::Bourbon, "rebuild france lille");
        assert_eq!(s.rp[1], 10 - n, "1 RP each");
    }
    assert_eq!(refuse(&r, &s, Side::Bourbon, "rebuild france metz").rule, "NY 12.3.5", "a fifth");
    // Others two; not necessarily in a home space (Tournai is Spain's).
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |_| {});
    let j = corps_at(&r, &s, "jacobite", on(&r, "london"));
    for &i in &j {
        s.corps[i].reduced = true;
    }
    let t = corps_at(&r, &s, "france", on(&r, "tournai"))[0];
    s.corps[t].reduced = true;
    let y = corps_at(&r, &s, "jacobite", on(&r, "york"))[0];
    s.corps[y].reduced = true;
    apply(&r, &mut s, Side::Bourbon, "rebuild jacobite london");
    apply(&r, &mut s, Side::Bourbon, "rebuild jacobite london");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "rebuild jacobite york").rule, "NY 12.3.5", "a third Jacobite");
    apply(&r, &mut s, Side::Bourbon, "rebuild france tournai");
    assert!(!s.corps[t].reduced);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "rebuild france lille").rule, "NY 12.3.5", "no reduced corps there");
    s.rp[1] = 0;
    let l = corps_at(&r, &s, "france", on(&r, "lille"))[0];
    s.corps[l].reduced = true;
    assert_eq!(refuse(&r, &s, Side::Bourbon, "rebuild france lille").rule, "NY 12.3.1", "no RP left");
}

#[test]
fn ny_12_3_7_a_fortified_line_costs_1_rp() {
    let r = tiny();
    let (mut s, _) = reinforce_with(&r, 1689, Side::Bourbon, |s| {
        shift(&r, s, "france", on(&r, "metz"), on(&r, "lille"), 1);
    });
    let ev = apply(&r, &mut s, Side::Bourbon, "line lille");
    assert!(said(&ev, "NY 15.2", "level-1"), "{ev:?}");
    assert_eq!((s.rp[1], s.lines[space(&r, "lille").index()].level), (4, 1));
    s.rp[1] = 0;
    assert_eq!(refuse(&r, &s, Side::Bourbon, "line lille").rule, "NY 12.3.1");
}

#[test]
fn ny_12_3_8_colonial_support_costs_1_rp_once_a_turn() {
    let r = tiny();
    for side in Side::ALL {
        let (mut s, _) = reinforce_with(&r, 1689, side, |_| {});
        let rp = s.rp[side.index()];
        let ev = apply(&r, &mut s, side, "colonial");
        assert!(said(&ev, "NY 18.2", "colonial support"), "{ev:?}");
        assert_eq!(s.rp[side.index()], rp - 1);
        assert!(s.colonial[side.index()] && !s.colonial[side.other().index()]);
        assert_eq!(refuse(&r, &s, side, "colonial").rule, "NY 18.2", "once a turn");
        let mut t = s.clone();
        t.colonial[side.index()] = false;
        t.rp[side.index()] = 0;
        assert_eq!(refuse(&r, &t, side, "colonial").rule, "NY 12.3.1");
    }
}

#[test]
fn ny_12_4_leaders_due_are_promoted_in_their_sides_leaders_step() {
    let r = tiny();
    let catinat = leader(&r, "catinat");
    let s = bourbon_leaders(&r, 1689);
    assert_eq!((s.leader(catinat).promoted, r.ratings(&s, catinat)), (false, (0, 3)), "a minor leader until 1690");
    // 1690: the Alliance's steps do not touch him; the Bourbons' Leaders step flips him.
    let (mut s, _) = reinforce_with(&r, 1690, Side::Alliance, |_| {});
    quietly(&r, &mut s, |s| s.ordered() == Side::Bourbon);
    assert!(!s.leader(catinat).promoted);
    apply(&r, &mut s, Side::Bourbon, "done");
    apply(&r, &mut s, Side::Bourbon, "place france paris");
    let ev = apply(&r, &mut s, Side::Bourbon, "done");
    assert_eq!(s.phase, Phase::Leaders);
    assert!(said(&ev, "NY 12.4", "Catinat is promoted"), "{ev:?}");
    assert_eq!((s.leader(catinat).promoted, r.ratings(&s, catinat)), (true, (2, 5)));
}

#[test]
fn ny_12_4_any_friendly_leader_moves_once_to_any_friendly_space() {
    let r = tiny();
    let mut s = bourbon_leaders(&r, 1689);
    assert!(!r.supply(&s, Side::Bourbon, space(&r, "derry")).traced());
    apply(&r, &mut s, Side::Bourbon, "leader luxembourg derry");
    assert_eq!(leader_loc(&r, &s, "luxembourg"), LeaderLoc::Space(space(&r, "derry")), "whatever the LOC");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "leader luxembourg paris").rule, "NY 12.4", "once");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "leader boufflers namur").rule, "NY 12.2.2", "a friendly space");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "leader vauban lille").rule, "NY 12.4", "already there");
    assert_eq!(refuse(&r, &s, Side::Bourbon, "leader eugene paris").rule, "NY 12.4", "not his");
    apply(&r, &mut s, Side::Bourbon, "leader boufflers paris");
    apply(&r, &mut s, Side::Bourbon, "leader noailles lille");
    apply(&r, &mut s, Side::Bourbon, "done");
    assert!(s.leaders.iter().all(|l| !l.activated), "the marks go with the step");
}
