"""RoboRally's keys for bench/terminal_bytes.py.

Four robots on Pit Stop (seed 7): your robot faces North, then you program. Measured: a card
picked (the registers, the hand and the board's preview change), a cursor move over the
hand, a card taken back, one register of playback stepped with Space (4 cards, then the
register's end), idle while you program, and the computers thinking while you program.
Every key is checked on the screen: a key that did not do what it should fails the run.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from bench.pty_terminal import Results, Terminal, first_screen, record

ARGS = ["play", "roborally", "--players", "4", "--opponent", "random,random,random", "--seed", "7"]


def filled(term: Terminal) -> int:
    """How many registers show a card (the program panel's ``1:Right 180  2:-`` lines)."""
    cells = re.findall(r"\b([1-5]):(\S+)", term.text())
    registers = dict(cells[-5:])  # the program panel's five (nothing else has "n:" but them)
    if sorted(registers) != ["1", "2", "3", "4", "5"]:
        raise TimeoutError(f"no program panel on screen:\n{term.text()}")
    return sum(card != "-" for card in registers.values())


def cursor_card(term: Terminal) -> str:
    """The hand's card under the cursor (drawn in reverse video)."""
    screen = term.screen
    with term.lock:
        for y in range(screen.lines):
            row = screen.buffer[y]
            text = "".join(row[x].data for x in range(screen.columns) if row[x].reverse)
            if text.strip():
                return text.strip()
    raise TimeoutError(f"no cursor on screen:\n{term.text()}")


def checked(term: Terminal, key: str, want: int) -> int:
    """Bytes written after a programming key that leaves ``want`` registers filled."""
    written = term.key(key)
    if filled(term) != want:
        raise TimeoutError(
            f"{key!r} left {filled(term)} registers filled, not {want}:\n{term.text()}"
        )
    return written


def title(term: Terminal) -> str:
    return term.text().splitlines()[0]


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(ARGS)
    try:
        first_screen(term, "Which way", results, "roborally: first screen")
        term.key("1", until="programming")  # facing North
        term.wait_for(lambda s: "thinking" not in s)
        count = min(repeat, 4)
        for n in range(count):  # from n registers filled to n + 1 (the preview follows)
            record(results, "roborally: card pick + preview", checked(term, str(n + 1), n + 1))
        for n in range(repeat):
            before = cursor_card(term)
            written = term.key("right" if n % 2 == 0 else "left")
            if cursor_card(term) == before:
                raise TimeoutError(f"the cursor did not move from {before!r}:\n{term.text()}")
            record(results, "roborally: cursor move over the hand", written)
        for n in range(count, 0, -1):
            record(results, "roborally: card taken back", checked(term, "backspace", n - 1))
        record(results, "roborally: idle while programming (B/s)", term.idle_rate(3.0))
        for n in range(5):
            checked(term, str(n + 1), n + 1)
        term.key("r")  # the playback starts paused: Space steps it
        term.key("enter", until="Space")
        # Enter showed register 1's first card. Five Spaces show a register's worth of
        # pictures: its three other cards, its end, and register 2's first card.
        written = 0
        titles = [title(term)]
        for step in range(5):
            written += term.key("space")
            titles.append(title(term))
            register = "register 2 " if step == 4 else "register 1 "
            if titles[-1] == titles[-2] or register not in titles[-1]:
                raise TimeoutError(f"Space did not step to {register}:\n{term.text()}")
        if "Watching" not in term.text():
            raise TimeoutError(f"the playback is not on screen:\n{term.text()}")
        record(results, "roborally: one register of playback, 4 robots (5 Spaces)", written)
    finally:
        term.close()
    slow = term_of(ARGS, think=4.0)
    try:
        slow.wait_for("Which way")
        # the computers face their robots (4 s), then think 4 s over their programs while
        # you program: measured in the middle of that
        slow.key("1", until=lambda s: "programming" in s.splitlines()[0] and "is thinking" in s)
        time.sleep(0.3)
        record(results, "roborally: computers thinking (B/s)", slow.idle_rate(2.5))
        if "is thinking" not in slow.text():
            raise TimeoutError(f"the computers stopped thinking too soon:\n{slow.text()}")
    finally:
        slow.close()
