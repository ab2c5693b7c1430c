"""Robo Factory's keys for bench/terminal_bytes.py.

Seed 7 against two easy computers: you are the first customer (that turn's result comes
first), then you buy in turn 2 (after Computer 2) and build once Computer 2 has built.
Every measured key is checked on the screen: a scenario that did not do what it names
fails loudly (TimeoutError). The thinking is measured in a second game whose computers
take 4 s a decision, while the first of them thinks.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from bench.pty_terminal import Results, Terminal, first_screen, record

GAME = ["play", "robo-factory", "--players", "3", "--opponent", "easy", "--seed", "7"]
BUYING = "Buy information?"
BUILDING = "Build: type r g b y"
NOTEPAD = "Notepad: arrows"
PARTS = ("head", "torso", "legs")


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(GAME)
    try:
        first_screen(term, "Enter", results, "robo factory: first screen")
        _expect(term, "Enter: next turn", "the first customer turn's result")
        term.key("enter", until=BUYING)
        term.key("tab", until=NOTEPAD)  # the notepad has the keys from now on
        for n in range(repeat):
            key = "right" if n % 2 == 0 else "left"
            before = _cursor(term)
            written = term.key(key)
            if _cursor(term) == before:
                raise TimeoutError(f"{key} did not move the notepad's cursor:\n{term.text()}")
            record(results, "robo factory: notepad cursor move", written)
        for n in range(repeat):
            key = "xo"[n % 2]
            written = term.key(key, until=lambda s, k=key: _cursor(s)[1] == k)
            record(results, "robo factory: notepad mark", written)
        term.key("tab", until=lambda s: NOTEPAD not in s and BUYING in s)
        record(results, "robo factory: idle while buying (B/s)", term.idle_rate(3.0))
        term.key("1", until="Enter hands card 1")
        record(
            results,
            "robo factory: buy (Enter) + computer builds, until yours",
            term.key("enter", until=BUILDING),
        )
        for n in range(repeat):
            key = "rgby"[n % 4]
            part = _selected_part(term)
            written = term.key(key, until=lambda s, k=key, p=part: _part_colour(s, p) == k)
            record(results, "robo factory: colour choice while building", written)
        record(results, "robo factory: idle while building (B/s)", term.idle_rate(3.0))
    finally:
        term.close()
    slow = term_of(GAME, think=4.0)
    try:  # you are the customer: the computer buys and builds, 4 s a decision
        slow.wait_for("is thinking")
        time.sleep(0.5)
        rate = slow.idle_rate(2.5)
        _expect(slow, "is thinking", "the computer still thinking after the measure")
        record(results, "robo factory: computer thinking (B/s)", rate)
    finally:
        slow.close()


def _expect(term: Terminal, shows: str, what: str) -> None:
    if shows not in term.text():
        raise TimeoutError(f"expected {what} ({shows!r}):\n{term.text()}")


def _cursor(screen_or_term: str | Terminal) -> tuple[tuple[str, int], str]:
    """Where the notepad's cursor ``[.]`` is (its part row and column) and the mark under
    it (the build's torso ``=[G]=`` is not a cursor)."""
    screen = screen_or_term if isinstance(screen_or_term, str) else screen_or_term.text()
    for line in screen.splitlines():
        part = line.split(maxsplit=1)[0] if line.strip() else ""
        found = re.search(r"(?<!=)\[(.)\](?!=)", line) if part in PARTS else None
        if found:
            return (part, found.start()), found.group(1)
    raise TimeoutError(f"no notepad cursor on screen:\n{screen}")


BUILD_PART = {
    "head": r"head +\((.)\)( +<)?",
    "torso": r"torso +=\[(.)\]=( +<)?",
    "legs": r"legs +/(.)\\( +<)?",
}


def _build_part(screen: str, part: str) -> re.Match[str] | None:
    """The build's line of ``part``: ``head   (R) <`` (the colour, the selection mark)."""
    return re.search(BUILD_PART[part], screen)


def _selected_part(term: Terminal) -> str:
    screen = term.text()
    chosen = [p for p in PARTS if (found := _build_part(screen, p)) and found.group(2)]
    if len(chosen) != 1:
        raise TimeoutError(f"no part of the build is selected:\n{screen}")
    return chosen[0]


def _part_colour(screen: str, part: str) -> str:
    """The colour letter shown for ``part`` in the build (lower case), '' if none."""
    found = _build_part(screen, part)
    return found.group(1).lower() if found else ""
