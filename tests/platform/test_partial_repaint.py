"""What a key sends over a thin link is only the changed cells (screens/panel.py and
screens/lean_output.py): proved through a real pseudo-terminal and a terminal emulator.

Each test plays keys in ``robotui`` on a pty, takes the screen the terminal shows, then
makes robotui draw everything anew (a resize and back) and checks the terminal shows the
very same cells: the partial updates left nothing stale and cut nothing in half.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.pty_robotui import Terminal

QUIET = 1.0  # generous: the checks wait for a drawn screen, they time nothing
WIDE, TALL = 80, 24


def redrawn_whole(term: Terminal) -> list[list[tuple[str, str, str, bool, bool, bool]]]:
    """The screen after robotui repaints all of it at the same size."""
    for size in ((WIDE + 7, TALL + 2), (WIDE, TALL)):
        written = term.total
        term.resize(*size)
        term.wait_for(lambda _, before=written: term.total > before)  # it draws the new size...
        term.settle(quiet=QUIET)  # ... to the end
    return term.cells()


def seen(cell: tuple) -> tuple:
    """What a cell looks like: a blank's foreground colour shows only when reversed."""
    char, fg, bg, bold, reverse, underline = cell
    if char == " " and not reverse and not underline:
        return (char, bg)
    return cell


def differences(a: list[list[tuple]], b: list[list[tuple]]) -> list[str]:
    return [
        f"row {y} col {x}: {a[y][x]} != {b[y][x]}"
        for y in range(len(a))
        for x in range(len(a[y]))
        if seen(a[y][x]) != seen(b[y][x])
    ]


def play_keys(term: Terminal, keys: list[str]) -> None:
    for key in keys:
        term.key(key)  # sent once the screen is quiet; back when it is quiet again
    term.settle(quiet=QUIET)


@pytest.fixture
def terminal_of(tmp_path: Path):
    opened: list[Terminal] = []

    def open_(args: list[str]) -> Terminal:
        term = Terminal(args, WIDE, TALL, tmp_path)
        opened.append(term)
        return term

    yield open_
    for term in opened:
        term.close()


GAMES = {
    "robot-master --ascii --colors 16": (
        [
            "--ascii",
            "--colors",
            "16",
            "play",
            "robot-master",
            "--opponent",
            "random",
            "--seed",
            "5",
        ],
        "Your turn",
        ["left", "up", "4", "enter", "right", "right", "0", "enter", "down"],
    ),
    "robot-master": (
        ["play", "robot-master", "--opponent", "random", "--seed", "3"],
        "Your turn",
        [
            "right",
            "right",
            "down",
            "2",
            "left",
            "enter",
            "3",
            "up",
            "enter",
            "left",
            "left",
            "1",
            "enter",
            "down",
        ],
    ),
    "stak-bots": (
        ["play", "stak-bots", "--opponent", "random", "--seed", "3"],
        "Stak Bots",
        ["right", "right", "left", "p", "right", "d"],
    ),
    "roborally": (
        [
            "play",
            "roborally",
            "--players",
            "4",
            "--opponent",
            "random,random,random",
            "--seed",
            "3",
            "-o",
            "course=first-steps",
        ],
        "Which way",
        [
            "1",
            "1",
            "2",
            "backspace",
            "right",
            "left",
            "1",
            "1",
            "1",
            "1",
            "r",
            "enter",
            "space",
            "space",
            "space",
            "space",
            "space",
        ],
    ),
    "robo-factory": (
        ["play", "robo-factory", "--opponent", "random", "--seed", "3"],
        "Robo Factory",
        [
            "enter",
            "tab",
            "right",
            "x",
            "down",
            "o",
            "tab",
            "n",
            "enter",
            "enter",
            "r",
            "g",
            "up",
            "b",
        ],
    ),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_screen_after_keys_is_what_a_whole_repaint_draws(terminal_of, game):
    args, first, keys = GAMES[game]
    term = terminal_of(args)
    term.wait_for(first)
    term.settle(quiet=QUIET)
    before = term.cells()
    play_keys(term, keys)
    after_keys = term.cells()
    assert differences(before, after_keys), "the keys changed nothing on screen"
    whole = redrawn_whole(term)
    assert differences(after_keys, whole) == []


def test_a_cursor_move_sends_a_few_cells_not_the_screen(terminal_of):
    term = terminal_of(GAMES["robot-master"][0])
    term.wait_for("Your turn")
    term.settle(quiet=QUIET)
    first_screen = term.total
    written = term.key("right")
    assert "[" in term.text()  # the cursor is drawn
    assert 0 < written < first_screen // 10
