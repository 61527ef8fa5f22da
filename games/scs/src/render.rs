//! The board as text for a terminal: turn, phase, every stack as the
//! viewer sees it, the fight under way.

use crate::view::View;
use crate::Scs;
use crate::State;
use sandtable_core::Viewer;
use std::fmt::Write;

impl Scs {
    pub(crate) fn render_text(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        let v: View = self.make_view(s, viewer);
        let ru = lang == "ru";
        let mut out = String::new();
        let side_name = |id: &str| {
            self.scenario.sides.iter().find(|x| x.id == id).map(|x| x.name.get(lang).to_string()).unwrap_or_default()
        };
        let phase = match (v.phase, ru) {
            (crate::Phase::SetUp, false) => "Set-up",
            (crate::Phase::SetUp, true) => "Расстановка",
            (crate::Phase::Movement, false) => "Movement Phase",
            (crate::Phase::Movement, true) => "Фаза движения",
            (crate::Phase::Combat, false) => "Combat Phase",
            (crate::Phase::Combat, true) => "Фаза боя",
            (crate::Phase::Exploitation, false) => "Exploitation Phase",
            (crate::Phase::Exploitation, true) => "Фаза развития",
            (crate::Phase::Over, false) => "Game over",
            (crate::Phase::Over, true) => "Игра окончена",
        };
        let _ = writeln!(
            out,
            "{} — {} {}/{} ({}) — {}: {}",
            self.scenario.name.get(lang),
            if ru { "ход" } else { "turn" },
            v.turn,
            v.turns,
            v.turn_name.get(lang),
            side_name(&v.player),
            phase
        );
        let _ = writeln!(
            out,
            "{}: {} {} — {} {}",
            if ru { "ПО" } else { "VP" },
            side_name(&self.scenario.sides[0].id),
            v.vp[0],
            side_name(&self.scenario.sides[1].id),
            v.vp[1]
        );
        for st in &v.stacks {
            let shown: Vec<String> = v
                .units
                .iter()
                .filter(|u| u.hex.as_deref() == Some(st.hex.as_str()))
                .map(|u| {
                    let mut t = format!("{} {}-{}-{}", u.id, u.attack, u.defence, u.movement);
                    if u.steps > 1 {
                        let _ = write!(t, " [{}/{}]", u.steps - u.lost, u.steps);
                    }
                    if let Some(m) = &u.mp_left {
                        let _ = write!(t, " {}{m}", if ru { "ОД " } else { "MP " });
                    }
                    if u.oos {
                        t.push_str(if ru { " без снабжения" } else { " OOS" });
                    }
                    if u.dg {
                        t.push_str(" DG");
                    }
                    t
                })
                .collect();
            let hidden = usize::from(st.count).saturating_sub(shown.len());
            let _ = write!(out, "  {} {}: {}", st.hex, side_name(&st.side), shown.join("; "));
            if hidden > 0 {
                let _ = write!(out, " (+{hidden} {})", if ru { "скрыто" } else { "hidden" });
            }
            out.push('\n');
        }
        if !v.force.is_empty() {
            let _ = writeln!(out, "{}: {}", if ru { "движется" } else { "moving" }, v.force.join(", "));
        }
        if let Some(f) = &v.fight {
            let _ = writeln!(
                out,
                "{} {:?} → {}: {} vs {} {}",
                if ru { "бой" } else { "fight" },
                f.kind,
                f.target,
                f.attackers.join(", "),
                f.defenders.join(", "),
                f.odds
                    .as_deref()
                    .map(|o| format!(
                        "({o}, {} {})",
                        if ru { "колонка" } else { "column" },
                        f.column.clone().unwrap_or_default()
                    ))
                    .unwrap_or_default()
            );
            if let Some(r) = &f.result {
                let _ = writeln!(out, "  2d6 {} → {r}", f.roll.unwrap_or(0));
            }
        }
        out
    }
}
