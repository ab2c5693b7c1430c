"""Presence at a table, against the in-process server: when the other person's link drops,
the game says "Bob disconnected" and waits for Bob (away); when Bob opens the table again,
"Bob is back"; a chat line from Bob shows on the status line."""

from __future__ import annotations

from pathlib import Path

from tests.hosting.lobby_pilot import SIZE, lobby_app, player, running_server, shows
from tests.hosting.online_pilot import host_table, person, session_of, sit_down
from tests.ui_helpers import play_one_move


async def test_the_other_person_drops_and_comes_back(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "robot-master", [person(), person()], my_seat=1)
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await sit_down(pilot, 1, 0)
            bob.send({"type": "chat", "table": 1, "text": "good luck \x1b[5mAnna"})
            await shows(pilot, "Bob: good luck Anna")
            await play_one_move(pilot)  # Bob's turn now
            await shows(pilot, "Waiting for Bob...")
            await bob.close()
            await shows(pilot, "Bob disconnected")
            await shows(pilot, "Waiting for Bob (away)...")
            back = await player(server, "SHA256:bob", None)
            back.send({"type": "open", "table": 1})
            await back.next("table")
            await shows(pilot, "Bob is back")
            assert session_of(app).seat_info(1)["present"]
            await back.close()
