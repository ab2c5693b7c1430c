"""Presence at a table, against the in-process server: when the other person's link drops,
the game says "Bob is away" and waits for Bob (away); when Bob opens the table again,
"Bob is back"; a chat line from Bob shows on the status line."""

from __future__ import annotations

from pathlib import Path

from tests.hosting.lobby_pilot import player, shows
from tests.hosting.messages import person
from tests.hosting.online_pilot import at_table, session_of
from tests.ui_helpers import play_one_move


async def test_the_other_person_drops_and_comes_back(tmp_path: Path) -> None:
    async with at_table(tmp_path, "robot-master", [person(), person()]) as (
        server,
        bob,
        app,
        pilot,
        _,
    ):
        bob.send({"type": "chat", "table": 1, "text": "good luck \x1b[5mAnna"})
        await shows(pilot, "Bob: good luck Anna")
        await play_one_move(pilot)  # Bob's turn now
        await shows(pilot, "Waiting for Bob...")
        await bob.close()
        await shows(pilot, "Bob is away")
        await shows(pilot, "Waiting for Bob (away")
        back = await player(server, "SHA256:bob", None)
        back.send({"type": "open", "table": 1})
        await back.next("table")
        await shows(pilot, "Bob is back")
        assert session_of(app).seat_info(1)["present"]
        await back.close()
