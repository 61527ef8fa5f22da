//! # sandtable-ai
//!
//! Bots that play any [`sandtable_core::Ruleset`]:
//! - [`Bot`]: choose one of the legal actions from an [`Infoset`] — the
//!   seat's view, its legal actions and worlds sampled consistently with
//!   them, never the true hidden state; [`BotKind`] names the bots every
//!   front end offers, [`decide`] asks one;
//! - [`RandomBot`]: uniform over the legal actions, seeded, reproducible;
//! - [`GreedyBot`]: one ply on the game's [`sandtable_core::Heuristics`];
//! - [`MctsBot`]: information-set Monte Carlo tree search (module `mcts`
//!   says how it handles hidden information, chance, several seats and long
//!   turns), by iterations or time, on one or several threads; [`BotSpec`]
//!   names a bot with its [`Level`] or [`Budget`];
//! - [`playout`]: one game from set-up to the end between bots;
//! - [`arena`]: bots against each other over many games, seats rotated,
//!   sharded, with win rates, intervals and Elo ([`ArenaReport::merge`]
//!   adds shards up);
//! - [`selfplay`]: many games across all cores, with the same report whatever
//!   the thread count.
#![deny(missing_docs)]

mod arena;
mod bot;
mod budget;
mod greedy;
mod mcts;
mod playout;
mod random;
mod selfplay;

pub use arena::{arena, rate, seating, ArenaConfig, ArenaGame, ArenaReport, BotLine, Shard, SideLine, MEASURE_EVERY};
pub use bot::{decide, Bot, BotKind, BotSpec, Infoset, Level};
pub use budget::Budget;
pub use greedy::GreedyBot;
pub use mcts::{search, Anchor, MctsBot, MctsConfig, RootStat, ANCHOR_WORLDS};
pub use playout::{playout, PlayoutError, PlayoutResult};
pub use random::RandomBot;
pub use selfplay::{bot_seed, selfplay, selfplay_threads, SelfplayReport};
