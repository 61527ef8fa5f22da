//! # sandtable-ai
//!
//! Bots that play any [`sandtable_core::Ruleset`]:
//! - [`Bot`]: choose one of the legal actions of a typed state;
//! - [`RandomBot`]: uniform over the legal actions, seeded, reproducible;
//! - [`playout`]: one game from set-up to the end between bots;
//! - [`selfplay`]: many games across all cores, with the same report whatever
//!   the thread count;
//! - [`random_text_action`]: a random move through the object-safe
//!   [`sandtable_core::Session`], for front ends that only hold a game by name.
#![deny(missing_docs)]

mod bot;
mod playout;
mod random;
mod selfplay;

pub use bot::Bot;
pub use playout::{playout, PlayoutError, PlayoutResult};
pub use random::{random_text_action, RandomBot};
pub use selfplay::{bot_seed, selfplay, selfplay_threads, SelfplayReport};
