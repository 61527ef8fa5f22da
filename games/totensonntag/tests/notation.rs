//! Action notation: what a player types is read or refused with what was
//! expected — never a panic (issue 9: an empty or blank action used to slice
//! past the end of its words).

use sandtable_totensonntag::{Action, Totensonntag};

#[test]
fn notation_empty_or_blank_text_is_a_parse_error_naming_what_was_expected() {
    let r = Totensonntag::standard();
    for text in ["", " ", "   ", "\t", "\n", " \t \n "] {
        let e = r.parse_action(text).expect_err("no verb is no action");
        let message = e.to_string();
        assert!(message.contains("pick N") && message.contains("roll"), "{text:?}: {message}");
    }
    // One verb still reads, whatever the spacing around it.
    assert_eq!(r.parse_action("  roll ").expect("roll"), Action::Roll);
    assert_eq!(r.parse_action("END").expect("end"), Action::End);
    // A verb with too few or too many words is refused too, not read in part.
    for text in ["pick", "pick 3 4", "move", "bombard a b spot", "end now"] {
        assert!(r.parse_action(text).is_err(), "{text:?}");
    }
}

/// Issue 14: every action met in random play reads as an English phrase
/// and a Russian one in the rule text's terms, beside its notation: the
/// Russian has Cyrillic and no Latin word but the notation's unit codes and
/// hexes.
#[test]
fn notation_every_action_has_a_russian_label() {
    use sandtable_core::{Events, Ruleset, Setup, ToAct};
    let r = Totensonntag::standard();
    let mut s = r.setup(&r.info().resolve(&Setup::seeded(3)).expect("set-up")).expect("state");
    let mut seen = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    for step in 0..4000u64 {
        let ToAct::Seats(seats) = r.to_act(&s) else { break };
        let seat = seats.iter().next().expect("a seat");
        legal.clear();
        r.legal_actions(&s, seat, &mut legal);
        for &a in &legal {
            let (notation, label) = (r.notation(a), r.label(a));
            let verb = notation.split(' ').next().unwrap_or_default().to_owned();
            assert!(!label.en.is_empty() && label.en != notation, "{notation}: {label:?}");
            assert!(
                label.ru.chars().any(|c| ('а'..='я').contains(&c.to_ascii_lowercase())),
                "{notation}: {}",
                label.ru
            );
            let ids: Vec<&str> = notation.split(' ').skip(1).collect();
            for word in label.ru.split(|c: char| !c.is_alphanumeric() && c != '-') {
                let latin = word.chars().filter(char::is_ascii_alphabetic).count() >= 3;
                assert!(!latin || ids.contains(&word) || word == "d6", "{notation}: Latin {word:?} in {}", label.ru);
            }
            seen.insert(verb);
        }
        let a = legal[(step.wrapping_mul(2654435761) % legal.len() as u64) as usize];
        r.try_apply(&mut s, seat, a, &mut Events::off()).expect("a legal action");
    }
    for verb in ["pick", "roll", "move", "attack", "top", "end", "recover"] {
        assert!(seen.contains(verb), "{verb} was met: {seen:?}");
    }
}
