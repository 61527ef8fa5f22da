//! The charts a scenario plays with: terrain effects (movement and combat),
//! the combat results table, the barrage table, and the DG and out-of-supply
//! penalties. Data, not code: the series charts shipped in `data/charts.toml`
//! are authored by this project (`data/CHARTS.md`); a scenario may carry a
//! published game's own (SCENARIO.md, *Charts*).

use crate::ratio::Ratio;
use sandtable_core::Text;
use serde::{Deserialize, Serialize};

/// Movement points are counted in halves: roads cost ½ (SCS 3.2b example).
pub type HalfMp = u16;

/// What entering a hex, or crossing a hexside, costs one movement class.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Cost {
    /// Prohibited terrain (SCS 3.2d).
    Prohibited,
    /// Half movement points.
    Halves(HalfMp),
}

impl Cost {
    /// The cost in half MP, or `None` when prohibited.
    pub fn halves(self) -> Option<HalfMp> {
        match self {
            Cost::Prohibited => None,
            Cost::Halves(h) => Some(h),
        }
    }
}

/// A hex terrain of the terrain effects chart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TerrainKind {
    /// Its key in data (`open`, `rough`).
    pub key: String,
    /// Its name.
    pub name: Text,
    /// Cost to enter, per movement class (index = class).
    pub cost: Vec<Cost>,
    /// Defender strength multiplier.
    pub defence: Ratio,
    /// CRT column shift (negative helps the defender).
    pub shift: i8,
    /// Barrage column shift (negative helps the target).
    pub barrage: i8,
}

/// A hexside feature (escarpment, wadi, wire).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HexsideKind {
    /// Its key in data.
    pub key: String,
    /// Its name.
    pub name: Text,
    /// Cost added to the hex's cost, per class (SCS 3.2c).
    pub cost: Vec<Cost>,
    /// Attacker strength multiplier for units attacking across it.
    pub attack: Ratio,
    /// CRT column shift when every attacker attacks across such a hexside.
    pub shift: i8,
}

/// A road type.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoadKind {
    /// Its key in data.
    pub key: String,
    /// Its name.
    pub name: Text,
    /// Half MP per hex entered along it (SCS 3.2b), any class.
    pub cost: HalfMp,
}

/// An odds column: `n:1` or `1:n`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Odds {
    /// `n:1` (n ≥ 1; `1:1` is `For(1)`).
    For(u8),
    /// `1:n` (n ≥ 2).
    Against(u8),
}

impl Odds {
    /// An order on columns: `1:3` < `1:2` < `1:1` < `2:1` < …
    pub fn rank(self) -> i32 {
        match self {
            Odds::For(n) => i32::from(n) - 1,
            Odds::Against(n) => 1 - i32::from(n),
        }
    }

    /// Reads `"3:1"` or `"1:2"`.
    pub fn parse(text: &str) -> Option<Odds> {
        let (a, b) = text.trim().split_once(':')?;
        let (a, b): (u8, u8) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        match (a, b) {
            (1, 1) => Some(Odds::For(1)),
            (n, 1) if n > 1 => Some(Odds::For(n)),
            (1, n) if n > 1 => Some(Odds::Against(n)),
            _ => None,
        }
    }

    /// The odds of `attack` against `defence` by the standard rounding rule
    /// (SCS *Rounding*), the smaller side as 1: 9.875 to 2.125 is 4.65 → 5:1,
    /// 3 to 7 is 1:2.33 → 1:2 (*authored* for odds below 1:1). A defence of
    /// zero gives the largest odds.
    pub fn of(attack: Ratio, defence: Ratio) -> Odds {
        match attack.checked_div(defence) {
            None => Odds::For(u8::MAX),
            Some(r) if r.num() >= r.den() => Odds::For(r.round().min(255) as u8),
            Some(_) => match defence.checked_div(attack) {
                None => Odds::Against(u8::MAX),
                Some(r) => match r.round().min(255) as u8 {
                    0 | 1 => Odds::For(1),
                    n => Odds::Against(n),
                },
            },
        }
    }
}

impl std::fmt::Display for Odds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Odds::For(n) => write!(f, "{n}:1"),
            Odds::Against(n) => write!(f, "1:{n}"),
        }
    }
}

/// One side's part of a combat result.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideResult {
    /// Steps lost.
    pub steps: u8,
    /// Hexes retreated.
    pub retreat: u8,
}

/// A cell of the combat results table.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrtResult {
    /// The attacker's losses and retreat.
    pub attacker: SideResult,
    /// The defender's losses and retreat.
    pub defender: SideResult,
}

impl CrtResult {
    /// Reads `NE`, `A1`, `D2r1`, `A1D2r1`, `Ar1`: an `r<m>` binds to the
    /// side letter before it.
    pub fn parse(text: &str) -> Option<CrtResult> {
        let t = text.trim();
        let mut out = CrtResult::default();
        if t == "NE" || t == "-" {
            return Some(out);
        }
        let b = t.as_bytes();
        let mut i = 0;
        let mut seen = [false; 2];
        let number = |i: &mut usize| -> Option<u8> {
            let start = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            if start == *i {
                None
            } else {
                t[start..*i].parse().ok()
            }
        };
        if b.is_empty() {
            return None;
        }
        while i < b.len() {
            let side = match b[i] {
                b'A' => 0,
                b'D' => 1,
                _ => return None,
            };
            if seen[side] {
                return None;
            }
            seen[side] = true;
            i += 1;
            let steps = number(&mut i).unwrap_or(0);
            let mut retreat = 0;
            if i < b.len() && b[i] == b'r' {
                i += 1;
                retreat = number(&mut i)?;
            }
            if steps == 0 && retreat == 0 {
                return None;
            }
            let r = SideResult { steps, retreat };
            if side == 0 {
                out.attacker = r;
            } else {
                out.defender = r;
            }
        }
        Some(out)
    }

    /// The canonical text (`A1D2r1`, `NE`).
    pub fn text(self) -> String {
        let mut s = String::new();
        for (letter, r) in [('A', self.attacker), ('D', self.defender)] {
            if r.steps > 0 || r.retreat > 0 {
                s.push(letter);
                if r.steps > 0 {
                    s.push_str(&r.steps.to_string());
                }
                if r.retreat > 0 {
                    s.push_str(&format!("r{}", r.retreat));
                }
            }
        }
        if s.is_empty() {
            "NE".into()
        } else {
            s
        }
    }
}

/// The combat results table: 2d6 against odds columns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Crt {
    /// Columns, lowest odds first.
    pub columns: Vec<Odds>,
    /// Per column, the results for 2d6 = 2..=12.
    pub cells: Vec<[CrtResult; 11]>,
}

impl Crt {
    /// The column for `odds` before shifts: the exact column, or the
    /// nearest one inside the table (odds beyond it use its end columns,
    /// *authored*).
    pub fn column(&self, odds: Odds) -> usize {
        let r = odds.rank();
        let mut best = 0;
        for (i, c) in self.columns.iter().enumerate() {
            if c.rank() <= r {
                best = i;
            }
        }
        best
    }

    /// `column` moved by `shift`, kept inside the table.
    pub fn shifted(&self, column: usize, shift: i32) -> usize {
        (column as i32 + shift).clamp(0, self.columns.len() as i32 - 1) as usize
    }

    /// The result at `column` for a 2d6 total.
    pub fn result(&self, column: usize, roll: u8) -> CrtResult {
        self.cells[column][usize::from(roll.clamp(2, 12) - 2)]
    }
}

/// A barrage result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BarrageResult {
    /// No effect.
    NoEffect,
    /// The target stack is disorganised.
    Dg,
    /// The stack loses this many steps and is disorganised.
    Steps(u8),
}

impl BarrageResult {
    /// Reads `NE`, `DG`, `1`, `2`.
    pub fn parse(t: &str) -> Option<BarrageResult> {
        match t.trim() {
            "NE" | "-" => Some(BarrageResult::NoEffect),
            "DG" => Some(BarrageResult::Dg),
            n => n.parse().ok().filter(|&n| (1..=4).contains(&n)).map(BarrageResult::Steps),
        }
    }
}

/// The barrage table (module `barrage`, *authored*).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BarrageTable {
    /// The lowest barrage strength of each column, ascending.
    pub columns: Vec<u16>,
    /// Column shift when no friendly unit spots the target.
    pub no_spotter: i8,
    /// Per column, the results for 2d6 = 2..=12.
    pub cells: Vec<[BarrageResult; 11]>,
}

impl BarrageTable {
    /// The column for a barrage strength (0 if below the first).
    pub fn column(&self, strength: u64) -> usize {
        self.columns.iter().rposition(|&c| u64::from(c) <= strength).unwrap_or(0)
    }
}

/// Multipliers a state applies to a unit's values (DG, out of supply).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Penalty {
    /// Attack strength multiplier.
    pub attack: Ratio,
    /// Defence strength multiplier.
    pub defence: Ratio,
    /// Movement allowance multiplier.
    pub movement: Ratio,
}

impl Penalty {
    /// No penalty.
    pub const NONE: Penalty = Penalty { attack: Ratio::ONE, defence: Ratio::ONE, movement: Ratio::ONE };
}

/// All the charts of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Charts {
    /// Movement classes (`foot`, `motor`, `track`).
    pub classes: Vec<String>,
    /// Hex terrains.
    pub terrain: Vec<TerrainKind>,
    /// Hexside features.
    pub hexsides: Vec<HexsideKind>,
    /// Road types.
    pub roads: Vec<RoadKind>,
    /// The combat results table.
    pub crt: Crt,
    /// The barrage table, if the charts have one.
    pub barrage: Option<BarrageTable>,
    /// Disorganised (module `barrage`).
    pub dg: Penalty,
    /// Out of supply (SCS 12.0 authored).
    pub supply: Penalty,
}

impl Charts {
    /// A class's index by key.
    pub fn class(&self, key: &str) -> Option<u8> {
        self.classes.iter().position(|c| c == key).map(|i| i as u8)
    }
    /// A terrain's index by key.
    pub fn terrain_id(&self, key: &str) -> Option<u8> {
        self.terrain.iter().position(|c| c.key == key).map(|i| i as u8)
    }
    /// A hexside feature's index by key.
    pub fn hexside_id(&self, key: &str) -> Option<u8> {
        self.hexsides.iter().position(|c| c.key == key).map(|i| i as u8)
    }
    /// A road type's index by key.
    pub fn road_id(&self, key: &str) -> Option<u8> {
        self.roads.iter().position(|c| c.key == key).map(|i| i as u8)
    }
}
