"""Computer players for Stak Bots. Each sees only its seat's view.

* ``random`` - any legal action.
* ``easy``   - greedy: the action whose immediate result looks best, on one guess of the
  hidden cards.
* ``normal`` - plays each candidate out to the end of its own turn (greedily), over a few
  guesses of the hidden cards, and takes the best on average.
* ``hard``   - determinized search: for the most promising candidates it samples hidden
  hands, face-down cards and draw order many times, plays its own turn and the
  opponents' replies out greedily and keeps the best average, within ``time_budget``
  seconds (``iterations`` caps the samples for repeatable tests).
"""

from __future__ import annotations

import random
import time

from engines.stak_bots.moves import Move
from engines.stak_bots.state import determinize
from engines.stak_bots.view import StakView
from tests.reference_players.stak_bots.search import (
    SEARCH,
    Weights,
    evaluate,
    greedy,
    rollout,
    sensible,
    settle_choices,
)


def position_key(view: StakView) -> str:
    """The table as this seat sees it, without the counters that only grow (moves)."""
    return repr(
        (
            view.turn,
            view.active,
            view.stacks,
            view.hand,
            view.hand_sizes,
            view.draw_size,
            view.heap,
            view.damage,
            view.attacker,
            view.attack_done,
            view.attack_over,
            view.scrapped,
            view.out,
            view.choice,
            view.stomp,
            view.need_draw,
        )
    )


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

    weights = Weights(stack=10.0, hand=0.0, power=0.0, face_up=0.0)

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
                totals[i] += rollout(
                    state, view.seat, self.rng, base.turn, w=SEARCH, own_turn_only=True
                )
        best = max(totals)
        return next(m for m, t in zip(legal, totals, strict=True) if t >= best - 1e-9)


class HardPlayer:
    """Determinized rollouts through the opponents' replies (see the module docstring)."""

    weights: Weights = SEARCH
    through_next_turn = False  # also play out its own next turn before judging
    candidates = 6  # best actions by a one-step look that get the rollouts
    min_samples = 2
    max_samples = 24

    def __init__(self, seat: int, level: str = "hard", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        self.time_budget: float = 0.5
        self.iterations: int | None = None
        self.last_samples = 0
        self._turn = -1
        self._tried: dict[str, set[Move]] = {}  # this turn: position -> moves played there

    def choose(self, view: StakView) -> Move:
        move = self._choose(view, self._fresh(view))
        self._tried.setdefault(position_key(view), set()).add(move)
        return move

    def _fresh(self, view: StakView) -> list[Move]:
        """The legal actions, less those already played from this very position this turn:
        if the table came back to it (a Tranq reset answered by a Begone return, say), the
        same move again would only go round in a circle."""
        if view.turn != self._turn:
            self._turn, self._tried = view.turn, {}
        legal = sensible(view.legal_actions(), view.seat)
        tried = self._tried.get(position_key(view), set())
        return [m for m in legal if m not in tried] or legal

    def _choose(self, view: StakView, legal: list[Move]) -> Move:
        start = time.perf_counter()
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        cands = self._shortlist(view, legal)
        if len(cands) == 1:
            return cands[0]
        totals = [0.0] * len(cands)
        limit = self.iterations if self.iterations is not None else self.max_samples
        deadline = start + self.time_budget
        samples = 0
        while samples < limit:
            if (
                self.iterations is None
                and samples >= self.min_samples
                and time.perf_counter() >= deadline
            ):
                break
            base = determinize(view, self.rng)
            seed = self.rng.random()
            for i, move in enumerate(cands):
                state = base.clone()
                state.play(move)
                # the same luck for every candidate keeps the comparison fair
                totals[i] += rollout(
                    state,
                    seat,
                    random.Random(seed),
                    base.turn,
                    w=self.weights,
                    through_next_turn=self.through_next_turn,
                )
            samples += 1
        self.last_samples = samples
        best = max(totals)
        return next(m for m, t in zip(cands, totals, strict=True) if t >= best - 1e-9)

    def _shortlist(self, view: StakView, legal: list[Move]) -> list[Move]:
        """The most promising actions by one step on a guess (ending always stays in)."""
        if len(legal) <= self.candidates:
            return legal
        state = determinize(view, self.rng)
        scored = []
        for move in legal:
            if move.kind == "end":
                scored.append((1e9, move))
                continue
            child = state.clone()
            child.play(move)
            settle_choices(child, self.rng, self.weights, 1)  # judge an effect by its result
            scored.append((evaluate(child, view.seat, self.weights), move))
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored[: self.candidates]]


LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
