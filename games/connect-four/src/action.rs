//! Actions: a column to drop a disc into, and its text.
//!
//! The canonical notation is the column's number, `1` (left) to `7` (right);
//! `c4`, `col 4` and `column 4` read the same.

use crate::board::COLUMNS;
use sandtable_core::{ParseError, Text};

/// Drop a disc into a column (C4 3). One byte, `Copy`; the column is always
/// 0–6 (0 the leftmost), which [`Action::column`] guarantees.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action(u8);

impl Action {
    /// Every action, left to right.
    pub const ALL: [Action; COLUMNS] = [Action(0), Action(1), Action(2), Action(3), Action(4), Action(5), Action(6)];

    /// The drop into column `c` (0–6), `None` past the board.
    pub const fn column(c: usize) -> Option<Action> {
        if c < COLUMNS {
            Some(Action(c as u8))
        } else {
            None
        }
    }

    /// The column, 0–6 (0 the leftmost).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column as players number it, 1–7.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The canonical text: the column's number.
    pub fn notation(self) -> String {
        self.number().to_string()
    }

    /// Reads `4`, `c4`, `col 4` or `column 4` (any case, spaces around).
    ///
    /// # Errors
    /// Anything else, or a column outside 1–7, with what was expected.
    pub fn parse(text: &str) -> Result<Action, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        let digits = ["column", "col", "c"].iter().find_map(|p| t.strip_prefix(p)).unwrap_or(&t).trim_start();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::new(
                text,
                Text::fixed(
                    "expected a column from 1 to 7, as \"4\" or \"c4\"",
                    "ожидался столбец от 1 до 7, например «4» или «c4»",
                ),
            ));
        }
        match digits.parse::<usize>() {
            Ok(n @ 1..=COLUMNS) => Ok(Action((n - 1) as u8)),
            _ => Err(ParseError::new(
                text,
                Text::new(
                    format!("there is no column {digits}: the columns are 1 to 7"),
                    format!("столбца {digits} нет: столбцы от 1 до 7"),
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_and_the_notation_round_trips() {
        for a in Action::ALL {
            assert_eq!(Action::parse(&a.notation()), Ok(a));
            let n = a.number();
            for text in [format!("c{n}"), format!(" C{n} "), format!("col {n}"), format!("Column {n}")] {
                assert_eq!(Action::parse(&text), Ok(a), "{text}");
            }
        }
    }

    #[test]
    fn errors_say_what_was_expected() {
        for bad in ["", "c", "x4", "4a", "-1", "column"] {
            let e = Action::parse(bad).unwrap_err();
            assert!(e.text.en.contains("expected a column from 1 to 7"), "{bad}: {e}");
        }
        for bad in ["0", "8", "c9", "99999999999999999999999"] {
            let e = Action::parse(bad).unwrap_err();
            assert!(e.text.en.contains("the columns are 1 to 7"), "{bad}: {e}");
            assert!(e.text.ru.contains("столбцы от 1 до 7"), "{bad}: {e}");
        }
    }
}
