//! The browser client (`web/` at the repository root), embedded in the
//! binary so `sandtable serve` needs nothing beside it. The games' renderers
//! are not here: each game's crate embeds its own and the catalog hands it
//! out ([`renderer`], served as `/games/{id}.js`).

/// The content type of every script.
pub const JS: &str = "text/javascript; charset=utf-8";

/// `(path, content type, body)` of every file the client's shell is made of.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../../../web/index.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("../../../web/style.css")),
    ("app.js", JS, include_str!("../../../web/app.js")),
    ("i18n.js", JS, include_str!("../../../web/i18n.js")),
    ("board.js", JS, include_str!("../../../web/board.js")),
];

/// The embedded file at `path` (without the leading `/`); a page path
/// (`/t/{token}`) relative to which a script was named also finds it.
pub fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    let path = path.trim_start_matches('/');
    let find = |p: &str| FILES.iter().find(|(name, _, _)| *name == p).map(|(_, ty, body)| (*ty, *body));
    find(path).or_else(|| path.strip_prefix("t/").and_then(find))
}

/// The page every route of the client starts from.
pub fn index() -> &'static str {
    FILES[0].2
}

/// The renderer of the game `id`, from the catalog: `Ok(None)` when the game
/// has none.
///
/// # Errors
/// The game is not in this build.
pub fn renderer(id: &str) -> Result<Option<&'static str>, sandtable_catalog::UnknownGame> {
    Ok(sandtable_catalog::find(id)?.renderer())
}
