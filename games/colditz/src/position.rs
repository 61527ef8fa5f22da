//! A position given as data, checked before play starts from it
//! ([`sandtable_core::Ruleset::validate`]): the player count, every pawn on a
//! circle of this board, every card of the manifest exactly once (cards are
//! never destroyed: a played or discarded card goes to the bottom of its
//! deck), Equipment and escape kits conserved between stock and officers.

use crate::cards::Card;
use crate::pawn::PAWN_SLOTS;
use crate::state::{Loc, State};
use crate::Colditz;
use sandtable_core::{PositionError, PositionErrors};

impl Colditz {
    /// Every impossible thing in `s` for this board and manifest.
    /// O(pawns + cards · log cards).
    pub(crate) fn validate_position(&self, s: &State) -> Result<(), Vec<PositionError>> {
        let mut e = PositionErrors::default();
        let players = usize::from(s.players);
        e.check(
            (2..=6).contains(&players),
            || "players".into(),
            || format!("{players} players: the game takes 2–6"),
            || format!("игроков {players}: играют от 2 до 6"),
        );
        e.check(
            s.hands.len() == players,
            || "hands".into(),
            || format!("{} hands for {players} players", s.hands.len()),
            || format!("рук {} на {players} игроков", s.hands.len()),
        );
        e.check(
            usize::from(s.turn) < players,
            || "turn".into(),
            || format!("seat {} to play, of {players}", s.turn),
            || format!("ходит место {}, а игроков {players}", s.turn),
        );
        e.check(
            s.pawns.len() == PAWN_SLOTS,
            || "pawns".into(),
            || format!("{} pawn slots, not {PAWN_SLOTS}", s.pawns.len()),
            || format!("мест для пешек {}, а не {PAWN_SLOTS}", s.pawns.len()),
        );
        let circles = self.board.net.len();
        for (i, p) in s.pawns.iter().enumerate() {
            if let Loc::Circle(c) = p.loc {
                e.check(
                    c.index() < circles,
                    || format!("pawns[{i}].loc"),
                    || format!("circle {} is not on the board ({circles} circles)", c.index()),
                    || format!("кружка {} нет на поле (кружков {circles})", c.index()),
                );
            }
        }
        // Cards: every card of the manifest once, Security with the German,
        // Opportunity with the officers (and the six-player kit-part pile).
        let manifest = if s.classic { &self.manifests.classic } else { &self.manifests.edition2016 };
        let officers = s.hands.iter().skip(1).flat_map(|h| h.cards().iter().copied());
        let opportunity: Vec<Card> =
            s.opportunity.cards().copied().chain(officers).chain(s.kit_parts_aside.iter().copied()).collect();
        let german = s.hands.first().map(|h| h.cards().to_vec()).unwrap_or_default();
        let security: Vec<Card> = s.security.cards().copied().chain(german).collect();
        for (name, held, printed) in
            [("opportunity", opportunity, &manifest.opportunity), ("security", security, &manifest.security)]
        {
            let (mut held, mut printed) = (held, printed.clone());
            held.sort_unstable();
            printed.sort_unstable();
            e.check(
                held == printed,
                || name.into(),
                || format!("the {name} cards in decks and hands are not the manifest's, each once"),
                || format!("карты ({name}) в колодах и на руках не совпадают с составом колоды"),
            );
        }
        // Equipment: what officers hold came from the stock (claims return to it).
        for k in 0..4 {
            let held: u16 = s.equipment.iter().map(|n| u16::from(n[k])).sum();
            e.check(
                held + u16::from(s.stock[k]) == u16::from(manifest.equipment[k]),
                || format!("stock[{k}]"),
                || format!("{held} held and {} in stock, of {} printed", s.stock[k], manifest.equipment[k]),
                || format!("на руках {held}, в запасе {}, а всего {}", s.stock[k], manifest.equipment[k]),
            );
        }
        e.finish()
    }
}
