//! Victory (9.0), shattered divisions (9.1), the relief of Tobruk (9.2).

use crate::state::{Pos, State};
use crate::unit::{Role, Side, UnitClass, UnitSpec};
use crate::Totensonntag;
use serde::Serialize;

/// Strength exited through Q2 that relieves Tobruk (9.2).
pub const RELIEF_STRENGTH: u8 = 9;

/// The victory point count, item by item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Victory {
    /// Allied-controlled victory hexes (M7, N16, N3): +1 each.
    pub hexes: i8,
    /// Shattered Axis divisions: +1 each.
    pub axis_shattered: i8,
    /// Tobruk relieved: +1.
    pub tobruk: i8,
    /// 7th Armoured shattered: −2.
    pub seventh_armoured: i8,
    /// 1st South African shattered: −1.
    pub south_african: i8,
    /// New Zealanders shattered: −1.
    pub new_zealand: i8,
    /// The sum; the Allies win if it is above zero.
    pub total: i8,
    /// Units lost so far toward each formation's threshold, by formation.
    pub losses: Vec<(String, u8, u8)>,
}

/// Losses at which a formation is shattered (9.1).
pub const fn shatter_threshold(role: Role) -> u8 {
    match role {
        Role::AxisDivision | Role::NewZealand => 4,
        Role::SeventhArmoured => 10,
        Role::FirstSouthAfrican => 5,
        Role::None => u8::MAX,
    }
}

/// What a destroyed unit counts toward its formation's shattering (9.1):
/// each German tank unit two for its division, only infantry and artillery
/// for the New Zealanders, nothing in a formation that never shatters.
pub(crate) fn loss_weight(role: Role, spec: &UnitSpec) -> u8 {
    match role {
        Role::AxisDivision if spec.is_german_armour() => 2,
        Role::NewZealand if !(spec.class.is_infantry() || spec.class == UnitClass::Artillery) => 0,
        Role::None => 0,
        _ => 1,
    }
}

/// The Allied VP a formation's shattering is worth (9.0): +1 an Axis
/// division, −2 the 7th Armoured, −1 the South Africans and the New
/// Zealanders; 0 a formation that never shatters.
pub(crate) const fn shatter_vp(role: Role) -> i32 {
    match role {
        Role::AxisDivision => 1,
        Role::SeventhArmoured => -2,
        Role::FirstSouthAfrican | Role::NewZealand => -1,
        Role::None => 0,
    }
}

impl Totensonntag {
    /// Units a formation has lost as 9.1 counts them, and its threshold.
    pub fn formation_losses(&self, s: &State, f: usize) -> (u8, u8) {
        let role = self.scenario.formations[f].role;
        let mut lost = 0u8;
        for u in self.scenario.unit_ids() {
            let spec = self.scenario.unit(u);
            if spec.formation.0 as usize != f || s.unit(u).pos != Pos::Destroyed {
                continue;
            }
            lost += loss_weight(role, spec);
        }
        (lost, shatter_threshold(role))
    }

    /// The victory points now (9.0); final after the last night.
    pub fn victory(&self, s: &State) -> Victory {
        let mut v = Victory {
            hexes: s.control.iter().filter(|&&c| c == Side::Allies).count() as i8,
            axis_shattered: 0,
            tobruk: i8::from(s.exited >= RELIEF_STRENGTH),
            seventh_armoured: 0,
            south_african: 0,
            new_zealand: 0,
            total: 0,
            losses: Vec::new(),
        };
        for (i, f) in self.scenario.formations.iter().enumerate() {
            let (lost, threshold) = self.formation_losses(s, i);
            // The VP of each shattering, from one table (`shatter_vp`).
            let vp = i8::from(lost >= threshold) * shatter_vp(f.role) as i8;
            match f.role {
                Role::AxisDivision => v.axis_shattered += vp,
                Role::SeventhArmoured => v.seventh_armoured += vp,
                Role::FirstSouthAfrican => v.south_african += vp,
                Role::NewZealand => v.new_zealand += vp,
                Role::None => continue,
            }
            v.losses.push((f.id.clone(), lost, threshold));
        }
        v.total = v.hexes + v.axis_shattered + v.tobruk + v.seventh_armoured + v.south_african + v.new_zealand;
        v
    }
}
