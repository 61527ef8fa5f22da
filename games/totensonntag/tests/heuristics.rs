//! Bot knowledge (`src/heuristics.rs`): the evaluation (9.0–9.2 and the
//! position around them) and the rollout policy. Each test builds two
//! positions that differ in one thing the knowledge claims to see, or one
//! position and two actions, and checks that it is seen the right way round
//! for both seats.

mod common;
use common::*;
use sandtable_ai::{Bot, Infoset, RandomBot};
use sandtable_core::{outcome_value, Events, Heuristics, Ruleset, Seat, Setup, ToAct};
use sandtable_totensonntag::{Action, Phase, Pos, Side, State, Totensonntag};

/// Both seats' values of a position.
fn values(r: &Totensonntag, s: &State) -> [f64; 2] {
    [r.evaluate(s, AXIS), r.evaluate(s, ALLIES)]
}

/// `better` looks better than `worse` to `seat`, and worse to the other seat.
fn favours(r: &Totensonntag, better: &State, worse: &State, seat: Seat) {
    let other = if seat == AXIS { ALLIES } else { AXIS };
    let (b, w) = (r.evaluate(better, seat), r.evaluate(worse, seat));
    assert!(b > w, "{seat:?}: {b} should be above {w}");
    let (b, w) = (r.evaluate(better, other), r.evaluate(worse, other));
    assert!(b < w, "{other:?}: {b} should be below {w}");
}

fn weight(r: &Totensonntag, s: &State, seat: Seat, text: &str) -> u32 {
    assert!(is_legal(r, s, seat, text), "{text} is not legal here: {:?}", legal(r, s, seat));
    r.action_weight(s, seat, r.parse(text).expect("parses"))
}

/// A quiet position on the test map: a few units of each side far apart
/// and from every victory hex, in the Axis impulse at level 2.
fn quiet() -> (Totensonntag, State) {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "B2");
    put(&r, &mut s, "inf", "C2");
    put(&r, &mut s, "cru", "B16");
    put(&r, &mut s, "rifle", "C16");
    r.start_impulse(&mut s, Side::Axis, 2);
    (r, s)
}

/// Every position of a few random games on the built-in scenario (five
/// and four impulse pairs), with the seat to act and its legal actions.
fn random_positions(games: u64) -> Vec<(Totensonntag, Vec<(State, Seat, Vec<Action>)>)> {
    let mut out = Vec::new();
    for g in 0..games {
        let rules = Totensonntag::standard();
        let mut setup = Setup::seeded(100 + g);
        if g % 2 == 1 {
            setup = setup.with_option("impulse-pairs", "4");
        }
        let setup = rules.info().resolve(&setup).expect("resolves");
        let mut s = rules.setup(&setup).expect("sets up");
        let mut bot = RandomBot::new(g);
        let mut seen = Vec::new();
        loop {
            let seat = match rules.to_act(&s) {
                ToAct::Over(_) => {
                    seen.push((s.clone(), AXIS, Vec::new()));
                    break;
                }
                ToAct::Seats(set) => set.iter().next().expect("someone acts"),
            };
            let mut legal = Vec::new();
            rules.legal_actions(&s, seat, &mut legal);
            let a = bot.choose(&Infoset::new(&rules, &s, seat, &legal));
            seen.push((s.clone(), seat, legal));
            rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
        }
        out.push((rules, seen));
    }
    out
}

// ---------------------------------------------------------------- evaluation

#[test]
fn evaluation_values_stay_within_zero_and_one_and_add_up_to_one() {
    for (r, positions) in random_positions(2) {
        for (s, _, _) in &positions {
            let [axis, allies] = values(&r, s);
            assert!((0.0..=1.0).contains(&axis) && (0.0..=1.0).contains(&allies), "{axis} {allies}");
            assert!((axis + allies - 1.0).abs() < 1e-12, "{axis} + {allies}");
        }
    }
}

#[test]
fn evaluation_of_a_finished_game_is_its_outcome_and_the_last_night_already_is() {
    for (r, positions) in random_positions(2) {
        let (last, _, _) = positions.last().expect("a game");
        let ToAct::Over(outcome) = r.to_act(last) else { panic!("the game ended") };
        for seat in [AXIS, ALLIES] {
            assert_eq!(r.evaluate(last, seat), outcome_value(&outcome, seat));
        }
        // 8.1 heals, it never changes the VP: the last night is decided.
        for (s, _, _) in positions.iter().filter(|(s, _, _)| matches!(s.phase, Phase::Night { .. }) && s.turn == 6) {
            for seat in [AXIS, ALLIES] {
                assert_eq!(r.evaluate(s, seat), outcome_value(&outcome, seat));
            }
        }
    }
}

#[test]
fn evaluation_at_the_end_follows_9_0_the_allies_win_above_zero() {
    let (r, mut s) = quiet();
    s.phase = Phase::Over;
    assert_eq!(values(&r, &s), [1.0, 0.0], "0 VP: the Axis wins");
    s.control[0] = Side::Allies;
    assert_eq!(values(&r, &s), [0.0, 1.0], "1 VP: the Allies win");
    // 9.1: a shattered 7th Armoured takes two back.
    for code in ["cru", "cru2", "stu", "ac", "rifle", "rha"] {
        s.unit_mut(unit(&r, code)).pos = Pos::Destroyed;
    }
    assert_eq!(values(&r, &s), [0.0, 1.0], "six units lost is not ten");
    let r2 = Totensonntag::standard();
    let mut t = r2.setup(&r2.info().resolve(&Setup::seeded(1)).expect("resolves")).expect("sets up");
    t.phase = Phase::Over;
    t.control = [Side::Allies, Side::Allies, Side::Axis];
    assert_eq!(values(&r2, &t), [0.0, 1.0], "2 VP");
    let seventh: Vec<_> = r2.scenario.unit_ids().filter(|&u| r2.scenario.formation(u).id == "7armd").collect();
    for &u in &seventh[..10] {
        t.unit_mut(u).pos = Pos::Destroyed;
    }
    assert_eq!(values(&r2, &t), [1.0, 0.0], "2 − 2 = 0 VP: the Axis wins");
}

#[test]
fn evaluation_in_the_last_impulse_never_rates_the_phasing_side_above_its_end() {
    // 2.0: after the second impulse of the last pair only Night is left,
    // and the night (8.1) changes no VP: the phasing side's `end` gives it
    // the outcome of the VP now.
    let (r, mut s) = quiet();
    s.turn = 6;
    s.pair = 5;
    let mut last = s.clone();
    r.start_impulse(&mut last, Side::Allies, 3);
    last.phase = Phase::Impulse { side: Side::Allies, second: true };
    assert_eq!(r.evaluate(&last, ALLIES), 0.0, "0 VP: the Allies' end loses");
    let mut ahead = last.clone();
    ahead.control[0] = Side::Allies;
    let v = r.evaluate(&ahead, ALLIES);
    assert!(v > 0.5 && v < 1.0, "1 VP: an estimate, at most the win its end gives ({v})");
    // The first impulse of the last pair is not decided yet.
    let mut first = last.clone();
    first.phase = Phase::Impulse { side: Side::Allies, second: false };
    assert!(r.evaluate(&first, ALLIES) > 0.0);
}

#[test]
fn evaluation_counts_a_victory_hex_for_the_side_that_controls_it() {
    let (r, base) = quiet();
    for i in 0..3 {
        let mut held = base.clone();
        held.control[i] = Side::Allies;
        favours(&r, &held, &base, ALLIES);
    }
}

#[test]
fn evaluation_sees_a_victory_hex_threatened_and_its_guard() {
    let (r, far) = quiet();
    // An Allied unit three hexes from M7 threatens it (9.0: control goes to
    // the last side to enter).
    let mut near = far.clone();
    put(&r, &mut near, "ac", "J7");
    let mut far2 = far.clone();
    put(&r, &mut far2, "ac", "A18");
    favours(&r, &near, &far2, ALLIES);
    // An Axis unit standing on M7 bars the way (6.0): better for the Axis
    // than the same unit far off.
    let mut guarded = near.clone();
    put(&r, &mut guarded, "sch", "M7");
    let mut unguarded = near.clone();
    put(&r, &mut unguarded, "sch", "A10");
    favours(&r, &guarded, &unguarded, AXIS);
}

#[test]
fn evaluation_counts_destroyed_units_and_hits_for_the_side_that_inflicted_them() {
    let (r, base) = quiet();
    // Allied losses (1.0, 9.1: toward the 7th Armoured's shattering).
    let mut hit = base.clone();
    hit.unit_mut(unit(&r, "cru")).hits = 2;
    favours(&r, &hit, &base, AXIS);
    let mut destroyed = base.clone();
    destroyed.unit_mut(unit(&r, "cru2")).pos = Pos::Destroyed;
    favours(&r, &destroyed, &base, AXIS);
    // Axis losses.
    let mut hit = base.clone();
    hit.unit_mut(unit(&r, "pz")).hits = 1;
    favours(&r, &hit, &base, ALLIES);
    let mut destroyed = base.clone();
    destroyed.unit_mut(unit(&r, "pj")).pos = Pos::Destroyed;
    favours(&r, &destroyed, &base, ALLIES);
    // A destroyed unit counts more than a hit on it.
    let mut one_hit = base.clone();
    one_hit.unit_mut(unit(&r, "pz")).hits = 1;
    let mut gone = base.clone();
    gone.unit_mut(unit(&r, "pz")).pos = Pos::Destroyed;
    favours(&r, &gone, &one_hit, ALLIES);
}

/// One measure of a position, by name.
fn measure(r: &Totensonntag, s: &State, name: &str) -> f64 {
    let all = r.measures(s);
    all.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no measure {name} in {all:?}")).1
}

#[test]
fn measures_follow_the_vp_9_0_the_losses_1_0_and_the_tobruk_exit_9_2() {
    let (r, base) = quiet();
    let vp = measure(&r, &base, "VP (Allies)");
    assert_eq!(vp, f64::from(r.victory(&base).total));
    let held = measure(&r, &base, "victory hexes held (Allies)") + measure(&r, &base, "victory hexes held (Axis)");
    assert_eq!(held, 3.0, "9.0: each of the three victory hexes has a holder");
    for side in ["Allies", "Axis"] {
        assert_eq!(measure(&r, &base, &format!("share of strength lost ({side})")), 0.0);
    }
    // A hit counts toward the loss; the unit destroyed counts its whole strength.
    let mut hit = base.clone();
    hit.unit_mut(unit(&r, "pz")).hits = 1;
    let one = measure(&r, &hit, "share of strength lost (Axis)");
    assert!(one > 0.0);
    assert_eq!(measure(&r, &hit, "share of strength lost (Allies)"), 0.0);
    let mut gone = base.clone();
    gone.unit_mut(unit(&r, "pz")).pos = Pos::Destroyed;
    assert!(measure(&r, &gone, "share of strength lost (Axis)") > one);
    let mut exited = base.clone();
    exited.exited = 4;
    assert_eq!(measure(&r, &exited, "strength exited toward Tobruk"), 4.0);
}

#[test]
fn evaluation_weighs_the_unit_that_shatters_a_division_more_than_the_first_9_1() {
    let r = Totensonntag::standard();
    let mut s = r.setup(&r.info().resolve(&Setup::seeded(1)).expect("resolves")).expect("sets up");
    // The Allies hold two victory hexes: the game hangs on the 7th Armoured.
    s.control = [Side::Allies, Side::Allies, Side::Axis];
    let seventh: Vec<_> = r.scenario.unit_ids().filter(|&u| r.scenario.formation(u).id == "7armd").collect();
    let lost = |n: usize| {
        let mut t = s.clone();
        for &u in &seventh[..n] {
            t.unit_mut(u).pos = Pos::Destroyed;
        }
        // The balance the value squashes (its logit), free of the squash's flattening.
        let v = r.evaluate(&t, AXIS);
        (v / (1.0 - v)).ln()
    };
    let first = lost(1) - lost(0);
    let tenth = lost(10) - lost(9);
    assert!(first > 0.0 && tenth > 3.0 * first, "first {first}, tenth {tenth}");
    // 9.1: a German tank unit counts two toward its division's four.
    let pz = |code: &str| r.scenario.unit_by_code(code).expect("unit");
    s.control = [Side::Axis; 3];
    let mut tanks = s.clone();
    for code in ["pr8-1", "pr8-2"] {
        tanks.unit_mut(pz(code)).pos = Pos::Destroyed;
    }
    assert!(r.evaluate(&tanks, ALLIES) > 0.5, "two tank units shatter the 15th Panzer: +1 VP");
}

#[test]
fn evaluation_threat_on_a_unit_whose_loss_shatters_its_division_weighs_more_9_1() {
    // An Allied rifle battalion beside a German infantry unit down to one
    // strength point (7.2: a hit destroys it), against the same rifle five
    // hexes off; with the Panzer division fresh, and with three units lost,
    // where this one's loss shatters it (9.1: four, +1 Allied VP).
    let (r, base) = blank(1);
    let at = |fresh: bool, beside: bool| {
        let mut s = base.clone();
        let inf = put(&r, &mut s, "inf", "H10");
        s.unit_mut(inf).hits = r.scenario.unit(inf).strength - 1;
        put(&r, &mut s, "rifle", if beside { "H11" } else { "H15" });
        if !fresh {
            for code in ["sch", "aa", "pj"] {
                s.unit_mut(unit(&r, code)).pos = Pos::Destroyed;
            }
        }
        r.start_impulse(&mut s, Side::Allies, 2);
        // The balance the value squashes (its logit), free of the squash's flattening.
        let v = r.evaluate(&s, ALLIES);
        (v / (1.0 - v)).ln()
    };
    let fresh = at(true, true) - at(true, false);
    let brink = at(false, true) - at(false, false);
    assert!(fresh > 0.0, "the threat counts for the Allies: {fresh}");
    // The loss that shatters adds 1 VP less the pull already counted
    // (0.7 × (3/4)²), 0.61 VP, half of it counted at the rifle's odds: the
    // logit (the balance / 0.8 VP) rises about 0.25 more than when fresh.
    assert!(brink > fresh + 0.2, "at the brink {brink}, fresh {fresh}");
}

#[test]
fn evaluation_counts_strength_exited_toward_tobruk_for_the_allies_9_2() {
    let (r, base) = quiet();
    let mut some = base.clone();
    some.exited = 4;
    favours(&r, &some, &base, ALLIES);
    let mut eight = base.clone();
    eight.exited = 8;
    let mut relieved = base.clone();
    relieved.exited = 9;
    favours(&r, &relieved, &eight, ALLIES);
    let step = |a: &State, b: &State| r.evaluate(a, ALLIES) - r.evaluate(b, ALLIES);
    assert!(step(&relieved, &eight) > step(&some, &base), "the relief itself (9.2) is the point");
}

#[test]
fn evaluation_sees_who_can_hit_whom_next() {
    // A German tank beside a British tank: 2d6 + 5 ≥ 10 (83%) one way,
    // 2d6 + 3 ≥ 11 (42%) the other (7.1, 7.2).
    let (r, base) = quiet();
    let mut close = base.clone();
    put(&r, &mut close, "pz2", "H10");
    put(&r, &mut close, "cru2", "H11");
    let mut apart = base.clone();
    put(&r, &mut apart, "pz2", "H4");
    put(&r, &mut apart, "cru2", "H11");
    favours(&r, &close, &apart, AXIS);
}

#[test]
fn evaluation_charges_the_phasing_side_for_a_fourth_unit_in_a_hex_4_0() {
    let (r, mut s) = blank(1);
    for code in ["pz", "pz2", "sch"] {
        put(&r, &mut s, code, "F12");
    }
    put(&r, &mut s, "cru", "B16");
    let mut three = s.clone();
    put(&r, &mut three, "aa", "F13");
    let mut four = s.clone();
    put(&r, &mut four, "aa", "F12");
    r.start_impulse(&mut three, Side::Axis, 4);
    r.start_impulse(&mut four, Side::Axis, 4);
    favours(&r, &three, &four, AXIS);
}

#[test]
fn evaluation_never_drops_for_the_side_that_ends_its_impulse_or_rolls_at_night() {
    // A one-ply bot compares `end` (and the night's roll) with a free `top`,
    // which changes nothing: were `end` ever worse, the side behind would
    // reorder a stack for ever instead of ending.
    let end = |a: &Action| matches!(a, Action::End | Action::Recover);
    for (r, positions) in random_positions(2) {
        for (s, seat, legal) in &positions {
            let before = r.evaluate(s, *seat);
            for &a in legal {
                let mut t = s.clone();
                r.try_apply(&mut t, *seat, a, &mut Events::off()).expect("legal");
                let after = r.evaluate(&t, *seat);
                if end(&a) {
                    assert!(after >= before - 1e-12, "{}: {before} -> {after} in {:?}", r.notation(a), s.phase);
                } else if matches!(a, Action::Top(_)) {
                    assert_eq!(after, before, "top changes nothing the evaluation counts");
                }
            }
        }
    }
}

// ---------------------------------------------------------------- rollout policy

#[test]
fn rollout_attacks_at_good_odds_above_bad_odds_and_above_ending() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "pz", "C5");
    put(&r, &mut s, "m13", "D6");
    put(&r, &mut s, "cru", "C6");
    r.start_impulse(&mut s, Side::Axis, 2);
    // 7.1, 7.2: a German tank hits a Crusader on 5+ (2d6 + 5 ≥ 10), an M13 on 7+.
    let good = weight(&r, &s, AXIS, "attack pz C6");
    let poor = weight(&r, &s, AXIS, "attack m13 C6");
    assert!(good > poor, "{good} {poor}");
    assert!(good > weight(&r, &s, AXIS, "end"));
    // A hit that destroys counts more.
    s.unit_mut(unit(&r, "cru")).hits = 3;
    assert!(weight(&r, &s, AXIS, "attack pz C6") > good);
}

#[test]
fn rollout_takes_a_victory_hex_and_steps_toward_them() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "cru", "M9");
    put(&r, &mut s, "ac", "M8");
    put(&r, &mut s, "pz", "B2");
    r.start_impulse(&mut s, Side::Allies, 4);
    let take = weight(&r, &s, ALLIES, "move ac M7");
    let forward = weight(&r, &s, ALLIES, "move cru M8");
    let back = weight(&r, &s, ALLIES, "move cru M10");
    assert!(take > forward && forward > back, "{take} {forward} {back}");
    assert!(take > weight(&r, &s, ALLIES, "end"), "a victory hex before ending");
}

#[test]
fn rollout_never_moves_a_fourth_unit_into_a_hex_4_0() {
    let (r, mut s) = blank(1);
    for code in ["cru", "cru2", "stu"] {
        put(&r, &mut s, code, "F12");
    }
    put(&r, &mut s, "ac", "F13");
    put(&r, &mut s, "pz", "B2");
    r.start_impulse(&mut s, Side::Allies, 3);
    assert_eq!(weight(&r, &s, ALLIES, "move ac F12"), 0, "the fourth unit would be lost at the end of the impulse");
    assert!(weight(&r, &s, ALLIES, "move ac F14") > 0);
}

#[test]
fn rollout_never_reorders_a_stack() {
    let (r, mut s) = blank(1);
    for code in ["cru", "cru2", "stu"] {
        put(&r, &mut s, code, "F12");
    }
    put(&r, &mut s, "pz", "B2");
    r.start_impulse(&mut s, Side::Allies, 3);
    assert_eq!(weight(&r, &s, ALLIES, "top cru"), 0, "4.0: a stack's order is no progress");
    s.phase = Phase::Night { side: Side::Allies };
    assert_eq!(weight(&r, &s, ALLIES, "top cru"), 0);
    assert!(weight(&r, &s, ALLIES, "recover") > 0, "8.1: roll at once");
}

#[test]
fn rollout_ends_the_impulse_at_once_when_no_unit_can_act_and_seldom_before() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "cru", "G12");
    put(&r, &mut s, "pz", "B2");
    r.start_impulse(&mut s, Side::Allies, 4);
    let early = weight(&r, &s, ALLIES, "end");
    // 6.0: level 4 + 1 MP for armour; every step spends one.
    for to in ["G11", "G10", "G9", "G8"] {
        play(&r, &mut s, ALLIES, &format!("move cru {to}"));
        assert_eq!(weight(&r, &s, ALLIES, "end"), early, "MP left: the unit may go on");
    }
    play(&r, &mut s, ALLIES, "move cru G7");
    let done = weight(&r, &s, ALLIES, "end");
    assert!(done > 5 * early, "nothing left to do: end ({early} then {done})");
    // 3.1: at level 6 no unit activates at all.
    let (r, mut s) = blank(1);
    put(&r, &mut s, "cru", "G12");
    r.start_impulse(&mut s, Side::Allies, 6);
    assert_eq!(weight(&r, &s, ALLIES, "end"), done);
}

#[test]
fn rollout_advances_into_a_hex_its_attack_cleared_7_3() {
    for seed in 0..40 {
        let (r, mut s) = blank(seed);
        put(&r, &mut s, "pz", "C5");
        let cru = put(&r, &mut s, "cru", "C6");
        s.unit_mut(cru).hits = 3;
        r.start_impulse(&mut s, Side::Axis, 4);
        play(&r, &mut s, AXIS, "attack pz C6");
        if s.unit(cru).pos != Pos::Destroyed {
            continue;
        }
        // The attacker has acted and no other unit can: only the advance is left.
        assert!(weight(&r, &s, AXIS, "advance pz C6") > weight(&r, &s, AXIS, "end"));
        return;
    }
    panic!("no seed destroyed the Crusader");
}

#[test]
fn rollout_bombards_with_the_surer_spotter_7_4() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "art", "H13");
    put(&r, &mut s, "inf", "H7");
    let pz = put(&r, &mut s, "pz", "H11");
    put(&r, &mut s, "cru", "H10");
    s.unit_mut(pz).moved_turn = true;
    r.start_impulse(&mut s, Side::Axis, 2);
    // The check succeeds on 3+ from the point hex H7, on 5+ for a spotter that moved.
    let point = weight(&r, &s, AXIS, "bombard art cru spot inf");
    let moved = weight(&r, &s, AXIS, "bombard art cru spot pz");
    assert!(point > moved && moved > 1, "{point} {moved}");
}

#[test]
fn rollout_enters_reinforcements_and_exits_toward_tobruk() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "cru", "C12");
    s.pair = 2;
    r.start_impulse(&mut s, Side::Axis, 3);
    // 6.1: the Panzer reinforcement has arrived (turn 1, pair 2).
    let enter = weight(&r, &s, AXIS, "enter pzr K18");
    assert!(enter > weight(&r, &s, AXIS, "end"));
    let (r, mut s) = blank(1);
    put(&r, &mut s, "cru", "Q2");
    put(&r, &mut s, "pz", "B2");
    r.start_impulse(&mut s, Side::Allies, 4);
    // 6.2: Q2 and 2 MP: off toward Tobruk.
    let exit = weight(&r, &s, ALLIES, "exit cru");
    assert!(exit > weight(&r, &s, ALLIES, "end"));
    assert!(exit > weight(&r, &s, ALLIES, "move cru Q3"));
}

#[test]
fn rollout_keeps_the_last_defender_on_a_victory_hex() {
    let (r, mut s) = blank(1);
    put(&r, &mut s, "inf", "M7");
    put(&r, &mut s, "cru", "B16");
    // The Allies hold N16: M8 is a step toward it.
    s.control[1] = Side::Allies;
    let mut company = s.clone();
    put(&r, &mut company, "sch", "M7");
    r.start_impulse(&mut s, Side::Axis, 2);
    r.start_impulse(&mut company, Side::Axis, 2);
    let alone = weight(&r, &s, AXIS, "move inf M8");
    let relieved = weight(&r, &company, AXIS, "move inf M8");
    assert!(alone < relieved, "9.0: M7 stays Axis only while no Ally walks in ({alone} {relieved})");
}

#[test]
fn rollout_picks_an_initiative_level_that_activates_the_side_2_1() {
    let r = Totensonntag::standard();
    let s = r.setup(&r.info().resolve(&Setup::seeded(1)).expect("resolves")).expect("sets up");
    assert_eq!(s.phase, Phase::InitiativePick, "2.2: the Allies choose in the first pair");
    // Allied ratings are mostly 3 and 4 (3.1): level 3 moves nearly all of
    // them with 4 MP (6.0); level 6 moves none.
    let pick = |n: u8| r.action_weight(&s, ALLIES, Action::Pick(n));
    assert!(pick(3) > pick(6) && pick(3) > pick(1), "{} {} {}", pick(3), pick(6), pick(1));
}

#[test]
fn rollout_removes_the_weakest_unit_from_an_overstacked_hex_4_0() {
    let (r, mut s) = blank(1);
    for code in ["pz", "pz2", "sch", "aa"] {
        put(&r, &mut s, code, "F12");
    }
    put(&r, &mut s, "cru", "B16");
    r.start_impulse(&mut s, Side::Axis, 4);
    s.unit_mut(unit(&r, "aa")).hits = 1;
    play(&r, &mut s, AXIS, "end");
    assert!(matches!(s.phase, Phase::Overstack { .. }));
    assert!(weight(&r, &s, AXIS, "eliminate aa") > weight(&r, &s, AXIS, "eliminate pz"));
}
