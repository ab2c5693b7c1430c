"""Parsing a board file, one section at a time: name and description, the grid of squares,
the walls, then the ``[[lasers]]``, ``[[pushers]]`` and ``[[crushers]]`` tables."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engines.roborally.board_model import (
    ARROWS,
    BELT,
    DIRS,
    DOUBLE_WRENCH,
    EXPRESS,
    FLOOR,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    TOKEN_HELP,
    WRENCH,
    Board,
    BoardError,
    Crusher,
    Laser,
    Pusher,
    cell_name,
)
from engines.roborally.board_text import (
    SourceText,
    check_keys,
    check_table_keys,
    load_toml,
    parse_cell,
    read_direction,
    read_name,
    read_registers,
)
from engines.safe_text import safe_text

BOARD_KEYS = {"name", "description", "grid", "walls", "lasers", "pushers", "crushers"}

# grid token -> (kind, belt direction); a start square is (-1, its number)
_SQUARES: dict[str, tuple[int, int]] = {
    "..": (FLOOR, -1),
    "XX": (PIT, -1),
    "g+": (GEAR_CW, -1),
    "g-": (GEAR_CCW, -1),
    "w1": (WRENCH, -1),
    "w2": (DOUBLE_WRENCH, -1),
    **{f"b{arrow}": (BELT, d) for arrow, d in ARROWS.items()},
    **{f"B{arrow}": (EXPRESS, d) for arrow, d in ARROWS.items()},
    **{f"s{number}": (-1, number) for number in range(1, 9)},
}


@dataclass
class _Grid:
    """The squares read so far, row by row."""

    kinds: list[list[int]] = field(default_factory=list)
    belts: list[list[int]] = field(default_factory=list)
    starts: dict[int, tuple[int, int]] = field(default_factory=dict)
    width: int = 0

    @property
    def height(self) -> int:
        return len(self.kinds)

    def square(
        self, value: object, txt: SourceText, line: int, col: int, what: str
    ) -> tuple[int, int]:
        """(x, y) of a square named like ``"c3"`` that is on this grid."""
        cell = parse_cell(value)
        if cell is None:
            raise txt.fail(line, col, f'{what} {value!r} is not a square like "c3"')
        x, y = cell
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise txt.fail(
                line,
                col,
                f"{what} {value!r} is off the board ({self.width} x {self.height}: "
                f"a1 to {cell_name(self.width - 1, self.height - 1)})",
            )
        return x, y


@dataclass
class _Devices:
    """Walls and the lasers, pushers and crushers read so far."""

    walls: set[tuple[int, int, int]]
    lasers: list[Laser] = field(default_factory=list)
    pushers: list[Pusher] = field(default_factory=list)
    crushers: list[Crusher] = field(default_factory=list)


@dataclass(frozen=True)
class _Table:
    """One ``[[lasers]]``, ``[[pushers]]`` or ``[[crushers]]`` table and where it is."""

    data: dict
    line: int  # its [[header]] line
    at: tuple[int, int]  # its square
    at_line: int
    at_column: int

    def fail_at_square(self, txt: SourceText, problem: str) -> BoardError:
        """An error where the table names its square."""
        return txt.fail(self.at_line, self.at_column, problem)

    def registers(self, txt: SourceText) -> tuple[int, ...]:
        return read_registers(self.data["registers"], txt, self.line)


def parse_board(text: str, source: str, board_id: str | None = None) -> Board:
    """A board from TOML text; :class:`BoardError` says where and what is wrong."""
    txt = SourceText(text, source)
    data = load_toml(text, source)
    check_keys(data, BOARD_KEYS, txt, "board")
    board_id = board_id or Path(source).stem
    name = read_name(data, txt, board_id)
    description = _description(data, txt)
    grid = _parse_grid(data, txt)
    found = _Devices(walls=_parse_walls(data, txt, grid))
    _parse_devices(data, txt, grid, found)
    _check_one_device_a_square(found, txt)
    _check_lasers_off_pits(found, grid, txt)
    return Board(
        id=board_id,
        name=name.strip(),
        width=grid.width,
        height=grid.height,
        kinds=tuple(tuple(r) for r in grid.kinds),
        belt=tuple(tuple(r) for r in grid.belts),
        walls=frozenset(found.walls),
        lasers=tuple(found.lasers),
        pushers=tuple(found.pushers),
        crushers=tuple(found.crushers),
        starts=tuple(sorted(grid.starts.items())),
        description=description.strip(),
        source=source,
    )


def _description(data: dict, txt: SourceText) -> str:
    description = data.get("description", "")
    if not isinstance(description, str):
        raise txt.fail_key("description", "description must be text")
    # shown on screens and by the CLI: no escape sequence or control character from a file
    return safe_text(description, one_line=False)


# -- the grid ------------------------------------------------------------------------------


def _parse_grid(data: dict, txt: SourceText) -> _Grid:
    if "grid" not in data:
        raise txt.fail(1, 1, "missing key 'grid' (the squares of the board, one row a line)")
    text = data["grid"]
    grid_line = txt.key_line("grid")
    if not isinstance(text, str):
        raise txt.fail(grid_line, 1, 'grid must be a multi-line string (""" ... """)')
    # tomllib drops the newline right after the opening """; find the first row's line
    first_row_line = grid_line
    if grid_line and txt.lines[grid_line - 1].rstrip().endswith('"""'):
        first_row_line = grid_line + 1
    grid = _Grid()
    for r, row in enumerate(text.split("\n")):
        if row.strip():
            _add_row(grid, row, first_row_line + r, txt)
    if not (1 <= grid.width <= 26 and 1 <= grid.height <= 26):
        raise txt.fail(
            grid_line or 1, 1, f"the grid is {grid.width} x {grid.height}; 1 to 26 squares each way"
        )
    return grid


def _add_row(grid: _Grid, row: str, line_no: int, txt: SourceText) -> None:
    """Read one row of squares written on line ``line_no`` onto the grid."""
    line_text = txt.lines[line_no - 1] if 0 < line_no <= len(txt.lines) else row
    offset = line_text.find(row) if row and row in line_text else 0
    y = grid.height
    krow: list[int] = []
    brow: list[int] = []
    for m in re.finditer(r"\S+", row):
        col = offset + m.start() + 1
        kind, belt = _token(m.group(0), txt, line_no, col)
        if kind < 0:  # a start square
            if belt in grid.starts:
                raise txt.fail(line_no, col, f"start square {belt} appears twice")
            grid.starts[belt] = (len(krow), y)
            kind, belt = FLOOR, -1
        krow.append(kind)
        brow.append(belt)
    if grid.width and len(krow) != grid.width:
        raise txt.fail(
            line_no,
            1,
            f"grid row {y + 1} has {len(krow)} squares; rows above have {grid.width}",
        )
    grid.width = len(krow)
    grid.kinds.append(krow)
    grid.belts.append(brow)


def _token(token: str, txt: SourceText, line: int, col: int) -> tuple[int, int]:
    """(kind, belt direction); a start square gives (-1, number)."""
    found = _SQUARES.get(token)
    if found is None:
        raise txt.fail(line, col, f"unknown square {token!r} (valid: {TOKEN_HELP})")
    return found


# -- walls ---------------------------------------------------------------------------------


def _parse_walls(data: dict, txt: SourceText, grid: _Grid) -> set[tuple[int, int, int]]:
    raw = data.get("walls", [])
    if not isinstance(raw, list):
        raise txt.fail_key("walls", 'walls must be a list of strings like "c3 NE"')
    walls_line = txt.key_line("walls")
    walls: set[tuple[int, int, int]] = set()
    for entry in raw:
        walls.update(_wall(entry, txt, walls_line, grid))
    return walls


def _wall(
    entry: object, txt: SourceText, walls_line: int, grid: _Grid
) -> list[tuple[int, int, int]]:
    """The (x, y, side) walls of one entry like ``"c3 NE"``."""
    line, col = txt.find(f'"{entry}"', walls_line) if isinstance(entry, str) else (walls_line, 1)
    if not isinstance(entry, str) or len(entry.split()) != 2:
        raise txt.fail(line, col, f'wall {entry!r} should be a square and sides, like "c3 NE"')
    square, sides = entry.split()
    x, y = grid.square(square, txt, line, col + 1, "wall square")
    if not sides or any(s not in DIRS for s in sides.upper()):
        raise txt.fail(line, col + 1, f"wall sides {sides!r} must be letters from N, E, S, W")
    return [(x, y, DIRS.index(s)) for s in sides.upper()]


# -- lasers, pushers and crushers ----------------------------------------------------------


def _laser(table: _Table, txt: SourceText, grid: _Grid, found: _Devices) -> None:
    x, y = table.at
    d = read_direction(table.data["dir"], txt, table.line, "dir")
    beams = table.data.get("beams", 1)
    if type(beams) is not int or not 1 <= beams <= 3:
        raise txt.fail_at(table.line, "beams", f"beams must be 1, 2 or 3, not {beams!r}")
    found.lasers.append(Laser((x, y), d, beams))
    found.walls.add((x, y, (d + 2) % 4))  # the emitter hangs on the wall behind it


def _pusher(table: _Table, txt: SourceText, grid: _Grid, found: _Devices) -> None:
    x, y = table.at
    d = read_direction(table.data["dir"], txt, table.line, "dir")
    if grid.kinds[y][x] not in (FLOOR, WRENCH, DOUBLE_WRENCH):
        raise table.fail_at_square(txt, f"pusher square {table.data['at']} must be plain floor")
    found.pushers.append(Pusher((x, y), d, table.registers(txt)))
    found.walls.add((x, y, (d + 2) % 4))  # the pusher hangs on the wall behind it


def _crusher(table: _Table, txt: SourceText, grid: _Grid, found: _Devices) -> None:
    x, y = table.at
    if grid.kinds[y][x] == PIT:
        raise table.fail_at_square(txt, f"crusher square {table.data['at']} is a pit")
    found.crushers.append(Crusher((x, y), table.registers(txt)))


_DeviceParser = Callable[[_Table, SourceText, _Grid, _Devices], None]

# [[table]] header -> (its keys, the ones it may leave out, the parser of one table)
_DEVICES: dict[str, tuple[tuple[str, ...], frozenset[str], _DeviceParser]] = {
    "lasers": (("at", "dir", "beams"), frozenset({"beams"}), _laser),
    "pushers": (("at", "dir", "registers"), frozenset(), _pusher),
    "crushers": (("at", "registers"), frozenset(), _crusher),
}


def _parse_devices(data: dict, txt: SourceText, grid: _Grid, found: _Devices) -> None:
    for key, (fields, optional, parse) in _DEVICES.items():
        raw = data.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
            raise txt.fail_key(key, f"{key} must be written as [[{key}]] tables")
        for index, table in enumerate(raw):
            parse(_device_table(key, index, table, fields, optional, txt, grid), txt, grid, found)


def _device_table(
    key: str,
    index: int,
    table: dict,
    fields: tuple[str, ...],
    optional: frozenset[str],
    txt: SourceText,
    grid: _Grid,
) -> _Table:
    """The ``index``-th ``[[key]]`` table, its keys checked and its square found."""
    table_line = txt.table_line(key, index)
    check_table_keys(table, frozenset(fields), txt, table_line, key)
    for k in fields:
        if k not in table and k not in optional:
            raise txt.fail(table_line or 1, 1, f"[[{key}]] number {index + 1} has no {k!r}")
    line, col = txt.at_key(table_line, "at", str(table["at"]))
    x, y = grid.square(table["at"], txt, line, col, f"{key[:-1]} square")
    return _Table(table, table_line, (x, y), line, col)


def _check_one_device_a_square(found: _Devices, txt: SourceText) -> None:
    """No square has two pushers or crushers, or both."""
    seen: dict[tuple[int, int], str] = {}
    for what, cells in (
        ("pusher", [p.cell for p in found.pushers]),
        ("crusher", [c.cell for c in found.crushers]),
    ):
        for c in cells:
            name = cell_name(*c)
            if c in seen:
                raise txt.fail_near(f'"{name}"', f"{name} already has a {seen[c]}")
            seen[c] = what


def _check_lasers_off_pits(found: _Devices, grid: _Grid, txt: SourceText) -> None:
    for laser in found.lasers:
        x, y = laser.cell
        if grid.kinds[y][x] == PIT:
            name = cell_name(x, y)
            raise txt.fail_near(f'"{name}"', f"laser square {name} is a pit")
