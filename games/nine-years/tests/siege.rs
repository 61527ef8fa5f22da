//! Sieges (17 authored): an army entering an enemy fortress free of enemy
//! corps stops before it (17.1); a siege needs as many corps as the
//! fortress defence value, its strength now + 2 with a garrison, and shuts
//! the garrison in (17.2); the roll is one die + the best tactics + the
//! specialist + Continued Siege + a card − the LOC penalty (17.3, 17.5.3):
//! 2 or less a besieging corps loses a step, 3–4 nothing, 5–6 strength −1,
//! 7+ −2; at 0 the fortress falls and the garrison marches out with the
//! honours of war (17.4). Tournai is a level-2 Bourbon fortress next to
//! Lille (Bourbon), Brussels and Namur (Allied); Namur is level 3.

mod common;
use common::campaign::*;
use common::*;
use sandtable_nine_years::{Control, NineYears, Side, State};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

/// `leader` and `n` Dutch corps in Tournai with `garrison` French corps
/// (and Boufflers if any), the Alliance's Campaign formed with all of them.
fn besieging(r: &NineYears, leader: &str, n: usize, garrison: usize) -> State {
    let mut s = round(r, A);
    put_leader(r, &mut s, leader, "tournai");
    put(r, &mut s, "dutch", "tournai", n);
    if garrison > 0 {
        put_leader(r, &mut s, "boufflers", "tournai");
        put(r, &mut s, "france", "tournai", garrison);
    }
    checked(r, &s);
    apply(r, &mut s, A, &format!("campaign {leader}"));
    for _ in 0..n {
        apply(r, &mut s, A, "add dutch full");
    }
    s
}

fn roll(ev: &[sandtable_core::Event]) -> SiegeRoll {
    siege(ev).unwrap_or_else(|| panic!("no siege roll in {:?}", rules_of(ev)))
}

// ---------------------------------------------------------------- 17.1

#[test]
fn ny_17_1_an_army_entering_an_empty_enemy_fortress_stops_before_it() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    let ev = apply(&r, &mut s, A, "go tournai");
    assert!(rules_of(&ev).contains(&"NY 17.1".to_string()));
    assert_eq!(owner(&r, &s, "tournai"), Control::Bourbon, "not taken");
    assert_eq!(refuse(&r, &s, A, "go lille").rule, "NY 13.5.1", "the move is over");
    // An open enemy space is taken instead, and the army may go on.
    let mut s = round(&r, A);
    own(&r, &mut s, "brussels", Control::Bourbon);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    let ev = apply(&r, &mut s, A, "go brussels");
    assert!(!rules_of(&ev).contains(&"NY 17.1".to_string()));
    apply(&r, &mut s, A, "go tournai");
}

#[test]
fn ny_17_1_only_an_enemy_fortress_can_be_besieged() {
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "brussels", Control::Bourbon);
    for (l, x) in [("william-iii", "namur"), ("waldeck", "brussels"), ("lorraine", "tournai")] {
        put_leader(&r, &mut s, l, x);
        put(&r, &mut s, "dutch", x, 2);
    }
    checked(&r, &s);
    for (l, why) in [("william-iii", "Namur is a friendly fortress"), ("waldeck", "Brussels is open")] {
        let mut t = s.clone();
        apply(&r, &mut t, A, &format!("campaign {l}"));
        apply(&r, &mut t, A, "add dutch full");
        apply(&r, &mut t, A, "add dutch full");
        assert_eq!(refuse(&r, &t, A, "siege").rule, "NY 17.1", "{why}");
    }
    apply(&r, &mut s, A, "campaign lorraine");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "siege");
}

#[test]
fn ny_17_1_an_army_joining_a_siege_stops_without_battle() {
    // Imperial corps besiege Tournai already; the garrison is shut in.
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "empire", "tournai", 1);
    put(&r, &mut s, "france", "tournai", 2);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    let ev = apply(&r, &mut s, A, "go tournai");
    assert!(battle(&ev).is_none() && s.pending.is_none());
    assert!(rules_of(&ev).contains(&"NY 17.1".to_string()));
    assert_eq!(corps_in(&r, &s, "tournai", A).len(), 3);
}

// ---------------------------------------------------------------- 17.2

#[test]
fn ny_17_2_the_fortress_defence_value_is_its_strength_plus_two_for_a_garrison() {
    let r = tiny();
    let x = space(&r, "tournai");
    let s = besieging(&r, "william-iii", 0, 0);
    assert_eq!(r.defence_value(&s, x), 2);
    let s = besieging(&r, "william-iii", 0, 1);
    assert_eq!(r.defence_value(&s, x), 4, "the seed's example: 2 for the corps and 2 printed");
    let mut s = besieging(&r, "william-iii", 0, 1);
    s.strength[x.index()] = 1;
    assert_eq!(r.defence_value(&s, x), 3);
}

#[test]
fn ny_17_2_a_siege_needs_as_many_corps_as_the_defence_value() {
    let r = tiny();
    // Garrisoned, FDV 4: 4 corps besiege, 3 may not (the seed's example).
    assert_eq!(refuse(&r, &besieging(&r, "william-iii", 3, 1), A, "siege").rule, "NY 17.2");
    apply(&r, &mut besieging(&r, "william-iii", 4, 1), A, "siege");
    // Empty, FDV 2.
    assert_eq!(refuse(&r, &besieging(&r, "william-iii", 1, 0), A, "siege").rule, "NY 17.2");
    apply(&r, &mut besieging(&r, "william-iii", 2, 0), A, "siege");
    // Worn down to 1 and garrisoned, FDV 3.
    let weakened = |n| {
        let mut s = besieging(&r, "william-iii", n, 1);
        s.strength[space(&r, "tournai").index()] = 1;
        s
    };
    assert_eq!(refuse(&r, &weakened(2), A, "siege").rule, "NY 17.2");
    apply(&r, &mut weakened(3), A, "siege");
}

#[test]
fn ny_17_2_the_siege_army_may_leave_corps_out() {
    // The seed's example: of 11 corps, William III besieges with 4; the rest
    // stay free for other actions.
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "tournai");
    put(&r, &mut s, "dutch", "tournai", 5);
    put_reduced(&r, &mut s, "dutch", "tournai", 1);
    put(&r, &mut s, "france", "tournai", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..4 {
        apply(&r, &mut s, A, "add dutch full");
    }
    apply(&r, &mut s, A, "siege");
    apply(&r, &mut s, A, "replace dutch tournai");
}

#[test]
fn ny_17_2_counters_shut_in_a_besieged_fortress_take_part_in_no_action() {
    let r = tiny();
    let mut s = round(&r, B);
    put_leader(&r, &mut s, "boufflers", "tournai");
    put(&r, &mut s, "france", "tournai", 1);
    put_reduced(&r, &mut s, "france", "tournai", 1);
    demoralise(&r, &mut s, &[], &["boufflers"]);
    checked(&r, &s);
    // Unbesieged, they may act.
    apply(&r, &mut s.clone(), B, "rally boufflers");
    apply(&r, &mut s.clone(), B, "replace france tournai");
    let mut t = s.clone();
    apply(&r, &mut t, B, "transfer");
    apply(&r, &mut t, B, "shift tournai france full lille");
    // Besieged by an Allied corps, they may not.
    put(&r, &mut s, "dutch", "tournai", 1);
    assert_eq!(refuse(&r, &s, B, "rally boufflers").rule, "NY 17.2");
    assert_eq!(refuse(&r, &s, B, "replace france tournai").rule, "NY 13.5.3");
    s.leaders[leader(&r, "boufflers").index()].demoralised = false;
    assert_eq!(refuse(&r, &s, B, "campaign boufflers").rule, "NY 17.2");
    apply(&r, &mut s, B, "transfer");
    assert_eq!(refuse(&r, &s, B, "shift tournai france full lille").rule, "NY 13.5.2");
    assert_eq!(refuse(&r, &s, B, "shift boufflers lille").rule, "NY 17.2");
}

// ---------------------------------------------------------------- 17.3

#[test]
fn ny_17_3_the_siege_table() {
    // Waldeck (tactics 1) and 3 corps before Namur, made Bourbon (strength 3,
    // no garrison, FDV 3), with an open LOC: total = die + 1.
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "namur", Control::Bourbon);
    put_leader(&r, &mut s, "waldeck", "namur");
    let c = put(&r, &mut s, "dutch", "namur", 3);
    checked(&r, &s);
    apply(&r, &mut s, A, "campaign waldeck");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    // total: (strength after, besieging steps lost)
    let table = [(2, (3, 1)), (3, (3, 0)), (4, (3, 0)), (5, (2, 0)), (6, (2, 0)), (7, (1, 0))];
    for (total, (after, lost)) in table {
        let (t, ev) = seek(&r, &s, A, "siege", |_, ev| siege(ev).is_some_and(|x| x.total == total));
        let x = roll(&ev);
        assert_eq!(x.die + x.tactics + x.specialist + x.continued + x.card + x.loc, total);
        assert_eq!((x.tactics, x.loc), (1, 0));
        assert_eq!((x.before, x.after), (3, after), "total {total}");
        assert_eq!(t.strength[space(&r, "namur").index()], after);
        let steps: usize = c.iter().map(|&k| if t.corps(k).reduced { 1 } else { 2 }).sum();
        assert_eq!(6 - steps, lost, "total {total}");
        assert_eq!(owner(&r, &t, "namur"), Control::Bourbon);
    }
}

/// Luxembourg (tactics 3), with Vauban (siege specialist) if `vauban`, and
/// three French corps before Namur (Allied, level 3, no garrison).
fn namur(r: &NineYears, vauban: bool) -> State {
    let mut s = round(r, B);
    put_leader(r, &mut s, "luxembourg", "namur");
    put_leader(r, &mut s, "vauban", "namur");
    put(r, &mut s, "france", "namur", 3);
    apply(r, &mut s, B, "campaign luxembourg");
    if vauban {
        apply(r, &mut s, B, "add vauban");
    }
    for _ in 0..3 {
        apply(r, &mut s, B, "add france full");
    }
    s
}

#[test]
fn ny_17_3_the_best_tactics_the_specialist_a_continued_siege_and_a_card_add_to_the_roll() {
    let r = tiny();
    let x = space(&r, "namur");
    let ev = apply(&r, &mut namur(&r, false), B, "siege");
    let plain = roll(&ev);
    assert_eq!((plain.tactics, plain.specialist, plain.continued, plain.card, plain.loc), (3, 0, 0, 0, 0));
    let mut s = namur(&r, true);
    let ev = apply(&r, &mut s, B, "siege");
    let v = roll(&ev);
    assert_eq!((v.tactics, v.specialist), (3, 1), "Vauban's tactics 0 do not lower Luxembourg's 3");
    assert_eq!(v.total, v.die + 4);
    // The roll leaves a Continued Siege marker: the next roll there this turn adds 1.
    assert!(s.continued[x.index()]);
    let mut s = namur(&r, true);
    s.continued[x.index()] = true;
    s.bonus[1] = 1;
    let ev = apply(&r, &mut s, B, "siege");
    let c = roll(&ev);
    assert_eq!((c.specialist, c.continued, c.card), (1, 1, 1));
    assert_eq!(c.total, c.die + 3 + 1 + 1 + 1);
}

// ---------------------------------------------------------------- 17.4

#[test]
fn ny_17_4_at_strength_zero_the_fortress_falls_and_the_garrison_marches_out_with_the_honours_of_war() {
    let r = tiny();
    let x = space(&r, "tournai");
    // Tournai worn down to 1, garrisoned by one full and one reduced corps:
    // FDV 3; Waldeck (tactics 1) besieges with 3 corps.
    let mut s = round(&r, A);
    s.strength[x.index()] = 1;
    put_leader(&r, &mut s, "waldeck", "tournai");
    put(&r, &mut s, "dutch", "tournai", 3);
    put_leader(&r, &mut s, "boufflers", "tournai");
    let g = put(&r, &mut s, "france", "tournai", 1);
    let g2 = put_reduced(&r, &mut s, "france", "tournai", 1);
    checked(&r, &s);
    apply(&r, &mut s, A, "campaign waldeck");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    // 3–4: nothing; the fortress holds.
    let (t, ev) = seek(&r, &s, A, "siege", |_, ev| siege(ev).is_some_and(|x| x.total == 4));
    assert_eq!((t.strength[x.index()], owner(&r, &t, "tournai")), (1, Control::Bourbon));
    assert!(!rules_of(&ev).contains(&"NY 17.4".to_string()));
    // 5: strength 0, it falls.
    let (t, ev) = seek(&r, &s, A, "siege", |_, ev| siege(ev).is_some_and(|x| x.total == 5));
    assert!(rules_of(&ev).contains(&"NY 17.4".to_string()));
    assert_eq!(owner(&r, &t, "tournai"), Control::Alliance);
    assert_eq!(t.strength[x.index()], 2, "held at its printed strength");
    assert_eq!(t.vp, s.vp + 1, "a fortress taken (6.1)");
    // The garrison marches out, reduced, to the nearest friendly space.
    for c in g.iter().chain(&g2) {
        assert_eq!(t.corps(*c).loc, sandtable_nine_years::Loc::Space(space(&r, "lille")), "{c:?}");
        assert!(t.corps(*c).reduced);
    }
    assert_eq!(leader_at(&r, &t, "boufflers").as_deref(), Some("lille"));
    assert_eq!(corps_in(&r, &t, "tournai", A).len(), 3);
    checked(&r, &t);
}

#[test]
fn ny_17_4_a_roll_of_seven_takes_two_strength() {
    let r = tiny();
    let s = besieging(&r, "waldeck", 2, 0);
    let (t, ev) = seek(&r, &s, A, "siege", |_, ev| siege(ev).is_some_and(|x| x.total == 7));
    assert_eq!((roll(&ev).before, roll(&ev).after), (2, 0));
    assert_eq!(owner(&r, &t, "tournai"), Control::Alliance);
    let (t, _) = seek(&r, &s, A, "siege", |_, ev| siege(ev).is_some_and(|x| x.total == 6));
    assert_eq!((owner(&r, &t, "tournai"), t.strength[space(&r, "tournai").index()]), (Control::Bourbon, 1));
}

// ---------------------------------------------------------------- 17.5.3

#[test]
fn ny_17_5_3_a_restricted_loc_costs_one_and_no_loc_two() {
    // The besiegers of Tournai trace through Brussels and Antwerp to Amsterdam.
    let r = tiny();
    let open = besieging(&r, "waldeck", 2, 0);
    let ev = apply(&r, &mut open.clone(), A, "siege");
    assert_eq!(roll(&ev).loc, 0);
    // Antwerp, an Allied fortress, besieged by a French corps: restricted.
    let mut restricted = open.clone();
    put(&r, &mut restricted, "france", "antwerp", 1);
    let ev = apply(&r, &mut restricted, A, "siege");
    assert_eq!(roll(&ev).loc, -1);
    assert_eq!(roll(&ev).total, roll(&ev).die + 1 - 1);
    // Brussels Bourbon: no LOC at all.
    let mut cut = open;
    own(&r, &mut cut, "brussels", Control::Bourbon);
    let ev = apply(&r, &mut cut, A, "siege");
    assert_eq!(roll(&ev).loc, -2);
    assert_eq!(roll(&ev).total, roll(&ev).die + 1 - 2);
}
