//! Shared by the rule tests: the tiny test scenario (`tiny.toml`, written
//! only for the tests), states built from it, and helpers that apply an
//! action by its notation and look at the result.
#![allow(dead_code)]

use sandtable_core::{Events, Illegal, Ruleset, ScenarioFile, Seat, Setup, ToAct};
use sandtable_nine_years::{Action, NineYears, Phase, Side, State};

/// The tiny scenario's text.
pub const TINY: &str = include_str!("tiny.toml");

/// The rules on the tiny scenario.
pub fn tiny() -> NineYears {
    NineYears::from_file(&ScenarioFile::new("tiny.toml", TINY)).expect("the tiny scenario loads")
}

/// A new game of `rules` with `seed`.
pub fn start(rules: &NineYears, seed: u64) -> State {
    rules.setup(&rules.info().resolve(&Setup::seeded(seed)).expect("setup")).expect("state")
}

/// The action written as `text`.
pub fn act(rules: &NineYears, text: &str) -> Action {
    rules.parse(text).unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"))
}

/// Applies `text` for `side`, panicking with the refusal if refused.
pub fn apply(rules: &NineYears, s: &mut State, side: Side, text: &str) -> Vec<sandtable_core::Event> {
    let mut ev = Events::recording();
    let a = act(rules, text);
    rules.try_apply(s, side.seat(), a, &mut ev).unwrap_or_else(|e| panic!("{text:?} refused: {e}"));
    ev.take()
}

/// The refusal of `text` for `side` (panics if it is accepted), checking
/// that the refused action changed nothing and is not among the legal ones.
pub fn refuse(rules: &NineYears, s: &State, side: Side, text: &str) -> Illegal {
    let mut t = s.clone();
    let a = act(rules, text);
    let err = rules.try_apply(&mut t, side.seat(), a, &mut Events::off()).expect_err(text);
    assert_eq!(&t, s, "a refused action changed the state");
    assert!(!legal(rules, s, side).contains(&a), "{text:?} refused but listed as legal");
    err
}

/// The legal actions of `side`.
pub fn legal(rules: &NineYears, s: &State, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    rules.legal_actions(s, side.seat(), &mut out);
    out
}

/// The legal actions of `side` as text.
pub fn legal_text(rules: &NineYears, s: &State, side: Side) -> Vec<String> {
    legal(rules, s, side).into_iter().map(|a| rules.notation(a)).collect()
}

/// Whose decision it is (one seat).
pub fn to_act(rules: &NineYears, s: &State) -> Option<Side> {
    match rules.to_act(s) {
        ToAct::Seats(seats) => seats.iter().next().and_then(Side::of_seat),
        ToAct::Over(_) => None,
    }
}

/// Plays the first legal action in order until `stop` holds (or the game ends).
pub fn advance(rules: &NineYears, s: &mut State, mut stop: impl FnMut(&State) -> bool) {
    for _ in 0..100_000 {
        if stop(s) {
            return;
        }
        let ToAct::Seats(seats) = rules.to_act(s) else { return };
        let seat: Seat = seats.iter().next().expect("a seat");
        let mut out = Vec::new();
        rules.legal_actions(s, seat, &mut out);
        // Prefer ending steps quickly: `done`, `end`, `stop` first.
        let pick = out
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Done | Action::End | Action::Stop | Action::NoIntercept))
            .unwrap_or(out[0]);
        rules.try_apply(s, seat, pick, &mut Events::off()).expect("legal");
    }
    panic!("advance did not reach its goal");
}

/// A state in the action round of `side`, its card of value `card` played,
/// in the year after the first (hands as dealt).
pub fn in_round(rules: &NineYears, seed: u64) -> State {
    let mut s = start(rules, seed);
    advance(rules, &mut s, |s| s.phase == Phase::Round);
    s
}

/// The id of a space by name.
pub fn space(rules: &NineYears, id: &str) -> sandtable_nine_years::SpaceId {
    rules.scenario.space_by_id(id).unwrap_or_else(|| panic!("no space {id}"))
}

/// Puts a leader in a space.
pub fn put_leader(rules: &NineYears, s: &mut State, id: &str, at: &str) {
    let l = leader(rules, id);
    s.leaders[l.index()].loc = sandtable_nine_years::LeaderLoc::Space(space(rules, at));
}

/// The id of a leader by name.
pub fn leader(rules: &NineYears, id: &str) -> sandtable_nine_years::LeaderId {
    rules.scenario.leader_by_id(id).unwrap_or_else(|| panic!("no leader {id}"))
}

/// Helpers of the campaign-phase and authored combat tests.
pub mod campaign;
/// Helpers of the seed-rule tests (sequence, victory, powers, events, LOC, reinforcement, winter).
pub mod seed_rules;
