"""Trace one Stak Bots game and flag a player's self-harm: scrapping its own top card,
returning (Begone) or otherwise hitting its own top card, when ending the turn was legal.

    python bench/stak_bots_trace.py --players bench.reference_players.stak_bots:Hard2026,random \
        --seed 73 --iterations 24 [--seat 0] [--all]

Seats as ``robotui arena`` with ``--seed SEED --games 1`` (game seed SEED, player seeds
``SEED * 1000 + 7 * seat + 1``). Prints every decision of ``--seat`` (``--all``) or only the
self-harming ones, with both stacks and hands as the state stands.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.match import Match  # noqa: E402
from engines.players import make_player  # noqa: E402
from engines.registry import get_game  # noqa: E402
from engines.stak_bots.evaluation import self_harm  # noqa: E402
from engines.stak_bots.moves import Move, encode  # noqa: E402
from engines.stak_bots.state import StakState  # noqa: E402


def self_harm_text(state: StakState, seat: int, move: Move, end_legal: bool) -> str:
    """Why ``move`` by ``seat`` harms its own stack ('' if it does not)."""
    if not self_harm(state, seat, move):
        return ""
    what = {"scrap": "scraps its own top card", "recycle": "recycles its own top card"}.get(
        move.kind, f"{state.choice.effect if state.choice else ''} on its own top card"
    )
    return what + (" (end was legal)" if end_legal else "")


def describe(state: StakState) -> str:
    parts = []
    for s in range(state.num_players):
        stack = " ".join(
            (state.effects[c] if state.up[c] else f"({state.effects[c]})")
            for c in reversed(state.stacks[s])
        )
        hand = ",".join(state.effects[c] for c in state.hands[s])
        parts.append(f"p{s + 1}[{len(state.stacks[s])}]: {stack} | hand {hand}")
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="hard,random")
    parser.add_argument("--seed", type=int, default=73)
    parser.add_argument("--iterations", type=int, default=24)
    parser.add_argument(
        "--seat", type=int, default=0, help="the seat to watch (0 = Player 1, -1 = every seat)"
    )
    parser.add_argument("--all", action="store_true", help="print every decision of the seat")
    args = parser.parse_args()
    spec = get_game("stak-bots")
    entrants = args.players.split(",")
    seed = args.seed
    players = [make_player(spec, e, s, seed * 1000 + 7 * s + 1) for s, e in enumerate(entrants)]
    for p in players:
        if hasattr(p, "iterations"):
            p.iterations = args.iterations
    match = Match(spec, len(entrants), spec.normalize_options({}), seed)
    state = match.state
    harms = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        view = state.view(seat)
        move = players[seat].choose(view)
        if args.seat in (seat, -1):
            end_legal = any(m.kind == "end" for m in view.legal_actions())
            why = self_harm_text(state, seat, move, end_legal)
            harms += bool(why)
            if why or args.all:
                print(f"turn {state.turn} p{seat + 1}: {encode(move):<14} {why or ''}")
                print(f"    {describe(state)}")
        match.play(move, seat)
    result = state.result()
    assert result is not None
    print(f"winners {result.winners}; {harms} self-harming choices by p{args.seat + 1}")


if __name__ == "__main__":
    main()
