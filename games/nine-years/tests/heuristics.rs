//! Bot knowledge (`src/heuristics.rs`): the evaluation and the rollout
//! policy. Positions are the shipped scenario's, changed by hand; each test
//! compares two positions that differ in the one thing it names, from both
//! seats.

mod common;
use common::campaign::{own, owner, put, round};
use common::*;
use sandtable_ai::{Bot, RandomBot};
use sandtable_core::{outcome_value, Events, Heuristics, Ruleset, ToAct};
use sandtable_nine_years::{Action, Control, End, FleetLoc, LeaderLoc, Loc, NineYears, Phase, Savoy, Sea, Side, State};

const A: Side = Side::Alliance;
const B: Side = Side::Bourbon;

fn eval(r: &NineYears, s: &State, side: Side) -> f64 {
    r.evaluate(s, side.seat())
}

/// `better` looks better than `worse` for `side` and worse for the other
/// side, and each position's two values add up to 1.
fn favours(r: &NineYears, better: &State, worse: &State, side: Side) {
    for s in [better, worse] {
        let sum = eval(r, s, A) + eval(r, s, B);
        assert!((sum - 1.0).abs() < 1e-9, "the two seats' values add up to {sum}");
    }
    let (hi, lo) = (eval(r, better, side), eval(r, worse, side));
    assert!(hi > lo, "{side:?}: {hi} should be above {lo}");
    let (hi, lo) = (eval(r, better, side.other()), eval(r, worse, side.other()));
    assert!(hi < lo, "{:?}: {hi} should be below {lo}", side.other());
}

fn weight(r: &NineYears, s: &State, side: Side, text: &str) -> u32 {
    let a = act(r, text);
    assert!(legal(r, s, side).contains(&a), "{text:?} is not legal here: {:?}", legal_text(r, s, side));
    r.action_weight(s, side.seat(), a)
}

/// 1690 on the shipped map: the set-up's counters (William III in
/// Amsterdam, London Bourbon before the Revolution), the Reinforcement
/// phase about to begin, Savoy in the war (it joins in 1690).
fn campaign_1690(r: &NineYears) -> State {
    let mut s = start(r, 3);
    s.year = 1690;
    seed_rules::savoy_allied(r, &mut s);
    s
}

/// Every position of a random game (seed), its end included.
fn random_game(r: &NineYears, seed: u64) -> Vec<State> {
    let mut s = start(r, seed);
    let mut bot = RandomBot::new(seed);
    let mut out = vec![s.clone()];
    let mut legal = Vec::new();
    while let ToAct::Seats(seats) = r.to_act(&s) {
        let seat = seats.iter().next().expect("a seat");
        legal.clear();
        r.legal_actions(&s, seat, &mut legal);
        let a = bot.choose(&sandtable_ai::Infoset::new(r, &s, seat, &legal));
        r.try_apply(&mut s, seat, a, &mut Events::off()).expect("legal");
        out.push(s.clone());
    }
    out
}

// ---- evaluate ----

#[test]
fn values_are_in_0_1_and_the_two_seats_add_up_to_1_over_random_games() {
    let r = NineYears::standard();
    for seed in 0..3 {
        for s in random_game(&r, seed) {
            let (a, b) = (eval(&r, &s, A), eval(&r, &s, B));
            assert!((0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b), "{a} {b} in {} {:?}", s.year, s.phase);
            assert!((a + b - 1.0).abs() < 1e-9, "{a} + {b} in {} {:?}", s.year, s.phase);
        }
    }
}

#[test]
fn a_finished_game_is_valued_as_its_outcome() {
    let r = NineYears::standard();
    let mut ends = Vec::new();
    for seed in 0..4 {
        ends.push(random_game(&r, seed).pop().expect("an end"));
    }
    // The other readings of 6.2 and 6.3: an automatic victory whatever the
    // VP, and both sides of the 24/25 line at the end.
    let base = ends[0].clone();
    for (end, vp) in [
        (End::Automatic(B), 30),
        (End::Automatic(A), 10),
        (End::LastTurn, 25),
        (End::LastTurn, 24),
        (End::Peace, 30),
        (End::Peace, 19),
    ] {
        let mut s = base.clone();
        s.end = Some(end);
        s.vp = vp;
        ends.push(s);
    }
    for s in &ends {
        assert_eq!(s.phase, Phase::Over);
        let ToAct::Over(outcome) = r.to_act(s) else { panic!("over") };
        for side in [A, B] {
            assert_eq!(eval(&r, s, side), outcome_value(&outcome, side.seat()), "{:?} VP {}", s.end, s.vp);
        }
    }
}

#[test]
fn ny_6_1_more_vp_favours_the_alliance_fewer_the_bourbons() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let mut more = s.clone();
    more.vp += 3;
    favours(&r, &more, &s, A);
    let mut fewer = s.clone();
    fewer.vp -= 3;
    favours(&r, &fewer, &s, B);
}

#[test]
fn ny_6_3_the_same_vp_is_surer_late_in_the_war() {
    // VP 27 reads as an Alliance lead, and a surer one in 1698 than in 1690.
    let r = NineYears::standard();
    let mut early = campaign_1690(&r);
    early.vp = 27;
    early.kww = 0;
    let mut late = early.clone();
    late.year = 1698;
    assert!(eval(&r, &early, A) > 0.5);
    favours(&r, &late, &early, A);
    // And VP 22, a Bourbon lead, is surer for the Bourbons late.
    let mut behind = early.clone();
    behind.vp = 22;
    let mut behind_late = behind.clone();
    behind_late.year = 1698;
    assert!(eval(&r, &behind, B) > 0.5);
    favours(&r, &behind_late, &behind, B);
}

/// What London in Bourbon hands costs the Alliance in `s` (19c), as the
/// gap between the evaluation's log-odds with London Allied and Bourbon.
fn london_cost(r: &NineYears, s: &State) -> f64 {
    let london = space(r, "london");
    let logit = |s: &State| {
        let a = eval(r, s, A);
        (a / (1.0 - a)).ln()
    };
    let (mut held, mut lost) = (s.clone(), s.clone());
    held.control[london.index()] = Control::Alliance;
    lost.control[london.index()] = Control::Bourbon;
    logit(&held) - logit(&lost)
}

#[test]
fn ny_20_2_5_william_iii_in_a_port_on_londons_sea_soon_ends_the_london_loss() {
    // London Bourbon before the Revolution costs 2 VP a winter (19c), but
    // William III free in Amsterdam ends it with one Sea Move this year.
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let william = leader(&r, "william-iii");
    assert_eq!(s.leader(william).loc, LeaderLoc::Space(space(&r, "amsterdam")));
    let mut away = s.clone();
    away.leaders[william.index()].loc = LeaderLoc::Waiting;
    let (port, far) = (london_cost(&r, &s), london_cost(&r, &away));
    assert!(port > 0.0 && far > 2.0 * port, "in port {port}, away {far}");
    // In port but already used this round, the Alliance's hand empty: he
    // sails only next year and this winter is lost.
    let mut free = s.clone();
    free.phase = Phase::Round;
    free.active = A;
    free.ap = 2;
    free.hands = [[0; 3]; 2];
    let mut used = free.clone();
    used.leaders[william.index()].activated = true;
    let (now, next) = (london_cost(&r, &free), london_cost(&r, &used));
    assert!(next > 1.2 * now, "free {now}, used {next}");
}

#[test]
fn ny_19c_london_in_bourbon_hands_costs_the_alliance_every_winter() {
    let r = NineYears::standard();
    let london = space(&r, "london");
    let mut held = campaign_1690(&r);
    held.revolution = true;
    held.control[london.index()] = Control::Alliance;
    let mut lost = held.clone();
    lost.control[london.index()] = Control::Bourbon;
    favours(&r, &held, &lost, A);
    // Every winter to come costs 2 VP: in the last year (one winter left)
    // 3 VP more make up for London lost; in 1690 (many winters) 4 do not.
    let last = r.scenario.last_year;
    let (mut last_held, mut last_lost) = (held.clone(), lost.clone());
    last_held.year = last;
    last_lost.year = last;
    last_lost.vp += 3;
    favours(&r, &last_lost, &last_held, A);
    let mut repaid = lost.clone();
    repaid.vp += 4;
    favours(&r, &held, &repaid, A);
}

#[test]
fn ny_19d_the_atlantic_allied_with_london_bourbon_brings_the_revolution_and_ends_the_loss() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    assert!(!s.revolution && s.control(space(&r, "london")) == Control::Bourbon);
    let mut allied = s.clone();
    allied.sea[Sea::Atlantic.index()] = Control::Alliance;
    favours(&r, &allied, &s, A);
    // With William III away (no Sea Move to London, 20.2.5), the Atlantic
    // saves every winter after this one: worth more than 3 VP. After the
    // Revolution it is only a sea zone (10.1): worth less.
    let william = leader(&r, "william-iii");
    let mut away = s.clone();
    away.leaders[william.index()].loc = LeaderLoc::Waiting;
    let mut away_allied = away.clone();
    away_allied.sea[Sea::Atlantic.index()] = Control::Alliance;
    away.vp += 3;
    favours(&r, &away_allied, &away, A);
    let mut after = s.clone();
    after.revolution = true;
    after.control[space(&r, "london").index()] = Control::Alliance;
    let mut after_allied = after.clone();
    after_allied.sea[Sea::Atlantic.index()] = Control::Alliance;
    after.vp += 3;
    favours(&r, &after, &after_allied, A);
}

#[test]
fn ny_18_3_the_kww_box_favours_its_side() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let mut up = s.clone();
    up.kww = 2;
    let mut down = s.clone();
    down.kww = -2;
    favours(&r, &up, &s, A);
    favours(&r, &down, &s, B);
}

#[test]
fn ny_18_2_colonial_support_bought_favours_its_side() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let mut allied = s.clone();
    allied.colonial = [true, false];
    favours(&r, &allied, &s, A);
    let mut bourbon = s.clone();
    bourbon.colonial = [false, true];
    favours(&r, &bourbon, &s, B);
}

#[test]
fn ny_16_3_steps_lost_count_against_their_side() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    for side in [A, B] {
        let mut hurt = s.clone();
        let mut n = 0;
        for (i, c) in hurt.corps.iter_mut().enumerate() {
            if matches!(c.loc, Loc::Space(_)) && r.scenario.side_of(r.scenario.corps[i].power) == Some(side) && n < 3 {
                c.reduced = true;
                n += 1;
            }
        }
        assert_eq!(n, 3);
        favours(&r, &s, &hurt, side);
        // A corps eliminated to the force pool is worse still (12.3.2).
        let mut gone = hurt.clone();
        let i = (0..gone.corps.len())
            .find(|&i| gone.corps[i].reduced && r.scenario.side_of(r.scenario.corps[i].power) == Some(side))
            .expect("a reduced corps");
        gone.corps[i].loc = Loc::Pool;
        gone.corps[i].reduced = false;
        favours(&r, &hurt, &gone, side);
    }
}

#[test]
fn ny_17_a_siege_favours_the_besieger_more_as_the_fortress_wears_down() {
    // Bonn (strength 1, Bourbon, empty at the start) besieged by two Dutch
    // corps, against the same corps at home in Cologne.
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let bonn = space(&r, "bonn");
    assert_eq!(s.control(bonn), Control::Bourbon);
    let mut home = s.clone();
    put(&r, &mut home, "dutch", "cologne", 2);
    let mut besieging = s.clone();
    put(&r, &mut besieging, "dutch", "bonn", 2);
    favours(&r, &besieging, &home, A);
    // Namur (strength 3, Alliance) besieged by French corps: the more worn
    // down, the better for the Bourbons.
    let namur = space(&r, "namur");
    let mut siege = s.clone();
    put(&r, &mut siege, "france", "namur", 6);
    let mut worn = siege.clone();
    worn.strength[namur.index()] = 1;
    favours(&r, &worn, &siege, B);
}

#[test]
fn ny_17_2_an_army_that_can_besiege_next_to_an_enemy_fortress_threatens_it() {
    // The same French army led by Boufflers, next to the Alliance's Namur
    // (garrisoned: defence value 5) or far behind at Paris.
    let r = NineYears::standard();
    let mut s = campaign_1690(&r);
    for c in &mut s.corps {
        if c.loc == Loc::Space(space(&r, "paris")) || c.loc == Loc::Space(space(&r, "dinant")) {
            c.loc = Loc::Pool;
        }
    }
    let mut far = s.clone();
    put(&r, &mut far, "france", "paris", 5);
    put_leader(&r, &mut far, "boufflers", "paris");
    let mut near = s.clone();
    put(&r, &mut near, "france", "dinant", 5);
    put_leader(&r, &mut near, "boufflers", "dinant");
    favours(&r, &near, &far, B);
}

#[test]
fn ny_13_5_6_a_prepared_fleet_counts_its_chance_of_winning_the_sea() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let brest = seed_rules::fleet_id(&r, "brest-fleet");
    assert_eq!(s.fleet(brest), FleetLoc::Pool);
    let mut one = s.clone();
    one.fleets[brest.index()] = FleetLoc::Port(1);
    let mut two = s.clone();
    two.fleets[brest.index()] = FleetLoc::Port(2);
    favours(&r, &one, &s, B);
    favours(&r, &two, &one, B);
    // The sea zone itself (10.1).
    let mut held = s.clone();
    held.sea[Sea::Atlantic.index()] = Control::Bourbon;
    favours(&r, &held, &s, B);
}

#[test]
fn ny_6_2_a_capital_that_wins_outright_weighs_heavily() {
    let r = NineYears::standard();
    let s = campaign_1690(&r);
    let mut paris = s.clone();
    paris.control[space(&r, "paris").index()] = Control::Alliance;
    favours(&r, &paris, &s, A);
    let mut vienna = s.clone();
    vienna.control[space(&r, "vienna").index()] = Control::Bourbon;
    favours(&r, &vienna, &s, B);
}

// ---- action_weight ----

/// An Alliance action round in 1688 on the empty shipped map (every corps in
/// the pool, every leader off the map).
fn alliance_round(r: &NineYears) -> State {
    round(r, A)
}

/// An Alliance round before the Revolution: William III and two Dutch
/// corps in Amsterdam, Jacobite corps holding London as in the set-up, so
/// only William III's landing takes it (20.2.5), not a Dutch one (14.5).
fn william_in_amsterdam(r: &NineYears) -> State {
    let mut s = alliance_round(r);
    put_leader(r, &mut s, "william-iii", "amsterdam");
    put(r, &mut s, "jacobite", "london", 1);
    put(r, &mut s, "dutch", "amsterdam", 2);
    s
}

#[test]
fn ny_20_2_5_the_rollout_takes_william_to_london() {
    let r = NineYears::standard();
    let mut s = william_in_amsterdam(&r);
    put(&r, &mut s, "dutch", "ostend", 1);
    let william = weight(&r, &s, A, "sea amsterdam");
    let other = weight(&r, &s, A, "sea ostend");
    assert!(william >= 20 * other, "sea amsterdam {william} vs sea ostend {other}");
    apply(&r, &mut s, A, "sea amsterdam");
    let add_william = weight(&r, &s, A, "add william-iii");
    assert!(add_william > 5 * weight(&r, &s, A, "add dutch full"));
    assert!(add_william > 5 * weight(&r, &s, A, "stop"));
    apply(&r, &mut s, A, "add william-iii");
    let london = weight(&r, &s, A, "sail london");
    assert!(london > 20 * weight(&r, &s, A, "sail ostend"), "sail london {london}");
    // After the Revolution the same port is a plain Sea Move.
    let mut after = alliance_round(&r);
    after.revolution = true;
    put_leader(&r, &mut after, "william-iii", "amsterdam");
    put(&r, &mut after, "dutch", "ostend", 1);
    assert_eq!(weight(&r, &after, A, "sea amsterdam"), weight(&r, &after, A, "sea ostend"));
}

#[test]
fn ny_20_2_5_william_iii_aboard_a_sea_move_on_londons_sea_counts_the_landing_as_next() {
    // Boarding activates him, which takes him out of "free in a port"; a
    // one-ply look must still see boarding as a step toward the landing,
    // not as giving the Revolution up (the greedy bot added Dutch corps
    // and stopped, year after year, while London cost 2 VP a winter).
    let r = NineYears::standard();
    let mut s = william_in_amsterdam(&r);
    apply(&r, &mut s, A, "sea amsterdam");
    let mut aboard = s.clone();
    apply(&r, &mut aboard, A, "add william-iii");
    let mut dutch = s.clone();
    apply(&r, &mut dutch, A, "add dutch full");
    favours(&r, &aboard, &dutch, A);
    // Aboard, London's winters weigh far less than with him free in port
    // (85% a year, scaled by the actions left).
    let (free, on_board) = (london_cost(&r, &s), london_cost(&r, &aboard));
    assert!(on_board < 0.5 * free, "aboard {on_board}, free in port {free}");
    // Aboard in a port of another sea, no landing is near.
    let mut elsewhere = alliance_round(&r);
    put_leader(&r, &mut elsewhere, "william-iii", "barcelona");
    apply(&r, &mut elsewhere, A, "sea barcelona");
    apply(&r, &mut elsewhere, A, "add william-iii");
    assert!(london_cost(&r, &elsewhere) > 1.0, "{}", london_cost(&r, &elsewhere));
}

#[test]
fn ny_19c_corps_able_to_retake_london_ease_its_winter_loss_and_a_landing_gains_at_every_step() {
    // After the Revolution a Bourbon landing can take London back, and
    // every winter it stays Bourbon costs the Alliance 2 VP (19c). Corps in
    // a port of London's sea can land there while no Bourbon corps stand
    // in it (14.5); corps far away cannot.
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    s.revolution = true;
    assert_eq!(owner(&r, &s, "london"), Control::Bourbon);
    let mut far = s.clone();
    put(&r, &mut far, "dutch", "vienna", 2);
    let mut port = s.clone();
    put(&r, &mut port, "dutch", "amsterdam", 2);
    let (far_cost, port_cost) = (london_cost(&r, &far), london_cost(&r, &port));
    assert!(port_cost < 0.8 * far_cost, "in port {port_cost}, far {far_cost}");
    // A French corps in London bars the landing: no easing.
    let mut barred = port.clone();
    put(&r, &mut barred, "france", "london", 1);
    let barred_cost = london_cost(&r, &barred);
    assert!(barred_cost > 0.95 * far_cost, "barred {barred_cost}, far {far_cost}");
    // Each step of the landing looks better than the one before it, so a
    // one-ply look takes them in turn.
    let mut begun = port.clone();
    apply(&r, &mut begun, A, "sea amsterdam");
    favours(&r, &begun, &port, A);
    let mut aboard = begun.clone();
    apply(&r, &mut aboard, A, "add dutch full");
    favours(&r, &aboard, &begun, A);
    let mut landed = aboard.clone();
    apply(&r, &mut landed, A, "sail london");
    assert_eq!(owner(&r, &landed, "london"), Control::Alliance);
    favours(&r, &landed, &aboard, A);
    // The rollout policy lands there too.
    assert!(weight(&r, &aboard, A, "sail london") > 10 * weight(&r, &aboard, A, "sail portsmouth"));
}

#[test]
fn ny_13_5_1_a_leader_with_corps_campaigns_and_takes_them_along_never_dropping_them() {
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    put_leader(&r, &mut s, "waldeck", "maastricht");
    put(&r, &mut s, "dutch", "maastricht", 4);
    put_leader(&r, &mut s, "gastanaga", "brussels");
    let army = weight(&r, &s, A, "campaign waldeck");
    let alone = weight(&r, &s, A, "campaign gastanaga");
    assert!(army > 3 * alone, "campaign with 4 corps {army}, alone {alone}");
    assert!(army > weight(&r, &s, A, "end"));
    apply(&r, &mut s, A, "campaign waldeck");
    apply(&r, &mut s, A, "add dutch full");
    let add = weight(&r, &s, A, "add dutch full");
    assert!(add > weight(&r, &s, A, "stop"));
    assert_eq!(weight(&r, &s, A, "drop dutch full"), 0);
}

#[test]
fn ny_19c_an_allied_london_without_a_corps_lies_open_to_a_bourbon_landing() {
    // After the Revolution any Bourbon corps in a port of London's sea can
    // land in an Allied London that holds no Allied corps (14.5: London has
    // no fortress) and take it, and every winter after costs 2 VP (19c);
    // one Allied corps there bars every landing.
    let r = NineYears::standard();
    let mut calm = alliance_round(&r);
    calm.revolution = true;
    own(&r, &mut calm, "london", Control::Alliance);
    let mut threat = calm.clone();
    put(&r, &mut threat, "france", "dunkirk", 1);
    let dutch_in = |s: &State, at: &str| {
        let mut s = s.clone();
        put(&r, &mut s, "dutch", at, 1);
        s
    };
    let logit = |s: &State| {
        let a = eval(&r, s, A);
        (a / (1.0 - a)).ln()
    };
    // The same Dutch corps in London rather than in Amsterdam.
    let guard = |s: &State| logit(&dutch_in(s, "london")) - logit(&dutch_in(s, "amsterdam"));
    favours(&r, &dutch_in(&threat, "london"), &dutch_in(&threat, "amsterdam"), A);
    let (threatened, quiet) = (guard(&threat), guard(&calm));
    assert!(threatened > quiet + 0.3, "a guard against a landing {threatened}, with no Bourbon corps in port {quiet}");
    // A Bourbon London is no landing for the Bourbons: nothing to guard.
    let mut theirs = threat.clone();
    own(&r, &mut theirs, "london", Control::Bourbon);
    let mut theirs_calm = calm.clone();
    own(&r, &mut theirs_calm, "london", Control::Bourbon);
    assert!((guard(&theirs) - guard(&theirs_calm)).abs() < 1e-9);
    // Before the Revolution an Allied London is not counted: any landing
    // there brings the Revolution (20.2.5), so the position does not arise.
    let (mut early, mut early_calm) = (threat.clone(), calm.clone());
    early.revolution = false;
    early_calm.revolution = false;
    assert!((guard(&early) - guard(&early_calm)).abs() < 1e-9);
    // The rollout policy forms a corps there in the Reinforcement phase.
    let setup = |guarded: bool| {
        seed_rules::reinforce_with(&r, 1690, A, |s| {
            s.revolution = true;
            s.control[space(&r, "london").index()] = Control::Alliance;
            put(&r, s, "france", "dunkirk", 1);
            if guarded {
                put(&r, s, "dutch", "london", 1);
            }
        })
        .0
    };
    let (open, shut) = (setup(false), setup(true));
    let form = weight(&r, &open, A, "form britain london full");
    assert!(form > weight(&r, &shut, A, "form britain london full"), "{form}");
    // And lands corps there by a Sea Move.
    let mut sea = dutch_in(&threat, "amsterdam");
    let mut sea_calm = dutch_in(&calm, "amsterdam");
    for s in [&mut sea, &mut sea_calm] {
        apply(&r, s, A, "sea amsterdam");
        apply(&r, s, A, "add dutch full");
    }
    let sail = weight(&r, &sea, A, "sail london");
    assert!(sail > 5 * weight(&r, &sea_calm, A, "sail london"), "{sail}");
}

#[test]
fn ny_13_4_3_a_campaign_or_sea_move_stopped_where_it_began_is_never_the_rollouts_choice() {
    // Stopping before the force has moved spends the action and takes its
    // counters out of the round (13.4.3) for nothing: weight 0 ("never")
    // while a move is open; once the army has moved, stopping is plain.
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    put_leader(&r, &mut s, "waldeck", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    put(&r, &mut s, "dutch", "amsterdam", 2);
    let mut sea = s.clone();
    apply(&r, &mut s, A, "campaign waldeck");
    assert_eq!(weight(&r, &s, A, "stop"), 0, "a campaign that has not moved");
    apply(&r, &mut s, A, "add dutch full");
    assert_eq!(weight(&r, &s, A, "stop"), 0, "corps taken along, not moved");
    apply(&r, &mut s, A, "go namur");
    assert!(weight(&r, &s, A, "stop") > 0, "a campaign that has moved may stop");
    apply(&r, &mut sea, A, "sea amsterdam");
    apply(&r, &mut sea, A, "add dutch full");
    assert_eq!(weight(&r, &sea, A, "stop"), 0, "a Sea Move that has not sailed");
    assert!(weight(&r, &sea, A, "sail london") > 0);
}

#[test]
fn ny_13_4_2_the_last_action_under_way_keeps_the_round_in_play() {
    // The year's time left widens the squash, so a side behind gains from
    // time it still has. The last action of a card begun (13.4.2: it is
    // finished before anything else) is no later in the year than `end`
    // handing the round over, so one ply rates them level and a side
    // behind does not end rounds rather than campaign; once the action
    // is finished the round is over and half a card less of the year is
    // left.
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    s.ap = 1;
    s.vp = 15;
    put_leader(&r, &mut s, "waldeck", "brussels");
    put(&r, &mut s, "dutch", "brussels", 2);
    let mut ended = s.clone();
    apply(&r, &mut ended, A, "end");
    let mut begun = s.clone();
    apply(&r, &mut begun, A, "campaign waldeck");
    assert_eq!(begun.ap, 0, "the campaign spent the card's last action");
    for side in [A, B] {
        let (b, e) = (eval(&r, &begun, side), eval(&r, &ended, side));
        assert!((b - e).abs() < 1e-12, "{side:?}: campaign begun {b}, round ended {e}");
    }
    let mut finished = begun.clone();
    finished.force = None;
    favours(&r, &begun, &finished, A);
}

#[test]
fn ny_14_1_the_army_never_goes_straight_back_and_prefers_the_front() {
    // From Brussels to Namur; from Namur, Charleroi is next to Bourbon
    // Dinant (the front) and Huy (linked only to Liège and Namur) is not.
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    put_leader(&r, &mut s, "waldeck", "brussels");
    put(&r, &mut s, "dutch", "brussels", 3);
    apply(&r, &mut s, A, "campaign waldeck");
    for _ in 0..3 {
        apply(&r, &mut s, A, "add dutch full");
    }
    apply(&r, &mut s, A, "go namur");
    assert_eq!(weight(&r, &s, A, "go brussels"), 0, "straight back");
    assert!(weight(&r, &s, A, "go huy") > 0, "a move elsewhere stays possible");
    let front = weight(&r, &s, A, "go charleroi");
    assert!(front > weight(&r, &s, A, "go huy"), "charleroi {front}");
    // With Dinant Allied, Charleroi is no longer at the front.
    let mut quiet = s.clone();
    own(&r, &mut quiet, "dinant", Control::Alliance);
    assert_eq!(weight(&r, &quiet, A, "go charleroi"), weight(&r, &quiet, A, "go huy"));
}

#[test]
fn ny_16_2_attacks_are_weighted_by_their_odds_a_losing_one_never() {
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    own(&r, &mut s, "dinant", Control::Bourbon);
    put(&r, &mut s, "france", "dinant", 1);
    put_leader(&r, &mut s, "william-iii", "namur");
    put(&r, &mut s, "dutch", "namur", 6);
    apply(&r, &mut s, A, "campaign william-iii");
    for _ in 0..6 {
        apply(&r, &mut s, A, "add dutch full");
    }
    let strong = weight(&r, &s, A, "go dinant");
    let mut weak = alliance_round(&r);
    own(&r, &mut weak, "dinant", Control::Bourbon);
    put(&r, &mut weak, "france", "dinant", 6);
    put_leader(&r, &mut weak, "marshal-luxembourg", "dinant");
    weak.leaders[leader(&r, "marshal-luxembourg").index()].promoted = true;
    put_leader(&r, &mut weak, "gastanaga", "namur");
    put(&r, &mut weak, "spain", "namur", 1);
    apply(&r, &mut weak, A, "campaign gastanaga");
    apply(&r, &mut weak, A, "add spain full");
    let losing = weight(&r, &weak, A, "go dinant");
    assert!(strong >= 10, "six corps and William against one: {strong}");
    assert_eq!(losing, 0, "one corps against six and Luxembourg");
}

#[test]
fn ny_17_a_siege_that_can_be_rolled_is_taken_and_an_empty_enemy_fortress_entered() {
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    put_leader(&r, &mut s, "frederick-iii", "cologne");
    put(&r, &mut s, "mercenary", "cologne", 2);
    let start = s.clone();
    apply(&r, &mut s, A, "campaign frederick-iii");
    apply(&r, &mut s, A, "add mercenary full");
    apply(&r, &mut s, A, "add mercenary full");
    // Bonn: a Bourbon fortress of strength 1 free of enemy corps, which two
    // corps can besiege (17.2).
    let bonn = weight(&r, &s, A, "go bonn");
    assert!(bonn > 3 * weight(&r, &s, A, "go maastricht").max(1), "go bonn {bonn}");
    // Walled up to strength 3, two corps could not roll: less likely.
    let mut strong = start.clone();
    strong.strength[space(&r, "bonn").index()] = 3;
    apply(&r, &mut strong, A, "campaign frederick-iii");
    apply(&r, &mut strong, A, "add mercenary full");
    apply(&r, &mut strong, A, "add mercenary full");
    assert!(bonn > weight(&r, &strong, A, "go bonn"), "go bonn at strength 3");
    apply(&r, &mut s, A, "go bonn");
    apply(&r, &mut s, A, "stop");
    // A later round (13.4.3: a counter takes part in one action a round):
    // the army in Bonn besieges it.
    seed_rules::round_of(&mut s, A, 3);
    apply(&r, &mut s, A, "campaign frederick-iii");
    apply(&r, &mut s, A, "add mercenary full");
    apply(&r, &mut s, A, "add mercenary full");
    let siege = weight(&r, &s, A, "siege");
    assert!(siege > 5 * weight(&r, &s, A, "stop"), "siege {siege}");
}

#[test]
fn ny_12_3_1_resource_points_are_spent_rather_than_lost() {
    let r = NineYears::standard();
    let (s, _) = seed_rules::reinforce_with(&r, 1690, A, |_| {});
    let done = weight(&r, &s, A, "done");
    assert!(weight(&r, &s, A, "colonial") > done);
    let forms: Vec<Action> = legal(&r, &s, A).into_iter().filter(|a| matches!(a, Action::Form(_, _, true))).collect();
    assert!(!forms.is_empty());
    for a in forms {
        assert!(r.action_weight(&s, A.seat(), a) > done, "{}", r.notation(a));
    }
}

#[test]
fn ny_12_3_6_the_alliance_prepares_the_atlantic_fleet_while_london_is_bourbon() {
    let r = NineYears::standard();
    let (s, _) = seed_rules::reinforce_with(&r, 1688, A, |_| {});
    assert!(!s.revolution);
    let atlantic = weight(&r, &s, A, "fleet allied-atlantic-fleet 2");
    assert!(atlantic > weight(&r, &s, A, "fleet allied-atlantic-fleet 1"));
    assert!(atlantic > weight(&r, &s, A, "colonial"));
    // After the Revolution, with London Allied, it is a plain purchase.
    let (after, _) = seed_rules::reinforce_with(&r, 1690, A, |s| {
        s.revolution = true;
        s.control[space(&r, "london").index()] = Control::Alliance;
    });
    assert!(weight(&r, &after, A, "fleet allied-atlantic-fleet 2") < weight(&r, &after, A, "colonial"));
}

#[test]
fn ny_12_4_leaders_join_stacks_and_the_step_is_closed_once_they_are_placed() {
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    s.phase = Phase::Leaders;
    s.order = [A, B];
    s.idx = 0;
    s.played = false;
    put(&r, &mut s, "dutch", "maastricht", 4);
    put_leader(&r, &mut s, "waldeck", "amsterdam");
    let join = weight(&r, &s, A, "leader waldeck maastricht");
    let empty = weight(&r, &s, A, "leader waldeck nijmegen");
    assert!(join > empty);
    assert!(weight(&r, &s, A, "done") > 5 * join);
    // A leader due is placed with the biggest stack.
    s.leaders[leader(&r, "waldeck").index()].loc = LeaderLoc::Due;
    assert!(weight(&r, &s, A, "leader waldeck maastricht") > weight(&r, &s, A, "leader waldeck nijmegen"));
}

#[test]
fn ny_18_2_kww_reinforcement_is_taken_unless_the_marker_is_at_its_end() {
    let r = NineYears::standard();
    let mut s = seed_rules::event_phase(&r, 1, 1690);
    apply(&r, &mut s, r.scenario.initiative(1690), "first alliance");
    assert_eq!((s.phase, s.ordered()), (Phase::Kww, A));
    assert!(weight(&r, &s, A, "kww reinforce") > weight(&r, &s, A, "kww pass"));
    s.kww = 2;
    assert!(weight(&r, &s, A, "kww reinforce") < weight(&r, &s, A, "kww pass"));
}

#[test]
fn ny_6_4_the_side_behind_takes_peace_penalties_the_side_ahead_refuses_them() {
    let r = NineYears::standard();
    let mut s = campaign_1690(&r);
    s.year = 1696;
    s.phase = Phase::Peace;
    s.order = [A, B];
    s.idx = 0;
    s.vp = 21;
    assert!(weight(&r, &s, A, "peace both") > weight(&r, &s, A, "peace none"), "the Alliance behind");
    s.idx = 1;
    assert!(weight(&r, &s, B, "peace none") > weight(&r, &s, B, "peace both"), "the Bourbons ahead");
    s.vp = 28;
    assert!(weight(&r, &s, B, "peace both") > weight(&r, &s, B, "peace none"), "the Bourbons behind");
}

#[test]
fn ny_7_2_1_the_bourbons_make_savoy_neutral_the_alliance_keeps_it() {
    let r = NineYears::standard();
    let mut s = campaign_1690(&r);
    s.year = 1696;
    s.savoy = Savoy::Allied;
    s.phase = Phase::Savoy;
    s.order = [B, A];
    s.idx = 0;
    own(&r, &mut s, "turin", Control::Bourbon);
    assert!(weight(&r, &s, B, "savoy neutral") > weight(&r, &s, B, "savoy stays"));
    s.order = [A, B];
    assert!(weight(&r, &s, A, "savoy stays") > weight(&r, &s, A, "savoy neutral"));
}

#[test]
fn ny_16_1_a_garrison_as_strong_as_the_attacker_fights_a_weaker_one_withdraws() {
    let r = NineYears::standard();
    let mut s = alliance_round(&r);
    own(&r, &mut s, "dinant", Control::Bourbon);
    put_leader(&r, &mut s, "william-iii", "namur");
    put(&r, &mut s, "dutch", "namur", 3);
    let mut weak = s.clone();
    put(&r, &mut s, "france", "dinant", 3);
    put(&r, &mut weak, "france", "dinant", 1);
    for st in [&mut s, &mut weak] {
        apply(&r, st, A, "campaign william-iii");
        for _ in 0..3 {
            apply(&r, st, A, "add dutch full");
        }
        apply(&r, st, A, "go dinant");
        assert_eq!(st.pending, Some(sandtable_nine_years::Pending::Garrison(space(&r, "dinant"))));
    }
    assert!(weight(&r, &s, B, "battle") > weight(&r, &s, B, "withdraw"));
    assert!(weight(&r, &weak, B, "withdraw") > weight(&r, &weak, B, "battle"));
}
