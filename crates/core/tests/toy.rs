//! The core contract tested on a toy game that has what the real games have:
//! a secret simultaneous choice, dice, an end. Also proves the conformance
//! battery catches broken rulesets, and that game files detect tampering.

use sandtable_core::conformance::{check, Battery};
use sandtable_core::forecast;
use sandtable_core::{
    Audience, Basis, Dice, Events, Forecast, Game, GameInfo, GameRecord, Hint, Illegal, LoadError, OptionInfo, Outcome,
    ParseError, PositionError, PositionErrors, Refusal, Rules, Ruleset, ScenarioInfo, Seat, SeatInfo, SeatSet, Setup,
    SetupError, Text, ToAct, Viewer,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Both seats bid 1–3 secretly; the higher bid rolls first (ties: seat 0);
/// then each in turn rolls a die onto its score or passes; first to the
/// target (an option) wins, or seat 0 after 30 turns.
#[derive(Clone, Copy, Default)]
struct Race {
    bug: Bug,
}

#[derive(Clone, Copy, Default, PartialEq)]
enum Bug {
    #[default]
    None,
    ListsBidFour,
    ShowsOtherBid,
    IgnoresSeed,
    HintsOffTheBoard,
    /// Tells everyone in an event which number was bid (a secret choice).
    TellsBidToAll,
    /// Logs the bid as its notation to everyone.
    LogsBidToAll,
    /// Tells everyone the other seat's secret bid when rolling (no barrier).
    TellsHiddenBidOnPass,
    /// Resampling returns the state as it is.
    ForgetsToResample,
    /// The view shows the next die to be rolled (hidden from everyone).
    ShowsNextRoll,
    /// Opens the bids without an event that reveals them (undo would let
    /// the second bidder take back a bid made after seeing the first).
    ForgetsToReveal,
    /// A bidder may add chips to its bid one secret step at a time: the
    /// other seat sees nothing change, but the steps' count is its bid.
    BidsChipByChip,
    /// The odds of a roll read the die to come (hidden from everyone).
    OddsPeekAtTheDice,
    /// The odds of a roll list one result twice, so they add up to more than 1.
    OddsAddUpWrong,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct St {
    dice: Dice,
    bids: [Option<u8>; 2],
    turn: Option<u8>,
    score: [u8; 2],
    target: u8,
    turns: u8,
    /// Chips added to a bid one step at a time (only with `BidsChipByChip`).
    #[serde(default)]
    chips: [u8; 2],
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum A {
    Bid(u8),
    Chip,
    Roll,
    Pass,
}

#[derive(Debug, PartialEq, Serialize)]
struct V {
    next: u8,
    bids: [Option<u8>; 2],
    score: [u8; 2],
    turn: Option<u8>,
}

fn info() -> &'static GameInfo {
    static INFO: std::sync::OnceLock<GameInfo> = std::sync::OnceLock::new();
    INFO.get_or_init(|| GameInfo {
        id: "race".into(),
        name: Text::fixed("Race", "Гонка"),
        rules_version: "1".into(),
        seats: vec![
            SeatInfo { id: "red".into(), name: Text::fixed("Red", "Красные") },
            SeatInfo { id: "blue".into(), name: Text::fixed("Blue", "Синие") },
        ],
        scenarios: vec![ScenarioInfo {
            id: "short".into(),
            name: Text::fixed("Short", "Короткая"),
            authored: true,
            sha256: String::new(),
        }],
        options: vec![OptionInfo {
            key: "target".into(),
            values: vec!["15".into(), "30".into()],
            default: "15".into(),
            text: Text::fixed("score to win", "очки для победы"),
        }],
    })
}

impl Race {
    fn check(&self, s: &St, seat: Seat, a: A) -> Result<(), Illegal> {
        let i = seat.index();
        match (s.turn, a) {
            (None, A::Bid(n)) if s.bids[i].is_none() && (1..=3).contains(&n) => Ok(()),
            (None, A::Bid(_)) => Err(Illegal::fixed("RACE 1", "bid once, 1 to 3", "ставка одна, от 1 до 3")),
            (None, A::Chip) if self.bug == Bug::BidsChipByChip && s.bids[i].is_none() && s.chips[i] < 2 => Ok(()),
            (_, A::Chip) => Err(Illegal::fixed("RACE 1", "no chips", "фишек нет")),
            (Some(t), A::Roll | A::Pass)
                if t as usize == i && s.turns < 30 && s.score.iter().all(|&x| x < s.target) =>
            {
                Ok(())
            }
            _ => Err(Illegal::fixed("RACE 2", "not your turn", "не ваш ход")),
        }
    }
}

impl Ruleset for Race {
    type State = St;
    type Action = A;
    type View = V;
    fn info(&self) -> &GameInfo {
        info()
    }
    fn setup(&self, setup: &Setup) -> Result<St, SetupError> {
        let target = setup
            .option("target")
            .unwrap_or("15")
            .parse()
            .map_err(|_| SetupError::new(Text::fixed("bad target", "неверная цель")))?;
        let seed = if self.bug == Bug::IgnoresSeed { rand_seed() } else { setup.seed };
        Ok(St {
            dice: Dice::from_seed(seed),
            bids: [None, None],
            turn: None,
            score: [0, 0],
            target,
            turns: 0,
            chips: [0, 0],
        })
    }
    fn to_act(&self, s: &St) -> ToAct {
        match s.turn {
            None => ToAct::Seats((0..2).filter(|&i| s.bids[i].is_none()).map(|i| Seat::new(i as u8)).collect()),
            Some(t) if s.turns < 30 && s.score.iter().all(|&x| x < s.target) => {
                ToAct::Seats(SeatSet::one(Seat::new(t)))
            }
            Some(_) => {
                let w = if s.score[1] > s.score[0] { 1 } else { 0 };
                ToAct::Over(Outcome {
                    winners: SeatSet::one(Seat::new(w)),
                    text: Text::new(format!("seat {w} wins"), format!("победа {w}")),
                })
            }
        }
    }
    fn legal_actions(&self, s: &St, seat: Seat, out: &mut Vec<A>) {
        let max = if self.bug == Bug::ListsBidFour { 4 } else { 3 };
        for a in (1..=max).map(A::Bid).chain([A::Chip, A::Roll, A::Pass]) {
            if self.check(s, seat, a).is_ok()
                || (a == A::Bid(4) && s.turn.is_none() && s.bids[seat.index()].is_none()) && max == 4
            {
                out.push(a);
            }
        }
    }
    fn try_apply(&self, s: &mut St, seat: Seat, a: A, ev: &mut Events) -> Result<(), Illegal> {
        self.check(s, seat, a)?;
        let i = seat.index();
        match a {
            A::Chip => s.chips[i] += 1,
            A::Bid(n) => {
                // The bidder reads its own bid; the other only that a bid was made.
                let own = if self.bug == Bug::TellsBidToAll { SeatSet::first(2) } else { SeatSet::one(seat) };
                ev.say("RACE 1", || Text::fixed("a bid is made", "ставка сделана"));
                ev.say_to(own, "RACE 1", || Text::new(format!("you bid {n}"), format!("ваша ставка {n}")));
                s.bids[i] = Some(n);
                if let [Some(x), Some(y)] = s.bids {
                    s.turn = Some(if y > x { 1 } else { 0 });
                    let to = if self.bug == Bug::ForgetsToReveal {
                        Audience::Seats(SeatSet::EMPTY)
                    } else {
                        Audience::Everyone
                    };
                    ev.reveal(to, "RACE 1", || Text::new(format!("bids {x} and {y}"), format!("ставки {x} и {y}")));
                }
            }
            A::Roll => {
                s.score[i] += s.dice.d6();
                s.turn = Some(1 - i as u8);
                s.turns += 1;
            }
            A::Pass => {
                if self.bug == Bug::TellsHiddenBidOnPass {
                    // Bids are open by now; the leak is the dice to come.
                    let next = s.dice.clone().d6();
                    ev.say("RACE 2", || Text::new(format!("next roll: {next}"), format!("следующий бросок: {next}")));
                }
                s.turn = Some(1 - i as u8);
                s.turns += 1;
            }
        }
        Ok(())
    }
    fn view(&self, s: &St, viewer: Viewer) -> V {
        let bids = std::array::from_fn(|i| match (s.turn, viewer) {
            (Some(_), _) => s.bids[i],
            (None, Viewer::Seat(v)) if v.index() == i || self.bug == Bug::ShowsOtherBid => s.bids[i],
            _ => s.bids[i].map(|_| 0),
        });
        let next = if self.bug == Bug::ShowsNextRoll { s.dice.clone().d6() } else { 0 };
        V { next, bids, score: s.score, turn: s.turn }
    }
    fn notation(&self, a: A) -> String {
        match a {
            A::Bid(n) => format!("bid {n}"),
            A::Chip => "chip".into(),
            A::Roll => "roll".into(),
            A::Pass => "pass".into(),
        }
    }
    fn parse(&self, text: &str) -> Result<A, ParseError> {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["bid", n] => n.parse().map(A::Bid).map_err(|_| ParseError::new(text, Text::fixed("bid N", "bid N"))),
            ["roll"] => Ok(A::Roll),
            ["chip"] => Ok(A::Chip),
            ["pass"] => Ok(A::Pass),
            _ => Err(ParseError::new(text, Text::fixed("bid N | roll | pass", "bid N | roll | pass"))),
        }
    }
    fn log_text(&self, a: A, actor: Seat, viewer: Viewer) -> Option<String> {
        match a {
            A::Bid(_) | A::Chip if viewer != Viewer::Seat(actor) && self.bug != Bug::LogsBidToAll => {
                Some("bid (secret)".into())
            }
            _ => Some(self.notation(a)),
        }
    }
    fn forecast(&self, s: &St, seat: Seat, a: A) -> Option<Forecast> {
        if a != A::Roll {
            return None;
        }
        let i = seat.index();
        let (target, next) = (s.target, s.dice.clone().d6());
        let mut outcomes = forecast::outcomes(self, s, seat, a, |after| match after.score[i] {
            n if n >= target => Text::fixed("reaches the target", "цель достигнута"),
            n if self.bug == Bug::OddsPeekAtTheDice => Text::new(format!("score {n}, next {next}"), format!("{n}")),
            n => Text::new(format!("score {n}"), format!("счёт {n}")),
        })?;
        if self.bug == Bug::OddsAddUpWrong {
            outcomes.push(outcomes[0].clone());
        }
        Some(Forecast { basis: vec![Basis::new("RACE 2", Text::fixed("one die", "один кубик"))], outcomes })
    }
    fn hint(&self, _s: &St, a: A) -> Hint {
        match (a, self.bug) {
            (A::Roll, Bug::HintsOffTheBoard) => Hint::place("moon"),
            (A::Roll, _) => Hint::place("track"),
            _ => Hint::NONE,
        }
    }
    fn drawing(&self) -> serde_json::Value {
        serde_json::json!({"places": ["track"]})
    }
    fn validate(&self, s: &St) -> Result<(), Vec<PositionError>> {
        let mut e = PositionErrors::default();
        e.check(
            s.bids.iter().flatten().all(|b| (1..=3).contains(b)),
            || "bids".into(),
            || "bids are 1–3".into(),
            || "ставки 1–3".into(),
        );
        e.check(s.turn.is_none_or(|t| t < 2), || "turn".into(), || "seat 0 or 1".into(), || "место 0 или 1".into());
        e.finish()
    }
    fn dice<'s>(&self, s: &'s St) -> &'s Dice {
        &s.dice
    }
    fn dice_mut<'s>(&self, s: &'s mut St) -> &'s mut Dice {
        &mut s.dice
    }
    fn resample_hidden(&self, s: &St, viewer: Viewer, seed: u64) -> St {
        let mut o = s.clone();
        if self.bug == Bug::ForgetsToResample {
            return o;
        }
        // The dice to come are hidden from everyone.
        o.dice = Dice::from_seed(seed ^ 0xd1ce);
        if o.turn.is_none() {
            for i in 0..2 {
                if viewer != Viewer::Seat(Seat::new(i as u8)) && o.bids[i].is_some() {
                    o.bids[i] = Some(1 + (seed % 3) as u8);
                }
            }
        }
        o
    }
}

fn rand_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
}

fn battery() -> Battery {
    Battery {
        setups: vec![Setup::seeded(1), Setup::seeded(2).with_option("target", "30")],
        playouts: 5,
        max_steps: 1000,
        check_every: 1,
    }
}

#[test]
fn the_battery_passes_a_correct_ruleset() {
    let r = check(&Race::default(), &battery());
    assert_eq!(r.games, 10);
    assert!(r.forecasts > 0, "the odds of rolls were checked");
}

fn battery_fails(bug: Bug, needle: &str) {
    let result = std::panic::catch_unwind(|| check(&Race { bug }, &battery()));
    let err = result.expect_err("the battery must catch the bug");
    let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains(needle), "panic message {msg:?} should mention {needle:?}");
}

#[test]
fn the_battery_catches_legal_and_apply_disagreeing() {
    battery_fails(Bug::ListsBidFour, "refused");
}

#[test]
fn the_battery_catches_a_view_leak() {
    // The other seat's board shows the bid its log reads as secret: caught on
    // the first bid, before any resampled world is compared.
    battery_fails(Bug::ShowsOtherBid, "board tells them apart");
}

#[test]
fn the_battery_catches_a_reveal_no_event_announces() {
    battery_fails(Bug::ForgetsToReveal, "an event must reveal it");
}

#[test]
fn the_battery_catches_a_view_of_the_dice_to_come() {
    battery_fails(Bug::ShowsNextRoll, "depends on information hidden");
}

#[test]
fn the_battery_catches_a_secret_choice_made_one_silent_step_at_a_time() {
    // Issue 9 (Colditz Appel refusals): each step shows nothing, but the
    // version every viewer sees moves once a step.
    battery_fails(Bug::BidsChipByChip, "shows nothing to");
}

#[test]
fn the_battery_catches_a_hint_off_the_board() {
    battery_fails(Bug::HintsOffTheBoard, "not in the drawing");
}

#[test]
fn the_battery_catches_a_secret_choice_told_to_everyone_in_an_event() {
    battery_fails(Bug::TellsBidToAll, "reads them differently");
}

#[test]
fn the_battery_catches_a_secret_choice_in_everyones_log() {
    battery_fails(Bug::LogsBidToAll, "reads them differently");
}

#[test]
fn the_battery_catches_an_event_that_reads_hidden_state() {
    battery_fails(Bug::TellsHiddenBidOnPass, "events");
}

#[test]
fn the_battery_catches_a_forgotten_resample() {
    battery_fails(Bug::ForgetsToResample, "never redrew");
}

#[test]
fn the_battery_catches_odds_that_read_the_dice_to_come() {
    battery_fails(Bug::OddsPeekAtTheDice, "odds of \"roll\"");
}

#[test]
fn the_battery_catches_odds_that_do_not_add_up() {
    battery_fails(Bug::OddsAddUpWrong, "sum to");
}

#[test]
fn a_forecast_lists_each_result_of_the_roll_and_changes_nothing() {
    let g = game();
    let mut m = g.start(&Setup::seeded(9)).unwrap();
    let (red, blue) = (Seat::new(0), Seat::new(1));
    m.apply(red, "bid 1").unwrap();
    m.apply(blue, "bid 3").unwrap();
    let before = m.record();
    let f = m.forecast(blue, "roll").unwrap().expect("a roll has odds");
    let texts: Vec<&str> = f.outcomes.iter().map(|c| c.text.en.as_ref()).collect();
    assert_eq!(texts, ["score 1", "score 2", "score 3", "score 4", "score 5", "score 6"]);
    assert!(f.outcomes.iter().all(|c| (c.p - 1.0 / 6.0).abs() < 1e-12));
    assert_eq!(f.basis[0].rule, "RACE 2");
    assert_eq!(m.forecast(blue, "pass").unwrap(), None, "passing rolls nothing");
    assert!(matches!(m.forecast(red, "roll"), Err(Refusal::Illegal(e)) if e.rule == "RACE 2"), "not red's turn");
    assert!(matches!(m.forecast(blue, "dance"), Err(Refusal::Parse(_))));
    assert_eq!(m.record(), before, "asking changes nothing");
    let listed = m.legal_hinted(blue);
    assert_eq!(listed.iter().find(|l| l.action == "roll").and_then(|l| l.forecast.clone()), Some(f));
    assert!(listed.iter().find(|l| l.action == "pass").is_some_and(|l| l.forecast.is_none()));
}

#[test]
fn the_battery_catches_nondeterminism() {
    battery_fails(Bug::IgnoresSeed, "replay");
}

fn game() -> Rules<Race> {
    Rules(Arc::new(Race::default()))
}

#[test]
fn setup_errors_are_precise() {
    let g = game();
    let e = g.start(&Setup::seeded(1).with_option("colour", "red")).err().expect("unknown option");
    assert!(e.text.en.contains("colour") && e.text.en.contains("target"));
    let e = g.start(&Setup::seeded(1).with_option("target", "7")).err().expect("bad value");
    assert!(e.text.en.contains("15, 30"));
    let e = g.start(&Setup { scenario: Some("long".into()), ..Setup::seeded(1) }).err().expect("bad scenario");
    assert!(e.text.en.contains("short") && !e.text.ru.is_empty());
    assert_eq!(g.start(&Setup::seeded(1)).ok().unwrap().setup().option("target"), Some("15"), "defaults filled in");
}

#[test]
fn game_files_replay_and_detect_tampering() {
    let g = game();
    let mut m = g.start(&Setup::seeded(9)).unwrap();
    let red = Seat::new(0);
    let blue = Seat::new(1);
    m.apply(red, "bid 2").unwrap();
    m.apply(blue, "bid 3").unwrap();
    m.apply(blue, "roll").unwrap();
    let rec = m.record();
    let text = rec.to_json();
    let back = g.load(&GameRecord::from_json(&text).unwrap()).unwrap();
    assert_eq!(back.view(Viewer::Spectator), m.view(Viewer::Spectator));
    // An edited hash, an edited log, another game, another rules version, garbage.
    let mut bad = rec.clone();
    bad.state_hash = "00".repeat(32);
    assert!(matches!(g.load(&bad), Err(LoadError::HashMismatch { .. })));
    let mut bad = rec.clone();
    bad.log[2].action = "pass".into();
    assert!(matches!(g.load(&bad), Err(LoadError::HashMismatch { .. })));
    let mut bad = rec.clone();
    bad.log[1].action = "bid 9".into();
    assert!(matches!(g.load(&bad), Err(LoadError::Entry { index: 1, .. })));
    let mut bad = rec.clone();
    bad.game = "chess".into();
    assert!(matches!(g.load(&bad), Err(LoadError::WrongGame { .. })));
    let mut bad = rec;
    bad.rules_version = "0".into();
    assert!(matches!(g.load(&bad), Err(LoadError::RulesVersion { .. })));
    assert!(matches!(GameRecord::from_json("{not json"), Err(LoadError::Json(_))));
    assert!(matches!(GameRecord::from_json(&text.replace("sandtable-game/1", "other/9")), Err(LoadError::Json(_))));
}

#[test]
fn undo_stops_at_dice_and_reveals_and_other_seats() {
    let g = game();
    let mut m = g.start(&Setup::seeded(9)).unwrap();
    let (red, blue) = (Seat::new(0), Seat::new(1));
    assert!(m.undo(red).is_err(), "nothing to undo");
    let applied = m.apply(red, "bid 2").unwrap();
    assert!(!applied.barrier);
    assert!(m.undo(blue).is_err(), "not blue's action");
    m.undo(red).unwrap();
    assert!(m.log().is_empty());
    m.apply(red, "bid 1").unwrap();
    assert!(m.apply(blue, "bid 3").unwrap().barrier, "both bids revealed");
    assert!(m.undo(blue).is_err());
    assert!(m.apply(blue, "roll").unwrap().barrier, "a die was rolled");
    assert!(m.undo(blue).is_err());
    // A refused action changes nothing.
    let before = m.record();
    assert!(m.apply(blue, "roll").is_err());
    assert!(m.apply(red, "dance").is_err());
    assert_eq!(m.record(), before);
}
