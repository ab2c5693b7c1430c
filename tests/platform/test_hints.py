"""Hints: one hint player per seat for the session (Stak Bots' hard remembers the turn,
so a hint does not send you round a circle such as playing Begone Bot and returning it,
again and again), and asking twice in one position gives the same advice."""

from __future__ import annotations

from engines.stak_bots.spec import STAK_BOTS
from saves import PlayerEntry
from screens.session import GameSession
from screens.stak_bots.screen import StakBotsScreen
from tests.ui_helpers import make_app, settle, until


def test_the_hint_player_lasts_the_session_until_an_undo(tmp_path) -> None:
    players = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "random")]
    session = GameSession.new(STAK_BOTS, players, {}, 7, tmp_path)
    hinter = session.hint_player(0)
    assert session.hint_player(0) is hinter
    session.play(session.match.state.legal_actions(0)[0], 0)
    assert session.hint_player(0) is hinter  # it keeps its memory of the turn
    if session.undo():
        assert session.hint_player(0) is not hinter  # the past it remembers is gone


def hint_shown(screen: StakBotsScreen) -> bool:
    """The hint asked for has come back, and it is for the position on screen (the search
    runs in a worker, within a time budget)."""
    hint = screen.last_hint
    return not screen.hinting and hint is not None and hint[:3] == screen.hint_key()


async def test_following_stak_bots_hints_ends_each_turn(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="hard", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StakBotsScreen)
        screen.session.hint_player(0).time_budget = 0.05
        for turn_of_mine in range(3):
            start = screen.state.turn
            for _ in range(25):  # the engine allows 60 actions a turn: no circling up to it
                if screen.state.turn != start or screen.state.is_terminal():
                    break
                await pilot.press("H")
                await until(pilot, lambda: hint_shown(screen), "the hint for this position")
                match, moves, seat, action = screen.last_hint
                await pilot.press("H")  # asked again: the same advice, no new search
                await settle(pilot)
                assert screen.last_hint == (match, moves, seat, action)
                screen.play(action, seat)
                await settle(pilot)
            assert screen.state.turn != start or screen.state.is_terminal(), turn_of_mine
            if screen.state.is_terminal():
                break
