"""What every part of the table server shares (:class:`Host`): the tables, the
connections, the store and the pool, and how changes are told to clients (followers of a
table, the lobby). :mod:`hosting.play` and :mod:`hosting.requests` build on it;
:mod:`hosting.server` adds the socket and the server's life."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from engines.registry import get_game
from hosting import paths
from hosting.computers import ComputerPool
from hosting.presence import Presence, Where
from hosting.protocol import encode
from hosting.results import old_headline
from hosting.store import Store
from hosting.table import FINISHED, Table
from saves import dumps_save

log = logging.getLogger("hosting.server")

MAX_BUFFER = 1024 * 1024  # a follower whose unsent output passes this is dropped
FINISHED_LISTED = 3600.0  # a finished table stays in the lobby this long (seconds)
RESULTS_SHOWN = 20


class Connection:
    """One client connection; ``key`` is set by ``hello``."""

    def __init__(self, server: Host, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.writer = writer
        self.key = ""
        self.token: str | None = None
        self.following: set[int] = set()
        self.closed = False
        self.lobby: dict[str, Any] | None = None  # the last lobby sent (see send_lobby)

    @property
    def ready(self) -> bool:
        return bool(self.key) and not self.closed

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message; a client that stopped reading is dropped instead."""
        if self.closed:
            return
        try:
            self.writer.write(encode(msg))
        except (ConnectionError, RuntimeError):
            self.abort()
            return
        transport = self.writer.transport
        if transport.get_write_buffer_size() > self.server.max_buffer:
            log.info("dropping a client that does not read")
            self.abort()

    def send_lobby(self, lobby: dict[str, Any]) -> None:
        """Send the lobby unless it is the one this client has: a crowd arriving at once
        changes everyone's presence many times a second, mostly to no visible effect, and
        each lobby a client gets costs its process a redraw."""
        if lobby != self.lobby:
            self.lobby = lobby
            self.send(lobby)

    def abort(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.writer.transport.abort()
        self.server.drop(self)

    async def close_after(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` and close (used for protocol errors)."""
        self.send(msg)
        if self.closed:
            return
        self.closed = True
        self.server.drop(self)
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2.0)


class Host:
    """The shared state of the table server and the ways it tells clients of changes."""

    # seconds the RoboRally timer gives the last programmer (tests shorten it)
    program_timeout: float = 30.0
    # seconds in one of a table's stand-in "minutes" (tests shorten it)
    stand_in_minute: float = 60.0
    # seconds a new connection has to say hello
    hello_timeout: float = 10.0
    # the lobby is sent at most once per this many seconds
    lobby_interval: float = 0.25
    max_buffer: int = MAX_BUFFER
    # chat: a burst of this many lines, then one per chat_every seconds
    chat_burst: int = 5
    chat_every: float = 2.0

    def __init__(
        self, data_dir: Path | None = None, workers: int = 2, seed: int | None = None
    ) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else paths.data_dir()
        # table k's deal uses seed + k (``robotui serve --seed``); None: a random deal each
        self.seed = seed
        self.tables: dict[int, Table] = {}
        self.connections: set[Connection] = set()
        self.pool = ComputerPool(workers)
        self.store: Store | None = None
        self.socket_path: Path | None = None
        self._server: asyncio.AbstractServer | None = None
        self._tokens: dict[str, str] = {}
        self._names: dict[str, str | None] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._lobby_task: asyncio.Task[None] | None = None
        self._last_lobby = 0.0
        self._results: list[dict[str, Any]] | None = None
        self._chat_budget: dict[str, tuple[float, float]] = {}
        self._stopping = False  # set by stop(): nothing new is started
        self.presence = Presence()

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """A background task the server keeps (and cancels on stop)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def drop(self, conn: Connection) -> None:
        """Forget a closed connection: its tables see it go."""
        self.connections.discard(conn)
        self.presence.went(conn.key, self.connections)
        for table_id in list(conn.following):
            table = self.tables.get(table_id)
            if table is not None:
                self._unfollow(conn, table)
        self._presence_changed(conn.key)

    # -- telling ------------------------------------------------------------------------
    def name_of(self, key: str) -> str | None:
        """The name the player with ``key`` goes by on this host (None before they chose one)."""
        return self._names.get(key)

    def where_of(self, key: str, table_id: int, viewer: str) -> Where:
        """Where a seated person is, as ``viewer`` may see it (hosting.presence)."""

        def may_see(other: int) -> bool:
            table = self.tables.get(other)
            return table is not None and table.visible_to(viewer)

        return self.presence.where(key, table_id, self.connections, may_see)

    def _to_followers(self, table: Table, msg: dict[str, Any]) -> None:
        for conn in list(table.followers):
            conn.send(msg)

    def _send_seats(self, table: Table) -> None:
        for conn in list(table.followers):
            conn.send(
                {
                    "type": "seats",
                    "table": table.id,
                    "summary": table.summary(conn.key, self.name_of, self.where_of),
                }
            )

    def _send_table(self, conn: Connection, table: Table) -> None:
        seated = table.seat_of(conn.key)
        seat = table.playing_seat_of(conn.key)  # none once resigned: watching from then on
        conn.send(
            {
                "type": "table",
                "table": table.id,
                "summary": table.summary(conn.key, self.name_of, self.where_of),
                "save": dumps_save(table.saved),
                "your_seat": seat,
                "creator": table.creator_key == conn.key,
                "code": table.code
                if (seated is not None or table.creator_key == conn.key)
                else None,
                "chat": list(table.chat),
                "timer": table.timer_left(),
                "draft": table.draft(seat) if seat is not None else None,
            }
        )

    def _follow(self, conn: Connection, table: Table) -> None:
        before = table.presence()
        table.followers.add(conn)
        conn.following.add(table.id)
        table.note_presence(before)
        self._send_seats(table)
        self._presence_changed(conn.key, table)

    def _unfollow(self, conn: Connection, table: Table) -> None:
        before = table.presence()
        table.followers.discard(conn)
        conn.following.discard(table.id)
        table.note_presence(before)
        self._send_seats(table)
        self._presence_changed(conn.key, table)

    def _presence_changed(self, key: str, told: Table | None = None) -> None:
        """``key`` came, went or moved: the other tables it sits at show where it is now
        (``told`` has been sent its seats already), and so does the lobby."""
        for table in list(self.tables.values()):
            if table is not told and key and table.seat_of(key) is not None:
                self._send_seats(table)
        self._lobby_changed()

    def _lobby_for(self, key: str) -> dict[str, Any]:
        tables = [
            t.summary(key, self.name_of, self.where_of)
            for t in sorted(self.tables.values(), key=lambda t: t.id)
            if t.visible_to(key) and t.status != FINISHED
        ]
        results = [
            {k: r[k] for k in ("table", "game_name", "finished", "players", "headline")}
            for r in self._all_results()
            if not r["private"] or key in r["keys"]
        ][:RESULTS_SHOWN]
        return {"type": "lobby", "tables": tables, "results": results}

    def _all_results(self) -> list[dict[str, Any]]:
        if self._results is None:
            assert self.store is not None
            self._results = []
            for row in self.store.results():
                try:
                    game_name = get_game(row["game"]).name
                except Exception:
                    game_name = row["game"]
                when = datetime.fromisoformat(row["finished"]).astimezone()
                self._results.append(
                    {
                        **row,
                        "game_name": game_name,
                        "finished": f"{when:%Y-%m-%d %H:%M}",
                        "headline": row["headline"] or old_headline(row),
                    }
                )
        return self._results

    def _lobby_changed(self) -> None:
        """Send everyone the lobby soon: changes close together make one message."""
        if self._stopping:
            return
        if self._lobby_task is None or self._lobby_task.done():
            self._lobby_task = self.spawn(self._flush_lobby())

    async def _flush_lobby(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self._last_lobby + self.lobby_interval - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_lobby = loop.time()
        self._forget_old_tables()
        lobbies: dict[str, dict[str, Any]] = {}
        for conn in list(self.connections):
            if conn.ready:
                if conn.key not in lobbies:
                    lobbies[conn.key] = self._lobby_for(conn.key)
                conn.send_lobby(lobbies[conn.key])

    def _forget_old_tables(self) -> None:
        now = time.time()
        for table in list(self.tables.values()):
            if table.finished_at is not None and now - table.finished_at > FINISHED_LISTED:
                for conn in list(table.followers):
                    self._unfollow(conn, table)
                del self.tables[table.id]
