//! Scenarios as data: a user's scenario file, the typed errors that refuse
//! bad data (every problem, each with its file, line and key), and the
//! SHA-256 that pins a game record to the exact data it was played on.

use crate::Text;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// A scenario file as a user gives it: its name (for messages; a path or
/// an upload's name) and its whole text. A game record embeds it, so the
/// game replays against exactly this data whatever happens to the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioFile {
    /// The name problems are reported under (`my-scenario.toml`).
    pub name: String,
    /// The file's text.
    pub text: String,
}

impl ScenarioFile {
    /// A file from its name and text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> ScenarioFile {
        ScenarioFile { name: name.into(), text: text.into() }
    }
    /// SHA-256 (hex) of the text: [`scenario_hash`].
    pub fn sha256(&self) -> String {
        scenario_hash(&[&self.text])
    }
}

/// SHA-256 (hex) of scenario data given as one or more texts, hashed one
/// after the other with nothing between them (a built-in scenario made from
/// two data files hashes both, in a documented order). Cost: O(bytes).
pub fn scenario_hash(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// One problem in a data file: where (file, 1-based line, key) and what, in
/// both languages. Displays as `file:line: key: message`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataError {
    /// The file's name.
    pub file: String,
    /// The 1-based line, when known.
    pub line: Option<u32>,
    /// The key or entry at fault (`unit[3].setup`, `map.columns`), when known.
    pub key: Option<String>,
    /// What is wrong.
    pub text: Text,
}

impl DataError {
    /// A problem in `file` with no known place.
    pub fn new(file: impl Into<String>, text: Text) -> DataError {
        DataError { file: file.into(), line: None, key: None, text }
    }
    /// This problem at the line holding byte `offset` of `source`.
    #[must_use]
    pub fn at(mut self, source: &str, offset: usize) -> DataError {
        self.line = Some(line_of(source, offset));
        self
    }
    /// This problem about `key`.
    #[must_use]
    pub fn key(mut self, key: impl Into<String>) -> DataError {
        self.key = Some(key.into());
        self
    }
    /// A TOML syntax or shape error in `file` (the `toml` crate's message and
    /// span, passed in so core needs no TOML dependency). The crate gives
    /// no message for some breaks (a value cut off at the end of the file):
    /// say so rather than nothing (found by fuzzing, issue 9).
    pub fn toml(
        file: impl Into<String>,
        source: &str,
        message: &str,
        span: Option<std::ops::Range<usize>>,
    ) -> DataError {
        let text = match message.trim() {
            "" => Text::fixed(
                "TOML error: a value is missing or the file breaks off here",
                "ошибка TOML: значение не дописано или файл оборван здесь",
            ),
            message => Text::new(message.to_owned(), format!("ошибка TOML: {message}")),
        };
        let d = DataError::new(file, text);
        match span {
            Some(span) => d.at(source, span.start),
            None => d,
        }
    }
    /// The refusal of a game that takes no scenario files (yet).
    pub fn unsupported(file: impl Into<String>, game: &str) -> DataError {
        DataError::new(
            file,
            Text::new(
                format!("{game} does not take scenario files yet; choose a built-in scenario by id"),
                format!("{game} пока не принимает файлы сценариев; выберите встроенный сценарий по id"),
            ),
        )
    }
    /// `file:line: key: message` with the message in `lang` (`"ru"` or English).
    pub fn line_in(&self, lang: &str) -> String {
        self.format(self.text.get(lang))
    }
    fn format(&self, message: &str) -> String {
        let mut out = self.file.clone();
        if let Some(l) = self.line {
            out.push_str(&format!(":{l}"));
        }
        out.push_str(": ");
        if let Some(k) = &self.key {
            out.push_str(k);
            out.push_str(": ");
        }
        out.push_str(message);
        out
    }
}

impl fmt::Display for DataError {
    /// `file:line: key: english / русский`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(&self.text.to_string()))
    }
}

impl std::error::Error for DataError {}

/// Every problem found in a scenario's data (never empty when returned as
/// an error): a syntax error stops its file, every other check runs on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DataErrors(pub Vec<DataError>);

impl DataErrors {
    /// No problems yet.
    pub fn new() -> DataErrors {
        DataErrors(Vec::new())
    }
    /// One problem.
    pub fn one(e: DataError) -> DataErrors {
        DataErrors(vec![e])
    }
    /// Adds a problem.
    pub fn push(&mut self, e: DataError) {
        self.0.push(e);
    }
    /// True when there is no problem.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `Ok(value)` when there is no problem, else these problems.
    ///
    /// # Errors
    /// `self` when not empty.
    pub fn into_result<T>(self, value: T) -> Result<T, DataErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
    /// One line per problem, messages in `lang`.
    pub fn lines_in(&self, lang: &str) -> Vec<String> {
        self.0.iter().map(|e| e.line_in(lang)).collect()
    }
}

impl fmt::Display for DataErrors {
    /// One problem per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            e.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

/// The 1-based line of byte `offset` in `source` (offsets past the end give
/// the last line). O(offset).
pub fn line_of(source: &str, offset: usize) -> u32 {
    let end = offset.min(source.len());
    let newlines = source.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count();
    u32::try_from(newlines + 1).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_error_displays_file_line_key_message() {
        let src = "a = 1\nb = 2\nc = 3\n";
        let e = DataError::new("s.toml", Text::fixed("bad", "плохо")).at(src, src.find('c').unwrap()).key("c");
        assert_eq!(e.line, Some(3));
        assert_eq!(e.to_string(), "s.toml:3: c: bad / плохо");
        assert_eq!(e.line_in("ru"), "s.toml:3: c: плохо");
        let bare = DataError::new("s.toml", Text::fixed("empty", "пусто"));
        assert_eq!(bare.line_in("en"), "s.toml: empty");
        let all = DataErrors(vec![e, bare]);
        assert_eq!(all.to_string().lines().count(), 2);
        assert_eq!(all.lines_in("en"), vec!["s.toml:3: c: bad", "s.toml: empty"]);
    }

    #[test]
    fn line_of_counts_from_one_and_clamps() {
        assert_eq!(line_of("", 0), 1);
        assert_eq!(line_of("x\ny", 2), 2);
        assert_eq!(line_of("x\ny", 99), 2);
    }

    #[test]
    fn scenario_hash_is_sha256_of_the_parts_in_order() {
        assert_eq!(scenario_hash(&["ab", "c"]), scenario_hash(&["abc"]));
        assert_eq!(scenario_hash(&[""]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(ScenarioFile::new("f", "abc").sha256(), scenario_hash(&["abc"]));
    }
}
