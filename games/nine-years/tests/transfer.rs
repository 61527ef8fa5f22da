//! The Strategic Transfer (13.5.2): one a round, two counters from
//! anywhere to anywhere by land — leaders 6 MP, corps 4 MP — never into an
//! enemy space or one with enemy troops unless an unbesieged friendly corps
//! is already there.
//!
//! Distances on the tiny map with Strasbourg Allied: Amsterdam–Cologne 1,
//! Mainz 2, Strasbourg 3, Munich 4, Vienna and Innsbruck 5, Milan 6, Turin 7.

mod common;
use common::campaign::*;
use common::*;
use sandtable_nine_years::{Control, Savoy, Side, State};

const A: Side = Side::Alliance;

/// The Alliance's round with Strasbourg Allied and Savoy in the war (Turin
/// and Pinerolo Allied), so the road east from Amsterdam is friendly.
fn east(r: &sandtable_nine_years::NineYears) -> State {
    let mut s = round(r, A);
    own(r, &mut s, "strasbourg", Control::Alliance);
    s.savoy = Savoy::Allied;
    own(r, &mut s, "turin", Control::Alliance);
    own(r, &mut s, "pinerolo", Control::Alliance);
    s
}

#[test]
fn ny_13_5_2_leaders_transfer_six_mp_not_seven() {
    let r = tiny();
    let mut s = east(&r);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    checked(&r, &s);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(refuse(&r, &s, A, "shift william-iii turin").rule, "NY 13.5.2");
    apply(&r, &mut s, A, "shift william-iii milan");
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("milan"));
}

#[test]
fn ny_13_5_2_corps_transfer_four_mp_not_five() {
    let r = tiny();
    let mut s = east(&r);
    put(&r, &mut s, "dutch", "amsterdam", 2);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(refuse(&r, &s, A, "shift amsterdam dutch full vienna").rule, "NY 13.5.2");
    assert_eq!(refuse(&r, &s, A, "shift amsterdam dutch full innsbruck").rule, "NY 13.5.2");
    apply(&r, &mut s, A, "shift amsterdam dutch full munich");
    assert_eq!(corps_in(&r, &s, "munich", A).len(), 1);
}

#[test]
fn ny_13_5_2_two_counters_from_different_spaces_to_different_spaces() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "brussels", 1);
    put_reduced(&r, &mut s, "spain", "cologne", 1);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(s.ap, 2, "one action");
    apply(&r, &mut s, A, "shift william-iii mainz");
    apply(&r, &mut s, A, "shift brussels dutch full namur");
    // Two counters: the transfer is over, the third stays.
    assert!(s.force.is_none());
    assert_eq!(leader_at(&r, &s, "william-iii").as_deref(), Some("mainz"));
    assert_eq!(corps_in(&r, &s, "namur", A).len(), 1);
    assert_eq!(corps_in(&r, &s, "cologne", A).len(), 1);
    // One Strategic Transfer a round.
    assert_eq!(refuse(&r, &s, A, "transfer").rule, "NY 13.5.2");
}

#[test]
fn ny_13_5_2_one_transfer_a_round_even_if_it_moved_one_counter() {
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "brussels", 2);
    apply(&r, &mut s, A, "transfer");
    apply(&r, &mut s, A, "shift brussels dutch full namur");
    apply(&r, &mut s, A, "stop");
    assert_eq!(refuse(&r, &s, A, "transfer").rule, "NY 13.5.2");
    // The next round of the Alliance may transfer again.
    apply(&r, &mut s, A, "end");
    apply(&r, &mut s, Side::Bourbon, "play 2");
    apply(&r, &mut s, Side::Bourbon, "end");
    apply(&r, &mut s, A, "play 2");
    apply(&r, &mut s, A, "transfer");
    apply(&r, &mut s, A, "shift namur dutch full brussels");
}

#[test]
fn ny_13_5_2_a_transferred_counter_moves_once() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    apply(&r, &mut s, A, "transfer");
    apply(&r, &mut s, A, "shift william-iii cologne");
    assert_eq!(refuse(&r, &s, A, "shift william-iii mainz").rule, "NY 13.4.3");
}

#[test]
fn ny_13_5_2_not_into_an_enemy_space_unless_an_unbesieged_friendly_corps_is_there() {
    // Tournai: a Bourbon fortress, empty.
    let r = tiny();
    let mut s = round(&r, A);
    own(&r, &mut s, "tournai", Control::Bourbon);
    put_leader(&r, &mut s, "waldeck", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    let mut t = s.clone();
    apply(&r, &mut t, A, "transfer");
    assert_eq!(refuse(&r, &t, A, "shift brussels dutch full tournai").rule, "NY 13.5.2");
    assert_eq!(refuse(&r, &t, A, "shift waldeck tournai").rule, "NY 13.5.2");
    // Allied besiegers stand in it: they are not besieged, so it may be joined.
    put(&r, &mut s, "empire", "tournai", 1);
    apply(&r, &mut s, A, "transfer");
    apply(&r, &mut s, A, "shift brussels dutch full tournai");
    apply(&r, &mut s, A, "shift waldeck tournai");
    assert_eq!(corps_in(&r, &s, "tournai", A).len(), 2);
}

#[test]
fn ny_13_5_2_not_into_a_space_with_enemy_troops_unless_a_friendly_corps_there_is_unbesieged() {
    let r = tiny();
    // Namur, an Allied fortress: Bourbon corps besiege the Allied corps in it.
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "brussels", 1);
    put(&r, &mut s, "france", "namur", 1);
    let mut t = s.clone();
    apply(&r, &mut t, A, "transfer");
    assert_eq!(refuse(&r, &t, A, "shift brussels dutch full namur").rule, "NY 13.5.2", "enemy troops");
    put(&r, &mut s, "spain", "namur", 1);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(
        refuse(&r, &s, A, "shift brussels dutch full namur").rule,
        "NY 13.5.2",
        "the friendly corps is besieged"
    );
    // The same in an open space: the friendly corps there is not besieged.
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "namur", 1);
    put(&r, &mut s, "france", "brussels", 1);
    let mut t = s.clone();
    apply(&r, &mut t, A, "transfer");
    assert_eq!(refuse(&r, &t, A, "shift namur dutch full brussels").rule, "NY 13.5.2");
    put(&r, &mut s, "spain", "brussels", 1);
    apply(&r, &mut s, A, "transfer");
    apply(&r, &mut s, A, "shift namur dutch full brussels");
}

#[test]
fn ny_13_5_2_not_through_an_enemy_space_either() {
    // Amsterdam to Namur: through Antwerp and Brussels (4 MP), or through Cologne and Metz.
    let r = tiny();
    let mut s = round(&r, A);
    put(&r, &mut s, "dutch", "amsterdam", 1);
    let mut t = s.clone();
    apply(&r, &mut t, A, "transfer");
    apply(&r, &mut t, A, "shift amsterdam dutch full namur");
    own(&r, &mut s, "brussels", Control::Bourbon);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(refuse(&r, &s, A, "shift amsterdam dutch full namur").rule, "NY 13.5.2");
}

#[test]
fn ny_13_5_2_besieged_counters_cannot_transfer_out() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "waldeck", "namur");
    put(&r, &mut s, "dutch", "namur", 1);
    let mut t = s.clone();
    apply(&r, &mut t, A, "transfer");
    apply(&r, &mut t, A, "shift namur dutch full brussels");
    apply(&r, &mut t, A, "shift waldeck brussels");
    put(&r, &mut s, "france", "namur", 1);
    apply(&r, &mut s, A, "transfer");
    assert_eq!(refuse(&r, &s, A, "shift namur dutch full brussels").rule, "NY 13.5.2");
    assert_eq!(refuse(&r, &s, A, "shift waldeck brussels").rule, "NY 17.2");
}
