"""Stak Bots' ``hard`` with its played-out turn free to dig into its own stack.

``hard`` plays a candidate's turn out by :func:`engines.stak_bots.evaluation.policy`, which
judges each action by its result on the sample. Scrapping its own top card turns up the
sample's next card, so a played-out turn free to scrap digs on exactly while the sample has a
good card below: a foresight the player never has. ``hard`` keeps its stack in the played-out
turn once the turn may end (``policy(..., keep=True)``); :class:`Dig` does not, and is
otherwise today's ``hard`` (figures in bench/RESULTS.md, History, Stak Bots). The tests
compare the two on positions where digging misleads.
"""

from __future__ import annotations

import random

from engines.stak_bots.evaluation import playout, policy
from engines.stak_bots.hard import HardPlayer
from engines.stak_bots.moves import Move
from engines.stak_bots.state import StakState


class Dig(HardPlayer):
    """``hard`` whose played-out turn may scrap its own cards after the turn may end (judging
    each scrap on the sample's card below: digging with foresight)."""

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        w = self.weights

        def mine(s: StakState, mover: int) -> Move:
            return policy(s, mover, rng, w)

        return playout(state, seat, rng, turn, w, self.playout_steps, self.reply_steps, None, mine)
