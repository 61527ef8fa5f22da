//! Rules 4.0 (stacking), 5.0 (zones of control), 6.0 (movement),
//! 6.1 (reinforcements), 6.2 (exit).

mod common;
use common::*;
use sandtable_core::{Ruleset, Viewer};
use sandtable_totensonntag::{Occupancy, Phase, Pos, Side};

#[test]
fn cct_4_0_stacking_is_checked_at_the_end_of_the_impulse() {
    let (r, mut s) = blank(1);
    for u in ["pz", "pz2", "sch"] {
        put(&r, &mut s, u, "D4");
    }
    put(&r, &mut s, "aa", "D5");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move aa D4"); // four in a hex during the impulse is fine
    play(&r, &mut s, AXIS, "end");
    assert!(matches!(s.phase, Phase::Overstack { side: Side::Axis, .. }));
    let mut options = legal(&r, &s, AXIS);
    options.sort();
    assert_eq!(options, ["eliminate aa", "eliminate pz", "eliminate pz2", "eliminate sch"]);
    play(&r, &mut s, AXIS, "eliminate pz2");
    assert_eq!(s.unit(unit(&r, "pz2")).pos, Pos::Destroyed);
    assert!(matches!(s.phase, Phase::Impulse { side: Side::Allies, .. }));
}

#[test]
fn cct_4_0_three_units_may_stack() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "D4");
    put(&r, &mut s, "pz2", "D4");
    put(&r, &mut s, "aa", "D5");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move aa D4");
    play(&r, &mut s, AXIS, "end");
    assert!(matches!(s.phase, Phase::Impulse { side: Side::Allies, .. }));
    assert_eq!(refused(&r, &s, ALLIES, "eliminate cru").rule, "CCT 4.0");
}

#[test]
fn cct_4_0_the_owner_orders_his_stack_and_the_top_unit_is_attacked() {
    let (r, mut s) = blank(1);
    let pz = put(&r, &mut s, "pz", "D4");
    let pz2 = put(&r, &mut s, "pz2", "D4");
    put(&r, &mut s, "cru", "D5");
    assert_eq!(Occupancy::of(&r, &s).top(hex(&r, "D4")), Some(pz2));
    // Even at level 6, when nothing can activate, the stack may be reordered.
    r.start_impulse(&mut s, Side::Axis, 6);
    assert_eq!(refused(&r, &s, AXIS, "top pz2").rule, "CCT 4.0", "already on top");
    assert_eq!(refused(&r, &s, AXIS, "top cru").rule, "CCT 4.0", "not yours");
    play(&r, &mut s, AXIS, "top pz");
    assert_eq!(Occupancy::of(&r, &s).top(hex(&r, "D4")), Some(pz));
    // The Allies attack the top unit only.
    r.start_impulse(&mut s, Side::Allies, 4);
    assert_eq!(refused(&r, &s, AXIS, "top pz2").rule, "CCT 2.0");
    let events = play(&r, &mut s, ALLIES, "attack cru D4");
    assert!(events.iter().any(|e| e.text.en.contains("cru → pz:")), "{events:?}");
}

#[test]
fn cct_4_0_stacks_are_reordered_at_night() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "D4");
    put(&r, &mut s, "pz2", "D4");
    pass_until(&r, &mut s, |s| s.phase == Phase::Night { side: Side::Axis });
    assert!(is_legal(&r, &s, AXIS, "top pz"));
}

#[test]
fn cct_5_0_entering_an_enemy_zoc_stops_the_unit() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G4");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz G5");
    play(&r, &mut s, AXIS, "move pz G6");
    let ev = play(&r, &mut s, AXIS, "move pz G7");
    assert!(ev[0].text.en.contains("stops"));
    assert_eq!(refused(&r, &s, AXIS, "move pz H7").rule, "CCT 5.0");
    // ... but may still overrun.
    assert!(is_legal(&r, &s, AXIS, "attack pz G8"));
}

#[test]
fn cct_5_0_zoc_to_zoc_then_stop_and_no_overrun() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G7");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz H7"); // from one hex of cru's ZOC to another
    assert_eq!(refused(&r, &s, AXIS, "attack pz G8").rule, "CCT 5.0");
    assert_eq!(refused(&r, &s, AXIS, "move pz I7").rule, "CCT 5.0");
}

#[test]
fn cct_5_0_artillery_may_not_enter_an_enemy_zoc() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "G5");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move art G6");
    assert_eq!(refused(&r, &s, AXIS, "move art G7").rule, "CCT 5.0");
}

#[test]
fn cct_5_0_terrain_does_not_affect_zoc() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "E5");
    put(&r, &mut s, "rifle", "F6");
    r.start_impulse(&mut s, Side::Axis, 2);
    play(&r, &mut s, AXIS, "move inf F5"); // escarpment, next to the rifles
    assert_eq!(refused(&r, &s, AXIS, "move inf F4").rule, "CCT 5.0");
}

#[test]
fn cct_6_0_artillery_and_recon_get_one_more_mp() {
    let (r, mut s) = blank(1);
    let art = put(&r, &mut s, "art", "C2");
    let aa = put(&r, &mut s, "aa", "D2");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move art C3");
    assert_eq!(s.unit(art).mp, 4, "4 + 1 − 1");
    play(&r, &mut s, AXIS, "move aa D3");
    assert_eq!(s.unit(aa).mp, 4);
}

#[test]
fn cct_6_0_movement_points_are_the_level_plus_one_for_motorized() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "C2");
    put(&r, &mut s, "sch", "D2");
    r.start_impulse(&mut s, Side::Axis, 2);
    play(&r, &mut s, AXIS, "move inf C3");
    play(&r, &mut s, AXIS, "move inf C4");
    assert_eq!(refused(&r, &s, AXIS, "move inf C5").rule, "CCT 6.0");
    // sch has initiative 4 and is motorized: 2 + 1 MP.
    for to in ["D3", "D4", "D5"] {
        play(&r, &mut s, AXIS, &format!("move sch {to}"));
    }
    assert_eq!(refused(&r, &s, AXIS, "move sch D6").rule, "CCT 6.0");
}

#[test]
fn cct_6_0_escarpment_is_for_infantry_and_costs_motorized_one_more() {
    let (r, mut s) = blank(1);
    let inf = put(&r, &mut s, "inf", "E5");
    let sch = put(&r, &mut s, "sch", "E4");
    put(&r, &mut s, "pz", "E6");
    r.start_impulse(&mut s, Side::Axis, 2);
    assert_eq!(refused(&r, &s, AXIS, "move pz F5").rule, "CCT 6.0");
    play(&r, &mut s, AXIS, "move inf F5");
    assert_eq!(s.unit(inf).mp, 1, "foot infantry pays 1");
    play(&r, &mut s, AXIS, "move inf F4");
    play(&r, &mut s, AXIS, "move sch D4");
    play(&r, &mut s, AXIS, "move sch E5");
    assert_eq!(refused(&r, &s, AXIS, "move sch F5").rule, "CCT 6.0", "1 MP left, escarpment costs motorized 2");
    let _ = sch;
}

#[test]
fn cct_6_0_rough_costs_motorized_and_mechanized_one_more() {
    let (r, mut s) = blank(1);
    let pz = put(&r, &mut s, "pz", "E7");
    let inf = put(&r, &mut s, "inf", "E8");
    r.start_impulse(&mut s, Side::Axis, 2);
    play(&r, &mut s, AXIS, "move pz F7");
    assert_eq!(s.unit(pz).mp, 1, "3 MP less 2 for rough");
    play(&r, &mut s, AXIS, "move inf F8");
    play(&r, &mut s, AXIS, "end");
    r.start_impulse(&mut s, Side::Axis, 2);
    play(&r, &mut s, AXIS, "move pz E7");
    put(&r, &mut s, "inf", "E8");
    play(&r, &mut s, AXIS, "move inf F7");
    assert_eq!(s.unit(inf).mp, 1, "foot infantry pays 1 in rough");
}

#[test]
fn cct_6_0_never_into_enemy_or_impassable_hexes() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "E9");
    put(&r, &mut s, "cru", "E10");
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "move pz F9").rule, "CCT 6.0");
    assert_eq!(refused(&r, &s, AXIS, "move pz E10").rule, "CCT 6.0");
    assert_eq!(refused(&r, &s, AXIS, "move pz E11").rule, "CCT 6.0", "one hex at a time");
}

#[test]
fn cct_6_1_reinforcements_enter_when_arrived_and_keep_moving() {
    let (r, mut s) = blank(1);
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "enter pzr K18").rule, "CCT 6.1", "arrives in pair 2");
    s.pair = 2;
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "enter pzr M18").rule, "CCT 6.1", "not an entry hex");
    play(&r, &mut s, AXIS, "enter pzr K18");
    let pzr = unit(&r, "pzr");
    assert_eq!(s.unit(pzr).mp, 4, "5 MP less 1 for the entry hex");
    play(&r, &mut s, AXIS, "move pzr K17");
    assert_eq!(s.hex_of(pzr), Some(hex(&r, "K17")));
}

#[test]
fn cct_6_1_entry_may_be_delayed() {
    let (r, mut s) = blank(1);
    s.pair = 2;
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "end");
    r.start_impulse(&mut s, Side::Axis, 4);
    assert!(is_legal(&r, &s, AXIS, "enter pzr L18"));
    assert!(r.view(&s, Viewer::Spectator).units.iter().any(|u| u.code == "pzr" && u.arrived));
}

#[test]
fn cct_6_1_blocked_entry_hexes_add_the_nearest_free_ones() {
    let (r, mut s) = blank(1);
    s.pair = 2;
    put(&r, &mut s, "cru", "K18"); // holds K18 and puts L18 in its ZOC
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "enter pzr K18").rule, "CCT 6.0", "never into an enemy hex");
    assert_eq!(refused(&r, &s, AXIS, "enter pzr I18").rule, "CCT 6.1", "free, but farther than M18");
    assert!(is_legal(&r, &s, AXIS, "enter pzr M18"), "the nearest free hex of the same edge");
    // The designated hex in an enemy ZOC stays open ("можно"): the unit stops there.
    play(&r, &mut s, AXIS, "enter pzr L18");
    assert_eq!(refused(&r, &s, AXIS, "move pzr L17").rule, "CCT 5.0");
    assert!(is_legal(&r, &s, AXIS, "attack pzr K18"), "it may still overrun");
}

#[test]
fn cct_6_1_entering_into_an_enemy_zoc_stops_and_artillery_may_not() {
    let (r, mut s) = blank(1);
    s.pair = 2;
    put(&r, &mut s, "cru", "K17"); // K18 and L18 both in its ZOC
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "enter artr K18").rule, "CCT 5.0");
    play(&r, &mut s, AXIS, "enter pzr K18");
    assert_eq!(refused(&r, &s, AXIS, "move pzr J18").rule, "CCT 5.0");
}

#[test]
fn cct_6_2_allies_exit_through_q2_for_two_mp() {
    let (r, mut s) = blank(1);
    let cru = put(&r, &mut s, "cru", "Q2");
    put(&r, &mut s, "rifle", "Q4");
    r.start_impulse(&mut s, Side::Allies, 1);
    play(&r, &mut s, ALLIES, "exit cru");
    assert_eq!(s.unit(cru).pos, Pos::Exited);
    assert_eq!(s.exited, 4);
    assert_eq!(refused(&r, &s, ALLIES, "move cru Q3").rule, "CCT 6.2", "no return");
    // The rifles (2 MP at level 1) reach Q2 with nothing left to exit.
    play(&r, &mut s, ALLIES, "move rifle Q3");
    play(&r, &mut s, ALLIES, "move rifle Q2");
    assert_eq!(refused(&r, &s, ALLIES, "exit rifle").rule, "CCT 6.2");
}

#[test]
fn cct_6_2_the_axis_does_not_exit() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "Q2");
    r.start_impulse(&mut s, Side::Axis, 3);
    assert_eq!(refused(&r, &s, AXIS, "exit pz").rule, "CCT 6.2");
}

#[test]
fn cct_4_0_only_the_owner_removes_only_excess_units() {
    let (r, mut s) = blank(1);
    for u in ["pz", "pz2", "sch"] {
        put(&r, &mut s, u, "D4");
    }
    put(&r, &mut s, "aa", "D5");
    put(&r, &mut s, "inf", "G6");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move aa D4");
    play(&r, &mut s, AXIS, "end");
    assert!(matches!(s.phase, Phase::Overstack { side: Side::Axis, .. }));
    let e = refused(&r, &s, AXIS, "eliminate cru");
    assert_eq!(e.rule, "CCT 4.0");
    assert!(e.text.en.contains("owner"), "{}", e.text.en);
    let e = refused(&r, &s, AXIS, "eliminate inf");
    assert_eq!(e.rule, "CCT 4.0");
    assert!(e.text.en.contains("not in an overstacked hex"), "{}", e.text.en);
    play(&r, &mut s, AXIS, "eliminate aa");
}

/// 6.0, rough ground, every unit class on both sides of the threshold — issue
/// 10, point 15: «в гекс с Неровной местностью (Rough) может войти любой
/// юнит. Моторизованная пехота и механизированные юниты должны заплатить +1
/// ОД». Foot infantry pays 1; every other class (motorized infantry,
/// engineers, armour, recon, anti-tank, artillery — the motorized and
/// mechanized of 6.0, `RULES.md`) pays 2. After a first open hex, with
/// exactly the cost left the unit enters; with one point less it may not
/// (the one-hex minimum covers only the first hex of a move).
#[test]
fn cct_6_0_rough_costs_every_unit_class_on_both_sides_of_the_threshold() {
    for (code, class, cost) in [
        ("inf", "infantry", 1u8),
        ("sch", "motorized infantry", 2),
        ("schr2", "engineer", 2),
        ("pz", "armour", 2),
        ("aa", "recon", 2),
        ("pj", "anti-tank", 2),
        ("art", "artillery", 2),
    ] {
        for left in [cost, cost - 1] {
            let (r, mut s) = blank(1);
            let u = put(&r, &mut s, code, "D7");
            r.start_impulse(&mut s, Side::Axis, 2);
            play(&r, &mut s, AXIS, &format!("move {code} E7"));
            s.unit_mut(u).mp = left;
            let into_rough = format!("move {code} F7");
            if left == cost {
                play(&r, &mut s, AXIS, &into_rough);
                assert_eq!(s.unit(u).mp, 0, "6.0: {class} pays {cost} to enter rough");
            } else {
                assert_eq!(
                    refused(&r, &s, AXIS, &into_rough).rule,
                    "CCT 6.0",
                    "6.0: {class} with {left} MP left cannot pay {cost} for rough"
                );
            }
        }
    }
}
