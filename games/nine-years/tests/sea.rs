//! Sea Move (13.5.5, 14.5 authored): any leaders and up to two corps sail
//! from a friendly unbesieged port to another port of the same sea zone —
//! friendly, or an enemy port with no fortress and no enemy corps, taken on
//! landing — and roll on the Sea Move table: one die, −2 in an enemy zone,
//! −1 in an uncontrolled one; 1 or less one corps loses a step, −1 or less
//! every corps. The tiny map: the Atlantic (Amsterdam, Antwerp, London,
//! Dublin, Edinburgh, Brest, Lisbon) starts uncontrolled, the Mediterranean
//! (Barcelona, Roses, Gibraltar, Toulon) Bourbon.

mod common;
use common::campaign::*;
use common::*;
use sandtable_core::Event;
use sandtable_nine_years::{Control, FleetLoc, Sea, Side, State};

const A: Side = Side::Alliance;

fn sea_die(ev: &[Event]) -> u8 {
    let e = ev.iter().find(|e| e.rule.as_deref() == Some("NY 14.5") && !e.dice.is_empty()).expect("a Sea Move roll");
    e.dice[0]
}

// ---------------------------------------------------------------- 13.5.5

#[test]
fn ny_13_5_5_a_sea_move_carries_any_leaders_and_at_most_two_corps() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "waldeck", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 3);
    apply(&r, &mut s, A, "sea amsterdam");
    assert_eq!(s.ap, 2, "one action");
    apply(&r, &mut s, A, "add william-iii");
    apply(&r, &mut s, A, "add waldeck");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    assert_eq!(refuse(&r, &s, A, "add dutch full").rule, "NY 13.5.5");
    apply(&r, &mut s, A, "sail antwerp");
    assert!(s.force.is_none());
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("antwerp"));
    assert_eq!(leader_at(&r, &s, "waldeck").as_deref(), Some("antwerp"));
    assert_eq!(corps_in(&r, &s, "antwerp", A).len(), 2);
    assert_eq!(corps_in(&r, &s, "amsterdam", A).len(), 1);
}

#[test]
fn ny_13_5_5_something_must_sail() {
    let r = tiny();
    let mut s = round(&r, A);
    assert_eq!(refuse(&r, &s, A, "sea amsterdam").rule, "NY 13.5.5");
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "sea amsterdam");
    assert_eq!(refuse(&r, &s, A, "sail antwerp").rule, "NY 13.5.5", "nobody aboard");
}

// ---------------------------------------------------------------- 14.5

#[test]
fn ny_14_5_a_sea_move_starts_in_a_friendly_unbesieged_port() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "brussels", 1);
    put(&r, &mut s, "dutch", "dublin", 1);
    put(&r, &mut s, "dutch", "antwerp", 1);
    assert_eq!(refuse(&r, &s, A, "sea brussels").rule, "NY 14.5", "not a port");
    assert_eq!(refuse(&r, &s, A, "sea dublin").rule, "NY 14.5", "an enemy port");
    apply(&r, &mut s.clone(), A, "sea antwerp");
    put(&r, &mut s, "france", "antwerp", 1);
    assert_eq!(refuse(&r, &s, A, "sea antwerp").rule, "NY 14.5", "a besieged port");
}

#[test]
fn ny_14_5_a_sea_move_goes_to_another_port_of_the_same_zone() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "sea amsterdam");
    apply(&r, &mut s, A, "add dutch full");
    assert_eq!(refuse(&r, &s, A, "sail barcelona").rule, "NY 14.5", "the Mediterranean");
    assert_eq!(refuse(&r, &s, A, "sail amsterdam").rule, "NY 14.5", "the same port");
    assert_eq!(refuse(&r, &s, A, "sail brussels").rule, "NY 14.5", "not a port");
    assert_eq!(refuse(&r, &s, A, "sail lisbon").rule, "NY 7.2.2", "neutral Portugal");
    apply(&r, &mut s, A, "sail antwerp");
}

#[test]
fn ny_14_5_an_enemy_port_is_a_landing_only_unfortified_and_free_of_enemy_corps() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "sea amsterdam");
    apply(&r, &mut s, A, "add dutch full");
    assert_eq!(refuse(&r, &s, A, "sail brest").rule, "NY 14.5", "a fortress");
    assert_eq!(refuse(&r, &s, A, "sail edinburgh").rule, "NY 14.5", "a fortress");
    let mut held = s.clone();
    put(&r, &mut held, "jacobite", "dublin", 1);
    assert_eq!(refuse(&r, &held, A, "sail dublin").rule, "NY 14.5", "enemy corps");
    // Dublin, open and empty, is taken on landing.
    apply(&r, &mut s, A, "sail dublin");
    assert_eq!(owner(&r, &s, "dublin"), Control::Alliance);
    assert_eq!(corps_in(&r, &s, "dublin", A).len(), 1);
}

#[test]
fn ny_14_5_no_landing_where_enemy_corps_stand_and_enemy_leaders_alone_withdraw() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "sea amsterdam");
    apply(&r, &mut s, A, "add dutch full");
    // Antwerp is Allied: a landing there is fine while no enemy corps stand in it…
    apply(&r, &mut s.clone(), A, "sail antwerp");
    // …and refused once one does, friendly port or not.
    let mut besieged = s.clone();
    put(&r, &mut besieged, "france", "antwerp", 1);
    assert_eq!(refuse(&r, &besieged, A, "sail antwerp").rule, "NY 14.5", "a friendly port with an enemy corps");
    // James II alone in open Bourbon Dublin: the corps land, take it, and he withdraws.
    put_leader(&r, &mut s, "james-ii", "dublin");
    checked(&r, &s);
    apply(&r, &mut s, A, "sail dublin");
    assert_eq!(owner(&r, &s, "dublin"), Control::Alliance);
    assert_eq!(corps_in(&r, &s, "dublin", A).len(), 1);
    assert_ne!(leader_at(&r, &s, "james-ii").as_deref(), Some("dublin"), "the enemy leader is gone");
    checked(&r, &s);
}

/// Two full Dutch corps sailing from `from` to `to`, for each die 1–6: the
/// corps that lost a step.
fn losses(r: &sandtable_nine_years::NineYears, s: &State, from: &str, to: &str) -> Vec<(u8, usize)> {
    let mut s = s.clone();
    put(r, &mut s, "dutch", from, 2);
    checked(r, &s);
    apply(r, &mut s, A, &format!("sea {from}"));
    apply(r, &mut s, A, "add dutch full");
    apply(r, &mut s, A, "add dutch full");
    (1..=6)
        .map(|d| {
            let (t, _) = seek(r, &s, A, &format!("sail {to}"), |_, ev| sea_die(ev) == d);
            (d, 4 - steps(r, &t, to, A))
        })
        .collect()
}

#[test]
fn ny_14_5_the_sea_move_table_in_an_uncontrolled_zone() {
    // −1: a 2 (total 1) costs one corps a step, a 3 (total 2) nothing.
    let r = tiny();
    let s = round(&r, A);
    assert_eq!(losses(&r, &s, "amsterdam", "antwerp"), [(1, 1), (2, 1), (3, 0), (4, 0), (5, 0), (6, 0)]);
}

#[test]
fn ny_14_5_the_sea_move_table_in_an_enemy_zone() {
    // The Mediterranean is Bourbon, −2: a 1 (total −1) costs every corps a
    // step, a 2 or 3 (0, 1) one corps — the seed's example: "−2 … gets 1,
    // one corps is flipped" — a 4 (2) nothing.
    let r = tiny();
    let s = round(&r, A);
    assert_eq!(losses(&r, &s, "barcelona", "gibraltar"), [(1, 2), (2, 1), (3, 1), (4, 0), (5, 0), (6, 0)]);
}

#[test]
fn ny_14_5_the_sea_move_table_in_a_friendly_zone() {
    // No modifier: only a 1 costs a step.
    let r = tiny();
    let mut s = round(&r, A);
    s.sea[Sea::Atlantic.index()] = Control::Alliance;
    let f = r.scenario.fleet_by_id("allied-atlantic-fleet").expect("fleet");
    s.fleets[f.index()] = FleetLoc::Control;
    assert_eq!(losses(&r, &s, "amsterdam", "antwerp"), [(1, 1), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]);
}

#[test]
fn ny_14_5_the_roll_is_printed_with_its_modifier() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "spain", "barcelona", 1);
    apply(&r, &mut s, A, "sea barcelona");
    apply(&r, &mut s, A, "add spain full");
    let ev = apply(&r, &mut s, A, "sail roses");
    let d = sea_die(&ev);
    let t = texts(&ev, "NY 14.5").join(" ");
    assert!(t.contains(&format!("{d}-2 = {}", d as i8 - 2)), "{t}");
}
