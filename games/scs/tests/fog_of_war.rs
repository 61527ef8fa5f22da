//! *Fog of war*: a player sees only the top unit of an enemy stack (and how
//! tall the stack is) except when computing the odds of an attack he has
//! declared; a declared attack cannot be cancelled.

mod common;
use common::*;
use sandtable_core::{Ruleset, Viewer};

fn seen(r: &Scs, s: &State, viewer: Viewer) -> Vec<String> {
    let mut v: Vec<String> = r.view(s, viewer).units.into_iter().filter(|u| u.pos == "hex").map(|u| u.id).collect();
    v.sort();
    v
}

fn height(r: &Scs, s: &State, viewer: Viewer, label: &str) -> u8 {
    r.view(s, viewer).stacks.iter().find(|x| x.hex == label).map_or(0, |x| x.count)
}

#[test]
fn scs_fog_of_war_the_enemy_sees_only_the_top_unit_and_the_stacks_height() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "08.05");
    put(&r, &mut s, "pz", "08.05"); // placed last: on top
    put(&r, &mut s, "tank", "03.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert_eq!(seen(&r, &s, Viewer::Seat(ALLIES)), ["pz", "tank"]);
    assert_eq!(seen(&r, &s, Viewer::Spectator), ["pz", "tank"]);
    assert_eq!(seen(&r, &s, Viewer::Seat(AXIS)), ["inf", "pz", "tank"], "a player sees all his own units");
    assert_eq!(height(&r, &s, Viewer::Seat(ALLIES), "08.05"), 2, "the stack's height shows");
    // The owner puts the infantry on top: now that is what the enemy sees.
    play(&r, &mut s, AXIS, "top inf");
    assert_eq!(seen(&r, &s, Viewer::Seat(ALLIES)), ["inf", "tank"]);
    let hidden = r.view(&s, Viewer::Seat(ALLIES));
    assert!(hidden.units.iter().all(|u| u.id != "pz"), "nothing of the unit under it leaks");
}

#[test]
fn scs_fog_of_war_the_visible_top_is_a_combat_unit_not_a_barrage_only_one() {
    // Fog of war says "top unit (or marker)"; 4.0c wants a unit with attack ≥ 1
    // on top when the stack has one: the artillery placed last is not seen.
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "pz", "08.05");
    put(&r, &mut s, "art", "08.05");
    assert_eq!(seen(&r, &s, Viewer::Seat(ALLIES)), ["pz"]);
    // Alone, the artillery is its stack's top and is seen.
    put(&r, &mut s, "pz", "09.05");
    assert_eq!(seen(&r, &s, Viewer::Seat(ALLIES)), ["art", "pz"]);
}

#[test]
fn scs_fog_of_war_defenders_are_shown_only_once_the_attack_is_declared() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "07.05");
    put(&r, &mut s, "rifle", "07.05"); // on top
    put(&r, &mut s, "pz", "08.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 07.05");
    let v = r.view(&s, Viewer::Seat(AXIS));
    assert!(!seen(&r, &s, Viewer::Seat(AXIS)).contains(&"bw".to_string()), "not while the attack is formed");
    let f = v.fight.expect("forming");
    assert!(f.defenders.is_empty() && f.odds.is_none() && f.attack.is_none());
    let ev = play(&r, &mut s, AXIS, "declare");
    assert!(seen(&r, &s, Viewer::Seat(AXIS)).contains(&"bw".to_string()), "declared: the defenders are shown");
    let f = r.view(&s, Viewer::Seat(AXIS)).fight.expect("declared");
    assert_eq!(f.defenders.len(), 2);
    assert!(f.odds.is_some());
    assert!(
        ev.iter().any(|e| e.rule.as_deref() == Some("Fog of war") && e.reveals),
        "the reveal is an undo barrier: {ev:?}"
    );
}

#[test]
fn scs_fog_of_war_a_declared_attack_cannot_be_cancelled() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "07.05");
    put(&r, &mut s, "pz", "08.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 07.05");
    // Still being formed: it may be dropped, and nothing was revealed.
    let mut dropped = s.clone();
    play(&r, &mut dropped, AXIS, "cancel");
    assert!(dropped.fight.is_none());
    assert!(!dropped.unit(unit(&r, "pz")).attacked, "a dropped attack is no attack");
    play(&r, &mut s, AXIS, "declare");
    assert_eq!(rule(&r, &s, AXIS, "cancel"), "SCS 7.0");
    assert_eq!(rule(&r, &s, AXIS, "end"), "SCS 7.0");
    assert_eq!(legal(&r, &s, AXIS), ["roll"]);
}

#[test]
fn scs_fog_of_war_a_unit_left_alone_when_its_stack_moves_off_is_revealed() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "inf", "09.06");
    put(&r, &mut s, "pz", "09.06");
    put(&r, &mut s, "tank", "03.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert!(!seen(&r, &s, Viewer::Seat(ALLIES)).contains(&"inf".to_string()));
    let ev = play(&r, &mut s, AXIS, "move pz 09.07");
    assert!(seen(&r, &s, Viewer::Seat(ALLIES)).contains(&"inf".to_string()));
    assert!(ev.iter().any(|e| e.rule.as_deref() == Some("Fog of war") && e.reveals), "{ev:?}");
}
