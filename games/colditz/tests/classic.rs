//! Rules only the classic game has (variant `rules=classic`): Do or Die and
//! its draw rule, abandoned and broken-out tunnels, the general search.

mod common;
use common::*;
use sandtable_colditz::{Equipment, Gate, Loc, Phase, TunnelId, TunnelState, Zone};
use sandtable_core::{Ruleset, ToAct};

const CLASSIC: &[(&str, &str)] = &[("rules", "classic")];

#[test]
fn colditz_classic_tunnels_an_abandoned_tunnel_keeps_its_last_pow() {
    let (r, mut s) = blank_with(4, 1, CLASSIC);
    let t = TunnelId::Canteen;
    let c = course(&r, t);
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[2]);
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "end");
    // No one may enter any more, but the last POW is not sent to solitary.
    assert_eq!(s.tunnel(t), TunnelState::Abandoned);
    assert!(s.pawn(pow(BR, 1)).in_tunnel);
    assert_eq!(s.pawn(pow(BR, 1)).circle(), Some(c[2]));
    // And the Tunnel card cannot reopen it for the rest of the game.
    let room = r.board.circle(c[0]).zone;
    let spots: Vec<_> = r.board.circles().filter(|&x| r.board.circle(x).zone == room && x != c[0]).take(2).collect();
    put(&mut s, pow(BR, 2), spots[0]);
    put(&mut s, pow(BR, 3), spots[1]);
    give_card(&mut s, BR.seat(), card(&r, "tunnel:canteen"));
    move_phase(&mut s, BR.seat(), 3);
    assert_eq!(refused(&r, &s, BR.seat(), "play tunnel:canteen br2 br3").rule, "Colditz: Tunnels");
}

#[test]
fn colditz_classic_tunnels_a_break_out_is_detected_at_the_german_turn() {
    let (r, mut s) = blank_with(2, 1, CLASSIC);
    let t = TunnelId::Canteen;
    let c = course(&r, t);
    let last = c.len() - 1;
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[last - 1]);
    put_in_tunnel(&mut s, pow(BR, 2), c[last - 2]);
    put_in_tunnel(&mut s, pow(BR, 3), c[last - 3]);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, c[last])));
    assert!(!s.pawn(pow(BR, 1)).in_tunnel, "out at the exit");
    assert_eq!(s.tunnel(t), TunnelState::Open);
    play(&r, &mut s, BR.seat(), "end");
    // Two officers' seats in a two-player game: the German is next.
    assert_eq!(s.turn, 0);
    assert_eq!(s.tunnel(t), TunnelState::Detected);
}

#[test]
fn colditz_classic_do_or_die_needs_a_kit_and_the_inner_courtyard() {
    let (r, mut s) = blank_with(3, 1, CLASSIC);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 5);
    s.kits[BR.index()] = false;
    assert_eq!(refused(&r, &s, BR.seat(), "do-or-die br1").rule, "Colditz classic: Do or Die");
    s.kits[BR.index()] = true;
    assert!(is_legal(&r, &s, BR.seat(), "do-or-die br1"));
    // Not from solitary.
    put(&mut s, pow(BR, 1), cells(&r, 0)[0]);
    assert_eq!(refused(&r, &s, BR.seat(), "do-or-die br1").rule, "Colditz classic: Do or Die");
    // Not in the 2016 rules.
    let (r, mut s) = blank(3, 1);
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 5);
    assert_eq!(refused(&r, &s, BR.seat(), "do-or-die br1").rule, "Colditz classic: Do or Die");
}

#[test]
fn colditz_classic_do_or_die_throws_against_the_distance() {
    let mut outcomes = [false; 2];
    for seed in 0..60 {
        let (r, mut s) = blank_with(3, seed, CLASSIC);
        let (a, _) = pair_in(&r, Zone::Inner);
        put(&mut s, pow(BR, 1), a);
        put(&mut s, pow(BR, 2), pair_in(&r, Zone::Appel).0);
        s.kits[BR.index()] = true;
        move_phase(&mut s, BR.seat(), 5);
        let distance = r.do_or_die_distance(&s, pow(BR, 1)).expect("a route south");
        assert!(distance >= 20, "the moat is far: {distance}");
        let ev = play(&r, &mut s, BR.seat(), "do-or-die br1");
        let total: u16 = dice_of(&ev, "Colditz classic: Do or Die").iter().map(|&d| u16::from(d)).sum();
        let escaped = s.pawn(pow(BR, 1)).loc == Loc::Escaped;
        assert_eq!(escaped, total >= distance, "seed {seed}: {total} against {distance}");
        if !escaped {
            // The whole team is out, and takes no more turns.
            assert_eq!(s.pawn(pow(BR, 2)).loc, Loc::Dead);
            assert!(s.eliminated[BR.index()]);
        }
        outcomes[usize::from(escaped)] = true;
        if outcomes == [true, true] {
            return;
        }
    }
    assert!(outcomes[0], "some attempt should fail");
}

#[test]
fn colditz_classic_victory_only_do_or_die_escapes_is_a_draw() {
    let (r, mut s) = blank_with(3, 1, CLASSIC);
    s.escapes[BR.index()] = 1;
    s.do_or_die_escapes[BR.index()] = 1;
    s.phase = Phase::Over;
    let ToAct::Over(o) = r.to_act(&s) else { panic!("over") };
    assert!(o.winners.is_empty(), "a draw: {}", o.text.en);
    // With an ordinary escape as well, the German wins as usual.
    s.escapes[BR.index()] = 1;
    s.do_or_die_escapes[BR.index()] = 0;
    let ToAct::Over(o) = r.to_act(&s) else { panic!("over") };
    assert!(o.winners.contains(DE));
}

#[test]
fn colditz_classic_general_search_sends_the_catching_guards_to_the_barracks() {
    for seed in 0..40 {
        let (r, mut s) = blank_with(3, seed, CLASSIC);
        let (a, b) = pair_in(&r, Zone::Inner);
        put(&mut s, guard(1), a);
        put(&mut s, pow(BR, 1), b);
        give_card(&mut s, DE, card(&r, "appel"));
        roll_phase(&mut s, DE);
        play(&r, &mut s, DE, "play appel");
        play(&r, &mut s, BR.seat(), "answer br1");
        if s.phase != Phase::AppelSearch {
            continue;
        }
        play(&r, &mut s, DE, "search");
        // Adjacent: any roll reaches him.
        assert!(s.pawn(pow(BR, 1)).circle().is_some_and(|c| r.board.circle(c).zone.is_cell()));
        assert_eq!(s.pawn(guard(1)).loc, Loc::Barracks);
        return;
    }
    panic!("Appel never reached the search");
}

#[test]
fn colditz_classic_arrest_the_german_chooses_the_cells() {
    let (r, mut s) = blank_with(4, 1, CLASSIC);
    let (g, p) = pair_in(&r, Zone::Outer);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), p);
    move_phase(&mut s, DE, 4);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, p)));
    assert_eq!(to_act(&r, &s), vec![DE]);
    // Outer cells by default; the German moves him to the inner cells instead.
    let inner = cells(&r, 0)[0];
    play(&r, &mut s, DE, &format!("move br1 {}", k(&r, inner)));
    assert_eq!(s.pawn(pow(BR, 1)).circle(), Some(inner));
}

#[test]
fn colditz_classic_allies_play_their_turns_in_any_order() {
    let (r, mut s) = started_with(4, 1, CLASSIC);
    // After the guard set-up any of the three officers may start.
    assert_eq!(s.phase, Phase::NextOfficer);
    assert_eq!(to_act(&r, &s), vec![BR.seat(), US.seat(), FR.seat()]);
    play(&r, &mut s, FR.seat(), "roll");
    assert_eq!(s.turn, FR.seat().index() as u8);
    s.pending.clear();
    s.phase = Phase::Move;
    play(&r, &mut s, FR.seat(), "end");
    // The French have played: the other two remain, then the German.
    assert_eq!(to_act(&r, &s), vec![BR.seat(), US.seat()]);
    for seat in [US.seat(), BR.seat()] {
        play(&r, &mut s, seat, "roll");
        s.pending.clear();
        s.phase = Phase::Move;
        while s.hands[seat.index()].len() > 3 {
            let c = s.hands[seat.index()].cards()[0];
            s.hands[seat.index()].remove(&c);
        }
        play(&r, &mut s, seat, "end");
    }
    assert_eq!(s.turn, 0, "the German's turn");
}

#[test]
fn colditz_classic_german_play_guards_do_not_block_the_grey_zone_unless_chasing() {
    let r = sandtable_colditz::Colditz::standard();
    // A circle of the inner courtyard that splits the grey zone, and a free neighbour to come from.
    let (cut, from) = r
        .board
        .circles()
        .filter(|&c| r.board.circle(c).zone == Zone::Inner && r.board.grey_cut[c.index()] && plain(&r, c))
        .find_map(|c| steps(&r, c).into_iter().find(|&n| plain(&r, n)).map(|n| (c, n)))
        .expect("the grey zone has a narrow passage");
    let (r, mut s) = blank_with(4, 1, CLASSIC);
    put(&mut s, guard(1), from);
    move_phase(&mut s, DE, 3);
    assert_eq!(
        refused(&r, &s, DE, &format!("move g1 {}", k(&r, cut))).rule,
        "Colditz classic: German Play",
        "he would block the passage"
    );
    // A POW out in the outer courtyard: a lone guard may chase through.
    let (outer, _) = pair_in(&r, Zone::Outer);
    put(&mut s, pow(BR, 1), outer);
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, cut))));
    // The 2016 rules have no such limit.
    let (r, mut s) = blank(4, 1);
    put(&mut s, guard(1), from);
    move_phase(&mut s, DE, 3);
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, cut))));
}

/// Victory, classic rule 5 — issue 10, point 7: «Первый Офицер Беглец,
/// который совершит два Успешных Побега, станет победителем»: the game ends
/// the moment his second POW escapes, in his turn, and the win is his alone
/// (no waiting for the end of the round, no shared win). One escape is not
/// enough; the 2016 rules keep the end-of-round check.
#[test]
fn colditz_classic_victory_the_first_to_two_escapes_wins_at_once() {
    for (classic, before, over) in [(true, 1, true), (true, 0, false), (false, 1, false)] {
        let opts: &[(&str, &str)] = if classic { CLASSIC } else { &[] };
        let (r, mut s) = blank_with(4, 1, opts);
        let (t, n) = target_and_neighbour(&r);
        put(&mut s, pow(BR, 1), n);
        s.kits[BR.index()] = true;
        s.escapes[BR.index()] = before;
        s.escapes[US.index()] = 1;
        move_phase(&mut s, BR.seat(), 1);
        play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, t)));
        assert_eq!(s.escapes[BR.index()], before + 1);
        assert_eq!(s.phase == Phase::Over, over, "classic {classic}, escapes {}: over at once?", before + 1);
        if over {
            let ToAct::Over(o) = r.to_act(&s) else { panic!("over") };
            assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![BR.seat()], "Victory: his alone");
        }
    }
}

/// Escape Equipment, classic summary — issue 10, point 6: "Passes and Keys
/// are used to step into Pass/Key circles … Once used, the Equipment card is
/// discarded. However, the passage thus opened remains so for the player's
/// entire turn": a second POW walks through the door the first one opened
/// this turn, without a card; next turn it is shut again. The 2016 rules
/// («Каждый раз, когда Вы используете элемент Экипировки, Вы должны вернуть
/// его карту») keep one card per use.
#[test]
fn colditz_classic_escape_equipment_a_key_opens_its_door_for_the_whole_turn() {
    for classic in [true, false] {
        let opts: &[(&str, &str)] = if classic { CLASSIC } else { &[] };
        let (r, mut s) = blank_with(4, 1, opts);
        let (gate, before, beyond) = gate_between(&r, Gate::Key, Zone::Inner);
        let behind = steps(&r, before)
            .into_iter()
            .find(|&n| n != gate && plain(&r, n) && r.board.circle(n).zone == Zone::Inner)
            .expect("a circle behind the door's approach");
        put(&mut s, pow(BR, 1), before);
        put(&mut s, pow(BR, 2), behind);
        give_equipment(&mut s, BR, Equipment::Key, 1);
        move_phase(&mut s, BR.seat(), 6);
        play(&r, &mut s, BR.seat(), &format!("cross br1 {}", k(&r, gate)));
        play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, beyond)));
        assert_eq!(s.holds(BR, Equipment::Key), 0, "the key is spent");
        let through = format!("move br2 {}", k(&r, gate));
        if classic {
            play(&r, &mut s, BR.seat(), &through);
            assert_eq!(at(&s, pow(BR, 2)), Loc::Circle(gate), "classic: the door stays open this turn");
            // Next turn it is shut again.
            play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, before)));
            play(&r, &mut s, BR.seat(), "end");
            move_phase(&mut s, BR.seat(), 6);
            assert_eq!(refused(&r, &s, BR.seat(), &through).rule, "Colditz: Doors", "a new turn needs a new key");
        } else {
            assert_eq!(refused(&r, &s, BR.seat(), &through).rule, "Colditz: Doors", "2016: a key per use");
        }
    }
}

/// Movement, classic summary — issue 10, point 8: "The Appel zone is
/// considered one big space — ie it doesn't matter where your pawn is placed
/// inside this zone, its first movement point out can be to any adjacent grey
/// space". With one point a POW anywhere in the Appel area reaches any grey
/// circle next to it, but not one two steps out; in the 2016 rules the Appel
/// circles are ordinary circles.
#[test]
fn colditz_classic_movement_the_appel_area_is_one_space() {
    let r0 = sandtable_colditz::Colditz::standard();
    let appel: Vec<_> = circles(&r0, |c| r0.board.circle(c).zone == Zone::Appel);
    let edge: Vec<_> = circles(&r0, |c| {
        r0.board.circle(c).zone == Zone::Inner && plain(&r0, c) && steps(&r0, c).iter().any(|n| appel.contains(n))
    });
    // An Appel circle and an edge circle far from it.
    let (a, g) = appel
        .iter()
        .flat_map(|&a| edge.iter().map(move |&g| (a, g)))
        .find(|&(a, g)| dist_via(&r0, a, g, |_| true).is_some_and(|d| d >= 3))
        .expect("an edge circle far from an Appel circle");
    let beyond = steps(&r0, g)
        .into_iter()
        .find(|&n| plain(&r0, n) && r0.board.circle(n).zone == Zone::Inner && !edge.contains(&n))
        .expect("a grey circle one step further out");
    for classic in [true, false] {
        let opts: &[(&str, &str)] = if classic { CLASSIC } else { &[] };
        let (r, mut s) = blank_with(4, 1, opts);
        put(&mut s, pow(BR, 1), a);
        move_phase(&mut s, BR.seat(), 1);
        let out = format!("move br1 {}", k(&r, g));
        assert_eq!(
            is_legal(&r, &s, BR.seat(), &out),
            classic,
            "classic {classic}: one point to any adjacent grey circle"
        );
        assert!(!is_legal(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, beyond))), "but not two steps out");
        if classic {
            play(&r, &mut s, BR.seat(), &out);
            assert_eq!((at(&s, pow(BR, 1)), s.mp), (Loc::Circle(g), 0), "it costs the one point");
        }
    }
}

/// German Play, classic summary — issue 10, point 9: "Guards may not stop
/// within the grey zone in such a way as to block POW passage, or enter a
/// room, UNLESS a Pawn has escaped from the grey zone and this is the only
/// Guard moving this turn (ie chasing)". A lone guard may enter a room while
/// a POW is out; with no POW out, or once another guard has moved, he may not.
#[test]
fn colditz_classic_german_play_a_lone_chasing_guard_may_enter_a_room() {
    let r0 = sandtable_colditz::Colditz::standard();
    // A room circle next to a plain circle of the inner courtyard (its door).
    let (inside, door) = circles(&r0, |c| matches!(r0.board.circle(c).zone, Zone::Room(_)) && plain(&r0, c))
        .into_iter()
        .find_map(|c| {
            steps(&r0, c).into_iter().find(|&n| r0.board.circle(n).zone == Zone::Inner && plain(&r0, n)).map(|n| (c, n))
        })
        .expect("a room entered from the inner courtyard");
    let (outer, _) = pair_in(&r0, Zone::Outer);
    let (far, far2) = pair_in(&r0, Zone::Outside);
    let enter = format!("move g1 {}", k(&r0, inside));
    for (classic, pow_out, other_moved, legal_now) in
        [(true, false, false, false), (true, true, false, true), (true, true, true, false), (false, true, false, false)]
    {
        let opts: &[(&str, &str)] = if classic { CLASSIC } else { &[] };
        let (r, mut s) = blank_with(4, 1, opts);
        put(&mut s, guard(1), door);
        put(&mut s, guard(2), far);
        if pow_out {
            put(&mut s, pow(BR, 1), outer);
        }
        move_phase(&mut s, DE, 4);
        if other_moved {
            play(&r, &mut s, DE, &format!("move g2 {}", k(&r, far2)));
        }
        assert_eq!(
            is_legal(&r, &s, DE, &enter),
            legal_now,
            "classic {classic}, a POW out {pow_out}, another guard moved {other_moved}"
        );
        if !legal_now {
            assert_eq!(refused(&r, &s, DE, &enter).rule, "Colditz: Rooms");
        } else {
            play(&r, &mut s, DE, &enter);
            assert_eq!(at(&s, guard(1)), Loc::Circle(inside), "he stays in the room while the chase lasts");
        }
    }
}

/// Successful Escape, classic summary — issue 10, point 10: "Guards still
/// outside the castle (dark green) are removed to the barracks once all
/// escapers have been caught or have successfully escaped" — caught too, not
/// only after escapes. While another POW is still outside, they stay; the
/// 2016 rules send them back only after an escape.
#[test]
fn colditz_classic_successful_escape_guards_outside_go_back_once_every_escaper_is_caught() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g_at, p_at) = pair_in(&r0, Zone::Outside);
    let others: Vec<_> = circles(&r0, |c| {
        r0.board.circle(c).zone == Zone::Outside
            && plain(&r0, c)
            && c != g_at
            && c != p_at
            && !steps(&r0, p_at).contains(&c)
    });
    for (classic, another_out, back) in [(true, false, true), (true, true, false), (false, false, false)] {
        let opts: &[(&str, &str)] = if classic { CLASSIC } else { &[] };
        let (r, mut s) = blank_with(4, 1, opts);
        put(&mut s, guard(1), g_at);
        put(&mut s, pow(BR, 1), p_at);
        put(&mut s, guard(2), others[0]);
        if another_out {
            put(&mut s, pow(US, 1), others[1]);
        }
        move_phase(&mut s, DE, 1);
        play(&r, &mut s, DE, &format!("move g1 {}", k(&r, p_at)));
        assert!(s.pawn(pow(BR, 1)).circle().is_some_and(|c| r.board.circle(c).zone.is_cell()), "caught");
        let expect = if back { Loc::Barracks } else { Loc::Circle(others[0]) };
        assert_eq!(at(&s, guard(2)), expect, "classic {classic}, another POW outside {another_out}");
    }
}
