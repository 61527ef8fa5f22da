//! One test (or a few) per rule of RULES.md, named by its section, and the
//! contract's other parts: notation, view, drawing, resampling, the card.

use sandtable_connect_four::board::{cell, BOARD};
use sandtable_connect_four::{Action, ConnectFour, Side, State};
use sandtable_core::testing::{self, legal, play, refused};
use sandtable_core::{Events, Outcome, PositionError, Ruleset, Seat, Setup, ToAct, Viewer};

const RED: Seat = Side::Red.seat();
const YELLOW: Seat = Side::Yellow.seat();

fn rules() -> ConnectFour {
    ConnectFour::standard()
}

fn new_game(r: &ConnectFour) -> State {
    r.setup(&r.info().resolve(&Setup::seeded(1)).expect("resolves")).expect("sets up")
}

/// The position after `moves`, one column digit per disc, red first.
fn after(r: &ConnectFour, moves: &str) -> State {
    let mut s = new_game(r);
    for (i, m) in moves.chars().enumerate() {
        let seat = if i % 2 == 0 { RED } else { YELLOW };
        play(r, &mut s, seat, &m.to_string());
    }
    s
}

fn outcome(r: &ConnectFour, s: &State) -> Option<Outcome> {
    match r.to_act(s) {
        ToAct::Over(o) => Some(o),
        ToAct::Seats(_) => None,
    }
}

fn winner(r: &ConnectFour, s: &State) -> Option<Side> {
    let o = outcome(r, s)?;
    Side::ALL.into_iter().find(|side| o.winners.contains(side.seat()))
}

const ALL_COLUMNS: [&str; 7] = ["1", "2", "3", "4", "5", "6", "7"];

#[test]
fn c4_1_the_board_is_seven_columns_by_six_rows_and_starts_empty() {
    let r = rules();
    let s = new_game(&r);
    assert_eq!(s.discs, [0, 0]);
    assert_eq!(s.heights, [0; 7]);
    let v = r.view(&s, Viewer::Spectator);
    assert_eq!(v.rows, vec![".......".to_string(); 6]);
    assert_eq!(BOARD.count_ones(), 42);
    // Six discs fill a column: the seventh is refused.
    let s = after(&r, "444444");
    assert_eq!(s.heights[3], 6);
    assert!(!legal(&r, &s, RED).contains(&"4".to_string()));
    // 21 discs each fill the board (the draw of C4 5 is such a game).
    let s = after(&r, DRAW);
    assert_eq!(s.discs.map(u64::count_ones), [21, 21]);
}

#[test]
fn c4_1_only_red_and_yellow_play() {
    let r = rules();
    assert_eq!(r.seats(&new_game(&r)).len(), 2);
    let s = new_game(&r);
    let third = Seat::new(2);
    assert!(legal(&r, &s, third).is_empty());
    let e = refused(&r, &s, third, "4");
    assert_eq!(e.rule, "C4 1");
    assert!(e.text.en.contains("no such seat"), "{e}");
}

#[test]
fn c4_2_red_moves_first_and_the_players_alternate() {
    let r = rules();
    let mut s = new_game(&r);
    assert_eq!(testing::to_act(&r, &s), vec![RED]);
    assert_eq!(legal(&r, &s, RED), ALL_COLUMNS);
    assert!(legal(&r, &s, YELLOW).is_empty());
    play(&r, &mut s, RED, "4");
    assert_eq!(testing::to_act(&r, &s), vec![YELLOW]);
    assert_eq!(s.to_move, Side::Yellow);
    play(&r, &mut s, YELLOW, "4");
    assert_eq!(testing::to_act(&r, &s), vec![RED]);
    // No passing: every legal action drops a disc.
    assert_eq!(legal(&r, &s, RED).len(), 7);
}

#[test]
fn c4_2_a_player_may_not_move_out_of_turn() {
    let r = rules();
    let s = new_game(&r);
    let e = refused(&r, &s, YELLOW, "4");
    assert_eq!(e.rule, "C4 2");
    assert_eq!(e.text.en, "it is not your turn");
    assert_eq!(e.text.ru, "сейчас не ваш ход");
    let s = after(&r, "4");
    assert_eq!(refused(&r, &s, RED, "3").rule, "C4 2");
}

#[test]
fn c4_3_a_disc_falls_to_the_lowest_empty_cell() {
    let r = rules();
    let mut s = new_game(&r);
    let events = play(&r, &mut s, RED, "3");
    assert_eq!(s.discs[0], cell(2, 0));
    assert_eq!(s.at(2, 0), Some(Side::Red));
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule.as_deref(), Some("C4 3"));
    assert_eq!(events[0].text.en, "Red drops a disc into column 3 (row 1)");
    play(&r, &mut s, YELLOW, "3");
    assert_eq!(s.at(2, 1), Some(Side::Yellow));
    assert_eq!(s.heights[2], 2);
    let v = r.view(&s, Viewer::Spectator);
    assert_eq!(v.rows[5], "..R....");
    assert_eq!(v.rows[4], "..Y....");
}

#[test]
fn c4_3_a_full_column_is_refused() {
    let r = rules();
    let s = after(&r, "333333");
    assert_eq!(legal(&r, &s, RED), ["1", "2", "4", "5", "6", "7"]);
    let e = refused(&r, &s, RED, "3");
    assert_eq!(e.rule, "C4 3");
    assert_eq!(e.text.en, "column 3 is full");
    assert_eq!(e.text.ru, "столбец 3 заполнен");
    assert_eq!(e.to_string(), "[C4 3] column 3 is full / столбец 3 заполнен");
}

#[test]
fn c4_4_four_in_a_row_horizontally_wins() {
    let r = rules();
    let s = after(&r, "1122334");
    assert_eq!(winner(&r, &s), Some(Side::Red));
    let o = outcome(&r, &s).expect("over");
    assert_eq!(o.text.en, "Red wins: four in a row");
    assert_eq!(o.text.ru, "Победили красные: четыре в ряд");
    // Yellow's four on row 2.
    let s = after(&r, "1122337474");
    assert_eq!(winner(&r, &s), Some(Side::Yellow), "{}", r.render(&s, Viewer::Spectator, "en"));
}

#[test]
fn c4_4_four_in_a_column_wins() {
    let r = rules();
    let mut s = after(&r, "717171");
    assert_eq!(winner(&r, &s), None);
    let events = play(&r, &mut s, RED, "7");
    assert_eq!(winner(&r, &s), Some(Side::Red));
    assert_eq!(events.last().and_then(|e| e.rule.as_deref()), Some("C4 4"));
    assert_eq!(r.view(&s, Viewer::Spectator).four, [[7, 1], [7, 2], [7, 3], [7, 4]]);
}

#[test]
fn c4_4_four_on_a_rising_diagonal_wins() {
    // Red: a1 b2 c3 d4 (columns 1–4, rows 1–4).
    let r = rules();
    let s = after(&r, "12233434474");
    assert_eq!(winner(&r, &s), Some(Side::Red), "{}", r.render(&s, Viewer::Spectator, "en"));
    assert_eq!(r.view(&s, Viewer::Spectator).four, [[1, 1], [2, 2], [3, 3], [4, 4]]);
}

#[test]
fn c4_4_four_on_a_falling_diagonal_wins() {
    // Red: g1 f2 e3 d4, the mirror of the rising one.
    let r = rules();
    let s = after(&r, "76655454414");
    assert_eq!(winner(&r, &s), Some(Side::Red), "{}", r.render(&s, Viewer::Spectator, "en"));
    assert_eq!(r.view(&s, Viewer::Spectator).four, [[4, 4], [5, 3], [6, 2], [7, 1]]);
}

#[test]
fn c4_4_three_in_a_row_does_not_win() {
    let r = rules();
    for moves in ["112233", "1212126", "1223343"] {
        let s = after(&r, moves);
        assert_eq!(outcome(&r, &s), None, "{moves}");
    }
}

#[test]
fn c4_4_lines_do_not_wrap_around_the_edges() {
    let r = rules();
    // Red: column 1 rows 4–6 and column 2 row 1 — neighbouring bits but for the sentinel.
    let s = after(&r, "21717116161");
    assert_eq!(s.discs[0] & (cell(0, 3) | cell(0, 5) | cell(1, 0)), cell(0, 3) | cell(0, 5) | cell(1, 0));
    assert_eq!(outcome(&r, &s), None, "{}", r.render(&s, Viewer::Spectator, "en"));
    // Red on row 1 of columns 5–7 and row 2 of column 1: no wrap from the right edge either.
    let s = after(&r, "5164721");
    assert_eq!(outcome(&r, &s), None, "{}", r.render(&s, Viewer::Spectator, "en"));
}

#[test]
fn c4_4_five_in_a_row_wins_too() {
    // Red fills the gap of 1 2 _ 4 5.
    let r = rules();
    let s = after(&r, "1122445");
    assert_eq!(outcome(&r, &s), None);
    let mut s = after(&r, "11224457");
    assert_eq!(outcome(&r, &s), None);
    play(&r, &mut s, RED, "3");
    assert_eq!(winner(&r, &s), Some(Side::Red));
    assert_eq!(r.view(&s, Viewer::Spectator).four.len(), 5);
}

/// A game that fills the board without four in a row.
const DRAW: &str = "441365675334466335442232661515577771217122";

#[test]
fn c4_5_a_full_board_without_four_in_a_row_is_a_draw() {
    let r = rules();
    let mut s = after(&r, &DRAW[..41]);
    assert_eq!(outcome(&r, &s), None);
    assert_eq!(legal(&r, &s, YELLOW), ["2"]);
    let events = play(&r, &mut s, YELLOW, "2");
    let o = outcome(&r, &s).expect("the full board ends the game");
    assert!(o.winners.is_empty());
    assert_eq!(o.text.en, "Draw: the board is full");
    assert_eq!(events.last().and_then(|e| e.rule.as_deref()), Some("C4 5"));
    let v = r.view(&s, Viewer::Spectator);
    assert!(v.draw && v.winner.is_none() && v.to_move.is_none());
    assert!(v.rows.iter().all(|row| !row.contains('.')));
}

#[test]
fn c4_6_no_disc_is_dropped_after_the_game_is_over() {
    let r = rules();
    let s = after(&r, "1122334");
    assert!(testing::to_act(&r, &s).is_empty());
    assert!(legal(&r, &s, RED).is_empty() && legal(&r, &s, YELLOW).is_empty());
    for seat in [RED, YELLOW] {
        let e = refused(&r, &s, seat, "7");
        assert_eq!(e.rule, "C4 6");
        assert_eq!(e.text.en, "the game is over");
    }
    let s = after(&r, DRAW);
    assert_eq!(refused(&r, &s, RED, "1").rule, "C4 6");
}

#[test]
fn c4_6_the_last_disc_that_fills_the_board_and_makes_four_wins() {
    // A game whose forty-second disc, yellow's in column 4, both fills the
    // board and makes yellow's four: a win, not a draw.
    let r = rules();
    let mut s = after(&r, &FULL_AND_FOUR[..41]);
    assert_eq!(outcome(&r, &s), None);
    assert_eq!(legal(&r, &s, YELLOW), ["4"]);
    let events = play(&r, &mut s, YELLOW, "4");
    assert_eq!(s.all().count_ones(), 42);
    assert_eq!(winner(&r, &s), Some(Side::Yellow), "{}", r.render(&s, Viewer::Spectator, "en"));
    assert_eq!(events.last().and_then(|e| e.rule.as_deref()), Some("C4 4"));
    let v = r.view(&s, Viewer::Spectator);
    assert!(!v.draw && v.winner == Some(Side::Yellow));
}

/// A game whose last disc fills the board and makes four in a row.
const FULL_AND_FOUR: &str = "733651575511722656534266327317322716144444";

fn problems(r: &ConnectFour, s: &State) -> Vec<PositionError> {
    r.validate(s).err().unwrap_or_default()
}

fn has(problems: &[PositionError], at: &str, en: &str) -> bool {
    problems.iter().any(|p| p.at == at && p.text.en.contains(en) && !p.text.ru.is_empty())
}

#[test]
fn c4_7_positions_reached_in_play_are_accepted() {
    let r = rules();
    for moves in ["", "4", "44", "1122334", "717171", DRAW] {
        let s = after(&r, moves);
        assert_eq!(r.validate(&s), Ok(()), "{moves}");
        // And as data, through JSON.
        let back = testing::position(&r, serde_json::to_value(&s).expect("json"));
        assert_eq!(back, s);
    }
}

#[test]
fn c4_7_impossible_positions_are_refused_naming_where() {
    let r = rules();
    let base = after(&r, "4455");
    // A disc on a sentinel bit, past the board.
    let mut s = base.clone();
    s.discs[0] |= 1 << 6;
    assert!(has(&problems(&r, &s), "discs[0]", "outside the 7 × 6 board"), "{:?}", problems(&r, &s));
    let mut s = base.clone();
    s.discs[1] |= 1 << 60;
    assert!(has(&problems(&r, &s), "discs[1]", "outside the 7 × 6 board"));
    // Two discs on one cell.
    let mut s = base.clone();
    s.discs[1] |= cell(3, 0);
    assert!(has(&problems(&r, &s), "discs", "a cell holds a red and a yellow disc"));
    // Heights that disagree with the discs.
    let mut s = base.clone();
    s.heights[0] = 2;
    assert!(has(&problems(&r, &s), "heights[0]", "column 1 holds 0 discs, not 2"));
    let mut s = base.clone();
    s.heights[6] = 9;
    assert!(has(&problems(&r, &s), "heights[6]", "column 7 cannot hold 9 discs"));
    // A floating disc: column 1, row 3 with rows 1–2 empty.
    let mut s = base.clone();
    s.discs[0] |= cell(0, 2);
    s.discs[1] |= cell(6, 0);
    s.heights[0] = 1;
    s.heights[6] = 1;
    let p = problems(&r, &s);
    assert!(has(&p, "discs, column 1", "a disc floats in column 1: row 1 is empty beneath it"), "{p:?}");
    // Counts red-first play cannot give, and the wrong side to move.
    let mut s = base.clone();
    s.discs[0] |= cell(0, 0) | cell(1, 0);
    s.heights[0] = 1;
    s.heights[1] = 1;
    assert!(has(&problems(&r, &s), "discs", "red has 4 discs and yellow 2"));
    let mut s = base.clone();
    s.to_move = Side::Yellow;
    assert!(has(&problems(&r, &s), "to_move", "yellow to move, but with 2 red and 2 yellow discs it is red"));
    // Two winners.
    let mut s = after(&r, "121212");
    s.discs = [cell(0, 0) | cell(0, 1) | cell(0, 2) | cell(0, 3), cell(1, 0) | cell(1, 1) | cell(1, 2) | cell(1, 3)];
    s.heights = [4, 4, 0, 0, 0, 0, 0];
    s.to_move = Side::Red;
    assert!(has(&problems(&r, &s), "discs", "both sides have four in a row"));
    // A winner that did not drop the last disc.
    let mut s = after(&r, "1212121");
    assert_eq!(r.validate(&s), Ok(()));
    s.discs[1] |= cell(6, 0);
    s.heights[6] = 1;
    s.to_move = Side::Red;
    assert!(has(&problems(&r, &s), "discs", "red has four in a row but yellow dropped the last disc"));
    // Play went on after a win: red's four in column 1, yellow's disc on it, then red's.
    let mut s = after(&r, "1212121");
    s.discs[1] |= cell(0, 4);
    s.discs[0] |= cell(5, 0);
    s.heights[0] = 5;
    s.heights[5] = 1;
    s.to_move = Side::Yellow;
    let p = problems(&r, &s);
    assert!(has(&p, "discs", "red had four in a row before the last disc"), "{p:?}");
    // Every problem at once.
    let mut s = base.clone();
    s.discs[0] |= 1 << 6;
    s.heights[2] = 3;
    assert!(problems(&r, &s).len() >= 2);
}

#[test]
fn notation_reads_every_spelling_and_refuses_the_rest() {
    let r = rules();
    for a in Action::ALL {
        let text = r.notation(a);
        assert_eq!(text, a.number().to_string());
        assert_eq!(r.parse(&text), Ok(a));
        assert_eq!(r.parse(&format!("c{text}")), Ok(a));
        assert_eq!(r.parse(&format!("column {text}")), Ok(a));
    }
    let e = r.parse("8").unwrap_err();
    assert_eq!(e.text.en, "there is no column 8: the columns are 1 to 7");
    assert_eq!(e.text.ru, "столбца 8 нет: столбцы от 1 до 7");
    let e = r.parse("left").unwrap_err();
    assert!(e.text.en.starts_with("expected a column from 1 to 7"), "{e}");
    assert_eq!(Action::column(7), None);
    assert_eq!(Action::column(3).map(Action::number), Some(4));
}

#[test]
fn view_is_the_whole_board_for_everyone() {
    let r = rules();
    let s = after(&r, "4453");
    let v = r.view(&s, Viewer::Spectator);
    for viewer in [Viewer::Seat(RED), Viewer::Seat(YELLOW)] {
        assert_eq!(r.view(&s, viewer), v);
    }
    assert_eq!(v.rows[5], "..YRR..");
    assert_eq!(v.rows[4], "...Y...");
    assert_eq!(v.heights, [0, 0, 1, 2, 1, 0, 0]);
    assert_eq!(v.moves, 4);
    assert_eq!(v.to_move, Some(Side::Red));
    assert_eq!(v.winner, None);
    let json = serde_json::to_value(&v).expect("json");
    assert_eq!(json["to_move"], "red");
    // Hints name the column, and the drawing has every column.
    let drawing = r.drawing().to_string();
    for a in Action::ALL {
        let place = r.hint(&s, a).place.expect("a place");
        assert!(drawing.contains(&format!("\"{place}\"")), "{place}");
    }
}

#[test]
fn render_draws_the_board_in_both_languages() {
    let r = rules();
    let s = after(&r, "4453");
    let en = r.render(&s, Viewer::Spectator, "en");
    assert!(en.starts_with("  1 2 3 4 5 6 7 \n"), "{en}");
    assert!(en.contains(" |. . . Y . . .|\n |. . Y R R . .|\n +-------------+\n"), "{en}");
    assert!(en.ends_with("Red (R) to move, 4 discs played\n"), "{en}");
    let ru = r.render(&s, Viewer::Seat(YELLOW), "ru");
    assert!(ru.ends_with("Ходят красные (R), сыграно фишек: 4\n"), "{ru}");
    let won = after(&r, "1122334");
    let en = r.render(&won, Viewer::Spectator, "en");
    assert!(en.contains("|r r r r . . .|"), "{en}");
    assert!(en.ends_with("Red (R) wins: four in a row (C4 4)\n"), "{en}");
    assert!(r.render(&after(&r, DRAW), Viewer::Spectator, "ru").ends_with("Ничья: доска заполнена (C4 5)\n"));
}

#[test]
fn resample_keeps_the_board_and_redraws_only_the_dice() {
    let r = rules();
    let s = after(&r, "4453");
    for viewer in [Viewer::Seat(RED), Viewer::Seat(YELLOW), Viewer::Spectator] {
        let o = r.resample_hidden(&s, viewer, 11);
        assert_eq!((o.discs, o.heights, o.to_move), (s.discs, s.heights, s.to_move));
        assert_ne!(o.dice, s.dice, "the dice to come are redrawn");
        assert_eq!(o, r.resample_hidden(&s, viewer, 11), "from the seed alone");
        assert_eq!(r.validate(&o), Ok(()));
    }
    // No action rolls: the dice never move.
    let before = r.dice_position(&s);
    let mut t = s.clone();
    r.try_apply(&mut t, RED, Action::ALL[0], &mut Events::off()).expect("legal");
    assert_eq!(r.dice_position(&t), before);
}

#[test]
fn info_names_the_game_and_its_seats_in_both_languages() {
    let r = rules();
    let info = r.info();
    assert_eq!(info.id, "connect-four");
    assert_eq!(info.name.en, "Connect Four");
    assert_eq!(info.name.ru, "Четыре в ряд");
    let seats: Vec<(&str, &str, &str)> =
        info.seats.iter().map(|s| (s.id.as_str(), s.name.en.as_ref(), s.name.ru.as_ref())).collect();
    assert_eq!(seats, [("red", "Red", "Красные"), ("yellow", "Yellow", "Жёлтые")]);
    assert_eq!(info.seat("yellow"), Some(YELLOW));
    assert_eq!(info.scenarios.len(), 1);
    assert_eq!(info.scenarios[0].sha256.len(), 64);
    assert!(info.options.is_empty());
    // Set-up: the seed fills only the dice.
    let a = r.setup(&Setup::seeded(1)).expect("setup");
    let b = r.setup(&Setup::seeded(2)).expect("setup");
    assert_eq!((a.discs, a.heights, a.to_move), (b.discs, b.heights, b.to_move));
    assert_ne!(a.dice, b.dice);
}
