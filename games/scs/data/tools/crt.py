#!/usr/bin/env python3
"""Check an SCS chart file and print its statistics next to the calibration targets.

Run:  python3 crt.py [FILE] [--cells] [--no-targets]
FILE is ../charts.toml by default; a scenario file with its own [charts] works too.
(a) Checks the shape of the file (SCENARIO.md, "Charts"): classes; en/ru/move on every
    terrain, hexside and road; 11 valid results per CRT column and barrage row; results
    monotone in the roll and in the column.
(b) Prints, with 2d6 probabilities, per CRT column: E[attacker steps], E[defender steps],
    P(defender retreats), P(attacker retreats), E[defender retreat hexes], each next to
    its target (CHARTS.md, Method); per barrage column: P(DG), P(step loss), E[steps].
--cells also prints the CRT and barrage cells as Markdown tables.
Exits 1 if a check fails or a statistic is outside its tolerance; with --no-targets (for a
published game's charts) the statistics are still printed and marked, but do not fail. Standard library only
(Python >= 3.11 for tomllib).
"""
from __future__ import annotations

import re
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent / "charts.toml"

ROLLS = list(range(2, 13))
P2D6 = {r: Fraction(6 - abs(r - 7), 36) for r in ROLLS}

TOP_KEYS = {"classes", "terrain", "hexside", "road", "crt", "barrage", "dg", "supply"}
TERRAIN_KEYS = {"en", "ru", "move", "defence", "shift", "barrage"}
HEXSIDE_KEYS = {"en", "ru", "move", "attack", "shift"}
ROAD_KEYS = {"en", "ru", "move"}
MULT_KEYS = {"attack", "defence", "movement"}

# One side's part: A or D, optional steps, optional r<hexes>; at least one of the two.
SIDE = r"(?:(?P<{s}>{S})(?P<{s}n>[1-9]\d*)?(?:r(?P<{s}r>[1-9]\d*))?)"
TOKEN_RE = re.compile("^" + SIDE.format(s="a", S="A") + "?" + SIDE.format(s="d", S="D") + "?$")
ODDS_RE = re.compile(r"^([1-9]\d*):([1-9]\d*)$")
FRACTION_RE = re.compile(r"^([1-9]\d*)/([1-9]\d*)$")
BARRAGE_RANK = {"NE": 0, "DG": 1, "1": 2, "2": 3}
BARRAGE_STEPS = {"NE": 0, "DG": 0, "1": 1, "2": 2}

# ---- calibration targets (CHARTS.md, Method). Per column: (low, high) bands.
# E[A], E[D], P(D retreats): research scs.md 2.5, Crusader/Gazala family and Afrika;
# 6:1 extrapolated (one more 4:1 -> 5:1 step of the band midpoints).
# P(A retreats): 2.5 text (17% at the lowest column, ~3% at 1:1, ~0 from 2:1).
# E[D hexes]: 2.5 text (~0.1 at 1:3, ~1.9 at 5:1, ~2.8 at 9:1 -> ~2.1 at 6:1).
TARGETS = {
    #        E[A]          E[D]          P(Dr)         P(Ar)          E[D hexes]
    "1:3": ((1.4, 1.7), (0.3, 0.5), (0.1, 0.2), (0.17, 0.17), (0.1, 0.1)),
    "1:2": ((1.3, 1.6), (0.6, 0.7), (0.3, 0.3), (0.03, 0.17), None),
    "1:1": ((1.0, 1.1), (1.1, 1.4), (0.4, 0.4), (0.03, 0.03), None),
    "2:1": ((0.7, 0.9), (1.3, 1.6), (0.4, 0.4), (0.0, 0.0), None),
    "3:1": ((0.3, 0.8), (1.4, 1.6), (0.6, 0.6), (0.0, 0.0), None),
    "4:1": ((0.2, 0.6), (1.8, 1.9), (0.7, 0.7), (0.0, 0.0), None),
    "5:1": ((0.1, 0.4), (1.9, 2.2), (0.8, 0.8), (0.0, 0.0), (1.9, 1.9)),
    "6:1": ((0.1, 0.1), (2.25, 2.25), (0.9, 0.9), (0.0, 0.0), (2.1, 2.1)),
}
TOLERANCE = (0.15, 0.15, 0.15, 0.05, 0.25)   # allowed distance outside each band
# Barrage: the brief's end points, P(DG) ~0.25 -> ~0.90 and E[steps] ~0.03 -> ~0.9.
BARRAGE_TARGETS = {0: (0.25, 0.03), -1: (0.90, 0.90)}   # column index -> (P(DG), E[steps])
BARRAGE_TOLERANCE = 0.05

errors: list[str] = []
warnings: list[str] = []
TARGETS_FAIL = True          # --no-targets: report statistics off target as warnings


def err(msg: str) -> None:
    errors.append(msg)


# ---------------------------------------------------------------- parsing

def parse_result(tok: object) -> tuple[int, int, int, int] | None:
    """'A1D2r1' -> (attacker steps, attacker hexes, defender steps, defender hexes)."""
    if not isinstance(tok, str):
        return None
    if tok == "NE":
        return (0, 0, 0, 0)
    m = TOKEN_RE.match(tok)
    if not m or not tok:
        return None
    for s in "ad":
        if m.group(s) and not (m.group(s + "n") or m.group(s + "r")):
            return None                 # a bare side letter means nothing
    g = lambda k: int(m.group(k) or 0)  # noqa: E731
    return (g("an"), g("ar"), g("dn"), g("dr"))


def multiplier(v: object) -> Fraction | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int) and v > 0:
        return Fraction(v)
    if isinstance(v, float) and v > 0:
        return Fraction(v).limit_denominator(12)
    if isinstance(v, str):
        m = FRACTION_RE.match(v)
        if m:
            return Fraction(int(m.group(1)), int(m.group(2)))
    return None


def mp(v: object) -> bool:
    """A movement cost: a non-negative number in halves, or "P"."""
    if v == "P":
        return True
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    return v >= 0 and float(v * 2).is_integer()


def odds(col: str) -> Fraction | None:
    m = ODDS_RE.match(col) if isinstance(col, str) else None
    return Fraction(int(m.group(1)), int(m.group(2))) if m else None


# ---------------------------------------------------------------- shape checks

def check_keys(where: str, table: dict, allowed: set[str], required: set[str]) -> None:
    for k in sorted(set(table) - allowed):
        err(f"{where}: unknown key `{k}`")
    for k in sorted(required - set(table)):
        err(f"{where}: missing `{k}`")


def check_move(where: str, v: object, classes: list[str]) -> None:
    if isinstance(v, dict):
        if set(v) != set(classes):
            err(f"{where}.move: per-class table must name exactly {classes}, has {sorted(v)}")
        for c, x in v.items():
            if not mp(x):
                err(f"{where}.move.{c}: `{x!r}` is not a cost in halves or \"P\"")
    elif not mp(v):
        err(f"{where}.move: `{v!r}` is not a cost in halves, \"P\" or a per-class table")


def check_int(where: str, table: dict, key: str) -> None:
    if key in table and (isinstance(table[key], bool) or not isinstance(table[key], int)):
        err(f"{where}.{key}: must be an integer column shift")


def check_features(ch: dict, classes: list[str]) -> None:
    for group, keys, req in (("terrain", TERRAIN_KEYS, {"en", "ru", "move"}),
                             ("hexside", HEXSIDE_KEYS, {"en", "ru", "move"}),
                             ("road", ROAD_KEYS, {"en", "ru", "move"})):
        tables = ch.get(group)
        if not isinstance(tables, dict) or not tables:
            err(f"`{group}`: missing or empty")
            continue
        for name, t in tables.items():
            where = f"{group}.{name}"
            if not isinstance(t, dict):
                err(f"{where}: not a table")
                continue
            check_keys(where, t, keys, req)
            for k in ("en", "ru"):
                if k in t and not (isinstance(t[k], str) and t[k].strip()):
                    err(f"{where}.{k}: empty")
            if "move" in t:
                if group == "road":
                    if t["move"] == "P" or not mp(t["move"]) or t["move"] <= 0:
                        err(f"{where}.move: a road costs a positive number of MP per hex")
                else:
                    check_move(where, t["move"], classes)
            for k in ("defence", "attack"):
                if k in t and multiplier(t[k]) is None:
                    err(f"{where}.{k}: `{t[k]!r}` is not a positive multiplier")
            check_int(where, t, "shift")
            check_int(where, t, "barrage")


def check_mults(ch: dict) -> None:
    for name in ("dg", "supply"):
        t = ch.get(name)
        if t is None:
            continue
        if not isinstance(t, dict):
            err(f"`{name}`: not a table")
            continue
        check_keys(name, t, MULT_KEYS, MULT_KEYS)
        for k in MULT_KEYS & set(t):
            if multiplier(t[k]) is None:
                err(f"{name}.{k}: `{t[k]!r}` is not a positive multiplier")


def dominates(x: tuple, y: tuple) -> bool:
    """x is never worse for the attacker than y (fewer or equal own losses and hexes,
    more or equal defender losses and hexes)."""
    return x[0] <= y[0] and x[1] <= y[1] and x[2] >= y[2] and x[3] >= y[3]


def check_crt(ch: dict) -> dict[str, list[tuple]]:
    crt = ch.get("crt")
    if not isinstance(crt, dict):
        err("`crt`: missing")
        return {}
    cols = crt.get("columns")
    if not isinstance(cols, list) or not cols:
        err("crt.columns: missing or empty")
        return {}
    ratios = [odds(c) for c in cols]
    for c, r in zip(cols, ratios):
        if r is None:
            err(f"crt.columns: `{c!r}` is not odds like \"3:1\"")
    if None not in ratios and any(a >= b for a, b in zip(ratios, ratios[1:])):
        err("crt.columns: odds must rise strictly from left to right")
    for k in sorted(set(crt) - set(cols) - {"columns"}):
        err(f"crt: `{k}` is not one of crt.columns")
    table: dict[str, list[tuple]] = {}
    for c in cols:
        cells = crt.get(c)
        if not isinstance(cells, list) or len(cells) != 11:
            err(f"crt.\"{c}\": needs 11 results (2d6 = 2..12)")
            continue
        parsed = []
        for roll, tok in zip(ROLLS, cells):
            res = parse_result(tok)
            if res is None:
                err(f"crt.\"{c}\" roll {roll}: `{tok!r}` is not a valid result")
            parsed.append(res)
        if None in parsed:
            continue
        table[c] = parsed
        for roll in ROLLS[1:]:
            lo, hi = parsed[roll - 3], parsed[roll - 2]
            if not dominates(hi, lo):
                err(f"crt.\"{c}\": roll {roll} ({cells[roll - 2]}) is worse for the attacker "
                    f"than roll {roll - 1} ({cells[roll - 3]})")
    good = [c for c in cols if c in table]
    for a, b in zip(good, good[1:]):
        for i, roll in enumerate(ROLLS):
            if not dominates(table[b][i], table[a][i]):
                err(f"crt roll {roll}: column {b} ({crt[b][i]}) is worse for the attacker "
                    f"than column {a} ({crt[a][i]})")
    return table


def check_barrage(ch: dict) -> tuple[list[int], list[list[str]]]:
    b = ch.get("barrage")
    if b is None:
        return [], []
    if not isinstance(b, dict):
        err("`barrage`: not a table")
        return [], []
    check_keys("barrage", b, {"columns", "no_spotter", "rows"}, {"columns", "no_spotter", "rows"})
    cols, rows = b.get("columns"), b.get("rows")
    if not (isinstance(cols, list) and cols and all(isinstance(x, int) and x >= 1 for x in cols)):
        err("barrage.columns: a list of positive integers (lowest strength of each column)")
        return [], []
    if any(x >= y for x, y in zip(cols, cols[1:])):
        err("barrage.columns: must rise strictly")
    check_int("barrage", b, "no_spotter")
    if not (isinstance(rows, list) and len(rows) == len(cols)):
        err(f"barrage.rows: needs one row per column ({len(cols)})")
        return [], []
    out = []
    for col, row in zip(cols, rows):
        if not (isinstance(row, list) and len(row) == 11):
            err(f"barrage column {col}: needs 11 results (2d6 = 2..12)")
            return [], []
        row = [str(x) if isinstance(x, int) and not isinstance(x, bool) else x for x in row]
        bad = [x for x in row if x not in BARRAGE_RANK]
        if bad:
            err(f"barrage column {col}: invalid results {bad} (NE, DG, 1, 2)")
            return [], []
        for i in range(1, 11):
            if BARRAGE_RANK[row[i]] < BARRAGE_RANK[row[i - 1]]:
                err(f"barrage column {col}: roll {i + 2} ({row[i]}) is weaker than roll {i + 1}")
        out.append(row)
    for (ca, ra), (cb, rb) in zip(zip(cols, out), zip(cols[1:], out[1:])):
        for i, roll in enumerate(ROLLS):
            if BARRAGE_RANK[rb[i]] < BARRAGE_RANK[ra[i]]:
                err(f"barrage roll {roll}: column {cb} ({rb[i]}) is weaker than column {ca} ({ra[i]})")
    return cols, out


# ---------------------------------------------------------------- statistics

def crt_stats(cells: list[tuple]) -> tuple[float, ...]:
    ea = sum(P2D6[r] * c[0] for r, c in zip(ROLLS, cells))
    ed = sum(P2D6[r] * c[2] for r, c in zip(ROLLS, cells))
    pdr = sum(P2D6[r] for r, c in zip(ROLLS, cells) if c[3])
    par = sum(P2D6[r] for r, c in zip(ROLLS, cells) if c[1])
    edh = sum(P2D6[r] * c[3] for r, c in zip(ROLLS, cells))
    return tuple(float(x) for x in (ea, ed, pdr, par, edh))


def band(t: tuple[float, float] | None) -> str:
    if t is None:
        return "—"
    lo, hi = t
    return f"{lo:.2f}" if lo == hi else f"{lo:.2f}–{hi:.2f}"


def outside(v: float, t: tuple[float, float] | None) -> float:
    if t is None:
        return 0.0
    return max(t[0] - v, v - t[1], 0.0)


def print_crt(table: dict[str, list[tuple]]) -> None:
    print("CRT, 2d6 (target bands: research scs.md 2.5; 6:1 extrapolated; `!` = out of tolerance)\n")
    names = ("E[A steps]", "E[D steps]", "P(D retreats)", "P(A retreats)", "E[D hexes]")
    print("| column | " + " | ".join(f"{n} | target" for n in names) + " |")
    print("|---|" + "---:|---|" * len(names))
    for col, cells in table.items():
        stats = crt_stats(cells)
        targets = TARGETS.get(col, (None,) * 5)
        parts = []
        for v, t, tol, name in zip(stats, targets, TOLERANCE, names):
            miss = outside(v, t) > tol + 1e-9
            if miss:
                (err if TARGETS_FAIL else warnings.append)(f"crt \"{col}\": {name} = {v:.2f}, target {band(t)} ± {tol}")
            parts.append(f"{v:.2f}{' !' if miss else ''} | {band(t)}")
        print(f"| {col} | " + " | ".join(parts) + " |")
    print(f"\nTolerance outside the band: E[A] and E[D] ±{TOLERANCE[0]}, P(D retreats) "
          f"±{TOLERANCE[2]}, P(A retreats) ±{TOLERANCE[3]}, E[D hexes] ±{TOLERANCE[4]}.")


def print_barrage(cols: list[int], rows: list[list[str]]) -> None:
    if not cols:
        return
    print("\nBarrage, 2d6 (targets: P(DG) ~0.25 -> ~0.90, E[steps] ~0.03 -> ~0.90)\n")
    print("| column | strength | P(DG) | P(step loss) | E[steps] | target P(DG) / E[steps] |")
    print("|---|---|---:|---:|---:|---|")
    for i, (col, row) in enumerate(zip(cols, rows)):
        hi = f"{cols[i + 1] - 1}" if i + 1 < len(cols) else ""
        rng = f"{col}–{hi}" if hi and hi != str(col) else (f"{col}" if hi else f"{col}+")
        pdg = float(sum(P2D6[r] for r, x in zip(ROLLS, row) if x != "NE"))
        ploss = float(sum(P2D6[r] for r, x in zip(ROLLS, row) if BARRAGE_STEPS[x]))
        es = float(sum(P2D6[r] * BARRAGE_STEPS[x] for r, x in zip(ROLLS, row)))
        key = 0 if i == 0 else (-1 if i == len(cols) - 1 else None)
        tgt = "—"
        if key is not None and len(cols) > 1:
            tp, te = BARRAGE_TARGETS[key]
            tgt = f"{tp:.2f} / {te:.2f}"
            if abs(pdg - tp) > BARRAGE_TOLERANCE + 1e-9 or abs(es - te) > BARRAGE_TOLERANCE + 1e-9:
                (err if TARGETS_FAIL else warnings.append)(f"barrage column {col}: P(DG) {pdg:.2f}, E[steps] {es:.2f}, target {tgt} ± {BARRAGE_TOLERANCE}")
        print(f"| {i + 1} | {rng} | {pdg:.2f} | {ploss:.2f} | {es:.2f} | {tgt} |")


def print_cells(crt: dict, cols: list[int], rows: list[list[str]]) -> None:
    print("\n| 2d6 | " + " | ".join(crt["columns"]) + " |")
    print("|---:|" + "---|" * len(crt["columns"]))
    for i, roll in enumerate(ROLLS):
        print(f"| {roll} | " + " | ".join(crt[c][i] for c in crt["columns"]) + " |")
    if cols:
        print("\n| 2d6 | " + " | ".join(f"{c}+" if i == len(cols) - 1 else f"{c}–{cols[i + 1] - 1}"
                                          for i, c in enumerate(cols)) + " |")
        print("|---:|" + "---|" * len(cols))
        for i, roll in enumerate(ROLLS):
            print(f"| {roll} | " + " | ".join(str(r[i]) for r in rows) + " |")


def main(argv: list[str]) -> int:
    global TARGETS_FAIL
    TARGETS_FAIL = "--no-targets" not in argv
    args = [a for a in argv if not a.startswith("--")]
    path = Path(args[0]) if args else DEFAULT
    with open(path, "rb") as f:
        data = tomllib.load(f)
    ch = data["charts"] if isinstance(data.get("charts"), dict) else data
    check_keys("charts", ch, TOP_KEYS, {"classes", "terrain", "hexside", "road", "crt"})
    classes = ch.get("classes")
    if not (isinstance(classes, list) and classes and all(isinstance(c, str) and c for c in classes)
            and len(set(classes)) == len(classes)):
        err("classes: a non-empty list of distinct names")
        classes = []
    check_features(ch, classes)
    check_mults(ch)
    table = check_crt(ch)
    bcols, brows = check_barrage(ch)
    print(f"{path.name}: {len(ch.get('terrain', {}))} terrains, {len(ch.get('hexside', {}))} "
          f"hexside features, {len(ch.get('road', {}))} roads, {len(table)} CRT columns, "
          f"{len(bcols)} barrage columns\n")
    if table:
        print_crt(table)
    print_barrage(bcols, brows)
    if "--cells" in argv and table:
        print_cells(ch["crt"], bcols, brows)
    if warnings:
        print(f"\n{len(warnings)} statistic(s) off target (not an error with --no-targets):")
        for w in warnings:
            print("  " + w)
    if errors:
        print(f"\n{len(errors)} problem(s):", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1
    print("\nAll checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
