//! Positions as data: a state read from JSON is checked before play starts
//! from it, so a crafted file can neither panic the engine nor leave the
//! side to act without a decision (found by fuzzing position files).

use sandtable_core::{Ruleset, Setup};
use sandtable_scs::{Fight, FightKind, Phase, Scs, Side, Stage, State};

fn opening(rules: &Scs) -> State {
    let mut s = rules.setup(&rules.info().resolve(&Setup::seeded(1)).expect("setup")).expect("state");
    // Play the set-up through: the first legal action until play begins.
    while s.phase == Phase::SetUp {
        let seat = rules.to_act(&s).seats().iter().next().expect("a seat");
        let mut legal = Vec::new();
        rules.legal_actions(&s, seat, &mut legal);
        rules.try_apply(&mut s, seat, legal[0], &mut sandtable_core::Events::off()).expect("legal");
    }
    s
}

fn refused_at(rules: &Scs, s: &State) -> Vec<String> {
    rules.validate(s).expect_err("refused").into_iter().map(|e| e.at).collect()
}

#[test]
fn a_position_from_play_validates() {
    let rules = Scs::standard();
    assert_eq!(rules.validate(&opening(&rules)), Ok(()));
}

#[test]
fn a_stacking_check_for_a_side_with_no_hex_over_the_limit_is_refused() {
    let rules = Scs::standard();
    let mut s = opening(&rules);
    s.overstack = Some(Side::ALL[0]);
    assert!(refused_at(&rules, &s).contains(&"overstack".to_owned()));
    s.phase = Phase::SetUp;
    assert!(refused_at(&rules, &s).contains(&"phase".to_owned()), "and never outside the phases of play");
}

#[test]
fn a_pending_decision_nobody_can_take_is_refused() {
    let rules = Scs::standard();
    let mut s = opening(&rules);
    // A defender's retreat with no unit retreating: the defender would owe a decision it cannot make.
    let target = s.units.iter().find_map(|u| match u.pos {
        sandtable_scs::Pos::Hex(h) => Some(h),
        _ => None,
    });
    let mut f = Fight::new(FightKind::Attack, Vec::new(), target.expect("a unit on the map"));
    f.stage = Stage::DefenderRetreat;
    f.result = Some(Default::default());
    s.fight = Some(f);
    assert_eq!(refused_at(&rules, &s), vec!["phase".to_owned()], "the side to act has no legal action");
}

#[test]
fn a_hex_off_the_map_is_refused_without_a_panic() {
    let rules = Scs::standard();
    let mut s = opening(&rules);
    s.units[0].pos = sandtable_scs::Pos::Hex(sandtable_board::HexId::from_index(9000));
    assert!(refused_at(&rules, &s).iter().any(|at| at.starts_with("units[0]")));
}
