//! The Campaign phase's action rounds (13.3–13.5): a card played, then its
//! actions one after the other, each finished before the next (13.4.2), each
//! counter in at most one action a round (13.4.3). A Campaign moves an army
//! by land (14.1) or besieges (17 authored); a Strategic Transfer moves two
//! counters far through friendly ground (13.5.2); Replacement (13.5.3),
//! Rally (13.5.4), Sea Move (13.5.5, 14.5 authored) and fleet deployment
//! (13.5.6) complete the list.
//!
//! Costs: checks are scans of the counters, O(leaders + corps); a transfer's
//! reach is a bucket-queue Dijkstra over the map, O(spaces + links). None
//! of it touches the heap: lists and marks are inline ([`tinyvec::ArrayVec`]).

use crate::action::{Action, Unit};
use crate::board::{Occupancy, SpaceList};
use crate::fixed::{dedup, empty_list, inline_list, IdSet};
use crate::ids::{CorpsId, FleetId, LeaderId, PowerId, Side, SpaceId, MAX_TABLE};
use crate::state::{FleetLoc, Force, ForceKind, LeaderLoc, Loc, Pending, State};
use crate::survey::Survey;
use crate::NineYears;
use sandtable_core::{Audience, Events, Illegal, Text};
use tinyvec::ArrayVec;

/// The distance in MP of each space from a transfer's origin, by space
/// index; `None` out of reach ([`NineYears::transfer_reach`]).
type Reach = [Option<u8>; MAX_TABLE];

/// Origins whose reach [`NineYears::transfer_legal`] keeps at once: a
/// side's leaders and corps stand in a few spaces, most shared.
const REACH_CACHE: usize = 16;

/// The reaches of the last [`REACH_CACHE`] origins asked for, on the stack
/// (8 KB); the oldest gives way.
struct ReachCache {
    origins: ArrayVec<[SpaceId; REACH_CACHE]>,
    reaches: [Reach; REACH_CACHE],
    next: usize,
}

impl Default for ReachCache {
    fn default() -> Self {
        ReachCache { origins: empty_list(), reaches: [[None; MAX_TABLE]; REACH_CACHE], next: 0 }
    }
}

impl ReachCache {
    /// The reach from `x`, written by `search` unless kept.
    fn get(&mut self, x: SpaceId, search: impl FnOnce(&mut Reach)) -> &Reach {
        let i = match self.origins.iter().position(|&y| y == x) {
            Some(i) => return &self.reaches[i],
            None if self.origins.len() < REACH_CACHE => {
                self.origins.push(x);
                self.origins.len() - 1
            }
            None => {
                let i = self.next;
                self.next = (i + 1) % REACH_CACHE;
                self.origins[i] = x;
                i
            }
        };
        search(&mut self.reaches[i]);
        &self.reaches[i]
    }
}

/// Index into [`State::used`]: the Strategic Transfer (13.5.2).
const TRANSFER: usize = 0;
/// Index into [`State::used`]: the Replacement (13.5.3).
const REPLACE: usize = 1;
/// Index into [`State::used`]: the Rally (13.5.4).
const RALLY: usize = 2;

/// Movement points of a Campaign (13.5.1).
pub(crate) const CAMPAIGN_MP: u8 = 3;
/// Corps a Sea Move carries (13.5.5).
const SEA_CORPS: usize = 2;

fn finish_first() -> Illegal {
    Illegal::fixed(
        "NY 13.4.2",
        "finish the action under way first (stop it, or complete its move)",
        "сначала завершите текущее действие (остановите его или закончите движение)",
    )
}

fn no_actions_left() -> Illegal {
    Illegal::fixed(
        "NY 13.4.1",
        "no actions are left on this round's card",
        "на карточке этого раунда не осталось действий",
    )
}

fn already_active() -> Illegal {
    Illegal::fixed(
        "NY 13.4.3",
        "that counter has already taken part in an action this round",
        "эта фишка уже участвовала в действии в этом раунде",
    )
}

impl NineYears {
    /// The corps a force's leaders may command: the sum of the two best
    /// command ratings among them (13.5.1).
    pub fn command_limit(&self, s: &State, leaders: &[LeaderId]) -> usize {
        self.command_limit_of(s, leaders.iter().copied())
    }

    /// [`NineYears::command_limit`] of the leaders an iterator gives: the
    /// two best ratings kept as they go by, O(leaders), no list.
    fn command_limit_of(&self, s: &State, leaders: impl Iterator<Item = LeaderId>) -> usize {
        let (mut best, mut second) = (0u8, 0u8);
        for l in leaders {
            let c = self.ratings(s, l).1;
            if c > best {
                second = best;
                best = c;
            } else if c > second {
                second = c;
            }
        }
        usize::from(best) + usize::from(second)
    }

    /// A corps of `p`, reduced or not, in `x`, free to join an action: not
    /// activated, not already in the force, not shut in a besieged fortress.
    /// Corps that are not demoralised are taken first.
    pub(crate) fn free_corps(
        &self,
        s: &Survey<'_>,
        x: SpaceId,
        p: PowerId,
        reduced: bool,
        force: Option<&Force>,
    ) -> Option<CorpsId> {
        if self.shut_in(s, x, p) {
            return None;
        }
        let fit = |c: CorpsId| {
            let st = s.corps(c);
            st.loc == Loc::Space(x)
                && st.reduced == reduced
                && !st.activated
                && self.scenario.corps_power(c) == p
                && force.map_or(true, |f| !f.corps.contains(&c))
        };
        let ids = self.scenario.corps_ids();
        let mut best = None;
        for c in ids.filter(|&c| fit(c)) {
            if !s.corps(c).demoralised {
                return Some(c);
            }
            best.get_or_insert(c);
        }
        best
    }

    /// Whether corps of `p` in `x` are shut in: `x` is their side's
    /// besieged fortress (17.2). O(1) with the survey's counts.
    fn shut_in(&self, s: &Survey<'_>, x: SpaceId, p: PowerId) -> bool {
        self.scenario.side_of(p).is_some_and(|side| s.control(x).is(side)) && s.besieged(x)
    }

    /// Whether a leader of `side` is in `x`, on the map, not yet activated.
    fn free_leader(&self, s: &Survey<'_>, side: Side, l: LeaderId, x: Option<SpaceId>) -> Result<SpaceId, Illegal> {
        if self.scenario.leader_side(l) != Some(side) {
            return Err(Illegal::fixed("NY 13.5", "that leader is not yours", "это не ваш лидер"));
        }
        self.check_at_war(s, self.scenario.leader(l).power)?;
        let LeaderLoc::Space(at) = s.leader(l).loc else {
            return Err(Illegal::fixed("NY 13.5", "that leader is not on the map", "этого лидера нет на карте"));
        };
        if x.is_some_and(|x| x != at) {
            return Err(Illegal::fixed(
                "NY 14.1.3",
                "that leader is not where the force is",
                "этого лидера нет там, где находится армия",
            ));
        }
        if s.leader(l).activated {
            return Err(already_active());
        }
        if s.besieged(at) && s.control(at).is(side) {
            return Err(Illegal::fixed(
                "NY 17.2",
                "counters shut in a besieged fortress take part in no action but its defence",
                "фишки в осаждённой крепости не участвуют ни в каких действиях, кроме её обороны",
            ));
        }
        Ok(at)
    }

    pub(crate) fn check_round(&self, s: &Survey<'_>, side: Side, a: Action) -> Result<(), Illegal> {
        if let Some(f) = &s.force {
            return self.check_force(s, side, f, a);
        }
        match a {
            Action::Play(v) => {
                if !(1..=3).contains(&v) {
                    return Err(Illegal::fixed(
                        "NY 13.4.1",
                        "an action card carries 1 to 3 actions",
                        "карточка действий даёт от 1 до 3 действий",
                    ));
                }
                if s.played {
                    return Err(Illegal::fixed(
                        "NY 13.3",
                        "this round's card has been played",
                        "карточка этого раунда уже разыграна",
                    ));
                }
                if s.hands[side.index()][usize::from(v - 1)] == 0 {
                    return Err(Illegal::fixed(
                        "NY 13.3",
                        "you hold no action card of that value",
                        "у вас нет карточки действий такого номинала",
                    ));
                }
                if s.must_play.is_some_and(|m| m != v) {
                    return Err(Illegal::fixed(
                        "NY 13.2.1",
                        "the first player must play the card he showed",
                        "первый игрок обязан сыграть выложенную карточку",
                    ));
                }
                Ok(())
            }
            Action::Event(e) => {
                if !s.held[side.index()].contains(&e) {
                    return Err(Illegal::fixed(
                        "NY 9.2.1",
                        "you do not hold that event card",
                        "у вас нет такой карточки события",
                    ));
                }
                if !self.playable(s, e) {
                    return Err(Illegal::fixed(
                        "NY 9.2.1",
                        "that held event's conditions do not hold now: keep it until they do",
                        "условия этого удержанного события сейчас не выполнены: держите его, пока не выполнятся",
                    ));
                }
                Ok(())
            }
            _ if !s.played => Err(Illegal::fixed(
                "NY 13.3",
                "play an action card first: a player cannot pass",
                "сначала разыграйте карточку действий: пасовать нельзя",
            )),
            Action::End => Ok(()),
            _ if s.ap == 0 => Err(no_actions_left()),
            Action::Campaign(l) => {
                self.free_leader(s, side, l, None)?;
                if s.leader(l).demoralised {
                    return Err(Illegal::fixed(
                        "NY 16.5",
                        "a demoralised leader cannot lead a Campaign until he is rallied (13.5.4)",
                        "деморализованный лидер не может вести Кампанию, пока его не соберут (13.5.4)",
                    ));
                }
                Ok(())
            }
            Action::Sea(x) => {
                if self.scenario.space(x).port.is_none() {
                    return Err(Illegal::fixed("NY 14.5", "that space is not a port", "эта область — не порт"));
                }
                if !s.control(x).is(side) || s.besieged(x) {
                    return Err(Illegal::fixed(
                        "NY 14.5",
                        "a Sea Move starts in a friendly, unbesieged port",
                        "Морское движение начинается в дружественном неосаждённом порту",
                    ));
                }
                if !self.any_free_unit(s, side, x) {
                    return Err(Illegal::fixed(
                        "NY 13.5.5",
                        "nothing of yours there can sail",
                        "там нет ваших фишек, способных отплыть",
                    ));
                }
                Ok(())
            }
            Action::Transfer => {
                if s.used[TRANSFER] {
                    return Err(Illegal::fixed(
                        "NY 13.5.2",
                        "one Strategic Transfer a round",
                        "одно Стратегическое перемещение за раунд",
                    ));
                }
                Ok(())
            }
            Action::Replace(p, x) => self.check_replace(s, side, p, x),
            Action::Rally(l) => {
                if s.used[RALLY] {
                    return Err(Illegal::fixed("NY 13.5.4", "one Rally a round", "один Сбор за раунд"));
                }
                let x = self.free_leader(s, side, l, None)?;
                let any = s.leader(l).demoralised
                    || (0..s.corps.len())
                        .any(|i| s.corps[i].demoralised && !s.corps[i].activated && self.corps_of(s, i, x, side));
                if !any {
                    return Err(Illegal::fixed(
                        "NY 13.5.4",
                        "nothing there is demoralised",
                        "там нет деморализованных фишек",
                    ));
                }
                Ok(())
            }
            Action::Deploy(f) => self.check_deploy(s, side, f),
            _ => Err(crate::wrong_step()),
        }
    }

    fn any_free_unit(&self, s: &Survey<'_>, side: Side, x: SpaceId) -> bool {
        self.side_leaders_iter(s, x, side).any(|l| self.free_leader(s, side, l, Some(x)).is_ok())
            || (0..s.corps.len()).any(|i| {
                !s.corps[i].activated
                    && self.corps_of(s, i, x, side)
                    && self.at_war(s, self.scenario.corps_power(CorpsId(i as u8)))
            })
    }

    fn check_replace(&self, s: &Survey<'_>, side: Side, p: PowerId, x: SpaceId) -> Result<(), Illegal> {
        if s.used[REPLACE] {
            return Err(Illegal::fixed("NY 13.5.3", "one Replacement a round", "одно Пополнение за раунд"));
        }
        if self.scenario.side_of(p) != Some(side) {
            return Err(Illegal::fixed("NY 13.5.3", "that power is not yours", "это не ваша держава"));
        }
        if self.free_corps(s, x, p, true, None).is_none() {
            return Err(Illegal::fixed(
                "NY 13.5.3",
                "no reduced corps of that power there that is free to act and not besieged",
                "там нет свободного неосаждённого ослабленного корпуса этой державы",
            ));
        }
        if s.overcrowded(x, side) {
            return Err(Illegal::fixed(
                "NY 13.5.3",
                "no Replacement in an overcrowded space (4.1.3)",
                "Пополнение невозможно в переполненной области (4.1.3)",
            ));
        }
        if !s.supply_home(p, x).traced() {
            return Err(Illegal::fixed(
                "NY 13.5.3",
                "the corps has no LOC to its home capital (7.1.2, 11.2.1)",
                "у корпуса нет ЛК до родной столицы (7.1.2, 11.2.1)",
            ));
        }
        Ok(())
    }

    fn check_deploy(&self, s: &Survey<'_>, side: Side, f: FleetId) -> Result<(), Illegal> {
        if self.scenario.fleet(f).side != side {
            return Err(Illegal::fixed("NY 13.5.6", "that fleet is not yours", "это не ваш флот"));
        }
        if !matches!(s.fleet(f), FleetLoc::Port(_)) {
            return Err(Illegal::fixed(
                "NY 13.5.6",
                "that fleet is not prepared in its port (12.3.6)",
                "этот флот не подготовлен в своём порту (12.3.6)",
            ));
        }
        Ok(())
    }

    fn check_force(&self, s: &Survey<'_>, side: Side, f: &Force, a: Action) -> Result<(), Illegal> {
        match (f.kind, a) {
            (_, Action::Stop) => Ok(()),
            (ForceKind::Campaign | ForceKind::Sea, Action::Add(u)) => self.check_add(s, side, f, u),
            (ForceKind::Campaign | ForceKind::Sea, Action::Drop(u)) => self.check_drop(s, f, u),
            (ForceKind::Campaign, Action::Go(y)) => self.check_go(s, side, f, y),
            (ForceKind::Campaign, Action::Siege) => self.check_siege(s, side, f),
            (ForceKind::Sea, Action::Sail(y)) => self.check_sail(s, side, f, y),
            (ForceKind::Transfer, Action::ShiftLeader(l, to)) => {
                let from = self.free_leader(s, side, l, None)?;
                self.check_shift(s, side, f, from, to, 6)
            }
            (ForceKind::Transfer, Action::ShiftCorps(from, p, r, to)) => {
                self.check_own_power(s, side, p)?;
                if self.free_corps(s, from, p, r, None).is_none() {
                    return Err(Illegal::fixed(
                        "NY 13.5.2",
                        "no such corps there free to act and not besieged",
                        "там нет такого свободного неосаждённого корпуса",
                    ));
                }
                self.check_shift(s, side, f, from, to, 4)
            }
            _ => Err(finish_first()),
        }
    }

    fn check_add(&self, s: &Survey<'_>, side: Side, f: &Force, u: Unit) -> Result<(), Illegal> {
        if f.moved {
            return Err(Illegal::fixed(
                "NY 14.1.3",
                "counters cannot be picked up once the force has moved",
                "фишки нельзя подхватить после начала движения",
            ));
        }
        match u {
            Unit::Leader(l) => {
                if f.leaders.contains(&l) {
                    return Err(Illegal::fixed(
                        "NY 13.5.1",
                        "that leader is already in the force",
                        "этот лидер уже в армии",
                    ));
                }
                self.free_leader(s, side, l, Some(f.space)).map(|_| ())
            }
            Unit::Corps(p, r) => {
                self.check_own_power(s, side, p)?;
                if self.free_corps(s, f.space, p, r, Some(f)).is_none() {
                    return Err(Illegal::fixed(
                        "NY 13.4.3",
                        "no such corps here free to act (not activated this round, not besieged)",
                        "здесь нет такого свободного корпуса (не активированного в этом раунде, не осаждённого)",
                    ));
                }
                match f.kind {
                    ForceKind::Sea if f.corps.len() >= SEA_CORPS => Err(Illegal::fixed(
                        "NY 13.5.5",
                        "a Sea Move carries at most two corps",
                        "Морским движением перемещаются не более двух корпусов",
                    )),
                    ForceKind::Campaign if f.corps.len() >= self.command_limit(s, &f.leaders) => Err(Illegal::fixed(
                        "NY 13.5.1",
                        "more corps than the command ratings of the force's two best leaders",
                        "корпусов больше суммарного КР двух лучших лидеров армии",
                    )),
                    _ => Ok(()),
                }
            }
        }
    }

    fn check_drop(&self, s: &Survey<'_>, f: &Force, u: Unit) -> Result<(), Illegal> {
        match u {
            Unit::Leader(l) => {
                if !f.leaders.contains(&l) {
                    return Err(Illegal::fixed(
                        "NY 14.1.3",
                        "that leader is not in the force",
                        "этого лидера нет в армии",
                    ));
                }
                if f.kind == ForceKind::Campaign {
                    let rest = || f.leaders.iter().copied().filter(|&m| m != l);
                    if rest().next().is_some() && rest().all(|m| s.leader(m).demoralised) {
                        return Err(Illegal::fixed(
                            "NY 16.5",
                            "a Campaign needs a leader who is not demoralised at its head",
                            "Кампанию должен вести недеморализованный лидер",
                        ));
                    }
                    if rest().next().is_none() && !f.corps.is_empty() {
                        return Err(Illegal::fixed(
                            "NY 14.1.2",
                            "corps move only with a leader: drop the corps first",
                            "корпуса движутся только с лидером: сначала оставьте корпуса",
                        ));
                    }
                    if f.corps.len() > self.command_limit_of(s, rest()) {
                        return Err(Illegal::fixed(
                            "NY 13.5.1",
                            "the leaders left could not command the corps in the force",
                            "оставшиеся лидеры не смогут командовать корпусами армии",
                        ));
                    }
                }
                Ok(())
            }
            Unit::Corps(p, r) => {
                if f.corps.iter().any(|&c| self.scenario.corps_power(c) == p && s.corps(c).reduced == r) {
                    Ok(())
                } else {
                    Err(Illegal::fixed("NY 14.1.3", "no such corps in the force", "такого корпуса нет в армии"))
                }
            }
        }
    }

    fn check_go(&self, s: &Survey<'_>, side: Side, f: &Force, y: SpaceId) -> Result<(), Illegal> {
        let Some(&(_, red)) = self.scenario.space(f.space).links.iter().find(|&&(t, _)| t == y) else {
            return Err(Illegal::fixed("NY 14.1.1", "no link joins those spaces", "эти области не связаны"));
        };
        if !Self::link_open(side, red) {
            return Err(Illegal::fixed(
                "NY 14.1.1",
                "red links are for the Alliance only",
                "красные линии доступны только Альянсу",
            ));
        }
        let cost = if red { 2 } else { 1 };
        if f.spent + cost > CAMPAIGN_MP {
            return Err(Illegal::fixed(
                "NY 13.5.1",
                "a Campaign moves at most 3 MP (a red link costs 2)",
                "Кампания — не более 3 ОД (красная линия стоит 2)",
            ));
        }
        self.check_enterable(s, y)?;
        if f.corps.is_empty() && (s.count(y, side.other()) > 0 || s.control(y).is(side.other())) {
            return Err(Illegal::fixed(
                "NY 16.1",
                "leaders without corps neither attack nor take enemy spaces",
                "лидеры без корпусов не атакуют и не занимают вражеские области",
            ));
        }
        Ok(())
    }

    /// No troops enter neutral ground: Savoy while neutral (7.2.1), Portugal (7.2.2).
    fn check_enterable(&self, s: &State, y: SpaceId) -> Result<(), Illegal> {
        if self.enterable(s, y) {
            Ok(())
        } else if self.scenario.space(y).region == crate::Region::Portugal {
            Err(Illegal::fixed(
                "NY 7.2.2",
                "Portugal is neutral: no troops may enter it",
                "Португалия нейтральна: войска не могут входить в неё",
            ))
        } else {
            Err(Illegal::fixed(
                "NY 7.2.1",
                "Savoy is neutral: no troops may enter or cross its territory",
                "Савойя нейтральна: войска не могут входить на её территорию или проходить через неё",
            ))
        }
    }

    /// The fortress defence value (17 authored, from 13.5.6's example: a
    /// garrisoned level-2 fortress is 4): the fortress strength now, plus 2
    /// while a corps of its holder is inside.
    pub fn defence_value(&self, s: &State, x: SpaceId) -> u8 {
        let holder = s.control(x).side();
        let garrison = holder.is_some_and(|h| self.count_corps(s, x, h) > 0);
        s.strength[x.index()] + if garrison { 2 } else { 0 }
    }

    fn check_siege(&self, s: &Survey<'_>, side: Side, f: &Force) -> Result<(), Illegal> {
        if f.moved {
            return Err(Illegal::fixed(
                "NY 13.5.1",
                "a Campaign either moves or besieges, not both",
                "Кампания либо движется, либо проводит осаду, но не то и другое",
            ));
        }
        let x = f.space;
        if !s.control(x).is(side.other()) || !self.fortified(x) || s.strength[x.index()] == 0 {
            return Err(Illegal::fixed(
                "NY 17.1",
                "there is no enemy fortress here to besiege",
                "здесь нет вражеской крепости для осады",
            ));
        }
        if f.corps.len() < usize::from(self.defence_value(s, x)) {
            return Err(Illegal::fixed(
                "NY 17.2",
                "the besieging corps must number at least the fortress defence value",
                "число осаждающих корпусов должно быть не меньше уровня защиты крепости",
            ));
        }
        Ok(())
    }

    fn check_sail(&self, s: &Survey<'_>, side: Side, f: &Force, y: SpaceId) -> Result<(), Illegal> {
        if f.leaders.is_empty() && f.corps.is_empty() {
            return Err(Illegal::fixed(
                "NY 13.5.5",
                "take a leader or a corps aboard first",
                "сначала возьмите на борт лидера или корпус",
            ));
        }
        let (Some(za), Some(zb)) = (self.scenario.space(f.space).port, self.scenario.space(y).port) else {
            return Err(Illegal::fixed("NY 14.5", "a Sea Move goes to a port", "Морское движение ведёт в порт"));
        };
        if za != zb || y == f.space {
            return Err(Illegal::fixed(
                "NY 14.5",
                "a Sea Move goes to another port on the same sea zone",
                "Морское движение ведёт в другой порт той же морской зоны",
            ));
        }
        self.check_enterable(s, y)?;
        if self.revolution_landing(s, f, y) {
            return Ok(());
        }
        if s.count(y, side.other()) > 0 {
            return Err(Illegal::fixed(
                "NY 14.5",
                "a Sea Move lands only where no enemy corps stand",
                "Морским движением высаживаются только там, где нет вражеских корпусов",
            ));
        }
        if s.control(y).is(side) {
            return Ok(());
        }
        if f.corps.is_empty() {
            return Err(Illegal::fixed(
                "NY 16.1",
                "leaders without corps neither attack nor take enemy spaces",
                "лидеры без корпусов не атакуют и не занимают вражеские области",
            ));
        }
        if self.fortified(y) && s.strength[y.index()] > 0 {
            return Err(Illegal::fixed(
                "NY 14.5",
                "a landing in an enemy port needs it unfortified and free of enemy corps",
                "высадка во вражеском порту возможна, только если он не укреплён и в нём нет вражеских корпусов",
            ));
        }
        Ok(())
    }

    /// Whether `to` can be reached from `from` by a Strategic Transfer of
    /// `side` within `mp` (13.5.2): never into enemy spaces or spaces with
    /// enemy corps unless an unbesieged friendly corps is already there.
    /// The distance in MP of each space, `None` out of reach.
    pub fn transfer_reach(&self, s: &State, side: Side, from: SpaceId, mp: u8) -> Vec<Option<u8>> {
        let passable = self.transfer_passable(s, &self.occupancy(s), side);
        let mut reach = [None; MAX_TABLE];
        self.transfer_reach_in(&passable, side, from, mp, &mut reach);
        reach[..self.scenario.spaces.len()].to_vec()
    }

    /// The spaces a Strategic Transfer of `side` may pass through or end
    /// in (13.5.2), the same for every origin: O(spaces + leaders).
    fn transfer_passable(&self, s: &State, occ: &Occupancy, side: Side) -> IdSet {
        let mut enemy_leaders = IdSet::default();
        for l in self.scenario.leader_ids() {
            if let LeaderLoc::Space(x) = s.leader(l).loc {
                if self.scenario.leader_side(l) == Some(side.other()) && self.at_war(s, self.scenario.leader(l).power) {
                    enemy_leaders.insert(x.index());
                }
            }
        }
        let mut passable = IdSet::default();
        for t in self.scenario.space_ids() {
            if !self.enterable(s, t) {
                continue;
            }
            // An unbesieged friendly corps: any, unless shut in its own besieged fortress.
            let friendly_corps = occ.count(t, side) > 0 && !(s.control(t).is(side) && self.besieged_in(s, occ, t));
            if friendly_corps
                || (s.control(t).is(side) && occ.count(t, side.other()) == 0 && !enemy_leaders.contains(t.index()))
            {
                passable.insert(t.index());
            }
        }
        passable
    }

    /// [`NineYears::transfer_reach`] through the spaces `passable` holds.
    /// Costs are 1 or 2, so a bucket queue is Dijkstra here; a ring of three
    /// buckets (this distance and the two after) serves any `mp`, and each
    /// space enters a bucket at most once a distance, so none overflows.
    /// Written into `dist`, in place.
    fn transfer_reach_in(&self, passable: &IdSet, side: Side, from: SpaceId, mp: u8, dist: &mut Reach) {
        *dist = [None; MAX_TABLE];
        dist[from.index()] = Some(0);
        let mut buckets: [SpaceList; 3] = [empty_list(); 3];
        buckets[0].push(from);
        for d in 0..=mp {
            let b = usize::from(d % 3);
            let mut i = 0;
            while i < buckets[b].len() {
                let x = buckets[b][i];
                i += 1;
                if dist[x.index()] != Some(d) {
                    continue;
                }
                for &(t, red) in &self.scenario.space(x).links {
                    if !Self::link_open(side, red) || !passable.contains(t.index()) {
                        continue;
                    }
                    let nd = d + if red { 2 } else { 1 };
                    if nd <= mp && dist[t.index()].map_or(true, |o| nd < o) {
                        dist[t.index()] = Some(nd);
                        buckets[usize::from(nd % 3)].push(t);
                    }
                }
            }
            buckets[b].clear();
        }
    }

    fn check_shift(
        &self,
        s: &Survey<'_>,
        side: Side,
        f: &Force,
        from: SpaceId,
        to: SpaceId,
        mp: u8,
    ) -> Result<(), Illegal> {
        let passable = self.transfer_passable(s, s.occupancy(), side);
        let mut reach = [None; MAX_TABLE];
        self.transfer_reach_in(&passable, side, from, mp, &mut reach);
        self.check_shift_in(f, from, to, &reach, mp)
    }

    /// The transfer's own conditions, given the reach from `from`
    /// ([`NineYears::transfer_reach`]), counted within `mp`.
    #[inline]
    fn check_shift_in(&self, f: &Force, from: SpaceId, to: SpaceId, reach: &Reach, mp: u8) -> Result<(), Illegal> {
        if f.spent >= 2 {
            return Err(Illegal::fixed(
                "NY 13.5.2",
                "a Strategic Transfer moves two counters at most",
                "Стратегическим перемещением перемещаются не более двух фишек",
            ));
        }
        if from == to {
            return Err(Illegal::fixed("NY 13.5.2", "the counter is already there", "фишка уже там"));
        }
        if reach[to.index()].map_or(true, |d| d > mp) {
            return Err(Illegal::fixed(
                "NY 13.5.2",
                "out of reach: leaders 6 MP, corps 4 MP, never into enemy spaces or spaces with enemy troops unless an unbesieged friendly corps is there",
                "вне досягаемости: лидеры 6 ОД, корпуса 4 ОД, без входа во вражеские области и области с войсками противника, если там нет неосаждённого дружественного корпуса",
            ));
        }
        Ok(())
    }

    pub(crate) fn round_candidates(&self, s: &Survey<'_>, side: Side, out: &mut Vec<Action>) {
        let sc = &self.scenario;
        if let Some(f) = &s.force {
            out.push(Action::Stop);
            match f.kind {
                ForceKind::Campaign | ForceKind::Sea => {
                    if !f.moved {
                        for l in self.side_leaders(s, f.space, side) {
                            out.push(Action::Add(Unit::Leader(l)));
                        }
                        self.corps_kinds(s, f.space, side, |p, r| out.push(Action::Add(Unit::Corps(p, r))));
                    }
                    out.extend(f.leaders.iter().map(|&l| Action::Drop(Unit::Leader(l))));
                    let mut kinds: ArrayVec<[(PowerId, bool); MAX_TABLE]> =
                        inline_list(f.corps.iter().map(|&c| (sc.corps_power(c), s.corps(c).reduced)));
                    kinds.sort_unstable();
                    dedup(&mut kinds);
                    out.extend(kinds.into_iter().map(|(p, r)| Action::Drop(Unit::Corps(p, r))));
                    if f.kind == ForceKind::Campaign {
                        out.extend(sc.space(f.space).links.iter().map(|&(t, _)| Action::Go(t)));
                        out.push(Action::Siege);
                    } else if let Some(z) = sc.space(f.space).port {
                        out.extend(sc.space_ids().filter(|&t| sc.space(t).port == Some(z)).map(Action::Sail));
                    }
                }
                ForceKind::Transfer => self.transfer_legal(s, side, f, out),
            }
            return;
        }
        if !s.played {
            out.extend((1..=3).map(Action::Play));
        } else {
            out.push(Action::End);
            if s.ap > 0 {
                // The spaces holding counters of the side, a set read in order.
                let mut ports = IdSet::default();
                for l in sc.leader_ids().filter(|&l| sc.leader_side(l) == Some(side)) {
                    if let LeaderLoc::Space(x) = s.leader(l).loc {
                        out.push(Action::Campaign(l));
                        out.push(Action::Rally(l));
                        ports.insert(x.index());
                    }
                }
                // At most one entry a corps counter.
                let mut replace: ArrayVec<[(PowerId, SpaceId); MAX_TABLE]> = empty_list();
                for (i, c) in s.corps.iter().enumerate() {
                    if let Loc::Space(x) = c.loc {
                        if self.corps_side(CorpsId(i as u8)) == Some(side) {
                            ports.insert(x.index());
                            if c.reduced {
                                replace.push((sc.corps[i].power, x));
                            }
                        }
                    }
                }
                replace.sort_unstable();
                dedup(&mut replace);
                out.extend(replace.into_iter().map(|(p, x)| Action::Replace(p, x)));
                out.extend(
                    ports.iter().map(|x| SpaceId(x as u8)).filter(|&x| sc.space(x).port.is_some()).map(Action::Sea),
                );
                out.push(Action::Transfer);
                out.extend(sc.fleet_ids().map(Action::Deploy));
            }
        }
        out.extend(s.held[side.index()].iter().map(|&e| Action::Event(e)));
    }

    /// The legal shifts of a Strategic Transfer, each origin's reach
    /// computed once (kept for the last [`REACH_CACHE`] origins) and every
    /// candidate passed through the same checks as [`NineYears::check_force`]
    /// (the reach is their costly part): O(origins · (spaces + links) +
    /// candidates), no heap.
    pub(crate) fn transfer_legal(&self, s: &Survey<'_>, side: Side, f: &Force, out: &mut Vec<Action>) {
        let sc = &self.scenario;
        if f.spent >= 2 {
            return;
        }
        // One 6-MP search per origin serves its leaders; its distances up to
        // 4 are the corps' reach (shortest paths do not depend on the bound).
        let passable = self.transfer_passable(s, s.occupancy(), side);
        let mut cache = ReachCache::default();
        for l in sc.leader_ids().filter(|&l| sc.leader_side(l) == Some(side)) {
            let Ok(x) = self.free_leader(s, side, l, None) else { continue };
            let reach = cache.get(x, |r| self.transfer_reach_in(&passable, side, x, 6, r));
            out.extend(
                sc.space_ids()
                    .filter(|&t| self.check_shift_in(f, x, t, reach, 6).is_ok())
                    .map(|t| Action::ShiftLeader(l, t)),
            );
        }
        // Each kind of corps free to go, by origin: one pass over the
        // counters, sorted as the list is ordered (origin, power, reduced).
        // [`NineYears::free_corps`] finds a corps of each kind listed (not
        // activated, of a power at war) unless it is shut in (17.2).
        let mut kinds: ArrayVec<[(SpaceId, PowerId, bool); MAX_TABLE]> = empty_list();
        for (i, c) in s.corps.iter().enumerate() {
            if let Loc::Space(x) = c.loc {
                if !c.activated && self.corps_of(s, i, x, side) {
                    kinds.push((x, sc.corps[i].power, c.reduced));
                }
            }
        }
        kinds.sort_unstable();
        dedup(&mut kinds);
        kinds.retain(|&(x, p, _)| !self.shut_in(s, x, p));
        for (x, p, r) in kinds {
            let reach = cache.get(x, |r| self.transfer_reach_in(&passable, side, x, 6, r));
            out.extend(
                sc.space_ids()
                    .filter(|&t| self.check_shift_in(f, x, t, reach, 4).is_ok())
                    .map(|t| Action::ShiftCorps(x, p, r, t)),
            );
        }
    }

    /// Each (power, reduced) kind of corps of `side` in `x`, once, in order.
    fn corps_kinds(&self, s: &State, x: SpaceId, side: Side, mut f: impl FnMut(PowerId, bool)) {
        let mut kinds: ArrayVec<[(PowerId, bool); MAX_TABLE]> = inline_list(
            self.side_corps(s, x, side)
                .into_iter()
                .filter(|&c| !s.corps(c).activated)
                .map(|c| (self.scenario.corps_power(c), s.corps(c).reduced)),
        );
        kinds.sort_unstable();
        dedup(&mut kinds);
        for (p, r) in kinds {
            f(p, r);
        }
    }

    pub(crate) fn apply_round(&self, s: &mut State, side: Side, a: Action, ev: &mut Events) {
        let sc = &self.scenario;
        match a {
            Action::Play(v) => {
                s.hands[side.index()][usize::from(v - 1)] -= 1;
                s.action_discard.push(v);
                s.played = true;
                s.must_play = None;
                // 13.2.1: the choice face down is over with the first card
                // played; a card shown stays known until its value is played.
                s.shown = [None; 2];
                if s.known[side.index()] == Some(v) {
                    s.known[side.index()] = None;
                }
                s.ap += v;
                ev.reveal(Audience::Everyone, "NY 13.4.1", || {
                    Text::new(
                        format!("{} plays a {v}-action card", side.player().en),
                        format!("{} разыгрывает карточку на {v} д.", side.player().ru),
                    )
                });
            }
            Action::Event(e) => {
                s.held[side.index()].retain(|&h| h != e);
                let card = sc.event(e);
                ev.reveal(Audience::Everyone, "NY 9.2.1", || {
                    Text::new(
                        format!("{} plays the held event {}: {}", side.player().en, card.name.en, card.text.en),
                        format!(
                            "{} разыгрывает удержанное событие «{}»: {}",
                            side.player().ru,
                            card.name.ru,
                            card.text.ru
                        ),
                    )
                });
                self.play_event(s, e, ev);
            }
            Action::End => {
                s.ap = 0;
                ev.say("NY 13.4.2", || {
                    Text::new(
                        format!("{} ends the round", side.player().en),
                        format!("{} завершает раунд", side.player().ru),
                    )
                });
            }
            Action::Campaign(l) => {
                s.ap -= 1;
                let LeaderLoc::Space(x) = s.leader(l).loc else { return };
                s.leaders[l.index()].activated = true;
                s.force = Some(Force {
                    kind: ForceKind::Campaign,
                    space: x,
                    from: None,
                    leaders: [l].into_iter().collect(),
                    corps: empty_list(),
                    spent: 0,
                    moved: false,
                });
                ev.say("NY 13.5.1", || {
                    Text::new(
                        format!("Campaign: {} in {}", sc.leader(l).name.en, sc.space(x).name.en),
                        format!("Кампания: {} в области «{}»", sc.leader(l).name.ru, sc.space(x).name.ru),
                    )
                });
                return;
            }
            Action::Sea(x) => {
                s.ap -= 1;
                s.force = Some(Force {
                    kind: ForceKind::Sea,
                    space: x,
                    from: None,
                    leaders: empty_list(),
                    corps: empty_list(),
                    spent: 0,
                    moved: false,
                });
                ev.say("NY 13.5.5", || {
                    Text::new(
                        format!("Sea Move from {}", sc.space(x).name.en),
                        format!("Морское движение из порта «{}»", sc.space(x).name.ru),
                    )
                });
                return;
            }
            Action::Transfer => {
                s.ap -= 1;
                s.used[TRANSFER] = true;
                s.force = Some(Force {
                    kind: ForceKind::Transfer,
                    space: SpaceId(0),
                    from: None,
                    leaders: empty_list(),
                    corps: empty_list(),
                    spent: 0,
                    moved: false,
                });
                ev.say("NY 13.5.2", || Text::fixed("Strategic Transfer", "Стратегическое перемещение"));
                return;
            }
            Action::Replace(p, x) => {
                s.ap -= 1;
                s.used[REPLACE] = true;
                let corps = self.free_corps(&Survey::new(self, s), x, p, true, None);
                if let Some(c) = corps {
                    let st = &mut s.corps[c.index()];
                    st.reduced = false;
                    st.demoralised = false;
                    st.activated = true;
                }
                ev.say("NY 13.5.3", || {
                    Text::new(
                        format!(
                            "Replacement: a {} corps in {} is brought back to full strength",
                            sc.power(p).name.en,
                            sc.space(x).name.en
                        ),
                        format!(
                            "Пополнение: корпус ({}) в области «{}» восстановлен",
                            sc.power(p).name.ru,
                            sc.space(x).name.ru
                        ),
                    )
                });
            }
            Action::Rally(l) => {
                s.ap -= 1;
                s.used[RALLY] = true;
                self.rally(s, side, l, ev);
            }
            Action::Deploy(f) => {
                s.ap -= 1;
                self.deploy_fleet(s, side, f, ev);
            }
            Action::Stop => {
                self.finish_action(s, ev);
                return;
            }
            Action::Add(u) => {
                self.add_unit(s, u);
                return;
            }
            Action::Drop(u) => {
                self.drop_unit(s, u);
                if s.force.as_ref().is_some_and(|f| f.leaders.is_empty() && f.corps.is_empty()) {
                    self.finish_action(s, ev);
                }
                return;
            }
            Action::Go(y) => {
                self.go(s, side, y, ev);
                return;
            }
            Action::Siege => {
                let x = s.force.as_ref().map_or(SpaceId(0), |f| f.space);
                self.siege_roll(s, side, x, ev);
                self.finish_action(s, ev);
                return;
            }
            Action::Sail(y) => {
                self.sail(s, side, y, ev);
                self.finish_action(s, ev);
                return;
            }
            Action::ShiftLeader(l, to) => {
                s.leaders[l.index()].loc = LeaderLoc::Space(to);
                s.leaders[l.index()].activated = true;
                self.shifted(s, ev, || sc.leader(l).name.clone(), to);
                return;
            }
            Action::ShiftCorps(from, p, r, to) => {
                let corps = self.free_corps(&Survey::new(self, s), from, p, r, None);
                if let Some(c) = corps {
                    s.corps[c.index()].loc = Loc::Space(to);
                    s.corps[c.index()].activated = true;
                }
                let what = || {
                    Text::new(format!("a {} corps", sc.power(p).name.en), format!("корпус ({})", sc.power(p).name.ru))
                };
                self.shifted(s, ev, what, to);
                return;
            }
            _ => return,
        }
        self.after_action(s, ev);
    }

    /// A counter transferred; `what` names it, built only for the log.
    fn shifted(&self, s: &mut State, ev: &mut Events, what: impl FnOnce() -> Text, to: SpaceId) {
        let name = &self.scenario.space(to).name;
        ev.say("NY 13.5.2", || {
            let what = what();
            Text::new(
                format!("{} transfers to {}", what.en, name.en),
                format!("{} перемещается в область «{}»", what.ru, name.ru),
            )
        });
        if let Some(f) = s.force.as_mut() {
            f.spent += 1;
            if f.spent >= 2 {
                self.finish_action(s, ev);
            }
        }
    }

    fn add_unit(&self, s: &mut State, u: Unit) {
        let Some(f) = s.force.as_ref() else { return };
        match u {
            Unit::Leader(l) => {
                s.leaders[l.index()].activated = true;
                if let Some(f) = s.force.as_mut() {
                    f.leaders.push(l);
                }
            }
            Unit::Corps(p, r) => {
                let corps = self.free_corps(&Survey::new(self, s), f.space, p, r, Some(f));
                if let Some(c) = corps {
                    s.corps[c.index()].activated = true;
                    if let Some(f) = s.force.as_mut() {
                        f.corps.push(c);
                    }
                }
            }
        }
    }

    fn drop_unit(&self, s: &mut State, u: Unit) {
        let Some(f) = s.force.as_mut() else { return };
        match u {
            Unit::Leader(l) => f.leaders.retain(|&m| m != l),
            Unit::Corps(p, r) => {
                if let Some(i) =
                    f.corps.iter().position(|&c| self.scenario.corps_power(c) == p && s.corps[c.index()].reduced == r)
                {
                    f.corps.remove(i);
                }
            }
        }
    }

    /// Moves every counter of the force to `y`.
    pub(crate) fn move_force(&self, s: &mut State, y: SpaceId) {
        let Some(f) = s.force.as_mut() else { return };
        f.from = Some(f.space);
        f.space = y;
        f.moved = true;
        for &l in &f.leaders {
            s.leaders[l.index()].loc = LeaderLoc::Space(y);
        }
        for &c in &f.corps {
            s.corps[c.index()].loc = Loc::Space(y);
        }
    }

    /// 14.1: the force moves along a link, then what it finds there: a
    /// battle (16 authored), the defender's choice to withdraw into its
    /// fortress, an interception (14.4 authored), or the space taken.
    fn go(&self, s: &mut State, side: Side, y: SpaceId, ev: &mut Events) {
        let Some(f) = s.force.as_ref() else { return };
        let cost = self.link_cost(f.space, y, side).unwrap_or(1);
        let from = f.space;
        self.move_force(s, y);
        if let Some(f) = s.force.as_mut() {
            f.spent += cost;
        }
        let sc = &self.scenario;
        ev.say("NY 14.1.1", || {
            Text::new(
                format!("the army moves from {} to {} ({cost} MP)", sc.space(from).name.en, sc.space(y).name.en),
                format!(
                    "армия идёт из области «{}» в область «{}» ({cost} ОД)",
                    sc.space(from).name.ru,
                    sc.space(y).name.ru
                ),
            )
        });
        let enemy = side.other();
        if self.count_corps(s, y, enemy) > 0 {
            if s.control(y).is(enemy) && self.fortified(y) && s.strength[y.index()] > 0 {
                if self.besieged_before_entry(s, y, side) {
                    // 17.1 authored: the garrison is shut in already: the
                    // army joins the siege lines and stops.
                    self.enter_empty(s, side, y, ev);
                } else {
                    s.pending = Some(Pending::Garrison(y));
                }
            } else {
                self.fight(s, y, ev);
            }
            return;
        }
        self.displace_leaders(s, y, enemy, ev);
        // 14.4 authored: an army is intercepted only where it would fight
        // alone: not in a space holding other corps of its side.
        let alone =
            s.force.as_ref().is_some_and(|f| !f.corps.is_empty() && self.count_corps(s, y, side) == f.corps.len());
        if alone && !self.interceptors(s, enemy, y).is_empty() {
            s.pending = Some(Pending::Intercept(y));
            return;
        }
        self.enter_empty(s, side, y, ev);
    }

    /// Whether `side` already besieged `y` before the force came (its
    /// other corps are there): the garrison has withdrawn already.
    fn besieged_before_entry(&self, s: &State, y: SpaceId, side: Side) -> bool {
        let force: &[CorpsId] = s.force.as_ref().map_or(&[], |f| &f.corps[..]);
        self.side_corps(s, y, side).iter().any(|c| !force.contains(c))
    }

    /// The force has entered a space with no enemy corps: an enemy
    /// fortress stops it (17 authored: it is now besieged); any other
    /// enemy space is taken.
    pub(crate) fn enter_empty(&self, s: &mut State, side: Side, y: SpaceId, ev: &mut Events) {
        if s.control(y).is(side) {
            return;
        }
        if self.fortified(y) && s.strength[y.index()] > 0 {
            if let Some(f) = s.force.as_mut() {
                f.spent = CAMPAIGN_MP;
            }
            let sc = &self.scenario;
            ev.say("NY 17.1", || {
                Text::new(
                    format!("the army stops before the fortress of {}", sc.space(y).name.en),
                    format!("армия останавливается у крепости «{}»", sc.space(y).name.ru),
                )
            });
        } else {
            self.change_control(s, y, side, ev);
        }
    }

    /// Enemy leaders alone in a space an army enters go to their nearest
    /// friendly space (16.1 authored).
    fn displace_leaders(&self, s: &mut State, y: SpaceId, enemy: Side, ev: &mut Events) {
        for l in self.side_leaders(s, y, enemy) {
            self.send_leader_home(s, l, y, ev);
        }
    }

    /// A leader with no army left goes to the nearest friendly space free of
    /// enemy corps, or to a capital of his side (16.4 authored).
    pub(crate) fn send_leader_home(&self, s: &mut State, l: LeaderId, from: SpaceId, ev: &mut Events) {
        let Some(side) = self.scenario.leader_side(l) else { return };
        let to = self
            .nearest(s, from, side, |t| s.control(t).is(side) && self.count_corps(s, t, side.other()) == 0)
            .or_else(|| self.source_list(s, side).first().copied());
        let sc = &self.scenario;
        match to {
            Some(t) => {
                s.leaders[l.index()].loc = LeaderLoc::Space(t);
                ev.say("NY 16.4", || {
                    Text::new(
                        format!("{} withdraws to {}", sc.leader(l).name.en, sc.space(t).name.en),
                        format!("{} отходит в область «{}»", sc.leader(l).name.ru, sc.space(t).name.ru),
                    )
                });
            }
            None => {
                s.leaders[l.index()].loc = LeaderLoc::Out(s.year + 1);
                ev.say("NY 16.4", || {
                    Text::new(
                        format!("{} has nowhere to go and leaves play until next year", sc.leader(l).name.en),
                        format!("{} некуда отойти: выходит из игры до следующего года", sc.leader(l).name.ru),
                    )
                });
            }
        }
    }

    /// The action under way is over; the round ends when no action is left.
    pub(crate) fn finish_action(&self, s: &mut State, ev: &mut Events) {
        s.force = None;
        self.after_action(s, ev);
    }

    /// After an action: the round is over once the card's actions are spent
    /// (13.4.2), unless a decision is owed.
    pub(crate) fn after_action(&self, s: &mut State, ev: &mut Events) {
        if s.pending.is_none() && s.force.is_none() && s.played && s.ap == 0 && s.phase == crate::Phase::Round {
            self.end_round(s, ev);
        }
    }

    /// 13.5.4: a leader rallies himself and up to half his command (rounded
    /// up) of demoralised corps in his space; all of them are activated.
    fn rally(&self, s: &mut State, side: Side, l: LeaderId, ev: &mut Events) {
        let LeaderLoc::Space(x) = s.leader(l).loc else { return };
        let n = usize::from(self.ratings(s, l).1).div_ceil(2);
        s.leaders[l.index()].demoralised = false;
        s.leaders[l.index()].activated = true;
        let mut k = 0;
        for c in self.side_corps(s, x, side) {
            if k == n {
                break;
            }
            if s.corps(c).demoralised && !s.corps(c).activated {
                s.corps[c.index()].demoralised = false;
                s.corps[c.index()].activated = true;
                k += 1;
            }
        }
        let sc = &self.scenario;
        ev.say("NY 13.5.4", || {
            Text::new(
                format!("{} rallies himself and {k} corps in {}", sc.leader(l).name.en, sc.space(x).name.en),
                format!(
                    "Сбор: {} снимает деморализацию с себя и с {k} корп. в области «{}»",
                    sc.leader(l).name.ru,
                    sc.space(x).name.ru
                ),
            )
        });
    }

    /// The figures of a sea challenge by `side`'s prepared fleet `f`
    /// (13.5.6); `None` unless it waits in its port. The challenge and the
    /// odds (forecast.rs) both read them here.
    pub(crate) fn naval_mods(&self, s: &State, side: Side, f: FleetId) -> Option<NavalMods> {
        let sc = &self.scenario;
        let spec = sc.fleet(f);
        let FleetLoc::Port(strength) = s.fleet(f) else { return None };
        let other = side.other();
        let n = &sc.named;
        Some(NavalMods {
            strength,
            sea: s.sea[spec.sea.index()].is(other),
            london: spec.sea == crate::Sea::Atlantic && s.control(n.london).is(other),
            gibraltar: spec.sea == crate::Sea::Mediterranean && s.control(n.gibraltar).is(other),
        })
    }

    /// 14.5 authored: the Sea Move modifier for `side` sailing on `zone`:
    /// −2 when the enemy controls it, −1 when nobody does.
    pub(crate) fn sea_move_mod(&self, s: &State, side: Side, zone: crate::Sea) -> i8 {
        match s.sea[zone.index()].side() {
            Some(x) if x == side => 0,
            Some(_) => -2,
            None => -1,
        }
    }

    /// 13.5.6: a prepared fleet challenges for its sea zone. Each player
    /// rolls a die; ties are rolled again. The fleet leaves its port: to the
    /// zone's control box if it wins (10.1), else back to the pool.
    fn deploy_fleet(&self, s: &mut State, side: Side, f: FleetId, ev: &mut Events) {
        let sc = &self.scenario;
        let spec = sc.fleet(f);
        let Some(m) = self.naval_mods(s, side, f) else { return };
        let (strength, bonus) = (m.strength, m.bonus());
        s.fleets[f.index()] = FleetLoc::Pool;
        loop {
            let (a, b) = (s.dice.d6(), s.dice.d6());
            let (ta, tb) = m.totals(a, b);
            ev.roll("NY 13.5.6", &[a, b], || {
                Text::new(
                    format!(
                        "naval battle for the {}: {} {a}+{strength} = {ta} against {b}+{bonus} = {tb}",
                        spec.sea.name().en,
                        spec.name.en
                    ),
                    format!(
                        "морское сражение за {}: {} {a}+{strength} = {ta} против {b}+{bonus} = {tb}",
                        spec.sea.name().ru,
                        spec.name.ru
                    ),
                )
            });
            let Some(won) = NavalMods::won(ta, tb) else { continue };
            if won {
                self.set_sea(s, spec.sea, crate::Control::of(side));
                self.move_vp(s, side.vp_sign());
                ev.say("NY 13.5.6", || {
                    Text::new(
                        format!("{} wins control of the {} and 1 VP", side.player().en, spec.sea.name().en),
                        format!("{} получает контроль над зоной «{}» и 1 ПО", side.player().ru, spec.sea.name().ru),
                    )
                });
            } else {
                ev.say("NY 13.5.6", || {
                    Text::fixed(
                        "the challenge fails: control does not change",
                        "попытка не удалась: контроль не меняется",
                    )
                });
            }
            break;
        }
    }

    /// 14.5 authored: the Sea Move table. One die, −2 when the enemy controls
    /// the sea zone, −1 when nobody does: 1 or less costs one corps a step,
    /// −1 or less every corps a step. Then the group lands.
    fn sail(&self, s: &mut State, side: Side, y: SpaceId, ev: &mut Events) {
        let Some(f) = s.force.clone() else { return };
        let sc = &self.scenario;
        let Some(zone) = sc.space(f.space).port else { return };
        let m = self.sea_move_mod(s, side, zone);
        let d = s.dice.d6();
        let total = d as i8 + m;
        let losses = if total <= -1 {
            f.corps.len()
        } else if total <= 1 {
            f.corps.len().min(1)
        } else {
            0
        };
        let revolution = self.revolution_landing(s, &f, y);
        self.move_force(s, y);
        ev.roll("NY 14.5", &[d], || {
            Text::new(
                format!("Sea Move to {}: {d}{m:+} = {total}; {losses} corps lose a step", sc.space(y).name.en),
                format!(
                    "Морское движение в порт «{}»: {d}{m:+} = {total}; шаг теряют корп.: {losses}",
                    sc.space(y).name.ru
                ),
            )
        });
        for &c in f.corps.iter().take(losses) {
            self.lose_step(s, c, ev);
        }
        if revolution {
            self.glorious_revolution(s, ev);
        } else if !s.control(y).is(side) {
            self.displace_leaders(s, y, side.other(), ev);
            self.change_control(s, y, side, ev);
        }
    }
}

/// A sea challenge's figures (13.5.6): the fleet's strength against the
/// other side's bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NavalMods {
    /// The deployed fleet's strength, added to its owner's die.
    pub strength: u8,
    /// The other side controls the sea zone: +1 to its die.
    pub sea: bool,
    /// The other side holds London and the zone is the Atlantic: +1.
    pub london: bool,
    /// The other side holds Gibraltar and the zone is the Mediterranean: +1.
    pub gibraltar: bool,
}

impl NavalMods {
    /// What the other side adds to its die.
    pub(crate) fn bonus(&self) -> u8 {
        u8::from(self.sea) + u8::from(self.london) + u8::from(self.gibraltar)
    }

    /// The challenger's total and the other side's, from their dice.
    pub(crate) fn totals(&self, a: u8, b: u8) -> (u8, u8) {
        (a + self.strength, b + self.bonus())
    }

    /// Whether the challenger's total `ta` beats the other's `tb`; `None`
    /// on a tie, which is rolled again.
    pub(crate) fn won(ta: u8, tb: u8) -> Option<bool> {
        (ta != tb).then_some(ta > tb)
    }
}
