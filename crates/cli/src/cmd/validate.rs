//! `validate`: checks a scenario file for a game and lists every problem.

use super::{Fail, Result};
use crate::Lang;
use sandtable::setup::read_scenario;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Game id (see `sandtable games`) / Игра
    game: String,
    /// The scenario file / Файл сценария
    file: PathBuf,
}

/// Exit 0 and one line naming the scenario when the file is playable;
/// otherwise exit 4 with every problem on stderr, one a line:
/// `file:line: key: message`.
pub fn run(a: &Args, lang: Lang) -> Result {
    let driver = sandtable_catalog::find(&a.game)?;
    let file = read_scenario(&a.file).map_err(|t| Fail::new(1, t))?;
    match driver.game().validate_scenario(&file) {
        Ok(info) => {
            let (ok, sha) = if lang == Lang::Ru { ("годен", "SHA-256") } else { ("playable", "SHA-256") };
            println!("{}: {ok}: {} — {} ({sha} {})", file.name, info.id, info.name.get(lang.code()), info.sha256);
            Ok(())
        }
        Err(e) => Err(Fail::new(4, e.lines_in(lang.code()).join("\n"))),
    }
}
