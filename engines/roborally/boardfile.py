"""RoboRally board and course files: parsing, checking, combining and drawing as text.

A *board* is one factory floor (12 x 12, or the 12 x 4 start area) in a TOML file: a grid of
two-character squares plus lists of walls, lasers, pushers and crushers. A *course* places
boards next to each other and names the flags. See ``docs/boards.md`` for the format.

Every problem raises :class:`BoardError`, whose text names the file, the line and the column:
``crossroads.toml:14:9: unknown square 'q>' (valid: .., XX, b^ ...)``.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import cast

from engines.core import EngineError
from engines.safe_text import safe_text

MAX_FILE_BYTES = 200_000
PACKAGE_DIR = Path(__file__).parent
BOARDS_DIR = PACKAGE_DIR / "boards"
COURSES_DIR = PACKAGE_DIR / "courses"

DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
ARROWS = {"^": 0, ">": 1, "v": 2, "<": 3}
ARROW_OF = "^>v<"

# square kinds
FLOOR, PIT, BELT, EXPRESS, GEAR_CW, GEAR_CCW, WRENCH, DOUBLE_WRENCH, VOID = range(9)

TOKEN_HELP = (
    ".. floor, XX pit, b^ b> bv b< belt, B^ B> Bv B< express belt, g+ gear clockwise, "
    "g- gear counter-clockwise, w1 wrench, w2 double wrench, s1..s8 start square"
)


class BoardError(EngineError):
    """A board or course file that cannot be used; the text names file, line and column."""

    def __init__(self, source: str, line: int, column: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        where = f"{source}:{line}:{column}" if line else source
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Laser:
    cell: tuple[int, int]
    direction: int
    beams: int


@dataclass(frozen=True)
class Pusher:
    cell: tuple[int, int]
    direction: int
    registers: tuple[int, ...]


@dataclass(frozen=True)
class Crusher:
    cell: tuple[int, int]
    registers: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """One board as written in its file (coordinates are (x, y), y = 0 the top row)."""

    id: str
    name: str
    width: int
    height: int
    kinds: tuple[tuple[int, ...], ...]  # kinds[y][x]
    belt: tuple[tuple[int, ...], ...]  # direction or -1
    walls: frozenset[tuple[int, int, int]]  # (x, y, side)
    lasers: tuple[Laser, ...]
    pushers: tuple[Pusher, ...]
    crushers: tuple[Crusher, ...]
    starts: tuple[tuple[int, tuple[int, int]], ...]  # (number, (x, y))
    description: str = ""
    source: str = ""


@dataclass(frozen=True)
class Placement:
    board: Board
    label: str
    x: int
    y: int


@dataclass(frozen=True)
class Course:
    id: str
    name: str
    description: str
    length: str
    min_players: int
    max_players: int
    placements: tuple[Placement, ...]
    flags: tuple[tuple[int, int], ...]  # course coordinates
    source: str = ""


def cell_name(x: int, y: int) -> str:
    """``a1`` is the top-left square; letters go right, numbers go down."""
    return f"{chr(ord('a') + x)}{y + 1}" if x < 26 else f"{x},{y}"


_CELL = re.compile(r"^([a-z])([0-9]{1,2})$")


# -- locating things in the file text ------------------------------------------------------


class _Text:
    """The file's lines, to turn what is wrong into a line and column."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines = text.split("\n")

    def fail(self, line: int, column: int, problem: str) -> BoardError:
        return BoardError(self.source, line, column, problem)

    def find(self, needle: str, start: int = 1) -> tuple[int, int]:
        """(line, column) of the first ``needle`` at or after line ``start`` (1-based)."""
        for number in range(max(1, start), len(self.lines) + 1):
            col = self.lines[number - 1].find(needle)
            if col >= 0:
                return number, col + 1
        for number in range(1, len(self.lines) + 1):
            col = self.lines[number - 1].find(needle)
            if col >= 0:
                return number, col + 1
        return 1, 1

    def key_line(self, key: str, start: int = 1) -> int:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for number in range(max(1, start), len(self.lines) + 1):
            if pattern.match(self.lines[number - 1]):
                return number
        return 0

    def table_line(self, header: str, index: int) -> int:
        """Line of the ``index``-th ``[[header]]`` (0-based)."""
        seen = -1
        pattern = re.compile(rf"^\s*\[\[\s*{re.escape(header)}\s*\]\]")
        for number, line in enumerate(self.lines, 1):
            if pattern.match(line):
                seen += 1
                if seen == index:
                    return number
        return 0

    def at_key(self, table_line: int, key: str, needle: str | None = None) -> tuple[int, int]:
        """Where ``key`` (and, if given, ``needle`` on that line) is inside a table."""
        line = self.key_line(key, table_line) if table_line else self.key_line(key)
        if not line:
            return (table_line or 1), 1
        text = self.lines[line - 1]
        if needle is not None and needle in text:
            return line, text.index(needle) + 1
        return line, text.index(key) + 1 if key in text else 1


def read_text(path: Path, what: str) -> str:
    """A board or course file's text (``what`` names it in errors): UTF-8, not too large."""
    if not path.is_file():
        state = "is a folder, not a file" if path.is_dir() else "does not exist"
        raise BoardError(str(path), 0, 0, f"the {what} file {state}")
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise BoardError(path.name, 0, 0, f"larger than {MAX_FILE_BYTES} bytes: not a {what}")
        raw = path.read_bytes()
    except OSError as exc:
        raise BoardError(path.name, 0, 0, f"cannot be read ({exc.strerror or exc})") from None
    if b"\x00" in raw:
        raise BoardError(path.name, 0, 0, f"not a text file: not a {what}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise BoardError(path.name, line, column, "not UTF-8 text") from None


def _toml(text: str, source: str) -> dict:
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        found = re.match(r"^(.*?)\s*\(at line (\d+), column (\d+)\)\s*$", msg, re.DOTALL)
        if found:
            raise BoardError(
                source,
                int(found.group(2)),
                int(found.group(3)),
                f"not valid TOML ({found.group(1)})",
            ) from None
        lines = text.split("\n")
        raise BoardError(
            source, len(lines), len(lines[-1]) + 1, f"not valid TOML ({msg})"
        ) from None
    except RecursionError:  # tomllib recurses per nested array or table (hypothesis found)
        raise BoardError(source, 0, 0, "not a board or course: nested too deeply") from None


def _check_keys(data: dict, allowed: set[str], txt: _Text, what: str) -> None:
    for key in data:
        if key not in allowed:
            line = txt.key_line(key) or txt.table_line(key, 0) or 1
            valid = ", ".join(sorted(allowed))
            raise txt.fail(line, 1, f"unknown key {key!r} in a {what} (valid keys: {valid})")


def _direction(value: object, txt: _Text, line: int, key: str) -> int:
    if not isinstance(value, str) or value.strip().upper() not in ("N", "E", "S", "W"):
        ln, col = txt.at_key(line, key)
        raise txt.fail(ln, col, f'{key} must be one of "N", "E", "S", "W", not {value!r}')
    return DIRS.index(value.strip().upper())


def _registers(value: object, txt: _Text, line: int, key: str = "registers") -> tuple[int, ...]:
    ok = (
        isinstance(value, list)
        and value
        and all(type(v) is int and 1 <= v <= 5 for v in value)
        and len(set(value)) == len(value)
    )
    if not ok:
        ln, col = txt.at_key(line, key)
        raise txt.fail(
            ln, col, f"{key} must be a list of different register numbers 1 to 5, not {value!r}"
        )
    return tuple(sorted(cast("list[int]", value)))  # a list of ints: checked above


# -- boards ------------------------------------------------------------------------------


def parse_board(text: str, source: str, board_id: str | None = None) -> Board:
    """A board from TOML text; :class:`BoardError` says where and what is wrong."""
    txt = _Text(text, source)
    data = _toml(text, source)
    allowed = {"name", "description", "grid", "walls", "lasers", "pushers", "crushers"}
    _check_keys(data, allowed, txt, "board")
    name = data.get("name", board_id or Path(source).stem)
    if not isinstance(name, str) or not safe_text(name):
        raise txt.fail(txt.key_line("name") or 1, 1, "name must be non-empty text")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise txt.fail(txt.key_line("description") or 1, 1, "description must be text")
    # shown on screens and by the CLI: no escape sequence or control character from a file
    name, description = safe_text(name), safe_text(description, one_line=False)
    if "grid" not in data:
        raise txt.fail(1, 1, "missing key 'grid' (the squares of the board, one row a line)")
    grid = data["grid"]
    grid_line = txt.key_line("grid")
    if not isinstance(grid, str):
        raise txt.fail(grid_line, 1, 'grid must be a multi-line string (""" ... """)')
    # tomllib drops the newline right after the opening """; find the first row's line
    first_row_line = grid_line
    if grid_line and txt.lines[grid_line - 1].rstrip().endswith('"""'):
        first_row_line = grid_line + 1
    rows = grid.split("\n")
    kinds: list[list[int]] = []
    belts: list[list[int]] = []
    starts: dict[int, tuple[int, int]] = {}
    width = 0
    for r, row in enumerate(rows):
        line_no = first_row_line + r
        line_text = txt.lines[line_no - 1] if 0 < line_no <= len(txt.lines) else row
        offset = line_text.find(row) if row and row in line_text else 0
        if not row.strip():
            continue
        krow: list[int] = []
        brow: list[int] = []
        for m in re.finditer(r"\S+", row):
            token = m.group(0)
            col = offset + m.start() + 1
            x, y = len(krow), len(kinds)
            kind, belt = _token(token, txt, line_no, col)
            if kind < 0:  # a start square
                number = belt
                if number in starts:
                    raise txt.fail(line_no, col, f"start square {number} appears twice")
                starts[number] = (x, y)
                kind, belt = FLOOR, -1
            krow.append(kind)
            brow.append(belt)
        if width and len(krow) != width:
            raise txt.fail(
                line_no,
                1,
                f"grid row {len(kinds) + 1} has {len(krow)} squares; rows above have {width}",
            )
        width = len(krow)
        kinds.append(krow)
        belts.append(brow)
    height = len(kinds)
    if not (1 <= width <= 26 and 1 <= height <= 26):
        raise txt.fail(
            grid_line or 1, 1, f"the grid is {width} x {height}; 1 to 26 squares each way"
        )
    in_board = lambda x, y: 0 <= x < width and 0 <= y < height  # noqa: E731

    def cell(value: object, line: int, col: int, what: str) -> tuple[int, int]:
        if not isinstance(value, str) or not _CELL.match(value.strip().lower()):
            raise txt.fail(line, col, f'{what} {value!r} is not a square like "c3"')
        m = _CELL.match(value.strip().lower())
        assert m
        x, y = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
        if not in_board(x, y):
            raise txt.fail(
                line,
                col,
                f"{what} {value!r} is off the board ({width} x {height}: "
                f"a1 to {cell_name(width - 1, height - 1)})",
            )
        return x, y

    walls: set[tuple[int, int, int]] = set()
    raw_walls = data.get("walls", [])
    wl = txt.key_line("walls")
    if not isinstance(raw_walls, list):
        raise txt.fail(wl or 1, 1, 'walls must be a list of strings like "c3 NE"')
    for entry in raw_walls:
        line, col = txt.find(f'"{entry}"', wl) if isinstance(entry, str) else (wl, 1)
        if not isinstance(entry, str) or len(entry.split()) != 2:
            raise txt.fail(line, col, f'wall {entry!r} should be a square and sides, like "c3 NE"')
        square, sides = entry.split()
        x, y = cell(square, line, col + 1, "wall square")
        if not sides or any(s not in DIRS for s in sides.upper()):
            raise txt.fail(line, col + 1, f"wall sides {sides!r} must be letters from N, E, S, W")
        for s in sides.upper():
            walls.add((x, y, DIRS.index(s)))

    lasers: list[Laser] = []
    pushers: list[Pusher] = []
    crushers: list[Crusher] = []
    for key in ("lasers", "pushers", "crushers"):
        raw = data.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
            raise txt.fail(txt.key_line(key) or 1, 1, f"{key} must be written as [[{key}]] tables")
        for index, table in enumerate(raw):
            tl = txt.table_line(key, index)
            fields = {
                "lasers": {"at", "dir", "beams"},
                "pushers": {"at", "dir", "registers"},
                "crushers": {"at", "registers"},
            }[key]
            for k in table:
                if k not in fields:
                    ln, col = txt.at_key(tl, k)
                    raise txt.fail(
                        ln,
                        col,
                        f"unknown key {k!r} in [[{key}]] (valid: {', '.join(sorted(fields))})",
                    )
            for k in fields:
                if k not in table and not (k == "beams"):
                    raise txt.fail(tl or 1, 1, f"[[{key}]] number {index + 1} has no {k!r}")
            ln, col = txt.at_key(tl, "at", str(table["at"]))
            x, y = cell(table["at"], ln, col, f"{key[:-1]} square")
            if key == "lasers":
                d = _direction(table["dir"], txt, tl, "dir")
                beams = table.get("beams", 1)
                if type(beams) is not int or not 1 <= beams <= 3:
                    ln2, col2 = txt.at_key(tl, "beams")
                    raise txt.fail(ln2, col2, f"beams must be 1, 2 or 3, not {beams!r}")
                lasers.append(Laser((x, y), d, beams))
                walls.add((x, y, (d + 2) % 4))  # the emitter hangs on the wall behind it
            elif key == "pushers":
                d = _direction(table["dir"], txt, tl, "dir")
                if kinds[y][x] not in (FLOOR, WRENCH, DOUBLE_WRENCH):
                    raise txt.fail(ln, col, f"pusher square {table['at']} must be plain floor")
                pushers.append(Pusher((x, y), d, _registers(table["registers"], txt, tl)))
                walls.add((x, y, (d + 2) % 4))
            else:
                if kinds[y][x] == PIT:
                    raise txt.fail(ln, col, f"crusher square {table['at']} is a pit")
                crushers.append(Crusher((x, y), _registers(table["registers"], txt, tl)))
    seen: dict[tuple[int, int], str] = {}
    for what, cells in (
        ("pusher", [p.cell for p in pushers]),
        ("crusher", [c.cell for c in crushers]),
    ):
        for c in cells:
            if c in seen:
                ln, col = txt.find(f'"{cell_name(*c)}"')
                raise txt.fail(ln, col, f"{cell_name(*c)} already has a {seen[c]}")
            seen[c] = what
    for laser in lasers:
        x, y = laser.cell
        if kinds[y][x] == PIT:
            ln, col = txt.find(f'"{cell_name(x, y)}"')
            raise txt.fail(ln, col, f"laser square {cell_name(x, y)} is a pit")
    return Board(
        id=board_id or Path(source).stem,
        name=name.strip(),
        width=width,
        height=height,
        kinds=tuple(tuple(r) for r in kinds),
        belt=tuple(tuple(r) for r in belts),
        walls=frozenset(walls),
        lasers=tuple(lasers),
        pushers=tuple(pushers),
        crushers=tuple(crushers),
        starts=tuple(sorted(starts.items())),
        description=description.strip(),
        source=source,
    )


def _token(token: str, txt: _Text, line: int, col: int) -> tuple[int, int]:
    """(kind, belt direction); a start square gives (-1, number)."""
    if len(token) == 2:
        a, b = token[0], token[1]
        if token == "..":
            return FLOOR, -1
        if token == "XX":
            return PIT, -1
        if a in "bB" and b in ARROWS:
            return (BELT if a == "b" else EXPRESS), ARROWS[b]
        if token == "g+":
            return GEAR_CW, -1
        if token == "g-":
            return GEAR_CCW, -1
        if token == "w1":
            return WRENCH, -1
        if token == "w2":
            return DOUBLE_WRENCH, -1
        if a == "s" and b in "12345678":
            return -1, int(b)
    raise txt.fail(line, col, f"unknown square {token!r} (valid: {TOKEN_HELP})")


def load_board(path: Path) -> Board:
    return parse_board(read_text(path, "board"), path.name, path.stem)


# -- courses -------------------------------------------------------------------------------


def user_dir() -> Path:
    """The user's own boards and courses: ``<user data>/roborally/{boards,courses}``."""
    import platformdirs

    return Path(platformdirs.user_data_dir("robotui")) / "roborally"


def board_path(board_id: str, extra: Path | None = None) -> Path | None:
    """The file of a board id: next to the course file, the user folder, or bundled."""
    candidates = []
    if extra is not None:
        candidates.append(extra.parent / "boards" / f"{board_id}.toml")
    candidates.append(user_dir() / "boards" / f"{board_id}.toml")
    candidates.append(BOARDS_DIR / f"{board_id}.toml")
    for p in candidates:
        if p.is_file():
            return p
    return None


def _board_folders(folder: Path | None) -> str:
    """The folders :func:`board_path` looks in before the bundled boards, for messages."""
    folders = [user_dir() / "boards"]
    if folder is not None and folder.parent / "boards" != folders[0]:
        folders.insert(0, folder.parent / "boards")
    return ", ".join(str(f) for f in folders)


def parse_course(
    text: str,
    source: str,
    course_id: str | None = None,
    folder: Path | None = None,
    boards: Mapping[str, str] | None = None,
) -> Course:
    """A course from its TOML text; its boards are looked up by id (next to ``folder``,
    the user's, bundled) unless ``boards`` gives their texts (a saved game's copies)."""
    txt = _Text(text, source)
    data = _toml(text, source)
    allowed = {"name", "description", "length", "players", "boards", "flags"}
    _check_keys(data, allowed, txt, "course")
    name = data.get("name", course_id or Path(source).stem)
    if not isinstance(name, str) or not safe_text(name):
        raise txt.fail(txt.key_line("name") or 1, 1, "name must be non-empty text")
    description = data.get("description", "")
    length = data.get("length", "")
    if not isinstance(description, str) or not isinstance(length, str):
        raise txt.fail(
            txt.key_line("description") or txt.key_line("length") or 1,
            1,
            "description and length must be text",
        )
    # shown on screens and by the CLI: no escape sequence or control character from a file
    name, length = safe_text(name), safe_text(length)
    description = safe_text(description, one_line=False)
    players = data.get("players", [2, 8])
    pl = txt.key_line("players") or 1
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(type(p) is int for p in players)
        or not 2 <= players[0] <= players[1] <= 8
    ):
        raise txt.fail(pl, 1, f"players must be [fewest, most] between 2 and 8, not {players!r}")
    raw_boards = data.get("boards")
    if (
        not isinstance(raw_boards, list)
        or not raw_boards
        or not all(isinstance(b, dict) for b in raw_boards)
    ):
        raise txt.fail(
            txt.table_line("boards", 0) or 1,
            1,
            'a course needs [[boards]] tables (board = "id", at = [x, y])',
        )
    placements: list[Placement] = []
    for index, table in enumerate(raw_boards):
        tl = txt.table_line("boards", index)
        for k in table:
            if k not in ("board", "at", "label"):
                ln, col = txt.at_key(tl, k)
                raise txt.fail(
                    ln, col, f"unknown key {k!r} in [[boards]] (valid: at, board, label)"
                )
        bid = table.get("board")
        if not isinstance(bid, str) or not re.match(r"^[A-Za-z0-9_-]+$", bid):
            ln, col = txt.at_key(tl, "board")
            raise txt.fail(ln, col, f'board must be a board id like "crossroads", not {bid!r}')
        if boards is not None and bid in boards:
            board = parse_board(boards[bid], f"{bid} (saved copy)", bid)
            path = None
        else:
            path = board_path(bid, folder)
        if path is None and (boards is None or bid not in boards):
            ln, col = txt.at_key(tl, "board", f'"{bid}"')
            raise txt.fail(
                ln,
                col,
                f"no board {bid!r} (looked in {_board_folders(folder)} and the bundled "
                f"boards: {', '.join(bundled_boards())})",
            )
        if path is not None:
            board = load_board(path)
        at = table.get("at", [0, 0])
        if not (
            isinstance(at, list)
            and len(at) == 2
            and all(type(v) is int and 0 <= v <= 60 for v in at)
        ):
            ln, col = txt.at_key(tl, "at")
            raise txt.fail(ln, col, f"at must be [x, y] in squares (0 to 60), not {at!r}")
        label = table.get("label", bid)
        if isinstance(label, str) and safe_text(label) != label:
            ln, col = txt.at_key(tl, "label")
            raise txt.fail(ln, col, f"board label {safe_text(label)!r} must be one line of "
                           "plain text (no control characters)")
        if not isinstance(label, str) or any(p.label == label for p in placements):
            ln, col = txt.at_key(tl, "label" if "label" in table else "board")
            raise txt.fail(ln, col, f"board label {label!r} is used twice: give each a label")
        placements.append(Placement(board, label, at[0], at[1]))
    # overlap check
    taken: dict[tuple[int, int], str] = {}
    for index, p in enumerate(placements):
        for y in range(p.board.height):
            for x in range(p.board.width):
                key = (p.x + x, p.y + y)
                if key in taken:
                    ln, col = txt.at_key(txt.table_line("boards", index), "at")
                    raise txt.fail(ln, col, f"board {p.label!r} overlaps board {taken[key]!r}")
                taken[key] = p.label
    raw_flags = data.get("flags")
    fl = txt.key_line("flags") or 1
    if not isinstance(raw_flags, list) or not 1 <= len(raw_flags) <= 8:
        raise txt.fail(fl, 1, 'flags must list 1 to 8 squares like "crossroads:c3", in order')
    by_label = {p.label: p for p in placements}
    flags: list[tuple[int, int]] = []
    for entry in raw_flags:
        line, col = txt.find(f'"{entry}"', fl) if isinstance(entry, str) else (fl, 1)
        if not isinstance(entry, str) or ":" not in entry:
            raise txt.fail(
                line, col, f'flag {entry!r} should be "board:square", like "crossroads:c3"'
            )
        label, _, square = entry.partition(":")
        on = by_label.get(label.strip())
        if on is None:
            raise txt.fail(
                line,
                col + 1,
                f"flag {entry!r} names no board of this course (boards: {', '.join(by_label)})",
            )
        m = _CELL.match(square.strip().lower())
        if not m:
            raise txt.fail(line, col + 1, f'flag square {square!r} is not a square like "c3"')
        x, y = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
        if not (0 <= x < on.board.width and 0 <= y < on.board.height):
            raise txt.fail(line, col + 1, f"flag {entry!r} is off board {on.label!r}")
        if on.board.kinds[y][x] == PIT:
            raise txt.fail(line, col + 1, f"flag {entry!r} is on a pit")
        pos = (on.x + x, on.y + y)
        if pos in flags:
            raise txt.fail(line, col + 1, f"flag {entry!r} is on the same square as another flag")
        flags.append(pos)
    starts = sorted(n for p in placements for n, _ in p.board.starts)
    if starts != list(range(1, len(starts) + 1)) or len(starts) < players[1]:
        raise txt.fail(
            pl,
            1,
            f"the boards have start squares {starts or 'none'}; a course for "
            f"{players[1]} players needs start squares 1 to {players[1]}, each once",
        )
    return Course(
        id=course_id or Path(source).stem,
        name=name.strip(),
        description=description.strip(),
        length=length.strip(),
        min_players=players[0],
        max_players=players[1],
        placements=tuple(placements),
        flags=tuple(flags),
        source=source,
    )


def load_course_file(path: Path) -> Course:
    return parse_course(read_text(path, "course"), path.name, path.stem, path.parent)


def bundled_boards() -> list[str]:
    return sorted(p.stem for p in BOARDS_DIR.glob("*.toml"))


def bundled_courses() -> list[str]:
    return sorted(p.stem for p in COURSES_DIR.glob("*.toml"))


def user_courses() -> list[str]:
    folder = user_dir() / "courses"
    try:
        return sorted(p.stem for p in folder.glob("*.toml"))
    except OSError:
        return []


def course_ids() -> list[str]:
    """Every course the ``course`` option accepts: bundled ones first, then the user's."""
    return list(dict.fromkeys(bundled_courses() + user_courses()))


def course_file(course_id: str) -> Path | None:
    for folder in (user_dir() / "courses", COURSES_DIR):
        p = folder / f"{course_id}.toml"
        if p.is_file():
            return p
    if course_id.endswith(".toml"):
        p = Path(course_id).expanduser()
        if p.is_file():
            return p
    return None


# Courses rebuilt from the copies in saved games whose files have changed since (see
# engines/roborally/course_store.py): course option value -> layout.
SAVED_LAYOUTS: dict[str, Layout] = {}


def load_course(course_id: str) -> Layout:
    """The playable layout of a course id (bundled or the user's), a course file path, or
    a saved game's copy of a course that has changed since."""
    if course_id in SAVED_LAYOUTS:
        return SAVED_LAYOUTS[course_id]
    path = course_file(course_id)
    if path is None:
        raise BoardError(
            course_id, 0, 0, f"no course {course_id!r}; valid courses: {', '.join(course_ids())}"
        )
    return _load_layout_cached(str(path), _signature(path), course_id)


def _signature(path: Path) -> tuple[tuple[str, int, int], ...]:
    """Modification times of the course file and every board file it might use."""
    files = [
        path,
        *BOARDS_DIR.glob("*.toml"),
        *path.parent.glob("*.toml"),
        *(path.parent.parent / "boards").glob("*.toml"),
        *(user_dir() / "boards").glob("*.toml"),
    ]
    out = []
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        out.append((str(f), st.st_mtime_ns, st.st_size))
    return tuple(sorted(set(out)))


@cache
def _load_layout_cached(path: str, signature: tuple, course_id: str) -> Layout:
    course = load_course_file(Path(path))
    return Layout.build(course, course_id)


# -- the playable layout ---------------------------------------------------------------------


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
        n = width * height
        kind = [VOID] * n
        belt = [-1] * n
        wall = [0] * n
        pusher_dir = [-1] * n
        pusher_mask = [0] * n
        crusher_mask = [0] * n
        lasers_raw = []
        starts: dict[int, int] = {}
        boards = 0
        for p in course.placements:
            b = p.board
            if b.width >= 8 and b.height >= 8:
                boards += 1
            for y in range(b.height):
                for x in range(b.width):
                    i = (p.y + y) * width + p.x + x
                    kind[i] = b.kinds[y][x]
                    belt[i] = b.belt[y][x]
            for x, y, side in b.walls:
                wall[(p.y + y) * width + p.x + x] |= 1 << side
            for pu in b.pushers:
                i = (p.y + pu.cell[1]) * width + p.x + pu.cell[0]
                pusher_dir[i] = pu.direction
                pusher_mask[i] = sum(1 << (r - 1) for r in pu.registers)
            for cr in b.crushers:
                i = (p.y + cr.cell[1]) * width + p.x + cr.cell[0]
                crusher_mask[i] = sum(1 << (r - 1) for r in cr.registers)
            for la in b.lasers:
                i = (p.y + la.cell[1]) * width + p.x + la.cell[0]
                lasers_raw.append((i, la.direction, la.beams))
            for number, (x, y) in b.starts:
                starts[number] = (p.y + y) * width + p.x + x
        # a wall on one side of a square also stands on the facing side of its neighbour
        nbr: list[tuple[int, int, int, int]] = []
        for i in range(n):
            x, y = i % width, i // width
            row = []
            for d in range(4):
                nx, ny = x + DX[d], y + DY[d]
                if 0 <= nx < width and 0 <= ny < height and kind[ny * width + nx] != VOID:
                    row.append(ny * width + nx)
                else:
                    row.append(-1)
            nbr.append((row[0], row[1], row[2], row[3]))
        for i in range(n):
            for d in range(4):
                if wall[i] >> d & 1 and nbr[i][d] >= 0:
                    wall[nbr[i][d]] |= 1 << ((d + 2) % 4)
        lay = cls(
            course_id=course_id or course.id,
            name=course.name,
            width=width,
            height=height,
            kind=kind,
            belt=belt,
            wall=wall,
            nbr=nbr,
            pusher_dir=pusher_dir,
            pusher_mask=pusher_mask,
            crusher_mask=crusher_mask,
            lasers=[],
            flags=[y * width + x for x, y in course.flags],
            starts=[starts[k] for k in sorted(starts)],
            boards=boards,
            course=course,
        )
        lay.ray = [tuple(tuple(lay._ray(i, d)) for d in range(4)) for i in range(n)]
        lay.lasers = [(i, d, beams, (i, *lay.ray[i][d])) for i, d, beams in lasers_raw]
        for index, (_, _, _, path) in enumerate(lay.lasers):
            for k, c in enumerate(path):
                lay.cover.setdefault(c, []).append((index, k))
        lay.pushers = [i for i in range(n) if pusher_dir[i] >= 0]
        lay.crushers = [i for i in range(n) if crusher_mask[i]]
        lay.gears = [i for i in range(n) if kind[i] in (GEAR_CW, GEAR_CCW)]
        data = {
            "w": width,
            "h": height,
            "kind": kind,
            "belt": belt,
            "wall": wall,
            "pusher": [pusher_dir, pusher_mask],
            "crusher": crusher_mask,
            "lasers": [list(x[:3]) for x in lay.lasers],
            "flags": lay.flags,
            "starts": lay.starts,
        }
        lay.content_hash = hashlib.sha256(
            json.dumps(data, separators=(",", ":")).encode()
        ).hexdigest()[:16]
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


# -- drawing -----------------------------------------------------------------------------

_GLYPH = {
    FLOOR: " . ",
    PIT: "[X]",
    WRENCH: " w ",
    DOUBLE_WRENCH: " W ",
    VOID: "   ",
    GEAR_CW: " @+",
    GEAR_CCW: " @-",
}


def render(layout: Layout, robots: dict[int, str] | None = None) -> str:
    """The layout as text: 3 characters a square, walls as | and ---, a legend below."""
    robots = robots or {}
    w, h = layout.width, layout.height
    flag_at = {c: k + 1 for k, c in enumerate(layout.flags)}
    start_at = {c: k + 1 for k, c in enumerate(layout.starts)}
    laser_cells: dict[int, str] = {}
    for src, d, _beams, path in layout.lasers:
        for c in path:
            laser_cells.setdefault(c, ":" if d in (0, 2) else "~")
        laser_cells[src] = "L"
    lines = ["    " + "".join(f" {chr(97 + x) if x < 26 else '?'}  " for x in range(w))]
    for y in range(h):
        top = "    "
        mid = f"{y + 1:>3} "
        for x in range(w):
            i = y * w + x
            top += "+" + ("---" if layout.wall[i] & 1 else "   ")
            mid += "|" if layout.wall[i] & 8 else " "
            mid += _square(layout, i, flag_at, start_at, laser_cells, robots)
        top += "+"
        mid += "|" if layout.wall[y * w + w - 1] & 2 else " "
        lines.append(top.rstrip())
        lines.append(mid.rstrip())
    bottom = "    "
    for x in range(w):
        bottom += "+" + ("---" if layout.wall[(h - 1) * w + x] & 4 else "   ")
    lines.append(bottom + "+")
    lines.append("")
    lines.append(
        "Legend: . floor  [X] pit  >  belt  >> express  @+ gear cw  @- gear ccw  w wrench  "
        "W double wrench"
    )
    lines.append(
        "        F1.. flag  S1.. start  P pusher  C crusher  L laser source (: ~ beam)  | --- walls"
    )
    def at(i: int) -> str:
        """A square as drawn above (``m10``), and by board where the course has several
        (``m10 = laser-alley:a10``), as the course and board files name it."""
        course = layout.course
        several = course is not None and len(course.placements) > 1
        return f"{layout.short_name(i)} = {layout.name_of(i)}" if several else layout.short_name(i)

    details = []
    for src, d, beams, _ in layout.lasers:
        details.append(f"laser at {at(src)} firing {DIRS[d]}, {beams} beam(s)")
    for i in layout.pushers:
        regs = [r + 1 for r in range(5) if layout.pusher_mask[i] >> r & 1]
        details.append(
            f"pusher at {at(i)} pushing {DIRS[layout.pusher_dir[i]]}"
            f" on registers {','.join(map(str, regs))}"
        )
    for i in layout.crushers:
        regs = [r + 1 for r in range(5) if layout.crusher_mask[i] >> r & 1]
        details.append(f"crusher at {at(i)} on registers {','.join(map(str, regs))}")
    lines.extend(details)
    return "\n".join(lines)


def _square(
    layout: Layout, i: int, flag_at: dict, start_at: dict, laser_cells: dict, robots: dict[int, str]
) -> str:
    if i in robots:
        return robots[i][:3].ljust(3)
    if i in flag_at:
        return f"F{flag_at[i]} "
    k = layout.kind[i]
    if k in (BELT, EXPRESS):
        a = ARROW_OF[layout.belt[i]]
        text = f" {a} " if k == BELT else f" {a}{a}"
    elif layout.pusher_dir[i] >= 0:
        text = f" P{ARROW_OF[layout.pusher_dir[i]]}"
    elif i in start_at:
        text = f"S{start_at[i]} "
    else:
        text = _GLYPH[k]
    if layout.crusher_mask[i]:
        text = "C" + text[1:]
    if i in laser_cells and text[0] == " ":
        text = laser_cells[i] + text[1:]
    return text


def check_file(path: Path) -> tuple[str, Layout]:
    """Load a board or a course file (told apart by its keys); returns (kind, layout)."""
    text = read_text(path, "board or course")
    data = _toml(text, path.name)
    if "boards" in data or "flags" in data:
        return "course", Layout.build(parse_course(text, path.name, path.stem, path.parent))
    return "board", layout_from_board(parse_board(text, path.name, path.stem))


def resolve_file(name: str) -> Path:
    """A file path, or the id of a bundled or user board or course (:class:`BoardError`
    listing the valid ids when ``name`` is neither)."""
    path = Path(name).expanduser()
    if path.exists() or name.endswith(".toml") or "/" in name:
        return path
    folders = (user_dir() / "courses", COURSES_DIR, user_dir() / "boards", BOARDS_DIR)
    for folder in folders:
        candidate = folder / f"{name}.toml"
        if candidate.is_file():
            return candidate
    boards = sorted(set(bundled_boards()) | set(_stems(user_dir() / "boards")))
    raise BoardError(
        name, 0, 0,
        "no such file, and no board or course has that id; courses: "
        f"{', '.join(course_ids())}; boards: {', '.join(boards)}",
    )


def _stems(folder: Path) -> list[str]:
    try:
        return sorted(p.stem for p in folder.glob("*.toml"))
    except OSError:
        return []


def _count(number: int, thing: str, plural: str | None = None) -> str:
    """``1 laser``, ``2 lasers``."""
    return f"{number} {thing if number == 1 else plural or thing + 's'}"


def summary(path: Path) -> str:
    """``robotui board check``: one line saying what the file holds, or BoardError."""
    kind, layout = check_file(path)
    lasers = len(layout.lasers)
    if kind == "course":
        course = layout.course
        assert course is not None
        boards = ", ".join(p.board.id for p in course.placements)
        return (
            f"{path.name}: a valid course, {course.name!r}, {layout.width} x {layout.height} "
            f"squares: {'board' if len(course.placements) == 1 else 'boards'} {boards}; "
            f"{_count(len(layout.flags), 'flag')}; "
            f"{course.min_players}-{course.max_players} players"
            + (f"; {course.length}" if course.length else "")
        )
    return (
        f"{path.name}: a valid board, {layout.name!r}, {layout.width} x {layout.height} squares: "
        f"{_count(lasers, 'laser')}, {_count(len(layout.pushers), 'pusher')}, "
        f"{_count(len(layout.crushers), 'crusher')}, {_count(len(layout.gears), 'gear')}, "
        f"{_count(len(layout.starts), 'start square')}"
    )


def show(path: Path, ascii_only: bool = False) -> str:
    """``robotui board show``: the board or course drawn as text."""
    kind, layout = check_file(path)
    text = f"{layout.name} ({kind}, {path.name})\n" + render(layout)
    if ascii_only:
        text = text.encode("ascii", "replace").decode("ascii")
    return text
