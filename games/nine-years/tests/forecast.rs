//! Odds before the dice (`Ruleset::forecast`): a battle (16 authored), an
//! interception (14.4 authored) and a siege roll (17.3 authored) show every
//! result with its exact chance, and the figures they rest on, each citing
//! its rule; actions that roll nothing show none. The chances below are
//! counted by hand from the tables in RULES.md.
//!
//! Battles are in Brussels, an open space made Bourbon: William III
//! (tactics 2) attacks from Antwerp, Boufflers (tactics 1) defends.

mod common;
use common::campaign::*;
use common::*;
use sandtable_core::{Forecast, Ruleset};
use sandtable_nine_years::{Control, FleetLoc, NineYears, Side, State};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

fn odds(r: &NineYears, s: &State, side: Side, text: &str) -> Option<Forecast> {
    r.forecast(s, side.seat(), act(r, text))
}

fn sure(r: &NineYears, s: &State, side: Side, text: &str) -> Forecast {
    let f = odds(r, s, side, text).unwrap_or_else(|| panic!("{text:?} shows no odds"));
    let total: f64 = f.outcomes.iter().map(|c| c.p).sum();
    assert!((total - 1.0).abs() < 1e-12, "{text:?}: the odds sum to {total}");
    assert!(f.outcomes.iter().all(|c| c.p > 0.0 && !c.text.en.is_empty() && !c.text.ru.is_empty()));
    f
}

/// The chance of the result reading exactly `en`.
fn p(f: &Forecast, en: &str) -> f64 {
    let found: Vec<f64> = f.outcomes.iter().filter(|c| c.text.en == en).map(|c| c.p).collect();
    assert!(found.len() <= 1, "{en:?} listed twice");
    found.first().copied().unwrap_or(0.0)
}

/// The chance of every result beginning with `prefix`.
fn p_starting(f: &Forecast, prefix: &str) -> f64 {
    f.outcomes.iter().filter(|c| c.text.en.starts_with(prefix)).map(|c| c.p).sum()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// Whether a figure citing `rule` reads `en`.
fn cites(f: &Forecast, rule: &str, en: &str) -> bool {
    f.basis.iter().any(|b| b.rule == rule && b.text.en == en)
}

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

const ALLIANCE_WINS: &str = "the Alliance player wins the battle of Brussels";
const BOURBON_WINS: &str = "the Bourbon player wins the battle of Brussels";

#[test]
fn ny_16_2_the_odds_of_a_battle_are_every_result_with_its_losses() {
    // 2 against 2: the Alliance d1 + 2 against the Bourbons d2 + 1; the
    // Alliance wins when d2 ≤ d1 (21 of 36), by d1 − d2 + 1.
    let r = tiny();
    let s = brussels(&r, 2, 2);
    let f = sure(&r, &s, A, "go brussels");
    let w = |who: &str, a: u8, b: u8, famous: bool| {
        format!(
            "{who}; steps lost: the Alliance {a}, the Bourbons {b}{}",
            if famous { "; a Famous Victory: 1 VP" } else { "" }
        )
    };
    // The Alliance by 1 (6 ways): both lose a step (16.3); by 2–3 (5 + 4):
    // the Bourbons 2; by 4–5 (3 + 2): 3 and a Famous Victory (16.5); by 6: 4.
    assert!(close(p(&f, &w(ALLIANCE_WINS, 1, 1, false)), 6.0 / 36.0));
    assert!(close(p(&f, &w(ALLIANCE_WINS, 0, 2, false)), 9.0 / 36.0));
    assert!(close(p(&f, &w(ALLIANCE_WINS, 0, 3, true)), 5.0 / 36.0));
    assert!(close(p(&f, &w(ALLIANCE_WINS, 0, 4, true)), 1.0 / 36.0));
    // The Bourbons by 0–1 (5 + 4 ways), 2–3 (3 + 2), 4 (1).
    assert!(close(p(&f, &w(BOURBON_WINS, 1, 1, false)), 9.0 / 36.0));
    assert!(close(p(&f, &w(BOURBON_WINS, 2, 0, false)), 5.0 / 36.0));
    assert!(close(p(&f, &w(BOURBON_WINS, 3, 0, true)), 1.0 / 36.0));
    assert_eq!(f.outcomes.len(), 7);
    assert!(close(p_starting(&f, ALLIANCE_WINS), 21.0 / 36.0));
    // In Russian, in the rules' terms.
    let ru: Vec<&str> = f.outcomes.iter().map(|c| c.text.ru.as_ref()).collect();
    assert!(ru.contains(&"сражение в области «Брюссель»: побеждает игрок за Альянс; потери в шагах: Альянс 0, Бурбоны 3; Славная победа: 1 ПО"), "{ru:?}");
    // The figures: both sides' tactics, the table, each with its rule.
    assert!(cites(&f, "NY 16.2", "the Alliance: +2 tactics of William III"), "{:?}", f.basis);
    assert!(cites(&f, "NY 16.2", "the Bourbons: +1 tactics of Boufflers"), "{:?}", f.basis);
    assert!(f.basis.iter().any(|b| b.rule == "NY 16.3"));
    assert!(f.basis.iter().any(|b| b.rule == "NY 16.5"));
    assert!(!f.basis.iter().any(|b| b.text.en.contains("more corps")), "no numbers modifier 2 against 2");
}

#[test]
fn ny_16_2_more_corps_and_twice_as_many_shift_the_odds() {
    let r = tiny();
    // 3 against 2: +1, the Alliance wins unless d2 ≥ d1 + 2 (10 ways): 26/36.
    let f = sure(&r, &brussels(&r, 3, 2), A, "go brussels");
    assert!(close(p_starting(&f, ALLIANCE_WINS), 26.0 / 36.0));
    assert!(cites(&f, "NY 16.2", "the Alliance: +1 more corps"), "{:?}", f.basis);
    // 4 against 2: +2, unless d2 ≥ d1 + 3 (6 ways): 30/36.
    let f = sure(&r, &brussels(&r, 4, 2), A, "go brussels");
    assert!(close(p_starting(&f, ALLIANCE_WINS), 30.0 / 36.0));
    assert!(cites(&f, "NY 16.2", "the Alliance: +2 twice as many corps"), "{:?}", f.basis);
}

#[test]
fn ny_16_2_mostly_demoralised_corps_and_a_held_card_shift_the_odds() {
    let r = tiny();
    // 2 against 2 with both French corps demoralised: the Bourbons d2 + 0,
    // the Alliance wins unless d2 ≥ d1 + 2 (10 ways): 26/36.
    let mut s = brussels(&r, 2, 2);
    let french = corps_in(&r, &s, "brussels", B);
    demoralise(&r, &mut s, &french, &[]);
    let f = sure(&r, &s, A, "go brussels");
    assert!(close(p_starting(&f, ALLIANCE_WINS), 26.0 / 36.0));
    assert!(cites(&f, "NY 16.2", "the Bourbons: -1 most of its corps demoralised"), "{:?}", f.basis);
    // A held battle card played this round (+1, open to both): the same.
    let mut s = brussels(&r, 2, 2);
    s.bonus[0] = 1;
    let f = sure(&r, &s, A, "go brussels");
    assert!(close(p_starting(&f, ALLIANCE_WINS), 26.0 / 36.0));
    assert!(cites(&f, "NY 16.2", "the Alliance: +1 held event card"), "{:?}", f.basis);
}

#[test]
fn ny_16_1_a_garrison_giving_battle_in_its_fortress_sees_its_odds() {
    // Tournai, a Bourbon fortress (strength 2), held by Boufflers and two
    // French corps; William III comes in from Brussels with two Dutch. The
    // garrison's choice: battle (+1 its own unbesieged fortress, 16.2: the
    // Alliance d1 + 2 against d2 + 2, the Alliance wins on d1 > d2, 15/36)
    // or withdraw (no dice).
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    put_leader(&r, &mut s, "boufflers", "tournai");
    put(&r, &mut s, "france", "tournai", 2);
    checked(&r, &s);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    assert!(odds(&r, &s, A, "go tournai").is_none(), "the garrison decides first: nothing is rolled yet");
    apply(&r, &mut s, A, "go tournai");
    assert_eq!(to_act(&r, &s), Some(B));
    let f = sure(&r, &s, B, "battle");
    assert!(close(p_starting(&f, "the Alliance player wins the battle of Tournai"), 15.0 / 36.0));
    assert!(close(p_starting(&f, "the Bourbon player wins the battle of Tournai"), 21.0 / 36.0));
    assert!(cites(&f, "NY 16.2", "the Bourbons: +1 its own unbesieged fortress"), "{:?}", f.basis);
    assert!(odds(&r, &s, B, "withdraw").is_none());
    // Not the Alliance's decision: no odds for a seat that may not act.
    assert!(odds(&r, &s, A, "battle").is_none());
}

/// William III with two Dutch corps in Namur, his Campaign under way, gone
/// into Brussels; `leader` with five French corps in Tournai next door.
fn intercepting(r: &NineYears, leader: &str) -> State {
    let mut s = round(r, A);
    put_leader(r, &mut s, "william-iii", "namur");
    put(r, &mut s, "dutch", "namur", 2);
    put_leader(r, &mut s, leader, "tournai");
    put(r, &mut s, "france", "tournai", 5);
    checked(r, &s);
    apply(r, &mut s, A, "campaign william-iii");
    apply(r, &mut s, A, "add dutch full");
    apply(r, &mut s, A, "add dutch full");
    assert!(odds(r, &s, A, "go brussels").is_none(), "no battle yet: the other side may intercept");
    apply(r, &mut s, A, "go brussels");
    s
}

#[test]
fn ny_14_4_the_odds_of_an_interception_then_of_its_battle() {
    let r = tiny();
    // Boufflers (tactics 1) intercepts on 5–6: fails 4/6.
    let s = intercepting(&r, "boufflers");
    let f = sure(&r, &s, B, "intercept boufflers");
    let fails = "the interception fails: the army goes on";
    assert!(close(p(&f, fails), 4.0 / 6.0));
    // In, with four corps (his command) against two: +2 twice as many. The
    // Alliance d1 + 2 against d2 + 1 + 2: it wins when d1 > d2 + 1 (10/36).
    assert!(close(p_starting(&f, "he intercepts; the Alliance player wins"), 2.0 / 6.0 * 10.0 / 36.0));
    assert!(close(p_starting(&f, "he intercepts; the Bourbon player wins"), 2.0 / 6.0 * 26.0 / 36.0));
    assert!(f.basis.iter().any(|b| b.rule == "NY 14.4" && b.text.en.contains("6 or more intercepts")));
    assert!(cites(&f, "NY 16.2", "the Bourbons: +2 twice as many corps"), "{:?}", f.basis);
    // Luxembourg (tactics 3) intercepts on 3–6: fails 2/6.
    let s = intercepting(&r, "luxembourg");
    let f = sure(&r, &s, B, "intercept luxembourg");
    assert!(close(p(&f, fails), 2.0 / 6.0));
    assert!(odds(&r, &s, B, "no-intercept").is_none());
}

/// Waldeck (tactics 1) and three Dutch corps before Namur, made Bourbon
/// (strength 3, no garrison), his Campaign formed; an open LOC.
fn namur(r: &NineYears) -> State {
    let mut s = round(r, A);
    own(r, &mut s, "namur", Control::Bourbon);
    put_leader(r, &mut s, "waldeck", "namur");
    put(r, &mut s, "dutch", "namur", 3);
    checked(r, &s);
    apply(r, &mut s, A, "campaign waldeck");
    for _ in 0..3 {
        apply(r, &mut s, A, "add dutch full");
    }
    s
}

#[test]
fn ny_17_3_the_odds_of_a_siege_roll() {
    // die + 1: 1 → 2 disease; 2–3 → nothing; 4–5 → −1; 6 → −2.
    let r = tiny();
    let s = namur(&r);
    let f = sure(&r, &s, A, "siege");
    let nothing = "no effect: Namur holds at 3";
    assert!(close(p(&f, &format!("disease in the siege lines: a besieging corps loses a step; {nothing}")), 1.0 / 6.0));
    assert!(close(p(&f, nothing), 2.0 / 6.0));
    assert!(close(p(&f, "the Fortress Strength of Namur falls from 3 to 2"), 2.0 / 6.0));
    assert!(close(p(&f, "the Fortress Strength of Namur falls from 3 to 1"), 1.0 / 6.0));
    assert!(cites(&f, "NY 17.3", "+1 best tactics"), "{:?}", f.basis);
    assert!(cites(&f, "NY 17.3", "Fortress Strength of Namur: 3"), "{:?}", f.basis);
    assert!(!f.basis.iter().any(|b| b.text.en.contains("held event card")));
    let ru: Vec<&str> = f.outcomes.iter().map(|c| c.text.ru.as_ref()).collect();
    assert!(ru.contains(&"уровень крепости «Намюр» снижается с 3 до 2"), "{ru:?}");
}

#[test]
fn ny_17_3_a_held_siege_card_shifts_the_siege_odds() {
    // die + 2: no disease; 1–2 → nothing; 3–4 → −1; 5–6 → −2.
    let r = tiny();
    let mut s = namur(&r);
    s.bonus[1] = 1;
    let f = sure(&r, &s, A, "siege");
    assert!(close(p_starting(&f, "disease"), 0.0));
    assert!(close(p(&f, "no effect: Namur holds at 3"), 2.0 / 6.0));
    assert!(close(p(&f, "the Fortress Strength of Namur falls from 3 to 2"), 2.0 / 6.0));
    assert!(close(p(&f, "the Fortress Strength of Namur falls from 3 to 1"), 2.0 / 6.0));
    assert!(cites(&f, "NY 17.3", "+1 held event card"), "{:?}", f.basis);
}

#[test]
fn ny_17_4_a_fortress_at_one_falls_on_five_or_more() {
    // Strength 1: die + 1 ≥ 5 (4–6) takes it.
    let r = tiny();
    let mut s = namur(&r);
    s.strength[space(&r, "namur").index()] = 1;
    let f = sure(&r, &s, A, "siege");
    assert!(close(p(&f, "Namur falls; its garrison marches out with the honours of war"), 3.0 / 6.0));
}

#[test]
fn ny_13_4_2_actions_that_roll_nothing_show_no_odds() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "antwerp");
    put(&r, &mut s, "dutch", "antwerp", 2);
    for text in ["campaign william-iii", "end"] {
        assert!(odds(&r, &s, A, text).is_none(), "{text}");
    }
    apply(&r, &mut s, A, "campaign william-iii");
    assert!(odds(&r, &s, A, "add dutch full").is_none());
    apply(&r, &mut s, A, "add dutch full");
    // Into a friendly space: no battle.
    assert!(odds(&r, &s, A, "go brussels").is_none());
    assert!(odds(&r, &s, A, "stop").is_none());
    // A refused action has no odds either.
    assert!(odds(&r, &s, A, "siege").is_none());
}

#[test]
fn ny_13_5_6_the_odds_of_a_fleet_challenge_leave_out_the_ties_rolled_again() {
    // The Alliance's strength-1 Mediterranean fleet against the Bourbons'
    // +1 for the zone: a + 1 against b + 1; ties rolled again, so 15 wins
    // and 15 losses of the 30 rolls that decide.
    let r = tiny();
    let mut s = round(&r, A);
    let fleet = common::seed_rules::fleet_id(&r, "allied-mediterranean-fleet");
    assert_eq!(s.fleet(fleet), FleetLoc::Port(1));
    let win = "the Alliance player wins control of the Mediterranean and 1 VP";
    let fail = "the challenge fails: control does not change";
    let f = sure(&r, &s, A, "deploy allied-mediterranean-fleet");
    assert!(close(p(&f, win), 0.5) && close(p(&f, fail), 0.5), "{:?}", f.outcomes);
    assert!(cites(&f, "NY 13.5.6", "the Bourbons: +1, controls the sea zone"), "{:?}", f.basis);
    // Gibraltar Bourbon too: a + 1 against b + 2: 10 wins, 21 losses, 5 ties.
    own(&r, &mut s, "gibraltar", Control::Bourbon);
    let f = sure(&r, &s, A, "deploy allied-mediterranean-fleet");
    assert!(close(p(&f, win), 10.0 / 31.0), "{:?}", f.outcomes);
    assert!(cites(&f, "NY 13.5.6", "the Bourbons: +1, holds Gibraltar"), "{:?}", f.basis);
}
