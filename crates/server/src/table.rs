//! The table: everything one token's holder sees of a game, in one JSON
//! object (see docs/server.md). Built only through the session's per-viewer
//! calls (`view`, `log_for`, `legal_hinted` of the holder's own seat), so it
//! carries nothing the holder may not see. The set-up's seed is left out
//! until the game is over: with it anyone could recompute every hidden hand,
//! deck order and future die.

use crate::hub::Live;
use crate::storage::Role;
use sandtable_core::{Event, Viewer};
use serde_json::{json, Value};

/// The table of `live` for `role`. Cost: one view, one redacted log and,
/// for a seat, its legal actions: O(log + legal-action generation).
pub fn table(live: &Live, role: &Role) -> Value {
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
            json!({
                "id": seat.id,
                "name": seat.name,
                "kind": live.kinds[i].as_str(),
                "playing": playing.contains(idx),
            })
        })
        .collect();
    // A seat handed to the bot acts through the bot only (the hub refuses
    // its holder's actions), so its holder is offered none; nor an undo once
    // the game is over (the hub refuses it: the seed is public by then).
    let (legal, can_undo) = match viewer {
        Viewer::Seat(seat) if !live.is_bot(seat) => {
            (json!(s.legal_hinted(seat)), !live.is_over() && s.undo_refusal(seat).is_none())
        }
        Viewer::Seat(_) | Viewer::Spectator => (json!([]), false),
    };
    let role_json = match role {
        Role::Admin => json!({"admin": true}),
        Role::Spectator => json!({"spectator": true}),
        Role::Seat(id) => json!({"seat": id}),
    };
    let mut out = json!({
        "game": info.id,
        "name": info.name,
        "id": live.row.id,
        "version": live.version,
        "role": role_json,
        "setup": setup(live),
        "seats": seats,
        "view": s.view(viewer),
        "legal": legal,
        "can_undo": can_undo,
        "log": log(live, viewer),
    });
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
/// cited, dice shown). Events are worded for everyone by the games (a secret
/// choice says only that it was made); a decision hidden from the viewer is
/// left out with its events.
fn log(live: &Live, viewer: Viewer) -> Vec<Value> {
    let none: Vec<Event> = Vec::new();
    live.session
        .log_seen_by(viewer)
        .into_iter()
        .enumerate()
        .filter_map(|(i, entry)| {
            let e = entry?;
            Some(json!({"seat": e.seat, "action": e.action, "events": live.history.get(i).unwrap_or(&none)}))
        })
        .collect()
}
