"""A daily Robot Master table over the real OpenSSH client: made with the Daily pace, both
players disconnected between moves, "Your move" in the lobby on connecting, the notice
command run for the player who is not connected, and a move whose time ran out played by the
table's computer (a daily "hour" is made short for the test with ROBOTUI_DAILY_HOUR_SECONDS).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from tests.hosting.e2e.harness import Host, Terminal, enter_lobby, wait_until
from tests.hosting.e2e.scenes import hand_lines, log_length

HOUR_SECONDS = 1.5  # a 24-hour move then takes 36 s: time to reconnect and move
NOTICE = """\
import os, sys
with open(sys.argv[1], "a") as out:
    out.write(os.environ["ROBOTUI_PLAYER"] + "|" + os.environ["ROBOTUI_TEXT"] + "\\n")
"""


def notices(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


def chat_lines(host: Host) -> list[str]:
    db = sqlite3.connect(host.data / "hosting.sqlite3")
    try:
        return [text for (text,) in db.execute("SELECT text FROM chat ORDER BY id")]
    finally:
        db.close()


def lobby_with_your_move(term: Terminal, name: str) -> str:
    """A returning player's lobby, once it lists table #1 under "Your move"."""
    return term.wait_for(
        lambda s: f"{name} at" in s and "Your move" in s and "#1 waits for you" in s,
        timeout=60,
    )


def test_a_daily_table_between_two_offline_players(
    start_host, key, terminal, tmp_path: Path
) -> None:
    script = tmp_path / "notice.py"
    script.write_text(NOTICE)
    told = tmp_path / "told"
    host = start_host(
        "--notify",
        f"{sys.executable} {script} {told}",
        env={"ROBOTUI_DAILY_HOUR_SECONDS": str(HOUR_SECONDS)},
    )
    assert "turn notices:" in host.output
    anna_key, bruno_key = key("anna"), key("bruno")

    # Anna makes a daily table (Robot Master, she plays Rows and moves first) and goes
    anna = terminal(host, anna_key)
    enter_lobby(anna, "Anna")
    anna.send("n")
    anna.wait_for("New table: which game?")
    anna.send("Tab")  # to the Pace row
    anna.send("Right")
    anna.wait_for(lambda s: "Daily" in s and "up to 24 h" in s)
    anna.send("Enter")
    anna.wait_for("New table: Robot Master")
    anna.send("Enter")
    anna.wait_for("waiting for 1")
    anna.drop()

    # Bruno takes the free seat while Anna is away: the game starts, Anna is told
    bruno = terminal(host, bruno_key)
    enter_lobby(bruno, "Bruno")
    bruno.wait_for(lambda s: "daily 24 h" in s and "Enter Join" in s)
    bruno.send("Enter")
    wait_until(
        lambda: notices(told) == ["Anna|Your move at table #1 (Robot Master)"],
        30,
        lambda: f"notices: {notices(told)}",
    )
    bruno.drop()

    # Anna comes back: the lobby lists the table under "Your move"; Enter, and she moves
    anna = terminal(host, anna_key)
    lobby = lobby_with_your_move(anna, "Anna")
    assert "left" in lobby  # the time her move has left
    anna.send("Enter")
    screen = anna.wait_for(lambda s: "Your turn" in s and len(hand_lines(s)) == 1)
    (hand,) = hand_lines(screen)
    anna.send(str(max(hand)), "Enter")
    wait_until(lambda: log_length(host) == 1, 30, lambda: anna.text())
    anna.drop()

    # Bruno is not connected: he is told, and when his time runs out the computer moves
    wait_until(
        lambda: "Bruno|Your move at table #1 (Robot Master)" in notices(told),
        30,
        lambda: f"notices: {notices(told)}",
    )
    wait_until(lambda: log_length(host) == 2, 120, lambda: f"log: {log_length(host)}")
    assert any(
        line.startswith("Bruno's time ran out: the computer played") for line in chat_lines(host)
    )

    # Anna connects again: her move once more, first in the lobby
    anna = terminal(host, anna_key)
    lobby_with_your_move(anna, "Anna")
    assert len(notices(told)) == 2  # Anna heard of table #1 within the hour already
