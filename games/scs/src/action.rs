//! Actions: small `Copy` values, and their canonical text.

use crate::unit::UnitId;
use crate::Scs;
use sandtable_board::HexId;
use sandtable_core::{ParseError, Text};

/// One decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set-up: place a unit given "within N" (set-up note 1). `place u 07.12`
    Place(UnitId, HexId),
    /// Place a reinforcement in an entry hex (5.0). `enter u 20.05`
    Enter(UnitId, HexId),
    /// Add a unit of the same hex to the stack about to move (3.0, 6.0). `join u`
    Join(UnitId),
    /// Move a unit — with the stack it moves with — one hex (3.0). `move u 07.12`
    Move(UnitId, HexId),
    /// The unit's stack overruns an adjacent enemy hex (6.0). `overrun u 07.12`
    Overrun(UnitId, HexId),
    /// Leave the map through an exit hex for victory points. `exit u`
    Exit(UnitId),
    /// The moving stack, over the stacking limit, goes back to where it
    /// began its move and moves anew (4.0a). `back u`
    Back(UnitId),
    /// Add a unit to the attack being formed on a hex (7.0). `attack u 07.12`
    Attack(UnitId, HexId),
    /// Drop the attack being formed, before it is declared. `cancel`
    Cancel,
    /// Declare the attack formed: the defenders and odds are shown (fog of war). `declare`
    Declare,
    /// Roll for the declared fight. `roll`
    Roll,
    /// Barrage an enemy hex (module `barrage`). `barrage u 07.12`
    Barrage(UnitId, HexId),
    /// The unit loses one of the steps owed. `lose u`
    Lose(UnitId),
    /// The unit retreats one hex. `retreat u 07.12`
    Retreat(UnitId, HexId),
    /// The unit advances into the vacated hex (10.0). `advance u`
    Advance(UnitId),
    /// Put the unit on top of its stack (4.0c). `top u`
    Top(UnitId),
    /// Eliminate a unit of an overstacked hex (4.0a). `eliminate u`
    Eliminate(UnitId),
    /// End the phase, or the advance after combat. `end`
    End,
}

impl Scs {
    /// The canonical text of an action.
    pub fn format_action(&self, a: Action) -> String {
        let u = |u: UnitId| self.scenario.unit(u).id.as_str();
        let h = |h: HexId| self.map().grid.label(h);
        match a {
            Action::Place(x, y) => format!("place {} {}", u(x), h(y)),
            Action::Enter(x, y) => format!("enter {} {}", u(x), h(y)),
            Action::Join(x) => format!("join {}", u(x)),
            Action::Move(x, y) => format!("move {} {}", u(x), h(y)),
            Action::Overrun(x, y) => format!("overrun {} {}", u(x), h(y)),
            Action::Exit(x) => format!("exit {}", u(x)),
            Action::Back(x) => format!("back {}", u(x)),
            Action::Attack(x, y) => format!("attack {} {}", u(x), h(y)),
            Action::Cancel => "cancel".into(),
            Action::Declare => "declare".into(),
            Action::Roll => "roll".into(),
            Action::Barrage(x, y) => format!("barrage {} {}", u(x), h(y)),
            Action::Lose(x) => format!("lose {}", u(x)),
            Action::Retreat(x, y) => format!("retreat {} {}", u(x), h(y)),
            Action::Advance(x) => format!("advance {}", u(x)),
            Action::Top(x) => format!("top {}", u(x)),
            Action::Eliminate(x) => format!("eliminate {}", u(x)),
            Action::End => "end".into(),
        }
    }

    /// An action as a player reads it, in English and in the Russian rule
    /// text's terms (атака с ходу, развитие, группировка, уровень,
    /// продвижение после боя, артобстрел…); unit ids and hex labels stay
    /// as printed. It depends on the action only.
    pub fn action_label(&self, a: Action) -> Text {
        let u = |u: UnitId| self.scenario.unit(u).id.as_str();
        let h = |h: HexId| self.map().grid.label(h);
        match a {
            Action::Place(x, y) => {
                Text::new(format!("{} sets up in {}", u(x), h(y)), format!("{}: расстановка в гексе {}", u(x), h(y)))
            }
            Action::Enter(x, y) => Text::new(
                format!("{} arrives as a reinforcement in {}", u(x), h(y)),
                format!("{}: подкрепление прибывает в гекс {}", u(x), h(y)),
            ),
            Action::Join(x) => Text::new(
                format!("{} joins the stack about to move", u(x)),
                format!("{}: в группировку, готовящуюся к движению", u(x)),
            ),
            Action::Move(x, y) => {
                Text::new(format!("{} moves to {}", u(x), h(y)), format!("{}: движение в гекс {}", u(x), h(y)))
            }
            Action::Overrun(x, y) => Text::new(
                format!("{} overruns {} (2 MP)", u(x), h(y)),
                format!("{}: атака с ходу на гекс {} (2 ОД)", u(x), h(y)),
            ),
            Action::Exit(x) => Text::new(
                format!("{} leaves the map through the exit hex", u(x)),
                format!("{}: уходит с карты через гекс выхода", u(x)),
            ),
            Action::Back(x) => Text::new(
                format!("{}'s stack, overstacked, goes back to where it began and moves anew", u(x)),
                format!(
                    "{}: превышение группирования — группировка назад в гекс начала движения, движение заново",
                    u(x)
                ),
            ),
            Action::Attack(x, y) => Text::new(
                format!("{} joins the attack on {}", u(x), h(y)),
                format!("{}: участвует в атаке на гекс {}", u(x), h(y)),
            ),
            Action::Cancel => {
                Text::fixed("drop the attack being formed", "отменить готовящуюся (не объявленную) атаку")
            }
            Action::Declare => Text::fixed(
                "declare the attack (the defenders are shown)",
                "объявить атаку (обороняющиеся открываются)",
            ),
            Action::Roll => Text::fixed("roll the dice for the fight", "бросок кубиков на бой"),
            Action::Barrage(x, y) => {
                Text::new(format!("{} barrages {}", u(x), h(y)), format!("{}: артобстрел гекса {}", u(x), h(y)))
            }
            Action::Lose(x) => Text::new(format!("{} loses a step", u(x)), format!("{}: теряет один уровень", u(x))),
            Action::Retreat(x, y) => {
                Text::new(format!("{} retreats to {}", u(x), h(y)), format!("{}: отступление в гекс {}", u(x), h(y)))
            }
            Action::Advance(x) => Text::new(
                format!("{} advances after combat into the vacated hex", u(x)),
                format!("{}: продвижение после боя в освободившийся гекс", u(x)),
            ),
            Action::Top(x) => {
                Text::new(format!("{} to the top of its stack", u(x)), format!("{}: наверх группировки", u(x)))
            }
            Action::Eliminate(x) => Text::new(
                format!("eliminate {} (over the stacking limit)", u(x)),
                format!("уничтожить {} (превышение лимита группирования)", u(x)),
            ),
            Action::End => {
                Text::fixed("end the phase (or the advance after combat)", "закончить фазу (или продвижение после боя)")
            }
        }
    }

    /// Reads an action's text.
    ///
    /// # Errors
    /// Text that is not an action of this scenario.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let expected = || {
            ParseError::new(
                text,
                Text::fixed(
                    "expected one of: place U HEX, enter U HEX, join U, move U HEX, back U, overrun U HEX, exit U, attack U HEX, \
                     cancel, declare, roll, barrage U HEX, lose U, retreat U HEX, advance U, top U, eliminate U, end",
                    "ожидалось одно из: place П ГЕКС, enter П ГЕКС, join П, move П ГЕКС, back П, overrun П ГЕКС, exit П, \
                     attack П ГЕКС, cancel, declare, roll, barrage П ГЕКС, lose П, retreat П ГЕКС, advance П, top П, \
                     eliminate П, end",
                ),
            )
        };
        let unit = |w: &str| {
            self.scenario.unit_by_id(w).ok_or_else(|| {
                ParseError::new(
                    text,
                    Text::new(format!("no unit {w:?} in this scenario"), format!("в сценарии нет подразделения {w:?}")),
                )
            })
        };
        let hex = |w: &str| {
            self.map()
                .grid
                .parse(w)
                .map_err(|e| ParseError::new(text, Text::new(format!("{e}"), format!("гекс {w:?} не на карте ({e})"))))
        };
        let a = match words.as_slice() {
            ["cancel"] => Action::Cancel,
            ["declare"] => Action::Declare,
            ["roll"] => Action::Roll,
            ["end"] => Action::End,
            ["join", x] => Action::Join(unit(x)?),
            ["exit", x] => Action::Exit(unit(x)?),
            ["back", x] => Action::Back(unit(x)?),
            ["lose", x] => Action::Lose(unit(x)?),
            ["advance", x] => Action::Advance(unit(x)?),
            ["top", x] => Action::Top(unit(x)?),
            ["eliminate", x] => Action::Eliminate(unit(x)?),
            ["place", x, y] => Action::Place(unit(x)?, hex(y)?),
            ["enter", x, y] => Action::Enter(unit(x)?, hex(y)?),
            ["move", x, y] => Action::Move(unit(x)?, hex(y)?),
            ["overrun", x, y] => Action::Overrun(unit(x)?, hex(y)?),
            ["attack", x, y] => Action::Attack(unit(x)?, hex(y)?),
            ["barrage", x, y] => Action::Barrage(unit(x)?, hex(y)?),
            ["retreat", x, y] => Action::Retreat(unit(x)?, hex(y)?),
            _ => return Err(expected()),
        };
        Ok(a)
    }
}
