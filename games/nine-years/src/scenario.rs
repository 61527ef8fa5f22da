//! The static tables of a scenario: map, powers, leaders, corps counters,
//! fleets, the action deck and the event cards. Built once by [`crate::load`]
//! and shared; the [`crate::State`] holds only what changes.

use crate::ids::{Control, CorpsId, EventId, FleetId, LeaderId, PowerId, Sea, Side, SpaceId};
use sandtable_core::Text;

/// Where a region lies: what the peace roll (6.4), Savoy (7.2.1) and the
/// Glorious Revolution (20.2.5) look at.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// The Spanish Netherlands and the Dutch Republic.
    LowCountries,
    /// The Holy Roman Empire (Rhine, Moselle, south Germany).
    Empire,
    /// The Austrian lands.
    Austria,
    /// Italy outside Savoy.
    Italy,
    /// Savoy and Piedmont.
    Savoy,
    /// France.
    France,
    /// Spain.
    Spain,
    /// Portugal.
    Portugal,
    /// Great Britain.
    Britain,
    /// Ireland.
    Ireland,
}

impl Region {
    /// Every region with its id.
    pub const ALL: [(Region, &'static str); 10] = [
        (Region::LowCountries, "low-countries"),
        (Region::Empire, "empire"),
        (Region::Austria, "austria"),
        (Region::Italy, "italy"),
        (Region::Savoy, "savoy"),
        (Region::France, "france"),
        (Region::Spain, "spain"),
        (Region::Portugal, "portugal"),
        (Region::Britain, "britain"),
        (Region::Ireland, "ireland"),
    ];
    /// Whether it is in Great Britain or Ireland (7.2.6).
    pub fn british_isles(self) -> bool {
        matches!(self, Region::Britain | Region::Ireland)
    }
    /// The region's name in both languages.
    pub const fn name(self) -> Text {
        match self {
            Region::LowCountries => Text::fixed("Low Countries", "Нидерланды"),
            Region::Empire => Text::fixed("Empire", "Империя"),
            Region::Austria => Text::fixed("Austria", "Австрия"),
            Region::Italy => Text::fixed("Italy", "Италия"),
            Region::Savoy => Text::fixed("Savoy", "Савойя"),
            Region::France => Text::fixed("France", "Франция"),
            Region::Spain => Text::fixed("Spain", "Испания"),
            Region::Portugal => Text::fixed("Portugal", "Португалия"),
            Region::Britain => Text::fixed("Great Britain", "Великобритания"),
            Region::Ireland => Text::fixed("Ireland", "Ирландия"),
        }
    }
    /// The id used in files.
    pub fn id(self) -> &'static str {
        Region::ALL.iter().find(|(r, _)| *r == self).map_or("", |(_, id)| id)
    }
}

/// A space of the map.
#[derive(Clone, Debug)]
pub struct Space {
    /// Id used in notation (`namur`).
    pub id: String,
    /// Name in both languages.
    pub name: Text,
    /// Drawing position, 0–1000 across, 0–700 down.
    pub x: u16,
    /// Drawing position.
    pub y: u16,
    /// Where it lies.
    pub region: Region,
    /// Printed fortress strength, 0 for an unfortified space.
    pub fortress: u8,
    /// The sea zone it is a port on.
    pub port: Option<Sea>,
    /// Powers whose home space it is (2.4).
    pub home: Vec<PowerId>,
    /// A rich space (12.3.1).
    pub rich: bool,
    /// Control at the start.
    pub control: Control,
    /// Neighbours: the space and whether the link is red (Allied only, 2 MP).
    pub links: Vec<(SpaceId, bool)>,
}

/// A power.
#[derive(Clone, Debug)]
pub struct Power {
    /// Id (`france`).
    pub id: String,
    /// Name in both languages.
    pub name: Text,
    /// Its side; `None` for a power neutral all game (Portugal, 7.2.2).
    pub side: Option<Side>,
    /// Counter colour (CSS).
    pub colour: String,
    /// Its capitals (2.4).
    pub capitals: Vec<SpaceId>,
    /// New corps it may form a turn (12.3.4).
    pub form: u8,
    /// Reduced corps it may rebuild a turn (12.3.5).
    pub rebuild: u8,
}

/// Where a leader comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderStart {
    /// On the map at the start.
    At(SpaceId),
    /// A reinforcement in that year (12.2.2).
    Year(u16),
    /// With the Glorious Revolution (20.2.5 authored).
    Revolution,
    /// Only through this event.
    Event(EventId),
}

/// A leader counter.
#[derive(Clone, Debug)]
pub struct Leader {
    /// Id (`william-iii`).
    pub id: String,
    /// Name in both languages.
    pub name: Text,
    /// Its power.
    pub power: PowerId,
    /// Tactics rating (battle and siege).
    pub tactics: u8,
    /// Command rating: corps he may lead (13.5.1).
    pub command: u8,
    /// Siege specialist bonus (17 authored).
    pub siege: u8,
    /// Where it starts.
    pub start: LeaderStart,
    /// The year it is promoted to its named side (12.4); until then it is a
    /// minor leader, tactics 0 and command 3.
    pub promote: Option<u16>,
}

/// Where a corps counter starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpsStart {
    /// On the map, full or reduced.
    At(SpaceId, bool),
    /// In the force pool (12.3.2).
    Pool,
    /// Arrives that year (12.2.1).
    Year(u16),
    /// Arrives with the Glorious Revolution.
    Revolution,
    /// Arrives through this event.
    Event(EventId),
}

/// A corps counter.
#[derive(Clone, Debug)]
pub struct Corps {
    /// Its power.
    pub power: PowerId,
    /// Where it starts.
    pub start: CorpsStart,
}

/// A fleet (12.3.6).
#[derive(Clone, Debug)]
pub struct Fleet {
    /// Id (`brest-fleet`).
    pub id: String,
    /// Name in both languages.
    pub name: Text,
    /// Its side.
    pub side: Side,
    /// Its sea zone.
    pub sea: Sea,
    /// Its home port.
    pub port: SpaceId,
    /// The power whose capital the home port traces LOC to.
    pub capital: PowerId,
    /// Prepared in port at the start, with this strength.
    pub strength: u8,
}

/// A condition an event needs to be played (9.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// The space is controlled as given.
    Control(SpaceId, Control),
    /// The leader is on the map.
    InPlay(LeaderId),
    /// The Glorious Revolution has (true) or has not (false) happened.
    Revolution(bool),
    /// The year is at least this.
    YearMin(u16),
    /// The year is at most this.
    YearMax(u16),
    /// The sea zone is controlled as given.
    Sea(Sea, Control),
}

/// What an event does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Move the VP marker (+ toward the Alliance).
    Vp(i8),
    /// Resource points this turn.
    Rp(Side, i8),
    /// Action cards dealt this turn.
    Cards(Side, i8),
    /// Sea-zone control changes.
    SeaControl(Sea, Control),
    /// A leader enters play there.
    Leader(LeaderId, SpaceId),
    /// Corps of a power enter play there.
    Corps {
        /// Their power.
        power: PowerId,
        /// How many.
        count: u8,
        /// Where they enter.
        space: SpaceId,
        /// Reduced side up.
        reduced: bool,
    },
    /// A leader leaves play for that many turns (0: for good).
    LeaderOut(LeaderId, u8),
    /// A fortress's strength this turn.
    Fortress(SpaceId, i8),
    /// Move the KWW marker (+ toward the Alliance).
    Kww(i8),
    /// Corps in a space lose steps.
    Reduce(SpaceId, u8),
    /// Held cards: extra actions this round.
    Actions(u8),
    /// Held cards: added to battle rolls this round.
    Battle(u8),
    /// Held cards: added to siege rolls this round.
    Siege(u8),
}

impl Effect {
    /// Whether only a held card may carry it.
    pub fn held_only(self) -> bool {
        matches!(self, Effect::Actions(_) | Effect::Battle(_) | Effect::Siege(_))
    }
}

/// The four long-term events (9.2.3), whose lasting effects are coded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LongTerm {
    /// Guerre de Course: the Alliance receives 1 RP less each turn.
    GuerreDeCourse,
    /// Battle of Zenta: Austria may form 2 corps a turn.
    Zenta,
    /// Beachy Head: the Atlantic goes to the Bourbons in Winter Quarters.
    BeachyHead,
    /// Death of Louvois: France may rebuild at most 3 corps a turn.
    Louvois,
}

impl LongTerm {
    /// Each with its card id.
    pub const ALL: [(LongTerm, &'static str); 4] = [
        (LongTerm::GuerreDeCourse, "guerre-de-course"),
        (LongTerm::Zenta, "zenta"),
        (LongTerm::BeachyHead, "beachy-head"),
        (LongTerm::Louvois, "louvois"),
    ];
    /// Its bit in [`crate::State::long_term`].
    pub const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// An event card.
#[derive(Clone, Debug)]
pub struct EventCard {
    /// Id (`beachy-head`).
    pub id: String,
    /// Name in both languages.
    pub name: Text,
    /// The card's text.
    pub text: Text,
    /// Hold until played (9.2.1).
    pub hold: bool,
    /// Shuffled in at the late year (phase 1b).
    pub late: bool,
    /// One of the four long-term events.
    pub long_term: Option<LongTerm>,
    /// Conditions to play it.
    pub requires: Vec<Condition>,
    /// What it does.
    pub effects: Vec<Effect>,
}

/// The powers the rules name (7.2), found by id when the scenario loads.
#[derive(Clone, Copy, Debug)]
pub struct Named {
    /// France.
    pub france: PowerId,
    /// The Jacobites (7.2.6).
    pub jacobite: PowerId,
    /// The Catalans (7.2.3).
    pub catalan: PowerId,
    /// The Dutch.
    pub dutch: PowerId,
    /// Britain (Alliance, after the Revolution).
    pub britain: PowerId,
    /// Austria.
    pub austria: PowerId,
    /// The Empire (7.2.4).
    pub empire: PowerId,
    /// The Mercenaries (7.2.5).
    pub mercenary: PowerId,
    /// Spain.
    pub spain: PowerId,
    /// Savoy (7.2.1).
    pub savoy: PowerId,
    /// Portugal (7.2.2).
    pub portugal: PowerId,
    /// Paris.
    pub paris: SpaceId,
    /// Amsterdam.
    pub amsterdam: SpaceId,
    /// Vienna.
    pub vienna: SpaceId,
    /// Madrid.
    pub madrid: SpaceId,
    /// London.
    pub london: SpaceId,
    /// Dublin.
    pub dublin: SpaceId,
    /// Edinburgh.
    pub edinburgh: SpaceId,
    /// The Highlands (a Jacobite capital after the Revolution).
    pub highlands: SpaceId,
    /// Turin.
    pub turin: SpaceId,
    /// Gibraltar.
    pub gibraltar: SpaceId,
    /// William III.
    pub william: LeaderId,
    /// James II.
    pub james: LeaderId,
    /// Marlborough (phase 1e).
    pub marlborough: LeaderId,
    /// Victor Amadeus II.
    pub victor_amadeus: LeaderId,
}

/// A whole scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Id.
    pub id: String,
    /// Name.
    pub name: Text,
    /// Not the published game's data.
    pub authored: bool,
    /// First turn.
    pub first_year: u16,
    /// Last turn.
    pub last_year: u16,
    /// VP marker at the start.
    pub vp: u8,
    /// RP each turn, by side.
    pub rp: [u8; 2],
    /// Years the Bourbons hold the initiative.
    pub bourbon_initiative: (u16, u16),
    /// Action cards dealt a turn, and in the first year.
    pub cards: u8,
    /// In the first year.
    pub cards_first_year: u8,
    /// Sea control at the start.
    pub sea_control: [Control; 2],
    /// Savoy joins.
    pub savoy_joins: u16,
    /// Late event cards join.
    pub late_year: u16,
    /// First peace roll.
    pub peace_from: u16,
    /// KWW marker at the start (−2…2).
    pub kww: i8,
    /// Spaces.
    pub spaces: Vec<Space>,
    /// Powers.
    pub powers: Vec<Power>,
    /// Leaders.
    pub leaders: Vec<Leader>,
    /// Corps counters.
    pub corps: Vec<Corps>,
    /// The four fleets.
    pub fleets: Vec<Fleet>,
    /// The action deck: card values (1–3), one entry per card.
    pub actions: Vec<u8>,
    /// Event cards.
    pub events: Vec<EventCard>,
    /// The named powers and places.
    pub named: Named,
}

impl Scenario {
    /// A space.
    pub fn space(&self, s: SpaceId) -> &Space {
        &self.spaces[s.index()]
    }
    /// A power.
    pub fn power(&self, p: PowerId) -> &Power {
        &self.powers[p.index()]
    }
    /// A leader.
    pub fn leader(&self, l: LeaderId) -> &Leader {
        &self.leaders[l.index()]
    }
    /// A fleet.
    pub fn fleet(&self, f: FleetId) -> &Fleet {
        &self.fleets[f.index()]
    }
    /// An event card.
    pub fn event(&self, e: EventId) -> &EventCard {
        &self.events[e.index()]
    }
    /// A corps counter's power.
    pub fn corps_power(&self, c: CorpsId) -> PowerId {
        self.corps[c.index()].power
    }
    /// Space ids.
    pub fn space_ids(&self) -> impl Iterator<Item = SpaceId> {
        (0..self.spaces.len() as u8).map(SpaceId)
    }
    /// Power ids.
    pub fn power_ids(&self) -> impl Iterator<Item = PowerId> {
        (0..self.powers.len() as u8).map(PowerId)
    }
    /// Leader ids.
    pub fn leader_ids(&self) -> impl Iterator<Item = LeaderId> {
        (0..self.leaders.len() as u8).map(LeaderId)
    }
    /// Corps ids.
    pub fn corps_ids(&self) -> impl Iterator<Item = CorpsId> {
        (0..self.corps.len() as u8).map(CorpsId)
    }
    /// Fleet ids.
    pub fn fleet_ids(&self) -> impl Iterator<Item = FleetId> {
        (0..self.fleets.len() as u8).map(FleetId)
    }
    /// Finds a space by id.
    pub fn space_by_id(&self, id: &str) -> Option<SpaceId> {
        self.spaces.iter().position(|s| s.id == id).map(|i| SpaceId(i as u8))
    }
    /// Finds a power by id.
    pub fn power_by_id(&self, id: &str) -> Option<PowerId> {
        self.powers.iter().position(|s| s.id == id).map(|i| PowerId(i as u8))
    }
    /// Finds a leader by id.
    pub fn leader_by_id(&self, id: &str) -> Option<LeaderId> {
        self.leaders.iter().position(|s| s.id == id).map(|i| LeaderId(i as u8))
    }
    /// Finds a fleet by id.
    pub fn fleet_by_id(&self, id: &str) -> Option<FleetId> {
        self.fleets.iter().position(|s| s.id == id).map(|i| FleetId(i as u8))
    }
    /// Finds an event by id.
    pub fn event_by_id(&self, id: &str) -> Option<EventId> {
        self.events.iter().position(|s| s.id == id).map(|i| EventId(i as u8))
    }
    /// A power's side (None: neutral all game).
    pub fn side_of(&self, p: PowerId) -> Option<Side> {
        self.power(p).side
    }
    /// A leader's side.
    pub fn leader_side(&self, l: LeaderId) -> Option<Side> {
        self.side_of(self.leader(l).power)
    }
    /// Whether `s` is a home space of `p` by the printed map.
    pub fn is_home(&self, s: SpaceId, p: PowerId) -> bool {
        self.space(s).home.contains(&p)
    }
    /// Who holds the initiative in a year (13.2.1).
    pub fn initiative(&self, year: u16) -> Side {
        let (a, b) = self.bourbon_initiative;
        if (a..=b).contains(&year) {
            Side::Bourbon
        } else {
            Side::Alliance
        }
    }
}
