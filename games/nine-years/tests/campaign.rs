//! The Campaign phase (13.1–13.5.4, 13.5.6): dealing the action cards,
//! the first player, alternating rounds, a card's actions finished one at a
//! time with each counter in one action a round, and the action types —
//! Campaign, Replacement, Rally and fleet deployment — on the tiny map.

mod common;
use common::campaign::*;
use common::*;
use sandtable_core::{Ruleset, Viewer};
use sandtable_nine_years::{Control, FleetLoc, Pending, Phase, Sea, Side, State};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

/// The moment the Campaign phase's cards are dealt (the first Show or Round).
fn dealt(s: &State) -> bool {
    matches!(s.phase, Phase::Show | Phase::FirstPlayer) || (s.phase == Phase::Round && !s.played && s.force.is_none())
}

/// 1689's Reinforcement phase, before the action cards are dealt.
fn before_deal_1689(r: &sandtable_nine_years::NineYears, seed: u64) -> State {
    let mut s = start(r, seed);
    advance(r, &mut s, |s| s.year == 1689 && s.phase == Phase::Spend);
    s
}

/// Advances to the deal and returns the hand sizes [Alliance, Bourbon].
fn deal(r: &sandtable_nine_years::NineYears, s: &mut State) -> [u8; 2] {
    advance(r, s, dealt);
    [s.hand_len(A), s.hand_len(B)]
}

// ---------------------------------------------------------------- 13.1

#[test]
fn ny_13_1_three_cards_each_in_1688_and_five_each_after() {
    let r = tiny();
    let mut s = start(&r, 3);
    assert_eq!(deal(&r, &mut s), [3, 3]);
    assert_eq!(s.year, 1688);
    advance(&r, &mut s, |s| s.year == 1689);
    assert_eq!(deal(&r, &mut s), [5, 5]);
    assert_eq!(s.year, 1689);
}

#[test]
fn ny_13_1_the_far_kww_box_costs_its_loser_a_card() {
    let r = tiny();
    for (kww, want) in [(-2, [4, 5]), (-1, [5, 5]), (1, [5, 5]), (2, [5, 4])] {
        let mut s = before_deal_1689(&r, 5);
        s.kww = kww;
        assert_eq!(deal(&r, &mut s), want, "KWW marker at {kww}");
    }
}

#[test]
fn ny_13_1_a_peace_penalty_and_events_take_cards_away() {
    let r = tiny();
    for side in Side::ALL {
        let mut s = before_deal_1689(&r, 6);
        s.peace_penalty[side.index()][0] = true;
        let mut want = [5, 5];
        want[side.index()] = 4;
        assert_eq!(deal(&r, &mut s), want, "peace penalty of {side:?}");
        assert!(!s.peace_penalty[side.index()][0], "the penalty is used up");

        let mut s = before_deal_1689(&r, 6);
        s.cards_events[side.index()] = -1;
        assert_eq!(deal(&r, &mut s), want, "an event's card loss for {side:?}");
    }
}

#[test]
fn ny_13_1_the_deck_is_reshuffled_only_when_it_cannot_deal_both_hands() {
    let r = tiny();
    // Exactly the 10 cards needed: no reshuffle, the discards stay out.
    let mut s = before_deal_1689(&r, 7);
    let mut cards: Vec<u8> = s.action_deck.cards().copied().collect();
    s.action_discard.extend(cards.drain(10..));
    s.action_deck = sandtable_core::Deck::new(cards);
    checked(&r, &s);
    assert_eq!(deal(&r, &mut s), [5, 5]);
    assert_eq!((s.action_deck.len(), s.action_discard.len()), (0, 22));

    // One card short: the discards are shuffled back in before the deal.
    let mut s = before_deal_1689(&r, 7);
    let mut cards: Vec<u8> = s.action_deck.cards().copied().collect();
    s.action_discard.extend(cards.drain(9..));
    s.action_deck = sandtable_core::Deck::new(cards);
    assert_eq!(deal(&r, &mut s), [5, 5]);
    assert_eq!((s.action_deck.len(), s.action_discard.len()), (22, 0));
}

// ---------------------------------------------------------------- 13.2.1

/// The 1688 deal with both players holding one card of each value, in the
/// face-down choice.
fn show(r: &sandtable_nine_years::NineYears) -> State {
    let mut s = start(r, 11);
    advance(r, &mut s, |s| s.phase == Phase::Show);
    set_hands(&mut s, [1, 1, 1], [1, 1, 1]);
    checked(r, &s);
    s
}

#[test]
fn ny_13_2_1_equal_hands_choose_face_down_and_the_higher_card_goes_first() {
    let r = tiny();
    let mut s = show(&r);
    assert_eq!(r.to_act(&s).seats().iter().count(), 2, "both players choose");
    apply(&r, &mut s, A, "show 3");
    assert_eq!(s.phase, Phase::Show);
    // Hidden until both are chosen: the log and the view tell the Bourbons nothing.
    let hidden = r.log_text(act(&r, "show 3"), A.seat(), Viewer::Seat(B.seat())).expect("a log line");
    assert_eq!(hidden, "show (a card face down)");
    assert_eq!(r.view(&s, Viewer::Seat(B.seat())).shown, [Some(0), None]);
    assert_eq!(r.view(&s, Viewer::Seat(A.seat())).shown, [Some(3), None]);
    assert_eq!(refuse(&r, &s, A, "show 2").rule, "NY 5.0", "the choice is made");
    apply(&r, &mut s, B, "show 2");
    assert_eq!((s.phase, s.active, s.must_play), (Phase::Round, A, Some(3)));
    // The first player must play the card he showed.
    assert_eq!(refuse(&r, &s, A, "play 2").rule, "NY 13.2.1");
    assert_eq!(refuse(&r, &s, A, "play 1").rule, "NY 13.2.1");
    apply(&r, &mut s, A, "play 3");
    assert_eq!(s.ap, 3);
    apply(&r, &mut s, A, "end");
    // The second player took his card back and plays what he likes.
    assert_eq!((s.active, s.hands[B.index()]), (B, [1, 1, 1]));
    apply(&r, &mut s, B, "play 1");
    assert_eq!(s.ap, 1);
}

#[test]
fn ny_13_2_1_the_bourbons_win_with_the_higher_card_too() {
    let r = tiny();
    let mut s = show(&r);
    apply(&r, &mut s, A, "show 1");
    apply(&r, &mut s, B, "show 2");
    assert_eq!((s.phase, s.active, s.must_play), (Phase::Round, B, Some(2)));
    assert_eq!(refuse(&r, &s, B, "play 3").rule, "NY 13.2.1");
}

#[test]
fn ny_13_2_1_a_card_not_held_cannot_be_shown() {
    let r = tiny();
    let mut s = show(&r);
    set_hands(&mut s, [2, 1, 0], [0, 1, 2]);
    assert_eq!(refuse(&r, &s, A, "show 3").rule, "NY 13.2.1");
    assert_eq!(refuse(&r, &s, B, "show 1").rule, "NY 13.2.1");
    apply(&r, &mut s, A, "show 2");
}

#[test]
fn ny_13_2_1_a_tie_is_decided_by_the_initiative_player() {
    let r = tiny();
    for (year, initiative) in [(1688, B), (1693, B), (1694, A), (1697, A)] {
        let mut s = show(&r);
        s.year = year;
        apply(&r, &mut s, A, "show 2");
        apply(&r, &mut s, B, "show 2");
        assert_eq!(s.phase, Phase::FirstPlayer, "{year}");
        assert_eq!(to_act(&r, &s), Some(initiative), "{year}");
        assert_eq!(refuse(&r, &s, initiative.other(), "first alliance").rule, "NY 5.0");
        apply(&r, &mut s, initiative, "first alliance");
        assert_eq!((s.phase, s.active, s.must_play), (Phase::Round, A, Some(2)), "{year}");
        assert_eq!(refuse(&r, &s, A, "play 3").rule, "NY 13.2.1");
    }
}

#[test]
fn ny_13_2_1_with_unequal_hands_the_bigger_hand_goes_first() {
    let r = tiny();
    for side in Side::ALL {
        let mut s = before_deal_1689(&r, 12);
        s.cards_events[side.other().index()] = -1;
        let mut want = [5, 5];
        want[side.other().index()] = 4;
        assert_eq!(deal(&r, &mut s), want);
        // No face-down choice: the bigger hand plays first, any card.
        assert_eq!((s.phase, s.active, s.must_play), (Phase::Round, side, None), "{side:?} holds more");
        let v = (1..=3u8).find(|&v| s.hands[side.index()][usize::from(v - 1)] > 0).expect("a card");
        apply(&r, &mut s, side, &format!("play {v}"));
    }
}

#[test]
fn ny_13_2_1_a_card_shown_stays_known_until_played() {
    let r = tiny();
    let mut s = show(&r);
    apply(&r, &mut s, A, "show 3");
    assert_eq!(s.known, [None, None], "not known while face down");
    apply(&r, &mut s, B, "show 2");
    assert_eq!(s.known, [Some(3), Some(2)], "both shown");
    assert_eq!(r.view(&s, Viewer::Seat(A.seat())).known, [Some(3), Some(2)]);
    // The Alliance's view of the Bourbon hand: the 2 is always in it, the rest redealt.
    let bourbon_hands = |s: &State| -> Vec<[u8; 3]> {
        (0..200).map(|seed| r.resample_hidden(s, Viewer::Seat(A.seat()), seed).hands[B.index()]).collect()
    };
    for h in bourbon_hands(&s) {
        assert!(h[1] >= 1, "the shown 2 stays in the Bourbon hand: {h:?}");
    }
    // The first player plays his shown card: his is no longer known.
    apply(&r, &mut s, A, "play 3");
    assert_eq!(s.known, [None, Some(2)]);
    apply(&r, &mut s, A, "end");
    // The second player plays a card of another value: his 2 stays known.
    apply(&r, &mut s, B, "play 1");
    assert_eq!((s.known, s.hands[B.index()]), ([None, Some(2)], [0, 1, 1]));
    checked(&r, &s);
    let hands = bourbon_hands(&s);
    assert!(hands.iter().all(|h| h[1] >= 1), "the known 2 is kept in every resampled hand: {hands:?}");
    assert!(hands.iter().any(|h| *h != [0, 1, 1]), "the other card is redealt");
    apply(&r, &mut s, B, "end");
    apply(&r, &mut s, A, "play 1");
    apply(&r, &mut s, A, "end");
    // He plays the 2: nothing is known any more, and the hand is redealt freely.
    apply(&r, &mut s, B, "play 2");
    assert_eq!(s.known, [None, None]);
    checked(&r, &s);
    let hands = bourbon_hands(&s);
    assert!(hands.iter().any(|h| h[1] == 0), "no 2 is forced any more: {hands:?}");
}

// ---------------------------------------------------------------- 13.3

#[test]
fn ny_13_3_a_player_holding_cards_cannot_pass() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 1);
    s.played = false;
    s.ap = 0;
    set_hands(&mut s, [0, 1, 0], [0, 1, 0]);
    checked(&r, &s);
    for text in ["end", "campaign william-iii", "transfer", "stop"] {
        assert_eq!(refuse(&r, &s, A, text).rule, "NY 13.3", "{text}");
    }
    assert_eq!(refuse(&r, &s, A, "play 3").rule, "NY 13.3", "a card not held");
    assert_eq!(legal_text(&r, &s, A), ["play 2"]);
    apply(&r, &mut s, A, "play 2");
    assert_eq!(refuse(&r, &s, A, "play 2").rule, "NY 13.3", "one card a round");
    // Once the card is played, the player may do nothing with it.
    apply(&r, &mut s, A, "end");
    assert_eq!((s.active, s.played), (B, false));
}

#[test]
fn ny_13_3_rounds_alternate_until_both_players_are_out_of_cards() {
    let r = tiny();
    let mut s = round(&r, A);
    set_hands(&mut s, [0, 1, 0], [0, 1, 0]);
    checked(&r, &s);
    apply(&r, &mut s, A, "end");
    assert_eq!((s.phase, s.active, s.played), (Phase::Round, B, false));
    assert_eq!(refuse(&r, &s, A, "play 2").rule, "NY 5.0", "not the Alliance's round");
    apply(&r, &mut s, B, "play 2");
    apply(&r, &mut s, B, "end");
    assert_eq!((s.phase, s.active), (Phase::Round, A));
    apply(&r, &mut s, A, "play 2");
    apply(&r, &mut s, A, "end");
    // Both hands empty: the Campaign phase is over (Winter Quarters, then 1689).
    assert_ne!(s.phase, Phase::Round);
    assert_eq!(s.year, 1689);
}

#[test]
fn ny_13_3_a_player_goes_again_when_his_opponent_has_no_card() {
    let r = tiny();
    let mut s = round(&r, A);
    set_hands(&mut s, [1, 0, 0], [0, 0, 0]);
    apply(&r, &mut s, A, "end");
    assert_eq!((s.phase, s.active, s.played), (Phase::Round, A, false));
    apply(&r, &mut s, A, "play 1");
    apply(&r, &mut s, A, "end");
    assert_ne!(s.phase, Phase::Round);
}

// ---------------------------------------------------------------- 13.4.1

#[test]
fn ny_13_4_1_a_card_gives_as_many_actions_as_its_value() {
    let r = tiny();
    for v in 1..=3u8 {
        let mut s = round(&r, A);
        for (l, x) in [("william-iii", "amsterdam"), ("waldeck", "brussels"), ("lorraine", "cologne")] {
            put_leader(&r, &mut s, l, x);
        }
        s.played = false;
        s.ap = 0;
        set_hands(&mut s, [1, 1, 1], [0, 1, 0]);
        apply(&r, &mut s, A, &format!("play {v}"));
        assert_eq!(s.ap, v);
        let leaders = ["william-iii", "waldeck", "lorraine"];
        for (i, l) in leaders.iter().take(usize::from(v)).enumerate() {
            assert_eq!(s.active, A, "action {} of {v}", i + 1);
            apply(&r, &mut s, A, &format!("campaign {l}"));
            apply(&r, &mut s, A, "stop");
        }
        // All the card's actions are spent: the round passes.
        assert_eq!((s.active, s.played), (B, false), "after {v} actions");
    }
}

#[test]
fn ny_13_4_1_no_action_once_the_card_is_spent() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "waldeck", "brussels");
    s.ap = 0;
    assert_eq!(refuse(&r, &s, A, "campaign william-iii").rule, "NY 13.4.1");
    s.ap = 1;
    apply(&r, &mut s, A, "campaign william-iii");
    assert_eq!(s.ap, 0);
    // Finishing the last action ends the round.
    apply(&r, &mut s, A, "stop");
    assert_eq!(s.active, B);
}

// ---------------------------------------------------------------- 13.4.2

#[test]
fn ny_13_4_2_an_action_is_finished_before_the_next() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "waldeck", "brussels");
    put(&r, &mut s, "dutch", "amsterdam", 2);
    let d = put(&r, &mut s, "dutch", "brussels", 1);
    demoralise(&r, &mut s, &d, &[]);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    for text in ["campaign waldeck", "transfer", "rally waldeck", "end", "play 2"] {
        assert_eq!(refuse(&r, &s, A, text).rule, "NY 13.4.2", "{text}");
    }
    apply(&r, &mut s, A, "go cologne");
    assert_eq!(refuse(&r, &s, A, "rally waldeck").rule, "NY 13.4.2", "still under way after moving");
    apply(&r, &mut s, A, "stop");
    assert!(s.force.is_none());
    apply(&r, &mut s, A, "rally waldeck");
    assert_eq!(s.ap, 1);
}

#[test]
fn ny_13_4_2_battle_and_retreat_finish_before_anything_else() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "brussels");
    put(&r, &mut s, "dutch", "brussels", 4);
    put_leader(&r, &mut s, "boufflers", "tournai");
    put(&r, &mut s, "france", "tournai", 1);
    own(&r, &mut s, "tournai", Control::Bourbon);
    // Tournai is a Bourbon fortress: the garrison chooses to give battle.
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..4 {
        apply(&r, &mut s, A, "add dutch full");
    }
    apply(&r, &mut s, A, "go tournai");
    assert_eq!(s.pending, Some(Pending::Garrison(space(&r, "tournai"))));
    assert_eq!(to_act(&r, &s), Some(B), "the defender decides; the active player waits");
    assert_eq!(refuse(&r, &s, B, "no-intercept").rule, "NY 13.4.2");
    let (mut s, _) = seek(&r, &s, B, "battle", |t, _| matches!(t.pending, Some(Pending::Retreat(_))));
    assert_eq!(to_act(&r, &s), Some(B), "the beaten defender retreats before the Alliance goes on");
    assert_eq!(refuse(&r, &s, B, "battle").rule, "NY 13.4.2");
    assert_eq!(legal_text(&r, &s, B), ["retreat lille"]);
    apply(&r, &mut s, B, "retreat lille");
    assert_eq!(
        (s.pending, s.force.is_none(), s.active, s.ap),
        (None, true, A, 2),
        "the action is over, the round goes on"
    );
}

// ---------------------------------------------------------------- 13.4.3

#[test]
fn ny_13_4_3_a_leader_acts_once_a_round() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "waldeck", "amsterdam");
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "go cologne");
    apply(&r, &mut s, A, "stop");
    assert_eq!(refuse(&r, &s, A, "campaign william-iii").rule, "NY 13.4.3");
    // Another leader who has not acted may.
    apply(&r, &mut s, A, "campaign waldeck");
    apply(&r, &mut s, A, "stop");
    // Next round of the Alliance: active again.
    apply(&r, &mut s, A, "end");
    apply(&r, &mut s, B, "play 2");
    apply(&r, &mut s, B, "end");
    apply(&r, &mut s, A, "play 2");
    apply(&r, &mut s, A, "campaign william-iii");
}

#[test]
fn ny_13_4_3_a_corps_that_moved_cannot_join_another_action() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "lorraine", "cologne");
    put(&r, &mut s, "dutch", "amsterdam", 1);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go cologne");
    apply(&r, &mut s, A, "stop");
    apply(&r, &mut s, A, "campaign lorraine");
    assert_eq!(refuse(&r, &s, A, "add dutch full").rule, "NY 13.4.3");
    assert_eq!(refuse(&r, &s, A, "add william-iii").rule, "NY 13.4.3");
}

#[test]
fn ny_13_4_3_a_replaced_corps_cannot_then_besiege() {
    // The seed's example: a corps restored by Replacement takes part in no
    // other action that round (a siege).
    let r = tiny();
    let base = {
        let mut s = round(&r, A);
        put_leader(&r, &mut s, "william-iii", "tournai");
        put(&r, &mut s, "dutch", "tournai", 1);
        put_reduced(&r, &mut s, "dutch", "tournai", 1);
        own(&r, &mut s, "tournai", Control::Bourbon);
        checked(&r, &s);
        s
    };
    // Without the Replacement both corps besiege (FDV 2: an empty level-2 fortress).
    let mut s = base.clone();
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch reduced");
    apply(&r, &mut s, A, "siege");

    let mut s = base;
    apply(&r, &mut s, A, "replace dutch tournai");
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    assert_eq!(refuse(&r, &s, A, "add dutch full").rule, "NY 13.4.3", "the replaced corps");
    assert_eq!(refuse(&r, &s, A, "siege").rule, "NY 17.2", "one corps is not enough");
}

// ---------------------------------------------------------------- 13.5

#[test]
fn ny_13_5_every_action_type_is_offered_to_its_owner_only() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_reduced(&r, &mut s, "dutch", "amsterdam", 1);
    let d = put(&r, &mut s, "dutch", "amsterdam", 1);
    demoralise(&r, &mut s, &d, &[]);
    put_leader(&r, &mut s, "luxembourg", "lille");
    put(&r, &mut s, "france", "lille", 1);
    checked(&r, &s);
    let legal = legal_text(&r, &s, A);
    for want in [
        "campaign william-iii",
        "rally william-iii",
        "replace dutch amsterdam",
        "sea amsterdam",
        "transfer",
        "deploy allied-mediterranean-fleet",
        "end",
    ] {
        assert!(legal.contains(&want.to_string()), "{want} missing from {legal:?}");
    }
    assert!(!legal.iter().any(|a| a.contains("luxembourg") || a.contains("france")), "{legal:?}");
}

#[test]
fn ny_13_5_a_player_commands_only_his_own_counters() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put_leader(&r, &mut s, "luxembourg", "lille");
    put_reduced(&r, &mut s, "france", "lille", 1);
    demoralise(&r, &mut s, &[], &["luxembourg"]);
    assert_eq!(refuse(&r, &s, A, "campaign luxembourg").rule, "NY 13.5");
    assert_eq!(refuse(&r, &s, A, "rally luxembourg").rule, "NY 13.5");
    assert_eq!(refuse(&r, &s, A, "replace france lille").rule, "NY 13.5.3");
    assert_eq!(refuse(&r, &s, A, "deploy toulon-fleet").rule, "NY 13.5.6");
    apply(&r, &mut s, A, "transfer");
    assert_eq!(refuse(&r, &s, A, "shift luxembourg paris").rule, "NY 13.5");
    assert_eq!(refuse(&r, &s, A, "shift lille france reduced paris").rule, "NY 7.1.1");
    apply(&r, &mut s, A, "stop");
    apply(&r, &mut s, A, "campaign william-iii");
}

// ---------------------------------------------------------------- 13.5.1

#[test]
fn ny_13_5_1_an_army_takes_the_command_of_its_two_best_leaders_in_corps() {
    // The seed's example: William III (6), a 4 and a minor leader (3) move
    // 10 corps, not more.
    let r = tiny();
    let mut s = round(&r, A);
    for l in ["william-iii", "waldeck", "villena"] {
        put_leader(&r, &mut s, l, "antwerp");
    }
    put(&r, &mut s, "dutch", "antwerp", 7);
    put(&r, &mut s, "spain", "antwerp", 4);
    checked(&r, &s);
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add waldeck");
    apply(&r, &mut s, A, "add villena");
    for _ in 0..7 {
        apply(&r, &mut s, A, "add dutch full");
    }
    for _ in 0..3 {
        apply(&r, &mut s, A, "add spain full");
    }
    assert_eq!(s.force.as_ref().map(|f| f.corps.len()), Some(10));
    assert_eq!(refuse(&r, &s, A, "add spain full").rule, "NY 13.5.1", "an 11th corps");
    // Without Waldeck, William and Villena (6 + 3) could not keep 10.
    assert_eq!(refuse(&r, &s, A, "drop waldeck").rule, "NY 13.5.1");
    apply(&r, &mut s, A, "drop spain full");
    apply(&r, &mut s, A, "drop waldeck");
    assert_eq!(s.force.as_ref().map(|f| f.corps.len()), Some(9));
}

#[test]
fn ny_13_5_1_one_leader_takes_his_own_command() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "amsterdam");
    put(&r, &mut s, "dutch", "amsterdam", 7);
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..6 {
        apply(&r, &mut s, A, "add dutch full");
    }
    assert_eq!(refuse(&r, &s, A, "add dutch full").rule, "NY 13.5.1");
}

#[test]
fn ny_13_5_1_a_campaign_moves_three_mp_not_four() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "eugene", "vienna");
    put(&r, &mut s, "austria", "vienna", 2);
    apply(&r, &mut s, A, "campaign eugene");
    apply(&r, &mut s, A, "add austria full");
    apply(&r, &mut s, A, "go munich");
    apply(&r, &mut s, A, "go innsbruck");
    apply(&r, &mut s, A, "go milan");
    assert_eq!(s.force.as_ref().map(|f| f.spent), Some(3));
    assert_eq!(refuse(&r, &s, A, "go innsbruck").rule, "NY 13.5.1");
    apply(&r, &mut s, A, "stop");
    assert_eq!(leader_at(&r, &s, "eugene").as_deref(), Some("milan"));
    assert_eq!(corps_in(&r, &s, "milan", A).len(), 1);
}

#[test]
fn ny_13_5_1_a_campaign_moves_or_besieges_not_both() {
    let r = tiny();
    let base = {
        let mut s = round(&r, A);
        own(&r, &mut s, "tournai", Control::Bourbon);
        put_leader(&r, &mut s, "william-iii", "tournai");
        put(&r, &mut s, "dutch", "tournai", 2);
        s
    };
    let mut s = base.clone();
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "go brussels");
    apply(&r, &mut s, A, "go tournai");
    assert_eq!(refuse(&r, &s, A, "siege").rule, "NY 13.5.1");
    // Without moving, the same army besieges.
    let mut s = base;
    apply(&r, &mut s, A, "campaign william-iii");
    apply(&r, &mut s, A, "add dutch full");
    apply(&r, &mut s, A, "add dutch full");
    let ev = apply(&r, &mut s, A, "siege");
    assert!(rules_of(&ev).contains(&"NY 17.3".to_string()));
    // Besieging, the army has not moved, and its action is over.
    assert!(s.force.is_none());
    assert_eq!(corps_in(&r, &s, "tournai", A).len(), 2);
}

// ---------------------------------------------------------------- 13.5.3

#[test]
fn ny_13_5_3_replacement_restores_and_rallies_a_reduced_corps_once_a_round() {
    let r = tiny();
    let mut s = round(&r, A);
    let c = put_reduced(&r, &mut s, "dutch", "brussels", 2);
    demoralise(&r, &mut s, &c, &[]);
    apply(&r, &mut s, A, "replace dutch brussels");
    let restored: Vec<_> = c.iter().filter(|&&c| !s.corps(c).reduced).collect();
    assert_eq!(restored.len(), 1);
    let st = s.corps(*restored[0]);
    assert!(!st.demoralised && st.activated, "{st:?}");
    assert_eq!(s.ap, 2);
    assert_eq!(refuse(&r, &s, A, "replace dutch brussels").rule, "NY 13.5.3", "one a round");
}

#[test]
fn ny_13_5_3_no_replacement_of_a_besieged_corps() {
    let r = tiny();
    let mut s = round(&r, A);
    put_reduced(&r, &mut s, "dutch", "namur", 1);
    apply(&r, &mut s.clone(), A, "replace dutch namur");
    put(&r, &mut s, "france", "namur", 1);
    assert_eq!(refuse(&r, &s, A, "replace dutch namur").rule, "NY 13.5.3");
}

#[test]
fn ny_13_5_3_replacement_needs_a_loc_to_the_corps_own_capital() {
    // Munich traces to Vienna but not to Amsterdam (Strasbourg is Bourbon).
    let r = tiny();
    let mut s = round(&r, A);
    put_reduced(&r, &mut s, "dutch", "munich", 1);
    put_reduced(&r, &mut s, "austria", "munich", 1);
    assert_eq!(refuse(&r, &s, A, "replace dutch munich").rule, "NY 13.5.3");
    apply(&r, &mut s, A, "replace austria munich");
}

#[test]
fn ny_13_5_3_no_replacement_in_an_overcrowded_space() {
    // Brussels (no fortress, not rich) holds 6 corps a side.
    let r = tiny();
    let mut s = round(&r, A);
    put_reduced(&r, &mut s, "dutch", "brussels", 1);
    put(&r, &mut s, "dutch", "brussels", 5);
    apply(&r, &mut s.clone(), A, "replace dutch brussels");
    put(&r, &mut s, "spain", "brussels", 1);
    assert_eq!(refuse(&r, &s, A, "replace dutch brussels").rule, "NY 13.5.3");
}

// ---------------------------------------------------------------- 13.5.4

#[test]
fn ny_13_5_4_rally_takes_half_the_command_rounded_up() {
    // The seed's example: Catinat (command 5) rallies himself and 3 corps.
    let r = tiny();
    for (leader, command) in [("luxembourg", 5usize), ("boufflers", 4)] {
        let mut s = round(&r, B);
        put_leader(&r, &mut s, leader, "lille");
        let c = put(&r, &mut s, "france", "lille", 6);
        demoralise(&r, &mut s, &c, &[leader]);
        let ev = apply(&r, &mut s, B, &format!("rally {leader}"));
        let rallied: Vec<_> = c.iter().filter(|&&c| !s.corps(c).demoralised).collect();
        assert_eq!(rallied.len(), command.div_ceil(2), "{leader}: {:?}", texts(&ev, "NY 13.5.4"));
        assert!(rallied.iter().all(|&&c| s.corps(c).activated));
        // The others stay demoralised and free to act.
        assert!(c.iter().filter(|&&c| s.corps(c).demoralised).all(|&c| !s.corps(c).activated));
        let l = leader_id(&r, leader);
        assert!(!s.leader(l).demoralised && s.leader(l).activated);
        assert_eq!(s.ap, 2);
    }
}

fn leader_id(r: &sandtable_nine_years::NineYears, id: &str) -> sandtable_nine_years::LeaderId {
    leader(r, id)
}

#[test]
fn ny_13_5_4_rally_once_a_round_even_with_several_leaders() {
    // The seed's example goes on: Boufflers and two more corps rally next round.
    let r = tiny();
    let mut s = round(&r, B);
    put_leader(&r, &mut s, "catinat", "lille");
    put_leader(&r, &mut s, "boufflers", "lille");
    let c = put(&r, &mut s, "france", "lille", 8);
    demoralise(&r, &mut s, &c, &["catinat", "boufflers"]);
    s.leaders[leader(&r, "catinat").index()].promoted = true;
    apply(&r, &mut s, B, "rally catinat");
    assert_eq!(c.iter().filter(|&&c| !s.corps(c).demoralised).count(), 3);
    assert_eq!(refuse(&r, &s, B, "rally boufflers").rule, "NY 13.5.4");
    apply(&r, &mut s, B, "end");
    apply(&r, &mut s, A, "play 2");
    apply(&r, &mut s, A, "end");
    apply(&r, &mut s, B, "play 2");
    apply(&r, &mut s, B, "rally boufflers");
    assert_eq!(c.iter().filter(|&&c| !s.corps(c).demoralised).count(), 5);
    assert!(!s.leader(leader(&r, "boufflers")).demoralised);
}

#[test]
fn ny_13_5_4_rally_works_in_an_overcrowded_space_and_on_other_powers_corps() {
    // Paris holds 6 corps a side; 7 overcrowd it. William rallies Spaniards.
    let r = tiny();
    let mut s = round(&r, B);
    put_leader(&r, &mut s, "boufflers", "paris");
    let c = put(&r, &mut s, "france", "paris", 7);
    demoralise(&r, &mut s, &c, &[]);
    apply(&r, &mut s, B, "rally boufflers");
    assert_eq!(c.iter().filter(|&&c| !s.corps(c).demoralised).count(), 2);

    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "brussels");
    let c = put(&r, &mut s, "spain", "brussels", 4);
    demoralise(&r, &mut s, &c, &[]);
    apply(&r, &mut s, A, "rally william-iii");
    assert_eq!(c.iter().filter(|&&c| !s.corps(c).demoralised).count(), 3);
}

#[test]
fn ny_13_5_4_rally_needs_something_demoralised() {
    let r = tiny();
    let mut s = round(&r, A);
    put_leader(&r, &mut s, "william-iii", "brussels");
    let c = put(&r, &mut s, "dutch", "brussels", 2);
    assert_eq!(refuse(&r, &s, A, "rally william-iii").rule, "NY 13.5.4");
    demoralise(&r, &mut s, &c[..1], &[]);
    apply(&r, &mut s, A, "rally william-iii");
    assert!(!s.corps(c[0]).demoralised);
}

// ---------------------------------------------------------------- 13.5.6

fn naval<'a>(ev: &'a [sandtable_core::Event]) -> Vec<&'a sandtable_core::Event> {
    ev.iter().filter(|e| e.rule.as_deref() == Some("NY 13.5.6") && !e.dice.is_empty()).collect()
}

/// The numbers of a naval battle's last roll: (fleet die, fleet strength, other die, other bonus).
fn naval_roll(ev: &[sandtable_core::Event]) -> (u8, u8, u8, u8) {
    let e = naval(ev).last().copied().expect("a naval roll");
    let t = e.text.en.to_string();
    // "... fleet 3+1 = 4 against 5+1 = 6"
    let words: Vec<&str> = t.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "against").expect("against");
    let num = |w: &str| -> (u8, u8) {
        let (a, b) = w.split_once('+').expect("a+b");
        (a.parse().expect("die"), b.parse().expect("bonus"))
    };
    let (a, sa) = num(words[at - 3]);
    let (b, sb) = num(words[at + 1]);
    assert_eq!(e.dice, [a, b]);
    (a, sa, b, sb)
}

#[test]
fn ny_13_5_6_the_fleet_adds_its_strength_the_other_side_control_and_gibraltar() {
    // The seed's example: the Alliance's strength-1 Mediterranean fleet in
    // Barcelona against the Bourbons' +1 for controlling the zone.
    let r = tiny();
    let mut s = round(&r, A);
    assert_eq!(s.fleet(fleet(&r, "allied-mediterranean-fleet")), FleetLoc::Port(1));
    let ev = apply(&r, &mut s.clone(), A, "deploy allied-mediterranean-fleet");
    let (_, strength, _, bonus) = naval_roll(&ev);
    assert_eq!((strength, bonus), (1, 1));
    // The Bourbons holding Gibraltar add one more.
    own(&r, &mut s, "gibraltar", Control::Bourbon);
    s.fleets[fleet(&r, "allied-mediterranean-fleet").index()] = FleetLoc::Port(2);
    let ev = apply(&r, &mut s, A, "deploy allied-mediterranean-fleet");
    assert_eq!(naval_roll(&ev).1, 2);
    assert_eq!(naval_roll(&ev).3, 2);
}

#[test]
fn ny_13_5_6_london_counts_for_its_holder_in_the_atlantic() {
    let r = tiny();
    let mut s = round(&r, A);
    let f = fleet(&r, "allied-atlantic-fleet");
    s.fleets[f.index()] = FleetLoc::Port(1);
    checked(&r, &s);
    // The Atlantic is uncontrolled; the Bourbons hold London: +1.
    let ev = apply(&r, &mut s.clone(), A, "deploy allied-atlantic-fleet");
    assert_eq!(naval_roll(&ev).3, 1);
    own(&r, &mut s, "london", Control::Alliance);
    let ev = apply(&r, &mut s.clone(), A, "deploy allied-atlantic-fleet");
    assert_eq!(naval_roll(&ev).3, 0);
    // The Bourbons' Brest fleet, with the Alliance holding London: +1 for it.
    let mut s = round(&r, B);
    own(&r, &mut s, "london", Control::Alliance);
    s.fleets[fleet(&r, "brest-fleet").index()] = FleetLoc::Port(2);
    let ev = apply(&r, &mut s, B, "deploy brest-fleet");
    assert_eq!((naval_roll(&ev).1, naval_roll(&ev).3), (2, 1));
}

fn fleet(r: &sandtable_nine_years::NineYears, id: &str) -> sandtable_nine_years::FleetId {
    r.scenario.fleet_by_id(id).expect("fleet")
}

#[test]
fn ny_13_5_6_the_active_player_winning_takes_the_zone_and_a_vp() {
    let r = tiny();
    let s = round(&r, A);
    let med = fleet(&r, "allied-mediterranean-fleet");
    let (won, ev) = seek(&r, &s, A, "deploy allied-mediterranean-fleet", |_, ev| {
        let (a, sa, b, sb) = naval_roll(ev);
        a + sa == b + sb + 1
    });
    assert_eq!(won.sea[Sea::Mediterranean.index()], Control::Alliance, "{:?}", texts(&ev, "NY 13.5.6"));
    assert_eq!(won.vp, s.vp + 1);
    assert_eq!(won.fleet(med), FleetLoc::Control, "10.1: the controller's fleet sits in the box");
    assert_eq!(won.fleet(fleet(&r, "toulon-fleet")), FleetLoc::Pool);
    assert_eq!(won.ap, 2);
    checked(&r, &won);
    // Losing by one changes nothing but the fleet, back to the pool.
    let (lost, _) = seek(&r, &s, A, "deploy allied-mediterranean-fleet", |_, ev| {
        let (a, sa, b, sb) = naval_roll(ev);
        a + sa + 1 == b + sb
    });
    assert_eq!((lost.sea[Sea::Mediterranean.index()], lost.vp), (Control::Bourbon, s.vp));
    assert_eq!(lost.fleet(med), FleetLoc::Pool);
    assert_eq!(lost.fleet(fleet(&r, "toulon-fleet")), FleetLoc::Control);
}

#[test]
fn ny_13_5_6_a_bourbon_win_moves_the_vp_toward_the_bourbons() {
    let r = tiny();
    let mut s = round(&r, B);
    s.fleets[fleet(&r, "brest-fleet").index()] = FleetLoc::Port(1);
    let (won, _) = seek(&r, &s, B, "deploy brest-fleet", |t, _| t.sea[Sea::Atlantic.index()] == Control::Bourbon);
    assert_eq!(won.vp, s.vp - 1);
    assert_eq!(won.fleet(fleet(&r, "brest-fleet")), FleetLoc::Control);
}

#[test]
fn ny_13_5_6_ties_are_rolled_again() {
    let r = tiny();
    let s = round(&r, A);
    let (t, ev) = seek(&r, &s, A, "deploy allied-mediterranean-fleet", |_, ev| naval(ev).len() >= 2);
    let rolls = naval(&ev);
    let first = &rolls[0].dice;
    assert_eq!(first[0] + 1, first[1] + 1, "only a tie is rolled again: {:?}", texts(&ev, "NY 13.5.6"));
    let (a, sa, b, sb) = naval_roll(&ev);
    assert_ne!(a + sa, b + sb, "the last roll decides");
    assert_eq!(t.sea[Sea::Mediterranean.index()] == Control::Alliance, a + sa > b + sb);
}

#[test]
fn ny_13_5_6_only_a_prepared_fleet_of_ones_own_is_deployed() {
    let r = tiny();
    let s = round(&r, A);
    assert_eq!(refuse(&r, &s, A, "deploy allied-atlantic-fleet").rule, "NY 13.5.6", "in the pool");
    assert_eq!(refuse(&r, &s, A, "deploy toulon-fleet").rule, "NY 13.5.6", "the enemy's");
    let s = round(&r, B);
    assert_eq!(refuse(&r, &s, B, "deploy toulon-fleet").rule, "NY 13.5.6", "in the control box");
}

// ---------------------------------------------------------------- 16.5

#[test]
fn ny_16_5_a_campaign_cannot_be_left_to_a_demoralised_leader() {
    let r = tiny();
    // William III fresh, Waldeck demoralised, both in the Campaign with a corps.
    let setup = |r: &sandtable_nine_years::NineYears, waldeck_demoralised: bool| {
        let mut s = round(r, A);
        put_leader(r, &mut s, "william-iii", "antwerp");
        put_leader(r, &mut s, "waldeck", "antwerp");
        put(r, &mut s, "dutch", "antwerp", 2);
        checked(r, &s);
        apply(r, &mut s, A, "campaign william-iii");
        apply(r, &mut s, A, "add waldeck");
        apply(r, &mut s, A, "add dutch full");
        if waldeck_demoralised {
            demoralise(r, &mut s, &[], &["waldeck"]);
        }
        s
    };
    let s = setup(&r, true);
    assert_eq!(refuse(&r, &s, A, "drop william-iii").rule, "NY 16.5");
    // The demoralised one may be dropped, leaving the fresh one at the head.
    let mut t = s.clone();
    apply(&r, &mut t, A, "drop waldeck");
    assert_eq!(t.force.as_ref().map(|f| f.leaders.len()), Some(1));
    // Two fresh leaders: either may be dropped.
    let mut s = setup(&r, false);
    apply(&r, &mut s, A, "drop william-iii");
    assert_eq!(s.force.as_ref().map(|f| f.leaders.to_vec()), Some(vec![leader(&r, "waldeck")]));
    apply(&r, &mut s, A, "go brussels");
    assert_eq!(leader_at(&r, &s, "waldeck").as_deref(), Some("brussels"));
}
