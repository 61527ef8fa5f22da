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
    #[command(flatten)]
    setup: SetupArgs,
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let driver = sandtable_catalog::find(&a.game)?;
    let setup = super::setup_for(&a.setup, a.seed, driver.game())?;
    let r = driver.bench(&setup, a.seconds)?;
    let ru = lang == Lang::Ru;
    let t = |en: &'static str, ru_: &'static str| if ru { ru_ } else { en };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
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
