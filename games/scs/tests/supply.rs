//! 12.0 Supply (*authored*: research §4): the phasing player's units are
//! checked at the end of his player turn; a line runs to a source through
//! hexes free of enemy units and of enemy ZOC (2.1f) unless a friendly unit
//! stands there (2.1h), never through terrain prohibited to everyone, and no
//! longer than the source's range; out of supply halves attack, defence and
//! (in this scenario's charts) movement.

mod common;
use common::*;
use sandtable_core::{Audience, SeatSet};
use sandtable_scs::ratio::Ratio;

/// Allied units in 08.02, 08.05 and 08.08 put every hex of column 08 in an
/// enemy ZOC or under a unit: the axis `inf` in 06.05 is cut off from the
/// east edge. The axis Exploitation Phase, about to end.
fn walled(r: &Scs) -> State {
    let mut s = blank(r);
    put(r, &mut s, "tank", "08.02");
    put(r, &mut s, "rifle", "08.05");
    put(r, &mut s, "bw", "08.08");
    put(r, &mut s, "inf", "06.05");
    begin(r, &mut s, axis(), Phase::Exploitation);
    s
}

fn oos(r: &Scs, s: &State, id: &str) -> bool {
    s.unit(unit(r, id)).out_of_supply
}

#[test]
fn scs_12_0_the_phasing_players_units_are_checked_at_the_end_of_his_player_turn() {
    let r = tiny();
    let mut s = walled(&r);
    us(&r, &mut s, "tank").out_of_supply = true; // an allied marker from before
    assert!(!oos(&r, &s, "inf"), "nothing is checked before the Supply Phase");
    let ev = play(&r, &mut s, AXIS, "end");
    assert!(oos(&r, &s, "inf"));
    assert!(oos(&r, &s, "tank"), "the other side's units are not checked in this turn");
    let e = ev.iter().find(|e| e.rule.as_deref() == Some("SCS 12.0")).expect("the Supply Phase");
    assert!(e.text.en.contains("Infantry"), "{}", e.text.en);
    assert_eq!(e.audience, Audience::Seats(SeatSet::one(AXIS)));
    // The allies' own Supply Phase clears their marker (traced from the west edge).
    for _ in 0..3 {
        play(&r, &mut s, ALLIES, "end");
    }
    assert!(!oos(&r, &s, "tank"));
    assert!(oos(&r, &s, "inf"), "the axis marker stays until the axis checks again");
}

#[test]
fn scs_2_1f_enemy_zocs_block_supply_lines() {
    let r = tiny();
    let mut s = walled(&r);
    play(&r, &mut s, AXIS, "end");
    assert!(oos(&r, &s, "inf"));
    // A gap in the wall (bw gone from 08.08): a line runs through 08.07.
    let mut s = walled(&r);
    put(&r, &mut s, "bw", "01.08");
    us(&r, &mut s, "inf").out_of_supply = true;
    play(&r, &mut s, AXIS, "end");
    assert!(!oos(&r, &s, "inf"), "and a unit back in supply loses its marker");
}

#[test]
fn scs_2_1h_a_friendly_unit_negates_the_enemy_zoc_of_its_hex_for_supply() {
    let r = tiny();
    let mut s = walled(&r);
    put(&r, &mut s, "pz", "08.04"); // in the rifle's and the tank's ZOC
    play(&r, &mut s, AXIS, "end");
    assert!(!oos(&r, &s, "inf") && !oos(&r, &s, "pz"));
}

#[test]
fn scs_12_0_out_of_supply_halves_attack_defence_and_here_movement() {
    let r = tiny();
    let mut s = walled(&r);
    play(&r, &mut s, AXIS, "end");
    let inf = unit(&r, "inf");
    assert_eq!(r.attack_strength(&s, inf, hex(&r, "06.06")), Ratio::new(3, 2).unwrap());
    assert_eq!(r.defence_strength(&s, inf), Ratio::new(3, 2).unwrap());
    assert_eq!(r.allowance(&s, inf), 4, "4 MP × ½");
}

#[test]
fn scs_12_0_a_source_may_limit_the_length_of_the_line() {
    let r = tiny_with(&[("side = \"axis\"\nedges = [\"east\"]", "side = \"axis\"\nedges = [\"east\"]\nrange = 2")]);
    let g = &r.map().grid;
    let from_edge =
        |label: &str| g.ids().filter(|&h| g.offset(h).0 == 9).map(|h| g.distance(h, hex(&r, label))).min().unwrap();
    assert_eq!((from_edge("08.05"), from_edge("07.05")), (2, 3));
    let mut s = blank(&r);
    put(&r, &mut s, "aw", "08.05");
    put(&r, &mut s, "inf", "07.05");
    begin(&r, &mut s, axis(), Phase::Exploitation);
    play(&r, &mut s, AXIS, "end");
    assert!(!oos(&r, &s, "aw"), "2 hexes: in range");
    assert!(oos(&r, &s, "inf"), "3 hexes: beyond it");
}

#[test]
fn scs_12_0_a_line_never_runs_through_terrain_prohibited_to_every_unit() {
    let r = tiny();
    let s = blank(&r);
    let ok = r.supplied_hexes(&r.board(&s), allies());
    assert!(!ok[hex(&r, "02.07").index()], "the lake");
    assert!(ok[hex(&r, "02.06").index()] && ok[hex(&r, "03.07").index()]);
    assert!(ok[hex(&r, "04.07").index()], "marsh is prohibited to motor units only");
}
