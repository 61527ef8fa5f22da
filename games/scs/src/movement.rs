//! 3.0 Movement: the force under way, movement points, terrain and roads,
//! enemy ZOC, the one-hex minimum, exits; and 11.0 exploitation, which is
//! movement by exploit-capable units only.

use crate::action::Action;
use crate::board::Board;
use crate::charts::{Cost, HalfMp};
use crate::state::{Phase, Pos, Stage, State};
use crate::tables::{UnitRow, ASK};
use crate::unit::{Side, UnitId};
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Events, Illegal, Text};

/// Why a move is refused: a rule with a fixed text, or too few MP left
/// (3.1b), whose text names the figures and is built only when asked for.
pub(crate) enum MoveRefusal {
    /// A refusal with its fixed text.
    Rule(Illegal),
    /// `unit` has `left` half MP and entering costs `cost`.
    Mp { unit: UnitId, left: HalfMp, cost: HalfMp },
}

impl From<Illegal> for MoveRefusal {
    fn from(e: Illegal) -> MoveRefusal {
        MoveRefusal::Rule(e)
    }
}

/// Entering an enemy ZOC costs +2 MP (2.1a), in half MP.
pub const EZOC_HALVES: HalfMp = 4;

impl Scs {
    /// The cost for `class` to enter `to` from the adjacent `from` by its
    /// terrain alone, in half MP: the road's cost along a road (3.2b),
    /// else the hex's plus the hexside's (3.2c); `None` when prohibited
    /// (3.2d). Enemy ZOC is not included.
    pub fn terrain_cost(&self, class: u8, from: HexId, to: HexId, roads: bool) -> Option<HalfMp> {
        let edge = self.map().direction(from, to).map_or((0, 0), |d| self.map().edge_at(from, d));
        self.cost_across(class, edge, to, roads)
    }

    /// [`Scs::terrain_cost`] with roads, of the step from `from` in
    /// direction `d` (crossing `edge`, into `to`), from the table built on
    /// load.
    fn move_step_cost(&self, class: u8, from: HexId, d: usize, edge: (u8, u8), to: HexId) -> Option<HalfMp> {
        let t = &self.tables;
        match t.step.get((from.index() * 6 + d) * t.classes + usize::from(class)) {
            Some(&cost) if cost != ASK => Some(cost),
            _ => self.cost_across(class, edge, to, true),
        }
    }

    /// [`Scs::terrain_cost`] with the hexside crossed already looked up
    /// (`edge`: its feature and road, +1 each, 0 for none).
    fn cost_across(&self, class: u8, edge: (u8, u8), to: HexId, roads: bool) -> Option<HalfMp> {
        let charts = &self.scenario.charts;
        if roads {
            if let Some(r) = edge.1.checked_sub(1) {
                return Some(charts.roads[usize::from(r)].cost);
            }
        }
        let hex = charts.terrain[usize::from(*self.map().terrain.get(to))].cost[usize::from(class)].halves()?;
        let side = match edge.0.checked_sub(1) {
            Some(f) => charts.hexsides[usize::from(f)].cost[usize::from(class)].halves()?,
            None => 0,
        };
        Some(hex + side)
    }

    /// Whether `class` could enter `to` from `from` in normal movement, as
    /// far as terrain goes (2.0b, 3.2d: roads negate prohibited terrain).
    /// O(1): adjacent hexes read the table built on load.
    pub fn enterable(&self, class: u8, from: HexId, to: HexId) -> bool {
        match self.map().direction(from, to) {
            Some(d) if class < 8 => self.tables.enter[from.index()][d] & (1 << class) != 0,
            _ => self.terrain_cost(class, from, to, true).is_some(),
        }
    }

    /// Whether hex `h` is prohibited to `class` whatever the way in.
    pub fn prohibited_hex(&self, class: u8, h: HexId) -> bool {
        self.scenario.charts.terrain[usize::from(*self.map().terrain.get(h))].cost[usize::from(class)]
            == Cost::Prohibited
    }

    /// A unit's movement allowance now, in half MP: the printed value of
    /// its face times the DG and out-of-supply multipliers, fractions kept
    /// and then rounded to a whole MP by the standard rule (Cumulative
    /// effects, Rounding; 3.1e names supply as changing it). O(1): the four
    /// cases of each face are worked out on load (`tables.rs`).
    pub fn allowance(&self, s: &State, u: UnitId) -> HalfMp {
        let us = s.unit(u);
        let penalty = usize::from(us.out_of_supply) | usize::from(us.dg) << 1;
        self.tables.units[u.index()].allowance[UnitRow::face(us.lost)][penalty]
    }

    /// The units that move together if `u` moves now: the force under way
    /// when `u` is in it, else `u` alone.
    pub fn force_of<'a>(&self, s: &'a State, u: &'a UnitId) -> &'a [UnitId] {
        if s.force.contains(u) {
            &s.force
        } else {
            std::slice::from_ref(u)
        }
    }

    /// Whether the phasing player is in a phase where its units move, with
    /// nothing else pending.
    pub(crate) fn check_moving_phase(&self, s: &State, b: &Board) -> Result<(), Illegal> {
        if !matches!(s.phase, Phase::Movement | Phase::Exploitation) {
            return Err(Illegal::fixed(
                "SCS 1.0",
                "units move only in the Movement and Exploitation Phases",
                "подразделения двигаются только в фазы движения и развития",
            ));
        }
        self.check_nothing_pending(s)?;
        if s.phase == Phase::Movement && b.any_arriving() {
            return Err(Illegal::fixed(
                "SCS 5.0",
                "place this turn's reinforcements first: they arrive at the start of the Movement Phase",
                "сначала разместите подкрепления этого хода: они прибывают в начале фазы движения",
            ));
        }
        Ok(())
    }

    /// Nothing interrupts the phase: no fight being resolved, no
    /// overstacked hex to clear.
    pub(crate) fn check_nothing_pending(&self, s: &State) -> Result<(), Illegal> {
        if s.overstack.is_some() {
            return Err(Illegal::fixed(
                "SCS 4.0a",
                "first eliminate units from the overstacked hexes",
                "сначала уничтожьте подразделения в гексах с превышением группирования",
            ));
        }
        if let Some(f) = &s.fight {
            if f.stage != Stage::Forming {
                return Err(Illegal::fixed(
                    "SCS 7.0",
                    "finish the fight under way first",
                    "сначала завершите идущий бой",
                ));
            }
        }
        Ok(())
    }

    /// One unit of the phasing side that may still move this phase.
    pub(crate) fn check_mover(&self, s: &State, side: Side, u: UnitId) -> Result<HexId, Illegal> {
        let row = &self.tables.units[u.index()];
        if row.side != side {
            return Err(Illegal::fixed(
                "SCS 3.3b",
                "only your own units move in your phase",
                "в свою фазу двигаются только свои подразделения",
            ));
        }
        let Some(h) = s.hex_of(u) else {
            return Err(Illegal::fixed("SCS 3.0", "the unit is not on the map", "подразделения нет на карте"));
        };
        let us = s.unit(u);
        if us.done {
            return Err(Illegal::fixed(
                "SCS 3.0",
                "its movement this phase is over: one unit or stack moves at a time, and finishes before the next",
                "его движение в эту фазу закончено: подразделения или группировки двигаются по очереди, до конца",
            ));
        }
        if s.phase == Phase::Exploitation {
            if !row.exploit {
                return Err(Illegal::fixed(
                    "SCS 11.0",
                    "only exploit-capable units move in the Exploitation Phase",
                    "в фазу развития двигаются только подразделения, способные к развитию",
                ));
            }
            if us.dg {
                return Err(Illegal::fixed(
                    "SCS 11.0",
                    "a disorganised (DG) unit loses its exploit capability",
                    "дезорганизованное (DG) подразделение теряет способность к развитию",
                ));
            }
            if us.began_in_ezoc {
                return Err(Illegal::fixed(
                    "SCS 2.1b",
                    "units that begin the Exploitation Phase in an enemy ZOC cannot move (not even one hex, 3.1e)",
                    "подразделения, начавшие фазу развития во ВЗК, не могут двигаться (даже на один гекс, 3.1e)",
                ));
            }
        }
        // 3.1e: "with an MA above 0" — the printed one: changes to the MA
        // (supply, DG) do not take away the one-hex move.
        if !row.moves[UnitRow::face(us.lost)] {
            return Err(Illegal::fixed(
                "SCS 3.1e",
                "a unit with a printed movement allowance of 0 cannot move",
                "подразделение с ДД 0 на фишке не может двигаться",
            ));
        }
        Ok(h)
    }

    pub(crate) fn check_join(&self, s: &State, side: Side, b: &Board, u: UnitId) -> Result<(), Illegal> {
        self.check_moving_phase(s, b)?;
        let h = self.check_mover(s, side, u)?;
        if s.force.contains(&u) {
            return Err(Illegal::fixed(
                "SCS 3.0",
                "the unit is already in the stack about to move",
                "подразделение уже в группировке, которая готовится двигаться",
            ));
        }
        let partner = b.units_in(h).any(|v| {
            v != u && self.scenario.unit(v).side == side && !s.unit(v).done && !(s.force_moved && s.force.contains(&v))
        });
        if !partner {
            return Err(Illegal::fixed(
                "SCS 3.0",
                "no other unit here may still move: move this one on its own",
                "здесь нет других подразделений, способных ещё двигаться: двигайте это одно",
            ));
        }
        Ok(())
    }

    /// 3.0/6.0: a unit joins the force about to move; a force that has
    /// already moved is over, and a new one begins with this unit.
    pub(crate) fn do_join(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        let same_hex = s.force.first().is_some_and(|&f| s.hex_of(f) == s.hex_of(u));
        // (A unit joins only a force that has not moved yet.)
        if s.force_moved || !same_hex {
            self.finish_force(s);
        }
        s.force.push(u);
        ev.say("SCS 3.0", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} joins the stack about to move", n.en),
                format!("{} входит в группировку, готовящуюся к движению", n.ru),
            )
        });
    }

    /// The force under way is done moving (3.0).
    pub(crate) fn finish_force(&self, s: &mut State) {
        for u in std::mem::take(&mut s.force) {
            if s.force_moved {
                s.unit_mut(u).done = true;
            }
        }
        s.force_moved = false;
        s.force_from = None;
    }

    pub(crate) fn check_back(&self, s: &State, b: &Board, u: UnitId) -> Result<HexId, Illegal> {
        self.check_moving_phase(s, b)?;
        let here = s.hex_of(u);
        match (s.force.contains(&u) && s.force_moved, s.force_from, here) {
            (true, Some(from), Some(h)) if b.points(h) > u16::from(self.scenario.stacking) => Ok(from),
            _ => Err(Illegal::fixed(
                "SCS 4.0a",
                "only a stack moving now and over the stacking limit where it stands goes back to where it began its move",
                "вернуться в гекс начала движения может только движущаяся сейчас группировка, превышающая лимит группирования там, где стоит",
            )),
        }
    }

    /// 4.0a: the moving stack goes back to the hex it began in, with its
    /// movement points, to move anew — nobody is eliminated.
    pub(crate) fn do_back(&self, s: &mut State, from: HexId, ev: &mut Events) {
        let force = s.force.clone();
        let now = s.hex_of(force[0]).expect("a moving force is on the map");
        for &f in &force {
            s.place(f, from);
            s.unit_mut(f).spent = 0;
        }
        s.force_moved = false;
        ev.say("SCS 4.0a", || {
            let n = self.names(&force);
            Text::new(
                format!("{} would overstack {}: back to {} to move anew", n.en, self.label(now), self.label(from)),
                format!(
                    "{}: превышение группирования в {} — назад в {}, движение заново",
                    n.ru,
                    self.label(now),
                    self.label(from)
                ),
            )
        });
    }

    /// Checks a move of `u`'s force into `to`; gives whether the move uses
    /// the one-hex minimum (3.1e) and so ends there.
    pub(crate) fn check_move(&self, s: &State, side: Side, b: &Board, u: UnitId, to: HexId) -> Result<bool, Illegal> {
        self.move_verdict(s, side, b, u, to).map_err(|r| match r {
            MoveRefusal::Rule(e) => e,
            MoveRefusal::Mp { unit, left, cost } => {
                let id = &self.scenario.unit(unit).id;
                Illegal::new(
                    "SCS 3.1b",
                    Text::new(
                        format!(
                            "{id} has {} MP left; entering costs {} (3.1e's one hex is only a whole move)",
                            mp(left),
                            mp(cost)
                        ),
                        format!(
                            "у {id} осталось {} ОД, вход стоит {} (один гекс по 3.1e — только как всё движение)",
                            mp(left),
                            mp(cost)
                        ),
                    ),
                )
            }
        })
    }

    /// [`Scs::check_move`] with the refusal's text left unbuilt (it names
    /// figures), so listing legal moves never formats any.
    pub(crate) fn move_verdict(
        &self,
        s: &State,
        side: Side,
        b: &Board,
        u: UnitId,
        to: HexId,
    ) -> Result<bool, MoveRefusal> {
        self.check_moving_phase(s, b)?;
        let from = self.check_mover(s, side, u)?;
        let Some(d) = self.map().direction(from, to) else {
            return Err(Illegal::fixed(
                "SCS 3.0",
                "units move one adjacent hex at a time, along a continuous path",
                "подразделения двигаются в соседний гекс, непрерывным путём",
            )
            .into());
        };
        let edge = self.map().edge_at(from, d);
        let ezoc = if b.ezoc(side, to) { EZOC_HALVES } else { 0 };
        if b.holder(to) == Some(side.other()) {
            return Err(Illegal::fixed(
                "SCS 3.3a",
                "units cannot enter hexes occupied by the enemy (overrun it instead, 6.0)",
                "нельзя входить в гексы, занятые врагом (атакуйте с ходу, 6.0)",
            )
            .into());
        }
        let mut one_hex = false;
        for &f in self.force_of(s, &u) {
            if f != u {
                self.check_mover(s, side, f)?;
            }
            let Some(cost) = self.move_step_cost(self.tables.units[f.index()].class, from, d, edge, to) else {
                return Err(Illegal::fixed(
                    "SCS 3.2d",
                    "prohibited terrain: the unit cannot enter or cross it (unless along a road)",
                    "запрещённая местность: в неё нельзя входить или пересекать её (кроме как по дороге)",
                )
                .into());
            };
            let cost = cost + ezoc;
            let us = s.unit(f);
            if us.spent + cost > self.allowance(s, f) {
                // 3.1e: one hex whatever it costs, but only as the unit's whole move.
                if us.spent > 0 {
                    return Err(MoveRefusal::Mp { unit: f, left: self.allowance(s, f).saturating_sub(us.spent), cost });
                }
                one_hex = true;
            }
        }
        Ok(one_hex)
    }

    pub(crate) fn do_move(&self, s: &mut State, b: &Board, u: UnitId, to: HexId, one_hex: bool, ev: &mut Events) {
        let side = self.scenario.unit(u).side;
        if !s.force.contains(&u) {
            self.finish_force(s);
            s.force.push(u);
        }
        let from = s.hex_of(u).expect("a mover is on the map");
        if !s.force_moved {
            s.force_from = Some(from);
        }
        s.force_moved = true;
        let force = s.force.clone();
        for &f in &force {
            let class = self.scenario.unit(f).class;
            let cost =
                self.terrain_cost(class, from, to, true).unwrap_or(0) + if b.ezoc(side, to) { EZOC_HALVES } else { 0 };
            let us = s.unit_mut(f);
            us.spent = us.spent.saturating_add(cost);
            s.place(f, to);
        }
        self.take_control(s, side, to);
        ev.say("SCS 3.0", || {
            let names = self.names(&force);
            Text::new(
                format!("{} moves {} → {}", names.en, self.label(from), self.label(to)),
                format!("{}: движение {} → {}", names.ru, self.label(from), self.label(to)),
            )
        });
        if one_hex {
            ev.say("SCS 3.1e", || {
                Text::fixed(
                    "one hex whatever its cost: the move ends there",
                    "один гекс независимо от стоимости: движение окончено",
                )
            });
            self.finish_force(s);
        }
    }

    pub(crate) fn check_exit(&self, s: &State, side: Side, b: &Board, u: UnitId) -> Result<(), Illegal> {
        self.check_moving_phase(s, b)?;
        let h = self.check_mover(s, side, u)?;
        if !self.scenario.victory.exits.iter().any(|e| e.side == side && e.hexes.contains(&h)) {
            return Err(Illegal::fixed(
                "SCS 3.3c",
                "the map edge is impassable: units leave only through the exit hexes of the scenario",
                "край карты непреодолим: подразделения уходят только через гексы выхода сценария",
            ));
        }
        Ok(())
    }

    pub(crate) fn do_exit(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        s.force.retain(|&f| f != u);
        let side = self.scenario.unit(u).side;
        let steps = self.scenario.unit(u).steps - s.unit(u).lost;
        s.unit_mut(u).pos = Pos::Exited;
        s.exited_steps[side.index()] += u16::from(steps);
        ev.say("Victory", || {
            let n = &self.scenario.unit(u).name;
            Text::new(
                format!("{} leaves the map ({steps} steps)", n.en),
                format!("{} уходит с карты ({steps} шагов)", n.ru),
            )
        });
    }

    /// Candidate movement actions of the phasing side (a superset).
    pub(crate) fn movement_candidates(&self, s: &State, side: Side, b: &Board, out: &mut Vec<Action>) {
        let start = out.len();
        for u in b.arriving() {
            self.entry_candidates(b, u, out);
        }
        if out.len() > start {
            return;
        }
        out.push(Action::End);
        for u in self.scenario.unit_ids() {
            if self.scenario.unit(u).side != side {
                continue;
            }
            let us = s.unit(u);
            let Pos::Hex(h) = us.pos else { continue };
            if !us.done {
                // Candidates that would fail a condition their check reads
                // anyway are left out: a unit that may not move now (3.0,
                // 3.1e, 11.0) may not join, exit, move or overrun; a join
                // needs another unit in the hex, an exit an exit hex, going
                // back a force that has moved.
                let mover = self.check_mover(s, side, u).is_ok();
                let in_force = s.force.contains(&u);
                if mover && b.count(h) > 1 && !in_force {
                    out.push(Action::Join(u));
                }
                if mover && self.tables.exits[h.index()] & (1 << side.index()) != 0 {
                    out.push(Action::Exit(u));
                }
                if in_force && s.force_moved {
                    out.push(Action::Back(u));
                }
                if mover {
                    for (_, n) in self.map().around(h) {
                        if b.holder(n) == Some(side.other()) {
                            out.push(Action::Overrun(u, n));
                        } else {
                            out.push(Action::Move(u, n));
                        }
                    }
                }
            }
            if b.count(h) > 1 {
                out.push(Action::Top(u));
            }
        }
    }
}

/// Half MP as text: `3`, `2½`.
pub fn mp(halves: HalfMp) -> String {
    if halves % 2 == 0 {
        format!("{}", halves / 2)
    } else if halves == 1 {
        "½".into()
    } else {
        format!("{}½", halves / 2)
    }
}
