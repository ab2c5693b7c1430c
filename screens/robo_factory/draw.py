"""Drawing helpers for the Robo Factory screen: robots, tiles, notepad and players.

Pure functions from engine data to Rich text, so the screen module stays small.
Robots are drawn with letters (R, G, B, Y) on coloured backgrounds: readable in 16
colours, and in plain ASCII (``--ascii``) since every character here is ASCII.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from engines.robo_factory.cards import LETTERS, PARTS, colours_of, letters
from engines.robo_factory.rules import RIGHT_FIRST, RIGHT_SECOND
from engines.robo_factory.spec import describe_event
from engines.robo_factory.state import BUY, Event, RoboFactoryView
from screens.text_fit import cut_cells, pad_cells, wrap_log

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
    marks: dict[tuple[int, int], str],
    cursor: tuple[int, int] | None,
    blank: str,
    cell: int = 3,
) -> list[Text]:
    """The part x colour grid, each cell ``cell`` columns wide (3, or 5 on a wide
    terminal); ``cursor`` is shown when the notepad has the keys."""
    pad = " " * ((cell - 3) // 2)  # around a cell's three middle columns
    header = Text.assemble(("Notes  ", "bold"))
    for colour, letter in enumerate(LETTERS):
        header.append(f"{pad} {letter} {pad}", COLOUR_STYLES[colour])
    rows = [header]
    for part in range(3):
        row = Text(f"{PARTS[part]:<7}")
        for colour in range(4):
            mark = marks.get((part, colour), "")
            style = MARK_STYLES.get(mark, "dim")
            row.append(pad)
            if cursor == (part, colour):
                row.append(f"[{mark or blank}]", "reverse " + style)
            else:
                row.append(f" {mark or blank} ", style)
            row.append(pad)
        rows.append(row)
    return rows


def notes_to_rows(marks: dict[tuple[int, int], str]) -> list[str]:
    """The notepad for a save: one string per part, one character per colour (R G B Y),
    ``-`` for a blank cell, e.g. ``["x---", "-o--", "----"]``."""
    return [
        "".join(marks.get((part, colour), "") or "-" for colour in range(4)) for part in range(3)
    ]


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


def match_words(count: int) -> str:
    """A match count in words: ``1 match``, ``0 matches``, ``2 matches``."""
    return f"{count} match" if count == 1 else f"{count} matches"


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
    """``Last turn (2): order RGB. You: RGB right +4, paid 1 for information (+3).`` for
    the viewer, in the words of the turn's result (:func:`turn_result_text`): the customer
    turn just before the one being played, or '' when there is none (the first turn)."""
    ends = [e for e in view.events if e.kind == "order" and e.turn == view.turn - 1]
    if not ends:
        return ""
    last = ends[-1]
    change = turn_changes(view.events, last.turn, view.num_players)[view.seat]
    items = ", ".join(item.plain for item in seat_turn_items(view.events, last.turn, view.seat))
    me = names[view.seat]
    if view.seat == last.seat:
        mine = f"{me} (customer): {items or 'no income'} ({change:+d})."
    else:
        mine = f"{me}: {items} ({change:+d})." if items else ""
    return f"Last turn ({last.turn + 1}): order {letters(last.code)}. {mine}".strip()


def log_lines(view: RoboFactoryView, names: list[str], you: int | None = None) -> list[str]:
    """The log's lines: every public event but the end, and who bought no information
    (seat ``you``'s said to it: "You are the customer").

    The engine logs a purchase (``buy``) and a seat without cubes (``poor``), not a pass;
    so each customer turn's buying is told seat by seat in playing order (from the
    customer's left) as far as it has got: a seat with neither event passed."""
    n = view.num_players
    buying = {(e.turn, e.seat): e for e in view.events if e.kind in ("buy", "poor")}
    lines = []
    for event in view.events:
        if event.kind in ("buy", "poor", "end"):
            continue
        lines.append(describe_event(event, names, you))
        if event.kind != "deal":
            continue
        makers = [(event.seat + i) % n for i in range(1, n)]
        if event.turn == view.turn and view.phase == BUY and view.actor in makers:
            makers = makers[: makers.index(view.actor)]  # the seats that have decided
        for seat in makers:
            bought = buying.get((event.turn, seat))
            lines.append(
                describe_event(bought, names, you)
                if bought is not None
                else f"{names[seat]} did not buy."
            )
    return lines


def styled_log(lines: Sequence[str]) -> list[tuple[str, str]]:
    """Log lines with their styles: a new customer turn stands out, right builds are green."""
    return [
        (line, "magenta" if line.startswith("Turn ") else ("green" if ": right" in line else ""))
        for line in lines
    ]


def log_text(lines: Sequence[str], width: int, height: int) -> Text:
    """The "Log" heading and the newest lines that fit ``height`` rows of ``width``, wrapped
    at word boundaries: the newest line is always the last row shown."""
    text = Text.assemble(("Log", "bold underline"))
    text.append(" (l: all, p: possible)", "dim")
    room = height - 1 if height > 1 else 20  # 0: not laid out yet
    for part, style in wrap_log(styled_log(lines), max(12, width))[-room:]:
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


def seat_turn_items(events: Sequence[Event], turn: int, seat: int) -> list[Text]:
    """What ``seat`` won or paid in customer turn ``turn``, each amount named: a
    manufacturer's tries (``RBY right +4``, ``then RGB wrong, paid the
    customer 1``), its Eureka (``Eureka +3``) and ``paid 1 for information``; the
    customer's income (``+1 for information``, ``+2 from wrong second tries``). Their
    amounts add up to the seat's change in :func:`turn_changes`."""
    mine = [e for e in events if e.turn == turn]
    customer = next((e.seat for e in mine if e.kind == "deal"), -1)
    items: list[Text] = []
    if seat == customer:
        info = sum(e.paid for e in mine if e.kind == "buy")
        fines = [e.paid for e in mine if e.kind == "check" and e.paid]
        if info:
            items.append(Text(f"+{info} for information"))
        if fines:
            tries = "try" if len(fines) == 1 else "tries"
            items.append(Text(f"+{sum(fines)} from wrong second {tries}"))
        return items
    for check in sorted(
        (e for e in mine if e.kind == "check" and e.seat == seat), key=lambda e: e.attempt
    ):
        item = Text("then " if check.attempt == 2 else "")
        item.append_text(letters_text(check.code))
        if check.right:
            base = RIGHT_FIRST if check.attempt == 1 else RIGHT_SECOND
            item.append(f" right {base:+d}", "bold green")
            items.append(item)
        else:
            base = -check.paid
            item.append(" wrong", "red")
            items.append(item)
            if check.attempt == 2:
                items.append(
                    Text(
                        f"paid the customer {check.paid}"
                        if check.paid
                        else "had no cube to pay the customer"
                    )
                )
        if check.die:
            eureka = check.gain - base
            die = f" (die {check.die})" if abs(eureka) != check.die else ""
            items.append(Text(f"Eureka {eureka:+d}{die}", "bold"))
    paid = sum(e.paid for e in mine if e.kind == "buy" and e.seat == seat)
    if paid:
        items.append(Text(f"paid {paid} for information"))
    return items


def wrapped_items(items: Sequence[Text], end: Text, width: int, indent: int) -> Text:
    """The items joined by commas and then ``end``, broken between items to ``width``
    columns; the lines after the first start ``indent`` columns in."""
    out = Text()
    column = indent
    pieces = [
        Text.assemble(item, "," if i < len(items) - 1 else "") for i, item in enumerate(items)
    ]
    if pieces:
        pieces[-1].append_text(end)
    else:
        pieces = [end]
    for i, piece in enumerate(pieces):
        gap = 1 if i else 0
        if i and column + gap + piece.cell_len > width:
            out.append("\n" + " " * indent)
            column, gap = indent, 0
        out.append(" " * gap)
        out.append_text(piece)
        column += gap + piece.cell_len
    return out


RESULT_WIDTH = 70  # the turn result's text (the dialog less its border and padding)
NAME_WIDTH = 13


def turn_result_text(
    events: Sequence[Event],
    turn: int,
    names: list[str],
    cubes_now: Sequence[int],
    width: int = RESULT_WIDTH,
    open_layout: Sequence[tuple[int, int]] = (),
) -> Text:
    """The end of customer turn ``turn`` for everybody to see: the order (and the open
    cards with their tiles, ``open_layout``), then a line per seat (the manufacturers in
    playing order, then the customer) naming every change of cubes,
    ``You  RBY right +4, Eureka +3, paid 1 for information: 14 cubes (+6)``."""
    n = len(names)
    mine = [e for e in events if e.turn == turn]
    customer = next((e.seat for e in mine if e.kind == "deal"), -1)
    order = next((e for e in mine if e.kind == "order"), None)
    checks = [e for e in mine if e.kind == "check"]
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
    if open_layout:  # what everybody had to go on (a customer never sees it otherwise)
        text.append("\nOpen cards: ")
        for i, (card, tile) in enumerate(open_layout):
            text.append(", " if i else "")
            text.append_text(letters_text(card))
            text.append(f" {match_words(tile)}", "cyan")
    text.append("\n\n")
    seats = sorted({e.seat for e in checks}, key=lambda s: (s - customer) % n)
    seats = [*seats, customer] if 0 <= customer < n else seats
    indent = min(NAME_WIDTH, 2 + max((cell_len(names[seat]) for seat in seats), default=0))
    for seat in seats:
        text.append(
            pad_cells(cut_cells(names[seat], indent - 1), indent),
            "bold magenta" if seat == customer else "bold",
        )
        items = seat_turn_items(events, turn, seat)
        if seat == customer:
            items = [Text("customer" + ("" if items else ", no income"), "magenta"), *items]
        change = changes[seat]
        end = Text.assemble(
            ":" if items else "",
            f" {totals[seat]} cube{'' if totals[seat] == 1 else 's'} (",
            (f"{change:+d}", "green" if change > 0 else ("red" if change < 0 else "")),
            ")",
        )
        text.append_text(wrapped_items(items, end, width, indent))
        text.append("\n")
    return text
