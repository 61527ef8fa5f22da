//! 6.0 Overrun: its cost and procedure, 6.1 restrictions, 6.2 results.

mod common;
use common::*;

/// `bw` at 07.07 (clear), the axis `pz` at 09.07, the axis Movement Phase.
fn approach() -> (Scs, State) {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "pz", "09.07");
    begin(&r, &mut s, axis(), Phase::Movement);
    (r, s)
}

#[test]
fn scs_6_0_an_overrun_costs_2_mp_on_top_of_the_adjacent_hex_and_its_ezoc() {
    let (r, mut s) = approach();
    play(&r, &mut s, AXIS, "move pz 08.07"); // 1 + 2 (EZOC)
    let ev = play(&r, &mut s, AXIS, "overrun pz 07.07"); // + 2
    assert_eq!(spent(&r, &s, "pz"), 10, "5 MP, as the seed's example spends on 11.08");
    assert!(rules_of(&ev).contains(&"SCS 6.0".to_string()));
    let f = fight(&s);
    assert_eq!((f.kind, f.stage, f.attackers.to_vec()), (FightKind::Overrun, Stage::Declared, vec![unit(&r, "pz")]));
    assert_eq!(at(&r, &s, "pz"), "08.07", "6.0a: the attacker stays in the adjacent hex");
}

#[test]
fn scs_6_0_an_overrun_needs_2_mp_left_exactly_enough_or_half_short() {
    // bw at 07.08: the road 05.02→05.06 (4 × ½), 05.07 (1), 06.07 in its ZOC (3): 6 MP.
    let r = tiny();
    let mut base = blank(&r);
    put(&r, &mut base, "bw", "07.08");
    put(&r, &mut base, "pz", "05.02");
    begin(&r, &mut base, axis(), Phase::Movement);
    let path = ["05.03", "05.04", "05.05", "05.06", "05.07", "06.07"];
    let mut s = base.clone();
    for h in path {
        play(&r, &mut s, AXIS, &format!("move pz {h}"));
    }
    assert_eq!(spent(&r, &s, "pz"), 12);
    play(&r, &mut s, AXIS, "overrun pz 07.08"); // exactly the 2 MP left
    assert_eq!(spent(&r, &s, "pz"), 16);
    // Starting half a hex of road further back: 6½ spent, 1½ left.
    let mut s = base.clone();
    put(&r, &mut s, "pz", "05.01");
    play(&r, &mut s, AXIS, "move pz 05.02");
    for h in path {
        play(&r, &mut s, AXIS, &format!("move pz {h}"));
    }
    assert_eq!(spent(&r, &s, "pz"), 13);
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 07.08"), "SCS 6.0");
}

#[test]
fn scs_6_0_a_stack_overruns_together_only_if_it_began_its_move_stacked() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "aw", "09.07");
    put(&r, &mut s, "inf", "08.06"); // already next to the target: not moving with them
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "join pz");
    play(&r, &mut s, AXIS, "join aw");
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun aw 07.07");
    let mut attackers = fight(&s).attackers.clone();
    attackers.sort();
    let mut both = vec![unit(&r, "pz"), unit(&r, "aw")];
    both.sort();
    assert_eq!(attackers.as_slice(), both);
    assert!(!fight(&s).attackers.contains(&unit(&r, "inf")));
}

#[test]
fn scs_6_0_adverse_results_touch_only_the_overrunning_units() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "aw", "08.07"); // stands in the hex the overrun is made from
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    rig(&mut s, &[4]); // A1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!((lost(&r, &s, "pz"), lost(&r, &s, "aw")), (1, 0));
}

#[test]
fn scs_6_0a_an_overrun_is_resolved_at_once_before_anything_else_moves() {
    let (r, mut s) = approach();
    put(&r, &mut s, "aw", "10.01");
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    assert_eq!(s.phase, Phase::Movement);
    assert_eq!(rule(&r, &s, AXIS, "move aw 10.02"), "SCS 7.0");
    assert_eq!(rule(&r, &s, AXIS, "end"), "SCS 7.0");
    assert_eq!(rule(&r, &s, AXIS, "cancel"), "SCS 7.0", "declared with the overrun: no cancelling");
    assert_eq!(legal(&r, &s, AXIS), ["roll"]);
    rig(&mut s, &[6]); // NE
    play(&r, &mut s, AXIS, "roll");
    assert!(s.fight.is_none());
    play(&r, &mut s, AXIS, "move aw 10.02");
}

#[test]
fn scs_6_0c_a_target_costing_exactly_2_mp_may_be_overrun_2_5_or_3_may_not() {
    // Infantry given 6 MP so that it can reach and overrun.
    let r = tiny_with(&[("movement = 4\nsteps = 2", "movement = 6\nsteps = 2")]);
    let start = |units: &[(&str, &str)]| {
        let mut s = blank(&r);
        for (id, h) in units {
            put(&r, &mut s, id, h);
        }
        begin(&r, &mut s, axis(), Phase::Movement);
        s
    };
    // Rough, foot: 2 MP → yes (the target is also in another enemy's ZOC: ignored).
    let mut s = start(&[("bw", "08.03"), ("rifle", "07.03"), ("inf", "09.05")]);
    play(&r, &mut s, AXIS, "move inf 08.04");
    assert!(r.board(&s).ezoc(axis(), hex(&r, "08.03")));
    play(&r, &mut s, AXIS, "overrun inf 08.03");
    // Rough, motor: 3 MP → no.
    let mut s = start(&[("bw", "08.03"), ("aw", "09.05")]);
    play(&r, &mut s, AXIS, "move aw 08.04");
    assert_eq!(rule(&r, &s, AXIS, "overrun aw 08.03"), "SCS 6.0c");
    // Rough across a stream: 2 + 1 = 3 → no (the hexside counts, as in the seed's example).
    let mut s = start(&[("bw", "08.03"), ("inf", "09.02")]);
    play(&r, &mut s, AXIS, "move inf 08.02");
    assert_eq!(rule(&r, &s, AXIS, "overrun inf 08.03"), "SCS 6.0c");
    // Clear across an escarpment: 1 + 1 = 2 → yes.
    let mut s = start(&[("bw", "06.03"), ("inf", "06.01")]);
    play(&r, &mut s, AXIS, "move inf 06.02");
    play(&r, &mut s, AXIS, "overrun inf 06.03");
    // Scrub: 2½ → no.
    let mut s = start(&[("bw", "05.03"), ("inf", "03.03")]);
    play(&r, &mut s, AXIS, "move inf 04.03");
    assert_eq!(rule(&r, &s, AXIS, "overrun inf 05.03"), "SCS 6.0c");
}

#[test]
fn scs_6_1a_only_units_that_may_move_in_exploitation_overrun_in_it() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "at", "07.07"); // no ZOC: approach without paying for one
    put(&r, &mut s, "inf", "08.06");
    put(&r, &mut s, "aw", "08.07");
    begin(&r, &mut s, axis(), Phase::Exploitation);
    assert_eq!(rule(&r, &s, AXIS, "overrun inf 07.07"), "SCS 11.0");
    play(&r, &mut s, AXIS, "overrun aw 07.07");
    assert_eq!(fight(&s).kind, FightKind::Overrun);
}

#[test]
fn scs_6_1b_a_hex_is_overrun_once_a_phase_but_its_units_again_after_retreating() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "aw", "09.06");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    rig(&mut s, &[6]); // NE: bw stays
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, AXIS, "move aw 08.06");
    assert_eq!(rule(&r, &s, AXIS, "overrun aw 07.07"), "SCS 6.1b");
    // The same units, having retreated, may be overrun in their new hex.
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.07");
    put(&r, &mut s, "pz", "09.07");
    put(&r, &mut s, "aw", "09.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    rig(&mut s, &[9]); // Dr1
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, ALLIES, "retreat bw 07.06");
    assert_eq!(at(&r, &s, "pz"), "07.07");
    play(&r, &mut s, AXIS, "move aw 08.05");
    play(&r, &mut s, AXIS, "overrun aw 07.06");
    assert_eq!(fight(&s).defenders.as_slice(), [unit(&r, "bw")]);
}

#[test]
fn scs_6_1b_a_unit_may_overrun_attack_and_overrun_again_in_one_turn() {
    let (r, mut s) = approach();
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    rig(&mut s, &[6]); // NE
    play(&r, &mut s, AXIS, "roll");
    play(&r, &mut s, AXIS, "end");
    play(&r, &mut s, AXIS, "attack pz 07.07");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[6]);
    play(&r, &mut s, AXIS, "roll");
    put(&r, &mut s, "bw", "07.06"); // it has drawn back: pz begins exploitation clear
    play(&r, &mut s, AXIS, "end");
    assert_eq!(s.phase, Phase::Exploitation);
    play(&r, &mut s, AXIS, "move pz 08.06");
    play(&r, &mut s, AXIS, "overrun pz 07.06");
    assert_eq!(fight(&s).kind, FightKind::Overrun);
}

#[test]
fn scs_6_1c_supply_does_not_affect_the_ability_to_overrun() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "at", "07.07"); // no ZOC: 1 MP to come next to it
    put(&r, &mut s, "pz", "09.07");
    us(&r, &mut s, "pz").out_of_supply = true; // 4 MP
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    assert_eq!((spent(&r, &s, "pz"), r.allowance(&s, unit(&r, "pz"))), (6, 8));
}

#[test]
fn scs_6_1d_roads_cannot_make_an_overrun_possible() {
    let r = tiny_with(&[("movement = 4\nsteps = 2", "movement = 6\nsteps = 2")]);
    let along = |id: &str| {
        let mut s = blank(&r);
        put(&r, &mut s, "bw", "05.05"); // rough, on the road
        put(&r, &mut s, id, "05.02");
        begin(&r, &mut s, axis(), Phase::Movement);
        play(&r, &mut s, AXIS, &format!("move {id} 05.03"));
        play(&r, &mut s, AXIS, &format!("move {id} 05.04")); // the road may bring it next to the target
        s
    };
    // Motor: rough is 3 MP off the road, so no overrun though the road would make it ½.
    let s = along("pz");
    assert_eq!(spent(&r, &s, "pz"), 6, "½ + ½ + 2 for the EZOC");
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 05.05"), "SCS 6.0c");
    // Foot: rough is 2 MP by terrain alone.
    let mut s = along("inf");
    play(&r, &mut s, AXIS, "overrun inf 05.05");
    // Across the escarpment on the road (prohibited to motor off it): no.
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "05.04");
    put(&r, &mut s, "pz", "05.02");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 05.03");
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 05.04"), "SCS 6.0c");
}

#[test]
fn scs_6_1e_no_overstacking_in_the_hex_the_overrun_is_made_from() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "07.05");
    put(&r, &mut s, "inf", "08.05"); // not overrunning, but counted
    put(&r, &mut s, "pz", "09.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.05"); // 2 + 2 = 4: at the limit
    let mut ok = s.clone();
    play(&r, &mut ok, AXIS, "overrun pz 07.05");
    put(&r, &mut s, "aw", "08.05"); // 5
    assert_eq!(rule(&r, &s, AXIS, "overrun pz 07.05"), "SCS 6.1e");
}

#[test]
fn scs_6_1f_combat_modifiers_apply_to_overruns_as_to_any_combat() {
    // The town's column shift, and the defender's terrain, count in an overrun.
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "07.05"); // town: shift −1
    put(&r, &mut s, "pz", "09.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 08.05");
    let expected = r.odds(&s, &[unit(&r, "pz")], hex(&r, "07.05"));
    play(&r, &mut s, AXIS, "overrun pz 07.05");
    let odds = fight(&s).odds.clone().unwrap();
    assert_eq!(odds, expected);
    assert_eq!((odds.shift, odds.odds.to_string()), (-1, "2:1".into()), "6 against 4");
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(lost(&r, &s, "pz"), 1, "read one column left: 1:1's A1");
}

#[test]
fn scs_6_2a_an_overrun_ends_normal_movement_and_the_emptied_hex_must_be_entered() {
    let (r, mut s) = approach();
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    let mut stays = s.clone();
    rig(&mut stays, &[6]); // NE
    play(&r, &mut stays, AXIS, "roll");
    assert_eq!(at(&r, &stays, "pz"), "08.07");
    assert_eq!(rule(&r, &stays, AXIS, "move pz 09.07"), "SCS 3.0", "the overrun ended its movement");
    rig(&mut s, &[9]); // Dr1: bw retreats
    play(&r, &mut s, AXIS, "roll");
    let ev = play(&r, &mut s, ALLIES, "retreat bw 06.07");
    assert_eq!(at(&r, &s, "pz"), "07.07");
    assert!(rules_of(&ev).contains(&"SCS 6.2a".to_string()));
    assert!(s.fight.is_none());
    assert_eq!(rule(&r, &s, AXIS, "move pz 07.08"), "SCS 3.0");
}

#[test]
fn scs_6_2a_an_eliminated_defender_leaves_the_hex_to_the_overrunners_too() {
    let (r, mut s) = approach();
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    rig(&mut s, &[8]); // D1: bw (one step) is eliminated
    play(&r, &mut s, AXIS, "roll");
    assert_eq!((at(&r, &s, "bw"), at(&r, &s, "pz")), ("eliminated".into(), "07.07".into()));
}

#[test]
fn scs_6_2b_the_overrunners_retreat_when_the_result_says_so() {
    let (r, mut s) = approach();
    play(&r, &mut s, AXIS, "move pz 08.07");
    play(&r, &mut s, AXIS, "overrun pz 07.07");
    rig(&mut s, &[3]); // A1r1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(lost(&r, &s, "pz"), 1);
    assert_eq!(fight(&s).stage, Stage::AttackerRetreat);
    assert_eq!(rule(&r, &s, AXIS, "retreat pz 07.07"), "SCS 7.0", "not into the enemy");
    play(&r, &mut s, AXIS, "retreat pz 09.07");
    assert_eq!(at(&r, &s, "pz"), "09.07");
    assert!(s.fight.is_none());
}
