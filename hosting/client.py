"""The player's end of the table protocol: one unix-socket connection to the table server.

asyncio only (no Textual): the app sets ``on_message`` and ``on_lost`` and calls ``send``.
Messages that arrive before ``on_message`` is set are kept and handed over when it is.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hosting import protocol
from hosting.protocol import ServerType

CONNECT_TIMEOUT = 10.0  # seconds to wait for the socket and the server's welcome

MessageHandler = Callable[[dict[str, Any]], None]
LostHandler = Callable[[str], None]


class TableClientError(Exception):
    """The connection could not be made or was refused; ``str()`` is one line for a player."""


class TableClient:
    """A connection to the table server: ``await connect(...)``, then ``send`` messages and
    get every server message through ``on_message``; ``on_lost(reason)`` is called once when
    the connection ends (not after ``close()``)."""

    def __init__(self) -> None:
        self._on_message: MessageHandler | None = None
        self.on_lost: LostHandler | None = None
        self.welcome: dict[str, Any] | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._early: list[dict[str, Any]] = []
        self._last_error: str = ""
        self._closed = False

    # -- callbacks ------------------------------------------------------------
    @property
    def on_message(self) -> MessageHandler | None:
        return self._on_message

    @on_message.setter
    def on_message(self, handler: MessageHandler | None) -> None:
        self._on_message = handler
        if handler is not None:
            early, self._early = self._early, []
            for msg in early:
                handler(msg)

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._closed

    # -- connecting -----------------------------------------------------------
    async def connect(
        self, socket_path: Path | str, token: str, timeout: float = CONNECT_TIMEOUT
    ) -> dict[str, Any]:
        """Open the socket, say hello with ``token`` and return the server's ``welcome``.

        Raises :class:`TableClientError` with a one-line reason on any failure."""
        try:
            self._reader, self._writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(socket_path), limit=protocol.MAX_SERVER_LINE + 1),
                timeout,
            )
        except (TimeoutError, OSError) as exc:
            reason = getattr(exc, "strerror", None) or "no answer"
            raise TableClientError(f"Cannot reach the table server: {reason}.") from None
        try:
            self._write({"type": "hello", "v": protocol.PROTOCOL_VERSION, "token": token})
            first = await asyncio.wait_for(self._read(), timeout)
        except TimeoutError:
            self._drop()
            raise TableClientError("The table server did not answer.") from None
        except TableClientError:
            self._drop()
            raise
        if first is None:
            self._drop()
            raise TableClientError("The table server closed the connection.")
        if first["type"] == ServerType.ERROR:
            self._drop()
            raise TableClientError(f"The table server refused: {first['message']}")
        if first["type"] != ServerType.WELCOME:
            self._drop()
            raise TableClientError("The table server did not welcome us.")
        self.welcome = first
        self._task = asyncio.get_running_loop().create_task(self._read_loop())
        return first

    # -- sending --------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Send one client message. It is checked against the protocol first (a bad
        one raises ``protocol.ProtocolError``, a bug on our side); after the connection
        has ended the message is dropped (``on_lost`` has said so already)."""
        protocol.check_client(msg)
        if not self.connected:
            return
        self._write_line(protocol.encode(msg))

    def _write(self, msg: dict[str, Any]) -> None:
        self._write_line(protocol.encode(msg))

    def _write_line(self, line: bytes) -> None:
        assert self._writer is not None
        if not line.endswith(b"\n"):
            line += b"\n"
        with contextlib.suppress(OSError, RuntimeError):  # the reader reports the end
            self._writer.write(line)

    # -- receiving ------------------------------------------------------------
    async def _read(self) -> dict[str, Any] | None:
        """The next server message, None at the end of the stream."""
        assert self._reader is not None
        try:
            line = await self._reader.readline()
        except (asyncio.LimitOverrunError, ValueError):
            raise TableClientError("The table server sent a line that is too long.") from None
        except OSError as exc:
            raise TableClientError(
                f"The connection to the table server broke: {exc.strerror or exc}."
            ) from None
        if not line:
            return None
        try:
            return protocol.decode_server(line)
        except protocol.ProtocolError:
            raise TableClientError("The table server sent something unreadable.") from None

    async def _read_loop(self) -> None:
        reason = "The table server closed the connection."
        try:
            while True:
                msg = await self._read()
                if msg is None:
                    if self._last_error:
                        reason = f"The table server closed the connection: {self._last_error}"
                    break
                if msg["type"] == ServerType.ERROR:
                    self._last_error = str(msg.get("message", ""))
                self._deliver(msg)
        except TableClientError as exc:
            reason = str(exc)
        except asyncio.CancelledError:
            return
        if not self._closed:
            self._drop()
            if self.on_lost is not None:
                self.on_lost(reason)

    def _deliver(self, msg: dict[str, Any]) -> None:
        if self._on_message is None:
            self._early.append(msg)
        else:
            self._on_message(msg)

    # -- closing --------------------------------------------------------------
    def _drop(self) -> None:
        self._closed = True
        if self._writer is not None:
            with contextlib.suppress(OSError, RuntimeError):
                self._writer.close()

    def close(self) -> None:
        """End the connection without calling ``on_lost``."""
        if self._closed:
            return
        self._drop()
        task = self._task
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()

    async def wait_closed(self) -> None:
        """Wait until the socket is closed and the reading task has ended."""
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._writer is not None:
            with contextlib.suppress(OSError, RuntimeError):
                await self._writer.wait_closed()


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
