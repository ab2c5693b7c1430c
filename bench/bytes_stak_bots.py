"""Stak Bots's keys for bench/terminal_bytes.py."""

from __future__ import annotations

from collections.abc import Callable

from pty_terminal import Results, Terminal, first_screen, record


def scenario(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of(["play", "stak-bots", "--opponent", "easy", "--seed", "7"])
    try:
        first_screen(term, "Stak Bots", results, "stak bots: first screen")
        term.wait_for("p")
        for n in range(repeat):
            record(results, "stak bots: pick a card", term.key("right" if n % 2 else "left"))
        record(results, "stak bots: play a card (+ replies)", term.key("p"))
        record(results, "stak bots: idle (B/s)", term.idle_rate(3.0))
    finally:
        term.close()
