"""Stak Bots's keys for bench/terminal_bytes.py.

Seed 7, against one easy computer: your hand is Pit Bot, Trip Bot (both with an entry
effect that opens a prompt: choose any top card) and Spike Bot (none). Measured: picking a
card (the highlight moves), playing Spike Bot (it leaves the hand, the log tells it), a move
between a prompt's options (after playing Pit Bot), ending the turn with the computer's
moves until you decide again (your turn, or a prompt its attack opens), idle at your
turn, and, in a second game where the computer starts, its thinking indicator.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from bench.pty_terminal import Results, Terminal, first_screen, record

HAND_CARD = re.compile(r"^ ([1-9]) \S")


def hand_rows(lines: list[str]) -> list[tuple[int, re.Match[str]]]:
    """The rows of the hand's cards ("1 Pit Bot (2) ..."), under "Your hand"."""
    start = next((r for r, line in enumerate(lines) if "Your hand" in line), len(lines))
    return [
        (r, m) for r in range(start + 1, len(lines)) if (m := HAND_CARD.match(lines[r])) is not None
    ]


def picked(term: Terminal) -> int:
    """The hand card the highlight is on (its number), 0 when none is."""
    with term.lock:
        screen = term.screen
        for row, match in hand_rows(screen.display):
            if screen.buffer[row][1].reverse:
                return int(match.group(1))
    return 0


def selected_option(term: Terminal, title: str) -> str:
    """The prompt's selected option: the highlighted text on the lines under ``title``."""
    with term.lock:
        screen = term.screen
        rows = [r for r, line in enumerate(screen.display) if title in line]
        if not rows:
            return ""
        for row in range(rows[0] + 1, min(rows[0] + 3, screen.lines)):
            cells = [screen.buffer[row][x] for x in range(screen.columns)]
            text = "".join(c.data for c in cells if c.reverse).strip()
            if text:
                return text
    return ""


def fail(term: Terminal, what: str) -> None:
    raise TimeoutError(f"{what}:\n{term.text()}")


def hand_names(term: Terminal) -> list[str]:
    lines = term.text().splitlines()
    return [lines[row].split()[1] for row, _ in hand_rows(lines)]


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(["play", "stak-bots", "--opponent", "easy", "--seed", "7"])
    try:
        first_screen(term, "Your turn", results, "stak bots: first screen")
        if hand_names(term) != ["Pit", "Trip", "Spike"] or picked(term) != 1:
            fail(term, "not the hand of seed 7 (Pit, Trip, Spike; Pit picked)")
        for n in range(repeat):
            before = picked(term)
            written = term.key("right" if n % 2 == 0 else "left")
            if picked(term) == before or not picked(term):
                fail(term, f"the pick did not move from card {before}")
            record(results, "stak bots: pick a card", written)
        record(results, "stak bots: idle at your turn (B/s)", term.idle_rate(3.0))
        term.key("3")  # Spike Bot: no entry effect, no prompt
        if picked(term) != 3:
            fail(term, "card 3 was not picked")
        written = term.key("p", until="You play Spike Bot")
        if "Spike" in hand_names(term):
            fail(term, "Spike Bot is still in the hand")
        record(results, "stak bots: play a card (+ replies)", written)
        term.key("1")
        term.key("p", until="choose a top card")  # Pit Bot's entry: a prompt
        for n in range(repeat):
            before = selected_option(term, "choose a top card")
            written = term.key("right" if n % 2 == 0 else "left")
            after = selected_option(term, "choose a top card")
            if not after or after == before:
                fail(term, f"the prompt's option did not move from {before!r}")
            record(results, "stak bots: prompt option move", written)
        term.key("1", until=lambda screen: "choose a top card" not in screen)  # answered
        term.key("s", until="scrapheap 1")  # now the turn may end
        written = term.key(
            "e",
            until=lambda screen: (
                "turn 1:" not in screen and ("Your turn" in screen or "1-9 Choose" in screen)
            ),
        )
        record(results, "stak bots: end turn + computer's moves", written)
    finally:
        term.close()
    slow = term_of(
        ["play", "stak-bots", "--opponent", "easy", "--seed", "7", "--side", "2"], think=4.0
    )
    try:
        slow.wait_for("is thinking")
        time.sleep(1.0)
        record(results, "stak bots: computer thinking (B/s)", slow.idle_rate(2.5))
        if "is thinking" not in slow.text():
            fail(slow, "the computer stopped thinking while measured")
    finally:
        slow.close()
