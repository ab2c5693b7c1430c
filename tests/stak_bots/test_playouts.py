"""Seeded random Stak Bots playouts with invariants checked after every action, and
save -> load -> identical at every step."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from engines.match import Match
from engines.stak_bots.spec import STAK_BOTS
from engines.stak_bots.state import StakState
from saves import PlayerEntry, SavedGame, dumps_save, loads_save
from tests.stak_bots.support import check_invariants

PLAYOUTS = 3000
CHUNKS = 10
SAVE_GAMES = 200
SAVE_CHUNKS = 4
WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)


def options_for(seed: int) -> tuple[int, dict[str, object]]:
    """A mix of player counts, depths and all four option switches."""
    players = 2 + seed % 3
    options = {
        "depth": (9, 5, 7, 3, 12)[seed % 5] if players < 4 else (9, 5, 7, 3, 10)[seed % 5],
        "setup_effects": ("off", "on")[(seed // 3) % 2],
        "reactive": ("off", "on")[(seed // 5) % 2],
        "recycling": ("off", "on")[(seed // 7) % 2],
    }
    return players, options


def pick(rng: random.Random, legal: list) -> object:
    return legal[int(rng.random() * len(legal))]


def play_random(seed: int, check: bool = True) -> StakState:
    players, options = options_for(seed)
    state = STAK_BOTS.new_game(players, options, seed)
    rng = random.Random(seed)
    if check:
        check_invariants(state)
    while not state.is_terminal():
        turn = state.turn
        state.apply(pick(rng, state.legal_actions()), state.to_move()[0])
        if check:
            check_invariants(state)
            if state.turn != turn:
                assert not any(state.damage), "damage must heal at the end of the turn"
                assert not state.scrapped and state.attacker == -1
    result = state.result()
    assert result is not None and result.winners
    assert all(not state.out[s] or len(result.winners) > 1 for s in result.winners)
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_the_invariants(chunk: int) -> None:
    per = PLAYOUTS // CHUNKS
    outcomes = set()
    for seed in range(chunk * per, (chunk + 1) * per):
        state = play_random(seed)
        outcomes.add(len(state.result().winners))
    assert 1 in outcomes


def test_playouts_are_reproducible() -> None:
    a = play_random(12345, check=False)
    b = play_random(12345, check=False)
    assert a.fingerprint() == b.fingerprint()
    assert a.events == b.events


@pytest.mark.parametrize("chunk", range(SAVE_CHUNKS))
def test_save_load_is_identical_at_every_step(chunk: int) -> None:
    per = SAVE_GAMES // SAVE_CHUNKS
    players_entries = [PlayerEntry(f"Player {i + 1}", "human") for i in range(4)]
    for seed in range(10_000 + chunk * per, 10_000 + (chunk + 1) * per):
        players, options = options_for(seed)
        match = Match(STAK_BOTS, players, options, seed)
        rng = random.Random(seed)
        while True:
            saved = SavedGame("g", match, players_entries[:players], WHEN, WHEN)
            loaded = loads_save(dumps_save(saved), "g.toml")
            assert loaded.match.state.canonical() == match.state.canonical()
            assert loaded.match.state.fingerprint() == match.state.fingerprint()
            assert loaded.match.log == match.log
            if match.state.is_terminal():
                break
            match.play(pick(rng, match.state.legal_actions()), match.state.to_move()[0])
