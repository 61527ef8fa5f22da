//! A typed ruleset behind one object-safe interface.

use crate::{BenchReport, SearchSpeed, SoakReport};
use sandtable_ai::{ArenaConfig, ArenaGame, ArenaReport, BotSpec, SelfplayReport};
use sandtable_core::{
    ruleset_for, Game, GameRecord, Heuristics, LoadError, Match, Rules, Ruleset, Seat, Session, Setup, SetupError,
};
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
    /// The search bot's speed: `moves` decisions from the opening searched
    /// with `iterations` each, plain UCT (`uct`, for comparisons with other
    /// engines) or as the bot plays. See [`SearchSpeed`].
    ///
    /// # Errors
    /// A set-up the game refuses.
    fn search_speed(&self, setup: &Setup, iterations: u32, moves: usize, uct: bool) -> Result<SearchSpeed, SetupError>;
    /// The soak: uniformly random legal actions, from a random seat among
    /// those owing a decision or allowed to act out of turn, over successive
    /// games until `actions` have been applied, with [`sandtable_core::Ruleset::validate`]
    /// run on every initial position and after every action. Game `i` starts
    /// from `setups[i % len]` (the default set-up when empty) with a new
    /// seed, and every option that set-up leaves open takes a random value
    /// the game offers (refused combinations are counted and skipped).
    /// Deterministic for a `seed`. Cost: `actions` × (legal actions + apply
    /// + validate), on one thread.
    ///
    /// # Panics
    /// On the first violation — an invalid position, a listed action
    /// refused, a seat owing a decision with none, a game past a million
    /// decisions — naming the game, set-up, seed, step and action.
    fn soak(&self, setups: &[Setup], actions: u64, seed: u64) -> SoakReport;
    /// The decision of the bot `spec` for `seat` in `session` (a match of
    /// this game), in canonical notation, its choices following `seed`;
    /// `None` when the seat owes nothing or the session is another game's.
    /// The bot is handed only what the seat may know
    /// ([`sandtable_ai::Infoset`]): this is how the server, the terminal and
    /// the engine protocol ask every bot. Cost: the bot's budget (a search
    /// bot's can be seconds: call it off any request path).
    fn bot_move(&self, spec: BotSpec, session: &dyn Session, seat: Seat, seed: u64) -> Option<String>;
    /// Bots against each other, see [`sandtable_ai::arena`], on the
    /// set-up's scenario (its file when it has one).
    ///
    /// # Errors
    /// A set-up the game refuses.
    fn arena(
        &self,
        setup: &Setup,
        config: &ArenaConfig,
        progress: &mut dyn FnMut(usize, Option<&ArenaGame>),
    ) -> Result<ArenaReport, SetupError>;
    /// The game's browser renderer, a script that registers
    /// `Sandtable.games["<id>"]` (contract: `web/app.js`), embedded by the
    /// game's crate; `None` for a game the browser cannot draw.
    fn renderer(&self) -> Option<&'static str>;
}

/// Any [`Ruleset`] (with its [`Heuristics`], for the bots) as a [`Driver`], with its browser renderer if it has one.
pub struct Typed<R: Ruleset> {
    rules: Rules<R>,
    renderer: Option<&'static str>,
}

impl<R: Ruleset> Typed<R> {
    /// The driver of `rules` (no renderer yet: see [`Typed::with_renderer`]).
    pub fn new(rules: R) -> Typed<R> {
        Typed::from_arc(Arc::new(rules))
    }
    /// The driver of shared rules.
    pub fn from_arc(rules: Arc<R>) -> Typed<R> {
        Typed { rules: Rules(rules), renderer: None }
    }
    /// The same driver with the game's browser renderer (the script its
    /// crate embeds, e.g. `sandtable_colditz::RENDERER_JS`).
    #[must_use]
    pub fn with_renderer(self, script: &'static str) -> Typed<R> {
        Typed { renderer: Some(script), ..self }
    }
    /// The typed rules.
    pub fn rules(&self) -> &Arc<R> {
        &self.rules.0
    }
}

impl<R: Heuristics> Driver for Typed<R> {
    fn game(&self) -> &dyn Game {
        &self.rules
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
    fn search_speed(&self, setup: &Setup, iterations: u32, moves: usize, uct: bool) -> Result<SearchSpeed, SetupError> {
        let rules = ruleset_for(self.rules(), setup)?;
        crate::bench::search_speed(rules.as_ref(), setup, iterations, moves, uct)
    }
    fn soak(&self, setups: &[Setup], actions: u64, seed: u64) -> SoakReport {
        crate::soak::run(self.rules(), setups, actions, seed)
    }
    fn bot_move(&self, spec: BotSpec, session: &dyn Session, seat: Seat, seed: u64) -> Option<String> {
        let m = session.as_any().downcast_ref::<Match<R>>()?;
        let action = sandtable_ai::decide(spec.build::<R>(seed).as_mut(), m.rules(), m.state(), seat)?;
        Some(m.rules().notation(action))
    }
    fn arena(
        &self,
        setup: &Setup,
        config: &ArenaConfig,
        progress: &mut dyn FnMut(usize, Option<&ArenaGame>),
    ) -> Result<ArenaReport, SetupError> {
        let rules = ruleset_for(self.rules(), setup)?;
        sandtable_ai::arena(rules.as_ref(), setup, config, progress)
    }
    fn renderer(&self) -> Option<&'static str> {
        self.renderer
    }
}
