//! Set-up requests from command-line words.

use sandtable_core::{Setup, Text};
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
    /// Scenario id (default: the game's first) / Сценарий
    #[arg(long)]
    pub scenario: Option<String>,
    /// A set-up option, key=value (repeatable) / Параметр
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
    /// Players, for games that take a player count (same as --option players=N) / Число игроков
    #[arg(long)]
    pub players: Option<u8>,
}

impl SetupArgs {
    /// The set-up these flags ask for, with this seed.
    pub fn setup(&self, seed: u64) -> Setup {
        request(self.scenario.clone(), &with_players(&self.options, self.players), seed)
    }
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
