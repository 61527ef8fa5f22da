//! Arrest (Арест): who may be arrested where, where guard and POW go, the
//! confiscation, self-arrest, guard posts, and the immunity of POWs heading
//! back from the outer cells.

mod common;
use common::*;
use sandtable_colditz::{CircleId, Colditz, Equipment, Loc, Pending, State, Zone};

/// A guard at `g` next to a POW at `p`: `(g, p)` plain circles of a zone.
fn side_by_side(r: &Colditz, zone: Zone) -> (CircleId, CircleId) {
    pair_in(r, zone)
}

/// The state for the German to move `mp` with g1 at `g` and br1 at `p`.
fn face_off(players: u8, g: CircleId, p: CircleId) -> (Colditz, State) {
    let (r, mut s) = blank(players, 1);
    put(&mut s, guard(1), g);
    put(&mut s, pow(BR, 1), p);
    move_phase(&mut s, DE, 2);
    (r, s)
}

fn arrest_text(r: &Colditz, c: CircleId) -> String {
    format!("move g1 {}", k(r, c))
}

#[test]
fn colditz_arrest_inner_courtyard_needs_equipment() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g, p) = side_by_side(&r0, Zone::Inner);
    let (r, mut s) = face_off(4, g, p);
    assert_eq!(
        refused(&r, &s, DE, &arrest_text(&r, p)).rule,
        "Colditz: Arrest",
        "no Equipment held: no arrest in the inner courtyard"
    );
    give_equipment(&mut s, BR, Equipment::Key, 1);
    play(&r, &mut s, DE, &arrest_text(&r, p));
    assert_eq!(at(&s, guard(1)), Loc::Office, "the guard goes to the office");
    assert!(in_cells(&r, &s, pow(BR, 1), 0), "arrested inside: inner cells");
    assert!(s.pending.is_empty(), "nothing confiscated in the inner courtyard");
    assert_eq!(s.holds(BR, Equipment::Key), 1);
}

#[test]
fn colditz_arrest_outer_courtyard_always_and_costs_an_equipment_card() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g, p) = side_by_side(&r0, Zone::Outer);
    // Without equipment.
    let (r, mut s) = face_off(4, g, p);
    play(&r, &mut s, DE, &arrest_text(&r, p));
    assert!(in_cells(&r, &s, pow(BR, 1), 1), "arrested outside: outer cells");
    assert!(s.pending.is_empty(), "nothing to confiscate");
    // With a key and a rope: the officer gives one up, his choice.
    let (r, mut s) = face_off(4, g, p);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    give_equipment(&mut s, BR, Equipment::Rope, 1);
    let rope_stock = s.stock[Equipment::Rope.index()];
    play(&r, &mut s, DE, &arrest_text(&r, p));
    assert!(in_cells(&r, &s, pow(BR, 1), 1));
    assert_eq!(s.pending.first(), Some(&Pending::Confiscate { nation: BR, count: 1 }));
    assert_eq!(to_act(&r, &s), vec![BR.seat()], "the officer chooses");
    assert_eq!(refused(&r, &s, DE, "end").rule, "Colditz: Play");
    assert_eq!(refused(&r, &s, BR.seat(), "surrender pass").rule, "Colditz: Arrest");
    assert_eq!(refused(&r, &s, BR.seat(), "hideaway").rule, "Colditz: Arrest");
    play(&r, &mut s, BR.seat(), "surrender rope");
    assert_eq!(s.holds(BR, Equipment::Rope), 0);
    assert_eq!(s.holds(BR, Equipment::Key), 1);
    assert_eq!(s.stock[Equipment::Rope.index()], rope_stock + 1, "back to its stack");
    assert!(s.pending.is_empty());
    assert_eq!(to_act(&r, &s), vec![DE]);
}

#[test]
fn colditz_arrest_a_hideaway_saves_the_equipment() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g, p) = side_by_side(&r0, Zone::Outer);
    let (r, mut s) = face_off(4, g, p);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    give_card(&mut s, BR.seat(), card(&r, "hideaway"));
    play(&r, &mut s, DE, &arrest_text(&r, p));
    play(&r, &mut s, BR.seat(), "hideaway");
    assert_eq!(s.holds(BR, Equipment::Key), 1);
    assert_eq!(s.hands[BR.seat().index()].len(), 0);
    assert_eq!(s.opportunity.cards().last(), Some(&card(&r, "hideaway")));
    assert!(s.pending.is_empty());
}

#[test]
fn colditz_arrest_outside_the_castle_always() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g, p) = side_by_side(&r0, Zone::Outside);
    let (r, mut s) = face_off(4, g, p);
    give_equipment(&mut s, BR, Equipment::Cutters, 1);
    play(&r, &mut s, DE, &arrest_text(&r, p));
    assert!(in_cells(&r, &s, pow(BR, 1), 1));
    assert_eq!(s.pending.first(), Some(&Pending::Confiscate { nation: BR, count: 1 }));
    play(&r, &mut s, BR.seat(), "surrender cutters");
}

#[test]
fn colditz_arrest_on_a_guard_post_always() {
    let r = sandtable_colditz::Colditz::standard();
    let (post, g) = inner_posts(&r)
        .into_iter()
        .find_map(|c| {
            steps(&r, c).into_iter().find(|&n| r.board.circle(n).zone == Zone::Inner && plain(&r, n)).map(|n| (c, n))
        })
        .unwrap();
    let (r, mut s) = face_off(4, g, post);
    // No Equipment held, yet liable on a guard post.
    play(&r, &mut s, DE, &arrest_text(&r, post));
    assert!(in_cells(&r, &s, pow(BR, 1), 0), "an inner post: inner cells");
    assert!(s.pending.is_empty());
}

#[test]
fn colditz_arrest_never_at_appel_in_safe_areas_or_solitary() {
    let r = sandtable_colditz::Colditz::standard();
    // Appel.
    let (g, p) = circles(&r, |c| r.board.circle(c).zone == Zone::Inner && plain(&r, c))
        .into_iter()
        .find_map(|c| steps(&r, c).into_iter().find(|&n| r.board.circle(n).zone == Zone::Appel).map(|n| (c, n)))
        .unwrap();
    let (r, mut s) = face_off(4, g, p);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    assert_eq!(refused(&r, &s, DE, &arrest_text(&r, p)).rule, "Colditz: Appel area");
    // Safe area.
    let (g, p) = circles(&r, |c| r.board.circle(c).zone == Zone::Outer && plain(&r, c))
        .into_iter()
        .find_map(|c| steps(&r, c).into_iter().find(|&n| r.board.circle(n).safe).map(|n| (c, n)))
        .unwrap();
    let (r, mut s) = face_off(4, g, p);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    assert_eq!(refused(&r, &s, DE, &arrest_text(&r, p)).rule, "Colditz: Safe Areas");
    // Solitary: a guard at the cell door goes no further.
    for block in [0, 1] {
        let exit = r.board.cells[block].exit;
        let cell = steps(&r, exit).into_iter().find(|&c| r.board.circle(c).zone.is_cell()).expect("the cell door");
        let (r, mut s) = face_off(4, exit, cell);
        give_equipment(&mut s, BR, Equipment::Key, 1);
        assert_eq!(refused(&r, &s, DE, &arrest_text(&r, cell)).rule, "Colditz: Solitary Cells");
    }
}

#[test]
fn colditz_arrest_full_inner_cells_overflow_into_the_outer_cells() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g, p) = side_by_side(&r0, Zone::Inner);
    let (r, mut s) = face_off(4, g, p);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    let inner = cells(&r, 0);
    let others: Vec<_> = (2..=6).map(|k| pow(BR, k)).chain((1..=6).map(|k| pow(US, k))).collect();
    for (&c, &q) in inner.iter().zip(&others) {
        put(&mut s, q, c);
    }
    assert!(inner.len() <= others.len(), "every inner cell is full");
    play(&r, &mut s, DE, &arrest_text(&r, p));
    assert!(in_cells(&r, &s, pow(BR, 1), 1), "to the outer cells");
}

#[test]
fn colditz_arrest_full_outer_cells_overflow_into_the_inner_cells() {
    let r0 = sandtable_colditz::Colditz::standard();
    let (g, p) = side_by_side(&r0, Zone::Outer);
    let (r, mut s) = face_off(4, g, p);
    let outer = cells(&r, 1);
    let others: Vec<_> = (2..=6).map(|k| pow(BR, k)).chain((1..=6).map(|k| pow(US, k))).collect();
    assert!(outer.len() <= others.len());
    for (&c, &q) in outer.iter().zip(&others) {
        put(&mut s, q, c);
    }
    play(&r, &mut s, DE, &arrest_text(&r, p));
    assert!(in_cells(&r, &s, pow(BR, 1), 0), "to the inner cells");
}

#[test]
fn colditz_arrest_a_pow_may_give_himself_up_to_a_guard() {
    let r0 = sandtable_colditz::Colditz::standard();
    // In the inner courtyard, with no Equipment held.
    let (g, p) = side_by_side(&r0, Zone::Inner);
    let (r, mut s) = face_off(4, g, p);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, g)));
    assert_eq!(at(&s, guard(1)), Loc::Office);
    assert!(in_cells(&r, &s, pow(BR, 1), 0));
    // The guard is back in the barracks only at the end of the German's turn.
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(at(&s, guard(1)), Loc::Office);
}

/// Arrest (2016) — issue 10, point 4: «Имеют ли Офицеры Беглецы Экипировку
/// или нет, они могут также сами вызвать Арест» — a self-arrest is an arrest,
/// and «Если Военнопленный находится во Внешнем Дворе или Возле Замка, его
/// Офицер Беглец должен также сбросить карту Экипировки по своему выбору».
/// In the inner courtyard nothing is lost; the classic summary keeps "No
/// equipment cards are discarded".
#[test]
fn colditz_2016_arrest_a_self_arrest_outside_costs_an_equipment_card() {
    let r0 = sandtable_colditz::Colditz::standard();
    let give_up = |zone: Zone, classic: bool| {
        let (g, p) = side_by_side(&r0, zone);
        let (r, mut s) = face_off(4, g, p);
        s.classic = classic;
        give_equipment(&mut s, BR, Equipment::Rope, 1);
        give_equipment(&mut s, BR, Equipment::Key, 1);
        move_phase(&mut s, BR.seat(), 1);
        play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, g)));
        assert_eq!(at(&s, guard(1)), Loc::Office, "Arrest: the guard to the office");
        assert!(s.pawn(pow(BR, 1)).circle().is_some_and(|c| r.board.circle(c).zone.is_cell()), "Arrest: to solitary");
        (r, s)
    };
    // Outer courtyard, 2016: the officer chooses which card goes.
    let (r, mut s) = give_up(Zone::Outer, false);
    assert_eq!(
        s.pending.to_vec(),
        vec![Pending::Confiscate { nation: BR, count: 1 }],
        "Arrest: a self-arrest outside costs a card"
    );
    assert!(is_legal(&r, &s, BR.seat(), "surrender key") && is_legal(&r, &s, BR.seat(), "surrender rope"));
    play(&r, &mut s, BR.seat(), "surrender key");
    assert_eq!((s.holds(BR, Equipment::Key), s.holds(BR, Equipment::Rope)), (0, 1), "Arrest: his choice");
    // Inner courtyard, 2016: nothing is confiscated there.
    let (_, s) = give_up(Zone::Inner, false);
    assert!(s.pending.is_empty(), "Inner Courtyard: an arrest here costs nothing");
    // Classic: "No equipment cards are discarded".
    let (_, s) = give_up(Zone::Outer, true);
    assert!(!s.pending.iter().any(|p| matches!(p, Pending::Confiscate { .. })), "classic: no card lost");
    assert_eq!(s.held(BR), 2);
}

#[test]
fn colditz_arrest_a_pow_ending_his_turn_on_a_guard_post() {
    let (r, mut s) = blank(4, 1);
    let outer = outer_posts(&r);
    let inner = inner_posts(&r);
    put(&mut s, pow(BR, 1), outer[0]);
    put(&mut s, pow(BR, 2), inner[0]);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "end");
    assert!(in_cells(&r, &s, pow(BR, 1), 1), "outer post: outer cells");
    assert!(in_cells(&r, &s, pow(BR, 2), 0), "inner post: inner cells");
    let office = s.present().filter(|&g| g.is_guard() && s.pawn(g).loc == Loc::Office).count();
    assert_eq!(office, 2, "a barracks guard takes each post and goes to the office");
    assert_eq!(s.pending.first(), Some(&Pending::Confiscate { nation: BR, count: 1 }));
    play(&r, &mut s, BR.seat(), "surrender key");
}

#[test]
fn colditz_arrest_passing_over_a_guard_post_is_safe() {
    let (r, mut s) = blank(4, 1);
    let post = outer_posts(&r)[0];
    let n = steps(&r, post).into_iter().find(|&c| plain(&r, c) && r.board.circle(c).zone == Zone::Outer).unwrap();
    put(&mut s, pow(BR, 1), post);
    move_phase(&mut s, BR.seat(), 1);
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, n)));
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(n));
}

/// br1 just released from the outer cells (by card), in the British Move phase.
fn released_from_outer_cells() -> (Colditz, State) {
    let (r, mut s) = blank(4, 1);
    put(&mut s, pow(BR, 1), cells(&r, 1)[0]);
    give_card(&mut s, BR.seat(), card(&r, "release"));
    move_phase(&mut s, BR.seat(), 6);
    play(&r, &mut s, BR.seat(), "play release br1");
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    assert_eq!(r.board.circle(c).zone, Zone::Outer);
    assert!(s.pawn(pow(BR, 1)).returning);
    (r, s)
}

/// Steps from a circle back to the inner courtyard through the free gates.
fn way_back(r: &Colditz, c: CircleId) -> u32 {
    r.board.cells[1]
        .free_gates
        .iter()
        .filter_map(|&g| dist_via(r, c, g, |x| r.board.circle(x).gate.is_none() && !r.board.circle(x).zone.is_cell()))
        .min()
        .unwrap_or(u32::MAX)
}

/// A circle next to `c` where a guard may stand.
fn guard_spot(r: &Colditz, s: &State, c: CircleId) -> CircleId {
    steps(r, c)
        .into_iter()
        .find(|&n| plain(r, n) && r.board.circle(n).zone == Zone::Outer && !occupied(s, n))
        .expect("a circle for the guard")
}

#[test]
fn colditz_arrest_pows_heading_back_from_the_outer_cells_are_immune() {
    let (r, mut s) = released_from_outer_cells();
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    // He heads back: one step nearer the free gates.
    let nearer = steps(&r, c).into_iter().find(|&n| way_back(&r, n) < way_back(&r, c) && plain(&r, n)).unwrap();
    s.mp = 1; // the whole roll brings him one circle nearer
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, nearer)));
    play(&r, &mut s, BR.seat(), "end");
    let spot = guard_spot(&r, &s, nearer);
    put(&mut s, guard(1), spot);
    move_phase(&mut s, DE, 1);
    assert_eq!(
        refused(&r, &s, DE, &format!("move g1 {}", k(&r, nearer))).rule,
        "Colditz: Arrest (heading back)",
        "immune while his officer holds no Equipment"
    );
    // Once his officer holds Equipment the immunity is gone.
    give_equipment(&mut s, BR, Equipment::Key, 1);
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, nearer))));
}

#[test]
fn colditz_arrest_the_free_gates_open_for_a_pow_heading_back() {
    let (r, mut s) = released_from_outer_cells();
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    let gate = r.board.cells[1].free_gates[0];
    let d = dist_via(&r, c, gate, |x| r.board.circle(x).gate.is_none() && !r.board.circle(x).zone.is_cell()).unwrap();
    s.mp = d as u8 + 1;
    let inside = steps(&r, gate).into_iter().find(|&n| r.board.circle(n).zone.is_inner()).unwrap();
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, inside)));
    assert!(!s.pawn(pow(BR, 1)).returning, "back inside: an ordinary POW again");
}

#[test]
fn colditz_arrest_the_immunity_ends_when_he_stops_heading_back() {
    let (r, mut s) = released_from_outer_cells();
    play(&r, &mut s, BR.seat(), "end");
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    // His officer's next turn: he stays put.
    move_phase(&mut s, BR.seat(), 4);
    play(&r, &mut s, BR.seat(), "end");
    let spot = guard_spot(&r, &s, c);
    put(&mut s, guard(1), spot);
    move_phase(&mut s, DE, 1);
    assert!(is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, c))), "a POW who stays put is no longer heading back");
}

#[test]
fn colditz_arrest_the_immunity_ends_when_he_moves_away() {
    let (r, mut s) = released_from_outer_cells();
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    let open = |x: CircleId| r.board.circle(x).gate.is_none() && !r.board.circle(x).zone.is_cell();
    let away = circles(&r, |n| {
        plain(&r, n)
            && r.board.circle(n).zone == Zone::Outer
            && way_back(&r, n) > way_back(&r, c)
            && dist_via(&r, c, n, open).is_some_and(|d| d <= 4)
    })[0];
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, away)));
    play(&r, &mut s, BR.seat(), "end");
    let spot = guard_spot(&r, &s, away);
    put(&mut s, guard(1), spot);
    move_phase(&mut s, DE, 1);
    assert!(
        is_legal(&r, &s, DE, &format!("move g1 {}", k(&r, away))),
        "only a POW moving back toward the inner courtyard is immune"
    );
}

#[test]
fn colditz_arrest_two_pows_on_guard_posts_with_one_card_do_not_stall_the_game() {
    let (r, mut s) = blank(4, 1);
    let outer = outer_posts(&r);
    put(&mut s, pow(BR, 1), outer[0]);
    put(&mut s, pow(BR, 2), outer[1]);
    give_equipment(&mut s, BR, Equipment::Key, 1);
    move_phase(&mut s, BR.seat(), 0);
    play(&r, &mut s, BR.seat(), "end");
    assert!(in_cells(&r, &s, pow(BR, 1), 1) && in_cells(&r, &s, pow(BR, 2), 1));
    play(&r, &mut s, BR.seat(), "surrender key");
    for seat in to_act(&r, &s) {
        assert!(
            !legal(&r, &s, seat).is_empty(),
            "seat {} must have a legal action (pending {:?})",
            seat.index(),
            s.pending
        );
    }
}

#[test]
fn colditz_arrest_a_pow_on_a_walkway_is_liable() {
    let r = sandtable_colditz::Colditz::standard();
    let (g, w) = circles(&r, |c| r.board.circle(c).walkway && r.board.circle(c).zone == Zone::Outer)
        .into_iter()
        .find_map(|w| {
            steps(&r, w).into_iter().find(|&n| plain(&r, n) && r.board.circle(n).zone == Zone::Outer).map(|n| (n, w))
        })
        .expect("a walkway beside an ordinary outer circle");
    let (r, s) = face_off(4, g, w);
    // «Военнопленный не может быть Арестован в Безопасной Зоне, в Области
    // Сбора, в Тоннеле который не был Обнаружен, или … возвращаясь из
    // Внешних Одиночных Камер без Экипировки» — a walkway is none of these,
    // and «Любые Военнопленные, пойманные во Внешнем Дворе … подлежат Аресту».
    assert!(is_legal(&r, &s, DE, &arrest_text(&r, w)));
}

/// The next circle on a shortest way back from `c` (one nearer the inner
/// courtyard through the free gates), free and where a POW may stop.
fn on_the_way_back(r: &Colditz, s: &State, c: CircleId) -> Option<CircleId> {
    steps(r, c)
        .into_iter()
        .find(|&n| r.board.to_inner[n.index()] + 1 == r.board.to_inner[c.index()] && plain(r, n) && !occupied(s, n))
}

/// A circle next to `c` off every shortest way back, free and plain.
fn off_the_way_back(r: &Colditz, s: &State, c: CircleId) -> Option<CircleId> {
    steps(r, c)
        .into_iter()
        .find(|&n| r.board.to_inner[n.index()] >= r.board.to_inner[c.index()] && plain(r, n) && !occupied(s, n))
}

/// Whether a guard next to br1 may arrest him in the German's turn.
fn arrestable_after_his_turn(r: &Colditz, s: &State) -> bool {
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    let mut german = s.clone();
    let spot = guard_spot(r, &german, c);
    put(&mut german, guard(1), spot);
    move_phase(&mut german, DE, 1);
    is_legal(r, &german, DE, &format!("move g1 {}", k(r, c)))
}

/// Arrest (heading back), 2016 — issue 10, point 1: «Единственное исключение
/// … Военнопленные, которые были освобождены из Внешних Одиночных Камер – если
/// их Офицер Беглец не имеет никакой Экипировки и использует своё движение по
/// максимуму своих возможностей для перемещения своих Военнопленных к
/// Внутреннему Двору, такие Военнопленные имеют иммунитет», and the quick
/// reference: «кратчайшим путём (promptly) возвращаясь». One circle nearer a
/// turn is not enough: the roll must go to bringing him back by the shortest
/// route as far as it allows.
#[test]
fn colditz_2016_arrest_heading_back_immune_only_by_the_shortest_route_as_far_as_the_roll_allows() {
    let (r, base) = released_from_outer_cells();
    let c = base.pawn(pow(BR, 1)).circle().unwrap();
    let one = on_the_way_back(&r, &base, c).expect("a first circle on the way back");
    let two = on_the_way_back(&r, &base, one).expect("a second circle on the way back");
    // Two points, both spent on the shortest route: immune.
    let mut s = base.clone();
    s.mp = 2;
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, two)));
    play(&r, &mut s, BR.seat(), "end");
    assert!(s.pawn(pow(BR, 1)).returning);
    assert!(!arrestable_after_his_turn(&r, &s), "the whole roll on the shortest route: immune");
    // Two points, one spent: one circle nearer is not enough any more.
    let mut s = base.clone();
    s.mp = 2;
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, one)));
    play(&r, &mut s, BR.seat(), "end");
    assert!(arrestable_after_his_turn(&r, &s), "a point left that would bring him nearer: not immune");
    // Two points spent, but by a longer way: not the shortest route.
    let mut s = base.clone();
    let side = off_the_way_back(&r, &s, c).expect("a circle off the way back");
    s.mp = 2;
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, side)));
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, c)));
    play(&r, &mut s, BR.seat(), "end");
    assert!(arrestable_after_his_turn(&r, &s), "a detour is not the shortest route");
    // Movement given to another POW while he is out: not spent on bringing him back.
    let mut s = base.clone();
    let (a, b) = pair_in(&r, Zone::Inner);
    put(&mut s, pow(BR, 2), a);
    s.mp = 2;
    play(&r, &mut s, BR.seat(), &format!("move br2 {}", k(&r, b)));
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, one)));
    play(&r, &mut s, BR.seat(), "end");
    assert!(arrestable_after_his_turn(&r, &s), "the roll went elsewhere: not immune");
    // Blocked beyond: as far as the roll allows is as far as the way is free.
    let mut s = base.clone();
    s.mp = 2;
    let nearer: Vec<CircleId> =
        steps(&r, one).into_iter().filter(|&n| r.board.to_inner[n.index()] < r.board.to_inner[one.index()]).collect();
    assert!(!nearer.is_empty());
    for (i, &n) in nearer.iter().enumerate() {
        put(&mut s, pow(US, i as u8 + 1), n);
    }
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, one)));
    play(&r, &mut s, BR.seat(), "end");
    assert!(!arrestable_after_his_turn(&r, &s), "the way on is blocked: he went as far as the roll allowed");
}

#[test]
fn colditz_arrest_a_pow_heading_back_is_immune_on_a_guard_post_too() {
    let (r, mut s) = released_from_outer_cells();
    let c = s.pawn(pow(BR, 1)).circle().unwrap();
    let open = |x: CircleId| r.board.circle(x).gate.is_none() && !r.board.circle(x).zone.is_cell();
    // A guard post on his way back (or, failing that, any outer post).
    // A guard post on a shortest way back, reached with the whole roll.
    let post = outer_posts(&r)
        .into_iter()
        .filter(|&p| {
            dist_via(&r, c, p, open).is_some_and(|d| {
                u32::from(r.board.to_inner[c.index()]) == u32::from(r.board.to_inner[p.index()]) + d && d <= 12
            })
        })
        .min_by_key(|&p| way_back(&r, p))
        .expect("a guard post on the way back");
    s.mp = dist_via(&r, c, post, open).unwrap() as u8;
    play(&r, &mut s, BR.seat(), &format!("move br1 {}", k(&r, post)));
    assert!(s.pawn(pow(BR, 1)).returning);
    // The engine's own arrest test says he is immune there ...
    let spot = guard_spot(&r, &s, post);
    let mut german = s.clone();
    put(&mut german, guard(1), spot);
    move_phase(&mut german, DE, 1);
    assert!(!is_legal(&r, &german, DE, &format!("move g1 {}", k(&r, post))));
    // ... and so he is when his officer's turn ends: «Военнопленный не может
    // быть Арестован … кратчайшим путём возвращаясь из Внешних Одиночных
    // Камер без Экипировки».
    play(&r, &mut s, BR.seat(), "end");
    assert_eq!(at(&s, pow(BR, 1)), Loc::Circle(post));
}
