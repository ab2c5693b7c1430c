"""Stak Bots: what ``hard`` would gain if its view remembered the hidden cards it saw face
up before (issue 19, idea 5: worth a rules change only if it is worth >= 1.5 points).

    python bench/stak_bots_memory.py --players hard,easy --games 400 --seed 1 --iterations 8

Every option is bench/stak_bots_ab.py's (the same games and seeds). Each ``hard`` guesses
the hidden cards as usual (:func:`.state.determinize`), then puts every hidden card it saw
face up since it last left the draw pile (a Begone sent it back to a hand, a Tranq turned it
face down) where it truly is: in its owner's hand or at its place in a stack. What was seen
is read at every decision of any player (cards face up only inside one action are missed).
An oracle for the memory, not a player: it reads the true game.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import stak_bots_ab  # noqa: E402
from bench.stak_bots_oracle import show_truth  # noqa: E402
from engines.stak_bots.state import StakState, determinize  # noqa: E402
from engines.stak_bots.view import StakView  # noqa: E402

_game: list[StakState | None] = [None]  # the game being tracked (games run one at a time)
_memory: list[set[int]] = []  # per seat: hidden cards it saw since they left the draw
_counts = [0, 0]  # guesses where memory placed a card, cards placed


def _track(state: StakState) -> None:
    if _game[0] is not state:
        _game[0] = state
        _memory[:] = [set() for _ in range(state.num_players)]
    public = set(state.heap)
    for stack in state.stacks:
        public.update(c for c in stack if state.up[c])
    draw = set(state.draw)
    for s, mem in enumerate(_memory):
        mem |= public
        mem.update(state.hands[s])
        mem -= draw


def remembered(view: StakView, rng: random.Random) -> StakState:
    """A guess like :func:`determinize`'s, with the remembered hidden cards where they are."""
    truth: StakState = view.truth  # type: ignore[attr-defined]
    _track(truth)
    state = determinize(view, rng)
    me = view.seat
    placed = 0
    for card in sorted(_memory[me]):
        spots = [(s, None) for s in range(truth.num_players) if s != me and card in truth.hands[s]]
        spots += [
            (s, i) for s, stack in enumerate(truth.stacks) for i, c in enumerate(stack)
            if c == card and not truth.up[c]
        ]
        if not spots:
            continue
        s, i = spots[0]
        if i is None:
            if card in state.hands[s]:
                continue
            x = next(c for c in state.hands[s] if c not in truth.hands[s])
        else:
            x = state.stacks[s][i]
            if x == card:
                continue
        _swap(state, card, x)
        placed += 1
    if placed:
        _counts[0] += 1
        _counts[1] += placed
    return state


def _swap(state: StakState, a: int, b: int) -> None:
    """Exchange cards ``a`` and ``b`` wherever they lie; each place keeps its face."""
    places = [state.draw, *state.stacks, *state.hands]
    pa = next(p for p in places if a in p)
    pb = next(p for p in places if b in p)
    ia, ib = pa.index(a), pb.index(b)
    pa[ia], pb[ib] = b, a
    state.up[a], state.up[b] = state.up[b], state.up[a]


if __name__ == "__main__":
    show_truth(remembered)
    stak_bots_ab.main()
    print(f"memory placed cards at {_counts[0]} guesses, {_counts[1]} cards")
