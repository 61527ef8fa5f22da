//! Fuzzing on the stable toolchain, shared by every suite that feeds a
//! parser what a hostile or careless user might (issue 9): property tests
//! (proptest) whose inputs are arbitrary text, or a real input — an action's
//! notation, a game file, a scenario or position file, a request — cut,
//! spliced and overwritten, or JSON with any node replaced by any value.
//! Each run counts what it fed and how it was taken, and states the counts
//! in the test output (`report`), so a run shows how much was tried.
//!
//! Behind the `fuzz` feature: only the test suites depend on proptest.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};

/// Text a user might send: arbitrary (any Unicode), or one of `seeds`
/// mutated a few times (see [`mutate`]).
pub fn text(seeds: Vec<String>) -> BoxedStrategy<String> {
    assert!(!seeds.is_empty(), "fuzzing needs at least one real input to mutate");
    let n = seeds.len();
    let edits = proptest::collection::vec((0u8..6, any::<usize>(), 0usize..48, "\\PC{0,12}"), 1..5);
    let seeds_too = seeds.clone();
    prop_oneof![
        1 => any::<String>(),
        1 => "[ -~]{0,40}",
        1 => (0..n).prop_map(move |i| seeds_too[i].clone()),
        6 => (0..n, edits).prop_map(move |(i, edits)| mutate(&seeds[i], &edits)),
    ]
    .boxed()
}

/// `seed` with each edit `(kind, at, len, insert)` applied in turn: cut a
/// run, insert text, overwrite a run, duplicate a run, truncate, or swap
/// two words — positions taken modulo the text's length, on char bounds.
pub fn mutate(seed: &str, edits: &[(u8, usize, usize, String)]) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    for (kind, at, len, insert) in edits {
        let at = if s.is_empty() { 0 } else { at % (s.len() + 1) };
        let end = (at + len).min(s.len());
        match kind {
            0 => {
                s.drain(at..end);
            }
            1 => {
                s.splice(at..at, insert.chars());
            }
            2 => {
                s.splice(at..end, insert.chars());
            }
            3 => {
                let run: Vec<char> = s[at..end].to_vec();
                s.splice(at..at, run);
            }
            4 => s.truncate(at),
            _ => {
                let text: String = s.iter().collect();
                let mut words: Vec<&str> = text.split(' ').collect();
                if words.len() > 1 {
                    let (i, j) = (at % words.len(), (at + len) % words.len());
                    words.swap(i, j);
                }
                s = words.join(" ").chars().collect();
            }
        }
    }
    s.into_iter().collect()
}

/// Any JSON value, nested a few levels: the numbers a parser trips on
/// (negative, huge, fractional), strings, nulls, arrays and objects.
pub fn json_value() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop_oneof![Just(-1i64), Just(0), Just(1), Just(255), Just(256), Just(65_536), Just(i64::MIN)]
            .prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "\\PC{0,16}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z_]{1,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
    .boxed()
}

/// One of `seeds` (JSON documents) with up to three nodes, found by a
/// random walk from the root, edited: replaced by any value, removed from
/// their object or array, or — a number — nudged by a little (so most
/// documents still parse and reach the checks past the parser).
pub fn json(seeds: Vec<Value>) -> BoxedStrategy<Value> {
    assert!(!seeds.is_empty(), "fuzzing needs at least one real document to mutate");
    let n = seeds.len();
    let edits =
        proptest::collection::vec((proptest::collection::vec(any::<usize>(), 0..8), json_value(), 0u8..10), 1..4);
    prop_oneof![
        1 => json_value(),
        8 => (0..n, edits).prop_map(move |(i, edits)| {
            let mut doc = seeds[i].clone();
            for (walk, value, how) in edits {
                edit_at(&mut doc, &walk, value, how);
            }
            doc
        }),
    ]
    .boxed()
}

/// Walks down `node` choosing children by `walk` (modulo their count), then
/// edits the node reached: `how` 0–1 replaces it with `value`, 2 removes it
/// from its parent, 3–9 adds `how - 6` (−3…+3) to it if it is an integer
/// (else replaces it).
fn edit_at(node: &mut Value, walk: &[usize], value: Value, how: u8) {
    let Some((&pick, rest)) = walk.split_first() else {
        let nudged = node.as_i64().filter(|_| how >= 3).map(|x| Value::from(x.saturating_add(i64::from(how) - 6)));
        *node = nudged.unwrap_or(value);
        return;
    };
    let remove = rest.is_empty() && how == 2;
    match node {
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(pick % map.len()).cloned().expect("in range");
            if remove {
                map.remove(&key);
            } else if let Some(child) = map.get_mut(&key) {
                edit_at(child, rest, value, how);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = pick % items.len();
            if remove {
                items.remove(i);
            } else {
                edit_at(&mut items[i], rest, value, how);
            }
        }
        _ => *node = value,
    }
}

/// What a fuzz run fed and how it was taken.
#[derive(Debug, Default)]
pub struct Counts {
    /// Inputs tried.
    pub inputs: AtomicU64,
    /// Inputs taken (a legal action, a valid file…).
    pub accepted: AtomicU64,
    /// Inputs refused with a clear error.
    pub refused: AtomicU64,
}

impl Counts {
    /// Counts one input, taken or refused.
    pub fn count(&self, accepted: bool) {
        self.inputs.fetch_add(1, Ordering::Relaxed);
        let bucket = if accepted { &self.accepted } else { &self.refused };
        bucket.fetch_add(1, Ordering::Relaxed);
    }
}

/// The seed of the fuzzers' inputs unless `SANDTABLE_FUZZ_SEED` says otherwise.
pub const FUZZ_SEED: u64 = 20261125;

fn rand_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id().into());
    h.finish()
}

/// Runs `check` on `cases` inputs drawn from `strategy` (no regressions file:
/// a failure is reported with its smallest input, to be made a named test).
/// Panics on the first failing input.
pub fn run<T: std::fmt::Debug>(
    cases: u32,
    strategy: impl Strategy<Value = T>,
    check: impl Fn(T) -> Result<(), TestCaseError>,
) {
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    // The same inputs on every run by default, so CI is reproducible;
    // `SANDTABLE_FUZZ_SEED=N` explores other inputs (`random`: a fresh seed).
    let seed = match std::env::var("SANDTABLE_FUZZ_SEED").ok().as_deref() {
        Some("random") => rand_seed(),
        Some(n) => n.trim().parse().unwrap_or(FUZZ_SEED),
        None => FUZZ_SEED,
    };
    eprintln!("fuzz seed {seed} (SANDTABLE_FUZZ_SEED)");
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = proptest::test_runner::TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &bytes);
    let mut runner = TestRunner::new_with_rng(config, rng);
    if let Err(e) = runner.run(&strategy, check) {
        panic!("fuzzing found a failing input: {e}");
    }
}

/// States `counts` for `target` in the test output: on stderr, and in
/// `dir/report-fuzz-<name>.txt`, one file per target, written afresh (the
/// test script prints every report at the end of the run). `dir` is the
/// suite's `CARGO_TARGET_TMPDIR`.
pub fn report(dir: &str, name: &str, target: &str, counts: &Counts) {
    let line = format!(
        "fuzz {target}: {} inputs, {} taken, {} refused with a clear error, no panic\n",
        counts.inputs.load(Ordering::Relaxed),
        counts.accepted.load(Ordering::Relaxed),
        counts.refused.load(Ordering::Relaxed)
    );
    eprint!("{line}");
    // A report that cannot be written is no failure of what was tested.
    let _ = std::fs::write(std::path::Path::new(dir).join(format!("report-fuzz-{name}.txt")), line);
}
