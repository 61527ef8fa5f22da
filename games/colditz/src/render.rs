//! The game as text for a terminal: the turn, a map of the board around
//! the side to act (for a seat; the whole castle for a spectator: see
//! `render_map.rs`), then the decks, hands and every pawn by area. No line
//! is wider than 100 columns.

use crate::board::Zone;
use crate::state::Phase;
use crate::Colditz;
use crate::State;
use map::{wrap, WIDTH};
use sandtable_core::Viewer;
use std::fmt::Write;

#[path = "render_map.rs"]
mod map;

impl Colditz {
    pub(crate) fn render_text(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        let ru = lang == "ru";
        let v = self.make_view(s, viewer);
        let mut out = String::new();
        let who = self.info.seats[usize::from(s.turn)].name.get(lang).to_owned();
        let phase = match s.phase {
            Phase::SetupGuards => {
                if ru {
                    "расстановка Охраны"
                } else {
                    "guard set-up"
                }
            }
            Phase::NextOfficer => {
                if ru {
                    "кто из Офицеров Беглецов ходит"
                } else {
                    "which officer goes next"
                }
            }
            Phase::Roll => {
                if ru {
                    "бросок"
                } else {
                    "roll"
                }
            }
            Phase::Move => {
                if ru {
                    "движение"
                } else {
                    "move"
                }
            }
            Phase::AppelAnswer => {
                if ru {
                    "Сбор: ответы"
                } else {
                    "Appel: answers"
                }
            }
            Phase::AppelSearch => {
                if ru {
                    "Сбор: Общий Обыск?"
                } else {
                    "Appel: general search?"
                }
            }
            Phase::Over => {
                if ru {
                    "конец игры"
                } else {
                    "game over"
                }
            }
        };
        let _ = writeln!(
            out,
            "{} {}  {}: {who}  {phase}  {} {}",
            if ru { "Раунд" } else { "Round" },
            s.round,
            if ru { "ход" } else { "turn" },
            if ru { "ОД" } else { "MP" },
            s.mp
        );
        // The map: close around the side to act for a seat, the whole castle
        // for a spectator.
        let acting = self.acting_pawns(s);
        for line in self.board_map(s, &acting, matches!(viewer, Viewer::Seat(_)), lang) {
            let _ = writeln!(out, "{line}");
        }
        let mut lines: Vec<String> = Vec::new();
        lines.push(format!(
            "{} {:?} (cutters, pass, key, rope)  {} {}  {} {}/{}",
            if ru { "Экипировка в стопках:" } else { "Equipment stacks:" },
            s.stock,
            if ru { "Комплекты:" } else { "kits:" },
            s.kit_stock,
            if ru { "колоды:" } else { "decks:" },
            v.decks[0],
            v.decks[1]
        ));
        let area = |c: crate::CircleId| -> String {
            match self.board.circle(c).zone {
                Zone::Appel => (if ru { "Сбор" } else { "Appel" }).into(),
                Zone::Inner => (if ru { "Внутренний Двор" } else { "inner courtyard" }).into(),
                Zone::Room(r) => self.board.rooms[r as usize].name.get(lang).to_owned(),
                Zone::Outer => (if ru { "Внешний Двор" } else { "outer courtyard" }).into(),
                Zone::Outside => (if ru { "Возле Замка" } else { "outside" }).into(),
                Zone::CellInner | Zone::CellOuter => (if ru { "Одиночка" } else { "solitary" }).into(),
            }
        };
        // Guards on circles one by one; the others grouped by where they are.
        let mut guards: Vec<String> = Vec::new();
        let mut held: Vec<(String, Vec<String>)> = Vec::new();
        for g in s.present().filter(|p| p.is_guard()) {
            match s.pawn(g).circle() {
                Some(c) => guards.push(format!("{}@{}", g.code(), self.board.key(c))),
                None => {
                    let place = format!("{:?}", s.pawn(g).loc).to_lowercase();
                    match held.iter_mut().find(|(p, _)| *p == place) {
                        Some((_, list)) => list.push(g.code()),
                        None => held.push((place, vec![g.code()])),
                    }
                }
            }
        }
        guards.extend(held.into_iter().map(|(place, list)| format!("{place}: {}", list.join(" "))));
        wrap(&mut lines, if ru { "Охрана:" } else { "Guards:" }, &guards, "");
        lines.push(format!("{} {}", if ru { "карт у Офицера Охраны:" } else { "German cards:" }, v.security_cards));
        if let Some(h) = v.security_hand.as_ref().filter(|h| !h.is_empty()) {
            wrap(&mut lines, "  ", h, ",");
        }
        for o in &v.officers {
            let pows: Vec<String> = s
                .present()
                .filter(|q| q.nation() == Some(o.nation))
                .map(|q| match s.pawn(q).circle() {
                    Some(c) => format!(
                        "{}@{} ({}{}) ",
                        q.code(),
                        self.board.key(c),
                        area(c),
                        match (s.pawn(q).in_tunnel, ru) {
                            (false, _) => "",
                            (true, false) => ", tunnel",
                            (true, true) => ", в Тоннеле",
                        }
                    ),
                    None => format!("{}:{:?} ", q.code(), s.pawn(q).loc).to_lowercase(),
                })
                .collect();
            lines.push(format!(
                "{}: {} {} {}, {} {}, {}{}",
                o.nation.name().get(lang),
                if ru { "побегов" } else { "escapes" },
                o.escapes,
                if o.kit {
                    if ru {
                        "Комплект есть"
                    } else {
                        "kit"
                    }
                } else if ru {
                    "без Комплекта"
                } else {
                    "no kit"
                },
                if ru { "Экипировка" } else { "equipment" },
                o.equipment,
                if ru { "карт " } else { "cards " },
                o.cards
            ));
            if let Some(k) = o.kinds {
                lines.push(format!(
                    "  {} {:?}",
                    if ru {
                        "Экипировка (кусачки, пропуск, ключ, верёвка):"
                    } else {
                        "equipment (cutters, pass, key, rope):"
                    },
                    k
                ));
            }
            if let Some(h) = o.hand.as_ref().filter(|h| !h.is_empty()) {
                wrap(&mut lines, if ru { "  карты:" } else { "  cards:" }, h, ",");
            }
            wrap(&mut lines, "  ", &pows, "");
        }
        if !v.markers.is_empty() {
            let m: Vec<String> = v.markers.iter().map(|(a, b, n)| format!("{a}→{b} ({})", n.id())).collect();
            wrap(&mut lines, if ru { "Маркеры Попытки Бегства:" } else { "Escape Attempt markers:" }, &m, ",");
        }
        for line in lines {
            let line = line.trim_end();
            debug_assert!(line.chars().count() <= WIDTH, "a render line wider than {WIDTH}: {line}");
            let _ = writeln!(out, "{line}");
        }
        out
    }
}
