"""``robotui serve``: the SSH front door and the table server in one event loop.

Who may enter is decided at authentication (public keys only; with ``--allow`` only the
keys of that file); each session that asks for a terminal gets its own robotui process on a
PTY (robotui/ssh_session.py, robotui/ssh_child.py); everything else is refused. The table
server (tables/server.py) owns the tables; the front door only hands each session a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from robotui.ssh_keys import AllowList, KeyProblem, fingerprint, load_or_make_host_key
from robotui.ssh_session import PlayerSession, SessionLimits, Sessions
from robotui.zygote import Starter

DEFAULT_LISTEN = "127.0.0.1:2222"
DEFAULT_MAX_SESSIONS = 32
DEFAULT_IDLE_MINUTES = 60
# Test-only: the idle timeout in seconds instead of --idle-timeout's minutes, so a test
# need not wait a minute. Never needed by a host.
IDLE_SECONDS_ENV = "ROBOTUI_SERVE_IDLE_SECONDS"
LOGIN_TIMEOUT = 20  # seconds a connection may take to authenticate
MAX_UNAUTHENTICATED = 64  # connections still logging in at once; more are dropped at once
KEEPALIVE_INTERVAL = 30  # seconds; three unanswered keepalives end a dead link
STOP_TIMEOUT = 8.0  # seconds the players' processes get to save and leave when stopping
CLIENT_GOODBYE = 2.0  # seconds clients get to close their connections when stopping
READY_LINE = "Ready. Stop with Ctrl+C."


class ServeProblem(Exception):
    """Serving cannot start; the message is one line."""


@dataclass
class ServeOptions:
    host: str
    port: int
    allow: Path | None = None
    max_sessions: int = DEFAULT_MAX_SESSIONS
    idle_minutes: int = DEFAULT_IDLE_MINUTES


def parse_listen(text: str) -> tuple[str, int]:
    """``ADDR:PORT`` (``[::1]:2222`` for IPv6) as (address, port); ValueError says why.
    Port 0 takes any free port (the ready lines print the one taken)."""
    text = text.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep or not host or not port_text:
        raise ValueError(f"--listen needs ADDR:PORT, e.g. 127.0.0.1:2222, not {text!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host != "localhost":
            raise ValueError(f"--listen: {host!r} is not an IP address "
                             "(e.g. 127.0.0.1, 0.0.0.0 or [::])") from None
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise ValueError(f"--listen: {port_text!r} is not a port (0 to 65535)")
    return host, int(port_text)


def idle_limit(minutes: int) -> tuple[float, str]:
    """Seconds of no key before a session closes (0: never), and how the line says it."""
    override = os.environ.get(IDLE_SECONDS_ENV, "").strip()
    with contextlib.suppress(ValueError):
        seconds = float(override)
        if seconds >= 0:
            return seconds, f"{override} second{'' if seconds == 1 else 's'}"
    return minutes * 60.0, f"{minutes} minute{'' if minutes == 1 else 's'}"


def _log(line: str) -> None:
    """One line of the host's log. A log nobody reads any more (the terminal closed under
    nohup, a broken pipe) must never stop the serving."""
    try:
        print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)
    except (OSError, ValueError):
        _silence_stdout()


def _silence_stdout() -> None:
    """Send what is still to be printed to /dev/null (at exit too: no BrokenPipeError)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


class Gate:
    """What every connection shares: the allow list and the count of logins in progress."""

    def __init__(self, allow: AllowList | None, sessions: Sessions) -> None:
        self.allow = allow
        self.sessions = sessions
        self.logging_in = 0
        self.connections: set[asyncssh.SSHServerConnection] = set()


class FrontDoor(asyncssh.SSHServer):
    """One connection: public-key authentication only; each session a PlayerSession."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.key: str | None = None
        self._offered: str | None = None
        self._logging_in = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.gate.connections.add(conn)
        if self.gate.logging_in >= MAX_UNAUTHENTICATED or self.gate.sessions.stopping:
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self.gate.logging_in += 1
        self._logging_in = True

    def connection_lost(self, exc: Exception | None) -> None:
        self._done_logging_in()
        if self.conn is not None:
            self.gate.connections.discard(self.conn)

    def _done_logging_in(self) -> None:
        if self._logging_in:
            self._logging_in = False
            self.gate.logging_in -= 1

    def begin_auth(self, username: str) -> bool:
        if self.gate.allow is not None:
            problem = self.gate.allow.refresh()
            if problem:
                _log(problem)
        return True  # always authenticate: never let anyone in without a key

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.gate.allow is None or self.gate.allow.allows(key, self.peer)
        # asyncssh calls this for the key being tried and again, with no await between
        # that call and auth_completed, for the key whose signature succeeds: the last key
        # recorded here when auth completes is the one the client proved it holds.
        self._offered = fingerprint(key) if allowed else None
        return allowed

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return False  # certificates are not identities here

    def auth_completed(self) -> None:
        self.key = self._offered
        self._done_logging_in()

    def session_requested(self) -> PlayerSession | bool:
        if self.key is None:
            return False
        return self.gate.sessions.new(self.key, self.peer)


async def _listen(options: ServeOptions, gate: Gate, host_key: asyncssh.SSHKey) -> Any:
    try:
        return await asyncssh.listen(
            options.host, options.port,
            server_factory=lambda: FrontDoor(gate),
            server_host_keys=[host_key],
            config=None,
            reuse_address=True,
            encoding=None,  # bytes both ways: the PTY carries the terminal as it is
            line_editor=False,
            allow_scp=False,
            x11_forwarding=False,
            agent_forwarding=False,
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_host=None,
            rdns_lookup=False,
            login_timeout=LOGIN_TIMEOUT,
            keepalive_interval=KEEPALIVE_INTERVAL,
            keepalive_count_max=3,
        )
    except OSError as exc:
        where = f"{options.host}:{options.port}"
        raise ServeProblem(f"cannot listen on {where}: {exc.strerror or exc}") from None


async def serve(options: ServeOptions, make_table_server: Callable[[], Any] | None = None,
                say: Callable[[str], None] = print) -> None:
    """Run until SIGINT, SIGTERM or SIGHUP; ServeProblem (one line) if it cannot start."""
    from tables import paths

    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    allow = None
    try:
        host_key = load_or_make_host_key(paths.host_key_path())
        if options.allow is not None:
            allow = AllowList(options.allow)
            allow.check()
        socket = paths.socket_path()
    except (KeyProblem, paths.PathProblem) as exc:
        raise ServeProblem(str(exc)) from None
    idle_seconds, idle_text = idle_limit(options.idle_minutes)

    starter = Starter(_log, warm=True)
    sessions = Sessions(SessionLimits(options.max_sessions, idle_seconds, idle_text,
                                      options.port), _Tokens(), socket, _log, starter)
    gate = Gate(allow, sessions)
    # Listen first: a port in use fails before any table is touched. A session opened in
    # the moment before the table server is up is told to try again.
    acceptor = await _listen(options, gate, host_key)
    try:
        if make_table_server is None:
            from tables.server import TableServer

            make_table_server = TableServer
        tables = make_table_server()
        try:
            await tables.start(socket)
        except Exception as exc:  # e.g. the store cannot be opened
            with contextlib.suppress(Exception):
                await tables.stop()
            raise ServeProblem(f"cannot start the table server: {exc}") from None
        try:
            # players' processes are forked from a process with robotui imported already
            starter.start_zygote()
            await asyncio.to_thread(starter.wait_ready)
            sessions.tokens = tables
            port = acceptor.get_port() or options.port
            sessions.limits.port = port
            await _run_until_stopped(acceptor, gate, options, port, host_key, allow, socket,
                                     _safe(say))
        finally:
            starter.close()
            try:
                await tables.stop()
            except Exception as exc:  # the saves were written after every move anyway
                _log(f"the table server did not stop cleanly: {type(exc).__name__}: {exc}")
    finally:
        acceptor.close()


async def _close_connections(gate: Gate) -> None:
    """Let clients leave on their own first: a client told to disconnect may exit before
    it shows the last line its session wrote (OpenSSH does)."""
    deadline = time.monotonic() + CLIENT_GOODBYE
    while gate.connections and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for conn in list(gate.connections):
        conn.close()


class _Tokens:
    """Until the table server is up there is no token to give: a session that comes in that
    moment is told to try again."""

    def issue_token(self, key: str) -> str:
        raise RuntimeError("the table server is starting")

    def revoke_token(self, token: str) -> None:
        return None


async def _run_until_stopped(acceptor: Any, gate: Gate, options: ServeOptions, port: int,
                             host_key: asyncssh.SSHKey, allow: AllowList | None,
                             socket: Path, say: Callable[[str], None]) -> None:
    from tables import paths

    host = f"[{options.host}]" if ":" in options.host else options.host
    target = "HOST" if options.host in ("0.0.0.0", "::") else host
    who = f"the {allow.count} keys in {allow.path}" if allow else "anyone with an SSH key"
    idle = ("never" if not gate.sessions.limits.idle_seconds
            else f"after {gate.sessions.limits.idle_text}")
    for line in (
        f"robotui serve: listening on {host}:{port}",
        f"Host key fingerprint: {fingerprint(host_key)} (ED25519)",
        f"Players connect with: ssh -p {port} {target}",
        f"Who may enter: {who}",
        f"Limits: {gate.sessions.limits.max_sessions} players at once; idle sessions close {idle}",
        f"Data folder: {paths.data_dir()}",
        f"Table socket: {socket}",
        READY_LINE,
    ):
        say(line)
    sys.stdout.flush()

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    for signum in signals:
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        for signum in signals:
            loop.remove_signal_handler(signum)
        say("Stopping: players' processes are hung up, tables saved.")
        acceptor.close()
        await gate.sessions.stop_all(STOP_TIMEOUT)
        await _close_connections(gate)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(acceptor.wait_closed(), 2.0)
    say("Stopped.")


def _safe(say: Callable[[str], None]) -> Callable[[str], None]:
    """``say``, quiet once its output is gone (see _log)."""
    def safe_say(line: str) -> None:
        try:
            say(line)
        except (OSError, ValueError):
            _silence_stdout()

    return safe_say
