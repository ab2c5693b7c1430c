"""Stak Bots: ``hard``'s playout choosing without peeking at the sample, or valuing a move
at least as ending the turn after it (issue 19, session 6). Bench only: every variant lost
against easy, and ``hard`` is unchanged.

    python bench/stak_bots_ab.py --players bench.stak_bots_honest:Redraw,easy \
        --games 400 --seed 1 --iterations 8

``hard`` plays a candidate's turn out by :func:`engines.stak_bots.evaluation.policy`, which
judges each action by its result on the sample: an attack that kills a top card, a scrap,
a draw turns up a hidden card of the sample, and the playout picks the action knowing that
card. The variants differ only in that playout (:meth:`HardPlayer.judge`):

* ``Redraw``: an action that turns up cards hidden from the mover is judged on 2 fresh draws
  of them from what it cannot see (face-down cards, other hands, the draw pile), averaged;
* ``ReplyRedraw``: the rival's greedy answer does so with 1 draw (easy itself decides on one
  guess of the hidden cards, not on hard's sample);
* ``LookEnd``: once the turn may end, an action is worth at least ending the turn after it
  (the fitted win chance then judges a turn start, the positions it was fitted on).

Against easy, 400 games, seed 1, 8 samples (``hard`` itself: 304-7-89, 76.0% (71.6-79.9)):
``Redraw`` 279-8-113, 69.8% (65.1-74.0); ``LookEnd`` 285-6-109, 71.2% (66.6-75.5);
``ReplyRedraw`` 300-8-92, 75.0% (70.5-79.0) (load 1.0-2.1, 9-12 min each). A playout that
chooses honestly plays the sample worse, and hard's real later decisions do see the card
a kill or a scrap turns up: the peeking playout is the better model of them.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.stak_bots.evaluation import HardWeights, evaluate, playout, self_harm  # noqa: E402
from engines.stak_bots.hard import HardPlayer  # noqa: E402
from engines.stak_bots.moves import END, Move  # noqa: E402
from engines.stak_bots.search import PLAIN, Weights, sensible  # noqa: E402
from engines.stak_bots.search import evaluate as plain_value  # noqa: E402
from engines.stak_bots.state import StakState  # noqa: E402


def hidden_from(state: StakState, seat: int) -> list[int]:
    """The cards ``seat`` cannot see: face-down stack cards, the other hands, the draw."""
    up = state.up
    pool = [c for stack in state.stacks for c in stack if not up[c]]
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    pool.extend(state.draw)
    return pool


def revealed(before: StakState, after: StakState, seat: int, pool: list[int]) -> list[int]:
    """The cards of ``pool`` (hidden from ``seat`` in ``before``) it sees in ``after``."""
    was, now, hand = before.up, after.up, after.hands[seat]
    return [c for c in pool if (now[c] and not was[c]) or c in hand]


def swap_cards(state: StakState, a: int, b: int) -> None:
    """Exchange two cards' places (stack, hand or draw pile) and face-up flags."""
    if a == b:
        return
    places = []
    for cards in (*state.stacks, *state.hands, state.draw):
        for i, c in enumerate(cards):
            if c in (a, b):
                places.append((cards, i))
    for cards, i in places:
        cards[i] = b if cards[i] == a else a
    up = state.up
    up[a], up[b] = up[b], up[a]


def redrawn(
    state: StakState, move: Move, shown: list[int], pool: list[int], rng: random.Random,
    redraws: int, judge: Callable[[StakState], float],
) -> float:
    """``judge`` of ``move`` played on ``state`` with the cards it turns up (``shown``)
    drawn afresh from ``pool``, averaged over ``redraws`` draws."""
    total = 0.0
    for _ in range(redraws):
        alt = state.clone()
        for card in shown:
            swap_cards(alt, card, pool[int(rng.random() * len(pool))])
        alt.play(move)
        total += judge(alt)
    return total / redraws


def _best(legal: list[Move], values: list[float], rng: random.Random | None, ends: bool) -> Move:
    """The best value; among equals ending first (``ends``), then the first or a random one."""
    top = max(values)
    best = [m for m, v in zip(legal, values, strict=True) if v > top - 1e-9]
    if ends and len(best) > 1:
        end = [m for m in best if m.kind == "end"]
        if end:
            return end[0]
    return best[0] if rng is None or len(best) == 1 else rng.choice(best)


def honest_policy(
    state: StakState, seat: int, rng: random.Random, w: HardWeights, depth: int,
    redraws: int, look_end: bool,
) -> Move:
    """:func:`engines.stak_bots.evaluation.policy` with redraws or the ending floor."""
    legal = sensible(state.legal_actions(), seat)
    if len(legal) == 1:
        return legal[0]
    pool: list[int] | None = None

    def judge(child: StakState) -> float:
        if depth < 2:
            for _ in range(4):  # evaluation.settle, by this policy without redraws
                choice = child.choice
                if choice is None or child.winners is not None:
                    break
                child.play(honest_policy(child, choice.seat, rng, w, depth + 1, 0, look_end))
        value = evaluate(child, seat, w, 1)
        if look_end and (
            child.winners is None and child.choice is None and child.scrapped
            and child.turn == state.turn and child.active == seat
        ):
            child.play(END)
            value = max(value, evaluate(child, seat, w, 2))
        return value

    values = []
    for move in legal:
        child = state.clone()
        child.play(move)
        if move.kind == "end":
            values.append(evaluate(child, seat, w, 1) + w.end_bonus)
            continue
        value = judge(child)
        if redraws:
            pool = hidden_from(state, seat) if pool is None else pool
            shown = revealed(state, child, seat, pool)
            if shown:
                value = redrawn(state, move, shown, pool, rng, redraws, judge)
        if self_harm(state, seat, move):
            value -= w.end_bonus
        values.append(value)
    return _best(legal, values, rng, True)


def honest_greedy(
    state: StakState, seat: int, rng: random.Random, w: Weights, redraws: int
) -> Move:
    """:func:`engines.stak_bots.search.greedy` at depth 2 (as the rival's answer) with
    redraws."""
    legal = sensible(state.legal_actions(), seat)
    if len(legal) == 1:
        return legal[0]
    pool: list[int] | None = None
    values = []
    for move in legal:
        if move.kind == "end":
            values.append(plain_value(state, seat, w) + w.end_bonus)
            continue
        child = state.clone()
        child.play(move)
        value = plain_value(child, seat, w)
        if redraws:
            pool = hidden_from(state, seat) if pool is None else pool
            shown = revealed(state, child, seat, pool)
            if shown:
                value = redrawn(
                    state, move, shown, pool, rng, redraws, lambda s: plain_value(s, seat, w)
                )
        values.append(value)
    return _best(legal, values, rng, False)


class Redraw(HardPlayer):
    """Its own playout judges a revealing action on fresh draws (see the module docstring)."""

    redraws = 2
    reply_redraws = 0
    look_end = False

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        w = self.weights

        def mine(s: StakState, mover: int) -> Move:
            return honest_policy(s, mover, rng, w, 0, self.redraws, self.look_end)

        def answer(s: StakState, mover: int) -> Move:
            return honest_greedy(s, mover, rng, PLAIN, self.reply_redraws)

        return playout(
            state, seat, rng, turn, w, self.playout_steps, self.reply_steps, answer, mine
        )


class ReplyRedraw(Redraw):
    redraws = 0
    reply_redraws = 1


class LookEnd(Redraw):
    redraws = 0
    look_end = True
