//! Set-up notes 1–5: "w/i N" is within N hexes inclusive (1, 4); never over
//! the stacking limit (2); full strength and in supply (3); the second
//! player sets up first (5).

mod common;
use common::*;
use sandtable_core::{Ruleset, ToAct};

#[test]
fn scs_setup_note_5_the_player_who_moves_second_sets_up_first() {
    let r = tiny();
    let mut s = fresh(&r);
    assert_eq!(r.scenario.first, axis());
    assert_eq!((s.phase, s.player), (Phase::SetUp, allies()));
    assert!(matches!(r.to_act(&s), ToAct::Seats(x) if x.contains(ALLIES) && !x.contains(AXIS)));
    assert_eq!(rule(&r, &s, AXIS, "place aw 08.05"), "SCS 1.0", "not yet the axis's turn to set up");
    play(&r, &mut s, ALLIES, "place bw 03.04");
    assert_eq!((s.phase, s.player), (Phase::SetUp, axis()));
    assert_eq!(rule(&r, &s, AXIS, "place bw 03.03"), "Set-up", "placed already, and not the axis's");
    play(&r, &mut s, AXIS, "place aw 08.05");
    assert_eq!((s.phase, s.player, s.turn), (Phase::Movement, axis(), 1), "then the first player moves");
}

#[test]
fn scs_setup_note_1_within_n_hexes_inclusive() {
    // bw: w/i 1 of 03.04.
    let r = tiny();
    let s = fresh(&r);
    let g = &r.map().grid;
    let d = |a: &str| g.distance(hex(&r, "03.04"), hex(&r, a));
    assert_eq!((d("03.04"), d("04.04"), d("05.04")), (0, 1, 2));
    assert!(is_legal(&r, &s, ALLIES, "place bw 03.04"), "the hex itself");
    assert!(is_legal(&r, &s, ALLIES, "place bw 04.04"), "1 hex away: the boundary is included (note 4)");
    let refusal = refused(&r, &s, ALLIES, "place bw 05.04");
    assert_eq!(refusal.rule, "Set-up");
    assert!(refusal.text.en.contains("w/i 1"), "{}", refusal.text.en);
    let mut places = legal(&r, &s, ALLIES);
    places.sort();
    let mut within: Vec<String> =
        g.within(hex(&r, "03.04"), 1).into_iter().map(|h| format!("place bw {}", g.label(h))).collect();
    within.sort();
    assert_eq!(places, within);
}

#[test]
fn scs_setup_note_2_units_never_start_over_the_stacking_limit() {
    let r = tiny();
    let mut s = fresh(&r);
    // 03.05 holds tank (2); with at (1) it is 3: bw makes 4, the limit.
    put(&r, &mut s, "at", "03.05");
    let mut ok = s.clone();
    play(&r, &mut ok, ALLIES, "place bw 03.05");
    assert_eq!(r.board(&ok).points(hex(&r, "03.05")), 4);
    // With rifle (2) there instead, bw would make 5.
    put(&r, &mut s, "at", "02.04");
    put(&r, &mut s, "rifle", "03.05");
    assert_eq!(rule(&r, &s, ALLIES, "place bw 03.05"), "Set-up");
}

#[test]
fn scs_setup_not_in_an_enemy_hex_nor_prohibited_terrain() {
    let r = tiny();
    let mut s = fresh(&r);
    put(&r, &mut s, "pz", "04.04");
    assert_eq!(rule(&r, &s, ALLIES, "place bw 04.04"), "Set-up");
    let r2 = tiny_with(&[("within = { hex = \"03.04\", hexes = 1 }", "within = { hex = \"02.06\", hexes = 1 }")]);
    let s2 = fresh(&r2);
    assert_eq!(rule(&r2, &s2, ALLIES, "place bw 02.07"), "Set-up", "the lake");
    assert!(is_legal(&r2, &s2, ALLIES, "place bw 02.06"));
}

#[test]
fn scs_setup_note_3_units_start_at_full_strength_and_in_supply() {
    let r = tiny();
    let mut s = fresh(&r);
    play(&r, &mut s, ALLIES, "place bw 03.04");
    play(&r, &mut s, AXIS, "place aw 08.05");
    for (i, u) in s.units.iter().enumerate() {
        assert_eq!((u.lost, u.out_of_supply, u.dg), (0, false, false), "{}", r.scenario.units[i].id);
    }
    assert_eq!(at(&r, &s, "pz"), "08.04");
    assert_eq!(at(&r, &s, "rein"), "off", "a reinforcement waits for its turn");
}
