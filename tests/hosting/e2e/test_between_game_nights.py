"""Between game nights, end to end over the real OpenSSH client: Anna and Bruno, who have
played four rated Robot Master games at this host before, play a daily table with both of
them disconnected between moves ("Your move" on connecting, the notice command run, a move
whose time ran out played by the stand-in), then finish it live. Afterwards both ratings
have changed, and the profile, the history and the leaderboard show the game; its replay's
last position is the game's final board. (A daily "hour" is made short with
ROBOTUI_DAILY_HOUR_SECONDS.)
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from hosting.store import SeatResult, SeatRow, Store
from tests.hosting.e2e.harness import (
    ROOT,
    Host,
    Terminal,
    enter_lobby,
    key_fingerprint,
    wait_until,
)
from tests.hosting.e2e.scenes import (
    board_side,
    hand_lines,
    log_length,
    move_number,
    place_a_card,
)

HOUR_SECONDS = 1.5  # a 24-hour move takes 36 s: time to reconnect and move
NOTICE = """\
import os, sys
with open(sys.argv[1], "a") as out:
    out.write(os.environ["ROBOTUI_PLAYER"] + "|" + os.environ["ROBOTUI_TEXT"] + "\\n")
"""
TABLE = 5  # the daily table: the four earlier games had tables 1 to 4
GAME_OVER = "Game over"


def notices(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


def chat_lines(host: Host) -> list[str]:
    db = sqlite3.connect(host.data / "hosting.sqlite3")
    try:
        return [text for (text,) in db.execute("SELECT text FROM chat ORDER BY id")]
    finally:
        db.close()


def seed_earlier_games(host: Host, anna: str, bruno: str) -> None:
    """Four finished, rated Robot Master games between the two keys (two won each), kept
    as the table server keeps them: with the daily table they make five, the leaderboard's
    least."""
    store = Store(host.data / "hosting.sqlite3")
    try:
        people = [(anna, "Anna"), (bruno, "Bruno")]
        for n in range(4):
            seats = [SeatRow(s, "person", None, who, None) for s, (who, _) in enumerate(people)]
            table = store.add_table("robot-master", anna, None, False, 5, seats)
            finished = f"2026-11-{20 + n:02d}T20:00:00+00:00"
            store.set_status(table, "finished", finished)
            winner = n % 2
            results = [
                SeatResult(
                    s,
                    who,
                    "person",
                    name,
                    1 if s == winner else 2,
                    "win" if s == winner else "loss",
                    12,
                )
                for s, (who, name) in enumerate(people)
            ]
            store.add_rated_result(
                table,
                "robot-master",
                finished,
                [
                    {"name": name, "outcome": r.outcome}
                    for (_, name), r in zip(people, results, strict=True)
                ],
                results,
                headline=f"{people[winner][1]} won",
                outcome="finished",
            )
    finally:
        store.close()


def host_command(host: Host, *args: str) -> str:
    """``robotui host ARGS... --game robot-master`` on the host's data folder."""
    done = subprocess.run(
        [sys.executable, "-m", "robotui", "host", *args, "--game", "robot-master"],
        env={**host.env, "CI": "true"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def rating_of(board: str, name: str) -> tuple[int, int]:
    """``(rating, games)`` of ``name`` in the leaderboard the command printed."""
    match = re.search(rf"\d+\. {name} +([\d,]+) ± \d+ +(\d+) games", board)
    assert match, board
    return int(match.group(1).replace(",", "")), int(match.group(2))


def lobby_with_your_move(term: Terminal, name: str) -> str:
    return term.wait_for(
        lambda s: f"{name} at" in s and "Your move" in s and f"#{TABLE} waits for you" in s,
        timeout=60,
    )


def at_move(number: int):
    """Move ``number`` of 24 on screen, the whole frame painted."""
    return lambda s: move_number(s) == number and "? Rules" in s


def whose_turn(anna: Terminal, bruno: Terminal, number: int) -> Terminal:
    def mover() -> Terminal | None:
        for term in (anna, bruno):
            screen = term.text()
            if move_number(screen) == number and "Your turn" in screen and hand_lines(screen):
                return term
        return None

    found = wait_until(mover, 60, lambda: f"nobody to move {number}:\n{anna.text()}")
    assert isinstance(found, Terminal)
    return found


def board(screen: str) -> list[str]:
    """The board's lines, from the column letters to the column scores (no cursor)."""
    lines = board_side(screen)
    top = next(i for i, line in enumerate(lines) if re.match(r"^\s+a\s+b\s+c\s+d\s+e", line))
    bottom = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Cols"))
    return [line.replace("[", " ").replace("]", " ").rstrip() for line in lines[top : bottom + 1]]


def test_a_daily_game_rates_shows_in_profiles_and_replays(
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
    anna_key, bruno_key = key("anna"), key("bruno")

    # a first visit each (their names), then their four earlier games, rated by a rebuild
    for path, name in ((anna_key, "Anna"), (bruno_key, "Bruno")):
        first = terminal(host, path)
        enter_lobby(first, name)
        first.drop()
    assert host.stop() == 0
    seed_earlier_games(host, key_fingerprint(anna_key), key_fingerprint(bruno_key))
    before = host_command(host, "ratings", "--rebuild")
    assert "Rebuilt every rating from 4 rated results" in before
    assert "nobody has 5 rated games yet" in before
    host.start()

    # Anna makes a daily table (Robot Master: she is Rows and moves first) and goes
    anna = terminal(host, anna_key)
    anna.wait_for(lambda s: "Anna at" in s and "n New table" in s)
    anna.send("n")
    anna.wait_for("New table: which game?")
    anna.send("Tab", "Right")  # the Pace row: Daily, 24 h a move
    anna.wait_for(lambda s: "Daily" in s and "up to 24 h" in s)
    anna.send("Enter")
    anna.wait_for("New table: Robot Master")
    anna.send("Enter")
    anna.wait_for(lambda s: "waiting for 1" in s and "daily: up to 24 h a move" in s)
    anna.drop()

    # Bruno takes the free seat while Anna is away: the game starts, Anna is told
    bruno = terminal(host, bruno_key)
    bruno.wait_for(lambda s: "daily 24 h" in s and "Enter Join" in s)
    bruno.send("Enter")
    wait_until(
        lambda: notices(told) == [f"Anna|Your move at table #{TABLE} (Robot Master)"],
        30,
        lambda: f"notices: {notices(told)}",
    )
    bruno.drop()

    # Anna comes back: "Your move"; Enter, her move (the screen says how long it may take)
    anna = terminal(host, anna_key)
    lobby_with_your_move(anna, "Anna")
    anna.send("Enter")
    anna.wait_for(lambda s: "Your turn" in s and "Your move: " in s and len(hand_lines(s)) == 1)
    place_a_card(anna, anna.text())
    wait_until(lambda: log_length(host, TABLE) == 1, 30, lambda: anna.text())
    anna.drop()

    # Bruno is told, stays away, and the computer makes his move when its time runs out
    wait_until(
        lambda: f"Bruno|Your move at table #{TABLE} (Robot Master)" in notices(told),
        30,
        lambda: f"notices: {notices(told)}",
    )
    wait_until(lambda: log_length(host, TABLE) == 2, 120, lambda: f"log: {log_length(host)}")
    assert any(
        line.startswith("Bruno's time ran out: the computer played") for line in chat_lines(host)
    )

    # both come back and finish the game live
    anna = terminal(host, anna_key)
    lobby_with_your_move(anna, "Anna")
    assert len(notices(told)) == 2  # Anna heard of this table within the hour already
    anna.send("Enter")
    anna.wait_for(at_move(3))
    bruno = terminal(host, bruno_key)
    bruno.wait_for(lambda s: "Bruno at" in s and f"#{TABLE}" in s)
    bruno.send("Enter")  # his table, first under "Waiting for others"
    bruno.wait_for(at_move(3))
    for number in range(3, 25):
        mover = whose_turn(anna, bruno, number)
        place_a_card(mover, mover.text())
        if number < 24:
            for term in (anna, bruno):
                term.wait_for(at_move(number + 1))
    wait_until(lambda: log_length(host, TABLE) == 24, 30, lambda: "the save is behind")
    anna.wait_for(lambda s: GAME_OVER in s and "Look at board" in s)
    anna.send("b")  # the final board, the panel closed
    final = board(anna.wait_for(lambda s: GAME_OVER not in s and "Cols" in s))

    # both ratings changed with the game, their fifth: both are on the leaderboard now
    after = host_command(host, "ratings")
    for name in ("Anna", "Bruno"):
        assert rating_of(after, name)[1] == 5
        newest = host_command(host, "history", name).splitlines()[1]
        assert re.search(rf"table #{TABLE} .* [+-][1-9]\d*$", newest), newest

    # back in the lobby: the game is first in Recent games
    anna.send("q")
    lobby = anna.wait_for(lambda s: "Anna at" in s and "Recent games  v replays one" in s)
    newest = lobby.split("Recent games  v replays one", 1)[1].splitlines()[1]
    assert "Robot Master" in newest and "Anna" in newest and "Bruno" in newest, lobby

    # her profile: five games, five rating changes, the daily game latest
    anna.send("p")
    anna.wait_for("Whose profile?")
    anna.send("Enter")  # herself, first
    profile = anna.wait_for(lambda s: "Profile: Anna (you)" in s and "Latest games" in s)
    assert re.search(r"Robot Master +5 +[23] ", profile), profile
    changes = re.search(r"rating changes, newest last: ((?:[+-]\d+ ?){5})", profile)
    assert changes, profile
    latest = profile.split("Latest games", 1)[1].splitlines()[1]
    assert f"#{TABLE}" in latest and "Robot Master" in latest

    # her history: the same game first, then the four before it
    anna.send("h")
    history = anna.wait_for(lambda s: "History: Anna" in s and f"#{TABLE}" in s)
    rows = [line for line in history.splitlines() if "Robot Master" in line]
    assert len(rows) == 5 and f"#{TABLE}" in rows[0]
    anna.send("Escape")
    anna.wait_for("Profile: Anna (you)")
    anna.send("Escape")
    anna.wait_for(lambda s: "Anna at" in s and "n New table" in s)

    # the leaderboard: both of them, with five games
    anna.send("L")
    # (the lobby's Recent games name both too: wait for the board's own title and rows)
    leaders = anna.wait_for(
        lambda s: "Leaderboard: Robot Master" in s and "Bruno" in s and "Anna" in s
    )
    rows = [line for line in leaders.splitlines() if re.search(r"\b(Anna|Bruno)\b", line)]
    assert len(rows) == 2 and all(re.search(r"\b5 games\b", row) for row in rows), leaders
    anna.send("Escape")
    anna.wait_for(lambda s: "Anna at" in s and "n New table" in s)

    # the replay from Recent games: its last position is the game's final board
    anna.send("v")
    anna.wait_for("Replay which game?")
    anna.send("Enter")  # the newest: the daily game
    anna.wait_for(lambda s: "Replay, move 0 of 24" in s)
    anna.send("End")
    last = anna.wait_for(lambda s: "Replay, move 24 of 24" in s)
    assert board(last) == final, "\n".join(board(last)) + "\n---\n" + "\n".join(final)
