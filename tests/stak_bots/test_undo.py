"""Stak Bots undo never goes back across a card you were shown: a card turned up, drawn,
or played from another hand (otherwise undo would let you peek and take the move back)."""

from __future__ import annotations

from engines.match import Match
from engines.stak_bots.moves import Move
from engines.stak_bots.spec import STAK_BOTS
from screens.stak_bots.screen import StakBotsScreen
from tests.ui_helpers import make_app, settle


def test_the_undo_floor_follows_the_cards_a_seat_has_seen() -> None:
    match = Match(STAK_BOTS, 2, {}, 7)
    state = match.state
    seen = state.reveals(0)
    assert seen == 5  # two face-up tops, two dealt cards and the first draw
    floor = match.undo_floor([0])
    # a move that shows player 1 nothing new can be taken back; one that does cannot
    for _ in range(40):
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        match.play(action, seat)
        now = state.reveals(0)
        if now == seen:
            assert match.undo_floor([0]) == floor, "nothing new was shown: undo may go back"
        else:
            assert now > seen and match.undo_floor([0]) == len(match.log)
            seen, floor = now, len(match.log)
        if state.is_terminal():
            break
    assert seen > 5


def test_a_computer_search_copy_keeps_no_record() -> None:
    state = Match(STAK_BOTS, 2, {}, 7).state
    copy = state.clone()
    copy.play(copy.legal_actions()[0])
    assert copy.reveals(0) == 0 and state.reveals(0) == 5


async def test_undo_after_an_attack_that_turned_up_cards_is_refused(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="hard", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StakBotsScreen)
        state = screen.state
        before = state.reveals(0)
        attack = next(m for m in state.legal_actions(0) if m.kind == "attack")
        assert isinstance(attack, Move)
        await pilot.press("a")
        await settle(pilot)
        while screen.state.to_move() == (0,) and screen.prompt_options():
            await pilot.press("enter")
            await settle(pilot)
        match = screen.session.match
        assert match.state.reveals(0) > before, "the attack turned up a face-down card"
        floor = match.undo_floor([0])
        for _ in range(5):  # moves after the reveal may go; the reveal stays
            await pilot.press("u")
            await settle(pilot)
            match = screen.session.match
            assert len(match.log) >= floor
        assert screen.message == "Too late to take that back: new cards were shown."
        # one status line holds it whole (not cut under a 4-player prompt)
        assert len(screen.message) <= screen.status_width()
        assert match.state.reveals(0) > before
