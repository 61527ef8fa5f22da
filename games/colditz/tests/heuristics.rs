//! Bot knowledge (`src/heuristics.rs`): the evaluation and the rollout
//! policy. Positions are built on an empty board (`blank`) with the circles
//! found by their properties; every comparison is checked from both sides
//! (the officer concerned and the German).

mod common;
use common::*;
use sandtable_ai::{Bot, GreedyBot, Infoset, RandomBot};
use sandtable_colditz::{Action, CircleId, Colditz, Equipment, Link, Loc, Phase, State, Zone};
use sandtable_core::{outcome_value, Events, Heuristics, Ruleset, Seat, Setup, ToAct};

// ------------------------------------------------------------- helpers --

/// Every guard to the Commander's Office: nobody can arrest this turn.
fn quiet(s: &mut State) {
    for k in 1..=16 {
        if s.pawn(guard(k)).loc != Loc::Absent {
            s.pawn_mut(guard(k)).loc = Loc::Office;
        }
    }
}

/// The officer's and the German's evaluation.
fn both(r: &Colditz, s: &State, n: sandtable_colditz::Nation) -> (f64, f64) {
    (r.evaluate(s, n.seat()), r.evaluate(s, DE))
}

/// A started game with an empty board and no guard able to act, every
/// British POW at Appel, the British to move.
fn quiet_blank(players: u8) -> (Colditz, State) {
    let (r, mut s) = blank(players, 3);
    quiet(&mut s);
    let appel = circles(&r, |c| r.board.circle(c).zone == Zone::Appel);
    for k in 1..=sandtable_colditz::pawns_per_officer(players) {
        put(&mut s, pow(BR, k), appel[usize::from(k)]);
    }
    move_phase(&mut s, BR.seat(), 0);
    (r, s)
}

/// A target, a plain circle one step from it and one two steps from it
/// (by the board's distances to the nearest target), all outside.
fn approach(r: &Colditz) -> (CircleId, CircleId, CircleId) {
    let d = |c: CircleId| r.board.to_exit[c.index()];
    for t in circles(r, |c| r.board.circle(c).target) {
        for n1 in steps(r, t).into_iter().filter(|&c| plain(r, c) && d(c) == 1) {
            if let Some(n2) = steps(r, n1).into_iter().find(|&c| plain(r, c) && d(c) == 2) {
                return (t, n1, n2);
            }
        }
    }
    panic!("no plain approach to a target");
}

/// Random play from set-up, calling `check` on every position (the
/// position after each decision, the end included).
fn random_positions(players: u8, seed: u64, rounds: &str, steps: usize, mut check: impl FnMut(&Colditz, &State)) {
    let rules = Colditz::standard();
    let setup = Setup::seeded(seed).with_option("players", &players.to_string()).with_option("rounds", rounds);
    let setup = rules.info().resolve(&setup).expect("setup");
    let mut s = rules.setup(&setup).expect("state");
    let mut bots: Vec<RandomBot> = (0..players).map(|i| RandomBot::new(seed * 8 + u64::from(i))).collect();
    let mut legal = Vec::new();
    check(&rules, &s);
    for _ in 0..steps {
        let seat = match rules.to_act(&s) {
            ToAct::Over(_) => return,
            ToAct::Seats(set) => set.iter().next().expect("a seat"),
        };
        legal.clear();
        rules.legal_actions(&s, seat, &mut legal);
        let a = Bot::<Colditz>::choose(&mut bots[seat.index()], &Infoset::new(&rules, &s, seat, &legal));
        rules.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
        check(&rules, &s);
    }
}

/// The weight of an action given in notation.
fn weight(r: &Colditz, s: &State, seat: Seat, text: &str) -> u32 {
    r.action_weight(s, seat, r.parse(text).expect("notation"))
}

/// The British action `text` weighs more than every other legal one but
/// those in `also`.
fn outweighs_the_rest(r: &Colditz, s: &State, text: &str, also: &[String]) {
    let top = weight(r, s, BR.seat(), text);
    for a in legal(r, s, BR.seat()) {
        if a != text && !also.contains(&a) {
            assert!(weight(r, s, BR.seat(), &a) < top, "{a} weighs as much as {text} ({top})");
        }
    }
}

// ----------------------------------------------------------- evaluate --

#[test]
fn evaluate_stays_within_zero_and_one_over_random_playouts() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3), (6, 4)] {
        random_positions(players, seed, "10", 1500, |r, s| {
            for k in 0..players {
                let v = r.evaluate(s, Seat::new(k));
                assert!((0.0..=1.0).contains(&v), "{players} players, seat {k}: {v}");
            }
        });
    }
}

#[test]
fn evaluate_two_players_complement_to_one_in_every_position() {
    random_positions(2, 7, "10", 1500, |r, s| {
        let (a, b) = (r.evaluate(s, DE), r.evaluate(s, BR.seat()));
        assert!((a + b - 1.0).abs() < 1e-9, "german {a} + british {b}");
    });
}

#[test]
fn evaluate_agrees_with_the_outcome_once_the_game_is_over() {
    let mut ended = 0;
    for (players, seed) in [(2, 11), (4, 12)] {
        random_positions(players, seed, "10", 20_000, |r, s| {
            if let ToAct::Over(outcome) = r.to_act(s) {
                ended += 1;
                for k in 0..players {
                    let seat = Seat::new(k);
                    assert_eq!(r.evaluate(s, seat), outcome_value(&outcome, seat));
                }
            }
        });
    }
    assert_eq!(ended, 2, "both games end");
    // Victory: two British escapes at the end of the round, the game over.
    let (r, mut s) = quiet_blank(3);
    for k in [1, 2] {
        s.pawn_mut(pow(BR, k)).loc = Loc::Escaped;
    }
    s.escapes[BR.index()] = 2;
    s.phase = Phase::Over;
    assert_eq!(r.evaluate(&s, BR.seat()), 1.0);
    assert_eq!(r.evaluate(&s, US.seat()), 0.0);
    assert_eq!(r.evaluate(&s, DE), 0.0);
}

#[test]
fn evaluate_an_escape_raises_its_officer_and_lowers_the_german() {
    let (r, mut s) = quiet_blank(3);
    let before = both(&r, &s, BR);
    s.pawn_mut(pow(BR, 1)).loc = Loc::Escaped;
    s.escapes[BR.index()] = 1;
    let after = both(&r, &s, BR);
    assert!(after.0 > before.0 + 0.05, "british {before:?} -> {after:?}");
    assert!(after.1 < before.1, "german {before:?} -> {after:?}");
    // Two escapes: the game is won at the end of the round.
    s.pawn_mut(pow(BR, 2)).loc = Loc::Escaped;
    s.escapes[BR.index()] = 2;
    let won = both(&r, &s, BR);
    assert!(won.0 > 0.9 && won.1 < 0.1, "{won:?}");
}

#[test]
fn evaluate_a_pow_one_step_from_a_target_beats_one_at_appel() {
    let (r, mut s) = quiet_blank(3);
    let (_, n1, _) = approach(&r);
    let at_appel = both(&r, &s, BR);
    put(&mut s, pow(BR, 1), n1);
    let near = both(&r, &s, BR);
    assert!(near.0 > at_appel.0 + 0.05, "british {at_appel:?} -> {near:?}");
    assert!(near.1 < at_appel.1, "german {at_appel:?} -> {near:?}");
}

#[test]
fn evaluate_each_step_toward_the_target_is_progress() {
    let (r, mut s) = quiet_blank(2);
    let (_, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 1), n2);
    let two = both(&r, &s, BR);
    put(&mut s, pow(BR, 1), n1);
    let one = both(&r, &s, BR);
    assert!(one.0 > two.0 && one.1 < two.1, "two steps {two:?}, one step {one:?}");
}

#[test]
fn evaluate_solitary_is_worse_than_standing_at_the_cell_door() {
    let (r, mut s) = quiet_blank(3);
    let exit = r.board.cells[0].exit;
    let outside = steps(&r, exit).into_iter().find(|&c| plain(&r, c)).expect("a plain circle by the door");
    put(&mut s, pow(BR, 3), outside);
    let free = both(&r, &s, BR);
    put(&mut s, pow(BR, 3), cells(&r, 0)[0]);
    let jailed = both(&r, &s, BR);
    assert!(jailed.0 < free.0 && jailed.1 > free.1, "free {free:?}, in solitary {jailed:?}");
}

#[test]
fn evaluate_equipment_the_route_needs_is_worth_having() {
    let (r, mut s) = quiet_blank(3);
    let without = both(&r, &s, BR);
    give_equipment(&mut s, BR, Equipment::Rope, 2);
    let with = both(&r, &s, BR);
    assert!(with.0 > without.0 && with.1 < without.1, "without {without:?}, with two ropes {with:?}");
}

#[test]
fn evaluate_no_kit_is_worse_than_a_kit() {
    let (r, mut s) = quiet_blank(3);
    assert!(s.kits[BR.index()], "the 2016 rules give a starting kit");
    let with = both(&r, &s, BR);
    s.kits[BR.index()] = false;
    s.kit_stock += 1;
    let without = both(&r, &s, BR);
    assert!(without.0 < with.0 && without.1 > with.1, "with {with:?}, without {without:?}");
}

#[test]
fn evaluate_a_guard_within_reach_of_an_exposed_pow_hurts_his_officer() {
    let (r, mut s) = quiet_blank(3);
    let (_, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 1), n1);
    move_phase(&mut s, DE, 0);
    let unwatched = both(&r, &s, BR);
    // Outside the castle a POW is always liable to arrest (Arrest).
    put(&mut s, guard(1), n2);
    let watched = both(&r, &s, BR);
    assert!(watched.0 < unwatched.0 && watched.1 > unwatched.1, "no guard {unwatched:?}, guard beside {watched:?}");
}

/// The North-East path to the target `tgne` (BOARD.md): `ne07` is the last
/// circle before the target and the path is one circle wide, so a guard
/// there shuts `tgne` to a POW on `ne06`; the target `tge` is reached back
/// down the path (`ne05` first) and over the footbridge.
fn north_east_path(r: &Colditz) -> (CircleId, CircleId, CircleId) {
    let find = |key: &str| r.board.find(key).unwrap_or_else(|| panic!("{key} is on the board"));
    (find("ne06"), find("ne05"), find("ne07"))
}

/// Every kind of Equipment, so no route waits on a claim.
fn equip(s: &mut State) {
    for e in [Equipment::Cutters, Equipment::Pass, Equipment::Key] {
        give_equipment(s, BR, e, 1);
    }
    give_equipment(s, BR, Equipment::Rope, 2);
}

#[test]
fn evaluate_movement_pawns_a_guard_standing_across_the_only_way_out_turns_the_pow_to_another_exit() {
    // Movement (pawns): never through another pawn, so a guard left on
    // `ne07` shuts `tgne` to a POW behind him for as long as he stands there.
    let (r, mut s) = quiet_blank(2);
    let (at, back, across) = north_east_path(&r);
    equip(&mut s);
    put(&mut s, pow(BR, 1), at);
    let open_at = both(&r, &s, BR);
    put(&mut s, pow(BR, 1), back);
    let open_back = both(&r, &s, BR);
    assert!(open_at.0 > open_back.0, "open: by the target {open_at:?}, a step back {open_back:?}");
    put(&mut s, guard(1), across);
    let shut_back = both(&r, &s, BR);
    put(&mut s, pow(BR, 1), at);
    let shut_at = both(&r, &s, BR);
    assert!(
        shut_back.0 > shut_at.0 && shut_back.1 < shut_at.1,
        "shut: by the target {shut_at:?}, a step back {shut_back:?}"
    );
}

/// The Canteen's line to its rope drop: the circle the drop leaves from,
/// the one before it, the one before that and the next one back (the
/// Canteen's other row is a tunnel, walked underground only), found by the
/// board's links.
fn canteen_line(r: &Colditz) -> (CircleId, CircleId, CircleId, CircleId) {
    let canteen = room(r, "canteen");
    let top = *canteen
        .iter()
        .find(|&&c| r.board.net.links(c).any(|(_, l)| matches!(l, Link::Drop { upper, .. } if *upper == c)))
        .expect("the Canteen has a rope drop");
    let next = |from: CircleId, not: CircleId| -> CircleId {
        let on: Vec<CircleId> = steps(r, from).into_iter().filter(|c| canteen.contains(c) && *c != not).collect();
        assert_eq!(on.len(), 1, "the Canteen's line is one wide at {}", k(r, from));
        on[0]
    };
    let before = next(top, top);
    let behind = next(before, top);
    (top, before, behind, next(behind, before))
}

/// A British officer of four with one escape made and one POW left, `br1`,
/// holding every kind of Equipment and the kit, the Americans' POWs at
/// Appel: his way out is the only one the evaluation weighs.
fn last_british_pow() -> (Colditz, State) {
    let (r, mut s) = quiet_blank(4);
    equip(&mut s);
    for kk in 2..=5 {
        s.pawn_mut(pow(BR, kk)).loc = Loc::Dead;
    }
    s.pawn_mut(pow(BR, 6)).loc = Loc::Escaped;
    s.escapes[BR.index()] = 1;
    (r, s)
}

/// `br1` on `at` with an American POW on `across`, the next circle of his
/// way, is worse off (for him and for the German) than `br1` a step back on
/// `back` with the way open — and that step back is itself a loss.
fn held_worse_than_a_step_back(r: &Colditz, s: &mut State, at: CircleId, across: CircleId, back: CircleId) {
    put(s, pow(BR, 1), at);
    let open = both(r, s, BR);
    put(s, pow(BR, 1), back);
    let open_back = both(r, s, BR);
    assert!(open.0 > open_back.0, "open: on {} {open:?}, a step back {open_back:?}", k(r, at));
    put(s, pow(BR, 1), at);
    put(s, pow(US, 1), across);
    let held = both(r, s, BR);
    assert!(
        held.0 < open_back.0 && held.1 > open_back.1,
        "a rival on {} {held:?}, the way open a step back {open_back:?}",
        k(r, across)
    );
}

#[test]
fn evaluate_movement_pawns_a_rival_pow_across_the_canteen_line_stops_the_way_through_it() {
    // Movement (pawns): no pawn passes another. An American POW on the
    // Canteen's drop holds the British POW on the one-wide line before it as
    // long as his officer leaves him there. The distance tables know no
    // pawns; the evaluation must.
    let (r, mut s) = last_british_pow();
    let (top, before, behind, _) = canteen_line(&r);
    // A rival beside him but not across his way changes nothing for him
    // (the German's value moves with the American's prospects).
    put(&mut s, pow(BR, 1), before);
    let open = r.evaluate(&s, BR.seat());
    put(&mut s, pow(US, 1), behind);
    assert_eq!(r.evaluate(&s, BR.seat()), open, "a rival behind the POW");
    held_worse_than_a_step_back(&r, &mut s, before, top, behind);
}

#[test]
fn evaluate_movement_pawns_the_canteens_tunnel_row_is_no_way_round_a_rival_across_its_line() {
    // Beside the Canteen's line runs its tunnel, whose middle circles touch
    // the line; they lead on underground only (Tunnels), so with a rival
    // across the line the POW behind him has no step aside that goes on.
    let (r, mut s) = last_british_pow();
    let (_, before, behind, further) = canteen_line(&r);
    assert!(steps(&r, behind).iter().any(|&c| tunnel_middle(&r, c)), "the tunnel's middle touches the line");
    held_worse_than_a_step_back(&r, &mut s, behind, before, further);
}

#[test]
fn evaluate_movement_pawns_in_open_ground_a_rival_across_the_way_is_stepped_round() {
    // In open ground a rival on the next circle of the way is passed by a
    // step aside (at most two circles more): the POW is worse off than with
    // the way free, but not held as on a one-wide line — better off than two
    // circles further back.
    let (r, mut s) = last_british_pow();
    let d = |c: CircleId| r.board.to_exit[c.index()];
    let open_ground = |c: CircleId| plain(&r, c) && r.board.circle(c).zone == Zone::Outside;
    // A circle whose one onward neighbour can be stepped round by a
    // neighbour as far out as itself with an onward neighbour of its own.
    let (c, next, back2) = circles(&r, |c| open_ground(c) && d(c) > 3)
        .into_iter()
        .find_map(|c| {
            let near = steps(&r, c);
            let onward: Vec<CircleId> = near.iter().copied().filter(|&n| d(n) + 1 == d(c)).collect();
            let [next] = onward[..] else { return None };
            let round = near.iter().any(|&m| {
                m != next
                    && open_ground(m)
                    && d(m) == d(c)
                    && steps(&r, m).iter().any(|&m2| m2 != next && m2 != c && d(m2) + 1 == d(m))
            });
            let back = near.iter().copied().find(|&b| open_ground(b) && d(b) == d(c) + 1)?;
            let back2 = steps(&r, back).into_iter().find(|&b2| open_ground(b2) && d(b2) == d(c) + 2)?;
            round.then_some((c, next, back2))
        })
        .expect("open ground with a way round");
    put(&mut s, pow(BR, 1), c);
    let open = both(&r, &s, BR);
    put(&mut s, pow(BR, 1), back2);
    let two_back = both(&r, &s, BR);
    put(&mut s, pow(BR, 1), c);
    put(&mut s, pow(US, 1), next);
    let across = both(&r, &s, BR);
    assert!(
        across.0 < open.0 && across.0 > two_back.0,
        "{}: open {open:?}, a rival across {across:?}, two circles back {two_back:?}",
        k(&r, c)
    );
}

#[test]
fn evaluate_cards_shoot_to_kill_a_pow_outside_is_at_risk_while_the_german_holds_cards() {
    // Shoot to Kill: one Security card, fired only at a POW outside the
    // castle. The more cards the German holds, the likelier he holds it.
    let (r, mut s) = quiet_blank(3);
    empty_hand(&mut s, DE);
    let (_, near, _) = approach(&r);
    assert_eq!(r.board.circle(near).zone, Zone::Outside, "the approach is outside the castle");
    let appel = match at(&s, pow(BR, 1)) {
        Loc::Circle(c) => c,
        other => panic!("br1 at Appel, not {other:?}"),
    };
    put(&mut s, pow(BR, 1), near);
    let empty = both(&r, &s, BR);
    for _ in 0..4 {
        let c = s.security.draw().expect("a Security card");
        give_card(&mut s, DE, c);
    }
    let four = both(&r, &s, BR);
    assert!(four.0 < empty.0 && four.1 > empty.1, "outside: the German with no card {empty:?}, with four {four:?}");
    put(&mut s, pow(BR, 1), appel);
    let appel_four = both(&r, &s, BR);
    empty_hand(&mut s, DE);
    assert_eq!(both(&r, &s, BR), appel_four, "nobody outside: the German's hand is no threat");
}

#[test]
fn evaluate_arrest_a_leader_waiting_in_a_safe_area_still_faces_the_guards_on_the_ground_ahead() {
    // Arrest, Outer Courtyard: no guard walks into the Canteen, but the way
    // from its drop runs down into the outer courtyard and along the North
    // Terrace, where any guard may arrest him. Waiting on the drop does not
    // take him past that ground, so a guard near it is a threat to him
    // before he sets out, as it will be when he does. A leader whose next
    // turn's walk stays inside the prisoners' block is not threatened by it.
    let (r, mut s) = last_british_pow();
    let (top, _, _, _) = canteen_line(&r);
    assert!(matches!(r.board.circle(top).zone, Zone::Room(_)), "the drop leaves from a room");
    // A guard on `nt22`, within a roll of the terrace below the drop but
    // more than 20 circles from any target: he watches no exit.
    let terrace = r.board.find("nt22").expect("nt22 is on the board");
    let appel = circles(&r, |c| r.board.circle(c).zone == Zone::Appel)[0];
    for (at, threatened) in [(top, true), (appel, false)] {
        put(&mut s, pow(BR, 1), at);
        let quiet = both(&r, &s, BR);
        put(&mut s, guard(1), terrace);
        let guarded = both(&r, &s, BR);
        s.pawn_mut(guard(1)).loc = Loc::Office;
        if threatened {
            assert!(
                guarded.0 < quiet.0 && guarded.1 > quiet.1,
                "on the drop: no guard {quiet:?}, a guard on the terrace {guarded:?}"
            );
        } else {
            assert_eq!(guarded, quiet, "at Appel, a turn's walk from open ground");
        }
    }
}

#[test]
fn evaluate_time_running_out_is_bad_for_the_officers() {
    let (r, mut s) = quiet_blank(3);
    s.round = 40;
    let early = both(&r, &s, BR);
    s.round = 5;
    let late = both(&r, &s, BR);
    assert!(late.0 < early.0 && late.1 > early.1, "round 40 {early:?}, round 5 {late:?}");
}

// ------------------------------------------------------ action_weight --

/// The weights of a whole list (one escape plan for all of it) are each
/// action's own weight, for every seat in every position of random games;
/// and those games do offer moves the plan weighs apart.
#[test]
fn rollout_weights_of_a_list_are_each_actions_own_weight() {
    let mut plan_told = 0;
    for (players, seed) in [(2, 11), (4, 12)] {
        random_positions(players, seed, "10", 1500, |r, s| {
            let (mut list, mut weights) = (Vec::new(), Vec::new());
            for k in 0..players {
                let seat = Seat::new(k);
                list.clear();
                r.legal_actions(s, seat, &mut list);
                r.action_weights(s, seat, &list, &mut weights);
                let one: Vec<u32> = list.iter().map(|&a| r.action_weight(s, seat, a)).collect();
                assert_eq!(weights, one, "{players} players, seat {k}, round {}", s.round);
                let moves: Vec<u32> =
                    list.iter().zip(&one).filter(|(a, _)| matches!(a, Action::Move(..))).map(|(_, &w)| w).collect();
                if seat != DE && moves.iter().any(|&w| w > 1) && moves.iter().any(|&w| w != moves[0]) {
                    plan_told += 1;
                }
            }
        });
    }
    assert!(plan_told > 20, "only {plan_told} positions with moves weighed apart");
}

#[test]
fn rollout_movement_pawns_a_pow_shut_out_by_a_guard_walks_for_another_exit() {
    let (r, mut s) = quiet_blank(2);
    let (at, back, across) = north_east_path(&r);
    equip(&mut s);
    put(&mut s, pow(BR, 1), at);
    move_phase(&mut s, BR.seat(), 1);
    let text = format!("move br1 {}", k(&r, back));
    assert_eq!(weight(&r, &s, BR.seat(), &text), 0, "with the path open a step back loses ground");
    put(&mut s, guard(1), across);
    assert!(weight(&r, &s, BR.seat(), &text) > 1, "with a guard across the path the step back is the way out");
}

#[test]
fn rollout_movement_pawns_a_pow_held_by_a_rival_across_the_canteen_line_walks_back_out() {
    // The American POW on the drop holds the British POW before it: a step
    // back, which loses ground while the line is open, is his way now.
    let (r, mut s) = last_british_pow();
    let (top, before, behind, _) = canteen_line(&r);
    put(&mut s, pow(BR, 1), before);
    move_phase(&mut s, BR.seat(), 1);
    let text = format!("move br1 {}", k(&r, behind));
    assert_eq!(weight(&r, &s, BR.seat(), &text), 0, "with the line open a step back loses ground");
    put(&mut s, pow(US, 1), top);
    assert!(weight(&r, &s, BR.seat(), &text) > 1, "with a rival on the drop the step back is the way out");
}

#[test]
fn rollout_escape_kits_a_second_pow_in_a_kit_room_walks_on_to_another_symbol() {
    // Escape Kits: one POW in each of the four kit rooms at once, so the
    // first POW in the canteen (food) keeps it and a second one in the
    // parcel office (food too) has nothing to wait for there.
    let (r, mut s) = quiet_blank(2);
    s.kits[BR.index()] = false;
    s.kit_stock += 1;
    empty_hand(&mut s, BR.seat());
    let (_, n1, n2) = approach(&r);
    // The two escapers stand by a target; br1 and br2 are helpers.
    put(&mut s, pow(BR, 3), n1);
    put(&mut s, pow(BR, 4), n2);
    put(&mut s, pow(BR, 1), room(&r, "canteen")[0]);
    put(&mut s, pow(BR, 2), room(&r, "parcel-office")[0]);
    move_phase(&mut s, BR.seat(), 8);
    let moves = |who: &str| {
        legal(&r, &s, BR.seat())
            .into_iter()
            .filter(|a| a.starts_with(&format!("move {who} ")))
            .map(|a| weight(&r, &s, BR.seat(), &a))
            .collect::<Vec<_>>()
    };
    let (keeper, second) = (moves("br1"), moves("br2"));
    assert!(!keeper.is_empty() && !second.is_empty(), "both can move");
    assert!(keeper.iter().all(|&w| w == 0), "the canteen's keeper walks off: {keeper:?}");
    assert!(second.iter().any(|&w| w > 1), "the second food POW stays put: {second:?}");
}

#[test]
fn rollout_successful_escape_the_compatriot_sharing_the_kit_walks_out_first() {
    // Successful Escape: one kit serves two of one nation escaping the same
    // turn, so once one is out the other's walk to a target comes before
    // everything but an escape.
    let (r, mut s) = quiet_blank(2);
    let (t, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 2), n2);
    move_phase(&mut s, BR.seat(), 6);
    let text = format!("move br2 {}", k(&r, n1));
    let alone = weight(&r, &s, BR.seat(), &text);
    s.kits[BR.index()] = false;
    s.kit_share[BR.index()] = true;
    let sharing = weight(&r, &s, BR.seat(), &text);
    assert!(sharing > alone, "sharing a kit {sharing}, holding one {alone}");
    outweighs_the_rest(&r, &s, &text, &[format!("move br2 {}", k(&r, t))]);
}

#[test]
fn rollout_successful_escape_the_second_escaper_walks_for_the_leaders_exit() {
    // Victory takes two escapes, and two of a nation out in one turn share a
    // kit (Successful Escape): the evaluation pairs two POWs through one
    // exit, so the rollout's second escaper is the POW nearest the leader's
    // exit, not one a step from another exit.
    let (r, mut s) = quiet_blank(2);
    equip(&mut s);
    for k in 4..=sandtable_colditz::pawns_per_officer(2) {
        s.pawn_mut(pow(BR, k)).loc = Loc::Absent;
    }
    let (t, n1, n2) = approach(&r);
    // A circle a step from another target, well away from `t`.
    let away = circles(&r, |c| {
        plain(&r, c) && r.board.to_exit[c.index()] == 1 && dist_via(&r, c, t, |_| true).is_some_and(|d| d > 12)
    })[0];
    put(&mut s, pow(BR, 2), n2);
    put(&mut s, pow(BR, 3), away);
    move_phase(&mut s, BR.seat(), 6);
    let step = format!("move br2 {}", k(&r, n1));
    // The leader a step from `t`: br2, two from it, is the second, though
    // br3 stands nearer a target of his own.
    put(&mut s, pow(BR, 1), n1);
    assert!(weight(&r, &s, BR.seat(), &step) > 1, "br2 follows the leader out by t");
    // The leader a step from br3's target: br3 is the second, br2 waits.
    put(&mut s, pow(BR, 1), away);
    assert_eq!(weight(&r, &s, BR.seat(), &step), 0, "br2 is not the second");
}

#[test]
fn rollout_takes_the_escape_before_anything_else() {
    let (r, mut s) = quiet_blank(3);
    let (t, n1, _) = approach(&r);
    put(&mut s, pow(BR, 1), n1);
    move_phase(&mut s, BR.seat(), 6);
    outweighs_the_rest(&r, &s, &format!("move br1 {}", k(&r, t)), &[]);
}

#[test]
fn rollout_successful_escape_the_first_of_two_waits_for_a_compatriot_a_turn_or_two_behind() {
    // Successful Escape: the kit goes with the first escaper and serves a
    // compatriot out in the same turn; a second kit takes four POWs in four
    // rooms at once (Escape Kits). So with two escapes to make, the first
    // waits for a compatriot who is near but cannot follow this turn.
    let (r, mut s) = quiet_blank(3);
    let (t, n1, _) = approach(&r);
    put(&mut s, pow(BR, 1), n1);
    let text = format!("move br1 {}", k(&r, t));
    // A compatriot 2–17 circles out (the rollout's estimate is the walk here:
    // every kind of Equipment held).
    equip(&mut s);
    let behind = circles(&r, |c| plain(&r, c) && (6..=12).contains(&r.board.to_exit[c.index()]))[0];
    put(&mut s, pow(BR, 2), behind);
    move_phase(&mut s, BR.seat(), 3);
    let end = weight(&r, &s, BR.seat(), "end");
    let wait = weight(&r, &s, BR.seat(), &text);
    assert!(wait < end, "the first escaper goes alone ({wait}, end {end})");
    // Enough MP for the compatriot to follow him out: both go this turn.
    s.mp = 30;
    assert_eq!(weight(&r, &s, BR.seat(), &text), 1000, "he can follow");
    // One escape left: no kit to share, out at once.
    s.mp = 3;
    s.escapes[BR.index()] = 1;
    assert_eq!(weight(&r, &s, BR.seat(), &text), 1000, "one escape left");
    // The compatriot far behind: waiting for him is no use.
    s.escapes[BR.index()] = 0;
    let appel = circles(&r, |c| r.board.circle(c).zone == Zone::Appel);
    put(&mut s, pow(BR, 2), appel[2]);
    assert_eq!(weight(&r, &s, BR.seat(), &text), 1000, "nobody near");
}

#[test]
fn rollout_moves_the_leader_toward_the_target_never_back() {
    let (r, mut s) = quiet_blank(3);
    let (_, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 1), n2);
    move_phase(&mut s, BR.seat(), 1);
    let back = steps(&r, n2)
        .into_iter()
        .find(|&c| plain(&r, c) && r.board.to_exit[c.index()] > r.board.to_exit[n2.index()])
        .expect("a circle farther out");
    let forward = weight(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, n1)));
    let backward = weight(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, back)));
    assert!(forward > 1, "forward weighs {forward}");
    assert_eq!(backward, 0, "back out weighs {backward}");
}

#[test]
fn rollout_never_gives_a_pow_up_to_a_guard() {
    let (r, mut s) = quiet_blank(3);
    let (_, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 1), n2);
    put(&mut s, guard(1), n1);
    move_phase(&mut s, BR.seat(), 3);
    let text = format!("move br1 {}", k(&r, n1));
    assert!(is_legal(&r, &s, BR.seat(), &text), "stepping onto a guard is a legal self-arrest");
    assert_eq!(weight(&r, &s, BR.seat(), &text), 0);
}

#[test]
fn rollout_claims_the_equipment_the_route_needs_not_the_rest() {
    let (r, mut s) = quiet_blank(3);
    use sandtable_colditz::board::Symbol;
    let rope = rooms_with(&r, Symbol::Rope);
    let cutters = rooms_with(&r, Symbol::Cutters);
    put(&mut s, pow(BR, 3), room(&r, &rope[0])[0]);
    put(&mut s, pow(BR, 4), room(&r, &rope[1])[0]);
    put(&mut s, pow(BR, 5), room(&r, &cutters[0])[0]);
    put(&mut s, pow(BR, 6), room(&r, &cutters[1])[0]);
    move_phase(&mut s, BR.seat(), 6);
    // Every shortest route from Appel takes ropes (BOARD.md §11); cutters
    // only lengthen it.
    let claim_rope = weight(&r, &s, BR.seat(), "claim rope br3 br4");
    let claim_cutters = weight(&r, &s, BR.seat(), "claim cutters br5 br6");
    let end = weight(&r, &s, BR.seat(), "end");
    assert!(claim_rope > end && claim_rope > claim_cutters, "rope {claim_rope}, cutters {claim_cutters}, end {end}");
    assert!(claim_cutters <= end, "an unneeded claim sends two POWs back to Appel for nothing");
}

#[test]
fn rollout_ends_the_turn_only_once_the_roll_is_spent() {
    let (r, mut s) = quiet_blank(3);
    move_phase(&mut s, BR.seat(), 9);
    let early = weight(&r, &s, BR.seat(), "end");
    s.mp = 1;
    let late = weight(&r, &s, BR.seat(), "end");
    assert!(early < late, "end with 9 MP weighs {early}, with 1 MP {late}");
}

#[test]
fn rollout_the_german_arrests_before_anything_else() {
    let (r, mut s) = quiet_blank(3);
    let (_, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 1), n1);
    put(&mut s, guard(1), n2);
    s.pawn_mut(guard(2)).loc = Loc::Barracks;
    move_phase(&mut s, DE, 6);
    let arrest = format!("move g1 {}", k(&r, n1));
    assert!(is_legal(&r, &s, DE, &arrest));
    let w = weight(&r, &s, DE, &arrest);
    for a in legal(&r, &s, DE) {
        if a != arrest {
            assert!(weight(&r, &s, DE, &a) < w, "{a} weighs as much as the arrest");
        }
    }
}

#[test]
fn rollout_the_german_closes_in_on_a_pow_in_the_open() {
    let (r, mut s) = quiet_blank(3);
    let (_, n1, n2) = approach(&r);
    put(&mut s, pow(BR, 1), n1);
    // A guard two steps further out, with a way in and a way back.
    let g_at = steps(&r, n2)
        .into_iter()
        .find(|&c| plain(&r, c) && r.board.to_exit[c.index()] == 3)
        .expect("a circle three steps out");
    let away = steps(&r, g_at)
        .into_iter()
        .find(|&c| plain(&r, c) && r.board.to_exit[c.index()] == 4)
        .expect("a circle four steps out");
    put(&mut s, guard(1), g_at);
    move_phase(&mut s, DE, 1);
    let closer = weight(&r, &s, DE, &format!("move g1 {}", k(&r, n2)));
    let farther = weight(&r, &s, DE, &format!("move g1 {}", k(&r, away)));
    assert!(closer > farther, "closer {closer}, farther {farther}");
}

#[test]
fn greedy_officer_takes_the_escape_and_equipment_it_needs() {
    let (r, mut s) = quiet_blank(3);
    let (t, n1, _) = approach(&r);
    put(&mut s, pow(BR, 1), n1);
    move_phase(&mut s, BR.seat(), 6);
    let mut legal_actions = Vec::new();
    r.legal_actions(&s, BR.seat(), &mut legal_actions);
    let a = GreedyBot::new(1).choose(&Infoset::new(&r, &s, BR.seat(), &legal_actions));
    assert_eq!(r.notation(a), format!("move br1 {}", k(&r, t)));
    // With two POWs in the rope rooms and nothing else to gain, it claims.
    let (r, mut s) = quiet_blank(3);
    use sandtable_colditz::board::Symbol;
    let rope = rooms_with(&r, Symbol::Rope);
    put(&mut s, pow(BR, 3), room(&r, &rope[0])[0]);
    put(&mut s, pow(BR, 4), room(&r, &rope[1])[0]);
    move_phase(&mut s, BR.seat(), 0);
    legal_actions.clear();
    r.legal_actions(&s, BR.seat(), &mut legal_actions);
    let a = GreedyBot::new(2).choose(&Infoset::new(&r, &s, BR.seat(), &legal_actions));
    assert_eq!(r.notation(a), "claim rope br3 br4");
    assert!(matches!(a, Action::Claim(Equipment::Rope, ..)));
}
