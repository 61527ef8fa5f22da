//! Helpers for the Colditz rule tests: games for N players, the guard set-up
//! finished, a turn put into its Move phase, pawns placed, and circles found
//! by their PROPERTIES through `rules.board` (never by id: the board is
//! generated and may be regenerated).
#![allow(dead_code, unused_imports)]

use sandtable_colditz::{
    Action, Card, CircleId, Colditz, Equipment, Gate, Link, Loc, Marker, Nation, PawnId, Phase, State, TunnelId, Zone,
    GERMAN,
};
use sandtable_core::{Dice, Event, Events, Illegal, Ruleset, Seat, Setup, ToAct};
use std::collections::VecDeque;

pub use sandtable_core::testing::{act, is_legal, legal, play, refused, to_act};

pub const BR: Nation = Nation::British;
pub const US: Nation = Nation::American;
pub const FR: Nation = Nation::French;
pub const NL: Nation = Nation::Dutch;
pub const PL: Nation = Nation::Polish;
pub const DE: Seat = GERMAN;

/// A POW by nation and number.
pub fn pow(n: Nation, k: u8) -> PawnId {
    PawnId::pow(n, k)
}

/// A guard by number.
pub fn guard(k: u8) -> PawnId {
    PawnId::guard(k)
}

// ---------------------------------------------------------------- games --

/// A new game (guard set-up phase) with options.
pub fn game_with(players: u8, seed: u64, opts: &[(&str, &str)]) -> (Colditz, State) {
    let rules = Colditz::standard();
    let mut setup = Setup::seeded(seed).with_option("players", &players.to_string());
    for (k, v) in opts {
        setup = setup.with_option(k, v);
    }
    let setup = rules.info().resolve(&setup).expect("setup resolves");
    let s = rules.setup(&setup).expect("state");
    (rules, s)
}

/// A new game with N players, in the guard set-up phase.
pub fn game(players: u8, seed: u64) -> (Colditz, State) {
    game_with(players, seed, &[])
}

/// Finishes the guard set-up with legal `deploy` actions, then `end`.
pub fn finish_setup(r: &Colditz, s: &mut State) {
    for _ in 0..100 {
        if is_legal(r, s, DE, "end") {
            play(r, s, DE, "end");
            return;
        }
        let first = legal(r, s, DE).into_iter().find(|a| a.starts_with("deploy")).expect("a legal deploy in set-up");
        play(r, s, DE, &first);
    }
    panic!("set-up did not finish");
}

/// A game past the guard set-up: the first officer is to roll.
pub fn started_with(players: u8, seed: u64, opts: &[(&str, &str)]) -> (Colditz, State) {
    let (r, mut s) = game_with(players, seed, opts);
    finish_setup(&r, &mut s);
    (r, s)
}

/// A game past the guard set-up, default options.
pub fn started(players: u8, seed: u64) -> (Colditz, State) {
    started_with(players, seed, &[])
}

/// A started game with an empty board: every guard in the barracks, every
/// POW removed (`Loc::Absent`), every hand emptied (cards to the bottom of
/// their decks). Tests put back exactly what they need.
pub fn blank_with(players: u8, seed: u64, opts: &[(&str, &str)]) -> (Colditz, State) {
    let (r, mut s) = started_with(players, seed, opts);
    for i in 0..s.pawns.len() {
        let p = PawnId::from_index(i);
        if s.pawn(p).loc == Loc::Absent {
            continue;
        }
        *s.pawn_mut(p) = sandtable_colditz::Pawn::ABSENT;
        if p.is_guard() {
            s.pawn_mut(p).loc = Loc::Barracks;
        }
    }
    for seat in 0..usize::from(s.players) {
        empty_hand(&mut s, Seat::new(seat as u8));
    }
    (r, s)
}

/// See [`blank_with`].
pub fn blank(players: u8, seed: u64) -> (Colditz, State) {
    blank_with(players, seed, &[])
}

/// Empties a hand (cards to the bottom of their decks).
pub fn empty_hand(s: &mut State, seat: Seat) {
    while let Some(&c) = s.hands[seat.index()].cards().first() {
        s.hands[seat.index()].remove(&c);
        if c.is_security() {
            s.security.put_bottom(c);
        } else {
            s.opportunity.put_bottom(c);
        }
    }
}

/// Puts the state into `seat`'s Move phase with `mp` movement points.
pub fn move_phase(s: &mut State, seat: Seat, mp: u8) {
    s.turn = seat.index() as u8;
    s.phase = Phase::Move;
    s.mp = mp;
    s.releases = 0;
}

/// Puts the state into `seat`'s Roll phase (start of its turn).
pub fn roll_phase(s: &mut State, seat: Seat) {
    s.turn = seat.index() as u8;
    s.phase = Phase::Roll;
    s.mp = 0;
    s.releases = 0;
}

/// Places a pawn on a circle (at the surface).
pub fn put(s: &mut State, p: PawnId, c: CircleId) {
    let pawn = s.pawn_mut(p);
    pawn.loc = Loc::Circle(c);
    pawn.in_tunnel = false;
}

/// Places a POW below a circle, in a tunnel.
pub fn put_in_tunnel(s: &mut State, p: PawnId, c: CircleId) {
    let pawn = s.pawn_mut(p);
    pawn.loc = Loc::Circle(c);
    pawn.in_tunnel = true;
}

/// Gives a nation `n` Equipment cards of a kind from the stack.
pub fn give_equipment(s: &mut State, nation: Nation, e: Equipment, n: u8) {
    s.equipment[nation.index()][e.index()] += n;
    s.stock[e.index()] = s.stock[e.index()].saturating_sub(n);
}

/// Gives a card to a seat's hand.
pub fn give_card(s: &mut State, seat: Seat, card: Card) {
    s.hands[seat.index()].add(card);
}

/// A card by its notation name.
pub fn card(r: &Colditz, name: &str) -> Card {
    Card::parse(name, &r.board).unwrap_or_else(|| panic!("no card {name}"))
}

/// Where a pawn is.
pub fn at(s: &State, p: PawnId) -> Loc {
    s.pawn(p).loc
}

/// The circle id of a circle (for action text).
pub fn k(r: &Colditz, c: CircleId) -> String {
    r.board.key(c).to_owned()
}

// -------------------------------------------------------------- actions --

/// The dice of the first event citing `rule`.
pub fn dice_of(events: &[Event], rule: &str) -> Vec<u8> {
    events
        .iter()
        .find(|e| e.rule.as_deref() == Some(rule) && !e.dice.is_empty())
        .map(|e| e.dice.clone())
        .unwrap_or_default()
}

/// Applies `text` with the first dice seed whose throws (the dice of the
/// event citing `rule`) satisfy `want`; returns the events.
pub fn with_dice(
    r: &Colditz,
    s: &mut State,
    seat: Seat,
    text: &str,
    rule: &str,
    want: impl Fn(&[u8]) -> bool,
) -> Vec<Event> {
    for seed in 0..200_000u64 {
        let mut c = s.clone();
        c.dice = Dice::from_seed(seed);
        let ev = play(r, &mut c, seat, text);
        if want(&dice_of(&ev, rule)) {
            *s = c;
            return ev;
        }
    }
    panic!("no dice seed gives the wanted throws for {text}");
}

/// Rolls for movement with the first dice seed whose throws satisfy `want`;
/// returns the dice.
pub fn roll_with(r: &Colditz, s: &mut State, seat: Seat, want: impl Fn(&[u8]) -> bool) -> Vec<u8> {
    let ev = with_dice(r, s, seat, "roll", "Colditz: Movement", want);
    dice_of(&ev, "Colditz: Movement")
}

/// Throws (pairs) of a dice list.
pub fn throws(dice: &[u8]) -> Vec<(u8, u8)> {
    dice.chunks(2).map(|c| (c[0], c[1])).collect()
}

// ------------------------------------------------------------- the board --

/// Every circle (the car aside) satisfying `pred`.
pub fn circles(r: &Colditz, pred: impl Fn(CircleId) -> bool) -> Vec<CircleId> {
    r.board.circles().filter(|&c| pred(c)).collect()
}

/// The index of the room with this id.
pub fn room_index(r: &Colditz, id: &str) -> u8 {
    r.board.rooms.iter().position(|x| x.id == id).unwrap_or_else(|| panic!("no room {id}")) as u8
}

/// Whether a circle is in the middle of a tunnel's course.
pub fn tunnel_middle(r: &Colditz, c: CircleId) -> bool {
    match r.board.circle(c).tunnel {
        Some((t, step)) => step > 0 && usize::from(step) + 1 < r.board.tunnels[t.index()].course.len(),
        None => false,
    }
}

/// The circles of a room (by id) on which a POW may stand (tunnel middles aside).
pub fn room(r: &Colditz, id: &str) -> Vec<CircleId> {
    let i = room_index(r, id);
    circles(r, |c| r.board.circle(c).zone == Zone::Room(i) && !tunnel_middle(r, c))
}

/// The ids of the two rooms bearing a symbol.
pub fn rooms_with(r: &Colditz, sym: sandtable_colditz::board::Symbol) -> Vec<String> {
    r.board.rooms.iter().filter(|x| x.symbol == sym).map(|x| x.id.clone()).collect()
}

/// Circles linked to `c` by an ordinary step.
pub fn steps(r: &Colditz, c: CircleId) -> Vec<CircleId> {
    r.board.net.links(c).filter(|(_, l)| **l == Link::Step).map(|(n, _)| n).filter(|&n| n != r.board.car).collect()
}

/// A plain circle: no marking at all (post, safe, searchlight, walkway,
/// target, gate, tunnel, car).
pub fn plain(r: &Colditz, c: CircleId) -> bool {
    let x = r.board.circle(c);
    !x.guard_post
        && !x.safe
        && !x.searchlight
        && !x.walkway
        && !x.target
        && x.gate.is_none()
        && x.tunnel.is_none()
        && !x.car
}

/// Shortest number of links from `from` to `to` over ordinary steps through
/// circles `through` admits (the ends are always admitted).
pub fn dist_via(r: &Colditz, from: CircleId, to: CircleId, through: impl Fn(CircleId) -> bool) -> Option<u32> {
    let mut dist = vec![u32::MAX; r.board.net.len()];
    dist[from.index()] = 0;
    let mut q = VecDeque::from([from]);
    while let Some(c) = q.pop_front() {
        if c == to {
            return Some(dist[c.index()]);
        }
        if c != from && !through(c) {
            continue;
        }
        for n in steps(r, c) {
            if dist[n.index()] == u32::MAX {
                dist[n.index()] = dist[c.index()] + 1;
                q.push_back(n);
            }
        }
    }
    None
}

/// Distances over every link but drops and tunnels, never through the car
/// (the "range" of Appel's general search and of Shoot to Kill, as the
/// rules count them: `Colditz::within`, `Colditz::line_of_fire`), from `from`.
pub fn range_from(r: &Colditz, from: CircleId) -> Vec<u32> {
    let mut dist = vec![u32::MAX; r.board.net.len()];
    dist[from.index()] = 0;
    let mut q = VecDeque::from([from]);
    while let Some(c) = q.pop_front() {
        for (n, l) in r.board.net.links(c) {
            if matches!(l, Link::Drop { .. } | Link::Tunnel) || n == r.board.car || dist[n.index()] != u32::MAX {
                continue;
            }
            dist[n.index()] = dist[c.index()] + 1;
            q.push_back(n);
        }
    }
    dist
}

/// A straight passage `(a, m, b)` of plain circles in `zone`: a–m and m–b
/// are steps, and without `m` the way from `a` to `b` is longer than
/// `longer` (so with that many MP, `m` is the only way through).
pub fn passage(r: &Colditz, ok: impl Fn(CircleId) -> bool, longer: u32) -> (CircleId, CircleId, CircleId) {
    for m in circles(r, &ok) {
        let ns: Vec<CircleId> = steps(r, m).into_iter().filter(|&n| ok(n)).collect();
        for &a in &ns {
            for &b in &ns {
                if a < b && dist_via(r, a, b, |c| c != m).is_none_or(|d| d > longer) {
                    return (a, m, b);
                }
            }
        }
    }
    panic!("no passage");
}

/// A guard post in the inner courtyard.
pub fn inner_posts(r: &Colditz) -> Vec<CircleId> {
    circles(r, |c| {
        let x = r.board.circle(c);
        x.guard_post && x.zone.is_inner()
    })
}

/// Guard posts outside the prisoners' block.
pub fn outer_posts(r: &Colditz) -> Vec<CircleId> {
    circles(r, |c| {
        let x = r.board.circle(c);
        x.guard_post && !x.zone.is_inner()
    })
}

/// A plain circle of a zone with a plain neighbour of the same zone:
/// `(circle, neighbour)`.
pub fn pair_in(r: &Colditz, zone: Zone) -> (CircleId, CircleId) {
    for c in circles(r, |c| r.board.circle(c).zone == zone && plain(r, c)) {
        if let Some(n) = steps(r, c).into_iter().find(|&n| r.board.circle(n).zone == zone && plain(r, n)) {
            return (c, n);
        }
    }
    panic!("no pair of plain circles in {zone:?}");
}

/// A gate of a kind: `(gate, an inner or outer neighbour before it, a
/// neighbour beyond it)` — `before` is in `before_zone`, `beyond` not.
pub fn gate_between(r: &Colditz, kind: Gate, before_zone: Zone) -> (CircleId, CircleId, CircleId) {
    for g in circles(r, |c| r.board.circle(c).gate == Some(kind)) {
        let ns = steps(r, g);
        let before = ns.iter().copied().find(|&n| r.board.circle(n).zone == before_zone && plain(r, n));
        let beyond = ns
            .iter()
            .copied()
            .find(|&n| r.board.circle(n).zone != before_zone && r.board.circle(n).gate.is_none() && plain(r, n));
        if let (Some(a), Some(b)) = (before, beyond) {
            return (g, a, b);
        }
    }
    panic!("no {kind:?} gate from {before_zone:?}");
}

/// Every drop `(upper, lower, ropes)`.
pub fn drops(r: &Colditz) -> Vec<(CircleId, CircleId, u8)> {
    r.board
        .net
        .all_links()
        .filter_map(|(a, b, l)| match *l {
            Link::Drop { upper, ropes } => {
                let lower = if upper == a { b } else { a };
                Some((upper, lower, ropes))
            }
            _ => None,
        })
        .collect()
}

/// A drop of `ropes` whose both ends are plain circles outside the rooms,
/// in the outer area (guards may stand on both ends).
pub fn outer_drop(r: &Colditz, ropes: u8) -> (CircleId, CircleId) {
    drops(r)
        .into_iter()
        .find(|&(u, l, n)| {
            n == ropes
                && [u, l].iter().all(|&c| {
                    r.board.circle(c).zone == Zone::Outer
                        && !r.board.circle(c).guard_post
                        && !r.board.circle(c).safe
                        && !r.board.circle(c).searchlight
                        && !r.board.circle(c).walkway
                        && r.board.circle(c).tunnel.is_none()
                })
        })
        .map(|(u, l, _)| (u, l))
        .expect("an outer drop")
}

/// A drop of `ropes` from a room: `(room id, upper, lower)`.
pub fn room_drop(r: &Colditz, ropes: u8) -> (String, CircleId, CircleId) {
    drops(r)
        .into_iter()
        .find_map(|(u, l, n)| match r.board.circle(u).zone {
            Zone::Room(i) if n == ropes && r.board.circle(l).zone == Zone::Outer && plain(r, l) => {
                Some((r.board.rooms[i as usize].id.clone(), u, l))
            }
            _ => None,
        })
        .expect("a room drop")
}

/// A wire crossing `(a, b)` as authored (a POW cuts from `a` to `b`).
pub fn wire(r: &Colditz) -> (CircleId, CircleId) {
    r.board
        .net
        .all_links()
        .find(|(a, b, l)| **l == Link::Wire && plain(r, *a) && plain(r, *b))
        .map(|(a, b, _)| (a, b))
        .expect("a wire crossing")
}

/// A target and a plain neighbour reached by a step.
pub fn target_and_neighbour(r: &Colditz) -> (CircleId, CircleId) {
    for t in circles(r, |c| r.board.circle(c).target) {
        if let Some(n) = steps(r, t).into_iter().find(|&n| plain(r, n)) {
            return (t, n);
        }
    }
    panic!("no target with a plain neighbour");
}

/// The door circle of a room: its circle with a step to the inner courtyard,
/// and that courtyard circle: `(inside, outside)`.
pub fn door(r: &Colditz, id: &str) -> (CircleId, CircleId) {
    let i = room_index(r, id);
    for c in circles(r, |c| r.board.circle(c).zone == Zone::Room(i)) {
        if let Some(n) = steps(r, c)
            .into_iter()
            .find(|&n| r.board.circle(n).zone.is_inner() && r.board.circle(n).zone != Zone::Room(i))
        {
            return (c, n);
        }
    }
    panic!("room {id} has no door");
}

/// A tunnel's course, entrance first.
pub fn course(r: &Colditz, t: TunnelId) -> Vec<CircleId> {
    r.board.tunnels[t.index()].course.clone()
}

/// Inner (0) or outer (1) cells.
pub fn cells(r: &Colditz, block: usize) -> Vec<CircleId> {
    r.board.cells[block].circles.clone()
}

/// Whether a pawn is in a cell of a block (0 inner, 1 outer).
pub fn in_cells(r: &Colditz, s: &State, p: PawnId, block: usize) -> bool {
    s.pawn(p).circle().is_some_and(|c| r.board.cells[block].circles.contains(&c))
}

/// Whether any pawn stands on a circle (at the surface).
pub fn occupied(s: &State, c: CircleId) -> bool {
    s.present().any(|p| s.pawn(p).loc == Loc::Circle(c) && !s.pawn(p).in_tunnel)
}

/// An Escape Attempt marker.
pub fn marker(a: CircleId, b: CircleId, nation: Nation) -> Marker {
    Marker { a, b, nation }
}
