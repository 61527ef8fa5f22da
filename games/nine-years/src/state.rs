//! What changes during a game: the year and phase, control of spaces and
//! seas, every counter's place and state, hands and decks, the action round
//! under way. Plain data, serialised into game files.

use crate::ids::{Control, CorpsId, EventId, FleetId, LeaderId, Side, SpaceId, MAX_TABLE};
use sandtable_core::{Deck, Dice};
use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;

/// Where a corps counter is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loc {
    /// On the map.
    Space(SpaceId),
    /// In its side's force pool, formable (12.3.2).
    Pool,
    /// Scheduled, not yet arrived (12.2.1).
    Waiting,
    /// Arrived and waiting to be placed (12.2.4: delayed when nothing fits).
    Due,
    /// Out of the game (Savoy's corps when it leaves the war, 7.2.1).
    Removed,
}

/// One corps counter's changing state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpsState {
    /// Where it is.
    pub loc: Loc,
    /// Reduced side up.
    pub reduced: bool,
    /// Demoralised (16 authored; rallied by 13.5.4).
    pub demoralised: bool,
    /// Has taken part in an action this round (13.4.3).
    pub activated: bool,
}

/// Where a leader is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderLoc {
    /// On the map.
    Space(SpaceId),
    /// Not yet arrived.
    Waiting,
    /// Arrived: placed in this turn's step 3 of the Reinforcement phase (12.4).
    Due,
    /// Out of play until the Reinforcement phase of that year (an event).
    Out(u16),
    /// Out of the game.
    Removed,
}

/// One leader's changing state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    /// Where it is.
    pub loc: LeaderLoc,
    /// Flipped to its named side (12.4).
    pub promoted: bool,
    /// Demoralised.
    pub demoralised: bool,
    /// Has taken part in an action this round (13.4.3), or (Reinforcement
    /// step 3) has been moved this turn.
    pub activated: bool,
}

/// Where a fleet is (10.1, 12.3.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FleetLoc {
    /// In the force pool.
    Pool,
    /// Prepared in its home port with this strength, until Winter Quarters.
    Port(u8),
    /// In its sea zone's control box (cannot be deployed).
    Control,
    /// Out of the game for good (its home port was besieged).
    Removed,
}

/// A fortified line in a space (15, authored).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Its level (0: none).
    pub level: u8,
    /// Who built it.
    pub side: Option<Side>,
}

/// Savoy's state (7.2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Savoy {
    /// Neutral until it joins.
    Neutral,
    /// In the war on the Alliance side.
    Allied,
    /// Made neutral again: out of the war for good.
    Out,
}

/// Where the turn has got to (the sequence of play).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Event phase: the initiative player chooses who goes first (9.1).
    EventOrder,
    /// Event phase 1c: `order[idx]` may reinforce its position in KWW.
    Kww,
    /// Reinforcement phase: the initiative player chooses who goes first (12.1).
    ReinforceOrder,
    /// 12.1 step 1: `order[idx]` spends resource points.
    Spend,
    /// 12.1 step 2: `order[idx]` places reinforcements.
    Place,
    /// 12.1 step 3: `order[idx]` promotes and moves leaders.
    Leaders,
    /// 13.2.1: both players choose a card face down (secret).
    Show,
    /// 13.2.1: tie: the initiative player chooses who goes first.
    FirstPlayer,
    /// 13.3: `active` plays a card and carries out its actions.
    Round,
    /// Winter Quarters 19d: `order[idx]` may make Savoy neutral (7.2.1).
    Savoy,
    /// Winter Quarters 19e / 6.4 step 1: `order[idx]` may take peace penalties.
    Peace,
    /// The game is over.
    Over,
}

impl Phase {
    /// The step's name in both languages (the terms of the Russian rules).
    pub const fn name(self) -> sandtable_core::Text {
        use sandtable_core::Text;
        match self {
            Phase::EventOrder => Text::fixed("Event phase: who draws first", "Фаза Событий: кто тянет первым"),
            Phase::Kww => Text::fixed(
                "Event phase: King William's War position",
                "Фаза Событий: позиция в Войне короля Вильгельма",
            ),
            Phase::ReinforceOrder => {
                Text::fixed("Reinforcement phase: who goes first", "Фаза Подкреплений: кто первый")
            }
            Phase::Spend => Text::fixed("Reinforcement phase: resource points", "Фаза Подкреплений: очки ресурсов"),
            Phase::Place => {
                Text::fixed("Reinforcement phase: placing reinforcements", "Фаза Подкреплений: размещение подкреплений")
            }
            Phase::Leaders => Text::fixed("Reinforcement phase: leaders", "Фаза Подкреплений: лидеры"),
            Phase::Show => Text::fixed(
                "Campaign phase: a card face down for the first player",
                "Фаза Кампании: карточка лицом вниз для первого игрока",
            ),
            Phase::FirstPlayer => {
                Text::fixed("Campaign phase: a tie, the initiative decides", "Фаза Кампании: ничья, решает инициатива")
            }
            Phase::Round => Text::fixed("Campaign phase: action round", "Фаза Кампании: раунд действий"),
            Phase::Savoy => Text::fixed("Winter Quarters: Savoy's neutrality", "Зимние квартиры: нейтралитет Савойи"),
            Phase::Peace => Text::fixed("Winter Quarters: peace negotiations", "Зимние квартиры: мирные переговоры"),
            Phase::Over => Text::fixed("the game is over", "игра окончена"),
        }
    }
}

/// What a force under way is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForceKind {
    /// A Campaign action (13.5.1): land move up to 3 MP, or a siege.
    Campaign,
    /// A Sea Move (13.5.5, 14.5 authored).
    Sea,
    /// A Strategic Transfer (13.5.2): up to two counters.
    Transfer,
}

/// The force of the action under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// What it is doing.
    pub kind: ForceKind,
    /// Where it is.
    pub space: SpaceId,
    /// The space it last came from (an attacker retreats there, 16.4 authored).
    pub from: Option<SpaceId>,
    /// Its leaders, in the order they joined (at most every leader).
    pub leaders: ArrayVec<[LeaderId; MAX_TABLE]>,
    /// Its corps, in the order they joined (at most every corps counter;
    /// the rules hold a Campaign to its two best leaders' command, 13.5.1,
    /// and a Sea Move to two, 13.5.5).
    pub corps: ArrayVec<[CorpsId; MAX_TABLE]>,
    /// Movement points spent (campaign), or counters moved (transfer).
    pub spent: u8,
    /// Whether it has left its space (14.1.3: no more picking up).
    pub moved: bool,
}

/// A decision the rules ask of a player in the middle of an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pending {
    /// The inactive player may intercept the force that entered this space (14.4 authored).
    Intercept(SpaceId),
    /// The defender in its own fortress chooses battle or withdrawal into it (16.1 authored).
    Garrison(SpaceId),
    /// The loser of a battle chooses where its units in this space retreat (16.4 authored).
    Retreat(SpaceId),
    /// Turin has fallen: this side may make Savoy neutral (7.2.1); `true`
    /// while the first of the two players is asked.
    Savoy(Side, bool),
}

/// How the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// An automatic victory (6.2).
    Automatic(Side),
    /// The peace roll ended the game (6.4); victory by VP (6.3).
    Peace,
    /// The last turn ended (6.3).
    LastTurn,
}

/// The whole changing state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// All chance.
    pub dice: Dice,
    /// The year (one turn a year).
    pub year: u16,
    /// Where the turn has got to.
    pub phase: Phase,
    /// The order the two players go in this phase.
    pub order: [Side; 2],
    /// Which of `order` is deciding.
    pub idx: u8,
    /// The VP marker (toward the Alliance, 6.1).
    pub vp: u8,
    /// The KWW marker, −2…2 (18 authored; − toward the Bourbons).
    pub kww: i8,
    /// Each side has reinforced its KWW position (once a game, phase 1c).
    pub kww_used: [bool; 2],
    /// Colonial support bought this turn, by side (18 authored).
    pub colonial: [bool; 2],
    /// Sea-zone control (10.1).
    pub sea: [Control; 2],
    /// Control of each space.
    pub control: Vec<Control>,
    /// Current fortress strength of each space (17 authored).
    pub strength: Vec<u8>,
    /// Fortified lines (15 authored).
    pub lines: Vec<Line>,
    /// Spaces with a siege roll this turn by the side not controlling them
    /// (Continued Siege marker, 17 authored).
    pub continued: Vec<bool>,
    /// Famous Victory markers this turn (16.5 authored), by space.
    pub famous: Vec<bool>,
    /// Every corps counter.
    pub corps: Vec<CorpsState>,
    /// Every leader.
    pub leaders: Vec<LeaderState>,
    /// The four fleets.
    pub fleets: Vec<FleetLoc>,
    /// The action deck (values), face down.
    pub action_deck: Deck<u8>,
    /// Played action cards, face up until reshuffled (13.1): at most the
    /// whole action deck.
    pub action_discard: ArrayVec<[u8; MAX_TABLE]>,
    /// Each side's hand of action cards: how many of value 1, 2 and 3.
    pub hands: [[u8; 3]; 2],
    /// The event deck, face down.
    pub event_deck: Deck<EventId>,
    /// Events each side holds (9.2.1): at most every event card.
    pub held: [ArrayVec<[EventId; MAX_TABLE]>; 2],
    /// Events played or left the game, in order: at most every event card.
    pub gone: ArrayVec<[EventId; MAX_TABLE]>,
    /// The late cards have been shuffled in (phase 1b).
    pub late_added: bool,
    /// Long-term events in effect (9.2.3), as [`crate::LongTerm::bit`]s.
    pub long_term: u8,
    /// Resource points left this turn, by side (12.3).
    pub rp: [u8; 2],
    /// Resource points events give this turn, by side.
    pub rp_events: [i8; 2],
    /// Action cards events add this turn, by side.
    pub cards_events: [i8; 2],
    /// Peace penalties taken (6.4 step 1) for the next turn: one card fewer, 2 RP fewer.
    pub peace_penalty: [[bool; 2]; 2],
    /// Corps formed this turn, by power (12.3.4).
    pub formed: Vec<u8>,
    /// Corps rebuilt this turn, by power (12.3.5).
    pub rebuilt: Vec<u8>,
    /// A British corps went to Amsterdam this turn (12.2.5).
    pub british_amsterdam: bool,
    /// The Glorious Revolution has happened (20.2.5 authored).
    pub revolution: bool,
    /// The year of the first Reinforcement phase after the Revolution (the
    /// 20.2.5 2b exception, 12.2.6).
    pub revolution_year: u16,
    /// Savoy's state.
    pub savoy: Savoy,
    /// The cards chosen face down to find the first player (13.2.1).
    pub shown: [Option<u8>; 2],
    /// A card each player is known by both to hold: the card he showed
    /// (13.2.1), until he plays a card of that value.
    pub known: [Option<u8>; 2],
    /// The card value the first player must play in round one (13.2.1).
    pub must_play: Option<u8>,
    /// The player whose action round it is.
    pub active: Side,
    /// Actions left in this round (13.4.1).
    pub ap: u8,
    /// Whether the round's card has been played.
    pub played: bool,
    /// The one-a-round actions used this round: Strategic Transfer
    /// (13.5.2), Replacement (13.5.3), Rally (13.5.4).
    pub used: [bool; 3],
    /// Held-event bonuses this round: battle, siege (and who has them).
    pub bonus: [u8; 2],
    /// The force of the action under way.
    pub force: Option<Force>,
    /// A decision owed in the middle of an action.
    pub pending: Option<Pending>,
    /// How the game ended.
    pub end: Option<End>,
}

impl State {
    /// A corps counter's state.
    pub fn corps(&self, c: CorpsId) -> &CorpsState {
        &self.corps[c.index()]
    }
    /// A leader's state.
    pub fn leader(&self, l: LeaderId) -> &LeaderState {
        &self.leaders[l.index()]
    }
    /// A fleet's place.
    pub fn fleet(&self, f: FleetId) -> FleetLoc {
        self.fleets[f.index()]
    }
    /// Who controls a space.
    pub fn control(&self, s: SpaceId) -> Control {
        self.control[s.index()]
    }
    /// The player deciding in an ordered step.
    pub fn ordered(&self) -> Side {
        self.order[usize::from(self.idx.min(1))]
    }
    /// Cards in a side's hand.
    pub fn hand_len(&self, side: Side) -> u8 {
        self.hands[side.index()].iter().sum()
    }
    /// Whether a long-term event is in effect.
    pub fn has(&self, lt: crate::scenario::LongTerm) -> bool {
        self.long_term & lt.bit() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Discard = ArrayVec<[u8; MAX_TABLE]>;

    #[test]
    fn an_inline_list_reads_and_writes_as_a_plain_list_and_refuses_too_many() {
        let full: Discard = (0..MAX_TABLE as u8).collect();
        let json = serde_json::to_string(&full).expect("json");
        assert_eq!(json, serde_json::to_string(&full.to_vec()).expect("json"));
        assert_eq!(serde_json::from_str::<Discard>(&json).expect("reads"), full);
        let over: Vec<u8> = (0..=MAX_TABLE as u8).collect();
        let over = serde_json::to_string(&over).expect("json");
        let err = serde_json::from_str::<Discard>(&over).expect_err("one past the capacity");
        assert!(err.to_string().contains(&format!("invalid length {MAX_TABLE}")), "{err}");
    }
}
