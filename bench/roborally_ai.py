"""RoboRally computer players: speed of hard, hard alone on every course, hard vs easy races.

    python bench/roborally_ai.py speed  [--positions 300]
    python bench/roborally_ai.py alone  [--seeds 5]
    python bench/roborally_ai.py race   [--games 40] [--rivals easy]
    python bench/roborally_ai.py race2v2 [--games 144] [--new hard] [--old ref] [--fixed]
                                         [--seed-base 3000]

race2v2: 4-robot races, two ``--new`` robots against two ``--old`` ones (``ref``: the frozen
``bench.reference_players.roborally:Hard2026``), the six seatings of a pair in rotation and
every bundled course in rotation (game g: seating g % 6, course (g // 6) % 6, seed 3000 + g;
``--seed-base`` changes the 3000: races the player was not tuned on), shared start. A race
counts for a side when one of its robots is among the winners. Deaths per robot per race:
lives lost. Decision times: every programming decision of the new side.
``--new ref --old ref`` gives the baseline with the same races. ``--fixed``: the new side's
clock stands still (fixed samples, no deadline: the same races whatever the load, for paired
A/B runs; decision times are then not the budgeted ones).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import wilson_interval  # noqa: E402
from engines.roborally import ROBORALLY  # noqa: E402
from engines.roborally.boardfile import bundled_courses  # noqa: E402
from engines.roborally.players import LEVELS  # noqa: E402
from engines.roborally.state import RoboRallyState, random_choice  # noqa: E402


def make(level: str, seat: int, seed: int):
    if level == "ref":
        from bench.reference_players.roborally import Hard2026

        return Hard2026(seat=seat, level="hard", seed=seed)
    return LEVELS[level](seat=seat, level=level, seed=seed)


def _still() -> float:
    return 0.0


SEATINGS = ((0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2))  # the new pair's seats


def setup_race(
    g: int, new: str, old: str, seed_base: int, fixed: bool, courses: list[str]
) -> tuple[RoboRallyState, str, list[str], list]:
    """Race ``g`` of race2v2 over ``courses`` (the bundled ones, read once a run): the new
    pair's seating g % 6, course (g // 6) % 6, seed ``seed_base + g``; the game, its course,
    each seat's side ("new"/"old") and the players (with ``fixed``, the new robots' clock
    stopped)."""
    course = courses[(g // len(SEATINGS)) % len(courses)]
    pair = SEATINGS[g % len(SEATINGS)]
    state = ROBORALLY.new_game(4, {"course": course}, seed=seed_base + g)
    side = ["new" if s in pair else "old" for s in range(4)]
    players = [make(new if side[s] == "new" else old, s, 7 * g + s) for s in range(4)]
    if fixed:
        for s in pair:
            if hasattr(players[s], "clock"):
                players[s].clock = _still
    return state, course, side, players


def race2v2(
    games: int, new: str, old: str, fixed: bool = False, log: str | None = None,
    seed_base: int = 3000,
) -> None:
    courses = bundled_courses()
    won = {"new": 0, "old": 0}
    both = none = 0
    deaths = {"new": 0, "old": 0}
    times: list[float] = []
    t0 = time.perf_counter()
    for g in range(games):
        state, course, side, players = setup_race(g, new, old, seed_base, fixed, courses)
        lives = [b.lives for b in state.bots]
        downs = [0] * 4
        while not state.is_terminal():
            for seat in state.to_move():
                view = state.view(seat)
                t = time.perf_counter()
                action = players[seat].choose(view)
                if side[seat] == "new" and view.pending == "program":
                    times.append(time.perf_counter() - t)
                downs[seat] += bool(getattr(action, "power_down", False))
                state.apply(action, seat)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({
                    "game": g, "course": course, "side": side, "winners": list(state.winners),
                    "turns": state.turn, "flags": [b.flags for b in state.bots],
                    "deaths": [lives[s] - b.lives for s, b in enumerate(state.bots)],
                    "downs": downs,
                }) + "\n")
        sides = {side[s] for s in state.winners}
        for k in sides:
            won[k] += 1
        both += len(sides) == 2
        none += not sides
        for s, b in enumerate(state.bots):
            deaths[side[s]] += lives[s] - b.lives
        if (g + 1) % 12 == 0:
            print(f"  {g + 1} races: new {won['new']} old {won['old']} "
                  f"({time.perf_counter() - t0:.0f} s)", flush=True)
    dt = time.perf_counter() - t0
    lo, hi = wilson_interval(won["new"], games)
    print(f"{new} x2 vs {old} x2, {games} races over {len(courses)} courses, seats rotated: "
          f"{new} won {won['new']} ({100 * won['new'] / games:.1f}%, 95% {100 * lo:.1f}-"
          f"{100 * hi:.1f}%), {old} won {won['old']}, both {both}, none {none}; {dt:.0f} s")
    for k, name in (("new", new), ("old", old)):
        print(f"deaths per robot per race, {name} side: {deaths[k] / (2 * games):.3f} "
              f"({deaths[k]} in {2 * games} robot-races)")
    if times:
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{new} programming decisions: {len(times)}, median "
              f"{statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
              f"max {times[-1] * 1000:.1f} ms")


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
    parser.add_argument("what", choices=("speed", "alone", "race", "race2v2"))
    parser.add_argument("--new", default="hard", help="race2v2: the side measured")
    parser.add_argument("--old", default="ref", help="race2v2: the other side")
    parser.add_argument("--fixed", action="store_true", help="race2v2: no clock (A/B)")
    parser.add_argument("--log", help="race2v2: one JSON line per race to this file")
    parser.add_argument("--seed-base", type=int, default=3000,
                        help="race2v2: game g is dealt with seed SEED_BASE + g (another base "
                             "plays races the player was not tuned on)")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rivals", default="easy", help="level of the three others")
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.positions)
    elif args.what == "alone":
        alone(args.seeds)
    elif args.what == "race2v2":
        race2v2(args.games, args.new, args.old, args.fixed, args.log, args.seed_base)
    else:
        race(args.games, args.rivals)


if __name__ == "__main__":
    main()
