//! `sandtable`: the command line. A thin shell: argument parsing here, each
//! subcommand in `cmd/`, the logic in the library crates.

mod cmd;

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Rules-enforced tabletop wargames / Настольные варгеймы с соблюдением правил.
#[derive(Parser)]
#[command(name = "sandtable", version)]
struct Cli {
    /// Language of text output / Язык вывода
    #[arg(long, global = true, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    #[command(subcommand)]
    command: Command,
}

/// A language for text output.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// English
    En,
    /// Русский
    Ru,
}

impl Lang {
    /// The code the rules' `render` and `Text::get` take.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Serve games in the browser (the main job) / Сервер с игрой в браузере
    Serve(cmd::serve::Args),
    /// Copy a live SQLite database, the rows in its WAL included (PostgreSQL: pg_dump) / Резервная копия базы SQLite
    Backup(cmd::backup::Args),
    /// List every game with its seats, scenarios and options / Список игр
    Games,
    /// List the bots, one a line: its name, then what it is / Список ботов
    Bots,
    /// Play in the terminal, hot-seat or against a bot / Игра в терминале
    Play(cmd::play::Args),
    /// Start a game file for play by e-mail / Новый файл партии
    New(cmd::pbem::NewArgs),
    /// Check a scenario file: every problem as file:line: key: message; exit 0 only when playable / Проверить файл сценария
    Validate(cmd::validate::Args),
    /// Show a game file: who acts, then the board / Показать партию
    Show(cmd::pbem::ShowArgs),
    /// Print a game file's current position as JSON (everything, hidden cards and dice included), for `--position` / Позиция партии в JSON
    Position(cmd::pbem::PositionArgs),
    /// List a seat's legal actions in a game file / Допустимые действия
    Legal(cmd::pbem::LegalArgs),
    /// Apply one action to a game file / Сделать ход в файле партии
    Apply(cmd::pbem::ApplyArgs),
    /// Verify a game file and print its log with events / Проверить и показать запись
    Replay(cmd::pbem::ReplayArgs),
    /// Check a finished server game's dice against the commitment shown before it began, then replay it / Проверить честность кубиков партии
    Verify(cmd::pbem::VerifyArgs),
    /// Random self-play: results and speed / Игра ботов против себя
    Selfplay(cmd::selfplay::Args),
    /// Bots against each other: win rates with 95% intervals, Elo, per side; `arena merge` adds shards up / Турнир ботов
    Arena(cmd::arena::Args),
    /// Measure the rules' speed and state size / Замер скорости
    Bench(cmd::bench::Args),
    /// Load benchmark of the server on loopback: actions/s, latency / Нагрузочный тест сервера
    Loadtest(cmd::loadtest::Args),
    /// JSON-lines engine protocol on stdin/stdout (docs/protocol.md) / Протокол движка
    Engine,
}

/// A reader that closed our stdout (`sandtable legal FILE | head`) is not an
/// error of ours: end quietly instead of printing a panic.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    let lang = cli.lang;
    let result = match cli.command {
        Command::Serve(a) => cmd::serve::run(&a),
        Command::Backup(a) => cmd::backup::run(&a, lang),
        Command::Games => cmd::games::run(lang),
        Command::Bots => cmd::games::bots(lang),
        Command::Play(a) => cmd::play::run(&a, lang),
        Command::New(a) => cmd::pbem::new(&a),
        Command::Validate(a) => cmd::validate::run(&a, lang),
        Command::Show(a) => cmd::pbem::show(&a, lang),
        Command::Position(a) => cmd::pbem::position(&a),
        Command::Legal(a) => cmd::pbem::legal(&a),
        Command::Apply(a) => cmd::pbem::apply(&a, lang),
        Command::Replay(a) => cmd::pbem::replay(&a, lang),
        Command::Verify(a) => cmd::pbem::verify(&a, lang),
        Command::Selfplay(a) => cmd::selfplay::run(&a, lang),
        Command::Arena(a) => cmd::arena::run(&a, lang),
        Command::Bench(a) => cmd::bench::run(&a, lang),
        Command::Loadtest(a) => cmd::loadtest::run(&a, lang),
        Command::Engine => cmd::engine::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(fail) => {
            eprintln!("{}", fail.message);
            ExitCode::from(fail.code)
        }
    }
}
