//! The subcommands, one module each, and how they fail.

pub mod arena;
pub mod backup;
pub mod bench;
pub mod engine;
pub mod games;
pub mod loadtest;
pub mod pbem;
pub mod play;
pub mod selfplay;
pub mod serve;
pub mod validate;

use sandtable_core::Text;
use std::fmt::Display;

/// A subcommand's failure: the message (both languages) for stderr and the
/// exit code. Codes: 1 general, 2 refused action or unknown seat, 3 corrupt
/// or tampered game file (or one whose scenario data changed), 4 a scenario
/// file that is not playable (every problem listed, one a line), 5 a game
/// file with no dice proof to verify (`sandtable verify`).
pub struct Fail {
    pub code: u8,
    pub message: String,
}

impl Fail {
    pub fn new(code: u8, message: impl Display) -> Fail {
        Fail { code, message: message.to_string() }
    }
    pub fn text(code: u8, en: impl Into<String>, ru: impl Into<String>) -> Fail {
        Fail::new(code, Text::new(en.into(), ru.into()))
    }
}

impl From<sandtable_catalog::UnknownGame> for Fail {
    fn from(e: sandtable_catalog::UnknownGame) -> Fail {
        Fail::new(1, e)
    }
}

impl From<sandtable::gamefile::FileError> for Fail {
    fn from(e: sandtable::gamefile::FileError) -> Fail {
        Fail::new(e.exit_code(), e)
    }
}

impl From<sandtable_core::SetupError> for Fail {
    fn from(e: sandtable_core::SetupError) -> Fail {
        Fail::new(1, e)
    }
}

impl From<std::io::Error> for Fail {
    fn from(e: std::io::Error) -> Fail {
        Fail::text(1, format!("input/output error: {e}"), format!("ошибка ввода-вывода: {e}"))
    }
}

pub type Result = std::result::Result<(), Fail>;

/// The set-up the flags ask for of `game`, `--scenario` read as a built-in id
/// or a file; a file is validated first, so its problems come one a line
/// (`file:line: key: message`, exit 4) rather than as a set-up error.
pub fn setup_for(
    args: &sandtable::setup::SetupArgs,
    seed: u64,
    game: &dyn sandtable_core::Game,
) -> std::result::Result<sandtable_core::Setup, Fail> {
    let setup = args.setup_for(seed, game.info()).map_err(|t| Fail::new(1, t))?;
    if let Some(file) = &setup.scenario_file {
        game.validate_scenario(file).map_err(|e| Fail::new(4, e))?;
    }
    Ok(setup)
}

/// The seat with id `id` in `info`, or exit code 2 listing the seats.
pub fn seat(info: &sandtable_core::GameInfo, id: &str) -> std::result::Result<sandtable_core::Seat, Fail> {
    info.seat(id).ok_or_else(|| {
        let seats = info.seats.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
        Fail::text(2, format!("unknown seat {id:?}; seats: {seats}"), format!("нет места {id:?}; места: {seats}"))
    })
}
