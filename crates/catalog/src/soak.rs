//! The soak: a long run of uniformly random legal actions over successive
//! games, every position reached checked by [`Ruleset::validate`] — the
//! game's own invariants (units, pawns and cards conserved, nothing off the
//! board, stacking and hand limits, kept counts equal to their recomputation
//! from scratch). Generic over every ruleset: a game gets it by having a
//! validator.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{ruleset_for, Events, Ruleset, Seat, Setup, ToAct};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// A game longer than this many decisions is a failure (a dead loop).
const MAX_STEPS: u64 = 1_000_000;
/// Set-ups refused in a row (option combinations the game does not take,
/// such as Colditz's `victory=total-2` with five officers) before the soak
/// gives up on its set-ups.
const MAX_REFUSED_IN_A_ROW: u32 = 1_000;

/// What a soak ran. Its [`fmt::Display`] is the lines a test prints.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SoakReport {
    /// The game id.
    pub game: String,
    /// Actions applied, each followed by a validation of the position.
    pub actions: u64,
    /// Validations run: one per action and one per initial position.
    pub validations: u64,
    /// Games started.
    pub games: u64,
    /// Games played to their end (the last one is usually cut short by the count).
    pub finished: u64,
    /// Set-ups the game refused (option combinations it does not take); none played.
    pub refused_setups: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games and actions by each choice a set-up made: its scenario
    /// (`scenario=` a file's name or the built-in's id) and each option
    /// (`key=value`). Every game counts once under each of its choices.
    pub by_choice: BTreeMap<String, (u64, u64)>,
}

impl SoakReport {
    /// Actions per second of wall-clock time.
    pub fn actions_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.actions as f64 / self.seconds
        } else {
            0.0
        }
    }
}

impl fmt::Display for SoakReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} random actions validated after each ({} validations), {} games ({} to the end), {} set-ups refused, {:.1} s, {:.0} actions/s",
            self.game,
            self.actions,
            self.validations,
            self.games,
            self.finished,
            self.refused_setups,
            self.seconds,
            self.actions_per_second()
        )?;
        for (choice, (games, actions)) in &self.by_choice {
            writeln!(f, "  {choice}: {games} games, {actions} actions")?;
        }
        Ok(())
    }
}

/// Plays random games until `actions` actions have been applied; see
/// [`crate::Driver::soak`]. Panics on the first violation.
pub(crate) fn run<R: Ruleset>(standard: &Arc<R>, setups: &[Setup], actions: u64, seed: u64) -> SoakReport {
    let info = standard.info();
    let game = info.id.clone();
    let bases: Vec<Setup> = if setups.is_empty() { vec![Setup::default()] } else { setups.to_vec() };
    // Each base's ruleset value, made once: a scenario file is parsed once.
    let rules: Vec<Arc<R>> = bases
        .iter()
        .map(|b| ruleset_for(standard, b).unwrap_or_else(|e| panic!("{game}: a soak set-up's scenario refused: {e}")))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x50a4);
    let mut report = SoakReport { game: game.clone(), ..SoakReport::default() };
    let start = Instant::now();
    let mut legal: Vec<R::Action> = Vec::new();
    let mut candidates: Vec<Seat> = Vec::new();
    let mut refused_in_a_row = 0u32;
    let mut g = 0usize;

    while report.actions < actions {
        let which = g % bases.len();
        g += 1;
        let rules = rules[which].as_ref();
        // Every option the base leaves open takes a random offered value.
        let mut setup = Setup { seed: rng.gen(), ..bases[which].clone() };
        for o in &info.options {
            if !setup.options.contains_key(&o.key) && !o.values.is_empty() {
                let v = o.values[rng.gen_range(0..o.values.len())].clone();
                setup.options.insert(o.key.clone(), v);
            }
        }
        let started = info.resolve(&setup).and_then(|s| Ok((sandtable_core::initial_state(rules, &s)?, s)));
        let (mut state, setup) = match started {
            Ok(x) => x,
            Err(_) => {
                report.refused_setups += 1;
                refused_in_a_row += 1;
                assert!(
                    refused_in_a_row < MAX_REFUSED_IN_A_ROW,
                    "{game}: {MAX_REFUSED_IN_A_ROW} set-ups refused in a row; last {setup:?}"
                );
                continue;
            }
        };
        refused_in_a_row = 0;
        let choices = choices(&setup);
        let label = choices.join(" ");
        let here = |step: u64| format!("{game} [{label}] seed {} step {step}", setup.seed);
        if let Err(problems) = rules.validate(&state) {
            panic!("{}: the initial position is invalid:\n{}", here(0), lines(&problems));
        }
        report.validations += 1;
        report.games += 1;
        let mut played = 0u64;

        loop {
            if report.actions >= actions {
                break;
            }
            let acting = match rules.to_act(&state) {
                ToAct::Over(_) => {
                    report.finished += 1;
                    break;
                }
                ToAct::Seats(s) => s,
            };
            assert!(played < MAX_STEPS, "{}: no end after {MAX_STEPS} decisions", here(played));
            assert!(!acting.is_empty(), "{}: nobody to act but the game is not over", here(played));
            // A random seat among those that owe a decision and those that
            // may act out of turn (with something to do): optional actions
            // are soaked too, and the owing seats still move the game on.
            candidates.clear();
            candidates.extend(acting.iter());
            for seat in rules.may_act(&state).iter() {
                if !acting.contains(seat) {
                    legal.clear();
                    rules.legal_actions(&state, seat, &mut legal);
                    if !legal.is_empty() {
                        candidates.push(seat);
                    }
                }
            }
            let seat = candidates[rng.gen_range(0..candidates.len())];
            legal.clear();
            rules.legal_actions(&state, seat, &mut legal);
            assert!(
                !legal.is_empty(),
                "{}: seat {} must act but has no legal action (dead end)",
                here(played),
                seat.index()
            );
            let action = legal[rng.gen_range(0..legal.len())];
            if let Err(e) = rules.try_apply(&mut state, seat, action, &mut Events::off()) {
                panic!(
                    "{}: seat {} action {:?} ({action:?}) listed but refused: {e}",
                    here(played),
                    seat.index(),
                    rules.notation(action)
                );
            }
            played += 1;
            report.actions += 1;
            if let Err(problems) = rules.validate(&state) {
                panic!(
                    "{}: after seat {} played {:?}, the position breaks an invariant:\n{}",
                    here(played),
                    seat.index(),
                    rules.notation(action),
                    lines(&problems)
                );
            }
            report.validations += 1;
        }
        for c in choices {
            let e = report.by_choice.entry(c).or_default();
            e.0 += 1;
            e.1 += played;
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// The choices of a set-up as the report names them: `scenario=` the file's
/// name (or the built-in scenario's id), then each option as `key=value`.
fn choices(setup: &Setup) -> Vec<String> {
    let scenario = match (&setup.scenario_file, &setup.scenario) {
        (Some(f), _) => f.name.clone(),
        (None, Some(id)) => id.clone(),
        (None, None) => "default".into(),
    };
    std::iter::once(format!("scenario={scenario}"))
        .chain(setup.options.iter().map(|(k, v)| format!("{k}={v}")))
        .collect()
}

fn lines(problems: &[sandtable_core::PositionError]) -> String {
    problems.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use crate::find;
    use sandtable_core::Setup;

    #[test]
    fn soak_counts_its_actions_and_varies_the_options() {
        let d = find("colditz").expect("present");
        let r = d.soak(&[Setup::default()], 3_000, 7);
        assert_eq!(r.actions, 3_000);
        assert_eq!(r.validations, r.actions + r.games);
        assert!(r.games >= 1 && r.by_choice["scenario=castle"] == (r.games, r.actions), "{r:?}");
        let players: u64 = (2..=6).filter_map(|n| r.by_choice.get(&format!("players={n}"))).map(|(g, _)| g).sum();
        assert_eq!(players, r.games, "every game counted under its player count: {r:?}");
        assert!(r.to_string().starts_with("colditz: 3000 random actions"), "{r}");
    }

    #[test]
    fn soak_keeps_the_options_a_set_up_names() {
        let d = find("totensonntag").expect("present");
        let r = d.soak(&[Setup::default().with_option("impulse-pairs", "4")], 2_000, 1);
        assert!(r.by_choice.contains_key("impulse-pairs=4") && !r.by_choice.contains_key("impulse-pairs=5"), "{r:?}");
    }
}
