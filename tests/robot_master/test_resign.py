"""Resigning in Robot Master ends the game: the other side wins. Logged as ``resign``, it
replays exactly; the result, the headline and the screen say it."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from engines.core import RESIGN, GameResult, IllegalAction, ResignRule
from engines.match import Match
from engines.robot_master import ROBOT_MASTER
from engines.robot_master.state import RobotMasterState
from saves import PlayerEntry, SavedGame, dumps_save, loads_save

WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)


def played(moves: int, seed: int = 3) -> Match:
    match = Match(ROBOT_MASTER, 2, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = match.state.legal_actions()
        match.play(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize(("moves", "seat"), [(0, 0), (5, 1), (6, 1), (11, 0)])
def test_resign_on_or_off_turn_ends_the_game_for_the_other_side(moves: int, seat: int) -> None:
    match = played(moves)
    state = match.state
    assert isinstance(state, RobotMasterState)
    assert ROBOT_MASTER.resign_rule == ResignRule.GAME_ENDS
    assert state.can_resign(0) and state.can_resign(1)
    assert RESIGN not in state.legal_actions()
    match.resign(seat)
    assert match.log[-1].text == "resign" and match.log[-1].seat == seat
    assert state.is_terminal() and state.to_move() == () and state.legal_actions() == []
    assert state.resigned() == (seat,)
    result = state.result()
    assert result is not None
    assert result.winners == (1 - seat,) and not result.draw and result.resigned == (seat,)
    names = ("Rows", "Columns")
    assert result.reason == f"{names[seat]} resigned: {names[1 - seat]} win."
    assert result.outcome(seat) == "resigned" and result.outcome(1 - seat) == "win"
    view = state.view(1 - seat)
    assert view.resigned == (seat,) and view.legal_actions() == []
    assert state.snapshot(public=True)["resigned"] == names[seat].lower()
    with pytest.raises(IllegalAction, match="over"):
        match.resign(1 - seat)
    with pytest.raises(IllegalAction, match="over"):
        match.play(RESIGN, 1 - seat)
    again = Match.replay(ROBOT_MASTER, 2, {}, 3, match.log)
    assert again.state.fingerprint() == state.fingerprint()
    saved = SavedGame(
        "resigned",
        match,
        [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "easy")],
        WHEN,
        WHEN,
    )
    loaded = loads_save(dumps_save(saved), "test")
    assert loaded.match.state.fingerprint() == state.fingerprint()
    assert loaded.match.state.resigned() == (seat,)


def test_no_resign_once_the_grid_is_full() -> None:
    match = played(24)
    assert match.state.is_terminal() and not match.state.can_resign(0)
    with pytest.raises(IllegalAction, match="over"):
        match.resign(0)
    with pytest.raises(IllegalAction, match="no seat"):
        played(2).resign(2)


def test_headlines() -> None:
    names = ["Anna", "Computer 2 (hard)"]
    resigned = played(4)
    resigned.resign(1)
    result = resigned.state.result()
    assert result is not None
    assert ROBOT_MASTER.result_headline(result, names) == "Anna won: Computer 2 (hard) resigned"
    full = played(24)
    result = full.state.result()
    assert result is not None
    headline = ROBOT_MASTER.result_headline(result, names)
    winner = names[result.winners[0]]
    assert headline.startswith(f"{winner} won: ") and " line " in headline
    level = result.details["level"]
    rows, cols = result.scores
    mine, theirs = (rows, cols) if result.winners == (0,) else (cols, rows)
    assert headline.endswith(f"{mine[level]} to {theirs[level]}")
    draw = GameResult((0, 1), True, "Draw", ((1,) * 5, (1,) * 5), {"level": None})
    assert ROBOT_MASTER.result_headline(draw, names) == (
        "Anna and Computer 2 (hard) drew: every line tied"
    )


def test_the_fingerprint_of_a_game_without_resigns_is_unchanged() -> None:
    match = played(3)
    assert "resigned" not in match.state.canonical()
    assert "resigned" not in match.state.snapshot()
    assert match.state.default_action(match.state.to_play) is None
