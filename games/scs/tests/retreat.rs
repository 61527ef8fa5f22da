//! Retreats (*authored*, research §2.8) and 2.1d: a retreating stack loses
//! one step for each enemy-ZOC hex it enters — per stack, not per unit; a
//! stack that splits pays for each part; each hex of a retreat is farther
//! from the hex left; a stack that cannot retreat is eliminated (the map
//! edge included, 3.3c); overstacking after a retreat is settled at the
//! phase-end check (4.0a).

mod common;
use common::*;

/// rifle (2 steps) and bw (1) in 06.05, attacked by pz from 07.05; axis inf
/// in 05.07 puts 05.06 and 06.06 in an enemy ZOC; 05.05 is free of any.
/// The roll is `roll`; the allies are to retreat.
fn beaten(r: &Scs, roll: u8, defenders: &[&str]) -> State {
    let mut s = blank(r);
    for id in defenders {
        put(r, &mut s, id, "06.05");
    }
    put(r, &mut s, "pz", "07.05");
    put(r, &mut s, "inf", "05.07");
    begin(r, &mut s, axis(), Phase::Combat);
    play(r, &mut s, AXIS, "attack pz 06.05");
    play(r, &mut s, AXIS, "declare");
    rig(&mut s, &[roll]);
    play(r, &mut s, AXIS, "roll");
    s
}

#[test]
fn scs_2_1d_a_retreating_stack_loses_one_step_per_ezoc_hex_not_one_per_unit() {
    let r = tiny();
    let mut s = beaten(&r, 9, &["rifle", "bw"]); // Dr1
    assert_eq!(fight(&s).stage, Stage::DefenderRetreat);
    let b = r.board(&s);
    assert!(b.ezoc(allies(), hex(&r, "05.06")) && !b.ezoc(allies(), hex(&r, "05.05")));
    let ev = play(&r, &mut s, ALLIES, "retreat rifle 05.06");
    assert!(rules_of(&ev).contains(&"SCS 2.1d".to_string()));
    assert_eq!(lost(&r, &s, "rifle"), 1);
    play(&r, &mut s, ALLIES, "retreat bw 05.06"); // the rest of the stack: paid already
    assert_eq!((at(&r, &s, "bw"), lost(&r, &s, "bw")), ("05.06".into(), 0));
    assert_eq!(s.eliminated_steps[1], 1);
}

#[test]
fn scs_2_1d_a_stack_that_splits_pays_for_each_part() {
    let r = tiny();
    let mut s = beaten(&r, 9, &["rifle", "bw"]);
    play(&r, &mut s, ALLIES, "retreat rifle 05.06");
    play(&r, &mut s, ALLIES, "retreat bw 06.06"); // another EZOC hex: another step
    assert_eq!((lost(&r, &s, "rifle"), at(&r, &s, "bw")), (1, "eliminated".into()));
    assert_eq!(s.eliminated_steps[1], 2);
}

#[test]
fn scs_2_1d_no_loss_outside_enemy_zocs_and_a_friendly_unit_does_not_negate_one() {
    let r = tiny();
    let mut s = beaten(&r, 9, &["rifle", "bw"]);
    play(&r, &mut s, ALLIES, "retreat rifle 05.05");
    play(&r, &mut s, ALLIES, "retreat bw 05.05");
    assert_eq!(s.eliminated_steps[1], 0);
    // A friendly unit standing in the EZOC hex: the step is still lost (2.1h: supply only).
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "06.05");
    put(&r, &mut s, "at", "05.06");
    put(&r, &mut s, "pz", "07.05");
    put(&r, &mut s, "inf", "05.07");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 06.05");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[9]);
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, ALLIES, "retreat rifle 05.06");
    assert_eq!(lost(&r, &s, "rifle"), 1);
}

#[test]
fn scs_2_1d_each_enemy_zoc_hex_of_a_longer_retreat_costs_a_step_and_each_hex_is_farther() {
    // Roll 11 made "Dr2" (retreat two hexes, no loss) for this test.
    let r = tiny_with(&[("\"D2r2\", \"D3r3\"", "\"Dr2\", \"D3r3\"")]);
    let mut s = beaten(&r, 11, &["rifle"]);
    assert_eq!(fight(&s).retreating[0].left, 2);
    play(&r, &mut s, ALLIES, "retreat rifle 05.06"); // EZOC: one step
    assert_eq!(lost(&r, &s, "rifle"), 1);
    let g = &r.map().grid;
    assert_eq!(g.distance(hex(&r, "06.05"), hex(&r, "05.05")), 1);
    assert_eq!(rule(&r, &s, ALLIES, "retreat rifle 05.05"), "SCS 7.0", "not farther from 06.05");
    assert_eq!(rule(&r, &s, AXIS, "retreat rifle 04.06"), "SCS 1.0", "the owner retreats his units");
    assert_eq!(g.distance(hex(&r, "06.05"), hex(&r, "04.06")), 2);
    play(&r, &mut s, ALLIES, "retreat rifle 04.06"); // EZOC again: the last step
    assert_eq!(at(&r, &s, "rifle"), "eliminated");
}

#[test]
fn scs_7_0_a_stack_that_cannot_retreat_is_eliminated_and_off_the_map_is_no_retreat() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "01.01"); // the corner: its other neighbours are off the map
    put(&r, &mut s, "pz", "02.01");
    put(&r, &mut s, "inf", "01.02");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 01.01");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[9]); // Dr1
    let ev = play(&r, &mut s, AXIS, "roll");
    assert!(said(&ev, "SCS 7.0", "cannot retreat"), "{ev:?}");
    assert_eq!(at(&r, &s, "bw"), "eliminated");
    assert_eq!(
        (s.eliminated_steps[1], r.victory_points(&s)[0]),
        (1, 1),
        "3.3c: it counts for victory like any elimination"
    );
    // With a hex to retreat to, it survives.
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "01.01");
    put(&r, &mut s, "pz", "02.01");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 01.01");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[9]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(legal(&r, &s, ALLIES), ["retreat bw 01.02"]);
}

#[test]
fn scs_4_0a_overstacking_after_a_retreat_is_eliminated_at_the_phase_end_check() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "06.05");
    put(&r, &mut s, "tank", "05.05");
    put(&r, &mut s, "at", "05.05");
    put(&r, &mut s, "pz", "07.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 06.05");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[9]);
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, ALLIES, "retreat rifle 05.05"); // 2 + 2 + 1 = 5
    play(&r, &mut s, AXIS, "end"); // ends the advance (none taken)
    assert_eq!(at(&r, &s, "rifle"), "05.05", "allowed during the phase");
    play(&r, &mut s, AXIS, "end"); // the Combat Phase ends: the check
    assert_eq!((s.phase, s.overstack), (Phase::Combat, Some(allies())));
    let mut choices = legal(&r, &s, ALLIES);
    choices.sort();
    assert_eq!(choices, ["eliminate at", "eliminate rifle", "eliminate tank"]);
    play(&r, &mut s, ALLIES, "eliminate at");
    assert_eq!((s.phase, s.overstack, s.player), (Phase::Exploitation, None, axis()));
}

#[test]
fn scs_7_0_the_attacker_retreats_when_the_result_says_so() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "06.05");
    put(&r, &mut s, "pz", "07.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 06.05");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[3]); // A1r1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!((lost(&r, &s, "pz"), fight(&s).stage), (1, Stage::AttackerRetreat));
    assert_eq!(rule(&r, &s, ALLIES, "retreat pz 08.05"), "SCS 1.0");
    play(&r, &mut s, AXIS, "retreat pz 08.05");
    assert_eq!(at(&r, &s, "pz"), "08.05");
    assert!(s.fight.is_none(), "no advance for the defender");
}
