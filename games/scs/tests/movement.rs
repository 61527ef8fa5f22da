//! 3.0 Movement: 3.1 moving units, 3.2 terrain, 3.3 restrictions.

mod common;
use common::*;
use sandtable_core::{Ruleset, Viewer};

fn moving(r: &Scs, s: &mut State) {
    begin(r, s, axis(), Phase::Movement);
}

#[test]
fn scs_3_0_one_unit_or_stack_moves_at_a_time_and_finishes_before_the_next() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "inf", "09.03");
    moving(&r, &mut s);
    play(&r, &mut s, AXIS, "move pz 09.06");
    play(&r, &mut s, AXIS, "move pz 09.05"); // the same unit goes on
    play(&r, &mut s, AXIS, "move inf 09.02"); // another unit: pz's move is over
    assert_eq!(rule(&r, &s, AXIS, "move pz 09.04"), "SCS 3.0");
    play(&r, &mut s, AXIS, "move inf 09.01");
    assert_eq!(rule(&r, &s, AXIS, "move pz 08.04"), "SCS 3.0");
    assert_eq!(rule(&r, &s, AXIS, "move inf 07.03"), "SCS 3.0", "one adjacent hex at a time");
}

#[test]
fn scs_3_0_a_stack_moves_together_each_unit_paying_its_own_cost() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "08.04");
    put(&r, &mut s, "inf", "08.04");
    put(&r, &mut s, "aw", "09.02");
    moving(&r, &mut s);
    assert_eq!(rule(&r, &s, AXIS, "join aw"), "SCS 3.0", "nobody to stack with");
    play(&r, &mut s, AXIS, "join pz");
    assert_eq!(rule(&r, &s, AXIS, "join pz"), "SCS 3.0");
    play(&r, &mut s, AXIS, "join inf");
    play(&r, &mut s, AXIS, "move pz 08.03"); // rough: motor 3, foot 2
    assert_eq!((at(&r, &s, "pz"), at(&r, &s, "inf")), ("08.03".into(), "08.03".into()));
    assert_eq!((spent(&r, &s, "pz"), spent(&r, &s, "inf")), (6, 4));
    play(&r, &mut s, AXIS, "move inf 07.03");
    assert_eq!(at(&r, &s, "pz"), "07.03", "moving either moves the stack");
    play(&r, &mut s, AXIS, "move pz 07.02"); // inf: 4 of 4 MP
    assert_eq!(spent(&r, &s, "inf"), 8);
    // The infantry has nothing left: the stack cannot go on (pz alone could).
    assert_eq!(rule(&r, &s, AXIS, "move pz 07.01"), "SCS 3.1b");
}

#[test]
fn scs_3_1a_a_player_may_move_all_some_or_none_of_his_units() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "inf", "09.03");
    moving(&r, &mut s);
    let mut none = s.clone();
    play(&r, &mut none, AXIS, "end");
    assert_eq!((none.phase, at(&r, &none, "pz")), (Phase::Combat, "09.07".into()));
    play(&r, &mut s, AXIS, "move pz 09.06");
    play(&r, &mut s, AXIS, "end");
    assert_eq!((s.phase, at(&r, &s, "pz"), at(&r, &s, "inf")), (Phase::Combat, "09.06".into(), "09.03".into()));
}

#[test]
fn scs_3_1b_exactly_enough_mp_enters_and_half_an_mp_short_is_refused() {
    // Infantry, MA 4: scrub 2½, then the road ½ + ½ (3½ spent, ½ left).
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "04.03");
    moving(&r, &mut s);
    play(&r, &mut s, AXIS, "move inf 05.03");
    assert_eq!(spent(&r, &s, "inf"), 5);
    play(&r, &mut s, AXIS, "move inf 05.04");
    play(&r, &mut s, AXIS, "move inf 05.05");
    assert_eq!(spent(&r, &s, "inf"), 7);
    let refusal = refused(&r, &s, AXIS, "move inf 06.05"); // clear, 1 MP: ½ short
    assert_eq!(refusal.rule, "SCS 3.1b");
    assert!(refusal.text.en.contains("½ MP left") && refusal.text.en.contains("costs 1"), "{}", refusal.text.en);
    play(&r, &mut s, AXIS, "move inf 05.06"); // the road, ½: exactly enough
    assert_eq!(spent(&r, &s, "inf"), 8);
    assert_eq!(rule(&r, &s, AXIS, "move inf 05.07"), "SCS 3.1b", "nothing left");
}

#[test]
fn scs_3_1c_movement_points_are_counted_as_the_unit_moves() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "04.03");
    moving(&r, &mut s);
    let left = |s: &State| {
        r.view(s, Viewer::Seat(AXIS))
            .units
            .into_iter()
            .find(|u| u.id == "inf")
            .and_then(|u| u.mp_left)
            .expect("own unit")
    };
    assert_eq!(left(&s), "4");
    play(&r, &mut s, AXIS, "move inf 05.03");
    assert_eq!(left(&s), "1½");
    play(&r, &mut s, AXIS, "move inf 05.04");
    assert_eq!(left(&s), "1");
}

#[test]
fn scs_3_1d_allowances_are_independent_and_unused_mp_are_not_kept() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "inf", "09.03");
    moving(&r, &mut s);
    play(&r, &mut s, AXIS, "move pz 09.06");
    assert_eq!((spent(&r, &s, "pz"), spent(&r, &s, "inf")), (2, 0));
    play(&r, &mut s, AXIS, "end");
    // The next Movement Phase: the full allowance again, 7 unused MP gone.
    moving(&r, &mut s);
    assert_eq!(spent(&r, &s, "pz"), 0);
    assert_eq!(r.allowance(&s, unit(&r, "pz")), 16);
}

#[test]
fn scs_3_1e_one_hex_whatever_its_cost_but_only_as_the_whole_move() {
    // Marsh (foot 3) in an enemy ZOC (+2) costs 5; the infantry has 4.
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "03.08");
    put(&r, &mut s, "inf", "04.06");
    moving(&r, &mut s);
    let mut whole = s.clone();
    let ev = play(&r, &mut whole, AXIS, "move inf 04.07");
    assert!(rules_of(&ev).contains(&"SCS 3.1e".to_string()), "{ev:?}");
    assert_eq!(at(&r, &whole, "inf"), "04.07");
    assert_eq!(rule(&r, &whole, AXIS, "move inf 04.06"), "SCS 3.0", "the move ends there");
    // Having moved a hex first (1 MP), it has 3: the marsh is refused.
    put(&r, &mut s, "inf", "04.05");
    play(&r, &mut s, AXIS, "move inf 04.06");
    assert_eq!(rule(&r, &s, AXIS, "move inf 04.07"), "SCS 3.1b");
}

#[test]
fn scs_3_1e_holds_whatever_the_allowance_is_cut_to_but_not_into_prohibited_terrain() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "03.08");
    put(&r, &mut s, "inf", "04.06");
    put(&r, &mut s, "pz", "05.07");
    us(&r, &mut s, "inf").out_of_supply = true;
    us(&r, &mut s, "inf").dg = true;
    moving(&r, &mut s);
    assert_eq!(r.allowance(&s, unit(&r, "inf")), 2, "4 MP × ½ × ½ = 1 MP");
    let mut t = s.clone();
    play(&r, &mut t, AXIS, "move inf 04.07");
    assert_eq!(at(&r, &t, "inf"), "04.07");
    // Never into prohibited terrain: marsh for motor, the lake for anyone.
    assert_eq!(rule(&r, &s, AXIS, "move pz 04.07"), "SCS 3.2d");
    put(&r, &mut s, "inf", "02.06");
    assert_eq!(rule(&r, &s, AXIS, "move inf 02.07"), "SCS 3.2d");
    // A unit with an allowance of 0 never moves.
    let r0 = tiny_with(&[("movement = 2\nsteps = 1\nat = \"02.04\"", "movement = 0\nsteps = 1\nat = \"02.04\"")]);
    let mut z = blank(&r0);
    put(&r0, &mut z, "at", "02.04");
    begin(&r0, &mut z, allies(), Phase::Movement);
    assert_eq!(rule(&r0, &z, ALLIES, "move at 02.03"), "SCS 3.1e");
}

#[test]
fn scs_3_1e_a_unit_whose_allowance_is_cut_to_nothing_still_moves_one_hex() {
    // Printed MA 1, out of supply and DG: ¼ MP rounds to 0, but 3.1e holds for
    // any unit whose printed MA is above 0, whatever changes it.
    let r = tiny_with(&[("movement = 2\nsteps = 1\nat = \"02.04\"", "movement = 1\nsteps = 1\nat = \"02.04\"")]);
    let mut s = blank(&r);
    put(&r, &mut s, "at", "02.04");
    us(&r, &mut s, "at").out_of_supply = true;
    us(&r, &mut s, "at").dg = true;
    begin(&r, &mut s, allies(), Phase::Movement);
    assert_eq!(r.allowance(&s, unit(&r, "at")), 0);
    let ev = play(&r, &mut s, ALLIES, "move at 02.03");
    assert!(rules_of(&ev).contains(&"SCS 3.1e".to_string()));
    assert_eq!(at(&r, &s, "at"), "02.03");
    assert_eq!(rule(&r, &s, ALLIES, "move at 02.02"), "SCS 3.0");
}

#[test]
fn scs_3_2a_the_whole_cost_is_paid_before_entering() {
    // Rough costs a motor unit 3 MP: with 3 left it enters, with 2 it may not.
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.01");
    moving(&r, &mut s);
    for h in ["09.02", "09.03", "09.04", "09.05", "08.04"] {
        play(&r, &mut s, AXIS, &format!("move pz {h}"));
    }
    assert_eq!(spent(&r, &s, "pz"), 10);
    let mut exact = s.clone();
    play(&r, &mut exact, AXIS, "move pz 08.03");
    assert_eq!(spent(&r, &exact, "pz"), 16);
    play(&r, &mut s, AXIS, "move pz 07.04");
    assert_eq!(rule(&r, &s, AXIS, "move pz 08.03"), "SCS 3.1b");
}

#[test]
fn scs_3_2b_roads_cost_their_rate_only_along_the_road() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "05.02");
    moving(&r, &mut s);
    play(&r, &mut s, AXIS, "move pz 05.03"); // scrub, along the road: ½
    assert_eq!(spent(&r, &s, "pz"), 1);
    play(&r, &mut s, AXIS, "move pz 05.04"); // across an escarpment prohibited to motor, along the road: ½
    assert_eq!(spent(&r, &s, "pz"), 2);
    play(&r, &mut s, AXIS, "move pz 05.05"); // rough along the road: ½
    assert_eq!(spent(&r, &s, "pz"), 3);
    // Off the road the hex costs its terrain.
    let mut t = blank(&r);
    put(&r, &mut t, "pz", "04.03");
    put(&r, &mut t, "inf", "06.04");
    moving(&r, &mut t);
    play(&r, &mut t, AXIS, "move pz 05.03");
    assert_eq!(spent(&r, &t, "pz"), 5, "scrub 2½");
    play(&r, &mut t, AXIS, "move inf 05.05");
    assert_eq!(spent(&r, &t, "inf"), 4, "rough, entered off the road: 2");
}

#[test]
fn scs_3_2c_a_hexside_crossed_adds_its_cost_to_the_hexs() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "06.02");
    put(&r, &mut s, "pz", "08.02");
    moving(&r, &mut s);
    play(&r, &mut s, AXIS, "move inf 06.03"); // clear 1 + escarpment 1
    assert_eq!(spent(&r, &s, "inf"), 4);
    play(&r, &mut s, AXIS, "move pz 08.03"); // rough 3 + stream 1
    assert_eq!(spent(&r, &s, "pz"), 8);
}

#[test]
fn scs_3_2d_units_cannot_enter_or_cross_prohibited_terrain_unless_along_a_road() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "06.02");
    put(&r, &mut s, "inf", "04.06");
    put(&r, &mut s, "aw", "05.03");
    moving(&r, &mut s);
    assert_eq!(rule(&r, &s, AXIS, "move pz 06.03"), "SCS 3.2d", "an escarpment, motor");
    play(&r, &mut s, AXIS, "move inf 04.07"); // marsh is open to foot
                                              // The road over the escarpment 05.03–05.04 negates it, even for motor.
    play(&r, &mut s, AXIS, "move aw 05.04");
    assert_eq!(spent(&r, &s, "aw"), 1);
}

#[test]
fn scs_3_3a_units_cannot_enter_enemy_occupied_hexes() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "08.04");
    put(&r, &mut s, "at", "07.04"); // no ZOC, still not enterable
    moving(&r, &mut s);
    assert_eq!(rule(&r, &s, AXIS, "move pz 07.04"), "SCS 3.3a");
}

#[test]
fn scs_3_3b_only_the_phasing_players_units_move() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "08.04");
    put(&r, &mut s, "tank", "03.05");
    moving(&r, &mut s);
    assert_eq!(rule(&r, &s, AXIS, "move tank 03.06"), "SCS 3.3b");
    assert_eq!(rule(&r, &s, ALLIES, "move tank 03.06"), "SCS 1.0");
}

#[test]
fn scs_3_3c_the_map_edge_is_impassable() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "10.04");
    moving(&r, &mut s);
    assert!(r.parse("move pz 11.04").is_err(), "no hex beyond the edge to name");
    assert_eq!(rule(&r, &s, AXIS, "exit pz"), "SCS 3.3c");
    assert!(legal(&r, &s, AXIS).iter().all(|a| !a.starts_with("exit")));
}
