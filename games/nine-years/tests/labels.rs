//! Issue 14: every action reads as an English phrase and a Russian one in
//! the rule text's terms, beside its notation.

use sandtable_core::{Dice, Events, Ruleset, Setup, ToAct};
use sandtable_nine_years::NineYears;
use std::collections::BTreeSet;

/// The Russian of a label: Cyrillic, and no Latin word of three letters or
/// more but the ids the notation prints and the Roman numerals of the
/// Russian names (Вильгельм III).
fn assert_russian(notation: &str, ru: &str) {
    assert!(ru.chars().any(|c| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё')), "{notation}: {ru}");
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).map(str::to_owned).collect()
    };
    let ids = words(notation);
    for word in words(ru) {
        let latin = word.chars().filter(char::is_ascii_alphabetic).count() >= 3;
        let roman = word.chars().all(|c| "IVXLCDM".contains(c));
        assert!(!latin || roman || ids.contains(&word), "{notation}: Latin {word:?} in {ru}");
    }
}

/// Every legal action met in random games of the shipped scenario: the
/// English label is a phrase (not the notation), the Russian has Cyrillic
/// and no Latin word but the notation's ids; spaces, powers, leaders,
/// fleets and events go by their Russian names.
#[test]
fn ny_notation_every_action_has_a_russian_label() {
    let r = NineYears::standard();
    let mut seen = BTreeSet::new();
    let mut legal = Vec::new();
    for seed in 1..=3u64 {
        let mut s = r.setup(&r.info().resolve(&Setup::seeded(seed)).expect("set-up")).expect("state");
        let mut pick = Dice::from_seed(seed ^ 0x14);
        for _ in 0..3000 {
            let ToAct::Seats(seats) = r.to_act(&s) else { break };
            let list: Vec<_> = seats.iter().collect();
            let seat = list[pick.below(list.len())];
            legal.clear();
            r.legal_actions(&s, seat, &mut legal);
            for &a in &legal {
                let (notation, label) = (r.notation(a), r.label(a));
                assert!(!label.en.is_empty() && label.en != notation, "{notation}: {label:?}");
                assert_russian(&notation, &label.ru);
                seen.insert(notation.split(' ').next().unwrap_or_default().to_owned());
            }
            let a = legal[pick.below(legal.len())];
            r.try_apply(&mut s, seat, a, &mut Events::off()).expect("a legal action");
        }
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
        let a = r.parse(text).expect(text);
        let (notation, label) = (r.notation(a), r.label(a));
        assert!(!label.en.is_empty() && label.en != notation, "{notation}: {label:?}");
        assert_russian(&notation, &label.ru);
    }
}
