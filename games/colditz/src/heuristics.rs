//! Bot knowledge of Escape from Colditz: the evaluation and the rollout
//! policy (`sandtable_core::Heuristics`). Section names in brackets are the
//! rows of `RULES.md` the knowledge rests on.
//!
//! # What `evaluate` counts
//!
//! Colditz is not zero-sum between two sides: each Escape Officer wins on his
//! own (Victory: two escapes of his nationality; shared when several reach
//! it in the same round) and the German wins when nobody does. So each
//! officer's value is his own chance, and the German's is the chance that no
//! officer wins, `Π (1 − officer)`: with one officer the two sum to 1. A
//! finished game is its outcome (`outcome_value`).
//!
//! An officer's chance is a race between the **effort** his missing escapes
//! still take, counted in movement points (MP), and the movement the rounds
//! left will give him: `squash(budget − effort − risk, 30 MP)`.
//!
//! - **Routes** (Escape Attempts, Doors, Inspection Points, Drops, Barbed
//!   Wire, Targets, Staff Car): built once per board, a backward
//!   breadth-first search over (circle, Equipment held) from each target
//!   gives the circles still to walk from every circle with every holding of
//!   0–4 Ropes and 0–1 Key, Pass and Wire Cutters: a door takes a Key, an
//!   inspection point a Pass, a 30 ft drop one Rope and a 60 ft drop two
//!   (downwards only), wire Cutters; a target ends the move; no tunnel and no
//!   car. Each circle keeps its *ways out*: the least holdings, each with its
//!   length (the Pareto front, a handful per circle).
//! - **Buying Equipment** (Equipment cards): what a way needs beyond what is
//!   held must be claimed: two POWs in rooms with its symbol, then both sent
//!   back to Appel. The first card of a kind costs the walks of the officer's
//!   two POWs nearest its rooms, each further one two walks from Appel; a
//!   card the stack cannot give costs 40. Key/Pass/Rope/Cutters turn-in
//!   cards count as held (Key / Pass / Rope / Wire Cutters: "turned in at any
//!   time"); a Bribe makes a first card cheap (Bribe a Sentry). A POW just
//!   sent to Appel counts from there (Equipment cards: «на любые кружки
//!   Области Сбора»).
//! - **Two escapers, one pool** (Victory, Successful Escape): with two
//!   escapes to make, every pair of POWs and every pair of their ways to the
//!   same target is tried, buying only what the two together need beyond the
//!   Equipment held, so using Equipment never looks like a loss, whoever
//!   uses it. Two escaping in one turn share a kit (Successful Escape), so
//!   the second kit costs little once the later of the two is within a turn
//!   of the target; otherwise it is a new kit (2016: the kit goes with the
//!   escaper; classic: kept). One escape left: the best single POW.
//!   Equipment held beyond the plan is worth 2 MP a card (not to be given to
//!   a rival).
//! - **The kit** (Escape Kits): none held costs the walks of four different
//!   POWs, one to a room of each kit symbol not covered by an Escape Kit
//!   (part) card (the kit takes one POW in each room at once): the cheapest
//!   such assignment.
//! - **Solitary and tunnels** (Solitary Cells, Tunnels): a POW in a cell
//!   starts from the cell door after a wait of 18 MP (doubles one throw in
//!   six, or a Release card); a POW in a tunnel from its exit, plus that
//!   wait if he is alone in it (fewer than two collapse).
//! - **Watched exits** (Guard Posts, Arrest): each guard on the last 20
//!   circles to a target outside the prisoners' block adds 8 MP (at most 24)
//!   to the routes through that target, so the plan picks the exit the
//!   guards leave open.
//! - **Shut exits** (Movement (pawns): never through another pawn): a guard
//!   standing on a circle of an exit's last stretch that every way from a
//!   POW there passes (a one-wide path, a gate, a bridge: found once per
//!   board by a search from the target with that circle taken out) adds
//!   30 MP to that POW's routes through it. A German who leaves a guard
//!   there keeps the exit shut for good, so the POW walks for another
//!   instead of waiting by it.
//! - **Other POWs across the way** (Movement (pawns)): the tables know no
//!   pawns. A POW beside another nation's POW, or beside a compatriot
//!   himself held, whose best way goes on only through that circle steps
//!   aside in open ground (at most 2 circles more, to a neighbour whose own
//!   way goes on elsewhere) or else waits (+30 MP, as for a guard across
//!   an exit): in games the search's officers lost, a rival's POW on the
//!   Canteen's one-wide line to its drop held the way for up to 19 rounds.
//! - **Arrest risk** (Arrest, Outside the castle, Outer Courtyard, Inner
//!   Courtyard, Guard Posts, Arrest Key Holder / Pass Holder, Shoot to Kill):
//!   each POW a guard could arrest now (`Colditz::liable`) is threatened by the
//!   nearest guard (guard walks between every pair of circles precomputed:
//!   steps and gates, never rooms, safe areas or cells; a barracks guard posts
//!   first) with the chance that the German's roll (2d6, doubles again) covers
//!   the distance; a POW on a guard post with a guard in the barracks is taken
//!   at the end of the turn; a POW who used a Key or Pass since the German's
//!   turn risks the card in the German's hand, and a POW outside the castle
//!   Shoot to Kill (one Security card; half the shots reach). A leader no
//!   guard can reach now (in a room, a safe area) is threatened where a
//!   turn's walk along his way (8 circles) would put him, if that is open
//!   ground: waiting does not take him past it. Without this, officers with
//!   the kit and every card waited on the Canteen's drop for up to 35 turns
//!   in games the search lost, the risk of the courtyard below charged only
//!   once they stood in it. The loss is the leader's lost progress (at most
//!   30), 10 MP for another POW, plus a confiscated card outside; 0.4 of it
//!   is counted, the worst threat whole and the others a third (one roll
//!   takes one or two of them), and in his own move it is divided by
//!   `1 + MP left / 3` (he can still get them out of reach).
//! - **Time** (Round Countdown, End of Round): the budget is the officer
//!   turns left (his current one counts as spent once rolled) times the mean
//!   roll with doubles (8.36) times the share of it that goes into the
//!   escapes (0.3).
//!
//! Two escapes made is a win at the end of the round (0.98); another
//! nation's two escapes end the game this round (the others ×0.2); in the
//! total-escapes variant (Variants) every officer gets the best collective
//! value. Costs: a few thousand table reads per officer, no allocation; the
//! tables (about 1 MB for this board, most of it the guard walks) are built
//! on first use and shared by every thread.
//!
//! # What the rollout favours (`action_weight`)
//!
//! Uniform play spends the roll on hundreds of pointless moves and never
//! claims anything; random officers never escape. The policy reads the same
//! tables with a fixed price per card (O(POWs) per action, no allocation):
//!
//! - officers: a POW reaching a target first (1000; but with two escapes to
//!   make on one kit, 2 while a compatriot within two turns of a target
//!   cannot follow him out this turn: the kit serves both only in the same
//!   turn, Successful Escape, and a second one takes four POWs in four
//!   rooms at once, Escape Kits); claiming Equipment the
//!   leader's route still needs and assembling a kit (200); crossings that
//!   gain ground (80); releases from solitary, Release, Talisman and Advance
//!   Warning (60); moves weighted by the circles they gain — the leader and
//!   the second escaper along their routes (by the exits no guard shuts, as
//!   above; the second is the POW nearest the leader's exit with the
//!   Equipment the leader's way leaves, as the evaluation pairs them); a
//!   POW another POW holds (as the evaluation says) walks round or back
//!   out; the other POWs toward the rooms of the Equipment still needed
//!   or of a kit symbol nobody keeps (the first POW in a room of a kit
//!   symbol keeps it, a second one there walks on); once a POW has escaped
//!   with the kit, a compatriot's step out while the MP left could still
//!   take him to a target (500: the kit serves him this turn only,
//!   Successful Escape); a POW sent to Appel to the circle nearest those
//!   rooms; an Appel answer keeping back the POWs who
//!   have come far and no guard can reach (Appel card); a confiscation
//!   giving up what the route does not take. Never (0): moves that gain
//!   nothing or lose ground, stepping onto a guard (Movement (pawns): a
//!   self-arrest), stopping on a guard post, giving Equipment away. `end`
//!   weighs 3 while more than one MP is left, 40 after.
//! - the German: an arrest (a guard onto a POW: 400); Shoot to Kill, Arrest
//!   Key / Pass Holder, Tunnel Detected (150); removing a nation's markers
//!   after an escape (100); a Search card on a room holding POWs whose
//!   officer holds Equipment (80); the general search after refusals;
//!   clearing markers; guards moving toward POWs in the open (by circles
//!   gained) and posting next to them; `end` only once the roll is spent.
//!
//! The greedy bot breaks ties between equal evaluations by these weights,
//! so a turn with nothing to gain ends instead of shuffling.
//!
//! # The search is not anchored (`search_anchor`)
//!
//! SCS and Nine Years keep the one-ply favourite unless the search is
//! sure of better; Colditz does not, on measurement (`--seed 1`, 200
//! games a run). Anchored as SCS is (one standard error, twice the
//! visits), the search's British officer won 11/100 against the greedy
//! bot's German (2/100 unanchored), but escaped less against a random
//! German: 93/100 with 2 players (99/100 unanchored) and, as one officer
//! of three with 4 players, 105/150 (138/150 unanchored, Fisher's
//! p < 0.0001), at twice the bot time. The one ply reads the arrest risk
//! of a German who hunts, and waits for it whoever plays the German; the
//! search alone escapes far more often, and the German's own results did
//! not move (89/100 and 87/100 against greedy).
//!
//! # Known weak spots
//!
//! Tunnels are never planned (only a POW already in one is counted), nor
//! the Staff Car, Do-or-Die or Move Fast; own Escape Attempt markers are
//! not in the route tables (a second POW walking a marked drop shows up as
//! a gain only when he does it); the risk counts where POWs stand now (a
//! leader out of reach, a turn's walk ahead), not the guards along the rest
//! of the route; against a German who hunts, the officers wait too long in
//! safe areas or walk into arrests.

use crate::board::{Board, CircleId, Gate, Link, Symbol, Zone};
use crate::cards::{Card, Equipment};
use crate::fixed::CircleSet;
use crate::pawn::{Nation, PawnId, GERMAN, MAX_GUARDS, MAX_POWS};
use crate::state::{Loc, Pending, Phase, State};
use crate::{Action, Arg, Colditz};
use sandtable_core::{outcome_value, squash, Heuristics, Seat};
use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::Mutex;

/// Rollout weight of a step out by the POW who may still share the kit a
/// compatriot escaped with this turn (Successful Escape): above all but
/// the escape itself.
const SHARED_WALK: u32 = 500;
/// How near a target (the rollout's estimate, `Tables::fixed`) a compatriot
/// must be for the first of two escapers to wait for him: two turns of the
/// mean roll.
const WAIT_FOR: u32 = 17;
/// "Unreachable" in the distance tables.
const INF: u16 = u16::MAX;
/// Most of each Equipment kind a route table distinguishes, by
/// [`Equipment::index`] (cutters, pass, key, rope): the longest route of the
/// board takes four ropes (BOARD.md §11).
const CAP: [usize; 4] = [1, 1, 1, 4];
/// Index strides of a holding in the route tables.
const STRIDE: [usize; 4] = [1, 2, 4, 8];
/// Holdings distinguished: 2 · 2 · 2 · 5.
const HOLDINGS: usize = 40;
/// MP the walks of a claim do not cover (the claim itself, a detour).
const CLAIM_EXTRA: u32 = 4;
/// Claim cost per card the rollout policy assumes (no POW positions read).
const CLAIM_FIXED: u32 = 14;
/// What a shared kit costs two POWs escaping together (waiting for the
/// roll that takes both out).
const KIT_SHARED: u32 = 4;
/// How near a target the later of two escapers must be for them to go out
/// in one turn on one kit.
const SHARE_REACH: u32 = 10;
/// MP the kit rooms' walks do not cover.
const KIT_EXTRA: u32 = 6;
/// A walk that cannot be made (the POW is outside the prisoners' block, or
/// nobody is left to make it): what coming back in would cost.
const FAR: u32 = 60;
/// The wait in solitary: doubles come one throw in six (Solitary Cells).
const CELL_WAIT: u32 = 18;
/// Mean movement of a turn with doubles rolled again: 7 · (1 + 1/6 + 1/36).
const MP_PER_TURN: f64 = 8.36;
/// The share of an officer's movement that goes into his escapes.
const SHARE: f64 = 0.3;
/// The evaluation's scale, in MP.
const SCALE: f64 = 30.0;
/// MP each Equipment card held beyond the plan's needs is worth.
const SPARE_VALUE: u32 = 2;
/// Targets the evaluation routes to one by one (the board has seven).
const MAX_EXITS: usize = 16;
/// The last stretch to a target where a guard watches it, in circles.
const NEAR_EXIT: u16 = 20;
/// MP a guard watching an exit adds to the routes through it, and the most
/// the guards add to one exit.
const WATCHED: u32 = 8;
/// See `WATCHED`.
const WATCHED_MAX: u32 = 24;
/// MP a guard standing across a POW's only way to a near exit adds to it
/// (Movement (pawns): no pawn passes another). He may move off, but a
/// German who leaves him there keeps the exit shut for good.
const SHUT: u32 = 30;
/// The most a step aside round another POW may add to a way, in circles
/// (`Colditz::onward`): more, and he waits for the other to move.
const ASIDE: u32 = 2;
/// Circles a safe leader's exposure is read that far along his way: a
/// turn's mean roll with doubles (`MP_PER_TURN`), rounded down.
const AHEAD: usize = 8;
/// Claims a price list covers (more are never needed by two escapes).
const BUY: usize = 9;
/// MP a card the stack cannot give counts (it may come back to the stack).
const SHORT: u32 = 40;
/// Effort of a POW with no way out at all.
const NO_WAY: u32 = 400;
/// The share of a threatened loss counted (the German does not always see it).
/// Measured in greedy self-play with the officers' weight changed alone (2
/// players, 200 games each): the officer won 7 at 0, 23 at 0.2, 25 at 0.4,
/// 23 at 1, 14 at 2.
const RISK_WEIGHT: f64 = 0.4;
/// The share of Shoot to Kill shots that reach the POW (the first throw
/// doubled against the distance of a guard in sight).
const SHOT_HITS: f64 = 0.5;
/// MP an arrest costs when the POW is not the leader: a helper fewer for
/// the claims and the kit, the wait in solitary.
const OTHER_LOSS: f64 = 10.0;

/// The board's precomputed distances. Built once per board (a few ms),
/// shared by every thread.
struct Tables {
    /// The scenario hash of the board these tables were built from.
    sha256: String,
    /// Circles on the board (the car included).
    n: usize,
    /// Each target's routes.
    exits: Vec<Exit>,
    /// `fixed[h * n + c]`: the least `route` over holdings at least `h`, plus
    /// `CLAIM_FIXED` per card bought (the rollout policy's estimate).
    fixed: Vec<u16>,
    /// The holding that gives `fixed` its value.
    fixed_best: Vec<u8>,
    /// `sym[s * n + c]`: steps from `c` to the nearest room with symbol `s`
    /// (ordinary steps, no gates), `INF` if none.
    sym: Vec<u16>,
    /// From the Appel area to each symbol's nearest room.
    appel_sym: [u16; 8],
    /// The Appel circle nearest the rooms overall: where a POW sent to
    /// Appel is counted from until his officer places him.
    appel_spot: CircleId,
    /// `guard[a * n + b]`: steps a guard walks from `a` to `b` (steps and
    /// gates, never rooms, safe areas, cells or the car), 255 if none.
    guard: Vec<u8>,
    /// 1 + the steps from the nearest guard post to each circle (a barracks
    /// guard posted, then walking).
    from_post: Vec<u8>,
    /// The chance the German's movement roll (2d6, doubles again, two extra
    /// rolls at most) reaches `d` MP, by `d`.
    reach: [f64; 40],
}

static BUILT: Mutex<Vec<&'static Tables>> = Mutex::new(Vec::new());

thread_local! {
    static LAST: Cell<Option<&'static Tables>> = const { Cell::new(None) };
}

fn holding_index(h: [usize; 4]) -> usize {
    h.iter().zip(STRIDE).map(|(a, s)| a * s).sum()
}

fn holding_of(i: usize) -> [usize; 4] {
    [i & 1, (i >> 1) & 1, (i >> 2) & 1, i >> 3]
}

fn holding_u32(i: u8) -> [u32; 4] {
    holding_of(usize::from(i)).map(|x| x as u32)
}

/// `route[h * n + c]`: the circles from `c` to a circle `goal` admits using
/// at most the Equipment of holding `h` (Doors: a Key; Inspection Points: a
/// Pass; Drops: a Rope for 30 ft, two for 60, downwards only; Barbed Wire:
/// Cutters; no tunnels, no car, no cells), `INF` if none: a backward
/// breadth-first search over (circle, holding) from every goal with any
/// holding. O(40 · (circles + links)).
fn routes_to(board: &Board, goal: impl Fn(CircleId) -> bool) -> Vec<u16> {
    let n = board.net.len();
    let circle = |c: CircleId| board.circle(c);
    let blocked = |c: CircleId| c == board.car || circle(c).zone.is_cell();
    let mut route = vec![INF; HOLDINGS * n];
    let mut queue = VecDeque::new();
    for c in board.net.ids() {
        if goal(c) {
            for h in 0..HOLDINGS {
                route[h * n + c.index()] = 0;
                queue.push_back((c, h));
            }
        }
    }
    while let Some((c, h)) = queue.pop_front() {
        let d = route[h * n + c.index()];
        for (prev, link) in board.net.links(c) {
            // A target reached ends the move (Targets): no route passes one.
            if blocked(prev) || circle(prev).target {
                continue;
            }
            let Some((kind, count)) = step_takes(board, prev, c, link) else { continue };
            let mut had = holding_of(h);
            had[kind] += count;
            if had[kind] > CAP[kind] {
                continue;
            }
            let hp = holding_index(had);
            if route[hp * n + prev.index()] == INF {
                route[hp * n + prev.index()] = d + 1;
                queue.push_back((prev, hp));
            }
        }
    }
    route
}

/// What stepping from `prev` into `c` over `link` takes, as (Equipment
/// index, cards): a door a Key, an inspection point a Pass (Doors,
/// Inspection Points), a drop one Rope per 30 ft and only downwards (Drops),
/// wire Cutters (Barbed Wire); `None` where the routes never go (a drop
/// upwards, a tunnel).
fn step_takes(board: &Board, prev: CircleId, c: CircleId, link: &Link) -> Option<(usize, usize)> {
    match *link {
        Link::Step => Some(match board.circle(c).gate {
            Some(Gate::Key) => (Equipment::Key.index(), 1),
            Some(Gate::Pass) => (Equipment::Pass.index(), 1),
            None => (0, 0),
        }),
        Link::Drop { upper, ropes } if upper == prev => Some((Equipment::Rope.index(), usize::from(ropes))),
        Link::Wire => Some((Equipment::Cutters.index(), 1)),
        Link::Drop { .. } | Link::Tunnel => None,
    }
}

/// The holding index left after a step that takes `k` cards of Equipment
/// index `e` (`step_takes`) out of `held`, and how many of them `held`
/// lacks (to be bought first, or a step not open to him now).
fn spend(held: [usize; 4], (e, k): (usize, usize)) -> (usize, usize) {
    let mut left = held;
    let missing = k.saturating_sub(left[e]);
    left[e] = left[e].saturating_sub(k);
    (holding_index(left), missing)
}

/// The circles with a route to `x` (any Equipment) none of whose routes
/// stays clear of `avoid`: those a pawn standing on `avoid` shuts out of
/// that target (Movement (pawns): never through another pawn). A backward
/// breadth-first search, O(circles + links).
fn shut_out(board: &Board, x: CircleId, avoid: CircleId, routed: impl Fn(CircleId) -> bool) -> Vec<u64> {
    let n = board.net.len();
    let circle = |c: CircleId| board.circle(c);
    let mut seen = vec![false; n];
    seen[x.index()] = true;
    seen[avoid.index()] = true;
    let mut queue = VecDeque::from([x]);
    while let Some(c) = queue.pop_front() {
        for (prev, link) in board.net.links(c) {
            let open = !(prev == board.car || circle(prev).zone.is_cell() || circle(prev).target);
            if open && !seen[prev.index()] && step_takes(board, prev, c, link).is_some() {
                seen[prev.index()] = true;
                queue.push_back(prev);
            }
        }
    }
    let mut cut = vec![0u64; n.div_ceil(64)];
    for c in board.net.ids().filter(|&c| c != avoid && !seen[c.index()] && routed(c)) {
        cut[c.index() / 64] |= 1 << (c.index() % 64);
    }
    cut
}

/// Each circle's ways out of a route table: holdings by increasing size,
/// kept when no kept smaller holding does as well, as `(holding, circles)`
/// in one list with offsets per circle.
fn ways_of(route: &[u16], n: usize) -> (Vec<(u8, u16)>, Vec<u32>) {
    let mut order: Vec<usize> = (0..HOLDINGS).collect();
    order.sort_by_key(|&r| holding_of(r).iter().sum::<usize>());
    let mut ways: Vec<(u8, u16)> = Vec::new();
    let mut ways_at = vec![0u32];
    for c in 0..n {
        let first = ways.len();
        for &r in &order {
            let d = route[r * n + c];
            if d == INF {
                continue;
            }
            let have = holding_of(r);
            let dominated = ways[first..].iter().any(|&(k, dk)| {
                let kh = holding_of(usize::from(k));
                dk <= d && (0..4).all(|e| kh[e] <= have[e])
            });
            if !dominated {
                ways.push((r as u8, d));
            }
        }
        ways_at.push(ways.len() as u32);
    }
    (ways, ways_at)
}

/// One target's routes.
struct Exit {
    /// For each circle its ways out to this target: the least holdings (no
    /// smaller one does as well) with the circles still to walk,
    /// `ways[ways_at[c]..ways_at[c + 1]]`.
    ways: Vec<(u8, u16)>,
    /// See `ways`.
    ways_at: Vec<u32>,
    /// Circles of the last stretch to this target outside the prisoners'
    /// block: a guard standing there watches this exit.
    near: Vec<bool>,
    /// For each circle of the last stretch that every way from some circles
    /// passes (a bridge, a gate, a one-wide path), 1 + its index in `cuts`;
    /// 0 for the others.
    choke: Vec<u32>,
    /// Bit sets over the circles, `words` each: those a guard standing on
    /// the choke shuts out of this target.
    cuts: Vec<u64>,
}

impl Tables {
    fn build(board: &Board, sha256: &str) -> Tables {
        let n = board.net.len();
        let circle = |c: CircleId| board.circle(c);
        let blocked = |c: CircleId| c == board.car || circle(c).zone.is_cell();

        // Routes to any target (the rollout's estimate), and to each target
        // on its own (the evaluation picks the exit, guards considered).
        let route = routes_to(board, |c| circle(c).target);
        let mut exits = Vec::new();
        for x in board.net.ids().filter(|&x| circle(x).target).take(MAX_EXITS) {
            let to_x = routes_to(board, |c| c == x);
            let (ways, ways_at) = ways_of(&to_x, n);
            let full = (HOLDINGS - 1) * n;
            let near = (0..n)
                .map(|c| {
                    let zone = circle(CircleId::from_index(c)).zone;
                    to_x[full + c] <= NEAR_EXIT && matches!(zone, Zone::Outer | Zone::Outside)
                })
                .collect::<Vec<bool>>();
            // Movement (pawns): a guard standing on a circle every way from
            // here passes shuts the exit until he moves.
            let mut choke = vec![0u32; n];
            let mut cuts = Vec::new();
            for k in board.net.ids().filter(|&k| near[k.index()] && k != x) {
                let cut = shut_out(board, x, k, |c| to_x[full + c.index()] != INF);
                if cut.iter().any(|&w| w != 0) {
                    cuts.extend(cut);
                    choke[k.index()] = (cuts.len() / n.div_ceil(64)) as u32;
                }
            }
            exits.push(Exit { ways, ways_at, near, choke, cuts });
        }

        // The rollout's estimate: buy what is missing at a fixed price.
        let mut fixed = vec![INF; HOLDINGS * n];
        let mut fixed_best = vec![0u8; HOLDINGS * n];
        for h in 0..HOLDINGS {
            let held = holding_of(h);
            for c in 0..n {
                let mut best = (u32::MAX, h);
                for r in 0..HOLDINGS {
                    let want = holding_of(r);
                    if (0..4).any(|e| want[e] < held[e]) {
                        continue;
                    }
                    let d = route[r * n + c];
                    if d == INF {
                        continue;
                    }
                    let bought: usize = (0..4).map(|e| want[e] - held[e]).sum();
                    let cost = u32::from(d) + CLAIM_FIXED * bought as u32;
                    if cost < best.0 {
                        best = (cost, r);
                    }
                }
                fixed[h * n + c] = best.0.min(u32::from(INF - 1)) as u16;
                fixed_best[h * n + c] = best.1 as u8;
            }
        }

        // Walks to the symbol rooms, through the prisoners' block.
        let mut sym = vec![INF; 8 * n];
        let mut appel_sym = [INF; 8];
        for (si, s) in Symbol::ALL.into_iter().enumerate() {
            let dist = &mut sym[si * n..(si + 1) * n];
            let mut queue = VecDeque::new();
            for c in board.net.ids() {
                if board.symbol(c) == Some(s) && !is_tunnel_middle(board, c) {
                    dist[c.index()] = 0;
                    queue.push_back(c);
                }
            }
            while let Some(c) = queue.pop_front() {
                for (nb, link) in board.net.links(c) {
                    if *link != Link::Step || blocked(nb) || circle(nb).gate.is_some() || dist[nb.index()] != INF {
                        continue;
                    }
                    dist[nb.index()] = dist[c.index()] + 1;
                    queue.push_back(nb);
                }
            }
            appel_sym[si] = board
                .net
                .ids()
                .filter(|&c| circle(c).zone == Zone::Appel)
                .map(|c| dist[c.index()])
                .min()
                .unwrap_or(INF);
        }

        let appel_spot = board
            .net
            .ids()
            .filter(|&c| circle(c).zone == Zone::Appel)
            .min_by_key(|&c| (0..8).map(|si| u32::from(sym[si * n + c.index()].min(200))).sum::<u32>())
            .unwrap_or_else(|| CircleId::from_index(0));

        // Guards' walks between every pair of circles.
        let walkable = |c: CircleId| {
            let x = circle(c);
            !blocked(c) && !x.safe && !matches!(x.zone, Zone::Room(_))
        };
        let mut guard = vec![u8::MAX; n * n];
        for a in board.net.ids().filter(|&a| walkable(a)) {
            let row = &mut guard[a.index() * n..(a.index() + 1) * n];
            row[a.index()] = 0;
            let mut queue = VecDeque::from([a]);
            while let Some(c) = queue.pop_front() {
                let d = row[c.index()];
                if d == u8::MAX - 1 {
                    continue;
                }
                for (nb, link) in board.net.links(c) {
                    if *link == Link::Step && walkable(nb) && row[nb.index()] == u8::MAX {
                        row[nb.index()] = d + 1;
                        queue.push_back(nb);
                    }
                }
            }
        }
        let mut from_post = vec![u8::MAX; n];
        for p in board.net.ids().filter(|&p| circle(p).guard_post && walkable(p)) {
            for c in 0..n {
                let d = guard[p.index() * n + c].saturating_add(1);
                from_post[c] = from_post[c].min(d);
            }
        }

        // The German's roll: 2d6, doubles roll again (at most two extra rolls).
        let mut dist = [0f64; 40];
        fn add(dist: &mut [f64; 40], sum: usize, p: f64, rolls: u32) {
            for a in 1..=6 {
                for b in 1..=6 {
                    let s = sum + a + b;
                    let q = p / 36.0;
                    if a == b && rolls < 3 {
                        add(dist, s, q, rolls + 1);
                    } else {
                        dist[s.min(39)] += q;
                    }
                }
            }
        }
        add(&mut dist, 0, 1.0, 1);
        let mut reach = [0f64; 40];
        let mut tail = 0.0;
        for d in (0..40).rev() {
            tail += dist[d];
            reach[d] = tail;
        }

        Tables {
            sha256: sha256.to_owned(),
            n,
            exits,
            fixed,
            fixed_best,
            sym,
            appel_sym,
            appel_spot,
            guard,
            from_post,
            reach,
        }
    }

    /// The ways out of `c` to exit `x` (see `Exit::ways`).
    fn ways(&self, x: usize, c: CircleId) -> &[(u8, u16)] {
        let e = &self.exits[x];
        &e.ways[e.ways_at[c.index()] as usize..e.ways_at[c.index() + 1] as usize]
    }

    /// The exits a guard on one of `guards` shuts for a POW on `c` near
    /// them, a bit per exit (see `Exit::choke`). O(guards · exits).
    fn shut(&self, guards: &[CircleId], c: CircleId) -> u16 {
        let words = self.n.div_ceil(64);
        let mut mask = 0u16;
        for (x, e) in self.exits.iter().enumerate() {
            if !e.near[c.index()] {
                continue;
            }
            for g in guards {
                let k = e.choke[g.index()] as usize;
                if k > 0 && e.cuts[(k - 1) * words + c.index() / 64] & (1 << (c.index() % 64)) != 0 {
                    mask |= 1 << x;
                    break;
                }
            }
        }
        mask
    }

    /// Walk from `c` to the nearest room of symbol `s` (`FAR` if none).
    fn sym(&self, s: Symbol, c: CircleId) -> u32 {
        match self.sym[s as usize * self.n + c.index()] {
            INF => FAR,
            d => u32::from(d),
        }
    }

    /// The rollout estimate of a POW's route from `c` holding `h`.
    fn fixed(&self, h: usize, c: CircleId) -> u32 {
        u32::from(self.fixed[h * self.n + c.index()])
    }

    /// `fixed` by the exits not in `shut` (a bit per exit), each priced as
    /// `fixed` prices them. O(exits · ways).
    fn fixed_open(&self, h: usize, c: CircleId, shut: u16) -> u32 {
        (0..self.exits.len())
            .filter(|x| shut & (1 << x) == 0)
            .map(|x| self.fixed_by(h, c, x))
            .min()
            .unwrap_or(u32::from(INF))
    }

    /// `fixed` by exit `x` alone. O(ways).
    fn fixed_by(&self, h: usize, c: CircleId, x: usize) -> u32 {
        let held = holding_of(h);
        let mut best = u32::from(INF);
        for &(r, d) in self.ways(x, c) {
            let want = holding_of(usize::from(r));
            let bought: usize = (0..4).map(|e| want[e].saturating_sub(held[e])).sum();
            best = best.min(u32::from(d) + CLAIM_FIXED * bought as u32);
        }
        best
    }

    /// The exit of the cheapest way (as `fixed` prices it) from `c` holding
    /// `h`, if one leads out. O(exits · ways).
    fn best_exit(&self, h: usize, c: CircleId) -> Option<usize> {
        (0..self.exits.len())
            .map(|x| (self.fixed_by(h, c, x), x))
            .filter(|&(d, _)| d < u32::from(INF))
            .min()
            .map(|(_, x)| x)
    }

    /// A guard's walk from `a` to `b`.
    fn guard(&self, a: CircleId, b: CircleId) -> u32 {
        u32::from(self.guard[a.index() * self.n + b.index()])
    }

    /// The chance the German's roll covers `d` MP.
    fn reach(&self, d: u32) -> f64 {
        self.reach.get(d as usize).copied().unwrap_or(0.0)
    }
}

/// The index of `sym` in `Symbol::KIT`, if it is a kit symbol.
fn kit_index(sym: Symbol) -> Option<usize> {
    Symbol::KIT.iter().position(|&k| k == sym)
}

fn is_tunnel_middle(board: &Board, c: CircleId) -> bool {
    match board.circle(c).tunnel {
        Some((t, step)) => step > 0 && usize::from(step) + 1 < board.tunnels[t.index()].course.len(),
        None => false,
    }
}

/// What a nation's next escapes still cost, and the risks it runs.
#[derive(Copy, Clone, Debug, Default)]
struct Prospect {
    /// MP of effort still needed for the escapes the nation lacks.
    effort: f64,
    /// Expected MP lost to arrests before the next officer turn.
    risk: f64,
}

/// Per-evaluation prices of Equipment for one nation: `buy[e][k]` is the
/// cost of claiming `k` more cards of kind `e`.
struct Prices {
    buy: [[u32; BUY]; 4],
}

/// Where a POW's walk goes on from, when another POW stands across his way
/// (Movement (pawns): never through another pawn); see `Colditz::onward`.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Onward {
    /// Nothing stands across his best way.
    Free,
    /// His best way is stood across: he steps aside to this free neighbour
    /// and goes on from there (one step more).
    Round(CircleId),
    /// His best way is stood across and no step aside goes on: he waits for
    /// the other to move (`SHUT` more).
    Wait,
}

impl Colditz {
    /// This board's tables (built on first use, then shared).
    fn tables(&self) -> &'static Tables {
        let sha = &self.info.scenarios[0].sha256;
        if let Some(t) = LAST.with(Cell::get).filter(|t| t.n == self.board.net.len() && &t.sha256 == sha) {
            return t;
        }
        let mut built = BUILT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let t = match built.iter().find(|t| &t.sha256 == sha && t.n == self.board.net.len()) {
            Some(t) => *t,
            None => {
                let t: &'static Tables = Box::leak(Box::new(Tables::build(&self.board, sha)));
                built.push(t);
                t
            }
        };
        LAST.with(|l| l.set(Some(t)));
        t
    }

    /// Equipment a nation can use now (cards held, and Key/Pass/Rope/Cutters
    /// turn-in cards in hand: "turned in at any time"), capped to the tables.
    fn holding(&self, s: &State, n: Nation) -> [usize; 4] {
        let mut h = [0usize; 4];
        for e in Equipment::ALL {
            h[e.index()] = usize::from(s.holds(n, e));
        }
        for c in s.hands[n.seat().index()].cards() {
            if let Card::TurnIn(e) = c {
                h[e.index()] += 1;
            }
        }
        for (e, cap) in CAP.iter().enumerate() {
            h[e] = h[e].min(*cap);
        }
        h
    }

    /// A POW that can act on the board: on a circle, not in a cell.
    fn active(&self, s: &State, p: PawnId) -> Option<CircleId> {
        s.pawn(p).circle().filter(|&c| !self.board.circle(c).zone.is_cell())
    }

    /// Where a POW counts from: his circle, or the Appel area when he has
    /// just been sent there (Equipment cards, Escape Kits: «на любые кружки
    /// Области Сбора») and waits to be placed.
    fn spot(&self, t: &Tables, s: &State, p: PawnId) -> Option<CircleId> {
        if s.pending.contains(&Pending::ToAppel { pow: p }) {
            return Some(t.appel_spot);
        }
        self.active(s, p)
    }

    /// The nation's POWs (slots in use).
    fn pows(n: Nation) -> impl Iterator<Item = PawnId> {
        (1..=MAX_POWS).map(move |k| PawnId::pow(n, k))
    }

    /// Claim prices for a nation from where its POWs stand (Equipment cards):
    /// the first card of a kind costs the walks of the two POWs nearest its
    /// rooms, each further one two walks from Appel (the claimers are sent
    /// back there); a Bribe makes the first one cheap; what the stack cannot
    /// give costs `SHORT` a card.
    fn prices(&self, t: &Tables, s: &State, n: Nation) -> Prices {
        let bribes = s.hands[n.seat().index()].cards().iter().any(|c| matches!(c, Card::BribeOne | Card::BribeTwo));
        let mut buy = [[0u32; BUY]; 4];
        for e in Equipment::ALL {
            let (mut d1, mut d2) = (FAR, FAR);
            for p in Self::pows(n) {
                if let Some(c) = self.spot(t, s, p).filter(|_| !s.pawn(p).in_tunnel) {
                    let d = t.sym(e.symbol(), c);
                    if d < d1 {
                        d2 = d1;
                        d1 = d;
                    } else if d < d2 {
                        d2 = d;
                    }
                }
            }
            let mut first = d1 + d2 + CLAIM_EXTRA;
            if bribes {
                first = first.min(3);
            }
            let next = 2 * u32::from(t.appel_sym[e.symbol() as usize]).min(FAR) + CLAIM_EXTRA;
            let stock = u32::from(s.stock[e.index()]) + u32::from(bribes);
            let mut total = 0;
            for k in 1..BUY as u32 {
                total += if k > stock {
                    SHORT
                } else if k == 1 {
                    first
                } else {
                    next
                };
                buy[e.index()][k as usize] = total;
            }
        }
        Prices { buy }
    }

    /// Equipment a nation can use now: its cards, and Key/Pass/Rope/Cutters
    /// turn-in cards in hand ("turned in at any time").
    fn usable(&self, s: &State, n: Nation) -> [u32; 4] {
        let mut h = [0u32; 4];
        for e in Equipment::ALL {
            h[e.index()] = u32::from(s.holds(n, e));
        }
        for c in s.hands[n.seat().index()].cards() {
            if let Card::TurnIn(e) = c {
                h[e.index()] += 1;
            }
        }
        h
    }

    /// What buying the Equipment `want` beyond `held` costs.
    fn shortfall(prices: &Prices, want: [u32; 4], held: [u32; 4]) -> u32 {
        (0..4).map(|e| prices.buy[e][(want[e].saturating_sub(held[e]) as usize).min(BUY - 1)]).sum()
    }

    /// A POW's ways out: the circle his routes start from and the MP added
    /// before it (the wait in solitary, the rest of a tunnel, the risk of
    /// its collapse), or `None` off the board.
    fn start(&self, t: &Tables, s: &State, p: PawnId) -> Option<(CircleId, u32)> {
        let c = s.pawn(p).circle()?;
        let circle = self.board.circle(c);
        if circle.zone.is_cell() {
            // Solitary Cells: out by the cell door after doubles or a card.
            let block = usize::from(circle.zone == Zone::CellOuter);
            return Some((self.board.cells[block].exit, CELL_WAIT));
        }
        if s.pawn(p).in_tunnel {
            if let Some((tid, step)) = circle.tunnel {
                let course = &self.board.tunnels[tid.index()].course;
                let left = (course.len() - 1 - usize::from(step)) as u32;
                // Tunnels: fewer than two inside at the end of a turn collapse.
                let inside = s
                    .present()
                    .filter(|&q| {
                        s.pawn(q).in_tunnel
                            && s.pawn(q)
                                .circle()
                                .and_then(|x| self.board.circle(x).tunnel)
                                .is_some_and(|(u, _)| u == tid)
                    })
                    .count();
                let alone = if inside < 2 { CELL_WAIT } else { 0 };
                return Some((course[course.len() - 1], left + alone));
            }
        }
        Some((self.spot(t, s, p).unwrap_or(c), 0))
    }

    /// One POW's cheapest escape effort holding `held`, over every exit
    /// with what its watching guards add (`watched`).
    fn single(t: &Tables, prices: &Prices, held: [u32; 4], watched: &[u32; MAX_EXITS], start: (CircleId, u32)) -> u32 {
        Self::single_way(t, prices, held, watched, start).0
    }

    /// `single`, and the Equipment its way uses.
    fn single_way(
        t: &Tables,
        prices: &Prices,
        held: [u32; 4],
        watched: &[u32; MAX_EXITS],
        (c, add): (CircleId, u32),
    ) -> (u32, [u32; 4]) {
        let mut best = (NO_WAY, [0; 4]);
        for (x, w) in watched.iter().enumerate().take(t.exits.len()) {
            for &(r, d) in t.ways(x, c) {
                let want = holding_u32(r);
                let cost = u32::from(d) + add + w + Self::shortfall(prices, want, held);
                if cost < best.0 {
                    best = (cost, want);
                }
            }
        }
        best
    }

    /// The circles the guards stand on, and how many of them there are.
    fn guard_circles(s: &State) -> ([CircleId; MAX_GUARDS as usize], usize) {
        let mut at = [CircleId::from_index(0); MAX_GUARDS as usize];
        let mut k = 0;
        for g in (1..=MAX_GUARDS).map(PawnId::guard) {
            if let Some(c) = s.pawn(g).circle() {
                at[k] = c;
                k += 1;
            }
        }
        (at, k)
    }

    /// What the guards watching each exit add to the routes through it:
    /// `WATCHED` per guard on its last stretch (Guard Posts, Arrest: the
    /// guards a POW must slip past there).
    fn watched(t: &Tables, guards: &[CircleId]) -> [u32; MAX_EXITS] {
        let mut w = [0u32; MAX_EXITS];
        for c in guards {
            for (x, e) in t.exits.iter().enumerate() {
                if e.near[c.index()] {
                    w[x] = (w[x] + WATCHED).min(WATCHED_MAX);
                }
            }
        }
        w
    }

    /// For each of `n`'s POWs (by slot), whether his best way out (as the
    /// rollout's `Tables::fixed` prices it, holding `h`) is stood across:
    /// the circles the distance tables walk through may hold other pawns,
    /// and none may be passed (Movement (pawns)). A POW beside a rival's POW,
    /// or beside a compatriot himself stood across, whose best way goes on
    /// only through such a circle steps aside in open ground (at most
    /// `ASIDE` more, to a neighbour whose own way goes on elsewhere), or
    /// else waits (`SHUT` more) — the distance tables cannot tell how far
    /// round the other way is. The Canteen's line of circles to its rope
    /// drop is one wide: a rival standing there, or on the drop, holds the
    /// way as long as his officer leaves him, and the plan walks someone
    /// else. Guards are left to `Tables::shut`. Cost: nothing unless a POW
    /// stands beside another nation's; then O(links²) table reads for each
    /// such POW, in at most one pass per POW.
    fn onward(&self, t: &Tables, s: &State, n: Nation, h: usize) -> [Onward; MAX_POWS as usize] {
        let mut onward = [Onward::Free; MAX_POWS as usize];
        let mut rivals = CircleSet::EMPTY;
        let mut own: [Option<CircleId>; MAX_POWS as usize] = [None; MAX_POWS as usize];
        for q in s.present() {
            let (Some(qn), Some(c)) = (q.nation(), s.pawn(q).circle()) else { continue };
            if s.pawn(q).in_tunnel {
                continue;
            }
            if qn == n {
                own[usize::from(q.number() - 1)] = Some(c);
            } else {
                rivals.insert(c);
            }
        }
        if rivals.is_empty() {
            return onward;
        }
        let held = holding_of(h);
        // A compatriot stood across blocks the POW behind him in turn, so
        // the stood-across grow pass by pass; each pass adds one or ends.
        for _ in 0..MAX_POWS {
            let mut grown = false;
            for i in 0..own.len() {
                let Some(c) = own[i] else { continue };
                if onward[i] != Onward::Free || self.board.circle(c).zone.is_cell() {
                    continue;
                }
                let taken = |m: CircleId| {
                    rivals.contains(m) || own.iter().zip(onward).any(|(&o, w)| o == Some(m) && w != Onward::Free)
                };
                let links = self.board.links(c);
                if !links.iter().any(|&(m, _)| taken(m)) {
                    continue;
                }
                let here = t.fixed(h, c);
                if here >= u32::from(INF) {
                    continue;
                }
                // The best way on through a free neighbour: the step's
                // Equipment comes out of the holding (bought if missing).
                let mut round: Option<(u32, CircleId, usize)> = None;
                for (m, link) in links {
                    let Some(step) = step_takes(&self.board, c, *m, link) else { continue };
                    if taken(*m) {
                        continue;
                    }
                    let (h2, missing) = spend(held, step);
                    let d = t.fixed(h2, *m).saturating_add(1 + CLAIM_FIXED * missing as u32);
                    if !matches!(round, Some((b, _, _)) if d >= b) {
                        round = Some((d, *m, h2));
                    }
                }
                // Going round is a step aside in open ground: the neighbour's
                // own way must go on through a free circle other than this
                // one. In a one-wide line the neighbour's way leads straight
                // back past the POW standing across it: he waits.
                let aside = |m: CircleId, h2: usize| {
                    let d = t.fixed(h2, m);
                    self.board.links(m).iter().any(|(m2, link)| {
                        *m2 != c
                            && !taken(*m2)
                            && step_takes(&self.board, m, *m2, link).is_some()
                            && t.fixed(h2, *m2) < d
                    })
                };
                match round {
                    Some((d, _, _)) if d <= here => {}
                    Some((d, m, h2)) if d <= here + ASIDE && aside(m, h2) => {
                        onward[i] = Onward::Round(m);
                        grown = true;
                    }
                    _ => {
                        onward[i] = Onward::Wait;
                        grown = true;
                    }
                }
            }
            if !grown {
                break;
            }
        }
        onward
    }

    /// Where a POW on `c` holding `h` stands after a turn's walk (`AHEAD`
    /// circles) along his cheapest way as `Tables::fixed` prices it, with
    /// the Equipment he holds (a step he would have to buy first stops
    /// him), short of a target. O(`AHEAD` · links) table reads.
    fn ahead(&self, t: &Tables, c: CircleId, h: usize) -> CircleId {
        let (mut c, mut h) = (c, h);
        for _ in 0..AHEAD {
            let here = t.fixed(h, c);
            if here >= u32::from(INF) {
                break;
            }
            let held = holding_of(h);
            let mut next: Option<(u32, CircleId, usize)> = None;
            for (m, link) in self.board.links(c) {
                let Some(step) = step_takes(&self.board, c, *m, link) else { continue };
                let (h2, missing) = spend(held, step);
                if missing > 0 {
                    continue;
                }
                let d = t.fixed(h2, *m);
                if d < here && !matches!(next, Some((b, _, _)) if d >= b) {
                    next = Some((d, *m, h2));
                }
            }
            match next {
                Some((d, m, h2)) if d > 0 => (c, h) = (m, h2),
                _ => break,
            }
        }
        c
    }

    /// The kit symbols (bit = index in `Symbol::KIT`) no Escape Kit (part)
    /// card in `n`'s hand stands in for (part A: food and disguise, B:
    /// documents and compass).
    fn kit_symbols_missing(s: &State, n: Nation) -> u8 {
        let hand = &s.hands[n.seat().index()];
        let mut need = 0u8;
        for i in 0..4 {
            let part = if i < 2 { Card::KitPartA } else { Card::KitPartB };
            if !hand.contains(&part) {
                need |= 1 << i;
            }
        }
        need
    }

    /// The walks to a kit, none held: four different POWs, one to a room of
    /// each kit symbol no Escape Kit (part) card covers, the cheapest such
    /// assignment (Escape Kits). O(POWs · 16 · 4).
    fn kit_cost(&self, t: &Tables, s: &State, n: Nation) -> u32 {
        let need = usize::from(Self::kit_symbols_missing(s, n));
        // Escape Kits: one POW in each room at once, so one POW stands for
        // one symbol: the cheapest assignment, by a table over the sets of
        // symbols covered (16 entries, updated once per POW).
        let mut best = [FAR * 4; 16];
        best[0] = 0;
        for c in Self::pows(n).filter_map(|p| self.spot(t, s, p).filter(|_| !s.pawn(p).in_tunnel)) {
            for covered in (0..16).rev() {
                for (i, sym) in Symbol::KIT.into_iter().enumerate() {
                    if need & (1 << i) != 0 && covered & (1 << i) == 0 {
                        let with = best[covered] + t.sym(sym, c);
                        best[covered | 1 << i] = best[covered | 1 << i].min(with);
                    }
                }
            }
        }
        let mut cost = KIT_EXTRA + best[need];
        if s.kit_stock == 0 {
            cost += FAR;
        }
        cost
    }

    /// The chance a guard arrests the POW on `c` before his officer plays again.
    fn threat(&self, t: &Tables, s: &State, c: CircleId, barracks: bool) -> f64 {
        if self.board.circle(c).guard_post && barracks {
            // Guard Posts: arrested at the end of his turn if a guard is in the barracks.
            return 0.9;
        }
        let mut d = if barracks { u32::from(t.from_post[c.index()]) } else { u32::MAX };
        for g in (1..=MAX_GUARDS).map(PawnId::guard) {
            if let Some(at) = s.pawn(g).circle() {
                d = d.min(t.guard(at, c));
            }
        }
        if d == 0 || d >= 40 {
            return 0.0;
        }
        t.reach(d)
    }

    /// A nation's prospect for `need` more escapes. The Equipment held is
    /// shared between the POWs that use it: with two escapes to make, every
    /// pair of POWs and every pair of their ways out is tried, buying only
    /// what both together need beyond what is held, so Equipment spent by
    /// either one never looks like a loss.
    fn prospect(&self, t: &Tables, s: &State, n: Nation, need: u8) -> Prospect {
        let prices = self.prices(t, s, n);
        let held = self.usable(s, n);
        let (guards, on_board) = Self::guard_circles(s);
        let watched = Self::watched(t, &guards[..on_board]);
        let mut starts = [None; MAX_POWS as usize];
        // What each POW's ways cost beyond the walk: the watchers, and a
        // guard standing across his way out.
        let mut extra = [watched; MAX_POWS as usize];
        let onward = self.onward(t, s, n, holding_index(self.holding(s, n)));
        for (i, p) in Self::pows(n).enumerate() {
            starts[i] = self.start(t, s, p);
            // Another POW across his best way: he goes round or waits.
            if let Some((c, add)) = starts[i].filter(|&(c, _)| s.pawn(p).circle() == Some(c)) {
                starts[i] = match onward[i] {
                    Onward::Free => starts[i],
                    Onward::Round(m) => Some((m, add + 1)),
                    Onward::Wait => Some((c, add + SHUT)),
                };
            }
            if let Some((c, _)) = starts[i] {
                let shut = t.shut(&guards[..on_board], c);
                for (x, w) in extra[i].iter_mut().enumerate() {
                    if shut & (1 << x) != 0 {
                        *w += SHUT;
                    }
                }
            }
        }
        // The best single escape (its POW leads).
        let mut lead: Option<(u32, usize, [u32; 4])> = None;
        for (i, st) in starts.iter().enumerate() {
            if let Some(st) = *st {
                let (f, want) = Self::single_way(t, &prices, held, &extra[i], st);
                if !matches!(lead, Some((b, _, _)) if f >= b) {
                    lead = Some((f, i, want));
                }
            }
        }
        let Some((lead_effort, mut leader, lead_uses)) = lead else {
            return Prospect { effort: f64::from(2 * NO_WAY), risk: 0.0 };
        };
        let kit = if s.kits[n.index()] || s.kit_share[n.index()] { 0 } else { self.kit_cost(t, s, n) };
        let mut effort = f64::from(lead_effort.min(NO_WAY) + kit);
        let mut used = lead_uses;
        if need >= 2 {
            // Successful Escape (2016): the kit goes with the escaper; the
            // classic rules keep it for the rest of the game.
            let kit_again = if s.classic && s.kits[n.index()] { 0 } else { self.kit_cost(t, s, n) };
            let mut best = (f64::MAX, [0u32; 4], leader);
            for (a, start_a) in starts.iter().enumerate() {
                let Some((ca, aa)) = *start_a else { continue };
                for (b, start_b) in starts.iter().enumerate().skip(a + 1) {
                    let Some((cb, ab)) = *start_b else { continue };
                    // Both by the same exit: one kit and its watchers between
                    // them, each shut out on his own.
                    for (x, &w) in watched.iter().enumerate().take(t.exits.len()) {
                        let w = extra[a][x] + extra[b][x] - w;
                        for &(ra, da) in t.ways(x, ca) {
                            let wa = holding_u32(ra);
                            for &(rb, db) in t.ways(x, cb) {
                                let wb = holding_u32(rb);
                                let want = [wa[0] + wb[0], wa[1] + wb[1], wa[2] + wb[2], wa[3] + wb[3]];
                                let (ta, tb) = (u32::from(da) + aa, u32::from(db) + ab);
                                // Successful Escape: two escaping in one turn share a kit,
                                // so the second kit costs little once the later of the two
                                // is within a turn's reach of a target (and the leader waits).
                                let later = ta.max(tb);
                                let kit2 = f64::from(kit_again.min(KIT_SHARED + later.saturating_sub(SHARE_REACH)));
                                let cost = f64::from(ta + tb + w + Self::shortfall(&prices, want, held)) + kit2;
                                if cost < best.0 {
                                    best = (cost, want, if ta <= tb { a } else { b });
                                }
                            }
                        }
                    }
                }
            }
            if best.0 < f64::MAX {
                used = best.1;
                leader = best.2;
                effort = best.0.min(f64::from(2 * NO_WAY)) + f64::from(kit);
            } else {
                effort += f64::from(NO_WAY);
            }
        }
        // Equipment beyond what the plan uses still serves later (and is not
        // to be handed to a rival); Equipment the plan uses is counted in it.
        let spare: u32 = (0..4).map(|e| held[e].saturating_sub(used[e])).sum();
        effort -= f64::from(SPARE_VALUE * spare.min(4));
        // Arrest risk for every POW a guard could take now.
        let barracks = (1..=MAX_GUARDS).any(|g| s.pawn(PawnId::guard(g)).loc == Loc::Barracks);
        let holds_any = s.held(n) > 0;
        let german_cards = s.hands[GERMAN.index()].len().min(4) as f64;
        let (mut risk_sum, mut risk_max) = (0.0f64, 0.0f64);
        for (i, p) in Self::pows(n).enumerate() {
            let Some(c) = self.active(s, p) else { continue };
            let mut chance = if self.liable(s, p) { self.threat(t, s, c, barracks) } else { 0.0 };
            // Where the guards' threat is read: where he stands, or ahead.
            let mut at = c;
            if i == leader && chance == 0.0 && !s.pawn(p).in_tunnel && !self.board.circle(c).zone.is_cell() {
                // Exposure ahead: a leader out of reach now still walks
                // the open ground ahead of him, as near the guards as they
                // stand; waiting out of reach does not take him past it.
                let a = self.ahead(t, c, holding_index(self.holding(s, n)));
                let x = self.board.circle(a);
                // Open ground as `check_liable` reads it (Arrest): no safe
                // area or Appel; inside the block only while his officer
                // holds Equipment, or on a guard post.
                let open = !x.safe && x.zone != Zone::Appel && (!x.zone.is_inner() || x.guard_post || holds_any);
                if a != c && open {
                    chance = self.threat(t, s, a, barracks);
                    at = a;
                }
            }
            // Arrest Key Holder / Pass Holder: one card each in the Security
            // deck, in the German's hand with a chance of about his hand size
            // over the deck's; never in a safe area, Appel or a tunnel.
            let x = self.board.circle(c);
            if (s.pawn(p).used_key || s.pawn(p).used_pass) && !x.safe && x.zone != Zone::Appel && !s.pawn(p).in_tunnel {
                chance = chance.max(german_cards / 16.0);
            }
            // Shoot to Kill: one card in the Security deck, fired at a POW
            // outside the castle; about half the shots reach him. A POW who
            // lingers out there waiting for a better roll runs it every
            // German turn.
            if x.zone == Zone::Outside && !s.pawn(p).in_tunnel {
                chance = chance.max(german_cards / 16.0 * SHOT_HITS);
            }
            if chance == 0.0 {
                continue;
            }
            let zone = self.board.circle(at).zone;
            let mut loss = if i == leader {
                // Arrest: outside the prisoners' block to the outer cells.
                let block = usize::from(!zone.is_inner());
                let after = Self::single(t, &prices, held, &watched, (self.board.cells[block].exit, CELL_WAIT));
                let now = starts[i].map_or(NO_WAY, |st| Self::single(t, &prices, held, &extra[i], st));
                f64::from(after.saturating_sub(now).min(30))
            } else {
                OTHER_LOSS
            };
            if holds_any && matches!(zone, Zone::Outer | Zone::Outside) {
                loss += 8.0;
            }
            let r = RISK_WEIGHT * chance * loss;
            // The German's roll takes one or two of them, not all: the worst
            // threat counts whole, the others a third.
            risk_sum += r;
            risk_max = risk_max.max(r);
        }
        let mut risk = risk_max + (risk_sum - risk_max) / 3.0;
        // In his own move, movement left can still take his POWs out of reach.
        if s.turn == n.seat().index() as u8 && s.phase == Phase::Move {
            risk /= 1.0 + f64::from(s.mp) / 3.0;
        }
        Prospect { effort, risk }
    }

    /// Officer turns left to `n` (End of Round: the officers play, then the
    /// German, then the marker goes down; at the eagle the officers' last turn).
    fn turns_left(&self, s: &State, n: Nation) -> f64 {
        // His own turn counts as played once he has rolled: ending it then
        // costs nothing more (the roll is what he spends).
        let seat = n.seat().index() as u8;
        let own_rolled = s.turn == seat && s.phase != Phase::Roll;
        let played = if s.classic {
            s.played & (1 << n.index()) != 0 || own_rolled
        } else {
            s.turn == 0 || s.turn > seat || own_rolled
        };
        let played = played && s.phase != Phase::SetupGuards;
        f64::from(s.round) - if played { 1.0 } else { 0.0 }
    }

    /// The escapes a nation still needs (Victory), per rule set and variant.
    fn need(&self, s: &State, n: Nation) -> u8 {
        match s.victory_total {
            Some(total) => total.saturating_sub(s.escapes.iter().sum::<u8>()).min(2),
            None => 2u8.saturating_sub(s.escapes[n.index()]),
        }
    }

    /// Every officer's value, by nation index.
    fn officer_values(&self, s: &State) -> [f64; 5] {
        let t = self.tables();
        let mut v = [0.0; 5];
        let mut winner_this_round = false;
        for n in self.nations(s) {
            if s.victory_total.is_none() && s.escapes[n.index()] >= 2 {
                winner_this_round = true;
            }
        }
        for n in self.nations(s) {
            let i = n.index();
            if s.eliminated[i] {
                continue;
            }
            let need = self.need(s, n);
            if need == 0 {
                v[i] = 0.98;
                continue;
            }
            let p = self.prospect(t, s, n, need);
            let budget = self.turns_left(s, n).max(0.0) * MP_PER_TURN * SHARE;
            v[i] = squash(budget - p.effort - p.risk, SCALE);
            if winner_this_round {
                // Victory: the game ends at the end of this round.
                v[i] *= 0.2;
            }
        }
        if s.victory_total.is_some() {
            // The variant: the officers win (or lose) together.
            let best = self.nations(s).map(|n| v[n.index()]).fold(0.0, f64::max);
            for n in self.nations(s) {
                v[n.index()] = best;
            }
        }
        v
    }
}

impl Heuristics for Colditz {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        if s.phase == Phase::Over {
            return outcome_value(&self.outcome(s), seat);
        }
        let v = self.officer_values(s);
        match Nation::of_seat(seat) {
            Some(n) => v[n.index()],
            // The German wins when no officer does.
            None => self.nations(s).map(|n| 1.0 - v[n.index()]).product(),
        }
    }

    fn action_weight(&self, s: &State, seat: Seat, a: Action) -> u32 {
        let t = self.tables();
        match Nation::of_seat(seat) {
            Some(n) => self.officer_weight(t, s, n, &mut None, a),
            None if seat == GERMAN => self.german_weight(t, s, a),
            None => 1,
        }
    }

    /// An officer's escape plan is built once for the whole list: it reads
    /// the position only, and a turn offers a hundred moves.
    fn action_weights(&self, s: &State, seat: Seat, actions: &[Action], out: &mut Vec<u32>) {
        out.clear();
        let t = self.tables();
        match Nation::of_seat(seat) {
            Some(n) => {
                let mut plan = None;
                out.extend(actions.iter().map(|&a| self.officer_weight(t, s, n, &mut plan, a)));
            }
            None => out.extend(actions.iter().map(|&a| self.action_weight(s, seat, a))),
        }
    }

    fn measures(&self, s: &State) -> Vec<(&'static str, f64)> {
        let mut solitary = 0.0;
        let mut outside = 0.0;
        for p in s.present().filter(|p| !p.is_guard()) {
            match s.pawn(p).circle().map(|c| self.board.circle(c).zone) {
                Some(z) if z.is_cell() => solitary += 1.0,
                Some(Zone::Outside) => outside += 1.0,
                _ => {}
            }
        }
        vec![
            ("escapes (all officers)", f64::from(s.escapes.iter().sum::<u8>())),
            ("POWs in solitary", solitary),
            ("POWs outside the castle", outside),
            ("Equipment held (all officers)", self.nations(s).map(|n| f64::from(s.held(n))).sum()),
        ]
    }
}

/// What the rollout policy knows of an officer's plan, cheaply.
struct EscapePlan {
    /// Holding index (capped).
    held: usize,
    /// Each POW's way on past other POWs (`Colditz::onward`), by slot.
    onward: [Onward; MAX_POWS as usize],
    /// The POW leading on the fixed-price estimate, and where he stands.
    leader: Option<(PawnId, CircleId)>,
    /// The next best POW with the Equipment the leader's route leaves
    /// (buying the rest): the second escaper.
    second: Option<PawnId>,
    /// Holding index of the Equipment the leader's route leaves.
    left: usize,
    /// The exits the second escaper's route leaves aside (a bit each): all
    /// but the leader's, so the two go out together.
    pair_shut: u16,
    /// Equipment kinds the leader's route still has to buy (bit = index).
    needed: u8,
    /// Equipment kinds the leader's route takes, held or not.
    uses: u8,
    /// No kit held: the kit symbols (bit = index in `Symbol::KIT`) no
    /// Escape Kit (part) card in hand stands in for.
    kit_need: u8,
    /// The first of the nation's POWs (in pawn order) standing in a room of
    /// each kit symbol: the kit takes one in each at once (Escape Kits), so
    /// he keeps it and a second one there is free to walk on.
    kit_keeper: [Option<PawnId>; 4],
}

impl Colditz {
    fn escape_plan(&self, t: &Tables, s: &State, n: Nation) -> EscapePlan {
        let held = holding_index(self.holding(s, n));
        let onward = self.onward(t, s, n, held);
        // Where each POW's way goes on from, and what it adds: another POW
        // across his best way sends him round or makes him wait (`onward`).
        let from = |i: usize, c: CircleId| match onward[i] {
            Onward::Free => (c, 0),
            Onward::Round(m) => (m, 1),
            Onward::Wait => (c, SHUT),
        };
        let mut leader: Option<(u32, PawnId, CircleId)> = None;
        for (i, p) in Self::pows(n).enumerate() {
            if let Some(c) = self.active(s, p) {
                let (c, add) = from(i, c);
                let f = t.fixed(held, c).saturating_add(add);
                if !matches!(leader, Some((b, _, _)) if f >= b) {
                    leader = Some((f, p, c));
                }
            }
        }
        let (mut needed, mut uses) = (0u8, 0u8);
        let mut rest = holding_of(held);
        if let Some((_, _, c)) = leader {
            let best = holding_of(usize::from(t.fixed_best[held * t.n + c.index()]));
            for e in 0..4 {
                if best[e] > rest[e] {
                    needed |= 1 << e;
                }
                if best[e] > 0 {
                    uses |= 1 << e;
                }
                rest[e] = rest[e].saturating_sub(best[e]);
            }
        }
        // Two escapers share one pool and, out in one turn, one kit
        // (Victory, Successful Escape): the second walks with what the
        // leader's way leaves, by the leader's exit, as the evaluation pairs
        // them; so the POW that Equipment already takes out there is the
        // second, not one who would still have to buy it all elsewhere.
        let left = holding_index(rest);
        let pair_shut = leader.and_then(|(_, _, c)| t.best_exit(held, c)).map_or(0, |x| !(1u16 << x));
        let second = Self::pows(n)
            .enumerate()
            .filter(|&(_, p)| leader.map(|(_, l, _)| l) != Some(p))
            .filter_map(|(i, p)| {
                let (c, add) = from(i, self.active(s, p)?);
                Some((t.fixed_open(left, c, pair_shut).saturating_add(add), p))
            })
            .min()
            .map(|(_, p)| p);
        let mut kit_need = 0u8;
        let mut kit_keeper = [None; 4];
        if !(s.kits[n.index()] || s.kit_share[n.index()]) {
            kit_need = Self::kit_symbols_missing(s, n);
            for p in Self::pows(n) {
                if let Some(i) = s.pawn(p).circle().and_then(|c| self.kit_symbol(c)) {
                    kit_keeper[i] = kit_keeper[i].or(Some(p));
                }
            }
        }
        EscapePlan {
            held,
            onward,
            leader: leader.map(|(_, p, c)| (p, c)),
            second,
            left,
            pair_shut,
            needed,
            uses,
            kit_need,
            kit_keeper,
        }
    }

    /// The index in `Symbol::KIT` of the kit room `c` is in, if any.
    fn kit_symbol(&self, c: CircleId) -> Option<usize> {
        self.board.symbol(c).and_then(kit_index)
    }

    /// Walk from `c` to the nearest room the plan needs: of the Equipment
    /// still to claim, or of a kit symbol nobody keeps but `walker`.
    fn helper_distance(t: &Tables, plan: &EscapePlan, c: CircleId, walker: Option<PawnId>) -> u32 {
        let mut d = FAR;
        for e in Equipment::ALL {
            if plan.needed & (1 << e.index()) != 0 {
                d = d.min(t.sym(e.symbol(), c));
            }
        }
        for (i, sym) in Symbol::KIT.into_iter().enumerate() {
            let open = plan.kit_keeper[i].is_none() || plan.kit_keeper[i] == walker;
            if plan.kit_need & (1 << i) != 0 && open {
                d = d.min(t.sym(sym, c));
            }
        }
        d
    }

    /// Weight of POW `p`'s step onto a target: first of all (1000), unless
    /// two escapes are still to make with one kit (2016 rules) and no
    /// compatriot could follow him out this turn though one is within
    /// `WAIT_FOR` of a target: then he waits for him (2), since the kit
    /// goes with the first and a compatriot out in the same turn shares it
    /// (Successful Escape), while a second kit takes four POWs in four rooms
    /// at once (Escape Kits). O(POWs).
    fn escape_weight(&self, t: &Tables, s: &State, n: Nation, plan: &EscapePlan, p: PawnId) -> u32 {
        if s.classic || !s.kits[n.index()] || self.need(s, n) < 2 {
            return 1000;
        }
        let follower = Self::pows(n)
            .filter(|&q| q != p)
            .filter_map(|q| self.active(s, q).filter(|_| !s.pawn(q).in_tunnel).map(|c| t.fixed(plan.held, c)))
            .min()
            .unwrap_or(u32::MAX);
        if follower > u32::from(s.mp) && follower <= WAIT_FOR {
            2
        } else {
            1000
        }
    }

    /// Weight of a move that gains `gain` circles (negative: loses them).
    fn gain_weight(gain: i64) -> u32 {
        if gain > 0 {
            (12 + 8 * gain).min(240) as u32
        } else {
            0
        }
    }

    /// Weight of officer `n`'s action `a`. `plan` is `n`'s escape plan in
    /// `s`, built here the first time an action needs it (O(POWs × exits)),
    /// so a list of actions weighed with one `plan` builds it once.
    fn officer_weight(&self, t: &Tables, s: &State, n: Nation, plan: &mut Option<EscapePlan>, a: Action) -> u32 {
        match a {
            Action::Roll => 10,
            Action::End => {
                if s.phase == Phase::SetupGuards || s.mp <= 1 {
                    40
                } else {
                    3
                }
            }
            Action::Move(p, to) => {
                let plan = &*plan.get_or_insert_with(|| self.escape_plan(t, s, n));
                if matches!(s.pending.first(), Some(Pending::ToAppel { .. })) {
                    // Sent to Appel: the circle nearest the rooms still needed.
                    return 1 + 40 / (1 + Self::helper_distance(t, plan, to, None));
                }
                let Some(from) = s.pawn(p).circle() else { return 1 };
                let x = self.board.circle(to);
                // Movement (pawns): stepping onto a guard gives himself up;
                // Guard Posts: stopping there invites the arrest.
                let onto_guard = (1..=MAX_GUARDS).any(|g| s.pawn(PawnId::guard(g)).loc == Loc::Circle(to));
                if onto_guard || x.guard_post {
                    return 0;
                }
                if x.target {
                    return self.escape_weight(t, s, n, plan, p);
                }
                let leading = plan.leader.is_some_and(|(l, _)| l == p);
                let h = if leading {
                    plan.held
                } else if plan.second == Some(p) {
                    plan.left
                } else {
                    0
                };
                // An exit a guard stands across is no way out while he stays
                // (Movement (pawns)): the POW walks for another.
                let mut shut = if s.pawn(p).in_tunnel {
                    0
                } else {
                    let (guards, on_board) = Self::guard_circles(s);
                    t.shut(&guards[..on_board], from)
                };
                // The second escaper walks for the leader's exit while no
                // guard shuts it.
                if plan.second == Some(p) && (shut | plan.pair_shut) != u16::MAX && !s.pawn(p).in_tunnel {
                    shut |= plan.pair_shut;
                }
                let route_at = |c: CircleId, tunnel: bool| -> i64 {
                    if shut != 0 {
                        return i64::from(t.fixed_open(h, c, shut));
                    }
                    if tunnel {
                        if let Some((tid, step)) = self.board.circle(c).tunnel {
                            let course = &self.board.tunnels[tid.index()].course;
                            let exit = course[course.len() - 1];
                            return i64::from(t.fixed(h, exit)) + (course.len() - 1 - usize::from(step)) as i64;
                        }
                    }
                    i64::from(t.fixed(h, c))
                };
                let into_tunnel =
                    x.tunnel.is_some_and(|(_, step)| step > 0) && (s.pawn(p).in_tunnel || self.is_tunnel_middle(to));
                // Another POW across his best way: his way from here goes
                // round or waits (`onward`).
                let here = match plan.onward[usize::from(p.number() - 1)] {
                    Onward::Round(m) if !s.pawn(p).in_tunnel => route_at(m, false) + 1,
                    Onward::Wait if !s.pawn(p).in_tunnel => route_at(from, false) + i64::from(SHUT),
                    _ => route_at(from, s.pawn(p).in_tunnel),
                };
                let route_gain = here - route_at(to, into_tunnel);
                let help_gain = i64::from(Self::helper_distance(t, plan, from, Some(p)))
                    - i64::from(Self::helper_distance(t, plan, to, Some(p)));
                // Successful Escape: the kit one POW took out serves one
                // compatriot this turn only, so the walk out of a POW who
                // can still make it comes first.
                let in_reach = route_at(from, s.pawn(p).in_tunnel) <= i64::from(s.mp);
                if s.kit_share[n.index()] && route_gain > 0 && in_reach {
                    return SHARED_WALK;
                }
                // The two escapers walk their routes; the others fetch.
                if leading || plan.second == Some(p) {
                    Self::gain_weight(route_gain.max(help_gain / 2))
                } else {
                    Self::gain_weight(help_gain)
                }
            }
            Action::Cross(p, to) => {
                let plan = &*plan.get_or_insert_with(|| self.escape_plan(t, s, n));
                let Some(from) = s.pawn(p).circle() else { return 1 };
                if self.board.circle(to).target {
                    return self.escape_weight(t, s, n, plan, p);
                }
                let leading = plan.leader.is_some_and(|(l, _)| l == p);
                let held = if leading { plan.held } else { holding_index(self.holding(s, n)) };
                let mut have = holding_of(held);
                let (kind, count) = match self.board.net.link(from, to) {
                    Some(Link::Step) => match self.board.circle(to).gate {
                        Some(Gate::Key) => (Equipment::Key.index(), 1),
                        _ => (Equipment::Pass.index(), 1),
                    },
                    Some(Link::Drop { ropes, .. }) => (Equipment::Rope.index(), usize::from(*ropes)),
                    _ => (Equipment::Cutters.index(), 1),
                };
                have[kind] = have[kind].saturating_sub(count);
                let gain = i64::from(t.fixed(held, from)) - i64::from(t.fixed(holding_index(have), to));
                if gain > 0 && s.kit_share[n.index()] && t.fixed(held, from) <= u32::from(s.mp) {
                    SHARED_WALK
                } else if gain > 0 {
                    80
                } else {
                    0
                }
            }
            Action::Claim(e, ..) => {
                let plan = &*plan.get_or_insert_with(|| self.escape_plan(t, s, n));
                if plan.needed & (1 << e.index()) != 0 {
                    200
                } else {
                    1
                }
            }
            Action::Kit(_) => 200,
            Action::Release(_) => 60,
            Action::DoOrDie(_) => 1,
            Action::Play(card, x, _) => match card {
                Card::Release | Card::Talisman | Card::AdvanceWarning => 60,
                Card::BribeOne | Card::BribeTwo => 40,
                Card::StaffCar => 30,
                Card::MoveFast(room) => {
                    let plan = &*plan.get_or_insert_with(|| self.escape_plan(t, s, n));
                    let sym = self.board.rooms[usize::from(room)].symbol;
                    let wanted =
                        Equipment::ALL.iter().any(|e| plan.needed & (1 << e.index()) != 0 && e.symbol() == sym)
                            || kit_index(sym)
                                .is_some_and(|i| plan.kit_need & (1 << i) != 0 && plan.kit_keeper[i].is_none());
                    let mover_leads = matches!(x, Arg::Pawn(p) if plan.leader.is_some_and(|(l, _)| l == p));
                    if wanted && !mover_leads {
                        30
                    } else {
                        1
                    }
                }
                Card::Diversion | Card::Inspection | Card::Sabotage => 6,
                Card::TurnIn(_) => 2,
                _ => 1,
            },
            Action::Discard(card) => match card {
                Card::Release | Card::BribeOne | Card::BribeTwo | Card::TurnIn(_) | Card::KitPartA | Card::KitPartB => {
                    1
                }
                _ => 6,
            },
            Action::Surrender(e) => {
                let plan = &*plan.get_or_insert_with(|| self.escape_plan(t, s, n));
                // Confiscation: give up what the route does not take.
                if plan.uses & (1 << e.index()) != 0 {
                    2
                } else {
                    10
                }
            }
            Action::Hideaway => 100,
            Action::Answer(refusing) => {
                // Appel: keep back the POWs who have come a long way and no
                // guard can reach; the others lose little by going back.
                let plan = &*plan.get_or_insert_with(|| self.escape_plan(t, s, n));
                let barracks = (1..=MAX_GUARDS).any(|g| s.pawn(PawnId::guard(g)).loc == Loc::Barracks);
                let back = t.fixed(plan.held, t.appel_spot);
                let mut wrong = 0u32;
                for p in Self::pows(n) {
                    let Some(c) = self.active(s, p) else { continue };
                    if s.pawn(p).in_tunnel || self.board.circle(c).zone == Zone::Appel {
                        continue;
                    }
                    let far_along = t.fixed(plan.held, c) + 8 < back;
                    let safe = self.threat(t, s, c, barracks) < 0.3;
                    if refusing.contains(p) != (far_along && safe) {
                        wrong += 1;
                    }
                }
                64 >> wrong.min(6)
            }
            Action::Give(..) | Action::GiveCard(..) => 0,
            Action::Pass => 1,
            _ => 1,
        }
    }

    fn german_weight(&self, t: &Tables, s: &State, a: Action) -> u32 {
        match a {
            Action::Roll => {
                if s.phase == Phase::AppelSearch {
                    4
                } else {
                    10
                }
            }
            Action::Search => 30,
            Action::End => {
                if s.phase == Phase::SetupGuards || s.mp <= 1 {
                    40
                } else {
                    2
                }
            }
            Action::Deploy(_, to) if s.phase == Phase::Move => {
                let d = self.nearest_prey(t, s, to);
                if d < 12 {
                    20
                } else {
                    2
                }
            }
            Action::Move(g, to) if g.is_guard() => {
                if matches!(s.pending.first(), Some(Pending::ChooseCell { .. })) {
                    return 1;
                }
                // Arrest: a guard ending on a POW takes him.
                if s.present().any(|q| !q.is_guard() && s.pawn(q).loc == Loc::Circle(to) && !s.pawn(q).in_tunnel) {
                    return 400;
                }
                let Some(from) = s.pawn(g).circle() else { return 1 };
                let gain = i64::from(self.nearest_prey(t, s, from)) - i64::from(self.nearest_prey(t, s, to));
                if gain > 0 {
                    (6 + 4 * gain).min(120) as u32
                } else {
                    1
                }
            }
            Action::Recall(_) => 1,
            Action::Clear(..) => 25,
            Action::RemoveMarkers => 100,
            Action::Play(card, ..) => match card {
                Card::ShootToKill | Card::ArrestKeyHolder | Card::ArrestPassHolder | Card::TunnelDetected => 150,
                Card::Search(room) => {
                    let liable_inside = s.present().any(|q| {
                        q.nation().is_some_and(|n| s.held(n) > 0)
                            && !s.pawn(q).in_tunnel
                            && s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone == Zone::Room(room))
                    });
                    if liable_inside {
                        80
                    } else {
                        1
                    }
                }
                Card::Appel => 15,
                _ => 1,
            },
            _ => 1,
        }
    }

    /// A guard's walk from `c` to the nearest POW in the open (outer
    /// courtyard, outside, or the inner courtyard while his officer holds
    /// Equipment; never Appel, safe areas, rooms or cells). O(POWs).
    fn nearest_prey(&self, t: &Tables, s: &State, c: CircleId) -> u32 {
        let mut best = 255;
        for n in self.nations(s) {
            let holds = s.held(n) > 0;
            for p in Self::pows(n) {
                let Some(at) = s.pawn(p).circle() else { continue };
                if s.pawn(p).in_tunnel {
                    continue;
                }
                let x = self.board.circle(at);
                let open = match x.zone {
                    Zone::Outer | Zone::Outside => !x.safe,
                    Zone::Inner => holds || x.guard_post,
                    _ => false,
                };
                if open {
                    best = best.min(t.guard(c, at));
                }
            }
        }
        best
    }
}
