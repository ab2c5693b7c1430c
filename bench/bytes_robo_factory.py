"""Robo Factory's keys for bench/terminal_bytes.py."""

from __future__ import annotations

from collections.abc import Callable

from pty_terminal import Results, Terminal, first_screen, record


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(["play", "robo-factory", "--opponent", "easy", "--seed", "7"])
    try:
        first_screen(term, "Enter", results, "robo factory: first screen")
        if "Enter: next turn" in term.text():  # seed 7: you are the first customer
            term.key("enter")
        # A colour choice is made while building; the notepad is reached with Tab.
        for n in range(repeat):
            record(results, "robo factory: notepad cursor + mark (tab, right, x, tab)",
                   sum(term.key(k) for k in ("tab", "right" if n % 2 else "down", "x", "tab")))
        for n in range(repeat):
            record(results, "robo factory: notepad mark", _tabbed(term, "x" if n % 2 else "o"))
        record(results, "robo factory: idle (B/s)", term.idle_rate(3.0))
        _to_building(term)
        for n in range(repeat):
            record(results, "robo factory: colour choice", term.key("rgby"[n % 4]))
    finally:
        term.close()


def _tabbed(term: Terminal, key: str) -> int:
    term.key("tab")
    written = term.key(key)
    term.key("tab")
    return written


def _to_building(term: Terminal) -> None:
    """Buy nothing until a build is on: the colour keys then choose a part's colour."""
    for _ in range(12):
        screen = term.text()
        if "head" in screen.lower() and "torso" in screen.lower():
            return
        term.key("n")
        term.key("enter")
    raise TimeoutError(f"never reached a build:\n{term.text()}")
