//! 6 Victory: the VP track (6.1, 6.1.2 authored), automatic victory (6.2),
//! victory at the end (6.3) and the peace roll (6.4).

mod common;
use common::seed_rules::*;
use common::*;
use sandtable_core::{Event, Ruleset, ToAct};
use sandtable_nine_years::{Control, End, LeaderLoc, NineYears, Phase, Savoy, Side, State};

/// `side`'s round: `leader` and one full corps of `corps` campaign into
/// `to`; the other player declines any interception. The events.
fn campaign_into(r: &NineYears, s: &mut State, side: Side, leader: &str, corps: &str, to: &str) -> Vec<Event> {
    round_of(s, side, 3);
    let mut ev = apply(r, s, side, &format!("campaign {leader}"));
    ev.extend(apply(r, s, side, &format!("add {corps} full")));
    ev.extend(apply(r, s, side, &format!("go {to}")));
    if s.pending.is_some() {
        ev.extend(apply(r, s, side.other(), "no-intercept"));
    }
    ev
}

#[test]
fn ny_6_1_a_fortress_taken_moves_vp_1_toward_the_taker_and_a_capital_1_more() {
    let r = tiny();
    let pool = sandtable_nine_years::Loc::Pool;
    let mut s = start(&r, 1);
    s.vp = 20;
    // The Alliance takes Tournai, a fortress worn to nothing and empty: +1.
    shift(&r, &mut s, "france", on(&r, "tournai"), pool, 1);
    s.strength[space(&r, "tournai").index()] = 0;
    let ev = campaign_into(&r, &mut s, Side::Alliance, "waldeck", "dutch", "tournai");
    assert_eq!(s.control(space(&r, "tournai")), Control::Alliance, "{ev:?}");
    assert!(said(&ev, "NY 6.1", "Tournai (1 VP)"), "{ev:?}");
    assert_eq!(s.vp, 21);
    // Lyon, neither fortress nor capital: nothing.
    put_leader(&r, &mut s, "waldeck", "paris");
    shift(&r, &mut s, "dutch", on(&r, "tournai"), on(&r, "paris"), 1);
    let ev = campaign_into(&r, &mut s, Side::Alliance, "waldeck", "dutch", "lyon");
    assert_eq!(s.control(space(&r, "lyon")), Control::Alliance, "{ev:?}");
    assert!(said(&ev, "NY 6.1", "Lyon (0 VP)"), "{ev:?}");
    assert_eq!(s.vp, 21);
    // Paris, a capital without a fortress: +1.
    let ev = campaign_into(&r, &mut s, Side::Alliance, "waldeck", "dutch", "paris");
    assert_eq!(s.control(space(&r, "paris")), Control::Alliance, "{ev:?}");
    assert_eq!(s.vp, 22);
    // The Bourbons take Cologne, a fortified capital at strength 0: 2 toward 0.
    for p in ["empire", "mercenary"] {
        let n = count_in(&r, &s, p, "cologne");
        shift(&r, &mut s, p, on(&r, "cologne"), pool, n);
    }
    s.strength[space(&r, "cologne").index()] = 0;
    let ev = campaign_into(&r, &mut s, Side::Bourbon, "boufflers", "france", "cologne");
    assert_eq!(s.control(space(&r, "cologne")), Control::Bourbon, "{ev:?}");
    assert!(said(&ev, "NY 6.1", "Cologne (2 VP)"), "{ev:?}");
    assert_eq!(s.vp, 20);
    // A fortress at strength still stops the army: nothing changes hands.
    shift(&r, &mut s, "dutch", on(&r, "namur"), pool, 1);
    put_leader(&r, &mut s, "luxembourg", "metz");
    let ev = campaign_into(&r, &mut s, Side::Bourbon, "luxembourg", "france", "namur");
    assert!(said(&ev, "NY 17.1", "stops before the fortress"), "{ev:?}");
    assert!(citing(&ev, "NY 6.1").is_empty(), "{ev:?}");
    assert_eq!((s.control(space(&r, "namur")), s.vp), (Control::Alliance, 20));
}

#[test]
fn ny_6_1_event_cards_move_the_vp_marker() {
    let r = NineYears::standard();
    for in_play in [true, false] {
        let mut s = event_phase(&r, 3, 1690);
        if in_play {
            put_leader(&r, &mut s, "claverhouse", "highlands");
        }
        stack_events(&r, &mut s, &["killiecrankie"]);
        apply(&r, &mut s, Side::Bourbon, "first alliance");
        apply(&r, &mut s, Side::Alliance, "kww pass");
        s.dice = dice_rolling(&[3]);
        let vp = s.vp;
        let ev = apply(&r, &mut s, Side::Bourbon, "kww pass");
        if in_play {
            assert_eq!(s.vp, vp - 1, "Killiecrankie: VP −1: {ev:?}");
            assert_eq!(leader_loc(&r, &s, "claverhouse"), LeaderLoc::Removed);
        } else {
            assert_eq!(s.vp, vp, "unplayable, it moves nothing: {ev:?}");
        }
    }
}

#[test]
fn ny_6_1_2_control_gained_from_neutrality_or_by_the_revolution_moves_no_vp() {
    let r = tiny();
    // The Glorious Revolution: William III lands in London; London and York
    // (a fortress) pass to the Alliance with the VP marker unmoved.
    let mut s = start(&r, 2);
    let vp = s.vp;
    round_of(&mut s, Side::Alliance, 2);
    apply(&r, &mut s, Side::Alliance, "sea amsterdam");
    apply(&r, &mut s, Side::Alliance, "add william-iii");
    let ev = apply(&r, &mut s, Side::Alliance, "sail london");
    assert!(s.revolution, "{ev:?}");
    assert_eq!(s.control(space(&r, "york")), Control::Alliance);
    assert_eq!(s.control(space(&r, "london")), Control::Alliance);
    assert_eq!(s.vp, vp);
    // Savoy joining (5.0 1a): Turin and Pinerolo, both fortresses, and no VP.
    let mut s = start(&r, 2);
    s.year = 1689;
    s.control[space(&r, "london").index()] = Control::Alliance;
    let vp = s.vp;
    end_campaign(&r, &mut s);
    assert_eq!(s.savoy, Savoy::Allied);
    assert_eq!(s.vp, vp);
}

#[test]
fn ny_6_2_the_alliance_wins_holding_paris_with_a_land_loc_to_amsterdam_or_vienna() {
    let r = tiny();
    let mut s = start(&r, 1);
    assert_eq!(r.automatic_winner(&s), None);
    set_control(&r, &mut s, &["paris", "brest"], Control::Alliance);
    s.sea = [Control::Alliance, Control::Bourbon];
    assert!(r.supply_to(&s, Side::Alliance, space(&r, "paris"), &[space(&r, "amsterdam")], false).traced(), "by sea");
    assert_eq!(r.automatic_winner(&s), None, "a LOC by sea is not enough");
    set_control(&r, &mut s, &["lille"], Control::Alliance);
    assert_eq!(r.automatic_winner(&s), None, "Tournai still cuts the way");
    set_control(&r, &mut s, &["tournai"], Control::Alliance);
    assert_eq!(r.automatic_winner(&s), Some(Side::Alliance), "Paris–Lille–Tournai–Brussels–Antwerp–Amsterdam");
    // Or to Vienna.
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["paris", "metz", "strasbourg"], Control::Alliance);
    assert_eq!(r.automatic_winner(&s), Some(Side::Alliance), "Paris–Metz–Strasbourg–Munich–Vienna");
    set_control(&r, &mut s, &["paris"], Control::Bourbon);
    assert_eq!(r.automatic_winner(&s), None, "Paris must be held");
}

#[test]
fn ny_6_2_the_alliance_wins_at_35_vp() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.vp = 34;
    assert_eq!(r.automatic_winner(&s), None);
    s.vp = 35;
    assert_eq!(r.automatic_winner(&s), Some(Side::Alliance));
    s.vp = 40;
    assert_eq!(r.automatic_winner(&s), Some(Side::Alliance));
}

#[test]
fn ny_6_2_the_bourbons_win_holding_vienna_or_amsterdam_with_a_land_loc_to_paris() {
    let r = tiny();
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["vienna"], Control::Bourbon);
    assert_eq!(r.automatic_winner(&s), None, "Munich cuts the way");
    set_control(&r, &mut s, &["munich"], Control::Bourbon);
    assert_eq!(r.automatic_winner(&s), Some(Side::Bourbon), "Vienna–Munich–Strasbourg–Metz–Paris");
    // Amsterdam: the red link to Antwerp is the Alliance's only.
    let mut s = start(&r, 1);
    set_control(&r, &mut s, &["amsterdam", "antwerp", "brussels"], Control::Bourbon);
    assert_eq!(r.automatic_winner(&s), None, "no Bourbon LOC over the red link");
    set_control(&r, &mut s, &["cologne"], Control::Bourbon);
    assert_eq!(r.automatic_winner(&s), Some(Side::Bourbon), "Amsterdam–Cologne–Metz–Paris");
}

#[test]
fn ny_6_2_the_bourbons_win_at_0_vp() {
    let r = tiny();
    let mut s = start(&r, 1);
    s.vp = 1;
    assert_eq!(r.automatic_winner(&s), None);
    s.vp = 0;
    assert_eq!(r.automatic_winner(&s), Some(Side::Bourbon));
}

/// The outcome of a game over with `end` at `vp`.
fn outcome(r: &NineYears, vp: u8, end: End) -> (Side, String) {
    let mut s = start(r, 1);
    s.vp = vp;
    s.phase = Phase::Over;
    s.end = Some(end);
    assert_eq!(r.validate(&s), Ok(()));
    let ToAct::Over(o) = r.to_act(&s) else { panic!("the game is over") };
    assert_eq!(o.winners.len(), 1);
    let w = if o.winners.contains(Side::Alliance.seat()) { Side::Alliance } else { Side::Bourbon };
    (w, o.text.en.to_string())
}

#[test]
fn ny_6_3_victory_at_the_end_by_the_vp_marker() {
    let r = tiny();
    for end in [End::LastTurn, End::Peace] {
        for (vp, winner, level) in [
            (40, Side::Alliance, "major"),
            (30, Side::Alliance, "major"),
            (29, Side::Alliance, "minor"),
            (25, Side::Alliance, "minor"),
            (24, Side::Bourbon, "minor"),
            (20, Side::Bourbon, "minor"),
            (19, Side::Bourbon, "major"),
            (1, Side::Bourbon, "major"),
        ] {
            let (w, text) = outcome(&r, vp, end);
            assert_eq!(w, winner, "VP {vp}");
            assert!(text.starts_with(&format!("a {level} ")), "VP {vp}: {text}");
        }
    }
    // An automatic victory names its winner whatever the VP.
    assert_eq!(outcome(&r, 22, End::Automatic(Side::Alliance)).0, Side::Alliance);
}

#[test]
fn ny_6_3_the_game_ends_after_the_last_turn() {
    let r = tiny();
    for (year, over) in [(1696, false), (1697, true)] {
        let mut s = start(&r, 3);
        s.year = year;
        let ev = if over {
            // The last year (the tiny map's 1697) has no peace step: the game ends (6.3).
            end_campaign(&r, &mut s)
        } else {
            end_campaign(&r, &mut s);
            apply(&r, &mut s, Side::Bourbon, "peace none");
            s.dice = dice_rolling(&[1]);
            let ev = apply(&r, &mut s, Side::Alliance, "peace none");
            assert!(said(&ev, "NY 6.4", "the war goes on"), "{ev:?}");
            ev
        };
        if over {
            assert_eq!((s.phase, s.end), (Phase::Over, Some(End::LastTurn)));
            assert!(said(&ev, "NY 6.3", "last turn"));
            let ToAct::Over(o) = r.to_act(&s) else { panic!("over") };
            assert!(o.text.en.contains(&format!("VP {}", s.vp)), "{}", o.text.en);
        } else {
            assert_eq!((s.year, s.phase, s.end), (1697, Phase::EventOrder, None));
        }
    }
}

/// The sum of the peace roll's modifiers now.
fn mods(r: &NineYears, s: &State) -> i8 {
    r.peace_modifiers(s).iter().map(|(k, _)| k).sum()
}

#[test]
fn ny_6_4_the_peace_roll_ends_the_game_at_10_not_at_9() {
    let r = tiny();
    for (die, peace) in [(4, false), (5, true)] {
        let mut s = start(&r, 4);
        s.year = 1696;
        end_campaign(&r, &mut s);
        // Tournai, London, Dublin, Edinburgh Bourbon and Savoy neutral: +5.
        assert_eq!(mods(&r, &s), 5, "{:?}", r.peace_modifiers(&s));
        assert_eq!((s.phase, to_act(&r, &s)), (Phase::Peace, Some(Side::Bourbon)));
        apply(&r, &mut s, Side::Bourbon, "peace none");
        s.dice = dice_rolling(&[die]);
        let ev = apply(&r, &mut s, Side::Alliance, "peace none");
        let roll = citing(&ev, "NY 6.4").into_iter().find(|e| !e.dice.is_empty()).expect("the roll");
        assert_eq!(roll.dice, vec![die]);
        if peace {
            assert_eq!((s.phase, s.end), (Phase::Over, Some(End::Peace)), "{die}+5 = 10");
            let ToAct::Over(o) = r.to_act(&s) else { panic!("over") };
            assert_eq!(o.text.en, format!("a minor Bourbon victory, VP {}: peace made in 1696", s.vp), "6.3 decides");
        } else {
            assert_eq!((s.year, s.phase), (1697, Phase::EventOrder), "{die}+5 = 9: the war goes on");
        }
    }
}

#[test]
fn ny_6_4_no_peace_roll_before_1696() {
    let r = tiny();
    let mut s = start(&r, 4);
    s.year = 1695;
    let ev = end_campaign(&r, &mut s);
    assert_eq!((s.year, s.phase), (1696, Phase::EventOrder));
    assert!(citing(&ev, "NY 6.4").is_empty());
    let mut s = start(&r, 4);
    s.year = 1696;
    end_campaign(&r, &mut s);
    assert_eq!(s.phase, Phase::Peace);
}

#[test]
fn ny_6_4_the_player_without_the_initiative_chooses_penalties_first() {
    let r = tiny();
    let mut s = start(&r, 4);
    s.year = 1696;
    end_campaign(&r, &mut s);
    assert_eq!(r.scenario.initiative(1696), Side::Alliance);
    assert_eq!(to_act(&r, &s), Some(Side::Bourbon));
    assert_eq!(refuse(&r, &s, Side::Alliance, "peace none").rule, "NY 5.0");
    let ev = apply(&r, &mut s, Side::Bourbon, "peace both");
    assert!(said(&ev, "NY 6.4", "peace penalties"));
    assert_eq!((s.phase, to_act(&r, &s)), (Phase::Peace, Some(Side::Alliance)));
    assert_eq!(legal_text(&r, &s, Side::Alliance), ["peace none", "peace card", "peace rp", "peace both"]);
}

#[test]
fn ny_6_4_penalties_cost_a_card_and_2_rp_next_turn() {
    let r = tiny();
    for (bourbon, alliance, rp, hands) in [
        ("none", "none", "Alliance 6, Bourbons 5", (5, 5)),
        ("both", "card", "Alliance 6, Bourbons 3", (4, 4)),
        ("card", "rp", "Alliance 4, Bourbons 5", (5, 4)),
    ] {
        let mut s = start(&r, 4);
        s.year = 1696;
        end_campaign(&r, &mut s);
        apply(&r, &mut s, Side::Bourbon, &format!("peace {bourbon}"));
        s.dice = dice_rolling(&[1]);
        apply(&r, &mut s, Side::Alliance, &format!("peace {alliance}"));
        assert_eq!((s.year, s.phase), (1697, Phase::EventOrder));
        stack_events(&r, &mut s, &["louvois", "forced-march"]);
        s.kww_used = [true; 2];
        s.dice = dice_rolling(&[3]);
        apply(&r, &mut s, Side::Alliance, "first alliance");
        let ev = apply(&r, &mut s, Side::Alliance, "first alliance");
        assert!(said(&ev, "NY 12.3.1", rp), "{bourbon}/{alliance}: {ev:?}");
        quietly(&r, &mut s, |s| matches!(s.phase, Phase::Show | Phase::Round));
        assert_eq!((s.hand_len(Side::Alliance), s.hand_len(Side::Bourbon)), hands, "{bourbon}/{alliance}");
        assert_eq!(s.peace_penalty, [[false; 2]; 2], "for one turn only");
    }
}

#[test]
fn ny_6_4_the_peace_modifiers() {
    let r = tiny();
    let mut base = start(&r, 1);
    set_control(&r, &mut base, &["tournai", "london", "dublin", "edinburgh"], Control::Alliance);
    savoy_allied(&r, &mut base);
    base.year = 1696;
    assert_eq!(mods(&r, &base), 0, "{:?}", r.peace_modifiers(&base));
    let with = |f: &dyn Fn(&mut State)| {
        let mut s = base.clone();
        f(&mut s);
        mods(&r, &s)
    };
    let r2 = &r;
    let bourbon = |ids: &'static [&'static str]| move |s: &mut State| set_control(r2, s, ids, Control::Bourbon);
    // Step 1's penalties: −1 each, −2 for both, for each player.
    assert_eq!(with(&|s| s.peace_penalty = [[true, false], [false, false]]), -1);
    assert_eq!(with(&|s| s.peace_penalty = [[false, false], [false, true]]), -1);
    assert_eq!(with(&|s| s.peace_penalty = [[true, true], [false, false]]), -2);
    assert_eq!(with(&|s| s.peace_penalty = [[true, true], [true, true]]), -4);
    // A fortified Spanish home space outside Spain.
    assert_eq!(with(&bourbon(&["brussels"])), 0, "Brussels has no fortress");
    assert_eq!(with(&bourbon(&["tournai"])), 1);
    assert_eq!(with(&bourbon(&["tournai", "namur"])), 1, "one +1 however many");
    // Two fortified spaces of the Empire.
    assert_eq!(with(&bourbon(&["cologne"])), 0);
    assert_eq!(with(&bourbon(&["cologne", "munich"])), 0, "Munich has no fortress");
    assert_eq!(with(&bourbon(&["cologne", "mainz"])), 1);
    // Three fortified Spanish home spaces in Spain.
    assert_eq!(with(&bourbon(&["barcelona", "girona"])), 0);
    assert_eq!(with(&bourbon(&["barcelona", "girona", "madrid"])), 0, "Madrid has no fortress");
    assert_eq!(with(&bourbon(&["barcelona", "girona", "roses"])), 1);
    // London, Dublin, Edinburgh, each.
    assert_eq!(with(&bourbon(&["london"])), 1);
    assert_eq!(with(&bourbon(&["dublin"])), 1);
    assert_eq!(with(&bourbon(&["edinburgh"])), 1);
    assert_eq!(with(&bourbon(&["london", "dublin", "edinburgh"])), 3);
    assert_eq!(with(&bourbon(&["york", "derry", "highlands"])), 0);
    // The KWW marker.
    for (kww, m) in [(-2, 2), (-1, 1), (0, 0), (1, 0), (2, 0)] {
        assert_eq!(with(&|s| s.kww = kww), m, "KWW {kww}");
    }
    // Savoy neutral.
    assert_eq!(with(&|s| s.savoy = Savoy::Out), 1);
    // Each turn after 1696.
    assert_eq!(with(&|s| s.year = 1697), 1);
    assert_eq!(with(&|s| s.year = 1699), 3);
}
