"""Bytes robotui writes to the terminal per key: what a player pays on a thin link.

Runs ``robotui`` in a pseudo-terminal (default 80x24, ``TERM=xterm-256color``), sends
scripted keys, and counts every byte robotui writes until the screen is quiet again. A
pyte screen follows the output, so a scenario waits for what a player would wait for
(its turn, the playback, the computer's answer). Run by hand from the test venv:

    python -m bench.terminal_bytes                 # every scenario, 80x24
    python -m bench.terminal_bytes --size 120x40   # a bigger terminal
    python -m bench.terminal_bytes --only robot-master --repeat 5

Idle is measured at a human's turn with nothing happening, and while a computer thinks
(the computer is slowed to ``--think`` seconds by wrapping its ``choose``, so the
thinking indicator runs long enough to be measured). Figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench import bytes_robo_factory, bytes_roborally, bytes_robot_master, bytes_stak_bots
from bench.pty_terminal import Results, Terminal, first_screen, record


def menu(term_of: Callable[..., Terminal], results: Results, repeat: int) -> None:
    term = term_of([])
    try:
        first_screen(term, "Quit", results, "menu: first screen")
        for n in range(repeat):
            record(results, "menu: cursor move", term.key("down" if n % 2 == 0 else "up"))
    finally:
        term.close()


SCENARIOS = {
    "menu": menu,
    "robot-master": bytes_robot_master.scenario,
    "robo-factory": bytes_robo_factory.scenario,
    "roborally": bytes_roborally.scenario,
    "stak-bots": bytes_stak_bots.scenario,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="80x24", help="COLSxROWS (default 80x24)")
    parser.add_argument("--only", choices=sorted(SCENARIOS), action="append")
    parser.add_argument("--repeat", type=int, default=4, help="keys per measured action")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="robotui-bytes-"))
    results: Results = {}

    def term_of(argv: list[str], think: float | None = None) -> Terminal:
        return Terminal(argv, cols, rows, home, think)

    try:
        for name in args.only or list(SCENARIOS):
            try:
                SCENARIOS[name](term_of, results, args.repeat)
            except TimeoutError as exc:
                print(f"{name}: FAILED: {exc}", file=sys.stderr)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(
        f"bytes written by robotui at {cols}x{rows}, TERM=xterm-256color "
        f"(median of each action; max in brackets)"
    )
    for name, values in results.items():
        print(f"  {name:<58} {statistics.median(values):>8.0f}  [{max(values):.0f}]")


if __name__ == "__main__":
    main()
