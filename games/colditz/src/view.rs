//! What a seat (or a spectator) may see, and the resampling of what it may
//! not (for the redaction test and for search bots).
//!
//! Hidden: Opportunity and Security hands (others see how many cards), which
//! kinds of Equipment another officer holds (everyone sees how many — the
//! German must know whether an officer holds any, 2016 arrest rule), the
//! order of every deck, the Escape Kit (part) cards set aside for six players,
//! other officers' Appel answers until all have answered, and the dice.

use crate::cards::Card;
use crate::pawn::{Nation, PawnId, GERMAN};
use crate::state::{Loc, Pending, Phase, State, TunnelState};
use crate::Colditz;
use sandtable_core::{Deck, Dice, Hand, Viewer};
use serde::Serialize;

/// A pawn as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PawnView {
    /// Notation (`g3`, `br2`).
    pub code: String,
    /// Where: a circle id, `barracks`, `office`, `escaped`, `dead`.
    pub at: String,
    /// In a tunnel.
    pub tunnel: bool,
}

/// An officer as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OfficerView {
    /// Nation.
    pub nation: Nation,
    /// Opportunity cards in hand.
    pub cards: usize,
    /// The cards themselves, for their owner only.
    pub hand: Option<Vec<String>>,
    /// Equipment cards held.
    pub equipment: u8,
    /// Held by kind (cutters, pass, key, rope), for their owner only.
    pub kinds: Option<[u8; 4]>,
    /// Holds an escape kit.
    pub kit: bool,
    /// Escapes so far.
    pub escapes: u8,
    /// Still to answer Appel.
    pub appel_waiting: bool,
}

/// The view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Players.
    pub players: u8,
    /// Classic rules.
    pub classic: bool,
    /// The round marker.
    pub round: u8,
    /// Whose turn (seat index).
    pub turn: u8,
    /// Phase.
    pub phase: Phase,
    /// A waiting decision, if any.
    pub pending: Option<Pending>,
    /// Movement left.
    pub mp: u8,
    /// Releases left.
    pub releases: u8,
    /// Every pawn in play.
    pub pawns: Vec<PawnView>,
    /// The German's Security cards in hand.
    pub security_cards: usize,
    /// The German's hand, for the German only.
    pub security_hand: Option<Vec<String>>,
    /// The officers.
    pub officers: Vec<OfficerView>,
    /// Equipment left in the stacks (cutters, pass, key, rope).
    pub stock: [u8; 4],
    /// Escape kits left.
    pub kit_stock: u8,
    /// Cards left in the Opportunity and Security decks.
    pub decks: [usize; 2],
    /// Escape Kit (part) cards set aside (six players).
    pub kit_parts_aside: usize,
    /// Escape Attempt markers: from, to, nation.
    pub markers: Vec<(String, String, Nation)>,
    /// Tunnels: Chapel, Canteen, Theatre.
    pub tunnels: [TunnelState; 3],
    /// The rooms Search cards opened this turn.
    pub search: Vec<String>,
    /// POWs refusing Appel that this viewer may know of.
    pub refused: Vec<String>,
}

impl Colditz {
    pub(crate) fn make_view(&self, s: &State, viewer: Viewer) -> View {
        let sees = |seat: sandtable_core::Seat| viewer == Viewer::Seat(seat);
        let names = |cards: &[Card]| cards.iter().map(|c| c.name(&self.board)).collect::<Vec<_>>();
        let pawns = s
            .present()
            .map(|p| {
                let pawn = s.pawn(p);
                let at = match pawn.loc {
                    Loc::Circle(c) => self.board.key(c).to_owned(),
                    Loc::Barracks => "barracks".into(),
                    Loc::Office => "office".into(),
                    Loc::Escaped => "escaped".into(),
                    Loc::Dead => "dead".into(),
                    Loc::Absent => "absent".into(),
                };
                PawnView { code: p.code(), at, tunnel: pawn.in_tunnel }
            })
            .collect();
        let officers = self
            .nations(s)
            .map(|n| {
                let seat = n.seat();
                let hand = s.hands[seat.index()].cards();
                OfficerView {
                    nation: n,
                    cards: hand.len(),
                    hand: sees(seat).then(|| names(hand)),
                    equipment: s.held(n),
                    kinds: sees(seat).then_some(s.equipment[n.index()]),
                    kit: s.kits[n.index()],
                    escapes: s.escapes[n.index()],
                    appel_waiting: s.appel_waiting & (1 << n.index()) != 0,
                }
            })
            .collect();
        // Appel answers are secret until every officer has answered.
        let refused = s
            .present()
            .filter(|&q| s.refused & (1 << q.index()) != 0)
            .filter(|&q| s.phase != Phase::AppelAnswer || q.nation().is_some_and(|n| sees(n.seat())))
            .map(PawnId::code)
            .collect();
        View {
            players: s.players,
            classic: s.classic,
            round: s.round,
            turn: s.turn,
            phase: s.phase,
            pending: s.pending.first().copied(),
            mp: s.mp,
            releases: s.releases,
            pawns,
            security_cards: s.hands[0].len(),
            security_hand: sees(GERMAN).then(|| names(s.hands[0].cards())),
            officers,
            stock: s.stock,
            kit_stock: s.kit_stock,
            decks: [s.opportunity.len(), s.security.len()],
            kit_parts_aside: s.kit_parts_aside.len(),
            markers: s
                .markers
                .iter()
                .map(|m| (self.board.key(m.a).to_owned(), self.board.key(m.b).to_owned(), m.nation))
                .collect(),
            tunnels: s.tunnels,
            search: (0..self.board.rooms.len())
                .filter(|&r| s.search & (1 << r) != 0)
                .map(|r| self.board.rooms[r].id.clone())
                .collect(),
            refused,
        }
    }

    /// A state `viewer` cannot tell from `s`: unseen cards and equipment
    /// kinds re-dealt at random, deck orders shuffled, others' secret Appel
    /// answers redrawn, the dice reseeded.
    pub(crate) fn resample(&self, s: &State, viewer: Viewer, seed: u64) -> State {
        let mut o = s.clone();
        let mut dice = Dice::from_seed(seed);
        let me = match viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        };
        // Opportunity cards: the deck and the hands of officers other than the
        // viewer. (The aside pile is known to hold only Escape Kit (part)
        // cards: only its order is redrawn.)
        let others: Vec<usize> = (1..usize::from(s.players)).filter(|&i| me.map(|m| m.index()) != Some(i)).collect();
        // Every pool is sorted before it is shuffled: the world drawn must not
        // depend on the order the real state holds hidden cards in, or a bot
        // sampling worlds could tell apart states its seat cannot.
        let mut pool: Vec<Card> = o.opportunity.cards().copied().collect();
        o.kit_parts_aside.sort_unstable();
        dice.shuffle(&mut o.kit_parts_aside);
        for &i in &others {
            pool.extend(o.hands[i].cards().iter().copied());
        }
        pool.sort_unstable();
        dice.shuffle(&mut pool);
        let mut it = pool.into_iter();
        for &i in &others {
            let n = o.hands[i].len();
            let mut h = Hand::new();
            for _ in 0..n {
                h.add(it.next().expect("same count"));
            }
            o.hands[i] = h;
        }
        o.opportunity = Deck::new(it);
        // Security cards: the deck, and the German's hand unless the viewer is the German.
        let mut pool: Vec<Card> = o.security.cards().copied().collect();
        let german_hidden = me != Some(GERMAN);
        if german_hidden {
            pool.extend(o.hands[0].cards().iter().copied());
        }
        pool.sort_unstable();
        dice.shuffle(&mut pool);
        let mut it = pool.into_iter();
        if german_hidden {
            let n = o.hands[0].len();
            let mut h = Hand::new();
            for _ in 0..n {
                h.add(it.next().expect("same count"));
            }
            o.hands[0] = h;
        }
        o.security = Deck::new(it);
        let mut dod: Vec<u8> = o.do_or_die.cards().copied().collect();
        dod.sort_unstable();
        dice.shuffle(&mut dod);
        o.do_or_die = Deck::new(dod);
        // Equipment kinds of officers other than the viewer: same totals per officer and per kind.
        let hidden: Vec<Nation> = self.nations(s).filter(|n| me != Some(n.seat())).collect();
        let mut kinds: Vec<usize> = Vec::new();
        for n in &hidden {
            for (k, &c) in o.equipment[n.index()].iter().enumerate() {
                kinds.extend(std::iter::repeat_n(k, usize::from(c)));
            }
        }
        kinds.sort_unstable();
        dice.shuffle(&mut kinds);
        let mut it = kinds.into_iter();
        for n in &hidden {
            let total = o.held(*n);
            o.equipment[n.index()] = [0; 4];
            for _ in 0..total {
                o.equipment[n.index()][it.next().expect("same count")] += 1;
            }
        }
        // Secret Appel answers of other officers.
        if s.phase == Phase::AppelAnswer {
            for q in s.present().filter(|q| !q.is_guard()) {
                if q.nation().is_some_and(|n| me != Some(n.seat())) && !self.appel_exempt(s, q) {
                    if dice.below(2) == 0 {
                        o.refused |= 1 << q.index();
                    } else {
                        o.refused &= !(1 << q.index());
                    }
                }
            }
        }
        o.dice = Dice::from_seed(seed ^ 0x5a5a);
        o
    }
}
