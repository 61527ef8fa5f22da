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
    use sandtable_core::{Ruleset, Setup};
    let r = Totensonntag::standard();
    let s = r.setup(&r.info().resolve(&Setup::seeded(3)).expect("set-up")).expect("state");
    let seen = sandtable_core::testing::check_labels_in_play(&r, s, 4000, 3);
    for verb in ["pick", "roll", "move", "attack", "top", "end", "recover"] {
        assert!(seen.contains(verb), "{verb} was met: {seen:?}");
    }
}
