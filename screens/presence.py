"""Where a seated person is, in words: "here", "in the lobby", "at #9", "away 3 min",
"offline" (from a summary seat's ``where``, ``at`` and ``gone_for``; see
:mod:`hosting.presence`). Going to the lobby is not disconnecting."""

from __future__ import annotations

from typing import Any

from hosting.presence import AT_TABLE, AWAY, HERE, LOBBY, OFFLINE, OFFLINE_AFTER


def away_words(seconds: int) -> str:
    """``away 40 s``, ``away 12 min``, ``away 2 h 5 min``."""
    if seconds < 60:
        return f"away {seconds} s"
    minutes = seconds // 60
    if minutes < 60:
        return f"away {minutes} min"
    return f"away {minutes // 60} h {minutes % 60} min"


def where_of(seat: dict[str, Any]) -> str:
    """The seat's ``where`` word; a seat from an older host reads as here or away."""
    where = seat.get("where")
    if where in (HERE, LOBBY, AT_TABLE, AWAY, OFFLINE):
        return str(where)
    return HERE if seat.get("present") or seat.get("kind") == "computer" else AWAY


def presence_words(seat: dict[str, Any], since: float = 0.0) -> str:
    """Where the seat's person is; ``since`` is how many seconds ago the seat was told
    (an away clock goes on, and turns to offline, without a new message)."""
    where = where_of(seat)
    if where == HERE:
        return "here"
    if where == LOBBY:
        return "in the lobby"
    if where == AT_TABLE:
        at = seat.get("at")
        return (
            f"at #{at}" if isinstance(at, int) and not isinstance(at, bool) else "at another table"
        )
    if where == AWAY:
        gone = int(seat.get("gone_for") or seat.get("absent_for") or 0) + int(since)
        return "offline" if gone >= OFFLINE_AFTER else away_words(gone)
    return "offline"


def left_news(name: str, seat: dict[str, Any]) -> str:
    """What the table hears when a seated person stops following it: "Bob went to the
    lobby", "Bob is at #9", "Bob is away" (the link dropped), "Bob is offline"."""
    where = where_of(seat)
    if where == LOBBY:
        return f"{name} went to the lobby"
    if where == AT_TABLE:
        return f"{name} is {presence_words(seat)}"
    if where == OFFLINE:
        return f"{name} is offline"
    return f"{name} is away"
