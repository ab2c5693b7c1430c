"""People at one table, each in their own 80x24 terminal over the real OpenSSH client with
their own key: a whole Robot Master game between two people watched by a third (no screen
ever shows a hand it may not see), a dropped link and a killed host in the middle of a game
between people, and a name and a chat line full of escape sequences."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from tests.hosting.e2e.harness import Host, Terminal, enter_lobby, wait_until
from tests.hosting.e2e.scenes import (
    board_side,
    hand_lines,
    join_only_table,
    log_length,
    move_number,
    new_table,
    place_a_card,
    true_hand,
    watch_only_table,
)

GAME_OVER = "Game over"


def at_move(number: int):
    """At move ``number``, the whole screen painted: a terminal may be read between two
    writes of one frame (the move number shown, the hand and footer not yet)."""
    return lambda screen: (
        move_number(screen) == number and "\u2514" in screen and "? Rules" in screen
    )


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

    found = wait_until(
        whose, 30, lambda: f"nobody's turn at move {number}:\n{anna.text()}\n{bruno.text()}"
    )
    assert isinstance(found, tuple)
    return found


def game_over_panel(screen: str) -> list[str]:
    """The lines of the game-over panel from its title to the key line, frame removed."""
    lines = [line.strip(" █") for line in screen.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(GAME_OVER))
    return [
        line for line in lines[start:] if line and not line.startswith("m back") and "▄" not in line
    ][:8]


def test_two_people_finish_a_robot_master_game_watched_by_a_third(
    start_host, key, terminal
) -> None:
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

    # the whole panel, its key line included (read half drawn, the key line was missing)
    def whole_panel(screen: str) -> bool:
        return GAME_OVER in screen and "Look at board" in screen

    anna_end = anna.wait_for(whole_panel)
    bruno_end = bruno.wait_for(whole_panel)
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
        seen[name] = (hand_lines(screen), [line for line in board_side(screen) if "│" in line])

    # Bruno's link drops: Anna is told, Bruno comes back to the same seat and screen
    bruno.drop()
    anna.wait_for("Bruno is away")
    bruno = terminal(host, key_path(bruno))
    screen = bruno.wait_for(lambda s: at_move(3)(s) and "Waiting for Anna" in s)
    assert (hand_lines(screen), [line for line in board_side(screen) if "│" in line]) == seen[
        "Bruno"
    ]
    anna.wait_for("Bruno is back")
    _, term, _ = mover(anna, bruno, 3)
    assert term is anna
    place_a_card(anna, anna.text())
    for term in (anna, bruno):
        term.wait_for(at_move(4))
    before = {name: hand_lines(term.text()) for name, term in (("Anna", anna), ("Bruno", bruno))}

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


EVIL = "\x1b]0;pwned\x07Eve\x1b[2J"  # sets the window title, then clears the screen


def paste(term: Terminal, text: str) -> None:
    """Paste ``text`` as the terminal would (bracketed: the raw bytes reach the app)."""
    term.tmux.run("set-buffer", "-b", "evil", "--", text)
    term.tmux.run("paste-buffer", "-p", "-d", "-b", "evil", "-t", term.name)


def pane_title(term: Terminal) -> str:
    return term.tmux.run("display", "-p", "-t", term.name, "#{pane_title}").strip()


def test_names_and_chat_with_escape_sequences_arrive_harmless(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna = terminal(host, key("anna"))
    enter_lobby(anna, "Anna")
    new_table(anna, "Robot Master")
    anna.wait_for("Table #1 - Robot Master - waiting for 1")
    title = pane_title(anna)
    assert "pwned" not in title

    eve = terminal(host, key("eve"))
    eve.wait_for("What should the others call you?")
    eve.type(EVIL)  # typed: each byte a key
    eve.send("Enter")
    eve.wait_for(lambda s: "robotui lobby - " in s and "Eve" in s)
    join_only_table(eve, "Robot Master")
    screen = anna.wait_for(lambda s: move_number(s) == 1 and "Eve" in s)
    header = screen.splitlines()[0]
    assert header.startswith(" Robot Master  Anna (Rows)  vs  "), screen
    assert "Eve" in header and "(Columns)" in header

    # a chat line pasted with the raw bytes, from the game's Table window
    eve.send("C-t")
    eve.wait_for("Say something")
    paste(eve, EVIL + " says hi")
    eve.send("Enter")
    screen = anna.wait_for("says hi")
    assert move_number(screen) == 1 and "Your turn" in screen, screen  # not cleared
    assert screen.splitlines()[0] == header
    for term in (anna, eve):
        assert "pwned" not in pane_title(term)
    assert pane_title(anna) == title
    # the window's other side: the lobby's list of a third player shows the name as text
    carla = terminal(host, key("carla"))
    enter_lobby(carla, "Carla")
    lobby = carla.wait_for(lambda s: "Robot Master" in s and "Eve" in s)
    assert lobby.splitlines()[0].startswith(" robotui lobby - Carla at")
    assert "pwned" not in pane_title(carla)
    # what the host kept: the name and the chat line hold no control character
    with sqlite3.connect(host.data / "hosting.sqlite3") as db:
        kept = [row[0] for row in db.execute("SELECT name FROM players")]
        kept += [row[0] for row in db.execute("SELECT text FROM chat")]
    assert any("Eve" in text for text in kept) and any("says hi" in text for text in kept)
    for text in kept:
        assert text.isprintable(), repr(text)
