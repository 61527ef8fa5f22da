//! 1.0 Sequence of play, and the *Components* rules on the map: hex
//! numbering, the map edge, movement off the map, the turn track.

mod common;
use common::*;
use sandtable_board::MapEdge;
use sandtable_core::{Audience, Ruleset, SeatSet, ToAct};

fn phase_of(s: &State) -> (Side, Phase, u8) {
    (s.player, s.phase, s.turn)
}

#[test]
fn scs_1_0_each_player_turn_is_movement_combat_exploitation_supply_then_the_other_player() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.05");
    put(&r, &mut s, "tank", "02.04");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(phase_of(&s), (axis(), Phase::Movement, 1));
    play(&r, &mut s, AXIS, "end");
    assert_eq!(phase_of(&s), (axis(), Phase::Combat, 1));
    play(&r, &mut s, AXIS, "end");
    assert_eq!(phase_of(&s), (axis(), Phase::Exploitation, 1));
    let ev = play(&r, &mut s, AXIS, "end");
    let supply =
        ev.iter().find(|e| e.rule.as_deref() == Some("SCS 12.0")).expect("the Supply Phase ends the player turn");
    assert_eq!(supply.audience, Audience::Seats(SeatSet::one(AXIS)), "the owner reads his supply check");
    assert_eq!(phase_of(&s), (allies(), Phase::Movement, 1), "then the second player's turn");
    for p in [Phase::Combat, Phase::Exploitation] {
        play(&r, &mut s, ALLIES, "end");
        assert_eq!(phase_of(&s), (allies(), p, 1));
    }
    let ev = play(&r, &mut s, ALLIES, "end");
    assert_eq!(phase_of(&s), (axis(), Phase::Movement, 2), "the turn marker advances");
    assert!(said(&ev, "SCS 1.0", "game turn 2"), "{ev:?}");
}

#[test]
fn scs_1_0_the_game_ends_after_the_last_game_turn() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.05");
    s.turn = 2;
    begin(&r, &mut s, allies(), Phase::Exploitation);
    play(&r, &mut s, ALLIES, "end");
    assert_eq!(phase_of(&s), (axis(), Phase::Movement, 3), "turn 2 of 3 is not the last");
    begin(&r, &mut s, allies(), Phase::Exploitation);
    let ev = play(&r, &mut s, ALLIES, "end");
    assert_eq!(s.phase, Phase::Over);
    assert!(matches!(r.to_act(&s), ToAct::Over(_)));
    assert!(legal(&r, &s, AXIS).is_empty() && legal(&r, &s, ALLIES).is_empty());
    assert!(said(&ev, "SCS 1.0", "last game turn"));
}

#[test]
fn scs_1_0_only_the_phasing_player_acts_in_his_phases() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.05");
    put(&r, &mut s, "tank", "02.04");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(rule(&r, &s, ALLIES, "end"), "SCS 1.0");
    assert_eq!(rule(&r, &s, ALLIES, "move tank 03.05"), "SCS 1.0");
    assert!(is_legal(&r, &s, AXIS, "end"));
}

#[test]
fn scs_1_0_each_phase_allows_only_its_own_actions() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "08.05");
    put(&r, &mut s, "rifle", "07.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(rule(&r, &s, AXIS, "attack pz 07.05"), "SCS 1.0", "regular attacks only in the Combat Phase");
    begin(&r, &mut s, axis(), Phase::Combat);
    assert_eq!(rule(&r, &s, AXIS, "move pz 09.05"), "SCS 1.0", "no movement in the Combat Phase");
    assert!(is_legal(&r, &s, AXIS, "attack pz 07.05"));
    begin(&r, &mut s, axis(), Phase::Exploitation);
    assert_eq!(rule(&r, &s, AXIS, "attack pz 07.05"), "SCS 1.0", "no regular combat in exploitation");
}

#[test]
fn scs_components_hex_numbering_column_from_the_west_and_row_from_the_south() {
    let r = tiny();
    let g = &r.map().grid;
    let sw = hex(&r, "01.01");
    assert!(g.on_edge(sw, MapEdge::West) && g.on_edge(sw, MapEdge::South));
    let ne = hex(&r, "10.08");
    assert!(g.on_edge(ne, MapEdge::East) && g.on_edge(ne, MapEdge::North));
    // xx.yy: the number after the point runs along the column.
    assert!(
        neighbours(&r, "05.05").contains(&"05.06".to_string())
            && neighbours(&r, "05.05").contains(&"05.04".to_string())
    );
    assert_eq!(g.label(hex(&r, "07.03")), "07.03");
    assert!(g.parse("11.01").is_err() && g.parse("01.09").is_err() && g.parse("00.01").is_err(), "off the map");
    assert_eq!(g.len(), 80);
}

#[test]
fn scs_components_off_map_movement_only_where_the_scenario_allows_it() {
    // C: no movement off the map unless the game allows it; this scenario
    // allows the axis to leave through 01.04 only, for victory points.
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "01.05");
    put(&r, &mut s, "inf", "01.04");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(rule(&r, &s, AXIS, "exit pz"), "SCS 3.3c");
    play(&r, &mut s, AXIS, "exit inf");
    assert_eq!(at(&r, &s, "inf"), "exited");
    assert_eq!(s.exited_steps[0], 2);
}
