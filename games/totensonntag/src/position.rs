//! A position given as data, checked before play starts from it
//! ([`sandtable_core::Ruleset::validate`]): ids in range for this scenario's
//! map and order of battle, the turn track and initiative within their
//! printed bounds, destroyed units off the map.

use crate::state::{Phase, Pos, State};
use crate::Totensonntag;
use sandtable_core::{PositionError, PositionErrors};

impl Totensonntag {
    /// Every impossible thing in `s` for this scenario. O(units + marks).
    pub(crate) fn validate_position(&self, s: &State) -> Result<(), Vec<PositionError>> {
        let mut e = PositionErrors::default();
        let hexes = self.map.grid.len();
        let units = self.scenario.unit_ids().count();
        e.check(
            s.units.len() == units,
            || "units".into(),
            || format!("{} units, but the order of battle has {units}", s.units.len()),
            || format!("частей {}, а в составе сил {units}", s.units.len()),
        );
        let on_map = |i: usize| matches!(s.units.get(i).map(|u| u.pos), Some(Pos::Hex(_)));
        for (i, u) in s.units.iter().enumerate().take(units) {
            if let Pos::Hex(h) = u.pos {
                e.check(
                    h.index() < hexes,
                    || format!("units[{i}].pos"),
                    || format!("hex index {} is off the map ({hexes} hexes)", h.index()),
                    || format!("гекс {} вне карты (гексов {hexes})", h.index()),
                );
            }
            let printed = self.scenario.units[i].strength;
            // 1.0: a unit whose hits reach its strength is destroyed.
            e.check(
                u.hits < printed || u.pos == Pos::Destroyed,
                || format!("units[{i}].hits"),
                || format!("{} hits on a strength-{printed} unit that is not destroyed (1.0)", u.hits),
                || format!("{} потерь у части силы {printed}, которая не уничтожена (1.0)", u.hits),
            );
            e.check(
                u.order < s.next_order,
                || format!("units[{i}].order"),
                || format!("stack order {} is not below next_order {}", u.order, s.next_order),
                || format!("порядок в стопке {} не меньше next_order {}", u.order, s.next_order),
            );
        }
        // 2.0: the turn and pair tracks.
        e.check(
            (1..=self.scenario.turns).contains(&s.turn),
            || "turn".into(),
            || format!("turn {} of {}", s.turn, self.scenario.turns),
            || format!("ход {} из {}", s.turn, self.scenario.turns),
        );
        e.check(
            matches!(s.pairs, 4 | 5),
            || "pairs".into(),
            || format!("{} impulse pairs a turn: 5, or 4 in some printings (2.0)", s.pairs),
            || format!("пар импульсов за ход {}: 5 или 4 (2.0)", s.pairs),
        );
        e.check(
            (1..=s.pairs).contains(&s.pair),
            || "pair".into(),
            || format!("pair {} of {}", s.pair, s.pairs),
            || format!("пара {} из {}", s.pair, s.pairs),
        );
        // 2.1: initiative levels and secret picks run 1–6 (0: not known yet / roll).
        for i in 0..2 {
            e.check(
                s.level[i] <= 6,
                || format!("level[{i}]"),
                || format!("initiative level {} is above 6 (2.1)", s.level[i]),
                || format!("УИ {} больше 6 (2.1)", s.level[i]),
            );
            e.check(
                !matches!(s.secret[i], Some(n) if n > 6),
                || format!("secret[{i}]"),
                || "a secret pick is 0 (roll) or a level 1–6 (2.1)".into(),
                || "секретный выбор — 0 (бросок) или УИ 1–6 (2.1)".into(),
            );
        }
        if let Some(u) = s.active {
            e.check(
                on_map(u.index()),
                || "active".into(),
                || format!("the acting unit (index {}) is not on the map", u.index()),
                || format!("действующая часть (номер {}) не на карте", u.index()),
            );
        }
        for (i, m) in s.attacks.iter().enumerate() {
            e.check(
                m.unit.index() < units && m.hex.index() < hexes,
                || format!("attacks[{i}]"),
                || "an attack mark names a unit or hex this scenario lacks".into(),
                || "отметка атаки называет часть или гекс, которых нет в сценарии".into(),
            );
        }
        for (i, h) in s.cleared.iter().enumerate() {
            e.check(
                h.index() < hexes,
                || format!("cleared[{i}]"),
                || format!("hex index {} is off the map", h.index()),
                || format!("гекс {} вне карты", h.index()),
            );
        }
        e.check(
            s.phase != Phase::Over || s.turn == self.scenario.turns,
            || "phase".into(),
            || "the game is over only after the last turn (9.0)".into(),
            || "игра окончена только после последнего хода (9.0)".into(),
        );
        e.finish()
    }
}
