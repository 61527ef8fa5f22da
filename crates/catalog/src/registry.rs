//! The list of games, and lookup by id.

use crate::{Driver, Typed};
use sandtable_core::{GameRecord, Heuristics, LoadError, Session, Text};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Every game of this build, in a fixed order: one line per game, its rules
/// and its browser renderer. Built once (parsing each game's data files),
/// then each call clones the `Arc`s: O(games).
pub fn catalog() -> Vec<Arc<dyn Driver>> {
    static GAMES: OnceLock<Vec<Arc<dyn Driver>>> = OnceLock::new();
    GAMES.get_or_init(games).clone()
}

/// The games, one line each: its rules and its renderer.
fn games() -> Vec<Arc<dyn Driver>> {
    vec![
        game(sandtable_totensonntag::Totensonntag::standard(), sandtable_totensonntag::RENDERER_JS),
        game(sandtable_colditz::Colditz::standard(), sandtable_colditz::RENDERER_JS),
        game(sandtable_scs::Scs::standard(), sandtable_scs::RENDERER_JS),
        game(sandtable_nine_years::NineYears::standard(), sandtable_nine_years::RENDERER_JS),
    ]
}

/// The reference games: implemented through the same contract so the bots
/// and playouts can be measured beside other engines on the same game
/// (`scripts/openspiel/compare.sh`), and kept out of the players' lobby.
pub fn reference() -> Vec<Arc<dyn Driver>> {
    static GAMES: OnceLock<Vec<Arc<dyn Driver>>> = OnceLock::new();
    GAMES.get_or_init(|| vec![Arc::new(Typed::new(sandtable_connect_four::ConnectFour::standard()))]).clone()
}

/// A game of the catalog or a [`reference`] game, by id (case-insensitive):
/// what the research commands (`bench`, `selfplay`, `arena`) look up.
///
/// # Errors
/// [`UnknownGame`], listing both kinds.
pub fn find_for_study(id: &str) -> Result<Arc<dyn Driver>, UnknownGame> {
    find(id).or_else(|e| {
        let extra = reference();
        extra.iter().find(|d| d.game().info().id.eq_ignore_ascii_case(id.trim())).cloned().ok_or_else(|| UnknownGame {
            id: e.id,
            known: e.known.into_iter().chain(extra.iter().map(|d| d.game().info().id.clone())).collect(),
        })
    })
}

fn game<R: Heuristics>(rules: R, renderer: &'static str) -> Arc<dyn Driver> {
    Arc::new(Typed::new(rules).with_renderer(renderer))
}

/// The game whose id is `id` (case-insensitive).
///
/// # Errors
/// [`UnknownGame`], listing the games there are.
pub fn find(id: &str) -> Result<Arc<dyn Driver>, UnknownGame> {
    let games = catalog();
    let id = id.trim();
    games.iter().find(|d| d.game().info().id.eq_ignore_ascii_case(id)).cloned().ok_or_else(|| UnknownGame {
        id: id.to_owned(),
        known: games.iter().map(|d| d.game().info().id.clone()).collect(),
    })
}

/// A loaded game: its driver and the match.
pub type Opened = (Arc<dyn Driver>, Box<dyn Session>);

/// Loads a game file of any game in the catalog, verifying its hash.
///
/// # Errors
/// [`LoadError::WrongGame`] when no game of this build has the file's id;
/// otherwise as [`sandtable_core::Game::load`].
pub fn open(record: &GameRecord) -> Result<Opened, LoadError> {
    let driver = find(&record.game).map_err(|_| LoadError::WrongGame { found: record.game.clone() })?;
    let session = driver.game().load(record)?;
    Ok((driver, session))
}

/// A game id this build does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame {
    /// The id asked for.
    pub id: String,
    /// The ids there are.
    pub known: Vec<String>,
}

impl UnknownGame {
    /// The message in both languages.
    pub fn text(&self) -> Text {
        let known = self.known.join(", ");
        Text::new(
            format!("unknown game {:?}; games: {known}", self.id),
            format!("нет игры {:?}; есть: {known}", self.id),
        )
    }
}

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

impl std::error::Error for UnknownGame {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_games_and_lists_known_games() {
        assert_eq!(find("Totensonntag").expect("present").game().info().id, "totensonntag");
        assert_eq!(find("colditz").expect("present").game().info().id, "colditz");
        let e = find("nope").err().expect("absent");
        assert_eq!(
            e.known,
            vec!["totensonntag".to_owned(), "colditz".to_owned(), "scs".to_owned(), "nine-years".to_owned()]
        );
        assert!(e.to_string().contains("totensonntag") && e.to_string().contains("нет игры"));
    }

    #[test]
    fn every_game_has_a_renderer_that_registers_its_id() {
        for d in catalog() {
            let id = &d.game().info().id;
            let js = d.renderer().unwrap_or_else(|| panic!("{id} has no renderer"));
            // A hyphenated id (`nine-years`) is no JS identifier: brackets then.
            let dotted = format!("Sandtable.games.{id} = ");
            let bracketed = format!("Sandtable.games[\"{id}\"] = ");
            assert!(
                js.contains(&dotted) || js.contains(&bracketed),
                "{id}'s renderer registers Sandtable.games.{id} or Sandtable.games[\"{id}\"]"
            );
        }
    }

    #[test]
    fn open_refuses_a_file_of_an_unknown_game() {
        let d = find("totensonntag").expect("present");
        let s = d.game().start(&sandtable_core::Setup::seeded(1)).expect("starts");
        let record = GameRecord { game: "chess".into(), ..s.record() };
        assert!(matches!(open(&record), Err(LoadError::WrongGame { .. })));
        let (_, back) = open(&s.record()).expect("own record loads");
        assert_eq!(back.record(), s.record());
    }
}
