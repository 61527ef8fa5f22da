//! Cards (Карты Возможностей и Охраны): the hand limit, played cards to the
//! bottom of their deck, and each Opportunity and Security card.

mod common;
use common::*;
use sandtable_colditz::{CircleId, Colditz, Equipment, Loc, Pending, State, Zone};
use sandtable_core::Ruleset;

fn opp_seat_hand(s: &State) -> usize {
    s.hands[BR.seat().index()].len()
}

#[test]
fn colditz_cards_hand_limit_three() {
    let (r, mut s) = blank(4, 1);
    for name in ["release", "diversion", "hideaway", "sabotage"] {
        give_card(&mut s, BR.seat(), card(&r, name));
    }
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "end").rule, "Colditz: Cards");
    assert_eq!(refused(&r, &s, BR.seat(), "discard talisman").rule, "Colditz: Cards");
    play(&r, &mut s, BR.seat(), "discard hideaway");
    assert_eq!(opp_seat_hand(&s), 3);
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "hideaway")), "to the bottom");
    play(&r, &mut s, BR.seat(), "end");
    // The German too.
    let (r, mut s) = blank(4, 1);
    for name in ["search:dentist", "search:kitchen", "shoot-to-kill", "tunnel-detected"] {
        give_card(&mut s, DE, card(&r, name));
    }
    move_phase(&mut s, DE, 0);
    assert_eq!(refused(&r, &s, DE, "end").rule, "Colditz: Cards");
    play(&r, &mut s, DE, "play search:kitchen");
    assert_eq!(s.security.cards().last(), Some(&card(&r, "search:kitchen")));
    play(&r, &mut s, DE, "end");
}

#[test]
fn colditz_cards_played_cards_go_to_the_bottom_of_their_deck() {
    let (r, mut s) = blank(4, 1);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, guard(3), a);
    give_card(&mut s, BR.seat(), card(&r, "diversion"));
    move_phase(&mut s, BR.seat(), 0);
    let len = s.opportunity.len();
    play(&r, &mut s, BR.seat(), "play diversion g3");
    assert_eq!(s.opportunity.len(), len + 1);
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "diversion")));
    assert_eq!(opp_seat_hand(&s), 0);
}

#[test]
fn colditz_cards_cards_are_played_only_by_their_holder() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, US.seat(), card(&r, "bribe-one"));
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "play bribe-one key").rule, "Colditz: Cards");
    assert_eq!(refused(&r, &s, US.seat(), "play bribe-one key").rule, "Colditz: Play", "not in another's turn");
}

#[test]
fn colditz_cards_bribe_one_takes_one_equipment_card_of_choice() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, BR.seat(), card(&r, "bribe-one"));
    move_phase(&mut s, BR.seat(), 0);
    let stock = s.stock[Equipment::Rope.index()];
    play(&r, &mut s, BR.seat(), "play bribe-one rope");
    assert_eq!(s.holds(BR, Equipment::Rope), 1);
    assert_eq!(s.stock[Equipment::Rope.index()], stock - 1);
    // Not from an empty stack.
    give_card(&mut s, BR.seat(), card(&r, "bribe-one"));
    let all = s.stock[Equipment::Pass.index()];
    give_equipment(&mut s, FR, Equipment::Pass, all);
    assert_eq!(refused(&r, &s, BR.seat(), "play bribe-one pass").rule, "Colditz: Equipment cards");
}

#[test]
fn colditz_cards_bribe_two_takes_two() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, BR.seat(), card(&r, "bribe-two"));
    give_card(&mut s, BR.seat(), card(&r, "bribe-two"));
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "play bribe-two key rope");
    assert_eq!(s.holds(BR, Equipment::Key), 1);
    assert_eq!(s.holds(BR, Equipment::Rope), 1);
    play(&r, &mut s, BR.seat(), "play bribe-two cutters cutters");
    assert_eq!(s.holds(BR, Equipment::Cutters), 2);
}

#[test]
fn colditz_cards_turn_in_gives_its_equipment() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, BR.seat(), card(&r, "turn-in:key"));
    roll_phase(&mut s, BR.seat());
    play(&r, &mut s, BR.seat(), "play turn-in:key");
    assert_eq!(s.holds(BR, Equipment::Key), 1);
}

/// Key / Pass / Rope / Wire Cutters (the classic card text, used by both
/// rule sets) — issue 10, point 11: "These cards can be turned in at any
/// time, even out of turn, for the corresponding Equipment card provided one
/// is available": in the German's turn too, and while another officer's
/// answer is awaited; Equipment itself still changes hands only outside the
/// German's turn (2016: «в любой момент, кроме как во время Хода Офицера
/// Охраны»). Not before play begins, nor with the stack empty.
#[test]
fn colditz_classic_cards_turn_in_cards_any_time_even_out_of_turn() {
    for opts in [&[("rules", "classic")][..], &[][..]] {
        let (r, mut s) = blank_with(4, 1, opts);
        give_card(&mut s, BR.seat(), card(&r, "turn-in:key"));
        give_equipment(&mut s, BR, Equipment::Rope, 1);
        // The German's turn.
        move_phase(&mut s, DE, 3);
        assert!(r.may_act(&s).contains(BR.seat()), "the British may act out of turn");
        assert!(is_legal(&r, &s, BR.seat(), "play turn-in:key"), "in the German's turn");
        assert!(!is_legal(&r, &s, BR.seat(), "give rope american"), "no Equipment trade in the German's turn");
        // While another officer's answer is awaited.
        let mut waiting = s.clone();
        give_equipment(&mut waiting, US, Equipment::Pass, 1);
        waiting.pending.push(Pending::Confiscate { nation: US, count: 1 });
        assert!(is_legal(&r, &waiting, BR.seat(), "play turn-in:key"), "while an answer is awaited");
        play(&r, &mut waiting, BR.seat(), "play turn-in:key");
        assert_eq!(waiting.holds(BR, Equipment::Key), 1);
        assert_eq!(
            waiting.pending.to_vec(),
            vec![Pending::Confiscate { nation: US, count: 1 }],
            "the answer still awaited"
        );
        play(&r, &mut s, BR.seat(), "play turn-in:key");
        assert_eq!(s.holds(BR, Equipment::Key), 1, "turned in for its Equipment card");
        // With none of that Equipment left, the card waits.
        give_card(&mut s, BR.seat(), card(&r, "turn-in:key"));
        let keys = s.stock[Equipment::Key.index()];
        s.stock[Equipment::Key.index()] = 0;
        assert!(!is_legal(&r, &s, BR.seat(), "play turn-in:key"), "provided one is available");
        s.stock[Equipment::Key.index()] = keys;
        // Not before play begins.
        let (r, mut setup) = game_with(4, 1, opts);
        empty_hand(&mut setup, BR.seat());
        give_card(&mut setup, BR.seat(), card(&r, "turn-in:key"));
        assert!(!is_legal(&r, &setup, BR.seat(), "play turn-in:key"), "not in the guards' set-up");
    }
}

#[test]
fn colditz_cards_diversion_and_inspection_send_guards_to_the_barracks() {
    let (r, mut s) = blank(4, 1);
    let (a, b) = pair_in(&r, Zone::Inner);
    let post = outer_posts(&r)[0];
    put(&mut s, guard(1), a);
    put(&mut s, guard(2), b);
    put(&mut s, guard(3), post);
    give_card(&mut s, BR.seat(), card(&r, "diversion"));
    give_card(&mut s, BR.seat(), card(&r, "inspection"));
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(
        refused(&r, &s, BR.seat(), "play diversion g4").rule,
        "Colditz: Diversion / Inspection by the German High Command",
        "a guard in the barracks"
    );
    play(&r, &mut s, BR.seat(), "play diversion g3");
    assert_eq!(at(&s, guard(3)), Loc::Barracks);
    play(&r, &mut s, BR.seat(), "play inspection g1 g2");
    assert_eq!(at(&s, guard(1)), Loc::Barracks);
    assert_eq!(at(&s, guard(2)), Loc::Barracks);
}

#[test]
fn colditz_cards_move_fast_not_from_solitary() {
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), cells(&r, 0)[0]);
    give_card(&mut s, BR.seat(), card(&r, "move-fast:kitchen"));
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "play move-fast:kitchen br1").rule, "Colditz: Move Fast");
}

#[test]
fn colditz_cards_sabotage_the_german_discards_two_and_draws_one() {
    let (r, mut s) = blank(4, 1);
    for name in ["appel", "search:dentist", "shoot-to-kill"] {
        give_card(&mut s, DE, card(&r, name));
    }
    give_card(&mut s, BR.seat(), card(&r, "sabotage"));
    move_phase(&mut s, BR.seat(), 0);
    let deck = s.security.len();
    play(&r, &mut s, BR.seat(), "play sabotage");
    assert_eq!(s.hands[0].len(), 2);
    assert_eq!(s.security.len(), deck + 1);
    // With one card he discards it and draws nothing.
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, DE, card(&r, "appel"));
    give_card(&mut s, BR.seat(), card(&r, "sabotage"));
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "play sabotage");
    assert_eq!(s.hands[0].len(), 0);
    // With none it would do nothing: authored, it is not playable then.
    give_card(&mut s, BR.seat(), card(&r, "sabotage"));
    assert_eq!(refused(&r, &s, BR.seat(), "play sabotage").rule, "Colditz: Sabotage");
}

/// br1 next to the staff car, in the British Move phase with the card.
fn by_the_car() -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    let car = r.board.car;
    let n = r.board.net.links(car).map(|(n, _)| n).find(|&n| plain(&r, n)).expect("a circle by the car");
    put(&mut s, pow(BR, 1), n);
    give_card(&mut s, BR.seat(), card(&r, "staff-car"));
    move_phase(&mut s, BR.seat(), 0);
    (r, s)
}

#[test]
fn colditz_cards_staff_car_six_throws_against_the_distance() {
    let (r, mut s) = by_the_car();
    let distance = u32::from(r.car_distance());
    // Through the main gate and over the bridge: 45 circles on the authored board (BOARD.md).
    assert_eq!(distance, 45);
    with_dice(&r, &mut s, BR.seat(), "play staff-car br1", "Colditz: Cards", |d| {
        d.iter().map(|&x| u32::from(x)).sum::<u32>() >= distance
    });
    assert_eq!(at(&s, pow(BR, 1)), Loc::Escaped);
    assert_eq!(s.escapes[BR.index()], 1);
    assert!(s.hands[BR.seat().index()].is_empty(), "the car's throws draw no card");
    let (r, mut s) = by_the_car();
    let ev = with_dice(&r, &mut s, BR.seat(), "play staff-car br1", "Colditz: Cards", |d| {
        d.iter().map(|&x| u32::from(x)).sum::<u32>() < distance
    });
    assert!(dice_of(&ev, "Colditz: Cards").len() >= 12, "six throws at least");
    assert!(in_cells(&r, &s, pow(BR, 1), 1), "a failed drive ends in solitary");
}

#[test]
fn colditz_cards_staff_car_needs_a_kit_and_the_car() {
    let (r, mut s) = by_the_car();
    s.kits[BR.index()] = false;
    assert_eq!(refused(&r, &s, BR.seat(), "play staff-car br1").rule, "Colditz: Successful Escape");
    let (r, mut s) = by_the_car();
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    assert_eq!(refused(&r, &s, BR.seat(), "play staff-car br1").rule, "Colditz: Staff Car");
}

/// A guard spot and a POW spot outside, `d` apart in the line of fire.
fn shooting_range(r: &Colditz, d: u32) -> (CircleId, CircleId) {
    let outside = |c: CircleId| r.board.circle(c).zone == Zone::Outside && plain(r, c);
    for g in circles(r, outside) {
        let range = range_from(r, g);
        if let Some(p) = circles(r, |c| outside(c) && range[c.index()] == d).first() {
            return (g, *p);
        }
    }
    panic!("no shooting range of {d}");
}

/// The German about to Shoot to Kill br1 from g1, five circles away.
fn shot_ready() -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    let (g, p) = shooting_range(&r, 5);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), p);
    give_card(&mut s, DE, card(&r, "shoot-to-kill"));
    move_phase(&mut s, DE, 0);
    (r, s)
}

/// A first throw of 4, no doubles: 8 with the doubling, 4 without.
fn first_throw_four(d: &[u8]) -> bool {
    d.len() == 2 && d[0] != d[1] && d[0] + d[1] == 4
}

#[test]
fn colditz_cards_shoot_to_kill_doubles_the_first_throw() {
    let (r, mut s) = shot_ready();
    with_dice(&r, &mut s, DE, "play shoot-to-kill g1 br1", "Colditz: Cards", first_throw_four);
    // The officer is always asked (a Talisman in hand or not), and passes.
    assert_eq!(to_act(&r, &s), vec![BR.seat()]);
    assert_eq!(refused(&r, &s, BR.seat(), "play talisman").rule, "Colditz: Cards");
    play(&r, &mut s, BR.seat(), "pass");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Dead, "8 reaches 5");
    assert!(s.hands[0].is_empty(), "a throw of 4 for a shot draws no card");
    assert_eq!(
        at(&s, guard(1)),
        Loc::Office,
        "2016: the shooting guard leaves the board; the office first, so not back this turn"
    );
}

#[test]
fn colditz_cards_talisman_answers_shoot_to_kill() {
    let (r, mut s) = shot_ready();
    give_card(&mut s, BR.seat(), card(&r, "talisman"));
    with_dice(&r, &mut s, DE, "play shoot-to-kill g1 br1", "Colditz: Cards", first_throw_four);
    assert_eq!(to_act(&r, &s), vec![BR.seat()]);
    play(&r, &mut s, BR.seat(), "play talisman");
    assert_ne!(at(&s, pow(BR, 1)), Loc::Dead, "4 does not reach 5");
    assert_eq!(at(&s, guard(1)), Loc::Office, "2016: off the board for the rest of the German turn");
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "talisman")));
    assert_eq!(to_act(&r, &s), vec![DE]);
}

#[test]
fn colditz_cards_shoot_to_kill_only_at_a_pow_outside() {
    let (r, mut s) = shot_ready();
    let (a, _) = pair_in(&r, Zone::Outer);
    put(&mut s, pow(BR, 1), a);
    assert_eq!(refused(&r, &s, DE, "play shoot-to-kill g1 br1").rule, "Colditz: Outside the castle");
}

/// br1 has just used a key; the German's Roll phase holding Arrest Key Holder.
fn key_used() -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    let (gate, before, beyond) = gate_between(&r, sandtable_colditz::Gate::Key, Zone::Inner);
    let _ = gate;
    put(&mut s, pow(BR, 1), before);
    put(&mut s, pow(BR, 2), room(&r, "kitchen")[1]);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    move_phase(&mut s, BR.seat(), 3);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, gate)));
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, beyond)));
    give_card(&mut s, DE, card(&r, "arrest-key-holder"));
    roll_phase(&mut s, DE);
    (r, s)
}

#[test]
fn colditz_cards_arrest_key_holder_sends_a_key_user_to_solitary() {
    let (r, mut s) = key_used();
    assert_eq!(
        refused(&r, &s, DE, "play arrest-key-holder br2").rule,
        "Colditz: Arrest Key Holder / Pass Holder",
        "br2 used no key"
    );
    play(&r, &mut s, DE, "play arrest-key-holder br1");
    assert!(s.pawn(pow(BR, 1)).circle().is_some_and(|c| r.board.circle(c).zone.is_cell()));
    assert_eq!(s.pending.first(), Some(&Pending::Confiscate { nation: BR, count: 1 }));
    play(&r, &mut s, BR.seat(), "surrender rope");
}

#[test]
fn colditz_cards_arrest_key_holder_only_until_the_german_turn_ends() {
    let (r, mut s) = key_used();
    move_phase(&mut s, DE, 0);
    // He keeps the card for next time.
    play(&r, &mut s, DE, "end");
    roll_phase(&mut s, DE);
    assert_eq!(refused(&r, &s, DE, "play arrest-key-holder br1").rule, "Colditz: Arrest Key Holder / Pass Holder");
}

#[test]
fn colditz_cards_arrest_key_holder_cannot_reach_a_safe_area() {
    let (r, mut s) = key_used();
    let safe = circles(&r, |c| r.board.circle(c).safe && r.board.circle(c).zone != Zone::Appel)[0];
    put(&mut s, pow(BR, 1), safe);
    assert!(s.pawn(pow(BR, 1)).used_key);
    assert_eq!(refused(&r, &s, DE, "play arrest-key-holder br1").rule, "Colditz: Safe Areas");
    let appel = circles(&r, |c| r.board.circle(c).zone == Zone::Appel)[0];
    put(&mut s, pow(BR, 1), appel);
    assert_eq!(refused(&r, &s, DE, "play arrest-key-holder br1").rule, "Colditz: Appel area");
}

/// Search: the Dentist, br1 and br2 (British officer holding `equipment`
/// cards) and us1 (American officer holding none) in it; g1 at the door.
fn search_ready(equipment: &[Equipment]) -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    let (inside, outside) = door(&r, "dentist");
    let spots: Vec<_> = room(&r, "dentist").into_iter().filter(|&c| c != inside).collect();
    put(&mut s, pow(BR, 1), spots[0]);
    put(&mut s, pow(BR, 2), spots[1]);
    put(&mut s, pow(US, 1), spots[2]);
    for &e in equipment {
        give_equipment(&mut s, BR, e, 1);
    }
    put(&mut s, guard(1), outside);
    give_card(&mut s, DE, card(&r, "search:dentist"));
    move_phase(&mut s, DE, 1);
    play(&r, &mut s, DE, "play search:dentist");
    // The British officer (liable: he holds Equipment) is asked for an
    // Advance Warning; the American (holding none) is not threatened.
    if !equipment.is_empty() {
        assert_eq!(to_act(&r, &s), vec![BR.seat()]);
        play(&r, &mut s, BR.seat(), "pass");
    }
    assert_eq!(to_act(&r, &s), vec![DE]);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, inside)));
    (r, s)
}

#[test]
fn colditz_cards_advance_warning_answers_a_search() {
    let (r, mut s) = blank(4, 1);
    let spots = room(&r, "dentist");
    put(&mut s, pow(BR, 1), spots[0]);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    give_card(&mut s, BR.seat(), card(&r, "advance-warning"));
    give_card(&mut s, DE, card(&r, "search:dentist"));
    move_phase(&mut s, DE, 1);
    play(&r, &mut s, DE, "play search:dentist");
    assert_eq!(to_act(&r, &s), vec![BR.seat()]);
    assert!(is_legal(&r, &s, BR.seat(), "play advance-warning"));
    play(&r, &mut s, BR.seat(), "play advance-warning");
    assert!(!s.hands[BR.seat().index()].contains(&card(&r, "advance-warning")));
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "advance-warning")), "to the bottom of its deck");
    assert_eq!(to_act(&r, &s), vec![DE], "the German's turn goes on");
}

#[test]
fn colditz_cards_search_arrests_the_pows_in_the_room_whose_officer_holds_equipment() {
    let (r, mut s) = search_ready(&[Equipment::Key, Equipment::Rope]);
    for k in [1, 2] {
        assert!(in_cells(&r, &s, pow(BR, k), 0), "br{k} to solitary");
    }
    let c = s.pawn(pow(US, 1)).circle().unwrap();
    assert_eq!(
        r.board.circle(c).zone,
        Zone::Room(room_index(&r, "dentist")),
        "an officer with no Equipment: his POW stays"
    );
    assert_eq!(at(&s, guard(1)), Loc::Office, "2016: off the board for the rest of the German turn");
    // One Equipment card per POW.
    assert_eq!(s.pending.to_vec(), vec![Pending::Confiscate { nation: BR, count: 2 }]);
    play(&r, &mut s, BR.seat(), "surrender key");
    play(&r, &mut s, BR.seat(), "surrender rope");
    assert!(s.pending.is_empty());
    assert_eq!(to_act(&r, &s), vec![DE]);
}

#[test]
fn colditz_cards_search_with_fewer_cards_than_pows_does_not_stall() {
    let (r, mut s) = search_ready(&[Equipment::Key]);
    play(&r, &mut s, BR.seat(), "surrender key");
    for seat in to_act(&r, &s) {
        assert!(!legal(&r, &s, seat).is_empty(), "seat {} has no legal action (pending {:?})", seat.index(), s.pending);
    }
}

#[test]
fn colditz_cards_arrest_pass_holder_sends_a_pass_user_to_solitary() {
    let (r, mut s) = blank(4, 1);
    let (gate, before, _) = gate_between(&r, sandtable_colditz::Gate::Pass, Zone::Inner);
    put(&mut s, pow(BR, 1), before);
    give_equipment(&mut s, BR, Equipment::Pass, 1);
    move_phase(&mut s, BR.seat(), 3);
    play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, gate)));
    give_card(&mut s, DE, card(&r, "arrest-pass-holder"));
    give_card(&mut s, DE, card(&r, "arrest-key-holder"));
    roll_phase(&mut s, DE);
    assert_eq!(
        refused(&r, &s, DE, "play arrest-key-holder br1").rule,
        "Colditz: Arrest Key Holder / Pass Holder",
        "he used a pass, not a key"
    );
    play(&r, &mut s, DE, "play arrest-pass-holder br1");
    assert!(s.pawn(pow(BR, 1)).circle().is_some_and(|c| r.board.circle(c).zone.is_cell()));
    assert!(s.pending.is_empty(), "nothing left to confiscate");
}

#[test]
fn colditz_cards_shoot_to_kill_is_fired_by_a_guard_on_the_board() {
    let (r, mut s) = shot_ready();
    s.pawn_mut(guard(1)).loc = Loc::Barracks;
    assert_eq!(refused(&r, &s, DE, "play shoot-to-kill g1 br1").rule, "Colditz: Shoot to Kill");
}

#[test]
fn colditz_cards_move_fast_needs_a_free_circle_in_the_room() {
    let (r, mut s) = blank(4, 1);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    let kitchen = room(&r, "kitchen");
    for (i, &c) in kitchen.iter().enumerate() {
        put(&mut s, pow(US, 1 + i as u8), c);
    }
    give_card(&mut s, BR.seat(), card(&r, "move-fast:kitchen"));
    move_phase(&mut s, BR.seat(), 0);
    let e = refused(&r, &s, BR.seat(), "play move-fast:kitchen br1");
    assert_eq!(e.rule, "Colditz: Move Fast");
    assert!(e.text.en.contains("no free circle"), "{}", e.text.en);
    s.pawn_mut(pow(US, 1)).loc = Loc::Absent;
    play(&r, &mut s, BR.seat(), "play move-fast:kitchen br1");
}

/// Search (the Security card) — issue 10, point 3: neither the 2016 text
/// nor the classic summary limits Search cards to one a turn: a second one
/// played in the same turn opens its room too, and both rooms stay open to
/// guards until each is searched or the turn ends.
#[test]
fn colditz_2016_search_cards_no_limit_of_one_a_turn() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, DE, card(&r, "search:dentist"));
    give_card(&mut s, DE, card(&r, "search:kitchen"));
    move_phase(&mut s, DE, 0);
    play(&r, &mut s, DE, "play search:dentist");
    assert!(is_legal(&r, &s, DE, "play search:kitchen"), "Search: a second Search card the same turn is legal");
    play(&r, &mut s, DE, "play search:kitchen");
    let mut open = sandtable_core::Ruleset::view(&r, &s, sandtable_core::Viewer::Seat(DE)).search;
    open.sort();
    assert_eq!(open, vec!["dentist".to_owned(), "kitchen".to_owned()], "Search: both rooms are open to guards");
    play(&r, &mut s, DE, "end");
    assert_eq!(s.search, 0, "Search: the rooms close at the end of the German's turn");
}

#[test]
fn colditz_cards_release_from_solitary_takes_a_pow_in_solitary() {
    let (r, mut s) = blank(4, 1);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    put(&mut s, pow(BR, 2), cells(&r, 0)[0]);
    give_card(&mut s, BR.seat(), card(&r, "release"));
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "play release br1").rule, "Colditz: Release from Solitary");
    play(&r, &mut s, BR.seat(), "play release br2");
}
