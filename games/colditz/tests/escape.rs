//! Escape Attempts (Попытки Бегства) and Successful Escape (Успешное Бегство).

mod common;
use common::*;
use sandtable_colditz::{CircleId, Colditz, Equipment, Loc, State, Zone};

/// br1 on the upper circle of a 30 ft drop from a room, with a rope.
fn at_a_room_drop() -> (Colditz, State, CircleId, CircleId) {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    put(&mut s, pow(BR, 1), upper);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    move_phase(&mut s, BR.seat(), 6);
    (r, s, upper, lower)
}

/// A free circle next to `c` a POW may stand on.
fn beside(r: &Colditz, s: &State, c: CircleId) -> CircleId {
    steps(r, c).into_iter().find(|&n| plain(r, n) && !occupied(s, n)).expect("a free circle beside")
}

#[test]
fn colditz_escape_attempts_a_rope_leaves_a_marker_of_the_nation() {
    let (r, mut s, upper, lower) = at_a_room_drop();
    let stock = s.stock[Equipment::Rope.index()];
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, lower)));
    assert_eq!(s.markers.to_vec(), vec![marker(upper, lower, BR)]);
    assert_eq!(s.stock[Equipment::Rope.index()], stock + 1, "the card returns to its stack");
}

#[test]
fn colditz_escape_attempts_the_marker_lets_that_nation_pass_freely() {
    let (r, mut s, upper, lower) = at_a_room_drop();
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, lower)));
    let off = beside(&r, &s, lower);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, off)));
    put(&mut s, pow(BR, 2), upper);
    let mp = s.mp;
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("cross br2 {}", k(&r, lower))).rule,
        "Colditz: Escape Attempts",
        "no rope is spent on one's own marker"
    );
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, lower)));
    assert_eq!(s.mp, mp - 1);
    assert_eq!(s.holds(BR, Equipment::Rope), 0);
}

#[test]
fn colditz_escape_attempts_another_nation_uses_its_own_rope_and_replaces_the_marker() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    s.markers.push(marker(upper, lower, BR));
    put(&mut s, pow(US, 1), upper);
    move_phase(&mut s, US.seat(), 3);
    assert_eq!(
        refused(&r, &s, US.seat(), &format!("move us1 {}", k(&r, lower))).rule,
        "Colditz: Drops",
        "a British marker does not open the way for Americans"
    );
    assert_eq!(refused(&r, &s, US.seat(), &format!("cross us1 {}", k(&r, lower))).rule, "Colditz: Drops");
    give_equipment(&mut s, US, Equipment::Rope, 1);
    play(&r, &mut s, US.seat(), &format!("cross us1 {}", k(&r, lower)));
    assert_eq!(s.markers.to_vec(), vec![marker(upper, lower, US)], "the marker is replaced");
}

#[test]
fn colditz_escape_attempts_cutters_leave_a_marker_too() {
    let (r, mut s) = blank(4, 1);
    let (a, b) = wire(&r);
    put(&mut s, pow(BR, 1), a);
    let spot = beside(&r, &s, a);
    put(&mut s, pow(BR, 2), spot);
    give_equipment(&mut s, BR, Equipment::Cutters, 1);
    move_phase(&mut s, BR.seat(), 6);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, b)));
    assert_eq!(s.markers.to_vec(), vec![marker(a, b, BR)]);
    let off = beside(&r, &s, b);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, off)));
    // The second POW walks through the cut wire.
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, b)));
}

#[test]
fn colditz_escape_attempts_keys_and_passes_leave_no_marker() {
    let (r, mut s) = blank(4, 1);
    let (gate, before, _) = gate_between(&r, sandtable_colditz::Gate::Key, Zone::Inner);
    put(&mut s, pow(BR, 1), before);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, gate)));
    assert!(s.markers.is_empty());
}

#[test]
fn colditz_escape_attempts_guards_follow_a_marker_down_only() {
    let (r, mut s) = blank(4, 1);
    let (upper, lower) = outer_drop(&r, 1);
    put(&mut s, guard(1), upper);
    move_phase(&mut s, DE, 1);
    assert_eq!(
        refused(&r, &s, DE, &format!("move g1 {}", k(&r, lower))).rule,
        "Colditz: Escape Attempts",
        "no marker: guards do not climb down"
    );
    s.markers.push(marker(upper, lower, BR));
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, lower)));
    s.mp = 1;
    assert_eq!(
        refused(&r, &s, DE, &format!("move g1 {}", k(&r, upper))).rule,
        "Colditz: Escape Attempts",
        "guards never go back up"
    );
}

#[test]
fn colditz_escape_attempts_guards_may_clear_a_marker() {
    let (r, mut s) = blank(4, 1);
    let (upper, lower) = outer_drop(&r, 1);
    put(&mut s, guard(1), upper);
    let spot = beside(&r, &s, upper);
    put(&mut s, guard(2), spot);
    move_phase(&mut s, DE, 2);
    assert_eq!(
        refused(&r, &s, DE, &format!("clear g1 {}", k(&r, lower))).rule,
        "Colditz: Escape Attempts",
        "no marker"
    );
    s.markers.push(marker(upper, lower, BR));
    assert_eq!(
        refused(&r, &s, DE, &format!("clear g2 {}", k(&r, lower))).rule,
        "Colditz: Escape Attempts",
        "only a guard on the marked link"
    );
    play(&r, &mut s, DE, &format!("clear g1 {}", k(&r, lower)));
    assert!(s.markers.is_empty());
    assert_eq!(at(&s, guard(1)), Loc::Circle(upper));
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, lower))).rule, "Colditz: Escape Attempts");
}

#[test]
fn colditz_escape_attempts_a_guard_clearing_a_marker_in_a_room_leaves_it() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    s.markers.push(marker(upper, lower, BR));
    put(&mut s, guard(1), upper);
    move_phase(&mut s, DE, 2);
    play(&r, &mut s, DE, &format!("clear g1 {}", k(&r, lower)));
    assert_eq!(at(&s, guard(1)), Loc::Office, "straight to the office");
}

#[test]
fn colditz_escape_attempts_back_up_a_drop_needs_the_marker_and_a_rope() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    put(&mut s, pow(BR, 1), lower);
    move_phase(&mut s, BR.seat(), 4);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, upper))).rule,
        "Colditz: Escape Attempts",
        "no marker on the drop"
    );
    s.markers.push(marker(upper, lower, BR));
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, upper))).rule,
        "Colditz: Drops",
        "the marker opens the way down only"
    );
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, upper)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(upper));
    assert_eq!(s.holds(BR, Equipment::Rope), 0, "the rope is spent again");
}

#[test]
fn colditz_escape_attempts_back_through_the_wire_needs_cutters() {
    let (r, mut s) = blank(4, 1);
    let (a, b) = wire(&r);
    s.markers.push(marker(a, b, BR));
    put(&mut s, pow(BR, 1), b);
    move_phase(&mut s, BR.seat(), 4);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, a))).rule, "Colditz: Barbed Wire");
    assert_eq!(refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, a))).rule, "Colditz: Barbed Wire");
    give_equipment(&mut s, BR, Equipment::Cutters, 1);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, a)));
    assert_eq!(s.holds(BR, Equipment::Cutters), 0);
}

// ----------------------------------------------------- successful escape --

/// Plain circles next to targets, with their targets.
fn next_to_targets(r: &Colditz) -> Vec<(CircleId, CircleId)> {
    let mut out = Vec::new();
    for t in circles(r, |c| r.board.circle(c).target) {
        for n in steps(r, t).into_iter().filter(|&n| plain(r, n)) {
            out.push((t, n));
        }
    }
    out
}

#[test]
fn colditz_successful_escape_a_pow_with_a_kit_reaching_a_target() {
    let (r, mut s) = blank(4, 1);
    let (t, n) = target_and_neighbour(&r);
    put(&mut s, pow(BR, 1), n);
    move_phase(&mut s, BR.seat(), 1);
    let kits = s.kit_stock;
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Escaped);
    assert_eq!(s.escapes[BR.index()], 1);
    assert!(!s.kits[BR.index()], "he takes the kit with him");
    assert_eq!(s.kit_stock, kits + 1);
}

#[test]
fn colditz_successful_escape_needs_a_kit() {
    let (r, mut s) = blank(4, 1);
    let (t, n) = target_and_neighbour(&r);
    put(&mut s, pow(BR, 1), n);
    s.kits[BR.index()] = false;
    move_phase(&mut s, BR.seat(), 1);
    let rule = refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, t))).rule;
    assert_eq!(rule, "Colditz: Successful Escape");
    s.kits[BR.index()] = true;
    assert!(is_legal(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, t))), "with a kit");
}

#[test]
fn colditz_successful_escape_two_of_one_nation_share_a_kit_in_one_turn() {
    let (r, mut s) = blank(4, 1);
    let spots = next_to_targets(&r);
    assert!(spots.len() >= 2);
    put(&mut s, pow(BR, 1), spots[0].1);
    put(&mut s, pow(BR, 2), spots[1].1);
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, spots[0].0)));
    assert!(!s.kits[BR.index()]);
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, spots[1].0)));
    assert_eq!(s.escapes[BR.index()], 2);
}

#[test]
fn colditz_successful_escape_a_kit_is_shared_by_two_not_three() {
    let (r, mut s) = blank(4, 1);
    let spots = next_to_targets(&r);
    assert!(spots.len() >= 3);
    for (i, &(_, n)) in spots.iter().take(3).enumerate() {
        put(&mut s, pow(BR, i as u8 + 1), n);
    }
    move_phase(&mut s, BR.seat(), 3);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, spots[0].0)));
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, spots[1].0)));
    refused(&r, &s, BR.seat(), &format!("move br3 {}", k(&r, spots[2].0)));
}

#[test]
fn colditz_successful_escape_the_shared_kit_lasts_one_turn() {
    let (r, mut s) = blank(4, 1);
    let spots = next_to_targets(&r);
    put(&mut s, pow(BR, 1), spots[0].1);
    put(&mut s, pow(BR, 2), spots[1].1);
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, spots[0].0)));
    play(&r, &mut s, BR.seat(), "end");
    move_phase(&mut s, BR.seat(), 2);
    refused(&r, &s, BR.seat(), &format!("move br2 {}", k(&r, spots[1].0)));
}

#[test]
fn colditz_successful_escape_guards_outside_go_to_the_office_when_no_pow_is_left_outside() {
    let (r, mut s) = blank(4, 1);
    let (t, n) = target_and_neighbour(&r);
    assert_eq!(r.board.circle(n).zone, Zone::Outside);
    let (g, _) = pair_in(&r, Zone::Outside);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), n);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    assert_eq!(at(&s, guard(1)), Loc::Office);
    // With another POW still outside the guard stays.
    let (r, mut s) = blank(4, 1);
    let (_, o) = pair_in(&r, Zone::Outside);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), n);
    put(&mut s, pow(US, 1), o);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    assert_eq!(at(&s, guard(1)), Loc::Circle(g));
}

#[test]
fn colditz_successful_escape_six_players_draw_an_escape_kit_part() {
    let (r, mut s) = blank(6, 1);
    assert_eq!(s.kit_parts_aside.len(), 6);
    let (t, n) = target_and_neighbour(&r);
    put(&mut s, pow(BR, 1), n);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    assert_eq!(s.kit_parts_aside.len(), 5);
    let hand = s.hands[BR.seat().index()].cards();
    assert_eq!(hand.len(), 1);
    assert!(matches!(hand[0], sandtable_colditz::Card::KitPartA | sandtable_colditz::Card::KitPartB));
}

#[test]
fn colditz_successful_escape_the_german_decides_whether_the_markers_go() {
    let (r, mut s) = blank(4, 1);
    let (upper, lower) = outer_drop(&r, 1);
    s.markers.push(marker(upper, lower, BR));
    let (t, n) = target_and_neighbour(&r);
    put(&mut s, pow(BR, 1), n);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    // «любые маркеры Попыток Бегства цвета данного Военнопленного, могут быть
    // удалены с игрового поля по усмотрению Офицера Охраны» — the German's
    // choice (a marker lets guards follow and enter rooms), not automatic.
    assert_eq!(s.markers.to_vec(), vec![marker(upper, lower, BR)]);
    assert_eq!(to_act(&r, &s), vec![DE], "the German decides");
    let mut removed = s.clone();
    play(&r, &mut removed, DE, "remove-markers");
    assert!(removed.markers.is_empty());
    play(&r, &mut s, DE, "pass");
    assert_eq!(s.markers.to_vec(), vec![marker(upper, lower, BR)], "kept");
    assert_eq!(to_act(&r, &s), vec![BR.seat()]);
}

#[test]
fn colditz_classic_successful_escape_the_kit_is_kept_for_the_rest_of_the_game() {
    let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
    assert!(!s.kits[BR.index()], "classic: no kit at the start (assembling one is the first objective)");
    s.kits[BR.index()] = true;
    let (t, n) = target_and_neighbour(&r);
    put(&mut s, pow(BR, 1), n);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Escaped);
    assert!(s.kits[BR.index()], "the classic kit stays with the officer");
}

#[test]
fn colditz_classic_guards_move_freely_over_barbed_wire() {
    let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
    let (a, b) = wire(&r);
    put(&mut s, guard(1), a);
    move_phase(&mut s, DE, 1);
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, b))));
}

#[test]
fn colditz_successful_escape_removing_the_markers_takes_guards_out_of_rooms() {
    let (r, mut s) = blank(4, 1);
    let (id, upper, lower) = room_drop(&r, 1);
    let (inside, _) = door(&r, &id);
    let spot = room(&r, &id)
        .into_iter()
        .find(|&c| c != inside && c != upper && !steps(&r, c).contains(&inside))
        .expect("a circle away from the door");
    s.markers.push(marker(upper, lower, BR));
    put(&mut s, guard(1), spot);
    let (t, n) = target_and_neighbour(&r);
    put(&mut s, pow(BR, 1), n);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
    play(&r, &mut s, DE, "remove-markers");
    // «Охранники не могут оставаться в Комнате после того, как они удалили
    // маркер – они должны Спуститься вниз или проследовать непосредственно на
    // Командный Пункт».
    let in_room = s.pawn(guard(1)).circle().is_some_and(|c| matches!(r.board.circle(c).zone, Zone::Room(_)));
    assert!(!in_room, "the guard stays in a room closed to guards");
}

#[test]
fn colditz_escape_attempts_a_crossing_costs_one_point_of_movement() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    put(&mut s, pow(BR, 1), upper);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, lower))).rule, "Colditz: Movement");
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, lower)));
    assert_eq!(s.mp, 0);
}

#[test]
fn colditz_escape_attempts_back_up_a_drop_needs_its_marker() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    put(&mut s, pow(BR, 1), lower);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    move_phase(&mut s, BR.seat(), 3);
    let e = refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, upper)));
    assert_eq!(e.rule, "Colditz: Escape Attempts");
    assert!(e.text.en.contains("original Escape Attempt marker"), "{}", e.text.en);
    s.markers.push(marker(upper, lower, US));
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, upper)));
}
