//! The terminal render: a map of the board around the side to act (for a
//! seat) or of the whole castle (for a spectator), its legend, no hidden
//! card of another seat, and no line wider than 100 columns.

mod common;

use common::*;
use sandtable_colditz::{CircleId, Colditz, PawnId, State, Zone};
use sandtable_core::{Ruleset, Seat, Viewer};

const WIDTH: usize = 100;

fn render(r: &Colditz, s: &State, v: Viewer, lang: &str) -> String {
    r.render(s, v, lang)
}

/// The lines of the map(s): from the first title line to the legend.
fn map_lines(text: &str) -> Vec<&str> {
    text.lines()
        .skip_while(|l| !l.starts_with("──"))
        .take_while(|l| !l.starts_with("Legend:") && !l.starts_with("Обозначения:"))
        .collect()
}

/// Where a pawn's code stands in the map lines (line, column in characters).
fn spot(map: &[&str], code: &str) -> Option<(usize, usize)> {
    for (i, line) in map.iter().enumerate().filter(|(_, l)| !l.starts_with("──")) {
        let chars: Vec<char> = line.chars().collect();
        let want: Vec<char> = code.chars().collect();
        for c in 0..chars.len().saturating_sub(want.len() - 1) {
            let before = c == 0 || !chars[c - 1].is_ascii_alphanumeric();
            let after = chars.get(c + want.len()).is_none_or(|ch| !ch.is_ascii_alphanumeric());
            if before && after && chars[c..c + want.len()] == want[..] {
                return Some((i, c));
            }
        }
    }
    None
}

fn lattice(r: &Colditz, c: CircleId) -> (i32, i32) {
    let d = r.board.circle(c);
    (d.x.round() as i32, ((d.y - 1.25) / 1.75).round() as i32)
}

fn assert_width(text: &str, what: &str) {
    for line in text.lines() {
        assert!(line.chars().count() <= WIDTH, "{what}: a line of {} columns:\n{line}", line.chars().count());
    }
}

#[test]
fn render_a_seat_sees_its_pawns_where_the_board_has_them() {
    let (r, s) = started(3, 2);
    assert_eq!(to_act(&r, &s), vec![BR.seat()], "the British roll first");
    let text = render(&r, &s, Viewer::Seat(BR.seat()), "en");
    let map = map_lines(&text);
    assert!(map.first().is_some_and(|l| l.contains("Map around")), "a close map:\n{text}");
    // Each British POW: its lattice place and its place in the text.
    type Placed = (PawnId, (i32, i32), (usize, usize));
    let pawns: Vec<Placed> = s
        .present()
        .filter(|p| p.nation() == Some(BR))
        .map(|p| {
            let c = s.pawn(p).circle().expect("on the board at the start");
            let at = spot(&map, &p.code()).unwrap_or_else(|| panic!("{} not on the map:\n{text}", p.code()));
            (p, lattice(&r, c), at)
        })
        .collect();
    assert!(pawns.len() >= 2);
    for (p, (u, row), (line, col)) in &pawns {
        for (q, (qu, qrow), (qline, qcol)) in &pawns {
            // Left of it on the board is left of it in the text, above is
            // above; in proportion: two columns per unit of x, two lines per row.
            assert_eq!(*qcol as i32 - *col as i32, 2 * (qu - u), "{} and {} across:\n{text}", p.code(), q.code());
            assert_eq!(*qline as i32 - *line as i32, 2 * (qrow - row), "{} and {} down:\n{text}", p.code(), q.code());
        }
    }
    // The other officer's POWs in view are drawn too, and the area named.
    assert!(text.contains("Appel"), "{text}");
    assert_width(&text, "seat");
}

#[test]
fn render_the_legend_explains_every_mark_of_the_map() {
    let (r, s) = started(3, 2);
    for lang in ["en", "ru"] {
        for v in [Viewer::Seat(BR.seat()), Viewer::Spectator, Viewer::Seat(DE)] {
            let text = render(&r, &s, v, lang);
            let map = map_lines(&text);
            let legend: String = text
                .lines()
                .skip_while(|l| !l.starts_with("Legend:") && !l.starts_with("Обозначения:"))
                .take_while(|l| l.starts_with("Legend:") || l.starts_with("Обозначения:") || l.starts_with("  "))
                .collect::<Vec<_>>()
                .join(" ");
            assert!(!legend.is_empty(), "{lang} {v:?}: no legend:\n{text}");
            for mark in ['o', '#', '@', 'K', 'I', 'T', 'c', 'v', '*', '=', 'C'] {
                let drawn = map.iter().skip(1).any(|l| {
                    let chars: Vec<char> = l.chars().collect();
                    (0..chars.len()).any(|i| {
                        chars[i] == mark
                            && (i == 0 || !chars[i - 1].is_alphanumeric())
                            && chars.get(i + 1).is_none_or(|ch| !ch.is_alphanumeric())
                    })
                });
                if drawn {
                    assert!(legend.contains(&format!("{mark} ")), "{lang} {v:?}: {mark} not in the legend:\n{text}");
                }
            }
        }
    }
    let ru = render(&r, &s, Viewer::Seat(BR.seat()), "ru");
    assert!(ru.contains("Военнопленный") && ru.contains("Сбор") && ru.contains("Пост Охраны"), "{ru}");
    let en = render(&r, &s, Viewer::Seat(DE), "en");
    assert!(en.contains("guard post") && en.contains("POW (British)"), "{en}");
}

#[test]
fn render_a_spectator_sees_the_whole_castle() {
    let (r, s) = started(3, 2);
    let text = render(&r, &s, Viewer::Spectator, "en");
    let map = map_lines(&text);
    assert!(map[0].contains("overview"), "{text}");
    // Every target of the board is on it (they lie at its edges).
    let targets = r.board.circles().filter(|&c| r.board.circle(c).target).count();
    let drawn: usize = map.iter().skip(1).map(|l| l.matches('@').count()).sum();
    assert_eq!(drawn, targets, "{text}");
    // The British (to act) by number, the Americans by initial.
    assert!(map.iter().any(|l| l.contains('1')) && map.iter().any(|l| l.contains('A')), "{text}");
    assert_width(&text, "spectator");
}

#[test]
fn render_pawns_far_apart_get_two_maps_or_the_overview() {
    let (r, mut s) = blank(3, 1);
    roll_phase(&mut s, BR.seat());
    let outside: Vec<CircleId> = r.board.circles().filter(|&c| r.board.circle(c).zone == Zone::Outside).collect();
    let west = *outside.iter().min_by_key(|&&c| lattice(&r, c)).unwrap();
    let east = *outside.iter().max_by_key(|&&c| lattice(&r, c)).unwrap();
    put(&mut s, pow(BR, 1), west);
    put(&mut s, pow(BR, 2), east);
    let text = render(&r, &s, Viewer::Seat(BR.seat()), "en");
    let titles: Vec<&str> = text.lines().filter(|l| l.starts_with("──")).collect();
    assert_eq!(titles.len(), 2, "one map around each:\n{text}");
    assert!(titles[0].contains("br1") && titles[1].contains("br2"), "{text}");
    let map = map_lines(&text);
    assert!(spot(&map, "br1").is_some() && spot(&map, "br2").is_some(), "{text}");
    // A third far away: the overview, the British by number.
    let south = *outside.iter().max_by_key(|&&c| (lattice(&r, c).1, -lattice(&r, c).0)).unwrap();
    let north = r.board.circles().min_by_key(|&c| (lattice(&r, c).1, (lattice(&r, c).0 - 50).abs())).unwrap();
    put(&mut s, pow(BR, 3), south);
    put(&mut s, pow(BR, 4), north);
    let text = render(&r, &s, Viewer::Seat(BR.seat()), "en");
    let map = map_lines(&text);
    assert!(map[0].contains("overview"), "{text}");
    for n in ['1', '2', '3', '4'] {
        assert!(map.iter().skip(1).any(|l| l.contains(n)), "{n} missing:\n{text}");
    }
    assert_width(&text, "far apart");
}

#[test]
fn render_shows_no_other_seats_hand() {
    let (r, s) = started(3, 2);
    for (viewer, own) in [(BR.seat(), 1), (US.seat(), 2), (DE, 0)] {
        for lang in ["en", "ru"] {
            let text = render(&r, &s, Viewer::Seat(viewer), lang);
            let mut changed = false;
            for seed in 0..16 {
                let t = r.resample_hidden(&s, Viewer::Seat(viewer), seed);
                changed |= (0..3).filter(|&i| i != own).any(|i| t.hands[i] != s.hands[i]);
                assert_eq!(t.hands[own], s.hands[own]);
                assert_eq!(text, render(&r, &t, Viewer::Seat(viewer), lang), "seat {viewer:?} {lang}, seed {seed}");
            }
            assert!(changed, "no resample changed another hand: the test shows nothing");
        }
    }
    // The spectator sees no hand at all.
    let text = render(&r, &s, Viewer::Spectator, "en");
    for seed in 0..8 {
        let t = r.resample_hidden(&s, Viewer::Spectator, seed);
        assert_eq!(text, render(&r, &t, Viewer::Spectator, "en"));
    }
    assert!(!text.lines().any(|l| l.starts_with("  cards:")), "{text}");
}

#[test]
fn render_no_line_is_wider_than_100_columns_in_play() {
    let (r, mut s) = started(5, 7);
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for step in 0..400 {
        let seats = to_act(&r, &s);
        let Some(&seat) = seats.first() else { break };
        if step % 20 == 0 {
            for lang in ["en", "ru"] {
                for v in [Viewer::Spectator, Viewer::Seat(seat), Viewer::Seat(Seat::new(0))] {
                    let text = render(&r, &s, v, lang);
                    assert_width(&text, &format!("step {step} {v:?} {lang}"));
                    // Each close map at most 25 lines under its title.
                    let mut run = 0;
                    for line in map_lines(&text) {
                        run = if line.starts_with("──") { 0 } else { run + 1 };
                        assert!(run <= 25, "step {step} {v:?}: a map taller than 25 lines:\n{text}");
                    }
                }
            }
        }
        let moves = legal(&r, &s, seat);
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let pick = &moves[(rng % moves.len() as u64) as usize];
        play(&r, &mut s, seat, pick);
    }
}
