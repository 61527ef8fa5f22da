//! A typed ruleset behind one object-safe interface.

use crate::BenchReport;
use sandtable_ai::{BotKind, SelfplayReport};
use sandtable_core::{Game, GameRecord, LoadError, Match, Rules, Ruleset, Seat, Session, Setup, SetupError};
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
    /// Random self-play, see [`sandtable_ai::selfplay`].
    fn selfplay(&self, setup: &Setup, games: usize, seed: u64, progress: &dyn Fn(usize)) -> SelfplayReport;
    /// Speed and size figures, spending about `seconds` on playouts plus a
    /// little more on the micro-benchmarks. See [`BenchReport`].
    ///
    /// # Errors
    /// A set-up the game refuses.
    fn bench(&self, setup: &Setup, seconds: f64) -> Result<BenchReport, SetupError>;
    /// A bot of `kind`'s decision for `seat` in `session` (a match of this
    /// game), in canonical notation, its choices following `seed`; `None`
    /// when the seat owes nothing or the session is another game's. The bot
    /// is handed only what the seat may know ([`sandtable_ai::Infoset`]):
    /// this is how the server, the terminal and the arena ask every bot.
    fn bot_move(&self, kind: BotKind, session: &dyn Session, seat: Seat, seed: u64) -> Option<String>;
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
        sandtable_ai::selfplay(self.rules().as_ref(), setup, games, seed, progress)
    }
    fn bench(&self, setup: &Setup, seconds: f64) -> Result<BenchReport, SetupError> {
        crate::bench::run(self.rules().as_ref(), setup, seconds)
    }
    fn bot_move(&self, kind: BotKind, session: &dyn Session, seat: Seat, seed: u64) -> Option<String> {
        let m = session.as_any().downcast_ref::<Match<R>>()?;
        let action = sandtable_ai::decide(kind.build::<R>(seed).as_mut(), m.rules(), m.state(), seat)?;
        Some(m.rules().notation(action))
    }
}
