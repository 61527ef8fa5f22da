//! The bitboard: the classic 7 × 6 layout with a sentinel row.
//!
//! Column `c` (0–6, left to right) holds bits `7c .. 7c + 6`: row `r` (0 at the
//! bottom, 5 at the top) is bit `7c + r`, and bit `7c + 6` is the sentinel,
//! never set. A side's discs are one `u64` of such bits (49 bits used, so the
//! numbers are exact in JSON and JavaScript too). Neighbours are shifts:
//! up is 1, right is 7, up-right is 8, down-right is 6; the empty sentinel
//! between columns stops every line at the board's edge, so four in a row is
//! three `and`s of shifts per direction and never wraps.
//!
//! Every function here is O(1): a few dozen bit operations, no loop over cells.

/// Columns of the board.
pub const COLUMNS: usize = 7;
/// Rows of the board.
pub const ROWS: usize = 6;
/// Cells of the board.
pub const CELLS: usize = COLUMNS * ROWS;
/// Bits per column: the six cells and the sentinel above them.
pub const STRIDE: usize = ROWS + 1;

/// The six cells of column `c`.
pub const fn column_mask(c: usize) -> u64 {
    ((1u64 << ROWS) - 1) << (STRIDE * c)
}

/// The cell at column `c`, row `r` (both from 0; row 0 at the bottom).
pub const fn cell(c: usize, r: usize) -> u64 {
    1u64 << (STRIDE * c + r)
}

const fn board_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < COLUMNS {
        m |= column_mask(c);
        c += 1;
    }
    m
}

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < COLUMNS {
        m |= cell(c, 0);
        c += 1;
    }
    m
}

/// Every cell of the board (no sentinel bit, nothing past column 7).
pub const BOARD: u64 = board_mask();
/// The bottom row.
pub const BOTTOM: u64 = bottom_mask();

/// The shifts to a neighbour: up, right, up-right, down-right.
const DIRECTIONS: [u32; 4] = [1, STRIDE as u32, STRIDE as u32 + 1, STRIDE as u32 - 1];

/// Whether the discs `b` hold four in a row in any direction.
#[inline]
pub fn four(b: u64) -> bool {
    DIRECTIONS.iter().any(|&d| {
        let m = b & (b >> d);
        m & (m >> (2 * d)) != 0
    })
}

/// The cells of `b` that lie in some four in a row.
pub fn fours(b: u64) -> u64 {
    let mut cells = 0;
    for d in DIRECTIONS {
        let m = b & (b >> d);
        let start = m & (m >> (2 * d));
        cells |= start | (start << d) | (start << (2 * d)) | (start << (3 * d));
    }
    cells
}

/// The cells of the board that would complete a four of `b` (occupied or
/// not: mask with the empty cells). An open three's missing cell is one.
#[inline]
pub fn threats(b: u64) -> u64 {
    // Vertical: only the cell above three stacked discs.
    let mut r = (b << 1) & (b << 2) & (b << 3);
    for d in [STRIDE as u32, STRIDE as u32 - 1, STRIDE as u32 + 1] {
        // Three on one side of the cell, or two and one, either way along the line.
        let left2 = (b << d) & (b << (2 * d));
        r |= left2 & (b << (3 * d));
        r |= left2 & (b >> d);
        let right2 = (b >> d) & (b >> (2 * d));
        r |= right2 & (b << d);
        r |= right2 & (b >> (3 * d));
    }
    r & BOARD
}

/// The cell each column that is not full fills next, given every disc on
/// the board (`all`, contiguous from the bottom of each column).
#[inline]
pub fn drop_cells(all: u64) -> u64 {
    (all + BOTTOM) & BOARD
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(BOARD.count_ones() as usize, CELLS);
        assert_eq!(BOTTOM.count_ones() as usize, COLUMNS);
        assert_eq!(BOARD & !((1u64 << (STRIDE * COLUMNS)) - 1), 0);
        for c in 0..COLUMNS {
            assert_eq!(BOARD & cell(c, ROWS), 0, "the sentinel of column {c} is not a cell");
        }
    }

    #[test]
    fn four_in_every_direction_and_no_wrap() {
        let h = cell(1, 0) | cell(2, 0) | cell(3, 0) | cell(4, 0);
        let v = cell(6, 2) | cell(6, 3) | cell(6, 4) | cell(6, 5);
        let up = cell(0, 0) | cell(1, 1) | cell(2, 2) | cell(3, 3);
        let down = cell(3, 5) | cell(4, 4) | cell(5, 3) | cell(6, 2);
        for b in [h, v, up, down] {
            assert!(four(b));
            assert_eq!(fours(b), b);
        }
        // Column 1's top three and column 2's bottom cell are consecutive bits but for the sentinel.
        assert!(!four(cell(0, 3) | cell(0, 4) | cell(0, 5) | cell(1, 0)));
        // A diagonal that would wrap from the top of one column to the bottom of the next.
        assert!(!four(cell(0, 4) | cell(1, 5) | cell(3, 0) | cell(4, 1)));
        assert!(!four(cell(0, 0) | cell(1, 0) | cell(2, 0)));
    }

    #[test]
    fn threats_find_the_missing_cell() {
        let three = cell(1, 0) | cell(2, 0) | cell(3, 0);
        assert_eq!(threats(three), cell(0, 0) | cell(4, 0));
        let split = cell(1, 0) | cell(2, 0) | cell(4, 0);
        assert_eq!(threats(split), cell(3, 0));
        let stack = cell(5, 0) | cell(5, 1) | cell(5, 2);
        assert_eq!(threats(stack), cell(5, 3));
        let diag = cell(0, 0) | cell(1, 1) | cell(2, 2);
        assert_eq!(threats(diag), cell(3, 3));
        // A full column's three has no cell above it.
        assert_eq!(threats(cell(2, 3) | cell(2, 4) | cell(2, 5)), 0);
    }

    #[test]
    fn drop_cells_are_the_next_cell_of_each_open_column() {
        assert_eq!(drop_cells(0), BOTTOM);
        let all = column_mask(0) | cell(3, 0) | cell(3, 1);
        assert_eq!(drop_cells(all), (BOTTOM & !cell(0, 0) & !cell(3, 0)) | cell(3, 2));
    }
}
