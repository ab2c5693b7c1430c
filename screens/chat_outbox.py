"""Chat lines on their way to a table, in the order they were typed.

One line is in flight at a time: the next goes once the table echoes it (every follower,
its sender too, gets each line), so a fast burst is neither reordered nor sent twice.
A line the host holds back for chatting too fast stays first in line, its sender is told
so, and it goes again after :data:`RETRY` seconds.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from engines.safe_text import safe_text

RETRY = 2.5  # seconds before a held-back line is sent again (the host allows one per 2 s)
HELD_NOTE = "You are chatting too fast: {line!r} goes out in a moment."

Schedule = Callable[[float, Callable[[], None]], object]


def _later(delay: float, then: Callable[[], None]) -> object:
    return asyncio.get_running_loop().call_later(delay, then)


class ChatOutbox:
    """The lines one person has typed at one table and the host has not echoed yet."""

    def __init__(self, send: Callable[[str], None], schedule: Schedule = _later) -> None:
        self._send = send
        self._schedule = schedule
        self.pending: deque[str] = deque()
        self.in_flight: str | None = None
        self.held = False  # the host held a line back: wait for the retry

    def add(self, text: str) -> None:
        """Queue a line (already checked: safe and not too wide) and send what may go."""
        self.pending.append(text)
        self._pump()

    def _pump(self) -> None:
        if self.in_flight is None and not self.held and self.pending:
            self.in_flight = self.pending.popleft()
            self._send(self.in_flight)

    def echoed(self, text: str) -> bool:
        """A line of ours came back from the table: the next may go. True if it was the
        one in flight."""
        if self.in_flight is None or safe_text(self.in_flight) != safe_text(text):
            return False
        self.in_flight = None
        self._pump()
        return True

    def refused(self, code: str) -> str | None:
        """The table answered the line in flight with an error ``code``: a line held back
        by the rate limit goes again later (the note for its sender is returned); one
        refused for any other reason is dropped."""
        line, self.in_flight = self.in_flight, None
        if line is None:
            return None
        if code != "rate":
            self._pump()
            return None
        self.pending.appendleft(line)
        if not self.held:
            self.held = True
            self._schedule(RETRY, self._retry)
        shown = line if len(line) <= 30 else line[:29] + "..."
        return HELD_NOTE.format(line=shown)

    def _retry(self) -> None:
        self.held = False
        self._pump()

    def __len__(self) -> int:
        return len(self.pending) + (self.in_flight is not None)
