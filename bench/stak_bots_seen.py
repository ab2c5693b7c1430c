"""Stak Bots: how much of what ``hard`` guesses was seen face up before (and so is known to
every player who watched), in games of ``hard`` against ``easy``.

    python bench/stak_bots_seen.py --games 40 --iterations 4

At each decision of ``hard`` (seat 1) it counts the rival's hand cards and all face-down
cards, and how many of them were face up since they last left the draw pile (a Begone sent
them back to a hand, a Tranq turned them face down). The view keeps no memory of these, so
``hard`` deals them afresh in every guess.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.stak_bots.hard import HardPlayer  # noqa: E402
from engines.stak_bots.players import EasyPlayer  # noqa: E402
from engines.stak_bots.spec import STAK_BOTS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=4)
    args = parser.parse_args()
    decisions = hand = hand_seen = down = down_seen = 0
    for game in range(args.games):
        state = STAK_BOTS.new_game(2, {}, game)
        state.events = None
        hard = HardPlayer(0, seed=game)
        hard.iterations = args.iterations
        players = [hard, EasyPlayer(1, seed=game + 7)]
        seen: set[int] = set()
        while state.winners is None:
            seen.update(c for stack in state.stacks for c in stack if state.up[c])
            seen.difference_update(state.draw)
            mover = state.choice.seat if state.choice is not None else state.active
            if mover == 0:
                decisions += 1
                hand += len(state.hands[1])
                hand_seen += sum(c in seen for c in state.hands[1])
                face_down = [c for stack in state.stacks for c in stack if not state.up[c]]
                down += len(face_down)
                down_seen += sum(c in seen for c in face_down)
            state.play(players[mover].choose(state.view(mover)))
    print(f"{args.games} games, {decisions} decisions of hard: the rival's hand cards {hand}, "
          f"seen before {hand_seen} ({100 * hand_seen / hand:.0f}%); face-down cards {down}, "
          f"seen before {down_seen} ({100 * down_seen / down:.0f}%)")


if __name__ == "__main__":
    main()
