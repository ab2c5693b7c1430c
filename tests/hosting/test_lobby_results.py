"""A finished game in the lobby: its table leaves the list of tables, and its result shows
under Recent games, each seat named once as the game names it."""

from __future__ import annotations

from pathlib import Path

from hosting.server import TableServer
from tests.hosting.lobby_pilot import SIZE, lobby_app, named, shows, until
from tests.hosting.messages import PERSON, RANDOM, create_msg
from tests.hosting.raw_client import RawClient
from tests.hosting.test_server_play import play_to_the_end
from tests.ui_helpers import screen_text


async def finished_game(server: TableServer) -> RawClient:
    """Carl, who has played a Robot Master game against a computer to its end (the lobby
    then refreshed quickly)."""
    carl = await RawClient.hello(server, "SHA256:carl", "Carl")
    await carl.send(create_msg(seats=[PERSON, RANDOM]))
    tid = (await carl.recv("table"))["table"]
    await play_to_the_end(carl, server, tid)
    server.lobby_interval = 0.02
    return carl


async def test_a_finished_game_shows_in_the_results(
    table_server: TableServer, tmp_path: Path
) -> None:
    carl = await finished_game(table_server)
    app = lobby_app(table_server, tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await named(pilot)
        await until(pilot, lambda: bool(app.screen.results), "the result")
        text = screen_text(app)
        assert "Robot Master 2/2  finished" not in text  # no longer a table to sit at
        assert "No tables yet" in text
        result = next(line for line in text.splitlines() if "Carl" in line and "  Robot" in line)
        assert "Computer (random)" in result and "(random) (random)" not in result
        assert " won" in result or " shared the win" in result
    await carl.close()


async def test_a_wide_terminal_puts_the_results_beside_the_tables(
    table_server: TableServer, tmp_path: Path
) -> None:
    carl = await finished_game(table_server)
    app = lobby_app(table_server, tmp_path / "saves")
    async with app.run_test(size=(130, 40)) as pilot:
        await named(pilot)
        await until(pilot, lambda: bool(app.screen.results), "the result")
        await shows(pilot, "No tables yet")
        lines = screen_text(app).splitlines()
        row = next(line for line in lines if "No tables yet" in line)
        assert "Recent games" in row  # the same row: side by side
        assert any("Carl" in line and "Computer (random)" in line for line in lines)
    await carl.close()
