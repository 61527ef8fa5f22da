//! Who stands where, and whose zones of control cover which hexes: built
//! once per decision from the state and shared by every check, with what
//! else a decision reads per hex (the units of each hex, its top) and the
//! reinforcements due.

use crate::map::NO_HEX;
use crate::state::{Phase, Pos, State};
use crate::tables::UnitRow;
use crate::unit::{Side, Start, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use std::cell::RefCell;

/// What the board holds in one hex.
#[derive(Copy, Clone, Default)]
struct Cell {
    /// Bits 0–1: the holder, 0 for none or 1 + its side's index (the side
    /// of the unit with the highest id in it); bit 2 (3): in the ZOC of
    /// side 0's (1's) units (2.0).
    flags: u8,
    /// Units in it.
    count: u8,
    /// Stacking points in it (4.0).
    points: u16,
    /// Its unit with the lowest id, plus one (0: none); the others follow
    /// through [`Buffers::next`], by id.
    first: u16,
}

const HELD: u8 = 0b11;
const ZOC: [u8; 2] = [1 << 2, 1 << 3];

/// The heap part of a board, reused (see [`SPARE`]).
#[derive(Default)]
struct Buffers {
    /// Per hex.
    cells: Vec<Cell>,
    /// Per unit: the next unit (by id) in its hex, plus one (0: none).
    next: Vec<u16>,
}

/// How many buffers a thread keeps for boards; a decision has at most three
/// boards alive at once (the one it checks against, one after a phase ends,
/// one for the stacks once applied).
const SPARES: usize = 4;

thread_local! {
    /// Buffers of dropped boards, for the next ones on this thread: after a
    /// thread's first decisions on a map, building a board allocates nothing.
    static SPARE: RefCell<Vec<Buffers>> = const { RefCell::new(Vec::new()) };
}

impl Buffers {
    /// Buffers for `hexes` hexes and `units` units, from the spares. When
    /// none fits (the thread's first board, a bigger map), every spare is
    /// sized for the map at once, so the boards nested later find room.
    fn take(hexes: usize, units: usize) -> Buffers {
        let fits = |b: &Buffers| b.cells.capacity() >= hexes && b.next.capacity() >= units;
        SPARE
            .try_with(|spare| {
                let mut spare = spare.borrow_mut();
                if !spare.last().is_some_and(fits) {
                    spare.reserve(SPARES);
                    while spare.len() < SPARES {
                        spare.push(Buffers::default());
                    }
                    for b in spare.iter_mut() {
                        b.cells.clear();
                        b.cells.reserve(hexes);
                        b.next.clear();
                        b.next.reserve(units);
                    }
                }
                spare.pop()
            })
            .ok()
            .flatten()
            .unwrap_or_default()
    }
}

/// The last full board built on this thread, with what it was built
/// from, for the next call on the same state: `try_apply` keeps the board
/// of the state it leaves, the next `legal_actions` and `try_apply` on it
/// build none.
#[derive(Default)]
struct Kept {
    /// [`crate::tables::Tables::serial`] of the game.
    serial: u64,
    /// What the board reads of the state — each unit's place and steps
    /// lost, and for the reinforcements due, the phase, player and turn —
    /// and each unit's stack order, which [`Kept::hidden`] reads.
    units: Vec<(Pos, u8, u32)>,
    when: Option<(Phase, Side, u8)>,
    board: Option<Board>,
    /// The units hidden in the stacks ([`Scs::hidden_units`]), if known,
    /// with the units public whatever the stacks (`Scs::public_units`).
    hidden: Option<(u128, u128)>,
}

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
}

impl Reused {
    /// A board just built for a state, with the units hidden there.
    pub fn new(board: Board, hidden: u128) -> Reused {
        Reused { board, kept: false, hidden: Some(hidden) }
    }
}

impl Kept {
    fn matches(&self, serial: u64, s: &State) -> bool {
        self.board.is_some()
            && self.serial == serial
            && self.when == Some((s.phase, s.player, s.turn))
            && self.units.len() == s.units.len()
            && self.units.iter().zip(&s.units).all(|(&(pos, lost, _), us)| pos == us.pos && lost == us.lost)
    }
}

/// A board from [`Scs::reuse_board`], or to keep.
pub(crate) struct Reused {
    /// The board of the state.
    pub board: Board,
    /// Whether it was kept for this very state (its key still holds).
    kept: bool,
    /// The units hidden in the stacks, if known for this state.
    pub hidden: Option<u128>,
}

/// Occupancy and zones of control of one state.
///
/// Cost: O(hexes + units × 6) to build, without allocating once the
/// thread has built boards for the map before (the buffers are reused).
pub struct Board {
    buf: Buffers,
    /// Reinforcements that must be placed now ([`Scs::arriving`]), by
    /// unit index (at most `scenario::MAX_UNITS`).
    arriving: u128,
}

impl Drop for Board {
    fn drop(&mut self) {
        let buf = std::mem::take(&mut self.buf);
        // At thread exit the spares may be gone: the buffers are then freed.
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < spare.capacity() {
                spare.push(buf);
            }
        });
    }
}

fn unit_of(slot: u16) -> Option<UnitId> {
    slot.checked_sub(1).map(|i| UnitId::from_index(usize::from(i)))
}

impl Board {
    fn cell(&self, h: HexId) -> &Cell {
        &self.buf.cells[h.index()]
    }
    /// The side holding `h`.
    pub fn holder(&self, h: HexId) -> Option<Side> {
        match self.cell(h).flags & HELD {
            0 => None,
            i => Side::of_index(usize::from(i - 1)),
        }
    }
    /// Stacking points in `h`.
    pub fn points(&self, h: HexId) -> u16 {
        self.cell(h).points
    }
    /// Units in `h`.
    pub fn count(&self, h: HexId) -> u8 {
        self.cell(h).count
    }
    /// Whether `h` is in the ZOC of `side`'s units: an enemy ZOC for the
    /// other side (2.0, 2.1g: several ZOCs count as one).
    pub fn zoc_of(&self, side: Side, h: HexId) -> bool {
        self.cell(h).flags & ZOC[side.index()] != 0
    }
    /// Whether `h` is in an enemy ZOC for `side`.
    pub fn ezoc(&self, side: Side, h: HexId) -> bool {
        self.zoc_of(side.other(), h)
    }
    /// The units in `h`, by id. O(1) per unit.
    pub(crate) fn units_in(&self, h: HexId) -> impl Iterator<Item = UnitId> + '_ {
        let mut slot = self.cell(h).first;
        std::iter::from_fn(move || {
            let u = unit_of(slot)?;
            slot = self.buf.next[u.index()];
            Some(u)
        })
    }
    /// Whether `u` is a reinforcement that must be placed now. O(1).
    pub(crate) fn is_arriving(&self, u: UnitId) -> bool {
        u.index() < 128 && self.arriving & (1 << u.index()) != 0
    }
    /// Whether any reinforcement must be placed now. O(1).
    pub(crate) fn any_arriving(&self) -> bool {
        self.arriving != 0
    }
    /// The reinforcements that must be placed now, by id.
    pub(crate) fn arriving(&self) -> impl Iterator<Item = UnitId> {
        let mut left = self.arriving;
        std::iter::from_fn(move || {
            let i = left.trailing_zeros();
            (i < 128).then(|| {
                left &= left - 1;
                UnitId::from_index(i as usize)
            })
        })
    }
}

impl Scs {
    /// Builds the [`Board`] of a state.
    pub fn board(&self, s: &State) -> Board {
        self.build_board(s, true)
    }

    /// The board of `s`: the one kept by [`Scs::keep_board`] if it was
    /// built from the same units, phase, player and turn, else a new one;
    /// with the hidden units kept with it, if they still hold. O(units) to
    /// compare.
    pub(crate) fn reuse_board(&self, s: &State) -> Reused {
        let serial = self.tables.serial;
        let kept = KEPT.try_with(|k| {
            let mut k = k.borrow_mut();
            if !k.matches(serial, s) {
                return None;
            }
            let board = k.board.take()?;
            let orders = k.units.iter().zip(&s.units).all(|(&(_, _, order), us)| order == us.order);
            let public = self.public_units(s);
            let hidden = k.hidden.filter(|&(p, _)| orders && p == public).map(|(_, h)| h);
            Some(Reused { board, kept: true, hidden })
        });
        kept.ok().flatten().unwrap_or_else(|| Reused { board: self.board(s), kept: false, hidden: None })
    }

    /// Keeps the board of `s` for [`Scs::reuse_board`], with the units
    /// hidden in `s`, if known. O(units), nothing when it comes back to
    /// the state it was kept for.
    pub(crate) fn keep_board(&self, s: &State, r: Reused) {
        let _ = KEPT.try_with(|k| {
            let mut k = k.borrow_mut();
            if !r.kept {
                k.serial = self.tables.serial;
                k.when = Some((s.phase, s.player, s.turn));
                k.units.clear();
                k.units.extend(s.units.iter().map(|us| (us.pos, us.lost, us.order)));
                k.hidden = None;
            }
            if let Some(h) = r.hidden {
                k.hidden = Some((self.public_units(s), h));
            }
            k.board = Some(r.board);
        });
    }

    /// The board's stacks only: holders, counts, stacking points and the
    /// units of each hex — no ZOC, no reinforcements (those read as none).
    pub(crate) fn stacks(&self, s: &State) -> Board {
        self.build_board(s, false)
    }

    /// One pass over the units, down the ids, so each hex's list comes out
    /// by id and its holder is its highest unit's side. O(hexes + units),
    /// plus the reinforcements due in a Movement Phase (`full`).
    fn build_board(&self, s: &State, full: bool) -> Board {
        let t = &self.tables;
        let (hexes, n) = (t.enter.len(), t.units.len());
        let mut buf = Buffers::take(hexes, n);
        buf.cells.clear();
        buf.cells.resize(hexes, Cell::default());
        buf.next.clear();
        buf.next.resize(n, 0);
        for i in (0..n).rev() {
            let us = &s.units[i];
            let Pos::Hex(h) = us.pos else { continue };
            let row = &t.units[i];
            let c = &mut buf.cells[h.index()];
            if c.count == 0 {
                c.flags |= 1 + row.side.index() as u8;
            }
            c.count = c.count.saturating_add(1);
            c.points += u16::from(row.points(us.lost));
            buf.next[i] = c.first;
            c.first = i as u16 + 1;
            if full && row.zoc[UnitRow::face(us.lost)] {
                // 2.0b: the hexes next to it that it could enter in normal movement.
                let enter = t.enter[h.index()];
                for (d, &x) in self.map().adj[h.index()].iter().enumerate() {
                    if x.index() != NO_HEX && enter[d] & (1 << row.class) != 0 {
                        buf.cells[x.index()].flags |= ZOC[row.side.index()];
                    }
                }
            }
        }
        let mut b = Board { buf, arriving: 0 };
        if full && s.phase == Phase::Movement {
            for &u in &t.arrivals[s.player.index()] {
                let due = s.unit(u).pos == Pos::Off
                    && matches!(self.scenario.unit(u).start, Start::Arrives { turn, .. } if turn <= s.turn);
                if due && u.index() < 128 && self.has_entry_hex(&b, u) {
                    b.arriving |= 1 << u.index();
                }
            }
        }
        b
    }

    /// The top unit of `h` by the board of `s` (4.0c), walking the hex's
    /// units: between units of equal stack order (which play never makes)
    /// the highest id if `high` (as [`Scs::top`]), else the lowest (as
    /// [`Scs::tops`]). O(units in the hex).
    pub(crate) fn top_on(&self, s: &State, b: &Board, h: HexId, high: bool) -> Option<UnitId> {
        let key = |u: UnitId| {
            let us = s.unit(u);
            (self.tables.units[u.index()].head[UnitRow::face(us.lost)], us.order)
        };
        let mut best: Option<((bool, u32), UnitId)> = None;
        for u in b.units_in(h) {
            let k = key(u);
            if best.map_or(true, |(bk, _)| k > bk || (high && k == bk)) {
                best = Some((k, u));
            }
        }
        best.map(|(_, u)| u)
    }

    /// The units in hex `h`, top first (4.0c: the top is the highest in
    /// stack order among those that may head it). O(units).
    pub fn stack(&self, s: &State, h: HexId) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = self.scenario.unit_ids().filter(|&u| s.unit(u).pos == Pos::Hex(h)).collect();
        v.sort_by_key(|&u| std::cmp::Reverse(self.stack_key(s, u)));
        v
    }

    /// [`Scs::stack`] into `out`, without allocating: ids break ties as
    /// the stable sort does. O(units + n log n).
    pub(crate) fn stack_into(&self, s: &State, h: HexId, out: &mut crate::state::Units) {
        out.clear();
        for u in self.scenario.unit_ids().filter(|&u| s.unit(u).pos == Pos::Hex(h)) {
            out.push(u);
        }
        out.sort_unstable_by_key(|&u| (std::cmp::Reverse(self.stack_key(s, u)), u));
    }

    /// The top unit of hex `h` (the one the enemy sees, fog of war).
    pub fn top(&self, s: &State, h: HexId) -> Option<UnitId> {
        self.scenario.unit_ids().filter(|&u| s.unit(u).pos == Pos::Hex(h)).max_by_key(|&u| self.stack_key(s, u))
    }

    /// The top unit of every hex, by hex index. O(units + hexes).
    pub fn tops(&self, s: &State) -> Vec<Option<UnitId>> {
        let b = self.stacks(s);
        self.map().grid.ids().map(|h| self.top_on(s, &b, h, false)).collect()
    }

    fn stack_key(&self, s: &State, u: UnitId) -> (bool, u32) {
        (self.scenario.unit(u).may_head(s.unit(u).lost), s.unit(u).order)
    }
}
