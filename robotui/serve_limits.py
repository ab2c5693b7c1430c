"""The front door's limits (each one a ``robotui serve`` option, see docs/hosting.md) and the
open-file limit they need."""

from __future__ import annotations

import contextlib
import resource
from dataclasses import dataclass

DEFAULT_MAX_PER_KEY = 2
DEFAULT_NO_SESSION_SECONDS = 30
DEFAULT_MAX_LOGINS = 64
DEFAULT_MAX_LOGINS_PER_ADDRESS = 8
DEFAULT_KEEPALIVE_SECONDS = 15
# Players' processes the zygote keeps started ahead (robotui/zygote.py, robotui/ready_app.py):
# a full host's worth (DEFAULT_MAX_SESSIONS in robotui/serve.py), about 14 MB each.
DEFAULT_READY_PROCESSES = 32
LOGIN_SECONDS = 20  # a connection has this long to authenticate
KEEPALIVE_COUNT = 3  # keepalives left unanswered before the link counts as dead

# Descriptors the host holds for one player: the SSH connection, the PTY's master side, the
# process's pidfd and the table server's end of the player's table connection.
FILES_PER_PLAYER = 4
FILES_RESERVED = 64  # the listening sockets, the store, the worker processes, logs...
NOFILE_CAP = 1 << 20  # a soft limit asked for when the hard limit is "unlimited"


@dataclass
class DoorLimits:
    max_per_key: int = DEFAULT_MAX_PER_KEY  # sessions at once for one key
    no_session_seconds: float = DEFAULT_NO_SESSION_SECONDS  # logged in, no session: closed
    max_logins: int = DEFAULT_MAX_LOGINS  # connections not yet authenticated, in all
    max_logins_per_address: int = DEFAULT_MAX_LOGINS_PER_ADDRESS  # ... from one address
    keepalive_seconds: int = DEFAULT_KEEPALIVE_SECONDS  # 0: no keepalives

    @property
    def dead_link_seconds(self) -> int:
        """A link that stops answering is closed at most this long after its last byte: the
        host sends a keepalive every ``keepalive_seconds`` of silence and gives up at the
        next one after ``KEEPALIVE_COUNT`` went unanswered. 0: never (no keepalives)."""
        return self.keepalive_seconds * (KEEPALIVE_COUNT + 1)


def raise_open_files() -> int:
    """Raise the soft limit of open files to the hard limit; the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = NOFILE_CAP if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return NOFILE_CAP if soft == resource.RLIM_INFINITY else soft


def players_for_files(open_files: int, limits: DoorLimits) -> int:
    """How many players' sessions ``open_files`` descriptors allow, logins in progress
    counted in."""
    spare = open_files - FILES_RESERVED - limits.max_logins
    return max(spare // FILES_PER_PLAYER, 0)


def open_files_line(open_files: int, limits: DoorLimits, max_sessions: int) -> str:
    """The ready line about descriptors: how many players they allow, and what to do when
    that is fewer than --max-sessions."""
    players = players_for_files(open_files, limits)
    line = f"Open files: {open_files} (enough for {players} players)"
    if players < max_sessions:
        line += (
            f"; fewer than --max-sessions {max_sessions}: raise the hard limit "
            "(ulimit -Hn, or LimitNOFILE= in a systemd unit)"
        )
    return line
