"""How far each Robot Master player's move falls below the best, position by position.

Positions come from games of ``normal`` against itself, stopped at ``--left`` placements
left; each move's true value for the seat to move is its expected exact outcome (+1 win,
0 draw, -1 loss) over every distinct deal of the hidden cards, weighted by its probability
(every deal solved exactly to the end). A player's *regret* is the best move's value minus
the value of the move it chose. Run by hand (slow: seconds per position)::

    python -m bench.robot_master_regret --left 8 --positions 30 [--hand full]
        [--players hard,bench.reference_players.robot_master:Hard2026]
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import time
from pathlib import Path
from typing import Any

from engines.players import make_player
from engines.registry import get_game
from engines.robot_master.deals import enumerate_deals
from engines.robot_master.exact import Solver
from engines.robot_master.state import RobotMasterState, RobotMasterView

SPEC = get_game("robot-master")


def positions(count: int, hand: str, left: int, seed: int) -> list[RobotMasterView]:
    normal = SPEC.player_levels()["normal"]
    players = [normal(seat=s, level="normal", seed=seed + s) for s in (0, 1)]
    out = []
    for g in range(count):
        state = SPEC.new_game(2, {"hand": hand}, seed * 1000 + g)
        assert isinstance(state, RobotMasterState)
        while 24 - state.moves > left:
            seat = state.to_play
            state.play(players[seat].choose(state.view(seat)))
        out.append(state.view(state.to_play))
    return out


def true_values(view: RobotMasterView) -> dict[Any, float]:
    """Every legal move's expected exact outcome over every deal."""
    listed = enumerate_deals(view, 10**7)
    assert listed is not None
    moves = view.legal_actions()
    totals = dict.fromkeys(moves, 0.0)
    for (hand, draws), weight in listed:
        hands = [list(view.hand), list(hand)] if view.seat == 0 else [list(hand), list(view.hand)]
        solver = Solver(view.board, hands, view.to_play, view.moves, list(reversed(draws)))
        for m in moves:
            totals[m] += weight * solver.value_of(m.cell, m.value)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--left", type=int, default=8)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--hand", choices=("full", "five"), default="full")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="hard,bench.reference_players.robot_master:Hard2026")
    parser.add_argument("--cache", help="file keeping the true values between runs")
    args = parser.parse_args()
    names = args.players.split(",")
    regrets: dict[str, list[float]] = {n: [] for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    cache_file = Path(args.cache) if args.cache else None
    cache = pickle.loads(cache_file.read_bytes()) if cache_file and cache_file.exists() else {}
    for i, view in enumerate(positions(args.positions, args.hand, args.left, args.seed)):
        if view not in cache:
            cache[view] = true_values(view)
            if cache_file:
                cache_file.write_bytes(pickle.dumps(cache))
        values = cache[view]
        best = max(values.values())
        for name in names:
            player = make_player(SPEC, name, view.seat, args.seed * 7 + i)
            start = time.perf_counter()
            move = player.choose(view)
            times[name].append(time.perf_counter() - start)
            regrets[name].append(best - values[move])
    print(f"{args.positions} positions, {args.left} placements left, hand={args.hand}")
    for name in names:
        r = regrets[name]
        print(
            f"  {name}: mean regret {statistics.mean(r):.3f}, worse than best in"
            f" {sum(x > 1e-9 for x in r)}, mean {statistics.mean(times[name]) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
