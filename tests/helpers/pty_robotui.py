"""robotui on a pseudo-terminal, as a player's terminal sees it: keys in, bytes counted.

A pyte screen follows the output, so a test or a bench scenario waits for what a player
waits for. Used by bench/terminal_bytes.py and by the tests of what robotui sends.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import struct
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[2]
QUIET = 0.35  # no output for this long: the screen is drawn
KEYS = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "enter": "\r",
    "space": " ",
    "tab": "\t",
    "backspace": "\x7f",
    "escape": "\x1b",
}
# A computer slowed to --think seconds a decision: the thinking indicator runs that long.
SLOW_WRAPPER = """
import sys, time
from screens.session import GameSession
think = float(sys.argv.pop(1))
made = GameSession.computer
def computer(self, seat):
    player = made(self, seat)
    if not getattr(player, "_bench_slow", False):
        choose = player.choose
        def slow(view):
            time.sleep(think)
            return choose(view)
        player.choose = slow
        player._bench_slow = True
    return player
GameSession.computer = computer
from robotui.cli import main
sys.argv[0] = "robotui"
main()
"""


def environment(home: Path, cols: int, rows: int) -> dict[str, str]:
    """A plain xterm-256color terminal of ``cols`` x ``rows`` whose robotui keeps its saves,
    settings and data under ``home``: nothing from the caller's ROBOTUI_/TEXTUAL settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROBOTUI_", "TEXTUAL"))}
    env.update(
        TERM="xterm-256color",
        LANG="C.UTF-8",
        COLUMNS=str(cols),
        LINES=str(rows),
        ROBOTUI_SAVE_DIR=str(home / "saves"),
        ROBOTUI_CONFIG_DIR=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        HOME=str(home),
    )
    env.pop("COLORTERM", None)
    env.pop("NO_COLOR", None)
    return env


def spawn(argv: list[str], env: dict[str, str], cols: int, rows: int) -> tuple[int, int]:
    """Run ``argv`` (from the repository's folder) on a new pty of ``cols`` x ``rows``:
    its pid and the pty's file descriptor."""
    pid, fd = os.forkpty()
    if pid == 0:  # the child
        os.chdir(ROOT)
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def stop(pid: int, fd: int) -> None:
    """SIGTERM, then SIGKILL after 5 s; the pty is read meanwhile (a child blocked writing to
    a full pty would not see its SIGTERM), then closed."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    end = time.monotonic() + 5
    while time.monotonic() < end:
        with contextlib.suppress(OSError):
            while select.select([fd], [], [], 0)[0] and os.read(fd, 65536):
                pass
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.02)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)


class Terminal:
    """robotui on a pseudo-terminal; a thread reads everything it writes."""

    def __init__(
        self, args: list[str], cols: int, rows: int, home: Path, think: float | None = None
    ) -> None:
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        self.total = 0
        self.output: list[bytes] = []  # every chunk read, as it came
        self.last_output = time.monotonic()
        env = environment(home, cols, rows)
        if think is None:
            argv = [sys.executable, "-m", "robotui", *args]
        else:
            argv = [sys.executable, "-c", SLOW_WRAPPER, str(think), *args]
        self.pid, self.fd = spawn(argv, env, cols, rows)
        self.started = time.monotonic()
        self.closed = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if not ready:
                    if self.closed:
                        return
                    continue
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.total += len(data)
                self.output.append(data)
                self.last_output = time.monotonic()
                self.stream.feed(data)

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def cells(self) -> list[list[tuple[str, str, str, bool, bool, bool]]]:
        """Every cell as the terminal shows it: character, colours, bold, reverse, underline."""
        with self.lock:
            return [
                [
                    (c.data, c.fg, c.bg, c.bold, c.reverse, c.underscore)
                    for c in (self.screen.buffer[y][x] for x in range(self.screen.columns))
                ]
                for y in range(self.screen.lines)
            ]

    def resize(self, cols: int, rows: int) -> None:
        """Resize the terminal (robotui gets SIGWINCH and draws the whole screen anew)."""
        with self.lock:
            self.screen.resize(rows, cols)
            self.cols, self.rows = cols, rows
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def send(self, key: str) -> None:
        os.write(self.fd, KEYS.get(key, key).encode())

    def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = 30.0) -> None:
        """Until the screen shows ``wanted`` (a text, or a test of the whole screen)."""
        test = wanted if callable(wanted) else (lambda screen: wanted in screen)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if test(self.text()):
                return
            time.sleep(0.02)
        raise TimeoutError(f"the screen never showed {wanted!r}:\n{self.text()}")

    def settle(self, quiet: float = QUIET, timeout: float = 30.0) -> None:
        """Until nothing has been written for ``quiet`` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                idle = time.monotonic() - self.last_output
            if idle >= quiet:
                return
            time.sleep(0.02)
        raise TimeoutError("the screen never went quiet")

    def key(self, key: str, until: str | Callable[[str], bool] | None = None) -> int:
        """Bytes written after ``key`` until the screen is quiet (and shows ``until``)."""
        self.settle()
        before = self.total
        self.send(key)
        end = time.monotonic() + 1.0  # the answer starts (a key that draws nothing: 1 s)
        while self.total == before and time.monotonic() < end:
            time.sleep(0.01)
        if until is not None:
            self.wait_for(until)
        self.settle()
        return self.total - before

    def idle_rate(self, seconds: float) -> float:
        """Bytes per second written while nobody presses anything."""
        before = self.total
        time.sleep(seconds)
        return (self.total - before) / seconds

    def close(self) -> None:
        self.closed = True
        stop(self.pid, self.fd)
