//! *Cumulative effects* and the *Standard rounding rule*: modifiers
//! multiply, fractions are kept until every one is applied, then .01–.49
//! rounds down and .50–.99 up — once, on the odds.

mod common;
use common::*;
use sandtable_scs::ratio::Ratio;
use sandtable_scs::Odds;

fn q(num: u64, den: u64) -> Ratio {
    Ratio::new(num, den).expect("a fraction")
}

#[test]
fn scs_rounding_point_49_rounds_down_and_point_50_up() {
    assert_eq!(q(401, 100).round(), 4);
    assert_eq!(q(449, 100).round(), 4);
    assert_eq!(q(450, 100).round(), 5);
    assert_eq!(q(499, 100).round(), 5);
    assert_eq!(q(49, 100).round(), 0);
    assert_eq!(q(1, 2).round(), 1);
    assert_eq!(Ratio::whole(4).round(), 4);
    // On odds: 4.49:1 is 4:1, 4.5:1 is 5:1.
    assert_eq!(Odds::of(q(449, 100), Ratio::ONE), Odds::For(4));
    assert_eq!(Odds::of(q(9, 2), Ratio::ONE), Odds::For(5));
    assert_eq!(Odds::of(q(449, 50), Ratio::whole(2)), Odds::For(4), "8.98 to 2 is 4.49:1");
}

#[test]
fn scs_rounding_the_seeds_examples_9_875_to_2_125_and_14_to_3_are_5_to_1() {
    // 2.5 + 3.25 + 4.125 = 9.875 (printed 9,85) against 2.125: 4.65:1 → 5:1.
    let attack = q(5, 2) + q(13, 4) + q(33, 8);
    assert_eq!(attack, q(79, 8));
    assert_eq!(Odds::of(attack, q(17, 8)), Odds::For(5));
    assert_eq!(Odds::of(q(985, 100), q(17, 8)), Odds::For(5), "the printed 9.85 gives the same");
    // The overrun example: 14 against 3 is 4.67:1 → 5:1; 13 against 3 (4.33) would be 4:1.
    assert_eq!(Odds::of(Ratio::whole(14), Ratio::whole(3)), Odds::For(5));
    assert_eq!(Odds::of(Ratio::whole(13), Ratio::whole(3)), Odds::For(4));
}

#[test]
fn scs_rounding_the_seeds_example_in_play_three_attackers_against_one() {
    // The example's very strengths, made by the game's multipliers: attack 5
    // out of supply (2.5), 13 out of supply and DG (3.25), 33 across a stream
    // that halves the attacker, out of supply and DG (4.125); the defender 17
    // in rough (×2), out of supply (×½) and DG (×⅛ in this edit): 2.125.
    let r = tiny_with(&[
        ("attack = 6\n", "attack = 5\n"),
        ("attack = 3\ndefence = 3", "attack = 13\ndefence = 3"),
        ("attack = 1\ndefence = 1\nmovement = 10", "attack = 33\ndefence = 1\nmovement = 10"),
        ("attack = 2\ndefence = 4", "attack = 2\ndefence = 17"),
        ("[charts.dg]\nattack = \"1/2\"\ndefence = \"1/2\"", "[charts.dg]\nattack = \"1/2\"\ndefence = \"1/8\""),
        ("move = 1\nshift = -1", "move = 1\nattack = \"1/2\"\nshift = -1"),
    ]);
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "08.03");
    put(&r, &mut s, "aw", "08.02");
    put(&r, &mut s, "pz", "08.04");
    put(&r, &mut s, "inf", "09.03");
    for (id, oos, dg) in [("rifle", true, true), ("aw", true, true), ("pz", true, false), ("inf", true, true)] {
        us(&r, &mut s, id).out_of_supply = oos;
        us(&r, &mut s, id).dg = dg;
    }
    begin(&r, &mut s, axis(), Phase::Combat);
    for id in ["aw", "pz", "inf"] {
        play(&r, &mut s, AXIS, &format!("attack {id} 08.03"));
    }
    let ev = play(&r, &mut s, AXIS, "declare");
    let odds = fight(&s).odds.clone().expect("declared");
    assert_eq!((odds.attack, odds.defence), (q(79, 8), q(17, 8)));
    assert_eq!(odds.odds, Odds::For(5));
    assert_eq!(odds.shift, 0, "not every attacker crosses the stream");
    assert!(said(&ev, "Fog of war", "9.875 against 2.125 is 5:1"), "{ev:?}");
}

#[test]
fn scs_rounding_odds_in_play_4_25_to_1_is_4_to_1_and_4_5_to_1_is_5_to_1() {
    let r = tiny();
    let mut base = blank(&r);
    put(&r, &mut base, "rifle", "06.05");
    us(&r, &mut base, "rifle").lost = 1; // defence 2
    put(&r, &mut base, "pz", "07.06");
    put(&r, &mut base, "inf", "06.04");
    put(&r, &mut base, "aw", "07.05");
    begin(&r, &mut base, axis(), Phase::Combat);

    // 6 + 3 = 9 against 2: 4.5:1 → 5:1; a roll of 7 reads D3 in that column.
    let mut s = base.clone();
    play(&r, &mut s, AXIS, "attack pz 06.05");
    play(&r, &mut s, AXIS, "attack inf 06.05");
    play(&r, &mut s, AXIS, "declare");
    assert_eq!(fight(&s).odds.as_ref().unwrap().odds, Odds::For(5));
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(fight(&s).result.unwrap().text(), "D3");

    // 6 + 1 + 3 × ½ (out of supply) = 8.5 against 2: 4.25:1 → 4:1 (D2).
    let mut s = base.clone();
    us(&r, &mut s, "inf").out_of_supply = true;
    for id in ["pz", "aw", "inf"] {
        play(&r, &mut s, AXIS, &format!("attack {id} 06.05"));
    }
    play(&r, &mut s, AXIS, "declare");
    let odds = fight(&s).odds.clone().unwrap();
    assert_eq!((odds.attack, odds.odds), (q(17, 2), Odds::For(4)));
    rig(&mut s, &[7]);
    play(&r, &mut s, AXIS, "roll");
    assert_eq!(fight(&s).result.unwrap().text(), "D2");
}

#[test]
fn scs_rounding_odds_below_1_to_1_round_the_inverted_ratio() {
    // Authored: the series says nothing of odds below 1:1; the smaller side
    // is 1 and the standard rule rounds the other.
    let w = Ratio::whole;
    assert_eq!(Odds::of(w(3), w(7)), Odds::Against(2), "1:2.33 → 1:2");
    assert_eq!(Odds::of(w(2), w(5)), Odds::Against(3), "1:2.5 → 1:3");
    assert_eq!(Odds::of(w(4), w(9)), Odds::Against(2), "1:2.25 → 1:2");
    assert_eq!(Odds::of(w(3), w(4)), Odds::For(1), "1:1.33 → 1:1");
    assert_eq!(Odds::of(w(2), w(3)), Odds::Against(2), "1:1.5 → 1:2");
    assert_eq!(Odds::of(w(5), w(4)), Odds::For(1), "1.25:1 → 1:1");
}

#[test]
fn scs_cumulative_effects_multipliers_multiply_and_fractions_are_kept() {
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "rifle", "05.05"); // rough: defence ×2
    put(&r, &mut s, "inf", "05.06");
    let rifle = unit(&r, "rifle");
    let inf = unit(&r, "inf");
    let target = hex(&r, "05.05");
    assert_eq!(r.defence_strength(&s, rifle), Ratio::whole(8));
    us(&r, &mut s, "rifle").out_of_supply = true;
    assert_eq!(r.defence_strength(&s, rifle), Ratio::whole(4));
    us(&r, &mut s, "rifle").dg = true;
    assert_eq!(r.defence_strength(&s, rifle), Ratio::whole(2), "4 × 2 × ½ × ½");
    // Halved twice, 3 is 0.75, kept as such (not rounded to 1).
    us(&r, &mut s, "inf").out_of_supply = true;
    us(&r, &mut s, "inf").dg = true;
    assert_eq!(r.attack_strength(&s, inf, target), q(3, 4));
    // A movement allowance is rounded the standard way too, to a whole MP
    // (counted here in half MP): 3 × ½ = 1½ → 2, 4 × ½ × ½ = 1, 3 × ½ × ½ = ¾ → 1.
    assert_eq!(r.allowance(&s, rifle), 2, "¾ MP → 1");
    us(&r, &mut s, "rifle").dg = false;
    assert_eq!(r.allowance(&s, rifle), 4, "1½ MP → 2");
    assert_eq!(r.allowance(&s, inf), 2, "1 MP");
}

#[test]
fn scs_cumulative_effects_round_once_on_the_total_not_unit_by_unit() {
    // 3 × ½ = 1.5 and 6 × ½ × ½ = 1.5 make 3 against 1: 3:1. Rounding each
    // unit first (2 + 2) would give 4:1.
    let r = tiny();
    let mut s = blank(&r);
    put(&r, &mut s, "bw", "06.05");
    put(&r, &mut s, "inf", "06.04");
    put(&r, &mut s, "pz", "07.06");
    us(&r, &mut s, "inf").out_of_supply = true;
    us(&r, &mut s, "pz").out_of_supply = true;
    us(&r, &mut s, "pz").dg = true;
    let odds = r.odds(&s, &[unit(&r, "inf"), unit(&r, "pz")], hex(&r, "06.05"));
    assert_eq!((odds.attack, odds.defence, odds.odds), (Ratio::whole(3), Ratio::ONE, Odds::For(3)));
}
