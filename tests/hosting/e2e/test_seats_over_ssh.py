"""Seats over the real OpenSSH client, two people in 80x24 terminals: resigning from the
game screen (one question) ends Robot Master for the other side, and a running game closes
from the table window only when both agree, kept in the results as abandoned."""

from __future__ import annotations

import sqlite3

from tests.hosting.e2e.harness import Host
from tests.hosting.e2e.test_people_over_ssh import GAME_OVER, start_robot_master


def test_resigning_from_the_game_screen_ends_robot_master(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = start_robot_master(host, key, terminal)
    bruno.send("C-r")
    bruno.wait_for("Resign this game? The other side wins.")
    bruno.send("y")
    screen = anna.wait_for(GAME_OVER)
    assert "resigned" in screen
    bruno.wait_for(GAME_OVER)
    db = sqlite3.connect(host.base / "data" / "hosting.sqlite3")
    (players,) = db.execute("SELECT players_json FROM results").fetchone()
    assert '"resigned"' in players and '"win"' in players


def test_a_running_game_closes_when_both_agree(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = start_robot_master(host, key, terminal)
    anna.send("C-t")
    anna.wait_for("^r resigns")
    anna.send("C-x")
    anna.wait_for("Agree to close this table?")
    anna.send("y")
    bruno.send("C-t")
    bruno.wait_for("agrees to close")
    bruno.send("C-x")
    bruno.wait_for("Agree to close this table?")
    bruno.send("y")
    for term in (anna, bruno):  # back in the lobby, the game in the results
        term.wait_for("Anna abandoned, Bruno abandoned")
    db = sqlite3.connect(host.base / "data" / "hosting.sqlite3")
    (players,) = db.execute("SELECT players_json FROM results").fetchone()
    assert players.count('"abandoned"') == 2
