//! The board as text for a terminal.
//!
//! ```text
//!   1 2 3 4 5 6 7
//!  |. . . . . . .|
//!  |. . . . . . .|
//!  |. . . . . . .|
//!  |. . . Y . . .|
//!  |. . . R Y . .|
//!  |. . R R Y . .|
//!  +-------------+
//! Red (R) to move, 7 discs played
//! ```
//! The discs of a winning four are drawn in lower case.

use crate::board::{self, COLUMNS, ROWS};
use crate::state::{Side, State, Status};
use std::fmt::Write;

/// The board and a status line, in `lang` (`ru`, else English).
pub(crate) fn render(s: &State, lang: &str) -> String {
    let ru = lang == "ru";
    let status = s.status();
    let four = match status {
        Status::Won(w) => board::fours(s.discs[w.index()]),
        _ => 0,
    };
    let mut out = String::with_capacity(200);
    out.push_str("  ");
    for c in 1..=COLUMNS {
        let _ = write!(out, "{c} ");
    }
    out.push('\n');
    for r in (0..ROWS).rev() {
        out.push_str(" |");
        for c in 0..COLUMNS {
            let ch = match s.at(c, r) {
                None => '.',
                Some(side) if four & board::cell(c, r) != 0 => side.letter().to_ascii_lowercase(),
                Some(side) => side.letter(),
            };
            if c > 0 {
                out.push(' ');
            }
            out.push(ch);
        }
        out.push_str("|\n");
    }
    out.push_str(" +");
    out.push_str(&"-".repeat(2 * COLUMNS - 1));
    out.push_str("+\n");
    let name = |side: Side| format!("{} ({})", side.name().en, side.letter());
    let name_ru = |side: Side| format!("{} ({})", side.name().ru.to_lowercase(), side.letter());
    let n = s.moves();
    let line = match (status, ru) {
        (Status::Playing(side), false) => format!("{} to move, {n} discs played", name(side)),
        (Status::Playing(side), true) => format!("Ходят {}, сыграно фишек: {n}", name_ru(side)),
        (Status::Won(side), false) => format!("{} wins: four in a row (C4 4)", name(side)),
        (Status::Won(side), true) => format!("Победили {}: четыре в ряд (C4 4)", name_ru(side)),
        (Status::Drawn, false) => "Draw: the board is full (C4 5)".to_owned(),
        (Status::Drawn, true) => "Ничья: доска заполнена (C4 5)".to_owned(),
    };
    out.push_str(&line);
    out.push('\n');
    out
}
