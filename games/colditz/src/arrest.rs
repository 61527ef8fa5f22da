//! Arrest, solitary and confiscation.

use crate::board::{CircleId, Zone};
use crate::cards::{Card, Equipment};
use crate::movement::Occupancy;
use crate::pawn::{Nation, PawnId, MAX_POWS};
use crate::reach::Reach;
use crate::state::{Loc, Pending, State};
use crate::{Action, Colditz};
use sandtable_core::{Audience, Events, Illegal, Text};
use tinyvec::ArrayVec;

impl Colditz {
    /// Whether a guard landing on this POW may arrest him (see `check_liable`).
    pub(crate) fn liable(&self, s: &State, q: PawnId) -> bool {
        self.check_liable(s, q).is_ok()
    }

    /// Why a guard landing on this POW may not arrest him, if he may not:
    /// - never in a safe area, at Appel, in solitary, in an undetected tunnel,
    ///   or while heading back from the outer cells with no equipment held;
    /// - in the inner courtyard (and its rooms) only if his officer holds Equipment;
    /// - always in the outer courtyard, outside the castle, or on a guard post.
    pub(crate) fn check_liable(&self, s: &State, q: PawnId) -> Result<(), Illegal> {
        let pawn = s.pawn(q);
        let (Some(nation), Some(c)) = (q.nation(), pawn.circle()) else {
            return Err(Illegal::fixed(
                "Colditz: Arrest",
                "guards arrest POWs on the board",
                "Охранники Арестовывают Военнопленных на поле",
            ));
        };
        let circle = self.board.circle(c);
        // Below ground only the tunnel's detection matters, whatever lies above.
        if pawn.in_tunnel {
            return match circle.tunnel {
                Some((t, _)) if s.tunnel(t) == crate::TunnelState::Detected && !s.classic => Ok(()),
                _ => Err(Illegal::fixed(
                    "Colditz: Tunnels",
                    "guards arrest POWs in a tunnel only once Tunnel Detected is played on it",
                    "Охранники могут Арестовывать Военнопленных в Тоннеле, только если разыграна карта «Обнаружение Тоннеля»",
                )),
            };
        }
        if circle.zone == Zone::Appel {
            return Err(Illegal::fixed(
                "Colditz: Appel area",
                "a POW in the Appel area cannot be arrested: it counts as a safe area",
                "Военнопленного в Области Сбора нельзя Арестовать: она считается Безопасной Зоной",
            ));
        }
        if circle.safe {
            return Err(Illegal::fixed(
                "Colditz: Safe Areas",
                "POWs in a safe area are immune to arrest",
                "Военнопленные в Безопасной Зоне имеют иммунитет к Аресту",
            ));
        }
        if circle.zone.is_cell() {
            return Err(Illegal::fixed(
                "Colditz: Solitary Cells",
                "a POW in solitary is arrested already",
                "Военнопленный в Одиночке уже Арестован",
            ));
        }
        if pawn.returning && s.held(nation) == 0 {
            return Err(Illegal::fixed(
                "Colditz: Arrest (heading back)",
                "a POW released from the outer cells, heading back to the inner courtyard while his officer holds no Equipment, is immune to arrest",
                "Военнопленный, выпущенный из Внешних Одиночных Камер и идущий к Внутреннему Двору, когда его Офицер Беглец не имеет Экипировки, имеет иммунитет к Аресту",
            ));
        }
        if circle.zone.is_inner() && !circle.guard_post && s.held(nation) == 0 {
            return Err(Illegal::fixed(
                "Colditz: Arrest",
                "in the inner courtyard a POW is arrested only if his officer holds Equipment",
                "во Внутреннем Дворе Военнопленного можно Арестовать, только если его Офицер Беглец имеет Экипировку",
            ));
        }
        Ok(())
    }

    /// A guard arrests a POW: the guard goes to the office, the POW to
    /// solitary (inner cells from inside, outer cells from outside), and an
    /// arrest in the outer courtyard or outside costs an Equipment card.
    pub(crate) fn arrest(&self, s: &mut State, guard: PawnId, q: PawnId, ev: &mut Events) {
        let Some(c) = s.pawn(q).circle() else { return };
        let zone = self.board.circle(c).zone;
        s.pawn_mut(guard).loc = Loc::Office;
        ev.say("Colditz: Arrest", || {
            Text::new(
                format!("{} arrests {}", guard.code(), q.code()),
                format!("{} арестовывает {}", guard.code(), q.code()),
            )
        });
        self.to_solitary(s, q, zone.is_inner(), ev);
        if s.classic {
            s.posting_closed = true;
        }
        if matches!(zone, Zone::Outer | Zone::Outside) {
            self.confiscate(s, q.nation().expect("a POW"), 1);
        }
    }

    /// A POW gives himself up by moving onto a guard: guard to the office,
    /// POW to solitary. 2016 (Arrest): «сами вызвать Арест» — it is an arrest,
    /// so outside the castle or in the outer courtyard his officer discards
    /// an Equipment card of his choice, as for every arrest there; classic
    /// summary: "No equipment cards are discarded".
    pub(crate) fn give_up(&self, s: &mut State, q: PawnId, guard: PawnId, ev: &mut Events) {
        let zone = s.pawn(q).circle().map(|c| self.board.circle(c).zone);
        s.pawn_mut(guard).loc = Loc::Office;
        ev.say("Colditz: Arrest", || {
            Text::new(
                format!("{} gives himself up to {}", q.code(), guard.code()),
                format!("{} сам сдаётся {}", q.code(), guard.code()),
            )
        });
        self.to_solitary(s, q, zone.is_some_and(Zone::is_inner), ev);
        if !s.classic && matches!(zone, Some(Zone::Outer | Zone::Outside)) {
            self.confiscate(s, q.nation().expect("a POW"), 1);
        }
    }

    /// Puts a POW in a free cell: inner or outer as asked, else the other
    /// kind; if every cell is full, back to the Appel area (authored: the
    /// text is silent).
    pub(crate) fn to_solitary(&self, s: &mut State, q: PawnId, inner: bool, ev: &mut Events) {
        let was_outside = s.pawn(q).circle().is_some_and(|c| self.board.circle(c).zone == Zone::Outside);
        self.put_in_solitary(s, q, inner, ev);
        // Classic: a caught escaper may end the chase outside.
        if s.classic && was_outside {
            self.end_of_chase(s, ev);
        }
    }

    fn put_in_solitary(&self, s: &mut State, q: PawnId, inner: bool, ev: &mut Events) {
        let occ = Occupancy::of(self, s);
        let order: [usize; 2] = if inner { [0, 1] } else { [1, 0] };
        let free =
            order.iter().flat_map(|&b| self.board.cells[b].circles.iter().copied()).find(|&c| occ.at(c).is_none());
        let pawn = s.pawn_mut(q);
        pawn.in_tunnel = false;
        pawn.returning = false;
        match free {
            Some(c) => {
                pawn.loc = Loc::Circle(c);
                // Classic: the German chooses the cells.
                if s.classic {
                    s.pending.push(Pending::ChooseCell { pow: q });
                }
                ev.say("Colditz: Arrest", || {
                    Text::new(format!("{} goes to solitary", q.code()), format!("{} отправлен в Одиночку", q.code()))
                });
            }
            None => {
                let to = self.appel_circle(s, q);
                s.pawn_mut(q).loc = to.map_or(Loc::Escaped, Loc::Circle);
            }
        }
    }

    /// A free Appel circle for a POW: his place in the diagram, else the
    /// first free one (the Appel card: «Это те же самые позиции, на которые
    /// возвращаются Военнопленные, когда используется карта Сбор»).
    pub(crate) fn appel_circle(&self, s: &State, q: PawnId) -> Option<CircleId> {
        let nation = q.nation()?;
        let occ = Occupancy::of(self, s);
        let layout = &self.board.appel[usize::from(s.players - 2)];
        let mine = layout.get(nation.index()).and_then(|l| l.get(usize::from(q.number()) - 1)).copied();
        mine.filter(|&c| occ.at(c).map_or(true, |p| p == q))
            .or_else(|| self.board.appel_area.iter().copied().find(|&c| occ.at(c).is_none()))
    }

    /// Queues the loss of `count` Equipment cards (the officer chooses which;
    /// a Hideaway saves one each).
    /// Several losses of one officer at once (two arrests, a Search) merge
    /// into one demand of one card each; each answer settles one (a card, or a
    /// Hideaway), and the demand lapses once he holds no Equipment.
    pub(crate) fn confiscate(&self, s: &mut State, nation: Nation, count: u8) {
        if s.held(nation) == 0 {
            return;
        }
        for p in s.pending.iter_mut() {
            if let Pending::Confiscate { nation: n, count: c } = p {
                if *n == nation {
                    *c += count;
                    return;
                }
            }
        }
        s.pending.push(Pending::Confiscate { nation, count });
    }

    /// Checks an answer to a waiting decision.
    pub(crate) fn check_pending(&self, s: &State, p: Pending, a: Action) -> Result<(), Illegal> {
        match (p, a) {
            (Pending::Confiscate { nation, .. }, Action::Surrender(e)) if s.holds(nation, e) > 0 => Ok(()),
            (Pending::Confiscate { nation, .. }, Action::Hideaway)
                if s.hands[nation.seat().index()].contains(&Card::Hideaway) =>
            {
                Ok(())
            }
            (Pending::Confiscate { .. }, _) => Err(Illegal::fixed(
                "Colditz: Arrest",
                "give up one of your Equipment cards (or play a Hideaway)",
                "отдайте одну из своих карт Экипировки (или сыграйте Hideaway)",
            )),
            (Pending::Talisman { shot }, Action::Play(Card::Talisman, crate::Arg::None, crate::Arg::None))
                if shot.target.nation().is_some_and(|n| s.hands[n.seat().index()].contains(&Card::Talisman)) =>
            {
                Ok(())
            }
            (Pending::Talisman { .. }, Action::Pass) => Ok(()),
            (Pending::EscapeMarkers { .. }, Action::Pass | Action::RemoveMarkers) => Ok(()),
            (Pending::Warn { .. }, Action::Pass) => Ok(()),
            (Pending::ToAppel { pow }, a) => self.check_to_appel(s, pow, a),
            (Pending::ChooseCell { .. }, Action::Pass) => Ok(()),
            (Pending::ChooseCell { pow }, Action::Move(p, c))
                if p == pow
                    && self.board.circle(c).zone.is_cell()
                    && !s.present().any(|x| s.pawn(x).loc == Loc::Circle(c)) =>
            {
                Ok(())
            }
            (Pending::ChooseCell { .. }, _) => Err(Illegal::fixed(
                "Colditz classic: Arrest",
                "put the POW in a free cell of your choice, or pass",
                "поместите Военнопленного в свободную камеру по вашему выбору или пас",
            )),
            (Pending::Warn { nation, .. }, Action::Play(Card::AdvanceWarning, crate::Arg::None, crate::Arg::None))
                if s.hands[nation.seat().index()].contains(&Card::AdvanceWarning) =>
            {
                Ok(())
            }
            (Pending::Warn { .. }, _) => Err(Illegal::fixed(
                "Colditz: Cards",
                "answer the Search with Advance Warning, or pass",
                "ответьте на Обыск картой Advance Warning или пас",
            )),
            (Pending::EscapeMarkers { .. }, _) => Err(Illegal::fixed(
                "Colditz: Successful Escape",
                "remove the escaper's markers (`remove-markers`) or keep them (`pass`)",
                "снимите маркеры бежавшего (`remove-markers`) или оставьте их (`pass`)",
            )),
            (Pending::Talisman { .. }, _) => Err(Illegal::fixed(
                "Colditz: Cards",
                "answer Shoot to Kill with a Talisman, or pass",
                "ответьте на «Выстрел на Поражение» Талисманом или пас",
            )),
        }
    }

    /// The candidate answers to a waiting decision.
    pub(crate) fn pending_candidates(&self, s: &State, p: Pending, out: &mut Vec<Action>) {
        match p {
            Pending::Confiscate { .. } => {
                out.extend(Equipment::ALL.map(Action::Surrender));
                out.push(Action::Hideaway);
            }
            Pending::Talisman { .. } => {
                out.extend([Action::Play(Card::Talisman, crate::Arg::None, crate::Arg::None), Action::Pass])
            }
            Pending::EscapeMarkers { .. } => out.extend([Action::RemoveMarkers, Action::Pass]),
            Pending::Warn { .. } => {
                out.extend([Action::Play(Card::AdvanceWarning, crate::Arg::None, crate::Arg::None), Action::Pass])
            }
            Pending::ToAppel { pow } => {
                out.push(Action::Pass);
                out.extend(self.free_appel_circles(s).into_iter().map(|c| Action::Move(pow, c)));
            }
            Pending::ChooseCell { pow } => {
                out.push(Action::Pass);
                for block in &self.board.cells {
                    out.extend(block.circles.iter().map(|&c| Action::Move(pow, c)));
                }
            }
        }
    }

    /// Applies an answer to a waiting decision.
    pub(crate) fn do_pending(&self, s: &mut State, a: Action, ev: &mut Events) {
        let p = s.pending.remove(0);
        match (p, a) {
            (Pending::Confiscate { nation, count }, Action::Surrender(e)) => {
                s.equipment[nation.index()][e.index()] -= 1;
                s.stock[e.index()] += 1;
                ev.say("Colditz: Arrest", || {
                    let t = e.text();
                    Text::new(
                        format!("{} gives up a {}", nation.name().en, t.en),
                        format!("{}: конфискован предмет — {}", nation.name().ru, t.ru),
                    )
                });
                let left = count - 1;
                if left > 0 && s.held(nation) > 0 {
                    s.pending.insert(0, Pending::Confiscate { nation, count: left });
                }
            }
            (Pending::Confiscate { nation, count }, Action::Hideaway) => {
                s.hands[nation.seat().index()].remove(&Card::Hideaway);
                self.return_card(s, Card::Hideaway);
                ev.reveal(Audience::Everyone, "Colditz: Cards", || {
                    Text::fixed("a Hideaway saves an Equipment card", "Hideaway спасает карту Экипировки")
                });
                let left = count - 1;
                if left > 0 && s.held(nation) > 0 {
                    s.pending.insert(0, Pending::Confiscate { nation, count: left });
                }
            }
            (Pending::Talisman { shot }, answer) => {
                let talisman = matches!(answer, Action::Play(Card::Talisman, ..));
                if talisman {
                    let nation = shot.target.nation().expect("a POW");
                    s.hands[nation.seat().index()].remove(&Card::Talisman);
                    self.return_card(s, Card::Talisman);
                    ev.reveal(Audience::Everyone, "Colditz: Cards", || {
                        Text::fixed("card played: talisman", "разыграна карта: talisman")
                    });
                }
                self.resolve_shot(s, shot, talisman, ev);
            }
            (Pending::ChooseCell { pow }, Action::Move(_, c)) => s.pawn_mut(pow).loc = Loc::Circle(c),
            (Pending::ToAppel { pow }, Action::Move(_, c)) => {
                let pawn = s.pawn_mut(pow);
                pawn.loc = Loc::Circle(c);
                pawn.in_tunnel = false;
                ev.say("Colditz: Equipment cards", || {
                    Text::new(
                        format!("{} goes to Appel at {}", pow.code(), self.board.key(c)),
                        format!("{} отправлен на Место Сбора: {}", pow.code(), self.board.key(c)),
                    )
                });
            }
            (Pending::Warn { nation, room }, Action::Play(Card::AdvanceWarning, ..)) => {
                self.do_advance_warning(s, nation.seat(), Some(room), ev);
            }
            (Pending::EscapeMarkers { nation }, Action::RemoveMarkers) => {
                s.markers.retain(|m| m.nation != nation);
                ev.say("Colditz: Successful Escape", || {
                    Text::fixed("the escaper's markers are removed", "маркеры бежавшего сняты")
                });
            }
            _ => {}
        }
    }
}

impl Colditz {
    /// The officer's POWs heading back from the outer cells, still outside.
    fn heading_back(&self, s: &State, nation: Nation) -> ArrayVec<[PawnId; MAX_POWS as usize]> {
        s.present()
            .filter(|&q| q.nation() == Some(nation) && s.pawn(q).returning)
            .filter(|&q| s.pawn(q).circle().is_some_and(|c| !self.board.circle(c).zone.is_cell()))
            .collect()
    }

    /// Steps from a circle back to the inner courtyard (free gates only).
    fn way_back(&self, c: CircleId) -> u16 {
        self.board.to_inner[c.index()]
    }

    /// 2016, Arrest: «если их Офицер Беглец не имеет никакой Экипировки и
    /// использует своё движение по максимуму своих возможностей для
    /// перемещения своих Военнопленных к Внутреннему Двору» — and the
    /// quick reference «кратчайшим путём». Called before an action of the
    /// officer whose turn it is: movement spent on anything but moving a POW
    /// heading back one circle nearer per point (the shortest route), while
    /// one is out, strays from it. A release from the outer cells is part of
    /// bringing them back.
    pub(crate) fn note_return_route(
        &self,
        s: &mut State,
        seat: sandtable_core::Seat,
        a: Action,
        dest: Option<(CircleId, bool, u8)>,
    ) {
        let Some(nation) = Nation::of_seat(seat) else { return };
        if s.classic || s.phase != crate::Phase::Move || s.return_strayed {
            return;
        }
        let out = self.heading_back(s, nation);
        let strays = match a {
            Action::Move(p, _) => match (s.pawn(p).circle(), dest) {
                (Some(from), Some((to, tunnel, cost))) if out.contains(&p) => {
                    tunnel || u32::from(self.way_back(from)) != u32::from(self.way_back(to)) + u32::from(cost)
                }
                _ => !out.is_empty(),
            },
            Action::Cross(..) => !out.is_empty(),
            Action::Release(p) => {
                let outer = s.pawn(p).circle().is_some_and(|c| self.board.circle(c).zone == Zone::CellOuter);
                !out.is_empty() && !outer
            }
            _ => false,
        };
        if strays {
            s.return_strayed = true;
        }
    }

    /// 2016: at the end of the officer's turn his POWs heading back keep
    /// their immunity only if the roll went to bringing them back by the
    /// shortest route as far as it allowed: nothing strayed, and no movement
    /// is left that would bring one of them nearer.
    pub(crate) fn judge_return_route(&self, s: &mut State, nation: Nation, ev: &mut Events) {
        let out = self.heading_back(s, nation);
        if out.is_empty() {
            return;
        }
        let occ = Occupancy::of(self, s);
        let mut r = Reach::new();
        let mut could_go_nearer = |q: PawnId| {
            let Some(c) = s.pawn(q).circle() else { return false };
            let mut nearer = false;
            self.reach(s, &occ, q, s.mp, &mut r, |d| {
                nearer |= !d.tunnel && self.way_back(d.circle) < self.way_back(c);
                nearer
            });
            nearer
        };
        if s.return_strayed || out.iter().any(|&q| could_go_nearer(q)) {
            for q in out {
                s.pawn_mut(q).returning = false;
            }
            ev.say("Colditz: Arrest (heading back)", || {
                Text::fixed(
                    "the roll did not bring the POWs back by the shortest route: their immunity ends",
                    "движение не использовано по максимуму для возвращения кратчайшим путём: иммунитет утрачен",
                )
            });
        }
    }

    /// 2016: a POW that ends his movement on a guard post is liable to arrest:
    /// a guard from the barracks takes the post and arrests him at once (the
    /// German always takes the arrest when a guard is free: it costs him
    /// nothing, the guard goes to the office).
    pub(crate) fn guard_post_arrests(&self, s: &mut State, nation: Nation, ev: &mut Events) {
        if s.classic {
            return;
        }
        let on_posts: ArrayVec<[PawnId; MAX_POWS as usize]> = s
            .present()
            .filter(|&q| q.nation() == Some(nation) && !s.pawn(q).in_tunnel)
            .filter(|&q| s.pawn(q).circle().is_some_and(|c| self.board.circle(c).guard_post))
            .filter(|&q| self.liable(s, q))
            .collect();
        for q in on_posts {
            let Some(g) = self.next_barracks_guard(s) else {
                return;
            };
            ev.say("Colditz: Guard Posts", || {
                Text::new(
                    format!("{} ends on a guard post", q.code()),
                    format!("{} закончил движение на Посту Охраны", q.code()),
                )
            });
            self.arrest(s, g, q, ev);
        }
    }
}
