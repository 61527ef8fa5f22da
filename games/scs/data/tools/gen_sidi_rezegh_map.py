#!/usr/bin/env python3
"""Print the [map] section of ../sidi-rezegh.toml from the authored geography.

AUTHORED by the sandtable project (method in ../AUTHORED.md, "Sidi Rezegh", S3). This is
how the first draft of the map section was made: places are given in kilometres east and
north of El Adem airfield (31°51′40″N 23°55′15″E), from the distances collected in
/work/shared/research/totensonntag-history.md §1, and converted to hexes; lines (roads,
tracks, escarpments, the Tobruk perimeter, the coast) are drawn between those points.
Nothing is traced from any published map.

Grid: 32 columns x 20 rows, flat-topped hexes about 2.3 km across the flats, so columns
are 2.0 km apart and hexes in a column 2.3 km apart; `shifted = "odd"` (even xx sit half
a hex north); yy counted from the south edge. El Adem is hex 03.10.

Run:  python3 gen_sidi_rezegh_map.py > /tmp/map.toml    (then paste; check_scenario.py)
"""
from __future__ import annotations

import math

COLS, ROWS = 32, 20
DX, DY = 2.0, 2.3          # km between columns; km between hexes in a column
X0, Y0 = 3, 10             # El Adem = 03.10


def xy(h):
    c, r = h
    return (c - X0) * DX, (r - Y0) * DY + (DY / 2 if c % 2 == 0 else 0.0)


def on_map(h):
    return 1 <= h[0] <= COLS and 1 <= h[1] <= ROWS


def nbrs(h):
    c, r = h
    side = (r, r + 1) if c % 2 == 0 else (r - 1, r)   # even xx = 0-based odd = shifted
    out = [(c, r - 1), (c, r + 1)] + [(c + d, s) for d in (-1, 1) for s in side]
    return [n for n in out if on_map(n)]


def hexat(x, y):
    best = None
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            px, py = xy((c, r))
            d = (px - x) ** 2 + (py - y) ** 2
            if best is None or d < best[0]:
                best = (d, (c, r))
    return best[1]


def fmt(h):
    return f"{h[0]:02d}.{h[1]:02d}"


def line(points):
    """Hex path through km waypoints: from each hex step to the neighbour nearest the
    next waypoint's hex, so consecutive hexes are always adjacent."""
    hexes = [hexat(*points[0])]
    for p in points[1:]:
        target = hexat(*p)
        tx, ty = xy(target)
        while hexes[-1] != target:
            cur = hexes[-1]
            nxt = min(nbrs(cur), key=lambda n: (xy(n)[0] - tx) ** 2 + (xy(n)[1] - ty) ** 2)
            hexes.append(nxt)
    return hexes


def hexpath(hexes):
    """A path given hex by hex, filled in where two given hexes are not adjacent."""
    out = [hexes[0]]
    for h in hexes[1:]:
        tx, ty = xy(h)
        while out[-1] != h:
            cur = out[-1]
            out.append(min(nbrs(cur), key=lambda n: (xy(n)[0] - tx) ** 2 + (xy(n)[1] - ty) ** 2))
    return out


def inside(poly, x, y):
    n, res = len(poly), False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


ALL = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]

# ---------------------------------------------------------------- Tobruk perimeter
# South face ~9-10 km north of El Adem; south-east corner ~12 km east; east face running
# NNE to the coast ~19 km east of El Adem (~15 km east of the harbour). The west part of
# the perimeter is off the map.
PERIMETER = [(-20, 40), (-20, 8.5), (12.5, 8.5), (15.0, 13.0), (17.5, 19.0), (19.5, 40)]
INSIDE = {h for h in ALL if inside(PERIMETER, *xy(h))}
RING = {h for h in INSIDE if any(n not in INSIDE for n in nbrs(h))}
WIRE = sorted({tuple(sorted((h, n))) for h in RING for n in nbrs(h) if n not in INSIDE})

# ---------------------------------------------------------------- escarpments
# S = the upper (southern) side: hexes yy <= k in the given columns; the steep face is
# the north side (UKOH-ch2). 1st: Ed Duda-Belhamed-Zaafran ridge (k=11); 2nd: Sidi Rezegh
# ridge with the tomb and Point 175 (k=9), cut by Rugbet en-Nbeidat in column 15; 3rd:
# south of the airfield, Point 178 (k=7).


def scarp(k, cols):
    cols = set(cols)
    s = {(c, r) for c in cols for r in range(1, k + 1)}
    pairs = set()
    for a in s:
        for b in nbrs(a):
            if b[0] in cols and b not in s:
                pairs.add(tuple(sorted((a, b))))
    return pairs


E1 = scarp(11, range(4, 25))
E2 = scarp(9, range(5, 21))
E3 = scarp(7, range(10, 20))
RUGBET_COL = 15
WADI = {p for p in E2 if RUGBET_COL in (p[0][0], p[1][0])}
E2 -= WADI
ESCARPMENT = sorted(E1 | E2 | E3)
assert not (set(ESCARPMENT) & set(WIRE)), "a hexside carries both escarpment and wire"

# ---------------------------------------------------------------- places
P = {
    "el_adem": (3, 10), "tobruk": (5, 20), "airfield": (12, 8), "tomb": (12, 9),
    "ed_duda": (11, 11), "belhamed": (14, 11), "zaafran": (16, 11), "p175": (16, 9),
    "rugbet": (15, 9), "p178": (12, 7), "sa5": (16, 7), "chleta": (22, 10),
    "gasr": (25, 10), "gambut": (29, 13), "belafarid": (19, 11), "muftah": (16, 5),
    "tiger": (10, 13), "tugun": (8, 13),
}
for k in ("tiger", "tugun", "ed_duda", "belhamed"):
    assert P[k] not in INSIDE, k

# ---------------------------------------------------------------- roads and tracks
TRIGH = [(c, 10) for c in range(1, COLS + 1)]                           # Trigh Capuzzo
BYPASS = hexpath([(1, 10), (12, 10), (12, 12), (13, 14), (14, 17)])   # Acroma-El Adem-Ed Duda gap-Via Balbia
VIA_BALBIA = hexpath([(32, 12), (29, 13), (24, 15), (19, 17), (14, 17), (11, 19), (8, 20), (5, 20)])
EL_ADEM_ROAD = hexpath([(3, 10), (3, 19), (4, 19), (5, 20)])           # Tobruk-El Adem road
T_GUBI = hexpath([(3, 10), (3, 1)])                                    # to Bir el Gubi
T_GABR = hexpath([(23, 1), (16, 5), (13, 7), (12, 8)])                 # Gabr Saleh-Sidi Muftah-airfield
T_TOMB = hexpath([(12, 8), (12, 9), (12, 10)])                         # airfield-tomb-Trigh
T_P175 = hexpath([(16, 1), (16, 12), (17, 14), (18, 16), (19, 17)])    # south-Point 175-Zaafran-Via Balbia
T_GAMBUT = hexpath([(22, 10), (25, 12), (29, 13)])                     # Bir el Chleta-Gambut

ROADS = {"road": [BYPASS, VIA_BALBIA, EL_ADEM_ROAD],
         "track": [TRIGH, T_GUBI, T_GABR, T_TOMB, T_P175, T_GAMBUT]}
NAMES = {
    "road": ["Tobruk by-pass road: from Acroma (west edge) with the Trigh to El Adem and "
             "east, north through the Ed Duda-Belhamed gap, to the Via Balbia",
             "Via Balbia: from Bardia (east edge) through Gambut to Tobruk",
             "Tobruk-El Adem road through the perimeter"],
    "track": ["Trigh Capuzzo, west edge to east edge",
              "El Adem to Bir el Gubi (off the south edge)",
              "from Gabr Saleh (off the south-east) by Sidi Muftah to Sidi Rezegh airfield",
              "airfield, tomb, down the 2nd escarpment to the Trigh",
              "from the south over Point 175, Zaafran and the 1st escarpment to the Via Balbia",
              "Bir el Chleta to Gambut"],
}


# ---------------------------------------------------------------- coast (north-east)
# From the perimeter's end at the coast (~19 km E, ~24 km N of El Adem) ESE toward
# Bardia; about 5-6 km north of Gambut [I]. North of it: sea. A band of wadi country
# (rough) between the Via Balbia and the coast east of the perimeter (UKOH-ch2).
def coast_y(x):
    return 24.0 - (x - 19.0) * (12.0 / 41.0)


road_hexes = {h for p in ROADS["road"] + ROADS["track"] for h in p}
SEA = sorted(h for h in ALL if xy(h)[0] > 23.0 and xy(h)[1] > coast_y(xy(h)[0]) + 1.0)
VB = set(VIA_BALBIA)
vb_y = {}
for h in VIA_BALBIA:
    vb_y.setdefault(h[0], max(r for c, r in VIA_BALBIA if c == h[0]))
ROUGH = {P["rugbet"], (16, 8)}
for h in ALL:
    c, r = h
    if h in SEA or h in INSIDE or h in road_hexes or c < 15:
        continue
    if c in vb_y and r > vb_y[c]:
        ROUGH.add(h)
ROUGH = sorted(ROUGH)

FORT = sorted(RING | {P["tiger"], P["tugun"]})
AIRFIELD = sorted({P["airfield"], P["el_adem"], P["gambut"]})
TOWN = [P["tobruk"]]

terrain = {}
for name, hs in (("sea", SEA), ("fort", FORT), ("airfield", AIRFIELD), ("town", TOWN), ("rough", ROUGH)):
    for h in hs:
        if h in terrain:
            continue            # first listed wins (sea, then fort, ...)
        terrain[h] = name


def emit_list(name, hexes, per=10):
    hs = [fmt(h) for h in hexes]
    out = [f"{name} = ["]
    for i in range(0, len(hs), per):
        out.append("  " + ", ".join(f'"{h}"' for h in hs[i:i + per]) + ",")
    out.append("]")
    return "\n".join(out)


def emit_pairs(name, pairs, per=4):
    ps = [f'["{fmt(a)}", "{fmt(b)}"]' for a, b in pairs]
    out = [f"{name} = ["]
    for i in range(0, len(ps), per):
        out.append("  " + ", ".join(ps[i:i + per]) + ",")
    out.append("]")
    return "\n".join(out)


def main():
    print("[map]")
    print(f"columns = {COLS}\nrows = {ROWS}\nrows_run = \"up\"\nshifted = \"odd\"\ndefault = \"open\"\n")
    print("[map.terrain]")
    for name in ("sea", "fort", "airfield", "town", "rough"):
        print(emit_list(name, sorted(h for h, t in terrain.items() if t == name)))
    print("\n[map.hexsides]")
    print(emit_pairs("escarpment", ESCARPMENT))
    print(emit_pairs("wadi", sorted(WADI)))
    print(emit_pairs("wire", WIRE))
    print("\n[map.roads]")
    for kind in ("road", "track"):
        print(f"{kind} = [")
        for p, name in zip(ROADS[kind], NAMES[kind]):
            print(f"  # {name}")
            hs = [f'"{fmt(h)}"' for h in p]
            rows = [", ".join(hs[i:i + 10]) for i in range(0, len(hs), 10)]
            print("  [" + (",\n   ").join(rows) + "],")
        print("]")
    interior = sorted(INSIDE - RING)
    print("\n# interior of the perimeter:", " ".join(fmt(h) for h in interior))
    for k, h in P.items():
        print(f"# {k}: {fmt(h)} at {xy(h)[0]:+.1f} km E, {xy(h)[1]:+.1f} km N of El Adem")


if __name__ == "__main__":
    main()
