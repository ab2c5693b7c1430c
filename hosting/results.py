"""A finished game as one line for the lobby's Recent games: the winner first, then every
seat by the name the game's panel gives it ("Computer 3 (easy) won with 17 cubes, Anna 12,
Bob 9"; "Anna won, Bob resigned")."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engines.core import GameResult, UnknownGame
from engines.registry import get_game

OUTCOME_WORDS = {
    "win": "won",
    "loss": "lost",
    "draw": "drew",
    "resigned": "resigned",
    "unfinished": "did not finish",
    "abandoned": "abandoned",
}


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, unit: tuple[str, str]) -> str:
    return f"{n} {unit[0] if n == 1 else unit[1]}"


def score_unit(game_id: str) -> tuple[str, str] | None:
    """The unit of the game's score (:attr:`GameSpec.score_unit`), where the score is a
    count worth saying; ``None`` for other games and for a game id no longer known."""
    try:
        return get_game(game_id).score_unit
    except UnknownGame:
        return None


def headline(game_id: str, result: GameResult | None, names: Sequence[str]) -> str:
    """The line for a finished game; ``names`` are the seats' names as on the panel."""
    if result is None:
        return "abandoned: " + ", ".join(names)
    unit = score_unit(game_id)
    scores = [s if isinstance(s, int) and not isinstance(s, bool) else None for s in result.scores]
    if len(scores) != len(names) or unit is None:
        scores = [None] * len(names)
    winners = [s for s in result.winners if 0 <= s < len(names)]
    if not winners:
        head = "nobody won"
    else:
        verb = "won" if len(winners) == 1 else "shared the win"
        head = f"{_and([names[s] for s in winners])} {verb}"
        best = scores[winners[0]]
        if best is not None and unit is not None:
            head += f" with {_count(best, unit)}" + (" each" if len(winners) > 1 else "")
    rest = [s for s in range(len(names)) if s not in winners]
    rest.sort(key=lambda s: (s in result.resigned, -(scores[s] or 0)))
    parts = [head]
    for seat in rest:
        if seat in result.resigned:
            parts.append(f"{names[seat]} resigned")
        elif scores[seat] is not None:
            parts.append(f"{names[seat]} {scores[seat]}")
        else:
            parts.append(f"{names[seat]} lost")
    return ", ".join(parts)


def old_headline(row: Mapping[str, Any]) -> str:
    """The line for a result kept before headlines were: its players' outcomes, the
    winners first ("Anna won, Bob lost")."""
    players = list(row.get("players") or [])
    players.sort(key=lambda p: p.get("outcome") != "win")
    return (
        ", ".join(
            f"{p.get('name', '?')} {OUTCOME_WORDS.get(p.get('outcome', ''), p.get('outcome', ''))}"
            for p in players
        )
        or "no players"
    )


def seat_ranks(
    game_id: str, result: GameResult, seats: int, resigned: Collection[int] = ()
) -> list[int]:
    """Each seat's place (1 the best, equal places tie): the winners first, then the
    other seats by score where the game's score is a count worth saying (else tied),
    and the seats that resigned (the result's, and ``resigned``: seats whose person left
    to a computer) last, tied."""
    out = {*result.resigned, *resigned}
    unit = score_unit(game_id)
    scores = [s if isinstance(s, int) and not isinstance(s, bool) else None for s in result.scores]
    if len(scores) != seats or unit is None:
        scores = [None] * seats

    def key(seat: int) -> tuple[int, int]:
        if seat in out:
            return (2, 0)
        if seat in result.winners:
            return (0, 0)
        return (1, -(scores[seat] or 0))

    keys = [key(s) for s in range(seats)]
    # a standard competition ranking: 1, 2, 2, 4
    return [1 + sum(1 for k in keys if k < mine) for mine in keys]
