//! King William's War (18, authored) and the Event phase's steps 1c and 1d:
//! the track −2…+2, reinforcing the position once a game, colonial
//! support, the yearly roll and its VP, the far box's lost card.

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::Event;
use sandtable_nine_years::{NineYears, Phase, Side, State};

/// The Event phase of 1689 with the KWW marker at `kww` and colonial
/// support `colonial` (Alliance, Bourbons) bought last turn, both players
/// passing in 1c; the roll is `die`. VP start at 22.
fn roll(r: &NineYears, kww: i8, colonial: [bool; 2], die: u8) -> (State, Vec<Event>) {
    let mut s = event_phase(r, 7, 1689);
    s.kww = kww;
    s.colonial = colonial;
    apply(r, &mut s, Side::Bourbon, "first alliance");
    apply(r, &mut s, Side::Alliance, "kww pass");
    s.dice = dice_rolling(&[die]);
    let ev = apply(r, &mut s, Side::Bourbon, "kww pass");
    let rolls = citing(&ev, "NY 18.3");
    assert_eq!(rolls.len(), 1, "{ev:?}");
    assert_eq!(rolls[0].dice, vec![die]);
    (s, ev)
}

#[test]
fn ny_5_0_1c_each_player_may_reinforce_its_kww_position_once_a_game_in_the_chosen_order() {
    let r = tiny();
    let mut s = event_phase(&r, 7, 1689);
    apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Kww, Some(Side::Bourbon)), "the chosen player first");
    let ev = apply(&r, &mut s, Side::Bourbon, "kww reinforce");
    assert!(said(&ev, "NY 18.2", "marker at -1"), "{ev:?}");
    assert_eq!((s.kww, s.kww_used), (-1, [false, true]));
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Kww, Some(Side::Alliance)));
    s.dice = dice_rolling(&[3]);
    apply(&r, &mut s, Side::Alliance, "kww pass");
    assert_eq!((s.kww, s.kww_used), (-1, [false, true]), "a 3 leaves the marker");
    assert_eq!(s.phase, Phase::ReinforceOrder);
    // 1690: the Bourbons have used theirs; only the Alliance is asked.
    end_campaign(&r, &mut s);
    assert_eq!((s.year, s.phase), (1690, Phase::EventOrder));
    apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Kww, Some(Side::Alliance)));
    s.dice = dice_rolling(&[3]);
    apply(&r, &mut s, Side::Alliance, "kww reinforce");
    assert_eq!((s.kww, s.kww_used), (0, [true, true]));
    assert_eq!(s.phase, Phase::ReinforceOrder);
    // 1691: nobody may any more.
    end_campaign(&r, &mut s);
    apply(&r, &mut s, Side::Bourbon, "first alliance");
    assert_eq!(s.phase, Phase::ReinforceOrder, "step 1c asks nobody");
}

#[test]
fn ny_5_0_1d_the_kww_roll_is_made_in_every_event_phase() {
    let r = tiny();
    let mut s = event_phase(&r, 8, 1689);
    for year in 1689..=1691 {
        assert_eq!((s.year, s.phase), (year, Phase::EventOrder));
        let mut ev = apply(&r, &mut s, Side::Bourbon, "first bourbon");
        ev.extend(apply(&r, &mut s, Side::Bourbon, "kww pass"));
        ev.extend(apply(&r, &mut s, Side::Alliance, "kww pass"));
        let rolls = citing(&ev, "NY 18.3");
        assert_eq!(rolls.len(), 1, "{year}: {ev:?}");
        assert_eq!(rolls[0].dice.len(), 1, "one die");
        end_campaign(&r, &mut s);
    }
}

#[test]
fn ny_18_1_the_kww_marker_runs_from_minus_2_to_2() {
    let r = tiny();
    let (s, _) = roll(&r, 2, [false; 2], 6);
    assert_eq!((s.kww, s.vp), (2, 24), "no box beyond +2; the box's 2 VP");
    let (s, _) = roll(&r, -2, [false; 2], 1);
    assert_eq!((s.kww, s.vp), (-2, 20), "no box beyond −2");
    let (s, _) = roll(&r, 1, [false; 2], 6);
    assert_eq!(s.kww, 2);
    let (s, _) = roll(&r, -1, [false; 2], 1);
    assert_eq!(s.kww, -2);
}

#[test]
fn ny_18_2_colonial_support_adds_1_for_its_side_to_the_next_kww_roll() {
    let r = tiny();
    let (a, b, none, both) = ([true, false], [false, true], [false; 2], [true; 2]);
    for (die, support, kww) in
        [(4, none, 0), (4, a, 1), (2, a, 0), (4, b, 0), (3, none, 0), (3, b, -1), (5, b, 0), (4, both, 0), (5, both, 1)]
    {
        let (s, ev) = roll(&r, 0, support, die);
        assert_eq!(s.kww, kww, "a {die} with support {support:?}: {ev:?}");
        assert_eq!(s.colonial, [false; 2], "support counts for one roll");
    }
}

#[test]
fn ny_18_3_the_kww_roll_moves_the_marker_then_the_vp_by_the_box_value() {
    let r = tiny();
    for (die, kww) in [(1, -1), (2, -1), (3, 0), (4, 0), (5, 1), (6, 1)] {
        let (s, ev) = roll(&r, 0, [false; 2], die);
        assert_eq!(s.kww, kww, "a {die}");
        assert_eq!(i16::from(s.vp), 22 + i16::from(kww), "the box's value in VP");
        assert!(said(&ev, "NY 18.3", &format!("marker at {kww}; VP {}", s.vp)), "{ev:?}");
    }
    // The box scores every year, moved or not.
    let (s, _) = roll(&r, 1, [false; 2], 3);
    assert_eq!((s.kww, s.vp), (1, 23));
    let (s, _) = roll(&r, -1, [false; 2], 4);
    assert_eq!((s.kww, s.vp), (-1, 21));
    let (s, _) = roll(&r, 1, [false; 2], 5);
    assert_eq!((s.kww, s.vp), (2, 24));
}

#[test]
fn ny_18_4_the_far_box_costs_its_loser_an_action_card() {
    let r = tiny();
    for (kww, hands) in [(-2, (4, 5)), (-1, (5, 5)), (0, (5, 5)), (1, (5, 5)), (2, (5, 4))] {
        let mut s = start(&r, 12);
        s.year = 1689;
        s.kww = kww;
        quietly(&r, &mut s, |s| matches!(s.phase, Phase::Show | Phase::Round));
        assert_eq!((s.hand_len(Side::Alliance), s.hand_len(Side::Bourbon)), hands, "KWW at {kww}");
    }
}
