//! The validated scenario: formations, units, set-up and reinforcements.

use crate::data::ScenarioData;
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
    /// Validates scenario data against a map.
    ///
    /// # Errors
    /// A message naming the bad entry.
    pub fn from_data(d: &ScenarioData, map: &Map) -> Result<Scenario, String> {
        let hex = |s: &str| map.grid.parse(s).map_err(|e| format!("scenario: {e}"));
        if d.turns == 0 {
            return Err("scenario: turns must be at least 1".into());
        }
        let mut formations = Vec::new();
        for f in &d.formation {
            let role = Role::parse(&f.role)
                .ok_or_else(|| format!("scenario: formation {} has unknown role {:?}", f.id, f.role))?;
            formations.push(Formation { id: f.id.clone(), name: Text::new(f.en.clone(), f.ru.clone()), role });
        }
        let mut entries = Vec::new();
        for e in &d.entry {
            let edge =
                edge_of(&e.edge).ok_or_else(|| format!("scenario: entry {} has unknown edge {:?}", e.id, e.edge))?;
            let hexes = e.hexes.iter().map(|h| hex(h)).collect::<Result<Vec<_>, _>>()?;
            if let Some(&h) = hexes.iter().find(|&&h| !map.grid.on_edge(h, edge)) {
                return Err(format!(
                    "scenario: entry {} hex {} is not on the {} edge",
                    e.id,
                    map.grid.label(h),
                    e.edge
                ));
            }
            if hexes.is_empty() {
                return Err(format!("scenario: entry {} has no hexes", e.id));
            }
            entries.push(Entry { id: e.id.clone(), edge, hexes });
        }
        if d.unit.len() > 128 {
            return Err(format!("scenario: {} units; at most 128", d.unit.len()));
        }
        let mut codes = HashSet::new();
        let mut units = Vec::new();
        let mut starts = Vec::new();
        let mut stacks: BTreeMap<HexId, (usize, Nationality)> = BTreeMap::new();
        for u in &d.unit {
            if !valid_code(&u.code) {
                return Err(format!("scenario: unit code {:?} must be 2–10 of a-z, 0-9, '-'", u.code));
            }
            if !codes.insert(u.code.clone()) {
                return Err(format!("scenario: unit code {} used twice", u.code));
            }
            let formation = formations
                .iter()
                .position(|f| f.id == u.formation)
                .ok_or_else(|| format!("scenario: unit {} names unknown formation {}", u.code, u.formation))?;
            let nationality = Nationality::parse(&u.nationality)
                .ok_or_else(|| format!("scenario: unit {} has unknown nationality {:?}", u.code, u.nationality))?;
            let class = UnitClass::parse(&u.class)
                .ok_or_else(|| format!("scenario: unit {} has unknown class {:?}", u.code, u.class))?;
            if u.strength == 0 || u.strength > 9 || u.initiative == 0 || u.initiative > 6 || u.defence == 0 {
                return Err(format!("scenario: unit {} has values out of range", u.code));
            }
            // 3.3 and 3.4 name who carries these marks.
            let german = nationality == Nationality::German;
            if u.panzer3 && !(german && class == UnitClass::Armour) {
                return Err(format!("scenario: {} is marked Panzer III but is not German armour (3.3)", u.code));
            }
            let c_class = matches!(class, UnitClass::Engineer | UnitClass::MotorizedInfantry);
            if u.combined_arms && !(german && c_class) {
                return Err(format!(
                    "scenario: {} has the \"c\" index but is not a German engineer or motorized infantry unit (3.3)",
                    u.code
                ));
            }
            if u.stuart && !(nationality.side() == crate::Side::Allies && class == UnitClass::Armour) {
                return Err(format!("scenario: {} is marked Stuart but is not Allied armour (3.4)", u.code));
            }
            let range = match (class, u.range) {
                (UnitClass::Artillery, Some(r)) if r >= 2 => r,
                (UnitClass::Artillery, _) => {
                    return Err(format!("scenario: artillery {} needs a range of at least 2", u.code))
                }
                (_, None) => 0,
                (_, Some(_)) => return Err(format!("scenario: {} has a range but is not artillery", u.code)),
            };
            let start = match (&u.setup, &u.arrive) {
                (Some(h), None) => {
                    let id = hex(h)?;
                    let t = map.info(id).terrain;
                    if t == Terrain::Impassable || (t == Terrain::Escarpment && !class.is_infantry()) {
                        return Err(format!("scenario: {} cannot stand in {h} ({t:?})", u.code));
                    }
                    let e = stacks.entry(id).or_insert((0, nationality));
                    if e.1.side() != nationality.side() {
                        return Err(format!("scenario: {h} holds units of both sides"));
                    }
                    e.0 += 1;
                    if e.0 > 3 {
                        return Err(format!("scenario: more than three units set up in {h} (4.0)"));
                    }
                    Start::Hex(id)
                }
                (None, Some(a)) => {
                    let entry = entries
                        .iter()
                        .position(|e| e.id == a.entry)
                        .ok_or_else(|| format!("scenario: {} arrives at unknown entry {}", u.code, a.entry))?;
                    if a.turn == 0 || a.turn > d.turns || a.pair == 0 || a.pair > 5 {
                        return Err(format!(
                            "scenario: {} arrives at turn {} pair {}, outside the game",
                            u.code, a.turn, a.pair
                        ));
                    }
                    Start::Arrives(Arrival { turn: a.turn, pair: a.pair, entry: entry as u8 })
                }
                _ => return Err(format!("scenario: unit {} needs exactly one of setup or arrive", u.code)),
            };
            units.push(UnitSpec {
                code: u.code.clone(),
                name: Text::new(u.en.clone(), u.ru.clone()),
                formation: FormationId(formation as u8),
                nationality,
                class,
                strength: u.strength,
                defence: u.defence,
                initiative: u.initiative,
                range,
                panzer3: u.panzer3,
                combined_arms: u.combined_arms,
                stuart: u.stuart,
            });
            starts.push(start);
        }
        Ok(Scenario {
            id: d.id.clone(),
            name: Text::new(d.en.clone(), d.ru.clone()),
            turns: d.turns,
            formations,
            entries,
            units,
            starts,
        })
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
