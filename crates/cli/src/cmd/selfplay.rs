//! `sandtable selfplay`: bots against each other, on all cores.

use super::{Fail, Result};
use crate::Lang;
use indicatif::{ProgressBar, ProgressStyle};
use sandtable::setup::SetupArgs;

#[derive(clap::Args)]
pub struct Args {
    /// Game id / Игра
    game: String,
    /// Number of games / Число партий
    #[arg(long)]
    games: usize,
    /// First seed: game i uses seed + i / Первое зерно
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The bot playing every seat / Бот
    #[arg(long, value_enum, default_value_t = BotKind::Random)]
    bot: BotKind,
    #[command(flatten)]
    setup: SetupArgs,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BotKind {
    /// Uniformly random legal actions / Случайные допустимые ходы
    Random,
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let driver = sandtable_catalog::find_for_study(&a.game)?;
    let setup = super::setup_for(&a.setup, a.seed, driver.game())?;
    // Refuse a bad set-up once, up front, rather than as N failures.
    driver.game().start(&setup)?;
    let bar = ProgressBar::new(a.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Panics inside games are caught and reported as failures; the default
    // hook would also print each one over the progress bar.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = driver.selfplay(&setup, a.games, a.seed, &|n| bar.set_position(n as u64));
    std::panic::set_hook(hook);
    bar.finish_and_clear();

    let ru = lang == Lang::Ru;
    let t = |en: &'static str, ru_: &'static str| if ru { ru_ } else { en };
    let pct = |n: usize| {
        if r.games == 0 {
            0.0
        } else {
            100.0 * n as f64 / r.games as f64
        }
    };
    println!("{}: {} (seed {}, {} {})", t("game", "игра"), r.game, a.seed, r.threads, t("threads", "потоков"));
    println!("{}: {}", t("games", "партий"), r.games);
    println!("{}:", t("outcomes", "исходы"));
    for (text, n) in &r.outcomes {
        println!("  {n:>7}  {:>5.1}%  {text}", pct(*n));
    }
    println!("{}:", t("wins by seat", "победы по местам"));
    for (seat, n) in &r.wins {
        println!("  {n:>7}  {:>5.1}%  {seat}", pct(*n));
    }
    if r.draws > 0 {
        println!("  {:>7}  {:>5.1}%  {}", r.draws, pct(r.draws), t("draws", "ничьи"));
    }
    println!("{}: {:.1} {}", t("mean length", "средняя длина"), r.mean_length, t("decisions", "решений"));
    println!("{}: {}", t("decisions", "решений"), r.total_decisions);
    println!("decisions/s: {:.0}", r.decisions_per_second);
    println!("games/s: {:.2}", r.games_per_second);
    println!("{}: {:.2} s", t("elapsed", "время"), r.elapsed_seconds);
    println!("{}: {}", t("failures", "сбои"), r.failures.len());
    for f in &r.failures {
        println!("  {f}");
    }
    if r.ok() {
        Ok(())
    } else {
        Err(Fail::text(
            1,
            format!("{} of {} games failed", r.failures.len(), r.games),
            format!("сбой в {} из {} партий", r.failures.len(), r.games),
        ))
    }
}
