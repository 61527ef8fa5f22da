//! Odds before the dice (issue 14) for attacks, overruns (7.2, 7.5) and
//! bombardment (7.4): exact, from the rules run over every roll, with the
//! attack rating and each modifier named by rule. Expected odds below are
//! counted by hand from 2d6: P(2d6 ≥ 5) = 30/36, ≥ 6 = 26/36, ≥ 8 = 15/36.

mod common;
use common::*;
use sandtable_core::{Forecast, Ruleset};
use sandtable_totensonntag::{Side, State, Totensonntag};

fn odds(r: &Totensonntag, s: &State, text: &str) -> Option<Forecast> {
    r.forecast(s, AXIS, r.parse(text).expect("notation"))
}

fn p(f: &Forecast, en: &str) -> f64 {
    f.outcomes.iter().find(|c| c.text.en == en).map_or(0.0, |c| c.p)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn basis(f: &Forecast) -> Vec<String> {
    f.basis.iter().map(|b| format!("{} {}", b.rule, b.text.en)).collect()
}

#[test]
fn cct_7_2_odds_of_a_hit_are_two_dice_plus_rating_at_least_defence() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G7");
    put(&r, &mut s, "cru", "G8"); // DR 10; pz rates 4 + 1: a hit on 5+
    r.start_impulse(&mut s, Side::Axis, 4);
    let before = s.clone();
    let f = odds(&r, &s, "attack pz G8").expect("an attack rolls");
    assert_eq!(s, before, "asking changes nothing");
    assert!(close(p(&f, "hit: cru to strength 3"), 30.0 / 36.0), "{f:?}");
    assert!(close(p(&f, "no effect"), 6.0 / 36.0), "{f:?}");
    assert_eq!(f.outcomes.len(), 2);
    assert_eq!(
        basis(&f),
        ["CCT 7.1 strength 4", "CCT 7.1 +1 German tanks", "CCT 7.2 AR 5 against DR 10: a hit on 2d6 ≥ 5"]
    );
    assert!(f.outcomes.iter().all(|c| !c.text.ru.is_empty()));
}

#[test]
fn cct_7_1_a_modifier_moves_the_odds_by_exactly_its_step() {
    // The same attack on escarpment (F5 is one): −1, a hit on 6+ (26/36).
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "E5");
    put(&r, &mut s, "cru", "F5");
    r.start_impulse(&mut s, Side::Axis, 4);
    let f = odds(&r, &s, "attack pz F5").unwrap();
    assert!(close(p(&f, "hit: cru to strength 3"), 26.0 / 36.0), "{f:?}");
    assert!(basis(&f).contains(&"CCT 7.1 -1 target on escarpment or entrenched".to_owned()), "{:?}", basis(&f));
    assert!(basis(&f).last().unwrap().ends_with("a hit on 2d6 ≥ 6"));
}

#[test]
fn cct_7_2_a_hit_on_the_last_strength_point_destroys() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G7");
    let cru = put(&r, &mut s, "cru", "G8");
    s.unit_mut(cru).hits = 3;
    r.start_impulse(&mut s, Side::Axis, 4);
    let f = odds(&r, &s, "attack pz G8").unwrap();
    assert!(close(p(&f, "hit: cru destroyed"), 30.0 / 36.0), "{f:?}");
    assert!(close(p(&f, "hit: cru to strength 0"), 0.0));
}

#[test]
fn cct_7_4_bombardment_odds_are_the_check_times_the_attack() {
    // art (strength 3) on rifle (DR 10): AR 3 − 1 = 2, a hit on 8+ (15/36).
    // (spotter hex, target hex, spotter moved, check needs): H7 is a point hex.
    for (at, target, moved, need) in [("E5", "E6", false, 4), ("H7", "G7", false, 3), ("E5", "E6", true, 5)] {
        let (r, mut s) = blank(1);
        put(&r, &mut s, "art", "G3");
        put(&r, &mut s, "rifle", target);
        let pz = put(&r, &mut s, "pz", at);
        s.unit_mut(pz).moved_turn = moved;
        r.start_impulse(&mut s, Side::Axis, 4);
        let f = odds(&r, &s, "bombard art rifle spot pz").expect("a bombardment rolls");
        let check = f64::from(7 - need) / 6.0;
        assert!(close(p(&f, "hit: rifle to strength 2"), check * 15.0 / 36.0), "{at} moved={moved}: {f:?}");
        assert!(close(p(&f, "no effect"), 1.0 - check * 15.0 / 36.0));
        let b = basis(&f);
        assert!(b.contains(&format!("CCT 7.4 bombardment check: {need}+ on one die")), "{b:?}");
        assert!(b.contains(&"CCT 7.4 -1 bombardment".to_owned()), "{b:?}");
        assert_eq!(b.contains(&"CCT 7.4 -1 spotter moved this turn".to_owned()), moved);
        assert_eq!(b.contains(&"CCT 7.4 +1 spotter on a point hex".to_owned()), at == "H7");
    }
}

#[test]
fn cct_7_5_overrun_odds_carry_the_overrun_modifiers() {
    // pz moves next to ac (recon) and overruns: −1 overrun against recon.
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G6");
    put(&r, &mut s, "ac", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz G7");
    let f = odds(&r, &s, "attack pz G8").expect("an overrun rolls");
    assert!(basis(&f).contains(&"CCT 7.1 -1 overrun against recon".to_owned()), "{:?}", basis(&f));
}

#[test]
fn cct_7_0_actions_that_roll_nothing_have_no_odds() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G7");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    assert!(odds(&r, &s, "move pz G6").is_none());
    assert!(odds(&r, &s, "end").is_none());
    assert!(odds(&r, &s, "attack pz G6").is_none(), "an illegal attack has no odds");
}
