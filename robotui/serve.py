"""``robotui serve``: the SSH front door and the table server in one event loop.

Who may enter is decided at authentication (public keys only; with ``--allow`` only the
keys of that file); each session that asks for a terminal gets its own robotui process on a
PTY (robotui/ssh_session.py, robotui/ssh_child.py); everything else is refused. Each
connection is a robotui/ssh_door.py FrontDoor, within the limits of robotui/serve_limits.py;
the host's log is robotui/serve_log.py. The table
server (hosting/server.py) owns the tables; the front door only hands each session a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import logging
import os
import shlex
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from robotui.serve_limits import (
    DEFAULT_READY_PROCESSES,
    KEEPALIVE_COUNT,
    LOGIN_SECONDS,
    DoorLimits,
    open_files_line,
    raise_open_files,
)
from robotui.serve_log import RateLimitedLog, silence_stdout
from robotui.serve_log import log_line as _log
from robotui.ssh_door import FrontDoor, Gate
from robotui.ssh_keys import AllowList, KeyProblem, fingerprint, load_or_make_host_key
from robotui.ssh_session import SessionLimits, Sessions
from robotui.zygote import Starter

DEFAULT_LISTEN = "127.0.0.1:2222"
DEFAULT_MAX_SESSIONS = 32
DEFAULT_IDLE_MINUTES = 60
# Test-only: the idle timeout in seconds instead of --idle-timeout's minutes, so a test
# need not wait a minute. Never needed by a host.
IDLE_SECONDS_ENV = "ROBOTUI_SERVE_IDLE_SECONDS"
# for tests only: seconds in one of a daily table's hours (so a deadline passes in seconds)
DAILY_HOUR_ENV = "ROBOTUI_DAILY_HOUR_SECONDS"
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
    door: DoorLimits = field(default_factory=DoorLimits)
    seed: int | None = None  # table k's deal uses seed + k; None: random deals
    keep_days: int | None = None  # finished tables' saves are deleted after; None: kept
    calibrate: int = 0  # games per game between the computer levels before serving
    notify: list[str] | None = None  # the notice command's words (--notify)
    max_daily: int = 20  # daily tables one person may sit at (--max-daily)
    ready_processes: int = DEFAULT_READY_PROCESSES  # forked ahead by the zygote (--ready-processes)


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
            raise ValueError(
                f"--listen: {host!r} is not an IP address (e.g. 127.0.0.1, 0.0.0.0 or [::])"
            ) from None
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


async def _listen(options: ServeOptions, gate: Gate, host_key: asyncssh.SSHKey) -> Any:
    try:
        return await asyncssh.listen(
            options.host,
            options.port,
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
            login_timeout=LOGIN_SECONDS,
            keepalive_interval=options.door.keepalive_seconds,
            keepalive_count_max=KEEPALIVE_COUNT,
        )
    except OSError as exc:
        where = f"{options.host}:{options.port}"
        raise ServeProblem(f"cannot listen on {where}: {exc.strerror or exc}") from None


async def serve(
    options: ServeOptions,
    make_table_server: Callable[[], Any] | None = None,
    say: Callable[[str], None] = print,
) -> None:
    """Run until SIGINT, SIGTERM or SIGHUP; ServeProblem (one line) if it cannot start."""
    from hosting import paths

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
    if options.calibrate:
        await asyncio.to_thread(_calibrate, options, _safe(say))
    open_files = raise_open_files()
    _quiet_loop_errors(asyncio.get_running_loop())

    # more ready processes than players allowed at once could never all be used
    ready = min(options.ready_processes, options.max_sessions)
    starter = Starter(_log, warm=True, ready_processes=ready)
    sessions = Sessions(
        SessionLimits(
            options.max_sessions, idle_seconds, idle_text, options.port, options.door.max_per_key
        ),
        _Tokens(),
        socket,
        _log,
        starter,
    )
    gate = Gate(allow, sessions, options.door, _log)
    # Listen first: a port in use fails before any table is touched. A session opened in
    # the moment before the table server is up is told to try again.
    acceptor = await _listen(options, gate, host_key)
    sweeper: asyncio.Task[None] | None = None
    try:
        if make_table_server is None:
            from hosting.server import TableServer

            make_table_server = functools.partial(_table_server, TableServer, options)
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
            if options.keep_days is not None:
                sweeper = asyncio.get_running_loop().create_task(
                    _sweep_daily(tables, options.keep_days)
                )
            await _run_until_stopped(
                acceptor, gate, options, port, host_key, allow, socket, open_files, _safe(say)
            )
        finally:
            if sweeper is not None:
                sweeper.cancel()
            starter.close()
            try:
                await tables.stop()
            except Exception as exc:  # the saves were written after every move anyway
                _log(f"the table server did not stop cleanly: {type(exc).__name__}: {exc}")
    finally:
        acceptor.close()


def _calibrate(options: ServeOptions, say: Callable[[str], None]) -> None:
    """Rate the computer levels against each other (``--calibrate N``) before serving."""
    import random

    from hosting import paths
    from hosting.calibrate import calibrate
    from hosting.store import Store, StoreError

    seed = options.seed if options.seed is not None else random.randrange(1, 10**9)
    try:
        store = Store(paths.db_path())
    except StoreError as exc:
        raise ServeProblem(str(exc)) from None
    try:
        calibrate(store, options.calibrate, seed, say)
    finally:
        store.close()


async def _sweep_daily(tables: Any, keep_days: int) -> None:
    """Delete old finished tables' saves now and once a day (``--keep-days``)."""
    from hosting.old_saves import DAY, sweep

    while True:
        store = getattr(tables, "store", None)
        if store is not None:
            try:
                sweep(store, keep_days, _log)
            except Exception as exc:  # a sweep that fails is told, and tried again tomorrow
                _log(f"keep-days: the sweep failed: {type(exc).__name__}: {exc}")
        await asyncio.sleep(DAY)


def _table_server(make: Callable[..., Any], options: ServeOptions) -> Any:
    """The table server with the options' daily-table limit and notice command."""
    from hosting.notify import Notifier

    server = make(seed=options.seed)
    server.max_daily = options.max_daily
    if options.notify:
        server.notifier = Notifier(options.notify)
    override = os.environ.get(DAILY_HOUR_ENV, "").strip()
    with contextlib.suppress(ValueError):
        if float(override) > 0:
            server.daily_unit = float(override)
    return server


def _daily_line(options: ServeOptions) -> str:
    notices = "off" if not options.notify else f"{shlex.join(options.notify)} (--notify)"
    return (
        f"Daily tables: at most {options.max_daily} per player (--max-daily);"
        f" turn notices: {notices}"
    )


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


async def _run_until_stopped(
    acceptor: Any,
    gate: Gate,
    options: ServeOptions,
    port: int,
    host_key: asyncssh.SSHKey,
    allow: AllowList | None,
    socket: Path,
    open_files: int,
    say: Callable[[str], None],
) -> None:
    from hosting import paths

    host = f"[{options.host}]" if ":" in options.host else options.host
    target = "HOST" if options.host in ("0.0.0.0", "::") else host
    who = f"the {allow.count} keys in {allow.path}" if allow else "anyone with an SSH key"
    idle = (
        "never"
        if not gate.sessions.limits.idle_seconds
        else f"after {gate.sessions.limits.idle_text}"
    )
    for line in (
        f"robotui serve: listening on {host}:{port}",
        f"Host key fingerprint: {fingerprint(host_key)} (ED25519)",
        f"Players connect with: ssh -p {port} {target}",
        f"Who may enter: {who}",
        f"Limits: {gate.sessions.limits.max_sessions} players at once, "
        f"{options.door.max_per_key} sessions per key; idle sessions close {idle}",
        open_files_line(open_files, options.door, gate.sessions.limits.max_sessions),
        _logins_line(options.door),
        *(
            [f"Deals: table k uses seed {options.seed} + k (--seed)"]
            if options.seed is not None
            else []
        ),
        *(
            [f"Finished tables' saves: deleted after {options.keep_days} days (--keep-days)"]
            if options.keep_days is not None
            else []
        ),
        _daily_line(options),
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


def _logins_line(door: DoorLimits) -> str:
    no_session = (
        "never" if not door.no_session_seconds else f"after {door.no_session_seconds:g} seconds"
    )
    dead = (
        "never (no keepalives)"
        if not door.dead_link_seconds
        else f"within {door.dead_link_seconds} seconds"
    )
    return (
        f"Logins: {door.max_logins} at once, {door.max_logins_per_address} per address; "
        f"a connection with no session closes {no_session}; a dead link is closed {dead}"
    )


def _safe(say: Callable[[str], None]) -> Callable[[str], None]:
    """``say``, quiet once its output is gone (see _log)."""

    def safe_say(line: str) -> None:
        try:
            say(line)
        except (OSError, ValueError):
            silence_stdout()

    return safe_say


def _quiet_loop_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Errors the event loop reports itself (accept() failing for lack of descriptors,
    a callback that raised) are logged as one line each, at most one a second per kind:
    the loop retries a failing accept() every second for as long as it fails, and the
    default handler writes a traceback each time."""
    flood_log = RateLimitedLog(_log)

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message") or "event loop error")
        exc = context.get("exception")
        kind = message
        if exc is not None:
            message = f"{message}: {type(exc).__name__}: {exc}"
            kind = f"{kind}: {type(exc).__name__}"
        flood_log(kind, message)

    loop.set_exception_handler(handle)
