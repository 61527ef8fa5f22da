// What every game's board renderer shares: SVG element building, number
// rounding, bilingual names, and zoom and pan (wheel, pinch, drag, double
// click, the + − ⤢ buttons). Plain JS, no build step.
//
//   var B = Sandtable.board;
//   B.el("circle", {cx: 1, cy: 2, r: 0.5}, parent)  -> the new SVG element
//   B.zoomable(svg, box, prefix)  after drawing: sets the viewBox to the zoomed part
//       of box ({x, y, w, h}: the whole board, a strip at its top left free for the
//       buttons) and draws the buttons; the zoom lives on the <svg> element, so
//       it survives the shell redrawing the board after every change.
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
      zoomAt(svg, 3, p.x, p.y);
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
  function zoomable(svg, box, strip, prefix) {
    var z = state(svg);
    if (!z.box || z.box.w !== box.w || z.box.h !== box.h) z.zoom = null;
    z.box = box;
    z.strip = strip;
    bind(svg);
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
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
        else { z.zoom = null; apply(svg); }
      });
    });
    apply(svg);
  }

  Sandtable.board = { el: el, f: f, esc: esc, named: named, zoomable: zoomable, NS: NS };
})();
