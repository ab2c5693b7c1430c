"""A table where it is your turn, while you are elsewhere: the lobby says "#1 waits for
you" (and marks the table), and at another table the status line says it once."""

from __future__ import annotations

from pathlib import Path

from screens.lobby import LobbyScreen
from tests.hosting.lobby_pilot import host_table, in_game, shows, until
from tests.hosting.messages import PERSON, RANDOM
from tests.hosting.online_pilot import at_table
from tests.ui_helpers import screen_text


async def test_a_table_waiting_for_you_is_told_elsewhere(tmp_path: Path) -> None:
    async with at_table(tmp_path, "robot-master", [PERSON, PERSON]) as (server, bob, app, pilot, _):
        assert 0 in server.tables[1].to_move()  # Anna's turn
        await pilot.press("q")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await shows(pilot, "#1 waits for you")
        await shows(pilot, "[waits for you]")
        carl, _ = await host_table(
            server, "robot-master", [PERSON, RANDOM], key="SHA256:carl", name="Carl"
        )
        app.request_table({"type": "watch", "table": 2, "code": None})
        await in_game(pilot)
        await shows(pilot, "#1 waits for you")
        assert "#2 waits" not in screen_text(app)
        for other in (bob, carl):
            await other.close()
