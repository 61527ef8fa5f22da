//! Tricks: a toy card game with hidden hands, for the bots' own tests.
//!
//! Cards 1–9, three dealt to each of two seats, three left aside unseen. The
//! leader plays a card face up, the other answers; the higher card wins the
//! trick and leads the next. Whoever takes two of the three tricks wins.
//! Small enough to reason about, hidden enough that a bot that peeked at
//! the other hand would play differently.

use sandtable_core::{
    squash, Dice, Events, GameInfo, Heuristics, Illegal, Outcome, ParseError, PositionError, Ruleset, Seat, SeatInfo,
    SeatSet, Setup, SetupError, Text, ToAct, Viewer,
};
use serde::{Deserialize, Serialize};

/// Every card, as a bit set (bit `c` for card `c`).
const ALL: u16 = 0b11_1111_1110;

pub struct Tricks(GameInfo, Option<u8>);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct St {
    pub hands: [u16; 2],
    pub played: u16,
    pub table: Option<u8>,
    pub leader: u8,
    pub tricks: [u8; 2],
    pub dice: Dice,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    hand: u16,
    other_cards: u32,
    played: u16,
    table: Option<u8>,
    leader: u8,
    tricks: [u8; 2],
}

impl Tricks {
    pub fn new() -> Tricks {
        Tricks::weighing_never(None)
    }

    /// The game whose rollout policy weighs card `never` 0 ("never"), every
    /// other 1: a policy at odds with the evaluation when that card wins.
    pub fn weighing_never(never: Option<u8>) -> Tricks {
        let seat = |id: &str| SeatInfo { id: id.into(), name: Text::new(id.to_owned(), id.to_owned()) };
        Tricks(
            GameInfo {
                id: "tricks".into(),
                name: Text::fixed("Tricks", "Взятки"),
                rules_version: "1".into(),
                seats: vec![seat("north"), seat("south")],
                scenarios: Vec::new(),
                options: Vec::new(),
            },
            never,
        )
    }

    /// Deals `pool`'s cards in ascending order after shuffling them with
    /// `dice`: the first `n` to the returned hand.
    fn deal(pool: u16, n: u32, dice: &mut Dice) -> u16 {
        let mut cards: Vec<u8> = (1..=9).filter(|c| pool & (1 << c) != 0).collect();
        dice.shuffle(&mut cards);
        cards[..n as usize].iter().fold(0, |h, c| h | (1 << c))
    }
}

fn acting(s: &St) -> u8 {
    if s.table.is_some() {
        1 - s.leader
    } else {
        s.leader
    }
}

impl Ruleset for Tricks {
    type State = St;
    type Action = u8;
    type View = View;
    fn info(&self) -> &GameInfo {
        &self.0
    }
    fn setup(&self, setup: &Setup) -> Result<St, SetupError> {
        let mut dice = Dice::from_seed(setup.seed);
        let north = Tricks::deal(ALL, 3, &mut dice);
        let south = Tricks::deal(ALL & !north, 3, &mut dice);
        Ok(St { hands: [north, south], played: 0, table: None, leader: 0, tricks: [0; 2], dice })
    }
    fn to_act(&self, s: &St) -> ToAct {
        if let Some(w) = (0..2).find(|&i| s.tricks[i] >= 2) {
            let winner = Seat::new(w as u8);
            return ToAct::Over(Outcome {
                winners: SeatSet::one(winner),
                text: Text::fixed("two tricks", "две взятки"),
            });
        }
        ToAct::Seats(SeatSet::one(Seat::new(acting(s))))
    }
    fn legal_actions(&self, s: &St, seat: Seat, out: &mut Vec<u8>) {
        if matches!(self.to_act(s), ToAct::Seats(x) if x.contains(seat)) {
            out.extend((1..=9).filter(|c| s.hands[seat.index()] & (1 << c) != 0));
        }
    }
    fn try_apply(&self, s: &mut St, seat: Seat, card: u8, _e: &mut Events) -> Result<(), Illegal> {
        if !matches!(self.to_act(s), ToAct::Seats(x) if x.contains(seat)) {
            return Err(Illegal::fixed("TRICKS 1", "not your turn", "не ваш ход"));
        }
        let hand = &mut s.hands[seat.index()];
        if card > 9 || *hand & (1 << card) == 0 {
            return Err(Illegal::fixed("TRICKS 2", "not in your hand", "нет в руке"));
        }
        *hand &= !(1 << card);
        s.played |= 1 << card;
        match s.table.take() {
            None => s.table = Some(card),
            Some(led) => {
                let winner = if card > led { seat.index() as u8 } else { s.leader };
                s.tricks[winner as usize] += 1;
                s.leader = winner;
            }
        }
        Ok(())
    }
    fn view(&self, s: &St, viewer: Viewer) -> View {
        let (hand, other) = match viewer {
            Viewer::Seat(seat) => (s.hands[seat.index()], s.hands[1 - seat.index()]),
            Viewer::Spectator => (0, 0),
        };
        View {
            hand,
            other_cards: other.count_ones(),
            played: s.played,
            table: s.table,
            leader: s.leader,
            tricks: s.tricks,
        }
    }
    fn notation(&self, a: u8) -> String {
        a.to_string()
    }
    fn parse(&self, text: &str) -> Result<u8, ParseError> {
        text.trim().parse().map_err(|_| ParseError::new(text, Text::fixed("a card 1-9", "карта 1-9")))
    }
    fn validate(&self, _s: &St) -> Result<(), Vec<PositionError>> {
        Ok(())
    }
    fn dice<'s>(&self, s: &'s St) -> &'s Dice {
        &s.dice
    }
    fn dice_mut<'s>(&self, s: &'s mut St) -> &'s mut Dice {
        &mut s.dice
    }
    fn resample_hidden(&self, s: &St, viewer: Viewer, seed: u64) -> St {
        let mut t = s.clone();
        t.dice = Dice::from_seed(seed);
        let Viewer::Seat(seat) = viewer else { return t };
        let other = 1 - seat.index();
        let unseen = ALL & !s.played & !s.hands[seat.index()];
        t.hands[other] = Tricks::deal(unseen, s.hands[other].count_ones(), &mut t.dice);
        t
    }
}

impl Heuristics for Tricks {
    /// Tricks taken, and the cards still held against the other's.
    fn evaluate(&self, s: &St, seat: Seat) -> f64 {
        let me = seat.index();
        let sum = |h: u16| (1..=9u16).filter(|c| h & (1 << c) != 0).sum::<u16>() as f64;
        let balance =
            f64::from(s.tricks[me]) - f64::from(s.tricks[1 - me]) + (sum(s.hands[me]) - sum(s.hands[1 - me])) / 10.0;
        squash(balance, 0.7)
    }

    fn action_weight(&self, _s: &St, _seat: Seat, card: u8) -> u32 {
        u32::from(self.1 != Some(card))
    }
}
