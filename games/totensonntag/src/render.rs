//! The board as text for a terminal: an offset hex map (north up), then the
//! stacks, the initiative track and the victory points.

use crate::map::Terrain;
use crate::occupancy::Occupancy;
use crate::state::{Phase, Pos, State};
use crate::unit::Side;
use crate::view::SecretView;
use crate::Totensonntag;
use sandtable_core::Viewer;
use std::fmt::Write;

impl Totensonntag {
    /// Draws the game for `viewer` in `lang` ("en" or "ru").
    pub(crate) fn render_text(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        let ru = lang == "ru";
        let grid = &self.map.grid;
        let occ = Occupancy::of(self, s);
        let view = self.make_view(s, viewer);
        let mut out = String::new();
        let phase = match s.phase {
            Phase::InitiativePick => {
                if ru {
                    "выбор УИ".to_owned()
                } else {
                    "initiative pick".to_owned()
                }
            }
            Phase::InitiativeShift { side } => {
                format!("{} {}", if ru { "сдвиг УИ:" } else { "initiative shift:" }, side.name().get(lang))
            }
            Phase::Impulse { side, .. } => {
                format!("{} {}", if ru { "импульс:" } else { "impulse:" }, side.name().get(lang))
            }
            Phase::Overstack { side, .. } => {
                format!("{} {}", if ru { "группирование:" } else { "overstacking:" }, side.name().get(lang))
            }
            Phase::Night { side } => format!("{} {}", if ru { "ночь:" } else { "night:" }, side.name().get(lang)),
            Phase::Over => (if ru { "конец игры" } else { "game over" }).to_owned(),
        };
        let _ = writeln!(
            out,
            "{} {}/{} ({})  {} {}/{}  {}",
            if ru { "Ход" } else { "Turn" },
            s.turn,
            self.scenario.turns,
            view.date,
            if ru { "пара" } else { "pair" },
            s.pair,
            s.pairs,
            phase
        );
        let secret = |x: &SecretView| match x {
            SecretView::None => String::new(),
            SecretView::Hidden(true) => (if ru { " (выбор сделан)" } else { " (has chosen)" }).into(),
            SecretView::Hidden(false) => (if ru { " (выбирает)" } else { " (choosing)" }).into(),
            SecretView::Mine(0) => (if ru { " (вы бросаете)" } else { " (you roll)" }).into(),
            SecretView::Mine(n) => format!("{} {n}", if ru { " (ваш выбор:" } else { " (your pick:" }) + ")",
        };
        let _ = writeln!(
            out,
            "{} {} {}{}  {} {}{}   VP/ПО {}  Tobruk {}/9",
            if ru { "УИ:" } else { "IL:" },
            Side::Axis.name().get(lang),
            s.level[0],
            secret(&view.secret[0]),
            Side::Allies.name().get(lang),
            s.level[1],
            secret(&view.secret[1]),
            view.victory.total,
            s.exited
        );
        // Column header, then rows from the north edge (Q) down to A.
        let mut header = String::from("    ");
        for c in 1..=grid.spec().columns {
            let _ = write!(header, "{c:<4}");
        }
        let _ = writeln!(out, "{header}");
        for row in (0..grid.spec().rows).rev() {
            let letter = (b'A' + row as u8) as char;
            let mut line = format!("{letter}   ");
            if row % 2 == 1 {
                line.push_str("  ");
            }
            for col in 0..grid.spec().columns {
                let Some(h) = grid.at(col, row) else { continue };
                let info = self.map.info(h);
                let cell = match occ.holder(h) {
                    Some(side) => format!("{}{}", if side == Side::Axis { 'X' } else { 'A' }, occ.count(h, side)),
                    None => {
                        let t = match info.terrain {
                            Terrain::Open => '.',
                            Terrain::Rough => '%',
                            Terrain::Escarpment => '^',
                            Terrain::Impassable => '#',
                        };
                        let mark = if self.map.vp.contains(&h) {
                            '$'
                        } else if h == self.map.exit {
                            '>'
                        } else if info.point {
                            '*'
                        } else if info.entrenched {
                            '+'
                        } else {
                            ' '
                        };
                        format!("{t}{mark}")
                    }
                };
                let _ = write!(line, "{cell:<4}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let _ = writeln!(
            out,
            "{}",
            if ru {
                "X = Ось, A = Союзники (число = юнитов); . открыто % неровно ^ возвышенность # непроходимо; $ ПО, > выход Q2, * ключевая точка, + укрепление"
            } else {
                "X = Axis, A = Allies (digit = units); . open % rough ^ escarpment # impassable; $ VP hex, > Q2 exit, * point, + entrenchment"
            }
        );
        // Stacks, top unit first.
        for h in grid.ids() {
            let mut here: Vec<_> = self.scenario.unit_ids().filter(|&u| s.hex_of(u) == Some(h)).collect();
            if here.is_empty() {
                continue;
            }
            here.sort_by_key(|&u| std::cmp::Reverse(s.unit(u).order));
            let place = self
                .map
                .places
                .iter()
                .find(|p| p.hex == h)
                .map(|p| format!(" ({})", p.name.get(lang)))
                .unwrap_or_default();
            let list: Vec<String> = here
                .iter()
                .map(|&u| {
                    let spec = self.scenario.unit(u);
                    let active = if s.active == Some(u) { format!(" {}MP", s.unit(u).mp) } else { String::new() };
                    format!(
                        "{} {}/{} DR{} IR{}{}",
                        spec.code,
                        self.strength(s, u),
                        spec.strength,
                        spec.defence,
                        spec.initiative,
                        active
                    )
                })
                .collect();
            let side = if self.side(here[0]) == Side::Axis { 'X' } else { 'A' };
            let _ = writeln!(out, "  {}{place} {side}: {}", grid.label(h), list.join(" | "));
        }
        let waiting: Vec<String> = self
            .scenario
            .unit_ids()
            .filter(|&u| self.arrived(s, u))
            .map(|u| self.scenario.unit(u).code.clone())
            .collect();
        if !waiting.is_empty() {
            let _ = writeln!(
                out,
                "{} {}",
                if ru { "Подкрепления готовы:" } else { "Reinforcements ready:" },
                waiting.join(" ")
            );
        }
        let gone: Vec<String> = self
            .scenario
            .unit_ids()
            .filter(|&u| s.unit(u).pos == Pos::Destroyed)
            .map(|u| self.scenario.unit(u).code.clone())
            .collect();
        if !gone.is_empty() {
            let _ = writeln!(out, "{} {}", if ru { "Уничтожены:" } else { "Destroyed:" }, gone.join(" "));
        }
        out
    }
}
