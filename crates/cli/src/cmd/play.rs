//! `sandtable play`: an interactive game in the terminal, hot-seat or
//! against a bot (asked through the game's catalog driver, as the server does).
//! A new game from the catalog, or a saved game file resumed.

use super::{seat, Fail, Result};
use crate::Lang;
use sandtable::gamefile::{self, write_record};
use sandtable::say::{event_lines, odds_lines, refusal_line, seat_ids};
use sandtable::setup::{clock_seed, SetupArgs};
use sandtable_ai::BotSpec;
use sandtable_catalog::Driver;
use sandtable_core::{events_seen_by, GameRecord, LogEntry, Refusal, Seat, SeatSet, Session, Text, ToAct, Viewer};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// Game id (see `sandtable games`) for a new game, or a saved game file
    /// to resume (`save FILE` in play, or `sandtable new`) / Игра или файл партии
    #[arg(value_name = "GAME|FILE")]
    game: String,
    /// Your seat when playing a bot (default: the first seat; resuming: the seat to act) / Ваше место
    #[arg(long)]
    seat: Option<String>,
    /// Let a bot play the other seats (without it: hot-seat): `random`, `greedy`, `mcts`, `mcts:hard`, `mcts:500ms`…; `sandtable bots` lists them / Соперник-бот
    #[arg(long, value_parser = parse_bot)]
    vs: Option<BotSpec>,
    /// Dice seed (default: from the clock; a new game only) / Зерно кубиков
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    setup: SetupArgs,
}

/// A bot by name, for `--vs`.
fn parse_bot(name: &str) -> std::result::Result<BotSpec, String> {
    BotSpec::parse(name).map_err(|t| format!("{} / {}", t.en, t.ru))
}

/// The game to play: a new one, or one read from a file.
struct Opening {
    driver: Arc<dyn Driver>,
    session: Box<dyn Session>,
    /// The file it was resumed from, and the secret choices still pending
    /// in it (see [`pending_secrets`]).
    resumed: Option<(PathBuf, Vec<usize>)>,
}

/// A new game when `a.game` is a game id of the catalog, otherwise the game
/// file at that path, loaded through [`sandtable_core::Game::load`] (which
/// replays the log and verifies the hash): a missing file is exit 1, a
/// corrupt or tampered one exit 3, as for every command reading game files.
fn open(a: &Args) -> std::result::Result<Opening, Fail> {
    let unknown = match sandtable_catalog::find(&a.game) {
        Ok(driver) => {
            let seed = a.seed.unwrap_or_else(clock_seed);
            let setup = super::setup_for(&a.setup, seed, driver.game())?;
            let session = driver.game().start(&setup)?;
            return Ok(Opening { driver, session, resumed: None });
        }
        Err(unknown) => unknown,
    };
    let path = Path::new(&a.game);
    if !path.exists() {
        let t = unknown.text();
        return Err(Fail::text(
            1,
            format!("{}; and there is no game file {:?}", t.en, a.game),
            format!("{}; файла партии {:?} тоже нет", t.ru, a.game),
        ));
    }
    let s = &a.setup;
    if a.seed.is_some() || s.scenario.is_some() || !s.options.is_empty() || s.players.is_some() || s.position.is_some()
    {
        return Err(Fail::text(
            1,
            "a saved game keeps its own set-up: --seed, --scenario, --option, --players and --position apply to a new game only",
            "сохранённая партия хранит свою расстановку: --seed, --scenario, --option, --players и --position — только для новой партии",
        ));
    }
    let record = gamefile::read_record(path)?;
    let (driver, session) = gamefile::open(path)?;
    let secrets = pending_secrets(driver.as_ref(), &record);
    Ok(Opening { driver, session, resumed: Some((path.to_owned(), secrets)) })
}

/// The log indices of the secret (simultaneous) choices a game file holds
/// that no later action has revealed yet, found as play finds them: by
/// replaying the log from the start. A hot-seat game resumed in the middle
/// of a secret round keeps them hidden from the other seats.
fn pending_secrets(driver: &dyn Driver, record: &GameRecord) -> Vec<usize> {
    let Ok(mut session) = driver.game().start(&record.setup) else {
        return Vec::new();
    };
    let mut secret = Vec::new();
    for (i, entry) in record.log.iter().enumerate() {
        let in_round = matches!(session.to_act(), ToAct::Seats(s) if s.len() > 1) || !secret.is_empty();
        let Some(seat) = session.info().seat(&entry.seat) else {
            break;
        };
        let Ok(applied) = session.apply(seat, &entry.action) else {
            break;
        };
        note_secret(&mut secret, applied.barrier, in_round, i);
    }
    secret
}

/// Bookkeeping of secret choices after the action at log index `index`:
/// dice rolled or hidden information revealed opens every earlier secret;
/// otherwise an action in a simultaneous round is one more secret.
fn note_secret(secret: &mut Vec<usize>, barrier: bool, in_round: bool, index: usize) {
    if barrier {
        secret.clear();
    } else if in_round {
        secret.push(index);
    }
}

pub fn run(a: &Args, lang: Lang) -> Result {
    let Opening { driver, session, resumed } = open(a)?;
    let info = session.info().clone();
    let mine = match &a.seat {
        Some(id) => seat(&info, id)?,
        // Resuming: the seat whose turn it is; a new game: the first seat.
        None => match session.to_act() {
            ToAct::Seats(s) if resumed.is_some() => s.iter().next().unwrap_or(Seat::new(0)),
            _ => Seat::new(0),
        },
    };
    let humans = match a.vs {
        Some(_) => SeatSet::one(mine),
        None => SeatSet::first(info.seats.len()),
    };
    let stdout = std::io::stdout();
    let terminal = stdout.is_terminal();
    let seed = session.setup().seed;
    let (from, secret) = match resumed {
        Some((path, secret)) => (Some(path), secret),
        None => (None, Vec::new()),
    };
    let saved = from.as_ref().map(|_| session.log().to_vec());
    let mut play = Play {
        session,
        humans,
        hotseat: a.vs.is_none(),
        lang: lang.code(),
        terminal,
        out: stdout.lock(),
        lines: Lines::new(terminal && std::io::stdin().is_terminal()),
        driver: driver.clone(),
        bot: a.vs.unwrap_or(BotSpec::RANDOM),
        bot_seed: seed ^ 0xb07,
        listed: None,
        secret,
        shown: false,
        announced: None,
        from,
        saved,
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
    let start = match &play.from {
        None => format!("seed {seed}"),
        Some(path) => {
            let n = play.session.log().len();
            let path = path.display();
            Text::new(
                format!("resumed from {path}, decisions so far: {n}"),
                format!("продолжение партии {path}, ходов сделано: {n}"),
            )
            .get(play.lang)
            .to_owned()
        }
    };
    writeln!(
        play.out,
        "{} — {start}; {opponents}. {}",
        info.name.get(play.lang),
        play.t("Type help for commands.", "Наберите help для списка команд.")
    )?;
    let result = play.run();
    play.lines.finish();
    result
}

/// Where prompt lines come from: plain lines (a script, a pipe), or a line
/// editor with history when both stdin and stdout are a terminal.
enum Lines {
    Plain(Box<dyn BufRead>),
    Edited {
        editor: Box<rustyline::DefaultEditor>,
        /// The history file (`$SANDTABLE_HISTORY`, else `~/.sandtable_history`;
        /// none when that variable is set empty).
        history: Option<PathBuf>,
    },
}

impl Lines {
    fn new(terminal: bool) -> Lines {
        let plain = || Lines::Plain(Box::new(std::io::stdin().lock()));
        if !terminal {
            return plain();
        }
        let config = rustyline::Config::builder()
            .auto_add_history(false)
            .history_ignore_space(true)
            .max_history_size(1000)
            .and_then(|c| c.history_ignore_dups(true))
            .map(|c| c.build());
        let Ok(mut editor) = config.and_then(rustyline::DefaultEditor::with_config) else {
            return plain();
        };
        let history = match std::env::var_os("SANDTABLE_HISTORY") {
            Some(p) if p.is_empty() => None,
            Some(p) => Some(PathBuf::from(p)),
            None => {
                std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| Path::new(&h).join(".sandtable_history"))
            }
        };
        if let Some(path) = &history {
            // A missing file is the first game's normal case.
            let _ = editor.load_history(path);
        }
        Lines::Edited { editor: Box::new(editor), history }
    }

    /// A person types here (rather than a script).
    fn interactive(&self) -> bool {
        matches!(self, Lines::Edited { .. })
    }

    /// One line after showing `prompt`, without its line end; `None` at the
    /// end of input (Ctrl-D or Ctrl-C at a terminal). A line is kept in the
    /// history when `remember` and not blank.
    fn read(&mut self, prompt: &str, out: &mut impl Write, remember: bool) -> std::io::Result<Option<String>> {
        out.flush()?;
        match self {
            Lines::Plain(input) => {
                write!(out, "{prompt}")?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    writeln!(out)?;
                    return Ok(None);
                }
                Ok(Some(line.trim_end_matches(['\r', '\n']).to_owned()))
            }
            Lines::Edited { editor, .. } => match editor.readline(prompt) {
                Ok(line) => {
                    if remember && !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.trim());
                    }
                    Ok(Some(line))
                }
                Err(rustyline::error::ReadlineError::Eof | rustyline::error::ReadlineError::Interrupted) => Ok(None),
                Err(rustyline::error::ReadlineError::Io(e)) => Err(e),
                Err(e) => Err(std::io::Error::other(e.to_string())),
            },
        }
    }

    /// Appends this session's lines to the history file.
    fn finish(&mut self) {
        if let Lines::Edited { editor, history: Some(path) } = self {
            let _ = editor.append_history(path);
        }
    }
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
    /// The prompt's input.
    lines: Lines,
    /// The game's driver: bots are asked through it.
    driver: Arc<dyn Driver>,
    /// The bot playing the seats not typed here.
    bot: BotSpec,
    /// Mixed with the decision count for each bot move, so a game replays.
    bot_seed: u64,
    /// The numbered list of this decision: a seat's legal actions, kept
    /// until an action is applied or undone, so the numbers shown by `?` and
    /// by a word's list (a part of it, with the same numbers) stay the same,
    /// and a number at the prompt plays its entry.
    listed: Option<(Seat, Vec<String>)>,
    /// Log indices of simultaneous (secret) choices not yet revealed: their
    /// text is hidden from the other seats until an action reveals them.
    secret: Vec<usize>,
    /// The board has been printed since it last changed meaning (see
    /// [`Play::redraw_after`]).
    shown: bool,
    /// The seat last told to take the keyboard in a secret round.
    announced: Option<Seat>,
    /// The game file this game was resumed from: quitting may overwrite it.
    from: Option<PathBuf>,
    /// The log as last written to (or read from) a file, if it was.
    saved: Option<Vec<LogEntry>>,
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

    fn run(&mut self) -> Result {
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
            // A secret choice typed at a shared keyboard stays out of the
            // history, where the next player's up-arrow would find it.
            let remember = !(self.hotseat && in_round);
            let prompt = format!("{}> ", self.id(seat));
            let Some(line) = self.lines.read(&prompt, &mut self.out, remember)? else {
                // End of input. At a terminal that is Ctrl-D or Ctrl-C: a
                // person is there to answer, as for quit. A script is not.
                if self.lines.interactive() {
                    self.offer_save()?;
                } else if self.unsaved() {
                    writeln!(
                        self.out,
                        "{}",
                        self.t(
                            "(end of input: the game was not saved; type save FILE, or quit to be asked for a file name)",
                            "(конец ввода: партия не сохранена; наберите save ФАЙЛ или quit, чтобы вас спросили имя файла)"
                        )
                    )?;
                }
                return Ok(());
            };
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
            "quit" | "exit" => {
                self.offer_save()?;
                return Ok(false);
            }
            "help" => self.help(seat)?,
            "?" | "legal" => self.list(seat, None)?,
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
                    self.save(Path::new(&path), true)?;
                }
            }
            _ => {
                if let Ok(n) = line.parse::<usize>() {
                    if let Some(action) = self.numbered(seat, n)? {
                        self.human_move(seat, &action, in_round)?;
                    }
                    return Ok(true);
                }
                let legal = self.legal(seat);
                let single = !line.contains(char::is_whitespace);
                if single && !legal.iter().any(|a| a.eq_ignore_ascii_case(line)) {
                    if legal.iter().any(|a| names(a, line)) {
                        return self.list(seat, Some(line)).map(|()| true);
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

    /// The seat's legal actions in this decision's numbering: computed once
    /// per position and seat, and kept until an action is applied or undone.
    fn legal(&mut self, seat: Seat) -> Vec<String> {
        match &self.listed {
            Some((s, list)) if *s == seat => list.clone(),
            _ => {
                let list = self.session.legal(seat);
                self.listed = Some((seat, list.clone()));
                list
            }
        }
    }

    /// The action numbered `n` in this decision's list, or `None` (said).
    fn numbered(&mut self, seat: Seat, n: usize) -> std::result::Result<Option<String>, Fail> {
        let list = self.legal(seat);
        match n.checked_sub(1).and_then(|i| list.get(i)) {
            Some(action) => Ok(Some(action.clone())),
            None => {
                writeln!(
                    self.out,
                    "{}",
                    Text::new(
                        format!("no action number {n}; type legal"),
                        format!("нет действия с номером {n}; наберите legal")
                    )
                )?;
                Ok(None)
            }
        }
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
            Ok(n) => match self.numbered(seat, n)? {
                Some(a) => a,
                None => return Ok(()),
            },
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

    /// Prints the seat's numbered legal actions, or (`word`) those that name
    /// it, each with its number in the whole list, so a number means the same
    /// action whichever list showed it.
    fn list(&mut self, seat: Seat, word: Option<&str>) -> Result {
        let legal = self.legal(seat);
        if legal.is_empty() {
            writeln!(self.out, "{}", self.t("(no legal action)", "(нет допустимых действий)"))?;
        }
        for (i, a) in legal.iter().enumerate() {
            let named = match word {
                None => true,
                Some(w) => names(a, w),
            };
            if named {
                writeln!(self.out, "{:>4}. {a}", i + 1)?;
            }
        }
        Ok(())
    }

    /// Applies a typed action; true when it was refused.
    fn human_move(&mut self, seat: Seat, action: &str, in_round: bool) -> std::result::Result<bool, Fail> {
        let before = self.session.to_act();
        match self.session.apply(seat, action) {
            Ok(applied) => {
                self.after_apply(&before, applied.barrier, in_round);
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
        let before = self.session.to_act();
        let applied = self
            .session
            .apply(seat, &action)
            .map_err(|r| Fail::new(1, format!("the bot's legal action was refused: {}", refusal_line(&r))))?;
        self.after_apply(&before, applied.barrier, in_round);
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

    /// Bookkeeping after any applied action (`before`: who was to act).
    fn after_apply(&mut self, before: &ToAct, barrier: bool, in_round: bool) {
        self.listed = None;
        self.redraw_after(before, barrier);
        note_secret(&mut self.secret, barrier, in_round, self.session.log().len() - 1);
        if self.secret.is_empty() {
            self.announced = None;
        }
    }

    /// The board is drawn again after an action only when it changed meaning
    /// for the player: the seat to act changed (the turn passed, a reaction
    /// is owed, the game ended), or dice were rolled or something hidden
    /// revealed. A plain step by the seat still to act prints just its line
    /// and events; `board` draws it any time.
    fn redraw_after(&mut self, before: &ToAct, barrier: bool) {
        if barrier || self.session.to_act() != *before {
            self.shown = false;
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
                    self.listed = None;
                    self.shown = false;
                    writeln!(self.out, "{}", Text::fixed("undone", "отменено"))?;
                }
                Err(t) => writeln!(self.out, "{t}")?,
            },
        }
        Ok(())
    }

    /// Writes the game file; says how it went.
    fn save(&mut self, path: &Path, overwrite: bool) -> Result {
        match write_record(path, &self.session.record(), overwrite) {
            Ok(()) => {
                self.saved = Some(self.session.log().to_vec());
                writeln!(self.out, "{} {}", self.t("saved to", "сохранено в"), path.display())?;
            }
            Err(e) => writeln!(self.out, "{e}")?,
        }
        Ok(())
    }

    /// A game against a bot, not over, with a decision not in a file yet.
    fn unsaved(&self) -> bool {
        !self.hotseat
            && !self.session.log().is_empty()
            && matches!(self.session.to_act(), ToAct::Seats(_))
            && self.saved.as_deref() != Some(self.session.log())
    }

    /// On leaving an unsaved game against a bot: asks for a file name (empty:
    /// do not save). An existing file is not overwritten, except the one the
    /// game was resumed from; for another, the question is asked once more.
    fn offer_save(&mut self) -> Result {
        if !self.unsaved() {
            return Ok(());
        }
        let prompt = self.t(
            "save the game? file name (empty: do not save): ",
            "сохранить партию? имя файла (пусто — не сохранять): ",
        );
        for _ in 0..2 {
            let Some(answer) = self.lines.read(prompt, &mut self.out, false)? else {
                return Ok(());
            };
            let answer = answer.trim();
            if answer.is_empty() {
                return Ok(());
            }
            let path = PathBuf::from(answer);
            let ours = self.from.as_deref() == Some(path.as_path());
            if path.exists() && !ours {
                writeln!(
                    self.out,
                    "{}",
                    Text::new(
                        format!("{answer} exists and is left alone; another name?"),
                        format!("{answer} уже есть и не будет перезаписан; другое имя?")
                    )
                )?;
                continue;
            }
            self.save(&path, ours)?;
            if self.saved.as_deref() == Some(self.session.log()) {
                return Ok(());
            }
        }
        writeln!(self.out, "{}", self.t("not saved", "не сохранено"))?;
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
        let legal = self.legal(seat);
        let example = legal
            .iter()
            .find(|a| a.split_whitespace().count() >= 2)
            .or(legal.first())
            .cloned()
            .unwrap_or_else(|| "end".to_owned());
        let word = example.split_whitespace().nth(1).unwrap_or(&example).to_owned();
        let text = if self.lang == "ru" {
            format!(
                "Команды:
  <действие>   сделать ход в нотации игры (например: {example})
  ? | legal    список допустимых действий с номерами; номер делает ход. Номера те же,
               пока ход не сделан или не отменён
  <слово>      допустимые действия, где оно есть: фишка, область, карточка (например: {word}),
               с их номерами из полного списка
  undo         отменить свой последний ход (если не было бросков и раскрытий)
  odds <ход>   шансы хода до броска: каждый исход с вероятностью и из чего она складывается (например: odds 3)
  log          последние 20 ходов с событиями
  board        показать карту снова. После хода карта рисуется заново, только когда сменился
               тот, кто ходит, или брошены кубики, или что-то раскрыто; после простого шага —
               только строка хода и его события
  save ФАЙЛ    сохранить файл партии (продолжить потом: sandtable play ФАЙЛ)
  help         эта справка
  quit         выйти. В партии с ботом, если ходы не сохранены, спросит имя файла (пусто — не
               сохранять; существующий файл не перезаписывается, кроме того, из которого партия
               продолжена). Ctrl-D или Ctrl-C в терминале — то же, что quit; если кончился
               ввод из файла или канала, партия не сохраняется, а сказано, как сохранить
В терминале работают правка строки и история (стрелки вверх/вниз; файл ~/.sandtable_history
или $SANDTABLE_HISTORY, пустая переменная — без файла); секретный выбор за одним экраном в
историю не попадает.
"
            )
        } else {
            format!(
                "Commands:
  <action>     play an action in the game's notation (e.g. {example})
  ? | legal    numbered list of legal actions; typing a number plays it. The numbers stay
               the same until an action is played or undone
  <word>       the legal actions that name it: a piece, a place, a card (e.g. {word}),
               with their numbers in the whole list
  undo         take back your last action (if it rolled or revealed nothing)
  odds <act>   the odds of an action before the dice: each result with its chance, and what it rests on (e.g. odds 3)
  log          the last 20 decisions with their events
  board        show the board again. After an action the board is drawn again only when
               the seat to act changed, dice were rolled or something was revealed; a plain
               step prints just the action and its events
  save FILE    write the game file (resume it later: sandtable play FILE)
  help         this help
  quit         leave. Against a bot, with moves not saved, asks for a file name (empty: do
               not save; an existing file is not overwritten, except the one the game was resumed
               from). Ctrl-D or Ctrl-C at a terminal is quit; at the end of piped input
               the game is not saved, and you are told how to save it
At a terminal, lines can be edited and recalled (up/down arrows; kept in ~/.sandtable_history
or $SANDTABLE_HISTORY, empty for none); a secret choice at a shared keyboard is not kept.
"
            )
        };
        write!(self.out, "{text}")?;
        Ok(())
    }
}

/// Whether `action` names `word` as one of its words (case aside).
fn names(action: &str, word: &str) -> bool {
    action.split_whitespace().any(|w| w.eq_ignore_ascii_case(word))
}
