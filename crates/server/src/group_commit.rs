//! Group commit of SQLite journal appends: one writer thread with its own
//! connection takes every append waiting when it is free and commits them
//! in one transaction — one fsync for the lot under `synchronous=FULL` —
//! answering each only once that commit is durable.
//!
//! Why: an acknowledged action must be on disk (issue 9's kill -9 tests),
//! and a busy disk does only a few hundred fsyncs a second: with the disk
//! shared with two compilers, committing each action alone held a thousand
//! live games to ≈215 actions/s (act p99 13.9 s) and batching doubled it
//! (406/s, p99 3.0 s). On an idle disk the two measure the same (≈920/s:
//! the CPU bounds it then). Batched, the cost of one fsync is shared by
//! every game that acted meanwhile. Each append runs in its
//! own savepoint, so one refused (a version already written: `Conflict`)
//! leaves the rest of its batch committed.

use crate::storage::{JournalRow, StorageError, Stored};
use rusqlite::{params, Connection, TransactionBehavior};
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread::JoinHandle;

/// Most appends one commit takes: bounds a transaction's size and the wait
/// of the first in it.
const MAX_BATCH: usize = 512;

/// One append, and where its outcome goes.
struct Job {
    game: String,
    row: JournalRow,
    status: String,
    done: mpsc::SyncSender<Stored<()>>,
}

/// The writer thread and the queue to it.
pub(crate) struct GroupCommit {
    queue: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
}

impl GroupCommit {
    /// Starts the writer on `conn` (a connection of its own, with the
    /// storage's pragmas).
    pub(crate) fn start(conn: Connection) -> std::io::Result<GroupCommit> {
        let (tx, rx) = mpsc::channel();
        let thread = std::thread::Builder::new().name("sqlite-commit".into()).spawn(move || run(conn, &rx))?;
        Ok(GroupCommit { queue: Mutex::new(Some(tx)), thread: Some(thread) })
    }

    /// Appends `row` to `game`'s journal and sets its status, returning once
    /// committed (or refused). Blocks the calling thread: the storage is
    /// called from blocking tasks.
    pub(crate) fn append(&self, game: &str, row: &JournalRow, status: &str) -> Stored<()> {
        let (done, outcome) = mpsc::sync_channel(1);
        let job = Job { game: game.to_owned(), row: row.clone(), status: status.to_owned(), done };
        let gone = || StorageError::Backend("the SQLite writer has stopped".into());
        {
            let queue = self.queue.lock().map_err(|_| gone())?;
            queue.as_ref().ok_or_else(gone)?.send(job).map_err(|_| gone())?;
        }
        outcome.recv().map_err(|_| gone())?
    }
}

impl Drop for GroupCommit {
    fn drop(&mut self) {
        // Closing the queue ends the writer once it has committed what it
        // holds; waiting for it closes its connection before the storage is gone.
        if let Ok(mut queue) = self.queue.lock() {
            queue.take();
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The writer: waits for an append, takes every other one already waiting
/// (up to [`MAX_BATCH`]), commits them together, answers each.
fn run(mut conn: Connection, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let outcomes = commit(&mut conn, &batch);
        for (job, outcome) in batch.into_iter().zip(outcomes) {
            // The asker may have gone (its request dropped): nothing to tell.
            let _ = job.done.send(outcome);
        }
    }
}

/// Commits `batch` in one transaction, each append in a savepoint of its
/// own. Cost: one fsync (synchronous=FULL) for the batch.
fn commit(conn: &mut Connection, batch: &[Job]) -> Vec<Stored<()>> {
    let backend = |e: rusqlite::Error| StorageError::Backend(e.to_string());
    let mut tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => {
            let said = e.to_string();
            return batch.iter().map(|_| Err(StorageError::Backend(said.clone()))).collect();
        }
    };
    let mut outcomes: Vec<Stored<()>> = Vec::with_capacity(batch.len());
    for job in batch {
        let one = (|| -> rusqlite::Result<()> {
            let sp = tx.savepoint()?;
            sp.execute(
                "INSERT INTO journal (game_id, version, entry, seat, text) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![job.game, job.row.version as i64, job.row.entry.as_str(), job.row.seat, job.row.text],
            )?;
            sp.execute(
                "UPDATE games SET version = ?2, status = ?3 WHERE id = ?1",
                params![job.game, job.row.version as i64, job.status],
            )?;
            sp.commit()
        })();
        outcomes.push(one.map_err(|e| {
            if e.to_string().contains("UNIQUE constraint failed") {
                StorageError::Conflict
            } else {
                backend(e)
            }
        }));
    }
    match tx.commit() {
        Ok(()) => outcomes,
        // Nothing of the batch was kept: every append fails.
        Err(e) => {
            let said = e.to_string();
            outcomes.into_iter().map(|_| Err(StorageError::Backend(said.clone()))).collect()
        }
    }
}
