//! Positions as data: a state read from JSON is checked before play starts
//! from it (`Ruleset::validate`): players, pawns on the board, every card of
//! the manifest exactly once, Equipment conserved.

mod common;
use common::*;
use sandtable_colditz::{Colditz, Equipment, State};
use sandtable_core::Ruleset;

fn problems(r: &Colditz, s: &State) -> Vec<String> {
    r.validate(s).err().unwrap_or_default().into_iter().map(|e| e.at).collect()
}

#[test]
fn position_a_started_game_validates_and_bad_fields_are_named() {
    let (r, s) = started(4, 1);
    assert_eq!(problems(&r, &s), Vec::<String>::new());
    let mut v = serde_json::to_value(&s).expect("serialises");
    v["players"] = serde_json::json!(8);
    let bad: State = serde_json::from_value(v).expect("a state's shape");
    let at = problems(&r, &bad);
    for field in ["players", "hands"] {
        assert!(at.contains(&field.to_owned()), "{field} not named in {at:?}");
    }
}

#[test]
fn position_cards_every_card_of_the_manifest_exactly_once() {
    let (r, mut s) = started(3, 1);
    // A card moved from the deck to a hand is still conserved.
    let c = s.opportunity.draw().expect("a card");
    give_card(&mut s, BR.seat(), c);
    assert!(r.validate(&s).is_ok());
    // A copy of it more is not; nor is one fewer.
    give_card(&mut s, US.seat(), c);
    assert_eq!(problems(&r, &s), vec!["opportunity".to_owned()]);
    empty_hand(&mut s, US.seat());
    empty_hand(&mut s, BR.seat());
    assert_eq!(problems(&r, &s), vec!["opportunity".to_owned()]);
    // A Security card in an officer's hand is not the German's.
    let (r, mut s) = started(3, 1);
    let sec = s.security.draw().expect("a Security card");
    give_card(&mut s, BR.seat(), sec);
    let at = problems(&r, &s);
    assert!(at.contains(&"security".to_owned()) && at.contains(&"opportunity".to_owned()), "{at:?}");
}

#[test]
fn position_equipment_held_comes_from_the_stock() {
    let (r, mut s) = started(3, 1);
    let k = Equipment::Key.index();
    let before = s.stock[k];
    give_equipment(&mut s, BR, Equipment::Key, 1);
    // give_equipment takes it from the stock: conserved.
    assert_eq!(s.stock[k] + 1, before, "the helper draws from the stock");
    assert!(r.validate(&s).is_ok());
    s.stock[k] += 1;
    assert_eq!(problems(&r, &s), vec![format!("stock[{k}]")]);
}

#[test]
fn position_a_pawn_off_the_board_is_named() {
    let (r, s) = started(2, 1);
    let mut v = serde_json::to_value(&s).expect("serialises");
    v["pawns"][0]["loc"] = serde_json::json!({"at": "circle", "circle": 60000});
    let bad: State = serde_json::from_value(v).expect("a state's shape");
    assert_eq!(problems(&r, &bad), vec!["pawns[0].loc".to_owned()]);
}
