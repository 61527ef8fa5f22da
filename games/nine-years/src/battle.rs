//! Interception (14.4 authored) and battle (16 authored): a die each, the
//! best leader's tactics, numbers, lines and fortresses; the loser takes
//! steps, is demoralised and retreats; a wide margin is a Famous Victory.
//! The seed names the markers (Demoralised, Famous Victory) and says
//! battle and retreat finish before the next action (13.4.2); the table is
//! ours, written to match the system's reported behaviour (research §1.4).
//!
//! Costs: one battle is O(leaders + corps), with no heap.

use crate::board::{CorpsList, LeaderList, SpaceList};
use crate::fixed::{empty_list, inline_list};
use crate::ids::{CorpsId, LeaderId, Side, SpaceId};
use crate::state::{LeaderLoc, Loc, Pending, State};
use crate::NineYears;
use sandtable_core::{Events, Illegal, Text};

/// A roll at or above this (die + the leader's tactics) intercepts (14.4 authored).
pub const INTERCEPT_TARGET: u8 = 6;
/// The margin of a Famous Victory (16.5 authored).
pub const FAMOUS_MARGIN: u8 = 4;

/// One side's modified battle roll, with its parts for the log.
struct Roll {
    die: u8,
    tactics: u8,
    mods: i8,
}

impl Roll {
    fn total(&self) -> i8 {
        self.die as i8 + self.tactics as i8 + self.mods
    }
}

/// One side's battle modifiers, each apart (16.2 authored): what the roll
/// adds to its die, and what the odds show (forecast.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BattleMods {
    /// The best leader's tactics rating.
    pub tactics: u8,
    /// +1 with more corps, +2 with twice as many.
    pub numbers: i8,
    /// −1 when most of its corps are demoralised.
    pub demoralised: i8,
    /// The attacker's held card.
    pub card: u8,
    /// The defender's fortified line's level.
    pub line: u8,
    /// +1 for a defender in its own unbesieged fortress.
    pub fortress: u8,
}

impl BattleMods {
    /// Everything but the die and the tactics.
    pub(crate) fn sum(&self) -> i8 {
        self.numbers + self.demoralised + self.card as i8 + self.line as i8 + self.fortress as i8
    }
}

/// The counters of one battle: the attacking army and the defenders.
pub(crate) struct Armies {
    /// The attacker's leaders.
    pub att_leaders: LeaderList,
    /// The attacker's corps.
    pub att_corps: CorpsList,
    /// The defender's leaders.
    pub def_leaders: LeaderList,
    /// The defender's corps.
    pub def_corps: CorpsList,
}

impl NineYears {
    /// Leaders of `side` who may try to intercept an army that entered `y`
    /// (14.4 authored): in a space linked to `y` by a link their side may
    /// use, not demoralised, not shut in a besieged fortress, with at least
    /// one corps there free to go with them.
    pub(crate) fn interceptors(&self, s: &State, side: Side, y: SpaceId) -> LeaderList {
        // Links join distinct spaces and a leader is in one: no repeats.
        let mut out = empty_list();
        for &(z, red) in &self.scenario.space(y).links {
            // Only the garrison of a besieged fortress is shut in; its besiegers may go.
            if !Self::link_open(side, red) || (s.control(z).is(side) && self.besieged(s, z)) {
                continue;
            }
            let corps =
                self.side_corps(s, z, side).iter().any(|&c| !s.corps(c).activated && !self.corps_besieged(s, c));
            if !corps {
                continue;
            }
            for l in self.side_leaders(s, z, side) {
                let st = s.leader(l);
                if !st.demoralised && !st.activated && self.at_war(s, self.scenario.leader(l).power) {
                    out.push(l);
                }
            }
        }
        out
    }

    pub(crate) fn check_intercept(&self, s: &State, side: Side, y: SpaceId, l: LeaderId) -> Result<(), Illegal> {
        if self.interceptors(s, side, y).contains(&l) {
            Ok(())
        } else {
            Err(Illegal::fixed(
                "NY 14.4",
                "that leader cannot intercept: he must be next to the space, with corps, not demoralised or besieged",
                "этот лидер не может перехватить: он должен быть рядом, с корпусами, не деморализован и не в осаде",
            ))
        }
    }

    /// 14.4 authored: one die plus the leader's tactics, 6 or more: he and
    /// up to his command in corps march into the space and give battle as
    /// the defender. Otherwise the army goes on.
    pub(crate) fn do_intercept(&self, s: &mut State, side: Side, y: SpaceId, l: Option<LeaderId>, ev: &mut Events) {
        let active = side.other();
        let Some(l) = l else {
            self.enter_empty(s, active, y, ev);
            return;
        };
        let LeaderLoc::Space(z) = s.leader(l).loc else { return };
        let (tactics, command) = self.ratings(s, l);
        let d = s.dice.d6();
        let ok = d + tactics >= INTERCEPT_TARGET;
        let sc = &self.scenario;
        ev.roll("NY 14.4", &[d], || {
            Text::new(
                format!(
                    "{} tries to intercept into {}: {d}+{tactics}, {}",
                    sc.leader(l).name.en,
                    sc.space(y).name.en,
                    if ok { "he intercepts" } else { "he fails" }
                ),
                format!(
                    "{} пытается перехватить армию в области «{}»: {d}+{tactics}, {}",
                    sc.leader(l).name.ru,
                    sc.space(y).name.ru,
                    if ok { "перехват удался" } else { "неудача" }
                ),
            )
        });
        // He tries once a round (13.4.3): the try activates him either way.
        s.leaders[l.index()].activated = true;
        if !ok {
            self.enter_empty(s, active, y, ev);
            return;
        }
        self.intercept_march(s, side, z, y, l, command);
        self.fight(s, y, ev);
    }

    /// 14.4 authored: the interceptor `l` marches from `z` into `y` with up
    /// to his `command` in corps, fresh ones first. The odds (forecast.rs)
    /// march him too, to show the battle he would give.
    pub(crate) fn intercept_march(&self, s: &mut State, side: Side, z: SpaceId, y: SpaceId, l: LeaderId, command: u8) {
        s.leaders[l.index()].loc = LeaderLoc::Space(y);
        let mut corps: CorpsList = inline_list(
            self.side_corps(s, z, side).into_iter().filter(|&c| !s.corps(c).activated && !self.corps_besieged(s, c)),
        );
        // Fresh corps first: full, then not demoralised (the id breaks ties,
        // so an unstable sort is this order, and needs no buffer).
        corps.sort_unstable_by_key(|&c| (s.corps(c).reduced, s.corps(c).demoralised, c));
        for c in corps.into_iter().take(usize::from(command)) {
            s.corps[c.index()].loc = Loc::Space(y);
            s.corps[c.index()].activated = true;
        }
    }

    /// 16.1 authored: the defender chose to shut itself in its fortress: no
    /// battle; the army stops before it (the fortress is besieged) and its
    /// action is over.
    pub(crate) fn withdraw_into_fortress(&self, s: &mut State, x: SpaceId, ev: &mut Events) {
        let sc = &self.scenario;
        ev.say("NY 16.1", || {
            Text::new(
                format!("the defenders of {} withdraw into the fortress: it is besieged", sc.space(x).name.en),
                format!("защитники области «{}» укрываются в крепости: она в осаде", sc.space(x).name.ru),
            )
        });
        self.finish_action(s, ev);
    }

    /// One side's modified battle roll (16.2 authored): its die, then its
    /// modifiers ([`NineYears::battle_mods`], which the odds read too).
    #[allow(clippy::too_many_arguments)]
    fn battle_roll(
        &self,
        s: &mut State,
        x: SpaceId,
        side: Side,
        leaders: &[LeaderId],
        corps: &[CorpsId],
        enemy: usize,
        attacker: bool,
    ) -> Roll {
        let die = s.dice.d6();
        let m = self.battle_mods(s, x, side, leaders, corps, enemy, attacker);
        Roll { die, tactics: m.tactics, mods: m.sum() }
    }

    /// One side's battle modifiers (16.2 authored), each kept apart: the
    /// best leader's tactics; +1 with more corps, +2 with twice as many; −1
    /// when most of its corps are demoralised; the attacker's held card; the
    /// defender's fortified line and its own unbesieged fortress. The roll
    /// and the odds (forecast.rs) both read them here.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn battle_mods(
        &self,
        s: &State,
        x: SpaceId,
        side: Side,
        leaders: &[LeaderId],
        corps: &[CorpsId],
        enemy: usize,
        attacker: bool,
    ) -> BattleMods {
        let mut m = BattleMods {
            tactics: leaders.iter().map(|&l| self.ratings(s, l).0).max().unwrap_or(0),
            ..BattleMods::default()
        };
        let n = corps.len();
        if n >= 2 * enemy.max(1) {
            m.numbers = 2;
        } else if n > enemy {
            m.numbers = 1;
        }
        if 2 * corps.iter().filter(|&&c| s.corps(c).demoralised).count() > n {
            m.demoralised = -1;
        }
        if attacker {
            m.card = s.bonus[0];
        } else {
            let line = s.lines[x.index()];
            if line.side == Some(side) {
                m.line = line.level;
            }
            if s.control(x).is(side) && self.fortified(x) && s.strength[x.index()] > 0 {
                m.fortress = 1;
            }
        }
        m
    }

    /// The counters of a battle in `x` (16 authored): the active side's
    /// army there (or, with none under way, all its counters there) against
    /// every enemy counter there.
    pub(crate) fn armies(&self, s: &State, x: SpaceId) -> Armies {
        let att = s.active;
        let (att_leaders, att_corps) = match &s.force {
            Some(f) if f.space == x => (f.leaders, f.corps),
            _ => (self.side_leaders(s, x, att), self.side_corps(s, x, att)),
        };
        Armies {
            att_leaders,
            att_corps,
            def_leaders: self.side_leaders(s, x, att.other()),
            def_corps: self.side_corps(s, x, att.other()),
        }
    }

    /// 16 authored: a battle in `x` between the active army and every enemy
    /// counter there.
    pub(crate) fn fight(&self, s: &mut State, x: SpaceId, ev: &mut Events) {
        let att = s.active;
        let def = att.other();
        let Armies { att_leaders, att_corps, def_leaders, def_corps } = self.armies(s, x);
        let a = self.battle_roll(s, x, att, &att_leaders, &att_corps, def_corps.len(), true);
        let d = self.battle_roll(s, x, def, &def_leaders, &def_corps, att_corps.len(), false);
        let (ta, td) = (a.total(), d.total());
        // A tie: the defender holds.
        let attacker_wins = ta > td;
        let margin = (ta - td).unsigned_abs();
        let (winner, loser) = if attacker_wins { (att, def) } else { (def, att) };
        let loser_steps = 1 + usize::from(margin / 2);
        let winner_steps = usize::from(margin <= 1);
        let sc = &self.scenario;
        ev.roll("NY 16.2", &[a.die, d.die], || {
            Text::new(
                format!(
                    "battle of {}: {} {}+{}{:+} = {ta}, {} {}+{}{:+} = {td}; {} wins by {margin}",
                    sc.space(x).name.en,
                    att.name().en,
                    a.die,
                    a.tactics,
                    a.mods,
                    def.name().en,
                    d.die,
                    d.tactics,
                    d.mods,
                    winner.player().en
                ),
                format!(
                    "сражение в области «{}»: {} {}+{}{:+} = {ta}, {} {}+{}{:+} = {td}; побеждает {} с разницей {margin}",
                    sc.space(x).name.ru,
                    att.name().ru,
                    a.die,
                    a.tactics,
                    a.mods,
                    def.name().ru,
                    d.die,
                    d.tactics,
                    d.mods,
                    winner.player().ru
                ),
            )
        });
        let (loser_corps, winner_corps) =
            if attacker_wins { (&def_corps, &att_corps) } else { (&att_corps, &def_corps) };
        for _ in 0..loser_steps {
            if !self.take_step(s, x, loser, Some(loser_corps), ev) {
                break;
            }
        }
        for _ in 0..winner_steps {
            if !self.take_step(s, x, winner, Some(winner_corps), ev) {
                break;
            }
        }
        // 16.5 authored: a Famous Victory is worth 1 VP.
        if margin >= FAMOUS_MARGIN {
            s.famous[x.index()] = true;
            self.move_vp(s, winner.vp_sign());
            ev.say("NY 16.5", || {
                Text::new(
                    format!("a Famous Victory for {}: 1 VP", winner.name().en),
                    format!("Славная победа: {} получает 1 ПО", winner.player().ru),
                )
            });
        }
        // The loser's counters in the battle are demoralised (16.4 authored).
        let (ll, lc) = if attacker_wins { (&def_leaders, &def_corps) } else { (&att_leaders, &att_corps) };
        for &l in ll {
            s.leaders[l.index()].demoralised = true;
        }
        for &c in lc {
            if s.corps(c).loc == Loc::Space(x) {
                s.corps[c.index()].demoralised = true;
            }
        }
        if let Some(f) = s.force.as_mut() {
            f.corps.retain(|&c| s.corps[c.index()].loc == Loc::Space(x));
        }
        if attacker_wins {
            if self.has_units(s, x, def) {
                if self.retreat_spaces(s, def, x).is_empty() {
                    self.destroy_trapped(s, x, def, ev);
                    self.after_battle(s, x, ev);
                } else {
                    s.pending = Some(Pending::Retreat(x));
                }
            } else {
                self.after_battle(s, x, ev);
            }
        } else {
            self.attacker_retreats(s, x, ev);
            self.finish_action(s, ev);
        }
    }

    /// Where the loser of a battle in `x` may retreat (16.4 authored): a
    /// linked friendly space its side may use, with no enemy corps.
    pub(crate) fn retreat_spaces(&self, s: &State, side: Side, x: SpaceId) -> SpaceList {
        inline_list(
            self.scenario
                .space(x)
                .links
                .iter()
                .filter(|&&(t, red)| {
                    Self::link_open(side, red) && s.control(t).is(side) && self.count_corps(s, t, side.other()) == 0
                })
                .map(|&(t, _)| t),
        )
    }

    pub(crate) fn check_retreat(&self, s: &State, side: Side, x: SpaceId, to: SpaceId) -> Result<(), Illegal> {
        if self.retreat_spaces(s, side, x).contains(&to) {
            Ok(())
        } else {
            Err(Illegal::fixed(
                "NY 16.4",
                "retreat along a link into a friendly space free of enemy corps",
                "отступление — по линии пути в дружественную область без вражеских корпусов",
            ))
        }
    }

    /// The beaten defender retreats to `to`; then the victor's army is done.
    pub(crate) fn do_defender_retreat(&self, s: &mut State, side: Side, x: SpaceId, to: SpaceId, ev: &mut Events) {
        self.move_all(s, x, side, to);
        let sc = &self.scenario;
        ev.say("NY 16.4", || {
            Text::new(
                format!("{} retreats from {} to {}", side.player().en, sc.space(x).name.en, sc.space(to).name.en),
                format!(
                    "{} отступает из области «{}» в область «{}»",
                    side.player().ru,
                    sc.space(x).name.ru,
                    sc.space(to).name.ru
                ),
            )
        });
        self.after_battle(s, x, ev);
    }

    /// After a won battle: an open enemy space is taken; an enemy fortress
    /// is now besieged. The army's action is over either way (16.1 authored:
    /// a battle ends the Campaign's move).
    fn after_battle(&self, s: &mut State, x: SpaceId, ev: &mut Events) {
        let att = s.active;
        if s.control(x).is(att.other()) && !(self.fortified(x) && s.strength[x.index()] > 0) {
            self.change_control(s, x, att, ev);
        }
        self.finish_action(s, ev);
    }

    /// The beaten attacker goes back where it came from, or to the nearest
    /// friendly space; with nowhere to go its corps are lost.
    fn attacker_retreats(&self, s: &mut State, x: SpaceId, ev: &mut Events) {
        let att = s.active;
        let Some(f) = s.force.clone() else { return };
        let back = f
            .from
            .filter(|&t| self.enterable(s, t) && self.count_corps(s, t, att.other()) == 0)
            .or_else(|| self.nearest(s, x, att, |t| s.control(t).is(att) && self.count_corps(s, t, att.other()) == 0));
        let sc = &self.scenario;
        match back {
            Some(to) => {
                for &l in &f.leaders {
                    s.leaders[l.index()].loc = LeaderLoc::Space(to);
                }
                for &c in &f.corps {
                    if s.corps(c).loc == Loc::Space(x) {
                        s.corps[c.index()].loc = Loc::Space(to);
                    }
                }
                ev.say("NY 16.4", || {
                    Text::new(
                        format!("the beaten army retreats to {}", sc.space(to).name.en),
                        format!("разбитая армия отступает в область «{}»", sc.space(to).name.ru),
                    )
                });
            }
            None => {
                for &c in &f.corps {
                    self.eliminate(s, c);
                }
                for &l in &f.leaders {
                    self.send_leader_home(s, l, x, ev);
                }
                ev.say("NY 16.4", || {
                    Text::fixed(
                        "the beaten army has nowhere to retreat: its corps are lost",
                        "разбитой армии некуда отступить: её корпуса потеряны",
                    )
                });
            }
        }
    }

    /// A beaten side with no retreat loses its corps there; its leaders go home.
    fn destroy_trapped(&self, s: &mut State, x: SpaceId, side: Side, ev: &mut Events) {
        for c in self.side_corps(s, x, side) {
            self.eliminate(s, c);
        }
        for l in self.side_leaders(s, x, side) {
            self.send_leader_home(s, l, x, ev);
        }
        let sc = &self.scenario;
        ev.say("NY 16.4", || {
            Text::new(
                format!("{} has no retreat from {}: the corps there are lost", side.player().en, sc.space(x).name.en),
                format!(
                    "{}: из области «{}» некуда отступить, корпуса там потеряны",
                    side.player().ru,
                    sc.space(x).name.ru
                ),
            )
        });
    }

    /// Moves every counter of `side` in `x` to `to`.
    pub(crate) fn move_all(&self, s: &mut State, x: SpaceId, side: Side, to: SpaceId) {
        for c in self.side_corps(s, x, side) {
            s.corps[c.index()].loc = Loc::Space(to);
        }
        for l in self.side_leaders(s, x, side) {
            s.leaders[l.index()].loc = LeaderLoc::Space(to);
        }
    }

    /// A corps goes to its side's force pool (12.3.2).
    pub(crate) fn eliminate(&self, s: &mut State, c: CorpsId) {
        let st = &mut s.corps[c.index()];
        st.loc = Loc::Pool;
        st.reduced = false;
        st.demoralised = false;
        st.activated = false;
    }

    /// A corps loses a step: a full one is flipped, a reduced one goes to
    /// the force pool.
    pub(crate) fn lose_step(&self, s: &mut State, c: CorpsId, ev: &mut Events) {
        let sc = &self.scenario;
        let p = sc.corps_power(c);
        if s.corps(c).reduced {
            self.eliminate(s, c);
            ev.say("NY 12.3.2", || {
                Text::new(
                    format!("a reduced {} corps is eliminated (to the force pool)", sc.power(p).name.en),
                    format!("ослабленный корпус ({}) уничтожен (в Пул войск)", sc.power(p).name.ru),
                )
            });
        } else {
            s.corps[c.index()].reduced = true;
        }
    }

    /// One corps of `side` in `x` (among `among` if given) loses a step, a
    /// full one first. Returns false when none is left to lose one.
    pub(crate) fn take_step(
        &self,
        s: &mut State,
        x: SpaceId,
        side: Side,
        among: Option<&[CorpsId]>,
        ev: &mut Events,
    ) -> bool {
        let here: CorpsList =
            inline_list(self.side_corps(s, x, side).into_iter().filter(|c| among.map_or(true, |a| a.contains(c))));
        let pick = here.iter().copied().find(|&c| !s.corps(c).reduced).or_else(|| here.first().copied());
        match pick {
            Some(c) => {
                self.lose_step(s, c, ev);
                true
            }
            None => false,
        }
    }
}
