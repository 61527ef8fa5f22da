//! The sequence of play (2.0): impulse pairs, the end of an impulse, Night,
//! the end of the game.

use crate::occupancy::Occupancy;
use crate::stacking::STACK_LIMIT;
use crate::state::{Act, Phase, Pos, Privilege, State};
use crate::unit::Side;
use crate::Totensonntag;
use sandtable_core::{Events, Illegal, Text};

impl Totensonntag {
    /// Starts an impulse pair: picks first if anyone holds the pick privilege,
    /// else roll (2.1).
    pub(crate) fn begin_pair(&self, s: &mut State, ev: &mut Events) {
        s.level = [0, 0];
        s.secret = [None, None];
        ev.say("CCT 2.0", || {
            Text::new(
                format!("Turn {}, impulse pair {}", s.turn, s.pair),
                format!("Ход {}, пара импульсов {}", s.turn, s.pair),
            )
        });
        if s.privilege.contains(&Privilege::Pick) {
            s.phase = Phase::InitiativePick;
        } else {
            self.resolve_levels(s, ev);
        }
    }

    /// Starts a side's impulse: its units become ready to act; combined-arms
    /// bonuses are fixed from where units start it (3.3).
    pub(crate) fn begin_impulse(&self, s: &mut State, side: Side, second: bool, ev: &mut Events) {
        s.phase = Phase::Impulse { side, second };
        s.active = None;
        s.attacks.clear();
        s.cleared.clear();
        s.entry_bonus = 0;
        for u in self.scenario.unit_ids().filter(|&u| self.side(u) == side) {
            let boosted = self.combined_arms_at_start(s, u);
            let us = s.unit_mut(u);
            us.act = Act::Idle;
            us.mp = 0;
            us.moved = false;
            us.stopped = false;
            us.no_overrun = false;
            us.advanced = false;
            us.boosted = boosted;
        }
        ev.say("CCT 2.0", || {
            let sn = side.name();
            Text::new(
                format!("{} impulse, initiative level {}", sn.en, s.level[side.index()]),
                format!("Импульс: {}, УИ {}", sn.ru, s.level[side.index()]),
            )
        });
    }

    /// Checks `end`: only the phasing side ends its impulse.
    pub(crate) fn check_end(&self, s: &State, side: Side) -> Result<(), Illegal> {
        match s.phase {
            Phase::Impulse { side: p, .. } if p == side => Ok(()),
            _ => Err(Illegal::fixed(
                "CCT 2.0",
                "only the phasing side ends its impulse",
                "закончить импульс может только активный игрок",
            )),
        }
    }

    /// Ends the impulse: stacking is checked now (4.0).
    pub(crate) fn end_impulse(&self, s: &mut State, ev: &mut Events) {
        let Phase::Impulse { side, second } = s.phase else {
            return;
        };
        self.touch(s, None);
        if self.overstacked(s, side) {
            s.phase = Phase::Overstack { side, second };
            ev.say("CCT 4.0", || {
                Text::fixed(
                    "Overstacked hexes: remove units down to three",
                    "Превышен лимит группирования: снимите лишние юниты",
                )
            });
        } else {
            self.after_impulse(s, side, second, ev);
        }
    }

    /// Whether `side` has more than three units in any hex (4.0). O(hexes + units).
    pub(crate) fn overstacked(&self, s: &State, side: Side) -> bool {
        let occ = Occupancy::of(self, s);
        self.tables.units(side).iter().any(|&u| s.hex_of(u).is_some_and(|h| occ.count(h, side) > STACK_LIMIT))
    }

    /// After an impulse (and its stacking check): the other side's impulse,
    /// the next pair, or Night.
    pub(crate) fn after_impulse(&self, s: &mut State, side: Side, second: bool, ev: &mut Events) {
        if !second {
            self.begin_impulse(s, side.other(), true, ev);
        } else if s.pair < s.pairs {
            s.pair += 1;
            self.begin_pair(s, ev);
        } else {
            // 8.0: Night; the Allies roll first.
            s.phase = Phase::Night { side: Side::Allies };
            ev.say("CCT 8.0", || Text::fixed("Night", "Ночь"));
        }
    }

    /// After a side's night rolls: the Axis next, or the next turn, or the end (2.0, 9.0).
    pub(crate) fn after_night(&self, s: &mut State, side: Side, ev: &mut Events) {
        if side == Side::Allies {
            s.phase = Phase::Night { side: Side::Axis };
            return;
        }
        for us in &mut s.units {
            us.moved_turn = false;
        }
        if s.turn >= self.scenario.turns {
            s.phase = Phase::Over;
            ev.say("CCT 9.0", || Text::fixed("The game is over", "Игра окончена"));
        } else {
            s.turn += 1;
            s.pair = 1;
            self.begin_pair(s, ev);
        }
    }

    /// Whether a reinforcement has arrived and may enter (6.1).
    pub(crate) fn arrived(&self, s: &State, u: crate::UnitId) -> bool {
        match self.scenario.starts[u.index()] {
            crate::Start::Arrives(a) => s.unit(u).pos == Pos::Off && (s.turn, s.pair) >= (a.turn, a.pair),
            crate::Start::Hex(_) => false,
        }
    }
}

impl Totensonntag {
    /// Position editing (tests, analysis tools, puzzles): puts the game at
    /// the start of `side`'s first impulse of the pair at initiative `level`,
    /// with combined-arms bonuses fixed as 3.3 says.
    pub fn start_impulse(&self, s: &mut State, side: Side, level: u8) {
        s.level[side.index()] = level;
        self.begin_impulse(s, side, false, &mut Events::off());
    }

    /// Position editing: starts the current pair's initiative (2.1) with the
    /// privileges now in the state.
    pub fn start_pair(&self, s: &mut State) {
        self.begin_pair(s, &mut Events::off());
    }
}
