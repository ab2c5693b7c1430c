"""Robot Master's keys for bench/terminal_bytes.py."""

from __future__ import annotations

import time
from collections.abc import Callable

from pty_terminal import Results, Terminal, first_screen, record


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(["play", "robot-master", "--opponent", "normal", "--seed", "7"])
    try:
        first_screen(term, "Your turn", results, "robot master: first screen")
        for n in range(repeat):
            record(results, "robot master: cursor move",
                   term.key("right" if n % 2 == 0 else "left"))
        for n in range(repeat):
            record(results, "robot master: value pick", term.key(str(1 + n % 2)))
        record(results, "robot master: idle at your turn (B/s)", term.idle_rate(3.0))
        if repeat % 2:
            term.key("left")  # back where the turn put the cursor: a free cell
        for _ in range(repeat):
            written = term.key("enter", until=lambda s: "Your turn" in s and "thinking" not in s)
            if "Not there" in term.text():
                raise TimeoutError(f"the placement was refused:\n{term.text()}")
            record(results, "robot master: placement + reply", written)
    finally:
        term.close()
    slow = term_of(["play", "robot-master", "--opponent", "easy", "--seed", "7",
                    "--first", "columns"], think=4.0)
    try:
        slow.wait_for("is thinking")
        time.sleep(1.0)
        record(results, "robot master: computer thinking (B/s)", slow.idle_rate(2.5))
    finally:
        slow.close()
