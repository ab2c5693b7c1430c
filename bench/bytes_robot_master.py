"""Robot Master's keys for bench/terminal_bytes.py.

Seed 7 against the normal computer, which opens on c3; the cursor starts on c4 (a free
cell next to it) and you hold 1×3 and 2×1. Measured, each checked on the screen: a cursor
move (right and left in turn: the cursor's brackets move one cell), a value pick (1 and 2
in turn: the hand shows it picked), idle at your turn, a placement with the computer's
reply (the move number goes up by two, nothing refused), and, in a second game where the
slowed computer starts, its thinking indicator.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from bench.pty_terminal import Results, Terminal, first_screen, record

MOVE_NUMBER = re.compile(r"Move (\d+) of 24")


def fail(term: Terminal, what: str) -> None:
    raise TimeoutError(f"{what}:\n{term.text()}")


def cursor(term: Terminal) -> tuple[int, int]:
    """Where the cursor's "[" is on the screen (row, column); a cursor cell follows a
    cell border, so "│[" is only ever the cursor."""
    for row, line in enumerate(term.text().splitlines()):
        if "│[" in line:
            return row, line.index("│[") + 1
    fail(term, "no cursor on the board")
    raise AssertionError  # fail() raised


def picked(term: Terminal) -> str:
    """The value the hand shows picked ("[2×1]" -> "2"), "" when none is."""
    match = re.search(r"\[(\d)×\d+\]", term.text())
    return match.group(1) if match else ""


def move_number(term: Terminal) -> int:
    match = MOVE_NUMBER.search(term.text())
    if match is None:
        fail(term, "no move number on the screen")
    assert match is not None
    return int(match.group(1))


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(["play", "robot-master", "--opponent", "normal", "--seed", "7"])
    try:
        first_screen(term, "Your turn", results, "robot master: first screen")
        for n in range(repeat):
            direction = "right" if n % 2 == 0 else "left"
            row, column = cursor(term)
            written = term.key(direction)
            new_row, new_column = cursor(term)
            if new_row != row or (new_column > column) != (direction == "right"):
                fail(term, f"the cursor did not move {direction}")
            record(results, "robot master: cursor move", written)
        for n in range(repeat):
            value = str(1 + n % 2)
            written = term.key(value)
            if picked(term) != value:
                fail(term, f"{value} was not picked")
            record(results, "robot master: value pick", written)
        record(results, "robot master: idle at your turn (B/s)", term.idle_rate(3.0))
        if repeat % 2:
            term.key("left")  # back where the turn put the cursor: a free cell
        for _ in range(repeat):
            before = move_number(term)
            written = term.key("enter", until=lambda s: "Your turn" in s and "thinking" not in s)
            if "Not there" in term.text() or move_number(term) != before + 2:
                fail(term, "the placement and the reply did not both happen")
            record(results, "robot master: placement + reply", written)
    finally:
        term.close()
    slow = term_of(
        ["play", "robot-master", "--opponent", "easy", "--seed", "7", "--first", "columns"],
        think=4.0,
    )
    try:
        slow.wait_for("is thinking")
        time.sleep(1.0)
        rate = slow.idle_rate(2.5)
        if "is thinking" not in slow.text():
            fail(slow, "the computer stopped thinking while measured")
        record(results, "robot master: computer thinking (B/s)", rate)
    finally:
        slow.close()
