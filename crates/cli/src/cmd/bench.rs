//! `sandtable bench`: how fast the rules run, on which machine.

use super::Result;
use crate::Lang;
use sandtable::setup::SetupArgs;

#[derive(clap::Args)]
pub struct Args {
    /// Game id / Игра
    game: String,
    /// Seconds of playouts (the micro-benchmarks add a little) / Секунд игры
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// First seed / Первое зерно
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Also time the search bot: this many iterations per move, over `--moves` moves from the opening, plain UCT and as the bot plays / Замерить и поиск: итераций на ход
    #[arg(long, value_name = "ITERATIONS")]
    mcts: Option<u32>,
    /// Moves searched with `--mcts` / Ходов для замера поиска
    #[arg(long, default_value_t = 10)]
    moves: usize,
    /// Print the figures as one JSON object / Вывести JSON
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    setup: SetupArgs,
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let driver = sandtable_catalog::find_for_study(&a.game)?;
    let setup = super::setup_for(&a.setup, a.seed, driver.game())?;
    let r = driver.bench(&setup, a.seconds)?;
    let search = match a.mcts {
        Some(n) => {
            vec![driver.search_speed(&setup, n, a.moves, true)?, driver.search_speed(&setup, n, a.moves, false)?]
        }
        None => Vec::new(),
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if a.json {
        let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
        let out = serde_json::json!({
            "machine": {"cpu": cpu_model(), "cores": cores, "build": profile},
            "playouts": r,
            "search": search,
        });
        println!("{out}");
        return Ok(());
    }
    let ru = lang == Lang::Ru;
    let t = |en: &'static str, ru_: &'static str| if ru { ru_ } else { en };
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    println!("{}: {}, {cores} {}", t("machine", "машина"), cpu_model(), t("cores", "ядер"));
    println!("{}: {profile}", t("build", "сборка"));
    println!("{}: {} ({})", t("game", "игра"), r.game, t("one thread", "один поток"));
    println!("{}: {} {} {:.2} s", t("playouts", "партий"), r.playouts, t("in", "за"), r.seconds);
    if r.failures > 0 {
        println!(
            "{}: {} ({})",
            t("failed playouts", "сбойных партий"),
            r.failures,
            t("run selfplay to see them", "подробности: selfplay")
        );
    }
    println!("playouts/s: {:.2}", r.playouts_per_second);
    println!("decisions/s: {:.0}", r.decisions_per_second);
    println!("{}: {:.1}", t("mean decisions per game", "среднее решений за партию"), r.mean_decisions);
    println!("{}: {} B", t("state size_of", "size_of состояния"), r.state_size_of);
    println!("{}: {} B", t("state JSON (initial)", "JSON состояния (начальное)"), r.state_json_bytes);
    println!("{}: {:.0} ns", t("clone (mid-game state)", "клонирование (середина партии)"), r.clone_ns);
    println!(
        "{}: {:.0} ns ({:.1} {})",
        t("legal actions per call", "допустимые действия за вызов"),
        r.legal_ns,
        r.legal_mean,
        t("actions on average", "действий в среднем")
    );
    println!("{}: {:.0} ns", t("apply per action", "применение действия"), r.apply_ns);
    println!("{}: {}", t("sample states", "состояний в выборке"), r.samples);
    for s in &search {
        println!(
            "{} ({}): {:.0} {} ({} × {} {})",
            t("search", "поиск"),
            s.search,
            s.iterations_per_second,
            t("iterations/s", "итераций/с"),
            s.moves,
            s.iterations_per_move,
            t("iterations", "итераций")
        );
    }
    Ok(())
}

/// The CPU model from `/proc/cpuinfo`, when the system has one.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name") || l.starts_with("Model") || l.starts_with("Hardware"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| format!("{} CPU (model unknown)", std::env::consts::ARCH))
}
