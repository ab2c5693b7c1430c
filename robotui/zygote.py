"""Warm starts: players' processes forked from a process that has robotui imported already.

A cold player's process is a new Python importing Textual, the screens and the engines (about
a third of a second of CPU each); with many players connecting at once, those imports queue
on the host's cores. ``robotui serve`` therefore starts one *zygote*: ``python -m
robotui.zygote`` imports everything a player's process uses, then waits on a socket. For
each session the server sends it the session's environment and the slave side of the
session's PTY; the zygote forks twice and the grandchild becomes the player's process:

- a new session (``setsid``) whose controlling terminal is that PTY, on stdin, stdout and
  stderr, with nothing else open, the environment it was sent and nothing of the zygote's;
- a child of the server, not of the zygote: the server is a child subreaper
  (``PR_SET_CHILD_SUBREAPER``), so the grandchild, orphaned when the middle process exits,
  is adopted by the server, which hangs it up, waits for it and reads its exit status as it
  does for a cold start's process.

Forking takes the zygote about 10 ms of CPU for each process, and the server waits for the
answer; and a player's process then starts its app (Textual, the stylesheets, the first
screen): about 150 ms of CPU, which a crowd connecting at once would wait for, all of them
sharing the host's cores. So the zygote keeps *ready* processes (``robotui serve
--ready-processes N``, default ``DEFAULT_READY_PROCESSES``): each is already the server's
child; if the entry module has a ``ready_main`` (robotui/table_client.py), it runs its app
with no terminal, draws its first screens there (robotui/ready_app.py) and waits, using no
CPU. A request hands the session's terminal and environment to one of them at once; it then
only draws. When none is left, or when the session's terminal has other colours than those
the ready apps were started for, the zygote forks for the session as it would without them.
The zygote makes new ready processes only after :data:`REFILL_QUIET` seconds without a
request, so that a crowd's sessions never wait for them. It tells the server each ready
process's pid, so that the server can reap those never used when the zygote ends.

Nothing runs in the zygote at fork time but its one thread (no event loop, no other
thread: it refuses to fork otherwise). If the zygote is not ready, does not answer or has
died, the server starts the process cold (robotui/ssh_child.py) and starts a new zygote at
most once a minute. Linux only; elsewhere every start is cold.
"""

from __future__ import annotations

import array
import contextlib
import ctypes
import gc
import importlib
import io
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from robotui.serve_limits import DEFAULT_READY_PROCESSES
from robotui.ssh_child import (
    CHILD_ENV,
    DEFAULT_TERM,
    PtyChild,
    child_command,
    child_environment,
)
from robotui.table_env import SOCKET_ENV, TOKEN_ENV

ENTRY = "robotui.table_client:main"
# What a player's process imports sooner or later: imported once, shared by every player.
PRELOAD = (
    "textual.scrollbar",  # imported by Textual when a screen first scrolls
    "robotui.table_client",
    "robotui.ready_app",
    "robotui.config",
    "robotui.app",
    "saves",
    "hosting.client",
    "screens.lobby",
    "screens.lobby.dialogs",
    "screens.online.session",
    "screens.online.table_play",
    "screens.online.table_window",
    "screens.new_game",
    "screens.dialogs",
    "screens.game_over",
)
REPLY_TIMEOUT = 5.0  # seconds the server waits for a fork before starting cold
REAP_TIMEOUT = 2.0  # seconds the ready processes have to end with the zygote, then SIGKILL
READY_TIMEOUT = 60.0  # seconds the server waits for a new zygote's imports at start
RESTART_AFTER = 60.0  # seconds between attempts to start a zygote after one died
MAX_MESSAGE = 1 << 16
REFILL_QUIET = 2.0  # seconds without a request before the zygote forks ready processes
# A ready process's entry: ready_main(fd, take_session) -> exit status (see _start_ready)
ReadyEntry = Callable[[int, Callable[[], bool]], int | None]
# Players' processes yield to the server (front door, table server) and to the zygote, so
# that logins, forks and moves keep flowing while many players' screens are being drawn.
PLAYER_NICE = 5
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


class ZygoteGone(Exception):
    """The zygote could not start this process; the caller starts it cold."""


def _prctl(option: int, value: int) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def zygote_environment() -> dict[str, str]:
    """A player's environment without a session's parts (its TERM, socket and token): what
    the zygote imports under, so that its locale and settings are those of a cold start."""
    env = child_environment(DEFAULT_TERM, Path("/"), "")
    for name in (SOCKET_ENV, TOKEN_ENV):
        env.pop(name, None)
    return env


# -- the server's side --------------------------------------------------------------------
class Zygote:
    """One zygote process and the server's end of its socket."""

    def __init__(
        self,
        env: dict[str, str],
        entry: str = ENTRY,
        ready_processes: int = DEFAULT_READY_PROCESSES,
    ) -> None:
        self.entry = entry
        self.ready = False
        self.pooled: set[int] = set()  # ready processes (the server's children), not handed out
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.sock = ours
        try:
            # -P: the server's working folder is not put on the zygote's import path
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-P",
                    "-m",
                    "robotui.zygote",
                    str(theirs.fileno()),
                    entry,
                    str(max(ready_processes, 0)),
                ],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()

    def alive(self) -> bool:
        return self.process.poll() is None and self.sock.fileno() >= 0

    def check_ready(self, timeout: float = 0.0) -> bool:
        """Whether the zygote said it is ready (waiting up to ``timeout`` seconds)."""
        if self.ready:
            return True
        if not self.alive():
            return False
        readable, _, _ = select.select([self.sock], [], [], timeout)
        if readable:
            try:
                reply = self._receive()
            except ZygoteGone:
                self.close()
                raise
            self.ready = reply.get("ready") is True
        return self.ready

    def _reply(self, timeout: float) -> dict[str, Any] | None:
        """The zygote's answer to a request, None after ``timeout`` seconds; the news of
        ready processes that comes before it is noted on the way."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            readable, _, _ = select.select([self.sock], [], [], max(left, 0.0))
            if not readable:
                return None
            reply = self._receive()
            pooled = reply.get("pooled")
            if not isinstance(pooled, int):
                return reply
            self.pooled.add(pooled)

    def spawn(self, argv: list[str], env: dict[str, str], slave: int) -> int:
        """The pid of a new player's process on the PTY ``slave`` (``argv`` is the cold
        start's command line, unused here: the zygote runs its entry point)."""
        if not self.check_ready():
            raise ZygoteGone("not ready")
        try:
            _send_request(self.sock, env, slave)
            reply = self._reply(REPLY_TIMEOUT)
        except (OSError, ZygoteGone) as exc:
            self.close()
            raise ZygoteGone(str(exc)) from None
        if reply is None:
            self.close()
            raise ZygoteGone(f"no answer in {REPLY_TIMEOUT:g} s")
        pid = reply.get("pid")
        if not isinstance(pid, int) or pid <= 0:
            raise ZygoteGone(str(reply.get("error", "no process")))
        self.pooled.discard(pid)
        return pid

    def _receive(self) -> dict[str, Any]:
        try:
            data = self.sock.recv(MAX_MESSAGE)
        except OSError:
            data = b""
        if not data:
            raise ZygoteGone("the zygote has gone")
        reply = json.loads(data)
        return reply if isinstance(reply, dict) else {}

    def close(self) -> None:
        """Close the socket (the zygote exits on its end of it) and reap the zygote and the
        ready processes it made (each ends when the zygote's end of its socket closes)."""
        if self.sock.fileno() >= 0:
            with contextlib.suppress(ZygoteGone, OSError):
                while self._reply(0.0) is not None:  # ready processes not heard of yet
                    pass
            self.sock.close()
        try:
            self.process.wait(2.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        _reap(self.pooled, REAP_TIMEOUT)
        self.pooled.clear()


def _reap(pids: set[int], grace: float) -> None:
    """Wait for ``pids`` (children of this process) to end; SIGKILL those left after
    ``grace`` seconds."""
    left = set(pids)
    deadline = time.monotonic() + grace
    while left:
        for pid in list(left):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:  # not ours, or reaped already
                done = pid
            if done:
                left.discard(pid)
        if not left:
            return
        if time.monotonic() >= deadline:
            for pid in left:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            deadline = float("inf")  # once killed they end: wait for them
        time.sleep(0.01)


class Starter:
    """Starts players' processes: from the zygote when it is there, cold otherwise."""

    def __init__(
        self,
        log: Callable[[str], None],
        warm: bool = False,
        ready_processes: int = DEFAULT_READY_PROCESSES,
    ) -> None:
        self.log = log
        self.warm = warm and sys.platform.startswith("linux")
        self.ready_processes = ready_processes
        self.zygote: Zygote | None = None
        self._last_start = 0.0

    def start_zygote(self, env: dict[str, str] | None = None) -> None:
        """Start a zygote (if warm starts are on and none is running)."""
        if (
            not self.warm
            or os.environ.get(CHILD_ENV, "").strip()
            or (self.zygote is not None and self.zygote.alive())
        ):
            return
        if not _prctl(_PR_SET_CHILD_SUBREAPER, 1):
            self.log("warm starts are off: this system cannot adopt the players' processes")
            self.warm = False
            return
        self._last_start = time.monotonic()
        try:
            self.zygote = Zygote(
                zygote_environment() if env is None else env,
                ready_processes=self.ready_processes,
            )
        except OSError as exc:
            self.log(f"warm starts are off for now: cannot start the zygote: {exc}")
            self.zygote = None

    def wait_ready(self, timeout: float = READY_TIMEOUT) -> bool:
        """Wait until the zygote has imported everything; False if it never did."""
        zygote = self.zygote
        if zygote is None:
            return False
        deadline = time.monotonic() + timeout
        with contextlib.suppress(ZygoteGone):
            while zygote.alive() and time.monotonic() < deadline:
                if zygote.check_ready(0.1):
                    return True
        self.log("warm starts are off for now: the zygote did not get ready")
        return False

    def spawner(self, env: dict[str, str]) -> Callable[[list[str], dict[str, str], int], int]:
        """What PtyChild calls to start the process, or ZygoteGone to start it cold."""
        zygote = self.zygote
        if zygote is None or not zygote.alive():
            if zygote is not None:
                self.log(
                    f"the zygote has gone (exit {zygote.process.poll()}); "
                    "players' processes start cold until it is back"
                )
                zygote.close()  # and its ready processes
                self.zygote = None
            if self.warm and time.monotonic() - self._last_start >= RESTART_AFTER:
                self.start_zygote()
            raise ZygoteGone("no zygote")
        return zygote.spawn

    def start(self, env: dict[str, str], size: bytes, on_exit: Callable[[int], None]) -> PtyChild:
        """The player's process on a new PTY: warm when the zygote can, else cold. The
        test-only command line (CHILD_ENV) always starts cold."""
        if self.warm and not os.environ.get(CHILD_ENV, "").strip():
            try:
                return PtyChild(child_command(), env, size, on_exit, spawn=self.spawner(env))
            except ZygoteGone:
                pass
        return PtyChild(child_command(), env, size, on_exit)

    def close(self) -> None:
        if self.zygote is not None:
            self.zygote.close()
            self.zygote = None


# -- the zygote's side --------------------------------------------------------------------
def _entry_point(entry: str) -> Callable[[], int | None]:
    module, _, name = entry.partition(":")
    return getattr(importlib.import_module(module), name or "main")


def _ready_point(entry: str) -> ReadyEntry | None:
    """The entry module's ``ready_main``, if it has one (see :func:`_start_ready`)."""
    found = getattr(importlib.import_module(entry.partition(":")[0]), "ready_main", None)
    return found if callable(found) else None


def _preload(entry: str) -> Callable[[], int | None]:
    main = _entry_point(entry)
    for name in PRELOAD:
        importlib.import_module(name)
    from screens.games import playable_game_infos, screen_class

    for info in playable_game_infos():  # every game's screen and engine
        screen_class(info.id)
    _warm_up()
    return main


def _warm_up() -> None:
    """Draw the menu, the lobby and the name question once, headless, so that what Textual
    parses and caches on a first screen (the stylesheets, see
    :func:`screens.textual_private.share_parsed_css`, styles, drawn segments) is ready in
    every player's process. The event loop is closed again and no thread is left."""
    import asyncio
    import tempfile
    from pathlib import Path

    from robotui.app import RobotuiApp
    from robotui.config import AppConfig
    from screens.lobby import LobbyScreen, NameScreen

    async def draw() -> None:
        with tempfile.TemporaryDirectory(prefix="robotui-zygote") as folder:
            app = RobotuiApp(AppConfig(save_dir=Path(folder), start="menu", mouse=False))
            # with the tooltip and the notices, as a player's screens have them
            async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
                await pilot.pause()
                for screen in (LobbyScreen(), NameScreen(None)):
                    await app.push_screen(screen)
                    await pilot.pause()

    with contextlib.suppress(Exception):  # a warm-up that fails costs only time later
        asyncio.run(draw())


def _send_request(sock: socket.socket, env: dict[str, str], slave: int) -> None:
    """Send a session's request: its environment and the PTY slave ``slave`` (read by
    :func:`_receive_request`, in the zygote or in a ready process)."""
    sock.sendmsg(
        [json.dumps({"env": env}).encode()],
        [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [slave]))],
    )


def _receive_request(sock: socket.socket) -> tuple[dict[str, str], int] | None:
    """The next request: (environment, PTY slave fd); None when the server has gone."""
    fds = array.array("i")
    data, ancdata, _, _ = sock.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(fds.itemsize))
    if not data:
        return None
    slave = -1
    for level, kind, payload in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            received = array.array("i")
            received.frombytes(payload[: len(payload) - len(payload) % received.itemsize])
            slave = received[0] if received else -1
    env = json.loads(data).get("env", {})
    return {str(k): str(v) for k, v in env.items()}, slave


def _fork_session(main: Callable[[], int | None], env: dict[str, str], slave: int) -> int:
    """Fork the player's process (a grandchild, adopted by the server); its pid."""
    return _fork(lambda: _become_player(main, env, slave))


def _fork_ready(
    main: Callable[[], int | None], ready: ReadyEntry | None = None
) -> tuple[int, socket.socket]:
    """Fork a ready process (a grandchild, adopted by the server) that waits for a
    session's request on a socket of its own; its pid and the zygote's end of the socket.
    With ``ready`` (the entry's ``ready_main``) the process starts its app meanwhile."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    if ready is None:
        then = lambda: _wait_for_session(main, theirs)  # noqa: E731
    else:
        then = lambda: _start_ready(ready, theirs)  # noqa: E731
    try:
        pid = _fork(then)
    except BaseException:
        ours.close()
        raise
    finally:
        theirs.close()
    return pid, ours


def _fork(then: Callable[[], None]) -> int:
    """Fork a grandchild that runs ``then`` (and never returns from it); its pid, once the
    middle process has ended and the server has adopted the grandchild."""
    if threading.active_count() != 1:
        raise RuntimeError("the zygote has threads running; it does not fork")
    read_end, write_end = os.pipe()
    middle = os.fork()
    if middle == 0:
        try:
            os.close(read_end)
            pid = os.fork()
            if pid == 0:
                os.close(write_end)
                then()
            os.write(write_end, str(pid).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        answer = pipe.read()
    os.waitpid(middle, 0)  # once it is reaped, the server has adopted the grandchild
    return int(answer)


def _keep_only(sock: socket.socket) -> None:
    """Close every descriptor above stdio but ``sock``'s: the zygote's socket and the other
    ready processes' ends."""
    mine = sock.fileno()
    os.closerange(3, mine)
    os.closerange(mine + 1, os.sysconf("SC_OPEN_MAX"))


def _wait_for_session(main: Callable[[], int | None], sock: socket.socket) -> None:
    """In a ready process: keep nothing of the zygote's but ``sock``, wait for a session's
    request on it and become that player; end when the zygote has gone. Never returns."""
    _keep_only(sock)
    try:
        request = _receive_request(sock)
    except (OSError, ValueError):
        request = None
    if request is None or request[1] < 0:
        os._exit(0)
    env, slave = request
    sock.close()
    _become_player(main, env, slave)


_OLD_STREAMS: list[object] = []  # the zygote's stdio objects: never closed (fds 0-2 are reused)


def _become_player(main: Callable[[], int | None], env: dict[str, str], slave: int) -> None:
    """In the grandchild: the player's terminal, environment and entry point; never returns."""
    code = 1
    try:
        os.setsid()
        _take_terminal(env, slave)
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        _player_process()
        code = _run(main)
    except BaseException as exc:  # noqa: BLE001 - the process ends here whatever happened
        _say_on_stderr(exc)
    finally:
        _end(code)


def _start_ready(ready: ReadyEntry, sock: socket.socket) -> None:
    """In a ready process whose entry starts its app ahead (``ready_main``): a session of
    its own with no terminal (stdio on /dev/null) until the zygote sends one; never returns.

    ``ready(fd, take_session)`` runs the app and waits for ``fd`` to be readable, then
    calls ``take_session()``: the session's terminal on stdio and its environment in
    ``os.environ`` (True), or False when the zygote has gone.
    """
    code = 1
    try:
        _keep_only(sock)
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        if null > 2:
            os.close(null)
        _player_process()

        def take_session() -> bool:
            try:
                request = _receive_request(sock)
            except (OSError, ValueError):
                request = None
            sock.close()
            if request is None or request[1] < 0:
                return False
            _take_terminal(*request)
            return True

        code = _run(lambda: ready(sock.fileno(), take_session))
    except BaseException as exc:  # noqa: BLE001 - the process ends here whatever happened
        _say_on_stderr(exc)
    finally:
        _end(code)


def _take_terminal(env: dict[str, str], slave: int) -> None:
    """The session's PTY ``slave`` as controlling terminal and stdio; its environment."""
    import fcntl
    import termios

    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    if slave > 2:
        os.close(slave)
    os.environ.clear()
    os.environ.update(env)


def _player_process() -> None:
    """What every player's process has: no blocked signal, a lower priority than the
    server's, UTF-8 stdio objects on descriptors 0-2 as a cold start has them."""
    signal.pthread_sigmask(signal.SIG_SETMASK, ())
    os.nice(PLAYER_NICE)
    _OLD_STREAMS.extend((sys.stdin, sys.stdout, sys.stderr))
    streams = {
        "stdin": open(0, encoding="utf-8", closefd=False),  # noqa: SIM115
        "stdout": open(1, "w", encoding="utf-8", buffering=1, closefd=False),  # noqa: SIM115
        "stderr": _escaping_stderr(),
    }
    for name, stream in streams.items():  # Textual writes to sys.__stderr__
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    sys.argv = [sys.argv[0]]


def _run(main: Callable[[], int | None]) -> int:
    """``main()``'s exit status."""
    try:
        result = main()
        return result if isinstance(result, int) else 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)


def _say_on_stderr(exc: BaseException) -> None:
    with contextlib.suppress(BaseException):
        os.write(2, f"robotui: the session could not start: {exc}\r\n".encode())


def _end(code: int) -> None:
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code & 0xFF)


def _escaping_stderr() -> TextIO:
    """UTF-8, line-buffered stderr on descriptor 2 that escapes what it cannot encode and
    leaves the descriptor open when closed."""
    return open(2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)  # noqa: SIM115


def serve_forks(
    sock: socket.socket,
    main: Callable[[], int | None],
    ready_processes: int = 0,
    ready: ReadyEntry | None = None,
) -> None:
    """Answer the server's requests until it closes its end; once none has come for
    :data:`REFILL_QUIET` seconds, keep ``ready_processes`` processes forked ahead (with
    ``ready``, each starts its app). Not sooner: while a crowd connects, each fork would
    keep the next session waiting, and each new process's start would take CPU from the
    sessions being drawn."""
    pool: deque[tuple[int, socket.socket]] = deque()
    last_request = -REFILL_QUIET
    try:
        sock.sendall(json.dumps({"ready": True}).encode())
        while True:
            while len(pool) < ready_processes and not _waiting(
                sock, max(0.0, last_request + REFILL_QUIET - time.monotonic())
            ):
                try:
                    pid, conn = _fork_ready(main, ready)
                except Exception:  # out of processes or memory for now: fork on demand
                    break
                pool.append((pid, conn))
                sock.sendall(json.dumps({"pooled": pid}).encode())
            try:
                request = _receive_request(sock)
            except (OSError, ValueError):
                return
            if request is None:
                return
            last_request = time.monotonic()
            env, slave = request
            try:
                if slave < 0:
                    raise RuntimeError("no terminal was sent")
                started = ready is None or _started_alike(env)
                pid = (started and _hand_over(pool, env, slave)) or _fork_session(main, env, slave)
                reply: dict[str, Any] = {"pid": pid}
            except Exception as exc:  # the server starts this one cold
                reply = {"error": f"{type(exc).__name__}: {exc}"}
            finally:
                if slave >= 0:
                    os.close(slave)
            sock.sendall(json.dumps(reply).encode())
    except OSError:  # the server has gone
        return
    finally:
        for _, conn in pool:  # each ready process ends on its closed socket
            conn.close()


def _waiting(sock: socket.socket, timeout: float = 0.0) -> bool:
    """Whether a request (or the server's leaving) waits on ``sock`` within ``timeout``
    seconds."""
    readable, _, _ = select.select([sock], [], [], timeout)
    return bool(readable)


def _started_alike(env: dict[str, str]) -> bool:
    """Whether a session's environment is the one the ready processes started their apps
    under (this process's) but for its socket and token, and its TERM names a terminal of
    the same colours (their apps draw in those). Any other session gets a process forked
    for it."""
    session = {k: v for k, v in env.items() if k not in (SOCKET_ENV, TOKEN_ENV, "TERM")}
    own = {k: v for k, v in os.environ.items() if k not in (SOCKET_ENV, TOKEN_ENV, "TERM")}
    return session == own and _colours(env) == _colours(dict(os.environ))


def _colours(env: dict[str, str]) -> str | None:
    """The colour system Textual's console picks in the environment ``env``."""
    from rich.console import Console
    from textual import constants

    console = Console(
        color_system=constants.COLOR_SYSTEM,  # type: ignore[arg-type]
        file=io.StringIO(),
        force_terminal=True,
        _environ=env,
    )
    return console.color_system


def _hand_over(pool: deque[tuple[int, socket.socket]], env: dict[str, str], slave: int) -> int:
    """Give the session to a ready process; its pid, or 0 if none could take it."""
    while pool:
        pid, conn = pool.popleft()
        try:
            _send_request(conn, env, slave)
            return pid
        except OSError:  # it has ended (the server reaps it): the next one
            continue
        finally:
            conn.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    sock = socket.socket(fileno=int(args[0]))
    entry = args[1] if len(args) > 1 else ENTRY
    ready_processes = int(args[2]) if len(args) > 2 else 0
    _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # never outlive the server
    if os.getppid() == 1:
        return 1
    main_function = _preload(entry)
    gc.collect()
    gc.freeze()  # the imported objects stay on pages shared with every player
    serve_forks(sock, main_function, ready_processes, _ready_point(entry))
    return 0


if __name__ == "__main__":
    sys.exit(main())
