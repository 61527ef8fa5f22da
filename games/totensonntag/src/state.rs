//! What changes during a game: positions, hits, the initiative track, the
//! phase. Plain data (about 1 KB), cloned by search and playouts; the map and
//! the counters' printed values live in [`crate::Totensonntag`].

use crate::unit::{Side, UnitId};
use sandtable_board::HexId;
use sandtable_core::Dice;
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Attack marks an impulse can hold: one per unit at most (3.2: a unit
/// attacks once an impulse), and a scenario has at most 128 units.
pub const MAX_ATTACKS: usize = 128;
/// Cleared hexes the state can hold: play leaves at most one (7.3: each
/// unit action empties the list, an attack adds its own hex); the spare
/// room is for edited positions.
pub const MAX_CLEARED: usize = 8;

/// A set of units as a 128-bit mask: `Copy`, O(1) membership.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitSet(u128);

impl UnitSet {
    /// Whether `u` is in the set.
    pub const fn contains(self, u: UnitId) -> bool {
        self.0 & (1 << u.0) != 0
    }
    /// Adds `u`.
    pub fn insert(&mut self, u: UnitId) {
        self.0 |= 1 << u.0;
    }
    /// Removes `u`.
    pub fn remove(&mut self, u: UnitId) {
        self.0 &= !(1 << u.0);
    }
}

/// Where a unit is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pos {
    /// Off the map, not yet entered (a reinforcement, available from its arrival).
    Off,
    /// On the map.
    Hex(HexId),
    /// Left the map through Q2 toward Tobruk (6.2); cannot return.
    Exited,
    /// Destroyed: no strength left, or eliminated for overstacking.
    Destroyed,
}

/// A unit's part in the current impulse (3.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Act {
    /// Has not acted this impulse.
    Idle,
    /// Is moving (the unit whose action is under way).
    Moving,
    /// Has finished its action.
    Done,
}

/// A unit's changing values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// Where it is.
    pub pos: Pos,
    /// Hits taken (strength lost, 1.0).
    pub hits: u8,
    /// Stacking order: the highest in a hex is the top unit (4.0, 7.1).
    pub order: u16,
    /// Its action this impulse.
    pub act: Act,
    /// Movement points left this impulse.
    pub mp: u8,
    /// Has entered a hex this impulse.
    pub moved: bool,
    /// Entered an enemy zone of control: must stop (5.0).
    pub stopped: bool,
    /// Moved from one enemy ZOC to another: stop, and no overrun (5.0).
    pub no_overrun: bool,
    /// +1 initiative this impulse from a Panzer III (3.3).
    pub boosted: bool,
    /// Has moved this turn (a spotter that moved gives −1, 7.4).
    pub moved_turn: bool,
    /// Has advanced after combat this impulse (7.3).
    pub advanced: bool,
}

/// A unit's attack on a hex this impulse, for advance after combat (7.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackMark {
    /// The attacker.
    pub unit: UnitId,
    /// The hex it attacked.
    pub hex: HexId,
    /// True for an overrun, false for a normal attack.
    pub overrun: bool,
    /// The attacker's hex held more than three friendly units when it attacked (7.3).
    pub from_overstacked: bool,
}

impl Default for AttackMark {
    /// Fills the unused slots of the inline list only.
    fn default() -> AttackMark {
        AttackMark { unit: UnitId(0), hex: HexId::from_index(0), overrun: false, from_overstacked: false }
    }
}

/// A hex just cleared by an attack (7.3), saved as the bare hex id.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cleared(pub HexId);

impl Default for Cleared {
    /// Fills the unused slots of the inline list only.
    fn default() -> Cleared {
        Cleared(HexId::from_index(0))
    }
}

/// The initiative privilege a side carries into the next pair (2.1, 2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Privilege {
    /// Roll normally.
    None,
    /// Last level was 5: may shift the roll by one after all dice are rolled.
    Shift,
    /// Last level was 6 (or the Allied first-turn surprise): may pick any level secretly instead of rolling.
    Pick,
}

/// Where the game is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase")]
pub enum Phase {
    /// Sides with the pick privilege choose a level or to roll, secretly and at once (2.1, 2.2).
    InitiativePick,
    /// A side with the shift privilege decides on ±1 (2.1); the Axis decides first.
    InitiativeShift {
        /// Who decides now.
        side: Side,
    },
    /// A side's activation impulse (2.0, 3.0).
    Impulse {
        /// The phasing side.
        side: Side,
        /// False for the first impulse of the pair, true for the second.
        second: bool,
    },
    /// The phasing side removes units from overstacked hexes (4.0).
    Overstack {
        /// The side removing.
        side: Side,
        /// As in the impulse it ends.
        second: bool,
    },
    /// Night: a side makes its recovery rolls, Allies first (8.0).
    Night {
        /// Who rolls now.
        side: Side,
    },
    /// The last night is over (9.0).
    Over,
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The dice (chance lives in the state).
    pub dice: Dice,
    /// Game turn, 1 = 19 November.
    pub turn: u8,
    /// Impulse pair within the turn, 1-based.
    pub pair: u8,
    /// Impulse pairs per turn (option; 5 by default, 4 in some printings).
    pub pairs: u8,
    /// Where the game is.
    pub phase: Phase,
    /// Initiative levels of this pair, by side (0 = not yet known).
    pub level: [u8; 2],
    /// Privileges for this pair's initiative, by side.
    pub privilege: [Privilege; 2],
    /// Secret picks made this pair: `Some(0)` = chose to roll; `Some(n)` = picked level n.
    pub secret: [Option<u8>; 2],
    /// Who has the first impulse of this pair.
    pub first: Side,
    /// Every unit, indexed by `UnitId`.
    pub units: Vec<UnitState>,
    /// The unit whose action is under way.
    pub active: Option<UnitId>,
    /// Attacks made this impulse (7.3).
    pub attacks: ArrayVec<[AttackMark; MAX_ATTACKS]>,
    /// Hexes just cleared of enemies by an attack or overrun, open for advance
    /// until another unit begins an action (7.3).
    pub cleared: ArrayVec<[Cleared; MAX_CLEARED]>,
    /// Panzer III units that entered this impulse and have not yet given their 3.3 bonus.
    pub entry_bonus: u8,
    /// Who controls M7, N16, N3 (9.0).
    pub control: [Side; 3],
    /// Strength exited through Q2 (9.2).
    pub exited: u8,
    /// Next stacking order number (a unit placed on a stack goes on top).
    pub next_order: u16,
}

impl State {
    /// The current strength of a unit: printed strength less hits.
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[u.index()]
    }
    /// Mutable access to a unit.
    pub fn unit_mut(&mut self, u: UnitId) -> &mut UnitState {
        &mut self.units[u.index()]
    }
    /// The hex a unit stands in, if on the map.
    pub fn hex_of(&self, u: UnitId) -> Option<HexId> {
        match self.units[u.index()].pos {
            Pos::Hex(h) => Some(h),
            _ => None,
        }
    }
    /// Places a unit on top of the stack in `hex`.
    pub fn place(&mut self, u: UnitId, hex: HexId) {
        let order = self.next_order;
        self.next_order += 1;
        let s = self.unit_mut(u);
        s.pos = Pos::Hex(hex);
        s.order = order;
    }
}
