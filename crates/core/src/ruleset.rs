//! The contract every game implements.

use crate::{
    DataError, DataErrors, Dice, Events, GameInfo, Hint, Illegal, ParseError, PositionError, ScenarioFile, Seat,
    SeatSet, Setup, SetupError, ToAct, Viewer,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::hash::Hash;

/// A game's rules as code.
///
/// The ruleset value holds the static tables (map, scenario, order of battle,
/// card texts) and is shared (`Arc`); the [`Ruleset::State`] holds only what
/// changes during play, so cloning it is cheap and it serialises as plain data.
///
/// Contract, checked for every game by [`crate::conformance`]:
/// - [`Ruleset::legal_actions`] lists exactly the actions [`Ruleset::try_apply`]
///   accepts: both are built on the same per-rule checks, and a refusal names
///   the rule it breaks.
/// - `try_apply` changes nothing when it refuses.
/// - All chance comes from the dice stored in the state, so the same set-up and
///   action log always give the same state.
/// - [`Ruleset::view`] of a seat is the same whatever the hidden information it
///   may not see (see [`Ruleset::resample_hidden`]).
pub trait Ruleset: Send + Sync + 'static {
    /// Everything that changes during a game. Must serialise deterministically
    /// (no hash maps): its JSON is hashed into game files.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One decision. Small and `Copy`.
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// What one seat (or a spectator) may see.
    type View: Serialize + PartialEq + Debug;

    /// Seats, scenarios, options, rules version.
    fn info(&self) -> &GameInfo;

    /// Checks a position given as data (a state read from JSON) before play
    /// starts from it: every id in range, every card and unit accounted for,
    /// the phase consistent. Reports every problem, each with where it is.
    /// Required: a game that skipped it would let a crafted file panic it.
    /// Cost: O(state size).
    ///
    /// # Errors
    /// Every impossible thing found.
    fn validate(&self, state: &Self::State) -> Result<(), Vec<PositionError>>;

    /// A new game. `setup` has been checked by [`GameInfo::resolve`]: the
    /// scenario is set and every option has a value.
    ///
    /// # Errors
    /// A set-up the rules cannot start from (e.g. a player count the scenario lacks).
    fn setup(&self, setup: &Setup) -> Result<Self::State, SetupError>;

    /// The seats taking part in this game (e.g. 3 of Colditz's 6). Default: all.
    fn seats(&self, _state: &Self::State) -> SeatSet {
        SeatSet::first(self.info().seats.len())
    }

    /// Who must decide now, or the outcome.
    fn to_act(&self, state: &Self::State) -> ToAct;

    /// Seats that owe nothing now but may act anyway (Colditz officers
    /// trading Equipment in another officer's turn). Their legal actions are
    /// those optional ones; bots and the flow of play never wait for them.
    /// Default: nobody.
    fn may_act(&self, _state: &Self::State) -> SeatSet {
        SeatSet::EMPTY
    }

    /// Appends every action `seat` may take now to `out` (nothing if the seat
    /// owes no decision).
    fn legal_actions(&self, state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies `action` for `seat`, rolling dice as needed and telling `events`
    /// what happened.
    ///
    /// # Errors
    /// [`Illegal`] naming the rule broken; the state is then unchanged.
    fn try_apply(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: Self::Action,
        events: &mut Events,
    ) -> Result<(), Illegal>;

    /// What `viewer` may see, and nothing more.
    fn view(&self, state: &Self::State, viewer: Viewer) -> Self::View;

    /// The canonical text of an action; [`Ruleset::parse`] reads it back.
    fn notation(&self, action: Self::Action) -> String;

    /// An action as a player reads it, in English and Russian (the Russian
    /// in the rule texts' terms): a front end shows it beside the canonical
    /// notation, which stays what is typed and logged. Default: the notation
    /// in both. Cost: a few small strings.
    fn label(&self, action: Self::Action) -> crate::Text {
        let n = self.notation(action);
        crate::Text::new(n.clone(), n)
    }

    /// Reads an action's text.
    ///
    /// # Errors
    /// Text that is not an action of this game.
    fn parse(&self, text: &str) -> Result<Self::Action, ParseError>;

    /// A logged action as `viewer` may read it: the notation, a redacted
    /// text when the action carries what the viewer may not see (a secret
    /// choice, a face-down discard, a card handed over), or `None` when even
    /// its being made would tell too much (one of several secret choices).
    /// Default: the notation. Logs shown to a seat (server, engine, terminal)
    /// go through it.
    fn log_text(&self, action: Self::Action, _actor: Seat, _viewer: Viewer) -> Option<String> {
        Some(self.notation(action))
    }

    /// The state's dice (all chance comes from them).
    fn dice<'s>(&self, state: &'s Self::State) -> &'s Dice;

    /// The state's dice, to change: the conformance battery gives a
    /// resampled world the real dice, so that the two differ only in what
    /// the viewer may not see.
    fn dice_mut<'s>(&self, state: &'s mut Self::State) -> &'s mut Dice;

    /// How far the state's dice have advanced ([`crate::Dice::position`]):
    /// with what the action's events revealed ([`crate::Events::reveal`]),
    /// the undo barrier. O(1).
    fn dice_position(&self, state: &Self::State) -> u128 {
        self.dice(state).position()
    }

    /// A state that `viewer` cannot tell apart from `state`: everything it may
    /// not see redrawn at random from `seed` — others' hands and secret
    /// choices, deck orders, and the dice to come (hidden from everyone). No
    /// default: a game that forgot it would pass every hidden-information
    /// check trivially. The conformance battery proves it (the viewer's view,
    /// events and legal actions the same in both worlds, as play goes on);
    /// search bots sample the worlds they search with it.
    fn resample_hidden(&self, state: &Self::State, viewer: Viewer, seed: u64) -> Self::State;

    /// Where `action` points on the board, for a graphical front end: the
    /// piece it is about and the place it reaches. Default: nowhere (every
    /// action a button).
    fn hint(&self, _state: &Self::State, _action: Self::Action) -> Hint {
        Hint::NONE
    }

    /// The exact odds of a legal `action` of `seat` before it is taken: its
    /// results with their probabilities, and the figures they rest on
    /// (ratings, each modifier with its rule). `None` for an action that
    /// rolls no die, and for what a game gives no odds of. Build it with
    /// [`crate::forecast::outcomes`], which runs the action itself over every
    /// way its dice can fall. It may read only what `seat` may see: where a
    /// rule hides the odds (SCS fog of war until an attack is declared), the
    /// forecast waits too. The conformance battery compares it across
    /// worlds `seat` cannot tell apart. Default: no odds.
    fn forecast(&self, _state: &Self::State, _seat: Seat, _action: Self::Action) -> Option<crate::Forecast> {
        None
    }

    /// The seat's own pieces on the board that have nothing to do now, each
    /// with the rule that holds it back, so a front end can say why when one
    /// is clicked, as a refusal would. Only pieces the seat's view shows and
    /// no listed action of the seat points at (minor ones aside, see
    /// [`Hint::minor`]). The conformance battery checks both. Default: none.
    /// Cost: the game's; called once per table a seat is sent.
    fn idle(&self, _state: &Self::State, _seat: Seat) -> Vec<(String, Illegal)> {
        Vec::new()
    }

    /// The static picture of the board a graphical front end draws once per
    /// game (hex centres and terrain, circles and links…), as JSON the
    /// game's browser renderer reads; ids match the view's and [`Hint`]'s.
    /// Default: nothing to draw. Cost: builds the JSON each call; callers cache.
    fn drawing(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// The board drawn as text for a terminal. Default: the view as JSON.
    fn render(&self, state: &Self::State, viewer: Viewer, _lang: &str) -> String {
        serde_json::to_string_pretty(&self.view(state, viewer)).unwrap_or_default()
    }

    /// The same rules on a user's scenario file: a new ruleset value whose
    /// [`GameInfo::scenarios`] lists that one scenario, with
    /// [`crate::ScenarioInfo::sha256`] the file's [`ScenarioFile::sha256`].
    /// Default: the game takes no scenario files yet.
    ///
    /// # Errors
    /// Every problem found in the file, each with its line and key.
    fn with_scenario(&self, file: &ScenarioFile) -> Result<Self, DataErrors>
    where
        Self: Sized,
    {
        Err(DataErrors::one(DataError::unsupported(file.name.clone(), &self.info().id)))
    }

    /// The same rules on another of the game's built-in scenarios, by id: a
    /// game shipping several (SCS) lists its own scenario first in
    /// [`GameInfo::scenarios`] and the others after it, and gives their
    /// values here (built once and shared). Default: none (one built-in).
    fn builtin(&self, _scenario: &str) -> Option<std::sync::Arc<Self>>
    where
        Self: Sized,
    {
        None
    }
}

/// Keeps, among `out[start..]`, the candidate actions `ok` accepts, in
/// order, dropping repeats: how a ruleset turns its candidates into the legal
/// list with the same checks `try_apply` runs. O(n) without touching the
/// heap: repeats are found in an open-addressing table on the stack (up to
/// 1,024 candidates; beyond, by scanning what was kept, O(n²)).
pub fn retain_legal<A: Copy + Eq + std::hash::Hash>(out: &mut Vec<A>, start: usize, mut ok: impl FnMut(A) -> bool) {
    const SLOTS: usize = 2048;
    let n = out.len() - start.min(out.len());
    let mut table = [0u16; SLOTS];
    let mask = (2 * n).next_power_of_two().clamp(1, SLOTS) - 1;
    let mut keep = start;
    for i in start..out.len() {
        let a = out[i];
        if !ok(a) {
            continue;
        }
        let fresh = if n <= SLOTS / 2 {
            // Slots hold a kept index + 1 (0 = empty).
            let mut slot = fx_hash(&a) as usize & mask;
            loop {
                match table[slot] {
                    0 => {
                        table[slot] = (keep - start + 1) as u16;
                        break true;
                    }
                    k if out[start + usize::from(k) - 1] == a => break false,
                    _ => slot = (slot + 1) & mask,
                }
            }
        } else {
            !out[start..keep].contains(&a)
        };
        if fresh {
            out[keep] = a;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// A fast non-cryptographic hash (the Fx multiply-rotate of rustc) for
/// [`retain_legal`]'s table: actions are small and not adversarial.
fn fx_hash<T: std::hash::Hash>(value: &T) -> u64 {
    struct Fx(u64);
    impl std::hash::Hasher for Fx {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.write_u64(u64::from(b));
            }
        }
        fn write_u64(&mut self, i: u64) {
            self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        fn write_u8(&mut self, i: u8) {
            self.write_u64(u64::from(i));
        }
        fn write_u16(&mut self, i: u16) {
            self.write_u64(u64::from(i));
        }
        fn write_u32(&mut self, i: u32) {
            self.write_u64(u64::from(i));
        }
        fn write_usize(&mut self, i: usize) {
            self.write_u64(i as u64);
        }
    }
    let mut h = Fx(0);
    value.hash(&mut h);
    // The low bits index the table: fold the well-mixed high bits down.
    h.0 ^ (h.0 >> 32)
}

#[cfg(test)]
mod tests {
    use super::retain_legal;

    #[test]
    fn retain_legal_keeps_order_drops_repeats_and_refusals() {
        let mut v = vec![9u32, 1, 2, 3, 2, 4, 1, 5, 6, 3];
        retain_legal(&mut v, 1, |a| a != 4);
        assert_eq!(v, vec![9, 1, 2, 3, 5, 6]);
        let mut big: Vec<u32> = (0..3000).chain(0..3000).collect();
        retain_legal(&mut big, 0, |a| a % 2 == 0);
        assert_eq!(big, (0..3000).filter(|a| a % 2 == 0).collect::<Vec<_>>());
        let mut empty: Vec<u32> = vec![7];
        retain_legal(&mut empty, 1, |_| true);
        assert_eq!(empty, vec![7]);
    }
}
