//! The board as characters, for the terminal render: a close map of the
//! circles around the pawns of the side to act (for a seat), a coarse
//! overview of the whole castle (for a spectator, or when those pawns are
//! too far apart for two close maps), the area names written in, and a
//! legend of the marks used.
//!
//! Every circle sits on one hex lattice (`data/BOARD.md` §2: x = 1 + 2c, +1
//! on odd rows; y = 1.25 + 1.75r). The close map puts a circle at text
//! column 2x and row r on text line 2r: neighbours in a row are four
//! columns apart (`o---o`), and the line between two rows holds the `/`
//! and `\` of the diagonal links. Two neighbouring circles with no link
//! between them have a wall between them. The overview puts x at column x
//! and rows 2k and 2k + 1 on one line (odd rows are shifted by one, so they
//! never share a column): the 100 × 75 board in 100 × 22 characters.

use crate::board::{Gate, Link, Zone};
use crate::pawn::{Nation, PawnId, GERMAN};
use crate::state::State;
use crate::{CircleId, Colditz};
use std::collections::{HashMap, VecDeque};

/// The widest line of the render.
pub(crate) const WIDTH: usize = 100;
/// Most lines of one close map.
const MAX_LINES: i32 = 25;
/// Links from each pawn to the circles its close map shows: the first
/// radius whose maps fit.
const RADII: [u32; 4] = [3, 2, 1, 0];
/// Most close maps in one render; pawns spread further get the overview.
const MAX_MAPS: usize = 2;
/// A close map shows at least this many lattice units across and rows down.
const MIN_SPAN: (i32, i32) = (44, 9);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Scale {
    Close,
    Overview,
}

/// A box of lattice places, inclusive: u the rounded x, r the row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Frame {
    u0: i32,
    u1: i32,
    r0: i32,
    r1: i32,
}

impl Frame {
    fn of((u, r): (i32, i32)) -> Frame {
        Frame { u0: u, u1: u, r0: r, r1: r }
    }
    fn union(self, o: Frame) -> Frame {
        Frame { u0: self.u0.min(o.u0), u1: self.u1.max(o.u1), r0: self.r0.min(o.r0), r1: self.r1.max(o.r1) }
    }
    fn contains(self, (u, r): (i32, i32)) -> bool {
        (self.u0..=self.u1).contains(&u) && (self.r0..=self.r1).contains(&r)
    }
    /// Columns and lines of its text.
    fn size(self, scale: Scale) -> (usize, usize) {
        match scale {
            // Three more columns: a pawn's code on the last circle.
            Scale::Close => ((2 * (self.u1 - self.u0) + 3) as usize, (2 * (self.r1 - self.r0) + 1) as usize),
            Scale::Overview => {
                ((self.u1 - self.u0 + 1) as usize, ((self.r1 - self.r0.div_euclid(2) * 2) / 2 + 1) as usize)
            }
        }
    }
    fn fits(self, scale: Scale) -> bool {
        let (w, h) = self.size(scale);
        w <= WIDTH && (scale == Scale::Overview || h <= MAX_LINES as usize)
    }
    /// Text line and column of a lattice place.
    fn at(self, scale: Scale, (u, r): (i32, i32)) -> (usize, usize) {
        match scale {
            Scale::Close => ((2 * (r - self.r0)) as usize, (2 * (u - self.u0)) as usize),
            Scale::Overview => (((r - self.r0.div_euclid(2) * 2) / 2) as usize, (u - self.u0) as usize),
        }
    }
}

/// What a character of the map is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Use {
    Blank,
    /// A link; the area of both ends when they share one.
    Link(Option<usize>),
    /// An empty ordinary circle of an area.
    Plain(Option<usize>),
    /// Any other circle mark or a pawn.
    Mark,
    Label,
}

struct Grid {
    text: Vec<Vec<char>>,
    uses: Vec<Vec<Use>>,
}

impl Grid {
    fn new(w: usize, h: usize) -> Grid {
        Grid { text: vec![vec![' '; w]; h], uses: vec![vec![Use::Blank; w]; h] }
    }
    fn put(&mut self, line: usize, col: usize, ch: char, u: Use) {
        if let Some(row) = self.text.get_mut(line) {
            if col < row.len() {
                row[col] = ch;
                self.uses[line][col] = u;
            }
        }
    }
    fn free(&self, line: usize, col: usize, len: usize) -> bool {
        self.uses.get(line).is_some_and(|row| {
            col + len <= row.len() && row[col..col + len].iter().all(|u| matches!(u, Use::Blank | Use::Link(_)))
        })
    }
    fn lines(&self) -> Vec<String> {
        self.text.iter().map(|l| l.iter().collect::<String>().trim_end().to_owned()).collect()
    }
}

/// The mark of an empty circle, by priority.
#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
enum Mark {
    Car,
    Target,
    Door,
    Inspection,
    Tunnel,
    Cell,
    Drop,
    Post,
    Searchlight,
    Walkway,
    Safe,
    Plain,
}

impl Mark {
    const fn ch(self) -> char {
        match self {
            Mark::Car => 'C',
            Mark::Target => '@',
            Mark::Door => 'K',
            Mark::Inspection => 'I',
            Mark::Tunnel => 'T',
            Mark::Cell => 'c',
            Mark::Drop => 'v',
            Mark::Post => '#',
            Mark::Searchlight => '*',
            Mark::Walkway => '=',
            Mark::Safe => 's',
            Mark::Plain => 'o',
        }
    }
    const fn meaning(self) -> (&'static str, &'static str) {
        match self {
            Mark::Car => ("staff car", "Штатный Автомобиль"),
            Mark::Target => ("target (escape)", "Цель (побег)"),
            Mark::Door => ("door (Key)", "Дверь (Ключ)"),
            Mark::Inspection => ("inspection point (Pass)", "Инспекционный Пункт (Пропуск)"),
            Mark::Tunnel => ("tunnel entrance/exit", "вход/выход Тоннеля"),
            Mark::Cell => ("solitary cell", "Одиночная Камера"),
            Mark::Drop => ("rope drop from here", "Спуск отсюда (Веревка)"),
            Mark::Post => ("guard post", "Пост Охраны"),
            Mark::Searchlight => ("searchlight", "Прожектор"),
            Mark::Walkway => ("walkway", "Проход"),
            Mark::Safe => ("safe area", "Безопасная Зона"),
            Mark::Plain => ("circle", "кружок"),
        }
    }
}

/// The link glyphs of the close map, in legend order.
const LINK_GLYPHS: [(char, &str, &str); 4] = [
    ('-', "- / \\ step", "- / \\ шаг"),
    ('x', "x barbed wire (Cutters)", "x Колючая Проволока (Кусачки)"),
    ('1', "1 2 drop (Ropes)", "1 2 Спуск (Веревок)"),
    (':', ": tunnel", ": Тоннель"),
];

/// One letter per nation for the overview (B A F D P).
fn initial(n: Nation) -> char {
    match n {
        Nation::British => 'B',
        Nation::American => 'A',
        Nation::French => 'F',
        Nation::Dutch => 'D',
        Nation::Polish => 'P',
    }
}

/// A circle's lattice place: (rounded x, row).
fn place(x: f32, y: f32) -> (i32, i32) {
    (x.round() as i32, ((y - 1.25) / 1.75).round() as i32)
}

/// The area names, per circle, from the board drawing (areas of single
/// marked circles, such as gates and targets, left out).
struct Areas {
    of: Vec<Option<usize>>,
    names: Vec<(String, String)>,
}

impl Colditz {
    fn map_areas(&self) -> Areas {
        let d = self.board_drawing();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut names = Vec::new();
        for a in d["areas"].as_array().into_iter().flatten() {
            let id = a["id"].as_str().unwrap_or_default();
            if matches!(id, "gates" | "targets" | "car") {
                continue;
            }
            index.insert(id.to_owned(), names.len());
            let name = |l: &str| a["name"][l].as_str().unwrap_or(id).to_owned();
            names.push((name("en"), name("ru")));
        }
        let by_key: HashMap<&str, usize> = d["circles"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| Some((c["id"].as_str()?, *index.get(c["area"].as_str()?)?)))
            .collect();
        let of = self.board.net.ids().map(|c| by_key.get(self.board.key(c)).copied()).collect();
        Areas { of, names }
    }

    fn mark_of(&self, c: CircleId) -> Mark {
        let b = &self.board;
        let d = b.circle(c);
        let upper_of_drop = b.net.links(c).any(|(_, l)| matches!(l, Link::Drop { upper, .. } if *upper == c));
        if d.car {
            Mark::Car
        } else if d.target {
            Mark::Target
        } else if let Some(g) = d.gate {
            match g {
                Gate::Key => Mark::Door,
                Gate::Pass => Mark::Inspection,
            }
        } else if d
            .tunnel
            .is_some_and(|(t, step)| step == 0 || usize::from(step) + 1 == b.tunnels[t.index()].course.len())
        {
            Mark::Tunnel
        } else if d.zone.is_cell() {
            Mark::Cell
        } else if upper_of_drop {
            Mark::Drop
        } else if d.guard_post {
            Mark::Post
        } else if d.searchlight {
            Mark::Searchlight
        } else if d.walkway {
            Mark::Walkway
        } else if d.safe && d.zone != Zone::Appel {
            Mark::Safe
        } else {
            Mark::Plain
        }
    }

    fn place_of(&self, c: CircleId) -> (i32, i32) {
        let d = self.board.circle(c);
        place(d.x, d.y)
    }

    /// The frame of the circles within `radius` links of `from` (never
    /// through the staff car, whose links span the board).
    fn reach_frame(&self, from: CircleId, radius: u32) -> Frame {
        let b = &self.board;
        let mut seen = vec![false; b.net.len()];
        let mut frame = Frame::of(self.place_of(from));
        let mut queue = VecDeque::from([(from, 0)]);
        seen[from.index()] = true;
        while let Some((c, d)) = queue.pop_front() {
            frame = frame.union(Frame::of(self.place_of(c)));
            if d == radius || c == b.car {
                continue;
            }
            for (n, _) in b.net.links(c) {
                if !seen[n.index()] && n != b.car {
                    seen[n.index()] = true;
                    queue.push_back((n, d + 1));
                }
            }
        }
        frame
    }

    /// The whole board's frame.
    fn board_frame(&self) -> Frame {
        let mut ids = self.board.net.ids();
        let first = Frame::of(self.place_of(ids.next().expect("a board has circles")));
        ids.fold(first, |f, c| f.union(Frame::of(self.place_of(c))))
    }

    /// Close maps around `focus`: at most [`MAX_MAPS`], each grown to
    /// [`MIN_SPAN`] inside the board; `None` when they would not do.
    fn close_frames(&self, focus: &[CircleId]) -> Option<Vec<Frame>> {
        if focus.is_empty() {
            return None;
        }
        let board = self.board_frame();
        for radius in RADII {
            let mut frames: Vec<Frame> = Vec::new();
            let mut fits = true;
            for &c in focus {
                let f = self.reach_frame(c, radius);
                if !f.fits(Scale::Close) {
                    fits = false;
                    break;
                }
                match frames.iter_mut().find(|g| g.union(f).fits(Scale::Close)) {
                    Some(g) => *g = g.union(f),
                    None => frames.push(f),
                }
            }
            if fits && frames.len() <= MAX_MAPS {
                return Some(frames.into_iter().map(|f| grow(f, board)).collect());
            }
        }
        None
    }

    /// The map (one or two close maps, or the overview), its legend and the
    /// drops it shows, as lines no wider than [`WIDTH`]. `acting`: the pawns
    /// of the side to act; `close`: try close maps around them.
    pub(crate) fn board_map(&self, s: &State, acting: &[PawnId], close: bool, lang: &str) -> Vec<String> {
        let ru = lang == "ru";
        let b = &self.board;
        let areas = self.map_areas();
        let focus: Vec<CircleId> = {
            let mut v: Vec<CircleId> = acting.iter().filter_map(|&p| s.pawn(p).circle()).collect();
            v.sort_by_key(|&c| self.place_of(c));
            v.dedup();
            v
        };
        // Pawns per circle, the acting side's first.
        let mut on: HashMap<CircleId, Vec<PawnId>> = HashMap::new();
        for p in s.present() {
            if let Some(c) = s.pawn(p).circle() {
                on.entry(c).or_default().push(p);
            }
        }
        for v in on.values_mut() {
            v.sort_by_key(|p| (!acting.contains(p), p.index()));
        }
        let codes = |ps: &[PawnId]| ps.iter().map(|p| p.code()).collect::<Vec<_>>().join(" ");
        let frames = if close { self.close_frames(&focus) } else { None };
        let (scale, frames) = match frames {
            Some(f) => (Scale::Close, f),
            None => (Scale::Overview, vec![self.board_frame()]),
        };
        let mut out = Vec::new();
        let mut used_marks: Vec<Mark> = Vec::new();
        let mut used_links: Vec<char> = Vec::new();
        let mut nations: Vec<Nation> = Vec::new();
        let mut guards = false;
        let mut stacked: Vec<String> = Vec::new();
        let mut unlabelled: Vec<String> = Vec::new();
        let mut drops: Vec<String> = Vec::new();
        for &frame in &frames {
            let inside: Vec<CircleId> = b.net.ids().filter(|&c| frame.contains(self.place_of(c))).collect();
            let (w, h) = frame.size(scale);
            let mut g = Grid::new(w, h);
            // Links between lattice neighbours (close maps only).
            if scale == Scale::Close {
                for &c in &inside {
                    for (n, l) in b.net.links(c) {
                        if n.index() < c.index() || n == b.car || c == b.car || !frame.contains(self.place_of(n)) {
                            continue;
                        }
                        let ((u, r), (nu, nr)) = (self.place_of(c), self.place_of(n));
                        let (du, dr) = (nu - u, nr - r);
                        if !((dr == 0 && du.abs() == 2) || (dr.abs() == 1 && du.abs() == 1)) {
                            continue;
                        }
                        let glyph = match l {
                            Link::Step => '-',
                            Link::Wire => 'x',
                            Link::Drop { ropes, .. } => char::from(b'0' + ropes.min(&9)),
                            Link::Tunnel => ':',
                        };
                        let legend = if glyph.is_ascii_digit() { '1' } else { glyph };
                        if !used_links.contains(&legend) {
                            used_links.push(legend);
                        }
                        let owner =
                            (areas.of[c.index()] == areas.of[n.index()]).then_some(areas.of[c.index()]).flatten();
                        let (line, col) = frame.at(scale, (u, r));
                        let (nline, ncol) = frame.at(scale, (nu, nr));
                        if dr == 0 {
                            for k in col.min(ncol) + 1..col.max(ncol) {
                                g.put(line, k, glyph, Use::Link(owner));
                            }
                        } else {
                            let ch = match glyph {
                                '-' if (dr > 0) == (du > 0) => '\\',
                                '-' => '/',
                                other => other,
                            };
                            g.put(line.min(nline) + 1, col.min(ncol) + 1, ch, Use::Link(owner));
                        }
                    }
                }
            }
            // Circles, the car last (it is off the lattice: nudged to a free place).
            let mut order = inside.clone();
            order.sort_by_key(|&c| c == b.car);
            for &c in &order {
                let (line, col) = frame.at(scale, self.place_of(c));
                let (text, usage) = match on.get(&c) {
                    Some(ps) => {
                        let p = ps[0];
                        match p.nation() {
                            Some(n) if !nations.contains(&n) => nations.push(n),
                            None => guards = true,
                            _ => {}
                        }
                        if ps.len() > 1 && scale == Scale::Close {
                            stacked.push(format!("{}: {}", b.key(c), codes(ps)));
                        }
                        let text = match (scale, p.nation()) {
                            (Scale::Close, _) => p.code(),
                            (Scale::Overview, None) => "G".into(),
                            (Scale::Overview, Some(_)) if acting.contains(&p) => p.number().to_string(),
                            (Scale::Overview, Some(n)) => initial(n).to_string(),
                        };
                        (text, Use::Mark)
                    }
                    None => {
                        let m = self.mark_of(c);
                        if !used_marks.contains(&m) {
                            used_marks.push(m);
                        }
                        // Labels may cover the empty circles of their area in the overview.
                        let u = if matches!(m, Mark::Plain | Mark::Safe | Mark::Walkway) {
                            Use::Plain(areas.of[c.index()])
                        } else {
                            Use::Mark
                        };
                        (m.ch().to_string(), u)
                    }
                };
                let len = text.chars().count();
                let spot =
                    if c != b.car || g.free(line, col, len) { Some((line, col)) } else { nudge(&g, line, col, len) };
                if let Some((line, col)) = spot {
                    for (k, ch) in text.chars().enumerate() {
                        g.put(line, col + k, ch, usage);
                    }
                }
            }
            // Area names, each near the middle of its circles in the frame.
            let mut members: Vec<Vec<CircleId>> = vec![Vec::new(); areas.names.len()];
            for &c in &inside {
                if let Some(a) = areas.of[c.index()] {
                    members[a].push(c);
                }
            }
            for (a, list) in members.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                let name = if ru { &areas.names[a].1 } else { &areas.names[a].0 };
                let n = list.len() as f32;
                let (mx, my) = list.iter().fold((0.0, 0.0), |(x, y), &c| {
                    let d = b.circle(c);
                    (x + d.x / n, y + d.y / n)
                });
                let anchor = list
                    .iter()
                    .copied()
                    .min_by(|&p, &q| {
                        let dist = |c: CircleId| {
                            let d = b.circle(c);
                            (d.x - mx).powi(2) + (d.y - my).powi(2)
                        };
                        dist(p).total_cmp(&dist(q))
                    })
                    .expect("members");
                if !label(&mut g, scale, frame.at(scale, self.place_of(anchor)), name, a) {
                    unlabelled.push(name.clone());
                }
            }
            for (a, bb, l) in b.net.all_links() {
                if let Link::Drop { upper, ropes } = *l {
                    if frame.contains(self.place_of(a)) || frame.contains(self.place_of(bb)) {
                        let lower = if upper == a { bb } else { a };
                        let item = match (ru, ropes) {
                            (false, 1) => format!("{}→{} (1 Rope)", b.key(upper), b.key(lower)),
                            (false, n) => format!("{}→{} ({n} Ropes)", b.key(upper), b.key(lower)),
                            (true, 1) => format!("{}→{} (1 Веревка)", b.key(upper), b.key(lower)),
                            (true, n) => format!("{}→{} ({n} Веревки)", b.key(upper), b.key(lower)),
                        };
                        if !drops.contains(&item) {
                            drops.push(item);
                        }
                    }
                }
            }
            let title = match scale {
                Scale::Close if ru => format!("Карта вокруг: {}", codes(&self.at_frame(s, acting, frame))),
                Scale::Close => format!("Map around {}", codes(&self.at_frame(s, acting, frame))),
                Scale::Overview if ru => "Замок целиком (обзор)".to_owned(),
                Scale::Overview => "The whole castle (overview)".to_owned(),
            };
            out.push(format!("{:─<w$}", format!("── {title} "), w = w.min(WIDTH)));
            out.extend(g.lines());
        }
        // The legend: the marks used, then the links and pawns.
        used_marks.sort();
        let mut items: Vec<String> = used_marks
            .iter()
            .map(|m| {
                let (en, r) = m.meaning();
                format!("{} {}", m.ch(), if ru { r } else { en })
            })
            .collect();
        for (ch, en, r) in LINK_GLYPHS {
            if used_links.contains(&ch) {
                items.push((if ru { r } else { en }).to_owned());
            }
        }
        if scale == Scale::Close {
            items.push(
                (if ru {
                    "соседние кружки без связи: между ними стена"
                } else {
                    "neighbours with no link: a wall"
                })
                .to_owned(),
            );
        }
        nations.sort();
        for n in nations {
            let name = n.name();
            let who = name.get(lang);
            items.push(match scale {
                Scale::Close if ru => format!("{}1… Военнопленный ({who})", n.prefix()),
                Scale::Close => format!("{}1… POW ({who})", n.prefix()),
                Scale::Overview if acting.iter().any(|p| p.nation() == Some(n)) => {
                    if ru {
                        format!("1…8 Военнопленные, которые ходят ({who}: {}1…)", n.prefix())
                    } else {
                        format!("1…8 the POWs to move ({who}: {}1…)", n.prefix())
                    }
                }
                Scale::Overview if ru => format!("{} Военнопленный ({who})", initial(n)),
                Scale::Overview => format!("{} POW ({who})", initial(n)),
            });
        }
        if guards {
            items.push(match (scale, ru) {
                (Scale::Close, true) => "g1… Охранник".to_owned(),
                (Scale::Close, false) => "g1… guard".to_owned(),
                (Scale::Overview, true) => "G Охранник".to_owned(),
                (Scale::Overview, false) => "G guard".to_owned(),
            });
        }
        wrap(&mut out, if ru { "Обозначения:" } else { "Legend:" }, &items, ",");
        if !stacked.is_empty() {
            wrap(&mut out, if ru { "На одном кружке:" } else { "Sharing a circle:" }, &stacked, ";");
        }
        // Drops jump walls, so the map cannot draw most of them: listed for
        // the POWs (guards never climb down).
        let german = acting.first().is_some_and(|p| p.is_guard());
        if scale == Scale::Close && !german && !drops.is_empty() {
            wrap(&mut out, if ru { "Спуски здесь:" } else { "Drops here:" }, &drops, ",");
        }
        if !unlabelled.is_empty() {
            wrap(&mut out, if ru { "Также здесь:" } else { "Also shown:" }, &unlabelled, ",");
        }
        out
    }

    /// The acting pawns standing in a frame.
    fn at_frame(&self, s: &State, acting: &[PawnId], frame: Frame) -> Vec<PawnId> {
        acting
            .iter()
            .copied()
            .filter(|&p| s.pawn(p).circle().is_some_and(|c| frame.contains(self.place_of(c))))
            .collect()
    }

    /// The pawns of the side to act: the guards or one officer's POWs.
    pub(crate) fn acting_pawns(&self, s: &State) -> Vec<PawnId> {
        let german = s.turn == GERMAN.index() as u8;
        s.present()
            .filter(|p| {
                if german {
                    p.is_guard()
                } else {
                    p.nation().is_some_and(|n| n.seat().index() == usize::from(s.turn))
                }
            })
            .collect()
    }
}

/// A frame grown to at least [`MIN_SPAN`] (as far as it still fits), within the board.
fn grow(mut f: Frame, board: Frame) -> Frame {
    let mut step = 0;
    while step < 200 {
        step += 1;
        let wide = f.u1 - f.u0 >= MIN_SPAN.0;
        let tall = f.r1 - f.r0 >= MIN_SPAN.1;
        if wide && tall {
            break;
        }
        let mut g = f;
        if !wide {
            if step % 2 == 0 && g.u0 > board.u0 || g.u1 >= board.u1 {
                g.u0 = (g.u0 - 1).max(board.u0);
            } else {
                g.u1 = (g.u1 + 1).min(board.u1);
            }
        }
        if !tall {
            if step % 2 == 0 && g.r0 > board.r0 || g.r1 >= board.r1 {
                g.r0 = (g.r0 - 1).max(board.r0);
            } else {
                g.r1 = (g.r1 + 1).min(board.r1);
            }
        }
        if g == f || !g.fits(Scale::Close) {
            break;
        }
        f = g;
    }
    f
}

/// The nearest free place for a mark of `len` characters.
fn nudge(g: &Grid, line: usize, col: usize, len: usize) -> Option<(usize, usize)> {
    for d in 1..6i32 {
        for (dl, dc) in [(0, d), (0, -d), (-d, 0), (d, 0), (-d, d), (d, d), (-d, -d), (d, -d)] {
            let (l, c) = (line as i32 + dl, col as i32 + dc);
            if l >= 0 && c >= 0 && g.free(l as usize, c as usize, len) {
                return Some((l as usize, c as usize));
            }
        }
    }
    None
}

/// Writes an area's name near `anchor`, over blank space, links inside the
/// area and (in the overview) its empty ordinary circles. False if no
/// place was found.
fn label(g: &mut Grid, scale: Scale, (line, col): (usize, usize), name: &str, area: usize) -> bool {
    let len = name.chars().count();
    let h = g.text.len() as i32;
    let w = g.text.first().map_or(0, Vec::len) as i32;
    let lines: &[i32] = match scale {
        Scale::Close => &[-1, 1, -3, 3, -5, 5],
        Scale::Overview => &[0, -1, 1, -2, 2],
    };
    let ok = |u: Use| match u {
        Use::Blank => true,
        Use::Link(a) => a == Some(area),
        Use::Plain(a) => scale == Scale::Overview && a == Some(area),
        Use::Mark | Use::Label => false,
    };
    // First with a blank either side; failing that, touching other marks.
    for strict in [true, false] {
        for &dl in lines {
            let l = line as i32 + dl;
            if l < 0 || l >= h {
                continue;
            }
            for k in 0..24i32 {
                let dc = if k % 2 == 0 { k / 2 } else { -(k / 2 + 1) };
                let start = col as i32 - len as i32 / 2 + dc;
                if start < 0 || start + len as i32 > w {
                    continue;
                }
                let row = &g.uses[l as usize];
                let sides = [start - 1, start + len as i32];
                let side_ok = |c: i32| {
                    !(0..w).contains(&c) || {
                        let u = row[c as usize];
                        ok(u) || (!strict && u != Use::Label)
                    }
                };
                if !(start..start + len as i32).all(|c| ok(row[c as usize])) || !sides.into_iter().all(side_ok) {
                    continue;
                }
                for c in sides {
                    if (0..w).contains(&c) && ok(g.uses[l as usize][c as usize]) {
                        g.put(l as usize, c as usize, ' ', Use::Label);
                    }
                }
                for (k, ch) in name.chars().enumerate() {
                    g.put(l as usize, start as usize + k, ch, Use::Label);
                }
                return true;
            }
        }
    }
    false
}

/// `items` after `head`, wrapped at [`WIDTH`] columns, continuation lines indented.
pub(crate) fn wrap(out: &mut Vec<String>, head: &str, items: &[String], sep: &str) {
    let mut line = head.to_owned();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() { format!("{item}{sep}") } else { item.clone() };
        if line.chars().count() + 1 + piece.chars().count() > WIDTH && !line.trim().is_empty() {
            out.push(line);
            line = "  ".to_owned();
        }
        if !line.is_empty() && !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    out.push(line);
}
