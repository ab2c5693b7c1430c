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

from engines.arena import seating, timing_summary, wilson_interval  # noqa: E402
from engines.match import Match  # noqa: E402
from engines.players import make_player  # noqa: E402
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
    options = spec.normalize_options({})
    opponents = args.opponents.split(",")
    totals = {o: [0, 0, 0] for o in opponents}  # wins, shared, losses of --player
    times: dict[str, list[float]] = {o: [] for o in opponents}
    played = {o: 0 for o in opponents}
    start = time.perf_counter()
    for first in range(0, args.games, args.chunk):
        for opp in opponents:
            entrants = [args.player, opp]
            for g in range(first, min(first + args.chunk, args.games)):
                seed = args.seed + g
                seats = seating(g, 2)
                players = [
                    make_player(spec, entrants[e], s, seed * 1000 + 7 * s + 1)
                    for s, e in enumerate(seats)
                ]
                match = Match(spec, 2, options, seed)
                state = match.state
                while not state.is_terminal():
                    seat = state.to_move()[0]
                    t = time.perf_counter()
                    action = players[seat].choose(state.view(seat))
                    if seats[seat] == 0:
                        times[opp].append((time.perf_counter() - t) * 1000)
                    match.play(action, seat)
                result = state.result()
                assert result is not None
                mine = seats.index(0)
                if mine not in result.winners:
                    totals[opp][2] += 1
                elif len(result.winners) > 1:
                    totals[opp][1] += 1
                else:
                    totals[opp][0] += 1
                played[opp] += 1
            wins, shared, losses = totals[opp]
            n = played[opp]
            low, high = wilson_interval(wins, n)
            t = timing_summary(times[opp])
            print(f"{args.player} vs {opp}: {n} games (seed {args.seed}): wins {wins}, shared "
                  f"{shared}, losses {losses}: {100 * wins / n:.1f}% "
                  f"[{100 * low:.1f}-{100 * high:.1f}]; {args.player} ms mean {t['mean']:.0f} "
                  f"p95 {t['p95']:.0f} max {t['max']:.0f}; "
                  f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
