//! Stacking (4.0): at most three units a hex, checked at the end of each
//! impulse; the owner orders the stack in his own impulse or at night.

use crate::occupancy::Occupancy;
use crate::state::{Phase, Pos, State};
use crate::unit::{Side, UnitId};
use crate::Totensonntag;
use sandtable_core::{Events, Illegal, Text};

/// The stacking limit.
pub const STACK_LIMIT: u8 = 3;

impl Totensonntag {
    /// Checks `top u`.
    pub(crate) fn check_top(&self, s: &State, side: Side, occ: &Occupancy, u: UnitId) -> Result<(), Illegal> {
        let mine = matches!(s.phase, Phase::Impulse { side: p, .. } | Phase::Night { side: p } if p == side);
        if !mine {
            return Err(Illegal::fixed(
                "CCT 4.0",
                "a stack is reordered only in its owner's impulse or at night",
                "порядок фишек меняют только в свой импульс или ночью",
            ));
        }
        if self.side(u) != side {
            return Err(Illegal::fixed("CCT 4.0", "that unit is the enemy's", "это юнит противника"));
        }
        let Some(h) = s.hex_of(u) else {
            return Err(Illegal::fixed("CCT 4.0", "the unit is not on the map", "юнит не на карте"));
        };
        if occ.count(h, side) < 2 {
            return Err(Illegal::fixed("CCT 4.0", "the unit is alone in its hex", "юнит в гексе один"));
        }
        if occ.top(h) == Some(u) {
            return Err(Illegal::fixed("CCT 4.0", "the unit is already on top", "юнит уже сверху"));
        }
        Ok(())
    }

    /// Puts a unit on top of its stack.
    pub(crate) fn do_top(&self, s: &mut State, u: UnitId) {
        if let Some(h) = s.hex_of(u) {
            s.place(u, h);
        }
    }

    /// Checks `eliminate u` in the overstack phase.
    pub(crate) fn check_eliminate(&self, s: &State, side: Side, occ: &Occupancy, u: UnitId) -> Result<(), Illegal> {
        if !matches!(s.phase, Phase::Overstack { side: p, .. } if p == side) {
            return Err(Illegal::fixed(
                "CCT 4.0",
                "units are removed only for overstacking at the end of an impulse",
                "юниты снимаются только за превышение группирования в конце импульса",
            ));
        }
        if self.side(u) != side {
            return Err(Illegal::fixed(
                "CCT 4.0",
                "the owner removes his own excess units",
                "лишние юниты уничтожает их владелец",
            ));
        }
        match s.hex_of(u) {
            Some(h) if occ.count(h, side) > STACK_LIMIT => Ok(()),
            _ => Err(Illegal::fixed(
                "CCT 4.0",
                "that unit is not in an overstacked hex: only units of a hex over three are removed",
                "этот юнит не в гексе с превышением группирования: уничтожаются только юниты сверх трёх в гексе",
            )),
        }
    }

    /// Destroys an overstacked unit; when no hex is over the limit, play goes on.
    pub(crate) fn do_eliminate(&self, s: &mut State, u: UnitId, ev: &mut Events) {
        s.unit_mut(u).pos = Pos::Destroyed;
        ev.say("CCT 4.0", || {
            let code = &self.scenario.unit(u).code;
            Text::new(
                format!("{code} is eliminated for overstacking"),
                format!("{code} уничтожен за превышение группирования"),
            )
        });
        if let Phase::Overstack { side, second } = s.phase {
            if !self.overstacked(s, side) {
                self.after_impulse(s, side, second, ev);
            }
        }
    }
}
