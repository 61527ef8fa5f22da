//! Victory (scenario data, authored): points for victory hexes controlled,
//! enemy steps eliminated (units forced off the map included, 3.3c) and
//! steps exited; the higher total wins after the last turn.

mod common;
use common::*;
use sandtable_core::{Ruleset, SeatSet, ToAct};

#[test]
fn victory_a_victory_hex_changes_hands_when_an_enemy_unit_enters_it() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "08.04");
    put(&r, &mut s, "tank", "06.05");
    assert_eq!(s.control, [allies()]);
    assert_eq!(r.victory_points(&s), [0, 5]);
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "move pz 07.05");
    play(&r, &mut s, AXIS, "move pz 07.04"); // leaving does not give it back
    assert_eq!(s.control, [axis()]);
    assert_eq!(r.victory_points(&s), [5, 0]);
    begin(&r, &mut s, allies(), Phase::Movement);
    play(&r, &mut s, ALLIES, "move tank 07.05");
    assert_eq!(s.control, [allies()]);
}

#[test]
fn victory_points_for_every_enemy_step_eliminated() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "06.05");
    put(&r, &mut s, "pz", "07.06");
    put(&r, &mut s, "inf", "06.04");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 06.05");
    play(&r, &mut s, AXIS, "attack inf 06.05");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[8]); // D1
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(r.victory_points(&s), [1, 5]);
}

#[test]
fn victory_points_for_steps_exited_through_the_exit_hexes() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "01.04");
    put(&r, &mut s, "inf", "01.04");
    us(&r, &mut s, "inf").lost = 1;
    begin(&r, &mut s, axis(), Phase::Movement);
    play(&r, &mut s, AXIS, "exit pz");
    play(&r, &mut s, AXIS, "exit inf");
    assert_eq!(s.exited_steps, [3, 0]);
    assert_eq!(r.victory_points(&s)[0], 6, "2 VP a step: 2 + 1 steps");
    assert_eq!(rule(&r, &s, AXIS, "exit pz"), "SCS 3.0", "gone for good");
}

fn last_turn_end(r: &Scs, s: &mut State) {
    s.turn = r.scenario.turns;
    begin(r, s, allies(), Phase::Exploitation);
    play(r, s, ALLIES, "end");
    assert_eq!(s.phase, Phase::Over);
}

fn winners(r: &Scs, s: &State) -> SeatSet {
    match r.to_act(s) {
        ToAct::Over(o) => o.winners,
        ToAct::Seats(_) => panic!("not over"),
    }
}

#[test]
fn victory_the_higher_total_wins_equal_totals_draw_unless_the_scenario_names_a_side() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.05");
    put(&r, &mut s, "tank", "03.05");
    s.eliminated_steps[1] = 6; // axis 6 against the allies' town (5)
    let mut more = s.clone();
    last_turn_end(&r, &mut more);
    assert_eq!(winners(&r, &more), SeatSet::one(AXIS));
    s.eliminated_steps[1] = 5;
    let mut even = s.clone();
    last_turn_end(&r, &mut even);
    assert_eq!(winners(&r, &even), SeatSet::EMPTY, "5 to 5: a draw");
    let r2 = tiny_with(&[("[victory]\n", "[victory]\nties = \"allies\"\n")]);
    let mut even = s.clone();
    last_turn_end(&r2, &mut even);
    assert_eq!(winners(&r2, &even), SeatSet::one(ALLIES));
    s.eliminated_steps[1] = 4;
    last_turn_end(&r, &mut s);
    assert_eq!(winners(&r, &s), SeatSet::one(ALLIES));
}
