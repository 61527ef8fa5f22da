//! Positions as data: a state read from JSON is checked before play starts
//! from it (`Ruleset::validate`), every problem named with where it is.

mod common;
use common::*;
use sandtable_core::Ruleset;
use sandtable_totensonntag::{Act, Phase, Pos, Side, State};

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

#[test]
fn position_cct_4_0_three_units_stack_anywhere_four_only_in_their_sides_impulse_or_overstack_phase() {
    let (r, mut s) = blank(1);
    for code in ["pz", "pz2", "sch"] {
        put(&r, &mut s, code, "C3");
    }
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "three units stack in any phase");
    put(&r, &mut s, "aa", "C3");
    assert_eq!(problems(&r, &s), vec!["hex C3".to_owned()], "four are refused outside the Axis impulse");
    let e = r.validate(&s).expect_err("refused");
    assert!(e[0].text.en.contains("(4.0)") && e[0].text.ru.contains("группировать можно до 3"), "{e:?}");
    // 4.0: stacking is checked at the end of the impulse.
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "over the limit during the owner's impulse");
    s.phase = Phase::Overstack { side: Side::Axis, second: false };
    assert_eq!(problems(&r, &s), Vec::<String>::new(), "and in its Overstack phase");
    r.start_impulse(&mut s, Side::Allies, 4);
    assert_eq!(problems(&r, &s), vec!["hex C3".to_owned()], "never during the enemy's impulse");
    s.units[unit(&r, "aa").index()].pos = Pos::Destroyed;
    s.phase = Phase::Overstack { side: Side::Axis, second: false };
    assert_eq!(problems(&r, &s), vec!["phase".to_owned()], "an Overstack phase needs a hex over the limit");
}

#[test]
fn position_cct_6_0_no_hex_holds_both_sides_and_units_stand_where_they_may_enter() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "C3");
    put(&r, &mut s, "cru", "C4");
    assert!(r.validate(&s).is_ok());
    put(&r, &mut s, "cru", "C3");
    assert_eq!(problems(&r, &s), vec!["hex C3".to_owned()]);

    let (r, mut s) = blank(1);
    let inf = put(&r, &mut s, "inf", "F5");
    assert!(r.validate(&s).is_ok(), "infantry on an escarpment");
    let pz = put(&r, &mut s, "pz", "J7");
    assert_eq!(problems(&r, &s), vec![format!("units[{}].pos", pz.index())], "armour on an escarpment");
    s.units[pz.index()].pos = Pos::Off;
    s.place(inf, hex(&r, "F9"));
    assert_eq!(problems(&r, &s), vec![format!("units[{}].pos", inf.index())], "anyone on impassable terrain");
}

#[test]
fn position_cct_4_0_every_unit_on_the_map_has_its_own_stack_order() {
    let (r, mut s) = blank(1);
    let a = put(&r, &mut s, "pz", "C3");
    let b = put(&r, &mut s, "pz2", "C3");
    assert!(r.validate(&s).is_ok());
    s.units[b.index()].order = s.units[a.index()].order;
    assert_eq!(problems(&r, &s), vec![format!("units[{}].order", b.index().max(a.index()))]);
}

#[test]
fn position_cct_9_2_exited_strength_is_recomputed_from_the_exited_units() {
    let (r, mut s) = blank(1);
    let cru = unit(&r, "cru");
    s.units[cru.index()].pos = Pos::Exited;
    s.units[cru.index()].hits = 1;
    assert_eq!(problems(&r, &s), vec!["exited".to_owned()], "strength 3 gone through Q2, none counted");
    s.exited = r.scenario.unit(cru).strength - 1;
    assert!(r.validate(&s).is_ok(), "strength after hits counted");
    s.exited += 1;
    assert_eq!(problems(&r, &s), vec!["exited".to_owned()], "one too many");
    s.exited -= 1;
    let pz = unit(&r, "pz");
    s.units[pz.index()].pos = Pos::Exited;
    s.exited += r.scenario.unit(pz).strength;
    assert_eq!(problems(&r, &s), vec![format!("units[{}].pos", pz.index())], "6.2: only the Allies exit");
}

#[test]
fn position_cct_9_0_an_occupied_victory_hex_is_controlled_by_its_occupant() {
    let (r, mut s) = blank(1);
    assert_eq!(s.control[0], Side::Axis);
    put(&r, &mut s, "cru", "M7");
    assert_eq!(problems(&r, &s), vec!["control[0]".to_owned()]);
    s.control[0] = Side::Allies;
    assert!(r.validate(&s).is_ok());
    s.units[unit(&r, "cru").index()].pos = Pos::Destroyed;
    s.units[unit(&r, "cru").index()].hits = r.scenario.unit(unit(&r, "cru")).strength;
    assert!(r.validate(&s).is_ok(), "an empty hex stays with the last side to occupy it");
    s.control[0] = Side::Axis;
    assert!(r.validate(&s).is_ok(), "either side, whatever history made it");
}

#[test]
fn position_cct_3_2_one_unit_under_way_and_only_in_its_sides_impulse() {
    let (r, mut s) = blank(1);
    let pz = put(&r, &mut s, "pz", "C3");
    r.start_impulse(&mut s, Side::Axis, 4);
    s.active = Some(pz);
    s.units[pz.index()].act = Act::Moving;
    assert!(r.validate(&s).is_ok(), "the unit under way moves");
    let pz2 = put(&r, &mut s, "pz2", "C4");
    s.units[pz2.index()].act = Act::Moving;
    assert_eq!(problems(&r, &s), vec!["active".to_owned()], "two units moving at once");
    s.units[pz2.index()].act = Act::Done;
    s.active = None;
    assert_eq!(problems(&r, &s), vec!["active".to_owned()], "a moving unit that is not under way");
    s.active = Some(pz);
    r.start_impulse(&mut s, Side::Allies, 4);
    s.active = Some(pz);
    s.units[pz.index()].act = Act::Moving;
    assert_eq!(problems(&r, &s), vec!["active".to_owned()], "an Axis unit under way in the Allied impulse");
}

#[test]
fn position_cct_2_1_secret_picks_only_while_picking_and_the_phasing_level_is_set() {
    let (r, mut s) = blank(1);
    assert_eq!(s.phase, Phase::InitiativePick);
    s.secret[Side::Allies.index()] = Some(4);
    assert!(r.validate(&s).is_ok(), "2.2: the Allies pick in the first pair");
    s.secret[Side::Axis.index()] = Some(4);
    assert_eq!(problems(&r, &s), vec!["secret[0]".to_owned()], "the Axis holds no pick privilege");
    s.secret = [None, None];
    r.start_impulse(&mut s, Side::Axis, 4);
    s.secret[Side::Allies.index()] = Some(4);
    assert_eq!(problems(&r, &s), vec!["secret[1]".to_owned()], "no secret outside the pick");
    s.secret = [None, None];
    s.level[Side::Axis.index()] = 0;
    assert_eq!(problems(&r, &s), vec!["level[0]".to_owned()], "an impulse at no level");
}

#[test]
fn position_cct_1_0_hits_never_pass_strength_even_on_a_destroyed_unit() {
    let (r, mut s) = blank(1);
    let pz = unit(&r, "pz");
    s.units[pz.index()].pos = Pos::Destroyed;
    s.units[pz.index()].hits = r.scenario.unit(pz).strength;
    assert!(r.validate(&s).is_ok());
    s.units[pz.index()].hits += 1;
    assert_eq!(problems(&r, &s), vec![format!("units[{}].hits", pz.index())]);
}
