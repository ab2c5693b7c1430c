"""RoboRally's register log: what happened in each register, told line by line in the
order the rules play it (the engine's events of a trace picture: each card in priority
order with the pushes it makes, then belts, pushers, gears, crushers, lasers and flags),
with seats named and pushes and belt rides joined, and wrapped to the side panel."""

from __future__ import annotations

import re

from engines.roborally.boardfile import Layout
from engines.roborally.state import SEAT_NAMES
from screens.roborally_draw import SEAT_COLOURS, card_label

_BY_SEAT = re.compile(r"\b(hit|pushed|pulled|rammed) by ([0-7])\b")  # "hit by 2": by Green
# "2 plays 830+80 radio 0 speed 4: d7N -> d3E": the card (and a Dual Processor pair), the
# program it is run from under Radio Control, a speed chosen with Brakes/Fourth/Reverse Gear
_PLAYS = re.compile(r"plays (\d+)(?:\+(\d+))?(?: radio ([0-7]))?(?: speed (\d+))?: (.*)")
_SPOT = re.compile(r"^((?:[a-z]+\d+|\d+,\d+))([NESW])$")  # "d7N": a square and a facing
_SQUARES = re.compile(r"[a-z]+\d+|\d+,\d+")  # square names (not "1 on belt:" seats)
_COUNT = re.compile(r"^(.*) \((\d+)\)$")  # "1 rammed by 0 (1)"
_RIDES = (" on belt: ", " on express belt: ")
_MOVES = (" plays ", " sidesteps ", " turned by gear: ", " belt blocked") + _RIDES


def _joins(event: str) -> bool:
    """An event a run of which may be joined: pushes, rams and belt rides."""
    return any(w in event for w in (" pushed by ", " pulled by ", " rammed by ", " belt"))


def joined_pushes(events: list[str]) -> list[str]:
    """One event for a robot pushed several squares in one move: ``1 pushed by 0: a1 -> a3``;
    likewise for belt rides (express belts, then all belts: ``1 on belt: a1N -> a3N``) and
    Ramming Gear damage (``1 rammed by 0 (2)``)."""
    out: list[str] = []
    for e in events:
        head, _, path = e.partition(": ")
        count = _COUNT.match(e) if " rammed by " in e else None
        n = len(out) - 1
        while _joins(e) and n >= 0 and _joins(out[n]):  # a run of such events
            last_head, _, last_path = out[n].partition(": ")
            start, _, end = last_path.partition(" -> ")
            if count:
                last = _COUNT.match(out[n])
                if last and last[1] == count[1]:
                    out[n] = f"{count[1]} ({int(last[2]) + int(count[2])})"
                    break
            elif last_head == head and end and path.startswith(end + " -> "):
                if any(w in e for w in _RIDES) and _SQUARES.findall(e) and any(
                    set(_SQUARES.findall(other)) & set(_SQUARES.findall(e))
                    for other in out[n + 1 :]
                ):
                    n = -1  # a ride joined over another robot's ride there would mislead
                    continue
                out[n] = f"{head}: {start} -> {path.partition(' -> ')[2]}"
                break
            n -= 1
        else:
            out.append(e)
    return out


def _ride(path: str) -> str:
    """A belt ride's squares, with the facings only when the belt turned the robot."""
    start, _, end = path.partition(" -> ")
    a, b = _SPOT.match(start), _SPOT.match(end)
    if a and b and a[2] == b[2] or a and not b:
        return a[1] + (f" -> {b[1] if b else end}" if end else "")
    return path


def _card_line(name: str, m: re.Match[str]) -> str:
    """``Green Move3: d7N -> d4N`` from a "plays" event."""
    label = card_label(int(m[1])).rpartition(" ")[0]
    if m[2]:
        label += "+" + card_label(int(m[2])).rpartition(" ")[0]
    if m[4]:
        label += f" ({m[4]} square{'s' if m[4] != '1' else ''})"
    if m[3]:
        return f"{name} runs {SEAT_NAMES[int(m[3])]}'s {label}: {m[5]}"
    return f"{name} {label}: {m[5]}"


def _header(picture: dict, before: list, events: list[str]) -> str:
    """``Register 2: Green Move3 830, Blue Move2 770, Red powered down``: the cards in the
    order the robots move, the highest priority first."""
    reg = picture["register"]
    played: dict[int, tuple[int, int]] = {}  # seat -> (card it ran, when)
    for n, e in enumerate(events):
        who, _, what = e.partition(" ")
        m = _PLAYS.match(what)
        if m and who.isdigit():
            played[int(who)] = (int(m[1]), n)
    shown = []
    for s, b in enumerate(picture["bots"]):
        card = b.regs[reg - 1] if b.pos >= 0 or before[s][0] >= 0 else 0
        card, when = played.get(s, (card, len(events) + s))  # a radio-controlled one's card
        if b.powered:
            shown.append((0, when, f"{SEAT_NAMES[s]} powered down"))
        elif card and before[s][0] >= 0:
            shown.append((card, when, f"{SEAT_NAMES[s]} {card_label(card)}"))
    shown.sort(key=lambda t: (-t[0], t[1]))
    return f"Register {reg}: " + ", ".join(t for _, _, t in shown)


def narrate(picture: dict, before: list, lay: Layout) -> list[tuple[str, str]]:
    """Lines (text, style) telling what happened in one register of a trace picture, in the
    order the rules play it: each robot's card in priority order (with the pushes it makes),
    then belts, pushers, gears, crushers, lasers and flags (the engine's events)."""
    lines: list[tuple[str, str]] = []
    reg = picture["register"]
    bots = picture["bots"]
    events = joined_pushes(picture["events"])
    if reg == 0:
        lines.append((f"Turn {picture['turn']} begins.", "bold"))
    else:
        lines.append((_header(picture, before, events), "bold"))
    moved = set()  # seats whose moves the events tell
    for e in events:
        who, _, what = e.partition(" ")
        if not (who.isdigit() and int(who) < len(SEAT_NAMES)):
            lines.append((f"  {e}", ""))
            continue
        s = int(who)
        name = SEAT_NAMES[s]
        style = ""
        if any(w in e for w in _MOVES):
            moved.add(s)
            style = SEAT_COLOURS[s].replace("bold ", "")
            head, _, path = what.partition(": ")
            m = _PLAYS.match(what)
            if m:
                text = _card_line(name, m)
            elif head == "belt blocked":
                text = f"{name} on belt: {path} (blocked)"
            elif f" {head}: " in _RIDES:
                text = f"{name} {head}: {_ride(path)}"
            else:
                text = f"{name} {what}"
            if head == "belt blocked" and ("  " + text, style) in lines:
                continue  # an express belt robot blocked again by the other belts
            lines.append(("  " + text, style))
            continue
        if " pushed by " in e or " pulled by " in e:
            moved.add(s)
        what = what.replace("hit by board laser", "hit by a board laser")
        what = _BY_SEAT.sub(
            lambda m: f"{'shot' if m[1] == 'hit' else m[1]} by {SEAT_NAMES[int(m[2])]}", what
        )
        if "destroyed" in what or "shot" in what or "hit" in what or "rammed" in what:
            style = "bold red"
        if what.startswith("flag"):
            style = "bold green"
            what = "touches " + what
        lines.append((f"  {name} {what}", style))
    for s, b in enumerate(bots):  # a move no event told (none is known): where it went
        old_pos, old_f = before[s]
        if s in moved or reg == 0 or old_pos < 0 or b.pos < 0:
            continue
        if old_pos != b.pos or old_f != b.facing:
            lines.append(
                (
                    f"  {SEAT_NAMES[s]} {lay.short_name(old_pos)}{'NESW'[old_f]}"
                    f" -> {lay.short_name(b.pos)}{'NESW'[b.facing]}",
                    SEAT_COLOURS[s].replace("bold ", ""),
                )
            )
    return lines
