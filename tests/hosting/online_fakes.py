"""A stand-in table for the online screens' tests: the messages a table server sends, built
from a real match, and a client that keeps what the session sends."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engines.match import Match
from engines.registry import get_game
from saves import PlayerEntry, SavedGame, dumps_save


class FakeClient:
    """Keeps every message the session sends."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == kind]


def seat(
    n: int,
    name: str | None,
    kind: str = "person",
    level: str | None = None,
    present: bool = True,
    you: bool = False,
    stand_in: str | None = None,
    absent_for: int = 0,
    where: str | None = None,
    at: int | None = None,
) -> dict[str, Any]:
    place = where or ("here" if present or kind == "computer" else "away")
    return {
        "seat": n,
        "kind": kind,
        "level": level,
        "name": name,
        "present": present,
        "stand_in": stand_in,
        "you": you,
        "absent_for": absent_for,
        "where": place,
        "at": at,
        "gone_for": absent_for if place == "away" else 0,
        "resigned": False,
        "stand_in_votes": [],
    }


class FakeTable:
    """The server's side of one table: its match, seats and the messages it would send."""

    def __init__(
        self,
        game: str,
        seats: list[dict[str, Any]],
        seed: int = 7,
        options: dict[str, Any] | None = None,
        table_id: int = 3,
    ) -> None:
        self.spec = get_game(game)
        self.match = Match(self.spec, len(seats), options or {}, seed)
        self.seats = seats
        self.table_id = table_id
        self.status = "playing"
        self.stand_in_after = 5
        self.close_votes: list[int] = []

    def summary(self, you: int | None = None) -> dict[str, Any]:
        seats = [dict(s, you=s["seat"] == you) for s in self.seats]
        return {
            "id": self.table_id,
            "game": self.spec.id,
            "game_name": self.spec.name,
            "status": self.status,
            "seats": seats,
            "private": False,
            "creator": "Anna",
            "progress": "",
            "to_move": list(self.match.state.to_move()),
            "spectators": 0,
            "timer": False,
            "stand_in_after": self.stand_in_after,
            "options": "",
            "yours": False,
            "close_votes": list(self.close_votes),
        }

    def save_text(self) -> str:
        now = datetime(2026, 1, 2, 12, 30)
        players = [
            PlayerEntry(
                s["name"] or "free", "computer" if s["kind"] == "computer" else "human", s["level"]
            )
            for s in self.seats
        ]
        return dumps_save(SavedGame(f"table {self.table_id}", self.match, players, now, now))

    def table_msg(
        self, you: int | None, creator: bool = False, chat: list[dict[str, str]] | None = None
    ) -> dict[str, Any]:
        return {
            "type": "table",
            "table": self.table_id,
            "summary": self.summary(you),
            "save": self.save_text(),
            "your_seat": you,
            "creator": creator,
            "code": None,
            "chat": chat or [],
            "timer": None,
            "draft": None,
        }

    def play(self, seat: int, text: str) -> dict[str, Any]:
        """Apply a move as the server would; the `move` message every follower gets."""
        self.match.play_text(text, seat)
        return {
            "type": "move",
            "table": self.table_id,
            "index": len(self.match.log) - 1,
            "seat": seat,
            "text": text,
        }

    def seats_msg(self, you: int | None = None) -> dict[str, Any]:
        return {"type": "seats", "table": self.table_id, "summary": self.summary(you)}
