//! A typed ruleset behind one object-safe interface.

use crate::BenchReport;
use sandtable_ai::SelfplayReport;
use sandtable_core::{ruleset_for, Game, GameRecord, LoadError, Match, Rules, Ruleset, Session, Setup, SetupError};
use std::sync::Arc;

/// What a front end can do with a game it knows only by id.
pub trait Driver: Send + Sync {
    /// The game: its card, new matches, loading files.
    fn game(&self) -> &dyn Game;
    /// Replays a game file's log without checking its hash, so a damaged file
    /// can be shown up to where it diverges. Cost: O(log length) applies.
    ///
    /// # Errors
    /// Every [`LoadError`] but `HashMismatch`.
    fn replay(&self, record: &GameRecord) -> Result<Box<dyn Session>, LoadError>;
    /// Random self-play, see [`sandtable_ai::selfplay`], on the set-up's
    /// scenario (its file when it has one).
    fn selfplay(&self, setup: &Setup, games: usize, seed: u64, progress: &dyn Fn(usize)) -> SelfplayReport;
    /// Speed and size figures, spending about `seconds` on playouts plus a
    /// little more on the micro-benchmarks. See [`BenchReport`].
    ///
    /// # Errors
    /// A set-up the game refuses.
    fn bench(&self, setup: &Setup, seconds: f64) -> Result<BenchReport, SetupError>;
}

/// Any [`Ruleset`] as a [`Driver`].
pub struct Typed<R: Ruleset>(Rules<R>);

impl<R: Ruleset> Typed<R> {
    /// The driver of `rules`.
    pub fn new(rules: R) -> Typed<R> {
        Typed(Rules(Arc::new(rules)))
    }
    /// The driver of shared rules.
    pub fn from_arc(rules: Arc<R>) -> Typed<R> {
        Typed(Rules(rules))
    }
    /// The typed rules.
    pub fn rules(&self) -> &Arc<R> {
        &self.0 .0
    }
}

impl<R: Ruleset> Driver for Typed<R> {
    fn game(&self) -> &dyn Game {
        &self.0
    }
    fn replay(&self, record: &GameRecord) -> Result<Box<dyn Session>, LoadError> {
        Ok(Box::new(Match::replay(self.rules().clone(), record)?))
    }
    fn selfplay(&self, setup: &Setup, games: usize, seed: u64, progress: &dyn Fn(usize)) -> SelfplayReport {
        match ruleset_for(self.rules(), setup) {
            Ok(rules) => sandtable_ai::selfplay(rules.as_ref(), setup, games, seed, progress),
            Err(e) => SelfplayReport {
                game: self.rules().info().id.clone(),
                failures: vec![e.to_string()],
                ..SelfplayReport::default()
            },
        }
    }
    fn bench(&self, setup: &Setup, seconds: f64) -> Result<BenchReport, SetupError> {
        let rules = ruleset_for(self.rules(), setup)?;
        crate::bench::run(rules.as_ref(), setup, seconds)
    }
}
