//! Rules 3.1 (activation), 3.2 (actions), 3.3 (German combined arms), 3.4 (Stuarts).

mod common;
use common::*;
use sandtable_totensonntag::Side;

#[test]
fn cct_3_1_a_unit_activates_when_its_rating_reaches_the_level() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "G6"); // initiative 2
    r.start_impulse(&mut s, Side::Axis, 3);
    assert_eq!(refused(&r, &s, AXIS, "move inf G7").rule, "CCT 3.1");
    r.start_impulse(&mut s, Side::Axis, 2);
    assert!(is_legal(&r, &s, AXIS, "move inf G7"));
}

#[test]
fn cct_3_2_infantry_moves_or_attacks_not_both() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "G6");
    put(&r, &mut s, "rifle", "G8");
    r.start_impulse(&mut s, Side::Axis, 2);
    play(&r, &mut s, AXIS, "move inf G7");
    assert_eq!(refused(&r, &s, AXIS, "attack inf G8").rule, "CCT 3.2");
}

#[test]
fn cct_3_2_a_unit_that_attacked_does_not_move() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "G7");
    put(&r, &mut s, "rifle", "G8");
    r.start_impulse(&mut s, Side::Axis, 2);
    play(&r, &mut s, AXIS, "attack inf G8");
    assert_eq!(refused(&r, &s, AXIS, "move inf G6").rule, "CCT 3.2");
}

#[test]
fn cct_3_2_units_act_one_at_a_time() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "C3");
    put(&r, &mut s, "aa", "C6");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz C4");
    play(&r, &mut s, AXIS, "move aa C7");
    // The Panzer's action ended when the recon began its own.
    assert_eq!(refused(&r, &s, AXIS, "move pz C5").rule, "CCT 3.2");
}

#[test]
fn cct_3_2_armour_and_recon_move_and_attack() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G5");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz G6");
    play(&r, &mut s, AXIS, "move pz G7");
    assert!(is_legal(&r, &s, AXIS, "attack pz G8"));
}

#[test]
fn cct_3_2_artillery_moves_or_bombards() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "C3");
    put(&r, &mut s, "cru", "C7"); // four hexes away: in range 4
    put(&r, &mut s, "pz", "C8"); // the spotter, adjacent to the target
    r.start_impulse(&mut s, Side::Axis, 4);
    assert!(is_legal(&r, &s, AXIS, "bombard art cru spot pz"));
    play(&r, &mut s, AXIS, "move art C4");
    assert_eq!(refused(&r, &s, AXIS, "bombard art cru spot pz").rule, "CCT 3.2");
}

#[test]
fn cct_3_3_combined_arms_with_a_panzer_iii_at_impulse_start() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "D4"); // Panzer III
    put(&r, &mut s, "sch", "D4"); // "c", initiative 4
    r.start_impulse(&mut s, Side::Axis, 5);
    assert!(is_legal(&r, &s, AXIS, "move sch D5"), "4 + 1 reaches level 5");
    // The bonus is fixed at the start of the impulse: the Panzer's leaving
    // afterwards does not take it away.
    s.unit_mut(unit(&r, "pz")).pos = sandtable_totensonntag::Pos::Off;
    assert!(is_legal(&r, &s, AXIS, "move sch D5"));
}

#[test]
fn cct_3_3_no_bonus_alone_or_with_other_tanks() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "sch", "D4");
    r.start_impulse(&mut s, Side::Axis, 5);
    assert_eq!(refused(&r, &s, AXIS, "move sch D5").rule, "CCT 3.1", "alone");
    put(&r, &mut s, "pz2", "D4"); // a tank unit that is not Panzer III
    r.start_impulse(&mut s, Side::Axis, 5);
    assert_eq!(refused(&r, &s, AXIS, "move sch D5").rule, "CCT 3.1", "with other tanks");
    put(&r, &mut s, "pz", "D5"); // a Panzer III next door, not in the hex
    r.start_impulse(&mut s, Side::Axis, 5);
    assert_eq!(refused(&r, &s, AXIS, "move sch D6").rule, "CCT 3.1", "adjacent is not enough");
}

#[test]
fn cct_3_3_and_3_4_marks_belong_to_the_units_the_rules_name() {
    use sandtable_totensonntag::Totensonntag;
    let bad = |from: &str, to: &str| {
        let scenario = SCENARIO.replacen(from, to, 1);
        assert_ne!(scenario, SCENARIO);
        Totensonntag::from_toml(MAP, &scenario).expect_err("accepted a misplaced mark").to_string()
    };
    // A Panzer III mark on a British tank, a "c" on German infantry, a Stuart mark on an Axis tank.
    assert!(bad("setup = \"Q17\"\n", "setup = \"Q17\"\npanzer3 = true\n").contains("3.3"));
    assert!(
        bad("initiative = 2\nsetup = \"A3\"", "initiative = 2\ncombined_arms = true\nsetup = \"A3\"").contains("3.3")
    );
    assert!(bad("panzer3 = true\nsetup = \"A1\"", "panzer3 = true\nstuart = true\nsetup = \"A1\"").contains("3.4"));
}

#[test]
fn cct_3_2_armour_attacks_after_moving_but_does_not_move_after_attacking() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G7");
    put(&r, &mut s, "rifle", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "attack pz G8");
    assert_eq!(refused(&r, &s, AXIS, "move pz G6").rule, "CCT 3.2");
}

#[test]
fn cct_3_3_an_entering_panzer_iii_boosts_one_entering_unit() {
    let (r, mut s) = blank(1);
    s.pair = 2; // the reinforcements arrive in pair 2 of turn 1
    r.start_impulse(&mut s, Side::Axis, 4);
    // schr and schr2 have initiative 3 and the "c" index.
    assert_eq!(refused(&r, &s, AXIS, "enter schr K18").rule, "CCT 3.1");
    play(&r, &mut s, AXIS, "enter pzr K18");
    play(&r, &mut s, AXIS, "enter schr L18");
    // One bonus per Panzer III: the second "c" unit stays out.
    assert_eq!(refused(&r, &s, AXIS, "enter schr2 L18").rule, "CCT 3.1");
}

#[test]
fn cct_3_4_stuarts_rate_three_to_move_and_four_to_attack() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "stu", "G6");
    put(&r, &mut s, "pz", "G7");
    r.start_impulse(&mut s, Side::Allies, 4);
    assert!(is_legal(&r, &s, ALLIES, "attack stu G7"));
    assert_eq!(refused(&r, &s, ALLIES, "move stu G5").rule, "CCT 3.4");
    r.start_impulse(&mut s, Side::Allies, 3);
    assert!(is_legal(&r, &s, ALLIES, "move stu G5"));
    assert!(is_legal(&r, &s, ALLIES, "attack stu G7"));
    // At level 3 a Stuart may move and overrun.
    put(&r, &mut s, "stu", "G4");
    play(&r, &mut s, ALLIES, "move stu G5");
    play(&r, &mut s, ALLIES, "move stu G6");
    assert!(is_legal(&r, &s, ALLIES, "attack stu G7"));
}

#[test]
fn cct_3_0_a_side_activates_only_its_own_units() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "G6");
    put(&r, &mut s, "cru", "G9");
    r.start_impulse(&mut s, Side::Axis, 1);
    assert_eq!(refused(&r, &s, AXIS, "move cru G10").rule, "CCT 3.0");
    assert!(is_legal(&r, &s, AXIS, "move inf G7"));
}

/// What the page says when an idle unit is clicked (issue 14): the rule
/// that holds it back, both sides of the level threshold.
#[test]
fn cct_3_1_an_idle_unit_says_which_rule_holds_it() {
    use sandtable_core::Ruleset;
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "G6"); // initiative 2
    put(&r, &mut s, "pz", "C3");
    r.start_impulse(&mut s, Side::Axis, 3);
    let idle = r.idle(&s, AXIS);
    let inf = idle.iter().find(|(p, _)| p == "inf").expect("inf is below the level");
    assert_eq!(inf.1.rule, "CCT 3.1");
    assert!(idle.iter().all(|(p, _)| p != "pz"), "pz may move: {idle:?}");
    r.start_impulse(&mut s, Side::Axis, 2);
    assert!(r.idle(&s, AXIS).iter().all(|(p, _)| p != "inf"), "at level 2 it may act");
    play(&r, &mut s, AXIS, "move inf G7");
    play(&r, &mut s, AXIS, "move pz C4");
    let idle = r.idle(&s, AXIS);
    assert_eq!(idle.iter().find(|(p, _)| p == "inf").map(|(_, w)| w.rule.as_ref()), Some("CCT 3.2"), "{idle:?}");
    assert!(r.idle(&s, ALLIES).is_empty(), "not the Allies' impulse");
}

#[test]
fn cct_4_0_a_stack_order_alone_does_not_make_a_unit_glow() {
    use sandtable_core::Ruleset;
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "G6");
    put(&r, &mut s, "pz", "G6");
    r.start_impulse(&mut s, Side::Axis, 3);
    let top = r.parse("top inf").unwrap();
    assert!(is_legal(&r, &s, AXIS, "top inf"));
    assert!(r.hint(&s, top).minor, "a stack order is minor");
    assert!(!r.hint(&s, r.parse("move pz G7").unwrap()).minor);
    assert!(r.idle(&s, AXIS).iter().any(|(p, _)| p == "inf"), "only a stack order: idle, and says why");
}
