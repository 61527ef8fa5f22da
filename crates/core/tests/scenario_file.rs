//! Scenarios as data, on a toy counting game whose scenario is a text of
//! `key = number` lines: a record embeds a user's file and round-trips; a
//! record whose scenario data changed is refused with `ScenarioChanged`, not
//! as corrupt; bad files are refused with every problem and its line.

use sandtable_core::{
    scenario_hash, DataError, DataErrors, Dice, Events, Game, GameInfo, GameRecord, Illegal, LoadError, Outcome,
    ParseError, PositionError, PositionErrors, Rules, Ruleset, ScenarioFile, ScenarioInfo, Seat, SeatInfo, SeatSet,
    Setup, SetupError, Text, ToAct, Viewer,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

const BUILT_IN: &str = "target = 3\n";

/// One seat counts up to the scenario's target.
struct Count {
    info: GameInfo,
    target: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct St {
    n: u8,
    target: u8,
    dice: Dice,
}

impl Count {
    fn from_text(name: &str, id: &str, text: &str, sha256: String) -> Result<Count, DataErrors> {
        let mut errors = DataErrors::new();
        let mut target = None;
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let at = |t: Text| DataError::new(name, t).at(text, offset);
            match line.trim().split_once('=') {
                _ if line.trim().is_empty() => {}
                Some((k, v)) if k.trim() == "target" => match v.trim().parse::<u8>() {
                    Ok(n) if n > 0 => target = Some(n),
                    _ => errors.push(at(Text::fixed("must be 1–255", "должно быть 1–255")).key("target")),
                },
                Some((k, _)) => errors.push(at(Text::fixed("unknown key", "неизвестный ключ")).key(k.trim())),
                None => errors.push(at(Text::fixed("expected key = value", "ожидается ключ = значение"))),
            }
            offset += line.len();
        }
        if target.is_none() && errors.is_empty() {
            errors.push(DataError::new(name, Text::fixed("missing", "нет")).key("target"));
        }
        let info = GameInfo {
            id: "count".into(),
            name: Text::fixed("Count", "Счёт"),
            rules_version: "1".into(),
            seats: vec![SeatInfo { id: "one".into(), name: Text::fixed("One", "Один") }],
            scenarios: vec![ScenarioInfo {
                id: id.into(),
                name: Text::new(id.to_owned(), id.to_owned()),
                authored: false,
                sha256,
            }],
            options: vec![],
        };
        errors.into_result(())?;
        Ok(Count { info, target: target.unwrap_or(1) })
    }
    fn standard(data: &str) -> Count {
        Count::from_text("built-in", "standard", data, scenario_hash(&[data])).expect("valid")
    }
}

impl Ruleset for Count {
    type State = St;
    type Action = ();
    type View = u8;
    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn setup(&self, setup: &Setup) -> Result<St, SetupError> {
        Ok(St { n: 0, target: self.target, dice: Dice::from_seed(setup.seed) })
    }
    fn to_act(&self, s: &St) -> ToAct {
        if s.n >= s.target {
            ToAct::Over(Outcome { winners: SeatSet::one(Seat::new(0)), text: Text::fixed("done", "всё") })
        } else {
            ToAct::Seats(SeatSet::one(Seat::new(0)))
        }
    }
    fn legal_actions(&self, s: &St, _seat: Seat, out: &mut Vec<()>) {
        if s.n < s.target {
            out.push(());
        }
    }
    fn try_apply(&self, s: &mut St, _seat: Seat, _a: (), _ev: &mut Events) -> Result<(), Illegal> {
        if s.n >= s.target {
            return Err(Illegal::fixed("COUNT 1", "over", "конец"));
        }
        s.n += 1;
        Ok(())
    }
    fn view(&self, s: &St, _viewer: Viewer) -> u8 {
        s.n
    }
    fn notation(&self, _a: ()) -> String {
        "inc".into()
    }
    fn parse(&self, text: &str) -> Result<(), ParseError> {
        if text == "inc" {
            Ok(())
        } else {
            Err(ParseError::new(text, Text::fixed("inc", "inc")))
        }
    }
    fn validate(&self, s: &St) -> Result<(), Vec<PositionError>> {
        let mut e = PositionErrors::default();
        e.check(s.n <= s.target, || "n".into(), || "past the target".into(), || "больше цели".into());
        e.finish()
    }
    fn dice<'s>(&self, s: &'s St) -> &'s Dice {
        &s.dice
    }
    fn dice_mut<'s>(&self, s: &'s mut St) -> &'s mut Dice {
        &mut s.dice
    }
    fn resample_hidden(&self, s: &St, _viewer: Viewer, seed: u64) -> St {
        // Only the dice to come are hidden.
        St { dice: Dice::from_seed(seed), ..s.clone() }
    }
    fn drawing(&self) -> serde_json::Value {
        serde_json::json!({ "target": self.target })
    }
    fn with_scenario(&self, file: &ScenarioFile) -> Result<Count, DataErrors> {
        Count::from_text(&file.name, "user", &file.text, file.sha256())
    }
}

fn play_out(game: &dyn Game, setup: &Setup) -> GameRecord {
    let mut s = game.start(setup).expect("starts");
    while let ToAct::Seats(_) = s.to_act() {
        s.apply(Seat::new(0), "inc").expect("legal");
    }
    s.record()
}

#[test]
fn record_embeds_a_user_scenario_file_and_round_trips() {
    let game = Rules(Arc::new(Count::standard(BUILT_IN)));
    let file = ScenarioFile::new("mine.txt", "target = 5\n");
    let record = play_out(&game, &Setup::seeded(1).with_scenario_file(file.clone()));
    assert_eq!(record.log.len(), 5, "played on the file's target, not the built-in's");
    assert_eq!(record.setup.scenario_file.as_ref(), Some(&file));
    assert_eq!(record.setup.scenario_sha256, Some(file.sha256()));
    let back = GameRecord::from_json(&record.to_json()).expect("parses");
    assert_eq!(back, record);
    let session = game.load(&back).expect("replays against the embedded file");
    assert_eq!(session.record(), record);
    assert_eq!(session.drawing(), serde_json::json!({"target": 5}), "the drawing is the match's scenario's");
    assert_eq!(game.drawing(), serde_json::json!({"target": 3}));
}

#[test]
fn a_built_in_record_names_its_scenario_hash_and_is_refused_when_the_data_changed() {
    let game = Rules(Arc::new(Count::standard(BUILT_IN)));
    let record = play_out(&game, &Setup::seeded(2));
    assert_eq!(record.setup.scenario_sha256, Some(scenario_hash(&[BUILT_IN])));
    assert!(record.setup.scenario_file.is_none());
    // The same build loads it; a build whose data file was edited refuses it plainly.
    game.load(&record).expect("loads");
    let edited = Rules(Arc::new(Count::standard("target = 4\n")));
    let e = edited.load(&record).err().expect("refused");
    assert!(matches!(e, LoadError::ScenarioChanged { ref scenario, .. } if scenario == "standard"), "{e:?}");
    let text = e.to_string();
    assert!(text.contains("scenario data changed since this game was saved"), "{text}");
    assert!(text.contains("данные сценария изменились"), "{text}");
    // A record from before hashes existed still loads.
    let mut old = record.clone();
    old.setup.scenario_sha256 = None;
    game.load(&old).expect("an old record loads");
}

#[test]
fn an_edited_embedded_file_is_scenario_changed_not_corrupt() {
    let game = Rules(Arc::new(Count::standard(BUILT_IN)));
    let mut record = play_out(&game, &Setup::seeded(3).with_scenario_file(ScenarioFile::new("m", "target = 2\n")));
    record.setup.scenario_file.as_mut().expect("embedded").text = "target = 9\n".into();
    assert!(matches!(game.load(&record), Err(LoadError::ScenarioChanged { .. })));
}

#[test]
fn a_bad_file_is_refused_with_every_problem_and_its_line() {
    let game = Rules(Arc::new(Count::standard(BUILT_IN)));
    let file = ScenarioFile::new("bad.txt", "\ntarget = 0\ncolour = 2\nnonsense\n");
    let e = game.validate_scenario(&file).expect_err("refused");
    assert_eq!(
        e.lines_in("en"),
        vec!["bad.txt:2: target: must be 1–255", "bad.txt:3: colour: unknown key", "bad.txt:4: expected key = value",]
    );
    let e = game.start(&Setup::seeded(1).with_scenario_file(file)).err().expect("refused");
    assert_eq!(e.problems.len(), 3);
    assert!(e.text.en.contains("bad.txt:3: colour"), "{}", e.text.en);
    let ok = game.validate_scenario(&ScenarioFile::new("ok.txt", "target = 7\n")).expect("playable");
    assert_eq!(ok.id, "user");
}

#[test]
fn a_game_without_scenario_files_refuses_them_with_a_typed_error() {
    struct Plain(Count);
    // Forwarding everything but `with_scenario`: the default refuses.
    impl Ruleset for Plain {
        type State = St;
        type Action = ();
        type View = u8;
        fn info(&self) -> &GameInfo {
            self.0.info()
        }
        fn setup(&self, s: &Setup) -> Result<St, SetupError> {
            self.0.setup(s)
        }
        fn to_act(&self, s: &St) -> ToAct {
            self.0.to_act(s)
        }
        fn legal_actions(&self, s: &St, seat: Seat, out: &mut Vec<()>) {
            self.0.legal_actions(s, seat, out);
        }
        fn try_apply(&self, s: &mut St, seat: Seat, a: (), ev: &mut Events) -> Result<(), Illegal> {
            self.0.try_apply(s, seat, a, ev)
        }
        fn view(&self, s: &St, v: Viewer) -> u8 {
            self.0.view(s, v)
        }
        fn notation(&self, a: ()) -> String {
            self.0.notation(a)
        }
        fn parse(&self, t: &str) -> Result<(), ParseError> {
            self.0.parse(t)
        }
        fn validate(&self, s: &St) -> Result<(), Vec<PositionError>> {
            self.0.validate(s)
        }
        fn dice<'s>(&self, s: &'s St) -> &'s Dice {
            self.0.dice(s)
        }
        fn dice_mut<'s>(&self, s: &'s mut St) -> &'s mut Dice {
            self.0.dice_mut(s)
        }
        fn resample_hidden(&self, s: &St, v: Viewer, seed: u64) -> St {
            self.0.resample_hidden(s, v, seed)
        }
    }
    let game = Rules(Arc::new(Plain(Count::standard(BUILT_IN))));
    let e = game.validate_scenario(&ScenarioFile::new("x.toml", "target = 2")).expect_err("unsupported");
    assert_eq!(e.0.len(), 1);
    assert!(e.0[0].text.en.contains("does not take scenario files"), "{e}");
    assert_eq!(e.0[0].file, "x.toml");
}
