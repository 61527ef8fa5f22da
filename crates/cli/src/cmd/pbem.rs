//! Play by e-mail on a game file: `new`, `show`, `legal`, `apply`, `replay`.
//! Every command that reads a file replays and verifies it first; only
//! `new` and `apply` write, atomically.

use super::{seat, Fail, Result};
use crate::Lang;
use sandtable::gamefile::{self, read_record, write_record, FileError};
use sandtable::say::{event_lines, refusal_line, status_line};
use sandtable::setup::{clock_seed, SetupArgs};
use sandtable_core::{events_seen_by, LoadError, Viewer};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct NewArgs {
    /// Game id (see `sandtable games`) / Игра
    game: String,
    /// Dice seed (default: from the clock) / Зерно кубиков
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    setup: SetupArgs,
    /// The game file to write / Файл партии
    #[arg(short, long, value_name = "FILE")]
    out: PathBuf,
    /// Overwrite an existing file / Перезаписать файл
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
pub struct PositionArgs {
    /// Game file / Файл партии
    file: PathBuf,
}

#[derive(clap::Args)]
pub struct ShowArgs {
    /// Game file / Файл партии
    file: PathBuf,
    /// Show what this seat sees (default: a spectator's view) / Место
    #[arg(long)]
    seat: Option<String>,
}

#[derive(clap::Args)]
pub struct LegalArgs {
    /// Game file / Файл партии
    file: PathBuf,
    /// The seat / Место
    #[arg(long)]
    seat: String,
}

#[derive(clap::Args)]
pub struct ApplyArgs {
    /// Game file / Файл партии
    file: PathBuf,
    /// The seat acting / Место
    #[arg(long)]
    seat: String,
    /// The action in notation, e.g. "move pr8-1 M8" / Действие
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true, trailing_var_arg = true)]
    action: Vec<String>,
}

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// Game file / Файл партии
    file: PathBuf,
}

pub fn new(a: &NewArgs) -> Result {
    let driver = sandtable_catalog::find(&a.game)?;
    let setup = super::setup_for(&a.setup, a.seed.unwrap_or_else(clock_seed), driver.game())?;
    let session = driver.game().start(&setup)?;
    write_record(&a.out, &session.record(), a.force)?;
    let setup = session.setup();
    println!(
        "{}: {} {}, seed {}",
        a.out.display(),
        session.info().id,
        setup.scenario.as_deref().unwrap_or("-"),
        setup.seed
    );
    println!("{}", status_line(session.info(), &session.to_act()));
    // Said plainly, on stderr (stdout stays the two lines scripts read):
    // a game file carries its seed, so its holder can read every die to
    // come and every hidden card (issue 14).
    eprintln!(
        "note: whoever holds this file can read its seed, and so every die to come and every hidden card; \
         for fair play with hidden information, play on a server (sandtable serve) / \
         внимание: кто держит этот файл, может прочесть его зерно, а значит, все будущие броски и все скрытые карты; \
         для честной игры со скрытой информацией играйте через сервер (sandtable serve)"
    );
    Ok(())
}

/// Prints the game's current state: whoever holds the file can read it all
/// (as the seed), so this hides nothing the file does not already give.
pub fn position(a: &PositionArgs) -> Result {
    let (_, session) = gamefile::open(&a.file)?;
    println!("{}", serde_json::to_string_pretty(&session.position()).unwrap_or_default());
    Ok(())
}

pub fn show(a: &ShowArgs, lang: Lang) -> Result {
    let (_, session) = gamefile::open(&a.file)?;
    let viewer = match &a.seat {
        Some(id) => Viewer::Seat(seat(session.info(), id)?),
        None => Viewer::Spectator,
    };
    println!("{}", status_line(session.info(), &session.to_act()));
    print!("{}", session.render(viewer, lang.code()));
    Ok(())
}

pub fn legal(a: &LegalArgs) -> Result {
    let (_, session) = gamefile::open(&a.file)?;
    let seat = seat(session.info(), &a.seat)?;
    for action in session.legal(seat) {
        println!("{action}");
    }
    Ok(())
}

pub fn apply(a: &ApplyArgs, lang: Lang) -> Result {
    let (_, mut session) = gamefile::open(&a.file)?;
    let seat = seat(session.info(), &a.seat)?;
    let action = a.action.join(" ");
    let applied = session.apply(seat, &action).map_err(|r| Fail::new(2, refusal_line(&r)))?;
    write_record(&a.file, &session.record(), true)?;
    println!("{}: {}", session.info().seat_id(seat), applied.action);
    print!("{}", event_lines(&events_seen_by(&applied.events, Viewer::Seat(seat)), lang.code(), "  "));
    println!("{}", status_line(session.info(), &session.to_act()));
    Ok(())
}

pub fn replay(a: &ReplayArgs, lang: Lang) -> Result {
    let record = read_record(&a.file)?;
    let load = |error| FileError::Load { path: a.file.clone(), error };
    let driver =
        sandtable_catalog::find(&record.game).map_err(|_| load(LoadError::WrongGame { found: record.game.clone() }))?;
    // Replay without the hash check first, so a damaged file still shows
    // everything up to where it goes wrong.
    let (session, broken) = match driver.replay(&record) {
        Ok(s) => (s, None),
        Err(LoadError::Entry { index, text }) => {
            let prefix = sandtable_core::GameRecord { log: record.log[..index].to_vec(), ..record.clone() };
            let s = driver.replay(&prefix).map_err(load)?;
            (s, Some(LoadError::Entry { index, text }))
        }
        Err(e) => return Err(load(e).into()),
    };
    for (i, (entry, events)) in session.replay_events().iter().enumerate() {
        println!("{}. {}: {}", i + 1, entry.seat, entry.action);
        print!("{}", event_lines(events, lang.code(), "    "));
    }
    if let Some(e) = broken {
        return Err(load(e).into());
    }
    let actual = session.record().state_hash;
    if actual != record.state_hash {
        return Err(Fail::text(
            3,
            format!(
                "{}: all {} log entries replay, but to another state than the file's hash: the hash or an entry was edited (file {}, replay {actual})",
                a.file.display(),
                record.log.len(),
                record.state_hash
            ),
            format!(
                "{}: все {} ходов воспроизводятся, но приводят к другому состоянию, чем в хеше файла: хеш или ход изменены",
                a.file.display(),
                record.log.len()
            ),
        ));
    }
    println!("{}", status_line(session.info(), &session.to_act()));
    println!("verified: {} decisions, state hash {actual} / проверено", record.log.len());
    Ok(())
}
