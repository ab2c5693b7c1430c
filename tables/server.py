"""The table server: one asyncio unix-socket server that owns every table.

Clients (one ``robotui.table_client`` process per SSH session) connect to the socket,
say ``hello`` with the token the front door issued for their key, and then send the
messages of :mod:`tables.protocol`. The server checks each one, changes its tables
and tells every follower. What each message does lives in :mod:`tables.requests`; moves,
computer seats, the RoboRally timer and stand-ins in :mod:`tables.play`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from engines.registry import get_game
from saves import SaveError, load_save
from tables import paths
from tables.computers import ComputerPool
from tables.play import PlayMixin
from tables.protocol import (
    FATAL_CODES,
    MAX_CLIENT_LINE,
    PROTOCOL_VERSION,
    ProtocolError,
    decode_client,
    encode,
    error,
)
from tables.requests import RequestsMixin
from tables.store import Store
from tables.table import FINISHED, PLAYING, WAITING, Table

log = logging.getLogger(__name__)

MAX_BUFFER = 1024 * 1024  # a follower whose unsent output passes this is dropped
FINISHED_LISTED = 3600.0  # a finished table stays in the lobby this long (seconds)
RESULTS_SHOWN = 20


class Connection:
    """One client connection; ``key`` is set by ``hello``."""

    def __init__(self, server: TableServer, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.writer = writer
        self.key = ""
        self.token: str | None = None
        self.following: set[int] = set()
        self.closed = False

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

    def abort(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.writer.transport.abort()
        self.server._drop(self)

    async def close_after(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` and close (used for protocol errors)."""
        self.send(msg)
        if self.closed:
            return
        self.closed = True
        self.server._drop(self)
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2.0)


class TableServer(RequestsMixin, PlayMixin):
    """Owns every table; serves clients on a unix socket (in the caller's event loop)."""

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

    def __init__(self, data_dir: Path | None = None, workers: int = 2) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else paths.data_dir()
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

    # -- life ---------------------------------------------------------------------------
    async def start(self, socket_path: Path | None = None) -> None:
        """Open the store, resume every table and listen on the socket."""
        self.store = Store(paths.db_path(self.data_dir))
        self._names = self.store.names()
        self._load_tables()
        path = Path(socket_path) if socket_path is not None else paths.socket_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        _clear_stale_socket(path)
        self._server = await asyncio.start_unix_server(
            self._serve, path=str(path), limit=MAX_CLIENT_LINE + 1
        )
        os.chmod(path, 0o600)
        self.socket_path = path
        for table in self.tables.values():
            if table.status == PLAYING:
                self._advance(table)

    async def stop(self) -> None:
        """Stop listening, close every connection, stop the workers."""
        if self._server is not None:
            self._server.close()
        for conn in list(self.connections):
            conn.abort()
        for table in self.tables.values():
            self._stop_timer(table, tell=False)
        tasks = [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
            self._server = None
        await self.pool.close()
        if self.store is not None:
            self.store.close()
            self.store = None
        if self.socket_path is not None:
            with contextlib.suppress(OSError):
                self.socket_path.unlink()

    def issue_token(self, key: str) -> str:
        """A random token for one SSH session of the player ``key`` (a key fingerprint)."""
        token = secrets.token_urlsafe(24)
        self._tokens[token] = key
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """A background task the server keeps (and cancels on stop)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- resuming -----------------------------------------------------------------------
    def _load_tables(self) -> None:
        assert self.store is not None
        for row in self.store.tables((WAITING, PLAYING, FINISHED)):
            finished_at = None
            if row.finished:
                finished_at = datetime.fromisoformat(row.finished).timestamp()
                if time.time() - finished_at > FINISHED_LISTED:
                    continue
            try:
                saved = load_save(Path(row.save_path))
                get_game(row.game)
            except (SaveError, Exception) as exc:
                log.warning("table %s cannot be resumed: %s", row.id, exc)
                continue
            table = Table(
                row.id, saved, row.seats, row.creator_key, row.code, row.timer,
                row.stand_in_after, Path(row.save_path).parent, row.status, finished_at,
            )
            for t, who, text in self.store.chat(row.id):
                table.chat.append({"who": who, "text": text, "time": t})
            self.tables[row.id] = table

    # -- connections --------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(self, writer)
        self.connections.add(conn)
        try:
            await self._talk(conn, reader)
        except (ConnectionError, asyncio.IncompleteReadError, OSError):
            pass
        except asyncio.CancelledError:
            raise
        except Exception:  # never let one client's trouble reach the others
            log.exception("connection failed")
        finally:
            if not conn.closed:
                conn.closed = True
                self._drop(conn)
                with contextlib.suppress(Exception):
                    writer.close()

    async def _read(self, conn: Connection, reader: asyncio.StreamReader) -> dict | None:
        """The next message, or ``None`` at the end (after an error for a bad line)."""
        try:
            line = await reader.readline()
        except (ValueError, asyncio.LimitOverrunError):
            await conn.close_after(error("too_long", f"a message is at most {MAX_CLIENT_LINE} "
                                                      "bytes"))
            return None
        if not line:
            return None
        try:
            return decode_client(line)
        except ProtocolError as exc:
            await conn.close_after(error(exc.code, exc.message))
            return None

    async def _talk(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        try:
            first = await asyncio.wait_for(self._read(conn, reader), self.hello_timeout)
        except TimeoutError:
            await conn.close_after(error("hello", "say hello first"))
            return
        if first is None or conn.closed:
            return
        if not await self._hello(conn, first):
            return
        while not conn.closed:
            msg = await self._read(conn, reader)
            if msg is None or conn.closed:
                return
            await self._dispatch(conn, msg)

    async def _hello(self, conn: Connection, msg: dict[str, Any]) -> bool:
        if msg["type"] != "hello":
            await conn.close_after(error("hello", "the first message must be hello"))
            return False
        if msg["v"] != PROTOCOL_VERSION:
            await conn.close_after(error(
                "version", f"this host speaks protocol {PROTOCOL_VERSION}, not {msg['v']}"
            ))
            return False
        key = self._tokens.get(msg["token"])
        if key is None:
            await conn.close_after(error("token", "unknown session; log in again"))
            return False
        assert self.store is not None
        name, bell = self.store.player(key)
        self._names[key] = name
        conn.key, conn.token = key, msg["token"]
        conn.send({
            "type": "welcome", "v": PROTOCOL_VERSION,
            "you": {"name": name, "bell": bell, "key": key},
            "seated": sorted(
                t.id for t in self.tables.values()
                if t.status == PLAYING and t.seat_of(key) is not None
            ),
        })
        conn.send(self._lobby_for(key))
        return True

    async def _dispatch(self, conn: Connection, msg: dict[str, Any]) -> None:
        table_id = msg.get("table")
        try:
            handler = self.handlers[msg["type"]]
            handler(self, conn, msg)
        except ProtocolError as exc:
            if exc.code in FATAL_CODES:
                await conn.close_after(error(exc.code, exc.message))
            else:
                conn.send(error(exc.code, exc.message, table_id))
        except Exception:
            log.exception("request %s failed", msg.get("type"))
            conn.send(error("bad_request", "the host could not do that", table_id))

    def _drop(self, conn: Connection) -> None:
        """Forget a closed connection: its tables see it go."""
        self.connections.discard(conn)
        for table_id in list(conn.following):
            table = self.tables.get(table_id)
            if table is not None:
                self._unfollow(conn, table)

    # -- telling ------------------------------------------------------------------------
    def _name(self, key: str) -> str | None:
        return self._names.get(key)

    def _to_followers(self, table: Table, msg: dict[str, Any]) -> None:
        for conn in list(table.followers):
            conn.send(msg)

    def _send_seats(self, table: Table) -> None:
        for conn in list(table.followers):
            conn.send({"type": "seats", "table": table.id,
                       "summary": table.summary(conn.key, self._name)})

    def _send_table(self, conn: Connection, table: Table) -> None:
        from saves import dumps_save

        seat = table.seat_of(conn.key)
        conn.send({
            "type": "table", "table": table.id,
            "summary": table.summary(conn.key, self._name),
            "save": dumps_save(table.saved), "your_seat": seat,
            "creator": table.creator_key == conn.key,
            "code": table.code if (seat is not None or table.creator_key == conn.key) else None,
            "chat": list(table.chat), "timer": table.timer_left(),
        })

    def _follow(self, conn: Connection, table: Table) -> None:
        before = table.presence()
        table.followers.add(conn)
        conn.following.add(table.id)
        table.note_presence(before)
        self._send_seats(table)
        self._lobby_changed()

    def _unfollow(self, conn: Connection, table: Table) -> None:
        before = table.presence()
        table.followers.discard(conn)
        conn.following.discard(table.id)
        table.note_presence(before)
        self._send_seats(table)
        self._lobby_changed()

    def _lobby_for(self, key: str) -> dict[str, Any]:
        tables = [
            t.summary(key, self._name) for t in sorted(self.tables.values(), key=lambda t: t.id)
            if t.visible_to(key)
        ]
        results = [
            {k: r[k] for k in ("table", "game_name", "finished", "players")}
            for r in self._all_results() if not r["private"] or key in r["keys"]
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
                self._results.append({**row, "game_name": game_name,
                                      "finished": f"{when:%Y-%m-%d %H:%M}"})
        return self._results

    def _lobby_changed(self) -> None:
        """Send everyone the lobby soon: changes close together make one message."""
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
                conn.send(lobbies[conn.key])

    def _forget_old_tables(self) -> None:
        now = time.time()
        for table in list(self.tables.values()):
            if table.finished_at is not None and now - table.finished_at > FINISHED_LISTED:
                for conn in list(table.followers):
                    self._unfollow(conn, table)
                del self.tables[table.id]


def _clear_stale_socket(path: Path) -> None:
    """Remove a socket a killed server left; refuse if a server still answers on it."""
    if not path.exists() and not path.is_symlink():
        return
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.settimeout(1.0)
        probe.connect(str(path))
    except OSError:
        with contextlib.suppress(OSError):
            path.unlink()
    else:
        raise OSError(f"{path}: another table server is running")
    finally:
        probe.close()
