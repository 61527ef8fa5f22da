//! Bot knowledge of the Standard Combat Series: how a position looks and
//! what a sensible player does ([`sandtable_core::Heuristics`]), for any
//! scenario file — every term reads the scenario's own victory conditions,
//! charts and units, nothing is keyed to Beda Fomm or Sidi Rezegh.
//!
//! # Evaluation
//!
//! A scenario is won on victory points (*Victory*, authored: the higher
//! total wins, equal totals go to the side the scenario names, else a
//! draw). `evaluate` computes a *balance* in victory points from the first
//! side's (seat 0's) view — the margin it will probably have at the end —
//! and squashes it into (0, 1); the other seat gets the complement, so the
//! two always add up to 1. Once the game is over (`Phase::Over`) it is the
//! outcome itself: 1 for the winner, 0 for the loser, ½ for a draw. The
//! balance is the sum of:
//!
//! - **The margin now (*Victory*)**: both sides' points as
//!   [`Scs::victory_points`] counts them — victory hexes controlled, enemy
//!   steps eliminated (units forced off the map included, 3.3c), steps
//!   exited — plus ½ toward the side that wins ties (none: a draw is ½).
//! - **The fight under way (7.0, 6.0)**: a declared fight counts its
//!   expectation over the 2d6 of its CRT column — steps each side will lose
//!   (each worth the enemy's VP per step plus its attrition share below),
//!   and the chance the defender's hex is emptied (eliminated or retreated),
//!   worth 0.8 × the hex's VP when it is a victory hex the attacker does not
//!   control (the attacker advances into it, 10.0, and takes control), 0.3
//!   VP of ground otherwise. An attack being formed counts the same, with
//!   every unit that may still join it, and is not floored at zero though
//!   it may be cancelled: a one-ply look would otherwise form and cancel it
//!   forever. Steps already owed in a loss stage count as lost.
//! - **Attrition (7.0, 12.0, barrage)**: 3 VP × (share of the enemy's
//!   printed strength gone − share of one's own). Strength is attack +
//!   defence + barrage of the face showing, times the out-of-supply (12.0)
//!   and DG multipliers of the charts; a reduced face counts its lower
//!   values, eliminated units nothing, units still to arrive (5.0) and
//!   exited units their printed face. The side with more fighting power
//!   left wins the fights to come; a unit cut off from supply fights at half.
//! - **Supply as the next Supply Phase will mark it (12.0)**: every term
//!   that reads supply (attrition, the threat to a held hex) traces the
//!   supply lines of the position itself rather than reading the markers:
//!   a unit cut off counts as such at once, and the Supply Phase that ends
//!   a player turn changes nothing the evaluation has not already counted —
//!   otherwise ending a turn could lower the ender's value and a bot would
//!   rather stall than end it.
//! - **The contest for each victory hex (*Victory*: control passes when an
//!   enemy unit enters)**: a hex is expected to stay with its controller,
//!   except that an enemy able to walk in (its nearest unit that moves,
//!   `closeness` 1 when adjacent, 0 at 10 hexes) pulls up to 0.6 of its
//!   value away, less the controller's own nearest unit's closeness. A
//!   unit standing on the hex holds it against any walk-in: the enemy must
//!   attack (7.0), so the pull is then 0.6 × the share of the way from 1:1
//!   to 4:1 of the raw odds of the enemy units within 4 hexes (those
//!   within 2 at full strength, the others at half) against the defence of
//!   the hex. A side with no Movement Phase left to begin (1.0) walks into
//!   nothing, and its own units away from the hex no longer count as
//!   holding it.
//! - **Escape (the scenario's exits, Components C)**: each unit of a side
//!   that scores for exiting is worth 0.6 × the exit VP × its steps ×
//!   (1 − d/16)², d its distance in hexes to the nearest exit hex — only
//!   while that side still has a Movement Phase to begin (1.0), and × 0.7
//!   for each enemy unit with a ZOC within 3 hexes of the exit hexes (2.1a:
//!   it costs MP to pass and it fights). Convex: the last hexes before the
//!   edge count the most; a unit that exits scores the full VP, more than
//!   standing on the exit hex.
//! - **Overstacking (4.0a)**: stacking points above the limit in a hex are
//!   steps the owner will have to eliminate at the phase's end, counted as
//!   lost.
//! - **Going toward the objective**: per mobile combat unit, 0.15 VP ×
//!   (1 − g/24)² for its nearest ground objective (a victory hex its side
//!   does not control, an exit hex of its side) and 0.02 VP × (1 − e/24)²
//!   for its nearest enemy objective (an enemy unit it outfights, attack ×
//!   defence above the enemy's; for artillery any, counted to having it
//!   within barrage range; none for a side that scores by exiting), so a
//!   one-ply look sees a step forward as better than a step back. Small: it
//!   only orders positions otherwise equal; convex, so the unit under way
//!   keeps going (switching to another ends its move, 3.0).
//!
//! Movement Phases left are counted from the next one to begin: the one
//! under way is realised by its own actions (a walk-in changes control, an
//! exit scores), so ending it costs the ender nothing it had been credited
//! with. In the last player turn the phasing side's value is never above
//! what ending the game at once would give it (a one-ply look never
//! prefers a free action to ending a lost game). The squash scale is 2.5 VP
//! plus 0.35 × the victory hexes' total VP: a scenario with much ground at
//! stake is less decided by a few points.
//!
//! # Rollout policy
//!
//! `action_weight` ranks the legal actions of one decision, 1 being a plain
//! one:
//!
//! - **Moves (3.0)**: 60 into a victory hex its side does not control
//!   (control passes on entering); otherwise by the progress toward the
//!   unit's nearest objective (as above; a side with exits runs for them
//!   and for the victory hexes it lacks, not for the enemy): closer 3 +
//!   3000 × the forward terms' gain (×3 for the unit already under way,
//!   which keeps going rather than ending its move for another, 3.0; at
//!   most 500), 2 level, 1 back; 0 into a hex where the stack would be over
//!   the stacking limit (4.0a); 1 for the last unit of a held victory hex
//!   with an enemy within 3 hexes (it stays).
//! - **Exits (Components C)**: 500, always taken: the steps score at once.
//! - **Overruns (6.0) and attacks (7.0)** by their expected worth at the
//!   odds they would have (the fight term's expectation, with every
//!   friendly unit that could join the attack): 10 + 20 × the VP from 0.2
//!   VP up, 2 below, 0 (never) when it loses. While an attack is formed,
//!   units join it first (20); `declare` 60 once nobody else can join and
//!   it pays, 4 while someone can; `cancel` 0 when it pays, 60 when it does
//!   not and nobody can mend it.
//! - **Barrages** (module): free for the firer, so always likely: 25 with
//!   a spotter, 10 without (a column to the left).
//! - **Step losses (7.0) and stacking eliminations (4.0a)**: 1 + 40 / (1 +
//!   the fighting strength the loss costs): a reduced multi-step unit or a
//!   weak one rather than a strong face.
//! - **Retreats (2.1d)**: 12, but 1 into an enemy ZOC, which costs a step.
//! - **Advance after combat (10.0)**: 20, 200 into a victory hex; `end`
//!   before it 2.
//! - **`end`**: in a Movement or Exploitation Phase 3 while some unit still
//!   wants to move (has MP left and is not yet at its objective), 200 when
//!   none does; in the Combat Phase 2 while an attack or a barrage is
//!   possible, 200 when none is. **Stack order (4.0c)** 0, never in a
//!   rollout; a stack over the limit goes back (`back`, 4.0a) at 50.
//! - **Set-up and reinforcements (5.0)**: 6 on a victory hex of one's own,
//!   else by nearness to the objective.
//!
//! Both run on sampled worlds and read the whole state. Neither allocates:
//! the units on the map are kept in a fixed array (the first 256), the
//! evaluation costs O(units²) for the nearest-objective distances, a weight
//! O(units) at most (O(units²) for `end`).

use crate::charts::{Cost, Odds};
use crate::ratio::Ratio;
use crate::state::{Phase, Pos, Stage, State};
use crate::unit::{Side, UnitId};
use crate::{Action, Scs};
use sandtable_board::{Hex, HexId};
use sandtable_core::{squash, Heuristics, Overrule, Seat};
use std::cell::RefCell;

/// Units on the map the evaluation's pairwise passes read.
const MAX_ON_MAP: usize = 256;
/// Ways to roll each 2d6 total, 2 to 12 (out of 36).
const WAYS_2D6: [u8; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
/// VP for the whole of a side's printed strength (7.0, 12.0).
const ATTRITION: f64 = 3.0;
/// The most of a victory hex's value an enemy walking in pulls away.
const HEX_PULL: f64 = 0.6;
/// Closeness to a hex fades to nothing at this distance (hexes).
const NEAR: f64 = 10.0;
/// Of the exit VP, what a unit on an exit hex is worth before it leaves.
const EXIT_PULL: f64 = 0.6;
/// Rollout weight of a move per VP the forward terms gain by it.
const MOVE_GAIN: f64 = 3000.0;
/// Enemy units this near a victory hex held by a unit may attack it.
const ASSAULT_REACH: u16 = 4;
/// Each enemy unit with a ZOC this near a side's exit hexes…
const SCREEN_REACH: u16 = 3;
/// …leaves this share of the escape's pull.
const SCREEN: f64 = 0.7;
/// Beyond this distance an objective (or exit) pulls no more.
const FAR: u16 = 16;
/// VP per combat unit for standing at its objective rather than [`AHEAD`] off.
const FORWARD: f64 = 0.02;
/// The same for an objective on the ground (a victory hex to take, an exit):
/// more, since only one side gains by nearing it.
const FORWARD_GROUND: f64 = 0.15;
/// Beyond this distance a unit's objective pulls it no more.
const AHEAD: u16 = 24;
/// VP for emptying an enemy hex that is no victory hex (ground taken).
const GROUND: f64 = 0.3;
/// Of a victory hex's VP, what emptying it is worth (the advance takes it, 10.0).
const VACATED_HEX: f64 = 0.8;
/// The squash scale (the balance, VP, that reads as 73%): this much…
const SCALE: f64 = 2.5;
/// …plus this share of the victory hexes' VP: a scenario with much ground
/// at stake is less decided by a few points.
const SCALE_PER_HEX_VP: f64 = 0.35;
/// An attack or overrun worth at least this (VP) is a good one.
const GOOD: f64 = 0.2;

/// A unit on the map, as the pairwise passes read it.
#[derive(Copy, Clone)]
struct OnMap {
    unit: UnitId,
    hex: HexId,
    /// Its axial coordinates, for distances.
    at: Hex,
    side: Side,
    /// It fights (attack or barrage).
    combat: bool,
    /// It moves (printed MA above 0).
    mobile: bool,
    /// Attack × defence of its face: who outfights whom.
    power: u32,
    /// Barrage range when it has no attack (artillery), else 0.
    range: u16,
}

/// The expectation of a fight at one CRT column (7.0).
#[derive(Copy, Clone, Default)]
struct Expect {
    attacker: f64,
    defender: f64,
    vacate: f64,
}

/// The supply search's buffers, one set per thread, reused: the evaluation
/// allocates only when a bigger map than before comes along.
#[derive(Default)]
struct Scratch {
    /// Per hex: held by side 0 / 1 (bits 0, 1), in side 0's / 1's ZOC (bits
    /// 2, 3), passable to some movement class (bit 4).
    cell: Vec<u8>,
    /// Per hex: 0 unreached, else the hexes a supply line may still run
    /// from it, plus one.
    reach: Vec<u16>,
    queue: Vec<HexId>,
}

const HOLD: [u8; 2] = [1, 2];
const ZOC: [u8; 2] = [4, 8];
const OPEN: u8 = 16;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// +1 for seat 0's side, −1 for the other: the balance is seat 0's.
fn sign(side: Side) -> f64 {
    if side.index() == 0 {
        1.0
    } else {
        -1.0
    }
}

/// How close a distance is: 1 on the hex or adjacent, 0 at [`NEAR`] and beyond.
fn closeness(d: u16) -> f64 {
    ((NEAR - f64::from(d.max(1))) / (NEAR - 1.0)).clamp(0.0, 1.0)
}

/// Attackers' totals while an attack is summed up (7.0: the hexside's
/// shift counts only when every attacker crosses such a hexside).
#[derive(Copy, Clone)]
struct Attackers {
    attack: Ratio,
    steps: u16,
    count: u16,
    all_neg: bool,
    all_pos: bool,
    neg: i8,
    pos: i8,
    /// Some attacker has a ZOC (2.1c: else the attack cannot be declared).
    zoc: bool,
}

impl Attackers {
    const NONE: Attackers = Attackers {
        attack: Ratio::ZERO,
        steps: 0,
        count: 0,
        all_neg: true,
        all_pos: true,
        neg: i8::MIN,
        pos: i8::MAX,
        zoc: false,
    };

    fn hexside_shift(&self) -> i8 {
        if self.count == 0 {
            0
        } else if self.all_neg {
            self.neg
        } else if self.all_pos {
            self.pos
        } else {
            0
        }
    }
}

impl Scs {
    /// Steps a unit has left.
    fn steps_left(&self, s: &State, u: UnitId) -> u16 {
        u16::from(self.scenario.unit(u).steps.saturating_sub(s.unit(u).lost))
    }

    /// A unit's fighting strength now (see the module documentation):
    /// attack + defence + barrage of its face, times supply (as marked) and DG.
    fn strength(&self, s: &State, u: UnitId) -> f64 {
        self.strength_in(s, u, s.unit(u).out_of_supply)
    }

    /// The same with `oos` for its supply.
    fn strength_in(&self, s: &State, u: UnitId, oos: bool) -> f64 {
        let spec = self.scenario.unit(u);
        let us = s.unit(u);
        if us.pos == Pos::Eliminated || us.lost >= spec.steps {
            return 0.0;
        }
        let face = spec.face(us.lost);
        let charts = &self.scenario.charts;
        let (mut fa, mut fd) = (1.0, 1.0);
        if oos {
            fa *= charts.supply.attack.to_f64();
            fd *= charts.supply.defence.to_f64();
        }
        if us.dg {
            fa *= charts.dg.attack.to_f64();
            fd *= charts.dg.defence.to_f64();
        }
        (f64::from(face.attack) + f64::from(spec.barrage)) * fa + f64::from(face.defence) * fd
    }

    /// A unit's printed full strength.
    fn printed(&self, u: UnitId) -> f64 {
        let spec = self.scenario.unit(u);
        f64::from(spec.full.attack) + f64::from(spec.barrage) + f64::from(spec.full.defence)
    }

    /// What one step of `side` lost is worth to the balance (VP, positive):
    /// the enemy's VP per step plus the average step's share of attrition.
    fn step_value(&self, side: Side) -> f64 {
        let mut steps = 0u32;
        for spec in &self.scenario.units {
            if spec.side == side {
                steps += u32::from(spec.steps);
            }
        }
        let per = f64::from(self.scenario.victory.per_step[side.other().index()]);
        per + if steps == 0 { 0.0 } else { ATTRITION / f64::from(steps) }
    }

    /// The index of the victory hex at `h`, if it is one.
    fn vp_index(&self, h: HexId) -> Option<usize> {
        self.scenario.victory.hexes.iter().position(|v| v.hex == h)
    }

    /// Whether `side` scores for leaving the map anywhere.
    fn has_exits(&self, side: Side) -> bool {
        self.scenario.victory.exits.iter().any(|e| e.side == side)
    }

    /// The distance from `h` to the nearest exit hex of `side`.
    fn exit_distance(&self, side: Side, h: HexId) -> u16 {
        let grid = &self.map().grid;
        let mut d = u16::MAX;
        for e in self.scenario.victory.exits.iter().filter(|e| e.side == side) {
            for &x in &e.hexes {
                d = d.min(grid.distance(h, x));
            }
        }
        d
    }

    /// Movement Phases `side` has still to begin (1.0); the one under way
    /// is not counted, so ending a phase never changes what the evaluation
    /// expects of the time left (a side losing on time would otherwise
    /// rather stall than end its phase).
    fn phases_after(&self, s: &State, side: Side) -> u32 {
        let later = u32::from(self.scenario.turns.saturating_sub(s.turn));
        let first = self.scenario.first;
        let this = match s.phase {
            Phase::Over => return 0,
            Phase::SetUp => 1,
            _ => u32::from(s.player == first && side != first),
        };
        later + this
    }

    /// Whether `s` is in the last player turn of the game (1.0): after it
    /// the outcome is decided.
    fn final_player_turn(&self, s: &State) -> bool {
        s.turn >= self.scenario.turns
            && s.player != self.scenario.first
            && matches!(s.phase, Phase::Movement | Phase::Combat | Phase::Exploitation)
    }

    /// Bit `k` set when terrain kind `k` (or hexside kind `k`) is passable to
    /// some movement class: a supply line never runs through what is
    /// prohibited to every class (12.0 authored). Kinds beyond 64 count as
    /// passable.
    fn open_kinds(costs: impl Iterator<Item = bool>) -> u64 {
        let mut bits = !0u64;
        for (k, open) in costs.take(64).enumerate() {
            if !open {
                bits &= !(1 << k);
            }
        }
        bits
    }

    /// Who holds each hex and whose ZOC covers it (2.0b), into the scratch.
    fn fill_cells(&self, s: &State, sc: &mut Scratch) {
        let grid = &self.map().grid;
        let charts = &self.scenario.charts;
        let open = Scs::open_kinds(charts.terrain.iter().map(|t| t.cost.iter().any(|&c| c != Cost::Prohibited)));
        let terrain = &self.map().terrain;
        sc.cell.clear();
        sc.cell.extend(grid.ids().map(|h| {
            let k = *terrain.get(h);
            if k >= 64 || open & (1 << k) != 0 {
                OPEN
            } else {
                0
            }
        }));
        for u in self.scenario.unit_ids() {
            let Pos::Hex(h) = s.unit(u).pos else { continue };
            let spec = self.scenario.unit(u);
            let k = spec.side.index();
            sc.cell[h.index()] |= HOLD[k];
            if spec.has_zoc(s.unit(u).lost) {
                for (_, x) in grid.neighbors(h) {
                    if self.enterable(spec.class, h, x) {
                        sc.cell[x.index()] |= ZOC[k];
                    }
                }
            }
        }
    }

    /// The hexes in supply for `side` now (12.0 authored, 2.1f, 2.1h), into
    /// `sc.reach`: what the next Supply Phase would find if nothing moved —
    /// the same search as [`Scs::supplied_hexes`], on the scratch, with all
    /// the sources at once (a hex keeps the longest line still allowed from
    /// it).
    fn fill_supply(&self, sc: &mut Scratch, side: Side) {
        let map = self.map();
        let grid = &map.grid;
        let charts = &self.scenario.charts;
        let sides_open = Scs::open_kinds(charts.hexsides.iter().map(|f| f.cost.iter().any(|&c| c != Cost::Prohibited)));
        let (own, enemy) = (side.index(), side.other().index());
        let Scratch { cell, reach, queue } = sc;
        let passable = |h: HexId| {
            let c = cell[h.index()];
            c & OPEN != 0 && c & HOLD[enemy] == 0 && (c & HOLD[own] != 0 || c & ZOC[enemy] == 0)
        };
        reach.clear();
        reach.resize(grid.len(), 0);
        queue.clear();
        for src in &self.scenario.supply[side.index()] {
            let r = src.range.map_or(u16::MAX - 1, |r| r.min(u16::MAX - 2)) + 1;
            for &h in &src.hexes {
                if passable(h) && reach[h.index()] < r {
                    reach[h.index()] = r;
                    queue.push(h);
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let h = queue[head];
            head += 1;
            let next = reach[h.index()] - 1;
            if next == 0 {
                continue;
            }
            let edges = &map.edges[h.index()];
            for (d, x) in grid.neighbors(h) {
                if reach[x.index()] >= next || !passable(x) {
                    continue;
                }
                // A hexside prohibited to every class stops the line unless a
                // road crosses it.
                let (feature, road) = edges[d.index()];
                let crosses = road != 0 || feature == 0 || feature > 64 || sides_open & (1 << (feature - 1)) != 0;
                if crosses {
                    reach[x.index()] = next;
                    queue.push(x);
                }
            }
        }
    }

    /// The units on the map, in a fixed array (the first [`MAX_ON_MAP`]).
    fn on_map_units(&self, s: &State, out: &mut [OnMap; MAX_ON_MAP]) -> usize {
        let mut n = 0;
        for u in self.scenario.unit_ids() {
            if n == MAX_ON_MAP {
                break;
            }
            if let Pos::Hex(h) = s.unit(u).pos {
                let spec = self.scenario.unit(u);
                let face = spec.face(s.unit(u).lost);
                out[n] = OnMap {
                    unit: u,
                    hex: h,
                    at: self.map().grid.hex(h),
                    side: spec.side,
                    combat: face.attack > 0 || spec.barrage > 0,
                    mobile: face.movement > 0,
                    power: u32::from(face.attack) * u32::from(face.defence),
                    range: if face.attack == 0 { u16::from(spec.range) } else { 0 },
                };
                n += 1;
            }
        }
        n
    }

    /// The distance from `h` to the nearest objective of unit `u`, ground
    /// or enemy. `u16::MAX` when there is none. O(units).
    fn objective_distance(&self, s: &State, u: UnitId, h: HexId) -> u16 {
        let [(ground, enemy)] = self.objective_distances(s, u, [h]);
        ground.min(enemy)
    }

    /// The distance from `h` to the nearest ground objective of `side`: a
    /// victory hex it does not control, an exit hex of its own.
    fn ground_distance(&self, s: &State, side: Side, h: HexId) -> u16 {
        let grid = &self.map().grid;
        let mut g = self.exit_distance(side, h);
        for (i, v) in self.scenario.victory.hexes.iter().enumerate() {
            if s.control[i] != side {
                g = g.min(grid.distance(h, v.hex));
            }
        }
        g
    }

    /// The distances from each of `hexes` to the nearest objectives of unit
    /// `u` (see the module documentation): ground (a victory hex its side
    /// does not control, an exit hex of its side) and enemy (a unit it
    /// outfights; for artillery any, counted to having it within range).
    /// One pass over the units for all the hexes: O(units × N).
    fn objective_distances<const N: usize>(&self, s: &State, u: UnitId, hexes: [HexId; N]) -> [(u16, u16); N] {
        let spec = self.scenario.unit(u);
        let side = spec.side;
        let grid = &self.map().grid;
        let mut out = [(u16::MAX, u16::MAX); N];
        for (o, &h) in out.iter_mut().zip(&hexes) {
            o.0 = self.ground_distance(s, side, h);
        }
        // A side that scores by leaving runs for the exits: the enemy is an
        // obstacle, not an objective.
        if self.has_exits(side) {
            return out;
        }
        let face = spec.face(s.unit(u).lost);
        let range = if face.attack == 0 { u16::from(spec.range) } else { 0 };
        let power = u32::from(face.attack) * u32::from(face.defence);
        let at = hexes.map(|h| grid.hex(h));
        for (i, us) in s.units.iter().enumerate() {
            let Pos::Hex(eh) = us.pos else { continue };
            let espec = &self.scenario.units[i];
            if espec.side == side {
                continue;
            }
            // Only an enemy it outfights (attack × defence above the
            // enemy's): approaching is otherwise as good for the enemy.
            let ef = espec.face(us.lost);
            if range == 0 && power <= u32::from(ef.attack) * u32::from(ef.defence) {
                continue;
            }
            let e = grid.hex(eh);
            for (o, a) in out.iter_mut().zip(&at) {
                o.1 = o.1.min(a.distance(e).saturating_sub(range));
            }
        }
        out
    }

    /// [`Scs::objective_distances`] of an entry of the on-map table, from
    /// the table.
    fn objective_distances_on(&self, s: &State, o: &OnMap, on: &[OnMap]) -> (u16, u16) {
        let g = self.ground_distance(s, o.side, o.hex);
        if self.has_exits(o.side) {
            return (g, u16::MAX);
        }
        let mut d = u16::MAX;
        for e in on {
            if e.side != o.side && (o.range > 0 || o.power > e.power) {
                d = d.min(o.at.distance(e.at).saturating_sub(o.range));
            }
        }
        (g, d)
    }

    /// Totals of the defenders of `target`: defence strength (×terrain,
    /// supply, DG) and steps.
    fn defenders(&self, s: &State, target: HexId) -> (Ratio, u16) {
        let mut d = Ratio::ZERO;
        let mut steps = 0;
        for u in self.scenario.unit_ids() {
            if s.unit(u).pos == Pos::Hex(target) {
                d = d + self.defence_strength(s, u);
                steps += self.steps_left(s, u);
            }
        }
        (d, steps)
    }

    /// Adds an attacker to the totals.
    fn add_attacker(&self, s: &State, a: &mut Attackers, u: UnitId, target: HexId) {
        a.attack = a.attack + self.attack_strength(s, u, target);
        a.steps += self.steps_left(s, u);
        a.count += 1;
        a.zoc |= self.scenario.unit(u).has_zoc(s.unit(u).lost);
        let shift = s
            .hex_of(u)
            .and_then(|h| self.map().hexside(h, target))
            .map_or(0, |f| self.scenario.charts.hexsides[usize::from(f)].shift);
        a.all_neg &= shift < 0;
        a.all_pos &= shift > 0;
        a.neg = a.neg.max(shift);
        a.pos = a.pos.min(shift);
    }

    /// The CRT column a fight of `a` against `target` is resolved on: the
    /// odds (standard rounding), then the target's terrain shift and the
    /// hexside's (7.0), as [`Scs::odds`] computes them.
    fn column_of(&self, a: &Attackers, defence: Ratio, target: HexId) -> usize {
        let crt = &self.scenario.charts.crt;
        let column = crt.column(Odds::of(a.attack, defence));
        let terrain = self.scenario.charts.terrain[usize::from(*self.map().terrain.get(target))].shift;
        crt.shifted(column, i32::from(terrain.saturating_add(a.hexside_shift())))
    }

    /// The expectation of a fight on CRT column `column` over 2d6 (7.0):
    /// steps lost by each side (no more than it has) and the chance the
    /// defender's hex is emptied.
    fn expect(&self, column: usize, att_steps: u16, def_steps: u16) -> Expect {
        let crt = &self.scenario.charts.crt;
        let mut e = Expect::default();
        for (i, &w) in WAYS_2D6.iter().enumerate() {
            let r = crt.result(column, i as u8 + 2);
            let p = f64::from(w) / 36.0;
            e.attacker += p * f64::from(u16::from(r.attacker.steps).min(att_steps));
            e.defender += p * f64::from(u16::from(r.defender.steps).min(def_steps));
            if u16::from(r.defender.steps) >= def_steps || r.defender.retreat > 0 {
                e.vacate += p;
            }
        }
        e
    }

    /// What an expected fight is worth to the attacker `side` (VP): the
    /// defender's steps less its own, and the hex emptied.
    fn fight_worth(&self, s: &State, side: Side, target: HexId, e: Expect) -> f64 {
        let vacated = match self.vp_index(target) {
            Some(i) if s.control[i] != side => VACATED_HEX * f64::from(self.scenario.victory.hexes[i].vp),
            _ => GROUND,
        };
        e.defender * self.step_value(side.other()) - e.attacker * self.step_value(side) + e.vacate * vacated
    }

    /// What an attack by `a` on `target` is expected to be worth to `side`.
    fn attack_worth(&self, s: &State, side: Side, a: &Attackers, target: HexId) -> f64 {
        let (defence, def_steps) = self.defenders(s, target);
        if !a.zoc || def_steps == 0 {
            return 0.0;
        }
        let column = self.column_of(a, defence, target);
        self.fight_worth(s, side, target, self.expect(column, a.steps, def_steps))
    }

    /// The fight under way, in seat 0's VP (see the module documentation).
    fn fight_balance(&self, s: &State) -> f64 {
        let Some(f) = &s.fight else { return 0.0 };
        let side = s.player;
        let worth = match f.stage {
            Stage::Forming => {
                // The attack as it will be declared: with every unit that
                // may still join. Not floored at zero though it may be
                // cancelled: a one-ply look would then form and cancel it
                // forever.
                let mut a = Attackers::NONE;
                for &u in &f.attackers {
                    self.add_attacker(s, &mut a, u, f.target);
                }
                self.joiners(s, side, f.target, &mut a);
                self.attack_worth(s, side, &a, f.target)
            }
            Stage::Declared => {
                let Some(odds) = &f.odds else { return 0.0 };
                let steps = |list: &[UnitId]| -> u16 {
                    list.iter().filter(|&&u| s.hex_of(u).is_some()).map(|&u| self.steps_left(s, u)).sum()
                };
                let e = self.expect(usize::from(odds.used), steps(&f.attackers), steps(&f.defenders));
                self.fight_worth(s, side, f.target, e)
            }
            Stage::AttackerLosses => {
                let def: u16 =
                    f.defenders.iter().filter(|&&u| s.hex_of(u).is_some()).map(|&u| self.steps_left(s, u)).sum();
                let owed_def = u16::from(f.side_result(false).steps).min(def);
                f64::from(owed_def) * self.step_value(side.other()) - f64::from(f.owed) * self.step_value(side)
            }
            Stage::DefenderLosses => f64::from(f.owed) * self.step_value(side.other()),
            _ => 0.0,
        };
        sign(side) * worth
    }

    /// Attrition (see the module documentation), seat 0's VP: units on the
    /// map at the supply the next Supply Phase would give them. Also that
    /// supply, a bit per unit index set when the unit would be out of it.
    fn attrition(&self, s: &State) -> (f64, u128) {
        let mut printed = [0.0f64; 2];
        let mut now = [0.0f64; 2];
        let mut cut = 0u128;
        SCRATCH.with(|sc| {
            let mut sc = sc.borrow_mut();
            self.fill_cells(s, &mut sc);
            for side in Side::ALL {
                self.fill_supply(&mut sc, side);
                let i = side.index();
                for u in self.scenario.unit_ids().filter(|&u| self.scenario.unit(u).side == side) {
                    let p = self.printed(u);
                    printed[i] += p;
                    now[i] += match s.unit(u).pos {
                        Pos::Eliminated => 0.0,
                        Pos::Hex(h) => {
                            let oos = sc.reach[h.index()] == 0;
                            if oos && u.index() < 128 {
                                cut |= 1 << u.index();
                            }
                            self.strength_in(s, u, oos)
                        }
                        _ if s.unit(u).lost == 0 => p,
                        _ => self.strength(s, u),
                    };
                }
            }
        });
        let gone = |i: usize| if printed[i] > 0.0 { 1.0 - now[i] / printed[i] } else { 0.0 };
        (ATTRITION * (gone(1) - gone(0)), cut)
    }

    /// The balance of the position in seat 0's VP (see the module
    /// documentation): above 0 seat 0 is ahead.
    fn balance(&self, s: &State) -> f64 {
        let v = &self.scenario.victory;
        let vp = self.victory_points(s);
        let mut x = f64::from(vp[0]) - f64::from(vp[1]);
        x += match v.ties {
            Some(side) => 0.5 * sign(side),
            None => 0.0,
        };
        x += self.fight_balance(s);
        let (attrition, cut) = self.attrition(s);
        x += attrition;
        // The supply each unit will have when the enemy next attacks it, as
        // the next Supply Phase marks it (12.0): a side's markers change
        // only at its own Supply Phase, which the evaluation has already
        // counted, so ending a player turn changes nothing here.
        let oos = |u: UnitId| u.index() < 128 && cut & (1 << u.index()) != 0;

        let mut on = [OnMap {
            unit: UnitId::from_index(0),
            hex: HexId::from_index(0),
            at: Hex::new(0, 0),
            side: Side::ALL[0],
            combat: false,
            mobile: false,
            power: 0,
            range: 0,
        }; MAX_ON_MAP];
        let n = self.on_map_units(s, &mut on);
        let on = &on[..n];
        let grid = &self.map().grid;
        let moves = [self.phases_after(s, Side::ALL[0]), self.phases_after(s, Side::ALL[1])];

        // Victory hexes: an enemy able to walk in pulls the hex away.
        for (i, vh) in v.hexes.iter().enumerate() {
            let owner = s.control[i];
            let mut near = [u16::MAX; 2];
            for o in on.iter().filter(|o| o.mobile || o.hex == vh.hex) {
                let k = o.side.index();
                near[k] = near[k].min(grid.distance(o.hex, vh.hex));
            }
            let own = near[owner.index()];
            let held = if own == 0 {
                1.0
            } else if moves[owner.index()] > 0 {
                closeness(own)
            } else {
                0.0
            };
            let enemy = owner.other();
            if moves[enemy.index()] == 0 {
                continue;
            }
            let threat = closeness(near[enemy.index()]);
            let mut p = HEX_PULL * (threat - held).max(0.0);
            if own == 0 {
                // Held: the enemy must take it by attack (7.0). Its attack
                // within reach against the defence of the hex: nothing at
                // 1:1, the most at 4:1.
                let mut defence = 0.0;
                let mut attack = 0.0;
                for o in on {
                    let d = grid.distance(o.hex, vh.hex);
                    if o.side == owner && d == 0 {
                        defence += self.defence_strength_if(s, o.unit, oos(o.unit)).to_f64();
                    } else if o.side == enemy && o.mobile && d <= ASSAULT_REACH {
                        let w = if d <= 2 { 1.0 } else { 0.5 };
                        attack += w * self.attack_strength_if(s, o.unit, vh.hex, oos(o.unit)).to_f64();
                    }
                }
                let odds = attack / defence.max(0.5);
                p = p.max(HEX_PULL * ((odds - 1.0) / 3.0).clamp(0.0, 1.0));
            }
            x -= sign(owner) * p * f64::from(vh.vp);
        }

        // Exits: each enemy unit with a ZOC near a side's exit hexes screens
        // them (2.1a: every hex of its ZOC costs 2 MP more, and it fights).
        let mut screen = [1.0f64; 8];
        for (k, e) in v.exits.iter().enumerate().take(8) {
            let n = on
                .iter()
                .filter(|o| {
                    o.side != e.side
                        && self.scenario.unit(o.unit).has_zoc(s.unit(o.unit).lost)
                        && e.hexes.iter().any(|&x| grid.distance(o.hex, x) <= SCREEN_REACH)
                })
                .count();
            screen[k] = SCREEN.powi(n as i32);
        }

        // Each unit: escape, forward, and each hex's stacking (4.0a).
        let limit = u16::from(self.scenario.stacking);
        for (a, o) in on.iter().enumerate() {
            let steps = self.steps_left(s, o.unit);
            if o.mobile && moves[o.side.index()] > 0 {
                for (k, e) in v.exits.iter().enumerate().filter(|(_, e)| e.side == o.side) {
                    let d = e.hexes.iter().map(|&x| grid.distance(o.hex, x)).min().unwrap_or(u16::MAX);
                    let f = 1.0 - f64::from(d.min(FAR)) / f64::from(FAR);
                    let screened = if k < 8 { screen[k] } else { 1.0 };
                    x += sign(o.side) * EXIT_PULL * screened * f64::from(e.vp) * f64::from(steps) * f * f;
                }
            }
            if o.combat && o.mobile {
                // Convex: the step nearest the objective counts the most, so a
                // one-ply look keeps the unit under way going (switching to
                // another ends its move, 3.0) rather than spreading one hex
                // to each unit.
                let (g, e) = self.objective_distances_on(s, o, on);
                let f = |d: u16| {
                    let f = 1.0 - f64::from(d.min(AHEAD)) / f64::from(AHEAD);
                    f * f
                };
                x += sign(o.side) * (FORWARD_GROUND * f(g) + FORWARD * f(e));
            }
            // Count each hex once, at its first unit.
            if on[..a].iter().any(|p| p.hex == o.hex) {
                continue;
            }
            let points: u16 = on[a..]
                .iter()
                .filter(|p| p.hex == o.hex)
                .map(|p| u16::from(self.scenario.unit(p.unit).stacking_points(s.unit(p.unit).lost)))
                .sum();
            if points > limit {
                x -= sign(o.side) * f64::from(points - limit) * self.step_value(o.side);
            }
        }
        x
    }

    /// The squash scale of this scenario (VP).
    fn scale(&self) -> f64 {
        let hexes: u32 = self.scenario.victory.hexes.iter().map(|v| u32::from(v.vp)).sum();
        SCALE + SCALE_PER_HEX_VP * f64::from(hexes)
    }

    /// The final result for seat 0 (*Victory*), without the outcome's text.
    fn final_value(&self, s: &State) -> f64 {
        let vp = self.victory_points(s);
        let winner = match vp[0].cmp(&vp[1]) {
            std::cmp::Ordering::Greater => Some(Side::ALL[0]),
            std::cmp::Ordering::Less => Some(Side::ALL[1]),
            std::cmp::Ordering::Equal => self.scenario.victory.ties,
        };
        match winner {
            Some(w) if w.index() == 0 => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    // ------------------------------------------------------------ rollout

    /// Whether hex `h` is in the ZOC of a unit of `enemy` (2.0b). O(units).
    fn in_zoc_of(&self, s: &State, enemy: Side, h: HexId) -> bool {
        let grid = &self.map().grid;
        self.scenario.unit_ids().any(|e| {
            let spec = self.scenario.unit(e);
            spec.side == enemy
                && spec.has_zoc(s.unit(e).lost)
                && s.hex_of(e).is_some_and(|eh| grid.are_adjacent(eh, h) && self.enterable(spec.class, eh, h))
        })
    }

    /// Weight of a step of `u`'s force into `to` (3.0).
    fn move_weight(&self, s: &State, side: Side, u: UnitId, to: HexId) -> u32 {
        let Some(from) = s.hex_of(u) else { return 1 };
        if let Some(i) = self.vp_index(to) {
            if s.control[i] != side {
                return 60;
            }
        }
        let force = self.force_of(s, &u);
        let spec = self.scenario.unit(u);
        let face = spec.face(s.unit(u).lost);
        let fights = face.attack > 0 || spec.barrage > 0;
        // The objective's distance (as `objective_distances`) and the stack,
        // in one pass over the units.
        let hunts = fights && !self.has_exits(side);
        let range = if face.attack == 0 { u16::from(spec.range) } else { 0 };
        let power = u32::from(face.attack) * u32::from(face.defence);
        let grid = &self.map().grid;
        let (at_from, at_to) = (grid.hex(from), grid.hex(to));
        let (mut eb, mut ea) = (u16::MAX, u16::MAX);
        let mut points: u16 = 0;
        let mut stays = 0u16;
        let mut enemy_near = false;
        for (i, us) in s.units.iter().enumerate() {
            let Pos::Hex(h) = us.pos else { continue };
            let x = &self.scenario.units[i];
            if x.side != side {
                let e = grid.hex(h);
                let d = at_from.distance(e);
                enemy_near |= d <= 3;
                let ef = x.face(us.lost);
                if hunts && (range > 0 || power > u32::from(ef.attack) * u32::from(ef.defence)) {
                    eb = eb.min(d.saturating_sub(range));
                    ea = ea.min(at_to.distance(e).saturating_sub(range));
                }
                continue;
            }
            let moving = force.contains(&UnitId::from_index(i));
            if moving || h == to {
                points += u16::from(x.stacking_points(us.lost));
            }
            if h == from && !moving {
                stays += 1;
            }
        }
        // 4.0a: a stack over the limit where it ends is eliminated down to it.
        if points > u16::from(self.scenario.stacking) {
            return 0;
        }
        if let Some(i) = self.vp_index(from) {
            if s.control[i] == side && stays == 0 && enemy_near {
                return 1;
            }
        }
        if !fights {
            return 1;
        }
        let (gb, ga) = (self.ground_distance(s, side, from), self.ground_distance(s, side, to));
        if ga.min(ea) >= gb.min(eb) {
            // Level (still short of the objective) or back.
            return if ga.min(ea) == gb.min(eb) && gb.min(eb) > 1 { 2 } else { 1 };
        }
        // Closer: by what the evaluation's forward terms gain (convex, so
        // the unit nearest its objective goes first), and more again for the
        // unit under way, which keeps going rather than stopping for another
        // (3.0: switching ends its move).
        let f = |d: u16| {
            let f = 1.0 - f64::from(d.min(AHEAD)) / f64::from(AHEAD);
            f * f
        };
        let gain = FORWARD_GROUND * (f(ga) - f(gb)).max(0.0) + FORWARD * (f(ea) - f(eb)).max(0.0);
        let going = if s.force_moved && force.contains(&u) { 3.0 } else { 1.0 };
        (going * (3.0 + MOVE_GAIN * gain)).min(500.0) as u32
    }

    /// Weight of an attack or overrun worth `worth` VP.
    fn odds_weight(worth: f64) -> u32 {
        if worth >= GOOD {
            10 + (20.0 * worth).min(200.0) as u32
        } else if worth > 0.0 {
            2
        } else {
            0
        }
    }

    /// The units of `side` that could still join an attack on `target`
    /// (7.0, 2.1c), beyond those already in it, summed into `a`.
    fn joiners(&self, s: &State, side: Side, target: HexId, a: &mut Attackers) -> u16 {
        let grid = &self.map().grid;
        let forming = s.fight.as_ref().filter(|f| f.stage == Stage::Forming);
        let mut more = 0;
        for u in self.scenario.unit_ids() {
            let spec = self.scenario.unit(u);
            let us = s.unit(u);
            if spec.side != side || us.attacked || spec.face(us.lost).attack == 0 {
                continue;
            }
            if forming.is_some_and(|f| f.attackers.contains(&u)) {
                continue;
            }
            let Some(h) = s.hex_of(u) else { continue };
            if grid.are_adjacent(h, target) && self.enterable(spec.class, h, target) {
                self.add_attacker(s, a, u, target);
                more += 1;
            }
        }
        more
    }

    /// Weight of `attack u target` (7.0).
    fn attack_weight(&self, s: &State, side: Side, u: UnitId, target: HexId) -> u32 {
        match &s.fight {
            Some(_) => {
                // Joining the attack being formed: more strength, better odds.
                if self.scenario.unit(u).face(s.unit(u).lost).attack == 0 {
                    2
                } else {
                    20
                }
            }
            None => {
                let mut a = Attackers::NONE;
                self.joiners(s, side, target, &mut a);
                Scs::odds_weight(self.attack_worth(s, side, &a, target))
            }
        }
    }

    /// Weights of `declare` and `cancel` for the attack being formed.
    fn declare_weight(&self, s: &State, side: Side, declare: bool) -> u32 {
        let Some(f) = s.fight.as_ref() else { return 1 };
        let mut a = Attackers::NONE;
        for &u in &f.attackers {
            self.add_attacker(s, &mut a, u, f.target);
        }
        let worth = self.attack_worth(s, side, &a, f.target);
        let mut rest = Attackers::NONE;
        let more = self.joiners(s, side, f.target, &mut rest);
        let good = worth >= GOOD;
        match (declare, good, more > 0) {
            (true, true, false) => 60,
            (true, true, true) => 4,
            (true, false, _) => 1,
            (false, true, _) => 0,
            (false, false, false) => 60,
            (false, false, true) => 2,
        }
    }

    /// Weight of an overrun by `u`'s stack of `target` (6.0).
    fn overrun_weight(&self, s: &State, side: Side, u: UnitId, target: HexId) -> u32 {
        let mut a = Attackers::NONE;
        for &f in self.force_of(s, &u) {
            self.add_attacker(s, &mut a, f, target);
        }
        Scs::odds_weight(self.attack_worth(s, side, &a, target))
    }

    /// What losing one step of `u` costs in fighting strength (7.0, 4.0a).
    fn step_cost(&self, s: &State, u: UnitId) -> f64 {
        let spec = self.scenario.unit(u);
        let lost = s.unit(u).lost;
        if self.steps_left(s, u) <= 1 {
            return self.strength(s, u) + 1.0;
        }
        let value = |f: crate::unit::Face| f64::from(f.attack) + f64::from(f.defence);
        (value(spec.face(lost)) - value(spec.face(lost + 1))).max(0.0)
    }

    /// Weight of `end` (1.0, 3.0, 7.0, 10.0).
    fn end_weight(&self, s: &State, side: Side) -> u32 {
        if s.fight.is_some() {
            return 2; // the advance after combat, 10.0
        }
        let grid = &self.map().grid;
        match s.phase {
            Phase::Movement | Phase::Exploitation => {
                let exploiting = s.phase == Phase::Exploitation;
                let wants = self.scenario.unit_ids().any(|u| {
                    let spec = self.scenario.unit(u);
                    let us = s.unit(u);
                    let Some(h) = s.hex_of(u) else { return false };
                    spec.side == side
                        && !us.done
                        && (spec.face(us.lost).attack > 0 || spec.barrage > 0)
                        && spec.face(us.lost).movement > 0
                        && (!exploiting || (spec.exploit && !us.dg && !us.began_in_ezoc))
                        && (us.spent == 0 || us.spent + 2 <= self.allowance(s, u))
                        && {
                            // Still short of a hex to take, or not yet next to an enemy.
                            let [(g, e)] = self.objective_distances(s, u, [h]);
                            (g > 0 && g < u16::MAX) || (e > 1 && e < u16::MAX)
                        }
                });
                if wants {
                    3
                } else {
                    200
                }
            }
            Phase::Combat => {
                let can = self.scenario.unit_ids().any(|u| {
                    let spec = self.scenario.unit(u);
                    let us = s.unit(u);
                    let Some(h) = s.hex_of(u) else { return false };
                    if spec.side != side || us.attacked {
                        return false;
                    }
                    let reach = if spec.face(us.lost).attack > 0 { 1 } else { u16::from(spec.range) };
                    reach > 0
                        && self.scenario.unit_ids().any(|e| {
                            self.scenario.unit(e).side != side
                                && s.hex_of(e).is_some_and(|eh| grid.distance(h, eh) <= reach)
                        })
                });
                if can {
                    2
                } else {
                    200
                }
            }
            _ => 1,
        }
    }
}

impl Heuristics for Scs {
    /// See the module documentation: seat 0's VP balance squashed, seat 1's
    /// its complement; the outcome itself once the game is over.
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        let Some(side) = Side::of_seat(seat) else { return 0.5 };
        let first = if s.phase == Phase::Over {
            self.final_value(s)
        } else {
            let estimate = squash(self.balance(s), self.scale());
            if self.final_player_turn(s) {
                // The phasing side's last `end` decides the game: its value
                // here is never above the result that `end` would give, so a
                // one-ply look never prefers a free action (a stack order, a
                // join) to ending a lost game, and still sees points won now.
                let now = self.final_value(s);
                if s.player.index() == 0 {
                    estimate.min(now)
                } else {
                    estimate.max(now)
                }
            } else {
                estimate
            }
        };
        if side.index() == 0 {
            first
        } else {
            1.0 - first
        }
    }

    /// A search overrules one ply only a standard error surer and with twice
    /// its visits: its rollouts of a movement phase rank marches worse than
    /// one ply of the evaluation (against the greedy bot, 200 *Beda Fomm*
    /// games, `sandtable arena scs --bots mcts:normal,greedy --seed 1`: 28
    /// won unanchored, 55 anchored at one standard error). The visit ratio
    /// is the guard against the winner's curse ([`Overrule::visit_ratio`]):
    /// a traced *Sidi Rezegh* game as the Commonwealth overruled one ply in
    /// 182 of 325 decisions, nearly all between actions one ply rated within
    /// 0.001 and visited 6 or 7 times each, and had its units wander in the
    /// Exploitation Phase instead of ending it; with the ratio it overruled
    /// 2 of 751 decisions in two games. 40 games on *Sidi Rezegh*: 6 won
    /// without the ratio (0 of 20 as the Commonwealth), 20 with it; 80 on
    /// *Beda Fomm*: 41 with a ratio of 2, 33 with 1.5, 39 with 3.
    fn search_anchor(&self) -> Option<Overrule> {
        Some(Overrule { standard_errors: 1.0, visit_ratio: 2.0 })
    }

    /// See the module documentation.
    fn action_weight(&self, s: &State, seat: Seat, action: Action) -> u32 {
        let Some(side) = Side::of_seat(seat) else { return 1 };
        match action {
            Action::Place(u, h) => match self.vp_index(h) {
                Some(i) if s.control[i] == side => 6,
                _ => 1 + u32::from(FAR.saturating_sub(self.objective_distance(s, u, h))) / 4,
            },
            Action::Enter(u, h) => 1 + u32::from(FAR.saturating_sub(self.objective_distance(s, u, h))) / 2,
            Action::Join(_) => 2,
            Action::Move(u, to) => self.move_weight(s, side, u, to),
            Action::Overrun(u, to) => self.overrun_weight(s, side, u, to),
            Action::Exit(_) => 500,
            Action::Back(_) => 50,
            Action::Attack(u, h) => self.attack_weight(s, side, u, h),
            Action::Declare => self.declare_weight(s, side, true),
            Action::Cancel => self.declare_weight(s, side, false),
            Action::Roll => 1,
            Action::Barrage(_, h) => {
                if self.spotted(s, side, h) {
                    25
                } else {
                    10
                }
            }
            Action::Lose(u) => 1 + (40.0 / (1.0 + self.step_cost(s, u))) as u32,
            Action::Eliminate(u) => 1 + (40.0 / (1.0 + self.strength(s, u) + f64::from(self.steps_left(s, u)))) as u32,
            Action::Retreat(u, h) => {
                if self.in_zoc_of(s, self.scenario.unit(u).side.other(), h) {
                    1
                } else {
                    12
                }
            }
            Action::Advance(_) => match s.fight.as_ref().and_then(|f| self.vp_index(f.target)) {
                Some(i) if s.control[i] != side => 200,
                _ => 20,
            },
            Action::Top(_) => 0,
            Action::End => self.end_weight(s, side),
        }
    }

    /// For a balance study, each side's victory points as *Victory* counts
    /// them, the victory hexes it controls, its own steps eliminated (3.3c:
    /// units forced off the map included) and its steps exited (Components
    /// C). The sides are named by their place in the scenario file (the
    /// names are fixed text, a scenario's side names are data). O(victory
    /// hexes + exits).
    fn measures(&self, s: &State) -> Vec<(&'static str, f64)> {
        let vp = self.victory_points(s);
        let held = |side: Side| s.control.iter().filter(|&&c| c == side).count() as f64;
        let [first, second] = Side::ALL;
        vec![
            ("VP (first side)", f64::from(vp[first.index()])),
            ("VP (second side)", f64::from(vp[second.index()])),
            ("victory hexes held (first side)", held(first)),
            ("victory hexes held (second side)", held(second)),
            ("steps eliminated (first side)", f64::from(s.eliminated_steps[first.index()])),
            ("steps eliminated (second side)", f64::from(s.eliminated_steps[second.index()])),
            ("steps exited (first side)", f64::from(s.exited_steps[first.index()])),
            ("steps exited (second side)", f64::from(s.exited_steps[second.index()])),
        ]
    }
}
