"""Private-table codes as people type them: any case, spaces and dashes ignored."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar


class Coded(Protocol):
    code: str | None


def normal_code(text: str | None) -> str:
    """A typed code in the form codes are made in (upper case, no spaces or dashes)."""
    return "".join(ch for ch in (text or "").upper() if ch not in " -\t")


def code_matches(table: Coded, typed: str | None) -> bool:
    return table.code is not None and normal_code(typed) == table.code


T = TypeVar("T", bound=Coded)


def table_with_code(tables: Iterable[T], typed: str) -> T | None:
    """The table whose code was typed, if any."""
    code = normal_code(typed)
    if not code:
        return None
    return next((t for t in tables if t.code is not None and t.code == code), None)
