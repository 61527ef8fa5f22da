//! `sandtable engine`: the JSON-lines protocol on stdin/stdout.

use super::Result;

pub fn run() -> Result {
    sandtable::engine::serve(std::io::stdin().lock(), std::io::stdout().lock())?;
    Ok(())
}
