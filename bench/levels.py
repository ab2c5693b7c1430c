"""Every computer level against every other, per game: are the levels ordered and spaced?

    python -m bench.levels robot-master --games 200 --seed 1
    python -m bench.levels stak-bots --games 200 --seed 1
    python -m bench.levels robo-factory --games 400 --seed 1
    python -m bench.levels roborally --games 96 --seed 1      # 2 robots, courses in rotation
    python -m bench.levels robo-factory --games 400 --seats 4 # one row level vs 3 column
    python -m bench.levels robot-master \
        --levels normal,hard,tests.reference_players.robot_master:Hard2026

Each pair of levels plays ``--games`` two-player games in the arena (seats alternating, game
``g`` on seed ``S+g``). RoboRally spreads a pair's games evenly over the bundled courses
(``--games`` is rounded down to a multiple of their number). Prints a markdown table: the row
level's win rate against the column level with its 95% Wilson interval; shared wins (draws)
are in the list of pairs below it, with the decision times. With ``--seats N`` (N > 2) every
ordered pair plays: one seat of the row level against N-1 of the column level, the row's win
rate to be read against a par of 1/N.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations, permutations

from engines.arena import PlayerStats, run_arena, timing_summary, wilson_interval
from engines.registry import get_game


def play_pair(
    game: str, a: str, b: str, games: int, seed: int, seats: int = 2
) -> tuple[PlayerStats, list[float]]:
    """The totals of ``a`` in one seat against ``seats - 1`` seats of ``b`` over ``games``
    games (RoboRally: split evenly over the courses), and ``b``'s decision times."""
    spec = get_game(game)
    runs: list[tuple[dict[str, str], int, int]] = [({}, games, seed)]
    if game == "roborally":
        from engines.roborally.boardfile import bundled_courses

        courses = bundled_courses()
        each = games // len(courses)
        runs = [({"course": c}, each, seed + i * each) for i, c in enumerate(courses)]
    total = PlayerStats(a)
    their_times: list[float] = []
    for options, count, first in runs:
        report = run_arena(spec, [a] + [b] * (seats - 1), count, first, options)
        got = report.players[0]
        for other in report.players[1:]:
            their_times.extend(other.times_ms)
        total.wins += got.wins
        total.draws += got.draws
        total.losses += got.losses
        total.times_ms.extend(got.times_ms)
    return total, their_times


def label(spec: str) -> str:
    """A short name for the table: ``package.module:Class`` -> ``Class``."""
    return spec.rpartition(":")[2]


def cell(stats: PlayerStats) -> str:
    low, high = wilson_interval(stats.wins, stats.games)
    return f"{100 * stats.wins / stats.games:.1f}% ({100 * low:.0f}-{100 * high:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="", help="comma-separated (default: all levels)")
    parser.add_argument("--seats", type=int, default=2, help="players a game (default 2)")
    args = parser.parse_args()
    spec = get_game(args.game)
    levels = [s for s in args.levels.split(",") if s] or list(spec.player_levels())
    results: dict[tuple[str, str], PlayerStats] = {}
    times: dict[str, list[float]] = {level: [] for level in levels}
    lines = []
    pairs = combinations(levels, 2) if args.seats == 2 else permutations(levels, 2)
    for a, b in pairs:
        began = time.perf_counter()
        sa, b_times = play_pair(args.game, a, b, args.games, args.seed, args.seats)
        results[a, b] = sa
        if args.seats == 2:  # the same games seen from the other side
            results[b, a] = PlayerStats(b, sa.losses, sa.draws, sa.wins)
        times[a].extend(sa.times_ms)
        times[b].extend(b_times)
        lines.append(
            f"- {a} vs {args.seats - 1} x {b}: {sa.wins}-{sa.draws}-{sa.losses} "
            f"(W-shared-L of {sa.games}); {time.perf_counter() - began:.0f} s"
        )
        print(lines[-1], file=sys.stderr, flush=True)
    lines.append("")
    for level in levels:
        t = timing_summary(times[level])
        lines.append(
            f"- {level} decisions: mean {t['mean']:.1f} ms, "
            f"p95 {t['p95']:.1f} ms, max {t['max']:.1f} ms"
        )
    against = "column"
    if args.seats > 2:
        against = f"{args.seats - 1} x column (par {100 / args.seats:.0f}%)"
    print(
        f"{args.game}: row's win rate against {against} (95% interval), "
        f"{sa.games} games a pair, seed {args.seed}\n"
    )
    print("| level | " + " | ".join(label(v) for v in levels) + " |")
    print("|---|" + "---:|" * len(levels))
    for a in levels:
        row = [cell(results[a, b]) if a != b else "-" for b in levels]
        print(f"| {label(a)} | " + " | ".join(row) + " |")
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
