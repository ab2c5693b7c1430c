"""Stak Bots: ``hard``'s played-out turn, digging or not (issue 19, session 7).

    python bench/stak_bots_ab.py --players bench.stak_bots_nodig:Dig,easy \
        --games 400 --seed 1 --iterations 8

``hard`` plays a candidate's turn out by :func:`engines.stak_bots.evaluation.policy`, which
judges each action by its result on the sample. Scrapping its own top card turns up the
sample's next card, so a played-out turn free to scrap digs on exactly while the sample has
a good card below: a foresight the player never has, which made a scrap at the root look far
better than it is. Since session 7 the played-out turn keeps its stack once the turn may end
(``policy(..., keep=True)``). The variants differ only in that played-out turn:

* ``Dig``: session 6's, free to scrap (the same moves as session 6's ``hard``);
* ``OpenLoop``: chooses each action on a fresh guess of what the mover cannot see (one guess
  for all its actions), so it foresees no face-down card, not even the one a kill turns up.

Against easy, 400 games, seed 1: ``Dig`` 76.0% / 77.0% / 78.2% at 8 / 16 / 32 samples,
``hard`` 77.5% / 79.5% / 83.5%; keeping its stack even before the turn may end (``NoDigEver``
in commit fac9edd's copy of this file) 77.2% at 8; ``OpenLoop`` 81.2% / 81.8% at 16 / 32
(bench/RESULTS.md, "Session 7").
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.stak_bots.evaluation import (  # noqa: E402
    playout,
    policy,
)
from engines.stak_bots.hard import HardPlayer  # noqa: E402
from engines.stak_bots.moves import Move  # noqa: E402
from engines.stak_bots.state import StakState, determinize, make_view  # noqa: E402


class Dig(HardPlayer):
    """Session 6's hard: its played-out turn may scrap its own cards after the turn may end
    (judging each scrap on the sample's card below: digging with foresight)."""

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        w = self.weights

        def mine(s: StakState, mover: int) -> Move:
            return policy(s, mover, rng, w)

        return playout(
            state, seat, rng, turn, w, self.playout_steps, self.reply_steps, None, mine
        )


class OpenLoop(HardPlayer):
    """Its own playout decides each action on a fresh guess of what the mover cannot see
    (one guess for all its actions, so no action is favoured by its own luck), then plays
    the chosen action on the sample: no foresight of a face-down card at all."""

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        w = self.weights

        def mine(s: StakState, mover: int) -> Move:
            guess = determinize(make_view(s, mover), rng)
            return policy(guess, mover, rng, w, keep=True)

        return playout(
            state, seat, rng, turn, w, self.playout_steps, self.reply_steps, None, mine
        )
