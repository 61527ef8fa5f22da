//! The validated board: a point-to-point network of circles with zones,
//! markings, rooms, tunnels, cells and the Appel layout. Static: shared by
//! every game, never in the state.

use crate::data::BoardData;
use crate::fixed::CircleSet;
use sandtable_board::{Network, NodeId};
use sandtable_core::Text;
use serde::Serialize;

/// A circle's index (the board's node id).
pub type CircleId = NodeId;

/// The eight symbols of the rooms.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Symbol {
    /// Escape kit part.
    Food,
    /// Escape kit part.
    Disguise,
    /// Escape kit part.
    Documents,
    /// Escape kit part.
    Compass,
    /// Equipment.
    Key,
    /// Equipment.
    Rope,
    /// Equipment.
    Cutters,
    /// Equipment.
    Pass,
}

impl Symbol {
    /// All symbols.
    pub const ALL: [Symbol; 8] = [
        Symbol::Food,
        Symbol::Disguise,
        Symbol::Documents,
        Symbol::Compass,
        Symbol::Key,
        Symbol::Rope,
        Symbol::Cutters,
        Symbol::Pass,
    ];
    /// The four escape-kit symbols.
    pub const KIT: [Symbol; 4] = [Symbol::Food, Symbol::Disguise, Symbol::Documents, Symbol::Compass];
    /// Parses a data name.
    pub fn parse(s: &str) -> Option<Symbol> {
        Symbol::ALL.into_iter().find(|x| x.name() == s)
    }
    /// Data name.
    pub const fn name(self) -> &'static str {
        match self {
            Symbol::Food => "food",
            Symbol::Disguise => "disguise",
            Symbol::Documents => "documents",
            Symbol::Compass => "compass",
            Symbol::Key => "key",
            Symbol::Rope => "rope",
            Symbol::Cutters => "cutters",
            Symbol::Pass => "pass",
        }
    }
}

/// A room.
#[derive(Clone, Debug, Serialize)]
pub struct Room {
    /// Id.
    pub id: String,
    /// Name.
    pub name: Text,
    /// Symbol.
    pub symbol: Symbol,
}

/// Which area of the board a circle is in (the Legend).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "zone", content = "room")]
pub enum Zone {
    /// The white roll-call area (where POWs start; safe in most respects).
    Appel,
    /// The grey inner courtyard and its corridors.
    Inner,
    /// A room (index into [`Board::rooms`]).
    Room(u8),
    /// The outer courtyard, terraces and lawn.
    Outer,
    /// Outside the castle.
    Outside,
    /// Inner solitary cells.
    CellInner,
    /// Outer solitary cells.
    CellOuter,
}

impl Zone {
    /// Inside the prisoners' block: the inner courtyard, Appel, the rooms.
    /// Arrests here need equipment in hand; the arrested go to the inner cells.
    pub const fn is_inner(self) -> bool {
        matches!(self, Zone::Appel | Zone::Inner | Zone::Room(_))
    }
    /// A solitary cell.
    pub const fn is_cell(self) -> bool {
        matches!(self, Zone::CellInner | Zone::CellOuter)
    }
}

/// An item a POW spends to enter a gate circle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gate {
    /// A door: needs a Key.
    Key,
    /// An inspection point: needs a Pass.
    Pass,
}

/// The three tunnels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum TunnelId {
    /// From the Chapel.
    Chapel,
    /// From the Canteen.
    Canteen,
    /// From the Theatre.
    Theatre,
}

impl TunnelId {
    /// All three.
    pub const ALL: [TunnelId; 3] = [TunnelId::Chapel, TunnelId::Canteen, TunnelId::Theatre];
    /// Index for per-tunnel arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// Data name (also the room id of its entrance).
    pub const fn name(self) -> &'static str {
        match self {
            TunnelId::Chapel => "chapel",
            TunnelId::Canteen => "canteen",
            TunnelId::Theatre => "theatre",
        }
    }
    /// Parses a data name.
    pub fn parse(s: &str) -> Option<TunnelId> {
        TunnelId::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// Everything the rules know about a circle.
#[derive(Clone, Debug, Serialize)]
pub struct Circle {
    /// Zone.
    pub zone: Zone,
    /// Guard post (black circle).
    pub guard_post: bool,
    /// Safe area.
    pub safe: bool,
    /// Searchlight: POWs may not stop here.
    pub searchlight: bool,
    /// Walkway: guards may not stop here.
    pub walkway: bool,
    /// Escape target.
    pub target: bool,
    /// Door or inspection point.
    pub gate: Option<Gate>,
    /// Tunnel and step (0 = entrance in the room).
    pub tunnel: Option<(TunnelId, u8)>,
    /// The staff car (a special node).
    pub car: bool,
    /// Drawing position.
    pub x: f32,
    /// Drawing position.
    pub y: f32,
    /// Drawing label.
    pub label: Option<String>,
}

/// What a link is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Link {
    /// An ordinary step.
    Step,
    /// A rope drop from `upper` down to the other end: 1 rope for 30 ft, 2 for 60.
    Drop {
        /// The numbered circle above.
        upper: CircleId,
        /// Ropes needed.
        ropes: u8,
    },
    /// Barbed wire between two circles: wire cutters.
    Wire,
    /// A step inside a tunnel.
    Tunnel,
}

/// A solitary block.
#[derive(Clone, Debug, Serialize)]
pub struct CellBlock {
    /// Its cells.
    pub circles: Vec<CircleId>,
    /// The arrow outside the door.
    pub exit: CircleId,
    /// Gates passed freely on the way back into the inner courtyard.
    pub free_gates: Vec<CircleId>,
}

/// A tunnel's course.
#[derive(Clone, Debug, Serialize)]
pub struct Tunnel {
    /// Circles from the entrance (in the room) to the exit.
    pub course: Vec<CircleId>,
}

/// The validated board.
#[derive(Debug)]
pub struct Board {
    /// Circles and links.
    pub net: Network<Circle, Link>,
    /// Rooms.
    pub rooms: Vec<Room>,
    /// Inner and outer cells.
    pub cells: [CellBlock; 2],
    /// The three tunnels, by [`TunnelId::index`].
    pub tunnels: [Tunnel; 3],
    /// The staff car node.
    pub car: CircleId,
    /// Appel starting circles: `[players − 2][officer][pawn]`.
    pub appel: Vec<Vec<Vec<CircleId>>>,
    /// Drawing size.
    pub size: (f32, f32),
    /// Drawing positions of the barracks and the office.
    pub holding: [(f32, f32); 2],
    /// Where the data comes from.
    pub provenance: String,
    /// Circles from each circle to the inner courtyard by steps, through
    /// the free gates only: how a POW heading back from the outer cells
    /// gets closer (his shortest route).
    pub to_inner: Vec<u16>,
    /// Cut circles of the grey zone (inner courtyard, Appel, rooms, by
    /// steps): a guard standing on one splits it, blocking POW passage
    /// (classic German play).
    pub grey_cut: Vec<bool>,
    /// Circles from each circle to the nearest target over every link but
    /// tunnels (the "exit" a classic Release card may bring a POW closer to).
    pub to_exit: Vec<u16>,
    /// Guard posts, in circle order (where guards are posted from the barracks).
    pub guard_posts: Vec<CircleId>,
    /// The circles of the Appel area, in circle order.
    pub appel_area: Vec<CircleId>,
    /// The circles of each room, in circle order, by room index.
    pub room_circles: Vec<Vec<CircleId>>,
    /// The circles of the outer courtyard, in circle order (the car aside).
    pub outer_circles: Vec<CircleId>,
    /// Per circle, the [`flag`] bits the movement search tests.
    pub(crate) flags: Vec<u16>,
    /// Per circle, its room's index, or [`NO_ROOM`].
    pub(crate) room_of: Vec<u8>,
    /// Every circle's id, by index (see [`Board::id`]).
    ids: Vec<CircleId>,
    /// Where each circle's links start in `adjacent` (one more entry at the end).
    link_start: Vec<u32>,
    /// Every circle's links, in the order `net.links` lists them, inline.
    adjacent: Vec<(CircleId, Link)>,
    /// The movement search's sets of circles (`reach.rs`).
    pub(crate) sets: CircleSets,
}

/// Sets of circles for the movement search, which works on whole layers
/// of circles at once (`reach.rs`): derived at load, 128 bytes each.
#[derive(Debug)]
pub(crate) struct CircleSets {
    /// Per circle, the circles one ordinary step away.
    pub steps: Vec<CircleSet>,
    /// Circles with a link other than a step (drops, wire, tunnels).
    pub special: CircleSet,
    /// Per [`flag`] bit (by bit number), the circles carrying it.
    pub flagged: [CircleSet; 16],
    /// Per room index, its circles.
    pub rooms: Vec<CircleSet>,
    /// Per tunnel, the circles of its course.
    pub tunnels: [CircleSet; 3],
}

impl CircleSets {
    /// The circles carrying every bit of `bits` (one bit, usually) — or any
    /// of them: `flagged(a | b)` is the union.
    pub fn flagged(&self, bits: u16) -> CircleSet {
        let mut out = CircleSet::EMPTY;
        for (i, set) in self.flagged.iter().enumerate() {
            if bits & (1 << i) != 0 {
                out.add(set);
            }
        }
        out
    }
}

/// [`Board::room_of`] for a circle in no room.
pub(crate) const NO_ROOM: u8 = u8::MAX;

/// Bits of [`Board::flags`]: what the movement search asks of a circle,
/// worked out once at load so that a step costs a few bit tests.
pub(crate) mod flag {
    /// The staff car.
    pub const CAR: u16 = 1;
    /// A solitary cell.
    pub const CELL: u16 = 1 << 1;
    /// A door or inspection point.
    pub const GATE: u16 = 1 << 2;
    /// A searchlight.
    pub const SEARCHLIGHT: u16 = 1 << 3;
    /// An escape target.
    pub const TARGET: u16 = 1 << 4;
    /// Strictly inside a tunnel's course (`Colditz::is_tunnel_middle`).
    pub const TUNNEL_MIDDLE: u16 = 1 << 5;
    /// A safe area.
    pub const SAFE: u16 = 1 << 6;
    /// A walkway.
    pub const WALKWAY: u16 = 1 << 7;
    /// The Appel area.
    pub const APPEL: u16 = 1 << 8;
    /// A cut circle of the grey zone in the inner courtyard ([`super::Board::grey_cut`]).
    pub const GREY_CUT_INNER: u16 = 1 << 9;
    /// A gate passed freely on the way back from the outer cells.
    pub const FREE_GATE: u16 = 1 << 10;
}

/// Most rooms: the per-room bit sets of the state (`State::search`) are `u32`.
pub const MAX_ROOMS: usize = 32;
/// Most solitary cells, inner and outer together: each arrest may leave a
/// waiting decision per cell filled (`state::MAX_PENDING`).
pub const MAX_CELLS: usize = 28;
/// Most drop and wire links: each holds at most one Escape Attempt marker
/// (`state::MAX_MARKERS`).
pub const MAX_MARKED_LINKS: usize = 48;
/// Most doors and inspection points: each is opened at most once a turn
/// (`state::MAX_OPENED`).
pub const MAX_GATES: usize = 16;

fn valid_id(s: &str) -> bool {
    !s.is_empty() && s.len() <= 8 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl Board {
    /// Validates board data.
    ///
    /// # Errors
    /// A message naming the first bad entry.
    pub fn from_data(d: &BoardData) -> Result<Board, String> {
        let mut rooms = Vec::new();
        for r in &d.room {
            let symbol = Symbol::parse(&r.symbol)
                .ok_or_else(|| format!("board: room {} has unknown symbol {:?}", r.id, r.symbol))?;
            rooms.push(Room { id: r.id.clone(), name: Text::new(r.en.clone(), r.ru.clone()), symbol });
        }
        for s in Symbol::ALL {
            let n = rooms.iter().filter(|r| r.symbol == s).count();
            if n != 2 {
                return Err(format!("board: symbol {} is in {n} rooms; each symbol is in exactly two", s.name()));
            }
        }
        let mut net: Network<Circle, Link> = Network::new();
        for c in &d.circle {
            if !valid_id(&c.id) {
                return Err(format!("board: circle id {:?} must be 1–8 of a-z, 0-9, '-'", c.id));
            }
            let zone = match (c.zone.as_str(), &c.room) {
                ("appel", None) => Zone::Appel,
                ("inner", None) => Zone::Inner,
                ("outer", None) => Zone::Outer,
                ("outside", None) => Zone::Outside,
                ("cell-inner", None) => Zone::CellInner,
                ("cell-outer", None) => Zone::CellOuter,
                ("room", Some(r)) => {
                    let i = rooms
                        .iter()
                        .position(|x| &x.id == r)
                        .ok_or_else(|| format!("board: circle {} is in unknown room {r}", c.id))?;
                    Zone::Room(i as u8)
                }
                (z, r) => return Err(format!("board: circle {} has zone {z:?} with room {r:?}", c.id)),
            };
            let gate = match c.gate.as_deref() {
                None => None,
                Some("key") => Some(Gate::Key),
                Some("pass") => Some(Gate::Pass),
                Some(g) => return Err(format!("board: circle {} has unknown gate {g:?}", c.id)),
            };
            let tunnel = match (&c.tunnel, c.tunnel_step) {
                (None, None) => None,
                (Some(t), Some(step)) => Some((
                    TunnelId::parse(t).ok_or_else(|| format!("board: circle {} has unknown tunnel {t:?}", c.id))?,
                    step,
                )),
                _ => return Err(format!("board: circle {} needs both tunnel and tunnel_step", c.id)),
            };
            let circle = Circle {
                zone,
                guard_post: c.guard_post,
                safe: c.safe,
                searchlight: c.searchlight,
                walkway: c.walkway,
                target: c.target,
                gate,
                tunnel,
                car: false,
                x: c.x,
                y: c.y,
                label: c.label.clone(),
            };
            net.add_node(&c.id, circle).map_err(|e| format!("board: {e}"))?;
        }
        let mut holding = [(0.0, 0.0); 2];
        let mut car = None;
        for s in &d.special {
            match s.id.as_str() {
                "barracks" => holding[0] = (s.x, s.y),
                "office" => holding[1] = (s.x, s.y),
                "car" => {
                    let node = Circle {
                        zone: Zone::Outer,
                        guard_post: false,
                        safe: false,
                        searchlight: false,
                        walkway: false,
                        target: false,
                        gate: None,
                        tunnel: None,
                        car: true,
                        x: s.x,
                        y: s.y,
                        label: Some("car".into()),
                    };
                    car = Some(net.add_node("car", node).map_err(|e| format!("board: {e}"))?);
                }
                other => return Err(format!("board: unknown special {other:?}")),
            }
        }
        let car = car.ok_or("board: no staff car")?;
        for l in &d.link {
            let a = net.node(&l.a).ok_or_else(|| format!("board: link from unknown circle {}", l.a))?;
            let kind = match l.kind.as_deref().unwrap_or("step") {
                "step" => Link::Step,
                "drop30" => Link::Drop { upper: a, ropes: 1 },
                "drop60" => Link::Drop { upper: a, ropes: 2 },
                "wire" => Link::Wire,
                "tunnel" => Link::Tunnel,
                k => return Err(format!("board: link {}–{} has unknown kind {k:?}", l.a, l.b)),
            };
            net.add_link(&l.a, &l.b, kind).map_err(|e| format!("board: {e}"))?;
        }
        let circle = |key: &str| net.node(key).ok_or_else(|| format!("board: unknown circle {key}"));
        let mut blocks = Vec::new();
        for id in ["inner", "outer"] {
            let c = d.cells.iter().find(|c| c.id == id).ok_or_else(|| format!("board: no {id} cells"))?;
            let zone = if id == "inner" { Zone::CellInner } else { Zone::CellOuter };
            let circles = c.circles.iter().map(|k| circle(k)).collect::<Result<Vec<_>, _>>()?;
            if circles.is_empty() || circles.iter().any(|&x| net.data(x).zone != zone) {
                return Err(format!("board: {id} cells must be circles of zone cell-{id}"));
            }
            let free_gates = c.free_gates.iter().map(|k| circle(k)).collect::<Result<Vec<_>, _>>()?;
            blocks.push(CellBlock { circles, exit: circle(&c.exit)?, free_gates });
        }
        let cells: [CellBlock; 2] = blocks.try_into().map_err(|_| "board: cells")?;
        let mut tunnels = Vec::new();
        for t in TunnelId::ALL {
            let mut course: Vec<(u8, CircleId)> =
                net.ids().filter_map(|id| net.data(id).tunnel.filter(|(x, _)| *x == t).map(|(_, s)| (s, id))).collect();
            course.sort_unstable();
            if course.len() < 2 || course.iter().enumerate().any(|(i, (s, _))| *s as usize != i) {
                return Err(format!("board: tunnel {} needs steps 0, 1, 2 … with no gaps", t.name()));
            }
            let course: Vec<CircleId> = course.into_iter().map(|(_, id)| id).collect();
            if let Some(w) = course.windows(2).find(|w| net.link(w[0], w[1]) != Some(&Link::Tunnel)) {
                return Err(format!(
                    "board: tunnel {} lacks a tunnel link {}–{}",
                    t.name(),
                    net.key(w[0]),
                    net.key(w[1])
                ));
            }
            match net.data(course[0]).zone {
                Zone::Room(r) if rooms[r as usize].id == t.name() => {}
                _ => return Err(format!("board: tunnel {} must start in the {} room", t.name(), t.name())),
            }
            tunnels.push(Tunnel { course });
        }
        let tunnels: [Tunnel; 3] = tunnels.try_into().map_err(|_| "board: tunnels")?;
        for (i, _) in rooms.iter().enumerate() {
            let n = net.ids().filter(|&id| net.data(id).zone == Zone::Room(i as u8)).count();
            if n < 2 {
                return Err(format!("board: room {} has {n} circles; two POWs must fit", rooms[i].id));
            }
        }
        let mut appel = Vec::new();
        for players in 2..=6u8 {
            let l = d
                .appel_layout
                .iter()
                .find(|l| l.players == players)
                .ok_or_else(|| format!("board: no appel layout for {players} players"))?;
            let officers = usize::from(players - 1);
            let per = usize::from(crate::pawns_per_officer(players));
            if l.officers.len() != officers || l.officers.iter().any(|o| o.len() != per) {
                return Err(format!("board: appel layout for {players} players needs {officers} lists of {per}"));
            }
            let lists = l
                .officers
                .iter()
                .map(|o| o.iter().map(|k| circle(k)).collect::<Result<Vec<_>, _>>())
                .collect::<Result<Vec<_>, _>>()?;
            let mut all: Vec<CircleId> = lists.iter().flatten().copied().collect();
            if all.iter().any(|&c| net.data(c).zone != Zone::Appel) {
                return Err(format!("board: appel layout for {players} players uses a circle outside Appel"));
            }
            all.sort_unstable();
            all.dedup();
            if all.len() != officers * per {
                return Err(format!("board: appel layout for {players} players repeats a circle"));
            }
            appel.push(lists);
        }
        // The fixed-capacity lists of the state and the search scratch
        // arrays rest on these bounds (`fixed.rs`, `state.rs`).
        let bound = |what: &str, n: usize, max: usize| {
            if n > max {
                Err(format!("board: {n} {what}; at most {max}"))
            } else {
                Ok(())
            }
        };
        bound("circles", net.len(), crate::fixed::MAX_CIRCLES)?;
        bound("rooms", rooms.len(), MAX_ROOMS)?;
        bound("solitary cells", cells[0].circles.len() + cells[1].circles.len(), MAX_CELLS)?;
        let marked = net.all_links().filter(|(_, _, l)| matches!(l, Link::Drop { .. } | Link::Wire)).count();
        bound("drop and wire links", marked, MAX_MARKED_LINKS)?;
        bound("gates", net.ids().filter(|&id| net.data(id).gate.is_some()).count(), MAX_GATES)?;
        let to_inner = distances_to_inner(&net, &cells[1].free_gates);
        let grey_cut = grey_cut_circles(&net);
        let to_exit = distances_to_exit(&net, car);
        let listed = |keep: &dyn Fn(&Circle) -> bool| -> Vec<CircleId> {
            net.ids().filter(|&id| id != car && keep(net.data(id))).collect()
        };
        let guard_posts = listed(&|c| c.guard_post);
        let appel_area = listed(&|c| c.zone == Zone::Appel);
        let outer_circles = listed(&|c| c.zone == Zone::Outer);
        let room_circles = (0..rooms.len()).map(|r| listed(&|c| c.zone == Zone::Room(r as u8))).collect();
        let flags: Vec<u16> = net
            .ids()
            .map(|id| {
                let c = net.data(id);
                let middle = c
                    .tunnel
                    .is_some_and(|(t, step)| step > 0 && usize::from(step) + 1 < tunnels[t.index()].course.len());
                [
                    (c.car, flag::CAR),
                    (c.zone.is_cell(), flag::CELL),
                    (c.gate.is_some(), flag::GATE),
                    (c.searchlight, flag::SEARCHLIGHT),
                    (c.target, flag::TARGET),
                    (middle, flag::TUNNEL_MIDDLE),
                    (c.safe, flag::SAFE),
                    (c.walkway, flag::WALKWAY),
                    (c.zone == Zone::Appel, flag::APPEL),
                    (c.zone == Zone::Inner && grey_cut[id.index()], flag::GREY_CUT_INNER),
                    (cells[1].free_gates.contains(&id), flag::FREE_GATE),
                ]
                .into_iter()
                .filter(|(on, _)| *on)
                .fold(0, |bits, (_, f)| bits | f)
            })
            .collect();
        let room_of: Vec<u8> = net
            .ids()
            .map(|id| match net.data(id).zone {
                Zone::Room(r) => r,
                _ => NO_ROOM,
            })
            .collect();
        let mut link_start = vec![0u32];
        let mut adjacent = Vec::new();
        for id in net.ids() {
            adjacent.extend(net.links(id).map(|(nb, l)| (nb, *l)));
            link_start.push(adjacent.len() as u32);
        }
        let set_of = |keep: &dyn Fn(CircleId) -> bool| {
            let mut set = CircleSet::EMPTY;
            for id in net.ids().filter(|&id| keep(id)) {
                set.insert(id);
            }
            set
        };
        let sets = CircleSets {
            steps: net
                .ids()
                .map(|id| {
                    let mut set = CircleSet::EMPTY;
                    for (nb, _) in net.links(id).filter(|(_, l)| **l == Link::Step) {
                        set.insert(nb);
                    }
                    set
                })
                .collect(),
            special: set_of(&|id| net.links(id).any(|(_, l)| *l != Link::Step)),
            flagged: std::array::from_fn(|bit| set_of(&|id| flags[id.index()] & (1 << bit) != 0)),
            rooms: (0..rooms.len()).map(|r| set_of(&|id| room_of[id.index()] == r as u8)).collect(),
            tunnels: TunnelId::ALL.map(|t| set_of(&|id| net.data(id).tunnel.is_some_and(|(x, _)| x == t))),
        };
        Ok(Board {
            sets,
            ids: net.ids().collect(),
            flags,
            room_of,
            link_start,
            adjacent,
            guard_posts,
            appel_area,
            room_circles,
            outer_circles,
            to_exit,
            to_inner,
            grey_cut,
            net,
            rooms,
            cells,
            tunnels,
            car,
            appel,
            size: (d.width, d.height),
            holding,
            provenance: d.provenance.clone(),
        })
    }

    /// A circle's data. O(1).
    pub fn circle(&self, id: CircleId) -> &Circle {
        self.net.data(id)
    }

    /// The circles linked to `id`, with each link, as `net.links` lists
    /// them: a slice of one inline table. O(1).
    pub(crate) fn links(&self, id: CircleId) -> &[(CircleId, Link)] {
        let i = id.index();
        &self.adjacent[self.link_start[i] as usize..self.link_start[i + 1] as usize]
    }

    /// The circle of index `i` (`i < net.len()`), by table. O(1).
    pub(crate) fn id(&self, i: usize) -> CircleId {
        self.ids[i]
    }

    /// A circle's [`flag`] bits. O(1).
    pub(crate) fn flags(&self, id: CircleId) -> u16 {
        self.flags[id.index()]
    }

    /// The symbol of the room a circle is in, if any.
    pub fn symbol(&self, id: CircleId) -> Option<Symbol> {
        match self.circle(id).zone {
            Zone::Room(r) => Some(self.rooms[r as usize].symbol),
            _ => None,
        }
    }

    /// The circle with this id (case-insensitive).
    pub fn find(&self, key: &str) -> Option<CircleId> {
        self.net.node(&key.to_ascii_lowercase())
    }

    /// A circle's id.
    pub fn key(&self, id: CircleId) -> &str {
        self.net.key(id)
    }

    /// Every circle but the car. O(1) per item.
    pub fn circles(&self) -> impl Iterator<Item = CircleId> + '_ {
        self.net.ids().filter(move |&id| id != self.car)
    }
}

/// Breadth-first distances by step links from every circle to the nearest
/// inner-courtyard circle. O(circles + links), once at load.
/// Links from each circle to the nearest target, tunnels and the car aside.
fn distances_to_exit(net: &Network<Circle, Link>, car: CircleId) -> Vec<u16> {
    let mut dist = vec![u16::MAX; net.len()];
    let mut queue = std::collections::VecDeque::new();
    for id in net.ids() {
        if net.data(id).target {
            dist[id.index()] = 0;
            queue.push_back(id);
        }
    }
    while let Some(c) = queue.pop_front() {
        for (nb, link) in net.links(c) {
            if *link != Link::Tunnel && nb != car && dist[nb.index()] == u16::MAX {
                dist[nb.index()] = dist[c.index()] + 1;
                queue.push_back(nb);
            }
        }
    }
    dist
}

/// Steps to the inner courtyard for a POW heading back from the outer
/// cells: ordinary steps, gates only where they are free on the way back in.
fn distances_to_inner(net: &Network<Circle, Link>, free_gates: &[CircleId]) -> Vec<u16> {
    let mut dist = vec![u16::MAX; net.len()];
    let mut queue = std::collections::VecDeque::new();
    for id in net.ids() {
        if net.data(id).zone.is_inner() {
            dist[id.index()] = 0;
            queue.push_back(id);
        }
    }
    while let Some(c) = queue.pop_front() {
        for (nb, link) in net.links(c) {
            let gate_shut = net.data(nb).gate.is_some() && !free_gates.contains(&nb);
            if *link == Link::Step && !gate_shut && dist[nb.index()] == u16::MAX {
                dist[nb.index()] = dist[c.index()] + 1;
                queue.push_back(nb);
            }
        }
    }
    dist
}

/// Articulation points of the grey zone's step graph (Tarjan, iterative).
/// O(circles + links), once at load.
fn grey_cut_circles(net: &Network<Circle, Link>) -> Vec<bool> {
    let n = net.len();
    let grey = |id: NodeId| net.data(id).zone.is_inner();
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            let id = NodeId::from_index(i);
            if !grey(id) {
                return Vec::new();
            }
            net.links(id).filter(|(nb, l)| **l == Link::Step && grey(*nb)).map(|(nb, _)| nb.index()).collect()
        })
        .collect();
    let mut disc = vec![0usize; n];
    let mut low = vec![0usize; n];
    let mut cut = vec![false; n];
    let mut time = 0;
    for root in 0..n {
        if disc[root] != 0 || !grey(NodeId::from_index(root)) {
            continue;
        }
        time += 1;
        disc[root] = time;
        low[root] = time;
        let mut root_children = 0;
        // (node, parent, next neighbour index)
        let mut stack = vec![(root, usize::MAX, 0usize)];
        while let Some(&mut (v, parent, ref mut next)) = stack.last_mut() {
            if *next < adj[v].len() {
                let w = adj[v][*next];
                *next += 1;
                if disc[w] == 0 {
                    time += 1;
                    disc[w] = time;
                    low[w] = time;
                    if v == root {
                        root_children += 1;
                    }
                    stack.push((w, v, 0));
                } else if w != parent {
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if p != root && low[v] >= disc[p] {
                        cut[p] = true;
                    }
                }
            }
        }
        cut[root] = root_children > 1;
    }
    cut
}
