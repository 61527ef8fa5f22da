//! The view: perfect information, the whole board for everyone.

use crate::board::{self, COLUMNS, ROWS};
use crate::state::{Side, State, Status};
use serde::Serialize;

/// What every viewer sees (the seats and a spectator alike): the board, who
/// moves, the result. Built per call (a few small strings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The rows from the top (row 6) down to the bottom (row 1), seven
    /// characters each, column 1 first: `.` empty, `R` red, `Y` yellow.
    pub rows: Vec<String>,
    /// Discs in each column, column 1 first.
    pub heights: [u8; COLUMNS],
    /// Discs on the board.
    pub moves: u32,
    /// Who drops the next disc; `None` once the game is over.
    pub to_move: Option<Side>,
    /// The side with four in a row.
    pub winner: Option<Side>,
    /// The board is full without four in a row.
    pub draw: bool,
    /// The cells of the winning four (or more), as `[column, row]` from 1,
    /// row 1 at the bottom.
    pub four: Vec<[u8; 2]>,
}

impl View {
    /// The view of `s`.
    pub fn of(s: &State) -> View {
        let rows =
            (0..ROWS).rev().map(|r| (0..COLUMNS).map(|c| s.at(c, r).map_or('.', Side::letter)).collect()).collect();
        let status = s.status();
        let winner = match status {
            Status::Won(side) => Some(side),
            _ => None,
        };
        let cells = winner.map_or(0, |w| board::fours(s.discs[w.index()]));
        let four = (0..COLUMNS)
            .flat_map(|c| (0..ROWS).map(move |r| (c, r)))
            .filter(|&(c, r)| cells & board::cell(c, r) != 0)
            .map(|(c, r)| [c as u8 + 1, r as u8 + 1])
            .collect();
        View {
            rows,
            heights: s.heights,
            moves: s.moves(),
            to_move: match status {
                Status::Playing(side) => Some(side),
                _ => None,
            },
            winner,
            draw: status == Status::Drawn,
            four,
        }
    }
}
