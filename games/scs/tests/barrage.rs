//! Barrage and DG (module `barrage`, *authored*: research §5): units with a
//! barrage value fire in the Combat Phase at enemy hexes within range, on
//! 2d6 against strength columns, shifted left without a spotter and by the
//! target's terrain; results DG or steps and DG; DG halves and removes
//! exploit capability until the end of the owner's player turn.

mod common;
use common::*;
use sandtable_scs::ratio::Ratio;

/// art (barrage 6: the 4–7 column) in 09.05, `target_units` in `target`,
/// optionally an axis spotter next to it; the axis Combat Phase.
fn battery(r: &Scs, target: &str, target_units: &[&str], spotter: Option<&str>) -> State {
    let mut s = blank(r);
    put(r, &mut s, "art", "09.05");
    for id in target_units {
        put(r, &mut s, id, target);
    }
    if let Some(h) = spotter {
        put(r, &mut s, "inf", h);
    }
    begin(r, &mut s, axis(), Phase::Combat);
    s
}

fn dg(r: &Scs, s: &State, id: &str) -> bool {
    s.unit(unit(r, id)).dg
}

#[test]
fn barrage_is_fired_in_the_combat_phase_at_an_enemy_hex_within_range() {
    let r = tiny();
    let g = &r.map().grid;
    let d = |a: &str, b: &str| g.distance(hex(&r, a), hex(&r, b));
    assert_eq!((d("09.05", "06.05"), d("09.05", "05.06")), (3, 4));
    let mut s = blank(&r);
    put(&r, &mut s, "art", "09.05");
    put(&r, &mut s, "bw", "06.05");
    put(&r, &mut s, "tank", "05.06");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(rule(&r, &s, AXIS, "barrage art 06.05"), "Barrage", "not in the Movement Phase");
    begin(&r, &mut s, axis(), Phase::Combat);
    assert_eq!(rule(&r, &s, AXIS, "barrage art 05.06"), "Barrage", "range 3, 4 hexes away");
    assert_eq!(rule(&r, &s, AXIS, "barrage art 07.05"), "Barrage", "nobody there");
    rig(&mut s, &[2]);
    let ev = play(&r, &mut s, AXIS, "barrage art 06.05");
    assert!(ev.iter().any(|e| e.rule.as_deref() == Some("Barrage") && e.dice.len() == 2));
}

#[test]
fn barrage_without_a_spotter_shifts_one_column_left() {
    let r = tiny();
    // Roll 7: NE in the first column, DG in the second (strength 4–7).
    let mut s = battery(&r, "07.05", &["bw"], Some("08.05"));
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "barrage art 07.05");
    assert!(dg(&r, &s, "bw"), "spotted: DG");
    let mut s = battery(&r, "07.05", &["bw"], None);
    rig(&mut s, &[7]);
    let ev = play(&r, &mut s, AXIS, "barrage art 07.05");
    assert!(!dg(&r, &s, "bw"), "no spotter: one column left, NE");
    assert!(said(&ev, "Barrage", "no spotter"), "{ev:?}");
}

#[test]
fn barrage_the_targets_terrain_shifts_the_column() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "art", "07.05");
    put(&r, &mut s, "bw", "05.05"); // rough: barrage −1
    put(&r, &mut s, "inf", "06.04"); // spotter
    begin(&r, &mut s, axis(), Phase::Combat);
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "barrage art 05.05");
    assert!(!dg(&r, &s, "bw"));
}

#[test]
fn barrage_out_of_supply_halves_the_barrage_strength() {
    let r = tiny();
    let mut s = battery(&r, "07.05", &["bw"], Some("08.05"));
    us(&r, &mut s, "art").out_of_supply = true; // 6 × ½ = 3: the first column
    assert_eq!(r.barrage_strength(&s, unit(&r, "art")), Ratio::whole(3));
    // Columns start at 1, 4 and 8: each threshold from both sides.
    let table = r.scenario.charts.barrage.as_ref().unwrap();
    let cols: Vec<usize> = [1, 3, 4, 7, 8, 30].into_iter().map(|x| table.column(x)).collect();
    assert_eq!(cols, [0, 0, 1, 1, 2, 2]);
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "barrage art 07.05");
    assert!(!dg(&r, &s, "bw"));
}

#[test]
fn barrage_a_step_result_disorganises_the_stack_and_takes_steps_from_its_top() {
    let r = tiny();
    let mut s = battery(&r, "07.05", &["bw", "rifle"], Some("08.05")); // rifle on top
    rig(&mut s, &[10]); // "1" in the second column
    play(&r, &mut s, AXIS, "barrage art 07.05");
    assert_eq!((lost(&r, &s, "rifle"), lost(&r, &s, "bw")), (1, 0));
    assert!(dg(&r, &s, "rifle") && dg(&r, &s, "bw"));
    assert!(s.fight.is_none());
    assert_eq!(s.eliminated_steps[1], 1);
}

#[test]
fn barrage_each_unit_fires_once_a_phase_and_not_after_attacking() {
    let r = tiny();
    let mut s = battery(&r, "07.05", &["bw"], Some("08.05"));
    rig(&mut s, &[2]);
    play(&r, &mut s, AXIS, "barrage art 07.05");
    assert_eq!(rule(&r, &s, AXIS, "barrage art 07.05"), "Barrage");
    // A unit that joined an attack does not fire.
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.05");
    put(&r, &mut s, "art", "08.05");
    put(&r, &mut s, "pz", "08.04");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack art 07.05");
    play(&r, &mut s, AXIS, "attack pz 07.05");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[6]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(rule(&r, &s, AXIS, "barrage art 07.05"), "Barrage");
}

#[test]
fn barrage_only_with_the_module() {
    let r = tiny_with(&[("modules = [\"barrage\"]\n", ""), ("barrage = 6\nrange = 3\n", "")]);
    assert!(!r.scenario.barrage);
    let mut s = blank(&r);
    put(&r, &mut s, "art", "09.05");
    put(&r, &mut s, "bw", "07.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    assert_eq!(rule(&r, &s, AXIS, "barrage art 07.05"), "Barrage");
}

#[test]
fn barrage_dg_halves_a_unit_and_comes_off_at_the_end_of_its_sides_player_turn() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "09.05");
    put(&r, &mut s, "bw", "03.05");
    let pz = unit(&r, "pz");
    us(&r, &mut s, "pz").dg = true;
    us(&r, &mut s, "bw").dg = true;
    assert_eq!(r.attack_strength(&s, pz, hex(&r, "09.06")), Ratio::whole(3));
    assert_eq!(r.defence_strength(&s, pz), Ratio::whole(2));
    assert_eq!(r.allowance(&s, pz), 8);
    s.phase = Phase::Exploitation;
    s.player = axis();
    play(&r, &mut s, AXIS, "end");
    assert!(!dg(&r, &s, "pz"), "the axis's own markers come off at the end of its turn");
    assert!(dg(&r, &s, "bw"), "the allies' stay through their next turn");
    for _ in 0..3 {
        play(&r, &mut s, ALLIES, "end");
    }
    assert!(!dg(&r, &s, "bw"));
}

#[test]
fn barrage_a_unit_firing_from_under_its_stack_is_revealed() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "art", "09.05");
    put(&r, &mut s, "pz", "09.05"); // on top
    put(&r, &mut s, "bw", "07.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    rig(&mut s, &[2]);
    let ev = play(&r, &mut s, AXIS, "barrage art 07.05");
    assert!(ev.iter().any(|e| e.rule.as_deref() == Some("Fog of war") && e.reveals), "{ev:?}");
}
