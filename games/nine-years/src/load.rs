//! Reading a scenario file (SCENARIO.md): TOML syntax errors and every
//! semantic problem collected as typed [`DataError`]s with file, line and key.

use crate::ids::{Control, EventId, LeaderId, PowerId, Sea, Side, SpaceId};
use crate::scenario::{
    Condition, Corps, CorpsStart, Effect, EventCard, Fleet, Leader, LeaderStart, LongTerm, Named, Power, Region,
    Scenario, Space,
};
use sandtable_core::{DataError, DataErrors, Text, MAX_DECK};
use serde::Deserialize;
use std::collections::BTreeSet;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawText {
    en: String,
    ru: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: String,
    en: String,
    ru: String,
    #[serde(default)]
    authored: bool,
    first_year: u16,
    last_year: Spanned<u16>,
    vp: Spanned<u8>,
    rp: RawRp,
    bourbon_initiative: Spanned<[u16; 2]>,
    cards: Spanned<u8>,
    cards_first_year: Spanned<u8>,
    atlantic: Spanned<String>,
    mediterranean: Spanned<String>,
    savoy_joins: u16,
    late_year: u16,
    peace_from: u16,
    #[serde(default = "no_kww")]
    kww: Spanned<i8>,
    #[serde(default)]
    power: Vec<Spanned<RawPower>>,
    #[serde(default)]
    space: Vec<Spanned<RawSpace>>,
    #[serde(default)]
    link: Vec<Spanned<RawLink>>,
    #[serde(default)]
    leader: Vec<Spanned<RawLeader>>,
    #[serde(default)]
    corps: Vec<Spanned<RawCorps>>,
    #[serde(default)]
    pool: Vec<Spanned<RawPool>>,
    #[serde(default)]
    arrival: Vec<Spanned<RawArrival>>,
    #[serde(default)]
    fleet: Vec<Spanned<RawFleet>>,
    #[serde(default)]
    action: Vec<Spanned<RawAction>>,
    #[serde(default)]
    event: Vec<Spanned<RawEvent>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRp {
    alliance: u8,
    bourbon: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPower {
    id: String,
    en: String,
    ru: String,
    side: Spanned<String>,
    colour: String,
    capital: Vec<Spanned<String>>,
    form: u8,
    rebuild: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    id: String,
    en: String,
    ru: String,
    x: u16,
    y: u16,
    region: Spanned<String>,
    #[serde(default)]
    fortress: u8,
    port: Option<Spanned<String>>,
    #[serde(default)]
    home: Vec<Spanned<String>>,
    #[serde(default)]
    rich: bool,
    control: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLink {
    a: Spanned<String>,
    b: Spanned<String>,
    #[serde(default)]
    red: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeader {
    id: String,
    en: String,
    ru: String,
    power: Spanned<String>,
    tactics: u8,
    command: u8,
    #[serde(default)]
    siege: u8,
    at: Option<Spanned<String>>,
    year: Option<u16>,
    #[serde(default)]
    revolution: bool,
    event: Option<Spanned<String>>,
    promote: Option<u16>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCorps {
    power: Spanned<String>,
    at: Spanned<String>,
    #[serde(default)]
    full: u8,
    #[serde(default)]
    reduced: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPool {
    power: Spanned<String>,
    count: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArrival {
    power: Spanned<String>,
    corps: u8,
    year: Option<u16>,
    #[serde(default)]
    revolution: bool,
    event: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFleet {
    id: String,
    en: String,
    ru: String,
    side: Spanned<String>,
    sea: Spanned<String>,
    port: Spanned<String>,
    capital: Spanned<String>,
    #[serde(default)]
    strength: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    value: u8,
    count: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    en: String,
    ru: String,
    text: RawText,
    #[serde(default)]
    hold: bool,
    #[serde(default)]
    late: bool,
    #[serde(default)]
    long_term: bool,
    #[serde(default)]
    requires: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    effects: Vec<Spanned<toml::Table>>,
}

/// Collects the problems of one file.
struct Check<'a> {
    file: &'a str,
    src: &'a str,
    errors: DataErrors,
}

impl Check<'_> {
    fn err(&mut self, at: usize, key: impl Into<String>, en: String, ru: String) {
        self.errors.push(DataError::new(self.file, Text::new(en, ru)).key(key.into()).at(self.src, at));
    }
}

/// The KWW marker starts in the middle box unless a file says otherwise.
fn no_kww() -> Spanned<i8> {
    Spanned::new(0..0, 0)
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Reads a scenario file.
///
/// # Errors
/// Every problem found, each with the file, line and key.
pub fn scenario(file: &str, src: &str) -> Result<Scenario, DataErrors> {
    let raw: RawScenario =
        toml::from_str(src).map_err(|e| DataErrors::one(DataError::toml(file, src, e.message(), e.span())))?;
    let mut c = Check { file, src, errors: DataErrors::new() };
    let sc = build(&mut c, raw);
    match sc {
        Some(sc) if c.errors.0.is_empty() => Ok(sc),
        _ => {
            if c.errors.0.is_empty() {
                c.errors.push(DataError::new(file, Text::fixed("the scenario is incomplete", "сценарий неполон")));
            }
            Err(c.errors)
        }
    }
}

fn control(c: &mut Check, v: &Spanned<String>, key: &str) -> Control {
    Control::parse(v.get_ref()).unwrap_or_else(|| {
        c.err(
            v.span().start,
            key,
            format!("{:?} is not alliance, bourbon or none", v.get_ref()),
            format!("{:?} — не alliance, bourbon или none", v.get_ref()),
        );
        Control::None
    })
}

fn lookup<T>(
    c: &mut Check,
    v: &Spanned<String>,
    key: &str,
    what: (&str, &str),
    f: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    let r = f(v.get_ref());
    if r.is_none() {
        c.err(
            v.span().start,
            key,
            format!("no {} {:?}", what.0, v.get_ref()),
            format!("нет {} {:?}", what.1, v.get_ref()),
        );
    }
    r
}

fn text(en: &str, ru: &str) -> Text {
    Text::new(en.to_owned(), ru.to_owned())
}

#[allow(clippy::too_many_lines)]
fn build(c: &mut Check, raw: RawScenario) -> Option<Scenario> {
    // Ids: unique and well formed, per table.
    fn ids<'r>(c: &mut Check, table: &str, items: impl Iterator<Item = (usize, &'r str)>) {
        let mut seen = BTreeSet::new();
        for (at, id) in items {
            if !valid_id(id) {
                c.err(
                    at,
                    format!("{table}.id"),
                    format!("id {id:?} must be [a-z0-9-]"),
                    format!("id {id:?} должен быть [a-z0-9-]"),
                );
            }
            if !seen.insert(id.to_owned()) {
                c.err(
                    at,
                    format!("{table}.id"),
                    format!("{table} {id:?} is given twice"),
                    format!("{table} {id:?} указан дважды"),
                );
            }
        }
    }
    ids(c, "power", raw.power.iter().map(|p| (p.span().start, p.get_ref().id.as_str())));
    ids(c, "space", raw.space.iter().map(|p| (p.span().start, p.get_ref().id.as_str())));
    ids(c, "leader", raw.leader.iter().map(|p| (p.span().start, p.get_ref().id.as_str())));
    ids(c, "fleet", raw.fleet.iter().map(|p| (p.span().start, p.get_ref().id.as_str())));
    ids(c, "event", raw.event.iter().map(|p| (p.span().start, p.get_ref().id.as_str())));
    for (n, len) in [
        ("space", raw.space.len()),
        ("leader", raw.leader.len()),
        ("event", raw.event.len()),
        ("power", raw.power.len()),
    ] {
        if len > 250 {
            c.err(0, n, format!("at most 250 of {n}"), format!("не более 250: {n}"));
            return None;
        }
    }
    let space_ids: Vec<String> = raw.space.iter().map(|s| s.get_ref().id.clone()).collect();
    let power_ids: Vec<String> = raw.power.iter().map(|s| s.get_ref().id.clone()).collect();
    let event_ids: Vec<String> = raw.event.iter().map(|s| s.get_ref().id.clone()).collect();
    let leader_ids: Vec<String> = raw.leader.iter().map(|s| s.get_ref().id.clone()).collect();
    let find = |v: &Vec<String>, s: &str| v.iter().position(|x| x == s).map(|i| i as u8);
    let sp = |s: &str| find(&space_ids, s).map(SpaceId);
    let pw = |s: &str| find(&power_ids, s).map(PowerId);
    let ev = |s: &str| find(&event_ids, s).map(EventId);
    let ld = |s: &str| find(&leader_ids, s).map(LeaderId);
    const SPACE: (&str, &str) = ("space", "области");
    const POWER: (&str, &str) = ("power", "державы");

    let mut powers = Vec::new();
    for p in &raw.power {
        let r = p.get_ref();
        let side = match r.side.get_ref().as_str() {
            "neutral" => None,
            s => match Side::parse(s) {
                Some(side) => Some(side),
                None => {
                    c.err(
                        r.side.span().start,
                        "power.side",
                        format!("{s:?} is not alliance, bourbon or neutral"),
                        format!("{s:?} — не alliance, bourbon или neutral"),
                    );
                    None
                }
            },
        };
        let capitals = r.capital.iter().filter_map(|s| lookup(c, s, "power.capital", SPACE, sp)).collect();
        powers.push(Power {
            id: r.id.clone(),
            name: text(&r.en, &r.ru),
            side,
            colour: r.colour.clone(),
            capitals,
            form: r.form,
            rebuild: r.rebuild,
        });
    }

    let mut spaces = Vec::new();
    for s in &raw.space {
        let r = s.get_ref();
        let region =
            Region::ALL.iter().find(|(_, id)| id == r.region.get_ref()).map(|(g, _)| *g).unwrap_or_else(|| {
                c.err(
                    r.region.span().start,
                    "space.region",
                    format!("no region {:?}", r.region.get_ref()),
                    format!("нет региона {:?}", r.region.get_ref()),
                );
                Region::France
            });
        let port = r.port.as_ref().and_then(|p| {
            let sea = Sea::parse(p.get_ref());
            if sea.is_none() {
                c.err(
                    p.span().start,
                    "space.port",
                    format!("{:?} is not atlantic or mediterranean", p.get_ref()),
                    format!("{:?} — не atlantic или mediterranean", p.get_ref()),
                );
            }
            sea
        });
        if r.fortress > 3 {
            c.err(
                s.span().start,
                format!("space[{}].fortress", r.id),
                "fortress strength is 0-3".into(),
                "сила крепости — от 0 до 3".into(),
            );
        }
        let home = r.home.iter().filter_map(|h| lookup(c, h, "space.home", POWER, pw)).collect();
        let ctl = control(c, &r.control, "space.control");
        spaces.push(Space {
            id: r.id.clone(),
            name: text(&r.en, &r.ru),
            x: r.x,
            y: r.y,
            region,
            fortress: r.fortress.min(3),
            port,
            home,
            rich: r.rich,
            control: ctl,
            links: Vec::new(),
        });
    }
    for l in &raw.link {
        let r = l.get_ref();
        let (Some(a), Some(b)) = (lookup(c, &r.a, "link.a", SPACE, sp), lookup(c, &r.b, "link.b", SPACE, sp)) else {
            continue;
        };
        if a == b || spaces[a.index()].links.iter().any(|&(t, _)| t == b) {
            c.err(
                l.span().start,
                "link",
                format!("link {} - {} is a loop or given twice", r.a.get_ref(), r.b.get_ref()),
                format!("связь {} - {} замкнута на себя или указана дважды", r.a.get_ref(), r.b.get_ref()),
            );
            continue;
        }
        spaces[a.index()].links.push((b, r.red));
        spaces[b.index()].links.push((a, r.red));
    }

    let mut leaders = Vec::new();
    for l in &raw.leader {
        let r = l.get_ref();
        let key = format!("leader[{}]", r.id);
        let power = lookup(c, &r.power, &format!("{key}.power"), POWER, pw);
        let mut starts = Vec::new();
        if let Some(at) = &r.at {
            starts.extend(lookup(c, at, &format!("{key}.at"), SPACE, sp).map(LeaderStart::At));
        }
        if let Some(y) = r.year {
            starts.push(LeaderStart::Year(y));
        }
        if r.revolution {
            starts.push(LeaderStart::Revolution);
        }
        if let Some(e) = &r.event {
            starts.extend(lookup(c, e, &format!("{key}.event"), ("event", "события"), ev).map(LeaderStart::Event));
        }
        // Count the starts given, not those found: a bad id is its own problem.
        let given = usize::from(r.at.is_some())
            + usize::from(r.year.is_some())
            + usize::from(r.revolution)
            + usize::from(r.event.is_some());
        if given != 1 {
            c.err(
                l.span().start,
                key.clone(),
                "give exactly one of at, year, revolution, event".into(),
                "укажите ровно одно из at, year, revolution, event".into(),
            );
        }
        if r.tactics > 3 || r.command == 0 || r.command > 9 || r.siege > 1 {
            c.err(
                l.span().start,
                key.clone(),
                "tactics 0-3, command 1-9, siege 0-1".into(),
                "тактика 0-3, командование 1-9, осада 0-1".into(),
            );
        }
        leaders.push(Leader {
            id: r.id.clone(),
            name: text(&r.en, &r.ru),
            power: power.unwrap_or(PowerId(0)),
            tactics: r.tactics,
            command: r.command,
            siege: r.siege,
            start: starts.first().copied().unwrap_or(LeaderStart::Year(raw.first_year)),
            promote: r.promote,
        });
    }

    let mut corps = Vec::new();
    for k in &raw.corps {
        let r = k.get_ref();
        let (Some(p), Some(s)) =
            (lookup(c, &r.power, "corps.power", POWER, pw), lookup(c, &r.at, "corps.at", SPACE, sp))
        else {
            continue;
        };
        for i in 0..(r.full + r.reduced) {
            corps.push(Corps { power: p, start: CorpsStart::At(s, i >= r.full) });
        }
    }
    for k in &raw.pool {
        let r = k.get_ref();
        if let Some(p) = lookup(c, &r.power, "pool.power", POWER, pw) {
            corps.extend((0..r.count).map(|_| Corps { power: p, start: CorpsStart::Pool }));
        }
    }
    for k in &raw.arrival {
        let r = k.get_ref();
        let Some(p) = lookup(c, &r.power, "arrival.power", POWER, pw) else { continue };
        let mut starts = Vec::new();
        if let Some(y) = r.year {
            starts.push(CorpsStart::Year(y));
        }
        if r.revolution {
            starts.push(CorpsStart::Revolution);
        }
        if let Some(e) = &r.event {
            starts.extend(lookup(c, e, "arrival.event", ("event", "события"), ev).map(CorpsStart::Event));
        }
        let given = usize::from(r.year.is_some()) + usize::from(r.revolution) + usize::from(r.event.is_some());
        if given != 1 {
            c.err(
                k.span().start,
                "arrival",
                "give exactly one of year, revolution, event".into(),
                "укажите ровно одно из year, revolution, event".into(),
            );
            continue;
        }
        let Some(&start) = starts.first() else { continue };
        corps.extend((0..r.corps).map(|_| Corps { power: p, start }));
    }
    if corps.len() > 250 {
        c.err(
            0,
            "corps",
            format!("{} corps counters: at most 250", corps.len()),
            format!("{} корпусов: не более 250", corps.len()),
        );
        return None;
    }

    let mut fleets = Vec::new();
    for f in &raw.fleet {
        let r = f.get_ref();
        let side = Side::parse(r.side.get_ref());
        let sea = Sea::parse(r.sea.get_ref());
        let port = lookup(c, &r.port, "fleet.port", SPACE, sp);
        let capital = lookup(c, &r.capital, "fleet.capital", POWER, pw);
        if side.is_none() || sea.is_none() || r.strength > 2 {
            c.err(
                f.span().start,
                format!("fleet[{}]", r.id),
                "side alliance|bourbon, sea atlantic|mediterranean, strength 0-2".into(),
                "сторона alliance|bourbon, море atlantic|mediterranean, сила 0-2".into(),
            );
        }
        if let (Some(port), Some(sea)) = (port, sea) {
            if spaces.get(port.index()).and_then(|s| s.port) != Some(sea) {
                c.err(
                    r.port.span().start,
                    format!("fleet[{}].port", r.id),
                    "the home port must be a port on the fleet's sea zone".into(),
                    "порт приписки должен быть портом морской зоны флота".into(),
                );
            }
        }
        fleets.push(Fleet {
            id: r.id.clone(),
            name: text(&r.en, &r.ru),
            side: side.unwrap_or(Side::Alliance),
            sea: sea.unwrap_or(Sea::Atlantic),
            port: port.unwrap_or(SpaceId(0)),
            capital: capital.unwrap_or(PowerId(0)),
            strength: r.strength,
        });
    }
    if fleets.len() != 4 {
        c.err(
            0,
            "fleet",
            format!("{} fleets: the rules have exactly four (12.3.6)", fleets.len()),
            format!("флотов {}: по правилам их ровно четыре (12.3.6)", fleets.len()),
        );
    }

    let mut actions = Vec::new();
    for a in &raw.action {
        let r = a.get_ref();
        if !(1..=3).contains(&r.value) {
            c.err(
                a.span().start,
                "action.value",
                "an action card carries 1 to 3 actions (13.4.1)".into(),
                "карточка действий даёт от 1 до 3 действий (13.4.1)".into(),
            );
        }
        actions.extend(std::iter::repeat(r.value.clamp(1, 3)).take(usize::from(r.count)));
    }

    let mut events = Vec::new();
    for e in &raw.event {
        let r = e.get_ref();
        let key = format!("event[{}]", r.id);
        let long_term = if r.long_term {
            let lt = LongTerm::ALL.iter().find(|(_, id)| *id == r.id).map(|(l, _)| *l);
            if lt.is_none() {
                c.err(
                    e.span().start,
                    key.clone(),
                    "a long-term event must be guerre-de-course, zenta, beachy-head or louvois (9.2.3)".into(),
                    "долговременное событие — guerre-de-course, zenta, beachy-head или louvois (9.2.3)".into(),
                );
            }
            lt
        } else {
            None
        };
        let mut requires = Vec::new();
        for t in &r.requires {
            match condition(t.get_ref(), &sp, &ld) {
                Ok(cond) => requires.push(cond),
                Err((en, ru)) => c.err(t.span().start, format!("{key}.requires"), en, ru),
            }
        }
        let mut effects = Vec::new();
        for t in &r.effects {
            match effect(t.get_ref(), &sp, &ld, &pw) {
                Ok(eff) => {
                    if eff.held_only() && !r.hold {
                        c.err(
                            t.span().start,
                            format!("{key}.effects"),
                            "actions, battle and siege are for held cards only".into(),
                            "actions, battle и siege — только для удерживаемых карточек".into(),
                        );
                    }
                    effects.push(eff);
                }
                Err((en, ru)) => c.err(t.span().start, format!("{key}.effects"), en, ru),
            }
        }
        events.push(EventCard {
            id: r.id.clone(),
            name: text(&r.en, &r.ru),
            text: text(&r.text.en, &r.text.ru),
            hold: r.hold,
            late: r.late,
            long_term,
            requires,
            effects,
        });
    }

    // The places, powers and leaders the rules name.
    let mut need = |what: &str, found: Option<u8>| {
        if found.is_none() {
            c.err(0, what.to_owned(), format!("the rules need {what:?}"), format!("правилам нужен {what:?}"));
        }
        found.unwrap_or(0)
    };
    let named = Named {
        france: PowerId(need("france", pw("france").map(|p| p.0))),
        jacobite: PowerId(need("jacobite", pw("jacobite").map(|p| p.0))),
        catalan: PowerId(need("catalan", pw("catalan").map(|p| p.0))),
        dutch: PowerId(need("dutch", pw("dutch").map(|p| p.0))),
        britain: PowerId(need("britain", pw("britain").map(|p| p.0))),
        austria: PowerId(need("austria", pw("austria").map(|p| p.0))),
        empire: PowerId(need("empire", pw("empire").map(|p| p.0))),
        mercenary: PowerId(need("mercenary", pw("mercenary").map(|p| p.0))),
        spain: PowerId(need("spain", pw("spain").map(|p| p.0))),
        savoy: PowerId(need("savoy", pw("savoy").map(|p| p.0))),
        portugal: PowerId(need("portugal", pw("portugal").map(|p| p.0))),
        paris: SpaceId(need("paris", sp("paris").map(|p| p.0))),
        amsterdam: SpaceId(need("amsterdam", sp("amsterdam").map(|p| p.0))),
        vienna: SpaceId(need("vienna", sp("vienna").map(|p| p.0))),
        madrid: SpaceId(need("madrid", sp("madrid").map(|p| p.0))),
        london: SpaceId(need("london", sp("london").map(|p| p.0))),
        dublin: SpaceId(need("dublin", sp("dublin").map(|p| p.0))),
        edinburgh: SpaceId(need("edinburgh", sp("edinburgh").map(|p| p.0))),
        highlands: SpaceId(need("highlands", sp("highlands").map(|p| p.0))),
        turin: SpaceId(need("turin", sp("turin").map(|p| p.0))),
        gibraltar: SpaceId(need("gibraltar", sp("gibraltar").map(|p| p.0))),
        william: LeaderId(need("william-iii", ld("william-iii").map(|p| p.0))),
        james: LeaderId(need("james-ii", ld("james-ii").map(|p| p.0))),
        marlborough: LeaderId(need("marlborough", ld("marlborough").map(|p| p.0))),
        victor_amadeus: LeaderId(need("victor-amadeus", ld("victor-amadeus").map(|p| p.0))),
    };
    for (i, p) in powers.iter().enumerate() {
        if p.capitals.is_empty() && PowerId(i as u8) != named.catalan {
            c.err(
                0,
                format!("power[{}].capital", p.id),
                "every power needs a capital (2.4)".into(),
                "у каждой державы должна быть столица (2.4)".into(),
            );
        }
    }
    let sea_ctl = [control(c, &raw.atlantic, "atlantic"), control(c, &raw.mediterranean, "mediterranean")];
    if raw.last_year.get_ref() < &raw.first_year {
        c.err(
            raw.last_year.span().start,
            "last_year",
            "the last year is before the first".into(),
            "последний год раньше первого".into(),
        );
    }
    if *raw.vp.get_ref() == 0 || *raw.vp.get_ref() >= 35 {
        c.err(
            raw.vp.span().start,
            "vp",
            "the VP marker must start between 1 and 34 (6.2)".into(),
            "маркер ПО должен начинать между 1 и 34 (6.2)".into(),
        );
    }
    if !(-2..=2).contains(raw.kww.get_ref()) {
        c.err(raw.kww.span().start, "kww", "the KWW marker is -2..2".into(), "маркер KWW — от -2 до 2".into());
    }
    // The decks are inline lists of this capacity (`sandtable_core::Deck`).
    for (key, at, len, en, ru) in [
        ("action", raw.action.first().map(|a| a.span().start), actions.len(), "action", "действий"),
        ("event", raw.event.first().map(|e| e.span().start), events.len(), "event", "событий"),
    ] {
        if len > MAX_DECK {
            c.err(
                at.unwrap_or(0),
                key,
                format!("{len} {en} cards: a deck holds at most {MAX_DECK}"),
                format!("карточек {ru}: {len}, в колоде не более {MAX_DECK}"),
            );
        }
    }
    if actions.is_empty() || usize::from(*raw.cards.get_ref()) * 2 > actions.len() {
        c.err(
            raw.cards.span().start,
            "cards",
            "the action deck must hold both hands (13.1)".into(),
            "колода действий должна вмещать обе руки (13.1)".into(),
        );
    }
    if *raw.cards_first_year.get_ref() > *raw.cards.get_ref() {
        c.err(
            raw.cards_first_year.span().start,
            "cards_first_year",
            "more cards in the first year than in others".into(),
            "в первый год карточек больше, чем в другие".into(),
        );
    }
    let bi = raw.bourbon_initiative.get_ref();
    if bi[0] > bi[1] {
        c.err(
            raw.bourbon_initiative.span().start,
            "bourbon_initiative",
            "[from, to] with from <= to".into(),
            "[с, по], где с <= по".into(),
        );
    }
    if !c.errors.0.is_empty() {
        return None;
    }
    Some(Scenario {
        id: raw.id,
        name: text(&raw.en, &raw.ru),
        authored: raw.authored,
        first_year: raw.first_year,
        last_year: *raw.last_year.get_ref(),
        vp: *raw.vp.get_ref(),
        rp: [raw.rp.alliance, raw.rp.bourbon],
        bourbon_initiative: (bi[0], bi[1]),
        cards: *raw.cards.get_ref(),
        cards_first_year: *raw.cards_first_year.get_ref(),
        sea_control: sea_ctl,
        savoy_joins: raw.savoy_joins,
        late_year: raw.late_year,
        peace_from: raw.peace_from,
        kww: *raw.kww.get_ref(),
        spaces,
        powers,
        leaders,
        corps,
        fleets,
        actions,
        events,
        named,
    })
}

type Why = (String, String);

fn why(en: &str, ru: &str) -> Why {
    (en.to_owned(), ru.to_owned())
}

fn get_str<'t>(t: &'t toml::Table, k: &str) -> Option<&'t str> {
    t.get(k).and_then(toml::Value::as_str)
}

fn get_int(t: &toml::Table, k: &str) -> Option<i64> {
    t.get(k).and_then(toml::Value::as_integer)
}

fn side_of(t: &toml::Table, k: &str) -> Result<Control, Why> {
    get_str(t, k).and_then(Control::parse).ok_or_else(|| {
        why("side/control must be alliance, bourbon or none", "сторона должна быть alliance, bourbon или none")
    })
}

fn condition(
    t: &toml::Table,
    sp: &impl Fn(&str) -> Option<SpaceId>,
    ld: &impl Fn(&str) -> Option<LeaderId>,
) -> Result<Condition, Why> {
    let space = |k| get_str(t, k).and_then(sp).ok_or_else(|| why("no such space", "нет такой области"));
    if t.contains_key("control") {
        return Ok(Condition::Control(space("control")?, side_of(t, "side")?));
    }
    if let Some(l) = get_str(t, "in_play") {
        return ld(l).map(Condition::InPlay).ok_or_else(|| why("no such leader", "нет такого лидера"));
    }
    if let Some(b) = t.get("revolution").and_then(toml::Value::as_bool) {
        return Ok(Condition::Revolution(b));
    }
    if let Some(y) = get_int(t, "year_min") {
        return Ok(Condition::YearMin(y as u16));
    }
    if let Some(y) = get_int(t, "year_max") {
        return Ok(Condition::YearMax(y as u16));
    }
    if let Some(s) = get_str(t, "sea").and_then(Sea::parse) {
        return Ok(Condition::Sea(s, side_of(t, "side")?));
    }
    Err(why("unknown condition (SCENARIO.md lists them)", "неизвестное условие (см. SCENARIO.md)"))
}

fn small(t: &toml::Table, k: &str) -> Result<i8, Why> {
    get_int(t, k)
        .filter(|v| (-20..=20).contains(v))
        .map(|v| v as i8)
        .ok_or_else(|| why("a number from -20 to 20 is expected", "ожидалось число от -20 до 20"))
}

fn effect(
    t: &toml::Table,
    sp: &impl Fn(&str) -> Option<SpaceId>,
    ld: &impl Fn(&str) -> Option<LeaderId>,
    pw: &impl Fn(&str) -> Option<PowerId>,
) -> Result<Effect, Why> {
    let space = |k| get_str(t, k).and_then(sp).ok_or_else(|| why("no such space", "нет такой области"));
    let leader = |k| get_str(t, k).and_then(ld).ok_or_else(|| why("no such leader", "нет такого лидера"));
    let side = |k| {
        get_str(t, k)
            .and_then(Side::parse)
            .ok_or_else(|| why("side must be alliance or bourbon", "сторона должна быть alliance или bourbon"))
    };
    let positive = |k| {
        small(t, k).and_then(|v| {
            u8::try_from(v).map_err(|_| why("a positive number is expected", "ожидалось положительное число"))
        })
    };
    if t.contains_key("vp") {
        return Ok(Effect::Vp(small(t, "vp")?));
    }
    if t.contains_key("rp") {
        return Ok(Effect::Rp(side("side")?, small(t, "rp")?));
    }
    if t.contains_key("cards") {
        return Ok(Effect::Cards(side("side")?, small(t, "cards")?));
    }
    if let Some(s) = get_str(t, "sea") {
        let sea = Sea::parse(s)
            .ok_or_else(|| why("sea must be atlantic or mediterranean", "море — atlantic или mediterranean"))?;
        return Ok(Effect::SeaControl(sea, side_of(t, "control")?));
    }
    if t.contains_key("leader") {
        return Ok(Effect::Leader(leader("leader")?, space("space")?));
    }
    if let Some(p) = get_str(t, "corps") {
        let power = pw(p).ok_or_else(|| why("no such power", "нет такой державы"))?;
        let count = if t.contains_key("count") { positive("count")? } else { 1 };
        let reduced = t.get("reduced").and_then(toml::Value::as_bool).unwrap_or(false);
        return Ok(Effect::Corps { power, count, space: space("space")?, reduced });
    }
    if t.contains_key("leader_out") {
        let years = if t.contains_key("years") { positive("years")? } else { 0 };
        return Ok(Effect::LeaderOut(leader("leader_out")?, years));
    }
    if t.contains_key("fortress") {
        return Ok(Effect::Fortress(space("fortress")?, small(t, "strength")?));
    }
    if t.contains_key("kww") {
        return Ok(Effect::Kww(small(t, "kww")?));
    }
    if t.contains_key("reduce") {
        let count = if t.contains_key("count") { positive("count")? } else { 1 };
        return Ok(Effect::Reduce(space("reduce")?, count));
    }
    if t.contains_key("actions") {
        return Ok(Effect::Actions(positive("actions")?));
    }
    if t.contains_key("battle") {
        return Ok(Effect::Battle(positive("battle")?));
    }
    if t.contains_key("siege") {
        return Ok(Effect::Siege(positive("siege")?));
    }
    Err(why("unknown effect (SCENARIO.md lists them)", "неизвестный эффект (см. SCENARIO.md)"))
}
