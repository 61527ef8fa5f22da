//! Helpers for rule tests, shared by every game: apply an action by its
//! notation, assert a refusal (not listed, state untouched), list legal
//! actions as text, check that a game's RULES.md cites tests that exist.

use crate::{Event, Events, Illegal, Ruleset, Seat, ToAct};
use std::path::Path;

/// Applies an action given as text; panics with the refusal if refused.
pub fn play<R: Ruleset>(r: &R, s: &mut R::State, seat: Seat, text: &str) -> Vec<Event> {
    let a = r.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    act(r, s, seat, a)
}

/// Applies an action; panics with the refusal if refused.
pub fn act<R: Ruleset>(r: &R, s: &mut R::State, seat: Seat, a: R::Action) -> Vec<Event> {
    let mut ev = Events::recording();
    r.try_apply(s, seat, a, &mut ev).unwrap_or_else(|e| panic!("{} refused: {e}", r.notation(a)));
    ev.take()
}

/// The refusal of an action given as text; panics if it is accepted. Also
/// checks that the legal actions do not list it and that nothing changed.
pub fn refused<R: Ruleset>(r: &R, s: &R::State, seat: Seat, text: &str) -> Illegal {
    let a = r.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut legal = Vec::new();
    r.legal_actions(s, seat, &mut legal);
    assert!(!legal.contains(&a), "{text} is listed as legal");
    let mut copy = s.clone();
    match r.try_apply(&mut copy, seat, a, &mut Events::off()) {
        Ok(()) => panic!("{text} was accepted"),
        Err(e) => {
            assert!(copy == *s, "refusal changed the state");
            e
        }
    }
}

/// Whether the legal actions of `seat` include `text`.
pub fn is_legal<R: Ruleset>(r: &R, s: &R::State, seat: Seat, text: &str) -> bool {
    let a = r.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut legal = Vec::new();
    r.legal_actions(s, seat, &mut legal);
    legal.contains(&a)
}

/// Legal actions as text.
pub fn legal<R: Ruleset>(r: &R, s: &R::State, seat: Seat) -> Vec<String> {
    let mut out = Vec::new();
    r.legal_actions(s, seat, &mut out);
    out.into_iter().map(|a| r.notation(a)).collect()
}

/// The seats to act now (empty when the game is over).
pub fn to_act<R: Ruleset>(r: &R, s: &R::State) -> Vec<Seat> {
    match r.to_act(s) {
        ToAct::Over(_) => Vec::new(),
        ToAct::Seats(set) => set.iter().collect(),
    }
}

/// Checks that every `file::test_name` (or `file::prefix*`) a game's
/// `RULES.md` cites is a test function in its `tests/file.rs`, and that it
/// cites at least `min` of them. `dir` is the game crate's directory.
pub fn check_rules_md(dir: &Path, min: usize) {
    let rules = std::fs::read_to_string(dir.join("RULES.md")).expect("RULES.md");
    let mut cited = 0;
    for word in rules.split(|c: char| c.is_whitespace() || ",;|()".contains(c)) {
        let Some((file, name)) = word.split_once("::") else { continue };
        if file.is_empty()
            || file == "file"
            || !file.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            || name.is_empty()
        {
            continue;
        }
        let source = std::fs::read_to_string(dir.join("tests").join(format!("{file}.rs")))
            .unwrap_or_else(|_| panic!("RULES.md cites tests/{file}.rs, which does not exist"));
        let found = match name.strip_suffix('*') {
            Some(prefix) => source.contains(&format!("fn {prefix}")),
            None => source.contains(&format!("fn {name}(")),
        };
        assert!(found, "RULES.md cites {file}::{name}, which is not a test in tests/{file}.rs");
        cited += 1;
    }
    assert!(cited >= min, "RULES.md should cite the tests of its rules ({cited} found, at least {min} expected)");
}
