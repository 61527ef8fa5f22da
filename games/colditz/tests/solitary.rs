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

/// Release from Solitary, classic summary — issue 10, point 12: "One of your
/// imprisoned POWs is released from his cell, appearing on the nearest free
/// circle outside the cell … A POW released into the Outer area (tan) may
/// appear on a circle closer to the 'exit' without raising suspicion". A
/// circle one step nearer a target than the cell door's release circle is
/// legal, one as far is not; he still heads back (immune); the 2016 rules
/// have no such choice.
#[test]
fn colditz_classic_release_from_solitary_into_the_outer_area_nearer_the_exit() {
    for classic in [true, false] {
        let opts: &[(&str, &str)] = if classic { &[("rules", "classic")] } else { &[] };
        let (r, mut s) = blank_with(4, 1, opts);
        put(&mut s, pow(BR, 1), cells(&r, 1)[0]);
        give_card(&mut s, BR.seat(), card(&r, "release"));
        move_phase(&mut s, BR.seat(), 0);
        // Where the card would put him: the free circle nearest the cell door.
        let mut probe = s.clone();
        play(&r, &mut probe, BR.seat(), "play release br1");
        let d = probe.pawn(pow(BR, 1)).circle().unwrap();
        assert_eq!(r.board.circle(d).zone, Zone::Outer);
        let exit = |c: sandtable_colditz::CircleId| r.board.to_exit[c.index()];
        let outer_plain = |c| r.board.circle(c).zone == Zone::Outer && plain(&r, c);
        let nearer = circles(&r, |c| outer_plain(c) && exit(c) + 1 == exit(d))[0];
        let as_far = circles(&r, |c| outer_plain(c) && c != d && exit(c) == exit(d))[0];
        let nearer_text = format!("play release br1 {}", k(&r, nearer));
        if classic {
            assert_eq!(
                refused(&r, &s, BR.seat(), &format!("play release br1 {}", k(&r, as_far))).rule,
                "Colditz classic: Release from Solitary",
                "no nearer the exit than the cell door's circle"
            );
            assert!(is_legal(&r, &s, BR.seat(), &nearer_text), "one circle nearer the exit");
            play(&r, &mut s, BR.seat(), &nearer_text);
            assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(nearer));
            assert!(s.pawn(pow(BR, 1)).returning, "without raising suspicion: he still heads back");
        } else {
            assert_eq!(refused(&r, &s, BR.seat(), &nearer_text).rule, "Colditz: Release from Solitary");
        }
    }
}
