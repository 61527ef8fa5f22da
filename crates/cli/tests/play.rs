//! The terminal game with a scripted stdin.

mod common;

use common::{ok, run_in, stderr, TempDir};

#[test]
fn hot_seat_reads_a_script() {
    let dir = TempDir::new("play");
    let out = ok(&run_in(
        &dir.0,
        &["play", "totensonntag", "--seed", "3"],
        "legal\npick 3\nhelp\nlog\nnonsense words\n? \nsave saved.json\nquit\n",
    ));
    assert!(out.contains("to act: allies"), "{out}");
    assert!(out.contains("   4. pick 3"), "{out}");
    assert!(out.contains("allies: pick 3") && out.contains("[CCT 2.2]"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.contains("1. allies: pick 3"), "{out}");
    assert!(out.contains("refused: cannot read"), "{out}");
    assert!(dir.path("saved.json").exists());
    // The saved game verifies.
    let show = ok(&run_in(&dir.0, &["show", "saved.json"], ""));
    assert!(show.starts_with("to act: "), "{show}");
}

#[test]
fn numbers_units_undo_and_eof() {
    let dir = TempDir::new("play2");
    // 4 = "pick 3" in the numbered list; then end of input without quit.
    let out = ok(&run_in(
        &dir.0,
        &["play", "totensonntag", "--seed", "3", "--vs", "random", "--seat", "allies"],
        "legal\n4\nrtr5\nundo\nend\n",
    ));
    assert!(out.contains("allies: pick 3"), "{out}");
    assert!(out.contains("move rtr5 "), "{out}");
    assert!(out.contains("(random): "), "{out}");
    // Russian labels.
    let ru = ok(&run_in(&dir.0, &["--lang", "ru", "play", "totensonntag", "--seed", "3"], "pick 2\n"));
    assert!(ru.contains("ходят: allies") && ru.contains("выбирает УИ 2"), "{ru}");
}

#[test]
fn unknown_seat_and_game_are_errors() {
    let dir = TempDir::new("play3");
    let seat = run_in(&dir.0, &["play", "totensonntag", "--vs", "random", "--seat", "germans"], "");
    assert_eq!(seat.status.code(), Some(2));
    let game = run_in(&dir.0, &["play", "chess"], "");
    assert_eq!(game.status.code(), Some(1));
}

#[test]
fn hot_seat_secret_round_passes_the_keyboard() {
    let dir = TempDir::new("play4");
    // Seed 1: the Allies pick 6 and the Axis rolls 6, so both pick secretly
    // in the next pair (2.1). The dice are pinned (golden games), so this holds.
    let out =
        ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "1"], "pick 6\nend\nend\npick 2\nlog\npick 5\nquit\n"));
    assert!(out.contains("Axis rolls initiative 6") && out.contains("to act: axis allies"), "{out}");
    assert!(out.contains("pass the keyboard to axis") && out.contains("pass the keyboard to allies"), "{out}");
    assert!(out.contains("4. axis: (secret choice)"), "{out}");
    assert!(out.contains("Axis picks initiative level 2"), "{out}");
}

#[test]
fn a_game_against_the_bot_reaches_game_over() {
    let dir = TempDir::new("play5");
    // "1" plays the first legal action (end, roll, recover …) every time.
    let out = ok(&run_in(
        &dir.0,
        &["play", "totensonntag", "--seed", "9", "--vs", "random", "--seat", "axis"],
        &"1\n".repeat(5000),
    ));
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("game over: "), "{last}");
}

#[test]
fn bots_are_listed_and_an_unknown_bot_is_refused() {
    let dir = TempDir::new("bots");
    let out = ok(&run_in(&dir.0, &["bots"], ""));
    let first = out.lines().next().expect("a bot");
    assert!(first.starts_with("random  "), "{out}");
    let ru = ok(&run_in(&dir.0, &["--lang", "ru", "bots"], ""));
    assert!(ru.contains("случайные допустимые ходы"), "{ru}");
    let o = run_in(&dir.0, &["play", "totensonntag", "--vs", "grandmaster"], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no bot \"grandmaster\"") && stderr(&o).contains("random"), "{}", stderr(&o));
}

/// Issue 14: `odds <action>` prints the exact odds before the dice, the most
/// likely result first, with the figures they rest on; it changes nothing.
#[test]
fn odds_show_each_result_and_what_it_rests_on_before_the_dice() {
    let dir = TempDir::new("odds");
    let (mut e, seat, attack) = common::totensonntag_until_an_attack();
    let position: serde_json::Value =
        serde_json::from_str(&e.handle_line(r#"{"cmd":"position","id":"g1"}"#)).expect("JSON");
    std::fs::write(dir.path("pos.json"), position["position"].to_string()).expect("write the position");
    let script = format!("odds {attack}\nodds end\nodds\nodds fly away\nodds 999\nlegal\nquit\n");
    let out = ok(&run_in(&dir.0, &["play", "totensonntag", "--position", "pos.json"], &script));
    assert!(out.contains(&format!("to act: {seat}")), "{out}");
    let odds = out.split(&format!("{attack}:\n")).nth(1).unwrap_or_else(|| panic!("no odds of {attack}: {out}"));
    let lines: Vec<&str> = odds.lines().take_while(|l| l.starts_with("  ")).collect();
    let percents: Vec<f64> = lines.iter().filter_map(|l| l.split('%').next()?.trim().parse().ok()).collect();
    assert!(percents.len() >= 2, "{lines:?}");
    assert!(percents.windows(2).all(|w| w[0] >= w[1]), "most likely first: {lines:?}");
    assert!((percents.iter().sum::<f64>() - 100.0).abs() < 0.3, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("[CCT 7.2] AR ")), "{lines:?}");
    assert!(out.contains("end: no die is rolled"), "{out}");
    assert!(out.contains("usage: odds ACTION"), "{out}");
    assert!(out.contains("refused: cannot read"), "{out}");
    assert!(out.contains("no action number 999"), "{out}");
    assert!(!out.contains(&format!("{seat}: {attack}")), "asking does not play it: {out}");
    // In Russian, with a decimal comma.
    let ru = ok(&run_in(
        &dir.0,
        &["--lang", "ru", "play", "totensonntag", "--position", "pos.json"],
        &format!("odds {attack}\nquit\n"),
    ));
    assert!(ru.contains("[CCT 7.2] РА "), "{ru}");
    assert!(ru.contains(",") && ru.contains("%  "), "{ru}");
}

/// Issue 14: `sandtable play FILE` resumes a game saved by `save FILE`, with
/// its seats; an id of the catalog stays a new game.
#[test]
fn a_saved_game_resumes_from_its_file() {
    let dir = TempDir::new("resume");
    ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "3"], "pick 3\nmove rtr5 D13\nsave g.json\nquit\n"));
    let out = ok(&run_in(&dir.0, &["play", "g.json"], "log\nmove rtr5 D14\nquit\n"));
    assert!(out.contains("resumed from g.json, decisions so far: 2; hot-seat"), "{out}");
    assert!(out.contains("to act: allies"), "{out}");
    assert!(out.contains("2. allies: move rtr5 D13"), "{out}");
    assert!(out.contains("allies: move rtr5 D14"), "{out}");
    // Against a bot the human seat is, by default, the one to act.
    let vs = ok(&run_in(&dir.0, &["--lang", "ru", "play", "g.json", "--vs", "random"], "quit\n\n"));
    assert!(vs.contains("продолжение партии g.json, ходов сделано: 2; вы играете за allies"), "{vs}");
    // Read straight from the file: nothing to save on quitting.
    assert!(!vs.contains("сохранить партию?"), "{vs}");
    // A new game's flags do not apply to a file.
    let o = run_in(&dir.0, &["play", "g.json", "--seed", "4"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("a saved game keeps its own set-up"), "{}", stderr(&o));
}

/// A corrupt game file is refused (exit 3, as everywhere), a missing one
/// names both readings of the argument (exit 1); nothing is written.
#[test]
fn a_corrupt_or_missing_game_file_is_refused() {
    let dir = TempDir::new("resume-bad");
    ok(&run_in(&dir.0, &["new", "totensonntag", "--seed", "3", "-o", "g.json"], ""));
    let text = std::fs::read_to_string(dir.path("g.json")).expect("written");
    let tampered = text.replace("\"seed\": 3", "\"seed\": 4").replace("\"seed\":3", "\"seed\":4");
    assert_ne!(text, tampered, "{text}");
    std::fs::write(dir.path("bad.json"), tampered).expect("write");
    let o = run_in(&dir.0, &["play", "bad.json", "--vs", "random"], "pick 3\nquit\nout.json\n");
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("bad.json: "), "{}", stderr(&o));
    let o = run_in(&dir.0, &["play", "missing.json"], "");
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("no game file \"missing.json\"") && e.contains("файла партии \"missing.json\" тоже нет"), "{e}");
    let mut files: Vec<_> = std::fs::read_dir(&dir.0).expect("dir").map(|e| e.expect("entry").file_name()).collect();
    files.sort();
    assert_eq!(files, ["bad.json", "g.json"]);
    // The new game file resumes too.
    let out = ok(&run_in(&dir.0, &["play", "g.json"], "quit\n"));
    assert!(out.contains("resumed from g.json, decisions so far: 0"), "{out}");
}

/// A hot-seat game saved in the middle of a secret round keeps the choice
/// made secret when resumed.
#[test]
fn a_resumed_secret_round_stays_secret() {
    let dir = TempDir::new("resume-secret");
    ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "1"], "pick 6\nend\nend\npick 2\nsave s.json\nquit\n"));
    let out = ok(&run_in(&dir.0, &["play", "s.json"], "log\nquit\n"));
    assert!(out.contains("pass the keyboard to allies"), "{out}");
    assert!(out.contains("4. axis: (secret choice)") && !out.contains("axis: pick 2"), "{out}");
}

/// Quitting a game against a bot offers to save it; an existing file is
/// left alone and the question asked once more.
#[test]
fn quitting_against_a_bot_offers_to_save() {
    let dir = TempDir::new("quit-save");
    std::fs::write(dir.path("taken.json"), "keep me").expect("write");
    let out = ok(&run_in(
        &dir.0,
        &["play", "totensonntag", "--seed", "3", "--vs", "random", "--seat", "allies"],
        "pick 3\nquit\ntaken.json\nmine.json\n",
    ));
    assert!(out.contains("save the game? file name (empty: do not save): "), "{out}");
    assert!(out.contains("taken.json exists and is left alone; another name?"), "{out}");
    assert!(out.contains("saved to mine.json"), "{out}");
    assert_eq!(std::fs::read_to_string(dir.path("taken.json")).expect("kept"), "keep me");
    let show = ok(&run_in(&dir.0, &["show", "mine.json"], ""));
    assert!(show.starts_with("to act: allies"), "{show}");
    // An empty answer saves nothing; a game saved already is not asked about.
    let ru = ok(&run_in(
        &dir.0,
        &["--lang", "ru", "play", "totensonntag", "--seed", "3", "--vs", "random", "--seat", "allies"],
        "pick 3\nquit\n\n",
    ));
    assert!(ru.contains("сохранить партию? имя файла (пусто — не сохранять): "), "{ru}");
    let saved = ok(&run_in(
        &dir.0,
        &["play", "totensonntag", "--seed", "3", "--vs", "random"],
        "pick 3\nsave again.json\nquit\n",
    ));
    assert!(saved.contains("saved to again.json") && !saved.contains("save the game?"), "{saved}");
    // The end of piped input does not wait for an answer: it says how to save.
    let eof = ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "3", "--vs", "random"], "pick 3\n"));
    assert!(eof.contains("(end of input: the game was not saved; type save FILE"), "{eof}");
    // Hot seat: both players are here; quitting does not ask.
    let hot = ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "3"], "pick 3\nquit\n"));
    assert!(!hot.contains("save the game?") && !hot.contains("end of input"), "{hot}");
    let mut files: Vec<_> = std::fs::read_dir(&dir.0).expect("dir").map(|e| e.expect("entry").file_name()).collect();
    files.sort();
    assert_eq!(files, ["again.json", "mine.json", "taken.json"]);
}

/// The numbers of `?` stay the same within a decision; a word's list shows
/// the same numbers, so a number typed after it plays the action listed.
#[test]
fn numbers_are_stable_within_a_decision() {
    let dir = TempDir::new("numbers");
    let out = ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "3"], "pick 3\n?\n?\nrtr5\n17\nquit\n"));
    let prompts: Vec<&str> = out.split("allies> ").collect();
    // prompts[2] and [3]: the output of the two `?`.
    assert!(prompts[2].contains("  17. move rtr5 D13"), "{}", prompts[2]);
    assert_eq!(prompts[2], prompts[3]);
    // The word's list: the whole list's numbers, not 1, 2, 3 …
    assert!(prompts[4].starts_with("  16. move rtr5 C14\n  17. move rtr5 D13\n"), "{}", prompts[4]);
    assert!(!prompts[4].contains("   1. "), "{}", prompts[4]);
    assert!(prompts[5].starts_with("allies: move rtr5 D13"), "{}", prompts[5]);
    // After the move, the numbering is the new position's.
    let again = ok(&run_in(&dir.0, &["play", "totensonntag", "--seed", "3"], "pick 3\n17\nrtr5\n15\nquit\n"));
    assert!(again.contains("  15. move rtr5 D14\n") && again.contains("allies: move rtr5 D14"), "{again}");
}

/// The board is drawn again after an action only when the seat to act
/// changed or dice were rolled (or asked for with `board`), not after a
/// step by the seat still to act.
#[test]
fn the_board_is_redrawn_when_the_turn_passes_not_after_each_step() {
    let dir = TempDir::new("redraw");
    let out = ok(&run_in(
        &dir.0,
        &["play", "totensonntag", "--seed", "3", "--vs", "random", "--seat", "allies"],
        "pick 3\nmove rtr5 D13\nmove rtr5 D14\nboard\nend\nquit\n\n",
    ));
    let prompts: Vec<&str> = out.split("allies> ").collect();
    // The pick rolled dice and passed the decision: drawn again.
    assert!(prompts[1].starts_with("allies: pick 3") && prompts[1].contains("to act: allies"), "{}", prompts[1]);
    for step in [&prompts[2], &prompts[3]] {
        assert!(step.starts_with("allies: move rtr5 D1"), "{step}");
        assert!(!step.contains("to act:") && !step.contains("Turn 1/6"), "a step keeps the board: {step}");
    }
    assert!(prompts[4].contains("Turn 1/6") && prompts[4].contains("to act: allies"), "{}", prompts[4]);
    // `end`: the Axis impulse, then the Allies again: drawn again.
    assert!(prompts[5].starts_with("allies: end") && prompts[5].contains("axis (random): "), "{}", prompts[5]);
    assert!(prompts[5].contains("to act: allies"), "{}", prompts[5]);
    assert_eq!(prompts[5].matches("to act:").count(), 1, "not after each bot step: {}", prompts[5]);
}

/// At a terminal the prompt is a line editor (rustyline): the up arrow
/// recalls the last line, and the session's lines are appended to the
/// history file. Run under a pseudo-terminal made by `script` (util-linux);
/// skipped where there is none.
#[test]
fn at_a_terminal_lines_are_edited_and_remembered() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let pty = Command::new("script").args(["-qec", "true", "/dev/null"]).stdin(Stdio::null()).output();
    if !pty.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: no script(1) to make a pseudo-terminal");
        return;
    }
    let dir = TempDir::new("pty");
    let bin = env!("CARGO_BIN_EXE_sandtable");
    let command = format!("'{bin}' play totensonntag --seed 3 --vs random --seat allies");
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(&dir.0)
        .env("SANDTABLE_HISTORY", dir.path("history"))
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    let mut from = 0;
    // Waits for `text` after what was matched before; the screen so far on failure.
    let mut expect = |text: &str, seen: &mut String| {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(i) = seen[from..].find(text) {
                from += i + text.len();
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(bytes) => seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("no {text:?} at the terminal; it shows:\n{seen}"),
            }
        }
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let mut say = |keys: &str| {
        stdin.write_all(keys.as_bytes()).expect("type");
        stdin.flush().expect("flush");
    };
    expect("allies> ", &mut seen);
    say("pick 3\r");
    expect("allies: pick 3", &mut seen);
    expect("allies> ", &mut seen);
    // Up arrow, Enter: the last line again (now refused: the pick is made).
    say("\x1b[A\r");
    expect("refused [CCT 2.1]", &mut seen);
    expect("allies> ", &mut seen);
    say("quit\r");
    expect("save the game? file name (empty: do not save): ", &mut seen);
    say("t.json\r");
    expect("saved to t.json", &mut seen);
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the game did not end:\n{seen}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}\n{seen}");
    let history = std::fs::read_to_string(dir.path("history")).expect("the history file");
    assert!(history.lines().any(|l| l == "pick 3"), "{history}");
    assert!(!history.contains("t.json"), "the save answer is not history: {history}");
    ok(&run_in(&dir.0, &["show", "t.json"], ""));
}
