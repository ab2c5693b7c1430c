"""Stak Bots' event log: the engine's events in the players' names as the stacks show them
("you" for the one human), and the log panel's newest events.
"""

from __future__ import annotations

from rich.text import Text

from engines.stak_bots.told import said
from screens.session import GameSession
from screens.text_fit import wrap_log

LOG_LINES = 40
# After the log's "Events" heading: the keys of the log and stacks windows, the longest
# that fits the column (at 80 columns the second).
LOG_KEYS = ("  (l log, v stacks)", "  l log v stacks", "  (l: all)")


def named_events(events: list[str] | None, names: list[str], you: int | None = None) -> list[str]:
    """The engine's events with each player called as the stacks call it ("P1 You"), and
    ``you`` (the one human's seat, None in hot-seat games) spoken to: "You play Reaper
    Bot.", "Turn 3: you draw a card.", "Your top card, Spike Bot, is scrapped.", "goes back
    to your hand", "Your stack is empty: you are out.", "You and P3 Computer 2 lost your
    last cards at the same moment: you share." (the engine's told lines keep the players
    apart: :class:`engines.stak_bots.told.Told`); a line naming no player as it is."""
    return [said(event, names, you) for event in events or []]


def log_text(events: list[str], width: int, height: int) -> Text:
    """The "Events" heading and the newest events that fit ``height`` lines, wrapped to
    ``width``, whole events only (but for a newest event too long for the panel): the
    newest is always the last line shown."""
    width = max(width, 12)
    room = height - 1 if height > 1 else 20  # 0: not laid out yet
    shown: list[tuple[str, str]] = []
    for event in reversed(events[-LOG_LINES:]):
        style = "bold" if event.startswith("Turn ") else ""
        wrapped = [line for line, _ in wrap_log([(event, "")], width)] or [""]
        if len(shown) + len(wrapped) > room:
            if not shown:
                shown = [(line, style) for line in reversed(wrapped[-room:])]
            break
        shown.extend((line, style) for line in reversed(wrapped))
    text = Text(no_wrap=True, overflow="crop", end="")
    text.append("Events", "bold underline")
    keys = next((k for k in LOG_KEYS if len("Events" + k) <= width), LOG_KEYS[-1])
    text.append(keys, "dim")
    for line, style in reversed(shown):
        text.append("\n")
        text.append(line, style)
    return text


def seat_names(session: GameSession) -> list[str]:
    """Display names: "Player 2" as it is, else "P1 You", "P2 Computer"."""
    return [
        entry.name if entry.name.startswith("Player") else f"P{seat + 1} {entry.name}"
        for seat, entry in enumerate(session.players)
    ]


def you_seat(session: GameSession) -> int | None:
    """The one human's seat, whom the log calls "you"; None in hot-seat games (the log
    keeps the names), in replays and between computers."""
    if getattr(session, "replaying", False):  # a replay follows a seat: it is not "you"
        return None
    humans = session.humans
    return humans[0] if len(humans) == 1 else None
