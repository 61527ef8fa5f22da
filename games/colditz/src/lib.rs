//! # Escape from Colditz
//!
//! Two to six players: the German Security Officer against one to five
//! Escape Officers (British, American, French, Dutch, Polish). The 2016
//! (Osprey) rules are the default; the classic rules are a variant. See
//! `RULES.md` for every section with its status and test.
//!
//! > The board (`data/board.toml`) and the card manifests (`data/decks.toml`)
//! > are **authored by this project** (`data/BOARD.md`, `data/DECKS.md`): we do
//! > not have the published board or full card lists.
//!
//! Costs: the state is plain data (pawns, hands, decks: about 2 KB); legal
//! actions run one breadth-first search per movable pawn, bounded by the
//! movement points left.
#![deny(missing_docs)]

mod action;
mod appel;
mod arrest;
pub mod board;
pub mod cards;
mod claims;
mod classic;
pub mod data;
mod drawing;
mod escape;
pub mod fixed;
mod forecast;
mod heuristics;
mod movement;
mod pawn;
mod play;
mod position;
mod reach;
mod render;
mod setup;
mod state;
mod turn;
mod view;

pub use action::{Action, Arg, Piece};
pub use appel::Refusing;
pub use board::{Board, CircleId, Gate, Link, Symbol, TunnelId, Zone};
pub use cards::{Card, Equipment, Manifest, Manifests};
pub use pawn::{guards_for, Nation, PawnId, GERMAN, MAX_GUARDS, MAX_POWS, PAWN_SLOTS};
pub use state::{Loc, Marker, Pawn, Pending, Phase, Shot, State, TunnelState};
pub use view::View;

use sandtable_core::{
    Dice, Events, Forecast, GameInfo, Hint, Illegal, OptionInfo, ParseError, PositionError, Ruleset, ScenarioInfo,
    Seat, SeatInfo, SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};

/// What a passed check computed, handed to `apply`.
enum Plan {
    /// Nothing to keep.
    Checked,
    /// A move's destination and cost (from the path search).
    Move(reach::Dest),
    /// A crossing's equipment, count and marker.
    Cross((Equipment, u8, Option<Marker>)),
}

/// POWs per Escape Officer by player count (set-up table).
pub const fn pawns_per_officer(players: u8) -> u8 {
    match players {
        2 => 8,
        3 => 7,
        4 => 6,
        5 => 5,
        _ => 4,
    }
}

/// The rules version written into game files.
pub const RULES_VERSION: &str = "colditz-1.0";

/// The browser renderer (`web/colditz.js`): draws `Ruleset::drawing` and the
/// view, registering `Sandtable.games.colditz` (contract: `web/app.js`). The
/// catalog hands it to the server, which serves it as `/games/colditz.js`.
pub const RENDERER_JS: &str = include_str!("../web/colditz.js");

/// The game: board and card manifests, shared by all its states.
#[derive(Debug)]
pub struct Colditz {
    info: GameInfo,
    /// The board.
    pub board: Board,
    /// The card manifests.
    pub manifests: Manifests,
    /// `car_distance`, measured once.
    car_distance: u16,
}

impl Colditz {
    /// The game with the authored board and decks shipped in `data/`.
    ///
    /// # Panics
    /// Never for the shipped data: its validity is tested.
    pub fn standard() -> Colditz {
        Colditz::from_toml(data::BOARD_TOML, data::DECKS_TOML).expect("the shipped data validates")
    }

    /// The game from board and deck TOML.
    ///
    /// # Errors
    /// A message naming the first bad entry.
    pub fn from_toml(board: &str, decks: &str) -> Result<Colditz, String> {
        let sha256 = sandtable_core::scenario_hash(&[board, decks]);
        let bd: data::BoardData = toml::from_str(board).map_err(|e| format!("board.toml: {e}"))?;
        let board = Board::from_data(&bd)?;
        let dd: data::DecksData = toml::from_str(decks).map_err(|e| format!("decks.toml: {e}"))?;
        let manifests = Manifests::from_data(&dd, &board)?;
        let mut seats = vec![SeatInfo {
            id: "german".into(),
            name: Text::fixed("German Security Officer", "Офицер Охраны"),
        }];
        seats.extend(Nation::ALL.into_iter().map(|n| SeatInfo { id: n.id().into(), name: n.name() }));
        let list = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let info = GameInfo {
            id: "colditz".into(),
            name: Text::fixed("Escape from Colditz", "Побег из Колдица"),
            rules_version: RULES_VERSION.into(),
            seats,
            scenarios: vec![ScenarioInfo {
                id: "castle".into(),
                name: Text::fixed("Colditz Castle (authored schematic board)", "Замок Колдиц (авторская схема поля)"),
                authored: true,
                sha256,
            }],
            options: vec![
                OptionInfo {
                    key: "players".into(),
                    values: list(&["2", "3", "4", "5", "6"]),
                    default: "4".into(),
                    text: Text::fixed("players, the German included", "число игроков, включая Офицера Охраны"),
                },
                OptionInfo {
                    key: "rounds".into(),
                    values: list(&["50", "45", "40", "35", "30", "25", "20", "15", "10"]),
                    default: "50".into(),
                    text: Text::fixed("rounds on the track (50 for beginners, 40 or fewer for the experienced)", "число Раундов (50 для новичков, 40 и меньше для опытных)"),
                },
                OptionInfo {
                    key: "rules".into(),
                    values: list(&["2016", "classic"]),
                    default: "2016".into(),
                    text: Text::fixed("the 2016 (Osprey) rules or the classic rules", "правила 2016 года (Osprey) или классические"),
                },
                OptionInfo {
                    key: "starting-kits".into(),
                    values: list(&["auto", "yes", "no"]),
                    default: "auto".into(),
                    text: Text::fixed(
                        "officers start with an escape kit: auto = yes in the 2016 rules, no in the classic rules (where assembling one is the first objective)",
                        "Комплект Спасения в начале: auto — да по правилам 2016, нет по классическим (там его сборка — первая задача)",
                    ),
                },
                OptionInfo {
                    key: "victory".into(),
                    values: list(&["two-of-one", "total-2", "total-3", "total-4", "total-5", "total-6", "total-8", "total-10"]),
                    default: "two-of-one".into(),
                    text: Text::fixed(
                        "two escapes of one nationality win (variant: a total of escapes for all officers together)",
                        "побеждают два Побега одной национальности (вариант: общее число Побегов всех Офицеров Беглецов)",
                    ),
                },
            ],
        };
        let mut rules = Colditz { info, board, manifests, car_distance: 0 };
        rules.car_distance = rules.measure_car_distance();
        Ok(rules)
    }

    /// The manifest of the rules in play.
    pub fn manifest(&self, s: &State) -> &Manifest {
        if s.classic {
            &self.manifests.classic
        } else {
            &self.manifests.edition2016
        }
    }

    /// The seat whose turn it is.
    pub fn turn_seat(&self, s: &State) -> Seat {
        Seat::new(s.turn)
    }

    /// The nations in this game.
    pub fn nations(&self, s: &State) -> impl Iterator<Item = Nation> {
        Nation::ALL.into_iter().take(usize::from(s.players - 1))
    }

    /// Checks an action for a seat; the same check filters the legal list.
    ///
    /// # Errors
    /// The rule broken.
    pub fn check(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        self.check_action(s, seat, a).map(drop)
    }

    fn to_act_set(&self, s: &State) -> SeatSet {
        if let Some(p) = s.pending.first() {
            return SeatSet::one(match *p {
                Pending::Confiscate { nation, .. } => nation.seat(),
                Pending::Talisman { shot } => shot.target.nation().map_or(GERMAN, Nation::seat),
                Pending::EscapeMarkers { .. } => GERMAN,
                Pending::Warn { nation, .. } => nation.seat(),
                Pending::ChooseCell { .. } => GERMAN,
                Pending::ToAppel { pow } => pow.nation().map_or(GERMAN, Nation::seat),
            });
        }
        match s.phase {
            Phase::Over => SeatSet::EMPTY,
            Phase::AppelAnswer => {
                self.nations(s).filter(|n| s.appel_waiting & (1 << n.index()) != 0).map(Nation::seat).collect()
            }
            Phase::AppelSearch | Phase::SetupGuards => SeatSet::one(GERMAN),
            Phase::Roll | Phase::Move => SeatSet::one(self.turn_seat(s)),
            Phase::NextOfficer => self
                .nations(s)
                .filter(|n| !s.eliminated[n.index()] && s.played & (1 << n.index()) == 0)
                .map(Nation::seat)
                .collect(),
        }
    }
    /// Officers who may act out of turn now: turn-in cards may be cashed "at
    /// any time, even out of turn" (the card; once play has begun), and in
    /// another officer's turn Equipment is traded freely (2016: «в любой
    /// момент, кроме как во время Хода Офицера Охраны»).
    fn may_act_set(&self, s: &State) -> SeatSet {
        if matches!(s.phase, Phase::Over | Phase::SetupGuards) {
            return SeatSet::EMPTY;
        }
        let to_act = self.to_act_set(s);
        self.nations(s)
            .filter(|n| !s.eliminated[n.index()])
            .map(Nation::seat)
            .filter(|&x| !to_act.contains(x))
            .collect()
    }

    /// Whether an officer may turn in a Key, Pass, Rope or Wire Cutters
    /// card now: "at any time, even out of turn" — in his turn or another's,
    /// the German's too, while answers are awaited too; not before play
    /// begins (the guards' set-up) nor after the end.
    fn may_turn_in(&self, s: &State, seat: Seat) -> bool {
        !matches!(s.phase, Phase::Over | Phase::SetupGuards)
            && Nation::of_seat(seat).is_some_and(|n| self.nations(s).any(|x| x == n) && !s.eliminated[n.index()])
    }

    /// Whether Equipment may change hands out of turn now: in another
    /// officer's turn, with no answer awaited (2016, Equipment cards).
    fn may_trade_out_of_turn(&self, s: &State) -> bool {
        s.pending.is_empty() && s.turn != 0 && matches!(s.phase, Phase::Roll | Phase::Move)
    }

    /// Checks an action and keeps what the check computed for applying it:
    /// a move's path search or a crossing's equipment are not redone.
    fn plan(&self, s: &State, seat: Seat, a: Action) -> Result<Plan, Illegal> {
        let moving = s.pending.is_empty() && s.phase == Phase::Move && self.to_act_set(s).contains(seat);
        match a {
            Action::Move(p, to) if moving => self.check_move(s, seat, p, to).map(Plan::Move),
            Action::Cross(p, to) if moving => self.check_cross(s, seat, p, to).map(Plan::Cross),
            _ => self.check_action(s, seat, a).map(|()| Plan::Checked),
        }
    }

    fn check_action(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        // Key / Pass / Rope / Wire Cutters: "turned in at any time, even out of turn".
        if let Action::Play(card @ Card::TurnIn(_), x, y) = a {
            if self.may_turn_in(s, seat) {
                return self.check_play(s, seat, card, x, y);
            }
        }
        if !self.to_act_set(s).contains(seat) {
            if self.may_act_set(s).contains(seat) {
                return match a {
                    Action::Give(..) if !self.may_trade_out_of_turn(s) => Err(Illegal::fixed(
                        "Colditz: Equipment cards",
                        "Equipment is traded at any moment except the German's turn, and not while an answer is awaited",
                        "Экипировкой можно обмениваться в любой момент, кроме Хода Офицера Охраны, и не пока ожидается ответ",
                    )),
                    Action::Give(e, n) => self.check_give(s, seat, e, n),
                    _ => Err(Illegal::fixed(
                        "Colditz: Play",
                        "out of turn you may only give Equipment (in another officer's turn) or turn in a Key, Pass, Rope or Wire Cutters card",
                        "вне своего хода можно только передать Экипировку или обменять карту Ключа, Пропуска, Верёвки или Кусачек",
                    )),
                };
            }
            return Err(Illegal::fixed(
                "Colditz: Play",
                "it is not your decision now",
                "сейчас решение принимаете не вы",
            ));
        }
        self.check_own_decision(s, seat, a)
    }

    /// `check_action` for a seat that owes a decision now, the turn-in
    /// cards aside: the waiting decision's answers, or what this moment of
    /// the turn allows.
    fn check_own_decision(&self, s: &State, seat: Seat, a: Action) -> Result<(), Illegal> {
        if let Some(p) = s.pending.first() {
            return self.check_pending(s, *p, a);
        }
        match (s.phase, a) {
            (Phase::AppelAnswer, Action::Answer(refusing)) => self.check_answer(s, seat, refusing),
            (Phase::AppelAnswer, Action::Play(Card::AdvanceWarning, Arg::None, Arg::None)) => {
                self.check_advance_warning(s, seat)
            }
            (Phase::SetupGuards, Action::Deploy(g, to)) => self.check_setup_deploy(s, g, to),
            (Phase::SetupGuards, Action::End) => self.check_setup_end(s),
            (Phase::AppelSearch, Action::Search | Action::Roll) => Ok(()),
            (Phase::Roll | Phase::NextOfficer, Action::Roll) => Ok(()),
            (Phase::Roll | Phase::Move, Action::Play(card, x, y)) => self.check_play(s, seat, card, x, y),
            (Phase::Roll | Phase::Move, Action::Discard(card)) => self.check_discard(s, seat, card),
            (Phase::Roll | Phase::Move, Action::Give(e, n)) => self.check_give(s, seat, e, n),
            (Phase::Roll | Phase::Move, Action::GiveCard(card, n)) => self.check_give_card(s, seat, card, n),
            (Phase::Move, Action::DoOrDie(p)) => self.check_do_or_die(s, seat, p),
            (Phase::Move, Action::Move(p, to)) => self.check_move(s, seat, p, to).map(drop),
            (Phase::Move, Action::Cross(p, to)) => self.check_cross(s, seat, p, to).map(drop),
            (Phase::Move, Action::Deploy(g, to)) => self.check_deploy(s, seat, g, to),
            (Phase::Move, Action::Recall(g)) => self.check_recall(s, seat, g),
            (Phase::Move, Action::Clear(g, to)) => self.check_clear(s, seat, g, to),
            (Phase::Move, Action::Release(p)) => self.check_release(s, seat, p),
            (Phase::Move, Action::Claim(e, p, q)) => self.check_claim(s, seat, e, p, q),
            (Phase::Move, Action::Kit(pieces)) => self.check_kit(s, seat, pieces),
            (Phase::Move, Action::End) => self.check_end(s, seat),
            (Phase::Roll, Action::End) => {
                Err(Illegal::fixed("Colditz: Movement", "roll first", "сначала бросьте кубики"))
            }
            _ => Err(Illegal::fixed(
                "Colditz: Play",
                "that action does not fit this moment of the turn",
                "это действие сейчас невозможно",
            )),
        }
    }

    /// Candidate actions for a seat now: a superset of the legal ones.
    fn candidates(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if let Some(p) = s.pending.first() {
            self.pending_candidates(s, *p, out);
            return;
        }
        match s.phase {
            Phase::AppelAnswer => {
                out.push(Action::Play(Card::AdvanceWarning, Arg::None, Arg::None));
                if let Some(n) = Nation::of_seat(seat) {
                    out.extend(appel::Refusing::subsets(&self.may_refuse(s, n)).map(Action::Answer));
                }
            }
            Phase::AppelSearch => out.extend([Action::Search, Action::Roll]),
            Phase::NextOfficer => out.push(Action::Roll),
            Phase::SetupGuards => {
                out.push(Action::End);
                if let Some(g) = self.next_barracks_guard(s) {
                    out.extend(self.board.guard_posts.iter().map(|&c| Action::Deploy(g, c)));
                }
            }
            Phase::Roll => {
                out.push(Action::Roll);
                self.card_candidates(s, seat, out);
            }
            Phase::Move => {
                out.push(Action::End);
                self.card_candidates(s, seat, out);
                self.other_move_candidates(s, seat, out);
            }
            Phase::Over => {}
        }
    }
}

impl Ruleset for Colditz {
    type State = State;
    type Action = Action;
    type View = View;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn setup(&self, setup: &Setup) -> Result<State, SetupError> {
        self.new_state(setup)
    }

    fn seats(&self, s: &State) -> SeatSet {
        SeatSet::first(usize::from(s.players))
    }

    fn to_act(&self, s: &State) -> ToAct {
        if s.phase == Phase::Over {
            return ToAct::Over(self.outcome(s));
        }
        ToAct::Seats(self.to_act_set(s))
    }
    fn may_act(&self, s: &State) -> SeatSet {
        self.may_act_set(s)
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if !self.to_act_set(s).contains(seat) {
            if self.may_act_set(s).contains(seat) {
                let start = out.len();
                for n in self.nations(s) {
                    out.extend(Equipment::ALL.map(|e| Action::Give(e, n)));
                }
                out.extend(Equipment::ALL.map(|e| Action::Play(Card::TurnIn(e), Arg::None, Arg::None)));
                sandtable_core::retain_legal(out, start, |a| self.check_action(s, seat, a).is_ok());
            }
            return;
        }
        let start = out.len();
        self.candidates(s, seat, out);
        // Turn-in cards at any time: where the card candidates do not list them.
        if !(s.pending.is_empty() && matches!(s.phase, Phase::Roll | Phase::Move)) {
            out.extend(Equipment::ALL.map(|e| Action::Play(Card::TurnIn(e), Arg::None, Arg::None)));
        }
        // `check_action` for a seat that owes a decision, with what does not
        // depend on the action worked out once.
        let turn_in = self.may_turn_in(s, seat);
        sandtable_core::retain_legal(out, start, |a| match a {
            Action::Play(card @ Card::TurnIn(_), x, y) if turn_in => self.check_play(s, seat, card, x, y).is_ok(),
            _ => self.check_own_decision(s, seat, a).is_ok(),
        });
        // Moves come from one search per pawn (`reach`), the same search
        // `check_move` runs: listing them through `check_action` one by one
        // would repeat it for every destination.
        if s.pending.is_empty() && s.phase == Phase::Move {
            self.move_candidates(s, seat, out);
        }
    }
    fn try_apply(&self, s: &mut State, seat: Seat, a: Action, ev: &mut Events) -> Result<(), Illegal> {
        let plan = self.plan(s, seat, a)?;
        self.apply(s, seat, a, plan, ev);
        self.evict_guards_from_closed_rooms(s);
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

    fn log_text(&self, a: Action, actor: Seat, viewer: Viewer) -> Option<String> {
        if viewer == Viewer::Seat(actor) {
            return Some(self.notation(a));
        }
        Some(match a {
            // Discards go face down; a handed-over card or Equipment kind is
            // private; Appel answers are secret until all are in — not even
            // how many POWs refuse shows, only that the officer has answered
            // (one decision, whatever it holds).
            Action::Discard(_) => "discard (face down)".into(),
            Action::Give(_, n) => format!("give equipment {}", n.id()),
            Action::GiveCard(_, n) => format!("give a card {}", n.id()),
            Action::Answer(_) => "appel answered".into(),
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
        self.board_drawing()
    }
}

impl Colditz {
    /// Applies a checked action.
    fn apply(&self, s: &mut State, seat: Seat, a: Action, plan: Plan, ev: &mut Events) {
        // A turn-in card may come at any time: it leaves the decisions awaited as they are.
        if let Action::Play(card @ Card::TurnIn(_), x, y) = a {
            self.do_play(s, seat, card, x, y, ev);
            return;
        }
        if !s.pending.is_empty() {
            self.do_pending(s, a, ev);
            return;
        }
        if seat == self.turn_seat(s) {
            let dest = match &plan {
                Plan::Move(d) => Some((d.circle, d.tunnel, d.cost)),
                _ => None,
            };
            self.note_return_route(s, seat, a, dest);
        }
        match a {
            Action::Roll if s.phase == Phase::AppelSearch => {
                s.refused = 0;
                self.do_roll(s, seat, ev);
            }
            Action::Roll if s.phase == Phase::NextOfficer => {
                // Classic: this officer takes his turn now.
                self.claim_turn(s, seat);
                self.do_roll(s, seat, ev);
            }
            Action::Roll => self.do_roll(s, seat, ev),
            Action::Search => self.do_general_search(s, ev),
            Action::Answer(refusing) => self.do_answer(s, seat, refusing, ev),
            Action::Play(Card::AdvanceWarning, ..) => self.do_advance_warning(s, seat, None, ev),
            Action::Play(card, x, y) => self.do_play(s, seat, card, x, y, ev),
            Action::Discard(card) => {
                s.hands[seat.index()].remove(&card);
                self.return_card(s, card);
            }
            Action::Give(e, n) => self.do_give(s, seat, e, n, ev),
            Action::GiveCard(card, n) => self.do_give_card(s, seat, card, n, ev),
            Action::DoOrDie(p) => self.do_do_or_die(s, p, ev),
            Action::Move(p, _) => {
                if let Plan::Move(d) = plan {
                    self.do_move(s, p, d, ev);
                }
            }
            Action::Cross(p, to) => {
                if let Plan::Cross(used) = plan {
                    self.do_cross(s, p, to, used, ev);
                }
            }
            Action::Deploy(g, to) => {
                s.pawn_mut(g).loc = Loc::Circle(to);
                s.guards_moved |= 1 << (g.number() - 1);
                if s.phase == Phase::Move {
                    s.mp -= 1;
                }
            }
            Action::Recall(g) => {
                s.pawn_mut(g).loc = Loc::Office;
                s.mp -= 1;
                s.posting_closed = true;
            }
            Action::Clear(g, to) => self.do_clear(s, g, to, ev),
            Action::Release(p) => {
                s.releases -= 1;
                s.mp -= 1;
                self.release(s, p, ev);
            }
            Action::Claim(e, p, q) => self.do_claim(s, seat, e, p, q, ev),
            Action::Kit(pieces) => self.do_kit(s, seat, pieces, ev),
            Action::End if s.phase == Phase::SetupGuards => self.first_officer_turn(s),
            Action::End => self.end_turn(s, ev),
            Action::Surrender(_) | Action::Hideaway | Action::Pass | Action::RemoveMarkers => {}
        }
    }
}
