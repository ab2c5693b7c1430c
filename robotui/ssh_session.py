"""One SSH session of the front door: a terminal bridged to that player's own process.

Bytes go both ways between the SSH channel and the PTY master, with backpressure on each
side: a client that stops reading pauses reading its own PTY (so only its own process
stalls, and the host holds a bounded amount of its output: robotui/ssh_output.py), and a
process that stops reading pauses that channel. Whether a session gets a process is decided
in robotui/ssh_admit.py; a channel that closes under a write never raises out of a callback."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import asyncssh

from robotui.ssh_admit import HOST_STOPPING, refusal
from robotui.ssh_child import PtyChild, child_environment, terminal_name, window_size
from robotui.ssh_output import OutputHold
from robotui.zygote import Starter

READ_CHUNK = 65536
INPUT_HIGH_WATER = 65536  # bytes waiting for the PTY before the channel stops reading
EXIT_DRAIN = 1.0  # seconds to wait for the last output of a process that has ended

IDLE_CLOSED = "Closed after {amount} without a key; your seats are kept."
CANNOT_START = "The host could not start your session; try again later."


class TokenIssuer(Protocol):
    """The table server's side of a session (hosting.server.TableServer)."""

    def issue_token(self, key: str) -> str: ...

    def revoke_token(self, token: str) -> None: ...


@dataclass
class SessionLimits:
    max_sessions: int
    idle_seconds: float  # 0: never
    idle_text: str  # "60 minutes", as the closing line says it
    port: int  # for the lines that tell how to connect
    max_per_key: int = 2  # sessions with a process at once for one key


class Sessions:
    """Every session with a process, for the limit and for stopping the host."""

    def __init__(
        self,
        limits: SessionLimits,
        tokens: TokenIssuer,
        socket_path: Path,
        log: Callable[[str], None],
        starter: Starter | None = None,
    ) -> None:
        self.limits = limits
        self.starter = starter or Starter(log)  # cold starts unless serve passes a warm one
        self.tokens = tokens
        self.socket_path = socket_path
        self.log = log
        self.live: set[PlayerSession] = set()
        self.stopping = False

    def new(self, key: str, peer: str) -> PlayerSession:
        return PlayerSession(self, key, peer)

    async def stop_all(self, timeout: float) -> None:
        """Hang up every process, tell each player the host is stopping, close."""
        self.stopping = True
        sessions = list(self.live)
        for session in sessions:
            session.end(HOST_STOPPING)
        waits = [session.finished.wait() for session in sessions]
        if waits:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*waits), timeout)


class PlayerSession(asyncssh.SSHServerSession[bytes]):
    """A channel with a PTY and a shell request gets a process; anything else one line."""

    def __init__(self, sessions: Sessions, key: str, peer: str) -> None:
        self.sessions = sessions
        self.key = key
        self.peer = peer
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.child: PtyChild | None = None
        self.token: str | None = None
        self.command: str | None = None
        self.finished = asyncio.Event()
        self._term: str | None = None
        self._size = window_size(80, 24)
        self._pending = bytearray()  # input the PTY has not taken yet
        self._out_paused = False
        self._master_eof = False
        self._closing_line: str | None = None
        self._last_key = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None
        self._drain: asyncio.TimerHandle | None = None
        self._loop = asyncio.get_running_loop()
        self._output = OutputHold(lambda: self.chan, self._output_released)

    # -- what the client asks for --------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self._term = term_type
        self._size = window_size(*term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # accepted only to be answered with one line
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self._log_refusal(f"the {subsystem!r} subsystem")
        return False  # sftp and the like: refused

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        return None  # the client does not signal the player's process

    def session_started(self) -> None:
        limits = self.sessions.limits
        refused = refusal(
            term=self._term,
            command=self.command,
            stopping=self.sessions.stopping,
            key=self.key,
            live_keys=(session.key for session in self.sessions.live),
            max_sessions=limits.max_sessions,
            max_per_key=limits.max_per_key,
            port=limits.port,
        )
        if refused is not None:
            self._log_refusal(refused.reason)
            self._refuse(refused.line)
        else:
            self._start()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = window_size(width, height, pixwidth, pixheight)
        if self.child is not None:
            self.child.resize(self._size)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.child is None or self.child.master < 0:
            return
        self._last_key = time.monotonic()
        self._pending += data
        self._flush_input()

    def eof_received(self) -> bool:
        return True  # keep the channel open for output; the process decides when to end

    def pause_writing(self) -> None:
        self._out_paused = True
        self._stop_reading_master()

    def resume_writing(self) -> None:
        self._out_paused = False
        self._read_master_again()

    def _output_released(self) -> None:
        self._read_master_again()

    def _stop_reading_master(self) -> None:
        if self.child is not None and self.child.master >= 0:
            self._loop.remove_reader(self.child.master)

    def _read_master_again(self) -> None:
        """Read the PTY again unless the channel or the pending output still holds it."""
        if (
            self.child is not None
            and self.child.master >= 0
            and not self._master_eof
            and not self._out_paused
            and not self._output.held
        ):
            self._loop.add_reader(self.child.master, self._read_master)

    def connection_lost(self, exc: Exception | None) -> None:
        """The channel is gone (the player left, or the link dropped): hang up."""
        self.chan = None
        self._cancel_idle()
        self._output.cancel()
        if self.child is None:
            self.finished.set()
        elif self.child.returncode is None:
            self.child.hang_up()
        else:
            self._finish()

    # -- the process ----------------------------------------------------------
    def _start(self) -> None:
        assert self.chan is not None
        try:
            self.token = self.sessions.tokens.issue_token(self.key)
            env = child_environment(
                terminal_name(self._term), self.sessions.socket_path, self.token
            )
            self.child = self.sessions.starter.start(env, self._size, self._child_exited)
        except Exception as exc:  # no process (fork limits, a full process table...)
            self.sessions.log(f"cannot start a session's process: {exc}")
            if self.token is not None:
                self.sessions.tokens.revoke_token(self.token)
                self.token = None
            self._refuse(CANNOT_START)
            return
        self.sessions.live.add(self)
        self.sessions.log(
            f"session opened: {self.key} from {self.peer} ({len(self.sessions.live)} playing)"
        )
        self._loop.add_reader(self.child.master, self._read_master)
        self._arm_idle()

    def _read_master(self) -> None:
        child = self.child
        if child is None or child.master < 0:
            return
        try:
            data = os.read(child.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the slave side is gone
            data = b""
        if not data:
            self._master_eof = True
            self._loop.remove_reader(child.master)
            if child.returncode is not None:
                self._finish()
            return
        if self.chan is not None:
            self._send(data)
            if self.chan is not None and self._output.over(self.chan):
                self._stop_reading_master()
                self._output.hold()

    def _flush_input(self) -> None:
        child = self.child
        if child is None or child.master < 0:
            self._pending.clear()
            return
        while self._pending:
            try:
                written = os.write(child.master, self._pending)
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:written]
        if self._pending:
            self._loop.add_writer(child.master, self._flush_input)
            if len(self._pending) > INPUT_HIGH_WATER and self.chan is not None:
                self.chan.pause_reading()
        else:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_writer(child.master)
            if self.chan is not None:
                self.chan.resume_reading()

    def _child_exited(self, code: int) -> None:
        self._cancel_idle()
        if self._master_eof or self.chan is None or self._out_paused:
            self._finish()
        else:  # let the last screen (the terminal put back as it was) reach the player
            self._drain = self._loop.call_later(EXIT_DRAIN, self._finish)

    def _finish(self) -> None:
        """The process has ended: its output is sent, the channel closes with its status."""
        if self.finished.is_set():
            return
        if self._drain is not None:
            self._drain.cancel()
        child = self.child
        if child is not None:
            if not self._master_eof:
                self._drain_master()
            child.close_master()
        if self.token is not None:
            self.sessions.tokens.revoke_token(self.token)
            self.token = None
        self.sessions.live.discard(self)
        code = child.returncode if child is not None and child.returncode is not None else 0
        if self._closing_line:
            self._send(f"\r\n{self._closing_line}\r\n".encode())
        self._exit(code if not self._closing_line else 0)
        self.sessions.log(
            f"session closed: {self.key} (exit {code}; {len(self.sessions.live)} playing)"
        )
        self.finished.set()

    def _drain_master(self) -> None:
        assert self.child is not None
        while self.chan is not None:
            try:
                data = os.read(self.child.master, READ_CHUNK)
            except OSError:
                return
            if not data:
                return
            self._send(data)

    def end(self, line: str) -> None:
        """Hang up the process, then show ``line`` once its screen is put back."""
        self._closing_line = line
        if self.child is not None and self.child.returncode is None:
            self.child.hang_up()
        elif self.child is None:
            self._refuse(line)

    def _refuse(self, line: str) -> None:
        self._send(f"{line}\r\n".encode())
        self._exit(1)
        self.finished.set()

    def _log_refusal(self, reason: str) -> None:
        self.sessions.log(f"refused ({reason}): {self.key} from {self.peer}")

    # -- the channel: it may close under any write ------------------------------
    def _send(self, data: bytes) -> None:
        """Write to the channel; a channel closing under it (the client left) takes nothing."""
        if self.chan is None:
            return
        try:
            self.chan.write(data)
        except OSError:  # BrokenPipeError: closed for sending
            self.chan = None

    def _exit(self, code: int) -> None:
        if self.chan is None:
            return
        try:
            self.chan.exit(code)
        except OSError:
            self.chan = None

    # -- idle ------------------------------------------------------------------
    def _arm_idle(self) -> None:
        seconds = self.sessions.limits.idle_seconds
        if seconds > 0:
            due = self._last_key + seconds - time.monotonic()
            self._idle = self._loop.call_later(max(due, 0.0), self._idle_check)

    def _idle_check(self) -> None:
        self._idle = None
        seconds = self.sessions.limits.idle_seconds
        if time.monotonic() - self._last_key >= seconds:
            self.sessions.log(f"idle: closing the session of {self.key}")
            self.end(IDLE_CLOSED.format(amount=self.sessions.limits.idle_text))
        else:
            self._arm_idle()

    def _cancel_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
