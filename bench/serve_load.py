"""How far one machine goes as a game-night host: ``robotui serve`` under N scripted players.

Run by hand (not part of the tests)::

    python -m bench.serve_load --players 32

It starts ``robotui serve`` on a free loopback port with its own data, runtime and config
folders, and connects N SSH clients (asyncssh, a PTY of 80x24, xterm-256color), each drawing
its output on a terminal screen of its own (bench/screen.py). Players 2k and 2k+1 meet at a
private Robot Master table (2k creates it and reads the code from the waiting room; 2k+1
joins with ``c`` and the code) and play it out: whoever's screen says "Your turn" thinks a little,
picks a value in hand with its digit and presses Enter. Measured:

- time to the lobby: connect -> the first screen (a new player's name question), and the
  name's Enter -> the lobby's list; with ``--connect-only``, every player then leaves and
  all come back at once: connect -> a returning player's first screen (the lobby); and
  where both cores went meanwhile (CPU of the bench's clients, the server, the players);
- propagation: the Enter of a move in one terminal -> that move in the other player's move
  log (or its "Game over"); the mover's own screen too;
- memory: PSS of each player's process (robotui.table_client), the server's RSS;
- idle: after play, every session connected and nobody pressing keys, first at the finished
  game, then in the lobby: CPU seconds of the server and every process under it, and bytes
  each client received;
- bytes each client received per move during play;
- with ``--dialog-cycles N``: at the end, every player opens and closes the lobby's new-table
  dialog N times; PSS of each player's process before and after.

Everything it starts is stopped at the end, also on Ctrl+C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import re
import resource
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import asyncssh

from bench.screen import Screen
from robotui.serve_limits import DEFAULT_READY_PROCESSES

ROOT = Path(__file__).resolve().parents[1]
READY = "Ready. Stop with Ctrl+C."
NAME_PROMPT = "What should the others call you?"
MOVES = 24  # a Robot Master game with full hands
DOWN, RIGHT, TAB, ENTER, ESCAPE = "\x1b[B", "\x1b[C", "\t", "\r", "\x1b"
TICK = os.sysconf("SC_CLK_TCK")
CODE_LINE = re.compile(r"Private code: (\S+)  \(friends join with c, table #(\d+)")
HAND_LINE = re.compile(r"\[?(\d)×(\d+)\]?")


class Stuck(Exception):
    """A screen never showed what the script waited for; the message ends with the screen."""


# -- one scripted player ---------------------------------------------------------------------
class _Channel(asyncssh.SSHClientSession[bytes]):
    def __init__(self, player: Player) -> None:
        self.player = player

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.player.received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.closed = True
        self.player.check()


@dataclass
class _Waiter:
    check: Callable[[str], object]
    future: asyncio.Future[float]


class Player:
    """An SSH client with a PTY whose output feeds a screen; waits see each chunk."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.name = f"P{index + 1:02d}"
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.reset()

    def reset(self) -> None:
        """A blank terminal and no connection (the same key: the host knows the player)."""
        self.screen = Screen(80, 24)
        self.bytes = 0
        self.last_rx = 0.0
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.waiter: _Waiter | None = None

    async def connect(self, port: int) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
            config=None,
            preferred_auth="publickey",
        )
        self.chan, _ = await self.conn.create_session(
            lambda: _Channel(self), term_type="xterm-256color", term_size=(80, 24), encoding=None
        )

    def received(self, data: bytes) -> None:
        now = time.monotonic()  # before the screen's work: the arrival, not the drawing
        self.bytes += len(data)
        self.last_rx = now
        self.screen.feed(data)
        self.check(now)

    def check(self, now: float | None = None) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.future.done() and waiter.check(self.text()):
            waiter.future.set_result(time.monotonic() if now is None else now)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def send(self, keys: str) -> float:
        """Send keys; the moment they went out."""
        if self.chan is None or self.closed:
            raise Stuck(f"{self.name}: the connection is closed\n{self.text()}")
        sent = time.monotonic()
        self.chan.write(keys.encode())
        return sent

    async def wait(
        self, expected: str | Callable[[str], object], timeout: float, what: str = ""
    ) -> float:
        """The arrival time of the output that made the screen show ``expected``."""
        check: Callable[[str], object] = (
            (lambda text: expected in text) if isinstance(expected, str) else expected
        )
        if check(self.text()):
            return time.monotonic()
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiter = _Waiter(check, future)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            what = expected if isinstance(expected, str) else what
            state = "closed" if self.closed else "open"
            raise Stuck(
                f"{self.name} (connection {state}) never showed {what!r} in "
                f"{timeout:.0f} s; screen:\n{self.text()}"
            ) from None
        finally:
            self.waiter = None

    def focused_row(self) -> str:
        """The dialog row whose ``< value >`` is drawn reversed (the focused ChoiceRow)."""
        for y, line in enumerate(self.screen.display):
            x = line.find("<")
            if x >= 0 and self.screen.reverse[y][x]:
                return line
        return ""

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


# -- the figures ---------------------------------------------------------------------------
@dataclass
class Figures:
    first_screen: list[float] = field(default_factory=list)
    returning_screen: list[float] = field(default_factory=list)
    lobby_after_name: list[float] = field(default_factory=list)
    propagation: list[float] = field(default_factory=list)
    own_screen: list[float] = field(default_factory=list)
    moves: int = 0
    play_bytes: int = 0
    games: int = 0
    join_retries: int = 0
    loop_lag: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


# -- processes -----------------------------------------------------------------------------
def stat_fields(pid: int) -> list[str]:
    """/proc/PID/stat after the command's name: [0] state, [1] ppid, [11] utime, [12] stime,
    [19] start time; [] if the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def descendants(root: int) -> dict[int, tuple[str, bytes]]:
    """Every process under ``root`` (not ``root``): its start time and command line."""
    children: dict[str, list[tuple[int, list[str]]]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := stat_fields(int(entry))):
            children.setdefault(fields[1], []).append((int(entry), fields))
    found: dict[int, tuple[str, bytes]] = {}
    frontier = [root]
    while frontier:
        pid = frontier.pop()
        for child, fields in children.get(str(pid), []):
            if child not in found:
                with contextlib.suppress(OSError):
                    found[child] = (fields[19], Path(f"/proc/{child}/cmdline").read_bytes())
                    frontier.append(child)
    return found


def has_terminal(pid: int) -> bool:
    """Whether the process has a controlling terminal (field 7 of /proc/PID/stat)."""
    fields = stat_fields(pid)
    return bool(fields) and fields[4] != "0"


def cpu_ticks(pid: int) -> int:
    """utime + stime of one process (0 if it is gone)."""
    fields = stat_fields(pid)
    return int(fields[11]) + int(fields[12]) if fields else 0


def kb(pid: int, file: str, key: str) -> int | None:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    return None


class Host:
    """``robotui serve`` on 127.0.0.1:0 with its own folders; its output kept."""

    def __init__(self, max_sessions: int, more: tuple[str, ...] = ()) -> None:
        self.more = more
        self.base = Path(tempfile.mkdtemp(prefix="serve-load-"))
        self.runtime = Path(tempfile.mkdtemp(prefix="rt", dir="/tmp"))  # AF_UNIX: short
        os.chmod(self.runtime, 0o700)
        self.max_sessions = max_sessions
        self.process: asyncio.subprocess.Process | None = None
        self.port = 0
        self.log: list[str] = []
        self.seen: dict[int, tuple[str, bytes]] = {}  # every process seen under the server
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ROBOTUI_", "TEXTUAL"))}
        env.update(
            ROBOTUI_DATA_DIR=str(self.base / "data"),
            ROBOTUI_CONFIG_DIR=str(self.base / "config"),
            ROBOTUI_SAVE_DIR=str(self.base / "saves"),
            ROBOTUI_RUNTIME_DIR=str(self.runtime),
            PYTHONPATH=str(ROOT),
            PYTHONUNBUFFERED="1",
        )
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "robotui",
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--max-sessions",
            str(self.max_sessions),
            # every bench player connects from 127.0.0.1, all in the same second
            "--max-logins-per-address",
            str(max(self.max_sessions, 8)),
            *self.more,
            env=env,
            cwd=self.base,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )  # Ctrl+C in the bench's terminal is the bench's to handle
        assert self.process.stdout is not None
        while True:
            line = (await asyncio.wait_for(self.process.stdout.readline(), 60)).decode()
            if not line:
                raise RuntimeError("robotui serve exited:\n" + "".join(self.log))
            self.log.append(line)
            if match := re.search(r"listening on \S+:(\d+)$", line.strip()):
                self.port = int(match.group(1))
            if READY in line:
                break
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        while line := await self.process.stdout.readline():
            self.log.append(line.decode(errors="replace"))

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def children(self) -> dict[int, tuple[str, bytes]]:
        found = descendants(self.pid)
        self.seen.update(found)
        return found

    def players(self) -> list[int]:
        """The players' processes: robotui.table_client on a terminal of its own (a warm
        start's process carries its parent's command line, which names the same module)."""
        return [
            pid
            for pid, (_, cmd) in self.children().items()
            if b"robotui.table_client" in cmd and has_terminal(pid)
        ]

    def ready_processes(self) -> list[int]:
        """The zygote's ready processes: forked from it (its command line), with no
        terminal yet; the zygote itself, the oldest of those, left out."""
        forked = sorted(
            (int(fields[19]), pid)
            for pid, (_, cmd) in self.children().items()
            if b"robotui.zygote" in cmd and not has_terminal(pid)
            for fields in [stat_fields(pid)]
            if fields
        )
        return [pid for _, pid in forked[1:]]

    def cpu_ticks(self) -> int:
        return cpu_ticks(self.pid) + sum(cpu_ticks(pid) for pid in self.children())

    async def stop(self) -> None:
        """SIGTERM (the server hangs up every player), then SIGKILL whatever is left."""
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.children()
                self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 20)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        for pid, (started, _) in self.seen.items():  # left over: the server's own only
            fields = stat_fields(pid)
            if fields and fields[19] == started and fields[0] != "Z":
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)

    def crashes(self) -> str:
        log = self.base / "data" / "crashes.log"
        return log.read_text(errors="replace") if log.exists() else ""

    def remove(self) -> None:
        shutil.rmtree(self.base, ignore_errors=True)
        shutil.rmtree(self.runtime, ignore_errors=True)


# -- the script of a pair ------------------------------------------------------------------
@dataclass
class Settings:
    players: int
    think: tuple[float, float]
    idle: float
    arrive_over: float
    timeout: float
    pick: bool
    seed: int
    nice: int
    dialog_cycles: int = 0
    connect_only: bool = False
    serve_args: tuple[str, ...] = ()  # more options for robotui serve
    ready_processes: int = DEFAULT_READY_PROCESSES  # the host's (--ready-processes)


async def enter_lobby(player: Player, port: int, figures: Figures, timeout: float) -> None:
    """Connect as a new player, give the name, wait for the lobby's list."""
    start = time.monotonic()
    await asyncio.wait_for(player.connect(port), timeout)
    shown = await player.wait(NAME_PROMPT, timeout)
    figures.first_screen.append(shown - start)
    sent = player.send(player.name + ENTER)
    shown = await player.wait(f"{player.name} at", timeout)
    figures.lobby_after_name.append(shown - sent)


async def come_back(player: Player, port: int, figures: Figures, timeout: float) -> None:
    """Connect again with the same key: the first screen is the lobby, under one's name."""
    player.reset()
    start = time.monotonic()
    await asyncio.wait_for(player.connect(port), timeout)
    shown = await player.wait(f"{player.name} at", timeout)
    figures.returning_screen.append(shown - start)


@dataclass
class CpuPhase:
    """Where both cores went while everyone connected: the bench's own CPU (its clients),
    the server's and the players' processes' (a ready process's CPU before the phase, its
    app's start, not counted)."""

    wall: float
    bench: float
    server: float
    players: float = 0.0
    before: dict[int, int] = field(default_factory=dict)  # CPU ticks of each process then

    @staticmethod
    def _bench_cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    @classmethod
    def begin(cls, host: Host) -> CpuPhase:
        before = {pid: cpu_ticks(pid) for pid in host.children()}
        return cls(time.monotonic(), cls._bench_cpu(), cpu_ticks(host.pid) / TICK, 0.0, before)

    def end(self, host: Host) -> CpuPhase:
        return CpuPhase(
            time.monotonic() - self.wall,
            self._bench_cpu() - self.bench,
            cpu_ticks(host.pid) / TICK - self.server,
            sum(self.players_cpu(host)),
        )

    def players_cpu(self, host: Host) -> list[float]:
        """CPU seconds each player's process has used since the phase began (a process
        forked since starts at 0: the zygote's CPU before the fork is not counted)."""
        return [(cpu_ticks(pid) - self.before.get(pid, 0)) / TICK for pid in host.players()]

    def __str__(self) -> str:
        return (
            f"{self.wall:.1f} s / {self.bench:.2f} s / {self.server:.2f} s / {self.players:.2f} s"
        )


async def all_gone(host: Host, limit: float = 30.0) -> None:
    """Wait until the players' processes have ended (their sessions closed)."""
    deadline = time.monotonic() + limit
    while host.players() and time.monotonic() < deadline:
        await asyncio.sleep(0.2)


async def host_idle(host: Host, ready: int, quiet: float = 1.0, limit: float = 60.0) -> None:
    """Wait until the zygote has its ``ready`` processes and the server and every process
    under it (the zygote, the ready processes starting their apps) have used no CPU for
    ``quiet`` seconds: a host that has been up a while, as players find it."""
    deadline = time.monotonic() + limit
    before = host.cpu_ticks()
    while time.monotonic() < deadline:
        await asyncio.sleep(quiet)
        now = host.cpu_ticks()
        if now - before <= 1 and len(host.ready_processes()) >= ready:  # a tick or less
            return
        before = now
    say(f"the host was not idle with {ready} ready processes after {limit:g} s")


async def create_table(player: Player, timeout: float) -> tuple[str, str]:
    """n, Robot Master, Private: Yes, create; the table's number and code from the
    waiting room. One key at a time, each seen on the screen before the next (a dialog's
    focus moves after the key that moves it: keys sent together can land on the old row)."""
    player.send("n")
    await player.wait("New table: which game?", timeout)
    player.send(ENTER)  # Robot Master is first
    await player.wait("New table: Robot Master", timeout)
    await player.wait(lambda _: player.focused_row(), timeout, "a focused row")
    for _ in range(10):
        row = player.focused_row()
        if "Private" in row:
            break
        player.send(DOWN)
        await player.wait(
            lambda _, row=row: player.focused_row() not in ("", row),
            timeout,
            "the next row focused",
        )
    player.send(RIGHT)
    await player.wait("Yes: join by code", timeout)
    player.send(ENTER)
    await player.wait(CODE_LINE.search, timeout, "the private code")
    match = CODE_LINE.search(player.text())
    assert match is not None
    return match.group(2), match.group(1)


async def join_table(
    player: Player, table: str, code: str, figures: Figures, timeout: float
) -> None:
    """c, the code, Enter (joining a free seat is the dialog's default). If the code did
    not all reach the field (keys sent before the dialog took them), Escape and again."""
    for _ in range(5):
        player.send("c")
        await player.wait("A private table by its code", timeout)
        player.send(code)
        try:
            await player.wait(f"Code      ▊  {code}", min(timeout, 10.0))
        except Stuck:
            figures.join_retries += 1
            player.send(ESCAPE)
            await player.wait(f"{player.name} at", timeout)
            continue
        player.send(ENTER)
        return
    raise Stuck(f"{player.name} could not type table {table}'s code:\n{player.text()}")


def hand_digits(screen: str) -> list[str]:
    """The values the player holds (count above 0), from the line under 'Your hand'."""
    lines = screen.splitlines()
    for i, line in enumerate(lines[:-1]):
        if "Your hand" in line:
            return [d for d, n in HAND_LINE.findall(lines[i + 1].split("▏")[0]) if int(n) > 0]
    return []


async def play_game(
    first: Player, second: Player, settings: Settings, rng: random.Random, figures: Figures
) -> None:
    """Both at the table: whoever's screen says 'Your turn' moves, until 'Game over'."""
    timeout = settings.timeout
    await asyncio.gather(first.wait("Move 1 of 24", timeout), second.wait("Move 1 of 24", timeout))
    start_bytes = first.bytes + second.bytes
    for move in range(1, MOVES + 1):
        at = f"Move {move} of {MOVES}"
        await first.wait(
            lambda text, at=at: at in text and ("Your turn" in text or "Waiting for" in text),
            timeout,
            f"{at}: Your turn or Waiting for",
        )
        mover, other = (first, second) if "Your turn" in first.text() else (second, first)
        await mover.wait(
            lambda text, at=at: at in text and "Your turn" in text, timeout, f"{at}: Your turn"
        )
        think = rng.uniform(*settings.think)
        await asyncio.sleep(think / 2)
        digits = hand_digits(mover.text()) if settings.pick else []
        if digits:
            digit = rng.choice(digits)
            mover.send(digit)
            await mover.wait(f"[{digit}×", timeout)
        await asyncio.sleep(think / 2)
        logged = re.compile(rf"(?<!\d){move}\. {mover.name}:|Game over")
        what = f"move {move} by {mover.name} in the log"
        sent = mover.send(ENTER)
        seen_other, seen_own = await asyncio.gather(
            other.wait(logged.search, timeout, what), mover.wait(logged.search, timeout, what)
        )
        figures.propagation.append(seen_other - sent)
        figures.own_screen.append(seen_own - sent)
        figures.moves += 1
    await asyncio.gather(first.wait("Game over", timeout), second.wait("Game over", timeout))
    figures.play_bytes += first.bytes + second.bytes - start_bytes
    figures.games += 1


# -- measuring -----------------------------------------------------------------------------
@dataclass
class Memory:
    pss_kb: dict[int, int] = field(default_factory=dict)  # last seen, per player process
    peak_pss_kb: dict[int, int] = field(default_factory=dict)
    server_rss_kb: int = 0
    peak_server_rss_kb: int = 0

    def sample(self, host: Host) -> None:
        self.pss_kb = {}
        for pid in host.players():
            pss = kb(pid, "smaps_rollup", "Pss:")
            if pss is not None:
                self.pss_kb[pid] = pss
                self.peak_pss_kb[pid] = max(pss, self.peak_pss_kb.get(pid, 0))
        self.server_rss_kb = kb(host.pid, "status", "VmRSS:") or 0
        self.peak_server_rss_kb = max(self.peak_server_rss_kb, self.server_rss_kb)


async def sample_memory(host: Host, memory: Memory, every: float = 2.0) -> None:
    while True:
        memory.sample(host)
        await asyncio.sleep(every)


async def sample_lag(lags: list[float], every: float = 0.05) -> None:
    """How late the bench's own loop wakes: its share of every latency it measures."""
    while True:
        start = time.monotonic()
        await asyncio.sleep(every)
        lags.append(time.monotonic() - start - every)


@dataclass
class Idle:
    where: str
    seconds: float
    server_cpu: float
    children_cpu: float
    bytes_total: int
    bytes_max: int
    clients_receiving: int
    connected: int


async def quiet(players: list[Player], settle: float = 2.0, limit: float = 30.0) -> float:
    """Wait until no client has received anything for ``settle`` seconds (at most
    ``limit``); how long it took."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if time.monotonic() - max(p.last_rx for p in players) >= settle:
            break
        await asyncio.sleep(0.2)
    return time.monotonic() - start


async def measure_idle(host: Host, players: list[Player], seconds: float, where: str) -> Idle:
    await quiet(players)
    server0 = cpu_ticks(host.pid)
    total0 = host.cpu_ticks()
    bytes0 = [p.bytes for p in players]
    await asyncio.sleep(seconds)
    server1 = cpu_ticks(host.pid)
    total1 = host.cpu_ticks()
    got = [p.bytes - b for p, b in zip(players, bytes0, strict=True)]
    return Idle(
        where,
        seconds,
        (server1 - server0) / TICK,
        (total1 - total0 - (server1 - server0)) / TICK,
        sum(got),
        max(got),
        sum(1 for g in got if g),
        sum(1 for p in players if not p.closed),
    )


# -- the run -------------------------------------------------------------------------------
def say(line: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {line}", file=sys.stderr, flush=True)


async def guarded(what: str, figures: Figures, work: Any) -> bool:
    """Run ``work``; a failure is recorded (with the screen) and the others carry on."""
    try:
        await work
        return True
    except (Stuck, OSError, asyncssh.Error, TimeoutError) as exc:
        text = str(exc) or type(exc).__name__
        figures.failures.append(f"{what}: {type(exc).__name__}: {text}")
        say(f"FAILED {what}: {text.splitlines()[0]}")
        return False


async def arrive(player: Player, delay: float, port: int, figures: Figures, timeout: float) -> None:
    await asyncio.sleep(delay)
    await enter_lobby(player, port, figures, timeout)


async def dialog_cycles(player: Player, cycles: int, timeout: float) -> None:
    """Open the lobby's new-table dialog and close it with Escape, ``cycles`` times."""
    for _ in range(cycles):
        player.send("n")
        await player.wait("New table: which game?", timeout)
        player.send(ESCAPE)
        await player.wait(
            lambda text: "New table: which game?" not in text and f"{player.name} at" in text,
            timeout,
            "the lobby again",
        )


async def set_up_pair(first: Player, second: Player, figures: Figures, timeout: float) -> None:
    table, code = await create_table(first, timeout)
    await join_table(second, table, code, figures, timeout)


async def run(settings: Settings) -> dict[str, Any]:
    rng = random.Random(settings.seed)
    figures = Figures()
    memory = Memory()
    host = Host(max(settings.players, 32), settings.serve_args)
    players: list[Player] = []
    result: dict[str, Any] = {"load_before": os.getloadavg()}
    samplers: list[asyncio.Task[None]] = []
    try:
        await host.start()
        # The players' terminals are elsewhere in real life: the bench's own process (not
        # the server, which is started already) gets ahead of the host's processes so its
        # clock reads output when it arrives, not when a busy machine lets it run.
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, 0, settings.nice)
        result["nice"] = os.getpriority(os.PRIO_PROCESS, 0)
        say(
            f"robotui serve (pid {host.pid}) on port {host.port}; "
            f"{settings.players} players arrive over {settings.arrive_over:g} s"
        )
        players = [Player(i) for i in range(settings.players)]
        spread = settings.arrive_over / max(1, settings.players - 1)
        await host_idle(host, settings.ready_processes)
        phase = CpuPhase.begin(host)
        arrived = await asyncio.gather(
            *(
                guarded(
                    f"{p.name} entering the lobby",
                    figures,
                    arrive(p, i * spread, host.port, figures, settings.timeout),
                )
                for i, p in enumerate(players)
            )
        )
        say(f"{sum(arrived)} of {len(players)} in the lobby")
        result["new_phase"] = phase.end(host)
        if settings.connect_only:
            result["new_cpu"] = phase.players_cpu(host)
            for player in players:
                player.close()
            await all_gone(host)
            await host_idle(host, settings.ready_processes)
            phase = CpuPhase.begin(host)
            came_back = await asyncio.gather(
                *(
                    guarded(
                        f"{p.name} coming back",
                        figures,
                        come_back(p, host.port, figures, settings.timeout),
                    )
                    for p, ok in zip(players, arrived, strict=True)
                    if ok
                )
            )
            say(f"{sum(came_back)} came back to the lobby")
            result["returning_phase"] = phase.end(host)
            result["returning_cpu"] = phase.players_cpu(host)
            result["figures"] = figures
            result["load_after"] = os.getloadavg()
            return result
        pairs = [
            (players[i], players[i + 1])
            for i in range(0, len(players) - 1, 2)
            if arrived[i] and arrived[i + 1]
        ]
        ready = await asyncio.gather(
            *(
                guarded(
                    f"{a.name} and {b.name} meeting at a table",
                    figures,
                    set_up_pair(a, b, figures, settings.timeout),
                )
                for a, b in pairs
            )
        )
        pairs = [pair for pair, ok in zip(pairs, ready, strict=True) if ok]
        say(f"{len(pairs)} tables set up; playing")
        result["start_pss_kb"] = {
            pid: kb(pid, "smaps_rollup", "Pss:") or 0 for pid in host.players()
        }
        samplers = [
            asyncio.create_task(sample_memory(host, memory)),
            asyncio.create_task(sample_lag(figures.loop_lag)),
        ]
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        play_start = time.monotonic()
        await asyncio.gather(
            *(
                guarded(
                    f"{a.name} vs {b.name}",
                    figures,
                    play_game(a, b, settings, random.Random(rng.random()), figures),
                )
                for a, b in pairs
            )
        )
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
        result["play_seconds"] = time.monotonic() - play_start
        result["bench_cpu_play"] = (
            cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
        )
        for task in samplers:
            task.cancel()
        memory.sample(host)
        result["memory"] = memory
        result["play_pss_kb"] = dict(memory.pss_kb)
        say(f"{figures.games} games played, {figures.moves} moves; idle at the finished games")
        live = [p for p in players if p.chan is not None and not p.closed]
        result["idle"] = [await measure_idle(host, live, settings.idle, "finished game")]
        for player in live:
            if "Game over" in player.text():
                player.send("m")
        await asyncio.gather(
            *(
                guarded(
                    f"{p.name} back to the lobby", figures, p.wait(f"{p.name} at", settings.timeout)
                )
                for p in live
            )
        )
        say("idle in the lobby")
        result["idle"].append(await measure_idle(host, live, settings.idle, "lobby"))
        result["lobby_pss_kb"] = {
            pid: kb(pid, "smaps_rollup", "Pss:") or 0 for pid in host.players()
        }
        if settings.dialog_cycles:
            say(f"{settings.dialog_cycles} new-table dialog cycles per player")
            await asyncio.gather(
                *(
                    guarded(
                        f"{p.name} opening and closing a dialog",
                        figures,
                        dialog_cycles(p, settings.dialog_cycles, settings.timeout),
                    )
                    for p in live
                )
            )
            result["cycles_pss_kb"] = {
                pid: kb(pid, "smaps_rollup", "Pss:") or 0 for pid in host.players()
            }
    finally:
        for task in samplers:
            task.cancel()
        for player in players:
            player.close()
        await host.stop()
        result["crashes"] = host.crashes()
        result["server_log"] = "".join(host.log)
        host.remove()
    result["figures"] = figures
    result["load_after"] = os.getloadavg()
    return result


# -- the report ----------------------------------------------------------------------------
def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = (len(ordered) - 1) * pct / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def spread(values: list[float], scale: float = 1000.0, unit: str = "ms") -> str:
    if not values:
        return "no samples"
    return (
        f"p50 {statistics.median(values) * scale:,.0f} {unit}, "
        f"p95 {percentile(values, 95) * scale:,.0f} {unit}, "
        f"max {max(values) * scale:,.0f} {unit} (n={len(values)})"
    )


def machine() -> str:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = (kb(os.getpid(), "../meminfo", "MemTotal:") or 0) // 1024

    def version(name: str) -> str:
        with contextlib.suppress(metadata.PackageNotFoundError):
            return metadata.version(name)
        return "?"

    return (
        f"{os.cpu_count()} cores ({model}), {memory:,} MB RAM, "
        f"Python {platform.python_version()}, asyncssh {version('asyncssh')}, "
        f"textual {version('textual')}"
    )


def report(settings: Settings, result: dict[str, Any]) -> tuple[str, bool]:
    """The table, and whether every target is met."""
    figures: Figures = result["figures"]
    memory: Memory | None = result.get("memory")
    idles: list[Idle] = result.get("idle", [])
    pss = list(memory.pss_kb.values()) if memory else []
    peak = list(memory.peak_pss_kb.values()) if memory else []
    lobby = [v for v in result.get("lobby_pss_kb", {}).values() if v]
    start = [v for v in result.get("start_pss_kb", {}).values() if v]
    cycled = [v for v in result.get("cycles_pss_kb", {}).values() if v]
    per_move = figures.play_bytes / (2 * figures.moves) if figures.moves else float("nan")
    think = f"{settings.think[0]:g}-{settings.think[1]:g} s"
    rows = [
        ("machine", machine()),
        (
            "load average before / after",
            " / ".join(
                ", ".join(f"{x:.1f}" for x in result[k]) for k in ("load_before", "load_after")
            ),
        ),
        (
            "players / tables / games finished / moves",
            f"{settings.players} / {settings.players // 2} / {figures.games} / {figures.moves}",
        ),
        (
            "arrivals / retries of the join dialog",
            (
                "all at once"
                if not settings.arrive_over
                else f"spread over {settings.arrive_over:g} s"
            )
            + f" / {figures.join_retries}",
        ),
        ("connect -> first screen (a new player's name question)", spread(figures.first_screen)),
        (
            "connect -> first screen (a returning player's lobby)",
            spread(figures.returning_screen) if figures.returning_screen else "not measured",
        ),
        (
            "CPU per player's process: new (question, name, lobby) / returning (lobby)",
            " / ".join(
                spread(result[k], 1000.0) if result.get(k) else "not measured"
                for k in ("new_cpu", "returning_cpu")
            ),
        ),
        ("name's Enter -> lobby list", spread(figures.lobby_after_name)),
        (
            "everyone connecting, new / returning: wall, CPU of bench, server, players",
            " | ".join(
                str(result[k]) if k in result else "not measured"
                for k in ("new_phase", "returning_phase")
            ),
        ),
        (f"move's Enter -> other player's screen (think {think})", spread(figures.propagation)),
        ("move's Enter -> mover's own screen", spread(figures.own_screen)),
        (
            "PSS per player process at the table before the first move",
            f"mean {statistics.mean(start) / 1024:.1f} MB, max {max(start) / 1024:.1f} MB"
            if start
            else "not measured",
        ),
        (
            "PSS per player process at the end of play",
            f"mean {statistics.mean(pss) / 1024:.1f} MB, max {max(pss) / 1024:.1f} MB "
            f"(n={len(pss)})"
            if pss
            else "not measured",
        ),
        (
            "PSS per player process, peak while playing",
            f"max {max(peak) / 1024:.1f} MB" if peak else "not measured",
        ),
        (
            "PSS per player process in the lobby after the idle windows",
            f"mean {statistics.mean(lobby) / 1024:.1f} MB, max {max(lobby) / 1024:.1f} MB"
            if lobby
            else "not measured",
        ),
        (
            f"PSS per player process after {settings.dialog_cycles} dialog cycles more",
            f"mean {statistics.mean(cycled) / 1024:.1f} MB, max {max(cycled) / 1024:.1f} MB"
            if cycled
            else "not measured",
        ),
        (
            "server RSS at the end of play / peak",
            f"{memory.server_rss_kb / 1024:.1f} MB / {memory.peak_server_rss_kb / 1024:.1f} MB"
            if memory
            else "not measured",
        ),
        ("bytes received per client per move (mean)", f"{per_move:,.0f}"),
        (
            "play phase: wall time / bench's own CPU",
            f"{result.get('play_seconds', 0):.1f} s / {result.get('bench_cpu_play', 0):.1f} s",
        ),
        (
            f"play phase: the bench's own loop waking late (nice {result.get('nice', '?')})",
            spread(figures.loop_lag),
        ),
    ]
    for idle in idles:
        rows.append(
            (
                f"idle {idle.seconds:g} s at the {idle.where}: CPU server / players",
                f"{idle.server_cpu:.2f} s / {idle.children_cpu:.2f} s "
                f"({idle.connected} sessions connected)",
            )
        )
        rows.append(
            (
                f"idle {idle.seconds:g} s at the {idle.where}: bytes received",
                f"{idle.bytes_total:,} in all, max {idle.bytes_max:,} per client, "
                f"{idle.clients_receiving} clients received something",
            )
        )
    width = max(len(label) for label, _ in rows)
    lines = [f"{label:<{width}}  {value}" for label, value in rows]

    p95 = percentile(figures.propagation, 95) if figures.propagation else float("inf")
    top = max(peak + pss) / 1024 if pss else float("inf")
    all_played = figures.games == settings.players // 2 and not figures.failures
    silent = bool(idles) and all(i.bytes_total == 0 for i in idles)
    firsts = [f for f in (figures.first_screen, figures.returning_screen) if f]
    first = max((percentile(f, 95) for f in firsts), default=float("inf"))
    start_target = (f"p95 first screen <= 1.5 s, new and returning ({first:.2f} s)", first <= 1.5)
    if settings.connect_only:
        lines.append("")
        lines.append(f"target: {start_target[0]}: {'met' if start_target[1] else 'NOT met'}")
        return "\n".join(lines), start_target[1]
    targets = [
        start_target,
        (f"{settings.players} players played every game", all_played),
        (f"p95 propagation <= 250 ms ({p95 * 1000:,.0f} ms)", p95 <= 0.25),
        (f"<= 80 MB per session ({top:.1f} MB at most)", top <= 80),
        ("idle sessions receive nothing", silent),
    ]
    lines.append("")
    lines.extend(f"target: {text}: {'met' if ok else 'NOT met'}" for text, ok in targets)
    if figures.failures:
        lines.append("")
        lines.append(f"{len(figures.failures)} failures (first 3 with their screens):")
        lines.extend(figures.failures[:3])
    if result.get("crashes"):
        lines.append("")
        lines.append("crashes.log in the host's data folder:")
        lines.append(result["crashes"])
    tracebacks = [
        line
        for line in result.get("server_log", "").splitlines()
        if "Traceback" in line or "Error" in line
    ]
    if tracebacks:
        lines.append("")
        lines.append("the server's log has errors:")
        lines.extend(tracebacks[:20])
    return "\n".join(lines), all(ok for _, ok in targets)


def parse_args(argv: list[str] | None = None) -> Settings:
    parser = argparse.ArgumentParser(
        description="N scripted SSH players against robotui serve on loopback: time to the "
        "lobby, move propagation, memory per session, idle CPU and bytes."
    )
    parser.add_argument(
        "--players",
        type=int,
        default=32,
        help="how many players (even; two per Robot Master table; default 32)",
    )
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(0.2, 1.0),
        metavar=("MIN", "MAX"),
        help="seconds a player thinks before each move (default 0.2 1.0)",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=20.0,
        help="seconds of each idle window after play (default 20)",
    )
    parser.add_argument(
        "--arrive-over",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="spread the connections over this long (default 0: all at once)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        help="seconds any one screen may take to show what is expected",
    )
    parser.add_argument(
        "--no-pick",
        action="store_true",
        help="press only Enter for a move (no digit picking a value first)",
    )
    parser.add_argument(
        "--dialog-cycles",
        type=int,
        default=0,
        metavar="N",
        help="at the end, every player opens and closes the lobby's "
        "new-table dialog N times; PSS after (default 0: not done)",
    )
    parser.add_argument(
        "--connect-only",
        action="store_true",
        help="stop once every player is in the lobby (the start figures only)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--nice",
        type=int,
        default=-10,
        help="the bench's own niceness once the server runs (default -10, "
        "root only; the server and its players keep theirs)",
    )
    parser.add_argument(
        "--ready-processes",
        type=int,
        default=None,
        metavar="N",
        help="robotui serve's --ready-processes (default: serve's own default)",
    )
    args = parser.parse_args(argv)
    if args.players < 2 or args.players % 2:
        parser.error("--players must be even and at least 2")
    if not 0 <= args.think[0] <= args.think[1]:
        parser.error("--think MIN MAX with 0 <= MIN <= MAX")
    settings = Settings(
        args.players,
        tuple(args.think),
        args.idle,
        args.arrive_over,
        args.timeout,
        not args.no_pick,
        args.seed,
        args.nice,
        args.dialog_cycles,
        args.connect_only,
        () if args.ready_processes is None else ("--ready-processes", str(args.ready_processes)),
        DEFAULT_READY_PROCESSES if args.ready_processes is None else args.ready_processes,
    )
    return settings


def main(argv: list[str] | None = None) -> int:
    settings = parse_args(argv)
    try:
        result = asyncio.run(run(settings))
    except KeyboardInterrupt:
        say("interrupted: the server and every player's process are stopped")
        return 130
    text, met = report(settings, result)
    print(text)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
