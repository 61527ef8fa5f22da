//! # sandtable (command line library)
//!
//! What the `sandtable` binary does, as library code other front ends (and
//! tests) can call without a process:
//! - [`engine`]: the JSON-lines engine protocol (`docs/protocol.md`);
//! - [`gamefile`]: reading, verifying and atomically writing game files;
//! - [`setup`]: `key=value` options into a [`sandtable_core::Setup`];
//! - [`say`]: the lines the front ends print (who acts, events, refusals);
//! - [`latency`]: fixed-memory latency histograms for the benchmarks.
#![deny(missing_docs)]

pub mod arena_report;
pub mod engine;
pub mod gamefile;
pub mod latency;
pub mod say;
pub mod setup;
