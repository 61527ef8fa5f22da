//! The odds of an action before it is taken, computed by the rules
//! themselves: the action is applied to a scratch copy of the state once for
//! every way its dice can fall, and the results are counted.
//!
//! Enumerating through `try_apply` rather than restating each combat table
//! as arithmetic means a forecast cannot disagree with what the dice will
//! then do: it is the same code, run over every face.

use crate::{Dice, Events, Ruleset, Seat, Text};
use serde::{Deserialize, Serialize};

/// What an action that rolls dice may lead to, and what the odds rest on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forecast {
    /// The figures the odds rest on, each with the rule it comes from (the
    /// attack rating and every modifier, the number needed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub basis: Vec<Basis>,
    /// Every distinct result with its probability; the probabilities sum
    /// to 1 (up to floating-point rounding).
    pub outcomes: Vec<Chance>,
}

/// One figure a forecast rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Basis {
    /// The rule it comes from.
    pub rule: String,
    /// The figure, in both languages (`+1 German tanks`).
    pub text: Text,
}

impl Basis {
    /// A figure citing `rule`.
    pub fn new(rule: &str, text: Text) -> Basis {
        Basis { rule: rule.to_owned(), text }
    }
}

/// One result and its probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chance {
    /// Probability, in (0, 1].
    pub p: f64,
    /// The result, as the player reads it.
    pub text: Text,
}

/// The most ways the dice may fall that a forecast tries: 6⁵ with room to
/// spare. An action that rolls more (a shuffle, a long run of recovery
/// rolls) gets no forecast rather than a slow one.
pub const MAX_WAYS: usize = 10_000;

/// Every distinct result of `seat` taking `action`, with its exact
/// probability, each result named by `describe` from the state the action
/// leaves. The results come in the order first met, low rolls first.
///
/// `None` when the action rolls no die (there are no odds to show), when it
/// is refused, when its dice may fall in more than [`MAX_WAYS`] ways, or when
/// it is not a function of its rolls. Cost: one clone and one `try_apply`
/// (events off) per way the dice may fall — 36 for a 2d6 attack.
///
/// The scratch copies keep everything else the state holds, so `describe`
/// (and the action) must not read what `seat` may not see: the conformance
/// battery compares forecasts across resampled worlds to catch it.
pub fn outcomes<R: Ruleset>(
    rules: &R,
    state: &R::State,
    seat: Seat,
    action: R::Action,
    mut describe: impl FnMut(&R::State) -> Text,
) -> Option<Vec<Chance>> {
    tally(|dice| {
        let mut scratch = state.clone();
        std::mem::swap(rules.dice_mut(&mut scratch), dice);
        let applied = rules.try_apply(&mut scratch, seat, action, &mut Events::off());
        std::mem::swap(rules.dice_mut(&mut scratch), dice);
        applied.ok().map(|()| describe(&scratch))
    })
}

/// Runs `pass` once for every way the dice it rolls can fall (each pass
/// given the same scripted dice, which dictate the results) and adds up the
/// probability of each text it returns. `None` as in [`outcomes`], or when a
/// pass returns `None`.
fn tally(mut pass: impl FnMut(&mut Dice) -> Option<Text>) -> Option<Vec<Chance>> {
    let mut found: Vec<Chance> = Vec::new();
    let mut dice = Dice::from_seed(0);
    dice.set_script(Some(Box::default()));
    for _ in 0..MAX_WAYS {
        dice.script_mut().at = 0;
        let text = pass(&mut dice)?;
        let script = dice.script_mut();
        if script.diverged {
            return None;
        }
        // Rolls past `at` belong to an earlier, longer pass: this one ended sooner.
        let at = script.at;
        script.path.truncate(at);
        if script.path.is_empty() {
            return None;
        }
        let p = script.path.iter().map(|&(_, n)| 1.0 / f64::from(n)).product::<f64>();
        match found.iter_mut().find(|c| c.text == text) {
            Some(c) => c.p += p,
            None => found.push(Chance { p, text }),
        }
        // The next way: raise the deepest roll that has a higher result
        // left, forgetting the rolls after it.
        while let Some(&(result, n)) = script.path.last() {
            if result + 1 < n {
                break;
            }
            script.path.pop();
        }
        match script.path.last_mut() {
            Some(last) => last.0 += 1,
            None => return Some(found),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(c: &[Chance]) -> f64 {
        c.iter().map(|c| c.p).sum()
    }
    fn said(n: impl ToString) -> Option<Text> {
        Some(Text::new(n.to_string(), n.to_string()))
    }
    fn p_of(c: &[Chance], text: &str) -> f64 {
        c.iter().find(|c| c.text.en == text).map_or(0.0, |c| c.p)
    }

    #[test]
    fn two_dice_sums_come_out_exact() {
        let c = tally(|d| said(d.d6() + d.d6())).expect("two dice are rolled");
        assert_eq!(c.len(), 11, "sums 2 to 12");
        assert_eq!(c[0].text.en, "2", "low rolls first");
        assert!((p_of(&c, "2") - 1.0 / 36.0).abs() < 1e-12);
        assert!((p_of(&c, "7") - 6.0 / 36.0).abs() < 1e-12);
        assert!((p_of(&c, "12") - 1.0 / 36.0).abs() < 1e-12);
        assert!((total(&c) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_second_roll_on_some_results_only_is_weighted_by_its_branch() {
        // Roll a die; on a 6 roll again and add: 1–5 at 1/6 each, 7–12 at 1/36.
        let c = tally(|d| {
            let a = d.d6();
            said(if a == 6 { a + d.d6() } else { a })
        })
        .expect("dice are rolled");
        assert_eq!(c.len(), 11);
        assert!((p_of(&c, "5") - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(p_of(&c, "6"), 0.0);
        assert!((p_of(&c, "7") - 1.0 / 36.0).abs() < 1e-12);
        assert!((p_of(&c, "12") - 1.0 / 36.0).abs() < 1e-12);
        assert!((total(&c) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn results_that_read_the_same_are_added_up() {
        // 2d6 ≥ 8 hits: 15/36.
        let c = tally(|d| said(if d.d6() + d.d6() >= 8 { "hit" } else { "miss" })).unwrap();
        assert_eq!(c.len(), 2);
        assert!((p_of(&c, "hit") - 15.0 / 36.0).abs() < 1e-12);
        assert!((p_of(&c, "miss") - 21.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn other_ranges_than_a_die_are_enumerated_too() {
        let c = tally(|d| said(d.below(3))).unwrap();
        assert_eq!(c.iter().map(|c| c.text.en.as_ref()).collect::<Vec<_>>(), ["0", "1", "2"]);
        assert!(c.iter().all(|c| (c.p - 1.0 / 3.0).abs() < 1e-12));
    }

    #[test]
    fn no_forecast_without_dice_over_the_cap_or_when_a_pass_fails() {
        assert!(tally(|_| said("x")).is_none(), "no die rolled");
        let many = |k: usize| move |d: &mut Dice| said((0..k).map(|_| u32::from(d.d6())).sum::<u32>());
        assert!(tally(many(5)).is_some(), "6⁵ = 7,776 ways is under the cap");
        assert!(tally(many(6)).is_none(), "6⁶ = 46,656 ways is over it");
        assert!(tally(|d| if d.d6() == 3 { None } else { said("ok") }).is_none(), "a refused pass");
    }

    #[test]
    fn a_roll_whose_range_changes_between_passes_gives_no_forecast() {
        let mut pass = 0;
        let c = tally(|d| {
            pass += 1;
            said(d.below(if pass == 1 { 2 } else { 3 }))
        });
        assert!(c.is_none());
    }
}
