"""People at one table, each in their own 80x24 terminal over the real OpenSSH client with
their own key: a whole Robot Master game between two people watched by a third (no screen
ever shows a hand it may not see), a dropped link and a killed host in the middle of a game
between people, and a name and a chat line full of escape sequences."""

from __future__ import annotations

import re
from pathlib import Path

from tests.hosting.e2e.harness import Host, Terminal, enter_lobby, wait_until
from tests.hosting.e2e.scenes import (
    board_side,
    hand_lines,
    join_only_table,
    log_length,
    move_number,
    new_table,
    true_hand,
    watch_only_table,
)

GAME_OVER = "Game over"


def at_move(number: int):
    return lambda screen: move_number(screen) == number


def start_robot_master(host: Host, key, terminal) -> tuple[Terminal, Terminal]:
    """Anna makes a Robot Master table for two people (she is Rows), Bruno joins: both
    at move 1."""
    anna, bruno = terminal(host, key("anna")), terminal(host, key("bruno"))
    enter_lobby(anna, "Anna")
    enter_lobby(bruno, "Bruno")
    new_table(anna, "Robot Master")
    anna.wait_for("Table #1 - Robot Master - waiting for 1")
    join_only_table(bruno, "Robot Master")
    for term in (anna, bruno):
        term.wait_for(at_move(1))
    return anna, bruno


def mover(anna: Terminal, bruno: Terminal, number: int) -> tuple[int, Terminal, Terminal]:
    """Whose turn move ``number`` is, read off the screens: (seat, their terminal, the
    other's)."""
    def whose() -> tuple[int, Terminal, Terminal] | None:
        for seat, (term, other) in enumerate(((anna, bruno), (bruno, anna))):
            screen = term.text()
            if move_number(screen) == number and "Your turn" in screen:
                return seat, term, other
        return None

    found = wait_until(whose, 30, lambda: f"nobody's turn at move {number}:\n"
                       f"{anna.text()}\n{bruno.text()}")
    assert isinstance(found, tuple)
    return found


def place_a_card(term: Terminal, screen: str) -> None:
    """Pick the highest card held (its digit) and place it where the cursor stands."""
    (hand,) = hand_lines(screen)
    term.send(str(max(hand)))
    term.send("Enter")


def game_over_panel(screen: str) -> list[str]:
    """The lines of the game-over panel from its title to the key line, frame removed."""
    lines = [line.strip(" █") for line in screen.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(GAME_OVER))
    return [line for line in lines[start:] if line and not line.startswith("m back")
            and "▄" not in line][:8]


def test_two_people_finish_a_robot_master_game_watched_by_a_third(
        start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = start_robot_master(host, key, terminal)
    carla = terminal(host, key("carla"))
    enter_lobby(carla, "Carla")
    watch_only_table(carla, "Robot Master")
    carla.wait_for(at_move(1))

    seats = (anna, bruno)
    for number in range(1, 25):
        seat, term, other = mover(anna, bruno, number)
        other.wait_for(at_move(number))
        carla.wait_for(at_move(number))
        wait_until(lambda n=number: log_length(host) == n - 1, 30, lambda: "save file behind")
        # privacy: each seat's screen shows exactly its own hand (as the save file has it)
        # and no other; the spectator's shows none
        for own, player in enumerate(seats):
            screen = player.text()
            assert hand_lines(screen) == [true_hand(host, own)], screen
            assert "Your hand (" + ("Columns" if own == 0 else "Rows") not in screen
        assert hand_lines(carla.text()) == [], carla.text()
        assert f"Waiting for {'Anna' if seat == 0 else 'Bruno'}" in other.text()
        place_a_card(term, term.text())
        if number < 24:
            for player in (anna, bruno, carla):
                player.wait_for(at_move(number + 1))

    anna_end = anna.wait_for(GAME_OVER)
    bruno_end = bruno.wait_for(GAME_OVER)
    assert game_over_panel(anna_end) == game_over_panel(bruno_end)
    assert re.search(r"(wins!|draw|tie)", "\n".join(game_over_panel(anna_end)), re.I)
    assert log_length(host) == 24


def test_a_dropped_person_and_a_killed_host_lose_nothing(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = start_robot_master(host, key, terminal)
    for number in (1, 2):
        _, term, _ = mover(anna, bruno, number)
        place_a_card(term, term.text())
    seen = {}
    for name, term in (("Anna", anna), ("Bruno", bruno)):
        screen = term.wait_for(at_move(3))
        seen[name] = (hand_lines(screen), [line for line in board_side(screen)
                                           if "│" in line])

    # Bruno's link drops: Anna is told, Bruno comes back to the same seat and screen
    bruno.drop()
    anna.wait_for("Bruno disconnected")
    bruno = terminal(host, key_path(bruno))
    screen = bruno.wait_for(at_move(3))
    # whose move it is (after a reconnect the line reads "Anna (Rows) to play.")
    assert "Waiting for Anna" in screen or "Anna (Rows) to play" in screen, screen
    assert (hand_lines(screen), [line for line in board_side(screen) if "│" in line]) \
        == seen["Bruno"]
    anna.wait_for("Bruno is back")
    _, term, _ = mover(anna, bruno, 3)
    assert term is anna
    place_a_card(anna, anna.text())
    for term in (anna, bruno):
        term.wait_for(at_move(4))
    before = {name: hand_lines(term.text()) for name, term in (("Anna", anna),
                                                                ("Bruno", bruno))}

    # kill -9 of the host mid-game: both reconnect to the same move and hands
    host.kill()
    anna.wait_closed()
    bruno.wait_closed()
    host.start()
    anna = terminal(host, key_path(anna))
    bruno = terminal(host, key_path(bruno))
    for name, term in (("Anna", anna), ("Bruno", bruno)):
        screen = term.wait_for(at_move(4))
        assert hand_lines(screen) == before[name], screen
    _, term, _ = mover(anna, bruno, 4)
    assert term is bruno
    place_a_card(bruno, bruno.text())
    for term in (anna, bruno):
        term.wait_for(at_move(5))
    assert log_length(host) == 4


def key_path(term: Terminal) -> Path:
    """The key a terminal's ssh uses (to reconnect as the same player)."""
    return Path(term.argv[term.argv.index("-i") + 1])
