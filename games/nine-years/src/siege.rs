//! Sieges (17 authored) and what changes hands (6.1 authored). The seed
//! gives the fortress defence value by example (13.5.6: 2 for the garrison
//! corps and the printed strength), the restricted LOC through a besieged
//! fortress (11.1.4, pointing at 17.5.3), the Continued Siege and Fortress
//! Strength markers (19b) and the fleet lost when its home port is besieged
//! (12.3.6). The roll is ours: a fortress is worn down and, at zero, its
//! garrison marches out with the honours of war (research §1.4, NPWS).
//!
//! Costs: one siege roll is a LOC search, O(spaces + links).

use crate::ids::{Control, Side, SpaceId};
use crate::loc::Supply;
use crate::state::{FleetLoc, Loc, Pending, Savoy, State};
use crate::NineYears;
use sandtable_core::{Events, Text};

/// The siege roll's modifiers, each apart (17.3 authored): what the roll
/// adds to its die, and what the odds show (forecast.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SiegeMods {
    /// The best tactics among the army's leaders.
    pub tactics: i8,
    /// The best siege specialist bonus among them.
    pub specialist: i8,
    /// +1 on a fortress already besieged this turn (Continued Siege).
    pub continued: i8,
    /// A held card's siege bonus.
    pub held: i8,
    /// The besiegers' line of communication (17.5.3).
    pub supply: Supply,
}

impl SiegeMods {
    /// −1 with a restricted LOC (17.5.3), −2 with none.
    pub(crate) fn supply_mod(&self) -> i8 {
        match self.supply {
            Supply::Open => 0,
            Supply::Restricted => -1,
            Supply::Cut => -2,
        }
    }

    /// Everything the roll adds to its die.
    pub(crate) fn sum(&self) -> i8 {
        self.tactics + self.specialist + self.continued + self.held + self.supply_mod()
    }
}

impl NineYears {
    /// The modifiers of `side`'s siege roll against `x` with these leaders
    /// (17.3 authored); the roll and the odds both read them here.
    pub(crate) fn siege_mods(&self, s: &State, side: Side, x: SpaceId, leaders: &[crate::LeaderId]) -> SiegeMods {
        let sc = &self.scenario;
        SiegeMods {
            tactics: leaders.iter().map(|&l| self.ratings(s, l).0).max().unwrap_or(0) as i8,
            specialist: leaders.iter().map(|&l| sc.leader(l).siege).max().unwrap_or(0) as i8,
            continued: i8::from(s.continued[x.index()]),
            held: s.bonus[1] as i8,
            supply: self.supply(s, side, x),
        }
    }

    /// 17.3 authored: the siege roll. One die, plus the best tactics of the
    /// army's leaders, +1 with a siege specialist, +1 on a fortress already
    /// besieged this turn (Continued Siege), a held card's bonus; −1 when the
    /// besiegers' LOC is restricted (17.5.3), −2 when they have none.
    /// 2 or less: a besieging corps loses a step; 3–4: nothing; 5–6: the
    /// fortress loses 1 strength; 7 or more: 2. At 0 it falls.
    pub(crate) fn siege_roll(&self, s: &mut State, side: Side, x: SpaceId, ev: &mut Events) {
        let Some(f) = s.force.clone() else { return };
        let sc = &self.scenario;
        // 12.3.6 ВАЖНО: a siege roll against a fleet's home port removes that fleet for good.
        for fl in sc.fleet_ids() {
            let spec = sc.fleet(fl);
            // A fleet in its zone's control box goes too; the zone's control stays.
            if spec.port == x && spec.side != side && s.fleet(fl) != FleetLoc::Removed {
                s.fleets[fl.index()] = FleetLoc::Removed;
                ev.say("NY 12.3.6", || {
                    Text::new(
                        format!("{}'s home port is besieged: the fleet is removed from the game", spec.name.en),
                        format!("порт приписки осаждён: {} навсегда удаляется из игры", spec.name.ru),
                    )
                });
            }
        }
        let die = s.dice.d6();
        let m = self.siege_mods(s, side, x, &f.leaders);
        let SiegeMods { tactics, specialist, continued, held, .. } = m;
        let supply = m.supply_mod();
        let total = die as i8 + m.sum();
        s.continued[x.index()] = true;
        let wear = match total {
            i8::MIN..=4 => 0,
            5..=6 => 1,
            _ => 2,
        };
        let before = s.strength[x.index()];
        let after = before.saturating_sub(wear);
        s.strength[x.index()] = after;
        ev.roll("NY 17.3", &[die], || {
            Text::new(
                format!(
                    "siege of {}: {die}+{tactics} tactics +{specialist} specialist +{continued} continued +{held} card {supply:+} LOC = {total}; strength {before} → {after}",
                    sc.space(x).name.en
                ),
                format!(
                    "осада крепости «{}»: {die}+{tactics} тактика +{specialist} специалист +{continued} продолжение +{held} карточка {supply:+} ЛК = {total}; сила {before} → {after}",
                    sc.space(x).name.ru
                ),
            )
        });
        if total <= 2 {
            if let Some(&c) = f.corps.iter().find(|&&c| !s.corps(c).reduced).or(f.corps.first()) {
                ev.say("NY 17.3", || {
                    Text::fixed(
                        "disease in the siege lines: a besieging corps loses a step",
                        "болезни в осадном лагере: осаждающий корпус теряет шаг",
                    )
                });
                self.lose_step(s, c, ev);
            }
        }
        if after == 0 {
            self.fortress_falls(s, x, side, ev);
        }
    }

    /// 17.4 authored: a fortress at 0 falls. The garrison marches out with
    /// the honours of war: its full corps are reduced and all go to the
    /// nearest friendly space; the besieger takes the fortress, at its
    /// printed strength.
    pub(crate) fn fortress_falls(&self, s: &mut State, x: SpaceId, side: Side, ev: &mut Events) {
        let holder = side.other();
        let sc = &self.scenario;
        let to = self.nearest(s, x, holder, |t| s.control(t).is(holder) && self.count_corps(s, t, side) == 0);
        for c in self.side_corps(s, x, holder) {
            match to {
                Some(t) => {
                    s.corps[c.index()].reduced = true;
                    s.corps[c.index()].loc = Loc::Space(t);
                }
                None => self.eliminate(s, c),
            }
        }
        for l in self.side_leaders(s, x, holder) {
            self.send_leader_home(s, l, x, ev);
        }
        ev.say("NY 17.4", || {
            Text::new(
                format!("{} falls; its garrison marches out with the honours of war", sc.space(x).name.en),
                format!("крепость «{}» пала; гарнизон уходит с воинскими почестями", sc.space(x).name.ru),
            )
        });
        s.strength[x.index()] = sc.space(x).fortress;
        s.continued[x.index()] = false;
        self.change_control(s, x, side, ev);
    }

    /// A space passes to `side` (6.1 authored): a fortress taken from the
    /// enemy moves the VP marker 1 toward the taker, a capital 1 more.
    /// Control gained from neutrality moves nothing (6.1.2).
    pub(crate) fn change_control(&self, s: &mut State, x: SpaceId, side: Side, ev: &mut Events) {
        let before = s.control(x);
        s.control[x.index()] = Control::of(side);
        // 15.3 authored: a line is lost with its space.
        if s.lines[x.index()].side != Some(side) {
            s.lines[x.index()] = crate::Line::default();
        }
        let sc = &self.scenario;
        let mut vp = 0;
        if before.is(side.other()) {
            if self.fortified(x) {
                vp += 1;
            }
            if sc.power_ids().any(|p| self.capitals(s, p).contains(&x)) {
                vp += 1;
            }
        }
        self.move_vp(s, side.vp_sign() * vp);
        ev.say("NY 6.1", || {
            Text::new(
                format!("{} takes {} ({vp} VP)", side.player().en, sc.space(x).name.en),
                format!("{} берёт область «{}» ({vp} ПО)", side.player().ru, sc.space(x).name.ru),
            )
        });
        // 20.2.5 authored: London taken by the Alliance brings the Revolution.
        if x == sc.named.london && side == Side::Alliance && !s.revolution {
            self.glorious_revolution(s, ev);
        }
        // 7.2.1: the moment Turin is taken, whoever holds a Savoyard
        // fortress may make Savoy neutral.
        if x == sc.named.turin && s.savoy == Savoy::Allied && before != Control::of(side) {
            self.offer_savoy(s);
        }
    }

    /// Whether a side holds at least one Savoyard fortress (7.2.1).
    pub(crate) fn savoy_holder(&self, s: &State, side: Side) -> bool {
        self.scenario.space_ids().any(|x| self.savoyard(x) && self.fortified(x) && s.control(x).is(side))
    }

    /// The holders of a Savoyard fortress are asked, the initiative
    /// player's first (7.2.1).
    fn offer_savoy(&self, s: &mut State) {
        let first = self.scenario.initiative(s.year);
        match [first, first.other()].map(|side| self.savoy_holder(s, side)) {
            [true, both] => s.pending = Some(Pending::Savoy(first, both)),
            [false, true] => s.pending = Some(Pending::Savoy(first.other(), false)),
            [false, false] => {}
        }
    }

    /// The answer to the offer when Turin fell (7.2.1).
    pub(crate) fn turin_savoy(&self, s: &mut State, side: Side, first: bool, yes: bool, ev: &mut Events) {
        if yes {
            self.savoy_neutral(s, side, ev);
        } else if first {
            s.pending = Some(Pending::Savoy(side.other(), false));
        }
    }

    /// 7.2.1: Savoy leaves the war. Its spaces become neutral; its corps
    /// and Victor Amadeus leave the game; Bourbon troops there go to the
    /// nearest Bourbon space with LOC to Paris, Allied troops to the nearest
    /// Allied space with LOC to Vienna; the Bourbon player who does it gains
    /// 1 VP (the marker moves toward 0).
    pub(crate) fn savoy_neutral(&self, s: &mut State, side: Side, ev: &mut Events) {
        let sc = &self.scenario;
        let n = &sc.named;
        s.savoy = Savoy::Out;
        for c in sc.corps_ids() {
            if sc.corps_power(c) == n.savoy {
                s.corps[c.index()].loc = Loc::Removed;
            }
        }
        s.leaders[n.victor_amadeus.index()].loc = crate::LeaderLoc::Removed;
        let savoyard = || sc.space_ids().filter(|&x| self.savoyard(x));
        // Savoy is neutral first, so the LOC of each destination is traced
        // without its spaces; the troops march out through them.
        for x in savoyard() {
            s.control[x.index()] = Control::None;
            s.strength[x.index()] = sc.space(x).fortress;
            s.continued[x.index()] = false;
            s.lines[x.index()] = crate::Line::default();
        }
        for x in savoyard() {
            for who in Side::ALL {
                if !self.has_units(s, x, who) {
                    continue;
                }
                let capital = if who == Side::Bourbon { n.paris } else { n.vienna };
                let to = self.nearest_via(
                    x,
                    who,
                    |t| self.savoyard(t) || self.enterable(s, t),
                    |t| {
                        !self.savoyard(t)
                            && s.control(t).is(who)
                            && self.supply_to(s, who, t, &[capital], false).traced()
                    },
                );
                match to {
                    Some(t) => self.move_all(s, x, who, t),
                    None => {
                        for c in self.side_corps(s, x, who) {
                            self.eliminate(s, c);
                        }
                        for l in self.side_leaders(s, x, who) {
                            self.send_leader_home(s, l, x, ev);
                        }
                    }
                }
            }
        }
        // An army that stood in Savoy has been marched out: its action is over.
        if s.force.as_ref().is_some_and(|f| self.savoyard(f.space)) {
            s.force = None;
        }
        if side == Side::Bourbon {
            self.move_vp(s, -1);
        }
        ev.say("NY 7.2.1", || {
            Text::new(
                format!("{} makes Savoy neutral: it leaves the war", side.player().en),
                format!("{} делает Савойю нейтральной: она выходит из войны", side.player().ru),
            )
        });
    }
}
