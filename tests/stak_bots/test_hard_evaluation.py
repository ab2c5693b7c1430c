"""Stak Bots' ``hard`` evaluation: fights worked by hand, a win chance that grows
with the cards kept, one side's gain the other's loss."""

from __future__ import annotations

from engines.stak_bots.evaluation import HARD, evaluate, exchange, strike, win_chance
from tests.stak_bots.support import build


def test_a_fight_counts_fatal_bash_spike_and_stomp() -> None:
    # Fatal attacks Bash: kills it, dies to its 3 damage, and Bash scraps our bottom card
    state = build([["core", "fatal"], ["core", "bash"]], [[], []])
    assert exchange(state, 0, 1) == -1.0
    # Bash attacks Fatal: kills it and their bottom card, dies to Fatal
    assert exchange(state, 1, 0) == 1.0
    # Stomp (3) against a Core Bot (3): both die, nothing gained
    state = build([["core", "stomp"], ["clumsy", "core", "core"]], [[], []])
    assert exchange(state, 0, 1) == 0.0
    # Stomp against two Sidekick Bots (power 2): kills one, attacks again, kills the next
    # and dies of the 2 + 2 damage taken: 2 cards for 1
    state = build([["core", "stomp"], ["clumsy", "sidekick", "sidekick"]], [[], []])
    assert exchange(state, 0, 1) == 1.0 and strike(state) == 1.0
    state.attack_over = True  # this turn's attacker is gone: no strike left
    assert strike(state) == 0.0


def test_the_win_chance_grows_with_the_cards_kept() -> None:
    hands = [["core"], ["core"]]
    even = build([["bash", "bash", "trip"], ["reaper", "reaper", "trip"]], hands)
    more = build([["bash", "bash", "bash", "trip"], ["reaper", "reaper", "trip"]], hands)
    held = build(
        [["bash", "bash", "trip"], ["reaper", "reaper", "trip"]], [["core", "core"], ["core"]]
    )
    assert win_chance(more) > win_chance(even) and win_chance(held) > win_chance(even)
    for state in (even, more, held):
        assert evaluate(state, 0, HARD) == -evaluate(state, 1, HARD)
        assert abs(evaluate(state, 0, HARD)) < HARD.win


def test_a_win_counts_more_the_sooner_it_comes() -> None:
    state = build([["core", "core"], ["core"]], [[], []])
    state.winners = (0,)
    assert evaluate(state, 0, HARD, 1) > evaluate(state, 0, HARD, 5) > 0
    assert evaluate(state, 1, HARD, 1) < evaluate(state, 1, HARD, 5) < 0
