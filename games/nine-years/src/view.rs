//! What a seat (or a spectator) may see, and the resampling of what it may
//! not (for the hidden-information battery and for search bots).
//!
//! Hidden: each hand of action cards (others see how many), the events a
//! player holds (others see how many), a card chosen face down until both
//! are shown (13.2.1), the order of both decks, and the dice to come.
//! Everything on the map, the force pools, the discards and the events
//! gone are public.

use crate::ids::{Control, EventId, Side};
use crate::loc::Supply;
use crate::state::{FleetLoc, ForceKind, LeaderLoc, Loc, Pending, Phase, Savoy, State};
use crate::NineYears;
use sandtable_core::{Deck, Dice, Viewer};
use serde::{Deserialize, Serialize};

/// A space as the view shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceView {
    /// Its id.
    pub id: String,
    /// `alliance`, `bourbon` or `none`.
    pub control: String,
    /// Fortress strength now (0: unfortified or worn to nothing).
    pub strength: u8,
    /// Fortified line level and who built it.
    pub line: u8,
    /// A besieged fortress.
    pub besieged: bool,
    /// Continued Siege marker.
    pub continued: bool,
    /// Famous Victory marker.
    pub famous: bool,
    /// LOC of its controller (or of the side with troops there): `open`, `restricted`, `cut`.
    pub loc: String,
}

/// A corps on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsView {
    /// Its counter number.
    pub id: u8,
    /// Its power.
    pub power: String,
    /// Where.
    pub space: String,
    /// Its stack: the corps of its power and face in its space (the key
    /// hints use).
    pub stack: String,
    /// Reduced side up.
    pub reduced: bool,
    /// Demoralised.
    pub demoralised: bool,
    /// Activated this round.
    pub activated: bool,
}

/// A leader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderView {
    /// Its id.
    pub id: String,
    /// Where: a space id, or `waiting`, `due`, `out`, `removed`.
    pub at: String,
    /// Tactics now (a minor leader's until promoted).
    pub tactics: u8,
    /// Command now.
    pub command: u8,
    /// Flipped to its named side.
    pub promoted: bool,
    /// Demoralised.
    pub demoralised: bool,
    /// Activated this round.
    pub activated: bool,
}

/// A power's counters off the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerView {
    /// Its id.
    pub id: String,
    /// At war now.
    pub at_war: bool,
    /// Corps in the force pool.
    pub pool: u8,
    /// Corps arrived and waiting to be placed.
    pub due: u8,
    /// Corps still to arrive.
    pub waiting: u8,
    /// Corps formed and rebuilt this turn.
    pub formed: u8,
    /// Corps rebuilt this turn.
    pub rebuilt: u8,
}

/// The action under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForceView {
    /// `campaign`, `sea` or `transfer`.
    pub kind: String,
    /// Where it is (not for a transfer).
    pub space: Option<String>,
    /// Its leaders.
    pub leaders: Vec<String>,
    /// Its corps, by counter number.
    pub corps: Vec<u8>,
    /// MP spent, or counters transferred.
    pub spent: u8,
    /// Whether it has moved.
    pub moved: bool,
}

/// Everything a viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat's side, if a seat.
    pub side: Option<String>,
    /// The year.
    pub year: u16,
    /// The step of the sequence of play.
    pub phase: Phase,
    /// The two players' order in this step, and whose decision it is.
    pub order: [String; 2],
    /// Index into `order`.
    pub idx: u8,
    /// Who holds the initiative this year (13.2.1).
    pub initiative: String,
    /// The player whose action round it is.
    pub active: String,
    /// Actions left this round.
    pub ap: u8,
    /// The round's card has been played.
    pub played: bool,
    /// Strategic Transfer, Replacement, Rally used this round.
    pub used: [bool; 3],
    /// Held-card bonuses this round: battle, siege.
    pub bonus: [u8; 2],
    /// The VP marker.
    pub vp: u8,
    /// The KWW marker.
    pub kww: i8,
    /// KWW position reinforced, by side.
    pub kww_used: [bool; 2],
    /// Colonial support bought this turn, by side.
    pub colonial: [bool; 2],
    /// Atlantic and Mediterranean control.
    pub sea: [Control; 2],
    /// Resource points left, by side.
    pub rp: [u8; 2],
    /// Peace penalties taken for next turn, by side: card, RP.
    pub peace_penalty: [[bool; 2]; 2],
    /// The spaces.
    pub spaces: Vec<SpaceView>,
    /// Corps on the map.
    pub corps: Vec<CorpsView>,
    /// Every leader.
    pub leaders: Vec<LeaderView>,
    /// Each power's counters off the map.
    pub powers: Vec<PowerView>,
    /// Each fleet: `pool`, `port-1`, `port-2`, `control`, `removed`.
    pub fleets: Vec<String>,
    /// The viewer's own hand: cards of value 1, 2, 3.
    pub hand: Option<[u8; 3]>,
    /// Cards in each hand.
    pub hand_sizes: [u8; 2],
    /// The viewer's held events.
    pub held: Vec<String>,
    /// Held events, by side.
    pub held_sizes: [u8; 2],
    /// Cards left in the action deck.
    pub action_deck: u8,
    /// Played action cards, by value.
    pub action_discard: [u8; 3],
    /// Cards left in the event deck.
    pub event_deck: u8,
    /// Events played or gone, in order.
    pub gone: Vec<String>,
    /// The long-term events in effect (card ids).
    pub long_term: Vec<String>,
    /// 13.2.1: the cards chosen face down: a value once both are shown (or
    /// one's own), else 0 when chosen and hidden; `None` when not chosen.
    pub shown: [Option<u8>; 2],
    /// The card the first player must play.
    pub must_play: Option<u8>,
    /// A card each player is known to hold since he showed it (13.2.1).
    pub known: [Option<u8>; 2],
    /// The action under way.
    pub force: Option<ForceView>,
    /// A decision owed: `intercept`, `garrison`, `retreat`, `savoy` and its space.
    pub pending: Option<String>,
    /// The Glorious Revolution has happened.
    pub revolution: bool,
    /// Savoy: `neutral`, `allied` or `out`.
    pub savoy: String,
    /// The late event cards are in the deck.
    pub late_added: bool,
    /// How the game ended.
    pub end: Option<String>,
}

fn control_id(c: Control) -> String {
    match c {
        Control::None => "none",
        Control::Alliance => "alliance",
        Control::Bourbon => "bourbon",
    }
    .into()
}

impl NineYears {
    /// The side a viewer plays, if a seat.
    fn viewer_side(viewer: Viewer) -> Option<Side> {
        match viewer {
            Viewer::Seat(seat) => Side::of_seat(seat),
            _ => None,
        }
    }

    pub(crate) fn make_view(&self, s: &State, viewer: Viewer) -> View {
        let sc = &self.scenario;
        let me = Self::viewer_side(viewer);
        let supply = [self.supply_map(s, crate::Side::Alliance), self.supply_map(s, crate::Side::Bourbon)];
        let spaces = sc
            .space_ids()
            .map(|x| {
                let holder = s.control(x).side();
                let loc = holder.map_or(Supply::Cut, |h| supply[h.index()][x.index()]);
                SpaceView {
                    id: sc.space(x).id.clone(),
                    control: control_id(s.control(x)),
                    strength: s.strength[x.index()],
                    line: s.lines[x.index()].level,
                    besieged: self.besieged(s, x),
                    continued: s.continued[x.index()],
                    famous: s.famous[x.index()],
                    loc: match loc {
                        Supply::Open => "open",
                        Supply::Restricted => "restricted",
                        Supply::Cut => "cut",
                    }
                    .into(),
                }
            })
            .collect();
        let corps = sc
            .corps_ids()
            .filter_map(|c| {
                let st = s.corps(c);
                let Loc::Space(x) = st.loc else { return None };
                Some(CorpsView {
                    id: c.0,
                    power: sc.power(sc.corps_power(c)).id.clone(),
                    space: sc.space(x).id.clone(),
                    stack: self.stack_key(x, sc.corps_power(c), st.reduced),
                    reduced: st.reduced,
                    demoralised: st.demoralised,
                    activated: st.activated,
                })
            })
            .collect();
        let leaders = sc
            .leader_ids()
            .map(|l| {
                let st = s.leader(l);
                let (tactics, command) = self.ratings(s, l);
                LeaderView {
                    id: sc.leader(l).id.clone(),
                    at: match st.loc {
                        LeaderLoc::Space(x) => sc.space(x).id.clone(),
                        LeaderLoc::Waiting => "waiting".into(),
                        LeaderLoc::Due => "due".into(),
                        LeaderLoc::Out(_) => "out".into(),
                        LeaderLoc::Removed => "removed".into(),
                    },
                    tactics,
                    command,
                    promoted: st.promoted,
                    demoralised: st.demoralised,
                    activated: st.activated,
                }
            })
            .collect();
        let powers = sc
            .power_ids()
            .map(|p| {
                let count = |loc: Loc| {
                    sc.corps_ids().filter(|&c| sc.corps_power(c) == p && s.corps(c).loc == loc).count() as u8
                };
                PowerView {
                    id: sc.power(p).id.clone(),
                    at_war: self.at_war(s, p),
                    pool: count(Loc::Pool),
                    due: count(Loc::Due),
                    waiting: count(Loc::Waiting),
                    formed: s.formed[p.index()],
                    rebuilt: s.rebuilt[p.index()],
                }
            })
            .collect();
        let fleets = s
            .fleets
            .iter()
            .map(|f| match f {
                FleetLoc::Pool => "pool".to_string(),
                FleetLoc::Port(n) => format!("port-{n}"),
                FleetLoc::Control => "control".into(),
                FleetLoc::Removed => "removed".into(),
            })
            .collect();
        let both_shown = s.shown.iter().all(Option::is_some);
        let shown =
            Side::ALL.map(|side| s.shown[side.index()].map(|v| if both_shown || me == Some(side) { v } else { 0 }));
        let mut discard = [0u8; 3];
        for &v in &s.action_discard {
            discard[usize::from(v - 1)] += 1;
        }
        let ev_id = |e: &EventId| sc.event(*e).id.clone();
        View {
            side: me.map(|x| x.id().to_owned()),
            year: s.year,
            phase: s.phase,
            order: s.order.map(|x| x.id().to_owned()),
            idx: s.idx,
            initiative: sc.initiative(s.year).id().to_owned(),
            active: s.active.id().to_owned(),
            ap: s.ap,
            played: s.played,
            used: s.used,
            bonus: s.bonus,
            vp: s.vp,
            kww: s.kww,
            kww_used: s.kww_used,
            colonial: s.colonial,
            sea: s.sea,
            rp: s.rp,
            peace_penalty: s.peace_penalty,
            spaces,
            corps,
            leaders,
            powers,
            fleets,
            hand: me.map(|x| s.hands[x.index()]),
            hand_sizes: Side::ALL.map(|x| s.hand_len(x)),
            held: me.map_or_else(Vec::new, |x| s.held[x.index()].iter().map(ev_id).collect()),
            held_sizes: Side::ALL.map(|x| s.held[x.index()].len() as u8),
            action_deck: s.action_deck.len() as u8,
            action_discard: discard,
            event_deck: s.event_deck.len() as u8,
            gone: s.gone.iter().map(ev_id).collect(),
            long_term: crate::LongTerm::ALL
                .iter()
                .filter(|(lt, _)| s.has(*lt))
                .map(|(_, id)| (*id).to_owned())
                .collect(),
            shown,
            must_play: s.must_play,
            known: s.known,
            force: s.force.as_ref().map(|f| ForceView {
                kind: match f.kind {
                    ForceKind::Campaign => "campaign",
                    ForceKind::Sea => "sea",
                    ForceKind::Transfer => "transfer",
                }
                .into(),
                space: (f.kind != ForceKind::Transfer).then(|| sc.space(f.space).id.clone()),
                leaders: f.leaders.iter().map(|&l| sc.leader(l).id.clone()).collect(),
                corps: f.corps.iter().map(|c| c.0).collect(),
                spent: f.spent,
                moved: f.moved,
            }),
            pending: s.pending.map(|p| match p {
                Pending::Intercept(x) => format!("intercept {}", sc.space(x).id),
                Pending::Garrison(x) => format!("garrison {}", sc.space(x).id),
                Pending::Retreat(x) => format!("retreat {}", sc.space(x).id),
                Pending::Savoy(side, _) => format!("savoy {}", side.id()),
            }),
            revolution: s.revolution,
            savoy: match s.savoy {
                Savoy::Neutral => "neutral",
                Savoy::Allied => "allied",
                Savoy::Out => "out",
            }
            .into(),
            late_added: s.late_added,
            end: s.end.map(|e| match e {
                crate::End::Automatic(w) => format!("automatic {}", w.id()),
                crate::End::Peace => "peace".into(),
                crate::End::LastTurn => "last-turn".into(),
            }),
        }
    }

    /// A state `viewer` cannot tell from `s`: the hands it may not see
    /// redealt from the action cards it cannot place (the deck and those
    /// hands; a card shown face up, or the one the first player must play,
    /// stays in its hand), the held events it may not see redealt with the
    /// event deck, a hidden face-down choice redrawn from the new hand, and
    /// the dice to come redrawn.
    pub(crate) fn resample(&self, s: &State, viewer: Viewer, seed: u64) -> State {
        let mut o = s.clone();
        let mut dice = Dice::from_seed(seed);
        let me = Self::viewer_side(viewer);
        let hidden: Vec<Side> = Side::ALL.into_iter().filter(|&x| Some(x) != me).collect();
        let both_shown = s.shown.iter().all(Option::is_some);
        // Action cards.
        let mut pool: Vec<u8> = s.action_deck.cards().copied().collect();
        let mut fixed = [None; 2];
        for &side in &hidden {
            let hand = s.hands[side.index()];
            for (i, &n) in hand.iter().enumerate() {
                pool.extend(std::iter::repeat(i as u8 + 1).take(usize::from(n)));
            }
            // A card shown (13.2.1) is known to be in hand until played; the
            // first player's must-play card is that card.
            let known = s.known[side.index()];
            if let Some(v) = known {
                let i = pool.iter().position(|&c| c == v).expect("a known card is in its hand");
                pool.swap_remove(i);
                fixed[side.index()] = Some(v);
            }
        }
        // Every pool is sorted before it is shuffled: the world drawn must not
        // depend on the order the real state holds hidden cards in, or a bot
        // sampling worlds could tell apart states its seat cannot.
        pool.sort_unstable();
        dice.shuffle(&mut pool);
        for &side in &hidden {
            let mut hand = [0u8; 3];
            let mut n = usize::from(s.hand_len(side));
            if let Some(v) = fixed[side.index()] {
                hand[usize::from(v - 1)] += 1;
                n -= 1;
            }
            for _ in 0..n {
                let v = pool.pop().expect("enough cards");
                hand[usize::from(v - 1)] += 1;
            }
            o.hands[side.index()] = hand;
            // A card chosen face down and not yet shown: any card of the new hand.
            if !both_shown && s.shown[side.index()].is_some() {
                let values: Vec<u8> = (1..=3u8).filter(|&v| hand[usize::from(v - 1)] > 0).collect();
                o.shown[side.index()] = Some(values[dice.below(values.len())]);
            }
        }
        o.action_deck = Deck::new(pool);
        // Event cards: a hidden hand of held events is redealt from the
        // "hold until played" cards the viewer cannot place (9.2.1); every
        // other unknown card is in the deck.
        let sc = &self.scenario;
        let mut unknown: Vec<EventId> = s.event_deck.cards().copied().collect();
        for &side in &hidden {
            unknown.extend(s.held[side.index()].iter().copied());
        }
        unknown.sort_unstable();
        let (mut holds, mut rest): (Vec<EventId>, Vec<EventId>) = unknown.into_iter().partition(|&e| sc.event(e).hold);
        dice.shuffle(&mut holds);
        for &side in &hidden {
            let n = s.held[side.index()].len();
            o.held[side.index()] = holds.split_off(holds.len() - n).into_iter().collect();
        }
        rest.append(&mut holds);
        rest.sort_unstable();
        dice.shuffle(&mut rest);
        o.event_deck = Deck::new(rest);
        o.dice = Dice::from_seed(seed ^ 0x9e37_79b9_7f4a_7c15);
        o
    }
}
