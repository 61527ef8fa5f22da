//! One decision, and its canonical text (`go namur`, `form france paris full`).

use crate::ids::{EventId, FleetId, LeaderId, PowerId, Side, SpaceId};
use crate::NineYears;
use sandtable_core::{ParseError, Text};

/// A counter a force takes along or leaves behind: a leader, or one corps
/// of a power, full or reduced (corps of one power and side up are alike).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A leader.
    Leader(LeaderId),
    /// A corps of this power; `true`: a reduced one.
    Corps(PowerId, bool),
}

/// One decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The initiative player names who goes first (9.1, 12.1, 13.2.1).
    First(Side),
    /// Phase 1c: reinforce the KWW position (once a game) or not.
    Kww(bool),
    /// 12.3.4: form a new corps of a power in a space, full (2 RP) or reduced (1 RP).
    Form(PowerId, SpaceId, bool),
    /// 12.3.5: rebuild a reduced corps of a power in a space (1 RP).
    Rebuild(PowerId, SpaceId),
    /// 15.2 authored: build or raise a fortified line (1 RP).
    Line(SpaceId),
    /// 12.3.8 / 18 authored: colonial support (1 RP).
    Colonial,
    /// 12.3.6: prepare a fleet with strength 1 or 2 (that many RP).
    Fleet(FleetId, u8),
    /// 12.2.3: place an arrived corps of a power in a space.
    Place(PowerId, SpaceId),
    /// 12.4: place or move a leader to a space.
    Leader(LeaderId, SpaceId),
    /// Finish this step.
    Done,
    /// 13.2.1: choose a card of this value face down.
    Show(u8),
    /// 13.3: play an action card of this value.
    Play(u8),
    /// 9.2.1: play a held event.
    Event(EventId),
    /// 13.5.1: a Campaign action, led by this leader.
    Campaign(LeaderId),
    /// 13.5.5: a Sea Move from this port.
    Sea(SpaceId),
    /// 13.5.2: a Strategic Transfer.
    Transfer,
    /// Take a counter along (before the force moves, 14.1.3).
    Add(Unit),
    /// Leave a counter behind (14.1.3).
    Drop(Unit),
    /// 14.1: move the force along a link.
    Go(SpaceId),
    /// 14.5 authored: sail the sea group to this port.
    Sail(SpaceId),
    /// 17 authored: the force makes a siege roll.
    Siege,
    /// Finish the force's action.
    Stop,
    /// 13.5.2: transfer a leader to a space.
    ShiftLeader(LeaderId, SpaceId),
    /// 13.5.2: transfer a corps (power, reduced) from a space to a space.
    ShiftCorps(SpaceId, PowerId, bool, SpaceId),
    /// 13.5.3: replace a reduced corps of a power in a space.
    Replace(PowerId, SpaceId),
    /// 13.5.4: a leader rallies.
    Rally(LeaderId),
    /// 13.5.6: deploy a prepared fleet.
    Deploy(FleetId),
    /// Finish the action round, giving up the actions left.
    End,
    /// 14.4 authored: a leader tries to intercept.
    Intercept(LeaderId),
    /// 14.4 authored: no interception.
    NoIntercept,
    /// 16.1 authored: the defender in its fortress gives battle.
    Battle,
    /// 16.1 authored: the defender withdraws into its fortress.
    Withdraw,
    /// 16.4 authored: the loser retreats to this space.
    Retreat(SpaceId),
    /// 7.2.1: make Savoy neutral (true) or not.
    Neutral(bool),
    /// 6.4 step 1: take the penalties: one card fewer, 2 RP fewer.
    Peace(bool, bool),
}

impl NineYears {
    fn unit_text(&self, u: Unit) -> String {
        match u {
            Unit::Leader(l) => self.scenario.leader(l).id.clone(),
            Unit::Corps(p, r) => format!("{} {}", self.scenario.power(p).id, if r { "reduced" } else { "full" }),
        }
    }

    /// The canonical text of an action.
    pub(crate) fn format_action(&self, a: Action) -> String {
        let sc = &self.scenario;
        let sp = |s: SpaceId| sc.space(s).id.as_str();
        let pw = |p: PowerId| sc.power(p).id.as_str();
        let ld = |l: LeaderId| sc.leader(l).id.as_str();
        match a {
            Action::First(s) => format!("first {}", s.id()),
            Action::Kww(b) => format!("kww {}", if b { "reinforce" } else { "pass" }),
            Action::Form(p, s, full) => format!("form {} {} {}", pw(p), sp(s), if full { "full" } else { "reduced" }),
            Action::Rebuild(p, s) => format!("rebuild {} {}", pw(p), sp(s)),
            Action::Line(s) => format!("line {}", sp(s)),
            Action::Colonial => "colonial".into(),
            Action::Fleet(f, n) => format!("fleet {} {n}", sc.fleet(f).id),
            Action::Place(p, s) => format!("place {} {}", pw(p), sp(s)),
            Action::Leader(l, s) => format!("leader {} {}", ld(l), sp(s)),
            Action::Done => "done".into(),
            Action::Show(v) => format!("show {v}"),
            Action::Play(v) => format!("play {v}"),
            Action::Event(e) => format!("event {}", sc.event(e).id),
            Action::Campaign(l) => format!("campaign {}", ld(l)),
            Action::Sea(s) => format!("sea {}", sp(s)),
            Action::Transfer => "transfer".into(),
            Action::Add(u) => format!("add {}", self.unit_text(u)),
            Action::Drop(u) => format!("drop {}", self.unit_text(u)),
            Action::Go(s) => format!("go {}", sp(s)),
            Action::Sail(s) => format!("sail {}", sp(s)),
            Action::Siege => "siege".into(),
            Action::Stop => "stop".into(),
            Action::ShiftLeader(l, s) => format!("shift {} {}", ld(l), sp(s)),
            Action::ShiftCorps(from, p, r, to) => {
                format!("shift {} {} {} {}", sp(from), pw(p), if r { "reduced" } else { "full" }, sp(to))
            }
            Action::Replace(p, s) => format!("replace {} {}", pw(p), sp(s)),
            Action::Rally(l) => format!("rally {}", ld(l)),
            Action::Deploy(f) => format!("deploy {}", sc.fleet(f).id),
            Action::End => "end".into(),
            Action::Intercept(l) => format!("intercept {}", ld(l)),
            Action::NoIntercept => "no-intercept".into(),
            Action::Battle => "battle".into(),
            Action::Withdraw => "withdraw".into(),
            Action::Retreat(s) => format!("retreat {}", sp(s)),
            Action::Neutral(b) => format!("savoy {}", if b { "neutral" } else { "stays" }),
            Action::Peace(c, r) => format!(
                "peace {}",
                match (c, r) {
                    (false, false) => "none",
                    (true, false) => "card",
                    (false, true) => "rp",
                    (true, true) => "both",
                }
            ),
        }
    }

    /// A counter in a label: a leader by name, or a corps of a power, full
    /// (полнокровный) or reduced (ослабленный).
    fn unit_label(&self, u: Unit) -> Text {
        match u {
            Unit::Leader(l) => self.scenario.leader(l).name.clone(),
            Unit::Corps(p, r) => {
                let name = &self.scenario.power(p).name;
                Text::new(
                    format!("a {} corps ({})", if r { "reduced" } else { "full" }, name.en),
                    format!("{} корпус ({})", if r { "ослабленный" } else { "полнокровный" }, name.ru),
                )
            }
        }
    }

    /// An action as a player reads it, in English and in the Russian rule
    /// text's terms (корпус полнокровный/ослабленный, ОР, карточка Действий,
    /// «Кампания», «Стратегическое перемещение», «Пополнение», «Сбор»,
    /// «Морское Движение», осада, перехват, Перемирие…), spaces, powers,
    /// leaders, fleets and events by their names in the scenario. It
    /// depends on the action only.
    pub fn action_label(&self, a: Action) -> Text {
        let sc = &self.scenario;
        let sp = |s: SpaceId| &sc.space(s).name;
        let pw = |p: PowerId| &sc.power(p).name;
        let ld = |l: LeaderId| &sc.leader(l).name;
        let fl = |f: FleetId| &sc.fleet(f).name;
        let face = |reduced: bool| {
            if reduced {
                ("reduced", "ослабленный")
            } else {
                ("full", "полнокровный")
            }
        };
        match a {
            Action::First(side) => {
                let n = side.name();
                Text::new(format!("{} goes first", n.en), format!("первым ходит {}", n.ru))
            }
            Action::Kww(true) => Text::fixed(
                "reinforce the King William's War position (once a game)",
                "укрепить позицию в Войне короля Вильгельма (один раз за игру)",
            ),
            Action::Kww(false) => Text::fixed(
                "do not reinforce the King William's War position",
                "не укреплять позицию в Войне короля Вильгельма",
            ),
            Action::Form(p, s, full) => {
                let (en, ru) = face(!full);
                let cost = if full { 2 } else { 1 };
                Text::new(
                    format!("form a new {en} corps ({}) in {} ({cost} RP)", pw(p).en, sp(s).en),
                    format!("сформировать новый {ru} корпус ({}) в области «{}» за {cost} ОР", pw(p).ru, sp(s).ru),
                )
            }
            Action::Rebuild(p, s) => Text::new(
                format!("rebuild a reduced corps ({}) in {} (1 RP)", pw(p).en, sp(s).en),
                format!("восстановить ослабленный корпус ({}) в области «{}» за 1 ОР", pw(p).ru, sp(s).ru),
            ),
            Action::Line(s) => Text::new(
                format!("build a fortified line in {} (1 RP)", sp(s).en),
                format!("возвести Фортификационную линию в области «{}» за 1 ОР", sp(s).ru),
            ),
            Action::Colonial => Text::fixed("send colonial support (1 RP)", "отправить Колониальную поддержку за 1 ОР"),
            Action::Fleet(f, n) => Text::new(
                format!("prepare the {} with strength {n} ({n} RP)", fl(f).en),
                format!("подготовить {} с силой {n} за {n} ОР", fl(f).ru),
            ),
            Action::Place(p, s) => Text::new(
                format!("place an arriving corps ({}) in {}", pw(p).en, sp(s).en),
                format!("разместить прибывший корпус ({}) в области «{}»", pw(p).ru, sp(s).ru),
            ),
            Action::Leader(l, s) => Text::new(
                format!("{} to {}", ld(l).en, sp(s).en),
                format!("лидер {}: в область «{}»", ld(l).ru, sp(s).ru),
            ),
            Action::Done => Text::fixed("finish this step", "закончить этот шаг"),
            Action::Show(v) => Text::new(
                format!("lay an action card of value {v} face down"),
                format!("выложить лицом вниз карточку Действий достоинством {v}"),
            ),
            Action::Play(v) => Text::new(
                format!("play an action card of value {v}"),
                format!("разыграть карточку Действий достоинством {v}"),
            ),
            Action::Event(e) => {
                let n = &sc.event(e).name;
                Text::new(format!("play the event card “{}”", n.en), format!("разыграть карточку События «{}»", n.ru))
            }
            Action::Campaign(l) => {
                Text::new(format!("Campaign led by {}", ld(l).en), format!("действие «Кампания»: ведёт {}", ld(l).ru))
            }
            Action::Sea(s) => Text::new(
                format!("Sea Move from {}", sp(s).en),
                format!("действие «Морское Движение» из порта «{}»", sp(s).ru),
            ),
            Action::Transfer => Text::fixed("Strategic Transfer", "действие «Стратегическое перемещение»"),
            Action::Add(u) => {
                let u = self.unit_label(u);
                Text::new(format!("take {} along", u.en), format!("присоединить к армии: {}", u.ru))
            }
            Action::Drop(u) => {
                let u = self.unit_label(u);
                Text::new(format!("leave {} behind", u.en), format!("оставить на месте: {}", u.ru))
            }
            Action::Go(s) => Text::new(
                format!("the force moves to {}", sp(s).en),
                format!("армия движется в область «{}»", sp(s).ru),
            ),
            Action::Sail(s) => Text::new(
                format!("the sea group sails to {}", sp(s).en),
                format!("группа движется морем в порт «{}»", sp(s).ru),
            ),
            Action::Siege => Text::fixed("the force makes a siege roll", "бросок на осаду"),
            Action::Stop => Text::fixed("finish the force's action", "закончить действие армии"),
            Action::ShiftLeader(l, s) => Text::new(
                format!("Strategic Transfer: {} to {}", ld(l).en, sp(s).en),
                format!("Стратегическое перемещение: {} в область «{}»", ld(l).ru, sp(s).ru),
            ),
            Action::ShiftCorps(from, p, r, to) => {
                let (en, ru) = face(r);
                Text::new(
                    format!("Strategic Transfer: a {en} corps ({}) from {} to {}", pw(p).en, sp(from).en, sp(to).en),
                    format!(
                        "Стратегическое перемещение: {ru} корпус ({}) из области «{}» в область «{}»",
                        pw(p).ru,
                        sp(from).ru,
                        sp(to).ru
                    ),
                )
            }
            Action::Replace(p, s) => Text::new(
                format!("Replacement: the reduced corps ({}) in {} is rebuilt", pw(p).en, sp(s).en),
                format!("действие «Пополнение»: ослабленный корпус ({}) в области «{}»", pw(p).ru, sp(s).ru),
            ),
            Action::Rally(l) => Text::new(format!("{} rallies", ld(l).en), format!("действие «Сбор»: {}", ld(l).ru)),
            Action::Deploy(f) => {
                Text::new(format!("deploy the {}", fl(f).en), format!("Развертывание флота: {}", fl(f).ru))
            }
            Action::End => Text::fixed(
                "end the action round (the actions left are lost)",
                "закончить раунд Действий (оставшиеся действия пропадают)",
            ),
            Action::Intercept(l) => Text::new(
                format!("{} tries to intercept", ld(l).en),
                format!("{} пытается перехватить армию", ld(l).ru),
            ),
            Action::NoIntercept => Text::fixed("no interception", "без перехвата"),
            Action::Battle => Text::fixed("the defender gives battle", "обороняющийся принимает сражение"),
            Action::Withdraw => {
                Text::fixed("the defender withdraws into its fortress", "обороняющийся укрывается в крепости")
            }
            Action::Retreat(s) => {
                Text::new(format!("retreat to {}", sp(s).en), format!("отступление в область «{}»", sp(s).ru))
            }
            Action::Neutral(true) => Text::fixed("make Savoy neutral", "сделать Савойю нейтральной"),
            Action::Neutral(false) => Text::fixed("Savoy stays in the war", "Савойя остаётся в войне"),
            Action::Peace(card, rp) => match (card, rp) {
                (false, false) => Text::fixed("take no truce penalty", "не брать штрафов перед броском на Перемирие"),
                (true, false) => Text::fixed(
                    "give up one future action card (truce penalty)",
                    "лишиться одной будущей карточки Действий (штраф перед Перемирием)",
                ),
                (false, true) => Text::fixed(
                    "take 2 RP fewer next turn (truce penalty)",
                    "получить на следующем ходу на 2 ОР меньше (штраф перед Перемирием)",
                ),
                (true, true) => Text::fixed(
                    "take both truce penalties: one action card and 2 RP fewer",
                    "оба штрафа перед Перемирием: на одну карточку Действий и на 2 ОР меньше",
                ),
            },
        }
    }

    /// Reads an action's text.
    pub(crate) fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |en: &str, ru: &str| ParseError::new(text, Text::new(en.to_owned(), ru.to_owned()));
        let sc = &self.scenario;
        let space = |w: Option<&&str>| {
            w.and_then(|w| sc.space_by_id(w)).ok_or_else(|| bad("expected a space id", "ожидался id области"))
        };
        let power = |w: Option<&&str>| {
            w.and_then(|w| sc.power_by_id(w)).ok_or_else(|| bad("expected a power id", "ожидался id державы"))
        };
        let leader = |w: Option<&&str>| {
            w.and_then(|w| sc.leader_by_id(w)).ok_or_else(|| bad("expected a leader id", "ожидался id лидера"))
        };
        let fleet = |w: Option<&&str>| {
            w.and_then(|w| sc.fleet_by_id(w)).ok_or_else(|| bad("expected a fleet id", "ожидался id флота"))
        };
        let face = |w: Option<&&str>| match w.copied() {
            Some("full") => Ok(false),
            Some("reduced") => Ok(true),
            _ => Err(bad("expected full or reduced", "ожидалось full (полнокровный) или reduced (ослабленный)")),
        };
        let value = |w: Option<&&str>| match w.and_then(|w| w.parse::<u8>().ok()) {
            Some(v @ 1..=3) => Ok(v),
            _ => Err(bad("expected a card value 1-3", "ожидалось достоинство карточки 1-3")),
        };
        let unit = |rest: &[&str]| -> Result<Unit, ParseError> {
            match rest {
                [l] => leader(Some(l)).map(Unit::Leader),
                [p, f] => Ok(Unit::Corps(power(Some(p))?, face(Some(f))?)),
                _ => Err(bad(
                    "expected a leader id, or a power and full/reduced",
                    "ожидался лидер или держава и full/reduced",
                )),
            }
        };
        let a = match words.as_slice() {
            ["first", s] => Action::First(
                Side::parse(s).ok_or_else(|| bad("expected alliance or bourbon", "ожидалось alliance или bourbon"))?,
            ),
            ["kww", "reinforce"] => Action::Kww(true),
            ["kww", "pass"] => Action::Kww(false),
            ["form", p, s, f] => Action::Form(power(Some(p))?, space(Some(s))?, !face(Some(f))?),
            ["rebuild", p, s] => Action::Rebuild(power(Some(p))?, space(Some(s))?),
            ["line", s] => Action::Line(space(Some(s))?),
            ["colonial"] => Action::Colonial,
            ["fleet", f, n] => match n.parse::<u8>() {
                Ok(n @ 1..=2) => Action::Fleet(fleet(Some(f))?, n),
                _ => return Err(bad("a fleet's strength is 1 or 2", "сила флота — 1 или 2")),
            },
            ["place", p, s] => Action::Place(power(Some(p))?, space(Some(s))?),
            ["leader", l, s] => Action::Leader(leader(Some(l))?, space(Some(s))?),
            ["done"] => Action::Done,
            ["show", v] => Action::Show(value(Some(v))?),
            ["play", v] => Action::Play(value(Some(v))?),
            ["event", e] => Action::Event(
                sc.event_by_id(e).ok_or_else(|| bad("expected an event card id", "ожидался id карточки события"))?,
            ),
            ["campaign", l] => Action::Campaign(leader(Some(l))?),
            ["sea", s] => Action::Sea(space(Some(s))?),
            ["transfer"] => Action::Transfer,
            ["add", rest @ ..] => Action::Add(unit(rest)?),
            ["drop", rest @ ..] => Action::Drop(unit(rest)?),
            ["go", s] => Action::Go(space(Some(s))?),
            ["sail", s] => Action::Sail(space(Some(s))?),
            ["siege"] => Action::Siege,
            ["stop"] => Action::Stop,
            ["shift", l, s] => Action::ShiftLeader(leader(Some(l))?, space(Some(s))?),
            ["shift", from, p, f, to] => {
                Action::ShiftCorps(space(Some(from))?, power(Some(p))?, face(Some(f))?, space(Some(to))?)
            }
            ["replace", p, s] => Action::Replace(power(Some(p))?, space(Some(s))?),
            ["rally", l] => Action::Rally(leader(Some(l))?),
            ["deploy", f] => Action::Deploy(fleet(Some(f))?),
            ["end"] => Action::End,
            ["intercept", l] => Action::Intercept(leader(Some(l))?),
            ["no-intercept"] => Action::NoIntercept,
            ["battle"] => Action::Battle,
            ["withdraw"] => Action::Withdraw,
            ["retreat", s] => Action::Retreat(space(Some(s))?),
            ["savoy", "neutral"] => Action::Neutral(true),
            ["savoy", "stays"] => Action::Neutral(false),
            ["peace", "none"] => Action::Peace(false, false),
            ["peace", "card"] => Action::Peace(true, false),
            ["peace", "rp"] => Action::Peace(false, true),
            ["peace", "both"] => Action::Peace(true, true),
            _ => {
                return Err(bad(
                    "not a Nine Years action (try: play 2, campaign william-iii, go namur, siege, end)",
                    "это не действие Nine Years (например: play 2, campaign william-iii, go namur, siege, end)",
                ))
            }
        };
        Ok(a)
    }
}
