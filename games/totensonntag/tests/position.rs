//! Positions as data: a state read from JSON is checked before play starts
//! from it (`Ruleset::validate`), every problem named with where it is.

mod common;
use common::*;
use sandtable_core::Ruleset;
use sandtable_totensonntag::{Pos, State};

/// `s` edited as JSON, the way a user edits a position file.
fn edited(s: &State, edit: impl FnOnce(&mut serde_json::Value)) -> State {
    let mut v = serde_json::to_value(s).expect("states serialise");
    edit(&mut v);
    serde_json::from_value(v).expect("still a state's shape")
}

fn problems(r: &sandtable_totensonntag::Totensonntag, s: &State) -> Vec<String> {
    r.validate(s).err().unwrap_or_default().into_iter().map(|e| e.at).collect()
}

#[test]
fn position_a_played_state_validates_and_every_impossible_field_is_named() {
    let (r, mut s) = blank(1);
    let pz = put(&r, &mut s, "pz", "M7");
    assert_eq!(problems(&r, &s), Vec::<String>::new());
    let bad = edited(&s, |v| {
        v["units"][pz.index()]["pos"] = serde_json::json!({"hex": 60000});
        v["turn"] = serde_json::json!(99);
        v["level"][1] = serde_json::json!(7);
        v["pairs"] = serde_json::json!(3);
    });
    let at = problems(&r, &bad);
    for field in [format!("units[{}].pos", pz.index()), "turn".into(), "level[1]".into(), "pairs".into()] {
        assert!(at.contains(&field), "{field} not named in {at:?}");
    }
    let fewer = edited(&s, |v| {
        v["units"].as_array_mut().expect("units").pop();
    });
    assert_eq!(problems(&r, &fewer), vec!["units".to_owned()]);
}

#[test]
fn position_the_test_helper_refuses_an_impossible_position_naming_it() {
    let (r, s) = blank(1);
    let bad = edited(&s, |v| v["pair"] = serde_json::json!(9));
    let json = serde_json::to_value(&bad).expect("serialises");
    let panic = std::panic::catch_unwind(|| sandtable_core::testing::position(&r, json)).expect_err("refused");
    let msg = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("pair: pair 9 of 5"), "{msg}");
}

#[test]
fn position_cct_1_0_hits_below_strength_or_the_unit_is_destroyed() {
    let (r, mut s) = blank(1);
    let pz = put(&r, &mut s, "pz", "M7");
    let printed = r.scenario.unit(pz).strength;
    s.units[pz.index()].hits = printed - 1;
    assert!(r.validate(&s).is_ok(), "one step left: still on the map");
    s.units[pz.index()].hits = printed;
    assert_eq!(problems(&r, &s), vec![format!("units[{}].hits", pz.index())]);
    s.units[pz.index()].pos = Pos::Destroyed;
    assert!(r.validate(&s).is_ok(), "destroyed with all its hits");
}
