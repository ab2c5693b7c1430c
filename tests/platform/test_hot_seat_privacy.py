"""Hot seat: while the computers play, the last human's cards leave the screen (the next
human may already be looking), and u says why undo does nothing between humans."""

from __future__ import annotations

from engines.stak_bots.moves import END, SCRAP
from screens.dialogs import PassScreen
from screens.stak_bots.screen import StakBotsScreen
from tests.ui_helpers import make_app, settle


def hand_text(screen: StakBotsScreen) -> str:
    return str(screen.query_one("#sb-hand").render())


async def test_cards_leave_the_screen_while_computers_play(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="stak-bots", players=3, humans=2, opponent="random", seed=5
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, StakBotsScreen))
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.shown_seat == 0 and "Your hand" in hand_text(screen)
        await pilot.press("u")
        await settle(pilot)
        assert screen.message == "Undo is for games against the computer."
        started = []

        def hold(seat: int) -> None:  # the computers wait at their turn (drawn as usual)
            started.append(seat)
            screen.refresh_all()

        screen.start_computer = hold
        for seat in (0, 1):  # each human scraps and ends the turn
            if seat == 1:
                assert isinstance(app.screen, PassScreen)
                await pilot.press("enter")
                await settle(pilot)
            assert screen.shown_seat == seat
            screen.play(SCRAP, seat)
            await settle(pilot)
            while END not in screen.state.legal_actions(seat):  # an effect's choice first
                if isinstance(app.screen, PassScreen):
                    await pilot.press("enter")
                    await settle(pilot)
                mover = screen.state.to_move()[0]
                screen.play(screen.state.legal_actions(mover)[0], mover)
                await settle(pilot)
            screen.play(END, seat)
            await settle(pilot)
        assert started == [2]  # the computer's turn, and nobody's cards are up
        assert screen.shown_seat is None and "Hands are hidden" in hand_text(screen)
