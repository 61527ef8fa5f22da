//! The shipped scenario, compiled in.

/// The built-in scenario: its file name and text (SCENARIO.md; authored, `data/AUTHORED.md`).
pub const BUILTIN: (&str, &str) = ("nine-years.toml", include_str!("../data/nine-years.toml"));
