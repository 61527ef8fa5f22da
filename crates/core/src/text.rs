//! Bilingual text: every message a player reads comes in English and Russian.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A message in English and Russian. Static strings cost nothing to build.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Text {
    /// English.
    pub en: Cow<'static, str>,
    /// Russian, in the terms of the Russian rule texts.
    pub ru: Cow<'static, str>,
}

impl Text {
    /// A message from two static strings (no allocation).
    pub const fn fixed(en: &'static str, ru: &'static str) -> Text {
        Text { en: Cow::Borrowed(en), ru: Cow::Borrowed(ru) }
    }
    /// A message from two owned strings.
    pub fn new(en: impl Into<Cow<'static, str>>, ru: impl Into<Cow<'static, str>>) -> Text {
        Text { en: en.into(), ru: ru.into() }
    }
    /// The message in `lang` (`"ru"` gives Russian, anything else English).
    pub fn get(&self, lang: &str) -> &str {
        if lang == "ru" {
            &self.ru
        } else {
            &self.en
        }
    }
}

impl std::fmt::Display for Text {
    /// Both languages, English first: `english / русский`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.en == self.ru {
            f.write_str(&self.en)
        } else {
            write!(f, "{} / {}", self.en, self.ru)
        }
    }
}
