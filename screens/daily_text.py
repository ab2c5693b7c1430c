"""How a daily table's pace and deadline read, in the lobby, the waiting room, the table
window and the game screens."""

from __future__ import annotations

from typing import Any

from engines.safe_text import safe_text


def time_left_text(seconds: float) -> str:
    """ "23 h 5 min left", "12 min left", "under a minute left"."""
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return "under a minute left"
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min left" if minutes else f"{hours} h left"
    return f"{minutes} min left"


def pace_text(summary: dict[str, Any], since: float = 0.0) -> str:
    """A daily table's pace and the time its running decision has left: "daily 24 h",
    "daily 24 h, 3 h 20 min left" ("" for a live table). ``since``: seconds since the
    summary came."""
    hours = summary.get("daily_hours")
    if not isinstance(hours, int) or isinstance(hours, bool):
        return ""
    text = f"daily {hours} h"
    left = summary.get("deadline_in")
    if isinstance(left, int) and not isinstance(left, bool) and summary.get("status") == "playing":
        text += f", {time_left_text(left - since)}"
    return text


def daily_terms(summary: dict[str, Any]) -> str:
    """A daily table's terms for the waiting room: "daily: up to 24 h a move, then the
    computer (normal) plays it" ("" for a live table)."""
    hours = summary.get("daily_hours")
    if not isinstance(hours, int) or isinstance(hours, bool):
        return ""
    level = summary.get("daily_level")
    who = "the computer"
    if isinstance(level, str) and level:
        who += f" ({safe_text(level)})"
    return f"daily: up to {hours} h a move, then {who} plays it"
