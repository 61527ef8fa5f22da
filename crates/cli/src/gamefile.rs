//! Game files on disk: read, verify, write atomically.

use sandtable_catalog::Opened;
use sandtable_core::{GameRecord, LoadError, Text};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a game file could not be read or written.
#[derive(Debug)]
pub enum FileError {
    /// The file system refused (missing file, permissions …).
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: String,
    },
    /// The file exists and overwriting was not asked for.
    Exists(PathBuf),
    /// The file is not a valid game file, or was tampered with.
    Load {
        /// The file.
        path: PathBuf,
        /// Why.
        error: LoadError,
    },
}

impl FileError {
    /// The process exit code for this error: 3 for a corrupt or tampered
    /// file, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            FileError::Load { .. } => 3,
            FileError::Io { .. } | FileError::Exists(_) => 1,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { path, error } => {
                write!(
                    f,
                    "{}: cannot read or write the file: {error} / не удалось прочитать или записать файл",
                    path.display()
                )
            }
            FileError::Exists(path) => write!(
                f,
                "{}: {}",
                path.display(),
                Text::fixed(
                    "the file exists; add --force to overwrite it",
                    "файл существует; добавьте --force, чтобы перезаписать"
                )
            ),
            FileError::Load { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for FileError {}

/// Reads a game file without replaying it.
///
/// # Errors
/// [`FileError::Io`], or [`FileError::Load`] with [`LoadError::Json`] when the
/// text is not a game file.
pub fn read_record(path: &Path) -> Result<GameRecord, FileError> {
    let bytes = std::fs::read(path).map_err(|e| FileError::Io { path: path.to_owned(), error: e.to_string() })?;
    let load = |error| FileError::Load { path: path.to_owned(), error };
    let text = String::from_utf8(bytes).map_err(|_| load(LoadError::Json("the file is not UTF-8 text".into())))?;
    GameRecord::from_json(&text).map_err(load)
}

/// Reads a game file and replays it, verifying its hash.
/// Cost: O(log length) applies.
///
/// # Errors
/// See [`read_record`]; an unknown game, a log entry that does not replay or
/// a hash mismatch are [`FileError::Load`].
pub fn open(path: &Path) -> Result<Opened, FileError> {
    let record = read_record(path)?;
    sandtable_catalog::open(&record).map_err(|error| FileError::Load { path: path.to_owned(), error })
}

/// Writes a game file atomically: a temporary file in the same directory,
/// synced, then renamed over the target, so a crash leaves the old file or
/// the new one, never half of one.
///
/// # Errors
/// [`FileError::Exists`] when the file exists and `overwrite` is false;
/// [`FileError::Io`] on a write failure (the target is then untouched).
pub fn write_record(path: &Path, record: &GameRecord, overwrite: bool) -> Result<(), FileError> {
    if !overwrite && path.exists() {
        return Err(FileError::Exists(path.to_owned()));
    }
    let io = |e: std::io::Error| FileError::Io { path: path.to_owned(), error: e.to_string() };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map_or_else(|| "game".into(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let tmp = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(record.to_json().as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sandtable_core::Setup;

    fn temp(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("sandtable-gamefile-{name}-")).tempdir().expect("temp dir")
    }

    #[test]
    fn write_read_and_refuse_overwrite() {
        let tmp = temp("rw");
        let dir = tmp.path();
        let path = dir.join("g.json");
        let d = sandtable_catalog::find("totensonntag").expect("present");
        let mut s = d.game().start(&Setup::seeded(4)).expect("starts");
        write_record(&path, &s.record(), false).expect("writes");
        assert!(matches!(write_record(&path, &s.record(), false), Err(FileError::Exists(_))));
        let allies = s.info().seat("allies").expect("seat");
        s.apply(allies, "pick 2").expect("legal");
        write_record(&path, &s.record(), true).expect("overwrites");
        let (_, back) = open(&path).expect("opens");
        assert_eq!(back.record(), s.record());
        // No temporary files left behind.
        assert_eq!(std::fs::read_dir(dir).expect("dir").count(), 1);
        std::fs::write(&path, b"\xff\xfe garbage").expect("write");
        let e = open(&path).err().expect("garbage");
        assert_eq!(e.exit_code(), 3);
        assert!(e.to_string().contains("not a sandtable game file"), "{e}");
        let e = open(&dir.join("missing.json")).err().expect("missing");
        assert_eq!(e.exit_code(), 1);
    }
}
