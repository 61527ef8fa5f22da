//! Initiative (2.1) and the first-turn surprise (2.2).
//!
//! At the start of each pair both sides roll a die for their initiative level
//! (УИ). A side whose level in the previous pair was 6 may instead pick any
//! level, secretly, before the other rolls; one whose level was 5 may shift
//! its roll by one after all dice are rolled (the Axis decides first). In the
//! first pair of the game the Allies pick (surprise). Higher level goes first;
//! ties go to the Axis. Privileges carry from the last pair of a turn into the
//! first of the next.

use crate::state::{Phase, Privilege, State};
use crate::unit::Side;
use crate::Totensonntag;
use sandtable_core::{Audience, Events, Illegal, Text};

impl Totensonntag {
    /// Checks `pick n` (n = 1..6) or `roll` (n = 0).
    pub(crate) fn check_pick(&self, s: &State, side: Side, n: u8) -> Result<(), Illegal> {
        let rule = if s.turn == 1 && s.pair == 1 && side == Side::Allies { "CCT 2.2" } else { "CCT 2.1" };
        if s.phase != Phase::InitiativePick || s.privilege[side.index()] != Privilege::Pick {
            return Err(Illegal::fixed(
                "CCT 2.1",
                "only a side whose last initiative level was 6 (or the Allies in the first pair) picks a level",
                "выбрать УИ может только игрок, чей прошлый УИ был 6 (или Союзники в первой паре)",
            ));
        }
        if s.secret[side.index()].is_some() {
            return Err(Illegal::fixed(rule, "you have already chosen", "вы уже сделали выбор"));
        }
        if n > 6 {
            return Err(Illegal::fixed(rule, "initiative levels run from 1 to 6", "УИ бывает от 1 до 6"));
        }
        Ok(())
    }

    /// Records a secret pick; when every picker has chosen, the levels are set.
    pub(crate) fn do_pick(&self, s: &mut State, side: Side, n: u8, ev: &mut Events) {
        s.secret[side.index()] = Some(n);
        ev.say("CCT 2.1", || {
            let sn = side.name();
            Text::new(
                format!("{} has made a secret initiative choice", sn.en),
                format!("{}: секретный выбор УИ сделан", sn.ru),
            )
        });
        let waiting =
            Side::ALL.iter().any(|&x| s.privilege[x.index()] == Privilege::Pick && s.secret[x.index()].is_none());
        if !waiting {
            self.resolve_levels(s, ev);
        }
    }

    /// Opens the picks and rolls for everyone else (2.1), then goes to the
    /// shift decisions or straight to the first impulse.
    pub(crate) fn resolve_levels(&self, s: &mut State, ev: &mut Events) {
        if s.secret.iter().any(Option::is_some) {
            ev.reveal(Audience::Everyone, "CCT 2.1", || {
                Text::fixed("the secret initiative choices are opened", "секретный выбор УИ открыт")
            });
        }
        for side in Side::ALL {
            let i = side.index();
            match s.secret[i] {
                Some(n) if n > 0 => {
                    s.level[i] = n;
                    let rule = if s.turn == 1 && s.pair == 1 && side == Side::Allies { "CCT 2.2" } else { "CCT 2.1" };
                    ev.say(rule, || {
                        let sn = side.name();
                        Text::new(format!("{} picks initiative level {n}", sn.en), format!("{} выбирает УИ {n}", sn.ru))
                    });
                }
                _ => {
                    let r = s.dice.d6();
                    s.level[i] = r;
                    ev.roll("CCT 2.1", &[r], || {
                        let sn = side.name();
                        Text::new(
                            format!("{} rolls initiative {r}", sn.en),
                            format!("{}: бросок на инициативу {r}", sn.ru),
                        )
                    });
                }
            }
        }
        s.secret = [None, None];
        self.next_shift(s, None, ev);
    }

    /// The next side to decide on a shift after `after` (Axis first), or the first impulse.
    fn next_shift(&self, s: &mut State, after: Option<Side>, ev: &mut Events) {
        let order: &[Side] = match after {
            None => &[Side::Axis, Side::Allies],
            Some(Side::Axis) => &[Side::Allies],
            Some(Side::Allies) => &[],
        };
        if let Some(&side) = order.iter().find(|&&x| s.privilege[x.index()] == Privilege::Shift) {
            s.phase = Phase::InitiativeShift { side };
            return;
        }
        // Levels are final: set next pair's privileges and who goes first.
        for side in Side::ALL {
            s.privilege[side.index()] = match s.level[side.index()] {
                5 => Privilege::Shift,
                6 => Privilege::Pick,
                _ => Privilege::None,
            };
        }
        s.first = if s.level[Side::Axis.index()] >= s.level[Side::Allies.index()] { Side::Axis } else { Side::Allies };
        let first = s.first;
        ev.say("CCT 2.1", || {
            let fname = first.name();
            Text::new(
                format!("Initiative: Axis {}, Allies {}; {} go first", s.level[0], s.level[1], fname.en),
                format!("Инициатива: Ось {}, Союзники {}; первыми ходят: {}", s.level[0], s.level[1], fname.ru),
            )
        });
        self.begin_impulse(s, first, false, ev);
    }

    /// Checks `shift d`.
    pub(crate) fn check_shift(&self, s: &State, side: Side, d: i8) -> Result<(), Illegal> {
        if s.phase != (Phase::InitiativeShift { side }) {
            return Err(Illegal::fixed(
                "CCT 2.1",
                "only a side whose last initiative level was 5 shifts its roll, after all dice are rolled",
                "сдвинуть бросок может только игрок, чей прошлый УИ был 5, после всех бросков",
            ));
        }
        let to = s.level[side.index()] as i8 + d;
        if !(-1..=1).contains(&d) || !(1..=6).contains(&to) {
            return Err(Illegal::fixed(
                "CCT 2.1",
                "the level may move by one, and stays within 1–6",
                "УИ меняется на единицу и остаётся в пределах 1–6",
            ));
        }
        Ok(())
    }

    /// Applies a shift and moves on.
    pub(crate) fn do_shift(&self, s: &mut State, side: Side, d: i8, ev: &mut Events) {
        let i = side.index();
        s.level[i] = (s.level[i] as i8 + d) as u8;
        ev.say("CCT 2.1", || {
            let sn = side.name();
            Text::new(
                format!("{} shifts by {d:+}: level {}", sn.en, s.level[i]),
                format!("{}: сдвиг {d:+}, УИ {}", sn.ru, s.level[i]),
            )
        });
        self.next_shift(s, Some(side), ev);
    }
}
