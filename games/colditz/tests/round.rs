//! End of Round (Окончание Раунда) and Victory (Победа в Игре), with the
//! total-escapes variant.

mod common;
use common::*;
use sandtable_colditz::{Colditz, Phase, State};
use sandtable_core::{Ruleset, Seat, SeatSet, ToAct};

fn winners(r: &Colditz, s: &State) -> SeatSet {
    match r.to_act(s) {
        ToAct::Over(o) => o.winners,
        ToAct::Seats(_) => panic!("the game is not over (phase {:?})", s.phase),
    }
}

/// Ends the turn of whoever is to move (putting it in its Move phase).
fn pass_turn(r: &Colditz, s: &mut State) {
    let seat = Seat::new(s.turn);
    move_phase(s, seat, 0);
    play(r, s, seat, "end");
}

#[test]
fn colditz_end_of_round_the_marker_goes_down_after_the_german_turn() {
    let (r, mut s) = started(4, 1);
    s.round = 10;
    for _ in 0..3 {
        pass_turn(&r, &mut s);
        assert_eq!(s.round, 10, "officers' turns do not move the marker");
    }
    assert_eq!(s.turn, 0);
    pass_turn(&r, &mut s);
    assert_eq!(s.round, 9);
    assert_eq!(s.turn, 1);
    assert_eq!(s.phase, Phase::Roll);
}

#[test]
fn colditz_end_of_round_at_the_eagle_the_officers_have_a_last_turn() {
    let (r, mut s) = started(4, 1);
    s.round = 2;
    for _ in 0..4 {
        pass_turn(&r, &mut s);
    }
    assert_eq!(s.round, 1, "the eagle");
    assert_eq!(s.turn, 1, "the officers' last turn");
    pass_turn(&r, &mut s);
    pass_turn(&r, &mut s);
    assert_ne!(s.phase, Phase::Over);
    pass_turn(&r, &mut s);
    assert_eq!(s.phase, Phase::Over, "no German turn after the last round");
    assert_eq!(winners(&r, &s), SeatSet::one(DE), "no escapes: the German wins");
}

#[test]
fn colditz_victory_two_escapes_of_one_nationality_end_the_game_at_the_end_of_the_round() {
    let (r, mut s) = blank(4, 1);
    let spots: Vec<_> = circles(&r, |c| r.board.circle(c).target)
        .into_iter()
        .flat_map(|t| steps(&r, t).into_iter().filter(|&n| plain(&r, n)).map(move |n| (t, n)))
        .collect();
    put(&mut s, pow(BR, 1), spots[0].1);
    put(&mut s, pow(BR, 2), spots[1].1);
    move_phase(&mut s, BR.seat(), 2);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, spots[0].0)));
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, spots[1].0)));
    play(&r, &mut s, BR.seat(), "end");
    assert_ne!(s.phase, Phase::Over, "the round is played out");
    pass_turn(&r, &mut s); // American
    pass_turn(&r, &mut s); // French
    assert_eq!(s.turn, 0, "the German still has his turn");
    pass_turn(&r, &mut s);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(winners(&r, &s), SeatSet::one(BR.seat()));
}

#[test]
fn colditz_victory_shared_by_officers_reaching_two_in_the_same_round() {
    let (r, mut s) = started(4, 1);
    s.escapes[BR.index()] = 2;
    s.escapes[FR.index()] = 2;
    s.escapes[US.index()] = 1;
    move_phase(&mut s, DE, 0);
    play(&r, &mut s, DE, "end");
    let w = winners(&r, &s);
    assert!(w.contains(BR.seat()) && w.contains(FR.seat()));
    assert!(!w.contains(US.seat()) && !w.contains(DE));
}

#[test]
fn colditz_victory_variant_total_escapes() {
    let (r, mut s) = started_with(4, 1, &[("victory", "total-3")]);
    s.escapes[BR.index()] = 2;
    move_phase(&mut s, DE, 0);
    play(&r, &mut s, DE, "end");
    assert_ne!(s.phase, Phase::Over, "two of one nation is not the agreed total");
    s.escapes[US.index()] = 1;
    move_phase(&mut s, DE, 0);
    play(&r, &mut s, DE, "end");
    let w = winners(&r, &s);
    for n in [BR, US, FR] {
        assert!(w.contains(n.seat()), "the officers win together");
    }
    assert!(!w.contains(DE));
}
