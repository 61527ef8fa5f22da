//! What a graphical front end needs: the static picture of the scenario —
//! map, counters as printed, charts — and where each action points.
//!
//! Everything here is public in SCS (the map, the counter mix, the
//! reinforcement schedule, the charts); positions and steps come with the view.

use crate::action::Action;
use crate::charts::Cost;
use crate::movement::mp;
use crate::state::State;
use crate::unit::Start;
use crate::Scs;
use sandtable_core::Hint;
use serde_json::{json, Value};

fn r3(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}

fn penalty(p: &crate::charts::Penalty) -> Value {
    json!({ "attack": p.attack.to_string(), "defence": p.defence.to_string(), "movement": p.movement.to_string() })
}

fn cost_text(c: Cost) -> String {
    match c {
        Cost::Prohibited => "P".into(),
        Cost::Halves(h) => mp(h),
    }
}

impl Scs {
    /// The map, counters and charts as JSON for `web/scs.js`. Hexes are
    /// flat-topped, size 1 (centre to corner), y downwards. Cost: O(hexes +
    /// units + hexsides); the server caches it per scenario.
    pub fn map_drawing(&self) -> Value {
        let map = self.map();
        let grid = &map.grid;
        let charts = &self.scenario.charts;
        let (_, _, width, height) = grid.bounds();
        let hexes: Vec<Value> = grid
            .ids()
            .map(|h| {
                let (x, y) = grid.center(h);
                json!({ "id": grid.label(h), "x": r3(x), "y": r3(y), "terrain": charts.terrain[usize::from(*map.terrain.get(h))].key })
            })
            .collect();
        let hexsides: Vec<Value> = map
            .hexsides
            .iter()
            .filter_map(|(a, b, f)| f.map(|f| json!({ "a": grid.label(a), "b": grid.label(b), "feature": charts.hexsides[usize::from(f)].key })))
            .collect();
        let roads: Vec<Value> = map
            .road_paths
            .iter()
            .map(|(r, hs)| json!({ "type": charts.roads[usize::from(*r)].key, "hexes": hs.iter().map(|&h| grid.label(h)).collect::<Vec<_>>() }))
            .collect();
        let places: Vec<Value> =
            map.places.iter().map(|p| json!({ "hex": grid.label(p.hex), "name": p.name })).collect();
        let side_id = |s: crate::unit::Side| self.scenario.sides[s.index()].id.clone();
        let units: Vec<Value> = self
            .scenario
            .units
            .iter()
            .map(|u| {
                let mut v = json!({
                    "id": u.id, "side": side_id(u.side), "name": u.name, "kind": u.kind, "size": u.size,
                    "class": charts.classes[usize::from(u.class)],
                    "full": [u.full.attack, u.full.defence, u.full.movement],
                    "reduced": [u.reduced.attack, u.reduced.defence, u.reduced.movement],
                    "steps": u.steps, "exploit": u.exploit,
                });
                if u.barrage > 0 {
                    v["barrage"] = json!([u.barrage, u.range]);
                }
                if let Start::Arrives { turn, entry } = &u.start {
                    v["arrives"] =
                        json!({ "turn": turn, "hexes": entry.iter().map(|&h| grid.label(h)).collect::<Vec<_>>() });
                }
                v
            })
            .collect();
        let crt: Vec<Value> = charts
            .crt
            .columns
            .iter()
            .zip(&charts.crt.cells)
            .map(|(c, cells)| json!({ "odds": c.to_string(), "results": cells.iter().map(|r| r.text()).collect::<Vec<_>>() }))
            .collect();
        let terrain: Vec<Value> = charts
            .terrain
            .iter()
            .map(|t| json!({ "key": t.key, "name": t.name, "move": t.cost.iter().map(|&c| cost_text(c)).collect::<Vec<_>>(), "defence": t.defence.to_string(), "shift": t.shift, "barrage": t.barrage }))
            .collect();
        let features: Vec<Value> = charts
            .hexsides
            .iter()
            .map(|t| json!({ "key": t.key, "name": t.name, "move": t.cost.iter().map(|&c| cost_text(c)).collect::<Vec<_>>(), "attack": t.attack.to_string(), "shift": t.shift }))
            .collect();
        let road_types: Vec<Value> =
            charts.roads.iter().map(|r| json!({ "key": r.key, "name": r.name, "move": mp(r.cost) })).collect();
        let victory: Vec<Value> = self
            .scenario
            .victory
            .hexes
            .iter()
            .map(|v| json!({ "hex": grid.label(v.hex), "vp": v.vp, "name": v.name }))
            .collect();
        let exits: Vec<Value> = self
            .scenario
            .victory
            .exits
            .iter()
            .map(|e| json!({ "side": side_id(e.side), "vp": e.vp, "hexes": e.hexes.iter().map(|&h| grid.label(h)).collect::<Vec<_>>() }))
            .collect();
        json!({
            "kind": "hex",
            "orientation": "flat",
            "width": r3(width),
            "height": r3(height),
            "scenario": { "id": self.scenario.id, "name": self.scenario.name, "scale": self.scenario.scale, "authored": self.scenario.authored,
                          "turns": self.scenario.turns, "turn_names": (1..=self.scenario.turns).map(|t| self.scenario.turn_name(t)).collect::<Vec<_>>(),
                          "stacking": self.scenario.stacking, "barrage": self.scenario.barrage,
                          "first": side_id(self.scenario.first) },
            "sides": self.scenario.sides.iter().map(|s| json!({ "id": s.id, "name": s.name, "colour": s.colour })).collect::<Vec<_>>(),
            "hexes": hexes,
            "hexsides": hexsides,
            "roads": roads,
            "places": places,
            "victory": victory,
            "exits": exits,
            "units": units,
            "charts": {
                "classes": charts.classes, "terrain": terrain, "hexsides": features, "roads": road_types, "crt": crt,
                "barrage": charts.barrage.as_ref().map(|b| json!({
                    "columns": b.columns,
                    "no_spotter": b.no_spotter,
                    "results": b.cells.iter().map(|row| row.iter().map(|r| match r {
                        crate::charts::BarrageResult::NoEffect => "NE".to_string(),
                        crate::charts::BarrageResult::Dg => "DG".to_string(),
                        crate::charts::BarrageResult::Steps(k) => k.to_string(),
                    }).collect::<Vec<_>>()).collect::<Vec<_>>(),
                })),
                "dg": penalty(&charts.dg),
                "supply": penalty(&charts.supply),
            },
        })
    }

    /// Where `a` points: the unit and the hex it reaches. O(1).
    pub fn action_hint(&self, s: &State, a: Action) -> Hint {
        let id = |u: crate::unit::UnitId| self.scenario.unit(u).id.clone();
        let label = |h| self.map().grid.label(h);
        match a {
            Action::Place(u, h)
            | Action::Enter(u, h)
            | Action::Move(u, h)
            | Action::Overrun(u, h)
            | Action::Attack(u, h)
            | Action::Barrage(u, h)
            | Action::Retreat(u, h) => Hint::to(id(u), label(h)),
            Action::Advance(u) => match &s.fight {
                Some(f) => Hint::to(id(u), label(f.target)),
                None => Hint::piece(id(u)),
            },
            Action::Join(u) | Action::Exit(u) | Action::Back(u) | Action::Lose(u) | Action::Eliminate(u) => {
                Hint::piece(id(u))
            }
            // Stack order alone is not something to do: the unit does not glow for it.
            Action::Top(u) => Hint::minor(id(u)),
            Action::Cancel | Action::Declare | Action::Roll | Action::End => Hint::NONE,
        }
    }
}
