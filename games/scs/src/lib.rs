//! # Standard Combat Series
//!
//! The series rules of the Standard Combat Series (SCS v1.8, Dean N. Essig)
//! as the project's Russian translation gives them — Rounding, Fog of war,
//! 1.0 to 6.2 — enforced rule by rule, and the sections that translation
//! lacks (7.0 combat, retreats, 10.0 advance, 11.0 exploitation, 12.0
//! supply, barrage and DG as a module) **authored** from public research
//! and labelled so in `RULES.md`. Every scenario is a data file
//! (`SCENARIO.md`); the two shipped, and the charts, are authored by this
//! project, never a published game's (`data/AUTHORED.md`, `data/CHARTS.md`).
//!
//! Costs: a state is about 40 bytes a unit plus the dice and its fixed
//! lists (the force moving, the fight under way, the hexes attacked: about
//! 3 KB inline); cloning it is two allocations. Each decision builds a
//! [`Board`] (O(hexes + units), its buffers reused per thread); legal
//! actions are the candidates near each unit filtered by the same checks
//! `try_apply` runs, and neither allocates (a scenario has at most
//! [`MAX_UNITS_A_SIDE`] units a side, which bounds every list).
#![deny(missing_docs)]

mod action;
mod barrage;
mod board;
pub mod charts;
pub mod data;
mod drawing;
mod fight;
mod forecast;
mod heuristics;
pub mod load;
mod map;
mod movement;
mod position;
pub mod ratio;
mod reinforcement;
mod render;
mod resolution;
mod scenario;
mod sequence;
mod stacking;
mod state;
mod supply;
mod tables;
mod unit;
mod victory;
mod view;

/// The README's code examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use action::Action;
pub use board::Board;
pub use charts::{Charts, Odds};
pub use map::{Map, Place};
pub use movement::mp;
pub use scenario::{ExitRule, Scenario, SideInfo, SupplySource, Victory, VpHex, MAX_PAID, MAX_UNITS, MAX_UNITS_A_SIDE};
pub use state::{Fight, FightKind, FightOdds, Hexes, Phase, Pos, Retreating, Rolled, Stage, State, UnitState, Units};
pub use unit::{Face, Side, Start, UnitId, UnitSpec};
pub use view::{FightView, StackView, UnitView, View};

use sandtable_core::{
    DataErrors, Dice, Events, Forecast, GameInfo, Hint, Illegal, ParseError, PositionError, Ruleset, ScenarioFile,
    ScenarioInfo, Seat, SeatInfo, SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};
use std::sync::{Arc, OnceLock};

/// The rules version written into game files.
pub const RULES_VERSION: &str = "scs-1.8-sandtable-1";

/// The browser renderer (`web/scs.js`), registering `Sandtable.games.scs`.
pub const RENDERER_JS: &str = include_str!("../web/scs.js");

/// The game: the series rules on one scenario's map, units and charts.
#[derive(Debug)]
pub struct Scs {
    info: GameInfo,
    /// The scenario, charts and map included.
    pub scenario: Scenario,
    /// What the hot paths read, derived from `scenario` when the game is
    /// made (so the scenario is not to be changed afterwards).
    tables: tables::Tables,
}

/// The built-in scenarios' values, parsed once per process.
static BUILTINS: [OnceLock<Arc<Scs>>; 2] = [OnceLock::new(), OnceLock::new()];

impl Scs {
    /// The series charts shipped in `data/charts.toml`.
    ///
    /// # Panics
    /// Never for the shipped data: its validity is tested.
    pub fn series_charts() -> Charts {
        load::charts("charts.toml", data::CHARTS_TOML).expect("the shipped charts validate")
    }

    /// The default built-in scenario, *Beda Fomm* (authored).
    pub fn standard() -> Scs {
        Scs::builtin_value(0).as_ref().clone_shallow()
    }

    /// *Sidi Rezegh, 19–24 November 1941* (authored).
    pub fn sidi_rezegh() -> Scs {
        Scs::builtin_value(1).as_ref().clone_shallow()
    }

    fn builtin_value(i: usize) -> Arc<Scs> {
        BUILTINS[i]
            .get_or_init(|| {
                let (name, text) = data::BUILTIN[i];
                let scenario =
                    load::scenario(name, text, &Scs::series_charts()).expect("the shipped scenarios validate");
                let mut scenarios = vec![Scs::builtin_info(i, &scenario)];
                for j in (0..data::BUILTIN.len()).filter(|&j| j != i) {
                    let (n, t) = data::BUILTIN[j];
                    let other = load::scenario(n, t, &Scs::series_charts()).expect("the shipped scenarios validate");
                    scenarios.push(Scs::builtin_info(j, &other));
                }
                Arc::new(Scs::assemble(scenario, scenarios))
            })
            .clone()
    }

    fn builtin_info(i: usize, s: &Scenario) -> ScenarioInfo {
        ScenarioInfo {
            id: s.id.clone(),
            name: s.name.clone(),
            authored: true,
            sha256: sandtable_core::scenario_hash(&[data::CHARTS_TOML, data::BUILTIN[i].1]),
        }
    }

    fn clone_shallow(&self) -> Scs {
        Scs { info: self.info.clone(), scenario: self.scenario.clone(), tables: self.tables.clone() }
    }

    /// The game on a scenario file (SCENARIO.md). Its
    /// [`ScenarioInfo::sha256`] is the file's.
    ///
    /// # Errors
    /// Every problem found, each with the file's name, its line and key.
    pub fn from_file(file: &ScenarioFile) -> Result<Scs, DataErrors> {
        let scenario = load::scenario(&file.name, &file.text, &Scs::series_charts())?;
        let info = ScenarioInfo {
            id: scenario.id.clone(),
            name: scenario.name.clone(),
            authored: scenario.authored,
            sha256: file.sha256(),
        };
        Ok(Scs::assemble(scenario, vec![info]))
    }

    fn assemble(scenario: Scenario, scenarios: Vec<ScenarioInfo>) -> Scs {
        let info = GameInfo {
            id: "scs".into(),
            name: Text::fixed("Standard Combat Series", "Standard Combat Series (SCS)"),
            rules_version: RULES_VERSION.into(),
            seats: scenario.sides.iter().map(|s| SeatInfo { id: s.id.clone(), name: s.name.clone() }).collect(),
            scenarios,
            options: Vec::new(),
        };
        let mut scs = Scs { info, scenario, tables: tables::Tables::default() };
        scs.tables = tables::Tables::new(&scs);
        scs
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.scenario.map
    }

    /// A hex's label.
    pub(crate) fn label(&self, h: sandtable_board::HexId) -> String {
        self.map().grid.label(h)
    }

    /// Units' names joined, in both languages.
    pub(crate) fn names(&self, units: &[UnitId]) -> Text {
        let en: Vec<&str> = units.iter().map(|&u| self.scenario.unit(u).name.en.as_ref()).collect();
        let ru: Vec<&str> = units.iter().map(|&u| self.scenario.unit(u).name.ru.as_ref()).collect();
        Text::new(en.join(", "), ru.join(", "))
    }

    /// The side a seat plays, if it owes a decision now.
    fn seat_side(&self, s: &State, seat: Seat) -> Result<Side, Illegal> {
        let side = Side::of_seat(seat).ok_or(Illegal::fixed("SCS 1.0", "no such seat", "нет такого места"))?;
        if self.to_act(s).seats().contains(seat) {
            Ok(side)
        } else {
            Err(Illegal::fixed("SCS 1.0", "it is not your decision now", "сейчас решение принимаете не вы"))
        }
    }

    /// Checks an action without changing anything; the same check filters
    /// the candidates of [`Ruleset::legal_actions`].
    ///
    /// # Errors
    /// The rule broken.
    pub fn check(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        let side = self.seat_side(s, seat)?;
        let b = self.board(s);
        self.check_with(s, side, &b, a).map(drop)
    }

    /// The check; for a move, whether it uses the one-hex minimum.
    fn check_with(&self, s: &State, side: Side, b: &Board, a: Action) -> Result<bool, Illegal> {
        let none = Ok(false);
        match a {
            Action::Place(u, h) => self.check_place(s, b, side, u, h).and(none),
            Action::Enter(u, h) => self.check_enter(s, b, u, h).and(none),
            Action::Join(u) => self.check_join(s, side, b, u).and(none),
            Action::Move(u, h) => self.check_move(s, side, b, u, h),
            Action::Overrun(u, h) => self.check_overrun(s, side, b, u, h).and(none),
            Action::Exit(u) => self.check_exit(s, side, b, u).and(none),
            Action::Back(u) => self.check_back(s, b, u).and(none),
            Action::Attack(u, h) => self.check_attack(s, side, b, u, h).and(none),
            Action::Cancel => self.check_forming(s).map(drop).and(none),
            Action::Declare => self.check_declare(s).and(none),
            Action::Roll => self.check_roll(s).and(none),
            Action::Barrage(u, h) => self.check_barrage(s, side, b, u, h).and(none),
            Action::Lose(u) => self.check_lose(s, side, u).and(none),
            Action::Retreat(u, h) => self.check_retreat(s, side, b, u, h).and(none),
            Action::Advance(u) => self.check_advance(s, side, b, u).and(none),
            Action::Top(u) => self.check_top(s, side, b, u).and(none),
            Action::Eliminate(u) => self.check_eliminate(s, side, b, u).and(none),
            Action::End => self.check_end(s, b).and(none),
        }
    }

    /// Whether [`Scs::check_with`] accepts `a`, without building a refusal's
    /// text (a move's names figures): what filters the legal actions.
    fn accepts(&self, s: &State, side: Side, b: &Board, a: Action) -> bool {
        match a {
            Action::Move(u, h) => self.move_verdict(s, side, b, u, h).is_ok(),
            _ => self.check_with(s, side, b, a).is_ok(),
        }
    }

    fn candidates(&self, s: &State, side: Side, b: &Board, out: &mut Vec<Action>) {
        if s.overstack == Some(side) {
            out.extend(self.on_map(s, side).map(Action::Eliminate));
            return;
        }
        if s.fight.as_ref().is_some_and(|f| f.stage != Stage::Forming) {
            self.resolution_candidates(s, b, out);
            return;
        }
        match s.phase {
            Phase::SetUp => self.setup_candidates(s, side, out),
            Phase::Movement | Phase::Exploitation => self.movement_candidates(s, side, b, out),
            Phase::Combat => self.combat_candidates(s, side, b, out),
            Phase::Over => {}
        }
    }

    /// Checks `a` against `b`, the board of `s`, then applies it.
    fn apply(&self, s: &mut State, side: Side, b: &Board, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        let one_hex = self.check_with(s, side, b, a)?;
        s.rolled = None;
        match a {
            Action::Place(u, h) => self.do_place(s, u, h, ev),
            Action::Enter(u, h) => self.do_enter(s, u, h, ev),
            Action::Join(u) => self.do_join(s, u, ev),
            Action::Move(u, h) => self.do_move(s, b, u, h, one_hex, ev),
            Action::Overrun(u, h) => self.do_overrun(s, u, h, ev),
            Action::Exit(u) => self.do_exit(s, u, ev),
            Action::Back(u) => {
                let from = self.check_back(s, b, u)?;
                self.do_back(s, from, ev);
            }
            Action::Attack(u, h) => self.do_attack(s, u, h, ev),
            Action::Cancel => {
                s.fight = None;
                ev.say("SCS 7.0", || Text::fixed("the attack being formed is dropped", "формируемая атака отменена"));
            }
            Action::Declare => self.do_declare(s, ev),
            Action::Roll => self.do_roll(s, ev),
            Action::Barrage(u, h) => self.do_barrage(s, u, h, ev),
            Action::Lose(u) => self.do_lose(s, u, ev),
            Action::Retreat(u, h) => self.do_retreat(s, b, u, h, ev),
            Action::Advance(u) => self.do_advance(s, u, ev),
            Action::Top(u) => self.do_top(s, u, ev),
            Action::Eliminate(u) => self.do_eliminate(s, u, ev),
            Action::End => self.do_end(s, ev),
        }
        Ok(())
    }
}

impl Ruleset for Scs {
    type State = State;
    type Action = Action;
    type View = View;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn setup(&self, setup: &Setup) -> Result<State, SetupError> {
        let _ = setup.option("none");
        let mut s = State {
            dice: Dice::from_seed(setup.seed),
            turn: 1,
            player: self.scenario.sets_up_first(),
            phase: Phase::SetUp,
            units: Vec::with_capacity(self.scenario.units.len()),
            force: Units::new(),
            force_moved: false,
            force_from: None,
            fight: None,
            overrun_hexes: Hexes::new(),
            attacked_hexes: Hexes::new(),
            overstack: None,
            control: self.scenario.victory.hexes.iter().map(|v| v.control).collect(),
            eliminated_steps: [0, 0],
            exited_steps: [0, 0],
            next_order: 0,
            rolled: None,
        };
        for _ in &self.scenario.units {
            s.units.push(UnitState {
                pos: Pos::Off,
                lost: 0,
                order: 0,
                spent: 0,
                done: false,
                began_in_ezoc: false,
                overran: false,
                attacked: false,
                out_of_supply: false,
                dg: false,
            });
        }
        for u in self.scenario.unit_ids() {
            if let Start::At(h) = self.scenario.unit(u).start {
                s.place(u, h);
                let side = self.scenario.unit(u).side;
                self.take_control(&mut s, side, h);
            }
        }
        let mut ev = Events::off();
        if self.unplaced(&s, s.player).next().is_none() {
            self.end_setup(&mut s, &mut ev);
        }
        Ok(s)
    }

    fn to_act(&self, s: &State) -> ToAct {
        if s.phase == Phase::Over {
            return ToAct::Over(self.outcome(s));
        }
        let side = s.overstack.or_else(|| self.fight_side(s)).unwrap_or(s.player);
        ToAct::Seats(SeatSet::one(side.seat()))
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let Ok(side) = self.seat_side(s, seat) else { return };
        let r = self.reuse_board(s);
        let b = &r.board;
        let start = out.len();
        self.candidates(s, side, b, out);
        sandtable_core::retain_legal(out, start, |a| self.accepts(s, side, b, a));
        // The decision's `try_apply` will want the same board.
        self.keep_board(s, r);
    }

    fn try_apply(&self, s: &mut State, seat: Seat, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        let side = self.seat_side(s, seat)?;
        let r = self.reuse_board(s);
        let hidden = r.hidden.unwrap_or_else(|| self.hidden_units(s, &r.board));
        self.apply(s, side, &r.board, a, ev)?;
        drop(r);
        // The board of the new state, and its hidden units, kept: the next
        // decision starts from them.
        let board = self.board(s);
        let now = self.hidden_units(s, &board);
        self.keep_board(s, board::Reused::new(board, now));
        // Fog of war: a unit a viewer could not see before and can now (the
        // one under a stack that moved off, a defender once declared) is
        // shown to it — the undo barrier.
        let gained = hidden & !now != 0;
        if gained {
            ev.reveal(sandtable_core::Audience::Everyone, "Fog of war", || {
                Text::fixed("units hidden in a stack are now seen", "скрытые в группировке подразделения теперь видны")
            });
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

    fn label(&self, a: Action) -> Text {
        self.action_label(a)
    }

    fn parse(&self, text: &str) -> Result<Action, ParseError> {
        self.parse_action(text)
    }

    fn dice<'s>(&self, s: &'s State) -> &'s Dice {
        &s.dice
    }

    fn dice_mut<'s>(&self, s: &'s mut State) -> &'s mut Dice {
        &mut s.dice
    }

    fn resample_hidden(&self, s: &State, viewer: Viewer, seed: u64) -> State {
        self.resample(s, viewer, seed)
    }

    fn render(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        self.render_text(s, viewer, lang)
    }

    fn forecast(&self, s: &State, seat: Seat, a: Action) -> Option<Forecast> {
        self.odds_before(s, seat, a)
    }

    fn hint(&self, s: &State, a: Action) -> Hint {
        self.action_hint(s, a)
    }

    fn drawing(&self) -> serde_json::Value {
        self.map_drawing()
    }

    fn with_scenario(&self, file: &ScenarioFile) -> Result<Scs, DataErrors> {
        Scs::from_file(file)
    }

    fn builtin(&self, scenario: &str) -> Option<Arc<Scs>> {
        (0..data::BUILTIN.len()).map(Scs::builtin_value).find(|v| v.scenario.id == scenario)
    }
}
