//! Equipment (Карты Экипировки) and Escape Kits (Комплекты Спасения).

mod common;
use common::*;
use sandtable_colditz::board::Symbol;
use sandtable_colditz::{Colditz, Equipment, Loc, Pending, State, Zone};

/// The British Move phase with br1 and br2 placed.
fn two_in(r: &Colditz, a: &str, b: &str) -> State {
    let (_, mut s) = blank(4, 1);
    let ra = room(r, a);
    let rb = room(r, b);
    put(&mut s, pow(BR, 1), ra[0]);
    put(&mut s, pow(BR, 2), if a == b { ra[1] } else { rb[0] });
    move_phase(&mut s, BR.seat(), 3);
    s
}

#[test]
fn colditz_equipment_two_pows_in_the_two_rooms_claim_the_card() {
    let r = Colditz::standard();
    let rooms = rooms_with(&r, Symbol::Rope);
    assert_eq!(rooms.len(), 2);
    let mut s = two_in(&r, &rooms[0], &rooms[1]);
    let stock = s.stock[Equipment::Rope.index()];
    play(&r, &mut s, BR.seat(), "claim rope br1 br2");
    assert_eq!(s.holds(BR, Equipment::Rope), 1);
    assert_eq!(s.stock[Equipment::Rope.index()], stock - 1);
    assert_eq!(s.mp, 3, "claiming costs no movement");
    place_at_appel(&r, &mut s);
    for p in [pow(BR, 1), pow(BR, 2)] {
        let c = s.pawn(p).circle().unwrap();
        assert_eq!(r.board.circle(c).zone, Zone::Appel, "back to Appel");
    }
}

/// Answers every pending Appel placing with the first free Appel circle offered.
fn place_at_appel(r: &Colditz, s: &mut State) {
    while matches!(s.pending.first(), Some(Pending::ToAppel { .. })) {
        let seat = to_act(r, s)[0];
        let first = legal(r, s, seat).into_iter().find(|a| a.starts_with("move")).expect("a free Appel circle");
        play(r, s, seat, &first);
    }
}

/// Equipment cards (2016) — issue 10, point 2: «затем берет соответствующую
/// карту и отправляет (sends) обоих этих Военнопленных на любые кружки Области
/// Сбора» — the officer chooses the circles, any free ones of the Appel area
/// (not the diagram places); the legal actions list exactly those, one POW
/// at a time, and nothing else.
#[test]
fn colditz_2016_equipment_cards_the_officer_chooses_the_appel_circles() {
    let r = Colditz::standard();
    let rooms = rooms_with(&r, Symbol::Rope);
    let mut s = two_in(&r, &rooms[0], &rooms[1]);
    let blocker = circles(&r, |c| r.board.circle(c).zone == Zone::Appel)[0];
    put(&mut s, pow(US, 1), blocker);
    play(&r, &mut s, BR.seat(), "claim rope br1 br2");
    assert_eq!(s.pending.first(), Some(&Pending::ToAppel { pow: pow(BR, 1) }), "the officer places br1 first");
    assert_eq!(to_act(&r, &s), vec![BR.seat()], "Equipment cards: the officer decides");
    let free: Vec<String> = circles(&r, |c| r.board.circle(c).zone == Zone::Appel && c != blocker)
        .into_iter()
        .map(|c| format!("move br1 {}", k(&r, c)))
        .collect();
    let mut offered = legal(&r, &s, BR.seat());
    offered.sort();
    let mut want = free.clone();
    want.sort();
    assert_eq!(offered, want, "Equipment cards: every free Appel circle, and only those");
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, blocker))).rule,
        "Colditz: Equipment cards",
        "an occupied Appel circle is refused"
    );
    let (a, _) = pair_in(&r, Zone::Inner);
    assert_eq!(refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, a))).rule, "Colditz: Equipment cards");
    assert_eq!(refused(&r, &s, BR.seat(), "end").rule, "Colditz: Equipment cards", "he places them first");
    // Not his diagram place: the last free Appel circle, then the one before.
    let picks: Vec<_> =
        circles(&r, |c| r.board.circle(c).zone == Zone::Appel && c != blocker).into_iter().rev().take(2).collect();
    assert!(!r.board.appel[2][BR.index()].contains(&picks[0]), "a circle the diagram does not give br1");
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, picks[0])));
    assert!(!is_legal(&r, &s, BR.seat(), &format!("move br2 {}", k(&r, picks[0]))), "br1 holds that circle now");
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, picks[1])));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(picks[0]));
    assert_eq!(at(&s, pow(BR, 2)), Loc::Circle(picks[1]));
    assert!(s.pending.is_empty());
    assert_eq!((s.phase, s.mp), (sandtable_colditz::Phase::Move, 3), "his turn goes on");
}

#[test]
fn colditz_equipment_two_pows_in_one_room_claim_the_card() {
    let r = Colditz::standard();
    let rooms = rooms_with(&r, Symbol::Key);
    let mut s = two_in(&r, &rooms[1], &rooms[1]);
    play(&r, &mut s, BR.seat(), "claim key br1 br2");
    assert_eq!(s.holds(BR, Equipment::Key), 1);
    place_at_appel(&r, &mut s);
    for p in [pow(BR, 1), pow(BR, 2)] {
        let c = s.pawn(p).circle().unwrap();
        assert_eq!(r.board.circle(c).zone, Zone::Appel);
    }
}

#[test]
fn colditz_equipment_both_pows_must_be_in_rooms_with_the_symbol() {
    let r = Colditz::standard();
    let rope = rooms_with(&r, Symbol::Rope);
    let key = rooms_with(&r, Symbol::Key);
    let s = two_in(&r, &rope[0], &key[0]);
    for text in ["claim rope br1 br2", "claim key br1 br2", "claim pass br1 br2"] {
        assert_eq!(refused(&r, &s, BR.seat(), text).rule, "Colditz: Equipment cards", "{text}");
    }
    // Another officer's POW does not count.
    let (_, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), room(&r, &rope[0])[0]);
    put(&mut s, pow(US, 1), room(&r, &rope[1])[0]);
    move_phase(&mut s, BR.seat(), 3);
    let a = sandtable_colditz::Action::Claim(Equipment::Rope, pow(BR, 1), pow(US, 1));
    assert!(r.check(&s, BR.seat(), a).is_err());
}

#[test]
fn colditz_equipment_an_empty_stack_gives_nothing() {
    let r = Colditz::standard();
    let rooms = rooms_with(&r, Symbol::Cutters);
    let mut s = two_in(&r, &rooms[0], &rooms[1]);
    let all = s.stock[Equipment::Cutters.index()];
    give_equipment(&mut s, US, Equipment::Cutters, all);
    assert_eq!(s.stock[Equipment::Cutters.index()], 0);
    assert_eq!(refused(&r, &s, BR.seat(), "claim cutters br1 br2").rule, "Colditz: Equipment cards");
}

#[test]
fn colditz_equipment_officers_may_give_equipment_2016() {
    let (r, mut s) = blank(4, 1);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "give rope american").rule, "Colditz: Equipment cards");
    assert_eq!(refused(&r, &s, BR.seat(), "give key british").rule, "Colditz: Equipment cards", "not to himself");
    assert_eq!(
        refused(&r, &s, BR.seat(), "give key dutch").rule,
        "Colditz: Equipment cards",
        "the Dutch are not in a four-player game"
    );
    play(&r, &mut s, BR.seat(), "give key american");
    assert_eq!(s.holds(BR, Equipment::Key), 0);
    assert_eq!(s.holds(US, Equipment::Key), 1);
    // Also before rolling.
    roll_phase(&mut s, US.seat());
    play(&r, &mut s, US.seat(), "give key french");
    assert_eq!(s.holds(FR, Equipment::Key), 1);
}

#[test]
fn colditz_equipment_classic_equipment_cannot_be_given() {
    let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "give key american").rule, "Colditz classic: Cards");
}

#[test]
fn colditz_cards_opportunity_cards_are_never_traded_2016() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, BR.seat(), card(&r, "release"));
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(refused(&r, &s, BR.seat(), "give release american").rule, "Colditz: Cards");
}

// ------------------------------------------------------------ escape kits --

/// Four British POWs, one in a room of each kit symbol; no kit held.
fn kit_rooms() -> (Colditz, State) {
    let (r, mut s) = blank_with(4, 1, &[("starting-kits", "no")]);
    for (i, sym) in Symbol::KIT.into_iter().enumerate() {
        let id = rooms_with(&r, sym)[i % 2].clone();
        put(&mut s, pow(BR, i as u8 + 1), room(&r, &id)[0]);
    }
    move_phase(&mut s, BR.seat(), 2);
    (r, s)
}

#[test]
fn colditz_escape_kits_one_pow_in_each_of_the_four_kit_rooms() {
    let (r, mut s) = kit_rooms();
    assert!(!s.kits[BR.index()]);
    let stock = s.kit_stock;
    play(&r, &mut s, BR.seat(), "kit br1 br2 br3 br4");
    assert!(s.kits[BR.index()]);
    assert_eq!(s.kit_stock, stock - 1);
    assert_eq!(s.pending.len(), 4, "Escape Kits: the officer sends the four «на любые кружки в Области Сбора»");
    place_at_appel(&r, &mut s);
    for k in 1..=4 {
        let c = s.pawn(pow(BR, k)).circle().unwrap();
        assert_eq!(r.board.circle(c).zone, Zone::Appel, "2016: the four go back to Appel");
    }
}

#[test]
fn colditz_escape_kits_need_all_four_rooms_at_once() {
    let (r, mut s) = kit_rooms();
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 4), a);
    assert_eq!(refused(&r, &s, BR.seat(), "kit br1 br2 br3 br4").rule, "Colditz: Escape Kits");
    // Two in food rooms and none in compass rooms.
    let food = rooms_with(&r, Symbol::Food);
    put(&mut s, pow(BR, 4), room(&r, &food[1])[0]);
    assert_eq!(refused(&r, &s, BR.seat(), "kit br1 br2 br3 br4").rule, "Colditz: Escape Kits");
}

#[test]
fn colditz_escape_kits_part_a_stands_for_food_and_disguise() {
    let (r, mut s) = kit_rooms();
    give_card(&mut s, BR.seat(), card(&r, "kit-part-a"));
    // Food (br1) and disguise (br2) are covered by the card.
    assert_eq!(
        refused(&r, &s, BR.seat(), "kit kit-part-a br1 br2").rule,
        "Colditz: Escape Kits",
        "part A does not stand for documents and compass"
    );
    play(&r, &mut s, BR.seat(), "kit kit-part-a br3 br4");
    assert!(s.kits[BR.index()]);
    assert!(s.hands[BR.seat().index()].is_empty());
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "kit-part-a")));
}

#[test]
fn colditz_escape_kits_part_b_stands_for_documents_and_compass() {
    let (r, mut s) = kit_rooms();
    give_card(&mut s, BR.seat(), card(&r, "kit-part-b"));
    play(&r, &mut s, BR.seat(), "kit kit-part-b br1 br2");
    assert!(s.kits[BR.index()]);
}

#[test]
fn colditz_escape_kits_both_parts_make_a_kit_without_pows() {
    let (r, mut s) = kit_rooms();
    assert_eq!(refused(&r, &s, BR.seat(), "kit kit-part-a kit-part-b").rule, "Colditz: Escape Kits");
    give_card(&mut s, BR.seat(), card(&r, "kit-part-a"));
    give_card(&mut s, BR.seat(), card(&r, "kit-part-b"));
    play(&r, &mut s, BR.seat(), "kit kit-part-a kit-part-b");
    assert!(s.kits[BR.index()]);
    assert!(s.hands[BR.seat().index()].is_empty());
}

#[test]
fn colditz_escape_kits_one_kit_per_officer() {
    let (r, mut s) = kit_rooms();
    s.kits[BR.index()] = true;
    assert_eq!(refused(&r, &s, BR.seat(), "kit br1 br2 br3 br4").rule, "Colditz: Escape Kits");
}

#[test]
fn colditz_escape_kits_are_never_confiscated() {
    let (r, mut s) = blank(4, 1);
    let (g, p) = pair_in(&r, Zone::Outer);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), p);
    assert!(s.kits[BR.index()]);
    move_phase(&mut s, DE, 1);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, p)));
    assert!(s.pending.is_empty(), "a kit is not Equipment");
    assert!(s.kits[BR.index()]);
    // With Equipment too: the officer gives up the Equipment, never the kit.
    put(&mut s, guard(2), g);
    put(&mut s, pow(BR, 2), p);
    s.mp = 1;
    give_equipment(&mut s, BR, Equipment::Pass, 1);
    play(&r, &mut s, DE, &format!("move g2 {}", k(&r, p)));
    assert_eq!(legal(&r, &s, BR.seat()), vec!["surrender pass".to_string()]);
    play(&r, &mut s, BR.seat(), "surrender pass");
    assert!(s.kits[BR.index()]);
}

#[test]
fn colditz_classic_escape_kit_pows_stay_in_their_rooms() {
    let (r, mut s) = blank_with(4, 1, &[("starting-kits", "no"), ("rules", "classic")]);
    for (i, sym) in Symbol::KIT.into_iter().enumerate() {
        let id = rooms_with(&r, sym)[0].clone();
        put(&mut s, pow(BR, i as u8 + 1), room(&r, &id)[0]);
    }
    move_phase(&mut s, BR.seat(), 2);
    let before: Vec<_> = (1..=4).map(|k| at(&s, pow(BR, k))).collect();
    play(&r, &mut s, BR.seat(), "kit br1 br2 br3 br4");
    assert!(s.kits[BR.index()]);
    let after: Vec<_> = (1..=4).map(|k| at(&s, pow(BR, k))).collect();
    assert_eq!(before, after, "classic: no return to Appel for a kit");
}

#[test]
fn colditz_equipment_may_be_given_in_another_officers_turn() {
    let (r, mut s) = blank(4, 1);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    move_phase(&mut s, US.seat(), 3);
    // «Карты Экипировки могут быть свободно обменены между Офицерами
    // Беглецами в любой момент, кроме как во время Хода Офицера Охраны».
    play(&r, &mut s, BR.seat(), "give key american");
    assert_eq!(s.holds(US, Equipment::Key), 1);
}
