//! Odds before the dice (issue 14): the chance that an attack, overrun or
//! bombardment scores a hit, with the attack rating and each modifier named
//! by its rule. The results come from the rules themselves
//! ([`sandtable_core::forecast::outcomes`] runs the action over every roll);
//! the figures from the same functions play uses.

use crate::action::Action;
use crate::combat::AttackKind;
use crate::occupancy::Occupancy;
use crate::state::{Pos, State};
use crate::unit::{Side, UnitId};
use crate::Totensonntag;
use sandtable_core::forecast::{outcomes, Basis, Forecast};
use sandtable_core::{Seat, Text};

impl Totensonntag {
    /// The odds of an attack, overrun (7.2, 7.5) or bombardment (7.4); `None`
    /// for every other action (only these roll at a player's choice, apart
    /// from the initiative roll, whose six levels are plainly even). Cost:
    /// 36 applications of the action (216 for a bombardment).
    pub(crate) fn odds(&self, s: &State, seat: Seat, a: Action) -> Option<Forecast> {
        let side = Side::of_seat(seat)?;
        let (att, target, kind, spotter) = match a {
            Action::Attack(u, h) => {
                let plan = self.check_attack(s, side, &Occupancy::of(self, s), u, h).ok()?;
                (u, plan.target, plan.kind, None)
            }
            Action::Bombard(art, t, sp) => (art, t, AttackKind::Bombard, Some(sp)),
            _ => return None,
        };
        let mut basis = Vec::new();
        if let Some(sp) = spotter {
            let modifier = self.ranging_modifier_noted(s, sp, |rule, change, what| {
                basis.push(Basis::new(rule, signed(change, &what)));
            });
            let need = 4 - modifier;
            basis.push(Basis::new(
                "CCT 7.4",
                Text::new(
                    format!("bombardment check: {need}+ on one die"),
                    format!("проверка артобстрела: {need}+ на одном кубике"),
                ),
            ));
        }
        let strength = self.strength(s, att);
        basis.push(Basis::new("CCT 7.1", Text::new(format!("strength {strength}"), format!("сила {strength}"))));
        let ar = self.attack_rating_noted(s, att, target, kind, |rule, change, what| {
            basis.push(Basis::new(rule, signed(change, &what)));
        });
        let dr = self.scenario.unit(target).defence;
        let need = i16::from(dr) - i16::from(ar);
        basis.push(Basis::new(
            "CCT 7.2",
            Text::new(
                format!("AR {ar} against DR {dr}: a hit on 2d6 ≥ {need}"),
                format!("РА {ar} против РЗ {dr}: хит при 2d6 ≥ {need}"),
            ),
        ));
        let outcomes = outcomes(self, s, seat, a, |after| self.hit_result(s, after, target))?;
        Some(Forecast { basis, outcomes })
    }

    /// What a hit did to `target`, read from the state before and after.
    fn hit_result(&self, before: &State, after: &State, target: UnitId) -> Text {
        let code = &self.scenario.unit(target).code;
        if after.unit(target).hits == before.unit(target).hits {
            Text::fixed("no effect", "без результата")
        } else if after.unit(target).pos == Pos::Destroyed {
            Text::new(format!("hit: {code} destroyed"), format!("хит: {code} уничтожен"))
        } else {
            let left = self.strength(after, target);
            Text::new(format!("hit: {code} to strength {left}"), format!("хит: у {code} остаётся сила {left}"))
        }
    }
}

/// `+1 German tanks`: a modifier with its sign.
fn signed(change: i8, what: &Text) -> Text {
    Text::new(format!("{change:+} {}", what.en), format!("{change:+} {}", what.ru))
}
