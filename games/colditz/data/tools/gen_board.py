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
  (north terrace); chain circles are numbered from the chain's start.  Gates and
  targets have fixed names (pass-s, key-n, tgsw, ...).  The prefix table is in
  ../BOARD.md.
* The generator refuses to write a board where two circles share a cell, a link is
  doubled, or an ordinary step joins circles that are not lattice neighbours.
  Run validate.py afterwards for the game invariants.

Run:  python3 gen_board.py            writes ../board.toml
      python3 gen_board.py --show     also prints the lattice picture (features)
      python3 gen_board.py --areas    also prints the lattice picture (areas, rooms)
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

ROOMS = [  # id, English, Russian (capitalised like the game terms of the Russian rules), symbol
    ("canteen", "Canteen", "Столовая", "food"),
    ("parcel-office", "Parcel Office", "Посылочная", "food"),
    ("laundry", "Laundry", "Прачечная", "disguise"),
    ("theatre", "Theatre", "Театр", "disguise"),
    ("interview", "Interview Room", "Комната Допросов", "documents"),
    ("office", "Office", "Канцелярия", "documents"),
    ("wc", "W.C.", "Уборная", "compass"),
    ("officers", "Officers' Quarters", "Офицерские Помещения", "compass"),
    ("dentist", "Dentist", "Зубной Кабинет", "key"),
    ("showers", "Showers", "Душевые", "key"),
    ("chapel", "Chapel", "Часовня", "rope"),
    ("store", "Store", "Склад", "rope"),
    ("kitchen", "Kitchen", "Кухня", "cutters"),
    ("sick-bay", "Sick Bay", "Лазарет", "cutters"),
    ("guard-house", "Guard House", "Караульное Помещение", "pass"),
    ("orderlies", "Orderlies' Quarters", "Помещения Денщиков", "pass"),
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

    # --- outside the north wire: a path along the top edge, two rows wide in the
    #     east; its west end is a cliff, its east end runs on as chain "np"
    rect("v", 15, 29, 2, 2)
    rect("v", 23, 29, 1, 1)
    # --- north terrace, and the NW terrace bending round the corner to the west
    rect("n", 10, 41, 3, 4)
    rect("n", 4, 9, 5, 5)
    rect("n", 4, 9, 6, 6)
    rect("n", 3, 8, 7, 7)
    rect("s", 3, 6, 8, 10)           # NW safe area (12)
    put("n", (7, 8), (8, 8))
    rect("w", 1, 2, 8, 20)           # west terrace, inside the west wire
    rect("w", 1, 1, 21, 26)
    # --- lower south terrace: SW part, a diagonal flight, then east under the
    #     upper terrace as far as the Theatre
    rect("l", 1, 10, 27, 28)
    rect("l", 10, 12, 29, 30)
    rect("l", 12, 24, 31, 32)

    # --- north range of the prisoners' block (rooms on rows 6-7)
    rect("q", 10, 11, 6, 7)          # NW corner stair room (unnamed)
    rect("N", 13, 16, 6, 7)          # Dentist
    put("W", (18, 6), (18, 7))       # W.C. (very narrow)
    rect("Y", 20, 21, 6, 7)          # Laundry
    rect("C", 23, 27, 6, 7)          # Canteen
    cut((23, 6))
    rect("r", 29, 33, 6, 8)          # N grass area (walled, safe)
    cut((29, 8), (33, 8))

    # --- inner courtyard with the Appel area (corners cut where no door opens)
    rect(".", 12, 24, 8, 21)
    cut((24, 8), (24, 10), (12, 9), (12, 10), (12, 21), (24, 20), (24, 21), (23, 21), (22, 21))
    rect("A", 14, 21, 13, 17)

    # --- west range
    rect("L", 10, 11, 9, 13)         # Chapel (10)
    rect("O", 9, 11, 15, 16)         # Office
    cut((9, 16))
    put("3", (6, 16), (6, 15), (6, 14), (5, 13))   # west annex roof ("clothes store")
    rect(".", 5, 11, 18, 18)         # west corridor, ends at a 60 window
    rect("B", 7, 11, 20, 21)         # Sick Bay
    rect("e", 5, 10, 23, 25)         # SW garden
    cut((5, 25), (10, 25))

    # --- east range
    rect("S", 25, 27, 8, 9)          # Store
    rect("I", 25, 28, 11, 12)        # Interview Room
    rect("K", 25, 27, 14, 15)        # Kitchen
    rect("D", 26, 29, 17, 18)        # Orderlies' Quarters
    put(".", (25, 19), (25, 20))     # SE stair lobby
    rect("F", 25, 28, 21, 24)        # Officers' Quarters
    cut((25, 24), (28, 24), (28, 21))
    put("1", (31, 17), (31, 18))     # Orderlies' annex roof
    put("2", (30, 22), (30, 23))     # Officers' annex roof

    # --- south range
    put("P", (12, 22), (13, 22), (12, 23))   # Parcel Office
    rect("x", 14, 15, 22, 24)        # inner cells, west block (6)
    rect(".", 16, 17, 22, 26)        # cells corridor down to the KEY door
    rect("y", 18, 19, 22, 23)        # inner cells, east block (4)
    put("G", (14, 26), (15, 26), (14, 27))  # Guard House
    rect(".", 20, 21, 22, 26)        # south funnel to the PASS gate
    put("H", (22, 22), (23, 22), (22, 23))  # Showers
    rect("T", 22, 24, 24, 25)        # Theatre
    put("T", (23, 26))

    # --- upper south terrace ("rampart road") and the outer cells
    rect("u", 16, 32, 28, 29)
    put("u", (27, 30))               # landing by the outer cells door
    rect("z", 27, 33, 31, 31)        # outer solitary cells (7)

    # --- outer courtyard, lawn, SE safe area
    rect("o", 32, 33, 13, 23)        # lane along the German kitchens
    rect("o", 34, 36, 15, 18)        # yard round the staff car
    cut((35, 17))                     # the staff car stands at (35, 17)
    put("m", (36, 15), (36, 16))     # lawn reaches the car on its east side
    rect("m", 37, 40, 10, 13)        # lawn
    put("m", (36, 14), (37, 14))
    put("o", (34, 19), (34, 20), (34, 21), (34, 22), (34, 23))
    rect("o", 34, 42, 24, 28)        # south part of the outer courtyard
    rect("E", 36, 39, 25, 28)        # SE safe area (16)
    return m


# --------------------------------------------------------------------------------
# 2. Chains (paths outside, bridges, ramp, walkway).  name: (id prefix, zone,
#    flags, waypoints joined by straight hex lines).
# --------------------------------------------------------------------------------
NORTH_ZIGZAG = [(30, 2), (30, 1), (31, 0), (32, 0), (32, 1), (33, 2), (34, 2), (34, 1),
                (35, 0), (36, 0), (36, 1), (37, 2), (38, 2), (38, 1), (39, 0), (40, 0),
                (40, 1), (41, 1)]
CHAINS = {
    # NW green: from the Chapel tunnel exit, winding to the NW target
    "nw": ("nw", "outside", (), [(6, 4), (3, 4), (2, 3), (2, 2), (10, 2), (10, 1), (10, 0), (1, 0)]),
    # north path: zig-zags along the outside of the wire from the east end of the
    # north band (and from the north KEY gate) to the N target
    "np": ("np", "outside", (), NORTH_ZIGZAG),
    # north footbridge over the river, then the east bank north to NE, south to E
    "fb": ("fb", "outside", (), [(43, 4), (47, 4)]),
    "ne": ("ne", "outside", (), [(47, 3), (48, 2), (49, 2), (49, 1), (49, 0), (47, 0)]),
    "eb": ("eb", "outside", (), [(47, 5), (48, 6), (48, 11), (49, 12), (49, 13)]),
    # east walkway inside the lawn's east wall, ending at the 30 drop into the river
    "ew": ("ew", "outer", ("walkway",), [(41, 10), (42, 10), (43, 11), (43, 14)]),
    # swim: river circles to the bank by the E target
    "rv": ("rv", "outside", (), [(45, 14), (48, 14)]),
    # ramp: walled diagonal walkway from the outer courtyard up to the north terrace
    "rp": ("rp", "outer", ("walkway",), [(32, 12), (33, 11), (35, 7), (35, 5)]),
    # main bridge from the gatehouse PASS over the moat, then the east bank south
    "mb": ("mb", "outside", (), [(44, 27), (48, 27)]),
    "sep": ("sep", "outside", (), [(49, 28), (49, 40), (48, 41), (40, 41)]),
    # SW: three paths from the three 60 drops, joining before the SW target
    "swa": ("swa", "outside", (), [(2, 30), (2, 33)]),
    "swb": ("swb", "outside", (), [(5, 30), (5, 33)]),
    "swc": ("swc", "outside", (), [(8, 30), (8, 33)]),
    "sw": ("sw", "outside", (), [(2, 34), (11, 34), (11, 39), (10, 40), (1, 40)]),
    # S: two stubs from the two 60 drops, joining a path east to the S target
    "spa": ("spa", "outside", (), [(14, 34), (15, 35)]),
    "spb": ("spb", "outside", (), [(21, 34), (20, 35)]),
    "sp": ("sp", "outside", (), [(16, 36), (24, 36), (26, 38), (34, 38), (35, 39), (35, 40)]),
}

TARGETS = {  # target id: (cell, label, chains whose last circle leads to it)
    "tgnw": ((0, 1), "NW", ["nw"]),
    "tgn": ((42, 0), "N", ["np"]),
    "tgne": ((46, 0), "NE", ["ne"]),
    "tge": ((49, 14), "E", ["eb", "rv"]),
    "tgse": ((40, 42), "SE", ["sep"]),
    "tgs": ((35, 41), "S", ["sp"]),
    "tgsw": ((0, 41), "SW", ["sw"]),
}

# Chain ends that join something other than the next chain cell: (cell, cell).
JOINS = [
    ((29, 1), (30, 2)), ((29, 2), (30, 2)),      # north band -> north path
    ((47, 4), (47, 3)), ((47, 4), (47, 5)),      # footbridge -> east bank N / S
    ((40, 10), (41, 10)),                         # lawn -> east walkway
    ((32, 12), (32, 13)),                         # ramp foot -> outer courtyard
    ((35, 5), (35, 4)), ((35, 5), (36, 4)),      # ramp top -> north terrace
    ((48, 27), (49, 28)),                         # main bridge -> east bank S
    ((2, 33), (2, 34)), ((5, 33), (5, 34)), ((8, 33), (8, 34)),  # SW paths meet
    ((15, 35), (16, 36)), ((20, 35), (20, 36)),  # S stubs meet the S path
]

# --------------------------------------------------------------------------------
# 3. Gates: id, cell, "key"|"pass", label, cells linked on the inner/outer sides.
#    Gate circles are zone "outer": a POW standing on one has left the courtyard.
# --------------------------------------------------------------------------------
GATES = [
    ("pass-s", (21, 27), "pass", "PASS", [(21, 26)], [(21, 28), (22, 28)]),   # courtyard -> upper terrace
    ("key-c", (16, 27), "key", "KEY", [(16, 26), (17, 26)], [(16, 28), (17, 28)]),  # cells corridor -> upper terrace
    ("key-e", (33, 28), "key", "KEY", [(32, 28), (32, 29)], [(34, 28)]),   # upper terrace -> outer courtyard
    ("pass-m", (43, 27), "pass", "PASS", [(42, 27)], [(44, 27)]),           # gatehouse -> main bridge
    ("pass-n", (42, 4), "pass", "PASS", [(41, 4), (41, 3)], [(43, 4)]),    # north terrace -> footbridge
    ("key-n", (31, 2), "key", "KEY", [(30, 3), (31, 3)], [(30, 2)]),       # gate in the north wire
]

# --------------------------------------------------------------------------------
# 4. Doors: (room circle, courtyard circle) - every room opens onto the inner side.
# --------------------------------------------------------------------------------
DOORS = [
    ((11, 7), (12, 8)),    # NW corner stair room
    ((13, 7), (13, 8)),    # Dentist, short passage to the NW part of the courtyard
    ((18, 7), (18, 8)),    # W.C.
    ((20, 7), (20, 8)),    # Laundry
    ((23, 7), (23, 8)),    # Canteen, NE corner
    ((25, 9), (24, 9)),    # Store
    ((25, 11), (24, 11)),  # Interview Room
    ((25, 14), (24, 14)),  # Kitchen
    ((26, 18), (25, 19)),  # Orderlies' Quarters -> SE stair lobby
    ((25, 21), (25, 20)),  # Officers' Quarters -> SE stair lobby
    ((22, 22), (21, 22)),  # Showers -> south funnel
    ((22, 24), (21, 24)),  # Theatre -> stair by the south PASS
    ((15, 26), (16, 26)),  # Guard House -> cells corridor (inside the KEY door)
    ((13, 22), (13, 21)),  # Parcel Office, SW corner
    ((11, 20), (12, 20)),  # Sick Bay, passage at its east end
    ((11, 16), (12, 16)),  # Office, via a stair tower
    ((11, 13), (12, 13)),  # Chapel, at its south end
]

# --------------------------------------------------------------------------------
# 5. Rope drops: (numbered circle above, white-ringed landing below, 30|60)
# --------------------------------------------------------------------------------
DROPS = [
    ((27, 7), (29, 7), 30),    # Canteen east window -> N grass area
    ((33, 6), (34, 4), 30),    # N grass area, over its north wall -> north terrace
    ((7, 21), (6, 23), 30),    # Sick Bay x3 -> SW garden
    ((9, 21), (8, 23), 30),
    ((11, 21), (10, 23), 30),
    ((6, 25), (6, 27), 30),    # SW garden x2 -> lower south terrace
    ((9, 25), (9, 27), 30),
    ((24, 25), (24, 28), 30),  # Theatre x2 -> upper south terrace
    ((23, 26), (23, 28), 30),
    ((26, 24), (26, 28), 30),  # Officers' Quarters x2 south -> upper south terrace
    ((27, 24), (28, 28), 30),
    ((28, 22), (30, 22), 30),  # Officers' Quarters east -> annex roof
    ((30, 23), (32, 23), 30),  # annex roof -> outer courtyard
    ((29, 17), (31, 17), 30),  # Orderlies' Quarters east -> annex roof
    ((31, 18), (32, 18), 30),  # annex roof -> outer courtyard
    ((9, 15), (6, 16), 30),    # Office west -> west annex roof
    ((5, 13), (2, 13), 30),    # west annex north end -> west terrace
    ((19, 29), (19, 31), 30),  # upper terrace x2 -> lower terrace
    ((23, 29), (23, 31), 30),
    ((43, 14), (45, 14), 30),  # end of the east walkway -> river (swim)
    ((13, 6), (13, 4), 60),    # Dentist x2 -> north terrace
    ((16, 6), (16, 4), 60),
    ((10, 6), (9, 5), 60),     # NW corner room -> NW terrace
    ((5, 18), (2, 18), 60),    # west corridor window -> west terrace
    ((14, 27), (12, 29), 60),  # Guard House west window -> SW lower terrace
    ((2, 28), (2, 30), 60),    # outer south wall x3 -> SW paths
    ((5, 28), (5, 30), 60),
    ((8, 28), (8, 30), 60),
    ((14, 32), (14, 34), 60),  # outer south wall x2 -> S path
    ((21, 32), (21, 34), 60),
]

# --------------------------------------------------------------------------------
# 6. Barbed wire: (circle inside, circle outside) pairs that wire cutters can cut.
#    Only these marked crossing points, not every pair along the fence.
# --------------------------------------------------------------------------------
WIRE = [
    ((15, 3), (15, 2)),    # north terrace -> north band, west part only
    ((18, 3), (18, 2)),
    ((22, 3), (22, 2)),
    ((4, 5), (4, 4)),      # NW terrace -> NW green path
    ((5, 5), (5, 4)),
]

# --------------------------------------------------------------------------------
# 7. Tunnels: entrance (step 0, the darkest circle of the room) ... exit.
# --------------------------------------------------------------------------------
TUNNELS = {
    "chapel": [(10, 13), (10, 12), (10, 11), (10, 10), (10, 9),     # along the chapel
               (8, 8), (8, 7), (7, 6), (7, 5),                      # under the NW terrace
               (6, 4)],                                             # exit beyond the wire
    "canteen": [(24, 6), (25, 6), (26, 6), (27, 6),                # across the canteen
                (29, 6), (30, 6), (31, 6), (32, 6),                # under the grass top row
                (33, 4)],                                          # exit on the north terrace
    "theatre": [(22, 25),                                          # SW part of the theatre
                (22, 28), (22, 29),                                # under the upper terrace
                (22, 31), (21, 31), (20, 31)],                     # exit beside a 60 drop
}

# --------------------------------------------------------------------------------
# 8. Flags, special nodes, cells
# --------------------------------------------------------------------------------
GUARD_POSTS = [
    # inner courtyard (one guard per Escape Officer at set-up)
    (13, 9), (18, 9), (22, 9), (12, 15), (23, 15), (14, 19), (22, 19),
    # outer area (2-7 guards at set-up)
    (12, 4), (20, 3), (28, 4), (41, 3),            # north terrace; (41,3) by the footbridge PASS
    (6, 7), (1, 20),                               # NW terrace, west terrace
    (6, 28), (17, 32),                             # lower south terrace
    (25, 28), (18, 28),                            # upper south terrace, between the south gates
    (32, 13), (33, 20), (42, 26), (39, 11),       # ramp foot, kitchens lane, by the main gate, lawn
    (34, 28),                                      # just inside the east KEY door
]
SEARCHLIGHTS = [(4, 6), (1, 11), (1, 28), (9, 28), (28, 3), (42, 28)]

SPECIALS = {"barracks": (45, 17), "office": (35, 13), "car": (35, 17)}   # drawing positions
CAR_LINKS = [(34, 17), (36, 17), (35, 16), (36, 16), (35, 18), (36, 18)]

INNER_CELLS_EXIT = (16, 22)        # corridor circle both inner blocks' doors face
OUTER_CELLS_EXIT = (27, 30)        # upper-terrace circle outside the outer cells door
CELL_DOORS = [((15, 22), (16, 22)), ((18, 22), (17, 22)), ((27, 31), (27, 30))]


def build():
    m = paint()
    circles: dict[str, dict] = {}
    at: dict[tuple[int, int], str] = {}
    area_of: dict[str, str] = {}

    def add(cid, cell, zone, area, **attrs):
        if cid in circles:
            raise SystemExit(f"duplicate id {cid}")
        if cell in at:
            raise SystemExit(f"{cid} on top of {at[cell]} at {cell}")
        circles[cid] = {"id": cid, "cell": cell, "zone": zone, **attrs}
        at[cell] = cid
        area_of[cid] = area

    # ---- painted circles, numbered per prefix (legend order, then reading order)
    order = {ch: i for i, ch in enumerate(LEGEND)}
    by_prefix: dict[str, list] = {}
    for (c, r), ch in m.items():
        by_prefix.setdefault(LEGEND[ch][2], []).append((order[ch], r, c, ch))
    for prefix, items in by_prefix.items():
        items.sort()
        # zero-pad to the size of the group (two-letter prefixes at least 2 digits:
        # ap01..ap40, ic001..ic162, nt01..nt84; rooms den1..den8, off01..off13)
        width = len(str(len(items))) if len(prefix) >= 3 else max(2, len(str(len(items))))
        for n, (_, r, c, ch) in enumerate(items, 1):
            area, zone, _, room, flags = LEGEND[ch]
            attrs = {f: True for f in flags}
            if room:
                attrs["room"] = room
            add(f"{prefix}{n:0{width}d}", (c, r), zone, area, **attrs)

    # ---- gates (own circles, linked explicitly)
    for gid, cell, kind, label, _inside, _outside in GATES:
        add(gid, cell, "outer", "gate:" + gid, gate=kind, label=label)

    # ---- chains and targets
    chain_ids: dict[str, list[str]] = {}
    for name, (prefix, zone, flags, pts) in CHAINS.items():
        cells = hx.polyline(pts)
        width = max(2, len(str(len(cells))))
        chain_ids[name] = []
        for n, cell in enumerate(cells, 1):
            cid = f"{prefix}{n:0{width}d}"
            add(cid, cell, zone, "chain:" + name, **{f: True for f in flags})
            chain_ids[name].append(cid)
    for tid, (cell, label, _ends) in TARGETS.items():
        add(tid, cell, "outside", "target", target=True, label=label)

    # ---- flags and tunnels
    def cid_at(cell):
        if cell not in at:
            raise SystemExit(f"no circle at {cell}")
        return at[cell]

    for cell in GUARD_POSTS:
        circles[cid_at(cell)]["guard_post"] = True
    for cell in SEARCHLIGHTS:
        circles[cid_at(cell)]["searchlight"] = True
    for a, _b, rope in DROPS:
        circles[cid_at(a)].setdefault("label", str(rope))
    tunnel_pairs = set()
    for name, cells in TUNNELS.items():
        for k, cell in enumerate(cells):
            ci = circles[cid_at(cell)]
            ci["tunnel"], ci["tunnel_step"] = name, k
        for a, b in zip(cells, cells[1:]):
            tunnel_pairs.add(frozenset((cid_at(a), cid_at(b))))

    # ---- links
    links: dict[frozenset, dict] = {}

    def link(a, b, kind="step"):
        if a == b:
            raise SystemExit(f"self link {a}")
        key = frozenset((a, b))
        if key in links:
            raise SystemExit(f"duplicate link {a}-{b} ({links[key]['kind']} and {kind})")
        links[key] = {"a": a, "b": b, "kind": kind}

    # same-area lattice neighbours (painted areas only); a pair that is also two
    # consecutive tunnel circles gets the tunnel link instead (see BOARD.md)
    for (c, r), ch in sorted(m.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        a = at[(c, r)]
        for nb in hx.neighbours(c, r):
            b = at.get(nb)
            if b is None or nb not in m or (nb[1], nb[0]) < (r, c):
                continue
            if area_of[a] == area_of[b] and frozenset((a, b)) not in tunnel_pairs:
                link(a, b)
    for name, ids in chain_ids.items():
        for a, b in zip(ids, ids[1:]):
            link(a, b)
    for tid, (_cell, _label, ends) in TARGETS.items():
        for chain in ends:
            link(chain_ids[chain][-1], tid)
    for a, b in JOINS:
        link(cid_at(a), cid_at(b))
    for a, b in DOORS:
        link(cid_at(a), cid_at(b))
    for a, b in CELL_DOORS:
        link(cid_at(a), cid_at(b))
    for gid, cell, _kind, _label, inside, outside in GATES:
        for other in inside + outside:
            link(cid_at(other), gid)
    for a, b, rope in DROPS:
        link(cid_at(a), cid_at(b), f"drop{rope}")
    for a, b in WIRE:
        link(cid_at(a), cid_at(b), "wire")
    for name, cells in TUNNELS.items():
        for a, b in zip(cells, cells[1:]):
            link(cid_at(a), cid_at(b), "tunnel")
    for cell in CAR_LINKS:
        link("car", cid_at(cell))

    # self-check: every ordinary step (door, gate, join, chain, cell door) joins two
    # lattice neighbours, so the drawing shows exactly the adjacencies of the graph
    for ln in links.values():
        if ln["kind"] == "step" and "car" not in (ln["a"], ln["b"]):
            ca, cb = circles[ln["a"]]["cell"], circles[ln["b"]]["cell"]
            if not hx.adjacent(ca, cb):
                raise SystemExit(f"step link {ln['a']}{ca}-{ln['b']}{cb} is not between neighbours")

    # ---- cells and Appel
    cells = [
        {"id": "inner", "circles": sorted((c for c in circles if circles[c]["zone"] == "cell-inner"), key=_num),
         "exit": cid_at(INNER_CELLS_EXIT), "free_gates": []},
        {"id": "outer", "circles": sorted((c for c in circles if circles[c]["zone"] == "cell-outer"), key=_num),
         "exit": cid_at(OUTER_CELLS_EXIT), "free_gates": ["pass-s", "key-c"]},
    ]
    appel = appel_layout([c for c in circles if circles[c]["zone"] == "appel"], circles)
    return m, circles, at, links, cells, appel


def _num(cid):
    digits = "".join(ch for ch in cid if ch.isdigit())
    return (cid.rstrip("0123456789"), int(digits or 0))


# POWs per Escape Officer and number of officers, by player count (rules set-up table)
PAWNS = {2: (1, 8), 3: (2, 7), 4: (3, 6), 5: (4, 5), 6: (5, 4)}


def appel_layout(appel_ids, circles):
    """Authored Appel diagram: the 40 white circles are read as a snake (row 1 west to
    east, row 2 back east to west, ...); each officer takes the next run of circles
    along the snake, and the runs are centred in the snake, so every officer's
    group is one contiguous block, in seat order."""
    rows: dict[int, list] = {}
    for cid in appel_ids:
        c, r = circles[cid]["cell"]
        rows.setdefault(r, []).append((c, cid))
    snake = []
    for i, r in enumerate(sorted(rows)):
        line = [cid for _, cid in sorted(rows[r])]
        snake.extend(line if i % 2 == 0 else line[::-1])
    out = []
    for players, (officers, each) in sorted(PAWNS.items()):
        start = (len(snake) - officers * each) // 2
        groups = [snake[start + k * each: start + (k + 1) * each] for k in range(officers)]
        out.append({"players": players, "officers": groups})
    return out


# --------------------------------------------------------------------------------
# 9. Output
# --------------------------------------------------------------------------------
def toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def toml_list(xs) -> str:
    return "[" + ", ".join(toml_str(x) for x in xs) + "]"


def circle_sort_key(ci):
    # reading order of the lattice: north to south, west to east
    c, r = ci["cell"]
    return (r, c)


def write(circles, links, cells, appel) -> str:
    o = []
    o.append("# AUTHORED schematic board (project-authored), not the published artwork; see BOARD.md")
    o.append("# Escape from Colditz - generated by tools/gen_board.py; edit the generator, not this file.")
    o.append('provenance = "project-authored"')
    o.append(f"width = {hx.WIDTH:.1f}")
    o.append(f"height = {hx.HEIGHT:.1f}")
    o.append("")
    for rid, en, ru, symbol in ROOMS:
        o += ["[[room]]", f"id = {toml_str(rid)}", f"en = {toml_str(en)}", f"ru = {toml_str(ru)}",
              f"symbol = {toml_str(symbol)}", ""]
    for ci in sorted(circles.values(), key=circle_sort_key):
        x, y = hx.pos(*ci["cell"])
        o += ["[[circle]]", f"id = {toml_str(ci['id'])}", f"x = {x:.1f}", f"y = {y:.2f}",
              f"zone = {toml_str(ci['zone'])}"]
        if "room" in ci:
            o.append(f"room = {toml_str(ci['room'])}")
        for flag in ("guard_post", "safe", "searchlight", "walkway", "target"):
            if ci.get(flag):
                o.append(f"{flag} = true")
        if "gate" in ci:
            o.append(f"gate = {toml_str(ci['gate'])}")
        if "tunnel" in ci:
            o.append(f"tunnel = {toml_str(ci['tunnel'])}")
            o.append(f"tunnel_step = {ci['tunnel_step']}")
        if "label" in ci:
            o.append(f"label = {toml_str(ci['label'])}")
        o.append("")
    for sid, cell in SPECIALS.items():
        x, y = hx.pos(*cell)
        o += ["[[special]]", f"id = {toml_str(sid)}", f"x = {x:.1f}", f"y = {y:.2f}", ""]
    for ln in links.values():
        o += ["[[link]]", f"a = {toml_str(ln['a'])}", f"b = {toml_str(ln['b'])}"]
        if ln["kind"] != "step":
            o.append(f"kind = {toml_str(ln['kind'])}")
        o.append("")
    for cb in cells:
        o += ["[[cells]]", f"id = {toml_str(cb['id'])}", f"circles = {toml_list(cb['circles'])}",
              f"exit = {toml_str(cb['exit'])}", f"free_gates = {toml_list(cb['free_gates'])}", ""]
    for al in appel:
        o += ["[[appel_layout]]", f"players = {al['players']}",
              "officers = [" + ", ".join(toml_list(g) for g in al["officers"]) + "]", ""]
    return "\n".join(o).rstrip() + "\n"


def show(at, circles, m, areas=False):
    """Print the lattice, odd rows shifted right as drawn.
    Features (default): A appel, . inner, R room, t outer, o outside, x/z cells,
      @ target, K/P gates, u tunnel, # guard post, * searchlight, s safe, w walkway.
    Areas (--areas): the paint characters of LEGEND, ~ chain circles, @ targets,
      K/P gates."""
    glyph = {"appel": "A", "inner": ".", "room": "R", "outer": "t", "outside": "o",
             "cell-inner": "x", "cell-outer": "z"}
    print("    " + "".join(f"{c % 10} " for c in range(hx.COLS)))
    for r in range(hx.ROWS):
        row = []
        for c in range(hx.COLS):
            cid = at.get((c, r))
            if cid is None:
                row.append(" ")
                continue
            ci = circles[cid]
            if areas:
                g = m.get((c, r), "~")
                marks = (("target", "@"), ("gate", None))
            else:
                g = glyph[ci["zone"]]
                marks = (("target", "@"), ("gate", None), ("tunnel", "u"), ("guard_post", "#"),
                         ("searchlight", "*"), ("safe", "s"), ("walkway", "w"))
            for flag, mark in marks:
                if ci.get(flag):
                    g = mark or ("K" if ci["gate"] == "key" else "P")
                    break
            row.append(g)
        print(f"{r:2d} " + (" " if r % 2 else "") + " ".join(row).rstrip())
    for sid, cell in SPECIALS.items():
        print(f"   special {sid} drawn at lattice {cell}")


def main(argv):
    m, circles, at, links, cells, appel = build()
    text = write(circles, links, cells, appel)
    OUT.write_text(text, encoding="utf-8")
    if "--show" in argv or "--areas" in argv:
        show(at, circles, m, areas="--areas" in argv)
    print(f"wrote {OUT} ({len(circles)} circles, {len(links)} links)")


if __name__ == "__main__":
    main(sys.argv[1:])
