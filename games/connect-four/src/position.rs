//! A position given as data, checked before play starts from it (C4 7).

use crate::board::{self, column_mask, BOARD, COLUMNS, ROWS, STRIDE};
use crate::state::{Side, State};
use sandtable_core::{PositionError, PositionErrors};

/// Every impossible thing in `s`, each with where it is: discs off the board
/// or on one cell twice, heights that disagree with the discs, floating
/// discs, disc counts red-first play cannot give, the wrong side to move,
/// two winners, or a game that went on after four in a row. O(1) (the
/// board is 42 cells).
pub(crate) fn validate(s: &State) -> Result<(), Vec<PositionError>> {
    let mut e = PositionErrors::default();
    for side in Side::ALL {
        let off = s.discs[side.index()] & !BOARD;
        e.check(
            off == 0,
            || format!("discs[{}]", side.index()),
            || format!("{} discs outside the 7 × 6 board (bits {off:#x})", side.name().en),
            || format!("фишки ({}) вне доски 7 × 6 (биты {off:#x})", side.name().ru),
        );
    }
    let both = s.discs[0] & s.discs[1];
    e.check(
        both == 0,
        || "discs".into(),
        || format!("a cell holds a red and a yellow disc (bits {both:#x})"),
        || format!("в клетке и красная, и жёлтая фишка (биты {both:#x})"),
    );
    let all = s.all() & BOARD;
    for c in 0..COLUMNS {
        let h = usize::from(s.heights[c]);
        let col = (all & column_mask(c)) >> (STRIDE * c);
        let n = col.count_ones() as usize;
        let number = c + 1;
        e.check(
            h <= ROWS,
            || format!("heights[{c}]"),
            || format!("column {number} cannot hold {h} discs: it has 6 cells"),
            || format!("в столбце {number} не может быть {h} фишек: в нём 6 клеток"),
        );
        e.check(
            h == n,
            || format!("heights[{c}]"),
            || format!("column {number} holds {n} discs, not {h}"),
            || format!("в столбце {number} {n} фишек, а не {h}"),
        );
        // Contiguous from the bottom: the discs are the low `n` bits.
        let gap = col.trailing_ones() as usize;
        e.check(
            col == (1u64 << n) - 1,
            || format!("discs, column {number}"),
            || format!("a disc floats in column {number}: row {} is empty beneath it", gap + 1),
            || format!("фишка в столбце {number} висит в воздухе: ряд {} под ней пуст", gap + 1),
        );
    }
    let red = (s.discs[0] & BOARD).count_ones();
    let yellow = (s.discs[1] & BOARD).count_ones();
    let counts_ok = red == yellow || red == yellow + 1;
    e.check(
        counts_ok,
        || "discs".into(),
        || {
            format!(
                "red has {red} discs and yellow {yellow}: red moves first, so red has as many as yellow or one more"
            )
        },
        || {
            format!(
                "у красных {red} фишек, у жёлтых {yellow}: красные ходят первыми, у них столько же или на одну больше"
            )
        },
    );
    if counts_ok {
        let due = if red == yellow { Side::Red } else { Side::Yellow };
        e.check(
            s.to_move == due,
            || "to_move".into(),
            || {
                format!(
                    "{} to move, but with {red} red and {yellow} yellow discs it is {}",
                    side_id(s.to_move),
                    side_id(due)
                )
            },
            || {
                format!(
                    "ход {}, но при {red} красных и {yellow} жёлтых фишках ходят {}",
                    side_ru(s.to_move),
                    side_ru(due)
                )
            },
        );
    }
    if !e.is_empty() {
        return e.finish();
    }
    let won = |side: Side| board::four(s.discs[side.index()]);
    e.check(
        !(won(Side::Red) && won(Side::Yellow)),
        || "discs".into(),
        || "both sides have four in a row: the game ends at the first (C4 4)".into(),
        || "у обеих сторон четыре в ряд: партия кончается на первой (C4 4)".into(),
    );
    for side in Side::ALL.into_iter().filter(|&x| won(x)) {
        // The winner dropped the last disc, and only it made the four.
        let last = s.to_move.other();
        e.check(
            side == last,
            || "discs".into(),
            || format!("{} has four in a row but {} dropped the last disc", side_id(side), side_id(last)),
            || format!("четыре в ряд у {}, но последнюю фишку бросили {}", side_gen(side), side_ru(last)),
        );
        let mine = s.discs[side.index()];
        let ended_now = (0..COLUMNS).any(|c| {
            let h = usize::from(s.heights[c]);
            h > 0 && mine & board::cell(c, h - 1) != 0 && !board::four(mine & !board::cell(c, h - 1))
        });
        e.check(
            side != last || ended_now,
            || "discs".into(),
            || {
                format!(
                    "{} had four in a row before the last disc: play went on after the game ended (C4 6)",
                    side_id(side)
                )
            },
            || format!("четыре в ряд у {} были до последней фишки: игра шла после конца партии (C4 6)", side_gen(side)),
        );
    }
    e.finish()
}

fn side_id(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Yellow => "yellow",
    }
}

fn side_ru(side: Side) -> &'static str {
    match side {
        Side::Red => "красные",
        Side::Yellow => "жёлтые",
    }
}

fn side_gen(side: Side) -> &'static str {
    match side {
        Side::Red => "красных",
        Side::Yellow => "жёлтых",
    }
}
