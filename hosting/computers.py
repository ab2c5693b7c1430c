"""Computer seats think in worker processes, so no search ever blocks the event loop.

A player object travels to a worker with its seat's view and comes back with its
action (:func:`think`), so whatever it remembers between turns survives. Workers are
started by 'spawn': never a fork of the running event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engines.core import Action, SeatView
from engines.players import ComputerPlayer


def think(player: ComputerPlayer, view: SeatView) -> tuple[Action, ComputerPlayer]:
    """Runs in a worker: the player's choice and the player as it is afterwards."""
    return player.choose(view), player


def _worker_start(host: int) -> None:
    """In each worker, first: Ctrl+C on `robotui serve` is the host's to handle (each worker
    would print a KeyboardInterrupt traceback), and a worker ends with its parent, the
    process ``host`` (a host killed with SIGKILL would otherwise leave its workers running,
    orphaned)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    # The host was gone before the line above (a worker still starting when it died): the
    # worker has a new parent, init or a subreaper, and no signal will come.
    if os.getppid() != host:
        os._exit(0)


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _context() -> Any:
    """'spawn': each worker is a child of the host itself, so it ends with the host
    (:func:`_worker_start`). With 'forkserver' a host killed with SIGKILL left the fork server
    and its workers running for good: a worker's parent was the fork server, which stayed."""
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """Workers (and multiprocessing's helper processes) are started with a submit and are
    handed ``sys.stderr``'s file descriptor. Where something has put a stream without one in
    its place (a Textual app in tests captures the output: fileno() is -1), starting them
    failed with "bad value(s) in fds_to_keep" and every computer fell back to a random move:
    the process's real stderr is lent to them meanwhile."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        yield
        return
    borrowed, sys.stderr = sys.stderr, sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = borrowed


class ComputerPool:
    """A process pool made on first use and made again if a worker dies."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=_context(),
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def choose(self, player: ComputerPlayer, view: SeatView) -> tuple[Action, ComputerPlayer]:
        """The player's action (and its updated self), thought in a worker; if the pool
        broke (a worker was killed), once more in a new pool."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                with _real_stderr():
                    future = loop.run_in_executor(self._executor(), think, player, view)
                return await future
            except BrokenProcessPool:
                self._discard()
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _discard(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def close(self) -> None:
        """Stop the workers, without waiting for a search in progress to finish."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # a hard player may think for seconds: its worker is stopped, not waited for
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.terminate()
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
