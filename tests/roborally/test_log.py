"""What the RoboRally log tells: robot-on-robot pushes, each re-entry once, the board's
coordinates and the legend's square names (engine events and screens/roborally/draw.py)."""

from __future__ import annotations

import random
from typing import Any

from engines.roborally import ROBORALLY
from engines.roborally.boardfile import bundled_courses, load_course
from engines.roborally.events import Shoved
from engines.roborally.state import Program, RoboRallyState, random_choice
from screens.roborally.draw import draw_board, legend
from screens.roborally.log import joined_pushes, narrate
from tests.roborally.test_scenarios import run_scenario


def register_lines(state: RoboRallyState, turn: int, reg: int) -> tuple[list[str], list[str]]:
    """(events, narrated log lines) of one register of the state's trace."""
    trace = state.trace or []
    index = next(n for n, p in enumerate(trace) if (p.turn, p.register) == (turn, reg))
    picture = trace[index]
    before = (
        [(b.pos, b.facing) for b in trace[index - 1].bots]
        if index
        else [(b.pos, b.facing) for b in picture.bots]
    )
    return picture.events, [text for text, _ in narrate(picture, before, state.layout)]


def one_turn(board: str, robots: list[str], programs: list[str], **more: Any) -> RoboRallyState:
    return run_scenario({"board": board, "robots": robots, "programs": programs, **more})


def test_a_push_into_a_pit_is_told_with_who_pushed_and_where() -> None:
    state = one_turn(
        ".. .. .. XX\n.. .. .. ..",
        ["a1 E", "b1 N powered", "c1 S powered"],
        ["1 L R L R", "-", "-"],
        decisions=["2 reenter N"],
    )
    events, lines = register_lines(state, 1, 1)
    assert "2 pushed by 0: c1 -> d1" in events and "1 pushed by 0: b1 -> c1" in events
    assert "  Green pushed by Red: c1 -> d1" in lines
    assert "  Blue pushed by Red: b1 -> c1" in lines
    green = lines.index("  Green pushed by Red: c1 -> d1")
    assert lines[green + 1] == "  Green destroyed: falls into a pit"  # why, right after


def test_a_robot_pushed_two_squares_is_one_line_and_off_the_board_is_named() -> None:
    state = one_turn(
        ".. .. ..\n.. .. ..",
        ["a1 E", "b1 N powered"],
        ["2 L R L R", "-"],
        decisions=["1 reenter N"],
    )
    events, lines = register_lines(state, 1, 1)
    assert events[:3] == [
        "0 plays 670: a1E -> c1E",
        "1 pushed by 0: b1 -> c1",
        "1 pushed by 0: c1 -> off the board",
    ]
    assert "  Blue pushed by Red: b1 -> off the board" in lines
    assert "  Blue destroyed: falls off the edge" in lines
    a1, b1, c1, d1 = range(4)
    assert joined_pushes(
        [Shoved(1, 0, a1, b1), Shoved(2, 0, b1, c1), Shoved(1, 0, b1, c1), Shoved(1, -1, c1, d1)]
    ) == [Shoved(1, 0, a1, c1), Shoved(2, 0, b1, c1), Shoved(1, -1, c1, d1)]


def test_a_board_pusher_push_names_its_squares() -> None:
    state = one_turn(
        ".. .. ..",
        ["a1 N powered", "c1 W powered"],
        ["-", "-"],
        pushers=[{"at": "a1", "dir": "E", "registers": [1]}],
    )
    _, lines = register_lines(state, 1, 1)
    assert "  Red pushed by pusher: a1 -> b1" in lines  # with squares, like robots' pushes


def test_a_pusher_against_a_wall_holds_the_robot_and_says_so() -> None:
    state = one_turn(
        ".. .. ..",
        ["a1 N powered", "c1 W powered"],
        ["-", "-"],
        pushers=[{"at": "a1", "dir": "E", "registers": [1]}],
        walls=["a1 E"],
    )
    _, lines = register_lines(state, 1, 1)
    assert "  Red pushed by pusher: a1 (held in place)" in lines


def test_a_re_entry_is_told_once_at_the_start_of_its_turn() -> None:
    state = one_turn(
        ".. XX ..\n.. .. ..",
        ["a1 E", "c2 N powered"],
        ["1 L R L R", "-"],
        decisions=["0 reenter N"],
    )
    assert state.turn == 2 and state.bots[0].pos >= 0
    for seat in state.to_move():  # play turn 2 on, with the trace still on
        state.apply(Program(tuple(state.bots[seat].hand[:5])), seat)
    start, start_lines = register_lines(state, 2, 0)
    # Blue was powered down in turn 1
    assert start == ["0 re-enters at a1 facing N damage 2", "1 powers up"]
    assert start_lines == [
        "Turn 2 begins.",
        "  Red re-enters at a1 facing N with 2 damage",
        "  Blue powers up again",
    ]
    first, _ = register_lines(state, 2, 1)
    assert not any("re-enters" in e for e in first), first
    told = [
        line
        for p in state.trace or []
        for line, _ in narrate(p, [(b.pos, b.facing) for b in p.bots], state.layout)
        if "re-enters" in line
    ]
    assert told == ["  Red re-enters at a1 facing N with 2 damage"]


def test_turn_start_events_are_not_carried_into_register_1_of_a_real_game() -> None:
    state = ROBORALLY.new_game(4, {"course": "pit-stop", "start": "docks"}, 2)
    rng = random.Random(3)
    state.trace = []
    while state.turn < 8 and not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(random_choice(rng, state.legal_actions(seat)), seat)
    pictures = state.trace
    assert any(p.register == 0 and p.events for p in pictures), "no re-entry to test"
    for a, b in zip(pictures, pictures[1:], strict=False):
        if a.register == 0 and b.register == 1:
            assert not set(a.events) & set(b.events), (a.events, b.events)


def test_the_board_has_column_letters_and_row_numbers_of_its_viewport() -> None:
    lay = load_course("grand-tour")
    text = draw_board(
        lay, [(0, 5 * lay.width + 7, 0, False)], False, (6, 3, 5, 4), coords=True
    ).plain.splitlines()
    assert text[0] == "   g  h  i  j  k"
    assert [row[:2] for row in text[1:]] == [" 4", " 5", " 6", " 7"]
    assert "R▲" in text[3] and text[3].index("R▲") == text[0].index("h")
    plain = draw_board(lay, [], True, (0, 0, 12, 16)).plain.splitlines()
    assert len(plain) == 16 and "a  b" not in plain[0]  # no coordinates unless asked


def test_the_legend_says_how_squares_are_named_and_fits_the_side_panel() -> None:
    for course in bundled_courses():
        lay = load_course(course)
        for ascii_only in (False, True):
            lines = legend(ascii_only, lay, 40).plain.splitlines()
            assert len(lines) <= 22 and max(map(len, lines)) <= 40, (course, lines)
            assert any(line.startswith("squares: column a-") for line in lines)
    lines = legend(False, load_course("grand-tour"), 40).plain.splitlines()
    assert "squares: column a-x + row 1-16, e.g. x16" in lines
    assert any(line.startswith("pusher registers: m6 2,4;") for line in lines)


def test_a_start_square_in_a_laser_beam_stays_readable() -> None:
    """A laser that fires across a start square: the square still reads s2."""
    from engines.roborally.boardfile import layout_from_board, parse_board
    from screens.roborally.draw import UNICODE_SET, laser_cells, square

    board = parse_board(
        'name = "Beam"\ngrid = """\n.. .. ..\ns1 .. s2\n"""\n\n'
        '[[lasers]]\nat = "c1"\ndir = "S"\nbeams = 1\n',
        "beam.toml",
        "beam",
    )
    lay = layout_from_board(board)
    beams = laser_cells(lay, UNICODE_SET)
    start_at = {c: k + 1 for k, c in enumerate(lay.starts)}
    s2 = lay.starts[1]
    assert s2 in beams  # the beam does reach it
    text, style = square(lay, s2, UNICODE_SET, {}, start_at, beams)
    assert text == "s2" and style == beams[s2][1]


def test_long_haul_keeps_the_spirals_laser_on_the_spiral() -> None:
    """The Spiral's l1 laser once fired down all 28 rows of Long Haul into start square
    8; a wall south of l6 now ends its beam there."""
    from engines.roborally.boardfile import load_course
    from screens.roborally.draw import UNICODE_SET, laser_cells

    lay = load_course("long-haul")
    beams = laser_cells(lay, UNICODE_SET)
    column_l = [y * lay.width + 11 for y in range(lay.height)]
    lit = [y + 1 for y, i in enumerate(column_l) if i in beams]
    assert lit == [1, 2, 3, 4, 5, 6]  # from the laser at l1 to the wall
    assert lay.starts[7] not in beams


def test_a_register_is_told_in_the_order_the_robots_move() -> None:
    """Blue's Move2 780 goes before Red's Move2 720: the log says so, so nobody seems to
    drive through a robot that has not moved yet."""
    state = one_turn(
        ".. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..",
        ["a3 E", "c3 N"],
        ["720 L R L R", "780 L R L R"],
    )
    _, lines = register_lines(state, 1, 1)
    assert lines[0] == "Register 1: Blue Move2 780, Red Move2 720"
    moves = [line for line in lines[1:] if "->" in line]
    assert moves[:2] == ["  Blue Move2: c3N -> c1N", "  Red Move2: a3E -> c3E"]
