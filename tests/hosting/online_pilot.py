"""Helpers for the table games' Pilot tests: a table made by another player (a TableClient)
and the app at 80x24 sitting down at it, the other seats played by that client, and the
terminal read as the player sees it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

from hosting.server import TableServer
from robotui.app import RobotuiApp
from screens.game_screen import GameScreen
from screens.online.session import TableSession
from tests.hosting.lobby_pilot import (
    SIZE,
    Player,
    host_table,
    in_game,
    lobby_app,
    named,
    running_server,
    until,
)


class AtTable(NamedTuple):
    """What `at_table` sets up: the host, Bob at seat 1, the app (Anna) and its game screen."""

    server: TableServer
    bob: Player
    app: RobotuiApp
    pilot: Any
    screen: GameScreen


@asynccontextmanager
async def at_table(
    tmp_path: Path,
    game: str,
    seats: list[dict[str, Any]],
    program_timeout: float | None = None,
    **create: Any,
) -> AsyncIterator[AtTable]:
    """A host in the test's loop where Bob creates a ``game`` table on seat 1 (``create``
    overrides the `create` message), and the app at 80x24 sat down on seat 0 of it. The
    test closes Bob's connection itself (when, is part of what it checks)."""
    async with running_server(tmp_path / "data") as server:
        if program_timeout is not None:
            server.program_timeout = program_timeout
        bob, _ = await host_table(server, game, seats, my_seat=1, **create)
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_down(pilot, 1, 0)
            yield AtTable(server, bob, app, pilot, screen)


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
    the app shows it. The seat's turn is awaited on the app's side first: the host may have
    moved on (a computer's move, the timer) before the app has heard of it."""
    await until(
        pilot,
        lambda: bool(session_of(pilot.app).match.state.legal_actions(seat)),
        f"seat {seat} to move on screen",
    )
    session = session_of(pilot.app)
    state = session.match.state
    action = pick(state, seat) if pick else state.legal_actions(seat)[0]
    before = len(session.match.log)
    other.send(
        {
            "type": "move",
            "table": session.table_id,
            "seat": seat,
            "text": session.spec.encode_action(action),
        }
    )
    await until(
        pilot,
        lambda: len(session_of(pilot.app).match.log) > before,
        f"seat {seat}'s move on screen",
    )
