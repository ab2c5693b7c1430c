"""Undoing a move the computer answered must not let you replay knowing a
card of its hand. The computer's hand goes back among the cards you cannot see and is dealt
again (a logged ``redeal`` chance action, so the save replays)."""

from __future__ import annotations

import random

import pytest

from engines.core import IllegalAction
from engines.match import LoggedAction, Match
from engines.robot_master.board import CELLS, CENTER, EMPTY
from engines.robot_master.spec import ROBOT_MASTER, RULES
from engines.robot_master.state import Redeal, RobotMasterState
from saves import PlayerEntry, load_save
from screens.session import GameSession

PLAYERS = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "random")]


def counts(values: list[int]) -> list[int]:
    out = [0] * 6
    for v in values:
        out[v] += 1
    return out


def hidden_pool(state: RobotMasterState, seat: int) -> list[int]:
    """What ``seat``'s opponent cannot see, as counts: this hand, the pile, the unused."""
    pile = counts(state.draw_pile)
    return [state.hands[seat][v] + state.unused[v] + pile[v] for v in range(6)]


def tiny_state() -> RobotMasterState:
    """Rows hold two 3s; Columns one 5; one 0 lies face down unused."""
    board = [EMPTY] * CELLS
    board[CENTER] = 2
    return RobotMasterState(
        board, [[0, 0, 0, 2, 0, 0], [0, 0, 0, 0, 0, 1]], [1, 0, 0, 0, 0, 0], [], 0, 0, "full"
    )


# -- the chance action, worked by hand ----------------------------------------------------
def test_a_redeal_of_one_card_from_two_follows_the_shuffle_by_hand() -> None:
    """Pool sorted [0, 5]; the Fisher-Yates step swaps the two when random() < 0.5, so the
    hand gets the 5 then and the 0 otherwise. The Rows hand and the board never change."""
    seen = set()
    for number in range(1, 40):
        state = tiny_state()
        state.apply(Redeal(number), 1)
        expected = 5 if random.Random(number).random() < 0.5 else 0
        assert state.hands[1] == counts([expected])
        assert state.unused == counts([5 - expected])  # the other one stays face down
        assert state.hands[0] == [0, 0, 0, 2, 0, 0] and state.board[CENTER] == 2
        assert state.moves == 0 and state.to_play == 0
        seen.add(expected)
    assert seen == {0, 5}  # both deals happen


def test_a_redeal_keeps_the_sizes_and_deals_from_the_hidden_cards_only() -> None:
    for mode in ("full", "five"):
        match = Match(ROBOT_MASTER, 2, {"hand": mode}, 11)
        for _ in range(5):
            match.play(match.state.legal_actions()[0])
        state = match.state
        assert isinstance(state, RobotMasterState)
        before = state.clone()
        view_before = state.view(0)
        match.play(Redeal(987654), 1)
        assert state.hands[0] == before.hands[0]  # the other hand: untouched
        assert sum(state.hands[1]) == sum(before.hands[1])
        assert len(state.draw_pile) == len(before.draw_pile)
        assert sum(state.unused) == sum(before.unused)
        assert hidden_pool(state, 1) == hidden_pool(before, 1)
        assert state.view(0) == view_before  # nothing Rows can see has changed
        assert match.log[-1] == LoggedAction(1, "redeal 987654")


def test_redeal_text_round_trips_and_bad_text_is_refused() -> None:
    assert ROBOT_MASTER.decode_action("redeal 42") == Redeal(42)
    assert ROBOT_MASTER.encode_action(Redeal(42)) == "redeal 42"
    for bad in ("redeal", "redeal x", "redeal -3", "redeal 4 2"):
        with pytest.raises(IllegalAction):
            ROBOT_MASTER.decode_action(bad)
    assert "dealt again" in ROBOT_MASTER.describe_action(Redeal(1), 1)


def test_a_redeal_is_never_a_move_to_choose_and_not_after_the_end() -> None:
    match = Match(ROBOT_MASTER, 2, {}, 3)
    assert not any(isinstance(a, Redeal) for a in match.state.legal_actions())
    while not match.state.is_terminal():
        match.play(match.state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="over"):
        match.state.apply(Redeal(5), 1)


# -- undo in a session ----------------------------------------------------------------------
def answered(session: GameSession) -> None:
    """You move, the computer answers (its first legal move)."""
    state = session.match.state
    session.play(state.legal_actions(0)[0], 0)
    session.play(session.match.state.legal_actions(1)[0], 1)


@pytest.mark.parametrize("mode", ["full", "five"])
def test_undo_after_the_computer_answered_redeals_its_hand(tmp_path, mode) -> None:
    session = GameSession.new(ROBOT_MASTER, PLAYERS, {"hand": mode}, 5, tmp_path)
    start = session.match.state.clone()
    assert isinstance(start, RobotMasterState)
    answered(session)
    assert session.why_no_undo() is None  # five cards too: the draw goes back and is shuffled
    assert session.undo()
    state = session.match.state
    assert isinstance(state, RobotMasterState)
    (entry,) = session.match.log
    assert entry.seat == 1 and entry.text.startswith("redeal ")
    # your hand, the board and the turn: as before your move
    assert state.hands[0] == start.hands[0] and state.board == start.board
    assert state.moves == 0 and state.to_play == 0
    # the computer's: as many cards as before, dealt from what you cannot see
    assert sum(state.hands[1]) == sum(start.hands[1])
    assert len(state.draw_pile) == len(start.draw_pile)
    assert hidden_pool(state, 1) == hidden_pool(start, 1)
    # the save replays to the same state (the re-deal is in the log)
    again = load_save(session.saved.path)
    assert again.match.state.fingerprint() == state.fingerprint()
    assert [e.text for e in again.match.log] == [entry.text]


def test_each_undo_deals_anew(tmp_path) -> None:
    session = GameSession.new(ROBOT_MASTER, PLAYERS, {}, 5, tmp_path)
    hands, numbers = set(), set()
    for _ in range(6):
        answered(session)
        assert session.undo()
        numbers.add(session.match.log[-1].text)
        state = session.match.state
        assert isinstance(state, RobotMasterState)
        hands.add(tuple(state.hands[1]))
    assert len(numbers) == 6 and len(hands) > 1
    # the log holds one re-deal per undo, and it still replays
    assert all(e.text.startswith("redeal ") for e in session.match.log)
    assert load_save(session.saved.path).match.state.fingerprint() == state.fingerprint()


def test_undo_of_a_move_nobody_answered_deals_nothing(tmp_path) -> None:
    """Full hand: taking back your own move before the computer answered shows nothing."""
    session = GameSession.new(ROBOT_MASTER, PLAYERS, {}, 5, tmp_path)
    start = session.match.state.fingerprint()
    session.play(session.match.state.legal_actions(0)[0], 0)
    assert session.undo()
    assert session.match.log == [] and session.match.state.fingerprint() == start


def test_the_computer_still_sees_only_its_view_after_a_redeal(tmp_path) -> None:
    session = GameSession.new(ROBOT_MASTER, PLAYERS, {}, 5, tmp_path)
    answered(session)
    session.undo()
    state = session.match.state
    assert isinstance(state, RobotMasterState)
    view = state.view(1)
    assert view.hand == tuple(state.hands[1])
    assert view.opponent_cards == sum(state.hands[0])
    assert not hasattr(view, "hands")  # no other hand in the view
    # your 12 cards are unseen to it, among the rest
    assert sum(view.unseen) == sum(state.hands[0]) + sum(state.unused)
    answer = session.computer(1)
    session.play(state.legal_actions(0)[0], 0)
    assert session.match.state.check(answer.choose(session.match.state.view(1)), 1) is None


def test_the_rules_help_says_undo_redeals() -> None:
    assert "UNDO" in RULES and "dealt as many as it held" in " ".join(RULES.split())
