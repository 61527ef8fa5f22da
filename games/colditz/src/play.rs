//! Playing Opportunity and Security cards in one's own turn. (Interrupts —
//! Talisman, Hideaway, Advance Warning — answer other players' cards.)

use crate::action::Arg;
use crate::board::CircleId;
use crate::board::{Link, TunnelId, Zone};
use crate::cards::{Card, Equipment};
use crate::fixed::{CircleQueue, MAX_CIRCLES};
use crate::pawn::{Nation, PawnId, GERMAN, PAWN_SLOTS};
use crate::state::{Loc, Pending, Phase, State, TunnelState};
use crate::turn::Throws;
use crate::{Action, Colditz};
use sandtable_core::{Audience, Events, Illegal, Seat, Text};
use std::collections::VecDeque;
use tinyvec::ArrayVec;

const fn bad(en: &'static str, ru: &'static str) -> Illegal {
    Illegal::fixed("Colditz: Cards", en, ru)
}

impl Colditz {
    /// Candidate card plays and discards for the seat to act.
    ///
    /// Targets are listed only where they meet the card's plain conditions
    /// (a guard on the board, one's own POW in a cell…): `check_play`
    /// refuses the others anyway, and listing them would only cost checks.
    /// The order is that of the full list, filtered.
    pub(crate) fn card_candidates(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let me = Nation::of_seat(seat);
        let own = |p: PawnId| me.is_some() && p.nation() == me;
        let at = |p: PawnId| s.pawn(p).circle().map(|c| (c, self.board.circle(c)));
        // Guards on the board; POWs on the board at the surface, out of the cells.
        let guard_on_board = |p: PawnId| p.is_guard() && at(p).is_some();
        let pow_free =
            |p: PawnId| !p.is_guard() && !s.pawn(p).in_tunnel && at(p).is_some_and(|(_, c)| !c.zone.is_cell());
        let pawns: ArrayVec<[PawnId; PAWN_SLOTS]> = s.present().collect();
        for &card in s.hands[seat.index()].cards() {
            out.push(Action::Discard(card));
            let targets = |keep: &dyn Fn(PawnId) -> bool| -> ArrayVec<[PawnId; PAWN_SLOTS]> {
                pawns.iter().copied().filter(|&p| keep(p)).collect()
            };
            let singles = |out: &mut Vec<Action>, keep: &dyn Fn(PawnId) -> bool| {
                out.extend(targets(keep).into_iter().map(|p| Action::Play(card, Arg::Pawn(p), Arg::None)));
            };
            let pairs = |out: &mut Vec<Action>,
                         first: &dyn Fn(PawnId) -> bool,
                         second: &dyn Fn(PawnId) -> bool,
                         ordered: bool| {
                let second = targets(second);
                for a in targets(first) {
                    for &b in second.iter().filter(|&&b| !ordered || a < b) {
                        out.push(Action::Play(card, Arg::Pawn(a), Arg::Pawn(b)));
                    }
                }
            };
            match card {
                Card::BribeOne | Card::TurnIn(_) | Card::Sabotage | Card::Appel => {
                    out.push(Action::Play(card, Arg::None, Arg::None));
                    for e in Equipment::ALL {
                        out.push(Action::Play(card, Arg::Equip(e), Arg::None));
                    }
                }
                Card::BribeTwo => {
                    for a in Equipment::ALL {
                        for b in Equipment::ALL.into_iter().filter(|b| *b >= a) {
                            out.push(Action::Play(card, Arg::Equip(a), Arg::Equip(b)));
                        }
                    }
                }
                Card::Release if s.classic => {
                    // Classic: one of his POWs in the outer cells may appear nearer the exit.
                    for p in targets(&own) {
                        out.push(Action::Play(card, Arg::Pawn(p), Arg::None));
                        let outer_cell = at(p).is_some_and(|(_, c)| c.zone == Zone::CellOuter);
                        if !outer_cell {
                            continue;
                        }
                        let Some(default) = self.release_circle(s, p) else { continue };
                        // Circles he may stand on (the rest of the check is the card's).
                        let standable = |c: CircleId| {
                            let x = self.board.circle(c);
                            x.gate.is_none() && !x.searchlight && !self.is_tunnel_middle(c)
                        };
                        out.extend(
                            self.board
                                .outer_circles
                                .iter()
                                .filter(|&&c| self.board.to_exit[c.index()] < self.board.to_exit[default.index()])
                                .filter(|&&c| standable(c))
                                .map(|&c| Action::Play(card, Arg::Pawn(p), Arg::Circle(c))),
                        );
                    }
                }
                Card::Diversion => singles(out, &guard_on_board),
                Card::Release => singles(out, &|p| own(p) && at(p).is_some_and(|(_, c)| c.zone.is_cell())),
                Card::StaffCar => singles(out, &|p| {
                    own(p)
                        && !s.pawn(p).in_tunnel
                        && at(p).is_some_and(|(c, _)| self.board.net.link(c, self.board.car).is_some())
                }),
                Card::MoveFast(room) => {
                    if self.free_in_room(s, room).is_some() {
                        singles(out, &|p| own(p) && pow_free(p));
                    }
                }
                Card::ArrestKeyHolder | Card::ArrestPassHolder => {
                    singles(out, &|p| !p.is_guard() && at(p).is_some_and(|(_, c)| !c.zone.is_cell()))
                }
                // Only pairs the card can take: two guards; two of one's POWs; a guard and a POW.
                Card::Inspection => pairs(out, &guard_on_board, &guard_on_board, true),
                Card::Tunnel(t) => {
                    let room = self.board.circle(self.board.tunnels[t.index()].course[0]).zone;
                    let in_room = |p: PawnId| own(p) && pow_free(p) && at(p).is_some_and(|(_, c)| c.zone == room);
                    pairs(out, &in_room, &in_room, true);
                }
                Card::ShootToKill => {
                    let outside = |p: PawnId| pow_free(p) && at(p).is_some_and(|(_, c)| c.zone == Zone::Outside);
                    pairs(out, &guard_on_board, &outside, false);
                }
                Card::TunnelDetected => {
                    out.extend(TunnelId::ALL.map(|t| Action::Play(card, Arg::Tunnel(t), Arg::None)))
                }
                Card::Search(_) => out.push(Action::Play(card, Arg::None, Arg::None)),
                // Answers, not plays: Hideaway, Talisman, Advance Warning, kit parts.
                _ => {}
            }
        }
        if let Some(me) = me {
            // Equipment is given in the 2016 rules, cards in the classic
            // rules, to another officer in the game (`check_give`, `check_give_card`).
            for n in self.nations(s).filter(|&n| n != me) {
                if !s.classic {
                    out.extend(Equipment::ALL.into_iter().filter(|&e| s.holds(me, e) > 0).map(|e| Action::Give(e, n)));
                } else if !s.eliminated[n.index()] {
                    out.extend(s.hands[seat.index()].cards().iter().map(|&c| Action::GiveCard(c, n)));
                }
            }
            if s.classic && s.kits[me.index()] {
                out.extend(s.present().filter(|q| q.nation() == Some(me)).map(Action::DoOrDie));
            }
        }
    }

    /// Checks a card play in the player's own turn.
    pub(crate) fn check_play(&self, s: &State, seat: Seat, card: Card, x: Arg, y: Arg) -> Result<(), Illegal> {
        if !s.hands[seat.index()].contains(&card) {
            return Err(bad("you do not hold that card", "у вас нет этой карты"));
        }
        let german = seat == GERMAN;
        let nation = Nation::of_seat(seat);
        let own_pow = |p: PawnId| p.nation().is_some() && p.nation() == nation && s.pawn(p).loc != Loc::Absent;
        let on_board = |p: PawnId| s.pawn(p).circle().is_some();
        let in_cell = |p: PawnId| s.pawn(p).circle().is_some_and(|c| self.board.circle(c).zone.is_cell());
        match (card, x, y) {
            (Card::Appel, Arg::None, Arg::None) => {
                if s.phase != Phase::Roll {
                    return Err(Illegal::fixed(
                        "Colditz: Appel",
                        "Appel is played before the German's movement roll",
                        "«Сбор» разыгрывается перед броском на движение Офицера Охраны",
                    ));
                }
                Ok(())
            }
            (Card::Appel, ..) => Err(bad("Appel takes no target", "у «Сбора» нет цели")),
            _ if german != card.is_security() => {
                Err(bad("that card is not yours to play", "эту карту разыграть нельзя"))
            }
            (Card::ArrestKeyHolder | Card::ArrestPassHolder, Arg::Pawn(p), Arg::None) => {
                if p.is_guard() || !on_board(p) || in_cell(p) {
                    return Err(Illegal::fixed(
                        "Colditz: Arrest Key Holder / Pass Holder",
                        "the target is a POW on the board, not in solitary",
                        "цель — Военнопленный на поле, не в Одиночке",
                    ));
                }
                let used = if card == Card::ArrestKeyHolder { s.pawn(p).used_key } else { s.pawn(p).used_pass };
                if !used {
                    return Err(Illegal::fixed(
                        "Colditz: Arrest Key Holder / Pass Holder",
                        "that POW has not used that item (a Key, a Pass) since your last turn",
                        "этот Военнопленный не использовал этот предмет (Ключ, Пропуск) после вашего прошлого хода",
                    ));
                }
                self.security_card_reaches(s, p)
            }
            // Search: no limit of one a turn (neither text has one).
            (Card::Search(_), Arg::None, Arg::None) => Ok(()),
            (Card::ShootToKill, Arg::Pawn(g), Arg::Pawn(q)) => {
                let target_outside = s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone == Zone::Outside)
                    && !s.pawn(q).in_tunnel;
                if !g.is_guard() || !on_board(g) {
                    return Err(Illegal::fixed(
                        "Colditz: Shoot to Kill",
                        "a guard on the board fires",
                        "стреляет Охранник на поле",
                    ));
                }
                if q.is_guard() || !target_outside {
                    return Err(Illegal::fixed(
                        "Colditz: Outside the castle",
                        "Shoot to Kill targets only a POW outside the castle",
                        "целью «Выстрела на Поражение» может быть только Военнопленный Возле Замка",
                    ));
                }
                if self.line_of_fire(s, g, q).is_none() {
                    return Err(Illegal::fixed(
                        "Colditz: Shoot to Kill",
                        "no line of sight: a wall (a rope drop) stands between",
                        "нет прямой видимости: между ними стена",
                    ));
                }
                Ok(())
            }
            (Card::TunnelDetected, Arg::Tunnel(t), Arg::None) => {
                if s.tunnel(t) != TunnelState::Open {
                    return Err(Illegal::fixed(
                        "Colditz: Tunnels",
                        "only an open, undetected tunnel can be detected",
                        "обнаружить можно только открытый, ещё не обнаруженный Тоннель",
                    ));
                }
                Ok(())
            }
            (Card::BribeOne, Arg::Equip(e), Arg::None) | (Card::TurnIn(e), Arg::None, Arg::None) => {
                if s.stock[e.index()] == 0 {
                    return Err(Illegal::fixed(
                        "Colditz: Equipment cards",
                        "none of that equipment is left",
                        "этой Экипировки не осталось",
                    ));
                }
                Ok(())
            }
            (Card::BribeTwo, Arg::Equip(a), Arg::Equip(b)) => {
                if a > b {
                    return Err(bad("name the two kinds in stack order", "назовите два вида в порядке стопок"));
                }
                let need_a = if a == b { 2 } else { 1 };
                if s.stock[a.index()] < need_a || s.stock[b.index()] == 0 {
                    return Err(Illegal::fixed(
                        "Colditz: Equipment cards",
                        "not enough of that equipment is left",
                        "столько этой Экипировки не осталось",
                    ));
                }
                Ok(())
            }
            (Card::Diversion, Arg::Pawn(g), Arg::None) => {
                if !g.is_guard() || !on_board(g) {
                    return Err(Illegal::fixed(
                        "Colditz: Diversion / Inspection by the German High Command",
                        "send a guard on the board to the barracks",
                        "отправьте в Бараки Охранника с поля",
                    ));
                }
                Ok(())
            }
            (Card::Inspection, Arg::Pawn(g), Arg::Pawn(h)) => {
                if !g.is_guard() || !h.is_guard() || g >= h || !on_board(g) || !on_board(h) {
                    return Err(Illegal::fixed(
                        "Colditz: Diversion / Inspection by the German High Command",
                        "name two guards on the board, lower number first",
                        "назовите двух Охранников на поле, меньший номер первым",
                    ));
                }
                Ok(())
            }
            (Card::MoveFast(room), Arg::Pawn(p), Arg::None) => {
                if !own_pow(p) || !on_board(p) || s.pawn(p).in_tunnel {
                    return Err(Illegal::fixed(
                        "Colditz: Move Fast",
                        "move one of your POWs on the board, not in a tunnel",
                        "переместите своего Военнопленного с поля, не из Тоннеля",
                    ));
                }
                if in_cell(p) {
                    return Err(Illegal::fixed(
                        "Colditz: Move Fast",
                        "Move Fast does not take a POW out of solitary",
                        "«Move Fast» не выводит Военнопленного из Одиночки",
                    ));
                }
                if self.free_in_room(s, room).is_none() {
                    return Err(Illegal::fixed(
                        "Colditz: Move Fast",
                        "that room has no free circle",
                        "в этой Комнате нет свободного кружка",
                    ));
                }
                Ok(())
            }
            (Card::Release, Arg::Pawn(p), Arg::Circle(c)) => self.check_release_nearer_the_exit(s, p, c, own_pow(p)),
            (Card::Release, Arg::Pawn(p), Arg::None) => {
                if !own_pow(p) || !in_cell(p) {
                    return Err(Illegal::fixed(
                        "Colditz: Release from Solitary",
                        "release one of your POWs in solitary",
                        "выпустить можно своего Военнопленного из Одиночки",
                    ));
                }
                if self.release_circle(s, p).is_none() {
                    return Err(Illegal::fixed(
                        "Colditz: Solitary Cells",
                        "no free circle near the cell door",
                        "у двери Одиночки нет свободного кружка",
                    ));
                }
                Ok(())
            }
            // Authored: with no Security card in the German's hand Sabotage
            // would do nothing (and show nothing): it waits for a target.
            (Card::Sabotage, Arg::None, Arg::None) if s.hands[GERMAN.index()].is_empty() => Err(Illegal::fixed(
                "Colditz: Sabotage",
                "the German holds no Security card to discard",
                "у Офицера Охраны нет карт Охраны, которые можно сбросить",
            )),
            (Card::Sabotage, Arg::None, Arg::None) => Ok(()),
            (Card::StaffCar, Arg::Pawn(p), Arg::None) => {
                let next_to_car = s.pawn(p).circle().is_some_and(|c| self.board.net.link(c, self.board.car).is_some());
                if !own_pow(p) || !next_to_car || s.pawn(p).in_tunnel {
                    return Err(Illegal::fixed(
                        "Colditz: Staff Car",
                        "one of your POWs must stand next to the staff car",
                        "ваш Военнопленный должен стоять рядом со Штатным Автомобилем",
                    ));
                }
                if !self.may_escape(s, nation.expect("an officer")) {
                    return Err(Illegal::fixed(
                        "Colditz: Successful Escape",
                        "an escape needs an Escape Kit",
                        "для Побега нужен Комплект Спасения",
                    ));
                }
                Ok(())
            }
            (Card::Tunnel(t), Arg::Pawn(p), Arg::Pawn(q)) => {
                let room = self.board.circle(self.board.tunnels[t.index()].course[0]).zone;
                let in_room = |x: PawnId| {
                    s.pawn(x).circle().is_some_and(|c| self.board.circle(c).zone == room) && !s.pawn(x).in_tunnel
                };
                if p >= q || !own_pow(p) || !own_pow(q) || !in_room(p) || !in_room(q) {
                    return Err(Illegal::fixed(
                        "Colditz: Tunnels",
                        "two of your POWs in the tunnel's room go in (lower number first)",
                        "в Тоннель входят два ваших Военнопленных из его Комнаты (меньший номер первым)",
                    ));
                }
                let course = &self.board.tunnels[t.index()].course;
                let below_free = course
                    .iter()
                    .skip(1)
                    .take(2)
                    .all(|&c| !s.present().any(|x| s.pawn(x).in_tunnel && s.pawn(x).loc == Loc::Circle(c)));
                if s.tunnel(t) != TunnelState::Closed || !below_free {
                    return Err(Illegal::fixed(
                        "Colditz: Tunnels",
                        "that tunnel is already open",
                        "этот Тоннель уже открыт",
                    ));
                }
                Ok(())
            }
            _ => Err(bad("that card does not take those targets", "у этой карты другие цели")),
        }
    }

    /// Whether a Security card reaches a POW: not in a safe area (Legend:
    /// "immune to arrest and to the effects of Security cards"), nor the Appel
    /// area (a safe area), nor a tunnel (the card row of RULES.md).
    fn security_card_reaches(&self, s: &State, p: PawnId) -> Result<(), Illegal> {
        if s.pawn(p).in_tunnel {
            return Err(Illegal::fixed(
                "Colditz: Arrest Key Holder / Pass Holder",
                "a POW in a tunnel is out of the card's reach",
                "Военнопленный в Тоннеле недосягаем для этой карты",
            ));
        }
        match s.pawn(p).circle().map(|c| self.board.circle(c)) {
            Some(c) if c.zone == Zone::Appel => Err(Illegal::fixed(
                "Colditz: Appel area",
                "a POW in the Appel area is immune to Security cards: it counts as a safe area",
                "Военнопленный в Области Сбора имеет иммунитет к картам Охраны: она считается Безопасной Зоной",
            )),
            Some(c) if c.safe => Err(Illegal::fixed(
                "Colditz: Safe Areas",
                "POWs in a safe area are immune to the effects of Security cards",
                "Военнопленные в Безопасной Зоне имеют иммунитет к эффектам карт Охраны",
            )),
            _ => Ok(()),
        }
    }

    /// Classic Release from Solitary: "A POW released into the Outer area
    /// (tan) may appear on a circle closer to the 'exit' without raising
    /// suspicion": one of the officer's POWs in the outer cells, whose
    /// release circle is in the outer area, may appear instead on a free
    /// circle of the outer area nearer a target than it, one where he may
    /// stand (no gate, searchlight or tunnel middle).
    fn check_release_nearer_the_exit(
        &self,
        s: &State,
        p: PawnId,
        c: crate::CircleId,
        own: bool,
    ) -> Result<(), Illegal> {
        let rule = "Colditz classic: Release from Solitary";
        if !s.classic {
            return Err(Illegal::fixed(
                "Colditz: Release from Solitary",
                "the released POW appears on the free circle nearest the cell door (a circle nearer the exit is a classic rule)",
                "выпущенный Военнопленный появляется на ближайшем к двери Одиночки свободном кружке (ближе к выходу — только по классическим правилам)",
            ));
        }
        let outer_cell = s.pawn(p).circle().is_some_and(|x| self.board.circle(x).zone == Zone::CellOuter);
        let default = self.release_circle(s, p);
        if !own || !outer_cell || !default.is_some_and(|d| self.board.circle(d).zone == Zone::Outer) {
            return Err(Illegal::fixed(
                rule,
                "only one of your POWs released from the outer cells into the outer area may appear nearer the exit",
                "ближе к выходу может появиться только ваш Военнопленный, выпущенный из Внешних Одиночных Камер во Внешний Двор",
            ));
        }
        let circle = self.board.circle(c);
        let free = self.surface_pawn(s, c).is_none();
        let nearer = default.is_some_and(|d| self.board.to_exit[c.index()] < self.board.to_exit[d.index()]);
        if circle.zone != Zone::Outer
            || !free
            || !nearer
            || circle.gate.is_some()
            || circle.searchlight
            || self.is_tunnel_middle(c)
        {
            return Err(Illegal::fixed(
                rule,
                "name a free circle of the outer area nearer the exit than the cell door's, where he may stand",
                "назовите свободный кружок Внешнего Двора ближе к выходу, чем у двери Одиночки, где он может стоять",
            ));
        }
        Ok(())
    }

    /// A free circle in a room, the first in circle order. O(room × pawns).
    pub(crate) fn free_in_room(&self, s: &State, room: u8) -> Option<crate::CircleId> {
        let circles = self.board.room_circles.get(usize::from(room))?;
        circles.iter().copied().find(|&c| self.surface_pawn(s, c).is_none() && !self.is_tunnel_middle(c))
    }

    /// Plays a card: it leaves the hand for the bottom of its deck, then acts.
    pub(crate) fn do_play(&self, s: &mut State, seat: Seat, card: Card, x: Arg, y: Arg, ev: &mut Events) {
        s.hands[seat.index()].remove(&card);
        self.return_card(s, card);
        ev.reveal(Audience::Everyone, "Colditz: Cards", || {
            let name = card.name(&self.board);
            Text::new(format!("card played: {name}"), format!("разыграна карта: {name}"))
        });
        let nation = Nation::of_seat(seat);
        match (card, x, y) {
            (Card::Appel, ..) => self.start_appel(s, ev),
            (Card::ArrestKeyHolder | Card::ArrestPassHolder, Arg::Pawn(p), _) => {
                let zone = self.board.circle(s.pawn(p).circle().expect("checked")).zone;
                self.to_solitary(s, p, zone.is_inner(), ev);
                self.confiscate(s, p.nation().expect("a POW"), 1);
            }
            (Card::Search(room), ..) => {
                s.search |= 1 << room;
                // Officers with POWs in the room whose cards make them liable may answer
                // with Advance Warning; each is asked, holding one or not.
                for n in self.nations(s) {
                    let threatened = s.present().any(|q| {
                        q.nation() == Some(n)
                            && !s.pawn(q).in_tunnel
                            && s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone == Zone::Room(room))
                    });
                    if threatened && s.held(n) > 0 {
                        s.pending.push(Pending::Warn { nation: n, room });
                    }
                }
            }
            (Card::ShootToKill, Arg::Pawn(g), Arg::Pawn(q)) => {
                let first = (s.dice.d6(), s.dice.d6());
                let mut extra = 0u8;
                let mut last = first;
                // The dice are listed only for the events (classic doubles have no limit).
                let mut rolls = Vec::new();
                if ev.is_on() {
                    rolls.extend([first.0, first.1]);
                }
                let mut n = 0;
                while last.0 == last.1 && (s.classic || n < 2) {
                    last = (s.dice.d6(), s.dice.d6());
                    if ev.is_on() {
                        rolls.extend([last.0, last.1]);
                    }
                    extra += last.0 + last.1;
                    n += 1;
                }
                ev.roll("Colditz: Cards", &rolls, || {
                    Text::fixed("Shoot to Kill: the guard fires", "Выстрел на Поражение: Охранник стреляет")
                });
                let shot = crate::Shot { guard: g, target: q, first: first.0 + first.1, extra };
                // The target's officer is always asked, holding a Talisman or not.
                s.pending.push(Pending::Talisman { shot });
            }
            (Card::TunnelDetected, Arg::Tunnel(t), _) => s.tunnels[t.index()] = TunnelState::Detected,
            (Card::BribeOne, Arg::Equip(e), _) | (Card::TurnIn(e), ..) => self.gain(s, nation, e),
            (Card::BribeTwo, Arg::Equip(a), Arg::Equip(b)) => {
                self.gain(s, nation, a);
                self.gain(s, nation, b);
            }
            (Card::Diversion, Arg::Pawn(g), _) => s.pawn_mut(g).loc = Loc::Barracks,
            (Card::Inspection, Arg::Pawn(g), Arg::Pawn(h)) => {
                s.pawn_mut(g).loc = Loc::Barracks;
                s.pawn_mut(h).loc = Loc::Barracks;
            }
            (Card::MoveFast(room), Arg::Pawn(p), _) => {
                if let Some(c) = self.free_in_room(s, room) {
                    s.pawn_mut(p).loc = Loc::Circle(c);
                }
            }
            (Card::Release, Arg::Pawn(p), Arg::Circle(c)) => self.release_to(s, p, c, ev),
            (Card::Release, Arg::Pawn(p), _) => self.release(s, p, ev),
            (Card::Sabotage, ..) => {
                // A copy of the hand on the stack, shuffled to pick the two lost.
                let mut copy = [Card::Release; sandtable_core::MAX_DECK];
                let hand = &mut copy[..s.hands[0].len()];
                hand.copy_from_slice(s.hands[0].cards());
                let lose = hand.len().min(2);
                s.dice.shuffle(hand);
                for &c in hand.iter().take(lose) {
                    s.hands[0].remove(&c);
                    s.security.put_bottom(c);
                }
                if lose == 2 {
                    if let Some(c) = s.security.draw() {
                        s.hands[0].add(c);
                    }
                }
            }
            (Card::StaffCar, Arg::Pawn(p), _) => self.drive_staff_car(s, p, ev),
            (Card::Tunnel(t), Arg::Pawn(p), Arg::Pawn(q)) => {
                s.tunnels[t.index()] = TunnelState::Open;
                s.broke_out[t.index()] = false;
                let course = &self.board.tunnels[t.index()].course;
                for (pawn, step) in [(p, 1usize), (q, 2usize)] {
                    let c = course[step.min(course.len() - 1)];
                    let x = s.pawn_mut(pawn);
                    x.loc = Loc::Circle(c);
                    x.in_tunnel = true;
                }
                ev.say("Colditz: Tunnels", || {
                    Text::new(format!("the {} tunnel is open", t.name()), format!("Тоннель ({}) открыт", t.name()))
                });
            }
            _ => {}
        }
    }

    fn gain(&self, s: &mut State, nation: Option<Nation>, e: Equipment) {
        if let Some(n) = nation {
            if s.stock[e.index()] > 0 {
                s.stock[e.index()] -= 1;
                s.equipment[n.index()][e.index()] += 1;
            }
        }
    }

    /// Circles between a guard and a POW outside, by links other than drops
    /// (walls block the view; wire does not). O(circles + links), on the stack.
    pub(crate) fn line_of_fire(&self, s: &State, g: PawnId, q: PawnId) -> Option<u8> {
        let from = s.pawn(g).circle()?;
        let to = s.pawn(q).circle()?;
        let mut dist = [u8::MAX; MAX_CIRCLES];
        dist[from.index()] = 0;
        let mut queue = CircleQueue::<CircleId, MAX_CIRCLES>::new();
        queue.push(from);
        while let Some(c) = queue.pop() {
            if c == to {
                return Some(dist[c.index()]);
            }
            for (nb, link) in self.board.net.links(c) {
                // Walls (drops) block the view; nobody sees down a tunnel.
                if matches!(link, Link::Drop { .. } | Link::Tunnel)
                    || nb == self.board.car
                    || dist[nb.index()] != u8::MAX
                {
                    continue;
                }
                dist[nb.index()] = dist[c.index()].saturating_add(1);
                queue.push(nb);
            }
        }
        None
    }

    /// Resolves Shoot to Kill: the first throw counts double (not with a
    /// Talisman), extra throws after doubles add; at or beyond the distance
    /// the POW is killed. The guard goes to the barracks whatever happens.
    pub(crate) fn resolve_shot(&self, s: &mut State, shot: crate::Shot, talisman: bool, ev: &mut Events) {
        let crate::Shot { guard: g, target: q, first, extra } = shot;
        let range = if talisman { first } else { 2 * first } + extra;
        let distance = self.line_of_fire(s, g, q).unwrap_or(u8::MAX);
        let hit = range >= distance;
        if hit {
            s.pawn_mut(q).loc = Loc::Dead;
        }
        // 2016: a guard leaving the board in the German's turn may not come back that
        // turn (the office first); classic: straight to the barracks.
        s.pawn_mut(g).loc = if s.classic { Loc::Barracks } else { Loc::Office };
        if hit && s.classic {
            // Classic: a killed escaper may end the chase outside.
            self.end_of_chase(s, ev);
        }
        ev.say("Colditz: Cards", || {
            Text::new(
                format!(
                    "range {range} against distance {distance}: {}",
                    if hit { "the POW is killed" } else { "missed" }
                ),
                format!(
                    "дальность {range} против расстояния {distance}: {}",
                    if hit { "Военнопленный убит" } else { "промах" }
                ),
            )
        });
    }

    /// The staff car: six throws (doubles add as usual) against the distance
    /// from the car to the nearest target; success escapes, failure is solitary.
    /// These throws draw no cards.
    fn drive_staff_car(&self, s: &mut State, p: PawnId, ev: &mut Events) {
        let mut throws = Throws::new(ev.is_on());
        for _ in 0..6 {
            self.throw_with_doubles(s, &mut throws);
        }
        let total = u16::try_from(throws.total).unwrap_or(u16::MAX);
        let distance = self.car_distance();
        ev.roll("Colditz: Cards", &throws.dice, || {
            Text::new(
                format!("staff car: {total} against {distance}"),
                format!("Штатный Автомобиль: {total} против {distance}"),
            )
        });
        if total >= distance {
            self.escape(s, p, ev);
        } else {
            self.to_solitary(s, p, false, ev);
        }
    }

    /// Circles from the car to a target through the main gate (the circle
    /// `pass-m` on the authored board) and over the main bridge; guards and
    /// gates aside. Without such a circle, the nearest target. Measured once,
    /// when the board loads: O(1).
    pub fn car_distance(&self) -> u16 {
        self.car_distance
    }

    /// [`Colditz::car_distance`], measured: two breadth-first searches.
    pub(crate) fn measure_car_distance(&self) -> u16 {
        match self.board.find("pass-m") {
            Some(gate) => self
                .step_distance(self.board.car, |c| c == gate)
                .saturating_add(self.step_distance(gate, |c| self.board.circle(c).target)),
            None => self.step_distance(self.board.car, |c| self.board.circle(c).target),
        }
    }

    /// Circles by steps from `from` to the first circle `to` accepts.
    fn step_distance(&self, from: crate::CircleId, to: impl Fn(crate::CircleId) -> bool) -> u16 {
        let mut dist = vec![u16::MAX; self.board.net.len()];
        dist[from.index()] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            if to(c) {
                return dist[c.index()];
            }
            for (nb, link) in self.board.net.links(c) {
                if *link == Link::Step && dist[nb.index()] == u16::MAX {
                    dist[nb.index()] = dist[c.index()] + 1;
                    queue.push_back(nb);
                }
            }
        }
        u16::MAX
    }

    /// A guard entering the room named by a Search card: every POW there whose
    /// officer holds Equipment goes to solitary and loses one Equipment card
    /// each; the room's markers go; the guard goes to the barracks.
    pub(crate) fn resolve_search(&self, s: &mut State, g: PawnId, room: u8, ev: &mut Events) {
        let in_room: ArrayVec<[PawnId; PAWN_SLOTS]> = s
            .present()
            .filter(|&q| !q.is_guard() && !s.pawn(q).in_tunnel)
            .filter(|&q| s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone == Zone::Room(room)))
            .collect();
        for q in in_room {
            let n = q.nation().expect("a POW");
            if s.held(n) > 0 {
                self.to_solitary(s, q, true, ev);
                self.confiscate(s, n, 1);
            }
        }
        s.markers.retain(|m| {
            self.board.circle(m.a).zone != Zone::Room(room) && self.board.circle(m.b).zone != Zone::Room(room)
        });
        // 2016: a guard leaving the board in the German's turn may not come back that
        // turn (the office first); classic: straight to the barracks.
        s.pawn_mut(g).loc = if s.classic { Loc::Barracks } else { Loc::Office };
        s.search &= !(1 << room);
        ev.say("Colditz: Cards", || Text::fixed("the room is searched", "Комната обыскана"));
    }
}
