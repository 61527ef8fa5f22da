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

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// A finished server game's file (its page's "game file" link) / Файл партии с сервера
    file: PathBuf,
    /// The commitment your page showed before the game, to compare / Обязательство, показанное до партии
    #[arg(long, value_name = "HEX")]
    commitment: Option<String>,
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
    replay_record(&a.file, &record, lang)
}

/// `sandtable verify FILE [--commitment HEX]`: the dice proof of a game
/// played on a server (its secret hashes to the commitment, which must be
/// the one given when given; each share is of a seat of the game, one a
/// seat; the seed follows from the secret and the shares: see
/// `sandtable_core::provable`), then the replay of every decision with
/// that seed to the recorded end, printing each with its dice as `replay`
/// does. Exit 3 when a link fails, 5 when the file carries no proof.
pub fn verify(a: &VerifyArgs, lang: Lang) -> Result {
    let record = read_record(&a.file)?;
    let file = a.file.display();
    let Some(proof) = &record.dice else {
        return Err(Fail::text(
            5,
            format!(
                "{file}: this game file carries no dice proof: its seed was chosen by whoever made it \
                 (a file game, or a seed given when the game was made), so there is nothing to check its dice against"
            ),
            format!(
                "{file}: в этом файле партии нет доказательства честности кубиков: зерно выбрал тот, кто создал партию \
                 (партия в файле или зерно, заданное при создании), так что кубики сверить не с чем"
            ),
        ));
    };
    if record.setup.position.is_some() {
        return Err(Fail::text(
            3,
            format!("{file}: the game starts from a saved position, whose dice the seed does not make"),
            format!("{file}: партия начата с сохранённой позиции, её кубики не следуют из зерна"),
        ));
    }
    if let Some(shown) = &a.commitment {
        if !shown.trim().eq_ignore_ascii_case(&proof.commitment) {
            return Err(Fail::text(
                3,
                format!(
                    "{file}: the file's commitment {} is not the one you were shown ({}): these are not the dice you were promised",
                    proof.commitment,
                    shown.trim()
                ),
                format!(
                    "{file}: обязательство в файле {} не то, что вам показали ({}): это не обещанные кубики",
                    proof.commitment,
                    shown.trim()
                ),
            ));
        }
    }
    // The seats of the game as set up (a player count decides which play).
    let driver = sandtable_catalog::find(&record.game)?;
    let start = driver.game().start(&record.setup)?;
    let seats: Vec<&str> = start.seats().iter().map(|s| start.info().seat_id(s)).collect();
    proof.check(record.setup.seed, &seats).map_err(|e| Fail::new(3, format!("{file}: {e}")))?;
    replay_record(&a.file, &record, lang)?;
    let shares = proof.shares.iter().map(|s| s.seat.as_str()).collect::<Vec<_>>().join(", ");
    let compared = if a.commitment.is_some() {
        "the commitment you were shown before the game"
    } else {
        "the file's commitment (give --commitment with the one your page showed before the game to compare)"
    };
    let compared_ru = if a.commitment.is_some() {
        "обязательством, показанным вам до партии"
    } else {
        "обязательством в файле (чтобы сверить его с тем, что ваша страница показала до партии, задайте --commitment)"
    };
    println!(
        "dice verified: the secret {} hashes to {compared}, {}; with the shares of {} it gives seed {}, \
         and every decision above replays with it to the recorded end / \
         кубики проверены: секрет совпадает с {compared_ru}; вместе с долями игроков он даёт зерно {}, \
         и все ходы выше воспроизводятся с ним до записанного конца",
        proof.secret,
        proof.commitment,
        if shares.is_empty() { "no player (the server alone drew these dice)" } else { shares.as_str() },
        record.setup.seed,
        record.setup.seed,
    );
    Ok(())
}

/// Replays `record` (read from `file`), printing every decision with its
/// events, then checks the state hash. A damaged file still shows
/// everything up to where it goes wrong.
fn replay_record(file: &std::path::Path, record: &sandtable_core::GameRecord, lang: Lang) -> Result {
    let load = |error| FileError::Load { path: file.to_owned(), error };
    let driver =
        sandtable_catalog::find(&record.game).map_err(|_| load(LoadError::WrongGame { found: record.game.clone() }))?;
    // Replay without the hash check first, so a damaged file still shows
    // everything up to where it goes wrong.
    let (session, broken) = match driver.replay(record) {
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
                file.display(),
                record.log.len(),
                record.state_hash
            ),
            format!(
                "{}: все {} ходов воспроизводятся, но приводят к другому состоянию, чем в хеше файла: хеш или ход изменены",
                file.display(),
                record.log.len()
            ),
        ));
    }
    println!("{}", status_line(session.info(), &session.to_act()));
    println!("verified: {} decisions, state hash {actual} / проверено", record.log.len());
    Ok(())
}
