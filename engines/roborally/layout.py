"""A course as a playable :class:`Layout`: flat arrays over its squares for fast rules."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from engines.roborally.board_model import (
    DX,
    DY,
    GEAR_CCW,
    GEAR_CW,
    VOID,
    Board,
    Course,
    Placement,
    cell_name,
)


@dataclass
class _Floor:
    """The course's squares as flat arrays, filled in board by board."""

    width: int
    height: int
    kind: list[int]
    belt: list[int]
    wall: list[int]
    pusher_dir: list[int]
    pusher_mask: list[int]
    crusher_mask: list[int]
    lasers: list[tuple[int, int, int]] = field(default_factory=list)  # source, dir, beams
    starts: dict[int, int] = field(default_factory=dict)  # start number -> square
    boards: int = 0

    @classmethod
    def empty(cls, width: int, height: int) -> _Floor:
        n = width * height
        return cls(width, height, [VOID] * n, [-1] * n, [0] * n, [-1] * n, [0] * n, [0] * n)

    def place(self, p: Placement) -> None:
        """Copy one board's squares, walls and devices onto the course."""
        b = p.board
        if b.width >= 8 and b.height >= 8:
            self.boards += 1

        def at(x: int, y: int) -> int:
            return (p.y + y) * self.width + p.x + x

        for y in range(b.height):
            for x in range(b.width):
                self.kind[at(x, y)] = b.kinds[y][x]
                self.belt[at(x, y)] = b.belt[y][x]
        for x, y, side in b.walls:
            self.wall[at(x, y)] |= 1 << side
        for pu in b.pushers:
            self.pusher_dir[at(*pu.cell)] = pu.direction
            self.pusher_mask[at(*pu.cell)] = sum(1 << (r - 1) for r in pu.registers)
        for cr in b.crushers:
            self.crusher_mask[at(*cr.cell)] = sum(1 << (r - 1) for r in cr.registers)
        for la in b.lasers:
            self.lasers.append((at(*la.cell), la.direction, la.beams))
        for number, (x, y) in b.starts:
            self.starts[number] = at(x, y)

    def neighbours(self) -> list[tuple[int, int, int, int]]:
        """Per square, its neighbour in each direction (-1 off the course or on void)."""
        w, h = self.width, self.height
        nbr: list[tuple[int, int, int, int]] = []
        for i in range(w * h):
            x, y = i % w, i // w
            row = []
            for d in range(4):
                nx, ny = x + DX[d], y + DY[d]
                inside = 0 <= nx < w and 0 <= ny < h and self.kind[ny * w + nx] != VOID
                row.append(ny * w + nx if inside else -1)
            nbr.append((row[0], row[1], row[2], row[3]))
        return nbr

    def mirror_walls(self, nbr: list[tuple[int, int, int, int]]) -> None:
        """A wall on one side of a square also stands on the facing side of its neighbour."""
        for i in range(self.width * self.height):
            for d in range(4):
                if self.wall[i] >> d & 1 and nbr[i][d] >= 0:
                    self.wall[nbr[i][d]] |= 1 << ((d + 2) % 4)


@dataclass(eq=False)
class Layout:
    """A course as flat arrays over squares ``i = y * width + x`` for fast rules."""

    course_id: str
    name: str
    width: int
    height: int
    kind: list[int]
    belt: list[int]
    wall: list[int]  # bit d set: a wall on side d
    nbr: list[tuple[int, int, int, int]]  # neighbour per direction, -1 off the course
    pusher_dir: list[int]
    pusher_mask: list[int]  # bit r (0-based register) set when active
    crusher_mask: list[int]
    lasers: list[tuple[int, int, int, tuple[int, ...]]]  # source, dir, beams, path
    flags: list[int]
    starts: list[int]  # index = start number - 1
    boards: int  # factory boards (the start area does not count)
    ray: list[tuple[tuple[int, ...], ...]] = field(default_factory=list)
    pushers: list[int] = field(default_factory=list)
    crushers: list[int] = field(default_factory=list)
    gears: list[int] = field(default_factory=list)
    cover: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # square -> beams
    content_hash: str = ""
    course: Course | None = None

    @classmethod
    def build(cls, course: Course, course_id: str | None = None) -> Layout:
        width = max(p.x + p.board.width for p in course.placements)
        height = max(p.y + p.board.height for p in course.placements)
        floor = _Floor.empty(width, height)
        for p in course.placements:
            floor.place(p)
        nbr = floor.neighbours()
        floor.mirror_walls(nbr)
        lay = cls(
            course_id=course_id or course.id,
            name=course.name,
            width=width,
            height=height,
            kind=floor.kind,
            belt=floor.belt,
            wall=floor.wall,
            nbr=nbr,
            pusher_dir=floor.pusher_dir,
            pusher_mask=floor.pusher_mask,
            crusher_mask=floor.crusher_mask,
            lasers=[],
            flags=[y * width + x for x, y in course.flags],
            starts=[floor.starts[k] for k in sorted(floor.starts)],
            boards=floor.boards,
            course=course,
        )
        n = width * height
        lay.ray = [tuple(tuple(lay._ray(i, d)) for d in range(4)) for i in range(n)]
        lay.lasers = [(i, d, beams, (i, *lay.ray[i][d])) for i, d, beams in floor.lasers]
        for index, (_, _, _, path) in enumerate(lay.lasers):
            for k, c in enumerate(path):
                lay.cover.setdefault(c, []).append((index, k))
        lay.pushers = [i for i in range(n) if lay.pusher_dir[i] >= 0]
        lay.crushers = [i for i in range(n) if lay.crusher_mask[i]]
        lay.gears = [i for i in range(n) if lay.kind[i] in (GEAR_CW, GEAR_CCW)]
        lay.content_hash = _content_hash(lay)
        return lay

    def _ray(self, i: int, d: int) -> list[int]:
        """Squares a beam from ``i`` crosses going ``d`` (not ``i``), up to a wall or the edge."""
        out: list[int] = []
        while True:
            if self.wall[i] >> d & 1:
                return out
            j = self.nbr[i][d]
            if j < 0 or self.kind[j] == VOID:
                return out
            out.append(j)
            i = j

    def name_of(self, i: int) -> str:
        """A square by board label and name, e.g. ``crossroads:c3``."""
        if i < 0:
            return "off the board"
        x, y = i % self.width, i // self.width
        assert self.course is not None
        for p in self.course.placements:
            if p.x <= x < p.x + p.board.width and p.y <= y < p.y + p.board.height:
                return f"{p.label}:{cell_name(x - p.x, y - p.y)}"
        return f"{x},{y}"

    def short_name(self, i: int) -> str:
        """A square in course coordinates, named as ``board show`` labels it: ``f16``."""
        return "off" if i < 0 else cell_name(i % self.width, i // self.width)


def layout_from_board(board: Board, flags: list[tuple[int, int]] | None = None) -> Layout:
    """A one-board layout (for ``board show`` and the scenario tests)."""
    course = Course(
        id=board.id,
        name=board.name,
        description="",
        length="",
        min_players=1,
        max_players=8,
        placements=(Placement(board, board.id, 0, 0),),
        flags=tuple(flags or ()),
        source=board.source,
    )
    return Layout.build(course, board.id)


def _content_hash(lay: Layout) -> str:
    """16 hex digits that change when anything the rules read of the layout changes."""
    data = {
        "w": lay.width,
        "h": lay.height,
        "kind": lay.kind,
        "belt": lay.belt,
        "wall": lay.wall,
        "pusher": [lay.pusher_dir, lay.pusher_mask],
        "crusher": lay.crusher_mask,
        "lasers": [list(x[:3]) for x in lay.lasers],
        "flags": lay.flags,
        "starts": lay.starts,
    }
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()[:16]
