"""How much of a player's output the host holds for a client that does not read it.

Output waits in two places on the host: the channel's buffer (for the client's SSH window)
and the connection's transport buffer (for the socket). The channel pauses the session past
its own high-water mark; the transport buffer can still grow by a whole SSH window (2 MB from
OpenSSH) on a stalled link. While the two together hold more than ``OUTPUT_LIMIT`` the session
stops reading its PTY: the player's process then blocks on its next write, and the screen it
draws when the link drains is its latest one (Textual keeps a few frames, not the stall's
history)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

OUTPUT_LIMIT = 1 << 20  # bytes of one session's output held on the host, at most about
OUTPUT_RESUME = OUTPUT_LIMIT // 4  # reading the PTY again once this little is left
CHECK_INTERVAL = 0.1  # seconds between two looks at a held session's pending output


def pending_output(chan: Any) -> int:
    """Bytes written to ``chan`` that the network has not taken yet."""
    try:
        pending = int(chan.get_write_buffer_size())
        conn = chan.get_extra_info("connection")
    except Exception:  # a channel already torn down holds nothing more
        return 0
    # asyncssh does not expose its transport; its buffer is the part that can grow by a
    # whole SSH window while the client's socket does not drain
    transport = getattr(conn, "_transport", None)
    if transport is not None:
        with contextlib.suppress(Exception):
            pending += int(transport.get_write_buffer_size())
    return pending


class OutputHold:
    """Holds a session's output while too much of it waits for the network.

    ``over(chan)`` after each write says whether to stop reading the PTY; if so, ``hold``
    polls until the pending output has drained to ``OUTPUT_RESUME`` (or the channel is gone)
    and then calls ``release``."""

    def __init__(
        self,
        channel: Callable[[], Any],
        release: Callable[[], None],
        limit: int = OUTPUT_LIMIT,
        resume: int = OUTPUT_RESUME,
    ) -> None:
        self._channel = channel
        self._release = release
        self.limit = limit
        self.resume = resume
        self.held = False
        self._timer: asyncio.TimerHandle | None = None

    def over(self, chan: Any) -> bool:
        return pending_output(chan) > self.limit

    def hold(self) -> None:
        if not self.held:
            self.held = True
            self._timer = asyncio.get_running_loop().call_later(CHECK_INTERVAL, self._check)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.held = False

    def _check(self) -> None:
        self._timer = None
        chan = self._channel()
        if chan is not None and pending_output(chan) > self.resume:
            self._timer = asyncio.get_running_loop().call_later(CHECK_INTERVAL, self._check)
            return
        self.held = False
        self._release()
