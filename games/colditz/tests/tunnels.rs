//! Tunnels (Тоннели): opened by a Tunnel card and two POWs in its room,
//! entered at the entrance, passed over at the surface, collapsing with
//! fewer than two POWs inside at the end of a turn, open to arrest once
//! detected.

mod common;
use common::*;
use sandtable_colditz::{CircleId, Colditz, Loc, State, TunnelId, TunnelState, Zone};

/// A tunnel whose course has a middle circle in the outer area (not safe)
/// with a surface neighbour where a guard may stand: `(tunnel, step, spot)`.
fn guardable_middle(r: &Colditz) -> (TunnelId, usize, CircleId) {
    for t in TunnelId::ALL {
        let c = course(r, t);
        for (i, &m) in c.iter().enumerate().take(c.len() - 1).skip(1) {
            let x = r.board.circle(m);
            if x.zone != Zone::Outer || x.safe || x.walkway {
                continue;
            }
            if let Some(n) = steps(r, m).into_iter().find(|&n| {
                let y = r.board.circle(n);
                plain(r, n) && matches!(y.zone, Zone::Outer | Zone::Outside)
            }) {
                return (t, i, n);
            }
        }
    }
    panic!("no tunnel under the outer area");
}

/// An open tunnel with br1 and br2 inside at steps `i` and `i + 1`.
fn open_with_two(t: TunnelId, i: usize) -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    let c = course(&r, t);
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[i]);
    put_in_tunnel(&mut s, pow(BR, 2), c[i + 1]);
    (r, s)
}

#[test]
fn colditz_tunnels_a_tunnel_card_and_two_pows_in_its_room_open_it() {
    let (r, mut s) = blank(4, 1);
    let chapel = room(&r, "chapel");
    let c = course(&r, TunnelId::Chapel);
    put(&mut s, pow(BR, 1), chapel[0]);
    put(&mut s, pow(BR, 2), chapel[1]);
    let (a, _) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 3), a);
    give_card(&mut s, BR.seat(), card(&r, "tunnel:chapel"));
    move_phase(&mut s, BR.seat(), 0);
    assert_eq!(
        refused(&r, &s, BR.seat(), "play tunnel:chapel br1 br3").rule,
        "Colditz: Tunnels",
        "both POWs in the Chapel"
    );
    play(&r, &mut s, BR.seat(), "play tunnel:chapel br1 br2");
    assert_eq!(s.tunnel(TunnelId::Chapel), TunnelState::Open);
    for (p, i) in [(pow(BR, 1), 1), (pow(BR, 2), 2)] {
        assert_eq!(at(&s, p), Loc::Circle(c[i]));
        assert!(s.pawn(p).in_tunnel);
    }
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "tunnel:chapel")));
    // The tunnel stays open at the end of the turn: two are inside.
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(s.tunnel(TunnelId::Chapel), TunnelState::Open);
}

#[test]
fn colditz_tunnels_other_pows_enter_only_at_the_entrance_of_an_open_tunnel() {
    let (r, mut s) = open_with_two(TunnelId::Chapel, 4);
    let c = course(&r, TunnelId::Chapel);
    put(&mut s, pow(US, 1), c[0]);
    move_phase(&mut s, US.seat(), 3);
    play(&r, &mut s, US.seat(), &format!("move us1 {}", k(&r, c[3])));
    assert!(s.pawn(pow(US, 1)).in_tunnel, "another officer's POW uses it too");
    assert_eq!(s.mp, 0, "one point per tunnel circle");
    // A closed tunnel cannot be entered.
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(US, 1), c[0]);
    move_phase(&mut s, US.seat(), 3);
    assert_eq!(refused(&r, &s, US.seat(), &format!("move us1 {}", k(&r, c[1]))).rule, "Colditz: Tunnels");
}

#[test]
fn colditz_tunnels_a_pow_leaves_by_the_exit() {
    let (r, mut s) = blank(4, 1);
    let t = TunnelId::Theatre;
    let c = course(&r, t);
    let n = c.len();
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[n - 2]);
    put_in_tunnel(&mut s, pow(BR, 2), c[n - 3]);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, c[n - 1])));
    assert!(!s.pawn(pow(BR, 1)).in_tunnel, "out at the surface");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(c[n - 1]));
}

#[test]
fn colditz_tunnels_pawns_pass_over_pows_in_a_tunnel_but_never_stop_there() {
    let r = Colditz::standard();
    let stop = |c: CircleId| plain(&r, c) && !r.board.circle(c).zone.is_cell();
    let mut found = None;
    'search: for t in TunnelId::ALL {
        let c = course(&r, t);
        for (i, &m) in c.iter().enumerate().take(c.len() - 1).skip(1) {
            let ns: Vec<_> = steps(&r, m).into_iter().filter(|&n| stop(n)).collect();
            for &a in &ns {
                for &b in &ns {
                    if a != b && dist_via(&r, a, b, |x| x != m).is_none_or(|d| d > 2) {
                        found = Some((t, i, a, b));
                        break 'search;
                    }
                }
            }
        }
    }
    let (t, i, a, b) = found.expect("a tunnel circle between two surface circles");
    let c = course(&r, t);
    let (r, mut s) = blank(4, 1);
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(US, 1), c[i]);
    put(&mut s, pow(BR, 1), a);
    move_phase(&mut s, BR.seat(), 2);
    assert_eq!(
        refused(&r, &s, BR.seat(), &format!("move br1 {}", k(&r, c[i]))).rule,
        "Colditz: Tunnels",
        "no stopping on a tunnel circle"
    );
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, b)));
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(b), "over the POW below");
}

#[test]
fn colditz_tunnels_fewer_than_two_inside_at_the_end_of_a_turn_collapse() {
    let (r, mut s) = blank(4, 1);
    let t = TunnelId::Canteen;
    let c = course(&r, t);
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[2]);
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(s.tunnel(t), TunnelState::Closed);
    let p = s.pawn(pow(BR, 1));
    assert!(!p.in_tunnel);
    assert!(p.circle().is_some_and(|x| r.board.circle(x).zone.is_cell()), "to solitary");
    // At the end of the German's turn too (any player's turn).
    let (r, mut s) = blank(4, 1);
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(US, 1), c[3]);
    move_phase(&mut s, DE, 0);
    play(&r, &mut s, DE, "end");
    assert_eq!(s.tunnel(t), TunnelState::Closed);
    assert!(s.pawn(pow(US, 1)).circle().is_some_and(|x| r.board.circle(x).zone.is_cell()));
}

#[test]
fn colditz_tunnels_tunnel_detected_lets_guards_arrest_pows_in_it() {
    let r = Colditz::standard();
    let (t, i, spot) = guardable_middle(&r);
    let c = course(&r, t);
    let j = if i + 1 < c.len() - 1 { i + 1 } else { i - 1 };
    let (r, mut s) = blank(4, 1);
    s.tunnels[t.index()] = TunnelState::Open;
    put_in_tunnel(&mut s, pow(BR, 1), c[i]);
    put_in_tunnel(&mut s, pow(BR, 2), c[j]);
    put(&mut s, guard(1), spot);
    move_phase(&mut s, DE, 1);
    assert_eq!(
        refused(&r, &s, DE, &format!("move g1 {}", k(&r, c[i]))).rule,
        "Colditz: Tunnels",
        "an undetected tunnel protects its POWs"
    );
    give_card(&mut s, DE, card(&r, "tunnel-detected"));
    play(&r, &mut s, DE, &format!("play tunnel-detected {}", t.name()));
    assert_eq!(s.tunnel(t), TunnelState::Detected);
    play(&r, &mut s, DE, &format!("move g1 {}", k(&r, c[i])));
    assert_eq!(at(&s, guard(1)), Loc::Office);
    assert!(s.pawn(pow(BR, 1)).circle().is_some_and(|x| r.board.circle(x).zone.is_cell()));
    assert!(!s.pawn(pow(BR, 1)).in_tunnel);
}

#[test]
fn colditz_tunnels_only_an_open_tunnel_can_be_detected() {
    let (r, mut s) = blank(4, 1);
    give_card(&mut s, DE, card(&r, "tunnel-detected"));
    move_phase(&mut s, DE, 3);
    assert_eq!(refused(&r, &s, DE, "play tunnel-detected chapel").rule, "Colditz: Tunnels");
}

#[test]
fn colditz_tunnels_a_guard_in_a_collapsing_tunnel_goes_to_the_office() {
    let r = Colditz::standard();
    let (t, i, _) = guardable_middle(&r);
    let c = course(&r, t);
    let (r, mut s) = blank(4, 1);
    s.tunnels[t.index()] = TunnelState::Detected;
    let j = if i + 1 < c.len() - 1 { i + 1 } else { i - 1 };
    put(&mut s, guard(1), c[i]);
    put_in_tunnel(&mut s, pow(BR, 1), c[j]);
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(s.tunnel(t), TunnelState::Closed);
    assert_eq!(
        at(&s, guard(1)),
        Loc::Office,
        "«Если в момент разрушения Тоннеля в нём был и Охранник, последний отправляется непосредственно на Командный Пункт»"
    );
}

#[test]
fn colditz_tunnels_a_collapse_leaves_no_guard_shut_in_the_room() {
    let (r, mut s) = blank(4, 1);
    let t = TunnelId::Canteen;
    let c = course(&r, t);
    s.tunnels[t.index()] = TunnelState::Detected;
    put_in_tunnel(&mut s, pow(BR, 1), c[3]);
    let (inside, _) = door(&r, "canteen");
    let spot = room(&r, "canteen")
        .into_iter()
        .find(|&x| x != inside && x != c[0] && !steps(&r, x).contains(&inside))
        .expect("a Canteen circle away from the door");
    put(&mut s, guard(1), spot);
    move_phase(&mut s, DE, 0);
    play(&r, &mut s, DE, "end");
    assert_eq!(s.tunnel(t), TunnelState::Closed);
    move_phase(&mut s, DE, 6);
    let shut_in = at(&s, guard(1)) == Loc::Circle(spot) && !legal(&r, &s, DE).iter().any(|a| a.starts_with("move g1 "));
    assert!(!shut_in, "the guard is shut in the Canteen with no way out");
}

/// Tunnel Detected, classic summary — issue 10, point 5: the card: "Once two
/// guards have reached the tunnel, entering it by any circle, all the POWs in
/// it are sent to Solitary. The guards are removed to the barracks"; after a
/// break-out (German Play): "if you move 2 Guards anywhere onto the tunnel …,
/// all remaining POWs in the tunnel are sent to Solitary. The Guards do not
/// return to their barracks and may use the tunnel to chase escapers. The
/// tunnel can now no longer be used by POWs". One guard arrests nobody; the
/// second sends them all.
#[test]
fn colditz_classic_tunnel_detected_two_guards_send_all_its_pows_to_solitary() {
    let r0 = Colditz::standard();
    // Two middle circles of one tunnel under the outer area, each with a spot beside it.
    let (t, spots) = TunnelId::ALL
        .into_iter()
        .find_map(|t| {
            let c = course(&r0, t);
            let spots: Vec<(usize, CircleId)> = (1..c.len() - 1)
                .filter(|&i| {
                    let x = r0.board.circle(c[i]);
                    x.zone == Zone::Outer && !x.safe && !x.walkway
                })
                .filter_map(|i| {
                    steps(&r0, c[i])
                        .into_iter()
                        .find(|&n| plain(&r0, n) && matches!(r0.board.circle(n).zone, Zone::Outer | Zone::Outside))
                        .map(|n| (i, n))
                })
                .collect();
            let second = spots.iter().position(|&(i, n)| i != spots[0].0 && n != spots[0].1)?;
            Some((t, vec![spots[0], spots[second]]))
        })
        .expect("a tunnel with two guardable middle circles");
    for broke_out in [false, true] {
        let (r, mut s) = blank_with(4, 1, &[("rules", "classic")]);
        let c = course(&r, t);
        s.tunnels[t.index()] = TunnelState::Detected;
        s.broke_out[t.index()] = broke_out;
        let inside: Vec<usize> = (1..c.len() - 1).filter(|&i| i != spots[0].0 && i != spots[1].0).take(2).collect();
        put_in_tunnel(&mut s, pow(BR, 1), c[inside[0]]);
        put_in_tunnel(&mut s, pow(BR, 2), c[inside[1]]);
        put_in_tunnel(&mut s, pow(US, 1), c[spots[0].0]);
        put(&mut s, guard(1), spots[0].1);
        put(&mut s, guard(2), spots[1].1);
        move_phase(&mut s, DE, 4);
        play(&r, &mut s, DE, &format!("move g1 {}", k(&r, c[spots[0].0])));
        assert!(s.pawn(pow(US, 1)).in_tunnel, "Tunnel Detected: one guard alone arrests nobody");
        assert_eq!(at(&s, guard(1)), Loc::Circle(c[spots[0].0]));
        play(&r, &mut s, DE, &format!("move g2 {}", k(&r, c[spots[1].0])));
        for q in [pow(BR, 1), pow(BR, 2), pow(US, 1)] {
            assert!(
                s.pawn(q).circle().is_some_and(|x| r.board.circle(x).zone.is_cell()),
                "Tunnel Detected: two guards send every POW in it to solitary ({})",
                q.code()
            );
        }
        assert_eq!(s.tunnel(t), TunnelState::Taken, "no longer usable by POWs");
        let (g1, g2) = (at(&s, guard(1)), at(&s, guard(2)));
        if broke_out {
            assert_eq!((g1, g2), (Loc::Circle(c[spots[0].0]), Loc::Circle(c[spots[1].0])), "they stay to chase");
        } else {
            assert_eq!((g1, g2), (Loc::Barracks, Loc::Barracks), "the card: removed to the barracks");
        }
        // POWs never enter it again.
        put(&mut s, pow(BR, 3), c[0]);
        move_phase(&mut s, BR.seat(), 6);
        assert!(!is_legal(&r, &s, BR.seat(), &format!("move br3 {}", k(&r, c[1]))), "closed to POWs");
    }
}
