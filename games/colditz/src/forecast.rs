//! Odds before the dice (`Ruleset::forecast`): the movement roll, the
//! general search after Appel, Shoot to Kill, the Staff Car and (classic)
//! Do-or-Die.
//!
//! In the 2016 rules a chain of throws is at most three throws (two extra
//! on doubles), so the movement roll, the general search and Shoot to Kill
//! are forecast by [`forecast::outcomes`]: the action itself, applied over
//! every way its dice can fall (1,506 ways). The Staff Car's six chains and
//! Do-or-Die's several are too many ways for that, and classic doubles throw
//! again without limit (an enumeration of the action would never end): those
//! go through [`chain_law`], the law of one chain of throws built from the
//! rules' own pieces ([`throws_again`], [`Throws`]), each chain cut off once
//! it reaches the number that settles the result — exact, not sampled.
//!
//! Only what the seat may see is read: positions, the distance, public
//! counts (cards in hand, cards left in a deck), the opened Appel answers.
//! Whether the target of a shot holds a Talisman is nobody's to know, so
//! both readings are given; a Do-or-Die card is any of the deck's cards
//! alike, its order being hidden.

use crate::action::Arg;
use crate::cards::Card;
use crate::pawn::{PawnId, GERMAN};
use crate::state::{Loc, Pending, Phase, State};
use crate::turn::{throws_again, Throws};
use crate::{Action, Colditz};
use sandtable_core::forecast::{self, Basis, Chance, Forecast};
use sandtable_core::plural::{count, russian};
use sandtable_core::{Seat, Text};

/// Classic movement rolls show points up to this; the rest (doubles without
/// limit) are lumped as "this many or more".
const CLASSIC_MOVEMENT_CAP: u32 = 37;

/// The longest distance a chain law is built for: beyond it no throws would
/// ever be enough in the 2016 rules (six chains make at most 216).
const MAX_NEED: u32 = 255;

impl Colditz {
    /// The odds of a legal action that throws dice; `None` for the others.
    pub(crate) fn odds(&self, s: &State, seat: Seat, a: Action) -> Option<Forecast> {
        self.check(s, seat, a).ok()?;
        if !s.pending.is_empty() {
            // Answers (Talisman, cells, confiscations) and turn-in cards throw nothing.
            return None;
        }
        match a {
            Action::Roll if matches!(s.phase, Phase::Roll | Phase::NextOfficer | Phase::AppelSearch) => {
                self.movement_odds(s, seat)
            }
            Action::Search if s.phase == Phase::AppelSearch => self.general_search_odds(s, seat),
            Action::Play(Card::ShootToKill, Arg::Pawn(g), Arg::Pawn(q)) => self.shot_odds(s, seat, g, q),
            Action::Play(Card::StaffCar, Arg::Pawn(_), Arg::None) => self.staff_car_odds(s),
            Action::DoOrDie(p) => self.do_or_die_odds(s, p),
            _ => None,
        }
    }

    /// The movement roll: points, doubles (releases for an officer), cards drawn.
    fn movement_odds(&self, s: &State, seat: Seat) -> Option<Forecast> {
        let officer = seat != GERMAN;
        let mut basis = vec![Basis::new(
            "Colditz: Movement",
            Text::fixed("movement: the sum of two dice", "движение: сумма двух кубиков"),
        )];
        basis.push(if s.classic {
            Basis::new(
                "Colditz classic: Cards",
                Text::fixed(
                    "a double throws again and adds, without limit; each throw of 3, 7 or 11 draws a card",
                    "дубль — повторный бросок, без ограничения; каждый бросок 3, 7 или 11 — карта",
                ),
            )
        } else {
            Basis::new(
                "Colditz: Cards",
                Text::fixed(
                    "a double throws again and adds, at most two extra throws; a throw of 5 or less draws a card (one a turn)",
                    "дубль — повторный бросок, не более двух дополнительных; бросок 5 или ниже — карта (одна за Ход)",
                ),
            )
        });
        if officer {
            basis.push(Basis::new(
                "Colditz: Movement (doubles)",
                Text::fixed(
                    "each double lets a POW out of solitary for one point of movement",
                    "каждый дубль позволяет выпустить Военнопленного из Одиночки за одно очко движения",
                ),
            ));
        }
        let deck = if seat == GERMAN { s.security.len() } else { s.opportunity.len() };
        // Each outcome's sort key: points, doubles, cards.
        let mut keys: Vec<(Text, (u32, u32, u32))> = Vec::new();
        let mut outcomes = if s.classic {
            let mut out: Vec<Chance> = Vec::new();
            for (t, p) in chain_law(true, 0, CLASSIC_MOVEMENT_CAP, true) {
                let cards = t.draws(true).min(deck as u32);
                let key = (t.total, if officer { t.doubles } else { 0 }, cards);
                let text = movement_text(key, t.total >= CLASSIC_MOVEMENT_CAP, officer);
                keys.push((text.clone(), key));
                add(&mut out, text, p);
            }
            out
        } else {
            let held = s.hands[seat.index()].len();
            forecast::outcomes(self, s, seat, Action::Roll, |after| {
                let doubles = if officer { u32::from(after.releases) } else { 0 };
                let cards = after.hands[seat.index()].len().saturating_sub(held) as u32;
                let key = (u32::from(after.mp), doubles, cards);
                let text = movement_text(key, false, officer);
                keys.push((text.clone(), key));
                text
            })?
        };
        let key_of = |t: &Text| keys.iter().find(|(k, _)| k == t).map(|&(_, key)| key);
        outcomes.sort_by_key(|c| key_of(&c.text));
        Some(Forecast { basis, outcomes })
    }

    /// The general search after Appel: how many refusing POWs it sends to solitary.
    fn general_search_odds(&self, s: &State, seat: Seat) -> Option<Forecast> {
        let refusers = self.general_search_catches(s, u8::MAX).len();
        let basis = vec![
            Basis::new(
                "Colditz: Appel card",
                Text::fixed(
                    "every refusing POW within the dice range of a guard goes to solitary",
                    "каждый отказавшийся Военнопленный в пределах диапазона кубиков от Охранника — в Одиночку",
                ),
            ),
            Basis::new(
                "Colditz: Appel card",
                Text::new(
                    format!("{refusers} refusing POWs in reach of a search"),
                    format!("отказавшихся Военнопленных в досягаемости Обыска: {refusers}"),
                ),
            ),
            chain_basis(s.classic),
        ];
        let mut outcomes = if s.classic {
            // The range that catches them all (or every one that can be): no more matters.
            let cap = (0..=u8::MAX).find(|&r| self.general_search_catches(s, r).len() == refusers)?;
            let mut out = Vec::new();
            for (t, p) in chain_law(true, 0, u32::from(cap).max(1), false) {
                let range = u8::try_from(t.total).unwrap_or(u8::MAX);
                add(&mut out, caught_text(self.general_search_catches(s, range).len()), p);
            }
            out
        } else {
            let free: Vec<PawnId> =
                self.general_search_catches(s, u8::MAX).into_iter().filter(|&q| !self.in_solitary(s, q)).collect();
            forecast::outcomes(self, s, seat, Action::Search, |after| {
                caught_text(free.iter().filter(|&&q| self.in_solitary(after, q)).count())
            })?
        };
        outcomes.sort_by_key(|c| (0..=refusers).position(|n| caught_text(n) == c.text));
        Some(Forecast { basis, outcomes })
    }

    /// Shoot to Kill: killed whatever the answer, killed unless a Talisman
    /// answers, or missed. Whether the officer holds a Talisman is hidden.
    fn shot_odds(&self, s: &State, seat: Seat, g: PawnId, q: PawnId) -> Option<Forecast> {
        let distance = u32::from(self.line_of_fire(s, g, q)?);
        let basis = vec![
            Basis::new(
                "Colditz: Shoot to Kill",
                Text::new(
                    format!("distance {distance} in the line of fire: the range must reach it"),
                    format!("расстояние на линии огня {distance}: дальность должна его достичь"),
                ),
            ),
            Basis::new(
                "Colditz: Shoot to Kill",
                Text::fixed(
                    "range: the first throw counted twice, extra throws on doubles added",
                    "дальность: первый бросок удваивается, дополнительные броски на дублях прибавляются",
                ),
            ),
            Basis::new(
                "Colditz: Talisman",
                Text::fixed(
                    "a Talisman answers: the first throw is not doubled (whether the officer holds one is hidden)",
                    "ответ Талисманом: первый бросок не удваивается (есть ли он у Офицера Беглеца — скрыто)",
                ),
            ),
            chain_basis(s.classic),
        ];
        let judge = |first: u32, rest: u32| {
            if first + rest >= distance {
                Shooting::Killed
            } else if 2 * first + rest >= distance {
                Shooting::UnlessTalisman
            } else {
                Shooting::Missed
            }
        };
        let mut outcomes = if s.classic {
            let mut out = Vec::new();
            let rest = chain_law(true, 1, distance.max(1), false);
            for a in 1..=6u8 {
                for b in 1..=6u8 {
                    let first = u32::from(a + b);
                    if throws_again(true, (a, b), 1) {
                        for (t, p) in &rest {
                            add(&mut out, judge(first, t.total).text(), p / 36.0);
                        }
                    } else {
                        add(&mut out, judge(first, 0).text(), 1.0 / 36.0);
                    }
                }
            }
            out
        } else {
            forecast::outcomes(self, s, seat, Action::Play(Card::ShootToKill, Arg::Pawn(g), Arg::Pawn(q)), |after| {
                match after.pending.last() {
                    Some(Pending::Talisman { shot }) => judge(u32::from(shot.first), u32::from(shot.extra)).text(),
                    _ => Text::fixed("no shot", "выстрела нет"),
                }
            })?
        };
        outcomes.sort_by_key(|c| Shooting::ALL.iter().position(|x| x.text() == c.text));
        Some(Forecast { basis, outcomes })
    }

    /// The Staff Car: six chains of throws against the distance to a target.
    fn staff_car_odds(&self, s: &State) -> Option<Forecast> {
        let distance = u32::from(self.car_distance());
        let basis = vec![
            Basis::new(
                "Colditz: Staff Car",
                Text::new(
                    format!("six throws (doubles add) against {distance}: {distance} or more escapes"),
                    format!("шесть бросков (дубли прибавляются) против {distance}: {distance} или больше — Побег"),
                ),
            ),
            chain_basis(s.classic),
        ];
        let p = reach(s.classic, &[6], distance)?;
        let outcomes = two(
            p,
            Text::fixed("the staff car gets through: an escape", "Штатный Автомобиль прорвался: Побег"),
            Text::fixed("stopped: recaptured, to solitary", "остановлен: Арест, в Одиночку"),
        );
        Some(Forecast { basis, outcomes })
    }

    /// Classic Do-or-Die: the top card's throws (any card of the deck alike:
    /// its order is hidden) against the distance south.
    fn do_or_die_odds(&self, s: &State, p: PawnId) -> Option<Forecast> {
        let distance = u32::from(self.do_or_die_distance(s, p)?);
        let mut cards: Vec<u8> = s.do_or_die.cards().copied().collect();
        cards.sort_unstable();
        let list = cards.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        let basis = vec![
            Basis::new(
                "Colditz classic: Do or Die",
                Text::new(
                    format!("a Do-or-Die card gives the throws: {list} (any of them alike, the deck order is hidden)"),
                    format!(
                        "карта «Пан или пропал» даёт число бросков: {list} (любая равновероятна, порядок колоды скрыт)"
                    ),
                ),
            ),
            Basis::new(
                "Colditz classic: Do or Die",
                Text::new(
                    format!("distance {distance} to a target south: {distance} or more escapes"),
                    format!("расстояние до цели на юге {distance}: {distance} или больше — Побег"),
                ),
            ),
            chain_basis(s.classic),
        ];
        let counts: Vec<u32> = cards.iter().map(|&n| u32::from(n)).collect();
        let p = reach(s.classic, &counts, distance)?;
        let outcomes = two(
            p,
            Text::fixed("Do-or-Die succeeds: an escape", "«Пан или пропал» удался: Побег"),
            Text::fixed(
                "Do-or-Die fails: the POW is killed, his team is out",
                "«Пан или пропал» не удался: Военнопленный убит, команда выбывает",
            ),
        );
        Some(Forecast { basis, outcomes })
    }

    /// Whether a POW is in solitary.
    fn in_solitary(&self, s: &State, q: PawnId) -> bool {
        matches!(s.pawn(q).loc, Loc::Circle(c) if self.board.circle(c).zone.is_cell())
    }
}

/// The three ways a shot may end, as the German reads them before the answer.
#[derive(Clone, Copy, PartialEq)]
enum Shooting {
    Killed,
    UnlessTalisman,
    Missed,
}

impl Shooting {
    const ALL: [Shooting; 3] = [Shooting::Killed, Shooting::UnlessTalisman, Shooting::Missed];

    fn text(self) -> Text {
        match self {
            Shooting::Killed => Text::fixed(
                "shot: the escaper is killed, even against a Talisman",
                "выстрел: Военнопленный убит, даже если ответить Талисманом",
            ),
            Shooting::UnlessTalisman => Text::fixed(
                "shot: the escaper is killed unless a Talisman answers",
                "выстрел: Военнопленный убит, если не ответить Талисманом",
            ),
            Shooting::Missed => Text::fixed("missed: the escaper lives", "промах: Военнопленный жив"),
        }
    }
}

/// The figure behind every chain of throws: doubles throw again.
fn chain_basis(classic: bool) -> Basis {
    if classic {
        Basis::new(
            "Colditz classic: Cards",
            Text::fixed(
                "a double throws again and adds, without limit",
                "дубль — повторный бросок с прибавлением, без ограничения",
            ),
        )
    } else {
        Basis::new(
            "Colditz: Movement",
            Text::fixed(
                "a double throws again and adds, at most two extra throws",
                "дубль — повторный бросок с прибавлением, не более двух дополнительных",
            ),
        )
    }
}

/// A movement roll's result: (points, doubles, cards), `more` for the lumped tail.
fn movement_text((mp, doubles, cards): (u32, u32, u32), more: bool, officer: bool) -> Text {
    let points = count(
        u64::from(mp),
        ["movement point", "movement points"],
        ["очко движения", "очка движения", "очков движения"],
    );
    if more {
        return Text::new(format!("{mp} or more movement points"), format!("{} или больше", points.ru));
    }
    let (mut en, mut ru) = (points.en.into_owned(), points.ru.into_owned());
    if doubles > 0 {
        let n = u64::from(doubles);
        let times = count(n, ["double", "doubles"], ["дубль", "дубля", "дублей"]);
        en.push_str(&format!("; {}", if doubles == 1 { "a double".into() } else { times.en.to_string() }));
        ru.push_str(&format!("; {}", if doubles == 1 { "дубль".into() } else { times.ru.to_string() }));
        if officer && doubles == 1 {
            en.push_str(": one POW may leave solitary");
            ru.push_str(": из Одиночки можно выпустить одного Военнопленного");
        } else if officer {
            let pows = count(n, ["POW", "POWs"], ["Военнопленного", "Военнопленных", "Военнопленных"]);
            en.push_str(&format!(": {} may leave solitary", pows.en));
            ru.push_str(&format!(": из Одиночки можно выпустить {}", pows.ru));
        }
    }
    if cards > 0 {
        let n = u64::from(cards);
        let drawn = count(n, ["card", "cards"], ["карта", "карты", "карт"]);
        en.push_str(&format!("; {} drawn", if cards == 1 { "a card".into() } else { drawn.en.to_string() }));
        ru.push_str(&if cards == 1 {
            "; вытянута карта".to_owned()
        } else {
            format!("; {} {}", ["вытянута", "вытянуты", "вытянуто"][russian(n)], drawn.ru)
        });
    }
    Text::new(en, ru)
}

/// A general search's result.
fn caught_text(n: usize) -> Text {
    if n == 0 {
        return Text::fixed("nobody caught", "никто не пойман");
    }
    let n = n as u64;
    let pows = count(
        n,
        ["refusing POW", "refusing POWs"],
        ["отказавшийся Военнопленный", "отказавшихся Военнопленных", "отказавшихся Военнопленных"],
    );
    Text::new(
        format!("{} caught, to solitary", pows.en),
        format!("{} {}, в Одиночку", ["пойман", "пойманы", "поймано"][russian(n)], pows.ru),
    )
}

/// Adds `p` to the outcome named `text`.
fn add(out: &mut Vec<Chance>, text: Text, p: f64) {
    match out.iter_mut().find(|c| c.text == text) {
        Some(c) => c.p += p,
        None => out.push(Chance { p, text }),
    }
}

/// Success at `p`, failure at `1 − p`, leaving out whichever cannot happen.
fn two(p: f64, success: Text, failure: Text) -> Vec<Chance> {
    [(p, success), (1.0 - p, failure)]
        .into_iter()
        .filter(|(p, _)| *p > 0.0)
        .map(|(p, text)| Chance { p, text })
        .collect()
}

/// The law of one chain of throws as `Colditz::throw_with_doubles` makes it
/// (a 2d6 throw, thrown again while [`throws_again`]), `made` throws of the
/// chain already made: each way it may end with its probability, ways that
/// end alike merged. A chain whose total reaches `cap` is cut off there (its
/// total `cap`, the rest not counted): classic doubles have no limit, and
/// past the number that settles a result further throws change nothing.
/// Without `detail` only totals are kept. Cost: one pass per throw of the
/// longest chain over the chains still going (at most one per total below
/// `cap` and count of doubles), 36 faces each.
pub(crate) fn chain_law(classic: bool, made: u32, cap: u32, detail: bool) -> Vec<(Throws, f64)> {
    let mut done: Vec<(Throws, f64)> = Vec::new();
    let mut going: Vec<(Throws, f64)> = vec![(Throws::new(false), 1.0)];
    let mut made = made;
    while !going.is_empty() {
        made += 1;
        let mut next: Vec<(Throws, f64)> = Vec::new();
        for (chain, p) in &going {
            for a in 1..=6u8 {
                for b in 1..=6u8 {
                    let mut t = chain.clone();
                    t.add((a, b));
                    t.count = 0;
                    if !detail {
                        (t.doubles, t.low, t.lucky) = (0, 0, 0);
                    }
                    let (to, t) = if t.total >= cap {
                        let mut lump = Throws::new(false);
                        lump.total = cap;
                        (&mut done, lump)
                    } else if throws_again(classic, (a, b), made) {
                        (&mut next, t)
                    } else {
                        (&mut done, t)
                    };
                    let p = p / 36.0;
                    match to.iter_mut().find(|(x, _)| *x == t) {
                        Some((_, q)) => *q += p,
                        None => to.push((t, p)),
                    }
                }
            }
        }
        going = next;
    }
    done
}

/// The probability that a number of chains of throws, that number drawn
/// alike from `chains`, adds up to `need` or more. `None` past [`MAX_NEED`].
/// Worked out as one less the chance of falling short, so that a result
/// that cannot fail comes out at exactly 1.
fn reach(classic: bool, chains: &[u32], need: u32) -> Option<f64> {
    if need > MAX_NEED || chains.is_empty() {
        return None;
    }
    let one = chain_law(classic, 0, need.max(1), false);
    let longest = chains.iter().copied().max().unwrap_or(0);
    // sums[t]: the chance that the chains so far total t, below `need`.
    let mut sums = vec![0.0; need as usize];
    if let Some(zero) = sums.first_mut() {
        *zero = 1.0;
    }
    let mut short = vec![0.0; longest as usize + 1];
    short[0] = sums.iter().sum();
    for k in 1..=longest {
        let mut next = vec![0.0; need as usize];
        for (t, &p) in sums.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            for (c, q) in &one {
                if let Some(x) = next.get_mut(t + c.total as usize) {
                    *x += p * q;
                }
            }
        }
        sums = next;
        short[k as usize] = sums.iter().sum();
    }
    let n = chains.len() as f64;
    let fail = chains.iter().map(|&k| short[k as usize]).sum::<f64>() / n;
    Some((1.0 - fail.min(1.0)).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(law: &[(Throws, f64)]) -> f64 {
        law.iter().map(|(_, p)| p).sum()
    }

    #[test]
    fn a_2016_chain_ends_in_1506_ways_and_doubles_come_at_one_in_six() {
        let law = chain_law(false, 0, u32::MAX, true);
        assert!((total(&law) - 1.0).abs() < 1e-12);
        let doubles: f64 = law.iter().filter(|(t, _)| t.doubles > 0).map(|(_, p)| p).sum();
        assert!((doubles - 1.0 / 6.0).abs() < 1e-12);
        let max = law.iter().map(|(t, _)| t.total).max();
        assert_eq!(max, Some(36), "three throws of 12 at most");
    }

    #[test]
    fn a_classic_chain_cut_at_a_total_sums_to_one() {
        let law = chain_law(true, 0, 30, false);
        assert!((total(&law) - 1.0).abs() < 1e-12);
        let tail: f64 = law.iter().filter(|(t, _)| t.total >= 30).map(|(_, p)| p).sum();
        assert!(tail > 0.0 && tail < 0.05);
    }

    #[test]
    fn one_chain_reaching_two_is_certain_and_thirteen_needs_a_double() {
        assert_eq!(reach(false, &[1], 2), Some(1.0));
        // 13 or more from one 2016 chain: a first double (1/6) then enough.
        let p = reach(false, &[1], 13).unwrap();
        assert!(p > 0.0 && p < 1.0 / 6.0);
    }
}
