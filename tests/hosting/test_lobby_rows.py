"""How the lobby writes tables, seats, results and chat: safe names, cells not characters."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from screens.lobby.name import name_problem
from screens.lobby.rows import chat_line, result_line, seat_text, status_text, table_lines


def seat(i: int, name: str | None, kind: str = "person", **more: Any) -> dict[str, Any]:
    return {
        "seat": i,
        "kind": kind,
        "level": more.get("level"),
        "name": name,
        "present": more.get("present", True),
        "stand_in": more.get("stand_in"),
        "you": more.get("you", False),
        "absent_for": 0,
        "where": more.get("where", "here" if more.get("present", True) else "away"),
        "at": more.get("at"),
        "gone_for": more.get("gone_for", 0),
        "resigned": False,
        "stand_in_votes": [],
    }


def summary(**more: Any) -> dict[str, Any]:
    out = {
        "id": 7,
        "game": "robot-master",
        "game_name": "Robot Master",
        "status": "waiting",
        "seats": [seat(0, "Anna", you=True), seat(1, None)],
        "private": False,
        "creator": "Anna",
        "progress": "",
        "to_move": [],
        "spectators": 0,
        "timer": False,
        "stand_in_after": 0,
        "options": "",
        "yours": False,
        "close_votes": [],
    }
    out.update(more)
    return out


def test_seats_read_as_people_see_them() -> None:
    assert seat_text(seat(0, None)) == "free"
    assert seat_text(seat(0, "Anna", you=True)) == "Anna (you)"
    assert seat_text(seat(0, "Bob", present=False, gone_for=180)) == "Bob (away 3 min)"
    assert seat_text(seat(0, "Bob", present=False, gone_for=170), since=10) == "Bob (away 3 min)"
    assert seat_text(seat(0, "Bob", present=False, gone_for=599), since=1) == "Bob (offline)"
    assert seat_text(seat(0, "Bob", present=False, where="lobby")) == "Bob (in the lobby)"
    assert seat_text(seat(0, "Bob", present=False, where="table", at=9)) == "Bob (at #9)"
    assert seat_text(seat(0, "Bob", present=False, where="table")) == "Bob (at another table)"
    assert seat_text(seat(0, "Bob", present=False, where="offline")) == "Bob (offline)"
    assert seat_text(seat(0, "Bob", you=True, present=False, where="lobby")) == "Bob (you)"
    assert (
        seat_text(seat(0, "Bob", present=False, gone_for=60, stand_in="hard"))
        == "Bob (away 1 min, hard plays)"
    )
    assert seat_text(seat(0, "Computer 2", kind="computer", level="easy")) == "Computer 2 (easy)"
    assert seat_text(seat(0, "\x1b]0;pwned\x07Eve\x1b[2J")) == "Eve"


def test_status_says_how_many_are_missing_or_how_far_the_game_is() -> None:
    assert status_text(summary()) == "waiting for 1"
    playing = summary(status="playing", progress="turn 12, Anna to move")
    assert status_text(playing) == "playing: turn 12, Anna to move"
    assert status_text(summary(status="finished", progress="")) == "finished"


def test_a_table_fits_its_width_in_cells_and_marks_your_private_table() -> None:
    wide = summary(
        seats=[seat(0, "名前がとても長い人です", you=True), seat(1, "Bob")],
        private=True,
        spectators=2,
    )
    head, seats = table_lines(wide, 30)
    assert "[private, 2 watching]" in table_lines(wide, 80)[0]
    assert cell_len(head) <= 30 and cell_len(seats) <= 30
    assert seats.endswith("\u2026")
    others = summary(seats=[seat(0, "Anna"), seat(1, None)], private=True)
    assert "private" not in table_lines(others, 80)[0]  # only yours is marked


def test_results_and_chat_lines_are_safe() -> None:
    result = {
        "table": 3,
        "game_name": "Stak Bots",
        "finished": "2026-01-02 12:30",
        "players": [{"name": "Anna", "outcome": "win"}, {"name": "B\x1b[31mob", "outcome": "loss"}],
        "headline": "Anna won, B\x1b[31mob lost",
    }
    assert result_line(result, 80) == "2026-01-02 12:30  Stak Bots  Anna won, Bob lost"
    assert cell_len(result_line(result, 20)) <= 20
    line = chat_line({"who": "Eve\x07", "text": "hi\x1b[2J\nthere", "time": "12:01"})
    assert line == "12:01 Eve: hi there"


def test_names_are_checked_in_cells() -> None:
    assert name_problem("Anna") is None
    assert name_problem("  \x1b[2J ") == "A name needs at least one letter or sign that shows."
    assert name_problem("名前" * 5) is None  # 20 cells
    assert name_problem("名前" * 5 + "x") == "At most 20 columns wide: this one takes 21."
