"""A table played over a real ssh client: Robot Master against a random computer, made in
the lobby with its keys; a dropped link and a killed host lose nothing."""

from __future__ import annotations

import re

from tests.hosting.e2e.harness import Host, Terminal, enter_lobby


def new_robot_master_table_against_the_computer(term: Terminal) -> str:
    """From the lobby: n, Robot Master, the second seat a random computer, create."""
    term.send("n")
    term.wait_for("New table: which game?")
    term.send("Enter")  # Robot Master is first
    term.wait_for("New table: Robot Master")
    term.send("Down", "Right")  # seat 2: Person -> Computer: random
    term.wait_for("Computer: random")
    term.send("Enter")
    return term.wait_for("Your turn")


def move_number(screen: str) -> int:
    match = re.search(r"Move (\d+) of 24", screen)
    assert match, screen
    return int(match.group(1))


def test_a_dropped_link_and_a_killed_host_lose_nothing(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna = key("anna")
    term = terminal(host, anna)
    enter_lobby(term, "Anna")
    first = new_robot_master_table_against_the_computer(term)
    assert move_number(first) == 1
    term.send("Enter")  # place the picked card where the cursor is
    screen = term.wait_for(lambda s: "2. Computer" in s and "Your turn" in s)
    assert move_number(screen) == 3
    log = [
        line.split("▏")[-1].strip()
        for line in screen.splitlines()
        if ". Anna:" in line or ". Computer" in line
    ]
    assert len(log) == 2, screen

    # the link drops: back at the same table, same position
    term.drop()
    again = terminal(host, anna)
    screen = again.wait_for(lambda s: "Move 3 of 24" in s and "Your turn" in s)
    for entry in log:
        assert entry in screen

    # the host is killed mid-game and started again: the table resumes from its save
    host.kill()
    again.wait_closed()
    host.start()
    third = terminal(host, anna)
    screen = third.wait_for(lambda s: "Move 3 of 24" in s and "Your turn" in s)
    for entry in log:
        assert entry in screen
