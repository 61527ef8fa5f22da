//! Tables derived once from the scenario for the code that runs on every
//! candidate action: each hex's neighbours, which movement classes may
//! enter each of them (2.0b ZOC, 2.1c attacks), where a supply line may
//! pass (12.0), each side's reinforcements, and each unit's values by face
//! in a compact row (its side, class, ZOC, whether it may head a stack,
//! its movement allowance under each penalty). They say nothing the
//! scenario does not: `Scs::enterable`, `Scs::allowance`, the board and the
//! supply search read them.

use crate::ratio::Ratio;
use crate::unit::{Side, Start, UnitId};
use crate::Scs;
use std::sync::atomic::{AtomicU64, Ordering};

/// A unit's values, by face: index 0 at full strength, 1 once a step is
/// lost (the reduced face, SCS *Components*).
#[derive(Clone, Debug)]
pub(crate) struct UnitRow {
    /// Its side.
    pub side: Side,
    /// Its movement class.
    pub class: u8,
    /// Whether the face has a ZOC (2.0a).
    pub zoc: [bool; 2],
    /// Whether the face may head a stack (4.0c).
    pub head: [bool; 2],
    /// Whether the face's printed movement allowance is above 0 (3.1e).
    pub moves: [bool; 2],
    /// Exploit-capable (11.0).
    pub exploit: bool,
    /// Its steps.
    pub steps: u8,
    /// Fixed stacking points, or `None`: the steps left (4.0).
    pub stacking: Option<u8>,
    /// Movement allowance in half MP, by face and by penalty: bit 0 out of
    /// supply, bit 1 DG (Cumulative effects, then rounded to a whole MP).
    pub allowance: [[u16; 4]; 2],
}

impl UnitRow {
    /// The face index after `lost` steps.
    pub fn face(lost: u8) -> usize {
        usize::from(lost != 0)
    }
    /// Stacking points with `lost` steps gone (as `UnitSpec::stacking_points`).
    pub fn points(&self, lost: u8) -> u8 {
        self.stacking.unwrap_or(self.steps.saturating_sub(lost))
    }
}

/// The derived tables of one scenario. Built in O(hexes × 6 × classes +
/// units).
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    /// Which tables these are, unique in the process (a clone of the game
    /// shares them): what a board kept for reuse is keyed on.
    pub serial: u64,
    /// Per hex and direction: bit `c` set when class `c` could enter that
    /// neighbour from the hex in normal movement (roads negate prohibited
    /// terrain, 3.2d).
    pub enter: Vec<[u8; 6]>,
    /// Movement classes.
    pub classes: usize,
    /// Per hex, direction and class (`(hex × 6 + direction) × classes +
    /// class`): the cost in half MP of that step in normal movement
    /// (`Scs::terrain_cost` with roads), or [`ASK`].
    pub step: Vec<u16>,
    /// Per hex: bit 6 set when some class may be in it (a supply line may
    /// pass, 12.0); bit `d` when a supply line may cross the hexside in
    /// direction `d` (not prohibited to every class, or along a road).
    pub supply: Vec<u8>,
    /// Per hex: bit `i` set when side `i` may exit the map from it.
    pub exits: Vec<u8>,
    /// Per unit.
    pub units: Vec<UnitRow>,
    /// Per side: its reinforcements (SCS 5.0), by id.
    pub arrivals: [Vec<UnitId>; 2],
}

/// In [`Tables::step`]: prohibited, or a cost too large to keep there —
/// ask `Scs::terrain_cost`.
pub(crate) const ASK: u16 = u16::MAX;

/// [`Tables::supply`]: some class may be in the hex.
pub(crate) const SUPPLY_OPEN: u8 = 1 << 6;

impl Tables {
    /// The tables of `scs`'s scenario, read through its own rules (the
    /// terrain costs, the supply line's terrain), so they agree by
    /// construction.
    pub fn new(scs: &Scs) -> Tables {
        let scenario = &scs.scenario;
        let grid = &scenario.map.grid;
        let classes = scenario.charts.classes.len().min(8) as u8;
        let mut enter = Vec::with_capacity(grid.len());
        let mut supply = Vec::with_capacity(grid.len());
        let mut step = vec![ASK; grid.len() * 6 * usize::from(classes)];
        for h in grid.ids() {
            let mut e = [0u8; 6];
            let mut sup = if scs.supply_terrain_open(h) { SUPPLY_OPEN } else { 0 };
            for (d, n) in grid.neighbors(h) {
                for c in 0..classes {
                    let cost = scs.terrain_cost(c, h, n, true);
                    if cost.is_some() {
                        e[d.index()] |= 1 << c;
                    }
                    step[(h.index() * 6 + d.index()) * usize::from(classes) + usize::from(c)] = cost.unwrap_or(ASK);
                }
                if scs.supply_crosses(h, n) {
                    sup |= 1 << d.index();
                }
            }
            enter.push(e);
            supply.push(sup);
        }
        let charts = &scenario.charts;
        let units = scenario
            .unit_ids()
            .map(|u: UnitId| {
                let spec = scenario.unit(u);
                let faces = [0u8, 1].map(|lost| spec.face(lost));
                let allowance = faces.map(|face| {
                    [0usize, 1, 2, 3].map(|penalty| {
                        let mut ma = Ratio::whole(u64::from(face.movement));
                        if penalty & 1 != 0 {
                            ma = ma * charts.supply.movement;
                        }
                        if penalty & 2 != 0 {
                            ma = ma * charts.dg.movement;
                        }
                        (ma.round().min(u64::from(u16::MAX / 2)) * 2) as u16
                    })
                });
                UnitRow {
                    side: spec.side,
                    class: spec.class,
                    zoc: [spec.has_zoc(0), spec.has_zoc(1)],
                    head: [spec.may_head(0), spec.may_head(1)],
                    moves: [spec.face(0).movement > 0, spec.face(1).movement > 0],
                    exploit: spec.exploit,
                    steps: spec.steps,
                    stacking: spec.stacking,
                    allowance,
                }
            })
            .collect();
        let mut exits = vec![0u8; grid.len()];
        for e in &scenario.victory.exits {
            for h in &e.hexes {
                exits[h.index()] |= 1 << e.side.index();
            }
        }
        let arrivals = Side::ALL.map(|side| {
            scenario
                .unit_ids()
                .filter(|&u| scenario.unit(u).side == side && matches!(scenario.unit(u).start, Start::Arrives { .. }))
                .collect()
        });
        static SERIAL: AtomicU64 = AtomicU64::new(1);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        Tables { serial, enter, classes: usize::from(classes), step, supply, exits, units, arrivals }
    }
}
