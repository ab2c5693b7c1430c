"""Client messages the hosting tests send, built in one place: the seats of a table and
the `create` message with the defaults of a plain public table (any field overridable)."""

from __future__ import annotations

from typing import Any

PERSON: dict[str, Any] = {"kind": "person", "level": None}
RANDOM: dict[str, Any] = {"kind": "computer", "level": "random"}


def person() -> dict[str, Any]:
    """A seat for a person (a fresh dict: safe to change)."""
    return dict(PERSON)


def computer(level: str = "random") -> dict[str, Any]:
    """A seat for a computer player of ``level``."""
    return {"kind": "computer", "level": level}


def create_msg(
    game: str = "robot-master", seats: list[dict[str, Any]] | None = None, **over: Any
) -> dict[str, Any]:
    """A `create` message: two people at a public table, no timer, no stand-in, you on
    seat 0, unless ``over`` says otherwise (e.g. ``private=True``, ``my_seat=1``)."""
    msg: dict[str, Any] = {
        "type": "create",
        "game": game,
        "seats": seats or [person(), person()],
        "my_seat": 0,
        "options": {},
        "private": False,
        "timer": False,
        "stand_in_after": 0,
    }
    msg.update(over)
    return msg
