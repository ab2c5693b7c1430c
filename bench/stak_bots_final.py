"""Stak Bots hard's target runs, interleaved so that a run cut short still gives every match.

    python bench/stak_bots_final.py --games 400 --seed 1 --chunk 25 \
        --opponents easy,random,bench.reference_players.stak_bots:Hard2026

Plays the games of ``robotui arena stak-bots --players hard,OPP --games N --seed S`` (same
seeds, seats and player seeds; players on their time budgets), ``--chunk`` games of each
match in turn, and prints each match's running totals after every chunk: wins, shared wins,
losses, the win share with its 95% Wilson interval and hard's decision times.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import PlayerStats, run_arena, timing_summary, wilson_interval  # noqa: E402
from engines.registry import get_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=25)
    parser.add_argument(
        "--opponents", default="easy,random,bench.reference_players.stak_bots:Hard2026"
    )
    parser.add_argument("--player", default="hard")
    args = parser.parse_args()
    spec = get_game("stak-bots")
    opponents = args.opponents.split(",")
    totals = {o: PlayerStats(args.player) for o in opponents}
    start = time.perf_counter()
    for first in range(0, args.games, args.chunk):
        count = min(args.chunk, args.games - first)
        for opp in opponents:
            mine = run_arena(spec, [args.player, opp], count, args.seed, first=first).players[0]
            total = totals[opp]
            total.wins += mine.wins
            total.draws += mine.draws
            total.losses += mine.losses
            total.times_ms.extend(mine.times_ms)
            n = total.games
            low, high = wilson_interval(total.wins, n)
            t = timing_summary(total.times_ms)
            print(f"{args.player} vs {opp}: {n} games (seed {args.seed}): wins {total.wins}, "
                  f"shared {total.draws}, losses {total.losses}: {100 * total.wins / n:.1f}% "
                  f"[{100 * low:.1f}-{100 * high:.1f}]; {args.player} ms mean {t['mean']:.0f} "
                  f"p95 {t['p95']:.0f} max {t['max']:.0f}; "
                  f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
