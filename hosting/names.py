"""People's names on a host and the names of computer seats.

A person's name is compared by :func:`name_key` (after the terminal-safe cleaning of
:func:`hosting.text.clean_name`): Unicode-normalized, case-folded, spaces collapsed, so
"ann", "ANN" and "Ａｎｎ" are one name. A person's name may not begin with "Computer" or
with a computer level's word ("Easy Ann"), so nobody passes for a computer seat.
Computer seats are named "Computer" (the only one) or "Computer 2", and shown with their
level once: "Computer 2 (normal)".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

from engines.players import BUILTIN_LEVELS

COMPUTER_WORD = "computer"


def name_key(name: str) -> str:
    """The form two names are compared in: equal keys are the same name."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join(folded.split())


@cache
def level_words() -> frozenset[str]:
    """The computer levels' words of every game (``random``, ``easy``, ...)."""
    from engines.registry import all_games

    words = {w.casefold() for w in BUILTIN_LEVELS}
    for spec in all_games():
        words.update(level.casefold() for level in spec.player_levels())
    return frozenset(words)


def reserved(name: str) -> bool:
    """Whether a person may not take ``name``: it begins with "Computer" (any case, any
    spacing) or its first word is a computer level's word."""
    key = name_key(name)
    if key.replace(" ", "").startswith(COMPUTER_WORD):
        return True
    words = "".join(ch if ch.isalnum() else " " for ch in key).split()
    return bool(words) and words[0] in level_words()


def refusal(name: str) -> str | None:
    """Why a person may not take ``name`` (one line), else ``None``."""
    if reserved(name):
        return (
            f"{name!r} is kept for computer seats: a name may not begin with "
            "Computer or a level (random, easy, normal, hard)"
        )
    return None


def computer_name(number: int, count: int) -> str:
    """The name of the ``number``-th (from 1) of ``count`` computer seats at a table."""
    return "Computer" if count == 1 else f"Computer {number}"


def computer_names(levels: Iterable[str | None]) -> list[str]:
    """The names of a table's computer seats, in seat order (levels unused: said once,
    by whoever shows the name, e.g. :func:`with_level`)."""
    levels = list(levels)
    return [computer_name(k + 1, len(levels)) for k in range(len(levels))]


def with_level(name: str, level: str | None) -> str:
    """ "Computer 2 (normal)": a computer seat's name with its level, said once."""
    if not level or name.endswith(f"({level})"):
        return name
    return f"{name} ({level})"
