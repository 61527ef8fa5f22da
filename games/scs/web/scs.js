// Standard Combat Series: the map (SVG) and the side panel.
//
// Contract (see web/app.js): Sandtable.games.scs = { draw(svg, ctx), panel(ctx) }.
// The drawing comes from Scs::map_drawing (games/scs/src/drawing.rs): flat-topped hexes of
// size 1 (centre to corner) with their centres, y downwards; terrain per hex, hexside
// features, roads as paths of hex ids, places, victory and exit hexes, the counters as
// printed, the sides, the scenario's turn names and the charts (CRT, terrain effects).
// The view (games/scs/src/view.rs) gives what the viewer may see: its own units whole, of
// the enemy's only the top unit of each stack (fog of war) and every stack's height, the
// force moving, the fight under way, control of the victory hexes and the VP.
//
// Clicks: a counter selects that unit (or, when its hex is where the selected unit may
// go, acts there); a lit hex acts; a click on a stack picks its top unit with orders, and
// a second click walks down the stack. Buttons in the panel (declare, roll, lose…) press
// the shell's own buttons for the same actions (#all-legal), so nothing is sent twice and
// the shell's lists stay whole.
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  Sandtable.games = Sandtable.games || {};
  var B = Sandtable.board;
  var el = B.el, f = B.f, esc = B.esc, named = B.named, tr = B.tr;
  var S3 = Math.sqrt(3);

  // ------------------------------------------------------------ words --
  // [en, ru] pairs.
  var PHASE = {
    "set-up": ["Set-up", "Расстановка"], movement: ["Movement", "Фаза движения"], combat: ["Combat", "Фаза боя"],
    exploitation: ["Exploitation", "Фаза развития"], supply: ["Supply", "Снабжение"], over: ["Game over", "Игра окончена"]
  };
  var PHASES = ["movement", "combat", "exploitation", "supply"];
  var STAGE = {
    forming: ["forming: units join the attack", "формирование: подразделения присоединяются к атаке"],
    declared: ["declared: roll the dice", "объявлена: бросок кубиков"],
    "attacker-losses": ["attacker's losses", "потери атакующего"],
    "defender-losses": ["defender's losses", "потери обороняющегося"],
    "defender-retreat": ["defender's retreat", "отступление обороняющегося"],
    "attacker-retreat": ["attacker's retreat", "отступление атакующего"],
    advance: ["advance after combat", "продвижение после боя"]
  };
  var STAGES = ["forming", "declared", "attacker-losses", "defender-losses", "defender-retreat", "attacker-retreat", "advance"];
  var FIGHT = { attack: ["Attack", "Атака"], overrun: ["Overrun", "Атака с ходу"], barrage: ["Barrage", "Обстрел"] };
  var KIND = {
    armour: ["armour", "танковое"], infantry: ["infantry", "пехота"], "motor-infantry": ["motorised infantry", "мотопехота"],
    recce: ["reconnaissance", "разведка"], artillery: ["artillery", "артиллерия"], "anti-tank": ["anti-tank", "противотанковое"],
    "machine-gun": ["machine-gun", "пулемётное"], engineer: ["engineers", "сапёры"], hq: ["headquarters", "штаб"]
  };
  var SIZE = {
    company: ["company", "рота", "I"], battalion: ["battalion", "батальон", "II"], regiment: ["regiment", "полк", "III"],
    brigade: ["brigade", "бригада", "X"], division: ["division", "дивизия", "XX"]
  };
  var CLASS = { foot: ["foot", "пешие", "Foot", "пеш."], motor: ["motorised", "моторизованные", "Mot.", "мот."], track: ["tracked", "гусеничные", "Track", "гус."] };
  // Sober map colours; every text drawn on them passes WCAG AA (4.5:1) in INK.
  var FILL = {
    open: "#f1e8cf", rough: "#dcc79c", dunes: "#f2dfa6", marsh: "#cfdccb", fort: "#e4d5c0",
    town: "#dcd6cd", airfield: "#e9e6d8", sea: "#bcd5e4"
  };
  var INK = "#3b3226";     // hex numbers, place names
  var SEA_INK = "#1d4560"; // names at sea
  // Counter colours by side id (a scenario's other ids fall back by side index).
  var SIDE_COLOUR = {
    commonwealth: { fill: "#dcb77f", ink: "#1c160d", dark: "#6b4a1a" },
    british: { fill: "#dcb77f", ink: "#1c160d", dark: "#6b4a1a" },
    allies: { fill: "#dcb77f", ink: "#1c160d", dark: "#6b4a1a" },
    italian: { fill: "#a8c08c", ink: "#122010", dark: "#3f5a2a" },
    italy: { fill: "#a8c08c", ink: "#122010", dark: "#3f5a2a" },
    german: { fill: "#9fb0be", ink: "#0e1820", dark: "#34495a" },
    axis: { fill: "#9fb0be", ink: "#0e1820", dark: "#34495a" }
  };
  // Colours a scenario names for its sides ([[side]] colour, SCENARIO.md).
  var PALETTE = {
    khaki: SIDE_COLOUR.commonwealth, olive: SIDE_COLOUR.italian, "field-grey": SIDE_COLOUR.german,
    sand: { fill: "#e8d9a8", ink: "#1c160d", dark: "#7a6520" }
  };
  var SIDE_FALLBACK = [{ fill: "#dcb77f", ink: "#1c160d", dark: "#6b4a1a" }, { fill: "#9fb0be", ink: "#0e1820", dark: "#34495a" }];
  // Highlights of the places the selected unit may reach, by verb.
  var HOT = {
    move: { fill: "#ffe14d", stroke: "#c79100" }, attack: { fill: "#ef5350", stroke: "#b71c1c" },
    overrun: { fill: "#ef5350", stroke: "#b71c1c" }, barrage: { fill: "#ff9800", stroke: "#e65100", dash: "0.18 0.1" },
    retreat: { fill: "#64b5f6", stroke: "#0d47a1" }, advance: { fill: "#81c784", stroke: "#1b5e20" },
    enter: { fill: "#81c784", stroke: "#1b5e20" }, place: { fill: "#81c784", stroke: "#1b5e20" }
  };
  var HOT_ORDER = ["attack", "overrun", "barrage", "retreat", "advance", "enter", "place", "move"];

  function L(lang) { return lang === "ru" ? 1 : 0; }
  function w2(pair, lang) { return pair ? pair[L(lang)] : ""; }
  // Russian plural: 1 шаг, 2 шага, 5 шагов.
  function plural(n, one, few, many) {
    var a = Math.abs(n) % 100, b = a % 10;
    if (a > 10 && a < 20) return many;
    if (b === 1) return one;
    if (b >= 2 && b <= 4) return few;
    return many;
  }
  function steps(n, lang) { return n + " " + (lang === "ru" ? plural(n, "шаг", "шага", "шагов") : n === 1 ? "step" : "steps"); }
  function hexes(n, lang) { return n + " " + (lang === "ru" ? plural(n, "гекс", "гекса", "гексов") : n === 1 ? "hex" : "hexes"); }
  function frac(s) {
    s = String(s);
    var m = { "0.5": "½", "1/2": "½", "0.333": "⅓", "1/3": "⅓", "0.25": "¼", "1/4": "¼", "0.667": "⅔", "2/3": "⅔" };
    return m[s] || s;
  }
  function signed(n) { return n > 0 ? "+" + n : String(n); }

  // A combat result ("A1D2r1", "Dr1", "NE") in words.
  function resultText(r, lang) {
    if (!r) return "";
    if (r === "NE") return tr(lang, "no effect", "без результата");
    var out = [], re = /([AD])(\d*)(?:r(\d+))?/g, m;
    while ((m = re.exec(r))) {
      var who = m[1] === "A" ? tr(lang, "attacker", "атакующий") : tr(lang, "defender", "обороняющийся");
      var parts = [];
      if (m[2] && +m[2] > 0) parts.push(tr(lang, "loses ", "теряет ") + steps(+m[2], lang));
      if (m[3]) parts.push(tr(lang, "retreats ", "отступает на ") + hexes(+m[3], lang));
      if (parts.length) out.push(who + " " + parts.join(tr(lang, " and ", " и ")));
    }
    return out.join("; ") || r;
  }

  // ------------------------------------------------------------ model --
  var cache = { drawing: null };
  function index(drawing) {
    if (cache.drawing === drawing) return cache;
    var ix = cache = { drawing: drawing, hex: {}, unit: {}, place: {}, vp: {}, exit: {}, entry: {}, side: {}, labels: {} };
    drawing.hexes.forEach(function (h) { ix.hex[h.id] = h; });
    drawing.units.forEach(function (u) { ix.unit[u.id] = u; });
    (drawing.places || []).forEach(function (p) { ix.place[p.hex] = p; });
    (drawing.victory || []).forEach(function (v) { ix.vp[v.hex] = v; });
    (drawing.exits || []).forEach(function (e) { e.hexes.forEach(function (h) { ix.exit[h] = e; }); });
    drawing.units.forEach(function (u) {
      if (!u.arrives) return;
      u.arrives.hexes.forEach(function (h) {
        var e = ix.entry[h] = ix.entry[h] || { side: u.side, turns: [] };
        if (e.turns.indexOf(u.arrives.turn) < 0) e.turns.push(u.arrives.turn);
      });
    });
    (drawing.sides || []).forEach(function (s, i) {
      ix.side[s.id] = { index: i, name: s.name, colour: PALETTE[s.colour] || SIDE_COLOUR[s.id] || SIDE_FALLBACK[i % 2] };
    });
    // Terrain, one path per kind; the edges of each column (for labels and exit arrows).
    var by = {};
    ix.colTop = {}; ix.colBottom = {};
    ix.minX = Infinity; ix.maxX = -Infinity;
    drawing.hexes.forEach(function (h) {
      (by[h.terrain] = by[h.terrain] || []).push(B.hexPath(h.x, h.y, 1, "flat"));
      var k = f(h.x);
      if (!(k in ix.colTop) || h.y < ix.colTop[k]) ix.colTop[k] = h.y;
      if (!(k in ix.colBottom) || h.y > ix.colBottom[k]) ix.colBottom[k] = h.y;
      ix.minX = Math.min(ix.minX, h.x); ix.maxX = Math.max(ix.maxX, h.x);
    });
    ix.terrainPaths = {};
    Object.keys(by).forEach(function (k) { ix.terrainPaths[k] = by[k].join(""); });
    ix.terrain = {};
    ((drawing.charts || {}).terrain || []).forEach(function (t) { ix.terrain[t.key] = t; });
    ix.feature = {};
    ((drawing.charts || {}).hexsides || []).forEach(function (t) { ix.feature[t.key] = t; });
    return ix;
  }
  function sideInfo(ix, id) { return ix.side[id] || { index: 0, name: { en: id, ru: id }, colour: SIDE_FALLBACK[0] }; }
  function sideName(ix, id, lang) { return named(sideInfo(ix, id).name, lang) || id; }
  function edgeOf(ix, h) {
    var k = f(h.x);
    return {
      top: Math.abs(h.y - ix.colTop[k]) < 0.01, bottom: Math.abs(h.y - ix.colBottom[k]) < 0.01,
      west: Math.abs(h.x - ix.minX) < 0.01, east: Math.abs(h.x - ix.maxX) < 0.01
    };
  }

  // Units on the map by hex, bottom of the stack first; each stack's height.
  function stacksOf(view) {
    var out = {};
    (view.units || []).forEach(function (u) { if (u.pos === "hex" && u.hex) (out[u.hex] = out[u.hex] || []).push(u); });
    var key = function (u) { return u.top ? -1 : u.depth; };
    Object.keys(out).forEach(function (h) { out[h].sort(function (a, b) { return key(b) - key(a); }); });
    var count = {}, holder = {};
    (view.stacks || []).forEach(function (s) { count[s.hex] = s.count; holder[s.hex] = s.side; });
    return { units: out, count: count, holder: holder };
  }
  function viewUnit(view, id) {
    return (view.units || []).filter(function (u) { return u.id === id; })[0] || null;
  }
  function unitName(ix, id, lang) { var s = ix.unit[id]; return s ? named(s.name, lang) : id; }

  // ---------------------------------------------------------- geometry --
  function corners(x, y, r) {
    var out = [];
    for (var k = 0; k < 6; k++) out.push({ x: x + r * Math.cos(k * Math.PI / 3), y: y + r * Math.sin(k * Math.PI / 3) });
    return out;
  }
  // The edge two adjacent hexes share: the two corners of a nearest to b's centre.
  function sharedEdge(a, b) {
    var c = corners(a.x, a.y, 1).map(function (p) { return { p: p, d: Math.hypot(p.x - b.x, p.y - b.y) }; });
    c.sort(function (u, v) { return u.d - v.d; });
    return [c[0].p, c[1].p];
  }
  var STRIP = 1.2, MARGIN = 0.9, TRAY = 4.2, CS = 1.3; // CS: counter side (a hex is 2 × 1.73)
  // The smallest print on a counter is PRINT × its side, so the board reads (9 px) from
  // LEGIBLE px per unit: the default zoom on a wide screen and the tap's zoom on a phone
  // (B.zoomable).
  var PRINT = 0.19, LEGIBLE = Math.ceil(9 / (PRINT * CS) * 10) / 10;
  var CONDENSED = "DejaVu Sans Condensed, Arial Narrow, Roboto Condensed, DejaVu Sans, sans-serif";
  var BOTTOM = 1.2; // below the map: exit arrows and the names of places on its lower edge
  function box(drawing) {
    return { x: -MARGIN, y: -STRIP, w: drawing.width + 2 * MARGIN + TRAY, h: drawing.height + BOTTOM + STRIP };
  }

  // Place names: one line where it fits (under the counter, on the hex's lower edge), edge
  // hexes' names outside the map, none overlapping another; computed once per drawing.
  function textWidth(s, fs) { return String(s).length * 0.6 * fs; }
  function shortName(s) {
    var i = s.indexOf(" (");
    return i > 0 ? s.slice(0, i) : s;
  }
  function layoutLabels(ix, lang, occupied) {
    var key = lang + " " + occupied.map(function (o) { return o.hex + ":" + o.n; }).join(" ");
    if (ix.labels[key]) return ix.labels[key];
    var d = ix.drawing, placed = [], out = [];
    // Counters as they stand now (a stack's lower ones peek out up and right).
    occupied.forEach(function (o) {
      var h = ix.hex[o.hex];
      if (h) placed.push({ x0: h.x - CS / 2 - 0.08, y0: h.y - CS / 2 - (o.n - 1) * 0.1 - 0.08, w: CS + (o.n - 1) * 0.1 + 0.2, h: CS + (o.n - 1) * 0.1 + 0.2 });
    });
    var boxes = function (c) { return { x0: c.x - (c.anchor === "start" ? 0 : c.anchor === "end" ? c.w : c.w / 2), y0: c.y - c.fs * 0.85, w: c.w, h: c.fs * (1.15 * (c.lines.length - 1) + 1.05) }; };
    var hit = function (a, b) { return a.x0 < b.x0 + b.w && b.x0 < a.x0 + a.w && a.y0 < b.y0 + b.h && b.y0 < a.y0 + a.h; };
    // Victory and entry markers are obstacles too.
    Object.keys(ix.vp).forEach(function (id) { var h = ix.hex[id]; if (h) placed.push({ x0: h.x - 1, y0: h.y - 0.25, w: 0.4, h: 0.5 }); });
    Object.keys(ix.entry).forEach(function (id) { var h = ix.hex[id]; if (h) placed.push({ x0: h.x - 0.95, y0: h.y + 0.62, w: 0.75, h: 0.26 }); });
    exitLayout(ix, lang).forEach(function (x) {
      if (x.label) placed.push(x.label.box);
      x.arrows.forEach(function (a) { placed.push({ x0: a.ox - 0.32, y0: a.oy - 0.32, w: 0.64, h: 0.64 }); });
    });
    (d.places || []).forEach(function (p) {
      var h = ix.hex[p.hex];
      if (!h) return;
      var full = named(p.name, lang), text = shortName(full), sea = h.terrain === "sea";
      var fs = sea ? 0.44 : 0.38, lines = [text];
      if (!sea && textWidth(text, fs) > 5.6) {
        // Two lines at most, then an ellipsis (the full name is in the tooltip).
        var ws = B.wrap(text, 5.4, fs / 0.55 * 0.6);
        lines = ws.slice(0, 2);
        if (ws.length > 2) lines[1] = lines[1].replace(/.?$/, "…");
      }
      var w = Math.max.apply(null, lines.map(function (s) { return textWidth(s, fs); }));
      var e = edgeOf(ix, h), cands = [];
      if (sea) cands.push({ x: h.x, y: h.y + 0.15, anchor: "middle" });
      // Beyond the top or bottom edge: one line, centred or running off to either side.
      var one = textWidth(text, fs) <= 9 ? [text] : lines, ow = textWidth(one[0], fs);
      (one.length > 1 ? [d.height + 0.42] : [d.height + 0.42, d.height + 0.88]).forEach(function (y) {
        [["middle", 0], ["end", 0.9], ["start", -0.9]].forEach(function (a) {
          if (e.bottom) cands.push({ x: h.x + a[1], y: y, anchor: a[0], lines: one, w: ow });
        });
      });
      [["middle", 0], ["end", 0.9], ["start", -0.9]].forEach(function (a) {
        if (e.top) cands.push({ x: h.x + a[1], y: -0.16 - (one.length - 1) * fs * 1.15, anchor: a[0], lines: one, w: ow });
      });
      if (e.east) cands.push({ x: h.x + 0.95, y: h.y + 0.93, anchor: "end" });
      if (e.west) cands.push({ x: h.x - 0.95, y: h.y + 0.93, anchor: "start" });
      cands.push({ x: h.x, y: h.y + 0.93, anchor: "middle" });
      cands.push({ x: h.x - 0.9, y: h.y + 0.93, anchor: "start" });
      cands.push({ x: h.x + 0.9, y: h.y + 0.93, anchor: "end" });
      cands.push({ x: h.x, y: h.y - 0.98 - (lines.length - 1) * fs * 1.15, anchor: "middle" });
      var best = null;
      cands.forEach(function (c) {
        if (best) return;
        c.fs = fs; c.lines = c.lines || lines; c.w = c.w || w;
        var bb = boxes(c);
        if (bb.x0 < -MARGIN + 0.05 || bb.x0 + bb.w > d.width + MARGIN - 0.05) return;
        if (placed.some(function (q) { return hit(q, bb); })) return;
        best = c;
      });
      // Nowhere clear: left to the hex's tooltip.
      if (!best) return;
      // Keep it inside the map's box.
      var bb = boxes(best);
      if (bb.x0 < -MARGIN + 0.05) best.x += -MARGIN + 0.05 - bb.x0;
      if (bb.x0 + bb.w > d.width + MARGIN - 0.05) best.x -= bb.x0 + bb.w - d.width - MARGIN + 0.05;
      placed.push(boxes(best));
      best.hex = p.hex; best.full = full; best.sea = sea;
      out.push(best);
    });
    ix.labels[key] = out;
    return out;
  }

  // ---------------------------------------------------------- counters --
  // NATO-style symbol in a frame w × h centred on (x, y).
  function symbol(g, kind, x, y, w, h, ink) {
    var x0 = x - w / 2, y0 = y - h / 2, sw = f(w * 0.075);
    var a = { fill: "none", stroke: ink, "stroke-width": sw, "stroke-linecap": "round", "stroke-linejoin": "round" };
    var path = function (d) { el("path", Object.assign({ d: d }, a), g); };
    el("rect", { x: f(x0), y: f(y0), width: f(w), height: f(h), fill: "none", stroke: ink, "stroke-width": sw }, g);
    var cross = "M" + f(x0) + " " + f(y0) + "L" + f(x0 + w) + " " + f(y0 + h) + "M" + f(x0 + w) + " " + f(y0) + "L" + f(x0) + " " + f(y0 + h);
    var oval = function () { el("ellipse", Object.assign({ cx: f(x), cy: f(y), rx: f(w * 0.32), ry: f(h * 0.27) }, a), g); };
    switch (kind) {
      case "armour": oval(); break;
      case "infantry": path(cross); break;
      case "motor-infantry": path(cross); oval(); break;
      case "recce": path("M" + f(x0) + " " + f(y0 + h) + "L" + f(x0 + w) + " " + f(y0)); break;
      case "artillery": el("circle", { cx: f(x), cy: f(y), r: f(h * 0.17), fill: ink }, g); break;
      case "anti-tank": path("M" + f(x0) + " " + f(y0 + h) + "L" + f(x) + " " + f(y0) + "L" + f(x0 + w) + " " + f(y0 + h)); break;
      case "machine-gun":
        // An arrow up with a crossbar: the machine-gun sign of many wargames.
        path("M" + f(x) + " " + f(y0 + h * 0.85) + "V" + f(y0 + h * 0.15) + "M" + f(x - w * 0.12) + " " + f(y0 + h * 0.38) + "L" + f(x) + " " +
          f(y0 + h * 0.15) + "L" + f(x + w * 0.12) + " " + f(y0 + h * 0.38) + "M" + f(x - w * 0.14) + " " + f(y0 + h * 0.62) + "H" + f(x + w * 0.14));
        break;
      case "engineer":
        path("M" + f(x - w * 0.3) + " " + f(y + h * 0.2) + "V" + f(y - h * 0.18) + "H" + f(x + w * 0.3) + "V" + f(y + h * 0.2) +
          "M" + f(x) + " " + f(y - h * 0.18) + "V" + f(y + h * 0.2));
        break;
      case "hq":
        // The staff below the frame's left side.
        path("M" + f(x0) + " " + f(y0 + h) + "V" + f(y0 + h * 1.45));
        el("text", { x: f(x), y: f(y + h * 0.22), "font-size": f(h * 0.55), "font-weight": "bold", "text-anchor": "middle", fill: ink,
          "pointer-events": "none" }, g, "HQ");
        break;
    }
  }
  // Size marks above the frame: I, II, III (bars), X, XX.
  function sizeMark(g, size, x, y, s, ink) {
    var m = SIZE[size] ? SIZE[size][2] : "";
    if (!m) return;
    var sw = f(s * 0.035), hh = s * 0.085, out = "";
    var bars = m === "I" ? 1 : m === "II" ? 2 : m === "III" ? 3 : 0, xs = m === "X" ? 1 : m === "XX" ? 2 : 0;
    var gap = s * 0.06;
    for (var i = 0; i < bars; i++) {
      var bx = x + (i - (bars - 1) / 2) * gap;
      out += "M" + f(bx) + " " + f(y - hh) + "V" + f(y);
    }
    for (var j = 0; j < xs; j++) {
      var cx = x + (j - (xs - 1) / 2) * s * 0.11, r = hh * 0.55;
      out += "M" + f(cx - r) + " " + f(y - hh) + "L" + f(cx + r) + " " + f(y) + "M" + f(cx + r) + " " + f(y - hh) + "L" + f(cx - r) + " " + f(y);
    }
    el("path", { d: out, stroke: ink, "stroke-width": sw, fill: "none", "stroke-linecap": "round" }, g);
  }

  // Text at most `max` wide: squeezed when its estimated width is more.
  function fitText(parent, attrs, text, max, em) {
    var t = el("text", attrs, parent, text);
    if (String(text).length * em * +attrs["font-size"] > max) {
      t.setAttribute("textLength", f(max));
      t.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    return t;
  }

  // One counter centred on (x, y), side s. spec: the printed unit (drawing); u: the unit
  // as the view shows it (null: as printed, full). o: {edge, edgeWidth, dash, can, dim,
  // mp, badge, attrs, title}.
  function counter(parent, ix, spec, u, x, y, s, o, lang) {
    var col = sideInfo(ix, spec.side).colour, ink = col.ink;
    var lost = u ? u.lost : 0, reduced = lost > 0;
    var face = u ? [u.attack, u.defence, u.movement] : reduced ? spec.reduced : spec.full;
    var x0 = x - s / 2, y0 = y - s / 2;
    var g = el("g", o.attrs || {}, parent);
    if (o.title) el("title", null, g, o.title);
    if (o.can && !o.selected) {
      el("rect", { x: f(x0 - 0.09), y: f(y0 - 0.09), width: f(s + 0.18), height: f(s + 0.18), rx: 0.12, fill: "none",
        stroke: "#ffd600", "stroke-width": 0.1, "class": "scs-can" }, g);
    }
    el("rect", { x: f(x0 + 0.05), y: f(y0 + 0.07), width: f(s), height: f(s), rx: 0.08, fill: "#000", opacity: 0.3 }, g);
    el("rect", { x: f(x0), y: f(y0), width: f(s), height: f(s), rx: 0.08, fill: col.fill,
      stroke: o.edge || "#222", "stroke-width": o.edgeWidth || 0.04, "stroke-dasharray": o.dash || null }, g);
    var T = function (attrs, text) {
      attrs.fill = attrs.fill || ink; attrs["pointer-events"] = "none";
      return el("text", attrs, g, text);
    };
    // Washed out (moved, or arriving later): the face paler under the print, which keeps its contrast.
    if (o.dim) el("rect", { x: f(x0), y: f(y0), width: f(s), height: f(s), rx: 0.08, fill: "#fff", opacity: 0.5, "pointer-events": "none", "class": "scs-veil" }, g);
    // Reduced side: the top band dark, the id and steps on it in white.
    var top = y0 + s * 0.2, P = s * PRINT;
    if (reduced) {
      el("path", { d: "M" + f(x0 + 0.02) + " " + f(y0 + s * 0.235) + "V" + f(y0 + 0.08) + "q0 -0.06 0.06 -0.06H" + f(x0 + s - 0.08) +
        "q0.06 0 0.06 0.06V" + f(y0 + s * 0.235) + "z", fill: col.dark }, g);
    }
    // Id (top left) and steps (pips, top right: filled left, hollow lost).
    // Id across the top; the steps (pips) under it on the right.
    fitText(g, { x: f(x0 + s * 0.05), y: f(top), "font-size": f(P), fill: reduced ? "#fff" : ink, "pointer-events": "none",
      "font-weight": "bold", "font-family": CONDENSED }, spec.id, s * 0.9, 0.56);
    if (spec.steps > 1) {
      for (var i = 0; i < spec.steps; i++) {
        var left = i < spec.steps - lost, px = x0 + s * 0.92 - (spec.steps - 1 - i) * s * 0.085;
        el("circle", { cx: f(px), cy: f(y0 + s * 0.29), r: f(s * 0.03), fill: left ? ink : "none",
          stroke: ink, "stroke-width": f(s * 0.014) }, g);
      }
    }
    // Size mark, symbol.
    var sy = y0 + s * 0.47, sw = s * 0.44, sh = s * 0.24;
    sizeMark(g, spec.size, x, sy - sh / 2 - s * 0.025, s, ink);
    symbol(g, spec.kind, x, sy, sw, sh, ink);
    // Barrage value (boxed, left) and range (right).
    if (spec.barrage) {
      var bx = x0 + s * 0.12;
      el("rect", { x: f(bx - s * 0.09), y: f(sy - s * 0.12), width: f(s * 0.18), height: f(s * 0.22), fill: "none", stroke: ink,
        "stroke-width": f(s * 0.018) }, g);
      T({ x: f(bx), y: f(sy + s * 0.065), "font-size": f(P), "text-anchor": "middle", "font-weight": "bold", "font-family": CONDENSED }, String(spec.barrage[0]));
      T({ x: f(x0 + s * 0.88), y: f(sy + s * 0.065), "font-size": f(P), "text-anchor": "middle", "font-family": CONDENSED }, String(spec.barrage[1]));
    }
    // Exploit-capable: a small bar under the symbol (SCS counters mark it with a stripe).
    if (spec.exploit) {
      el("rect", { x: f(x - sw / 2), y: f(sy + sh / 2 + s * 0.025), width: f(sw), height: f(s * 0.03), fill: ink }, g);
    }
    // Attack-defence-movement.
    var vt = fitText(g, { x: f(x), y: f(y0 + s * 0.96), "font-size": f(s * 0.37), "text-anchor": "middle", "font-weight": "bold",
      fill: ink, "pointer-events": "none", "font-family": "DejaVu Sans Condensed, Arial Narrow, Roboto Condensed, DejaVu Sans, sans-serif" },
      face.join("-"), s * 0.95, 0.55);
    if (face[0] === 0) vt.setAttribute("font-style", "italic");
    // Markers hanging off the left side: OOS, DG.
    var tags = [];
    if (u && u.oos) tags.push([tr(lang, "OOS", "БС"), "#c62828", "#fff"]);
    if (u && u.dg) tags.push(["DG", "#4a148c", "#fff"]);
    tags.forEach(function (t, k) {
      var ty = y0 + s * 0.3 + k * s * 0.3;
      el("rect", { x: f(x0 - s * 0.22), y: f(ty - s * 0.13), width: f(s * 0.46), height: f(s * 0.26), rx: 0.04, fill: t[1],
        stroke: "#fff", "stroke-width": 0.025 }, g);
      el("text", { x: f(x0 + s * 0.01), y: f(ty + s * 0.07), "font-size": f(P), "text-anchor": "middle", "font-weight": "bold",
        fill: t[2], "pointer-events": "none" }, g, t[0]);
    });
    // MP left: a pill on the top-right corner.
    if (o.mp != null) {
      var mw = Math.max(s * 0.36, String(o.mp).length * s * 0.13 + s * 0.12);
      el("rect", { x: f(x0 + s - mw + s * 0.12), y: f(y0 - s * 0.25), width: f(mw), height: f(s * 0.26), rx: f(s * 0.13),
        fill: "#0d47a1", stroke: "#fff", "stroke-width": 0.03 }, g);
      el("text", { x: f(x0 + s - mw / 2 + s * 0.12), y: f(y0 - s * 0.045), "font-size": f(s * 0.19), "text-anchor": "middle",
        "font-weight": "bold", fill: "#fff", "pointer-events": "none" }, g, String(o.mp));
    }
    return g;
  }

  // A counter of a stack the viewer cannot see (fog of war): its back, in the side's colour.
  function hiddenCounter(parent, ix, side, x, y, s, title) {
    var col = sideInfo(ix, side).colour;
    var g = el("g", { "class": "scs-hidden" }, parent);
    el("title", null, g, title);
    el("rect", { x: f(x - s / 2 + 0.05), y: f(y - s / 2 + 0.07), width: f(s), height: f(s), rx: 0.08, fill: "#000", opacity: 0.3 }, g);
    el("rect", { x: f(x - s / 2), y: f(y - s / 2), width: f(s), height: f(s), rx: 0.08, fill: col.fill, stroke: "#222", "stroke-width": 0.04 }, g);
    el("rect", { x: f(x - s / 2 + s * 0.1), y: f(y - s / 2 + s * 0.1), width: f(s * 0.8), height: f(s * 0.8), rx: 0.05, fill: "none",
      stroke: col.dark, "stroke-width": 0.03, "stroke-dasharray": "0.08 0.06" }, g);
    return g;
  }

  function unitTitle(ix, spec, u, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var face = u ? [u.attack, u.defence, u.movement] : spec.full;
    var parts = [spec.id + " — " + named(spec.name, lang),
      w2(KIND[spec.kind], lang) + ", " + w2(SIZE[spec.size], lang) + " · " + sideName(ix, spec.side, lang),
      T("attack-defence-movement ", "атака-защита-ДД ") + face.join("-") +
        (spec.steps > 1 ? " · " + T("steps ", "шаги ") + (spec.steps - (u ? u.lost : 0)) + "/" + spec.steps : "")];
    if (spec.barrage) parts.push(T("barrage ", "обстрел ") + spec.barrage[0] + T(", range ", ", дальность ") + spec.barrage[1]);
    if (face[0] === 0) parts.push(T("no ZOC (attack 0)", "нет ЗК (атака 0)"));
    if (spec.exploit) parts.push(T("exploit-capable", "может действовать в фазе развития"));
    if (u && u.oos) parts.push(T("out of supply", "без снабжения"));
    if (u && u.dg) parts.push(T("DG (disorganised)", "DG (дезорганизовано)"));
    if (u && u.mp_left != null) parts.push(T("MP left ", "ОД осталось ") + u.mp_left);
    return parts.join("\n");
  }

  // ------------------------------------------------------------- draw --
  function draw(svg, ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.hexes) return;
    var ix = index(drawing);
    var pieces = ctx.pieces || new Set(), places = ctx.places || new Set();
    var legal = (ctx.table && ctx.table.legal) || [];
    var sel = ctx.selected;
    var bx = box(drawing);
    svg.setAttribute("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");

    var defs = el("defs", null, svg);
    el("style", null, defs,
      ".scs-place{cursor:pointer}.scs-piece{cursor:pointer}.scs-hot{animation:scspulse 1.3s ease-in-out infinite}" +
      "@keyframes scspulse{0%,100%{opacity:.95}50%{opacity:.45}}.zoom-ctl{cursor:pointer}.zoom-ctl:hover rect{fill:#fff}" +
      "@media (prefers-reduced-motion: reduce){.scs-hot{animation:none}}");
    patterns(defs);

    // Paper.
    el("rect", { x: f(bx.x), y: f(bx.y), width: f(bx.w), height: f(bx.h), fill: "#f7f3ea" }, svg);

    // Terrain: a fill per kind, a texture over it, symbols per hex.
    var gt = el("g", { "class": "scs-terrain", "pointer-events": "none" }, svg);
    Object.keys(ix.terrainPaths).forEach(function (k) {
      el("path", { d: ix.terrainPaths[k], fill: FILL[k] || "#e6e1d6" }, gt);
      if (PATTERN[k]) el("path", { d: ix.terrainPaths[k], fill: "url(#scs-pat-" + k + ")" }, gt);
    });
    el("path", { d: drawing.hexes.map(function (h) { return B.hexPath(h.x, h.y, 1, "flat"); }).join(""), fill: "none",
      stroke: "#a3967a", "stroke-width": 0.025 }, gt);
    drawing.hexes.forEach(function (h) { terrainSymbol(gt, h); });

    // Roads and tracks through the hex centres.
    var gr = el("g", { "class": "scs-roads", "pointer-events": "none" }, svg);
    (drawing.roads || []).forEach(function (r) {
      var d = r.hexes.map(function (id, i) { var h = ix.hex[id]; return h ? (i ? "L" : "M") + f(h.x) + " " + f(h.y) : ""; }).join("");
      if (r.type === "road") {
        el("path", { d: d, fill: "none", stroke: "#fbf6ea", "stroke-width": 0.3, "stroke-linejoin": "round", "stroke-linecap": "round" }, gr);
        el("path", { d: d, fill: "none", stroke: "#8e3b22", "stroke-width": 0.16, "stroke-linejoin": "round", "stroke-linecap": "round" }, gr);
      } else {
        el("path", { d: d, fill: "none", stroke: "#5e4524", "stroke-width": 0.09, "stroke-dasharray": "0.28 0.16",
          "stroke-linejoin": "round" }, gr);
      }
    });

    // Hexside features on the shared edge.
    var gs = el("g", { "class": "scs-hexsides", "pointer-events": "none" }, svg);
    (drawing.hexsides || []).forEach(function (s) {
      var a = ix.hex[s.a], b = ix.hex[s.b];
      if (!a || !b) return;
      var e = sharedEdge(a, b), d = "M" + f(e[0].x) + " " + f(e[0].y) + "L" + f(e[1].x) + " " + f(e[1].y);
      if (s.feature === "escarpment") {
        // A thick line with hachures across it.
        // A thick line with dense hachures across it (the drawing does not say which side is high).
        var dx = e[1].x - e[0].x, dy = e[1].y - e[0].y, n = { x: -dy * 0.17, y: dx * 0.17 }, hd = "";
        for (var k = 1; k <= 8; k++) {
          var px = e[0].x + dx * k / 9, py = e[0].y + dy * k / 9;
          hd += "M" + f(px - n.x) + " " + f(py - n.y) + "L" + f(px + n.x) + " " + f(py + n.y);
        }
        el("path", { d: hd, stroke: "#6d4019", "stroke-width": 0.045 }, gs);
        el("path", { d: d, stroke: "#5b3413", "stroke-width": 0.15, "stroke-linecap": "round" }, gs);
      } else if (s.feature === "wadi") {
        el("path", { d: d, stroke: "#e8eef0", "stroke-width": 0.2, "stroke-linecap": "round" }, gs);
        el("path", { d: d, stroke: "#557a8c", "stroke-width": 0.12, "stroke-linecap": "round" }, gs);
      } else if (s.feature === "wire") {
        el("path", { d: d, stroke: "#1f1f1f", "stroke-width": 0.08, "stroke-dasharray": "0.14 0.09" }, gs);
      } else {
        el("path", { d: d, stroke: "#6a1b9a", "stroke-width": 0.1 }, gs);
      }
    });

    // Hex numbers (xx.yy, at the top of each hex, as printed).
    var gn = el("g", { "class": "scs-numbers", "pointer-events": "none" }, svg);
    drawing.hexes.forEach(function (h) {
      el("text", { x: f(h.x), y: f(h.y - 0.64), "font-size": 0.24, "text-anchor": "middle", fill: h.terrain === "sea" ? SEA_INK : INK }, gn, h.id);
    });

    // Victory hexes: a ring in the holder's colour and the VP; exits; entry hexes.
    var control = {};
    (view.control || []).forEach(function (c) { control[c[0]] = c[1]; });
    var gm = el("g", { "class": "scs-marks", "pointer-events": "none" }, svg);
    Object.keys(ix.vp).forEach(function (id) {
      var h = ix.hex[id], v = ix.vp[id];
      if (!h) return;
      var holder = control[id], col = holder ? sideInfo(ix, holder).colour : { fill: "#fff", dark: "#555" };
      el("path", { d: B.hexPath(h.x, h.y, 0.9, "flat"), fill: "none", stroke: col.dark, "stroke-width": 0.09, "stroke-dasharray": "0.22 0.1" }, gm);
      el("circle", { cx: f(h.x - 0.78), cy: f(h.y), r: 0.21, fill: col.fill, stroke: col.dark, "stroke-width": 0.05 }, gm);
      el("text", { x: f(h.x - 0.78), y: f(h.y + 0.08), "font-size": 0.22, "font-weight": "bold", "text-anchor": "middle", fill: "#111" }, gm, String(v.vp));
    });
    drawExits(gm, ix, lang);
    Object.keys(ix.entry).forEach(function (id) {
      var h = ix.hex[id], e = ix.entry[id];
      if (!h) return;
      var col = sideInfo(ix, e.side).colour, text = e.turns.sort(function (a, b) { return a - b; }).join(",");
      // Under the counter, on the left of the hex's lower edge: "▸" and the turns.
      var w = 0.3 + text.length * 0.12, ex = h.x - 0.42 - w / 2, ey = h.y + 0.64;
      el("rect", { x: f(ex), y: f(ey), width: f(w), height: 0.22, rx: 0.05, fill: col.fill, stroke: col.dark, "stroke-width": 0.035 }, gm);
      el("text", { x: f(ex + w / 2), y: f(ey + 0.17), "font-size": 0.18, "text-anchor": "middle", "font-weight": "bold", fill: col.ink }, gm, "▸" + text);
    });

    // Place names (under the counters).
    var gl = el("g", { "class": "scs-names", "pointer-events": "none" }, svg);
    var occ = stacksOf(view), occupied = Object.keys(occ.count).concat(Object.keys(occ.units).filter(function (h) { return !(h in occ.count); }))
      .sort().map(function (h) { return { hex: h, n: Math.max(occ.count[h] || 0, (occ.units[h] || []).length) }; });
    layoutLabels(ix, lang, occupied).forEach(function (l) {
      var t = el("text", { x: f(l.x), y: f(l.y), "font-size": l.fs, "text-anchor": l.anchor, fill: l.sea ? SEA_INK : "#1f1a12",
        "font-style": l.sea ? "italic" : null, "font-weight": l.sea ? null : "bold", stroke: l.sea ? FILL.sea : "#f7f1e1",
        "stroke-width": 0.07, "paint-order": "stroke", "stroke-linejoin": "round" }, gl);
      l.lines.forEach(function (line, k) { el("tspan", { x: f(l.x), dy: k ? f(l.fs * 1.15) : null }, t, line); });
    });

    // What each lit place does for the selected unit (or with nothing selected).
    var byPlace = {};
    legal.forEach(function (a) {
      if (a.place && (sel ? a.piece === sel : !a.piece)) (byPlace[a.place] = byPlace[a.place] || []).push(a.action.split(" ")[0]);
    });
    var hotKind = function (id) {
      var verbs = byPlace[id] || [];
      for (var i = 0; i < HOT_ORDER.length; i++) if (verbs.indexOf(HOT_ORDER[i]) >= 0) return HOT_ORDER[i];
      return "move";
    };
    var st = stacksOf(view);
    var fight = view.fight;

    // The fight's target hex, under the counters.
    var gf = el("g", { "class": "scs-fight", "pointer-events": "none" }, svg);
    if (fight && ix.hex[fight.target]) {
      var th = ix.hex[fight.target];
      el("path", { d: B.hexPath(th.x, th.y, 0.97, "flat"), fill: "#e53935", "fill-opacity": 0.3 }, gf);
    }

    // Clickable hexes, with the lit ones.
    var gh = el("g", { "class": "scs-places" }, svg);
    drawing.hexes.forEach(function (h) {
      var hot = places.has(h.id);
      var g = el("g", { "data-place": h.id, "class": "scs-place" }, gh);
      el("title", null, g, hexTitle(ix, h, control, lang));
      el("path", { d: B.hexPath(h.x, h.y, 0.99, "flat"), fill: "#fff", "fill-opacity": 0 }, g);
      if (hot) {
        var k = HOT[hotKind(h.id)];
        el("path", { d: B.hexPath(h.x, h.y, 0.88, "flat"), fill: k.fill, "fill-opacity": 0.5, "class": "scs-hot" }, g);
      }
      g.addEventListener("click", function (e) {
        if (places.has(h.id) && ctx.onPlace) { e.stopPropagation(); ctx.onPlace(h.id); return; }
        var pick = B.nextInStack((st.units[h.id] || []).map(function (u) { return u.id; }), pieces, sel);
        if (pick && ctx.onPiece) { e.stopPropagation(); ctx.onPiece(pick); }
      });
    });

    // Stacks: the top unit on the hex, those under it peeking out up and right; the
    // hidden ones (fog of war) as backs at the bottom; a badge with the height.
    var force = view.force || [], attackers = fight ? fight.attackers : [], retreating = {};
    // Units whose move is over are washed out while their side moves (not after).
    var moving = view.phase === "movement" || view.phase === "exploitation";
    (fight ? fight.retreating : []).forEach(function (r) { retreating[r[0]] = r[1]; });
    var gp = el("g", { "class": "scs-pieces" }, svg);
    var STEP = 0.1;
    var hexIds = Object.keys(st.count).concat(Object.keys(st.units).filter(function (h) { return !(h in st.count); }));
    hexIds.forEach(function (hexId) {
      var h = ix.hex[hexId];
      if (!h) return;
      var list = st.units[hexId] || [], count = Math.max(st.count[hexId] || 0, list.length);
      var hidden = count - list.length, side = st.holder[hexId] || (list[0] && list[0].side);
      var n = count, i = 0;
      var at = function (k) { var depth = n - 1 - k; return { x: h.x + depth * STEP, y: h.y - depth * STEP }; };
      for (; i < hidden; i++) {
        var p = at(i);
        hiddenCounter(gp, ix, side, p.x, p.y, CS, tr(lang, "a unit you cannot see (fog of war)", "невидимое подразделение (туман войны)"));
      }
      list.forEach(function (u) {
        var spec = ix.unit[u.id];
        if (!spec) return;
        var p = at(i++);
        var o = {
          attrs: { "data-piece": u.id, "class": "scs-piece" }, title: unitTitle(ix, spec, u, lang),
          can: pieces.has(u.id), selected: u.id === sel, dim: moving && u.done && u.id !== sel
        };
        if (u.id === sel) { o.edge = "#ff6f00"; o.edgeWidth = 0.16; }
        else if (u.id in retreating) { o.edge = "#0d47a1"; o.edgeWidth = 0.14; o.dash = "0.16 0.08"; }
        else if (attackers.indexOf(u.id) >= 0) { o.edge = "#d84315"; o.edgeWidth = 0.14; }
        else if (force.indexOf(u.id) >= 0) { o.edge = "#00838f"; o.edgeWidth = 0.13; }
        if (u.mp_left != null && !u.done && (force.indexOf(u.id) >= 0 || u.id === sel || u.mp_left !== String(u.movement))) o.mp = u.mp_left;
        var g = counter(gp, ix, spec, u, p.x, p.y, CS, o, lang);
        g.addEventListener("click", function (e) {
          e.stopPropagation();
          if (places.has(hexId) && ctx.onPlace && sel && sel !== u.id) { ctx.onPlace(hexId); return; }
          // The shell takes any of my units: one with orders (a stack order alone
          // included) is selected, an idle one says which rule holds it.
          if (ctx.onPiece && ctx.onPiece(u.id)) return;
          if (places.has(hexId) && ctx.onPlace) { ctx.onPlace(hexId); return; }
          var pick = B.nextInStack(list.map(function (x) { return x.id; }), pieces, sel);
          if (pick && ctx.onPiece) ctx.onPiece(pick);
        });
      });
      if (count > 1) {
        // In the hex's right corner, clear of the values.
        var col = sideInfo(ix, side).colour, bxx = h.x + CS / 2 + 0.21, byy = h.y + 0.12;
        var badge = el("g", { "pointer-events": "none", "class": "scs-badge" }, gp);
        el("circle", { cx: f(bxx), cy: f(byy), r: 0.2, fill: "#212121", stroke: col.fill, "stroke-width": 0.05 }, badge);
        el("text", { x: f(bxx), y: f(byy + 0.085), "font-size": 0.25, "font-weight": "bold", "text-anchor": "middle",
          fill: "#fff" }, badge, String(count));
      }
    });

    // Over the counters: the rims of lit hexes, the target's outline, the attack arrows.
    var gtop = el("g", { "class": "scs-over", "pointer-events": "none" }, svg);
    places.forEach(function (id) {
      var h = ix.hex[id];
      if (!h) return;
      var k = HOT[hotKind(id)];
      el("path", { d: B.hexPath(h.x, h.y, 0.9, "flat"), fill: "none", stroke: k.stroke, "stroke-width": 0.11,
        "stroke-dasharray": k.dash || null, "class": "scs-hot" }, gtop);
    });
    if (fight && ix.hex[fight.target]) {
      var t = ix.hex[fight.target];
      el("path", { d: B.hexPath(t.x, t.y, 0.95, "flat"), fill: "none", stroke: "#b71c1c", "stroke-width": 0.16 }, gtop);
      var from = {};
      attackers.forEach(function (id) { var u = viewUnit(view, id); if (u && u.hex && u.hex !== fight.target) from[u.hex] = true; });
      Object.keys(from).forEach(function (id) {
        var a = ix.hex[id];
        if (!a) return;
        var dx = t.x - a.x, dy = t.y - a.y, dist = Math.hypot(dx, dy), ux = dx / dist, uy = dy / dist;
        if (dist > 2.2) {
          // A barrage from afar would not be a fight here; an overrun's stack is adjacent.
          return;
        }
        var s0 = { x: a.x + ux * (dist / 2 - 0.38), y: a.y + uy * (dist / 2 - 0.38) }, s1 = { x: a.x + ux * (dist / 2 + 0.38), y: a.y + uy * (dist / 2 + 0.38) };
        var nx = -uy * 0.2, ny = ux * 0.2;
        el("path", { d: "M" + f(s0.x) + " " + f(s0.y) + "L" + f(s1.x - ux * 0.2) + " " + f(s1.y - uy * 0.2), stroke: "#b71c1c", "stroke-width": 0.14 }, gtop);
        el("path", { d: "M" + f(s1.x) + " " + f(s1.y) + "L" + f(s1.x - ux * 0.32 + nx) + " " + f(s1.y - uy * 0.32 + ny) + "L" +
          f(s1.x - ux * 0.32 - nx) + " " + f(s1.y - uy * 0.32 - ny) + "z", fill: "#b71c1c", stroke: "#fff", "stroke-width": 0.03 }, gtop);
      });
      if (fight.odds) {
        // The odds on the target, once declared.
        var label = fight.column + (fight.result ? " · " + fight.roll + " → " + fight.result : "");
        var lw = textWidth(label, 0.3) + 0.3;
        el("rect", { x: f(t.x - lw / 2), y: f(t.y + 0.64), width: f(lw), height: 0.42, rx: 0.08, fill: "#b71c1c", stroke: "#fff", "stroke-width": 0.04 }, gtop);
        el("text", { x: f(t.x), y: f(t.y + 0.95), "font-size": 0.3, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, gtop, label);
      }
    }

    tray(svg, ctx, ix, view, lang);
    B.zoomable(svg, bx, STRIP, "scs", { legible: LEGIBLE, focus: focusOf(ix, view, pieces) });
  }

  // Where the board opens when it cannot be read whole: the middle of the units that
  // have orders, else of all the stacks on the map.
  function focusOf(ix, view, pieces) {
    var on = (view.units || []).filter(function (u) { return u.pos === "hex" && ix.hex[u.hex]; });
    var mine = on.filter(function (u) { return pieces.has(u.id); });
    var hexesOn = (mine.length ? mine.map(function (u) { return u.hex; }) : on.map(function (u) { return u.hex; })
      .concat((view.stacks || []).map(function (s) { return s.hex; }))).filter(function (h) { return ix.hex[h]; });
    var pts = hexesOn.map(function (h) { return ix.hex[h]; });
    // Units to set up or to bring in (in the tray, off the map's right edge) count at the tray's top.
    if ((view.units || []).some(function (u) { return u.pos === "off" && pieces.has(u.id); })) {
      pts = (mine.length ? pts : []).concat([{ x: ix.drawing.width + MARGIN + TRAY / 2, y: 2 }]);
    }
    if (!pts.length) return null;
    var xs = pts.map(function (p) { return p.x; }), ys = pts.map(function (p) { return p.y; });
    return { x: (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2, y: (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2 };
  }

  // Exit hexes: an arrow off the map's edge in the side's colour, and one label per group.
  // Exit hexes: where each arrow goes off the map's edge, and one label per group beside
  // the arrows (on the side away from the map), with its box for the place names' layout.
  function exitLayout(ix, lang) {
    return (ix.drawing.exits || []).map(function (e) {
      var arrows = [];
      e.hexes.forEach(function (id) {
        var h = ix.hex[id];
        if (!h) return;
        var ed = edgeOf(ix, h), dir = ed.bottom ? [0, 1] : ed.top ? [0, -1] : ed.east ? [1, 0] : ed.west ? [-1, 0] : [0, 1];
        arrows.push({ h: h, dir: dir, ox: h.x + dir[0] * 1.02, oy: h.y + dir[1] * (S3 / 2 + 0.05) });
      });
      if (!arrows.length) return { e: e, arrows: arrows };
      var dir = arrows[0].dir, fs = 0.3;
      var text = tr(lang, "Exit: ", "Выход: ") + sideName(ix, e.side, lang) + ", " + e.vp + tr(lang, " VP/step", " ПО/шаг");
      var w = textWidth(text, fs), label;
      var xs = arrows.map(function (a) { return a.ox; }), ys = arrows.map(function (a) { return a.oy; });
      if (dir[1]) {
        // Along the top or bottom edge: after the last arrow, at the arrows' height.
        var x = Math.max.apply(null, xs) + 0.4, y = ys.reduce(function (a, b) { return a + b; }, 0) / ys.length + dir[1] * 0.3 + 0.1;
        label = { x: x, y: y, anchor: "start", box: { x0: x, y0: y - fs, w: w, h: fs * 1.2 } };
      } else {
        var lx = arrows[0].ox + dir[0] * 0.5, ly = Math.min.apply(null, ys) - 0.5;
        label = { x: lx, y: ly, anchor: dir[0] > 0 ? "start" : "end", box: { x0: dir[0] > 0 ? lx : lx - w, y0: ly - fs, w: w, h: fs * 1.2 } };
      }
      label.text = text; label.fs = fs;
      return { e: e, arrows: arrows, label: label };
    });
  }
  function drawExits(g, ix, lang) {
    exitLayout(ix, lang).forEach(function (x) {
      var col = sideInfo(ix, x.e.side).colour;
      x.arrows.forEach(function (a) {
        var dir = a.dir, nx = dir[1], ny = -dir[0];
        el("path", { d: B.hexPath(a.h.x, a.h.y, 0.92, "flat"), fill: "none", stroke: col.dark, "stroke-width": 0.07 }, g);
        el("path", { d: "M" + f(a.ox + nx * 0.3) + " " + f(a.oy + ny * 0.3) + "L" + f(a.ox - nx * 0.3) + " " + f(a.oy - ny * 0.3) + "L" +
          f(a.ox + dir[0] * 0.4) + " " + f(a.oy + dir[1] * 0.4) + "z", fill: col.fill, stroke: col.dark, "stroke-width": 0.05 }, g);
      });
      if (!x.label) return;
      el("text", { x: f(x.label.x), y: f(x.label.y), "font-size": x.label.fs, "font-weight": "bold", "text-anchor": x.label.anchor,
        fill: "#1f1a12", stroke: "#f7f3ea", "stroke-width": 0.06, "paint-order": "stroke" }, g, x.label.text);
    });
  }

  function hexTitle(ix, h, control, lang) {
    var t = ix.terrain[h.terrain], out = [h.id + " · " + (t ? named(t.name, lang) : h.terrain)];
    var p = ix.place[h.id];
    if (p) out.push(named(p.name, lang));
    var v = ix.vp[h.id];
    if (v) out.push(tr(lang, "Victory hex: ", "Гекс ПО: ") + v.vp + tr(lang, " VP", " ПО") + (v.name ? " — " + named(v.name, lang) : "") +
      (control[h.id] ? " (" + sideName(ix, control[h.id], lang) + ")" : ""));
    var e = ix.exit[h.id];
    if (e) out.push(tr(lang, "Exit hex: ", "Гекс выхода: ") + sideName(ix, e.side, lang) + ", " + e.vp + tr(lang, " VP per step", " ПО за шаг"));
    var en = ix.entry[h.id];
    if (en) out.push(tr(lang, "Entry hex: ", "Гекс входа: ") + sideName(ix, en.side, lang) + tr(lang, ", turn ", ", ход ") + en.turns.join(", "));
    return out.join("\n");
  }

  // Terrain textures (patterns in map units) and symbols per hex.
  var PATTERN = { rough: 1, dunes: 1, marsh: 1, sea: 1 };
  function patterns(defs) {
    var pat = function (id, w, h) {
      return el("pattern", { id: "scs-pat-" + id, width: w, height: h, patternUnits: "userSpaceOnUse" }, defs);
    };
    var p = pat("rough", 0.62, 0.54);
    el("path", { d: "M0.1 0.12h0.01M0.42 0.38h0.01M0.25 0.45h0.01", stroke: "#7b5a2c", "stroke-width": 0.07, "stroke-linecap": "round" }, p);
    p = pat("dunes", 0.9, 0.6);
    el("path", { d: "M0.08 0.42q0.22 -0.24 0.44 0M0.5 0.14q0.16 -0.16 0.32 0", fill: "none", stroke: "#b48a3c", "stroke-width": 0.035 }, p);
    p = pat("marsh", 0.8, 0.5);
    el("path", { d: "M0.1 0.3h0.42M0.22 0.3v-0.13M0.31 0.3v-0.17M0.4 0.3v-0.13", fill: "none", stroke: "#3f6f5e", "stroke-width": 0.03 }, p);
    p = pat("sea", 1.2, 0.55);
    el("path", { d: "M0.05 0.3q0.15 -0.1 0.3 0t0.3 0", fill: "none", stroke: "#7ea6bf", "stroke-width": 0.03 }, p);
  }
  function terrainSymbol(g, h) {
    var x = h.x, y = h.y;
    switch (h.terrain) {
      case "town":
        el("path", { d: "M" + f(x - 0.62) + " " + f(y + 0.2) + "h0.2v0.2h-0.2zM" + f(x - 0.35) + " " + f(y + 0.32) + "h0.16v0.16h-0.16zM" +
          f(x + 0.38) + " " + f(y - 0.48) + "h0.2v0.18h-0.2zM" + f(x + 0.46) + " " + f(y + 0.25) + "h0.16v0.2h-0.16zM" +
          f(x - 0.5) + " " + f(y - 0.42) + "h0.16v0.16h-0.16z", fill: "#4e4337" }, g);
        break;
      case "fort":
        // A perimeter: a thick inner outline with teeth.
        el("path", { d: B.hexPath(x, y, 0.8, "flat"), fill: "none", stroke: "#5b3413", "stroke-width": 0.07 }, g);
        el("path", { d: B.hexPath(x, y, 0.72, "flat"), fill: "none", stroke: "#5b3413", "stroke-width": 0.1, "stroke-dasharray": "0.06 0.12" }, g);
        break;
      case "airfield":
        el("path", { d: "M" + f(x - 0.7) + " " + f(y + 0.2) + "L" + f(x + 0.7) + " " + f(y - 0.2) + "M" + f(x - 0.25) + " " + f(y - 0.62) +
          "L" + f(x + 0.3) + " " + f(y + 0.6), stroke: "#8a877c", "stroke-width": 0.16, "stroke-linecap": "square" }, g);
        break;
    }
  }

  // Units off the map: those to place in the set-up, and the reinforcements by turn.
  function tray(svg, ctx, ix, view, lang) {
    var d = ix.drawing, x0 = d.width + MARGIN + 0.2, w = TRAY - 0.4;
    var g = el("g", { "class": "scs-tray" }, svg);
    el("rect", { x: f(x0), y: 0, width: f(w), height: f(d.height), rx: 0.15, fill: "#ece6d8", stroke: "#b8ad95", "stroke-width": 0.04 }, g);
    var off = (view.units || []).filter(function (u) { return u.pos === "off"; });
    var groups = [], setup = off.filter(function (u) { return u.arrives == null; });
    if (setup.length) groups.push({ title: tr(lang, "To set up", "К расстановке"), units: setup });
    var turns = {};
    off.forEach(function (u) { if (u.arrives != null) (turns[u.arrives] = turns[u.arrives] || []).push(u); });
    var names = (d.scenario || {}).turn_names || [];
    Object.keys(turns).map(Number).sort(function (a, b) { return a - b; }).forEach(function (t) {
      groups.push({ title: tr(lang, "Turn ", "Ход ") + t + (names[t - 1] ? " · " + named(names[t - 1], lang) : ""), units: turns[t], later: t > view.turn });
    });
    var y = 0.55;
    el("text", { x: f(x0 + w / 2), y: f(y), "font-size": 0.36, "font-weight": "bold", "text-anchor": "middle", fill: INK }, g,
      tr(lang, "Off the map", "Вне карты"));
    y += 0.25;
    if (!groups.length) {
      el("text", { x: f(x0 + w / 2), y: f(y + 0.45), "font-size": 0.28, "text-anchor": "middle", fill: "#5a5042" }, g, tr(lang, "none", "нет"));
    }
    var pieces = ctx.pieces || new Set(), sel = ctx.selected, gap = CS + 0.32, cols = Math.max(1, Math.floor((w - 0.2) / gap));
    // Shrink the counters when they would not fit.
    var rows = groups.reduce(function (s, gr) { return s + 0.7 + Math.ceil(gr.units.length / cols) * gap; }, 0);
    var k = Math.min(1, (d.height - 1) / (rows || 1)), s = CS * k;
    gap = gap * k;
    groups.forEach(function (gr) {
      y += 0.55;
      fitText(g, { x: f(x0 + 0.15), y: f(y), "font-size": 0.28, "font-weight": "bold", fill: gr.later ? "#5a5042" : INK }, gr.title, w - 0.3, 0.56);
      y += 0.15;
      gr.units.forEach(function (u, i) {
        var spec = ix.unit[u.id];
        if (!spec) return;
        var cx = x0 + 0.15 + gap / 2 + (i % cols) * gap, cy = y + gap / 2 + Math.floor(i / cols) * gap;
        var o = { attrs: { "data-piece": u.id, "class": "scs-piece" }, title: unitTitle(ix, spec, u, lang), can: pieces.has(u.id),
          selected: u.id === sel, dim: gr.later };
        if (u.id === sel) { o.edge = "#ff6f00"; o.edgeWidth = 0.16; }
        var c = counter(g, ix, spec, u, cx, cy, s, o, lang);
        c.addEventListener("click", function (e) {
          e.stopPropagation();
          if (pieces.has(u.id) && ctx.onPiece) ctx.onPiece(u.id);
        });
      });
      y += Math.ceil(gr.units.length / cols) * gap;
    });
  }

  // ------------------------------------------------------------ panel --
  // Buttons in the panel press the shell's button for the same action.
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest && e.target.closest("#panel [data-scs-act]");
    if (!b) return;
    var act = b.getAttribute("data-scs-act"), q = '[data-action="' + act.replace(/["\\]/g, "\\$&") + '"]';
    var target = document.querySelector("#legal button" + q) || document.querySelector("#all-legal button" + q) ||
      document.querySelector("#choices button" + q);
    if (target) { b.disabled = true; target.click(); }
  });

  function actButton(action, label, primary) {
    return '<button type="button" class="scs-act' + (primary ? " primary" : "") + '" data-scs-act="' + esc(action) + '">' + esc(label) + "</button> ";
  }

  var CSS = "<style>" +
    ".scs-panel{font-size:14px;line-height:1.4;overflow-wrap:break-word}.scs-panel h2{font-size:16px;margin:0 0 .3em}" +
    ".scs-panel h3{font-size:15px;margin:.8em 0 .3em}.scs-muted{color:#5f5646}" +
    ".scs-turns{display:flex;flex-wrap:wrap;gap:3px;margin:.3em 0}" +
    ".scs-turn{flex:1 1 4.6em;border:1px solid #a89c84;border-radius:4px;padding:1px 4px;font-size:12px;background:#fbf8f1;color:#2e2619;text-align:center}" +
    ".scs-turn b{display:block;font-size:13px}.scs-turn.scs-now{background:#2e3b4e;border-color:#2e3b4e;color:#fff}" +
    ".scs-turn.scs-past{background:#e7e2d8;color:#5f5646}" +
    ".scs-phases{display:flex;flex-wrap:wrap;gap:3px;margin:.3em 0}.scs-ph{border:1px solid #a89c84;border-radius:4px;padding:1px 6px;font-size:13px;background:#fbf8f1;color:#2e2619}" +
    ".scs-ph.scs-now{background:#8e3b22;border-color:#8e3b22;color:#fff;font-weight:bold}.scs-ph.scs-past{background:#e7e2d8;color:#5f5646}" +
    ".scs-ph.scs-auto{font-style:italic}" +
    ".scs-box{border:2px solid #b71c1c;border-radius:6px;padding:6px 8px;margin:.5em 0;background:#fff7f5}" +
    ".scs-box h3{margin-top:0;color:#8b1111}.scs-odds{font-size:15px}.scs-odds b{font-size:17px}" +
    ".scs-stages{display:flex;flex-wrap:wrap;gap:2px;margin:.3em 0}.scs-stage{font-size:11px;border:1px solid #c9b9b0;border-radius:3px;padding:0 4px;color:#5f5646}" +
    ".scs-stage.scs-now{background:#b71c1c;color:#fff;border-color:#b71c1c}" +
    ".scs-tbl{border-collapse:collapse;font-size:12px;margin:.3em 0;width:100%}.scs-tbl th,.scs-tbl td{border:1px solid #cfc5b0;padding:1px 3px;text-align:center}" +
    ".scs-crt td,.scs-crt th{font-size:11px;padding:1px 2px;white-space:nowrap}.scs-tec td.scs-l{min-width:7em}" +
    ".scs-tbl th{background:#ece6d8}.scs-tbl td.scs-l,.scs-tbl th.scs-l{text-align:left}" +
    ".scs-tbl .scs-col{background:#fde3dc}.scs-tbl .scs-hit{background:#b71c1c;color:#fff;font-weight:bold}" +
    ".scs-wrap{overflow-x:auto}.scs-list{margin:.2em 0;padding-left:1.2em}.scs-list li{margin:.1em 0}" +
    ".scs-sw{display:inline-block;width:1.1em;height:1em;margin-right:.4em;vertical-align:middle;border:1px solid #8d7b55}" +
    ".scs-chip{display:inline-block;width:.9em;height:.9em;border:1px solid #333;border-radius:2px;vertical-align:middle;margin-right:.3em}" +
    ".scs-vp{font-size:15px}.scs-act{margin:2px 4px 2px 0}.scs-panel details{margin:.4em 0}.scs-panel summary{cursor:pointer;font-weight:bold}" +
    ".scs-key li{list-style:none;margin:.15em 0}.scs-key{padding-left:.2em}.scs-line{display:inline-block;width:1.8em;vertical-align:middle;margin-right:.4em}" +
    "</style>";

  function panel(ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.hexes || !view.units) return "";
    var ix = index(drawing), T = function (en, ru) { return tr(lang, en, ru); };
    var legal = ((ctx.table && ctx.table.legal) || []).map(function (a) { return a.action; });
    var can = function (a) { return legal.indexOf(a) >= 0; };
    var sc = drawing.scenario || {}, names = sc.turn_names || [];
    var h = [CSS, '<div class="scs-panel">'];
    h.push('<div class="scs-muted" id="scs-scenario">' + esc(named(sc.name, lang)) + (sc.authored ? " " + esc(T("(authored)", "(авторский)")) : "") + "</div>");

    // Turn track with the turns' names.
    h.push("<h2>" + esc(T("Game turn ", "Игровой ход ")) + view.turn + "/" + view.turns + " · " + esc(named(view.turn_name, lang)) + "</h2>");
    var turns = [];
    for (var t = 1; t <= (view.turns || sc.turns || 0); t++) {
      var cls = t === view.turn ? " scs-now" : t < view.turn ? " scs-past" : "";
      turns.push('<span class="scs-turn' + cls + '"><b>' + t + "</b>" + esc(names[t - 1] ? named(names[t - 1], lang) : "") + "</span>");
    }
    h.push('<div class="scs-turns" id="scs-turns">' + turns.join("") + "</div>");

    // Phase, with the phasing side.
    var player = sideName(ix, view.player, lang);
    h.push('<div id="scs-phase">');
    if (view.phase === "set-up") {
      h.push("<b>" + esc(T("Set-up: ", "Расстановка: ")) + esc(player) + "</b> " +
        '<span class="scs-muted">' + esc(T("places the units given “within N” (set-up note 1)", "расставляет подразделения «в пределах N» (прим. 1 к расстановке)")) + "</span>");
    } else if (view.phase === "over") {
      h.push("<b>" + esc(w2(PHASE.over, lang)) + "</b>");
    } else {
      h.push("<div><b>" + esc(T("Player turn: ", "Ход игрока: ")) + esc(player) + "</b>" + (view.me === view.player ? " (" + esc(T("you", "вы")) + ")" : "") + "</div>");
      var at = PHASES.indexOf(view.phase);
      h.push('<div class="scs-phases">' + PHASES.map(function (p, i) {
        var c = i === at ? " scs-now" : i < at ? " scs-past" : "";
        return '<span class="scs-ph' + c + (p === "supply" ? " scs-auto" : "") + '"' +
          (p === "supply" ? ' title="' + esc(T("automatic, at the end of the Exploitation Phase (12.0)", "автоматически, в конце фазы развития (12.0)")) + '"' : "") +
          ">" + esc(w2(PHASE[p], lang)) + "</span>";
      }).join("") + "</div>");
    }
    if (view.overstack) {
      h.push('<div class="scs-box"><b>' + esc(T("Stacking check (4.0a): ", "Проверка группирования (4.0a): ")) + esc(sideName(ix, view.overstack, lang)) + "</b> " +
        esc(T("eliminates units from hexes over the limit of ", "уничтожает подразделения в гексах сверх лимита ")) + (sc.stacking || "?") +
        esc(T(" stacking points.", " очков группирования.")) + "</div>");
    }
    h.push("</div>");
    h.push('<div class="scs-muted">' + esc(view.me ? T("You play: ", "Вы играете за: ") + sideName(ix, view.me, lang) : T("Spectator", "Зритель")) + "</div>");

    // The latest dice.
    var rolls = lastRolls(ctx.log || (ctx.table && ctx.table.log), lang);
    if (rolls) h.push('<div id="scs-dice">' + rolls + "</div>");

    // The fight under way.
    if (view.fight) h.push(fightBox(ix, view, lang, can, legal));

    // The force moving.
    if ((view.force || []).length) {
      h.push('<h3 id="scs-force">' + esc(T("Moving stack", "Движущаяся группировка")) + "</h3><ul class=\"scs-list\">" + view.force.map(function (id) {
        var u = viewUnit(view, id);
        return "<li><b>" + esc(id) + "</b> " + esc(unitName(ix, id, lang)) + (u && u.mp_left != null ? " — " + esc(T("MP left ", "ОД осталось ")) + "<b>" + esc(u.mp_left) + "</b>" : "") + "</li>";
      }).join("") + "</ul>");
    }

    // The selected unit.
    var sel = ctx.selected && ix.unit[ctx.selected];
    if (sel) h.push(unitBox(ix, sel, viewUnit(view, sel.id), lang));

    // Victory points.
    h.push("<h3>" + esc(T("Victory points", "Победные очки (ПО)")) + '</h3><div class="scs-vp" id="scs-vp">' + (drawing.sides || []).map(function (s, i) {
      return '<span class="scs-chip" style="background:' + sideInfo(ix, s.id).colour.fill + '"></span>' + esc(named(s.name, lang)) + " <b>" + ((view.vp || [])[i] || 0) + "</b>";
    }).join(" &nbsp; ") + "</div>");
    var control = {};
    (view.control || []).forEach(function (c) { control[c[0]] = c[1]; });
    if ((drawing.victory || []).length) {
      h.push('<ul class="scs-list">' + drawing.victory.map(function (v) {
        var p = ix.place[v.hex];
        return "<li>" + esc(v.hex) + " " + esc(v.name ? named(v.name, lang) : p ? shortName(named(p.name, lang)) : "") + ": " + v.vp + esc(T(" VP", " ПО")) +
          " — " + esc(control[v.hex] ? sideName(ix, control[v.hex], lang) : "?") + "</li>";
      }).join("") + "</ul>");
    }
    (drawing.exits || []).forEach(function (e) {
      h.push('<div class="scs-muted">' + esc(T("Exit for ", "Выход для ")) + esc(sideName(ix, e.side, lang)) + ": " + esc(e.hexes.join(" ")) + " — " + e.vp +
        esc(T(" VP per step", " ПО за шаг")) + "</div>");
    });

    // Reinforcements to come.
    var coming = view.units.filter(function (u) { return u.pos === "off" && u.arrives != null; });
    if (coming.length) {
      var byTurn = {};
      coming.forEach(function (u) { (byTurn[u.arrives] = byTurn[u.arrives] || []).push(u); });
      h.push('<h3 id="scs-coming">' + esc(T("Reinforcements (5.0)", "Подкрепления (5.0)")) + '</h3><ul class="scs-list">' +
        Object.keys(byTurn).map(Number).sort(function (a, b) { return a - b; }).map(function (t) {
          return "<li><b>" + esc(T("Turn ", "Ход ")) + t + (names[t - 1] ? " (" + esc(named(names[t - 1], lang)) + ")" : "") + "</b>: " +
            byTurn[t].map(function (u) {
              var spec = ix.unit[u.id] || {};
              return esc(u.id) + ' <span class="scs-muted">' + esc((spec.full || []).join("-")) + "</span>" +
                (spec.arrives ? ' <span class="scs-muted">→ ' + esc(spec.arrives.hexes.join(" ")) + "</span>" : "");
            }).join(", ") + "</li>";
        }).join("") + "</ul>");
    }
    // Eliminated and exited units, by side.
    [["eliminated", "Eliminated", "Уничтожены"], ["exited", "Left the map", "Вышли с карты"]].forEach(function (k) {
      var list = view.units.filter(function (u) { return u.pos === k[0]; });
      if (!list.length) return;
      h.push('<h3 id="scs-' + k[0] + '">' + esc(T(k[1], k[2])) + '</h3><ul class="scs-list">' + (drawing.sides || []).map(function (s) {
        var mine = list.filter(function (u) { return u.side === s.id; });
        if (!mine.length) return "";
        return "<li>" + '<span class="scs-chip" style="background:' + sideInfo(ix, s.id).colour.fill + '"></span>' + esc(named(s.name, lang)) + ": " +
          mine.map(function (u) { return '<span title="' + esc(unitName(ix, u.id, lang)) + '">' + esc(u.id) + "</span>"; }).join(", ") + "</li>";
      }).join("") + "</ul>");
    });

    // The charts.
    h.push(crtTable(drawing, view, lang));
    h.push(tecTable(drawing, lang));
    h.push(legend(ix, drawing, lang));
    if (sc.scale) h.push('<p class="scs-muted">' + esc(named(sc.scale, lang)) + "</p>");
    if (sc.authored) {
      h.push('<p class="scs-muted">' + esc(T("Authored scenario and charts, not a published game's",
        "Сценарий и таблицы — авторские, не из изданной игры")) + " (<code>data/AUTHORED.md</code>, <code>data/CHARTS.md</code>).</p>");
    }
    h.push("</div>");
    return h.join("");
  }

  function fightBox(ix, view, lang, can, legal) {
    var fight = view.fight, T = function (en, ru) { return tr(lang, en, ru); };
    var h = ['<div class="scs-box" id="scs-fight"><h3>' + esc(w2(FIGHT[fight.kind], lang)) + " → " + esc(fight.target)];
    var p = ix.place[fight.target];
    if (p) h.push(' <span class="scs-muted">' + esc(shortName(named(p.name, lang))) + "</span>");
    h.push("</h3>");
    var at = STAGES.indexOf(fight.stage);
    h.push('<div class="scs-stages">' + STAGES.filter(function (s) { return fight.kind === "attack" || s !== "forming"; }).map(function (s) {
      return '<span class="scs-stage' + (STAGES.indexOf(s) === at ? " scs-now" : "") + '">' + esc(w2(STAGE[s], lang).split(":")[0]) + "</span>";
    }).join("") + "</div>");
    var unitLine = function (id) {
      var u = viewUnit(view, id), spec = ix.unit[id];
      var vals = u ? u.attack + "-" + u.defence + "-" + u.movement : spec ? spec.full.join("-") : "";
      return "<b>" + esc(id) + "</b> " + '<span class="scs-muted">' + esc(vals) + (u && u.pos !== "hex" ? " (" + esc(u.pos === "eliminated" ? T("eliminated", "уничтожено") : u.pos) + ")" : "") + "</span>";
    };
    h.push("<div>" + esc(T("Attackers: ", "Атакующие: ")) + fight.attackers.map(unitLine).join(", ") + "</div>");
    if (fight.defenders.length) h.push("<div>" + esc(T("Defenders: ", "Обороняющиеся: ")) + fight.defenders.map(unitLine).join(", ") + "</div>");
    else if (fight.stage === "forming") h.push('<div class="scs-muted">' + esc(T("Defenders are shown when the attack is declared (fog of war).",
      "Обороняющиеся открываются при объявлении атаки (туман войны).")) + "</div>");
    if (fight.odds) {
      h.push('<div class="scs-odds" id="scs-odds">' + esc(T("Strengths ", "Силы ")) + "<b>" + esc(fight.attack) + " : " + esc(fight.defence) + "</b> → " +
        esc(T("odds ", "соотношение ")) + "<b>" + esc(fight.odds) + "</b>" +
        (fight.shift ? " · " + esc(T("shift ", "сдвиг ")) + "<b>" + esc(signed(fight.shift)) + "</b>" : " · " + esc(T("no shift", "без сдвига"))) +
        " → " + esc(T("column ", "колонка ")) + "<b>" + esc(fight.column) + "</b></div>");
      // The column of the CRT, with the roll once made.
      var col = ((ix.drawing.charts || {}).crt || []).filter(function (c) { return c.odds === fight.column; })[0];
      if (col) {
        // Rolls 2–7 and 8–12, each over its result.
        var half = function (from, to) {
          var cells = col.results.slice(from - 2, to - 1);
          return '<tr><th class="scs-l">2d6</th>' + cells.map(function (_, i) {
            return "<th" + (fight.roll === from + i ? ' class="scs-hit"' : "") + ">" + (from + i) + "</th>";
          }).join("") + '</tr><tr><th class="scs-l">' + esc(fight.column) + "</th>" + cells.map(function (r, i) {
            return "<td" + (fight.roll === from + i ? ' class="scs-hit"' : "") + ' title="' + esc(resultText(r, lang)) + '">' + esc(r) + "</td>";
          }).join("") + "</tr>";
        };
        h.push('<div class="scs-wrap"><table class="scs-tbl" id="scs-column">' + half(2, 7) + half(8, 12) + "</table></div>");
      }
    }
    if (fight.result) {
      h.push('<div id="scs-result">' + esc(T("Roll ", "Бросок ")) + "<b>" + fight.roll + "</b> → <b>" + esc(fight.result) + "</b>: " + esc(resultText(fight.result, lang)) + "</div>");
    }
    // What is asked now.
    var acts = [];
    if (fight.stage === "forming") {
      h.push('<div class="scs-muted">' + esc(T("Select more adjacent units and click the target to add them; then declare.",
        "Выберите другие соседние подразделения и щёлкните цель, чтобы добавить их; затем объявите атаку.")) + "</div>");
      if (can("declare")) acts.push(actButton("declare", T("Declare the attack", "Объявить атаку"), true));
      if (can("cancel")) acts.push(actButton("cancel", T("Cancel", "Отменить"), false));
    }
    if (fight.stage === "declared" && can("roll")) acts.push(actButton("roll", T("Roll 2d6", "Бросить 2к6"), true));
    if (fight.stage === "declared" && !can("roll")) h.push('<div class="scs-muted">' + esc(T("Waiting for the roll.", "Ожидается бросок.")) + "</div>");
    if ((fight.stage === "attacker-losses" || fight.stage === "defender-losses") && fight.owed) {
      h.push("<div><b>" + esc(T("Steps still owed: ", "Осталось потерять: ")) + esc(steps(fight.owed, lang)) + "</b></div>");
      legal.filter(function (a) { return /^lose /.test(a); }).forEach(function (a) {
        var id = a.slice(5);
        acts.push(actButton(a, T("Step loss: ", "Потеря шага: ") + id, false));
      });
    }
    if (fight.retreating.length) {
      h.push("<div>" + esc(T("Retreating: ", "Отступают: ")) + fight.retreating.map(function (r) {
        return "<b>" + esc(r[0]) + "</b> (" + esc(T("hexes left ", "осталось ")) + esc(hexes(r[1], lang)) + ")";
      }).join(", ") + '</div><div class="scs-muted">' + esc(T("Select a retreating unit, then a lit hex (blue).", "Выберите отступающее подразделение, затем подсвеченный гекс (синий).")) + "</div>");
    }
    if (fight.stage === "advance") {
      legal.filter(function (a) { return /^advance /.test(a); }).forEach(function (a) {
        acts.push(actButton(a, T("Advance: ", "Продвижение: ") + a.slice(8), false));
      });
      if (can("end")) acts.push(actButton("end", T("No (more) advance", "Без (дальнейшего) продвижения"), false));
    }
    if (acts.length) h.push('<div id="scs-fight-acts">' + acts.join("") + "</div>");
    h.push("</div>");
    return h.join("");
  }

  function unitBox(ix, spec, u, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var cls = CLASS[spec["class"]] ? w2(CLASS[spec["class"]], lang) : spec["class"];
    var out = ['<h3 id="scs-selected">' + esc(spec.id) + " — " + esc(named(spec.name, lang)) + "</h3><div>" +
      esc(w2(KIND[spec.kind], lang) + ", " + w2(SIZE[spec.size], lang) + " · " + sideName(ix, spec.side, lang) + " · " + T("class ", "класс ") + cls) + "</div>"];
    out.push("<div>" + esc(T("Full: ", "Полная сторона: ")) + "<b>" + spec.full.join("-") + "</b>" +
      (spec.steps > 1 ? " · " + esc(T("reduced: ", "ослабленная: ")) + "<b>" + spec.reduced.join("-") + "</b>" : "") +
      ' <span class="scs-muted">' + esc(T("(attack-defence-movement)", "(атака-защита-ДД)")) + "</span></div>");
    var bits = [];
    if (u) {
      bits.push(T("steps ", "шаги ") + (spec.steps - u.lost) + "/" + spec.steps);
      if (u.hex) bits.push(T("in ", "в ") + u.hex);
      if (u.mp_left != null) bits.push(T("MP left ", "ОД осталось ") + u.mp_left);
      if (u.done) bits.push(T("has moved", "уже двигалось"));
      if (u.oos) bits.push(T("out of supply", "без снабжения"));
      if (u.dg) bits.push(T("DG", "DG (дезорганизовано)"));
    }
    if (spec.barrage) bits.push(T("barrage ", "обстрел ") + spec.barrage[0] + T(", range ", ", дальность ") + spec.barrage[1]);
    if (spec.full[0] === 0) bits.push(T("no ZOC", "нет ЗК"));
    if (spec.exploit) bits.push(T("exploit-capable", "действует в фазе развития"));
    if (spec.arrives) bits.push(T("arrives turn ", "прибывает на ходу ") + spec.arrives.turn + " (" + spec.arrives.hexes.join(" ") + ")");
    out.push("<div>" + esc(bits.join(" · ")) + "</div>");
    return out.join("");
  }

  function crtTable(drawing, view, lang) {
    var crt = (drawing.charts || {}).crt || [], fight = view.fight;
    if (!crt.length) return "";
    var T = function (en, ru) { return tr(lang, en, ru); };
    var h = ['<details id="scs-crt"' + (fight && fight.odds ? " open" : "") + "><summary>" + esc(T("Combat Results Table (CRT)", "Таблица результатов боя (ТРБ)")) +
      '</summary><div class="scs-wrap"><table class="scs-tbl scs-crt"><tr><th class="scs-l">2d6</th>'];
    crt.forEach(function (c) { h.push("<th" + (fight && fight.column === c.odds ? ' class="scs-col"' : "") + ">" + esc(c.odds) + "</th>"); });
    h.push("</tr>");
    for (var r = 0; r < 11; r++) {
      h.push('<tr><th class="scs-l">' + (r + 2) + "</th>");
      crt.forEach(function (c) {
        var on = fight && fight.column === c.odds, hit = on && fight.roll === r + 2;
        h.push("<td" + (hit ? ' class="scs-hit"' : on ? ' class="scs-col"' : "") + ' title="' + esc(resultText(c.results[r], lang)) + '">' + esc(c.results[r]) + "</td>");
      });
      h.push("</tr>");
    }
    h.push('</table></div><div class="scs-muted">' + esc(T("A = attacker, D = defender: steps lost; r = retreat in hexes; NE = no effect. Odds round in the defender's favour; shifts move the column.",
      "A — атакующий, D — обороняющийся: потерянные шаги; r — отступление в гексах; NE — без результата. Соотношение округляется в пользу обороняющегося; сдвиги меняют колонку.")) +
      "</div></details>");
    return h.join("");
  }

  function tecTable(drawing, lang) {
    var ch = drawing.charts || {}, classes = ch.classes || [];
    if (!(ch.terrain || []).length) return "";
    var T = function (en, ru) { return tr(lang, en, ru); };
    var cn = function (c) { return CLASS[c] ? w2(CLASS[c], lang) : c; };
    var abbr = function (c) { return '<abbr title="' + esc(cn(c)) + '">' + esc(CLASS[c] ? CLASS[c][lang === "ru" ? 3 : 2] : c) + "</abbr>"; };
    var bar = drawing.scenario && drawing.scenario.barrage;
    var order = ["open", "rough", "dunes", "marsh", "town", "fort", "airfield", "sea"];
    var rank = function (k) { var i = order.indexOf(k); return i < 0 ? order.length : i; };
    var terrain = ch.terrain.slice().sort(function (a, b) { return rank(a.key) - rank(b.key); });
    var h = ['<details id="scs-tec"><summary>' + esc(T("Terrain Effects Chart (TEC)", "Таблица влияния местности (ТВМ)")) + "</summary>"];
    h.push('<div class="scs-wrap"><table class="scs-tbl scs-tec"><tr><th class="scs-l" rowspan="2">' + esc(T("Terrain", "Местность")) + '</th><th colspan="' + classes.length + '">' +
      esc(T("MP to enter", "ОД на вход")) + '</th><th rowspan="2"><abbr title="' + esc(T("defender's strength ×", "сила обороняющегося ×")) + '">' + esc(T("Def.", "Защ.")) +
      '</abbr></th><th rowspan="2"><abbr title="' + esc(T("CRT column shift", "сдвиг колонки ТРБ")) + '">' + esc(T("Shift", "Сдвиг")) + "</abbr></th>" +
      (bar ? '<th rowspan="2"><abbr title="' + esc(T("barrage column shift", "сдвиг колонки обстрела")) + '">' + esc(T("Barr.", "Обстр.")) + "</abbr></th>" : "") + "</tr>");
    h.push("<tr>" + classes.map(function (c) { return "<th>" + abbr(c) + "</th>"; }).join("") + "</tr>");
    terrain.forEach(function (t) {
      h.push('<tr><td class="scs-l"><span class="scs-sw" style="background:' + (FILL[t.key] || "#e6e1d6") + '"></span>' + esc(named(t.name, lang)) + "</td>" +
        t.move.map(function (m) { return "<td>" + esc(m === "P" ? T("P", "Н") : m) + "</td>"; }).join("") +
        "<td>×" + esc(frac(t.defence)) + "</td><td>" + esc(t.shift ? signed(t.shift) : "—") + "</td>" +
        (bar ? "<td>" + esc(t.barrage ? signed(t.barrage) : "—") + "</td>" : "") + "</tr>");
    });
    h.push("</table></div>");
    if ((ch.hexsides || []).length) {
      h.push('<div class="scs-wrap"><table class="scs-tbl scs-tec"><tr><th class="scs-l" rowspan="2">' + esc(T("Hexside", "Сторона гекса")) + '</th><th colspan="' +
        classes.length + '">' + esc(T("+MP to cross", "+ОД за пересечение")) + '</th><th rowspan="2"><abbr title="' + esc(T("attacker's strength across it ×", "сила атакующего через неё ×")) + '">' +
        esc(T("Att.", "Атака")) + '</abbr></th><th rowspan="2">' + esc(T("Shift", "Сдвиг")) + "</th></tr><tr>" +
        classes.map(function (c) { return "<th>" + abbr(c) + "</th>"; }).join("") + "</tr>");
      ch.hexsides.forEach(function (t) {
        h.push('<tr><td class="scs-l">' + featureSwatch(t.key) + esc(named(t.name, lang)) + "</td>" +
          t.move.map(function (m) { return "<td>" + esc(m === "P" ? T("P", "Н") : "+" + m) + "</td>"; }).join("") +
          "<td>×" + esc(frac(t.attack)) + "</td><td>" + esc(t.shift ? signed(t.shift) : "—") + "</td></tr>");
      });
      h.push("</table></div>");
    }
    if ((ch.roads || []).length) {
      h.push('<div class="scs-wrap"><table class="scs-tbl"><tr><th class="scs-l">' + esc(T("Road", "Дорога")) + "</th><th>" + esc(T("MP per hex along it", "ОД за гекс вдоль неё")) + "</th></tr>" +
        ch.roads.map(function (r) { return '<tr><td class="scs-l">' + roadSwatch(r.key) + esc(named(r.name, lang)) + "</td><td>" + esc(r.move) + "</td></tr>"; }).join("") + "</table></div>");
    }
    h.push('<div class="scs-muted">' + esc(T("P = prohibited. Defence multiplies the defender's strength; a hexside's MP are added to the hex's cost; attack across multiplies the attacker's strength.",
      "Н — нельзя. «Защита» умножает силу обороняющегося; ОД стороны гекса добавляются к стоимости гекса; «атака через» умножает силу атакующего.")) + "</div></details>");
    return h.join("");
  }
  function featureSwatch(key) {
    var line = key === "escarpment" ? '<line x1="0" y1="5" x2="28" y2="5" stroke="#5b3413" stroke-width="3"/><path d="M5 1v8M11 1v8M17 1v8M23 1v8" stroke="#5b3413" stroke-width="1.4"/>'
      : key === "wadi" ? '<line x1="0" y1="5" x2="28" y2="5" stroke="#557a8c" stroke-width="3"/>'
      : key === "wire" ? '<line x1="0" y1="5" x2="28" y2="5" stroke="#1f1f1f" stroke-width="2" stroke-dasharray="4 3"/>'
      : '<line x1="0" y1="5" x2="28" y2="5" stroke="#6a1b9a" stroke-width="2.5"/>';
    return '<svg class="scs-line" width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">' + line + "</svg>";
  }
  function roadSwatch(key) {
    var line = key === "road" ? '<line x1="0" y1="5" x2="28" y2="5" stroke="#8e3b22" stroke-width="3.5"/>'
      : '<line x1="0" y1="5" x2="28" y2="5" stroke="#5e4524" stroke-width="2" stroke-dasharray="6 3.5"/>';
    return '<svg class="scs-line" width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">' + line + "</svg>";
  }

  function legend(ix, drawing, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var sides = (drawing.sides || []).map(function (s) {
      return '<li><span class="scs-chip" style="background:' + sideInfo(ix, s.id).colour.fill + '"></span>' + esc(named(s.name, lang)) + "</li>";
    }).join("");
    return '<details id="scs-key"><summary>' + esc(T("Map and counter key", "Условные обозначения")) + "</summary>" + samples(ix, lang) + '<ul class="scs-key">' + sides +
      "<li>" + esc(T("Counter: id and steps (● left, ○ lost) at the top; size (I company, II battalion, III regiment, X brigade, XX division) over the NATO symbol; attack-defence-movement at the bottom (attack in italics when 0: no ZOC).",
        "Фишка: сверху обозначение и шаги (● осталось, ○ потеряно); размер (I рота, II батальон, III полк, X бригада, XX дивизия) над символом НАТО; внизу атака-защита-ДД (атака 0 курсивом: нет ЗК).")) + "</li>" +
      "<li>" + esc(T("Dark band across the top: reduced side. Bar under the symbol: exploit-capable. Boxed number left: barrage strength; right: range.",
        "Тёмная полоса сверху: ослабленная сторона. Черта под символом: может действовать в фазе развития. Число в рамке слева: сила обстрела; справа: дальность.")) + "</li>" +
      "<li>" + esc(T("Tags: OOS out of supply, DG disorganised; blue pill: MP left; black disc: units in the stack (of an enemy stack you see only the top unit).",
        "Метки: БС — без снабжения, DG — дезорганизовано; синяя метка: оставшиеся ОД; чёрный кружок: число подразделений в группировке (у противника видна только верхняя фишка).")) + "</li>" +
      "<li>" + esc(T("Outlines: orange selected, yellow may act, teal moving stack, red attacker, blue dashed retreating. Lit hexes: yellow move, red attack or overrun, orange barrage, blue retreat, green advance or entry.",
        "Обводка: оранжевая — выбрано, жёлтая — может действовать, бирюзовая — движущаяся группировка, красная — атакующий, синяя пунктирная — отступает. Подсветка гексов: жёлтая — движение, красная — атака или атака с ходу, оранжевая — обстрел, синяя — отступление, зелёная — продвижение или вход.")) + "</li>" +
      "<li>" + esc(T("ZOC: the six hexes around a unit with attack 1 or more; EZOC: the enemy's ZOC.",
        "ЗК (зона контроля): шесть гексов вокруг подразделения с атакой от 1; ВЗК — зона контроля противника.")) + "</li>" +
      "<li>" + esc(T("Victory hex: dashed ring in the holder's colour, VP on the left. Exit hex: arrow off the map. Entry hex: tag with the turns reinforcements arrive.",
        "Гекс ПО: пунктирное кольцо цвета владельца, ПО слева. Гекс выхода: стрелка за край карты. Гекс входа: метка с ходами прибытия подкреплений.")) + "</li>" +
      "</ul></details>";
  }

  // Sample counters for the key: a unit full, the same reduced with markers, a hidden one.
  function samples(ix, lang) {
    var units = ix.drawing.units || [];
    var spec = units.filter(function (u) { return u.steps > 1; })[0] || units[0];
    if (!spec || typeof XMLSerializer === "undefined") return "";
    var other = (ix.drawing.sides || []).filter(function (s) { return s.id !== spec.side; })[0];
    var svg = document.createElementNS(B.NS, "svg");
    svg.setAttribute("viewBox", "0 -0.45 5.4 2");
    svg.setAttribute("width", "300");
    svg.setAttribute("height", "111");
    svg.setAttribute("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
    counter(svg, ix, spec, null, 0.75, 0.75, CS, { attrs: { "class": "scs-sample" } }, lang);
    var r = spec.reduced || spec.full;
    counter(svg, ix, spec, { attack: r[0], defence: r[1], movement: r[2], lost: 1, oos: true, dg: true }, 2.75, 0.75, CS, { mp: "5½", attrs: { "class": "scs-sample" } }, lang);
    if (other) hiddenCounter(svg, ix, other.id, 4.6, 0.75, CS, "");
    return '<div aria-hidden="true">' + new XMLSerializer().serializeToString(svg) + "</div>";
  }

  // The dice of the latest decision that rolled any, with their rules.
  function lastRolls(log, lang) {
    log = log || [];
    for (var i = log.length - 1; i >= 0; i--) {
      var rolled = (log[i].events || []).filter(function (e) { return e.dice && e.dice.length; });
      if (rolled.length) {
        return rolled.map(function (e) {
          return '<div class="scs-muted">[' + esc(e.rule) + "] " + esc(named(e.text, lang)) + ' <b class="dice">⚄ ' + esc(e.dice.join(" ")) + "</b></div>";
        }).join("");
      }
    }
    return "";
  }

  Sandtable.games.scs = { draw: draw, panel: panel };
})();
