//! 2.0 Zones of control and 2.1 their effects (2.1d retreats are in
//! `retreat.rs`, 2.1e advance in `advance.rs`, 2.1f/2.1h supply in
//! `supply.rs`).

mod common;
use common::*;

/// Half MP to move `id` from where it stands into `to` at the start of the
/// axis Movement Phase.
fn cost_into(r: &Scs, s: &State, id: &str, to: &str) -> u16 {
    let mut s = s.clone();
    begin(r, &mut s, axis(), Phase::Movement);
    let before = spent(r, &s, id);
    play(r, &mut s, AXIS, &format!("move {id} {to}"));
    spent(r, &s, id) - before
}

#[test]
fn scs_2_0_friendly_zocs_do_not_affect_friendly_units() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "inf", "07.07"); // a friendly unit next to 08.07
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 2, "1 MP: no ZOC of its own side counts");
    put(&r, &mut s, "inf", "01.01");
    put(&r, &mut s, "bw", "07.07"); // an enemy there instead
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 6, "1 MP + 2 for the enemy ZOC");
}

#[test]
fn scs_2_0a_only_units_with_printed_attack_1_or_more_have_a_zoc() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "at", "07.07"); // attack 0: no ZOC
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 2);
    assert!(!r.board(&s).ezoc(axis(), hex(&r, "08.07")));
    put(&r, &mut s, "at", "01.08");
    put(&r, &mut s, "bw", "07.07"); // attack 1: a ZOC
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 6);
    assert!(r.board(&s).ezoc(axis(), hex(&r, "08.07")));
    // A barrage value alone gives no ZOC.
    let mut t = blank(&r);
    put(&r, &mut t, "art", "08.05");
    assert!(!r.board(&t).ezoc(allies(), hex(&r, "08.06")));
    // A unit the scenario marks without a ZOC has none, whatever its attack.
    let r2 = tiny_with(&[("movement = 4\nsteps = 1\nwithin", "movement = 4\nsteps = 1\nno_zoc = true\nwithin")]);
    let mut t = blank(&r2);
    put(&r2, &mut t, "bw", "07.07");
    assert!(!r2.board(&t).ezoc(axis(), hex(&r2, "08.07")));
}

#[test]
fn scs_2_0b_a_zoc_covers_only_the_adjacent_hexes_the_unit_could_enter() {
    let r = tiny();
    let mut s = blank(&r);
    // A motor unit cannot cross the escarpment 06.03–06.02, nor enter marsh.
    put(&r, &mut s, "tank", "06.03");
    let b = r.board(&s);
    assert!(!b.ezoc(axis(), hex(&r, "06.02")), "across the escarpment");
    assert!(b.ezoc(axis(), hex(&r, "07.03")) && b.ezoc(axis(), hex(&r, "06.04")));
    // A foot unit in the same hex can cross it: its ZOC covers 06.02.
    put(&r, &mut s, "tank", "01.08");
    put(&r, &mut s, "rifle", "06.03");
    assert!(r.board(&s).ezoc(axis(), hex(&r, "06.02")));
    // Marsh (04.07): prohibited to motor, open to foot.
    put(&r, &mut s, "rifle", "01.08");
    put(&r, &mut s, "tank", "04.06");
    assert!(!r.board(&s).ezoc(axis(), hex(&r, "04.07")));
    put(&r, &mut s, "tank", "01.07");
    put(&r, &mut s, "rifle", "04.06");
    assert!(r.board(&s).ezoc(axis(), hex(&r, "04.07")));
    // The lake (02.07) is prohibited to everyone: in nobody's ZOC.
    put(&r, &mut s, "rifle", "02.06");
    assert!(!r.board(&s).ezoc(axis(), hex(&r, "02.07")));
    // A road over a prohibited hexside lets the ZOC across it (05.04 → 05.03).
    put(&r, &mut s, "tank", "05.04");
    assert!(r.board(&s).ezoc(axis(), hex(&r, "05.03")));
}

#[test]
fn scs_2_1a_entering_an_enemy_zoc_costs_2_more_mp_and_zoc_to_zoc_is_allowed() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "bw", "07.07");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.07"); // into the EZOC: 1 + 2
    assert_eq!(spent(&r, &s, "pz"), 6);
    play(&r, &mut s, AXIS, "move pz 08.06"); // EZOC to EZOC: 1 + 2
    assert_eq!(spent(&r, &s, "pz"), 12);
    // 2 MP left: another EZOC hex (3) is too dear, a hex out of it (1) is not.
    assert_eq!(rule(&r, &s, AXIS, "move pz 07.06"), "SCS 3.1b");
    play(&r, &mut s, AXIS, "move pz 09.06");
    assert_eq!(spent(&r, &s, "pz"), 14);
}

#[test]
fn scs_2_1b_units_starting_in_an_ezoc_cannot_overrun() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "pz", "08.06"); // begins the phase next to bw
    put(&r, &mut s, "aw", "09.07"); // begins clear of any EZOC
    begin(&r, &mut s, axis(), Phase::Movement);
    assert!(s.unit(unit(&r, "pz")).began_in_ezoc);
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 07.07"), "SCS 6.0");
    // It may still move, and leaving does not clear the mark.
    play(&r, &mut s, AXIS, "move pz 08.07");
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 07.07"), "SCS 6.0");
    // A unit that began clear and moved into the EZOC may overrun.
    play(&r, &mut s, AXIS, "move aw 08.07");
    assert!(!s.unit(unit(&r, "aw")).began_in_ezoc);
    assert!(is_legal(&r, &s, AXIS, "overrun aw 07.07"));
}

#[test]
fn scs_2_1c_a_unit_attacks_only_units_in_its_zoc() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "06.03");
    put(&r, &mut s, "pz", "06.02"); // motor: across the escarpment, not its ZOC
    put(&r, &mut s, "inf", "07.03"); // foot, adjacent
    put(&r, &mut s, "aw", "08.03"); // not adjacent
    begin(&r, &mut s, axis(), Phase::Combat);
    assert_eq!(rule(&r, &s, AXIS, "attack pz 06.03"), "SCS 2.1c");
    assert_eq!(rule(&r, &s, AXIS, "attack aw 06.03"), "SCS 2.1c");
    assert!(is_legal(&r, &s, AXIS, "attack inf 06.03"));
    // The foot unit may attack across the escarpment.
    put(&r, &mut s, "pz", "01.08");
    put(&r, &mut s, "inf", "06.02");
    assert!(is_legal(&r, &s, AXIS, "attack inf 06.03"));
}

#[test]
fn scs_2_1c_units_without_a_zoc_attack_only_with_a_unit_whose_zoc_covers_the_hex() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.05");
    put(&r, &mut s, "art", "08.05"); // attack 0, adjacent
    put(&r, &mut s, "pz", "08.04");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack art 07.05");
    assert_eq!(rule(&r, &s, AXIS, "declare"), "SCS 2.1c");
    play(&r, &mut s, AXIS, "attack pz 07.05");
    play(&r, &mut s, AXIS, "declare");
    assert_eq!(fight(&s).attackers.len(), 2);
}

#[test]
fn scs_2_1g_several_enemy_zocs_cost_no_more_and_a_friendly_zoc_does_not_cancel_one() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "rifle", "08.08"); // 08.07 is in two enemy ZOCs
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 6);
    put(&r, &mut s, "inf", "09.08"); // and in a friendly one too
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 6);
}

#[test]
fn scs_2_1h_a_friendly_unit_in_an_ezoc_hex_does_not_cancel_it_for_movement() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "inf", "08.07"); // a friendly unit already in the EZOC hex
    assert_eq!(cost_into(&r, &s, "pz", "08.07"), 6, "only for supply (12.0) is the EZOC negated");
}
