//! Odds before the dice (`Ruleset::forecast`): the movement roll, the
//! general search after Appel, Shoot to Kill, the Staff Car and Do-or-Die,
//! each checked against odds worked out by hand (or, for the long chains of
//! throws, by an independent count written here).

mod common;
use common::*;
use sandtable_colditz::{Colditz, State, Zone};
use sandtable_core::{Forecast, Ruleset, Seat};

const CLASSIC: &[(&str, &str)] = &[("rules", "classic")];

fn odds(r: &Colditz, s: &State, seat: Seat, action: &str) -> Option<Forecast> {
    r.forecast(s, seat, r.parse(action).expect("the action parses"))
}

fn forecast_of(r: &Colditz, s: &State, seat: Seat, action: &str) -> Forecast {
    let f = odds(r, s, seat, action).unwrap_or_else(|| panic!("{action} has odds"));
    let total: f64 = f.outcomes.iter().map(|c| c.p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{action}: the odds sum to {total}");
    assert!(f.outcomes.iter().all(|c| c.p > 0.0 && c.p <= 1.0 && !c.text.ru.is_empty()));
    assert!(!f.basis.is_empty(), "{action}: the odds rest on figures");
    for b in &f.basis {
        assert!(b.rule.starts_with("Colditz: ") || b.rule.starts_with("Colditz classic: "), "cites {:?}", b.rule);
        assert!(!b.text.en.is_empty() && !b.text.ru.is_empty());
    }
    f
}

/// The probability of the outcome read exactly `text` (0 when absent).
fn p(f: &Forecast, text: &str) -> f64 {
    f.outcomes.iter().filter(|c| c.text.en == text).map(|c| c.p).sum()
}

/// The probability of the outcomes whose text contains `part`.
fn p_with(f: &Forecast, part: &str) -> f64 {
    f.outcomes.iter().filter(|c| c.text.en.contains(part)).map(|c| c.p).sum()
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} against {b}");
}

// ------------------------------------------------------------ movement --

#[test]
fn colditz_movement_forecast_of_the_roll_2016() {
    let (r, mut s) = blank(4, 1);
    roll_phase(&mut s, BR.seat());
    let f = forecast_of(&r, &s, BR.seat(), "roll");
    // A double on the first throw: 6 ways in 36.
    close(p_with(&f, "double"), 1.0 / 6.0);
    // Three doubles: (1/6)³ — the third throw is not thrown again but still counts.
    close(p_with(&f, "3 doubles"), 1.0 / 216.0);
    // 7: six ways, never a double, no card.
    close(p(&f, "7 movement points"), 6.0 / 36.0);
    // The card threshold, both sides: 5 (four ways, not a double) draws, 6 (four ways besides 3+3) does not.
    close(p(&f, "5 movement points; a card drawn"), 4.0 / 36.0);
    close(p(&f, "6 movement points"), 4.0 / 36.0);
    assert_eq!(p_with(&f, "6 movement points; a card"), 0.0);
    // 1+1 then 1+2 or 2+1: 5 in all, one double, a card (2 and 3 are both 5 or less).
    close(p(&f, "5 movement points; a double: one POW may leave solitary; a card drawn"), 2.0 / 1296.0);
    // No bare 2 or 4: those are doubles, thrown again.
    assert_eq!(p(&f, "2 movement points"), 0.0);
    assert_eq!(p(&f, "4 movement points"), 0.0);
    assert_eq!(f.outcomes[0].text.en.split(' ').next(), Some("3"), "the fewest points first");
    assert!(f.basis.iter().any(|b| b.rule == "Colditz: Movement (doubles)"));
    assert_eq!(f.outcomes[0].text.ru, "3 очка движения; вытянута карта");
    // Russian plural forms by CLDR's rules: 3 очка, 7 очков; 3 дубля.
    let ru = |en: &str| f.outcomes.iter().find(|c| c.text.en == en).map(|c| c.text.ru.to_string());
    assert_eq!(ru("7 movement points").as_deref(), Some("7 очков движения"));
    assert_eq!(
        f.outcomes
            .iter()
            .find(|c| c.text.en.contains("3 doubles"))
            .map(|c| c.text.ru.contains("3 дубля: из Одиночки можно выпустить 3 Военнопленных")),
        Some(true)
    );
}

#[test]
fn colditz_movement_forecast_the_german_releases_nobody() {
    let (r, mut s) = blank(4, 1);
    roll_phase(&mut s, DE);
    let f = forecast_of(&r, &s, DE, "roll");
    assert_eq!(p_with(&f, "solitary"), 0.0, "no release on the German's doubles");
    assert!(!f.basis.iter().any(|b| b.rule == "Colditz: Movement (doubles)"));
    // Doubles show in the points only (thrown again): 7 stays at 6/36.
    close(p(&f, "7 movement points"), 6.0 / 36.0);
}

#[test]
fn colditz_movement_forecast_no_card_from_an_empty_deck() {
    let (r, mut s) = blank(4, 1);
    roll_phase(&mut s, BR.seat());
    while s.opportunity.draw().is_some() {}
    let f = forecast_of(&r, &s, BR.seat(), "roll");
    assert_eq!(p_with(&f, "card"), 0.0);
    close(p(&f, "5 movement points"), 4.0 / 36.0);
}

#[test]
fn colditz_movement_classic_forecast_doubles_without_limit() {
    let (r, mut s) = blank_with(3, 1, CLASSIC);
    roll_phase(&mut s, BR.seat());
    let f = forecast_of(&r, &s, BR.seat(), "roll");
    // Classic: 3, 7 and 11 draw a card each; 5 and 6 draw nothing.
    close(p(&f, "7 movement points; a card drawn"), 6.0 / 36.0);
    close(p(&f, "3 movement points; a card drawn"), 2.0 / 36.0);
    close(p(&f, "5 movement points"), 4.0 / 36.0);
    // Every double is thrown again: the doubles (and the long tail, all
    // doubles) come to 1/6 in all.
    close(p_with(&f, "double") + p(&f, "37 or more movement points"), 1.0 / 6.0);
    assert!(p(&f, "37 or more movement points") > 0.0);
    // 1+1, 1+1, 1+1, then 1+2: 9 points, three doubles, one card (the 3).
    let three = p(&f, "9 movement points; 3 doubles: 3 POWs may leave solitary; a card drawn");
    close(three, 2.0 / 36f64.powi(4));
    assert!(f.basis.iter().any(|b| b.rule == "Colditz classic: Cards"));
}

#[test]
fn colditz_movement_forecast_reads_no_hidden_hand() {
    let (r, mut s) = blank(4, 1);
    roll_phase(&mut s, BR.seat());
    let before = odds(&r, &s, BR.seat(), "roll");
    // Another officer's hand and the order of the deck are not the roller's to see.
    give_card(&mut s, US.seat(), card(&r, "talisman"));
    let top = s.opportunity.draw().expect("a card");
    s.opportunity.put_bottom(top);
    assert_eq!(odds(&r, &s, BR.seat(), "roll"), before);
}

// ---------------------------------------------------------------- Appel --

/// A refusing br1 in the inner courtyard `d` circles from guard 1; the
/// German to search.
fn search_ready(players_opts: &[(&str, &str)], d: u32) -> (Colditz, State) {
    let (r, mut s) = blank_with(4, 1, players_opts);
    let inner = |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c);
    let (g, at) = circles(&r, inner)
        .into_iter()
        .find_map(|g| {
            let range = range_from(&r, g);
            circles(&r, |c| inner(c) && range[c.index()] == d).first().map(|&c| (g, c))
        })
        .expect("a guard and a POW that far apart");
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), at);
    give_card(&mut s, DE, card(&r, "appel"));
    s.round = 10;
    roll_phase(&mut s, DE);
    play(&r, &mut s, DE, "play appel");
    play(&r, &mut s, BR.seat(), "answer br1");
    for n in [US, FR] {
        if is_legal(&r, &s, n.seat(), "answer") {
            play(&r, &mut s, n.seat(), "answer");
        }
    }
    assert!(is_legal(&r, &s, DE, "search"));
    (r, s)
}

/// A 2016 chain of throws reaching 7: 18 non-doubles of 7 or more; 1+1 then
/// at least 5 more (all but 1+2, 2+1, 1+3, 3+1, and 1+1 then 1+1); 2+2 and
/// higher doubles always.
fn reach_seven_2016() -> f64 {
    (18.0 + (1.0 - 145.0 / 1296.0) + 5.0) / 36.0
}

#[test]
fn colditz_appel_card_forecast_of_the_general_search() {
    let (r, s) = search_ready(&[], 7);
    let f = forecast_of(&r, &s, DE, "search");
    close(p(&f, "1 refusing POW caught, to solitary"), reach_seven_2016());
    close(p(&f, "nobody caught"), 1.0 - reach_seven_2016());
    assert_eq!(f.outcomes[0].text.ru, "никто не пойман");
    assert!(f.basis.iter().any(|b| b.rule == "Colditz: Appel card"));
    // Moving instead is a movement roll.
    let roll = forecast_of(&r, &s, DE, "roll");
    close(p(&roll, "7 movement points"), 6.0 / 36.0);
}

#[test]
fn colditz_appel_card_forecast_within_two_is_certain() {
    let (r, s) = search_ready(&[], 2);
    let f = forecast_of(&r, &s, DE, "search");
    assert_eq!(f.outcomes.len(), 1);
    close(p(&f, "1 refusing POW caught, to solitary"), 1.0);
}

#[test]
fn colditz_classic_appel_card_forecast_of_the_general_search() {
    let (r, s) = search_ready(CLASSIC, 7);
    let f = forecast_of(&r, &s, DE, "search");
    // Classic: 1+1 then 1+1 throws again, so only 1+2, 2+1, 1+3, 3+1 fall short after 1+1.
    close(p(&f, "1 refusing POW caught, to solitary"), (18.0 + (1.0 - 4.0 / 36.0) + 5.0) / 36.0);
}

// -------------------------------------------------------- Shoot to Kill --

/// The German about to Shoot to Kill br1 from g1, `d` circles away.
fn shot_ready(opts: &[(&str, &str)], d: u32) -> (Colditz, State) {
    let (r, mut s) = blank_with(4, 1, opts);
    let outside = |c| r.board.circle(c).zone == Zone::Outside && plain(&r, c);
    let (g, at) = circles(&r, outside)
        .into_iter()
        .find_map(|g| {
            let range = range_from(&r, g);
            circles(&r, |c| outside(c) && range[c.index()] == d).first().map(|&c| (g, c))
        })
        .expect("a shooting range");
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), at);
    give_card(&mut s, DE, card(&r, "shoot-to-kill"));
    move_phase(&mut s, DE, 0);
    (r, s)
}

const KILLED: &str = "shot: the escaper is killed, even against a Talisman";
const UNLESS: &str = "shot: the escaper is killed unless a Talisman answers";
const MISSED: &str = "missed: the escaper lives";

#[test]
fn colditz_cards_shoot_to_kill_forecast_at_five() {
    // Doubled, every first throw reaches 5 (the least not a double is 3: 6);
    // a Talisman spares him only on 1+2, 2+1, 1+3, 3+1 (a double always goes on to 5).
    let (r, s) = shot_ready(&[], 5);
    let f = forecast_of(&r, &s, DE, "play shoot-to-kill g1 br1");
    close(p(&f, KILLED), 32.0 / 36.0);
    close(p(&f, UNLESS), 4.0 / 36.0);
    assert_eq!(p(&f, MISSED), 0.0, "nothing misses at 5");
    assert_eq!(f.outcomes.len(), 2);
    assert!(f.basis.iter().any(|b| b.rule == "Colditz: Shoot to Kill" && b.text.en.contains("distance 5")));
    assert!(f.basis.iter().any(|b| b.rule == "Colditz: Talisman"));
}

#[test]
fn colditz_cards_shoot_to_kill_forecast_at_seven() {
    // Not doubles: 7+ (18 ways) kill outright, 4–6 (10) unless a Talisman, 3 (2) miss.
    // 1+1: 4 + more always reaches 7; with a Talisman 2 + more needs 5 more.
    let (r, s) = shot_ready(&[], 7);
    let f = forecast_of(&r, &s, DE, "play shoot-to-kill g1 br1");
    close(p(&f, KILLED), reach_seven_2016());
    close(p(&f, UNLESS), (10.0 + 145.0 / 1296.0) / 36.0);
    close(p(&f, MISSED), 2.0 / 36.0);
    assert_eq!(f.outcomes.iter().map(|c| c.text.en.as_ref()).collect::<Vec<_>>(), [KILLED, UNLESS, MISSED]);
    assert_eq!(f.outcomes[2].text.ru, "промах: Военнопленный жив");
}

#[test]
fn colditz_classic_cards_shoot_to_kill_forecast_doubles_without_limit() {
    // As at seven in 2016, but after 1+1 another 1+1 throws again: only
    // 1+2, 2+1, 1+3, 3+1 leave a Talisman's range short.
    let (r, s) = shot_ready(CLASSIC, 7);
    let f = forecast_of(&r, &s, DE, "play shoot-to-kill g1 br1");
    close(p(&f, UNLESS), (10.0 + 4.0 / 36.0) / 36.0);
    close(p(&f, MISSED), 2.0 / 36.0);
    assert!(f.basis.iter().any(|b| b.rule == "Colditz classic: Cards"));
}

#[test]
fn colditz_hidden_shoot_to_kill_forecast_does_not_reveal_a_talisman() {
    let (r, mut s) = shot_ready(&[], 7);
    let without = odds(&r, &s, DE, "play shoot-to-kill g1 br1");
    give_card(&mut s, BR.seat(), card(&r, "talisman"));
    assert_eq!(odds(&r, &s, DE, "play shoot-to-kill g1 br1"), without);
    // The answer itself throws nothing.
    play(&r, &mut s, DE, "play shoot-to-kill g1 br1");
    assert_eq!(odds(&r, &s, BR.seat(), "play talisman"), None);
    assert_eq!(odds(&r, &s, BR.seat(), "pass"), None);
}

// ---------------------------------------------------- Staff Car, Do or Die --

/// The law of one chain of throws, by total, counted independently: a 2d6
/// throw, again on doubles (classic: without limit; 2016: at most two extra
/// throws); totals from `cap` up left out. `going[m][t]`: the chance that
/// the chain is still going at total `t` after `m` throws (classic: `m`
/// kept at 0, the count does not matter).
fn chain_by_total(classic: bool, cap: usize) -> Vec<f64> {
    let mut law = vec![0.0; cap];
    let mut going = vec![vec![0.0; cap]; 4];
    going[0][0] = 1.0;
    for m in 0..3 {
        for t in 0..cap {
            let p = going[m][t];
            if p == 0.0 {
                continue;
            }
            for a in 1..=6 {
                for b in 1..=6 {
                    let to = t + a + b;
                    if to >= cap {
                        continue;
                    }
                    if a == b && classic {
                        going[m][to] += p / 36.0;
                    } else if a == b && m < 2 {
                        going[m + 1][to] += p / 36.0;
                    } else {
                        law[to] += p / 36.0;
                    }
                }
            }
        }
        if classic {
            break;
        }
    }
    law
}

/// The chance that `chains` chains add up to `need` or more.
fn reach(classic: bool, chains: usize, need: usize) -> f64 {
    let one = chain_by_total(classic, need);
    let mut sums = vec![1.0];
    for _ in 0..chains {
        let mut next = vec![0.0; sums.len() + one.len()];
        for (i, a) in sums.iter().enumerate() {
            for (j, b) in one.iter().enumerate() {
                next[i + j] += a * b;
            }
        }
        sums = next;
    }
    1.0 - sums.iter().take(need).sum::<f64>()
}

#[test]
fn colditz_cards_staff_car_forecast_six_throws_against_45() {
    let (r, mut s) = blank(4, 1);
    let car = r.board.car;
    let n = r.board.net.links(car).map(|(n, _)| n).find(|&n| plain(&r, n)).expect("a circle by the car");
    put(&mut s, pow(BR, 1), n);
    give_card(&mut s, BR.seat(), card(&r, "staff-car"));
    move_phase(&mut s, BR.seat(), 0);
    let f = forecast_of(&r, &s, BR.seat(), "play staff-car br1");
    let escape = reach(false, 6, 45);
    assert!(escape > 0.5 && escape < 1.0, "six chains average a little over 50: {escape}");
    assert!((p(&f, "the staff car gets through: an escape") - escape).abs() < 1e-9);
    assert!((p(&f, "stopped: recaptured, to solitary") - (1.0 - escape)).abs() < 1e-9);
    assert!(f.basis.iter().any(|b| b.rule == "Colditz: Staff Car" && b.text.en.contains("45")));
    // Without a kit the card is refused, and a refused action has no odds.
    s.kits[BR.index()] = false;
    assert_eq!(odds(&r, &s, BR.seat(), "play staff-car br1"), None);
}

#[test]
fn colditz_classic_do_or_die_forecast_against_the_distance() {
    let (r, mut s) = blank_with(3, 1, CLASSIC);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    s.kits[BR.index()] = true;
    move_phase(&mut s, BR.seat(), 5);
    let distance = usize::from(r.do_or_die_distance(&s, pow(BR, 1)).expect("a route south"));
    let f = forecast_of(&r, &s, BR.seat(), "do-or-die br1");
    // Any card of the deck alike: its order is hidden.
    let cards: Vec<usize> = s.do_or_die.cards().map(|&n| usize::from(n)).collect();
    let want = cards.iter().map(|&k| reach(true, k, distance)).sum::<f64>() / cards.len() as f64;
    assert!((p(&f, "Do-or-Die succeeds: an escape") - want).abs() < 1e-9);
    assert!(f.basis.iter().any(|b| b.rule == "Colditz classic: Do or Die"));
    // The deck's order changes nothing.
    let top = s.do_or_die.draw().expect("a card");
    s.do_or_die.put_bottom(top);
    assert_eq!(odds(&r, &s, BR.seat(), "do-or-die br1"), Some(f));
}

// ------------------------------------------------------- no dice, no odds --

#[test]
fn colditz_play_forecast_none_for_actions_that_throw_nothing() {
    let (r, mut s) = blank(4, 1);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 1), a);
    put(&mut s, guard(1), inner_posts(&r)[0]);
    give_card(&mut s, BR.seat(), card(&r, "diversion"));
    move_phase(&mut s, BR.seat(), 6);
    let listed = legal(&r, &s, BR.seat());
    assert!(listed.len() > 3);
    for action in &listed {
        assert_eq!(odds(&r, &s, BR.seat(), action), None, "{action} throws no dice");
    }
    // Nor does an action that is not legal now.
    assert_eq!(odds(&r, &s, BR.seat(), "roll"), None);
    assert_eq!(odds(&r, &s, US.seat(), "roll"), None);
}
