//! What a seat (or a spectator) sees. Everything on the map is open in
//! Corps Command; the only secret is a level picked under 2.1/2.2 until the
//! pair's levels are set, and the dice's future (never shown to anyone).

use crate::state::{Act, Phase, Pos, Privilege, State};
use crate::unit::Side;
use crate::victory::Victory;
use crate::Totensonntag;
use sandtable_core::Viewer;
use serde::Serialize;

/// A secret initiative choice as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "state", content = "value")]
pub enum SecretView {
    /// No choice pending.
    None,
    /// The other side has (or has not) chosen; what, is hidden.
    Hidden(bool),
    /// Your own choice: 0 = roll, 1–6 = the level picked.
    Mine(u8),
}

/// A unit as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitView {
    /// Code.
    pub code: String,
    /// Side.
    pub side: Side,
    /// Hex label when on the map.
    pub hex: Option<String>,
    /// Where: on the map, off (reinforcement), exited, destroyed.
    pub pos: Pos,
    /// Current strength.
    pub strength: u8,
    /// Printed strength.
    pub full: u8,
    /// Stacking order (higher is nearer the top).
    pub order: u16,
    /// Its action this impulse.
    pub act: Act,
    /// MP left while moving.
    pub mp: u8,
    /// An arrived reinforcement that may enter.
    pub arrived: bool,
}

/// The view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Turn (1 = 19 Nov).
    pub turn: u8,
    /// Turns in the game.
    pub turns: u8,
    /// Date of the turn.
    pub date: String,
    /// Impulse pair.
    pub pair: u8,
    /// Pairs per turn.
    pub pairs: u8,
    /// Phase.
    pub phase: Phase,
    /// Initiative levels (0 = not set yet).
    pub level: [u8; 2],
    /// Privileges for this pair.
    pub privilege: [Privilege; 2],
    /// Secret choices.
    pub secret: [SecretView; 2],
    /// First side of this pair.
    pub first: Side,
    /// The unit whose action is under way.
    pub active: Option<String>,
    /// Every unit.
    pub units: Vec<UnitView>,
    /// Control of M7, N16, N3.
    pub control: [Side; 3],
    /// Strength exited toward Tobruk.
    pub exited: u8,
    /// Victory points now.
    pub victory: Victory,
    /// Hexes that may be advanced into (7.3).
    pub cleared: Vec<String>,
}

impl Totensonntag {
    pub(crate) fn make_view(&self, s: &State, viewer: Viewer) -> View {
        let grid = &self.map.grid;
        let secret = Side::ALL.map(|side| match s.secret[side.index()] {
            None if s.phase == Phase::InitiativePick && s.privilege[side.index()] == Privilege::Pick => {
                SecretView::Hidden(false)
            }
            None => SecretView::None,
            Some(n) if viewer == Viewer::Seat(side.seat()) => SecretView::Mine(n),
            Some(_) => SecretView::Hidden(true),
        });
        View {
            turn: s.turn,
            turns: self.scenario.turns,
            date: format!("{} Nov 1941", 18 + s.turn),
            pair: s.pair,
            pairs: s.pairs,
            phase: s.phase,
            level: s.level,
            privilege: s.privilege,
            secret,
            first: s.first,
            active: s.active.map(|u| self.scenario.unit(u).code.clone()),
            units: self
                .scenario
                .unit_ids()
                .map(|u| {
                    let us = s.unit(u);
                    UnitView {
                        code: self.scenario.unit(u).code.clone(),
                        side: self.side(u),
                        hex: s.hex_of(u).map(|h| grid.label(h)),
                        pos: us.pos,
                        strength: self.strength(s, u),
                        full: self.scenario.unit(u).strength,
                        order: us.order,
                        act: us.act,
                        mp: us.mp,
                        arrived: self.arrived(s, u),
                    }
                })
                .collect(),
            control: s.control,
            exited: s.exited,
            victory: self.victory(s),
            cleared: s.cleared.iter().map(|h| grid.label(h.0)).collect(),
        }
    }
}
