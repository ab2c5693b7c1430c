"""Stak Bots' ``hard`` computer player: determinized look-ahead judged by
:mod:`.evaluation`.

For the most promising actions it samples the hidden hands, face-down cards and draw
order, plays the rest of its turn out with the same luck for every action (keeping its
own stack once the turn may end: :func:`.evaluation.playout`), then the rival's
answer (two players left; played greedily on the sampled hand), judges the position by a
fitted win chance (:func:`.evaluation.win_chance`: cards kept in stack and hand, what each
top card would win by attacking) and takes the best average. Ending the turn is always
weighed, and once the turn may end, an action that takes a card off its own stack
(:func:`.evaluation.self_harm`) is taken only if it beats ending, and every other action, by
a clear margin: with ending legal and better, hard never scraps or returns its own cards.
It sees only its view, stops sampling at ``time_budget`` seconds (``clock`` is the clock it
reads) and, with ``iterations`` set, samples exactly that many times whatever the clock
says (repeatable).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engines.stak_bots.evaluation import HARD, HardWeights, evaluate, playout, self_harm, settle
from engines.stak_bots.moves import Move
from engines.stak_bots.search import sensible
from engines.stak_bots.state import StakState, determinize
from engines.stak_bots.view import StakView


def position_key(view: StakView) -> str:
    """The table as this seat sees it, by bot rather than by card, without the counters
    that only grow (moves): a Begone returning a Begone puts another copy of the same bot
    on top and the same bots in hand, which is the same position."""
    kinds = view.cards.kinds
    bots = view.cards.bots

    def bot(card: int) -> str:
        return bots[kinds[card]].effect if card >= 0 else "?"

    choice = view.choice
    tops = [s[-1] for s in view.stacks if s]
    return repr(
        (
            view.turn,
            view.active,
            view.attacker < 0,
            view.attacker in tops,
            [[bot(c) for c in s] for s in view.stacks],
            sorted(bot(c) for c in view.hand),
            view.hand_sizes,
            view.draw_size,
            sorted(bot(c) for c in view.heap),
            sorted((bot(c), d) for c, d in view.damage),
            view.attack_done,
            view.attack_over,
            view.scrapped,
            view.out,
            choice and (choice.kind, choice.seat, choice.effect, choice.target),
            view.stomp,
            view.need_draw,
        )
    )


class HardPlayer:
    """Determinized look-ahead to the end of its own turn (see the module docstring)."""

    weights: HardWeights = HARD
    # the best actions by a one-step look get the playouts (end always in): 5 candidates
    # sampled 16 times (the work of 8 sampled 10 times) beat 8 sampled 8 times against easy
    # in 308 of 400 games against 294 (seeds 1 and 1001, bench/RESULTS.md)
    candidates = 5
    min_samples = 2
    # the playout that keeps its stack (see evaluation.playout) makes a sample cheap
    # enough for 32
    max_samples = 32
    playout_steps = 40  # at most this many actions a playout (a turn allows 60)
    reply_steps = 80  # and at most this many of the rival's reply (a turn ends by 62)

    def __init__(self, seat: int, level: str = "hard", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        self.time_budget: float = 0.5
        self.iterations: int | None = None
        self.clock: Callable[[], float] = time.perf_counter
        self.last_samples = 0
        self.last_scores: dict[Move, float] = {}  # mean playout value of each candidate
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
        start = self.clock()
        self.last_samples = 0
        self.last_scores = {}
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        probe = determinize(view, self.rng)
        cands = self._shortlist(view, probe, legal)
        if len(cands) == 1:
            return cands[0]
        harms = {m for m in cands if self_harm(probe, seat, m)}
        totals = [0.0] * len(cands)
        limit = self.iterations if self.iterations is not None else self.max_samples
        deadline = start + self.time_budget
        samples = 0
        while samples < limit:
            if self.iterations is None and samples >= self.min_samples and self.clock() >= deadline:
                break
            base = determinize(view, self.rng) if samples else probe
            seed = self.rng.random()
            for i, move in enumerate(cands):
                state = base.clone()
                state.play(move)
                # the same luck for every candidate keeps the comparison fair
                totals[i] += self.judge(state, seat, random.Random(seed), base.turn)
            samples += 1
        self.last_samples = samples
        self.last_scores = {m: t / samples for m, t in zip(cands, totals, strict=True)}
        return self.pick(self.last_scores, harms, view.scrapped)

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        """What ``state`` (a candidate just played on a sample) is worth to ``seat``: the
        rest of turn ``turn`` played out by :func:`.evaluation.policy`; with two players
        left, the rival's next turn too, by the greedy policy that counts stack cards
        (:data:`.search.PLAIN`); then judged by the fitted win chance. Playing the reply
        out on the sampled hand wins more games than leaving it to the evaluation, and
        deeper look-ahead loses (figures in bench/RESULTS.md)."""
        return playout(state, seat, rng, turn, self.weights, self.playout_steps, self.reply_steps)

    def pick(self, scores: dict[Move, float], harms: set[Move], can_end: bool) -> Move:
        """The best mean score. Once the turn may end (``can_end``: a card reached the
        scrapheap), a self-harming action must beat ending, and every other action, by
        ``harm_margin``. Among equals: ending first, then the first listed."""
        if can_end and harms:
            kind = [v for m, v in scores.items() if m not in harms]
            floor = max(kind) + self.weights.harm_margin if kind else -1e18
            scores = {m: v for m, v in scores.items() if m not in harms or v > floor}
        best = max(scores.values())
        top = [m for m, v in scores.items() if v >= best - 1e-9]
        return next((m for m in top if m.kind == "end"), top[0])

    def _shortlist(self, view: StakView, state: StakState, legal: list[Move]) -> list[Move]:
        """The most promising actions by one step on a guess (ending always stays in)."""
        if len(legal) <= self.candidates:
            return legal
        scored = []
        for move in legal:
            if move.kind == "end":
                scored.append((1e9, move))
                continue
            child = state.clone()
            child.play(move)
            settle(child, self.rng, self.weights, 1)  # judge an effect by its result
            scored.append((evaluate(child, view.seat, self.weights, 1), move))
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored[: self.candidates]]
