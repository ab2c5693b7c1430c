"""Robo Factory has no way out of a game: a seat that leaves is played by a computer to the
end (the table server seats it), so the engine refuses a resignation. The result's
headline names the winners with their cubes."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction, ResignRule
from engines.match import Match
from tests.robo_factory.support import SPEC, random_game


def test_no_resign_in_robo_factory() -> None:
    assert SPEC.resign_rule == ResignRule.COMPUTER_PLAYS
    match = Match(SPEC, 3, {}, 4)
    assert not match.state.can_resign(0) and match.state.resigned() == ()
    with pytest.raises(IllegalAction, match="a computer plays the seat to the end"):
        match.resign(1)
    with pytest.raises(IllegalAction):
        SPEC.decode_action("resign")
    assert match.log == []


def test_no_default_answer_in_robo_factory() -> None:
    """Buying and building are regular turns: a stand-in chooses, not a default."""
    state = Match(SPEC, 3, {}, 4).state
    assert all(state.default_action(s) is None for s in range(3))


def test_headline_names_the_winners_and_their_cubes() -> None:
    names = ["Anna", "Bob", "Computer 3 (easy)"]
    for seed in range(40):
        state = random_game(3, seed)[-1]
        result = state.result()
        assert result is not None
        best = max(result.scores)
        unit = f"{best} cube{'s' if best != 1 else ''}"
        headline = SPEC.result_headline(result, names)
        if len(result.winners) == 1:
            assert headline == f"{names[result.winners[0]]} won with {unit}"
        else:
            assert headline.endswith(f" at {unit}")
            assert headline.split(" at ")[0].endswith(("drew", "shared the win"))
