//! Rules 7.0–7.5: attacks, modifiers, results, advance, bombardment, overrun.

mod common;
use common::*;
use sandtable_totensonntag::{AttackKind, Pos, Side, State, Totensonntag};

#[test]
fn cct_7_0_attack_the_top_unit_of_an_adjacent_hex_only() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "C3");
    put(&r, &mut s, "cru", "C6");
    put(&r, &mut s, "cru2", "C6");
    put(&r, &mut s, "pz2", "C5");
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "attack pz C6").rule, "CCT 7.0");
    assert_eq!(refused(&r, &s, AXIS, "attack pz C4").rule, "CCT 7.0", "no enemy there");
    let ev = play(&r, &mut s, AXIS, "attack pz2 C6");
    assert!(ev[0].text.en.starts_with("pz2 → cru2:"), "{:?}", ev[0].text.en);
}

#[test]
fn cct_7_0_a_hex_may_be_attacked_several_times() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "C5");
    put(&r, &mut s, "pz2", "D5");
    put(&r, &mut s, "cru", "C6"); // strength 4: one attack cannot destroy it
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "attack pz C6");
    let ev = play(&r, &mut s, AXIS, "attack pz2 C6");
    assert!(ev[0].text.en.starts_with("pz2 → cru:"));
}

#[test]
fn cct_7_1_attack_rating_modifiers() {
    let (r, mut s) = blank(1);
    let u = |c: &str| unit(&r, c);
    for (code, at) in [("pz", "C2"), ("pj", "C3"), ("inf", "C4"), ("art", "C5"), ("m13", "C6")] {
        put(&r, &mut s, code, at);
    }
    for (code, at) in [("cru", "E2"), ("ac", "E3"), ("rifle", "E4"), ("stu", "E5")] {
        put(&r, &mut s, code, at);
    }
    let ar = |s: &_, a: &str, t: &str, k| r.attack_rating(s, u(a), u(t), k);
    // Base: current strength.
    assert_eq!(ar(&s, "inf", "rifle", AttackKind::Normal), 3);
    // German tanks +1 on any attack.
    assert_eq!(ar(&s, "pz", "rifle", AttackKind::Normal), 5);
    // Italian tanks get no such bonus.
    assert_eq!(ar(&s, "m13", "rifle", AttackKind::Normal), 3);
    // Panzerjäger +2 against armour or recon only.
    assert_eq!(ar(&s, "pj", "cru", AttackKind::Normal), 4);
    assert_eq!(ar(&s, "pj", "ac", AttackKind::Normal), 4);
    assert_eq!(ar(&s, "pj", "rifle", AttackKind::Normal), 2);
    // Allied armour and recon −1 against German tanks or anti-tank, not Italians.
    assert_eq!(ar(&s, "cru", "pz", AttackKind::Normal), 3);
    assert_eq!(ar(&s, "ac", "pj", AttackKind::Normal), 1);
    assert_eq!(ar(&s, "cru", "m13", AttackKind::Normal), 4);
    assert_eq!(ar(&s, "cru", "inf", AttackKind::Normal), 4);
    // Overrun against recon −1.
    assert_eq!(ar(&s, "pz", "ac", AttackKind::Overrun), 4);
    assert_eq!(ar(&s, "pz", "ac", AttackKind::Normal), 5);
    // Infantry against armour −1.
    assert_eq!(ar(&s, "inf", "cru", AttackKind::Normal), 2);
    assert_eq!(ar(&s, "rifle", "pz", AttackKind::Normal), 2);
    // Bombardment −1, −2 against armour.
    assert_eq!(ar(&s, "art", "rifle", AttackKind::Bombard), 2);
    assert_eq!(ar(&s, "art", "cru", AttackKind::Bombard), 1);
    // A target on escarpment or in entrenchment −1.
    put(&r, &mut s, "rifle", "F5");
    assert_eq!(ar(&s, "inf", "rifle", AttackKind::Normal), 2);
    put(&r, &mut s, "rifle", "H5");
    assert_eq!(ar(&s, "inf", "rifle", AttackKind::Normal), 2);
    // Hits lower the rating.
    s.unit_mut(u("inf")).hits = 1;
    assert_eq!(ar(&s, "inf", "rifle", AttackKind::Normal), 1);
}

#[test]
fn cct_7_2_two_dice_plus_rating_at_least_defence_hits() {
    let mut seen = [false; 2];
    for seed in 0..60 {
        let (r, mut s) = blank(seed);
        put(&r, &mut s, "pz", "G7");
        let cru = put(&r, &mut s, "cru", "G8"); // DR 10; pz rates 4 + 1
        r.start_impulse(&mut s, Side::Axis, 4);
        let ev = play(&r, &mut s, AXIS, "attack pz G8");
        let roll: u8 = ev[0].dice.iter().sum();
        let hit = s.unit(cru).hits == 1;
        assert_eq!(hit, roll + 5 >= 10, "seed {seed}: {}", ev[0].text.en);
        assert_eq!(ev[0].rule.as_deref(), Some("CCT 7.2"));
        seen[usize::from(hit)] = true;
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn cct_7_2_a_unit_without_strength_is_destroyed() {
    for seed in 0..40 {
        let (r, mut s) = blank(seed);
        put(&r, &mut s, "pz", "G7");
        let cru = put(&r, &mut s, "cru", "G8");
        s.unit_mut(cru).hits = 3;
        r.start_impulse(&mut s, Side::Axis, 4);
        play(&r, &mut s, AXIS, "attack pz G8");
        if s.unit(cru).hits == 4 {
            assert_eq!(s.unit(cru).pos, Pos::Destroyed);
            return;
        }
    }
    panic!("no hit in 40 seeds");
}

/// Plays `attacks` on a 1-strength Crusader in G8 until a seed destroys it.
fn cleared_g8(setup: impl Fn(&Totensonntag, &mut State), attacks: &[&str]) -> (Totensonntag, State) {
    for seed in 0..60 {
        let (r, mut s) = blank(seed);
        let cru = put(&r, &mut s, "cru", "G8");
        s.unit_mut(cru).hits = 3;
        setup(&r, &mut s);
        r.start_impulse(&mut s, Side::Axis, 4);
        for a in attacks {
            if s.unit(cru).pos == Pos::Destroyed {
                break;
            }
            play(&r, &mut s, AXIS, a);
        }
        if s.unit(cru).pos == Pos::Destroyed {
            return (r, s);
        }
    }
    panic!("never cleared");
}

#[test]
fn cct_7_3_attackers_may_advance_into_a_cleared_hex_despite_zoc() {
    let (r, mut s) = cleared_g8(
        |r, s| {
            put(r, s, "pz", "G7");
            put(r, s, "pz2", "G7");
            put(r, s, "rifle", "G9"); // G8 is in its ZOC
        },
        &["attack pz G8"],
    );
    assert_eq!(refused(&r, &s, AXIS, "advance pz2 G8").rule, "CCT 7.3", "did not attack");
    play(&r, &mut s, AXIS, "advance pz G8");
    assert_eq!(s.hex_of(unit(&r, "pz")), Some(hex(&r, "G8")));
    let e = refused(&r, &s, AXIS, "advance pz G8");
    assert_eq!(e.rule, "CCT 7.3");
    assert!(e.text.en.contains("advances once"), "{}", e.text.en);
}

#[test]
fn cct_7_3_every_unit_that_attacked_the_hex_may_advance() {
    for seed in 0..200 {
        let (r, mut s) = blank(seed);
        let lower = put(&r, &mut s, "cru2", "G8");
        let upper = put(&r, &mut s, "cru", "G8");
        s.unit_mut(lower).hits = 3;
        s.unit_mut(upper).hits = 3;
        put(&r, &mut s, "pz", "G7");
        put(&r, &mut s, "pz2", "H7");
        r.start_impulse(&mut s, Side::Axis, 4);
        play(&r, &mut s, AXIS, "attack pz G8");
        if s.unit(upper).pos != Pos::Destroyed {
            continue;
        }
        assert_eq!(refused(&r, &s, AXIS, "advance pz G8").rule, "CCT 7.3", "cru2 still holds G8");
        play(&r, &mut s, AXIS, "attack pz2 G8");
        if s.unit(lower).pos == Pos::Destroyed {
            assert!(is_legal(&r, &s, AXIS, "advance pz G8"), "the first attacker too");
            assert!(is_legal(&r, &s, AXIS, "advance pz2 G8"));
            return;
        }
    }
    panic!("never cleared in two attacks");
}

#[test]
fn cct_7_3_no_advance_while_enemies_remain() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "G7");
    put(&r, &mut s, "cru", "G8");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "attack pz G8");
    let e = refused(&r, &s, AXIS, "advance pz G8");
    assert_eq!(e.rule, "CCT 7.3");
    assert!(e.text.en.contains("enemy units remain"), "{}", e.text.en);
}

#[test]
fn cct_7_3_no_advance_from_an_overstacked_hex_after_a_normal_attack() {
    let (r, mut s) = cleared_g8(
        |r, s| {
            for u in ["pz2", "sch", "aa", "pz"] {
                put(r, s, u, "G7");
            }
        },
        &["attack pz G8"],
    );
    assert_eq!(refused(&r, &s, AXIS, "advance pz G8").rule, "CCT 7.3");
    // Judged at the attack: thinning the stack afterwards does not lift it
    // (and moving another unit ends the chance to advance anyway).
    s.unit_mut(unit(&r, "aa")).pos = Pos::Off;
    assert_eq!(refused(&r, &s, AXIS, "advance pz G8").rule, "CCT 7.3");
}

#[test]
fn cct_7_3_an_overrun_may_advance_even_from_an_overstacked_hex() {
    for seed in 0..60 {
        let (r, mut s) = blank(seed);
        let cru = put(&r, &mut s, "cru", "G8");
        s.unit_mut(cru).hits = 3;
        for u in ["pz2", "sch", "aa"] {
            put(&r, &mut s, u, "G7");
        }
        put(&r, &mut s, "pz", "G6");
        r.start_impulse(&mut s, Side::Axis, 4);
        play(&r, &mut s, AXIS, "move pz G7"); // four in G7 now
        play(&r, &mut s, AXIS, "attack pz G8"); // an overrun
        if s.unit(cru).pos == Pos::Destroyed {
            play(&r, &mut s, AXIS, "advance pz G8");
            return;
        }
    }
    panic!("never cleared");
}

#[test]
fn cct_7_3_the_advance_must_follow_the_attack_at_once() {
    let (r, mut s) = cleared_g8(
        |r, s| {
            put(r, s, "pz", "G7");
        },
        &["attack pz G8"],
    );
    put(&r, &mut s, "aa", "C3");
    play(&r, &mut s, AXIS, "move aa C4");
    let e = refused(&r, &s, AXIS, "advance pz G8");
    assert_eq!(e.rule, "CCT 7.3");
    assert!(e.text.en.contains("at once"), "{}", e.text.en);
}

#[test]
fn cct_7_3_artillery_may_advance_into_an_enemy_zoc() {
    let (r, mut s) = cleared_g8(
        |r, s| {
            put(r, s, "art", "G7");
            put(r, s, "rifle", "G9");
        },
        &["attack art G8"],
    );
    play(&r, &mut s, AXIS, "advance art G8");
    assert_eq!(s.hex_of(unit(&r, "art")), Some(hex(&r, "G8")));
}

#[test]
fn cct_7_3_no_advance_into_terrain_the_unit_cannot_enter() {
    for seed in 0..60 {
        let (r, mut s) = blank(seed);
        put(&r, &mut s, "pz", "F4");
        let rifle = put(&r, &mut s, "rifle", "F5"); // escarpment
        s.unit_mut(rifle).hits = 2;
        r.start_impulse(&mut s, Side::Axis, 4);
        play(&r, &mut s, AXIS, "attack pz F5");
        if s.unit(rifle).pos == Pos::Destroyed {
            assert_eq!(refused(&r, &s, AXIS, "advance pz F5").rule, "CCT 7.3");
            return;
        }
    }
    panic!("never cleared");
}

#[test]
fn cct_7_4_bombardment_range_counts_hexes_between_plus_the_target() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "C2"); // range 4
    put(&r, &mut s, "cru", "C6"); // 4 hexes: 3 between + the target
    put(&r, &mut s, "cru2", "C7"); // 5
    put(&r, &mut s, "pz", "D6"); // spotter next to both
    r.start_impulse(&mut s, Side::Axis, 4);
    assert!(is_legal(&r, &s, AXIS, "bombard art cru spot pz"));
    assert_eq!(refused(&r, &s, AXIS, "bombard art cru2 spot pz").rule, "CCT 7.4");
}

#[test]
fn cct_7_4_adjacent_targets_are_attacked_not_bombarded() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "C5");
    put(&r, &mut s, "cru", "C6");
    put(&r, &mut s, "pz", "D6");
    r.start_impulse(&mut s, Side::Axis, 4);
    assert_eq!(refused(&r, &s, AXIS, "bombard art cru spot pz").rule, "CCT 7.4");
    assert!(is_legal(&r, &s, AXIS, "attack art C6"), "artillery may attack an adjacent unit");
}

#[test]
fn cct_7_4_spotters_see_one_hex_two_from_entrenchment_three_from_a_point() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "G3"); // range 4
    r.start_impulse(&mut s, Side::Axis, 4);
    let text = "bombard art rifle spot pz";
    // (target, spotter, legal): H5 is entrenched, H7 is a point hex.
    for (target, spotter, ok) in [
        ("E6", "E5", true),  // adjacent, open
        ("E6", "E4", false), // two away, open
        ("F6", "H5", true),  // two away from entrenchment
        ("E6", "H5", false), // three away from entrenchment
        ("G5", "H7", true),  // three away from a point
        ("F4", "H7", false), // four away from a point
    ] {
        put(&r, &mut s, "rifle", target);
        put(&r, &mut s, "pz", spotter);
        assert_eq!(is_legal(&r, &s, AXIS, text), ok, "target {target}, spotter {spotter}");
        if !ok {
            assert_eq!(refused(&r, &s, AXIS, text).rule, "CCT 7.4");
        }
    }
}

#[test]
fn cct_7_4_the_check_roll_succeeds_on_four_to_six_with_modifiers() {
    // (spotter hex, target hex, spotter moved this turn, modifier): H7 is a point hex.
    for (at, target, moved, modifier) in
        [("E5", "E6", false, 0i8), ("H7", "G7", false, 1), ("E5", "E6", true, -1), ("H7", "G7", true, 0)]
    {
        let mut seen = [false; 2];
        for seed in 0..40 {
            let (r, mut s) = blank(seed);
            put(&r, &mut s, "art", "G3");
            put(&r, &mut s, "rifle", target);
            let pz = put(&r, &mut s, "pz", at);
            s.unit_mut(pz).moved_turn = moved;
            r.start_impulse(&mut s, Side::Axis, 4);
            let ev = play(&r, &mut s, AXIS, "bombard art rifle spot pz");
            let roll = ev[0].dice[0] as i8;
            let ok = roll + modifier >= 4;
            // A successful check is followed by the attack roll.
            assert_eq!(ev.len() == 2, ok, "{at} moved={moved}: {}", ev[0].text.en);
            seen[usize::from(ok)] = true;
        }
        assert!(seen[0] && seen[1], "{at}: both results should occur");
    }
}

#[test]
fn cct_7_4_a_spotter_that_moved_this_turn_counts_until_night() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "G3");
    put(&r, &mut s, "rifle", "E6");
    let pz = put(&r, &mut s, "pz", "D5");
    r.start_impulse(&mut s, Side::Axis, 4);
    play(&r, &mut s, AXIS, "move pz E5");
    assert!(s.unit(pz).moved_turn);
    let ev = play(&r, &mut s, AXIS, "bombard art rifle spot pz");
    assert!(ev[0].text.en.contains("-1 ="), "{}", ev[0].text.en);
    pass_until(&r, &mut s, |s| s.turn == 2);
    assert!(!s.unit(pz).moved_turn, "Night clears it");
}

#[test]
fn cct_7_4_a_failed_check_ends_the_artillery_action() {
    for seed in 0..40 {
        let (r, mut s) = blank(seed);
        put(&r, &mut s, "art", "G3");
        put(&r, &mut s, "rifle", "E6");
        put(&r, &mut s, "pz", "E5");
        r.start_impulse(&mut s, Side::Axis, 4);
        let ev = play(&r, &mut s, AXIS, "bombard art rifle spot pz");
        if ev.len() == 1 {
            assert_eq!(refused(&r, &s, AXIS, "bombard art rifle spot pz").rule, "CCT 3.2");
            return;
        }
    }
    panic!("the check never failed");
}

#[test]
fn cct_7_4_bombardment_may_hit_any_unit_of_a_stack() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "C2");
    put(&r, &mut s, "cru", "C5");
    put(&r, &mut s, "rifle", "C5"); // on top
    put(&r, &mut s, "pz", "D5");
    r.start_impulse(&mut s, Side::Axis, 4);
    assert!(is_legal(&r, &s, AXIS, "bombard art cru spot pz"));
    assert!(is_legal(&r, &s, AXIS, "bombard art rifle spot pz"));
    assert_eq!(refused(&r, &s, AXIS, "bombard art cru spot art").rule, "CCT 7.4", "not its own spotter");
    assert_eq!(refused(&r, &s, AXIS, "bombard pz cru spot art").rule, "CCT 7.4", "only artillery");
}

#[test]
fn cct_7_5_overrun_costs_the_entry_cost_and_ends_movement() {
    let (r, mut s) = blank(1);
    let pz = put(&r, &mut s, "pz", "G5");
    put(&r, &mut s, "cru", "G7");
    r.start_impulse(&mut s, Side::Axis, 1); // 2 MP
    play(&r, &mut s, AXIS, "move pz G6");
    assert_eq!(s.unit(pz).mp, 1);
    let ev = play(&r, &mut s, AXIS, "attack pz G7");
    assert_eq!(ev[0].rule.as_deref(), Some("CCT 7.5"));
    assert_eq!(s.unit(pz).mp, 0);
    assert_eq!(refused(&r, &s, AXIS, "move pz F6").rule, "CCT 3.2");
}

#[test]
fn cct_7_5_overrun_needs_the_mp_and_an_enterable_hex() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "D7");
    put(&r, &mut s, "rifle", "F7"); // rough: 2 MP for armour
    put(&r, &mut s, "pz2", "D4");
    put(&r, &mut s, "ac", "F5"); // escarpment: armour cannot enter
    r.start_impulse(&mut s, Side::Axis, 1); // 2 MP each
    play(&r, &mut s, AXIS, "move pz E7");
    assert_eq!(refused(&r, &s, AXIS, "attack pz F7").rule, "CCT 7.5");
    play(&r, &mut s, AXIS, "move pz2 E5");
    assert_eq!(refused(&r, &s, AXIS, "attack pz2 F5").rule, "CCT 7.5");
    // An unmoved tank may attack the escarpment normally.
    put(&r, &mut s, "aa", "F4");
    assert!(is_legal(&r, &s, AXIS, "attack aa F5"));
}

#[test]
fn cct_7_4_the_spotter_is_another_friendly_unit_on_the_map() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "G3"); // range 4
    put(&r, &mut s, "rifle", "E6");
    r.start_impulse(&mut s, Side::Axis, 4);
    for (spotter, why) in [("art", "does not spot for itself"), ("cru", "friendly"), ("pz", "on the map")] {
        let e = refused(&r, &s, AXIS, &format!("bombard art rifle spot {spotter}"));
        assert_eq!(e.rule, "CCT 7.4");
        assert!(e.text.en.contains(why), "{spotter}: {}", e.text.en);
    }
    put(&r, &mut s, "pz", "E5");
    assert!(is_legal(&r, &s, AXIS, "bombard art rifle spot pz"));
}
