//! Land movement (14.1): links cost 1 MP, red links 2 and only for the
//! Alliance; only a Campaign enters enemy spaces (14.1.1); corps move with
//! a leader except by Strategic Transfer, Sea Move and retreat (14.1.2);
//! counters are gathered before the move and dropped at will, never picked
//! up (14.1.3). The tiny map's red link is Antwerp–Amsterdam.

mod common;
use common::campaign::*;
use common::*;
use sandtable_nine_years::{Control, Pending, Side};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

// ---------------------------------------------------------------- 14.1.1

#[test]
fn ny_14_1_1_a_link_costs_one_mp_and_only_links_can_be_followed() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    assert_eq!(refuse(&r, &s, A, "go mainz").rule, "NY 14.1.1", "Amsterdam and Mainz are not linked");
    apply(&r, &mut s, A, "go cologne");
    assert_eq!(s.force.as_ref().map(|f| f.spent), Some(1));
    apply(&r, &mut s, A, "go mainz");
    assert_eq!(s.force.as_ref().map(|f| f.spent), Some(2));
}

#[test]
fn ny_14_1_1_red_links_cost_two_mp_and_are_allied_only() {
    let r = tiny();
    // Brussels–Antwerp 1 MP, then the red link to Amsterdam 2: 3 in all.
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "waldeck", "brussels");
    apply(&r, &mut s, A, "campaign waldeck");
    apply(&r, &mut s, A, "go antwerp");
    apply(&r, &mut s, A, "go amsterdam");
    assert_eq!(s.force.as_ref().map(|f| f.spent), Some(3));
    // From Namur the red link would be the 3rd and 4th MP.
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "waldeck", "namur");
    apply(&r, &mut s, A, "campaign waldeck");
    apply(&r, &mut s, A, "go brussels");
    apply(&r, &mut s, A, "go antwerp");
    assert_eq!(refuse(&r, &s, A, "go amsterdam").rule, "NY 13.5.1");
    // The Bourbons never use it.
    let mut s = round(&r, B);
    own(&r, &mut s, "antwerp", Control::Bourbon);
    put_leader(&r, &mut s, "boufflers", "antwerp");
    put(&r, &mut s, "france", "antwerp", 1);
    checked(&r, &s);
    apply(&r, &mut s, B, "campaign boufflers");
    apply(&r, &mut s, B, "add france full");
    assert_eq!(refuse(&r, &s, B, "go amsterdam").rule, "NY 14.1.1");
    apply(&r, &mut s, B, "go brussels");
}

#[test]
fn ny_14_1_1_red_links_cost_two_mp_in_a_strategic_transfer_too() {
    // Corps transfer 4 MP: Amsterdam–Antwerp (2) –Brussels (3) –Namur (4),
    // not on to Metz (5); Cologne is Bourbon, so the red link is the only way.
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "amsterdam", 2);
    own(&r, &mut s, "cologne", Control::Bourbon);
    own(&r, &mut s, "metz", Control::Alliance);
    checked(&r, &s);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(refuse(&r, &s, A, "shift amsterdam dutch full metz").rule, "NY 13.5.2");
    apply(&r, &mut s, A, "shift amsterdam dutch full namur");
    // The Bourbons cannot transfer over it at all.
    let mut s = round(&r, B);
    own(&r, &mut s, "antwerp", Control::Bourbon);
    own(&r, &mut s, "amsterdam", Control::Bourbon);
    put_leader(&r, &mut s, "boufflers", "antwerp");
    apply(&r, &mut s, B, "transfer");
    assert_eq!(refuse(&r, &s, B, "shift boufflers amsterdam").rule, "NY 13.5.2");
}

#[test]
fn ny_14_1_1_only_a_campaign_enters_enemy_spaces() {
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "brussels", Control::Bourbon);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 2);
    checked(&r, &s);
    // A Strategic Transfer may not enter the enemy space.
    let mut t = s.clone();
    apply(&r, &mut t, A, "transfer");
    assert_eq!(refuse(&r, &t, A, "shift antwerp dutch full brussels").rule, "NY 13.5.2");
    assert_eq!(refuse(&r, &t, A, "shift william-iii brussels").rule, "NY 13.5.2");
    // A Campaign does, takes it, and may go on.
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(owner(&r, &s, "brussels"), Control::Alliance);
    apply(&r, &mut s, A, "go namur");
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("namur"));
}

// ---------------------------------------------------------------- 14.1.2

#[test]
fn ny_14_1_2_a_campaign_keeps_a_leader_with_its_corps() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go cologne");
    assert_eq!(refuse(&r, &s, A, "drop william-iii").rule, "NY 14.1.2");
    // Leave the corps first; then the leader may stop too.
    apply(&r, &mut s, A, "drop dutch full");
    apply(&r, &mut s, A, "drop william-iii");
    assert!(s.force.is_none(), "an empty army's action is over");
    assert_eq!(corps_in(&r, &s, "cologne", A).len(), 1);
}

#[test]
fn ny_14_1_2_corps_move_alone_by_strategic_transfer_and_sea_move() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "amsterdam", 2);
    apply(&r, &mut s, A, "transfer");
    apply(&r, &mut s, A, "shift amsterdam dutch full mainz");
    assert_eq!(corps_in(&r, &s, "mainz", A).len(), 1);
    apply(&r, &mut s, A, "stop");
    apply(&r, &mut s, A, "sea amsterdam");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "sail antwerp");
    assert_eq!(corps_in(&r, &s, "antwerp", A).len(), 1);
}

#[test]
fn ny_14_1_2_corps_retreat_without_a_leader() {
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "brussels", Control::Bourbon);
    put(&r, &mut s, "france", "brussels", 1);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 3);
    own(&r, &mut s, "tournai", Control::Bourbon);
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    let (mut s, _) = seek(&r, &s, A, "go brussels", |t, _| matches!(t.pending, Some(Pending::Retreat(_))));
    apply(&r, &mut s, B, "retreat tournai");
    assert_eq!(corps_in(&r, &s, "tournai", B).len(), 1);
    assert!(corps_in(&r, &s, "brussels", B).is_empty());
}

// ---------------------------------------------------------------- 14.1.3

#[test]
fn ny_14_1_3_an_army_gathers_counters_in_its_start_space_before_it_moves() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "waldeck", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 2);
    put_leader(&r, &mut s, "lorraine", "cologne");
    apply(&r, &mut s, A, "campaign william-iii");
    assert_eq!(refuse(&r, &s, A, "add lorraine").rule, "NY 14.1.3", "not in the start space");
    apply(&r, &mut s, A, "add waldeck");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go cologne");
    apply(&r, &mut s, A, "stop");
    assert_eq!(leader_at(&r, &s, "waldeck").as_deref(), Some("cologne"));
    assert_eq!(corps_in(&r, &s, "cologne", A).len(), 2);
    assert!(corps_in(&r, &s, "amsterdam", A).is_empty());
}

#[test]
fn ny_14_1_3_counters_are_never_picked_up_during_a_move() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 2);
    put_leader(&r, &mut s, "lorraine", "cologne");
    put(&r, &mut s, "empire", "cologne", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go cologne");
    assert_eq!(refuse(&r, &s, A, "add lorraine").rule, "NY 14.1.3");
    assert_eq!(refuse(&r, &s, A, "add empire full").rule, "NY 14.1.3");
    // Not even in the space it started from, once it has left.
    apply(&r, &mut s, A, "go amsterdam");
    assert_eq!(refuse(&r, &s, A, "add dutch full").rule, "NY 14.1.3");
}

#[test]
fn ny_14_1_3_counters_may_be_dropped_at_any_point_of_the_move() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "waldeck", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 3);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add waldeck");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    apply(&r, &mut s, A, "go cologne");
    apply(&r, &mut s, A, "drop dutch full");
    apply(&r, &mut s, A, "drop waldeck");
    apply(&r, &mut s, A, "go mainz");
    apply(&r, &mut s, A, "drop dutch full");
    apply(&r, &mut s, A, "go cologne");
    apply(&r, &mut s, A, "stop");
    assert_eq!(leader_at(&r, &s, "waldeck").as_deref(), Some("cologne"));
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("cologne"));
    assert_eq!(corps_in(&r, &s, "cologne", A).len(), 2);
    assert_eq!(corps_in(&r, &s, "mainz", A).len(), 1);
    // The dropped counters took part in the action (13.4.3).
    assert_eq!(refuse(&r, &s, A, "campaign waldeck").rule, "NY 13.4.3");
}
