//! 6.0 Overrun and 7.0 Combat (*authored*): forming and declaring a fight,
//! its odds (cumulative multipliers, standard rounding, column shifts) and
//! its roll. Resolution is in `resolution.rs`.

use crate::action::Action;
use crate::board::Board;
use crate::charts::{Odds, SideResult};
use crate::ratio::Ratio;
use crate::state::{Fight, FightKind, FightOdds, Phase, Pos, Rolled, Stage, State, Units};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Events, Illegal, Text};
use tinyvec::ArrayVec;

/// An overrun costs 2 MP (6.0), in half MP.
pub const OVERRUN_HALVES: u16 = 4;
/// 6.0c: a target hex that costs more than 2 MP to enter cannot be overrun.
pub const OVERRUN_TERRAIN_HALVES: u16 = 4;

/// Why a strength is multiplied or a column shifted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The hexside feature crossed (index into the charts' hexsides).
    Hexside(u8),
    /// A hex's terrain (index into the charts' terrains).
    Terrain(u8),
    /// A hexside shift every attacker crosses (7.0: the one nearest zero).
    EveryAttackerCrosses,
    /// Out of supply (12.0).
    OutOfSupply,
    /// Disorganised (module `barrage`).
    Dg,
    /// No friendly unit spots the barrage's target.
    NoSpotter,
}

/// A modifier the rules apply, as they apply it: what the `note` of
/// [`Scs::odds_noted`] and its kin hear (the odds shown before a roll,
/// `forecast.rs`, list them; play passes a no-op).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    /// A unit's attack strength multiplied.
    Attack { unit: UnitId, cause: Cause, by: Ratio },
    /// A unit's defence strength multiplied.
    Defence { unit: UnitId, cause: Cause, by: Ratio },
    /// A unit's barrage strength multiplied.
    Barrage { unit: UnitId, cause: Cause, by: Ratio },
    /// The column of the CRT, or of the barrage table, shifted.
    Shift { cause: Cause, shift: i8 },
}

impl Scs {
    /// A unit's attack strength against `target`: its face's attack times
    /// the multipliers of the hexside crossed, DG and supply, fractions kept
    /// (Cumulative effects).
    pub fn attack_strength(&self, s: &State, u: UnitId, target: HexId) -> Ratio {
        self.attack_strength_if(s, u, target, s.unit(u).out_of_supply)
    }

    /// [`Scs::attack_strength`] with `out_of_supply` in place of the unit's
    /// marker (the bots' evaluation traces supply ahead of the Supply Phase).
    pub(crate) fn attack_strength_if(&self, s: &State, u: UnitId, target: HexId, out_of_supply: bool) -> Ratio {
        self.attack_strength_noted(s, u, target, out_of_supply, &mut |_| {})
    }

    /// [`Scs::attack_strength_if`], telling `note` each multiplier it
    /// applies (the odds shown before a roll list them; play passes a no-op).
    pub(crate) fn attack_strength_noted(
        &self,
        s: &State,
        u: UnitId,
        target: HexId,
        out_of_supply: bool,
        note: &mut impl FnMut(Modifier),
    ) -> Ratio {
        let spec = self.scenario.unit(u);
        let us = s.unit(u);
        let charts = &self.scenario.charts;
        let mut a = Ratio::whole(u64::from(spec.face(us.lost).attack));
        let mut times = |a: &mut Ratio, cause: Cause, by: Ratio| {
            *a = *a * by;
            note(Modifier::Attack { unit: u, cause, by });
        };
        if let Some(h) = s.hex_of(u) {
            if let Some(f) = self.map().hexside(h, target) {
                times(&mut a, Cause::Hexside(f), charts.hexsides[usize::from(f)].attack);
            }
        }
        if out_of_supply {
            times(&mut a, Cause::OutOfSupply, charts.supply.attack);
        }
        if us.dg {
            times(&mut a, Cause::Dg, charts.dg.attack);
        }
        a
    }

    /// A unit's defence strength in its hex: face × terrain × DG × supply.
    pub fn defence_strength(&self, s: &State, u: UnitId) -> Ratio {
        self.defence_strength_if(s, u, s.unit(u).out_of_supply)
    }

    /// [`Scs::defence_strength`] with `out_of_supply` in place of the unit's
    /// marker.
    pub(crate) fn defence_strength_if(&self, s: &State, u: UnitId, out_of_supply: bool) -> Ratio {
        self.defence_strength_noted(s, u, out_of_supply, &mut |_| {})
    }

    /// [`Scs::defence_strength_if`], telling `note` each multiplier it applies.
    pub(crate) fn defence_strength_noted(
        &self,
        s: &State,
        u: UnitId,
        out_of_supply: bool,
        note: &mut impl FnMut(Modifier),
    ) -> Ratio {
        let spec = self.scenario.unit(u);
        let us = s.unit(u);
        let charts = &self.scenario.charts;
        let mut d = Ratio::whole(u64::from(spec.face(us.lost).defence));
        let mut times = |d: &mut Ratio, cause: Cause, by: Ratio| {
            *d = *d * by;
            note(Modifier::Defence { unit: u, cause, by });
        };
        if let Some(h) = s.hex_of(u) {
            let t = *self.map().terrain.get(h);
            times(&mut d, Cause::Terrain(t), charts.terrain[usize::from(t)].defence);
        }
        if out_of_supply {
            times(&mut d, Cause::OutOfSupply, charts.supply.defence);
        }
        if us.dg {
            times(&mut d, Cause::Dg, charts.dg.defence);
        }
        d
    }

    /// The odds of `attackers` against every unit in `target`: totals with
    /// fractions kept, rounded once (*Rounding*: 9.875 to 2.125 is 5:1),
    /// then the terrain's column shift and the hexside's when every attacker
    /// crosses one.
    pub fn odds(&self, s: &State, attackers: &[UnitId], target: HexId) -> FightOdds {
        self.odds_noted(s, attackers, target, &mut |_| {})
    }

    /// [`Scs::odds`], telling `note` every multiplier of every unit's
    /// strength and every column shift it applies.
    pub(crate) fn odds_noted(
        &self,
        s: &State,
        attackers: &[UnitId],
        target: HexId,
        note: &mut impl FnMut(Modifier),
    ) -> FightOdds {
        let attack = attackers
            .iter()
            .fold(Ratio::ZERO, |t, &u| t + self.attack_strength_noted(s, u, target, s.unit(u).out_of_supply, note));
        let defence = self
            .scenario
            .unit_ids()
            .filter(|&u| s.unit(u).pos == Pos::Hex(target))
            .fold(Ratio::ZERO, |t, u| t + self.defence_strength_noted(s, u, s.unit(u).out_of_supply, note));
        let odds = Odds::of(attack, defence);
        let crt = &self.scenario.charts.crt;
        let column = crt.column(odds);
        let charts = &self.scenario.charts;
        let t = *self.map().terrain.get(target);
        let terrain = charts.terrain[usize::from(t)].shift;
        if terrain != 0 {
            note(Modifier::Shift { cause: Cause::Terrain(t), shift: terrain });
        }
        // A hexside's shift counts only when every attacker crosses such a
        // hexside: the one nearest zero when they differ.
        let shifts = attackers.iter().map(|&u| {
            s.hex_of(u).and_then(|h| self.map().hexside(h, target)).map_or(0, |f| charts.hexsides[usize::from(f)].shift)
        });
        let hexside = if shifts.clone().all(|x| x < 0) {
            shifts.max().unwrap_or(0)
        } else if shifts.clone().all(|x| x > 0) {
            shifts.min().unwrap_or(0)
        } else {
            0
        };
        if hexside != 0 {
            note(Modifier::Shift { cause: Cause::EveryAttackerCrosses, shift: hexside });
        }
        let shift = terrain.saturating_add(hexside);
        let used = crt.shifted(column, i32::from(shift));
        FightOdds { attack, defence, odds, column: column as u8, shift, used: used as u8 }
    }

    /// Units that may fight from `from` into `target`: adjacent, and able
    /// to enter it by terrain (2.0b, 2.1c).
    fn reaches(&self, s: &State, u: UnitId, target: HexId) -> bool {
        s.hex_of(u)
            .is_some_and(|h| self.map().adjacent(h, target) && self.enterable(self.scenario.unit(u).class, h, target))
    }

    pub(crate) fn check_overrun(
        &self,
        s: &State,
        side: Side,
        b: &Board,
        u: UnitId,
        target: HexId,
    ) -> Result<(), Illegal> {
        self.check_moving_phase(s, b)?;
        if self.force_of(s, &u).iter().any(|&f| s.unit(f).overran) {
            return Err(Illegal::fixed(
                "SCS 6.1b",
                "a stack overruns only once a phase",
                "группировка атакует с ходу только раз в фазу",
            ));
        }
        let from = self.check_mover(s, side, u)?;
        if !self.map().adjacent(from, target) || b.holder(target) != Some(side.other()) {
            return Err(Illegal::fixed(
                "SCS 6.0",
                "an overrun is made into an adjacent hex held by the enemy",
                "атака с ходу проводится на соседний гекс, занятый врагом",
            ));
        }
        if s.overrun_hexes.contains(&target) {
            return Err(Illegal::fixed(
                "SCS 6.1b",
                "this hex has already been overrun this phase",
                "этот гекс уже атакован с ходу в эту фазу",
            ));
        }
        let force = self.force_of(s, &u);
        let mut zoc = false;
        for &f in force {
            if f != u {
                self.check_mover(s, side, f)?;
            }
            let us = s.unit(f);
            let spec = self.scenario.unit(f);
            if us.began_in_ezoc {
                return Err(Illegal::fixed(
                    "SCS 6.0",
                    "units that begin the phase in an enemy ZOC cannot overrun (2.1b)",
                    "подразделения, начавшие фазу во ВЗК, не могут атаковать с ходу (2.1b)",
                ));
            }
            if us.overran {
                return Err(Illegal::fixed(
                    "SCS 6.1b",
                    "a stack overruns only once a phase",
                    "группировка атакует с ходу только раз в фазу",
                ));
            }
            match self.terrain_cost(spec.class, from, target, false) {
                Some(c) if c <= OVERRUN_TERRAIN_HALVES => {}
                _ => {
                    return Err(Illegal::fixed(
                        "SCS 6.0c",
                        "only a hex that costs 2 MP or less to enter by its terrain (no roads, 6.1d; ZOC ignored) may be overrun",
                        "атаковать с ходу можно только гекс, вход в который стоит по местности 2 ОД или меньше (без дорог, 6.1d; ЗК не считаются)",
                    ))
                }
            }
            if us.spent + OVERRUN_HALVES > self.allowance(s, f) {
                return Err(Illegal::fixed(
                    "SCS 6.0",
                    "an overrun costs 2 MP, and the unit has fewer left",
                    "атака с ходу стоит 2 ОД, а у подразделения меньше",
                ));
            }
            zoc |= spec.has_zoc(us.lost);
        }
        if !zoc {
            return Err(Illegal::fixed(
                "SCS 2.1c",
                "a unit attacks only units in its ZOC: the stack needs a unit with attack 1 or more",
                "подразделение атакует только в своей ЗК: группировке нужно подразделение с атакой от 1",
            ));
        }
        if b.points(from) > u16::from(self.scenario.stacking) {
            return Err(Illegal::fixed(
                "SCS 6.1e",
                "the hex the overrun is made from is over the stacking limit: move the stack back where it began (back) and move it anew (4.0a)",
                "в гексе, из которого проводится атака с ходу, превышен лимит группирования: верните группировку в начало движения (back) и двигайте заново (4.0a)",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_overrun(&self, s: &mut State, u: UnitId, target: HexId, ev: &mut Events) {
        let mut force = Units::new();
        force.extend_from_slice(self.force_of(s, &u));
        if !s.force.contains(&u) {
            self.finish_force(s);
        }
        s.force.clear();
        s.force_moved = false;
        s.force_from = None;
        for &f in &force {
            let us = s.unit_mut(f);
            us.spent += OVERRUN_HALVES;
            us.overran = true;
            // 6.2a: whatever the result, the overrun ends normal movement.
            us.done = true;
        }
        s.overrun_hexes.push(target);
        ev.say("SCS 6.0", || {
            let n = self.names(&force);
            Text::new(
                format!("{} overrun {} (2 MP)", n.en, self.label(target)),
                format!("{}: атака с ходу на {} (2 ОД)", n.ru, self.label(target)),
            )
        });
        self.declare(s, FightKind::Overrun, force, target, ev);
    }

    pub(crate) fn check_attack(
        &self,
        s: &State,
        side: Side,
        b: &Board,
        u: UnitId,
        target: HexId,
    ) -> Result<(), Illegal> {
        if s.phase != Phase::Combat {
            return Err(Illegal::fixed(
                "SCS 1.0",
                "regular attacks are made in the Combat Phase (overruns in movement, 6.0)",
                "обычные атаки — в фазу боя (с ходу — в движении, 6.0)",
            ));
        }
        self.check_nothing_pending(s)?;
        let spec = self.scenario.unit(u);
        if spec.side != side || s.hex_of(u).is_none() {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "only your own units on the map attack",
                "атакуют только свои подразделения на карте",
            ));
        }
        if let Some(f) = &s.fight {
            if f.target != target {
                return Err(Illegal::fixed(
                    "SCS 7.0",
                    "one attack is formed at a time: declare or cancel the one being formed",
                    "атаки формируются по одной: объявите или отмените формируемую",
                ));
            }
            if f.attackers.contains(&u) {
                return Err(Illegal::fixed(
                    "SCS 7.0",
                    "the unit is already in this attack",
                    "подразделение уже участвует в этой атаке",
                ));
            }
        }
        if s.unit(u).attacked {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "each unit attacks once per Combat Phase",
                "каждое подразделение атакует раз за фазу боя",
            ));
        }
        if b.holder(target) != Some(side.other()) {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "an attack is made on a hex held by the enemy",
                "атакуют гекс, занятый врагом",
            ));
        }
        if s.attacked_hexes.contains(&target) {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "each defending hex is attacked only once per phase (7.2d errata)",
                "каждый обороняющийся гекс атакуется только раз за фазу (исправление 7.2d)",
            ));
        }
        if !self.reaches(s, u, target) {
            return Err(Illegal::fixed(
                "SCS 2.1c",
                "a unit attacks only units in its ZOC: adjacent hexes it could enter",
                "подразделение атакует только в своей ЗК: соседние гексы, куда оно могло бы войти",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_attack(&self, s: &mut State, u: UnitId, target: HexId, ev: &mut Events) {
        match &mut s.fight {
            Some(f) => f.attackers.push(u),
            None => s.fight = Some(Fight::new(FightKind::Attack, [u], target)),
        }
        ev.say("SCS 7.0", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} joins the attack on {} being formed", n.en, self.label(target)),
                format!("{} входит в формируемую атаку на {}", n.ru, self.label(target)),
            )
        });
    }

    pub(crate) fn check_forming<'s>(&self, s: &'s State) -> Result<&'s Fight, Illegal> {
        match &s.fight {
            Some(f) if f.stage == Stage::Forming => Ok(f),
            _ => Err(Illegal::fixed("SCS 7.0", "no attack is being formed", "никакая атака не формируется")),
        }
    }

    pub(crate) fn check_declare(&self, s: &State) -> Result<(), Illegal> {
        let f = self.check_forming(s)?;
        let zoc = f.attackers.iter().any(|&u| self.scenario.unit(u).has_zoc(s.unit(u).lost));
        if !zoc {
            return Err(Illegal::fixed(
                "SCS 2.1c",
                "units without attack strength may join an attack only with a unit whose ZOC covers the hex",
                "подразделения без силы атаки участвуют в атаке только вместе с подразделением, чья ЗК покрывает гекс",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_declare(&self, s: &mut State, ev: &mut Events) {
        let f = s.fight.take().expect("checked: an attack is being formed");
        for &u in &f.attackers {
            s.unit_mut(u).attacked = true;
        }
        s.attacked_hexes.push(f.target);
        self.declare(s, FightKind::Attack, f.attackers, f.target, ev);
    }

    /// A fight is declared: its defenders are fixed and shown to the
    /// attacker with the odds (Fog of war: only now), and it cannot be
    /// cancelled; the roll is next.
    fn declare(&self, s: &mut State, kind: FightKind, attackers: Units, target: HexId, ev: &mut Events) {
        let mut f = Fight::new(kind, attackers, target);
        self.stack_into(s, target, &mut f.defenders);
        let odds = self.odds(s, &f.attackers, target);
        ev.say("Fog of war", || {
            let n = self.names(&f.defenders);
            Text::new(
                format!(
                    "declared on {}: {} defend; {} against {} is {}, column {} after a shift of {}",
                    self.label(target),
                    n.en,
                    odds.attack,
                    odds.defence,
                    odds.odds,
                    self.scenario.charts.crt.columns[usize::from(odds.used)],
                    odds.shift
                ),
                format!(
                    "объявлено на {}: обороняются {}; {} против {} — {}, колонка {} со сдвигом {}",
                    self.label(target),
                    n.ru,
                    odds.attack,
                    odds.defence,
                    odds.odds,
                    self.scenario.charts.crt.columns[usize::from(odds.used)],
                    odds.shift
                ),
            )
        });
        f.odds = Some(odds);
        f.stage = Stage::Declared;
        s.fight = Some(f);
    }

    pub(crate) fn check_roll(&self, s: &State) -> Result<(), Illegal> {
        match &s.fight {
            Some(f) if f.stage == Stage::Declared => Ok(()),
            _ => Err(Illegal::fixed(
                "SCS 7.0",
                "there is no declared fight to roll for",
                "нет объявленного боя, для которого бросать",
            )),
        }
    }

    pub(crate) fn do_roll(&self, s: &mut State, ev: &mut Events) {
        let (a, b) = (s.dice.d6(), s.dice.d6());
        let f = s.fight.as_mut().expect("checked: a declared fight");
        let used = usize::from(f.odds.as_ref().expect("a declared fight has odds").used);
        let result = self.scenario.charts.crt.result(used, a + b);
        f.roll = Some(a + b);
        f.result = Some(result);
        s.rolled = Some(Rolled::Combat(result));
        ev.roll("SCS 7.0", &[a, b], || {
            Text::new(
                format!("2d6 = {} at {}: {}", a + b, self.scenario.charts.crt.columns[used], result.text()),
                format!("2к6 = {} в колонке {}: {}", a + b, self.scenario.charts.crt.columns[used], result.text()),
            )
        });
        f.stage = Stage::AttackerLosses;
        f.owed = result.attacker.steps;
        self.resolve(s, ev);
    }

    /// Candidate combat-phase actions (a superset).
    pub(crate) fn combat_candidates(&self, s: &State, side: Side, b: &Board, out: &mut Vec<Action>) {
        match &s.fight {
            Some(f) if f.stage == Stage::Forming => {
                out.push(Action::Declare);
                out.push(Action::Cancel);
                for (_, x) in self.map().around(f.target) {
                    out.extend(b.units_in(x).map(|u| Action::Attack(u, f.target)));
                }
                return;
            }
            Some(_) => return,
            None => out.push(Action::End),
        }
        for u in self.scenario.unit_ids().filter(|&u| self.scenario.unit(u).side == side) {
            let Some(h) = s.hex_of(u) else { continue };
            for (_, x) in self.map().around(h) {
                if b.holder(x) == Some(side.other()) {
                    out.push(Action::Attack(u, x));
                }
            }
            if b.count(h) > 1 {
                out.push(Action::Top(u));
            }
        }
        if self.scenario.barrage {
            self.barrage_candidates(s, side, b, out);
        }
    }
}

impl Fight {
    /// A fight with its attackers, not yet declared.
    ///
    /// # Panics
    /// With more attackers than a side may have units.
    pub fn new(kind: FightKind, attackers: impl IntoIterator<Item = UnitId>, target: HexId) -> Fight {
        Fight {
            kind,
            target,
            attackers: attackers.into_iter().collect(),
            defenders: Units::new(),
            stage: Stage::Forming,
            odds: None,
            roll: None,
            result: None,
            owed: 0,
            retreating: ArrayVec::new(),
            paid: ArrayVec::new(),
        }
    }

    /// The side result owed by `attacker` or the defender.
    pub fn side_result(&self, attacker: bool) -> SideResult {
        let r = self.result.unwrap_or_default();
        if attacker {
            r.attacker
        } else {
            r.defender
        }
    }
}
