"""Every computer level against every other, per game: are the levels ordered and spaced?

    python bench/levels.py robot-master --games 200 --seed 1
    python bench/levels.py stak-bots --games 200 --seed 1
    python bench/levels.py robo-factory --games 400 --seed 1
    python bench/levels.py roborally --games 96 --seed 1      # 2 robots, courses in rotation
    python bench/levels.py robot-master \
        --levels normal,hard,bench.reference_players.robot_master:Hard2026

Each pair of levels plays ``--games`` two-player games in the arena (seats alternating, game
``g`` on seed ``S+g``). RoboRally spreads a pair's games evenly over the bundled courses
(``--games`` is rounded down to a multiple of their number). Prints a markdown table: the row
level's win rate against the column level with its 95% Wilson interval; shared wins (draws)
are in the list of pairs below it, with the decision times.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import PlayerStats, run_arena, timing_summary, wilson_interval  # noqa: E402
from engines.registry import get_game  # noqa: E402


def play_pair(game: str, a: str, b: str, games: int, seed: int) -> tuple[PlayerStats, PlayerStats]:
    """Both entrants' totals over ``games`` games (RoboRally: split over the courses)."""
    spec = get_game(game)
    runs: list[tuple[dict[str, str], int, int]] = [({}, games, seed)]
    if game == "roborally":
        from engines.roborally.boardfile import bundled_courses

        courses = bundled_courses()
        each = games // len(courses)
        runs = [({"course": c}, each, seed + i * each) for i, c in enumerate(courses)]
    total = [PlayerStats(a), PlayerStats(b)]
    for options, count, first in runs:
        report = run_arena(spec, [a, b], count, first, options)
        for mine, got in zip(total, report.players, strict=True):
            mine.wins += got.wins
            mine.draws += got.draws
            mine.losses += got.losses
            mine.times_ms.extend(got.times_ms)
    return total[0], total[1]


def cell(stats: PlayerStats) -> str:
    low, high = wilson_interval(stats.wins, stats.games)
    return f"{100 * stats.wins / stats.games:.1f}% ({100 * low:.0f}-{100 * high:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="", help="comma-separated (default: all levels)")
    args = parser.parse_args()
    spec = get_game(args.game)
    levels = [s for s in args.levels.split(",") if s] or list(spec.player_levels())
    results: dict[tuple[str, str], PlayerStats] = {}
    lines = []
    for a, b in combinations(levels, 2):
        began = time.perf_counter()
        sa, sb = play_pair(args.game, a, b, args.games, args.seed)
        results[a, b], results[b, a] = sa, sb
        ta, tb = timing_summary(sa.times_ms), timing_summary(sb.times_ms)
        lines.append(
            f"- {a} vs {b}: {sa.wins}-{sa.draws}-{sa.losses} (W-shared-L of {sa.games}); "
            f"p95 ms {ta['p95']:.0f} / {tb['p95']:.0f}; {time.perf_counter() - began:.0f} s"
        )
        print(lines[-1], file=sys.stderr, flush=True)
    print(f"{args.game}: row's win rate against column (95% interval), "
          f"{sa.games} games a pair, seed {args.seed}\n")
    print("| level | " + " | ".join(levels) + " |")
    print("|---|" + "---:|" * len(levels))
    for a in levels:
        row = [cell(results[a, b]) if a != b else "-" for b in levels]
        print(f"| {a} | " + " | ".join(row) + " |")
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
