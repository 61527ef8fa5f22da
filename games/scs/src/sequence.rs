//! 1.0 The sequence of play: set-up, then for each game turn the first and
//! second player turns, each Movement, Combat, Exploitation and Supply,
//! with the stacking check at the end of each phase (4.0a).

use crate::board::Board;
use crate::state::{Phase, Pos, State};
use crate::unit::Side;
use crate::Scs;
use sandtable_core::{Events, Illegal, Text};

impl Scs {
    /// The set-up of one side is complete: the other sets up, or play starts.
    pub(crate) fn end_setup(&self, s: &mut State, ev: &mut Events) {
        let next = s.player.other();
        if s.player == self.scenario.sets_up_first() && self.unplaced(s, next).next().is_some() {
            s.player = next;
            return;
        }
        ev.say("SCS 1.0", || Text::fixed("set-up complete: play begins", "расстановка завершена: игра начинается"));
        s.player = self.scenario.first;
        self.begin_phase(s, Phase::Movement, ev);
    }

    pub(crate) fn check_end(&self, s: &State, b: &Board) -> Result<(), Illegal> {
        match s.phase {
            Phase::Movement | Phase::Combat | Phase::Exploitation => {}
            _ => return Err(Illegal::fixed("SCS 1.0", "there is no phase to end now", "сейчас нечего завершать")),
        }
        if s.overstack.is_some() {
            return Err(Illegal::fixed(
                "SCS 4.0a",
                "first eliminate units from the overstacked hexes",
                "сначала уничтожьте подразделения в гексах с превышением группирования",
            ));
        }
        if let Some(f) = &s.fight {
            return match f.stage {
                crate::state::Stage::Advance => Ok(()),
                crate::state::Stage::Forming => Err(Illegal::fixed(
                    "SCS 7.0",
                    "declare or cancel the attack being formed before ending the phase",
                    "объявите или отмените формируемую атаку до конца фазы",
                )),
                _ => Err(Illegal::fixed("SCS 7.0", "finish the fight under way first", "сначала завершите идущий бой")),
            };
        }
        if s.phase == Phase::Movement && b.any_arriving() {
            return Err(Illegal::fixed(
                "SCS 5.0",
                "reinforcements cannot be delayed: place them first",
                "прибытие подкреплений нельзя отложить: сначала разместите их",
            ));
        }
        Ok(())
    }

    /// `end`: the advance after combat is over, or the phase ends.
    pub(crate) fn do_end(&self, s: &mut State, ev: &mut Events) {
        if s.fight.is_some() {
            self.end_advance(s);
            return;
        }
        self.finish_force(s);
        self.end_phase(s, ev);
    }

    /// The end of a phase: the stacking check (4.0a), then the next phase.
    pub(crate) fn end_phase(&self, s: &mut State, ev: &mut Events) {
        let b = self.stacks(s);
        for side in [s.player, s.player.other()] {
            if self.any_overstacked(s, &b, side) {
                s.overstack = Some(side);
                ev.say("SCS 4.0a", || {
                    Text::new(
                        format!(
                            "stacking check: {} must eliminate units over the limit",
                            self.scenario.sides[side.index()].name.en
                        ),
                        format!(
                            "проверка группирования: {} уничтожает подразделения сверх лимита",
                            self.scenario.sides[side.index()].name.ru
                        ),
                    )
                });
                return;
            }
        }
        drop(b);
        match s.phase {
            Phase::Movement => self.begin_phase(s, Phase::Combat, ev),
            Phase::Combat => self.begin_phase(s, Phase::Exploitation, ev),
            Phase::Exploitation => {
                self.supply_phase(s, ev);
                // DG (module barrage, authored): a side's DG markers come off
                // at the end of its own player turn, so a stack disorganised
                // in the enemy's turn moves, attacks and defends at half
                // through its next turn.
                let side = s.player;
                for u in self.scenario.unit_ids() {
                    if self.scenario.unit(u).side == side {
                        s.unit_mut(u).dg = false;
                    }
                }
                self.next_player_turn(s, ev);
            }
            Phase::SetUp | Phase::Over => {}
        }
    }

    fn next_player_turn(&self, s: &mut State, ev: &mut Events) {
        if s.player == self.scenario.first {
            s.player = s.player.other();
        } else {
            if s.turn >= self.scenario.turns {
                s.phase = Phase::Over;
                s.fight = None;
                ev.say("SCS 1.0", || Text::fixed("the last game turn is over", "последний игровой ход завершён"));
                return;
            }
            s.turn += 1;
            s.player = self.scenario.first;
            ev.say("SCS 1.0", || {
                let t = self.scenario.turn_name(s.turn);
                Text::new(format!("game turn {}: {}", s.turn, t.en), format!("игровой ход {}: {}", s.turn, t.ru))
            });
        }
        self.begin_phase(s, Phase::Movement, ev);
    }

    /// Starts a phase of the phasing player: movement points, who began in
    /// an enemy ZOC (2.1b), attacks and overruns made (6.1b, 7.0).
    pub(crate) fn begin_phase(&self, s: &mut State, phase: Phase, ev: &mut Events) {
        s.phase = phase;
        s.force.clear();
        s.force_moved = false;
        s.force_from = None;
        s.overrun_hexes.clear();
        s.attacked_hexes.clear();
        let b = self.board(s);
        let side: Side = s.player;
        for u in self.scenario.unit_ids() {
            let ezoc = match s.unit(u).pos {
                Pos::Hex(h) => b.ezoc(self.scenario.unit(u).side, h),
                _ => false,
            };
            let us = s.unit_mut(u);
            us.spent = 0;
            us.done = false;
            us.overran = false;
            us.attacked = false;
            us.began_in_ezoc = ezoc;
        }
        drop(b);
        ev.say("SCS 1.0", || {
            let (en, ru) = match phase {
                Phase::Movement => ("Movement Phase", "фаза движения"),
                Phase::Combat => ("Combat Phase", "фаза боя"),
                Phase::Exploitation => ("Exploitation Phase", "фаза развития"),
                Phase::SetUp => ("Set-up", "расстановка"),
                Phase::Over => ("end", "конец"),
            };
            let n = &self.scenario.sides[side.index()].name;
            Text::new(format!("{}: {en}", n.en), format!("{}: {ru}", n.ru))
        });
        if phase == Phase::Movement {
            self.auto_enter(s, ev);
        }
    }

    /// Places each reinforcement that has a single hex to enter (5.0).
    pub(crate) fn auto_enter(&self, s: &mut State, ev: &mut Events) {
        loop {
            let b = self.board(s);
            let next = b.arriving().find_map(|u| self.single_entry_hex(&b, u).map(|h| (u, h)));
            drop(b);
            let Some((u, h)) = next else { return };
            self.do_enter(s, u, h, ev);
        }
    }
}
