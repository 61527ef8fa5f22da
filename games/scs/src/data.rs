//! The data shipped in `data/`: the series charts and the two scenarios,
//! all *authored* by this project (`data/CHARTS.md`, `data/AUTHORED.md`).

/// The series charts: CRT, terrain effects, barrage table, DG and supply.
pub const CHARTS_TOML: &str = include_str!("../data/charts.toml");
/// *Beda Fomm, 5–7 February 1941* (authored), the default scenario.
pub const BEDA_FOMM_TOML: &str = include_str!("../data/beda-fomm.toml");
/// *Sidi Rezegh, 19–24 November 1941* (authored).
pub const SIDI_REZEGH_TOML: &str = include_str!("../data/sidi-rezegh.toml");

/// The built-in scenarios: file name and text, the default first.
pub const BUILTIN: [(&str, &str); 2] = [("beda-fomm.toml", BEDA_FOMM_TOML), ("sidi-rezegh.toml", SIDI_REZEGH_TOML)];
