"""The lobby between people over the real OpenSSH client, each in an 80x24 terminal: names
unique on the host (and none that passes for a computer), where a seated person is ("in the
lobby"), "#1 waits for you", and a burst of chat typed at once arriving whole and in order."""

from __future__ import annotations

import sqlite3

from tests.hosting.e2e.harness import NAME_PROMPT, Host, enter_lobby, wait_until
from tests.hosting.e2e.scenes import join_only_table, move_number, new_table


def _chat(host: Host) -> list[str]:
    with sqlite3.connect(host.data / "hosting.sqlite3") as db:
        return [row[0] for row in db.execute("SELECT text FROM chat ORDER BY id")]


def test_names_presence_waits_and_a_chat_burst(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = terminal(host, key("anna")), terminal(host, key("bruno"))
    enter_lobby(anna, "Anna")
    bruno.wait_for(NAME_PROMPT)
    for taken, why in (("ANNA", "is taken on this host"), ("computer 2", "computer seats")):
        bruno.type(taken)
        bruno.send("Enter")
        bruno.wait_for(why)
        bruno.send("C-u")
        bruno.wait_for("a name, 1 to 20 columns")  # emptied (the placeholder shows)
    bruno.type("Bruno")
    bruno.send("Enter")
    bruno.wait_for(lambda s: "Bruno at" in s and "n New table" in s)

    new_table(anna, "Robot Master")
    anna.wait_for("Table #1 - Robot Master - waiting for 1")
    join_only_table(bruno, "Robot Master")
    for term in (anna, bruno):
        term.wait_for(lambda s: move_number(s) == 1)
    # whoever is to move goes to the lobby: the other reads where they are
    first, other = (
        (anna, bruno)
        if "Your turn" in anna.wait_for(lambda s: "Your turn" in s or "Waiting for" in s)
        else (bruno, anna)
    )
    first.send("q")
    first.wait_for("Leave the table?")
    first.send("y")
    first.wait_for("#1 waits for you")
    other.wait_for("went to the lobby")
    other.wait_for("(in the lobby)")

    # a burst typed at once in the table window's chat line
    other.send("C-t")
    other.wait_for("Say something")
    other.type("one\rtwo\rthree\r")
    wait_until(
        lambda: _chat(host) == ["one", "two", "three"], 20, lambda: f"chat kept: {_chat(host)}"
    )
    other.wait_for(lambda s: "three" in s)
