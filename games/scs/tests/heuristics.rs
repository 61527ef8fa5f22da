//! Bot knowledge (`src/heuristics.rs`): the evaluation and the rollout policy.

mod common;
use common::*;
use sandtable_ai::{playout, Bot, GreedyBot};
use sandtable_core::{outcome_value, Events, Heuristics, Ruleset, Setup, ToAct};

/// The evaluation of both seats.
fn evals(r: &Scs, s: &State) -> (f64, f64) {
    (r.evaluate(s, AXIS), r.evaluate(s, ALLIES))
}

/// `a` is better than `b` for the axis and worse for the allies (seat 0 and 1).
fn better_for_axis(r: &Scs, a: &State, b: &State) {
    let (ax, al) = evals(r, a);
    let (bx, bl) = evals(r, b);
    assert!(ax > bx, "axis: {ax} should be above {bx}");
    assert!(al < bl, "allies: {al} should be below {bl}");
}

/// The weight of an action given as text.
fn weight(r: &Scs, s: &State, seat: sandtable_core::Seat, text: &str) -> u32 {
    assert!(is_legal(r, s, seat, text), "{text} is legal: {:?}", legal(r, s, seat));
    r.action_weight(s, seat, r.parse(text).unwrap())
}

/// Every position of a few uniformly random games of `r`, with the seat to act.
fn random_positions(r: &Scs, seeds: std::ops::Range<u64>, mut visit: impl FnMut(&State, sandtable_core::Seat)) {
    use rand::{Rng, SeedableRng};
    for seed in seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = r.setup(&r.info().resolve(&Setup::seeded(seed)).unwrap()).unwrap();
        let mut list = Vec::new();
        for _ in 0..20_000 {
            let seat = match r.to_act(&s) {
                ToAct::Over(_) => {
                    visit(&s, AXIS);
                    break;
                }
                ToAct::Seats(set) => set.iter().next().unwrap(),
            };
            visit(&s, seat);
            list.clear();
            r.legal_actions(&s, seat, &mut list);
            let a = list[rng.gen_range(0..list.len())];
            r.try_apply(&mut s, seat, a, &mut Events::off()).unwrap();
        }
        assert!(matches!(r.to_act(&s), ToAct::Over(_)), "seed {seed} ends");
    }
}

fn scenarios() -> Vec<(&'static str, Scs)> {
    vec![("tiny", tiny()), ("beda-fomm", Scs::standard()), ("sidi-rezegh", Scs::sidi_rezegh())]
}

/// A tiny-scenario position: turn 1, axis Movement Phase, only the units named on the map.
fn only(r: &Scs, units: &[(&str, &str)]) -> State {
    let mut s = blank(r);
    for (id, at) in units {
        put(r, &mut s, id, at);
    }
    s
}

// ------------------------------------------------------------------ evaluate

#[test]
fn evaluate_stays_within_0_and_1_and_the_two_seats_add_up_to_1_in_random_games() {
    for (name, r) in scenarios() {
        random_positions(&r, 0..3, |s, _| {
            let (a, b) = evals(&r, s);
            assert!((0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b), "{name}: {a} {b}");
            assert!((a + b - 1.0).abs() < 1e-9, "{name}: {a} + {b}");
        });
    }
}

#[test]
fn scs_victory_the_evaluation_at_the_end_of_a_game_is_its_outcome() {
    for (name, r) in scenarios() {
        let mut ends = 0;
        random_positions(&r, 3..6, |s, _| {
            if let ToAct::Over(o) = r.to_act(s) {
                ends += 1;
                for seat in [AXIS, ALLIES] {
                    assert_eq!(r.evaluate(s, seat), outcome_value(&o, seat), "{name}");
                }
            }
        });
        assert_eq!(ends, 3, "{name}: every game ends");
    }
}

#[test]
fn scs_victory_at_the_end_a_draw_is_a_half_and_equal_totals_go_to_the_side_named_for_ties() {
    // Tiny: no side wins ties; the townlet's 5 VP against 5 allied steps lost.
    let r = tiny();
    let mut s = only(&r, &[("pz", "08.04"), ("rifle", "07.05")]);
    s.phase = Phase::Over;
    s.eliminated_steps[allies().index()] = 5;
    assert_eq!(r.victory_points(&s), [5, 5]);
    assert_eq!(evals(&r, &s), (0.5, 0.5));
    // Beda Fomm: equal totals go to the Commonwealth (seat 0): its 7 VP of
    // hexes against 3 Axis steps exited (2 VP each) and 1 Commonwealth step lost.
    let r = Scs::standard();
    let mut s = r.setup(&r.info().resolve(&Setup::seeded(1)).unwrap()).unwrap();
    s.phase = Phase::Over;
    s.exited_steps[1] = 3;
    s.eliminated_steps[0] = 1;
    assert_eq!(r.victory_points(&s), [7, 7]);
    assert_eq!(r.evaluate(&s, sandtable_core::Seat::new(0)), 1.0);
    assert_eq!(r.evaluate(&s, sandtable_core::Seat::new(1)), 0.0);
}

#[test]
fn scs_victory_a_victory_hex_is_worth_its_points_to_whoever_controls_it() {
    let r = tiny();
    let held = only(&r, &[("pz", "09.02"), ("tank", "02.05")]);
    let mut taken = held.clone();
    taken.control[0] = axis();
    better_for_axis(&r, &taken, &held);
}

#[test]
fn scs_victory_enemy_steps_eliminated_count_for_the_side_that_scores_them() {
    let r = tiny();
    let s = only(&r, &[("pz", "09.02"), ("tank", "02.05")]);
    let mut killed = s.clone();
    killed.eliminated_steps[allies().index()] += 2;
    better_for_axis(&r, &killed, &s);
    let mut lost = s.clone();
    lost.eliminated_steps[axis().index()] += 2;
    better_for_axis(&r, &s, &lost);
}

#[test]
fn scs_7_0_and_barrage_a_reduced_or_disorganised_unit_counts_less_strength_for_its_side() {
    let r = tiny();
    let s = only(&r, &[("pz", "09.02"), ("tank", "02.05")]);
    let mut reduced = s.clone();
    us(&r, &mut reduced, "tank").lost = 1;
    better_for_axis(&r, &reduced, &s);
    let mut dg = s.clone();
    us(&r, &mut dg, "pz").dg = true;
    better_for_axis(&r, &s, &dg);
}

#[test]
fn scs_12_0_a_unit_cut_off_from_supply_counts_as_such_before_the_supply_phase_marks_it() {
    // The same position; in the second scenario the axis source reaches one hex only.
    let r = tiny();
    let cut = tiny_with(&[(
        "[[supply]]\nside = \"axis\"\nedges = [\"east\"]",
        "[[supply]]\nside = \"axis\"\nhexes = [\"10.01\"]\nrange = 1",
    )]);
    let s = only(&r, &[("pz", "08.06"), ("tank", "02.05")]);
    assert!(!s.unit(unit(&r, "pz")).out_of_supply, "not marked: the Supply Phase has not run");
    assert!(r.evaluate(&s, AXIS) > cut.evaluate(&s, AXIS));
    assert!(r.evaluate(&s, ALLIES) < cut.evaluate(&s, ALLIES));
}

#[test]
fn scs_components_c_escape_progress_counts_and_an_exit_most_of_all() {
    // The axis scores 2 VP a step leaving through 01.04; the townlet is held
    // by the allies' rifles, so only the exit pulls the panzers.
    let r = tiny();
    let far = only(&r, &[("pz", "06.04"), ("rifle", "07.05")]);
    let near = only(&r, &[("pz", "02.04"), ("rifle", "07.05")]);
    let on = only(&r, &[("pz", "01.04"), ("rifle", "07.05")]);
    let mut out = only(&r, &[("rifle", "07.05")]);
    us(&r, &mut out, "pz").pos = Pos::Exited;
    us(&r, &mut out, "pz").lost = 0;
    out.exited_steps[axis().index()] = 2;
    better_for_axis(&r, &near, &far);
    better_for_axis(&r, &on, &near);
    better_for_axis(&r, &out, &on);
}

#[test]
fn scs_victory_control_passes_on_entering_so_an_enemy_next_to_an_empty_victory_hex_threatens_it() {
    // Without the exit, so only the townlet (allied, 5 VP) pulls the
    // panzers; the allied tanks stand 5 hexes from it in every position, so
    // the exit screen and the allies' own reach are the same throughout.
    let r = tiny_with(&[("[[victory.exit]]\nside = \"axis\"\nhexes = [\"01.04\"]\nvp = 2\n", "")]);
    let gap = |with: &[(&str, &str)], dg: bool| {
        let mut next = only(&r, &[("pz", "08.05"), ("tank", "02.05")]);
        let mut away = only(&r, &[("pz", "10.01"), ("tank", "02.05")]);
        for (id, at) in with {
            put(&r, &mut next, id, at);
            put(&r, &mut away, id, at);
            us(&r, &mut next, id).dg = dg;
            us(&r, &mut away, id).dg = dg;
        }
        (r.evaluate(&next, AXIS) - r.evaluate(&away, AXIS), away)
    };
    // Empty, it is the panzers' for the walking in: worth more than an
    // allied step eliminated (1 VP).
    let (empty, away) = gap(&[], false);
    let mut killed = away.clone();
    killed.eliminated_steps[allies().index()] += 1;
    let one_vp = r.evaluate(&killed, AXIS) - r.evaluate(&away, AXIS);
    assert!(empty > one_vp, "{empty} against {one_vp}");
    // Held by the rifles, it must be taken by attack (7.0): 6 against 4 in
    // the town is 1:2 after its shift, so it is threatened much less…
    let (held, _) = gap(&[("rifle", "07.05")], false);
    assert!(held < empty / 2.0, "{held} against {empty}");
    // …but threatened all the same, the more as the odds rise: the rifles
    // disorganised (Barrage: DG halves the defence) make it 3:1.
    let (shaken, _) = gap(&[("rifle", "07.05")], true);
    assert!(shaken > held + one_vp / 2.0, "{shaken} against {held}");
}

#[test]
fn scs_4_0a_overstacking_counts_the_steps_that_will_be_eliminated() {
    // The same stack of 5 points: over tiny's limit of 4, within a limit of 6.
    let r = tiny();
    let roomy = tiny_with(&[("stacking = 4", "stacking = 6")]);
    let s = only(&r, &[("pz", "08.04"), ("inf", "08.04"), ("aw", "08.04"), ("tank", "02.05")]);
    assert!(r.evaluate(&s, AXIS) < roomy.evaluate(&s, AXIS));
    assert!(r.evaluate(&s, ALLIES) > roomy.evaluate(&s, ALLIES));
}

/// The allied machine-gunners in 04.04 with the panzers south-east (04.05)
/// and the infantry north-east (05.04) of them, in the axis Combat Phase.
fn assault(r: &Scs) -> State {
    let mut s = only(r, &[("pz", "04.05"), ("inf", "05.04"), ("bw", "04.04")]);
    begin(r, &mut s, axis(), Phase::Combat);
    s
}

#[test]
fn scs_7_0_a_declared_attack_at_good_odds_is_worth_its_expected_result_to_the_attacker() {
    let r = tiny();
    let before = assault(&r);
    let mut s = before.clone();
    play(&r, &mut s, AXIS, "attack pz 04.04");
    play(&r, &mut s, AXIS, "attack inf 04.04");
    play(&r, &mut s, AXIS, "declare");
    assert_eq!(fight(&s).stage, Stage::Declared);
    better_for_axis(&r, &s, &before);
}

/// The tiny scenario with a 1:2 column where the attacker always loses two steps.
fn losing() -> Scs {
    tiny_with(&[(
        r#""1:2" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "A2", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]"#,
        r#""1:2" = ["A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2"]"#,
    )])
}

/// The reduced axis infantry (attack 1) next to the allied tanks (defence 3)
/// in the axis Combat Phase: 1:3, the losing column.
fn forlorn(r: &Scs) -> State {
    let mut s = only(r, &[("inf", "05.04"), ("tank", "04.04")]);
    us(r, &mut s, "inf").lost = 1;
    begin(r, &mut s, axis(), Phase::Combat);
    s
}

#[test]
fn scs_7_0_a_declared_attack_at_losing_odds_is_worse_for_the_attacker() {
    let r = losing();
    let before = forlorn(&r);
    let mut s = before.clone();
    play(&r, &mut s, AXIS, "attack inf 04.04");
    play(&r, &mut s, AXIS, "declare");
    better_for_axis(&r, &before, &s);
}

#[test]
fn scs_1_0_ending_a_phase_never_lowers_the_ending_sides_value() {
    // Otherwise a one-ply look would rather stall (reorder a stack, join
    // units) than end its phase. The reinforcements the next phase places
    // by itself (5.0) are the one change an `end` may bring.
    for (name, r) in scenarios() {
        let mut turns = 0;
        random_positions(&r, 6..9, |s, seat| {
            if s.fight.is_some() || s.overstack.is_some() || !is_legal(&r, s, seat, "end") {
                return;
            }
            if s.phase == Phase::Exploitation {
                // The end of a player turn: the Supply Phase marks units and
                // DG comes off (12.0, Barrage).
                turns += 1;
            }
            let mut t = s.clone();
            play(&r, &mut t, seat, "end");
            let arrived = s.units.iter().zip(&t.units).any(|(a, b)| a.pos == Pos::Off && b.pos != Pos::Off);
            if arrived {
                return;
            }
            let (before, after) = (r.evaluate(s, seat), r.evaluate(&t, seat));
            assert!(after >= before - 1e-12, "{name} {:?} {:?}: {before} → {after}", s.phase, s.player);
        });
        assert!(turns >= 12, "{name}: {turns} player turns ended");
    }
}

#[test]
fn scs_1_0_in_the_last_player_turn_the_value_is_never_above_what_ending_the_game_now_gives() {
    for (name, r) in scenarios() {
        let mut seen = 0;
        random_positions(&r, 9..12, |s, _| {
            let last = s.turn == r.scenario.turns
                && s.player != r.scenario.first
                && matches!(s.phase, Phase::Movement | Phase::Combat | Phase::Exploitation);
            if last {
                let seat = s.player.seat();
                let now = outcome_value(&r.outcome(s), seat);
                seen += 1;
                assert!(r.evaluate(s, seat) <= now + 1e-12, "{name}");
            }
        });
        assert!(seen > 0, "{name}: no position in the last player turn");
    }
}

// ------------------------------------------------------------ rollout policy

#[test]
fn scs_3_0_rollout_moves_toward_the_objective_rather_than_away() {
    // The allied tanks (attack 4 × defence 3) outfight the axis infantry
    // (3 × 3) two hexes south of them: 03.04 is toward it, 03.06 away.
    let r = tiny();
    let mut s = only(&r, &[("tank", "03.05"), ("inf", "03.03")]);
    begin(&r, &mut s, allies(), Phase::Movement);
    assert!(weight(&r, &s, ALLIES, "move tank 03.04") >= 4 * weight(&r, &s, ALLIES, "move tank 03.06"));
    assert_eq!(weight(&r, &s, ALLIES, "move tank 03.06"), 1);
}

#[test]
fn scs_victory_rollout_takes_an_enemy_victory_hex_and_exits_whenever_it_can() {
    let r = tiny();
    let s = only(&r, &[("pz", "08.05"), ("aw", "01.04"), ("tank", "02.07")]);
    let end = weight(&r, &s, AXIS, "end");
    assert!(weight(&r, &s, AXIS, "move pz 07.05") > 10 * end);
    assert!(weight(&r, &s, AXIS, "exit aw") > weight(&r, &s, AXIS, "move pz 07.05"));
}

#[test]
fn scs_4_0a_and_4_0c_rollout_never_moves_a_stack_over_the_limit_nor_reorders_one() {
    let r = tiny();
    let s = only(&r, &[("pz", "08.04"), ("inf", "08.04"), ("aw", "08.05"), ("tank", "02.07")]);
    assert_eq!(weight(&r, &s, AXIS, "move aw 08.04"), 0);
    assert_eq!(weight(&r, &s, AXIS, "top pz"), 0);
}

#[test]
fn scs_3_1a_rollout_ends_a_movement_phase_at_once_only_when_no_unit_wants_to_move() {
    let r = tiny();
    let s = only(&r, &[("pz", "10.01"), ("tank", "02.05")]);
    let moving = weight(&r, &s, AXIS, "end");
    let mut done = s.clone();
    us(&r, &mut done, "pz").done = true;
    let idle = weight(&r, &done, AXIS, "end");
    assert!(moving <= 3 && idle >= 100, "{moving} {idle}");
}

#[test]
fn scs_7_0_rollout_attacks_at_good_odds_and_declares_once_everyone_has_joined() {
    let r = tiny();
    let mut s = assault(&r);
    let end = weight(&r, &s, AXIS, "end");
    assert!(weight(&r, &s, AXIS, "attack pz 04.04") >= 5 * end);
    play(&r, &mut s, AXIS, "attack pz 04.04");
    // The infantry may still join: joining comes before declaring.
    assert!(weight(&r, &s, AXIS, "attack inf 04.04") > weight(&r, &s, AXIS, "declare"));
    play(&r, &mut s, AXIS, "attack inf 04.04");
    assert!(weight(&r, &s, AXIS, "declare") >= 50);
    assert_eq!(weight(&r, &s, AXIS, "cancel"), 0);
}

#[test]
fn scs_7_0_rollout_never_attacks_at_losing_odds_and_cancels_such_an_attack() {
    let r = losing();
    let mut s = forlorn(&r);
    assert_eq!(weight(&r, &s, AXIS, "attack inf 04.04"), 0);
    assert!(weight(&r, &s, AXIS, "end") >= 1);
    play(&r, &mut s, AXIS, "attack inf 04.04");
    assert!(weight(&r, &s, AXIS, "cancel") >= 50);
    assert_eq!(weight(&r, &s, AXIS, "declare"), 1);
    // And the Combat Phase ends at once when no attack is possible.
    let mut quiet = only(&r, &[("inf", "09.01"), ("tank", "02.05")]);
    begin(&r, &mut quiet, axis(), Phase::Combat);
    assert!(weight(&r, &quiet, AXIS, "end") >= 100);
}

#[test]
fn scs_7_0_rollout_step_losses_fall_on_the_unit_that_loses_least_strength() {
    // The gunners are also attacked by the artillery, which absorbs losses
    // (7.0); a 2 (A2r1 on the 6:1 column) costs the attackers two steps.
    let r = tiny();
    let mut s = assault(&r);
    put(&r, &mut s, "art", "03.04");
    rig(&mut s, &[2]);
    for text in ["attack pz 04.04", "attack inf 04.04", "attack art 04.04", "declare", "roll"] {
        play(&r, &mut s, AXIS, text);
    }
    assert_eq!(fight(&s).stage, Stage::AttackerLosses);
    // Infantry 3+3 → 1+2 (3 lost) before panzers 6+4 → 3+2 (5 lost) before
    // the one-step artillery (barrage 6, defence 1: all of it).
    let (inf, pz, art) =
        (weight(&r, &s, AXIS, "lose inf"), weight(&r, &s, AXIS, "lose pz"), weight(&r, &s, AXIS, "lose art"));
    assert!(inf > pz && pz > art, "{inf} {pz} {art}");
}

#[test]
fn scs_2_1d_and_10_0_rollout_retreats_out_of_enemy_zocs_and_advances_after_combat() {
    // A 9 (Dr1 on the 6:1 column): the gunners retreat one hex. 03.04 is
    // outside both attackers' ZOCs; 04.03 and 03.05 are inside one (2.1d).
    let r = tiny();
    let mut s = assault(&r);
    rig(&mut s, &[9]);
    for text in ["attack pz 04.04", "attack inf 04.04", "declare", "roll"] {
        play(&r, &mut s, AXIS, text);
    }
    assert_eq!(fight(&s).stage, Stage::DefenderRetreat);
    let free = weight(&r, &s, ALLIES, "retreat bw 03.04");
    assert!(free > 5 * weight(&r, &s, ALLIES, "retreat bw 04.03"));
    assert!(free > 5 * weight(&r, &s, ALLIES, "retreat bw 03.05"));
    play(&r, &mut s, ALLIES, "retreat bw 03.04");
    assert_eq!(fight(&s).stage, Stage::Advance);
    assert!(weight(&r, &s, AXIS, "advance pz") > 5 * weight(&r, &s, AXIS, "end"));
}

#[test]
fn scs_1_0_greedy_games_end_on_every_scenario() {
    // The evaluation gives a one-ply look no free action (a join, a stack
    // order, an attack formed and cancelled) to repeat forever.
    for (name, r, seeds) in [("tiny", tiny(), 0..3), ("beda-fomm", Scs::standard(), 0..1)] {
        for seed in seeds {
            let mut bs: Vec<Box<dyn Bot<Scs>>> =
                vec![Box::new(GreedyBot::new(seed * 2)), Box::new(GreedyBot::new(seed * 2 + 1))];
            let res = playout(&r, &Setup::seeded(seed), &mut bs, 5_000);
            assert!(res.is_ok(), "{name} seed {seed}: {:?}", res.err());
        }
    }
}

/// 4.0c: a stack's order changes nothing the evaluation reads, so a search
/// that explored it like any other action found it as good as the best and
/// reordered a stack forever (seen where the search looks one decision
/// ahead, rollout depth 0, against the greedy bot). Weighted 0 ("never"),
/// it is left out of the tree while anything else is legal: the game ends.
#[test]
fn scs_4_0c_the_search_bot_does_not_reorder_a_stack_while_anything_else_is_legal() {
    use sandtable_ai::{Anchor, Budget, Infoset, MctsBot, MctsConfig};
    let r = Scs::standard();
    let mut reorders_possible = 0;
    // Unanchored (the tree alone) and as players get it (anchored, 1.0).
    for (seed, anchor) in [(1, Anchor::Off), (2, Anchor::Off), (1, Anchor::Game)] {
        let config = MctsConfig { rollout_depth: 0, anchor, ..MctsConfig::new(Budget::Iterations(128)) };
        let mut s = r.setup(&r.info().resolve(&Setup::seeded(seed)).unwrap()).unwrap();
        let mut bots: [Box<dyn Bot<Scs>>; 2] = [Box::new(MctsBot::new(config, seed)), Box::new(GreedyBot::new(seed))];
        let mut list = Vec::new();
        let mut steps = 0;
        while let ToAct::Seats(seats) = r.to_act(&s) {
            let seat = seats.iter().next().unwrap();
            list.clear();
            r.legal_actions(&s, seat, &mut list);
            let a = bots[seat.index()].choose(&Infoset::new(&r, &s, seat, &list));
            let top = |a: &Action| matches!(a, Action::Top(_));
            if seat.index() == 0 && list.iter().any(top) && !list.iter().all(top) {
                reorders_possible += 1;
                let text = r.notation(a);
                assert!(!top(&a), "seed {seed} {anchor:?} step {steps}: {text} chosen among {}", list.len());
            }
            r.try_apply(&mut s, seat, a, &mut Events::off()).unwrap();
            steps += 1;
            assert!(steps < 5_000, "seed {seed}: no end");
        }
    }
    assert!(reorders_possible >= 20, "decisions where the bot could reorder a stack: {reorders_possible}");
}

/// One measure of a position, by name.
fn measure(r: &Scs, s: &State, name: &str) -> f64 {
    let all = r.measures(s);
    all.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no measure {name} in {all:?}")).1
}

#[test]
fn scs_victory_measures_follow_each_sides_points_hexes_and_steps() {
    let r = tiny();
    let s = only(&r, &[("pz", "09.02"), ("tank", "02.05")]);
    // The allies (second side) hold the townlet, 5 VP.
    assert_eq!(measure(&r, &s, "VP (first side)"), 0.0);
    assert_eq!(measure(&r, &s, "VP (second side)"), 5.0);
    assert_eq!(measure(&r, &s, "victory hexes held (first side)"), 0.0);
    assert_eq!(measure(&r, &s, "victory hexes held (second side)"), 1.0);
    let mut taken = s.clone();
    taken.control[0] = axis();
    assert_eq!(measure(&r, &taken, "victory hexes held (first side)"), 1.0);
    assert_eq!(measure(&r, &taken, "victory hexes held (second side)"), 0.0);
    // Two allied steps eliminated: the axis scores them (1 VP each), and
    // the allies' own count of steps lost shows them.
    let mut killed = s.clone();
    killed.eliminated_steps[allies().index()] = 2;
    assert_eq!(measure(&r, &killed, "steps eliminated (second side)"), 2.0);
    assert_eq!(measure(&r, &killed, "steps eliminated (first side)"), 0.0);
    assert_eq!(measure(&r, &killed, "VP (first side)"), 2.0);
    // Steps exited count for the side that exits them.
    let mut out = s.clone();
    out.exited_steps[axis().index()] = 3;
    assert_eq!(measure(&r, &out, "steps exited (first side)"), 3.0);
    assert_eq!(measure(&r, &out, "steps exited (second side)"), 0.0);
    for (name, value) in r.measures(&out) {
        assert!(value >= 0.0, "{name} {value}");
    }
    // The VP measures are the totals *Victory* compares.
    let vp = r.victory_points(&killed);
    assert_eq!(measure(&r, &killed, "VP (first side)"), f64::from(vp[0]));
    assert_eq!(measure(&r, &killed, "VP (second side)"), f64::from(vp[1]));
}
