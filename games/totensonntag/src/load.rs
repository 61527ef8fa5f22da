//! Loading data files: TOML syntax errors and every semantic problem
//! collected as typed [`DataError`]s with file, line and key.
//!
//! Two shapes of data load the same rules: the built-in scenario as two
//! files (`data/map.toml`, `data/scenario.toml`), and a user's scenario file,
//! one TOML holding the scenario keys and a `[map]` table (see the README).

use crate::data::{MapData, ScenarioData};
use crate::{Map, Scenario};
use sandtable_board::{HexGrid, HexId};
use sandtable_core::{DataError, DataErrors, Text};
use std::ops::Range;
use toml::Spanned;

/// Collects the problems of one file.
pub(crate) struct Check<'a> {
    file: &'a str,
    src: &'a str,
    /// Prefixed to every key (`map.` for a map inside a scenario file).
    prefix: &'a str,
    errors: DataErrors,
}

impl<'a> Check<'a> {
    pub(crate) fn new(file: &'a str, src: &'a str, prefix: &'a str) -> Check<'a> {
        Check { file, src, prefix, errors: DataErrors::new() }
    }

    /// A problem at `span` (bytes of the file) about `key`.
    pub(crate) fn err(&mut self, span: Range<usize>, key: &str, en: String, ru: String) {
        self.err_opt(Some(span), key, en, ru);
    }

    /// A problem about `key`, at `span` when known.
    pub(crate) fn err_opt(&mut self, span: Option<Range<usize>>, key: &str, en: String, ru: String) {
        let mut e = DataError::new(self.file, Text::new(en, ru)).key(format!("{}{key}", self.prefix));
        if let Some(span) = span {
            e = e.at(self.src, span.start);
        }
        self.errors.push(e);
    }

    /// The hex a label names, or a problem reported and `None`.
    pub(crate) fn hex(&mut self, grid: &HexGrid, label: &Spanned<String>, key: &str) -> Option<HexId> {
        match grid.parse(label.get_ref()) {
            Ok(id) => Some(id),
            Err(e) => {
                self.err(label.span(), key, format!("{e}"), format!("гекс {:?} не на карте: {e}", label.get_ref()));
                None
            }
        }
    }

    fn into_errors(self) -> DataErrors {
        self.errors
    }
}

/// Parses one TOML file; a syntax or shape error stops that file.
fn parse<T: serde::de::DeserializeOwned>(file: &str, src: &str) -> Result<T, DataErrors> {
    toml::from_str(src).map_err(|e| DataErrors::one(DataError::toml(file, src, e.message(), e.span())))
}

/// The built-in shape: map and scenario in two files.
pub(crate) fn two_files(map: &str, scenario: &str) -> Result<(Map, Scenario), DataErrors> {
    let map_data: MapData = parse("map.toml", map)?;
    let sc: ScenarioData = parse("scenario.toml", scenario)?;
    let mut errors = DataErrors::new();
    if sc.map.is_some() {
        errors.push(
            DataError::new(
                "scenario.toml",
                Text::fixed(
                    "a [map] table belongs in a self-contained scenario file, not beside map.toml",
                    "таблица [map] — для самостоятельного файла сценария, не рядом с map.toml",
                ),
            )
            .key("map"),
        );
    }
    let mut ck = Check::new("map.toml", map, "");
    let m = Map::from_data(&map_data, &mut ck);
    errors.0.extend(ck.into_errors().0);
    let Some(m) = m else { return Err(errors) };
    let mut ck = Check::new("scenario.toml", scenario, "");
    let s = Scenario::from_data(&sc, &m, &mut ck);
    errors.0.extend(ck.into_errors().0);
    errors.into_result((m, s))
}

/// A user's scenario file: the scenario keys and a `[map]` table.
pub(crate) fn one_file(name: &str, text: &str) -> Result<(Map, Scenario), DataErrors> {
    let sc: ScenarioData = parse(name, text)?;
    let Some(map_data) = &sc.map else {
        return Err(DataErrors::one(
            DataError::new(
                name,
                Text::fixed(
                    "no [map] table: a scenario file holds its map (columns, rows, terrain…) under [map]",
                    "нет таблицы [map]: файл сценария содержит свою карту (columns, rows, terrain…) в [map]",
                ),
            )
            .key("map"),
        ));
    };
    let mut ck = Check::new(name, text, "map.");
    let m = Map::from_data(map_data, &mut ck);
    let mut errors = ck.into_errors();
    let Some(m) = m else { return Err(errors) };
    let mut ck = Check::new(name, text, "");
    let s = Scenario::from_data(&sc, &m, &mut ck);
    errors.0.extend(ck.into_errors().0);
    errors.into_result((m, s))
}
