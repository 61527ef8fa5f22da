//! # sandtable-ai
//!
//! Bots that play any [`sandtable_core::Ruleset`]:
//! - [`Bot`]: choose one of the legal actions from an [`Infoset`] — the
//!   seat's view, its legal actions and worlds sampled consistently with
//!   them, never the true hidden state; [`BotKind`] names the bots every
//!   front end offers, [`decide`] asks one;
//! - [`RandomBot`]: uniform over the legal actions, seeded, reproducible;
//! - [`playout`]: one game from set-up to the end between bots;
//! - [`selfplay`]: many games across all cores, with the same report whatever
//!   the thread count.
#![deny(missing_docs)]

mod bot;
mod playout;
mod random;
mod selfplay;

pub use bot::{decide, Bot, BotKind, Infoset};
pub use playout::{playout, PlayoutError, PlayoutResult};
pub use random::RandomBot;
pub use selfplay::{bot_seed, selfplay, selfplay_threads, SelfplayReport};
