#!/usr/bin/env python3
"""Check an SCS scenario file (games/scs/SCENARIO.md) for the mistakes a hand-written map
and order of battle are prone to.

Run:  python3 check_scenario.py FILE [FILE ...]
Exits 1 if any file has an error; warnings do not fail. Standard library only
(Python >= 3.11 for tomllib).

What it checks:
- top-level keys: id, en/ru, turns, first (a side id), stacking, modules, scale, [[turn]];
- exactly two sides with valid ids and en/ru names;
- every hex id is `xx.yy` and on the map (terrain, hexsides, roads, places, units,
  entry hexes, supply, victory);
- terrain, hexside and road names exist in the charts (the scenario's own [charts] if
  it has them, else data/charts.toml next to the scenario, else the fixed vocabulary);
- no hex listed under two terrains; no hexside listed twice;
- hexside pairs and consecutive hexes of every road path are adjacent under the map's
  `shifted` rule (SCENARIO.md: with the default "odd", hex xx.yy of an even xx touches
  (xx±1).yy and (xx±1).(yy+1); of an odd xx, (xx±1).(yy−1) and (xx±1).yy; always
  xx.(yy±1));
- every unit: unique id, valid side, kind, size, class, values, steps 1–4, a `reduced`
  side when steps >= 2, exactly one of at / within / arrives;
- artillery: attack 0 with barrage and range (module "barrage" on);
- no start hex over the stacking limit (sum of `stacking`, else steps), no hex holding
  both sides at the start;
- no unit set up or entering in a hex prohibited to its class (sea; marsh for motor and
  track; any "P" in the terrain chart); no `within` area without an allowed hex;
- supply sources and victory hexes on the map, with valid sides and edges.
"""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ID_RE = re.compile(r"^[a-z0-9-]+$")
UNIT_ID_RE = re.compile(r"^[a-z0-9/-]+$")
HEX_RE = re.compile(r"^(\d{2})\.(\d{2})$")
KINDS = {"armour", "infantry", "motor-infantry", "recce", "artillery", "anti-tank",
         "machine-gun", "engineer", "hq"}
SIZES = {"company", "battalion", "regiment", "brigade", "division"}
MODULES = {"barrage"}
EDGES = {"north", "south", "east", "west"}

# The fixed vocabulary, used when no chart file is found.
FALLBACK_CHARTS = {
    "classes": ["foot", "motor", "track"],
    "terrain": {
        "open": {"move": 1}, "rough": {"move": 2}, "dunes": {"move": 2},
        "marsh": {"move": {"foot": 3, "motor": "P", "track": "P"}},
        "fort": {"move": 1}, "town": {"move": 1}, "airfield": {"move": 1},
        "sea": {"move": "P"},
    },
    "hexside": {
        "escarpment": {"move": {"foot": 1, "motor": "P", "track": 2}},
        "wadi": {"move": 1}, "wire": {"move": 1},
    },
    "road": {"road": {"move": 0.5}, "track": {"move": 1}},
}


class Report:
    def __init__(self, name: str):
        self.name = name
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def err(self, where: str, msg: str) -> None:
        self.errors.append(f"{where}: {msg}")

    def warn(self, where: str, msg: str) -> None:
        self.warnings.append(f"{where}: {msg}")


class Grid:
    def __init__(self, columns: int, rows: int, shifted: str):
        self.columns, self.rows, self.shifted = columns, rows, shifted

    def parse(self, h) -> tuple[int, int] | None:
        if not isinstance(h, str):
            return None
        m = HEX_RE.match(h)
        if not m:
            return None
        return int(m.group(1)), int(m.group(2))

    def on_map(self, xy) -> bool:
        return xy is not None and 1 <= xy[0] <= self.columns and 1 <= xy[1] <= self.rows

    def is_shifted(self, x: int) -> bool:
        # `shifted` names the 0-based columns pushed half a hex toward higher yy.
        zero = x - 1
        return (zero % 2 == 1) if self.shifted == "odd" else (zero % 2 == 0)

    def neighbours(self, xy) -> list[tuple[int, int]]:
        x, y = xy
        side = (y, y + 1) if self.is_shifted(x) else (y - 1, y)
        out = [(x, y - 1), (x, y + 1)]
        for dx in (-1, 1):
            for yy in side:
                out.append((x + dx, yy))
        return [n for n in out if self.on_map(n)]

    def adjacent(self, a, b) -> bool:
        return b in self.neighbours(a)

    def distance(self, a, b) -> int:
        # breadth-first: exact on any parity convention, maps are small
        if a == b:
            return 0
        seen = {a}
        frontier = [a]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for h in frontier:
                for n in self.neighbours(h):
                    if n in seen:
                        continue
                    if n == b:
                        return d
                    seen.add(n)
                    nxt.append(n)
            frontier = nxt
        return 10 ** 6

    def within(self, centre, radius: int):
        seen = {centre}
        frontier = [centre]
        for _ in range(radius):
            nxt = []
            for h in frontier:
                for n in self.neighbours(h):
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return seen

    def edge_hexes(self, edge: str):
        if edge == "west":
            return {(1, y) for y in range(1, self.rows + 1)}
        if edge == "east":
            return {(self.columns, y) for y in range(1, self.rows + 1)}
        # "low" is yy = 01, "high" is yy = rows (south/north or north/south by rows_run)
        if edge == "low":
            return {(x, 1) for x in range(1, self.columns + 1)}
        if edge == "high":
            return {(x, self.rows) for x in range(1, self.columns + 1)}
        raise ValueError(edge)


def fmt(xy) -> str:
    return f"{xy[0]:02d}.{xy[1]:02d}"


def load_charts(path: Path, doc: dict, rep: Report) -> tuple[dict, str]:
    if isinstance(doc.get("charts"), dict):
        return doc["charts"], "the scenario's own [charts]"
    for cand in (path.resolve().parent / "charts.toml",
                 Path(__file__).resolve().parent.parent / "charts.toml"):
        if cand.is_file():
            try:
                with open(cand, "rb") as f:
                    return tomllib.load(f), str(cand)
            except tomllib.TOMLDecodeError as e:
                rep.warn("charts", f"{cand} does not parse ({e}); using the fixed vocabulary")
                break
    return FALLBACK_CHARTS, "the fixed vocabulary (no charts.toml found)"


def prohibited(move, cls: str) -> bool:
    if isinstance(move, dict):
        move = move.get(cls)
    return move == "P"


def is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check(path: Path) -> Report:
    rep = Report(str(path))
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        rep.err("file", f"cannot read: {e}")
        return rep

    charts, charts_from = load_charts(path, doc, rep)
    classes = set(charts.get("classes", []))
    terrain_chart = charts.get("terrain", {})
    hexside_chart = charts.get("hexside", {})
    road_chart = charts.get("road", {})
    rep.charts_from = charts_from

    # ---- top level
    if not isinstance(doc.get("id"), str) or not ID_RE.match(doc.get("id", "")) or len(doc["id"]) > 24:
        rep.err("id", "missing, not [a-z0-9-] or longer than 24")
    for k in ("en", "ru"):
        if not isinstance(doc.get(k), str) or not doc.get(k):
            rep.err(k, "missing scenario name")
    if doc.get("authored") is not True:
        rep.warn("authored", "not `true` (the shipped scenarios are authored)")
    turns = doc.get("turns")
    if not isinstance(turns, int) or not 1 <= turns <= 60:
        rep.err("turns", "must be an integer 1..60")
        turns = 0
    stacking = doc.get("stacking")
    if not isinstance(stacking, int) or stacking < 1:
        rep.err("stacking", "must be an integer >= 1")
        stacking = 10 ** 6
    modules = doc.get("modules", [])
    if not isinstance(modules, list) or any(m not in MODULES for m in modules):
        rep.err("modules", f"unknown module in {modules!r}; known: {sorted(MODULES)}")
        modules = []
    scale = doc.get("scale")
    if scale is not None and not (isinstance(scale, dict) and scale.get("en") and scale.get("ru")):
        rep.err("scale", "must be { en, ru }")

    sides = doc.get("side", [])
    side_ids = []
    if not isinstance(sides, list) or len(sides) != 2:
        rep.err("side", "exactly two [[side]] tables are required")
        sides = sides if isinstance(sides, list) else []
    for i, s in enumerate(sides):
        sid = s.get("id")
        if not isinstance(sid, str) or not ID_RE.match(sid):
            rep.err(f"side[{i}].id", "missing or not [a-z0-9-]")
        else:
            side_ids.append(sid)
        for k in ("en", "ru"):
            if not s.get(k):
                rep.err(f"side[{i}].{k}", "missing")
    if len(set(side_ids)) != len(side_ids):
        rep.err("side", "duplicate side ids")
    side_set = set(side_ids)
    if doc.get("first") not in side_set:
        rep.err("first", f"{doc.get('first')!r} is not a side id {sorted(side_set)}")

    turn_labels = doc.get("turn")
    if turn_labels is not None:
        if not isinstance(turn_labels, list) or len(turn_labels) != turns:
            rep.err("turn", f"{len(turn_labels) if isinstance(turn_labels, list) else '?'} labels for {turns} turns")
        else:
            for i, t in enumerate(turn_labels):
                for k in ("en", "ru"):
                    if not t.get(k):
                        rep.err(f"turn[{i}].{k}", "missing")

    # ---- map
    m = doc.get("map", {})
    cols, rows = m.get("columns"), m.get("rows")
    if not isinstance(cols, int) or not isinstance(rows, int) or cols < 1 or rows < 1 or cols > 99 or rows > 99:
        rep.err("map", "columns and rows must be integers 1..99")
        return rep
    rows_run = m.get("rows_run", "up")
    if rows_run not in ("up", "down"):
        rep.err("map.rows_run", "must be \"up\" or \"down\"")
    shifted = m.get("shifted", "odd")
    if shifted not in ("odd", "even"):
        rep.err("map.shifted", "must be \"odd\" or \"even\"")
        shifted = "odd"
    g = Grid(cols, rows, shifted)
    default = m.get("default")
    if default not in terrain_chart:
        rep.err("map.default", f"{default!r} is not a terrain of {charts_from}")

    def hexval(where: str, h):
        xy = g.parse(h)
        if xy is None:
            rep.err(where, f"{h!r} is not a hex id `xx.yy`")
            return None
        if not g.on_map(xy):
            rep.err(where, f"{h} is off the {cols}x{rows} map")
            return None
        return xy

    terrain_of: dict[tuple[int, int], str] = {}
    for name, hexes in (m.get("terrain") or {}).items():
        if name not in terrain_chart:
            rep.err(f"map.terrain.{name}", f"not a terrain of {charts_from}")
        if name == default:
            rep.warn(f"map.terrain.{name}", "lists the default terrain")
        for h in hexes:
            xy = hexval(f"map.terrain.{name}", h)
            if xy is None:
                continue
            if xy in terrain_of:
                rep.err(f"map.terrain.{name}", f"{h} is already listed under {terrain_of[xy]}")
            else:
                terrain_of[xy] = name

    def terrain(xy) -> str:
        return terrain_of.get(xy, default)

    def allowed(xy, cls: str) -> bool:
        t = terrain_chart.get(terrain(xy), {})
        return not prohibited(t.get("move"), cls)

    sides_seen: dict[frozenset, str] = {}
    for name, pairs in (m.get("hexsides") or {}).items():
        if name not in hexside_chart:
            rep.err(f"map.hexsides.{name}", f"not a hexside feature of {charts_from}")
        for pair in pairs:
            where = f"map.hexsides.{name} {pair}"
            if not isinstance(pair, list) or len(pair) != 2:
                rep.err(where, "must be a pair of hexes")
                continue
            a, b = hexval(where, pair[0]), hexval(where, pair[1])
            if a is None or b is None:
                continue
            if not g.adjacent(a, b):
                rep.err(where, f"{fmt(a)} and {fmt(b)} are not adjacent")
                continue
            key = frozenset((a, b))
            if key in sides_seen:
                rep.err(where, f"hexside already carries {sides_seen[key]}")
            sides_seen[key] = name

    road_hexes: set = set()
    for name, paths in (m.get("roads") or {}).items():
        if name not in road_chart:
            rep.err(f"map.roads.{name}", f"not a road type of {charts_from}")
        for i, path in enumerate(paths):
            where = f"map.roads.{name}[{i}]"
            if not isinstance(path, list) or len(path) < 2:
                rep.err(where, "a path needs at least two hexes")
                continue
            prev = None
            for h in path:
                xy = hexval(where, h)
                if xy is None:
                    prev = None
                    continue
                road_hexes.add(xy)
                if prev == xy:
                    rep.err(where, f"{fmt(xy)} repeated")
                elif prev is not None and not g.adjacent(prev, xy):
                    rep.err(where, f"{fmt(prev)} -> {fmt(xy)} are not adjacent")
                if not any(allowed(xy, c) for c in classes):
                    rep.warn(where, f"{fmt(xy)} is {terrain(xy)}, prohibited to every class")
                prev = xy

    for i, p in enumerate(m.get("place", []) or []):
        hexval(f"map.place[{i}]", p.get("hex"))
        for k in ("en", "ru"):
            if not p.get(k):
                rep.err(f"map.place[{i}].{k}", "missing")

    # ---- units
    units = doc.get("unit", [])
    ids = set()
    start: dict[tuple[int, int], list] = {}
    within_areas = []
    per_side = {s: [0, 0] for s in side_ids}
    barrage_on = "barrage" in modules
    for i, u in enumerate(units):
        uid = u.get("id", f"#{i}")
        where = f"unit {uid}"
        if not isinstance(u.get("id"), str) or not UNIT_ID_RE.match(u["id"]) or len(u["id"]) > 24:
            rep.err(where, "id missing, not [a-z0-9/-] or longer than 24")
        if uid in ids:
            rep.err(where, "duplicate id")
        ids.add(uid)
        side = u.get("side")
        if side not in side_set:
            rep.err(where, f"side {side!r} is not a side id")
        for k in ("en", "ru"):
            if not u.get(k):
                rep.err(where, f"{k} name missing")
        if u.get("kind") not in KINDS:
            rep.err(where, f"kind {u.get('kind')!r} not in {sorted(KINDS)}")
        if u.get("size") not in SIZES:
            rep.err(where, f"size {u.get('size')!r} not in {sorted(SIZES)}")
        cls = u.get("class")
        if cls not in classes:
            rep.err(where, f"class {cls!r} not in {sorted(classes)}")
        for k in ("attack", "defence", "movement"):
            if not isinstance(u.get(k), int) or not 0 <= u.get(k) <= 255:
                rep.err(where, f"{k} must be an integer 0..255")
        steps = u.get("steps")
        if not isinstance(steps, int) or not 1 <= steps <= 4:
            rep.err(where, "steps must be 1..4")
            steps = 1
        red = u.get("reduced")
        if steps >= 2:
            if not isinstance(red, dict) or any(not is_num(red.get(k)) for k in ("attack", "defence", "movement")):
                rep.err(where, "a unit with 2+ steps needs reduced = { attack, defence, movement }")
            else:
                for k in ("attack", "defence"):
                    if red[k] > u.get(k, 0):
                        rep.warn(where, f"reduced {k} {red[k]} is above the full {u.get(k)}")
        elif red is not None:
            rep.warn(where, "a one-step unit has a reduced side")
        st = u.get("stacking", steps)
        if not isinstance(st, int) or st < 0:
            rep.err(where, "stacking must be an integer >= 0")
            st = steps
        if "barrage" in u or "range" in u:
            if not barrage_on:
                rep.err(where, "barrage/range given but module \"barrage\" is off")
            if not is_num(u.get("barrage")) or not isinstance(u.get("range"), int) or u.get("range") < 1:
                rep.err(where, "barrage needs a number and range an integer >= 1")
        if u.get("kind") == "artillery":
            if u.get("attack") != 0:
                rep.err(where, "artillery must have attack 0")
            if barrage_on and "barrage" not in u:
                rep.err(where, "artillery without a barrage value")
        if u.get("exploit") not in (None, True, False):
            rep.err(where, "exploit must be true or false")
        if u.get("kind") in ("armour", "recce") and not u.get("exploit"):
            rep.warn(where, "armour/recce without exploit = true")

        modes = [k for k in ("at", "within", "arrives") if k in u]
        if len(modes) != 1:
            rep.err(where, f"needs exactly one of at/within/arrives, has {modes or 'none'}")
            continue
        mode = modes[0]
        if side in per_side:
            per_side[side][0] += 1
            per_side[side][1] += steps
        if mode == "at":
            xy = hexval(f"{where}.at", u["at"])
            if xy is None:
                continue
            if cls in classes and not allowed(xy, cls):
                rep.err(where, f"set up in {fmt(xy)} ({terrain(xy)}), prohibited to {cls}")
            start.setdefault(xy, []).append((uid, side, st))
        elif mode == "within":
            w = u["within"]
            if not isinstance(w, dict):
                rep.err(where, "within must be { hex, hexes }")
                continue
            xy = hexval(f"{where}.within", w.get("hex"))
            n = w.get("hexes")
            if not isinstance(n, int) or n < 0:
                rep.err(where, "within.hexes must be an integer >= 0")
                continue
            if xy is None:
                continue
            area = g.within(xy, n)
            ok = [h for h in area if cls not in classes or allowed(h, cls)]
            if not ok:
                rep.err(where, f"no hex within {n} of {fmt(xy)} is allowed to {cls}")
            within_areas.append((uid, side, area, st))
        else:
            a = u["arrives"]
            if not isinstance(a, dict):
                rep.err(where, "arrives must be { turn, entry }")
                continue
            t = a.get("turn")
            if not isinstance(t, int) or not 1 <= t <= max(turns, 1):
                rep.err(where, f"arrives.turn {t!r} not in 1..{turns}")
            entry = a.get("entry")
            if not isinstance(entry, list) or not entry:
                rep.err(where, "arrives.entry must be a non-empty list of hexes")
                continue
            for h in entry:
                xy = hexval(f"{where}.arrives.entry", h)
                if xy is not None and cls in classes and not allowed(xy, cls):
                    rep.err(where, f"enters in {fmt(xy)} ({terrain(xy)}), prohibited to {cls}")

    for xy, lst in sorted(start.items()):
        total = sum(s for _, _, s in lst)
        if total > stacking:
            rep.err(f"set-up {fmt(xy)}", f"{total} stacking points ({', '.join(u for u, _, _ in lst)}) over the limit {stacking}")
        owners = {s for _, s, _ in lst}
        if len(owners) > 1:
            rep.err(f"set-up {fmt(xy)}", f"units of both sides: {', '.join(u for u, _, _ in lst)}")
    for uid, side, area, _ in within_areas:
        enemy = sorted(fmt(h) for h in area if any(s != side for _, s, _ in start.get(h, [])))
        if enemy:
            rep.warn(f"unit {uid}.within", f"area includes enemy set-up hexes {enemy}")

    # ---- supply
    supplied = set()
    for i, s in enumerate(doc.get("supply", []) or []):
        where = f"supply[{i}]"
        if s.get("side") not in side_set:
            rep.err(where, f"side {s.get('side')!r} is not a side id")
        supplied.add(s.get("side"))
        for e in s.get("edges", []) or []:
            if e not in EDGES:
                rep.err(where, f"edge {e!r} not in {sorted(EDGES)}")
        for h in s.get("hexes", []) or []:
            xy = hexval(where, h)
            if xy is not None and not any(allowed(xy, c) for c in classes):
                rep.warn(where, f"supply hex {h} is {terrain(xy)}, prohibited to every class")
        if not s.get("edges") and not s.get("hexes"):
            rep.err(where, "needs edges or hexes")
        r = s.get("range", 0)
        if not isinstance(r, int) or r < 0:
            rep.err(where, "range must be an integer >= 0")
    for sid in side_ids:
        if sid not in supplied:
            rep.err("supply", f"no supply source for side {sid}")

    # ---- victory
    v = doc.get("victory", {}) or {}
    if "ties" in v and v["ties"] not in side_set:
        rep.err("victory.ties", f"{v['ties']!r} is not a side id")
    vhexes = set()
    for i, h in enumerate(v.get("hex", []) or []):
        where = f"victory.hex[{i}]"
        xy = hexval(where, h.get("hex"))
        if xy in vhexes:
            rep.err(where, f"{h.get('hex')} listed twice")
        vhexes.add(xy)
        if not is_num(h.get("vp")):
            rep.err(where, "vp missing")
        if h.get("control") not in side_set:
            rep.err(where, f"control {h.get('control')!r} is not a side id")
        if xy is not None and not any(allowed(xy, c) for c in classes):
            rep.err(where, f"{h.get('hex')} is {terrain(xy)}, no unit can hold it")
    for i, s in enumerate(v.get("steps", []) or []):
        if s.get("side") not in side_set:
            rep.err(f"victory.steps[{i}]", f"side {s.get('side')!r} is not a side id")
        if not is_num(s.get("vp")):
            rep.err(f"victory.steps[{i}]", "vp missing")
    edge_all = set()
    for e in ("west", "east", "low", "high"):
        edge_all |= g.edge_hexes(e)
    for i, x in enumerate(v.get("exit", []) or []):
        where = f"victory.exit[{i}]"
        if x.get("side") not in side_set:
            rep.err(where, f"side {x.get('side')!r} is not a side id")
        if not is_num(x.get("vp")):
            rep.err(where, "vp missing")
        for h in x.get("hexes", []) or []:
            xy = hexval(where, h)
            if xy is not None and xy not in edge_all:
                rep.warn(where, f"exit hex {h} is not on a map edge")
    if not (v.get("hex") or v.get("steps") or v.get("exit")):
        rep.err("victory", "no victory condition")

    rep.summary = (f"{cols}x{rows} map, {turns} turns, first {doc.get('first')}; units "
                   + ", ".join(f"{s}: {n} ({st} steps)" for s, (n, st) in per_side.items())
                   + f"; charts from {charts_from}")
    return rep


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[0])
        print("usage: check_scenario.py FILE [FILE ...]")
        return 2
    bad = 0
    for name in argv[1:]:
        rep = check(Path(name))
        for w in rep.warnings:
            print(f"{name}: warning: {w}")
        for e in rep.errors:
            print(f"{name}: error: {e}")
        if rep.errors:
            bad += 1
            print(f"{name}: {len(rep.errors)} error(s)")
        else:
            print(f"{name}: OK — {getattr(rep, 'summary', '')}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
