//! Many random games across all cores, reproducibly.

use crate::{playout, Bot, PlayoutError, RandomBot};
use sandtable_core::{Ruleset, Setup};
use serde::Serialize;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A game longer than this is reported as a loop.
const MAX_STEPS: usize = 1_000_000;

/// What a self-play run saw. Everything but the timings is the same for the
/// same arguments, whatever the number of threads.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SelfplayReport {
    /// The game id.
    pub game: String,
    /// Games played (finished or failed).
    pub games: usize,
    /// Finished games by result text (English).
    pub outcomes: BTreeMap<String, usize>,
    /// Finished games won by each seat id (every seat listed, shared wins
    /// count for each winner).
    pub wins: BTreeMap<String, usize>,
    /// Finished games nobody won.
    pub draws: usize,
    /// Mean decisions per finished game.
    pub mean_length: f64,
    /// Decisions in all finished games.
    pub total_decisions: u64,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// Decisions per second, all threads together.
    pub decisions_per_second: f64,
    /// Games per second, all threads together.
    pub games_per_second: f64,
    /// Threads used.
    pub threads: usize,
    /// Games that did not finish, in game order, each naming its seed.
    pub failures: Vec<String>,
}

impl SelfplayReport {
    /// Whether every game finished.
    pub fn ok(&self) -> bool {
        self.failures.is_empty()
    }
}

/// The seed of the bot of `seat` in game `game` of a run seeded `seed`: a
/// SplitMix64 mix, so neighbouring games and seats get unrelated streams.
pub fn bot_seed(seed: u64, game: usize, seat: usize) -> u64 {
    let mut z =
        seed ^ (game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (seat as u64).wrapping_mul(0xd1b5_4a32_d192_ed03);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays `games` random games on all cores. Game `i` uses `base` with seed
/// `seed + i`, and [`RandomBot`]s seeded by [`bot_seed`]`(seed, i, seat)`.
/// `progress` is called on the calling thread with the number of games done.
/// A game that panics is caught and reported as a failure with its seed.
///
/// Cost: `games` playouts, spread over `available_parallelism` threads.
pub fn selfplay<R: Ruleset>(
    rules: &R,
    base: &Setup,
    games: usize,
    seed: u64,
    progress: &dyn Fn(usize),
) -> SelfplayReport {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    selfplay_threads(rules, base, games, seed, threads, progress)
}

/// [`selfplay`] on exactly `threads` threads (at least one).
pub fn selfplay_threads<R: Ruleset>(
    rules: &R,
    base: &Setup,
    games: usize,
    seed: u64,
    threads: usize,
    progress: &dyn Fn(usize),
) -> SelfplayReport {
    let threads = threads.clamp(1, games.max(1));
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Result<crate::PlayoutResult, PlayoutError>>> = vec![None; games];
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                // Games are handed out one at a time, so a long game does not
                // leave the other threads idle; each is seeded by its index.
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                if tx.send((i, one_game(rules, base, seed, i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // The progress callback need not be thread-safe: only this thread calls it.
        for (done, (i, r)) in rx.iter().enumerate() {
            results[i] = Some(r);
            progress(done + 1);
        }
    });
    let elapsed = start.elapsed().as_secs_f64();

    let info = rules.info();
    let mut report = SelfplayReport {
        game: info.id.clone(),
        games,
        wins: info.seats.iter().map(|s| (s.id.clone(), 0)).collect(),
        elapsed_seconds: elapsed,
        threads,
        ..SelfplayReport::default()
    };
    let mut finished = 0u64;
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Some(Ok(r)) => {
                finished += 1;
                report.total_decisions += r.decisions as u64;
                *report.outcomes.entry(r.outcome.text.en.into_owned()).or_default() += 1;
                if r.outcome.winners.is_empty() {
                    report.draws += 1;
                }
                for s in r.outcome.winners.iter() {
                    *report.wins.entry(info.seat_id(s).to_owned()).or_default() += 1;
                }
            }
            Some(Err(e)) => report.failures.push(e.to_string()),
            None => report.failures.push(format!(
                "{} seed {}: the game's thread stopped / поток партии остановился",
                info.id,
                seed.wrapping_add(i as u64)
            )),
        }
    }
    if finished > 0 {
        report.mean_length = report.total_decisions as f64 / finished as f64;
    }
    if elapsed > 0.0 {
        report.decisions_per_second = report.total_decisions as f64 / elapsed;
        report.games_per_second = games as f64 / elapsed;
    }
    report
}

/// Game `i` of a run, with panics caught.
fn one_game<R: Ruleset>(rules: &R, base: &Setup, seed: u64, i: usize) -> Result<crate::PlayoutResult, PlayoutError> {
    let game_seed = seed.wrapping_add(i as u64);
    let setup = Setup { seed: game_seed, ..base.clone() };
    let seats = rules.info().seats.len();
    // The rules are only read and the bots are dropped with the game, so a
    // panic leaves nothing half-changed behind: asserting unwind safety is sound.
    catch_unwind(AssertUnwindSafe(|| {
        let mut bots: Vec<Box<dyn Bot<R>>> =
            (0..seats).map(|s| Box::new(RandomBot::new(bot_seed(seed, i, s))) as Box<dyn Bot<R>>).collect();
        playout(rules, &setup, &mut bots, MAX_STEPS)
    }))
    .unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        Err(PlayoutError::Panic { game: rules.info().id.clone(), seed: game_seed, message })
    })
}
