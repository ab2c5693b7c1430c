"""Stak Bots first-player balance: how often the player who starts wins.

    python bench/stak_bots_balance.py --players hard,hard --games 200 --seed 1 [--cards FILE]

Plays like ``robotui arena`` (seats rotate, game g uses seed+g) and reports, besides each
entrant's results, the share of games won by seat 0 (Player 1, who always starts), the
shared results, turns per game and the decision times.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import seating, timing_summary  # noqa: E402
from engines.match import Match  # noqa: E402
from engines.players import make_player  # noqa: E402
from engines.registry import get_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="hard,hard")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", default="default")
    parser.add_argument("--option", "-o", action="append", default=[])
    args = parser.parse_args()
    spec = get_game("stak-bots")
    entrants = args.players.split(",")
    n = len(entrants)
    options = {"cards": args.cards}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    options = spec.normalize_options(options)
    first = shared = 0
    wins = [0] * n
    turns = []
    times: list[float] = []
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        seats = seating(g, n)
        players = [
            make_player(spec, entrants[e], s, seed * 1000 + 7 * s + 1) for s, e in enumerate(seats)
        ]
        match = Match(spec, n, options, seed)
        state = match.state
        while not state.is_terminal():
            seat = state.to_move()[0]
            t = time.perf_counter()
            action = players[seat].choose(state.view(seat))
            times.append((time.perf_counter() - t) * 1000)
            match.play(action, seat)
        result = state.result()
        assert result is not None
        turns.append(state.turn)
        if len(result.winners) > 1:
            shared += 1
        elif result.winners == (0,):
            first += 1
        for seat in result.winners:
            if len(result.winners) == 1:
                wins[seats[seat]] += 1
    games = args.games
    print(f"stak-bots {args.players}: {games} games, seed {args.seed}, cards {args.cards}")
    for e, name in enumerate(entrants):
        print(
            f"  entrant {e + 1} {name:<8} outright wins {wins[e]:>4} ({100 * wins[e] / games:.1f}%)"
        )
    print(
        f"  first player (seat 0) wins {first} ({100 * first / games:.1f}%), "
        f"shared {shared} ({100 * shared / games:.1f}%), "
        f"first player's share of decided games {100 * first / max(games - shared, 1):.1f}%"
    )
    print(f"  turns per game: mean {sum(turns) / games:.1f}, max {max(turns)}")
    print(f"  decision ms: {timing_summary(times)}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
