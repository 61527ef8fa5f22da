//! Speed and size of a game's rules, measured with random play.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_ai::{bot_seed, playout, Bot, Budget, Infoset, MctsBot, MctsConfig, RandomBot};
use sandtable_core::{Events, Heuristics, Ruleset, Seat, Setup, SetupError, ToAct};
use serde::Serialize;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A game longer than this is not counted (it is a bug self-play reports).
const MAX_STEPS: usize = 1_000_000;
/// Clones timed for [`BenchReport::clone_ns`].
const CLONES: usize = 100_000;
/// Decisions of the sample game kept for the per-call timings.
const MAX_SAMPLES: usize = 4096;

/// What `bench` measured. All on one thread.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BenchReport {
    /// The game id.
    pub game: String,
    /// Seconds spent on playouts.
    pub seconds: f64,
    /// Random games played to the end.
    pub playouts: usize,
    /// Games that failed (engine bugs; `selfplay` names them).
    pub failures: usize,
    /// Finished games per second.
    pub playouts_per_second: f64,
    /// Decisions per second in those games.
    pub decisions_per_second: f64,
    /// Mean decisions per finished game.
    pub mean_decisions: f64,
    /// `size_of::<State>()`: the inline part of a state, in bytes.
    pub state_size_of: usize,
    /// Bytes of the initial state's JSON: a proxy for its heap part and its
    /// size on the wire.
    pub state_json_bytes: usize,
    /// Nanoseconds per clone of a mid-game state (and its drop).
    pub clone_ns: f64,
    /// Nanoseconds per `legal_actions` call, over the states of a sample game.
    pub legal_ns: f64,
    /// Mean number of legal actions per call in those states.
    pub legal_mean: f64,
    /// Nanoseconds per `try_apply` of a legal action (clone time subtracted).
    pub apply_ns: f64,
    /// States of the sample game used for the per-call timings.
    pub samples: usize,
}

/// Runs the benchmark: playouts for `seconds`, then clone, legal-action and
/// apply timings on the states of one sample game (a fraction of a second).
pub(crate) fn run<R: Ruleset>(rules: &R, setup: &Setup, seconds: f64) -> Result<BenchReport, SetupError> {
    let info = rules.info();
    let setup = info.resolve(setup)?;
    let initial = sandtable_core::initial_state(rules, &setup)?;
    let mut report = BenchReport {
        game: info.id.clone(),
        state_size_of: std::mem::size_of::<R::State>(),
        state_json_bytes: serde_json::to_vec(&initial).map_or(0, |v| v.len()),
        ..BenchReport::default()
    };

    // Playouts, with fresh seeds until the time is up (at least one game).
    let budget = Duration::from_secs_f64(seconds.max(0.0));
    let start = Instant::now();
    let mut decisions = 0u64;
    let mut i = 0usize;
    while i == 0 || start.elapsed() < budget {
        let mut bots: Vec<Box<dyn Bot<R>>> = (0..info.seats.len())
            .map(|s| Box::new(RandomBot::new(bot_seed(0xbe5c, i, s))) as Box<dyn Bot<R>>)
            .collect();
        let game_setup = Setup { seed: setup.seed.wrapping_add(i as u64), ..setup.clone() };
        match playout(rules, &game_setup, &mut bots, MAX_STEPS) {
            Ok(r) => {
                report.playouts += 1;
                decisions += r.decisions as u64;
            }
            Err(_) => report.failures += 1,
        }
        i += 1;
    }
    report.seconds = start.elapsed().as_secs_f64();
    if report.seconds > 0.0 {
        report.playouts_per_second = report.playouts as f64 / report.seconds;
        report.decisions_per_second = decisions as f64 / report.seconds;
    }
    if report.playouts > 0 {
        report.mean_decisions = decisions as f64 / report.playouts as f64;
    }

    let samples = sample_game(rules, initial);
    report.samples = samples.len();
    let Some(mid) = samples.get(samples.len() / 2) else {
        return Ok(report);
    };
    // The micro-benchmarks repeat over the samples for at least this long, so
    // short games still give stable figures.
    let micro = Duration::from_secs_f64((seconds * 0.1).clamp(0.05, 1.0));

    let t = Instant::now();
    for _ in 0..CLONES {
        black_box(black_box(&mid.0).clone());
    }
    report.clone_ns = t.elapsed().as_nanos() as f64 / CLONES as f64;

    let mut out = Vec::new();
    let (mut calls, mut listed) = (0u64, 0u64);
    let t = Instant::now();
    while calls == 0 || t.elapsed() < micro {
        for (state, seat, _) in &samples {
            out.clear();
            rules.legal_actions(black_box(state), *seat, &mut out);
            listed += out.len() as u64;
            calls += 1;
        }
    }
    report.legal_ns = t.elapsed().as_nanos() as f64 / calls as f64;
    report.legal_mean = listed as f64 / calls as f64;

    // Applying changes the state, so each apply works on a clone; the same
    // loop with clones only is timed and subtracted.
    let (mut applied, mut with_apply, mut clones_only) = (0u64, Duration::ZERO, Duration::ZERO);
    let t = Instant::now();
    while applied == 0 || t.elapsed() < micro * 2 {
        let t1 = Instant::now();
        for (state, seat, action) in &samples {
            let mut s = state.clone();
            let _ = black_box(rules.try_apply(&mut s, *seat, *action, &mut Events::off()));
            black_box(&s);
        }
        with_apply += t1.elapsed();
        let t2 = Instant::now();
        for (state, _, _) in &samples {
            black_box(state.clone());
        }
        clones_only += t2.elapsed();
        applied += samples.len() as u64;
    }
    report.apply_ns = with_apply.saturating_sub(clones_only).as_nanos() as f64 / applied as f64;
    Ok(report)
}

/// How fast the search bot searches, from the game's opening position.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SearchSpeed {
    /// The game id.
    pub game: String,
    /// Which search: `uct` (plain UCT, uniform rollouts to the end, as
    /// OpenSpiel's `MCTSBot` with a `RandomRolloutEvaluator`) or `default`
    /// (the bot as it plays: the game's rollout policy, widening, evaluation
    /// at a depth cut-off).
    pub search: String,
    /// Iterations (simulations) per decision.
    pub iterations_per_move: u32,
    /// Decisions searched (each then played, so later ones search later positions).
    pub moves: usize,
    /// Seconds spent searching.
    pub seconds: f64,
    /// Iterations per second, one thread.
    pub iterations_per_second: f64,
}

/// Searches `moves` successive decisions from the opening of `setup` with
/// `iterations` each, on one thread, with plain UCT (`uct`) or the bot's own
/// configuration. Cost: `moves × iterations` iterations.
pub(crate) fn search_speed<R: Heuristics>(
    rules: &R,
    setup: &Setup,
    iterations: u32,
    moves: usize,
    uct: bool,
) -> Result<SearchSpeed, SetupError> {
    let setup = rules.info().resolve(setup)?;
    let mut state = sandtable_core::initial_state(rules, &setup)?;
    let budget = Budget::Iterations(iterations.max(1));
    let config = if uct { MctsConfig::uct(budget) } else { MctsConfig::new(budget) };
    let mut bot = MctsBot::new(config, 0x5ea7c4);
    let mut legal = Vec::new();
    let (mut searched, mut spent) = (0usize, Duration::ZERO);
    while searched < moves {
        let ToAct::Seats(seats) = rules.to_act(&state) else { break };
        let Some(seat) = seats.iter().next() else { break };
        legal.clear();
        rules.legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            break;
        }
        // A forced move is not searched: it would time nothing.
        let action = if legal.len() == 1 {
            legal[0]
        } else {
            let t = Instant::now();
            let a = bot.choose(&Infoset::new(rules, &state, seat, &legal));
            spent += t.elapsed();
            searched += 1;
            a
        };
        if rules.try_apply(&mut state, seat, action, &mut Events::off()).is_err() {
            break;
        }
    }
    let seconds = spent.as_secs_f64();
    Ok(SearchSpeed {
        game: rules.info().id.clone(),
        search: if uct { "uct" } else { "default" }.into(),
        iterations_per_move: iterations,
        moves: searched,
        seconds,
        iterations_per_second: if seconds > 0.0 { (searched as f64 * f64::from(iterations)) / seconds } else { 0.0 },
    })
}

/// The states of one random game with the decision taken in each, thinned
/// evenly to at most [`MAX_SAMPLES`].
fn sample_game<R: Ruleset>(rules: &R, mut state: R::State) -> Vec<(R::State, Seat, R::Action)> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5a3e);
    let mut all = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..MAX_STEPS {
        let ToAct::Seats(seats) = rules.to_act(&state) else {
            break;
        };
        let Some(seat) = seats.iter().next() else {
            break;
        };
        legal.clear();
        rules.legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.gen_range(0..legal.len())];
        all.push((state.clone(), seat, action));
        if rules.try_apply(&mut state, seat, action, &mut Events::off()).is_err() {
            break;
        }
    }
    let stride = all.len().div_ceil(MAX_SAMPLES).max(1);
    all.into_iter().step_by(stride).collect()
}

#[cfg(test)]
mod tests {
    use crate::find;
    use sandtable_core::Setup;

    #[test]
    fn bench_reports_plausible_figures() {
        let d = find("totensonntag").expect("present");
        let r = d.bench(&Setup::seeded(1), 0.05).expect("default set-up");
        assert!(r.playouts >= 1 && r.failures == 0, "{r:?}");
        assert!(r.decisions_per_second > 0.0 && r.mean_decisions > 10.0, "{r:?}");
        assert!(r.state_size_of > 0 && r.state_json_bytes > 100, "{r:?}");
        assert!(r.clone_ns > 0.0 && r.legal_ns > 0.0 && r.legal_mean >= 1.0 && r.samples > 10, "{r:?}");
        assert!(d.bench(&Setup::seeded(1).with_option("impulse-pairs", "7"), 0.01).is_err());
    }

    #[test]
    fn selfplay_through_the_driver() {
        let d = find("totensonntag").expect("present");
        let r = d.selfplay(&Setup::default(), 3, 9, &|_| {});
        assert_eq!(r.games, 3);
        assert!(r.ok(), "{:?}", r.failures);
    }
}
