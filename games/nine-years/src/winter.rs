//! Winter Quarters (the sequence of play's phase 5, 19 authored where the
//! seed is silent): troops withdraw to friendly spaces and fortresses
//! recover (a), markers and prepared fleets go (b), Atlantic control and
//! London (c), Savoy's neutrality and the Glorious Revolution's fallback
//! (d), the peace roll (e, 6.4), the end and automatic victory (f, 6.2, 6.3).

use crate::fixed::empty_list;
use crate::ids::{Control, Side, SpaceId};
use crate::scenario::{LongTerm, Region};
use crate::state::{End, FleetLoc, Phase, Savoy, State};
use crate::NineYears;
use sandtable_core::{Events, Outcome, SeatSet, Text};
use tinyvec::ArrayVec;

/// The peace roll's threshold after modifiers (6.4; 6.3's "6 or more" is
/// the seed's other reading, see RULES.md).
pub const PEACE_TARGET: i8 = 10;
/// VP for the Alliance's automatic victory (6.2).
pub const ALLIANCE_AUTO_VP: u8 = 35;

impl NineYears {
    /// Phase 5 begins: steps a–c run by themselves, then the decisions of d and e.
    pub(crate) fn winter(&self, s: &mut State, ev: &mut Events) {
        let sc = &self.scenario;
        s.force = None;
        s.pending = None;
        s.ap = 0;
        s.played = false;
        // a. Troops in spaces their side does not hold withdraw (19a authored).
        // The corps are counted once and the count kept as they go (only
        // whole stacks move or are lost here), not counted at every question.
        let mut occ = self.occupancy(s);
        for x in sc.space_ids() {
            for side in Side::ALL {
                let has_units = occ.count(x, side) > 0 || self.side_leaders_iter(s, x, side).next().is_some();
                if s.control(x).is(side) || !has_units {
                    continue;
                }
                let to = self.nearest(s, x, side, |t| s.control(t).is(side) && occ.count(t, side.other()) == 0);
                match to {
                    Some(t) => {
                        self.move_all(s, x, side, t);
                        occ.move_all(x, t, side);
                    }
                    None => {
                        for c in self.side_corps(s, x, side) {
                            self.eliminate(s, c);
                        }
                        occ.clear(x, side);
                        for l in self.side_leaders(s, x, side) {
                            self.send_leader_home(s, l, x, ev);
                        }
                    }
                }
            }
        }
        ev.say("NY 19a", || {
            Text::fixed("winter: troops withdraw into friendly spaces", "зима: войска отходят в дружественные области")
        });
        // 4.1.3 authored: winter attrition: a step for each corps over the
        // limit, taken from reduced corps first, so a space that stays
        // overcrowded winter after winter loses corps.
        // Each space and side is read before its own losses, which touch no other.
        for x in sc.space_ids() {
            for side in Side::ALL {
                let over = occ.count(x, side).saturating_sub(self.crowd_limit(x));
                if over > 0 {
                    let mut here = self.side_corps(s, x, side);
                    // The id breaks ties: an unstable sort is this order, with no buffer.
                    here.sort_unstable_by_key(|&c| (!s.corps(c).reduced, c));
                    for &c in here.iter().take(over) {
                        self.lose_step(s, c, ev);
                    }
                    ev.say("NY 4.1.3", || {
                        Text::new(
                            format!(
                                "{}: {} is overcrowded, {over} steps are lost",
                                side.name().en,
                                sc.space(x).name.en
                            ),
                            format!(
                                "{}: область «{}» переполнена, потеряно шагов: {over}",
                                side.name().ru,
                                sc.space(x).name.ru
                            ),
                        )
                    });
                }
            }
        }
        // a/b. Fortresses recover; markers are removed; prepared fleets go.
        for x in sc.space_ids() {
            s.strength[x.index()] = sc.space(x).fortress;
            s.continued[x.index()] = false;
            s.famous[x.index()] = false;
        }
        for c in &mut s.corps {
            c.demoralised = false;
            c.activated = false;
        }
        for l in &mut s.leaders {
            l.demoralised = false;
            l.activated = false;
        }
        for f in &mut s.fleets {
            if matches!(f, FleetLoc::Port(_)) {
                *f = FleetLoc::Pool;
            }
        }
        // c. Atlantic control; London.
        let london = sc.named.london;
        if s.has(LongTerm::BeachyHead) {
            self.set_sea(s, crate::Sea::Atlantic, Control::Bourbon);
        } else if s.control(london).is(Side::Alliance) {
            self.set_sea(s, crate::Sea::Atlantic, Control::Alliance);
        }
        if s.control(london).is(Side::Bourbon) {
            self.move_vp(s, -2);
            ev.say("NY 19c", || {
                Text::fixed("London is held by the Bourbons: −2 VP", "Лондон под контролем Бурбонов: −2 ПО")
            });
        }
        let first = sc.initiative(s.year);
        s.order = [first, first.other()];
        s.idx = 0;
        self.next_savoy(s, ev);
    }

    /// d. From 1696 each player holding a Savoyard fortress may make Savoy
    /// neutral (7.2.1), the initiative player first.
    fn next_savoy(&self, s: &mut State, ev: &mut Events) {
        if s.year >= self.scenario.peace_from && s.savoy == Savoy::Allied {
            while s.idx < 2 {
                if self.savoy_holder(s, s.ordered()) {
                    s.phase = Phase::Savoy;
                    return;
                }
                s.idx += 1;
            }
        }
        self.start_peace(s, ev);
    }

    pub(crate) fn winter_savoy(&self, s: &mut State, side: Side, yes: bool, ev: &mut Events) {
        if yes {
            self.savoy_neutral(s, side, ev);
            self.start_peace(s, ev);
            return;
        }
        s.idx += 1;
        self.next_savoy(s, ev);
    }

    /// d (end): the Revolution's fallback; e. From `peace_from` to 1699 the
    /// Bourbons roll for peace (6.4);
    /// first the player without the initiative, then the other, may take
    /// penalties.
    fn start_peace(&self, s: &mut State, ev: &mut Events) {
        // d, after Savoy: the Glorious Revolution's fallback (20.2.5).
        let london = self.scenario.named.london;
        if !s.revolution
            && s.control(london).is(Side::Bourbon)
            && s.sea[crate::Sea::Atlantic.index()].is(Side::Alliance)
        {
            self.glorious_revolution(s, ev);
        }
        // The roll runs from the scenario's first peace year (1696) to 1699,
        // its last year (6.4); in the last year the game ends anyway (6.3),
        // so the penalties and the roll would change nothing.
        if (self.scenario.peace_from..self.scenario.last_year).contains(&s.year) {
            let init = self.scenario.initiative(s.year);
            s.order = [init.other(), init];
            s.idx = 0;
            s.phase = Phase::Peace;
        } else {
            self.year_end(s, ev);
        }
    }

    /// 6.4 step 1: a player's penalties: one action card fewer next turn,
    /// and/or 2 RP fewer.
    pub(crate) fn peace_penalty(&self, s: &mut State, side: Side, card: bool, rp: bool, ev: &mut Events) {
        s.peace_penalty[side.index()] = [card, rp];
        ev.say("NY 6.4", || {
            Text::new(
                format!(
                    "{} takes peace penalties: one card fewer {}, 2 RP fewer {}",
                    side.player().en,
                    yes(card),
                    yes(rp)
                ),
                format!(
                    "{} принимает штрафы перемирия: на карточку меньше — {}, на 2 ОР меньше — {}",
                    side.player().ru,
                    da(card),
                    da(rp)
                ),
            )
        });
        s.idx += 1;
        if s.idx < 2 {
            return;
        }
        if self.peace_roll(s, ev) {
            // 6.3: victory by VP only if nobody has won automatically (6.2).
            s.end = Some(self.automatic_winner(s).map_or(End::Peace, End::Automatic));
            s.phase = Phase::Over;
            return;
        }
        self.year_end(s, ev);
    }

    /// The peace roll's modifiers now (6.4 step 2), each with its reason.
    pub fn peace_modifiers(&self, s: &State) -> Vec<(i8, Text)> {
        self.peace_reasons(s).iter().map(|&(k, why)| (k, why.text())).collect()
    }

    /// [`NineYears::peace_modifiers`] with their reasons unwritten: no heap,
    /// for the roll itself.
    fn peace_reasons(&self, s: &State) -> ArrayVec<[(i8, PeaceReason); PEACE_REASONS]> {
        let sc = &self.scenario;
        let n = &sc.named;
        let mut m = empty_list();
        for side in Side::ALL {
            let [card, rp] = s.peace_penalty[side.index()];
            let k = i8::from(card) + i8::from(rp);
            if k > 0 {
                m.push((-k, PeaceReason::Penalties(side)));
            }
        }
        let bourbon = |x: SpaceId| s.control(x).is(Side::Bourbon);
        let spanish_fortress = |x: SpaceId| sc.is_home(x, n.spain) && self.fortified(x);
        if sc.space_ids().any(|x| spanish_fortress(x) && sc.space(x).region != Region::Spain && bourbon(x)) {
            m.push((
                1,
                PeaceReason::Fixed(
                    "a fortified Spanish home space outside Spain is Bourbon",
                    "укреплённая испанская домашняя область вне Испании у Бурбонов",
                ),
            ));
        }
        if sc.space_ids().filter(|&x| sc.space(x).region == Region::Empire && self.fortified(x) && bourbon(x)).count()
            >= 2
        {
            m.push((
                1,
                PeaceReason::Fixed(
                    "two fortified spaces of the Empire are Bourbon",
                    "две укреплённые области Империи у Бурбонов",
                ),
            ));
        }
        if sc.space_ids().filter(|&x| spanish_fortress(x) && sc.space(x).region == Region::Spain && bourbon(x)).count()
            >= 3
        {
            m.push((
                1,
                PeaceReason::Fixed(
                    "three fortified Spanish home spaces in Spain are Bourbon",
                    "три укреплённые испанские домашние области в Испании у Бурбонов",
                ),
            ));
        }
        for (x, en, ru) in [
            (n.london, "London is Bourbon", "Лондон у Бурбонов"),
            (n.dublin, "Dublin is Bourbon", "Дублин у Бурбонов"),
            (n.edinburgh, "Edinburgh is Bourbon", "Эдинбург у Бурбонов"),
        ] {
            if bourbon(x) {
                m.push((1, PeaceReason::Fixed(en, ru)));
            }
        }
        match s.kww {
            -1 => m.push((1, PeaceReason::Fixed("the KWW marker is in the −1 VP box", "маркер KWW в ячейке «−1 ПО»"))),
            k if k <= -2 => {
                m.push((2, PeaceReason::Fixed("the KWW marker is in the −2 VP box", "маркер KWW в ячейке «−2 ПО»")))
            }
            _ => {}
        }
        if s.savoy != Savoy::Allied {
            m.push((1, PeaceReason::Fixed("Savoy is neutral", "Савойя нейтральна")));
        }
        let first = self.scenario.peace_from;
        if s.year > first {
            let k = (s.year - first).min(10) as i8;
            m.push((k, PeaceReason::Turns(k, first)));
        }
        m
    }

    /// 6.4 step 2: the Bourbons roll; 10 or more ends the game.
    fn peace_roll(&self, s: &mut State, ev: &mut Events) -> bool {
        let mods = self.peace_reasons(s);
        let m: i8 = mods.iter().map(|(k, _)| k).sum();
        let d = s.dice.d6();
        let total = d as i8 + m;
        let peace = total >= PEACE_TARGET;
        ev.roll("NY 6.4", &[d], || {
            let mods: Vec<(i8, Text)> = mods.iter().map(|&(k, why)| (k, why.text())).collect();
            let list_en: Vec<String> = mods.iter().map(|(k, t)| format!("{k:+} {}", t.en)).collect();
            let list_ru: Vec<String> = mods.iter().map(|(k, t)| format!("{k:+} {}", t.ru)).collect();
            Text::new(
                format!(
                    "peace roll: {d} {m:+} = {total} ({}); {}",
                    list_en.join(", "),
                    if peace { "peace is made: the game ends" } else { "the war goes on" }
                ),
                format!(
                    "бросок на перемирие: {d} {m:+} = {total} ({}); {}",
                    list_ru.join(", "),
                    if peace {
                        "заключён мир: игра окончена"
                    } else {
                        "война продолжается"
                    }
                ),
            )
        });
        peace
    }

    /// 6.2 automatic victory, checked in step f.
    pub fn automatic_winner(&self, s: &State) -> Option<Side> {
        let n = &self.scenario.named;
        let land = |side: Side, from: SpaceId, to: SpaceId| self.supply_to(s, side, from, &[to], true).traced();
        if s.control(n.paris).is(Side::Alliance)
            && (land(Side::Alliance, n.paris, n.amsterdam) || land(Side::Alliance, n.paris, n.vienna))
        {
            return Some(Side::Alliance);
        }
        if s.vp >= ALLIANCE_AUTO_VP {
            return Some(Side::Alliance);
        }
        for capital in [n.vienna, n.amsterdam] {
            if s.control(capital).is(Side::Bourbon) && land(Side::Bourbon, capital, n.paris) {
                return Some(Side::Bourbon);
            }
        }
        if s.vp == 0 {
            return Some(Side::Bourbon);
        }
        None
    }

    /// f. The end of the year: automatic victory, the last turn, or the next year.
    fn year_end(&self, s: &mut State, ev: &mut Events) {
        if let Some(w) = self.automatic_winner(s) {
            s.end = Some(End::Automatic(w));
            s.phase = Phase::Over;
            ev.say("NY 6.2", || {
                Text::new(
                    format!("automatic victory for {}", w.name().en),
                    format!("автоматическая победа: {}", w.name().ru),
                )
            });
            return;
        }
        if s.year >= self.scenario.last_year {
            s.end = Some(End::LastTurn);
            s.phase = Phase::Over;
            ev.say("NY 6.3", || Text::fixed("the last turn is over", "последний ход окончен"));
            return;
        }
        s.year += 1;
        let year = s.year;
        ev.say("NY 5.0", || Text::new(format!("the year {year} begins"), format!("начинается {year} год")));
        self.start_year(s, ev);
    }

    /// The winner and the level of victory (6.2, 6.3).
    pub(crate) fn outcome(&self, s: &State) -> Outcome {
        let vp = s.vp;
        let (winner, en, ru) = match s.end {
            Some(End::Automatic(w)) => (
                w,
                format!("automatic victory for {} (VP {vp})", w.name().en),
                format!("автоматическая победа: {} (ПО {vp})", w.name().ru),
            ),
            _ => match vp {
                30.. => (
                    Side::Alliance,
                    format!("a major Alliance victory, VP {vp}"),
                    format!("значительная победа Альянса, ПО {vp}"),
                ),
                25..=29 => (
                    Side::Alliance,
                    format!("a minor Alliance victory, VP {vp}"),
                    format!("незначительная победа Альянса, ПО {vp}"),
                ),
                20..=24 => (
                    Side::Bourbon,
                    format!("a minor Bourbon victory, VP {vp}"),
                    format!("незначительная победа Бурбонов, ПО {vp}"),
                ),
                _ => (
                    Side::Bourbon,
                    format!("a major Bourbon victory, VP {vp}"),
                    format!("значительная победа Бурбонов, ПО {vp}"),
                ),
            },
        };
        // How the war ended, when by VP (6.3): peace was made (6.4) or the last year ran out.
        let (en, ru) = match s.end {
            Some(End::Peace) => {
                (format!("{en}: peace made in {}", s.year), format!("{ru}: мир заключён в {} году", s.year))
            }
            Some(End::LastTurn) => (format!("{en} after the last year"), format!("{ru} после последнего года")),
            _ => (en, ru),
        };
        Outcome { winners: SeatSet::one(winner.seat()), text: Text::new(en, ru) }
    }
}

/// The most modifiers the peace roll can have (6.4 step 2): penalties by
/// two sides, three for Bourbon fortresses, three for British capitals, the
/// KWW box, Savoy, the turns.
const PEACE_REASONS: usize = 11;

/// Why the peace roll is modified, its text written only when read.
#[derive(Copy, Clone, Debug)]
enum PeaceReason {
    /// A side took peace penalties.
    Penalties(Side),
    /// A fixed reason.
    Fixed(&'static str, &'static str),
    /// `k` turns after the first peace year.
    Turns(i8, u16),
}

impl Default for PeaceReason {
    fn default() -> Self {
        PeaceReason::Fixed("", "")
    }
}

impl PeaceReason {
    fn text(self) -> Text {
        match self {
            PeaceReason::Penalties(side) => {
                Text::new(format!("{} took penalties", side.player().en), format!("{} принял штрафы", side.player().ru))
            }
            PeaceReason::Fixed(en, ru) => Text::fixed(en, ru),
            PeaceReason::Turns(k, first) => {
                // Counted by CLDR's plural rules: 1 turn / 2 turns, 1 ход / 2 хода / 5 ходов.
                let turns = sandtable_core::plural::count(
                    u64::from(k.unsigned_abs()),
                    ["turn", "turns"],
                    ["ход", "хода", "ходов"],
                );
                Text::new(format!("{} after {first}", turns.en), format!("{} после {first} года", turns.ru))
            }
        }
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn da(b: bool) -> &'static str {
    if b {
        "да"
    } else {
        "нет"
    }
}

#[cfg(test)]
mod tests {
    use super::PeaceReason;

    /// NY 6.4 peace roll: +1 for each turn after the first peace year, the
    /// modifier's text counting turns with the noun agreeing with its number
    /// in both languages (CLDR plural rules).
    #[test]
    fn ny_6_4_each_turn_after_the_first_peace_year_is_counted_in_agreement() {
        for (k, en, ru) in [
            (1, "1 turn after 1696", "1 ход после 1696 года"),
            (2, "2 turns after 1696", "2 хода после 1696 года"),
            (4, "4 turns after 1696", "4 хода после 1696 года"),
            (5, "5 turns after 1696", "5 ходов после 1696 года"),
        ] {
            let t = PeaceReason::Turns(k, 1696).text();
            assert_eq!((t.en.as_ref(), t.ru.as_ref()), (en, ru));
        }
    }
}
