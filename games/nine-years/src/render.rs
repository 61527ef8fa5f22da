//! The terminal's picture of a position, as the viewer may see it: the
//! tracks, the viewer's hand, then each theatre's spaces with troops,
//! sieges or markers, and the action under way.

use crate::ids::{Control, Side};
use crate::scenario::Region;
use crate::state::State;
use crate::NineYears;
use sandtable_core::Viewer;
use std::fmt::Write;

impl NineYears {
    pub(crate) fn render_text(&self, s: &State, viewer: Viewer, lang: &str) -> String {
        let ru = lang == "ru";
        let t = |en: &str, r: &str| if ru { r.to_owned() } else { en.to_owned() };
        let sc = &self.scenario;
        let v = self.make_view(s, viewer);
        let mut out = String::new();
        let side_name = |x: Side| if ru { x.name().ru.to_string() } else { x.name().en.to_string() };
        let ctl = |c: Control| match c.side() {
            Some(x) => side_name(x),
            None => t("nobody", "никто"),
        };
        let _ = writeln!(
            out,
            "{} {} · {} {} · {} {} · {} {:+} · {} {}/{}",
            t("Year", "Год"),
            s.year,
            t("step", "шаг"),
            if ru { s.phase.name().ru } else { s.phase.name().en },
            t("VP", "ПО"),
            s.vp,
            t("KWW", "ВКВ"),
            s.kww,
            t("RP", "ОР"),
            s.rp[0],
            s.rp[1]
        );
        let _ = writeln!(
            out,
            "{}: {} · {}: {} · {} {}",
            t("Atlantic", "Атлантика"),
            ctl(s.sea[0]),
            t("Mediterranean", "Средиземноморье"),
            ctl(s.sea[1]),
            t("initiative", "инициатива"),
            side_name(sc.initiative(s.year))
        );
        let _ = writeln!(
            out,
            "{}: {} {} · {} {} · {} {}",
            t("Cards", "Карточки"),
            side_name(Side::Alliance),
            v.hand_sizes[0],
            side_name(Side::Bourbon),
            v.hand_sizes[1],
            t("deck", "колода"),
            v.action_deck
        );
        if let Some(h) = v.hand {
            let _ = writeln!(out, "{}: {}×1 {}×2 {}×3", t("Your hand", "Ваша рука"), h[0], h[1], h[2]);
        }
        if !v.held.is_empty() {
            let names: Vec<String> = v
                .held
                .iter()
                .filter_map(|id| sc.event_by_id(id))
                .map(|e| if ru { sc.event(e).name.ru.to_string() } else { sc.event(e).name.en.to_string() })
                .collect();
            let _ = writeln!(out, "{}: {}", t("Held events", "Удержанные события"), names.join(", "));
        }
        for (region, _) in Region::ALL {
            let mut lines = Vec::new();
            for x in sc.space_ids().filter(|&x| sc.space(x).region == region) {
                let mut units = Vec::new();
                for l in sc.leader_ids() {
                    if s.leader(l).loc == crate::LeaderLoc::Space(x) {
                        let (ta, co) = self.ratings(s, l);
                        let name = if ru { &sc.leader(l).name.ru } else { &sc.leader(l).name.en };
                        let mark = if s.leader(l).demoralised { "*" } else { "" };
                        units.push(format!("{name} {ta}-{co}{mark}"));
                    }
                }
                let mut stacks: Vec<(String, bool, bool, usize)> = Vec::new();
                for c in sc.corps_ids() {
                    let st = s.corps(c);
                    if st.loc == crate::Loc::Space(x) {
                        let p = sc.power(sc.corps_power(c)).id.clone();
                        match stacks.iter_mut().find(|k| k.0 == p && k.1 == st.reduced && k.2 == st.demoralised) {
                            Some(k) => k.3 += 1,
                            None => stacks.push((p, st.reduced, st.demoralised, 1)),
                        }
                    }
                }
                for (p, r, d, k) in stacks {
                    // English shows the power's id, which is also its notation;
                    // Russian its name, with the id to type.
                    let name = match sc.power_by_id(&p) {
                        Some(id) if ru => format!("{} ({p})", sc.power(id).name.ru),
                        _ => p,
                    };
                    let reduced = if !r {
                        ""
                    } else if ru {
                        " осл."
                    } else {
                        "(r)"
                    };
                    units.push(format!("{k}×{name}{reduced}{}", if d { "*" } else { "" }));
                }
                let besieged = self.besieged(s, x);
                if units.is_empty() && !besieged && !s.famous[x.index()] {
                    continue;
                }
                let sp = sc.space(x);
                let name = if ru { &sp.name.ru } else { &sp.name.en };
                let fort = if sp.fortress > 0 {
                    format!(" [{}/{}]", s.strength[x.index()], sp.fortress)
                } else {
                    String::new()
                };
                let siege = if besieged { t(" besieged", " в осаде") } else { String::new() };
                lines.push(format!("  {} ({}){fort}{siege}: {}", name, ctl(s.control(x)), units.join(", ")));
            }
            if !lines.is_empty() {
                let _ = writeln!(out, "{}", if ru { region.name().ru } else { region.name().en });
                for l in lines {
                    let _ = writeln!(out, "{l}");
                }
            }
        }
        if let Some(f) = &v.force {
            let _ = writeln!(
                out,
                "{}: {} {} · {} · {} {}",
                t("Under way", "Выполняется"),
                f.kind,
                f.space.clone().unwrap_or_default(),
                f.leaders.join(", "),
                f.corps.len(),
                t("corps", "корп.")
            );
        }
        if let Some(p) = &v.pending {
            let _ = writeln!(out, "{}: {p}", t("Decision owed", "Ожидается решение"));
        }
        out
    }
}
