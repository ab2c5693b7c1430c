"""Robot Master arenas of ``hard`` against the other levels, as recorded in bench/RESULTS.md.

Run by hand (slow: about 1-2 s per game with ``hard``)::

    python bench/robot_master_arena.py [--games 400] [--seed 1] [--hand full] [random easy ...]

Each pairing is the same as ``robotui arena robot-master --players hard,LEVEL --games N --seed S``.
"""

from __future__ import annotations

import argparse
import time

from engines.arena import format_report, run_arena
from engines.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponents", nargs="*", default=["random", "easy", "normal"])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hand", choices=("full", "five"), default="full")
    args = parser.parse_args()
    spec = get_game("robot-master")
    for opponent in args.opponents:
        start = time.perf_counter()
        report = run_arena(spec, ["hard", opponent], args.games, args.seed, {"hand": args.hand})
        print(format_report(report))
        print(f"({time.perf_counter() - start:.0f} s)\n", flush=True)


if __name__ == "__main__":
    main()
