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
