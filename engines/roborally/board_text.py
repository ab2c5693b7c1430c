"""Reading board and course files: their text, their TOML, and where in the text a problem
is, so that every :class:`BoardError` names the file, the line and the column."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import cast

from engines.roborally.board_model import DIRS, BoardError
from engines.safe_text import safe_text

MAX_FILE_BYTES = 200_000

_CELL = re.compile(r"^([a-z])([0-9]{1,2})$")


class SourceText:
    """The file's lines, to turn what is wrong into a line and column."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines = text.split("\n")

    def fail(self, line: int, column: int, problem: str) -> BoardError:
        return BoardError(self.source, line, column, problem)

    def fail_key(self, key: str, problem: str) -> BoardError:
        """An error at the line of the top-level ``key`` (line 1 when it is not written)."""
        return self.fail(self.key_line(key) or 1, 1, problem)

    def fail_at(
        self, table_line: int, key: str, problem: str, needle: str | None = None
    ) -> BoardError:
        """An error where :meth:`at_key` finds ``key`` (and ``needle``) inside a table."""
        line, column = self.at_key(table_line, key, needle)
        return self.fail(line, column, problem)

    def fail_near(self, needle: str, problem: str) -> BoardError:
        """An error where :meth:`find` first finds ``needle`` in the file."""
        line, column = self.find(needle)
        return self.fail(line, column, problem)

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


def load_toml(text: str, source: str) -> dict:
    """The file's TOML as a dict; a syntax error becomes a :class:`BoardError` at its place."""
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


def check_keys(data: dict, allowed: set[str], txt: SourceText, what: str) -> None:
    """Every top-level key of ``data`` is one of ``allowed``."""
    for key in data:
        if key not in allowed:
            line = txt.key_line(key) or txt.table_line(key, 0) or 1
            valid = ", ".join(sorted(allowed))
            raise txt.fail(line, 1, f"unknown key {key!r} in a {what} (valid keys: {valid})")


def check_table_keys(
    table: dict, fields: frozenset[str], txt: SourceText, table_line: int, header: str
) -> None:
    """Every key of one ``[[header]]`` table is one of ``fields``."""
    for key in table:
        if key not in fields:
            raise txt.fail_at(
                table_line,
                key,
                f"unknown key {key!r} in [[{header}]] (valid: {', '.join(sorted(fields))})",
            )


def read_name(data: dict, txt: SourceText, default: str) -> str:
    """The file's ``name`` (``default`` when not written) as safe, non-empty text."""
    name = data.get("name", default)
    if not isinstance(name, str) or not safe_text(name):
        raise txt.fail_key("name", "name must be non-empty text")
    # shown on screens and by the CLI: no escape sequence or control character from a file
    return safe_text(name)


def parse_cell(value: object) -> tuple[int, int] | None:
    """(x, y) of a square written like ``"c3"``, or None when it is not one."""
    if not isinstance(value, str):
        return None
    m = _CELL.match(value.strip().lower())
    if not m:
        return None
    return ord(m.group(1)) - ord("a"), int(m.group(2)) - 1


def read_direction(value: object, txt: SourceText, line: int, key: str) -> int:
    if not isinstance(value, str) or value.strip().upper() not in ("N", "E", "S", "W"):
        raise txt.fail_at(line, key, f'{key} must be one of "N", "E", "S", "W", not {value!r}')
    return DIRS.index(value.strip().upper())


def read_registers(
    value: object, txt: SourceText, line: int, key: str = "registers"
) -> tuple[int, ...]:
    ok = (
        isinstance(value, list)
        and value
        and all(type(v) is int and 1 <= v <= 5 for v in value)
        and len(set(value)) == len(value)
    )
    if not ok:
        raise txt.fail_at(
            line, key, f"{key} must be a list of different register numbers 1 to 5, not {value!r}"
        )
    return tuple(sorted(cast("list[int]", value)))  # a list of ints: checked above
