"""Stak Bots: how ``hard`` models the rival's answer (issue 19, session 5). Bench only.

    python bench/stak_bots_lookahead.py --players bench.stak_bots_reply:ReplyHard,easy \
        --games 400 --seed 1 --iterations 2 --see all

``hard`` plays its own turn out by its one-step policy (:func:`.evaluation.policy`), then the
rival's next turn by easy's greedy policy (:data:`.search.PLAIN`). ``ReplyHard`` differs only
in the rival's answer: it is played by hard's own one-step policy, as a hard-like rival
(the frozen ``Hard2026``) might answer. Run it through bench/stak_bots_lookahead.py (``--see
all`` hands it every card, a cheap screen).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.stak_bots.evaluation import playout, policy  # noqa: E402
from engines.stak_bots.hard import HardPlayer  # noqa: E402
from engines.stak_bots.moves import Move  # noqa: E402
from engines.stak_bots.state import StakState  # noqa: E402


class ReplyHard(HardPlayer):
    """The rival answers by hard's one-step policy (see the module docstring)."""

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        def answer(s: StakState, mover: int) -> Move:
            return policy(s, mover, rng, self.weights)

        return playout(
            state, seat, rng, turn, self.weights, self.playout_steps, self.reply_steps, answer
        )
