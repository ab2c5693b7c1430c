"""How RoboRally's board looks: robots told apart by colour and letter in every colour system,
and a crusher on a belt showing both (screens/roborally/draw.py)."""

from __future__ import annotations

from itertools import combinations
from math import sqrt

import pytest
import textual.constants
from rich._palettes import EIGHT_BIT_PALETTE, STANDARD_PALETTE
from rich.color import Color, ColorSystem, ColorTriplet
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color as TextualColor
from textual.filter import ANSIToTruecolor

from engines.roborally.boardfile import BELT, EXPRESS, bundled_courses, load_course
from engines.roborally.state import SEAT_NAMES
from screens.roborally.draw import (
    ASCII_SET,
    CRUSHER_STYLE,
    ROBOT_LETTERS,
    SEAT_COLOURS,
    UNICODE_SET,
    draw_board,
    legend,
    robot_letter,
    robot_style,
)
from tests.ui_helpers import make_app

# What each --colors choice makes of a colour, as the terminal is told it.
SYSTEMS = {
    "truecolor": ColorSystem.TRUECOLOR,
    "256": ColorSystem.EIGHT_BIT,
    "standard": ColorSystem.STANDARD,
}
ANSI_NAMES = (
    "black",
    "red",
    "green",
    "yellow",
    "blue",
    "magenta",
    "cyan",
    "white",
    *(
        f"bright_{n}"
        for n in ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
    ),
)
Shown = tuple[Color | None, Color | None, bool]  # foreground, background, bold


def shown(app, style_text: str, system: str) -> Shown:
    """``style_text`` as the terminal gets it: through the app's colour filters (ANSI colours
    go through the theme's palette unless the app keeps them native), then reduced by Rich
    to the terminal's colour system."""
    line = [Segment("x", Style.parse(style_text))]
    for f in app._filters:
        if isinstance(f, ANSIToTruecolor) and f.enabled:
            line = f.apply(line, TextualColor(0, 0, 0))
    style = line[0].style
    assert style is not None

    def reduce(colour: Color | None) -> Color | None:
        return None if colour is None else colour.downgrade(SYSTEMS[system])

    return reduce(style.color), reduce(style.bgcolor), bool(style.bold)


def rgb(colour: Color) -> ColorTriplet:
    """The colour the terminal shows (the standard palette stands for its own 16)."""
    if colour.triplet is not None:
        return colour.triplet
    assert colour.number is not None
    if colour.number < 16:
        return STANDARD_PALETTE[colour.number]
    return ColorTriplet(*EIGHT_BIT_PALETTE[colour.number])


def distance(a: ColorTriplet, b: ColorTriplet) -> float:
    """Rich's "redmean" distance between two colours (what it matches palettes with)."""
    mean = (a.red + b.red) // 2
    dr, dg, db = a.red - b.red, a.green - b.green, a.blue - b.blue
    return sqrt(((512 + mean) * dr * dr >> 8) + 4 * dg * dg + ((767 - mean) * db * db >> 8))


@pytest.fixture(params=list(SYSTEMS))
def system_app(request, monkeypatch, tmp_path):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", request.param)
    return request.param, make_app(tmp_path)


def seat_looks(app, system: str, on_board: bool) -> list[Shown]:
    if on_board:
        return [shown(app, robot_style(s), system) for s in range(len(SEAT_NAMES))]
    return [shown(app, style, system) for style in SEAT_COLOURS]


@pytest.mark.parametrize("on_board", [True, False], ids=["board", "side-panel"])
def test_the_eight_robots_are_pairwise_distinct_in_every_colour_system(system_app, on_board):
    system, app = system_app
    looks = seat_looks(app, system, on_board)
    assert len(looks) == len(SEAT_COLOURS) == 8
    keys = [(fg and rgb(fg), bg and rgb(bg)) for fg, bg, _ in looks]
    assert len(set(keys)) == 8, keys
    for (a, b), (ka, kb) in zip(combinations(range(8), 2), combinations(keys, 2), strict=True):
        # told apart by the letter's colour, or by a square of colour behind one of them
        fg_apart = distance(ka[0], kb[0]) >= 150  # a Red and a Purple 0 apart fail here
        assert fg_apart or ka[1] != kb[1], (system, SEAT_NAMES[a], SEAT_NAMES[b], ka, kb)


def test_sixteen_colours_survive_bold_shown_as_bright(monkeypatch, tmp_path):
    """Many terminals draw bold text in colours 0-7 with their bright twin (8-15): no two
    robots may meet that way (Orange is not bold, so yellow stays apart from bright yellow)."""
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    app = make_app(tmp_path)
    looks = seat_looks(app, "standard", on_board=True)

    def brightened(look: Shown) -> tuple[int | None, int | None]:
        fg, bg, bold = look
        assert fg is not None and fg.number is not None
        n = fg.number + 8 if bold and fg.number < 8 else fg.number
        return n, None if bg is None else bg.number

    assert len({brightened(look) for look in looks}) == 8


def test_sixteen_colours_give_the_robots_their_named_colours(monkeypatch, tmp_path):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    app = make_app(tmp_path)
    assert app.native_ansi_color  # the terminal's own palette: names are what count
    names = []
    for fg, bg, _ in seat_looks(app, "standard", on_board=False):
        assert fg is not None and fg.number is not None
        names.append((ANSI_NAMES[fg.number], None if bg is None else ANSI_NAMES[bg.number or 0]))
    assert names == [
        ("bright_red", None),  # Red stays red
        ("bright_blue", None),
        ("bright_green", None),
        ("bright_yellow", None),
        ("bright_magenta", None),
        ("yellow", None),  # the terminal's darker yellow, often orange or brown
        ("bright_white", None),
        ("black", "white"),  # a black letter on a light square
    ]


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_robot_is_readable_on_the_board_and_in_the_side_panel(monkeypatch, tmp_path, system):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", system)
    app = make_app(tmp_path)
    panel = rgb(Color.parse("#121212").downgrade(SYSTEMS[system]))  # the screen's background
    for seat in range(8):
        for style, behind in ((robot_style(seat), None), (SEAT_COLOURS[seat], panel)):
            fg, bg, _ = shown(app, style, system)
            assert fg is not None
            back = rgb(bg) if bg is not None else behind
            assert back is not None
            assert distance(rgb(fg), back) >= 180, (SEAT_NAMES[seat], style, system)


def test_robot_styles_keep_a_background_of_their_own():
    for seat, colour in enumerate(SEAT_COLOURS):
        own = Style.parse(colour).bgcolor
        board = Style.parse(robot_style(seat))
        assert board.bgcolor == (own or Style.parse("on grey19").bgcolor)
        assert Style.parse(robot_style(seat, virtual=True)).italic


def cells(line: str) -> list[str]:
    """The two-character squares of a drawn board row (a wall column before each)."""
    return [line[1 + 3 * x : 3 + 3 * x] for x in range((len(line) + 1) // 3)]


def test_robot_letters_are_unique_and_no_board_symbol():
    letters = [robot_letter(s) for s in range(8)] + [robot_letter(s, True) for s in range(8)]
    assert len(set(letters)) == 16 and len({x.lower() for x in letters}) == 8
    assert ROBOT_LETTERS[SEAT_NAMES.index("Black")] == "K"
    assert ROBOT_LETTERS[SEAT_NAMES.index("White")] == "H"
    firsts: set[str] = set()
    for course in bundled_courses():
        lay = load_course(course)
        for ascii_only in (False, True):
            plain = draw_board(lay, [], ascii_only, (0, 0, lay.width, lay.height)).plain
            for line in plain.splitlines():
                firsts.update(c[0] for c in cells(line) if c.strip())
    assert {"w", "W", "C", "F", "s", "L"} <= firsts  # the board's own letters are seen
    assert not firsts & set(letters), firsts & set(letters)


def test_each_robot_is_drawn_with_its_letter_and_style():
    lay = load_course("long-haul")
    for virtual in (False, True):
        robots = [(s, lay.width * 20 + s, 1, virtual) for s in range(8)]
        text = draw_board(lay, robots, False, (0, 20, 12, 1))
        row = cells(text.plain)
        arrow = (UNICODE_SET.virtual if virtual else UNICODE_SET.robot)[1]
        assert row[:8] == [robot_letter(s, virtual) + arrow for s in range(8)]
        for s in range(8):
            style = text.get_style_at_offset(_console(), 1 + 3 * s)
            assert style == Style.parse(robot_style(s, virtual)), SEAT_NAMES[s]


def _console():
    from rich.console import Console

    return Console()


def test_the_legend_names_the_robot_letters_in_their_colours():
    t = legend(False, load_course("pit-stop"), 40)
    line = next(x for x in t.plain.splitlines() if x.startswith("R B G Y P O H K"))
    assert "H: White" in line and "K: Black" in line
    start = t.plain.index(line)
    for seat, letter in enumerate(ROBOT_LETTERS):
        at = start + 2 * seat
        assert t.plain[at] == letter
        assert t.get_style_at_offset(_console(), at) == Style.parse(SEAT_COLOURS[seat])


def crushers_on(kind: int) -> list[tuple[str, int]]:
    found = []
    for course in bundled_courses():
        lay = load_course(course)
        found += [(course, i) for i in lay.crushers if lay.kind[i] == kind]
    return found


@pytest.mark.parametrize("kind", [BELT, EXPRESS], ids=["belt", "express"])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_a_crusher_on_a_belt_shows_the_belt_too(kind, ascii_only):
    g = ASCII_SET if ascii_only else UNICODE_SET
    found = crushers_on(kind)
    assert found, "the bundled courses have crushers on belts and express belts"
    for course, i in found:
        lay = load_course(course)
        x, y = i % lay.width, i // lay.width
        text = draw_board(lay, [], ascii_only, (x, y, 1, 1))
        arrow = (g.express if kind == EXPRESS else g.belt)[lay.belt[i]]
        assert cells(text.plain)[0] == "C" + arrow, (course, lay.short_name(i))
        c, a = (text.get_style_at_offset(_console(), k) for k in (1, 2))
        assert c.bgcolor == a.bgcolor == Style.parse(CRUSHER_STYLE).bgcolor  # one square
        belt = Style.parse("bold cyan" if kind == EXPRESS else "yellow")
        assert a.color == belt.color and c.color != a.color  # the arrow in the belt's colour


def test_pit_stop_crushers_as_qa_saw_them():
    lay = load_course("pit-stop")
    plain = draw_board(lay, [], False, (0, 0, lay.width, lay.height)).plain.splitlines()
    j7, g10 = cells(plain[6])[9], cells(plain[9])[6]
    assert j7[0] == "C" and j7[1] in UNICODE_SET.express
    assert g10[0] == "C" and g10[1] in UNICODE_SET.belt


def test_a_crusher_on_the_floor_still_shows_its_registers():
    for course in bundled_courses():
        lay = load_course(course)
        for i in lay.crushers:
            if lay.kind[i] in (BELT, EXPRESS):
                continue
            x, y = i % lay.width, i // lay.width
            cell = cells(draw_board(lay, [], False, (x, y, 1, 1)).plain)[0]
            assert cell[0] == "C" and cell[1] in "12345oe*", (course, cell)


def test_the_legend_explains_the_crusher_squares():
    for ascii_only in (False, True):
        g = ASCII_SET if ascii_only else UNICODE_SET
        lines = legend(ascii_only, load_course("long-haul"), 40).plain.splitlines()
        assert any(x.startswith("C3  crusher: register 3") for x in lines)
        assert f"C{g.belt[1]}  crusher on a belt (registers below)" in lines
        assert any(x.startswith("crusher registers: ") for x in lines)


def test_robot_cells_are_two_characters():
    lay = load_course("pit-stop")
    text = draw_board(lay, [(7, 0, 2, False)], True, (0, 0, 2, 1))
    assert isinstance(text, Text) and cells(text.plain)[0] == "Kv"
