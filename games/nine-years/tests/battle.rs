//! Interception (14.4 authored) and battle (16 authored): an army entering
//! a space may be intercepted from next door on die + tactics ≥ 6; an army
//! entering enemy corps gives battle — one die each, + the best tactics,
//! +1 more corps / +2 twice as many, −1 mostly demoralised, the attacker's
//! card, the defender's line and its own unbesieged fortress; the loser
//! loses 1 + half the margin in steps and retreats demoralised, the winner
//! 1 on a margin of 0 or 1; 4 or more is a Famous Victory.
//!
//! Most battles are in Brussels, an open space (no fortress), made Bourbon,
//! attacked by William III (tactics 2, command 6) from Antwerp, defended by
//! Boufflers (tactics 1, command 4). Dice are chosen by trying seeds.

mod common;
use common::campaign::*;
use common::*;
use sandtable_core::Event;
use sandtable_nine_years::{Control, CorpsId, NineYears, Pending, Side, State};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

/// William III with `att` Dutch corps in Antwerp, his Campaign under way
/// with all of them; Boufflers with `def` French corps in Brussels (Bourbon).
fn brussels(r: &NineYears, att: usize, def: usize) -> State {
    let mut s = round(r, A);
    own(r, &mut s, "brussels", Control::Bourbon);
    put_leader(r, &mut s, "william-iii", "antwerp");
    put(r, &mut s, "dutch", "antwerp", att);
    put_leader(r, &mut s, "boufflers", "brussels");
    put(r, &mut s, "france", "brussels", def);
    checked(r, &s);
    apply(r, &mut s, A, "campaign william-iii");
    for _ in 0..att {
        apply(r, &mut s, A, "add dutch full");
    }
    s
}

fn rolls(ev: &[Event]) -> (BattleRoll, BattleRoll) {
    battle(ev).unwrap_or_else(|| panic!("no battle in {:?}", rules_of(ev)))
}

fn margin(ev: &[Event]) -> i8 {
    let (a, d) = rolls(ev);
    a.total - d.total
}

/// Steps left in these corps (2 full, 1 reduced, 0 eliminated).
fn steps_of(s: &State, ids: &[CorpsId]) -> usize {
    ids.iter()
        .map(|&c| match s.corps(c).loc {
            sandtable_nine_years::Loc::Space(_) => {
                if s.corps(c).reduced {
                    1
                } else {
                    2
                }
            }
            _ => 0,
        })
        .sum()
}

// ---------------------------------------------------------------- 14.4

/// William III with two Dutch corps in Namur, his Campaign under way;
/// `leader` with five French corps in Tournai, next to Brussels.
fn interception(r: &NineYears, leader: &str) -> State {
    let mut s = round(r, A);
    put_leader(r, &mut s, "william-iii", "namur");
    put(r, &mut s, "dutch", "namur", 2);
    put_leader(r, &mut s, leader, "tournai");
    put(r, &mut s, "france", "tournai", 5);
    checked(r, &s);
    apply(r, &mut s, A, "campaign william-iii");
    apply(r, &mut s, A, "add dutch full");
    apply(r, &mut s, A, "add dutch full");
    s
}

fn intercept_die(ev: &[Event]) -> u8 {
    ev.iter().find(|e| e.rule.as_deref() == Some("NY 14.4") && !e.dice.is_empty()).expect("an interception roll").dice
        [0]
}

#[test]
fn ny_14_4_the_other_player_may_intercept_an_army_entering_a_space_next_to_his_leader() {
    let r = tiny();
    let mut s = interception(&r, "boufflers");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, Some(Pending::Intercept(space(&r, "brussels"))));
    assert_eq!(to_act(&r, &s), Some(B));
    assert_eq!(legal_text(&r, &s, B), ["no-intercept", "intercept boufflers"]);
    apply(&r, &mut s, B, "no-intercept");
    // Not intercepted, the army goes on.
    assert_eq!((s.pending, to_act(&r, &s)), (None, Some(A)));
    apply(&r, &mut s, A, "go antwerp");
}

#[test]
fn ny_14_4_interception_succeeds_on_six_or_more_with_the_leaders_tactics() {
    let r = tiny();
    for (leader, tactics) in [("boufflers", 1u8), ("luxembourg", 3)] {
        let mut s = interception(&r, leader);
        apply(&r, &mut s, A, "go brussels");
        let text = format!("intercept {leader}");
        // 6 or more: he marches in and the army fights him.
        let (t, ev) = seek(&r, &s, B, &text, |_, ev| intercept_die(ev) + tactics == 6);
        assert_eq!(leader_at(&r, &t, leader).as_deref(), Some("brussels"), "{leader}");
        let b = texts(&ev, "NY 16.2");
        assert!(
            b.len() == 1 && b[0].starts_with("battle of Brussels: the Alliance"),
            "the army attacks, he defends: {b:?}"
        );
        // 5: he stays, the army is in Brussels and goes on.
        let (t, ev) = seek(&r, &s, B, &text, |_, ev| intercept_die(ev) + tactics == 5);
        assert!(battle(&ev).is_none());
        assert_eq!(leader_at(&r, &t, leader).as_deref(), Some("tournai"));
        assert_eq!(leader_at(&r, &t, "william-iii").as_deref(), Some("brussels"));
        assert!(t.force.is_some() && t.pending.is_none());
    }
}

#[test]
fn ny_14_4_the_interceptor_brings_up_to_his_command_in_corps() {
    // Boufflers (command 4) and five corps: four march in, one stays.
    let r = tiny();
    let mut s = interception(&r, "boufflers");
    let french = corps_in(&r, &s, "tournai", B);
    apply(&r, &mut s, A, "go brussels");
    let (t, ev) = seek(&r, &s, B, "intercept boufflers", |_, ev| intercept_die(ev) == 6);
    let stayed =
        french.iter().filter(|&&c| t.corps(c).loc == sandtable_nine_years::Loc::Space(space(&r, "tournai"))).count();
    assert_eq!(stayed, 1, "{:?}", texts(&ev, "NY 16.2"));
    // Those that marched fought in Brussels (some may have been lost there).
    let fought = french
        .iter()
        .filter(|&&c| {
            matches!(t.corps(c).loc, sandtable_nine_years::Loc::Space(x) if x == space(&r, "brussels"))
                || t.corps(c).loc == sandtable_nine_years::Loc::Pool
        })
        .count();
    assert_eq!(fought, 4);
}

#[test]
fn ny_14_4_a_demoralised_leader_a_leader_without_corps_and_a_distant_one_cannot_intercept() {
    let r = tiny();
    // Demoralised.
    let mut s = interception(&r, "boufflers");
    demoralise(&r, &mut s, &[], &["boufflers"]);
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, None);
    // Without corps.
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "namur");
    put(&r, &mut s, "dutch", "namur", 1);
    put_leader(&r, &mut s, "boufflers", "tournai");
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, None);
    // Not next to the space: Lille is two links from Brussels.
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "namur");
    put(&r, &mut s, "dutch", "namur", 1);
    put_leader(&r, &mut s, "boufflers", "lille");
    put(&r, &mut s, "france", "lille", 2);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, None);
}

#[test]
fn ny_14_4_only_the_able_leader_is_named() {
    let r = tiny();
    let mut s = interception(&r, "boufflers");
    put_leader(&r, &mut s, "luxembourg", "tournai");
    demoralise(&r, &mut s, &[], &["luxembourg"]);
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(refuse(&r, &s, B, "intercept luxembourg").rule, "NY 14.4");
    assert_eq!(refuse(&r, &s, B, "intercept catinat").rule, "NY 14.4");
    apply(&r, &mut s, B, "intercept boufflers");
}

#[test]
fn ny_14_4_a_leader_shut_in_a_besieged_fortress_cannot_intercept() {
    let r = tiny();
    let mut s = interception(&r, "boufflers");
    put(&r, &mut s, "empire", "tournai", 1);
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, None);
}

#[test]
fn ny_14_4_a_besieging_leader_is_not_besieged_and_may_intercept() {
    // Boufflers besieges Allied Namur; an Allied army enters Brussels next door.
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 2);
    put_leader(&r, &mut s, "boufflers", "namur");
    put(&r, &mut s, "france", "namur", 3);
    put(&r, &mut s, "spain", "namur", 1);
    checked(&r, &s);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, Some(Pending::Intercept(space(&r, "brussels"))));
    apply(&r, &mut s, B, "intercept boufflers");
}

#[test]
fn ny_14_4_the_bourbons_never_intercept_over_a_red_link() {
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "amsterdam", Control::Bourbon);
    put_leader(&r, &mut s, "boufflers", "amsterdam");
    put(&r, &mut s, "france", "amsterdam", 2);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go antwerp");
    assert_eq!(s.pending, None);
    // Over an ordinary link, the same leader would.
    let mut s = round(&r, A);
    own(&r, &mut s, "cologne", Control::Bourbon);
    put_leader(&r, &mut s, "boufflers", "cologne");
    put(&r, &mut s, "france", "cologne", 2);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go amsterdam");
    assert_eq!(s.pending, Some(Pending::Intercept(space(&r, "amsterdam"))));
}

#[test]
fn ny_14_4_no_interception_where_the_armys_own_corps_already_stand() {
    let r = tiny();
    let brussels = space(&r, "brussels");
    // Brussels, Allied and empty: Boufflers next door may try.
    let mut s = interception(&r, "boufflers");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, Some(Pending::Intercept(brussels)));
    // An Allied leader alone there changes nothing: he is no corps.
    let mut s = interception(&r, "boufflers");
    put_leader(&r, &mut s, "waldeck", "brussels");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, Some(Pending::Intercept(brussels)), "a leader alone is not a corps");
    // A Spanish corps already in Brussels: the army would not fight alone, no try.
    let mut s = interception(&r, "boufflers");
    put(&r, &mut s, "spain", "brussels", 1);
    checked(&r, &s);
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, None);
    assert_eq!(to_act(&r, &s), Some(A), "the army goes on");
    assert!(!legal_text(&r, &s, B).contains(&"intercept boufflers".to_owned()));
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("brussels"));
}

#[test]
fn ny_14_4_a_failed_interception_activates_the_leader() {
    let r = tiny();
    let boufflers = leader(&r, "boufflers");
    let namur = space(&r, "namur");
    let mut s = interception(&r, "boufflers");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(s.pending, Some(Pending::Intercept(space(&r, "brussels"))));
    // Declined, Boufflers is not activated: Namur, next to Tournai too, is offered to him again.
    let mut declined = s.clone();
    apply(&r, &mut declined, B, "no-intercept");
    assert!(!declined.leader(boufflers).activated);
    apply(&r, &mut declined, A, "go namur");
    assert_eq!(declined.pending, Some(Pending::Intercept(namur)));
    // Tried and failed (die + 1 below 6): he stays, activated, and is not offered Namur.
    let (mut t, _) = seek(&r, &s, B, "intercept boufflers", |_, ev| intercept_die(ev) + 1 < 6);
    assert_eq!(leader_at(&r, &t, "boufflers").as_deref(), Some("tournai"));
    assert!(t.leader(boufflers).activated, "the try activates him");
    assert!(t.force.is_some() && t.pending.is_none());
    apply(&r, &mut t, A, "go namur");
    assert_eq!(t.pending, None, "tried once this round");
    assert_eq!(leader_at(&r, &t, "william-iii").as_deref(), Some("namur"));
}

// ---------------------------------------------------------------- 16.1

#[test]
fn ny_16_1_entering_enemy_corps_gives_battle_which_ends_the_move() {
    let r = tiny();
    let s = brussels(&r, 3, 1);
    let (mut t, ev) = seek(&r, &s, A, "go brussels", |t, _| matches!(t.pending, Some(Pending::Retreat(_))));
    assert!(rolls(&ev).0.total > rolls(&ev).1.total);
    apply(&r, &mut t, B, "retreat tournai");
    // Won with 2 MP left, the army's action is over anyway.
    assert!(t.force.is_none());
    assert_eq!((t.ap, owner(&r, &t, "brussels")), (2, Control::Alliance));
    assert_eq!(refuse(&r, &t, A, "go namur").rule, "NY 5.0", "no army is under way");
}

#[test]
fn ny_16_1_leaders_without_corps_cannot_attack() {
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "brussels", Control::Bourbon);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 1);
    put(&r, &mut s, "france", "brussels", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    assert_eq!(refuse(&r, &s, A, "go brussels").rule, "NY 16.1");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go brussels");
}

#[test]
fn ny_16_1_enemy_leaders_alone_withdraw_without_battle() {
    let r = tiny();
    let mut s = brussels(&r, 1, 0);
    let ev = apply(&r, &mut s, A, "go brussels");
    assert!(battle(&ev).is_none());
    assert_eq!(leader_at(&r, &s, "boufflers").as_deref(), Some("tournai"));
    assert_eq!(owner(&r, &s, "brussels"), Control::Alliance);
    assert!(s.force.is_some(), "no battle: the army may go on");
}

#[test]
fn ny_16_1_a_defender_in_its_own_fortress_may_withdraw_into_it() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 3);
    put_leader(&r, &mut s, "boufflers", "tournai");
    put(&r, &mut s, "france", "tournai", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    apply(&r, &mut s, A, "go tournai");
    assert_eq!(s.pending, Some(Pending::Garrison(space(&r, "tournai"))));
    assert_eq!(legal_text(&r, &s, B), ["battle", "withdraw"]);
    let ev = apply(&r, &mut s, B, "withdraw");
    assert!(battle(&ev).is_none());
    // The army stops before the fortress, which is besieged: its action is over.
    assert!(s.force.is_none() && s.pending.is_none());
    assert_eq!((s.active, s.ap), (A, 2));
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("tournai"));
    assert_eq!((corps_in(&r, &s, "tournai", A).len(), owner(&r, &s, "tournai")), (3, Control::Bourbon));
    apply(&r, &mut s, A, "end");
    apply(&r, &mut s, B, "play 2");
    assert_eq!(refuse(&r, &s, B, "campaign boufflers").rule, "NY 17.2", "shut in");
    // In an open space there is no such choice: the battle is fought at once.
    let s = brussels(&r, 1, 1);
    let (t, ev) = seek(&r, &s, A, "go brussels", |_, _| true);
    assert!(battle(&ev).is_some());
    assert_ne!(t.pending, Some(Pending::Garrison(space(&r, "brussels"))));
}

// ---------------------------------------------------------------- 16.2

#[test]
fn ny_16_2_each_side_rolls_a_die_plus_its_best_leaders_tactics() {
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "brussels", Control::Bourbon);
    for l in ["william-iii", "waldeck"] {
        put_leader(&r, &mut s, l, "antwerp");
    }
    put(&r, &mut s, "dutch", "antwerp", 2);
    for l in ["boufflers", "luxembourg"] {
        put_leader(&r, &mut s, l, "brussels");
    }
    put(&r, &mut s, "france", "brussels", 2);
    apply(&r, &mut s, A, "campaign waldeck");
    apply(&r, &mut s, A, "add william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    let ev = apply(&r, &mut s, A, "go brussels");
    let (a, d) = rolls(&ev);
    assert_eq!((a.tactics, d.tactics), (2, 3), "William 2 over Waldeck 1; Luxembourg 3 over Boufflers 1");
    assert_eq!((a.mods, d.mods), (0, 0));
    assert_eq!(a.total, a.die + a.tactics + a.mods);
    let e = ev.iter().find(|e| e.rule.as_deref() == Some("NY 16.2")).expect("battle");
    assert_eq!(e.dice, [a.die as u8, d.die as u8]);
}

#[test]
fn ny_16_2_more_corps_add_one_and_twice_as_many_two() {
    let r = tiny();
    for (att, def, want) in [
        (2, 2, (0, 0)),
        (3, 2, (1, 0)),
        (4, 2, (2, 0)),
        (5, 3, (1, 0)),
        (6, 3, (2, 0)),
        (2, 3, (0, 1)),
        (2, 4, (0, 2)),
        (1, 2, (0, 2)),
    ] {
        let mut s = brussels(&r, att, def);
        let ev = apply(&r, &mut s, A, "go brussels");
        let (a, d) = rolls(&ev);
        assert_eq!((a.mods, d.mods), want, "{att} corps against {def}");
    }
}

#[test]
fn ny_16_2_mostly_demoralised_corps_subtract_one() {
    let r = tiny();
    for (demoralised, want) in [(0, 0), (1, 0), (2, -1), (3, -1)] {
        let mut s = brussels(&r, 3, 3);
        let c = corps_in(&r, &s, "brussels", B);
        demoralise(&r, &mut s, &c[..demoralised], &[]);
        let ev = apply(&r, &mut s, A, "go brussels");
        assert_eq!(rolls(&ev).1.mods, want, "{demoralised} of 3 demoralised");
        assert_eq!(rolls(&ev).0.mods, 0);
    }
}

#[test]
fn ny_16_2_the_attacker_adds_a_held_cards_bonus() {
    let r = tiny();
    let mut s = brussels(&r, 2, 2);
    s.bonus[0] = 1;
    let ev = apply(&r, &mut s, A, "go brussels");
    assert_eq!((rolls(&ev).0.mods, rolls(&ev).1.mods), (1, 0));
}

/// William III and `att` Dutch corps in Brussels, his Campaign under way;
/// Boufflers and `def` French corps in Tournai, a level-2 Bourbon fortress.
fn tournai(r: &NineYears, att: usize, def: usize) -> State {
    let mut s = round(r, A);
    put_leader(r, &mut s, "william-iii", "brussels");
    put(r, &mut s, "dutch", "brussels", att);
    put_leader(r, &mut s, "boufflers", "tournai");
    put(r, &mut s, "france", "tournai", def);
    apply(r, &mut s, A, "campaign william-iii");
    for _ in 0..att {
        apply(r, &mut s, A, "add dutch full");
    }
    s
}

#[test]
fn ny_16_2_a_defender_in_its_own_unbesieged_fortress_adds_one() {
    let r = tiny();
    let mut s = tournai(&r, 2, 2);
    apply(&r, &mut s, A, "go tournai");
    let ev = apply(&r, &mut s, B, "battle");
    assert_eq!((rolls(&ev).0.mods, rolls(&ev).1.mods), (0, 1));
}

#[test]
fn ny_16_2_the_higher_total_wins_and_a_tie_holds_for_the_defender() {
    let r = tiny();
    let s = brussels(&r, 2, 2);
    let (t, ev) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == 0);
    // The defender holds: the attacker is beaten and goes back.
    assert_eq!(leader_at(&r, &t, "william-iii").as_deref(), Some("antwerp"), "{:?}", texts(&ev, "NY 16.2"));
    assert!(texts(&ev, "NY 16.2")[0].contains("Bourbon player wins by 0"));
    let (t, _) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == 1);
    assert_eq!(t.pending, Some(Pending::Retreat(space(&r, "brussels"))), "the attacker won by 1");
    let (t, _) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == -1);
    assert_eq!(leader_at(&r, &t, "william-iii").as_deref(), Some("antwerp"));
}

// ---------------------------------------------------------------- 16.3

#[test]
fn ny_16_3_the_loser_loses_one_step_and_half_the_margin_the_winner_one_on_a_margin_of_0_or_1() {
    let r = tiny();
    let s = brussels(&r, 4, 4);
    let att = corps_in(&r, &s, "antwerp", A);
    let def = corps_in(&r, &s, "brussels", B);
    for m in [-4i8, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6] {
        let (t, ev) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == m);
        let lost = (8 - steps_of(&t, &att), 8 - steps_of(&t, &def));
        let (loser, winner) = (1 + usize::from(m.unsigned_abs() / 2), usize::from(m.unsigned_abs() <= 1));
        // A tie holds for the defender.
        let want = if m > 0 { (winner, loser) } else { (loser, winner) };
        assert_eq!(lost, want, "margin {m}: {:?}", texts(&ev, "NY 16.2"));
    }
}

#[test]
fn ny_16_3_steps_come_from_full_corps_first() {
    let r = tiny();
    // Margin 4: the loser loses 3 steps — three full corps reduced, none eliminated.
    let s = brussels(&r, 4, 4);
    let def = corps_in(&r, &s, "brussels", B);
    let (t, _) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == 4);
    assert_eq!(def.iter().filter(|&&c| t.corps(c).reduced).count(), 3);
    assert!(def.iter().all(|&c| matches!(t.corps(c).loc, sandtable_nine_years::Loc::Space(_))));
    // One full and two reduced corps losing one step (margin 1): the full one is flipped.
    let mut s = brussels(&r, 4, 0);
    let full = put(&r, &mut s, "france", "brussels", 1);
    let reduced = put_reduced(&r, &mut s, "france", "brussels", 2);
    let (t, _) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == 1);
    assert!(t.corps(full[0]).reduced);
    assert!(
        reduced.iter().all(|&c| matches!(t.corps(c).loc, sandtable_nine_years::Loc::Space(_))),
        "no reduced corps eliminated"
    );
}

// ---------------------------------------------------------------- 16.4

#[test]
fn ny_16_4_the_beaten_defender_retreats_demoralised_to_a_linked_friendly_space_free_of_enemy_corps() {
    let r = tiny();
    let mut s = brussels(&r, 4, 2);
    own(&r, &mut s, "namur", Control::Bourbon);
    let (t, _) = seek(&r, &s, A, "go brussels", |t, _| matches!(t.pending, Some(Pending::Retreat(_))));
    let mut choices = legal_text(&r, &t, B);
    choices.sort();
    assert_eq!(choices, ["retreat namur", "retreat tournai"]);
    assert_eq!(refuse(&r, &t, B, "retreat antwerp").rule, "NY 16.4", "an Allied space");
    assert_eq!(refuse(&r, &t, B, "retreat lille").rule, "NY 16.4", "not linked");
    // Enemy corps in Namur close it.
    let mut u = t.clone();
    put(&r, &mut u, "spain", "namur", 1);
    assert_eq!(legal_text(&r, &u, B), ["retreat tournai"]);
    let mut t = t;
    let survivors: Vec<CorpsId> = corps_in(&r, &t, "brussels", B);
    apply(&r, &mut t, B, "retreat tournai");
    assert_eq!(leader_at(&r, &t, "boufflers").as_deref(), Some("tournai"));
    assert!(survivors.iter().all(|&c| t.corps(c).loc == sandtable_nine_years::Loc::Space(space(&r, "tournai"))));
    assert!(survivors.iter().all(|&c| t.corps(c).demoralised));
    assert!(t.leader(leader(&r, "boufflers")).demoralised);
    assert!(!t.leader(leader(&r, "william-iii")).demoralised);
}

#[test]
fn ny_16_4_a_beaten_defender_with_nowhere_to_go_loses_its_corps() {
    let r = tiny();
    let mut s = brussels(&r, 4, 2);
    own(&r, &mut s, "tournai", Control::Alliance);
    let def = corps_in(&r, &s, "brussels", B);
    let (t, ev) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) > 0);
    assert_eq!(t.pending, None);
    assert!(def.iter().all(|&c| t.corps(c).loc == sandtable_nine_years::Loc::Pool), "{:?}", texts(&ev, "NY 16.4"));
    assert_ne!(leader_at(&r, &t, "boufflers").as_deref(), Some("brussels"));
}

#[test]
fn ny_16_4_the_bourbons_do_not_retreat_over_a_red_link() {
    // Bourbon Antwerp, attacked from Brussels: Amsterdam is Bourbon but only
    // over the red link.
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "antwerp", Control::Bourbon);
    own(&r, &mut s, "amsterdam", Control::Bourbon);
    put(&r, &mut s, "france", "antwerp", 1);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 3);
    checked(&r, &s);
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    apply(&r, &mut s, A, "go antwerp");
    assert_eq!(s.pending, Some(Pending::Garrison(space(&r, "antwerp"))));
    let (t, _) = seek(&r, &s, B, "battle", |_, ev| margin(ev) > 0);
    assert_eq!(t.pending, None);
    assert!(corps_in(&r, &t, "antwerp", B).is_empty() && corps_in(&r, &t, "amsterdam", B).is_empty());
}

#[test]
fn ny_16_4_the_beaten_attacker_goes_back_where_it_came_from() {
    let r = tiny();
    let s = brussels(&r, 2, 3);
    let att = corps_in(&r, &s, "antwerp", A);
    let (t, _) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == -2);
    assert_eq!(leader_at(&r, &t, "william-iii").as_deref(), Some("antwerp"));
    let left: Vec<_> = att.iter().filter(|&&c| t.corps(c).loc != sandtable_nine_years::Loc::Pool).collect();
    assert!(!left.is_empty());
    assert!(left
        .iter()
        .all(|&&c| t.corps(c).loc == sandtable_nine_years::Loc::Space(space(&r, "antwerp")) && t.corps(c).demoralised));
    assert!(t.leader(leader(&r, "william-iii")).demoralised);
    assert!(t.force.is_none() && t.pending.is_none());
    assert_eq!(owner(&r, &t, "brussels"), Control::Bourbon);
}

// ---------------------------------------------------------------- 16.5

#[test]
fn ny_16_5_a_margin_of_four_is_a_famous_victory() {
    let r = tiny();
    let s = brussels(&r, 3, 3);
    let x = space(&r, "brussels");
    for (m, vp) in [(4i8, 1i16), (5, 1), (3, 0), (-3, 0), (-4, -1)] {
        let (t, ev) = seek(&r, &s, A, "go brussels", |_, ev| margin(ev) == m);
        assert_eq!(i16::from(t.vp) - i16::from(s.vp), vp, "margin {m}");
        assert_eq!(t.famous[x.index()], vp != 0, "margin {m}");
        assert_eq!(rules_of(&ev).contains(&"NY 16.5".to_string()), vp != 0);
    }
}

#[test]
fn ny_16_5_a_demoralised_leader_cannot_lead_a_campaign_until_rallied() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 1);
    demoralise(&r, &mut s, &[], &["william-iii"]);
    assert_eq!(refuse(&r, &s, A, "campaign william-iii").rule, "NY 16.5");
    apply(&r, &mut s, A, "rally william-iii");
    apply(&r, &mut s, A, "end");
    apply(&r, &mut s, B, "play 2");
    apply(&r, &mut s, B, "end");
    apply(&r, &mut s, A, "play 2");
    apply(&r, &mut s, A, "campaign william-iii");
}
