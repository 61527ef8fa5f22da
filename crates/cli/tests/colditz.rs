//! Colditz through the binary: PBEM with a player count, hidden hands in
//! `show`, the engine protocol, self-play.

mod common;

use common::{ok, run_in, TempDir};

#[test]
fn colditz_pbem_with_players() {
    let dir = TempDir::new("colditz");
    ok(&run_in(&dir.0, &["new", "colditz", "--players", "3", "--seed", "5", "-o", "c.json"], ""));
    let show = ok(&run_in(&dir.0, &["show", "c.json"], ""));
    // Set-up: the German posts his guards first.
    assert!(show.starts_with("to act: german\n"), "{show}");
    let legal = ok(&run_in(&dir.0, &["legal", "c.json", "--seat", "german"], ""));
    let first = legal.lines().find(|l| l.starts_with("deploy g1 ")).expect("a set-up posting");
    ok(&run_in(&dir.0, &["apply", "c.json", "--seat", "german", first], ""));
    // A refusal names its Colditz section and leaves the file alone.
    let before = std::fs::read(dir.path("c.json")).expect("file");
    let end = run_in(&dir.0, &["apply", "c.json", "--seat", "german", "end"], "");
    assert_eq!(end.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&end.stderr).contains("Colditz: Set-up"));
    assert_eq!(std::fs::read(dir.path("c.json")).expect("file"), before);
    // Two officers and the German: the British officer's hand is not in the American view.
    let british = ok(&run_in(&dir.0, &["show", "c.json", "--seat", "british"], ""));
    let american = ok(&run_in(&dir.0, &["show", "c.json", "--seat", "american"], ""));
    assert!(british.contains("cards:"), "{british}");
    assert_ne!(british, american);
}

#[test]
fn colditz_selfplay_six_players() {
    let dir = TempDir::new("colditz-selfplay");
    let out =
        ok(&run_in(&dir.0, &["selfplay", "colditz", "--players", "6", "--games", "2", "--option", "rounds=10"], ""));
    assert!(out.contains("decisions/s") && out.contains("failures: 0"), "{out}");
}
