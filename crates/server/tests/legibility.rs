//! The map reads at a glance (issue 14): each game's board in headless
//! Chromium at a desktop size (1280×1000) and a phone size (375×800), in
//! English and Russian, measured in the page:
//!
//! - the board fills its pane at the default zoom (the drawn board at least 90%
//!   of `#board`'s width, or of the height the page gives the board when that
//!   binds);
//! - every text of a counter is at least 9 CSS px (its font size times the
//!   scale the SVG is drawn at), and so is every place name;
//! - no place name overlaps another, nor any counter's text;
//! - every text on a counter keeps WCAG AA contrast against the counter's face
//!   behind it (4.5:1; 3:1 for large text: 24 px, or 18.66 px bold), counting
//!   what is composited over both (a washed-out counter's veil);
//! - every symbol of the map key renders (a non-empty box).
//!
//! The default zoom: at the desktop size it is the whole board. On a phone the
//! whole board is an overview too small to play on (a tap there only zooms,
//! web/board.js); the zoom a game is played at there is the one the first tap
//! gives, so on a phone the sizes are measured after that tap (on a counter
//! near the middle of the map), and the overview is only reported.
//!
//! Screenshots of each game, size and language go to
//! `/tmp/sandtable-legibility-<game>-<size>-<lang>.png` (and `…-zoomed.png`
//! on a phone, `…-key.png` with the map key open on a desktop) for a person
//! to look at.

mod common;

use common::browser::Browser;
use serde_json::{json, Value};

/// One game to measure: how to create it, whose seat to open, and what its
/// renderer calls counters, place names and map-key symbols.
struct Game {
    id: &'static str,
    create: Value,
    seat: &'static str,
    /// Counters on the board (each a group whose texts are measured).
    counters: &'static str,
    /// Counters elsewhere (the map key's samples): contrast only.
    samples: &'static str,
    /// Place names on the board (text elements).
    names: &'static str,
    /// The map key's items, each of which must hold a symbol…
    key_items: &'static str,
    /// …matching this, inside the item.
    key_symbol: &'static str,
}

fn games() -> Vec<Game> {
    vec![
        Game {
            id: "totensonntag",
            create: json!({"game": "totensonntag", "seed": 3}),
            seat: "allies",
            counters: "#board [data-piece]",
            samples: "#panel .tt-legend .tt-sample",
            names: "#board .tt-name",
            key_items: "#panel .tt-legend li",
            key_symbol: ".tt-key-sym",
        },
        Game {
            id: "scs",
            create: json!({"game": "scs", "seed": 7}),
            seat: "",
            counters: "#board [data-piece]",
            samples: "#panel #scs-key .scs-sample",
            names: "#board .scs-names text",
            // The key's counters and marks, and the terrain chart's swatches (its
            // other items are words).
            key_items: "#panel #scs-key, #panel #scs-tec td.scs-l",
            key_symbol: ".scs-chip, .scs-sw, .scs-line, .scs-sample",
        },
        Game {
            id: "colditz",
            create: json!({"game": "colditz", "seed": 5, "options": {"players": 3}}),
            seat: "british",
            // Pawns on circles and in the Barracks; the numbers on them.
            counters: "#board [data-piece]",
            samples: "#panel #cz-key .cz-sample",
            // Room and area names.
            names: "#board .cz-labels text",
            key_items: "#panel #cz-key li",
            key_symbol: ".cz-sym",
        },
        Game {
            id: "nine-years",
            create: json!({"game": "nine-years", "seed": 7}),
            seat: "alliance",
            // Corps chips and leader tags.
            counters: "#board [data-piece]",
            samples: "#panel #ny-key .ny-sample",
            names: "#board .ny-name",
            key_items: "#panel #ny-key li",
            key_symbol: ".ny-sym, .ny-sw",
        },
    ]
}

/// The measurements, in the page. `arguments[0]`: the game's selectors.
const MEASURE: &str = r#"
const cfg = arguments[0];
const svg = document.querySelector('#board svg');
const pane = document.querySelector('#board');
const sr = svg.getBoundingClientRect();
const round = (n) => Math.round(n * 10) / 10;
const inside = (r) => r.width > 0 && r.height > 0 && r.right > sr.left + 1 && r.left < sr.right - 1 &&
  r.bottom > sr.top + 1 && r.top < sr.bottom - 1;
// The drawn board: what the SVG's drawing covers on the screen, within the SVG.
let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
Array.from(svg.children).forEach((e) => {
  if (e.tagName === 'defs' || e.tagName === 'style' || e.classList.contains('zoom-controls')) return;
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height) return;
  x0 = Math.min(x0, Math.max(r.left, sr.left)); x1 = Math.max(x1, Math.min(r.right, sr.right));
  y0 = Math.min(y0, Math.max(r.top, sr.top)); y1 = Math.max(y1, Math.min(r.bottom, sr.bottom));
});
const maxH = parseFloat(getComputedStyle(svg).maxHeight) || window.innerHeight;
const drawnW = x1 - x0, drawnH = y1 - y0, paneW = pane.clientWidth;
const fills = drawnW >= 0.9 * paneW || drawnH >= 0.9 * maxH;
// Font size on the screen.
const px = (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
const counters = Array.from(document.querySelectorAll(cfg.counters));
const ctexts = [];
counters.forEach((g) => g.querySelectorAll('text').forEach((t) => {
  if (t.textContent.trim() && inside(t.getBoundingClientRect())) ctexts.push(t);
}));
let smallest = null;
ctexts.forEach((t) => {
  const p = px(t);
  if (!smallest || p < smallest.px) smallest = { px: round(p), text: t.textContent, piece: t.closest(cfg.counters).getAttribute('data-piece') };
});
const small = ctexts.filter((t) => px(t) < 9).map((t) => t.closest(cfg.counters).getAttribute('data-piece') + ':' + t.textContent + '@' + round(px(t)));
const names = Array.from(document.querySelectorAll(cfg.names)).filter((t) => t.textContent.trim() && inside(t.getBoundingClientRect()));
let nameMin = null;
names.forEach((t) => { const p = px(t); if (!nameMin || p < nameMin.px) nameMin = { px: round(p), text: t.textContent }; });
const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
const overlaps = [], underText = [], underCounter = [];
const nr = names.map((t) => t.getBoundingClientRect()), cr = ctexts.map((t) => t.getBoundingClientRect());
// A counter's face: its box, less the outline and shadow around it.
const faces = counters.map((g) => { const r = g.getBoundingClientRect(); return { left: r.left + 2, right: r.right - 2, top: r.top + 2, bottom: r.bottom - 2, g: g }; })
  .filter((r) => r.right > r.left);
names.forEach((a, i) => {
  for (let j = i + 1; j < names.length; j++) if (hit(nr[i], nr[j])) overlaps.push(a.textContent + ' / ' + names[j].textContent);
  ctexts.forEach((c, k) => { if (hit(nr[i], cr[k])) underText.push(a.textContent + ' / ' + c.closest(cfg.counters).getAttribute('data-piece') + ':' + c.textContent); });
  faces.forEach((c) => { if (hit(nr[i], c)) underCounter.push(a.textContent + ' / ' + c.g.getAttribute('data-piece')); });
});
// Contrast: the text's fill against the counter's face behind its middle.
const rgb = (c) => { const m = /rgba?\(([^)]+)\)/.exec(c || ''); if (!m) return null; const v = m[1].split(',').map(Number); return { c: v.slice(0, 3), a: v.length > 3 ? v[3] : 1 }; };
const over = (top, a, under) => top.map((v, i) => v * a + under[i] * (1 - a));
const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
const shapes = 'rect,path,circle,ellipse,polygon';
const contrast = [];
const samples = cfg.samples ? Array.from(document.querySelectorAll(cfg.samples)) : [];
counters.concat(samples).forEach((g) => {
  const all = Array.from(g.querySelectorAll(shapes + ',text'));
  all.forEach((t, i) => {
    if (t.tagName !== 'text' || !t.textContent.trim()) return;
    const spans = t.querySelectorAll('tspan').length ? Array.from(t.querySelectorAll('tspan')) : [t];
    spans.forEach((s) => {
      const r = s.getBoundingClientRect();
      if (!r.width) return;
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      let bg = [255, 255, 255], ink = (rgb(getComputedStyle(s).fill) || { c: [0, 0, 0] }).c;
      all.forEach((e, j) => {
        if (e.tagName === 'text' || j === i) return;
        const st = getComputedStyle(e), fill = rgb(st.fill);
        if (!fill || st.display === 'none' || st.visibility === 'hidden') return;
        const er = e.getBoundingClientRect();
        if (!(cx >= er.left && cx <= er.right && cy >= er.top && cy <= er.bottom)) return;
        const a = fill.a * parseFloat(st.fillOpacity) * parseFloat(st.opacity);
        bg = over(fill.c, a, bg);
        if (j > i) ink = over(fill.c, a, ink);
      });
      const p = px(t), bold = /bold|[6-9]00/.test(getComputedStyle(t).fontWeight);
      const need = p >= 24 || (bold && p >= 18.66) ? 3 : 4.5, c = ratio(ink, bg);
      contrast.push({ piece: g.getAttribute('data-piece') || g.getAttribute('class'), text: s.textContent, ratio: round(c * 10) / 10, need: need,
        ink: ink.map(Math.round).join(','), bg: bg.map(Math.round).join(',') });
    });
  });
});
const lowContrast = contrast.filter((c) => c.ratio < c.need);
const minContrast = contrast.reduce((m, c) => (!m || c.ratio < m.ratio ? c : m), null);
return {
  board: { drawnW: round(drawnW), drawnH: round(drawnH), paneW: paneW, maxH: round(maxH), fills: fills, scale: round(svg.getScreenCTM().a) },
  counterTexts: ctexts.length, smallest: smallest, small: small.slice(0, 12), smallCount: small.length,
  names: names.length, nameMin: nameMin, overlaps: overlaps, underText: underText, underCounter: underCounter,
  contrasts: contrast.length, minContrast: minContrast, lowContrast: lowContrast.slice(0, 12), lowCount: lowContrast.length
};
"#;

/// The map key, opened: items without a symbol, and symbols that draw nothing.
const KEY: &str = r#"
const cfg = arguments[0];
document.querySelectorAll('#panel details').forEach((d) => { d.open = true; });
const items = Array.from(document.querySelectorAll(cfg.key_items));
const missing = [], empty = [];
let symbols = 0;
items.forEach((li) => {
  const syms = Array.from(li.querySelectorAll(cfg.key_symbol));
  if (!syms.length) { missing.push(li.textContent.trim().slice(0, 40)); return; }
  syms.forEach((s) => {
    symbols++;
    const r = s.getBoundingClientRect();
    let drawn = r.width > 0 && r.height > 0;
    if (drawn && s.tagName === 'svg') {
      drawn = Array.from(s.querySelectorAll('rect,path,circle,ellipse,polygon,line,text')).some((e) => {
        const b = e.getBoundingClientRect(); return b.width > 0 || b.height > 0;
      });
    }
    if (!drawn) empty.push(li.textContent.trim().slice(0, 40));
  });
});
return { items: items.length, symbols: symbols, missing: missing, empty: empty };
"#;

async fn js(b: &Browser, script: &str, arg: Value) -> Value {
    b.js_with(script, vec![arg]).await
}

fn selectors(g: &Game) -> Value {
    json!({"counters": g.counters, "samples": g.samples, "names": g.names, "key_items": g.key_items, "key_symbol": g.key_symbol})
}

/// Opens the game's seat at the given window size; returns the browser.
async fn open(s: &common::Server, g: &Game, width: u32, height: u32) -> Option<Browser> {
    let b = Browser::open(width, height).await?;
    let c = s.create(g.create.clone()).await;
    let seats = c["seats"].as_object().expect("seats");
    let token = if g.seat.is_empty() { seats.values().next() } else { seats.get(g.seat) };
    let token = token.and_then(Value::as_str).expect("a seat link");
    b.goto(&format!("{}/t/{token}", s.base)).await;
    b.wait("#board svg [data-place]").await;
    b.wait(g.counters).await;
    Some(b)
}

/// Switches the page to `lang` (the #lang button toggles).
async fn set_lang(b: &Browser, lang: &str) {
    let now = js(b, "return document.documentElement.lang;", Value::Null).await;
    if now != Value::from(lang) {
        b.click("#lang").await;
    }
    b.until(&format!("the page in {lang}"), &format!("return document.documentElement.lang === {lang:?};")).await;
    // The board and panel are drawn anew: let them settle.
    b.wait("#board svg [data-place]").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
}

/// Taps the board (as a finger would) on the counter nearest the middle of
/// the map: on a phone the overview zooms in.
async fn tap_middle(b: &Browser, g: &Game) {
    let script = r#"
const svg = document.querySelector('#board svg'), sr = svg.getBoundingClientRect();
const mx = sr.left + sr.width / 2, my = sr.top + sr.height / 2;
let best = null;
document.querySelectorAll(arguments[0]).forEach((e) => {
  const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2, d = Math.hypot(x - mx, y - my);
  if (r.width && (!best || d < best.d)) best = { x: x, y: y, d: d };
});
const p = best || { x: mx, y: my };
const before = svg.getAttribute('viewBox');
svg.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: p.x, clientY: p.y }));
return before;
"#;
    let before = js(b, script, Value::from(g.counters)).await;
    b.until(
        "the board to zoom in",
        &format!("return document.querySelector('#board svg').getAttribute('viewBox') !== {before};"),
    )
    .await;
}

/// What fails of one measurement, as lines (empty: it passes).
fn failures(what: &str, m: &Value, legible: bool) -> Vec<String> {
    let mut out = Vec::new();
    if !m["board"]["fills"].as_bool().unwrap_or(false) {
        out.push(format!("{what}: the board does not fill its pane: {}", m["board"]));
    }
    if legible {
        if m["smallCount"].as_u64().unwrap_or(0) > 0 {
            out.push(format!("{what}: {} counter texts under 9 px: {}", m["smallCount"], m["small"]));
        }
        if m["nameMin"]["px"].as_f64().is_some_and(|p| p < 9.0) {
            out.push(format!("{what}: place names under 9 px: {}", m["nameMin"]));
        }
    }
    if m["overlaps"].as_array().is_some_and(|a| !a.is_empty()) {
        out.push(format!("{what}: place names overlap: {}", m["overlaps"]));
    }
    if m["underText"].as_array().is_some_and(|a| !a.is_empty()) {
        out.push(format!("{what}: place names under counters' text: {}", m["underText"]));
    }
    if m["underCounter"].as_array().is_some_and(|a| !a.is_empty()) {
        out.push(format!("{what}: place names under counters: {}", m["underCounter"]));
    }
    if m["lowCount"].as_u64().unwrap_or(0) > 0 {
        out.push(format!("{what}: {} counter texts below WCAG AA: {}", m["lowCount"], m["lowContrast"]));
    }
    out
}

fn summary(what: &str, m: &Value) -> String {
    format!(
        "{what}: board {}×{} of pane {}×{} (fills {}, scale {} px/unit); {} counter texts, smallest {} px ({}); {} names, smallest {} px; {} overlaps, {} under counter text, {} under counters; min contrast {} ({} on {} '{}'), {} below AA",
        m["board"]["drawnW"],
        m["board"]["drawnH"],
        m["board"]["paneW"],
        m["board"]["maxH"],
        m["board"]["fills"],
        m["board"]["scale"],
        m["counterTexts"],
        m["smallest"]["px"],
        m["smallest"]["text"],
        m["names"],
        m["nameMin"]["px"],
        m["overlaps"].as_array().map_or(0, Vec::len),
        m["underText"].as_array().map_or(0, Vec::len),
        m["underCounter"].as_array().map_or(0, Vec::len),
        m["minContrast"]["ratio"],
        m["minContrast"]["ink"],
        m["minContrast"]["bg"],
        m["minContrast"]["text"],
        m["lowCount"],
    )
}

/// Measures one game at one size in both languages; returns what fails.
async fn measure(s: &common::Server, g: &Game, size: &str, width: u32, height: u32) -> Vec<String> {
    let Some(b) = open(s, g, width, height).await else { return Vec::new() };
    let phone = width < 500;
    let mut fails = Vec::new();
    for lang in ["en", "ru"] {
        set_lang(&b, lang).await;
        // The default zoom: the whole board.
        let what = format!("{} {size} {lang}", g.id);
        let m = js(&b, MEASURE, selectors(g)).await;
        eprintln!("{}", summary(&what, &m));
        fails.extend(failures(&what, &m, !phone));
        b.screenshot(&format!("/tmp/sandtable-legibility-{}-{size}-{lang}.png", g.id)).await;
        if phone {
            // The zoom a phone plays at: after the first tap.
            tap_middle(&b, g).await;
            let what = format!("{} {size} {lang} zoomed", g.id);
            let m = js(&b, MEASURE, selectors(g)).await;
            eprintln!("{}", summary(&what, &m));
            let mut f = failures(&what, &m, true);
            f.retain(|l| !l.contains("does not fill"));
            fails.extend(f);
            b.screenshot(&format!("/tmp/sandtable-legibility-{}-{size}-{lang}-zoomed.png", g.id)).await;
            // Back to the overview (⤢).
            js(
                &b,
                "const c = document.querySelectorAll('#board .zoom-ctl'); c[c.length - 1].dispatchEvent(new MouseEvent('click', {bubbles: true})); return true;",
                Value::Null,
            )
            .await;
        }
        if !phone {
            let k = js(&b, KEY, selectors(g)).await;
            eprintln!("{} {size} {lang} key: {k}", g.id);
            let missing = k["missing"].as_array().map_or(0, Vec::len) + k["empty"].as_array().map_or(0, Vec::len);
            if k["items"].as_u64().unwrap_or(0) == 0 || missing > 0 {
                fails.push(format!("{} {size} {lang}: map-key symbols missing or empty: {k}", g.id));
            }
            // A look at the key, scrolled into view.
            js(
                &b,
                "const k = document.querySelector(arguments[0].key_items); if (k) k.scrollIntoView({block: 'start'}); return true;",
                selectors(g),
            )
            .await;
            b.screenshot(&format!("/tmp/sandtable-legibility-{}-{size}-{lang}-key.png", g.id)).await;
            // Contrast of the key's sample counters too (the key is open now).
            let m = js(&b, MEASURE, selectors(g)).await;
            if m["lowCount"].as_u64().unwrap_or(0) > 0 {
                fails.push(format!(
                    "{} {size} {lang} (key open): {} texts below WCAG AA: {}",
                    g.id, m["lowCount"], m["lowContrast"]
                ));
            }
            js(
                &b,
                "document.querySelectorAll('#panel details').forEach((d) => { d.open = false; }); return true;",
                Value::Null,
            )
            .await;
        }
    }
    b.close().await;
    fails
}

async fn check(game: &str) {
    let s = common::start(&common::databases()[0]).await;
    let g = games().into_iter().find(|g| g.id == game).expect("a game");
    let mut fails = measure(&s, &g, "desktop", 1280, 1000).await;
    fails.extend(measure(&s, &g, "phone", 375, 800).await);
    s.stop();
    assert!(fails.is_empty(), "{} fails:\n{}", game, fails.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn totensonntag_reads_at_a_glance() {
    check("totensonntag").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scs_reads_at_a_glance() {
    check("scs").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colditz_reads_at_a_glance() {
    check("colditz").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nine_years_reads_at_a_glance() {
    check("nine-years").await;
}
