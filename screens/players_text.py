"""One line naming the players of a game, for lists of saves (no Textual here: the
command line uses it too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only the fields are read: any object with name, kind and level will do
    from saves import PlayerEntry


def players_text(players: Sequence[PlayerEntry]) -> str:
    """``You vs Computer (hard)``; in bigger games ``You + 3 computers (hard)``."""
    if len(players) <= 2:
        return " vs ".join(
            p.name if p.kind == "human" or not p.level else f"{p.name} ({p.level})" for p in players
        )
    humans = [p.name for p in players if p.kind == "human"]
    levels = list(dict.fromkeys(p.level or "?" for p in players if p.kind != "human"))
    text = ", ".join(humans)
    if levels:
        count = len(players) - len(humans)
        plural = "s" if count > 1 else ""
        text += f"{' + ' if humans else ''}{count} computer{plural} ({'/'.join(levels)})"
    return text
