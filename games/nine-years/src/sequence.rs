//! The sequence of play (5.0): the Event phase (9), the Reinforcement phase
//! (12), the Campaign phase's dealing and first player (13.1–13.2), action
//! rounds one after the other (13.3), then Winter Quarters (19, in
//! `winter.rs`). Steps nobody decides run by themselves.

use crate::fixed::empty_list;
use crate::ids::{Control, Side};
use crate::scenario::{CorpsStart, LeaderStart, Region};
use crate::state::{FleetLoc, LeaderLoc, LeaderState, Line, Loc, Phase, Savoy, State};
use crate::{CorpsState, NineYears};
use sandtable_core::{Audience, Deck, Dice, Events, Illegal, SeatSet, Text};

impl NineYears {
    /// The state at the start of the scenario (20 authored: the set-up is
    /// the scenario file's).
    pub(crate) fn initial_state(&self, seed: u64) -> State {
        let sc = &self.scenario;
        let mut dice = Dice::from_seed(seed);
        // Each deck is an inline list with room for all its cards (the loader
        // refuses more than `MAX_DECK`): a reshuffle (13.1) and the late cards
        // (phase 1b) refill it in place, and neither they nor a clone allocate.
        let action_deck = Deck::shuffled(sc.actions.iter().copied(), &mut dice);
        let mut early = Vec::with_capacity(sc.events.len());
        early.extend((0..sc.events.len() as u8).map(crate::EventId).filter(|&e| !sc.event(e).late));
        let event_deck = Deck::shuffled(early, &mut dice);
        let corps = sc
            .corps
            .iter()
            .map(|c| {
                let (loc, reduced) = match c.start {
                    CorpsStart::At(x, r) => (Loc::Space(x), r),
                    CorpsStart::Pool => (Loc::Pool, false),
                    _ => (Loc::Waiting, false),
                };
                CorpsState { loc, reduced, demoralised: false, activated: false }
            })
            .collect();
        let leaders = sc
            .leaders
            .iter()
            .map(|l| LeaderState {
                loc: match l.start {
                    LeaderStart::At(x) => LeaderLoc::Space(x),
                    _ => LeaderLoc::Waiting,
                },
                promoted: l.promote.is_none(),
                demoralised: false,
                activated: false,
            })
            .collect();
        let fleets = sc
            .fleets
            .iter()
            .map(|f| {
                if sc.sea_control[f.sea.index()].is(f.side) {
                    FleetLoc::Control
                } else if f.strength > 0 {
                    FleetLoc::Port(f.strength)
                } else {
                    FleetLoc::Pool
                }
            })
            .collect();
        let mut s = State {
            dice,
            year: sc.first_year,
            phase: Phase::EventOrder,
            order: [Side::Bourbon, Side::Alliance],
            idx: 0,
            vp: sc.vp,
            kww: sc.kww,
            kww_used: [false; 2],
            colonial: [false; 2],
            sea: sc.sea_control,
            control: sc.spaces.iter().map(|x| x.control).collect(),
            strength: sc.spaces.iter().map(|x| x.fortress).collect(),
            lines: vec![Line::default(); sc.spaces.len()],
            continued: vec![false; sc.spaces.len()],
            famous: vec![false; sc.spaces.len()],
            corps,
            leaders,
            fleets,
            action_deck,
            action_discard: empty_list(),
            hands: [[0; 3]; 2],
            event_deck,
            held: [empty_list(), empty_list()],
            gone: empty_list(),
            late_added: false,
            long_term: 0,
            rp: [0; 2],
            rp_events: [0; 2],
            cards_events: [0; 2],
            peace_penalty: [[false; 2]; 2],
            formed: vec![0; sc.powers.len()],
            rebuilt: vec![0; sc.powers.len()],
            british_amsterdam: false,
            revolution: false,
            revolution_year: 0,
            savoy: Savoy::Neutral,
            shown: [None; 2],
            known: [None; 2],
            must_play: None,
            active: sc.initiative(sc.first_year),
            ap: 0,
            played: false,
            used: [false; 3],
            bonus: [0; 2],
            force: None,
            pending: None,
            end: None,
        };
        self.start_year(&mut s, &mut Events::off());
        s
    }

    /// The start of a turn: the Event phase's automatic steps 1a and 1b,
    /// then the initiative player's choice of who goes first (9.1).
    pub(crate) fn start_year(&self, s: &mut State, ev: &mut Events) {
        let sc = &self.scenario;
        s.rp_events = [0; 2];
        s.cards_events = [0; 2];
        s.formed.iter_mut().for_each(|f| *f = 0);
        s.rebuilt.iter_mut().for_each(|f| *f = 0);
        s.british_amsterdam = false;
        // 1a / 7.2.1: Savoy joins the Alliance; VP unchanged (6.1.2).
        if s.year == sc.savoy_joins && s.savoy == Savoy::Neutral {
            self.savoy_joins(s, ev);
        }
        // 1b: the late event cards are shuffled into the deck.
        if s.year >= sc.late_year && !s.late_added {
            s.late_added = true;
            // The deck as it is, then the late cards, shuffled in place.
            for e in (0..sc.events.len() as u8).map(crate::EventId).filter(|&e| sc.event(e).late) {
                s.event_deck.put_bottom(e);
            }
            s.event_deck.shuffle(&mut s.dice);
            ev.say("NY 5.0 1b", || {
                Text::fixed(
                    "the late event cards are shuffled into the event deck",
                    "в колоду событий добавлены новые карточки, колода перетасована",
                )
            });
        }
        // 20.2.5 authored: the first year (autumn 1688) has no Event phase.
        if s.year == sc.first_year {
            self.start_reinforcement(s);
        } else {
            s.phase = Phase::EventOrder;
        }
    }

    fn savoy_joins(&self, s: &mut State, ev: &mut Events) {
        s.savoy = Savoy::Allied;
        for x in self.scenario.space_ids() {
            if self.savoyard(x) && s.control(x) == Control::None {
                s.control[x.index()] = Control::Alliance;
            }
        }
        ev.say("NY 7.2.1", || {
            Text::fixed("Savoy joins the Alliance (VP unchanged)", "Савойя присоединяется к Альянсу (ПО не меняются)")
        });
    }

    /// The initiative player's choice of who goes first.
    pub(crate) fn choose_first(&self, s: &mut State, first: Side, ev: &mut Events) {
        s.order = [first, first.other()];
        s.idx = 0;
        match s.phase {
            Phase::EventOrder => {
                ev.say("NY 9.1", || {
                    Text::new(
                        format!("{} draws first", first.player().en),
                        format!("первым тянет {}", first.player().ru),
                    )
                });
                self.next_kww(s, ev);
            }
            Phase::ReinforceOrder => {
                ev.say("NY 12.1", || {
                    Text::new(
                        format!("{} reinforces first", first.player().en),
                        format!("первым подкрепления получает {}", first.player().ru),
                    )
                });
                self.begin_reinforcement(s, ev);
            }
            _ => {
                ev.say("NY 13.2.1", || {
                    Text::new(
                        format!("{} plays first", first.player().en),
                        format!("первым ходит {}", first.player().ru),
                    )
                });
                s.must_play = s.shown[first.index()];
                self.begin_round(s, first);
            }
        }
    }

    /// Phase 1c: the next player who may still reinforce its KWW position.
    fn next_kww(&self, s: &mut State, ev: &mut Events) {
        while s.idx < 2 {
            if !s.kww_used[s.ordered().index()] {
                s.phase = Phase::Kww;
                return;
            }
            s.idx += 1;
        }
        self.event_steps(s, ev);
    }

    /// Phase 1c (18 authored): reinforcing the KWW position moves the
    /// marker one box toward the player, once a game.
    pub(crate) fn kww_reinforce(&self, s: &mut State, side: Side, yes: bool, ev: &mut Events) {
        if yes {
            s.kww_used[side.index()] = true;
            s.kww = (s.kww + side.vp_sign()).clamp(-2, 2);
            ev.say("NY 18.2", || {
                Text::new(
                    format!("{} reinforces his position in King William's War: marker at {}", side.player().en, s.kww),
                    format!(
                        "{} укрепляет позицию в Войне короля Вильгельма: маркер в ячейке {}",
                        side.player().ru,
                        s.kww
                    ),
                )
            });
        }
        s.idx += 1;
        self.next_kww(s, ev);
    }

    /// Phase 1d–1f and on to the Reinforcement phase.
    fn event_steps(&self, s: &mut State, ev: &mut Events) {
        self.kww_roll(s, ev);
        // 1e: Marlborough's fate.
        let m = self.scenario.named.marlborough;
        if matches!(s.leader(m).loc, LeaderLoc::Space(_)) {
            let d = s.dice.d6();
            let gone = d >= 5;
            ev.roll("NY 5.0 1e", &[d], || {
                if gone {
                    Text::fixed(
                        "Marlborough falls from favour and leaves the game",
                        "Мальборо попадает в опалу и выходит из игры",
                    )
                } else {
                    Text::fixed("Marlborough keeps his command", "Мальборо сохраняет командование")
                }
            });
            if gone {
                s.leaders[m.index()].loc = LeaderLoc::Removed;
            }
        }
        // 1f / 9.1: each player draws an event card, in the chosen order.
        for side in s.order {
            self.draw_event(s, side, ev);
            if s.phase == Phase::Over {
                return;
            }
        }
        self.start_reinforcement(s);
    }

    /// 1d (18 authored): the KWW roll: 1–2 moves the marker one box toward
    /// the Bourbons, 5–6 toward the Alliance (colonial support bought last
    /// turn adds 1 for its side); then the VP marker moves by the box's value.
    fn kww_roll(&self, s: &mut State, ev: &mut Events) {
        let d = s.dice.d6();
        let m = i8::from(s.colonial[0]) - i8::from(s.colonial[1]);
        s.colonial = [false; 2];
        let total = d as i8 + m;
        let shift = if total <= 2 {
            -1
        } else if total >= 5 {
            1
        } else {
            0
        };
        s.kww = (s.kww + shift).clamp(-2, 2);
        let box_vp = s.kww;
        self.move_vp(s, box_vp);
        let (kww, vp) = (s.kww, s.vp);
        ev.roll("NY 18.3", &[d], || {
            Text::new(
                format!("King William's War: {total} with support; marker at {kww}; VP {vp}"),
                format!("Война короля Вильгельма: {total} с поддержкой; маркер в ячейке {kww}; ПО {vp}"),
            )
        });
    }

    /// Moves the VP marker (+ toward the Alliance), kept within 0–40.
    pub(crate) fn move_vp(&self, s: &mut State, by: i8) {
        s.vp = (i16::from(s.vp) + i16::from(by)).clamp(0, 40) as u8;
    }

    /// Phase 2 begins: the initiative player chooses who goes first.
    fn start_reinforcement(&self, s: &mut State) {
        s.phase = Phase::ReinforceOrder;
    }

    /// 12.3.1: each side's resource points this turn; 12.2.1 arrivals due.
    fn begin_reinforcement(&self, s: &mut State, ev: &mut Events) {
        let sc = &self.scenario;
        for side in Side::ALL {
            let mut rp = i16::from(sc.rp[side.index()]) + i16::from(s.rp_events[side.index()]);
            if side == Side::Bourbon {
                // 12.3.1: one more for each rich space the Bourbons control.
                rp += sc.space_ids().filter(|&x| sc.space(x).rich && s.control(x).is(Side::Bourbon)).count() as i16;
            } else {
                // 12.3.1 Ireland: London and every Irish space.
                let mut ireland = sc.space_ids().filter(|&x| sc.space(x).region == Region::Ireland);
                if s.control(sc.named.london).is(Side::Alliance) && ireland.all(|x| s.control(x).is(Side::Alliance)) {
                    rp += 1;
                }
                if s.has(crate::LongTerm::GuerreDeCourse) {
                    rp -= 1;
                }
            }
            if s.peace_penalty[side.index()][1] {
                rp -= 2;
                s.peace_penalty[side.index()][1] = false;
            }
            s.rp[side.index()] = rp.clamp(0, 40) as u8;
        }
        for (i, c) in sc.corps.iter().enumerate() {
            if let CorpsStart::Year(y) = c.start {
                if y <= s.year && s.corps[i].loc == Loc::Waiting {
                    s.corps[i].loc = Loc::Due;
                }
            }
        }
        for (i, l) in sc.leaders.iter().enumerate() {
            let due = match (l.start, s.leaders[i].loc) {
                (LeaderStart::Year(y), LeaderLoc::Waiting) => y <= s.year,
                (_, LeaderLoc::Out(y)) => y <= s.year,
                _ => false,
            };
            if due {
                s.leaders[i].loc = LeaderLoc::Due;
            }
        }
        let [a, b] = s.rp;
        ev.say("NY 12.3.1", || {
            Text::new(
                format!("resource points this turn: Alliance {a}, Bourbons {b}"),
                format!("очки ресурсов на этот ход: Альянс {a}, Бурбоны {b}"),
            )
        });
        s.phase = Phase::Spend;
        self.skip_empty_steps(s, ev);
    }

    /// The end of a player's step of the Reinforcement phase.
    pub(crate) fn next_reinforcement_step(&self, s: &mut State, ev: &mut Events) {
        s.phase = match s.phase {
            Phase::Spend => Phase::Place,
            Phase::Place => Phase::Leaders,
            _ => {
                if s.idx == 0 {
                    s.idx = 1;
                    Phase::Spend
                } else {
                    self.start_campaign(s, ev);
                    return;
                }
            }
        };
        if s.phase == Phase::Leaders {
            self.promote(s, ev);
        }
    }

    /// 13.1: deal the action cards, then find the first player (13.2.1).
    fn start_campaign(&self, s: &mut State, ev: &mut Events) {
        let sc = &self.scenario;
        let base = if s.year == sc.first_year { sc.cards_first_year } else { sc.cards };
        let mut counts = [0u8; 2];
        for side in Side::ALL {
            let mut n = i16::from(base) + i16::from(s.cards_events[side.index()]);
            // 18.4 authored: the far box of the KWW track costs a card.
            if (side == Side::Alliance && s.kww == -2) || (side == Side::Bourbon && s.kww == 2) {
                n -= 1;
            }
            if s.peace_penalty[side.index()][0] {
                n -= 1;
                s.peace_penalty[side.index()][0] = false;
            }
            counts[side.index()] = n.clamp(0, i16::from(sc.cards) + 3) as u8;
        }
        let need = usize::from(counts[0]) + usize::from(counts[1]);
        if s.action_deck.len() < need {
            // The deck as it is, then the discard, shuffled in place.
            for &v in s.action_discard.iter() {
                s.action_deck.put_bottom(v);
            }
            s.action_discard.clear();
            s.action_deck.shuffle(&mut s.dice);
            ev.say("NY 13.1", || Text::fixed("the action deck is reshuffled", "колода карточек действий перетасована"));
        }
        for side in Side::ALL {
            for _ in 0..counts[side.index()] {
                if let Some(v) = s.action_deck.draw() {
                    s.hands[side.index()][usize::from(v - 1)] += 1;
                }
            }
            let hand = s.hands[side.index()];
            let n = s.hand_len(side);
            ev.reveal(Audience::Seats(SeatSet::one(side.seat())), "NY 13.1", || {
                Text::new(
                    format!("you draw {n} action cards: {}×1, {}×2, {}×3", hand[0], hand[1], hand[2]),
                    format!("вы тянете карточки действий ({n}): {}×1, {}×2, {}×3", hand[0], hand[1], hand[2]),
                )
            });
        }
        let (a, b) = (s.hand_len(Side::Alliance), s.hand_len(Side::Bourbon));
        ev.say("NY 13.1", || {
            Text::new(
                format!("action cards dealt: Alliance {a}, Bourbons {b}"),
                format!("розданы карточки действий: Альянс {a}, Бурбоны {b}"),
            )
        });
        s.shown = [None; 2];
        s.known = [None; 2];
        s.must_play = None;
        if a == b && a > 0 {
            s.phase = Phase::Show;
        } else if a == 0 && b == 0 {
            self.winter(s, ev);
        } else {
            // 13.2.1: the player with more cards goes first.
            let first = if a > b { Side::Alliance } else { Side::Bourbon };
            self.begin_round(s, first);
        }
    }

    /// 13.2.1: a card chosen face down.
    pub(crate) fn check_show(&self, s: &State, side: Side, v: u8) -> Result<(), Illegal> {
        if !(1..=3).contains(&v) {
            return Err(Illegal::fixed(
                "NY 13.2.1",
                "an action card carries 1 to 3 actions",
                "карточка действий даёт от 1 до 3 действий",
            ));
        }
        if s.shown[side.index()].is_some() {
            return Err(Illegal::fixed("NY 13.2.1", "you have already chosen your card", "вы уже выбрали карточку"));
        }
        if s.hands[side.index()][usize::from(v - 1)] == 0 {
            return Err(Illegal::fixed(
                "NY 13.2.1",
                "you hold no action card of that value",
                "у вас нет карточки действий такого номинала",
            ));
        }
        Ok(())
    }

    /// 13.2.1: once both cards are chosen they are shown; the higher goes first.
    pub(crate) fn apply_show(&self, s: &mut State, side: Side, v: u8, ev: &mut Events) {
        s.shown[side.index()] = Some(v);
        let [Some(a), Some(b)] = s.shown else { return };
        // Both cards are now public, and stay known to be in hand until played.
        s.known = s.shown;
        ev.reveal(Audience::Everyone, "NY 13.2.1", || {
            Text::new(
                format!("cards shown: Alliance {a}, Bourbons {b}"),
                format!("вскрыты карточки: Альянс {a}, Бурбоны {b}"),
            )
        });
        if a == b {
            s.phase = Phase::FirstPlayer;
        } else {
            let first = if a > b { Side::Alliance } else { Side::Bourbon };
            s.must_play = s.shown[first.index()];
            self.begin_round(s, first);
        }
    }

    /// 13.3: an action round begins.
    pub(crate) fn begin_round(&self, s: &mut State, side: Side) {
        s.phase = Phase::Round;
        s.active = side;
        s.ap = 0;
        s.played = false;
        s.used = [false; 3];
        s.bonus = [0; 2];
        s.force = None;
        for c in &mut s.corps {
            c.activated = false;
        }
        for l in &mut s.leaders {
            l.activated = false;
        }
    }

    /// 13.3: the round is over; the other player goes if it has cards, else
    /// this one again; with no cards left, Winter Quarters.
    pub(crate) fn end_round(&self, s: &mut State, ev: &mut Events) {
        s.force = None;
        s.must_play = None;
        let side = s.active;
        let next = if s.hand_len(side.other()) > 0 {
            side.other()
        } else if s.hand_len(side) > 0 {
            side
        } else {
            self.winter(s, ev);
            return;
        };
        self.begin_round(s, next);
    }
}
