//! Barrage and DG: a module a scenario switches on (`modules = ["barrage"]`),
//! *authored* from the research's account of the published games' barrage
//! tables (2d6 against strength columns; DG, or steps lost and DG).

use crate::action::Action;
use crate::board::Board;
use crate::charts::BarrageResult;
use crate::fight::{Cause, Modifier};
use crate::ratio::Ratio;
use crate::state::{Hexes, Phase, Pos, Rolled, State};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Audience, Events, Illegal, Text};

/// Where a barrage is read on the barrage table ([`Scs::barrage_aim`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Aim {
    /// The firer's barrage strength, rounded (*Rounding*).
    pub strength: u64,
    /// The column for that strength, before shifts.
    pub column: usize,
    /// Whether a friendly unit spots the target.
    pub spotted: bool,
    /// The column read, after the shifts.
    pub used: usize,
}

impl Scs {
    /// A unit's barrage strength now: printed × DG × supply (attack
    /// multipliers), fractions kept.
    pub fn barrage_strength(&self, s: &State, u: UnitId) -> Ratio {
        self.barrage_strength_noted(s, u, &mut |_| {})
    }

    /// [`Scs::barrage_strength`], telling `note` each multiplier it applies.
    pub(crate) fn barrage_strength_noted(&self, s: &State, u: UnitId, note: &mut impl FnMut(Modifier)) -> Ratio {
        let us = s.unit(u);
        let charts = &self.scenario.charts;
        let mut b = Ratio::whole(u64::from(self.scenario.unit(u).barrage));
        if us.out_of_supply {
            b = b * charts.supply.attack;
            note(Modifier::Barrage { unit: u, cause: Cause::OutOfSupply, by: charts.supply.attack });
        }
        if us.dg {
            b = b * charts.dg.attack;
            note(Modifier::Barrage { unit: u, cause: Cause::Dg, by: charts.dg.attack });
        }
        b
    }

    /// Where `u`'s barrage on `target` is read on the barrage table: its
    /// strength rounded, the column for it, then the target's terrain shift
    /// and the shift without a spotter, kept inside the table; `note` hears
    /// every multiplier and shift.
    ///
    /// # Panics
    /// Without a barrage table (the module needs one: checked on load).
    pub(crate) fn barrage_aim(&self, s: &State, u: UnitId, target: HexId, note: &mut impl FnMut(Modifier)) -> Aim {
        let side = self.scenario.unit(u).side;
        let table = self.scenario.charts.barrage.as_ref().expect("the module needs a barrage table (checked on load)");
        let strength = self.barrage_strength_noted(s, u, note).round();
        let column = table.column(strength);
        let t = *self.map().terrain.get(target);
        let terrain = self.scenario.charts.terrain[usize::from(t)].barrage;
        if terrain != 0 {
            note(Modifier::Shift { cause: Cause::Terrain(t), shift: terrain });
        }
        let spot = if self.spotted(s, side, target) { 0 } else { table.no_spotter };
        if spot != 0 {
            note(Modifier::Shift { cause: Cause::NoSpotter, shift: spot });
        }
        let used =
            (column as i32 + i32::from(terrain) + i32::from(spot)).clamp(0, table.columns.len() as i32 - 1) as usize;
        Aim { strength, column, spotted: spot == 0, used }
    }

    /// Whether a friendly unit other than a lone firer spots `target`: any
    /// unit of `side` adjacent to it (the firing unit spots for itself when
    /// adjacent).
    pub fn spotted(&self, s: &State, side: Side, target: HexId) -> bool {
        self.scenario
            .unit_ids()
            .any(|u| self.scenario.unit(u).side == side && s.hex_of(u).is_some_and(|h| self.map().adjacent(h, target)))
    }

    pub(crate) fn check_barrage(
        &self,
        s: &State,
        side: Side,
        b: &Board,
        u: UnitId,
        target: HexId,
    ) -> Result<(), Illegal> {
        if !self.scenario.barrage {
            return Err(Illegal::fixed(
                "Barrage",
                "this scenario plays without the barrage module",
                "в этом сценарии нет модуля обстрела",
            ));
        }
        if s.phase != Phase::Combat {
            return Err(Illegal::fixed(
                "Barrage",
                "barrages are fired in the Combat Phase",
                "обстрел ведётся в фазу боя",
            ));
        }
        self.check_nothing_pending(s)?;
        if s.fight.is_some() {
            return Err(Illegal::fixed(
                "SCS 7.0",
                "declare or cancel the attack being formed first",
                "сначала объявите или отмените формируемую атаку",
            ));
        }
        let spec = self.scenario.unit(u);
        let Some(h) = s.hex_of(u).filter(|_| spec.side == side) else {
            return Err(Illegal::fixed(
                "Barrage",
                "only your own units on the map fire",
                "стреляют только свои подразделения на карте",
            ));
        };
        if spec.barrage == 0 {
            return Err(Illegal::fixed(
                "Barrage",
                "the unit has no barrage value",
                "у подразделения нет силы обстрела",
            ));
        }
        if s.unit(u).attacked {
            return Err(Illegal::fixed(
                "Barrage",
                "each unit fires once per Combat Phase, and not if it attacked",
                "каждое подразделение стреляет раз за фазу боя, и не если атаковало",
            ));
        }
        if b.holder(target) != Some(side.other()) {
            return Err(Illegal::fixed(
                "Barrage",
                "a barrage is fired at a hex held by the enemy",
                "обстреливают гекс, занятый врагом",
            ));
        }
        if self.map().grid.distance(h, target) > u16::from(spec.range) {
            return Err(Illegal::fixed(
                "Barrage",
                "the target is beyond the unit's range",
                "цель вне дальности подразделения",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_barrage(&self, s: &mut State, u: UnitId, target: HexId, ev: &mut Events) {
        if let Some(h) = s.hex_of(u).filter(|&h| self.top(s, h) != Some(u)) {
            // Fog of war: the firing unit shows itself, with its markers.
            ev.reveal(Audience::Everyone, "Fog of war", || {
                let n = &self.scenario.unit(u).name;
                Text::new(
                    format!("{} fires from under the stack in {}", n.en, self.label(h)),
                    format!("{} ведёт огонь из группировки в {}", n.ru, self.label(h)),
                )
            });
        }
        s.unit_mut(u).attacked = true;
        let table = self.scenario.charts.barrage.as_ref().expect("the module needs a barrage table (checked on load)");
        let Aim { strength, spotted, used, .. } = self.barrage_aim(s, u, target, &mut |_| {});
        let (a, b) = (s.dice.d6(), s.dice.d6());
        let result = table.cells[used][usize::from(a + b - 2)];
        s.rolled = Some(Rolled::Barrage(result));
        ev.roll("Barrage", &[a, b], || {
            let n = &self.scenario.unit(u).name;
            let r = match result {
                BarrageResult::NoEffect => "NE".to_string(),
                BarrageResult::Dg => "DG".to_string(),
                BarrageResult::Steps(k) => format!("{k} + DG"),
            };
            Text::new(
                format!(
                    "{} barrages {} (strength {strength}, column {}{}): 2d6 = {}: {r}",
                    n.en,
                    self.label(target),
                    table.columns[used],
                    if !spotted { ", no spotter" } else { "" },
                    a + b
                ),
                format!(
                    "{} обстреливает {} (сила {strength}, колонка {}{}): 2к6 = {}: {r}",
                    n.ru,
                    self.label(target),
                    table.columns[used],
                    if !spotted { ", без корректировщика" } else { "" },
                    a + b
                ),
            )
        });
        let steps = match result {
            BarrageResult::NoEffect => return,
            BarrageResult::Dg => 0,
            BarrageResult::Steps(k) => k,
        };
        for v in self.scenario.unit_ids() {
            if s.unit(v).pos == Pos::Hex(target) {
                s.unit_mut(v).dg = true;
            }
        }
        // Steps lost come off the top unit, the one in plain view, then the
        // next (authored: the fog of war keeps the rest of the stack hidden,
        // so its owner does not choose among them in front of the enemy).
        for _ in 0..steps {
            let Some(top) = self.top(s, target) else { break };
            self.lose_step(s, top, "Barrage", ev);
        }
    }

    pub(crate) fn barrage_candidates(&self, s: &State, side: Side, b: &Board, out: &mut Vec<Action>) {
        // The hexes the enemy holds, by id: the targets within each firer's
        // range come out in the order `within` gives them (ids ascending).
        let mut targets = Hexes::new();
        for u in self.scenario.unit_ids().filter(|&u| self.scenario.unit(u).side == side.other()) {
            if let Some(h) = s.hex_of(u).filter(|&h| b.holder(h) == Some(side.other())) {
                targets.push(h);
            }
        }
        targets.sort_unstable();
        let mut n = 0;
        for i in 0..targets.len() {
            if i == 0 || targets[i] != targets[n - 1] {
                targets[n] = targets[i];
                n += 1;
            }
        }
        let grid = &self.map().grid;
        for u in self.scenario.unit_ids() {
            let spec = self.scenario.unit(u);
            if spec.side != side || spec.barrage == 0 || s.unit(u).attacked {
                continue;
            }
            let Some(h) = s.hex_of(u) else { continue };
            for &t in &targets[..n] {
                if grid.distance(h, t) <= u16::from(spec.range) {
                    out.push(Action::Barrage(u, t));
                }
            }
        }
    }
}
