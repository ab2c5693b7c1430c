"""Drawing helpers for the Robo Factory screen: robots, tiles, notepad and players.

Pure functions from engine data to Rich text, so the screen module stays small.
Robots are drawn with letters (R, G, B, Y) on coloured backgrounds: readable in 16
colours, and in plain ASCII (``--ascii``) since every character here is ASCII.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text

from engines.robo_factory.cards import LETTERS, PARTS, colours_of, letters
from engines.robo_factory.state import Event, RoboFactoryView

COLOUR_STYLES = (
    "bold bright_white on red",
    "bold black on green",
    "bold bright_white on blue",
    "bold black on yellow",
)
CARD_WIDTH = 6  # five characters and a gap
MARKS = ("", "x", "o", "?")  # notepad: blank, ruled out, sure, maybe
MARK_STYLES = {"x": "red", "o": "bold green", "?": "yellow"}


def part_text(colour: int | None, part: int) -> Text:
    """One part of a robot, five characters wide: ``(R)`` head, ``=[G]=`` torso, ``/B\\`` legs."""
    letter = "?" if colour is None else LETTERS[colour]
    style = "dim" if colour is None else COLOUR_STYLES[colour]
    if part == 0:
        return Text.assemble(" ", (f"({letter})", style), " ")
    if part == 1:
        return Text.assemble("=", (f"[{letter}]", style), "=")
    return Text.assemble(" ", (f"/{letter}\\", style), " ")


def robots_rows(codes: Sequence[int | None], gap: int = 1) -> list[Text]:
    """Three rows (head, torso, legs) drawing the robots side by side, ``gap`` spaces after
    each."""
    rows = []
    for part in range(3):
        row = Text()
        for code in codes:
            colour = None if code is None else colours_of(code)[part]
            row.append_text(part_text(colour, part))
            row.append(" " * gap)
        rows.append(row)
    return rows


def build_rows(parts: Sequence[int | None], selected: int | None, active: bool) -> list[Text]:
    """The robot being built, with the selected part marked."""
    rows = []
    for part in range(3):
        row = Text.assemble((f"{PARTS[part]:<6}", "bold" if part == selected and active else ""))
        row.append_text(part_text(parts[part], part))
        if part == selected and active:
            row.append(" <", "bold")
        rows.append(row)
    return rows


def notepad_rows(
    marks: dict[tuple[int, int], str], cursor: tuple[int, int] | None, blank: str
) -> list[Text]:
    """The part x colour grid; ``cursor`` is shown when the notepad has the keys."""
    header = Text.assemble(("Notes  ", "bold"))
    for colour, letter in enumerate(LETTERS):
        header.append(f" {letter} ", COLOUR_STYLES[colour])
    rows = [header]
    for part in range(3):
        row = Text(f"{PARTS[part]:<7}")
        for colour in range(4):
            mark = marks.get((part, colour), "")
            style = MARK_STYLES.get(mark, "dim")
            cell = f" {mark or blank} "
            if cursor == (part, colour):
                row.append(f"[{mark or blank}]", "reverse " + style)
            else:
                row.append(cell, style)
        rows.append(row)
    return rows


def notes_to_rows(marks: dict[tuple[int, int], str]) -> list[str]:
    """The notepad for a save: one string per part, one character per colour (R G B Y),
    ``-`` for a blank cell, e.g. ``["x---", "-o--", "----"]``."""
    return ["".join(marks.get((part, colour), "") or "-" for colour in range(4))
            for part in range(3)]


def notes_from_rows(rows: object) -> dict[tuple[int, int], str] | None:
    """The notepad read back from :func:`notes_to_rows`; ``None`` if ``rows`` does not fit."""
    if not isinstance(rows, list) or len(rows) != 3:
        return None
    marks: dict[tuple[int, int], str] = {}
    for part, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 4:
            return None
        for colour, mark in enumerate(row):
            if mark == "-":
                continue
            if mark not in MARKS:
                return None
            marks[(part, colour)] = mark
    return marks


def codes_text(codes: Sequence[int], width: int) -> Text:
    """Robot codes as coloured letter triples, wrapped to ``width``."""
    out = Text()
    per_line = max(1, width // 4)
    for i, code in enumerate(codes):
        for colour in colours_of(code):
            out.append(LETTERS[colour], COLOUR_STYLES[colour])
        out.append("\n" if (i + 1) % per_line == 0 else " ")
    return out


def letters_text(code: int) -> Text:
    out = Text()
    for colour in colours_of(code):
        out.append(LETTERS[colour], COLOUR_STYLES[colour])
    return out


def round_text(view: RoboFactoryView) -> str:
    n = view.num_players
    turn = min(view.turn + 1, view.total_turns)
    rounds = view.total_turns // n
    return f"Turn {turn}/{view.total_turns}  Round {min(view.turn // n + 1, rounds)}/{rounds}"


def possible_text(view: RoboFactoryView, width: int) -> Text:
    cands = view.candidates()
    text = Text.assemble((f"Possible robots: {len(cands)}", "bold"))
    text.append(" (p hides)\n", "dim")
    text.append_text(codes_text(cands, width))
    return text


def summary_of_last_turn(view: RoboFactoryView, names: list[str]) -> str:
    """``Last turn (2): order RGB. You +4.`` for the viewer (one line at 80x24): the customer
    turn just before the one being played, or '' when there is none (the first turn)."""
    ends = [e for e in view.events if e.kind == "order" and e.turn == view.turn - 1]
    if not ends:
        return ""
    last = ends[-1]
    gains = [e.gain for e in view.events if e.turn == last.turn and e.kind == "check"
             and e.seat == view.seat]
    paid = sum(e.paid for e in view.events if e.turn == last.turn and e.kind in ("check", "buy"))
    me = names[view.seat]
    if view.seat == last.seat:
        mine = f"{me} (customer) {paid:+d}."
    else:
        mine = f"{me} {sum(gains):+d}." if gains else ""
    bought = sum(1 for e in view.events if e.turn == last.turn and e.kind == "buy"
                 and e.seat == view.seat)
    if bought and view.seat != last.seat:
        mine += f" Paid {bought} for information."
    return f"Last turn ({last.turn + 1}): order {letters(last.code)}. {mine}".strip()


def log_text(lines: Sequence[str], width: int, height: int) -> Text:
    """The "Log" heading and the newest lines that fit ``height`` rows of ``width``, wrapped
    at word boundaries: the newest line is always the last row shown."""
    text = Text.assemble(("Log", "bold underline"))
    text.append("  (p: possible robots)", "dim")
    room = height - 1 if height > 1 else 20  # 0: not laid out yet
    wrapped: list[tuple[str, str]] = []
    for line in lines:
        style = "magenta" if line.startswith("Turn ") else (
            "green" if ": right" in line else "")
        wrapped.extend((part, style) for part in textwrap.wrap(
            line, max(12, width), subsequent_indent="  "))
    for part, style in wrapped[-room:]:
        text.append("\n" + part, style)
    return text


def turn_changes(events: Sequence[Event], turn: int, num_players: int) -> list[int]:
    """Every seat's change in cubes over customer turn ``turn``: information bought, the
    checks (Eureka included) and what the customer was paid."""
    change = [0] * num_players
    customer = next((e.seat for e in events if e.turn == turn and e.kind == "deal"), -1)
    for e in events:
        if e.turn != turn or not 0 <= e.seat < num_players:
            continue
        if e.kind == "buy":
            change[e.seat] -= e.paid
            change[customer] += e.paid
        elif e.kind == "check":
            change[e.seat] += e.gain
            if 0 <= customer < num_players:
                change[customer] += e.paid
    return change


def turn_result_text(
    events: Sequence[Event], turn: int, names: list[str], cubes_now: Sequence[int]
) -> Text:
    """The end of customer turn ``turn`` for everybody to see: the order, each
    manufacturer's build(s), right or wrong, Eureka die, and every seat's cubes."""
    n = len(names)
    mine = [e for e in events if e.turn == turn]
    customer = next((e.seat for e in mine if e.kind == "deal"), -1)
    order = next((e for e in mine if e.kind == "order"), None)
    checks = [e for e in mine if e.kind == "check"]
    second = any(e.attempt == 2 for e in checks)
    # cubes at the end of that turn: now, less what later turns changed
    later = {e.turn for e in events if e.turn > turn}
    totals = list(cubes_now)
    for t in later:
        for seat, change in enumerate(turn_changes(events, t, n)):
            totals[seat] -= change
    changes = turn_changes(events, turn, n)
    text = Text()
    if 0 <= customer < n:
        text.append(f"Customer: {names[customer]}.  ", "magenta")
    if order is not None:
        text.append("The order was ")
        text.append_text(letters_text(order.code))
        text.append(".")
    text.append("\n\n")
    header = f"{'Player':<13}{'Try 1':<24}" + (f"{'Try 2':<24}" if second else "") + "Cubes"
    text.append(header + "\n", "bold underline")
    seats = sorted({e.seat for e in checks}, key=lambda s: (s - customer) % n)
    for seat in [*seats, customer] if 0 <= customer < n else seats:
        text.append(f"{names[seat][:12]:<13}", "bold magenta" if seat == customer else "bold")
        tries = [next((e for e in checks if e.seat == seat and e.attempt == a), None)
                 for a in (1, 2)]
        for attempt, check in enumerate(tries[: 2 if second else 1], start=1):
            if seat == customer:
                cell = Text("customer" if attempt == 1 else "", "magenta")
            elif check is None:
                cell = Text("-", "dim")
            else:
                cell = letters_text(check.code)
                cell.append(" right" if check.right else " wrong",
                            "bold green" if check.right else "red")
                if check.die:
                    cell.append(f" Eureka {check.die}", "bold red")
                if check.gain:
                    cell.append(f" {check.gain:+d}")
            cell.truncate(22)
            cell.pad_right(24 - cell.cell_len)
            text.append_text(cell)
        style = "green" if changes[seat] > 0 else ("red" if changes[seat] < 0 else "")
        text.append(f"{changes[seat]:+d}", style)
        text.append(f" = {totals[seat]}\n")
    buyers = sorted({e.seat for e in mine if e.kind == "buy"}, key=lambda s: (s - customer) % n)
    if buyers:
        who = ", ".join(names[s] for s in buyers)
        text.append(f"\nPaid 1 cube for information: {who}.\n", "dim")
    return text
