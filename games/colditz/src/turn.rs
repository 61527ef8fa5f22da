//! Play order, rolls, card draws, the end of a turn and of a round, victory.

use crate::board::TunnelId;
use crate::cards::Card;
use crate::pawn::{guards_for, Nation, PawnId, GERMAN, MAX_GUARDS, PAWN_SLOTS};
use crate::state::{Loc, Phase, State, TunnelState};
use crate::Colditz;
use sandtable_core::{Audience, Events, Illegal, Outcome, Seat, SeatSet, Text};
use tinyvec::ArrayVec;

/// The hand limit for Opportunity and Security cards.
pub const HAND_LIMIT: usize = 3;

/// Throws of 2d6 added up (a movement roll, a general search's range, the
/// staff car's or a Do-or-Die's run): running figures, and the dice
/// themselves only while events are recorded — classic doubles roll again
/// without limit, so no fixed list would do, and a search's playouts
/// (events off) touch no heap.
#[derive(Clone, PartialEq)]
pub(crate) struct Throws {
    /// The dice, in order, when recording (else empty, never allocated).
    pub dice: Vec<u8>,
    record: bool,
    /// Throws made.
    pub count: u32,
    /// The sum of the dice.
    pub total: u32,
    /// Throws that were doubles.
    pub doubles: u32,
    /// Throws of 5 or less (2016: a card draw).
    pub low: u32,
    /// Throws of 3, 7 or 11 (classic: a card draw each).
    pub lucky: u32,
}

impl Throws {
    /// No throw yet; `record`: keep the dice (for the events).
    pub(crate) fn new(record: bool) -> Throws {
        Throws { dice: Vec::new(), record, count: 0, total: 0, doubles: 0, low: 0, lucky: 0 }
    }

    /// Adds one throw's dice.
    pub(crate) fn add(&mut self, (a, b): (u8, u8)) {
        let sum = a + b;
        self.count += 1;
        self.total += u32::from(sum);
        self.doubles += u32::from(a == b);
        self.low += u32::from(sum <= 5);
        self.lucky += u32::from(matches!(sum, 3 | 7 | 11));
        if self.record {
            self.dice.extend([a, b]);
        }
    }

    /// Cards these throws draw on a movement roll: 2016 — one if a throw
    /// is 5 or less; classic — one for each throw of 3, 7 or 11.
    pub(crate) fn draws(&self, classic: bool) -> u32 {
        if classic {
            self.lucky
        } else {
            u32::from(self.low > 0)
        }
    }
}

/// Whether a throw is thrown again, `made` throws into the chain (this one
/// counted): on doubles, at most two extra throws in 2016, without limit in
/// the classic rules.
pub(crate) fn throws_again(classic: bool, (a, b): (u8, u8), made: u32) -> bool {
    a == b && (classic || made < 3)
}

impl Colditz {
    /// Rolls 2d6 for movement; doubles roll again (2016: at most two extra
    /// rolls; classic: without limit), adding the throws to `into`.
    pub(crate) fn throw_with_doubles(&self, s: &mut State, into: &mut Throws) {
        let mut n = 0;
        loop {
            let t = (s.dice.d6(), s.dice.d6());
            into.add(t);
            n += 1;
            if !throws_again(s.classic, t, n) {
                return;
            }
        }
    }

    /// The movement roll: MP, releases (one per doubles, officers), the card draw.
    pub(crate) fn do_roll(&self, s: &mut State, seat: Seat, ev: &mut Events) {
        let mut throws = Throws::new(ev.is_on());
        self.throw_with_doubles(s, &mut throws);
        // Past 255 (twenty-odd classic doubles in a row) the points stop counting.
        let total = u8::try_from(throws.total).unwrap_or(u8::MAX);
        s.mp = total;
        s.phase = Phase::Move;
        let doubles = u8::try_from(throws.doubles).unwrap_or(u8::MAX);
        if seat != GERMAN {
            s.releases = doubles;
        }
        ev.roll("Colditz: Movement", &throws.dice, || {
            Text::new(
                format!("movement roll: {total} points ({doubles} doubles)"),
                format!("бросок на движение: {total} очков (дублей: {doubles})"),
            )
        });
        // Cards: 2016 — one card if a throw is 5 or less; classic — one for
        // each throw of 3, 7 or 11. (Taking the draw and the extra rolls never
        // hurts, so the engine always takes them.)
        for _ in 0..throws.draws(s.classic) {
            self.draw_card(s, seat, ev);
        }
    }

    /// Draws the seat's card (Security for the German, Opportunity for officers).
    pub(crate) fn draw_card(&self, s: &mut State, seat: Seat, ev: &mut Events) {
        let card = if seat == GERMAN { s.security.draw() } else { s.opportunity.draw() };
        if let Some(c) = card {
            s.hands[seat.index()].add(c);
            // Everyone sees that a card was drawn; only its holder which one.
            ev.say("Colditz: Cards", || Text::fixed("a card is drawn", "вытянута карта"));
            ev.reveal(Audience::Seats(SeatSet::one(seat)), "Colditz: Cards", || {
                let name = c.name(&self.board);
                Text::new(format!("you draw {name}"), format!("вы вытянули карту: {name}"))
            });
        }
    }

    /// Returns a played or discarded card to the bottom of its deck.
    pub(crate) fn return_card(&self, s: &mut State, card: Card) {
        if card.is_security() {
            s.security.put_bottom(card);
        } else {
            s.opportunity.put_bottom(card);
        }
    }

    /// Checks a discard: the seat holds the card (in its own turn).
    pub(crate) fn check_discard(&self, s: &State, seat: Seat, card: Card) -> Result<(), Illegal> {
        if s.hands[seat.index()].contains(&card) {
            Ok(())
        } else {
            Err(Illegal::fixed("Colditz: Cards", "you do not hold that card", "у вас нет этой карты"))
        }
    }

    /// Checks the end of a turn: hand limit of three (a fourth card must be
    /// played or discarded by the end of the turn).
    pub(crate) fn check_end(&self, s: &State, seat: Seat) -> Result<(), Illegal> {
        if s.hands[seat.index()].len() > HAND_LIMIT {
            return Err(Illegal::fixed(
                "Colditz: Cards",
                "play or discard down to three cards before ending the turn",
                "до конца хода сыграйте или сбросьте карты, чтобы осталось три",
            ));
        }
        Ok(())
    }

    /// Ends the turn of the seat to act.
    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Events) {
        let seat = self.turn_seat(s);
        if let Some(nation) = Nation::of_seat(seat) {
            if s.classic {
                self.guard_post_arrests(s, nation, ev);
                let mine: ArrayVec<[PawnId; PAWN_SLOTS]> = s.present().filter(|p| p.nation() == Some(nation)).collect();
                for p in mine {
                    // Classic summary: immune "as long as the POW moves at least
                    // 1 step closer to returning to the Inner Courtyard each turn".
                    let Some(c) = s.pawn(p).circle() else {
                        continue;
                    };
                    let d = self.board.to_inner[c.index()].min(u16::from(u8::MAX)) as u8;
                    let pawn = s.pawn_mut(p);
                    if pawn.returning {
                        if d < pawn.return_distance {
                            pawn.return_distance = d;
                        } else {
                            pawn.returning = false;
                        }
                    }
                }
            } else {
                // 2016: the immunity is judged first, then a POW left on a
                // guard post is liable as anyone there.
                self.judge_return_route(s, nation, ev);
                self.guard_post_arrests(s, nation, ev);
            }
        }
        if s.classic {
            self.classic_tunnels_at_turn_end(s);
        } else {
            self.collapse_tunnels(s, ev);
        }
        s.kit_share = [false; 5];
        s.opened.clear();
        s.search = 0;
        s.mp = 0;
        s.releases = 0;
        if seat == GERMAN {
            // End of round: office guards to the barracks, the marker moves down.
            for g in (1..=guards_for(s.players)).map(PawnId::guard) {
                if s.pawn(g).loc == Loc::Office {
                    s.pawn_mut(g).loc = Loc::Barracks;
                }
            }
            let present: ArrayVec<[PawnId; PAWN_SLOTS]> = s.present().collect();
            for p in present {
                let pawn = s.pawn_mut(p);
                pawn.used_key = false;
                pawn.used_pass = false;
            }
            s.round = s.round.saturating_sub(1);
            ev.say("Colditz: End of Round", || {
                Text::new(format!("round marker at {}", s.round), format!("маркер Раундов на {}", s.round))
            });
            if self.victors(s).is_some() {
                s.phase = Phase::Over;
                return;
            }
            self.first_officer_turn(s);
        } else {
            s.played |= 1 << (seat.index() - 1);
            let next = if s.classic {
                // Classic: any officer who has not played this round may go next.
                (1..s.players).find(|&i| !self.out_of_game(s, i) && s.played & (1 << (i - 1)) == 0).map(|_| 0)
            } else {
                (seat.index() as u8 + 1..s.players).find(|&i| !self.out_of_game(s, i))
            };
            if next == Some(0) {
                s.phase = Phase::NextOfficer;
            } else if let Some(next) = next {
                self.start_turn(s, next);
            } else if s.round <= 1 || self.nations(s).all(|n| s.eliminated[n.index()]) {
                // The eagle: the officers' last turns are over.
                s.phase = Phase::Over;
            } else {
                self.start_turn(s, 0);
            }
        }
    }

    /// The officers' part of a round begins: the first in seat order (2016),
    /// or any of them (classic). With every officer out, the German has won.
    pub(crate) fn first_officer_turn(&self, s: &mut State) {
        s.played = 0;
        match (1..s.players).find(|&i| !self.out_of_game(s, i)) {
            None => s.phase = Phase::Over,
            Some(_) if s.classic => {
                s.turn = 0;
                s.phase = Phase::NextOfficer;
                s.guards_moved = 0;
            }
            Some(first) => self.start_turn(s, first),
        }
    }

    /// Classic: an officer starts his turn in the free order.
    pub(crate) fn claim_turn(&self, s: &mut State, seat: Seat) {
        self.start_turn(s, seat.index() as u8);
    }

    /// An officer put out by a failed Do-or-Die (classic) takes no more turns.
    fn out_of_game(&self, s: &State, seat: u8) -> bool {
        Nation::of_seat(Seat::new(seat)).is_some_and(|n| s.eliminated[n.index()])
    }

    fn start_turn(&self, s: &mut State, seat: u8) {
        if seat == 0 && s.classic {
            self.classic_tunnels_at_german_turn(s);
        }
        s.turn = seat;
        s.phase = Phase::Roll;
        s.mp = 0;
        s.releases = 0;
        s.posting_closed = false;
        s.guards_moved = 0;
        s.return_strayed = false;
        s.opened.clear();
    }

    /// Tunnels with fewer than two POWs inside at the end of any turn
    /// collapse: the one left goes to solitary, a guard in it to the office.
    pub(crate) fn collapse_tunnels(&self, s: &mut State, ev: &mut Events) {
        for t in TunnelId::ALL {
            if matches!(s.tunnel(t), TunnelState::Closed | TunnelState::Abandoned) {
                continue;
            }
            let inside = self.in_tunnel(s, t);
            if inside.len() >= 2 {
                continue;
            }
            let detected = s.tunnel(t) == TunnelState::Detected;
            s.tunnels[t.index()] = TunnelState::Closed;
            for p in inside {
                self.to_solitary(s, p, true, ev);
            }
            // A guard who had gone into a detected tunnel goes straight to the office.
            if detected {
                let course = &self.board.tunnels[t.index()].course;
                let guards: ArrayVec<[PawnId; MAX_GUARDS as usize]> = s.present().filter(|g| g.is_guard()).collect();
                for g in guards {
                    if s.pawn(g).circle().is_some_and(|c| self.is_tunnel_middle(c) && course.contains(&c)) {
                        s.pawn_mut(g).loc = Loc::Office;
                    }
                }
            }
            ev.say("Colditz: Tunnels", || {
                Text::new(format!("the {} tunnel collapses", t.name()), format!("тоннель ({}) обрушился", t.name()))
            });
        }
    }

    /// POWs inside a tunnel.
    pub(crate) fn in_tunnel(&self, s: &State, t: TunnelId) -> ArrayVec<[PawnId; PAWN_SLOTS]> {
        let course = &self.board.tunnels[t.index()].course;
        s.present()
            .filter(|&p| s.pawn(p).in_tunnel && s.pawn(p).circle().is_some_and(|c| course.contains(&c)))
            .collect()
    }

    /// The winning nations now, if the game is won: two escapes of one
    /// nationality (shared wins), or the agreed total for all together.
    pub(crate) fn victors(&self, s: &State) -> Option<ArrayVec<[Nation; 5]>> {
        let won: ArrayVec<[Nation; 5]> = match s.victory_total {
            Some(total) => {
                let all: u8 = s.escapes.iter().sum();
                if all >= total {
                    self.nations(s).collect()
                } else {
                    ArrayVec::new()
                }
            }
            None => self.nations(s).filter(|n| s.escapes[n.index()] >= 2).collect(),
        };
        (!won.is_empty()).then_some(won)
    }

    /// The outcome of a finished game.
    pub(crate) fn outcome(&self, s: &State) -> Outcome {
        match self.victors(s) {
            Some(nations) => {
                let names: Vec<Text> = nations.iter().map(|n| n.name()).collect();
                let en = names.iter().map(|t| t.en.as_ref()).collect::<Vec<_>>().join(", ");
                let ru = names.iter().map(|t| t.ru.as_ref()).collect::<Vec<_>>().join(", ");
                Outcome {
                    winners: nations.iter().map(|n| n.seat()).collect(),
                    text: Text::new(format!("{en} escape and win"), format!("Побег удался, победа: {ru}")),
                }
            }
            None if s.classic && s.escapes.iter().sum::<u8>() > 0 && s.escapes == s.do_or_die_escapes => Outcome {
                winners: SeatSet::EMPTY,
                text: Text::fixed("a draw: the only escapes were Do-or-Die", "ничья: все Побеги — «Пан или пропал»"),
            },
            None => Outcome {
                winners: SeatSet::one(GERMAN),
                text: Text::fixed("the German Security Officer wins", "побеждает Офицер Охраны"),
            },
        }
    }
}
