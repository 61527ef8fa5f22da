//! What a graphical front end needs: the static picture of the board
//! ([`Colditz::board_drawing`]) and where each action points
//! ([`Colditz::action_hint`]).
//!
//! The drawing is derived from the validated board alone. Every circle sits
//! on one hex lattice (`data/BOARD.md` §2: x = 1 + 2c, +1 on odd rows;
//! y = 1.25 + 1.75r, y downwards), so a front end can draw each circle's
//! hex tile in its area's colour; the walls are the tile edges between two
//! lattice neighbours that no step joins (a door is a gap, a drop crosses a
//! wall), computed here once.

use crate::action::{Action, Arg};
use crate::board::{Gate, Link, Symbol, Zone};
use crate::cards::Card;
use crate::pawn::Nation;
use crate::state::State;
use crate::{pawns_per_officer, CircleId, Colditz};
use sandtable_core::{Hint, Text};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::fmt::Write;

/// Lattice spacing (BOARD.md §2).
const DX: f32 = 2.0;
const DY: f32 = 1.75;
/// Tile corner radius: rows of pointy-top tiles 1.75 apart need 1.5 R = 1.75.
const R: f32 = DY / 1.5;

/// An area of the board, found from the prefix of its circles' ids
/// (BOARD.md §4). Rooms are found from the circle's zone instead.
struct AreaDef {
    id: &'static str,
    prefixes: &'static [&'static str],
    kind: &'static str,
    en: &'static str,
    ru: &'static str,
}

const AREAS: &[AreaDef] = &[
    AreaDef { id: "appel", prefixes: &["ap"], kind: "appel", en: "Appel", ru: "Место Сбора" },
    AreaDef {
        id: "courtyard", prefixes: &["ic"], kind: "courtyard", en: "Inner Courtyard", ru: "Внутренний Двор"
    },
    AreaDef {
        id: "stair", prefixes: &["tw"], kind: "courtyard", en: "Stair Tower", ru: "Лестничная Башня"
    },
    AreaDef {
        id: "cells-inner",
        prefixes: &["ci"],
        kind: "cells",
        en: "Inner Solitary Cells",
        ru: "Внутренние Одиночные Камеры",
    },
    AreaDef {
        id: "cells-outer",
        prefixes: &["co"],
        kind: "cells",
        en: "Outer Solitary Cells",
        ru: "Внешние Одиночные Камеры",
    },
    AreaDef {
        id: "north-terrace", prefixes: &["nt"], kind: "terrace", en: "North Terrace", ru: "Северная Терраса"
    },
    AreaDef {
        id: "nw-safe",
        prefixes: &["nws"],
        kind: "safe",
        en: "NW Safe Area",
        ru: "Северо-западная Безопасная Зона",
    },
    AreaDef {
        id: "west-terrace", prefixes: &["wt"], kind: "terrace", en: "West Terrace", ru: "Западная Терраса"
    },
    AreaDef {
        id: "lower-terrace",
        prefixes: &["lt"],
        kind: "terrace",
        en: "Lower South Terrace",
        ru: "Нижняя Южная Терраса",
    },
    AreaDef {
        id: "upper-terrace",
        prefixes: &["ut"],
        kind: "terrace",
        en: "Upper South Terrace",
        ru: "Верхняя Южная Терраса",
    },
    AreaDef { id: "sw-garden", prefixes: &["sg"], kind: "safe", en: "SW Garden", ru: "Юго-западный Сад" },
    AreaDef { id: "grass", prefixes: &["gr"], kind: "safe", en: "North Grass", ru: "Северный Газон" },
    AreaDef {
        id: "outer-courtyard", prefixes: &["oc"], kind: "yard", en: "Outer Courtyard", ru: "Внешний Двор"
    },
    AreaDef { id: "lawn", prefixes: &["lw"], kind: "yard", en: "Lawn", ru: "Лужайка" },
    AreaDef {
        id: "se-safe", prefixes: &["se"], kind: "safe", en: "SE Safe Area", ru: "Юго-восточная Безопасная Зона"
    },
    AreaDef { id: "annex", prefixes: &["ax"], kind: "roof", en: "Annex Roofs", ru: "Крыши Пристроек" },
    AreaDef { id: "ramp", prefixes: &["rp"], kind: "walkway", en: "Ramp", ru: "Пандус" },
    AreaDef {
        id: "east-walkway", prefixes: &["ew"], kind: "walkway", en: "East Walkway", ru: "Восточный Проход"
    },
    AreaDef {
        id: "north-wire-path",
        prefixes: &["nb"],
        kind: "path",
        en: "Beyond the North Wire",
        ru: "За Северной Проволокой",
    },
    AreaDef { id: "north-path", prefixes: &["np"], kind: "path", en: "North Path", ru: "Северная Тропа" },
    AreaDef {
        id: "nw-path", prefixes: &["nw"], kind: "path", en: "NW Path", ru: "Северо-западная Тропа"
    },
    AreaDef {
        id: "footbridge", prefixes: &["fb"], kind: "bridge", en: "Footbridge", ru: "Пешеходный Мостик"
    },
    AreaDef {
        id: "east-bank", prefixes: &["ne", "eb"], kind: "path", en: "East Bank", ru: "Восточный Берег"
    },
    AreaDef { id: "river", prefixes: &["rv"], kind: "river", en: "River", ru: "Река" },
    AreaDef { id: "main-bridge", prefixes: &["mb"], kind: "bridge", en: "Main Bridge", ru: "Главный Мост" },
    AreaDef {
        id: "se-path", prefixes: &["sep"], kind: "path", en: "SE Bank Path", ru: "Юго-восточная Тропа"
    },
    AreaDef {
        id: "sw-path",
        prefixes: &["swa", "swb", "swc", "sw"],
        kind: "path",
        en: "SW Path",
        ru: "Юго-западная Тропа",
    },
    AreaDef {
        id: "s-path", prefixes: &["spa", "spb", "sp"], kind: "path", en: "South Path", ru: "Южная Тропа"
    },
    AreaDef {
        id: "gates",
        prefixes: &[],
        kind: "gate",
        en: "Doors and Inspection Points",
        ru: "Двери и Инспекционные Пункты",
    },
    AreaDef { id: "targets", prefixes: &[], kind: "target", en: "Targets", ru: "Цели" },
    AreaDef { id: "car", prefixes: &[], kind: "car", en: "Staff Car", ru: "Штатный Автомобиль" },
];

/// Nation colours (the pawn colours of the game).
fn colour(n: Nation) -> &'static str {
    match n {
        Nation::British => "#c62828",
        Nation::American => "#1e5bc6",
        Nation::French => "#7b4a22",
        Nation::Dutch => "#ef7d00",
        Nation::Polish => "#2e7d32",
    }
}

fn symbol_text(s: Symbol) -> Text {
    match s {
        Symbol::Food => Text::fixed("food", "еда"),
        Symbol::Disguise => Text::fixed("disguise", "маскировка"),
        Symbol::Documents => Text::fixed("documents", "документы"),
        Symbol::Compass => Text::fixed("compass", "компас"),
        Symbol::Key => Text::fixed("key", "ключ"),
        Symbol::Rope => Text::fixed("rope", "верёвка"),
        Symbol::Cutters => Text::fixed("wire cutters", "кусачки"),
        Symbol::Pass => Text::fixed("pass", "пропуск"),
    }
}

fn text(t: &Text) -> Value {
    json!({"en": t.en, "ru": t.ru})
}

/// Rounds a coordinate for the JSON (three decimals).
fn r3(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}

/// A circle's lattice cell: (2x, row), so that lattice neighbours differ by
/// (±4, 0) or (±2, ±1).
fn cell(x: f32, y: f32) -> (i32, i32) {
    ((x * 2.0).round() as i32, ((y - 1.25) / DY).round() as i32)
}

/// A tile edge: the neighbour's cell offset and the edge's two corners
/// relative to the centre.
type Edge = ((i32, i32), (f32, f32), (f32, f32));

/// The six edges of a pointy-top tile.
fn edges() -> [Edge; 6] {
    let h = DX / 2.0;
    [
        ((4, 0), (h, -R / 2.0), (h, R / 2.0)),    // east
        ((2, 1), (h, R / 2.0), (0.0, R)),         // south-east
        ((-2, 1), (0.0, R), (-h, R / 2.0)),       // south-west
        ((-4, 0), (-h, R / 2.0), (-h, -R / 2.0)), // west
        ((-2, -1), (-h, -R / 2.0), (0.0, -R)),    // north-west
        ((2, -1), (0.0, -R), (h, -R / 2.0)),      // north-east
    ]
}

impl Colditz {
    /// The area a circle belongs to (index into [`AREAS`] or a room id).
    fn area_of(&self, c: CircleId) -> String {
        let data = self.board.circle(c);
        if let Zone::Room(r) = data.zone {
            return self.board.rooms[r as usize].id.clone();
        }
        if data.car {
            return "car".into();
        }
        if data.gate.is_some() {
            return "gates".into();
        }
        if data.target {
            return "targets".into();
        }
        let key = self.board.key(c);
        let prefix = key.trim_end_matches(|ch: char| ch.is_ascii_digit());
        AREAS.iter().find(|a| a.prefixes.contains(&prefix)).map_or_else(|| "other".to_owned(), |a| a.id.to_owned())
    }

    /// The static board picture (see [`sandtable_core::Ruleset::drawing`]).
    /// O(circles + links).
    pub fn board_drawing(&self) -> Value {
        let b = &self.board;
        let net = &b.net;
        let ids: Vec<CircleId> = net.ids().collect();
        let area: Vec<String> = ids.iter().map(|&c| self.area_of(c)).collect();
        let area_index = |c: CircleId| &area[c.index()];
        // Cells facts.
        let mut cell_block: HashMap<CircleId, &'static str> = HashMap::new();
        let mut exits: HashMap<CircleId, &'static str> = HashMap::new();
        let mut free_gates: HashMap<CircleId, &'static str> = HashMap::new();
        for (block, name) in b.cells.iter().zip(["inner", "outer"]) {
            for &c in &block.circles {
                cell_block.insert(c, name);
            }
            exits.insert(block.exit, name);
            for &g in &block.free_gates {
                free_gates.insert(g, name);
            }
        }

        // Circles.
        let circles: Vec<Value> = ids
            .iter()
            .map(|&c| {
                let d = b.circle(c);
                let zone = if d.car {
                    "car"
                } else {
                    match d.zone {
                        Zone::Appel => "appel",
                        Zone::Inner => "inner",
                        Zone::Room(_) => "room",
                        Zone::Outer => "outer",
                        Zone::Outside => "outside",
                        Zone::CellInner => "cell-inner",
                        Zone::CellOuter => "cell-outer",
                    }
                };
                let kind = if d.car {
                    "car"
                } else if d.target {
                    "target"
                } else if let Some(g) = d.gate {
                    match g {
                        Gate::Key => "door",
                        Gate::Pass => "inspection",
                    }
                } else if d.zone.is_cell() {
                    "cell"
                } else if d.zone == Zone::Appel {
                    "appel"
                } else if d.safe {
                    "safe"
                } else if matches!(d.zone, Zone::Room(_)) {
                    "room"
                } else {
                    match d.zone {
                        Zone::Inner => "inner",
                        Zone::Outer => "outer",
                        _ => "outside",
                    }
                };
                let mut o = json!({
                    "id": b.key(c),
                    "x": r3(d.x),
                    "y": r3(d.y),
                    "zone": zone,
                    "kind": kind,
                    "area": area_index(c),
                });
                let m = o.as_object_mut().expect("an object");
                if let Zone::Room(r) = d.zone {
                    m.insert("room".into(), json!(b.rooms[r as usize].id));
                }
                if d.guard_post {
                    m.insert("post".into(), json!(true));
                }
                if d.safe {
                    m.insert("safe".into(), json!(true));
                }
                if d.searchlight {
                    m.insert("searchlight".into(), json!(true));
                }
                if d.walkway {
                    m.insert("walkway".into(), json!(true));
                }
                if d.target {
                    m.insert("target".into(), json!(true));
                }
                if let Some(g) = d.gate {
                    m.insert("gate".into(), json!(if g == Gate::Key { "key" } else { "pass" }));
                }
                if let Some((t, step)) = d.tunnel {
                    let last = b.tunnels[t.index()].course.len() - 1;
                    let role = match usize::from(step) {
                        0 => "entrance",
                        s if s == last => "exit",
                        _ => "middle",
                    };
                    m.insert("tunnel".into(), json!({"id": t.name(), "step": step, "role": role}));
                }
                if let Some(l) = &d.label {
                    m.insert("label".into(), json!(l));
                }
                if let Some(block) = cell_block.get(&c) {
                    m.insert("cells".into(), json!(block));
                }
                if let Some(block) = exits.get(&c) {
                    m.insert("exit".into(), json!(block));
                }
                if let Some(block) = free_gates.get(&c) {
                    m.insert("free_gate".into(), json!(block));
                }
                o
            })
            .collect();

        // Links.
        let links: Vec<Value> = net
            .all_links()
            .map(|(a, bb, l)| {
                let (da, db) = (b.circle(a), b.circle(bb));
                let mut o = json!({"a": b.key(a), "b": b.key(bb)});
                let m = o.as_object_mut().expect("an object");
                let kind = match *l {
                    Link::Step if da.car || db.car => "car",
                    Link::Step if da.zone.is_cell() || db.zone.is_cell() => {
                        if da.zone.is_cell() && db.zone.is_cell() {
                            "cell"
                        } else {
                            "cell-door"
                        }
                    }
                    Link::Step if da.gate.is_some() || db.gate.is_some() => "gate",
                    Link::Step if area_index(a) != area_index(bb) && (is_room(da.zone) || is_room(db.zone)) => "door",
                    Link::Step
                        if area_index(a) != area_index(bb)
                            && (b.key(a).starts_with("tw") || b.key(bb).starts_with("tw")) =>
                    {
                        "door"
                    }
                    Link::Step => "step",
                    Link::Drop { upper, ropes } => {
                        m.insert("upper".into(), json!(b.key(upper)));
                        m.insert("ropes".into(), json!(ropes));
                        if ropes == 1 {
                            "drop30"
                        } else {
                            "drop60"
                        }
                    }
                    Link::Wire => "wire",
                    Link::Tunnel => {
                        let t = da.tunnel.or(db.tunnel).map(|(t, _)| t.name());
                        m.insert("tunnel".into(), json!(t));
                        "tunnel"
                    }
                };
                m.insert("kind".into(), json!(kind));
                o
            })
            .collect();

        // Walls and wire: tile edges between lattice neighbours not joined
        // by a step (or a tunnel step under the surface), and the castle's
        // tiles' edges facing nothing. Edges between two outside tiles are
        // left out (open country).
        let by_cell: HashMap<(i32, i32), CircleId> =
            ids.iter().filter(|&&c| c != b.car).map(|&c| (cell(b.circle(c).x, b.circle(c).y), c)).collect();
        let mut walls = String::new();
        let mut wire = String::new();
        for &c in &ids {
            if c == b.car {
                continue;
            }
            let d = b.circle(c);
            let (cx, cy) = cell(d.x, d.y);
            for ((ox, oy), p, q) in edges() {
                let nb = by_cell.get(&(cx + ox, cy + oy)).copied();
                // Each shared edge once: from the circle with the smaller index.
                if nb.is_some_and(|n| n.index() < c.index()) {
                    continue;
                }
                let outside = |z: Zone| z == Zone::Outside;
                // The wire runs round the north and north-west band on its
                // outer side (and wherever a wire link crosses).
                let is_wire = match nb {
                    None => is_wire_band(area_index(c)),
                    Some(n) => {
                        net.link(c, n) == Some(&Link::Wire)
                            || (is_wire_band(area_index(c)) && outside(b.circle(n).zone))
                            || (is_wire_band(area_index(n)) && outside(d.zone))
                    }
                };
                let open = match nb {
                    None => outside(d.zone),
                    Some(n) => {
                        matches!(net.link(c, n), Some(Link::Step | Link::Tunnel))
                            || (outside(d.zone) && outside(b.circle(n).zone))
                    }
                };
                if open {
                    continue;
                }
                let out = if is_wire { &mut wire } else { &mut walls };
                let _ = write!(out, "M{} {}L{} {}", r3(d.x + p.0), r3(d.y + p.1), r3(d.x + q.0), r3(d.y + q.1));
            }
        }

        // Areas: rooms first (in board order), then the rest.
        let mut area_ids: Vec<(String, &'static str, Text)> =
            b.rooms.iter().map(|r| (r.id.clone(), "room", r.name.clone())).collect();
        area_ids.extend(AREAS.iter().map(|a| (a.id.to_owned(), a.kind, Text::fixed(a.en, a.ru))));
        let areas: Vec<Value> = area_ids
            .iter()
            .filter_map(|(id, kind, name)| {
                let members: Vec<CircleId> = ids.iter().copied().filter(|&c| area_index(c) == id).collect();
                if members.is_empty() {
                    return None;
                }
                let xs = members.iter().map(|&c| b.circle(c).x);
                let ys = members.iter().map(|&c| b.circle(c).y);
                let x0 = xs.clone().fold(f32::MAX, f32::min) - DX / 2.0;
                let x1 = xs.fold(f32::MIN, f32::max) + DX / 2.0;
                let y0 = ys.clone().fold(f32::MAX, f32::min) - R;
                let y1 = ys.fold(f32::MIN, f32::max) + R;
                let n = members.len() as f32;
                let (mx, my) =
                    members.iter().fold((0.0, 0.0), |(sx, sy), &c| (sx + b.circle(c).x / n, sy + b.circle(c).y / n));
                // The label sits on the member circle nearest the centroid.
                let at = members
                    .iter()
                    .copied()
                    .min_by(|&p, &q| {
                        let dp = (b.circle(p).x - mx).powi(2) + (b.circle(p).y - my).powi(2);
                        let dq = (b.circle(q).x - mx).powi(2) + (b.circle(q).y - my).powi(2);
                        dp.total_cmp(&dq)
                    })
                    .expect("members");
                let mut o = json!({
                    "id": id,
                    "kind": kind,
                    "name": text(name),
                    "box": [r3(x0), r3(y0), r3(x1), r3(y1)],
                    "label": [r3(b.circle(at).x), r3(b.circle(at).y)],
                    "centre": [r3(mx), r3(my)],
                    "circles": members.len(),
                });
                if let Some(room) = b.rooms.iter().find(|r| &r.id == id) {
                    let m = o.as_object_mut().expect("an object");
                    m.insert("symbol".into(), json!(room.symbol.name()));
                    m.insert("symbol_name".into(), text(&symbol_text(room.symbol)));
                    let kit = Symbol::KIT.contains(&room.symbol);
                    m.insert("supplies".into(), json!(if kit { "kit" } else { "equipment" }));
                    let doors: Vec<&str> = members
                        .iter()
                        .flat_map(|&c| net.links(c).map(move |(n, l)| (c, n, l)))
                        .filter(|(_, n, l)| **l == Link::Step && area_index(*n) != id)
                        .map(|(c, _, _)| b.key(c))
                        .collect();
                    m.insert("doors".into(), json!(doors));
                    if let Some(t) = crate::TunnelId::ALL.into_iter().find(|t| t.name() == id) {
                        m.insert("tunnel".into(), json!(t.name()));
                    }
                }
                Some(o)
            })
            .collect();

        let tunnels: Vec<Value> = crate::TunnelId::ALL
            .iter()
            .map(|t| {
                let course: Vec<&str> = b.tunnels[t.index()].course.iter().map(|&c| b.key(c)).collect();
                let room = b.rooms.iter().find(|r| r.id == t.name()).map(|r| text(&r.name));
                json!({"id": t.name(), "name": room, "course": course})
            })
            .collect();
        let cells: Vec<Value> = b
            .cells
            .iter()
            .zip([
                ("inner", "Inner Solitary Cells", "Внутренние Одиночные Камеры"),
                ("outer", "Outer Solitary Cells", "Внешние Одиночные Камеры"),
            ])
            .map(|(block, (id, en, ru))| {
                json!({
                    "id": id,
                    "name": {"en": en, "ru": ru},
                    "circles": block.circles.iter().map(|&c| b.key(c)).collect::<Vec<_>>(),
                    "exit": b.key(block.exit),
                    "free_gates": block.free_gates.iter().map(|&c| b.key(c)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let mut appel = serde_json::Map::new();
        for (i, layout) in b.appel.iter().enumerate() {
            let players = i + 2;
            let per: Vec<Value> = layout
                .iter()
                .zip(Nation::ALL)
                .map(|(list, n)| json!({"nation": n.id(), "circles": list.iter().map(|&c| b.key(c)).collect::<Vec<_>>()}))
                .collect();
            appel.insert(players.to_string(), Value::Array(per));
        }
        let nations: Vec<Value> = Nation::ALL
            .iter()
            .map(|&n| {
                json!({
                    "id": n.id(),
                    "prefix": n.prefix(),
                    "name": text(&n.name()),
                    "colour": colour(n),
                })
            })
            .collect();
        let symbols: serde_json::Map<String, Value> =
            Symbol::ALL.iter().map(|&s| (s.name().to_owned(), text(&symbol_text(s)))).collect();
        let (w, h) = b.size;
        let car = b.circle(b.car);
        json!({
            "game": "colditz",
            "provenance": b.provenance,
            "note": {
                "en": "Schematic board authored by the sandtable project, not the published artwork.",
                "ru": "Схематичное поле, нарисованное проектом sandtable, — не опубликованное поле игры.",
            },
            "width": r3(w),
            "height": r3(h),
            "viewBox": format!("0 0 {} {}", r3(w), r3(h)),
            "lattice": {"dx": DX, "dy": r3(DY), "r": r3(R), "half_width": DX / 2.0},
            "circles": circles,
            "links": links,
            "walls": walls,
            "wire": wire,
            "areas": areas,
            "tunnels": tunnels,
            "cells": cells,
            "appel": appel,
            "holding": [
                {"id": "barracks", "name": {"en": "Barracks", "ru": "Бараки"}, "x": r3(b.holding[0].0), "y": r3(b.holding[0].1)},
                {"id": "office", "name": {"en": "Commander's Office", "ru": "Командный Пункт"}, "x": r3(b.holding[1].0), "y": r3(b.holding[1].1)},
            ],
            "car": {"id": b.key(b.car), "x": r3(car.x), "y": r3(car.y), "name": {"en": "Staff Car", "ru": "Штатный Автомобиль"}},
            "nations": nations,
            "german": {"id": "german", "name": {"en": "German Security Officer", "ru": "Офицер Охраны"}, "colour": "#37474f"},
            "symbols": symbols,
            "pawns_per_officer": (2..=6u8).map(pawns_per_officer).collect::<Vec<_>>(),
        })
    }

    /// Where an action points (see [`sandtable_core::Ruleset::hint`]):
    /// moves, crossings and postings name the pawn and the circle; pawn-only
    /// decisions name the pawn; cards aimed at a pawn name it (and the second
    /// target's circle); the rest are buttons.
    pub fn action_hint(&self, s: &State, a: Action) -> Hint {
        let b = &self.board;
        let at = |p: crate::PawnId| s.pawn(p).circle().map(|c| b.key(c).to_owned());
        let with = |p: crate::PawnId, place: Option<String>| match place {
            Some(c) => Hint::to(p.code(), c),
            None => Hint::piece(p.code()),
        };
        match a {
            Action::Move(p, c) | Action::Cross(p, c) | Action::Deploy(p, c) | Action::Clear(p, c) => {
                Hint::to(p.code(), b.key(c))
            }
            Action::Recall(p) | Action::Release(p) | Action::DoOrDie(p) => Hint::piece(p.code()),
            Action::Play(card, x, y) => match (card, x, y) {
                (Card::StaffCar, Arg::Pawn(p), _) => Hint::to(p.code(), b.key(b.car)),
                (Card::MoveFast(room), Arg::Pawn(p), _) => {
                    with(p, self.free_in_room(s, room).map(|c| b.key(c).to_owned()))
                }
                (Card::Inspection | Card::ShootToKill | Card::Tunnel(_), Arg::Pawn(p), Arg::Pawn(q)) => with(p, at(q)),
                (Card::Release, Arg::Pawn(p), Arg::Circle(c)) => Hint::to(p.code(), b.key(c)),
                (Card::Diversion | Card::Release | Card::ArrestKeyHolder | Card::ArrestPassHolder, Arg::Pawn(p), _) => {
                    Hint::piece(p.code())
                }
                (Card::TunnelDetected, Arg::Tunnel(t), _) => Hint::place(b.key(b.tunnels[t.index()].course[0])),
                _ => Hint::NONE,
            },
            _ => Hint::NONE,
        }
    }
}

fn is_room(z: Zone) -> bool {
    matches!(z, Zone::Room(_))
}

/// The areas along the north and north-west wire (BOARD.md §6.6): their
/// edges onto the outside are drawn as wire, not wall.
fn is_wire_band(area: &str) -> bool {
    matches!(area, "north-terrace" | "nw-safe")
}
