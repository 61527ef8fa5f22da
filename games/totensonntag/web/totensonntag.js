// Corps Command: Totensonntag: the map (SVG) and the side panel.
//
// Contract (see web/app.js): Sandtable.games.totensonntag = { draw(svg, ctx), panel(ctx) }.
// The drawing comes from Ruleset::drawing (games/totensonntag/src/drawing.rs): hex centres
// for hexes of size 1 (pointy-topped, y downwards, north up), terrain and marks, places,
// tracks and the printed counters. The view (games/totensonntag/src/view.rs) gives where
// each unit is and its strength now; everything on the map is open in Corps Command, and
// the only secret (a level picked under 2.1/2.2) is already redacted by the server.
//
// Clicks: a counter selects that unit (or, when its hex is where the selected unit may
// go, acts there); a hex that lights up acts; a stack's hex selects its top unit with
// orders, and a second click walks down the stack.
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  Sandtable.games = Sandtable.games || {};
  var B = Sandtable.board;
  var el = B.el, f = B.f, esc = B.esc, named = B.named;

  var tr = B.tr;

  // ------------------------------------------------------------ words --
  var SIDE = { axis: ["Axis", "Ось"], allies: ["Allies", "Союзники"] };
  var TERRAIN = {
    open: ["open desert", "открытая пустыня"], rough: ["rough", "неровная местность"],
    escarpment: ["escarpment", "возвышенность"], impassable: ["impassable", "непроходимо"]
  };
  var CLASS = {
    armour: ["armour", "бронетанковый"], recon: ["reconnaissance", "разведывательный"],
    infantry: ["infantry", "пехота"], "motorized-infantry": ["motorized infantry", "моторизованная пехота"],
    engineer: ["engineers", "сапёры"], artillery: ["artillery", "артиллерия"], "anti-tank": ["anti-tank", "противотанковый"]
  };
  var NATION = {
    german: ["German", "немецкий"], italian: ["Italian", "итальянский"], british: ["British", "британский"],
    "south-african": ["South African", "южноафриканский"], "new-zealand": ["New Zealand", "новозеландский"]
  };
  // 1.0: black German, grey Italian, red British, orange South African, blue New Zealand counters.
  // Every print on them keeps WCAG AA contrast (4.5:1); a strength below the printed one
  // is yellow on a black chip (REDUCED), whatever the face.
  var REDUCED = { fill: "#1a1a1a", ink: "#ffe14d" };
  var COUNTER = {
    german: { fill: "#263238", ink: "#fafafa" }, italian: { fill: "#9e9e9e", ink: "#111" },
    british: { fill: "#c62828", ink: "#fff" }, "south-african": { fill: "#ef6c00", ink: "#111" },
    "new-zealand": { fill: "#1565c0", ink: "#fff" }
  };
  var FILL = { open: "#eddcaa", rough: "#cfae72", escarpment: "#b98552", impassable: "#5d5750" };
  var PRIVILEGE = {
    none: ["", ""], shift: ["may shift ±1 (2.1)", "может сдвинуть ±1 (2.1)"],
    pick: ["may pick a level (2.1)", "может выбрать УИ (2.1)"]
  };
  var VP_ITEMS = [
    ["hexes", "victory hexes held by the Allies", "ПО-гексы у Союзников"],
    ["axis_shattered", "Axis divisions shattered", "разбитые дивизии Оси"],
    ["tobruk", "Tobruk relieved", "Тобрук деблокирован"],
    ["seventh_armoured", "7th Armoured shattered", "7-я бронетанковая разбита"],
    ["south_african", "1st South African shattered", "1-я южноафриканская разбита"],
    ["new_zealand", "New Zealanders shattered", "новозеландцы разбиты"]
  ];

  function phaseText(view, lang) {
    var p = view.phase || {}, L = lang === "ru" ? 1 : 0;
    var side = p.side ? SIDE[p.side][L] : "";
    switch (p.phase) {
      case "initiative-pick": return tr(lang, "Initiative: secret picks (2.1, 2.2)", "Инициатива: секретный выбор УИ (2.1, 2.2)");
      case "initiative-shift": return tr(lang, "Initiative: ", "Инициатива: ") + side + tr(lang, " may shift (2.1)", " может сдвинуть УИ (2.1)");
      case "impulse": return tr(lang, "Impulse: ", "Импульс: ") + side + (p.second ? tr(lang, " (second)", " (второй)") : tr(lang, " (first)", " (первый)"));
      case "overstack": return tr(lang, "Overstacking: ", "Перегруз стека: ") + side + tr(lang, " removes units (4.0)", " снимает юниты (4.0)");
      case "night": return tr(lang, "Night: ", "Ночь: ") + side + tr(lang, " recovers (8.0)", " восстанавливается (8.0)");
      case "over": return tr(lang, "Game over", "Игра окончена");
    }
    return "";
  }

  // ------------------------------------------------------------ model --
  var cache = { drawing: null };
  function index(drawing) {
    if (cache.drawing === drawing) return cache;
    cache = { drawing: drawing, hex: {}, unit: {}, place: {} };
    drawing.hexes.forEach(function (h) { cache.hex[h.id] = h; });
    drawing.units.forEach(function (u) { cache.unit[u.code] = u; });
    (drawing.places || []).forEach(function (p) { cache.place[p.hex] = p; });
    var by = {};
    drawing.hexes.forEach(function (h) { (by[h.terrain] = by[h.terrain] || []).push(hexPath(h.x, h.y, 1)); });
    cache.terrainPaths = {};
    Object.keys(by).forEach(function (k) { cache.terrainPaths[k] = by[k].join(""); });
    return cache;
  }
  // Units by hex label, bottom of the stack first (4.0: the highest order is on top).
  function stacks(view) {
    var out = {};
    (view.units || []).forEach(function (u) { if (u.hex) (out[u.hex] = out[u.hex] || []).push(u); });
    Object.keys(out).forEach(function (h) { out[h].sort(function (a, b) { return a.order - b.order; }); });
    return out;
  }
  function viewUnit(view, code) {
    return (view.units || []).filter(function (u) { return u.code === code; })[0] || null;
  }

  // --------------------------------------------------------- geometry --
  // Pointy-topped hexes (the drawing gives their centres: HexGrid::center).
  function hexPath(x, y, r) { return B.hexPath(x, y, r, "pointy"); }
  // The board's box: the map, a strip above it for the zoom buttons, and a
  // band below it for reinforcements that may enter.
  var STRIP = 1.4, BAND = 2.6;
  function box(drawing) {
    return { x: -0.4, y: -STRIP, w: drawing.width + 0.8, h: drawing.height + STRIP + BAND };
  }
  // Counters: side S (a hex is 1.73 across); their smallest print is CODE_FS, so the
  // board reads (9 px) from LEGIBLE px per unit: the default zoom on a wide screen and
  // the tap's zoom on a phone (B.zoomable).
  var S = 1.3, CODE_FS = 0.25 * S, LEGIBLE = Math.ceil(9 / CODE_FS * 10) / 10;
  var NAME_FS = 0.34; // place names: 9 px and more from LEGIBLE on

  // ---------------------------------------------------------- counters --
  // NATO-style unit symbol in a box of w × h centred on (x, y).
  function symbol(g, cls, x, y, w, h, ink) {
    var x0 = x - w / 2, y0 = y - h / 2;
    var a = { fill: "none", stroke: ink, "stroke-width": 0.06 };
    el("rect", { x: f(x0), y: f(y0), width: f(w), height: f(h), fill: "none", stroke: ink, "stroke-width": 0.06 }, g);
    var cross = "M" + f(x0) + " " + f(y0) + "L" + f(x0 + w) + " " + f(y0 + h) + "M" + f(x0 + w) + " " + f(y0) + "L" + f(x0) + " " + f(y0 + h);
    var oval = function () { el("ellipse", { cx: f(x), cy: f(y), rx: f(w * 0.3), ry: f(h * 0.25), fill: "none", stroke: ink, "stroke-width": 0.06 }, g); };
    switch (cls) {
      case "armour": oval(); break;
      case "recon": el("path", Object.assign({ d: "M" + f(x0) + " " + f(y0 + h) + "L" + f(x0 + w) + " " + f(y0) }, a), g); break;
      case "infantry": el("path", Object.assign({ d: cross }, a), g); break;
      case "motorized-infantry": el("path", Object.assign({ d: cross }, a), g); oval(); break;
      case "engineer":
        el("path", Object.assign({ d: "M" + f(x - w * 0.3) + " " + f(y + h * 0.15) + "v" + f(-h * 0.3) + "h" + f(w * 0.6) + "v" + f(h * 0.3) + "M" + f(x) + " " + f(y - h * 0.15) + "v" + f(h * 0.3) }, a), g);
        break;
      case "artillery": el("circle", { cx: f(x), cy: f(y), r: f(h * 0.16), fill: ink }, g); break;
      case "anti-tank": el("path", Object.assign({ d: "M" + f(x0) + " " + f(y0 + h) + "L" + f(x) + " " + f(y0) + "L" + f(x0 + w) + " " + f(y0 + h) }, a), g); break;
    }
  }

  // Text at most `max` wide: squeezed when it is wider (measured when drawn, else estimated).
  function fitted(t, max, em) {
    var w = 0;
    try { w = t.getComputedTextLength(); } catch (e) { w = 0; }
    if (!w) w = t.textContent.length * em * +t.getAttribute("font-size");
    if (w > max) { t.setAttribute("textLength", f(max)); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
    return Math.min(w, max);
  }
  var CONDENSED = "DejaVu Sans Condensed, Arial Narrow, Roboto Condensed, DejaVu Sans, sans-serif";

  // One counter of side `s` centred on (x, y); `mark` = "can" | "selected" | "active" | null.
  // Code at the top, symbol (and artillery range in a circle), strength-defence-initiative
  // at the bottom, the strength on a black chip in yellow when below the printed one.
  function counter(parent, spec, u, x, y, s, mark, attrs) {
    var c = COUNTER[spec.nationality] || COUNTER.german;
    var strength = u ? u.strength : spec.strength;
    var x0 = x - s / 2, y0 = y - s / 2;
    return B.counter(parent, {
      x: x, y: y, size: s, fill: c.fill, ink: c.ink,
      attrs: attrs || { "data-piece": spec.code, "class": "tt-piece" + (mark ? " tt-" + mark : "") },
      edge: mark === "selected" ? "#ff6f00" : mark === "can" ? "#ffd600" : mark === "active" ? "#00e5ff" : "#111",
      edgeWidth: mark ? 0.14 : 0.04,
      body: function (g) {
        var code = el("text", { x: f(x), y: f(y0 + s * 0.25), "font-size": f(s * 0.25), "text-anchor": "middle", "font-weight": "bold",
          "font-family": CONDENSED, fill: c.ink, "pointer-events": "none" }, g, spec.code);
        fitted(code, s * 0.9, 0.58);
        var sx = spec.range ? x - s * 0.1 : x, sy = y0 + s * 0.47;
        symbol(g, spec["class"], sx, sy, s * 0.42, s * 0.24, c.ink);
        if (spec.range) {
          el("circle", { cx: f(x0 + s * 0.83), cy: f(sy), r: f(s * 0.15), fill: "none", stroke: c.ink, "stroke-width": 0.03 }, g);
          el("text", { x: f(x0 + s * 0.83), y: f(sy + s * 0.09), "font-size": f(s * 0.25), "text-anchor": "middle", "font-weight": "bold",
            "font-family": CONDENSED, fill: c.ink, "pointer-events": "none" }, g, String(spec.range));
        }
        // Strength (now) – defence – initiative, as the counter prints them (1.0).
        var fs = s * 0.3, by = y0 + s * 0.93, reduced = strength < spec.strength;
        var a = { y: f(by), "font-size": f(fs), "font-weight": "bold", "font-family": CONDENSED, "pointer-events": "none" };
        var chip = reduced ? el("rect", { y: f(by - fs * 0.8), height: f(fs * 0.95), rx: f(fs * 0.15), fill: REDUCED.fill }, g) : null;
        var t1 = el("text", Object.assign({ x: f(x), "text-anchor": "start", fill: reduced ? REDUCED.ink : c.ink, "class": reduced ? "tt-reduced" : null }, a), g, String(strength));
        var t2 = el("text", Object.assign({ x: f(x), "text-anchor": "start", fill: c.ink }, a), g, "-" + spec.defence + "-" + spec.initiative);
        var w1 = fitted(t1, s * 0.4, 0.6), w2 = fitted(t2, s * 0.92 - w1 - (reduced ? fs * 0.3 : 0), 0.56);
        var pad = reduced ? fs * 0.15 : 0, left = x - (w1 + w2 + 2 * pad) / 2;
        t1.setAttribute("x", f(left + pad));
        t2.setAttribute("x", f(left + w1 + 2 * pad));
        if (chip) { chip.setAttribute("x", f(left)); chip.setAttribute("width", f(w1 + 2 * pad)); }
      },
      dim: u && u.act === "done"
    });
  }

  // ------------------------------------------------------------- draw --
  function draw(svg, ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.hexes) return;
    var ix = index(drawing);
    var pieces = ctx.pieces || new Set(), places = ctx.places || new Set();
    var legal = (ctx.table && ctx.table.legal) || [];
    svg.setAttribute("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
    var bx = box(drawing);

    var defs = el("defs", null, svg);
    el("style", null, defs,
      ".tt-place{cursor:pointer}.tt-piece{cursor:pointer}.tt-hot{animation:ttpulse 1.2s ease-in-out infinite}" +
      "@keyframes ttpulse{0%,100%{opacity:.9}50%{opacity:.4}}.zoom-ctl{cursor:pointer}.zoom-ctl:hover rect{fill:#fff}");
    el("rect", { x: f(bx.x), y: f(bx.y), width: f(bx.w), height: f(bx.h), fill: "#e9dcb8" }, svg);
    el("rect", { x: f(bx.x), y: 0, width: f(bx.w), height: f(drawing.height), fill: "#d9c38c" }, svg);

    // Terrain, one path per kind; rough ground stippled, escarpments hatched.
    var gt = el("g", { "class": "tt-terrain" }, svg);
    Object.keys(ix.terrainPaths).forEach(function (k) {
      el("path", { d: ix.terrainPaths[k], fill: FILL[k] || "#ddd", stroke: "#8d7b55", "stroke-width": 0.03 }, gt);
    });
    var marks = el("g", { "class": "tt-marks", "pointer-events": "none" }, svg);
    drawing.hexes.forEach(function (h) {
      if (h.terrain === "rough") {
        el("path", { d: "M" + f(h.x - 0.4) + " " + f(h.y + 0.25) + "h0.01M" + f(h.x + 0.35) + " " + f(h.y + 0.3) + "h0.01M" +
          f(h.x - 0.1) + " " + f(h.y - 0.4) + "h0.01M" + f(h.x + 0.5) + " " + f(h.y - 0.2) + "h0.01",
          stroke: "#6d4c24", "stroke-width": 0.12, "stroke-linecap": "round" }, marks);
      } else if (h.terrain === "escarpment") {
        el("path", { d: "M" + f(h.x - 0.75) + " " + f(h.y + 0.1) + "q0.75 -0.5 1.5 0", fill: "none", stroke: "#5d3a1a",
          "stroke-width": 0.1 }, marks);
        el("path", { d: "M" + f(h.x - 0.5) + " " + f(h.y - 0.1) + "l0.05 0.25M" + f(h.x) + " " + f(h.y - 0.27) + "l0 0.25M" +
          f(h.x + 0.5) + " " + f(h.y - 0.1) + "l-0.05 0.25", stroke: "#5d3a1a", "stroke-width": 0.06 }, marks);
      }
      if (h.entrenched) {
        // An entrenchment: a zig-zag line along the hex's lower edge (7.1, 7.4).
        el("path", { d: "M" + f(h.x - 0.55) + " " + f(h.y + 0.62) + "l0.18 -0.14l0.18 0.14l0.18 -0.14l0.18 0.14l0.18 -0.14l0.18 0.14",
          fill: "none", stroke: "#3e2723", "stroke-width": 0.07 }, marks);
      }
      if (h.point) {
        el("path", { d: "M" + f(h.x + 0.42) + " " + f(h.y - 0.62) + "l0.16 0.28h-0.32z", fill: "#3e2723" }, marks);
      }
      el("text", { x: f(h.x), y: f(h.y - 0.62), "font-size": 0.22, "text-anchor": "middle", fill: "#5d4a2a",
        opacity: 0.8 }, marks, h.id);
    });
    // Tracks (drawn only: the rules give them no effect).
    var gtr = el("g", { "class": "tt-tracks", "pointer-events": "none" }, svg);
    (drawing.tracks || []).forEach(function (t) {
      var d = t.hexes.map(function (id, i) { var h = ix.hex[id]; return (i ? "L" : "M") + f(h.x) + " " + f(h.y); }).join("");
      el("path", { d: d, fill: "none", stroke: "#7b5e3b", "stroke-width": 0.08, "stroke-dasharray": "0.25 0.15", opacity: 0.7 }, gtr);
    });
    // Victory hexes (9.0) with who holds them; the Tobruk exit (6.2).
    drawing.hexes.forEach(function (h) {
      if (h.vp != null) {
        var holder = (view.control || [])[h.vp];
        el("circle", { cx: f(h.x), cy: f(h.y), r: 0.78, fill: "none", stroke: holder === "allies" ? "#c62828" : "#263238",
          "stroke-width": 0.12, "stroke-dasharray": "0.3 0.12" }, marks);
        el("path", { d: "M" + f(h.x - 0.62) + " " + f(h.y + 0.42) + "l0.12 -0.3l0.12 0.3l-0.3 -0.19h0.36z",
          fill: holder === "allies" ? "#c62828" : "#263238" }, marks);
      }
      if (h.exit) {
        el("text", { x: f(h.x), y: f(h.y - 1.05), "font-size": 0.42, "text-anchor": "middle", fill: "#1b5e20",
          "font-weight": "bold" }, marks, tr(lang, "↑ Tobruk", "↑ Тобрук"));
      }
    });
    // Names of places, under the counters: where they clear the counters and each
    // other, else left to the hex's tooltip.
    var st = stacks(view);
    var gn = el("g", { "class": "tt-names", "pointer-events": "none" }, svg);
    layoutNames(svg, drawing, ix, st, lang).forEach(function (l) {
      var t = el("text", { "class": "tt-name", "data-hex": l.hex, x: f(l.x), y: f(l.y), "font-size": NAME_FS, "text-anchor": l.anchor,
        fill: "#2b1d14", stroke: "#f6ecd0", "stroke-width": 0.08, "paint-order": "stroke", "stroke-linejoin": "round" }, gn);
      l.lines.forEach(function (line, k) { el("tspan", { x: f(l.x), dy: k ? f(NAME_FS * 1.12) : null }, t, line); });
    });

    // Places the selected unit may reach: yellow to move, red to fight.
    var sel = ctx.selected;
    var byPlace = {};
    legal.forEach(function (a) {
      if (a.place && (sel ? a.piece === sel : !a.piece)) (byPlace[a.place] = byPlace[a.place] || []).push(a.action);
    });
    var gh = el("g", { "class": "tt-places" }, svg);
    drawing.hexes.forEach(function (h) {
      var hot = places.has(h.id);
      var g = el("g", { "data-place": h.id, "class": "tt-place" }, gh);
      el("title", null, g, h.id + (ix.place[h.id] ? " " + named(ix.place[h.id].name, lang) : "") + " · " +
        (TERRAIN[h.terrain] ? TERRAIN[h.terrain][lang === "ru" ? 1 : 0] : h.terrain));
      el("path", { d: hexPath(h.x, h.y, 0.98), fill: "#fff", "fill-opacity": 0 }, g);
      if (hot) {
        var fight = (byPlace[h.id] || []).some(function (a) { return /^(attack|bombard) /.test(a); });
        el("path", { d: hexPath(h.x, h.y, 0.9), fill: fight ? "#e53935" : "#ffeb3b", "fill-opacity": 0.45,
          stroke: fight ? "#b71c1c" : "#ff6f00", "stroke-width": 0.12, "class": "tt-hot" }, g);
      }
      g.addEventListener("click", function (e) {
        if (places.has(h.id) && ctx.onPlace) { e.stopPropagation(); ctx.onPlace(h.id); return; }
        var pick = B.nextInStack((st[h.id] || []).map(function (u) { return u.code; }), pieces, sel);
        if (pick && ctx.onPiece) { e.stopPropagation(); ctx.onPiece(pick); }
      });
    });

    // Stacks: the top unit in the middle, the ones under it peeking out up-left.
    var gp = el("g", { "class": "tt-pieces" }, svg);
    Object.keys(st).forEach(function (hexId) {
      var h = ix.hex[hexId], list = st[hexId];
      B.stack(list, h.x, h.y, STEP, function (u, x, y) {
        var spec = ix.unit[u.code];
        var mark = u.code === sel ? "selected" : pieces.has(u.code) ? "can" : u.code === view.active ? "active" : null;
        var g = counter(gp, spec, u, x, y, S, mark);
        g.addEventListener("click", function (e) {
          e.stopPropagation();
          if (places.has(hexId) && ctx.onPlace && sel && sel !== u.code) { ctx.onPlace(hexId); return; }
          // The shell takes any of my units: one with orders (a stack order alone
          // included) is selected, an idle one says which rule holds it.
          if (ctx.onPiece && ctx.onPiece(u.code)) return;
          if (places.has(hexId) && ctx.onPlace) ctx.onPlace(hexId);
        });
      });
      if (list.length > 3) {
        // 4.0: more than three units is overstacked.
        el("text", { x: f(h.x + 0.62), y: f(h.y + 0.7), "font-size": 0.34, fill: "#b71c1c", "font-weight": "bold",
          "pointer-events": "none" }, gp, String(list.length));
      }
    });

    // Reinforcements that may enter now (6.1), in the band below the map.
    var arrived = (view.units || []).filter(function (u) { return u.pos === "off" && u.arrived; });
    var y = drawing.height + BAND / 2 + 0.1;
    el("text", { x: 0.2, y: f(drawing.height + 0.55), "font-size": 0.36, fill: "#3e2723", "font-weight": "bold" }, svg,
      tr(lang, "Reinforcements ready to enter (6.1)", "Подкрепления готовы войти (6.1)") + (arrived.length ? "" : tr(lang, ": none", ": нет")));
    var gr = el("g", { "class": "tt-reinforcements" }, svg);
    arrived.forEach(function (u, i) {
      var spec = ix.unit[u.code];
      var mark = u.code === sel ? "selected" : pieces.has(u.code) ? "can" : null;
      var g = counter(gr, spec, u, 0.9 + i * (S + 0.25), y, S, mark);
      g.addEventListener("click", function (e) {
        e.stopPropagation();
        if (pieces.has(u.code) && ctx.onPiece) ctx.onPiece(u.code);
      });
    });

    B.zoomable(svg, bx, STRIP, "tt", { legible: LEGIBLE, focus: focus(drawing, ix, view, pieces) });
  }

  // Where the board opens when it cannot be read whole: the middle of the units
  // that have orders, else of all the units on the map.
  function focus(drawing, ix, view, pieces) {
    var on = (view.units || []).filter(function (u) { return u.hex && ix.hex[u.hex]; });
    var mine = on.filter(function (u) { return pieces.has(u.code); });
    var list = mine.length ? mine : on;
    if (!list.length) return null;
    var xs = list.map(function (u) { return ix.hex[u.hex].x; }), ys = list.map(function (u) { return ix.hex[u.hex].y; });
    return { x: (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2, y: (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2 };
  }

  // Place names: the first spot that clears the counters (stacks as drawn), the
  // Tobruk arrow and the names placed before, within the map: under the hex's
  // counter, over it, beside it; one line, else two. None: the hex's tooltip has it.
  var STEP = 0.16;
  function layoutNames(svg, drawing, ix, st, lang) {
    var fs = NAME_FS, lh = fs * 1.12, out = [], taken = [];
    var measure = textMeter(svg, fs);
    var hit = function (a, b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; };
    Object.keys(st).forEach(function (id) {
      var h = ix.hex[id], n = st[id].length, m = 0.08;
      if (h) taken.push({ x0: h.x - S / 2 - (n - 1) * STEP - m, y0: h.y - S / 2 - (n - 1) * STEP - m, x1: h.x + S / 2 + m + 0.06, y1: h.y + S / 2 + m + 0.08 });
    });
    drawing.hexes.forEach(function (h) {
      if (h.exit) taken.push({ x0: h.x - 0.9, y0: h.y - 1.45, x1: h.x + 0.9, y1: h.y - 0.95 });
    });
    (drawing.places || []).forEach(function (p) {
      var h = ix.hex[p.hex];
      if (!h) return;
      var n = (st[p.hex] || []).length, lift = n ? S / 2 + Math.max(0, n - 1) * STEP : 0.2;
      var text = shortName(named(p.name, lang)), words = B.wrap(text, Math.max(2.6, measure(text) / 2 + 0.3), fs / 0.55 * 0.6);
      var options = [[text]].concat(words.length === 2 ? [words] : []);
      var best = null;
      options.forEach(function (lines) {
        if (best) return;
        var w = Math.max.apply(null, lines.map(measure)), hgt = fs * 1.17 + lh * (lines.length - 1);
        var below = h.y + (n ? S / 2 + 0.1 : 0.25), above = h.y - lift - 0.08 - hgt;
        [[h.x, below, "middle"], [h.x, above, "middle"], [h.x - 0.5, below, "start"], [h.x + 0.5, below, "end"],
          [h.x - 0.5, above, "start"], [h.x + 0.5, above, "end"],
          [h.x + S / 2 + 0.1, h.y - hgt / 2, "start"], [h.x - S / 2 - (n ? (n - 1) * STEP : 0) - 0.1, h.y - hgt / 2, "end"]].forEach(function (c) {
          if (best) return;
          var x0 = c[2] === "start" ? c[0] : c[2] === "end" ? c[0] - w : c[0] - w / 2;
          var b = { x0: x0 - 0.04, y0: c[1], x1: x0 + w + 0.04, y1: c[1] + hgt };
          if (b.x0 < 0 || b.x1 > drawing.width || b.y0 < 0.05 || b.y1 > drawing.height - 0.05) return;
          if (taken.some(function (q) { return hit(q, b); })) return;
          best = { x: c[0], y: c[1] + fs * 0.93, anchor: c[2], lines: lines, hex: p.hex, box: b };
        });
      });
      if (best) { taken.push(best.box); out.push(best); }
    });
    measure.done();
    return out;
  }
  // The width of a text at font size fs, measured in the page (estimated when it cannot be).
  function textMeter(svg, fs) {
    var probe = el("text", { x: 0, y: 0, "font-size": fs, opacity: 0 }, svg), memo = {};
    var m = function (s) {
      if (s in memo) return memo[s];
      probe.textContent = s;
      var w = 0;
      try { w = probe.getComputedTextLength(); } catch (e) { w = 0; }
      return (memo[s] = w || s.length * 0.6 * fs);
    };
    m.done = function () { probe.remove(); };
    return m;
  }

  function shortName(s) {
    var i = s.indexOf(" (");
    return i > 0 ? s.slice(0, i) : s;
  }

  // ------------------------------------------------------------ panel --
  function panel(ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.hexes || !view.units) return "";
    var ix = index(drawing), L = lang === "ru" ? 1 : 0;
    var T = function (en, ru) { return tr(lang, en, ru); };
    var h = ["<style>" +
      ".tt-panel{font-size:14px;line-height:1.35;overflow-wrap:break-word}.tt-panel h2{font-size:16px;margin:0 0 .3em}" +
      ".tt-panel h3{font-size:15px;margin:.7em 0 .3em}.tt-track{margin:2px 0}" +
      ".tt-box{display:inline-block;min-width:1.6em;text-align:center;border:1px solid #aaa;border-radius:3px;margin:0 2px 2px 0;font-size:12px}" +
      ".tt-now{background:#245;color:#fff;border-color:#245}.tt-past{color:#999;background:#eee}" +
      ".tt-il{border-collapse:collapse;margin:.4em 0}.tt-il td,.tt-il th{padding:1px 6px;text-align:left}" +
      ".tt-vp{margin:0;padding-left:1.2em}.tt-coming{margin:0;padding-left:1.2em;font-size:13px}" +
      ".tt-swatch{display:inline-block;width:1em;height:1em;margin-right:.4em;vertical-align:middle;border:1px solid #8d7b55}" +
      ".tt-key{padding-left:.2em;margin:.3em 0}.tt-key li{list-style:none;margin:.25em 0}.tt-key-sym{vertical-align:middle;margin-right:.3em}.tt-samples{display:block;max-width:100%;height:auto}" +
      "</style>", '<div class="tt-panel">'];
    // Turn track and impulse pairs (2.0).
    h.push("<h2>" + esc(T("Turn ", "Ход ")) + view.turn + "/" + view.turns + " · " + esc(dateText(view, lang)) + "</h2>");
    var track = B.trackHtml(view.turns, view.turn, "tt");
    var pairs = B.trackHtml(view.pairs, view.pair, "tt");
    h.push('<div class="tt-track">' + track + '</div><div class="tt-track"><span class="muted">' +
      esc(T("impulse pair", "пара импульсов")) + "</span> " + pairs + "</div>");
    h.push('<div id="tt-phase"><b>' + esc(phaseText(view, lang)) + "</b></div>");
    // The latest dice (the log carries each decision's events).
    var rolls = lastRolls(ctx.log || (ctx.table && ctx.table.log), lang);
    if (rolls) h.push('<div id="tt-dice">' + rolls + "</div>");
    // Initiative (2.1): levels, privileges, secret picks.
    h.push('<table class="tt-il"><tr><th></th><th>' + esc(T("IL", "УИ")) + "</th><th></th></tr>");
    ["axis", "allies"].forEach(function (side, i) {
      var s = (view.secret || [])[i] || { state: "none" };
      var secret = s.state === "hidden" ? (s.value ? T("has chosen", "выбор сделан") : T("choosing…", "выбирает…"))
        : s.state === "mine" ? (s.value ? T("your pick: ", "ваш выбор: ") + s.value : T("you roll", "вы бросаете")) : "";
      var priv = PRIVILEGE[(view.privilege || [])[i]] || PRIVILEGE.none;
      h.push("<tr><td>" + esc(SIDE[side][L]) + (view.first === side && view.level[0] ? " ①" : "") + "</td><td><b>" +
        (view.level[i] || "–") + "</b></td><td class=\"muted\">" + esc([priv[L], secret].filter(Boolean).join("; ")) + "</td></tr>");
    });
    h.push("</table>");
    if (view.active) {
      var au = viewUnit(view, view.active);
      h.push("<div>" + esc(T("Acting: ", "Действует: ")) + "<b>" + esc(view.active) + "</b>" +
        (au && au.act === "moving" ? " · " + esc(T("MP left ", "ОД осталось ")) + au.mp : "") + "</div>");
    }
    // Victory points (9.0–9.2).
    var v = view.victory || {};
    h.push("<h3>" + esc(T("Victory points: ", "Победные очки: ")) + (v.total > 0 ? "+" : "") + v.total +
      ' <span class="muted">' + esc(T("(Allies win above 0)", "(Союзники побеждают при > 0)")) + "</span></h3><ul class=\"tt-vp\">");
    VP_ITEMS.forEach(function (it) {
      if (v[it[0]]) h.push("<li>" + esc(L ? it[2] : it[1]) + ": " + (v[it[0]] > 0 ? "+" : "") + v[it[0]] + "</li>");
    });
    h.push("</ul><div>" + drawing.hexes.filter(function (x) { return x.vp != null; }).sort(function (a, b) { return a.vp - b.vp; })
      .map(function (x) {
        var p = ix.place[x.id];
        return esc(x.id + (p ? " " + shortName(named(p.name, lang)) : "")) + ": " + esc(SIDE[(view.control || [])[x.vp]] ? SIDE[view.control[x.vp]][L] : "?");
      }).join("<br>") + "</div>");
    h.push("<div>" + esc(T("Toward Tobruk (6.2, 9.2): ", "Выведено к Тобруку (6.2, 9.2): ")) + view.exited + "/" + (drawing.relief || 9) +
      " " + esc(T("strength", "очков силы")) + "</div>");
    if (v.losses && v.losses.length) {
      h.push('<div class="muted">' + esc(T("Losses toward shattering (9.1): ", "Потери до разгрома (9.1): ")) +
        esc(v.losses.map(function (l) {
          var f = (drawing.formations || []).filter(function (x) { return x.id === l[0]; })[0];
          return (f ? named(f.name, lang) : l[0]) + " " + l[1] + "/" + l[2];
        }).join(", ")) + "</div>");
    }
    // The selected unit.
    var sel = ctx.selected && ix.unit[ctx.selected];
    if (sel) {
      var su = viewUnit(view, sel.code) || {};
      h.push("<h3>" + esc(sel.code) + " — " + esc(named(sel.name, lang)) + "</h3><div>" + esc(named(sel.formation, lang)) + " · " +
        esc(NATION[sel.nationality] ? NATION[sel.nationality][L] : sel.nationality) + " · " + esc(CLASS[sel["class"]] ? CLASS[sel["class"]][L] : sel["class"]) +
        "</div><div>" + esc(T("strength ", "сила ")) + (su.strength != null ? su.strength : sel.strength) + "/" + sel.strength + " · " +
        esc(T("defence ", "защита ")) + sel.defence + " · " + esc(T("initiative ", "инициатива ")) + sel.initiative +
        (sel.range ? " · " + esc(T("range ", "радиус ")) + sel.range : "") +
        (sel.panzer3 ? " · Pz III (3.3)" : "") + (sel.combined ? " · c (3.3)" : "") + (sel.stuart ? " · Stuart (3.4)" : "") +
        (su.act === "moving" ? " · " + esc(T("MP ", "ОД ")) + su.mp : "") + "</div>");
    }
    // Reinforcements still to come (6.1), exited, destroyed.
    var coming = view.units.filter(function (u) { return u.pos === "off" && !u.arrived; });
    if (coming.length) {
      var byTime = {};
      coming.forEach(function (u) {
        var a = ix.unit[u.code].arrives;
        if (!a) return;
        var k = a.turn + "." + a.pair;
        (byTime[k] = byTime[k] || { a: a, codes: [] }).codes.push(u.code);
      });
      h.push("<h3>" + esc(T("Reinforcements to come (6.1)", "Ожидаемые подкрепления (6.1)")) + "</h3><ul class=\"tt-coming\">" +
        Object.keys(byTime).sort(function (x, y) { return parseFloat(x) - parseFloat(y); }).map(function (k) {
          var e = byTime[k];
          return "<li>" + esc(T("turn ", "ход ")) + e.a.turn + ", " + esc(T("pair ", "пара ")) + e.a.pair + " (" + esc(e.a.hexes.join(" ")) + "): " +
            esc(e.codes.join(" ")) + "</li>";
        }).join("") + "</ul>");
    }
    var out = function (pos, en, ru) {
      var list = view.units.filter(function (u) { return u.pos === pos; }).map(function (u) { return u.code; });
      if (list.length) h.push("<div>" + esc(T(en, ru)) + esc(list.join(" ")) + "</div>");
    };
    out("exited", "Exited to Tobruk: ", "Ушли к Тобруку: ");
    out("destroyed", "Destroyed: ", "Уничтожены: ");
    // Legend: each mark drawn as on the map (SVG, no font needed), and sample counters.
    var mark = function (inner, w) {
      return '<svg class="tt-key-sym" width="' + (w || 28) + '" height="20" viewBox="0 0 ' + (w || 28) / 20 + ' 1" aria-hidden="true">' + inner + "</svg>";
    };
    h.push('<details class="tt-legend"><summary>' + esc(T("Map key", "Условные обозначения")) + "</summary><ul class=\"tt-key\">" +
      Object.keys(TERRAIN).map(function (k) {
        return '<li><span class="tt-swatch tt-key-sym" style="background:' + FILL[k] + '"></span>' + esc(TERRAIN[k][L]) + "</li>";
      }).join("") +
      "<li>" + mark('<path d="M0.1 0.5l0.18 -0.14l0.18 0.14l0.18 -0.14l0.18 0.14l0.18 -0.14l0.18 0.14" fill="none" stroke="#3e2723" stroke-width="0.08"/>') + " " +
        esc(T("entrenchment (attacks −1, spotter sees 2 hexes)", "укрепление (атака −1, наводчик видит 2 гекса)")) + "</li>" +
      "<li>" + mark('<path d="M0.7 0.25l0.2 0.35h-0.4z" fill="#3e2723"/>') + " " + esc(T("point hex (spotter sees 3 hexes, +1)", "ключевая точка (наводчик видит 3 гекса, +1)")) + "</li>" +
      "<li>" + mark('<circle cx="0.7" cy="0.5" r="0.4" fill="none" stroke="#263238" stroke-width="0.08" stroke-dasharray="0.2 0.08"/>') + " " +
        esc(T("victory hex, ring in the holder's colour", "гекс ПО, кольцо цвета владельца")) + "</li>" +
      "<li>" + mark('<path d="M0.1 0.5h1.2" stroke="#7b5e3b" stroke-width="0.08" stroke-dasharray="0.25 0.15"/>') + " " + esc(T("track", "дорога")) + "</li>" +
      "<li>" + samples(drawing, lang) + esc(T("counter: code, symbol, strength-defence-initiative; artillery range in a circle; a strength below the printed one in yellow on black",
        "фишка: код, символ, сила-защита-инициатива; радиус артиллерии в круге; сила ниже напечатанной — жёлтым на чёрном")) + "</li>" +
      "</ul><p class=\"muted\">" + esc(T("Authored map and order of battle, not the published ones",
        "Карта и состав сил — авторские, не из изданной игры")) + " (<code>data/AUTHORED.md</code>).</p></details>");
    h.push("</div>");
    return h.join("");
  }
  // Sample counters for the key: one of each nation's (the South African one reduced), and
  // an artillery unit with its range.
  function samples(drawing, lang) {
    if (typeof XMLSerializer === "undefined") return "";
    var seen = {}, list = [];
    (drawing.units || []).forEach(function (u) {
      if (!seen[u.nationality]) { seen[u.nationality] = true; list.push(u); }
    });
    var gun = (drawing.units || []).filter(function (u) { return u.range; })[0];
    if (gun && list.indexOf(gun) < 0) list.push(gun);
    var gap = S + 0.2, svg = document.createElementNS(B.NS, "svg");
    svg.setAttribute("viewBox", "0 0 " + f(list.length * gap + 0.1) + " " + f(S + 0.3));
    svg.setAttribute("width", String(Math.round((list.length * gap + 0.1) * 36)));
    svg.setAttribute("height", String(Math.round((S + 0.3) * 36)));
    svg.setAttribute("class", "tt-key-sym tt-samples");
    svg.setAttribute("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
    list.forEach(function (spec, i) {
      var hit = spec.nationality === "south-african" && spec.strength > 1;
      counter(svg, spec, hit ? { strength: spec.strength - 1 } : null, 0.1 + gap * i + gap / 2, S / 2 + 0.12, S, null,
        { "class": "tt-sample", "data-sample": spec.code });
    });
    return '<div aria-hidden="true">' + new XMLSerializer().serializeToString(svg) + "</div>";
  }

  // The dice of the latest decision that rolled any, with their rules.
  function lastRolls(log, lang) {
    log = log || [];
    for (var i = log.length - 1; i >= 0; i--) {
      var rolled = (log[i].events || []).filter(function (e) { return e.dice && e.dice.length; });
      if (rolled.length) {
        return rolled.map(function (e) {
          return '<div class="muted">[' + esc(e.rule) + "] " + esc(named(e.text, lang)) + ' <b class="dice">⚄ ' + esc(e.dice.join(" ")) + "</b></div>";
        }).join("");
      }
    }
    return "";
  }
  function dateText(view, lang) {
    var day = 18 + view.turn;
    return lang === "ru" ? day + " ноября 1941" : day + " Nov 1941";
  }

  Sandtable.games.totensonntag = { draw: draw, panel: panel };
})();
