//! Helpers for rule tests, shared by every game: apply an action by its
//! notation, assert a refusal (not listed, state untouched), list legal
//! actions as text, check that a game's RULES.md cites tests that exist.

use crate::{Event, Events, Illegal, Ruleset, Seat, ToAct};
use std::path::Path;

/// The state a position (a state as JSON) describes, as a game would start
/// from it: read, then checked by [`Ruleset::validate`]. Panics naming every
/// problem, so a test that builds an impossible position says so at once.
pub fn position<R: Ruleset>(r: &R, json: serde_json::Value) -> R::State {
    let state: R::State = serde_json::from_value(json).unwrap_or_else(|e| panic!("not a state of this game: {e}"));
    if let Err(problems) = r.validate(&state) {
        let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
        panic!("an impossible position:\n{}", list.join("\n"));
    }
    state
}

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

/// Checks that every rule reference a game's source cites is documented in
/// its `RULES.md`: every string literal in `src/**/*.rs` that starts with
/// `prefix` (`"CCT "`, `"Colditz: "`) names, after the prefix, the first cell
/// of a table row of `RULES.md` (`| 5.0 |`, `| Searchlights |`). Refusals
/// (`Illegal::fixed`/`Illegal::new`) and events (`Events::say`/`roll`) take
/// their references as such literals, directly or through a `let`. Panics
/// listing every missing reference at once. `dir` is the game crate's directory.
pub fn check_rule_refs_documented(dir: &Path, prefix: &str) {
    let missing = undocumented_rule_refs(dir, prefix);
    assert!(
        missing.is_empty(),
        "rule references used in src/ but absent from RULES.md (no table row whose first cell is the section):\n{}",
        missing.join("\n")
    );
}

/// The references [`check_rule_refs_documented`] would report, as
/// `"reference" (file)`, sorted. Panics if no reference is found at all: a
/// wrong prefix must not pass silently.
pub fn undocumented_rule_refs(dir: &Path, prefix: &str) -> Vec<String> {
    let rules = std::fs::read_to_string(dir.join("RULES.md")).expect("RULES.md");
    let sections: std::collections::BTreeSet<&str> = rules
        .lines()
        .filter_map(|l| l.trim().strip_prefix('|'))
        .filter_map(|l| l.split('|').next())
        .map(str::trim)
        .collect();
    let mut files = Vec::new();
    rust_files(&dir.join("src"), &mut files);
    let mut found = 0;
    let mut missing = std::collections::BTreeSet::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for literal in string_literals(&source) {
            let Some(section) = literal.strip_prefix(prefix) else { continue };
            found += 1;
            if !sections.contains(section) {
                let name = file.strip_prefix(dir).unwrap_or(file);
                missing.insert(format!("{literal:?} ({})", name.display()));
            }
        }
    }
    assert!(found > 0, "no string literal starting with {prefix:?} in {}", dir.join("src").display());
    missing.into_iter().collect()
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The contents of the ordinary string literals of Rust source (escapes kept
/// as written), skipping comments and character literals such as `'"'`.
fn string_literals(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            // A character literal ('x', '\n', '"'); a lifetime ('a) is left alone.
            '\'' => {
                let mut ahead = chars.clone();
                let first = ahead.next();
                let literal = match first {
                    Some('\\') => ahead.next().is_some() && ahead.next() == Some('\''),
                    Some(_) => ahead.next() == Some('\''),
                    None => false,
                };
                if literal {
                    let len = if first == Some('\\') { 3 } else { 2 };
                    for _ in 0..len {
                        chars.next();
                    }
                }
            }
            '"' => {
                let mut text = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            text.push(c);
                            text.extend(chars.next());
                        }
                        '"' => break,
                        _ => text.push(c),
                    }
                }
                out.push(text);
            }
            _ => {}
        }
    }
    out
}

/// Checks how `a` reads (issue 14): its English label is a phrase, not the
/// notation; its Russian has Cyrillic and no Latin word of three letters or
/// more but the words of the notation (the ids it prints) and Roman
/// numerals (Вильгельм III). Panics naming the action.
pub fn check_label<R: Ruleset>(r: &R, a: R::Action) {
    let (notation, label) = (r.notation(a), r.label(a));
    assert!(!label.en.is_empty() && label.en != notation, "{notation}: {label:?}");
    let ru = &label.ru;
    assert!(ru.chars().any(|c| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё')), "{notation}: {ru}");
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).map(str::to_owned).collect()
    };
    let ids = words(&notation);
    for word in words(ru) {
        let latin = word.chars().filter(char::is_ascii_alphabetic).count() >= 3;
        let roman = word.chars().all(|c| "IVXLCDM".contains(c));
        assert!(!latin || roman || ids.contains(&word), "{notation}: Latin {word:?} in {ru}");
    }
}

/// Plays `steps` decisions from `state`, each a seat and an action picked
/// by a die seeded with `seed`, checking the label of every legal action
/// met ([`check_label`]); returns the verbs (first notation words) met.
pub fn check_labels_in_play<R: Ruleset>(
    r: &R,
    mut state: R::State,
    steps: usize,
    seed: u64,
) -> std::collections::BTreeSet<String> {
    let mut pick = crate::Dice::from_seed(seed);
    let (mut seen, mut legal) = (std::collections::BTreeSet::new(), Vec::new());
    for _ in 0..steps {
        let ToAct::Seats(seats) = r.to_act(&state) else { break };
        let list: Vec<Seat> = seats.iter().collect();
        let seat = list[pick.below(list.len())];
        legal.clear();
        r.legal_actions(&state, seat, &mut legal);
        for &a in &legal {
            check_label(r, a);
            seen.insert(r.notation(a).split(' ').next().unwrap_or_default().to_owned());
        }
        let a = legal[pick.below(legal.len())];
        r.try_apply(&mut state, seat, a, &mut Events::off()).expect("a legal action applies");
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_literals_skip_comments_and_character_literals() {
        let source = r#"
            // "CCT 9.9" in a comment
            /* "CCT 8.8" */
            let q = '"'; let e = '\''; fn f<'a>(x: &'a str) {}
            Illegal::fixed("CCT 1.0", "say \"hi\"", "ru");
        "#;
        assert_eq!(string_literals(source), ["CCT 1.0", "say \\\"hi\\\"", "ru"]);
    }

    #[test]
    fn a_planted_undocumented_reference_is_reported() {
        let tmp = tempfile::Builder::new().prefix("sandtable-rule-refs-").tempdir().unwrap();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join("src/deep")).unwrap();
        std::fs::write(dir.join("RULES.md"), "| § | rule |\n|---|---|\n| 1.0 | documented |\n").unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            "fn a() { Illegal::fixed(\"TOY 1.0\", \"en\", \"ru\"); ev.say(\"TOY 2.0\", || t); }",
        )
        .unwrap();
        std::fs::write(dir.join("src/deep/more.rs"), "const RULE: &str = \"TOY 1.0a\";").unwrap();
        let missing = undocumented_rule_refs(dir, "TOY ");
        let caught = std::panic::catch_unwind(|| check_rule_refs_documented(dir, "TOY "));
        assert_eq!(missing, ["\"TOY 1.0a\" (src/deep/more.rs)", "\"TOY 2.0\" (src/lib.rs)"]);
        assert!(caught.is_err(), "the check must fail on a missing reference");
    }
}
