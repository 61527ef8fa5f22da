//! Actions and their canonical notation.
//!
//! | notation | meaning |
//! |---|---|
//! | `roll` | roll for movement (doubles roll again, at most twice) |
//! | `move br1 ic12` | move a pawn along free circles to `ic12` (MP = circles passed) |
//! | `move br1 ap3` | after a claim or a kit: send that POW to a free Appel circle of the officer's choice (no MP) |
//! | `cross br1 oc3` | a POW steps through a door (key), inspection point (pass), down a drop (rope) or through wire (cutters) |
//! | `deploy g3 oc12` | a guard from the barracks to a guard post (1 MP) |
//! | `recall g3` | a guard on a guard post to the Commander's Office (1 MP) |
//! | `clear g3 oc12` | a guard removes the Escape Attempt marker on its link to `oc12` |
//! | `release br2` | a doubles release from solitary (1 MP) |
//! | `claim rope br1 br2` | two POWs in rope rooms take a Rope |
//! | `kit br1 br2 br3 br4` / `kit part-a br3 br4` | assemble an escape kit |
//! | `give key american` | hand an Equipment card to another officer (2016) |
//! | `give release american` | hand an Opportunity card to another officer (classic) |
//! | `do-or-die br1` | classic: a last-resort escape over the moat |
//! | `play diversion g3` | play a card (targets after its name) |
//! | `play release br2 oc15` | classic: release into the outer area onto a circle closer to the exit |
//! | `discard release` | discard a card (hand limit of three) |
//! | `surrender key` / `hideaway` | give up a confiscated Equipment card, or save it with a Hideaway |
//! | `answer` / `answer br3 br5` | Appel: the officer's whole answer, in one secret decision — none refuse, or these POWs do |
//! | `search` | after refusals, the German's general search |
//! | `pass` | decline an interrupt (or keep the markers after an escape) |
//! | `remove-markers` | after an escape, the German removes that nation's markers |
//! | `end` | end the turn |

use crate::appel::Refusing;
use crate::board::{CircleId, TunnelId};
use crate::cards::{Card, Equipment};
use crate::pawn::{Nation, PawnId};
use crate::Colditz;
use sandtable_core::{ParseError, Text};

/// A card's target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// No target.
    None,
    /// A pawn.
    Pawn(PawnId),
    /// An Equipment kind.
    Equip(Equipment),
    /// A tunnel.
    Tunnel(TunnelId),
    /// A circle (classic Release: where a POW released into the outer area appears).
    Circle(CircleId),
}

/// One component of an escape kit being assembled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A POW standing in a kit room.
    Pow(PawnId),
    /// An Escape Kit (part) card.
    Part(Card),
}

impl Piece {
    /// Kit pieces are listed parts first (A, then B), then POWs by number.
    fn order(&self) -> (u8, usize) {
        match self {
            Piece::Part(Card::KitPartA) => (0, 0),
            Piece::Part(_) => (0, 1),
            Piece::Pow(p) => (1, p.index()),
        }
    }
}

/// The one notation of a kit: its pieces (at most four) in canonical order.
/// A stable insertion sort on the stack: no heap.
pub(crate) fn canonical_kit(list: impl IntoIterator<Item = Piece>) -> [Option<Piece>; 4] {
    let mut pieces: [Option<Piece>; 4] = [None; 4];
    for (i, x) in list.into_iter().enumerate().take(4) {
        pieces[i] = Some(x);
        // Sink it below the pieces that come after it (equal keys keep their order).
        let mut j = i;
        while j > 0 && pieces[j - 1].map(|p| p.order()) > Some(x.order()) {
            pieces.swap(j - 1, j);
            j -= 1;
        }
    }
    pieces
}

/// One decision. `Copy`, a few bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll for movement.
    Roll,
    /// Move a pawn to a circle.
    Move(PawnId, CircleId),
    /// Use equipment to step into an adjacent circle.
    Cross(PawnId, CircleId),
    /// Post a guard from the barracks.
    Deploy(PawnId, CircleId),
    /// Send a guard on a post to the office.
    Recall(PawnId),
    /// A guard removes a marker.
    Clear(PawnId, CircleId),
    /// Release a POW from solitary with a doubles.
    Release(PawnId),
    /// Claim Equipment with two POWs.
    Claim(Equipment, PawnId, PawnId),
    /// Assemble an escape kit (up to four pieces).
    Kit([Option<Piece>; 4]),
    /// Give an Equipment card (2016).
    Give(Equipment, Nation),
    /// Give an unplayed Opportunity card (classic).
    GiveCard(Card, Nation),
    /// Classic: a last-resort Do-or-Die escape by one POW.
    DoOrDie(PawnId),
    /// Play a card.
    Play(Card, Arg, Arg),
    /// Discard a card from hand.
    Discard(Card),
    /// Give up a confiscated Equipment card.
    Surrender(Equipment),
    /// Save a confiscated card with a Hideaway.
    Hideaway,
    /// Appel: the officer's whole answer, which of his POWs refuse to
    /// return — one decision, so nobody learns from how many decisions he
    /// made how many refuse (issue 9).
    Answer(Refusing),
    /// The German's general search after refusals.
    Search,
    /// Decline an interrupt (or keep the markers after an escape).
    Pass,
    /// After an escape: the German removes the escaper's nation's markers.
    RemoveMarkers,
    /// End the turn.
    End,
}

impl Colditz {
    /// Canonical text of an action.
    pub fn format_action(&self, a: Action) -> String {
        let c = |c: CircleId| self.board.key(c).to_owned();
        let arg = |x: Arg| match x {
            Arg::None => String::new(),
            Arg::Pawn(p) => format!(" {}", p.code()),
            Arg::Equip(e) => format!(" {}", e.name()),
            Arg::Tunnel(t) => format!(" {}", t.name()),
            Arg::Circle(c) => format!(" {}", self.board.key(c)),
        };
        match a {
            Action::Roll => "roll".into(),
            Action::Move(p, to) => format!("move {} {}", p.code(), c(to)),
            Action::Cross(p, to) => format!("cross {} {}", p.code(), c(to)),
            Action::Deploy(p, to) => format!("deploy {} {}", p.code(), c(to)),
            Action::Recall(p) => format!("recall {}", p.code()),
            Action::Clear(p, to) => format!("clear {} {}", p.code(), c(to)),
            Action::Release(p) => format!("release {}", p.code()),
            Action::Claim(e, p, q) => format!("claim {} {} {}", e.name(), p.code(), q.code()),
            Action::Kit(pieces) => {
                let mut s = String::from("kit");
                for piece in pieces.iter().flatten() {
                    s.push(' ');
                    match piece {
                        Piece::Pow(p) => s.push_str(&p.code()),
                        Piece::Part(card) => s.push_str(&card.name(&self.board)),
                    }
                }
                s
            }
            Action::Give(e, n) => format!("give {} {}", e.name(), n.id()),
            Action::GiveCard(card, n) => format!("give {} {}", card.name(&self.board), n.id()),
            Action::DoOrDie(p) => format!("do-or-die {}", p.code()),
            Action::Play(card, x, y) => {
                format!("play {}{}{}", card.name(&self.board), arg(x), arg(y))
            }
            Action::Discard(card) => format!("discard {}", card.name(&self.board)),
            Action::Surrender(e) => format!("surrender {}", e.name()),
            Action::Hideaway => "hideaway".into(),
            Action::Answer(refusing) => {
                let mut s = String::from("answer");
                for p in refusing.iter() {
                    s.push(' ');
                    s.push_str(&p.code());
                }
                s
            }
            Action::Search => "search".into(),
            Action::Pass => "pass".into(),
            Action::RemoveMarkers => "remove-markers".into(),
            Action::End => "end".into(),
        }
    }

    /// Reads an action's text.
    ///
    /// # Errors
    /// What was expected.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
        let bad = |en: String, ru: String| ParseError::new(text, Text::new(en, ru));
        let pawn = |w: &str| PawnId::parse(w).ok_or_else(|| bad(format!("no pawn {w:?}"), format!("нет пешки {w:?}")));
        let circle =
            |w: &str| self.board.find(w).ok_or_else(|| bad(format!("no circle {w:?}"), format!("нет кружка {w:?}")));
        let equip = |w: &str| {
            Equipment::parse(w).ok_or_else(|| bad(format!("no equipment {w:?}"), format!("нет экипировки {w:?}")))
        };
        let card = |w: &str| {
            Card::parse(w, &self.board).ok_or_else(|| bad(format!("no card {w:?}"), format!("нет карты {w:?}")))
        };
        let arg = |w: Option<&String>| -> Result<Arg, ParseError> {
            let Some(w) = w else { return Ok(Arg::None) };
            if let Some(p) = PawnId::parse(w) {
                return Ok(Arg::Pawn(p));
            }
            if let Some(e) = Equipment::parse(w) {
                return Ok(Arg::Equip(e));
            }
            if let Some(t) = TunnelId::parse(w) {
                return Ok(Arg::Tunnel(t));
            }
            if let Some(c) = self.board.find(w) {
                return Ok(Arg::Circle(c));
            }
            Err(bad(
                format!("{w:?} is not a pawn, equipment, tunnel or circle"),
                format!("{w:?} — не пешка, не экипировка, не тоннель и не кружок"),
            ))
        };
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        Ok(match w.as_slice() {
            ["roll"] => Action::Roll,
            ["move", p, c] => Action::Move(pawn(p)?, circle(c)?),
            ["cross", p, c] => Action::Cross(pawn(p)?, circle(c)?),
            ["deploy", p, c] => Action::Deploy(pawn(p)?, circle(c)?),
            ["recall", p] => Action::Recall(pawn(p)?),
            ["clear", p, c] => Action::Clear(pawn(p)?, circle(c)?),
            ["release", p] => Action::Release(pawn(p)?),
            ["claim", e, p, q] => Action::Claim(equip(e)?, pawn(p)?, pawn(q)?),
            ["kit", rest @ ..] if (1..=4).contains(&rest.len()) => {
                let mut pieces = [None; 4];
                for (i, x) in rest.iter().enumerate() {
                    pieces[i] = Some(match *x {
                        "kit-part-a" | "part-a" => Piece::Part(Card::KitPartA),
                        "kit-part-b" | "part-b" => Piece::Part(Card::KitPartB),
                        p => Piece::Pow(pawn(p)?),
                    });
                }
                // One notation per kit: parts first, then POWs by number.
                Action::Kit(canonical_kit(pieces.iter().flatten().copied()))
            }
["give", e, n] => {
                let nation = crate::pawn::Nation::ALL
                    .into_iter()
                    .find(|x| x.id() == *n)
                    .ok_or_else(|| bad(format!("no officer {n:?}"), format!("нет офицера {n:?}")))?;
                match Equipment::parse(e) {
                    Some(eq) => Action::Give(eq, nation),
                    None => Action::GiveCard(card(e)?, nation),
                }
            }
            ["do-or-die", p] => Action::DoOrDie(pawn(p)?),
            ["play", c, rest @ ..] if rest.len() <= 2 => Action::Play(card(c)?, arg(words.get(2))?, arg(words.get(3))?),
            ["discard", c] => Action::Discard(card(c)?),
            ["surrender", e] => Action::Surrender(equip(e)?),
            ["hideaway"] => Action::Hideaway,
            ["answer", pows @ ..] => {
                let mut refusing = Refusing::NONE;
                for w in pows {
                    let p = pawn(w)?;
                    if p.is_guard() || refusing.contains(p) {
                        return Err(bad(
                            format!("an Appel answer names each refusing POW once: {w:?}"),
                            format!("в ответе на Сбор каждый отказавшийся Военнопленный назван один раз: {w:?}"),
                        ));
                    }
                    refusing = refusing.with(p);
                }
                Action::Answer(refusing)
            }
            ["search"] => Action::Search,
            ["pass"] => Action::Pass,
            ["remove-markers"] => Action::RemoveMarkers,
            ["end"] => Action::End,
            _ => {
                return Err(bad(
                    "expected: roll | move P C | cross P C | deploy G C | recall G | clear G C | release P | claim E P P | kit … | give E OFFICER | play CARD [ARG] [ARG] | discard CARD | surrender E | hideaway | answer [P…] | search | pass | end".into(),
                    "ожидается: roll | move P C | cross P C | deploy G C | recall G | clear G C | release P | claim E P P | kit … | give E ОФИЦЕР | play КАРТА [ЦЕЛЬ] [ЦЕЛЬ] | discard КАРТА | surrender E | hideaway | answer [P…] | search | pass | end".into(),
                ))
            }
        })
    }
}
