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
