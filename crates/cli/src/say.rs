//! The lines every front end prints the same way.

use sandtable_core::{Event, Forecast, GameInfo, Refusal, SeatSet, ToAct};
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

/// The odds of `action`, a line per result (`  41.7%  hit: cru to strength
/// 3`, the most likely first) and one per figure they rest on (`  [CCT 7.1]
/// +1 German tanks`), texts in `lang`. Percentages to one decimal place,
/// with a decimal comma in Russian.
pub fn odds_lines(action: &str, f: &Forecast, lang: &str) -> String {
    let mut out = format!("{action}:\n");
    let mut outcomes: Vec<_> = f.outcomes.iter().collect();
    outcomes.sort_by(|a, b| b.p.total_cmp(&a.p));
    for c in outcomes {
        let percent = format!("{:>5.1}", c.p * 100.0);
        let percent = if lang == "ru" { percent.replace('.', ",") } else { percent };
        let _ = writeln!(out, "  {percent}%  {}", c.text.get(lang));
    }
    for b in &f.basis {
        let _ = writeln!(out, "  [{}] {}", b.rule, b.text.get(lang));
    }
    out
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

    #[test]
    fn odds_most_likely_first_then_the_figures() {
        let f = Forecast {
            basis: vec![sandtable_core::Basis::new("CCT 7.1", Text::fixed("+1 German tanks", "+1 немецкие танки"))],
            outcomes: vec![
                sandtable_core::Chance { p: 1.0 / 6.0, text: Text::fixed("no effect", "без результата") },
                sandtable_core::Chance { p: 5.0 / 6.0, text: Text::fixed("hit", "хит") },
            ],
        };
        assert_eq!(
            odds_lines("attack pz G8", &f, "en"),
            "attack pz G8:\n   83.3%  hit\n   16.7%  no effect\n  [CCT 7.1] +1 German tanks\n"
        );
        assert!(odds_lines("attack pz G8", &f, "ru").contains("   16,7%  без результата\n"));
    }
}
