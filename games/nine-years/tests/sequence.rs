//! 5.0 The sequence of play: the Event phase and its steps 1a–1f, the
//! Reinforcement phase (2), the Campaign phase (3), Winter Quarters (5);
//! and 20, the first year (no Event phase, three cards).

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::Ruleset;
use sandtable_nine_years::{Control, LeaderLoc, Loc, Phase, Savoy, Side};

#[test]
fn ny_5_0_a_turn_runs_the_event_reinforcement_campaign_and_winter_phases_in_order() {
    let r = tiny();
    let mut s = event_phase(&r, 3, 1689);
    let mut seen: Vec<(Phase, Option<Side>)> = Vec::new();
    quietly(&r, &mut s, |s| {
        let step = (s.phase, to_act(&r, s));
        if s.phase != Phase::FirstPlayer && seen.last() != Some(&step) {
            seen.push(step);
        }
        s.year == 1690
    });
    let (a, b) = (Some(Side::Alliance), Some(Side::Bourbon));
    // The Bourbons hold the initiative in 1689; `quietly` lets the Alliance go first.
    let want = vec![
        (Phase::EventOrder, b),
        (Phase::Kww, a),
        (Phase::Kww, b),
        (Phase::ReinforceOrder, b),
        (Phase::Spend, a),
        (Phase::Leaders, a),
        (Phase::Spend, b),
        (Phase::Place, b),
        (Phase::Leaders, b),
    ];
    assert_eq!(seen[..want.len()], want[..], "{seen:?}");
    let mut rest: Vec<Phase> = seen[want.len()..].iter().map(|x| x.0).collect();
    rest.dedup();
    // Both choose a card face down, the rounds alternate, and Winter
    // Quarters of 1689 ask nothing: the next year begins.
    assert_eq!(rest, [Phase::Show, Phase::Round, Phase::EventOrder], "{seen:?}");
    assert_eq!(seen.last(), Some(&(Phase::EventOrder, b)));
    assert_eq!(s.year, 1690);
}

#[test]
fn ny_5_0_a_decision_of_another_step_is_refused() {
    let r = tiny();
    let mut s = event_phase(&r, 1, 1689);
    for text in ["done", "kww pass", "play 2", "form france paris full", "peace none"] {
        assert_eq!(refuse(&r, &s, Side::Bourbon, text).rule, "NY 5.0", "{text} in the Event phase's first step");
    }
    apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert_eq!(s.phase, Phase::Kww);
    for text in ["done", "first alliance", "play 1", "show 1", "savoy stays"] {
        assert_eq!(refuse(&r, &s, Side::Bourbon, text).rule, "NY 5.0", "{text} in step 1c");
    }
    let mut s = spend_phase(&r, 1, 1689, Side::Bourbon);
    for text in ["kww pass", "play 2", "show 2", "place france paris", "first alliance", "peace card"] {
        assert_eq!(refuse(&r, &s, Side::Bourbon, text).rule, "NY 5.0", "{text} while spending RP");
    }
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"form france paris full".to_owned()));
    apply(&r, &mut s, Side::Bourbon, "done");
    assert_eq!(s.phase, Phase::Place);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "form france paris full").rule, "NY 5.0", "forming is step 2a, not 2b");
    assert!(legal_text(&r, &s, Side::Bourbon).contains(&"place france paris".to_owned()));
}

#[test]
fn ny_5_0_only_the_player_owing_the_decision_acts() {
    let r = tiny();
    let mut s = event_phase(&r, 1, 1689);
    assert_eq!(to_act(&r, &s), Some(Side::Bourbon), "the initiative player chooses");
    assert_eq!(refuse(&r, &s, Side::Alliance, "first alliance").rule, "NY 5.0");
    apply(&r, &mut s, Side::Bourbon, "first alliance");
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Kww, Some(Side::Alliance)));
    assert_eq!(refuse(&r, &s, Side::Bourbon, "kww pass").rule, "NY 5.0");
    assert!(legal(&r, &s, Side::Bourbon).is_empty());
}

#[test]
fn ny_5_0_steps_nobody_decides_run_by_themselves() {
    let r = tiny();
    let mut s = event_phase(&r, 2, 1689);
    s.kww_used = [true, true];
    stack_events(&r, &mut s, &["dutch-subsidies", "louvois"]);
    let ev = apply(&r, &mut s, Side::Bourbon, "first alliance");
    // 1c asks nobody (both have used it); 1d, 1e, 1f run; the Reinforcement phase waits for its choice.
    assert_eq!(s.phase, Phase::ReinforceOrder, "{ev:?}");
    assert_eq!(citing(&ev, "NY 18.3").len(), 1, "the KWW roll");
    assert_eq!(citing(&ev, "NY 9.2.1").iter().filter(|e| e.text.en.contains("draws")).count(), 2, "{ev:?}");
    // The Alliance has nothing to place in 1689: its step 2b passes by itself.
    apply(&r, &mut s, Side::Bourbon, "first alliance");
    apply(&r, &mut s, Side::Alliance, "done");
    assert_eq!((s.phase, s.ordered()), (Phase::Leaders, Side::Alliance));
    // The Bourbons have a corps due: their step 2b waits.
    apply(&r, &mut s, Side::Alliance, "done");
    apply(&r, &mut s, Side::Bourbon, "done");
    assert_eq!((s.phase, s.ordered()), (Phase::Place, Side::Bourbon));
}

#[test]
fn ny_5_0_spending_with_no_resource_points_is_skipped() {
    let r = tiny();
    // 1689, the Bourbons' initiative: the Alliance (6 RP) goes first, the
    // Bourbons (3 + 2 rich spaces) second; events take `cut` RP away.
    let reinforce = |cut: [i8; 2]| {
        let mut s = start(&r, 1);
        s.year = 1689;
        s.rp_events = cut;
        apply(&r, &mut s, Side::Bourbon, "first alliance");
        s
    };
    // With 1 RP each, each is asked to spend it.
    let mut s = reinforce([-5, -4]);
    assert_eq!(s.rp, [1, 1]);
    assert_eq!((s.phase, s.ordered()), (Phase::Spend, Side::Alliance));
    apply(&r, &mut s, Side::Alliance, "done");
    apply(&r, &mut s, Side::Alliance, "done");
    assert_eq!((s.phase, s.ordered()), (Phase::Spend, Side::Bourbon));
    // With none, the Alliance's Spend step passes, and so does its Place
    // step (nothing due in 1689): it is at its leaders.
    let mut s = reinforce([-6, -5]);
    assert_eq!(s.rp, [0, 0]);
    assert_eq!((s.phase, s.ordered()), (Phase::Leaders, Side::Alliance));
    assert_eq!(refuse(&r, &s, Side::Alliance, "form dutch amsterdam full").rule, "NY 5.0", "no Spend step now");
    // The Bourbons' Spend step, with no RP, passes to their Place step (a French corps is due).
    apply(&r, &mut s, Side::Alliance, "done");
    assert_eq!((s.phase, s.ordered()), (Phase::Place, Side::Bourbon));
}

#[test]
fn ny_5_0_1a_savoy_joins_the_alliance_in_1690_and_not_before() {
    let r = tiny();
    let (turin, pinerolo) = (space(&r, "turin"), space(&r, "pinerolo"));
    // 1688 → 1689: Savoy stays neutral.
    let mut s = start(&r, 1);
    let ev = end_campaign(&r, &mut s);
    assert_eq!((s.year, s.savoy), (1689, Savoy::Neutral));
    assert_eq!((s.control(turin), s.control(pinerolo)), (Control::None, Control::None));
    assert!(citing(&ev, "NY 7.2.1").is_empty());
    // 1689 → 1690: it joins, and the VP marker does not move for it (6.1.2).
    let mut s = start(&r, 1);
    s.year = 1689;
    let before = s.vp;
    let ev = end_campaign(&r, &mut s);
    assert_eq!((s.year, s.phase, s.savoy), (1690, Phase::EventOrder, Savoy::Allied));
    assert_eq!((s.control(turin), s.control(pinerolo)), (Control::Alliance, Control::Alliance));
    assert!(said(&ev, "NY 7.2.1", "Savoy joins the Alliance"), "{ev:?}");
    assert!(said(&ev, "NY 19c", "London"), "the only VP change is Winter Quarters' London");
    assert_eq!(s.vp, before - 2);
    // Its corps and Victor Amadeus are now the Alliance's.
    let mut t = s.clone();
    round_of(&mut t, Side::Alliance, 1);
    assert!(legal_text(&r, &t, Side::Alliance).contains(&"campaign victor-amadeus".to_owned()));
    assert_eq!(r.validate(&s), Ok(()));
}

#[test]
fn ny_5_0_1b_the_late_event_cards_are_shuffled_in_in_1693() {
    let r = tiny();
    let late: Vec<_> = ["guerre-de-course", "zenta", "siege-train"].iter().map(|id| event_id(&r, id)).collect();
    let mut s = start(&r, 5);
    s.year = 1691;
    end_campaign(&r, &mut s);
    assert_eq!(s.year, 1692);
    assert!(!s.late_added && late.iter().all(|e| !s.event_deck.cards().any(|c| c == e)), "not yet in 1692");
    let mut buried = 0;
    for seed in 0..8 {
        let mut s = start(&r, seed);
        s.year = 1692;
        savoy_allied(&r, &mut s);
        let early = s.event_deck.len();
        let ev = end_campaign(&r, &mut s);
        assert_eq!((s.year, s.phase), (1693, Phase::EventOrder));
        assert!(s.late_added && citing(&ev, "NY 5.0 1b").len() == 1, "{ev:?}");
        assert_eq!(s.event_deck.len(), early + late.len());
        let cards: Vec<_> = s.event_deck.cards().copied().collect();
        assert!(late.iter().all(|e| cards.contains(e)));
        // Reshuffled, not put at the bottom: some late card lies above an early one.
        if cards[..early].iter().any(|c| late.contains(c)) {
            buried += 1;
        }
        assert_eq!(r.validate(&s), Ok(()));
    }
    assert!(buried > 0, "the deck is reshuffled with the late cards");
}

/// The Event phase of 1689 with Marlborough on the map (after the
/// Revolution), up to the last KWW decision; the next two dice given.
fn marlborough_roll(
    r: &sandtable_nine_years::NineYears,
    on_map: bool,
    dice: &[u8],
) -> (sandtable_nine_years::State, Vec<sandtable_core::Event>) {
    let mut s = event_phase(r, 4, 1689);
    s.revolution = true;
    s.revolution_year = 1688;
    if on_map {
        put_leader(r, &mut s, "marlborough", "amsterdam");
    }
    apply(r, &mut s, Side::Bourbon, "first alliance");
    apply(r, &mut s, Side::Alliance, "kww pass");
    s.dice = dice_rolling(dice);
    let ev = apply(r, &mut s, Side::Bourbon, "kww pass");
    (s, ev)
}

#[test]
fn ny_5_0_1e_marlborough_leaves_the_game_on_a_5_or_6() {
    let r = tiny();
    let m = leader(&r, "marlborough");
    for (die, gone) in [(1, false), (4, false), (5, true), (6, true)] {
        let (s, ev) = marlborough_roll(&r, true, &[3, die]);
        let rolls = citing(&ev, "NY 5.0 1e");
        assert_eq!(rolls.len(), 1, "{ev:?}");
        assert_eq!(rolls[0].dice, vec![die]);
        if gone {
            assert_eq!(s.leader(m).loc, LeaderLoc::Removed, "a {die} removes him");
            assert!(rolls[0].text.en.contains("leaves the game"));
        } else {
            assert_eq!(s.leader(m).loc, LeaderLoc::Space(space(&r, "amsterdam")), "a {die} keeps him");
        }
    }
    // Not on the map: no roll.
    let (s, ev) = marlborough_roll(&r, false, &[3, 6]);
    assert!(citing(&ev, "NY 5.0 1e").is_empty(), "{ev:?}");
    assert_ne!(s.leader(m).loc, LeaderLoc::Removed);
}

#[test]
fn ny_5_0_1f_each_player_draws_one_event_card_in_the_chosen_order() {
    let r = tiny();
    let forced = event_id(&r, "forced-march");
    for first in Side::ALL {
        let mut s = event_phase(&r, 6, 1689);
        stack_events(&r, &mut s, &["forced-march", "dutch-subsidies"]);
        let before = s.event_deck.len();
        apply(&r, &mut s, Side::Bourbon, &format!("first {}", first.id()));
        apply(&r, &mut s, first, "kww pass");
        apply(&r, &mut s, first.other(), "kww pass");
        assert_eq!(s.event_deck.len(), before - 2, "one card each");
        // The first drawer holds the hold-until-played card; the other card is played at once.
        assert_eq!(s.held[first.index()].to_vec(), vec![forced]);
        assert!(s.held[first.other().index()].is_empty());
        assert_eq!(s.rp_events, [2, 0], "Dutch Subsidies help the Alliance whoever drew it");
        assert_eq!(s.phase, Phase::ReinforceOrder);
    }
}

#[test]
fn ny_5_0_2_each_player_spends_places_and_moves_leaders_in_turn_the_initiative_player_choosing_who_first() {
    let r = tiny();
    for first in Side::ALL {
        let mut s = start(&r, 1);
        s.year = 1689;
        assert_eq!(to_act(&r, &s), Some(Side::Bourbon), "the Bourbons hold the initiative in 1689");
        assert_eq!(refuse(&r, &s, Side::Alliance, &format!("first {}", first.id())).rule, "NY 5.0");
        apply(&r, &mut s, Side::Bourbon, &format!("first {}", first.id()));
        let mut steps = Vec::new();
        quietly(&r, &mut s, |s| {
            if matches!(s.phase, Phase::Spend | Phase::Place | Phase::Leaders) {
                let step = (s.ordered(), s.phase);
                if steps.last() != Some(&step) {
                    steps.push(step);
                }
            }
            s.phase == Phase::Show
        });
        let second = first.other();
        let mut want = vec![(first, Phase::Spend)];
        // Only the Bourbons have a corps to place in 1689.
        if first == Side::Bourbon {
            want.push((first, Phase::Place));
        }
        want.extend([(first, Phase::Leaders), (second, Phase::Spend)]);
        if second == Side::Bourbon {
            want.push((second, Phase::Place));
        }
        want.push((second, Phase::Leaders));
        assert_eq!(steps, want);
    }
}

#[test]
fn ny_5_0_3_the_campaign_phase_deals_finds_the_first_player_then_plays_rounds() {
    let r = tiny();
    let mut s = start(&r, 9);
    s.year = 1689;
    quietly(&r, &mut s, |s| s.phase == Phase::Show);
    // 3a: five cards each in 1689.
    assert_eq!((s.hand_len(Side::Alliance), s.hand_len(Side::Bourbon)), (5, 5));
    // 3b: both choose a card face down; the higher goes first and must play it.
    s.hands = [[1, 3, 1], [2, 2, 1]];
    apply(&r, &mut s, Side::Bourbon, "show 2");
    assert_eq!(s.phase, Phase::Show, "the second card is still to be chosen");
    apply(&r, &mut s, Side::Alliance, "show 3");
    assert_eq!((s.phase, s.active, s.must_play), (Phase::Round, Side::Alliance, Some(3)));
    // 3c: the rounds.
    assert_eq!(refuse(&r, &s, Side::Alliance, "play 2").rule, "NY 13.2.1");
    apply(&r, &mut s, Side::Alliance, "play 3");
    apply(&r, &mut s, Side::Alliance, "end");
    assert_eq!((s.phase, s.active), (Phase::Round, Side::Bourbon));
}

#[test]
fn ny_20_the_first_year_has_no_event_phase_and_deals_three_cards() {
    let r = tiny();
    let mut s = start(&r, 11);
    let early = r.scenario.events.iter().filter(|e| !e.late).count();
    assert_eq!((s.year, s.phase), (1688, Phase::ReinforceOrder), "1688 starts with the Reinforcement phase");
    assert_eq!(s.event_deck.len(), early, "no event card drawn");
    assert!(s.held.iter().all(|h| h.is_empty()));
    assert_eq!(s.kww, 0, "no KWW roll");
    quietly(&r, &mut s, |s| s.phase == Phase::Show || s.phase == Phase::Round);
    assert_eq!((s.hand_len(Side::Alliance), s.hand_len(Side::Bourbon)), (3, 3));
    // The counters stand where the file puts them; the 1689 arrival waits.
    assert_eq!(count_in(&r, &s, "france", "lille"), 4);
    assert_eq!(corps_at(&r, &s, "france", Loc::Pool).len(), 3);
    assert_eq!(corps_at(&r, &s, "france", Loc::Waiting).len(), 1);
    assert_eq!(leader_loc(&r, &s, "noailles"), LeaderLoc::Waiting);
    // 1689 has its Event phase and five cards.
    let mut s = start(&r, 11);
    quietly(&r, &mut s, |s| s.year == 1689);
    assert_eq!(s.phase, Phase::EventOrder);
    quietly(&r, &mut s, |s| s.phase == Phase::Show || s.phase == Phase::Round);
    assert_eq!(s.hand_len(Side::Alliance) + s.hand_len(Side::Bourbon), 10, "five each (no KWW or event loss at box 0)");
}
