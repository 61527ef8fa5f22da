//! What changes during a game: positions, steps, phase, the force moving,
//! the combat under way. Plain data, serialised into game files.

use crate::charts::{BarrageResult, CrtResult, Odds};
use crate::ratio::Ratio;
use crate::scenario::{MAX_PAID, MAX_UNITS_A_SIDE};
use crate::unit::{Side, UnitId};
use sandtable_board::HexId;
use sandtable_core::Dice;
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Units of one side, in order, inline (at most [`MAX_UNITS_A_SIDE`]).
pub type Units = ArrayVec<[UnitId; MAX_UNITS_A_SIDE]>;

/// Hexes, one per unit of a side at most, inline.
pub type Hexes = ArrayVec<[HexId; MAX_UNITS_A_SIDE]>;

/// Where a unit is. Ordered only so hidden units' places can be put in a
/// canonical order before they are shuffled (`view.rs`, resampling).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pos {
    /// Not yet on the map: a reinforcement to come, or a unit its owner
    /// places in set-up.
    Off,
    /// On the map.
    Hex(HexId),
    /// Eliminated.
    Eliminated,
    /// Left the map through an exit hex for victory points.
    Exited,
}

/// One unit's changing state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// Where it is.
    pub pos: Pos,
    /// Steps lost.
    pub lost: u8,
    /// Stack order: among the units of a hex that may head it (4.0c), the
    /// highest is on top.
    pub order: u32,
    /// Half movement points spent this phase (3.1c).
    pub spent: u16,
    /// Its movement this phase is over (3.0: one unit or stack at a time).
    pub done: bool,
    /// It began this phase in an enemy ZOC (2.1b, 6.0).
    pub began_in_ezoc: bool,
    /// It has overrun this phase (6.1b).
    pub overran: bool,
    /// It has attacked, or barraged, this Combat Phase (7.0 authored).
    pub attacked: bool,
    /// Out of supply, as marked in its side's last Supply Phase (12.0).
    pub out_of_supply: bool,
    /// Disorganised (module `barrage`).
    pub dg: bool,
}

/// The phase of the player turn (1.0), or the set-up before play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Set-up: `State::player` places its units given "within N" (note 1).
    SetUp,
    /// Movement Phase: reinforcements, movement, overruns.
    Movement,
    /// Combat Phase: attacks (and barrages with the module).
    Combat,
    /// Exploitation Phase: exploit-capable units move and overrun.
    Exploitation,
    /// The game is over.
    Over,
}

/// What kind of fight is being resolved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FightKind {
    /// A regular attack in the Combat Phase (7.0).
    Attack,
    /// An overrun in the Movement or Exploitation Phase (6.0).
    Overrun,
}

/// Where the resolution of a fight has got to (7.0 authored order: the
/// attacker's losses, the defender's, the defender's retreat, the
/// attacker's retreat, advance after combat).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Being formed (attacks only): units join, nothing is revealed yet.
    Forming,
    /// Declared: the odds are shown, the roll is next (no cancelling).
    Declared,
    /// The attacker chooses which units lose the steps owed.
    AttackerLosses,
    /// The defender chooses which units lose the steps owed.
    DefenderLosses,
    /// The defender retreats its units.
    DefenderRetreat,
    /// The attacker retreats its units.
    AttackerRetreat,
    /// The attacker may advance into the vacated hex (10.0).
    Advance,
}

/// The odds of a declared fight, as computed (SCS *Rounding*, 7.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightOdds {
    /// Total attack strength, fractions kept.
    pub attack: Ratio,
    /// Total defence strength, fractions kept.
    pub defence: Ratio,
    /// The rounded odds.
    pub odds: Odds,
    /// The column before shifts.
    pub column: u8,
    /// The column shift applied.
    pub shift: i8,
    /// The column used.
    pub used: u8,
}

/// A unit retreating.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retreating {
    /// The unit.
    pub unit: UnitId,
    /// The hex it retreats from.
    pub origin: HexId,
    /// Hexes it must still retreat.
    pub left: u8,
}

/// The fight under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// Attack or overrun.
    pub kind: FightKind,
    /// The defending hex.
    pub target: HexId,
    /// The attacking units.
    pub attackers: Units,
    /// The defending units, fixed when the fight is declared.
    pub defenders: Units,
    /// Where resolution has got to.
    pub stage: Stage,
    /// The odds, once declared.
    pub odds: Option<FightOdds>,
    /// The 2d6 total, once rolled.
    pub roll: Option<u8>,
    /// The result, once rolled.
    pub result: Option<CrtResult>,
    /// Steps still owed in a loss stage.
    pub owed: u8,
    /// Units still retreating.
    pub retreating: ArrayVec<[Retreating; MAX_UNITS_A_SIDE]>,
    /// Enemy-ZOC hexes a retreating stack has paid its step for: the hex it
    /// retreats from, the hex entered, and how many hexes it had retreated
    /// on entering (2.1d: one step per stack, not per unit).
    pub paid: ArrayVec<[(HexId, HexId, u8); MAX_PAID]>,
}

/// The whole changing state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// All chance.
    pub dice: Dice,
    /// The game turn (1-based).
    pub turn: u8,
    /// The phasing player (the one setting up in set-up).
    pub player: Side,
    /// The phase.
    pub phase: Phase,
    /// Every unit, by [`UnitId`].
    pub units: Vec<UnitState>,
    /// The units moving together now (3.0), and whether they have moved.
    pub force: Units,
    /// Whether the force has left its hex (no more units may join).
    pub force_moved: bool,
    /// The hex the force began its move in (4.0a: a force over the limit
    /// when it would overrun goes back there and moves anew).
    pub force_from: Option<HexId>,
    /// The fight under way.
    pub fight: Option<Fight>,
    /// Hexes overrun this phase (6.1b).
    pub overrun_hexes: Hexes,
    /// Hexes attacked this Combat Phase (7.0 authored, 7.2d errata).
    pub attacked_hexes: Hexes,
    /// A side that must eliminate units over the stacking limit before the
    /// phase ends (4.0a).
    pub overstack: Option<Side>,
    /// Who controls each victory hex, in the scenario's order.
    pub control: Vec<Side>,
    /// Steps each side has lost to elimination (3.3c counts units forced
    /// off the map).
    pub eliminated_steps: [u16; 2],
    /// Steps each side has exited.
    pub exited_steps: [u16; 2],
    /// The next stack-order number.
    pub next_order: u32,
    /// What the dice of the last action decided, as its log told everyone;
    /// cleared when the next action is taken. The odds shown before a roll
    /// (`forecast.rs`) name each way the dice may fall by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<Rolled>,
}

/// The result a roll just gave ([`State::rolled`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rolled {
    /// A fight's combat result (7.0).
    Combat(CrtResult),
    /// A barrage's result.
    Barrage(BarrageResult),
}

impl State {
    /// A unit's state.
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[u.index()]
    }
    /// A unit's state, to change.
    pub fn unit_mut(&mut self, u: UnitId) -> &mut UnitState {
        &mut self.units[u.index()]
    }
    /// The hex a unit is in, if on the map.
    pub fn hex_of(&self, u: UnitId) -> Option<HexId> {
        match self.unit(u).pos {
            Pos::Hex(h) => Some(h),
            _ => None,
        }
    }
    /// Puts a unit in a hex, on top of its stack.
    pub fn place(&mut self, u: UnitId, h: HexId) {
        let order = self.next_order;
        self.next_order += 1;
        let us = self.unit_mut(u);
        us.pos = Pos::Hex(h);
        us.order = order;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inline_list_reads_and_writes_as_a_plain_list_and_refuses_too_many() {
        let full: Units = (0..MAX_UNITS_A_SIDE).map(UnitId::from_index).collect();
        let json = serde_json::to_string(&full).expect("json");
        assert_eq!(json, serde_json::to_string(&full.to_vec()).expect("json"));
        assert_eq!(serde_json::from_str::<Units>(&json).expect("reads"), full);
        let over: Vec<UnitId> = (0..=MAX_UNITS_A_SIDE).map(UnitId::from_index).collect();
        let over = serde_json::to_string(&over).expect("json");
        let err = serde_json::from_str::<Units>(&over).expect_err("one past the capacity");
        assert!(err.to_string().contains(&format!("invalid length {MAX_UNITS_A_SIDE}")), "{err}");
    }
}
