//! Rules 8.0 (night), 8.1 (recovery), 9.0 (victory), 9.1 (shattered
//! divisions), 9.2 (relief of Tobruk).

mod common;
use common::*;
use sandtable_core::{Ruleset, Setup, ToAct};
use sandtable_totensonntag::{Phase, Pos, Side, Totensonntag};

#[test]
fn cct_8_0_night_after_the_last_pair_allies_roll_first() {
    let (r, mut s) = blank(1);
    pass_until(&r, &mut s, |s| matches!(s.phase, Phase::Night { .. }));
    assert_eq!(s.phase, Phase::Night { side: Side::Allies });
    assert_eq!(refused(&r, &s, AXIS, "recover").rule, "CCT 2.0");
    play(&r, &mut s, ALLIES, "recover");
    assert_eq!(s.phase, Phase::Night { side: Side::Axis });
    play(&r, &mut s, AXIS, "recover");
    assert_eq!((s.turn, s.pair), (2, 1));
    assert_eq!(refused(&r, &s, s.first.seat(), "recover").rule, "CCT 8.0");
}

#[test]
fn cct_8_1_recovery_table() {
    let (r, _) = blank(1);
    let t = |code: &str, zoc: bool| r.recovery_target(unit(&r, code), zoc);
    // German tanks, anti-tank and recon: 3–6.
    assert_eq!((t("pz", false), t("pj", false), t("aa", false)), (Some(3), Some(3), Some(3)));
    // German artillery and infantry: 4–6.
    assert_eq!((t("art", false), t("inf", false), t("sch", false)), (Some(4), Some(4), Some(4)));
    // Allied artillery and infantry: 4–6.
    assert_eq!(
        (t("rha", false), t("rifle", false), t("nz", false), t("sai", false)),
        (Some(4), Some(4), Some(4), Some(4))
    );
    // Allied tanks and recon: 5–6.
    assert_eq!((t("cru", false), t("ac", false)), (Some(5), Some(5)));
    // Italians: 6 only, and never in an enemy ZOC.
    assert_eq!((t("m13", false), t("m13", true)), (Some(6), None));
    // −1 from the roll in an enemy ZOC.
    assert_eq!((t("pz", true), t("cru", true)), (Some(4), Some(6)));
}

#[test]
fn cct_8_1_one_die_per_hit() {
    for seed in 0..20 {
        let (r, mut s) = blank(seed);
        let pz = put(&r, &mut s, "pz", "C3");
        let cru = put(&r, &mut s, "cru", "C5");
        let dead = put(&r, &mut s, "cru2", "G9");
        s.unit_mut(pz).hits = 3;
        s.unit_mut(cru).hits = 2;
        s.unit_mut(dead).hits = 4;
        s.unit_mut(dead).pos = Pos::Destroyed;
        s.phase = Phase::Night { side: Side::Allies };
        let ev = play(&r, &mut s, ALLIES, "recover");
        assert_eq!(ev.len(), 1, "only the Crusader on the map rolls");
        let back = ev[0].dice.iter().filter(|&&d| d >= 5).count() as u8;
        assert_eq!(ev[0].dice.len(), 2);
        assert_eq!(s.unit(cru).hits, 2 - back);
        assert_eq!(s.unit(dead).hits, 4, "destroyed units do not recover");
        let ev = play(&r, &mut s, AXIS, "recover");
        let back = ev[0].dice.iter().filter(|&&d| d >= 3).count() as u8;
        assert_eq!(s.unit(pz).hits, 3 - back);
    }
}

#[test]
fn cct_8_1_enemy_zoc_subtracts_one_and_stops_italians() {
    for seed in 0..20 {
        let (r, mut s) = blank(seed);
        let pz = put(&r, &mut s, "pz", "C3");
        let m13 = put(&r, &mut s, "m13", "C5");
        put(&r, &mut s, "cru", "C4"); // both in its ZOC
        s.unit_mut(pz).hits = 3;
        s.unit_mut(m13).hits = 2;
        s.phase = Phase::Night { side: Side::Axis };
        let ev = play(&r, &mut s, AXIS, "recover");
        let pz_event = ev.iter().find(|e| e.text.en.starts_with("pz ")).unwrap();
        let back = pz_event.dice.iter().filter(|&&d| d >= 4).count() as u8;
        assert_eq!(s.unit(pz).hits, 3 - back);
        assert_eq!(s.unit(m13).hits, 2);
    }
}

#[test]
fn cct_9_0_control_goes_to_the_last_side_to_occupy() {
    // Authored: the Axis holds all three hexes at the start.
    let (std_rules, std_state) = standard();
    assert_eq!(std_state.control, [Side::Axis; 3]);
    assert_eq!(std_rules.victory(&std_state).hexes, 0);
    let (r, mut s) = blank(1);
    put(&r, &mut s, "cru", "L7");
    r.start_impulse(&mut s, Side::Allies, 4);
    play(&r, &mut s, ALLIES, "move cru M7");
    play(&r, &mut s, ALLIES, "move cru M8");
    assert_eq!(s.control[0], Side::Allies, "kept after leaving");
    assert_eq!(r.victory(&s).hexes, 1);
    put(&r, &mut s, "pz", "L6");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz M7");
    assert_eq!(s.control[0], Side::Axis);
}

#[test]
fn cct_9_0_allies_win_above_zero() {
    let (r, mut s) = blank(1);
    s.phase = Phase::Over;
    let ToAct::Over(o) = r.to_act(&s) else { panic!() };
    assert!(o.winners.contains(AXIS), "0 VP is an Axis win");
    s.control = [Side::Allies, Side::Axis, Side::Axis];
    let ToAct::Over(o) = r.to_act(&s) else { panic!() };
    assert!(o.winners.contains(ALLIES));
    assert_eq!(o.text.en, "Allies win with 1 VP");
}

fn standard() -> (Totensonntag, sandtable_totensonntag::State) {
    let r = Totensonntag::standard();
    let s = r.setup(&r.info().resolve(&Setup::seeded(1)).unwrap()).unwrap();
    (r, s)
}

fn destroy(
    r: &Totensonntag,
    s: &mut sandtable_totensonntag::State,
    pick: impl Fn(&sandtable_totensonntag::UnitSpec) -> bool,
    n: usize,
) {
    let ids: Vec<_> = r.scenario.unit_ids().filter(|&u| pick(r.scenario.unit(u))).take(n).collect();
    assert_eq!(ids.len(), n, "not enough units to destroy");
    for u in ids {
        s.unit_mut(u).pos = Pos::Destroyed;
    }
}

#[test]
fn cct_9_1_axis_division_shattered_at_four_german_tanks_count_two() {
    let (r, mut s) = standard();
    let f = r.scenario.formations.iter().position(|f| f.id == "15pz").unwrap();
    let of = |spec: &sandtable_totensonntag::UnitSpec| {
        spec.formation == r.scenario.unit(r.scenario.unit_by_code("pr8-1").unwrap()).formation
    };
    destroy(&r, &mut s, |u| of(u) && !u.is_german_armour(), 3);
    assert_eq!(r.formation_losses(&s, f), (3, 4));
    assert_eq!(r.victory(&s).axis_shattered, 0);
    let (r, mut s) = standard();
    destroy(&r, &mut s, |u| of(u) && u.is_german_armour(), 2);
    assert_eq!(r.formation_losses(&s, f), (4, 4));
    assert_eq!(r.victory(&s).axis_shattered, 1);
}

#[test]
fn cct_9_1_seventh_armoured_at_ten_south_africans_at_five() {
    let (r, mut s) = standard();
    let role = |u: &sandtable_totensonntag::UnitSpec| r.scenario.formations[u.formation_index()].role;
    destroy(&r, &mut s, |u| role(u) == sandtable_totensonntag::Role::SeventhArmoured, 9);
    assert_eq!(r.victory(&s).seventh_armoured, 0);
    let (r, mut s) = standard();
    destroy(&r, &mut s, |u| role(u) == sandtable_totensonntag::Role::SeventhArmoured, 10);
    assert_eq!(r.victory(&s).seventh_armoured, -2);
    assert_eq!(r.victory(&s).total, -2);
    let (r, mut s) = standard();
    destroy(&r, &mut s, |u| role(u) == sandtable_totensonntag::Role::FirstSouthAfrican, 4);
    assert_eq!(r.victory(&s).south_african, 0);
    destroy(&r, &mut s, |u| role(u) == sandtable_totensonntag::Role::FirstSouthAfrican, 5);
    assert_eq!(r.victory(&s).south_african, -1);
}

#[test]
fn cct_9_1_new_zealanders_count_infantry_and_artillery_only() {
    let (r, mut s) = standard();
    let role = |u: &sandtable_totensonntag::UnitSpec| r.scenario.formations[u.formation_index()].role;
    let nz = |u: &sandtable_totensonntag::UnitSpec| role(u) == sandtable_totensonntag::Role::NewZealand;
    let counts = |u: &sandtable_totensonntag::UnitSpec| {
        u.class.is_infantry() || u.class == sandtable_totensonntag::UnitClass::Artillery
    };
    destroy(&r, &mut s, |u| nz(u) && !counts(u), 1);
    destroy(&r, &mut s, |u| nz(u) && counts(u), 3);
    assert_eq!(r.victory(&s).new_zealand, 0, "tanks or cavalry do not count");
    destroy(&r, &mut s, |u| nz(u) && counts(u), 4);
    assert_eq!(r.victory(&s).new_zealand, -1);
}

#[test]
fn cct_9_2_tobruk_relieved_by_nine_strength_exited() {
    let (r, mut s) = blank(1);
    s.exited = 8;
    assert_eq!(r.victory(&s).tobruk, 0);
    s.exited = 9;
    assert_eq!(r.victory(&s).tobruk, 1);
    // Exited strength counts hits: a damaged unit brings less.
    let (r, mut s) = blank(1);
    let cru = put(&r, &mut s, "cru", "Q2");
    s.unit_mut(cru).hits = 1;
    r.start_impulse(&mut s, Side::Allies, 2);
    play(&r, &mut s, ALLIES, "exit cru");
    assert_eq!(s.exited, 3);
}
