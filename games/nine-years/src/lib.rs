//! # Nine Years
//!
//! *Nine Years: The War of the Grand Alliance 1688–1697* (the "No Peace
//! Without Spain" system) as the project's Russian rules excerpt gives it —
//! 6.2 to 14.1 — enforced rule by rule, and the sections the excerpt lacks
//! (stacking and overcrowding, sea movement, interception, fortified lines,
//! battle, siege, King William's War, Winter Quarters, set-up and the
//! Glorious Revolution) **authored** from public research and labelled so in
//! `RULES.md`. The map, leaders, corps, action deck and event cards are one
//! data file (`SCENARIO.md`), authored by this project from history
//! (`data/AUTHORED.md`), never the published game's.
//!
//! Costs: a state is a few bytes a counter and a space plus the decks;
//! cloning it is about a dozen allocations. Lines of communication are a
//! breadth-first search over the map, O(spaces + links), run only where a
//! rule asks for them. Legal actions are candidates filtered by the same
//! checks `try_apply` runs.
#![deny(missing_docs)]

mod action;
mod battle;
mod board;
mod campaign;
mod cards;
pub mod data;
mod drawing;
mod fixed;
mod forecast;
mod heuristics;
mod ids;
pub mod load;
mod loc;
mod position;
mod reinforcement;
mod render;
mod revolution;
mod scenario;
mod sequence;
mod siege;
mod state;
mod survey;
mod view;
mod winter;

/// The README's code examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use action::{Action, Unit};
pub use ids::{Control, CorpsId, EventId, FleetId, LeaderId, PowerId, Sea, Side, SpaceId, MAX_TABLE};
pub use scenario::{
    Condition, Corps, CorpsStart, Effect, EventCard, Fleet, Leader, LeaderStart, LongTerm, Named, Power, Region,
    Scenario, Space,
};
pub use state::{
    CorpsState, End, FleetLoc, Force, ForceKind, LeaderLoc, LeaderState, Line, Loc, Pending, Phase, Savoy, State,
};
pub use view::View;

use sandtable_core::{
    DataErrors, Dice, Events, Forecast, GameInfo, Hint, Illegal, ParseError, PositionError, Ruleset, ScenarioFile,
    ScenarioInfo, Seat, SeatInfo, SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};
use std::sync::{Arc, OnceLock};
use survey::Survey;

/// The rules version written into game files.
pub const RULES_VERSION: &str = "nine-years-1.3-sandtable-1";

/// The browser renderer (`web/nine-years.js`), registering `Sandtable.games["nine-years"]`.
pub const RENDERER_JS: &str = include_str!("../web/nine-years.js");

/// The game: the rules on one scenario's map, counters and cards.
#[derive(Debug)]
pub struct NineYears {
    info: GameInfo,
    /// The scenario.
    pub scenario: Scenario,
}

static BUILTIN: OnceLock<Arc<NineYears>> = OnceLock::new();

impl NineYears {
    /// The built-in scenario (authored), parsed once per process.
    ///
    /// # Panics
    /// Never for the shipped data: its validity is tested.
    pub fn standard() -> NineYears {
        let b = BUILTIN.get_or_init(|| {
            let scenario = load::scenario(data::BUILTIN.0, data::BUILTIN.1).expect("the shipped scenario validates");
            let info = ScenarioInfo {
                id: scenario.id.clone(),
                name: scenario.name.clone(),
                authored: true,
                sha256: sandtable_core::scenario_hash(&[data::BUILTIN.1]),
            };
            Arc::new(NineYears::assemble(scenario, info))
        });
        NineYears { info: b.info.clone(), scenario: b.scenario.clone() }
    }

    /// The game on a scenario file (SCENARIO.md).
    ///
    /// # Errors
    /// Every problem found, each with the file's name, its line and key.
    pub fn from_file(file: &ScenarioFile) -> Result<NineYears, DataErrors> {
        let scenario = load::scenario(&file.name, &file.text)?;
        let info = ScenarioInfo {
            id: scenario.id.clone(),
            name: scenario.name.clone(),
            authored: scenario.authored,
            sha256: file.sha256(),
        };
        Ok(NineYears::assemble(scenario, info))
    }

    fn assemble(scenario: Scenario, info: ScenarioInfo) -> NineYears {
        let info = GameInfo {
            id: "nine-years".into(),
            name: Text::fixed("Nine Years", "Девятилетняя война (Nine Years)"),
            rules_version: RULES_VERSION.into(),
            seats: Side::ALL.iter().map(|s| SeatInfo { id: s.id().into(), name: s.name() }).collect(),
            scenarios: vec![info],
            options: Vec::new(),
        };
        NineYears { info, scenario }
    }

    /// The side a seat plays, if it owes a decision now.
    fn seat_side(&self, s: &State, seat: Seat) -> Result<Side, Illegal> {
        let side = Side::of_seat(seat).ok_or(Illegal::fixed("NY 5.0", "no such seat", "нет такого места"))?;
        if self.acting(s).contains(seat) {
            Ok(side)
        } else {
            Err(Illegal::fixed(
                "NY 5.0",
                "it is not your decision now: the sequence of play gives this step to the other player",
                "сейчас решение принимаете не вы: по последовательности хода этот шаг за другим игроком",
            ))
        }
    }

    /// The seats owing a decision now, none once the game is over: what
    /// [`Ruleset::to_act`] names, without writing the outcome's text (so a
    /// check never allocates).
    fn acting(&self, s: &State) -> SeatSet {
        if s.phase == Phase::Over {
            return SeatSet::EMPTY;
        }
        if let Some(p) = s.pending {
            return SeatSet::one(self.pending_side(s, p).seat());
        }
        let side = match s.phase {
            Phase::EventOrder | Phase::ReinforceOrder | Phase::FirstPlayer => self.scenario.initiative(s.year),
            Phase::Show => {
                return Side::ALL.into_iter().filter(|x| s.shown[x.index()].is_none()).map(Side::seat).collect()
            }
            Phase::Round => s.active,
            _ => s.ordered(),
        };
        SeatSet::one(side.seat())
    }

    /// The side owing the pending decision.
    pub(crate) fn pending_side(&self, s: &State, p: Pending) -> Side {
        match p {
            Pending::Intercept(_) | Pending::Garrison(_) | Pending::Retreat(_) => s.active.other(),
            Pending::Savoy(side, _) => side,
        }
    }

    /// Checks an action without changing anything; the same check filters
    /// the candidates of [`Ruleset::legal_actions`].
    ///
    /// # Errors
    /// The rule broken.
    pub fn check(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        let side = self.seat_side(s, seat)?;
        self.check_for(&Survey::new(self, s), side, a)
    }

    fn check_for(&self, s: &Survey<'_>, side: Side, a: Action) -> Result<(), Illegal> {
        if let Some(p) = s.pending {
            return self.check_pending(s, side, p, a);
        }
        match s.phase {
            Phase::EventOrder | Phase::ReinforceOrder | Phase::FirstPlayer => match a {
                Action::First(_) => Ok(()),
                _ => Err(wrong_step()),
            },
            Phase::Kww => match a {
                Action::Kww(_) => Ok(()),
                _ => Err(wrong_step()),
            },
            Phase::Spend | Phase::Place | Phase::Leaders => self.check_reinforcement(s, side, a),
            Phase::Show => match a {
                Action::Show(v) => self.check_show(s, side, v),
                _ => Err(wrong_step()),
            },
            Phase::Round => self.check_round(s, side, a),
            Phase::Savoy => match a {
                Action::Neutral(_) => Ok(()),
                _ => Err(wrong_step()),
            },
            Phase::Peace => match a {
                Action::Peace(..) => Ok(()),
                _ => Err(wrong_step()),
            },
            Phase::Over => Err(Illegal::fixed("NY 6.3", "the game is over", "игра окончена")),
        }
    }

    fn check_pending(&self, s: &Survey<'_>, side: Side, p: Pending, a: Action) -> Result<(), Illegal> {
        match (p, a) {
            (Pending::Intercept(x), Action::Intercept(l)) => self.check_intercept(s, side, x, l),
            (Pending::Intercept(_), Action::NoIntercept) => Ok(()),
            (Pending::Garrison(_), Action::Battle | Action::Withdraw) => Ok(()),
            (Pending::Retreat(x), Action::Retreat(to)) => self.check_retreat(s, side, x, to),
            (Pending::Savoy(..), Action::Neutral(_)) => Ok(()),
            _ => Err(Illegal::fixed(
                "NY 13.4.2",
                "another decision is owed first: each action is finished, battle and retreat included, before anything else",
                "сначала нужно другое решение: каждое действие, включая сражение и отступление, завершается прежде нового",
            )),
        }
    }

    fn candidates(&self, s: &Survey<'_>, side: Side, out: &mut Vec<Action>) {
        if let Some(p) = s.pending {
            match p {
                Pending::Intercept(x) => {
                    out.push(Action::NoIntercept);
                    out.extend(self.interceptors(s, side, x).into_iter().map(Action::Intercept));
                }
                Pending::Garrison(_) => out.extend([Action::Battle, Action::Withdraw]),
                Pending::Retreat(x) => out.extend(self.retreat_spaces(s, side, x).into_iter().map(Action::Retreat)),
                Pending::Savoy(..) => out.extend([Action::Neutral(true), Action::Neutral(false)]),
            }
            return;
        }
        match s.phase {
            Phase::EventOrder | Phase::ReinforceOrder | Phase::FirstPlayer => {
                out.extend(Side::ALL.map(Action::First));
            }
            Phase::Kww => out.extend([Action::Kww(true), Action::Kww(false)]),
            Phase::Spend | Phase::Place | Phase::Leaders => self.reinforcement_candidates(s, side, out),
            Phase::Show => out.extend((1..=3).map(Action::Show)),
            Phase::Round => self.round_candidates(s, side, out),
            Phase::Savoy => out.extend([Action::Neutral(true), Action::Neutral(false)]),
            Phase::Peace => {
                out.extend([
                    Action::Peace(false, false),
                    Action::Peace(true, false),
                    Action::Peace(false, true),
                    Action::Peace(true, true),
                ]);
            }
            Phase::Over => {}
        }
    }

    fn apply(&self, s: &mut State, side: Side, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        self.check_for(&Survey::new(self, s), side, a)?;
        if let Some(p) = s.pending {
            self.apply_pending(s, side, p, a, ev);
        } else {
            match s.phase {
                Phase::EventOrder | Phase::ReinforceOrder | Phase::FirstPlayer => {
                    let Action::First(first) = a else { unreachable!("checked") };
                    self.choose_first(s, first, ev);
                }
                Phase::Kww => {
                    let Action::Kww(yes) = a else { unreachable!("checked") };
                    self.kww_reinforce(s, side, yes, ev);
                }
                Phase::Spend | Phase::Place | Phase::Leaders => self.apply_reinforcement(s, side, a, ev),
                Phase::Show => {
                    let Action::Show(v) = a else { unreachable!("checked") };
                    self.apply_show(s, side, v, ev);
                }
                Phase::Round => self.apply_round(s, side, a, ev),
                Phase::Savoy => {
                    let Action::Neutral(yes) = a else { unreachable!("checked") };
                    self.winter_savoy(s, side, yes, ev);
                }
                Phase::Peace => {
                    let Action::Peace(card, rp) = a else { unreachable!("checked") };
                    self.peace_penalty(s, side, card, rp, ev);
                }
                Phase::Over => {}
            }
        }
        Ok(())
    }

    fn apply_pending(&self, s: &mut State, side: Side, p: Pending, a: Action, ev: &mut Events) {
        s.pending = None;
        match (p, a) {
            (Pending::Intercept(x), Action::Intercept(l)) => self.do_intercept(s, side, x, Some(l), ev),
            (Pending::Intercept(x), _) => self.do_intercept(s, side, x, None, ev),
            (Pending::Garrison(x), Action::Battle) => self.fight(s, x, ev),
            (Pending::Garrison(x), _) => self.withdraw_into_fortress(s, x, ev),
            (Pending::Retreat(x), Action::Retreat(to)) => self.do_defender_retreat(s, side, x, to, ev),
            (Pending::Savoy(_, first), Action::Neutral(yes)) => self.turin_savoy(s, side, first, yes, ev),
            _ => {}
        }
        // 13.4.2: with the decision made and the card's actions spent, the round is over.
        self.after_action(s, ev);
    }
}

/// The refusal of an action that belongs to another step of the turn.
pub(crate) fn wrong_step() -> Illegal {
    Illegal::fixed(
        "NY 5.0",
        "that is not a decision of this step of the sequence of play",
        "это решение не относится к текущему шагу последовательности хода",
    )
}

impl Ruleset for NineYears {
    type State = State;
    type Action = Action;
    type View = View;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn setup(&self, setup: &Setup) -> Result<State, SetupError> {
        // The game has no options; the seed is all a set-up gives.
        Ok(self.initial_state(setup.seed))
    }

    fn to_act(&self, s: &State) -> ToAct {
        if s.phase == Phase::Over {
            return ToAct::Over(self.outcome(s));
        }
        ToAct::Seats(self.acting(s))
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let Ok(side) = self.seat_side(s, seat) else { return };
        // One survey for every candidate: corps counted once, each line of
        // communication searched once (survey.rs).
        let s = &Survey::new(self, s);
        if s.pending.is_none() {
            if let Some(f) = s.force.as_ref().filter(|f| f.kind == ForceKind::Transfer) {
                // Candidates already filtered by the same checks, the
                // reach of each origin computed once (campaign.rs).
                out.push(Action::Stop);
                self.transfer_legal(s, side, f, out);
                return;
            }
            if s.phase == Phase::Leaders {
                // Likewise the leader moves, each leader checked once (reinforcement.rs).
                if self.check_for(s, side, Action::Done).is_ok() {
                    out.push(Action::Done);
                }
                self.leaders_legal(s, side, out);
                return;
            }
        }
        let start = out.len();
        self.candidates(s, side, out);
        // The candidates are generated without repeats, so a plain filter
        // (no hash set) keeps the legal ones: O(candidates · check).
        let mut keep = start;
        for i in start..out.len() {
            let a = out[i];
            if self.check_for(s, side, a).is_ok() {
                out[keep] = a;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    fn try_apply(&self, s: &mut State, seat: Seat, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        let side = self.seat_side(s, seat)?;
        self.apply(s, side, a, ev)
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

    fn log_text(&self, a: Action, actor: Seat, viewer: Viewer) -> Option<String> {
        Some(match a {
            // 13.2.1: the card chosen face down is secret until both are shown.
            Action::Show(_) if viewer != Viewer::Seat(actor) => "show (a card face down)".into(),
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
        self.resample(s, viewer, seed)
    }

    fn render(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        self.render_text(s, viewer, lang)
    }

    fn hint(&self, s: &State, a: Action) -> Hint {
        self.action_hint(s, a)
    }

    fn forecast(&self, s: &State, seat: Seat, a: Action) -> Option<Forecast> {
        self.odds(s, seat, a)
    }

    fn drawing(&self) -> serde_json::Value {
        self.map_drawing()
    }

    fn with_scenario(&self, file: &ScenarioFile) -> Result<NineYears, DataErrors> {
        NineYears::from_file(file)
    }
}
