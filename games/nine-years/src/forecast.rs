//! Odds before the dice: what a player's rolling decision may lead to,
//! with the figures the odds rest on, each citing its rule.
//!
//! The odds are the rules' own: [`sandtable_core::forecast::outcomes`] runs
//! the action through `try_apply` over every way its dice can fall; the
//! figures come from the functions the rolls themselves read
//! ([`NineYears::battle_mods`], [`NineYears::siege_mods`],
//! [`NineYears::sea_move_mod`], [`NineYears::naval_mods`],
//! [`NineYears::peace_modifiers`]). A fleet's challenge rolls again on a tie
//! without end, so its odds are counted over one round of dice with the
//! challenge's own comparison ([`NavalMods::won`]), ties left out.
//!
//! Odds are given for: a battle (an army going into enemy corps, `go`; the
//! garrison giving battle, `battle`; an interception, `intercept`), a siege
//! roll (`siege`), a Sea Move (`sail`), a fleet's challenge (`deploy`), and
//! the second player's peace penalties, which bring on the peace roll
//! (`peace`). The rolls of phase 1 (King William's War, Marlborough's fate)
//! come with no choice about the dice and with the hidden event draw: no
//! odds.
//!
//! Hidden information: every figure and result here is on the board. A
//! battle's and a siege's modifiers are the counters, the map, the lines and
//! the held-card bonuses already played (open); no card is played in answer
//! to a battle, so no hidden card can change it. The results are read from
//! the board only.
//!
//! The scratch copies stop at the action's own result: an action that ends
//! the round would run on into the other player's round or Winter Quarters
//! (troops withdrawing, markers removed), which is not what the dice decide.
//! So the copy keeps one action in hand (`ap`), and a battle's copy starts
//! without the space's Famous Victory marker, so that the marker shows
//! whether this battle won one (the marker is only shown, never read by a
//! rule).
//!
//! Costs: a battle is 36 passes of the action, a siege or a Sea Move 6, an
//! interception 6 + 6·36; each pass one clone and one `try_apply`.

use crate::battle::{Armies, FAMOUS_MARGIN, INTERCEPT_TARGET};
use crate::board::CorpsList;
use crate::campaign::NavalMods;
use crate::fixed::inline_list;
use crate::ids::{CorpsId, FleetId, LeaderId, Side, SpaceId};
use crate::loc::Supply;
use crate::state::{End, LeaderLoc, Loc, Pending, State};
use crate::winter::PEACE_TARGET;
use crate::{Action, NineYears};
use sandtable_core::forecast::outcomes;
use sandtable_core::{Basis, Chance, Forecast, Seat, Text};

/// Steps left in these corps: 2 a full one on the map, 1 a reduced one, 0
/// one eliminated.
fn steps(s: &State, corps: &[CorpsId]) -> u8 {
    corps
        .iter()
        .map(|&c| match s.corps(c) {
            st if !matches!(st.loc, Loc::Space(_)) => 0,
            st if st.reduced => 1,
            _ => 2,
        })
        .sum()
}

impl NineYears {
    /// The odds of `seat` taking `a` ([`sandtable_core::Ruleset::forecast`]):
    /// `None` for an action that is refused, rolls nothing, or is not one a
    /// player decides the dice of.
    pub(crate) fn odds(&self, s: &State, seat: Seat, a: Action) -> Option<Forecast> {
        let side = Side::of_seat(seat)?;
        self.check(s, seat, a).ok()?;
        match (s.pending, a) {
            (Some(Pending::Garrison(x)), Action::Battle) => self.battle_odds(s, seat, a, x, s),
            (Some(Pending::Intercept(y)), Action::Intercept(l)) => self.intercept_odds(s, seat, side, y, l),
            (None, Action::Go(y)) => {
                // The army as it will stand in `y`, for the figures.
                let mut at = s.clone();
                self.move_force(&mut at, y);
                self.battle_odds(s, seat, a, y, &at)
            }
            (None, Action::Siege) => self.siege_odds(s, seat, side),
            (None, Action::Sail(y)) => self.sail_odds(s, seat, side, y),
            (None, Action::Deploy(f)) => self.deploy_odds(s, side, f),
            (None, Action::Peace(card, rp)) => self.peace_odds(s, seat, side, a, [card, rp]),
            _ => None,
        }
    }

    /// `s` to run an action's dice on, stopping at the action's own result
    /// (module doc): an action kept in hand, so the round does not end.
    fn scratch(&self, s: &State) -> State {
        let mut t = s.clone();
        t.ap = t.ap.max(1);
        t
    }

    /// A battle in `x` that `a` may bring on; `at` is the state as the
    /// battle begins (the army moved in), for its figures. `None` when `a`
    /// gives no battle (nothing is rolled).
    fn battle_odds(&self, s: &State, seat: Seat, a: Action, x: SpaceId, at: &State) -> Option<Forecast> {
        let armies = self.armies(at, x);
        let mut scratch = self.scratch(s);
        scratch.famous[x.index()] = false;
        let outcomes = outcomes(self, &scratch, seat, a, |after| self.battle_text(s, after, x, &armies))?;
        Some(Forecast { basis: self.battle_basis(at, x, &armies), outcomes })
    }

    /// 14.4 authored: the interception roll, then the battle if he marches in.
    fn intercept_odds(&self, s: &State, seat: Seat, side: Side, y: SpaceId, l: LeaderId) -> Option<Forecast> {
        let LeaderLoc::Space(z) = s.leader(l).loc else { return None };
        let (tactics, command) = self.ratings(s, l);
        let mut at = s.clone();
        self.intercept_march(&mut at, side, z, y, l, command);
        let marched: CorpsList = inline_list(
            (0..s.corps.len())
                .map(|i| CorpsId(i as u8))
                .filter(|&c| s.corps(c).loc == Loc::Space(z) && at.corps(c).loc == Loc::Space(y)),
        );
        let armies = self.armies(&at, y);
        let mut scratch = self.scratch(s);
        scratch.famous[y.index()] = false;
        let outcomes = outcomes(self, &scratch, seat, Action::Intercept(l), |after| {
            if marched.iter().all(|&c| after.corps(c).loc == Loc::Space(z)) {
                Text::fixed("the interception fails: the army goes on", "перехват не удался: армия продолжает движение")
            } else {
                let b = self.battle_text(s, after, y, &armies);
                Text::new(format!("he intercepts; {}", b.en), format!("перехват удался; {}", b.ru))
            }
        })?;
        let name = &self.scenario.leader(l).name;
        let n = marched.len();
        let mut basis = vec![
            Basis::new(
                "NY 14.4",
                Text::new(
                    format!("one die + {tactics} ({}'s tactics): {INTERCEPT_TARGET} or more intercepts", name.en),
                    format!(
                        "кубик + {tactics} (тактический рейтинг: {}): {INTERCEPT_TARGET} и более — перехват",
                        name.ru
                    ),
                ),
            ),
            Basis::new(
                "NY 14.4",
                Text::new(
                    format!("he marches in with {n} corps (his command {command})"),
                    format!("он входит с корпусами: {n} (командный рейтинг {command})"),
                ),
            ),
        ];
        basis.extend(self.battle_basis(&at, y, &armies));
        Some(Forecast { basis, outcomes })
    }

    /// A battle's result as a player reads it (16 authored): who wins, the
    /// steps each side lost, a Famous Victory. Read from the board: the
    /// loser's counters are demoralised (16.4), and a Campaign's leader was
    /// not before; a Famous Victory sets the marker the scratch copy cleared.
    fn battle_text(&self, before: &State, after: &State, x: SpaceId, armies: &Armies) -> Text {
        let att = before.active;
        let mut fresh = armies.att_leaders.iter().filter(|&&l| !before.leader(l).demoralised).peekable();
        let attacker_won = if fresh.peek().is_some() {
            !fresh.any(|&l| after.leader(l).demoralised)
        } else {
            after.pending == Some(Pending::Retreat(x))
                || armies.att_corps.iter().any(|&c| after.corps(c).loc == Loc::Space(x))
        };
        let winner = if attacker_won { att } else { att.other() };
        let lost = |side: Side| {
            let corps = if side == att { &armies.att_corps } else { &armies.def_corps };
            steps(before, corps).saturating_sub(steps(after, corps))
        };
        let (a, b) = (lost(Side::Alliance), lost(Side::Bourbon));
        let famous = after.famous[x.index()];
        let name = &self.scenario.space(x).name;
        Text::new(
            format!(
                "{} wins the battle of {}; steps lost: the Alliance {a}, the Bourbons {b}{}",
                winner.player().en,
                name.en,
                if famous { "; a Famous Victory: 1 VP" } else { "" }
            ),
            format!(
                "сражение в области «{}»: побеждает {}; потери в шагах: Альянс {a}, Бурбоны {b}{}",
                name.ru,
                winner.player().ru,
                if famous { "; Славная победа: 1 ПО" } else { "" }
            ),
        )
    }

    /// What a battle's odds rest on (16 authored): each side's corps and
    /// modifiers, read by the roll's own [`NineYears::battle_mods`].
    fn battle_basis(&self, at: &State, x: SpaceId, armies: &Armies) -> Vec<Basis> {
        let att = at.active;
        let sides = [
            (att, &armies.att_leaders, &armies.att_corps, armies.def_corps.len(), true),
            (att.other(), &armies.def_leaders, &armies.def_corps, armies.att_corps.len(), false),
        ];
        let mut out = Vec::new();
        for (side, leaders, corps, enemy, attacker) in sides {
            let m = self.battle_mods(at, x, side, leaders, corps, enemy, attacker);
            let (who, ru) = (side.name().en, side.name().ru);
            let role =
                if attacker { ("attacker", "атакующий") } else { ("defender", "обороняющийся") };
            let mut add = |rule: &str, en: String, r: String| out.push(Basis::new(rule, Text::new(en, r)));
            let (n, st) = (corps.len(), steps(at, corps));
            add(
                "NY 16.2",
                format!("{who} ({}): {n} corps, {st} steps", role.0),
                format!("{ru} ({}): корпусов {n}, шагов {st}", role.1),
            );
            match leaders.iter().find(|&&l| self.ratings(at, l).0 == m.tactics) {
                Some(&l) => {
                    let name = &self.scenario.leader(l).name;
                    add(
                        "NY 16.2",
                        format!("{who}: +{} tactics of {}", m.tactics, name.en),
                        format!("{ru}: +{} тактический рейтинг: {}", m.tactics, name.ru),
                    );
                }
                None => add("NY 16.2", format!("{who}: no leader, +0"), format!("{ru}: нет лидера, +0")),
            }
            if m.numbers != 0 {
                let (en, r) = if m.numbers >= 2 {
                    ("twice as many corps", "вдвое больше корпусов")
                } else {
                    ("more corps", "больше корпусов")
                };
                add("NY 16.2", format!("{who}: {:+} {en}", m.numbers), format!("{ru}: {:+} {r}", m.numbers));
            }
            if m.demoralised != 0 {
                add(
                    "NY 16.2",
                    format!("{who}: {:+} most of its corps demoralised", m.demoralised),
                    format!("{ru}: {:+} большинство корпусов деморализовано", m.demoralised),
                );
            }
            if m.card != 0 {
                add(
                    "NY 16.2",
                    format!("{who}: +{} held event card", m.card),
                    format!("{ru}: +{} удержанная карточка события", m.card),
                );
            }
            if m.line != 0 {
                add(
                    "NY 15.2",
                    format!("{who}: +{} fortified line (level {})", m.line, m.line),
                    format!("{ru}: +{} укреплённая линия (уровень {})", m.line, m.line),
                );
            }
            if m.fortress != 0 {
                add(
                    "NY 16.2",
                    format!("{who}: +{} its own unbesieged fortress", m.fortress),
                    format!("{ru}: +{} своя неосаждённая крепость", m.fortress),
                );
            }
        }
        out.extend([
            Basis::new(
                "NY 16.2",
                Text::fixed(
                    "a die each; the higher total wins, a tie holds for the defender",
                    "по кубику каждой стороне; побеждает больший итог, при равенстве — обороняющийся",
                ),
            ),
            Basis::new(
                "NY 16.3",
                Text::fixed(
                    "the loser loses 1 step + half the margin; the winner 1 step on a margin of 0 or 1",
                    "проигравший теряет 1 шаг + половину разницы; победитель — 1 шаг при разнице 0 или 1",
                ),
            ),
            Basis::new(
                "NY 16.5",
                Text::new(
                    format!("a margin of {FAMOUS_MARGIN} or more: a Famous Victory, 1 VP"),
                    format!("разница {FAMOUS_MARGIN} и более: Славная победа, 1 ПО"),
                ),
            ),
        ]);
        out
    }

    /// 17.3 authored: the siege roll of the army under way.
    fn siege_odds(&self, s: &State, seat: Seat, side: Side) -> Option<Forecast> {
        let f = s.force.as_ref()?;
        let (x, corps) = (f.space, &f.corps);
        let scratch = self.scratch(s);
        let outcomes =
            outcomes(self, &scratch, seat, Action::Siege, |after| self.siege_text(s, after, side, x, corps))?;
        let m = self.siege_mods(s, side, x, &f.leaders);
        let name = &self.scenario.space(x).name;
        let strength = s.strength[x.index()];
        let mut basis = vec![
            Basis::new(
                "NY 17.3",
                Text::new(
                    format!("Fortress Strength of {}: {strength}", name.en),
                    format!("уровень крепости «{}»: {strength}", name.ru),
                ),
            ),
            Basis::new(
                "NY 17.3",
                Text::new(format!("+{} best tactics", m.tactics), format!("+{} лучший тактический рейтинг", m.tactics)),
            ),
        ];
        let mut add = |rule: &str, k: i8, en: &str, ru: &str| {
            if k != 0 {
                basis.push(Basis::new(rule, Text::new(format!("{k:+} {en}"), format!("{k:+} {ru}"))));
            }
        };
        add("NY 17.3", m.specialist, "siege specialist", "специалист по осадам");
        add("NY 17.3", m.continued, "Continued Siege", "Продолжающаяся осада");
        add("NY 17.3", m.held, "held event card", "удержанная карточка события");
        match m.supply {
            Supply::Restricted => add("NY 17.5.3", m.supply_mod(), "restricted LOC", "ограниченная ЛК"),
            Supply::Cut => add("NY 17.3", m.supply_mod(), "no LOC", "нет ЛК"),
            Supply::Open => {}
        }
        basis.push(Basis::new(
            "NY 17.3",
            Text::fixed(
                "one die + the modifiers: 2 or less a besieging corps loses a step, 3–4 nothing, 5–6 strength −1, 7 or more −2; at 0 the fortress falls",
                "кубик + модификаторы: 2 и менее — осаждающий корпус теряет шаг, 3–4 — ничего, 5–6 — уровень крепости −1, 7 и более — −2; при 0 крепость пала",
            ),
        ));
        Some(Forecast { basis, outcomes })
    }

    /// A siege roll's result as a player reads it (17.3, 17.4 authored).
    fn siege_text(&self, before: &State, after: &State, side: Side, x: SpaceId, corps: &[CorpsId]) -> Text {
        let name = &self.scenario.space(x).name;
        let (b, a) = (before.strength[x.index()], after.strength[x.index()]);
        let result = if after.control(x).is(side) {
            Text::new(
                format!("{} falls; its garrison marches out with the honours of war", name.en),
                format!("крепость «{}» пала; гарнизон уходит с воинскими почестями", name.ru),
            )
        } else if a < b {
            Text::new(
                format!("the Fortress Strength of {} falls from {b} to {a}", name.en),
                format!("уровень крепости «{}» снижается с {b} до {a}", name.ru),
            )
        } else {
            Text::new(
                format!("no effect: {} holds at {a}", name.en),
                format!("без результата: крепость «{}» держится, уровень {a}", name.ru),
            )
        };
        if steps(after, corps) < steps(before, corps) {
            Text::new(
                format!("disease in the siege lines: a besieging corps loses a step; {}", result.en),
                format!("болезни в осадном лагере: осаждающий корпус теряет шаг; {}", result.ru),
            )
        } else {
            result
        }
    }

    /// 14.5 authored: the Sea Move table for the group under way.
    fn sail_odds(&self, s: &State, seat: Seat, side: Side, y: SpaceId) -> Option<Forecast> {
        let f = s.force.as_ref()?;
        let zone = self.scenario.space(f.space).port?;
        let corps = &f.corps;
        let port = &self.scenario.space(y).name;
        let outcomes = outcomes(self, &self.scratch(s), seat, Action::Sail(y), |after| {
            match corps.iter().filter(|&&c| steps(after, &[c]) < steps(s, &[c])).count() {
                0 => Text::new(
                    format!("the group lands in {} without loss", port.en),
                    format!("группа высаживается в порту «{}» без потерь", port.ru),
                ),
                k => Text::new(
                    format!("the group lands in {}; {k} corps lose a step", port.en),
                    format!("группа высаживается в порту «{}»; шаг теряют корпуса: {k}", port.ru),
                ),
            }
        })?;
        let m = self.sea_move_mod(s, side, zone);
        let sea = zone.name();
        let (en, ru) = match s.sea[zone.index()].side() {
            Some(x) if x == side => ("you control it", "под вашим контролем"),
            Some(_) => ("the enemy controls it", "под контролем противника"),
            None => ("nobody controls it", "никем не контролируется"),
        };
        let basis = vec![
            Basis::new(
                "NY 14.5",
                Text::new(format!("{m:+}: the {}, {en}", sea.en), format!("{m:+}: {}, {ru}", sea.ru)),
            ),
            Basis::new(
                "NY 14.5",
                Text::fixed(
                    "one die + the modifier: 1 or less one corps loses a step, −1 or less every corps",
                    "кубик + модификатор: 1 и менее — один корпус теряет шаг, −1 и менее — каждый корпус",
                ),
            ),
        ];
        Some(Forecast { basis, outcomes })
    }

    /// 13.5.6: a prepared fleet's challenge. Ties are rolled again until
    /// one side wins, so each result's chance is its share of the rounds
    /// that decide: one round of two dice, counted with the challenge's own
    /// comparison.
    fn deploy_odds(&self, s: &State, side: Side, f: FleetId) -> Option<Forecast> {
        let m = self.naval_mods(s, side, f)?;
        let (mut won, mut lost) = (0u32, 0u32);
        for a in 1..=6 {
            for b in 1..=6 {
                let (ta, tb) = m.totals(a, b);
                match NavalMods::won(ta, tb) {
                    Some(true) => won += 1,
                    Some(false) => lost += 1,
                    None => {}
                }
            }
        }
        let decided = f64::from(won + lost);
        let spec = self.scenario.fleet(f);
        let sea = spec.sea.name();
        let mut outcomes = Vec::new();
        if won > 0 {
            outcomes.push(Chance {
                p: f64::from(won) / decided,
                text: Text::new(
                    format!("{} wins control of the {} and 1 VP", side.player().en, sea.en),
                    format!("{} получает контроль над зоной «{}» и 1 ПО", side.player().ru, sea.ru),
                ),
            });
        }
        if lost > 0 {
            outcomes.push(Chance {
                p: f64::from(lost) / decided,
                text: Text::fixed(
                    "the challenge fails: control does not change",
                    "попытка не удалась: контроль не меняется",
                ),
            });
        }
        let mut basis = vec![Basis::new(
            "NY 13.5.6",
            Text::new(
                format!("{}: +{} fleet strength", spec.name.en, m.strength),
                format!("{}: +{} сила флота", spec.name.ru, m.strength),
            ),
        )];
        let other = side.other().name();
        for (on, en, ru) in [
            (m.sea, "controls the sea zone", "контролирует морскую зону"),
            (m.london, "holds London", "контролирует Лондон"),
            (m.gibraltar, "holds Gibraltar", "контролирует Гибралтар"),
        ] {
            if on {
                basis.push(Basis::new(
                    "NY 13.5.6",
                    Text::new(format!("{}: +1, {en}", other.en), format!("{}: +1, {ru}", other.ru)),
                ));
            }
        }
        basis.push(Basis::new(
            "NY 13.5.6",
            Text::fixed(
                "a die each; the higher total wins, a tie is rolled again",
                "по кубику каждому; побеждает больший результат, при ничьей — переброс",
            ),
        ));
        Some(Forecast { basis, outcomes })
    }

    /// 6.4: the second player's penalties bring on the peace roll.
    fn peace_odds(&self, s: &State, seat: Seat, side: Side, a: Action, penalties: [bool; 2]) -> Option<Forecast> {
        let outcomes = outcomes(self, s, seat, a, |after| match after.end {
            None => Text::fixed("the war goes on", "война продолжается"),
            Some(End::Peace) => {
                Text::fixed("peace is made: the game ends, won on VP", "заключён мир: игра окончена, победа по ПО")
            }
            Some(End::Automatic(w)) => Text::new(
                format!("the game ends: automatic victory for {}", w.name().en),
                format!("игра окончена: автоматическая победа — {}", w.name().ru),
            ),
            Some(End::LastTurn) => {
                Text::fixed("the last turn is over: the game ends", "последний ход окончен: игра окончена")
            }
        })?;
        // The modifiers as the roll will read them, with this choice made.
        let mut with = s.clone();
        with.peace_penalty[side.index()] = penalties;
        let mut basis: Vec<Basis> = self
            .peace_modifiers(&with)
            .into_iter()
            .map(|(k, why)| Basis::new("NY 6.4", Text::new(format!("{k:+} {}", why.en), format!("{k:+} {}", why.ru))))
            .collect();
        basis.push(Basis::new(
            "NY 6.4",
            Text::new(
                format!("one die + the modifiers: {PEACE_TARGET} or more makes peace"),
                format!("кубик + модификаторы: {PEACE_TARGET} и более — заключается мир"),
            ),
        ));
        Some(Forecast { basis, outcomes })
    }
}
