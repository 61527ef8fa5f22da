//! The Reinforcement phase (12): spending resource points (forming and
//! rebuilding corps, fortified lines, colonial support, fleets), placing
//! reinforcements, promoting and moving leaders.

use crate::action::Action;
use crate::fixed::{dedup, empty_list, inline_list, IdSet};
use crate::ids::{FleetId, LeaderId, PowerId, Side, SpaceId, MAX_TABLE};
use crate::scenario::{LongTerm, Region};
use crate::state::{FleetLoc, LeaderLoc, Loc, Phase, State};
use crate::survey::Survey;
use crate::{wrong_step, NineYears};
use sandtable_core::{Events, Illegal, Text};
use tinyvec::ArrayVec;

impl NineYears {
    /// New corps a power may form this turn (12.3.4; Zenta lets Austria form 2).
    pub fn form_limit(&self, s: &State, p: PowerId) -> u8 {
        let n = &self.scenario.named;
        if p == n.austria && s.has(LongTerm::Zenta) {
            2
        } else {
            self.scenario.power(p).form
        }
    }

    /// Reduced corps a power may rebuild this turn (12.3.5; Louvois's death
    /// holds France to 3).
    pub fn rebuild_limit(&self, s: &State, p: PowerId) -> u8 {
        let n = &self.scenario.named;
        if p == n.france && s.has(LongTerm::Louvois) {
            self.scenario.power(p).rebuild.min(3)
        } else {
            self.scenario.power(p).rebuild
        }
    }

    /// `p` is one of `side`'s powers (7.1.1) and at war now.
    pub(crate) fn check_own_power(&self, s: &State, side: Side, p: PowerId) -> Result<(), Illegal> {
        if self.scenario.side_of(p) != Some(side) {
            return Err(Illegal::fixed("NY 7.1.1", "that power is not yours", "это не ваша держава"));
        }
        self.check_at_war(s, p)
    }

    /// A power's counters act only while it is at war: Savoy once it joins
    /// (7.2.1), Britain once the Glorious Revolution has happened (20.2.5),
    /// Portugal never (7.2.2).
    pub(crate) fn check_at_war(&self, s: &State, p: PowerId) -> Result<(), Illegal> {
        let n = &self.scenario.named;
        match () {
            _ if self.at_war(s, p) => Ok(()),
            _ if p == n.britain => Err(Illegal::fixed(
                "NY 20.2.5",
                "Britain is not at war before the Glorious Revolution",
                "Британия не воюет до Славной революции",
            )),
            _ if p == n.portugal => {
                Err(Illegal::fixed("NY 7.2.2", "Portugal stays neutral all game", "Португалия нейтральна всю игру"))
            }
            _ => Err(Illegal::fixed(
                "NY 7.2.1",
                "that power is neutral now (Savoy until it joins in 1690, or after it leaves the war)",
                "эта держава сейчас нейтральна (Савойя до вступления в 1690 году или после выхода из войны)",
            )),
        }
    }

    /// Where a new or arriving corps of `p` may be placed (12.2.3, 12.3.3,
    /// 12.3.4, 12.2.5, 7.2.3, 7.2.6, 20.2.5 2b).
    pub(crate) fn check_placement(&self, s: &Survey<'_>, side: Side, p: PowerId, x: SpaceId) -> Result<(), Illegal> {
        let n = &self.scenario.named;
        if !s.control(x).is(side) {
            return Err(Illegal::fixed(
                "NY 12.2.3",
                "corps are placed only in friendly spaces",
                "корпуса размещаются только в дружественных областях",
            ));
        }
        if s.count(x, side) + 1 > self.crowd_limit(x) {
            return Err(Illegal::fixed(
                "NY 12.2.3",
                "placing it would break the stacking limit (4.1.3)",
                "размещение превысило бы лимит группирования (4.1.3)",
            ));
        }
        if p == n.britain && x == n.amsterdam {
            // 12.2.5: one British corps a turn to Amsterdam if the Alliance holds it.
            if s.british_amsterdam {
                return Err(Illegal::fixed(
                    "NY 12.2.5",
                    "only one British corps a turn may be placed in Amsterdam",
                    "только один британский корпус за ход можно поместить в Амстердам",
                ));
            }
            return Ok(());
        }
        if p == n.catalan {
            // 7.2.3: any Bourbon space in Spain with LOC to Paris.
            if self.scenario.space(x).region != Region::Spain {
                return Err(Illegal::fixed(
                    "NY 7.2.3",
                    "Catalan corps form only in Spain",
                    "каталонские корпуса формируются только в Испании",
                ));
            }
            if !s.supply_to(side, x, n.paris, false).traced() {
                return Err(Illegal::fixed("NY 7.2.3", "no LOC to Paris from there", "оттуда нет ЛК до Парижа"));
            }
            return Ok(());
        }
        if p == n.jacobite && s.revolution && self.scenario.is_home(x, n.france) {
            // 7.2.6 / 12.2.6: one Jacobite corps in the French home space where James II is.
            if s.leader(n.james).loc != LeaderLoc::Space(x) {
                return Err(Illegal::fixed(
                    "NY 12.2.6",
                    "a Jacobite corps forms in France only where James II is, in a French home space",
                    "якобинский корпус формируется во Франции только там, где Яков II, в домашней области Франции",
                ));
            }
            let abroad = (0..s.corps.len()).any(|i| {
                self.scenario.corps[i].power == n.jacobite
                    && matches!(s.corps[i].loc, Loc::Space(y) if !self.scenario.space(y).region.british_isles())
            });
            // 20.2.5 2b: not in the first Reinforcement phase after the Revolution.
            if abroad && s.year != s.revolution_year {
                return Err(Illegal::fixed(
                    "NY 12.2.6",
                    "another Jacobite corps is already in play outside Great Britain and Ireland",
                    "другой якобинский корпус уже в игре за пределами Великобритании и Ирландии",
                ));
            }
            return self.home_line(s, p, x);
        }
        if !self.is_home_now(s, x, p) {
            return Err(Illegal::fixed(
                "NY 12.2.3",
                "that is not a home space of the corps' power",
                "это не домашняя область державы корпуса",
            ));
        }
        self.home_line(s, p, x)
    }

    /// The spaces [`NineYears::check_placement`] could accept for `p` at
    /// all (its home spaces and the special cases): the cheap filter of the
    /// candidates, before the full check with its LOC search.
    fn placement_candidate(&self, s: &State, p: PowerId, x: SpaceId) -> bool {
        let n = &self.scenario.named;
        self.is_home_now(s, x, p)
            || (p == n.britain && x == n.amsterdam)
            || (p == n.catalan && self.scenario.space(x).region == Region::Spain)
            || (p == n.jacobite && s.revolution && self.scenario.is_home(x, n.france))
    }

    fn home_line(&self, s: &Survey<'_>, p: PowerId, x: SpaceId) -> Result<(), Illegal> {
        if s.supply_home(p, x).traced() {
            Ok(())
        } else {
            Err(Illegal::fixed(
                "NY 12.3.3",
                "no LOC from there to the power's capital",
                "оттуда нет ЛК до столицы державы",
            ))
        }
    }

    pub(crate) fn check_reinforcement(&self, s: &Survey<'_>, side: Side, a: Action) -> Result<(), Illegal> {
        let rp = s.rp[side.index()];
        let poor = || Illegal::fixed("NY 12.3.1", "not enough resource points left", "не хватает очков ресурсов");
        match (s.phase, a) {
            (Phase::Spend, Action::Form(p, x, full)) => {
                self.check_own_power(s, side, p)?;
                let limit = self.form_limit(s, p);
                if s.formed[p.index()] >= limit {
                    // Zenta's lasting effect (9.2.3) raises Austria's limit.
                    let rule = if limit != self.scenario.power(p).form { "NY 9.2.3" } else { "NY 12.3.4" };
                    return Err(Illegal::new(
                        rule,
                        Text::new(
                            format!("that power has formed the {limit} new corps it may this turn"),
                            format!("держава уже сформировала положенные за ход новые корпуса: {limit}"),
                        ),
                    ));
                }
                if !(0..s.corps.len()).any(|i| self.scenario.corps[i].power == p && s.corps[i].loc == Loc::Pool) {
                    return Err(Illegal::fixed(
                        "NY 12.3.2",
                        "no corps of that power in the force pool",
                        "в Пуле войск нет корпусов этой державы",
                    ));
                }
                if rp < if full { 2 } else { 1 } {
                    return Err(poor());
                }
                self.check_placement(s, side, p, x)
            }
            (Phase::Spend, Action::Rebuild(p, x)) => {
                self.check_own_power(s, side, p)?;
                let limit = self.rebuild_limit(s, p);
                if s.rebuilt[p.index()] >= limit {
                    // The Death of Louvois (9.2.3) lowers France's limit.
                    let rule = if limit != self.scenario.power(p).rebuild { "NY 9.2.3" } else { "NY 12.3.5" };
                    return Err(Illegal::new(
                        rule,
                        Text::new(
                            format!("that power has rebuilt the {limit} corps it may this turn"),
                            format!("держава уже восстановила положенные за ход корпуса: {limit}"),
                        ),
                    ));
                }
                if self.reduced_corps(s, p, x).is_none() {
                    return Err(Illegal::fixed(
                        "NY 12.3.5",
                        "no reduced corps of that power there",
                        "там нет ослабленного корпуса этой державы",
                    ));
                }
                if rp < 1 {
                    return Err(poor());
                }
                self.home_line(s, p, x)
            }
            (Phase::Spend, Action::Line(x)) => self.check_line(s, side, x),
            (Phase::Spend, Action::Colonial) => {
                if s.colonial[side.index()] {
                    return Err(Illegal::fixed(
                        "NY 18.2",
                        "colonial support is sent once a turn",
                        "колониальная поддержка отправляется раз в ход",
                    ));
                }
                if rp < 1 {
                    return Err(poor());
                }
                Ok(())
            }
            (Phase::Spend, Action::Fleet(f, n)) => self.check_fleet(s, side, f, n),
            (Phase::Spend, Action::Done) => Ok(()),
            (Phase::Place, Action::Place(p, x)) => {
                self.check_own_power(s, side, p)?;
                if !(0..s.corps.len()).any(|i| self.scenario.corps[i].power == p && s.corps[i].loc == Loc::Due) {
                    return Err(Illegal::fixed(
                        "NY 12.2.1",
                        "no corps of that power arrives now",
                        "корпуса этой державы сейчас не прибывают",
                    ));
                }
                self.check_placement(s, side, p, x)
            }
            (Phase::Place, Action::Done) => {
                if self.placeable(s, side).is_some() {
                    return Err(Illegal::fixed(
                        "NY 12.2.4",
                        "arriving corps must be placed while a space can take them",
                        "прибывающие корпуса нужно разместить, пока есть подходящая область",
                    ));
                }
                Ok(())
            }
            (Phase::Leaders, Action::Leader(l, x)) => self.check_leader_move(s, side, l, x),
            (Phase::Leaders, Action::Done) => {
                if self.scenario.leader_ids().any(|l| {
                    s.leader(l).loc == LeaderLoc::Due
                        && self.scenario.leader_side(l) == Some(side)
                        && self.at_war(s, self.scenario.leader(l).power)
                }) {
                    return Err(Illegal::fixed(
                        "NY 12.2.2",
                        "arriving leaders must be placed",
                        "прибывающих лидеров нужно разместить",
                    ));
                }
                Ok(())
            }
            _ => Err(wrong_step()),
        }
    }

    /// A reduced corps of a power in a space.
    pub(crate) fn reduced_corps(&self, s: &State, p: PowerId, x: SpaceId) -> Option<usize> {
        (0..s.corps.len())
            .find(|&i| self.scenario.corps[i].power == p && s.corps[i].loc == Loc::Space(x) && s.corps[i].reduced)
    }

    /// An arrived corps of the side and a space that may take it (12.2.4).
    fn placeable(&self, s: &Survey<'_>, side: Side) -> Option<(PowerId, SpaceId)> {
        let mut powers: ArrayVec<[PowerId; MAX_TABLE]> = inline_list(
            (0..s.corps.len())
                .filter(|&i| s.corps[i].loc == Loc::Due)
                .map(|i| self.scenario.corps[i].power)
                .filter(|&p| self.scenario.side_of(p) == Some(side) && self.at_war(s, p)),
        );
        dedup(&mut powers);
        powers.into_iter().find_map(|p| {
            self.scenario.space_ids().find(|&x| self.check_placement(s, side, p, x).is_ok()).map(|x| (p, x))
        })
    }

    fn check_line(&self, s: &Survey<'_>, side: Side, x: SpaceId) -> Result<(), Illegal> {
        if !s.control(x).is(side) {
            return Err(Illegal::fixed(
                "NY 15.2",
                "lines are built only in friendly spaces",
                "линии строятся только в дружественных областях",
            ));
        }
        if s.count(x, side) < 5 {
            return Err(Illegal::fixed(
                "NY 15.2",
                "building a line needs 5 corps in the space",
                "для постройки линии нужны 5 корпусов в области",
            ));
        }
        let line = s.lines[x.index()];
        if line.level >= 2 {
            return Err(Illegal::fixed("NY 15.2", "a line is at most level 2", "уровень линии — не больше 2"));
        }
        if s.rp[side.index()] < 1 {
            return Err(Illegal::fixed("NY 12.3.1", "not enough resource points left", "не хватает очков ресурсов"));
        }
        if !s.supply(side, x).traced() {
            return Err(Illegal::fixed("NY 11.1.2", "building a line needs a LOC", "для постройки линии нужна ЛК"));
        }
        Ok(())
    }

    fn check_fleet(&self, s: &Survey<'_>, side: Side, f: FleetId, n: u8) -> Result<(), Illegal> {
        if !(1..=2).contains(&n) {
            return Err(Illegal::fixed(
                "NY 12.3.6",
                "a fleet is prepared with strength 1 or 2",
                "флот готовится с силой 1 или 2",
            ));
        }
        let spec = self.scenario.fleet(f);
        if spec.side != side {
            return Err(Illegal::fixed("NY 12.3.6", "that fleet is not yours", "это не ваш флот"));
        }
        if s.fleet(f) != FleetLoc::Pool {
            return Err(Illegal::fixed(
                "NY 12.3.6",
                "that fleet is not in the force pool",
                "этого флота нет в Пуле войск",
            ));
        }
        if s.sea[spec.sea.index()].is(side) {
            return Err(Illegal::fixed(
                "NY 12.3.6",
                "a fleet is prepared only when its sea zone is uncontrolled or the enemy's",
                "флот готовится, только если его морская зона ничья или под контролем противника",
            ));
        }
        if s.rp[side.index()] < n {
            return Err(Illegal::fixed("NY 12.3.1", "not enough resource points left", "не хватает очков ресурсов"));
        }
        if !s.control(spec.port).is(side) || !s.supply_home(spec.capital, spec.port).traced() {
            return Err(Illegal::fixed(
                "NY 12.3.6",
                "the home port has no LOC to its capital",
                "у порта приписки нет ЛК до столицы",
            ));
        }
        Ok(())
    }

    fn check_leader_move(&self, s: &State, side: Side, l: LeaderId, x: SpaceId) -> Result<(), Illegal> {
        let here = self.check_leader_free(s, side, l)?;
        self.check_leader_to(s, side, here, x)
    }

    /// 12.4's conditions on the leader himself: the side's, at war, arrived
    /// or on the map and not yet moved this phase. Where he stands, if on the map.
    fn check_leader_free(&self, s: &State, side: Side, l: LeaderId) -> Result<Option<SpaceId>, Illegal> {
        if self.scenario.leader_side(l) != Some(side) {
            return Err(Illegal::fixed("NY 12.4", "that leader is not yours", "это не ваш лидер"));
        }
        self.check_at_war(s, self.scenario.leader(l).power)?;
        match s.leader(l).loc {
            LeaderLoc::Due => Ok(None),
            LeaderLoc::Space(y) if !s.leader(l).activated => Ok(Some(y)),
            LeaderLoc::Space(_) => {
                return Err(Illegal::fixed(
                    "NY 12.4",
                    "that leader has already moved this phase",
                    "этот лидер уже перемещён в эту фазу",
                ))
            }
            _ => Err(Illegal::fixed("NY 12.4", "that leader is not in play", "этого лидера нет в игре")),
        }
    }

    /// 12.4's conditions on where a free leader goes from `here` (12.2.2).
    fn check_leader_to(&self, s: &State, side: Side, here: Option<SpaceId>, x: SpaceId) -> Result<(), Illegal> {
        if here == Some(x) {
            return Err(Illegal::fixed("NY 12.4", "the leader is already there", "лидер уже там"));
        }
        if !s.control(x).is(side) {
            return Err(Illegal::fixed(
                "NY 12.2.2",
                "leaders go only to friendly spaces",
                "лидеры перемещаются только в дружественные области",
            ));
        }
        Ok(())
    }

    /// The legal leader moves of step 3 (12.4), already filtered by the
    /// same checks as [`NineYears::check_reinforcement`], split so that each
    /// leader's own conditions are checked once and each destination's
    /// after: O(leaders + leaders · spaces), a few steps a destination.
    pub(crate) fn leaders_legal(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let sc = &self.scenario;
        for l in sc.leader_ids() {
            let Ok(here) = self.check_leader_free(s, side, l) else { continue };
            out.extend(
                sc.space_ids()
                    .filter(|&x| self.check_leader_to(s, side, here, x).is_ok())
                    .map(|x| Action::Leader(l, x)),
            );
        }
    }

    pub(crate) fn reinforcement_candidates(&self, s: &Survey<'_>, side: Side, out: &mut Vec<Action>) {
        let sc = &self.scenario;
        out.push(Action::Done);
        match s.phase {
            Phase::Spend => {
                let rp = s.rp[side.index()];
                if rp == 0 {
                    return;
                }
                // The powers with corps in the pool, a set read in order.
                let mut pooled = IdSet::default();
                for i in (0..s.corps.len()).filter(|&i| s.corps[i].loc == Loc::Pool) {
                    pooled.insert(sc.corps[i].power.index());
                }
                for p in pooled.iter().map(|p| PowerId(p as u8)) {
                    if sc.side_of(p) != Some(side) || !self.at_war(s, p) || s.formed[p.index()] >= self.form_limit(s, p)
                    {
                        continue;
                    }
                    for x in sc.space_ids().filter(|&x| s.control(x).is(side) && self.placement_candidate(s, p, x)) {
                        out.push(Action::Form(p, x, true));
                        out.push(Action::Form(p, x, false));
                    }
                }
                // At most one entry a corps counter. A power at its rebuild
                // limit is left out here: its check would refuse them all,
                // with a refusal that names the limit (a text built, which
                // listing must not do).
                let mut rebuild: ArrayVec<[(PowerId, SpaceId); MAX_TABLE]> = empty_list();
                for i in 0..s.corps.len() {
                    if let (Loc::Space(x), true) = (s.corps[i].loc, s.corps[i].reduced) {
                        let p = sc.corps[i].power;
                        if sc.side_of(p) == Some(side) && s.rebuilt[p.index()] < self.rebuild_limit(s, p) {
                            rebuild.push((p, x));
                        }
                    }
                }
                rebuild.sort_unstable();
                dedup(&mut rebuild);
                out.extend(rebuild.into_iter().map(|(p, x)| Action::Rebuild(p, x)));
                for x in sc.space_ids() {
                    if s.count(x, side) >= 5 {
                        out.push(Action::Line(x));
                    }
                }
                out.push(Action::Colonial);
                for f in sc.fleet_ids() {
                    out.extend([Action::Fleet(f, 1), Action::Fleet(f, 2)]);
                }
            }
            Phase::Place => {
                // The powers with corps due, a set read in order.
                let mut due = IdSet::default();
                for i in (0..s.corps.len()).filter(|&i| s.corps[i].loc == Loc::Due) {
                    due.insert(sc.corps[i].power.index());
                }
                for p in due.iter().map(|p| PowerId(p as u8)).filter(|&p| sc.side_of(p) == Some(side)) {
                    out.extend(
                        sc.space_ids()
                            .filter(|&x| s.control(x).is(side) && self.placement_candidate(s, p, x))
                            .map(|x| Action::Place(p, x)),
                    );
                }
            }
            _ => self.leaders_legal(s, side, out),
        }
    }

    pub(crate) fn apply_reinforcement(&self, s: &mut State, side: Side, a: Action, ev: &mut Events) {
        let sc = &self.scenario;
        let si = side.index();
        match a {
            Action::Form(p, x, full) => {
                let i = (0..s.corps.len())
                    .find(|&i| sc.corps[i].power == p && s.corps[i].loc == Loc::Pool)
                    .expect("checked");
                s.corps[i] =
                    crate::CorpsState { loc: Loc::Space(x), reduced: !full, demoralised: false, activated: false };
                s.formed[p.index()] += 1;
                s.rp[si] -= if full { 2 } else { 1 };
                self.note_amsterdam(s, p, x);
                ev.say("NY 12.3.4", || {
                    Text::new(
                        format!(
                            "a {} {} corps is formed in {}",
                            if full { "full" } else { "reduced" },
                            sc.power(p).name.en,
                            sc.space(x).name.en
                        ),
                        format!(
                            "сформирован {} корпус ({}) в области «{}»",
                            if full { "полнокровный" } else { "ослабленный" },
                            sc.power(p).name.ru,
                            sc.space(x).name.ru
                        ),
                    )
                });
            }
            Action::Rebuild(p, x) => {
                let i = self.reduced_corps(s, p, x).expect("checked");
                s.corps[i].reduced = false;
                s.rebuilt[p.index()] += 1;
                s.rp[si] -= 1;
                ev.say("NY 12.3.5", || {
                    Text::new(
                        format!("a {} corps is rebuilt in {}", sc.power(p).name.en, sc.space(x).name.en),
                        format!("восстановлен корпус ({}) в области «{}»", sc.power(p).name.ru, sc.space(x).name.ru),
                    )
                });
            }
            Action::Line(x) => {
                s.lines[x.index()].level += 1;
                s.lines[x.index()].side = Some(side);
                s.rp[si] -= 1;
                let level = s.lines[x.index()].level;
                ev.say("NY 15.2", || {
                    Text::new(
                        format!("a level-{level} fortified line in {}", sc.space(x).name.en),
                        format!("фортификационная линия {level}-го уровня в области «{}»", sc.space(x).name.ru),
                    )
                });
            }
            Action::Colonial => {
                s.colonial[si] = true;
                s.rp[si] -= 1;
                ev.say("NY 18.2", || {
                    Text::new(
                        format!("{} sends colonial support", side.player().en),
                        format!("{} отправляет колониальную поддержку", side.player().ru),
                    )
                });
            }
            Action::Fleet(f, n) => {
                s.fleets[f.index()] = FleetLoc::Port(n);
                s.rp[si] -= n;
                ev.say("NY 12.3.6", || {
                    Text::new(
                        format!("{} is prepared with strength {n}", sc.fleet(f).name.en),
                        format!("{} подготовлен с силой {n}", sc.fleet(f).name.ru),
                    )
                });
            }
            Action::Place(p, x) => {
                let i = (0..s.corps.len())
                    .find(|&i| sc.corps[i].power == p && s.corps[i].loc == Loc::Due)
                    .expect("checked");
                s.corps[i].loc = Loc::Space(x);
                self.note_amsterdam(s, p, x);
                ev.say("NY 12.2.3", || {
                    Text::new(
                        format!("a {} corps arrives in {}", sc.power(p).name.en, sc.space(x).name.en),
                        format!("прибывает корпус ({}) в область «{}»", sc.power(p).name.ru, sc.space(x).name.ru),
                    )
                });
            }
            Action::Leader(l, x) => {
                let st = &mut s.leaders[l.index()];
                st.loc = LeaderLoc::Space(x);
                st.activated = true;
                ev.say("NY 12.4", || {
                    Text::new(
                        format!("{} goes to {}", sc.leader(l).name.en, sc.space(x).name.en),
                        format!("{} направляется в область «{}»", sc.leader(l).name.ru, sc.space(x).name.ru),
                    )
                });
            }
            Action::Done => {
                if s.phase == Phase::Spend && s.rp[si] > 0 {
                    // 12.3.1 ВАЖНО: unused resource points are not kept.
                    s.rp[si] = 0;
                }
                if s.phase == Phase::Leaders {
                    for l in &mut s.leaders {
                        l.activated = false;
                    }
                }
                self.next_reinforcement_step(s, ev);
                self.skip_empty_steps(s, ev);
            }
            _ => {}
        }
    }

    /// Steps with nothing to do go by themselves (no arrivals to place).
    /// Steps with nothing to decide go by themselves (5.0): spending with
    /// no resource points (everything costs at least 1), placing with no
    /// arrival that fits anywhere (12.2.4).
    pub(crate) fn skip_empty_steps(&self, s: &mut State, ev: &mut Events) {
        loop {
            let side = s.ordered();
            let empty = match s.phase {
                Phase::Spend => s.rp[side.index()] == 0,
                Phase::Place => {
                    let any_due = (0..s.corps.len()).any(|i| {
                        s.corps[i].loc == Loc::Due && self.scenario.side_of(self.scenario.corps[i].power) == Some(side)
                    });
                    !(any_due && self.placeable(&Survey::new(self, s), side).is_some())
                }
                _ => false,
            };
            if !empty {
                return;
            }
            self.next_reinforcement_step(s, ev);
        }
    }

    fn note_amsterdam(&self, s: &mut State, p: PowerId, x: SpaceId) {
        let n = &self.scenario.named;
        if p == n.britain && x == n.amsterdam && !self.scenario.is_home(x, p) {
            s.british_amsterdam = true;
        }
    }

    /// 12.4 step 1: leaders due for promotion are flipped to their named side.
    pub(crate) fn promote(&self, s: &mut State, ev: &mut Events) {
        let side = s.ordered();
        for l in self.scenario.leader_ids() {
            let spec = self.scenario.leader(l);
            if self.scenario.leader_side(l) == Some(side)
                && spec.promote.is_some_and(|y| y <= s.year)
                && !s.leader(l).promoted
            {
                s.leaders[l.index()].promoted = true;
                ev.say("NY 12.4", || {
                    Text::new(format!("{} is promoted", spec.name.en), format!("{} получает повышение", spec.name.ru))
                });
            }
        }
    }
}
