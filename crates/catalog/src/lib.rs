//! # sandtable-catalog
//!
//! The registry of every game this build has. Front ends (command line,
//! engine protocol, server) find a game by id and drive it through a
//! [`Driver`]: the object-safe [`sandtable_core::Game`] plus the operations
//! that need the typed ruleset (self-play, benchmarks, the soak, unchecked replay).
//!
//! Each game comes with its browser renderer, the script its crate embeds
//! ([`Driver::renderer`]); the server serves it as `/games/<id>.js`.
//!
//! Besides the players' games, [`reference`] games (Connect Four) serve to
//! measure the bots against other engines: the research commands reach them
//! by id ([`find_for_study`]), the lobby and `sandtable games` never list them.
//!
//! Adding a game is two lines here: its crate in this crate's `Cargo.toml`
//! and one `game(rules, renderer)` line in `registry.rs` (see ARCHITECTURE.md,
//! *Adding a game*).
#![deny(missing_docs)]

mod bench;
mod driver;
mod registry;
mod soak;

pub use bench::{BenchReport, SearchSpeed};
pub use driver::{Driver, Typed};
pub use registry::{catalog, find, find_for_study, open, reference, Opened, UnknownGame};
pub use soak::SoakReport;
