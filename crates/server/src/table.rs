//! The table: everything one token's holder sees of a game, in one JSON
//! object (see docs/server.md). Built only through the session's per-viewer
//! calls (`view`, `log_for`, `legal_hinted` of the holder's own seat), so it
//! carries nothing the holder may not see. The set-up's seed is left out
//! until the game is over: with it anyone could recompute every hidden hand,
//! deck order and future die.

use crate::hub::Live;
use crate::storage::Role;
use sandtable_core::{events_seen_by, Viewer};
use serde::Deserialize;
use serde_json::{json, Value};

/// What a page already holds of its log: the table of version `since`, with
/// `have` entries. The next table then carries only the entries from
/// `log_from` on (the ones the page holds up to there are unchanged), so a
/// long game does not resend its whole log after every move.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Held {
    /// The version of the table the page holds.
    pub since: u64,
    /// How many log entries that table had.
    pub have: usize,
    /// What the bots were doing in that table (a count of changes to their
    /// thinking and timings, which move no version), when known: a
    /// WebSocket keeps track of it; a page's query cannot say.
    #[serde(skip)]
    pub bots: Option<u64>,
}

/// `?since=V&have=N` (both or neither): what a page holds, on a table
/// request or a WebSocket.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldQuery {
    since: Option<u64>,
    have: Option<usize>,
}

impl HeldQuery {
    /// The [`Held`] it names; `Err` when only one of the two is given.
    pub fn held(&self) -> Result<Option<Held>, &'static str> {
        match (self.since, self.have) {
            (Some(since), Some(have)) => Ok(Some(Held { since, have, bots: None })),
            (None, None) => Ok(None),
            _ => Err("since and have go together"),
        }
    }
}

/// The table of `live` for `role`, its log from what `held` lacks (all of
/// it without `held`). Cost: one view, the redacted log (O(log) to redact;
/// only the new entries are built) and, for a seat, its legal actions.
pub fn table(live: &Live, role: &Role, held: Option<Held>) -> Value {
    let s = live.session.as_ref();
    let info = s.info();
    let viewer = live.viewer(role);
    let playing = s.seats();
    let seats: Vec<Value> = info
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let idx = sandtable_core::Seat::new(i as u8);
            let mut out = json!({
                "id": seat.id,
                "name": seat.name,
                "kind": live.kinds[i].word(),
                "playing": playing.contains(idx),
                // A search begun before the seat was handed back runs to its
                // end (its decision is then dropped): true meanwhile.
                "thinking": live.thinking == Some(idx),
            });
            if let Some(bot) = live.kinds[i].bot() {
                out["bot"] = json!({
                    "name": bot.name(),
                    "about": bot.about(),
                    "last_ms": live.last_ms.get(i).copied().flatten(),
                });
            }
            out
        })
        .collect();
    // A seat handed to the bot acts through the bot only (the hub refuses
    // its holder's actions), so its holder is offered none; nor an undo once
    // the game is over (the hub refuses it: the seed is public by then).
    // Nothing is set up before the seal: the stand-in game is no one's to
    // see or play (see `dice.rs`), so none of it is even built.
    let gathering = live.draw.gathering();
    let (legal, can_undo, idle) = match viewer {
        Viewer::Seat(seat) if !live.is_bot(seat) && !gathering => {
            let idle: Vec<Value> = s
                .idle(seat)
                .into_iter()
                .map(|(piece, why)| json!({"piece": piece, "rule": why.rule, "text": why.text}))
                .collect();
            (json!(s.legal_hinted(seat)), !live.is_over() && s.undo_refusal(seat).is_none(), json!(idle))
        }
        Viewer::Seat(_) | Viewer::Spectator => (json!([]), false, json!([])),
    };
    let role_json = match role {
        Role::Admin => json!({"admin": true}),
        Role::Spectator => json!({"spectator": true}),
        Role::Seat(id) => json!({"seat": id}),
        Role::Invite(id) => json!({"spectator": true, "invite": id}),
    };
    let waiting = live.waiting();
    let waiting: Vec<&str> = waiting.iter().map(String::as_str).collect();
    let mut out = json!({
        "game": info.id,
        "name": info.name,
        "id": live.row.id,
        "version": live.version,
        "role": role_json,
        "setup": setup(live),
        "seats": seats,
        "dice": live.draw.json(&waiting, live.is_over()),
        "view": if gathering { Value::Null } else { s.view(viewer) },
        "legal": legal,
        "idle": idle,
        "can_undo": can_undo,
    });
    let (from, entries, len) = if gathering { (0, Vec::new(), 0) } else { log(live, viewer, held) };
    out["log_from"] = json!(from);
    out["log"] = json!(entries);
    out["log_len"] = json!(len);
    if let (Value::Object(o), Value::Object(st)) = (&mut out, live.status()) {
        o.extend(st);
    }
    out
}

/// The set-up as everyone may see it: scenario and options, and the seed
/// only once the game is over (for replays and analysis).
fn setup(live: &Live) -> Value {
    let setup = live.session.setup();
    let mut out = json!({"scenario": setup.scenario, "options": setup.options});
    if live.is_over() {
        out["seed"] = json!(setup.seed);
    }
    out
}

/// The log as `viewer` may read it, each decision with what it did (rule
/// cited, dice shown): only the events whose audience admits the viewer (a
/// card drawn shows to its owner; the others read that a card was drawn); a
/// decision hidden from the viewer is left out with its events. Returns the first entry sent, the entries from
/// there, and how many there are in all: the page keeps its first `from`
/// entries (those of `held` no undo has cut since) and appends the rest.
fn log(live: &Live, viewer: Viewer, held: Option<Held>) -> (usize, Vec<Value>, usize) {
    let visible: Vec<(usize, sandtable_core::LogEntry)> =
        live.session.log_seen_by(viewer).into_iter().enumerate().filter_map(|(i, e)| Some((i, e?))).collect();
    let from = held.map_or(0, |h| match live.kept_since(h.since) {
        // Entries before the first decision an undo cut are as the page has them.
        Some(kept) => h.have.min(visible.iter().take_while(|(i, _)| *i < kept).count()),
        None => 0,
    });
    let entries = visible[from..]
        .iter()
        .map(|(i, e)| {
            let events = live.history.get(*i).map_or_else(Vec::new, |all| events_seen_by(all, viewer));
            let mut entry = json!({"seat": e.seat, "action": e.action, "events": events});
            if let Some(label) = live.session.label(&e.action) {
                entry["label"] = json!(label);
            }
            entry
        })
        .collect();
    (from, entries, visible.len())
}
