"""A spectator at a table of each game reads spectator texts: who is doing what ("Bob is
to move", "Bob and Ann are choosing a facing"), never "your turn" or "not your turn"; the
keys of the players (and a player's notes) are neither offered nor answered as a player's."""

from __future__ import annotations

from pathlib import Path

import pytest

from screens.games import playable_game_infos
from screens.online.table_play import WATCHING_NOTE
from tests.hosting.lobby_pilot import (
    SIZE,
    host_table,
    in_game,
    lobby_app,
    named,
    player,
    running_server,
    shows,
)
from tests.hosting.messages import PERSON
from tests.ui_helpers import screen_text

SAYS = {
    "robot-master": "Bob is to move.",
    "roborally": "Bob and Ann are choosing a facing.",
    "stak-bots": "Bob is to move.",
    "robo-factory": "Ann is to move.",
}
PEOPLE = {"robot-master": 2, "roborally": 2, "stak-bots": 2, "robo-factory": 3}


@pytest.mark.parametrize("game", sorted(info.id for info in playable_game_infos()))
async def test_a_spectator_reads_spectator_texts(tmp_path: Path, game: str) -> None:
    assert game in SAYS and game in PEOPLE, f"add {game} to SAYS and PEOPLE"
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, game, [PERSON] * PEOPLE[game])
        others = []
        for name in ("Ann", "Cid")[: PEOPLE[game] - 1]:
            other = await player(server, f"SHA256:{name}", name)
            other.send({"type": "join", "table": 1, "seat": None, "code": None})
            await other.next("table")
            others.append(other)
        app = lobby_app(server, tmp_path / "saves", key="SHA256:watcher")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot, "Wat")
            app.request_table({"type": "watch", "table": 1, "code": None})
            await in_game(pilot)
            await shows(pilot, SAYS[game])
            footer = screen_text(app).splitlines()[-1]
            assert "Notes" not in footer and "Table" in footer
            for key in ("1", "enter", "space", "tab", "e", "p", "n", "x", "r", "down"):
                await pilot.press(key)
                await pilot.pause()
                text = screen_text(app).lower()
                assert "your turn" not in text, (key, text)
                assert "waiting for the other robots" not in text
                assert "your robot" not in text
            if game in ("stak-bots", "robo-factory"):  # their keys say why they do nothing
                await shows(pilot, WATCHING_NOTE.split(":")[0])
        for other in (bob, *others):
            await other.close()
