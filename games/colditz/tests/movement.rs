//! Movement (Движение) and the card draw of the roll (Карты Возможностей и
//! Охраны): 2d6, doubles roll again (at most twice in 2016), MP = the sum,
//! one release per doubles; a card on a throw of 5 or less, one a turn
//! (classic: per throw of 3, 7 or 11); one MP per circle, never through a
//! pawn; `directly` costs nothing; guards post and return for 1 MP; office
//! guards go back to the barracks at the end of the German's turn.

mod common;
use common::*;
use sandtable_colditz::{Loc, Phase, Zone};

fn doubles(t: &(u8, u8)) -> bool {
    t.0 == t.1
}

#[test]
fn colditz_movement_the_roll_is_the_sum_of_two_dice() {
    let (r, mut s) = started(4, 1);
    let seat = BR.seat();
    let d = roll_with(&r, &mut s, seat, |d| d.len() == 2 && d[0] != d[1]);
    assert_eq!(s.phase, Phase::Move);
    assert_eq!(s.mp, d[0] + d[1]);
    assert_eq!(s.releases, 0);
}

#[test]
fn colditz_movement_doubles_roll_again_and_add() {
    let (r, mut s) = started(4, 1);
    let seat = BR.seat();
    let d = roll_with(&r, &mut s, seat, |d| {
        let t = throws(d);
        t.len() == 2 && doubles(&t[0]) && !doubles(&t[1])
    });
    assert_eq!(s.mp, d.iter().sum::<u8>());
    assert_eq!(s.releases, 1, "one release from solitary per doubles");
}

#[test]
fn colditz_movement_at_most_two_extra_rolls_2016() {
    let (r, mut s) = started(4, 1);
    let d = roll_with(&r, &mut s, BR.seat(), |d| throws(d).iter().take(3).filter(|t| doubles(t)).count() == 3);
    assert_eq!(d.len(), 6, "three doubles: the third is not rolled again");
    assert_eq!(s.mp, d.iter().sum::<u8>());
    assert_eq!(s.releases, 3);
}

#[test]
fn colditz_movement_classic_doubles_roll_again_without_limit() {
    let (r, mut s) = started_with(4, 1, &[("rules", "classic")]);
    let d = roll_with(&r, &mut s, BR.seat(), |d| throws(d).iter().take(3).filter(|t| doubles(t)).count() == 3);
    assert!(d.len() >= 8, "a fourth throw after three doubles: {d:?}");
    assert_eq!(s.mp, d.iter().sum::<u8>());
}

#[test]
fn colditz_movement_the_german_releases_nobody_on_doubles() {
    let (r, mut s) = started(4, 1);
    roll_phase(&mut s, DE);
    roll_with(&r, &mut s, DE, |d| d[0] == d[1]);
    assert_eq!(s.releases, 0);
}

#[test]
fn colditz_movement_a_throw_of_five_or_less_draws_a_card() {
    let (r, mut s) = blank(4, 1);
    let seat = BR.seat();
    roll_with(&r, &mut s, seat, |d| d.len() == 2 && d[0] + d[1] <= 5);
    assert_eq!(s.hands[seat.index()].len(), 1, "an Opportunity card");
    assert!(!s.hands[seat.index()].cards()[0].is_security());

    let (r, mut s) = blank(4, 1);
    roll_with(&r, &mut s, seat, |d| d.len() == 2 && d[0] + d[1] >= 6);
    assert_eq!(s.hands[seat.index()].len(), 0, "no card on 6 or more");

    // The German draws a Security card.
    let (r, mut s) = blank(4, 1);
    roll_phase(&mut s, DE);
    roll_with(&r, &mut s, DE, |d| d.len() == 2 && d[0] + d[1] <= 5);
    assert_eq!(s.hands[0].len(), 1);
    assert!(s.hands[0].cards()[0].is_security());
}

#[test]
fn colditz_movement_at_most_one_card_a_turn_2016() {
    let (r, mut s) = blank(4, 1);
    let seat = BR.seat();
    // 1-1 or 2-2 (≤ 5), then another throw of 5 or less: still one card.
    roll_with(&r, &mut s, seat, |d| {
        let t = throws(d);
        t.len() == 2 && doubles(&t[0]) && t[0].0 <= 2 && t[1].0 + t[1].1 <= 5
    });
    assert_eq!(s.hands[seat.index()].len(), 1);
}

#[test]
fn colditz_movement_classic_draws_on_throws_of_3_7_or_11() {
    let seat = BR.seat();
    for (want, cards) in [(7, 1), (3, 1), (11, 1), (5, 0), (9, 0)] {
        let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
        roll_with(&r, &mut s, seat, |d| d.len() == 2 && d[0] + d[1] == want);
        assert_eq!(s.hands[seat.index()].len(), cards, "a throw of {want}");
    }
}

#[test]
fn colditz_movement_one_point_per_circle() {
    let (r, mut s) = blank(4, 1);
    let (a, b) = pair_in(&r, Zone::Inner);
    let far = circles(&r, |c| {
        r.board.circle(c).zone == Zone::Inner
            && plain(&r, c)
            && dist_via(&r, a, c, |x| r.board.circle(x).gate.is_none() && !r.board.circle(x).zone.is_cell()) == Some(4)
    })[0];
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 3);
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, far))).rule,
        "Colditz: Movement",
        "four circles away with three MP"
    );
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, b)));
    assert_eq!(s.mp, 2);
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(b));
    // Movement may be split between pawns, and need not be used up.
    put(&mut s, pow(BR, 2), far);
    let n = steps(&r, far).into_iter().find(|&n| plain(&r, n) && r.board.circle(n).zone == Zone::Inner).unwrap();
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, n)));
    assert_eq!(s.mp, 1);
    play(&r, &mut s, BR.seat(), "end");
}

#[test]
fn colditz_movement_pawns_never_pass_through_pawns() {
    let (r, mut s) = blank(4, 1);
    let inner = |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c);
    let (a, m, b) = passage(&r, inner, 2);
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 2);
    assert!(is_legal(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, b))));
    // A POW of another nation in the way.
    put(&mut s, pow(US, 1), m);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, b))).rule, "Colditz: Movement (pawns)");
    // A guard in the way of a guard.
    let (r, mut s) = blank(4, 1);
    s.pawn_mut(guard(1)).loc = Loc::Circle(a);
    s.pawn_mut(guard(2)).loc = Loc::Circle(m);
    move_phase(&mut s, DE, 2);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, b))).rule, "Colditz: Movement (pawns)");
    // ... and a POW the guard may not arrest blocks him too.
    s.pawn_mut(guard(2)).loc = Loc::Barracks;
    put(&mut s, pow(BR, 1), m);
    assert_eq!(refused(&r, &s, DE, &format!("move g1 {}", k(&r, b))).rule, "Colditz: Movement (pawns)");
}

#[test]
fn colditz_movement_directly_costs_no_movement() {
    let (r, mut s) = blank(4, 1);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    give_card(&mut s, BR.seat(), card(&r, "move-fast:dentist"));
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), "play move-fast:dentist br1");
    assert_eq!(s.mp, 2, "Move Fast moves directly");
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    assert_eq!(r.board.circle(c).zone, Zone::Room(room_index(&r, "dentist")));
}

#[test]
fn colditz_movement_guards_post_from_the_barracks_for_one_point() {
    let (r, mut s) = blank(4, 1);
    let posts = outer_posts(&r);
    move_phase(&mut s, DE, 3);
    play(&r, &mut s, DE, &format!("deploy g1 {}", k(&r, posts[0])));
    assert_eq!(at(&s, guard(1)), Loc::Circle(posts[0]));
    assert_eq!(s.mp, 2);
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g2 {}", k(&r, posts[0]))).rule,
        "Colditz: Movement (pawns)",
        "a manned post"
    );
    let (plain_outer, _) = pair_in(&r, Zone::Outer);
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g2 {}", k(&r, plain_outer))).rule,
        "Colditz: Guard Posts",
        "only guard posts"
    );
    // A posted guard moves on with the points left.
    let next =
        steps(&r, posts[0]).into_iter().find(|&n| plain(&r, n) && r.board.circle(n).zone == Zone::Outer).unwrap();
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, next)));
    assert_eq!(s.mp, 1);
    play(&r, &mut s, DE, &format!("deploy g2 {}", k(&r, posts[1])));
    assert_eq!(s.mp, 0);
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g3 {}", k(&r, posts[2]))).rule,
        "Colditz: Movement (guards)",
        "no points left"
    );
}

#[test]
fn colditz_movement_guards_return_from_a_post_to_the_office_for_one_point() {
    let (r, mut s) = blank(4, 1);
    let posts = outer_posts(&r);
    put(&mut s, guard(1), posts[0]);
    let (off_post, _) = pair_in(&r, Zone::Outer);
    put(&mut s, guard(2), off_post);
    move_phase(&mut s, DE, 2);
    assert_eq!(refused(&r, &s, DE, "recall g2").rule, "Colditz: Guard Posts", "only from a guard post");
    play(&r, &mut s, DE, "recall g1");
    assert_eq!(at(&s, guard(1)), Loc::Office);
    assert_eq!(s.mp, 1);
    assert_eq!(
        refused(&r, &s, DE, &format!("deploy g1 {}", k(&r, posts[1]))).rule,
        "Colditz: Movement (guards)",
        "an office guard is not posted again this turn"
    );
    // At the end of the German's turn office guards go to the barracks.
    play(&r, &mut s, DE, "end");
    assert_eq!(at(&s, guard(1)), Loc::Barracks);
}

#[test]
fn colditz_movement_office_guards_stay_there_until_the_german_turn_ends() {
    let (r, mut s) = blank(4, 1);
    s.pawn_mut(guard(1)).loc = Loc::Office;
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(at(&s, guard(1)), Loc::Office, "still there in the next officer's turn");
    move_phase(&mut s, DE, 2);
    play(&r, &mut s, DE, "end");
    assert_eq!(at(&s, guard(1)), Loc::Barracks);
}

#[test]
fn colditz_movement_the_turn_passes_in_seat_order() {
    let (r, mut s) = started(4, 1);
    for seat in [1u8, 2, 3, 0, 1] {
        assert_eq!(s.turn, seat);
        assert_eq!(s.phase, Phase::Roll);
        assert_eq!(refused(&r, &s, sandtable_core::Seat::new(seat), "end").rule, "Colditz: Movement");
        move_phase(&mut s, sandtable_core::Seat::new(seat), 0);
        play(&r, &mut s, sandtable_core::Seat::new(seat), "end");
    }
}

#[test]
fn colditz_classic_german_play_no_posting_after_a_recall_or_an_arrest() {
    let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
    let posts = outer_posts(&r);
    put(&mut s, guard(1), posts[0]);
    move_phase(&mut s, DE, 4);
    play(&r, &mut s, DE, "recall g1");
    assert_eq!(refused(&r, &s, DE, &format!("deploy g2 {}", k(&r, posts[1]))).rule, "Colditz classic: German Play");
    // After an arrest too.
    let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
    let (g, p) = pair_in(&r, Zone::Outer);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), p);
    move_phase(&mut s, DE, 4);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, p)));
    // Classic: the German chooses the arrested POW's cells (here: keeps them),
    // then the arrest's Equipment loss is settled.
    play(&r, &mut s, DE, "pass");
    s.pending.clear();
    assert_eq!(refused(&r, &s, DE, &format!("deploy g2 {}", k(&r, posts[1]))).rule, "Colditz classic: German Play");
    // The 2016 rules have no such limit.
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), posts[0]);
    move_phase(&mut s, DE, 4);
    play(&r, &mut s, DE, "recall g1");
    play(&r, &mut s, DE, &format!("deploy g2 {}", k(&r, posts[1])));
}

#[test]
fn colditz_movement_a_circle_beyond_the_movement_left_is_refused() {
    let (r, mut s) = blank(4, 1);
    let inner = |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c);
    let (a, _, b) = passage(&r, inner, 2);
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 1);
    let e = refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, b)));
    assert_eq!(e.rule, "Colditz: Movement");
    assert!(e.text.en.contains("2 points of movement away; 1 left"), "{}", e.text.en);
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, b)));
    assert_eq!(s.mp, 0);
}

#[test]
fn colditz_movement_a_pawn_off_the_board_does_not_move() {
    let (r, mut s) = blank(4, 1);
    let posts = outer_posts(&r);
    move_phase(&mut s, DE, 3);
    assert_eq!(at(&s, guard(1)), Loc::Barracks);
    assert_eq!(
        refused(&r, &s, DE, &format!("move g1 {}", k(&r, posts[0]))).rule,
        "Colditz: Movement",
        "a guard in the barracks is posted, not moved"
    );
}

#[test]
fn colditz_play_each_seat_moves_only_its_own_pawns() {
    let (r, mut s) = blank(4, 1);
    let (a, b) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(US, 1), a);
    move_phase(&mut s, BR.seat(), 3);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move us1 {}", k(&r, b))).rule, "Colditz: Play");
    move_phase(&mut s, DE, 3);
    assert_eq!(refused(&r, &s, DE, &format!("move us1 {}", k(&r, b))).rule, "Colditz: Play");
    move_phase(&mut s, US.seat(), 3);
    play(&r, &mut s, US.seat(), &format!("move us1 {}", k(&r, b)));
}

/// Cards, 2016 — issue 10, point 15, the threshold on both sides: «Если Ваш
/// бросок на движение равен 5 или ниже, Вы можете вытянуть карту» (quick
/// reference: «Результат 5 или меньше на броске движения позволяет Вам
/// вытянуть карту»): a throw of exactly 5 draws, exactly 6 does not. Classic
/// (a card "for each a 3, 7 or 11 thrown"): exactly 7 draws, 6 and 8 do not.
#[test]
fn colditz_2016_cards_a_throw_of_exactly_five_draws_six_does_not() {
    let seat = BR.seat();
    for (opts, total, draws) in [
        (&[][..], 5u8, 1usize),
        (&[][..], 6, 0),
        (&[("rules", "classic")][..], 7, 1),
        (&[("rules", "classic")][..], 6, 0),
        (&[("rules", "classic")][..], 8, 0),
    ] {
        let (r, mut s) = blank_with(4, 1, opts);
        roll_phase(&mut s, seat);
        let dice = roll_with(&r, &mut s, seat, |d| d.len() == 2 && d[0] != d[1] && d[0] + d[1] == total);
        assert_eq!(dice[0] + dice[1], total);
        assert_eq!(s.hands[seat.index()].len(), draws, "{opts:?}: a throw of exactly {total}");
    }
}
