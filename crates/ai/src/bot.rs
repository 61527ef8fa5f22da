//! The bot interface: a bot is handed what its seat may know, never the
//! true hidden state.

use crate::Budget;
use sandtable_core::{Heuristics, Ruleset, Seat, Text, Viewer};

/// What a seat knows when it must decide: its view, its legal actions, and
/// as many worlds as it likes that it cannot tell from the real one. The
/// real state stays private to this module: a bot reads the game only
/// through these methods, so it cannot peek at hands, deck orders or the
/// dice to come.
pub struct Infoset<'a, R: Ruleset> {
    rules: &'a R,
    state: &'a R::State,
    seat: Seat,
    legal: &'a [R::Action],
}

impl<'a, R: Ruleset> Infoset<'a, R> {
    /// The information of `seat` in `state`, whose legal actions are `legal`
    /// (never empty when a bot is asked). Only the engine side builds one.
    pub fn new(rules: &'a R, state: &'a R::State, seat: Seat, legal: &'a [R::Action]) -> Infoset<'a, R> {
        Infoset { rules, state, seat, legal }
    }
    /// The rules (static tables: map, scenario, cards).
    pub fn rules(&self) -> &'a R {
        self.rules
    }
    /// The seat deciding.
    pub fn seat(&self) -> Seat {
        self.seat
    }
    /// Its legal actions now.
    pub fn legal(&self) -> &'a [R::Action] {
        self.legal
    }
    /// What the seat sees. Cost: one [`Ruleset::view`].
    pub fn view(&self) -> R::View {
        self.rules.view(self.state, Viewer::Seat(self.seat))
    }
    /// A world the seat cannot tell from the real one, everything hidden from
    /// it (others' hands and secrets, deck orders, the dice to come) redrawn
    /// from `seed`: the state a search starts from. Cost: one
    /// [`Ruleset::resample_hidden`].
    pub fn sample(&self, seed: u64) -> R::State {
        self.rules.resample_hidden(self.state, Viewer::Seat(self.seat), seed)
    }
}

/// Something that picks a seat's next action in a typed game, from what the
/// seat may know. Every front end (the server, the terminal, the arena)
/// reaches bots through this one trait, via [`BotSpec`].
///
/// `Send` so a set of bots can be handed to a worker thread.
pub trait Bot<R: Ruleset>: Send {
    /// One of `info.legal()` (never empty). Returning an action outside it is
    /// a bot bug: [`crate::playout`] reports it as a refusal.
    fn choose(&mut self, info: &Infoset<'_, R>) -> R::Action;
}

/// The kinds of bot of this build.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniformly random legal actions ([`crate::RandomBot`]).
    Random,
    /// One ply on the game's evaluation ([`crate::GreedyBot`]).
    Greedy,
    /// Information-set Monte Carlo tree search ([`crate::MctsBot`]).
    Mcts,
}

impl BotKind {
    /// Every kind, in the order lists show them.
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Mcts];

    /// The name used on the command line and in the API.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Mcts => "mcts",
        }
    }
}

/// The strength levels players choose from, each an iteration budget of the
/// search bot (reproducible, unlike a time budget). `normal` is chosen so
/// that a whole game of the longest catalog games (Totensonntag and Nine
/// Years, ~500 decisions a side) stays near a minute of bot time on one
/// core of the reference machine; `hard` thinks four times longer (README:
/// "Bots" has the measured figures).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A quick opponent.
    Easy,
    /// The default.
    Normal,
    /// The strongest the lobby offers.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Its name (`easy`, `normal`, `hard`).
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// Its search budget.
    pub const fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget::Iterations(32),
            Level::Normal => Budget::Iterations(128),
            Level::Hard => Budget::Iterations(512),
        }
    }

    /// The level spending `budget`, if one does.
    pub fn of(budget: Budget) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.budget() == budget)
    }

    /// The level named `name` (case-insensitive).
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// A bot as players and scripts name it: its kind, and for the search bot
/// a budget and a thread count. Written `random`, `greedy`, `mcts` (normal),
/// `mcts:easy`, `mcts:hard`, `mcts:300ms`, `mcts:2000` (iterations),
/// `mcts:hard:4t` (four threads); [`BotSpec::parse`] reads what
/// [`BotSpec::name`] writes. Small and `Copy`: a seat of a server game keeps one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    /// Which bot.
    pub kind: BotKind,
    /// Its budget per decision (the search bot's only).
    pub budget: Budget,
    /// Threads it searches on (the search bot's only), at least 1.
    pub threads: u8,
}

impl BotSpec {
    /// The uniformly random bot.
    pub const RANDOM: BotSpec = BotSpec::of(BotKind::Random);
    /// The greedy bot.
    pub const GREEDY: BotSpec = BotSpec::of(BotKind::Greedy);

    /// A bot of `kind` at the normal level on one thread.
    pub const fn of(kind: BotKind) -> BotSpec {
        BotSpec { kind, budget: Level::Normal.budget(), threads: 1 }
    }

    /// The search bot at `level`, on one thread.
    pub const fn mcts(level: Level) -> BotSpec {
        BotSpec { kind: BotKind::Mcts, budget: level.budget(), threads: 1 }
    }

    /// The bots `sandtable bots`, the lobby and the protocol list: random,
    /// greedy and the search bot at each level.
    pub fn listed() -> Vec<BotSpec> {
        let mut all = vec![BotSpec::RANDOM, BotSpec::GREEDY];
        all.extend(Level::ALL.map(BotSpec::mcts));
        all
    }

    /// Its canonical name (see the type's documentation).
    pub fn name(self) -> String {
        match self.kind {
            BotKind::Random | BotKind::Greedy => self.kind.name().to_owned(),
            BotKind::Mcts => {
                let budget = Level::of(self.budget).map_or_else(|| self.budget.text(), |l| l.name().to_owned());
                let threads = if self.threads > 1 { format!(":{}t", self.threads) } else { String::new() };
                format!("mcts:{budget}{threads}")
            }
        }
    }

    /// The level it plays at, if it is the search bot at one.
    pub fn level(self) -> Option<Level> {
        (self.kind == BotKind::Mcts).then(|| Level::of(self.budget)).flatten()
    }

    /// What it is, both languages.
    pub fn about(self) -> Text {
        match self.kind {
            BotKind::Random => Text::fixed("uniformly random legal actions", "случайные допустимые ходы"),
            BotKind::Greedy => {
                Text::fixed("one move ahead on the game's own evaluation", "на ход вперёд по оценке позиции самой игры")
            }
            BotKind::Mcts => {
                let (en, ru) = match self.budget {
                    Budget::Iterations(n) => (format!("{n} iterations"), format!("{n} итераций")),
                    Budget::Millis(ms) => (format!("{ms} ms"), format!("{ms} мс")),
                };
                let (len, lru) = match self.level() {
                    Some(Level::Easy) => ("easy, ", "лёгкий, "),
                    Some(Level::Normal) => ("normal, ", "обычный, "),
                    Some(Level::Hard) => ("hard, ", "сильный, "),
                    None => ("", ""),
                };
                Text::new(
                    format!("information-set tree search ({len}{en} a move, {} thread(s))", self.threads),
                    format!("поиск по дереву информационных множеств ({lru}{ru} на ход, потоков: {})", self.threads),
                )
            }
        }
    }

    /// The bot named `text` (case-insensitive), see the type's documentation.
    ///
    /// # Errors
    /// What is wrong with the name, both languages, listing the bots there are.
    pub fn parse(text: &str) -> Result<BotSpec, Text> {
        let t = text.trim().to_ascii_lowercase();
        let mut parts = t.split(':');
        let head = parts.next().unwrap_or_default();
        let known = || BotSpec::listed().into_iter().map(BotSpec::name).collect::<Vec<_>>().join(", ");
        let Some(kind) = BotKind::ALL.into_iter().find(|k| k.name() == head) else {
            return Err(Text::new(
                format!("no bot {head:?}; bots: {}", known()),
                format!("нет бота {head:?}; есть: {}", known()),
            ));
        };
        let mut spec = BotSpec::of(kind);
        for part in parts {
            let bad = || {
                Text::new(
                    format!("{part:?} in {text:?} is not a level (easy, normal, hard), a budget (300ms, 2000) or threads (4t)"),
                    format!("{part:?} в {text:?} — не уровень (easy, normal, hard), не бюджет (300ms, 2000) и не потоки (4t)"),
                )
            };
            if kind != BotKind::Mcts {
                return Err(Text::new(
                    format!("the {} bot takes no level or budget ({text:?})", kind.name()),
                    format!("у бота {} нет уровня и бюджета ({text:?})", kind.name()),
                ));
            }
            if let Some(level) = Level::parse(part) {
                spec.budget = level.budget();
            } else if let Some(n) = part.strip_suffix('t') {
                spec.threads = n.parse::<u8>().ok().filter(|&n| (1..=64).contains(&n)).ok_or_else(bad)?;
            } else {
                spec.budget = Budget::parse(part).ok_or_else(bad)?;
            }
        }
        Ok(spec)
    }

    /// A fresh bot of this spec for a game of `R`, its choices following `seed`.
    pub fn build<R: Heuristics>(self, seed: u64) -> Box<dyn Bot<R>> {
        match self.kind {
            BotKind::Random => Box::new(crate::RandomBot::new(seed)),
            BotKind::Greedy => Box::new(crate::GreedyBot::new(seed)),
            BotKind::Mcts => Box::new(crate::MctsBot::new(
                crate::MctsConfig::new(self.budget).with_threads(usize::from(self.threads)),
                seed,
            )),
        }
    }
}

impl std::fmt::Display for BotSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// Asks `bot` for `seat`'s decision in `state`: `None` when the seat has no
/// legal action. The one place a bot meets a state. Cost: one
/// [`Ruleset::legal_actions`] plus the bot's own.
pub fn decide<R: Ruleset>(bot: &mut dyn Bot<R>, rules: &R, state: &R::State, seat: Seat) -> Option<R::Action> {
    let mut legal = Vec::new();
    rules.legal_actions(state, seat, &mut legal);
    if legal.is_empty() {
        return None;
    }
    Some(bot.choose(&Infoset::new(rules, state, seat, &legal)))
}
