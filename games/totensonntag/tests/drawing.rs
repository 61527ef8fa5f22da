//! The map drawing and the action hints a graphical front end reads
//! (`Ruleset::drawing`, `Ruleset::hint`; the browser renderer, web/totensonntag.js).

mod common;

use common::*;
use sandtable_core::{Hint, Ruleset};
use sandtable_totensonntag::{Action, Side, Totensonntag};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

fn hexes(d: &Value) -> HashMap<String, &Value> {
    d["hexes"].as_array().expect("hexes").iter().map(|h| (h["id"].as_str().expect("id").to_owned(), h)).collect()
}

#[test]
fn drawing_every_hex_once_at_its_grid_centre() {
    let r = Totensonntag::standard();
    let d = r.drawing();
    assert_eq!(d["kind"], "hex");
    let by_id = hexes(&d);
    assert_eq!(by_id.len(), r.map.grid.len(), "a hex drawn twice or missing");
    let (w, h) = (d["width"].as_f64().unwrap(), d["height"].as_f64().unwrap());
    for id in r.map.grid.ids() {
        let label = r.map.grid.label(id);
        let hx = by_id.get(&label).unwrap_or_else(|| panic!("{label} not drawn"));
        let (x, y) = (hx["x"].as_f64().unwrap(), hx["y"].as_f64().unwrap());
        assert!(x > 0.0 && x < w && y > 0.0 && y < h, "{label} off the canvas");
        // Neighbours on the rules' grid are neighbours on the drawing (√3 apart).
        for (_, n) in r.map.grid.neighbors(id) {
            let m = by_id[&r.map.grid.label(n)];
            let dist = ((m["x"].as_f64().unwrap() - x).powi(2) + (m["y"].as_f64().unwrap() - y).powi(2)).sqrt();
            assert!((dist - 3f64.sqrt()).abs() < 0.01, "{label}–{}: {dist}", r.map.grid.label(n));
        }
        let t = hx["terrain"].as_str().unwrap();
        assert_eq!(serde_json::to_value(r.map.info(id).terrain).unwrap(), t, "{label} terrain");
    }
    // North is up: row Q (north edge) above row A.
    assert!(by_id["Q2"]["y"].as_f64() < by_id["A2"]["y"].as_f64());
}

#[test]
fn drawing_marks_victory_exit_and_terrain_features() {
    let r = Totensonntag::standard();
    let d = r.drawing();
    let by_id = hexes(&d);
    // CCT 9.0: M7, N16, N3 in that order; 6.2: Q2.
    for (i, vp) in ["M7", "N16", "N3"].iter().enumerate() {
        assert_eq!(by_id[*vp]["vp"], i, "{vp}");
    }
    assert_eq!(by_id["Q2"]["exit"], true);
    assert_eq!(d["hexes"].as_array().unwrap().iter().filter(|h| h.get("vp").is_some()).count(), 3);
    for id in r.map.grid.ids() {
        let info = r.map.info(id);
        let hx = by_id[&r.map.grid.label(id)];
        assert_eq!(hx.get("entrenched").is_some(), info.entrenched);
        assert_eq!(hx.get("point").is_some(), info.point);
    }
    // Named places and tracks name drawn hexes.
    for p in d["places"].as_array().unwrap() {
        assert!(by_id.contains_key(p["hex"].as_str().unwrap()), "{p}");
        assert!(p["name"]["ru"].as_str().is_some_and(|s| !s.is_empty()));
    }
    for t in d["tracks"].as_array().unwrap() {
        for h in t["hexes"].as_array().unwrap() {
            assert!(by_id.contains_key(h.as_str().unwrap()), "{t}");
        }
    }
}

#[test]
fn drawing_every_counter_with_its_printed_values() {
    let r = Totensonntag::standard();
    let d = r.drawing();
    let units = d["units"].as_array().unwrap();
    assert_eq!(units.len(), r.scenario.units.len());
    let codes: HashSet<&str> = units.iter().map(|u| u["code"].as_str().unwrap()).collect();
    assert_eq!(codes.len(), units.len(), "a counter drawn twice");
    let by_id = hexes(&d);
    for u in r.scenario.unit_ids() {
        let spec = r.scenario.unit(u);
        let drawn = units.iter().find(|x| x["code"] == spec.code.as_str()).unwrap();
        assert_eq!(drawn["strength"], spec.strength);
        assert_eq!(drawn["defence"], spec.defence);
        assert_eq!(drawn["initiative"], spec.initiative);
        assert_eq!(drawn["side"], if spec.side() == Side::Axis { "axis" } else { "allies" });
        assert_eq!(drawn.get("range").is_some(), spec.class == sandtable_totensonntag::UnitClass::Artillery);
        // 6.1: a reinforcement shows when and where it arrives.
        if let Some(a) = drawn.get("arrives") {
            assert!(a["turn"].as_u64().unwrap() >= 1);
            for h in a["hexes"].as_array().unwrap() {
                assert!(by_id.contains_key(h.as_str().unwrap()));
            }
        }
    }
    assert!(units.iter().any(|u| u.get("arrives").is_some()), "the scenario has reinforcements");
}

/// Every action of a position with moves, attacks, a bombardment, an entry,
/// an exit and stack orders: the hint names the unit and hex of its notation.
#[test]
fn hints_name_the_unit_and_the_hex_of_each_action() {
    let (r, mut s) = blank(3);
    put(&r, &mut s, "pz", "K10");
    put(&r, &mut s, "sch", "K10");
    put(&r, &mut s, "art", "H10");
    put(&r, &mut s, "cru", "K11");
    put(&r, &mut s, "rifle", "M10");
    put(&r, &mut s, "ac", "Q2");
    r.start_impulse(&mut s, Side::Axis, 1);
    let mut buf = Vec::new();
    r.legal_actions(&s, AXIS, &mut buf);
    let mut kinds = HashSet::new();
    for &a in &buf {
        let text = r.notation(a);
        let words: Vec<&str> = text.split(' ').collect();
        let h = r.hint(&s, a);
        match a {
            Action::Move(..) | Action::Enter(..) | Action::Attack(..) | Action::Advance(..) => {
                assert_eq!((h.piece.as_deref(), h.place.as_deref()), (Some(words[1]), Some(words[2])), "{text}");
            }
            Action::Bombard(_, target, _) => {
                let at = r.map.grid.label(s.hex_of(target).unwrap());
                assert_eq!((h.piece.as_deref(), h.place.as_deref()), (Some(words[1]), Some(at.as_str())), "{text}");
            }
            Action::Top(_) | Action::Exit(_) | Action::Eliminate(_) => {
                assert_eq!((h.piece.as_deref(), h.place), (Some(words[1]), None), "{text}");
            }
            _ => assert_eq!(h, Hint::NONE, "{text}"),
        }
        kinds.insert(words[0].to_owned());
    }
    for k in ["move", "attack", "bombard", "top", "end"] {
        assert!(kinds.contains(k), "no {k} among {kinds:?}");
    }
    // The Allies' exit through Q2 (6.2) is a button of the unit; picks are buttons.
    r.start_impulse(&mut s, Side::Allies, 1);
    let ac = unit(&r, "ac");
    assert!(is_legal(&r, &s, ALLIES, "exit ac"), "{:?}", legal(&r, &s, ALLIES));
    assert_eq!(r.hint(&s, Action::Exit(ac)), Hint::piece("ac"));
    for a in [Action::Pick(3), Action::Roll, Action::Shift(1), Action::End, Action::Recover] {
        assert_eq!(r.hint(&s, a), Hint::NONE);
    }
}
