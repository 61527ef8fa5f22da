//! 10.0 Advance after combat (*authored*: research §2.9): the surviving
//! attackers may enter the vacated defender hex, enemy ZOCs do not stop
//! them (2.1e), and stacking is checked as they do (4.0a).

mod common;
use common::*;

/// rifle in 06.05 attacked by `attackers` (id, hex) and beaten with Dr1, then
/// retreated to 05.05: the attacker may advance.
fn vacated(r: &Scs, attackers: &[(&str, &str)], others: &[(&str, &str)]) -> State {
    let mut s = blank(r);
    put(r, &mut s, "rifle", "06.05");
    for (id, h) in attackers.iter().chain(others) {
        put(r, &mut s, id, h);
    }
    begin(r, &mut s, axis(), Phase::Combat);
    for (id, _) in attackers {
        play(r, &mut s, AXIS, &format!("attack {id} 06.05"));
    }
    play(r, &mut s, AXIS, "declare");
    rig(&mut s, &[9]); // Dr1
    play(r, &mut s, AXIS, "roll");
    play(r, &mut s, ALLIES, "retreat rifle 05.05");
    s
}

#[test]
fn scs_10_0_surviving_attackers_may_advance_into_the_vacated_hex() {
    let r = tiny();
    let mut s = vacated(&r, &[("pz", "07.05"), ("inf", "06.04")], &[]);
    assert_eq!(fight(&s).stage, Stage::Advance);
    let mut choices = legal(&r, &s, AXIS);
    choices.sort();
    assert_eq!(choices, ["advance inf", "advance pz", "end"]);
    let ev = play(&r, &mut s, AXIS, "advance pz");
    assert!(rules_of(&ev).contains(&"SCS 10.0".to_string()));
    assert_eq!((at(&r, &s, "pz"), spent(&r, &s, "pz")), ("06.05".into(), 0));
    play(&r, &mut s, AXIS, "advance inf");
    assert!(s.fight.is_none(), "nobody is left to advance");
    assert_eq!(at(&r, &s, "inf"), "06.05");
}

#[test]
fn scs_10_0_the_advance_is_optional_and_only_for_the_attackers() {
    let r = tiny();
    let mut s = vacated(&r, &[("pz", "07.05")], &[("aw", "07.06")]);
    assert_eq!(rule(&r, &s, AXIS, "advance aw"), "SCS 10.0", "it did not attack");
    assert_eq!(rule(&r, &s, ALLIES, "advance pz"), "SCS 1.0");
    play(&r, &mut s, AXIS, "end");
    assert!(s.fight.is_none());
    assert_eq!((at(&r, &s, "pz"), s.phase), ("07.05".into(), Phase::Combat));
    assert_eq!(rule(&r, &s, AXIS, "advance pz"), "SCS 10.0", "the advance is over");
}

#[test]
fn scs_10_0_no_advance_while_a_defender_remains() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "06.05");
    put(&r, &mut s, "pz", "07.05");
    begin(&r, &mut s, axis(), Phase::Combat);
    play(&r, &mut s, AXIS, "attack pz 06.05");
    play(&r, &mut s, AXIS, "declare");
    rig(&mut s, &[8]); // D1: the rifles stay, reduced
    play(&r, &mut s, AXIS, "roll");
    assert!(s.fight.is_none());
    assert_eq!(rule(&r, &s, AXIS, "advance pz"), "SCS 10.0");
}

#[test]
fn scs_2_1e_enemy_zocs_do_not_hinder_the_advance() {
    let r = tiny();
    let mut s = vacated(&r, &[("pz", "07.05")], &[("tank", "06.06")]);
    assert!(r.board(&s).ezoc(axis(), hex(&r, "06.05")), "the vacated hex is in the tank's ZOC");
    play(&r, &mut s, AXIS, "advance pz");
    assert_eq!((at(&r, &s, "pz"), spent(&r, &s, "pz")), ("06.05".into(), 0));
}

#[test]
fn scs_4_0a_stacking_is_checked_during_the_advance() {
    let r = tiny();
    let mut s = vacated(&r, &[("pz", "07.05"), ("inf", "06.04"), ("aw", "07.06")], &[]);
    play(&r, &mut s, AXIS, "advance pz");
    play(&r, &mut s, AXIS, "advance inf"); // 4: the limit
    assert!(s.fight.is_none(), "aw cannot follow, so the advance is over");
    assert_eq!(at(&r, &s, "aw"), "07.06");
    // Asked for while another may still advance, it is refused by 4.0a.
    let mut s = vacated(&r, &[("pz", "07.05"), ("inf", "06.04"), ("aw", "07.06"), ("rein", "06.06")], &[]);
    play(&r, &mut s, AXIS, "advance pz");
    play(&r, &mut s, AXIS, "advance aw"); // 3
    assert_eq!(rule(&r, &s, AXIS, "advance inf"), "SCS 4.0a", "2 more would make 5");
    play(&r, &mut s, AXIS, "advance rein"); // 4
    assert!(s.fight.is_none());
}
