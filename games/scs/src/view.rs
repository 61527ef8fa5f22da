//! What a viewer may see (Fog of war): its own units whole; of the enemy's,
//! the top unit of each stack, the height of every stack, and the units in
//! motion or in a declared fight. `resample_hidden` redraws the rest.

use crate::board::Board;
use crate::charts::CrtResult;
use crate::movement::mp;
use crate::state::{FightKind, Phase, Pos, Stage, State};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_core::{Dice, Text, Viewer};
use serde::Serialize;

/// One unit as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitView {
    /// Notation id.
    pub id: String,
    /// Side id.
    pub side: String,
    /// Name.
    pub name: Text,
    /// Symbol.
    pub kind: String,
    /// Size.
    pub size: String,
    /// `hex`, `off`, `eliminated` or `exited`.
    pub pos: &'static str,
    /// Its hex (`07.12`) when on the map.
    pub hex: Option<String>,
    /// Values of the face showing.
    pub attack: u8,
    /// Defence of the face showing.
    pub defence: u8,
    /// Movement allowance of the face showing.
    pub movement: u8,
    /// Steps in all.
    pub steps: u8,
    /// Steps lost.
    pub lost: u8,
    /// On top of its stack.
    pub top: bool,
    /// Its stack position, top first (0).
    pub depth: u8,
    /// Exploit-capable.
    pub exploit: bool,
    /// Barrage value and range.
    pub barrage: u8,
    /// Barrage range.
    pub range: u8,
    /// Out of supply marker.
    pub oos: bool,
    /// DG marker.
    pub dg: bool,
    /// The game turn it arrives, for a reinforcement still off the map.
    pub arrives: Option<u8>,
    /// MP left this phase (own units in the phasing side's phase, and the
    /// stack moving now for everyone).
    pub mp_left: Option<String>,
    /// Its movement this phase is over (own units).
    pub done: bool,
}

/// A hex's stack height (a physical stack shows how many counters it has).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StackView {
    /// The hex.
    pub hex: String,
    /// Side holding it.
    pub side: String,
    /// Units in it.
    pub count: u8,
}

/// The fight under way as seen by everyone (attackers are shown when they
/// join, defenders when it is declared).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FightView {
    /// `attack` or `overrun`.
    pub kind: FightKind,
    /// Target hex.
    pub target: String,
    /// Attackers.
    pub attackers: Vec<String>,
    /// Defenders (once declared).
    pub defenders: Vec<String>,
    /// Stage.
    pub stage: Stage,
    /// Attack strength (fractions kept), once declared.
    pub attack: Option<String>,
    /// Defence strength, once declared.
    pub defence: Option<String>,
    /// Rounded odds.
    pub odds: Option<String>,
    /// Column shift.
    pub shift: Option<i8>,
    /// Column used.
    pub column: Option<String>,
    /// 2d6 total.
    pub roll: Option<u8>,
    /// Result.
    pub result: Option<String>,
    /// Steps owed in a loss stage.
    pub owed: u8,
    /// Units still retreating, with hexes left.
    pub retreating: Vec<(String, u8)>,
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Scenario id.
    pub scenario: String,
    /// Game turn.
    pub turn: u8,
    /// Game turns.
    pub turns: u8,
    /// This turn's label.
    pub turn_name: Text,
    /// Phasing side id.
    pub player: String,
    /// Phase.
    pub phase: Phase,
    /// The viewer's side, if a seat.
    pub me: Option<String>,
    /// Units the viewer may see.
    pub units: Vec<UnitView>,
    /// Every occupied hex with its stack height.
    pub stacks: Vec<StackView>,
    /// The force moving now.
    pub force: Vec<String>,
    /// The fight under way.
    pub fight: Option<FightView>,
    /// Side that must clear overstacked hexes.
    pub overstack: Option<String>,
    /// Control of each victory hex: (hex, side).
    pub control: Vec<(String, String)>,
    /// Victory points by side, in the sides' order.
    pub vp: [u32; 2],
}

/// `u`'s bit in a set of units (none beyond `scenario::MAX_UNITS`).
fn bit(u: UnitId) -> u128 {
    if u.index() < 128 {
        1 << u.index()
    } else {
        0
    }
}

impl Scs {
    /// Which units `viewer` sees (Fog of war). Cost: O(units + hexes).
    pub fn visible(&self, s: &State, viewer: Viewer) -> Vec<bool> {
        let bit = match viewer {
            Viewer::Seat(seat) => 1 << seat.index().min(2),
            Viewer::Spectator => 0b100,
        };
        self.seen_by_all(s).into_iter().map(|b| b & bit != 0).collect()
    }

    /// The units everyone sees wherever they stand: the stack moving now
    /// and the units of the fight under way, as bits by unit index.
    pub(crate) fn public_units(&self, s: &State) -> u128 {
        let mut public = s.force.iter().fold(0, |m, &u| m | bit(u));
        if let Some(f) = &s.fight {
            public = f.attackers.iter().chain(&f.defenders).fold(public, |m, &u| m | bit(u));
            public = f.retreating.iter().fold(public, |m, r| m | bit(r.unit));
        }
        public
    }

    /// Which viewers see each unit, as bits (seat 0, seat 1, spectator):
    /// its own side always; everyone the top of each stack (Fog of war),
    /// the stack moving now, the units of the fight under way, and units
    /// off the map. Cost: O(units + hexes).
    pub(crate) fn seen_by_all(&self, s: &State) -> Vec<u8> {
        let hidden = self.hidden_units(s, &self.stacks(s));
        self.scenario
            .unit_ids()
            .map(|u| if hidden & (1 << u.index()) != 0 { 1 << self.scenario.unit(u).side.index() } else { 0b111 })
            .collect()
    }

    /// The units only their own side sees, as bits by unit index (at most
    /// `scenario::MAX_UNITS`): those on the map that are not on top of their
    /// stack (as [`Scs::tops`] has it, read from `b`, the board of `s`), not
    /// moving now and not in the fight under way. O(units), no allocation.
    pub(crate) fn hidden_units(&self, s: &State, b: &Board) -> u128 {
        let public = self.public_units(s);
        let mut hidden = 0;
        for u in self.scenario.unit_ids() {
            let Pos::Hex(h) = s.unit(u).pos else { continue };
            // Each stack once, from its first unit by id.
            if b.count(h) > 1 && b.units_in(h).next() == Some(u) {
                let top = self.top_on(s, b, h, false);
                for v in b.units_in(h).filter(|&v| Some(v) != top) {
                    if public & bit(v) == 0 {
                        hidden |= bit(v);
                    }
                }
            }
        }
        hidden
    }

    pub(crate) fn make_view(&self, s: &State, viewer: Viewer) -> View {
        let grid = &self.map().grid;
        let seen = self.visible(s, viewer);
        let side_id = |x: Side| self.scenario.sides[x.index()].id.clone();
        let mut stacks: Vec<StackView> = Vec::new();
        let mut units = Vec::new();
        let mut by_hex: std::collections::BTreeMap<u16, Vec<UnitId>> = std::collections::BTreeMap::new();
        for u in self.scenario.unit_ids() {
            if let Pos::Hex(h) = s.unit(u).pos {
                by_hex.entry(h.index() as u16).or_default().push(u);
            }
        }
        for (&i, list) in &by_hex {
            let h = sandtable_board::HexId::from_index(usize::from(i));
            stacks.push(StackView {
                hex: grid.label(h),
                side: side_id(self.scenario.unit(list[0]).side),
                count: list.len() as u8,
            });
        }
        for u in self.scenario.unit_ids().filter(|u| seen[u.index()]) {
            let spec = self.scenario.unit(u);
            let us = s.unit(u);
            let own = viewer == Viewer::Seat(spec.side.seat());
            let face = spec.face(us.lost);
            let (hex, depth, top) = match us.pos {
                Pos::Hex(h) => {
                    let stack = self.stack(s, h);
                    let d = stack.iter().position(|&x| x == u).unwrap_or(0);
                    (Some(grid.label(h)), d as u8, d == 0)
                }
                _ => (None, 0, false),
            };
            // The stack moving now counts its MP in the open.
            let moving = (own || s.force.contains(&u))
                && s.player == spec.side
                && matches!(s.phase, Phase::Movement | Phase::Exploitation);
            units.push(UnitView {
                id: spec.id.clone(),
                side: side_id(spec.side),
                name: spec.name.clone(),
                kind: spec.kind.clone(),
                size: spec.size.clone(),
                pos: match us.pos {
                    Pos::Hex(_) => "hex",
                    Pos::Off => "off",
                    Pos::Eliminated => "eliminated",
                    Pos::Exited => "exited",
                },
                hex,
                attack: face.attack,
                defence: face.defence,
                movement: face.movement,
                steps: spec.steps,
                lost: us.lost,
                top,
                depth: if own { depth } else { 0 },
                exploit: spec.exploit,
                barrage: spec.barrage,
                range: spec.range,
                oos: us.out_of_supply,
                dg: us.dg,
                arrives: match (&spec.start, us.pos) {
                    (crate::unit::Start::Arrives { turn, .. }, Pos::Off) => Some(*turn),
                    _ => None,
                },
                mp_left: moving.then(|| mp(self.allowance(s, u).saturating_sub(us.spent))),
                done: own && us.done,
            });
        }
        let fight = s.fight.as_ref().map(|f| {
            let odds = f.odds.as_ref();
            FightView {
                kind: f.kind,
                target: grid.label(f.target),
                attackers: f.attackers.iter().map(|&u| self.scenario.unit(u).id.clone()).collect(),
                defenders: f.defenders.iter().map(|&u| self.scenario.unit(u).id.clone()).collect(),
                stage: f.stage,
                attack: odds.map(|o| o.attack.to_string()),
                defence: odds.map(|o| o.defence.to_string()),
                odds: odds.map(|o| o.odds.to_string()),
                shift: odds.map(|o| o.shift),
                column: odds.map(|o| self.scenario.charts.crt.columns[usize::from(o.used)].to_string()),
                roll: f.roll,
                result: f.result.map(CrtResult::text),
                owed: f.owed,
                retreating: f.retreating.iter().map(|r| (self.scenario.unit(r.unit).id.clone(), r.left)).collect(),
            }
        });
        View {
            scenario: self.scenario.id.clone(),
            turn: s.turn,
            turns: self.scenario.turns,
            turn_name: self.scenario.turn_name(s.turn),
            player: side_id(s.player),
            phase: s.phase,
            me: match viewer {
                Viewer::Seat(seat) => Side::of_seat(seat).map(side_id),
                Viewer::Spectator => None,
            },
            units,
            stacks,
            force: s.force.iter().map(|&u| self.scenario.unit(u).id.clone()).collect(),
            fight,
            overstack: s.overstack.map(side_id),
            control: self
                .scenario
                .victory
                .hexes
                .iter()
                .zip(&s.control)
                .map(|(v, &c)| (grid.label(v.hex), side_id(c)))
                .collect(),
            vp: self.victory_points(s),
        }
    }

    /// A state `viewer` cannot tell from `s`: the units it may not see
    /// shuffled among the places of hidden units alike in every way it
    /// could notice (side, movement class, ZOC, whether it may head a
    /// stack, stacking points), and the dice to come redrawn.
    pub(crate) fn resample(&self, s: &State, viewer: Viewer, seed: u64) -> State {
        let mut other = s.clone();
        let mut dice = Dice::from_seed(seed);
        let seen = self.visible(s, viewer);
        let mut groups: std::collections::BTreeMap<(u8, u8, bool, bool, u8), Vec<UnitId>> = Default::default();
        for u in self.scenario.unit_ids() {
            if seen[u.index()] || !matches!(s.unit(u).pos, Pos::Hex(_)) {
                continue;
            }
            let spec = self.scenario.unit(u);
            let lost = s.unit(u).lost;
            let key = (
                spec.side.index() as u8,
                spec.class,
                spec.has_zoc(lost),
                spec.may_head(lost),
                spec.stacking_points(lost),
            );
            groups.entry(key).or_default().push(u);
        }
        for units in groups.values() {
            // What belongs to the place (position, stack order, whether it
            // began the phase in an enemy ZOC, the markers on it) moves with
            // the place; steps and this phase's history stay with the unit.
            let mut slots: Vec<(Pos, u32, bool, bool, bool)> = units
                .iter()
                .map(|&u| {
                    let x = s.unit(u);
                    (x.pos, x.order, x.began_in_ezoc, x.dg, x.out_of_supply)
                })
                .collect();
            // Sorted first: the world drawn must not depend on which hidden
            // unit holds which place, or a bot sampling worlds could tell
            // apart states its seat cannot.
            slots.sort_unstable();
            dice.shuffle(&mut slots);
            for (&u, (pos, order, ezoc, dg, oos)) in units.iter().zip(slots) {
                let us = other.unit_mut(u);
                us.pos = pos;
                us.order = order;
                us.began_in_ezoc = ezoc;
                us.dg = dg;
                us.out_of_supply = oos;
            }
        }
        // The dice to come are hidden from everyone.
        other.dice = Dice::from_seed(seed ^ 0x9e37_79b9_7f4a_7c15);
        other
    }
}
