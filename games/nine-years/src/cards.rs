//! Event cards (9): drawn in the Event phase, played at once or held until
//! played, unplayable ones leaving the game (9.2.2), the four long-term
//! events (9.2.3).

use crate::ids::{Control, EventId, Side};
use crate::scenario::{Condition, Effect};
use crate::state::{LeaderLoc, Loc, State};
use crate::NineYears;
use sandtable_core::{Audience, Events, SeatSet, Text};

impl NineYears {
    /// Whether a condition holds now.
    fn holds(&self, s: &State, c: Condition) -> bool {
        match c {
            Condition::Control(x, ctl) => s.control(x) == ctl,
            Condition::InPlay(l) => matches!(s.leader(l).loc, LeaderLoc::Space(_)),
            Condition::Revolution(b) => s.revolution == b,
            Condition::YearMin(y) => s.year >= y,
            Condition::YearMax(y) => s.year <= y,
            Condition::Sea(z, ctl) => s.sea[z.index()] == ctl,
        }
    }

    /// Whether an event can be played now (9.2.2): its conditions hold and
    /// every counter it brings in has a friendly space to go to.
    pub(crate) fn playable(&self, s: &State, e: EventId) -> bool {
        let card = self.scenario.event(e);
        card.requires.iter().all(|&c| self.holds(s, c))
            && card.effects.iter().all(|&f| match f {
                Effect::Leader(l, x) => {
                    s.leader(l).loc != LeaderLoc::Removed
                        && self.scenario.leader_side(l).is_some_and(|side| s.control(x).is(side))
                }
                Effect::Corps { power, space, .. } => {
                    self.scenario.side_of(power).is_some_and(|side| s.control(space).is(side))
                }
                _ => true,
            })
    }

    /// Phase 1f: a player draws an event card.
    pub(crate) fn draw_event(&self, s: &mut State, side: Side, ev: &mut Events) {
        let Some(e) = s.event_deck.draw() else {
            ev.say("NY 9.1", || Text::fixed("the event deck is empty", "колода событий пуста"));
            return;
        };
        let card = self.scenario.event(e);
        if card.hold {
            s.held[side.index()].push(e);
            ev.reveal(Audience::Seats(SeatSet::one(side.seat())), "NY 9.2.1", || {
                Text::new(
                    format!("you draw {} and hold it until played", card.name.en),
                    format!("вы тянете «{}» и удерживаете её до розыгрыша", card.name.ru),
                )
            });
            // That the card is one to hold is seen by all: revealed (an undo barrier).
            ev.reveal(Audience::Everyone, "NY 9.2.1", || {
                Text::new(
                    format!("{} draws an event card and holds it", side.player().en),
                    format!("{} тянет карточку события и удерживает её", side.player().ru),
                )
            });
            return;
        }
        if self.playable(s, e) {
            ev.reveal(Audience::Everyone, "NY 9.2.1", || {
                Text::new(
                    format!("{} draws {}: {}", side.player().en, card.name.en, card.text.en),
                    format!("{} тянет «{}»: {}", side.player().ru, card.name.ru, card.text.ru),
                )
            });
            self.play_event(s, e, ev);
        } else {
            s.gone.push(e);
            ev.reveal(Audience::Everyone, "NY 9.2.2", || {
                Text::new(
                    format!(
                        "{} draws {}, which cannot be played now: it leaves the game",
                        side.player().en,
                        card.name.en
                    ),
                    format!(
                        "{} тянет «{}», но её нельзя разыграть: карточка уходит из игры",
                        side.player().ru,
                        card.name.ru
                    ),
                )
            });
        }
    }

    /// Plays an event: its effects in order, then it leaves the game (9.2.1).
    pub(crate) fn play_event(&self, s: &mut State, e: EventId, ev: &mut Events) {
        let card = self.scenario.event(e);
        s.gone.push(e);
        if let Some(lt) = card.long_term {
            // 9.2.3: the card goes to its place on the map; its lasting effect is coded.
            s.long_term |= lt.bit();
        }
        for &f in &card.effects {
            self.effect(s, e, f, ev);
        }
    }

    fn effect(&self, s: &mut State, card: EventId, f: Effect, ev: &mut Events) {
        let sc = &self.scenario;
        match f {
            Effect::Vp(n) => self.move_vp(s, n),
            Effect::Rp(who, n) => s.rp_events[who.index()] += n,
            Effect::Cards(who, n) => s.cards_events[who.index()] += n,
            Effect::SeaControl(z, ctl) => self.set_sea(s, z, ctl),
            Effect::Leader(l, x) => {
                s.leaders[l.index()].loc = LeaderLoc::Space(x);
                s.leaders[l.index()].demoralised = false;
            }
            Effect::Corps { power, count, space, reduced } => {
                let mut left = count;
                // Those scheduled for this very card first, then the pool. A
                // corps placed leaves both groups, so each is read as it goes.
                let scheduled = |s: &State, i: usize| {
                    s.corps[i].loc == Loc::Waiting && sc.corps[i].start == crate::CorpsStart::Event(card)
                };
                let pooled = |s: &State, i: usize| s.corps[i].loc == Loc::Pool;
                for group in [&scheduled as &dyn Fn(&State, usize) -> bool, &pooled] {
                    for i in 0..s.corps.len() {
                        if left == 0 {
                            break;
                        }
                        if sc.corps[i].power == power && group(s, i) {
                            s.corps[i] = crate::CorpsState {
                                loc: Loc::Space(space),
                                reduced,
                                demoralised: false,
                                activated: false,
                            };
                            left -= 1;
                        }
                    }
                }
            }
            Effect::LeaderOut(l, years) => {
                if matches!(s.leader(l).loc, LeaderLoc::Space(_) | LeaderLoc::Due | LeaderLoc::Waiting) {
                    s.leaders[l.index()].loc =
                        if years == 0 { LeaderLoc::Removed } else { LeaderLoc::Out(s.year + u16::from(years)) };
                }
            }
            Effect::Fortress(x, by) => {
                let printed = sc.space(x).fortress;
                if printed > 0 {
                    // An event wears a fortress down but never takes it: at least 1.
                    s.strength[x.index()] =
                        (i16::from(s.strength[x.index()]) + i16::from(by)).clamp(1, i16::from(printed) + 1) as u8;
                }
            }
            Effect::Kww(n) => s.kww = (s.kww + n).clamp(-2, 2),
            Effect::Reduce(x, n) => {
                for _ in 0..n {
                    let Some(holder) = self.any_corps_side(s, x) else { break };
                    self.take_step(s, x, holder, None, ev);
                }
            }
            Effect::Actions(n) => s.ap += n,
            Effect::Battle(n) => s.bonus[0] += n,
            Effect::Siege(n) => s.bonus[1] += n,
        }
    }

    /// The side with corps in a space (the first found).
    fn any_corps_side(&self, s: &State, x: crate::SpaceId) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| self.count_corps(s, x, side) > 0)
    }

    /// Sets a sea zone's control, moving the fleets between the control box
    /// and the pool (10.1).
    pub(crate) fn set_sea(&self, s: &mut State, z: crate::Sea, ctl: Control) {
        s.sea[z.index()] = ctl;
        for f in self.scenario.fleet_ids() {
            let spec = self.scenario.fleet(f);
            if spec.sea != z || s.fleet(f) == crate::FleetLoc::Removed {
                continue;
            }
            if ctl.is(spec.side) {
                s.fleets[f.index()] = crate::FleetLoc::Control;
            } else if s.fleet(f) == crate::FleetLoc::Control {
                // 10.1: back to the pool, or out of the game if its home port is besieged.
                s.fleets[f.index()] =
                    if self.besieged(s, spec.port) { crate::FleetLoc::Removed } else { crate::FleetLoc::Pool };
            }
        }
    }
}
