//! The state: two bitboards, the columns' heights, who moves, the dice.

use crate::board::{self, cell, CELLS, COLUMNS, ROWS, STRIDE};
use sandtable_core::{Dice, Seat, Text};
use serde::{Deserialize, Serialize};

/// A player: red moves first (seat 0), yellow second (seat 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first player.
    Red,
    /// The second player.
    Yellow,
}

impl Side {
    /// Both, in seat order.
    pub const ALL: [Side; 2] = [Side::Red, Side::Yellow];

    /// 0 for red, 1 for yellow: the seat index and the index of its discs.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The side's seat.
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8)
    }
    /// The side a seat plays (`None` past the second seat).
    pub const fn of_seat(seat: Seat) -> Option<Side> {
        match seat.index() {
            0 => Some(Side::Red),
            1 => Some(Side::Yellow),
            _ => None,
        }
    }
    /// The opponent.
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Yellow,
            Side::Yellow => Side::Red,
        }
    }
    /// The side's name.
    pub const fn name(self) -> Text {
        match self {
            Side::Red => Text::fixed("Red", "Красные"),
            Side::Yellow => Text::fixed("Yellow", "Жёлтые"),
        }
    }
    /// The letter of its discs on a drawn board.
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'R',
            Side::Yellow => 'Y',
        }
    }
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A side is to move.
    Playing(Side),
    /// A side has four in a row (C4 4).
    Won(Side),
    /// The board is full without four in a row (C4 5).
    Drawn,
}

/// Everything that changes during a game: about 40 bytes of board and the
/// dice (which Connect Four never rolls, but every state carries). Cloning is
/// a copy, no heap.
///
/// As data (a position): `discs` are the bitboards of [`crate::board`]
/// (`[red, yellow]`), `heights` the discs in each column, `to_move` `"red"` or
/// `"yellow"`; [`sandtable_core::Ruleset::validate`] checks they agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Red's discs, then yellow's: bit `7·column + row`, row 0 at the bottom.
    pub discs: [u64; 2],
    /// How many discs each column holds (0–6).
    pub heights: [u8; COLUMNS],
    /// Who drops the next disc (after the game ends: who would have).
    pub to_move: Side,
    /// The dice. Connect Four rolls none; they are here because every game's
    /// chance lives in its state.
    pub dice: Dice,
}

impl State {
    /// The empty board, red to move.
    pub fn new(dice: Dice) -> State {
        State { discs: [0, 0], heights: [0; COLUMNS], to_move: Side::Red, dice }
    }

    /// Every disc on the board.
    #[inline]
    pub fn all(&self) -> u64 {
        self.discs[0] | self.discs[1]
    }

    /// Discs on the board.
    pub fn moves(&self) -> u32 {
        self.all().count_ones()
    }

    /// Where the game stands: four in a row (either side's: a position read
    /// as data is checked for two winners before play), a full board, or a
    /// side to move. O(1).
    #[inline]
    pub fn status(&self) -> Status {
        let last = self.to_move.other();
        if board::four(self.discs[last.index()]) {
            Status::Won(last)
        } else if board::four(self.discs[self.to_move.index()]) {
            Status::Won(self.to_move)
        } else if self.all().count_ones() as usize == CELLS {
            Status::Drawn
        } else {
            Status::Playing(self.to_move)
        }
    }

    /// Whether column `c` (0–6) has room for a disc.
    #[inline]
    pub fn open(&self, c: usize) -> bool {
        self.heights[c] < ROWS as u8
    }

    /// The cell a disc dropped into column `c` lands in (the column must be open).
    #[inline]
    pub fn landing(&self, c: usize) -> u64 {
        cell(c, usize::from(self.heights[c]))
    }

    /// Drops a disc of the side to move into open column `c` and passes the
    /// move: no check (the rules check before).
    #[inline]
    pub(crate) fn drop_disc(&mut self, c: usize) {
        self.discs[self.to_move.index()] |= self.landing(c);
        self.heights[c] += 1;
        self.to_move = self.to_move.other();
    }

    /// What is in column `c`, row `r` (both from 0, row 0 at the bottom).
    pub fn at(&self, c: usize, r: usize) -> Option<Side> {
        let bit = 1u64 << (STRIDE * c + r);
        Side::ALL.into_iter().find(|s| self.discs[s.index()] & bit != 0)
    }
}
