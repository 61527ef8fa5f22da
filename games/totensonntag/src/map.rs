//! The validated map: grid, terrain, named places, tracks, the victory hexes
//! and the Tobruk exit. Static: shared by every game, never in the state.

use crate::data::MapData;
use crate::load::Check;
use sandtable_board::{GridSpec, HexGrid, HexId, HexMap};
use sandtable_core::Text;
use serde::Serialize;
use toml::Spanned;

/// Terrain of a hex for movement (CCT 6.0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Open desert: 1 MP.
    Open,
    /// Rough: motorized and mechanized pay +1 MP.
    Rough,
    /// Escarpment: infantry only; motorized infantry pays +1 MP; attacks on it −1.
    Escarpment,
    /// No unit may enter.
    Impassable,
}

/// Everything the rules know about one hex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HexInfo {
    /// Movement terrain.
    pub terrain: Terrain,
    /// Entrenchment: attacks on it −1; a spotter in it sees 2 hexes (7.1, 7.4).
    pub entrenched: bool,
    /// Point hex (a key height): a spotter on it sees 3 hexes and adds +1 (7.4).
    pub point: bool,
}

/// A named place on the map.
#[derive(Clone, Debug, Serialize)]
pub struct Place {
    /// Its hex.
    pub hex: HexId,
    /// Its name.
    pub name: Text,
}

/// A track, drawn only (the rules give tracks no effect).
#[derive(Clone, Debug, Serialize)]
pub struct Track {
    /// Its name.
    pub name: Text,
    /// Its hexes in order.
    pub hexes: Vec<HexId>,
}

/// The three victory hexes of 9.0, in this order (a scenario file's map may
/// name its own with `vp = [...]`).
pub const VP_HEXES: [&str; 3] = ["M7", "N16", "N3"];
/// The Tobruk exit hex of 6.2 (a scenario file's map may name its own with
/// `exit = "..."`).
pub const EXIT_HEX: &str = "Q2";

/// A terrain list of the data: its key, its hexes, the terrain it sets (or
/// `None` for the entrenchment and point marks).
type TerrainList<'a> = (&'a str, &'a [Spanned<String>], Option<Terrain>);

/// The validated map.
#[derive(Clone, Debug)]
pub struct Map {
    /// The hex grid (letter rows from the south, numbered columns).
    pub grid: HexGrid,
    /// Per-hex rule data.
    pub hexes: HexMap<HexInfo>,
    /// Named places.
    pub places: Vec<Place>,
    /// Tracks.
    pub tracks: Vec<Track>,
    /// M7 Sidi Rezegh, N16 Gambut, N3 El Adem.
    pub vp: [HexId; 3],
    /// Q2, the Tobruk exit.
    pub exit: HexId,
}

impl Map {
    /// Validates map data, reporting every problem to `ck`: an unknown hex,
    /// a hex with two terrains, a victory or exit hex that cannot be
    /// entered, a track that is not a chain. `None` when the grid itself is
    /// impossible (nothing else can be checked then); otherwise the map,
    /// which is only usable when `ck` collected no problem.
    pub(crate) fn from_data(d: &MapData, ck: &mut Check) -> Option<Map> {
        let grid = match HexGrid::new(GridSpec::corps_command(*d.columns.get_ref(), d.rows)) {
            Ok(g) => g,
            Err(e) => {
                ck.err(d.columns.span(), "columns", format!("impossible grid: {e}"), format!("невозможная сетка: {e}"));
                return None;
            }
        };
        let open = HexInfo { terrain: Terrain::Open, entrenched: false, point: false };
        let mut hexes = HexMap::new(&grid, open);
        let terrains: [TerrainList; 5] = [
            ("terrain.rough", &d.terrain.rough, Some(Terrain::Rough)),
            ("terrain.escarpment", &d.terrain.escarpment, Some(Terrain::Escarpment)),
            ("terrain.impassable", &d.terrain.impassable, Some(Terrain::Impassable)),
            ("terrain.entrenchment", &d.terrain.entrenchment, None),
            ("terrain.point", &d.terrain.point, None),
        ];
        for (key, list, terrain) in terrains {
            for s in list {
                let Some(id) = ck.hex(&grid, s, key) else { continue };
                match terrain {
                    Some(t) if hexes[id].terrain != Terrain::Open => ck.err(
                        s.span(),
                        key,
                        format!("hex {} has two terrains ({:?} and {t:?})", s.get_ref(), hexes[id].terrain),
                        format!("у гекса {} две местности ({:?} и {t:?})", s.get_ref(), hexes[id].terrain),
                    ),
                    Some(t) => hexes.get_mut(id).terrain = t,
                    None if key == "terrain.point" => hexes.get_mut(id).point = true,
                    None => hexes.get_mut(id).entrenched = true,
                }
            }
        }
        let mut places = Vec::new();
        for p in &d.place {
            if let Some(hex) = ck.hex(&grid, &p.hex, "place.hex") {
                places.push(Place { hex, name: Text::new(p.en.clone(), p.ru.clone()) });
            }
        }
        let mut tracks = Vec::new();
        for t in &d.track {
            let key = format!("track[{}].hexes", t.en);
            let ids: Vec<(HexId, &Spanned<String>)> =
                t.hexes.iter().filter_map(|s| ck.hex(&grid, s, &key).map(|id| (id, s))).collect();
            for w in ids.windows(2) {
                if !grid.are_adjacent(w[0].0, w[1].0) {
                    ck.err(
                        w[1].1.span(),
                        &key,
                        format!(
                            "track {} jumps from {} to {}, which are not adjacent",
                            t.en,
                            w[0].1.get_ref(),
                            w[1].1.get_ref()
                        ),
                        format!(
                            "дорога {} прыгает с {} на {}: они не соседние",
                            t.ru,
                            w[0].1.get_ref(),
                            w[1].1.get_ref()
                        ),
                    );
                }
            }
            tracks.push(Track {
                name: Text::new(t.en.clone(), t.ru.clone()),
                hexes: ids.into_iter().map(|x| x.0).collect(),
            });
        }
        // The victory hexes and the exit: given in the data, or the rules' M7, N16, N3 and Q2.
        let vp_given: Vec<(String, std::ops::Range<usize>)> = match &d.vp {
            Some(list) => {
                if list.get_ref().len() != 3 {
                    ck.err(
                        list.span(),
                        "vp",
                        "exactly three victory hexes (9.0): Sidi Rezegh, Gambut, El Adem".into(),
                        "ровно три гекса победы (9.0): Сиди-Резег, Гамбут, Эль-Адем".into(),
                    );
                }
                list.get_ref().iter().map(|s| (s.get_ref().clone(), s.span())).collect()
            }
            None => VP_HEXES.iter().map(|s| ((*s).to_owned(), 0..0)).collect(),
        };
        let exit_given = match &d.exit {
            Some(s) => (s.get_ref().clone(), s.span()),
            None => (EXIT_HEX.to_owned(), 0..0),
        };
        let mut special = |label: &str, span: std::ops::Range<usize>, key: &str, given: bool| -> Option<HexId> {
            match grid.parse(label) {
                Ok(id) => {
                    if matches!(hexes[id].terrain, Terrain::Impassable | Terrain::Escarpment) {
                        ck.err_opt(
                            given.then_some(span),
                            key,
                            format!("{label} must be open to vehicles (victory or exit hex)"),
                            format!("{label} должен быть проходим для техники (гекс победы или выхода)"),
                        );
                    }
                    Some(id)
                }
                Err(e) if given => {
                    ck.err(span, key, format!("{e}"), format!("неверный гекс {label:?}: {e}"));
                    None
                }
                Err(_) => {
                    ck.err_opt(
                        None,
                        key,
                        format!("the rules' {key} hex {label} is off this map; name the map's own with `{key} = ...`"),
                        format!("гекс {label} ({key}) из правил вне этой карты; задайте свой: `{key} = ...`"),
                    );
                    None
                }
            }
        };
        let vp: Vec<HexId> =
            vp_given.iter().filter_map(|(l, sp)| special(l, sp.clone(), "vp", d.vp.is_some())).collect();
        let exit = special(&exit_given.0, exit_given.1.clone(), "exit", d.exit.is_some());
        let (Ok(vp), Some(exit)) = (<[HexId; 3]>::try_from(vp), exit) else {
            return None;
        };
        Some(Map { grid, hexes, places, tracks, vp, exit })
    }

    /// Rule data of a hex. O(1).
    pub fn info(&self, id: HexId) -> HexInfo {
        self.hexes[id]
    }

    /// The index of `id` among the victory hexes, if it is one.
    pub fn vp_index(&self, id: HexId) -> Option<usize> {
        self.vp.iter().position(|&v| v == id)
    }
}
