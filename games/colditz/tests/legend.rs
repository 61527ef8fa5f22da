//! The Legend (Легенда): searchlights, walkways, Appel, safe areas, rooms,
//! doors, inspection points, drops, barbed wire.

mod common;
use common::*;
use sandtable_colditz::{CircleId, Colditz, Equipment, Gate, Loc, Zone};

/// A circle a guard may finish a move on (occupants aside, no marker, no card).
fn guard_stop(r: &Colditz, c: CircleId) -> bool {
    let x = r.board.circle(c);
    !matches!(x.zone, Zone::Room(_) | Zone::Appel)
        && !x.zone.is_cell()
        && !x.walkway
        && !x.safe
        && !x.car
        && !tunnel_middle(r, c)
}

/// A circle a guard may walk through (no marker, no card).
fn guard_through(r: &Colditz, c: CircleId) -> bool {
    let x = r.board.circle(c);
    !matches!(x.zone, Zone::Room(_)) && !x.zone.is_cell() && !x.safe && !x.car
}

/// A circle a POW may finish a move on (targets aside).
fn pow_stop(r: &Colditz, c: CircleId) -> bool {
    let x = r.board.circle(c);
    !x.searchlight && x.gate.is_none() && !x.zone.is_cell() && !x.car && !x.target && !tunnel_middle(r, c)
}

/// Guard at `from` next to a marked stretch (`marked` circles): a circle
/// `to` reached through the stretch in fewer steps than around it, and that
/// number of steps.
fn shortcut_through(r: &Colditz, marked: impl Fn(CircleId) -> bool) -> (CircleId, CircleId, u32) {
    for from in circles(r, |c| guard_stop(r, c)) {
        if !steps(r, from).into_iter().any(&marked) {
            continue;
        }
        for to in circles(r, |c| guard_stop(r, c)) {
            if to == from {
                continue;
            }
            let Some(via) = dist_via(r, from, to, &marked) else {
                continue;
            };
            if !(2..=14).contains(&via) {
                continue;
            }
            let around = dist_via(r, from, to, |c| !marked(c) && guard_through(r, c));
            if around.is_none_or(|d| d > via) {
                return (from, to, via);
            }
        }
    }
    panic!("no shortcut");
}

#[test]
fn colditz_legend_pows_may_not_stop_on_a_searchlight_but_may_pass() {
    let (r, mut s) = blank(4, 1);
    let mut found = None;
    'outer: for m in circles(&r, |c| r.board.circle(c).searchlight) {
        let ns: Vec<_> = steps(&r, m).into_iter().filter(|&n| pow_stop(&r, n) && plain(&r, n)).collect();
        for &a in &ns {
            for &b in &ns {
                if a != b && dist_via(&r, a, b, |c| c != m).is_none_or(|d| d > 2) {
                    found = Some((a, m, b));
                    break 'outer;
                }
            }
        }
    }
    let (a, light, b) = found.expect("a searchlight between two circles");
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 2);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, light))).rule, "Colditz: Searchlights");
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, b)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(b), "passing the searchlight");
    assert_eq!(s.mp, 0);
    // Guards may stop there.
    put(&mut s, guard(1), a);
    move_phase(&mut s, DE, 1);
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, light))));
}

#[test]
fn colditz_legend_guards_may_not_stop_on_a_walkway_but_may_pass() {
    let (r, mut s) = blank(4, 1);
    let walkway = |c: CircleId| r.board.circle(c).walkway;
    let (from, to, via) = shortcut_through(&r, walkway);
    let w = steps(&r, from).into_iter().find(|&c| walkway(c)).unwrap();
    put(&mut s, guard(1), from);
    move_phase(&mut s, DE, via as u8);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, w))).rule, "Colditz: Walkways");
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, to)));
    assert_eq!(s.mp, 0);
    // POWs may stop on a walkway.
    put(&mut s, pow(BR, 1), from);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, w)));
}

#[test]
fn colditz_legend_guards_may_not_stop_on_appel_but_may_pass() {
    let (r, mut s) = blank(4, 1);
    let appel = |c: CircleId| r.board.circle(c).zone == Zone::Appel;
    let (from, to, via) = shortcut_through(&r, appel);
    let w = steps(&r, from).into_iter().find(|&c| appel(c)).unwrap();
    put(&mut s, guard(1), from);
    move_phase(&mut s, DE, via as u8);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, w))).rule, "Colditz: Appel area");
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, to)));
}

#[test]
fn colditz_legend_guards_may_not_enter_safe_areas() {
    let (r, mut s) = blank(4, 1);
    let (from, safe) = circles(&r, |c| guard_stop(&r, c) && plain(&r, c))
        .into_iter()
        .find_map(|c| steps(&r, c).into_iter().find(|&n| r.board.circle(n).safe).map(|n| (c, n)))
        .expect("a circle next to a safe area");
    put(&mut s, guard(1), from);
    move_phase(&mut s, DE, 3);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, safe))).rule, "Colditz: Safe Areas");
    // POWs may.
    put(&mut s, pow(BR, 1), from);
    s.pawn_mut(guard(1)).loc = Loc::Barracks;
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, safe)));
}

#[test]
fn colditz_legend_guards_keep_out_of_rooms_unless_a_search_card_names_the_room() {
    let (r, mut s) = blank(4, 1);
    let (inside, outside) = door(&r, "dentist");
    put(&mut s, guard(1), outside);
    move_phase(&mut s, DE, 2);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, inside))).rule, "Colditz: Rooms");
    give_card(&mut s, DE, card(&r, "search:dentist"));
    play(&r, &mut s, DE, "play search:dentist");
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, inside)));
    // The search is made (nobody there) and the guard goes to the barracks.
    assert_eq!(at(&s, guard(1)), Loc::Office, "2016: off the board for the rest of the German turn");
    // Another room stays closed.
    let (kin, kout) = door(&r, "kitchen");
    put(&mut s, guard(2), kout);
    assert_eq!(refused(&r, &s, DE, &format!("move g2 {}", k(&r, kin))).rule, "Colditz: Rooms");
}

#[test]
fn colditz_legend_guards_may_enter_a_room_with_an_escape_attempt_marker() {
    let (r, mut s) = blank(4, 1);
    let (id, upper, lower) = room_drop(&r, 1);
    let (inside, outside) = door(&r, &id);
    put(&mut s, guard(1), outside);
    move_phase(&mut s, DE, 1);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, inside))).rule, "Colditz: Rooms");
    s.markers.push(marker(upper, lower, BR));
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, inside))));
}

#[test]
fn colditz_legend_doors_need_a_key_guards_pass_freely() {
    let (r, mut s) = blank(4, 1);
    let (gate, before, beyond) = gate_between(&r, Gate::Key, Zone::Inner);
    put(&mut s, pow(BR, 1), before);
    move_phase(&mut s, BR.seat(), 3);
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, gate))).rule,
        "Colditz: Doors",
        "a door needs a key"
    );
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, beyond))).rule,
        "Colditz: Escape Attempts",
        "no way on foot past the door"
    );
    assert_eq!(refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, gate))).rule, "Colditz: Doors", "no key");
    give_equipment(&mut s, BR, Equipment::Key, 1);
    let stock = s.stock[Equipment::Key.index()];
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, gate)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(gate));
    assert_eq!(s.mp, 2, "a crossing costs one point");
    assert_eq!(s.holds(BR, Equipment::Key), 0);
    assert_eq!(s.stock[Equipment::Key.index()], stock + 1, "the key returns to its stack");
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, beyond)));
    // Guards go through doors freely.
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), before);
    move_phase(&mut s, DE, 2);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, beyond)));
}

#[test]
fn colditz_legend_inspection_points_need_a_pass_guards_pass_freely() {
    let (r, mut s) = blank(4, 1);
    let (gate, before, beyond) = gate_between(&r, Gate::Pass, Zone::Inner);
    put(&mut s, pow(BR, 1), before);
    move_phase(&mut s, BR.seat(), 3);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, gate))).rule, "Colditz: Inspection Points");
    give_equipment(&mut s, BR, Equipment::Key, 1);
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, gate))).rule,
        "Colditz: Inspection Points",
        "a key does not open an inspection point"
    );
    give_equipment(&mut s, BR, Equipment::Pass, 1);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, gate)));
    assert_eq!(s.holds(BR, Equipment::Pass), 0);
    assert_eq!(s.holds(BR, Equipment::Key), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, beyond)));
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), before);
    move_phase(&mut s, DE, 2);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, beyond)));
}

#[test]
fn colditz_legend_a_30_drop_needs_one_rope() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 1);
    put(&mut s, pow(BR, 1), upper);
    move_phase(&mut s, BR.seat(), 5);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, lower))).rule, "Colditz: Drops");
    assert_eq!(refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, lower))).rule, "Colditz: Drops", "no rope");
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, lower)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(lower));
    assert_eq!(s.holds(BR, Equipment::Rope), 0);
    assert_eq!(s.mp, 4);
}

#[test]
fn colditz_legend_a_60_drop_needs_two_ropes() {
    let (r, mut s) = blank(4, 1);
    let (_, upper, lower) = room_drop(&r, 2);
    put(&mut s, pow(BR, 1), upper);
    move_phase(&mut s, BR.seat(), 5);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, lower))).rule,
        "Colditz: Drops",
        "one rope for 60 ft"
    );
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    let stock = s.stock[Equipment::Rope.index()];
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, lower)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(lower));
    assert_eq!(s.holds(BR, Equipment::Rope), 0);
    assert_eq!(s.stock[Equipment::Rope.index()], stock + 2);
}

#[test]
fn colditz_legend_barbed_wire_needs_cutters() {
    let (r, mut s) = blank(4, 1);
    let (a, b) = wire(&r);
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 5);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, b))).rule, "Colditz: Barbed Wire");
    give_equipment(&mut s, BR, Equipment::Rope, 2);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("cross br1 {}", k(&r, b))).rule, "Colditz: Barbed Wire");
    give_equipment(&mut s, BR, Equipment::Cutters, 1);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, b)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(b));
    assert_eq!(s.holds(BR, Equipment::Cutters), 0);
    // Guards cannot go through the wire without a marker either.
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), a);
    move_phase(&mut s, DE, 1);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, b))).rule, "Colditz: Movement");
}

#[test]
fn colditz_legend_staff_car_no_pawn_walks_onto_it() {
    let (r, mut s) = blank(4, 1);
    let car = r.board.car;
    let next = r.board.net.links(car).map(|(n, _)| n).find(|&n| pow_stop(&r, n)).expect("a circle by the car");
    put(&mut s, pow(BR, 1), next);
    move_phase(&mut s, BR.seat(), 3);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, car))).rule, "Colditz: Staff Car");
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), next);
    move_phase(&mut s, DE, 3);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, car))).rule, "Colditz: Staff Car");
}

#[test]
fn colditz_legend_solitary_cells_are_never_walked_into() {
    let (r, mut s) = blank(4, 1);
    let exit = r.board.cells[0].exit;
    let cell = cells(&r, 0)[0];
    put(&mut s, pow(BR, 1), exit);
    move_phase(&mut s, BR.seat(), 6);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, cell))).rule, "Colditz: Solitary Cells");
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), exit);
    move_phase(&mut s, DE, 6);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, cell))).rule, "Colditz: Solitary Cells");
}
