//! Rules of the classic game that the 2016 rules replaced: Do-or-Die, trading
//! Opportunity cards, abandoned and broken-out tunnels.

use crate::board::{CircleId, Link, TunnelId};
use crate::cards::Card;
use crate::fixed::{CircleQueue, MAX_CIRCLES};
use crate::pawn::{Nation, PawnId, MAX_GUARDS, PAWN_SLOTS};
use crate::state::{Loc, State, TunnelState};
use crate::turn::Throws;
use crate::Colditz;
use sandtable_core::{Audience, Events, Illegal, Seat, SeatSet, Text};
use tinyvec::ArrayVec;

impl Colditz {
    /// Checks `give CARD officer` (classic): unplayed Opportunity cards may be
    /// given between officers in their turns.
    pub(crate) fn check_give_card(&self, s: &State, seat: Seat, card: Card, to: Nation) -> Result<(), Illegal> {
        if !s.classic {
            return Err(Illegal::fixed(
                "Colditz: Cards",
                "Opportunity cards can never be traded (2016 rules)",
                "карты Возможностей никогда не могут быть предметом обмена (правила 2016)",
            ));
        }
        let Some(from) = Nation::of_seat(seat) else {
            return Err(Illegal::fixed(
                "Colditz classic: Cards",
                "only Escape Officers give cards",
                "карты передают только Офицеры Беглецы",
            ));
        };
        if to == from || !self.nations(s).any(|n| n == to) || s.eliminated[to.index()] {
            return Err(Illegal::fixed(
                "Colditz classic: Cards",
                "give to another officer in the game",
                "передавать можно другому Офицеру Беглецу в игре",
            ));
        }
        if card.is_security() || !s.hands[seat.index()].contains(&card) {
            return Err(Illegal::fixed("Colditz classic: Cards", "you do not hold that card", "у вас нет этой карты"));
        }
        Ok(())
    }

    /// Hands an Opportunity card over.
    pub(crate) fn do_give_card(&self, s: &mut State, seat: Seat, card: Card, to: Nation, ev: &mut Events) {
        s.hands[seat.index()].remove(&card);
        s.hands[to.seat().index()].add(card);
        // The receiver now sees the card: past this, no undo.
        ev.reveal(Audience::Seats(SeatSet::one(to.seat())), "Colditz classic: Cards", || {
            let name = card.name(&self.board);
            Text::new(format!("you receive {name}"), format!("вы получаете карту: {name}"))
        });
    }

    /// Circles from a POW to the nearest south target for Do-or-Die: guards
    /// do not block, keys and passes are not needed, ropes may be used.
    /// O(circles + links), on the stack.
    pub fn do_or_die_distance(&self, s: &State, p: PawnId) -> Option<u16> {
        let start = s.pawn(p).circle()?;
        let mut dist = [u16::MAX; MAX_CIRCLES];
        dist[start.index()] = 0;
        let mut queue = CircleQueue::<CircleId, MAX_CIRCLES>::new();
        queue.push(start);
        while let Some(c) = queue.pop() {
            let circle = self.board.circle(c);
            if circle.target && circle.label.as_deref().is_some_and(|l| l.starts_with('S')) {
                return Some(dist[c.index()]);
            }
            for (nb, link) in self.board.net.links(c) {
                let passable = match link {
                    Link::Step | Link::Wire => true,
                    Link::Drop { upper, .. } => *upper == c,
                    Link::Tunnel => false,
                };
                if passable
                    && nb != self.board.car
                    && !self.board.circle(nb).zone.is_cell()
                    && dist[nb.index()] == u16::MAX
                {
                    dist[nb.index()] = dist[c.index()] + 1;
                    queue.push(nb);
                }
            }
        }
        None
    }

    /// Checks `do-or-die p` (classic): an officer with a kit sends one POW
    /// from the inner courtyard (or one heading back from the outer cells)
    /// over the moat.
    pub(crate) fn check_do_or_die(&self, s: &State, seat: Seat, p: PawnId) -> Result<(), Illegal> {
        let rule = "Colditz classic: Do or Die";
        if !s.classic {
            return Err(Illegal::fixed(
                rule,
                "Do-or-Die is a classic rule",
                "«Пан или пропал» есть только в классических правилах",
            ));
        }
        let Some(n) = Nation::of_seat(seat).filter(|n| p.nation() == Some(*n)) else {
            return Err(Illegal::fixed(rule, "one of your POWs makes the attempt", "попытку делает ваш Военнопленный"));
        };
        if !s.kits[n.index()] {
            return Err(Illegal::fixed(
                rule,
                "Do-or-Die needs an escape kit",
                "для «Пан или пропал» нужен Комплект Спасения",
            ));
        }
        let pawn = s.pawn(p);
        let ok_start = pawn.circle().is_some_and(|c| {
            let zone = self.board.circle(c).zone;
            // The grey zone (courtyard and rooms, not the white Appel area).
            !pawn.in_tunnel
                && (matches!(zone, crate::Zone::Inner | crate::Zone::Room(_))
                    || (pawn.returning && zone == crate::Zone::Outer))
        });
        if !ok_start {
            return Err(Illegal::fixed(
                rule,
                "the POW starts from the inner courtyard (not solitary or a tunnel), or from the outer courtyard on his way back from the cells",
                "Военнопленный начинает из Внутреннего Двора (не из Одиночки и не из Тоннеля) или из Внешнего Двора по пути из Одиночки",
            ));
        }
        if s.do_or_die.is_empty() || self.do_or_die_distance(s, p).is_none() {
            return Err(Illegal::fixed(
                rule,
                "no Do-or-Die card or route is left",
                "не осталось карт «Пан или пропал» или пути",
            ));
        }
        Ok(())
    }

    /// Do-or-Die: the card gives the number of throws (doubles add); reaching
    /// the distance escapes; falling short kills the POW and puts his whole
    /// team out of the game. These throws draw no cards.
    pub(crate) fn do_do_or_die(&self, s: &mut State, p: PawnId, ev: &mut Events) {
        let n = p.nation().expect("a POW");
        let throws = s.do_or_die.draw().unwrap_or(0);
        s.do_or_die.put_bottom(throws);
        ev.reveal(Audience::Everyone, "Colditz classic: Do or Die", || {
            Text::new(format!("Do-or-Die card: {throws} throws"), format!("карта «Пан или пропал»: бросков {throws}"))
        });
        let distance = self.do_or_die_distance(s, p).unwrap_or(u16::MAX);
        let mut thrown = Throws::new(ev.is_on());
        for _ in 0..throws {
            self.throw_with_doubles(s, &mut thrown);
        }
        let total = u16::try_from(thrown.total).unwrap_or(u16::MAX);
        ev.roll("Colditz classic: Do or Die", &thrown.dice, || {
            Text::new(
                format!("Do-or-Die: {throws} throws, {total} against {distance}"),
                format!("«Пан или пропал»: бросков {throws}, {total} против {distance}"),
            )
        });
        if total >= distance {
            s.do_or_die_escapes[n.index()] += 1;
            self.escape(s, p, ev);
        } else {
            s.eliminated[n.index()] = true;
            let team: ArrayVec<[PawnId; PAWN_SLOTS]> = s.present().filter(|q| q.nation() == Some(n)).collect();
            for q in team {
                if s.pawn(q).loc != Loc::Escaped {
                    s.pawn_mut(q).loc = Loc::Dead;
                }
            }
            ev.say("Colditz classic: Do or Die", || {
                Text::new(
                    format!("the attempt fails: the {} are out", n.name().en),
                    format!("попытка не удалась: {} выбывают", n.name().ru),
                )
            });
        }
    }

    /// Classic tunnels: one left with fewer than two POWs is abandoned (no one
    /// may enter; the last POW may still walk out either end); one a POW broke
    /// out of counts as detected from the German's next turn.
    pub(crate) fn classic_tunnels_at_turn_end(&self, s: &mut State) {
        for t in TunnelId::ALL {
            if matches!(s.tunnel(t), TunnelState::Open | TunnelState::Detected) && self.in_tunnel(s, t).len() < 2 {
                s.tunnels[t.index()] = TunnelState::Abandoned;
            }
        }
    }

    /// Classic Tunnel Detected: "Once two guards have reached the tunnel,
    /// entering it by any circle, all the POWs in it are sent to Solitary"
    /// (the card); after a break-out: "if you move 2 Guards anywhere onto the
    /// tunnel …, all remaining POWs in the tunnel are sent to Solitary. The
    /// Guards do not return to their barracks and may use the tunnel to chase
    /// escapers. The tunnel can now no longer be used by POWs". Called when a
    /// guard ends a move on `at`: with two guards on a detected tunnel's
    /// course its POWs go to solitary and it is taken; the guards stay after
    /// a break-out, and go to the barracks after the card ("The guards are
    /// removed to the barracks").
    pub(crate) fn classic_tunnel_raid(&self, s: &mut State, at: crate::CircleId, ev: &mut Events) {
        let Some((t, _)) = self.board.circle(at).tunnel else { return };
        if s.tunnel(t) != TunnelState::Detected {
            return;
        }
        let course = &self.board.tunnels[t.index()].course;
        let guards: ArrayVec<[PawnId; MAX_GUARDS as usize]> =
            s.present().filter(|g| g.is_guard() && s.pawn(*g).circle().is_some_and(|c| course.contains(&c))).collect();
        if guards.len() < 2 {
            return;
        }
        s.tunnels[t.index()] = TunnelState::Taken;
        for q in self.in_tunnel(s, t) {
            let inner = s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone.is_inner());
            self.to_solitary(s, q, inner, ev);
        }
        if !s.broke_out[t.index()] {
            for g in guards {
                s.pawn_mut(g).loc = Loc::Barracks;
            }
        }
        ev.say("Colditz classic: Tunnel Detected", || {
            Text::new(
                format!("two guards reach the {} tunnel: the POWs in it go to solitary", t.name()),
                format!("два Охранника в Тоннеле ({}): Военнопленные в нём отправлены в Одиночку", t.name()),
            )
        });
    }

    /// Classic: at the start of the German's turn, tunnels broken out of are detected.
    pub(crate) fn classic_tunnels_at_german_turn(&self, s: &mut State) {
        for t in TunnelId::ALL {
            if s.broke_out[t.index()] && s.tunnel(t) == TunnelState::Open {
                s.tunnels[t.index()] = TunnelState::Detected;
            }
        }
    }
}
