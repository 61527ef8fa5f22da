//! Combat (7.0–7.5): attacks, overruns, bombardment with spotters, advance
//! after combat.

use crate::activation::Use;
use crate::map::Terrain;
use crate::occupancy::Occupancy;
use crate::state::{Act, AttackMark, Cleared, Pos, State};
use crate::unit::{Nationality, Side, UnitClass, UnitId};
use crate::Totensonntag;
use sandtable_board::HexId;
use sandtable_core::{Events, Illegal, Text};

/// Kinds of attack (7.0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AttackKind {
    /// A unit that has not moved attacks an adjacent hex.
    Normal,
    /// A moving armour or recon unit attacks as part of its move (7.5).
    Overrun,
    /// Artillery fires at a non-adjacent hex (7.4).
    Bombard,
}

/// A checked attack.
#[derive(Copy, Clone, Debug)]
pub(crate) struct AttackPlan {
    hex: HexId,
    pub(crate) target: UnitId,
    pub(crate) kind: AttackKind,
    cost: u8,
}

impl Totensonntag {
    /// The attack rating of `att` against `target` (7.1): current strength and
    /// every modifier of 7.1 and 7.4. O(1).
    pub fn attack_rating(&self, s: &State, att: UnitId, target: UnitId, kind: AttackKind) -> i8 {
        self.attack_rating_noted(s, att, target, kind, |_, _, _| {})
    }

    /// [`Totensonntag::attack_rating`], telling `note(rule, change, what)` each
    /// modifier that applies, so a forecast names them from the same code
    /// play uses. The texts are static: nothing is allocated.
    pub(crate) fn attack_rating_noted(
        &self,
        s: &State,
        att: UnitId,
        target: UnitId,
        kind: AttackKind,
        mut note: impl FnMut(&'static str, i8, Text),
    ) -> i8 {
        let a = self.scenario.unit(att);
        let t = self.scenario.unit(target);
        let mut ar = self.strength(s, att) as i8;
        let mut modify = |rule, change: i8, what| {
            ar += change;
            note(rule, change, what);
        };
        let german = |n: Nationality| n == Nationality::German;
        // 7.1: German tanks add 1 to any attack.
        if german(a.nationality) && a.class == UnitClass::Armour {
            modify("CCT 7.1", 1, Text::fixed("German tanks", "немецкие танки"));
        }
        // 7.1: a German Panzerjäger adds 2 against armour or recon.
        if german(a.nationality) && a.class == UnitClass::AntiTank && t.class.is_mobile() {
            modify(
                "CCT 7.1",
                2,
                Text::fixed("German anti-tank against armour or recon", "немецкие ПТ против танков или разведки"),
            );
        }
        // 7.1: Allied armour and recon subtract 1 against German tanks or anti-tank.
        if a.side() == Side::Allies
            && a.class.is_mobile()
            && german(t.nationality)
            && matches!(t.class, UnitClass::Armour | UnitClass::AntiTank)
        {
            modify(
                "CCT 7.1",
                -1,
                Text::fixed(
                    "Allied armour or recon against German tanks or anti-tank",
                    "союзные танки или разведка против немецких танков или ПТ",
                ),
            );
        }
        // 7.1: an overrun against recon subtracts 1.
        if kind == AttackKind::Overrun && t.class == UnitClass::Recon {
            modify("CCT 7.1", -1, Text::fixed("overrun against recon", "стремительная атака против разведки"));
        }
        // 7.1: infantry attacking armour subtracts 1.
        if a.class.is_infantry() && t.class == UnitClass::Armour {
            modify("CCT 7.1", -1, Text::fixed("infantry against armour", "пехота против танков"));
        }
        // 7.1: a target on escarpment or in entrenchment: −1.
        if let Some(h) = s.hex_of(target) {
            let info = self.map.info(h);
            if info.terrain == Terrain::Escarpment || info.entrenched {
                modify(
                    "CCT 7.1",
                    -1,
                    Text::fixed("target on escarpment or entrenched", "цель на откосе или в укреплении"),
                );
            }
        }
        // 7.4: bombardment −1, and −1 more against armour.
        if kind == AttackKind::Bombard {
            modify("CCT 7.4", -1, Text::fixed("bombardment", "артобстрел"));
            if t.class == UnitClass::Armour {
                modify("CCT 7.4", -1, Text::fixed("bombardment against armour", "артобстрел против танков"));
            }
        }
        ar
    }

    /// Checks an attack or overrun on the top enemy unit of an adjacent hex.
    pub(crate) fn check_attack(
        &self,
        s: &State,
        side: Side,
        occ: &Occupancy,
        u: UnitId,
        hex: HexId,
    ) -> Result<AttackPlan, Illegal> {
        self.own_in_impulse(s, side, u)?;
        let Some(from) = s.hex_of(u) else {
            return Err(Illegal::fixed("CCT 7.0", "the unit is not on the map", "юнит не на карте"));
        };
        if !self.map.grid.are_adjacent(from, hex) {
            return Err(Illegal::fixed(
                "CCT 7.0",
                "a unit attacks only an adjacent hex (artillery may bombard farther)",
                "атаковать можно только соседний гекс (артиллерия может обстреливать дальше)",
            ));
        }
        let Some(target) = occ.top(hex).filter(|&t| self.side(t) != side) else {
            return Err(Illegal::fixed("CCT 7.0", "no enemy unit in that hex", "в этом гексе нет вражеских юнитов"));
        };
        let spec = self.scenario.unit(u);
        if self.is_moving(s, u) {
            if !spec.class.is_mobile() {
                return Err(Illegal::fixed(
                    "CCT 3.2",
                    "a unit either moves or attacks; only armour and recon may do both",
                    "юнит либо двигается, либо атакует; и то и другое могут только бронетанковые и разведывательные",
                ));
            }
            if s.unit(u).no_overrun {
                return Err(Illegal::fixed(
                    "CCT 5.0",
                    "after moving from one enemy ZOC to another, no overrun",
                    "после движения из ЗК в ЗК стремительная атака невозможна",
                ));
            }
            let cost = self.enter_cost(spec.class, hex).map_err(|_| {
                Illegal::fixed(
                    "CCT 7.5",
                    "a unit may overrun only a hex it could legally enter",
                    "стремительная атака возможна только на гекс, куда юнит мог бы войти",
                )
            })?;
            if cost > s.unit(u).mp {
                return Err(Illegal::fixed(
                    "CCT 7.5",
                    "an overrun costs the MP of entering the hex",
                    "стремительная атака стоит столько ОД, сколько стоил бы вход в этот гекс",
                ));
            }
            Ok(AttackPlan { hex, target, kind: AttackKind::Overrun, cost })
        } else {
            self.check_activation(s, side, u, Use::Attack)?;
            Ok(AttackPlan { hex, target, kind: AttackKind::Normal, cost: 0 })
        }
    }

    /// Resolves an attack (7.2): 2d6 + AR ≥ DR scores a hit.
    pub(crate) fn do_attack(&self, s: &mut State, u: UnitId, p: AttackPlan, ev: &mut Events) {
        self.begin_unit_action(s, u);
        let side = self.side(u);
        let from = s.hex_of(u).expect("checked: attacker on the map");
        let from_overstacked =
            self.scenario.unit_ids().filter(|&x| self.side(x) == side && s.hex_of(x) == Some(from)).count() > 3;
        {
            let us = s.unit_mut(u);
            us.act = Act::Done;
            us.mp = us.mp.saturating_sub(p.cost);
        }
        s.active = None;
        let rule = if p.kind == AttackKind::Overrun { "CCT 7.5" } else { "CCT 7.2" };
        self.resolve_hit(s, u, p.target, p.kind, rule, ev);
        s.attacks.push(AttackMark { unit: u, hex: p.hex, overrun: p.kind == AttackKind::Overrun, from_overstacked });
        if !self.scenario.unit_ids().any(|x| self.side(x) != side && s.hex_of(x) == Some(p.hex))
            && !s.cleared.contains(&Cleared(p.hex))
        {
            s.cleared.push(Cleared(p.hex));
        }
    }

    /// Rolls 2d6 + AR against the target's DR; a hit removes one strength
    /// point, and a unit at 0 is destroyed (1.0, 7.2).
    fn resolve_hit(
        &self,
        s: &mut State,
        att: UnitId,
        target: UnitId,
        kind: AttackKind,
        rule: &'static str,
        ev: &mut Events,
    ) {
        let ar = self.attack_rating(s, att, target, kind);
        let (d1, d2) = (s.dice.d6(), s.dice.d6());
        let dr = self.scenario.unit(target).defence;
        let total = i16::from(d1) + i16::from(d2) + i16::from(ar);
        let hit = total >= i16::from(dr);
        if hit {
            s.unit_mut(target).hits += 1;
            if self.strength(s, target) == 0 {
                s.unit_mut(target).pos = Pos::Destroyed;
            }
        }
        ev.roll(rule, &[d1, d2], || {
            let a = &self.scenario.unit(att).code;
            let t = &self.scenario.unit(target).code;
            let left = self.strength(s, target);
            let (en, ru) = match (hit, left) {
                (false, _) => ("no effect".to_owned(), "без результата".to_owned()),
                (true, 0) => ("hit: destroyed".to_owned(), "хит: уничтожен".to_owned()),
                (true, n) => (format!("hit: strength {n}"), format!("хит: сила {n}")),
            };
            Text::new(
                format!("{a} → {t}: {d1}+{d2} + AR {ar} = {total} vs DR {dr}: {en}"),
                format!("{a} → {t}: {d1}+{d2} + РА {ar} = {total} против РЗ {dr}: {ru}"),
            )
        });
    }

    /// How far a spotter sees (7.4): adjacent hexes; two from entrenchment;
    /// three from a point hex.
    pub fn spotting_range(&self, hex: HexId) -> u16 {
        let info = self.map.info(hex);
        if info.point {
            3
        } else if info.entrenched {
            2
        } else {
            1
        }
    }

    /// Checks a bombardment (7.4).
    pub(crate) fn check_bombard(
        &self,
        s: &State,
        side: Side,
        art: UnitId,
        target: UnitId,
        spotter: UnitId,
    ) -> Result<(), Illegal> {
        self.own_in_impulse(s, side, art)?;
        let spec = self.scenario.unit(art);
        if !Self::may_bombard(spec.class) {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "only artillery bombards",
                "вести артобстрел может только артиллерия",
            ));
        }
        let Some(from) = s.hex_of(art) else {
            return Err(Illegal::fixed("CCT 7.4", "the artillery is not on the map", "артиллерия не на карте"));
        };
        self.check_activation(s, side, art, Use::Attack)?;
        let Some(th) = s.hex_of(target).filter(|_| self.side(target) != side) else {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "the target must be an enemy unit on the map",
                "цель должна быть вражеским юнитом на карте",
            ));
        };
        let d = self.map.grid.distance(from, th);
        if d < 2 {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "an adjacent target is attacked, not bombarded",
                "соседнюю цель атакуют, а не обстреливают",
            ));
        }
        // 7.4: the hexes between plus the target hex, i.e. the hex distance.
        if d > u16::from(spec.range) {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "the target is beyond the artillery's range",
                "цель вне радиуса стрельбы",
            ));
        }
        // 7.4: "a friendly unit provides the spotting" — another unit (see RULES.md, readings).
        if spotter == art {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "artillery does not spot for itself: another friendly unit spots",
                "артиллерия не наводит сама себя: наведение обеспечивает другой дружеский юнит",
            ));
        }
        if self.side(spotter) != side {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "the spotter must be a friendly unit",
                "наводящим должен быть дружеский юнит",
            ));
        }
        let Some(sh) = s.hex_of(spotter) else {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "the spotter must be on the map",
                "наводящий юнит должен быть на карте",
            ));
        };
        if self.map.grid.distance(sh, th) > self.spotting_range(sh) {
            return Err(Illegal::fixed(
                "CCT 7.4",
                "the spotter cannot see the target: adjacent only, two hexes from entrenchment, three from a point hex",
                "наводящий юнит видит цель только в соседних гексах; из укрепления — на два гекса, с ключевой точки — на три",
            ));
        }
        Ok(())
    }

    /// The bombardment check's modifier (7.4): +1 if the spotter is on a
    /// point hex, −1 if it moved this turn; each told to `note(rule, change,
    /// what)` as for the attack rating. The check succeeds on 4 or more.
    pub(crate) fn ranging_modifier_noted(
        &self,
        s: &State,
        spotter: UnitId,
        mut note: impl FnMut(&'static str, i8, Text),
    ) -> i8 {
        let mut modifier = 0;
        if s.hex_of(spotter).is_some_and(|h| self.map.info(h).point) {
            modifier += 1;
            note("CCT 7.4", 1, Text::fixed("spotter on a point hex", "наводящий юнит на ключевой точке"));
        }
        if s.unit(spotter).moved_turn {
            modifier -= 1;
            note("CCT 7.4", -1, Text::fixed("spotter moved this turn", "наводящий юнит двигался в этот ход"));
        }
        modifier
    }

    /// Bombards: the check roll (4–6; −1 if the spotter moved this turn, +1
    /// if it is on a point hex), then the attack at −1 (−2 against armour).
    pub(crate) fn do_bombard(&self, s: &mut State, art: UnitId, target: UnitId, spotter: UnitId, ev: &mut Events) {
        self.begin_unit_action(s, art);
        s.unit_mut(art).act = Act::Done;
        s.active = None;
        let roll = s.dice.d6();
        let modifier = self.ranging_modifier_noted(s, spotter, |_, _, _| {});
        let net = roll as i8 + modifier;
        let ok = net >= 4;
        ev.roll("CCT 7.4", &[roll], || {
            let a = &self.scenario.unit(art).code;
            let sp = &self.scenario.unit(spotter).code;
            Text::new(
                format!(
                    "{a} ranging check, spotter {sp}: {roll}{modifier:+} = {net}: {}",
                    if ok { "on target" } else { "fails" }
                ),
                format!(
                    "{a}: проверка артобстрела, наводящий юнит {sp}: {roll}{modifier:+} = {net}: {}",
                    if ok { "успех" } else { "неудача" }
                ),
            )
        });
        if ok {
            self.resolve_hit(s, art, target, AttackKind::Bombard, "CCT 7.4", ev);
        }
    }

    /// Checks an advance after combat (7.3).
    pub(crate) fn check_advance(
        &self,
        s: &State,
        side: Side,
        occ: &Occupancy,
        u: UnitId,
        hex: HexId,
    ) -> Result<bool, Illegal> {
        self.own_in_impulse(s, side, u)?;
        let Some(mark) = s.attacks.iter().find(|m| m.unit == u && m.hex == hex) else {
            return Err(Illegal::fixed(
                "CCT 7.3",
                "only units that attacked the hex this impulse may advance into it",
                "продвинуться могут только юниты, атаковавшие этот гекс в этот импульс",
            ));
        };
        if occ.holder(hex) == Some(side.other()) {
            return Err(Illegal::fixed(
                "CCT 7.3",
                "enemy units remain in the hex: a unit advances only into a hex its attack cleared",
                "в гексе остались вражеские юниты: продвинуться можно только в гекс, очищенный атакой",
            ));
        }
        // The advance belongs to the attack that cleared the hex: once
        // another unit acts, `cleared` is emptied.
        if !s.cleared.contains(&Cleared(hex)) {
            return Err(Illegal::fixed(
                "CCT 7.3",
                "the advance follows the attack that cleared the hex at once, before another unit acts",
                "продвижение проводится сразу после атаки, очистившей гекс, до действия другого юнита",
            ));
        }
        let us = s.unit(u);
        let Some(from) = s.hex_of(u) else {
            return Err(Illegal::fixed("CCT 7.3", "the unit is not on the map", "юнит не на карте"));
        };
        if us.advanced {
            return Err(Illegal::fixed(
                "CCT 7.3",
                "a unit advances once after its attack",
                "юнит продвигается после атаки только один раз",
            ));
        }
        if !self.map.grid.are_adjacent(from, hex) {
            return Err(Illegal::fixed(
                "CCT 7.3",
                "a unit advances into the adjacent hex it attacked",
                "юнит продвигается в соседний гекс, который он атаковал",
            ));
        }
        self.enter_cost(self.scenario.unit(u).class, hex).map_err(|_| {
            Illegal::fixed(
                "CCT 7.3",
                "a unit cannot advance into a hex it could not enter by movement",
                "юнит не может продвинуться в гекс, куда не смог бы войти движением",
            )
        })?;
        // Judged when the attack was made: units leaving the stack since do not lift it.
        if !mark.overrun && mark.from_overstacked {
            return Err(Illegal::fixed(
                "CCT 7.3",
                "after a normal attack, no advance out of an overstacked hex",
                "после обычной атаки нельзя продвигаться из гекса, где превышен лимит группирования",
            ));
        }
        Ok(mark.overrun)
    }

    /// Advances a unit (enemy ZOC does not stop it, 7.3).
    pub(crate) fn do_advance(&self, s: &mut State, u: UnitId, hex: HexId, ev: &mut Events) {
        self.occupy(s, u, hex);
        let us = s.unit_mut(u);
        us.advanced = true;
        // An advance is a move for a spotter's 7.4 modifier.
        us.moved_turn = true;
        ev.say("CCT 7.3", || {
            let code = &self.scenario.unit(u).code;
            let h = self.map.grid.label(hex);
            Text::new(format!("{code} advances into {h}"), format!("{code} продвигается в {h}"))
        });
    }
}
