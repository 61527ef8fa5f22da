//! Positions as data: a state read from JSON is checked before play starts
//! from it (src/position.rs), so a crafted file can neither panic the
//! engine nor leave the side to act without a decision. One test per
//! check, each with a position just inside it and one just outside.

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::{Deck, Ruleset, Viewer};
use sandtable_nine_years::{
    Control, CorpsId, End, FleetLoc, Force, ForceKind, LeaderLoc, Line, Loc, NineYears, Pending, Phase, Savoy, Side,
    SpaceId, State,
};

/// Where the validator finds problems (empty: none).
fn refused_at(r: &NineYears, s: &State) -> Vec<String> {
    match r.validate(s) {
        Ok(()) => Vec::new(),
        Err(e) => e.into_iter().map(|e| e.at).collect(),
    }
}

/// The validator's verdict on `s` changed by `f`.
fn with(r: &NineYears, f: impl FnOnce(&mut State)) -> Vec<String> {
    let mut s = start(r, 1);
    f(&mut s);
    refused_at(r, &s)
}

fn ok(at: Vec<String>) {
    assert!(at.is_empty(), "refused: {at:?}");
}

fn bad(at: Vec<String>, key: &str) {
    assert!(at.iter().any(|a| a == key), "{key} not among {at:?}");
}

#[test]
fn position_a_position_from_play_validates() {
    let r = tiny();
    let mut s = start(&r, 1);
    ok(refused_at(&r, &s));
    quietly(&r, &mut s, |s| s.year == 1690);
    ok(refused_at(&r, &s));
    // A state through JSON and back is the same and as valid.
    let json = serde_json::to_value(&s).expect("json");
    let back: State = sandtable_core::testing::position(&r, json);
    assert_eq!(back, s);
}

#[test]
fn position_every_table_has_the_scenarios_size() {
    let r = tiny();
    type Cut = fn(&mut State);
    let cuts: [(&str, Cut); 10] = [
        ("control", |s| {
            let _ = s.control.pop();
        }),
        ("strength", |s| {
            let _ = s.strength.pop();
        }),
        ("lines", |s| {
            let _ = s.lines.pop();
        }),
        ("continued", |s| {
            let _ = s.continued.pop();
        }),
        ("famous", |s| {
            let _ = s.famous.pop();
        }),
        ("corps", |s| {
            let _ = s.corps.pop();
        }),
        ("leaders", |s| {
            let _ = s.leaders.pop();
        }),
        ("fleets", |s| {
            let _ = s.fleets.pop();
        }),
        ("formed", |s| s.formed.push(0)),
        ("rebuilt", |s| s.rebuilt.push(0)),
    ];
    for (key, cut) in cuts {
        assert_eq!(with(&r, cut), vec![key.to_owned()], "{key}");
    }
}

#[test]
fn position_the_year_is_one_of_the_scenario() {
    let r = tiny();
    ok(with(&r, |s| s.year = 1697));
    bad(with(&r, |s| s.year = 1698), "year");
    bad(with(&r, |s| s.year = 1687), "year");
}

#[test]
fn position_the_vp_track_runs_0_to_40() {
    let r = tiny();
    ok(with(&r, |s| s.vp = 40));
    ok(with(&r, |s| s.vp = 0));
    bad(with(&r, |s| s.vp = 41), "vp");
}

#[test]
fn position_the_kww_marker_runs_minus_2_to_2() {
    let r = tiny();
    ok(with(&r, |s| s.kww = 2));
    ok(with(&r, |s| s.kww = -2));
    bad(with(&r, |s| s.kww = 3), "kww");
    bad(with(&r, |s| s.kww = -3), "kww");
}

#[test]
fn position_idx_and_ap_are_in_range() {
    let r = tiny();
    ok(with(&r, |s| s.idx = 2));
    bad(with(&r, |s| s.idx = 3), "idx");
    ok(with(&r, |s| s.ap = 9));
    bad(with(&r, |s| s.ap = 10), "ap");
}

#[test]
fn position_a_fortress_is_never_above_its_printed_strength() {
    let r = tiny();
    let lille = space(&r, "lille").index();
    ok(with(&r, |s| s.strength[lille] = 2));
    ok(with(&r, |s| s.strength[lille] = 0));
    bad(with(&r, |s| s.strength[lille] = 3), &format!("strength[{lille}] (lille)"));
}

#[test]
fn position_a_line_is_level_0_to_2_with_a_builder_when_built() {
    let r = tiny();
    let i = space(&r, "lille").index();
    let key = format!("lines[{i}] (lille)");
    ok(with(&r, |s| s.lines[i] = Line { level: 2, side: Some(Side::Bourbon) }));
    bad(with(&r, |s| s.lines[i] = Line { level: 3, side: Some(Side::Bourbon) }), &key);
    bad(with(&r, |s| s.lines[i] = Line { level: 1, side: None }), &key);
    bad(with(&r, |s| s.lines[i] = Line { level: 0, side: Some(Side::Bourbon) }), &key);
}

#[test]
fn position_only_savoys_and_portugals_spaces_are_neutral() {
    let r = tiny();
    let lille = space(&r, "lille").index();
    bad(
        with(&r, |s| {
            s.control[lille] = Control::None;
            shift(&r, s, "france", on(&r, "lille"), on(&r, "paris"), 4);
            put_leader(&r, s, "luxembourg", "paris");
            put_leader(&r, s, "vauban", "paris");
        }),
        &format!("control[{lille}] (lille)"),
    );
    ok(with(&r, |s| s.control[space(&r, "turin").index()] = Control::None));
}

#[test]
fn position_no_troops_in_a_neutral_space() {
    let r = tiny();
    let lisbon = space(&r, "lisbon").index();
    ok(with(&r, |_| {}));
    bad(
        with(&r, |s| shift(&r, s, "spain", on(&r, "barcelona"), on(&r, "lisbon"), 1)),
        &format!("control[{lisbon}] (lisbon)"),
    );
    bad(with(&r, |s| put_leader(&r, s, "villena", "lisbon")), &format!("control[{lisbon}] (lisbon)"));
}

#[test]
fn position_savoys_spaces_are_neutral_while_savoy_is() {
    let r = tiny();
    let turin = space(&r, "turin").index();
    let key = format!("control[{turin}] (turin)");
    bad(with(&r, |s| s.control[turin] = Control::Alliance), &key);
    ok(with(&r, |s| savoy_allied(&r, s)));
    bad(
        with(&r, |s| {
            s.savoy = Savoy::Out;
            shift(&r, s, "savoy", on(&r, "turin"), Loc::Removed, 2);
            s.leaders[leader(&r, "victor-amadeus").index()].loc = LeaderLoc::Removed;
            s.control[turin] = Control::Alliance;
        }),
        &key,
    );
    ok(with(&r, |s| {
        s.savoy = Savoy::Out;
        shift(&r, s, "savoy", on(&r, "turin"), Loc::Removed, 2);
        s.leaders[leader(&r, "victor-amadeus").index()].loc = LeaderLoc::Removed;
    }));
}

#[test]
fn position_a_corps_is_on_the_map_or_plainly_off_it() {
    let r = tiny();
    let i = corps_at(&r, &start(&r, 1), "france", Loc::Pool)[0];
    let key = format!("corps[{i}] (france)");
    bad(with(&r, |s| s.corps[i].loc = Loc::Space(SpaceId(200))), &key);
    ok(with(&r, |s| s.corps[i].loc = on(&r, "paris")));
    bad(with(&r, |s| s.corps[i].reduced = true), &key);
    bad(with(&r, |s| s.corps[i].demoralised = true), &key);
    bad(with(&r, |s| s.corps[i].activated = true), &key);
    ok(with(&r, |s| {
        s.corps[i].loc = on(&r, "paris");
        s.corps[i].reduced = true;
    }));
}

#[test]
fn position_savoy_out_of_the_war_has_no_corps_left() {
    let r = tiny();
    let i = corps_at(&r, &start(&r, 1), "savoy", on(&r, "turin"))[0];
    let out = |s: &mut State| {
        s.savoy = Savoy::Out;
        s.leaders[leader(&r, "victor-amadeus").index()].loc = LeaderLoc::Removed;
        shift(&r, s, "savoy", on(&r, "turin"), Loc::Removed, 2);
    };
    ok(with(&r, out));
    bad(
        with(&r, |s| {
            out(s);
            s.corps[i].loc = Loc::Pool;
        }),
        &format!("corps[{i}] (savoy)"),
    );
}

#[test]
fn position_a_leader_is_on_the_map() {
    let r = tiny();
    let l = leader(&r, "waldeck").index();
    bad(with(&r, |s| s.leaders[l].loc = LeaderLoc::Space(SpaceId(200))), &format!("leaders[{l}]"));
    ok(with(&r, |s| s.leaders[l].loc = LeaderLoc::Space(space(&r, "namur"))));
}

#[test]
fn position_every_action_card_is_in_one_place() {
    let r = tiny();
    ok(with(&r, |s| {
        let v = s.action_deck.draw().expect("a card");
        s.action_discard.push(v);
    }));
    ok(with(&r, |s| {
        let v = s.action_deck.draw().expect("a card");
        s.hands[0][usize::from(v - 1)] += 1;
    }));
    bad(with(&r, |s| s.action_discard.push(2)), "action_deck");
    bad(
        with(&r, |s| {
            let _ = s.action_deck.draw();
        }),
        "action_deck",
    );
    bad(with(&r, |s| s.hands[1][0] += 1), "action_deck");
}

#[test]
fn position_every_event_card_is_in_one_place() {
    let r = tiny();
    let top = *start(&r, 1).event_deck.cards().next().expect("a card");
    let key = format!("events ({})", r.scenario.event(top).id);
    ok(with(&r, |s| {
        let e = s.event_deck.draw().expect("a card");
        s.gone.push(e);
    }));
    bad(
        with(&r, |s| {
            let _ = s.event_deck.draw();
        }),
        &key,
    );
    bad(with(&r, |s| s.gone.push(top)), &key);
    // The late cards: nowhere before they are added, in one place after.
    let late = event_id(&r, "zenta");
    bad(with(&r, |s| s.gone.push(late)), "events (zenta)");
    bad(with(&r, |s| s.late_added = true), "events (zenta)");
    ok(with(&r, |s| {
        s.late_added = true;
        let mut cards: Vec<_> = s.event_deck.cards().copied().collect();
        cards.extend(["guerre-de-course", "zenta", "siege-train"].map(|id| event_id(&r, id)));
        s.event_deck = Deck::new(cards);
    }));
}

#[test]
fn position_a_fleet_is_in_its_control_box_exactly_when_its_side_holds_the_zone() {
    let r = tiny();
    let toulon = fleet_id(&r, "toulon-fleet").index();
    let brest = fleet_id(&r, "brest-fleet").index();
    bad(with(&r, |s| s.fleets[toulon] = FleetLoc::Pool), "fleets[1] (toulon-fleet)");
    ok(with(&r, |s| s.fleets[toulon] = FleetLoc::Removed));
    bad(with(&r, |s| s.fleets[brest] = FleetLoc::Control), "fleets[0] (brest-fleet)");
    ok(with(&r, |s| {
        s.sea[0] = Control::Bourbon;
        s.fleets[brest] = FleetLoc::Control;
    }));
    assert_eq!((toulon, brest), (1, 0));
}

#[test]
fn position_a_prepared_fleet_has_strength_1_or_2() {
    let r = tiny();
    let f = fleet_id(&r, "brest-fleet").index();
    ok(with(&r, |s| s.fleets[f] = FleetLoc::Port(2)));
    ok(with(&r, |s| s.fleets[f] = FleetLoc::Port(1)));
    bad(with(&r, |s| s.fleets[f] = FleetLoc::Port(3)), &format!("fleets[{f}]"));
    bad(with(&r, |s| s.fleets[f] = FleetLoc::Port(0)), &format!("fleets[{f}]"));
}

/// A Campaign force of Waldeck in Brussels, in an Alliance round.
fn campaign(r: &NineYears, s: &mut State) {
    round_of(s, Side::Alliance, 2);
    let c = corps_at(r, s, "dutch", on(r, "brussels"))[0];
    s.force = Some(Force {
        kind: ForceKind::Campaign,
        space: space(r, "brussels"),
        from: None,
        leaders: [leader(r, "waldeck")].into_iter().collect(),
        corps: [CorpsId(c as u8)].into_iter().collect(),
        spent: 0,
        moved: false,
    });
}

#[test]
fn position_an_action_under_way_only_in_an_action_round_with_its_counters() {
    let r = tiny();
    ok(with(&r, |s| campaign(&r, s)));
    bad(
        with(&r, |s| {
            campaign(&r, s);
            s.phase = Phase::ReinforceOrder;
        }),
        "force",
    );
    bad(
        with(&r, |s| {
            campaign(&r, s);
            s.force.as_mut().expect("force").space = SpaceId(200);
        }),
        "force.space",
    );
    bad(
        with(&r, |s| {
            campaign(&r, s);
            s.force.as_mut().expect("force").space = space(&r, "namur");
        }),
        "force.corps",
    );
    bad(
        with(&r, |s| {
            campaign(&r, s);
            put_leader(&r, s, "waldeck", "namur");
        }),
        "force.leaders",
    );
}

#[test]
fn position_a_decision_owed_only_in_an_action_round_about_a_real_space() {
    let r = tiny();
    ok(with(&r, |s| {
        campaign(&r, s);
        s.pending = Some(Pending::Intercept(space(&r, "brussels")));
    }));
    bad(with(&r, |s| s.pending = Some(Pending::Intercept(space(&r, "brussels")))), "pending");
    bad(
        with(&r, |s| {
            campaign(&r, s);
            s.pending = Some(Pending::Retreat(SpaceId(200)));
        }),
        "pending",
    );
}

#[test]
fn position_the_game_is_over_exactly_when_it_has_an_end() {
    let r = tiny();
    ok(with(&r, |s| {
        s.phase = Phase::Over;
        s.end = Some(End::LastTurn);
    }));
    bad(with(&r, |s| s.phase = Phase::Over), "end");
    bad(with(&r, |s| s.end = Some(End::Peace)), "end");
}

#[test]
fn position_the_player_to_act_has_a_legal_action() {
    let r = tiny();
    // An action round with no card to play and nothing held.
    bad(
        with(&r, |s| {
            round_of(s, Side::Alliance, 0);
            s.played = false;
        }),
        "phase",
    );
    ok(with(&r, |s| {
        round_of(s, Side::Alliance, 0);
        s.played = false;
        let v = s.action_deck.draw().expect("a card");
        s.hands[0][usize::from(v - 1)] += 1;
    }));
}

#[test]
fn position_a_held_event_is_a_hold_until_played_card() {
    let r = tiny();
    let louvois = event_id(&r, "louvois");
    let mut s = start(&r, 1);
    let cards: Vec<_> = s.event_deck.cards().copied().filter(|&e| e != louvois).collect();
    s.event_deck = Deck::new(cards);
    s.held[0].push(louvois);
    // 9.2.1: any other card is played at once: nobody can hold it.
    assert!(r.validate(&s).is_err(), "a held Death of Louvois is accepted");
    // Were it accepted, resampling what the Bourbons cannot see must not panic.
    let _ = r.resample_hidden(&s, Viewer::Seat(Side::Bourbon.seat()), 1);
}
