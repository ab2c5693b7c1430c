"""Robot Master computer players: legal, deterministic, blind to hidden cards, and useful."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from engines.registry import get_game
from engines.robot_master.board import CELLS, CENTER, EMPTY
from engines.robot_master.evaluation import SCORE, line_key
from engines.robot_master.players import (
    LEVELS,
    EasyPlayer,
    HardPlayer,
    NormalPlayer,
    RandomPlayer,
)
from engines.robot_master.scoring import line_score
from engines.robot_master.state import RobotMasterState

SPEC = get_game("robot-master")
ALL_LEVELS = ("random", "easy", "normal", "hard")


def make(level: str, seat: int, seed: int, iterations: int = 3) -> Any:
    """A player as the arena makes it, with hard capped so tests are quick and repeatable."""
    player = LEVELS[level](seat=seat, level=level, seed=seed)
    if isinstance(player, HardPlayer):
        player.iterations = iterations
    return player


def play_game(levels: tuple[str, str], seed: int, hand: str, iterations: int = 3) -> tuple:
    """Play one game; return the moves and the result. Fails on any illegal choice."""
    state = SPEC.new_game(2, {"hand": hand}, seed)
    players = [make(levels[s], s, seed * 10 + s, iterations) for s in (0, 1)]
    moves = []
    while not state.is_terminal():
        seat = state.to_play
        view = state.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal_actions(), (levels[seat], action)
        state.apply(action, seat)
        moves.append(action)
    return moves, state.result()


def test_levels_registered() -> None:
    assert set(SPEC.player_levels()) == set(ALL_LEVELS)
    assert LEVELS["random"] is RandomPlayer
    assert LEVELS["easy"] is EasyPlayer
    assert LEVELS["normal"] is NormalPlayer
    assert LEVELS["hard"] is HardPlayer
    hard = HardPlayer(seat=0, level="hard", seed=1)
    assert 0 < hard.time_budget <= 1.0
    assert hard.iterations is None


@pytest.mark.parametrize("hand", ["full", "five"])
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_legal_moves_in_both_seats(level: str, hand: str) -> None:
    for seed, opponent in ((1, "random"), (2, "normal")):
        for levels in ((level, opponent), (opponent, level)):
            moves, result = play_game(levels, seed, hand)
            assert len(moves) == CELLS - 1
            assert result is not None


@pytest.mark.parametrize("hand", ["full", "five"])
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_same_seed_same_game(level: str, hand: str) -> None:
    first, _ = play_game((level, "hard"), 5, hand, iterations=4)
    again, _ = play_game((level, "hard"), 5, hand, iterations=4)
    assert first == again


def test_line_tables_match_the_rules() -> None:
    for values in ([4, 4, 2, 5, 1], [3, 3, 3, 3, 4], [3] * 5, [0, 0], [1, 1, 1, 1], [], [5]):
        assert SCORE[line_key(values)] == line_score(values)


# -- hidden information -----------------------------------------------------------

# Board: the centre 3, a 1 above it and a 4 to its left; rows placed one card each.
BOARD = [EMPTY] * CELLS
BOARD[CENTER], BOARD[CENTER - 5], BOARD[CENTER - 1] = 3, 1, 4
# Left to deal, 33 cards: 0:6 1:5 2:6 3:5 4:5 5:6.
SEEN_HAND = [2, 2, 2, 2, 1, 2]  # 11 cards; the other 22 are [4, 3, 4, 3, 4, 4]
HIDDEN_A = ([2, 2, 2, 2, 2, 1], [2, 1, 2, 1, 2, 3])  # (opponent hand, unused)
HIDDEN_B = ([4, 3, 0, 0, 4, 0], [0, 0, 4, 3, 0, 4])


def hidden_pair(seat: int, hand_mode: str) -> tuple[RobotMasterState, RobotMasterState]:
    """Two positions with ``seat`` to move that differ only in cards ``seat`` cannot see."""
    states = []
    for opp, rest in (HIDDEN_A, HIDDEN_B):
        hands = [SEEN_HAND[:], opp[:]] if seat == 0 else [opp[:], SEEN_HAND[:]]
        if hand_mode == "five":
            # Same counts, but the unseen rest is a draw pile here, not unused cards.
            pile = [v for v in range(6) for _ in range(rest[v])]
            states.append(
                RobotMasterState(BOARD[:], hands, [0] * 6, pile, seat, seat, "five", 2, CENTER - 1)
            )
        else:
            states.append(
                RobotMasterState(BOARD[:], hands, rest[:], [], seat, seat, "full", 2, CENTER - 1)
            )
    a, b = states
    assert a.canonical() != b.canonical()
    return a, b


@pytest.mark.parametrize("hand_mode", ["full", "five"])
@pytest.mark.parametrize("seat", [0, 1])
def test_players_cannot_see_hidden_cards(seat: int, hand_mode: str) -> None:
    a, b = hidden_pair(seat, hand_mode)
    view_a, view_b = a.view(seat), b.view(seat)
    assert view_a == view_b
    for level in ALL_LEVELS:
        move_a = make(level, seat, 42, iterations=5).choose(view_a)
        move_b = make(level, seat, 42, iterations=5).choose(view_b)
        assert move_a == move_b, level


def _reachable(obj: object, depth: int) -> list[object]:
    """Objects reachable from ``obj`` through ``gc.get_referents`` (types excluded)."""
    seen: dict[int, object] = {}
    frontier = [obj]
    for _ in range(depth):
        nxt = []
        for item in frontier:
            for ref in gc.get_referents(item):
                if isinstance(ref, type) or id(ref) in seen:
                    continue
                seen[id(ref)] = ref
                nxt.append(ref)
        frontier = nxt
    return list(seen.values())


@pytest.mark.parametrize("seat", [0, 1])
def test_view_holds_no_reference_to_the_state(seat: int) -> None:
    a, _ = hidden_pair(seat, "five")
    view = a.view(seat)
    secret = [a, a.board, a.hands, a.hands[0], a.hands[1], a.unused, a.draw_pile]
    reachable = _reachable(view, 4)
    for obj in secret:
        assert all(ref is not obj for ref in reachable)
    for value in vars(view).values():
        assert not isinstance(value, list | dict | RobotMasterState)


def test_players_do_not_change_the_view_or_state() -> None:
    state = SPEC.new_game(2, {"hand": "five"}, 3)
    before = state.fingerprint()
    view = state.view(0)
    for level in ALL_LEVELS:
        make(level, 0, 1).choose(view)
    assert state.fingerprint() == before
    assert view == state.view(0)


# -- strength -----------------------------------------------------------------------


def test_hard_beats_random() -> None:
    wins = 0
    for g in range(10):
        levels = ("hard", "random") if g % 2 == 0 else ("random", "hard")
        hard_seat = g % 2
        _, result = play_game(levels, 100 + g, "full" if g < 6 else "five", iterations=6)
        wins += result.outcome(hard_seat) == "win"
    assert wins >= 8
