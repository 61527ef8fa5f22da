//! The conformance battery every ruleset runs with one line in its tests:
//!
//! ```ignore
//! sandtable_core::conformance::check(&rules, &Battery::quick(setups));
//! ```
//!
//! It plays random games to the end and, along the way, checks that
//! - every seat that must act has a legal action, and no other seat has one
//!   (no dead ends);
//! - every listed action applies, and its notation reads back to itself;
//! - actions seen elsewhere but not listed now are refused, citing a rule, and
//!   leave the state untouched;
//! - the state survives a JSON round trip, and every position reached (and
//!   every resampled world) passes [`Ruleset::validate`];
//! - hidden information stays hidden, proven by resampling (as OpenSpiel's
//!   ResampleInfostateTest): for every viewer (each seat and a spectator) a
//!   shadow world is drawn with [`Ruleset::resample_hidden`] and played
//!   alongside the real one, rolling the real dice; after every action that
//!   revealed nothing to the viewer (no [`crate::Events::reveal`] to it) its view
//!   and the events it may read are the same in both (so a reveal that is not
//!   counted, which would let undo take it back, is caught too), and a seat's
//!   own legal actions are the same in any world it cannot tell from the real
//!   one;
//! - what a viewer reads of another seat's action (its log text and events)
//!   tells no more than its board: two actions of the actor that leave the
//!   viewer's view identical but the actor's different (a secret choice) read
//!   the same to the viewer;
//! - every decision shows to every other viewer: its view, the seats to act
//!   or that may act, or the events it reads change — the server tells every
//!   viewer that a decision was made (the version moves, a page is pushed), so
//!   a decision that showed nothing would tell by its count, or its timing,
//!   what the viewer may not see (a secret choice made one step at a time);
//! - a game with hidden information (dice to come, or views that differ by
//!   seat) really redraws something when resampled (no forgotten override),
//!   and the world drawn depends only on what the viewer sees and the seed
//!   (two states it cannot tell apart give the same world: what makes the
//!   search bots blind to what their seat may not see);
//! - each listed action's forecast is a distribution (results named, odds
//!   in (0, 1] summing to 1, figures citing rules), and a seat's odds are the
//!   same in any world it cannot tell from the real one;
//! - pieces a seat is told are idle are in its view, with a rule, and no
//!   listed action of the seat moves them;
//! - each listed action's board hint names a piece the acting seat's view
//!   shows and a place the game's drawing has;
//! - replaying the seed and the log gives the same state and hash;
//! - the game ends within a step bound.
//!
//! Any violation panics with the game, seed, step and action, so a failing
//! test names a reproducible case.

use crate::record::state_hash;
use crate::{events_seen_by, Events, Ruleset, Seat, Setup, ToAct, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};

/// What to run.
#[derive(Clone, Debug)]
pub struct Battery {
    /// Set-ups to play (each is played `playouts` times with derived seeds).
    pub setups: Vec<Setup>,
    /// Random games per set-up.
    pub playouts: usize,
    /// A game longer than this many decisions is a failure (a dead loop).
    pub max_steps: usize,
    /// Run the expensive per-state checks every this many steps (1 = always).
    pub check_every: usize,
}

impl Battery {
    /// A battery that runs in seconds: a few full games, checks every few steps.
    pub fn quick(setups: Vec<Setup>) -> Battery {
        Battery { setups, playouts: 3, max_steps: 200_000, check_every: 7 }
    }
}

/// What a battery run saw.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played to the end.
    pub games: usize,
    /// Decisions made in all games.
    pub steps: usize,
    /// How many games ended with each result text (English).
    pub outcomes: BTreeMap<String, usize>,
    /// Forecasts of listed actions checked ([`Ruleset::forecast`]): a game
    /// that gives odds asserts this is not 0, so the check is not vacuous.
    pub forecasts: usize,
}

/// Runs the battery; panics on the first violation.
pub fn check<R: Ruleset>(rules: &R, battery: &Battery) -> Report {
    let mut report = Report::default();
    for (si, setup) in battery.setups.iter().enumerate() {
        for p in 0..battery.playouts {
            let mut setup = rules.info().resolve(setup).unwrap_or_else(|e| panic!("set-up {si} refused: {e}"));
            setup.seed = setup.seed.wrapping_add(p as u64 * 7919);
            let (steps, outcome, forecasts) = playout(rules, &setup, battery, (si * 1000 + p) as u64);
            report.games += 1;
            report.forecasts += forecasts;
            report.steps += steps;
            *report.outcomes.entry(outcome).or_default() += 1;
        }
    }
    report
}

fn playout<R: Ruleset>(rules: &R, setup: &Setup, battery: &Battery, choice_seed: u64) -> (usize, String, usize) {
    let game = &rules.info().id;
    let seed = setup.seed;
    let mut state =
        crate::initial_state(rules, setup).unwrap_or_else(|e| panic!("{game} seed {seed}: setup failed: {e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(choice_seed ^ 0x5eed);
    let mut log: Vec<(Seat, R::Action)> = Vec::new();
    let mut pool: Vec<R::Action> = Vec::new();
    let mut pool_set: HashSet<R::Action> = HashSet::new();
    let seats: Vec<Seat> = rules.seats(&state).iter().collect();
    let mut legal: Vec<R::Action> = Vec::new();
    let mut by_seat: Vec<Vec<R::Action>> = vec![Vec::new(); seats.len()];
    let drawing = serde_json::to_string(&rules.drawing()).expect("the drawing serialises");
    let viewers: Vec<Viewer> = seats.iter().map(|&s| Viewer::Seat(s)).chain([Viewer::Spectator]).collect();
    // Per viewer, a world it cannot tell from the real one, played alongside.
    let mut shadows: Vec<Option<R::State>> = vec![None; viewers.len()];
    let mut hidden = Hidden::default();

    for step in 0.. {
        let here = || format!("{game} seed {seed} step {step}");
        let acting = match rules.to_act(&state) {
            ToAct::Over(outcome) => {
                check_replay(rules, setup, &log, &state);
                assert!(
                    hidden.redrawn || !(hidden.dice || hidden.private_views),
                    "{game} seed {seed}: the game has hidden information ({}) but resample_hidden never redrew \
                     anything: it must redraw what each viewer may not see (the future dice at least)",
                    if hidden.dice { "dice to come" } else { "views that differ by seat" }
                );
                return (step, outcome.text.en.into_owned(), hidden.forecasts);
            }
            ToAct::Seats(s) => s,
        };
        assert!(step < battery.max_steps, "{}: no end after {} decisions", here(), battery.max_steps);
        assert!(!acting.is_empty(), "{}: nobody to act but the game is not over", here());
        let deep = step % battery.check_every == 0;

        let optional = rules.may_act(&state);
        for (i, &seat) in seats.iter().enumerate() {
            by_seat[i].clear();
            rules.legal_actions(&state, seat, &mut by_seat[i]);
            let must = acting.contains(seat);
            assert!(
                must || optional.contains(seat) || by_seat[i].is_empty(),
                "{}: seat {} does not owe a decision but has legal actions {:?}",
                here(),
                seat.index(),
                by_seat[i].iter().take(3).collect::<Vec<_>>()
            );
            assert!(
                !must || !by_seat[i].is_empty(),
                "{}: seat {} must act but has no legal action (dead end)",
                here(),
                seat.index()
            );
            for &a in &by_seat[i] {
                if pool.len() < 8192 && pool_set.insert(a) {
                    pool.push(a);
                }
            }
        }

        if deep {
            for (i, &seat) in seats.iter().enumerate() {
                let listed: HashSet<R::Action> = by_seat[i].iter().copied().collect();
                // Listed actions all apply, and their notation reads back.
                for &a in by_seat[i].iter().take(48) {
                    let text = rules.notation(a);
                    let label = rules.label(a);
                    assert!(!label.en.is_empty() && !label.ru.is_empty(), "{}: {text:?} has no label", here());
                    let back = rules
                        .parse(&text)
                        .unwrap_or_else(|e| panic!("{}: notation {text:?} does not parse: {e}", here()));
                    assert_eq!(back, a, "{}: notation {text:?} reads back as another action", here());
                    let mut s = state.clone();
                    if let Err(e) = rules.try_apply(&mut s, seat, a, &mut Events::off()) {
                        panic!("{}: listed action {text:?} of seat {} refused: {e}", here(), seat.index());
                    }
                    if let Some(f) = rules.forecast(&state, seat, a) {
                        check_forecast(&f, &text, &here);
                        hidden.forecasts += 1;
                    }
                }
                // Hints point at what the seat can see on the board.
                let view = serde_json::to_string(&rules.view(&state, Viewer::Seat(seat))).expect("views serialise");
                for &a in by_seat[i].iter().take(48) {
                    let hint = rules.hint(&state, a);
                    let text = rules.notation(a);
                    if let Some(piece) = &hint.piece {
                        assert!(
                            view.contains(&format!("\"{piece}\"")),
                            "{}: {text:?} hints piece {piece:?}, not in the seat's view",
                            here()
                        );
                    }
                    if let Some(place) = &hint.place {
                        assert!(
                            drawing.contains(&format!("\"{place}\"")),
                            "{}: {text:?} hints place {place:?}, not in the drawing",
                            here()
                        );
                    }
                }
                // Pieces said to be idle are the seat's to see, and nothing listed moves them.
                for (piece, why) in rules.idle(&state, seat) {
                    assert!(!why.rule.is_empty(), "{}: idle piece {piece:?} without a rule", here());
                    assert!(
                        view.contains(&format!("\"{piece}\"")),
                        "{}: idle piece {piece:?} is not in the seat's view",
                        here()
                    );
                    let busy = by_seat[i].iter().find(|&&a| {
                        let h = rules.hint(&state, a);
                        !h.minor && h.piece.as_deref() == Some(piece.as_str())
                    });
                    assert!(
                        busy.is_none(),
                        "{}: piece {piece:?} is called idle ({why}) but {:?} is listed for it",
                        here(),
                        busy.map(|&a| rules.notation(a))
                    );
                }
                // Unlisted actions are refused, name a rule, and change nothing.
                for _ in 0..24 {
                    if pool.is_empty() {
                        break;
                    }
                    let a = pool[rng.gen_range(0..pool.len())];
                    if listed.contains(&a) {
                        continue;
                    }
                    let mut s = state.clone();
                    match rules.try_apply(&mut s, seat, a, &mut Events::off()) {
                        Ok(()) => panic!(
                            "{}: unlisted action {:?} of seat {} was accepted (legal_actions and try_apply disagree)",
                            here(),
                            rules.notation(a),
                            seat.index()
                        ),
                        Err(e) => {
                            assert!(!e.rule.is_empty(), "{}: refusal without a rule", here());
                            assert!(s == state, "{}: refused action {:?} changed the state", here(), rules.notation(a));
                        }
                    }
                }
            }
            // Every position reached in play is one the validator accepts.
            if let Err(e) = rules.validate(&state) {
                panic!("{}: a position reached in play fails validation: {e:?}", here());
            }
            // Serialisation round trip.
            let json = serde_json::to_string(&state).expect("state serialises");
            let back: R::State =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: state does not deserialise: {e}", here()));
            assert!(back == state, "{}: state changed through JSON", here());
            // View redaction: what a viewer may not see does not reach its view.
            for &viewer in &viewers {
                resample_checked(rules, &state, viewer, rng.gen(), &mut hidden, &here);
            }
            // Information differs by seat: somebody's view is not the spectator's.
            let public = rules.view(&state, Viewer::Spectator);
            hidden.private_views |= seats.iter().any(|&s| rules.view(&state, Viewer::Seat(s)) != public);
        }

        // Random decision by a random acting seat.
        let candidates: Vec<Seat> = acting.iter().collect();
        let seat = candidates[rng.gen_range(0..candidates.len())];
        let i = seats.iter().position(|&s| s == seat).unwrap_or_else(|| panic!("{}: acting seat not in game", here()));
        legal.clear();
        legal.extend_from_slice(&by_seat[i]);
        let a = legal[rng.gen_range(0..legal.len())];
        if deep {
            check_reading_tells_no_more_than_the_board(rules, &state, seat, a, &legal, &viewers, &here);
        }
        for (v, shadow) in viewers.iter().zip(shadows.iter_mut()) {
            if shadow.is_none() {
                *shadow = Some(resample_checked(rules, &state, *v, rng.gen(), &mut hidden, &here));
            }
        }
        let seen_before: Vec<_> = viewers.iter().map(|&v| rules.view(&state, v)).collect();
        let turn_before = (rules.to_act(&state), rules.may_act(&state));
        let dice_before = rules.dice(&state).clone();
        let mut events = Events::recording();
        if let Err(e) = rules.try_apply(&mut state, seat, a, &mut events) {
            panic!("{}: chosen legal action {:?} refused: {e}", here(), rules.notation(a));
        }
        let revealed = events.take_revealed();
        let events = events.take();
        let rolled = rules.dice_position(&state) != dice_before.position();
        hidden.dice |= rolled;
        let turn_moved = (rules.to_act(&state), rules.may_act(&state)) != turn_before;
        for (&viewer, before) in viewers.iter().zip(&seen_before) {
            let silent =
                !turn_moved && events_seen_by(&events, viewer).is_empty() && rules.view(&state, viewer) == *before;
            assert!(
                viewer == Viewer::Seat(seat) || !silent,
                "{}: {:?} shows nothing to {viewer:?} (same view, same seats to act, no event it reads), yet \
                 it is told a decision was made (the version moves): how many such decisions are made \
                 tells what its board hides; make the secret choice one decision",
                here(),
                rules.notation(a)
            );
        }
        for (&viewer, slot) in viewers.iter().zip(shadows.iter_mut()) {
            let Some(shadow) = slot.as_mut().filter(|_| !revealed.to(viewer)) else {
                // Something hidden was revealed to this viewer: the worlds
                // part legitimately for it; draw anew.
                *slot = None;
                continue;
            };
            // An action that rolls, rolls the real dice in the shadow too: the
            // worlds then differ only in what the viewer may not see, so a
            // roll whose outcome reads hidden cards must count as a reveal (or
            // it leaks). One that does not roll keeps the shadow's own dice
            // to come, so an action that peeks at them is caught.
            if rolled {
                *rules.dice_mut(shadow) = dice_before.clone();
            }
            let mut theirs = Events::recording();
            if let Err(e) = rules.try_apply(shadow, seat, a, &mut theirs) {
                // The action rests on what the viewer cannot see (another
                // seat's hidden card): legal for the actor, not in this world.
                assert!(
                    viewer != Viewer::Seat(seat),
                    "{}: {:?} is refused ({e}) in a world its own seat cannot tell from the real one",
                    here(),
                    rules.notation(a)
                );
                *slot = None;
                continue;
            }
            let theirs = theirs.take();
            assert!(
                events_seen_by(&events, viewer) == events_seen_by(&theirs, viewer),
                "{}: after {:?} the events {viewer:?} reads depend on information hidden from it \
                 (real {:?}, resampled {:?}); if the action reveals something to it, it must say so \
                 with Events::reveal (the undo barrier), else the event's audience is too wide",
                here(),
                rules.notation(a),
                events_seen_by(&events, viewer),
                events_seen_by(&theirs, viewer)
            );
            assert!(
                rules.view(shadow, viewer) == rules.view(&state, viewer),
                "{}: after {:?} the view of {viewer:?} depends on information hidden from it (no barrier crossed)",
                here(),
                rules.notation(a)
            );
        }
        log.push((seat, a));
    }
    unreachable!("the loop returns when the game ends or panics at the step bound")
}

/// What a playout learnt about the game's hidden information.
#[derive(Default)]
struct Hidden {
    /// Dice were rolled: the dice to come are hidden from everyone.
    dice: bool,
    /// Some seat's view differed from the spectator's.
    private_views: bool,
    /// A resample gave a state other than the real one.
    redrawn: bool,
    /// Forecasts checked.
    forecasts: usize,
}

/// `resample_hidden(state, viewer)`, checked: the viewer's view, and a seat's
/// own legal actions, are the same in the resampled world.
fn resample_checked<R: Ruleset>(
    rules: &R,
    state: &R::State,
    viewer: Viewer,
    seed: u64,
    hidden: &mut Hidden,
    here: &dyn Fn() -> String,
) -> R::State {
    let other = rules.resample_hidden(state, viewer, seed);
    hidden.redrawn |= other != *state;
    // A search bot samples its worlds from the state it is given: two states
    // the viewer cannot tell apart must give the same world for the same
    // seed, or the bot would decide differently in them (issue 13's
    // no-cheating rule). Pools of hidden cards must be drawn in a canonical
    // order, not the order the real state happens to hold them in.
    let again = seed.rotate_left(23) ^ 0x9e37_79b9_7f4a_7c15;
    assert!(
        rules.resample_hidden(&other, viewer, again) == rules.resample_hidden(state, viewer, again),
        "{}: resample_hidden for {viewer:?} depends on the hidden information it redraws (draw every pool in a \
         canonical order): a bot sampling worlds could tell apart states its seat cannot",
        here()
    );
    if let Err(e) = rules.validate(&other) {
        panic!("{}: a world resampled for {viewer:?} is not a valid position: {e:?}", here());
    }
    assert!(
        rules.view(&other, viewer) == rules.view(state, viewer),
        "{}: the view of {viewer:?} depends on information hidden from it",
        here()
    );
    if let Viewer::Seat(seat) = viewer {
        let (mut real, mut resampled) = (Vec::new(), Vec::new());
        rules.legal_actions(state, seat, &mut real);
        rules.legal_actions(&other, seat, &mut resampled);
        assert!(
            real == resampled,
            "{}: the legal actions of seat {} depend on information hidden from it",
            here(),
            seat.index()
        );
        for &a in real.iter().take(48) {
            assert!(
                rules.forecast(state, seat, a) == rules.forecast(&other, seat, a),
                "{}: the odds of {:?} for seat {} depend on information hidden from it",
                here(),
                rules.notation(a),
                seat.index()
            );
        }
    }
    other
}

/// A forecast is a distribution: at least one result, each named and with a
/// probability in (0, 1], the probabilities summing to 1, no result twice.
fn check_forecast(forecast: &crate::Forecast, text: &str, here: &dyn Fn() -> String) {
    let outcomes = &forecast.outcomes;
    assert!(!outcomes.is_empty(), "{}: the forecast of {text:?} has no outcome", here());
    let total: f64 = outcomes.iter().map(|c| c.p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{}: the odds of {text:?} sum to {total}, not 1", here());
    for (i, c) in outcomes.iter().enumerate() {
        assert!(c.p > 0.0 && c.p <= 1.0, "{}: an outcome of {text:?} has probability {}", here(), c.p);
        assert!(!c.text.en.is_empty() && !c.text.ru.is_empty(), "{}: an outcome of {text:?} is unnamed", here());
        assert!(
            outcomes[..i].iter().all(|d| d.text != c.text),
            "{}: the forecast of {text:?} lists {:?} twice",
            here(),
            c.text.en
        );
    }
    for b in &forecast.basis {
        assert!(!b.rule.is_empty(), "{}: a figure behind the odds of {text:?} cites no rule", here());
    }
}

/// What a viewer reads of `actor`'s action `a` (its log text and the events
/// it may read) and what its board shows after must tell the same. For every
/// alternative `b` the actor had, each other viewer:
/// - if its board cannot tell `a` from `b` but the actor's can (a secret
///   choice), it reads them the same (else the log or events leak it);
/// - if it reads them the same and neither revealed anything to it (no
///   [`crate::Events::reveal`] to it), its board cannot tell them apart either
///   (else the board shows what the reading hides — a card handed over — and
///   that must be revealed to it by an event, or undo would let the actor take
///   it back).
///
/// Cost: one clone and apply per alternative (up to 16), views per viewer.
fn check_reading_tells_no_more_than_the_board<R: Ruleset>(
    rules: &R,
    state: &R::State,
    actor: Seat,
    a: R::Action,
    legal: &[R::Action],
    viewers: &[Viewer],
    here: &dyn Fn() -> String,
) {
    let after = |x: R::Action| {
        let mut s = state.clone();
        let mut ev = Events::recording();
        rules.try_apply(&mut s, actor, x, &mut ev).ok().map(|()| (s, ev.take_revealed(), ev.take()))
    };
    let Some((sa, va, ea)) = after(a) else { return };
    let actor_view = rules.view(&sa, Viewer::Seat(actor));
    for &b in legal.iter().filter(|&&b| b != a).take(16) {
        let Some((sb, vb, eb)) = after(b) else { continue };
        let actor_tells = rules.view(&sb, Viewer::Seat(actor)) != actor_view;
        for &viewer in viewers.iter().filter(|&&v| v != Viewer::Seat(actor)) {
            let board_tells = rules.view(&sb, viewer) != rules.view(&sa, viewer);
            let read =
                |x: R::Action, ev: &[crate::Event]| (rules.log_text(x, actor, viewer), events_seen_by(ev, viewer));
            let (ra, rb) = (read(a, &ea), read(b, &eb));
            if !board_tells && actor_tells {
                assert!(
                    ra == rb,
                    "{}: {viewer:?} cannot tell {:?} from {:?} on its board, yet reads them differently \
                     (log or events leak a secret choice): {ra:?} vs {rb:?}",
                    here(),
                    rules.notation(a),
                    rules.notation(b)
                );
            }
            let unrevealed = !va.to(viewer) && !vb.to(viewer);
            if board_tells && ra == rb && unrevealed {
                panic!(
                    "{}: {viewer:?} reads {:?} and {:?} the same ({ra:?}) but its board tells them apart: \
                     what it sees there is revealed to it, so an event must reveal it (Events::reveal)",
                    here(),
                    rules.notation(a),
                    rules.notation(b)
                );
            }
        }
    }
}

/// Same set-up + same log = same state, hash included.
fn check_replay<R: Ruleset>(rules: &R, setup: &Setup, log: &[(Seat, R::Action)], end: &R::State) {
    let mut state = crate::initial_state(rules, setup).expect("setup replays");
    for (i, &(seat, a)) in log.iter().enumerate() {
        let text = rules.notation(a);
        let parsed = rules.parse(&text).expect("notation parses");
        if let Err(e) = rules.try_apply(&mut state, seat, parsed, &mut Events::off()) {
            panic!("{} seed {}: replay diverged at step {i} ({text}): {e}", rules.info().id, setup.seed);
        }
    }
    assert!(&state == end, "{} seed {}: replay of the log reached another state", rules.info().id, setup.seed);
    assert_eq!(state_hash(&state), state_hash(end));
}
