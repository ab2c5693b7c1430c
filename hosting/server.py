"""The table server: one asyncio unix-socket server that owns every table.

Clients (one ``robotui.table_client`` process per SSH session) connect to the socket,
say ``hello`` with the token the front door issued for their key, and then send the
messages of :mod:`hosting.protocol`. The server checks each one, changes its tables
and tells every follower. The shared state and the telling live in :mod:`hosting.host`;
moves, computer seats, the RoboRally timer and stand-ins in :mod:`hosting.play`; what each
message does in :mod:`hosting.requests`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import stat
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from engines.registry import get_game
from hosting import paths
from hosting.host import FINISHED_LISTED, Connection, log
from hosting.protocol import (
    FATAL_CODES,
    MAX_CLIENT_LINE,
    PROTOCOL_VERSION,
    ClientType,
    ProtocolError,
    decode_client,
    error,
)
from hosting.requests import RequestsMixin
from hosting.store import Store
from hosting.table import FINISHED, PLAYING, WAITING, Table
from saves import SaveError, load_save

__all__ = ["Connection", "TableServer"]


class TableServer(RequestsMixin):
    """Owns every table; serves clients on a unix socket (in the caller's event loop)."""

    async def start(self, socket_path: Path | None = None) -> None:
        """Open the store, resume every table and listen on the socket."""
        self._stopping = False
        self.store = Store(paths.db_path(self.data_dir))
        self._names = self.store.names()
        self._load_tables()
        path = Path(socket_path) if socket_path is not None else paths.socket_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        _clear_stale_socket(path)
        self._server = await asyncio.start_unix_server(
            self._serve, path=str(path), limit=MAX_CLIENT_LINE + 1, backlog=1024
        )
        os.chmod(path, 0o600)
        self.socket_path = path
        for table in list(self.tables.values()):
            self._resume(table)

    async def stop(self) -> None:
        """Stop listening, close every connection, stop the workers."""
        self._stopping = True
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
        if self.notifier is not None:
            await self.notifier.close()
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
        """The session of ``token`` ended: the token is void and its connections close."""
        self._tokens.pop(token, None)
        for conn in list(self.connections):
            if conn.token == token:
                conn.abort()

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
                row.id,
                saved,
                row.seats,
                row.creator_key,
                row.code,
                row.timer,
                row.stand_in_after,
                Path(row.save_path).parent,
                row.status,
                finished_at,
            )
            self._daily_loaded(table)
            for t, who, text in self.store.chat(row.id):
                table.chat.append({"who": who, "text": text, "time": t})
            self.tables[row.id] = table

    def _resume(self, table: Table) -> None:
        """Go on where a table stopped; a host killed between writing the save and the
        database may have left a game over but not yet finished, or full but waiting."""
        if table.status == PLAYING and table.saved.match.state.is_terminal():
            self._finish(table)
        elif table.status == WAITING:
            self._start_if_full(table)
        elif table.status == PLAYING:
            self._advance(table)

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
                self.drop(conn)
                with contextlib.suppress(Exception):
                    writer.close()

    async def _read(self, conn: Connection, reader: asyncio.StreamReader) -> dict | None:
        """The next message, or ``None`` at the end (after an error for a bad line)."""
        try:
            line = await reader.readline()
        except (ValueError, asyncio.LimitOverrunError):
            await conn.close_after(
                error("too_long", f"a message is at most {MAX_CLIENT_LINE} bytes")
            )
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
        if msg["type"] != ClientType.HELLO:
            await conn.close_after(error("hello", "the first message must be hello"))
            return False
        if msg["v"] != PROTOCOL_VERSION:
            await conn.close_after(
                error("version", f"this host speaks protocol {PROTOCOL_VERSION}, not {msg['v']}")
            )
            return False
        key = self._tokens.get(msg["token"])
        if key is None:
            await conn.close_after(error("token", "unknown session; log in again"))
            return False
        assert self.store is not None
        name, bell = self.store.player(key)
        self._names[key] = name
        conn.key, conn.token = key, msg["token"]
        conn.send(
            {
                "type": "welcome",
                "v": PROTOCOL_VERSION,
                "you": {"name": name, "bell": bell, "key": key},
                "seated": self._seated_live(key),
            }
        )
        conn.send_lobby(self._lobby_for(key))
        self._presence_changed(key)
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


def _clear_stale_socket(path: Path) -> None:
    """Remove a socket a killed server left; refuse if a server still answers on it."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(info.st_mode):
        raise OSError(f"{path}: is in the way of the table socket and is not a socket")
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
