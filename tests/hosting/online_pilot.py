"""Helpers for the table games' Pilot tests: a table made by another player (a TableClient)
and the app at 80x24 sitting down at it, the other seats played by that client, and the
terminal read as the player sees it."""

from __future__ import annotations

from typing import Any

from screens.game_screen import GameScreen
from screens.online.session import TableSession
from tests.hosting.lobby_pilot import Player, in_game, named, player, until


def person() -> dict[str, Any]:
    return {"kind": "person", "level": None}


def computer(level: str = "random") -> dict[str, Any]:
    return {"kind": "computer", "level": level}


async def host_table(server, game: str, seats: list[dict[str, Any]], my_seat: int = 0,
                     options: dict[str, Any] | None = None, timer: bool = False,
                     key: str = "SHA256:bob", name: str = "Bob",
                     stand_in_after: int = 0) -> tuple[Player, dict[str, Any]]:
    """Another player creates a table; returns them and their first `table` message."""
    other = await player(server, key, name)
    other.send({"type": "create", "game": game, "seats": seats, "my_seat": my_seat,
                "options": options or {}, "private": False, "timer": timer,
                "stand_in_after": stand_in_after})
    table = await other.next("table")
    return other, table


async def sit_down(pilot, table: int, seat: int | None, watch: bool = False) -> GameScreen:
    """The app (named Anna) joins ``seat`` of ``table`` (or watches it); its game screen."""
    await named(pilot)
    app = pilot.app
    if watch:
        app.request_table({"type": "watch", "table": table, "code": None})
    else:
        app.request_table({"type": "join", "table": table, "seat": seat, "code": None})
    await in_game(pilot)
    return game_on_screen(app)


def game_on_screen(app) -> GameScreen:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    assert isinstance(screen.session, TableSession)
    return screen


def session_of(app) -> TableSession:
    session = app.table_session
    assert isinstance(session, TableSession)
    return session


async def other_moves(pilot, other: Player, seat: int, pick=None) -> None:
    """``other`` plays a legal move for ``seat`` (the first, or ``pick(state, seat)``) and
    the app shows it."""
    session = session_of(pilot.app)
    state = session.match.state
    action = pick(state, seat) if pick else state.legal_actions(seat)[0]
    before = len(session.match.log)
    other.send({"type": "move", "table": session.table_id, "seat": seat,
                "text": session.spec.encode_action(action)})
    await until(pilot, lambda: len(session_of(pilot.app).match.log) > before,
                f"seat {seat}'s move on screen")
