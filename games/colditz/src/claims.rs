//! Equipment (two POWs in symbol rooms), escape kits (four rooms at once, or
//! Escape Kit (part) cards), and trading Equipment between officers.

use crate::action::Piece;
use crate::board::Symbol;
use crate::board::Zone;
use crate::cards::{Card, Equipment};
use crate::pawn::{Nation, PawnId, GERMAN};
use crate::state::{Pending, State};
use crate::{Action, Colditz};
use sandtable_core::{Audience, Events, Illegal, Seat, SeatSet, Text};

/// The kit symbols an Escape Kit (part) card stands for (authored split).
pub const fn part_symbols(card: Card) -> [Symbol; 2] {
    match card {
        Card::KitPartA => [Symbol::Food, Symbol::Disguise],
        _ => [Symbol::Documents, Symbol::Compass],
    }
}

impl Colditz {
    /// The symbol of the room a POW stands in (at the surface).
    fn room_symbol(&self, s: &State, p: PawnId) -> Option<Symbol> {
        let c = s.pawn(p).circle().filter(|_| !s.pawn(p).in_tunnel)?;
        self.board.symbol(c)
    }

    fn officer(&self, seat: Seat) -> Result<Nation, Illegal> {
        Nation::of_seat(seat).ok_or(Illegal::fixed(
            "Colditz: Equipment cards",
            "only Escape Officers collect equipment",
            "Экипировку собирают только Офицеры Беглецы",
        ))
    }

    /// Checks `claim E p q`: two of the officer's POWs in rooms with E's
    /// symbol (one room or both), a card of E left in its stack.
    pub(crate) fn check_claim(&self, s: &State, seat: Seat, e: Equipment, p: PawnId, q: PawnId) -> Result<(), Illegal> {
        let nation = self.officer(seat)?;
        if p >= q || p.nation() != Some(nation) || q.nation() != Some(nation) {
            return Err(Illegal::fixed(
                "Colditz: Equipment cards",
                "name two of your POWs, lower number first",
                "назовите двух своих Военнопленных, меньший номер первым",
            ));
        }
        if self.room_symbol(s, p) != Some(e.symbol()) || self.room_symbol(s, q) != Some(e.symbol()) {
            return Err(Illegal::fixed(
                "Colditz: Equipment cards",
                "both POWs must stand in rooms with that equipment's symbol",
                "оба Военнопленных должны быть в Комнатах с символом этой Экипировки",
            ));
        }
        if s.stock[e.index()] == 0 {
            return Err(Illegal::fixed(
                "Colditz: Equipment cards",
                "none of that equipment is left in its stack",
                "эта Экипировка закончилась в стопке",
            ));
        }
        Ok(())
    }

    /// Takes the card; the officer then sends both POWs to Appel circles of
    /// his choice (both rule sets: «отправляет обоих этих Военнопленных на
    /// любые кружки Области Сбора»; classic summary: "anywhere within the
    /// Appel zone").
    pub(crate) fn do_claim(&self, s: &mut State, seat: Seat, e: Equipment, p: PawnId, q: PawnId, ev: &mut Events) {
        let nation = Nation::of_seat(seat).expect("checked");
        s.stock[e.index()] -= 1;
        s.equipment[nation.index()][e.index()] += 1;
        for x in [p, q] {
            s.pending.push(Pending::ToAppel { pow: x });
        }
        ev.say("Colditz: Equipment cards", || {
            let t = e.text();
            Text::new(
                format!("{} collect a {}", nation.name().en, t.en),
                format!("{}: получен предмет — {}", nation.name().ru, t.ru),
            )
        });
    }

    /// Free Appel circles a POW sent there may be placed on (at the
    /// surface), in circle order. One occupancy map, then O(Appel circles).
    pub(crate) fn free_appel_circles(&self, s: &State) -> impl Iterator<Item = crate::CircleId> + '_ {
        let occ = crate::movement::Occupancy::of(self, s);
        self.board.appel_area.iter().copied().filter(move |&c| occ.at(c).is_none())
    }

    /// Whether `c` is a free Appel circle (see `free_appel_circles`). O(pawns).
    fn free_appel_circle(&self, s: &State, c: crate::CircleId) -> bool {
        c != self.board.car && self.board.circle(c).zone == Zone::Appel && self.surface_pawn(s, c).is_none()
    }

    /// Checks the placing of a POW sent to Appel: a free Appel circle; with
    /// none free (authored: the text is silent), `pass` leaves him where he is.
    pub(crate) fn check_to_appel(&self, s: &State, pow: PawnId, a: Action) -> Result<(), Illegal> {
        match a {
            Action::Move(p, c) if p == pow && self.free_appel_circle(s, c) => Ok(()),
            Action::Pass if self.free_appel_circles(s).next().is_none() => Ok(()),
            _ => Err(Illegal::fixed(
                "Colditz: Equipment cards",
                "send the POW to any free circle of the Appel area (`move`)",
                "отправьте Военнопленного на любой свободный кружок Области Сбора (`move`)",
            )),
        }
    }

    /// Checks `kit …`: no kit held, a kit left, and the pieces — POWs in kit
    /// rooms and Escape Kit (part) cards in hand — cover food, disguise,
    /// documents and compass exactly once. Pieces are listed parts first,
    /// then POWs by number.
    pub(crate) fn check_kit(&self, s: &State, seat: Seat, pieces: [Option<Piece>; 4]) -> Result<(), Illegal> {
        let nation = self.officer(seat)?;
        if s.kits[nation.index()] {
            return Err(Illegal::fixed(
                "Colditz: Escape Kits",
                "an officer holds one kit at a time",
                "Офицер Беглец держит только один Комплект",
            ));
        }
        if s.kit_stock == 0 {
            return Err(Illegal::fixed(
                "Colditz: Escape Kits",
                "no escape kit is left",
                "Комплектов Спасения не осталось",
            ));
        }
        // At most four pieces, each covering one or two symbols: on the stack.
        let mut buf = [Piece::Part(Card::KitPartA); 4];
        let mut n = 0;
        for &piece in pieces.iter().flatten() {
            buf[n] = piece;
            n += 1;
        }
        let list = &buf[..n];
        let repeated = list.windows(2).any(|w| w[0] == w[1]);
        if crate::action::canonical_kit(list.iter().copied()) != pieces || repeated {
            return Err(Illegal::fixed(
                "Colditz: Escape Kits",
                "list each piece once: parts first, then POWs by number",
                "перечислите каждую часть один раз: сначала карты, потом Военнопленных по номерам",
            ));
        }
        let mut covered = [Symbol::Food; 8];
        let mut m = 0;
        let hand = &s.hands[seat.index()];
        for piece in list {
            match *piece {
                Piece::Part(card) => {
                    let needed = list.iter().filter(|x| **x == Piece::Part(card)).count();
                    if hand.cards().iter().filter(|c| **c == card).count() < needed {
                        return Err(Illegal::fixed(
                            "Colditz: Escape Kits",
                            "you do not hold that Escape Kit (part) card",
                            "у вас нет такой карты «Комплект Спасения (часть)»",
                        ));
                    }
                    for sym in part_symbols(card) {
                        covered[m] = sym;
                        m += 1;
                    }
                }
                Piece::Pow(p) => {
                    if p.nation() != Some(nation) {
                        return Err(Illegal::fixed(
                            "Colditz: Escape Kits",
                            "use your own POWs",
                            "используйте своих Военнопленных",
                        ));
                    }
                    match self.room_symbol(s, p) {
                        Some(sym) if Symbol::KIT.contains(&sym) => {
                            covered[m] = sym;
                            m += 1;
                        }
                        _ => {
                            return Err(Illegal::fixed(
                                "Colditz: Escape Kits",
                                "each POW must stand in a room with a kit symbol",
                                "каждый Военнопленный должен стоять в Комнате с символом Комплекта",
                            ))
                        }
                    }
                }
            }
        }
        let covered = &mut covered[..m];
        covered.sort_unstable();
        let mut kit = Symbol::KIT;
        kit.sort_unstable();
        if covered != kit {
            return Err(Illegal::fixed(
                "Colditz: Escape Kits",
                "the pieces must cover food, disguise, documents and compass, each once",
                "части должны покрыть еду, маскировку, документы и компас — каждое по одному разу",
            ));
        }
        Ok(())
    }

    /// Takes the kit; the officer sends the POWs to Appel circles of his
    /// choice (2016: «отправляют этих четырех Военнопленных на любые кружки в
    /// Области Сбора»; classic: they stay) and the part cards go to the
    /// bottom of the Opportunity deck.
    pub(crate) fn do_kit(&self, s: &mut State, seat: Seat, pieces: [Option<Piece>; 4], ev: &mut Events) {
        let nation = Nation::of_seat(seat).expect("checked");
        s.kits[nation.index()] = true;
        s.kit_stock -= 1;
        for piece in pieces.into_iter().flatten() {
            match piece {
                Piece::Part(card) => {
                    s.hands[seat.index()].remove(&card);
                    self.return_card(s, card);
                    ev.reveal(Audience::Everyone, "Colditz: Escape Kits", || {
                        let name = card.name(&self.board);
                        Text::new(format!("card handed in: {name}"), format!("сдана карта: {name}"))
                    });
                }
                Piece::Pow(p) if !s.classic => s.pending.push(Pending::ToAppel { pow: p }),
                Piece::Pow(_) => {}
            }
        }
        ev.say("Colditz: Escape Kits", || {
            Text::new(
                format!("{} assemble an escape kit", nation.name().en),
                format!("{}: собран Комплект Спасения", nation.name().ru),
            )
        });
    }

    /// Checks `give E officer`: 2016 — Equipment is traded freely between
    /// officers at any moment except the German's turn (out of turn through
    /// `Ruleset::may_act`).
    pub(crate) fn check_give(&self, s: &State, seat: Seat, e: Equipment, to: Nation) -> Result<(), Illegal> {
        if s.classic {
            return Err(Illegal::fixed(
                "Colditz classic: Cards",
                "in the classic rules Equipment cards cannot be given",
                "в классических правилах карты Экипировки не передаются",
            ));
        }
        let nation = self.officer(seat)?;
        if seat == GERMAN || to == nation || !self.nations(s).any(|n| n == to) {
            return Err(Illegal::fixed(
                "Colditz: Equipment cards",
                "give to another Escape Officer in the game",
                "передавать можно другому Офицеру Беглецу в игре",
            ));
        }
        if s.holds(nation, e) == 0 {
            return Err(Illegal::fixed(
                "Colditz: Equipment cards",
                "you do not hold that equipment",
                "у вас нет этой Экипировки",
            ));
        }
        Ok(())
    }

    /// Hands the card over.
    pub(crate) fn do_give(&self, s: &mut State, seat: Seat, e: Equipment, to: Nation, ev: &mut Events) {
        let from = Nation::of_seat(seat).expect("checked");
        s.equipment[from.index()][e.index()] -= 1;
        s.equipment[to.index()][e.index()] += 1;
        // The receiver now sees which kind it was: past this, no undo.
        ev.reveal(Audience::Seats(SeatSet::one(to.seat())), "Colditz: Equipment cards", || {
            let (k, n) = (e.text(), from.name());
            Text::new(format!("you receive {} from the {}", k.en, n.en), format!("вы получаете: {} ({})", k.ru, n.ru))
        });
    }
}
