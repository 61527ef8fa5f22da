//! Movement: pawns step between linked circles, never through another pawn
//! (but over POWs below in a tunnel); doors, inspection points, drops and wire
//! take Equipment; guards post from the barracks and return to the office.

use crate::board::{CircleId, Gate, Link, TunnelId, Zone};
use crate::cards::Equipment;
use crate::pawn::{Nation, PawnId, GERMAN};
use crate::state::{Loc, Marker, State, TunnelState};
use crate::{Action, Colditz};
use sandtable_core::{Events, Illegal, Seat, Text};
use std::collections::VecDeque;

/// Who stands where, at the surface and below in the tunnels. Built in
/// O(pawns + circles) per query; never stored in the state.
pub(crate) struct Occupancy {
    surface: Vec<Option<PawnId>>,
    below: Vec<Option<PawnId>>,
}

impl Occupancy {
    pub(crate) fn of(rules: &Colditz, s: &State) -> Occupancy {
        let n = rules.board.net.len();
        let mut o = Occupancy { surface: vec![None; n], below: vec![None; n] };
        for p in s.present() {
            if let Some(c) = s.pawn(p).circle() {
                if s.pawn(p).in_tunnel {
                    o.below[c.index()] = Some(p);
                } else {
                    o.surface[c.index()] = Some(p);
                }
            }
        }
        o
    }
    /// The pawn on a circle at the surface.
    pub(crate) fn at(&self, c: CircleId) -> Option<PawnId> {
        self.surface[c.index()]
    }
    /// The POW below a circle, in a tunnel.
    pub(crate) fn below(&self, c: CircleId) -> Option<PawnId> {
        self.below[c.index()]
    }
}

/// A place a pawn can reach this turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dest {
    pub circle: CircleId,
    pub tunnel: bool,
    pub cost: u8,
}

impl Colditz {
    /// The tunnel and step of a circle, if it lies on a tunnel's course.
    fn tunnel_of(&self, c: CircleId) -> Option<(TunnelId, u8)> {
        self.board.circle(c).tunnel
    }

    /// A circle strictly inside a tunnel's course (not its entrance or exit):
    /// only a POW in the tunnel (or a guard over a detected one) may stop there.
    pub(crate) fn is_tunnel_middle(&self, c: CircleId) -> bool {
        match self.tunnel_of(c) {
            Some((t, step)) => step > 0 && usize::from(step) + 1 < self.board.tunnels[t.index()].course.len(),
            None => false,
        }
    }

    /// Whether an Escape Attempt marker lets `nation` (or a guard, `None`)
    /// cross from `a` to `b` (markers open the way forward only).
    fn marker_opens(&self, s: &State, a: CircleId, b: CircleId, nation: Option<Nation>) -> bool {
        s.markers.iter().any(|m| m.a == a && m.b == b && nation.is_none_or(|n| m.nation == n))
    }

    /// A room guards may enter now: a Search card for it this turn, an Escape
    /// Attempt marker at one of its circles, or a detected tunnel starting in it.
    pub(crate) fn room_open_to_guards(&self, s: &State, room: u8) -> bool {
        let in_room = |c: CircleId| self.board.circle(c).zone == Zone::Room(room);
        s.search == Some(room)
            || s.markers.iter().any(|m| in_room(m.a) || in_room(m.b))
            || TunnelId::ALL
                .into_iter()
                .any(|t| s.tunnel(t) == TunnelState::Detected && in_room(self.board.tunnels[t.index()].course[0]))
    }

    /// Whether a guard may go onto a circle (occupants aside).
    fn guard_may_enter(&self, s: &State, c: CircleId) -> bool {
        let circle = self.board.circle(c);
        if circle.car || circle.zone.is_cell() {
            return false;
        }
        if let Zone::Room(r) = circle.zone {
            if !self.room_open_to_guards(s, r) {
                return false;
            }
        }
        // Safe areas are closed to guards unless an Escape Attempt marker is
        // there, or a detected tunnel runs beneath.
        !circle.safe
            || s.markers.iter().any(|m| m.a == c || m.b == c)
            || circle.tunnel.is_some_and(|(t, _)| s.tunnel(t) == TunnelState::Detected)
    }

    fn pow_may_enter(&self, s: &State, occ: &Occupancy, p: PawnId, c: CircleId) -> bool {
        let circle = self.board.circle(c);
        if circle.car || circle.zone.is_cell() || occ.at(c).is_some() {
            return false;
        }
        match circle.gate {
            None => true,
            // A POW released from the outer cells passes the way back in freely.
            Some(_) => s.pawn(p).returning && self.board.cells[1].free_gates.contains(&c),
        }
    }

    /// Whether a POW may finish a move on a circle (not a searchlight, not the
    /// middle of a tunnel unless he is in it) — the target rule aside.
    fn pow_may_stop(&self, c: CircleId, tunnel: bool) -> bool {
        let circle = self.board.circle(c);
        if tunnel {
            return true;
        }
        !circle.searchlight && !self.is_tunnel_middle(c)
    }

    /// Whether a guard may finish a move on a circle: not a walkway, Appel or
    /// safe circle, nor a tunnel circle unless the tunnel is detected.
    fn guard_may_stop(&self, s: &State, g: PawnId, c: CircleId) -> bool {
        let circle = self.board.circle(c);
        if circle.walkway || circle.zone == Zone::Appel {
            return false;
        }
        // Classic: no guard may stop in the grey zone so as to block the
        // POWs' passage (on a circle that splits it), unless he alone is
        // chasing a POW who has got out of it.
        if s.classic && circle.zone == Zone::Inner && self.board.grey_cut[c.index()] && !self.chasing(s, g) {
            return false;
        }
        let over_detected = circle.tunnel.is_some_and(|(t, _)| s.tunnel(t) == TunnelState::Detected);
        if circle.safe && !over_detected && !s.markers.iter().any(|m| m.a == c || m.b == c) {
            return false;
        }
        match self.tunnel_of(c) {
            Some((t, _)) if self.is_tunnel_middle(c) => s.tunnel(t) == TunnelState::Detected,
            _ => true,
        }
    }

    /// Classic: `g` is the only guard moving this turn and some POW is out
    /// of the grey zone (in the outer courtyard or outside): he is chasing.
    fn chasing(&self, s: &State, g: PawnId) -> bool {
        let others = s.guards_moved & !(1u16 << (g.number() - 1));
        others == 0
            && s.present().any(|q| {
                !q.is_guard()
                    && s.pawn(q)
                        .circle()
                        .is_some_and(|c| matches!(self.board.circle(c).zone, Zone::Outer | Zone::Outside))
            })
    }

    /// Whether a POW of `nation` reaching a target may escape: he needs his
    /// officer's kit, or one just used by a compatriot this turn.
    pub(crate) fn may_escape(&self, s: &State, nation: Nation) -> bool {
        s.kits[nation.index()] || s.kit_share[nation.index()]
    }

    /// Breadth-first search of where a pawn can go with `budget` MP.
    /// O(circles + links) within the budget.
    pub(crate) fn reach(&self, s: &State, occ: &Occupancy, p: PawnId, budget: u8) -> Vec<Dest> {
        let Some(start) = s.pawn(p).circle() else {
            return Vec::new();
        };
        let guard = p.is_guard();
        let nation = p.nation();
        let n = self.board.net.len();
        let mut seen = vec![[false; 2]; n];
        let mut out = Vec::new();
        let mut queue = VecDeque::new();
        let start_level = s.pawn(p).in_tunnel;
        seen[start.index()][usize::from(start_level)] = true;
        queue.push_back((start, start_level, 0u8));
        while let Some((c, tunnel, cost)) = queue.pop_front() {
            if cost >= budget {
                continue;
            }
            for (nb, link) in self.board.net.links(c) {
                let next = match (*link, tunnel) {
                    (Link::Tunnel, false) => {
                        // Into a tunnel only at its entrance, and only while open.
                        match (self.tunnel_of(c), self.tunnel_of(nb)) {
                            (Some((t, 0)), Some((_, 1)))
                                if !guard && matches!(s.tunnel(t), TunnelState::Open | TunnelState::Detected) =>
                            {
                                Some(true)
                            }
                            _ => None,
                        }
                    }
                    (Link::Tunnel, true) => {
                        let t = self.tunnel_of(nb);
                        let last = t.map(|(t, _)| self.board.tunnels[t.index()].course.len() as u8 - 1);
                        match t {
                            // 2016: out only by the exit; classic: back into the room too.
                            Some((_, 0)) if s.classic => Some(false),
                            Some((_, 0)) => None,
                            Some((_, step)) if Some(step) == last => Some(false),
                            Some(_) => Some(true),
                            None => None,
                        }
                    }
                    (_, true) => None,
                    (Link::Step, false) => Some(false),
                    (Link::Drop { upper, .. }, false) => {
                        (upper == c && self.marker_opens(s, c, nb, if guard { None } else { nation })).then_some(false)
                    }
                    // Classic: guards move freely over barbed wire.
                    (Link::Wire, false) if guard && s.classic => Some(false),
                    (Link::Wire, false) => {
                        self.marker_opens(s, c, nb, if guard { None } else { nation }).then_some(false)
                    }
                };
                let Some(next_tunnel) = next else { continue };
                if seen[nb.index()][usize::from(next_tunnel)] {
                    continue;
                }
                seen[nb.index()][usize::from(next_tunnel)] = true;
                let cost = cost + 1;
                if next_tunnel {
                    if occ.below(nb).is_none() {
                        out.push(Dest { circle: nb, tunnel: true, cost });
                        queue.push_back((nb, true, cost));
                    }
                    continue;
                }
                if guard {
                    // Arrest: ending on a liable POW (or over one in a detected tunnel).
                    if !self.guard_may_enter(s, nb) {
                        continue;
                    }
                    if let Some(q) = occ.at(nb) {
                        // The arresting guard leaves for the office at once: where he
                        // may not stop does not matter.
                        if !q.is_guard() && self.liable(s, q) {
                            out.push(Dest { circle: nb, tunnel: false, cost });
                        }
                        continue;
                    }
                    if self.guard_may_stop(s, p, nb) {
                        out.push(Dest { circle: nb, tunnel: false, cost });
                    }
                } else {
                    // A POW may give himself up by moving onto a guard.
                    if let Some(q) = occ.at(nb) {
                        if q.is_guard() {
                            out.push(Dest { circle: nb, tunnel: false, cost });
                        }
                        continue;
                    }
                    if !self.pow_may_enter(s, occ, p, nb) {
                        continue;
                    }
                    let target = self.board.circle(nb).target;
                    if self.pow_may_stop(nb, false) && (!target || nation.is_some_and(|x| self.may_escape(s, x))) {
                        out.push(Dest { circle: nb, tunnel: false, cost });
                    }
                    if target {
                        continue;
                    }
                }
                queue.push_back((nb, false, cost));
            }
        }
        out
    }

    /// Whose pawns a seat moves in its turn: the German's guards, an officer's POWs.
    fn owns(&self, seat: Seat, p: PawnId) -> bool {
        if seat == GERMAN {
            p.is_guard()
        } else {
            p.nation().map(Nation::seat) == Some(seat)
        }
    }

    /// Checks `move`.
    pub(crate) fn check_move(&self, s: &State, seat: Seat, p: PawnId, to: CircleId) -> Result<Dest, Illegal> {
        if !self.owns(seat, p) || s.pawn(p).circle().is_none() {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "move one of your own pawns on the board",
                "двигайте свою пешку на поле",
            ));
        }
        if s.pawn(p).circle().is_some_and(|c| self.board.circle(c).zone.is_cell()) {
            return Err(Illegal::fixed(
                "Colditz: Solitary Cells",
                "a POW leaves solitary on doubles or with a card (release)",
                "Военнопленный выходит из Одиночки по дублю или по карте (release)",
            ));
        }
        let occ = Occupancy::of(self, s);
        self.reach(s, &occ, p, s.mp).into_iter().filter(|d| d.circle == to).min_by_key(|d| (d.cost, d.tunnel)).ok_or(Illegal::fixed(
            "Colditz: Movement",
            "that circle cannot be reached with the movement left: pawns never pass through other pawns, doors and gates need equipment, and some circles may not be stopped on",
            "до этого кружка не дойти оставшимся движением: пешки не проходят сквозь пешки, для дверей и пунктов нужна Экипировка, на некоторых кружках нельзя останавливаться",
        ))
    }

    /// Every legal `move` of the seat to act: one search per pawn.
    pub(crate) fn move_candidates(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if s.mp == 0 {
            return;
        }
        let occ = Occupancy::of(self, s);
        for p in s.present().filter(|&p| self.owns(seat, p)) {
            if s.pawn(p).circle().is_none_or(|c| self.board.circle(c).zone.is_cell()) {
                continue;
            }
            let mut dests = self.reach(s, &occ, p, s.mp);
            dests.sort_by_key(|d| (d.circle, d.cost));
            dests.dedup_by_key(|d| d.circle);
            out.extend(dests.into_iter().map(|d| Action::Move(p, d.circle)));
        }
    }

    /// Applies a move.
    pub(crate) fn do_move(&self, s: &mut State, p: PawnId, d: Dest, ev: &mut Events) {
        let occ = Occupancy::of(self, s);
        s.mp -= d.cost;
        let there = occ.at(d.circle);
        let below = occ.below(d.circle);
        if p.is_guard() {
            s.pawn_mut(p).loc = Loc::Circle(d.circle);
            s.guards_moved |= 1 << (p.number() - 1);
            if let Some(q) = there {
                self.arrest(s, p, q, ev);
            } else if let Some(q) = below.filter(|_| self.is_tunnel_middle(d.circle)) {
                self.arrest(s, p, q, ev);
            } else if let Zone::Room(r) = self.board.circle(d.circle).zone {
                if s.search == Some(r) {
                    self.resolve_search(s, p, r, ev);
                }
            }
            return;
        }
        let was_in_tunnel = s.pawn(p).in_tunnel;
        let pawn = s.pawn_mut(p);
        pawn.loc = Loc::Circle(d.circle);
        pawn.in_tunnel = d.tunnel;
        if was_in_tunnel && !d.tunnel {
            if let Some((t, step)) = self.tunnel_of(d.circle) {
                if step > 0 {
                    s.broke_out[t.index()] = true;
                }
            }
        }
        ev.say("Colditz: Movement", || {
            Text::new(
                format!("{} moves to {} ({} MP)", p.code(), self.board.key(d.circle), d.cost),
                format!("{} идёт на {} ({} ОД)", p.code(), self.board.key(d.circle), d.cost),
            )
        });
        if let Some(g) = there {
            // Self-arrest: the guard goes to the office; nothing is confiscated.
            self.give_up(s, p, g, ev);
            return;
        }
        self.after_pow_arrives(s, p, d.circle, ev);
    }

    /// What happens when a POW arrives on a circle: escape at a target; the
    /// returning immunity ends inside.
    pub(crate) fn after_pow_arrives(&self, s: &mut State, p: PawnId, c: CircleId, ev: &mut Events) {
        let circle = self.board.circle(c);
        if circle.zone.is_inner() {
            s.pawn_mut(p).returning = false;
        }
        if circle.target {
            self.escape(s, p, ev);
        }
    }

    /// Equipment a POW needs to step from `from` into the adjacent `to`
    /// (`None`: no equipment needed or not possible this way), and the marker
    /// it leaves.
    fn crossing(&self, s: &State, p: PawnId, from: CircleId, to: CircleId) -> Option<(Equipment, u8, Option<Marker>)> {
        let nation = p.nation()?;
        match *self.board.net.link(from, to)? {
            Link::Step => match self.board.circle(to).gate? {
                Gate::Key => Some((Equipment::Key, 1, None)),
                Gate::Pass => Some((Equipment::Pass, 1, None)),
            },
            Link::Drop { upper, ropes } => {
                if upper == from {
                    Some((Equipment::Rope, ropes, Some(Marker { a: from, b: to, nation })))
                } else {
                    // Back up the drop: the original marker must still be there.
                    s.markers.iter().any(|m| m.a == to && m.b == from).then_some((Equipment::Rope, ropes, None))
                }
            }
            Link::Wire => {
                if s.markers.iter().any(|m| m.a == to && m.b == from) {
                    Some((Equipment::Cutters, 1, None))
                } else {
                    Some((Equipment::Cutters, 1, Some(Marker { a: from, b: to, nation })))
                }
            }
            Link::Tunnel => None,
        }
    }

    /// Checks `cross`: a POW uses Equipment to step into an adjacent circle.
    pub(crate) fn check_cross(
        &self,
        s: &State,
        seat: Seat,
        p: PawnId,
        to: CircleId,
    ) -> Result<(Equipment, u8, Option<Marker>), Illegal> {
        let Some(from) = s.pawn(p).circle().filter(|_| !p.is_guard() && self.owns(seat, p) && !s.pawn(p).in_tunnel)
        else {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "one of your POWs on the board crosses",
                "пересекает препятствие ваш Военнопленный на поле",
            ));
        };
        if self.board.circle(from).zone.is_cell() {
            return Err(Illegal::fixed(
                "Colditz: Solitary Cells",
                "a POW in solitary cannot move",
                "Военнопленный в Одиночке не двигается",
            ));
        }
        let Some((equipment, count, marker)) = self.crossing(s, p, from, to) else {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "no door, inspection point, drop or wire to cross there (walk with `move`)",
                "здесь нет Двери, Инспекционного Пункта, Спуска или Проволоки (ходите командой `move`)",
            ));
        };
        let nation = p.nation().expect("a POW");
        if marker.is_some_and(|m| self.marker_opens(s, m.a, m.b, Some(nation))) {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "your own marker already opens this way: walk with `move`",
                "ваш маркер уже открывает этот путь: идите командой `move`",
            ));
        }
        if s.mp < 1 {
            return Err(Illegal::fixed("Colditz: Movement", "no movement left", "движение закончилось"));
        }
        if s.holds(nation, equipment) < count {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "you lack the equipment: a key for a door, a pass for an inspection point, one rope for 30 ft or two for 60, cutters for wire",
                "не хватает Экипировки: Ключ для Двери, Пропуск для Инспекционного Пункта, Верёвка для 30 футов или две для 60, Кусачки для Проволоки",
            ));
        }
        if s.present().any(|x| s.pawn(x).loc == Loc::Circle(to) && !s.pawn(x).in_tunnel) {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "a pawn never moves through or onto another pawn",
                "пешка не проходит сквозь другую пешку",
            ));
        }
        if !self.pow_may_stop(to, false) {
            return Err(Illegal::fixed(
                "Colditz: Legend",
                "POWs may not stop on a searchlight",
                "Военнопленные не могут останавливаться на Прожекторе",
            ));
        }
        if self.board.circle(to).target && !self.may_escape(s, nation) {
            return Err(Illegal::fixed(
                "Colditz: Successful Escape",
                "an escape needs an Escape Kit",
                "для Побега нужен Комплект Спасения",
            ));
        }
        Ok((equipment, count, marker))
    }

    /// Applies a crossing: the equipment returns to its stack; rope and
    /// cutters leave the nation's Escape Attempt marker (replacing another's).
    pub(crate) fn do_cross(
        &self,
        s: &mut State,
        p: PawnId,
        to: CircleId,
        used: (Equipment, u8, Option<Marker>),
        ev: &mut Events,
    ) {
        let (equipment, count, marker) = used;
        let nation = p.nation().expect("a POW");
        s.equipment[nation.index()][equipment.index()] -= count;
        s.stock[equipment.index()] += count;
        s.mp -= 1;
        if let Some(m) = marker {
            s.markers.retain(|x| !((x.a == m.a && x.b == m.b) || (x.a == m.b && x.b == m.a)));
            s.markers.push(m);
        }
        let pawn = s.pawn_mut(p);
        pawn.loc = Loc::Circle(to);
        match equipment {
            Equipment::Key => pawn.used_key = true,
            Equipment::Pass => pawn.used_pass = true,
            _ => {}
        }
        ev.say("Colditz: Escape Attempts", || {
            let e = equipment.text();
            Text::new(
                format!("{} uses {count} {} to reach {}", p.code(), e.en, self.board.key(to)),
                format!("{}: {} ×{count}, переход на {}", p.code(), e.ru, self.board.key(to)),
            )
        });
        self.after_pow_arrives(s, p, to, ev);
    }

    /// Checks `deploy` in a turn: a guard from the barracks to a free post, 1 MP.
    pub(crate) fn check_deploy(&self, s: &State, seat: Seat, g: PawnId, to: CircleId) -> Result<(), Illegal> {
        if seat != GERMAN || !g.is_guard() || s.pawn(g).loc != Loc::Barracks {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "only guards in the barracks are posted",
                "выставлять можно только Охранников из Бараков",
            ));
        }
        if Some(g) != self.next_barracks_guard(s) {
            // Guards are alike: one notation per posting keeps the legal list short.
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "post the guards in number order",
                "выставляйте Охранников по порядку номеров",
            ));
        }
        if s.classic && s.posting_closed {
            return Err(Illegal::fixed(
                "Colditz classic: German Play",
                "after a recall or an arrest no more guards are posted this turn",
                "после отзыва или Ареста Охранники в этот ход больше не выставляются",
            ));
        }
        let occ = Occupancy::of(self, s);
        if !self.board.circle(to).guard_post || occ.at(to).is_some() {
            return Err(Illegal::fixed(
                "Colditz: Legend",
                "guards are posted on free guard posts",
                "Охранники выставляются на свободные Посты Охраны",
            ));
        }
        if s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "posting a guard costs one point of movement",
                "выставление Охранника стоит одно очко движения",
            ));
        }
        Ok(())
    }

    /// Checks `recall`: a guard on a post to the office, 1 MP.
    pub(crate) fn check_recall(&self, s: &State, seat: Seat, g: PawnId) -> Result<(), Illegal> {
        let on_post = s.pawn(g).circle().is_some_and(|c| self.board.circle(c).guard_post);
        if seat != GERMAN || !g.is_guard() || !on_post {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "a guard returns to the office from a guard post",
                "Охранник возвращается на Командный Пункт с Поста Охраны",
            ));
        }
        if s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "returning a guard costs one point of movement",
                "возврат Охранника стоит одно очко движения",
            ));
        }
        Ok(())
    }

    /// Checks `clear`: a guard removes the marker on a link at his circle.
    pub(crate) fn check_clear(&self, s: &State, seat: Seat, g: PawnId, to: CircleId) -> Result<(), Illegal> {
        let Some(at) = s.pawn(g).circle().filter(|_| seat == GERMAN && g.is_guard()) else {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "a guard on the board removes markers",
                "маркеры снимает Охранник на поле",
            ));
        };
        if !s.markers.iter().any(|m| (m.a == at && m.b == to) || (m.a == to && m.b == at)) {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "no Escape Attempt marker on that link",
                "на этом переходе нет маркера Попытки Бегства",
            ));
        }
        Ok(())
    }

    /// Guards may not stay in a room once nothing opens it to them (its
    /// marker removed, its tunnel collapsed, its Search over): they go
    /// straight to the office. Checked after every action: O(guards).
    pub(crate) fn evict_guards_from_closed_rooms(&self, s: &mut State) {
        for g in (1..=crate::MAX_GUARDS).map(PawnId::guard) {
            if let Some(Zone::Room(r)) = s.pawn(g).circle().map(|c| self.board.circle(c).zone) {
                if !self.room_open_to_guards(s, r) {
                    s.pawn_mut(g).loc = Loc::Office;
                }
            }
        }
    }

    /// Applies `clear`; a guard left in a room with nothing to hold it there
    /// goes straight to the office.
    pub(crate) fn do_clear(&self, s: &mut State, g: PawnId, to: CircleId, ev: &mut Events) {
        let at = s.pawn(g).circle().expect("checked");
        s.markers.retain(|m| !((m.a == at && m.b == to) || (m.a == to && m.b == at)));
        if let Zone::Room(r) = self.board.circle(at).zone {
            if !self.room_open_to_guards(s, r) {
                s.pawn_mut(g).loc = Loc::Office;
            }
        }
        ev.say("Colditz: Escape Attempts", || {
            Text::fixed("an Escape Attempt marker is removed", "маркер Попытки Бегства снят")
        });
    }

    /// Checks a doubles release from solitary (1 MP each).
    pub(crate) fn check_release(&self, s: &State, seat: Seat, p: PawnId) -> Result<(), Illegal> {
        let in_cell = s.pawn(p).circle().is_some_and(|c| self.board.circle(c).zone.is_cell());
        if !self.owns(seat, p) || p.is_guard() || !in_cell {
            return Err(Illegal::fixed(
                "Colditz: Solitary Cells",
                "release one of your POWs in solitary",
                "выпустить можно своего Военнопленного из Одиночки",
            ));
        }
        if s.releases == 0 || s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "each doubles thrown releases one POW at one point of movement",
                "каждый дубль выпускает одного Военнопленного за одно очко движения",
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

    /// The free circle nearest the arrow of a POW's cell block.
    pub(crate) fn release_circle(&self, s: &State, p: PawnId) -> Option<CircleId> {
        let cell = s.pawn(p).circle()?;
        let block = if self.board.circle(cell).zone == Zone::CellInner { 0 } else { 1 };
        let exit = self.board.cells[block].exit;
        let occ = Occupancy::of(self, s);
        let mut seen = vec![false; self.board.net.len()];
        let mut queue = VecDeque::from([exit]);
        seen[exit.index()] = true;
        while let Some(c) = queue.pop_front() {
            let circle = self.board.circle(c);
            if occ.at(c).is_none()
                && !circle.zone.is_cell()
                && !circle.car
                && circle.gate.is_none()
                && self.pow_may_stop(c, false)
            {
                return Some(c);
            }
            for (nb, link) in self.board.net.links(c) {
                if *link == Link::Step && !seen[nb.index()] {
                    seen[nb.index()] = true;
                    queue.push_back(nb);
                }
            }
        }
        None
    }

    /// Releases a POW from solitary (by doubles or by card).
    pub(crate) fn release(&self, s: &mut State, p: PawnId, ev: &mut Events) {
        let Some(to) = self.release_circle(s, p) else {
            return;
        };
        let outer = s.pawn(p).circle().is_some_and(|c| self.board.circle(c).zone == Zone::CellOuter);
        // The distance he starts from: he must be closer after each of his turns.
        let from = self.board.to_inner[to.index()].saturating_add(1).min(u16::from(u8::MAX)) as u8;
        let pawn = s.pawn_mut(p);
        pawn.loc = Loc::Circle(to);
        pawn.returning = outer;
        pawn.return_distance = from;
        ev.say("Colditz: Solitary Cells", || {
            Text::new(
                format!("{} leaves solitary to {}", p.code(), self.board.key(to)),
                format!("{} выходит из Одиночки на {}", p.code(), self.board.key(to)),
            )
        });
    }
}

impl Colditz {
    /// Candidate crossings, postings, recalls, clears and releases (moves are
    /// listed separately by `move_candidates`).
    pub(crate) fn other_move_candidates(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        for p in s.present().filter(|&p| self.owns(seat, p)).collect::<Vec<_>>() {
            match s.pawn(p).loc {
                Loc::Circle(c) => {
                    for (nb, _) in self.board.net.links(c) {
                        if p.is_guard() {
                            out.push(Action::Clear(p, nb));
                        } else {
                            out.push(Action::Cross(p, nb));
                        }
                    }
                    if p.is_guard() {
                        out.push(Action::Recall(p));
                    } else {
                        out.push(Action::Release(p));
                    }
                }
                // Guards are alike: only the lowest-numbered one in the barracks is listed.
                Loc::Barracks if Some(p) == self.next_barracks_guard(s) => {
                    out.extend(
                        self.board.circles().filter(|&c| self.board.circle(c).guard_post).map(|c| Action::Deploy(p, c)),
                    );
                }
                _ => {}
            }
        }
        if let Some(n) = Nation::of_seat(seat) {
            let mine: Vec<PawnId> = s.present().filter(|q| q.nation() == Some(n)).collect();
            for e in Equipment::ALL {
                for (i, &p) in mine.iter().enumerate() {
                    for &q in &mine[i + 1..] {
                        out.push(Action::Claim(e, p, q));
                    }
                }
            }
            self.kit_candidates(s, n, &mine, out);
        }
    }

    /// Candidate kits: POWs standing in kit rooms, with the part cards in hand.
    fn kit_candidates(&self, s: &State, n: Nation, mine: &[PawnId], out: &mut Vec<Action>) {
        use crate::action::Piece;
        use crate::board::Symbol;
        use crate::cards::Card;
        if s.kits[n.index()] {
            return;
        }
        let by_symbol = |sym: Symbol| -> Vec<PawnId> {
            mine.iter()
                .copied()
                .filter(|&p| s.pawn(p).circle().and_then(|c| self.board.symbol(c)) == Some(sym) && !s.pawn(p).in_tunnel)
                .collect()
        };
        let [food, disguise, documents, compass] = Symbol::KIT.map(by_symbol);
        let hand = &s.hands[n.seat().index()];
        let has = |c: Card| hand.contains(&c);
        let canonical = |v: Vec<Piece>| Action::Kit(crate::action::canonical_kit(v));
        let pairs = |a: &[PawnId], b: &[PawnId]| -> Vec<[PawnId; 2]> {
            a.iter().flat_map(|&x| b.iter().map(move |&y| [x, y])).collect()
        };
        let ab = pairs(&food, &disguise);
        let cd = pairs(&documents, &compass);
        for [f, d] in &ab {
            for [o, c] in &cd {
                out.push(canonical(vec![Piece::Pow(*f), Piece::Pow(*d), Piece::Pow(*o), Piece::Pow(*c)]));
            }
            if has(Card::KitPartB) {
                out.push(canonical(vec![Piece::Part(Card::KitPartB), Piece::Pow(*f), Piece::Pow(*d)]));
            }
        }
        if has(Card::KitPartA) {
            for [o, c] in &cd {
                out.push(canonical(vec![Piece::Part(Card::KitPartA), Piece::Pow(*o), Piece::Pow(*c)]));
            }
            if has(Card::KitPartB) {
                out.push(canonical(vec![Piece::Part(Card::KitPartA), Piece::Part(Card::KitPartB)]));
            }
        }
    }
}
