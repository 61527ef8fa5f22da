//! Actions and their canonical notation.
//!
//! | notation | meaning | rule |
//! |---|---|---|
//! | `pick 3` | choose initiative level 3 instead of rolling (secret) | 2.1, 2.2 |
//! | `roll` | decline the pick and roll | 2.1 |
//! | `shift +1` / `shift -1` / `shift 0` | adjust the rolled level | 2.1 |
//! | `move pr8-1 M8` | the unit steps into an adjacent hex | 6.0 |
//! | `enter nz24 N18` | a reinforcement enters at an entry hex | 6.1 |
//! | `exit 3rtr` | an Allied unit in Q2 leaves for Tobruk (2 MP) | 6.2 |
//! | `attack pr8-1 M8` | attack (or overrun, if it moved) the top unit in M8 | 7.0–7.2, 7.5 |
//! | `bombard ar33 nz25 spot sr115` | artillery fires at a unit, spotted by another | 7.4 |
//! | `advance pr8-1 M8` | advance after combat into a cleared hex | 7.3 |
//! | `top pr8-1` | put the unit on top of its stack | 4.0 |
//! | `end` | end the impulse | 2.0 |
//! | `eliminate pr8-1` | remove a unit from an overstacked hex | 4.0 |
//! | `recover` | make all night recovery rolls | 8.0, 8.1 |

use crate::unit::UnitId;
use crate::Totensonntag;
use sandtable_board::HexId;
use sandtable_core::{ParseError, Text};

/// One decision. 6 bytes, `Copy`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Pick an initiative level 1–6 (2.1 level-6 privilege, 2.2 surprise).
    Pick(u8),
    /// Roll instead of picking.
    Roll,
    /// Shift the rolled level by −1, 0 or +1 (2.1 level-5 privilege).
    Shift(i8),
    /// Step into an adjacent hex.
    Move(UnitId, HexId),
    /// Enter from off the map.
    Enter(UnitId, HexId),
    /// Exit through Q2.
    Exit(UnitId),
    /// Attack or overrun the top enemy unit in an adjacent hex.
    Attack(UnitId, HexId),
    /// Bombard: artillery, target, spotter.
    Bombard(UnitId, UnitId, UnitId),
    /// Advance after combat.
    Advance(UnitId, HexId),
    /// Put a unit on top of its stack.
    Top(UnitId),
    /// End the impulse.
    End,
    /// Remove a unit from an overstacked hex.
    Eliminate(UnitId),
    /// Night recovery rolls.
    Recover,
}

impl Totensonntag {
    /// Canonical text of an action.
    pub fn format_action(&self, a: Action) -> String {
        let u = |u: UnitId| self.scenario.unit(u).code.as_str();
        let h = |h: HexId| self.map.grid.label(h);
        match a {
            Action::Pick(n) => format!("pick {n}"),
            Action::Roll => "roll".into(),
            Action::Shift(d) => match d {
                1 => "shift +1".into(),
                -1 => "shift -1".into(),
                _ => "shift 0".into(),
            },
            Action::Move(x, to) => format!("move {} {}", u(x), h(to)),
            Action::Enter(x, to) => format!("enter {} {}", u(x), h(to)),
            Action::Exit(x) => format!("exit {}", u(x)),
            Action::Attack(x, to) => format!("attack {} {}", u(x), h(to)),
            Action::Bombard(a, t, s) => format!("bombard {} {} spot {}", u(a), u(t), u(s)),
            Action::Advance(x, to) => format!("advance {} {}", u(x), h(to)),
            Action::Top(x) => format!("top {}", u(x)),
            Action::End => "end".into(),
            Action::Eliminate(x) => format!("eliminate {}", u(x)),
            Action::Recover => "recover".into(),
        }
    }

    /// An action as a player reads it, in English and in the Russian rule
    /// text's terms (УИ, стремительная атака, артобстрел…); unit codes and
    /// hex labels stay as printed.
    pub fn action_label(&self, a: Action) -> Text {
        let u = |u: UnitId| self.scenario.unit(u).code.as_str();
        let h = |h: HexId| self.map.grid.label(h);
        match a {
            Action::Pick(n) => Text::new(format!("pick initiative level {n}"), format!("выбрать УИ {n}")),
            Action::Roll => Text::fixed("roll for initiative", "бросок на инициативу"),
            Action::Shift(0) => Text::fixed("keep the rolled level", "оставить выпавший УИ"),
            Action::Shift(d) => Text::new(format!("shift the level by {d:+}"), format!("сдвинуть УИ на {d:+}")),
            Action::Move(x, to) => {
                Text::new(format!("{} moves to {}", u(x), h(to)), format!("{}: движение в {}", u(x), h(to)))
            }
            Action::Enter(x, to) => {
                Text::new(format!("{} enters at {}", u(x), h(to)), format!("{}: ввод в игру в {}", u(x), h(to)))
            }
            Action::Exit(x) => {
                Text::new(format!("{} leaves toward Tobruk", u(x)), format!("{}: выход к Тобруку", u(x)))
            }
            Action::Attack(x, to) => {
                Text::new(format!("{} attacks {}", u(x), h(to)), format!("{}: атака на {}", u(x), h(to)))
            }
            Action::Bombard(a, t, s) => Text::new(
                format!("{} bombards {}, {} spotting", u(a), u(t), u(s)),
                format!("{}: артобстрел по {}, наводит {}", u(a), u(t), u(s)),
            ),
            Action::Advance(x, to) => Text::new(
                format!("{} advances into {}", u(x), h(to)),
                format!("{}: продвижение после атаки в {}", u(x), h(to)),
            ),
            Action::Top(x) => {
                Text::new(format!("{} to the top of its hex", u(x)), format!("{}: наверх группы в гексе", u(x)))
            }
            Action::End => Text::fixed("end the impulse", "закончить импульс"),
            Action::Eliminate(x) => Text::new(
                format!("remove {} (more than three in the hex)", u(x)),
                format!("уничтожить {} (в гексе больше трёх юнитов)", u(x)),
            ),
            Action::Recover => Text::fixed("roll the night's recovery", "броски на восстановление"),
        }
    }

    /// Reads an action's text (words separated by spaces, case-insensitive).
    ///
    /// # Errors
    /// What was expected, naming the unknown unit or hex.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |en: String, ru: String| ParseError::new(text, Text::new(en, ru));
        let unit = |w: &str| {
            self.scenario.unit_by_code(w).ok_or_else(|| bad(format!("no unit {w:?}"), format!("нет юнита {w:?}")))
        };
        let hex = |w: &str| self.map.grid.parse(w).map_err(|e| bad(format!("{e}"), format!("гекс {w:?} не на карте")));
        // An empty or blank text has no verb: it falls to the "expected" error below.
        let (verb, args) = match words.split_first() {
            Some((verb, args)) => (verb.to_ascii_lowercase(), args),
            None => (String::new(), &[][..]),
        };
        let a = match (verb.as_str(), args) {
            ("pick", [n]) => match n.parse::<u8>() {
                Ok(n @ 1..=6) => Action::Pick(n),
                _ => return Err(bad(format!("pick takes a level 1–6, not {n:?}"), format!("выбрать можно УИ 1–6, а не {n:?}"))),
            },
            ("roll", []) => Action::Roll,
            ("shift", [d]) => match *d {
                "+1" | "1" => Action::Shift(1),
                "-1" => Action::Shift(-1),
                "0" => Action::Shift(0),
                _ => return Err(bad(format!("shift takes +1, -1 or 0, not {d:?}"), format!("сдвиг: +1, -1 или 0, а не {d:?}"))),
            },
            ("move", [u, h]) => Action::Move(unit(u)?, hex(h)?),
            ("enter", [u, h]) => Action::Enter(unit(u)?, hex(h)?),
            ("exit", [u]) => Action::Exit(unit(u)?),
            ("attack", [u, h]) => Action::Attack(unit(u)?, hex(h)?),
            ("bombard", [a, t, spot, s]) if spot.eq_ignore_ascii_case("spot") => Action::Bombard(unit(a)?, unit(t)?, unit(s)?),
            ("advance", [u, h]) => Action::Advance(unit(u)?, hex(h)?),
            ("top", [u]) => Action::Top(unit(u)?),
            ("end", []) => Action::End,
            ("eliminate", [u]) => Action::Eliminate(unit(u)?),
            ("recover", []) => Action::Recover,
            _ => {
                return Err(bad(
                    "expected one of: pick N | roll | shift +1|-1|0 | move U HEX | enter U HEX | exit U | attack U HEX | bombard ART TARGET spot SPOTTER | advance U HEX | top U | end | eliminate U | recover".into(),
                    "ожидается: pick N | roll | shift +1|-1|0 | move U ГЕКС | enter U ГЕКС | exit U | attack U ГЕКС | bombard АРТ ЦЕЛЬ spot НАВОДЧИК | advance U ГЕКС | top U | end | eliminate U | recover".into(),
                ))
            }
        };
        Ok(a)
    }
}
