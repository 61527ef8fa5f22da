//! Helpers for the seed-rule tests (sequence, victory, powers, events,
//! naval, LOC, reinforcement, winter, KWW, the Revolution, data,
//! positions): ids by name, counters moved by hand, a turn's steps reached
//! directly, dice whose next rolls are known.

use super::{apply, space, start};
use sandtable_core::{Dice, Event, Ruleset, ToAct};
use sandtable_nine_years::{
    Action, Control, EventId, FleetId, LeaderLoc, Loc, NineYears, Phase, PowerId, Savoy, Side, SpaceId, State,
};

/// A power's id by name.
pub fn power(r: &NineYears, id: &str) -> PowerId {
    r.scenario.power_by_id(id).unwrap_or_else(|| panic!("no power {id}"))
}

/// An event card's id by name.
pub fn event_id(r: &NineYears, id: &str) -> EventId {
    r.scenario.event_by_id(id).unwrap_or_else(|| panic!("no event {id}"))
}

/// A fleet's id by name.
pub fn fleet_id(r: &NineYears, id: &str) -> FleetId {
    r.scenario.fleet_by_id(id).unwrap_or_else(|| panic!("no fleet {id}"))
}

/// The place "on the map, in this space".
pub fn on(r: &NineYears, id: &str) -> Loc {
    Loc::Space(space(r, id))
}

/// Dice whose next d6 rolls are `rolls`, in order (a seed searched for).
pub fn dice_rolling(rolls: &[u8]) -> Dice {
    for seed in 0..10_000_000u64 {
        let mut d = Dice::from_seed(seed);
        if rolls.iter().all(|&v| d.d6() == v) {
            return Dice::from_seed(seed);
        }
    }
    panic!("no seed rolls {rolls:?}");
}

/// Sets the control of spaces.
pub fn set_control(r: &NineYears, s: &mut State, ids: &[&str], c: Control) {
    for id in ids {
        s.control[space(r, id).index()] = c;
    }
}

/// The corps counters (indices) of a power at a place.
pub fn corps_at(r: &NineYears, s: &State, power_id: &str, loc: Loc) -> Vec<usize> {
    let p = power(r, power_id);
    (0..s.corps.len()).filter(|&i| r.scenario.corps[i].power == p && s.corps[i].loc == loc).collect()
}

/// How many corps of a power are in a space.
pub fn count_in(r: &NineYears, s: &State, power_id: &str, space_id: &str) -> usize {
    corps_at(r, s, power_id, on(r, space_id)).len()
}

/// Moves `n` corps of a power from one place to another (full, not
/// demoralised or activated when they leave the map).
pub fn shift(r: &NineYears, s: &mut State, power_id: &str, from: Loc, to: Loc, n: usize) {
    let ids = corps_at(r, s, power_id, from);
    assert!(ids.len() >= n, "only {} {power_id} corps at {from:?}, {n} wanted", ids.len());
    for &i in &ids[..n] {
        s.corps[i].loc = to;
        if !matches!(to, Loc::Space(_)) {
            s.corps[i].reduced = false;
            s.corps[i].demoralised = false;
            s.corps[i].activated = false;
        }
    }
}

#[allow(unused_imports)] // not every test binary puts leaders
pub use super::put_leader;

/// Where a leader is.
pub fn leader_loc(r: &NineYears, s: &State, id: &str) -> LeaderLoc {
    s.leader(super::leader(r, id)).loc
}

/// Makes it `side`'s action round with `ap` actions left, its card played
/// and nothing activated.
pub fn round_of(s: &mut State, side: Side, ap: u8) {
    s.phase = Phase::Round;
    s.active = side;
    s.played = true;
    s.ap = ap;
    s.used = [false; 3];
    s.bonus = [0; 2];
    s.force = None;
    s.pending = None;
    s.must_play = None;
    s.shown = [None; 2];
    s.known = [None; 2];
    for c in &mut s.corps {
        c.activated = false;
    }
    for l in &mut s.leaders {
        l.activated = false;
    }
}

/// Ends the Campaign phase: both hands go to the discard and the last round
/// is ended, so Winter Quarters begin. Returns the events.
pub fn end_campaign(r: &NineYears, s: &mut State) -> Vec<Event> {
    for side in Side::ALL {
        for v in 1..=3u8 {
            for _ in 0..s.hands[side.index()][usize::from(v - 1)] {
                s.action_discard.push(v);
            }
        }
        s.hands[side.index()] = [0; 3];
    }
    let side = s.active;
    round_of(s, side, 1);
    apply(r, s, side, "end")
}

/// Savoy in the war, as from 1690 (7.2.1): its neutral spaces Allied.
pub fn savoy_allied(r: &NineYears, s: &mut State) {
    s.savoy = Savoy::Allied;
    for x in r.scenario.space_ids() {
        if r.scenario.space(x).region == sandtable_nine_years::Region::Savoy && s.control(x) == Control::None {
            s.control[x.index()] = Control::Alliance;
        }
    }
}

/// A new game at the Reinforcement phase of `year` (no Event phase played),
/// the initiative player having chosen `first`: `first`'s Spend step.
/// Savoy is in the war from 1690.
pub fn spend_phase(r: &NineYears, seed: u64, year: u16, first: Side) -> State {
    let mut s = start(r, seed);
    s.year = year;
    if year >= 1690 {
        savoy_allied(r, &mut s);
    }
    assert_eq!(s.phase, Phase::ReinforceOrder);
    apply(r, &mut s, r.scenario.initiative(year), &format!("first {}", first.id()));
    assert_eq!((s.phase, s.ordered()), (Phase::Spend, first));
    s
}

/// A new game at the start of the Event phase of `year` (1689–1696),
/// reached through Winter Quarters of the year before: the initiative
/// player's choice of who draws first. VP are put back to `vp` and KWW to 0.
pub fn event_phase(r: &NineYears, seed: u64, year: u16) -> State {
    assert!((1689..=1696).contains(&year));
    let mut s = start(r, seed);
    s.year = year - 1;
    if year > 1690 {
        savoy_allied(r, &mut s);
    }
    end_campaign(r, &mut s);
    assert_eq!((s.year, s.phase), (year, Phase::EventOrder));
    s.vp = r.scenario.vp;
    s
}

/// Takes the quietest decision, again and again, until `stop` holds (or
/// the game ends): `done`, `end`, `stop`, no interception, no KWW
/// reinforcement, no peace penalty, Savoy stays; an arriving leader
/// placed before any other moves; else the first legal one.
pub fn quietly(r: &NineYears, s: &mut State, mut stop: impl FnMut(&State) -> bool) {
    let prefer = [
        Action::Done,
        Action::End,
        Action::Stop,
        Action::NoIntercept,
        Action::Kww(false),
        Action::Peace(false, false),
        Action::Neutral(false),
    ];
    for _ in 0..100_000 {
        if stop(s) {
            return;
        }
        let ToAct::Seats(seats) = r.to_act(s) else { return };
        let seat = seats.iter().next().expect("a seat");
        let mut out = Vec::new();
        r.legal_actions(s, seat, &mut out);
        let due = |a: &Action| matches!(a, Action::Leader(l, _) if s.leader(*l).loc == LeaderLoc::Due);
        let pick = out
            .iter()
            .copied()
            .find(|a| prefer.contains(a))
            .or_else(|| out.iter().copied().find(due))
            .unwrap_or(out[0]);
        r.try_apply(s, seat, pick, &mut sandtable_core::Events::off()).expect("legal");
    }
    panic!("quietly did not reach its goal");
}

/// Whether an event citing `rule` whose English text contains `needle` is among `ev`.
pub fn said(ev: &[Event], rule: &str, needle: &str) -> bool {
    ev.iter().any(|e| e.rule.as_deref() == Some(rule) && e.text.en.contains(needle))
}

/// The events citing `rule`.
pub fn citing<'e>(ev: &'e [Event], rule: &str) -> Vec<&'e Event> {
    ev.iter().filter(|e| e.rule.as_deref() == Some(rule)).collect()
}

/// The spaces of a region, by id.
pub fn spaces_of(r: &NineYears, region: sandtable_nine_years::Region) -> Vec<SpaceId> {
    r.scenario.space_ids().filter(|&x| r.scenario.space(x).region == region).collect()
}

/// Puts event cards on top of the event deck, the first named on top
/// (each must be in the deck).
pub fn stack_events(r: &NineYears, s: &mut State, ids: &[&str]) {
    let top: Vec<EventId> = ids.iter().map(|id| event_id(r, id)).collect();
    let mut cards: Vec<EventId> = s.event_deck.cards().copied().collect();
    for e in &top {
        let i = cards.iter().position(|c| c == e).unwrap_or_else(|| panic!("{e:?} is not in the event deck"));
        cards.remove(i);
    }
    s.event_deck = sandtable_core::Deck::new(top.into_iter().chain(cards));
}

/// A new game in `year`'s Reinforcement phase (no Event phase), changed by
/// `f` before the resource points are counted; the initiative player lets
/// `first` go first. The state at `first`'s Spend step, and the events.
pub fn reinforce_with(r: &NineYears, year: u16, first: Side, f: impl FnOnce(&mut State)) -> (State, Vec<Event>) {
    let mut s = start(r, 1);
    s.year = year;
    if year >= 1690 {
        savoy_allied(r, &mut s);
    }
    f(&mut s);
    let ev = apply(r, &mut s, r.scenario.initiative(year), &format!("first {}", first.id()));
    assert_eq!((s.phase, s.ordered()), (Phase::Spend, first));
    (s, ev)
}
