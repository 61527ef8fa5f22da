//! Movement: pawns step between linked circles, never through another pawn
//! (but over POWs below in a tunnel); doors, inspection points, drops and wire
//! take Equipment; guards post from the barracks and return to the office.

use crate::board::{flag, CircleId, Gate, Link, TunnelId, Zone, NO_ROOM};
use crate::cards::Equipment;
use crate::fixed::{CircleQueue, CircleSet, MAX_CIRCLES};
use crate::pawn::PAWN_SLOTS;
use crate::pawn::{Nation, PawnId, GERMAN, MAX_POWS};
use crate::reach::{Dest, Reach};
use crate::state::{Loc, Marker, State, TunnelState};
use crate::{Action, Colditz};
use sandtable_core::{Events, Illegal, Seat, Text};
use tinyvec::ArrayVec;

/// Movement: "a pawn can never move through a circle holding another pawn
/// (on the same level)"; moving onto a guard is a POW giving himself up.
const PAWN_IN_THE_WAY: Illegal = Illegal::fixed(
    "Colditz: Movement (pawns)",
    "a pawn never moves through or onto a circle holding another pawn (a POW may step onto a guard to give himself up)",
    "пешка никогда не может двигаться через кружок, содержащий другую пешку (Военнопленный может сам сдаться, перейдя на кружок Охранника)",
);

/// `cross` is for one's own POWs on the board.
const NOT_YOUR_POW: Illegal = Illegal::fixed(
    "Colditz: Escape Attempts",
    "one of your POWs on the board crosses",
    "пересекает препятствие ваш Военнопленный на поле",
);

/// Legend, Staff Car: "it may only be used with its Opportunity card".
const STAFF_CAR: Illegal = Illegal::fixed(
    "Colditz: Staff Car",
    "the staff car is used only with its Opportunity card",
    "Штатный Автомобиль может быть использован только соответствующей картой Возможности",
);

/// Legend, Solitary Cells: POWs are put there after an arrest, never walk in.
const CELLS: Illegal = Illegal::fixed(
    "Colditz: Solitary Cells",
    "pawns never walk into the solitary cells: a POW is put there by an arrest",
    "в Одиночные Камеры не входят: Военнопленного помещают туда после Ареста",
);

/// Reference: nobody ends a move on a tunnel circle unless he is a POW in
/// the tunnel or a guard once Tunnel Detected has been played on it.
const TUNNEL_CIRCLE: Illegal = Illegal::fixed(
    "Colditz: Tunnels",
    "only a POW inside the tunnel, or a guard once it is detected, ends a move on a tunnel circle",
    "закончить движение на кружке Тоннеля может только Военнопленный внутри Тоннеля или Охранник, если Тоннель Обнаружен",
);

/// Who stands where, at the surface and below in the tunnels: per circle,
/// the pawn's slot + 1 (0: nobody). Built in O(pawns) after clearing
/// 2 × `MAX_CIRCLES` bytes on the stack; never stored in the state. For one
/// question about one circle, `Colditz::surface_pawn` is cheaper.
pub(crate) struct Occupancy {
    surface: [u8; MAX_CIRCLES],
    below: [u8; MAX_CIRCLES],
    /// The circles with a pawn at the surface.
    pub(crate) manned: CircleSet,
    /// The circles with a guard at the surface.
    pub(crate) guarded: CircleSet,
}

impl Occupancy {
    pub(crate) fn of(_rules: &Colditz, s: &State) -> Occupancy {
        let mut o = Occupancy::empty();
        for p in s.present() {
            if let Some(c) = s.pawn(p).circle() {
                // Slots fit a byte: PAWN_SLOTS < 255.
                let slot = p.index() as u8 + 1;
                if s.pawn(p).in_tunnel {
                    o.below[c.index()] = slot;
                } else {
                    o.surface[c.index()] = slot;
                    o.manned.insert(c);
                }
            }
        }
        // The last pawn on a circle is the one `at` names (two never share one).
        for c in o.manned.indices() {
            if Self::pawn(o.surface[c]).is_some_and(PawnId::is_guard) {
                o.guarded.insert_index(c);
            }
        }
        o
    }
    /// A board with nobody on it: where a pawn could go were no pawn in its way.
    pub(crate) fn empty() -> Occupancy {
        Occupancy {
            surface: [0; MAX_CIRCLES],
            below: [0; MAX_CIRCLES],
            manned: CircleSet::EMPTY,
            guarded: CircleSet::EMPTY,
        }
    }
    fn pawn(slot: u8) -> Option<PawnId> {
        slot.checked_sub(1).map(|i| PawnId::from_index(usize::from(i)))
    }
    /// The pawn on a circle at the surface.
    pub(crate) fn at(&self, c: CircleId) -> Option<PawnId> {
        Self::pawn(self.surface[c.index()])
    }
    /// The POW below a circle, in a tunnel.
    pub(crate) fn below(&self, c: CircleId) -> Option<PawnId> {
        Self::pawn(self.below[c.index()])
    }
}

impl Colditz {
    /// The tunnel and step of a circle, if it lies on a tunnel's course.
    pub(crate) fn tunnel_of(&self, c: CircleId) -> Option<(TunnelId, u8)> {
        self.board.circle(c).tunnel
    }

    /// Whether guards may go onto a tunnel's circles: detected, or (classic)
    /// taken by two guards.
    pub(crate) fn guards_in_tunnel(&self, s: &State, t: TunnelId) -> bool {
        matches!(s.tunnel(t), TunnelState::Detected | TunnelState::Taken)
    }

    /// A circle strictly inside a tunnel's course (not its entrance or exit):
    /// only a POW in the tunnel (or a guard over a detected one) may stop there.
    /// O(1): a flag worked out when the board loads.
    pub(crate) fn is_tunnel_middle(&self, c: CircleId) -> bool {
        self.board.flags(c) & flag::TUNNEL_MIDDLE != 0
    }

    /// Whether an Escape Attempt marker lets `nation` (or a guard, `None`)
    /// cross from `a` to `b` (markers open the way forward only).
    pub(crate) fn marker_opens(&self, s: &State, a: CircleId, b: CircleId, nation: Option<Nation>) -> bool {
        s.markers.iter().any(|m| m.a == a && m.b == b && nation.map_or(true, |n| m.nation == n))
    }

    /// A room guards may enter now: a Search card for it this turn, an Escape
    /// Attempt marker at one of its circles, or a detected tunnel starting in it.
    pub(crate) fn room_open_to_guards(&self, s: &State, room: u8) -> bool {
        self.rooms_open_to_guards(s) & (1 << room) != 0
    }

    /// The rooms guards may enter now, a bit per room index (see
    /// `room_open_to_guards`). O(markers).
    pub(crate) fn rooms_open_to_guards(&self, s: &State) -> u32 {
        let room_bit = |c: CircleId| match self.board.room_of[c.index()] {
            NO_ROOM => 0,
            r => 1u32 << r,
        };
        let mut open = s.search;
        for m in s.markers.iter() {
            open |= room_bit(m.a) | room_bit(m.b);
        }
        for t in TunnelId::ALL {
            if self.guards_in_tunnel(s, t) {
                open |= room_bit(self.board.tunnels[t.index()].course[0]);
            }
        }
        open
    }

    /// Whether a guard may go onto a circle (occupants aside): never the staff
    /// car or the cells; a room or a safe area only when something opens it.
    pub(crate) fn guard_may_enter(&self, s: &State, g: PawnId, c: CircleId) -> Result<(), Illegal> {
        let circle = self.board.circle(c);
        if circle.car {
            return Err(STAFF_CAR);
        }
        if circle.zone.is_cell() {
            return Err(CELLS);
        }
        // Legend, Rooms: guards enter only when pursuing (a marker), over a
        // discovered tunnel, or (Search card) while the card names the room.
        // Classic: "or enter a room, UNLESS a Pawn has escaped from the grey
        // zone and this is the only Guard moving this turn (ie chasing)".
        if let Zone::Room(r) = circle.zone {
            let chasing = s.classic && self.chasing(s, g);
            if !(self.room_open_to_guards(s, r) || chasing) {
                return Err(Illegal::fixed(
                    "Colditz: Rooms",
                    "guards may not enter a room unless a Search card names it, an Escape Attempt marker is in it, or a tunnel in it is detected",
                    "Охранники не могут входить в Комнату, если только её не назвала карта «Обыск», в ней нет маркера Попытки Бегства или в ней не Обнаружен Тоннель",
                ));
            }
        }
        // Legend, Safe Areas: closed to guards unless an Escape Attempt
        // marker is there, or a detected tunnel runs beneath.
        let opened = s.markers.iter().any(|m| m.a == c || m.b == c)
            || circle.tunnel.is_some_and(|(t, _)| self.guards_in_tunnel(s, t));
        if circle.safe && !opened {
            return Err(Illegal::fixed(
                "Colditz: Safe Areas",
                "guards may not enter a safe area unless an Escape Attempt marker is there",
                "Охранники не могут войти на кружки Безопасной Зоны, если только они не содержат маркера Попытки Бегства",
            ));
        }
        Ok(())
    }

    /// Whether a POW may go onto a circle (occupants aside): never the staff
    /// car (its card) or the cells (arrest); doors and inspection points take
    /// a Key or a Pass (`cross`), except on the free way back from the outer cells.
    pub(crate) fn pow_may_enter(&self, s: &State, p: PawnId, c: CircleId) -> Result<(), Illegal> {
        let circle = self.board.circle(c);
        if circle.car {
            return Err(STAFF_CAR);
        }
        if circle.zone.is_cell() {
            return Err(CELLS);
        }
        // Escape Attempts: a POW released from the outer cells passes the way back in freely.
        if circle.gate.is_some() && s.pawn(p).returning && self.board.cells[1].free_gates.contains(&c) {
            return Ok(());
        }
        // Classic: a Key or Pass used this turn keeps its passage open for the turn.
        if s.classic && s.opened.contains(&c) {
            return Ok(());
        }
        match circle.gate {
            None => Ok(()),
            Some(Gate::Key) => Err(Illegal::fixed(
                "Colditz: Doors",
                "a POW needs a Key to move into a door: use `cross` with one",
                "чтобы переместиться в кружок Двери, Военнопленный должен использовать Ключ (`cross`)",
            )),
            Some(Gate::Pass) => Err(Illegal::fixed(
                "Colditz: Inspection Points",
                "a POW needs a Pass to move into an inspection point: use `cross` with one",
                "чтобы переместиться в Инспекционный Пункт, Военнопленный должен использовать Пропуск (`cross`)",
            )),
        }
    }

    /// Whether a POW may finish a move on a circle: not a searchlight, not
    /// the middle of a tunnel unless he is in it — the target rule aside
    /// (`may_reach_target`).
    pub(crate) fn pow_may_stop(&self, c: CircleId, tunnel: bool) -> Result<(), Illegal> {
        if tunnel {
            return Ok(());
        }
        if self.board.circle(c).searchlight {
            return Err(Illegal::fixed(
                "Colditz: Searchlights",
                "POWs may not end their move on a searchlight (they may pass over it)",
                "Военнопленные не могут закончить свое движение на кружке Прожектора (пройти через него можно)",
            ));
        }
        if self.is_tunnel_middle(c) {
            return Err(TUNNEL_CIRCLE);
        }
        Ok(())
    }

    /// Whether a POW of `nation` may end on a circle that is a target: the
    /// escape needs a kit (`may_escape`).
    pub(crate) fn may_reach_target(&self, s: &State, nation: Nation, c: CircleId) -> Result<(), Illegal> {
        if self.board.circle(c).target && !self.may_escape(s, nation) {
            return Err(Illegal::fixed(
                "Colditz: Successful Escape",
                "an escape needs an Escape Kit",
                "для Побега нужен Комплект Спасения",
            ));
        }
        Ok(())
    }

    /// Whether a guard may finish a move on a circle (one he may enter, see
    /// `guard_may_enter`): not a walkway or the Appel area, nor a tunnel
    /// circle unless the tunnel is detected; classic: not blocking the grey zone.
    pub(crate) fn guard_may_stop(&self, s: &State, g: PawnId, c: CircleId) -> Result<(), Illegal> {
        let circle = self.board.circle(c);
        if circle.walkway {
            return Err(Illegal::fixed(
                "Colditz: Walkways",
                "guards may not end their move on a walkway (they may pass over it)",
                "Охранники не могут закончить своё движение на кружке Прохода (пройти через него можно)",
            ));
        }
        if circle.zone == Zone::Appel {
            return Err(Illegal::fixed(
                "Colditz: Appel area",
                "guards may not end their move in the Appel area (they may pass over it)",
                "Охранники не могут закончить своё движение в Области Сбора (пройти через неё можно)",
            ));
        }
        // Classic: no guard may stop in the grey zone so as to block the
        // POWs' passage (on a circle that splits it), unless he alone is
        // chasing a POW who has got out of it.
        if s.classic && circle.zone == Zone::Inner && self.board.grey_cut[c.index()] && !self.chasing(s, g) {
            return Err(Illegal::fixed(
                "Colditz classic: German Play",
                "a guard may not stop where he blocks the POWs' way through the grey zone, unless he alone is chasing a POW who got out",
                "Охранник не может останавливаться там, где он перекрывает Военнопленным путь через серую зону, если только он один не преследует выбравшегося Военнопленного",
            ));
        }
        match self.tunnel_of(c) {
            Some((t, _)) if self.is_tunnel_middle(c) && !self.guards_in_tunnel(s, t) => Err(TUNNEL_CIRCLE),
            _ => Ok(()),
        }
    }

    /// Classic: `g` is the only guard moving this turn and some POW is out
    /// of the grey zone (in the outer courtyard or outside): he is chasing.
    pub(crate) fn chasing(&self, s: &State, g: PawnId) -> bool {
        let others = s.guards_moved & !(1u16 << (g.number() - 1));
        others == 0 && self.chase_on(s)
    }

    /// Classic: some POW has got out of the grey zone (in the outer
    /// courtyard or outside the castle, at the surface).
    fn chase_on(&self, s: &State) -> bool {
        s.present().any(|q| {
            !q.is_guard()
                && !s.pawn(q).in_tunnel
                && s.pawn(q).circle().is_some_and(|c| matches!(self.board.circle(c).zone, Zone::Outer | Zone::Outside))
        })
    }

    /// Whether a POW of `nation` reaching a target may escape: he needs his
    /// officer's kit, or one just used by a compatriot this turn.
    pub(crate) fn may_escape(&self, s: &State, nation: Nation) -> bool {
        s.kits[nation.index()] || s.kit_share[nation.index()]
    }

    /// Whose pawns a seat moves in its turn: the German's guards, an officer's POWs.
    fn owns(&self, seat: Seat, p: PawnId) -> bool {
        if seat == GERMAN {
            p.is_guard()
        } else {
            p.nation().map(Nation::seat) == Some(seat)
        }
    }

    /// Checks `move`: the destination must be among the places `reach`
    /// finds. When it is not, `move_refusal` says which rule keeps the pawn out.
    pub(crate) fn check_move(&self, s: &State, seat: Seat, p: PawnId, to: CircleId) -> Result<Dest, Illegal> {
        if !self.owns(seat, p) {
            return Err(Illegal::fixed(
                "Colditz: Play",
                "move one of your own pawns: the German moves the guards, an Escape Officer his POWs",
                "двигайте свою пешку: Офицер Охраны двигает Охранников, Офицер Беглец — своих Военнопленных",
            ));
        }
        let Some(from) = s.pawn(p).circle() else {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "that pawn is not on the board (guards leave the barracks with `deploy`)",
                "этой пешки нет на поле (Охранники выходят из Бараков командой `deploy`)",
            ));
        };
        if self.board.circle(from).zone.is_cell() {
            return Err(Illegal::fixed(
                "Colditz: Solitary Cells",
                "a POW leaves solitary on doubles or with a card (release)",
                "Военнопленный выходит из Одиночки по дублю или по карте (release)",
            ));
        }
        let occ = Occupancy::of(self, s);
        let mut best: Option<Dest> = None;
        // The search stops once the places as cheap as the first found are all in.
        self.reach(s, &occ, p, s.mp, &mut Reach::new(), |d| {
            if d.circle == to && best.map_or(true, |b| (d.cost, d.tunnel) < (b.cost, b.tunnel)) {
                best = Some(d);
            }
            d.circle == to
        });
        best.ok_or_else(|| self.move_refusal(s, &occ, p, to))
    }

    /// Why `reach` does not list `to` for `p`: first what the circle itself
    /// forbids (the same checks `reach` applies to every circle), then the
    /// way there — too far, blocked by pawns, or no way on foot at all.
    /// Runs only for a refused move.
    fn move_refusal(&self, s: &State, occ: &Occupancy, p: PawnId, to: CircleId) -> Illegal {
        let in_tunnel = s.pawn(p).in_tunnel;
        let destination = if p.is_guard() {
            self.guard_may_enter(s, p, to).and_then(|()| match occ.at(to) {
                Some(q) if q.is_guard() => Err(PAWN_IN_THE_WAY),
                Some(q) => self.check_liable(s, q),
                None => self.guard_may_stop(s, p, to),
            })
        } else if in_tunnel || self.tunnel_of(to).is_some() {
            // Along a tunnel the level decides what is allowed: left to the way below.
            Ok(())
        } else {
            match occ.at(to) {
                Some(q) if q.is_guard() => Ok(()),
                Some(_) => Err(PAWN_IN_THE_WAY),
                None => self
                    .pow_may_enter(s, p, to)
                    .and_then(|()| self.pow_may_stop(to, false))
                    .and_then(|()| p.nation().map_or(Ok(()), |n| self.may_reach_target(s, n, to))),
            }
        };
        if let Err(e) = destination {
            return e;
        }
        let found = |occ: &Occupancy, budget: u8| {
            let mut first = None;
            self.reach(s, occ, p, budget, &mut Reach::new(), |d| {
                if d.circle == to && first.is_none() {
                    first = Some(d);
                }
                d.circle == to
            });
            first
        };
        if let Some(d) = found(occ, u8::MAX) {
            return Illegal::new(
                "Colditz: Movement",
                Text::new(
                    format!("that circle is {} points of movement away; {} left", d.cost, s.mp),
                    format!("до этого кружка {} очков движения, осталось {}", d.cost, s.mp),
                ),
            );
        }
        if found(&Occupancy::empty(), u8::MAX).is_some() {
            return PAWN_IN_THE_WAY;
        }
        if !p.is_guard() && (in_tunnel || self.is_tunnel_middle(to)) {
            return Illegal::fixed(
                "Colditz: Tunnels",
                "POWs enter an open tunnel at its entrance in the room and leave it by its exit in the outer courtyard",
                "Военнопленные входят в открытый Тоннель через вход в Комнате и выходят через выход во Внешнем Дворе",
            );
        }
        // One step over a drop or wire: that is `cross`, with Equipment.
        let link = s.pawn(p).circle().and_then(|from| self.board.net.link(from, to));
        match link {
            Some(Link::Drop { .. }) if !p.is_guard() => {
                return Illegal::fixed(
                    "Colditz: Drops",
                    "a POW goes down a drop with a Rope (two for 60 ft): use `cross`; only his nation's marker lets him walk it",
                    "Военнопленный спускается по Спуску с Верёвкой (на 60 футов — с двумя): `cross`; пройти пешком позволяет только маркер его национальности",
                );
            }
            Some(Link::Wire) if !p.is_guard() => {
                return Illegal::fixed(
                    "Colditz: Barbed Wire",
                    "a POW cuts through barbed wire with Wire Cutters: use `cross`; only his nation's marker lets him walk through",
                    "Военнопленный прорубается через Колючую Проволоку Кусачками: `cross`; пройти пешком позволяет только маркер его национальности",
                );
            }
            _ => {}
        }
        if p.is_guard() {
            Illegal::fixed(
                "Colditz: Escape Attempts",
                "no way there: guards cross drops and barbed wire only over an Escape Attempt marker, in its direction",
                "туда не пройти: Охранники проходят Спуски и Колючую Проволоку только по маркеру Попытки Бегства и только в его направлении",
            )
        } else {
            Illegal::fixed(
                "Colditz: Escape Attempts",
                "no way there on foot: doors, inspection points, drops and wire are crossed one circle at a time with Equipment (`cross`); a marker of your nation opens drops and wire",
                "пешком туда не пройти: Двери, Инспекционные Пункты, Спуски и Проволоку проходят по одному кружку с Экипировкой (`cross`); маркер вашей национальности открывает Спуски и Проволоку",
            )
        }
    }

    /// Every legal `move` of the seat to act: one search per pawn, each
    /// destination once, in circle order. No heap: the search's scratch
    /// space is made once and reused.
    pub(crate) fn move_candidates(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if s.mp == 0 {
            return;
        }
        let occ = Occupancy::of(self, s);
        let mut r = Reach::new();
        for p in s.present().filter(|&p| self.owns(seat, p)) {
            if s.pawn(p).circle().map_or(true, |c| self.board.circle(c).zone.is_cell()) {
                continue;
            }
            let mut dests = CircleSet::EMPTY;
            self.reach(s, &occ, p, s.mp, &mut r, |d| {
                dests.insert(d.circle);
                false
            });
            out.extend(dests.indices().map(|i| Action::Move(p, self.board.id(i))));
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
            } else if s.classic {
                self.classic_tunnel_raid(s, d.circle, ev);
            } else if let Some(q) = below.filter(|_| self.is_tunnel_middle(d.circle)) {
                self.arrest(s, p, q, ev);
            } else if let Zone::Room(r) = self.board.circle(d.circle).zone {
                if s.search & (1 << r) != 0 {
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
            // Self-arrest is an arrest (2016: Equipment lost outside; classic: nothing).
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

    /// Equipment a POW needs to step from `from` into the adjacent `to`, and
    /// the marker it leaves; or why there is nothing to cross that way.
    fn crossing(
        &self,
        s: &State,
        p: PawnId,
        from: CircleId,
        to: CircleId,
    ) -> Result<(Equipment, u8, Option<Marker>), Illegal> {
        let nation = p.nation().ok_or(NOT_YOUR_POW)?;
        let Some(link) = self.board.net.link(from, to) else {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "a crossing is one step into an adjacent circle",
                "препятствие пересекают одним шагом на соседний кружок",
            ));
        };
        match *link {
            Link::Step => match self.board.circle(to).gate {
                Some(Gate::Key) => Ok((Equipment::Key, 1, None)),
                Some(Gate::Pass) => Ok((Equipment::Pass, 1, None)),
                None => Err(Illegal::fixed(
                    "Colditz: Escape Attempts",
                    "no door, inspection point, drop or wire to cross there: walk with `move`",
                    "здесь нет Двери, Инспекционного Пункта, Спуска или Проволоки: идите командой `move`",
                )),
            },
            Link::Drop { upper, ropes } => {
                if upper == from {
                    Ok((Equipment::Rope, ropes, Some(Marker { a: from, b: to, nation })))
                } else if s.markers.iter().any(|m| m.a == to && m.b == from) {
                    Ok((Equipment::Rope, ropes, None))
                } else {
                    // Escape Attempts: going back "requires the original marker to still be in place".
                    Err(Illegal::fixed(
                        "Colditz: Escape Attempts",
                        "going back up a drop needs its original Escape Attempt marker still in place",
                        "чтобы вернуться вверх по Спуску, оригинальный маркер Попытки Бегства должен всё ещё лежать на месте",
                    ))
                }
            }
            Link::Wire => {
                if s.markers.iter().any(|m| m.a == to && m.b == from) {
                    Ok((Equipment::Cutters, 1, None))
                } else {
                    Ok((Equipment::Cutters, 1, Some(Marker { a: from, b: to, nation })))
                }
            }
            Link::Tunnel => Err(Illegal::fixed(
                "Colditz: Tunnels",
                "tunnels are walked with `move`",
                "по Тоннелю ходят командой `move`",
            )),
        }
    }

    /// The Equipment a crossing takes, by what is crossed (Legend: Doors,
    /// Inspection Points, Drops, Barbed Wire): refused when the officer holds
    /// fewer than `count`.
    fn missing_equipment(equipment: Equipment, count: u8) -> Illegal {
        match (equipment, count) {
            (Equipment::Key, _) => Illegal::fixed(
                "Colditz: Doors",
                "a POW needs a Key to move into a door",
                "Военнопленные должны использовать Ключ, чтобы переместиться в кружок Двери",
            ),
            (Equipment::Pass, _) => Illegal::fixed(
                "Colditz: Inspection Points",
                "a POW needs a Pass to move into an inspection point",
                "Военнопленные должны использовать Пропуск, чтобы переместиться в Инспекционный Пункт",
            ),
            (Equipment::Rope, 1) => {
                Illegal::fixed("Colditz: Drops", "a 30 ft drop takes a Rope", "Спуск на 30 футов требует Верёвки")
            }
            (Equipment::Rope, _) => Illegal::fixed(
                "Colditz: Drops",
                "a 60 ft drop takes two Ropes",
                "Спуск на 60 футов требует двух Верёвок",
            ),
            (Equipment::Cutters, _) => Illegal::fixed(
                "Colditz: Barbed Wire",
                "cutting through barbed wire takes Wire Cutters",
                "чтобы прорубиться через Колючую Проволоку, нужны Проволочные Кусачки",
            ),
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
        let Some(from) = s.pawn(p).circle().filter(|_| !p.is_guard() && self.owns(seat, p)) else {
            return Err(NOT_YOUR_POW);
        };
        if self.board.circle(from).zone.is_cell() {
            return Err(Illegal::fixed(
                "Colditz: Solitary Cells",
                "a POW leaves solitary on doubles or with a card (release), never by crossing",
                "Военнопленный выходит из Одиночки по дублю или по карте (release), а не пересечением",
            ));
        }
        if s.pawn(p).in_tunnel {
            return Err(Illegal::fixed(
                "Colditz: Tunnels",
                "a POW in a tunnel leaves it by its exit (`move`)",
                "Военнопленный в Тоннеле выходит из него через выход (`move`)",
            ));
        }
        let (equipment, count, marker) = self.crossing(s, p, from, to)?;
        let nation = p.nation().expect("a POW");
        if s.classic && s.opened.contains(&to) {
            return Err(Illegal::fixed(
                "Colditz classic: Escape Equipment",
                "a Key or Pass used this turn keeps that passage open for your whole turn: walk with `move`",
                "использованный в этот ход Ключ или Пропуск оставляет проход открытым на весь ваш ход: идите командой `move`",
            ));
        }
        if marker.is_some_and(|m| self.marker_opens(s, m.a, m.b, Some(nation))) {
            return Err(Illegal::fixed(
                "Colditz: Escape Attempts",
                "your own marker already opens this way: walk with `move`",
                "ваш маркер уже открывает этот путь: идите командой `move`",
            ));
        }
        if s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement",
                "a crossing costs one point of movement, and none is left",
                "пересечение стоит одно очко движения, а движения не осталось",
            ));
        }
        if s.holds(nation, equipment) < count {
            return Err(Self::missing_equipment(equipment, count));
        }
        if s.present().any(|x| s.pawn(x).loc == Loc::Circle(to) && !s.pawn(x).in_tunnel) {
            return Err(PAWN_IN_THE_WAY);
        }
        self.pow_may_stop(to, false)?;
        self.may_reach_target(s, nation, to)?;
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
        if s.classic && matches!(equipment, Equipment::Key | Equipment::Pass) {
            s.opened.push(to);
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
                "Colditz: Movement (guards)",
                "only guards in the barracks are posted",
                "выставлять можно только Охранников из Бараков",
            ));
        }
        if Some(g) != self.next_barracks_guard(s) {
            // Guards are alike: one notation per posting keeps the legal list short.
            return Err(Illegal::fixed(
                "Colditz: Movement (guards)",
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
        if !self.board.circle(to).guard_post {
            return Err(Illegal::fixed(
                "Colditz: Guard Posts",
                "guards are posted from the barracks onto guard posts only",
                "Охранники выставляются из Бараков только на Посты Охраны",
            ));
        }
        if self.surface_pawn(s, to).is_some() {
            return Err(PAWN_IN_THE_WAY);
        }
        if s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement (guards)",
                "posting a guard costs one point of movement, and none is left",
                "выставление Охранника стоит одно очко движения, а движения не осталось",
            ));
        }
        Ok(())
    }

    /// Checks `recall`: a guard on a post to the office, 1 MP.
    pub(crate) fn check_recall(&self, s: &State, seat: Seat, g: PawnId) -> Result<(), Illegal> {
        if seat != GERMAN || !g.is_guard() || s.pawn(g).circle().is_none() {
            return Err(Illegal::fixed(
                "Colditz: Movement (guards)",
                "the German recalls one of his guards on the board",
                "Офицер Охраны возвращает своего Охранника с поля",
            ));
        }
        if !s.pawn(g).circle().is_some_and(|c| self.board.circle(c).guard_post) {
            return Err(Illegal::fixed(
                "Colditz: Guard Posts",
                "a guard returns to the office only from a guard post",
                "Охранник возвращается на Командный Пункт только с Поста Охраны",
            ));
        }
        if s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement (guards)",
                "returning a guard costs one point of movement, and none is left",
                "возврат Охранника стоит одно очко движения, а движения не осталось",
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
    /// straight to the office. Classic (authored): a guard who came in
    /// chasing stays while the chase lasts (a POW is still out of the grey
    /// zone). Checked after every action: O(guards).
    pub(crate) fn evict_guards_from_closed_rooms(&self, s: &mut State) {
        if s.classic && self.chase_on(s) {
            return;
        }
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
        if s.releases == 0 {
            return Err(Illegal::fixed(
                "Colditz: Movement (doubles)",
                "each doubles thrown releases one POW, and no doubles are left to release with",
                "каждый дубль выпускает одного Военнопленного, а неиспользованных дублей не осталось",
            ));
        }
        if s.mp < 1 {
            return Err(Illegal::fixed(
                "Colditz: Movement (doubles)",
                "a release costs one point of movement, and none is left",
                "выпуск стоит одно очко движения, а движения не осталось",
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

    /// The free circle nearest the arrow of a POW's cell block. A
    /// breadth-first search on the stack, usually over a circle or two.
    pub(crate) fn release_circle(&self, s: &State, p: PawnId) -> Option<CircleId> {
        let cell = s.pawn(p).circle()?;
        let block = if self.board.circle(cell).zone == Zone::CellInner { 0 } else { 1 };
        let exit = self.board.cells[block].exit;
        let mut seen = CircleSet::EMPTY;
        let mut queue = CircleQueue::<CircleId, MAX_CIRCLES>::new();
        queue.push(exit);
        seen.insert(exit);
        while let Some(c) = queue.pop() {
            let circle = self.board.circle(c);
            if self.surface_pawn(s, c).is_none()
                && !circle.zone.is_cell()
                && !circle.car
                && circle.gate.is_none()
                && self.pow_may_stop(c, false).is_ok()
            {
                return Some(c);
            }
            for (nb, link) in self.board.net.links(c) {
                if *link == Link::Step && seen.insert(nb) {
                    queue.push(nb);
                }
            }
        }
        None
    }

    /// The pawn at the surface of a circle, as [`Occupancy::at`] finds it
    /// (the last in slot order, were two there): O(pawns), for one question.
    pub(crate) fn surface_pawn(&self, s: &State, c: CircleId) -> Option<PawnId> {
        (0..PAWN_SLOTS).rev().map(PawnId::from_index).find(|&p| {
            let x = s.pawn(p);
            x.loc == Loc::Circle(c) && !x.in_tunnel
        })
    }

    /// Releases a POW from solitary (by doubles or by card).
    pub(crate) fn release(&self, s: &mut State, p: PawnId, ev: &mut Events) {
        if let Some(to) = self.release_circle(s, p) {
            self.release_to(s, p, to, ev);
        }
    }

    /// Releases a POW from solitary onto `to` (classic Release: perhaps a
    /// circle nearer the exit, "without raising suspicion" — he heads back
    /// as any POW released from the outer cells).
    pub(crate) fn release_to(&self, s: &mut State, p: PawnId, to: CircleId, ev: &mut Events) {
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
        // Each kind is listed only where its plain conditions hold (the rest
        // of its check decides): clearing where a marker lies, crossing what
        // needs Equipment, recalling from a post, releasing from a cell,
        // posting on a free post. The order is that of the full list, filtered.
        let moving = s.mp >= 1;
        for p in s.present().filter(|&p| self.owns(seat, p)) {
            match s.pawn(p).loc {
                Loc::Circle(c) => {
                    let circle = self.board.circle(c);
                    if p.is_guard() {
                        for &(nb, _) in self.board.links(c) {
                            if s.markers.iter().any(|m| (m.a == c && m.b == nb) || (m.a == nb && m.b == c)) {
                                out.push(Action::Clear(p, nb));
                            }
                        }
                        if moving && circle.guard_post {
                            out.push(Action::Recall(p));
                        }
                    } else {
                        if moving && !circle.zone.is_cell() && !s.pawn(p).in_tunnel {
                            for &(nb, link) in self.board.links(c) {
                                let crossing = match link {
                                    Link::Step => self.board.flags(nb) & flag::GATE != 0,
                                    Link::Drop { .. } | Link::Wire => true,
                                    Link::Tunnel => false,
                                };
                                if crossing {
                                    out.push(Action::Cross(p, nb));
                                }
                            }
                        }
                        if moving && s.releases > 0 && circle.zone.is_cell() {
                            out.push(Action::Release(p));
                        }
                    }
                }
                // Guards are alike: only the lowest-numbered one in the barracks is listed.
                Loc::Barracks
                    if moving && !(s.classic && s.posting_closed) && Some(p) == self.next_barracks_guard(s) =>
                {
                    let mut manned = CircleSet::EMPTY;
                    for q in s.present() {
                        if let (Some(c), false) = (s.pawn(q).circle(), s.pawn(q).in_tunnel) {
                            manned.insert(c);
                        }
                    }
                    out.extend(
                        self.board.guard_posts.iter().filter(|&&c| !manned.contains(c)).map(|&c| Action::Deploy(p, c)),
                    );
                }
                _ => {}
            }
        }
        if let Some(n) = Nation::of_seat(seat) {
            let mine: ArrayVec<[PawnId; MAX_POWS as usize]> = s.present().filter(|q| q.nation() == Some(n)).collect();
            let symbol =
                |p: PawnId| s.pawn(p).circle().filter(|_| !s.pawn(p).in_tunnel).and_then(|c| self.board.symbol(c));
            for e in Equipment::ALL.into_iter().filter(|e| s.stock[e.index()] > 0) {
                // Two POWs in rooms with the equipment's symbol (`check_claim`).
                let claimants: ArrayVec<[PawnId; MAX_POWS as usize]> =
                    mine.iter().copied().filter(|&p| symbol(p) == Some(e.symbol())).collect();
                for (i, &p) in claimants.iter().enumerate() {
                    for &q in &claimants[i + 1..] {
                        out.push(Action::Claim(e, p, q));
                    }
                }
            }
            self.kit_candidates(s, n, &mine, out);
        }
    }

    /// Candidate kits: POWs standing in kit rooms, with the part cards in hand.
    fn kit_candidates(&self, s: &State, n: Nation, mine: &[PawnId], out: &mut Vec<Action>) {
        use crate::action::{canonical_kit, Piece};
        use crate::board::Symbol;
        use crate::cards::Card;
        if s.kits[n.index()] {
            return;
        }
        let by_symbol = |sym: Symbol| -> ArrayVec<[PawnId; MAX_POWS as usize]> {
            mine.iter()
                .copied()
                .filter(|&p| s.pawn(p).circle().and_then(|c| self.board.symbol(c)) == Some(sym) && !s.pawn(p).in_tunnel)
                .collect()
        };
        let [food, disguise, documents, compass] = Symbol::KIT.map(by_symbol);
        let hand = &s.hands[n.seat().index()];
        let has = |c: Card| hand.contains(&c);
        // Pairs of POWs, one from each list, in the order of the lists.
        for (&f, &d) in food.iter().flat_map(|f| disguise.iter().map(move |d| (f, d))) {
            for (&o, &c) in documents.iter().flat_map(|o| compass.iter().map(move |c| (o, c))) {
                out.push(Action::Kit(canonical_kit([Piece::Pow(f), Piece::Pow(d), Piece::Pow(o), Piece::Pow(c)])));
            }
            if has(Card::KitPartB) {
                out.push(Action::Kit(canonical_kit([Piece::Part(Card::KitPartB), Piece::Pow(f), Piece::Pow(d)])));
            }
        }
        if has(Card::KitPartA) {
            for (&o, &c) in documents.iter().flat_map(|o| compass.iter().map(move |c| (o, c))) {
                out.push(Action::Kit(canonical_kit([Piece::Part(Card::KitPartA), Piece::Pow(o), Piece::Pow(c)])));
            }
            if has(Card::KitPartB) {
                out.push(Action::Kit(canonical_kit([Piece::Part(Card::KitPartA), Piece::Part(Card::KitPartB)])));
            }
        }
    }
}
