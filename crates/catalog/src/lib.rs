//! # sandtable-catalog
//!
//! The registry of every game this build has. Front ends (command line,
//! engine protocol, server) find a game by id and drive it through a
//! [`Driver`]: the object-safe [`sandtable_core::Game`] plus the operations
//! that need the typed ruleset (self-play, benchmarks, unchecked replay).
//!
//! Adding a game is three lines: its crate in `Cargo.toml`, a `use` and one
//! `Typed::new(...)` line in [`catalog`].
#![deny(missing_docs)]

mod bench;
mod driver;
mod registry;

pub use bench::BenchReport;
pub use driver::{Driver, Typed};
pub use registry::{catalog, find, open, Opened, UnknownGame};
