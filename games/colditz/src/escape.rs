//! Successful escapes.

use crate::board::Zone;
use crate::pawn::PawnId;
use crate::state::{Loc, State};
use crate::Colditz;
use sandtable_core::{Events, Text};

impl Colditz {
    /// A POW on a target escapes, taking his officer's kit (one kit serves two
    /// of one nation escaping the same turn). With six players the officer
    /// draws an Escape Kit (part) card from the German's pile. The nation's
    /// markers are removed, and guards outside go to the office if no POW is
    /// left outside.
    pub(crate) fn escape(&self, s: &mut State, p: PawnId, ev: &mut Events) {
        let nation = p.nation().expect("a POW escapes");
        let i = nation.index();
        if s.kits[i] {
            s.kits[i] = false;
            s.kit_stock += 1;
        }
        s.escaped_this_turn[i] = true;
        s.escapes[i] += 1;
        let pawn = s.pawn_mut(p);
        pawn.loc = Loc::Escaped;
        pawn.in_tunnel = false;
        ev.say("Colditz: Successful Escape", || {
            Text::new(
                format!(
                    "{} escapes! ({} for the {})",
                    p.code(),
                    s.escapes[i],
                    nation.name().en
                ),
                format!(
                    "{} бежал! ({}: {})",
                    p.code(),
                    nation.name().ru,
                    s.escapes[i]
                ),
            )
        });
        if s.players == 6 && !s.classic {
            if let Some(part) = s.kit_parts_aside.pop() {
                s.hands[nation.seat().index()].add(part);
            }
        }
        s.markers.retain(|m| m.nation != nation);
        let outside = |c| self.board.circle(c).zone == Zone::Outside;
        let pows_outside = s
            .present()
            .any(|q| !q.is_guard() && s.pawn(q).circle().is_some_and(outside));
        if !pows_outside {
            for g in s.present().filter(|g| g.is_guard()).collect::<Vec<_>>() {
                if s.pawn(g).circle().is_some_and(outside) {
                    s.pawn_mut(g).loc = Loc::Office;
                }
            }
        }
    }
}
