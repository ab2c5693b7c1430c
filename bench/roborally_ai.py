"""RoboRally computer players: speed of hard, hard alone on every course, hard vs easy races.

    python bench/roborally_ai.py speed  [--positions 300]
    python bench/roborally_ai.py alone  [--seeds 5]
    python bench/roborally_ai.py race   [--games 40] [--rivals easy]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.roborally import ROBORALLY  # noqa: E402
from engines.roborally.boardfile import bundled_courses  # noqa: E402
from engines.roborally.players import LEVELS  # noqa: E402
from engines.roborally.state import random_choice  # noqa: E402


def make(level: str, seat: int, seed: int):
    return LEVELS[level](seat=seat, level=level, seed=seed)


def speed(positions: int) -> None:
    """Time hard on full 9-card hands (no damage) met in random 4-robot games."""
    times = []
    first = []
    every = []  # any hand, power-down look-ahead included
    rng = random.Random(1)
    courses = bundled_courses()
    seed = 0
    while len(times) < positions:
        seed += 1
        course = courses[seed % len(courses)]
        state = ROBORALLY.new_game(4, {"course": course}, seed=seed)
        hard = make("hard", 0, seed)
        fresh = True
        while not state.is_terminal() and state.turn < 15 and len(times) < positions:
            for seat in state.to_move():
                view = state.view(seat)
                if seat == 0 and view.pending == "program":
                    t = time.perf_counter()
                    hard.choose(view)
                    dt = time.perf_counter() - t
                    if not fresh:
                        every.append(dt)
                    if len(view.hand) == 9:
                        (first if fresh else times).append(dt)
                        fresh = False
                state.apply(random_choice(rng, state.legal_actions(seat)), seat)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"hard, 9-card hands: {len(times)} positions on {len(courses)} courses: "
          f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms; first program of a game (distance fields "
          f"built): max {max(first) * 1000:.1f} ms over {len(first)}")
    every.sort()
    p95 = every[int(0.95 * (len(every) - 1))]
    print(f"hard, every programming decision (damaged hands, power-down look-ahead): "
          f"{len(every)}: median {statistics.median(every) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, max {every[-1] * 1000:.1f} ms")


def alone(seeds: int) -> None:
    """Red alone (Blue off the board), own start square, hard: turns and deaths."""
    print("course            won  turns (mean, max)  deaths (total)  flags")
    for course in bundled_courses():
        turns, deaths, won, flags = [], 0, 0, 0
        for seed in range(1, seeds + 1):
            state = ROBORALLY.new_game(2, {"course": course, "start": "docks"}, seed=seed)
            blue = state.bots[1]
            blue.lives, blue.pos, blue.pending = 0, -1, []
            hard = make("hard", 0, seed)
            while not state.is_terminal():
                for seat in state.to_move():
                    view = state.view(seat)
                    if view.pending == "reenter":
                        deaths += 1
                    state.apply(hard.choose(view), seat)
            won += state.winners == (0,) and state.bots[0].flags == len(state.layout.flags)
            turns.append(state.turn)
            flags = len(state.layout.flags)
        print(f"{course:<17} {won}/{seeds}  {statistics.mean(turns):5.1f} {max(turns):4}"
              f"          {deaths:3}           {flags}")


def race(games: int, rivals: str = "easy") -> None:
    """4 robots, shared start (1994 rules): hard in a rotating seat vs three ``rivals``."""
    courses = bundled_courses()
    wins = shared = 0
    t0 = time.perf_counter()
    for g in range(games):
        course = courses[g % len(courses)]
        hard_seat = g % 4
        state = ROBORALLY.new_game(4, {"course": course}, seed=1000 + g)
        players = [make("hard" if s == hard_seat else rivals, s, g * 10 + s) for s in range(4)]
        while not state.is_terminal():
            for seat in state.to_move():
                state.apply(players[seat].choose(state.view(seat)), seat)
        if hard_seat in state.winners:
            if len(state.winners) == 1:
                wins += 1
            else:
                shared += 1
    dt = time.perf_counter() - t0
    print(f"hard vs 3 {rivals}, {games} games over {len(courses)} courses: hard won {wins} "
          f"({100 * wins / games:.0f}%), shared {shared}; {dt:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("speed", "alone", "race"))
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rivals", default="easy", help="level of the three others")
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.positions)
    elif args.what == "alone":
        alone(args.seeds)
    else:
        race(args.games, args.rivals)


if __name__ == "__main__":
    main()
