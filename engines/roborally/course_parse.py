"""Parsing a course file, one section at a time: name and texts, players, the
``[[boards]]`` placed on the course, and the flags."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from engines.roborally.board_model import PIT, Board, Course, Placement
from engines.roborally.board_text import (
    SourceText,
    check_keys,
    check_table_keys,
    load_toml,
    parse_cell,
    read_name,
)
from engines.safe_text import safe_text

COURSE_KEYS = {"name", "description", "length", "players", "boards", "flags"}
PLACEMENT_KEYS = frozenset({"board", "at", "label"})
_BOARD_ID = re.compile(r"^[A-Za-z0-9_-]+$")


class BoardFinder(Protocol):
    """Where a course's boards come from."""

    def find(self, board_id: str) -> Board | None:
        """The board of an id, or None when there is none."""
        ...

    def looked_in(self) -> str:
        """Where :meth:`find` looked, for the message when it finds nothing."""
        ...


def parse_course_text(text: str, source: str, course_id: str | None, boards: BoardFinder) -> Course:
    """A course from its TOML text, its boards from ``boards``; :class:`BoardError` says
    where and what is wrong."""
    txt = SourceText(text, source)
    data = load_toml(text, source)
    check_keys(data, COURSE_KEYS, txt, "course")
    course_id = course_id or Path(source).stem
    name = read_name(data, txt, course_id)
    description, length = _texts(data, txt)
    players = _players(data, txt)
    placements = _parse_placements(data, txt, boards)
    _check_overlaps(placements, txt)
    flags = _parse_flags(data, txt, placements)
    _check_starts(placements, players, txt)
    return Course(
        id=course_id,
        name=name.strip(),
        description=description.strip(),
        length=length.strip(),
        min_players=players[0],
        max_players=players[1],
        placements=tuple(placements),
        flags=tuple(flags),
        source=source,
    )


def _texts(data: dict, txt: SourceText) -> tuple[str, str]:
    """The course's description and length, made safe to show."""
    description = data.get("description", "")
    length = data.get("length", "")
    if not isinstance(description, str) or not isinstance(length, str):
        raise txt.fail(
            txt.key_line("description") or txt.key_line("length") or 1,
            1,
            "description and length must be text",
        )
    # shown on screens and by the CLI: no escape sequence or control character from a file
    return safe_text(description, one_line=False), safe_text(length)


def _players(data: dict, txt: SourceText) -> tuple[int, int]:
    players = data.get("players", [2, 8])
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(type(p) is int for p in players)
        or not 2 <= players[0] <= players[1] <= 8
    ):
        raise txt.fail_key(
            "players", f"players must be [fewest, most] between 2 and 8, not {players!r}"
        )
    return players[0], players[1]


# -- the boards ----------------------------------------------------------------------------


def _parse_placements(data: dict, txt: SourceText, boards: BoardFinder) -> list[Placement]:
    raw = data.get("boards")
    if not isinstance(raw, list) or not raw or not all(isinstance(b, dict) for b in raw):
        raise txt.fail(
            txt.table_line("boards", 0) or 1,
            1,
            'a course needs [[boards]] tables (board = "id", at = [x, y])',
        )
    placements: list[Placement] = []
    for index, table in enumerate(raw):
        placements.append(
            _placement(table, txt.table_line("boards", index), txt, boards, placements)
        )
    return placements


def _placement(
    table: dict, line: int, txt: SourceText, boards: BoardFinder, placed: list[Placement]
) -> Placement:
    """One ``[[boards]]`` table (written at ``line``), after the ``placed`` ones."""
    check_table_keys(table, PLACEMENT_KEYS, txt, line, "boards")
    board_id = table.get("board")
    if not isinstance(board_id, str) or not _BOARD_ID.match(board_id):
        raise txt.fail_at(
            line, "board", f'board must be a board id like "crossroads", not {board_id!r}'
        )
    board = boards.find(board_id)
    if board is None:
        raise txt.fail_at(
            line,
            "board",
            f"no board {board_id!r} (looked in {boards.looked_in()})",
            f'"{board_id}"',
        )
    at = table.get("at", [0, 0])
    if not (
        isinstance(at, list) and len(at) == 2 and all(type(v) is int and 0 <= v <= 60 for v in at)
    ):
        raise txt.fail_at(line, "at", f"at must be [x, y] in squares (0 to 60), not {at!r}")
    label = _label(table, line, txt, board_id, placed)
    return Placement(board, label, at[0], at[1])


def _label(table: dict, line: int, txt: SourceText, board_id: str, placed: list[Placement]) -> str:
    """The placement's label: plain one-line text no other board of the course has."""
    label = table.get("label", board_id)
    if isinstance(label, str) and safe_text(label) != label:
        raise txt.fail_at(
            line,
            "label",
            f"board label {safe_text(label)!r} must be one line of plain text (no control "
            "characters)",
        )
    if not isinstance(label, str) or any(p.label == label for p in placed):
        raise txt.fail_at(
            line,
            "label" if "label" in table else "board",
            f"board label {label!r} is used twice: give each a label",
        )
    return label


def _check_overlaps(placements: list[Placement], txt: SourceText) -> None:
    taken: dict[tuple[int, int], str] = {}
    for index, p in enumerate(placements):
        for y in range(p.board.height):
            for x in range(p.board.width):
                key = (p.x + x, p.y + y)
                if key in taken:
                    raise txt.fail_at(
                        txt.table_line("boards", index),
                        "at",
                        f"board {p.label!r} overlaps board {taken[key]!r}",
                    )
                taken[key] = p.label


# -- flags and start squares ---------------------------------------------------------------


def _parse_flags(data: dict, txt: SourceText, placements: list[Placement]) -> list[tuple[int, int]]:
    raw = data.get("flags")
    flags_line = txt.key_line("flags") or 1
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        raise txt.fail(
            flags_line, 1, 'flags must list 1 to 8 squares like "crossroads:c3", in order'
        )
    by_label = {p.label: p for p in placements}
    flags: list[tuple[int, int]] = []
    for entry in raw:
        line, col = (
            txt.find(f'"{entry}"', flags_line) if isinstance(entry, str) else (flags_line, 1)
        )
        flags.append(_flag(entry, txt, line, col, by_label, flags))
    return flags


def _flag(
    entry: object,
    txt: SourceText,
    line: int,
    col: int,
    by_label: dict[str, Placement],
    flags: list[tuple[int, int]],
) -> tuple[int, int]:
    """Course coordinates of one ``"board:square"`` flag, written at (line, col)."""
    if not isinstance(entry, str) or ":" not in entry:
        raise txt.fail(line, col, f'flag {entry!r} should be "board:square", like "crossroads:c3"')
    label, _, square = entry.partition(":")
    on = by_label.get(label.strip())
    if on is None:
        raise txt.fail(
            line,
            col + 1,
            f"flag {entry!r} names no board of this course (boards: {', '.join(by_label)})",
        )
    cell = parse_cell(square)
    if cell is None:
        raise txt.fail(line, col + 1, f'flag square {square!r} is not a square like "c3"')
    x, y = cell
    if not (0 <= x < on.board.width and 0 <= y < on.board.height):
        raise txt.fail(line, col + 1, f"flag {entry!r} is off board {on.label!r}")
    if on.board.kinds[y][x] == PIT:
        raise txt.fail(line, col + 1, f"flag {entry!r} is on a pit")
    pos = (on.x + x, on.y + y)
    if pos in flags:
        raise txt.fail(line, col + 1, f"flag {entry!r} is on the same square as another flag")
    return pos


def _check_starts(placements: list[Placement], players: tuple[int, int], txt: SourceText) -> None:
    """The boards number their start squares 1, 2, ... with enough for the most players."""
    starts = sorted(n for p in placements for n, _ in p.board.starts)
    most = players[1]
    if starts != list(range(1, len(starts) + 1)) or len(starts) < most:
        raise txt.fail_key(
            "players",
            f"the boards have start squares {starts or 'none'}; a course for "
            f"{most} players needs start squares 1 to {most}, each once",
        )
