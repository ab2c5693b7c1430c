"""Calibration: games between the computer levels, rated like any other game, so a
player's rating can be placed among the levels ("between normal and hard") from the
first game night (``robotui serve --calibrate N``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from engines.core import GameSpec
from engines.match import Match
from engines.players import make_player
from engines.registry import all_games
from hosting.names import with_level
from hosting.ratings import computer_identity, level_ratings
from hosting.results import seat_ranks
from hosting.store import SeatResult, Store, now_text


def play_one(spec: GameSpec, levels: Sequence[str], seed: int) -> list[int]:
    """One game between computer players of ``levels`` (seat order); each seat's rank."""
    match = Match(spec, len(levels), spec.normalize_options({}), seed)
    players = [
        make_player(spec, level, seat, seed * 1000 + 7 * seat + 1)
        for seat, level in enumerate(levels)
    ]
    state = match.state
    while not state.is_terminal():
        for seat in state.to_move():
            match.play(players[seat].choose(state.view(seat)), seat)
    result = state.result()
    assert result is not None
    return seat_ranks(spec.id, result, len(levels))


def calibrate_game(
    store: Store, spec: GameSpec, games: int, seed: int, levels: Sequence[str] | None = None
) -> dict[str, int]:
    """``games`` two-seat games of ``spec`` between every pair of its levels (or of
    ``levels``) in turn, each level in each seat, kept as calibration results and rated;
    the levels' ratings."""
    levels = list(spec.player_levels()) if levels is None else list(levels)
    pairs = list(combinations(levels, 2))
    for g in range(games):
        first, second = pairs[(g // 2) % len(pairs)]
        seats = [first, second] if g % 2 == 0 else [second, first]
        ranks = play_one(spec, seats, seed + g)
        kept = [
            SeatResult(
                seat,
                computer_identity(level),
                "computer",
                with_level("Computer", level),
                rank,
                "win" if rank == 1 and ranks.count(1) == 1 else "draw" if rank == 1 else "loss",
            )
            for seat, (level, rank) in enumerate(zip(seats, ranks, strict=True))
        ]
        players = [{"name": s.name, "outcome": s.outcome} for s in kept]
        store.add_rated_result(
            0, spec.id, now_text(), players, kept, outcome="finished", calibration=True
        )
    return level_ratings(store.db, spec.id)


def calibrate(
    store: Store,
    games: int,
    seed: int,
    say: Callable[[str], None],
    game_ids: Sequence[str] | None = None,
) -> None:
    """Calibrate every game (or those of ``game_ids``), saying one line per game."""
    for spec in all_games():
        if game_ids is not None and spec.id not in game_ids:
            continue
        say(f"Calibrating {spec.name}: {games} games between the computer levels...")
        ratings = calibrate_game(store, spec, games, seed)
        shown = ", ".join(f"{lvl} {r}" for lvl, r in sorted(ratings.items(), key=lambda i: i[1]))
        say(f"{spec.name}: levels rated {shown}")
