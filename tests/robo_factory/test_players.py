"""Robo Factory computer players: exact reasoning checked against the brute-force reference
(tests/reference_players/robo_factory_reference.py)."""

from __future__ import annotations

import random

import pytest

from engines.players import make_player
from engines.robo_factory.reasoning import Context, buy_values, expected_loss, second_try
from engines.robo_factory.state import BUY, REBUILD, Build, Buy
from tests.reference_players import robo_factory_reference as ref
from tests.robo_factory.support import SPEC


def test_expected_loss_and_second_try_values() -> None:
    assert expected_loss(0) == 0
    assert expected_loss(6) == expected_loss(10) == 3.5
    assert expected_loss(1) == 1
    assert second_try(1, 4, False, 0.0, 0.0) == (2.0, False)
    assert second_try(1, 4, True, 0.0, 0.0) == (5.5, True)  # sure: shout Eureka
    assert second_try(4, 4, False, 0.0, 0.0)[0] == pytest.approx(0.5 - 0.75)
    assert second_try(4, 0, False, 0.0, 0.0)[0] == pytest.approx(0.5)  # nothing to pay


def test_no_cube_no_purchase_in_the_reasoning() -> None:
    values = buy_values([1, 2, 3], [4, 5, 6], Context(0, False))
    assert [card for _, card in values] == [None]


def test_hard_matches_the_brute_force_reference() -> None:
    """On sampled last turns of a duel, hard-ev's exact value equals the best possible."""
    rng = random.Random(5)
    for i in range(25):
        state = ref.sample_turn(777 + i, rng)
        view = state.view(ref.SEAT)
        best = ref.reference_value(
            view.open_cards,
            view.open_tiles,
            view.hand,
            view.cubes[ref.SEAT],
            not view.eureka_used[ref.SEAT],
        )
        value = ref.policy_value(state, lambda i=i: ref.make("hard-ev", i))
        assert value == pytest.approx(best, abs=1e-9)
        shipped = ref.policy_value(state, lambda i=i: ref.make("hard", i))
        assert best - 0.5 <= shipped <= best + 1e-9


@pytest.mark.parametrize("level", ["random", "normal", "hard"])
def test_builds_are_consistent_with_knowledge(level: str) -> None:
    """These levels build a robot that is still possible on the second try (``easy``
    forgets the other builds, so it may not)."""
    checked = 0
    for seed in range(60):
        state = SPEC.new_game(3, {}, seed)
        bots = [make_player(SPEC, level, s, seed) for s in range(3)]
        while state.turn == 0:
            (seat,) = state.to_move()
            view = state.view(seat)
            action = bots[seat].choose(view)
            if state.phase == REBUILD:
                assert isinstance(action, Build) and action.code in view.candidates()
                checked += 1
            elif state.phase == BUY:
                assert isinstance(action, Buy)
            state.apply(action, seat)
    assert checked > 0


def test_normal_reasons_only_from_its_own_knowledge() -> None:
    """``normal`` does not cross out the others' revealed wrong builds; ``hard`` does."""
    from engines.robo_factory.players import own_candidates

    found = 0
    for seed in range(80):
        state = SPEC.new_game(4, {}, seed)
        bots = [make_player(SPEC, "normal", s, seed) for s in range(4)]
        while state.turn == 0:
            (seat,) = state.to_move()
            view = state.view(seat)
            if state.phase == REBUILD:
                mine = own_candidates(view)
                assert set(view.candidates()) <= set(mine)
                others = {b for s, b in enumerate(view.builds) if s != seat and b is not None}
                if others & set(mine):
                    found += 1
            state.apply(bots[seat].choose(view), seat)
    assert found > 0


def test_hard_first_build_against_the_crowd_is_valid() -> None:
    """With 4 players hard values its first build against sampled rivals; it still builds a
    possible robot or a probe (its speed is measured by the arena, see bench/RESULTS.md)."""
    builds = 0
    for seed in range(30):
        state = SPEC.new_game(4, {}, seed)
        bots = [make_player(SPEC, "hard", s, seed) for s in range(4)]
        while state.turn == 0:
            (seat,) = state.to_move()
            view = state.view(seat)
            action = bots[seat].choose(view)
            if state.phase != BUY:
                assert isinstance(action, Build) and 0 <= action.code < 64
                builds += 1
            state.apply(action, seat)
    assert builds >= 30 * 3
