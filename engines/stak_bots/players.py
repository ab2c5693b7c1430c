"""Computer players for Stak Bots. Each sees only its seat's view.

* ``random`` - any legal action.
* ``easy``   - greedy: the action whose immediate result looks best, on one guess of the
  hidden cards.
* ``normal`` - plays each candidate out to the end of its own turn (greedily), over a few
  guesses of the hidden cards, and takes the best on average.
* ``hard``   - determinized search (:mod:`.hard`): for the most promising candidates it
  samples hidden hands, face-down cards and draw order, plays the rest of its own turn out
  and (two players) the rival's greedy answer, and keeps the best average by a fitted win
  chance that values keeping cards and ending the turn (:mod:`.evaluation`), within
  ``time_budget`` seconds (``iterations`` fixes the samples for repeatable tests).
"""

from __future__ import annotations

import random

from engines.stak_bots.hard import HardPlayer
from engines.stak_bots.moves import Move
from engines.stak_bots.search import (
    PLAIN,
    SEARCH,
    greedy,
    rollout,
    sensible,
)
from engines.stak_bots.state import determinize
from engines.stak_bots.view import StakView


class RandomPlayer:
    """Plays a uniformly random legal action."""

    def __init__(self, seat: int, level: str = "random", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: StakView) -> Move:
        return self.rng.choice(view.legal_actions())


class EasyPlayer:
    """One step ahead on one guess of the hidden cards, with a plainer evaluation (it
    counts cards in stacks and hardly weighs hands and power) and without looking past
    an effect's pending choice."""

    weights = PLAIN

    def __init__(self, seat: int, level: str = "easy", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: StakView) -> Move:
        legal = sensible(view.legal_actions(), view.seat)
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, self.rng)
        return greedy(state, view.seat, self.rng, self.weights, depth=2)


class NormalPlayer:
    """Each candidate played out to the end of its own turn, over a few guesses."""

    samples = 3

    def __init__(self, seat: int, level: str = "normal", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: StakView) -> Move:
        legal = sensible(view.legal_actions(), view.seat)
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            base = determinize(view, self.rng)
            for i, move in enumerate(legal):
                state = base.clone()
                state.play(move)
                totals[i] += rollout(state, view.seat, self.rng, base.turn, w=SEARCH)
        best = max(totals)
        return next(m for m, t in zip(legal, totals, strict=True) if t >= best - 1e-9)


LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
