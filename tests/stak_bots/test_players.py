"""Stak Bots computer players: legal choices, hidden information, determinization."""

from __future__ import annotations

import random

import pytest

from engines.players import make_player
from engines.stak_bots.moves import Move
from engines.stak_bots.players import EasyPlayer
from engines.stak_bots.search import greedy
from engines.stak_bots.spec import STAK_BOTS
from engines.stak_bots.state import StakState, determinize, make_view
from engines.stak_bots.view import HIDDEN
from tests.stak_bots.support import act, build, check_invariants

LEVELS = ("random", "easy", "normal", "hard")


def midgame(seed: int, steps: int = 25, players: int = 2) -> StakState:
    state = STAK_BOTS.new_game(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        mover = state.to_move()[0]
        if rng.random() < 0.3:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        else:
            state.apply(greedy(state, mover, rng))
    return state


def hidden_swapped(state: StakState, seat: int) -> StakState:
    """The same position with hidden cards moved around: cards in other hands, face-down
    stack cards and the draw pile trade places (cards of different bots)."""
    other = state.clone()
    other.events = list(state.events or [])
    slots: list[tuple[list[int], int]] = []
    for stack in other.stacks:
        slots.extend((stack, i) for i, c in enumerate(stack) if not other.up[c])
    for s, hand in enumerate(other.hands):
        if s != seat:
            slots.extend((hand, i) for i in range(len(hand)))
    slots.extend((other.draw, i) for i in range(len(other.draw)))
    swaps = 0
    for (la, ia), (lb, ib) in zip(slots, reversed(slots), strict=True):
        if swaps >= 3:
            break
        if other.kinds[la[ia]] != other.kinds[lb[ib]]:
            up_a, up_b = other.up[la[ia]], other.up[lb[ib]]
            la[ia], lb[ib] = lb[ib], la[ia]
            other.up[la[ia]], other.up[lb[ib]] = up_a, up_b
            swaps += 1
    assert swaps
    return other


@pytest.mark.parametrize("seed", range(6))
def test_views_hide_what_the_seat_cannot_see(seed: int) -> None:
    state = midgame(seed)
    seat = state.to_move()[0]
    view = state.view(seat)
    others = [s for s in range(state.num_players) if s != seat]
    for s, stack in enumerate(view.stacks):
        for card, real in zip(stack, state.stacks[s], strict=True):
            assert card == (real if state.up[real] else HIDDEN)
    assert view.hand == tuple(state.hands[seat])
    assert all(not hasattr(view, "hands") for _ in others)
    assert not hasattr(view, "draw") and view.draw_size == len(state.draw)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(4))
def test_hidden_cards_change_neither_the_view_nor_the_choice(level: str, seed: int) -> None:
    state = midgame(100 + seed)
    if state.is_terminal():
        pytest.skip("game over early")
    seat = state.to_move()[0]
    twin = hidden_swapped(state, seat)
    assert twin.canonical() != state.canonical()
    assert make_view(twin, seat) == make_view(state, seat)
    a = make_player(STAK_BOTS, level, seat, 42)
    b = make_player(STAK_BOTS, level, seat, 42)
    for p in (a, b):
        if hasattr(p, "iterations"):
            p.iterations = 3
    assert a.choose(state.view(seat)) == b.choose(twin.view(seat))


@pytest.mark.parametrize("seed", range(8))
def test_determinize_agrees_with_the_view(seed: int) -> None:
    state = midgame(200 + seed, steps=10 + 5 * seed, players=2 + seed % 3)
    if state.is_terminal():
        pytest.skip("game over early")
    seat = (state.to_move()[0] + seed) % state.num_players
    view = state.view(seat)
    for k in range(3):
        sample = determinize(view, random.Random(k))
        check_invariants(sample)
        assert make_view(sample, seat) == view


@pytest.mark.parametrize("level", LEVELS)
def test_players_finish_games_with_legal_actions(level: str) -> None:
    for seed in range(2):
        state = STAK_BOTS.new_game(2 + seed, {"reactive": "on", "recycling": "on"}, seed)
        players = [make_player(STAK_BOTS, level, s, seed) for s in range(state.num_players)]
        for p in players:
            if hasattr(p, "iterations"):
                p.iterations = 2
        while not state.is_terminal():
            seat = state.to_move()[0]
            view = state.view(seat)
            move = players[seat].choose(view)
            assert move in view.legal_actions()
            state.apply(move, seat)


def test_hard_player_is_repeatable_with_an_iteration_cap() -> None:
    state = midgame(7)
    seat = state.to_move()[0]
    picks = set()
    for _ in range(2):
        p = make_player(STAK_BOTS, "hard", seat, 9)
        p.iterations = 4
        picks.add(p.choose(state.view(seat)))
    assert len(picks) == 1


def test_greedy_player_takes_the_obvious_kill() -> None:
    state = build([["core", "core"], ["core", "reaper"]], [[], []])
    easy = make_player(STAK_BOTS, "easy", 0, 1)
    move = easy.choose(state.view(0))
    assert (move.kind, move.seat) == ("attack", 1)
    act(state, "attack p2")
    assert state.winners is None


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_hard_does_not_go_round_in_a_circle(seed: int) -> None:
    """Back at a position it already played from this turn (a Tranq reset undone by a
    Begone return, say), hard tries something else."""
    state = midgame(seed)
    seat = state.to_move()[0]
    view = state.view(seat)
    assert len(view.legal_actions()) > 1
    p = make_player(STAK_BOTS, "hard", seat, 9)
    p.iterations = 4
    first = p.choose(view)
    again = p.choose(view)  # the same table again, later in the same turn
    assert again != first and again in view.legal_actions()
    fresh = make_player(STAK_BOTS, "hard", seat, 9)
    fresh.iterations = 4
    assert fresh.choose(view) == first  # the memory is the player's own, per turn


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
@pytest.mark.parametrize("seed", range(3))
def test_computer_players_never_expel_themselves(level: str, seed: int) -> None:
    # an Expel Bot offers every player; scrapping one's own hand card
    # only loses a card, so a computer player picks an opponent, even an empty-handed one
    state = act(
        build([["core", "core"], ["core", "core"]], [["expel", "fatal", "trip"], []]), "play expel"
    )
    assert {m.seat for m in state.legal_actions()} == {0, 1}
    player = make_player(STAK_BOTS, level, 0, seed)
    if hasattr(player, "iterations"):
        player.iterations = 2
    assert player.choose(state.view(0)) == Move("expel", seat=1)
    assert greedy(state, 0, random.Random(seed), EasyPlayer.weights) == Move("expel", seat=1)
