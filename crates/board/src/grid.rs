//! Rectangular offset hex grids with a dense index and printed hex labels.
//!
//! A printed wargame map is a rectangle of hexes addressed by *offset*
//! coordinates (column, row) and labelled in one of a few house styles. The
//! engine wants something else: small copyable ids, O(1) neighbours and
//! O(1) distances. [`HexGrid`] is the bridge. It precomputes, once, the axial
//! [`Hex`] of every on-map hex and a neighbour table, so rules code never
//! re-derives offset-parity arithmetic (the classic source of off-by-one
//! adjacency bugs).
//!
//! Internally every layout is reduced to one of the two textbook cases on
//! the *drawing*: pointy rows where odd (or even) drawn rows are pushed half a
//! hex east, or flat columns where odd (or even) columns are pushed half a hex
//! down. "Drawn row" is the row counted from the top of the drawing, which
//! differs from the printed row when rows run upward ([`RowsRun::Up`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::hex::{Direction, Hex};

/// The largest number of hexes a grid may have.
///
/// Four digits is larger than any hex-and-counter map the engine targets and
/// keeps every per-hex table small; [`HexId`] itself could go to 65 536.
pub const MAX_HEXES: u32 = 9999;

/// The most rows [`Numbering::LetterRowNumberColumn`] can name: `A` to `Z`.
pub const MAX_LETTER_ROWS: u16 = 26;

/// Dense id of an on-map hex: `row * columns + column` in 0-based offset
/// coordinates, so ids iterate row-major (row 0 first, columns ascending).
///
/// Ids are only meaningful for the grid that issued them; methods that take a
/// `HexId` index per-hex tables and panic on an id beyond the grid's size.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HexId(u16);

impl HexId {
    /// Position of this hex in dense per-hex tables (`0..grid.len()`). O(1).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id with dense index `i`. O(1).
    ///
    /// This is **not** validated against any grid (an id carries no grid);
    /// use [`HexGrid::checked_id`] when the index comes from outside.
    ///
    /// # Panics
    /// If `i` does not fit in a `u16`; no grid is that large.
    pub fn from_index(i: usize) -> HexId {
        HexId(u16::try_from(i).expect("HexId index exceeds u16::MAX"))
    }
}

/// How the hexes of a rectangular map are laid out on the drawing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Orientation {
    /// Pointy-topped hexes in horizontal rows; alternate rows are shifted
    /// half a hex east (which ones: [`GridSpec::shifted`]).
    PointyRows,
    /// Flat-topped hexes in vertical columns; alternate columns are shifted
    /// half a hex toward higher row numbers (which ones:
    /// [`GridSpec::shifted`]).
    FlatColumns,
}

/// Which 0-based offset rows ([`Orientation::PointyRows`]) or columns
/// ([`Orientation::FlatColumns`]) are the shifted ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Parity {
    /// Rows/columns with odd 0-based index (1, 3, 5, ...) are shifted.
    Odd,
    /// Rows/columns with even 0-based index (0, 2, 4, ...) are shifted.
    Even,
}

/// Which way row numbers grow on the drawing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RowsRun {
    /// Row 0 is the bottom (south) edge and rows increase northward, as in
    /// Corps Command where row `A` is the south edge.
    Up,
    /// Row 0 is the top (north) edge and rows increase southward, as on SCS
    /// maps where `yy` grows toward the bottom.
    Down,
}

/// How hexes are labelled on the printed map.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// Corps Command style, e.g. `M7`: the letter is the row (`A` = row 0,
    /// at most 26 rows), the number is the 1-based column, no leading zero.
    LetterRowNumberColumn,
    /// SCS style, e.g. `12.07`: `xx.yy` with `xx` the 1-based column and
    /// `yy` the 1-based row, each zero-padded to two digits (more only when
    /// the grid has 100 or more columns/rows).
    ColumnRowDigits,
}

/// Everything needed to build a [`HexGrid`]; the serialised form of a grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct GridSpec {
    /// Number of columns (west to east).
    pub columns: u16,
    /// Number of rows.
    pub rows: u16,
    /// Pointy rows or flat columns.
    pub orientation: Orientation,
    /// Which rows (pointy) or columns (flat) are shifted half a hex.
    pub shifted: Parity,
    /// How labels are printed and parsed.
    pub numbering: Numbering,
    /// Whether row 0 is drawn at the bottom or the top.
    pub rows_run: RowsRun,
}

impl GridSpec {
    /// Corps Command maps: pointy-topped hexes in rows lettered from the south
    /// edge (`A`), columns numbered from the west, odd rows shifted east (`M7`).
    pub const fn corps_command(columns: u16, rows: u16) -> GridSpec {
        GridSpec {
            columns,
            rows,
            orientation: Orientation::PointyRows,
            shifted: Parity::Odd,
            numbering: Numbering::LetterRowNumberColumn,
            rows_run: RowsRun::Up,
        }
    }

    /// Standard Combat Series maps: flat-topped hexes in columns, `xx.yy` with
    /// rows counted from the top edge. Which columns are shifted varies by map;
    /// this preset shifts the odd (0-based) columns.
    pub const fn scs(columns: u16, rows: u16) -> GridSpec {
        GridSpec {
            columns,
            rows,
            orientation: Orientation::FlatColumns,
            shifted: Parity::Odd,
            numbering: Numbering::ColumnRowDigits,
            rows_run: RowsRun::Down,
        }
    }
}

/// A side of the map as drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MapEdge {
    /// The top of the drawing: the last row for [`RowsRun::Up`], row 0 for
    /// [`RowsRun::Down`].
    North,
    /// The bottom of the drawing: row 0 for [`RowsRun::Up`], the last row for
    /// [`RowsRun::Down`].
    South,
    /// The last column.
    East,
    /// Column 0.
    West,
}

impl MapEdge {
    /// All four edges.
    pub const ALL: [MapEdge; 4] = [MapEdge::North, MapEdge::South, MapEdge::East, MapEdge::West];
}

/// Why a [`GridSpec`] was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// A grid needs at least one column and one row.
    NoHexes {
        /// Requested columns.
        columns: u16,
        /// Requested rows.
        rows: u16,
    },
    /// More than [`MAX_HEXES`] hexes.
    TooManyHexes {
        /// `columns * rows`.
        hexes: u32,
    },
    /// Letter numbering can only name [`MAX_LETTER_ROWS`] rows.
    TooManyRowsForLetters {
        /// Requested rows.
        rows: u16,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::NoHexes { columns, rows } => {
                write!(f, "a hex grid needs at least one column and one row (got {columns} x {rows})")
            }
            GridError::TooManyHexes { hexes } => {
                write!(f, "a hex grid may have at most {MAX_HEXES} hexes (got {hexes})")
            }
            GridError::TooManyRowsForLetters { rows } => {
                write!(f, "letter-row numbering names at most {MAX_LETTER_ROWS} rows (A-Z), got {rows}")
            }
        }
    }
}

impl std::error::Error for GridError {}

/// Why a hex label could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexParseError {
    /// The label was empty (after trimming whitespace).
    Empty,
    /// The text is not a label in the grid's numbering scheme at all.
    BadFormat {
        /// The trimmed text.
        text: String,
        /// What a label in this scheme looks like.
        expected: &'static str,
    },
    /// A well-formed label naming a hex that is not on this map.
    OffMap {
        /// The trimmed text.
        text: String,
        /// Which coordinate is out of range, and what the range is.
        reason: String,
    },
}

impl fmt::Display for HexParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexParseError::Empty => f.write_str("empty hex label"),
            HexParseError::BadFormat { text, expected } => {
                write!(f, "bad hex label {text:?}: expected {expected}")
            }
            HexParseError::OffMap { text, reason } => {
                write!(f, "hex {text:?} is off the map: {reason}")
            }
        }
    }
}

impl std::error::Error for HexParseError {}

const LETTER_FORMAT: &str = "a row letter then a column number, like M7";
const DIGITS_FORMAT: &str = "column.row digits, like 12.07";

/// A validated rectangular offset hex grid with precomputed geometry.
///
/// Built once per map by [`HexGrid::new`] in O(N) for N hexes; afterwards
/// every per-hex query is O(1) unless stated otherwise. Serialises as its
/// [`GridSpec`] and re-validates when deserialised.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "GridSpec", into = "GridSpec")]
pub struct HexGrid {
    spec: GridSpec,
    /// Whether the odd *drawn* lines are the shifted ones: drawn rows pushed
    /// east (pointy) or columns pushed down the drawing (flat). Reducing
    /// every spec to this one bit is what keeps the axial conversion to two
    /// textbook formulas.
    odd_lines_shifted: bool,
    /// Axial coordinate per hex, by `HexId::index()`.
    hexes: Vec<Hex>,
    /// On-map neighbour per hex and `Direction::index()`.
    adjacent: Vec<[Option<HexId>; 6]>,
    /// Subtracted from raw axial pixel positions so the drawing starts at 0,0.
    origin: (f64, f64),
    /// Width and height of the drawing (corners included).
    extent: (f32, f32),
    /// Digits in the `xx` and `yy` parts of `ColumnRowDigits` labels.
    widths: (usize, usize),
}

impl PartialEq for HexGrid {
    /// Grids are equal when their specs are: everything else is derived.
    fn eq(&self, other: &HexGrid) -> bool {
        self.spec == other.spec
    }
}

impl Eq for HexGrid {}

impl TryFrom<GridSpec> for HexGrid {
    type Error = GridError;

    fn try_from(spec: GridSpec) -> Result<HexGrid, GridError> {
        HexGrid::new(spec)
    }
}

impl From<HexGrid> for GridSpec {
    fn from(grid: HexGrid) -> GridSpec {
        grid.spec
    }
}

const SQRT_3: f64 = 1.732_050_807_568_877_2;

impl HexGrid {
    /// Validates `spec` and precomputes axial coordinates, the neighbour
    /// table and drawing bounds. O(N) time and memory for N hexes.
    ///
    /// Rejects zero columns or rows, more than [`MAX_HEXES`] hexes, and more
    /// than 26 rows under [`Numbering::LetterRowNumberColumn`].
    pub fn new(spec: GridSpec) -> Result<HexGrid, GridError> {
        let GridSpec { columns, rows, .. } = spec;
        if columns == 0 || rows == 0 {
            return Err(GridError::NoHexes { columns, rows });
        }
        let count = u32::from(columns) * u32::from(rows);
        if count > MAX_HEXES {
            return Err(GridError::TooManyHexes { hexes: count });
        }
        if spec.numbering == Numbering::LetterRowNumberColumn && rows > MAX_LETTER_ROWS {
            return Err(GridError::TooManyRowsForLetters { rows });
        }

        let shifted_odd = spec.shifted == Parity::Odd;
        let odd_lines_shifted = match spec.orientation {
            // Columns never flip, but flipping the rows renumbers drawn rows
            // as `rows - 1 - row`, which swaps parity when `rows` is even.
            Orientation::PointyRows => shifted_odd ^ (spec.rows_run == RowsRun::Up && rows % 2 == 0),
            // A shift "toward higher rows" is a shift up the drawing when rows
            // run up; pushing odd columns up is the same picture as pushing
            // even columns down.
            Orientation::FlatColumns => shifted_odd ^ (spec.rows_run == RowsRun::Up),
        };

        let mut grid = HexGrid {
            spec,
            odd_lines_shifted,
            hexes: Vec::with_capacity(count as usize),
            adjacent: Vec::with_capacity(count as usize),
            origin: (0.0, 0.0),
            extent: (0.0, 0.0),
            widths: (digits(columns).max(2), digits(rows).max(2)),
        };

        for row in 0..rows {
            for column in 0..columns {
                let hex = grid.axial_of(column, row);
                grid.hexes.push(hex);
            }
        }
        for i in 0..grid.hexes.len() {
            let hex = grid.hexes[i];
            let table = Direction::ALL.map(|d| grid.id_of(hex.neighbor(d)));
            grid.adjacent.push(table);
        }

        let (mut min_x, mut min_y) = (f64::INFINITY, f64::INFINITY);
        let (mut max_x, mut max_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for &hex in &grid.hexes {
            let (cx, cy) = grid.raw_center(hex);
            for (dx, dy) in grid.corner_offsets() {
                min_x = min_x.min(cx + dx);
                min_y = min_y.min(cy + dy);
                max_x = max_x.max(cx + dx);
                max_y = max_y.max(cy + dy);
            }
        }
        grid.origin = (min_x, min_y);
        grid.extent = ((max_x - min_x) as f32, (max_y - min_y) as f32);
        Ok(grid)
    }

    /// The spec this grid was built from. O(1).
    pub fn spec(&self) -> &GridSpec {
        &self.spec
    }

    /// Number of hexes (`columns * rows`). O(1).
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Always false: a valid grid has at least one hex. Present for API
    /// symmetry with `len`. O(1).
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// All hex ids in row-major order (row 0 first, columns ascending).
    /// O(1) per item.
    pub fn ids(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.hexes.len()).map(HexId::from_index)
    }

    /// `Some(HexId::from_index(index))` if `index` is on this grid. O(1).
    pub fn checked_id(&self, index: usize) -> Option<HexId> {
        (index < self.hexes.len()).then(|| HexId::from_index(index))
    }

    /// The hex at 0-based offset `(column, row)`, if on the map. O(1).
    pub fn at(&self, column: u16, row: u16) -> Option<HexId> {
        if column < self.spec.columns && row < self.spec.rows {
            Some(self.id_unchecked(column, row))
        } else {
            None
        }
    }

    /// 0-based offset coordinates `(column, row)` of `id`. O(1).
    pub fn offset(&self, id: HexId) -> (u16, u16) {
        let i = id.0;
        debug_assert!(id.index() < self.hexes.len(), "HexId from another grid");
        (i % self.spec.columns, i / self.spec.columns)
    }

    /// Axial coordinates of `id`. O(1), table lookup.
    pub fn hex(&self, id: HexId) -> Hex {
        self.hexes[id.index()]
    }

    /// The on-map hex at axial `hex`, if any. O(1): the offset layout is
    /// inverted arithmetically, so no lookup table is needed.
    pub fn id_of(&self, hex: Hex) -> Option<HexId> {
        let (q, r) = (i32::from(hex.q), i32::from(hex.r));
        let (column, drawn_row) = match self.spec.orientation {
            Orientation::PointyRows => {
                if r < 0 {
                    return None;
                }
                (q + self.line_shift(r), r)
            }
            Orientation::FlatColumns => {
                if q < 0 {
                    return None;
                }
                (q, r + self.line_shift(q))
            }
        };
        let column = u16::try_from(column).ok()?;
        let drawn_row = u16::try_from(drawn_row).ok()?;
        if column >= self.spec.columns || drawn_row >= self.spec.rows {
            return None;
        }
        Some(self.id_unchecked(column, self.flip_row(drawn_row)))
    }

    /// The printed label of `id`, e.g. `M7` or `12.07`. O(1) plus the
    /// allocation.
    pub fn label(&self, id: HexId) -> String {
        let (column, row) = self.offset(id);
        match self.spec.numbering {
            Numbering::LetterRowNumberColumn => {
                // `new` guarantees rows <= 26, so this stays within A..=Z.
                let letter = char::from(b'A' + row as u8);
                format!("{letter}{}", column + 1)
            }
            Numbering::ColumnRowDigits => {
                let (wx, wy) = self.widths;
                format!("{:0wx$}.{:0wy$}", column + 1, row + 1)
            }
        }
    }

    /// Parses a printed label in this grid's numbering. Case-insensitive,
    /// surrounding whitespace ignored; leading zeros are accepted (`M07`,
    /// `12.7`). O(length of text).
    ///
    /// Errors say whether the text is malformed ([`HexParseError::BadFormat`])
    /// or names a hex beyond the map ([`HexParseError::OffMap`]).
    pub fn parse(&self, text: &str) -> Result<HexId, HexParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(HexParseError::Empty);
        }
        let bad = |expected| HexParseError::BadFormat { text: text.to_string(), expected };
        let off = |reason: String| HexParseError::OffMap { text: text.to_string(), reason };
        let GridSpec { columns, rows, .. } = self.spec;
        match self.spec.numbering {
            Numbering::LetterRowNumberColumn => {
                let mut chars = text.chars();
                let letter = match chars.next() {
                    Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                    _ => return Err(bad(LETTER_FORMAT)),
                };
                let column = parse_number(chars.as_str()).ok_or_else(|| bad(LETTER_FORMAT))?;
                let row = u32::from(letter) - u32::from('A');
                if row >= u32::from(rows) {
                    let last = char::from(b'A' + (rows - 1) as u8);
                    return Err(off(format!("row {letter} is beyond the last row {last}")));
                }
                let column = check_column(column, columns).map_err(off)?;
                Ok(self.id_unchecked(column, row as u16))
            }
            Numbering::ColumnRowDigits => {
                let (xx, yy) = text.split_once('.').ok_or_else(|| bad(DIGITS_FORMAT))?;
                let column = parse_number(xx).ok_or_else(|| bad(DIGITS_FORMAT))?;
                let row = parse_number(yy).ok_or_else(|| bad(DIGITS_FORMAT))?;
                let column = check_column(column, columns).map_err(off)?;
                if row == 0 {
                    return Err(off("row 0 does not exist (rows are numbered from 1)".into()));
                }
                if row > u32::from(rows) {
                    return Err(off(format!("row {row} is beyond the last row {rows}")));
                }
                Ok(self.id_unchecked(column, (row - 1) as u16))
            }
        }
    }

    /// The on-map neighbour of `id` in direction `d`. O(1), table lookup.
    pub fn neighbor(&self, id: HexId, d: Direction) -> Option<HexId> {
        self.adjacent[id.index()][d.index()]
    }

    /// The on-map neighbours of `id` with the direction to each, in
    /// [`Direction::ALL`] order. O(1) per item.
    pub fn neighbors(&self, id: HexId) -> impl Iterator<Item = (Direction, HexId)> + '_ {
        Direction::ALL.into_iter().zip(self.adjacent[id.index()]).filter_map(|(d, n)| n.map(|n| (d, n)))
    }

    /// Whether `a` and `b` share a hexside. O(1): six comparisons.
    pub fn are_adjacent(&self, a: HexId, b: HexId) -> bool {
        self.direction_to(a, b).is_some()
    }

    /// The direction from `a` to an adjacent `b`; `None` when they are not
    /// adjacent (including `a == b`). O(1): six comparisons.
    pub fn direction_to(&self, a: HexId, b: HexId) -> Option<Direction> {
        self.adjacent[a.index()].iter().position(|&n| n == Some(b)).and_then(Direction::from_index)
    }

    /// Distance in hex steps. O(1): axial arithmetic on table lookups.
    ///
    /// A rectangular map is convex on the hex lattice, so this is also the
    /// length of the shortest path that stays on the map.
    pub fn distance(&self, a: HexId, b: HexId) -> u16 {
        self.hex(a).distance(self.hex(b))
    }

    /// Every on-map hex at distance `<= range` from `center`, center
    /// included, in ascending id order. O(range²), bounded by the map size:
    /// one step changes the offset row and column by at most one each, so
    /// the scan covers only the offset square of side `2 * range + 1`.
    pub fn within(&self, center: HexId, range: u16) -> Vec<HexId> {
        let (column, row) = self.offset(center);
        let lo = |v: u16| v.saturating_sub(range);
        let hi = |v: u16, n: u16| (u32::from(v) + u32::from(range)).min(u32::from(n) - 1) as u16;
        let mut out = Vec::new();
        for r in lo(row)..=hi(row, self.spec.rows) {
            for c in lo(column)..=hi(column, self.spec.columns) {
                let id = self.id_unchecked(c, r);
                if self.distance(center, id) <= range {
                    out.push(id);
                }
            }
        }
        out
    }

    /// Pixel centre of `id` for hexes of size 1.0 (centre to corner), with
    /// y growing downward as in SVG and the drawing's top-left at (0, 0).
    /// Honours [`RowsRun`], so with `Up`, row 0 has the largest y. O(1).
    ///
    /// Adjacent centres are √3 apart in both orientations.
    pub fn center(&self, id: HexId) -> (f32, f32) {
        let (x, y) = self.raw_center(self.hex(id));
        ((x - self.origin.0) as f32, (y - self.origin.1) as f32)
    }

    /// The six corners of `id` in drawing coordinates (see
    /// [`center`](HexGrid::center)), clockwise as drawn, starting from the
    /// upper-right corner (pointy) or the east corner (flat). O(1).
    pub fn corners(&self, id: HexId) -> [(f32, f32); 6] {
        let (x, y) = self.raw_center(self.hex(id));
        let (cx, cy) = (x - self.origin.0, y - self.origin.1);
        self.corner_offsets().map(|(dx, dy)| ((cx + dx) as f32, (cy + dy) as f32))
    }

    /// `(min_x, min_y, max_x, max_y)` of the whole drawing, corners included;
    /// suitable for an SVG `viewBox`. The minimum is always (0, 0). O(1),
    /// precomputed.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        (0.0, 0.0, self.extent.0, self.extent.1)
    }

    /// Whether `id` has fewer than six on-map neighbours. O(1).
    pub fn is_edge(&self, id: HexId) -> bool {
        self.adjacent[id.index()].contains(&None)
    }

    /// Whether `id` is in the first/last row or column forming `side` of the
    /// drawing (by offset coordinates, so a half-hex-indented hex in column 0
    /// still counts as on the west edge). O(1).
    pub fn on_edge(&self, id: HexId, side: MapEdge) -> bool {
        let (column, row) = self.offset(id);
        let last_row = self.spec.rows - 1;
        let (top, bottom) = match self.spec.rows_run {
            RowsRun::Up => (last_row, 0),
            RowsRun::Down => (0, last_row),
        };
        match side {
            MapEdge::North => row == top,
            MapEdge::South => row == bottom,
            MapEdge::West => column == 0,
            MapEdge::East => column == self.spec.columns - 1,
        }
    }

    fn id_unchecked(&self, column: u16, row: u16) -> HexId {
        HexId(row * self.spec.columns + column)
    }

    /// Printed row <-> drawn row (counted from the top). Its own inverse.
    fn flip_row(&self, row: u16) -> u16 {
        match self.spec.rows_run {
            RowsRun::Down => row,
            RowsRun::Up => self.spec.rows - 1 - row,
        }
    }

    /// How far a drawn line (row for pointy, column for flat) is from the
    /// axial frame: `floor(line / 2)` when odd lines are shifted, `ceil`
    /// otherwise. `line` is non-negative for every caller.
    fn line_shift(&self, line: i32) -> i32 {
        if self.odd_lines_shifted {
            line.div_euclid(2)
        } else {
            (line + 1).div_euclid(2)
        }
    }

    fn axial_of(&self, column: u16, row: u16) -> Hex {
        let column = i32::from(column);
        let drawn_row = i32::from(self.flip_row(row));
        let (q, r) = match self.spec.orientation {
            Orientation::PointyRows => (column - self.line_shift(drawn_row), drawn_row),
            Orientation::FlatColumns => (column, drawn_row - self.line_shift(column)),
        };
        // Both fit: |q|, |r| <= columns + rows <= MAX_HEXES + 1.
        Hex::new(q as i16, r as i16)
    }

    fn raw_center(&self, hex: Hex) -> (f64, f64) {
        let (q, r) = (f64::from(hex.q), f64::from(hex.r));
        match self.spec.orientation {
            Orientation::PointyRows => (SQRT_3 * (q + r / 2.0), 1.5 * r),
            Orientation::FlatColumns => (1.5 * q, SQRT_3 * (r + q / 2.0)),
        }
    }

    fn corner_offsets(&self) -> [(f64, f64); 6] {
        let start = match self.spec.orientation {
            Orientation::PointyRows => -30.0_f64,
            Orientation::FlatColumns => 0.0,
        };
        [0, 1, 2, 3, 4, 5].map(|i| {
            let a = (start + 60.0 * f64::from(i)).to_radians();
            (a.cos(), a.sin())
        })
    }
}

/// Decimal digits needed to print `n` (at least 1).
fn digits(n: u16) -> usize {
    n.to_string().len()
}

/// A non-empty run of at most five ASCII digits. Five digits cover any
/// legal row or column; longer runs are treated as malformed rather than
/// risking overflow.
fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 5 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// 1-based column number -> 0-based column, or why it is off the map.
fn check_column(column: u32, columns: u16) -> Result<u16, String> {
    if column == 0 {
        Err("column 0 does not exist (columns are numbered from 1)".into())
    } else if column > u32::from(columns) {
        Err(format!("column {column} is beyond the last column {columns}"))
    } else {
        Ok((column - 1) as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    /// Corps Command-like: 18 columns x 17 rows (A..Q), pointy rows, odd rows
    /// shifted east, row A at the south edge.
    fn cc() -> HexGrid {
        HexGrid::new(GridSpec::corps_command(18, 17)).unwrap()
    }

    /// SCS-like: 34 columns x 22 rows, flat columns, odd (0-based) columns
    /// shifted toward higher rows (down the drawing).
    fn scs() -> HexGrid {
        HexGrid::new(GridSpec {
            columns: 34,
            rows: 22,
            orientation: Orientation::FlatColumns,
            shifted: Parity::Odd,
            numbering: Numbering::ColumnRowDigits,
            rows_run: RowsRun::Down,
        })
        .unwrap()
    }

    fn all_specs() -> Vec<GridSpec> {
        let mut out = Vec::new();
        for orientation in [Orientation::PointyRows, Orientation::FlatColumns] {
            for shifted in [Parity::Odd, Parity::Even] {
                for rows_run in [RowsRun::Up, RowsRun::Down] {
                    for (columns, rows) in [(7, 6), (6, 7), (1, 5), (5, 1), (1, 1)] {
                        out.push(GridSpec {
                            columns,
                            rows,
                            orientation,
                            shifted,
                            numbering: Numbering::ColumnRowDigits,
                            rows_run,
                        });
                    }
                }
            }
        }
        out
    }

    fn id(g: &HexGrid, s: &str) -> HexId {
        g.parse(s).unwrap()
    }

    fn labels_of(g: &HexGrid, a: HexId) -> Vec<(Direction, String)> {
        g.neighbors(a).map(|(d, n)| (d, g.label(n))).collect()
    }

    fn expect(list: &[(Direction, &str)]) -> Vec<(Direction, String)> {
        list.iter().map(|&(d, s)| (d, s.to_string())).collect()
    }

    #[test]
    fn m7_parses_and_labels_back() {
        let g = cc();
        let m7 = id(&g, "M7");
        assert_eq!(g.offset(m7), (6, 12));
        assert_eq!(g.at(6, 12), Some(m7));
        assert_eq!(g.label(m7), "M7");
        assert_eq!(g.parse("  m7 "), Ok(m7));
        assert_eq!(g.parse("M07"), Ok(m7));
        assert_eq!(g.label(g.at(0, 0).unwrap()), "A1");
        assert_eq!(g.label(g.at(17, 16).unwrap()), "Q18");
    }

    #[test]
    fn every_label_round_trips() {
        for g in [cc(), scs()] {
            for h in g.ids() {
                assert_eq!(g.parse(&g.label(h)), Ok(h));
                assert_eq!(g.id_of(g.hex(h)), Some(h));
                let (c, r) = g.offset(h);
                assert_eq!(g.at(c, r), Some(h));
            }
        }
    }

    #[test]
    fn ids_are_row_major() {
        let g = cc();
        let ids: Vec<_> = g.ids().collect();
        assert_eq!(ids.len(), 18 * 17);
        assert_eq!(g.label(ids[0]), "A1");
        assert_eq!(g.label(ids[1]), "A2");
        assert_eq!(g.label(ids[18]), "B1");
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(g.checked_id(18 * 17), None);
        assert_eq!(g.checked_id(5), Some(ids[5]));
    }

    #[test]
    fn neighbours_of_unshifted_row_hex() {
        // M is row 12 (even, not shifted). Rows L (south) and N (north) are
        // shifted east, so M7 touches them at columns 6 and 7.
        let g = cc();
        let m7 = id(&g, "M7");
        assert_eq!(
            labels_of(&g, m7),
            expect(&[
                (East, "M8"),
                (NorthEast, "N7"),
                (NorthWest, "N6"),
                (West, "M6"),
                (SouthWest, "L6"),
                (SouthEast, "L7"),
            ])
        );
    }

    #[test]
    fn neighbours_of_shifted_row_hex() {
        // N is row 13 (odd, shifted half a hex east), so N7 sits over M7/M8
        // and under O7/O8.
        let g = cc();
        let n7 = id(&g, "N7");
        assert_eq!(
            labels_of(&g, n7),
            expect(&[
                (East, "N8"),
                (NorthEast, "O8"),
                (NorthWest, "O7"),
                (West, "N6"),
                (SouthWest, "M7"),
                (SouthEast, "M8"),
            ])
        );
    }

    #[test]
    fn distances() {
        let g = cc();
        let d = |a: &str, b: &str| g.distance(id(&g, a), id(&g, b));
        assert_eq!(d("N3", "N16"), 13);
        assert_eq!(d("M7", "M7"), 0);
        assert_eq!(d("M7", "N7"), 1);
        assert_eq!(d("M7", "O7"), 2);
        assert_eq!(d("A1", "Q1"), 16);
        // From A1, eight shifted rows let the path drift 8 columns east for free.
        assert_eq!(d("A1", "Q9"), 16);
        assert_eq!(d("A1", "Q10"), 17);
        for a in g.ids() {
            for b in g.ids() {
                assert_eq!(g.distance(a, b), g.distance(b, a));
            }
        }
    }

    #[test]
    fn distance_is_bfs_distance() {
        // On a convex rectangle the axial distance must equal the on-map
        // shortest path; check against a breadth-first search everywhere.
        for spec in all_specs() {
            let g = HexGrid::new(spec).unwrap();
            for a in g.ids() {
                let mut dist = vec![u16::MAX; g.len()];
                dist[a.index()] = 0;
                let mut queue = std::collections::VecDeque::from([a]);
                while let Some(h) = queue.pop_front() {
                    for (_, n) in g.neighbors(h) {
                        if dist[n.index()] == u16::MAX {
                            dist[n.index()] = dist[h.index()] + 1;
                            queue.push_back(n);
                        }
                    }
                }
                for b in g.ids() {
                    assert_eq!(g.distance(a, b), dist[b.index()], "{spec:?}");
                }
            }
        }
    }

    #[test]
    fn neighbour_relation_is_symmetric_everywhere() {
        let mut grids = vec![cc(), scs()];
        grids.extend(all_specs().into_iter().map(|s| HexGrid::new(s).unwrap()));
        for g in grids {
            for a in g.ids() {
                for (d, b) in g.neighbors(a) {
                    assert_eq!(g.neighbor(b, d.opposite()), Some(a));
                    assert!(g.neighbors(b).any(|(_, x)| x == a));
                    assert_eq!(g.direction_to(a, b), Some(d));
                    assert_eq!(g.distance(a, b), 1);
                }
                for b in g.ids() {
                    assert_eq!(g.are_adjacent(a, b), g.are_adjacent(b, a));
                    assert_eq!(g.are_adjacent(a, b), g.distance(a, b) == 1);
                }
            }
        }
    }

    #[test]
    fn within_sizes() {
        let g = cc();
        let m7 = id(&g, "M7");
        assert_eq!(g.within(m7, 0), vec![m7]);
        assert_eq!(g.within(m7, 1).len(), 7);
        assert_eq!(g.within(m7, 2).len(), 19);
        assert_eq!(g.within(m7, 3).len(), 37);
        let all = g.within(m7, u16::MAX);
        assert_eq!(all, g.ids().collect::<Vec<_>>());
        // Clipped at a corner: A1 has 2 neighbours.
        assert_eq!(g.within(id(&g, "A1"), 1).len(), 3);
        for h in g.within(m7, 4) {
            assert!(g.distance(m7, h) <= 4);
        }
        let s = scs();
        assert_eq!(s.within(id(&s, "12.07"), 2).len(), 19);
    }

    #[test]
    fn pointy_centres_are_sqrt3_apart_and_up_puts_row_a_at_the_bottom() {
        let g = cc();
        for a in g.ids() {
            for (_, b) in g.neighbors(a) {
                let (ax, ay) = g.center(a);
                let (bx, by) = g.center(b);
                let dist = ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt();
                assert!((dist - 3f32.sqrt()).abs() < 1e-4);
            }
        }
        let (_, y_a) = g.center(id(&g, "A1"));
        let (_, y_q) = g.center(id(&g, "Q1"));
        assert!(y_a > y_q, "row A is the south edge, drawn at the bottom");
        // Shifted row N is half a hex east of row M.
        let (x_m, _) = g.center(id(&g, "M7"));
        let (x_n, _) = g.center(id(&g, "N7"));
        assert!((x_n - x_m - 3f32.sqrt() / 2.0).abs() < 1e-4);
        // North is up: NorthEast has smaller y.
        let (_, y_ne) = g.center(id(&g, "N7"));
        let (_, y_m) = g.center(id(&g, "M7"));
        assert!(y_ne < y_m);
    }

    #[test]
    fn bounds_contain_every_corner() {
        for g in [cc(), scs()] {
            let (x0, y0, x1, y1) = g.bounds();
            assert_eq!((x0, y0), (0.0, 0.0));
            let mut touched = (false, false);
            for h in g.ids() {
                for (x, y) in g.corners(h) {
                    assert!(x >= -1e-4 && y >= -1e-4 && x <= x1 + 1e-4 && y <= y1 + 1e-4);
                    touched.0 |= (x - x1).abs() < 1e-4;
                    touched.1 |= (y - y1).abs() < 1e-4;
                }
                let (cx, cy) = g.center(h);
                for (x, y) in g.corners(h) {
                    let r = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
                    assert!((r - 1.0).abs() < 1e-4);
                }
            }
            assert!(touched.0 && touched.1);
        }
        // 18 pointy columns with a shifted row: width 18.5 * sqrt(3);
        // 17 rows: height 2 + 16 * 1.5.
        let (_, _, w, h) = cc().bounds();
        assert!((w - 18.5 * 3f32.sqrt()).abs() < 1e-3);
        assert!((h - 26.0).abs() < 1e-3);
    }

    #[test]
    fn corner_hexes_have_two_or_three_neighbours() {
        let g = cc();
        for (label, n) in [("A1", 2), ("A18", 3), ("Q1", 2), ("Q18", 3)] {
            let h = id(&g, label);
            assert_eq!(g.neighbors(h).count(), n, "{label}");
            assert!(g.is_edge(h));
        }
        assert!(!g.is_edge(id(&g, "M7")));
        assert_eq!(g.neighbors(id(&g, "M7")).count(), 6);
    }

    #[test]
    fn map_edges_follow_the_drawing() {
        let g = cc();
        let q5 = id(&g, "Q5");
        assert!(g.on_edge(q5, MapEdge::North));
        assert!(!g.on_edge(q5, MapEdge::South));
        assert!(g.on_edge(id(&g, "A5"), MapEdge::South));
        assert!(g.on_edge(id(&g, "C1"), MapEdge::West));
        assert!(g.on_edge(id(&g, "C18"), MapEdge::East));
        assert!(!MapEdge::ALL.iter().any(|&e| g.on_edge(id(&g, "M7"), e)));
        // Edge hexes are exactly those on some side.
        for h in g.ids() {
            assert_eq!(g.is_edge(h), MapEdge::ALL.iter().any(|&e| g.on_edge(h, e)));
        }
        let s = scs();
        assert!(s.on_edge(id(&s, "05.01"), MapEdge::North));
        assert!(s.on_edge(id(&s, "05.22"), MapEdge::South));
        for h in s.ids() {
            assert_eq!(s.is_edge(h), MapEdge::ALL.iter().any(|&e| s.on_edge(h, e)));
        }
    }

    #[test]
    fn scs_label_and_neighbours() {
        let g = scs();
        let h = id(&g, "12.07");
        assert_eq!(g.offset(h), (11, 6));
        assert_eq!(g.label(h), "12.07");
        assert_eq!(g.parse("12.7"), Ok(h));
        assert_eq!(g.label(g.at(0, 0).unwrap()), "01.01");
        assert_eq!(g.label(g.at(33, 21).unwrap()), "34.22");
        // Column 12 (index 11, odd) is shifted half a hex down, so its side
        // neighbours are at rows 07 and 08 of columns 11 and 13. The
        // directions read rotated 30° clockwise: NorthWest is due north.
        assert_eq!(
            labels_of(&g, h),
            expect(&[
                (East, "13.08"),
                (NorthEast, "13.07"),
                (NorthWest, "12.06"),
                (West, "11.07"),
                (SouthWest, "11.08"),
                (SouthEast, "12.08"),
            ])
        );
        // Column 13 (index 12) is not shifted: side neighbours at rows 06/07.
        assert_eq!(
            labels_of(&g, id(&g, "13.07")),
            expect(&[
                (East, "14.07"),
                (NorthEast, "14.06"),
                (NorthWest, "13.06"),
                (West, "12.06"),
                (SouthWest, "12.07"),
                (SouthEast, "13.08"),
            ])
        );
        // Column 12 is drawn lower than column 13.
        assert!(g.center(h).1 > g.center(id(&g, "13.07")).1);
        // Flat-top centres are sqrt(3) apart too.
        for (_, n) in g.neighbors(h) {
            let (a, b) = (g.center(h), g.center(n));
            let dist = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
            assert!((dist - 3f32.sqrt()).abs() < 1e-4);
        }
    }

    #[test]
    fn flat_columns_running_up_shift_toward_higher_rows() {
        let g = HexGrid::new(GridSpec { rows_run: RowsRun::Up, ..*scs().spec() }).unwrap();
        // Column 12 (shifted) is now half a hex *up* the drawing from 13.
        let h = id(&g, "12.07");
        assert!(g.center(h).1 < g.center(id(&g, "13.07")).1);
        // And so touches rows 07 and 08 of its side neighbours, with row 08
        // being the northern one.
        let side: Vec<_> = labels_of(&g, h);
        assert!(side.contains(&(NorthEast, "13.08".to_string())));
        assert!(side.contains(&(East, "13.07".to_string())));
        assert!(side.contains(&(NorthWest, "12.08".to_string())));
    }

    #[test]
    fn wide_grids_use_more_digits() {
        let g = HexGrid::new(GridSpec { columns: 120, rows: 9, ..*scs().spec() }).unwrap();
        let h = g.at(4, 2).unwrap();
        assert_eq!(g.label(h), "005.03");
        assert_eq!(g.parse("5.3"), Ok(h));
    }

    #[test]
    fn bad_labels_give_precise_errors() {
        let g = cc();
        assert_eq!(g.parse(""), Err(HexParseError::Empty));
        assert_eq!(g.parse("   "), Err(HexParseError::Empty));
        let err = g.parse("Z99").unwrap_err();
        assert!(matches!(err, HexParseError::OffMap { ref text, .. } if text == "Z99"));
        assert_eq!(err.to_string(), "hex \"Z99\" is off the map: row Z is beyond the last row Q");
        let err = g.parse("M0").unwrap_err();
        assert_eq!(err.to_string(), "hex \"M0\" is off the map: column 0 does not exist (columns are numbered from 1)");
        assert_eq!(
            g.parse("M19").unwrap_err().to_string(),
            "hex \"M19\" is off the map: column 19 is beyond the last column 18"
        );
        for bad in ["7M", "M", "M-1", "M7.", "MM7", "M 7", "é7", "M1234567"] {
            assert!(matches!(g.parse(bad), Err(HexParseError::BadFormat { .. })), "{bad}");
        }
        assert_eq!(
            g.parse("7M").unwrap_err().to_string(),
            "bad hex label \"7M\": expected a row letter then a column number, like M7"
        );

        let s = scs();
        assert_eq!(
            s.parse("12.7x").unwrap_err(),
            HexParseError::BadFormat { text: "12.7x".into(), expected: DIGITS_FORMAT }
        );
        assert_eq!(
            s.parse("12.7x").unwrap_err().to_string(),
            "bad hex label \"12.7x\": expected column.row digits, like 12.07"
        );
        for bad in ["1207", "12.", ".07", "12..07", "a.b", "12.07.1", "M7"] {
            assert!(matches!(s.parse(bad), Err(HexParseError::BadFormat { .. })), "{bad}");
        }
        assert_eq!(
            s.parse("35.01").unwrap_err().to_string(),
            "hex \"35.01\" is off the map: column 35 is beyond the last column 34"
        );
        assert!(matches!(s.parse("12.00"), Err(HexParseError::OffMap { .. })));
        assert!(matches!(s.parse("12.23"), Err(HexParseError::OffMap { .. })));
        assert_eq!(s.parse(""), Err(HexParseError::Empty));
    }

    #[test]
    fn invalid_specs_are_rejected() {
        let base = *cc().spec();
        assert_eq!(HexGrid::new(GridSpec { rows: 0, ..base }), Err(GridError::NoHexes { columns: 18, rows: 0 }));
        assert_eq!(HexGrid::new(GridSpec { columns: 0, ..base }), Err(GridError::NoHexes { columns: 0, rows: 17 }));
        assert_eq!(HexGrid::new(GridSpec { rows: 27, ..base }), Err(GridError::TooManyRowsForLetters { rows: 27 }));
        assert!(HexGrid::new(GridSpec { rows: 26, ..base }).is_ok());
        let digits = *scs().spec();
        assert_eq!(
            HexGrid::new(GridSpec { columns: 100, rows: 100, ..digits }),
            Err(GridError::TooManyHexes { hexes: 10_000 })
        );
        assert!(HexGrid::new(GridSpec { columns: 9999, rows: 1, ..digits }).is_ok());
        assert!(GridError::TooManyHexes { hexes: 10_000 }.to_string().contains("9999"));
    }

    #[test]
    fn even_parity_and_row_flip_are_consistent() {
        // With 17 rows running up, printed row 0 is drawn row 16; parity is
        // preserved. With 16 rows it flips. In both cases the printed-row
        // rule must hold: a hex in an unshifted row touches columns c-1 and
        // c of the shifted rows beside it.
        for rows in [16, 17] {
            for shifted in [Parity::Odd, Parity::Even] {
                for rows_run in [RowsRun::Up, RowsRun::Down] {
                    let g = HexGrid::new(GridSpec {
                        columns: 10,
                        rows,
                        orientation: Orientation::PointyRows,
                        shifted,
                        numbering: Numbering::LetterRowNumberColumn,
                        rows_run,
                    })
                    .unwrap();
                    for row in 1..rows - 1 {
                        let is_shifted = (row % 2 == 1) == (shifted == Parity::Odd);
                        let h = g.at(5, row).unwrap();
                        let mut cols: Vec<_> = g
                            .neighbors(h)
                            .map(|(_, n)| g.offset(n))
                            .filter(|&(_, r)| r == row + 1)
                            .map(|(c, _)| c)
                            .collect();
                        cols.sort();
                        let want = if is_shifted { vec![5, 6] } else { vec![4, 5] };
                        assert_eq!(cols, want, "{rows} {shifted:?} {rows_run:?} row {row}");
                        // Shifted rows are drawn half a hex east.
                        let (x, _) = g.center(h);
                        let (x0, _) = g.center(g.at(5, 0).unwrap());
                        let row0_shifted = shifted == Parity::Even;
                        let expected = if is_shifted == row0_shifted {
                            0.0
                        } else if is_shifted {
                            3f32.sqrt() / 2.0
                        } else {
                            -(3f32.sqrt()) / 2.0
                        };
                        assert!((x - x0 - expected).abs() < 1e-4);
                    }
                }
            }
        }
    }
}
