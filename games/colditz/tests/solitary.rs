//! Solitary Cells (Одиночные Камеры): out on doubles (1 MP each) or with a
//! Release card (no MP); the released POW appears on the free circle nearest
//! the arrow of his cell block.

mod common;
use common::*;
use sandtable_colditz::{Loc, Zone};

#[test]
fn colditz_solitary_cells_release_on_doubles_costs_one_point() {
    let (r, mut s) = blank(4, 1);
    let inner = cells(&r, 0);
    put(&mut s, pow(BR, 1), inner[0]);
    put(&mut s, pow(BR, 2), inner[1]);
    roll_with(&r, &mut s, BR.seat(), |d| d.len() == 4 && d[0] == d[1] && d[2] != d[3]);
    assert_eq!(s.releases, 1);
    let mp = s.mp;
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, r.board.cells[0].exit))).rule,
        "Colditz: Solitary Cells",
        "no walking out of a cell"
    );
    play(&r, &mut s, BR.seat(), "release br1");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(r.board.cells[0].exit), "at the arrow");
    assert_eq!(s.mp, mp - 1);
    assert_eq!(s.releases, 0);
    assert_eq!(
        refused(&r, &s, BR.seat(), "release br2").rule,
        "Colditz: Movement (doubles)",
        "one release per doubles"
    );
}

#[test]
fn colditz_solitary_cells_no_release_without_doubles() {
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), cells(&r, 1)[0]);
    roll_with(&r, &mut s, BR.seat(), |d| d.len() == 2);
    assert_eq!(refused(&r, &s, BR.seat(), "release br1").rule, "Colditz: Movement (doubles)");
}

#[test]
fn colditz_solitary_cells_only_pows_in_solitary_are_released() {
    let (r, mut s) = blank(4, 1);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    put(&mut s, pow(US, 1), cells(&r, 0)[0]);
    move_phase(&mut s, BR.seat(), 4);
    s.releases = 1;
    assert_eq!(refused(&r, &s, BR.seat(), "release br1").rule, "Colditz: Solitary Cells");
    assert_eq!(refused(&r, &s, BR.seat(), "release us1").rule, "Colditz: Solitary Cells", "another officer's POW");
}

#[test]
fn colditz_solitary_cells_a_release_card_costs_no_movement() {
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), cells(&r, 0)[2]);
    give_card(&mut s, BR.seat(), card(&r, "release"));
    move_phase(&mut s, BR.seat(), 3);
    play(&r, &mut s, BR.seat(), "play release br1");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(r.board.cells[0].exit));
    assert_eq!(s.mp, 3);
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "release")), "to the bottom of the deck");
    // Before rolling, too.
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), cells(&r, 1)[0]);
    give_card(&mut s, BR.seat(), card(&r, "release"));
    roll_phase(&mut s, BR.seat());
    play(&r, &mut s, BR.seat(), "play release br1");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(r.board.cells[1].exit));
}

#[test]
fn colditz_solitary_cells_the_released_pow_appears_nearest_the_arrow() {
    let (r, mut s) = blank(4, 1);
    let exit = r.board.cells[0].exit;
    put(&mut s, pow(US, 1), exit);
    put(&mut s, pow(BR, 1), cells(&r, 0)[0]);
    give_card(&mut s, BR.seat(), card(&r, "release"));
    move_phase(&mut s, BR.seat(), 3);
    play(&r, &mut s, BR.seat(), "play release br1");
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    assert!(steps(&r, exit).contains(&c), "a free circle next to the occupied arrow");
    assert!(!r.board.circle(c).zone.is_cell());
}

#[test]
fn colditz_solitary_cells_a_doubles_release_needs_a_point_of_movement() {
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), cells(&r, 0)[0]);
    move_phase(&mut s, BR.seat(), 0);
    s.releases = 1;
    let e = refused(&r, &s, BR.seat(), "release br1");
    assert_eq!(e.rule, "Colditz: Movement (doubles)");
    assert!(e.text.en.contains("costs one point"), "{}", e.text.en);
    s.mp = 1;
    play(&r, &mut s, BR.seat(), "release br1");
    assert_eq!((s.mp, s.releases), (0, 0));
}
