//! Odds before the dice (`Ruleset::forecast`): for the two actions that roll
//! to decide a fight — `roll` for a declared attack or overrun (7.0, 6.0a)
//! and `barrage` (module `barrage`) — every result with its exact
//! probability, and the figures the odds rest on, each with its rule.
//!
//! The probabilities come from `sandtable_core::forecast::outcomes`, which
//! runs the action itself over every way its 2d6 can fall; each way is named
//! by the result the dice gave ([`State::rolled`]), never by the dice, so the
//! ways giving one result add up. The figures come from the functions play
//! uses ([`Scs::odds_noted`], [`Scs::barrage_aim`]), told to note each
//! multiplier and column shift as they apply it.
//!
//! Fog of war: an attack's defenders stay hidden until it is declared, so
//! forming an attack, declaring it and making an overrun (declared as it is
//! made) show no odds — they roll nothing; the `roll` that follows the
//! declaration does, from the declared fight everyone now sees. A barrage
//! reads only its firer, the spotters (the firer's side) and the target's
//! terrain, and names its result by the barrage table's cell, never by the
//! units hidden in the target stack.

use crate::action::Action;
use crate::barrage::Aim;
use crate::charts::{BarrageResult, CrtResult, SideResult};
use crate::fight::{Cause, Modifier};
use crate::ratio::Ratio;
use crate::state::{FightKind, Rolled, Stage, State};
use crate::unit::UnitId;
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::forecast::outcomes;
use sandtable_core::{Basis, Forecast, Seat, Text};

impl Scs {
    /// The odds of `seat` taking `a` now: `None` unless it is a legal `roll`
    /// or `barrage` of that seat.
    pub(crate) fn odds_before(&self, s: &State, seat: Seat, a: Action) -> Option<Forecast> {
        if !matches!(a, Action::Roll | Action::Barrage(..)) || self.check(s, seat, a).is_err() {
            return None;
        }
        let basis = match a {
            Action::Roll => self.fight_basis(s)?,
            Action::Barrage(u, target) => self.barrage_basis(s, u, target),
            _ => return None,
        };
        let outcomes = outcomes(self, s, seat, a, |after| match after.rolled {
            Some(Rolled::Combat(r)) => combat_result(r),
            Some(Rolled::Barrage(r)) => barrage_result(r),
            None => Text::fixed("no result", "без результата"),
        })?;
        Some(Forecast { basis, outcomes })
    }

    /// The figures of the declared fight's odds: each unit's printed
    /// strength and multipliers, the totals, their rounding, the column and
    /// its shifts, and the column read.
    fn fight_basis(&self, s: &State) -> Option<Vec<Basis>> {
        let f = s.fight.as_ref().filter(|f| f.stage == Stage::Declared)?;
        let o = f.odds.as_ref()?;
        let mut mods = Vec::new();
        // The same computation the declaration made; its figures are `o`.
        self.odds_noted(s, &f.attackers, f.target, &mut |m| mods.push(m));
        let crt = &self.scenario.charts.crt;
        let mut basis = Vec::new();
        if f.kind == FightKind::Overrun {
            basis.push(Basis::new(
                "SCS 6.0a",
                Text::fixed(
                    "an overrun, resolved like any attack, with the same modifiers (6.1f)",
                    "атака с ходу: результаты определяются как в любой атаке, с теми же модификаторами (6.1f)",
                ),
            ));
        }
        for &u in &f.attackers {
            let n = &self.scenario.unit(u).name;
            let a = self.scenario.unit(u).face(s.unit(u).lost).attack;
            basis.push(Basis::new(
                "SCS 7.0",
                Text::new(format!("{}: attack strength {a}", n.en), format!("{}: сила атаки {a}", n.ru)),
            ));
            basis.extend(mods.iter().filter_map(|&m| self.modifier(m, Some(u), false)));
        }
        for &u in &f.defenders {
            let n = &self.scenario.unit(u).name;
            let d = self.scenario.unit(u).face(s.unit(u).lost).defence;
            basis.push(Basis::new(
                "SCS 7.0",
                Text::new(format!("{}: defence strength {d}", n.en), format!("{}: сила обороны {d}", n.ru)),
            ));
            basis.extend(mods.iter().filter_map(|&m| self.modifier(m, Some(u), false)));
        }
        if mods
            .iter()
            .any(|m| matches!(m, Modifier::Attack { by, .. } | Modifier::Defence { by, .. } if *by != Ratio::ONE))
        {
            basis.push(Basis::new(
                "Cumulative effects",
                Text::fixed(
                    "the multipliers multiply, fractions kept until the odds are rounded",
                    "эффекты модификаторов накапливаются, дробные части сохраняются до округления соотношения сил",
                ),
            ));
        }
        basis.push(Basis::new(
            "SCS 7.0",
            Text::new(
                format!("total attack {} against total defence {}", o.attack, o.defence),
                format!("общая сила атаки {} против общей силы обороны {}", o.attack, o.defence),
            ),
        ));
        let exact = match (o.attack.checked_div(o.defence), o.defence.checked_div(o.attack)) {
            (Some(r), _) if r.num() >= r.den() => format!("{r}:1"),
            (_, Some(r)) => format!("1:{r}"),
            _ => "—".to_owned(),
        };
        basis.push(Basis::new(
            "Rounding",
            Text::new(
                format!("odds {exact}, rounded by the standard rule: {}", o.odds),
                format!("соотношение сил {exact}, по стандартному правилу округления: {}", o.odds),
            ),
        ));
        let column = crt.columns[usize::from(o.column)];
        if column != o.odds {
            basis.push(Basis::new(
                "SCS 7.0",
                Text::new(
                    format!("{} is beyond the table: column {column}", o.odds),
                    format!("{} — за пределами таблицы: колонка {column}", o.odds),
                ),
            ));
        }
        basis.extend(mods.iter().filter_map(|&m| self.modifier(m, None, false)));
        let used = crt.columns[usize::from(o.used)];
        basis.push(Basis::new(
            "SCS 7.0",
            Text::new(
                format!("2d6 on the combat results table, column {used}"),
                format!("2к6 по таблице результатов боя, колонка {used}"),
            ),
        ));
        Some(basis)
    }

    /// The figures of `u`'s barrage on `target`: its strength and
    /// multipliers, the rounding, the column and its shifts.
    fn barrage_basis(&self, s: &State, u: UnitId, target: HexId) -> Vec<Basis> {
        let mut mods = Vec::new();
        let Aim { strength, column, used, .. } = self.barrage_aim(s, u, target, &mut |m| mods.push(m));
        let spec = self.scenario.unit(u);
        let n = &spec.name;
        let mut basis = vec![Basis::new(
            "Barrage",
            Text::new(
                format!("{}: barrage strength {}", n.en, spec.barrage),
                format!("{}: сила артобстрела {}", n.ru, spec.barrage),
            ),
        )];
        basis.extend(mods.iter().filter_map(|&m| self.modifier(m, Some(u), true)));
        let exact = self.barrage_strength(s, u);
        if exact != Ratio::whole(strength) {
            basis.push(Basis::new(
                "Rounding",
                Text::new(
                    format!("barrage strength {exact}, rounded by the standard rule: {strength}"),
                    format!("сила артобстрела {exact}, по стандартному правилу округления: {strength}"),
                ),
            ));
        }
        let label = |i: usize| self.barrage_column(i);
        basis.push(Basis::new(
            "Barrage",
            Text::new(
                format!("strength {strength}: barrage table column {}", label(column)),
                format!("сила {strength}: колонка {} таблицы артобстрела", label(column)),
            ),
        ));
        basis.extend(mods.iter().filter_map(|&m| self.modifier(m, None, true)));
        basis.push(Basis::new(
            "Barrage",
            Text::new(
                format!("2d6 on the barrage table, column {}", label(used)),
                format!("2к6 по таблице артобстрела, колонка {}", label(used)),
            ),
        ));
        basis
    }

    /// A barrage table column's strengths (`4–7`, `8+`).
    fn barrage_column(&self, i: usize) -> String {
        let Some(table) = self.scenario.charts.barrage.as_ref() else { return String::new() };
        match (table.columns.get(i), table.columns.get(i + 1)) {
            (Some(lo), Some(hi)) if hi - 1 > *lo => format!("{lo}–{}", hi - 1),
            (Some(lo), Some(_)) => lo.to_string(),
            (Some(lo), None) => format!("{lo}+"),
            _ => String::new(),
        }
    }

    /// One modifier as a figure: those of `unit` (`Some`), or the column
    /// shifts (`None`) of the barrage table or the CRT; `None` for another
    /// unit's, and for a multiplier of 1.
    fn modifier(&self, m: Modifier, unit: Option<UnitId>, barrage: bool) -> Option<Basis> {
        let charts = &self.scenario.charts;
        let (u, cause, by, what) = match m {
            Modifier::Shift { cause, shift } => return unit.is_none().then(|| self.shift(cause, shift, barrage)),
            Modifier::Attack { unit, cause, by } => (unit, cause, by, ("attack", "атака")),
            Modifier::Defence { unit, cause, by } => (unit, cause, by, ("defence", "оборона")),
            Modifier::Barrage { unit, cause, by } => (unit, cause, by, ("barrage", "артобстрел")),
        };
        if Some(u) != unit || by == Ratio::ONE {
            return None;
        }
        let n = &self.scenario.unit(u).name;
        let by = times(by);
        let (rule, en, ru) = match cause {
            Cause::Hexside(f) => {
                let k = &charts.hexsides[usize::from(f)].name;
                (
                    "SCS 7.0",
                    format!("attacks across a hexside, {}", k.en),
                    format!("атакует через сторону гекса: {}", k.ru),
                )
            }
            Cause::Terrain(t) => {
                let k = &charts.terrain[usize::from(t)].name;
                (
                    "SCS 7.0",
                    format!("in {} (terrain effects chart)", k.en),
                    format!("{} (таблица влияния местности)", k.ru),
                )
            }
            Cause::OutOfSupply => ("SCS 12.0", "out of supply".to_owned(), "без снабжения".to_owned()),
            Cause::Dg => ("Barrage", "disorganised (DG)".to_owned(), "дезорганизовано (DG)".to_owned()),
            Cause::EveryAttackerCrosses | Cause::NoSpotter => return None,
        };
        Some(Basis::new(
            rule,
            Text::new(format!("{}: {en}: {} {by}", n.en, what.0), format!("{}: {ru}: {} {by}", n.ru, what.1)),
        ))
    }

    /// A column shift as a figure, of the barrage table or the CRT.
    fn shift(&self, cause: Cause, shift: i8, barrage: bool) -> Basis {
        let charts = &self.scenario.charts;
        let (en, ru) = shift_words(shift);
        let (rule, why_en, why_ru) = match cause {
            Cause::Terrain(t) if barrage => {
                let k = &charts.terrain[usize::from(t)].name;
                ("Barrage", format!("{} in the target hex", k.en), format!("{} в гексе цели", k.ru))
            }
            Cause::Terrain(t) => {
                let k = &charts.terrain[usize::from(t)].name;
                ("SCS 7.0", format!("{} in the defending hex", k.en), format!("{} в гексе обороняющегося", k.ru))
            }
            Cause::EveryAttackerCrosses => (
                "SCS 7.0",
                "every attacker attacks across a hexside".to_owned(),
                "все атакующие атакуют через сторону гекса".to_owned(),
            ),
            Cause::NoSpotter => (
                "Barrage",
                "no friendly unit next to the target spots it".to_owned(),
                "рядом с целью нет своего подразделения-корректировщика".to_owned(),
            ),
            Cause::Hexside(_) | Cause::OutOfSupply | Cause::Dg => ("SCS 7.0", String::new(), String::new()),
        };
        Basis::new(rule, Text::new(format!("{why_en}: {en}"), format!("{why_ru}: {ru}")))
    }
}

/// A multiplier as printed: `×1/2`, `×2`.
fn times(r: Ratio) -> String {
    if r.den() == 1 {
        format!("×{}", r.num())
    } else {
        format!("×{}/{}", r.num(), r.den())
    }
}

/// A column shift in words.
fn shift_words(shift: i8) -> (String, String) {
    let n = shift.unsigned_abs();
    let en = format!("{n} column{} {}", if n == 1 { "" } else { "s" }, if shift < 0 { "left" } else { "right" });
    let ru = format!(
        "сдвиг на {n} {} {}",
        plural(n, "колонку", "колонки", "колонок"),
        if shift < 0 { "влево" } else { "вправо" }
    );
    (en, ru)
}

/// The Russian form for `n` of a noun: one, few (2–4), many.
fn plural<'a>(n: u8, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

/// One side's part of a combat result in words (`None` when it is spared).
fn side_words(r: SideResult, who: (&str, &str)) -> Option<(String, String)> {
    let mut en = Vec::new();
    let mut ru = Vec::new();
    if r.steps > 0 {
        let n = r.steps;
        en.push(format!("loses {n} step{}", if n == 1 { "" } else { "s" }));
        ru.push(format!("теряет {n} {}", plural(n, "уровень", "уровня", "уровней")));
    }
    if r.retreat > 0 {
        let n = r.retreat;
        en.push(format!("retreats {n} hex{}", if n == 1 { "" } else { "es" }));
        ru.push(format!("отступает на {n} {}", plural(n, "гекс", "гекса", "гексов")));
    }
    (!en.is_empty()).then(|| (format!("{} {}", who.0, en.join(" and ")), format!("{} {}", who.1, ru.join(" и "))))
}

/// A combat result as a player reads it: the CRT's code and what it means.
pub(crate) fn combat_result(r: CrtResult) -> Text {
    let code = r.text();
    let sides: Vec<(String, String)> =
        [side_words(r.attacker, ("attacker", "атакующий")), side_words(r.defender, ("defender", "обороняющийся"))]
            .into_iter()
            .flatten()
            .collect();
    if sides.is_empty() {
        return Text::new(format!("{code}: no effect"), format!("{code}: без последствий"));
    }
    let en: Vec<&str> = sides.iter().map(|s| s.0.as_str()).collect();
    let ru: Vec<&str> = sides.iter().map(|s| s.1.as_str()).collect();
    Text::new(format!("{code}: {}", en.join("; ")), format!("{code}: {}", ru.join("; ")))
}

/// A barrage result as a player reads it.
pub(crate) fn barrage_result(r: BarrageResult) -> Text {
    match r {
        BarrageResult::NoEffect => Text::fixed("NE: no effect", "NE: без последствий"),
        BarrageResult::Dg => {
            Text::fixed("DG: the target stack is disorganised", "DG: группировка-цель дезорганизована")
        }
        BarrageResult::Steps(k) => Text::new(
            format!(
                "{k} + DG: the target stack loses {k} step{} off its top and is disorganised",
                if k == 1 { "" } else { "s" }
            ),
            format!(
                "{k} + DG: группировка-цель теряет {k} {} (с верхнего подразделения) и дезорганизована",
                plural(k, "уровень", "уровня", "уровней")
            ),
        ),
    }
}
