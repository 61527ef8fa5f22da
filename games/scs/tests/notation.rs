//! Notation: every action's canonical text reads back as the same action;
//! text that is not an action is refused saying what was expected.

mod common;
use common::*;
use sandtable_core::Ruleset;

/// Every kind of action, once each. The match below does not compile when
/// a kind is added without being listed here.
fn every_action(r: &Scs) -> Vec<Action> {
    let (u, h) = (unit(r, "pz"), hex(r, "07.05"));
    let all = vec![
        Action::Place(u, h),
        Action::Enter(u, h),
        Action::Join(u),
        Action::Move(u, h),
        Action::Back(u),
        Action::Overrun(u, h),
        Action::Exit(u),
        Action::Attack(u, h),
        Action::Cancel,
        Action::Declare,
        Action::Roll,
        Action::Barrage(u, h),
        Action::Lose(u),
        Action::Retreat(u, h),
        Action::Advance(u),
        Action::Top(u),
        Action::Eliminate(u),
        Action::End,
    ];
    for a in &all {
        match a {
            Action::Place(..)
            | Action::Enter(..)
            | Action::Join(_)
            | Action::Move(..)
            | Action::Back(_)
            | Action::Overrun(..)
            | Action::Exit(_)
            | Action::Attack(..)
            | Action::Cancel
            | Action::Declare
            | Action::Roll
            | Action::Barrage(..)
            | Action::Lose(_)
            | Action::Retreat(..)
            | Action::Advance(_)
            | Action::Top(_)
            | Action::Eliminate(_)
            | Action::End => {}
        }
    }
    all
}

#[test]
fn notation_every_actions_text_reads_back_as_the_same_action() {
    let r = tiny();
    let all = every_action(&r);
    let mut texts = std::collections::BTreeSet::new();
    for a in all.iter().copied() {
        let text = r.notation(a);
        assert_eq!(r.parse(&text), Ok(a), "{text}");
        assert!(texts.insert(text.clone()), "two actions write {text}");
    }
    assert_eq!(r.notation(Action::Move(unit(&r, "rifle"), hex(&r, "01.08"))), "move rifle 01.08");
    assert_eq!(r.notation(Action::End), "end");
    // Spacing is free; the canonical text is not.
    assert_eq!(r.parse("  move   pz\t07.05 "), Ok(Action::Move(unit(&r, "pz"), hex(&r, "07.05"))));
}

#[test]
fn notation_every_legal_action_of_a_played_game_round_trips() {
    let r = tiny();
    let mut s = fresh(&r);
    play(&r, &mut s, ALLIES, "place bw 03.04");
    play(&r, &mut s, AXIS, "place aw 08.05");
    play(&r, &mut s, AXIS, "move pz 08.03");
    for seat in [AXIS, ALLIES] {
        let mut out = Vec::new();
        r.legal_actions(&s, seat, &mut out);
        for a in out {
            assert_eq!(r.parse(&r.notation(a)), Ok(a));
        }
    }
}

#[test]
fn notation_text_that_is_no_action_is_a_parse_error_naming_what_was_expected() {
    let r = tiny();
    for text in ["", "   ", "\t\n", "fly pz 07.05", "move pz", "move", "end now", "MOVE pz 07.05", "declare 07.05"] {
        let e = r.parse(text).expect_err(text);
        assert!(e.text.en.starts_with("expected one of: place U HEX"), "{text:?}: {}", e.text.en);
        assert!(e.text.ru.starts_with("ожидалось одно из"), "{text:?}");
        assert_eq!(e.input, text);
    }
    let e = r.parse("move nobody 07.05").expect_err("no such unit");
    assert!(e.text.en.contains("no unit \"nobody\""), "{}", e.text.en);
    let e = r.parse("move pz 11.05").expect_err("off the map");
    assert!(e.text.ru.contains("11.05"), "{}", e.text.ru);
    assert!(!e.text.en.is_empty());
}

/// Issue 14: every action — each kind once, then every legal action met in
/// random play of both scenarios — reads as an English phrase and a Russian
/// one in the rule text's terms beside its notation; the Russian has
/// Cyrillic and no Latin word but the notation's unit ids and hexes.
#[test]
fn scs_notation_every_action_has_a_russian_label() {
    use sandtable_core::testing::{check_label, check_labels_in_play};
    use sandtable_core::Setup;
    let r = tiny();
    for a in every_action(&r) {
        check_label(&r, a);
    }
    for (r, seed) in [(Scs::standard(), 1u64), (Scs::sidi_rezegh(), 2)] {
        let s = r.setup(&r.info().resolve(&Setup::seeded(seed)).expect("set-up")).expect("state");
        let seen = check_labels_in_play(&r, s, 1500, seed);
        for verb in ["place", "move", "overrun", "attack", "declare", "roll", "end"] {
            assert!(seen.contains(verb), "{}: {verb} was met: {seen:?}", r.scenario.id);
        }
    }
}
