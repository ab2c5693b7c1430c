"""Drawing helpers for the Robo Factory screen: robots, tiles, notepad and players.

Pure functions from engine data to Rich text, so the screen module stays small.
Robots are drawn with letters (R, G, B, Y) on coloured backgrounds: readable in 16
colours, and in plain ASCII (``--ascii``) since every character here is ASCII.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engines.robo_factory.cards import LETTERS, PARTS, colours_of, letters
from engines.robo_factory.state import RoboFactoryView

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


def robots_rows(codes: Sequence[int | None]) -> list[Text]:
    """Three rows (head, torso, legs) drawing the robots side by side."""
    rows = []
    for part in range(3):
        row = Text()
        for code in codes:
            colour = None if code is None else colours_of(code)[part]
            row.append_text(part_text(colour, part))
            row.append(" ")
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
    text.append("  (help, p hides)\n", "dim")
    text.append_text(codes_text(cands, width))
    return text


def summary_of_last_turn(view: RoboFactoryView, names: list[str]) -> str:
    """``Turn 2: order RGB. You +4.`` for the viewer (one line at 80x24), or '' before the
    first check."""
    ends = [e for e in view.events if e.kind == "order"]
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
    return f"Turn {last.turn + 1}: order {letters(last.code)}. {mine}".strip()
