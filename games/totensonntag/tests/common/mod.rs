//! A small test map and order of battle, so each rule test builds exactly
//! the position it needs. Every unit starts off the map (inert) unless a
//! test puts it somewhere.
#![allow(dead_code, unused_imports)]

use sandtable_core::{Ruleset, Seat, Setup, ToAct};
use sandtable_totensonntag::{Phase, Pos, Side, State, Totensonntag, UnitId};

/// Open desert except: escarpment F5, rough F7, impassable F9, entrenchment
/// H5, point H7 (also escarpment at J7 with a point), victory hexes and Q2.
pub const MAP: &str = r#"
columns = 18
rows = 17
[terrain]
escarpment = ["F5", "J7"]
rough = ["F7"]
impassable = ["F9"]
entrenchment = ["H5"]
point = ["H7", "J7"]
"#;

pub const SCENARIO: &str = r#"
id = "test"
en = "test"
ru = "тест"
turns = 6

[[formation]]
id = "pzd"
en = "Panzer"
ru = "танковая"
role = "axis-division"
[[formation]]
id = "ari"
en = "Ariete"
ru = "Ариете"
role = "axis-division"
[[formation]]
id = "7ad"
en = "7 Armd"
ru = "7 бтд"
role = "seventh-armoured"
[[formation]]
id = "sa"
en = "1 SA"
ru = "1 ЮА"
role = "first-south-african"
[[formation]]
id = "nz"
en = "NZ"
ru = "НЗ"
role = "new-zealand"

[[entry]]
id = "east"
edge = "east"
hexes = ["K18", "L18"]

[[unit]]
code = "pz"
en = "Pz"
ru = "Pz"
formation = "pzd"
nationality = "german"
class = "armour"
strength = 4
defence = 11
initiative = 4
panzer3 = true
setup = "A1"
[[unit]]
code = "pz2"
en = "Pz2"
ru = "Pz2"
formation = "pzd"
nationality = "german"
class = "armour"
strength = 4
defence = 11
initiative = 4
setup = "A1"
[[unit]]
code = "sch"
en = "Schützen"
ru = "Schützen"
formation = "pzd"
nationality = "german"
class = "motorized-infantry"
strength = 3
defence = 10
initiative = 4
combined_arms = true
setup = "A1"
[[unit]]
code = "aa"
en = "AA"
ru = "AA"
formation = "pzd"
nationality = "german"
class = "recon"
strength = 2
defence = 9
initiative = 5
setup = "A2"
[[unit]]
code = "pj"
en = "PzJg"
ru = "PzJg"
formation = "pzd"
nationality = "german"
class = "anti-tank"
strength = 2
defence = 9
initiative = 4
setup = "A2"
[[unit]]
code = "art"
en = "Art"
ru = "Арт"
formation = "pzd"
nationality = "german"
class = "artillery"
strength = 3
defence = 8
initiative = 4
range = 4
setup = "A2"
[[unit]]
code = "inf"
en = "Inf"
ru = "Пех"
formation = "pzd"
nationality = "german"
class = "infantry"
strength = 3
defence = 9
initiative = 2
setup = "A3"
[[unit]]
code = "pzr"
en = "Pz reinf"
ru = "Pz подкр"
formation = "pzd"
nationality = "german"
class = "armour"
strength = 4
defence = 11
initiative = 4
panzer3 = true
arrive = { turn = 1, pair = 2, entry = "east" }
[[unit]]
code = "schr"
en = "Schützen reinf"
ru = "Schützen подкр"
formation = "pzd"
nationality = "german"
class = "motorized-infantry"
strength = 3
defence = 10
initiative = 3
combined_arms = true
arrive = { turn = 1, pair = 2, entry = "east" }
[[unit]]
code = "schr2"
en = "Schützen reinf 2"
ru = "Schützen подкр 2"
formation = "pzd"
nationality = "german"
class = "engineer"
strength = 2
defence = 9
initiative = 3
combined_arms = true
arrive = { turn = 1, pair = 2, entry = "east" }
[[unit]]
code = "artr"
en = "Art reinf"
ru = "Арт подкр"
formation = "pzd"
nationality = "german"
class = "artillery"
strength = 2
defence = 8
initiative = 4
range = 3
arrive = { turn = 1, pair = 2, entry = "east" }
[[unit]]
code = "m13"
en = "M13"
ru = "M13"
formation = "ari"
nationality = "italian"
class = "armour"
strength = 3
defence = 9
initiative = 2
setup = "A3"
[[unit]]
code = "cru"
en = "Crusader"
ru = "Крусейдер"
formation = "7ad"
nationality = "british"
class = "armour"
strength = 4
defence = 10
initiative = 4
setup = "Q17"
[[unit]]
code = "cru2"
en = "Crusader 2"
ru = "Крусейдер 2"
formation = "7ad"
nationality = "british"
class = "armour"
strength = 4
defence = 10
initiative = 4
setup = "Q17"
[[unit]]
code = "stu"
en = "Stuart"
ru = "Стюарт"
formation = "7ad"
nationality = "british"
class = "armour"
strength = 4
defence = 10
initiative = 3
stuart = true
setup = "Q17"
[[unit]]
code = "ac"
en = "Armd cars"
ru = "Бронеавт"
formation = "7ad"
nationality = "british"
class = "recon"
strength = 2
defence = 9
initiative = 4
setup = "Q16"
[[unit]]
code = "rifle"
en = "Rifles"
ru = "Стрелки"
formation = "7ad"
nationality = "british"
class = "motorized-infantry"
strength = 3
defence = 10
initiative = 4
setup = "Q16"
[[unit]]
code = "rha"
en = "RHA"
ru = "RHA"
formation = "7ad"
nationality = "british"
class = "artillery"
strength = 2
defence = 9
initiative = 3
range = 3
setup = "Q16"
[[unit]]
code = "sai"
en = "SA inf"
ru = "ЮА пех"
formation = "sa"
nationality = "south-african"
class = "motorized-infantry"
strength = 3
defence = 9
initiative = 2
setup = "Q15"
[[unit]]
code = "nz"
en = "NZ inf"
ru = "НЗ пех"
formation = "nz"
nationality = "new-zealand"
class = "infantry"
strength = 3
defence = 10
initiative = 3
setup = "Q15"
[[unit]]
code = "nzart"
en = "NZ art"
ru = "НЗ арт"
formation = "nz"
nationality = "new-zealand"
class = "artillery"
strength = 2
defence = 9
initiative = 3
range = 3
setup = "Q15"
[[unit]]
code = "nztk"
en = "NZ tanks"
ru = "НЗ танки"
formation = "nz"
nationality = "british"
class = "armour"
strength = 3
defence = 12
initiative = 3
setup = "Q14"
"#;

pub use sandtable_core::testing::{is_legal, legal, play, refused};

pub const AXIS: Seat = Side::Axis.seat();
pub const ALLIES: Seat = Side::Allies.seat();

/// The test game and a fresh state with every unit off the map: a position
/// built as a user would write one, checked as a game starting from it is.
pub fn blank(seed: u64) -> (Totensonntag, State) {
    let rules = Totensonntag::from_toml(MAP, SCENARIO).expect("test data validates");
    let setup = rules.info().resolve(&Setup::seeded(seed)).expect("setup");
    let mut s = rules.setup(&setup).expect("state");
    for u in &mut s.units {
        u.pos = Pos::Off;
    }
    s.control = [Side::Axis; 3];
    let s = sandtable_core::testing::position(&rules, serde_json::to_value(&s).expect("states serialise"));
    (rules, s)
}

pub fn unit(r: &Totensonntag, code: &str) -> UnitId {
    r.scenario.unit_by_code(code).unwrap_or_else(|| panic!("no unit {code}"))
}

pub fn hex(r: &Totensonntag, label: &str) -> sandtable_board::HexId {
    r.map.grid.parse(label).expect("hex")
}

/// Puts a unit on top of the stack in a hex.
pub fn put(r: &Totensonntag, s: &mut State, code: &str, at: &str) -> UnitId {
    let u = unit(r, code);
    s.place(u, hex(r, at));
    u
}

/// Plays passively (roll, shift 0, end, recover) until `stop` holds.
pub fn pass_until(r: &Totensonntag, s: &mut State, mut stop: impl FnMut(&State) -> bool) {
    for _ in 0..10_000 {
        if stop(s) {
            return;
        }
        let seat = match r.to_act(s) {
            ToAct::Over(_) => return,
            ToAct::Seats(set) => set.iter().next().expect("someone acts"),
        };
        let text = match s.phase {
            Phase::InitiativePick => "roll",
            Phase::InitiativeShift { .. } => "shift 0",
            Phase::Impulse { .. } => "end",
            Phase::Night { .. } => "recover",
            Phase::Overstack { .. } | Phase::Over => panic!("unexpected phase {:?}", s.phase),
        };
        play(r, s, seat, text);
    }
    panic!("pass_until did not reach its stop");
}
