//! Helpers for the campaign-phase and combat tests: an action round on an
//! empty tiny map (every corps in the force pool, every leader off the
//! map), counters put where a test wants them, dice found by trying seeds,
//! and the battle and siege events read back into numbers.

use super::{apply, in_round};
use sandtable_core::{Deck, Dice, Event, Ruleset};
use sandtable_nine_years::{Control, CorpsId, LeaderLoc, Loc, NineYears, Phase, Side, State};

/// An action round of `side` in 1688 on an empty map: the card played with
/// 3 actions left, nothing under way, no counter activated, every corps in
/// the force pool and every leader off the map; each side holds two
/// 2-action cards.
pub fn round(r: &NineYears, side: Side) -> State {
    let mut s = in_round(r, 1);
    for c in &mut s.corps {
        if matches!(c.loc, Loc::Space(_)) {
            c.loc = Loc::Pool;
        }
        c.reduced = false;
        c.demoralised = false;
        c.activated = false;
    }
    for l in &mut s.leaders {
        if matches!(l.loc, LeaderLoc::Space(_)) {
            l.loc = LeaderLoc::Waiting;
        }
        l.demoralised = false;
        l.activated = false;
    }
    super::seed_rules::round_of(&mut s, side, 3);
    set_hands(&mut s, [0, 2, 0], [0, 2, 0]);
    s
}

/// Gives each side exactly these hands (how many cards of value 1, 2, 3),
/// the rest of the action cards face down in the deck, none discarded.
pub fn set_hands(s: &mut State, alliance: [u8; 3], bourbon: [u8; 3]) {
    s.known = [None; 2];
    let mut all: Vec<u8> = s.action_deck.cards().chain(s.action_discard.iter()).copied().collect();
    s.action_discard.clear();
    for h in &s.hands {
        for (k, &n) in h.iter().enumerate() {
            all.extend(std::iter::repeat(k as u8 + 1).take(usize::from(n)));
        }
    }
    for (side, hand) in [(Side::Alliance, alliance), (Side::Bourbon, bourbon)] {
        for (k, &n) in hand.iter().enumerate() {
            for _ in 0..n {
                let i = all.iter().position(|&v| v == k as u8 + 1).expect("enough action cards of that value");
                all.remove(i);
            }
        }
        s.hands[side.index()] = hand;
    }
    s.action_deck = Deck::new(all);
}

fn place(r: &NineYears, s: &mut State, power: &str, at: &str, n: usize, reduced: bool) -> Vec<CorpsId> {
    let p = r.scenario.power_by_id(power).unwrap_or_else(|| panic!("no power {power}"));
    let x = super::space(r, at);
    let mut free: Vec<usize> = (0..s.corps.len())
        .filter(|&i| r.scenario.corps[i].power == p && !matches!(s.corps[i].loc, Loc::Space(_)))
        .collect();
    // The force pool first, then the counters still to arrive.
    free.sort_by_key(|&i| s.corps[i].loc != Loc::Pool);
    assert!(free.len() >= n, "only {} {power} corps off the map, {n} wanted", free.len());
    free.into_iter()
        .take(n)
        .map(|i| {
            s.corps[i] =
                sandtable_nine_years::CorpsState { loc: Loc::Space(x), reduced, demoralised: false, activated: false };
            CorpsId(i as u8)
        })
        .collect()
}

/// Puts `n` full corps of `power` in `at` (from the force pool first).
pub fn put(r: &NineYears, s: &mut State, power: &str, at: &str, n: usize) -> Vec<CorpsId> {
    place(r, s, power, at, n, false)
}

/// Puts `n` reduced corps of `power` in `at`.
pub fn put_reduced(r: &NineYears, s: &mut State, power: &str, at: &str, n: usize) -> Vec<CorpsId> {
    place(r, s, power, at, n, true)
}

#[allow(unused_imports)] // not every test binary puts leaders
pub use super::put_leader;

/// Marks every listed corps, and the leaders named, demoralised.
pub fn demoralise(r: &NineYears, s: &mut State, corps: &[CorpsId], leaders: &[&str]) {
    for &c in corps {
        s.corps[c.index()].demoralised = true;
    }
    for id in leaders {
        s.leaders[super::leader(r, id).index()].demoralised = true;
    }
}

/// Sets who controls a space.
pub fn own(r: &NineYears, s: &mut State, at: &str, ctl: Control) {
    let x = super::space(r, at);
    s.control[x.index()] = ctl;
}

/// Who controls a space.
pub fn owner(r: &NineYears, s: &State, at: &str) -> Control {
    s.control(super::space(r, at))
}

/// The corps of `side` in `at`.
pub fn corps_in(r: &NineYears, s: &State, at: &str, side: Side) -> Vec<CorpsId> {
    let x = super::space(r, at);
    (0..s.corps.len())
        .filter(|&i| s.corps[i].loc == Loc::Space(x) && r.scenario.side_of(r.scenario.corps[i].power) == Some(side))
        .map(|i| CorpsId(i as u8))
        .collect()
}

/// Steps of `side`'s corps in `at`: 2 a full corps, 1 a reduced one.
pub fn steps(r: &NineYears, s: &State, at: &str, side: Side) -> usize {
    corps_in(r, s, at, side).iter().map(|&c| if s.corps(c).reduced { 1 } else { 2 }).sum()
}

/// Where a leader is (a space id), or `None` off the map.
pub fn leader_at(r: &NineYears, s: &State, id: &str) -> Option<String> {
    match s.leader(super::leader(r, id)).loc {
        LeaderLoc::Space(x) => Some(r.scenario.space(x).id.clone()),
        _ => None,
    }
}

/// Panics unless the position passes the engine's own validation.
pub fn checked(r: &NineYears, s: &State) {
    if let Err(e) = r.validate(s) {
        panic!("the test position is invalid: {e:?}");
    }
}

/// The rules cited by a list of events.
pub fn rules_of(ev: &[Event]) -> Vec<String> {
    ev.iter().filter_map(|e| e.rule.clone()).collect()
}

/// The English text of the events citing `rule`.
pub fn texts(ev: &[Event], rule: &str) -> Vec<String> {
    ev.iter().filter(|e| e.rule.as_deref() == Some(rule)).map(|e| e.text.en.to_string()).collect()
}

/// Tries `text` for `side` on copies of `s` whose dice come from seeds 0,
/// 1, 2… and returns the first result (state and events) `want` accepts.
pub fn seek(
    r: &NineYears,
    s: &State,
    side: Side,
    text: &str,
    want: impl Fn(&State, &[Event]) -> bool,
) -> (State, Vec<Event>) {
    for k in 0..5000 {
        let mut t = s.clone();
        t.dice = Dice::from_seed(k);
        let ev = apply(r, &mut t, side, text);
        if want(&t, &ev) {
            return (t, ev);
        }
    }
    panic!("no dice seed gives the wanted result of {text:?}");
}

/// One side's battle roll as the event prints it: die + tactics + modifiers = total.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BattleRoll {
    /// The die.
    pub die: i8,
    /// The best leader's tactics.
    pub tactics: i8,
    /// The sum of the modifiers.
    pub mods: i8,
    /// The total.
    pub total: i8,
}

/// The battle of an event list (16.2): the attacker's roll, the defender's.
pub fn battle(ev: &[Event]) -> Option<(BattleRoll, BattleRoll)> {
    let t = texts(ev, "NY 16.2").into_iter().next()?;
    // "battle of X: the Alliance 3+2+1 = 6, the Bourbons 4+1-1 = 4; the Alliance player wins by 2"
    let body = t.split_once(": ")?.1;
    let mut rolls = body.split(", ").map(|part| {
        let words: Vec<&str> = part.split_whitespace().collect();
        // [side…, "d+t±m", "=", "total;"…]
        let i = words
            .iter()
            .position(|w| w.starts_with(|c: char| c.is_ascii_digit()) && w.contains('+'))
            .unwrap_or_else(|| panic!("no roll in {part:?}"));
        let (die, rest) = words[i].split_once('+').expect("die+tactics");
        let k = rest.find(['+', '-']).expect("modifiers");
        BattleRoll {
            die: die.parse().expect("die"),
            tactics: rest[..k].parse().expect("tactics"),
            mods: rest[k..].parse().expect("mods"),
            total: words[i + 2].trim_end_matches(';').parse().expect("total"),
        }
    });
    Some((rolls.next()?, rolls.next()?))
}

/// A siege roll as the event prints it (17.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SiegeRoll {
    /// The die.
    pub die: i8,
    /// The best tactics.
    pub tactics: i8,
    /// The siege specialist's bonus.
    pub specialist: i8,
    /// The Continued Siege bonus.
    pub continued: i8,
    /// A held card's bonus.
    pub card: i8,
    /// The LOC modifier (17.5.3).
    pub loc: i8,
    /// The total.
    pub total: i8,
    /// Fortress strength before and after.
    pub before: u8,
    /// After.
    pub after: u8,
}

/// The siege roll of an event list.
pub fn siege(ev: &[Event]) -> Option<SiegeRoll> {
    let t = texts(ev, "NY 17.3").into_iter().find(|t| t.starts_with("siege of"))?;
    // "siege of X: 4+2 tactics +1 specialist +0 continued +0 card -1 LOC = 6; strength 2 → 1"
    let body = t.split_once(": ")?.1;
    let w: Vec<&str> = body.split_whitespace().collect();
    let (die, tactics) = w[0].split_once('+')?;
    Some(SiegeRoll {
        die: die.parse().ok()?,
        tactics: tactics.parse().ok()?,
        specialist: w[2].parse().ok()?,
        continued: w[4].parse().ok()?,
        card: w[6].parse().ok()?,
        loc: w[8].parse().ok()?,
        total: w[11].trim_end_matches(';').parse().ok()?,
        before: w[13].parse().ok()?,
        after: w[15].parse().ok()?,
    })
}

/// The Spend step of the Reinforcement phase for `side` (it goes first),
/// on the empty map of [`round`], with 6 RP for the Alliance and 3 for the
/// Bourbons.
pub fn spend(r: &NineYears, side: Side) -> State {
    let mut s = round(r, side);
    s.phase = Phase::Spend;
    s.order = [side, side.other()];
    s.idx = 0;
    s.played = false;
    s.ap = 0;
    s.rp = [6, 3];
    s
}
