//! Writes a fixture for the browser renderer's static harness
//! (`web/dev.html`): the board drawing and a few tables shaped like
//! the server's `GET /api/t/{token}` answer, as one script
//! (`window.COLDITZ_FIXTURE = …`), since a page opened from `file://` may
//! not fetch.
//!
//! `cargo run -p sandtable-colditz --example web_fixture > games/colditz/web/fixture.js`

use sandtable_colditz::{Action, Colditz, Loc, Marker, Nation, PawnId, State, TunnelState};
use sandtable_core::{Events, LegalAction, Ruleset, Seat, Setup, ToAct, Viewer};
use serde_json::{json, Value};

fn new_game(r: &Colditz, players: u8, seed: u64) -> (Setup, State) {
    let setup = r.info().resolve(&Setup::seeded(seed).with_option("players", &players.to_string())).expect("setup");
    let s = r.setup(&setup).expect("state");
    (setup, s)
}

/// Random play favouring moves (so pawns spread), `steps` decisions.
fn wander(r: &Colditz, s: &mut State, seed: u64, steps: usize, stop: impl Fn(&State) -> bool) {
    let mut pick = sandtable_core::Dice::from_seed(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        if stop(s) {
            return;
        }
        let seats: Vec<Seat> = match r.to_act(s) {
            ToAct::Over(_) => return,
            ToAct::Seats(set) => set.iter().collect(),
        };
        let seat = seats[pick.below(seats.len())];
        buf.clear();
        r.legal_actions(s, seat, &mut buf);
        let moves: Vec<Action> = buf.iter().copied().filter(|a| matches!(a, Action::Move(..))).collect();
        let ends: Vec<Action> = buf.iter().copied().filter(|a| matches!(a, Action::End)).collect();
        let a = if !moves.is_empty() && pick.below(4) > 0 {
            // Prefer the longest moves of the list's tail: pawns get somewhere.
            moves[pick.below(moves.len())]
        } else if !ends.is_empty() && pick.below(2) == 0 {
            ends[0]
        } else {
            buf[pick.below(buf.len())]
        };
        r.try_apply(s, seat, a, &mut Events::off()).expect("legal");
    }
}

fn table(r: &Colditz, setup: &Setup, s: &State, seat: Option<&str>, title: &str) -> Value {
    let info = r.info();
    let players = usize::from(s.players);
    let viewer = match seat {
        Some(id) => Viewer::Seat(Seat::new(info.seats.iter().position(|x| x.id == id).expect("seat") as u8)),
        None => Viewer::Spectator,
    };
    let seats: Vec<Value> = info
        .seats
        .iter()
        .enumerate()
        .map(|(i, x)| json!({"id": x.id, "name": x.name, "kind": "human", "playing": i < players}))
        .collect();
    let legal: Vec<LegalAction> = match viewer {
        Viewer::Seat(seat) => {
            let mut buf = Vec::new();
            r.legal_actions(s, seat, &mut buf);
            buf.iter()
                .map(|&a| LegalAction {
                    action: r.notation(a),
                    label: r.label(a),
                    hint: r.hint(s, a),
                    forecast: r.forecast(s, seat, a),
                })
                .collect()
        }
        Viewer::Spectator => Vec::new(),
    };
    let to_act: Vec<&str> = match r.to_act(s) {
        ToAct::Seats(set) => set.iter().map(|x| info.seats[x.index()].id.as_str()).collect(),
        ToAct::Over(_) => Vec::new(),
    };
    json!({
        "title": title,
        "game": "colditz",
        "name": info.name,
        "id": "fixture",
        "version": 1,
        "role": match seat { Some(id) => json!({"seat": id}), None => json!({"spectator": true}) },
        "setup": setup,
        "seats": seats,
        "to_act": to_act,
        "view": r.view(s, viewer),
        "legal": legal,
        "can_undo": false,
        // A made-up last decision, in the table's log format (each decision with its events).
        "log": [{"seat": info.seats[usize::from(s.turn)].id, "action": "roll", "events": [
            {"rule": "Colditz: Movement", "dice": [3, 5], "text": {"en": "movement roll: 8 points (0 doubles)", "ru": "бросок на движение: 8 очков (дублей: 0)"}}
        ]}],
    })
}

fn main() {
    let r = Colditz::standard();
    let mut tables = Vec::new();

    // 1. Four players, the German posting guards.
    let (setup, s) = new_game(&r, 4, 1);
    tables.push(table(&r, &setup, &s, Some("german"), "4p German set-up"));

    // 2. Four players after some play, an officer moving.
    let (setup, mut s) = new_game(&r, 4, 2);
    wander(&r, &mut s, 2, 400, |_| false);
    wander(&r, &mut s, 3, 400, |s| s.turn == 1 && s.phase == sandtable_colditz::Phase::Move && s.mp > 5);
    tables.push(table(&r, &setup, &s, Some("british"), "4p British moving"));

    // 3. Six players, a staged position: POWs spread over the castle,
    // one in solitary, an open tunnel, a marker, escapes.
    let (setup, mut s) = new_game(&r, 6, 3);
    wander(&r, &mut s, 4, 300, |_| false);
    let b = &r.board;
    let place = |s: &mut State, p: PawnId, key: &str, tunnel: bool| {
        let c = b.find(key).expect("circle");
        let x = s.pawn_mut(p);
        x.loc = Loc::Circle(c);
        x.in_tunnel = tunnel;
    };
    place(&mut s, PawnId::pow(Nation::British, 1), "gr05", false);
    place(&mut s, PawnId::pow(Nation::British, 2), "np04", false);
    place(&mut s, PawnId::pow(Nation::American, 1), "ci02", false);
    place(&mut s, PawnId::pow(Nation::French, 1), "oc20", false);
    place(&mut s, PawnId::pow(Nation::Dutch, 1), "lt30", false);
    let course = b.tunnels[0].course.clone();
    s.tunnels[0] = TunnelState::Open;
    s.pawn_mut(PawnId::pow(Nation::Polish, 1)).loc = Loc::Circle(course[3]);
    s.pawn_mut(PawnId::pow(Nation::Polish, 1)).in_tunnel = true;
    s.pawn_mut(PawnId::pow(Nation::Polish, 2)).loc = Loc::Circle(course[5]);
    s.pawn_mut(PawnId::pow(Nation::Polish, 2)).in_tunnel = true;
    s.pawn_mut(PawnId::pow(Nation::French, 2)).loc = Loc::Escaped;
    s.pawn_mut(PawnId::pow(Nation::Dutch, 2)).loc = Loc::Dead;
    s.escapes[Nation::French.index()] = 1;
    if let Some((a, bb)) =
        b.net.all_links().find(|(_, _, l)| matches!(l, sandtable_colditz::Link::Drop { .. })).map(|(a, bb, _)| (a, bb))
    {
        s.markers.push(Marker { a, b: bb, nation: Nation::British });
    }
    tables.push(table(&r, &setup, &s, Some("polish"), "6p staged, Polish seat"));
    tables.push(table(&r, &setup, &s, None, "6p staged, spectator"));

    // 4. Two players, Appel being answered.
    let (setup, mut s) = new_game(&r, 2, 5);
    wander(&r, &mut s, 6, 3000, |s| s.phase == sandtable_colditz::Phase::AppelAnswer);
    tables.push(table(&r, &setup, &s, Some("british"), "2p Appel or later"));

    let out = json!({"drawing": r.drawing(), "tables": tables});
    println!("window.COLDITZ_FIXTURE = {};", serde_json::to_string(&out).expect("json"));
}
