"""Thousands of seeded Robo Factory games with invariants after every action; players."""

from __future__ import annotations

import pytest

from engines.arena import run_arena
from engines.match import Match
from engines.players import make_player
from engines.robo_factory.state import OVER, RoboFactoryState
from tests.robo_factory.support import SPEC, random_game

GAMES = 3000
CHUNKS = 10


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    """3,000 games in all (2 to 6 players, both tie-breaks), checked after every action."""
    per = GAMES // CHUNKS
    for game in range(chunk * per, (chunk + 1) * per):
        n = 2 + game % 5
        options = {"tiebreak": "extra" if game % 3 == 0 else "share"}
        (state,) = random_game(n, 50_000 + game, options)
        assert state.phase == OVER
        result = state.result()
        assert result is not None and result.scores == tuple(state.cubes)
        assert max(state.cubes) == state.cubes[result.winners[0]]


def test_same_seed_same_game() -> None:
    a = random_game(4, 77, keep=True)
    b = random_game(4, 77, keep=True)
    assert [s.fingerprint() for s in a] == [s.fingerprint() for s in b]


@pytest.mark.parametrize("n", [2, 4, 6])
def test_every_level_plays_legal_games(n: int) -> None:
    levels = ["random", "easy", "normal", "hard", "hard", "normal"][:n]
    report = run_arena(SPEC, levels, 6, 3)
    for entry in report.players:
        assert entry.wins + entry.draws + entry.losses == 6


def test_hard_plays_whole_games_legally() -> None:
    """Whole 4-player games of hard players through the match (its speed, p95 per
    decision, is measured by the arena: bench/RESULTS.md)."""
    for seed in range(12):
        match = Match(SPEC, 4, {}, seed)
        state = match.state
        assert isinstance(state, RoboFactoryState)
        players = [make_player(SPEC, "hard", s, s) for s in range(4)]
        while not state.is_terminal():
            (seat,) = state.to_move()
            view = state.view(seat)
            action = players[seat].choose(view)
            assert action in view.legal_actions()
            match.play(action, seat)
        assert state.result() is not None


def test_hard_buys_and_builds_sensibly() -> None:
    """With a single candidate left, hard builds it and shouts Eureka when it still may."""
    for seed in range(200):
        state = SPEC.new_game(2, {}, seed)
        view = state.view(1)
        if len(view.candidates()) == 1:
            player = make_player(SPEC, "hard", 1, 0)
            state.apply(player.choose(view), 1)
            action = player.choose(state.view(1))
            assert action.code == state.order and action.eureka
            return
    raise AssertionError("no seed with a single candidate")
