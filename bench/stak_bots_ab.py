"""Stak Bots A/B at a fixed number of samples: repeatable and independent of the load.

    python bench/stak_bots_ab.py --players hard,bench.reference_players.stak_bots:Hard2026 \
        --games 100 --seed 1 --iterations 8

Seats rotate and seeds are derived as in ``robotui arena`` (game g: seed + g, players
``game_seed * 1000 + 7 * seat + 1``), but every player with an ``iterations`` attribute
samples exactly ``--iterations`` times (0: its own time budget). Prints each entrant's
wins, shared wins and losses, the win share with its 95% Wilson interval, and decision times.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import run_arena, timing_summary, wilson_interval  # noqa: E402
from engines.registry import get_game  # noqa: E402


def tune(player: object, settings: list[str]) -> None:
    """Apply ``name=value`` overrides to a player's weights or attributes."""
    for item in settings:
        name, _, text = item.partition("=")
        value = float(text)
        weights = getattr(player, "weights", None)
        if name.startswith("side."):
            side = replace(weights.side, **{name[5:]: value})  # type: ignore[union-attr]
            player.weights = replace(weights, side=side)  # type: ignore[attr-defined]
        elif weights is not None and hasattr(weights, name):
            player.weights = replace(weights, **{name: value})  # type: ignore[attr-defined]
        else:
            setattr(player, name, int(value) if value.is_integer() else value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="hard,bench.reference_players.stak_bots:Hard2026")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=8)
    parser.add_argument(
        "--set", action="append", default=[],
        help="override a setting of the first entrant: weight=value, side.weight=value or "
        "player attribute=value (candidates=8), for tuning",
    )
    args = parser.parse_args()
    spec = get_game("stak-bots")
    entrants = args.players.split(",")

    def setup(player: object, entrant: int) -> None:
        if args.iterations and hasattr(player, "iterations"):
            player.iterations = args.iterations  # type: ignore[attr-defined]
        if entrant == 0:
            tune(player, args.set)

    start = time.perf_counter()
    report = run_arena(spec, entrants, args.games, args.seed, setup=setup)
    print(f"stak-bots {args.players} {' '.join(args.set)}: {args.games} games, seed {args.seed}, "
          f"iterations {args.iterations or 'budget'}, {time.perf_counter() - start:.0f} s")
    for p in report.players:
        low, high = wilson_interval(p.wins, args.games)
        t = timing_summary(p.times_ms)
        print(f"  {p.spec}: wins {p.wins}, shared {p.draws}, losses {p.losses}: "
              f"{100 * p.wins / args.games:.1f}% [{100 * low:.1f}-{100 * high:.1f}]; "
              f"ms mean {t['mean']:.0f} p95 {t['p95']:.0f} max {t['max']:.0f}")


if __name__ == "__main__":
    main()
