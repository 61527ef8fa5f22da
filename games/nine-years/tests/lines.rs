//! Fortified lines (15 authored) and stacking (4.1.3 authored). A line
//! (level 1, then 2) costs 1 RP and needs 5 friendly corps in a friendly
//! space with LOC (15.2); it adds its level to its builder's defence in
//! battle there and is lost when the space changes hands (15.3). A side may
//! have 6 corps in a space, +2 a level of printed fortress strength, +2 in a
//! rich space; over that the space is overcrowded: no placement, no
//! Replacement, and a step lost per corps over the limit in Winter Quarters.

mod common;
use common::campaign::*;
use common::*;
use sandtable_nine_years::{Control, Line, NineYears, Side, State};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

fn line(r: &NineYears, s: &State, at: &str) -> Line {
    s.lines[space(r, at).index()]
}

// ---------------------------------------------------------------- 15.2

#[test]
fn ny_15_2_a_line_costs_one_rp_and_needs_five_corps() {
    let r = tiny();
    let mut s = spend(&r, B);
    put(&r, &mut s, "france", "lille", 4);
    assert_eq!(refuse(&r, &s, B, "line lille").rule, "NY 15.2");
    put(&r, &mut s, "france", "lille", 1);
    checked(&r, &s);
    apply(&r, &mut s, B, "line lille");
    assert_eq!(line(&r, &s, "lille"), Line { level: 1, side: Some(B) });
    assert_eq!(s.rp[B.index()], 2);
}

#[test]
fn ny_15_2_a_line_rises_to_level_two_and_no_higher() {
    let r = tiny();
    let mut s = spend(&r, A);
    put(&r, &mut s, "dutch", "brussels", 5);
    apply(&r, &mut s, A, "line brussels");
    apply(&r, &mut s, A, "line brussels");
    assert_eq!(line(&r, &s, "brussels"), Line { level: 2, side: Some(A) });
    assert_eq!(refuse(&r, &s, A, "line brussels").rule, "NY 15.2");
    assert_eq!(s.rp[A.index()], 4);
}

#[test]
fn ny_15_2_only_in_a_friendly_space_with_loc_and_rp() {
    let r = tiny();
    // Allied Brussels.
    let mut s = spend(&r, B);
    put(&r, &mut s, "france", "brussels", 5);
    assert_eq!(refuse(&r, &s, B, "line brussels").rule, "NY 15.2");
    // Dublin traces to no Bourbon source (Derry is its only neighbour, the Atlantic is nobody's).
    let mut s = spend(&r, B);
    put(&r, &mut s, "jacobite", "dublin", 4);
    put(&r, &mut s, "france", "dublin", 1);
    assert_eq!(refuse(&r, &s, B, "line dublin").rule, "NY 11.1.2");
    // No resource points left.
    let mut s = spend(&r, B);
    put(&r, &mut s, "france", "lille", 5);
    s.rp[B.index()] = 0;
    assert_eq!(refuse(&r, &s, B, "line lille").rule, "NY 12.3.1");
    s.rp[B.index()] = 1;
    apply(&r, &mut s, B, "line lille");
}

// ---------------------------------------------------------------- 15.3

/// William III with two Dutch corps in Antwerp, his Campaign under way;
/// two French corps in Brussels (Bourbon) behind a line of `level` built by `builder`.
fn behind_a_line(r: &NineYears, level: u8, builder: Side) -> State {
    let mut s = round(r, A);
    own(r, &mut s, "brussels", Control::Bourbon);
    put(r, &mut s, "france", "brussels", 2);
    s.lines[space(r, "brussels").index()] = Line { level, side: if level > 0 { Some(builder) } else { None } };
    put_leader(r, &mut s, "william-iii", "antwerp");
    put(r, &mut s, "dutch", "antwerp", 2);
    apply(r, &mut s, A, "campaign william-iii");
    apply(r, &mut s, A, "add dutch full");
    apply(r, &mut s, A, "add dutch full");
    s
}

#[test]
fn ny_15_3_a_line_adds_its_level_to_its_builders_defence() {
    let r = tiny();
    for level in 0..=2u8 {
        let mut s = behind_a_line(&r, level, B);
        let ev = apply(&r, &mut s, A, "go brussels");
        let (a, d) = battle(&ev).expect("a battle");
        assert_eq!((a.mods, d.mods), (0, level as i8), "a level-{level} line");
    }
    // A line its side did not build gives the defender nothing.
    let mut s = behind_a_line(&r, 2, A);
    let ev = apply(&r, &mut s, A, "go brussels");
    assert_eq!(battle(&ev).expect("a battle").1.mods, 0);
}

#[test]
fn ny_15_3_a_line_is_lost_when_its_space_changes_hands() {
    let r = tiny();
    // Brussels, empty, taken.
    let mut s = behind_a_line(&r, 2, B);
    for c in corps_in(&r, &s, "brussels", B) {
        s.corps[c.index()].loc = sandtable_nine_years::Loc::Pool;
    }
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(owner(&r, &s, "brussels"), Control::Alliance);
    assert_eq!(line(&r, &s, "brussels"), Line::default());
    // Tournai, a fortress the army only stops before: the line stays.
    let mut s = round(&r, A);
    s.lines[space(&r, "tournai").index()] = Line { level: 1, side: Some(B) };
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go tournai");
    assert_eq!(line(&r, &s, "tournai"), Line { level: 1, side: Some(B) });
}

// ---------------------------------------------------------------- 4.1.3

#[test]
fn ny_4_1_3_the_limit_is_six_plus_two_a_fortress_level_plus_two_rich() {
    let r = tiny();
    for (at, limit) in [("paris", 6), ("munich", 8), ("cologne", 8), ("lille", 10), ("tournai", 12), ("namur", 14)] {
        assert_eq!(r.crowd_limit(space(&r, at)), limit, "{at}");
    }
}

#[test]
fn ny_4_1_3_no_replacement_over_the_limit() {
    // Lille (level 2): 10 French corps; Tournai (level 2, rich): 12.
    let r = tiny();
    for (at, limit) in [("lille", 10usize), ("tournai", 12)] {
        let mut s = round(&r, B);
        put_reduced(&r, &mut s, "france", at, 1);
        put(&r, &mut s, "france", at, limit - 1);
        apply(&r, &mut s.clone(), B, &format!("replace france {at}"));
        put(&r, &mut s, "france", at, 1);
        assert_eq!(refuse(&r, &s, B, &format!("replace france {at}")).rule, "NY 13.5.3", "{at}");
    }
}

#[test]
fn ny_4_1_3_no_placement_over_the_limit() {
    // Paris holds 6: a corps formed there makes the 6th, not the 7th.
    let r = tiny();
    let mut s = spend(&r, B);
    put(&r, &mut s, "france", "paris", 5);
    apply(&r, &mut s.clone(), B, "form france paris full");
    put(&r, &mut s, "france", "paris", 1);
    assert_eq!(refuse(&r, &s, B, "form france paris full").rule, "NY 12.2.3");
    apply(&r, &mut s, B, "form france lille full");
}

#[test]
fn ny_4_1_3_overcrowded_corps_lose_a_step_in_winter_quarters() {
    let r = tiny();
    for (paris, amsterdam) in [(6usize, 6usize), (8, 7)] {
        let mut s = round(&r, A);
        set_hands(&mut s, [0, 0, 0], [0, 0, 0]);
        let fr = put(&r, &mut s, "france", "paris", paris);
        let mut al = put(&r, &mut s, "dutch", "amsterdam", amsterdam.min(7));
        al.extend(put(&r, &mut s, "spain", "amsterdam", amsterdam.saturating_sub(7)));
        checked(&r, &s);
        apply(&r, &mut s, A, "end");
        assert_eq!(s.year, 1689, "Winter Quarters are over");
        // Each corps over the limit loses a step: as many are flipped, none is lost.
        let reduced = |ids: &[sandtable_nine_years::CorpsId]| ids.iter().filter(|&&c| s.corps(c).reduced).count();
        assert_eq!(reduced(&fr), paris - 6, "{paris} French corps in Paris");
        assert_eq!(reduced(&al), amsterdam - 6, "{amsterdam} Allied corps in Amsterdam");
        assert_eq!((corps_in(&r, &s, "paris", B).len(), corps_in(&r, &s, "amsterdam", A).len()), (paris, amsterdam));
    }
}
