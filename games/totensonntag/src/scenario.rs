//! The validated scenario: formations, units, set-up and reinforcements.

use crate::data::ScenarioData;
use crate::load::Check;
use crate::map::{Map, Terrain};
use crate::unit::{FormationId, Nationality, Role, UnitClass, UnitId, UnitSpec};
use sandtable_board::{HexId, MapEdge};
use sandtable_core::Text;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

/// A formation (division) for 9.1.
#[derive(Clone, Debug, Serialize)]
pub struct Formation {
    /// Id (`15pz`).
    pub id: String,
    /// Name.
    pub name: Text,
    /// Its shattering rule.
    pub role: Role,
}

/// A reinforcement entry group (6.1).
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// Id.
    pub id: String,
    /// The map edge the hexes lie on.
    #[serde(skip)]
    pub edge: MapEdge,
    /// The entry hexes.
    pub hexes: Vec<HexId>,
}

/// When and where a reinforcement arrives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Arrival {
    /// Turn.
    pub turn: u8,
    /// Impulse pair of that turn.
    pub pair: u8,
    /// Index into [`Scenario::entries`].
    pub entry: u8,
}

/// Where a unit starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Start {
    /// On the map.
    Hex(HexId),
    /// Off the map until its arrival.
    Arrives(Arrival),
}

/// The validated scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Id.
    pub id: String,
    /// Name.
    pub name: Text,
    /// Number of turns (days).
    pub turns: u8,
    /// Formations.
    pub formations: Vec<Formation>,
    /// Entry groups.
    pub entries: Vec<Entry>,
    /// Units, indexed by [`UnitId`].
    pub units: Vec<UnitSpec>,
    /// Where each unit starts.
    pub starts: Vec<Start>,
}

fn edge_of(s: &str) -> Option<MapEdge> {
    Some(match s {
        "north" => MapEdge::North,
        "south" => MapEdge::South,
        "east" => MapEdge::East,
        "west" => MapEdge::West,
        _ => return None,
    })
}

fn valid_code(c: &str) -> bool {
    (2..=10).contains(&c.len())
        && c.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && c.as_bytes()[0].is_ascii_alphanumeric()
}

impl Scenario {
    /// Validates scenario data against a map, reporting every problem to
    /// `ck`; the scenario is only usable when `ck` collected none.
    pub(crate) fn from_data(d: &ScenarioData, map: &Map, ck: &mut Check) -> Scenario {
        if *d.turns.get_ref() == 0 {
            ck.err(d.turns.span(), "turns", "turns must be at least 1".into(), "ходов должно быть не меньше 1".into());
        }
        let turns = *d.turns.get_ref();
        let mut formations = Vec::new();
        for f in &d.formation {
            let key = format!("formation[{}]", f.id.get_ref());
            if formations.iter().any(|g: &Formation| &g.id == f.id.get_ref()) {
                ck.err(f.id.span(), &key, "formation id used twice".into(), "id соединения повторяется".into());
            }
            let role = Role::parse(f.role.get_ref()).unwrap_or_else(|| {
                ck.err(
                    f.role.span(),
                    &format!("{key}.role"),
                    format!("unknown role {:?}", f.role.get_ref()),
                    format!("неизвестная роль {:?}", f.role.get_ref()),
                );
                Role::None
            });
            formations.push(Formation {
                id: f.id.get_ref().clone(),
                name: Text::new(f.en.clone(), f.ru.clone()),
                role,
            });
        }
        let mut entries = Vec::new();
        for e in &d.entry {
            let key = format!("entry[{}]", e.id.get_ref());
            if entries.iter().any(|g: &Entry| &g.id == e.id.get_ref()) {
                ck.err(e.id.span(), &key, "entry id used twice".into(), "id группы входа повторяется".into());
            }
            let edge = edge_of(e.edge.get_ref());
            if edge.is_none() {
                ck.err(
                    e.edge.span(),
                    &format!("{key}.edge"),
                    format!("unknown edge {:?} (north, south, east, west)", e.edge.get_ref()),
                    format!("неизвестный край {:?} (north, south, east, west)", e.edge.get_ref()),
                );
            }
            let edge = edge.unwrap_or(MapEdge::North);
            let mut hexes = Vec::new();
            for h in e.hexes.get_ref() {
                let Some(id) = ck.hex(&map.grid, h, &format!("{key}.hexes")) else { continue };
                if edge_of(e.edge.get_ref()).is_some() && !map.grid.on_edge(id, edge) {
                    ck.err(
                        h.span(),
                        &format!("{key}.hexes"),
                        format!("hex {} is not on the {} edge", h.get_ref(), e.edge.get_ref()),
                        format!("гекс {} не на краю {}", h.get_ref(), e.edge.get_ref()),
                    );
                }
                hexes.push(id);
            }
            if e.hexes.get_ref().is_empty() {
                ck.err(e.hexes.span(), &format!("{key}.hexes"), "no hexes".into(), "нет гексов".into());
            }
            entries.push(Entry { id: e.id.get_ref().clone(), edge, hexes });
        }
        if d.unit.len() > 128 {
            ck.err_opt(
                None,
                "unit",
                format!("{} units; at most 128", d.unit.len()),
                format!("{} юнитов; не больше 128", d.unit.len()),
            );
        }
        let mut codes = HashSet::new();
        let mut units = Vec::new();
        let mut starts = Vec::new();
        let mut stacks: BTreeMap<HexId, (usize, Nationality)> = BTreeMap::new();
        for u in &d.unit {
            let code = u.code.get_ref();
            let key = format!("unit[{code}]");
            let key = key.as_str();
            let sub = |k: &str| format!("{key}.{k}");
            if !valid_code(code) {
                ck.err(
                    u.code.span(),
                    key,
                    format!("unit code {code:?} must be 2–10 of a-z, 0-9, '-'"),
                    format!("код юнита {code:?}: 2–10 знаков из a-z, 0-9, '-'"),
                );
            }
            if !codes.insert(code.clone()) {
                ck.err(
                    u.code.span(),
                    key,
                    format!("unit code {code} used twice"),
                    format!("код юнита {code} повторяется"),
                );
            }
            let formation = formations.iter().position(|f| &f.id == u.formation.get_ref()).unwrap_or_else(|| {
                ck.err(
                    u.formation.span(),
                    &sub("formation"),
                    format!("unknown formation {}", u.formation.get_ref()),
                    format!("неизвестное соединение {}", u.formation.get_ref()),
                );
                0
            });
            let nationality = Nationality::parse(u.nationality.get_ref()).unwrap_or_else(|| {
                ck.err(
                    u.nationality.span(),
                    &sub("nationality"),
                    format!("unknown nationality {:?}", u.nationality.get_ref()),
                    format!("неизвестная национальность {:?}", u.nationality.get_ref()),
                );
                Nationality::German
            });
            let class = UnitClass::parse(u.class.get_ref()).unwrap_or_else(|| {
                ck.err(
                    u.class.span(),
                    &sub("class"),
                    format!("unknown class {:?}", u.class.get_ref()),
                    format!("неизвестный род войск {:?}", u.class.get_ref()),
                );
                UnitClass::Armour
            });
            let strength = *u.strength.get_ref();
            if strength == 0 || strength > 9 || u.initiative == 0 || u.initiative > 6 || u.defence == 0 {
                ck.err(
                    u.strength.span(),
                    key,
                    "values out of range (strength 1–9, defence 1+, initiative 1–6)".into(),
                    "значения вне диапазона (сила 1–9, защита от 1, инициатива 1–6)".into(),
                );
            }
            // 3.3 and 3.4 name who carries these marks.
            let mark = |m: &Option<toml::Spanned<bool>>| m.as_ref().filter(|b| *b.get_ref()).map(toml::Spanned::span);
            let german = nationality == Nationality::German;
            if let Some(span) = mark(&u.panzer3) {
                if !(german && class == UnitClass::Armour) {
                    ck.err(
                        span,
                        &sub("panzer3"),
                        format!("{code} is marked Panzer III but is not German armour (3.3)"),
                        format!("{code} помечен как Panzer III, но это не немецкие танки (3.3)"),
                    );
                }
            }
            let c_class = matches!(class, UnitClass::Engineer | UnitClass::MotorizedInfantry);
            if let Some(span) = mark(&u.combined_arms) {
                if !(german && c_class) {
                    ck.err(
                        span,
                        &sub("combined_arms"),
                        format!(
                            "{code} has the \"c\" index but is not a German engineer or motorized infantry unit (3.3)"
                        ),
                        format!("у {code} индекс «c», но это не немецкие сапёры или мотопехота (3.3)"),
                    );
                }
            }
            if let Some(span) = mark(&u.stuart) {
                if !(nationality.side() == crate::Side::Allies && class == UnitClass::Armour) {
                    ck.err(
                        span,
                        &sub("stuart"),
                        format!("{code} is marked Stuart but is not Allied armour (3.4)"),
                        format!("{code} помечен как «Стюарт», но это не танки союзников (3.4)"),
                    );
                }
            }
            let range = match (class, &u.range) {
                (UnitClass::Artillery, Some(r)) if *r.get_ref() >= 2 => *r.get_ref(),
                (UnitClass::Artillery, r) => {
                    ck.err_opt(
                        r.as_ref().map(toml::Spanned::span).or(Some(u.class.span())),
                        &sub("range"),
                        format!("artillery {code} needs a range of at least 2"),
                        format!("артиллерии {code} нужна дальность не меньше 2"),
                    );
                    2
                }
                (_, None) => 0,
                (_, Some(r)) => {
                    ck.err(
                        r.span(),
                        &sub("range"),
                        format!("{code} has a range but is not artillery"),
                        format!("у {code} есть дальность, но это не артиллерия"),
                    );
                    0
                }
            };
            let start = match (&u.setup, &u.arrive) {
                (Some(h), None) => match ck.hex(&map.grid, h, &sub("setup")) {
                    None => Start::Hex(map.exit),
                    Some(id) => {
                        let label = h.get_ref();
                        let t = map.info(id).terrain;
                        if t == Terrain::Impassable || (t == Terrain::Escarpment && !class.is_infantry()) {
                            ck.err(
                                h.span(),
                                &sub("setup"),
                                format!("{code} cannot stand in {label} ({t:?})"),
                                format!("{code} не может стоять в {label} ({t:?})"),
                            );
                        }
                        let e = stacks.entry(id).or_insert((0, nationality));
                        if e.1.side() != nationality.side() {
                            ck.err(
                                h.span(),
                                &sub("setup"),
                                format!("{label} holds units of both sides"),
                                format!("в {label} юниты обеих сторон"),
                            );
                        }
                        e.0 += 1;
                        if e.0 == 4 {
                            ck.err(
                                h.span(),
                                &sub("setup"),
                                format!("more than three units set up in {label} (4.0)"),
                                format!("больше трёх юнитов в {label} (4.0)"),
                            );
                        }
                        Start::Hex(id)
                    }
                },
                (None, Some(a)) => {
                    let entry = entries.iter().position(|e| &e.id == a.entry.get_ref()).unwrap_or_else(|| {
                        ck.err(
                            a.entry.span(),
                            &sub("arrive.entry"),
                            format!("{code} arrives at unknown entry {}", a.entry.get_ref()),
                            format!("{code} прибывает к неизвестной группе входа {}", a.entry.get_ref()),
                        );
                        0
                    });
                    let turn = *a.turn.get_ref();
                    if turn == 0 || turn > turns || a.pair == 0 || a.pair > 5 {
                        ck.err(
                            a.turn.span(),
                            &sub("arrive"),
                            format!("{code} arrives at turn {turn} pair {}, outside the game", a.pair),
                            format!("{code} прибывает в ход {turn}, пару {} — вне игры", a.pair),
                        );
                    }
                    Start::Arrives(Arrival { turn, pair: a.pair, entry: entry as u8 })
                }
                _ => {
                    ck.err(
                        u.code.span(),
                        key,
                        format!("unit {code} needs exactly one of setup or arrive"),
                        format!("юниту {code} нужно ровно одно из setup и arrive"),
                    );
                    Start::Hex(map.exit)
                }
            };
            units.push(UnitSpec {
                code: code.clone(),
                name: Text::new(u.en.clone(), u.ru.clone()),
                formation: FormationId(formation as u8),
                nationality,
                class,
                strength,
                defence: u.defence,
                initiative: u.initiative,
                range,
                panzer3: mark(&u.panzer3).is_some(),
                combined_arms: mark(&u.combined_arms).is_some(),
                stuart: mark(&u.stuart).is_some(),
            });
            starts.push(start);
        }
        Scenario {
            id: d.id.get_ref().clone(),
            name: Text::new(d.en.clone(), d.ru.clone()),
            turns,
            formations,
            entries,
            units,
            starts,
        }
    }

    /// All unit ids. O(1) per item.
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units.len() as u8).map(UnitId)
    }
    /// The spec of a unit.
    pub fn unit(&self, id: UnitId) -> &UnitSpec {
        &self.units[id.index()]
    }
    /// The unit with this code (case-insensitive). O(units).
    pub fn unit_by_code(&self, code: &str) -> Option<UnitId> {
        self.units.iter().position(|u| u.code.eq_ignore_ascii_case(code)).map(|i| UnitId(i as u8))
    }
    /// The formation of a unit.
    pub fn formation(&self, id: UnitId) -> &Formation {
        &self.formations[self.unit(id).formation.0 as usize]
    }
}
