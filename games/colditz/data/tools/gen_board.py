#!/usr/bin/env python3
"""Generate ../board.toml: the PROJECT-AUTHORED schematic board of Escape from Colditz.

This is NOT the published board.  Nothing here was traced from the artwork: the
layout was drawn by hand for sandtable from the region-by-region facts in
shared/research/colditz-board.md (which rooms exist, what symbol each has, which
doors, drops, gates, wire, tunnels and targets connect what, and rough distances).
See ../BOARD.md for the method and every judgement call.

How the board is described below
--------------------------------
* All circles sit on one hex-offset lattice (hexgrid.py): cell (c, r), c 0..49,
  r 0..42, odd rows shifted half a step right.
* AREAS are painted onto the lattice with rect()/put().  Each paint character
  belongs to a walled *area*; two lattice neighbours of the same area are joined by
  an ordinary `step` link automatically.  Different areas never touch except through
  the explicit links listed further down (doors, gates, drops, wire, tunnels).
* Outside paths, bridges, the ramp and the east walkway are CHAINS: a list of
  waypoints joined by straight hex lines; consecutive chain cells are linked.
* Circle ids are a region prefix plus a number in reading order (row by row, west
  to east), e.g. ap01 (Appel), ic057 (inner courtyard), den3 (Dentist), nt12
  (north terrace).  Gates, targets and chains have the names given below.

Run:  python3 gen_board.py            writes ../board.toml
      python3 gen_board.py --show     also prints the lattice picture
"""
from __future__ import annotations

import pathlib
import sys

import hexgrid as hx

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "board.toml"

# --------------------------------------------------------------------------------
# Paint legend: character -> (area, zone, id prefix, room id, flags)
# Order matters only for numbering (ids are numbered per prefix in legend order,
# then reading order).
# --------------------------------------------------------------------------------
LEGEND = {
    # inner (prisoners') side
    "A": ("yard", "appel", "ap", None, ()),
    ".": ("yard", "inner", "ic", None, ()),
    "q": ("tower", "inner", "tw", None, ()),          # NW corner stair room
    "C": ("canteen", "room", "can", "canteen", ()),
    "S": ("store", "room", "sto", "store", ()),
    "I": ("interview", "room", "int", "interview", ()),
    "K": ("kitchen", "room", "kit", "kitchen", ()),
    "D": ("orderlies", "room", "ord", "orderlies", ()),
    "F": ("officers", "room", "off", "officers", ()),
    "H": ("showers", "room", "sho", "showers", ()),
    "T": ("theatre", "room", "the", "theatre", ()),
    "G": ("guardhouse", "room", "gh", "guard-house", ()),
    "P": ("parcel", "room", "par", "parcel-office", ()),
    "B": ("sickbay", "room", "sick", "sick-bay", ()),
    "O": ("office", "room", "ofc", "office", ()),
    "L": ("chapel", "room", "cha", "chapel", ()),
    "N": ("dentist", "room", "den", "dentist", ()),
    "W": ("wc", "room", "wc", "wc", ()),
    "Y": ("laundry", "room", "lau", "laundry", ()),
    "x": ("cellw", "cell-inner", "ci", None, ()),      # inner cells, west block
    "y": ("celle", "cell-inner", "ci", None, ()),      # inner cells, east block
    # outer (tan) side
    "n": ("band", "outer", "nt", None, ()),           # north + NW terrace
    "s": ("band", "outer", "nws", None, ("safe",)),   # NW safe area
    "w": ("band", "outer", "wt", None, ()),           # west terrace
    "l": ("band", "outer", "lt", None, ()),           # lower south terrace
    "u": ("upper", "outer", "ut", None, ()),          # upper south terrace
    "e": ("garden", "outer", "sg", None, ("safe",)),  # SW garden (orchard), walled
    "r": ("grass", "outer", "gr", None, ("safe",)),   # N grass area, walled
    "o": ("court", "outer", "oc", None, ()),          # outer courtyard
    "m": ("court", "outer", "lw", None, ()),          # lawn inside the Kommandantur
    "E": ("court", "outer", "se", None, ("safe",)),   # SE safe area
    "1": ("annex1", "outer", "ax", None, ()),         # roof of Orderlies' annex
    "2": ("annex2", "outer", "ax", None, ()),         # roof of Officers' annex
    "3": ("annex3", "outer", "ax", None, ()),         # roof of the west annex
    "z": ("cello", "cell-outer", "co", None, ()),
    # beyond the wire
    "v": ("nband", "outside", "nb", None, ()),        # two-row path outside the north wire
}

ROOMS = [  # id, English, Russian, symbol   (16 symbol rooms, each symbol twice)
    ("canteen", "Canteen", "Столовая", "food"),
    ("parcel-office", "Parcel Office", "Почтовое отделение", "food"),
    ("laundry", "Laundry", "Прачечная", "disguise"),
    ("theatre", "Theatre", "Театр", "disguise"),
    ("interview", "Interview Room", "Комната для допросов", "documents"),
    ("office", "Office", "Канцелярия", "documents"),
    ("wc", "W.C.", "Уборная", "compass"),
    ("officers", "Officers' Quarters", "Офицерские помещения", "compass"),
    ("dentist", "Dentist", "Зубной кабинет", "key"),
    ("showers", "Showers", "Душевые", "key"),
    ("chapel", "Chapel", "Часовня", "rope"),
    ("store", "Store", "Склад", "rope"),
    ("kitchen", "Kitchen", "Кухня", "cutters"),
    ("sick-bay", "Sick Bay", "Лазарет", "cutters"),
    ("guard-house", "Guard House", "Караульное помещение", "pass"),
    ("orderlies", "Orderlies' Quarters", "Помещения денщиков", "pass"),
]


# --------------------------------------------------------------------------------
# 1. Areas
# --------------------------------------------------------------------------------
def paint() -> dict[tuple[int, int], str]:
    m: dict[tuple[int, int], str] = {}

    def rect(ch, c0, c1, r0, r1):
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                m[(c, r)] = ch

    def put(ch, *cells):
        for cell in cells:
            m[cell] = ch

    def cut(*cells):
        for cell in cells:
            del m[cell]

    # --- outside the north wire: a two-row path along the top edge (west end is a
    #     cliff; east end runs on as chain "np" to the N target)
    rect("v", 13, 31, 1, 2)
    # --- north terrace, and the NW terrace bending round the corner to the west
    rect("n", 10, 41, 3, 4)
    rect("n", 5, 9, 5, 5)
    rect("n", 4, 9, 6, 6)
    rect("n", 3, 8, 7, 7)
    rect("s", 3, 6, 8, 10)           # NW safe area (12)
    put("n", (7, 8), (8, 8))
    rect("w", 1, 2, 8, 26)           # west terrace, inside the west wire
    # --- lower south terrace: SW part, a diagonal flight, then east under the
    #     upper terrace as far as the Theatre
    rect("l", 1, 11, 27, 28)
    rect("l", 10, 12, 29, 30)
    rect("l", 12, 24, 31, 32)

    # --- north range of the prisoners' block (rooms on row 6-7)
    rect("q", 10, 11, 6, 7)          # NW corner stair room (unnamed)
    rect("N", 13, 16, 6, 7)          # Dentist
    put("W", (18, 6), (18, 7))       # W.C. (very narrow)
    rect("Y", 20, 21, 6, 7)          # Laundry
    rect("C", 23, 27, 6, 7)          # Canteen
    cut((23, 6))
    rect("r", 29, 33, 6, 8)          # N grass area (walled, safe)

    # --- inner courtyard with the Appel area
    rect(".", 11, 24, 8, 21)
    cut((11, 8), (12, 8), (11, 9), (24, 8), (24, 9), (11, 21), (24, 21))
    rect("A", 14, 21, 12, 16)

    # --- west range
    rect("L", 9, 10, 9, 14)          # Chapel (12)
    rect("O", 8, 10, 16, 17)         # Office
    cut((8, 17))
    put("3", (6, 15), (6, 16), (6, 17))   # west annex roof ("clothes store")
    rect(".", 4, 10, 19, 19)         # west corridor, ends at a 60 window
    rect("B", 6, 10, 20, 21)         # Sick Bay
    rect("e", 4, 9, 23, 25)          # SW garden
    cut((4, 25), (9, 25))

    # --- east range
    rect("S", 25, 27, 8, 9)          # Store
    rect("I", 25, 28, 11, 12)        # Interview Room
    rect("K", 25, 27, 14, 15)        # Kitchen
    rect("D", 26, 29, 17, 18)        # Orderlies' Quarters
    put(".", (25, 19), (25, 20))     # SE stair lobby
    rect("F", 25, 28, 21, 24)        # Officers' Quarters
    cut((25, 24), (28, 24))
    put("1", (31, 17), (31, 18))     # Orderlies' annex roof
    put("2", (30, 22), (30, 23))     # Officers' annex roof

    # --- south range
    put("P", (11, 22), (12, 22), (11, 23))   # Parcel Office
    rect("x", 13, 15, 22, 23)        # inner cells, west block (6)
    rect(".", 16, 17, 22, 26)        # cells corridor down to the KEY door
    rect("y", 18, 19, 22, 23)        # inner cells, east block (4)
    put("G", (14, 25), (15, 25), (14, 26))  # Guard House
    rect(".", 20, 21, 22, 26)        # south funnel to the PASS gate
    put("H", (22, 22), (23, 22), (22, 23))  # Showers
    rect("T", 22, 24, 24, 25)        # Theatre
    put("T", (23, 26))

    # --- upper south terrace ("rampart road") and the outer cells
    rect("u", 16, 31, 28, 29)
    put("u", (26, 30))
    rect("z", 27, 33, 31, 31)        # outer solitary cells (7)

    # --- outer courtyard, lawn, SE safe area
    rect("o", 32, 33, 12, 23)        # lane along the German kitchens
    rect("o", 34, 36, 15, 18)        # yard round the staff car
    cut((35, 17))                     # the staff car stands here
    rect("m", 37, 41, 9, 13)         # lawn
    put("m", (36, 14), (37, 14), (38, 14))
    rect("o", 33, 42, 24, 30)        # south part of the outer courtyard
    rect("E", 36, 39, 25, 28)        # SE safe area (16)
    put("o", (34, 19), (34, 20), (34, 21), (34, 22), (34, 23))
    return m


# --------------------------------------------------------------------------------
# 2. Chains (paths outside, bridges, ramp, walkway).  name: (id prefix, zone,
#    flags, waypoints).  A target, when given, is appended as the last circle.
# --------------------------------------------------------------------------------
CHAINS = {
    # NW green: from the Chapel tunnel exit, winding to the NW target
    "nw": ("nw", "outside", (), [(6, 4), (3, 4), (2, 3), (2, 2), (10, 2), (10, 1), (10, 0), (1, 0)]),
    # north path: from the east end of the north band to the N target
    "np": ("np", "outside", (), [(32, 2), (36, 2), (36, 1), (36, 0), (42, 0)]),
    # north footbridge over the river, then the east bank north to NE, south to E
    "fb": ("fb", "outside", (), [(43, 4), (46, 4)]),
    "ne": ("ne", "outside", (), [(47, 3), (47, 1), (46, 0)]),
    "eb": ("eb", "outside", (), [(47, 5), (48, 7), (48, 12)]),
    # east walkway inside the lawn's east wall, ending at the 30 drop into the river
    "ew": ("ew", "outer", ("walkway",), [(42, 14), (43, 13), (43, 8)]),
    # swim: three river circles to the bank by the E target
    "rv": ("rv", "outside", (), [(44, 9), (46, 9)]),
    # ramp: walled diagonal walkway from the outer courtyard up to the north terrace
    "rp": ("rp", "outer", ("walkway",), [(32, 11), (33, 10), (35, 6), (35, 5)]),
    # main bridge from the gatehouse PASS over the moat, then the east bank south
    "mb": ("mb", "outside", (), [(44, 27), (48, 27)]),
    "sep": ("sep", "outside", (), [(49, 28), (49, 33), (46, 38), (44, 38), (43, 39), (43, 41)]),
    # SW: three paths from the three 60 drops, joining before the SW target
    "swa": ("swa", "outside", (), [(2, 30), (2, 33)]),
    "swb": ("swb", "outside", (), [(5, 30), (5, 32), (4, 33)]),
    "swc": ("swc", "outside", (), [(8, 30), (8, 33), (6, 34)]),
    "sw": ("sw", "outside", (), [(3, 35), (3, 37), (7, 37), (7, 39), (1, 39), (1, 40)]),
    # S: two stubs from the two 60 drops, joining a path east to the S target
    "spa": ("spa", "outside", (), [(14, 34), (15, 35)]),
    "spb": ("spb", "outside", (), [(21, 34), (20, 35)]),
    "sp": ("sp", "outside", (), [(16, 36), (24, 36), (26, 38), (34, 38), (35, 39), (35, 40)]),
}

TARGETS = {  # target id: (cell, label, chain it ends)
    "tgnw": ((0, 1), "NW", "nw"),
    "tgn": ((42, 1), "N", "np"),
    "tgne": ((46, 1), "NE", None),
    "tge": ((49, 13), "E", None),
    "tgse": ((43, 42), "SE", "sep"),
    "tgs": ((35, 41), "S", "sp"),
    "tgsw": ((0, 41), "SW", "sw"),
}


def build():
    m = paint()
    circles: dict[str, dict] = {}
    at: dict[tuple[int, int], str] = {}
    area_of: dict[str, str] = {}

    # ---- number the painted circles: per prefix, legend order then reading order
    order = {ch: i for i, ch in enumerate(LEGEND)}
    by_prefix: dict[str, list] = {}
    for (c, r), ch in m.items():
        by_prefix.setdefault(LEGEND[ch][2], []).append((order[ch], r, c, ch))
    for prefix, items in by_prefix.items():
        items.sort()
        width = max(2, len(str(len(items)))) if prefix in ("ap", "ic", "nt", "wt", "lt", "ut", "oc", "lw", "se", "sg", "gr", "nb", "nws") else 1
        for n, (_, r, c, ch) in enumerate(items, 1):
            area, zone, _, room, flags = LEGEND[ch]
            cid = f"{prefix}{n:0{width}d}"
            circ = {"id": cid, "cell": (c, r), "zone": zone}
            if room:
                circ["room"] = room
            for f in flags:
                circ[f] = True
            circles[cid] = circ
            at[(c, r)] = cid
            area_of[cid] = area

    # ---- chains
    chain_cells: dict[str, list[str]] = {}
    for name, (prefix, zone, flags, pts) in CHAINS.items():
        cells = hx.polyline(pts)
        ids = []
        width = max(2, len(str(len(cells))))
        for n, cell in enumerate(cells, 1):
            if cell in at:
                raise SystemExit(f"chain {name} runs into {at[cell]} at {cell}")
            cid = f"{prefix}{n:0{width}d}"
            circ = {"id": cid, "cell": cell, "zone": zone}
            for f in flags:
                circ[f] = True
            circles[cid] = circ
            at[cell] = cid
            area_of[cid] = "chain:" + name
            ids.append(cid)
        chain_cells[name] = ids

    for tid, (cell, label, _chain) in TARGETS.items():
        if cell in at:
            raise SystemExit(f"target {tid} on top of {at[cell]}")
        circles[tid] = {"id": tid, "cell": cell, "zone": "outside", "target": True, "label": label}
        at[cell] = tid
        area_of[tid] = "target"

    return m, circles, at, area_of, chain_cells


def show(at, circles):
    glyph = {"appel": "A", "inner": ".", "room": "R", "outer": "t", "outside": "o",
             "cell-inner": "x", "cell-outer": "z"}
    for r in range(hx.ROWS):
        row = []
        for c in range(hx.COLS):
            cid = at.get((c, r))
            if cid is None:
                row.append(" ")
                continue
            ci = circles[cid]
            g = glyph[ci["zone"]]
            if ci.get("target"):
                g = "@"
            elif ci.get("gate"):
                g = "K" if ci["gate"] == "key" else "P"
            elif ci.get("tunnel"):
                g = "u"
            elif ci.get("guard_post"):
                g = "#"
            elif ci.get("safe"):
                g = "s"
            elif ci.get("searchlight"):
                g = "*"
            elif ci.get("walkway"):
                g = "w"
            row.append(g)
        print(f"{r:2d} " + (" " if r % 2 else "") + " ".join(row))


if __name__ == "__main__":
    m, circles, at, area_of, chains = build()
    show(at, circles)
    print(len(circles))
