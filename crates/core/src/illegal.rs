//! Refusals: why an action may not be taken, with the rule it breaks.

use crate::Text;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// An action the rules refuse. `rule` cites the section (`"CCT 5.0"`,
/// `"SCS 3.3a"`, `"NY 14.1.2"`, `"Colditz: Arrest"`); the text says why in
/// English and Russian. Built by the same check that generates legal actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Illegal {
    /// The rule broken, as cited in the game's RULES.md.
    pub rule: Cow<'static, str>,
    /// Why, in both languages.
    pub text: Text,
}

impl Illegal {
    /// A refusal citing `rule`.
    pub fn new(rule: impl Into<Cow<'static, str>>, text: Text) -> Illegal {
        Illegal { rule: rule.into(), text }
    }
    /// A refusal with fixed texts: no allocation, so legal-action generation
    /// can run the same checks cheaply.
    pub const fn fixed(rule: &'static str, en: &'static str, ru: &'static str) -> Illegal {
        Illegal { rule: Cow::Borrowed(rule), text: Text::fixed(en, ru) }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.rule, self.text)
    }
}

impl std::error::Error for Illegal {}

/// Text that is not an action of this game's notation at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseError {
    /// The text that failed.
    pub input: String,
    /// What was expected.
    pub text: Text,
}

impl ParseError {
    /// A parse error for `input`.
    pub fn new(input: &str, text: Text) -> ParseError {
        ParseError { input: input.to_owned(), text }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {:?}: {}", self.input, self.text)
    }
}

impl std::error::Error for ParseError {}
