//! The Glorious Revolution (20.2.5 authored; the seed refers to it from
//! 7.2.6, 11.1.3, 12.2.6 and the Winter Quarters step d). It happens at
//! once when William III lands in London by Sea Move, or in Winter Quarters
//! when London is still Bourbon and the Alliance holds the Atlantic.
//! England passes to the Alliance and Britain enters the war; the
//! Jacobites keep Scotland and Ireland and gain their post-Revolution rules
//! (7.2.6: every space of Great Britain and Ireland a home space, capitals
//! London, Paris and the Highlands).

use crate::ids::{Control, Side, SpaceId};
use crate::scenario::{CorpsStart, LeaderStart};
use crate::state::{Force, LeaderLoc, Loc, State};
use crate::NineYears;
use sandtable_core::{Events, Text};

impl NineYears {
    /// Whether a sea group sailing to `y` brings the Revolution: William III
    /// landing in London before it has happened.
    pub(crate) fn revolution_landing(&self, s: &State, f: &Force, y: SpaceId) -> bool {
        let n = &self.scenario.named;
        !s.revolution && y == n.london && f.leaders.contains(&n.william)
    }

    /// Whether a space is English: a home space of the British power.
    pub(crate) fn english(&self, x: SpaceId) -> bool {
        self.scenario.is_home(x, self.scenario.named.britain)
    }

    /// 20.2.5 authored, step 2: the Revolution.
    pub(crate) fn glorious_revolution(&self, s: &mut State, ev: &mut Events) {
        let sc = &self.scenario;
        let n = &sc.named;
        s.revolution = true;
        // 20.2.5 2b holds in the first Reinforcement phase after it: the
        // Revolution comes in a Campaign or in Winter Quarters, after this
        // year's Reinforcement phase, so next year's.
        s.revolution_year = s.year + 1;
        let england = || sc.space_ids().filter(|&x| self.english(x));
        // 2a. Jacobite counters in England go to the nearest space their side
        // still holds in the British Isles outside England, else to Paris;
        // James II goes to France.
        let refuge = |s: &State, from: SpaceId| {
            self.nearest(s, from, Side::Bourbon, |t| {
                s.control(t).is(Side::Bourbon) && sc.space(t).region.british_isles() && !self.english(t)
            })
            .or_else(|| {
                sc.space_ids()
                    .find(|&t| s.control(t).is(Side::Bourbon) && sc.space(t).region.british_isles() && !self.english(t))
            })
            .unwrap_or(n.paris)
        };
        for x in england() {
            let to = refuge(s, x);
            for c in self.side_corps(s, x, Side::Bourbon) {
                s.corps[c.index()].loc = Loc::Space(to);
            }
            for l in self.side_leaders(s, x, Side::Bourbon) {
                s.leaders[l.index()].loc = LeaderLoc::Space(if l == n.james { n.paris } else { to });
            }
        }
        for x in england() {
            // Like Savoy's joining (6.1.2), the change of allegiance moves no VP.
            s.control[x.index()] = Control::Alliance;
        }
        for c in sc.corps_ids() {
            if sc.corps[c.index()].start == CorpsStart::Revolution && s.corps(c).loc == Loc::Waiting {
                s.corps[c.index()].loc = Loc::Due;
            }
        }
        for l in sc.leader_ids() {
            if sc.leader(l).start == LeaderStart::Revolution && s.leader(l).loc == LeaderLoc::Waiting {
                s.leaders[l.index()].loc = LeaderLoc::Due;
            }
        }
        ev.say("NY 20.2.5", || {
            Text::fixed(
                "the Glorious Revolution: England joins the Alliance, James II flees to France; Scotland and Ireland stay Jacobite until taken",
                "Славная революция: Англия присоединяется к Альянсу, Яков II бежит во Францию; Шотландия и Ирландия остаются якобитскими, пока их не возьмут",
            )
        });
    }
}
