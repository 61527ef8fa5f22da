//! Positions as data: a state read from JSON checked before play starts
//! from it — every id in range, units where the scenario allows them, the
//! phase consistent — each problem named with where it is.

use crate::state::{Phase, Pos, Stage, State};
use crate::unit::Start;
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{PositionError, PositionErrors, Ruleset};

impl Scs {
    pub(crate) fn validate_position(&self, s: &State) -> Result<(), Vec<PositionError>> {
        let mut e = PositionErrors::default();
        let n_hex = self.map().grid.len();
        let n_units = self.scenario.units.len();
        let hex_ok = |h: HexId| h.index() < n_hex;
        e.check(
            s.units.len() == n_units,
            || "units".into(),
            || format!("{} units, the scenario has {n_units}", s.units.len()),
            || format!("{} подразделений, в сценарии {n_units}", s.units.len()),
        );
        e.check(
            (1..=self.scenario.turns).contains(&s.turn),
            || "turn".into(),
            || format!("turn {} is not a game turn (1-{})", s.turn, self.scenario.turns),
            || format!("ход {} — не игровой ход (1–{})", s.turn, self.scenario.turns),
        );
        e.check(
            s.control.len() == self.scenario.victory.hexes.len(),
            || "control".into(),
            || "one controller per victory hex".into(),
            || "по одному владельцу на каждый гекс победы".into(),
        );
        if s.units.len() != n_units {
            return e.finish();
        }
        let mut holder = vec![None; n_hex];
        for (i, us) in s.units.iter().enumerate() {
            let spec = &self.scenario.units[i];
            let at = || format!("units[{i}] ({})", spec.id);
            e.check(
                us.lost <= spec.steps,
                at,
                || "more steps lost than it has".into(),
                || "потеряно шагов больше, чем есть".into(),
            );
            match us.pos {
                Pos::Hex(h) => {
                    if !hex_ok(h) {
                        e.check(false, at, || "hex off the map".into(), || "гекс вне карты".into());
                        continue;
                    }
                    e.check(
                        us.lost < spec.steps,
                        at,
                        || "on the map with no steps left".into(),
                        || "на карте без шагов".into(),
                    );
                    match holder[h.index()] {
                        None => holder[h.index()] = Some(spec.side),
                        Some(x) if x != spec.side => e.check(
                            false,
                            at,
                            || "two sides in one hex (3.3a)".into(),
                            || "две стороны в одном гексе (3.3a)".into(),
                        ),
                        _ => {}
                    }
                }
                Pos::Off => {
                    let ok = match &spec.start {
                        Start::Within { .. } => s.phase == Phase::SetUp,
                        Start::Arrives { turn, .. } => *turn >= s.turn || s.phase != Phase::SetUp,
                        Start::At(_) => false,
                    };
                    e.check(
                        ok,
                        at,
                        || "off the map where the scenario puts it on".into(),
                        || "вне карты, хотя сценарий ставит его на карту".into(),
                    );
                }
                Pos::Eliminated => e.check(
                    us.lost >= spec.steps,
                    at,
                    || "eliminated with steps left".into(),
                    || "уничтожен, хотя шаги остались".into(),
                ),
                Pos::Exited => e.check(
                    self.scenario.victory.exits.iter().any(|x| x.side == spec.side),
                    at,
                    || "exited, but its side has no exit".into(),
                    || "ушёл с карты, но у его стороны нет выхода".into(),
                ),
            }
        }
        let on_map = |u: &crate::unit::UnitId| u.index() < n_units && matches!(s.units[u.index()].pos, Pos::Hex(_));
        let force_hex: Vec<_> = s.force.iter().filter(|u| on_map(u)).map(|u| s.units[u.index()].pos).collect();
        e.check(
            force_hex.len() == s.force.len()
                && force_hex.windows(2).all(|w| w[0] == w[1])
                && s.force.iter().all(|u| self.scenario.units[u.index()].side == s.player),
            || "force".into(),
            || "the moving force must be phasing units on the map, in one hex".into(),
            || "движущаяся группировка — подразделения стороны, чья фаза, на карте, в одном гексе".into(),
        );
        if let Some(f) = &s.fight {
            let ids_ok = f.attackers.iter().chain(&f.defenders).all(|u| u.index() < n_units)
                && f.retreating.iter().all(|r| r.unit.index() < n_units && hex_ok(r.origin))
                && hex_ok(f.target)
                && f.paid.iter().all(|&(a, b, _)| hex_ok(a) && hex_ok(b));
            e.check(
                ids_ok,
                || "fight".into(),
                || "a unit or hex out of range".into(),
                || "подразделение или гекс вне диапазона".into(),
            );
            let cols = self.scenario.charts.crt.columns.len();
            e.check(
                f.odds.as_ref().is_none_or(|o| usize::from(o.used) < cols && usize::from(o.column) < cols),
                || "fight.odds".into(),
                || "a CRT column out of range".into(),
                || "колонка ТРБ вне диапазона".into(),
            );
            e.check(
                f.stage == Stage::Forming || f.stage == Stage::Declared || f.result.is_some(),
                || "fight.stage".into(),
                || "a fight being resolved has a result".into(),
                || "у разрешаемого боя есть результат".into(),
            );
            e.check(
                f.stage != Stage::Declared || f.odds.is_some(),
                || "fight.odds".into(),
                || "a declared fight has odds".into(),
                || "у объявленного боя есть соотношение".into(),
            );
        }
        e.check(
            s.overrun_hexes.iter().chain(&s.attacked_hexes).all(|&h| hex_ok(h)),
            || "overrun_hexes".into(),
            || "a hex off the map".into(),
            || "гекс вне карты".into(),
        );
        e.check(
            s.phase != Phase::SetUp || self.unplaced(s, s.player).next().is_some(),
            || "phase".into(),
            || "set-up by a side with nothing left to place".into(),
            || "расстановка стороной, которой нечего расставлять".into(),
        );
        let in_play = matches!(s.phase, Phase::Movement | Phase::Combat | Phase::Exploitation);
        e.check(
            in_play || (s.fight.is_none() && s.overstack.is_none() && s.force.is_empty()),
            || "phase".into(),
            || "a fight, a stacking check or a moving stack outside the phases of play".into(),
            || "бой, проверка группирования или движущаяся группировка вне фаз игры".into(),
        );
        // The checks below read the board: only a position whose ids are
        // all in range gets that far.
        if e.is_empty() {
            let b = self.board(s);
            e.check(
                s.overstack.is_none_or(|side| !self.overstacked(s, &b, side).is_empty()),
                || "overstack".into(),
                || "a stacking check (4.0a) for a side with no hex over the limit".into(),
                || "проверка группирования (4.0a) у стороны без превышения лимита".into(),
            );
        }
        // Whoever must decide has a decision to make: a position whose
        // pending decision cannot be taken (a retreat with no retreating
        // unit, losses with no unit to take them) is impossible.
        if e.is_empty() && s.phase != Phase::Over {
            let mut legal = Vec::new();
            if let Some(seat) = self.to_act(s).seats().iter().next() {
                self.legal_actions(s, seat, &mut legal);
            }
            e.check(
                !legal.is_empty(),
                || "phase".into(),
                || "the side to act has no legal action".into(),
                || "у стороны, которая ходит, нет допустимых действий".into(),
            );
        }
        e.finish()
    }
}
