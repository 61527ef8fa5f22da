//! Set-up requests from command-line words.

use sandtable_core::{GameInfo, ScenarioFile, Setup, Text};
use std::collections::BTreeMap;

/// Reads one `key=value` option (both sides trimmed, neither empty).
///
/// # Errors
/// The text in both languages, for the argument parser to show.
pub fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => Ok((k.trim().to_owned(), v.trim().to_owned())),
        _ => Err(Text::new(
            format!("expected key=value, got {text:?}"),
            format!("ожидается ключ=значение, а не {text:?}"),
        )
        .to_string()),
    }
}

/// A set-up request: scenario (or the game's first), options, seed. It is
/// checked against the game when the game starts.
pub fn request(scenario: Option<String>, options: &[(String, String)], seed: u64) -> Setup {
    let options: BTreeMap<String, String> = options.iter().cloned().collect();
    Setup { scenario, options, seed, ..Setup::default() }
}

/// A seed from the clock, for games started without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// The set-up flags every game-starting command takes.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct SetupArgs {
    /// A built-in scenario's id, or a scenario file's path: an argument
    /// that names a built-in scenario is that scenario, otherwise an existing
    /// file is read and embedded in the game (default: the game's first
    /// built-in) / Встроенный сценарий (id) или путь к файлу сценария
    #[arg(long, value_name = "ID|FILE")]
    pub scenario: Option<String>,
    /// A set-up option, key=value (repeatable) / Параметр
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
    /// Players, for games that take a player count (same as --option players=N) / Число игроков
    #[arg(long)]
    pub players: Option<u8>,
    /// Start from a position: a state of the game as JSON (`sandtable
    /// position GAMEFILE` writes one), checked first; its dice come with it,
    /// so the seed plays no part / Начать с позиции (состояние игры в JSON)
    #[arg(long, value_name = "FILE")]
    pub position: Option<std::path::PathBuf>,
}

impl SetupArgs {
    /// The set-up these flags ask for, with this seed.
    pub fn setup(&self, seed: u64) -> Setup {
        request(self.scenario.clone(), &with_players(&self.options, self.players), seed)
    }
}

impl SetupArgs {
    /// The set-up these flags ask for of the game `info`, with `--scenario`
    /// resolved: a built-in id stays an id; otherwise an existing file is read
    /// into [`Setup::scenario_file`].
    ///
    /// # Errors
    /// The argument is neither a built-in scenario nor a readable file.
    pub fn setup_for(&self, seed: u64, info: &GameInfo) -> Result<Setup, Text> {
        let mut setup = self.setup(seed);
        if let Some(file) = scenario_file(self.scenario.as_deref(), info)? {
            setup = setup.with_scenario_file(file);
        }
        if let Some(path) = &self.position {
            setup = setup.with_position(read_position(path)?);
        }
        Ok(setup)
    }
}

/// `--scenario ARG`: `None` when absent or a built-in id of `info`; the
/// file's name and text when `ARG` is an existing file.
///
/// # Errors
/// Neither a built-in id nor a readable file.
pub fn scenario_file(arg: Option<&str>, info: &GameInfo) -> Result<Option<ScenarioFile>, Text> {
    let Some(arg) = arg else { return Ok(None) };
    if info.scenarios.iter().any(|s| s.id == arg) {
        return Ok(None);
    }
    let path = std::path::Path::new(arg);
    if !path.is_file() {
        let ids = info.scenarios.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
        return Err(Text::new(
            format!("--scenario {arg:?} is neither a scenario of {} ({ids}) nor a file", info.id),
            format!("--scenario {arg:?}: нет ни такого сценария {} ({ids}), ни такого файла", info.id),
        ));
    }
    read_scenario(path).map(Some)
}

/// A position file (a state as JSON) read from `path`.
///
/// # Errors
/// The file cannot be read or is not JSON.
pub fn read_position(path: &std::path::Path) -> Result<serde_json::Value, Text> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Text::new(
            format!("{}: cannot read the position: {e}", path.display()),
            format!("{}: не удалось прочитать позицию: {e}", path.display()),
        )
    })?;
    serde_json::from_str(&text).map_err(|e| {
        Text::new(
            format!("{}: the position is not JSON: {e}", path.display()),
            format!("{}: позиция — не JSON: {e}", path.display()),
        )
    })
}

/// A scenario file read from `path`, named as given.
///
/// # Errors
/// The file cannot be read (or is not UTF-8).
pub fn read_scenario(path: &std::path::Path) -> Result<ScenarioFile, Text> {
    std::fs::read_to_string(path).map(|text| ScenarioFile::new(path.display().to_string(), text)).map_err(|e| {
        Text::new(
            format!("{}: cannot read the scenario file: {e}", path.display()),
            format!("{}: не удалось прочитать файл сценария: {e}", path.display()),
        )
    })
}

/// The options with `players=N` added when `--players N` was given.
pub fn with_players(options: &[(String, String)], players: Option<u8>) -> Vec<(String, String)> {
    let mut out = options.to_vec();
    if let Some(n) = players {
        out.retain(|(k, _)| k != "players");
        out.push(("players".into(), n.to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_flag_becomes_the_players_option() {
        let opts = vec![("players".to_owned(), "3".to_owned()), ("rounds".to_owned(), "20".to_owned())];
        let out = with_players(&opts, Some(5));
        assert!(out.contains(&("players".to_owned(), "5".to_owned())));
        assert!(!out.contains(&("players".to_owned(), "3".to_owned())));
        assert_eq!(with_players(&opts, None), opts);
    }

    #[test]
    fn options_parse_and_refuse() {
        assert_eq!(parse_option(" impulse-pairs = 4 "), Ok(("impulse-pairs".into(), "4".into())));
        for bad in ["x", "=4", "k=", ""] {
            let e = parse_option(bad).expect_err(bad);
            assert!(e.contains("key=value") && e.contains("ключ=значение"), "{e}");
        }
        let s = request(None, &[("a".into(), "1".into())], 9);
        assert_eq!(s.option("a"), Some("1"));
        assert_eq!(s.seed, 9);
    }
}
