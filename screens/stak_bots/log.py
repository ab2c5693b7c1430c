"""Stak Bots' event log: the engine's events in the players' names as the stacks show them
("you" for the one human), and the log panel's newest events.
"""

from __future__ import annotations

import re

from rich.text import Text

from engines.stak_bots.state import and_list
from screens.session import GameSession
from screens.text_fit import wrap_log

LOG_LINES = 40
# After the log's "Events" heading: the keys of the log and stacks windows, the longest
# that fits the column (at 80 columns the second).
LOG_KEYS = ("  (l log, v stacks)", "  l log v stacks", "  (l: all)")


SEAT_NAME = re.compile(r"\bPlayer ([1-9])\b('s\b)?")
# The players an event starts with, its subject: "Player 2's top card, ...", "Turn 3:
# Player 1 draws ...", "Player 1, Player 3 and Player 2 lost their last cards ...".
SUBJECT = re.compile(r"^(Turn \d+: )?((?:Player [1-9](?:, | and ))*Player [1-9])\b")
# The engine's verbs after a player ("Player 1 plays Reaper Bot."), as said to "you".
YOU_VERBS = {
    "plays": "play", "discards": "discard", "scraps": "scrap", "recycles": "recycle",
    "turns": "turn", "draws": "draw", "ends": "end", "blocks": "block", "starts": "start",
    "attacks": "attack", "has": "have", "is": "are", "resigns": "resign",
}
# "recycles: scraps their top card, Clumsy Bot, discards Core Bot and draws a card.": the
# verbs after the first
RECYCLE_VERBS = re.compile(r"(?<=: )scraps\b|(?<=, )discards\b|(?<= and )draws\b")


def named_events(
    events: list[str] | None, names: list[str], you: int | None = None
) -> list[str]:
    """The engine's events with each "Player N" called as the stacks call it ("P1 You"),
    and ``you`` (the one human's seat, None in hot-seat games) spoken to: "You play
    Reaper Bot.", "Turn 3: you draw a card.", "Your top card, Spike Bot, is scrapped.",
    "goes back to your hand", "Your stack is empty: you are out.". The engine says
    "their"/"they" of the players an event starts with: of you, "your"/"you", and you
    come first among them ("You and P3 Computer 2 lost your last cards at the same
    moment: you share.")."""
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        if seat >= len(names):
            return match.group(0)
        possessive = match.group(2) or ""
        if seat != you:
            return names[seat] + possessive
        before = match.string[: match.start()].rstrip()
        starts = not before or before.endswith((".", "!", "?"))
        if possessive:
            return "Your" if starts else "your"
        return "You" if starts else "you"

    def verb(match: re.Match[str]) -> str:
        said = match.group(2)
        if said == "recycles":  # and the verbs of what recycling does
            rest = RECYCLE_VERBS.sub(lambda m: YOU_VERBS[m.group(0)], match.group(3))
            return f"{match.group(1)} recycle{rest}"
        return f"{match.group(1)} {YOU_VERBS[said]}{match.group(3)}"

    def spoken_to(event: str) -> str:
        """``event`` with "their"/"they" said to you when you are among its subject,
        named first."""
        subject = SUBJECT.match(event)
        if subject is None:
            return event
        seats = [int(n) - 1 for n in re.findall(r"[1-9]", subject.group(2))]
        if you not in seats:
            return event
        if len(seats) > 1:
            ordered = [you] + [s for s in seats if s != you]
            players = and_list([f"Player {s + 1}" for s in ordered])
            event = (subject.group(1) or "") + players + event[subject.end():]
        event = re.sub(r"\btheir\b", "your", event)
        return re.sub(r"\bthey\b", "you", event)

    you_verb = None
    if you is not None and you < len(names):
        you_verb = re.compile(
            rf"\b(Player {you + 1}) ({'|'.join(YOU_VERBS)})\b([^.]*)"
        )
    out = []
    for event in events or []:
        if you_verb is not None:
            event = you_verb.sub(verb, spoken_to(event))
        out.append(SEAT_NAME.sub(name, event))
    return out


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
    keeps the names) and between computers."""
    humans = session.humans
    return humans[0] if len(humans) == 1 else None
