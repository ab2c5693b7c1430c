"""Robo Factory: the hard player plays to win (chances of winning from the standings)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines.players import make_player
from engines.robo_factory.players import HardPlayer
from engines.robo_factory.standings import Standings, future
from engines.robo_factory.state import BUY, REBUILD, Build, Buy
from engines.robo_factory.winplay import buy_win, second_try_win
from tests.robo_factory.support import SPEC


def last_turn_rebuild(pairs: int):
    """A real 4-player game driven by ``normal`` players to the second try of its last
    customer turn, where seat ``seat`` has exactly ``pairs`` candidates left."""
    for seed in range(400):
        state = SPEC.new_game(4, {}, seed)
        bots = [make_player(SPEC, "normal", s, seed) for s in range(4)]
        while not state.is_terminal():
            (seat,) = state.to_move()
            view = state.view(seat)
            if (
                state.turn == state.total_turns - 1
                and state.phase == REBUILD
                and len(view.candidates()) == pairs
            ):
                return view
            state.apply(bots[seat].choose(view), seat)
    raise AssertionError("no such position")


def test_future_gains_are_distributions() -> None:
    lo, p = future(3, 1, True, False)
    assert sum(p) == pytest.approx(1.0)
    assert lo < 0 < lo + len(p)
    assert future(0, 0, True, True) == (0, (1.0,))  # nothing left: no change


def test_win_chance_follows_the_standings() -> None:
    state = SPEC.new_game(4, {}, 3)
    (seat,) = state.to_move()
    st = Standings.of(state.view(seat))
    ahead = st.win([4, 4, 4, 4][:seat] + [10] + [4, 4, 4, 4][seat + 1 :], True)
    level = st.win([4, 4, 4, 4], True)
    behind = st.win([10, 10, 10, 10][:seat] + [4] + [10, 10, 10, 10][seat + 1 :], True)
    assert 0.0 <= behind < level < ahead <= 1.0


def with_cubes(view, mine: int, rival: int, eureka: bool = True):
    """The view with our cubes ``mine``, every other seat at ``rival`` or below."""
    cubes = tuple(mine if s == view.seat else rival - s % 2 for s in range(4))
    used = tuple(False if s == view.seat else u for s, u in enumerate(view.eureka_used))
    return replace(view, cubes=cubes, eureka_used=used if eureka else view.eureka_used)


def test_hard_gambles_the_eureka_when_behind_on_the_last_turn() -> None:
    """Hand-worked: the last customer turn, second try, two robots still possible. Right
    pays +2, wrong costs 1: at 10 cubes against a leader with 16 only the Eureka die (right
    half the time, then 1-6 more) can still win, so hard shouts it although it is worth
    nothing in expected cubes. Leading by 6, the same gamble could only lose the lead."""
    view = last_turn_rebuild(2)
    behind = with_cubes(view, 10, 16)
    ahead = with_cubes(view, 16, 10)
    assert second_try_win(behind, 2) is True
    assert second_try_win(ahead, 2) is False
    player = HardPlayer(view.seat, "hard", 1)
    action = player.choose(behind)
    assert isinstance(action, Build) and action.eureka and action.code in view.candidates()
    action = player.choose(ahead)
    assert isinstance(action, Build) and not action.eureka
    # the plain expected-cubes rule would keep it in both cases
    ev = HardPlayer(view.seat, "hard", 1)
    ev.win_turns = 0
    chosen = ev.choose(behind)
    assert isinstance(chosen, Build) and not chosen.eureka


def test_buying_counts_the_cube_handed_to_the_leading_customer() -> None:
    """On the last turn, a purchase from a customer who leads by one makes it a two-cube
    lead; a tile that can at best turn a 1-in-2 guess into a sure +4 is then weighed by the
    chance of winning, and not buying must be among the options valued."""
    for seed in range(200):
        state = SPEC.new_game(4, {}, seed)
        state._deal(state.total_turns - 1)
        (seat,) = state.to_move()
        view = state.view(seat)
        if view.phase == BUY and len(view.candidates()) >= 2 and view.hand:
            values = buy_win(view, view.candidates(), random.Random(0))
            assert values[0][1] is None
            assert {card for _, card in values[1:]} == set(view.hand)
            assert all(0.0 <= v <= 1.0 for v, _ in values)
            return
    raise AssertionError("no position found")


def test_hard_plays_to_win_legally() -> None:
    """Whole 4-player games of hard players: every choice legal and of the phase's kind
    (their speed is measured in bench/, not here)."""
    for seed in range(12):
        state = SPEC.new_game(4, {}, seed)
        bots = [make_player(SPEC, "hard", s, seed) for s in range(4)]
        while not state.is_terminal():
            (seat,) = state.to_move()
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view.legal_actions()
            assert isinstance(action, Buy if state.phase == BUY else Build)
            state.apply(action, seat)
        assert sum(state.cubes) > 0
