//! Night (8.0) and recovery rolls (8.1).

use crate::occupancy::Occupancy;
use crate::state::{Phase, State};
use crate::unit::{Nationality, Side, UnitClass, UnitId};
use crate::Totensonntag;
use sandtable_core::{Events, Illegal, Text};
use tinyvec::ArrayVec;

impl Totensonntag {
    /// The lowest die roll that recovers a strength point (8.1), or `None`
    /// when the unit cannot recover (Italians in an enemy ZOC).
    pub fn recovery_target(&self, u: UnitId, in_enemy_zoc: bool) -> Option<u8> {
        let spec = self.scenario.unit(u);
        let base = match (spec.nationality, spec.class) {
            (Nationality::Italian, _) if in_enemy_zoc => return None,
            (Nationality::Italian, _) => 6,
            (Nationality::German, UnitClass::Armour | UnitClass::AntiTank | UnitClass::Recon) => 3,
            (Nationality::German, _) => 4,
            (_, UnitClass::Armour | UnitClass::Recon) => 5,
            // Allied artillery and infantry (and any Allied anti-tank a
            // replacement order of battle adds, taken as artillery).
            _ => 4,
        };
        // "−1 from the roll" in an enemy ZOC is the same as needing one more.
        Some(base + u8::from(in_enemy_zoc))
    }

    /// Checks `recover`.
    pub(crate) fn check_recover(&self, s: &State, side: Side) -> Result<(), Illegal> {
        if s.phase == (Phase::Night { side }) {
            Ok(())
        } else {
            Err(Illegal::fixed(
                "CCT 8.0",
                "recovery rolls are made at night, Allies first",
                "восстановление проводится ночью, первыми Союзники",
            ))
        }
    }

    /// One die per hit on each of the side's units on the map (8.1).
    pub(crate) fn do_recover(&self, s: &mut State, side: Side, ev: &mut Events) {
        let occ = Occupancy::of(self, s);
        for u in self.scenario.unit_ids().filter(|&u| self.side(u) == side) {
            let Some(h) = s.hex_of(u) else { continue };
            let hits = s.unit(u).hits;
            if hits == 0 {
                continue;
            }
            let zoc = occ.in_enemy_zoc(self, h, side);
            let Some(need) = self.recovery_target(u, zoc) else {
                ev.say("CCT 8.1", || {
                    let code = &self.scenario.unit(u).code;
                    Text::new(
                        format!("{code}: Italians in an enemy ZOC do not recover"),
                        format!("{code}: итальянцы во вражеской ЗК не восстанавливаются"),
                    )
                });
                continue;
            };
            let rolls: ArrayVec<[u8; 255]> = (0..hits).map(|_| s.dice.d6()).collect();
            let back = rolls.iter().filter(|&&r| r >= need).count() as u8;
            s.unit_mut(u).hits -= back;
            ev.roll("CCT 8.1", &rolls, || {
                let code = &self.scenario.unit(u).code;
                Text::new(
                    format!(
                        "{code} recovers {back} of {hits} (needs {need}+{})",
                        if zoc { ", in enemy ZOC" } else { "" }
                    ),
                    format!(
                        "{code} восстанавливает {back} из {hits} (нужно {need}+{})",
                        if zoc { ", во вражеской ЗК" } else { "" }
                    ),
                )
            });
        }
        self.after_night(s, side, ev);
    }
}
