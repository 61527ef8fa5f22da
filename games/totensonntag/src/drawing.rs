//! What a graphical front end needs: the static picture of the map and the
//! counters ([`Totensonntag::map_drawing`]) and where each action points
//! ([`Totensonntag::action_hint`]).
//!
//! Everything here is public information in Corps Command (the map, the
//! printed counters, the reinforcement schedule), so one drawing serves every
//! viewer; what changes (positions, hits) comes with the view.

use crate::action::Action;
use crate::scenario::Start;
use crate::state::State;
use crate::unit::UnitClass;
use crate::{Totensonntag, RELIEF_STRENGTH};
use sandtable_core::Hint;
use serde_json::{json, Value};

/// Rounds a drawing coordinate to 3 decimals: the JSON stays small and exact
/// enough for any screen.
fn r3(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}

impl Totensonntag {
    /// The map and counters as JSON for the browser renderer
    /// (`web/totensonntag.js` in this crate). Hex ids are the labels the notation and
    /// the view use (`M7`), unit ids their codes (`pr8-1`). Coordinates are
    /// for hexes of size 1 (centre to corner), pointy-topped, y downwards,
    /// north up. Cost: O(hexes + units), about 40 KB of JSON; the server
    /// caches it per game.
    pub fn map_drawing(&self) -> Value {
        let grid = &self.map.grid;
        let (_, _, width, height) = grid.bounds();
        let hexes: Vec<Value> = grid
            .ids()
            .map(|h| {
                let info = self.map.info(h);
                let (x, y) = grid.center(h);
                let mut hex = json!({
                    "id": grid.label(h),
                    "x": r3(x),
                    "y": r3(y),
                    "terrain": info.terrain,
                });
                // Only the marks a hex has, to keep the drawing small.
                if info.entrenched {
                    hex["entrenched"] = json!(true);
                }
                if info.point {
                    hex["point"] = json!(true);
                }
                if let Some(i) = self.map.vp_index(h) {
                    hex["vp"] = json!(i);
                }
                if h == self.map.exit {
                    hex["exit"] = json!(true);
                }
                hex
            })
            .collect();
        let places: Vec<Value> =
            self.map.places.iter().map(|p| json!({ "hex": grid.label(p.hex), "name": p.name })).collect();
        let tracks: Vec<Value> = self
            .map
            .tracks
            .iter()
            .map(|t| json!({ "name": t.name, "hexes": t.hexes.iter().map(|&h| grid.label(h)).collect::<Vec<_>>() }))
            .collect();
        let units: Vec<Value> = self
            .scenario
            .unit_ids()
            .map(|u| {
                let spec = self.scenario.unit(u);
                let mut unit = json!({
                    "code": spec.code,
                    "name": spec.name,
                    "formation": self.scenario.formation(u).name,
                    "side": spec.side(),
                    "nationality": spec.nationality,
                    "class": spec.class,
                    "strength": spec.strength,
                    "defence": spec.defence,
                    "initiative": spec.initiative,
                });
                if spec.class == UnitClass::Artillery {
                    unit["range"] = json!(spec.range);
                }
                for (flag, on) in [("panzer3", spec.panzer3), ("combined", spec.combined_arms), ("stuart", spec.stuart)]
                {
                    if on {
                        unit[flag] = json!(true);
                    }
                }
                if let Start::Arrives(a) = self.scenario.starts[u.index()] {
                    let entry = &self.scenario.entries[usize::from(a.entry)];
                    unit["arrives"] = json!({
                        "turn": a.turn,
                        "pair": a.pair,
                        "hexes": entry.hexes.iter().map(|&h| grid.label(h)).collect::<Vec<_>>(),
                    });
                }
                unit
            })
            .collect();
        json!({
            "kind": "hex",
            "width": r3(width),
            "height": r3(height),
            "hexes": hexes,
            "places": places,
            "tracks": tracks,
            "units": units,
            // 9.1: the formations whose losses the panel counts, by id.
            "formations": self.scenario.formations.iter().map(|f| json!({"id": f.id, "name": f.name})).collect::<Vec<_>>(),
            // 9.2: the strength that must exit through Q2 to relieve Tobruk.
            "relief": RELIEF_STRENGTH,
        })
    }

    /// Where `a` points on the map: the unit it is about and the hex it
    /// reaches (a bombardment points at its target's hex; the spotter is
    /// chosen from a menu when several could spot). Initiative choices, the
    /// end of an impulse and night recovery are buttons. O(1).
    pub fn action_hint(&self, s: &State, a: Action) -> Hint {
        let code = |u| self.scenario.unit(u).code.clone();
        let label = |h| self.map.grid.label(h);
        match a {
            Action::Move(u, h) | Action::Enter(u, h) | Action::Attack(u, h) | Action::Advance(u, h) => {
                Hint::to(code(u), label(h))
            }
            Action::Bombard(art, target, _) => match s.hex_of(target) {
                Some(h) => Hint::to(code(art), label(h)),
                None => Hint::piece(code(art)),
            },
            Action::Exit(u) | Action::Eliminate(u) => Hint::piece(code(u)),
            // Stack order (4.0) alone is not something to do: the unit does not glow for it.
            Action::Top(u) => Hint::minor(code(u)),
            Action::Pick(_) | Action::Roll | Action::Shift(_) | Action::End | Action::Recover => Hint::NONE,
        }
    }
}
