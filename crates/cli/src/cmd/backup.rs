//! `sandtable backup`: a consistent copy of a live SQLite database.

use super::Fail;
use crate::Lang;
use sandtable_server::sqlite::BackupError;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The database to copy: sqlite:PATH or a path (PostgreSQL: use pg_dump) / База данных
    #[arg(long, default_value = "sqlite:sandtable.db")]
    pub database: String,
    /// The new file to write; never overwritten / Новый файл копии
    pub file: PathBuf,
}

/// Copies the database while servers may go on using it
/// ([`sandtable_server::sqlite::backup`]): exit 0 and one line saying what
/// was copied, or exit 1 with why not (a PostgreSQL URL, no database there,
/// not a sandtable database, an existing FILE, a failed copy), nothing
/// written at FILE.
pub fn run(a: &Args, lang: Lang) -> Result<(), Fail> {
    if a.database.starts_with("postgres://") || a.database.starts_with("postgresql://") {
        return Err(Fail::text(
            1,
            "backup copies SQLite databases only; for PostgreSQL use pg_dump, which copies a live database \
             consistently: pg_dump --format=custom --file=FILE URL (restore with pg_restore)",
            "backup копирует только базы SQLite; для PostgreSQL есть pg_dump, он согласованно копирует \
             работающую базу: pg_dump --format=custom --file=ФАЙЛ URL (восстановление: pg_restore)",
        ));
    }
    let source = PathBuf::from(a.database.strip_prefix("sqlite:").unwrap_or(&a.database));
    let (s, f) = (source.display(), a.file.display());
    let copied = sandtable_server::sqlite::backup(&source, &a.file).map_err(|e| match e {
        BackupError::NoSource => Fail::text(1, format!("{s}: no database there"), format!("{s}: базы нет")),
        BackupError::NotSandtable => {
            Fail::text(1, format!("{s}: not a sandtable database"), format!("{s}: это не база sandtable"))
        }
        BackupError::TargetExists => Fail::text(
            1,
            format!("{f} exists already; a backup never overwrites a file"),
            format!("{f} уже существует; копия никогда не записывается поверх файла"),
        ),
        BackupError::Failed(why) => Fail::text(
            1,
            format!("backup of {s} failed, nothing written to {f}: {why}"),
            format!("копирование {s} не удалось, {f} не записан: {why}"),
        ),
    })?;
    let (games, rows, bytes) = (copied.games, copied.rows, copied.bytes);
    if lang == Lang::Ru {
        println!("{f}: копия {s}: партий {games}, записей журнала {rows}, {bytes} байт");
    } else {
        println!("{f}: a copy of {s}: {games} games, {rows} journal rows, {bytes} bytes");
    }
    Ok(())
}
