//! Hidden information: hands, Equipment kinds, and what a decision reveals.

mod common;
use common::*;
use sandtable_colditz::{CircleId, Colditz, Equipment, State, Zone};
use sandtable_core::{Ruleset, Viewer};
use serde_json::Value;

/// Distinctive cards and Equipment in every hand.
fn dealt() -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, BR.seat(), card(&r, "tunnel:chapel"));
    give_card(&mut s, BR.seat(), card(&r, "move-fast:dentist"));
    give_card(&mut s, US.seat(), card(&r, "bribe-two"));
    give_card(&mut s, FR.seat(), card(&r, "staff-car"));
    give_card(&mut s, DE, card(&r, "search:kitchen"));
    give_equipment(&mut s, BR, Equipment::Key, 1);
    give_equipment(&mut s, BR, Equipment::Rope, 2);
    give_equipment(&mut s, US, Equipment::Cutters, 1);
    move_phase(&mut s, BR.seat(), 3);
    (r, s)
}

fn json(r: &Colditz, s: &State, v: Viewer) -> (String, Value) {
    let view = r.view(s, v);
    let text = serde_json::to_string(&view).expect("views serialize");
    let value = serde_json::to_value(&view).expect("views serialize");
    (text, value)
}

fn officer(v: &Value, n: sandtable_colditz::Nation) -> &Value {
    v["officers"].as_array().unwrap().iter().find(|o| o["nation"] == n.id()).unwrap()
}

/// Whether `events` reveal something hidden to `v` (its undo barrier).
fn revealed_to(events: &[sandtable_core::Event], v: Viewer) -> bool {
    events.iter().any(|e| e.reveals && e.seen_by(v))
}

const OPPORTUNITY: [&str; 4] = ["tunnel:chapel", "move-fast:dentist", "bribe-two", "staff-car"];

#[test]
fn colditz_hidden_the_german_sees_no_opportunity_card_and_no_equipment_kind() {
    let (r, s) = dealt();
    let (text, v) = json(&r, &s, Viewer::Seat(DE));
    for name in OPPORTUNITY {
        assert!(!text.contains(&format!("\"{name}\"")), "{name} shows in the German's view");
    }
    for n in [BR, US, FR] {
        let o = officer(&v, n);
        assert!(o["hand"].is_null(), "{n:?} hand");
        assert!(o["kinds"].is_null(), "{n:?} equipment kinds");
    }
    assert_eq!(officer(&v, BR)["cards"], 2, "how many cards is public");
    assert_eq!(officer(&v, BR)["equipment"], 3, "how much Equipment is public");
    assert!(text.contains("\"search:kitchen\""), "his own hand");
}

#[test]
fn colditz_hidden_an_officer_sees_only_his_own_hand() {
    let (r, s) = dealt();
    let (text, v) = json(&r, &s, Viewer::Seat(BR.seat()));
    assert!(text.contains("\"tunnel:chapel\"") && text.contains("\"move-fast:dentist\""));
    for name in ["bribe-two", "staff-car", "search:kitchen"] {
        assert!(!text.contains(&format!("\"{name}\"")), "{name} shows to the British officer");
    }
    assert_eq!(officer(&v, BR)["kinds"], serde_json::json!([0, 0, 1, 2]));
    assert!(officer(&v, US)["kinds"].is_null());
    assert!(officer(&v, US)["hand"].is_null());
    assert!(v["security_hand"].is_null());
}

#[test]
fn colditz_hidden_a_spectator_sees_no_hand() {
    let (r, s) = dealt();
    let (text, _) = json(&r, &s, Viewer::Spectator);
    for name in OPPORTUNITY.iter().chain(&["search:kitchen"]) {
        assert!(!text.contains(&format!("\"{name}\"")), "{name}");
    }
}

/// The German shooting at br1 (outside, five circles from g1) with the same
/// dice, while the British officer holds `card`.
fn shot_at_holder_of(name: &str) -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    let outside = |c: CircleId| r.board.circle(c).zone == Zone::Outside && plain(&r, c);
    let (g, p) = circles(&r, outside)
        .into_iter()
        .find_map(|g| {
            let range = range_from(&r, g);
            circles(&r, |c| outside(c) && range[c.index()] == 5).first().map(|&p| (g, p))
        })
        .unwrap();
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), p);
    give_card(&mut s, BR.seat(), card(&r, name));
    give_card(&mut s, DE, card(&r, "shoot-to-kill"));
    move_phase(&mut s, DE, 0);
    s.dice = sandtable_core::Dice::from_seed(7);
    play(&r, &mut s, DE, "play shoot-to-kill g1 br1");
    (r, s)
}

#[test]
fn colditz_hidden_shoot_to_kill_does_not_reveal_a_talisman() {
    let (r, with) = shot_at_holder_of("talisman");
    let (_, without) = shot_at_holder_of("hideaway");
    let a = r.view(&with, Viewer::Seat(DE));
    let b = r.view(&without, Viewer::Seat(DE));
    assert_eq!(a.pending, b.pending, "the German learns the officer holds a Talisman");
    assert_eq!(to_act(&r, &with), to_act(&r, &without));
}

#[test]
fn colditz_hidden_the_log_shows_discards_and_gifts_face_down_to_others() {
    use sandtable_core::{Game, Rules, Viewer};
    let game = Rules(std::sync::Arc::new(Colditz::standard()));
    let mut m = game.start(&sandtable_core::Setup::seeded(4).with_option("players", "3")).unwrap();
    // Finish the German's set-up, then the British officer discards his card.
    while m.to_act().seats().contains(DE) {
        let a = m
            .legal(DE)
            .into_iter()
            .find(|a| a == "end")
            .or_else(|| m.legal(DE).into_iter().find(|a| a.starts_with("deploy")));
        m.apply(DE, &a.expect("a set-up action")).unwrap();
    }
    let discard = m.legal(BR.seat()).into_iter().find(|a| a.starts_with("discard ")).expect("a card to discard");
    m.apply(BR.seat(), &discard).unwrap();
    let last = |v| m.log_for(v).last().expect("logged").action.clone();
    assert_eq!(last(Viewer::Seat(BR.seat())), discard);
    assert_eq!(last(Viewer::Seat(US.seat())), "discard (face down)");
    assert_eq!(last(Viewer::Seat(DE)), "discard (face down)");
}

#[test]
fn colditz_hidden_the_log_does_not_count_appel_refusals() {
    use sandtable_colditz::{Action, Refusing};
    use sandtable_core::Viewer;
    let rules = Colditz::standard();
    // Other seats see neither a refusal nor how many: only that he answered.
    let two = Action::Answer(Refusing::NONE.with(pow(BR, 1)).with(pow(BR, 3)));
    for viewer in [Viewer::Seat(US.seat()), Viewer::Seat(DE), Viewer::Spectator] {
        for answer in [two, Action::Answer(Refusing::NONE)] {
            assert_eq!(rules.log_text(answer, BR.seat(), viewer).as_deref(), Some("appel answered"));
        }
    }
    // His own log keeps it.
    assert_eq!(rules.log_text(two, BR.seat(), Viewer::Seat(BR.seat())).as_deref(), Some("answer br1 br3"));
}

#[test]
fn colditz_cards_the_card_drawn_is_told_to_its_holder_only() {
    let (r, mut s) = blank(4, 1);
    roll_phase(&mut s, BR.seat());
    let before: Vec<_> = s.hands[BR.seat().index()].cards().to_vec();
    // 2016: a throw of 5 or less draws an Opportunity card.
    let ev =
        with_dice(&r, &mut s, BR.seat(), "roll", "Colditz: Movement", |d| throws(d).iter().any(|t| t.0 + t.1 <= 5));
    let drawn = *s.hands[BR.seat().index()].cards().iter().find(|c| !before.contains(c)).expect("a card drawn");
    let name = drawn.name(&r.board);
    let texts = |v: Viewer| -> Vec<String> {
        sandtable_core::events_seen_by(&ev, v).into_iter().map(|e| e.text.en.into_owned()).collect()
    };
    assert!(
        texts(Viewer::Seat(BR.seat())).contains(&format!("you draw {name}")),
        "{:?}",
        texts(Viewer::Seat(BR.seat()))
    );
    for v in [Viewer::Seat(US.seat()), Viewer::Seat(DE), Viewer::Spectator] {
        let seen = texts(v);
        assert!(seen.iter().any(|t| t == "a card is drawn"), "{v:?} reads that a card was drawn: {seen:?}");
        assert!(!seen.iter().any(|t| t.contains(&name)), "{v:?} reads which card: {seen:?}");
    }
    // What the holder alone learnt is revealed to him (his undo stops), not to the others.
    assert!(revealed_to(&ev, Viewer::Seat(BR.seat())));
    assert!(!revealed_to(&ev, Viewer::Seat(US.seat())) && !revealed_to(&ev, Viewer::Spectator));
}

#[test]
fn colditz_equipment_a_gift_is_revealed_to_its_receiver_alone() {
    let (r, mut s) = dealt();
    // The British officer hands a rope to the American: the American now
    // knows its kind (the log tells the others only that Equipment changed hands).
    let ev = play(&r, &mut s, BR.seat(), "give rope american");
    assert!(revealed_to(&ev, Viewer::Seat(US.seat())), "revealed to the receiver: {ev:?}");
    assert!(!revealed_to(&ev, Viewer::Seat(FR.seat())) && !revealed_to(&ev, Viewer::Seat(DE)), "not to the others");
    // (A reveal to anyone is an undo barrier: the giver cannot take back what
    // the receiver has seen.)
}
