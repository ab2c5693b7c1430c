"""Shared helpers for the Robo Factory tests (no tests here)."""

from __future__ import annotations

import random

from engines.registry import get_game
from engines.robo_factory.cards import CODES
from engines.robo_factory.state import BOX_CUBES, BUY, OVER, RoboFactoryState

SPEC = get_game("robo-factory")


def check_invariants(state: RoboFactoryState) -> None:
    """Cubes conserved, every card in exactly one place, views consistent with the truth."""
    n = state.num_players
    assert sum(state.cubes) + state.supply == BOX_CUBES
    assert all(c >= 0 for c in state.cubes)
    assert sum(state.eureka_used) == sum(1 for e in state.events if e.kind == "check" and e.die)
    places = list(state.deck) + [state.order] + list(state.open_cards) + list(state.given)
    for hand in state.hands:
        places += hand
    assert sorted(places) == list(CODES), "a card is missing or in two places"
    if state.phase == OVER:
        assert state.to_move() == () and state.legal_actions() == []
        return
    makers = state.manufacturers()
    assert state.customer not in makers and len(makers) == n - 1
    assert state.hands[state.customer] == []
    for seat in makers:
        bought = state.bought[seat]
        assert len(state.hands[seat]) == (2 if bought else 3)
        if bought:
            assert bought[0] in state.given
    assert len(state.given) == sum(b is not None for b in state.bought)
    assert len(state.open_cards) == 3 and len(set(state.open_cards)) == 3
    (actor,) = state.to_move()
    assert actor in makers
    if state.phase == BUY:
        assert state.cubes[actor] >= 1
    view = state.view(actor)
    assert state.order in view.candidates(), "the truth must stay possible"
    assert view.hand == tuple(state.hands[actor])


def random_game(
    num_players: int, seed: int, options: dict | None = None, check: bool = True, keep: bool = False
) -> list[RoboFactoryState]:
    """Play a seeded game with the ``random`` level everywhere; returns the final state,
    or every state with ``keep``."""
    from engines.match import Match
    from engines.players import make_player

    match = Match(SPEC, num_players, options or {}, seed)
    rng = random.Random(seed)
    players = [make_player(SPEC, "random", s, rng.randrange(10**6)) for s in range(num_players)]
    states = [match.state.clone()]
    state = match.state
    assert isinstance(state, RoboFactoryState)
    if check:
        check_invariants(state)
    while not state.is_terminal():
        (seat,) = state.to_move()
        action = players[seat].choose(state.view(seat))
        match.play(action, seat)
        if check:
            check_invariants(state)
        if keep:
            states.append(state.clone())
    return states if keep else [state]
