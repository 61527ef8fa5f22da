//! Positions as data: a state read from JSON checked before play starts
//! from it — every table the scenario's size, every id in range, every
//! card accounted for once, tracks within bounds, the step of the turn
//! consistent — each problem named with where it is. O(spaces + counters +
//! cards).

use crate::ids::{Control, Side, SpaceId};
use crate::state::{FleetLoc, ForceKind, LeaderLoc, Loc, Pending, Phase, Savoy, State};
use crate::NineYears;
use sandtable_core::{PositionError, PositionErrors, Ruleset, ToAct};

impl NineYears {
    pub(crate) fn validate_position(&self, s: &State) -> Result<(), Vec<PositionError>> {
        let sc = &self.scenario;
        let mut e = PositionErrors::default();
        let n = sc.spaces.len();
        let len_ok = |what: &'static str, len: usize, want: usize, e: &mut PositionErrors| {
            e.check(
                len == want,
                || what.into(),
                || format!("{len} entries, the scenario has {want}"),
                || format!("{len} записей, в сценарии {want}"),
            );
        };
        len_ok("control", s.control.len(), n, &mut e);
        len_ok("strength", s.strength.len(), n, &mut e);
        len_ok("lines", s.lines.len(), n, &mut e);
        len_ok("continued", s.continued.len(), n, &mut e);
        len_ok("famous", s.famous.len(), n, &mut e);
        len_ok("corps", s.corps.len(), sc.corps.len(), &mut e);
        len_ok("leaders", s.leaders.len(), sc.leaders.len(), &mut e);
        len_ok("fleets", s.fleets.len(), sc.fleets.len(), &mut e);
        len_ok("formed", s.formed.len(), sc.powers.len(), &mut e);
        len_ok("rebuilt", s.rebuilt.len(), sc.powers.len(), &mut e);
        if !e.is_empty() {
            return e.finish();
        }
        e.check(
            (sc.first_year..=sc.last_year).contains(&s.year),
            || "year".into(),
            || format!("{} is not a year of the scenario ({}-{})", s.year, sc.first_year, sc.last_year),
            || format!("{} — не год сценария ({}–{})", s.year, sc.first_year, sc.last_year),
        );
        e.check(s.vp <= 40, || "vp".into(), || "the VP track runs 0-40".into(), || "трек ПО — от 0 до 40".into());
        e.check(
            (-2..=2).contains(&s.kww),
            || "kww".into(),
            || "the KWW marker is -2..2".into(),
            || "маркер KWW — от -2 до 2".into(),
        );
        e.check(s.idx <= 2, || "idx".into(), || "idx is 0, 1 or 2".into(), || "idx — 0, 1 или 2".into());
        e.check(
            s.ap <= 9,
            || "ap".into(),
            || "at most 9 actions a round".into(),
            || "не более 9 действий за раунд".into(),
        );
        let space_ok = |x: SpaceId| x.index() < n;
        for x in sc.space_ids() {
            let i = x.index();
            let sp = sc.space(x);
            e.check(
                s.strength[i] <= sp.fortress,
                || format!("strength[{i}] ({})", sp.id),
                || "above the printed fortress strength".into(),
                || "выше напечатанной силы крепости".into(),
            );
            e.check(
                s.lines[i].level <= 2 && (s.lines[i].level == 0) == s.lines[i].side.is_none(),
                || format!("lines[{i}] ({})", sp.id),
                || "a line is level 0-2 and has a builder when built".into(),
                || "линия — уровня 0–2, у построенной есть строитель".into(),
            );
            let neutral_ok =
                matches!(sp.region, crate::Region::Savoy | crate::Region::Portugal) || sp.control == Control::None;
            e.check(
                s.control[i] != Control::None || neutral_ok,
                || format!("control[{i}] ({})", sp.id),
                || "only Savoy's and Portugal's spaces are neutral".into(),
                || "нейтральны только области Савойи и Португалии".into(),
            );
            if s.control[i] == Control::None {
                e.check(
                    !Side::ALL.iter().any(|&side| self.has_units(s, x, side)),
                    || format!("control[{i}] ({})", sp.id),
                    || "troops in a neutral space (7.2.1)".into(),
                    || "войска в нейтральной области (7.2.1)".into(),
                );
            }
            if self.savoyard(x) && sp.control == Control::None {
                e.check(
                    s.savoy == Savoy::Allied || s.control[i] == Control::None,
                    || format!("control[{i}] ({})", sp.id),
                    || "Savoy's spaces are neutral while Savoy is".into(),
                    || "области Савойи нейтральны, пока нейтральна она".into(),
                );
            }
        }
        for (i, c) in s.corps.iter().enumerate() {
            let at = || format!("corps[{i}] ({})", sc.power(sc.corps[i].power).id);
            if let Loc::Space(x) = c.loc {
                e.check(space_ok(x), at, || "space out of range".into(), || "область вне диапазона".into());
            } else {
                e.check(
                    !c.demoralised && !c.activated && (c.loc != Loc::Pool || !c.reduced),
                    at,
                    || "off the map, yet reduced, demoralised or activated".into(),
                    || "вне карты, но ослаблен, деморализован или активирован".into(),
                );
            }
            let power = sc.corps[i].power;
            if power == sc.named.savoy && s.savoy == Savoy::Out {
                e.check(
                    c.loc == Loc::Removed,
                    at,
                    || "Savoy is out of the war: its corps are removed".into(),
                    || "Савойя вышла из войны: её корпуса удалены".into(),
                );
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if let LeaderLoc::Space(x) = l.loc {
                e.check(
                    space_ok(x),
                    || format!("leaders[{i}]"),
                    || "space out of range".into(),
                    || "область вне диапазона".into(),
                );
            }
        }
        // Every action card once: deck, hands, discard.
        let mut cards = [0usize; 3];
        for &v in s.action_deck.cards().chain(&s.action_discard) {
            if (1..=3).contains(&v) {
                cards[usize::from(v - 1)] += 1;
            }
        }
        for h in &s.hands {
            for (k, &c) in h.iter().enumerate() {
                cards[k] += usize::from(c);
            }
        }
        for side in Side::ALL {
            if let Some(v) = s.known[side.index()] {
                e.check(
                    (1..=3).contains(&v) && s.hands[side.index()][usize::from(v - 1)] > 0,
                    || format!("known[{}]", side.index()),
                    || "a card known to be in a hand is not in it".into(),
                    || "известной карточки нет в руке".into(),
                );
            }
        }
        let mut want = [0usize; 3];
        for &v in &sc.actions {
            want[usize::from(v - 1)] += 1;
        }
        e.check(
            cards == want,
            || "action_deck".into(),
            || format!("action cards by value {cards:?}, the deck has {want:?}"),
            || format!("карточек действий по номиналам {cards:?}, в колоде {want:?}"),
        );
        // Every event card once: deck, held, gone, or (early in the game) not yet added.
        let mut seen = vec![0u8; sc.events.len()];
        let all = s.event_deck.cards().chain(s.held[0].iter()).chain(s.held[1].iter()).chain(s.gone.iter());
        for &ev in all {
            if let Some(k) = seen.get_mut(ev.index()) {
                *k += 1;
            } else {
                e.check(
                    false,
                    || "event_deck".into(),
                    || "an event card out of range".into(),
                    || "карточка события вне диапазона".into(),
                );
            }
        }
        for (side, held) in s.held.iter().enumerate() {
            for &ev in held {
                e.check(
                    sc.events.get(ev.index()).is_some_and(|c| c.hold),
                    || format!("held[{side}]"),
                    || "only \"hold until played\" cards are held; any other is played at once (9.2.1)".into(),
                    || "удерживать можно только карточки «Удерживайте пока не разыграете»; остальные разыгрываются сразу (9.2.1)".into(),
                );
            }
        }
        for (i, &k) in seen.iter().enumerate() {
            let late_waiting = sc.events[i].late && !s.late_added;
            e.check(
                k == u8::from(!late_waiting),
                || format!("events ({})", sc.events[i].id),
                || format!("the card is in {k} places"),
                || format!("карточка находится в {k} местах"),
            );
        }
        for (f, st) in s.fleets.iter().enumerate() {
            let spec = &sc.fleets[f];
            let controls = s.sea[spec.sea.index()].is(spec.side);
            e.check(
                (*st == FleetLoc::Control) == controls || *st == FleetLoc::Removed,
                || format!("fleets[{f}] ({})", spec.id),
                || "a fleet is in its control box exactly when its side controls the zone (10.1)".into(),
                || "флот в ячейке контроля тогда и только тогда, когда его сторона контролирует зону (10.1)".into(),
            );
            if let FleetLoc::Port(k) = st {
                e.check(
                    (1..=2).contains(k),
                    || format!("fleets[{f}]"),
                    || "strength 1 or 2".into(),
                    || "сила 1 или 2".into(),
                );
            }
        }
        // The step of the turn.
        e.check(
            s.force.is_none() || s.phase == Phase::Round,
            || "force".into(),
            || "an action under way outside an action round".into(),
            || "действие вне раунда действий".into(),
        );
        e.check(
            s.pending.is_none() || s.phase == Phase::Round,
            || "pending".into(),
            || "a decision owed outside an action round".into(),
            || "решение вне раунда действий".into(),
        );
        if let Some(f) = &s.force {
            e.check(
                f.kind == ForceKind::Transfer || space_ok(f.space),
                || "force.space".into(),
                || "space out of range".into(),
                || "область вне диапазона".into(),
            );
            for &c in &f.corps {
                e.check(
                    c.index() < s.corps.len() && s.corps(c).loc == Loc::Space(f.space),
                    || "force.corps".into(),
                    || "a corps of the force is not with it".into(),
                    || "корпус армии находится не с ней".into(),
                );
            }
            for &l in &f.leaders {
                e.check(
                    l.index() < s.leaders.len() && s.leader(l).loc == LeaderLoc::Space(f.space),
                    || "force.leaders".into(),
                    || "a leader of the force is not with it".into(),
                    || "лидер армии находится не с ней".into(),
                );
            }
        }
        if let Some(Pending::Intercept(x) | Pending::Garrison(x) | Pending::Retreat(x)) = s.pending {
            e.check(
                space_ok(x),
                || "pending".into(),
                || "space out of range".into(),
                || "область вне диапазона".into(),
            );
        }
        e.check(
            (s.phase == Phase::Over) == s.end.is_some(),
            || "end".into(),
            || "the game is over exactly when it has an end".into(),
            || "игра окончена тогда и только тогда, когда указан её итог".into(),
        );
        if !e.is_empty() {
            return e.finish();
        }
        // Whoever must act has something to do.
        if let ToAct::Seats(seats) = self.to_act(s) {
            let mut buf = Vec::new();
            for seat in seats.iter() {
                buf.clear();
                self.legal_actions(s, seat, &mut buf);
                e.check(
                    !buf.is_empty(),
                    || "phase".into(),
                    || "the player to act has no legal action".into(),
                    || "у игрока, который должен ходить, нет допустимых действий".into(),
                );
            }
        }
        e.finish()
    }
}
