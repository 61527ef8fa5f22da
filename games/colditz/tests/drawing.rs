//! The board drawing and the action hints a graphical front end reads.

mod common;

use common::*;
use sandtable_colditz::Colditz;
use sandtable_core::{Events, Ruleset, Seat, ToAct, Viewer};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

fn drawing(r: &Colditz) -> Value {
    r.drawing()
}

fn circle_ids(d: &Value) -> Vec<String> {
    d["circles"].as_array().expect("circles").iter().map(|c| c["id"].as_str().expect("id").to_owned()).collect()
}

#[test]
fn drawing_every_circle_exactly_once() {
    let r = Colditz::standard();
    let d = drawing(&r);
    let ids = circle_ids(&d);
    let set: HashSet<&String> = ids.iter().collect();
    assert_eq!(set.len(), ids.len(), "a circle is drawn twice");
    // Every node of the board (every circle and the staff car).
    assert_eq!(ids.len(), r.board.net.len());
    for c in r.board.net.ids() {
        assert!(set.contains(&r.board.key(c).to_owned()), "{} not drawn", r.board.key(c));
    }
    // Each circle (the car aside) has its own lattice cell: the front end
    // draws one hex tile per circle.
    let lattice = &d["lattice"];
    let (dx, dy) = (lattice["dx"].as_f64().unwrap(), lattice["dy"].as_f64().unwrap());
    let mut cells = HashSet::new();
    for c in d["circles"].as_array().unwrap().iter().filter(|c| c["kind"] != "car") {
        let (x, y) = (c["x"].as_f64().unwrap(), c["y"].as_f64().unwrap());
        let row = ((y - 1.25) / dy).round();
        assert!((1.25 + row * dy - y).abs() < 1e-3, "{c} off the lattice rows");
        assert!(((x * 2.0 / dx).round() - x * 2.0 / dx).abs() < 1e-3, "{c} off the lattice columns");
        assert!(cells.insert(((x * 2.0).round() as i64, row as i64)), "{c} shares a lattice cell");
    }
    let (w, h) = (d["width"].as_f64().unwrap(), d["height"].as_f64().unwrap());
    for c in d["circles"].as_array().unwrap() {
        let (x, y) = (c["x"].as_f64().unwrap(), c["y"].as_f64().unwrap());
        assert!((0.0..=w).contains(&x) && (0.0..=h).contains(&y), "{c} off the canvas");
    }
}

#[test]
fn drawing_circles_have_known_areas_and_rooms_are_labelled() {
    let r = Colditz::standard();
    let d = drawing(&r);
    let areas: HashMap<&str, &Value> =
        d["areas"].as_array().unwrap().iter().map(|a| (a["id"].as_str().unwrap(), a)).collect();
    for c in d["circles"].as_array().unwrap() {
        let a = c["area"].as_str().unwrap();
        assert!(areas.contains_key(a), "{c}: unknown area {a}");
    }
    for room in &r.board.rooms {
        let a = areas.get(room.id.as_str()).unwrap_or_else(|| panic!("room {} not drawn", room.id));
        assert_eq!(a["kind"], "room");
        assert_eq!(a["name"]["en"].as_str(), Some(&*room.name.en));
        assert_eq!(a["name"]["ru"].as_str(), Some(&*room.name.ru));
        assert_eq!(a["symbol"], room.symbol.name());
        assert_eq!(a["doors"].as_array().unwrap().len(), 1, "room {} has one door", room.id);
        let b = a["box"].as_array().unwrap();
        assert!(b[0].as_f64() < b[2].as_f64() && b[1].as_f64() < b[3].as_f64());
    }
    for a in areas.values() {
        assert!(!a["name"]["en"].as_str().unwrap().is_empty() && !a["name"]["ru"].as_str().unwrap().is_empty());
    }
    // Markings a person needs to see are there.
    let count = |f: &str| d["circles"].as_array().unwrap().iter().filter(|c| c[f] == true).count();
    assert_eq!(count("target"), 7);
    assert!(count("safe") > 0 && count("post") > 0 && count("searchlight") > 0);
    assert_eq!(d["holding"].as_array().unwrap().len(), 2);
    for players in 2..=6 {
        assert_eq!(d["appel"][players.to_string()].as_array().unwrap().len(), players - 1);
    }
    assert!(!d["walls"].as_str().unwrap().is_empty());
    assert!(!d["wire"].as_str().unwrap().is_empty());
}

#[test]
fn drawing_every_link_joins_drawn_circles() {
    let r = Colditz::standard();
    let d = drawing(&r);
    let ids: HashSet<String> = circle_ids(&d).into_iter().collect();
    let links = d["links"].as_array().unwrap();
    assert_eq!(links.len(), r.board.net.link_count());
    let mut kinds: HashMap<String, usize> = HashMap::new();
    for l in links {
        for end in ["a", "b"] {
            let id = l[end].as_str().unwrap();
            assert!(ids.contains(id), "link {l} ends at unknown circle {id}");
        }
        *kinds.entry(l["kind"].as_str().unwrap().to_owned()).or_default() += 1;
    }
    for k in ["step", "door", "gate", "drop30", "drop60", "wire", "tunnel", "car"] {
        assert!(kinds.get(k).is_some_and(|&n| n > 0), "no {k} link in {kinds:?}");
    }
    assert_eq!(kinds["door"], r.board.rooms.len() + 1, "16 room doors and the stair tower's");
    assert_eq!(kinds["car"], 6);
}

/// The pawn ids a seat's view shows.
fn pawns_in_view(r: &Colditz, s: &sandtable_colditz::State, seat: Seat) -> HashSet<String> {
    let v = serde_json::to_value(r.view(s, Viewer::Seat(seat))).unwrap();
    v["pawns"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap().to_owned()).collect()
}

/// Checks every legal action's hint over a random playout; returns how many
/// hints were checked and how many of them were card plays aimed at the board.
fn playout_hints(players: u8, seed: u64, steps: usize, rules: &str) -> (usize, usize) {
    let (r, mut s) = game_with(players, seed, &[("rules", rules)]);
    let places: HashSet<String> = circle_ids(&drawing(&r)).into_iter().collect();
    let mut pick = sandtable_core::Dice::from_seed(seed ^ 0x77);
    let mut buf = Vec::new();
    let (mut checked, mut cards) = (0, 0);
    for _ in 0..steps {
        let seats: Vec<Seat> = match r.to_act(&s) {
            ToAct::Over(_) => break,
            ToAct::Seats(set) => set.iter().chain(r.may_act(&s).iter()).collect(),
        };
        for &seat in &seats {
            buf.clear();
            r.legal_actions(&s, seat, &mut buf);
            let pawns = pawns_in_view(&r, &s, seat);
            for &a in &buf {
                let h = r.hint(&s, a);
                if let Some(p) = &h.piece {
                    assert!(pawns.contains(p), "{}: piece {p} not in seat {}'s view", r.notation(a), seat.index());
                }
                if let Some(c) = &h.place {
                    assert!(places.contains(c), "{}: place {c} not drawn", r.notation(a));
                }
                // Actions on the board name their pawn and circle.
                let text = r.notation(a);
                if ["move ", "cross ", "deploy ", "clear "].iter().any(|w| text.starts_with(w)) {
                    let words: Vec<&str> = text.split(' ').collect();
                    assert_eq!(h.piece.as_deref(), Some(words[1]), "{text}");
                    assert_eq!(h.place.as_deref(), Some(words[2]), "{text}");
                }
                checked += 1;
                if text.starts_with("play ") && h != sandtable_core::Hint::NONE {
                    cards += 1;
                }
            }
        }
        // Step: the acting seats, then a random action. Moves are favoured so
        // that pawns spread over the board.
        let seat = seats[pick.below(seats.len())];
        buf.clear();
        r.legal_actions(&s, seat, &mut buf);
        if buf.is_empty() {
            continue;
        }
        let moves: Vec<_> = buf.iter().copied().filter(|&a| matches!(a, sandtable_colditz::Action::Move(..))).collect();
        let a = if !moves.is_empty() && pick.below(3) > 0 {
            moves[pick.below(moves.len())]
        } else {
            buf[pick.below(buf.len())]
        };
        r.try_apply(&mut s, seat, a, &mut Events::off()).expect("a legal action applies");
    }
    (checked, cards)
}

#[test]
fn hints_name_pawns_in_view_and_drawn_circles_2_players() {
    let (a, _) = playout_hints(2, 1, 1500, "2016");
    let (b, _) = playout_hints(2, 2, 1500, "classic");
    assert!(a > 0 && b > 0);
}

#[test]
fn hints_name_pawns_in_view_and_drawn_circles_4_players() {
    let (a, cards) = playout_hints(4, 3, 1500, "2016");
    eprintln!("4 players: {a} hints, {cards} card plays aimed at the board");
    assert!(a > 0);
}

#[test]
fn hints_name_pawns_in_view_and_drawn_circles_6_players() {
    let (a, _) = playout_hints(6, 4, 1500, "2016");
    let (b, _) = playout_hints(6, 5, 1500, "classic");
    assert!(a > 0 && b > 0);
}

#[test]
fn hints_for_cards_point_at_their_targets() {
    use sandtable_colditz::{Action, Arg, Card, TunnelId};
    let (r, mut s) = blank(4, 7);
    let p = pow(BR, 1);
    let q = pow(BR, 2);
    let g = guard(1);
    let c1 = r.board.circles().find(|&c| r.board.circle(c).zone == sandtable_colditz::Zone::Inner).unwrap();
    let c2 =
        r.board.circles().find(|&c| c != c1 && r.board.circle(c).zone == sandtable_colditz::Zone::Outside).unwrap();
    put(&mut s, p, c1);
    put(&mut s, q, c2);
    put(&mut s, g, r.board.circles().find(|&c| r.board.circle(c).guard_post).unwrap());
    let h = r.hint(&s, Action::Play(Card::ShootToKill, Arg::Pawn(g), Arg::Pawn(q)));
    assert_eq!(h.piece.as_deref(), Some("g1"));
    assert_eq!(h.place.as_deref(), Some(r.board.key(c2)));
    let h = r.hint(&s, Action::Play(Card::StaffCar, Arg::Pawn(p), Arg::None));
    assert_eq!(h.place.as_deref(), Some("car"));
    let h = r.hint(&s, Action::Play(Card::TunnelDetected, Arg::Tunnel(TunnelId::Chapel), Arg::None));
    assert_eq!(h.piece, None);
    assert_eq!(h.place.as_deref(), Some(r.board.key(r.board.tunnels[0].course[0])));
    let h = r.hint(&s, Action::Play(Card::Diversion, Arg::Pawn(g), Arg::None));
    assert_eq!((h.piece.as_deref(), h.place.as_deref()), (Some("g1"), None));
    let room = r.board.rooms.iter().position(|x| x.id == "kitchen").unwrap() as u8;
    let h = r.hint(&s, Action::Play(Card::MoveFast(room), Arg::Pawn(p), Arg::None));
    let place = h.place.expect("a free circle of the room");
    assert_eq!(r.board.circle(r.board.find(&place).unwrap()).zone, sandtable_colditz::Zone::Room(room));
    for a in
        [Action::Roll, Action::End, Action::Answer(sandtable_colditz::Refusing::NONE), Action::Pass, Action::Search]
    {
        assert_eq!(r.hint(&s, a), sandtable_core::Hint::NONE);
    }
}
