//! `sandtable arena`: bots against each other, seats rotated, on all cores,
//! sharded for batch schedulers; `sandtable arena merge` adds shards up.

use super::{Fail, Result};
use crate::Lang;
use indicatif::{ProgressBar, ProgressStyle};
use sandtable::setup::SetupArgs;
use sandtable_ai::{ArenaConfig, ArenaGame, ArenaReport, BotKind, BotSpec, Budget, Shard};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Game id, or `merge` followed by shard reports (JSON files written by `--out`) / Игра или `merge`
    game: String,
    /// With `merge`: the shard reports to add up / Для `merge`: файлы частей
    files: Vec<PathBuf>,
    /// The bots, comma-separated, e.g. `mcts:hard,greedy` (`sandtable bots` lists them) / Боты через запятую
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// Games in the whole run (all shards together) / Число партий
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Milliseconds per decision for every search bot / Миллисекунд на ход для ботов поиска
    #[arg(long, conflicts_with = "iters")]
    ms: Option<u32>,
    /// Iterations per decision for every search bot / Итераций на ход для ботов поиска
    #[arg(long)]
    iters: Option<u32>,
    /// The run's seed / Зерно прогона
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Play only slice i of n (1-based), e.g. `--shard $((SLURM_ARRAY_TASK_ID+1))/16` / Только часть i из n
    #[arg(long)]
    shard: Option<String>,
    /// Games played at once (default: every core) / Партий одновременно
    #[arg(long)]
    threads: Option<usize>,
    /// Print the report as one JSON object / Отчёт в JSON
    #[arg(long)]
    json: bool,
    /// Also write the JSON report to this file (what `merge` reads) / Записать отчёт JSON в файл
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also write an HTML report with charts (win rates, game length, the game's measures) into this directory / HTML-отчёт с графиками в каталог
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Also write every game as a game file (`game-0007.json`, by its index in the run) into this directory, to replay with `sandtable show` or load in the engine / Записать каждую партию файлом партии в каталог
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    #[command(flatten)]
    setup: SetupArgs,
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let merging = a.game.eq_ignore_ascii_case("merge");
    if merging && a.records.is_some() {
        // Shard reports keep no game files: each shard writes its own.
        return Err(Fail::text(
            1,
            "--records goes with a run, not with merge: each shard writes its games' files",
            "--records задаётся прогону, а не merge: каждая часть пишет файлы своих партий",
        ));
    }
    let report = if merging { merge(a)? } else { play(a)? };
    if let Some(path) = &a.out {
        let text = serde_json::to_string_pretty(&report).map_err(|e| Fail::new(1, e))?;
        std::fs::write(path, text + "\n")?;
    }
    if let Some(dir) = &a.report {
        let page = sandtable::arena_report::write(&report, dir)?;
        eprintln!("report: {}", page.display());
    }
    if a.json {
        println!("{}", serde_json::to_string(&report).map_err(|e| Fail::new(1, e))?);
    } else {
        print(&report, lang);
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(Fail::text(
            1,
            format!("{} games failed", report.failures.len()),
            format!("сбой в {} партиях", report.failures.len()),
        ))
    }
}

/// The bots of `--bots`, each search bot's budget replaced by `--ms`/`--iters`.
fn bots(a: &Args) -> std::result::Result<Vec<BotSpec>, Fail> {
    if a.bots.is_empty() {
        return Err(Fail::text(
            1,
            "--bots is required: e.g. --bots mcts,random (`sandtable bots` lists them)",
            "нужен --bots, например --bots mcts,random (список: `sandtable bots`)",
        ));
    }
    a.bots
        .iter()
        .map(|name| {
            let mut spec = BotSpec::parse(name).map_err(|t| Fail::new(1, t))?;
            if spec.kind == BotKind::Mcts {
                if let Some(ms) = a.ms {
                    spec.budget = Budget::Millis(ms);
                } else if let Some(k) = a.iters {
                    spec.budget = Budget::Iterations(k);
                }
            }
            Ok(spec)
        })
        .collect()
}

fn play(a: &Args) -> std::result::Result<ArenaReport, Fail> {
    let driver = sandtable_catalog::find_for_study(&a.game)?;
    let setup = super::setup_for(&a.setup, a.seed, driver.game())?;
    let shard = match &a.shard {
        Some(s) => Shard::parse(s).map_err(|t| Fail::new(1, t))?,
        None => Shard::ALL,
    };
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let records = a.records.is_some();
    if let Some(dir) = &a.records {
        std::fs::create_dir_all(dir)?;
    }
    let config = ArenaConfig { bots: bots(a)?, games: a.games, seed: a.seed, shard, threads, records };
    let bar = ProgressBar::new(shard.range(a.games).len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    if a.json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    // Panics inside games are caught and reported as failures; the default
    // hook would also print each one over the progress bar.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // Each game's file is written as the game ends, so a run stopped
    // halfway keeps the games it played; the first write that fails stops
    // the writing and is the run's error.
    let mut unwritten: Option<Fail> = None;
    let report = driver.arena(&setup, &config, &mut |n, game| {
        bar.set_position(n as u64);
        if let (Some(dir), Some(game), None) = (&a.records, game, &unwritten) {
            unwritten = write_record(game, dir).err();
        }
    });
    std::panic::set_hook(hook);
    bar.finish_and_clear();
    match unwritten {
        Some(fail) => Err(fail),
        None => Ok(report?),
    }
}

/// Writes `game`'s record, if kept, into `dir` as `game-NNNN.json`, NNNN
/// its index in the run, so shards write disjoint names.
fn write_record(game: &ArenaGame, dir: &std::path::Path) -> Result {
    if let Some(record) = &game.record {
        let path = dir.join(format!("game-{:04}.json", game.index));
        sandtable::gamefile::write_record(&path, record, true)?;
    }
    Ok(())
}

fn merge(a: &Args) -> std::result::Result<ArenaReport, Fail> {
    let mut reports = Vec::new();
    for path in &a.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Fail::text(1, format!("{}: {e}", path.display()), format!("{}: {e}", path.display())))?;
        let r: ArenaReport = serde_json::from_str(&text).map_err(|e| {
            Fail::text(
                1,
                format!("{}: not an arena report: {e}", path.display()),
                format!("{}: не отчёт арены: {e}", path.display()),
            )
        })?;
        reports.push(r);
    }
    ArenaReport::merge(reports).map_err(|t| Fail::new(1, t))
}

fn print(r: &ArenaReport, lang: Lang) {
    let ru = lang == Lang::Ru;
    let t = |en: &'static str, ru_: &'static str| if ru { ru_ } else { en };
    let pct = |x: f64| 100.0 * x;
    println!(
        "{}: {} ({} {}, seed {}, {} {} {}, {} {})",
        t("game", "игра"),
        r.game,
        t("scenario", "сценарий"),
        r.scenario,
        r.seed,
        r.played.len(),
        t("of", "из"),
        r.games,
        t("shards", "части"),
        r.shards.join(", ")
    );
    println!(
        "{:<16} {:>6} {:>6} {:>7}  {:<17} {:>6} {:>9}",
        t("bot", "бот"),
        t("games", "партий"),
        t("wins", "побед"),
        t("win %", "побед %"),
        t("95% interval", "95% интервал"),
        "Elo",
        t("s/game", "с/партию")
    );
    for b in &r.bots {
        println!(
            "{:<16} {:>6} {:>6} {:>6.1}%  [{:>5.1}%, {:>5.1}%] {:>6.0} {:>9.2}",
            b.name,
            b.games,
            b.wins,
            pct(b.win_rate),
            pct(b.interval[0]),
            pct(b.interval[1]),
            b.elo,
            b.mean_seconds_per_game
        );
    }
    println!("{}:", t("by side", "по сторонам"));
    for s in &r.sides {
        let by: Vec<String> =
            s.by_bot.iter().filter(|(_, c)| c[0] > 0).map(|(bot, c)| format!("{bot} {}/{}", c[1], c[0])).collect();
        println!(
            "  {:<14} {:>6.1}% [{:>5.1}%, {:>5.1}%] {}/{}  ({})",
            s.seat,
            pct(s.win_rate),
            pct(s.interval[0]),
            pct(s.interval[1]),
            s.wins,
            s.games,
            by.join(", ")
        );
    }
    println!("{}: {:.1} {}", t("mean length", "средняя длина"), r.mean_length, t("decisions", "решений"));
    println!(
        "{}: {:.2} s",
        t("most bot time by one seat in one game", "больше всего времени бота за партию"),
        r.max_bot_seconds_per_game
    );
    println!("{}: {}", t("failures", "сбои"), r.failures.len());
    for f in &r.failures {
        println!("  {f}");
    }
}
