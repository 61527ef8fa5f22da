//! Zones of control (5.0), movement (6.0), reinforcements (6.1), exit (6.2).

use crate::activation::Use;
use crate::map::Terrain;
use crate::occupancy::Occupancy;
use crate::scenario::{Entry, Start};
use crate::state::{Act, Pos, State};
use crate::unit::{Side, UnitClass, UnitId};
use crate::Totensonntag;
use sandtable_board::HexId;
use sandtable_core::{Events, Illegal, Text};

/// A checked step into a hex.
#[derive(Copy, Clone, Debug)]
pub(crate) struct StepPlan {
    /// The hex entered.
    pub to: HexId,
    /// Its cost in MP.
    pub cost: u8,
    /// The unit begins its action with this step.
    pub start: bool,
    /// The hex is in an enemy ZOC: stop there (5.0).
    pub stop: bool,
    /// ZOC to ZOC: stop, and no overrun (5.0).
    pub zoc_to_zoc: bool,
    /// Uses a Panzer III's entry bonus (3.3).
    pub uses_bonus: bool,
}

impl Totensonntag {
    /// The MP cost for a class to enter terrain, or why it cannot (6.0).
    /// Escarpment: infantry only, motorized infantry +1; rough: +1 for all
    /// motorized and mechanized units; impassable: nobody.
    pub(crate) fn enter_cost(&self, class: UnitClass, to: HexId) -> Result<u8, Illegal> {
        match self.map.info(to).terrain {
            Terrain::Open => Ok(1),
            Terrain::Rough => Ok(1 + u8::from(class.is_motorized())),
            Terrain::Escarpment if class.is_infantry() => Ok(1 + u8::from(class.is_motorized())),
            Terrain::Escarpment => Err(Illegal::fixed(
                "CCT 6.0",
                "only infantry may enter an escarpment hex",
                "в гекс с возвышенностью может войти только пехота",
            )),
            Terrain::Impassable => {
                Err(Illegal::fixed("CCT 6.0", "impassable terrain", "в гекс с непроходимой местностью входить нельзя"))
            }
        }
    }

    /// The checks every entry into a hex shares: terrain (6.0), no enemy
    /// (6.0), artillery not into an enemy ZOC (5.0).
    pub(crate) fn check_hex_entry(&self, side: Side, occ: &Occupancy, u: UnitId, to: HexId) -> Result<u8, Illegal> {
        let class = self.scenario.unit(u).class;
        if occ.holder(to) == Some(side.other()) {
            return Err(Illegal::fixed(
                "CCT 6.0",
                "a unit never enters a hex with enemy units",
                "юнит никогда не входит в гекс с вражескими юнитами",
            ));
        }
        let cost = self.enter_cost(class, to)?;
        if class == UnitClass::Artillery && occ.in_enemy_zoc(self, to, side) {
            return Err(Illegal::fixed(
                "CCT 5.0",
                "artillery may not enter an enemy zone of control",
                "артиллерия не может входить во вражескую ЗК",
            ));
        }
        Ok(cost)
    }

    /// Checks one step of movement.
    pub(crate) fn check_move(
        &self,
        s: &State,
        side: Side,
        occ: &Occupancy,
        u: UnitId,
        to: HexId,
    ) -> Result<StepPlan, Illegal> {
        self.own_in_impulse(s, side, u)?;
        let Pos::Hex(from) = s.unit(u).pos else {
            return Err(Illegal::fixed(
                "CCT 6.1",
                "the unit is off the map: it enters with `enter`",
                "юнит вне карты: он входит командой `enter`",
            ));
        };
        let start = !self.is_moving(s, u);
        if start {
            self.check_activation(s, side, u, Use::Move)?;
        } else if s.unit(u).stopped {
            return Err(Illegal::fixed(
                "CCT 5.0",
                "the unit entered an enemy zone of control and must stop",
                "юнит вошёл во вражескую ЗК и должен остановиться",
            ));
        }
        if !self.map.grid.are_adjacent(from, to) {
            return Err(Illegal::fixed(
                "CCT 6.0",
                "units move one hex at a time into an adjacent hex",
                "юнит движется по одному гексу в соседний гекс",
            ));
        }
        let cost = self.check_hex_entry(side, occ, u, to)?;
        let mp = if start { self.full_mp(s, side, u) } else { s.unit(u).mp };
        // 6.0: a unit may always move at least one hex, whatever its MP.
        if cost > mp && !start {
            return Err(Illegal::fixed("CCT 6.0", "not enough movement points", "не хватает очков движения"));
        }
        let stop = occ.in_enemy_zoc(self, to, side);
        let zoc_to_zoc = stop && occ.in_enemy_zoc(self, from, side);
        Ok(StepPlan { to, cost, start, stop, zoc_to_zoc, uses_bonus: false })
    }

    /// Applies a step.
    pub(crate) fn do_move(&self, s: &mut State, u: UnitId, p: StepPlan, ev: &mut Events) {
        let side = self.side(u);
        if p.start {
            self.begin_action(s, u, side);
        }
        self.step(s, u, p);
        ev.say("CCT 6.0", || {
            let code = &self.scenario.unit(u).code;
            let to = self.map.grid.label(p.to);
            let mp = s.unit(u).mp;
            if p.stop {
                Text::new(
                    format!("{code} moves to {to} and stops in an enemy ZOC"),
                    format!("{code} входит в {to} и останавливается во вражеской ЗК"),
                )
            } else {
                Text::new(
                    format!("{code} moves to {to} ({mp} MP left)"),
                    format!("{code} входит в {to} (осталось ОД: {mp})"),
                )
            }
        });
    }

    /// A unit starts its action: the previous one's ends (3.2).
    fn begin_action(&self, s: &mut State, u: UnitId, side: Side) {
        self.begin_unit_action(s, u);
        let mp = self.full_mp(s, side, u);
        let us = s.unit_mut(u);
        us.act = Act::Moving;
        us.mp = mp;
        s.active = Some(u);
    }

    fn step(&self, s: &mut State, u: UnitId, p: StepPlan) {
        let us = s.unit_mut(u);
        us.mp = us.mp.saturating_sub(p.cost);
        us.moved = true;
        us.moved_turn = true;
        us.stopped |= p.stop;
        us.no_overrun |= p.zoc_to_zoc;
        self.occupy(s, u, p.to);
    }

    /// Puts a unit on top of the stack in `hex` and takes control of a
    /// victory hex (9.0: the last side to occupy it controls it).
    pub(crate) fn occupy(&self, s: &mut State, u: UnitId, hex: HexId) {
        s.place(u, hex);
        if let Some(i) = self.map.vp_index(hex) {
            s.control[i] = self.side(u);
        }
    }

    /// Where a reinforcement's entry group lets it in now (6.1): `None` when
    /// one of the group's hexes is free (neither enemy-held nor in an enemy
    /// ZOC), so only the group's hexes not held by the enemy serve; otherwise
    /// ("можно") also the free, passable hexes of the same edge at the least
    /// distance from the group, which is returned. O(edge hexes × group
    /// hexes) when every group hex is blocked, O(group hexes) otherwise.
    pub(crate) fn entry_fallback(&self, occ: &Occupancy, entry: &Entry, side: Side) -> Option<u16> {
        if entry.hexes.iter().any(|&h| self.free_for_entry(occ, h, side)) {
            return None;
        }
        let best = self
            .tables
            .edge(entry.edge)
            .iter()
            .filter(|&&h| self.free_for_entry(occ, h, side) && self.map.info(h).terrain != Terrain::Impassable)
            .map(|&h| self.entry_distance(entry, h))
            .min();
        // No free hex on the whole edge: the fallback adds nothing (no hex
        // passes `free_for_entry` then, whatever the distance).
        Some(best.unwrap_or(u16::MAX))
    }

    /// Whether a reinforcement may enter through `to` (6.1), given its
    /// group's [`Totensonntag::entry_fallback`]. O(group hexes).
    pub(crate) fn is_entry_hex(
        &self,
        occ: &Occupancy,
        entry: &Entry,
        side: Side,
        fallback: Option<u16>,
        to: HexId,
    ) -> bool {
        if entry.hexes.contains(&to) && occ.holder(to) != Some(side.other()) {
            return true;
        }
        fallback.is_some_and(|best| {
            self.map.grid.on_edge(to, entry.edge)
                && self.free_for_entry(occ, to, side)
                && self.map.info(to).terrain != Terrain::Impassable
                && self.entry_distance(entry, to) == best
        })
    }

    /// Neither enemy-held nor in an enemy ZOC (6.1).
    fn free_for_entry(&self, occ: &Occupancy, h: HexId, side: Side) -> bool {
        occ.holder(h) != Some(side.other()) && !occ.in_enemy_zoc(self, h, side)
    }

    /// Distance from an entry group's nearest hex.
    fn entry_distance(&self, entry: &Entry, h: HexId) -> u16 {
        entry.hexes.iter().map(|&e| self.map.grid.distance(e, h)).min().unwrap_or(u16::MAX)
    }

    /// Checks a reinforcement's entry.
    pub(crate) fn check_enter(
        &self,
        s: &State,
        side: Side,
        occ: &Occupancy,
        u: UnitId,
        to: HexId,
    ) -> Result<StepPlan, Illegal> {
        self.own_in_impulse(s, side, u)?;
        if !self.arrived(s, u) {
            return Err(Illegal::fixed(
                "CCT 6.1",
                "that unit is not an arrived reinforcement off the map",
                "этот юнит не является прибывшим подкреплением вне карты",
            ));
        }
        let mut uses_bonus = false;
        if let Err(e) = self.check_activation(s, side, u, Use::Move) {
            // 3.3: each entering Panzer III may give +1 to one entering "c" unit.
            let spec = self.scenario.unit(u);
            let boosted =
                spec.combined_arms && s.entry_bonus > 0 && self.rating(s, u, Use::Move) + 1 >= s.level[side.index()];
            if !boosted || s.unit(u).act != Act::Idle {
                return Err(e);
            }
            uses_bonus = true;
        }
        let cost = self.check_hex_entry(side, occ, u, to)?;
        let Start::Arrives(arr) = self.scenario.starts[u.index()] else {
            unreachable!("checked: an arrived reinforcement")
        };
        let entry = &self.scenario.entries[arr.entry as usize];
        if !self.is_entry_hex(occ, entry, side, self.entry_fallback(occ, entry, side), to) {
            return Err(Illegal::fixed(
                "CCT 6.1",
                "reinforcements enter at their entry hexes (and, if all are enemy-held or in enemy ZOC, also at the nearest free hexes of the same edge)",
                "подкрепления входят через свои гексы ввода (а если все заняты врагом или во вражеской ЗК — также через ближайшие свободные гексы по той же стороне игрового поля)",
            ));
        }
        let stop = occ.in_enemy_zoc(self, to, side);
        Ok(StepPlan { to, cost, start: true, stop, zoc_to_zoc: false, uses_bonus })
    }

    /// Applies an entry: the unit is now moving on the map (6.1).
    pub(crate) fn do_enter(&self, s: &mut State, u: UnitId, p: StepPlan, ev: &mut Events) {
        let side = self.side(u);
        self.begin_action(s, u, side);
        if p.uses_bonus {
            s.entry_bonus -= 1;
            s.unit_mut(u).boosted = true;
        }
        if self.scenario.unit(u).panzer3 {
            s.entry_bonus += 1;
        }
        self.step(s, u, p);
        ev.say("CCT 6.1", || {
            let code = &self.scenario.unit(u).code;
            let to = self.map.grid.label(p.to);
            Text::new(format!("{code} enters the map at {to}"), format!("{code} входит на карту в {to}"))
        });
    }

    /// Checks an exit through Q2 (6.2).
    pub(crate) fn check_exit(&self, s: &State, side: Side, u: UnitId) -> Result<(), Illegal> {
        self.own_in_impulse(s, side, u)?;
        if side != Side::Allies {
            return Err(Illegal::fixed(
                "CCT 6.2",
                "only the Allies exit units (toward Tobruk)",
                "выводить юниты с поля могут только Союзники",
            ));
        }
        if s.hex_of(u) != Some(self.map.exit) {
            return Err(Illegal::fixed("CCT 6.2", "a unit exits from hex Q2", "выйти с поля можно только из гекса Q2"));
        }
        let mp = if self.is_moving(s, u) {
            if s.unit(u).stopped {
                return Err(Illegal::fixed(
                    "CCT 5.0",
                    "the unit entered an enemy zone of control and must stop",
                    "юнит вошёл во вражескую ЗК и должен остановиться",
                ));
            }
            s.unit(u).mp
        } else {
            self.check_activation(s, side, u, Use::Move)?;
            self.full_mp(s, side, u)
        };
        if mp < 2 {
            return Err(Illegal::fixed("CCT 6.2", "exiting costs 2 MP", "выход с поля стоит 2 ОД"));
        }
        Ok(())
    }

    /// Applies an exit: the unit's current strength counts toward 9.2.
    pub(crate) fn do_exit(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        self.begin_unit_action(s, u);
        let strength = self.strength(s, u);
        s.exited = s.exited.saturating_add(strength);
        let us = s.unit_mut(u);
        us.pos = Pos::Exited;
        us.act = Act::Done;
        if s.active == Some(u) {
            s.active = None;
        }
        ev.say("CCT 6.2", || {
            let code = &self.scenario.unit(u).code;
            Text::new(
                format!("{code} exits toward Tobruk with strength {strength} (total {})", s.exited),
                format!("{code} выходит к Тобруку с силой {strength} (всего {})", s.exited),
            )
        });
    }
}
