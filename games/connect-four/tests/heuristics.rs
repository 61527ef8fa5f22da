//! The heuristics the bots read: evaluation and rollout weights.

use sandtable_connect_four::{Action, ConnectFour, Side, State};
use sandtable_core::testing::play;
use sandtable_core::{Heuristics, Ruleset, Setup};

fn after(r: &ConnectFour, moves: &str) -> State {
    let mut s = r.setup(&Setup::seeded(1)).expect("setup");
    for (i, m) in moves.chars().enumerate() {
        let seat = if i % 2 == 0 { Side::Red.seat() } else { Side::Yellow.seat() };
        play(r, &mut s, seat, &m.to_string());
    }
    s
}

fn column(n: usize) -> Action {
    Action::column(n - 1).expect("a column")
}

#[test]
fn evaluate_is_the_outcome_when_the_game_is_over() {
    let r = ConnectFour::standard();
    let won = after(&r, "1122334");
    assert_eq!(r.evaluate(&won, Side::Red.seat()), 1.0);
    assert_eq!(r.evaluate(&won, Side::Yellow.seat()), 0.0);
    let drawn = after(&r, "441365675334466335442232661515577771217122");
    assert_eq!(r.evaluate(&drawn, Side::Red.seat()), 0.5);
}

#[test]
fn evaluate_is_even_at_the_start_and_favours_threats() {
    let r = ConnectFour::standard();
    let s = after(&r, "");
    assert_eq!(r.evaluate(&s, Side::Red.seat()), 0.5);
    // Red has an open three on row 1 (two winning cells, columns 1 and 5)
    // and yellow to move can block only one: red is ahead.
    let s = after(&r, "2737");
    assert_eq!(r.evaluate(&s, Side::Red.seat()), 0.5, "no threat yet");
    let s = after(&r, "27374");
    let red = r.evaluate(&s, Side::Red.seat());
    let yellow = r.evaluate(&s, Side::Yellow.seat());
    assert!(red > 0.5 && yellow < 0.5, "{red} {yellow}");
    // Red to move with a cell to win at once: near 1 for red.
    let s = after(&r, "121212");
    assert!(r.evaluate(&s, Side::Red.seat()) > 0.9);
    assert!(r.evaluate(&s, Side::Yellow.seat()) < 0.1);
}

#[test]
fn action_weight_prefers_the_win_then_the_block_then_the_centre() {
    let r = ConnectFour::standard();
    let s = after(&r, "");
    let w: Vec<u32> = (1..=7).map(|c| r.action_weight(&s, Side::Red.seat(), column(c))).collect();
    assert_eq!(w, [2, 3, 4, 6, 4, 3, 2]);
    // Red threatens column 1 (three stacked): red to move wins there.
    let s = after(&r, "121212");
    let seat = Side::Red.seat();
    let win = r.action_weight(&s, seat, column(1));
    assert!((2..=7).all(|c| r.action_weight(&s, seat, column(c)) < win));
    // Yellow to move must block column 1.
    let s = after(&r, "12131");
    let seat = Side::Yellow.seat();
    let block = r.action_weight(&s, seat, column(1));
    assert!((2..=7).all(|c| r.action_weight(&s, seat, column(c)) < block), "{block}");
}
