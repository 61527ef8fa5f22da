//! # Corps Command: Totensonntag
//!
//! Sidi Rezegh, 19–24 November 1941, with every rule of sections 0.0–9.2
//! enforced (see `RULES.md`). The map, order of battle, set-up and
//! reinforcements are **authored by this project** from historical sources
//! (`data/AUTHORED.md`), not the published Lock 'n Load data; a player who owns
//! the game can replace `data/map.toml` and `data/scenario.toml`.
//!
//! Costs: a state is about 1 KB plus the dice; cloning it is one allocation.
//! Legal-action generation is O(units × 6) plus bombardment targets; applying
//! an action is O(hexes + units) (it rebuilds the [`Occupancy`]). Neither
//! allocates on maps up to 512 hexes (issue 13).
#![deny(missing_docs)]

mod action;
mod activation;
mod combat;
pub mod data;
mod drawing;
mod forecast;
mod heuristics;
mod initiative;
mod listing;
mod load;
mod map;
mod movement;
mod night;
mod occupancy;
mod position;
mod render;
mod scenario;
mod sequence;
mod stacking;
mod state;
mod tables;
mod unit;
mod victory;
mod view;

/// The README's code examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use action::Action;
pub use combat::AttackKind;
pub use map::{HexInfo, Map, Place, Terrain, Track, EXIT_HEX, VP_HEXES};
pub use occupancy::Occupancy;
pub use scenario::{Arrival, Entry, Formation, Scenario, Start};
pub use state::{Act, AttackMark, Cleared, Phase, Pos, Privilege, State, UnitSet, UnitState, MAX_ATTACKS, MAX_CLEARED};
pub use unit::{FormationId, Nationality, Role, Side, UnitClass, UnitId, UnitSpec};
pub use victory::{shatter_threshold, Victory, RELIEF_STRENGTH};
pub use view::{SecretView, UnitView, View};

use sandtable_core::{
    DataErrors, Dice, Events, GameInfo, Hint, Illegal, OptionInfo, Outcome, ParseError, PositionError, Ruleset,
    ScenarioFile, ScenarioInfo, Seat, SeatInfo, SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};
use tinyvec::ArrayVec;

/// The game: static map and scenario, shared by all its states.
#[derive(Debug)]
pub struct Totensonntag {
    info: GameInfo,
    /// The map.
    pub map: Map,
    /// The scenario.
    pub scenario: Scenario,
    /// Lists derived from both once, for listing legal actions fast.
    tables: tables::Tables,
}

/// The rules version written into game files.
pub const RULES_VERSION: &str = "cct-1.0";

/// The browser renderer (`web/totensonntag.js`): draws `Ruleset::drawing` and the
/// view, registering `Sandtable.games.totensonntag` (contract: `web/app.js`). The
/// catalog hands it to the server, which serves it as `/games/totensonntag.js`.
pub const RENDERER_JS: &str = include_str!("../web/totensonntag.js");

impl Totensonntag {
    /// The game with the authored map and scenario shipped in `data/`.
    ///
    /// # Panics
    /// Never for the shipped data: its validity is tested.
    pub fn standard() -> Totensonntag {
        Totensonntag::from_toml(data::MAP_TOML, data::SCENARIO_TOML).expect("the shipped data validates")
    }

    /// The game from map and scenario TOML in two files (the built-in
    /// shape; a player's own published data).
    ///
    /// # Errors
    /// Every problem found, each with its file (`map.toml`,
    /// `scenario.toml`), line and key.
    pub fn from_toml(map: &str, scenario: &str) -> Result<Totensonntag, DataErrors> {
        let (map_v, scenario_v) = load::two_files(map, scenario)?;
        Ok(Totensonntag::assemble(map_v, scenario_v, sandtable_core::scenario_hash(&[map, scenario]), true))
    }

    /// The game from a self-contained scenario file: the scenario keys and
    /// a `[map]` table (see the README). Its [`ScenarioInfo::sha256`] is
    /// the file's.
    ///
    /// # Errors
    /// Every problem found, each with `name`, its line and key.
    pub fn from_file(file: &ScenarioFile) -> Result<Totensonntag, DataErrors> {
        let (map, scenario) = load::one_file(&file.name, &file.text)?;
        Ok(Totensonntag::assemble(map, scenario, file.sha256(), false))
    }

    fn assemble(map: Map, scenario: Scenario, sha256: String, authored: bool) -> Totensonntag {
        let info = GameInfo {
            id: "totensonntag".into(),
            name: Text::fixed("Corps Command: Totensonntag", "Corps Command: Totensonntag (Тотензонтаг)"),
            rules_version: RULES_VERSION.into(),
            seats: vec![
                SeatInfo { id: "axis".into(), name: Side::Axis.name() },
                SeatInfo { id: "allies".into(), name: Side::Allies.name() },
            ],
            scenarios: vec![ScenarioInfo { id: scenario.id.clone(), name: scenario.name.clone(), authored, sha256 }],
            options: vec![OptionInfo {
                key: "impulse-pairs".into(),
                values: vec!["5".into(), "4".into()],
                default: "5".into(),
                text: Text::fixed(
                    "impulse pairs per turn before Night (2.0: five; some printings four)",
                    "пар импульсов за ход до Ночи (2.0: пять; в некоторых изданиях четыре)",
                ),
            }],
        };
        let tables = tables::Tables::new(&map, &scenario);
        Totensonntag { info, map, scenario, tables }
    }

    /// The side of a unit.
    pub fn side(&self, u: UnitId) -> Side {
        self.scenario.unit(u).side()
    }

    /// A unit's current strength: printed strength less hits (1.0).
    pub fn strength(&self, s: &State, u: UnitId) -> u8 {
        self.scenario.unit(u).strength.saturating_sub(s.unit(u).hits)
    }

    /// The side the seat plays and whose decision it is, or why not.
    fn seat_side(&self, s: &State, seat: Seat) -> Result<Side, Illegal> {
        let side = Side::of_seat(seat).ok_or(Illegal::fixed("CCT 2.0", "no such seat", "нет такого места"))?;
        if self.to_act(s).seats().contains(seat) {
            Ok(side)
        } else {
            Err(Illegal::fixed("CCT 2.0", "it is not your decision now", "сейчас решение принимаете не вы"))
        }
    }

    /// Checks an action and says which rule refuses it, without changing anything.
    /// The same check filters the candidates in [`Ruleset::legal_actions`].
    ///
    /// # Errors
    /// The rule broken.
    pub fn check(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        let side = self.seat_side(s, seat)?;
        let occ = Occupancy::of(self, s);
        self.check_with(s, side, &occ, a)
    }

    fn check_with(&self, s: &State, side: Side, occ: &Occupancy, a: Action) -> Result<(), Illegal> {
        match a {
            Action::Pick(n) => self.check_pick(s, side, n),
            Action::Roll => self.check_pick(s, side, 0),
            Action::Shift(d) => self.check_shift(s, side, d),
            Action::Move(u, h) => self.check_move(s, side, occ, u, h).map(drop),
            Action::Enter(u, h) => self.check_enter(s, side, occ, u, h).map(drop),
            Action::Exit(u) => self.check_exit(s, side, u),
            Action::Attack(u, h) => self.check_attack(s, side, occ, u, h).map(drop),
            Action::Bombard(a, t, sp) => self.check_bombard(s, side, a, t, sp),
            Action::Advance(u, h) => self.check_advance(s, side, occ, u, h).map(drop),
            Action::Top(u) => self.check_top(s, side, occ, u),
            Action::End => self.check_end(s, side),
            Action::Eliminate(u) => self.check_eliminate(s, side, occ, u),
            Action::Recover => self.check_recover(s, side),
        }
    }

    /// Every candidate action a side might take in this phase, before checks:
    /// a superset of the legal ones, enumerated from what is near each unit.
    fn candidates(&self, s: &State, side: Side, occ: &Occupancy, out: &mut Vec<Action>) {
        match s.phase {
            Phase::InitiativePick => {
                out.push(Action::Roll);
                out.extend((1..=6).map(Action::Pick));
            }
            Phase::InitiativeShift { .. } => out.extend([Action::Shift(-1), Action::Shift(0), Action::Shift(1)]),
            Phase::Impulse { .. } => {
                out.push(Action::End);
                self.unit_candidates(s, side, occ, out);
            }
            Phase::Overstack { .. } => {
                out.extend(self.scenario.unit_ids().filter(|&u| self.side(u) == side).map(Action::Eliminate));
            }
            Phase::Night { .. } => {
                out.push(Action::Recover);
                out.extend(self.scenario.unit_ids().filter(|&u| self.side(u) == side).map(Action::Top));
            }
            Phase::Over => {}
        }
    }

    fn unit_candidates(&self, s: &State, side: Side, occ: &Occupancy, out: &mut Vec<Action>) {
        let grid = &self.map.grid;
        for u in self.scenario.unit_ids().filter(|&u| self.side(u) == side) {
            let us = s.unit(u);
            match us.pos {
                Pos::Hex(h) => {
                    if us.act != Act::Done {
                        for (_, n) in grid.neighbors(h) {
                            if occ.holder(n) == Some(side.other()) {
                                out.push(Action::Attack(u, n));
                            } else {
                                out.push(Action::Move(u, n));
                            }
                        }
                        if h == self.map.exit {
                            out.push(Action::Exit(u));
                        }
                        if us.act == Act::Idle && self.scenario.unit(u).class == UnitClass::Artillery {
                            self.bombard_candidates(s, side, u, h, out);
                        }
                    }
                    out.extend(s.attacks.iter().filter(|m| m.unit == u).map(|m| Action::Advance(u, m.hex)));
                    if occ.count(h, side) > 1 && occ.top(h) != Some(u) {
                        out.push(Action::Top(u));
                    }
                }
                Pos::Off => {
                    if let scenario::Start::Arrives(arr) = self.scenario.starts[u.index()] {
                        let edge = self.scenario.entries[arr.entry as usize].edge;
                        out.extend(self.tables.edge(edge).iter().map(|&x| Action::Enter(u, x)));
                    }
                }
                Pos::Exited | Pos::Destroyed => {}
            }
        }
    }

    fn bombard_candidates(
        &self,
        s: &State,
        side: Side,
        art: UnitId,
        from: sandtable_board::HexId,
        out: &mut Vec<Action>,
    ) {
        let grid = &self.map.grid;
        let range = u16::from(self.scenario.unit(art).range);
        for t in self.scenario.unit_ids().filter(|&t| self.side(t) != side) {
            let Some(th) = s.hex_of(t) else { continue };
            let d = grid.distance(from, th);
            if d < 2 || d > range {
                continue;
            }
            for sp in self.scenario.unit_ids().filter(|&x| x != art && self.side(x) == side) {
                if let Some(sh) = s.hex_of(sp) {
                    if grid.distance(sh, th) <= 3 {
                        out.push(Action::Bombard(art, t, sp));
                    }
                }
            }
        }
    }

    /// A unit begins an action (move, entry, attack, bombardment, exit): the
    /// unit before it has finished (3.2), and the chance to advance into a
    /// hex cleared by the previous attack has passed (7.3: the advance is part
    /// of that attack's result).
    fn begin_unit_action(&self, s: &mut State, u: UnitId) {
        self.touch(s, Some(u));
        s.cleared.clear();
    }

    /// Finishes the action of the unit under way, if it is not `u` (3.2:
    /// units activate and act one at a time).
    fn touch(&self, s: &mut State, u: Option<UnitId>) {
        if let Some(a) = s.active {
            if Some(a) != u {
                s.unit_mut(a).act = Act::Done;
                s.active = None;
            }
        }
    }
}

impl Ruleset for Totensonntag {
    type State = State;
    type Action = Action;
    type View = View;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn setup(&self, setup: &Setup) -> Result<State, SetupError> {
        let pairs = match setup.option("impulse-pairs").unwrap_or("5") {
            "5" => 5,
            "4" => 4,
            v => {
                return Err(SetupError::new(Text::new(
                    format!("impulse-pairs cannot be {v}"),
                    format!("impulse-pairs не может быть {v}"),
                )))
            }
        };
        if let Some(bad) = self.scenario.starts.iter().find_map(|st| match st {
            Start::Arrives(a) if a.pair > pairs => Some(a.pair),
            _ => None,
        }) {
            return Err(SetupError::new(Text::new(
                format!("the scenario has a reinforcement in pair {bad}, but the game has {pairs} pairs per turn"),
                format!("в сценарии подкрепление в паре {bad}, а в ходе {pairs} пар"),
            )));
        }
        let mut s = State {
            dice: Dice::from_seed(setup.seed),
            turn: 1,
            pair: 1,
            pairs,
            phase: Phase::InitiativePick,
            level: [0, 0],
            // 2.2: in the first pair of the first turn the Allies choose any level.
            privilege: [Privilege::None, Privilege::Pick],
            secret: [None, None],
            first: Side::Axis,
            units: Vec::with_capacity(self.scenario.units.len()),
            active: None,
            attacks: ArrayVec::new(),
            cleared: ArrayVec::new(),
            entry_bonus: 0,
            control: [Side::Axis; 3],
            exited: 0,
            next_order: 0,
        };
        for _ in &self.scenario.starts {
            s.units.push(UnitState {
                pos: Pos::Off,
                hits: 0,
                order: 0,
                act: Act::Idle,
                mp: 0,
                moved: false,
                stopped: false,
                no_overrun: false,
                boosted: false,
                moved_turn: false,
                advanced: false,
            });
        }
        for u in self.scenario.unit_ids() {
            if let Start::Hex(h) = self.scenario.starts[u.index()] {
                s.place(u, h);
            }
        }
        // 9.0: a hex is controlled by the last side to occupy it; the Axis
        // holds all three at the start unless the set-up puts Allies there.
        let occ = Occupancy::of(self, &s);
        for (i, &h) in self.map.vp.iter().enumerate() {
            if let Some(side) = occ.holder(h) {
                s.control[i] = side;
            }
        }
        self.begin_pair(&mut s, &mut Events::off());
        Ok(s)
    }

    fn to_act(&self, s: &State) -> ToAct {
        let one = |side: Side| ToAct::Seats(SeatSet::one(side.seat()));
        match s.phase {
            Phase::InitiativePick => ToAct::Seats(
                Side::ALL
                    .into_iter()
                    .filter(|&x| s.privilege[x.index()] == Privilege::Pick && s.secret[x.index()].is_none())
                    .map(Side::seat)
                    .collect(),
            ),
            Phase::InitiativeShift { side }
            | Phase::Impulse { side, .. }
            | Phase::Overstack { side, .. }
            | Phase::Night { side } => one(side),
            Phase::Over => {
                let v = self.victory(s);
                let allies = v.total > 0;
                ToAct::Over(Outcome {
                    winners: SeatSet::one(if allies { Side::Allies.seat() } else { Side::Axis.seat() }),
                    text: if allies {
                        Text::new(
                            format!("Allies win with {} VP", v.total),
                            format!("Победа Союзников: {} ПО", v.total),
                        )
                    } else {
                        Text::new(
                            format!("Axis wins; Allied VP {}", v.total),
                            format!("Победа Оси; ПО Союзников {}", v.total),
                        )
                    },
                })
            }
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let Ok(side) = self.seat_side(s, seat) else {
            return;
        };
        let occ = Occupancy::of(self, s);
        let start = out.len();
        if let Phase::Impulse { .. } = s.phase {
            // Most decisions: each unit's checks shared by all its candidates.
            self.list_impulse(s, side, &occ, out);
            #[cfg(debug_assertions)]
            self.cross_check(s, side, &occ, out, start);
        } else {
            self.candidates(s, side, &occ, out);
            sandtable_core::retain_legal(out, start, |a| self.check_with(s, side, &occ, a).is_ok());
        }
    }

    fn try_apply(&self, s: &mut State, seat: Seat, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        let side = self.seat_side(s, seat)?;
        // Only the actions that look at the stacks build the occupancy.
        let occ = |s: &State| Occupancy::of(self, s);
        match a {
            Action::Pick(n) => {
                self.check_pick(s, side, n)?;
                self.do_pick(s, side, n, ev);
            }
            Action::Roll => {
                self.check_pick(s, side, 0)?;
                self.do_pick(s, side, 0, ev);
            }
            Action::Shift(d) => {
                self.check_shift(s, side, d)?;
                self.do_shift(s, side, d, ev);
            }
            Action::Move(u, h) => {
                let plan = self.check_move(s, side, &occ(s), u, h)?;
                self.do_move(s, u, plan, ev);
            }
            Action::Enter(u, h) => {
                let plan = self.check_enter(s, side, &occ(s), u, h)?;
                self.do_enter(s, u, plan, ev);
            }
            Action::Exit(u) => {
                self.check_exit(s, side, u)?;
                self.do_exit(s, u, ev);
            }
            Action::Attack(u, h) => {
                let plan = self.check_attack(s, side, &occ(s), u, h)?;
                self.do_attack(s, u, plan, ev);
            }
            Action::Bombard(art, t, sp) => {
                self.check_bombard(s, side, art, t, sp)?;
                self.do_bombard(s, art, t, sp, ev);
            }
            Action::Advance(u, h) => {
                self.check_advance(s, side, &occ(s), u, h)?;
                self.do_advance(s, u, h, ev);
            }
            Action::Top(u) => {
                self.check_top(s, side, &occ(s), u)?;
                self.do_top(s, u);
            }
            Action::End => {
                self.check_end(s, side)?;
                self.end_impulse(s, ev);
            }
            Action::Eliminate(u) => {
                self.check_eliminate(s, side, &occ(s), u)?;
                self.do_eliminate(s, u, ev);
            }
            Action::Recover => {
                self.check_recover(s, side)?;
                self.do_recover(s, side, ev);
            }
        }
        Ok(())
    }

    fn validate(&self, s: &State) -> Result<(), Vec<PositionError>> {
        self.validate_position(s)
    }

    fn view(&self, s: &State, viewer: Viewer) -> View {
        self.make_view(s, viewer)
    }

    fn notation(&self, a: Action) -> String {
        self.format_action(a)
    }

    fn parse(&self, text: &str) -> Result<Action, ParseError> {
        self.parse_action(text)
    }

    fn log_text(&self, a: Action, actor: Seat, viewer: Viewer) -> Option<String> {
        Some(match a {
            // 2.1/2.2: a pick (or the choice to roll) is secret from the other side.
            Action::Pick(_) | Action::Roll if viewer != Viewer::Seat(actor) => "initiative choice (secret)".into(),
            _ => self.notation(a),
        })
    }

    fn dice<'s>(&self, s: &'s State) -> &'s Dice {
        &s.dice
    }

    fn dice_mut<'s>(&self, s: &'s mut State) -> &'s mut Dice {
        &mut s.dice
    }

    fn resample_hidden(&self, s: &State, viewer: Viewer, seed: u64) -> State {
        let mut other = s.clone();
        let mut dice = Dice::from_seed(seed);
        for side in Side::ALL {
            if viewer != Viewer::Seat(side.seat()) && other.secret[side.index()].is_some() {
                other.secret[side.index()] = Some(dice.below(7) as u8);
            }
        }
        // The future dice are hidden from everyone.
        other.dice = Dice::from_seed(seed ^ 0x9e37_79b9);
        other
    }

    fn render(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        self.render_text(s, viewer, lang)
    }

    fn label(&self, a: Action) -> Text {
        self.action_label(a)
    }

    fn idle(&self, s: &State, seat: Seat) -> Vec<(String, Illegal)> {
        self.idle_units(s, seat)
    }

    fn forecast(&self, s: &State, seat: Seat, a: Action) -> Option<sandtable_core::Forecast> {
        self.odds(s, seat, a)
    }

    fn hint(&self, s: &State, a: Action) -> Hint {
        self.action_hint(s, a)
    }

    fn drawing(&self) -> serde_json::Value {
        self.map_drawing()
    }

    fn with_scenario(&self, file: &ScenarioFile) -> Result<Totensonntag, DataErrors> {
        Totensonntag::from_file(file)
    }
}
