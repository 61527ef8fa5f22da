//! `sandtable play`: an interactive game in the terminal, hot-seat or
//! against a bot (asked through the game's catalog driver, as the server does).

use super::{seat, Fail, Result};
use crate::Lang;
use sandtable::gamefile::write_record;
use sandtable::say::{event_lines, odds_lines, refusal_line, seat_ids};
use sandtable::setup::{clock_seed, SetupArgs};
use sandtable_ai::BotSpec;
use sandtable_catalog::Driver;
use sandtable_core::{events_seen_by, Refusal, Seat, SeatSet, Session, Text, ToAct, Viewer};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// Game id (see `sandtable games`) / Игра
    game: String,
    /// Your seat when playing a bot (default: the first seat) / Ваше место
    #[arg(long)]
    seat: Option<String>,
    /// Let a bot play the other seats (without it: hot-seat): `random`, `greedy`, `mcts`, `mcts:hard`, `mcts:500ms`…; `sandtable bots` lists them / Соперник-бот
    #[arg(long, value_parser = parse_bot)]
    vs: Option<BotSpec>,
    /// Dice seed (default: from the clock) / Зерно кубиков
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    setup: SetupArgs,
}

/// A bot by name, for `--vs`.
fn parse_bot(name: &str) -> std::result::Result<BotSpec, String> {
    BotSpec::parse(name).map_err(|t| format!("{} / {}", t.en, t.ru))
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let driver = sandtable_catalog::find(&a.game)?;
    let seed = a.seed.unwrap_or_else(clock_seed);
    let setup = super::setup_for(&a.setup, seed, driver.game())?;
    let session = driver.game().start(&setup)?;
    let info = session.info().clone();
    let mine = match &a.seat {
        Some(id) => seat(&info, id)?,
        None => Seat::new(0),
    };
    let humans = match a.vs {
        Some(_) => SeatSet::one(mine),
        None => SeatSet::first(info.seats.len()),
    };
    let stdout = std::io::stdout();
    let mut play = Play {
        session,
        humans,
        hotseat: a.vs.is_none(),
        lang: lang.code(),
        terminal: stdout.is_terminal(),
        out: stdout.lock(),
        driver: driver.clone(),
        bot: a.vs.unwrap_or(BotSpec::RANDOM),
        bot_seed: seed ^ 0xb07,
        listed: Vec::new(),
        secret: Vec::new(),
        shown: false,
        announced: None,
    };
    let opponents = if play.hotseat {
        play.t("hot-seat: every seat is played here", "за одним экраном: все места играются здесь").to_owned()
    } else {
        format!(
            "{} {} {} {} ({})",
            play.t("you play", "вы играете за"),
            info.seat_id(mine),
            play.t("against the bot", "против бота"),
            play.bot.name(),
            play.bot.about().get(play.lang)
        )
    };
    writeln!(
        play.out,
        "{} — seed {seed}; {opponents}. {}",
        info.name.get(play.lang),
        play.t("Type help for commands.", "Наберите help для списка команд.")
    )?;
    play.run(std::io::stdin().lock())
}

/// One terminal game.
struct Play<W: Write> {
    session: Box<dyn Session>,
    /// Seats typed at this keyboard.
    humans: SeatSet,
    hotseat: bool,
    lang: &'static str,
    /// Whether stdout is a terminal (then the screen is cleared between
    /// secret choices of a hot-seat game).
    terminal: bool,
    out: W,
    /// The game's driver: bots are asked through it.
    driver: Arc<dyn Driver>,
    /// The bot playing the seats not typed here.
    bot: BotSpec,
    /// Mixed with the decision count for each bot move, so a game replays.
    bot_seed: u64,
    /// The last numbered list shown; a number at the prompt plays its entry.
    listed: Vec<String>,
    /// Log indices of simultaneous (secret) choices not yet revealed: their
    /// text is hidden from the other seats until an action reveals them.
    secret: Vec<usize>,
    /// The board has been printed since the last change.
    shown: bool,
    /// The seat last told to take the keyboard in a secret round.
    announced: Option<Seat>,
}

impl<W: Write> Play<W> {
    fn t(&self, en: &'static str, ru: &'static str) -> &'static str {
        if self.lang == "ru" {
            ru
        } else {
            en
        }
    }

    /// Who reads what the bots do: the one human seat, or (hot seat, or
    /// bots alone) a spectator, so no private event reaches the wrong eyes.
    fn onlooker(&self) -> Viewer {
        match (self.humans.len(), self.humans.iter().next()) {
            (1, Some(seat)) => Viewer::Seat(seat),
            _ => Viewer::Spectator,
        }
    }

    fn id(&self, seat: Seat) -> String {
        self.session.info().seat_id(seat).to_owned()
    }

    fn run(&mut self, mut input: impl BufRead) -> Result {
        let mut line = String::new();
        loop {
            let seats = match self.session.to_act() {
                ToAct::Over(o) => {
                    let board = self.session.render(Viewer::Spectator, self.lang);
                    write!(self.out, "{board}")?;
                    writeln!(self.out, "{} {}", self.t("game over:", "игра окончена:"), o.text.get(self.lang))?;
                    return Ok(());
                }
                ToAct::Seats(s) => s,
            };
            // The lowest owing seat decides first; in a simultaneous choice
            // the others follow, none seeing the earlier choices.
            let Some(seat) = seats.iter().next() else {
                return Err(Fail::text(
                    1,
                    "nobody is to act, yet the game is not over",
                    "никто не ходит, но игра не окончена",
                ));
            };
            let in_round = seats.len() > 1 || !self.secret.is_empty();
            if !self.humans.contains(seat) {
                self.bot_move(seat, in_round)?;
                continue;
            }
            if self.hotseat && in_round && self.announced != Some(seat) {
                if self.terminal {
                    // Clear the screen so the next player does not see the last choice.
                    write!(self.out, "\x1b[2J\x1b[H")?;
                }
                writeln!(self.out, "{} {}", self.t("pass the keyboard to", "передайте клавиатуру:"), self.id(seat))?;
                self.announced = Some(seat);
                self.shown = false;
            }
            if !self.shown {
                let viewer = if self.hotseat { Viewer::Spectator } else { Viewer::Seat(seat) };
                let board = self.session.render(viewer, self.lang);
                write!(self.out, "{board}")?;
                let to_act = seat_ids(self.session.info(), seats);
                writeln!(self.out, "{} {to_act}", self.t("to act:", "ходят:"))?;
                self.shown = true;
            }
            write!(self.out, "{}> ", self.id(seat))?;
            self.out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(self.out)?;
                return Ok(());
            }
            if !self.command(seat, line.trim(), in_round)? {
                return Ok(());
            }
        }
    }

    /// Handles one prompt line; false ends the game.
    fn command(&mut self, seat: Seat, line: &str, in_round: bool) -> std::result::Result<bool, Fail> {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("").to_ascii_lowercase();
        match first.as_str() {
            "" => {}
            "quit" | "exit" => return Ok(false),
            "help" => self.help(seat)?,
            "?" | "legal" => {
                let legal = self.session.legal(seat);
                self.list(legal)?;
            }
            "board" => self.shown = false,
            "odds" => {
                let rest = words.collect::<Vec<_>>().join(" ");
                self.odds(seat, &rest)?;
            }
            "log" => self.log(seat)?,
            "undo" => self.undo()?,
            "save" => {
                let rest: Vec<&str> = words.collect();
                if rest.is_empty() {
                    writeln!(self.out, "{}", Text::fixed("usage: save FILE", "использование: save ФАЙЛ"))?;
                } else {
                    let path = rest.join(" ");
                    match write_record(Path::new(&path), &self.session.record(), true) {
                        Ok(()) => writeln!(self.out, "{} {path}", self.t("saved to", "сохранено в"))?,
                        Err(e) => writeln!(self.out, "{e}")?,
                    }
                }
            }
            _ => {
                if let Ok(n) = line.parse::<usize>() {
                    let list = if self.listed.is_empty() { self.session.legal(seat) } else { self.listed.clone() };
                    match n.checked_sub(1).and_then(|i| list.get(i)) {
                        Some(action) => {
                            let action = action.clone();
                            self.human_move(seat, &action, in_round)?;
                        }
                        None => writeln!(
                            self.out,
                            "{}",
                            Text::new(
                                format!("no action number {n}; type legal"),
                                format!("нет действия с номером {n}; наберите legal")
                            )
                        )?,
                    }
                    return Ok(true);
                }
                let legal = self.session.legal(seat);
                let single = !line.contains(char::is_whitespace);
                if single && !legal.iter().any(|a| a.eq_ignore_ascii_case(line)) {
                    let mentions: Vec<String> = legal
                        .iter()
                        .filter(|a| a.split_whitespace().any(|w| w.eq_ignore_ascii_case(line)))
                        .cloned()
                        .collect();
                    if !mentions.is_empty() {
                        return self.list(mentions).map(|()| true);
                    }
                    // One of the seat's pieces with nothing to do: which rule holds it.
                    let idle = self.session.idle(seat).into_iter().find(|(p, _)| p.eq_ignore_ascii_case(line));
                    if let Some((piece, why)) = idle {
                        writeln!(self.out, "{piece}: {}", refusal_line(&Refusal::Illegal(why)))?;
                        return Ok(true);
                    }
                }
                let refused = self.human_move(seat, line, in_round)?;
                if refused && single {
                    writeln!(
                        self.out,
                        "{}",
                        Text::new(
                            format!("(no legal action of {} mentions {line:?}; type legal)", self.id(seat)),
                            format!(
                                "(ни одно допустимое действие {} не упоминает {line:?}; наберите legal)",
                                self.id(seat)
                            )
                        )
                    )?;
                }
            }
        }
        Ok(true)
    }

    /// `odds <action | number>`: the exact odds of an action before it is
    /// taken, computed by the rules ([`Session::forecast`]); changes nothing.
    fn odds(&mut self, seat: Seat, what: &str) -> Result {
        if what.is_empty() {
            writeln!(
                self.out,
                "{}",
                Text::fixed(
                    "usage: odds ACTION (or its number in the list)",
                    "использование: odds ДЕЙСТВИЕ (или его номер в списке)"
                )
            )?;
            return Ok(());
        }
        let action = match what.parse::<usize>() {
            Ok(n) => {
                let list = if self.listed.is_empty() { self.session.legal(seat) } else { self.listed.clone() };
                match n.checked_sub(1).and_then(|i| list.get(i)) {
                    Some(a) => a.clone(),
                    None => {
                        writeln!(
                            self.out,
                            "{}",
                            Text::new(
                                format!("no action number {n}; type legal"),
                                format!("нет действия с номером {n}; наберите legal")
                            )
                        )?;
                        return Ok(());
                    }
                }
            }
            Err(_) => what.to_owned(),
        };
        match self.session.forecast(seat, &action) {
            Err(r) => writeln!(self.out, "{}", refusal_line(&r))?,
            Ok(None) => writeln!(
                self.out,
                "{action}: {}",
                self.t("no die is rolled; it does what it says", "кубики не бросаются; действие выполняется как есть")
            )?,
            Ok(Some(f)) => write!(self.out, "{}", odds_lines(&action, &f, self.lang))?,
        }
        Ok(())
    }

    /// Prints a numbered list and remembers it for number input.
    fn list(&mut self, actions: Vec<String>) -> Result {
        if actions.is_empty() {
            writeln!(self.out, "{}", self.t("(no legal action)", "(нет допустимых действий)"))?;
        }
        for (i, a) in actions.iter().enumerate() {
            writeln!(self.out, "{:>4}. {a}", i + 1)?;
        }
        self.listed = actions;
        Ok(())
    }

    /// Applies a typed action; true when it was refused.
    fn human_move(&mut self, seat: Seat, action: &str, in_round: bool) -> std::result::Result<bool, Fail> {
        match self.session.apply(seat, action) {
            Ok(applied) => {
                self.after_apply(applied.barrier, in_round);
                writeln!(self.out, "{}: {}", self.id(seat), applied.action)?;
                // The seat at the keyboard reads what it may (its own card drawn).
                let events = events_seen_by(&applied.events, Viewer::Seat(seat));
                write!(self.out, "{}", event_lines(&events, self.lang, "  "))?;
                Ok(false)
            }
            Err(r) => {
                writeln!(self.out, "{}", refusal_line(&r))?;
                Ok(true)
            }
        }
    }

    fn bot_move(&mut self, seat: Seat, in_round: bool) -> Result {
        let seed = self.bot_seed ^ (self.session.log().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(action) = self.driver.bot_move(self.bot, self.session.as_ref(), seat, seed) else {
            return Err(Fail::text(
                1,
                format!("{} must act but has no legal action", self.id(seat)),
                format!("{} должен ходить, но допустимых действий нет", self.id(seat)),
            ));
        };
        let applied = self
            .session
            .apply(seat, &action)
            .map_err(|r| Fail::new(1, format!("the bot's legal action was refused: {}", refusal_line(&r))))?;
        self.after_apply(applied.barrier, in_round);
        let shown = if self.secret.last() == Some(&(self.session.log().len() - 1)) {
            self.t("(secret choice)", "(секретный выбор)").to_owned()
        } else {
            applied.action
        };
        writeln!(self.out, "{} ({}): {shown}", self.id(seat), self.bot.name())?;
        let events = events_seen_by(&applied.events, self.onlooker());
        write!(self.out, "{}", event_lines(&events, self.lang, "  "))?;
        Ok(())
    }

    /// Bookkeeping after any applied action.
    fn after_apply(&mut self, barrier: bool, in_round: bool) {
        self.listed.clear();
        self.shown = false;
        if barrier {
            // Dice rolled or hidden information revealed: earlier secrets are open.
            self.secret.clear();
        } else if in_round {
            self.secret.push(self.session.log().len() - 1);
        }
        if self.secret.is_empty() {
            self.announced = None;
        }
    }

    fn undo(&mut self) -> Result {
        let Some(last) = self.session.log().last() else {
            return Ok(writeln!(self.out, "{}", Text::fixed("nothing to undo", "нечего отменять"))?);
        };
        let seat = self.session.info().seat(&last.seat);
        match seat.filter(|&s| self.humans.contains(s)) {
            None => writeln!(
                self.out,
                "{}",
                Text::fixed("the last action is not yours", "последнее действие сделано не вами")
            )?,
            Some(s) => match self.session.undo(s) {
                Ok(()) => {
                    let len = self.session.log().len();
                    self.secret.retain(|&i| i < len);
                    self.listed.clear();
                    self.shown = false;
                    writeln!(self.out, "{}", Text::fixed("undone", "отменено"))?;
                }
                Err(t) => writeln!(self.out, "{t}")?,
            },
        }
        Ok(())
    }

    /// The last 20 decisions with their events; unrevealed secret choices of
    /// other seats show as such.
    fn log(&mut self, asker: Seat) -> Result {
        let all = self.session.replay_events();
        let from = all.len().saturating_sub(20);
        let viewer = Viewer::Seat(asker);
        let asker = self.id(asker);
        for (i, (entry, events)) in all.iter().enumerate().skip(from) {
            if self.secret.contains(&i) && entry.seat != asker {
                writeln!(self.out, "{}. {}: {}", i + 1, entry.seat, self.t("(secret choice)", "(секретный выбор)"))?;
                continue;
            }
            writeln!(self.out, "{}. {}: {}", i + 1, entry.seat, entry.action)?;
            write!(self.out, "{}", event_lines(&events_seen_by(events, viewer), self.lang, "    "))?;
        }
        if all.is_empty() {
            writeln!(self.out, "{}", self.t("(no decisions yet)", "(ходов ещё не было)"))?;
        }
        Ok(())
    }

    /// The commands, with examples from this game: one of the seat's legal
    /// actions now, and a word of it that lists the actions naming it.
    fn help(&mut self, seat: Seat) -> Result {
        let legal = self.session.legal(seat);
        let example = legal
            .iter()
            .find(|a| a.split_whitespace().count() >= 2)
            .or(legal.first())
            .cloned()
            .unwrap_or_else(|| "end".to_owned());
        let word = example.split_whitespace().nth(1).unwrap_or(&example).to_owned();
        let text = if self.lang == "ru" {
            format!("Команды:\n  <действие>   сделать ход в нотации игры (например: {example})\n  ? | legal    список допустимых действий с номерами; номер делает ход\n  <слово>      допустимые действия, где оно есть: фишка, область, карточка (например: {word})\n  undo         отменить свой последний ход (если не было бросков и раскрытий)\n  odds <ход>   шансы хода до броска: каждый исход с вероятностью и из чего она складывается (например: odds 3)\n  log          последние 20 ходов с событиями\n  board        показать карту снова\n  save ФАЙЛ    сохранить файл партии\n  help         эта справка\n  quit         выйти\n")
        } else {
            format!("Commands:\n  <action>     play an action in the game's notation (e.g. {example})\n  ? | legal    numbered list of legal actions; typing a number plays it\n  <word>       the legal actions that name it: a piece, a place, a card (e.g. {word})\n  undo         take back your last action (if it rolled or revealed nothing)\n  odds <act>   the odds of an action before the dice: each result with its chance, and what it rests on (e.g. odds 3)\n  log          the last 20 decisions with their events\n  board        show the board again\n  save FILE    write the game file\n  help         this help\n  quit         leave\n")
        };
        write!(self.out, "{text}")?;
        Ok(())
    }
}
