//! A position given as data, checked before play starts from it
//! ([`sandtable_core::Ruleset::validate`]): ids in range for this scenario's
//! map and order of battle, the turn track and initiative within their
//! printed bounds, destroyed units off the map — and every invariant that
//! holds in each position reachable in play, so the soak (`Driver::soak`)
//! checks them after every random action: terrain a unit may stand on (6.0),
//! no hex shared by both sides (6.0), the stacking limit outside the moments
//! 4.0 allows more (the phasing side's impulse and its Overstack phase), one
//! stack order (4.0, 7.1), a single unit under way (3.2), secret picks only
//! while they are made (2.1), control of occupied victory hexes (9.0) and the
//! strength exited through Q2 (6.2, 9.2) recomputed from the units.
//!
//! Victory points ([`Totensonntag::victory`]) are themselves computed from
//! scratch on every call, except for the two values the state keeps:
//! `exited`, recomputed here exactly, and `control`, which depends on history
//! (the last side to occupy an empty hex) and so is checked only where a hex
//! is occupied now.

use crate::map::Terrain;
use crate::stacking::STACK_LIMIT;
use crate::state::{Act, Cleared, Phase, Pos, Privilege, State};
use crate::unit::Side;
use crate::Totensonntag;
use sandtable_core::{PositionError, PositionErrors};

impl Totensonntag {
    /// Every impossible thing in `s` for this scenario. O(hexes + units · log
    /// units + marks): one pass builds per-hex counts, one sort checks the
    /// stack orders.
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
        for (i, &Cleared(h)) in s.cleared.iter().enumerate() {
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
        // The invariants of play below index by hex and unit: only for ids in range.
        if s.units.len() == units && s.units.iter().all(|u| !matches!(u.pos, Pos::Hex(h) if h.index() >= hexes)) {
            self.validate_play(s, &mut e);
        }
        e.finish()
    }

    /// What holds in every position reached in play, for a state whose ids
    /// are in range. O(hexes + units · log units).
    fn validate_play(&self, s: &State, e: &mut PositionErrors) {
        let hexes = self.map.grid.len();
        let mut count = vec![[0u8; 2]; hexes];
        let mut orders: Vec<(u16, usize)> = Vec::new();
        let mut exited = 0u8;
        let mut moving = 0usize;
        for (i, u) in s.units.iter().enumerate() {
            let spec = &self.scenario.units[i];
            let side = spec.side();
            // 1.0: hits never pass strength, even on a destroyed unit.
            e.check(
                u.hits <= spec.strength,
                || format!("units[{i}].hits"),
                || format!("{} hits on a strength-{} unit (1.0)", u.hits, spec.strength),
                || format!("{} потерь у части силы {} (1.0)", u.hits, spec.strength),
            );
            match u.pos {
                Pos::Hex(h) => {
                    count[h.index()][side.index()] = count[h.index()][side.index()].saturating_add(1);
                    orders.push((u.order, i));
                    // 6.0: nobody enters impassable terrain, only infantry an
                    // escarpment (set-up, movement, entry and advance alike).
                    let t = self.map.info(h).terrain;
                    e.check(
                        t != Terrain::Impassable && (t != Terrain::Escarpment || spec.class.is_infantry()),
                        || format!("units[{i}].pos"),
                        || format!("{} stands in {} terrain it may not enter (6.0)", spec.code, terrain_en(t)),
                        || format!("{} стоит в гексе ({}), куда не может войти (6.0)", spec.code, terrain_ru(t)),
                    );
                }
                Pos::Exited => {
                    // 6.2: only the Allies exit, through Q2; hits no longer change.
                    e.check(
                        side == Side::Allies,
                        || format!("units[{i}].pos"),
                        || format!("{} of the Axis has exited: only the Allies exit (6.2)", spec.code),
                        || format!("{} (Ось) вышел с поля: выводить юниты могут только Союзники (6.2)", spec.code),
                    );
                    exited = exited.saturating_add(spec.strength.saturating_sub(u.hits));
                }
                Pos::Off | Pos::Destroyed => {}
            }
            if u.act == Act::Moving {
                moving += 1;
            }
        }
        // 6.0: a unit never enters a hex with enemy units.
        for (h, c) in count.iter().enumerate() {
            e.check(
                c[0] == 0 || c[1] == 0,
                || format!("hex {}", self.map.grid.label(sandtable_board::HexId::from_index(h))),
                || "units of both sides share a hex (6.0)".into(),
                || "в гексе юниты обеих сторон (6.0)".into(),
            );
        }
        // 4.0: at most three units a hex, checked at the end of each impulse:
        // only the phasing side may be over the limit, during its impulse and
        // its Overstack phase; and that phase lasts only while some hex is over.
        let phasing = match s.phase {
            Phase::Impulse { side, .. } | Phase::Overstack { side, .. } => Some(side),
            _ => None,
        };
        for side in Side::ALL {
            let over = count.iter().position(|c| c[side.index()] > STACK_LIMIT);
            if let Some(h) = over.filter(|_| phasing != Some(side)) {
                let label = self.map.grid.label(sandtable_board::HexId::from_index(h));
                let n = count[h][side.index()];
                e.check(
                    false,
                    || format!("hex {label}"),
                    || format!("{n} units in one hex outside their side's impulse: at most {STACK_LIMIT} (4.0)"),
                    || format!("{n} юнитов в гексе вне импульса их стороны: группировать можно до {STACK_LIMIT} (4.0)"),
                );
            }
            e.check(
                !matches!(s.phase, Phase::Overstack { side: p, .. } if p == side) || over.is_some(),
                || "phase".into(),
                || "an Overstack phase with no hex over the limit (4.0)".into(),
                || "фаза превышения группирования без гекса сверх лимита (4.0)".into(),
            );
        }
        // 4.0, 7.1: each unit on the map has its own place in the stacking
        // order, so every stack has one top unit.
        orders.sort_unstable();
        for w in orders.windows(2) {
            e.check(
                w[0].0 != w[1].0,
                || format!("units[{}].order", w[1].1),
                || format!("stack order {} is shared with units[{}] (4.0)", w[1].0, w[0].1),
                || format!("порядок в стопке {} совпадает с units[{}] (4.0)", w[1].0, w[0].1),
            );
        }
        // 6.2, 9.2: the strength exited is that of the units gone through Q2.
        e.check(
            s.exited == exited,
            || "exited".into(),
            || format!("exited strength {}, but the exited units' strength is {exited} (9.2)", s.exited),
            || format!("выведено силы {}, а сила вышедших юнитов {exited} (9.2)", s.exited),
        );
        // 9.0: the side occupying a victory hex controls it.
        for (i, &h) in self.map.vp.iter().enumerate() {
            let [axis, allies] = count[h.index()];
            let holder = if axis > 0 {
                Some(Side::Axis)
            } else if allies > 0 {
                Some(Side::Allies)
            } else {
                None
            };
            e.check(
                holder.is_none_or(|x| x == s.control[i]),
                || format!("control[{i}]"),
                || {
                    format!(
                        "{} is occupied by the other side than the one controlling it (9.0)",
                        self.map.grid.label(h)
                    )
                },
                || format!("{} занят не той стороной, что его контролирует (9.0)", self.map.grid.label(h)),
            );
        }
        // 3.2: units act one at a time: only the unit under way is moving,
        // and only in its side's impulse.
        let active_ok = match s.active {
            None => moving == 0,
            Some(u) => {
                moving == 1
                    && s.units[u.index()].act == Act::Moving
                    && matches!(s.phase, Phase::Impulse { side, .. } if side == self.side(u))
            }
        };
        e.check(
            active_ok,
            || "active".into(),
            || {
                format!(
                    "{moving} units moving, unit under way {:?}: one unit acts at a time, in its impulse (3.2)",
                    s.active.map(|u| u.index())
                )
            },
            || {
                format!(
                    "движется юнитов: {moving}, действующий {:?}: юниты действуют по одному, в свой импульс (3.2)",
                    s.active.map(|u| u.index())
                )
            },
        );
        // 2.1: a secret pick exists only while the picks are made, and only
        // for a side holding the pick privilege.
        for side in Side::ALL {
            let i = side.index();
            e.check(
                s.secret[i].is_none() || (s.phase == Phase::InitiativePick && s.privilege[i] == Privilege::Pick),
                || format!("secret[{i}]"),
                || "a secret pick outside the initiative pick, or without the privilege (2.1)".into(),
                || "секретный выбор вне выбора УИ или без права на него (2.1)".into(),
            );
        }
        // 3.1, 6.0: the phasing side's level gives activation and movement points.
        if let Some(side) = phasing {
            e.check(
                (1..=6).contains(&s.level[side.index()]),
                || format!("level[{}]", side.index()),
                || "the phasing side's initiative level is not 1–6 (2.1)".into(),
                || "УИ активной стороны не от 1 до 6 (2.1)".into(),
            );
        }
    }
}

fn terrain_en(t: Terrain) -> &'static str {
    match t {
        Terrain::Open => "open",
        Terrain::Rough => "rough",
        Terrain::Escarpment => "escarpment",
        Terrain::Impassable => "impassable",
    }
}

fn terrain_ru(t: Terrain) -> &'static str {
    match t {
        Terrain::Open => "открытая местность",
        Terrain::Rough => "пересечённая местность",
        Terrain::Escarpment => "возвышенность",
        Terrain::Impassable => "непроходимая местность",
    }
}
