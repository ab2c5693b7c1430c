"""Notices (``robotui serve --notify COMMAND``): a command the host runs when it becomes
the turn of a player who is not connected, e.g. to send a mail or a push message.

The command is split like a shell line (:func:`shlex.split`) but run without a shell, with
the notice in its environment: ``ROBOTUI_PLAYER`` (the player's name), ``ROBOTUI_TABLE``
(the table's number), ``ROBOTUI_GAME`` (the game's title) and ``ROBOTUI_TEXT`` (one line,
e.g. "Your move at table #4 (Robot Master)"), all terminal-safe. A player hears at most once
an hour about one table. Running it never delays a table: it is started and left to run; one
that runs longer than :data:`NOTIFY_TIMEOUT` seconds is killed, and a failure is one line in
the host's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shlex
import time
from collections.abc import Callable

from engines.safe_text import safe_text

log = logging.getLogger("hosting.notify")

NOTIFY_TIMEOUT = 10.0  # seconds a notice command may run before it is killed
NOTIFY_EVERY = 3600.0  # seconds between two notices to one player about one table


def split_command(text: str) -> list[str]:
    """``--notify``'s words; ValueError (one line) for an empty or badly quoted one."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ValueError(f"--notify: {exc}") from None
    if not words:
        raise ValueError("--notify needs a command")
    return words


def notice_text(table_id: int, game: str) -> str:
    """The notice's one line: "Your move at table #4 (Robot Master)"."""
    return f"Your move at table #{table_id} ({one_line(game)})"


def one_line(value: object) -> str:
    """Terminal-safe text on one line (an environment variable may reach a terminal)."""
    return " ".join(safe_text(value).split())


class Notifier:
    """Runs the notice command, at most once per ``every`` seconds per player and table."""

    def __init__(
        self,
        command: list[str] | None,
        timeout: float = NOTIFY_TIMEOUT,
        every: float = NOTIFY_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.command = list(command) if command else None
        self.timeout = timeout
        self.every = every
        self.clock = clock
        self.last: dict[tuple[str, int], float] = {}  # (player key, table) -> when told
        self.running: set[asyncio.Task[None]] = set()

    def notify(self, key: str, name: str, table_id: int, game: str) -> bool:
        """Tell ``key`` it is their move at the table (unless told within the hour);
        True if the command was started. Never waits for it."""
        if self.command is None:
            return False
        now = self.clock()
        then = self.last.get((key, table_id))
        if then is not None and now - then < self.every:
            return False
        self.last[(key, table_id)] = now
        env = {
            **os.environ,
            "ROBOTUI_PLAYER": one_line(name),
            "ROBOTUI_TABLE": str(table_id),
            "ROBOTUI_GAME": one_line(game),
            "ROBOTUI_TEXT": notice_text(table_id, game),
        }
        task = asyncio.get_running_loop().create_task(self._run(env, table_id))
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        return True

    async def _run(self, env: dict[str, str], table_id: int) -> None:
        assert self.command is not None
        what = f"notice for table #{table_id}"
        try:
            process = await asyncio.create_subprocess_exec(
                *self.command,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError as exc:
            log.warning("%s: %s cannot be run: %s", what, self.command[0], exc.strerror or exc)
            return
        try:
            code = await asyncio.wait_for(process.wait(), self.timeout)
        except (TimeoutError, asyncio.CancelledError) as exc:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await asyncio.shield(process.wait())
            if isinstance(exc, asyncio.CancelledError):
                raise
            log.warning("%s: %s killed after %g s", what, self.command[0], self.timeout)
            return
        if code != 0:
            log.warning("%s: %s failed (exit code %s)", what, self.command[0], code)

    async def close(self) -> None:
        """Stop the commands still running (the host is stopping)."""
        tasks = list(self.running)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
