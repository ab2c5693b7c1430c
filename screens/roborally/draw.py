"""Drawing RoboRally: the board as Rich text (3 columns a square, 4 on a large terminal) and
the legend."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from engines.roborally.boardfile import (
    BELT,
    DOUBLE_WRENCH,
    EXPRESS,
    FLOOR,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    VOID,
    WRENCH,
    BoardError,
    Layout,
    load_course,
)
from engines.roborally.cards import KIND, KIND_NAMES
from engines.roborally.course_lengths import EXPECTED_TURNS
from engines.roborally.spec import ROBORALLY
from engines.roborally.state import SEAT_NAMES

# One style a seat (SEAT_NAMES order), pairwise distinct in every colour system. Explicit
# hex colours, because named ANSI colours go through the theme's palette in 256 colours and
# truecolor (there Red and Purple were both #f4005f, Yellow and Orange both #fd971f), and are
# the terminal's own in 16 colours. Each hex is chosen so that what Rich reduces it to is
# distinct too (256 colours: 196 33 77 227 135 172 231, 16 on 251; 16 colours: bright red,
# bright blue, bright green, bright yellow, bright magenta, yellow, bright white, black on
# white). Orange is not bold: many terminals show bold yellow as bright yellow, Yellow's
# colour. Black is a black letter on a light square: readable on the dark board.
SEAT_COLOURS = (
    "bold #ff2a2a",
    "bold #2e8bff",
    "bold #33dd33",
    "bold #ffff5f",
    "bold #c060ff",
    "#e07800",
    "bold #ffffff",
    "#000000 on #c8c8c8",
)
# A robot on the board is its letter and facing arrow (lower case when virtual): unique, and
# none of them a board symbol (w W wrenches, F flags, s starts, L lasers, C crushers, X pits
# and v belts in --ascii).
ROBOT_LETTERS = ("R", "B", "G", "Y", "P", "O", "H", "K")
ROBOT_BACKGROUND = "on grey19"  # behind a robot that has no background of its own
CARD_SHORT = ("U-Turn", "Left", "Right", "Back", "Move1", "Move2", "Move3")


@dataclass(frozen=True)
class GlyphSet:
    floor: str
    pit: str
    belt: str  # arrows N E S W
    express: str
    robot: str  # real robot arrows N E S W
    virtual: str
    gear_cw: str
    gear_ccw: str
    beam_v: str
    beam_h: str
    wall: str
    dead: str
    south: str  # a wall south of the square to its right (drawn in the gap west of it)
    corner: str  # walls west and south of the square to its right
    into: str  # a hand card's mark before the register it is in (``Mv2 490→3``)


UNICODE_SET = GlyphSet(
    "·", "██", "↑→↓←", "⇑⇒⇓⇐", "▲▶▼◀", "△▷▽◁", "↻", "↺", "┆", "┄", "┃", "✗", "▁", "┗", "→"
)
# ASCII: a robot's death in the preview is "!3", never "X3", which reads like a pit ("XX")
ASCII_SET = GlyphSet(
    ".", "XX", "^>v<", "^>v<", "^>v<", "^>v<", "@", "@", ":", "-", "|", "!", "_", "|", ">"
)
WALL_STYLE = "bold bright_white"
# A south wall: the square is underlined in the wall's colour too, as far as a terminal can
# (Rich underlines in the text's colour), and the gap west of it shows the wall's end.
SOUTH_WALL = "underline"
ACTING = "reverse"  # the robot whose card plays now, during the playback


def glyph_set(ascii_only: bool) -> GlyphSet:
    return ASCII_SET if ascii_only else UNICODE_SET


def robot_letter(seat: int, virtual: bool = False) -> str:
    """The letter a robot is drawn with on the board (lower case for a virtual robot)."""
    return ROBOT_LETTERS[seat].lower() if virtual else ROBOT_LETTERS[seat]


def text_style(seat: int) -> str:
    """A seat's colour for lines of text (the log, the watched programs): not bold."""
    return SEAT_COLOURS[seat].replace("bold ", "")


def robot_style(seat: int, virtual: bool = False) -> str:
    """The style of a robot on the board: its colour on a dark square, italic if virtual."""
    style = SEAT_COLOURS[seat]
    if Style.parse(style).bgcolor is None:
        style += " " + ROBOT_BACKGROUND
    return style + " italic" if virtual else style


def first_register(mask: int) -> str:
    regs = [str(r + 1) for r in range(5) if mask >> r & 1]
    if not regs:
        return "-"
    if regs == ["1", "3", "5"]:
        return "o"  # odd
    if regs == ["2", "4"]:
        return "e"  # even
    return regs[0] if len(regs) == 1 else "*"


CRUSHER_STYLE = "bold white on dark_red"
CROSSED = (WRENCH, DOUBLE_WRENCH, BELT, EXPRESS)  # squares a beam crossing them shows on
BELT_STYLE = "yellow"
EXPRESS_STYLE = "bold cyan"


def belt_arrow(lay: Layout, i: int, g: GlyphSet) -> tuple[str, str]:
    """The arrow of the belt or express belt on square ``i`` and its style."""
    if lay.kind[i] == EXPRESS:
        return g.express[lay.belt[i]], EXPRESS_STYLE
    return g.belt[lay.belt[i]], BELT_STYLE


def square(
    lay: Layout, i: int, g: GlyphSet, flag_at: dict, start_at: dict, beams: dict
) -> tuple[str, str]:
    """Two characters and a style for the floor of square ``i``."""
    k = lay.kind[i]
    if i in flag_at:
        return f"F{flag_at[i]}"[:2], "bold black on bright_green"
    if lay.crusher_mask[i]:
        if k in (BELT, EXPRESS):  # the belt shows: its registers are in the legend's list
            return "C" + belt_arrow(lay, i, g)[0], CRUSHER_STYLE
        return "C" + first_register(lay.crusher_mask[i]), CRUSHER_STYLE
    if lay.pusher_dir[i] >= 0:
        return g.belt[lay.pusher_dir[i]] + first_register(lay.pusher_mask[i]), "bold magenta"
    if k == PIT:
        return g.pit, "grey30 on grey7" if g is UNICODE_SET else "bold white on grey15"
    if k == VOID:
        return "  ", ""
    if k == EXPRESS:
        a = g.express[lay.belt[i]]
        return a + a if g is ASCII_SET else a + " ", EXPRESS_STYLE
    if k == BELT:
        return g.belt[lay.belt[i]] + " ", BELT_STYLE
    if k == GEAR_CW:
        return g.gear_cw + "+", "bold green"
    if k == GEAR_CCW:
        return g.gear_ccw + "-", "bold green"
    if k == WRENCH:
        return "w ", "bold blue"
    if k == DOUBLE_WRENCH:
        return "W ", "bold blue"
    if i in beams and beams[i][0].startswith("L"):
        return beams[i]  # the laser itself
    if i in start_at:  # kept readable in a beam too, drawn in the beam's red
        return f"s{start_at[i]}", beams[i][1] if i in beams else "grey50"
    if i in beams:
        return beams[i]
    assert k == FLOOR
    return g.floor + " ", "grey42"


def laser_cells(lay: Layout, g: GlyphSet) -> dict[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}
    for src, d, beams_n, path in lay.lasers:
        line = g.beam_v if d in (0, 2) else g.beam_h
        for c in path:
            out.setdefault(c, (line + " " if d in (0, 2) else line * 2, "red"))
        out[src] = ("L" + str(beams_n), "bold red")
    return out


COORD_STYLE = "grey50"


def column_label(x: int) -> str:
    """The name of column ``x`` as squares are named (``cell_name``): a, b, ... (26 on: x)."""
    return chr(ord("a") + x) if x < 26 else str(x)


def row_label_width(lay: Layout) -> int:
    """Columns the row numbers take at the left of the board (``coords`` of draw_board)."""
    return len(str(lay.height))


def draw_board(
    lay: Layout,
    robots: list[tuple[int, int, int, bool]],
    ascii_only: bool,
    viewport: tuple[int, int, int, int],
    me: int | None = None,
    marks: dict[int, tuple[str, str]] | None = None,
    coords: bool = False,
    acting: int | None = None,
    cell_width: int = 3,
    cell_height: int = 1,
) -> Text:
    """The visible part of the board: ``robots`` as (seat, square, facing, virtual);
    ``marks`` are preview labels per square; viewport (x0, y0, columns, rows) in squares.
    ``coords`` adds a line of column letters above and row numbers at the left (squares are
    named like ``f16``), both following the viewport; they take 1 line and
    ``row_label_width`` columns more. ``acting``: the seat whose card plays now, drawn in
    reverse (and first on a shared square). ``cell_width`` 4 (on a large terminal) draws
    each square a character wider: its two characters then a third (see :func:`widened`).
    ``cell_height`` 2 (a tall terminal where the whole course fits) draws each square on two
    rows: the top one as on one row, the bottom one the floor under a robot or a preview
    mark, a pit, a belt or a beam going on, else a blank (see :func:`lower_half`); a south
    wall marks the bottom row.

    A square is the gap west of it and two characters. Walls: ``┃`` in the gap (west or
    east), a south wall ``▁`` in the gap west of the square (``┗`` with a west wall too) and
    the square underlined. A beam crossing a belt or wrench shows in its second character."""
    g = glyph_set(ascii_only)
    marks = marks or {}
    flag_at = {c: k + 1 for k, c in enumerate(lay.flags)}
    start_at = {c: k + 1 for k, c in enumerate(lay.starts)}
    beams = laser_cells(lay, g)
    at: dict[int, list[tuple[int, int, bool]]] = {}
    for seat, pos, facing, virtual in robots:
        if pos >= 0:
            at.setdefault(pos, []).append((seat, facing, virtual))
    x0, y0, cols, rows = viewport
    w = lay.width
    text = Text(no_wrap=True, overflow="crop")
    label_w = row_label_width(lay) if coords else 0
    if coords:
        letters = "".join(
            f" {column_label(x):<{cell_width - 1}}" for x in range(x0, min(w, x0 + cols))
        )
        text.append(" " * label_w + letters.rstrip() + "\n", COORD_STYLE)
    lines = [
        (y, half) for y in range(y0, min(lay.height, y0 + rows)) for half in range(cell_height)
    ]
    for y, half in lines:
        bottom = half == cell_height - 1  # the row that shows a south wall
        if coords:
            number = f"{y + 1:>{label_w}}" if half == 0 else " " * label_w
            text.append(number, COORD_STYLE)
        for x in range(x0, min(w, x0 + cols)):
            i = y * w + x
            west, south = lay.wall[i] >> 3 & 1, lay.wall[i] >> 2 & 1 and bottom
            gap = (g.corner if west else g.south) if south else g.wall if west else " "
            text.append(gap, WALL_STYLE)
            here = at.get(i)
            tint = ""  # the style of the second character, if it differs
            if half:  # the lower row of a two-row square
                cell, style = square(lay, i, g, flag_at, start_at, beams)
                if style == CRUSHER_STYLE and lay.kind[i] in (BELT, EXPRESS):
                    tint = belt_arrow(lay, i, g)[1]
                elif i in beams and cell[1] == " " and lay.kind[i] in CROSSED:
                    cell, tint = cell[0] + beams[i][0][0], beams[i][1]
                if not (here or i in marks):
                    cell = lower_half(cell, lay.kind[i], i in beams)
            elif i in marks and marks[i][1].endswith("on red"):  # a death warning shows first
                cell, style = marks[i]
            elif here:
                here.sort(key=lambda r: (r[0] != acting, r[0] != me, r[0]))
                seat, facing, virtual = here[0]
                arrow = (g.virtual if virtual else g.robot)[facing]
                letter = robot_letter(seat, virtual)
                if len(here) > 1:
                    letter = str(len(here)) if len(here) < 10 else "+"
                cell, style = letter + arrow, robot_style(seat, virtual)
                if seat == acting:
                    style += " " + ACTING
            elif i in marks:
                cell, style = marks[i]
            else:
                cell, style = square(lay, i, g, flag_at, start_at, beams)
                if style == CRUSHER_STYLE and lay.kind[i] in (BELT, EXPRESS):
                    tint = belt_arrow(lay, i, g)[1]  # the arrow in the belt's colour
                elif i in beams and cell[1] == " " and lay.kind[i] in CROSSED:
                    cell, tint = cell[0] + beams[i][0][0], beams[i][1]  # "w┆": beam and wrench
            if south:
                style = (style + " " + SOUTH_WALL).strip()
                if cell[1] == " " and not tint:  # the underline of a blank in the wall's colour
                    tint = WALL_STYLE
            if y == 0 and half == 0 and lay.wall[i] & 1:
                style = (style + " overline").strip()
            text.append(cell, style or None)
            if tint:
                text.stylize(tint, len(text) - 1, len(text))
            if cell_width > 3:  # the third character looks like the second
                text.append(widened(cell), style or None)
                if tint:
                    text.stylize(tint, len(text) - 1, len(text))
        last = y * w + min(w, x0 + cols) - 1
        text.append(g.wall if lay.wall[last] >> 1 & 1 else " ", WALL_STYLE)
        text.append("\n")
    text.rstrip()
    return text


def lower_half(cell: str, kind: int, beam: bool) -> str:
    """The lower row of a two-row square with nothing on it: a pit, a belt's arrow and a
    beam go on; a label (a flag, a start, a crusher, a gear's turn...) shows once, on the
    top row, its colour filling the square."""
    if cell[0].isalnum():
        return "  "
    if kind in (BELT, EXPRESS) or cell[0] == cell[1] or beam:
        return cell
    return "  "


def widened(cell: str) -> str:
    """The third character of a square drawn 4 wide: a fill (a pit, a beam across, an
    express belt in --ascii) goes on, anything else (a robot, a label) is followed by a
    blank in the square's style (its background, its underline)."""
    first, second = cell[0], cell[1]
    return second if first == second and not first.isdigit() else " "


def legend(ascii_only: bool, lay: Layout, width: int = 41) -> Text:
    """What the board glyphs mean, in 16 lines of 40 columns, then how squares are named and
    the registers of this course's pushers and crushers, wrapped to ``width``."""
    g = glyph_set(ascii_only)
    pit_style = "bold white on grey15" if ascii_only else "grey30 on grey7"
    express = (g.express[1] * 2) if ascii_only else g.express[1] + " "
    wall = "bold bright_white"
    letters = Text()
    for seat, letter in enumerate(ROBOT_LETTERS):
        letters.append(" " if seat else "")
        letters.append(letter, SEAT_COLOURS[seat])
    white, black = (f"{ROBOT_LETTERS[s]}: {SEAT_NAMES[s]}" for s in (6, 7))
    rows: list[list[tuple[str | Text, str, str]]] = [
        [(g.floor + " ", "grey42", "floor"), (g.pit, pit_style, "pit")],
        [
            (g.belt[1] + " ", BELT_STYLE, "belt going east"),
            (express, EXPRESS_STYLE, "express belt"),
        ],
        [
            (g.gear_cw + "+", "bold green", "gear clockwise"),
            (g.gear_ccw + "-", "bold green", "anticlockwise"),
        ],
        [(g.belt[1] + "o", "bold magenta", "pusher: dir, o=1,3,5 e=2,4 *=more")],
        [("C3", CRUSHER_STYLE, "crusher: register 3 (o e * as above)")],
        [
            (
                Text.assemble(("C", CRUSHER_STYLE), (g.belt[1], f"{CRUSHER_STYLE} {BELT_STYLE}")),
                "",
                "crusher on a belt (registers below)",
            )
        ],
        [("L2", "bold red", f"laser (2 beams), its beam {g.beam_v} {g.beam_h * 2}")],
        [("F1", "bold black on bright_green", "flag 1"), ("s1", "grey50", "start square 1")],
        [("w ", "bold blue", "wrench"), ("W ", "bold blue", "double wrench")],
        [(g.wall, wall, "wall between two squares")],
        [
            (
                Text.assemble(
                    (g.south, wall),
                    (g.floor, f"grey42 {SOUTH_WALL}"),
                    (" ", f"{wall} {SOUTH_WALL}"),
                ),
                "",
                "wall to the south (underlined)"
                if ascii_only
                else f"wall to the south ({g.corner}: and west)",
            )
        ],
        [(robot_letter(0) + g.robot[0], robot_style(0), f"robot {SEAT_NAMES[0]} facing north")],
        [
            (robot_letter(0, True) + g.virtual[0], robot_style(0, True), "virtual"),
            ("3" + g.robot[0], robot_style(1), "3 on one square"),
        ],
        [(letters, "", f" {white}, {black}")],
        # +5: after register 5 and two or more before it (the preview line names them)
        [
            ("1 ", "bold black on green", "preview: reg. 1"),
            ("+5", "bold black on green", "5 and others"),
        ],
        [(g.dead + "3", "bold white on red", "preview: you die in register 3")],
    ]
    t = Text()
    for row in rows:
        for n, (glyph, style, what) in enumerate(row):
            if n:
                t.append("  ")
            if isinstance(glyph, Text):
                t.append_text(glyph)
            else:
                t.append(glyph, style)
            what = what if n or len(row) == 1 else f"{what:<15}"
            t.append(" " * max(1, 4 - len(glyph)) + what)
        t.append("\n")
    last = lay.width * lay.height - 1
    t.append(
        f"squares: column {column_label(0)}-{column_label(lay.width - 1)} + row "
        f"1-{lay.height}, e.g. {lay.short_name(last)}\n",
        "dim",
    )
    for what, cells, masks in (
        ("pusher", lay.pushers, lay.pusher_mask),
        ("crusher", lay.crushers, lay.crusher_mask),
    ):
        details = []
        for i in cells:
            regs = ",".join(str(r + 1) for r in range(5) if masks[i] >> r & 1)
            details.append(f"{lay.short_name(i)}\0{regs}")
        if details:  # wrapped between the items only
            glued = f"{what}\0registers:\0" + "; ".join(details)
            for line in textwrap.wrap(glued, max(20, width), break_long_words=False):
                t.append(line.replace("\0", " ") + "\n", "dim")
    t.rstrip()
    return t


def card_label(card: int) -> str:
    if not card:
        return "-"
    return f"{CARD_SHORT[KIND[card]]} {card}"


def card_long(card: int) -> str:
    return f"{KIND_NAMES[KIND[card]]} ({card})" if card else "nothing"


def options_preview(options: dict, ascii_only: bool) -> Text | str | None:
    """The new-game dialog's preview of the chosen course, drawn as the game draws it
    (not in the course file's notation); the engine's words when it cannot be loaded."""
    try:
        return course_preview(load_course(str(options["course"])), ascii_only)
    except BoardError:
        return ROBORALLY.preview_text(options, ascii_only)


def course_preview(lay: Layout, ascii_only: bool, width: int = 74) -> Text:
    """A course before the game, drawn as the game draws it: its name and description,
    the whole board with coordinates and start squares, then the legend."""
    text = Text()
    text.append(lay.name, "bold")
    course = lay.course
    if course is not None and course.description:
        text.append("\n" + "\n".join(textwrap.wrap(course.description, width)), "dim")
    players = f"start squares for {len(lay.starts)} robots"
    turns = EXPECTED_TURNS.get(lay.course_id.split("@", 1)[0])
    race = f"\nA race of 4 robots lasts about {turns} turns." if turns else ""
    text.append(f"\n{len(lay.flags)} flags to touch in order, {players}{race}\n\n", "dim")
    text.append(draw_board(lay, [], ascii_only, (0, 0, lay.width, lay.height), coords=True))
    text.append("\n\n")
    text.append(legend(ascii_only, lay, width))
    return text
