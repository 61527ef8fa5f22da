//! Cards: Equipment stacks, Opportunity and Security decks, escape kits,
//! Do-or-Die (classic), with the manifests read from `data/decks.toml`.

use crate::board::{Board, Symbol, TunnelId};
use crate::data::DecksData;
use sandtable_core::Text;
use serde::{Deserialize, Serialize};

/// The four kinds of Escape Equipment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Equipment {
    /// Wire cutters: through barbed wire.
    Cutters,
    /// Pass: into an inspection point.
    Pass,
    /// Key: into a door.
    Key,
    /// Rope: down a drop (two for 60 ft).
    Rope,
}

impl Equipment {
    /// All four, in stack order.
    pub const ALL: [Equipment; 4] = [Equipment::Cutters, Equipment::Pass, Equipment::Key, Equipment::Rope];
    /// Index for per-kind arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The symbol of the rooms that supply it.
    pub const fn symbol(self) -> Symbol {
        match self {
            Equipment::Cutters => Symbol::Cutters,
            Equipment::Pass => Symbol::Pass,
            Equipment::Key => Symbol::Key,
            Equipment::Rope => Symbol::Rope,
        }
    }
    /// Notation name.
    pub const fn name(self) -> &'static str {
        match self {
            Equipment::Cutters => "cutters",
            Equipment::Pass => "pass",
            Equipment::Key => "key",
            Equipment::Rope => "rope",
        }
    }
    /// Parses a notation name.
    pub fn parse(s: &str) -> Option<Equipment> {
        Equipment::ALL.into_iter().find(|e| e.name() == s)
    }
    /// Its name in both languages.
    pub fn text(self) -> Text {
        match self {
            Equipment::Cutters => Text::fixed("wire cutters", "кусачки"),
            Equipment::Pass => Text::fixed("pass", "пропуск"),
            Equipment::Key => Text::fixed("key", "ключ"),
            Equipment::Rope => Text::fixed("rope", "верёвка"),
        }
    }
}

/// An Opportunity or Security card. Rooms are indexes into [`Board::rooms`].
/// `Copy`, two bytes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case", tag = "card", content = "of")]
pub enum Card {
    // Opportunity.
    /// Interrupt: in answer to Appel or Search, move threatened POWs directly to safe areas.
    AdvanceWarning,
    /// Take one Equipment card of your choice.
    BribeOne,
    /// Take two Equipment cards of your choice.
    BribeTwo,
    /// One guard of your choice goes to the barracks.
    Diversion,
    /// Stands for food and disguise in an escape kit.
    KitPartA,
    /// Stands for documents and compass in an escape kit.
    KitPartB,
    /// Prevents the confiscation of one Equipment card.
    Hideaway,
    /// Inspection by the German High Command: two guards of your choice go to the barracks.
    Inspection,
    /// Turn in for an Equipment card of this kind.
    TurnIn(Equipment),
    /// Move one of your POWs directly to this room.
    MoveFast(u8),
    /// Release one of your POWs from solitary.
    #[default]
    Release,
    /// The German discards two random Security cards and draws one.
    Sabotage,
    /// Drive the staff car toward the main bridge.
    StaffCar,
    /// Interrupt: against Shoot to Kill, the first throw is not doubled.
    Talisman,
    /// Open this tunnel with two of your POWs.
    Tunnel(TunnelId),
    // Security.
    /// Roll call: POWs back to Appel, or a general search.
    Appel,
    /// A POW that used a Key goes to solitary.
    ArrestKeyHolder,
    /// A POW that used a Pass goes to solitary.
    ArrestPassHolder,
    /// Guards may enter this room and arrest the POWs in it.
    Search(u8),
    /// A guard fires at a POW outside.
    ShootToKill,
    /// Guards may enter a tunnel and arrest the POWs in it.
    TunnelDetected,
}

impl Card {
    /// Whether it belongs to the Security deck.
    pub const fn is_security(self) -> bool {
        matches!(
            self,
            Card::Appel
                | Card::ArrestKeyHolder
                | Card::ArrestPassHolder
                | Card::Search(_)
                | Card::ShootToKill
                | Card::TunnelDetected
        )
    }

    /// Notation name (`tunnel:chapel`, `search:dentist`).
    pub fn name(self, board: &Board) -> String {
        let room = |r: u8| board.rooms[r as usize].id.clone();
        match self {
            Card::AdvanceWarning => "advance-warning".into(),
            Card::BribeOne => "bribe-one".into(),
            Card::BribeTwo => "bribe-two".into(),
            Card::Diversion => "diversion".into(),
            Card::KitPartA => "kit-part-a".into(),
            Card::KitPartB => "kit-part-b".into(),
            Card::Hideaway => "hideaway".into(),
            Card::Inspection => "inspection".into(),
            Card::TurnIn(e) => format!("turn-in:{}", e.name()),
            Card::MoveFast(r) => format!("move-fast:{}", room(r)),
            Card::Release => "release".into(),
            Card::Sabotage => "sabotage".into(),
            Card::StaffCar => "staff-car".into(),
            Card::Talisman => "talisman".into(),
            Card::Tunnel(t) => format!("tunnel:{}", t.name()),
            Card::Appel => "appel".into(),
            Card::ArrestKeyHolder => "arrest-key-holder".into(),
            Card::ArrestPassHolder => "arrest-pass-holder".into(),
            Card::Search(r) => format!("search:{}", room(r)),
            Card::ShootToKill => "shoot-to-kill".into(),
            Card::TunnelDetected => "tunnel-detected".into(),
        }
    }

    /// Parses a notation name.
    pub fn parse(s: &str, board: &Board) -> Option<Card> {
        let room = |r: &str| board.rooms.iter().position(|x| x.id == r).map(|i| i as u8);
        Some(match s.split_once(':') {
            Some(("turn-in", e)) => Card::TurnIn(Equipment::parse(e)?),
            Some(("move-fast", r)) => Card::MoveFast(room(r)?),
            Some(("tunnel", t)) => Card::Tunnel(TunnelId::parse(t)?),
            Some(("search", r)) => Card::Search(room(r)?),
            Some(_) => return None,
            None => match s {
                "advance-warning" => Card::AdvanceWarning,
                "bribe-one" => Card::BribeOne,
                "bribe-two" => Card::BribeTwo,
                "diversion" => Card::Diversion,
                "kit-part-a" => Card::KitPartA,
                "kit-part-b" => Card::KitPartB,
                "hideaway" => Card::Hideaway,
                "inspection" => Card::Inspection,
                "release" => Card::Release,
                "sabotage" => Card::Sabotage,
                "staff-car" => Card::StaffCar,
                "talisman" => Card::Talisman,
                "appel" => Card::Appel,
                "arrest-key-holder" => Card::ArrestKeyHolder,
                "arrest-pass-holder" => Card::ArrestPassHolder,
                "shoot-to-kill" => Card::ShootToKill,
                "tunnel-detected" => Card::TunnelDetected,
                _ => return None,
            },
        })
    }
}

/// The cards of one edition.
#[derive(Clone, Debug)]
pub struct Manifest {
    /// Equipment stack sizes, by [`Equipment::index`].
    pub equipment: [u8; 4],
    /// The Opportunity deck, unshuffled.
    pub opportunity: Vec<Card>,
    /// The Security deck, unshuffled.
    pub security: Vec<Card>,
    /// Do-or-Die values (classic).
    pub do_or_die: Vec<u8>,
    /// Escape kits.
    pub escape_kits: u8,
}

/// The two editions' manifests.
#[derive(Clone, Debug)]
pub struct Manifests {
    /// The 2016 edition (default rules).
    pub edition2016: Manifest,
    /// The classic rules.
    pub classic: Manifest,
}

impl Manifests {
    /// Validates deck data against the board (room and tunnel names).
    ///
    /// # Errors
    /// A message naming the first bad entry.
    pub fn from_data(d: &DecksData, board: &Board) -> Result<Manifests, String> {
        let mut found = Vec::new();
        for id in ["2016", "classic"] {
            let e = d.edition.iter().find(|e| e.id == id).ok_or_else(|| format!("decks: no edition {id}"))?;
            let mut equipment = [0u8; 4];
            for c in &e.equipment {
                let k =
                    Equipment::parse(&c.card).ok_or_else(|| format!("decks: {id}: unknown equipment {:?}", c.card))?;
                equipment[k.index()] = c.count;
            }
            let deck = |list: &[crate::data::CountData], security: bool| -> Result<Vec<Card>, String> {
                let mut out = Vec::new();
                for c in list {
                    let card =
                        Card::parse(&c.card, board).ok_or_else(|| format!("decks: {id}: unknown card {:?}", c.card))?;
                    if card.is_security() != security {
                        return Err(format!("decks: {id}: {} is in the wrong deck", c.card));
                    }
                    out.extend(std::iter::repeat_n(card, c.count as usize));
                }
                Ok(out)
            };
            let opportunity = deck(&e.opportunity, false)?;
            let security = deck(&e.security, true)?;
            if opportunity.is_empty() || security.is_empty() {
                return Err(format!("decks: {id}: empty deck"));
            }
            // Decks and hands are inline lists of this capacity (`sandtable_core::Deck`).
            let max = sandtable_core::MAX_DECK;
            if opportunity.len() > max || security.len() > max || e.do_or_die.len() > max {
                return Err(format!("decks: {id}: a deck holds at most {max} cards"));
            }
            found.push(Manifest {
                equipment,
                opportunity,
                security,
                do_or_die: e.do_or_die.clone(),
                escape_kits: e.escape_kits,
            });
        }
        let classic = found.pop().expect("two editions");
        let edition2016 = found.pop().expect("two editions");
        Ok(Manifests { edition2016, classic })
    }
}
