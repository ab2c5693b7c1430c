"""The pseudo-terminal of tests/helpers/pty_robotui.py, and how bench scenarios record."""

from __future__ import annotations

from tests.helpers.pty_robotui import Terminal, environment, spawn, stop

__all__ = ["Results", "Terminal", "environment", "first_screen", "record", "spawn", "stop"]


Results = dict[str, list[float]]


def record(results: Results, name: str, value: float) -> None:
    results.setdefault(name, []).append(value)


def first_screen(term: Terminal, shows: str, results: Results, name: str) -> None:
    term.wait_for(shows)
    term.settle(quiet=0.8)
    record(results, name, term.total)
