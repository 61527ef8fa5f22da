//! Self-play over a toy ruleset that misbehaves on purpose: each engine bug
//! is reported as a failure naming its seed, and the other games still count.

use sandtable_ai::{selfplay_threads, PlayoutError};
use sandtable_core::{
    Dice, Events, GameInfo, Illegal, Outcome, ParseError, Ruleset, Seat, SeatInfo, SeatSet, Setup, SetupError, Text,
    ToAct, Viewer,
};
use serde::{Deserialize, Serialize};

/// Three steps by one seat, then the seat wins. Seed 2 panics, seed 3 has no
/// legal action, seed 4 refuses its own legal action, seed 5 never ends.
struct Toy(GameInfo);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct St {
    seed: u64,
    steps: u32,
    dice: Dice,
}

impl Toy {
    fn new() -> Toy {
        Toy(GameInfo {
            id: "toy".into(),
            name: Text::fixed("Toy", "Игрушка"),
            rules_version: "1".into(),
            seats: vec![SeatInfo { id: "solo".into(), name: Text::fixed("Solo", "Один") }],
            scenarios: Vec::new(),
            options: Vec::new(),
        })
    }
}

impl Ruleset for Toy {
    type State = St;
    type Action = u8;
    type View = St;
    fn info(&self) -> &GameInfo {
        &self.0
    }
    fn setup(&self, setup: &Setup) -> Result<St, SetupError> {
        Ok(St { seed: setup.seed, steps: 0, dice: Dice::from_seed(setup.seed) })
    }
    fn to_act(&self, s: &St) -> ToAct {
        if s.steps >= 3 && s.seed != 5 {
            ToAct::Over(Outcome { winners: SeatSet::one(Seat::new(0)), text: Text::fixed("solo wins", "победа") })
        } else {
            ToAct::Seats(SeatSet::one(Seat::new(0)))
        }
    }
    fn legal_actions(&self, s: &St, _seat: Seat, out: &mut Vec<u8>) {
        if s.seed != 3 {
            out.push(1);
        }
    }
    fn try_apply(&self, s: &mut St, _seat: Seat, _a: u8, _e: &mut Events) -> Result<(), Illegal> {
        match s.seed {
            2 => panic!("toy rules exploded"),
            4 => Err(Illegal::fixed("TOY 1", "no", "нет")),
            _ => {
                s.steps += 1;
                Ok(())
            }
        }
    }
    fn view(&self, s: &St, _viewer: Viewer) -> St {
        s.clone()
    }
    fn notation(&self, a: u8) -> String {
        format!("step {a}")
    }
    fn parse(&self, text: &str) -> Result<u8, ParseError> {
        Err(ParseError::new(text, Text::fixed("toy", "игрушка")))
    }
    fn validate(&self, _s: &St) -> Result<(), Vec<sandtable_core::PositionError>> {
        // Any seed and step count is a position of this toy.
        Ok(())
    }
    fn dice<'s>(&self, s: &'s St) -> &'s Dice {
        &s.dice
    }
    fn dice_mut<'s>(&self, s: &'s mut St) -> &'s mut Dice {
        &mut s.dice
    }
    fn resample_hidden(&self, s: &St, _viewer: Viewer, _seed: u64) -> St {
        // No dice, no secrets: every seat sees everything.
        s.clone()
    }
}

#[test]
fn failures_name_their_seeds_and_do_not_stop_the_run() {
    let toy = Toy::new();
    // Quiet the default hook: the panic is expected and reported below.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = selfplay_threads(&toy, &Setup::default(), 8, 0, 2, &|_| {});
    std::panic::set_hook(hook);
    assert_eq!(r.games, 8);
    assert_eq!(r.outcomes.get("solo wins"), Some(&4), "{r:?}");
    assert_eq!(r.failures.len(), 4, "{:?}", r.failures);
    assert!(r.failures[0].contains("toy seed 2") && r.failures[0].contains("toy rules exploded"), "{:?}", r.failures);
    assert!(r.failures[1].contains("toy seed 3") && r.failures[1].contains("no legal action"), "{:?}", r.failures);
    assert!(r.failures[2].contains("toy seed 4") && r.failures[2].contains("\"step 1\""), "{:?}", r.failures);
    assert!(r.failures[3].contains("toy seed 5") && r.failures[3].contains("no end after"), "{:?}", r.failures);
    let e = PlayoutError::Panic { game: "toy".into(), seed: 2, message: "x".into() };
    assert!(e.to_string().contains(" / "), "both languages: {e}");
}
