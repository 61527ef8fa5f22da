//! Successful escapes.

use crate::board::Zone;
use crate::pawn::{PawnId, MAX_GUARDS};
use crate::state::{Loc, State};
use crate::Colditz;
use sandtable_core::{Audience, Events, SeatSet, Text};
use tinyvec::ArrayVec;

impl Colditz {
    /// A POW on a target escapes, taking his officer's kit (one kit serves two
    /// of one nation escaping the same turn). With six players the officer
    /// draws an Escape Kit (part) card from the German's pile. The nation's
    /// markers are removed, and guards outside go to the office if no POW is
    /// left outside.
    pub(crate) fn escape(&self, s: &mut State, p: PawnId, ev: &mut Events) {
        let nation = p.nation().expect("a POW escapes");
        let i = nation.index();
        if s.classic {
            // Classic: once a player has an Escape Kit he keeps it for the rest of the game.
        } else if s.kits[i] {
            // The kit goes with him; one compatriot escaping this turn may share it.
            s.kits[i] = false;
            s.kit_stock += 1;
            s.kit_share[i] = true;
        } else {
            s.kit_share[i] = false;
        }
        s.escapes[i] += 1;
        let pawn = s.pawn_mut(p);
        pawn.loc = Loc::Escaped;
        pawn.in_tunnel = false;
        ev.say("Colditz: Successful Escape", || {
            Text::new(
                format!("{} escapes! ({} for the {})", p.code(), s.escapes[i], nation.name().en),
                format!("{} бежал! ({}: {})", p.code(), nation.name().ru, s.escapes[i]),
            )
        });
        if s.players == 6 && !s.classic {
            if let Some(part) = s.kit_parts_aside.pop() {
                s.hands[nation.seat().index()].add(part);
                // A hidden card drawn, seen by its holder: past it, no undo.
                ev.say("Colditz: Successful Escape", || {
                    Text::fixed("an Escape Kit (part) card is drawn", "вытянута карта «Комплект Спасения (часть)»")
                });
                ev.reveal(Audience::Seats(SeatSet::one(nation.seat())), "Colditz: Successful Escape", || {
                    let name = part.name(&self.board);
                    Text::new(format!("you draw {name}"), format!("вы вытянули карту: {name}"))
                });
            }
        }
        // Classic rule 5: «Первый Офицер Беглец, который совершит два Успешных
        // Побега, станет победителем» — the game ends at once, his alone.
        if s.classic && s.victory_total.is_none() && s.escapes[i] >= 2 {
            s.pending.clear();
            s.phase = crate::Phase::Over;
            ev.say("Colditz classic: Victory", || {
                Text::new(
                    format!("the {} are the first to make two escapes", nation.name().en),
                    format!("{} первыми совершили два Успешных Побега", nation.name().ru),
                )
            });
            return;
        }
        if s.markers.iter().any(|m| m.nation == nation) {
            s.pending.push(crate::Pending::EscapeMarkers { nation });
        }
        self.end_of_chase(s, ev);
    }

    /// Once no POW is left outside the castle the guards there go back:
    /// 2016, after an escape — «этот Охранник немедленно отправляется на
    /// Командный Пункт»; classic, after every escaper has been caught or has
    /// escaped — "Guards still outside the castle (dark green) are removed to
    /// the barracks once all escapers have been caught or have successfully
    /// escaped".
    pub(crate) fn end_of_chase(&self, s: &mut State, ev: &mut Events) {
        let outside = |c| self.board.circle(c).zone == Zone::Outside;
        let pows_outside = s.present().any(|q| !q.is_guard() && s.pawn(q).circle().is_some_and(outside));
        if pows_outside {
            return;
        }
        let mut any = false;
        let guards: ArrayVec<[PawnId; MAX_GUARDS as usize]> = s.present().filter(|g| g.is_guard()).collect();
        for g in guards {
            if s.pawn(g).circle().is_some_and(outside) {
                s.pawn_mut(g).loc = if s.classic { Loc::Barracks } else { Loc::Office };
                any = true;
            }
        }
        if any {
            let rule = if s.classic { "Colditz classic: Successful Escape" } else { "Colditz: Successful Escape" };
            ev.say(rule, || {
                Text::fixed(
                    "no POW is left outside: the guards there go back",
                    "Возле Замка не осталось Военнопленных: Охранники возвращаются",
                )
            });
        }
    }
}
