//! Victory: points for hexes controlled, enemy steps eliminated and steps
//! exited, as the scenario sets them; the higher total wins at the end.

use crate::state::State;
use crate::unit::Side;
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{Outcome, SeatSet, Text};

impl Scs {
    /// A victory hex changes control when a unit of the other side enters it.
    pub(crate) fn take_control(&self, s: &mut State, side: Side, h: HexId) {
        for (i, v) in self.scenario.victory.hexes.iter().enumerate() {
            if v.hex == h {
                s.control[i] = side;
            }
        }
    }

    /// Each side's victory points now.
    pub fn victory_points(&self, s: &State) -> [u32; 2] {
        let v = &self.scenario.victory;
        let mut vp = [0u32; 2];
        for (i, h) in v.hexes.iter().enumerate() {
            vp[s.control[i].index()] += u32::from(h.vp);
        }
        for side in Side::ALL {
            vp[side.index()] +=
                u32::from(v.per_step[side.index()]) * u32::from(s.eliminated_steps[side.other().index()]);
        }
        for e in &v.exits {
            vp[e.side.index()] += u32::from(e.vp) * u32::from(s.exited_steps[e.side.index()]);
        }
        vp
    }

    /// The result at the end of the last turn.
    pub fn outcome(&self, s: &State) -> Outcome {
        let vp = self.victory_points(s);
        let name = |x: Side| &self.scenario.sides[x.index()].name;
        let winner = match vp[0].cmp(&vp[1]) {
            std::cmp::Ordering::Greater => Some(Side::ALL[0]),
            std::cmp::Ordering::Less => Some(Side::ALL[1]),
            std::cmp::Ordering::Equal => self.scenario.victory.ties,
        };
        match winner {
            Some(w) => Outcome {
                winners: SeatSet::one(w.seat()),
                text: Text::new(
                    format!("{} win, {} VP to {}", name(w).en, vp[w.index()], vp[w.other().index()]),
                    format!("Победа: {}, {} ПО против {}", name(w).ru, vp[w.index()], vp[w.other().index()]),
                ),
            },
            None => Outcome {
                winners: SeatSet::EMPTY,
                text: Text::new(format!("a draw, {} VP each", vp[0]), format!("ничья, по {} ПО", vp[0])),
            },
        }
    }
}
