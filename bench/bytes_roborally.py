"""RoboRally's keys for bench/terminal_bytes.py."""

from __future__ import annotations

from collections.abc import Callable

from pty_terminal import Results, Terminal, first_screen, record


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(["play", "roborally", "--players", "4", "--opponent",
                    "random,random,random", "--seed", "7"])
    try:
        first_screen(term, "Which way", results, "roborally: first screen")
        term.key("1", until="programming")  # facing North
        for n in range(min(repeat, 4)):
            record(results, "roborally: card pick + preview", term.key(str(1 + n % 2)))
            record(results, "roborally: card taken back", term.key("backspace"))
        for _ in range(5):
            term.key("1")
        term.key("r")  # the playback starts paused: Space steps it
        term.key("enter", until="Space")
        written = 0
        for _ in range(5):  # four robots' cards, then the register's end
            written += term.key("space")
        record(results, "roborally: one register of playback, 4 robots (5 steps)", written)
    finally:
        term.close()
