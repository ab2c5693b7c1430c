"""Small steps of the people-at-a-table scenarios over ssh: make a table in the lobby, join
it or watch it from another terminal, read a table's save file on the host, and read the
Robot Master hand lines off a screen (for the privacy checks)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tests.hosting.e2e.harness import Host, Terminal

# the order of the games in the lobby's "which game?" list
GAMES = {"Robot Master": 0, "Stak Bots": 1, "Robo Factory": 2, "RoboRally": 3}
PANEL = "▏"  # Robot Master's board and its side panel are split by this glyph


Step = tuple[Sequence[str], "str | Callable[[str], bool]"]


def new_table(term: Terminal, game: str, *steps: Step) -> None:
    """From the lobby: n, the game, then each step's keys in the new-table dialog, each
    followed by a wait for what it should show (rows appear as earlier rows change), and
    Enter creates the table."""
    term.send("n")
    term.wait_for("New table: which game?")
    term.send(*["Down"] * GAMES[game], "Enter")
    term.wait_for(f"New table: {game}")
    for keys, shows in steps:
        term.send(*keys)
        term.wait_for(shows)
    term.send("Enter")


def join_only_table(term: Terminal, game: str) -> None:
    """From the lobby of a host with one table, waiting for a player: Enter joins it."""
    term.wait_for(lambda s: game in s and "waiting for" in s and "Enter Join" in s)
    term.send("Enter")


def watch_only_table(term: Terminal, game: str) -> None:
    """From the lobby of a host with one table being played: w watches it."""
    term.wait_for(lambda s: game in s and "playing" in s)
    term.send("w")


def snapshot(host: Host, table: int = 1) -> dict[str, Any]:
    """The ``[snapshot]`` of a table's save file in the host's data folder (written after
    every move): the whole truth of the position, hands included."""
    path = host.data / "tables" / f"table-{table}.toml"
    return dict(tomllib.loads(path.read_text(encoding="utf-8"))["snapshot"])


def log_length(host: Host, table: int = 1) -> int:
    path = host.data / "tables" / f"table-{table}.toml"
    return len(tomllib.loads(path.read_text(encoding="utf-8"))["log"]["actions"])


# -- Robot Master -----------------------------------------------------------------------
HAND_ITEM = re.compile(r"\[?(\d)×(\d+)\]?")
HAND_LINE = re.compile(r"^\s*(\[?\d×\d+\]?\s*)+$")


def board_side(screen: str) -> list[str]:
    """The left part of each line (the board, the hand, the turn line), without the panel."""
    return [line.split(PANEL)[0] for line in screen.splitlines()]


def hand_lines(screen: str) -> list[Counter[int]]:
    """Every line of the board side that reads like a hand (``0×2  1×1 ...``), as counts."""
    found = []
    for line in board_side(screen):
        if HAND_LINE.match(line):
            found.append(Counter({int(v): int(n) for v, n in HAND_ITEM.findall(line) if int(n)}))
    return found


def place_a_card(term: Terminal, screen: str) -> None:
    """Pick the highest card held (its digit) and place it where the cursor stands."""
    (hand,) = hand_lines(screen)
    term.send(str(max(hand)))
    term.send("Enter")


def true_hand(host: Host, seat: int, table: int = 1) -> Counter[int]:
    """A Robot Master seat's hand from the save file (``hand_rows = "0 0 1 ..."``)."""
    text = snapshot(host, table)["hand_rows" if seat == 0 else "hand_columns"]
    return Counter(int(v) for v in text.split())


def move_number(screen: str) -> int | None:
    match = re.search(r"Move (\d+) of 24", screen)
    return int(match.group(1)) if match else None
