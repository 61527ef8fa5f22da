//! The arena: bots against each other over many games, seats rotated, in
//! parallel, sharded for batch schedulers, with the statistics a balance
//! study needs (win rates with 95% intervals, Elo, per side, game length).

use crate::{bot_seed, Bot, BotSpec, Infoset, PlayoutError};
use sandtable_core::{Events, GameRecord, Heuristics, LogEntry, Ruleset, Seat, Setup, SetupError, ToAct};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A game longer than this is reported as a loop.
const MAX_STEPS: usize = 1_000_000;

/// The game's measures ([`Heuristics::measures`]) are sampled every this
/// many decisions (and at the end).
pub const MEASURE_EVERY: usize = 10;

/// What to play: the bots, how many games, the seed, and which slice.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaConfig {
    /// The bots, at least one; seat `j` of game `i` is played by bot
    /// `(i + j) mod bots`, so every bot plays every seat equally often.
    pub bots: Vec<BotSpec>,
    /// Games in the whole run (all shards together).
    pub games: usize,
    /// The run's seed: game `i` is set up with seed `seed + i / bots` (so
    /// each deal is played once per rotation of the bots over the seats:
    /// the luck of the deal cancels) and its bots are seeded by [`bot_seed`].
    pub seed: u64,
    /// This run's slice: shard `index` of `count` (0-based), the games
    /// `index·games/count ..< (index+1)·games/count`.
    pub shard: Shard,
    /// Games played at once.
    pub threads: usize,
    /// Keep every game's record ([`ArenaGame::record`]): its set-up and
    /// every decision, a game file that replays it (to look into a game a
    /// bot lost). Costs one notation string a decision.
    pub records: bool,
}

/// One slice of a run, `index` of `count`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 0-based.
    pub index: usize,
    /// At least 1.
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Reads `i/n` with 1 ≤ i ≤ n, counted from 1 as people count slices
    /// (`--shard 1/4` is the first quarter; a 0-based batch array index
    /// needs a `+ 1`).
    ///
    /// # Errors
    /// Both languages, when the text is not `i/n` with 1 ≤ i ≤ n.
    pub fn parse(text: &str) -> Result<Shard, sandtable_core::Text> {
        let bad = || {
            sandtable_core::Text::new(
                format!("shard {text:?}: write i/n with 1 ≤ i ≤ n, e.g. 2/8"),
                format!("часть {text:?}: пишите i/n, где 1 ≤ i ≤ n, например 2/8"),
            )
        };
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let (i, n) = (i.trim().parse::<usize>().map_err(|_| bad())?, n.trim().parse::<usize>().map_err(|_| bad())?);
        if i == 0 || i > n {
            return Err(bad());
        }
        Ok(Shard { index: i - 1, count: n })
    }

    /// The game indices of this slice of `games`.
    pub fn range(self, games: usize) -> std::ops::Range<usize> {
        let count = self.count.max(1);
        self.index * games / count..(self.index + 1) * games / count
    }
}

/// One game of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaGame {
    /// Its index in the run.
    pub index: usize,
    /// Its set-up seed.
    pub seed: u64,
    /// The bot of each seat, by name, in seat order.
    pub bots: Vec<String>,
    /// The winning seats' ids (empty: a draw).
    pub winners: Vec<String>,
    /// The result line (English).
    pub result: String,
    /// Decisions made.
    pub decisions: usize,
    /// Seconds each seat's bot spent deciding, in seat order.
    pub bot_seconds: Vec<f64>,
    /// The game's measures by name, sampled before decision 0,
    /// [`MEASURE_EVERY`], 2·[`MEASURE_EVERY`]… and once at the end.
    #[serde(default)]
    pub measures: BTreeMap<String, Vec<f64>>,
    /// The game file, when [`ArenaConfig::records`] asked for it. Not part
    /// of the report's JSON: the command line writes it to a file of its own.
    #[serde(skip)]
    pub record: Option<GameRecord>,
}

/// What a run (or a shard, or merged shards) found. Everything is
/// computed from [`ArenaReport::played`], so merging shards is adding
/// their games up: [`ArenaReport::merge`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaReport {
    /// The game id.
    pub game: String,
    /// The scenario id.
    pub scenario: String,
    /// The seat ids, in order.
    pub seats: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// Games in the whole run.
    pub games: usize,
    /// The shards this report holds (1-based `i/n` texts), in order.
    pub shards: Vec<String>,
    /// Per bot (in the order given): games, wins, win rate with its 95%
    /// interval, Elo.
    pub bots: Vec<BotLine>,
    /// Per seat: games won by that side, and per bot playing it.
    pub sides: Vec<SideLine>,
    /// Mean decisions per finished game.
    pub mean_length: f64,
    /// The most bot time any one seat spent in one game, in seconds.
    pub max_bot_seconds_per_game: f64,
    /// Every finished game.
    pub played: Vec<ArenaGame>,
    /// Games that did not finish, each naming its seed.
    pub failures: Vec<String>,
}

/// One bot's line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotLine {
    /// Its name ([`BotSpec::name`]).
    pub name: String,
    /// Seats it played (a bot sitting twice in one game counts twice).
    pub games: usize,
    /// Of those, won.
    pub wins: usize,
    /// Drawn.
    pub draws: usize,
    /// `wins / games`.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub interval: [f64; 2],
    /// Elo, the first bot at 0 (Bradley–Terry over every winner–loser pair
    /// of different bots in a game, a draw half a win each way).
    pub elo: f64,
    /// Mean seconds it spent deciding per game.
    pub mean_seconds_per_game: f64,
}

/// One side's line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideLine {
    /// The seat id.
    pub seat: String,
    /// Games.
    pub games: usize,
    /// Won by this side, whoever played it.
    pub wins: usize,
    /// `wins / games`, with its 95% interval.
    pub win_rate: f64,
    /// The 95% Wilson interval.
    pub interval: [f64; 2],
    /// Per bot playing this side: `[games, wins]`.
    pub by_bot: BTreeMap<String, [usize; 2]>,
}

/// Plays the games of `config.shard` on `config.threads` threads; `progress`
/// is called on this thread as each game ends, with the number of games
/// done and the game (`None` for a failure), so its record can be saved
/// before the run is over. A game that panics or breaks the contract is a
/// failure naming its seed.
///
/// # Errors
/// A set-up the game refuses (before any game is played).
pub fn arena<R: Heuristics>(
    rules: &R,
    base: &Setup,
    config: &ArenaConfig,
    progress: &mut dyn FnMut(usize, Option<&ArenaGame>),
) -> Result<ArenaReport, SetupError> {
    let info = rules.info();
    let resolved = info.resolve(base)?;
    // The seats taking part (2 of Colditz's 6 in a two-player game): the
    // bots rotate over these, and only these have a line in the report.
    let playing: Vec<Seat> = rules.seats(&sandtable_core::initial_state(rules, &resolved)?).iter().collect();
    let indices: Vec<usize> = config.shard.range(config.games).collect();
    let threads = config.threads.clamp(1, indices.len().max(1));
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Result<ArenaGame, String>>> = vec![None; indices.len()];
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads {
            let (tx, next, indices, resolved, playing) = (tx.clone(), &next, &indices, &resolved, &playing);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = indices.get(k) else { break };
                if tx.send((k, one_game(rules, resolved, playing, config, i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (done, (k, r)) in rx.iter().enumerate() {
            progress(done + 1, r.as_ref().ok());
            results[k] = Some(r);
        }
    });
    let mut played = Vec::new();
    let mut failures = Vec::new();
    for r in results.into_iter().flatten() {
        match r {
            Ok(g) => played.push(g),
            Err(e) => failures.push(e),
        }
    }
    let scenario = resolved.scenario.clone().unwrap_or_default();
    let shard = format!("{}/{}", config.shard.index + 1, config.shard.count.max(1));
    let names: Vec<String> = config.bots.iter().map(|b| b.name()).collect();
    let seats = playing.iter().map(|&s| info.seat_id(s).to_owned()).collect();
    Ok(ArenaReport::tally(
        info.id.clone(),
        scenario,
        seats,
        names,
        config.seed,
        config.games,
        vec![shard],
        played,
        failures,
    ))
}

/// The bot of each seat of game `index`, and the game's set-up seed.
pub fn seating(config: &ArenaConfig, seats: usize, index: usize) -> (Vec<BotSpec>, u64) {
    let k = config.bots.len().max(1);
    let bots = (0..seats).map(|j| config.bots[(index + j) % k]).collect();
    (bots, config.seed.wrapping_add((index / k) as u64))
}

/// Wraps a bot to add up the time it spends deciding.
struct Timed<'b, R: Ruleset> {
    bot: Box<dyn Bot<R>>,
    seconds: &'b mut f64,
}

/// Game `index` of the run, panics caught; `playing[j]` is played by the
/// `j`-th bot of its seating.
fn one_game<R: Heuristics>(
    rules: &R,
    base: &Setup,
    playing: &[Seat],
    config: &ArenaConfig,
    index: usize,
) -> Result<ArenaGame, String> {
    let info = rules.info();
    let (specs, seed) = seating(config, playing.len(), index);
    let setup = Setup { seed, ..base.clone() };
    let game = catch_unwind(AssertUnwindSafe(|| {
        let mut seconds = vec![0.0; specs.len()];
        let mut timed: Vec<Timed<'_, R>> = specs
            .iter()
            .zip(seconds.iter_mut())
            .enumerate()
            .map(|(j, (spec, s))| Timed { bot: spec.build::<R>(bot_seed(config.seed, index, j)), seconds: s })
            .collect();
        let mut log = config.records.then(Vec::new);
        let (outcome, decisions, measures, end) = play(rules, &setup, playing, &mut timed, log.as_mut())?;
        drop(timed);
        let record = log.map(|log| GameRecord {
            format: sandtable_core::record::FORMAT.to_owned(),
            game: info.id.clone(),
            rules_version: info.rules_version.clone(),
            setup: setup.clone(),
            log,
            state_hash: end,
            dice: None,
        });
        Ok::<_, PlayoutError>(ArenaGame {
            index,
            seed,
            bots: specs.iter().map(|s| s.name()).collect(),
            winners: outcome.winners.iter().map(|s| info.seat_id(s).to_owned()).collect(),
            result: outcome.text.en.into_owned(),
            decisions,
            bot_seconds: seconds,
            measures,
            record,
        })
    }));
    match game {
        Ok(Ok(g)) => Ok(g),
        Ok(Err(e)) => Err(e.to_string()),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            Err(PlayoutError::Panic { game: info.id.clone(), seed, message }.to_string())
        }
    }
}

/// The game's outcome, its length, its sampled measures and the hash of
/// its last state (empty unless its log was kept).
type Played = (sandtable_core::Outcome, usize, BTreeMap<String, Vec<f64>>, String);

/// [`crate::playout`] with each bot's thinking timed and the game's
/// measures sampled; `bots[j]` plays `playing[j]`; every decision is added
/// to `log` when one is given.
fn play<R: Heuristics>(
    rules: &R,
    setup: &Setup,
    playing: &[Seat],
    bots: &mut [Timed<'_, R>],
    mut log: Option<&mut Vec<LogEntry>>,
) -> Result<Played, PlayoutError> {
    let info = rules.info();
    let game = || info.id.clone();
    let seed = setup.seed;
    let mut state = sandtable_core::initial_state(rules, setup).map_err(|e| PlayoutError::Setup {
        game: game(),
        seed,
        error: e.to_string(),
    })?;
    let mut legal = Vec::new();
    let mut events = Events::off();
    let mut measures: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut sample = |state: &R::State| {
        for (name, value) in rules.measures(state) {
            measures.entry(name.to_owned()).or_default().push(value);
        }
    };
    for step in 0..MAX_STEPS {
        if step % MEASURE_EVERY == 0 {
            sample(&state);
        }
        let seat = match rules.to_act(&state) {
            ToAct::Over(outcome) => {
                if step % MEASURE_EVERY != 0 {
                    sample(&state);
                }
                let end = if log.is_some() { sandtable_core::state_hash(&state) } else { String::new() };
                return Ok((outcome, step, measures, end));
            }
            ToAct::Seats(s) => s.iter().next(),
        };
        let seat_id = |s: Seat| info.seat_id(s).to_owned();
        let Some(seat) = seat else {
            return Err(PlayoutError::DeadEnd { game: game(), seed, step, seat: "(none)".into() });
        };
        legal.clear();
        rules.legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            return Err(PlayoutError::DeadEnd { game: game(), seed, step, seat: seat_id(seat) });
        }
        let timed = playing
            .iter()
            .position(|&p| p == seat)
            .and_then(|j| bots.get_mut(j))
            .ok_or_else(|| PlayoutError::NoBot { game: game(), seat: seat_id(seat) })?;
        let start = Instant::now();
        let action = timed.bot.choose(&Infoset::new(rules, &state, seat, &legal));
        *timed.seconds += start.elapsed().as_secs_f64();
        if let Err(e) = rules.try_apply(&mut state, seat, action, &mut events) {
            return Err(PlayoutError::Refused {
                game: game(),
                seed,
                step,
                seat: seat_id(seat),
                action: rules.notation(action),
                error: e.to_string(),
            });
        }
        if let Some(log) = log.as_mut() {
            log.push(LogEntry { seat: seat_id(seat), action: rules.notation(action) });
        }
    }
    Err(PlayoutError::StepLimit { game: game(), seed, steps: MAX_STEPS })
}

impl ArenaReport {
    /// The report of `played` (any order; sorted by index here).
    #[allow(clippy::too_many_arguments)]
    pub fn tally(
        game: String,
        scenario: String,
        seats: Vec<String>,
        mut bots: Vec<String>,
        seed: u64,
        games: usize,
        shards: Vec<String>,
        mut played: Vec<ArenaGame>,
        failures: Vec<String>,
    ) -> ArenaReport {
        played.sort_by_key(|g| g.index);
        // One line a bot: the same bot named twice (self-play, to measure
        // the sides' balance) is one bot that played every seat.
        let mut seen = std::collections::HashSet::new();
        bots.retain(|b| seen.insert(b.clone()));
        let mut lines: Vec<BotLine> = bots
            .iter()
            .map(|name| BotLine {
                name: name.clone(),
                games: 0,
                wins: 0,
                draws: 0,
                win_rate: 0.0,
                interval: [0.0, 1.0],
                elo: 0.0,
                mean_seconds_per_game: 0.0,
            })
            .collect();
        let mut sides: Vec<SideLine> = seats
            .iter()
            .map(|seat| SideLine {
                seat: seat.clone(),
                games: 0,
                wins: 0,
                win_rate: 0.0,
                interval: [0.0, 1.0],
                by_bot: bots.iter().map(|b| (b.clone(), [0, 0])).collect(),
            })
            .collect();
        let mut seconds = vec![0.0; bots.len()];
        let mut total = 0usize;
        let mut max_seconds = 0.0f64;
        for g in &played {
            total += g.decisions;
            for (j, bot) in g.bots.iter().enumerate() {
                let won = g.winners.iter().any(|w| *w == seats[j]);
                let side = &mut sides[j];
                side.games += 1;
                side.wins += usize::from(won);
                let cell = side.by_bot.entry(bot.clone()).or_insert([0, 0]);
                cell[0] += 1;
                cell[1] += usize::from(won);
                let t = g.bot_seconds.get(j).copied().unwrap_or(0.0);
                max_seconds = max_seconds.max(t);
                if let Some(b) = bots.iter().position(|b| b == bot) {
                    lines[b].games += 1;
                    lines[b].wins += usize::from(won);
                    lines[b].draws += usize::from(g.winners.is_empty());
                    seconds[b] += t;
                }
            }
        }
        for (line, s) in lines.iter_mut().zip(&seconds) {
            (line.win_rate, line.interval) = rate(line.wins, line.games);
            line.mean_seconds_per_game = if line.games == 0 { 0.0 } else { s / line.games as f64 };
        }
        for side in &mut sides {
            (side.win_rate, side.interval) = rate(side.wins, side.games);
        }
        for (line, elo) in lines.iter_mut().zip(elo(&bots, &seats, &played)) {
            line.elo = elo;
        }
        let mean_length = if played.is_empty() { 0.0 } else { total as f64 / played.len() as f64 };
        ArenaReport {
            game,
            scenario,
            seats,
            seed,
            games,
            shards,
            bots: lines,
            sides,
            mean_length,
            max_bot_seconds_per_game: max_seconds,
            played,
            failures,
        }
    }

    /// Shard reports of one run added up.
    ///
    /// # Errors
    /// Both languages, when the reports are of different runs (game,
    /// scenario, seed, size or bots) or hold the same shard twice.
    pub fn merge(reports: Vec<ArenaReport>) -> Result<ArenaReport, sandtable_core::Text> {
        let mut it = reports.into_iter();
        let Some(first) = it.next() else {
            return Err(sandtable_core::Text::fixed("no reports to merge", "нечего объединять"));
        };
        let names = |r: &ArenaReport| r.bots.iter().map(|b| b.name.clone()).collect::<Vec<_>>();
        let bots = names(&first);
        let (mut shards, mut played, mut failures) =
            (first.shards.clone(), first.played.clone(), first.failures.clone());
        for r in it {
            if (&r.game, &r.scenario, r.seed, r.games, names(&r))
                != (&first.game, &first.scenario, first.seed, first.games, bots.clone())
            {
                return Err(sandtable_core::Text::new(
                    format!(
                        "shard {} is of another run (game, scenario, seed, games or bots differ from shard {})",
                        r.shards.join(","),
                        first.shards.join(",")
                    ),
                    format!(
                        "часть {} — из другого прогона (игра, сценарий, seed, число партий или боты не те, что в части {})",
                        r.shards.join(","),
                        first.shards.join(",")
                    ),
                ));
            }
            if let Some(twice) = r.shards.iter().find(|s| shards.contains(s)) {
                return Err(sandtable_core::Text::new(
                    format!("shard {twice} is given twice"),
                    format!("часть {twice} дана дважды"),
                ));
            }
            shards.extend(r.shards);
            played.extend(r.played);
            failures.extend(r.failures);
        }
        shards.sort_by_key(|s| s.split('/').next().and_then(|i| i.parse::<usize>().ok()));
        Ok(ArenaReport::tally(
            first.game,
            first.scenario,
            first.seats,
            bots,
            first.seed,
            first.games,
            shards,
            played,
            failures,
        ))
    }
}

/// A rate and its 95% Wilson score interval. O(1).
pub fn rate(wins: usize, games: usize) -> (f64, [f64; 2]) {
    if games == 0 {
        return (0.0, [0.0, 1.0]);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z = 1.959_963_984_540_054_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (p, [(centre - half).max(0.0), (centre + half).min(1.0)])
}

/// Elo ratings of `bots`, the first at 0: Bradley–Terry strengths fitted by
/// minorisation–maximisation (Hunter 2004) on every (winner, loser) pair of
/// different bots in a game, a draw or a shared result half a win each way,
/// with one virtual draw against the first bot as a prior so a bot that
/// never lost still gets a finite rating. O(iterations × bots²).
fn elo(bots: &[String], seats: &[String], played: &[ArenaGame]) -> Vec<f64> {
    let k = bots.len();
    let mut w = vec![vec![0.0f64; k]; k]; // w[a][b]: a's wins over b
    for g in played {
        let idx: Vec<Option<usize>> = g.bots.iter().map(|b| bots.iter().position(|x| x == b)).collect();
        let won: Vec<bool> = (0..g.bots.len()).map(|j| g.winners.iter().any(|x| *x == seats[j])).collect();
        for a in 0..idx.len() {
            for b in 0..idx.len() {
                let (Some(ba), Some(bb)) = (idx[a], idx[b]) else { continue };
                if ba == bb {
                    continue;
                }
                match (won[a], won[b]) {
                    (true, false) => w[ba][bb] += 1.0,
                    // Each ordered pair comes once: half a win each way.
                    (true, true) | (false, false) => w[ba][bb] += 0.5,
                    _ => {}
                }
            }
        }
    }
    for a in 1..k {
        w[a][0] += 0.5;
        w[0][a] += 0.5;
    }
    let mut s = vec![1.0f64; k];
    for _ in 0..500 {
        let mut next = s.clone();
        for a in 0..k {
            let wins: f64 = (0..k).map(|b| w[a][b]).sum();
            let denom: f64 = (0..k).filter(|&b| b != a).map(|b| (w[a][b] + w[b][a]) / (s[a] + s[b])).sum();
            if denom > 0.0 && wins > 0.0 {
                next[a] = wins / denom;
            }
        }
        s = next;
    }
    let anchor = s.first().copied().unwrap_or(1.0);
    s.iter().map(|x| 400.0 * (x / anchor).log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_holds_the_rate_and_narrows_with_games() {
        let (p, [lo, hi]) = rate(95, 100);
        assert!((p - 0.95).abs() < 1e-12 && lo < 0.95 && hi > 0.95);
        assert!((lo - 0.888).abs() < 0.002, "{lo}");
        let (_, [lo2, hi2]) = rate(950, 1000);
        assert!(lo2 > lo && hi2 < hi);
        assert_eq!(rate(0, 0), (0.0, [0.0, 1.0]));
    }

    #[test]
    fn shards_cover_the_run_once() {
        let mut all: Vec<usize> = Vec::new();
        for i in 1..=3 {
            all.extend(Shard::parse(&format!("{i}/3")).expect("a shard").range(10));
        }
        assert_eq!(all, (0..10).collect::<Vec<_>>());
        assert!(Shard::parse("0/3").is_err() && Shard::parse("4/3").is_err() && Shard::parse("x").is_err());
    }

    fn game(index: usize, bots: [&str; 2], winner: &str) -> ArenaGame {
        ArenaGame {
            index,
            seed: 0,
            bots: bots.map(String::from).to_vec(),
            winners: vec![winner.to_owned()],
            result: String::new(),
            decisions: 10,
            bot_seconds: vec![0.0, 0.0],
            measures: BTreeMap::new(),
            record: None,
        }
    }

    #[test]
    fn elo_of_a_three_to_one_record_is_about_191() {
        let bots = vec!["a".to_owned(), "b".to_owned()];
        let seats = vec!["x".to_owned(), "y".to_owned()];
        let mut played = Vec::new();
        for i in 0..400 {
            // b wins 3 games in 4, from both seats.
            let (bots_here, b_seat) = if i % 2 == 0 { (["a", "b"], "y") } else { (["b", "a"], "x") };
            let a_seat = if b_seat == "x" { "y" } else { "x" };
            played.push(game(i, bots_here, if i % 4 == 3 { a_seat } else { b_seat }));
        }
        let e = elo(&bots, &seats, &played);
        assert_eq!(e[0], 0.0);
        assert!((e[1] - 190.8).abs() < 3.0, "{e:?}");
    }
}
