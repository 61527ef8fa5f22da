//! What changes during a game of Colditz. Plain data; the board and the card
//! manifests live in [`crate::Colditz`].

use crate::board::{CircleId, TunnelId, MAX_CELLS, MAX_GATES, MAX_MARKED_LINKS};
use crate::cards::{Card, Equipment};
use crate::pawn::{Nation, PawnId, PAWN_SLOTS};
use sandtable_core::{Deck, Dice, Hand};
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Most waiting decisions at once. Each is answered before any other action
/// but a turn-in card (which adds none), so the list only grows within one
/// action: at most one `ChooseCell` per solitary cell (a classic general
/// search or tunnel raid sends several POWs), one `Confiscate`, `Warn` and
/// `EscapeMarkers` per officer, four `ToAppel` (a kit) and one `Talisman`.
pub const MAX_PENDING: usize = MAX_CELLS + 3 * 5 + 4 + 1;
/// Most Escape Attempt markers: one per drop or wire link (a new marker
/// replaces the one on its link).
pub const MAX_MARKERS: usize = MAX_MARKED_LINKS;
/// Most passages a Key or Pass opened in one turn (classic): each gate once.
pub const MAX_OPENED: usize = MAX_GATES;

/// Where a pawn is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "at", content = "circle")]
pub enum Loc {
    /// Not in this game (player count).
    Absent,
    /// On a circle (a cell circle is solitary).
    Circle(CircleId),
    /// In the German barracks.
    Barracks,
    /// In the Commander's Office (to the barracks at the end of the German turn).
    Office,
    /// Escaped.
    Escaped,
    /// Killed (Shoot to Kill) or failed a Do-or-Die.
    Dead,
}

/// A pawn's changing state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pawn {
    /// Where it is.
    pub loc: Loc,
    /// A POW inside a tunnel (below the surface circles).
    pub in_tunnel: bool,
    /// A POW released from the outer cells on its way back in: immune from
    /// arrest while his officer holds no equipment and he keeps moving back.
    pub returning: bool,
    /// While `returning`, classic: circles to the inner courtyard at the end
    /// of his officer's last turn (he must get closer every turn to stay immune).
    pub return_distance: u8,
    /// Used a Key since the German's last turn (Arrest Key Holder).
    pub used_key: bool,
    /// Used a Pass since the German's last turn (Arrest Pass Holder).
    pub used_pass: bool,
}

impl Pawn {
    /// A pawn not in this game.
    pub const ABSENT: Pawn = Pawn {
        loc: Loc::Absent,
        in_tunnel: false,
        returning: false,
        return_distance: 0,
        used_key: false,
        used_pass: false,
    };
    /// The circle it stands on.
    pub fn circle(&self) -> Option<CircleId> {
        match self.loc {
            Loc::Circle(c) => Some(c),
            _ => None,
        }
    }
}

/// An Escape Attempt marker on a drop or wire link (or a detected tunnel).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// One end (the upper circle of a drop).
    pub a: CircleId,
    /// The other end.
    pub b: CircleId,
    /// Whose marker: its POWs (and guards) may pass.
    pub nation: Nation,
}

/// A tunnel's state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TunnelState {
    /// Not open: a Tunnel card and two POWs open it.
    Closed,
    /// Open to all POWs.
    Open,
    /// Open, and detected by a Tunnel Detected card: guards may arrest in it.
    Detected,
    /// Classic: abandoned with fewer than two POWs inside; closed to POWs for
    /// the rest of the game (the last one inside may still walk out).
    Abandoned,
    /// Classic: detected, and two guards reached it — its POWs went to
    /// solitary; closed to POWs for the rest of the game; guards may stop on
    /// it and walk it.
    Taken,
}

/// An interrupt or out-of-turn decision the game waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "wait")]
pub enum Pending {
    /// An officer gives up Equipment cards (arrest outside or in the outer
    /// courtyard, Search, Arrest Key/Pass Holder); Hideaway saves one each.
    Confiscate {
        /// Whose cards.
        nation: Nation,
        /// How many still to give up.
        count: u8,
    },
    /// A Search card names a room holding this officer's POWs: he may answer
    /// with Advance Warning (he is always asked, holding one or not).
    Warn {
        /// The officer asked.
        nation: Nation,
        /// The searched room.
        room: u8,
    },
    /// Classic: the German chooses which cells an arrested POW goes to
    /// (`move` him to another free cell, or `pass`).
    ChooseCell {
        /// The POW just put in solitary.
        pow: PawnId,
    },
    /// After claiming Equipment or assembling a kit the officer sends each
    /// POW used «на любые кружки Области Сбора»: he picks a free Appel circle
    /// (`move pow circle`); the POW waits in his room until placed.
    ToAppel {
        /// The POW to place.
        pow: PawnId,
    },
    /// After an escape the German may remove the escaper's nation's markers.
    EscapeMarkers {
        /// Whose markers.
        nation: Nation,
    },
    /// The target's officer may answer Shoot to Kill with a Talisman (he is
    /// always asked, so the question does not reveal whether he holds one).
    Talisman {
        /// The shot.
        shot: Shot,
    },
}

/// A filler for the unused slots of [`State::pending`] (an inline list), never
/// a decision the rules ask for: the German may remove British markers.
impl Default for Pending {
    fn default() -> Pending {
        Pending::EscapeMarkers { nation: Nation::British }
    }
}

/// A Shoot to Kill in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// The guard firing.
    pub guard: PawnId,
    /// The target.
    pub target: PawnId,
    /// The first throw (counted double without a Talisman).
    pub first: u8,
    /// The extra throws after doubles (never doubled).
    pub extra: u8,
}

/// Where the game is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase")]
pub enum Phase {
    /// Set-up: the German posts one guard per officer on inner-courtyard
    /// posts, then 2–7 on outer posts; the rest stay in the barracks.
    SetupGuards,
    /// Classic: the officers play their turns in any order; any who has not
    /// played this round may start (by rolling).
    NextOfficer,
    /// The player to act rolls for movement (the German may play Appel first).
    Roll,
    /// The player moves pawns, plays cards, claims equipment.
    Move,
    /// Appel: every officer chooses which POWs refuse to return; all at once.
    AppelAnswer,
    /// Some POWs refused Appel: the German searches or moves as usual.
    AppelSearch,
    /// The last round is over, or two of one nation escaped.
    Over,
}

/// The state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The dice.
    pub dice: Dice,
    /// Players (2–6): the German and `players − 1` officers.
    pub players: u8,
    /// The classic rules instead of the 2016 rules.
    pub classic: bool,
    /// Victory variant: officers win together at this many escapes in all
    /// (`None`: two escapes of one nationality win).
    pub victory_total: Option<u8>,
    /// The round marker (counts down; at 1 the officers have a last turn).
    pub round: u8,
    /// Whose turn: 0 the German, 1… the officers.
    pub turn: u8,
    /// The phase.
    pub phase: Phase,
    /// Waiting decisions, first first (at most [`MAX_PENDING`]).
    pub pending: ArrayVec<[Pending; MAX_PENDING]>,
    /// Movement points left this turn.
    pub mp: u8,
    /// Releases from solitary left this turn (one per doubles thrown).
    pub releases: u8,
    /// Every pawn slot, by [`PawnId::index`].
    pub pawns: Vec<Pawn>,
    /// Opportunity deck.
    pub opportunity: Deck<Card>,
    /// Security deck.
    pub security: Deck<Card>,
    /// Do-or-Die deck (classic).
    pub do_or_die: Deck<u8>,
    /// Equipment left in the face-up stacks.
    pub stock: [u8; 4],
    /// Escape kits left.
    pub kit_stock: u8,
    /// Card hands: `[0]` the German's Security cards, `[n]` officer n's Opportunity cards.
    pub hands: Vec<Hand<Card>>,
    /// Equipment held, by officer nation and kind.
    pub equipment: [[u8; 4]; 5],
    /// Holds an escape kit, by nation.
    pub kits: [bool; 5],
    /// Escape Kit (part) cards set aside for six players (the German keeps them face down).
    pub kit_parts_aside: Vec<Card>,
    /// Escape Attempt markers (at most [`MAX_MARKERS`]).
    pub markers: ArrayVec<[Marker; MAX_MARKERS]>,
    /// The tunnels.
    pub tunnels: [TunnelState; 3],
    /// Rooms Search cards opened to guards this turn (bit = room index):
    /// any number of Search cards may be played in a turn (neither text
    /// limits them).
    pub search: u32,
    /// Escapes by nation (Do-or-Die escapes included).
    pub escapes: [u8; 5],
    /// Escapes by Do-or-Die, by nation (classic: a game whose only escapes
    /// were Do-or-Die is a draw).
    pub do_or_die_escapes: [u8; 5],
    /// Officers out of the game after a failed Do-or-Die (classic).
    pub eliminated: [bool; 5],
    /// A POW has broken out of this tunnel (classic: detected at the German's next turn).
    pub broke_out: [bool; 3],
    /// A kit taken out this turn that one more POW of the nation may share.
    pub kit_share: [bool; 5],
    /// Classic: doors and inspection points a Key or Pass opened this turn —
    /// "the passage thus opened remains so for the player's entire turn".
    pub opened: ArrayVec<[CircleId; MAX_OPENED]>,
    /// 2016: movement this turn went elsewhere than moving the officer's POWs
    /// heading back from the outer cells by the shortest route, while one was
    /// out: at the end of the turn they lose their immunity.
    pub return_strayed: bool,
    /// Guards may not be posted from the barracks any more this turn (classic).
    pub posting_closed: bool,
    /// Guards moved this turn (bit = guard number − 1): a lone chasing guard
    /// may stop where others may not (classic).
    pub guards_moved: u16,
    /// Classic: officers (bit = nation index) who have played this round.
    pub played: u8,
    /// Appel: officers (bit = nation index) who have not answered yet.
    pub appel_waiting: u8,
    /// Appel: POWs (bit = pawn slot) whose officer keeps them where they are.
    pub refused: u64,
}

impl State {
    /// A pawn.
    pub fn pawn(&self, p: PawnId) -> &Pawn {
        &self.pawns[p.index()]
    }
    /// A pawn, mutable.
    pub fn pawn_mut(&mut self, p: PawnId) -> &mut Pawn {
        &mut self.pawns[p.index()]
    }
    /// Every pawn in this game.
    pub fn present(&self) -> impl Iterator<Item = PawnId> + '_ {
        (0..PAWN_SLOTS).map(PawnId::from_index).filter(move |&p| self.pawn(p).loc != Loc::Absent)
    }
    /// Equipment held by a nation.
    pub fn held(&self, n: Nation) -> u8 {
        self.equipment[n.index()].iter().sum()
    }
    /// How many of one kind a nation holds.
    pub fn holds(&self, n: Nation, e: Equipment) -> u8 {
        self.equipment[n.index()][e.index()]
    }
    /// A tunnel's state.
    pub fn tunnel(&self, t: TunnelId) -> TunnelState {
        self.tunnels[t.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Opened = ArrayVec<[CircleId; MAX_OPENED]>;

    #[test]
    fn an_inline_list_reads_and_writes_as_a_plain_list_and_refuses_too_many() {
        let full: Opened = (0..MAX_OPENED).map(CircleId::from_index).collect();
        let json = serde_json::to_string(&full).expect("json");
        assert_eq!(json, serde_json::to_string(&full.to_vec()).expect("json"));
        assert_eq!(serde_json::from_str::<Opened>(&json).expect("reads"), full);
        let over: Vec<CircleId> = (0..=MAX_OPENED).map(CircleId::from_index).collect();
        let over = serde_json::to_string(&over).expect("json");
        let err = serde_json::from_str::<Opened>(&over).expect_err("one past the capacity");
        assert!(err.to_string().contains(&format!("invalid length {MAX_OPENED}")), "{err}");
    }
}
