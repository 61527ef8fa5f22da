//! Issue 14: every action reads as an English phrase and a Russian one in
//! the rule text's terms, beside its notation.

use sandtable_core::testing::{check_label, check_labels_in_play};
use sandtable_core::{Ruleset, Setup};
use sandtable_nine_years::NineYears;
use std::collections::BTreeSet;

/// Every legal action met in random games of the shipped scenario: the
/// English label is a phrase (not the notation), the Russian has Cyrillic
/// and no Latin word but the notation's ids; spaces, powers, leaders,
/// fleets and events go by their Russian names.
#[test]
fn ny_notation_every_action_has_a_russian_label() {
    let r = NineYears::standard();
    let mut seen = BTreeSet::new();
    for seed in 1..=3u64 {
        let s = r.setup(&r.info().resolve(&Setup::seeded(seed)).expect("set-up")).expect("state");
        seen.extend(check_labels_in_play(&r, s, 3000, seed ^ 0x14));
    }
    for verb in ["first", "form", "place", "leader", "done", "show", "play", "campaign", "add", "go", "shift", "end"] {
        assert!(seen.contains(verb), "{verb} was met: {seen:?}");
    }
    // The kinds random play seldom meets.
    for text in [
        "siege",
        "intercept william-iii",
        "no-intercept",
        "battle",
        "withdraw",
        "kww reinforce",
        "kww pass",
        "savoy neutral",
        "savoy stays",
        "peace none",
        "peace card",
        "peace rp",
        "peace both",
        "add france reduced",
        "drop marshal-luxembourg",
    ] {
        check_label(&r, r.parse(text).expect(text));
    }
}
