//! A tiny scenario written only for the tests, with its own charts, so each
//! rule test builds exactly the position it needs on values it controls.
//!
//! Map (10 × 8, default clear):
//! - `05.05` and `08.03` rough (foot 2, motor 3 MP; defence ×2; barrage −1)
//! - `05.03` scrub (2½ MP for everyone)
//! - `07.05` town (1 MP; column shift −1), the victory hex (allies hold it)
//! - `04.07` marsh (foot 3, motor prohibited), `02.07` lake (prohibited)
//! - escarpment hexsides `06.02`–`06.03` and `05.03`–`05.04` (the latter on the
//!   road) (foot +1, motor prohibited, attack ×½)
//! - stream hexside `08.02`–`08.03` (+1 MP, column shift −1 when every attacker crosses)
//! - road (½ MP) `05.01`–`05.06` up column 05
//! - axis exit hex `01.04`; axis supply from the east edge, allies from the west
//!
//! Sides: `axis` (seat 0, moves first), `allies` (seat 1, sets up first).
//! Stacking limit 4 (stacking points = steps left).
#![allow(dead_code, unused_imports)]

use sandtable_board::HexId;
pub use sandtable_core::testing::{act, is_legal, legal, play, refused};
use sandtable_core::{Dice, Event, Ruleset, ScenarioFile, Seat, Setup};
pub use sandtable_scs::{Action, Fight, FightKind, Phase, Pos, Scs, Side, Stage, State, UnitId};

pub const AXIS: Seat = Seat::new(0);
pub const ALLIES: Seat = Seat::new(1);

pub const TINY: &str = r#"# A tiny SCS scenario for the rule tests.
id = "tiny"
en = "Tiny"
ru = "Крошечный"
turns = 3
first = "axis"
stacking = 4
modules = ["barrage"]

[[side]]
id = "axis"
en = "Axis"
ru = "Ось"

[[side]]
id = "allies"
en = "Allies"
ru = "Союзники"

[map]
columns = 10
rows = 8
default = "clear"

[map.terrain]
rough = ["05.05", "08.03"]
scrub = ["05.03"]
town = ["07.05"]
marsh = ["04.07"]
lake = ["02.07"]

[map.hexsides]
escarpment = [["06.02", "06.03"], ["05.03", "05.04"]]
stream = [["08.02", "08.03"]]

[map.roads]
road = [["05.01", "05.02", "05.03", "05.04", "05.05", "05.06"]]

[[map.place]]
hex = "07.05"
en = "Townlet"
ru = "Городок"

[[unit]]
id = "pz"
side = "axis"
en = "Panzer"
ru = "Танки"
kind = "armour"
size = "regiment"
class = "motor"
attack = 6
defence = 4
movement = 8
steps = 2
reduced = { attack = 3, defence = 2, movement = 8 }
exploit = true
at = "08.04"

[[unit]]
id = "inf"
side = "axis"
en = "Infantry"
ru = "Пехота"
kind = "infantry"
size = "battalion"
class = "foot"
attack = 3
defence = 3
movement = 4
steps = 2
reduced = { attack = 1, defence = 2, movement = 4 }
at = "08.06"

[[unit]]
id = "art"
side = "axis"
en = "Artillery"
ru = "Артиллерия"
kind = "artillery"
size = "battalion"
class = "motor"
attack = 0
defence = 1
movement = 4
steps = 1
barrage = 6
range = 3
at = "09.05"

[[unit]]
id = "rein"
side = "axis"
en = "Motor rifles"
ru = "Мотострелки"
kind = "motor-infantry"
size = "battalion"
class = "motor"
attack = 2
defence = 2
movement = 6
steps = 1
arrives = { turn = 2, entry = ["10.04", "10.05"] }

[[unit]]
id = "aw"
side = "axis"
en = "Recce"
ru = "Разведка"
kind = "recce"
size = "company"
class = "motor"
attack = 1
defence = 1
movement = 10
steps = 1
exploit = true
within = { hex = "08.05", hexes = 1 }

[[unit]]
id = "tank"
side = "allies"
en = "Tanks"
ru = "Танки союзников"
kind = "armour"
size = "regiment"
class = "motor"
attack = 4
defence = 3
movement = 6
steps = 2
reduced = { attack = 2, defence = 2, movement = 6 }
exploit = true
at = "03.05"

[[unit]]
id = "rifle"
side = "allies"
en = "Rifles"
ru = "Стрелки"
kind = "infantry"
size = "battalion"
class = "foot"
attack = 2
defence = 4
movement = 3
steps = 2
reduced = { attack = 1, defence = 2, movement = 3 }
at = "07.05"

[[unit]]
id = "at"
side = "allies"
en = "Anti-tank"
ru = "ПТО"
kind = "anti-tank"
size = "company"
class = "foot"
attack = 0
defence = 2
movement = 2
steps = 1
at = "02.04"

[[unit]]
id = "bw"
side = "allies"
en = "Machine guns"
ru = "Пулемётчики"
kind = "machine-gun"
size = "company"
class = "foot"
attack = 1
defence = 1
movement = 4
steps = 1
within = { hex = "03.04", hexes = 1 }

[[supply]]
side = "axis"
edges = ["east"]

[[supply]]
side = "allies"
edges = ["west"]

[victory]
[[victory.hex]]
hex = "07.05"
vp = 5
control = "allies"
en = "Townlet"
ru = "Городок"

[[victory.steps]]
side = "axis"
vp = 1

[[victory.steps]]
side = "allies"
vp = 1

[[victory.exit]]
side = "axis"
hexes = ["01.04"]
vp = 2

[charts]
classes = ["foot", "motor"]

[charts.terrain.clear]
en = "Clear"
ru = "Чистая"
move = 1
defence = 1

[charts.terrain.rough]
en = "Rough"
ru = "Пересечённая"
move = { foot = 2, motor = 3 }
defence = 2
barrage = -1

[charts.terrain.scrub]
en = "Scrub"
ru = "Кустарник"
move = 2.5
defence = 1

[charts.terrain.town]
en = "Town"
ru = "Город"
move = 1
defence = 1
shift = -1

[charts.terrain.marsh]
en = "Marsh"
ru = "Болото"
move = { foot = 3, motor = "P" }
defence = 1

[charts.terrain.lake]
en = "Lake"
ru = "Озеро"
move = "P"
defence = 1

[charts.hexside.escarpment]
en = "Escarpment"
ru = "Эскарп"
move = { foot = 1, motor = "P" }
attack = "1/2"

[charts.hexside.stream]
en = "Stream"
ru = "Ручей"
move = 1
shift = -1

[charts.road.road]
en = "Road"
ru = "Дорога"
move = 0.5

[charts.crt]
columns = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
# 2d6 = 2 .. 12; the roll of 7 names the column.
"1:2" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "A2", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]
"1:1" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "A1", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]
"2:1" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "NE", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]
"3:1" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "D1", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]
"4:1" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "D2", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]
"5:1" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "D3", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]
"6:1" = ["A2r1", "A1r1", "A1", "A1D1", "NE", "D4", "D1", "Dr1", "D1r1", "D2r2", "D3r3"]

[charts.barrage]
columns = [1, 4, 8]
no_spotter = -1
# 2d6 = 2 .. 12; the roll of 7 names the column: NE, DG, 1.
rows = [
  ["NE", "NE", "NE", "NE", "NE", "NE", "NE", "DG", "DG", "1", "2"],
  ["NE", "NE", "NE", "NE", "DG", "DG", "DG", "DG", "1", "1", "2"],
  ["NE", "NE", "NE", "DG", "DG", "1", "1", "1", "1", "2", "2"],
]

[charts.dg]
attack = "1/2"
defence = "1/2"
movement = "1/2"

[charts.supply]
attack = "1/2"
defence = "1/2"
movement = "1/2"
"#;

/// The tiny scenario's file.
pub fn file() -> ScenarioFile {
    ScenarioFile::new("tiny.toml", TINY)
}

/// The game on the tiny scenario.
pub fn tiny() -> Scs {
    Scs::from_file(&file()).unwrap_or_else(|e| panic!("the tiny scenario loads:\n{e}"))
}

/// The tiny scenario's text edited (every occurrence of each `from`).
pub fn tiny_text(edits: &[(&str, &str)]) -> String {
    let mut text = TINY.to_owned();
    for (from, to) in edits {
        assert!(text.contains(from), "{from:?} is not in the tiny scenario");
        text = text.replace(from, to);
    }
    text
}

/// The game on the tiny scenario edited by `edits` (text replacements).
pub fn tiny_with(edits: &[(&str, &str)]) -> Scs {
    let text = tiny_text(edits);
    Scs::from_file(&ScenarioFile::new("tiny.toml", text)).unwrap_or_else(|e| panic!("the edited scenario loads:\n{e}"))
}

pub const AXIS_SIDE: usize = 0;

pub fn axis() -> Side {
    Side::ALL[0]
}
pub fn allies() -> Side {
    Side::ALL[1]
}

/// A unit by its notation id.
pub fn unit(r: &Scs, id: &str) -> UnitId {
    r.scenario.unit_by_id(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// A hex by its label.
pub fn hex(r: &Scs, label: &str) -> HexId {
    r.map().grid.parse(label).unwrap_or_else(|e| panic!("{label}: {e}"))
}

/// The label of a unit's hex, or its position word.
pub fn at(r: &Scs, s: &State, id: &str) -> String {
    match s.unit(unit(r, id)).pos {
        Pos::Hex(h) => r.map().grid.label(h),
        Pos::Off => "off".into(),
        Pos::Eliminated => "eliminated".into(),
        Pos::Exited => "exited".into(),
    }
}

/// The scenario's own start (set-up pending for the `within` units).
pub fn fresh(r: &Scs) -> State {
    r.setup(&Setup::seeded(1)).expect("sets up")
}

/// Turn 1, the axis Movement Phase, every unit out of play (eliminated, no
/// steps counted) until a test puts it somewhere with [`put`].
pub fn blank(r: &Scs) -> State {
    let mut s = fresh(r);
    for (i, spec) in r.scenario.units.iter().enumerate() {
        let us = &mut s.units[i];
        us.pos = Pos::Eliminated;
        us.lost = spec.steps;
        us.spent = 0;
        us.done = false;
        us.began_in_ezoc = false;
    }
    s.turn = 1;
    s.player = axis();
    s.phase = Phase::Movement;
    s.force.clear();
    s.force_moved = false;
    s.fight = None;
    s.overstack = None;
    s
}

/// Puts a unit, at full strength, on top of the stack in a hex.
pub fn put(r: &Scs, s: &mut State, id: &str, label: &str) {
    let u = unit(r, id);
    s.place(u, hex(r, label));
    s.unit_mut(u).lost = 0;
}

/// The unit's state, to change.
pub fn us<'a>(r: &Scs, s: &'a mut State, id: &str) -> &'a mut sandtable_scs::UnitState {
    s.unit_mut(unit(r, id))
}

/// Brings the game to the start of `side`'s `phase` the way the engine does
/// it: by ending the phase before (so who began in an enemy ZOC, MP spent
/// and the attacks made are the engine's own). The Supply Phase this may
/// run marks the other side's units; their supply flags are restored, so a
/// test sets them itself.
pub fn begin(r: &Scs, s: &mut State, side: Side, phase: Phase) {
    let oos: Vec<bool> = s.units.iter().map(|u| u.out_of_supply).collect();
    let dg: Vec<bool> = s.units.iter().map(|u| u.dg).collect();
    s.force.clear();
    s.force_moved = false;
    s.fight = None;
    match phase {
        Phase::Movement => {
            s.player = side.other();
            s.phase = Phase::Exploitation;
            if side == r.scenario.first {
                s.turn -= 1;
            }
        }
        Phase::Combat => {
            s.player = side;
            s.phase = Phase::Movement;
        }
        Phase::Exploitation => {
            s.player = side;
            s.phase = Phase::Combat;
        }
        _ => panic!("begin: a phase of play"),
    }
    let seat = side.other().seat();
    let seat = if phase == Phase::Movement { seat } else { side.seat() };
    play(r, s, seat, "end");
    assert_eq!((s.player, s.phase), (side, phase), "begin reached the phase");
    for (i, u) in s.units.iter_mut().enumerate() {
        u.out_of_supply = oos[i];
        u.dg = dg[i];
    }
}

/// Dice whose next 2d6 totals are `totals`, in order (found by trying seeds:
/// the engine rolls them, the test only picks the stream).
pub fn dice_rolling(totals: &[u8]) -> Dice {
    for seed in 0..2_000_000u64 {
        let d = Dice::from_seed(seed);
        let mut probe = d.clone();
        if totals.iter().all(|&t| probe.d6() + probe.d6() == t) {
            return d;
        }
    }
    panic!("no seed rolls {totals:?}");
}

/// Sets the dice so the next 2d6 totals are `totals`.
pub fn rig(s: &mut State, totals: &[u8]) {
    s.dice = dice_rolling(totals);
}

/// The rule of the refusal of `text`.
pub fn rule(r: &Scs, s: &State, seat: Seat, text: &str) -> String {
    refused(r, s, seat, text).rule.to_string()
}

/// The fight under way.
pub fn fight(s: &State) -> &Fight {
    s.fight.as_ref().expect("a fight under way")
}

/// The rules cited by some events.
pub fn rules_of(ev: &[Event]) -> Vec<String> {
    ev.iter().filter_map(|e| e.rule.clone()).collect()
}

/// Whether some event cites `rule` and says `needle` (English).
pub fn said(ev: &[Event], rule: &str, needle: &str) -> bool {
    ev.iter().any(|e| e.rule.as_deref() == Some(rule) && e.text.en.contains(needle))
}

/// Half MP a unit has spent this phase.
pub fn spent(r: &Scs, s: &State, id: &str) -> u16 {
    s.unit(unit(r, id)).spent
}

/// Steps a unit has lost.
pub fn lost(r: &Scs, s: &State, id: &str) -> u8 {
    s.unit(unit(r, id)).lost
}

/// The neighbours of a hex, as labels (sorted).
pub fn neighbours(r: &Scs, label: &str) -> Vec<String> {
    let g = &r.map().grid;
    let mut v: Vec<String> = g.neighbors(hex(r, label)).map(|(_, x)| g.label(x)).collect();
    v.sort();
    v
}
