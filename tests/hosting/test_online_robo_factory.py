"""A Robo Factory customer turn at a table: the player at 80x24 buys and builds by keys, the
other person and a computer play on the host, and the turn's result shows at the end."""

from __future__ import annotations

from pathlib import Path

from screens.robo_factory.results import TurnResultScreen
from screens.robo_factory.screen import RoboFactoryScreen
from tests.hosting.lobby_pilot import SIZE, in_game, lobby_app, shows, until
from tests.hosting.messages import computer, person
from tests.hosting.online_pilot import at_table, other_moves, session_of


async def test_a_customer_turn_with_another_person_and_a_computer(tmp_path: Path) -> None:
    seats = [person(), person(), computer("random")]
    async with at_table(tmp_path, "robo-factory", seats) as (server, bob, app, pilot, screen):
        assert isinstance(screen, RoboFactoryScreen)
        session = session_of(app)
        table = server.tables[1]
        state = session.match.state
        first = state.turn
        waited_for_bob = False
        while state.turn == first and not state.is_terminal():
            await until(
                pilot,
                lambda: (
                    screen.ui_phase() in ("buy", "build")
                    or table.to_move() == [1]
                    or state.turn != first
                    or isinstance(app.screen, TurnResultScreen)
                ),
                "someone's move",
            )
            if isinstance(app.screen, TurnResultScreen) or state.turn != first:
                break
            if screen.ui_phase() == "buy":
                log = len(session.match.log)
                await pilot.press("n")  # no information this time
                await until(pilot, lambda n=log: len(table.saved.match.log) > n, "sent")
            elif screen.ui_phase() == "build":
                log = len(session.match.log)
                await pilot.press("r", "g", "b", "enter")
                await until(pilot, lambda n=log: len(table.saved.match.log) > n, "sent")
            else:
                await shows(pilot, "Waiting for Bob...")
                waited_for_bob = True
                await other_moves(pilot, bob, 1)
        assert waited_for_bob
        await until(pilot, lambda: isinstance(app.screen, TurnResultScreen), "the turn's result")
        await shows(pilot, "is over")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, TurnResultScreen), "closed")
        await until(
            pilot,
            lambda: session.match.state.fingerprint() == table.saved.match.state.fingerprint(),
            "the same game as the host",
        )
        # on: Anna's next move in the new turn (she has read the result)
        log = len(table.saved.match.log)
        await until(
            pilot,
            lambda: screen.ui_phase() in ("buy", "build") or table.to_move() == [1],
            "the next move",
        )
        while screen.ui_phase() not in ("buy", "build"):
            await other_moves(pilot, bob, 1)
        await pilot.press("n") if screen.ui_phase() == "buy" else await pilot.press(
            "r", "g", "b", "enter"
        )
        await until(pilot, lambda: len(table.saved.match.log) > log, "sent")
        # a reconnect: a new terminal of Anna's opens the table; the result stays read
        again = lobby_app(server, tmp_path / "saves2")
        async with again.run_test(size=SIZE) as pilot2:
            await in_game(pilot2)  # opened at once: Anna is seated there
            for _ in range(20):
                await pilot2.pause()
            assert not any(isinstance(s, TurnResultScreen) for s in again.screen_stack)
        await bob.close()
