// What every game's board renderer shares: SVG element building, number
// rounding, bilingual names, zoom and pan (wheel, pinch, drag, double
// click, the + − ⤢ buttons), and the drawing of hex grids, counters, stacks,
// cards in a hand and tracks. Plain JS, no build step; web/dev/board.html
// shows each helper.
//
//   var B = Sandtable.board;
//   B.el("circle", {cx: 1, cy: 2, r: 0.5}, parent)  -> the new SVG element
//   B.tr(lang, en, ru)  a renderer's own words in the page's language
//   B.zoomable(svg, box, strip, prefix, o)  after drawing: sets the viewBox to the zoomed
//       part of box ({x, y, w, h}: the whole board, a strip at its top free for the
//       buttons) and draws the buttons; the zoom lives on the <svg> element, so
//       it survives the shell redrawing the board after every change. o (optional):
//       {legible: the scale (CSS px per board unit) at which the renderer's smallest
//       counter text is 9 px, focus: {x, y} where the board's action is}. With o.legible,
//       a board that is first shown smaller than that on a wide screen opens zoomed to
//       it, centred on o.focus (⤢ shows the whole board); on a small screen the whole
//       board is an overview, and the tap that zooms in reaches that scale at least.
//
// Hexes (r: centre to corner; y grows downwards):
//   B.hexPath(x, y, r, orientation, half)  the outline of one hex as path data:
//       "pointy" (default; corners up and down, half = half its width) or
//       "flat" (corners left and right, half = half its height); half defaults
//       to √3/2·r, a regular hex.
//   B.hexGrid(spec)  a rectangular offset grid, spec as crates/board's GridSpec
//       in JSON: {columns, rows, orientation: "pointy-rows" | "flat-columns",
//       shifted: "odd" | "even" (which 0-based rows (pointy) or columns (flat) are
//       pushed half a hex east / toward higher rows), numbering:
//       "letter-row-number-column" (Corps Command "M7") | "column-row-digits"
//       (SCS "12.07"), "rows-run": "up" | "down", size (default 1)}. Centres
//       and labels are those of HexGrid::center and HexGrid::label (the drawing's
//       top-left corner at 0, 0). -> {center(c, r) {x, y}, path(c, r, scale),
//       label(c, r), at(label) [c, r] | null, each(fn(c, r)), width, height}
//       (c, r: 0-based column and row as printed).
//
// Pieces:
//   B.counter(parent, o)  a square unit counter -> its <g>: centred on (o.x, o.y),
//       side o.size; o.fill, o.ink (print), o.edge, o.edgeWidth (outline), o.rx,
//       o.shadow (default true), o.attrs (on the <g>: data-piece, class),
//       o.label (small, at the top), o.body(g, x, y, size) draws the middle
//       (a NATO symbol…), o.values (the bottom line: "4-3-2", or
//       [[text, fill or null], …] as spans, e.g. a reduced strength in another
//       colour), o.dim (washed out: done for the turn).
//   B.stack(items, x, y, step, draw)  a stack, items bottom first: the top one
//       centred on (x, y), each one under it `step` further up and left, peeking
//       out; calls draw(item, x, y, depth, index) bottom first, so the top is in front.
//   B.nextInStack(ids, can, selected)  which piece a click on a stack picks: of
//       the ids (bottom first) that can(id) (a function or a Set), the top one, or
//       the next one down from the selected one; null if none can.
//   B.hand(parent, cards, o)  cards in a hand, a row of faces -> its <g>: from
//       (o.x, o.y), each o.w × o.h (2.5 × 3.5) o.gap apart (0.2; below 0 they
//       overlap); a card {id, title, text, fill, ink} is a face with [data-card=id]
//       (o.selected: raised), null or {back: true} a face-down back (o.back:
//       {fill, ink, text}); o.onCard(id) hears clicks on faces.
//   B.track(parent, o)  a turn or record track -> its <g>: boxes o.cell wide
//       from (o.x, o.y), o.columns to a row (all), labelled o.labels or
//       o.first… (1) for o.n boxes; boxes before o.at greyed, the marker on o.at
//       (o.marker: {text, fill, ink}).
//   B.trackHtml(n, at, prefix, first)  the same track as HTML for a side panel:
//       <span class="P-box">k</span> per box, "P-now" on at, "P-past" before it.
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  var NS = "http://www.w3.org/2000/svg";

  function f(n) { return Math.round(n * 1000) / 1000; }
  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    if (attrs) for (var k in attrs) if (attrs[k] != null) e.setAttribute(k, attrs[k]);
    if (text != null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function named(t, lang) { return t ? (t[lang] || t.en || "") : ""; }
  // A renderer's own words, in the page's language.
  function tr(lang, en, ru) { return lang === "ru" ? ru : en; }

  // ------------------------------------------------------------- zoom --
  // State on the svg: {box, zoom ({x, y, w, h} or null = all), drag, prefix}.
  function state(svg) { return svg.__zoom || (svg.__zoom = { box: null, zoom: null, drag: null }); }
  function viewBox(z) { return z.zoom || z.box; }
  function clamp(z, v) {
    var b = z.box;
    if (v.w >= b.w * 0.999) return null;
    v.w = Math.max(v.w, b.w / 10);
    v.h = v.w * b.h / b.w;
    v.x = Math.min(Math.max(v.x, b.x), b.x + b.w - v.w);
    v.y = Math.min(Math.max(v.y, b.y), b.y + b.h - v.h);
    return v;
  }
  function apply(svg) {
    var z = state(svg), v = viewBox(z);
    svg.setAttribute("viewBox", f(v.x) + " " + f(v.y) + " " + f(v.w) + " " + f(v.h));
    svg.style.touchAction = z.zoom ? "none" : "pan-x pan-y";
    var ctl = svg.querySelector("g.zoom-controls");
    if (ctl) placeControls(svg, ctl, v);
  }
  function zoomAt(svg, factor, px, py) {
    var z = state(svg), v = viewBox(z);
    z.touched = true;
    if (px == null) { px = v.x + v.w / 2; py = v.y + v.h / 2; }
    z.zoom = clamp(z, { x: px - (px - v.x) / factor, y: py - (py - v.y) / factor, w: v.w / factor, h: v.h / factor });
    apply(svg);
  }
  // A screen point in board units (preserveAspectRatio xMidYMid meet).
  function svgPoint(svg, clientX, clientY) {
    var r = svg.getBoundingClientRect();
    var v = viewBox(state(svg));
    var s = Math.min(r.width / v.w, r.height / v.h) || 1;
    var ox = r.left + (r.width - v.w * s) / 2, oy = r.top + (r.height - v.h * s) / 2;
    return { x: v.x + (clientX - ox) / s, y: v.y + (clientY - oy) / s, scale: s };
  }
  // Buttons about 30 px wide whatever the zoom and the screen, in the top-right corner.
  function placeControls(svg, g, v) {
    var z = state(svg), u = z.box.w / 100;
    var px = svg.getBoundingClientRect().width;
    var finger = px ? 30 * v.w / px : 1.5 * u;
    var size = z.zoom ? Math.max(1.5 * v.w / 100, finger) : Math.min(z.strip - 0.6 * u, Math.max(2 * u, finger));
    var k = size / 1.5;
    g.setAttribute("transform", "translate(" + f(v.x + v.w - 5.4 * k) + " " + f(v.y + 0.3 * k) + ") scale(" + f(k) + ")");
  }
  // Whether the board is shown whole on a small screen: too coarse to play on.
  function coarse(svg) {
    var z = state(svg);
    return !!z.box && !z.zoom && svg.getBoundingClientRect().width <= 640;
  }
  function bind(svg) {
    if (svg.__zoomBound) return;
    svg.__zoomBound = true;
    var z = state(svg);
    svg.addEventListener("wheel", function (e) {
      if (!z.box) return;
      e.preventDefault();
      var p = svgPoint(svg, e.clientX, e.clientY);
      zoomAt(svg, e.deltaY < 0 ? 1.25 : 0.8, p.x, p.y);
    }, { passive: false });
    var pointers = {};
    svg.addEventListener("pointerdown", function (e) {
      if (!z.box) return;
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var ids = Object.keys(pointers);
      z.drag = { x: e.clientX, y: e.clientY, vb: viewBox(z), moved: false };
      if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        z.drag.pinch = Math.hypot(a.x - b.x, a.y - b.y);
        z.drag.mid = svgPoint(svg, (a.x + b.x) / 2, (a.y + b.y) / 2);
      }
    });
    svg.addEventListener("pointermove", function (e) {
      var d = z.drag;
      if (!d || !pointers[e.pointerId]) return;
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var ids = Object.keys(pointers);
      if (ids.length >= 2 && d.pinch) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var dist = Math.hypot(a.x - b.x, a.y - b.y);
        if (dist > 0) {
          var k = dist / d.pinch, v = d.vb;
          z.zoom = clamp(z, { x: d.mid.x - (d.mid.x - v.x) / k, y: d.mid.y - (d.mid.y - v.y) / k, w: v.w / k, h: v.h / k });
          z.touched = true;
          apply(svg);
          d.moved = true;
        }
        return;
      }
      var dx = e.clientX - d.x, dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      if (!z.zoom) return; // nothing to pan at full size
      d.moved = true;
      var s = svgPoint(svg, 0, 0).scale;
      z.zoom = clamp(z, { x: d.vb.x - dx / s, y: d.vb.y - dy / s, w: d.vb.w, h: d.vb.h });
      z.touched = true;
      apply(svg);
    });
    function up(e) {
      delete pointers[e.pointerId];
      if (Object.keys(pointers).length === 0 && z.drag) {
        var moved = z.drag.moved;
        setTimeout(function () { if (z.drag && z.drag.moved === moved) z.drag = null; }, 0);
      }
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("pointerleave", up);
    // Before any piece or place hears a click: a drag or pinch is not a
    // click; and on a small screen the whole board at once is too small to
    // aim at (a mis-tap could fire an attack whose dice cannot be taken
    // back), so a tap there only zooms in, and play starts once zoomed.
    svg.addEventListener("click", function (e) {
      if (z.drag && z.drag.moved) { e.stopPropagation(); e.preventDefault(); z.drag = null; return; }
      if (!coarse(svg) || (e.target.closest && e.target.closest(".zoom-controls"))) return;
      e.stopPropagation();
      e.preventDefault();
      var p = svgPoint(svg, e.clientX, e.clientY);
      // At least the scale the renderer's counters read at (9 px text).
      zoomAt(svg, Math.max(3, z.legible ? z.legible / p.scale : 0), p.x, p.y);
    }, true);
    // A double click zooms anywhere.
    svg.addEventListener("dblclick", function (e) {
      if (!z.box) return;
      e.preventDefault();
      var p = svgPoint(svg, e.clientX, e.clientY);
      zoomAt(svg, 2, p.x, p.y);
    });
  }

  // After a board is drawn: remember its box (a new board, as after a
  // change of game, starts unzoomed), draw the buttons, set the viewBox.
  // `strip` is the height of the free band at the top for the buttons.
  function zoomable(svg, box, strip, prefix, o) {
    var z = state(svg);
    o = o || {};
    if (!z.box || z.box.w !== box.w || z.box.h !== box.h) { z.zoom = null; z.touched = false; z.opened = false; }
    z.box = box;
    z.strip = strip;
    z.legible = o.legible || 0;
    bind(svg);
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    // The default zoom: once per board, until the reader zooms or pans; on a wide
    // screen, the scale its counters read at, around the focus.
    if (z.legible && !z.touched && !z.opened) {
      svg.setAttribute("viewBox", f(box.x) + " " + f(box.y) + " " + f(box.w) + " " + f(box.h));
      var r = svg.getBoundingClientRect();
      if (r.width > 640 && r.height > 0) {
        z.opened = true;
        var k = z.legible / Math.min(r.width / box.w, r.height / box.h), c = o.focus || { x: box.x + box.w / 2, y: box.y + box.h / 2 };
        z.zoom = k > 1 ? clamp(z, { x: c.x - box.w / k / 2, y: c.y - box.h / k / 2, w: box.w / k, h: box.h / k }) : null;
      }
    }
    var ctl = el("g", { "class": "zoom-controls " + (prefix || "") + "-controls" }, svg);
    [["+", 1.5], ["−", 1 / 1.5], ["⤢", 0]].forEach(function (b, i) {
      var bg = el("g", { "class": "zoom-ctl " + (prefix || "") + "-ctl", transform: "translate(" + (i * 1.75) + " 0)" }, ctl);
      el("rect", { x: 0, y: 0, width: 1.5, height: 1.5, rx: 0.3, fill: "#fafafa", stroke: "#455a64",
        "stroke-width": "0.08", opacity: "0.9" }, bg);
      el("text", { x: 0.75, y: 1.13, "font-size": "1.1", "text-anchor": "middle", fill: "#263238",
        "pointer-events": "none" }, bg, b[0]);
      bg.addEventListener("click", function (e) {
        e.stopPropagation();
        if (b[1]) zoomAt(svg, b[1]);
        else { z.zoom = null; z.touched = true; apply(svg); }
      });
    });
    apply(svg);
  }

  // ------------------------------------------------------------ hexes --
  var S3 = Math.sqrt(3);
  function hexPath(x, y, r, orientation, half) {
    var h = half == null ? S3 / 2 * r : half;
    if (orientation === "flat") {
      return "M" + f(x - r) + " " + f(y) + "l" + f(r / 2) + " " + f(-h) + "h" + f(r) + "l" + f(r / 2) + " " + f(h) +
        "l" + f(-r / 2) + " " + f(h) + "h" + f(-r) + "z";
    }
    return "M" + f(x) + " " + f(y - r) + "l" + f(h) + " " + f(r / 2) + "v" + f(r) + "l" + f(-h) + " " + f(r / 2) +
      "l" + f(-h) + " " + f(-r / 2) + "v" + f(-r) + "z";
  }

  // The same arithmetic as crates/board/src/grid.rs: offset (column, row) ->
  // drawn row -> axial (q, r) -> centre.
  function hexGrid(spec) {
    var columns = spec.columns, rows = spec.rows, size = spec.size || 1;
    var flat = spec.orientation === "flat-columns", up = spec["rows-run"] === "up";
    var oddShifted = (spec.shifted || "odd") === "odd";
    var oddLines = flat ? oddShifted !== up : oddShifted !== (up && rows % 2 === 0);
    var digits = spec.numbering === "column-row-digits";
    var wx = Math.max(2, String(columns).length), wy = Math.max(2, String(rows).length);
    function lineShift(line) { return oddLines ? Math.floor(line / 2) : Math.floor((line + 1) / 2); }
    function raw(c, row) {
      var d = up ? rows - 1 - row : row;
      if (flat) { var r1 = d - lineShift(c); return { x: 1.5 * c, y: S3 * (r1 + c / 2) }; }
      var q = c - lineShift(d);
      return { x: S3 * (q + d / 2), y: 1.5 * d };
    }
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    var cx = flat ? 1 : S3 / 2, cy = flat ? S3 / 2 : 1; // centre to the bounding box's edges
    for (var r0 = 0; r0 < rows; r0++) {
      for (var c0 = 0; c0 < columns; c0++) {
        var p = raw(c0, r0);
        minX = Math.min(minX, p.x - cx); minY = Math.min(minY, p.y - cy);
        maxX = Math.max(maxX, p.x + cx); maxY = Math.max(maxY, p.y + cy);
      }
    }
    function pad(n, w) { n = String(n); while (n.length < w) n = "0" + n; return n; }
    var grid = {
      width: (maxX - minX) * size, height: (maxY - minY) * size,
      center: function (c, row) { var p = raw(c, row); return { x: (p.x - minX) * size, y: (p.y - minY) * size }; },
      path: function (c, row, scale) {
        var p = grid.center(c, row), r = size * (scale == null ? 1 : scale);
        return hexPath(p.x, p.y, r, flat ? "flat" : "pointy");
      },
      label: function (c, row) {
        return digits ? pad(c + 1, wx) + "." + pad(row + 1, wy) : String.fromCharCode(65 + row) + (c + 1);
      },
      at: function (label) {
        var m = digits ? /^\s*(\d+)\.(\d+)\s*$/.exec(label) : /^\s*([A-Za-z])(\d+)\s*$/.exec(label);
        if (!m) return null;
        var c = +(digits ? m[1] : m[2]) - 1, row = digits ? +m[2] - 1 : m[1].toUpperCase().charCodeAt(0) - 65;
        return c >= 0 && c < columns && row >= 0 && row < rows ? [c, row] : null;
      },
      each: function (fn) { for (var row = 0; row < rows; row++) for (var c = 0; c < columns; c++) fn(c, row); }
    };
    return grid;
  }

  // ---------------------------------------------------------- counters --
  function counter(parent, o) {
    var x = o.x, y = o.y, s = o.size || 1, rx = o.rx == null ? 0.08 : o.rx, ink = o.ink || "#111";
    var g = el("g", o.attrs, parent);
    var x0 = x - s / 2, y0 = y - s / 2;
    if (o.shadow !== false) {
      el("rect", { x: f(x0 + 0.05), y: f(y0 + 0.07), width: f(s), height: f(s), rx: rx, fill: "#000", opacity: 0.3 }, g);
    }
    el("rect", { x: f(x0), y: f(y0), width: f(s), height: f(s), rx: rx, fill: o.fill || "#eee",
      stroke: o.edge || "#111", "stroke-width": o.edgeWidth == null ? 0.04 : o.edgeWidth }, g);
    // Washed out (done for the turn): a veil over the face, under the print, away
    // from the ink (lighter under dark print, darker under light print) so the
    // print keeps its contrast.
    if (o.dim) {
      el("rect", { x: f(x0), y: f(y0), width: f(s), height: f(s), rx: rx, fill: light(ink) ? "#000" : "#fff",
        opacity: light(ink) ? 0.3 : 0.45, "pointer-events": "none", "class": "counter-veil" }, g);
    }
    if (o.label != null) {
      el("text", { x: f(x), y: f(y0 + s * 0.2), "font-size": f(s * 0.17), "text-anchor": "middle", fill: ink,
        "pointer-events": "none" }, g, o.label);
    }
    if (o.body) o.body(g, x, y, s);
    if (o.values != null) {
      var t = el("text", { x: f(x), y: f(y0 + s * 0.9), "font-size": f(s * 0.24), "text-anchor": "middle",
        "font-weight": "bold", fill: ink, "pointer-events": "none" }, g);
      if (typeof o.values === "string") t.textContent = o.values;
      else o.values.forEach(function (v) { el("tspan", v[1] ? { fill: v[1] } : null, t, v[0]); });
    }
    return g;
  }

  // Whether a colour "#rrggbb" is light (relative luminance above 0.18).
  function light(c) {
    var m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(c).length === 4 ? "#" + c[1] + c[1] + c[2] + c[2] + c[3] + c[3] : c);
    if (!m) return false;
    var lin = function (h) { var v = parseInt(h, 16) / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]) > 0.18;
  }

  function stack(items, x, y, step, draw) {
    items.forEach(function (item, i) {
      var depth = items.length - 1 - i;
      draw(item, x - depth * step, y - depth * step, depth, i);
    });
  }

  function nextInStack(ids, can, selected) {
    var ok = typeof can === "function" ? can : function (id) { return can.has(id); };
    var top = ids.filter(ok).reverse();
    if (!top.length) return null;
    return top[(top.indexOf(selected) + 1) % top.length];
  }

  // ------------------------------------------------------------- cards --
  // Words of `text` in lines of at most `width` at font size `fs` (a rough
  // average glyph width of 0.55 em).
  function wrap(text, width, fs) {
    var lines = [], line = "";
    String(text || "").split(/\s+/).forEach(function (w) {
      if (!w) return;
      var next = line ? line + " " + w : w;
      if (line && next.length * 0.55 * fs > width) { lines.push(line); line = w; } else line = next;
    });
    if (line) lines.push(line);
    return lines;
  }

  function hand(parent, cards, o) {
    o = o || {};
    var w = o.w || 2.5, h = o.h || 3.5, gap = o.gap == null ? 0.2 : o.gap, x = o.x || 0, y = o.y || 0;
    var back = o.back || {};
    var g = el("g", { "class": "hand" }, parent);
    cards.forEach(function (c, i) {
      var cx = x + i * (w + gap), cy = y - (c && o.selected != null && c.id === o.selected ? 0.25 * h : 0);
      if (!c || c.back) {
        var gb = el("g", { "class": "card-back" }, g);
        el("rect", { x: f(cx), y: f(cy), width: f(w), height: f(h), rx: f(w * 0.08), fill: back.fill || "#37474f",
          stroke: "#eceff1", "stroke-width": f(w * 0.03) }, gb);
        el("rect", { x: f(cx + w * 0.1), y: f(cy + w * 0.1), width: f(w * 0.8), height: f(h - w * 0.2), rx: f(w * 0.05),
          fill: "none", stroke: back.ink || "#b0bec5", "stroke-width": f(w * 0.02), "stroke-dasharray": f(w * 0.06) }, gb);
        if (back.text) {
          el("text", { x: f(cx + w / 2), y: f(cy + h / 2 + w * 0.06), "font-size": f(w * 0.16), "text-anchor": "middle",
            fill: back.ink || "#b0bec5", "pointer-events": "none" }, gb, back.text);
        }
        return;
      }
      var ink = c.ink || "#263238", fs = w * 0.13;
      var gc = el("g", { "class": "card" + (o.onCard ? " card-click" : ""), "data-card": c.id }, g);
      el("rect", { x: f(cx), y: f(cy), width: f(w), height: f(h), rx: f(w * 0.08), fill: c.fill || "#fffdf5",
        stroke: c.id === o.selected ? "#ff6f00" : "#455a64", "stroke-width": f(w * (c.id === o.selected ? 0.05 : 0.025)) }, gc);
      wrap(c.title, w * 0.86, fs).forEach(function (line, k) {
        el("text", { x: f(cx + w / 2), y: f(cy + fs * 1.4 + k * fs * 1.15), "font-size": f(fs), "font-weight": "bold",
          "text-anchor": "middle", fill: ink, "pointer-events": "none" }, gc, line);
      });
      var small = fs * 0.8;
      wrap(c.text, w * 0.86, small).forEach(function (line, k) {
        el("text", { x: f(cx + w / 2), y: f(cy + h * 0.5 + k * small * 1.2), "font-size": f(small),
          "text-anchor": "middle", fill: ink, "pointer-events": "none" }, gc, line);
      });
      if (o.onCard) gc.addEventListener("click", function (e) { e.stopPropagation(); o.onCard(c.id); });
    });
    return g;
  }

  // ------------------------------------------------------------ tracks --
  function track(parent, o) {
    var first = o.first == null ? 1 : o.first;
    var labels = o.labels || Array.apply(null, Array(o.n || 0)).map(function (_, i) { return String(first + i); });
    var cell = o.cell || 1, cols = o.columns || labels.length, x = o.x || 0, y = o.y || 0;
    var at = labels.indexOf(String(o.at)), mk = o.marker || {};
    var g = el("g", { "class": "track" }, parent);
    labels.forEach(function (label, i) {
      var bx = x + (i % cols) * cell, by = y + Math.floor(i / cols) * cell;
      el("rect", { x: f(bx), y: f(by), width: f(cell), height: f(cell), fill: at >= 0 && i < at ? "#e0e0e0" : "#fafafa",
        stroke: "#455a64", "stroke-width": f(cell * 0.04) }, g);
      el("text", { x: f(bx + cell / 2), y: f(by + cell * 0.32), "font-size": f(cell * 0.26), "text-anchor": "middle",
        fill: at >= 0 && i < at ? "#9e9e9e" : "#263238", "pointer-events": "none" }, g, label);
      if (i === at) {
        var mg = el("g", { "class": "track-marker" }, g);
        el("rect", { x: f(bx + cell * 0.18), y: f(by + cell * 0.4), width: f(cell * 0.64), height: f(cell * 0.5),
          rx: f(cell * 0.06), fill: mk.fill || "#1565c0", stroke: "#111", "stroke-width": f(cell * 0.03) }, mg);
        if (mk.text) {
          el("text", { x: f(bx + cell / 2), y: f(by + cell * 0.74), "font-size": f(cell * 0.22), "text-anchor": "middle",
            "font-weight": "bold", fill: mk.ink || "#fff", "pointer-events": "none" }, mg, mk.text);
        }
      }
    });
    return g;
  }

  function trackHtml(n, at, prefix, first) {
    var out = "", k0 = first == null ? 1 : first;
    for (var k = k0; k < k0 + n; k++) {
      out += '<span class="' + prefix + "-box" + (k === at ? " " + prefix + "-now" : k < at ? " " + prefix + "-past" : "") + '">' + k + "</span>";
    }
    return out;
  }

  Sandtable.board = {
    el: el, f: f, esc: esc, named: named, tr: tr, zoomable: zoomable, NS: NS,
    hexPath: hexPath, hexGrid: hexGrid, counter: counter, light: light, stack: stack, nextInStack: nextInStack,
    wrap: wrap, hand: hand, track: track, trackHtml: trackHtml
  };
})();
