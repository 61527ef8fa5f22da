//! Appel (Сбор): played before the German's roll; every officer answers at
//! once and in secret; exempt POWs; the general search.

mod common;
use common::*;
use sandtable_colditz::{Colditz, Loc, Phase, State, TunnelId, TunnelState, Zone};
use sandtable_core::{Ruleset, Viewer};

/// The German's Roll phase holding an Appel card, br1 in a room and us1 in
/// the inner courtyard (both touched by Appel), fr1 at Appel.
fn appel_ready() -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), room(&r, "dentist")[1]);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(US, 1), a);
    let layout = &r.board.appel[2];
    put(&mut s, pow(FR, 1), layout[FR.index()][0]);
    give_card(&mut s, DE, card(&r, "appel"));
    roll_phase(&mut s, DE);
    (r, s)
}

fn refused_seen(r: &Colditz, s: &State, viewer: Viewer) -> Vec<String> {
    r.view(s, viewer).refused
}

#[test]
fn colditz_appel_is_played_only_before_the_german_roll() {
    let (r, mut s) = appel_ready();
    assert!(is_legal(&r, &s, DE, "play appel"));
    move_phase(&mut s, DE, 5);
    assert_eq!(refused(&r, &s, DE, "play appel").rule, "Colditz: Appel");
}

#[test]
fn colditz_appel_every_officer_answers_at_once() {
    let (r, mut s) = appel_ready();
    play(&r, &mut s, DE, "play appel");
    assert_eq!(s.phase, Phase::AppelAnswer);
    assert_eq!(
        to_act(&r, &s),
        vec![BR.seat(), US.seat()],
        "both touched officers at once; the French POW is already at Appel"
    );
    play(&r, &mut s, US.seat(), "answer");
    assert_eq!(to_act(&r, &s), vec![BR.seat()]);
    play(&r, &mut s, BR.seat(), "answer");
    let layout = &r.board.appel[2];
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(layout[BR.index()][0]), "back to his Appel place");
    assert_eq!(at(&s, pow(US, 1)), Loc::Circle(layout[US.index()][0]));
    assert_eq!(s.phase, Phase::Roll, "nobody refused: the German rolls");
    assert_eq!(to_act(&r, &s), vec![DE]);
    assert_eq!(s.security.cards().last(), Some(&card(&r, "appel")), "to the bottom of the deck");
}

#[test]
fn colditz_appel_pows_in_tunnels_safe_areas_solitary_or_outside_are_exempt() {
    let (r, mut s) = blank(4, 1);
    let c = course(&r, TunnelId::Chapel);
    s.tunnels[TunnelId::Chapel.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[3]);
    put_in_tunnel(&mut s, pow(BR, 2), c[4]);
    let safe = circles(&r, |x| r.board.circle(x).safe)[0];
    put(&mut s, pow(BR, 3), safe);
    put(&mut s, pow(BR, 4), cells(&r, 0)[0]);
    let (outside, _) = pair_in(&r, Zone::Outside);
    put(&mut s, pow(BR, 5), outside);
    let (inner, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(US, 1), inner);
    give_card(&mut s, DE, card(&r, "appel"));
    roll_phase(&mut s, DE);
    let before = s.clone();
    play(&r, &mut s, DE, "play appel");
    assert_eq!(to_act(&r, &s), vec![US.seat()], "no British POW is touched");
    for p in [3, 4, 5] {
        assert_eq!(
            refused(&r, &s, BR.seat(), &format!("answer br{p}")).rule,
            "Colditz: Play",
            "not the British officer's decision"
        );
    }
    play(&r, &mut s, US.seat(), "answer");
    for k in 1..=5 {
        assert_eq!(at(&s, pow(BR, k)), at(&before, pow(BR, k)), "br{k} stays");
    }
    assert!(s.pawn(pow(BR, 1)).in_tunnel);
}

#[test]
fn colditz_appel_only_touched_pows_may_refuse() {
    let (r, mut s) = appel_ready();
    let safe = circles(&r, |x| r.board.circle(x).safe && r.board.circle(x).zone != Zone::Appel)[0];
    put(&mut s, pow(BR, 2), safe);
    put(&mut s, pow(BR, 3), cells(&r, 0)[0]);
    let (outside, _) = pair_in(&r, Zone::Outside);
    put(&mut s, pow(BR, 4), outside);
    let appel =
        circles(&r, |x| r.board.circle(x).zone == Zone::Appel && s.pawns.iter().all(|p| p.loc != Loc::Circle(x)))[0];
    put(&mut s, pow(BR, 5), appel);
    play(&r, &mut s, DE, "play appel");
    assert_eq!(refused(&r, &s, BR.seat(), "answer br2").rule, "Colditz: Appel card", "a safe area");
    assert_eq!(refused(&r, &s, BR.seat(), "answer br3").rule, "Colditz: Appel card", "solitary");
    assert_eq!(refused(&r, &s, BR.seat(), "answer br4").rule, "Colditz: Outside the castle");
    assert_eq!(refused(&r, &s, BR.seat(), "answer br5").rule, "Colditz: Appel card", "at Appel already");
    assert_eq!(refused(&r, &s, BR.seat(), "answer us1").rule, "Colditz: Appel");
    assert_eq!(refused(&r, &s, BR.seat(), "answer br1 br2").rule, "Colditz: Appel card", "one bad name spoils it");
    // The answers listed: every subset of the POWs Appel touches (br1 alone here).
    let mut answers: Vec<String> = legal(&r, &s, BR.seat()).into_iter().filter(|a| a.starts_with("answer")).collect();
    answers.sort();
    assert_eq!(answers, ["answer", "answer br1"]);
    assert!(r.parse_action("answer br1 br1").is_err(), "each refusing POW is named once");
    assert!(r.parse_action("answer g1").is_err(), "guards do not answer Appel");
}

#[test]
fn colditz_appel_an_answer_is_one_decision_whatever_it_holds() {
    // Issue 9: each refusal used to be its own decision, so every other
    // viewer saw the game's version move once per refusal. Now the whole
    // answer is one decision: after it, the others see the same board, the
    // same seats to act and read the same log line however many refuse.
    let (r, mut base) = appel_ready();
    put(&mut base, pow(BR, 2), room(&r, "dentist")[2]);
    play(&r, &mut base, DE, "play appel");
    let mut seen = Vec::new();
    for answer in ["answer", "answer br1", "answer br1 br2"] {
        let mut s = base.clone();
        play(&r, &mut s, BR.seat(), answer);
        assert_eq!(to_act(&r, &s), vec![US.seat()], "{answer}: the British officer is done");
        let others: Vec<_> = [Viewer::Seat(US.seat()), Viewer::Seat(DE), Viewer::Spectator]
            .into_iter()
            .map(|v| serde_json::to_string(&r.view(&s, v)).expect("view"))
            .collect();
        let action = r.parse_action(answer).expect("parses");
        let read = r.log_text(action, BR.seat(), Viewer::Seat(US.seat()));
        seen.push((others, read));
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "the others cannot tell the answers apart");
    assert_eq!(seen[0].1.as_deref(), Some("appel answered"));
}

#[test]
fn colditz_appel_refusals_are_hidden_until_every_officer_has_answered() {
    let (r, mut s) = appel_ready();
    let dentist = s.pawn(pow(BR, 1)).loc;
    play(&r, &mut s, DE, "play appel");
    play(&r, &mut s, BR.seat(), "answer br1");
    assert_eq!(refused_seen(&r, &s, Viewer::Seat(BR.seat())), vec!["br1"]);
    assert!(refused_seen(&r, &s, Viewer::Seat(US.seat())).is_empty(), "still answering");
    assert!(refused_seen(&r, &s, Viewer::Seat(DE)).is_empty());
    assert!(refused_seen(&r, &s, Viewer::Spectator).is_empty());
    play(&r, &mut s, US.seat(), "answer");
    assert_eq!(s.phase, Phase::AppelSearch);
    for v in [Viewer::Seat(DE), Viewer::Seat(US.seat()), Viewer::Spectator] {
        assert_eq!(refused_seen(&r, &s, v), vec!["br1"]);
    }
    assert_eq!(at(&s, pow(BR, 1)), dentist, "he stays where he is");
    assert_eq!(to_act(&r, &s), vec![DE]);
}

#[test]
fn colditz_appel_general_search_catches_refusers_within_range_of_a_guard() {
    let (r, mut s) = blank(4, 1);
    let inner = |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c);
    let g = circles(&r, inner)[0];
    let range = range_from(&r, g);
    let near = circles(&r, |c| inner(c) && range[c.index()] == 2)[0];
    let far = circles(&r, |c| inner(c) && range[c.index()] >= 7 && range[c.index()] < u32::MAX)[0];
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), near);
    put(&mut s, pow(US, 1), far);
    give_card(&mut s, DE, card(&r, "appel"));
    s.round = 10;
    roll_phase(&mut s, DE);
    play(&r, &mut s, DE, "play appel");
    play(&r, &mut s, BR.seat(), "answer br1");
    play(&r, &mut s, US.seat(), "answer us1");
    assert!(is_legal(&r, &s, DE, "search"));
    with_dice(&r, &mut s, DE, "search", "Colditz: Appel", |d| {
        d.len() == 2 && d[0] != d[1] && (3..=6).contains(&(d[0] + d[1]))
    });
    assert!(s.hands[0].is_empty(), "the search throw draws no card");
    assert!(in_cells(&r, &s, pow(BR, 1), 0), "within range: solitary");
    assert_eq!(at(&s, pow(US, 1)), Loc::Circle(far), "out of range");
    assert_eq!(at(&s, guard(1)), Loc::Circle(g), "guards stay where they are");
    assert_eq!(s.turn, 1, "the German's turn is over");
    assert_eq!(s.round, 9);
}

#[test]
fn colditz_appel_the_german_may_move_instead_of_searching() {
    let (r, mut s) = appel_ready();
    play(&r, &mut s, DE, "play appel");
    play(&r, &mut s, BR.seat(), "answer br1");
    play(&r, &mut s, US.seat(), "answer");
    play(&r, &mut s, DE, "roll");
    assert_eq!(s.phase, Phase::Move);
    assert!(s.mp >= 2);
    assert!(refused_seen(&r, &s, Viewer::Seat(DE)).is_empty());
}

/// Appel card, general search — issue 10, point 15, the threshold on both
/// sides: «Если какие-либо Военнопленные попадают в периметр значения полного
/// диапазона кубиков, отсчитываемого от какого-либо Охранника, они
/// Арестовываются»: a refusing POW at exactly the thrown range of a guard is
/// caught, one circle beyond it is not.
#[test]
fn colditz_2016_appel_general_search_range_exactly_and_one_beyond() {
    let (r, mut s) = blank(4, 1);
    let inner = |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c);
    let g = circles(&r, inner)[0];
    // Distances the search counts: every link but drops and tunnels, never the car.
    let dist = range_from(&r, g);
    let range = 6u32;
    let at_range = circles(&r, |c| inner(c) && dist[c.index()] == range)[0];
    let beyond = circles(&r, |c| inner(c) && dist[c.index()] == range + 1)[0];
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), at_range);
    put(&mut s, pow(US, 1), beyond);
    give_card(&mut s, DE, card(&r, "appel"));
    s.round = 10;
    roll_phase(&mut s, DE);
    play(&r, &mut s, DE, "play appel");
    play(&r, &mut s, BR.seat(), "answer br1");
    play(&r, &mut s, US.seat(), "answer us1");
    with_dice(&r, &mut s, DE, "search", "Colditz: Appel", |d| d.len() == 2 && d[0] != d[1] && d[0] + d[1] == 6);
    assert!(in_cells(&r, &s, pow(BR, 1), 0), "Appel card: at exactly the range, caught");
    assert_eq!(at(&s, pow(US, 1)), Loc::Circle(beyond), "Appel card: one circle beyond the range, safe");
}
