//! Reading charts and scenario files: TOML syntax errors and every semantic
//! problem collected as typed [`DataError`]s with file, line and key.

use crate::charts::{
    BarrageResult, BarrageTable, Charts, Cost, Crt, CrtResult, HexsideKind, Odds, Penalty, RoadKind, TerrainKind,
};
use crate::map::{Map, Place};
use crate::ratio::Ratio;
use crate::scenario::{ExitRule, Scenario, SideInfo, SupplySource, Victory, VpHex, MAX_UNITS_A_SIDE};
use crate::unit::{Face, Side, Start, UnitSpec};
use sandtable_board::{GridSpec, HexGrid, HexId, HexMap, HexsideMap, MapEdge, Numbering, Orientation, Parity, RowsRun};
use sandtable_core::{DataError, DataErrors, Text};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use toml::{Spanned, Value};

/// Collects the problems of one file.
struct Check<'a> {
    file: &'a str,
    src: &'a str,
    errors: DataErrors,
}

impl<'a> Check<'a> {
    fn err(&mut self, span: Option<Range<usize>>, key: impl Into<String>, en: String, ru: String) {
        let mut e = DataError::new(self.file, Text::new(en, ru)).key(key.into());
        if let Some(span) = span {
            e = e.at(self.src, span.start);
        }
        self.errors.push(e);
    }

    fn hex(&mut self, grid: &HexGrid, label: &Spanned<String>, key: &str) -> Option<HexId> {
        match grid.parse(label.get_ref()) {
            Ok(id) => Some(id),
            Err(e) => {
                self.err(
                    Some(label.span()),
                    key,
                    format!("{e}"),
                    format!("гекс {:?} не на карте ({e})", label.get_ref()),
                );
                None
            }
        }
    }
}

/// Parses one TOML document; a syntax or shape error stops that file.
fn parse<T: serde::de::DeserializeOwned>(file: &str, src: &str) -> Result<T, DataErrors> {
    toml::from_str(src).map_err(|e| DataErrors::one(DataError::toml(file, src, e.message(), e.span())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawText {
    en: String,
    ru: String,
}

impl RawText {
    fn text(&self) -> Text {
        Text::new(self.en.clone(), self.ru.clone())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCharts {
    classes: Spanned<Vec<String>>,
    terrain: BTreeMap<String, Spanned<RawTerrain>>,
    #[serde(default)]
    hexside: BTreeMap<String, Spanned<RawHexside>>,
    #[serde(default)]
    road: BTreeMap<String, Spanned<RawRoad>>,
    crt: Spanned<BTreeMap<String, Spanned<Value>>>,
    barrage: Option<Spanned<RawBarrage>>,
    dg: Option<Spanned<RawPenalty>>,
    supply: Option<Spanned<RawPenalty>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    en: String,
    ru: String,
    #[serde(rename = "move")]
    cost: Spanned<Value>,
    defence: Option<Spanned<Value>>,
    #[serde(default)]
    shift: i8,
    #[serde(default)]
    barrage: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexside {
    en: String,
    ru: String,
    #[serde(rename = "move")]
    cost: Spanned<Value>,
    attack: Option<Spanned<Value>>,
    #[serde(default)]
    shift: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoad {
    en: String,
    ru: String,
    #[serde(rename = "move")]
    cost: Spanned<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBarrage {
    columns: Vec<u16>,
    no_spotter: i8,
    rows: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPenalty {
    attack: Spanned<Value>,
    defence: Spanned<Value>,
    movement: Spanned<Value>,
}

fn ratio_of(v: &Value) -> Option<Ratio> {
    match v {
        Value::Integer(i) => u64::try_from(*i).ok().map(Ratio::whole),
        Value::Float(f) => Ratio::from_decimal(*f),
        Value::String(s) => Ratio::parse(s),
        _ => None,
    }
}

fn halves_of(v: &Value) -> Option<Cost> {
    match v {
        Value::String(s) if s == "P" => Some(Cost::Prohibited),
        other => {
            let r = ratio_of(other)?;
            let h = r * Ratio::whole(2);
            (h.den() == 1 && h.num() <= 200).then(|| Cost::Halves(h.num() as u16))
        }
    }
}

impl Check<'_> {
    fn ratio(&mut self, v: &Option<Spanned<Value>>, key: &str) -> Ratio {
        let Some(v) = v else { return Ratio::ONE };
        match ratio_of(v.get_ref()) {
            Some(r) => r,
            None => {
                self.err(
                    Some(v.span()),
                    key,
                    "a multiplier is a number or a fraction such as \"1/2\"".into(),
                    "множитель — число или дробь вида \"1/2\"".into(),
                );
                Ratio::ONE
            }
        }
    }

    /// A cost per class: a number, "P", or a table by class.
    fn costs(&mut self, v: &Spanned<Value>, classes: &[String], key: &str) -> Vec<Cost> {
        let bad = |c: &mut Self| {
            c.err(
                Some(v.span()),
                key,
                "a cost is a number of MP (halves allowed), \"P\" for prohibited, or a table by movement class".into(),
                "стоимость — число ОД (можно половины), \"P\" (запрещено) или таблица по классам движения".into(),
            );
            vec![Cost::Halves(2); classes.len()]
        };
        match v.get_ref() {
            Value::Table(t) => {
                let mut out = Vec::with_capacity(classes.len());
                for c in classes {
                    match t.get(c).and_then(halves_of) {
                        Some(x) => out.push(x),
                        None => {
                            self.err(
                                Some(v.span()),
                                format!("{key}.{c}"),
                                format!("no valid cost for movement class {c:?}"),
                                format!("нет допустимой стоимости для класса движения {c:?}"),
                            );
                            out.push(Cost::Halves(2));
                        }
                    }
                }
                for k in t.keys().filter(|k| !classes.contains(k)) {
                    self.err(
                        Some(v.span()),
                        format!("{key}.{k}"),
                        format!("{k:?} is not a movement class of the charts"),
                        format!("{k:?} — не класс движения таблиц"),
                    );
                }
                out
            }
            other => match halves_of(other) {
                Some(x) => vec![x; classes.len()],
                None => bad(self),
            },
        }
    }

    fn penalty(&mut self, p: &Option<Spanned<RawPenalty>>, key: &str, default: Penalty) -> Penalty {
        let Some(p) = p else { return default };
        let p = p.get_ref();
        Penalty {
            attack: self.ratio(&Some(p.attack.clone()), &format!("{key}.attack")),
            defence: self.ratio(&Some(p.defence.clone()), &format!("{key}.defence")),
            movement: self.ratio(&Some(p.movement.clone()), &format!("{key}.movement")),
        }
    }

    fn charts(&mut self, raw: &RawCharts, prefix: &str) -> Charts {
        let classes = raw.classes.get_ref().clone();
        if classes.is_empty() || classes.len() > 8 {
            self.err(
                Some(raw.classes.span()),
                format!("{prefix}classes"),
                "between 1 and 8 movement classes".into(),
                "от 1 до 8 классов движения".into(),
            );
        }
        let terrain = raw
            .terrain
            .iter()
            .map(|(k, t)| {
                let key = format!("{prefix}terrain.{k}");
                let t = t.get_ref();
                TerrainKind {
                    key: k.clone(),
                    name: Text::new(t.en.clone(), t.ru.clone()),
                    cost: self.costs(&t.cost, &classes, &format!("{key}.move")),
                    defence: self.ratio(&t.defence, &format!("{key}.defence")),
                    shift: t.shift,
                    barrage: t.barrage,
                }
            })
            .collect::<Vec<_>>();
        if terrain.is_empty() || terrain.len() > 64 {
            self.err(None, format!("{prefix}terrain"), "1 to 64 terrains".into(), "от 1 до 64 видов местности".into());
        }
        let hexsides = raw
            .hexside
            .iter()
            .map(|(k, t)| {
                let key = format!("{prefix}hexside.{k}");
                let t = t.get_ref();
                HexsideKind {
                    key: k.clone(),
                    name: Text::new(t.en.clone(), t.ru.clone()),
                    cost: self.costs(&t.cost, &classes, &format!("{key}.move")),
                    attack: self.ratio(&t.attack, &format!("{key}.attack")),
                    shift: t.shift,
                }
            })
            .collect();
        let roads = raw
            .road
            .iter()
            .map(|(k, t)| {
                let key = format!("{prefix}road.{k}.move");
                let t = t.get_ref();
                let cost = match halves_of(t.cost.get_ref()) {
                    Some(Cost::Halves(h)) if h > 0 => h,
                    _ => {
                        self.err(
                            Some(t.cost.span()),
                            key,
                            "a road costs a positive number of MP (halves allowed)".into(),
                            "дорога стоит положительное число ОД (можно половины)".into(),
                        );
                        1
                    }
                };
                RoadKind { key: k.clone(), name: Text::new(t.en.clone(), t.ru.clone()), cost }
            })
            .collect();
        let crt = self.crt(&raw.crt, prefix);
        let barrage = raw.barrage.as_ref().map(|b| self.barrage(b, prefix));
        Charts {
            classes,
            terrain,
            hexsides,
            roads,
            crt,
            barrage,
            dg: self.penalty(&raw.dg, &format!("{prefix}dg"), Penalty::NONE),
            supply: self.penalty(&raw.supply, &format!("{prefix}supply"), Penalty::NONE),
        }
    }

    fn crt(&mut self, raw: &Spanned<BTreeMap<String, Spanned<Value>>>, prefix: &str) -> Crt {
        let t = raw.get_ref();
        let mut columns = Vec::new();
        let mut cells = Vec::new();
        let names: Vec<String> = match t.get("columns").map(|v| v.get_ref()) {
            Some(Value::Array(a)) => a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect(),
            _ => {
                self.err(
                    Some(raw.span()),
                    format!("{prefix}crt.columns"),
                    "the CRT needs a list of columns such as [\"1:2\", \"1:1\", \"2:1\"]".into(),
                    "ТРБ нужен список колонок вида [\"1:2\", \"1:1\", \"2:1\"]".into(),
                );
                Vec::new()
            }
        };
        for name in &names {
            let key = format!("{prefix}crt.{name}");
            let Some(odds) = Odds::parse(name) else {
                self.err(
                    Some(raw.span()),
                    format!("{prefix}crt.columns"),
                    format!("{name:?} is not an odds column (n:1 or 1:n)"),
                    format!("{name:?} — не колонка соотношения (n:1 или 1:n)"),
                );
                continue;
            };
            if columns.last().is_some_and(|&o: &Odds| o.rank() >= odds.rank()) {
                self.err(
                    Some(raw.span()),
                    format!("{prefix}crt.columns"),
                    "columns must run from the lowest odds to the highest".into(),
                    "колонки должны идти от меньшего соотношения к большему".into(),
                );
            }
            let row = t.get(name.as_str());
            let results: Option<Vec<CrtResult>> = match row.map(|v| v.get_ref()) {
                Some(Value::Array(a)) if a.len() == 11 => {
                    a.iter().map(|v| v.as_str().and_then(CrtResult::parse)).collect()
                }
                _ => None,
            };
            match results {
                Some(r) => {
                    columns.push(odds);
                    cells.push(std::array::from_fn(|i| r[i]));
                }
                None => self.err(
                    row.map(|r| r.span()).or(Some(raw.span())),
                    key,
                    "each column needs 11 results (2d6 = 2..12) such as \"A1\", \"D2r1\", \"A1D1\", \"NE\"".into(),
                    "каждой колонке нужно 11 результатов (2к6 = 2..12) вида \"A1\", \"D2r1\", \"A1D1\", \"NE\"".into(),
                ),
            }
        }
        for k in t.keys().filter(|k| *k != "columns" && !names.contains(k)) {
            self.err(
                Some(raw.span()),
                format!("{prefix}crt.{k}"),
                format!("{k:?} is not one of the CRT's columns"),
                format!("{k:?} нет среди колонок ТРБ"),
            );
        }
        if columns.is_empty() {
            columns.push(Odds::For(1));
            cells.push([CrtResult::default(); 11]);
        }
        Crt { columns, cells }
    }

    fn barrage(&mut self, raw: &Spanned<RawBarrage>, prefix: &str) -> BarrageTable {
        let b = raw.get_ref();
        let mut cells = Vec::new();
        let ok_columns = !b.columns.is_empty() && b.columns.windows(2).all(|w| w[0] < w[1]) && b.columns[0] > 0;
        if !ok_columns || b.rows.len() != b.columns.len() {
            self.err(
                Some(raw.span()),
                format!("{prefix}barrage"),
                "barrage columns must be positive and ascending, with one row of 11 results per column".into(),
                "колонки обстрела — положительные и по возрастанию, по строке из 11 результатов на колонку".into(),
            );
        }
        for (i, row) in b.rows.iter().enumerate() {
            let parsed: Option<Vec<BarrageResult>> =
                if row.len() == 11 { row.iter().map(|t| BarrageResult::parse(t)).collect() } else { None };
            match parsed {
                Some(r) => cells.push(std::array::from_fn(|i| r[i])),
                None => {
                    self.err(
                        Some(raw.span()),
                        format!("{prefix}barrage.rows[{i}]"),
                        "11 results each: NE, DG, 1 or 2".into(),
                        "по 11 результатов: NE, DG, 1 или 2".into(),
                    );
                    cells.push([BarrageResult::NoEffect; 11]);
                }
            }
        }
        let mut columns = b.columns.clone();
        columns.truncate(cells.len());
        if columns.is_empty() {
            columns.push(1);
            cells = vec![[BarrageResult::NoEffect; 11]];
        }
        cells.truncate(columns.len());
        BarrageTable { columns, no_spotter: b.no_spotter, cells }
    }
}

/// Reads a chart file (`data/charts.toml`'s shape).
///
/// # Errors
/// Every problem found, with `file`, line and key.
pub fn charts(file: &str, src: &str) -> Result<Charts, DataErrors> {
    let raw: RawCharts = parse(file, src)?;
    let mut check = Check { file, src, errors: DataErrors::new() };
    let charts = check.charts(&raw, "");
    check.errors.into_result(charts)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: Spanned<String>,
    en: String,
    ru: String,
    #[serde(default)]
    authored: bool,
    scale: Option<RawText>,
    turns: Spanned<u8>,
    first: Spanned<String>,
    stacking: Spanned<u8>,
    #[serde(default)]
    modules: Vec<Spanned<String>>,
    side: Spanned<Vec<RawSide>>,
    #[serde(default)]
    turn: Vec<RawText>,
    map: RawMap,
    #[serde(default)]
    unit: Vec<Spanned<RawUnit>>,
    #[serde(default)]
    supply: Vec<Spanned<RawSupply>>,
    #[serde(default)]
    victory: RawVictory,
    charts: Option<RawCharts>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSide {
    id: String,
    en: String,
    ru: String,
    colour: Option<String>,
}

/// Counter colours the renderer draws, by name.
pub const COLOURS: [&str; 4] = ["khaki", "olive", "field-grey", "sand"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    columns: Spanned<u16>,
    rows: Spanned<u16>,
    #[serde(default)]
    rows_run: Option<Spanned<String>>,
    #[serde(default)]
    shifted: Option<Spanned<String>>,
    default: Spanned<String>,
    #[serde(default)]
    terrain: BTreeMap<String, Vec<Spanned<String>>>,
    #[serde(default)]
    hexsides: BTreeMap<String, Vec<Spanned<[Spanned<String>; 2]>>>,
    #[serde(default)]
    roads: BTreeMap<String, Vec<Spanned<Vec<Spanned<String>>>>>,
    #[serde(default)]
    place: Vec<RawPlace>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlace {
    hex: Spanned<String>,
    en: String,
    ru: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFace {
    attack: u8,
    defence: u8,
    movement: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWithin {
    hex: Spanned<String>,
    hexes: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArrives {
    turn: Spanned<u8>,
    entry: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: Spanned<String>,
    side: Spanned<String>,
    en: String,
    ru: String,
    kind: Spanned<String>,
    size: Spanned<String>,
    class: Spanned<String>,
    attack: u8,
    defence: u8,
    movement: u8,
    steps: Spanned<u8>,
    reduced: Option<RawFace>,
    stacking: Option<u8>,
    #[serde(default)]
    exploit: bool,
    #[serde(default)]
    no_zoc: bool,
    #[serde(default)]
    barrage: u8,
    #[serde(default)]
    range: u8,
    at: Option<Spanned<String>>,
    within: Option<RawWithin>,
    arrives: Option<RawArrives>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSupply {
    side: Spanned<String>,
    #[serde(default)]
    edges: Vec<Spanned<String>>,
    #[serde(default)]
    hexes: Vec<Spanned<String>>,
    #[serde(default)]
    range: u16,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawVictory {
    ties: Option<Spanned<String>>,
    #[serde(default)]
    hex: Vec<RawVpHex>,
    #[serde(default)]
    steps: Vec<RawSteps>,
    #[serde(default)]
    exit: Vec<RawExit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVpHex {
    hex: Spanned<String>,
    vp: u16,
    control: Spanned<String>,
    en: Option<String>,
    ru: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSteps {
    side: Spanned<String>,
    vp: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExit {
    side: Spanned<String>,
    hexes: Vec<Spanned<String>>,
    vp: u16,
}

/// Unit kinds the renderer draws.
pub const KINDS: [&str; 9] =
    ["armour", "infantry", "motor-infantry", "recce", "artillery", "anti-tank", "machine-gun", "engineer", "hq"];
/// Unit sizes the renderer draws.
pub const SIZES: [&str; 5] = ["company", "battalion", "regiment", "brigade", "division"];

fn is_token(s: &str, extra: &str) -> bool {
    !s.is_empty()
        && s.len() <= 24
        && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || extra.contains(c))
}

impl Check<'_> {
    fn side(&mut self, sides: &[SideInfo], id: &Spanned<String>, key: &str) -> Option<Side> {
        match sides.iter().position(|s| s.id == *id.get_ref()) {
            Some(i) => Side::of_index(i),
            None => {
                self.err(
                    Some(id.span()),
                    key,
                    format!("{:?} is not a side of the scenario", id.get_ref()),
                    format!("{:?} — не сторона сценария", id.get_ref()),
                );
                None
            }
        }
    }

    fn map(&mut self, raw: &RawMap, charts: &Charts) -> Option<Map> {
        let rows_run = match raw.rows_run.as_ref().map(|s| s.get_ref().as_str()) {
            None | Some("up") => RowsRun::Up,
            Some("down") => RowsRun::Down,
            Some(other) => {
                self.err(
                    raw.rows_run.as_ref().map(|s| s.span()),
                    "map.rows_run",
                    format!("{other:?}: rows run \"up\" or \"down\""),
                    format!("{other:?}: ряды идут \"up\" или \"down\""),
                );
                RowsRun::Up
            }
        };
        let shifted = match raw.shifted.as_ref().map(|s| s.get_ref().as_str()) {
            None | Some("odd") => Parity::Odd,
            Some("even") => Parity::Even,
            Some(other) => {
                self.err(
                    raw.shifted.as_ref().map(|s| s.span()),
                    "map.shifted",
                    format!("{other:?}: \"odd\" or \"even\""),
                    format!("{other:?}: \"odd\" или \"even\""),
                );
                Parity::Odd
            }
        };
        let spec = GridSpec {
            columns: *raw.columns.get_ref(),
            rows: *raw.rows.get_ref(),
            orientation: Orientation::FlatColumns,
            shifted,
            numbering: Numbering::ColumnRowDigits,
            rows_run,
        };
        let grid = match HexGrid::new(spec) {
            Ok(g) => g,
            Err(e) => {
                self.err(Some(raw.columns.span()), "map.columns", format!("{e}"), format!("сетка гексов: {e}"));
                return None;
            }
        };
        let default = match charts.terrain_id(raw.default.get_ref()) {
            Some(t) => t,
            None => {
                self.err(
                    Some(raw.default.span()),
                    "map.default",
                    format!("{:?} is not a terrain of the charts", raw.default.get_ref()),
                    format!("{:?} — не вид местности таблиц", raw.default.get_ref()),
                );
                0
            }
        };
        let mut terrain = HexMap::new(&grid, default);
        let mut listed = BTreeSet::new();
        for (name, hexes) in &raw.terrain {
            let key = format!("map.terrain.{name}");
            let Some(t) = charts.terrain_id(name) else {
                self.err(
                    hexes.first().map(|h| h.span()),
                    key,
                    format!("{name:?} is not a terrain of the charts"),
                    format!("{name:?} — не вид местности таблиц"),
                );
                continue;
            };
            for label in hexes {
                if let Some(h) = self.hex(&grid, label, &key) {
                    if !listed.insert(h) {
                        self.err(
                            Some(label.span()),
                            &key,
                            format!("hex {} has two terrains", label.get_ref()),
                            format!("у гекса {} два вида местности", label.get_ref()),
                        );
                    }
                    terrain.set(h, t);
                }
            }
        }
        let mut hexsides = HexsideMap::new(None);
        for (name, pairs) in &raw.hexsides {
            let key = format!("map.hexsides.{name}");
            let Some(f) = charts.hexside_id(name) else {
                self.err(
                    pairs.first().map(|p| p.span()),
                    key,
                    format!("{name:?} is not a hexside feature of the charts"),
                    format!("{name:?} — не особенность стороны гекса в таблицах"),
                );
                continue;
            };
            for pair in pairs {
                let [a, b] = pair.get_ref();
                let (Some(ha), Some(hb)) = (self.hex(&grid, a, &key), self.hex(&grid, b, &key)) else { continue };
                if hexsides.get(&grid, ha, hb).is_some() && grid.are_adjacent(ha, hb) {
                    self.err(
                        Some(pair.span()),
                        &key,
                        format!("the hexside {}–{} has two features", a.get_ref(), b.get_ref()),
                        format!("у стороны {}–{} две особенности", a.get_ref(), b.get_ref()),
                    );
                }
                if hexsides.set(&grid, ha, hb, Some(f)).is_err() {
                    self.err(
                        Some(pair.span()),
                        &key,
                        format!("{} and {} are not adjacent", a.get_ref(), b.get_ref()),
                        format!("{} и {} не соседние", a.get_ref(), b.get_ref()),
                    );
                }
            }
        }
        let mut roads = HexsideMap::new(None);
        let mut road_paths = Vec::new();
        for (name, paths) in &raw.roads {
            let key = format!("map.roads.{name}");
            let Some(r) = charts.road_id(name) else {
                self.err(
                    paths.first().map(|p| p.span()),
                    key,
                    format!("{name:?} is not a road type of the charts"),
                    format!("{name:?} — не тип дороги в таблицах"),
                );
                continue;
            };
            for path in paths {
                let hexes: Vec<HexId> = path.get_ref().iter().filter_map(|l| self.hex(&grid, l, &key)).collect();
                if hexes.len() != path.get_ref().len() {
                    continue;
                }
                if hexes.len() < 2 {
                    self.err(
                        Some(path.span()),
                        &key,
                        "a road path needs two hexes or more".into(),
                        "путь дороги — два гекса или больше".into(),
                    );
                }
                for w in hexes.windows(2) {
                    if roads.set(&grid, w[0], w[1], Some(r)).is_err() {
                        self.err(
                            Some(path.span()),
                            &key,
                            format!("{} and {} are not adjacent", grid.label(w[0]), grid.label(w[1])),
                            format!("{} и {} не соседние", grid.label(w[0]), grid.label(w[1])),
                        );
                    }
                }
                road_paths.push((r, hexes));
            }
        }
        let places = raw
            .place
            .iter()
            .filter_map(|p| {
                let hex = self.hex(&grid, &p.hex, "map.place.hex")?;
                Some(Place { hex, name: Text::new(p.en.clone(), p.ru.clone()) })
            })
            .collect();
        Some(Map::new(grid, terrain, hexsides, roads, road_paths, places))
    }
}

fn edge_of(name: &str) -> Option<MapEdge> {
    match name {
        "north" => Some(MapEdge::North),
        "south" => Some(MapEdge::South),
        "east" => Some(MapEdge::East),
        "west" => Some(MapEdge::West),
        _ => None,
    }
}

/// Reads a scenario file; `series` gives the charts when the file has none.
///
/// # Errors
/// Every problem found, with `file`, line and key.
pub fn scenario(file: &str, src: &str, series: &Charts) -> Result<Scenario, DataErrors> {
    let raw: RawScenario = parse(file, src)?;
    let mut c = Check { file, src, errors: DataErrors::new() };
    let charts = match &raw.charts {
        Some(own) => c.charts(own, "charts."),
        None => series.clone(),
    };
    if !is_token(raw.id.get_ref(), "") {
        c.err(
            Some(raw.id.span()),
            "id",
            "a scenario id is 1-24 characters of a-z, 0-9 and -".into(),
            "id сценария — 1–24 символа a-z, 0-9 и -".into(),
        );
    }
    let sides_raw = raw.side.get_ref();
    if sides_raw.len() != 2 || sides_raw[0].id == sides_raw[1].id {
        c.err(
            Some(raw.side.span()),
            "side",
            "exactly two [[side]] tables with different ids".into(),
            "ровно две таблицы [[side]] с разными id".into(),
        );
        return Err(c.errors);
    }
    for (i, s) in sides_raw.iter().enumerate() {
        if !is_token(&s.id, "") {
            c.err(
                Some(raw.side.span()),
                format!("side[{i}].id"),
                "a side id is 1-24 characters of a-z, 0-9 and -".into(),
                "id стороны — 1–24 символа a-z, 0-9 и -".into(),
            );
        }
    }
    for (i, s) in sides_raw.iter().enumerate() {
        if let Some(colour) = s.colour.as_deref().filter(|c| !COLOURS.contains(c)) {
            c.err(
                Some(raw.side.span()),
                format!("side[{i}].colour"),
                format!("{colour:?} is not one of {}", COLOURS.join(", ")),
                format!("{colour:?} — не из списка {}", COLOURS.join(", ")),
            );
        }
    }
    let sides: [SideInfo; 2] = std::array::from_fn(|i| SideInfo {
        id: sides_raw[i].id.clone(),
        name: Text::new(sides_raw[i].en.clone(), sides_raw[i].ru.clone()),
        colour: sides_raw[i].colour.clone(),
    });
    let first = c.side(&sides, &raw.first, "first").unwrap_or(Side::ALL[0]);
    let turns = *raw.turns.get_ref();
    if turns == 0 || turns > 60 {
        c.err(Some(raw.turns.span()), "turns", "1 to 60 game turns".into(), "от 1 до 60 игровых ходов".into());
    }
    if !raw.turn.is_empty() && raw.turn.len() != usize::from(turns) {
        c.err(
            None,
            "turn",
            format!("{} [[turn]] labels for {turns} turns", raw.turn.len()),
            format!("{} меток [[turn]] на {turns} ходов", raw.turn.len()),
        );
    }
    let stacking = *raw.stacking.get_ref();
    if stacking == 0 {
        c.err(
            Some(raw.stacking.span()),
            "stacking",
            "the stacking limit is at least 1".into(),
            "лимит группирования — не меньше 1".into(),
        );
    }
    let mut barrage = false;
    for m in &raw.modules {
        match m.get_ref().as_str() {
            "barrage" => barrage = true,
            other => c.err(
                Some(m.span()),
                "modules",
                format!("{other:?} is not a module (known: \"barrage\")"),
                format!("{other:?} — не модуль (известен \"barrage\")"),
            ),
        }
    }
    if barrage && charts.barrage.is_none() {
        c.err(
            None,
            "modules",
            "module \"barrage\" needs a barrage table in the charts".into(),
            "модулю \"barrage\" нужна таблица обстрела".into(),
        );
    }
    let Some(map) = c.map(&raw.map, &charts) else { return Err(c.errors) };
    let grid = &map.grid;

    let mut units: Vec<UnitSpec> = Vec::new();
    let mut origin: Vec<(usize, Option<Range<usize>>)> = Vec::new();
    let mut ids = BTreeSet::new();
    for (i, ru) in raw.unit.iter().enumerate() {
        let span = Some(ru.span());
        let u = ru.get_ref();
        let key = |k: &str| format!("unit[{i}].{k}");
        if !is_token(u.id.get_ref(), "/") || !ids.insert(u.id.get_ref().clone()) {
            c.err(
                Some(u.id.span()),
                key("id"),
                format!("{:?}: a unit id is unique, 1-24 characters of a-z, 0-9, - and /", u.id.get_ref()),
                format!("{:?}: id подразделения уникален, 1–24 символа a-z, 0-9, - и /", u.id.get_ref()),
            );
        }
        let side = c.side(&sides, &u.side, &key("side"));
        for (value, list, k) in [(&u.kind, &KINDS[..], "kind"), (&u.size, &SIZES[..], "size")] {
            if !list.contains(&value.get_ref().as_str()) {
                c.err(
                    Some(value.span()),
                    key(k),
                    format!("{:?} is not one of {}", value.get_ref(), list.join(", ")),
                    format!("{:?} — не из списка {}", value.get_ref(), list.join(", ")),
                );
            }
        }
        let class = charts.class(u.class.get_ref()).unwrap_or_else(|| {
            c.err(
                Some(u.class.span()),
                key("class"),
                format!("{:?} is not a movement class of the charts", u.class.get_ref()),
                format!("{:?} — не класс движения таблиц", u.class.get_ref()),
            );
            0
        });
        let steps = *u.steps.get_ref();
        if !(1..=4).contains(&steps) {
            c.err(Some(u.steps.span()), key("steps"), "1 to 4 steps".into(), "от 1 до 4 шагов".into());
        }
        let full = Face { attack: u.attack, defence: u.defence, movement: u.movement };
        let reduced = match (&u.reduced, steps) {
            (Some(r), s) if s >= 2 => Face { attack: r.attack, defence: r.defence, movement: r.movement },
            (None, 1) => full,
            (Some(_), _) => {
                c.err(
                    span.clone(),
                    key("reduced"),
                    "a one-step unit has no reduced side".into(),
                    "у подразделения в один шаг нет ослабленной стороны".into(),
                );
                full
            }
            (None, _) => {
                c.err(
                    span.clone(),
                    key("reduced"),
                    "a unit of 2 or more steps needs its reduced values".into(),
                    "подразделению в 2 и более шага нужны значения ослабленной стороны".into(),
                );
                full
            }
        };
        if u.barrage > 0 && !barrage {
            c.err(
                span.clone(),
                key("barrage"),
                "a barrage value needs modules = [\"barrage\"]".into(),
                "значению обстрела нужен modules = [\"barrage\"]".into(),
            );
        }
        if u.barrage > 0 && u.range == 0 {
            c.err(
                span.clone(),
                key("range"),
                "a barrage unit needs a range of 1 or more".into(),
                "обстреливающему подразделению нужна дальность от 1".into(),
            );
        }
        let starts = [u.at.is_some(), u.within.is_some(), u.arrives.is_some()].iter().filter(|&&b| b).count();
        let start = if starts != 1 {
            c.err(
                span.clone(),
                key("at"),
                "exactly one of at, within, arrives".into(),
                "ровно одно из at, within, arrives".into(),
            );
            None
        } else if let Some(at) = &u.at {
            c.hex(grid, at, &key("at")).map(Start::At)
        } else if let Some(w) = &u.within {
            c.hex(grid, &w.hex, &key("within.hex")).map(|hex| Start::Within { hex, hexes: w.hexes })
        } else if let Some(a) = &u.arrives {
            let t = *a.turn.get_ref();
            if t < 1 || t > turns {
                c.err(
                    Some(a.turn.span()),
                    key("arrives.turn"),
                    format!("turn {t} is not a game turn (1-{turns})"),
                    format!("ход {t} — не игровой ход (1–{turns})"),
                );
            }
            let entry: Vec<HexId> = a.entry.iter().filter_map(|l| c.hex(grid, l, &key("arrives.entry"))).collect();
            if entry.is_empty() {
                c.err(
                    span.clone(),
                    key("arrives.entry"),
                    "a reinforcement needs an entry hex".into(),
                    "подкреплению нужен гекс входа".into(),
                );
            }
            Some(Start::Arrives { turn: t, entry })
        } else {
            None
        };
        if let (Some(side), Some(start)) = (side, start) {
            // Where the file has it, for the set-up checks below: a unit
            // that failed to load must not shift the next units' keys.
            origin.push((i, u.at.as_ref().map(|a| a.span()).or(span.clone())));
            units.push(UnitSpec {
                id: u.id.get_ref().clone(),
                side,
                name: Text::new(u.en.clone(), u.ru.clone()),
                kind: u.kind.get_ref().clone(),
                size: u.size.get_ref().clone(),
                class,
                full,
                reduced,
                steps: steps.clamp(1, 4),
                stacking: u.stacking,
                exploit: u.exploit,
                no_zoc: u.no_zoc,
                barrage: u.barrage,
                range: u.range,
                start,
            });
        }
    }
    if units.is_empty() || units.len() > 1000 {
        c.err(None, "unit", "1 to 1000 units".into(), "от 1 до 1000 подразделений".into());
    }
    for (i, side) in sides.iter().enumerate() {
        let n = units.iter().filter(|u| u.side.index() == i).count();
        if n > MAX_UNITS_A_SIDE {
            c.err(
                None,
                "unit",
                format!("{} has {n} units: at most {MAX_UNITS_A_SIDE} a side", side.id),
                format!("у стороны {} {n} подразделений: не больше {MAX_UNITS_A_SIDE} на сторону", side.id),
            );
        }
    }
    // Set-up checks: prohibited hexes, stacking (set-up note 2).
    let mut points: BTreeMap<HexId, (Side, u16)> = BTreeMap::new();
    for (u, (i, at)) in units.iter().zip(&origin) {
        let hexes: Vec<HexId> = match &u.start {
            Start::At(h) => vec![*h],
            Start::Within { hex, .. } => vec![*hex],
            Start::Arrives { entry, .. } => entry.clone(),
        };
        for h in hexes {
            let t = &charts.terrain[usize::from(*map.terrain.get(h))];
            if t.cost[usize::from(u.class)] == Cost::Prohibited && !matches!(u.start, Start::Within { .. }) {
                c.err(
                    at.clone(),
                    format!("unit[{i}]"),
                    format!("{} starts or enters in {} ({}), prohibited to its class", u.id, grid.label(h), t.key),
                    format!("{} начинает или входит в {} ({}), запрещённой для его класса", u.id, grid.label(h), t.key),
                );
            }
        }
        if let Start::At(h) = u.start {
            let e = points.entry(h).or_insert((u.side, 0));
            if e.0 != u.side {
                c.err(
                    at.clone(),
                    format!("unit[{i}].at"),
                    format!("{} sets up in {}, a hex the other side holds", u.id, grid.label(h)),
                    format!("{} расставлен в {}, гексе другой стороны", u.id, grid.label(h)),
                );
            }
            e.1 += u16::from(u.stacking_points(0));
            if e.1 > u16::from(stacking) {
                c.err(
                    at.clone(),
                    format!("unit[{i}].at"),
                    format!("{} is over the stacking limit of {stacking} (set-up note 2)", grid.label(h)),
                    format!("в {} превышен лимит группирования {stacking} (примечание 2 к расстановке)", grid.label(h)),
                );
            }
        }
    }
    let mut supply: [Vec<SupplySource>; 2] = [Vec::new(), Vec::new()];
    for (i, s) in raw.supply.iter().enumerate() {
        let sr = s.get_ref();
        let Some(side) = c.side(&sides, &sr.side, &format!("supply[{i}].side")) else { continue };
        let mut hexes: Vec<HexId> =
            sr.hexes.iter().filter_map(|h| c.hex(grid, h, &format!("supply[{i}].hexes"))).collect();
        for e in &sr.edges {
            match edge_of(e.get_ref()) {
                Some(edge) => hexes.extend(grid.ids().filter(|&h| grid.on_edge(h, edge))),
                None => c.err(
                    Some(e.span()),
                    format!("supply[{i}].edges"),
                    format!("{:?}: an edge is north, south, east or west", e.get_ref()),
                    format!("{:?}: край — north, south, east или west", e.get_ref()),
                ),
            }
        }
        hexes.sort();
        hexes.dedup();
        if hexes.is_empty() {
            c.err(
                Some(s.span()),
                format!("supply[{i}]"),
                "a supply source needs hexes or edges".into(),
                "источнику снабжения нужны гексы или края".into(),
            );
        }
        supply[side.index()].push(SupplySource { hexes, range: (sr.range > 0).then_some(sr.range) });
    }
    for side in Side::ALL {
        if supply[side.index()].is_empty() {
            c.err(
                None,
                "supply",
                format!("side {:?} has no supply source", sides[side.index()].id),
                format!("у стороны {:?} нет источника снабжения", sides[side.index()].id),
            );
        }
    }
    let mut victory = Victory { ties: None, ..Victory::default() };
    if let Some(t) = &raw.victory.ties {
        victory.ties = c.side(&sides, t, "victory.ties");
    }
    for (i, v) in raw.victory.hex.iter().enumerate() {
        let key = format!("victory.hex[{i}]");
        let (Some(hex), Some(control)) = (c.hex(grid, &v.hex, &key), c.side(&sides, &v.control, &key)) else {
            continue;
        };
        if victory.hexes.iter().any(|x: &VpHex| x.hex == hex) {
            c.err(
                Some(v.hex.span()),
                &key,
                format!("{} is listed twice", v.hex.get_ref()),
                format!("{} указан дважды", v.hex.get_ref()),
            );
            continue;
        }
        let name = match (&v.en, &v.ru) {
            (Some(en), Some(ru)) => Some(Text::new(en.clone(), ru.clone())),
            _ => None,
        };
        victory.hexes.push(VpHex { hex, vp: v.vp, control, name });
    }
    for (i, v) in raw.victory.steps.iter().enumerate() {
        if let Some(side) = c.side(&sides, &v.side, &format!("victory.steps[{i}].side")) {
            victory.per_step[side.index()] = v.vp;
        }
    }
    for (i, v) in raw.victory.exit.iter().enumerate() {
        let key = format!("victory.exit[{i}]");
        let Some(side) = c.side(&sides, &v.side, &key) else { continue };
        if victory.exits.iter().any(|e| e.side == side) {
            c.err(
                Some(v.side.span()),
                &key,
                "one [[victory.exit]] per side: list all its exit hexes there".into(),
                "один [[victory.exit]] на сторону: перечислите в нём все её гексы выхода".into(),
            );
            continue;
        }
        let hexes = v.hexes.iter().filter_map(|h| c.hex(grid, h, &key)).collect();
        victory.exits.push(ExitRule { side, hexes, vp: v.vp });
    }
    let scale = raw.scale.as_ref().map(RawText::text);
    let turn_names = raw.turn.iter().map(RawText::text).collect();
    let scenario = Scenario {
        id: raw.id.get_ref().clone(),
        name: Text::new(raw.en.clone(), raw.ru.clone()),
        authored: raw.authored,
        scale,
        turns,
        first,
        stacking,
        barrage,
        sides,
        turn_names,
        map,
        charts,
        units,
        supply,
        victory,
    };
    c.errors.into_result(scenario)
}
