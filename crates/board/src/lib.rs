//! Board topologies for the sandtable wargame engine.
//!
//! This crate knows the *shape* of a board and nothing about any game's
//! rules: which spaces exist, what they are called on the printed map, which
//! are adjacent, how far apart they are, and where to draw them. Rules crates
//! plug their own costs and restrictions in through closures.
//!
//! * [`hex`] — axial coordinates ([`Hex`]) and the six [`Direction`]s.
//! * [`grid`] — [`HexGrid`], a rectangular offset hex map with dense
//!   [`HexId`]s, printed labels, a precomputed neighbour table and SVG
//!   geometry.
//! * [`terrain`] — per-hex data ([`HexMap`]) and per-hexside data
//!   ([`HexsideMap`]).
//! * [`path`] — movement reachability with costs, forced stops (zones of
//!   control) and the minimum one-hex move ([`reachable`], [`path_to`]).
//! * [`network`] — point-to-point and area boards ([`Network`]) of named
//!   nodes and links.
//!
//! # Hex numbering
//!
//! Two printed numbering schemes are supported ([`Numbering`]):
//!
//! * **Letter row, number column** (Corps Command style): `M7` is row `M`
//!   (0-based row 12) and column 7 (0-based column 6). Rows are lettered
//!   `A`..`Z`; columns are numbered from 1 without leading zeros.
//! * **Column.row digits** (SCS style): `12.07` is column 12, row 7, both
//!   1-based and zero-padded to two digits (more for maps of 100+).
//!
//! Parsing is case-insensitive and ignores surrounding whitespace.
//!
//! A pointy-row layout with odd rows shifted east and rows running north
//! (row `A` at the bottom edge), around `M7`:
//!
//! ```text
//!     / \ / \ / \
//!    |N6 |N7 |N8 |      row N: index 13, odd, shifted half a hex east
//!   / \ / \ / \ /
//!  |M6 |M7 |M8 |        row M: index 12, even
//!   \ / \ / \ /
//! ```
//!
//! `M7` touches `N6` and `N7` above it; `N7` touches `M7` and `M8` below it.
//! So a hex in a shifted row meets the rows beside it at its own column and
//! the next; a hex in an unshifted row meets them at the previous column and
//! its own. [`HexGrid`] encodes this once, in its neighbour table.
//!
//! ```
//! use sandtable_board::{
//!     Direction, GridSpec, HexGrid, Numbering, Orientation, Parity, RowsRun, Step, reachable,
//! };
//!
//! let grid = HexGrid::new(GridSpec {
//!     columns: 18,
//!     rows: 17,
//!     orientation: Orientation::PointyRows,
//!     shifted: Parity::Odd,
//!     numbering: Numbering::LetterRowNumberColumn,
//!     rows_run: RowsRun::Up,
//! })?;
//! let m7 = grid.parse("M7")?;
//! assert_eq!(grid.neighbor(m7, Direction::NorthEast).map(|h| grid.label(h)), Some("N7".into()));
//! assert_eq!(grid.distance(grid.parse("N3")?, grid.parse("N16")?), 13);
//!
//! // Open ground costs 1 per hex: a budget of 2 reaches the 19 hexes within 2.
//! let open = |_, _| Step::Enter { cost: 1, stop: false };
//! assert_eq!(reachable(&grid, m7, 2, false, open).len(), 19);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Cost model
//!
//! Boards are built once, at load time, in O(N) for N spaces; everything the
//! rules ask during play is cheap:
//!
//! * neighbours, adjacency, direction, distance, label lookup, drawing
//!   position: O(1) (table lookups and small integer arithmetic);
//! * [`HexGrid::within`] — O(range²);
//! * [`HexsideMap`] lookups: O(log S) in the S hexsides actually set;
//! * [`reachable`] — Dijkstra, O((V + E) log V) over the hexes within the
//!   movement budget;
//! * [`Network::shortest`] and [`Network::reachable_from`] — breadth-first,
//!   O(V + E).
//!
//! Ids ([`HexId`], [`NodeId`]) are small `Copy` integers indexing dense
//! tables. They belong to the board that issued them; handing an id to a
//! different, smaller board panics on the out-of-range index instead of
//! silently answering about the wrong space.

#![deny(missing_docs)]

pub mod grid;
pub mod hex;
pub mod network;
pub mod path;
pub mod terrain;

pub use grid::{
    GridError, GridSpec, HexGrid, HexId, HexParseError, MapEdge, Numbering, Orientation, Parity, RowsRun, MAX_HEXES,
    MAX_LETTER_ROWS,
};
pub use hex::{Direction, Hex};
pub use network::{Network, NetworkError, NodeId};
pub use path::{path_to, reachable, Reach, Route, Step};
pub use terrain::{HexMap, HexsideMap, NotAdjacent};
