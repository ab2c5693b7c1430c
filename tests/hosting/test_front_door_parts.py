"""The front door's parts on their own: a channel that closes under a write, the output held
for a client that does not read, the per-key cap, logins counted per address, rate-limited
log lines, the open-file limit, and docs/hosting.md agreeing with every default."""

from __future__ import annotations

import asyncio
import os
import re
import resource
from pathlib import Path
from typing import Any

import pytest

from robotui.serve import _quiet_loop_errors
from robotui.serve_limits import (
    DEFAULT_READY_PROCESSES,
    DoorLimits,
    open_files_line,
    players_for_files,
    raise_open_files,
)
from robotui.serve_log import RateLimitedLog
from robotui.ssh_admit import KEY_FULL, refusal
from robotui.ssh_door import Gate
from robotui.ssh_output import CHECK_INTERVAL, OUTPUT_LIMIT
from robotui.ssh_session import PlayerSession, SessionLimits, Sessions

ROOT = Path(__file__).resolve().parents[2]
KEY = "SHA256:alice"


class Tokens:
    def issue_token(self, key: str) -> str:
        return "token"

    def revoke_token(self, token: str) -> None:
        return None


class Transport:
    def __init__(self) -> None:
        self.pending = 0

    def get_write_buffer_size(self) -> int:
        return self.pending


class Connection:
    def __init__(self) -> None:
        self._transport = Transport()


class Channel:
    """An asyncssh channel as a session sees it; ``closed`` makes every write raise as
    asyncssh's does once the channel is closed for sending."""

    def __init__(self, closed: bool = False) -> None:
        self.closed = closed
        self.sent = bytearray()
        self.exit_code: int | None = None
        self.conn = Connection()

    def write(self, data: bytes) -> None:
        if self.closed:
            raise BrokenPipeError("Channel not open for sending")
        self.sent += data

    def exit(self, code: int) -> None:
        if self.closed:
            raise BrokenPipeError("Channel not open for sending")
        self.exit_code = code

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.conn if name == "connection" else default

    def pause_reading(self) -> None:
        return None

    def resume_reading(self) -> None:
        return None


class Child:
    """A player's process as far as the session sees it: a PTY master (here a pipe)."""

    def __init__(self, output: bytes, returncode: int | None = None) -> None:
        self.master, writer = os.pipe()
        os.set_blocking(self.master, False)
        os.set_blocking(writer, False)
        os.write(writer, output)
        self.writer = writer
        self.returncode = returncode

    def hang_up(self) -> None:
        return None

    def resize(self, size: bytes) -> None:
        return None

    def close_master(self) -> None:
        if self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)
            os.close(self.master)
            self.master = -1

    def close(self) -> None:
        self.close_master()
        os.close(self.writer)


def session(chan: Channel, logged: list[str], **limits: Any) -> PlayerSession:
    sessions = Sessions(
        SessionLimits(
            **{"max_sessions": 4, "idle_seconds": 0, "idle_text": "never", "port": 2222, **limits}
        ),
        Tokens(),
        Path("/nonexistent"),
        logged.append,
    )
    made = sessions.new(KEY, "192.0.2.7")
    made.connection_made(chan)
    return made


# ------------------------------------------------------------ a channel closing under a write


async def test_a_refusal_to_a_closed_channel_raises_nothing() -> None:
    logged: list[str] = []
    refused = session(Channel(closed=True), logged)
    refused.session_started()  # no terminal asked for: refused with one line
    assert refused.finished.is_set()
    assert logged == [f"refused (no terminal): {KEY} from 192.0.2.7"]


async def test_output_to_a_closed_channel_raises_nothing() -> None:
    player = session(Channel(closed=True), [])
    child = Child(b"a screen")
    player.child = child  # type: ignore[assignment]
    try:
        player._read_master()
        assert player.chan is None  # nothing more is written to it
    finally:
        child.close()


async def test_finishing_on_a_closed_channel_raises_nothing() -> None:
    logged: list[str] = []
    player = session(Channel(closed=True), logged)
    child = Child(b"the last screen", returncode=0)
    player.child = child  # type: ignore[assignment]
    player._closing_line = "The host is stopping; your seats are kept."
    try:
        player._finish()  # drains the master, writes the closing line, exits: all refused
    finally:
        child.close()
    assert player.finished.is_set()
    assert any(line.startswith("session closed") for line in logged)


# ------------------------------------------------------------ a client that does not read


async def test_output_waiting_on_the_network_stops_reading_the_pty() -> None:
    chan = Channel()
    player = session(chan, [])
    child = Child(b"x" * 4096)
    player.child = child  # type: ignore[assignment]
    loop = asyncio.get_running_loop()
    try:
        loop.add_reader(child.master, player._read_master)
        chan.conn._transport.pending = 2 * OUTPUT_LIMIT  # the socket does not drain
        player._read_master()
        assert bytes(chan.sent) == b"x" * 4096
        assert not loop.remove_reader(child.master)  # the PTY is no longer read
        await asyncio.sleep(CHECK_INTERVAL * 3)
        assert not loop.remove_reader(child.master)  # still held: nothing drained
        chan.conn._transport.pending = 0  # the link drains
        await asyncio.sleep(CHECK_INTERVAL * 3)
        assert loop.remove_reader(child.master)  # read again
    finally:
        player._output.cancel()
        child.close()


async def test_a_paused_channel_keeps_the_pty_unread_after_the_output_drains() -> None:
    chan = Channel()
    player = session(chan, [])
    child = Child(b"y" * 100)
    player.child = child  # type: ignore[assignment]
    loop = asyncio.get_running_loop()
    try:
        loop.add_reader(child.master, player._read_master)
        chan.conn._transport.pending = 2 * OUTPUT_LIMIT
        player._read_master()
        player.pause_writing()  # the client's window is shut too
        chan.conn._transport.pending = 0
        await asyncio.sleep(CHECK_INTERVAL * 3)
        assert not loop.remove_reader(child.master)
        player.resume_writing()
        assert loop.remove_reader(child.master)
    finally:
        player._output.cancel()
        child.close()


# ------------------------------------------------------------ who gets a session


def admit(live: list[str], key: str = KEY, **kwargs: Any) -> Any:
    return refusal(
        term="xterm",
        command=None,
        stopping=False,
        key=key,
        live_keys=live,
        **{"max_sessions": 32, "max_per_key": 2, "port": 2222, **kwargs},
    )


def test_a_key_gets_at_most_max_per_key_sessions() -> None:
    assert admit([]) is None
    assert admit([KEY]) is None
    third = admit([KEY, KEY])
    assert third.line == KEY_FULL.format(limit=2)
    assert third.reason == "2 sessions of this key already open"
    assert admit([KEY, KEY], key="SHA256:bob") is None
    assert admit([KEY], max_per_key=1) is not None
    assert admit(["SHA256:bob"] * 2, max_sessions=2).reason == "host full (2 players)"


def test_logins_in_progress_are_counted_per_address_and_in_all() -> None:
    limits = DoorLimits(max_logins=3, max_logins_per_address=2)

    class Stopping:
        stopping = False

    gate = Gate(None, Stopping(), limits, print)  # type: ignore[arg-type]
    assert gate.admit_login("192.0.2.1") is None
    assert gate.admit_login("192.0.2.1") is None
    assert "per-address" in (gate.admit_login("192.0.2.1") or "")
    assert gate.admit_login("192.0.2.2") is None
    assert "--max-logins" in (gate.admit_login("192.0.2.3") or "")
    gate.login_over("192.0.2.1")
    assert gate.admit_login("192.0.2.3") is None
    gate.login_over("192.0.2.2")
    assert "192.0.2.2" not in gate.logging_in_from


# ------------------------------------------------------------ the log


def test_a_flood_of_one_kind_is_logged_once_a_second() -> None:
    lines: list[str] = []
    now = [100.0]
    log = RateLimitedLog(lines.append, clock=lambda: now[0])
    for _ in range(50):
        log("accept", "accept() failed")
    log("other", "something else")
    now[0] += 1.0
    log("accept", "accept() failed")
    assert lines == ["accept() failed", "something else", "accept() failed (and 49 more like it)"]


async def test_the_loop_reports_accept_failures_in_one_line(capsys) -> None:
    loop = asyncio.get_running_loop()
    old = loop.get_exception_handler()
    try:
        _quiet_loop_errors(loop)
        for _ in range(100):
            loop.call_exception_handler(
                {
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(24, "Too many open files"),
                }
            )
    finally:
        loop.set_exception_handler(old)
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1, out
    assert out[0].endswith(
        "socket.accept() out of system resource: OSError: [Errno 24] Too many open files"
    )


# ------------------------------------------------------------ open files


def test_the_soft_open_file_limit_is_raised_to_the_hard_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lowered = min(256, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (lowered, hard))
    try:
        assert raise_open_files() == (hard if hard != resource.RLIM_INFINITY else 1 << 20)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_players_the_open_files_allow() -> None:
    limits = DoorLimits()
    assert players_for_files(1024, limits) == 224
    assert players_for_files(100, limits) == 0
    assert open_files_line(1024, limits, 32) == "Open files: 1024 (enough for 224 players)"
    assert "fewer than --max-sessions 32" in open_files_line(200, limits, 32)


# ------------------------------------------------------------ the documentation


def test_docs_give_every_limit_its_default_and_the_dead_link_bound() -> None:
    docs = (ROOT / "docs" / "hosting.md").read_text()
    limits = DoorLimits()
    for flag, default in (
        ("--max-per-key N", limits.max_per_key),
        ("--no-session-timeout SEC", limits.no_session_seconds),
        ("--max-logins N", limits.max_logins),
        ("--max-logins-per-address N", limits.max_logins_per_address),
        ("--keepalive SEC", limits.keepalive_seconds),
    ):
        assert re.search(rf"\| `{re.escape(flag)}` \| {default:g} \|", docs), flag
    assert f"| `--ready-processes N` | {DEFAULT_READY_PROCESSES} |" in docs
    assert limits.dead_link_seconds == 60
    assert f"closed within {limits.dead_link_seconds} seconds" in docs
    assert "90 seconds" not in docs


@pytest.mark.parametrize("keepalive", [1, 15, 30])
def test_the_dead_link_bound_is_four_keepalive_intervals(keepalive: int) -> None:
    assert DoorLimits(keepalive_seconds=keepalive).dead_link_seconds == 4 * keepalive
    assert DoorLimits(keepalive_seconds=0).dead_link_seconds == 0
