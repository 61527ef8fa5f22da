//! The bot interface: a bot is handed what its seat may know, never the
//! true hidden state.

use sandtable_core::{Ruleset, Seat, Text, Viewer};

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
/// reaches bots through this one trait, via [`BotKind`].
///
/// `Send` so a set of bots can be handed to a worker thread.
pub trait Bot<R: Ruleset>: Send {
    /// One of `info.legal()` (never empty). Returning an action outside it is
    /// a bot bug: [`crate::playout`] reports it as a refusal.
    fn choose(&mut self, info: &Infoset<'_, R>) -> R::Action;
}

/// The bots of this build, by name: what the lobby, `sandtable play --vs`
/// and the engine protocol offer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniformly random legal actions ([`crate::RandomBot`]).
    Random,
}

impl BotKind {
    /// Every bot, in the order lists show them.
    pub const ALL: [BotKind; 1] = [BotKind::Random];

    /// The name used on the command line and in the API (`random`).
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
        }
    }

    /// What it is.
    pub fn about(self) -> Text {
        match self {
            BotKind::Random => Text::fixed("uniformly random legal actions", "случайные допустимые ходы"),
        }
    }

    /// The bot named `name` (case-insensitive).
    pub fn parse(name: &str) -> Option<BotKind> {
        BotKind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(name.trim()))
    }

    /// A fresh bot of this kind for a game of `R`, its choices following `seed`.
    pub fn build<R: Ruleset>(self, seed: u64) -> Box<dyn Bot<R>> {
        match self {
            BotKind::Random => Box::new(crate::RandomBot::new(seed)),
        }
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
