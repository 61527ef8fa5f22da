//! Play by e-mail on game files, through the binary.

mod common;

use common::{ok, run_in, stderr, stdout, TempDir};

fn new_game(dir: &TempDir, name: &str) -> std::path::PathBuf {
    let out = run_in(&dir.0, &["new", "totensonntag", "--seed", "11", "-o", name], "");
    ok(&out);
    // Issue 14: a file game says plainly that its holder can read its seed.
    let warned = stderr(&out);
    assert!(
        warned.contains("every hidden card") && warned.contains("sandtable serve") && warned.contains("зерно"),
        "{warned}"
    );
    dir.path(name)
}

#[test]
fn games_lists_totensonntag() {
    let dir = TempDir::new("games");
    let out = ok(&run_in(&dir.0, &["games"], ""));
    assert!(out.contains("totensonntag"), "{out}");
    assert!(out.contains("(authored)") && out.contains("impulse-pairs=5|4") && out.contains("cct-1.0"), "{out}");
    let ru = ok(&run_in(&dir.0, &["--lang", "ru", "games"], ""));
    assert!(ru.contains("места") && ru.contains("Ось"), "{ru}");
}

#[test]
fn new_refuses_to_overwrite_without_force() {
    let dir = TempDir::new("new");
    let path = new_game(&dir, "g.json");
    let before = std::fs::read(&path).expect("file");
    let again = run_in(&dir.0, &["new", "totensonntag", "--seed", "12", "-o", "g.json"], "");
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    assert_eq!(std::fs::read(&path).expect("file"), before);
    ok(&run_in(&dir.0, &["new", "totensonntag", "--seed", "12", "-o", "g.json", "--force"], ""));
    assert_ne!(std::fs::read(&path).expect("file"), before);
    let bad = run_in(&dir.0, &["new", "totensonntag", "--option", "impulse-pairs=9", "-o", "h.json"], "");
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("impulse-pairs"), "{}", stderr(&bad));
    assert!(!dir.path("h.json").exists());
    let unknown = run_in(&dir.0, &["new", "chess", "-o", "c.json"], "");
    assert!(!unknown.status.success() && stderr(&unknown).contains("totensonntag"), "{}", stderr(&unknown));
}

#[test]
fn show_legal_apply_replay() {
    let dir = TempDir::new("pbem");
    let path = new_game(&dir, "g.json");
    let show = ok(&run_in(&dir.0, &["show", "g.json"], ""));
    assert!(show.lines().next().is_some_and(|l| l.starts_with("to act: allies")), "{show}");
    let show_ru = ok(&run_in(&dir.0, &["show", "g.json", "--seat", "allies", "--lang", "ru"], ""));
    assert!(show_ru.starts_with("to act: allies\n") && show_ru.contains("Ход"), "{show_ru}");

    let legal = ok(&run_in(&dir.0, &["legal", "g.json", "--seat", "allies"], ""));
    let lines: Vec<&str> = legal.lines().collect();
    for n in 1..=6 {
        assert!(lines.contains(&format!("pick {n}").as_str()), "{legal}");
    }
    assert!(lines.contains(&"roll"), "{legal}");
    assert_eq!(ok(&run_in(&dir.0, &["legal", "g.json", "--seat", "axis"], "")), "");

    // Illegal: exit 2, the rule on stderr, the file byte-identical.
    let before = std::fs::read(&path).expect("file");
    let refused = run_in(&dir.0, &["apply", "g.json", "--seat", "allies", "end"], "");
    assert_eq!(refused.status.code(), Some(2));
    let err = stderr(&refused);
    assert!(err.starts_with("refused [CCT 2.0]") && err.contains(" / "), "{err}");
    assert_eq!(std::fs::read(&path).expect("file"), before);
    // An empty or blank action: a parse error (exit 2) naming what was expected, never a panic (issue 9).
    for blank in ["", " ", "  \t "] {
        let out = run_in(&dir.0, &["apply", "g.json", "--seat", "allies", blank], "");
        assert_eq!(out.status.code(), Some(2), "{blank:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("pick N"), "{}", stderr(&out));
        assert_eq!(std::fs::read(&path).expect("file"), before);
    }
    let unknown_seat = run_in(&dir.0, &["apply", "g.json", "--seat", "germans", "roll"], "");
    assert_eq!(unknown_seat.status.code(), Some(2));
    assert!(stderr(&unknown_seat).contains("axis, allies"), "{}", stderr(&unknown_seat));
    assert_eq!(std::fs::read(&path).expect("file"), before);

    // Legal: events printed, the file changed, and it is now someone's impulse.
    let applied = ok(&run_in(&dir.0, &["apply", "g.json", "--seat", "allies", "pick", "3"], ""));
    assert!(applied.contains("allies: pick 3") && applied.contains("[CCT 2.2]"), "{applied}");
    assert_ne!(std::fs::read(&path).expect("file"), before);
    let show = ok(&run_in(&dir.0, &["show", "g.json"], ""));
    assert!(show.starts_with("to act: "), "{show}");
    // No temporary files left next to the game file.
    assert_eq!(std::fs::read_dir(&dir.0).expect("dir").count(), 1);

    let replay = ok(&run_in(&dir.0, &["replay", "g.json"], ""));
    assert!(replay.starts_with("1. allies: pick 3\n    [CCT 2.1]"), "{replay}");
    assert!(replay.contains("verified: 1 decisions"), "{replay}");
}

#[test]
fn tampered_and_garbage_files_exit_3_untouched() {
    let dir = TempDir::new("tamper");
    let path = new_game(&dir, "g.json");
    ok(&run_in(&dir.0, &["apply", "g.json", "--seat", "allies", "pick 3"], ""));
    let good = std::fs::read_to_string(&path).expect("file");

    // One log entry edited (still a legal action): the hash no longer matches.
    let edited = good.replace("\"pick 3\"", "\"pick 5\"");
    assert_ne!(edited, good);
    std::fs::write(&path, &edited).expect("write");
    let show = run_in(&dir.0, &["show", "g.json"], "");
    assert_eq!(show.status.code(), Some(3));
    assert!(stderr(&show).contains("hash mismatch"), "{}", stderr(&show));
    let apply = run_in(&dir.0, &["apply", "g.json", "--seat", "axis", "end"], "");
    assert_eq!(apply.status.code(), Some(3));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), edited);
    let replay = run_in(&dir.0, &["replay", "g.json"], "");
    assert_eq!(replay.status.code(), Some(3));
    assert!(stdout(&replay).contains("1. allies: pick 5"), "{}", stdout(&replay));
    assert!(stderr(&replay).contains("another state"), "{}", stderr(&replay));

    // The hash edited.
    let hash_edited = good.replacen("\"state_hash\": \"", "\"state_hash\": \"0", 1);
    std::fs::write(&path, &hash_edited).expect("write");
    assert_eq!(run_in(&dir.0, &["show", "g.json"], "").status.code(), Some(3));
    assert_eq!(run_in(&dir.0, &["legal", "g.json", "--seat", "axis"], "").status.code(), Some(3));

    // An entry that does not replay: replay says which.
    std::fs::write(&path, good.replace("\"pick 3\"", "\"pick 9\"")).expect("write");
    let replay = run_in(&dir.0, &["replay", "g.json"], "");
    assert_eq!(replay.status.code(), Some(3));
    assert!(stderr(&replay).contains("log entry 1 does not replay"), "{}", stderr(&replay));

    // A log entry that is empty or blank: a corrupt file (exit 3), never a panic (issue 9).
    for blank in ["", " ", "\t"] {
        let corrupt = good.replace("\"pick 3\"", &format!("{blank:?}"));
        assert_ne!(corrupt, good);
        std::fs::write(&path, &corrupt).expect("write");
        for args in [&["show", "g.json"][..], &["legal", "g.json", "--seat", "axis"], &["replay", "g.json"]] {
            let out = run_in(&dir.0, args, "");
            assert_eq!(out.status.code(), Some(3), "{args:?} on a log holding {blank:?}: {}", stderr(&out));
        }
        let apply = run_in(&dir.0, &["apply", "g.json", "--seat", "axis", "end"], "");
        assert_eq!(apply.status.code(), Some(3), "{}", stderr(&apply));
        assert_eq!(std::fs::read_to_string(&path).expect("file"), corrupt);
    }

    // Garbage.
    std::fs::write(&path, "{ this is not a game").expect("write");
    let garbage = run_in(&dir.0, &["show", "g.json"], "");
    assert_eq!(garbage.status.code(), Some(3));
    assert!(stderr(&garbage).contains("not a sandtable game file"), "{}", stderr(&garbage));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), "{ this is not a game");
    let missing = run_in(&dir.0, &["show", "nope.json"], "");
    assert_eq!(missing.status.code(), Some(1));
}

/// Issue 14, provable dice: `sandtable verify` checks a finished server
/// game's proof (the secret against the commitment, the seed against the
/// secret and the shares), then replays it; a file with no proof has
/// nothing to verify (exit 5).
#[test]
fn verify_checks_the_dice_proof_then_replays() {
    use sandtable_core::provable::{DiceProof, Secret, Share};
    let dir = TempDir::new("verify");
    let secret = Secret::new([0x5a; 32]);
    let shares = vec![Share::new("allies", &"3c".repeat(32)).expect("hex")];
    let seed = secret.seed(&shares).to_string();
    ok(&run_in(&dir.0, &["new", "totensonntag", "--seed", &seed, "-o", "g.json"], ""));
    ok(&run_in(&dir.0, &["apply", "g.json", "--seat", "allies", "pick 3"], ""));
    let plain = std::fs::read_to_string(dir.path("g.json")).expect("file");
    let out = run_in(&dir.0, &["verify", "g.json"], "");
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(stderr(&out).contains("no dice proof") && stderr(&out).contains("нет доказательства"), "{}", stderr(&out));

    let with = |proof: &DiceProof| {
        let mut v: serde_json::Value = serde_json::from_str(&plain).expect("json");
        v["dice"] = serde_json::to_value(proof).expect("proof");
        std::fs::write(dir.path("g.json"), serde_json::to_string_pretty(&v).expect("json")).expect("write");
        run_in(&dir.0, &["verify", "g.json"], "")
    };
    let proof = DiceProof::new(&secret, shares.clone());
    let out = with(&proof);
    let said = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        said.contains("1. allies: pick 3") && said.contains("dice verified") && said.contains("кубики проверены"),
        "{said}"
    );
    assert!(said.contains(&proof.commitment), "{said}");
    // The commitment the page showed, given: the same passes, another fails.
    let out = run_in(&dir.0, &["verify", "g.json", "--commitment", &proof.commitment.to_uppercase()], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("the commitment you were shown"), "{}", stdout(&out));
    let out = run_in(&dir.0, &["verify", "g.json", "--commitment", &"0".repeat(64)], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("not the one you were shown"), "{}", stderr(&out));
    // A made-up share of a seat not in the game is caught, whatever seed it gives.
    let aimed_shares = vec![shares[0].clone(), Share::new("zz", &"01".repeat(32)).expect("hex")];
    let aimed = DiceProof::new(&secret, aimed_shares);
    let out = with(&aimed);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("not a seat of this game"), "{}", stderr(&out));
    // Another secret than the committed one, or another share, is caught.
    let other = DiceProof { secret: Secret::new([0x5b; 32]).to_hex(), ..proof.clone() };
    let out = with(&other);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("does not match the commitment"), "{}", stderr(&out));
    let moved = DiceProof { shares: vec![Share::new("allies", &"3d".repeat(32)).expect("hex")], ..proof.clone() };
    let out = with(&moved);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("give") && stderr(&out).contains(&seed), "{}", stderr(&out));
    // A good proof on a file whose log was edited: the replay catches it.
    let mut v: serde_json::Value = serde_json::from_str(&plain.replace("\"pick 3\"", "\"pick 5\"")).expect("json");
    v["dice"] = serde_json::to_value(&proof).expect("proof");
    std::fs::write(dir.path("g.json"), v.to_string()).expect("write");
    assert_eq!(run_in(&dir.0, &["verify", "g.json"], "").status.code(), Some(3));
}
