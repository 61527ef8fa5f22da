//! Positions as data: a state given as JSON (like a chess FEN) for puzzles,
//! bug reports and searches started mid-game, checked before play.

use crate::Text;
use std::fmt;

/// Why a position cannot be played from: where in the state, and what is
/// impossible there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Where in the state (`units[12].pos`, `hands[2]`).
    pub at: String,
    /// What is wrong, in both languages.
    pub text: Text,
}

impl PositionError {
    /// An error at `at`.
    pub fn new(at: impl Into<String>, en: impl Into<String>, ru: impl Into<String>) -> PositionError {
        PositionError { at: at.into(), text: Text::new(en.into(), ru.into()) }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} / {}", self.at, self.text.en, self.text.ru)
    }
}

impl std::error::Error for PositionError {}

/// Collects position errors: each check adds its own, so a position with
/// several problems reports them all.
#[derive(Debug, Default)]
pub struct PositionErrors(Vec<PositionError>);

impl PositionErrors {
    /// Notes an error at `at` unless `ok`.
    pub fn check(
        &mut self,
        ok: bool,
        at: impl FnOnce() -> String,
        en: impl FnOnce() -> String,
        ru: impl FnOnce() -> String,
    ) {
        if !ok {
            self.0.push(PositionError { at: at(), text: Text::new(en(), ru()) });
        }
    }
    /// Whether no error has been noted yet (checks that need a sound
    /// position to run at all come after the others).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The errors, or `Ok` when there are none.
    ///
    /// # Errors
    /// Every error noted.
    pub fn finish(self) -> Result<(), Vec<PositionError>> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_reported_with_where_it_is() {
        let mut e = PositionErrors::default();
        e.check(true, || "a".into(), || "fine".into(), || "хорошо".into());
        e.check(false, || "units[3].pos".into(), || "off the map".into(), || "вне карты".into());
        e.check(false, || "turn".into(), || "turn 9 of 6".into(), || "ход 9 из 6".into());
        let all = e.finish().unwrap_err();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].to_string(), "units[3].pos: off the map / вне карты");
        assert!(PositionErrors::default().finish().is_ok());
    }
}
