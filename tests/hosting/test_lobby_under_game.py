"""The lobby under a game: every move at any table changes the lobby, and drawing it beneath
the game sent that player's whole game screen again each time (bench/serve_load.py: 14 KB per
change per player, for tables they do not even sit at). It is drawn when it is back on top."""

from __future__ import annotations

from pathlib import Path

from screens.lobby import LobbyScreen
from tests.hosting.lobby_pilot import host_table, shows, until
from tests.hosting.messages import person
from tests.hosting.online_pilot import at_table


async def test_the_lobby_waits_under_a_game_and_is_drawn_on_return(tmp_path: Path) -> None:
    async with at_table(tmp_path, "robot-master", [person(), person()]) as t:
        lobby = next(s for s in t.app.screen_stack if isinstance(s, LobbyScreen))
        drawn: list[int] = []
        real = lobby._draw_tables
        lobby._draw_tables = lambda: (drawn.append(1), real())[1]  # type: ignore[method-assign]
        carl, _ = await host_table(
            t.server, "stak-bots", [person(), person()], key="SHA256:carl", name="Carl", my_seat=0
        )
        await until(
            t.pilot,
            lambda: any(tb["game"] == "stak-bots" for tb in lobby.tables),
            "the new table reached the app",
        )
        await t.pilot.pause()
        assert drawn == [] and lobby._stale  # kept, not drawn beneath the game
        t.screen.close(False)  # back to the lobby, as q and y do
        await until(t.pilot, lambda: t.app.screen is lobby, "back in the lobby")
        await shows(t.pilot, "Stak Bots")
        assert drawn and not lobby._stale
        await carl.close()
        await t.bob.close()
