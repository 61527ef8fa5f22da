//! What happened when an action was applied: rolls and results, with the
//! rule that produced them and who may read them. Events are told, not
//! stored: the state keeps no history, and replaying the log regenerates them.

use crate::{SeatSet, Text, Viewer};
use serde::{Deserialize, Serialize};

/// Who may read an event.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Audience {
    /// Every seat and every spectator.
    #[default]
    Everyone,
    /// Only these seats (a card drawn into a hand, a private result).
    Seats(SeatSet),
}

impl Audience {
    /// Whether `viewer` may read what is told to this audience. O(1).
    pub fn admits(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) => true,
            (Audience::Seats(set), Viewer::Seat(seat)) => set.contains(seat),
            (Audience::Seats(_), Viewer::Spectator) => false,
        }
    }
    /// Whether everyone may read it.
    pub fn is_everyone(&self) -> bool {
        *self == Audience::Everyone
    }
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The rule that made it happen, if any.
    pub rule: Option<String>,
    /// The dice rolled for it, in order (empty if none).
    pub dice: Vec<u8>,
    /// What happened.
    pub text: Text,
    /// Who may read it (omitted from JSON when everyone may).
    #[serde(default, skip_serializing_if = "Audience::is_everyone")]
    pub audience: Audience,
    /// It shows its audience something hidden until now (a card drawn or
    /// played, secret choices opened): past it, no undo.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reveals: bool,
}

impl Event {
    /// Whether `viewer` may read this event.
    pub fn seen_by(&self, viewer: Viewer) -> bool {
        self.audience.admits(viewer)
    }
}

/// The events of `events` that `viewer` may read, in order: what every log,
/// table, push and reply shown to `viewer` carries. O(n) clones of the kept.
pub fn events_seen_by(events: &[Event], viewer: Viewer) -> Vec<Event> {
    events.iter().filter(|e| e.seen_by(viewer)).cloned().collect()
}

/// Who has been shown something hidden: the undo barrier, derived from the
/// events that reveal ([`Events::reveal`]), never counted by hand.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Revealed {
    /// Everyone (a card played face up, secret choices opened).
    pub everyone: bool,
    /// These seats (a card drawn into a hand, one handed over).
    pub seats: SeatSet,
}

impl Revealed {
    /// Whether nothing was revealed to anyone.
    pub fn is_empty(self) -> bool {
        !self.everyone && self.seats.is_empty()
    }
    /// Whether something was revealed to `viewer`.
    pub fn to(self, viewer: Viewer) -> bool {
        self.everyone || matches!(viewer, Viewer::Seat(s) if self.seats.contains(s))
    }
}

/// A sink for events. When disabled (random playouts, search), the closures
/// that would build the messages are never run, so the hot path pays nothing;
/// what was revealed, and to whom, is noted either way (two words).
#[derive(Debug, Default)]
pub struct Events {
    on: bool,
    list: Vec<Event>,
    revealed: Revealed,
}

impl Events {
    /// A sink that records.
    pub fn recording() -> Events {
        Events { on: true, ..Events::default() }
    }
    /// A sink that drops everything without building it (but notes reveals).
    pub fn off() -> Events {
        Events::default()
    }
    /// Whether events are being recorded (callers may skip work that only
    /// feeds events).
    pub fn is_on(&self) -> bool {
        self.on
    }
    /// Records an event built by `f`, only if recording.
    pub fn push(&mut self, f: impl FnOnce() -> Event) {
        if self.on {
            self.list.push(f());
        }
    }
    /// Records a plain message for everyone, citing `rule`.
    pub fn say(&mut self, rule: &str, f: impl FnOnce() -> Text) {
        self.push(|| Event {
            rule: Some(rule.to_owned()),
            dice: Vec::new(),
            text: f(),
            audience: Audience::Everyone,
            reveals: false,
        });
    }
    /// Tells `audience` something hidden until now, citing `rule` — a card
    /// drawn (to its holder), played (to everyone), handed over (to its
    /// receiver), secret choices opened. This is the one way a game reveals:
    /// the undo barrier is derived from it, and the conformance battery fails
    /// a game whose viewers learn anything hidden without it.
    pub fn reveal(&mut self, audience: Audience, rule: &str, f: impl FnOnce() -> Text) {
        match audience {
            Audience::Everyone => self.revealed.everyone = true,
            Audience::Seats(s) => self.revealed.seats = self.revealed.seats.union(s),
        }
        self.push(|| Event { rule: Some(rule.to_owned()), dice: Vec::new(), text: f(), audience, reveals: true });
    }
    /// What was revealed, and to whom, since the last call; resets it.
    pub fn take_revealed(&mut self) -> Revealed {
        std::mem::take(&mut self.revealed)
    }
    /// Records a message only `seats` may read, citing `rule` (a card drawn
    /// into a hidden hand: its owner reads which card; tell the others with
    /// [`Events::say`] that a card was drawn).
    pub fn say_to(&mut self, seats: SeatSet, rule: &str, f: impl FnOnce() -> Text) {
        self.push(|| Event {
            rule: Some(rule.to_owned()),
            dice: Vec::new(),
            text: f(),
            audience: Audience::Seats(seats),
            reveals: false,
        });
    }
    /// Records a roll for everyone, citing `rule`.
    pub fn roll(&mut self, rule: &str, dice: &[u8], f: impl FnOnce() -> Text) {
        self.push(|| Event {
            rule: Some(rule.to_owned()),
            dice: dice.to_vec(),
            text: f(),
            audience: Audience::Everyone,
            reveals: false,
        });
    }
    /// The recorded events, emptying the sink.
    pub fn take(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.list)
    }
    /// The recorded events.
    pub fn list(&self) -> &[Event] {
        &self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    #[test]
    fn audience_admits_only_its_seats_and_everyone_admits_all() {
        let red = Viewer::Seat(Seat::new(0));
        let blue = Viewer::Seat(Seat::new(1));
        let to_red = Audience::Seats(SeatSet::one(Seat::new(0)));
        assert!(to_red.admits(red));
        assert!(!to_red.admits(blue));
        assert!(!to_red.admits(Viewer::Spectator));
        for v in [red, blue, Viewer::Spectator] {
            assert!(Audience::Everyone.admits(v));
        }
    }

    #[test]
    fn private_events_filtered_and_public_ones_serialise_as_before() {
        let mut ev = Events::recording();
        ev.say("R 1", || Text::fixed("a card is drawn", "вытянута карта"));
        ev.say_to(SeatSet::one(Seat::new(1)), "R 1", || Text::fixed("you draw the ace", "вы тянете туза"));
        let all = ev.take();
        assert_eq!(events_seen_by(&all, Viewer::Seat(Seat::new(1))).len(), 2);
        assert_eq!(events_seen_by(&all, Viewer::Seat(Seat::new(0))).len(), 1);
        assert_eq!(events_seen_by(&all, Viewer::Spectator).len(), 1);
        let public = serde_json::to_value(&all[0]).unwrap();
        assert!(public.get("audience").is_none() && public.get("reveals").is_none(), "{public}");
        let private = serde_json::to_string(&all[1]).unwrap();
        let back: Event = serde_json::from_str(&private).unwrap();
        assert_eq!(back, all[1]);
    }

    #[test]
    fn reveals_are_noted_even_when_events_are_off() {
        let mut ev = Events::off();
        ev.say("R 1", || Text::fixed("nothing hidden", "ничего скрытого"));
        assert!(ev.take_revealed().is_empty());
        ev.reveal(Audience::Seats(SeatSet::one(Seat::new(2))), "R 1", || Text::fixed("a card", "карта"));
        let r = ev.take_revealed();
        assert!(r.to(Viewer::Seat(Seat::new(2))) && !r.to(Viewer::Seat(Seat::new(0))) && !r.to(Viewer::Spectator));
        assert!(ev.take_revealed().is_empty(), "taken");
        ev.reveal(Audience::Everyone, "R 2", || Text::fixed("played", "сыграна"));
        assert!(ev.take_revealed().to(Viewer::Spectator));
        assert!(ev.list().is_empty(), "off: no text built");
    }
}
