//! What the bots know of Connect Four: threats (open threes) and the centre.
//!
//! - [`Heuristics::evaluate`]: the outcome when the game is over; else ½
//!   plus a small term for the difference in *threats* — empty cells that
//!   would complete a side's four (an open three's missing cell,
//!   [`board::threats`]) — and close to a win for the side to move when one
//!   of its threats is a cell it can fill now. O(1): a few dozen bit
//!   operations.
//! - [`Heuristics::action_weight`]: a winning drop weighs most, then one that
//!   blocks the opponent's win, then by column, the centre first; a drop
//!   that gives the opponent the cell above for its win weighs least. O(1).

use crate::board;
use crate::state::{Side, State, Status};
use crate::{Action, ConnectFour};
use sandtable_core::{Heuristics, Seat};

/// Each threat ahead of the opponent's is worth this much above ½.
const PER_THREAT: f64 = 0.04;
/// The side to move with a threat it can fill now has (nearly) won.
const IMMEDIATE_WIN: f64 = 0.95;

/// Rollout weights.
const WIN: u32 = 64;
const BLOCK: u32 = 32;
/// By column, 1–7: the centre column is in most fours.
const CENTRE: [u32; board::COLUMNS] = [2, 3, 4, 6, 4, 3, 2];
/// A drop under the opponent's winning cell.
const GIVES_AWAY: u32 = 1;

impl Heuristics for ConnectFour {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        let Some(me) = Side::of_seat(seat) else { return 0.5 };
        match s.status() {
            Status::Won(w) => return if w == me { 1.0 } else { 0.0 },
            Status::Drawn => return 0.5,
            Status::Playing(_) => {}
        }
        let empty = board::BOARD & !s.all();
        let mover = s.to_move;
        let mover_threats = board::threats(s.discs[mover.index()]) & empty;
        if mover_threats & board::drop_cells(s.all()) != 0 {
            return if mover == me { IMMEDIATE_WIN } else { 1.0 - IMMEDIATE_WIN };
        }
        let other_threats = board::threats(s.discs[mover.other().index()]) & empty;
        let (mine, theirs) = if mover == me { (mover_threats, other_threats) } else { (other_threats, mover_threats) };
        let balance = f64::from(mine.count_ones()) - f64::from(theirs.count_ones());
        (0.5 + PER_THREAT * balance).clamp(0.1, 0.9)
    }

    fn action_weight(&self, s: &State, _seat: Seat, a: Action) -> u32 {
        let c = a.index();
        if !s.open(c) {
            return 1;
        }
        let cell = s.landing(c);
        let me = s.to_move;
        if board::threats(s.discs[me.index()]) & cell != 0 {
            return WIN;
        }
        let theirs = board::threats(s.discs[me.other().index()]);
        if theirs & cell != 0 {
            BLOCK
        } else if theirs & (cell << 1) != 0 {
            GIVES_AWAY
        } else {
            CENTRE[c]
        }
    }
}
