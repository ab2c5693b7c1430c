"""Reading the save's ``[ui]`` table: screen state (a half-built RoboRally program, Robo
Factory's build in progress, notepad and the last turn result seen) that is not covered by
the save's hash, so a hand-edited file may hold anything there.

Each value is taken only when it fits by type and range (a bool is not a whole number here,
nor is 3.0); a value that does not fit is ignored, and the rest of the table still counts.
The writers use :func:`seat_table`, which replaces a table that is not one.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def whole(value: object, low: int, high: int) -> int | None:
    """``value`` if it is a whole number (not a bool, not a float) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        return None
    return value


def flag(value: object) -> bool | None:
    """``value`` if it is true or false (not 1, not "yes")."""
    return value if type(value) is bool else None


def seat_entry(ui: dict[str, Any], key: str, seat: int) -> dict[str, Any] | None:
    """The table ``[ui.KEY.SEAT]``, or None when it (or ``[ui.KEY]``) is not a table."""
    table = ui.get(key)
    entry = table.get(str(seat)) if isinstance(table, dict) else None
    return entry if isinstance(entry, dict) else None


def seat_table(ui: dict[str, Any], key: str) -> dict[str, Any]:
    """``[ui.KEY]`` to write a seat's entry in; a value there that is not a table is
    replaced by an empty one."""
    table = ui.get(key)
    if not isinstance(table, dict):
        table = ui[key] = {}
    return table


def drop_seat(ui: dict[str, Any], key: str, seat: int) -> None:
    """Remove ``[ui.KEY.SEAT]``; ``[ui.KEY]`` goes too once empty (or when not a table)."""
    table = ui.get(key)
    if isinstance(table, dict):
        table.pop(str(seat), None)
    if key in ui and not (isinstance(table, dict) and table):
        del ui[key]


def card_list(value: object, allowed: Collection[int], most: int) -> list[int] | None:
    """``value`` if it is a list of at most ``most`` different whole numbers, each one of
    ``allowed`` (the cards in a hand)."""
    if not isinstance(value, list) or len(value) > most:
        return None
    if any(type(card) is not int for card in value):
        return None
    if len(set(value)) != len(value) or any(card not in allowed for card in value):
        return None
    return list(value)
