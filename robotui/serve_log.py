"""The host's log: one line each, timestamped, on standard output; lines that can come in a
flood (descriptors running out, dropped connections) at most one a second per kind."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable

RATE_INTERVAL = 1.0  # seconds between two lines of one kind


def log_line(line: str) -> None:
    """One line of the host's log. A log nobody reads any more (the terminal closed under
    nohup, a broken pipe) must never stop the serving."""
    try:
        print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)
    except (OSError, ValueError):
        silence_stdout()


def silence_stdout() -> None:
    """Send what is still to be printed to /dev/null (at exit too: no BrokenPipeError)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


class RateLimitedLog:
    """At most one line per ``interval`` seconds for each kind; the next line of a kind says
    how many were left out since the last one."""

    def __init__(
        self,
        log: Callable[[str], None],
        interval: float = RATE_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._log = log
        self._interval = interval
        self._clock = clock
        self._last: dict[str, float] = {}
        self._skipped: dict[str, int] = {}

    def __call__(self, kind: str, line: str) -> bool:
        """Log ``line`` unless a line of ``kind`` was logged less than ``interval`` ago;
        whether it was logged."""
        now = self._clock()
        last = self._last.get(kind)
        if last is not None and now - last < self._interval:
            self._skipped[kind] = self._skipped.get(kind, 0) + 1
            return False
        self._last[kind] = now
        skipped = self._skipped.pop(kind, 0)
        if skipped:
            line = f"{line} (and {skipped} more like it)"
        self._log(line)
        return True
