"""Time to the first screen: robotui's menu against a bare Textual app, in the same run.

Spawns each on a pseudo-terminal (default 80x24, ``TERM=xterm-256color``, the environment of
tests/helpers/pty_robotui.py), alternately, ``--runs`` times each, and times from the spawn
to the moment the screen (followed by a pyte screen) shows the app's text: the bare app's
one Static, robotui's menu. Prints the median and p90 of each and the ratio of the medians.
Run by hand from the test venv:

    python -m bench.start_time                  # 10 runs each, 80x24
    python -m bench.start_time --runs 20 --size 120x40

The target: robotui's menu within 1.5x the bare app's first screen.
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyte

from bench.pty_terminal import environment, spawn, stop

BARE_TEXT = "A bare Textual app, drawn."
MENU_TEXT = "Load a saved game..."  # the menu's last option but one: the list is drawn
BARE_APP = f"""
from textual.app import App
from textual.widgets import Static


class Bare(App[None]):
    def compose(self):
        yield Static({BARE_TEXT!r})


Bare().run()
"""


def time_to_text(
    argv: list[str], text: str, env: dict[str, str], cols: int, rows: int, timeout: float = 30.0
) -> float:
    """Seconds from spawning ``argv`` on a pty until its screen shows ``text``."""
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    started = time.monotonic()
    pid, fd = spawn(argv, env, cols, rows)
    try:
        end = started + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                raise RuntimeError(f"{argv[-1]} ended before showing {text!r}")
            stream.feed(data)
            if any(text in line for line in screen.display):
                return time.monotonic() - started
        raise TimeoutError(f"{argv[-1]} never showed {text!r}:\n" + "\n".join(screen.display))
    finally:
        stop(pid, fd)


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="spawns of each (default 10)")
    parser.add_argument("--size", default="80x24", help="COLSxROWS (default 80x24)")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="robotui-start-"))
    env = environment(home, cols, rows)
    runs = {
        "bare Textual app": ([sys.executable, "-c", BARE_APP], BARE_TEXT),
        "robotui menu": ([sys.executable, "-m", "robotui"], MENU_TEXT),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    try:
        for argv, text in runs.values():  # once each, unmeasured: warm the caches
            time_to_text(argv, text, env, cols, rows)
        for _ in range(args.runs):
            for name, (argv, text) in runs.items():
                times[name].append(time_to_text(argv, text, env, cols, rows))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(
        f"time to the first screen at {cols}x{rows}, TERM=xterm-256color, "
        f"{args.runs} runs each, alternating"
    )
    for name, values in times.items():
        print(f"  {name:<18} median {statistics.median(values):.3f} s   p90 {p90(values):.3f} s")
    bare, menu = (statistics.median(times[name]) for name in runs)
    print(f"  ratio (medians)    {menu / bare:.2f}x   (target: at most 1.5x)")


if __name__ == "__main__":
    main()
