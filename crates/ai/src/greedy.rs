//! The greedy bot: one ply of look-ahead on the game's own evaluation.

use crate::{Bot, Infoset};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{outcome_value, Events, Heuristics, ToAct};

/// Worlds each action is tried in: enough to average a die roll's luck
/// without costing more than a few hundred applies per decision.
const SAMPLES: usize = 4;

/// Applies each legal action in a few sampled worlds (the same worlds for
/// every action, so luck does not decide between them) and takes the one
/// with the best mean [`Heuristics::evaluate`] for its seat; ties go to the
/// higher [`Heuristics::action_weight`], then at random. The second
/// baseline after random: it sees what one action gains, never what the
/// opponent answers. Cost: `legal × 4` clones, applies and evaluations.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: ChaCha8Rng,
}

impl GreedyBot {
    /// A greedy bot whose tie-breaks and sampled worlds follow `seed`.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<R: Heuristics> Bot<R> for GreedyBot {
    fn choose(&mut self, info: &Infoset<'_, R>) -> R::Action {
        let legal = info.legal();
        if legal.len() == 1 {
            return legal[0];
        }
        let worlds: Vec<R::State> = (0..SAMPLES).map(|_| info.sample(self.rng.next_u64())).collect();
        let scores = one_ply(info, &worlds);
        let mut best: Option<(OnePly, R::Action)> = None;
        let mut ties = 0u32;
        for (&action, &key) in legal.iter().zip(&scores) {
            match best {
                Some((b, _)) if key < b => {}
                Some((b, _)) if key == b => {
                    ties += 1;
                    if self.rng.gen_range(0..=ties) == 0 {
                        best = Some((key, action));
                    }
                }
                _ => {
                    best = Some((key, action));
                    ties = 0;
                }
            }
        }
        best.map_or(legal[0], |(_, a)| a)
    }
}

/// What one ply says of an action: its mean value for the deciding seat
/// over the sampled worlds, then the game's weight for it (ties), compared
/// in that order.
#[derive(Copy, Clone, Debug, PartialEq, PartialOrd)]
pub(crate) struct OnePly {
    /// Mean [`Heuristics::evaluate`] (or the outcome, once over) after it.
    pub value: f64,
    /// [`Heuristics::action_weights`] in the first world.
    pub weight: u32,
}

/// Scores each of `info.legal()`, in order, by applying it in every one of
/// `worlds` (at least one; the same worlds for every action, so luck does
/// not decide between them). An action a world refuses scores 0 there. Cost: `legal ×
/// worlds` clones, applies and evaluations.
pub(crate) fn one_ply<R: Heuristics>(info: &Infoset<'_, R>, worlds: &[R::State]) -> Vec<OnePly> {
    let mut weights = Vec::new();
    info.rules().action_weights(&worlds[0], info.seat(), info.legal(), &mut weights);
    one_ply_weighed(info, worlds, &weights)
}

/// [`one_ply`] for a caller that has already weighed `info.legal()` in
/// `worlds[0]` (`weights`, in order), so the list is not weighed twice.
pub(crate) fn one_ply_weighed<R: Heuristics>(
    info: &Infoset<'_, R>,
    worlds: &[R::State],
    weights: &[u32],
) -> Vec<OnePly> {
    let (rules, seat) = (info.rules(), info.seat());
    let mut events = Events::off();
    info.legal()
        .iter()
        .zip(weights.iter().copied())
        .map(|(&action, weight)| {
            let mut value = 0.0;
            for world in worlds {
                let mut w = world.clone();
                value += match rules.try_apply(&mut w, seat, action, &mut events) {
                    Err(_) => 0.0,
                    Ok(()) => match rules.to_act(&w) {
                        ToAct::Over(outcome) => outcome_value(&outcome, seat),
                        ToAct::Seats(_) => rules.evaluate(&w, seat),
                    },
                };
            }
            OnePly { value: value / worlds.len() as f64, weight }
        })
        .collect()
}
