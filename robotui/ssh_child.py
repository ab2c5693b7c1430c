"""One player's process on its own pseudo-terminal: started in a new session with the PTY as
its controlling terminal, resized with the player's window, hung up and reaped when the
player leaves. No Python code runs between fork and exec (``os.posix_spawn`` on Linux): the
serving process has worker threads, and code run there after a fork may deadlock."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import shlex
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping
from pathlib import Path

from robotui.table_env import SOCKET_ENV, TOKEN_ENV

# Test-only: a command line run instead of the lobby (the front door's own tests use a
# small script that prints its terminal size). Never set it for players.
CHILD_ENV = "ROBOTUI_SERVE_CHILD"
# Server-side variables that are not for the children.
NOT_PASSED = frozenset({CHILD_ENV, TOKEN_ENV, SOCKET_ENV, "ROBOTUI_SERVE_IDLE_SECONDS"})

DEFAULT_TERM = "xterm-256color"
_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
# A window larger than this is drawn at this size: a client claiming 65535x65535 would
# otherwise make its process build a screen of four billion cells.
MAX_COLUMNS = 500
MAX_ROWS = 200
HANGUP_GRACE = 5.0  # seconds from SIGHUP to SIGKILL (the app saves and leaves in ~3 s)
POLL_INTERVAL = 0.25  # seconds between exit checks where pidfd_open is missing


def child_command() -> list[str]:
    """The player's process: the lobby, or the test-only override."""
    override = os.environ.get(CHILD_ENV, "").strip()
    if override:
        return shlex.split(override)
    # -P: the server's working folder is not put on the child's import path
    return [sys.executable, "-P", "-m", "robotui.table_client"]


def terminal_name(requested: str | None) -> str:
    """The client's TERM if it looks like a terminal name, else xterm-256color."""
    if requested and _TERM_NAME.fullmatch(requested):
        return requested
    return DEFAULT_TERM


def child_environment(
    term: str, socket_path: Path, token: str, server_env: Mapping[str, str] | None = None
) -> dict[str, str]:
    """A small, fixed environment: nothing the SSH client sent but its TERM."""
    source = os.environ if server_env is None else server_env
    env = {
        "PATH": source.get("PATH", os.defpath),
        "HOME": source.get("HOME", "/"),
        "TERM": term,
        "LANG": "C.UTF-8",
        # animations cost every player bandwidth and the host CPU for nothing
        "TEXTUAL_ANIMATIONS": source.get("TEXTUAL_ANIMATIONS", "none"),
    }
    for name in ("PYTHONPATH", "TEXTUAL_COLOR_SYSTEM"):  # how the host runs robotui
        if name in source:
            env[name] = source[name]
    for name, value in source.items():
        if name.startswith("ROBOTUI_") and name not in NOT_PASSED:
            env[name] = value  # the host's data, config and runtime folders
    env[SOCKET_ENV] = str(socket_path)
    env[TOKEN_ENV] = token
    return env


def window_size(columns: int, rows: int, xpixels: int = 0, ypixels: int = 0) -> bytes:
    """A ``struct winsize`` for TIOCSWINSZ; zero or huge sizes are brought into range."""
    columns = min(max(columns, 1), MAX_COLUMNS) if columns else 80
    rows = min(max(rows, 1), MAX_ROWS) if rows else 24
    return struct.pack("HHHH", rows, columns, min(xpixels, 0xFFFF), min(ypixels, 0xFFFF))


class PtyChild:
    """A process on the slave side of a new PTY; the caller reads and writes ``master``."""

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        size: bytes,
        on_exit: Callable[[int], None],
        spawn: Callable[[list[str], dict[str, str], int], int] | None = None,
    ) -> None:
        """``spawn(argv, env, slave)`` starts the process (a cold start by default; see
        robotui/zygote.py for a warm one) and returns its pid, a child of this process."""
        self.master, slave = os.openpty()  # both close-on-exec
        try:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, size)
            self.pid = (spawn or _spawn)(argv, env, slave)
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)  # the child has its own: EOF on master once it is gone
        os.set_blocking(self.master, False)
        self.returncode: int | None = None
        self._on_exit = on_exit
        self._loop = asyncio.get_running_loop()
        self._pidfd: int | None = None
        self._poll: asyncio.TimerHandle | None = None
        self._kill: asyncio.TimerHandle | None = None
        self._watch()

    def resize(self, size: bytes) -> None:
        """New window size; the kernel sends the child SIGWINCH."""
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, size)

    def hang_up(self, grace: float = HANGUP_GRACE) -> None:
        """SIGHUP to the child's process group, SIGKILL if it is still there after ``grace``."""
        if self.returncode is not None:
            return
        self._signal(signal.SIGHUP)
        if self._kill is None:
            self._kill = self._loop.call_later(grace, self._signal, signal.SIGKILL)

    def close_master(self) -> None:
        if self.master >= 0:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(self.master)
                self._loop.remove_writer(self.master)
            os.close(self.master)
            self.master = -1

    # -- exit ---------------------------------------------------------------
    def _signal(self, signum: int) -> None:
        if self.returncode is None:  # never once reaped: the pid may belong to another
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signum)

    def _watch(self) -> None:
        try:
            self._pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
            self._poll = self._loop.call_later(POLL_INTERVAL, self._check)
            return
        self._loop.add_reader(self._pidfd, self._check)

    def _check(self) -> None:
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            pid, status = self.pid, 255 << 8  # reaped elsewhere: report a failure
        if pid == 0:
            if self._pidfd is None:
                self._poll = self._loop.call_later(POLL_INTERVAL, self._check)
            return
        self.returncode = _exit_code(status)
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        for handle in (self._poll, self._kill):
            if handle is not None:
                handle.cancel()
        # the session leader is gone; anything it left in its group is hung up too
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGHUP)
        self._on_exit(self.returncode)


def _exit_code(status: int) -> int:
    """The shell's convention: the exit status, or 128 + the signal that ended it."""
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.waitstatus_to_exitcode(status) & 0xFF


_RESET_SIGNALS = (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGHUP, signal.SIGINT, signal.SIGTERM)


def _spawn(argv: list[str], env: dict[str, str], slave: int) -> int:
    """Start ``argv`` in a new session whose controlling terminal is the PTY ``slave``."""
    if sys.platform.startswith("linux"):
        # Linux: after setsid, opening the terminal (without O_NOCTTY) makes it the
        # controlling terminal; glibc applies setsid before the file actions.
        tty = os.ttyname(slave)
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, tty, os.O_RDWR, 0),
            (os.POSIX_SPAWN_DUP2, 0, 1),
            (os.POSIX_SPAWN_DUP2, 0, 2),
        ]
        return os.posix_spawnp(
            argv[0],
            argv,
            env,
            file_actions=actions,
            setsid=True,
            setsigmask=(),
            setsigdef=_RESET_SIGNALS,
        )
    import subprocess  # elsewhere: fork + TIOCSCTTY (the preexec hook is one ioctl)

    process = subprocess.Popen(
        argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        close_fds=True,
    )
    process.returncode = 0  # reaped by PtyChild, not by Popen's own bookkeeping
    return process.pid
