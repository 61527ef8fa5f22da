//! 9 The Event phase: drawing (9.1), playing at once or holding until
//! played (9.2.1), unplayable cards (9.2.2), the four long-term events
//! (9.2.3); and what a seat may see of the cards the other holds.

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::{Ruleset, Viewer};
use sandtable_nine_years::{Control, FleetLoc, LeaderLoc, Loc, LongTerm, Phase, Side, State};

#[test]
fn ny_9_1_each_player_draws_one_card_the_initiative_player_choosing_who_first() {
    let r = tiny();
    let forced = event_id(&r, "forced-march");
    // 1694: the Alliance holds the initiative and chooses.
    for first in Side::ALL {
        let mut s = event_phase(&r, 5, 1694);
        s.kww_used = [true; 2];
        stack_events(&r, &mut s, &["forced-march", "louvois"]);
        let before = s.event_deck.len();
        assert_eq!(refuse(&r, &s, Side::Bourbon, "first bourbon").rule, "NY 5.0");
        let ev = apply(&r, &mut s, Side::Alliance, &format!("first {}", first.id()));
        assert!(said(&ev, "NY 9.1", "draws first"), "{ev:?}");
        assert_eq!(s.event_deck.len(), before - 2);
        assert_eq!(s.held[first.index()].to_vec(), vec![forced], "{first:?} drew the top card");
        assert!(s.held[first.other().index()].is_empty());
        assert!(s.has(LongTerm::Louvois), "the second card, drawn by the other");
    }
}

#[test]
fn ny_9_1_no_event_phase_in_the_first_year() {
    let r = tiny();
    let mut s = start(&r, 5);
    let deck: Vec<_> = s.event_deck.cards().copied().collect();
    let mut phases = Vec::new();
    quietly(&r, &mut s, |s| {
        if s.year == 1688 {
            phases.push(s.phase);
        }
        s.year == 1689
    });
    assert!(!phases.contains(&Phase::EventOrder) && !phases.contains(&Phase::Kww), "{phases:?}");
    assert_eq!(s.event_deck.cards().copied().collect::<Vec<_>>(), deck, "no card drawn in 1688");
    assert_eq!(s.phase, Phase::EventOrder, "from 1689");
}

#[test]
fn ny_9_2_1_a_hold_card_is_kept_until_its_holder_plays_it_in_his_round() {
    let r = tiny();
    let forced = event_id(&r, "forced-march");
    let mut s = event_phase(&r, 5, 1689);
    s.kww_used = [true; 2];
    stack_events(&r, &mut s, &["forced-march", "louvois"]);
    let ev = apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert_eq!(s.held.map(|h| h.to_vec()), [vec![], vec![forced]]);
    assert!(!s.gone.contains(&forced));
    // The holder alone reads what it is.
    let private = citing(&ev, "NY 9.2.1").into_iter().find(|e| e.text.en.contains("Forced March")).expect("told");
    assert!(
        private.seen_by(Viewer::Seat(Side::Bourbon.seat())) && !private.seen_by(Viewer::Seat(Side::Alliance.seat()))
    );
    // Kept as long as he likes: still held next year.
    end_campaign(&r, &mut s);
    assert_eq!(s.held[Side::Bourbon.index()].to_vec(), vec![forced]);
    // Not in the other's round; in his own, at any moment.
    round_of(&mut s, Side::Alliance, 1);
    assert_eq!(refuse(&r, &s, Side::Bourbon, "event forced-march").rule, "NY 5.0");
    assert_eq!(refuse(&r, &s, Side::Alliance, "event forced-march").rule, "NY 9.2.1", "the Alliance does not hold it");
    round_of(&mut s, Side::Bourbon, 2);
    let ev = apply(&r, &mut s, Side::Bourbon, "event forced-march");
    assert!(said(&ev, "NY 9.2.1", "Forced March"), "{ev:?}");
    assert_eq!(s.ap, 3, "one more action this round");
    // Played, it leaves the game.
    assert!(s.held[Side::Bourbon.index()].is_empty() && s.gone.contains(&forced));
    assert!(!s.event_deck.cards().any(|&e| e == forced));
    assert_eq!(r.validate(&s), Ok(()));
}

#[test]
fn ny_9_2_1_any_other_card_is_played_at_once_whoever_benefits_and_leaves_the_game() {
    let r = tiny();
    let subsidies = event_id(&r, "dutch-subsidies");
    let mut s = event_phase(&r, 5, 1689);
    s.kww_used = [true; 2];
    stack_events(&r, &mut s, &["dutch-subsidies", "louvois"]);
    let ev = apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert!(said(&ev, "NY 9.2.1", "Dutch Subsidies"), "{ev:?}");
    assert!(s.held.iter().all(|h| h.is_empty()), "nothing held");
    assert_eq!(s.rp_events, [2, 0], "drawn by the Bourbons, it helps the Alliance");
    assert_eq!(s.gone.to_vec(), vec![subsidies, event_id(&r, "louvois")]);
    let ev = apply(&r, &mut s, Side::Bourbon, "first alliance");
    assert!(said(&ev, "NY 12.3.1", "Alliance 8"), "{ev:?}");
    // Played cards never come back: not even when the late cards are shuffled in.
    s.year = 1692;
    end_campaign(&r, &mut s);
    assert_eq!(s.year, 1693);
    assert!(s.late_added && !s.event_deck.cards().any(|&e| e == subsidies));
    assert_eq!(r.validate(&s), Ok(()));
}

/// A round in 1688 after the late cards were added, each side holding a
/// hold-until-played event: the Alliance the Siege Train, the Bourbons
/// Forced March.
fn both_holding(r: &sandtable_nine_years::NineYears, seed: u64) -> State {
    let mut s = start(r, seed);
    quietly(r, &mut s, |s| s.phase == Phase::Round);
    let forced = event_id(r, "forced-march");
    let train = event_id(r, "siege-train");
    let mut cards: Vec<_> = s.event_deck.cards().copied().filter(|&e| e != forced).collect();
    cards.extend(["guerre-de-course", "zenta"].map(|id| event_id(r, id)));
    s.event_deck = sandtable_core::Deck::new(cards);
    s.late_added = true;
    s.held = [[train].into_iter().collect(), [forced].into_iter().collect()];
    assert_eq!(r.validate(&s), Ok(()));
    s
}

#[test]
fn ny_9_2_1_a_seat_never_sees_the_opponents_hand_or_held_events() {
    let r = tiny();
    let s = both_holding(&r, 13);
    for (me, mine, theirs) in
        [(Side::Alliance, "siege-train", "forced-march"), (Side::Bourbon, "forced-march", "siege-train")]
    {
        let v = r.view(&s, Viewer::Seat(me.seat()));
        assert_eq!(v.hand, Some(s.hands[me.index()]));
        assert_eq!(v.held, vec![mine.to_owned()]);
        assert_eq!(v.held_sizes, [1, 1]);
        assert_eq!(v.hand_sizes, [s.hand_len(Side::Alliance), s.hand_len(Side::Bourbon)]);
        let json = serde_json::to_string(&v).expect("json");
        assert!(!json.contains(theirs), "{me:?} sees {theirs}");
    }
    let v = r.view(&s, Viewer::Spectator);
    assert_eq!((v.hand, v.held.len()), (None, 0));
    let json = serde_json::to_string(&v).expect("json");
    assert!(!json.contains("siege-train") && !json.contains("forced-march"));
}

#[test]
fn ny_9_2_1_resampling_the_hidden_cards_keeps_what_the_seat_sees() {
    let r = tiny();
    let s = both_holding(&r, 13);
    for me in Side::ALL {
        let viewer = Viewer::Seat(me.seat());
        let seen = r.view(&s, viewer);
        let mut varied = false;
        for seed in 0..20 {
            let t = r.resample_hidden(&s, viewer, seed);
            assert_eq!(r.view(&t, viewer), seen, "{me:?}, seed {seed}");
            assert_eq!(r.validate(&t), Ok(()));
            assert_eq!((t.hands[me.index()], &t.held[me.index()]), (s.hands[me.index()], &s.held[me.index()]));
            let other = me.other().index();
            varied |= t.hands[other] != s.hands[other] || t.held[other] != s.held[other];
        }
        assert!(varied, "{me:?}: what it cannot see is redealt");
    }
}

#[test]
fn ny_9_2_2_a_card_whose_conditions_fail_leaves_the_game_unplayed() {
    let r = tiny();
    let scotland = event_id(&r, "scotland-rises");
    let claverhouse = leader(&r, "claverhouse");
    // Before the Revolution: it cannot be played.
    let mut s = event_phase(&r, 5, 1689);
    s.kww_used = [true; 2];
    stack_events(&r, &mut s, &["scotland-rises", "louvois"]);
    let before = s.event_deck.len();
    let ev = apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert!(said(&ev, "NY 9.2.2", "cannot be played"), "{ev:?}");
    assert!(s.gone.contains(&scotland) && s.held.iter().all(|h| h.is_empty()));
    assert_eq!(s.leader(claverhouse).loc, LeaderLoc::Waiting);
    assert_eq!(corps_at(&r, &s, "jacobite", Loc::Waiting).len(), 1);
    assert_eq!(s.event_deck.len(), before - 2, "the drawer draws no other card");
    assert!(s.has(LongTerm::Louvois));
    // After it, with the Highlands Bourbon: played.
    let mut s = event_phase(&r, 5, 1689);
    s.kww_used = [true; 2];
    s.revolution = true;
    s.revolution_year = 1688;
    stack_events(&r, &mut s, &["scotland-rises", "louvois"]);
    apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert_eq!(s.leader(claverhouse).loc, LeaderLoc::Space(space(&r, "highlands")));
    assert_eq!(count_in(&r, &s, "jacobite", "highlands"), 1);
    assert!(corps_at(&r, &s, "jacobite", Loc::Waiting).is_empty(), "the fifth Jacobite corps, set aside for it");
    assert!(s.gone.contains(&scotland));
    // After it, with the Highlands lost: unplayable again.
    let mut s = event_phase(&r, 5, 1689);
    s.kww_used = [true; 2];
    s.revolution = true;
    set_control(&r, &mut s, &["highlands"], Control::Alliance);
    stack_events(&r, &mut s, &["scotland-rises", "louvois"]);
    let ev = apply(&r, &mut s, Side::Bourbon, "first bourbon");
    assert!(said(&ev, "NY 9.2.2", "cannot be played"), "{ev:?}");
    assert_eq!(s.leader(claverhouse).loc, LeaderLoc::Waiting);
}

#[test]
fn ny_9_2_3_guerre_de_course_costs_the_alliance_1_rp_each_turn() {
    let r = tiny();
    let (_, ev) = reinforce_with(&r, 1694, Side::Alliance, |_| {});
    assert!(said(&ev, "NY 12.3.1", "Alliance 6,"), "{ev:?}");
    // Drawn in 1693, it lasts.
    let mut s = event_phase(&r, 5, 1694);
    s.kww_used = [true; 2];
    stack_events(&r, &mut s, &["guerre-de-course", "louvois"]);
    apply(&r, &mut s, Side::Alliance, "first alliance");
    assert!(s.has(LongTerm::GuerreDeCourse));
    let ev = apply(&r, &mut s, Side::Alliance, "first alliance");
    assert!(said(&ev, "NY 12.3.1", "Alliance 5,"), "{ev:?}");
    end_campaign(&r, &mut s);
    assert_eq!(s.year, 1695);
    quietly(&r, &mut s, |s| s.phase == Phase::Spend);
    assert_eq!(s.rp[Side::Alliance.index()], 5, "and the next year");
}

#[test]
fn ny_9_2_3_zenta_lets_austria_form_2_corps_a_turn() {
    let r = tiny();
    let austria = power(&r, "austria");
    for zenta in [false, true] {
        let (mut s, _) = reinforce_with(&r, 1694, Side::Alliance, |s| {
            if zenta {
                s.long_term |= LongTerm::Zenta.bit();
            }
        });
        assert_eq!(r.form_limit(&s, austria), 1 + u8::from(zenta));
        assert_eq!(r.form_limit(&s, power(&r, "dutch")), 1, "only Austria");
        assert_eq!(r.form_limit(&s, power(&r, "france")), 2);
        shift(&r, &mut s, "austria", on(&r, "vienna"), Loc::Pool, 2);
        apply(&r, &mut s, Side::Alliance, "form austria vienna reduced");
        if zenta {
            apply(&r, &mut s, Side::Alliance, "form austria vienna reduced");
        }
        let rule = if zenta { "NY 9.2.3" } else { "NY 12.3.4" };
        assert_eq!(refuse(&r, &s, Side::Alliance, "form austria vienna reduced").rule, rule, "Zenta {zenta}");
    }
}

#[test]
fn ny_9_2_3_beachy_head_gives_the_atlantic_to_the_bourbons_now_and_every_winter() {
    let r = tiny();
    // Played: the Atlantic passes to the Bourbons at once.
    let mut s = event_phase(&r, 5, 1690);
    s.kww_used = [true; 2];
    stack_events(&r, &mut s, &["beachy-head", "louvois"]);
    apply(&r, &mut s, Side::Bourbon, "first alliance");
    assert!(s.has(LongTerm::BeachyHead));
    assert_eq!(s.sea[0], Control::Bourbon);
    assert_eq!(s.fleet(fleet_id(&r, "brest-fleet")), FleetLoc::Control);
    // Every Winter Quarters, even with London Allied.
    for beachy in [false, true] {
        let mut s = start(&r, 5);
        s.year = 1691;
        savoy_allied(&r, &mut s);
        set_control(&r, &mut s, &["london"], Control::Alliance);
        shift(&r, &mut s, "jacobite", on(&r, "london"), on(&r, "york"), 2);
        put_leader(&r, &mut s, "james-ii", "york");
        if beachy {
            s.long_term |= LongTerm::BeachyHead.bit();
        }
        end_campaign(&r, &mut s);
        assert_eq!(s.sea[0], if beachy { Control::Bourbon } else { Control::Alliance }, "Beachy Head {beachy}");
    }
}

#[test]
fn ny_9_2_3_the_death_of_louvois_holds_france_to_3_rebuilt_corps_a_turn() {
    let r = tiny();
    let france = power(&r, "france");
    for louvois in [false, true] {
        let (mut s, _) = reinforce_with(&r, 1692, Side::Bourbon, |s| {
            if louvois {
                s.long_term |= LongTerm::Louvois.bit();
            }
        });
        assert_eq!(r.rebuild_limit(&s, france), if louvois { 3 } else { 4 });
        for i in
            corps_at(&r, &s, "france", on(&r, "lille")).into_iter().chain(corps_at(&r, &s, "france", on(&r, "metz")))
        {
            s.corps[i].reduced = true;
        }
        s.rp[Side::Bourbon.index()] = 9;
        let n = if louvois { 3 } else { 4 };
        for _ in 0..n {
            apply(&r, &mut s, Side::Bourbon, "rebuild france lille");
        }
        assert_eq!(
            refuse(&r, &s, Side::Bourbon, "rebuild france metz").rule,
            if louvois { "NY 9.2.3" } else { "NY 12.3.5" },
            "Louvois {louvois}: the {}th",
            n + 1
        );
        assert_eq!(s.rp[Side::Bourbon.index()], 9 - n as u8);
    }
}
