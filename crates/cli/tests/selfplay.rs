//! Self-play and bench through the binary.

mod common;

use common::{ok, run_in, TempDir};

#[test]
fn selfplay_reports_outcomes_and_speed() {
    let dir = TempDir::new("selfplay");
    let out = ok(&run_in(&dir.0, &["selfplay", "totensonntag", "--games", "4"], ""));
    assert!(out.contains("games: 4"), "{out}");
    assert!(out.contains("decisions/s: "), "{out}");
    assert!(out.contains("failures: 0"), "{out}");
    assert!(out.contains("%  axis") && out.contains("%  allies"), "{out}");
    // Same arguments, same results (timings aside).
    let again = ok(&run_in(&dir.0, &["selfplay", "totensonntag", "--games", "4"], ""));
    let results = |s: &str| {
        s.lines().filter(|l| l.contains('%') || l.starts_with("mean length")).map(str::to_owned).collect::<Vec<_>>()
    };
    assert_eq!(results(&out), results(&again));
    let bad = run_in(&dir.0, &["selfplay", "totensonntag", "--games", "2", "--option", "impulse-pairs=3"], "");
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn bench_states_the_machine() {
    let dir = TempDir::new("bench");
    let out = ok(&run_in(&dir.0, &["bench", "totensonntag", "--seconds", "0.2"], ""));
    for want in [
        "machine: ",
        "build: ",
        "playouts/s: ",
        "decisions/s: ",
        "state size_of: ",
        "clone (mid-game state): ",
        "apply per action: ",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
}
