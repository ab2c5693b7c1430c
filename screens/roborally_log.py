"""RoboRally's register log: what happened in each register, told line by line (the
engine's events of a trace picture, with seats named and pushes joined), and wrapped
to the side panel."""

from __future__ import annotations

import re
import textwrap

from engines.roborally.boardfile import Layout
from engines.roborally.state import SEAT_NAMES
from screens.roborally_draw import SEAT_COLOURS, card_label

_BY_SEAT = re.compile(r"\b(hit|pushed) by ([0-7])\b")  # "hit by 2" -> "shot by Green"


def joined_pushes(events: list[str]) -> list[str]:
    """One event for a robot pushed several squares in one move: ``1 pushed by 0: a1 -> a3``."""
    out: list[str] = []
    for e in events:
        head, _, path = e.partition(": ")
        n = len(out) - 1
        while " pushed by " in head and n >= 0 and " pushed by " in out[n]:  # a run of pushes
            last_head, _, last_path = out[n].partition(": ")
            start, _, end = last_path.partition(" -> ")
            if last_head == head and path.startswith(end + " -> "):
                out[n] = f"{head}: {start} -> {path.partition(' -> ')[2]}"
                break
            n -= 1
        else:
            out.append(e)
    return out


def narrate(picture: dict, before: list, lay: Layout) -> list[tuple[str, str]]:
    """Lines (text, style) telling what happened in one register of a trace picture."""
    lines: list[tuple[str, str]] = []
    reg = picture["register"]
    bots = picture["bots"]
    if reg == 0:
        lines.append((f"Turn {picture['turn']} begins.", "bold"))
    else:
        shown = []
        cards = {}
        for s, b in enumerate(bots):
            card = b.regs[reg - 1] if b.pos >= 0 or before[s][0] >= 0 else 0
            if b.powered:
                shown.append((0, f"{SEAT_NAMES[s]} powered down"))
            elif card and before[s][0] >= 0:
                cards[s] = card
                shown.append((card, f"{SEAT_NAMES[s]} {card_label(card)}"))
        # in the order the robots move: the highest priority first
        shown.sort(key=lambda t: -t[0])
        lines.append((f"Register {reg}: " + ", ".join(t for _, t in shown), "bold"))
        for s in sorted(range(len(bots)), key=lambda s: -cards.get(s, 0)):
            b = bots[s]
            old_pos, old_f = before[s]
            if old_pos >= 0 and b.pos >= 0 and (old_pos != b.pos or old_f != b.facing):
                lines.append(
                    (
                        f"  {SEAT_NAMES[s]} {lay.short_name(old_pos)}{'NESW'[old_f]}"
                        f" -> {lay.short_name(b.pos)}{'NESW'[b.facing]}",
                        SEAT_COLOURS[s].replace("bold ", ""),
                    )
                )
    for e in joined_pushes(picture["events"]):
        who, _, what = e.partition(" ")
        if who.isdigit() and int(who) < len(SEAT_NAMES):
            name = SEAT_NAMES[int(who)]
            what = what.replace("hit by board laser", "hit by a board laser")
            what = _BY_SEAT.sub(
                lambda m: f"{'shot' if m[1] == 'hit' else m[1]} by {SEAT_NAMES[int(m[2])]}", what
            )
            style = "bold red" if "destroyed" in what or "hit" in what or "shot" in what else ""
            if what.startswith("flag"):
                style = "bold green"
                what = "touches " + what
            lines.append((f"  {name} {what}", style))
        else:
            lines.append((f"  {e}", ""))
    return lines


_GLUE = re.compile(r"(?<=[A-Za-z]) (?=\d)")  # "Right 380", "Red 6,11E": a word and its number


def wrap_log(lines: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """Log lines wrapped at word boundaries to ``width`` columns (a word stays with the number
    after it when there is room); continuation lines are indented 2 more than their line."""
    out: list[tuple[str, str]] = []
    width = max(8, width)
    for text, style in lines:
        if len(text) <= width:
            out.append((text, style))
            continue
        indent = " " * min(width // 2, len(text) - len(text.lstrip()) + 2)
        parts: list[str] = []
        for source, whole in ((_GLUE.sub("\0", text), False), (text, False), (text, True)):
            parts = textwrap.wrap(source, width, subsequent_indent=indent,
                                  break_on_hyphens=False, break_long_words=whole)
            if all(len(part) <= width for part in parts):
                break
        out.extend((part.replace("\0", " "), style) for part in parts)
    return out
