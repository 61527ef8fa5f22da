// Nine Years (War of the Grand Alliance 1688–1697): the area map (SVG) and the side panel.
//
// Contract (see web/app.js): Sandtable.games["nine-years"] = { draw(svg, ctx), panel(ctx) }.
// The id has a hyphen, so the script registers with brackets, at the end.
// The drawing comes from NineYears::map_drawing (games/nine-years/src/drawing.rs): spaces with
// x 0–1000 and y 0–700 (y downwards), links (red: Allied-only), the two sea zones, powers with
// their colours, leaders with their printed ratings, fleets and the event cards' texts. The view
// (src/view.rs) is what this viewer may see: each space's control, fortress strength, line,
// siege and LOC; corps on the map with their stack key; leaders with their ratings now; each
// power's counters off the map; fleets; the viewer's hand and held events; the action under way.
//
// Hints (src/drawing.rs action_hint) point at a leader id, a corps stack key
// (`corps:SPACE:POWER:full|reduced`) or a space id: the pieces drawn here carry those ids as
// data-piece, the spaces their id as data-place.
//
// Layout: a small marker per space (a disc; a square with the strength for a fortress), its
// name beside it and its troops as one compact block (a chip per stack: power colour + count;
// leaders as name tags with tactics-command). Names and blocks are placed greedily around
// their marker so that none overlaps another, a marker or the boxes drawn on the map (the
// tracks top right, the sea zones).
//
// Clicks: a piece selects it (a second click on a space walks down its pieces); a lit space
// acts. A space lit for an action that needs no piece (`go namur`) acts even while a piece is
// selected (the force's stack stays selected after `add`): the selection is let go first.
// Buttons in the panel press the shell's own button for the same action (#legal, #all-legal).
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  Sandtable.games = Sandtable.games || {};
  var B = Sandtable.board;
  var el = B.el, f = B.f, esc = B.esc, named = B.named, tr = B.tr;

  // ------------------------------------------------------------ words --
  var SIDE_NAME = { alliance: ["the Alliance", "Альянс"], bourbon: ["the Bourbons", "Бурбоны"], none: ["nobody", "никто"] };
  var SIDE_SHORT = { alliance: ["Alliance", "Альянс"], bourbon: ["Bourbons", "Бурбоны"], none: ["neutral", "нейтр."] };
  // The four phases of a year (5.0) and the steps of view.phase in them.
  var PHASES = [
    ["event", "Event phase", "Фаза Событий"],
    ["reinforce", "Reinforcement phase", "Фаза Подкреплений"],
    ["campaign", "Campaign phase", "Фаза Кампании"],
    ["winter", "Winter Quarters", "Фаза Зимних квартир"]
  ];
  var STEP = {
    "event-order": ["event", "the initiative player chooses who draws first (9.1)", "инициативный игрок выбирает, кто тянет первым (9.1)"],
    kww: ["event", "reinforce the position in King William's War? (1c)", "укрепить позицию в Войне короля Вильгельма? (1c)"],
    "reinforce-order": ["reinforce", "the initiative player chooses who reinforces first (12.1)", "инициативный игрок выбирает, кто первым получает подкрепления (12.1)"],
    spend: ["reinforce", "spend resource points (RP): form, rebuild, lines, colonial support, fleets", "трата очков ресурсов (ОР): формирование, восстановление, линии, колониальная поддержка, флоты"],
    place: ["reinforce", "place the arrived corps", "размещение прибывших корпусов"],
    leaders: ["reinforce", "promote and move leaders", "повышение и перемещение лидеров"],
    show: ["campaign", "both choose a card face down (13.2.1)", "оба выбирают карточку рубашкой вверх (13.2.1)"],
    "first-player": ["campaign", "a tie: the initiative player chooses who goes first", "ничья: инициативный игрок выбирает, кто ходит первым"],
    round: ["campaign", "action rounds", "раунды действий"],
    savoy: ["winter", "Savoy's neutrality (7.2.1)", "нейтралитет Савойи (7.2.1)"],
    peace: ["winter", "peace talks: penalties, then the peace roll (6.4)", "мирные переговоры: штрафы, затем бросок на Перемирие (6.4)"],
    over: ["", "the game is over", "игра окончена"]
  };
  var LOC_WORD = { open: ["open", "открыта"], restricted: ["restricted", "ограничена"], cut: ["cut", "прервана"] };
  var FLEET_STATE = {
    pool: ["not prepared", "не подготовлен"], "port-1": ["prepared, strength 1, in port", "подготовлен, сила 1, в порту"],
    "port-2": ["prepared, strength 2, in port", "подготовлен, сила 2, в порту"], control: ["at sea, holding the zone", "в море, контролирует зону"],
    removed: ["removed", "снят"]
  };
  var SAVOY = { neutral: ["neutral", "нейтральна"], allied: ["with the Alliance", "в Альянсе"], out: ["out of the war", "вышла из войны"] };

  function L(lang) { return lang === "ru" ? 1 : 0; }
  function w2(pair, lang) { return pair ? pair[L(lang)] : ""; }
  function plural(n, one, few, many) {
    var a = Math.abs(n) % 100, b = a % 10;
    if (a > 10 && a < 20) return many;
    if (b === 1) return one;
    if (b >= 2 && b <= 4) return few;
    return many;
  }
  function cards(n, lang) { return n + " " + (lang === "ru" ? plural(n, "карточка", "карточки", "карточек") : n === 1 ? "card" : "cards"); }
  function actionsN(n, lang) { return n + " " + (lang === "ru" ? plural(n, "действие", "действия", "действий") : n === 1 ? "action" : "actions"); }
  function corpsN(n, lang) { return n + " " + (lang === "ru" ? plural(n, "корпус", "корпуса", "корпусов") : "corps"); }

  // ----------------------------------------------------------- colours --
  // Control: text drawn on each fill passes WCAG AA (ink on fill ≥ 4.5:1).
  var SIDE = {
    alliance: { fill: "#f0a540", ink: "#1a1a1a", dark: "#8a4b00", tint: "#f7c77f" },
    bourbon: { fill: "#2f55b4", ink: "#ffffff", dark: "#172f6e", tint: "#9fb4e6" },
    none: { fill: "#b4b4b4", ink: "#111111", dark: "#5c5c5c", tint: "#d6d6d6" }
  };
  var LOC_FILL = { open: "#2e7d32", restricted: "#f9a825", cut: "#c62828" };
  var PAPER = "#f3eee0", INK = "#2a241a", LINK = "#8b7d62", RED = "#c62828";
  var HOT = { fill: "#ffd54f", stroke: "#e65100" };

  function hexRgb(h) {
    h = String(h || "#777").replace("#", "");
    if (h.length === 3) h = h[0] + h[0] + h[1] + h[1] + h[2] + h[2];
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  function lum(h) {
    var c = hexRgb(h).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }
  function contrast(a, b) { var x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
  // Ink for text on a fill: white when it passes AA, else near-black.
  function inkOn(fill) { return contrast(fill, "#ffffff") >= 4.5 ? "#ffffff" : "#111111"; }
  // A fill that some ink keeps WCAG AA on: a mid tone (as a power's colour greyed) that
  // neither white nor near-black print passes on is lightened until near-black does.
  function readable(fill) {
    for (var k = 0; k < 12 && contrast(fill, "#ffffff") < 4.5 && contrast(fill, "#111111") < 4.5; k++) fill = mix(fill, "#ffffff", 0.88);
    return fill;
  }
  function mix(a, b, t) {
    var x = hexRgb(a), y = hexRgb(b);
    return "#" + x.map(function (v, i) { var c = Math.round(v * t + y[i] * (1 - t)); return (c < 16 ? "0" : "") + c.toString(16); }).join("");
  }
  function tint(h, t) {
    var c = hexRgb(h);
    return "#" + c.map(function (v) { var x = Math.round(v * t + 255 * (1 - t)); return (x < 16 ? "0" : "") + x.toString(16); }).join("");
  }

  // ------------------------------------------------------------ model --
  var cache = { drawing: null };
  function index(drawing) {
    if (cache.drawing === drawing) return cache;
    var ix = cache = { drawing: drawing, space: {}, power: {}, leader: {}, event: {}, order: {}, links: {} };
    drawing.spaces.forEach(function (s, i) { ix.space[s.id] = s; ix.order[s.id] = i; ix.links[s.id] = []; });
    (drawing.powers || []).forEach(function (p, i) { ix.power[p.id] = p; p.index = i; });
    (drawing.leaders || []).forEach(function (l) { ix.leader[l.id] = l; });
    (drawing.events || []).forEach(function (e) { ix.event[e.id] = e; });
    (drawing.links || []).forEach(function (l) {
      if (ix.links[l.a]) ix.links[l.a].push(l.b);
      if (ix.links[l.b]) ix.links[l.b].push(l.a);
    });
    return ix;
  }
  function powerColour(ix, id) { var p = ix.power[id]; return (p && p.colour) || "#5a5a5a"; }
  function powerName(ix, id, lang) { var p = ix.power[id]; return p ? named(p.name, lang) : id; }
  function spaceName(ix, id, lang) { var s = ix.space[id]; return s ? named(s.name, lang) : id; }
  function leaderName(ix, id, lang) { var l = ix.leader[id]; return l ? named(l.name, lang) : id; }
  function eventName(ix, id, lang) { var e = ix.event[id]; return e ? named(e.name, lang) : id; }
  // A leader's name on its tag: without the part in brackets; a long one by its title
  // ("of Lorraine" → "Lorraine"; Russian: its last word, or its first when the English name is
  // short), cut with an ellipsis past 13 letters.
  function shortLeader(ix, id, lang) {
    var n = leaderName(ix, id, lang).replace(/\s*\(.*\)\s*/, "");
    // A name short in English and long in Russian ("Eugene", "Евгений Савойский"): the first word.
    if (lang === "ru" && n.length > 13 && leaderName(ix, id, "en").length <= 12) return n.split(" ")[0];
    if (n.length > 12) {
      var of = n.indexOf(" of ");
      if (of > 0 && !/ I+V?$| I+V? of /.test(n.slice(0, of + 4))) n = n.slice(of + 4);
      else if (of > 0) n = n.slice(0, of);
      else if (lang === "ru") { var ws = n.split(" "); if (!/^[IVX]+$/.test(ws[ws.length - 1])) n = ws[ws.length - 1]; }
    }
    if (n.length > 13) n = n.slice(0, 12) + "…";
    return n;
  }

  // What the view puts where: spaces by id, the stacks and leaders of each space.
  function contents(ix, view) {
    var sp = {}, stacks = {}, leaders = {}, off = [];
    (view.spaces || []).forEach(function (s) { sp[s.id] = s; });
    (view.corps || []).forEach(function (c) {
      var list = stacks[c.space] = stacks[c.space] || [];
      var st = list.filter(function (x) { return x.key === c.stack; })[0];
      if (!st) {
        st = { key: c.stack, power: c.power, reduced: c.reduced, space: c.space, ids: [], demoralised: 0, activated: 0 };
        list.push(st);
      }
      st.ids.push(c.id);
      if (c.demoralised) st.demoralised++;
      if (c.activated) st.activated++;
    });
    Object.keys(stacks).forEach(function (k) {
      stacks[k].sort(function (a, b) {
        var pa = ix.power[a.power] ? ix.power[a.power].index : 99, pb = ix.power[b.power] ? ix.power[b.power].index : 99;
        return pa - pb || (a.reduced ? 1 : 0) - (b.reduced ? 1 : 0);
      });
    });
    (view.leaders || []).forEach(function (l) {
      if (ix.space[l.at]) (leaders[l.at] = leaders[l.at] || []).push(l);
      else off.push(l);
    });
    return { space: sp, stacks: stacks, leaders: leaders, off: off };
  }

  // ----------------------------------------------------------- metrics --
  var FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
  var FS = 11.2;      // space names (≥ 9 px on a 1440 × 900 screen, where the board is ~0.82 px a unit)
  var FS_TAG = 11;    // leader tags and chip counts
  var CH = 13.5;      // chip height
  var TH = 13.5;      // tag height
  var GAP = 2.5;      // between a marker and its name or block
  // The scale (px per unit) at which the smallest print on a counter, FS_TAG, is 9 px: the
  // map opens at it at least on a wide screen (zoomed in when the pane is narrower than that),
  // and a phone's first tap zooms in that far at least (B.zoomable).
  var LEGIBLE = Math.ceil(9 / FS_TAG * 100) / 100;
  var measurer = null, widths = {};
  function textWidth(text, fs, bold) {
    var key = (bold ? "b" : "n") + text;
    if (!(key in widths)) {
      if (!measurer) { try { measurer = document.createElement("canvas").getContext("2d"); } catch (e) { measurer = false; } }
      if (measurer) {
        measurer.font = (bold ? "bold " : "") + "100px " + FONT;
        widths[key] = measurer.measureText(text).width / 100;
      } else {
        widths[key] = String(text).length * (bold ? 0.64 : 0.6);
      }
    }
    return widths[key] * fs;
  }

  // Boxes {x0, y0, x1, y1}.
  function bx(x0, y0, w, h) { return { x0: x0, y0: y0, x1: x0 + w, y1: y0 + h }; }
  function overlap(a, b) {
    var w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    return w > 0 && h > 0 ? w * h : 0;
  }

  // The map's own box (the strip above it holds the zoom buttons and the LOC toggle).
  var STRIP = 24;
  var MAP = { x: -6, y: -STRIP, w: 1012, h: 720 + STRIP };
  // Boxes drawn on the map: the tracks (top right), the sea zones.
  var TRACKS = bx(712, 4, 288, 176);
  var SEA_BOX = { atlantic: bx(282, 4, 178, 74), mediterranean: bx(818, 628, 184, 74) };

  // The marker of a space: its size and what it shows. A fortress is a star fort with its
  // strength now; worn down, a tag beside it gives now/printed.
  var FORT_R = 9.6;
  function marker(s, v) {
    var fort = s.fortress > 0, strength = v ? v.strength : s.fortress;
    var worn = fort && strength !== s.fortress ? strength + "/" + s.fortress : "";
    var r = fort ? FORT_R * 1.1 : 5.5;
    var box = bx(s.x - r - 1, s.y - r - 1, 2 * r + 2, 2 * r + 2);
    if (worn) box.x1 += textWidth(worn, 11, true) + 7;
    // The line, famous victory and continued siege tags beside it.
    if (v) [v.line ? "L" + v.line : "", v.famous ? "★" : "", v.continued ? "CS" : ""].forEach(function (t) {
      if (t) { box.x1 += textWidth(t, 10.5, true) + 5; box.y1 = Math.max(box.y1, s.y + r + 9); }
    });
    return { fort: fort, text: fort ? String(strength) : "", worn: worn, w: 2 * r, h: 2 * r, r: r, box: box };
  }
  function starFort(x, y, r) {
    // Five bastions round a pentagon (a trace italienne, as Vauban drew them).
    var pts = [], tip = r * 1.18, mid = r * 0.7;
    for (var k = 0; k < 10; k++) {
      var a = Math.PI / 5 * k - Math.PI / 2, d = k % 2 ? mid : tip;
      pts.push(f(x + d * Math.cos(a)) + " " + f(y + 0.5 + d * Math.sin(a)));
    }
    return "M" + pts.join("L") + "z";
  }

  // A space's block of troops: a chip per stack, a tag per leader, the force's MP. Laid out
  // three ways (the layout takes the one that fits best): chips in a row over the tags;
  // chips in a column beside the tags; all in one line. Each arrangement is {w, h, items}
  // with items {kind, x, y, w, …} from the block's top-left corner.
  function block(ix, list, leaders, lang, force) {
    var chips = (list || []).map(function (st) {
      var text = String(st.ids.length);
      return { kind: "chip", st: st, text: text, w: Math.max(13, textWidth(text, FS_TAG, true) + 6), h: CH };
    });
    var tags = (leaders || []).map(function (l) {
      var text = shortLeader(ix, l.id, lang) + " " + l.tactics + "-" + l.command;
      return { kind: "tag", l: l, text: text, w: textWidth(text, FS_TAG, false) + 8, h: TH };
    });
    if (force) tags.push({ kind: "mp", text: force, w: textWidth(force, FS_TAG, true) + 8, h: TH });
    function put(item, x, y) { var o = {}; for (var k in item) o[k] = item[k]; o.x = x; o.y = y; return o; }
    var out = [];
    // Stacked: rows of chips (at most ~60 wide), then the tags one under another.
    var items = [], x = 0, y = 0, w = 0;
    chips.forEach(function (c, i) {
      if (i && x + c.w > 60) { x = 0; y += CH + 1.5; }
      items.push(put(c, x, y)); x += c.w + 2; w = Math.max(w, x - 2);
    });
    if (chips.length) y += CH + 1.5;
    tags.forEach(function (t) { items.push(put(t, 0, y)); y += TH + 1; w = Math.max(w, t.w); });
    out.push({ w: w, h: Math.max(0, y - (tags.length ? 1 : 1.5)), items: items, cost: 0 });
    if (chips.length && tags.length) {
      // Side by side: the chips in a column, the tags beside them.
      var cw = Math.max.apply(null, chips.map(function (c) { return c.w; }));
      items = []; y = 0;
      chips.forEach(function (c) { items.push(put(c, 0, y)); y += CH + 1.5; });
      var h = y - 1.5, ty = 0, tw = 0;
      tags.forEach(function (t) { items.push(put(t, cw + 2, ty)); ty += TH + 1; tw = Math.max(tw, t.w); });
      out.push({ w: cw + 2 + tw, h: Math.max(h, ty - 1), items: items, cost: 1.5 });
    }
    if (chips.length + tags.length > 1) {
      // One line.
      items = []; x = 0;
      chips.concat(tags).forEach(function (c) { items.push(put(c, x, 0)); x += c.w + 2; });
      out.push({ w: x - 2, h: Math.max(chips.length ? CH : 0, tags.length ? TH : 0), items: items, cost: 4 });
    }
    return out;
  }

  // Where a box of w × h may go around a marker box m (centre cx, cy), each with its cost
  // before overlaps: farther and more off-centre costs more; `prefer` ("below" or "right")
  // is the side tried first.
  function around(m, cx, cy, w, h, prefer) {
    var c = [], sides = prefer === "below" ? ["below", "right", "left", "above"] : ["right", "left", "below", "above"];
    [0, 5, 11, 19, 30].forEach(function (d) {
      sides.forEach(function (side, rank) {
        var horizontal = side === "below" || side === "above";
        var span = horizontal ? w : h, n = span > 24 ? 6 : 3;
        for (var k = 0; k <= n; k++) {
          // Slide from centred to either end: 0, +1, −1, +2, −2…
          var j = k === 0 ? 0 : (k % 2 ? 1 : -1) * Math.ceil(k / 2), slide = j * (span - 8) / n;
          var p = horizontal
            ? { x: cx - w / 2 + slide, y: side === "below" ? m.y1 + GAP + d : m.y0 - GAP - h - d }
            : { x: side === "right" ? m.x1 + GAP + d : m.x0 - GAP - w - d, y: cy - h / 2 + slide };
          p.ring = d * 0.9 + rank * 1.5 + Math.abs(slide) * 0.12;
          c.push(p);
        }
      });
    });
    c.sort(function (a, b) { return a.ring - b.ring; });
    return c;
  }

  // Places every block and every name, each where it overlaps least (nothing, as a rule):
  // blocks first (the biggest first), then names; or names first, then blocks — whichever
  // leaves less overlap (a dense corner may fit one way and not the other).
  function layout(ix, view, lang, con, forceTags, ringed) {
    var d = ix.drawing, markers = {}, fixed = [TRACKS, SEA_BOX.atlantic, SEA_BOX.mediterranean];
    var bounds = bx(MAP.x + 2, 2, MAP.w - 4, MAP.h - STRIP - 4);
    d.spaces.forEach(function (s) {
      var m = marker(s, con.space[s.id]);
      // The rings of the force under way and of a decision owed go round the marker.
      if (ringed[s.id]) {
        var b = m.box, R = 17;
        m.box = { x0: Math.min(b.x0, s.x - R), y0: Math.min(b.y0, s.y - R), x1: Math.max(b.x1, s.x + R), y1: Math.max(b.y1, s.y + R) };
      }
      markers[s.id] = m;
      fixed.push(m.box);
    });
    // How far a box is from a point.
    function dist(b, x, y) {
      var dx = Math.max(b.x0 - x, 0, x - b.x1), dy = Math.max(b.y0 - y, 0, y - b.y1);
      return Math.hypot(dx, dy);
    }
    function best(placed, cands, w, h, self, sid, pull) {
      var pick = null, cost = Infinity, own = ix.space[sid];
      for (var i = 0; i < cands.length; i++) {
        var p = cands[i], b = bx(p.x, p.y, w, h), c = p.ring;
        if (b.x0 < bounds.x0 || b.x1 > bounds.x1 || b.y0 < bounds.y0 || b.y1 > bounds.y1) c += 5000;
        // A box nearer another space's marker than its own reads as that space's; one far
        // from its own (a long line) reads as nobody's.
        var mine = dist(b, own.x, own.y);
        c += Math.hypot((b.x0 + b.x1) / 2 - own.x, (b.y0 + b.y1) / 2 - own.y) * pull;
        for (var q = 0; q < d.spaces.length; q++) {
          var o = d.spaces[q];
          if (o.id === sid || Math.abs(o.x - own.x) > 140 || Math.abs(o.y - own.y) > 140) continue;
          var theirs = dist(b, o.x, o.y);
          if (theirs < mine + 3) c += (mine + 3 - theirs) * 8;
        }
        for (var k = 0; k < placed.length && c < cost; k++) {
          if (placed[k] !== self) c += overlap(b, placed[k]) * 4;
        }
        if (c < cost) { cost = c; pick = b; }
        if (i + 1 < cands.length && cost <= cands[i + 1].ring) break;
      }
      var over = 0;
      placed.forEach(function (q) { if (q !== self) over += overlap(pick, q); });
      return { box: pick, cost: cost, over: over };
    }
    var ids = d.spaces.map(function (s) { return s.id; }).filter(function (id) {
      return (con.stacks[id] && con.stacks[id].length) || (con.leaders[id] && con.leaders[id].length) || forceTags[id];
    });
    var blocks = {};
    ids.forEach(function (id) { blocks[id] = block(ix, con.stacks[id], con.leaders[id], lang, forceTags[id]); });
    ids.sort(function (a, b) { return blocks[b][0].w * blocks[b][0].h - blocks[a][0].w * blocks[a][0].h || ix.order[a] - ix.order[b]; });

    function pass(labelsFirst) {
      var placed = fixed.slice(), out = { marker: markers, block: {}, label: {}, over: 0 };
      function placeBlocks() {
        ids.forEach(function (id) {
          var s = ix.space[id], m = markers[id], pick = null;
          blocks[id].forEach(function (k) {
            var r = best(placed, around(m.box, s.x, s.y, k.w, k.h, "below"), k.w, k.h, m.box, id, 0.25);
            if (!pick || r.cost + k.cost < pick.cost) pick = { cost: r.cost + k.cost, k: k, r: r };
          });
          out.block[id] = { items: pick.k.items, w: pick.k.w, h: pick.k.h, box: pick.r.box };
          out.over += pick.r.over;
          placed.push(pick.r.box);
        });
      }
      function placeLabels() {
        d.spaces.forEach(function (s) {
          var m = markers[s.id], text = named(s.name, lang), bold = !!s.capital;
          var w = textWidth(text, FS, bold) + 2, h = FS * 1.12;
          var r = best(placed, around(m.box, s.x, s.y, w, h, "right"), w, h, m.box, s.id, 0);
          out.label[s.id] = { text: text, bold: bold, box: r.box };
          out.over += r.over;
          placed.push(r.box);
        });
      }
      if (labelsFirst) { placeLabels(); placeBlocks(); } else { placeBlocks(); placeLabels(); }
      return out;
    }
    var a = pass(false);
    if (a.over < 1) return a;
    var b = pass(true);
    return b.over < a.over ? b : a;
  }


  // ------------------------------------------------------------- state --
  var ui = { loc: false };
  var lastLayout = null; // the last layout, for a harness to inspect (layout() below)
  var last = null;
  function redraw() {
    if (!last) return;
    var svg = last.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    draw(svg, last.ctx);
    var box = document.getElementById("ny-loc-box");
    if (box) box.checked = ui.loc;
  }

  // The legal actions: none while the board shows a past position (the replay).
  function legalOf(ctx) {
    var t = ctx.table;
    if (!t || (t.view && ctx.view !== t.view)) return [];
    return t.legal || [];
  }

  // ------------------------------------------------------------- draw --
  function draw(svg, ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.spaces) return;
    last = { svg: svg, ctx: ctx };
    var ix = index(drawing), con = contents(ix, view);
    var pieces = ctx.pieces || new Set(), places = ctx.places || new Set(), sel = ctx.selected;
    var legal = legalOf(ctx);
    // A selected piece with no place of its own: the places of actions with no piece stay lit
    // (a click there lets the selection go and acts).
    var bare = new Set();
    if (sel && pieces.has(sel) && !places.size) legal.forEach(function (a) { if (a.place && !a.piece) bare.add(a.place); });
    var lit = function (id) { return places.has(id) || bare.has(id); };
    var verbAt = {};
    legal.forEach(function (a) {
      if (a.place && (places.has(a.place) ? (sel ? a.piece === sel : !a.piece) : bare.has(a.place) && !a.piece)) {
        (verbAt[a.place] = verbAt[a.place] || []).push(a.action.split(" ")[0]);
      }
    });
    var force = view.force || null;
    var forceCorps = {}, forceLeaders = {};
    if (force) {
      (force.corps || []).forEach(function (id) { forceCorps[id] = true; });
      (force.leaders || []).forEach(function (id) { forceLeaders[id] = true; });
    }
    var forceTags = {};
    if (force && force.space && force.kind === "campaign") {
      forceTags[force.space] = tr(lang, "MP ", "ОД ") + force.spent + "/3";
    }
    var ringed = {};
    if (force && force.space) ringed[force.space] = true;
    var pend = view.pending ? view.pending.split(" ") : [];
    if (pend[1] && ix.space[pend[1]]) ringed[pend[1]] = true;
    var lay = layout(ix, view, lang, con, forceTags, ringed);
    lastLayout = lay;

    svg.setAttribute("font-family", FONT);
    var defs = el("defs", null, svg);
    el("style", null, defs,
      ".ny-space,.ny-piece{cursor:pointer}.ny-hot{animation:nypulse 1.3s ease-in-out infinite}" +
      "@keyframes nypulse{0%,100%{opacity:1}50%{opacity:.45}}.zoom-ctl,.ny-toggle{cursor:pointer}" +
      ".zoom-ctl:hover rect{fill:#fff}@media (prefers-reduced-motion: reduce){.ny-hot{animation:none}}");
    var pat = el("pattern", { id: "ny-waves", width: 22, height: 9, patternUnits: "userSpaceOnUse" }, defs);
    el("path", { d: "M1 6q4.5 -4 9 0t9 0", fill: "none", stroke: "#8fb4cc", "stroke-width": 0.9 }, pat);
    var hatch = el("pattern", { id: "ny-hatch", width: 4, height: 4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    el("path", { d: "M0 0V4", stroke: "#ffffff", "stroke-width": 1.6, opacity: 0.8 }, hatch);

    // Paper.
    el("rect", { x: MAP.x, y: MAP.y, width: MAP.w, height: MAP.h, fill: PAPER }, svg);
    el("rect", { x: MAP.x + 1, y: 0, width: MAP.w - 2, height: MAP.h - STRIP - 1, fill: "none", stroke: "#cbbf9f", "stroke-width": 1 }, svg);

    seaZones(svg, ix, view, lang);

    // LOC tint, under everything on the spaces.
    if (ui.loc) {
      var gl = el("g", { "class": "ny-loc", "pointer-events": "none" }, svg);
      (view.spaces || []).forEach(function (v) {
        var s = ix.space[v.id];
        if (!s) return;
        el("circle", { cx: s.x, cy: s.y, r: 15, fill: LOC_FILL[v.loc] || "#999", "fill-opacity": 0.38, "data-loc": v.loc }, gl);
      });
    }

    // Links: through the markers' centres, trimmed; Allied-only links dashed red.
    var gk = el("g", { "class": "ny-links", "pointer-events": "none" }, svg);
    (drawing.links || []).forEach(function (l) {
      var a = ix.space[l.a], b = ix.space[l.b];
      if (!a || !b) return;
      var dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1, t = 6 / len;
      var d = "M" + f(a.x + dx * t) + " " + f(a.y + dy * t) + "L" + f(b.x - dx * t) + " " + f(b.y - dy * t);
      if (l.red) {
        el("path", { d: d, stroke: "#fff", "stroke-width": 3.4, "stroke-linecap": "round", opacity: 0.8 }, gk);
        el("path", { d: d, stroke: RED, "stroke-width": 2.2, "stroke-dasharray": "5 3.5", "class": "ny-red-link", "data-link": l.a + " " + l.b }, gk);
      } else {
        el("path", { d: d, stroke: LINK, "stroke-width": 1.5, "stroke-linecap": "round", "data-link": l.a + " " + l.b }, gk);
      }
    });

    // The force under way and a decision owed: rings under the markers.
    var gr = el("g", { "class": "ny-rings", "pointer-events": "none" }, svg);
    if (force && force.space && ix.space[force.space]) {
      var fs0 = ix.space[force.space];
      el("circle", { cx: fs0.x, cy: fs0.y, r: 13, fill: "none", stroke: "#00838f", "stroke-width": 3, "class": "ny-force-ring" }, gr);
    }
    if (pend[1] && ix.space[pend[1]]) {
      var ps = ix.space[pend[1]];
      el("circle", { cx: ps.x, cy: ps.y, r: 16, fill: "none", stroke: "#b71c1c", "stroke-width": 2.5, "stroke-dasharray": "4 2.5" }, gr);
    }

    // A thin line from a marker to its block of troops when the block stands off.
    var gc = el("g", { "class": "ny-tethers", "pointer-events": "none" }, svg);
    Object.keys(lay.block).forEach(function (id) {
      var b = lay.block[id].box, s = ix.space[id];
      var cx = Math.max(b.x0, Math.min(s.x, b.x1)), cy = Math.max(b.y0, Math.min(s.y, b.y1));
      if (Math.hypot(cx - s.x, cy - s.y) > lay.marker[id].r + 2) {
        el("path", { d: "M" + f(s.x) + " " + f(s.y) + "L" + f(cx) + " " + f(cy), stroke: "#4a3f2c", "stroke-width": 1, "stroke-dasharray": "2 1.5" }, gc);
      }
    });

    // Spaces: marker, name, hit area; lit ones ringed.
    var gs = el("g", { "class": "ny-spaces" }, svg);
    drawing.spaces.forEach(function (s) {
      var v = con.space[s.id] || { control: "none", strength: s.fortress, loc: "cut" };
      var m = lay.marker[s.id], lab = lay.label[s.id];
      var g = el("g", { "data-place": s.id, "class": "ny-space", "data-control": v.control }, gs);
      el("title", null, g, spaceTitle(ix, s, v, lang));
      var hot = lit(s.id);
      if (hot) {
        var verbs = verbAt[s.id] || [];
        var col = verbs.indexOf("retreat") >= 0 ? "#1565c0" : verbs.some(function (x) { return /^(form|place|rebuild|leader|line)$/.test(x); }) ? "#2e7d32" : HOT.stroke;
        el("circle", { cx: s.x, cy: s.y, r: 12.5, fill: HOT.fill, "fill-opacity": 0.55, stroke: col, "stroke-width": 2.6, "class": "ny-hot" }, g);
      }
      // Hit area: the marker and its name.
      el("circle", { cx: s.x, cy: s.y, r: 12, fill: "#fff", "fill-opacity": 0 }, g);
      var lb = lab.box;
      el("rect", { x: f(lb.x0), y: f(lb.y0), width: f(lb.x1 - lb.x0), height: f(lb.y1 - lb.y0), fill: "#fff", "fill-opacity": 0 }, g);
      drawMarker(g, s, v, m);
      el("text", { x: f(lb.x0 + 1), y: f(lb.y0 + FS * 0.86), "font-size": FS, fill: INK, "font-weight": lab.bold ? "bold" : null,
        stroke: PAPER, "stroke-width": 2.6, "paint-order": "stroke", "stroke-linejoin": "round", "pointer-events": "none", "class": "ny-name" }, g, lab.text);
      g.addEventListener("click", function (e) { e.stopPropagation(); clickSpace(ctx, con, s.id, lit); });
    });

    // Troops: one block per space.
    var gp = el("g", { "class": "ny-pieces" }, svg);
    Object.keys(lay.block).forEach(function (id) {
      var k = lay.block[id], b = k.box, s = ix.space[id];
      var gb = el("g", { "class": "ny-block", "data-space": id }, gp);
      k.items.forEach(function (it) {
        var x = b.x0 + it.x, y = b.y0 + it.y;
        if (it.kind === "chip") chip(gb, ix, it, x, y, ctx, pieces, sel, forceCorps, lit, con, lang);
        else if (it.kind === "tag") leaderTag(gb, ix, it.l, it.text, x, y, it.w, ctx, pieces, sel, forceLeaders, lit, con, lang);
        else {
          var ge = el("g", { "class": "ny-mp", "pointer-events": "none" }, gb);
          el("rect", { x: f(x), y: f(y), width: f(it.w), height: TH, rx: 6, fill: "#00695c" }, ge);
          el("text", { x: f(x + it.w / 2), y: f(y + TH * 0.76), "font-size": FS_TAG, "font-weight": "bold", "text-anchor": "middle", fill: "#fff" }, ge, it.text);
        }
      });
    });

    tracks(svg, ix, view, lang, con, ctx, pieces, sel);
    locToggle(svg, lang);
    B.zoomable(svg, MAP, STRIP, "ny", { legible: LEGIBLE, focus: focusOf(lay, pieces) });
  }

  // Where the map opens when it cannot be read whole: the middle of the blocks holding pieces
  // that may act, else of all the blocks.
  function focusOf(lay, pieces) {
    var ids = Object.keys(lay.block);
    var mine = ids.filter(function (id) {
      return lay.block[id].items.some(function (it) { return (it.st && pieces.has(it.st.key)) || (it.l && pieces.has(it.l.id)); });
    });
    var list = (mine.length ? mine : ids).map(function (id) { return lay.block[id].box; });
    if (!list.length) return null;
    var x0 = Math.min.apply(null, list.map(function (b) { return b.x0; })), x1 = Math.max.apply(null, list.map(function (b) { return b.x1; }));
    var y0 = Math.min.apply(null, list.map(function (b) { return b.y0; })), y1 = Math.max.apply(null, list.map(function (b) { return b.y1; }));
    return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  }

  // A click on a space (or on a piece whose own click does nothing): act there, or pick a piece.
  function clickSpace(ctx, con, id, lit) {
    var places = ctx.places || new Set(), pieces = ctx.pieces || new Set(), sel = ctx.selected;
    if (places.has(id) && ctx.onPlace) { ctx.onPlace(id); return; }
    if (lit(id) && ctx.onPlace) {
      // An action with no piece (`go namur`) while a piece is selected: let it go, then act.
      if (sel && ctx.onPiece) ctx.onPiece(sel);
      ctx.onPlace(id);
      return;
    }
    var ids = (con.stacks[id] || []).map(function (s) { return s.key; }).concat((con.leaders[id] || []).map(function (l) { return l.id; }));
    var pick = B.nextInStack(ids, pieces, sel);
    if (pick && ctx.onPiece) ctx.onPiece(pick);
  }
  function clickPiece(ctx, con, id, space, lit) {
    var pieces = ctx.pieces || new Set(), sel = ctx.selected, places = ctx.places || new Set();
    if (sel && sel !== id && places.has(space) && ctx.onPlace) { ctx.onPlace(space); return; }
    if (pieces.has(id) && ctx.onPiece) { ctx.onPiece(id); return; }
    clickSpace(ctx, con, space, lit);
  }

  function drawMarker(g, s, v, m) {
    var side = SIDE[v.control] || SIDE.none;
    if (s.capital) el("circle", { cx: s.x, cy: s.y, r: m.fort ? 11.5 : 8, fill: "none", stroke: "#b8860b", "stroke-width": 2.2 }, g);
    if (v.besieged) {
      el("circle", { cx: s.x, cy: s.y, r: m.fort ? 13 : 9.5, fill: "none", stroke: "#b71c1c", "stroke-width": 2, "stroke-dasharray": "3 2", "class": "ny-besieged" }, g);
    }
    if (m.fort) {
      el("path", { d: starFort(s.x, s.y, FORT_R), fill: side.fill, stroke: side.dark, "stroke-width": 1.3, "stroke-linejoin": "round", "class": "ny-marker" }, g);
      el("text", { x: s.x, y: f(s.y + 4.2), "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: side.ink,
        "pointer-events": "none", "class": "ny-fort" }, g, m.text);
      if (m.worn) {
        var ww = textWidth(m.worn, 11, true) + 6, wx = s.x + m.r + 1.5;
        el("rect", { x: f(wx), y: f(s.y - 7), width: f(ww), height: 14, rx: 2, fill: "#fff", stroke: "#b71c1c", "stroke-width": 1.1 }, g);
        el("text", { x: f(wx + ww / 2), y: f(s.y + 3.8), "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: "#8e0000", "pointer-events": "none",
          "class": "ny-worn" }, g, m.worn);
      }
    } else {
      el("circle", { cx: s.x, cy: s.y, r: 5, fill: side.fill, stroke: side.dark, "stroke-width": 1.4, "class": "ny-marker" }, g);
    }
    // Small marks on the marker's corners: rich (gold coin), port (anchor), line level, famous
    // victory, continued siege.
    var hw = m.fort ? FORT_R * 0.8 : 4.5, hh = hw;
    if (s.rich) el("circle", { cx: f(s.x + hw), cy: f(s.y - hh), r: 2.6, fill: "#f2c230", stroke: "#7a5b00", "stroke-width": 0.9, "class": "ny-rich" }, g);
    if (s.port) {
      var ax = s.x - hw - 1, ay = s.y + hh + 1;
      el("path", { d: "M" + f(ax) + " " + f(ay - 4.2) + "v5.4M" + f(ax - 2.6) + " " + f(ay - 0.2) + "q2.6 2.8 5.2 0M" + f(ax - 1.6) + " " + f(ay - 2.6) + "h3.2",
        stroke: s.port === "mediterranean" ? "#00695c" : "#0d47a1", "stroke-width": 1.1, fill: "none", "stroke-linecap": "round", "class": "ny-port" }, g);
    }
    var tags = [];
    var tx0 = s.x + hw + 1 + (m.worn ? textWidth(m.worn, 11, true) + 8 : 0);
    if (v.line) tags.push(["L" + v.line, "#4e342e", "#fff"]);
    if (v.famous) tags.push(["★", "#b71c1c", "#fff"]);
    if (v.continued) tags.push(["CS", "#6a1b9a", "#fff"]);
    var tx = tx0;
    tags.forEach(function (t) {
      var tw = textWidth(t[0], 10.5, true) + 4, ty = s.y + hh - 4;
      el("rect", { x: f(tx), y: f(ty - 1.5), width: f(tw), height: 13, rx: 2, fill: t[1], stroke: "#fff", "stroke-width": 0.7 }, g);
      el("text", { x: f(tx + tw / 2), y: f(ty + 8.6), "font-size": 10.5, "font-weight": "bold", "text-anchor": "middle", fill: t[2], "pointer-events": "none" }, g, t[0]);
      tx += tw + 1;
    });
  }

  function chip(parent, ix, c, x, y, ctx, pieces, sel, forceCorps, lit, con, lang) {
    var st = c.st, colour = powerColour(ix, st.power), n = st.ids.length;
    var inForce = st.ids.some(function (id) { return forceCorps[id]; });
    var g = el("g", { "data-piece": st.key, "class": "ny-piece ny-chip", "data-count": n, "data-space": st.space,
      "data-power": st.power, "data-reduced": st.reduced ? "1" : "0" }, parent);
    el("title", null, g, chipTitle(ix, st, lang));
    var selected = st.key === sel, can = pieces.has(st.key);
    var all = function (k) { return k > 0 && k === n; };
    var cx = x + c.w / 2, cy = y + CH / 2;
    if (can && !selected) el("rect", { x: f(x - 2), y: f(y - 2), width: f(c.w + 4), height: CH + 4, rx: 3, fill: "none", stroke: HOT.stroke, "stroke-width": 1.6, "class": "ny-can" }, g);
    // Activated this round: greyed (not faded: the count keeps its contrast) and ticked.
    var done = all(st.activated) && !selected && !inForce;
    var fill = st.reduced ? tint(colour, 0.2) : colour;
    if (done) fill = st.reduced ? "#e4e4e4" : mix(colour, "#9e9e9e", 0.4);
    fill = readable(fill);
    var ink = st.reduced ? "#111111" : inkOn(fill);
    var shape;
    if (all(st.demoralised)) {
      // Demoralised: turned on its corner.
      var r = CH / 2 + 1.5;
      shape = el("path", { d: "M" + f(cx) + " " + f(cy - r) + "L" + f(cx + c.w / 2 + 1.5) + " " + f(cy) + "L" + f(cx) + " " + f(cy + r) + "L" + f(cx - c.w / 2 - 1.5) + " " + f(cy) + "z",
        fill: fill, stroke: st.reduced ? colour : "#1a1a1a", "stroke-width": st.reduced ? 1.8 : 0.8 }, g);
    } else {
      shape = el("rect", { x: f(x), y: f(y), width: f(c.w), height: CH, rx: 2, fill: fill, stroke: st.reduced ? colour : "#1a1a1a", "stroke-width": st.reduced ? 1.8 : 0.8 }, g);
    }
    if (selected) { shape.setAttribute("stroke", "#ff6f00"); shape.setAttribute("stroke-width", 2.6); }
    else if (inForce) { shape.setAttribute("stroke", "#00838f"); shape.setAttribute("stroke-width", 2.4); }
    el("text", { x: f(cx), y: f(cy + FS_TAG * 0.36), "font-size": FS_TAG, "font-weight": "bold", "text-anchor": "middle", fill: ink, "pointer-events": "none" }, g, c.text);
    if (st.demoralised && !all(st.demoralised)) {
      el("path", { d: "M" + f(x + c.w - 5) + " " + f(y) + "h5v5z", fill: "#d32f2f", "pointer-events": "none" }, g);
    }
    if (done) tick(g, x + c.w, y);
    g.addEventListener("click", function (e) { e.stopPropagation(); clickPiece(ctx, con, st.key, st.space, lit); });
  }

  function leaderTag(parent, ix, l, text, x, y, w, ctx, pieces, sel, forceLeaders, lit, con, lang) {
    var spec = ix.leader[l.id] || { power: "" }, colour = powerColour(ix, spec.power);
    var g = el("g", { "data-piece": l.id, "class": "ny-piece ny-leader", "data-space": l.at }, parent);
    el("title", null, g, leaderTitle(ix, l, lang));
    var selected = l.id === sel, can = pieces.has(l.id);
    if (can && !selected) el("rect", { x: f(x - 2), y: f(y - 2), width: f(w + 4), height: TH + 4, rx: 3, fill: "none", stroke: HOT.stroke, "stroke-width": 1.6, "class": "ny-can" }, g);
    var stroke = selected ? "#ff6f00" : forceLeaders[l.id] ? "#00838f" : l.demoralised ? "#c62828" : "#4a4032";
    var done = l.activated && !selected && !forceLeaders[l.id];
    el("rect", { x: f(x), y: f(y), width: f(w), height: TH, rx: 2, fill: done ? "#dedbd3" : l.demoralised ? "#fdecea" : "#fffdf6", stroke: stroke,
      "stroke-width": selected || forceLeaders[l.id] ? 2.4 : 0.8, "stroke-dasharray": l.demoralised && !selected ? "2.5 1.5" : null }, g);
    el("rect", { x: f(x), y: f(y), width: 3.5, height: TH, fill: colour, "pointer-events": "none" }, g);
    el("text", { x: f(x + 5.5), y: f(y + TH * 0.76), "font-size": FS_TAG, fill: l.demoralised ? "#8e0000" : "#1a1a1a", "font-style": l.demoralised ? "italic" : null,
      "pointer-events": "none" }, g, text);
    if (done) tick(g, x + w, y);
    g.addEventListener("click", function (e) { e.stopPropagation(); clickPiece(ctx, con, l.id, l.at, lit); });
  }

  // A tick on a counter's top-right corner: activated this round.
  function tick(g, x, y) {
    el("circle", { cx: f(x - 0.5), cy: f(y + 0.5), r: 3.6, fill: "#fff", stroke: "#37474f", "stroke-width": 0.8, "pointer-events": "none" }, g);
    el("path", { d: "M" + f(x - 2.3) + " " + f(y + 0.6) + "l1.3 1.4l2.4 -2.8", fill: "none", stroke: "#1b5e20", "stroke-width": 1.2,
      "stroke-linecap": "round", "stroke-linejoin": "round", "pointer-events": "none", "class": "ny-tick" }, g);
  }

  function chipTitle(ix, st, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var out = [corpsN(st.ids.length, lang) + " · " + powerName(ix, st.power, lang) + " · " + (st.reduced ? T("reduced", "ослабленные") : T("full strength", "полнокровные"))];
    if (st.demoralised) out.push(T("demoralised: ", "деморализованы: ") + st.demoralised);
    if (st.activated) out.push(T("activated this round: ", "активированы в этом раунде: ") + st.activated);
    out.push(spaceName(ix, st.space, lang));
    return out.join("\n");
  }
  function leaderTitle(ix, l, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); }, spec = ix.leader[l.id];
    var out = [leaderName(ix, l.id, lang) + (spec ? " · " + powerName(ix, spec.power, lang) : ""),
      T("tactics ", "тактика ") + l.tactics + T(", command ", ", командование ") + l.command +
        (spec && !l.promoted && (spec.tactics !== l.tactics || spec.command !== l.command) ? T(" (minor side; named: ", " (младшая сторона; именная: ") + spec.tactics + "-" + spec.command + ")" : "")];
    if (spec && spec.siege) out.push(T("siege bonus +", "бонус осады +") + spec.siege);
    if (l.demoralised) out.push(T("demoralised", "деморализован"));
    if (l.activated) out.push(T("activated this round", "активирован в этом раунде"));
    return out.join("\n");
  }
  function spaceTitle(ix, s, v, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var out = [named(s.name, lang) + " · " + w2(SIDE_SHORT[v.control] || SIDE_SHORT.none, lang)];
    if (s.fortress) out.push(T("fortress ", "крепость ") + v.strength + "/" + s.fortress + (v.besieged ? T(", besieged", ", в осаде") : ""));
    if (s.capital) out.push(T("capital", "столица"));
    if (s.rich) out.push(T("rich space", "богатая область"));
    if (s.port) out.push(T("port: ", "порт: ") + (s.port === "atlantic" ? T("Atlantic", "Атлантика") : T("Mediterranean", "Средиземноморье")));
    if (s.home && s.home.length) out.push(T("home of ", "домашняя: ") + s.home.map(function (p) { return powerName(ix, p, lang); }).join(", "));
    if (v.line) out.push(T("fortified line ", "фортификационная линия ") + v.line);
    if (v.continued) out.push(T("continued siege", "продолжающаяся осада"));
    if (v.famous) out.push(T("famous victory", "славная победа"));
    out.push(T("LOC ", "ЛК ") + w2(LOC_WORD[v.loc], lang));
    return out.join("\n");
  }

  // The two sea zones: who holds each, and its fleets.
  function seaZones(svg, ix, view, lang) {
    var g = el("g", { "class": "ny-seas", "pointer-events": "none" }, svg);
    (ix.drawing.seas || []).forEach(function (z, i) {
      var b = SEA_BOX[z.id];
      if (!b) return;
      var holder = (view.sea || [])[i] || "none", side = SIDE[holder] || SIDE.none;
      var gz = el("g", { "data-sea": z.id, "data-control": holder }, g);
      el("rect", { x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, rx: 6, fill: "#d7e7f1", stroke: "#6f98b4", "stroke-width": 1 }, gz);
      el("rect", { x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, rx: 6, fill: "url(#ny-waves)", opacity: 0.45 }, gz);
      el("text", { x: b.x0 + 6, y: b.y0 + 15, "font-size": 11.5, "font-weight": "bold", "font-style": "italic", fill: "#123a57" }, gz, named(z.name, lang));
      // Control: a pill in the holder's colour, on the next line.
      var ctl = holder === "none" ? tr(lang, "nobody controls it", "никем не контролируется") : tr(lang, "control: ", "контроль: ") + w2(SIDE_SHORT[holder], lang);
      var cw = textWidth(ctl, 11, true) + 12;
      el("rect", { x: b.x0 + 5, y: b.y0 + 20, width: f(cw), height: 14, rx: 7, fill: side.fill, stroke: side.dark, "stroke-width": 1, "class": "ny-sea-control" }, gz);
      el("text", { x: f(b.x0 + 5 + cw / 2), y: b.y0 + 30.6, "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: side.ink }, gz, ctl);
      // Fleets of this zone.
      var y = b.y0 + 50;
      (ix.drawing.fleets || []).forEach(function (fl, k) {
        if (fl.sea !== z.id) return;
        var st = (view.fleets || [])[k] || "pool", fs = SIDE[fl.side] || SIDE.none;
        var on = st !== "pool" && st !== "removed";
        // A ship: the hull and a sail, filled when the fleet is prepared or at sea.
        var sx = b.x0 + 6;
        el("path", { d: "M" + sx + " " + (y - 2) + "h13l-2.5 3.8h-8z", fill: on ? fs.fill : "#fff", stroke: fs.dark, "stroke-width": 1, "stroke-linejoin": "round" }, gz);
        el("path", { d: "M" + (sx + 6.5) + " " + (y - 2.6) + "v-9l5 8z", fill: on ? fs.fill : "#fff", stroke: fs.dark, "stroke-width": 0.9, "stroke-linejoin": "round" }, gz);
        el("text", { x: b.x0 + 23, y: y + 1, "font-size": 11, fill: on ? "#0b1a26" : "#2f4250", "font-weight": on ? "bold" : null }, gz,
          shortFleet(ix, fl, lang) + ": " + fleetWord(st, lang));
        y += 14;
      });
    });
  }
  // A fleet on the map: a Bourbon fleet by its home port, the Alliance's as the Allies'.
  function shortFleet(ix, fl, lang) {
    if (fl.side === "alliance") return tr(lang, "Allies", "Союзники");
    return spaceName(ix, fl.port, lang);
  }
  function fleetWord(st, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    if (st === "control") return T("at sea", "в море");
    if (st === "port-1" || st === "port-2") return T("in port (", "в порту (") + st.slice(5) + ")";
    if (st === "removed") return T("removed", "снят");
    return T("not ready", "не готов");
  }

  // Top right: the year and phase, the VP track, KWW and RP; leaders off the map.
  function tracks(svg, ix, view, lang, con, ctx, pieces, sel) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var b = TRACKS, x0 = b.x0, g = el("g", { "class": "ny-tracks" }, svg);
    el("rect", { x: x0, y: b.y0, width: b.x1 - x0, height: b.y1 - b.y0, rx: 6, fill: "#fbf8ef", stroke: "#b9ab88", "stroke-width": 1 }, g);
    var step = STEP[view.phase] || ["", view.phase, view.phase], ph = PHASES.filter(function (p) { return p[0] === step[0]; })[0];
    el("text", { x: x0 + 7, y: b.y0 + 16, "font-size": 12.5, "font-weight": "bold", fill: INK, "class": "ny-map-phase" }, g,
      String(view.year) + " · " + (ph ? ph[L(lang) + 1] : w2([step[1], step[2]], lang)));
    // Years, in two rows of five.
    var first = ix.drawing.first_year || 1688, lastY = ix.drawing.last_year || 1697, n = lastY - first + 1;
    var per = Math.ceil(n / 2), cw = (b.x1 - x0 - 14) / per, y = b.y0 + 22;
    for (var k = 0; k < n; k++) {
      var yr = first + k, now = yr === view.year, past = yr < view.year;
      var cx = x0 + 7 + (k % per) * cw, cy = y + Math.floor(k / per) * 16;
      el("rect", { x: f(cx), y: cy, width: f(cw - 2), height: 14.5, rx: 2, fill: now ? "#2e3b4e" : past ? "#e2dccd" : "#fff", stroke: "#8c7f63", "stroke-width": 0.7 }, g);
      el("text", { x: f(cx + (cw - 2) / 2), y: cy + 11, "font-size": 11, "text-anchor": "middle", fill: now ? "#fff" : past ? "#4f463a" : INK,
        "font-weight": now ? "bold" : null }, g, String(yr));
    }
    // VP track 0–40: the victory levels' bands, ticks every 5, the marker.
    y = b.y0 + 70;
    var vx = x0 + 10, vw = b.x1 - x0 - 20, u = vw / 40;
    el("text", { x: x0 + 7, y: y - 5, "font-size": 11, "font-weight": "bold", fill: INK }, g, T("VP ", "ПО ") + view.vp);
    var bands = [[0, 20, "#c5d3f0"], [20, 25, "#dfe6f6"], [25, 30, "#fbe6c6"], [30, 35, "#f6cf90"], [35, 40, "#eaa64b"]];
    bands.forEach(function (bd) { el("rect", { x: f(vx + bd[0] * u), y: y, width: f((bd[1] - bd[0]) * u), height: 9, fill: bd[2] }, g); });
    el("rect", { x: f(vx), y: y, width: f(vw), height: 9, fill: "none", stroke: "#7d705a", "stroke-width": 0.8 }, g);
    for (var t = 0; t <= 40; t++) {
      var big = t % 5 === 0;
      el("path", { d: "M" + f(vx + t * u) + " " + f(y + 9) + "v" + (big ? 3 : 1.6), stroke: "#7d705a", "stroke-width": big ? 0.9 : 0.5 }, g);
    }
    [0, 10, 20, 25, 30, 35, 40].forEach(function (t) {
      el("text", { x: f(vx + t * u), y: y + 22, "font-size": 11, "text-anchor": "middle", fill: "#3b2f1a", "font-weight": t === 35 ? "bold" : null }, g, String(t));
    });
    var vp = Math.max(0, Math.min(40, view.vp || 0)), mx = vx + vp * u;
    el("path", { d: "M" + f(mx) + " " + f(y - 1) + "l-4 -6h8z", fill: "#b71c1c", stroke: "#fff", "stroke-width": 0.8, "class": "ny-vp-marker" }, g);
    el("rect", { x: f(mx - 1), y: y - 1, width: 2, height: 11, fill: "#b71c1c" }, g);
    // KWW −2..+2 and RP.
    y = b.y0 + 100;
    el("text", { x: x0 + 7, y: y + 11, "font-size": 11, "font-weight": "bold", fill: INK }, g, T("KWW", "ВКВ"));
    var kx = x0 + 42;
    for (var kk = -2; kk <= 2; kk++) {
      var on = kk === view.kww;
      el("rect", { x: kx + (kk + 2) * 21, y: y, width: 20, height: 14.5, rx: 2, fill: on ? "#6d4c41" : "#fff", stroke: "#8c7f63", "stroke-width": 0.7 }, g);
      el("text", { x: kx + (kk + 2) * 21 + 10, y: y + 11, "font-size": 11, "text-anchor": "middle", fill: on ? "#fff" : INK, "font-weight": on ? "bold" : null }, g,
        kk > 0 ? "+" + kk : kk < 0 ? "−" + -kk : "0");
    }
    var rp = view.rp || [0, 0];
    el("text", { x: b.x1 - 7, y: y + 11, "font-size": 11, fill: INK, "text-anchor": "end" }, g,
      T("RP ", "ОР ") + T("A ", "А ") + rp[0] + " · " + T("B ", "Б ") + rp[1]);
    // Leaders off the map with something to do (arrived, due to be placed): pick them here.
    var off = con.off.filter(function (l) { return pieces.has(l.id) || l.at === "due"; });
    y = b.y0 + 121;
    if (off.length) {
      el("text", { x: x0 + 7, y: y + 9, "font-size": 11, "font-weight": "bold", fill: INK }, g, T("Arriving leaders", "Прибывающие лидеры"));
      var lx = x0 + 7, ly = y + 13;
      off.forEach(function (l) {
        var text = shortLeader(ix, l.id, lang) + " " + l.tactics + "-" + l.command, w = textWidth(text, FS_TAG, false) + 9;
        if (lx + w > b.x1 - 5) { lx = x0 + 7; ly += TH + 3; }
        if (ly + TH > b.y1) return;
        leaderTag(g, ix, l, text, lx, ly, w, ctx, pieces, sel, {}, function () { return false; }, con, lang);
        lx += w + 4;
      });
    }
  }

  // The LOC toggle, in the strip above the map (left; the zoom buttons are on the right).
  function locToggle(svg, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var g = el("g", { "class": "ny-toggle", "data-ny-toggle": "loc", role: "button" }, svg);
    var text = T("LOC: ", "ЛК: ") + (ui.loc ? T("shown", "показаны") : T("off", "скрыты"));
    var w = textWidth(text, 11.2, true) + 14;
    el("title", null, g, T("Tint every space by its line of communications (LOC): green open, amber restricted, red cut",
      "Окрасить области по линиям коммуникаций (ЛК): зелёный — открыта, жёлтый — ограничена, красный — прервана"));
    el("rect", { x: MAP.x + 4, y: MAP.y + 3, width: f(w), height: 19, rx: 9.5, fill: ui.loc ? "#2e3b4e" : "#fafafa", stroke: "#455a64", "stroke-width": 1 }, g);
    el("text", { x: f(MAP.x + 4 + w / 2), y: MAP.y + 16.8, "font-size": 11.2, "font-weight": "bold", "text-anchor": "middle", fill: ui.loc ? "#fff" : "#263238",
      "pointer-events": "none" }, g, text);
    var x = MAP.x + 10 + w;
    if (ui.loc) {
      ["open", "restricted", "cut"].forEach(function (k) {
        el("circle", { cx: x + 5, cy: MAP.y + 12.5, r: 5, fill: LOC_FILL[k], "fill-opacity": 0.6 }, svg);
        var word = w2(LOC_WORD[k], lang);
        el("text", { x: x + 13, y: MAP.y + 16.8, "font-size": 11, fill: INK, "pointer-events": "none" }, svg, word);
        x += textWidth(word, 11, false) + 24;
      });
    }
    g.addEventListener("click", function (e) { e.stopPropagation(); ui.loc = !ui.loc; redraw(); });
  }

  // ------------------------------------------------------------ panel --
  // Buttons in the panel press the shell's button for the same action; the LOC box toggles.
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest && e.target.closest("#panel [data-ny-act]");
    if (!b || b.disabled) return;
    var act = b.getAttribute("data-ny-act"), q = '[data-action="' + act.replace(/["\\]/g, "\\$&") + '"]';
    var target = document.querySelector("#legal button" + q) || document.querySelector("#all-legal button" + q) ||
      document.querySelector("#choices button" + q);
    if (target) { b.disabled = true; target.click(); }
  });
  document.addEventListener("change", function (e) {
    if (e.target && e.target.id === "ny-loc-box") { ui.loc = !!e.target.checked; redraw(); }
  });

  function actButton(action, label, primary, legal) {
    var ok = legal.indexOf(action) >= 0;
    return '<button type="button" class="ny-act' + (primary ? " primary" : "") + '" data-ny-act="' + esc(action) + '"' + (ok ? "" : " disabled") + ">" + esc(label) + "</button> ";
  }

  // An action in words.
  function actionLabel(ix, a, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); }, w = a.split(" ");
    var sp = function (id) { return spaceName(ix, id, lang); }, ld = function (id) { return leaderName(ix, id, lang); };
    switch (w[0]) {
      case "play": return T("Play a " + w[1] + "-action card", "Разыграть карточку на " + actionsN(+w[1], lang));
      case "show": return T("Choose " + w[1] + " face down", "Выбрать " + w[1] + " рубашкой вверх");
      case "campaign": return T("Campaign: ", "Кампания: ") + ld(w[1]);
      case "transfer": return T("Strategic Transfer", "Стратегическое перемещение");
      case "replace": return T("Replacement: ", "Пополнение: ") + powerName(ix, w[1], lang) + T(" in ", ", ") + sp(w[2]);
      case "rally": return T("Rally: ", "Сбор: ") + ld(w[1]);
      case "sea": return T("Sea Move from ", "Морское движение из: ") + sp(w[1]);
      case "deploy": return T("Deploy the fleet: ", "Ввести флот: ") + fleetName(ix, w[1], lang);
      case "siege": return T("Siege roll", "Осада: бросок");
      case "stop": return T("End this action", "Завершить действие");
      case "end": return T("End the round", "Завершить раунд");
      case "done": return T("Done", "Готово");
      case "first": return T("First: ", "Первыми: ") + w2(SIDE_NAME[w[1]], lang);
      case "battle": return T("Give battle", "Дать сражение");
      case "withdraw": return T("Withdraw into the fortress", "Отойти в крепость");
      case "no-intercept": return T("No interception", "Без перехвата");
      case "intercept": return T("Intercept with ", "Перехват: ") + ld(w[1]);
      case "event": return T("Play the event: ", "Разыграть событие: ") + eventName(ix, w[1], lang);
      case "kww": return w[1] === "reinforce" ? T("Reinforce in King William's War", "Укрепить позицию в ВКВ") : T("Do not reinforce (KWW)", "Не укреплять (ВКВ)");
      case "peace":
        return { none: T("No peace penalty", "Без штрафов"), card: T("Penalty: one card fewer", "Штраф: на карточку меньше"),
          rp: T("Penalty: 2 RP fewer", "Штраф: на 2 ОР меньше"), both: T("Both penalties", "Оба штрафа") }[w[1]] || a;
      case "savoy": return w[1] === "neutral" ? T("Make Savoy neutral", "Сделать Савойю нейтральной") : T("Savoy stays", "Савойя остаётся");
      case "colonial": return T("Colonial support (1 RP)", "Колониальная поддержка (1 ОР)");
      case "fleet": return T("Prepare ", "Подготовить: ") + fleetName(ix, w[1], lang) + T(", strength ", ", сила ") + w[2] + " (" + w[2] + T(" RP)", " ОР)");
      case "retreat": return T("Retreat to ", "Отступить в: ") + sp(w[1]);
      case "go": return T("Move to ", "Идти в: ") + sp(w[1]);
      case "sail": return T("Sail to ", "Плыть в: ") + sp(w[1]);
      case "add": return T("Take along: ", "Взять: ") + (w.length === 3 ? powerName(ix, w[1], lang) + (w[2] === "reduced" ? T(" (reduced)", " (ослабл.)") : "") : ld(w[1]));
      case "drop": return T("Leave behind: ", "Оставить: ") + (w.length === 3 ? powerName(ix, w[1], lang) + (w[2] === "reduced" ? T(" (reduced)", " (ослабл.)") : "") : ld(w[1]));
    }
    return a;
  }
  function fleetName(ix, id, lang) {
    var fl = (ix.drawing.fleets || []).filter(function (x) { return x.id === id; })[0];
    return fl ? named(fl.name, lang) : id;
  }

  // The event card drawn last: the latest event of the log naming a card, else the last gone.
  function lastEvent(ix, log, view) {
    var evs = ix.drawing.events || [];
    for (var i = (log || []).length - 1; i >= 0; i--) {
      var e = log[i];
      var m = /^event (\S+)$/.exec(e.action || "");
      if (m && ix.event[m[1]]) return { id: m[1], by: e.seat };
      var found = null;
      (e.events || []).forEach(function (v) {
        if (!/^NY 9\./.test(v.rule || "")) return;
        var text = (v.text && v.text.en) || "";
        evs.forEach(function (c) {
          var n = c.name.en;
          if (text.indexOf(n) >= 0 && (!found || n.length > ix.event[found].name.en.length)) found = c.id;
        });
      });
      if (found) return { id: found, by: null };
    }
    var gone = view.gone || [];
    return gone.length ? { id: gone[gone.length - 1], by: null } : null;
  }

  var CSS = "<style>" +
    ".ny-panel{font-size:14px;line-height:1.4;overflow-wrap:break-word}.ny-panel h3{font-size:15px;margin:.8em 0 .3em}" +
    ".ny-muted{color:#5f5646;font-size:13px}.ny-panel details{margin:.4em 0}.ny-panel summary{cursor:pointer;font-weight:bold}" +
    ".ny-row{display:flex;flex-wrap:wrap;gap:3px;margin:.25em 0}" +
    ".ny-box{border:1px solid #a89c84;border-radius:4px;padding:0 4px;font-size:12px;background:#fbf8f1;color:#2e2619;text-align:center;min-width:2.6em}" +
    ".ny-box.ny-now{background:#2e3b4e;border-color:#2e3b4e;color:#fff;font-weight:bold}.ny-box.ny-past{background:#e7e2d8;color:#5f5646}" +
    ".ny-ph{border:1px solid #a89c84;border-radius:4px;padding:1px 6px;font-size:13px;background:#fbf8f1;color:#2e2619}" +
    ".ny-ph.ny-now{background:#8e3b22;border-color:#8e3b22;color:#fff;font-weight:bold}.ny-ph.ny-past{background:#e7e2d8;color:#5f5646}" +
    ".ny-vp{display:flex;margin:.3em 0 1.2em;position:relative}.ny-vp span{flex:1;height:14px;border-right:1px solid #fff;position:relative}" +
    ".ny-vp span.ny-t:after{content:attr(data-v);position:absolute;top:15px;left:-6px;font-size:11px;color:#3b2f1a}" +
    ".ny-vp span.ny-now{outline:2px solid #b71c1c;outline-offset:1px;z-index:1}" +
    ".ny-kww{display:flex;gap:3px}.ny-kww span{border:1px solid #a89c84;border-radius:3px;min-width:2em;text-align:center;font-size:12px;background:#fff}" +
    ".ny-kww span.ny-now{background:#6d4c41;color:#fff;font-weight:bold;border-color:#6d4c41}" +
    ".ny-cards{display:flex;gap:6px;flex-wrap:wrap;margin:.3em 0}" +
    ".ny-card{min-width:4.6em;min-height:5.4em;border:2px solid #5d4f37;border-radius:7px;background:#fffdf5;padding:4px 6px;text-align:center;line-height:1.2;color:#2a241a}" +
    ".ny-card b{display:block;font-size:22px}.ny-card .ny-n{display:block;font-size:12px}.ny-card.ny-none{opacity:.45}" +
    ".ny-card:not([disabled]){border-color:#e65100;box-shadow:0 0 0 2px #ffd54f}.ny-card[disabled]{cursor:default}" +
    ".ny-ev{border:1px solid #b9ab88;border-left:4px solid #8e3b22;border-radius:4px;padding:4px 8px;margin:.3em 0;background:#fffaf0}" +
    ".ny-ev b{display:block}.ny-ev p{margin:.2em 0;font-size:13px}" +
    ".ny-sw{display:inline-block;width:.95em;height:.95em;border:1px solid #333;border-radius:2px;vertical-align:-2px;margin-right:.3em}" +
    ".ny-tbl{border-collapse:collapse;font-size:12.5px;width:100%}.ny-tbl td,.ny-tbl th{padding:1px 4px;text-align:left;border-bottom:1px solid #eee}" +
    ".ny-tbl th{font-weight:600;font-size:12px}.ny-tbl .num{text-align:right}" +
    ".ny-act{margin:2px 4px 2px 0;min-height:30px;padding:2px 9px;font-size:13px}.ny-force{border:2px solid #00838f;border-radius:6px;padding:4px 8px;margin:.4em 0;background:#f0fafa}" +
    ".ny-pend{border:2px solid #b71c1c;border-radius:6px;padding:4px 8px;margin:.4em 0;background:#fff7f5}" +
    ".ny-key li{list-style:none;margin:.2em 0}.ny-key{padding-left:.2em;font-size:13px}" +
    "</style>";

  function panel(ctx) {
    var drawing = ctx.drawing, view = ctx.view || {}, lang = ctx.lang || "en";
    if (!drawing || !drawing.spaces || !view.spaces) return "";
    var ix = index(drawing), T = function (en, ru) { return tr(lang, en, ru); };
    var legal = legalOf(ctx).map(function (a) { return a.action; });
    var me = view.side, h = [CSS, '<div class="ny-panel">'];
    h.push('<div class="ny-muted">' + esc(named(drawing.name, lang)) + "</div>");

    // Year track and phase.
    var first = drawing.first_year || 1688, lastY = drawing.last_year || 1697;
    h.push("<h3>" + esc(T("Year ", "Год ")) + view.year + " · " + esc(T("initiative: ", "инициатива: ")) + esc(w2(SIDE_NAME[view.initiative], lang)) + "</h3>");
    var years = [];
    for (var y = first; y <= lastY; y++) {
      years.push('<span class="ny-box' + (y === view.year ? " ny-now" : y < view.year ? " ny-past" : "") + '">' + y + "</span>");
    }
    h.push('<div class="ny-row" id="ny-years">' + years.join("") + "</div>");
    var step = STEP[view.phase] || ["", view.phase, view.phase], at = -1;
    PHASES.forEach(function (p, i) { if (p[0] === step[0]) at = i; });
    h.push('<div class="ny-row" id="ny-phase" data-phase="' + esc(view.phase) + '">' + PHASES.map(function (p, i) {
      return '<span class="ny-ph' + (i === at ? " ny-now" : i < at ? " ny-past" : "") + '">' + esc(p[L(lang) + 1]) + "</span>";
    }).join("") + "</div>");
    h.push('<div id="ny-step">' + esc(w2([step[1], step[2]], lang)) + stepWho(view, lang) + "</div>");
    if (view.phase === "round") {
      var used = view.used || [], bits = [];
      bits.push(view.played ? T("card played: ", "карточка разыграна: ") + actionsN(view.ap, lang) + T(" left", " осталось") : T("no card played yet", "карточка ещё не разыграна"));
      if (used[0]) bits.push(T("Strategic Transfer used", "Стратегическое перемещение сделано"));
      if (used[1]) bits.push(T("Replacement used", "Пополнение сделано"));
      if (used[2]) bits.push(T("Rally used", "Сбор сделан"));
      if (view.bonus && (view.bonus[0] || view.bonus[1])) bits.push(T("held-card bonus: battle +", "бонус карточки: бой +") + view.bonus[0] + T(", siege +", ", осада +") + view.bonus[1]);
      h.push('<div class="ny-muted" id="ny-round">' + esc(bits.join(" · ")) + "</div>");
    }
    if (view.end) {
      var e = view.end.split(" "), why = e[0] === "automatic" ? T("automatic victory of ", "автоматическая победа: ") + w2(SIDE_NAME[e[1]], lang)
        : e[0] === "peace" ? T("peace was made (6.3)", "заключён мир (6.3)") : e[0] === "last-turn" ? T("the last year is over (6.3)", "последний год окончен (6.3)") : view.end;
      h.push('<div id="ny-end"><b>' + esc(T("Game over: ", "Игра окончена: ")) + esc(why) + "</b></div>");
    }

    // The action under way and a decision owed.
    if (view.force) h.push(forceBox(ix, view, lang));
    if (view.pending) h.push(pendingBox(ix, view, lang));

    // What may be done now, in words (the shell lists the same actions in notation).
    h.push(actionsBox(ix, view, legal, lang));

    // The hand.
    h.push(handBox(ix, view, legal, lang));

    // Held events and the last event drawn.
    h.push(eventsBox(ix, view, legal, lang, ctx.log));

    // VP, RP, KWW, seas.
    h.push("<h3>" + esc(T("Victory points (VP)", "Победные очки (ПО)")) + ": <span id=\"ny-vp-value\">" + view.vp + "</span></h3>");
    h.push(vpTrack(view, lang));
    h.push('<div id="ny-rp">' + esc(T("Resource points (RP) left: ", "Очки ресурсов (ОР) осталось: ")) + "<b>" + esc(T("Alliance ", "Альянс ")) + (view.rp || [0, 0])[0] +
      "</b> · <b>" + esc(T("Bourbons ", "Бурбоны ")) + (view.rp || [0, 0])[1] + "</b></div>");
    h.push('<div id="ny-kww-box"><b>' + esc(T("King William's War (KWW)", "Война короля Вильгельма (ВКВ)")) + '</b><div class="ny-kww" id="ny-kww" data-kww="' + view.kww + '">');
    for (var k = -2; k <= 2; k++) h.push("<span" + (k === view.kww ? ' class="ny-now"' : "") + ">" + (k > 0 ? "+" + k : k < 0 ? "−" + -k : "0") + "</span>");
    h.push("</div>");
    var kb = [];
    if (view.kww_used && view.kww_used[0]) kb.push(T("Alliance reinforced", "Альянс укреплял"));
    if (view.kww_used && view.kww_used[1]) kb.push(T("Bourbons reinforced", "Бурбоны укрепляли"));
    if (view.colonial && view.colonial[0]) kb.push(T("Alliance colonial support", "колониальная поддержка Альянса"));
    if (view.colonial && view.colonial[1]) kb.push(T("Bourbon colonial support", "колониальная поддержка Бурбонов"));
    if (kb.length) h.push('<div class="ny-muted">' + esc(kb.join(" · ")) + "</div>");
    h.push("</div>");
    h.push(seasBox(ix, view, lang));

    // The state of the war.
    var war = [T("Savoy: ", "Савойя: ") + w2(SAVOY[view.savoy], lang), view.revolution ? T("the Glorious Revolution has happened", "Славная революция произошла") :
      T("no Glorious Revolution yet", "Славной революции ещё не было")];
    if ((view.long_term || []).length) war.push(T("long-term events: ", "долгосрочные события: ") + view.long_term.map(function (id) { return eventName(ix, id, lang); }).join(", "));
    h.push('<div class="ny-muted" id="ny-war">' + esc(war.join(" · ")) + "</div>");

    // Powers off the map.
    h.push(powersBox(ix, view, lang));
    h.push('<div class="ny-muted" id="ny-decks">' + esc(T("Action deck ", "Колода действий: ") + view.action_deck + T(", discards ", ", сброс ") +
      (view.action_discard || []).map(function (n, i) { return n + "×" + (i + 1); }).join(" ") + T(" · event deck ", " · колода событий: ") + view.event_deck +
      (view.late_added ? T(" (late cards in)", " (поздние карточки добавлены)") : "")) + "</div>");
    h.push('<label><input type="checkbox" id="ny-loc-box"' + (ui.loc ? " checked" : "") + "> " + esc(T("Show the lines of communication (LOC) on the map", "Показать линии коммуникаций (ЛК) на карте")) + "</label>");
    h.push(legend(ix, lang));
    h.push("</div>");
    return h.join("");
  }

  function stepWho(view, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var who = null;
    if (view.phase === "round") who = view.active;
    else if (view.phase === "show") return "";
    else if (view.phase === "event-order" || view.phase === "reinforce-order" || view.phase === "first-player") who = view.initiative;
    else if (view.order && view.phase !== "over") who = view.order[view.idx];
    if (!who) return "";
    return ' — <b id="ny-who" data-side="' + esc(who) + '">' + esc(w2(SIDE_NAME[who], lang)) + "</b>" + (who === view.side ? " (" + esc(T("you", "вы")) + ")" : "");
  }

  function forceBox(ix, view, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); }, fo = view.force;
    var kind = { campaign: T("Campaign", "Кампания"), sea: T("Sea Move", "Морское движение"), transfer: T("Strategic Transfer", "Стратегическое перемещение") }[fo.kind] || fo.kind;
    var out = ['<div class="ny-force" id="ny-force" data-kind="' + esc(fo.kind) + '" data-space="' + esc(fo.space || "") + '"><b>' + esc(kind) + "</b>"];
    if (fo.space) out.push(" · " + esc(spaceName(ix, fo.space, lang)));
    var bits = [];
    if (fo.leaders.length) bits.push(fo.leaders.map(function (l) { return leaderName(ix, l, lang); }).join(", "));
    var byPower = {};
    (view.corps || []).forEach(function (c) { if (fo.corps.indexOf(c.id) >= 0) byPower[c.power] = (byPower[c.power] || 0) + 1; });
    Object.keys(byPower).forEach(function (p) { bits.push(byPower[p] + "× " + powerName(ix, p, lang)); });
    if (!fo.corps.length && fo.kind !== "transfer") bits.push(T("no corps", "без корпусов"));
    out.push("<div>" + esc(bits.join(" · ")) + "</div>");
    if (fo.kind === "campaign") out.push('<div class="ny-muted">' + esc(T("MP spent ", "ОД потрачено ") + fo.spent + "/3" + (fo.moved ? T(" · has moved (no siege now)", " · уже двигалась (осада невозможна)") : "")) + "</div>");
    else if (fo.kind === "transfer") out.push('<div class="ny-muted">' + esc(T("counters moved ", "перемещено фишек ") + fo.spent + "/2") + "</div>");
    out.push("</div>");
    return out.join("");
  }

  function pendingBox(ix, view, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); }, p = view.pending.split(" ");
    var what = {
      intercept: T("Interception? The enemy may intercept the army in ", "Перехват? Противник может перехватить армию в: "),
      garrison: T("The defender in its fortress: give battle or withdraw — ", "Обороняющийся в крепости: дать сражение или отойти — "),
      retreat: T("The beaten army retreats from ", "Разбитая армия отступает из: "),
      savoy: T("Savoy: neutral or not — ", "Савойя: нейтралитет или нет — ")
    }[p[0]] || p[0] + " ";
    var arg = p[0] === "savoy" ? w2(SIDE_NAME[p[1]], lang) : spaceName(ix, p[1], lang);
    return '<div class="ny-pend" id="ny-pending" data-pending="' + esc(view.pending) + '">' + esc(what) + "<b>" + esc(arg) + "</b></div>";
  }

  function actionsBox(ix, view, legal, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var shown = legal.filter(function (a) {
      return /^(play|show|campaign|transfer|replace|rally|sea|deploy|siege|stop|end|done|first|battle|withdraw|no-intercept|intercept|event|kww|peace|savoy|colonial|fleet|retreat|add|drop)( |$)/.test(a);
    });
    var board = legal.filter(function (a) { return /^(go|sail|form|place|rebuild|leader|line|shift) /.test(a); });
    if (!shown.length && !board.length) return "";
    var out = ['<div id="ny-actions">'];
    if (shown.length) {
      out.push('<div class="ny-row">' + shown.map(function (a) {
        return actButton(a, actionLabel(ix, a, lang), /^(play|done|battle|stop|end)/.test(a) && shown.length <= 3, legal);
      }).join("") + "</div>");
    }
    if (board.length) {
      var verbs = {};
      board.forEach(function (a) { verbs[a.split(" ")[0]] = true; });
      var hints = {
        go: T("move the army: click a lit space", "движение армии: щёлкните подсвеченную область"),
        sail: T("sail: click a lit port", "плавание: щёлкните подсвеченный порт"),
        form: T("form a corps: click a lit space (full 2 RP, reduced 1 RP)", "формирование корпуса: щёлкните подсвеченную область (полнокровный 2 ОР, ослабленный 1 ОР)"),
        place: T("place arrived corps: click a lit space", "размещение прибывших корпусов: щёлкните подсвеченную область"),
        rebuild: T("rebuild a reduced corps (1 RP): click a lit space", "восстановление ослабленного корпуса (1 ОР): щёлкните подсвеченную область"),
        leader: T("move a leader: click him, then a lit space", "перемещение лидера: щёлкните его, затем подсвеченную область"),
        line: T("fortified line (1 RP): click a lit space", "фортификационная линия (1 ОР): щёлкните подсвеченную область"),
        shift: T("transfer: click a counter, then a lit space", "перемещение: щёлкните фишку, затем подсвеченную область")
      };
      out.push('<div class="ny-muted">' + Object.keys(verbs).map(function (v) { return esc(hints[v] || v); }).join("<br>") + "</div>");
    }
    out.push("</div>");
    return out.join("");
  }

  function handBox(ix, view, legal, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var sizes = view.hand_sizes || [0, 0], out = [];
    var total = view.hand ? view.hand[0] + view.hand[1] + view.hand[2] : 0;
    if (view.hand && !total && !/^(show|first-player|round)$/.test(view.phase)) {
      out.push('<h3>' + esc(T("Your hand", "Ваши карточки действий")) + ": " + esc(cards(0, lang)) + "</h3>" +
        '<div class="ny-muted" id="ny-hand" data-total="0">' + esc(T("Action cards are dealt in the Campaign phase.", "Карточки действий раздаются в Фазе Кампании.")) + "</div>");
    } else if (view.hand) {
      out.push('<h3>' + esc(T("Your hand", "Ваши карточки действий")) + ": " + esc(cards(total, lang)) + "</h3>");
      out.push('<div class="ny-cards" id="ny-hand" data-total="' + total + '">');
      for (var v = 1; v <= 3; v++) {
        var n = view.hand[v - 1], act = legal.indexOf("play " + v) >= 0 ? "play " + v : legal.indexOf("show " + v) >= 0 ? "show " + v : null;
        out.push('<button type="button" class="ny-card' + (n ? "" : " ny-none") + '" data-card="' + v + '" data-count="' + n + '"' +
          (act ? ' data-ny-act="' + act + '" title="' + esc(actionLabel(ix, act, lang)) + '"' : " disabled") + "><b>" + v + '</b><span class="ny-n">' +
          esc(lang === "ru" ? plural(v, "действие", "действия", "действий") : v === 1 ? "action" : "actions") + '</span><span class="ny-n">×' + n + "</span></button>");
      }
      out.push("</div>");
    }
    var others = [];
    ["alliance", "bourbon"].forEach(function (s, i) {
      if (s !== view.side) others.push(w2(SIDE_NAME[s], lang) + ": " + cards(sizes[i], lang));
    });
    var shownBits = [];
    (view.shown || []).forEach(function (v, i) {
      if (v == null) return;
      shownBits.push(w2(SIDE_SHORT[["alliance", "bourbon"][i]], lang) + " " + (v ? v : T("chosen (hidden)", "выбрана (скрыта)")));
    });
    if (shownBits.length) others.push(T("face down: ", "рубашкой вверх: ") + shownBits.join(", "));
    if (view.must_play) others.push(T("must play the ", "обязан разыграть ") + view.must_play);
    if (others.length) out.push('<div class="ny-muted" id="ny-hands">' + esc(others.join(" · ")) + "</div>");
    return out.join("");
  }

  function eventsBox(ix, view, legal, lang, log) {
    var T = function (en, ru) { return tr(lang, en, ru); }, out = [];
    if ((view.held || []).length) {
      out.push("<h3>" + esc(T("Held events", "Удержанные события")) + "</h3><div id=\"ny-held\">");
      view.held.forEach(function (id) {
        var e = ix.event[id];
        out.push('<div class="ny-ev" data-event="' + esc(id) + '"><b>' + esc(eventName(ix, id, lang)) + "</b><p>" + esc(e ? named(e.text, lang) : "") + "</p>" +
          (legal.indexOf("event " + id) >= 0 ? actButton("event " + id, T("Play it", "Разыграть"), false, legal) : "") + "</div>");
      });
      out.push("</div>");
    }
    var sizes = view.held_sizes || [0, 0];
    var theirs = ["alliance", "bourbon"].map(function (s, i) { return s !== view.side && sizes[i] ? w2(SIDE_NAME[s], lang) + T(" hold ", " удерживают ") + sizes[i] : null; })
      .filter(Boolean);
    if (theirs.length) out.push('<div class="ny-muted">' + esc(T("Events held: ", "Удержанных событий: ") + theirs.join(", ")) + "</div>");
    var ev = lastEvent(ix, log, view);
    if (ev && ix.event[ev.id]) {
      var e = ix.event[ev.id];
      out.push("<h3>" + esc(T("Last event card", "Последняя карточка события")) + '</h3><div class="ny-ev" id="ny-event" data-event="' + esc(ev.id) + '"><b>' +
        esc(named(e.name, lang)) + "</b><p>" + esc(named(e.text, lang)) + "</p></div>");
    }
    return out.join("");
  }

  function vpTrack(view, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var colour = function (v) { return v < 20 ? "#9fb4e6" : v < 25 ? "#cad6f1" : v < 30 ? "#f8dcae" : v < 35 ? "#f2bb6b" : "#e08f22"; };
    var cells = [];
    for (var v = 0; v <= 40; v++) {
      cells.push('<span class="' + (v % 5 === 0 ? "ny-t" : "") + (v === view.vp ? " ny-now" : "") + '" data-v="' + v + '" style="background:' +
        (v === view.vp ? "#b71c1c" : colour(v)) + '" title="' + v + '"></span>');
    }
    return '<div class="ny-vp" id="ny-vp" data-vp="' + view.vp + '">' + cells.join("") + '</div><div class="ny-muted">' +
      esc(T("0: the Bourbons win at once · 19 or less: major Bourbon victory · 20–24 minor Bourbon · 25–29 minor Alliance · 30+: major Alliance · 35+: the Alliance wins at once",
        "0: немедленная победа Бурбонов · 19 и меньше: значительная победа Бурбонов · 20–24 незначительная Бурбонов · 25–29 незначительная Альянса · 30+: значительная Альянса · 35+: немедленная победа Альянса")) + "</div>";
  }

  function seasBox(ix, view, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var out = ['<div id="ny-seas">'];
    (ix.drawing.seas || []).forEach(function (z, i) {
      var holder = (view.sea || [])[i] || "none", side = SIDE[holder] || SIDE.none;
      var fleets = (ix.drawing.fleets || []).map(function (fl, k) { return fl.sea === z.id ? named(fl.name, lang) + ": " + w2(FLEET_STATE[(view.fleets || [])[k]] || FLEET_STATE.pool, lang) : null; })
        .filter(Boolean);
      out.push('<div data-sea="' + esc(z.id) + '" data-control="' + esc(holder) + '"><span class="ny-sw" style="background:' + side.fill + '"></span><b>' + esc(named(z.name, lang)) + "</b>: " +
        esc(holder === "none" ? T("nobody controls it", "никем не контролируется") : T("controlled by ", "контроль: ") + w2(SIDE_NAME[holder], lang)) +
        '<div class="ny-muted">' + esc(fleets.join(" · ")) + "</div></div>");
    });
    out.push("</div>");
    return out.join("");
  }

  function powersBox(ix, view, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var onMap = {};
    (view.corps || []).forEach(function (c) { onMap[c.power] = (onMap[c.power] || 0) + 1; });
    var rows = (view.powers || []).map(function (p) {
      var spec = ix.power[p.id] || {};
      return '<tr data-power="' + esc(p.id) + '"><td><span class="ny-sw" style="background:' + esc(spec.colour || "#777") + '"></span>' + esc(powerName(ix, p.id, lang)) +
        (p.at_war ? "" : ' <span class="ny-muted">(' + esc(T("not at war", "не воюет")) + ")</span>") + '</td><td class="num">' + (onMap[p.id] || 0) + '</td><td class="num">' + p.pool +
        '</td><td class="num">' + (p.due ? "<b>" + p.due + "</b>" : p.due) + '</td><td class="num">' + p.waiting + "</td></tr>";
    });
    return "<details id=\"ny-powers\"><summary>" + esc(T("Powers and their corps", "Державы и их корпуса")) + '</summary><table class="ny-tbl"><tr><th>' + esc(T("Power", "Держава")) +
      '</th><th class="num">' + esc(T("map", "карта")) + '</th><th class="num">' + esc(T("pool", "пул")) + '</th><th class="num">' + esc(T("due", "прибыли")) +
      '</th><th class="num">' + esc(T("to come", "ожидаются")) + "</th></tr>" + rows.join("") + "</table></details>";
  }

  function legend(ix, lang) {
    var T = function (en, ru) { return tr(lang, en, ru); };
    var sw = function (c) { return '<span class="ny-sw" style="background:' + c + '"></span>'; };
    // An inline SVG of the map's own marks, w × 24 map units (24 px high).
    var sym = function (w, body) {
      return '<svg class="ny-sym" viewBox="0 0 ' + w + ' 24" width="' + w + '" height="24" font-family="' + FONT + '">' + body + "</svg>";
    };
    var fort = '<path d="' + starFort(13, 11.5, FORT_R) + '" fill="' + SIDE.bourbon.fill + '" stroke="' + SIDE.bourbon.dark + '" stroke-width="1.3" stroke-linejoin="round"/>' +
      '<text x="13" y="16" font-size="11" font-weight="bold" text-anchor="middle" fill="' + SIDE.bourbon.ink + '">3</text>';
    var space = '<circle cx="36" cy="12" r="5" fill="' + SIDE.alliance.fill + '" stroke="' + SIDE.alliance.dark + '" stroke-width="1.4"/>' +
      '<circle cx="56" cy="12" r="8" fill="none" stroke="#b8860b" stroke-width="2.2"/><circle cx="56" cy="12" r="5" fill="' + SIDE.none.fill + '" stroke="' + SIDE.none.dark + '" stroke-width="1.4"/>' +
      '<circle cx="74" cy="12" r="5" fill="' + SIDE.none.fill + '" stroke="' + SIDE.none.dark + '" stroke-width="1.4"/><circle cx="78.5" cy="7.5" r="2.6" fill="#f2c230" stroke="#7a5b00" stroke-width="0.9"/>' +
      '<path d="M94 11.8v5.4M91.4 17q2.6 2.8 5.2 0M92.4 14.4h3.2" stroke="#0d47a1" stroke-width="1.1" fill="none" stroke-linecap="round"/>';
    var siege = '<circle cx="12" cy="12" r="9.5" fill="none" stroke="#b71c1c" stroke-width="2" stroke-dasharray="3 2"/><circle cx="12" cy="12" r="5" fill="' + SIDE.bourbon.fill + '" stroke="' + SIDE.bourbon.dark + '" stroke-width="1.4"/>' +
      [["L1", "#4e342e", 28], ["★", "#b71c1c", 48], ["CS", "#6a1b9a", 64]].map(function (t) {
        var tw = textWidth(t[0], 10.5, true) + 4;
        return '<rect x="' + t[2] + '" y="5.5" width="' + f(tw) + '" height="13" rx="2" fill="' + t[1] + '" stroke="#fff" stroke-width="0.7"/>' +
          '<text x="' + f(t[2] + tw / 2) + '" y="15.6" font-size="10.5" font-weight="bold" text-anchor="middle" fill="#fff">' + t[0] + "</text>";
      }).join("");
    var links = '<path d="M2 8H46" stroke="' + LINK + '" stroke-width="1.5" stroke-linecap="round"/><path d="M2 17H46" stroke="' + RED + '" stroke-width="2.2" stroke-dasharray="5 3.5"/>';
    // Sample chips: full, reduced, demoralised, activated.
    var power = (ix.drawing.powers || [])[0], colour = power ? power.colour : "#2f55b4";
    var chipAt = function (x, fill, ink, stroke, sw0, n, shape) {
      return '<g class="ny-sample">' + (shape || '<rect x="' + x + '" y="5" width="15" height="' + CH + '" rx="2" fill="' + fill + '" stroke="' + stroke + '" stroke-width="' + sw0 + '"/>') +
        '<text x="' + (x + 7.5) + '" y="' + f(5 + CH / 2 + FS_TAG * 0.36) + '" font-size="' + FS_TAG + '" font-weight="bold" text-anchor="middle" fill="' + ink + '">' + n + "</text></g>";
    };
    var done = readable(mix(colour, "#9e9e9e", 0.4));
    colour = readable(colour);
    var chips = chipAt(2, colour, inkOn(colour), "#1a1a1a", 0.8, 3) + chipAt(22, tint(colour, 0.2), "#111111", colour, 1.8, 2) +
      chipAt(44, colour, inkOn(colour), "#1a1a1a", 0.8, 1, '<path d="M51.5 2.75L61 11.75L51.5 20.75L42 11.75z" fill="' + colour + '" stroke="#1a1a1a" stroke-width="0.8"/>') +
      chipAt(66, done, inkOn(done), "#1a1a1a", 0.8, 2) +
      '<circle cx="80.5" cy="5.5" r="3.6" fill="#fff" stroke="#37474f" stroke-width="0.8"/><path d="M78.7 5.6l1.3 1.4l2.4 -2.8" fill="none" stroke="#1b5e20" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round"/>';
    var tagText = T("Vauban 1-3", "Вобан 1-3"), tw = textWidth(tagText, FS_TAG, false) + 8;
    var tag = '<g class="ny-sample"><rect x="1" y="5" width="' + f(tw) + '" height="' + TH + '" rx="2" fill="#fffdf6" stroke="#4a4032" stroke-width="0.8"/>' +
      '<rect x="1" y="5" width="3.5" height="' + TH + '" fill="' + colour + '"/><text x="6.5" y="' + f(5 + TH * 0.76) + '" font-size="' + FS_TAG + '" fill="#1a1a1a">' + esc(tagText) + "</text></g>";
    return '<details id="ny-key"><summary>' + esc(T("Map key", "Условные обозначения")) + '</summary><ul class="ny-key">' +
      "<li>" + sw(SIDE.alliance.fill) + esc(T("Alliance control", "контроль Альянса")) + " " + sw(SIDE.bourbon.fill) + esc(T("Bourbon control", "контроль Бурбонов")) + " " +
      sw(SIDE.none.fill) + esc(T("neutral", "нейтральная")) + "</li>" +
      "<li>" + sym(100, fort + space) + "<br>" + esc(T("Star fort: a fortress with its strength now (now/printed beside it when worn down); disc: a space. Gold ring: capital; gold dot: rich space; anchor: port (blue Atlantic, green Mediterranean).",
        "Звёздчатый форт: крепость и её уровень сейчас (сейчас/номинал рядом, если снижен); кружок: область. Золотое кольцо: столица; золотая точка: богатая область; якорь: порт (синий — Атлантика, зелёный — Средиземноморье).")) + "</li>" +
      "<li>" + sym(84, siege) + "<br>" + esc(T("Red dashed ring: besieged. L1, L2: fortified line; ★ famous victory; CS continued siege.",
        "Красное пунктирное кольцо: осада. L1, L2: фортификационная линия; ★ славная победа; CS продолжающаяся осада.")) + "</li>" +
      "<li>" + sym(48, links) + " " + esc(T("Grey lines: links; red dashed: links only the Alliance may use.", "Серые линии: связи; красные пунктирные: связи только для Альянса.")) + "</li>" +
      "<li>" + sym(88, chips) + "<br>" + esc(T("Chip: corps of one power (its colour) and their number; pale with a coloured edge: reduced; turned on its corner: demoralised (red corner: some are); greyed with a tick: activated this round.",
        "Фишка: корпуса одной державы (её цвет) и их число; бледная с цветной каймой: ослабленные; повёрнута на угол: деморализованы (красный уголок: часть); серая с галочкой: активированы в этом раунде.")) + "</li>" +
      "<li>" + sym(Math.ceil(tw + 2), tag) + "<br>" + esc(T("Tag: a leader, tactics-command; red dashed: demoralised. Teal: the force under way; orange: selected; orange frame: may act; lit spaces: where to go.",
        "Ярлык: лидер, тактика-командование; красный пунктир: деморализован. Бирюзовый: выполняющее действие войско; оранжевый: выбрано; оранжевая рамка: может действовать; подсвеченные области: куда идти.")) + "</li>" +
      "<li>" + (ix.drawing.powers || []).map(function (p) { return sw(p.colour) + esc(named(p.name, lang)); }).join(" ") + "</li>" +
      "</ul></details>";
  }

  Sandtable.games["nine-years"] = { draw: draw, panel: panel, layout: function () { return lastLayout; } };
})();
