//! The lines every front end prints the same way.

use sandtable_core::{Event, GameInfo, Refusal, SeatSet, ToAct};
use std::fmt::Write;

/// The seat ids of a set, space-separated (`axis allies`).
pub fn seat_ids(info: &GameInfo, seats: SeatSet) -> String {
    seats.iter().map(|s| info.seat_id(s)).collect::<Vec<_>>().join(" ")
}

/// `to act: allies` or `game over: <result in English>`: the stable first
/// line of `sandtable show`, meant for scripts.
pub fn status_line(info: &GameInfo, to_act: &ToAct) -> String {
    match to_act {
        ToAct::Seats(s) => format!("to act: {}", seat_ids(info, *s)),
        ToAct::Over(o) => format!("game over: {}", o.text.en),
    }
}

/// One event: `[CCT 7.1] (3 5) text`, the text in `lang`.
pub fn event_line(e: &Event, lang: &str) -> String {
    let mut out = String::new();
    if let Some(rule) = &e.rule {
        let _ = write!(out, "[{rule}] ");
    }
    if !e.dice.is_empty() {
        let dice: Vec<String> = e.dice.iter().map(u8::to_string).collect();
        let _ = write!(out, "({}) ", dice.join(" "));
    }
    out.push_str(e.text.get(lang));
    out
}

/// Events, one per line, each prefixed by `indent`.
pub fn event_lines(events: &[Event], lang: &str, indent: &str) -> String {
    events.iter().map(|e| format!("{indent}{}\n", event_line(e, lang))).collect()
}

/// `refused [CCT 2.0] english / русский` (or `refused: cannot read …`).
pub fn refusal_line(r: &Refusal) -> String {
    match r {
        Refusal::Illegal(i) => format!("refused {i}"),
        Refusal::Parse(p) => format!("refused: {p}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sandtable_core::{Illegal, Text};

    #[test]
    fn lines() {
        let e = Event {
            rule: Some("CCT 2.1".into()),
            dice: vec![3, 5],
            text: Text::fixed("rolls", "бросок"),
            audience: Default::default(),
            reveals: false,
        };
        assert_eq!(event_line(&e, "en"), "[CCT 2.1] (3 5) rolls");
        assert_eq!(event_line(&e, "ru"), "[CCT 2.1] (3 5) бросок");
        assert_eq!(event_lines(&[e], "en", "  "), "  [CCT 2.1] (3 5) rolls\n");
        let r = Refusal::Illegal(Illegal::fixed("CCT 2.0", "not now", "не сейчас"));
        assert_eq!(refusal_line(&r), "refused [CCT 2.0] not now / не сейчас");
    }
}
