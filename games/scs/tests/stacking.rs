//! 4.0 Stacking: the limit (stacking points = steps left in this scenario),
//! checked at the end of each phase (4.0a), markers (4.0b), stack order (4.0c).

mod common;
use common::*;
use sandtable_core::{Ruleset, ToAct};

#[test]
fn scs_4_0_stacking_points_are_the_steps_a_unit_has_left() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.04");
    put(&r, &mut s, "aw", "09.04");
    assert_eq!(r.board(&s).points(hex(&r, "09.04")), 3);
    us(&r, &mut s, "pz").lost = 1;
    assert_eq!(r.board(&s).points(hex(&r, "09.04")), 2);
    // A scenario may print fixed stacking points instead.
    let r2 = tiny_with(&[("exploit = true\nat = \"08.04\"", "exploit = true\nstacking = 3\nat = \"08.04\"")]);
    let mut t = blank(&r2);
    put(&r2, &mut t, "pz", "09.04");
    t.unit_mut(unit(&r2, "pz")).lost = 1;
    assert_eq!(r2.board(&t).points(hex(&r2, "09.04")), 3);
}

#[test]
fn scs_4_0a_stacking_is_checked_at_the_end_of_the_phase_and_the_owner_eliminates_until_within_the_limit() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "09.04");
    put(&r, &mut s, "aw", "09.04");
    put(&r, &mut s, "pz", "09.05");
    put(&r, &mut s, "rein", "09.03");
    put(&r, &mut s, "art", "10.01");
    begin(&r, &mut s, axis(), Phase::Movement);
    // Moving through or into a full hex is allowed during the phase.
    play(&r, &mut s, AXIS, "move pz 09.04");
    play(&r, &mut s, AXIS, "move rein 09.04");
    assert_eq!(r.board(&s).points(hex(&r, "09.04")), 6);
    let ev = play(&r, &mut s, AXIS, "end");
    assert!(rules_of(&ev).contains(&"SCS 4.0a".to_string()));
    assert_eq!((s.phase, s.overstack), (Phase::Movement, Some(axis())), "the phase waits for the check");
    assert_eq!(rule(&r, &s, AXIS, "end"), "SCS 4.0a");
    assert_eq!(rule(&r, &s, AXIS, "eliminate art"), "SCS 4.0a", "only units of an overstacked hex");
    let mut choices = legal(&r, &s, AXIS);
    choices.sort();
    assert_eq!(choices, ["eliminate aw", "eliminate inf", "eliminate pz", "eliminate rein"], "the owner's choice");
    play(&r, &mut s, AXIS, "eliminate aw"); // 5: still over
    assert_eq!(s.overstack, Some(axis()));
    play(&r, &mut s, AXIS, "eliminate rein"); // 4: within the limit
    assert_eq!((s.phase, s.overstack), (Phase::Combat, None));
    assert_eq!(
        (at(&r, &s, "aw"), at(&r, &s, "rein"), at(&r, &s, "pz")),
        ("eliminated".into(), "eliminated".into(), "09.04".into())
    );
}

#[test]
fn scs_4_0a_a_hex_exactly_at_the_limit_passes_the_check() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "09.04");
    put(&r, &mut s, "pz", "09.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 09.04");
    assert_eq!(r.board(&s).points(hex(&r, "09.04")), 4);
    play(&r, &mut s, AXIS, "end");
    assert_eq!((s.phase, s.overstack), (Phase::Combat, None));
}

#[test]
fn scs_4_0a_a_stack_over_the_limit_where_it_would_overrun_goes_back_and_moves_anew() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "07.05");
    put(&r, &mut s, "inf", "08.05");
    put(&r, &mut s, "aw", "08.05");
    put(&r, &mut s, "pz", "09.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(rule(&r, &s, AXIS, "back pz"), "SCS 4.0a", "nothing has moved");
    play(&r, &mut s, AXIS, "move pz 08.05"); // 5 points
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 07.05"), "SCS 6.1e");
    let ev = play(&r, &mut s, AXIS, "back pz");
    assert!(rules_of(&ev).contains(&"SCS 4.0a".to_string()));
    assert_eq!((at(&r, &s, "pz"), spent(&r, &s, "pz")), ("09.05".into(), 0), "back where it began, nobody eliminated");
    assert!(s.units.iter().all(|u| u.pos != Pos::Eliminated || u.lost > 0));
    play(&r, &mut s, AXIS, "move pz 08.04"); // and moves anew
    assert_eq!(at(&r, &s, "pz"), "08.04");
    assert_eq!(rule(&r, &s, AXIS, "back pz"), "SCS 4.0a", "08.04 is within the limit");
}

#[test]
fn scs_4_0b_markers_never_count_for_stacking() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "09.04");
    put(&r, &mut s, "pz", "09.04");
    let before = r.board(&s).points(hex(&r, "09.04"));
    for id in ["inf", "pz"] {
        us(&r, &mut s, id).out_of_supply = true;
        us(&r, &mut s, id).dg = true;
    }
    assert_eq!((before, r.board(&s).points(hex(&r, "09.04"))), (4, 4));
    s.player = axis();
    s.phase = Phase::Exploitation;
    play(&r, &mut s, AXIS, "end");
    assert_eq!(s.overstack, None, "4 points with markers is within a limit of 4");
}

#[test]
fn scs_4_0c_the_top_of_a_stack_is_a_unit_with_attack_1_or_more_when_it_has_one() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "aw", "09.04");
    put(&r, &mut s, "pz", "09.04");
    put(&r, &mut s, "art", "09.04"); // placed last, but barrage only
    begin(&r, &mut s, axis(), Phase::Movement);
    let h = hex(&r, "09.04");
    assert_eq!(r.top(&s, h), Some(unit(&r, "pz")));
    assert_eq!(rule(&r, &s, AXIS, "top art"), "SCS 4.0c");
    assert_eq!(rule(&r, &s, AXIS, "top pz"), "SCS 4.0c", "already on top");
    play(&r, &mut s, AXIS, "top aw");
    assert_eq!(r.top(&s, h), Some(unit(&r, "aw")));
    assert_eq!(rule(&r, &s, ALLIES, "top pz"), "SCS 1.0");
    // Only units without attack: any of them may head the stack.
    let r2 = tiny_with(&[("attack = 1\ndefence = 1\nmovement = 10", "attack = 0\ndefence = 1\nmovement = 10")]);
    let mut t = blank(&r2);
    put(&r2, &mut t, "aw", "09.04");
    put(&r2, &mut t, "art", "09.04");
    begin(&r2, &mut t, axis(), Phase::Movement);
    assert_eq!(r2.top(&t, h), Some(unit(&r2, "art")));
    play(&r2, &mut t, AXIS, "top aw");
    assert_eq!(r2.top(&t, h), Some(unit(&r2, "aw")));
    assert!(matches!(r2.to_act(&t), ToAct::Seats(_)));
}
