//! Appel (roll call): the German plays it before his movement roll; every
//! officer decides, all at once and in secret, which POWs refuse to return;
//! if any refuse, the German may make a general search instead of moving.

use crate::board::{CircleId, Link, Zone};
use crate::fixed::{CircleQueue, CircleSet, MAX_CIRCLES};
use crate::movement::Occupancy;
use crate::pawn::{Nation, PawnId, MAX_GUARDS, MAX_POWS, PAWN_SLOTS};
use crate::state::{Phase, State};
use crate::turn::Throws;
use crate::Colditz;
use sandtable_core::{Audience, Events, Illegal, Seat, Text};
use tinyvec::ArrayVec;

/// The POWs an officer's Appel answer keeps where they are: a set of pawns,
/// one bit per pawn slot ([`crate::PAWN_SLOTS`] ≤ 64). Copy, so an answer
/// is one small action.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Refusing(u64);

impl Refusing {
    /// Nobody refuses.
    pub const NONE: Refusing = Refusing(0);

    /// Whether `p` refuses.
    pub const fn contains(self, p: PawnId) -> bool {
        self.0 & (1 << p.index()) != 0
    }

    /// The set with `p` refusing too.
    #[must_use]
    pub const fn with(self, p: PawnId) -> Refusing {
        Refusing(self.0 | 1 << p.index())
    }

    /// The refusing pawns, in slot order (the notation's order).
    pub fn iter(self) -> impl Iterator<Item = PawnId> {
        (0..crate::PAWN_SLOTS).filter(move |&i| self.0 & (1 << i) != 0).map(PawnId::from_index)
    }

    /// Every subset of `pows` (2^n of them; n ≤ 8 POWs of one officer: at most 256).
    pub(crate) fn subsets(pows: &[PawnId]) -> impl Iterator<Item = Refusing> + '_ {
        (0u32..1 << pows.len()).map(move |m| {
            pows.iter().enumerate().filter(|(k, _)| m & (1 << k) != 0).fold(Refusing::NONE, |r, (_, &p)| r.with(p))
        })
    }
}

impl Colditz {
    /// POWs Appel cannot touch (see `appel_exemption`).
    pub(crate) fn appel_exempt(&self, s: &State, q: PawnId) -> bool {
        self.appel_exemption(s, q).is_err()
    }

    /// Why Appel does not touch a POW, if it does not: off the board, in a
    /// tunnel, a safe area or solitary (Osprey FAQ), outside the castle
    /// (Legend), or already at Appel.
    pub(crate) fn appel_exemption(&self, s: &State, q: PawnId) -> Result<(), Illegal> {
        let pawn = s.pawn(q);
        let Some(c) = pawn.circle() else {
            return Err(Illegal::fixed(
                "Colditz: Appel",
                "that POW is not on the board",
                "этого Военнопленного нет на поле",
            ));
        };
        let circle = self.board.circle(c);
        if circle.zone == Zone::Outside {
            return Err(Illegal::fixed(
                "Colditz: Outside the castle",
                "POWs outside the castle are exempt from Appel",
                "Военнопленные Возле Замка имеют иммунитет к карте «Сбор»",
            ));
        }
        if circle.zone == Zone::Appel {
            return Err(Illegal::fixed(
                "Colditz: Appel card",
                "that POW is at Appel already: there is nothing to refuse",
                "этот Военнопленный уже на Месте Сбора: отказываться не от чего",
            ));
        }
        if pawn.in_tunnel || circle.safe || circle.zone.is_cell() {
            return Err(Illegal::fixed(
                "Colditz: Appel card",
                "POWs in tunnels, safe areas or solitary are exempt from Appel",
                "Военнопленные в Тоннелях, Безопасных Зонах и в Одиночке не затрагиваются «Сбором»",
            ));
        }
        Ok(())
    }

    /// Plays Appel: officers with POWs it touches must answer.
    pub(crate) fn start_appel(&self, s: &mut State, ev: &mut Events) {
        s.refused = 0;
        s.appel_waiting = 0;
        for n in self.nations(s) {
            if s.present().any(|q| q.nation() == Some(n) && !self.appel_exempt(s, q)) {
                s.appel_waiting |= 1 << n.index();
            }
        }
        ev.say("Colditz: Appel", || {
            Text::fixed("Appel! POWs return to the roll-call area", "Сбор! Военнопленные возвращаются на Место Сбора")
        });
        if s.appel_waiting == 0 {
            s.phase = Phase::Roll;
        } else {
            s.phase = Phase::AppelAnswer;
        }
    }

    /// Checks an officer's answer: each POW it keeps back is his own and
    /// one Appel touches.
    pub(crate) fn check_answer(&self, s: &State, seat: Seat, refusing: Refusing) -> Result<(), Illegal> {
        for q in refusing.iter() {
            if q.nation().map(Nation::seat) != Some(seat) || s.pawn(q).loc == crate::Loc::Absent {
                return Err(Illegal::fixed(
                    "Colditz: Appel",
                    "refuse Appel only for your own POWs",
                    "отказаться от Сбора можно только за своих Военнопленных",
                ));
            }
            self.appel_exemption(s, q)?;
        }
        Ok(())
    }

    /// An officer's POWs that may refuse Appel now (those it touches), for
    /// the answers [`Refusing::subsets`] lists.
    pub(crate) fn may_refuse(&self, s: &State, n: Nation) -> ArrayVec<[PawnId; MAX_POWS as usize]> {
        s.present().filter(|&q| q.nation() == Some(n) && !self.appel_exempt(s, q)).collect()
    }

    /// An officer answers, all his refusals at once; when all have, the rest
    /// return to Appel and, if any refused, the German chooses a general
    /// search or a normal turn.
    pub(crate) fn do_answer(&self, s: &mut State, seat: Seat, refusing: Refusing, ev: &mut Events) {
        let n = Nation::of_seat(seat).expect("an officer answers");
        s.refused |= refusing.0;
        s.appel_waiting &= !(1 << n.index());
        if s.appel_waiting != 0 {
            return;
        }
        ev.reveal(Audience::Everyone, "Colditz: Appel", || {
            Text::fixed("every officer has answered: the answers are opened", "все Офицеры ответили: ответы открыты")
        });
        let touched: ArrayVec<[PawnId; PAWN_SLOTS]> =
            s.present().filter(|&q| !q.is_guard() && !self.appel_exempt(s, q)).collect();
        for &q in &touched {
            if s.refused & (1 << q.index()) == 0 {
                s.pawn_mut(q).loc = crate::Loc::Absent;
                let to = self.appel_circle(s, q);
                s.pawn_mut(q).loc = to.map_or(crate::Loc::Escaped, crate::Loc::Circle);
            }
        }
        let refusals = touched.iter().filter(|q| s.refused & (1 << q.index()) != 0).count();
        ev.say("Colditz: Appel", || {
            Text::new(
                format!("Appel answered: {refusals} POWs refuse"),
                format!("Сбор: отказались {refusals} Военнопленных"),
            )
        });
        s.phase = if refusals > 0 { Phase::AppelSearch } else { Phase::Roll };
    }

    /// The general search: the German rolls (doubles add as usual); every
    /// refusing POW within that many circles of a guard is arrested and sent
    /// directly to solitary (losing Equipment if outside); guards stay put and
    /// the German's turn ends.
    pub(crate) fn do_general_search(&self, s: &mut State, ev: &mut Events) {
        let mut throws = Throws::new(ev.is_on());
        self.throw_with_doubles(s, &mut throws);
        let range = u8::try_from(throws.total).unwrap_or(u8::MAX);
        ev.roll("Colditz: Appel", &throws.dice, || {
            Text::new(format!("general search, range {range}"), format!("Общий Обыск, дальность {range}"))
        });
        let caught = self.general_search_catches(s, range);
        if s.classic {
            // Classic: each guard that catches someone goes to the barracks.
            let guards: ArrayVec<[PawnId; MAX_GUARDS as usize]> = s.present().filter(|g| g.is_guard()).collect();
            for g in guards {
                let Some(at) = s.pawn(g).circle() else { continue };
                let reach = self.within(&[at], range);
                if caught.iter().any(|q| s.pawn(*q).circle().is_some_and(|c| reach.contains(c))) {
                    s.pawn_mut(g).loc = crate::Loc::Barracks;
                }
            }
        }
        for q in caught {
            let zone = self.board.circle(s.pawn(q).circle().expect("on the board")).zone;
            self.to_solitary(s, q, zone.is_inner(), ev);
            if matches!(zone, Zone::Outer | Zone::Outside) {
                self.confiscate(s, q.nation().expect("a POW"), 1);
            }
        }
        s.refused = 0;
        self.end_turn(s, ev);
    }

    /// The refusing POWs a general search of `range` catches: those within
    /// `range` circles of a guard.
    pub(crate) fn general_search_catches(&self, s: &State, range: u8) -> ArrayVec<[PawnId; PAWN_SLOTS]> {
        let guards: ArrayVec<[CircleId; MAX_GUARDS as usize]> =
            s.present().filter(|g| g.is_guard()).filter_map(|g| s.pawn(g).circle()).collect();
        let near = self.within(&guards, range);
        s.present()
            .filter(|&q| s.refused & (1 << q.index()) != 0 && !self.appel_exempt(s, q))
            .filter(|&q| s.pawn(q).circle().is_some_and(|c| near.contains(c)))
            .collect()
    }

    /// Circles within `range` steps of any of `from`, counting every link but
    /// drops and the car, whoever stands in between. O(circles + links), on
    /// the stack.
    pub(crate) fn within(&self, from: &[CircleId], range: u8) -> CircleSet {
        let mut dist = [u8::MAX; MAX_CIRCLES];
        // Each circle enters once (`from` may repeat one: guards share none).
        let mut queue = CircleQueue::<CircleId, { 2 * MAX_CIRCLES }>::new();
        for &c in from {
            dist[c.index()] = 0;
            queue.push(c);
        }
        while let Some(c) = queue.pop() {
            let d = dist[c.index()];
            if d >= range {
                continue;
            }
            for (nb, link) in self.board.net.links(c) {
                if matches!(link, Link::Drop { .. } | Link::Tunnel)
                    || nb == self.board.car
                    || dist[nb.index()] != u8::MAX
                {
                    continue;
                }
                dist[nb.index()] = d + 1;
                queue.push(nb);
            }
        }
        let mut near = CircleSet::EMPTY;
        for c in self.board.net.ids().filter(|c| dist[c.index()] <= range) {
            near.insert(c);
        }
        near
    }

    /// Checks Advance Warning during Appel: the officer holds it.
    pub(crate) fn check_advance_warning(&self, s: &State, seat: Seat) -> Result<(), Illegal> {
        if s.hands[seat.index()].contains(&crate::Card::AdvanceWarning) {
            Ok(())
        } else {
            Err(Illegal::fixed(
                "Colditz: Cards",
                "you do not hold Advance Warning",
                "у вас нет карты «Advance Warning»",
            ))
        }
    }

    /// Advance Warning: each of the officer's POWs Appel touches moves
    /// directly to the nearest free safe circle he can reach on foot (no
    /// equipment used, not through pawns); those who cannot stay.
    pub(crate) fn do_advance_warning(&self, s: &mut State, seat: Seat, searched: Option<u8>, ev: &mut Events) {
        s.hands[seat.index()].remove(&crate::Card::AdvanceWarning);
        self.return_card(s, crate::Card::AdvanceWarning);
        ev.reveal(Audience::Everyone, "Colditz: Cards", || {
            Text::fixed("card played: advance-warning", "разыграна карта: advance-warning")
        });
        let n = Nation::of_seat(seat).expect("an officer");
        // Threatened: by Appel, the POWs it touches; by a Search, those in the room.
        let threatened = |q: PawnId| match searched {
            Some(room) => {
                !s.pawn(q).in_tunnel
                    && s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone == Zone::Room(room))
            }
            None => !self.appel_exempt(s, q),
        };
        let mine: ArrayVec<[PawnId; MAX_POWS as usize]> =
            s.present().filter(|&q| q.nation() == Some(n) && threatened(q)).collect();
        let mut queue = CircleQueue::<CircleId, MAX_CIRCLES>::new();
        for q in mine {
            let occ = Occupancy::of(self, s);
            let Some(start) = s.pawn(q).circle() else {
                continue;
            };
            let mut seen = CircleSet::EMPTY;
            queue.clear();
            queue.push(start);
            seen.insert(start);
            let mut found = None;
            while let Some(c) = queue.pop() {
                if c != start && self.board.circle(c).safe {
                    found = Some(c);
                    break;
                }
                for (nb, link) in self.board.net.links(c) {
                    let circle = self.board.circle(nb);
                    if *link != Link::Step
                        || seen.contains(nb)
                        || occ.at(nb).is_some()
                        || circle.gate.is_some()
                        || circle.car
                        || circle.zone.is_cell()
                    {
                        continue;
                    }
                    seen.insert(nb);
                    queue.push(nb);
                }
            }
            if let Some(c) = found {
                s.pawn_mut(q).loc = crate::Loc::Circle(c);
            }
        }
        ev.say("Colditz: Cards", || {
            Text::fixed(
                "Advance Warning: POWs slip away to safe areas",
                "Advance Warning: Военнопленные укрываются в Безопасных Зонах",
            )
        });
    }
}
