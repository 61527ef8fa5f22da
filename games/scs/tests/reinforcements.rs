//! 5.0 Reinforcements: placed at the start of their side's Movement Phase
//! of their turn, in supply, at no MP cost; 5.0a overstacking on placement;
//! 5.0c enemy ZOCs, enemy-held and blocked entry hexes.

mod common;
use common::*;

/// The axis reinforcement `rein` (turn 2, entry 10.04 or 10.05) still to come.
fn expecting(r: &Scs) -> State {
    let mut s = blank(r);
    us(r, &mut s, "rein").pos = Pos::Off;
    us(r, &mut s, "rein").lost = 0;
    s
}

#[test]
fn scs_5_0_reinforcements_arrive_at_the_start_of_their_turns_movement_phase_and_cannot_be_delayed() {
    let r = tiny();
    let mut s = expecting(&r);
    put(&r, &mut s, "pz", "08.04");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(rule(&r, &s, AXIS, "enter rein 10.04"), "SCS 5.0", "turn 1: not yet");
    begin(&r, &mut s, allies(), Phase::Movement);
    assert_eq!(rule(&r, &s, ALLIES, "enter rein 10.04"), "SCS 5.0", "not the other side's to place");
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    let mut choices = legal(&r, &s, AXIS);
    choices.sort();
    assert_eq!(choices, ["enter rein 10.04", "enter rein 10.05"], "first of all, and nothing else");
    assert_eq!(rule(&r, &s, AXIS, "end"), "SCS 5.0");
    assert_eq!(rule(&r, &s, AXIS, "move pz 08.05"), "SCS 5.0");
    let ev = play(&r, &mut s, AXIS, "enter rein 10.05");
    assert_eq!(at(&r, &s, "rein"), "10.05");
    assert!(rules_of(&ev).contains(&"SCS 5.0".to_string()));
    play(&r, &mut s, AXIS, "move pz 08.05");
}

#[test]
fn scs_5_0_a_reinforcement_with_one_entry_hex_is_placed_by_itself() {
    let r = tiny_with(&[("entry = [\"10.04\", \"10.05\"]", "entry = [\"10.04\"]")]);
    let mut s = expecting(&r);
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(at(&r, &s, "rein"), "10.04");
}

#[test]
fn scs_5_0b_placement_costs_no_mp_the_unit_arrives_in_supply_and_has_its_full_allowance() {
    let r = tiny();
    let mut s = expecting(&r);
    us(&r, &mut s, "rein").out_of_supply = true; // a stale marker: arriving clears it
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "enter rein 10.04");
    assert_eq!((spent(&r, &s, "rein"), s.unit(unit(&r, "rein")).out_of_supply), (0, false));
    assert_eq!(r.allowance(&s, unit(&r, "rein")), 12);
    for h in ["09.04", "08.03", "07.03", "06.02"] {
        play(&r, &mut s, AXIS, &format!("move rein {h}")); // 1 + 3 (rough) + 1 + 1 = 6
    }
    assert_eq!(spent(&r, &s, "rein"), 12);
}

#[test]
fn scs_5_0a_reinforcements_may_overstack_when_placed_but_not_at_the_end_of_the_phase() {
    let r = tiny();
    let mut s = expecting(&r);
    put(&r, &mut s, "pz", "10.04");
    put(&r, &mut s, "inf", "10.04");
    put(&r, &mut s, "at", "10.05"); // the other entry hex is held by the enemy
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(at(&r, &s, "rein"), "10.04", "placed over the limit");
    assert_eq!(r.board(&s).points(hex(&r, "10.04")), 5);
    let mut stays = s.clone();
    play(&r, &mut stays, AXIS, "end");
    assert_eq!(stays.overstack, Some(axis()));
    play(&r, &mut s, AXIS, "move rein 10.03");
    play(&r, &mut s, AXIS, "end");
    assert_eq!((s.phase, s.overstack), (Phase::Combat, None));
}

#[test]
fn scs_5_0c_enemy_zocs_do_not_affect_placement() {
    let r = tiny();
    let mut s = expecting(&r);
    put(&r, &mut s, "bw", "09.05"); // both entry hexes are in its ZOC
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "enter rein 10.04");
    assert_eq!(spent(&r, &s, "rein"), 0, "no +2 for the EZOC on placement");
    // It was not on the map when the phase began: it may overrun (authored reading).
    assert!(!s.unit(unit(&r, "rein")).began_in_ezoc);
    play(&r, &mut s, AXIS, "overrun rein 09.05");
    assert_eq!(fight(&s).kind, FightKind::Overrun);
}

#[test]
fn scs_5_0c_with_every_edge_entry_hex_held_by_the_enemy_enter_within_10_hexes_along_that_edge() {
    let r = tiny_with(&[("rows = 8", "rows = 20")]);
    let mut s = expecting(&r);
    put(&r, &mut s, "bw", "10.04");
    put(&r, &mut s, "at", "10.05");
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    let g = &r.map().grid;
    let d = |a: &str, b: &str| g.distance(hex(&r, a), hex(&r, b));
    assert_eq!((d("10.05", "10.15"), d("10.05", "10.16")), (10, 11));
    assert_eq!(rule(&r, &s, AXIS, "enter rein 10.04"), "SCS 5.0c", "never into an enemy-held hex");
    assert_eq!(rule(&r, &s, AXIS, "enter rein 10.16"), "SCS 5.0c", "11 hexes from the nearest entry hex");
    assert_eq!(rule(&r, &s, AXIS, "enter rein 09.06"), "SCS 5.0c", "not on that edge");
    assert!(is_legal(&r, &s, AXIS, "enter rein 10.01"));
    play(&r, &mut s, AXIS, "enter rein 10.15");
    assert_eq!(at(&r, &s, "rein"), "10.15");
}

#[test]
fn scs_5_0c_a_blocked_entry_hex_inside_the_map_opens_any_hex_within_5_of_it() {
    let r = tiny_with(&[("entry = [\"10.04\", \"10.05\"]", "entry = [\"06.04\"]")]);
    let mut s = expecting(&r);
    put(&r, &mut s, "bw", "06.04");
    s.turn = 2;
    begin(&r, &mut s, axis(), Phase::Movement);
    let g = &r.map().grid;
    let e = hex(&r, "06.04");
    let at_distance = |n: u16| g.ids().find(|&h| g.distance(e, h) == n).map(|h| g.label(h)).expect("such a hex");
    let (five, six) = (at_distance(5), at_distance(6));
    assert_eq!(rule(&r, &s, AXIS, &format!("enter rein {six}")), "SCS 5.0c");
    assert_eq!(rule(&r, &s, AXIS, "enter rein 06.04"), "SCS 5.0c");
    play(&r, &mut s, AXIS, &format!("enter rein {five}"));
    assert_eq!(at(&r, &s, "rein"), five);
}
