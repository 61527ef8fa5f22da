//! Odds before the dice (`Ruleset::forecast`): `roll` for a declared attack
//! or overrun and `barrage` show every result with its exact probability and
//! the figures behind it, each citing its rule; nothing else rolls, and fog
//! of war holds an attack's odds back until it is declared.
//!
//! The tiny scenario's CRT (tests/common) differs between columns only at a
//! roll of 7: 1:2 A2, 1:1 A1, 2:1 NE, 3:1 D1, 4:1 D2. The other rolls read
//! 2 A2r1, 3 A1r1, 4 A1, 5 A1D1, 6 NE, 8 D1, 9 Dr1, 10 D1r1, 11 D2r2,
//! 12 D3r3; the ways of 2d6 to make 2…12 are 1 2 3 4 5 6 5 4 3 2 1 of 36.

mod common;
use common::*;
use sandtable_core::{Forecast, Ruleset, Viewer};

/// `units` placed, then the axis Combat Phase.
fn combat(r: &Scs, units: &[(&str, &str)]) -> State {
    let mut s = blank(r);
    for (id, h) in units {
        put(r, &mut s, id, h);
    }
    begin(r, &mut s, axis(), Phase::Combat);
    s
}

/// Forms and declares an attack of `ids` on `target`.
fn declare(r: &Scs, s: &mut State, ids: &[&str], target: &str) {
    for id in ids {
        play(r, s, AXIS, &format!("attack {id} {target}"));
    }
    play(r, s, AXIS, "declare");
}

/// The legal actions of `seat`.
fn actions(r: &Scs, s: &State, seat: sandtable_core::Seat) -> Vec<Action> {
    let mut out = Vec::new();
    r.legal_actions(s, seat, &mut out);
    out
}

/// The odds of `text` for `seat`.
fn odds(r: &Scs, s: &State, seat: sandtable_core::Seat, text: &str) -> Option<Forecast> {
    r.forecast(s, seat, r.parse(text).expect("an action"))
}

/// The probability of the result whose code (before the colon) is `code`.
fn p(f: &Forecast, code: &str) -> f64 {
    f.outcomes.iter().filter(|c| c.text.en.split(':').next() == Some(code)).map(|c| c.p).sum()
}

/// The probabilities are exact sixths of sixths and sum to 1; every result
/// is named in both languages.
fn check_sum(f: &Forecast) {
    let total: f64 = f.outcomes.iter().map(|c| c.p).sum();
    assert!((total - 1.0).abs() < 1e-12, "sums to {total}: {f:?}");
    for c in &f.outcomes {
        assert!(!c.text.en.is_empty() && !c.text.ru.is_empty());
        assert!(((c.p * 36.0) - (c.p * 36.0).round()).abs() < 1e-9, "{} is not k/36", c.p);
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// Whether some figure cites `rule` and says `needle` (English).
fn cites(f: &Forecast, rule: &str, needle: &str) -> bool {
    f.basis.iter().any(|b| b.rule == rule && b.text.en.contains(needle))
}

#[test]
fn scs_7_0_a_3_to_1_attack_reads_the_3_to_1_column_on_2d6() {
    let r = tiny();
    // Panzer 6 against Anti-tank 2 in the clear: 3:1.
    let mut s = combat(&r, &[("at", "07.07"), ("pz", "08.06")]);
    declare(&r, &mut s, &["pz"], "07.07");
    let f = odds(&r, &s, AXIS, "roll").expect("the roll has odds");
    check_sum(&f);
    // Roll 7 (6 ways) and 8 (5 ways) are D1 at 3:1.
    assert!(close(p(&f, "D1"), 11.0 / 36.0), "{f:?}");
    assert!(close(p(&f, "NE"), 5.0 / 36.0));
    assert!(close(p(&f, "A2r1"), 1.0 / 36.0));
    assert!(close(p(&f, "A1D1"), 4.0 / 36.0));
    assert!(close(p(&f, "D3r3"), 1.0 / 36.0));
    assert_eq!(f.outcomes.len(), 10, "eleven rolls, two of them D1");
    let d1 = f.outcomes.iter().find(|c| c.text.en.starts_with("D1:")).unwrap();
    assert_eq!(d1.text.en, "D1: defender loses 1 step");
    assert_eq!(d1.text.ru, "D1: обороняющийся теряет 1 уровень");
    let a2r1 = f.outcomes.iter().find(|c| c.text.en.starts_with("A2r1:")).unwrap();
    assert_eq!(a2r1.text.en, "A2r1: attacker loses 2 steps and retreats 1 hex");
    assert_eq!(a2r1.text.ru, "A2r1: атакующий теряет 2 уровня и отступает на 1 гекс");
    assert!(cites(&f, "SCS 7.0", "Panzer: attack strength 6"), "{:?}", f.basis);
    assert!(cites(&f, "SCS 7.0", "Anti-tank: defence strength 2"));
    assert!(cites(&f, "SCS 7.0", "total attack 6 against total defence 2"));
    assert!(cites(&f, "Rounding", "3:1"));
    assert!(cites(&f, "SCS 7.0", "column 3:1"));
    // The forecast names results, not dice: the state is untouched.
    let before = s.clone();
    let _ = odds(&r, &s, AXIS, "roll");
    assert_eq!(s, before);
    // And the dice then do what the odds said they could.
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(at(&r, &s, "at"), "eliminated", "D1 on a one-step unit");
}

#[test]
fn scs_12_0_out_of_supply_halves_the_attack_and_the_odds_fall_from_3_to_1_to_2_to_1() {
    let r = tiny();
    let mut s = combat(&r, &[("at", "07.07"), ("pz", "08.06")]);
    us(&r, &mut s, "pz").out_of_supply = true;
    declare(&r, &mut s, &["pz"], "07.07");
    let f = odds(&r, &s, AXIS, "roll").expect("the roll has odds");
    check_sum(&f);
    // 3 against 2 is 1.5, rounded 2:1: the 7 is NE now.
    assert!(close(p(&f, "NE"), 11.0 / 36.0), "{f:?}");
    assert!(close(p(&f, "D1"), 5.0 / 36.0));
    assert!(cites(&f, "SCS 12.0", "Panzer: out of supply: attack ×1/2"), "{:?}", f.basis);
    assert!(cites(&f, "Cumulative effects", "multiply"));
    assert!(cites(&f, "Rounding", "1.5:1, rounded by the standard rule: 2:1"));
    assert!(f.basis.iter().any(|b| b.rule == "SCS 12.0" && b.text.ru.contains("без снабжения")));
}

#[test]
fn scs_7_0_the_towns_column_shift_moves_2_to_1_to_1_to_1() {
    let r = tiny();
    // 6 against 4 is 2:1; in the clear the 7 is NE.
    let mut s = combat(&r, &[("rifle", "07.07"), ("pz", "08.06")]);
    declare(&r, &mut s, &["pz"], "07.07");
    let clear = odds(&r, &s, AXIS, "roll").unwrap();
    check_sum(&clear);
    assert!(close(p(&clear, "NE"), 11.0 / 36.0));
    assert!(close(p(&clear, "A1"), 3.0 / 36.0));
    assert!(!clear.basis.iter().any(|b| b.text.en.contains("column left")));
    // In the town one column left, 1:1: the 7 is A1.
    let mut s = combat(&r, &[("rifle", "07.05"), ("pz", "08.05")]);
    declare(&r, &mut s, &["pz"], "07.05");
    let town = odds(&r, &s, AXIS, "roll").unwrap();
    check_sum(&town);
    assert!(close(p(&town, "A1"), 9.0 / 36.0), "{town:?}");
    assert!(close(p(&town, "NE"), 5.0 / 36.0));
    assert!(cites(&town, "SCS 7.0", "Town in the defending hex: 1 column left"), "{:?}", town.basis);
    assert!(cites(&town, "SCS 7.0", "column 1:1"));
}

#[test]
fn scs_7_0_a_hexside_multiplier_and_a_stream_every_attacker_crosses_are_figures() {
    let r = tiny();
    // Infantry 3 across the escarpment (×½) against Machine guns 1: 1.5 → 2:1.
    let mut s = combat(&r, &[("bw", "06.03"), ("inf", "06.02")]);
    declare(&r, &mut s, &["inf"], "06.03");
    let f = odds(&r, &s, AXIS, "roll").unwrap();
    check_sum(&f);
    assert!(cites(&f, "SCS 7.0", "Infantry: attacks across a hexside, Escarpment: attack ×1/2"), "{:?}", f.basis);
    assert!(close(p(&f, "NE"), 11.0 / 36.0));
    // Panzer across the stream alone: 6 against 2 × 2 (rough) = 1.5 → 2:1, one column left: 1:1.
    let mut s = combat(&r, &[("at", "08.03"), ("pz", "08.02")]);
    declare(&r, &mut s, &["pz"], "08.03");
    let f = odds(&r, &s, AXIS, "roll").unwrap();
    check_sum(&f);
    assert!(cites(&f, "SCS 7.0", "Anti-tank: in Rough (terrain effects chart): defence ×2"), "{:?}", f.basis);
    assert!(cites(&f, "SCS 7.0", "every attacker attacks across a hexside: 1 column left"));
    assert!(close(p(&f, "A1"), 9.0 / 36.0), "{f:?}");
}

#[test]
fn scs_fog_of_war_no_odds_until_the_attack_is_declared_then_the_roll_shows_them() {
    let r = tiny();
    // Two worlds the axis cannot tell apart: Rifles on top, under them
    // Machine guns (defence 1) or Anti-tank (defence 2).
    let world = |under: &str| {
        let mut s = blank(&r);
        put(&r, &mut s, under, "07.05");
        put(&r, &mut s, "rifle", "07.05");
        put(&r, &mut s, "pz", "08.05");
        begin(&r, &mut s, axis(), Phase::Combat);
        s
    };
    let (mut a, mut b) = (world("bw"), world("at"));
    assert_eq!(r.view(&a, Viewer::Seat(AXIS)).units.len(), r.view(&b, Viewer::Seat(AXIS)).units.len());
    play(&r, &mut a, AXIS, "attack pz 07.05");
    play(&r, &mut b, AXIS, "attack pz 07.05");
    for s in [&a, &b] {
        for text in ["declare", "cancel", "attack pz 07.05"] {
            assert!(odds(&r, s, AXIS, text).is_none(), "{text}: nothing rolls before the declaration");
        }
        for act in actions(&r, s, AXIS) {
            assert!(r.forecast(s, AXIS, act).is_none(), "{}", r.notation(act));
        }
    }
    play(&r, &mut a, AXIS, "declare");
    play(&r, &mut b, AXIS, "declare");
    // Declared: the defenders are shown, and the roll's odds rest on them.
    let fa = odds(&r, &a, AXIS, "roll").unwrap();
    let fb = odds(&r, &b, AXIS, "roll").unwrap();
    assert!(cites(&fa, "SCS 7.0", "Machine guns: defence strength 1"), "{:?}", fa.basis);
    assert!(cites(&fb, "SCS 7.0", "Anti-tank: defence strength 2"));
    // 6 against 5 is 1:1, the town shifts it to 1:2: the 7 is A2.
    assert!(close(p(&fa, "A2"), 6.0 / 36.0), "{fa:?}");
    // 6 against 6 is 1:1 too: the same odds, other figures.
    assert_eq!(fa.outcomes, fb.outcomes);
    // The odds are the same in every world the axis cannot tell from this one.
    for seed in 0..8 {
        let other = r.resample_hidden(&a, Viewer::Seat(AXIS), seed);
        assert_eq!(odds(&r, &other, AXIS, "roll"), Some(fa.clone()));
    }
    // Only the side to roll has odds to see.
    assert!(odds(&r, &a, ALLIES, "roll").is_none());
}

#[test]
fn scs_6_0a_an_overrun_shows_no_odds_when_made_and_its_roll_does() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "07.05"); // town: shift −1
    put(&r, &mut s, "pz", "09.05");
    begin(&r, &mut s, axis(), Phase::Movement);
    assert!(odds(&r, &s, AXIS, "move pz 08.05").is_none());
    play(&r, &mut s, AXIS, "move pz 08.05");
    assert!(odds(&r, &s, AXIS, "overrun pz 07.05").is_none(), "the overrun declares; the roll rolls");
    play(&r, &mut s, AXIS, "overrun pz 07.05");
    let f = odds(&r, &s, AXIS, "roll").expect("the overrun's roll has odds");
    check_sum(&f);
    assert!(cites(&f, "SCS 6.0a", "overrun"));
    assert!(cites(&f, "SCS 7.0", "Town in the defending hex: 1 column left"));
    // 6 against 4 is 2:1, read at 1:1: the 7 is A1.
    assert!(close(p(&f, "A1"), 9.0 / 36.0), "{f:?}");
}

/// Artillery (barrage 6: the 4–7 column) in 09.05, `target_units` in
/// `target`, optionally an axis spotter; the axis Combat Phase.
fn battery(r: &Scs, target: &str, target_units: &[&str], spotter: Option<&str>) -> State {
    let mut s = blank(r);
    put(r, &mut s, "art", "09.05");
    for id in target_units {
        put(r, &mut s, id, target);
    }
    if let Some(h) = spotter {
        put(r, &mut s, "inf", h);
    }
    begin(r, &mut s, axis(), Phase::Combat);
    s
}

#[test]
fn barrage_odds_read_the_column_of_the_firers_strength() {
    let r = tiny();
    let s = battery(&r, "07.05", &["bw"], Some("08.05"));
    let f = odds(&r, &s, AXIS, "barrage art 07.05").expect("a barrage rolls");
    check_sum(&f);
    // The 4–7 column: NE on 2–5, DG on 6–9, 1 on 10–11, 2 on 12.
    assert!(close(p(&f, "NE"), 10.0 / 36.0), "{f:?}");
    assert!(close(p(&f, "DG"), 20.0 / 36.0));
    assert!(close(p(&f, "1 + DG"), 5.0 / 36.0));
    assert!(close(p(&f, "2 + DG"), 1.0 / 36.0));
    let one = f.outcomes.iter().find(|c| c.text.en.starts_with("1 + DG")).unwrap();
    assert_eq!(one.text.ru, "1 + DG: группировка-цель теряет 1 уровень (с верхнего подразделения) и дезорганизована");
    assert!(cites(&f, "Barrage", "Artillery: barrage strength 6"), "{:?}", f.basis);
    assert!(cites(&f, "Barrage", "column 4–7"));
    assert!(!f.basis.iter().any(|b| b.text.en.contains("spot")), "spotted: no shift");
}

#[test]
fn barrage_odds_without_a_spotter_one_column_left_and_out_of_supply_halved() {
    let r = tiny();
    let s = battery(&r, "07.05", &["bw"], None);
    let f = odds(&r, &s, AXIS, "barrage art 07.05").unwrap();
    check_sum(&f);
    // The 1–3 column: NE on 2–8, DG on 9–10, 1 on 11, 2 on 12.
    assert!(close(p(&f, "NE"), 26.0 / 36.0), "{f:?}");
    assert!(close(p(&f, "DG"), 7.0 / 36.0));
    assert!(close(p(&f, "1 + DG"), 2.0 / 36.0));
    assert!(cites(&f, "Barrage", "no friendly unit next to the target spots it: 1 column left"), "{:?}", f.basis);
    // Out of supply, 6 × ½ = 3: the 1–3 column though spotted.
    let mut s = battery(&r, "07.05", &["bw"], Some("08.05"));
    us(&r, &mut s, "art").out_of_supply = true;
    let f = odds(&r, &s, AXIS, "barrage art 07.05").unwrap();
    assert!(close(p(&f, "NE"), 26.0 / 36.0), "{f:?}");
    assert!(cites(&f, "SCS 12.0", "Artillery: out of supply: barrage ×1/2"), "{:?}", f.basis);
    // Rough terrain shifts the barrage table too (−1): 4–7 read at 1–3.
    let s = battery(&r, "05.05", &["bw"], Some("06.05"));
    let f = odds(&r, &s, AXIS, "barrage art 05.05");
    assert!(f.is_none(), "05.05 is out of range (4 hexes)");
    let s = battery(&r, "08.03", &["bw"], Some("08.04"));
    let f = odds(&r, &s, AXIS, "barrage art 08.03").unwrap();
    assert!(close(p(&f, "NE"), 26.0 / 36.0), "{f:?}");
    assert!(cites(&f, "Barrage", "Rough in the target hex: 1 column left"), "{:?}", f.basis);
}

#[test]
fn barrage_odds_do_not_depend_on_the_units_hidden_in_the_target_stack() {
    let r = tiny();
    // Machine guns on top; under them Rifles (2 steps) or Anti-tank (1).
    let a = battery(&r, "07.05", &["rifle", "bw"], Some("08.05"));
    let b = battery(&r, "07.05", &["at", "bw"], Some("08.05"));
    let fa = odds(&r, &a, AXIS, "barrage art 07.05").unwrap();
    assert_eq!(Some(fa.clone()), odds(&r, &b, AXIS, "barrage art 07.05"));
    for seed in 0..8 {
        let other = r.resample_hidden(&a, Viewer::Seat(AXIS), seed);
        assert_eq!(odds(&r, &other, AXIS, "barrage art 07.05"), Some(fa.clone()));
    }
    assert!(!fa.basis.iter().any(|b| b.text.en.contains("Rifles") || b.text.en.contains("Anti-tank")));
}

#[test]
fn forecast_actions_that_roll_nothing_have_no_odds() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "07.07");
    put(&r, &mut s, "pz", "09.05");
    put(&r, &mut s, "art", "09.06");
    begin(&r, &mut s, axis(), Phase::Movement);
    for act in actions(&r, &s, AXIS) {
        assert!(r.forecast(&s, AXIS, act).is_none(), "{} rolls nothing", r.notation(act));
    }
    begin(&r, &mut s, axis(), Phase::Combat);
    let mut rolled = 0;
    for act in actions(&r, &s, AXIS) {
        let f = r.forecast(&s, AXIS, act);
        match act {
            Action::Barrage(..) => {
                check_sum(f.as_ref().expect("a barrage rolls"));
                rolled += 1;
            }
            _ => assert!(f.is_none(), "{} rolls nothing", r.notation(act)),
        }
    }
    assert!(rolled > 0);
    // Illegal actions have no odds either: not your barrage, no fight to roll for.
    assert!(odds(&r, &s, ALLIES, "barrage art 07.07").is_none());
    assert!(odds(&r, &s, AXIS, "roll").is_none());
}
