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
        let rules = info.rules();
        let seat = info.seat();
        let worlds: Vec<R::State> = (0..SAMPLES).map(|_| info.sample(self.rng.next_u64())).collect();
        let mut events = Events::off();
        let mut best: Option<(f64, u32, R::Action)> = None;
        let mut ties = 0u32;
        for &action in legal {
            let mut value = 0.0;
            for world in &worlds {
                let mut w = world.clone();
                value += match rules.try_apply(&mut w, seat, action, &mut events) {
                    Err(_) => 0.0,
                    Ok(()) => match rules.to_act(&w) {
                        ToAct::Over(outcome) => outcome_value(&outcome, seat),
                        ToAct::Seats(_) => rules.evaluate(&w, seat),
                    },
                };
            }
            let key = (value / SAMPLES as f64, rules.action_weight(&worlds[0], seat, action));
            match best {
                Some((v, wt, _)) if (key.0, key.1) < (v, wt) => {}
                Some((v, wt, _)) if (key.0, key.1) == (v, wt) => {
                    ties += 1;
                    if self.rng.gen_range(0..=ties) == 0 {
                        best = Some((key.0, key.1, action));
                    }
                }
                _ => {
                    best = Some((key.0, key.1, action));
                    ties = 0;
                }
            }
        }
        best.map_or(legal[0], |(_, _, a)| a)
    }
}
