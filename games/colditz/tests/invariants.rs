//! The invariants of play `Ruleset::validate` checks in every position (the
//! catalog's soak runs them after each of a million random actions): each
//! one refused on the wrong side of its bound and accepted on the right one,
//! naming where the problem is.

mod common;
use common::*;
use sandtable_colditz::{Card, Colditz, Equipment, Loc, PawnId, State, TunnelId, TunnelState, Zone};
use sandtable_core::Ruleset;

fn problems(r: &Colditz, s: &State) -> Vec<String> {
    r.validate(s).err().unwrap_or_default().into_iter().map(|e| e.at).collect()
}

fn slot(p: PawnId) -> String {
    format!("pawns[{}].loc", p.index())
}

#[test]
fn invariants_movement_pawns_one_pawn_per_circle_and_level() {
    let (r, mut s) = started(3, 1);
    assert_eq!(problems(&r, &s), Vec::<String>::new());
    let c = s.pawn(pow(BR, 1)).circle().expect("at Appel");
    put(&mut s, pow(BR, 2), c);
    assert_eq!(problems(&r, &s), vec![slot(pow(BR, 2))], "two POWs on one circle");
    let e = r.validate(&s).expect_err("refused");
    assert!(e[0].text.en.contains("br1 and br2") && e[0].text.ru.contains("на одном кружке"), "{e:?}");
    // A guard on a POW: an arrest parts them at once, so never at rest.
    let (r, mut s) = started(3, 1);
    put(&mut s, guard(1), c);
    // Named at the later slot: the POW's (guards come first).
    assert_eq!(problems(&r, &s), vec![slot(pow(BR, 1))]);

    // Below a tunnel circle and above it: two levels, one pawn each.
    let (r, mut s) = started(3, 1);
    let t = TunnelId::ALL[0];
    s.tunnels[t.index()] = TunnelState::Open;
    let course = r.board.tunnels[t.index()].course.clone();
    let middle = *course.iter().find(|&&c| tunnel_middle(&r, c)).expect("a tunnel middle");
    put_in_tunnel(&mut s, pow(BR, 1), middle);
    put(&mut s, guard(1), middle);
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "a guard passes over a POW in a tunnel");
    put_in_tunnel(&mut s, pow(BR, 2), middle);
    assert_eq!(problems(&r, &s), vec![slot(pow(BR, 2))], "two POWs below one circle");
}

#[test]
fn invariants_tunnels_pows_below_only_along_a_tunnel_not_closed() {
    let (r, mut s) = started(3, 1);
    let t = TunnelId::ALL[1];
    let course = r.board.tunnels[t.index()].course.clone();
    let middle = *course.iter().find(|&&c| tunnel_middle(&r, c)).expect("a tunnel middle");
    put_in_tunnel(&mut s, pow(US, 1), middle);
    let at = format!("pawns[{}].in_tunnel", pow(US, 1).index());
    assert_eq!(problems(&r, &s), vec![at.clone()], "the tunnel is closed");
    for open in [TunnelState::Open, TunnelState::Detected, TunnelState::Abandoned] {
        s.tunnels[t.index()] = open;
        assert_eq!(problems(&r, &s), Vec::<String>::new(), "{open:?}");
    }
    let courtyard = circles(&r, |c| r.board.circle(c).zone == Zone::Inner && r.board.circle(c).tunnel.is_none());
    let free = *courtyard.iter().find(|&&c| !s.pawns.iter().any(|p| p.loc == Loc::Circle(c))).expect("a free circle");
    put_in_tunnel(&mut s, pow(US, 1), free);
    assert_eq!(problems(&r, &s), vec![at], "below a circle of no tunnel");
}

#[test]
fn invariants_solitary_cells_hold_pows_never_guards() {
    let (r, mut s) = started(3, 1);
    let cell = circles(&r, |c| r.board.circle(c).zone.is_cell())[0];
    put(&mut s, pow(BR, 1), cell);
    assert_eq!(problems(&r, &s), Vec::<String>::new());
    let (r, mut s) = started(3, 1);
    put(&mut s, guard(2), cell);
    assert_eq!(problems(&r, &s), vec![slot(guard(2))]);
}

#[test]
fn invariants_set_up_the_pawns_of_the_player_count_and_no_others() {
    let (r, mut s) = started(3, 1);
    // Three players: 12 guards, two officers (British, Americans) of 7 POWs.
    s.pawn_mut(guard(13)).loc = Loc::Barracks;
    assert_eq!(problems(&r, &s), vec![slot(guard(13))], "a 13th guard");
    let (r, mut s) = started(3, 1);
    s.pawn_mut(pow(FR, 1)).loc = Loc::Dead;
    assert_eq!(problems(&r, &s), vec![slot(pow(FR, 1))], "a French POW with two officers");
    let (r, mut s) = started(3, 1);
    s.pawn_mut(pow(BR, 8)).loc = Loc::Dead;
    assert_eq!(problems(&r, &s), vec![slot(pow(BR, 8))], "an eighth British POW");
    let (r, mut s) = started(3, 1);
    s.pawn_mut(pow(BR, 7)).loc = Loc::Absent;
    assert_eq!(problems(&r, &s), vec![slot(pow(BR, 7))], "a POW gone missing");
    let (r, mut s) = started(2, 1);
    s.pawn_mut(pow(BR, 8)).loc = Loc::Dead;
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "two players: eight POWs, dead or not");
}

#[test]
fn invariants_guards_and_pows_keep_to_their_places() {
    let (r, mut s) = started(3, 1);
    s.pawn_mut(guard(12)).loc = Loc::Office;
    s.pawn_mut(pow(BR, 1)).loc = Loc::Dead;
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "a guard in the office, a POW dead");
    s.pawn_mut(guard(12)).loc = Loc::Dead;
    s.pawn_mut(pow(BR, 2)).loc = Loc::Barracks;
    assert_eq!(problems(&r, &s), vec![slot(guard(12)), slot(pow(BR, 2))]);
}

#[test]
fn invariants_successful_escape_counted_escapes_are_the_pows_escaped() {
    let (r, mut s) = started(3, 1);
    s.pawn_mut(pow(US, 3)).loc = Loc::Escaped;
    assert_eq!(problems(&r, &s), vec![format!("escapes[{}]", US.index())], "an escape not counted");
    s.escapes[US.index()] = 1;
    assert_eq!(problems(&r, &s), Vec::<String>::new());
    s.escapes[US.index()] = 2;
    assert_eq!(problems(&r, &s), vec![format!("escapes[{}]", US.index())], "one counted too many");
    s.escapes[US.index()] = 1;
    s.do_or_die_escapes[US.index()] = 1;
    assert_eq!(problems(&r, &s), vec![format!("do_or_die_escapes[{}]", US.index())], "Do or Die is classic");
    let (r, mut s) = started_with(3, 1, &[("rules", "classic")]);
    s.pawn_mut(pow(US, 3)).loc = Loc::Escaped;
    s.escapes[US.index()] = 1;
    s.do_or_die_escapes[US.index()] = 1;
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "classic: a Do-or-Die escape");
    s.do_or_die_escapes[US.index()] = 2;
    assert_eq!(problems(&r, &s), vec![format!("do_or_die_escapes[{}]", US.index())], "more than the escapes");
    s.do_or_die_escapes[US.index()] = 1;
    s.eliminated[BR.index()] = true;
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "classic: an officer out");
    let (r, mut s) = started(3, 1);
    s.eliminated[BR.index()] = true;
    assert_eq!(problems(&r, &s), vec![format!("eliminated[{}]", BR.index())], "nobody is put out in 2016");
}

#[test]
fn invariants_escape_kits_are_held_or_in_stock() {
    let (r, mut s) = started(3, 1);
    assert!(s.kits[BR.index()], "2016: one kit per officer");
    s.kits[BR.index()] = false;
    assert_eq!(problems(&r, &s), vec!["kit_stock".to_owned()], "a kit lost");
    s.kit_stock += 1;
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "returned to the stock, as an escaper's is");
    s.kit_stock += 1;
    assert_eq!(problems(&r, &s), vec!["kit_stock".to_owned()], "a kit made from nothing");
}

#[test]
fn invariants_a_nation_not_in_the_game_holds_nothing() {
    let (r, mut s) = started(3, 1);
    give_equipment(&mut s, PL, Equipment::Rope, 1);
    assert_eq!(problems(&r, &s), vec![format!("equipment[{}]", PL.index())]);
}

/// Fills a hand up to `n` cards from its deck.
fn hand_of(s: &mut State, seat: usize, n: usize) {
    while s.hands[seat].len() < n {
        let c: Card = if seat == 0 { s.security.draw() } else { s.opportunity.draw() }.expect("a card left");
        s.hands[seat].add(c);
    }
}

#[test]
fn invariants_cards_three_cards_out_of_turn_more_only_in_ones_own_turn() {
    let (r, mut s) = started(3, 1);
    assert_eq!(usize::from(s.turn), BR.seat().index(), "the British officer's turn");
    let (de, br, us) = (DE.index(), BR.seat().index(), US.seat().index());
    hand_of(&mut s, us, 3);
    hand_of(&mut s, de, 3);
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "three out of turn");
    hand_of(&mut s, br, 5);
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "more in one's own turn, until it ends");
    hand_of(&mut s, us, 4);
    hand_of(&mut s, de, 4);
    assert_eq!(problems(&r, &s), vec![format!("hands[{de}]"), format!("hands[{us}]")], "a fourth out of turn");
    let e = r.validate(&s).expect_err("refused");
    assert!(e[0].text.en.contains("hand limit is 3 (Cards)") && e[0].text.ru.contains("не больше 3"), "{e:?}");

    // Classic: officers give cards in the giver's turn, so only the German is bound.
    let (r, mut s) = started_with(3, 1, &[("rules", "classic")]);
    hand_of(&mut s, us, 4);
    assert!(usize::from(s.turn) != us);
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "classic: an officer given a fourth card");
    hand_of(&mut s, de, 4);
    assert_eq!(problems(&r, &s), vec![format!("hands[{de}]")], "classic: the German out of turn");
}
