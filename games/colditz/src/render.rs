//! The game as text for a terminal: the turn, then every pawn by area.

use crate::board::Zone;
use crate::pawn::GERMAN;
use crate::state::Phase;
use crate::Colditz;
use crate::State;
use sandtable_core::Viewer;
use std::fmt::Write;

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
        let _ = writeln!(
            out,
            "{} {:?} (cutters, pass, key, rope)  {} {}  {} {}/{}",
            if ru { "Экипировка в стопках:" } else { "Equipment stacks:" },
            s.stock,
            if ru { "Комплекты:" } else { "kits:" },
            s.kit_stock,
            if ru { "колоды:" } else { "decks:" },
            v.decks[0],
            v.decks[1]
        );
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
        let guards: Vec<String> = s
            .present()
            .filter(|p| p.is_guard())
            .map(|g| match s.pawn(g).circle() {
                Some(c) => format!("{}@{}", g.code(), self.board.key(c)),
                None => format!("{}:{:?}", g.code(), s.pawn(g).loc).to_lowercase(),
            })
            .collect();
        let _ = writeln!(out, "{} {}", if ru { "Охрана:" } else { "Guards:" }, guards.join(" "));
        let _ = writeln!(out, "{} {}", if ru { "карт у Офицера Охраны:" } else { "German cards:" }, v.security_cards);
        if let Some(h) = &v.security_hand {
            let _ = writeln!(out, "  {}", h.join(", "));
        }
        for o in &v.officers {
            let pows: Vec<String> = s
                .present()
                .filter(|q| q.nation() == Some(o.nation))
                .map(|q| match s.pawn(q).circle() {
                    Some(c) => format!(
                        "{}@{} ({}{})",
                        q.code(),
                        self.board.key(c),
                        area(c),
                        if s.pawn(q).in_tunnel { ", tunnel" } else { "" }
                    ),
                    None => format!("{}:{:?}", q.code(), s.pawn(q).loc).to_lowercase(),
                })
                .collect();
            let _ = writeln!(
                out,
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
            );
            if let Some(k) = o.kinds {
                let _ = writeln!(
                    out,
                    "  {} {:?}",
                    if ru {
                        "Экипировка (кусачки, пропуск, ключ, верёвка):"
                    } else {
                        "equipment (cutters, pass, key, rope):"
                    },
                    k
                );
            }
            if let Some(h) = &o.hand {
                let _ = writeln!(out, "  {} {}", if ru { "карты:" } else { "cards:" }, h.join(", "));
            }
            let _ = writeln!(out, "  {}", pows.join("  "));
        }
        if !v.markers.is_empty() {
            let m: Vec<String> = v.markers.iter().map(|(a, b, n)| format!("{a}→{b} ({})", n.id())).collect();
            let _ = writeln!(
                out,
                "{} {}",
                if ru { "Маркеры Попытки Бегства:" } else { "Escape Attempt markers:" },
                m.join(", ")
            );
        }
        let _ = GERMAN;
        out
    }
}
