"""Hex-offset lattice helpers shared by gen_board.py and validate.py.

The authored board sits on an "odd-r" offset hex lattice: cell (c, r) is column c of
row r, and every odd row is shifted half a step to the right.  This file only does
geometry; it knows nothing about Colditz.
"""
from __future__ import annotations

COLS, ROWS = 50, 43          # lattice size (c 0..49, r 0..42)
WIDTH, HEIGHT = 100.0, 75.0  # drawing coordinate space written to board.toml


def pos(c: int, r: int) -> tuple[float, float]:
    """Drawing position of cell (c, r): 2.0 apart in a row, 1.75 between rows."""
    return 1.0 + 2.0 * c + (1.0 if r % 2 else 0.0), 1.25 + 1.75 * r


def neighbours(c: int, r: int) -> list[tuple[int, int]]:
    """The six lattice neighbours of (c, r) (odd rows shifted right)."""
    if r % 2 == 0:
        d = [(-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
    else:
        d = [(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
    return [(c + dc, r + dr) for dc, dr in d]


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return b in neighbours(*a)


def _cube(c: int, r: int) -> tuple[float, float, float]:
    x = c - (r - (r & 1)) // 2
    return x, -x - r, r


def _uncube(x: int, z: int) -> tuple[int, int]:
    return x + (z - (z & 1)) // 2, z


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    ax, ay, az = _cube(*a)
    bx, by, bz = _cube(*b)
    return int(max(abs(ax - bx), abs(ay - by), abs(az - bz)))


def _round(x: float, y: float, z: float) -> tuple[int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return _uncube(int(rx), int(rz))


def line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Cells of a straight hex line from a to b, both included, each next to the last."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ax, ay, az = _cube(*a)
    bx, by, bz = _cube(*b)
    eps = 1e-6  # nudge so ties break the same way every run
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_round(ax + (bx - ax) * t + eps, ay + (by - ay) * t + eps,
                          az + (bz - az) * t - 2 * eps))
    return out


def polyline(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Cells along straight hex lines through the given waypoints (a winding path)."""
    cells = [points[0]]
    for a, b in zip(points, points[1:]):
        cells.extend(line(a, b)[1:])
    return cells
