"""Undo never goes back across something hidden that was shown: the secret order, the
others' builds, a private match count or a bought tile (that would be cheating)."""

from __future__ import annotations

from engines.registry import get_game
from engines.robo_factory.state import BUY, Build, Buy
from saves import PlayerEntry
from screens.session import GameSession

PLAYERS = [
    PlayerEntry("You", "human"),
    PlayerEntry("Tin", "computer", "random"),
    PlayerEntry("Robo", "computer", "random"),
]


def new_session(tmp_path, seed: int = 5) -> GameSession:
    return GameSession.new(get_game("robo-factory"), PLAYERS, {}, seed, tmp_path)


def play_until(session: GameSession, stop) -> None:
    """Everyone passes on buying and builds robot 0, until ``stop(state)``."""
    match = session.match
    while not stop(match.state):
        seat = match.state.to_move()[0]
        view = match.state.view(seat)
        match.play(Buy(None) if view.phase == BUY else Build(view.candidates()[0]), seat)


def human_to_move(state) -> bool:
    return not state.is_terminal() and state.to_move()[0] == 0


def checks(state) -> int:
    return sum(1 for e in state.events if e.kind == "check")


def test_a_build_can_be_taken_back_until_it_is_checked(tmp_path):
    session = new_session(tmp_path)
    # a turn where the human builds first: the others have not built yet
    play_until(session, lambda s: human_to_move(s) and s.phase == "build" and s.actor == 0)
    before = len(session.match.log)
    session.match.play(Build(session.match.state.view(0).candidates()[0]), 0)
    assert session.match.state.phase == "build"  # the others still to build: nothing shown
    assert session.why_no_undo() is None
    assert session.undo() and len(session.match.log) == before


def test_no_undo_across_a_check(tmp_path):
    session = new_session(tmp_path)
    play_until(session, lambda s: human_to_move(s) and s.phase == "build" and s.actor == 0)
    shown = checks(session.match.state)
    session.match.play(Build(session.match.state.view(0).candidates()[0]), 0)
    play_until(session, lambda s: checks(s) > shown)  # the others build; the check
    assert session.match.undo_floor([0]) == len(session.match.log)
    assert session.undo_point() is None
    assert session.why_no_undo() == (
        "Too late to take that back: the builds were checked since (their results were shown)."
    )
    log = list(session.match.log)
    assert not session.undo() and session.match.log == log


def test_no_undo_of_a_purchase(tmp_path):
    session = new_session(tmp_path)
    play_until(session, lambda s: human_to_move(s) and s.phase == BUY)
    state = session.match.state
    session.match.play(Buy(state.view(0).hand[0]), 0)
    assert session.match.state.view(0).bought is not None
    assert session.undo_point() is None  # a second purchase would show a second tile
    assert session.why_no_undo() == (
        "Too late to take that back: you bought information since (a match count was shown)."
    )


def test_undo_floor_is_zero_before_anything_is_shown(tmp_path):
    session = new_session(tmp_path)
    assert session.match.undo_floor([0]) == 0 and session.why_no_undo() is not None


def test_another_seats_purchase_does_not_block_undo(tmp_path):
    """A computer's tile is shown to the computer only: taking back the human's pass (and
    the purchase after it) shows the human nothing new."""
    session = new_session(tmp_path)
    play_until(
        session,
        lambda s: human_to_move(s) and s.phase == BUY and s.actor < len(s.manufacturers()) - 1,
    )
    before = len(session.match.log)
    session.match.play(Buy(None), 0)
    seat = session.match.state.to_move()[0]
    session.match.play(Buy(session.match.state.view(seat).hand[0]), seat)
    assert session.why_no_undo() is None
    assert session.undo() and len(session.match.log) == before
