"""How long a RoboRally race lasts on each bundled course: 4 ``hard`` robots, default
options (shared start, option cards on), turns until the game ends.

    python -m bench.roborally_course_length [--seeds 4] [--courses a,b]

The figures go to bench/RESULTS.md; the rounded means (the last line printed) are
engines/roborally/course_lengths.py, shown in the new-game dialog beside the course names.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engines.roborally import ROBORALLY
from engines.roborally.boardfile import bundled_courses
from engines.roborally.players import LEVELS


def race_turns(course: str, seed: int, robots: int = 4) -> tuple[int, bool]:
    """Turns of one race of ``robots`` hard robots, and whether a robot reached the last flag."""
    state = ROBORALLY.new_game(robots, {"course": course}, seed=seed)
    players = [LEVELS["hard"](seat=s, level="hard", seed=seed * 10 + s) for s in range(robots)]
    while not state.is_terminal():
        for seat in state.to_move():
            state.apply(players[seat].choose(state.view(seat)), seat)
    last = len(state.layout.flags)
    return state.turn, any(b.flags == last for b in state.bots)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--courses", default="", help="comma-separated ids (default: all)")
    args = parser.parse_args()
    courses = args.courses.split(",") if args.courses else bundled_courses()
    means: dict[str, int] = {}
    print("course            races  turns: mean  median  min  max   finished   seconds")
    for course in courses:
        t0 = time.perf_counter()
        results = [race_turns(course, seed) for seed in range(1, args.seeds + 1)]
        turns = [t for t, _ in results]
        done = sum(f for _, f in results)
        print(
            f"{course:<17} {len(turns):5}  {statistics.mean(turns):11.1f} "
            f"{statistics.median(turns):7.1f} {min(turns):4} {max(turns):4}   "
            f"{done:4}/{len(turns):<4} {time.perf_counter() - t0:8.0f}",
            flush=True,
        )
        means[course] = round(statistics.mean(turns))
    print(f"EXPECTED_TURNS = {means}  # engines/roborally/course_lengths.py")


if __name__ == "__main__":
    main()
