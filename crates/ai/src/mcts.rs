//! Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse,
//! "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), the
//! single-observer variant, generic over the ruleset contract.
//!
//! Each iteration samples a world the bot's seat cannot tell from the real
//! one ([`Infoset::sample`]: others' hands, deck orders and the dice to come
//! redrawn) and walks the one tree of the seat's information sets with it:
//! - **Hidden information and chance.** Tree nodes are reached by the
//!   sequence of (seat, action) decisions only, so every world and every
//!   dice outcome that follow the same decisions share a node ("open loop").
//!   An edge counts how often it was *available* (legal in the sampled
//!   world), and UCB uses that count instead of the parent's visits, so an
//!   action legal in few worlds is not over-explored (the paper's §IV-B).
//! - **Several seats.** Every edge keeps the reward of the seat that took it,
//!   from a reward vector with one entry per seat: each seat maximises its
//!   own result (Colditz's 2–6 players, the paper's max^n backup).
//! - **Long turns.** A Totensonntag impulse or an SCS movement phase is
//!   dozens of decisions by one seat. Three things keep the tree from
//!   drowning in them: *progressive widening* (a node opens a new child only
//!   when its visits allow `k·n^α` of them, trying the game's preferred
//!   actions first — [`Heuristics::action_weight`]), so a node with 80
//!   moves grows a few good lines deep instead of 80 shallow ones; rollouts
//!   that follow the game's policy, not uniform choice; and an *evaluation at
//!   a depth cut-off* ([`Heuristics::evaluate`]) after `rollout_depth`
//!   decisions, so an iteration costs a few dozen decisions, not a whole
//!   thousand-decision game. Where the game asks
//!   ([`Heuristics::implicit_minimax`]), *implicit minimax backups*
//!   (Lanctot, Winands, Pepels & Sturtevant 2014) also score every node
//!   opened with the evaluation and back up the best child's score for the
//!   seat choosing; an edge's value mixes that score with its rollouts'
//!   mean. Totensonntag (weight 0.3) gained with it as the Allies, whose
//!   rollouts seldom reach the Axis's answer. Elsewhere it bought nothing
//!   against the greedy bot, on the same deals: Nine Years (anchored)
//!   188 of 300 at 0.3 against 180 at 0; *Beda Fomm* 49 of 100 anchored
//!   at 0.3 against 51 at 0, and unanchored 11 of 40 at 0.4; Colditz's
//!   British officer 3 of 40 at 0.3 against 7 at 0. They stay at 0.
//! - **Anchored on one ply, where the game asks.** In some games a few
//!   hundred iterations, each scored after a rollout of the game's
//!   weighted-random policy, rank the moves of a long turn worse than the
//!   game's evaluation does in one ply: unanchored, the search won 28 of
//!   200 *Beda Fomm* games against the greedy bot. There
//!   ([`Heuristics::search_anchor`]) the root first scores every action as
//!   the greedy bot does, opens its children in that order, and the
//!   search's favourite replaces the one-ply favourite only when its mean
//!   reward is higher by so many standard errors ([`Anchor`]): 55 of 200;
//!   and, where the game asks, only with so many times its visits — among
//!   twenty root actions of six visits each the most visited is the
//!   luckiest, a standard error ahead by chance ([`Overrule`]). Colditz
//!   was anchored for a while: its officers won more against a German
//!   who hunts (2 → 11 of 100) but escaped far less against a random one
//!   (as one officer of three, 105 of 150 anchored, 138 not), so it
//!   decides alone again, as does Totensonntag, where the search already
//!   beats one ply (31 of 40 unanchored, 23 of 60 anchored). Actions the
//!   game weighs 0 ("never") stay out of the tree while anything else is
//!   legal — but for the one, unanchored, that one ply rates above every
//!   other root action ([`rescue`]): where the weights and the evaluation
//!   disagree, the tree still tries what the evaluation prefers.
//! - **Budget and cores.** Iterations (reproducible: the same seed gives the
//!   same decision) or milliseconds; with `threads > 1`, root parallelism:
//!   each thread grows its own tree from its own seed and the root visit
//!   counts are summed (deterministic for an iteration budget).

use crate::budget::Clock;
use crate::{Bot, Budget, Infoset};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sandtable_core::{outcome_value, Events, Heuristics, Overrule, Ruleset, Seat, ToAct};

/// How a search is run. [`MctsConfig::new`] gives the defaults tuned on the
/// catalog's games.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations or time per decision.
    pub budget: Budget,
    /// Threads searching in parallel (root parallelism), at least 1.
    pub threads: usize,
    /// The UCB exploration constant (rewards are in [0, 1]).
    pub exploration: f64,
    /// Decisions a rollout plays before the position is evaluated.
    pub rollout_depth: u32,
    /// Progressive widening: a node with `n` visits may have
    /// `widening · (n + 1)^widening_power` children (at least 2).
    pub widening: f64,
    /// See [`MctsConfig::widening`].
    pub widening_power: f64,
    /// Ignore the game's [`Heuristics::action_weight`]: uniform rollouts
    /// and untried actions in random order (plain UCT, for comparisons).
    pub uniform: bool,
    /// Whether the choice is anchored on one ply.
    pub anchor: Anchor,
    /// The weight of implicit minimax backups in an edge's value: `None`
    /// as the game says ([`Heuristics::implicit_minimax`]), `Some(w)` `w`
    /// (0: rollouts alone).
    pub implicit: Option<f64>,
}

/// Whether a search anchors its choice on one ply: scores every root action
/// as the greedy bot does (in [`ANCHOR_WORLDS`] sampled worlds), opens the
/// root's children best first, and takes the search's favourite over the
/// one-ply favourite only when it is sure enough ([`Overrule`]). Unanchored,
/// it takes the most visited root action (plain ISMCTS).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Anchor {
    /// As the game's knowledge says ([`Heuristics::search_anchor`]).
    Game,
    /// Never anchored.
    Off,
    /// Anchored, overruled as given.
    Overrule(Overrule),
}

/// Worlds the anchor's one-ply scores are averaged over (as the greedy bot's).
pub const ANCHOR_WORLDS: usize = 4;

impl MctsConfig {
    /// The defaults with `budget`, on one thread.
    pub fn new(budget: Budget) -> MctsConfig {
        MctsConfig {
            budget,
            threads: 1,
            exploration: 0.7,
            rollout_depth: 24,
            widening: 2.0,
            widening_power: 0.5,
            uniform: false,
            anchor: Anchor::Game,
            implicit: None,
        }
    }

    /// Plain UCT as OpenSpiel's `MCTSBot` with a `RandomRolloutEvaluator`
    /// runs it, for like-for-like speed comparisons: uniform rollouts to the
    /// end of the game, no widening, no evaluation; exploration 1 on our
    /// [0, 1] rewards is OpenSpiel's 2 on its [−1, 1].
    pub fn uct(budget: Budget) -> MctsConfig {
        MctsConfig {
            exploration: 1.0,
            rollout_depth: u32::MAX,
            widening: f64::INFINITY,
            uniform: true,
            anchor: Anchor::Off,
            implicit: Some(0.0),
            ..MctsConfig::new(budget)
        }
    }

    /// The same on `threads` threads.
    #[must_use]
    pub fn with_threads(self, threads: usize) -> MctsConfig {
        MctsConfig { threads: threads.max(1), ..self }
    }
}

/// The information-set MCTS bot (see the module documentation). Its choices
/// follow its seed: with an iteration budget the same position and seed give
/// the same decision.
#[derive(Clone, Debug)]
pub struct MctsBot {
    config: MctsConfig,
    rng: ChaCha8Rng,
}

impl MctsBot {
    /// A bot searching with `config`, seeded by `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> MctsBot {
        MctsBot { config, rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

/// What the search found for one root action.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootStat<A> {
    /// The action.
    pub action: A,
    /// Iterations that took it.
    pub visits: u32,
    /// Their summed reward for the deciding seat.
    pub reward: f64,
    /// The sum of those rewards' squares (for their variance).
    pub squares: f64,
    /// Its one-ply score when the search is anchored (else 0): the mean
    /// evaluation after it and the game's weight for it.
    pub prior: (f64, u32),
}

impl<A> RootStat<A> {
    /// The mean reward of its iterations (0 with none).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }

    /// The variance of its iterations' rewards (0 with fewer than two).
    pub fn variance(&self) -> f64 {
        if self.visits < 2 {
            return 0.0;
        }
        let n = f64::from(self.visits);
        ((self.squares - self.reward * self.reward / n) / (n - 1.0)).max(0.0)
    }
}

impl<R: Heuristics> Bot<R> for MctsBot {
    fn choose(&mut self, info: &Infoset<'_, R>) -> R::Action {
        let legal = info.legal();
        if legal.len() == 1 {
            return legal[0];
        }
        let seed = self.rng.next_u64();
        best(&search(info, &self.config, seed), anchor(info, &self.config))
    }
}

/// The most visited root action (ties: the better mean, then the first in
/// the legal list), unless an anchor is set: then the one-ply favourite,
/// overruled by the most visited only when the search is sure enough (see
/// [`Overrule`]). The stats are never empty.
fn best<A: Copy>(stats: &[RootStat<A>], anchor: Option<Overrule>) -> A {
    let mut top = &stats[0];
    for s in &stats[1..] {
        if s.visits > top.visits || (s.visits == top.visits && s.mean() > top.mean()) {
            top = s;
        }
    }
    let Some(overrule) = anchor else { return top.action };
    // The one-ply favourite among the actions the game does not weigh 0
    // ("never"), as the tree saw them (`drop_never`), unless all weigh 0.
    let allowed = |s: &&RootStat<A>| s.prior.1 > 0 || stats.iter().all(|s| s.prior.1 == 0);
    let mut one = &stats[0];
    for s in stats.iter().filter(allowed) {
        if !allowed(&one) || s.prior > one.prior {
            one = s;
        }
    }
    if top.visits < 2 || one.visits < 2 || f64::from(top.visits) < overrule.visit_ratio * f64::from(one.visits) {
        return one.action;
    }
    let spread = (top.variance() / f64::from(top.visits) + one.variance() / f64::from(one.visits)).sqrt();
    if top.mean() - one.mean() > overrule.standard_errors * spread.max(1e-9) {
        top.action
    } else {
        one.action
    }
}

/// When `config`'s search of `info` overrules one ply, if it is anchored.
fn anchor<R: Heuristics>(info: &Infoset<'_, R>, config: &MctsConfig) -> Option<Overrule> {
    match config.anchor {
        Anchor::Game => info.rules().search_anchor(),
        Anchor::Off => None,
        Anchor::Overrule(o) => Some(o),
    }
}

/// Searches `info` under `config` and returns, for each of its legal actions
/// in order, the visits and reward it got (summed over threads). Cost: the
/// budget's iterations per thread, each one [`Ruleset::resample_hidden`] plus
/// up to tree depth + `rollout_depth` decisions, a weight per legal action
/// at each tree node and one evaluation per seat (one more with implicit
/// minimax backups, a pass over the edges of each node on the path and 64
/// bytes a node);
/// anchored, once before them, legal × [`ANCHOR_WORLDS`] clones, applies
/// and evaluations (the greedy bot's whole cost).
pub fn search<R: Heuristics>(info: &Infoset<'_, R>, config: &MctsConfig, seed: u64) -> Vec<RootStat<R::Action>> {
    let threads = config.threads.max(1);
    // One clock for the one-ply scores and every thread: a time budget
    // counts them all.
    let clock = config.budget.start();
    let clock = &clock;
    // One set of one-ply scores for every thread, from worlds of their own seed.
    let priors: Vec<(f64, u32)> = match anchor(info, config) {
        None => Vec::new(),
        Some(_) => {
            let mut rng = ChaCha8Rng::seed_from_u64(crate::bot_seed(seed, usize::MAX, 1));
            let worlds: Vec<R::State> = (0..ANCHOR_WORLDS).map(|_| info.sample(rng.next_u64())).collect();
            crate::greedy::one_ply(info, &worlds).into_iter().map(|p| (p.value, p.weight)).collect()
        }
    };
    let priors = &priors[..];
    let rescue = if priors.is_empty() && !config.uniform { rescue(info, seed) } else { None };
    let trees: Vec<Vec<RootStat<R::Action>>> = if threads == 1 {
        vec![Search::new(info, config, priors, rescue, seed).run(clock)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let seed = crate::bot_seed(seed, t, 0);
                    scope.spawn(move || Search::new(info, config, priors, rescue, seed).run(clock))
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
        })
    };
    info.legal()
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            let prior = priors.get(i).copied().unwrap_or((0.0, 0));
            let mut stat = RootStat { action, visits: 0, reward: 0.0, squares: 0.0, prior };
            for s in trees.iter().flatten().filter(|s| s.action == action) {
                stat.visits += s.visits;
                stat.reward += s.reward;
                stat.squares += s.squares;
            }
            stat
        })
        .collect()
}

/// The root action the game weighs 0 ("never") that one ply rates above
/// every root action it weighs more, if there is one, for an unanchored
/// search. The tree would never open it ([`Search::drop_never`]), yet the
/// game's own evaluation prefers it: its weights and its evaluation
/// disagree, and a search led by the weights alone can stall — a Colditz
/// officer of four moved no POW in his last 40 turns, three of them in the
/// inner courtyard where holding Equipment makes them prey (Arrest),
/// because no step of theirs brought a route or a room nearer. Scored in
/// one sampled world. Cost: the weights of the legal actions; when some
/// weigh 0 and some do not, also one clone, apply and evaluation per legal
/// action.
fn rescue<R: Heuristics>(info: &Infoset<'_, R>, seed: u64) -> Option<R::Action> {
    let mut rng = ChaCha8Rng::seed_from_u64(crate::bot_seed(seed, usize::MAX, 2));
    let world = info.sample(rng.next_u64());
    let mut weights = Vec::new();
    info.rules().action_weights(&world, info.seat(), info.legal(), &mut weights);
    if weights.iter().all(|&w| w == 0) || weights.iter().all(|&w| w > 0) {
        return None;
    }
    let scores = crate::greedy::one_ply_weighed(info, std::slice::from_ref(&world), &weights);
    let best = |never: bool| {
        scores
            .iter()
            .enumerate()
            .filter(|(_, p)| (p.weight == 0) == never)
            .map(|(i, p)| (p.value, i))
            .max_by(|a, b| a.0.total_cmp(&b.0))
    };
    // Above the position as it stands, too: an action that changes nothing
    // the evaluation reads (a stack's order) must not be taken over and
    // over because everything else looks worse.
    let now = info.rules().evaluate(&world, info.seat());
    match (best(true), best(false)) {
        (Some((never, i)), Some((kept, _))) if never > kept && never > now => Some(info.legal()[i]),
        _ => None,
    }
}

/// One edge of the tree: a seat's action from a node.
struct Edge<A> {
    seat: Seat,
    action: A,
    child: u32,
    visits: u32,
    available: u32,
    reward: f64,
    squares: f64,
}

struct Node<A> {
    edges: Vec<Edge<A>>,
    visits: u32,
}

impl<A> Node<A> {
    const EMPTY: Node<A> = Node { edges: Vec::new(), visits: 0 };
}

/// The implicit minimax value of a node before its first evaluation.
const UNVALUED: Rewards = [0.5; Seat::LIMIT as usize];

/// Rewards, one per seat (a game has at most 8).
type Rewards = [f64; Seat::LIMIT as usize];

/// One thread's search: its tree and reused buffers.
struct Search<'i, 'a, R: Heuristics> {
    info: &'i Infoset<'a, R>,
    config: &'i MctsConfig,
    /// The anchor's one-ply scores of `info.legal()`, in order (empty when
    /// not anchored): the order the root opens its children in.
    priors: &'i [(f64, u32)],
    /// The root action kept in the tree though the game weighs it 0, and
    /// opened first ([`rescue`]).
    rescue: Option<R::Action>,
    /// The weight of implicit minimax backups (0: none).
    implicit: f64,
    rng: ChaCha8Rng,
    nodes: Vec<Node<R::Action>>,
    /// The implicit minimax value of each node, by its index in `nodes`,
    /// for every seat: the evaluation of the world that opened the node,
    /// then that of its best child for the seat choosing there (max^n).
    /// Empty when `implicit` is 0, so a search without the backups spends
    /// nothing on them (64 bytes a node with them).
    values: Vec<Rewards>,
    path: Vec<(u32, u32)>,
    legal: Vec<R::Action>,
    weights: Vec<u32>,
    events: Events,
}

impl<'i, 'a, R: Heuristics> Search<'i, 'a, R> {
    fn new(
        info: &'i Infoset<'a, R>,
        config: &'i MctsConfig,
        priors: &'i [(f64, u32)],
        rescue: Option<R::Action>,
        seed: u64,
    ) -> Self {
        Search {
            info,
            config,
            priors,
            rescue,
            implicit: config.implicit.unwrap_or_else(|| info.rules().implicit_minimax()).clamp(0.0, 1.0),
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: vec![Node::EMPTY],
            values: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            weights: Vec::new(),
            events: Events::off(),
        }
    }

    fn run(mut self, clock: &Clock) -> Vec<RootStat<R::Action>> {
        if self.implicit > 0.0 {
            self.values.push(UNVALUED);
        }
        let mut done = 0;
        while clock.more(done) {
            let world = self.info.sample(self.rng.next_u64());
            self.iterate(world);
            done += 1;
        }
        let seat = self.info.seat();
        self.nodes[0]
            .edges
            .iter()
            .filter(|e| e.seat == seat)
            .map(|e| RootStat {
                action: e.action,
                visits: e.visits,
                reward: e.reward,
                squares: e.squares,
                prior: (0.0, 0),
            })
            .collect()
    }

    /// Selection and expansion down the tree with `world`, then a rollout,
    /// then the backup of its rewards along the path.
    fn iterate(&mut self, mut world: R::State) {
        let rules = self.info.rules();
        self.path.clear();
        let mut node = 0u32;
        let rewards = loop {
            // The root is the bot's decision, whoever else may owe one.
            let seat = if self.path.is_empty() {
                self.info.seat()
            } else {
                match rules.to_act(&world) {
                    ToAct::Over(outcome) => break terminal(rules, &world, |s| outcome_value(&outcome, s)),
                    ToAct::Seats(seats) => match seats.iter().next() {
                        Some(s) => s,
                        None => break self.evaluate(&world),
                    },
                }
            };
            self.legal.clear();
            rules.legal_actions(&world, seat, &mut self.legal);
            if self.legal.is_empty() {
                break self.evaluate(&world);
            }
            self.drop_never(&world, seat);
            let (edge, expanded) = self.select_or_expand(node, seat);
            let action = self.nodes[node as usize].edges[edge as usize].action;
            self.path.push((node, edge));
            if rules.try_apply(&mut world, seat, action, &mut self.events).is_err() {
                // A listed action refused: the conformance battery catches
                // this for every game; here the line is scored as it stands.
                break self.evaluate(&world);
            }
            if expanded {
                if self.implicit > 0.0 {
                    let child = self.nodes[node as usize].edges[edge as usize].child;
                    self.values[child as usize] = self.evaluate(&world);
                }
                break self.rollout(&mut world);
            }
            node = self.nodes[node as usize].edges[edge as usize].child;
        };
        for &(n, e) in &self.path {
            let n = &mut self.nodes[n as usize];
            n.visits += 1;
            let e = &mut n.edges[e as usize];
            e.visits += 1;
            let r = rewards[e.seat.index()];
            e.reward += r;
            e.squares += r * r;
        }
        if self.implicit > 0.0 {
            self.back_up_minimax();
        }
    }

    /// Implicit minimax backup along this iteration's path, deepest node
    /// first: each node takes the value of its child best for the seat of
    /// the edge leading there. Cost: O(edges of the nodes on the path).
    fn back_up_minimax(&mut self) {
        for &(n, _) in self.path.iter().rev() {
            let values = &self.values;
            let best = self.nodes[n as usize]
                .edges
                .iter()
                .map(|e| (values[e.child as usize], e.seat.index()))
                .max_by(|a, b| a.0[a.1].total_cmp(&b.0[b.1]));
            if let Some((m, _)) = best {
                self.values[n as usize] = m;
            }
        }
    }

    /// The edge to follow from `node` for `seat`, whose legal actions in this
    /// world are `self.legal`: a new one (true) while progressive widening
    /// allows and an untried legal action remains, else the available edge
    /// with the best UCB (counting availability, not parent visits).
    fn select_or_expand(&mut self, node: u32, seat: Seat) -> (u32, bool) {
        let c = self.config.exploration;
        let alpha = self.implicit;
        let values = &self.values;
        let n = &mut self.nodes[node as usize];
        let mut tried = 0usize;
        let mut best: Option<(u32, f64)> = None;
        for (i, e) in n.edges.iter_mut().enumerate() {
            if e.seat != seat || !self.legal.contains(&e.action) {
                continue;
            }
            tried += 1;
            e.available += 1;
            let mut mean = e.reward / f64::from(e.visits);
            if alpha > 0.0 {
                mean = (1.0 - alpha) * mean + alpha * values[e.child as usize][e.seat.index()];
            }
            let ucb = mean + c * (f64::from(e.available).ln() / f64::from(e.visits)).sqrt();
            if best.map_or(true, |(_, b)| ucb > b) {
                best = Some((i as u32, ucb));
            }
        }
        let allowed = (self.config.widening * f64::from(n.visits + 1).powf(self.config.widening_power)).ceil();
        // Saturating: an infinite widening is "every action".
        let allowed = (allowed as usize).max(2);
        if tried < self.legal.len() && (tried < allowed || best.is_none()) {
            let action = self.untried(node, seat);
            let child = self.nodes.len() as u32;
            self.nodes.push(Node::EMPTY);
            if alpha > 0.0 {
                self.values.push(UNVALUED);
            }
            let n = &mut self.nodes[node as usize];
            n.edges.push(Edge { seat, action, child, visits: 0, available: 1, reward: 0.0, squares: 0.0 });
            return ((n.edges.len() - 1) as u32, true);
        }
        // `best` is set: `tried` > 0 here (the legal list is not empty).
        (best.map_or(0, |(i, _)| i), false)
    }

    /// Leaves out of `self.legal` the actions the game weighs 0 ("never",
    /// [`Heuristics::action_weight`]) while it has any other: the tree would
    /// otherwise explore them like the rest, and an action that changes
    /// nothing the evaluation reads (SCS's stack order, 4.0c) scores as well
    /// as the best and can be chosen over and over. Leaves `self.weights`
    /// holding the weight of each action kept, in order (all 1 for a uniform
    /// search, which keeps every action), for [`Search::untried`]. Cost: one
    /// weight per legal action.
    fn drop_never(&mut self, world: &R::State, seat: Seat) {
        self.weights.clear();
        if self.config.uniform {
            self.weights.resize(self.legal.len(), 1);
            return;
        }
        self.info.rules().action_weights(world, seat, &self.legal, &mut self.weights);
        if let (true, Some(r)) = (self.path.is_empty(), self.rescue) {
            // Kept at the root, and ahead of the rest ([`rescue`]).
            let top = self.weights.iter().copied().max().unwrap_or(0);
            for (w, _) in self.weights.iter_mut().zip(&self.legal).filter(|(_, &a)| a == r) {
                *w = top.saturating_add(1);
            }
        }
        if self.weights.iter().any(|&w| w > 0) {
            let mut i = 0;
            let weights = &self.weights;
            self.legal.retain(|_| {
                i += 1;
                weights[i - 1] > 0
            });
            self.weights.retain(|&w| w > 0);
        }
    }

    /// The untried legal action the game prefers most (ties at random), by
    /// the weights [`Search::drop_never`] left.
    fn untried(&mut self, node: u32, seat: Seat) -> R::Action {
        let edges = &self.nodes[node as usize].edges;
        let mut pick: Option<(R::Action, u32)> = None;
        let mut prior: Option<(R::Action, (f64, u32))> = None;
        let mut ties = 0u32;
        for (&a, &w) in self.legal.iter().zip(&self.weights) {
            if edges.iter().any(|e| e.seat == seat && e.action == a) {
                continue;
            }
            if node == 0 && !self.priors.is_empty() {
                // The root's own legal list is the infoset's: open the
                // one-ply favourite first, then the next.
                let p = self.info.legal().iter().position(|&l| l == a).map(|i| self.priors[i]);
                if let Some(p) = p {
                    if prior.map_or(true, |(_, best)| p > best) {
                        prior = Some((a, p));
                    }
                    continue;
                }
            }
            match pick {
                Some((_, best)) if w < best => {}
                Some((_, best)) if w == best => {
                    ties += 1;
                    if self.rng.gen_range(0..=ties) == 0 {
                        pick = Some((a, w));
                    }
                }
                _ => {
                    pick = Some((a, w));
                    ties = 0;
                }
            }
        }
        prior.map(|(a, _)| a).or(pick.map(|(a, _)| a)).unwrap_or(self.legal[0])
    }

    /// Plays the game's rollout policy for up to `rollout_depth` decisions,
    /// then scores the position.
    fn rollout(&mut self, world: &mut R::State) -> Rewards {
        let rules = self.info.rules();
        for _ in 0..self.config.rollout_depth {
            let seat = match rules.to_act(world) {
                ToAct::Over(outcome) => return terminal(rules, world, |s| outcome_value(&outcome, s)),
                ToAct::Seats(seats) => match seats.iter().next() {
                    Some(s) => s,
                    None => break,
                },
            };
            self.legal.clear();
            rules.legal_actions(world, seat, &mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let action = if self.config.uniform {
                self.legal[self.rng.gen_range(0..self.legal.len())]
            } else {
                weighted_pick(rules, world, seat, &self.legal, &mut self.weights, &mut self.rng)
            };
            if rules.try_apply(world, seat, action, &mut self.events).is_err() {
                break;
            }
        }
        self.evaluate(world)
    }

    fn evaluate(&self, world: &R::State) -> Rewards {
        let rules = self.info.rules();
        terminal(rules, world, |s| rules.evaluate(world, s).clamp(0.0, 1.0))
    }
}

/// The reward vector of every seat taking part, `value` each.
fn terminal<R: Ruleset>(rules: &R, world: &R::State, value: impl Fn(Seat) -> f64) -> Rewards {
    let mut r = [0.0; Seat::LIMIT as usize];
    for s in rules.seats(world).iter() {
        r[s.index()] = value(s);
    }
    r
}

/// One of `legal` drawn with the game's [`Heuristics::action_weight`]s
/// (uniform when they are all 0). `weights` is a reused buffer. O(legal).
pub(crate) fn weighted_pick<R: Heuristics>(
    rules: &R,
    world: &R::State,
    seat: Seat,
    legal: &[R::Action],
    weights: &mut Vec<u32>,
    rng: &mut impl Rng,
) -> R::Action {
    rules.action_weights(world, seat, legal, weights);
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return legal[rng.gen_range(0..legal.len())];
    }
    let mut x = rng.gen_range(0..total);
    for (i, &w) in weights.iter().enumerate() {
        if x < u64::from(w) {
            return legal[i];
        }
        x -= u64::from(w);
    }
    legal[legal.len() - 1]
}

#[cfg(test)]
mod tests {
    use super::{best, RootStat};
    use sandtable_core::Overrule;

    /// `visits` iterations of mean `mean`, half of them `spread` above it and
    /// half below, with the one-ply score `prior`.
    fn stat(action: u8, visits: u32, mean: f64, spread: f64, prior: f64) -> RootStat<u8> {
        let n = f64::from(visits);
        let squares = n * (mean * mean + spread * spread);
        RootStat { action, visits, reward: mean * n, squares, prior: (prior, 1) }
    }

    #[test]
    fn unanchored_the_most_visited_root_action_is_chosen() {
        let stats = [stat(1, 10, 0.9, 0.1, 0.9), stat(2, 90, 0.6, 0.1, 0.1)];
        assert_eq!(best(&stats, None), 2);
    }

    #[test]
    fn anchored_the_search_overrules_the_one_ply_favourite_only_when_sure() {
        // The search prefers 2 by 0.05 over the one-ply favourite 1. With
        // rewards spread 0.1 over 100 and 50 iterations the standard error of
        // the difference is 0.0175: 2.9 of them, more than 2, so 2 is taken;
        // spread 0.2 makes it 1.4 standard errors, too few, so 1 stays.
        let sure = [stat(1, 50, 0.50, 0.1, 0.7), stat(2, 100, 0.55, 0.1, 0.6)];
        assert_eq!(best(&sure, Some(Overrule::standard_errors(2.0))), 2);
        let unsure = [stat(1, 50, 0.50, 0.2, 0.7), stat(2, 100, 0.55, 0.2, 0.6)];
        assert_eq!(best(&unsure, Some(Overrule::standard_errors(2.0))), 1);
        // The same at the threshold's other side: 3 standard errors asked.
        assert_eq!(best(&sure, Some(Overrule::standard_errors(3.0))), 1);
        // Without two iterations of each there is no spread to judge by.
        let thin = [stat(1, 1, 0.0, 0.0, 0.7), stat(2, 100, 0.9, 0.0, 0.6)];
        assert_eq!(best(&thin, Some(Overrule::standard_errors(0.0))), 1);
    }

    #[test]
    fn anchored_the_search_overrules_only_with_the_visit_ratio_asked() {
        // The search's favourite 2 has twice the visits of the one-ply
        // favourite 1 and is 2.9 standard errors ahead (as above): a ratio
        // of 2 lets it overrule, 2.1 does not, however sure its mean.
        let sure = [stat(1, 50, 0.50, 0.1, 0.7), stat(2, 100, 0.55, 0.1, 0.6)];
        let ratio = |visit_ratio| Some(Overrule { standard_errors: 2.0, visit_ratio });
        assert_eq!(best(&sure, ratio(2.0)), 2);
        assert_eq!(best(&sure, ratio(2.1)), 1);
        // The ratio alone does not overrule: the mean must still be ahead.
        let level = [stat(1, 10, 0.55, 0.1, 0.7), stat(2, 100, 0.55, 0.1, 0.6)];
        assert_eq!(best(&level, ratio(2.0)), 1);
    }

    #[test]
    fn anchored_an_action_the_game_weighs_0_is_never_the_one_ply_favourite_while_another_is_not() {
        // 1 scores best in one ply but weighs 0: the tree never opened it.
        let mut never = stat(1, 0, 0.0, 0.0, 0.9);
        never.prior.1 = 0;
        let stats = [never, stat(2, 1, 0.4, 0.0, 0.6), stat(3, 1, 0.5, 0.0, 0.5)];
        assert_eq!(
            best(&stats, Some(Overrule::standard_errors(1.0))),
            2,
            "the best one-ply action the tree could open"
        );
        let mut all_never = stats;
        for s in &mut all_never {
            s.prior.1 = 0;
        }
        assert_eq!(
            best(&all_never, Some(Overrule::standard_errors(1.0))),
            1,
            "when every action weighs 0, the best of them"
        );
    }

    #[test]
    fn the_variance_of_a_root_action_is_that_of_its_rewards() {
        let s = RootStat { action: 0u8, visits: 4, reward: 2.0, squares: 1.5, prior: (0.0, 0) };
        // Rewards 0, 0.5, 0.5, 1: mean 0.5, sample variance 0.5 / 3.
        assert!((s.mean() - 0.5).abs() < 1e-12);
        assert!((s.variance() - 0.5 / 3.0).abs() < 1e-12);
    }
}
