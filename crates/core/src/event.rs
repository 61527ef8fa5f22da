//! What happened when an action was applied: rolls and results, with the
//! rule that produced them. Events are told, not stored: the state keeps no
//! history, and replaying the log regenerates them.

use crate::Text;
use serde::{Deserialize, Serialize};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The rule that made it happen, if any.
    pub rule: Option<String>,
    /// The dice rolled for it, in order (empty if none).
    pub dice: Vec<u8>,
    /// What happened.
    pub text: Text,
}

/// A sink for events. When disabled (random playouts, search), the closures
/// that would build the messages are never run, so the hot path pays nothing.
#[derive(Debug, Default)]
pub struct Events {
    on: bool,
    list: Vec<Event>,
}

impl Events {
    /// A sink that records.
    pub fn recording() -> Events {
        Events { on: true, list: Vec::new() }
    }
    /// A sink that drops everything without building it.
    pub fn off() -> Events {
        Events { on: false, list: Vec::new() }
    }
    /// Records an event built by `f`, only if recording.
    pub fn push(&mut self, f: impl FnOnce() -> Event) {
        if self.on {
            self.list.push(f());
        }
    }
    /// Records a plain message citing `rule`.
    pub fn say(&mut self, rule: &str, f: impl FnOnce() -> Text) {
        self.push(|| Event { rule: Some(rule.to_owned()), dice: Vec::new(), text: f() });
    }
    /// Records a roll citing `rule`.
    pub fn roll(&mut self, rule: &str, dice: &[u8], f: impl FnOnce() -> Text) {
        self.push(|| Event { rule: Some(rule.to_owned()), dice: dice.to_vec(), text: f() });
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
