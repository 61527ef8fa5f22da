// Escape from Colditz: the board (SVG) and the side panel.
//
// Contract (see web/app.js): Sandtable.games.colditz = { draw(svg, ctx), panel(ctx) }.
// ctx = { drawing, view, lang, seat, table, selected, pieces, places, onPiece, onPlace }.
// The drawing comes from Ruleset::drawing (games/colditz/src/drawing.rs): circles on a
// hex lattice (x, y, y downwards), their areas, links, wall and wire outlines.
// The view is already redacted for this viewer: we show only what it holds.
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  Sandtable.games = Sandtable.games || {};

  var B = Sandtable.board;
  var el = B.el, f = B.f, esc = B.esc, named = B.named;

  // ------------------------------------------------------------ words --
  var tr = B.tr;

  var EQUIP = ["cutters", "pass", "key", "rope"]; // order of view.stock and kinds
  var EQUIP_NAME = {
    cutters: ["Wire Cutters", "Кусачки"], pass: ["Pass", "Пропуск"],
    key: ["Key", "Ключ"], rope: ["Rope", "Верёвка"]
  };
  var SYMBOL_SHORT = {
    food: ["FOOD", "ЕДА"], disguise: ["DISG", "МАСК"], documents: ["DOCS", "ДОК"], compass: ["COMP", "КОМП"],
    key: ["KEY", "КЛЮЧ"], rope: ["ROPE", "ВЕР"], cutters: ["CUT", "КУС"], pass: ["PASS", "ПРОП"]
  };
  var TARGET_RU = { N: "С", NE: "СВ", E: "В", SE: "ЮВ", S: "Ю", SW: "ЮЗ", NW: "СЗ" };
  var CARD = {
    "advance-warning": ["Advance Warning", "Предупреждение"],
    "bribe-one": ["Bribe (one card)", "Подкуп (одна карта)"],
    "bribe-two": ["Bribe (two cards)", "Подкуп (две карты)"],
    "diversion": ["Diversion", "Отвлекающий Манёвр"],
    "kit-part-a": ["Escape Kit (part A)", "Комплект Спасения (часть A)"],
    "kit-part-b": ["Escape Kit (part B)", "Комплект Спасения (часть B)"],
    "hideaway": ["Hideaway", "Тайник"],
    "inspection": ["Inspection", "Инспекция"],
    "release": ["Release", "Освобождение"],
    "sabotage": ["Sabotage", "Саботаж"],
    "staff-car": ["Staff Car", "Штатный Автомобиль"],
    "talisman": ["Talisman", "Талисман"],
    "appel": ["Appel", "Сбор"],
    "arrest-key-holder": ["Arrest Key Holder", "Арест владельца Ключа"],
    "arrest-pass-holder": ["Arrest Pass Holder", "Арест владельца Пропуска"],
    "shoot-to-kill": ["Shoot to Kill", "Выстрел на Поражение"],
    "tunnel-detected": ["Tunnel Detected", "Обнаружение Тоннеля"]
  };
  var PHASE = {
    "setup-guards": ["Guards are posted", "Расстановка Охраны"],
    "next-officer": ["Which officer goes next", "Кто из Офицеров Беглецов ходит"],
    "roll": ["Roll for movement", "Бросок на движение"],
    "move": ["Movement", "Движение"],
    "appel-answer": ["Appel: officers answer", "Сбор: ответы Офицеров Беглецов"],
    "appel-search": ["Appel: general search?", "Сбор: Общий Обыск?"],
    "over": ["Game over", "Конец игры"]
  };
  var TUNNEL_STATE = {
    closed: ["closed", "закрыт"], open: ["open", "открыт"],
    detected: ["detected", "обнаружен"], abandoned: ["abandoned", "заброшен"], taken: ["taken by the guards", "захвачен Охраной"]
  };

  function roomList(drawing) {
    return (drawing.areas || []).filter(function (a) { return a.kind === "room"; });
  }
  function roomName(drawing, id, lang) {
    var a = (drawing.areas || []).filter(function (x) { return x.id === id; })[0];
    return a ? named(a.name, lang) : id;
  }
  function cardName(card, drawing, lang) {
    var i = card.indexOf(":");
    var L = lang === "ru" ? 1 : 0;
    if (i < 0) return CARD[card] ? CARD[card][L] : card;
    var kind = card.slice(0, i), arg = card.slice(i + 1);
    if (kind === "turn-in") {
      var e = EQUIP_NAME[arg];
      return tr(lang, "Turn in for ", "Обмен на ") + (e ? e[L] : arg);
    }
    if (kind === "move-fast") return tr(lang, "Move to ", "Перемещение: ") + roomName(drawing, arg, lang);
    if (kind === "search") return tr(lang, "Search: ", "Обыск: ") + roomName(drawing, arg, lang);
    if (kind === "tunnel") return tr(lang, "Tunnel: ", "Тоннель: ") + roomName(drawing, arg, lang);
    return card;
  }

  // ------------------------------------------------------------ model --
  var cache = { drawing: null, byId: null };
  function index(drawing) {
    if (cache.drawing === drawing) return cache.byId;
    var byId = {};
    (drawing.circles || []).forEach(function (c) { byId[c.id] = c; });
    cache.drawing = drawing;
    cache.byId = byId;
    cache.tiles = null;
    return byId;
  }
  function nationOf(code, drawing) {
    var n = (drawing.nations || []).filter(function (x) { return code.indexOf(x.prefix) === 0; })[0];
    return n || null;
  }

  // Area colours (tiles), by area kind; safe circles get their own tint.
  var FILL = {
    appel: "#f3efe2", courtyard: "#b9b6ad", room: "#e6d2a3", cells: "#776a66", terrace: "#d8bb8c",
    safe: "#b8d89c", yard: "#cfb283", roof: "#b99875", walkway: "#dcc9a4", path: "#ece2c6",
    river: "#8fbfdf", bridge: "#b2906a", gate: "#a98a68", target: "#f1c4c0", car: "#cfb283"
  };

  // The whole board, with a strip above it for the zoom buttons (web/board.js).
  var STRIP = 4;
  function full(drawing) {
    return { x: -0.6, y: -0.6 - STRIP, w: (drawing.width || 100) + 1.2, h: (drawing.height || 75) + 1.2 + STRIP };
  }

  // ------------------------------------------------------------- draw --
  // A circle's tile: a pointy-topped hex of the drawing's lattice.
  function hexPath(x, y, L) {
    return B.hexPath(x, y, L.r || 1.1667, "pointy", L.half_width || 1);
  }

  function tiles(drawing) {
    if (cache.tiles) return cache.tiles;
    var areaKind = {};
    (drawing.areas || []).forEach(function (a) { areaKind[a.id] = a.kind; });
    var paths = {};
    (drawing.circles || []).forEach(function (c) {
      if (c.kind === "car") return;
      var k = c.safe ? "safe" : (areaKind[c.area] || "path");
      if (c.kind === "target") k = "target";
      paths[k] = (paths[k] || "") + hexPath(c.x, c.y, drawing.lattice || {});
    });
    cache.tiles = paths;
    return paths;
  }

  // ------------------------------------------------------------ sizes --
  // Pawns and their numbers (board units; a circle is 1.36 across, 2 apart). The smallest
  // print on a pawn is SMALL_FS (a pawn in a tunnel), so the board reads (9 px) from
  // LEGIBLE px per unit on: the default zoom on a wide screen and the tap's zoom on a
  // phone (B.zoomable). Place names are never smaller than NAME_MIN (9 px there too).
  var PAWN_R = 0.62, PAWN_FS = 0.8, SMALL_R = 0.52, SMALL_FS = 0.8;
  // A little over 9 px: a scroll bar appearing may take some of the width.
  var LEGIBLE = Math.ceil(9.5 / SMALL_FS * 10) / 10;
  var NAME_FS = 0.84, NAME_MIN = 0.78, AREA_FS = 0.95, YARD_FS = 1.1;
  var FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
  var measurer = null, widths = {};
  function textWidth(text, fs, style) {
    var key = (style || "") + "|" + text;
    if (!(key in widths)) {
      if (!measurer) { try { measurer = document.createElement("canvas").getContext("2d"); } catch (e) { measurer = false; } }
      if (measurer) {
        measurer.font = (style ? style + " " : "") + "100px " + FONT;
        widths[key] = measurer.measureText(text).width / 100;
      } else {
        widths[key] = String(text).length * 0.62;
      }
    }
    return widths[key] * fs;
  }
  // Ink for print on a pawn: white where it keeps WCAG AA contrast, else near-black.
  function inkOn(fill) { return B.light(fill) ? "#111111" : "#ffffff"; }

  // A holding box (the Barracks, the Commander's Office) with n pawns: its frame and where
  // its i-th pawn stands.
  function holdingBox(h, n, lang) {
    var title = named(h.name, lang);
    var w = Math.max(4 * 1.6 + 0.6, textWidth(title, 0.8, "bold") + 1);
    var cols = Math.floor((w - 0.6) / 1.6), rows = Math.max(1, Math.ceil(n / cols));
    var hh = rows * 1.6 + 1.7;
    var x0 = h.x - w / 2, y0 = h.y - hh / 2;
    var gx = h.x - (Math.min(cols, Math.max(n, 1)) * 1.6) / 2 + 0.8;
    return { title: title, x0: x0, y0: y0, w: w, h: hh,
      at: function (i) { return { x: gx + (i % cols) * 1.6, y: y0 + 2.2 + Math.floor(i / cols) * 1.6 }; } };
  }
  function holdings(drawing, view, lang) {
    var held = { barracks: [], office: [] };
    (view.pawns || []).forEach(function (p) { if (held[p.at]) held[p.at].push(p); });
    return (drawing.holding || []).map(function (h) {
      var list = held[h.id] || [];
      return { h: h, list: list, box: holdingBox(h, list.length, lang) };
    });
  }
  // Where the pawns stand: {id, x, y, r} each, and the holding boxes as obstacles for names.
  function pawnSpots(drawing, byId, view, lang) {
    var out = [];
    (view.pawns || []).forEach(function (p) {
      var c = byId[p.at];
      if (!c || p.at === "car") return;
      if (p.tunnel) out.push({ id: p.code, x: c.x + 0.55, y: c.y + 0.5, r: SMALL_R });
      else out.push({ id: p.code, x: c.x, y: c.y, r: PAWN_R });
    });
    holdings(drawing, view, lang).forEach(function (k) {
      k.list.forEach(function (p, i) { var q = k.box.at(i); out.push({ id: p.code, x: q.x, y: q.y, r: PAWN_R, held: true }); });
      out.push({ frame: true, x0: k.box.x0, y0: k.box.y0, x1: k.box.x0 + k.box.w, y1: k.box.y0 + k.box.h });
    });
    return out;
  }

  // Place names: each at the first spot that clears the names placed before, the pawns (with
  // their rings) and the board's edge. A room's name goes above it (or below it, or slid
  // aside), on one line with its symbol, else the symbol on a line of its own, else a word a
  // line; an open area's name on its label circle, else a row or two up or down.
  function layoutNames(drawing, lang, spots) {
    var L = lang === "ru" ? 1 : 0, placed = [], out = [];
    var W = drawing.width || 100, H = drawing.height || 75;
    var obstacles = spots.map(function (p) {
      if (p.frame) return p;
      var r = p.r + 0.45;
      return { x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r };
    });
    var rooms = (drawing.areas || []).filter(function (a) { return a.kind === "room"; });
    function over(a, b) {
      var w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      return w > 0 && h > 0 ? w * h : 0;
    }
    function cost(b, self) {
      var c = 0;
      if (b.x0 < -0.5 || b.y0 < -0.5 || b.x1 > W + 0.5 || b.y1 > H + 0.5) c += 1000;
      placed.forEach(function (q) { c += over(b, q) * 500; });
      obstacles.forEach(function (q) { c += over(b, q) * 500; });
      // Over another room, a name reads as that room's.
      rooms.forEach(function (r) {
        if (r !== self) c += over(b, { x0: r.box[0], y0: r.box[1], x1: r.box[2], y1: r.box[3] }) * 3;
      });
      return c;
    }
    // A text block of lines (centred on x, first baseline y): its box.
    function box(x, y, w, n, fs, lh) { return { x0: x - w / 2 - 0.1, y0: y - 0.95 * fs, x1: x + w / 2 + 0.1, y1: y + (n - 1) * lh + 0.26 * fs }; }
    rooms.forEach(function (a) {
      var name = named(a.name, lang), sym = SYMBOL_SHORT[a.symbol] ? SYMBOL_SHORT[a.symbol][L] : "";
      var bx = a.box, cx = (bx[0] + bx[2]) / 2, words = name.split(" ");
      var shapes = [[{ text: name, sym: sym }]];
      if (sym) shapes.push([{ text: name }, { sym: sym }]);
      if (words.length > 1) {
        shapes.push(words.map(function (w, i) { return i === words.length - 1 ? { text: w, sym: sym } : { text: w }; }));
        if (sym) shapes.push(words.map(function (w) { return { text: w }; }).concat([{ sym: sym }]));
      }
      var best = null;
      [NAME_FS, NAME_MIN].forEach(function (fs, fi) {
        var lh = fs * 1.02;
        shapes.forEach(function (lines, si) {
          var w = Math.max.apply(null, lines.map(function (l) {
            return textWidth((l.text || "") + (l.text && l.sym ? " · " + l.sym : l.sym || ""), fs, "bold");
          }));
          var n = lines.length;
          [0, 1, -1, 2, -2, 3, -3, 4, -4].forEach(function (k) {
            var x = cx + k * 0.75;
            // Above the room, then below it.
            [{ y: bx[1] - 0.3 - (n - 1) * lh, extra: 0 }, { y: bx[3] + 0.3 + 0.95 * fs, extra: 3 }].forEach(function (pos) {
              var b = box(x, pos.y, w, n, fs, lh);
              var c = cost(b, a) + pos.extra + Math.abs(k) * 0.6 + si * 0.8 + fi * 0.5;
              if (!best || c < best.c) best = { c: c, x: x, y: pos.y, fs: fs, lh: lh, lines: lines, b: b };
            });
          });
        });
      });
      placed.push(best.b);
      out.push({ room: true, x: best.x, y: best.y, fs: best.fs, lh: best.lh, lines: best.lines,
        symFill: a.supplies === "kit" ? "#1565c0" : "#8d3b00" });
    });
    (drawing.areas || []).forEach(function (a) {
      if (["appel", "courtyard", "cells", "terrace", "safe", "yard"].indexOf(a.kind) < 0 || a.circles < 7) return;
      var name = named(a.name, lang), fs = a.kind === "courtyard" ? YARD_FS : AREA_FS;
      var w = textWidth(name, fs, "italic"), best = null;
      [0, 1, -1, 2, -2, 3, -3, 4, -4].forEach(function (j) {
        [0, 2, -2, 4, -4, 6, -6].forEach(function (k) {
          var x = a.label[0] + k, y = a.label[1] + 0.35 + j * 1.75;
          var b = box(x, y, w, 1, fs, fs);
          var c = cost(b, null) + Math.abs(j) * 1.2 + Math.abs(k) * 0.5;
          if (!best || c < best.c) best = { c: c, x: x, y: y, b: b };
        });
      });
      placed.push(best.b);
      out.push({ room: false, x: best.x, y: best.y, fs: fs, text: name });
    });
    return out;
  }

  function draw(svg, ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.circles) return;
    var byId = index(drawing);
    svg.setAttribute("class", ((svg.getAttribute("class") || "").replace(/\bcz-board\b/g, "") + " cz-board").trim());
    svg.setAttribute("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
    var pieces = ctx.pieces || new Set(), places = ctx.places || new Set();
    var tunnels = view.tunnels || [];
    var tunnelState = {};
    (drawing.tunnels || []).forEach(function (t, i) { tunnelState[t.id] = tunnels[i] || "closed"; });

    var defs = el("defs", null, svg);
    var m = el("marker", { id: "cz-arrow", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "4",
      markerHeight: "4", orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0 0L10 5L0 10z", fill: "#6d3d14" }, m);
    var style = el("style", null, defs);
    style.textContent =
      ".cz-place{cursor:pointer}.cz-piece{cursor:pointer}" +
      ".cz-hot{animation:czpulse 1.2s ease-in-out infinite}" +
      "@keyframes czpulse{0%,100%{opacity:1}50%{opacity:.45}}" +
      ".cz-ctl{cursor:pointer}.cz-ctl:hover rect{fill:#fff}";

    // Ground.
    var fb = full(drawing);
    el("rect", { x: fb.x, y: fb.y + STRIP, width: fb.w, height: fb.h - STRIP, fill: "#8aa86f" }, svg);

    // Area tiles, walls, wire.
    var t = tiles(drawing);
    var g = el("g", { "class": "cz-tiles" }, svg);
    Object.keys(t).forEach(function (k) {
      el("path", { d: t[k], fill: FILL[k] || "#ddd", stroke: FILL[k] || "#ddd", "stroke-width": "0.06" }, g);
    });
    // Appel start places of this player count, tinted by nation.
    var layout = drawing.appel && view.players ? drawing.appel[String(view.players)] : null;
    if (layout) {
      var ga = el("g", { "class": "cz-appel", opacity: "0.33" }, svg);
      layout.forEach(function (group) {
        var n = (drawing.nations || []).filter(function (x) { return x.id === group.nation; })[0];
        var d = "";
        group.circles.forEach(function (id) { var c = byId[id]; if (c) d += hexPath(c.x, c.y, drawing.lattice || {}); });
        el("path", { d: d, fill: n ? n.colour : "#999" }, ga);
      });
    }
    // The rooms Search cards opened this turn (any number of them).
    (view.search || []).forEach(function (room) {
      var sr = (drawing.areas || []).filter(function (a) { return a.id === room; })[0];
      if (sr) {
        var gs = el("g", { "class": "cz-search" }, svg);
        var d2 = "";
        drawing.circles.forEach(function (c) { if (c.area === sr.id) d2 += hexPath(c.x, c.y, drawing.lattice || {}); });
        el("path", { d: d2, fill: "#e53935", opacity: "0.35" }, gs);
      }
    });
    el("path", { d: drawing.walls || "", fill: "none", stroke: "#3e2f25", "stroke-width": "0.32",
      "stroke-linecap": "round" }, svg);
    el("path", { d: drawing.wire || "", fill: "none", stroke: "#4a4a4a", "stroke-width": "0.2",
      "stroke-dasharray": "0.35 0.25" }, svg);

    // Links: steps faint; drops as arrows; wire crossings; tunnels by state; the car's.
    var steps = "", cars = "";
    var gl = el("g", { "class": "cz-links" }, svg);
    (drawing.links || []).forEach(function (l) {
      var a = byId[l.a], b = byId[l.b];
      if (!a || !b) return;
      var seg = "M" + a.x + " " + a.y + "L" + b.x + " " + b.y;
      if (l.kind === "step" || l.kind === "cell") steps += seg;
      else if (l.kind === "car") cars += seg;
      else if (l.kind === "door" || l.kind === "gate" || l.kind === "cell-door") {
        el("path", { d: seg, stroke: "#5d4037", "stroke-width": "0.5", "stroke-linecap": "round", opacity: "0.55" }, gl);
      } else if (l.kind === "drop30" || l.kind === "drop60") {
        var up = byId[l.upper] || a, down = up === a ? b : a;
        // Stop the arrow at the landing circle's rim.
        var dx = down.x - up.x, dy = down.y - up.y, len = Math.hypot(dx, dy) || 1;
        el("line", { x1: up.x, y1: up.y, x2: f(down.x - dx / len * 0.75), y2: f(down.y - dy / len * 0.75),
          stroke: "#6d3d14", "stroke-width": l.kind === "drop60" ? "0.32" : "0.22", "stroke-dasharray": "0.5 0.2",
          "marker-end": "url(#cz-arrow)" }, gl);
      } else if (l.kind === "wire") {
        el("path", { d: seg, stroke: "#b71c1c", "stroke-width": "0.28", "stroke-dasharray": "0.2 0.2" }, gl);
      } else if (l.kind === "tunnel") {
        // Closed: a faint dotted course; open: bold dashes; detected: red dashes.
        var st = tunnelState[l.tunnel] || "closed";
        var live = st === "open" || st === "detected";
        el("path", { d: seg, stroke: st === "detected" || st === "taken" ? "#c62828" : live ? "#b0651e" : "#6d4c41",
          "stroke-width": live ? "0.42" : "0.26", "stroke-dasharray": live ? "0.7 0.3" : "0.15 0.3",
          opacity: live ? "0.95" : "0.7", "stroke-linecap": "round" }, gl);
      }
    });
    el("path", { d: steps, stroke: "#000", "stroke-opacity": "0.13", "stroke-width": "0.12" }, gl, null)
      .parentNode.insertBefore(gl.lastChild, gl.firstChild);
    el("path", { d: cars, stroke: "#37474f", "stroke-width": "0.2", "stroke-dasharray": "0.25 0.2" }, gl);

    // Area names, laid out clear of each other and of the pawns (layoutNames).
    var gt = el("g", { "class": "cz-labels", "text-anchor": "middle", "pointer-events": "none" });
    var spots = pawnSpots(drawing, byId, view, lang);
    layoutNames(drawing, lang, spots).forEach(function (n) {
      if (n.room) {
        // A room: its name above it (or below), its symbol after it or on a line of its own
        // (blue: escape-kit part; brown: equipment).
        var txt = el("text", { x: f(n.x), y: f(n.y), "font-size": n.fs, fill: "#3e2723", "font-weight": "bold",
          stroke: "#f6ecd2", "stroke-width": "0.22", "paint-order": "stroke" }, gt);
        n.lines.forEach(function (line, i) {
          var attrs = { x: f(n.x), dy: i ? f(n.lh) : 0 };
          if (line.sym && !line.text) attrs.fill = n.symFill;
          el("tspan", attrs, txt, line.text || line.sym);
          if (line.sym && line.text) el("tspan", { fill: n.symFill }, txt, " · " + line.sym);
        });
      } else {
        el("text", { x: f(n.x), y: f(n.y), "font-size": n.fs, fill: "#2b2b2b", "font-style": "italic",
          stroke: "#fff", "stroke-opacity": "0.7", "stroke-width": "0.2", "paint-order": "stroke" }, gt, n.text);
      }
    });

    // Circles.
    var gc = el("g", { "class": "cz-circles" }, svg);
    drawing.circles.forEach(function (c) {
      var hot = places.has(c.id);
      var attrs = { "data-place": c.id, "class": "cz-place" };
      var g1 = el("g", attrs, gc);
      if (c.kind === "car") {
        el("rect", { x: c.x - 1.6, y: c.y - 0.9, width: 3.2, height: 1.8, rx: 0.5, fill: "#455a64", stroke: "#eceff1",
          "stroke-width": "0.15" }, g1);
        el("text", { x: c.x, y: c.y + 0.32, "font-size": "0.85", fill: "#fff", "text-anchor": "middle",
          "pointer-events": "none" }, g1, tr(lang, "CAR", "АВТО"));
      } else {
        var r = c.kind === "target" ? 1.0 : 0.68;
        var fill = "#fbfaf5", stroke = "#5d5550", sw = 0.1, dash = null;
        if (c.post) { fill = "#212121"; stroke = "#000"; }
        else if (c.kind === "target") { fill = "#c62828"; stroke = "#7f0000"; }
        else if (c.kind === "door" || c.kind === "inspection") { fill = c.kind === "door" ? "#8d6e63" : "#4e342e"; stroke = "#fff"; }
        else if (c.kind === "cell") { fill = "#4e4442"; stroke = "#cfc6c4"; }
        else if (c.safe) { fill = "#e8f5e0"; stroke = "#33691e"; sw = 0.16; }
        else if (c.searchlight) { fill = "#fff59d"; stroke = "#f9a825"; sw = 0.16; }
        else if (c.kind === "appel") { fill = "#ffffff"; stroke = "#9e9e9e"; }
        else if (c.zone === "inner" || c.zone === "room") { fill = "#e9e6df"; stroke = "#6d6a63"; }
        if (c.walkway) dash = "0.3 0.2";
        if (c.tunnel && (c.tunnel.role === "entrance" || c.tunnel.role === "exit")) { fill = "#4e342e"; stroke = "#d7ccc8"; }
        if (c.searchlight) {
          var rays = "";
          for (var i = 0; i < 8; i++) {
            var an = i * Math.PI / 4;
            rays += "M" + f(c.x + Math.cos(an) * 0.75) + " " + f(c.y + Math.sin(an) * 0.75) + "L" +
              f(c.x + Math.cos(an) * 1.05) + " " + f(c.y + Math.sin(an) * 1.05);
          }
          el("path", { d: rays, stroke: "#f9a825", "stroke-width": "0.12" }, g1);
        }
        el("circle", { cx: c.x, cy: c.y, r: r, fill: fill, stroke: stroke, "stroke-width": sw,
          "stroke-dasharray": dash }, g1);
        var label = null, lc = "#3e2723", fs = 0.62;
        if (c.kind === "target") { label = lang === "ru" ? (TARGET_RU[c.label] || c.label) : c.label; lc = "#fff"; fs = c.label && c.label.length > 1 ? 0.78 : 0.9; }
        else if (c.gate) { label = c.gate === "key" ? tr(lang, "K", "К") : tr(lang, "P", "П"); lc = "#fff"; fs = 0.8; }
        else if (c.label === "30" || c.label === "60") { label = c.label; fs = 0.76; lc = c.post ? "#fff" : "#6d3d14"; }
        if (label) el("text", { x: c.x, y: f(c.y + fs * 0.36), "font-size": fs, fill: lc, "text-anchor": "middle",
          "font-weight": "bold", "pointer-events": "none" }, g1, label);
        if (c.exit) el("text", { x: f(c.x - 1.25), y: f(c.y + 0.35), "font-size": "1", fill: "#4a148c",
          "text-anchor": "middle", "font-weight": "bold", "pointer-events": "none" }, g1, "➜");
      }
      if (hot) {
        el("circle", { cx: c.x, cy: c.y, r: c.kind === "car" ? 1.9 : 0.95, fill: "#ffeb3b", "fill-opacity": "0.35",
          stroke: "#ff6f00", "stroke-width": "0.28", "class": "cz-hot" }, g1);
      }
      g1.addEventListener("click", function (e) {
        if (ctx.places && ctx.places.has(c.id) && ctx.onPlace) { e.stopPropagation(); ctx.onPlace(c.id); }
      });
    });

    svg.appendChild(gt); // names above the circles, under the pawns

    // Escape Attempt markers: a flag in the nation's colour on the link's middle.
    var gm = el("g", { "class": "cz-markers", "pointer-events": "none" }, svg);
    (view.markers || []).forEach(function (mk) {
      var a = byId[mk[0]], b = byId[mk[1]];
      var n = (drawing.nations || []).filter(function (x) { return x.id === mk[2]; })[0];
      if (!a || !b) return;
      var mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      el("path", { d: "M" + f(mx) + " " + f(my + 0.5) + "v-1.5l1.1 0.4l-1.1 0.4", fill: n ? n.colour : "#000",
        stroke: "#111", "stroke-width": "0.1" }, gm);
    });

    // Barracks and the Commander's Office.
    holdings(drawing, view, lang).forEach(function (k) {
      var hb = k.box;
      var gh = el("g", { "class": "cz-holding" }, svg);
      el("rect", { x: f(hb.x0), y: f(hb.y0), width: f(hb.w), height: f(hb.h), rx: 0.4, fill: "#eceff1", stroke: "#37474f",
        "stroke-width": "0.15", opacity: "0.95" }, gh);
      el("text", { x: k.h.x, y: f(hb.y0 + 1.0), "font-size": "0.8", "text-anchor": "middle", fill: "#263238",
        "font-weight": "bold" }, gh, hb.title);
      k.list.forEach(function (p, i) {
        var q = hb.at(i);
        pawn(gh, p, q.x, q.y, null, ctx, drawing);
      });
    });

    // Pawns on circles: tunnel pawns small and offset, under surface pawns.
    var gp = el("g", { "class": "cz-pawns" }, svg);
    var list = (view.pawns || []).filter(function (p) { return byId[p.at] && p.at !== "car"; });
    list.sort(function (a, b) { return (b.tunnel ? 1 : 0) - (a.tunnel ? 1 : 0); });
    list.forEach(function (p) {
      var c = byId[p.at];
      if (p.tunnel) pawn(gp, p, c.x + 0.55, c.y + 0.5, c.id, ctx, drawing, true);
      else pawn(gp, p, c.x, c.y, c.id, ctx, drawing);
    });

    B.zoomable(svg, full(drawing), STRIP, "cz", { legible: LEGIBLE, focus: focus(spots, pieces) });
  }

  // Where the board opens when it cannot be read whole: the middle of the pawns that have
  // orders, else of the pawns in the castle (not in the Barracks), else of all.
  function focus(spots, pieces) {
    var on = spots.filter(function (p) { return p.id; });
    var mine = on.filter(function (p) { return pieces.has(p.id); });
    var castle = on.filter(function (p) { return !p.held; });
    var list = mine.length ? mine : castle.length ? castle : on;
    if (!list.length) return null;
    var xs = list.map(function (p) { return p.x; }), ys = list.map(function (p) { return p.y; });
    return { x: (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2, y: (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2 };
  }

  function pawn(parent, p, x, y, at, ctx, drawing, small) {
    var id = p.code;
    var guard = /^g\d+$/.test(id);
    var n = guard ? null : nationOf(id, drawing);
    var colour = guard ? ((drawing.german && drawing.german.colour) || "#37474f") : (n ? n.colour : "#999");
    var can = ctx.pieces && ctx.pieces.has(id);
    var refused = (ctx.view && ctx.view.refused || []).indexOf(id) >= 0;
    var sel = ctx.selected === id;
    var r = small ? SMALL_R : PAWN_R;
    var g = el("g", { "data-piece": id, "class": "cz-piece" + (can ? " cz-can" : "") }, parent);
    if (sel || can) {
      el("circle", { cx: f(x), cy: f(y), r: r + (sel ? 0.42 : 0.3), fill: sel ? "#ffab00" : "none",
        "fill-opacity": sel ? "0.5" : null, stroke: sel ? "#ff6d00" : "#ffd600",
        "stroke-width": sel ? "0.3" : "0.22" }, g);
    }
    if (guard) {
      el("rect", { x: f(x - r), y: f(y - r), width: f(2 * r), height: f(2 * r), rx: 0.18, fill: colour,
        stroke: "#eceff1", "stroke-width": "0.14" }, g);
    } else {
      el("circle", { cx: f(x), cy: f(y), r: r, fill: colour, stroke: small ? "#3e2723" : "#fff",
        "stroke-width": small ? "0.12" : "0.14", "stroke-dasharray": small ? "0.2 0.12" : null }, g);
    }
    if (refused) {
      el("circle", { cx: f(x), cy: f(y), r: r + 0.2, fill: "none", stroke: "#d50000", "stroke-width": "0.16",
        "stroke-dasharray": "0.25 0.15" }, g);
    }
    var num = id.replace(/^[a-z]+/, "");
    var fs = small ? SMALL_FS : PAWN_FS;
    el("text", { x: f(x), y: f(y + fs * 0.36), "font-size": fs, fill: inkOn(colour),
      "text-anchor": "middle", "font-weight": "bold", "pointer-events": "none" }, g, num);
    var title = el("title", null, g);
    var where = at ? at : p.at;
    // Places off the board by name; a circle by its id.
    var offBoard = { barracks: ["barracks", "Бараки"], office: ["office", "Командный Пункт"], escaped: ["escaped", "Побег"], dead: ["dead", "убит"] }[where];
    if (offBoard) where = tr(ctx.lang, offBoard[0], offBoard[1]);
    title.textContent = id + " @ " + where + (p.tunnel ? tr(ctx.lang, " (in a tunnel)", " (в Тоннеле)") : "") +
      (refused ? tr(ctx.lang, " — refuses Appel", " — отказывается от Сбора") : "");
    g.addEventListener("click", function (e) {
      e.stopPropagation();
      var places = ctx.places || new Set(), pieces = ctx.pieces || new Set();
      if (ctx.selected && ctx.selected !== id && at && places.has(at)) { if (ctx.onPlace) ctx.onPlace(at); }
      else if (pieces.has(id)) { if (ctx.onPiece) ctx.onPiece(id); }
      else if (at && places.has(at)) { if (ctx.onPlace) ctx.onPlace(at); }
    });
  }

  // ------------------------------------------------------------ panel --
  function dieFace(n) { return n >= 1 && n <= 6 ? "⚀⚁⚂⚃⚄⚅".charAt(n - 1) : String(n); }

  function panel(ctx) {
    var drawing = ctx.drawing || {}, view = ctx.view || {}, lang = ctx.lang || "en", table = ctx.table || {};
    var L = lang === "ru" ? 1 : 0;
    var T = function (en, ru) { return L ? ru : en; };
    var seats = table.seats || [];
    var seatName = function (i) {
      var s = seats[i];
      if (s) return named(s.name, lang);
      if (i === 0) return T("German Security Officer", "Офицер Охраны");
      var n = (view.officers || [])[i - 1];
      return n ? n.nation : "?";
    };
    var nation = function (id) { return (drawing.nations || []).filter(function (x) { return x.id === id; })[0]; };
    var nationName = function (id) { var n = nation(id); return n ? named(n.name, lang) : id; };
    var swatch = function (id) {
      var n = nation(id);
      return '<span class="cz-sw" style="background:' + (n ? n.colour : "#37474f") + '"></span>';
    };
    var opts = (table.setup && table.setup.options) || {};
    var h = [];
    h.push("<style>" +
      ".cz-panel{font-size:14px;line-height:1.35;overflow-wrap:break-word}" +
      ".cz-panel h3{font-size:15px;margin:.7em 0 .3em}" +
      ".cz-panel table{border-collapse:collapse;width:100%;font-size:13px}" +
      ".cz-panel td,.cz-panel th{padding:2px 4px;text-align:left;vertical-align:top}" +
      ".cz-panel th{font-weight:600;border-bottom:1px solid #ccc;white-space:nowrap;font-size:12px}" +
      ".cz-panel .num{text-align:right;white-space:nowrap}.cz-panel td:first-child{white-space:nowrap}" +
      ".cz-sw{display:inline-block;width:.8em;height:.8em;border-radius:50%;margin-right:.3em;vertical-align:-1px;border:1px solid #0003}" +
      ".cz-dice{font-size:26px;line-height:1;letter-spacing:2px}" +
      ".cz-cards{margin:.2em 0;padding-left:1.2em}" +
      ".cz-note{color:#555;font-size:12px}" +
      ".cz-warn{background:#fff3e0;border-left:3px solid #ef6c00;padding:4px 6px;margin:.4em 0}" +
      ".cz-me{font-weight:600}" +
      ".cz-panel details{margin:.6em 0}.cz-panel summary{cursor:pointer;font-weight:600}" +
      "#cz-key ul{list-style:none;padding-left:.2em;margin:.3em 0;font-size:13px}#cz-key li{margin:.25em 0;display:flex;align-items:center;gap:.4em}" +
      "#cz-key .cz-sym{flex:none}" +
      "</style>");
    h.push('<div class="cz-panel">');

    // Turn, phase, pending decision.
    var phase = view.phase && view.phase.phase;
    if (phase === "over" || table.over) {
      h.push("<h3>" + esc(T("Game over", "Конец игры")) + "</h3>");
      if (table.over && table.over.text) h.push("<div>" + esc(named(table.over.text, lang)) + "</div>");
    } else {
      h.push("<h3>" + esc(T("Turn: ", "Ход: ")) + esc(seatName(view.turn || 0)) + "</h3>");
      if (phase) h.push("<div>" + esc(PHASE[phase] ? PHASE[phase][L] : phase) + "</div>");
      if (table.to_act && table.to_act.length) {
        var names = table.to_act.map(function (id) {
          var s = seats.filter(function (x) { return x.id === id; })[0];
          return s ? named(s.name, lang) : id;
        });
        h.push('<div class="cz-note">' + esc(T("To decide: ", "Решение за: ")) + esc(names.join(", ")) + "</div>");
      }
    }
    var p = view.pending;
    if (p) {
      var text = "";
      if (p.wait === "confiscate") text = T(nationName(p.nation) + " give up " + p.count + " Equipment card(s) (or play a Hideaway)",
        nationName(p.nation) + ": конфискация Экипировки — " + p.count + " (или карта Тайник)");
      else if (p.wait === "warn") {
        var room = roomList(drawing)[p.room];
        var rn = room ? named(room.name, lang) : "?";
        text = T("Search of the " + rn + ": " + nationName(p.nation) + " may answer with Advance Warning",
          "Обыск (" + rn + "): " + nationName(p.nation) + " могут ответить картой Предупреждение");
      } else if (p.wait === "choose-cell") text = T("The German chooses the cell for " + p.pow, "Офицер Охраны выбирает Одиночку для " + p.pow);
      else if (p.wait === "to-appel") text = T("Send " + p.pow + " to any free Appel circle", "Отправьте " + p.pow + " на любой свободный кружок Области Сбора");
      else if (p.wait === "escape-markers") text = T("After the escape: remove the " + nationName(p.nation) + " markers?",
        "После Побега: убрать маркеры (" + nationName(p.nation) + ")?");
      else if (p.wait === "talisman") text = T("Shoot to Kill at " + (p.shot && p.shot.target) + ": a Talisman?",
        "Выстрел на Поражение по " + (p.shot && p.shot.target) + ": Талисман?");
      else text = p.wait;
      h.push('<div class="cz-warn">' + esc(text) + "</div>");
    }

    // Dice and movement: the latest throw in the log (each decision carries
    // its events), and what the last decision did.
    var log = ctx.log || table.log || [];
    var dice = [], rolledBy = null;
    for (var li = log.length - 1; li >= 0 && !dice.length; li--) {
      (log[li].events || []).forEach(function (e) { if (e.dice && e.dice.length) dice = dice.concat(e.dice); });
      if (dice.length) rolledBy = log[li].seat;
    }
    var lastEvents = table.events || (log.length ? log[log.length - 1].events : null) || [];
    if (!dice.length) lastEvents.forEach(function (e) { if (e.dice && e.dice.length) dice = dice.concat(e.dice); });
    if (dice.length || phase === "move") {
      h.push("<div>");
      if (dice.length) {
        var sum = dice.reduce(function (a, b) { return a + b; }, 0);
        var who = rolledBy ? seats.filter(function (x) { return x.id === rolledBy; })[0] : null;
        h.push('<span class="cz-dice" title="' + esc(dice.join(" + ") + " = " + sum) + '">' + dice.map(dieFace).join("") +
          "</span> " + (who ? '<span class="cz-note">' + esc(named(who.name, lang)) + "</span> " : ""));
      }
      if (phase === "move") {
        h.push(esc(T("movement left: ", "осталось движения: ")) + "<b>" + (view.mp || 0) + "</b>");
        if (view.releases) h.push(" · " + esc(T("releases: ", "освобождений: ")) + view.releases);
      }
      h.push("</div>");
    }
    lastEvents.forEach(function (e) {
      if (e.text) h.push('<div class="cz-note">' + esc(named(e.text, lang)) + "</div>");
    });

    // Rounds and victory.
    var rounds = opts.rounds;
    h.push("<div>" + esc(T("Round marker: ", "Маркер Раундов: ")) + "<b>" + (view.round != null ? view.round : "?") + "</b>" +
      (rounds ? esc(T(" (of " + rounds + "; counts down)", " (из " + rounds + "; обратный отсчёт)")) : "") + "</div>");
    var victory = opts.victory || "two-of-one";
    var vm = /^total-(\d+)$/.exec(victory);
    h.push('<div class="cz-note">' + esc(vm ?
      T("Victory: " + vm[1] + " escapes by all officers together", "Победа: " + vm[1] + " Побегов всех Офицеров Беглецов вместе") :
      T("Victory: two escapes of one nationality", "Победа: два Побега одной национальности")) +
      (view.classic ? esc(T(" · classic rules", " · классические правила")) : "") + "</div>");

    // Officers.
    var pawns = view.pawns || [];
    var cellOf = {};
    (drawing.circles || []).forEach(function (c) { if (c.cells) cellOf[c.id] = c.cells; });
    var mySeat = ctx.seat || (table.role && table.role.seat);
    var total = 0;
    h.push("<h3>" + esc(T("Escape Officers", "Офицеры Беглецы")) + "</h3>");
    var th = function (en, ru, ten, tru) {
      return '<th class=num title="' + esc(T(ten, tru)) + '">' + esc(T(en, ru)) + "</th>";
    };
    h.push("<table><tr><th></th>" + th("Esc.", "Поб.", "escapes", "Побеги") + th("Cards", "Карт", "Opportunity cards", "карты Возможностей") +
      th("Equip.", "Экип.", "Equipment cards", "карты Экипировки") + th("Kit", "Компл.", "Escape Kit", "Комплект Спасения") +
      th("Solit.", "Одиноч.", "POWs in solitary", "Военнопленные в Одиночке") + "</tr>");
    (view.officers || []).forEach(function (o) {
      var n = nation(o.nation);
      var mine = pawns.filter(function (q) { return n && q.code.indexOf(n.prefix) === 0; });
      var solitary = mine.filter(function (q) { return cellOf[q.at]; }).length;
      var dead = mine.filter(function (q) { return q.at === "dead"; }).length;
      total += o.escapes || 0;
      h.push("<tr" + (mySeat === o.nation ? ' class="cz-me"' : "") + "><td>" + swatch(o.nation) + esc(nationName(o.nation)) +
        (o.appel_waiting ? ' <span title="' + esc(T("to answer Appel", "отвечает на Сбор")) + '">⏳</span>' : "") +
        (dead ? ' <span class="cz-note" title="' + esc(T("killed", "убиты")) + '">†' + dead + "</span>" : "") +
        "</td><td class=num><b>" + (o.escapes || 0) + "</b></td><td class=num>" + o.cards + "</td><td class=num>" + o.equipment +
        "</td><td class=num>" + (o.kit ? "✔" : "—") + "</td><td class=num>" + solitary + "</td></tr>");
    });
    h.push("</table>");
    if (vm) h.push('<div class="cz-note">' + esc(T("Escapes in all: ", "Всего Побегов: ")) + total + " / " + vm[1] + "</div>");

    // This seat's hand.
    var me = (view.officers || []).filter(function (o) { return o.hand; })[0];
    if (me) {
      h.push("<h3>" + swatch(me.nation) + esc(T("Your hand", "Ваши карты")) + "</h3>");
      h.push(me.hand.length ? '<ul class="cz-cards">' + me.hand.map(function (c) {
        return "<li>" + esc(cardName(c, drawing, lang)) + "</li>";
      }).join("") + "</ul>" : '<div class="cz-note">' + esc(T("no Opportunity cards", "нет карт Возможностей")) + "</div>");
      if (me.kinds) {
        var eq = [];
        me.kinds.forEach(function (k, i) { if (k) eq.push(EQUIP_NAME[EQUIP[i]][L] + (k > 1 ? " ×" + k : "")); });
        h.push("<div>" + esc(T("Equipment: ", "Экипировка: ")) + esc(eq.length ? eq.join(", ") : T("none", "нет")) + "</div>");
      }
      h.push("<div>" + esc(T("Escape Kit: ", "Комплект Спасения: ")) + (me.kit ? "✔" : esc(T("none", "нет"))) + "</div>");
    }
    if (view.security_hand) {
      h.push("<h3>" + esc(T("Your Security cards", "Ваши карты Охраны")) + "</h3>");
      h.push(view.security_hand.length ? '<ul class="cz-cards">' + view.security_hand.map(function (c) {
        return "<li>" + esc(cardName(c, drawing, lang)) + "</li>";
      }).join("") + "</ul>" : '<div class="cz-note">' + esc(T("none", "нет")) + "</div>");
    }

    // The German and the guards.
    var guards = pawns.filter(function (q) { return /^g\d+$/.test(q.code); });
    var where = { board: 0, barracks: 0, office: 0 };
    guards.forEach(function (g) { if (where[g.at] != null) where[g.at]++; else where.board++; });
    h.push("<h3>" + esc(T("Security", "Охрана")) + "</h3>");
    h.push("<div>" + esc(T("Guards on the board: ", "Охранников на поле: ")) + where.board + " · " +
      esc(T("barracks: ", "в Бараках: ")) + where.barracks + " · " + esc(T("office: ", "на Командном Пункте: ")) + where.office + "</div>");
    if (!view.security_hand) h.push("<div>" + esc(T("Security cards in hand: ", "Карт Охраны на руке: ")) + (view.security_cards || 0) + "</div>");
    (view.search || []).forEach(function (room) {
      h.push('<div class="cz-warn">' + esc(T("Search: guards may enter the ", "Обыск: Охранники могут войти в Комнату ")) +
        esc(roomName(drawing, room, lang)) + "</div>");
    });

    // Appel.
    if (phase === "appel-answer" || phase === "appel-search" || (view.refused && view.refused.length)) {
      h.push("<h3>" + esc(T("Appel", "Сбор")) + "</h3>");
      var waiting = (view.officers || []).filter(function (o) { return o.appel_waiting; }).map(function (o) { return nationName(o.nation); });
      if (waiting.length) h.push("<div>" + esc(T("Still to answer: ", "Ещё не ответили: ")) + esc(waiting.join(", ")) + "</div>");
      if (view.refused && view.refused.length) h.push("<div>" + esc(T("Refusing: ", "Отказываются: ")) + esc(view.refused.join(", ")) + "</div>");
      // This officer's answer, one decision: tick the POWs who refuse, then answer
      // (the shell sends "answer br1 br3", see web/app.js).
      var live = ctx.table && ctx.view === ctx.table.view;
      var answers = ((live && ctx.table.legal) || []).filter(function (a) { return /^answer( |$)/.test(a.action); });
      if (answers.length) {
        var may = [];
        answers.forEach(function (a) {
          a.action.split(" ").slice(1).forEach(function (w) { if (may.indexOf(w) < 0) may.push(w); });
        });
        h.push('<form data-compose="answer" id="appel-answer">' +
          (may.length ? "<div>" + esc(T("Refuse to return:", "Отказываются вернуться:")) + "</div>" : "") +
          may.map(function (w) {
            return '<label><input type="checkbox" value="' + esc(w) + '"> ' + esc(w) + "</label> ";
          }).join("") +
          '<div><button type="submit">' + esc(T("Answer Appel", "Ответить на Сбор")) + "</button></div></form>");
      }
    }

    // Solitary.
    var inCells = pawns.filter(function (q) { return cellOf[q.at]; });
    if (inCells.length) {
      h.push("<h3>" + esc(T("Solitary", "Одиночка")) + "</h3><div>");
      h.push(inCells.map(function (q) {
        var n = nationOf(q.code, drawing);
        return swatch(n ? n.id : null) + esc(q.code) + ' <span class="cz-note">(' +
          esc(cellOf[q.at] === "inner" ? T("inner", "внутр.") : T("outer", "внешн.")) + ")</span>";
      }).join(" &nbsp; "));
      h.push("</div>");
    }

    // Tunnels, stocks, decks.
    h.push("<h3>" + esc(T("Castle", "Замок")) + "</h3>");
    var ts = (drawing.tunnels || []).map(function (t, i) {
      var s = (view.tunnels || [])[i] || "closed";
      return named(t.name, lang) + ": " + (TUNNEL_STATE[s] ? TUNNEL_STATE[s][L] : s);
    });
    h.push("<div>" + esc(T("Tunnels — ", "Тоннели — ")) + esc(ts.join(", ")) + "</div>");
    if (view.stock) {
      h.push("<div>" + esc(T("Equipment stacks: ", "Стопки Экипировки: ")) + esc(view.stock.map(function (k, i) {
        return EQUIP_NAME[EQUIP[i]][L] + " " + k;
      }).join(", ")) + "</div>");
    }
    h.push('<div class="cz-note">' + esc(T("Escape Kits left: ", "Комплектов Спасения осталось: ")) + (view.kit_stock || 0) +
      " · " + esc(T("decks: Opportunity ", "колоды: Возможности ")) + ((view.decks || [])[0] || 0) + ", " +
      esc(T("Security ", "Охраны ")) + ((view.decks || [])[1] || 0) +
      (view.kit_parts_aside ? " · " + esc(T("kit parts aside: ", "частей Комплекта отложено: ")) + view.kit_parts_aside : "") +
      (view.markers && view.markers.length ? " · " + esc(T("Escape Attempt markers: ", "маркеров Попытки Бегства: ")) + view.markers.length : "") +
      "</div>");
    var escaped = pawns.filter(function (q) { return q.at === "escaped"; }).map(function (q) { return q.code; });
    if (escaped.length) h.push("<div>" + esc(T("Escaped: ", "Сбежали: ")) + esc(escaped.join(", ")) + "</div>");
    h.push(legend(drawing, lang));
    if (drawing.note) h.push('<div class="cz-note" style="margin-top:.6em">' + esc(named(drawing.note, lang)) + "</div>");
    h.push("</div>");
    return h.join("");
  }

  // The map key: each mark of the board beside its meaning, drawn as the board draws it.
  function legend(drawing, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    // An inline SVG w board units wide and 2.4 high (30 px).
    var svg = function (w, body) {
      return '<svg class="cz-sym" viewBox="' + (-w / 2) + ' -1.2 ' + w + ' 2.4" width="' + Math.round(w / 2.4 * 30) + '" height="30" font-family="' + FONT + '">' + body + "</svg>";
    };
    var circle = function (x, fill, stroke, extra) {
      return '<circle cx="' + x + '" cy="0" r="0.68" fill="' + fill + '" stroke="' + stroke + '" stroke-width="' + (extra || 0.1) + '"/>';
    };
    var print = function (x, text, fs, ink) {
      return '<text x="' + x + '" y="' + f(fs * 0.36) + '" font-size="' + fs + '" font-weight="bold" text-anchor="middle" fill="' + ink + '">' + esc(text) + "</text>";
    };
    var pawnSample = function (x, colour, n, square) {
      var shape = square
        ? '<rect x="' + f(x - PAWN_R) + '" y="' + (-PAWN_R) + '" width="' + 2 * PAWN_R + '" height="' + 2 * PAWN_R + '" rx="0.18" fill="' + colour + '" stroke="#eceff1" stroke-width="0.14"/>'
        : '<circle cx="' + x + '" cy="0" r="' + PAWN_R + '" fill="' + colour + '" stroke="#fff" stroke-width="0.14"/>';
      return '<g class="cz-sample">' + shape + print(x, String(n), PAWN_FS, inkOn(colour)) + "</g>";
    };
    var nations = (drawing.nations || []);
    var items = [
      [svg(Math.max(2.4, nations.length * 1.5), nations.map(function (n, i) { return pawnSample(f((i - (nations.length - 1) / 2) * 1.5), n.colour, i + 1); }).join("")),
        T("An officer's pawn: its nation's colour and number", "Фишка Военнопленного: цвет его нации и номер")],
      [svg(2.4, pawnSample(0, (drawing.german && drawing.german.colour) || "#37474f", 1, true)), T("A guard", "Охранник")],
      [svg(2.4, '<g class="cz-sample"><circle cx="0" cy="0" r="' + SMALL_R + '" fill="' + (nations[0] ? nations[0].colour : "#c62828") +
        '" stroke="#3e2723" stroke-width="0.12" stroke-dasharray="0.2 0.12"/>' + print(0, "3", SMALL_FS, inkOn(nations[0] ? nations[0].colour : "#c62828")) + "</g>"),
        T("A pawn in a tunnel (small, dashed)", "Фишка в Тоннеле (маленькая, пунктир)")],
      [svg(2.4, circle(0, "#e8f5e0", "#33691e", 0.16)), T("A safe circle (green)", "Безопасный кружок (зелёный)")],
      [svg(2.4, '<path d="M0.75 0L1.05 0M-0.75 0L-1.05 0M0 0.75L0 1.05M0 -0.75L0 -1.05M0.53 0.53L0.74 0.74M-0.53 -0.53L-0.74 -0.74M0.53 -0.53L0.74 -0.74M-0.53 0.53L-0.74 0.74" stroke="#f9a825" stroke-width="0.12"/>' +
        circle(0, "#fff59d", "#f9a825", 0.16)), T("A searchlight circle", "Кружок прожектора")],
      [svg(2.4, circle(0, "#212121", "#000")), T("A guard post", "Пост Охраны")],
      [svg(3.2, circle(-0.8, "#8d6e63", "#fff") + print(-0.8, T("K", "К"), 0.8, "#fff") + circle(0.8, "#4e342e", "#fff") + print(0.8, T("P", "П"), 0.8, "#fff")),
        T("A door that needs a Key; an inspection point that needs a Pass", "Дверь, где нужен Ключ; Инспекционный Пункт, где нужен Пропуск")],
      [svg(2.4, '<circle cx="0" cy="0" r="1" fill="#c62828" stroke="#7f0000" stroke-width="0.1"/>' + print(0, T("N", "С"), 0.9, "#fff")), T("An escape target", "Цель Побега")],
      [svg(4, circle(-1.1, "#e9e6df", "#6d6a63") + print(-1.1, "30", 0.76, "#6d3d14") +
        '<line x1="-0.3" y1="0" x2="1.4" y2="0" stroke="#6d3d14" stroke-width="0.22" stroke-dasharray="0.5 0.2"/><path d="M1.2 -0.4L1.9 0L1.2 0.4z" fill="#6d3d14"/>'),
        T("A drop of 30 or 60 feet (a rope), arrow downwards", "Спуск на 30 или 60 футов (Верёвка), стрелка вниз")],
      [svg(4, '<path d="M-1.8 -0.5H1.8" stroke="#4a4a4a" stroke-width="0.2" stroke-dasharray="0.35 0.25"/><path d="M-1.8 0.5H1.8" stroke="#b71c1c" stroke-width="0.28" stroke-dasharray="0.2 0.2"/>'),
        T("The wire; a crossing of it (Wire Cutters)", "Проволока; переход через неё (Кусачки)")],
      [svg(4, '<path d="M-1.8 -0.5H1.8" stroke="#6d4c41" stroke-width="0.26" stroke-dasharray="0.15 0.3" opacity="0.7" stroke-linecap="round"/><path d="M-1.8 0.5H1.8" stroke="#b0651e" stroke-width="0.42" stroke-dasharray="0.7 0.3" stroke-linecap="round"/>'),
        T("A tunnel: closed (dotted), open (dashed; red: detected)", "Тоннель: закрыт (точки), открыт (штрихи; красный — обнаружен)")],
      [svg(4.8, '<text x="0" y="-0.2" font-size="0.84" font-weight="bold" text-anchor="middle" fill="#8d3b00">' + esc(SYMBOL_SHORT.food[L(lang)]) +
        '</text><text x="0" y="0.85" font-size="0.84" font-weight="bold" text-anchor="middle" fill="#1565c0">' + esc(SYMBOL_SHORT.compass[L(lang)]) + "</text>"),
        T("After a room's name: what it supplies (brown: Equipment; blue: an Escape Kit part)", "После названия Комнаты: что в ней можно получить (коричневый — Экипировка; синий — часть Комплекта Спасения)")],
      [svg(2.4, circle(0, "#fbfaf5", "#5d5550") + '<circle cx="0" cy="0" r="0.95" fill="#ffeb3b" fill-opacity="0.35" stroke="#ff6f00" stroke-width="0.28"/>'),
        T("A lit circle: where the selected pawn may go", "Подсвеченный кружок: куда может пойти выбранная фишка")],
      [svg(2.4, '<path d="M-0.3 0.9v-1.5l1.1 0.4l-1.1 0.4" fill="' + (nations[0] ? nations[0].colour : "#c62828") + '" stroke="#111" stroke-width="0.1"/>'),
        T("An Escape Attempt marker", "Маркер Попытки Бегства")]
    ];
    return '<details id="cz-key"><summary>' + esc(T("Map key", "Условные обозначения")) + "</summary><ul>" +
      items.map(function (it) { return "<li>" + it[0] + "<span>" + esc(it[1]) + "</span></li>"; }).join("") + "</ul></details>";
  }
  function L(lang) { return lang === "ru" ? 1 : 0; }

  Sandtable.games.colditz = { draw: draw, panel: panel };
})();
