//! Rules 2.0 (impulse system), 2.1 (initiative), 2.2 (first-turn surprise).

mod common;
use common::*;
use sandtable_core::{Ruleset, Setup, ToAct, Viewer};
use sandtable_totensonntag::{Phase, Privilege, SecretView, Side};

#[test]
fn cct_2_0_impulse_pairs_per_turn_then_night_option_four() {
    for (option, pairs) in [("5", 5), ("4", 4)] {
        let (r, _) = blank(1);
        let setup = r.info().resolve(&Setup::seeded(3).with_option("impulse-pairs", option)).unwrap();
        let mut s = r.setup(&setup).unwrap();
        let mut impulses = 0;
        pass_until(&r, &mut s, |s| {
            if matches!(s.phase, Phase::Impulse { .. }) {
                impulses += 1;
            }
            matches!(s.phase, Phase::Night { .. })
        });
        // pass_until sees each impulse once before ending it.
        assert_eq!(impulses, 2 * pairs, "option {option}");
        assert_eq!((s.turn, s.pair), (1, pairs as u8));
    }
}

#[test]
fn cct_2_0_six_turns_then_game_over() {
    let (r, mut s) = blank(5);
    pass_until(&r, &mut s, |_| false);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.turn, 6);
    assert!(matches!(r.to_act(&s), ToAct::Over(_)));
    assert!(legal(&r, &s, AXIS).is_empty() && legal(&r, &s, ALLIES).is_empty());
}

#[test]
fn cct_2_0_only_the_seat_to_act_decides() {
    let (r, mut s) = blank(1);
    r.start_impulse(&mut s, Side::Axis, 3);
    let e = refused(&r, &s, ALLIES, "end");
    assert_eq!(e.rule, "CCT 2.0");
    assert!(!e.text.en.is_empty() && !e.text.ru.is_empty());
}

#[test]
fn cct_2_1_higher_level_first_ties_to_axis() {
    for (axis, allies, first) in [(3, 3, Side::Axis), (2, 4, Side::Allies), (5, 1, Side::Axis)] {
        let (r, mut s) = blank(1);
        s.privilege = [Privilege::Pick, Privilege::Pick];
        r.start_pair(&mut s);
        play(&r, &mut s, AXIS, &format!("pick {axis}"));
        play(&r, &mut s, ALLIES, &format!("pick {allies}"));
        assert_eq!(s.level, [axis, allies]);
        assert_eq!(s.first, first);
        assert_eq!(s.phase, Phase::Impulse { side: first, second: false });
    }
}

#[test]
fn cct_2_1_both_roll_a_die_without_privileges() {
    let mut seen = [false; 2];
    for seed in 0..60 {
        let (r, mut s) = blank(seed);
        s.privilege = [Privilege::None, Privilege::None];
        r.start_pair(&mut s);
        let [a, b] = s.level;
        assert!((1..=6).contains(&a) && (1..=6).contains(&b));
        let first = if a >= b { Side::Axis } else { Side::Allies };
        assert_eq!(s.phase, Phase::Impulse { side: first, second: false });
        seen[first.index()] = true;
    }
    assert_eq!(seen, [true, true], "both sides should go first sometimes");
}

#[test]
fn cct_2_1_level_five_shifts_after_the_rolls_axis_first() {
    let (r, mut s) = blank(11);
    s.privilege = [Privilege::Shift, Privilege::Shift];
    r.start_pair(&mut s);
    assert_eq!(s.phase, Phase::InitiativeShift { side: Side::Axis });
    assert_eq!(refused(&r, &s, ALLIES, "shift 0").rule, "CCT 2.0");
    let rolled = s.level[0];
    let (d, text) = if rolled > 1 { (-1i8, "shift -1") } else { (1, "shift +1") };
    play(&r, &mut s, AXIS, text);
    assert_eq!(s.level[0] as i8, rolled as i8 + d);
    assert_eq!(s.phase, Phase::InitiativeShift { side: Side::Allies });
    // The level stays within 1–6.
    s.level[1] = 6;
    assert_eq!(refused(&r, &s, ALLIES, "shift +1").rule, "CCT 2.1");
    play(&r, &mut s, ALLIES, "shift 0");
    assert!(matches!(s.phase, Phase::Impulse { .. }));
}

#[test]
fn cct_2_1_no_shift_without_the_privilege() {
    let (r, mut s) = blank(2);
    s.privilege = [Privilege::Pick, Privilege::None];
    r.start_pair(&mut s);
    play(&r, &mut s, AXIS, "pick 4");
    // Levels are set and play has moved on: nobody may shift.
    assert!(matches!(s.phase, Phase::Impulse { .. }));
    let side = match s.phase {
        Phase::Impulse { side, .. } => side,
        _ => unreachable!(),
    };
    assert_eq!(refused(&r, &s, side.seat(), "shift 0").rule, "CCT 2.1");
}

#[test]
fn cct_2_1_level_six_picks_secretly_before_the_opponent_rolls() {
    let (r, mut s) = blank(4);
    s.privilege = [Privilege::Pick, Privilege::None];
    r.start_pair(&mut s);
    assert_eq!(r.to_act(&s), ToAct::Seats(sandtable_core::SeatSet::one(AXIS)));
    assert!(legal(&r, &s, ALLIES).is_empty(), "the Allies roll after the pick, they decide nothing");
    play(&r, &mut s, AXIS, "pick 2");
    assert_eq!(s.level[0], 2);
    assert!((1..=6).contains(&s.level[1]));
}

#[test]
fn cct_2_1_a_secret_pick_is_hidden_from_the_other_side() {
    let (r, mut s) = blank(4);
    s.privilege = [Privilege::Pick, Privilege::Pick];
    r.start_pair(&mut s);
    // Both choose at once.
    assert_eq!(r.to_act(&s).seats().len(), 2);
    play(&r, &mut s, AXIS, "pick 4");
    let allies_view = r.view(&s, Viewer::Seat(ALLIES));
    assert_eq!(allies_view.secret[0], SecretView::Hidden(true));
    assert_eq!(r.view(&s, Viewer::Spectator).secret[0], SecretView::Hidden(true));
    assert_eq!(r.view(&s, Viewer::Seat(AXIS)).secret[0], SecretView::Mine(4));
    // Whatever the Axis picked, the Allied view is the same.
    for seed in 0..10 {
        let other = r.resample_hidden(&s, Viewer::Seat(ALLIES), seed);
        assert_eq!(r.view(&other, Viewer::Seat(ALLIES)), allies_view);
    }
    play(&r, &mut s, ALLIES, "roll");
    assert_eq!(s.level[0], 4, "revealed once both have chosen");
}

#[test]
fn cct_2_1_privileges_carry_into_the_next_turn() {
    let (r, mut s) = blank(8);
    s.pair = s.pairs;
    s.privilege = [Privilege::Pick, Privilege::Pick];
    r.start_pair(&mut s);
    play(&r, &mut s, AXIS, "pick 6");
    play(&r, &mut s, ALLIES, "pick 5");
    assert_eq!(s.privilege, [Privilege::Pick, Privilege::Shift]);
    pass_until(&r, &mut s, |s| s.turn == 2);
    assert_eq!((s.pair, s.phase), (1, Phase::InitiativePick));
    assert_eq!(r.to_act(&s).seats(), sandtable_core::SeatSet::one(AXIS));
    play(&r, &mut s, AXIS, "pick 1");
    assert_eq!(s.phase, Phase::InitiativeShift { side: Side::Allies });
}

#[test]
fn cct_2_2_allies_choose_any_level_in_the_first_pair() {
    // Seed 2: the Axis rolls 4, so nobody may pick in pair 2.
    let (r, mut s) = blank(2);
    assert_eq!(r.to_act(&s).seats(), sandtable_core::SeatSet::one(ALLIES));
    let mut options = legal(&r, &s, ALLIES);
    options.sort();
    assert_eq!(options, ["pick 1", "pick 2", "pick 3", "pick 4", "pick 5", "pick 6", "roll"]);
    assert!(legal(&r, &s, AXIS).is_empty());
    play(&r, &mut s, ALLIES, "pick 2");
    assert_eq!(s.level[1], 2);
    // The surprise is for the first pair only: pair 2 is rolled.
    pass_until(&r, &mut s, |s| s.pair == 2);
    assert_ne!(s.phase, Phase::InitiativePick);
    let side = s.first;
    assert_eq!(refused(&r, &s, side.seat(), "pick 3").rule, "CCT 2.1");
}

#[test]
fn cct_2_1_a_secret_pick_is_hidden_in_the_log_shown_to_the_other_side() {
    use sandtable_core::{Game, Rules, Setup};
    let game = Rules(std::sync::Arc::new(sandtable_totensonntag::Totensonntag::standard()));
    let mut m = game.start(&Setup::seeded(3)).unwrap();
    m.apply(ALLIES, "pick 3").unwrap();
    assert_eq!(m.log_for(Viewer::Seat(ALLIES))[0].action, "pick 3");
    assert_eq!(m.log_for(Viewer::Seat(AXIS))[0].action, "initiative choice (secret)");
    assert_eq!(m.log_for(Viewer::Spectator)[0].action, "initiative choice (secret)");
    assert_eq!(m.log()[0].action, "pick 3", "the game file keeps the full log");
}
