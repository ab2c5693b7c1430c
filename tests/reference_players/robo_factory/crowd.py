"""The first try against the other manufacturers, for the ``hard`` player.

With three or more players the other manufacturers build at the same time, and a right
build of theirs ends the customer turn before our second try. Their builds are not
independent of ours: everybody starts from the same open tiles, and sensible players
build the robot that splits what they think possible best. :func:`first_try_crowd`
therefore samples what the others may hold (orders from our candidates, their private
cards from the cards we have not seen, a purchase where the public record shows one),
lets each of them build as a sensible deducer would, and values each of our builds
against those samples: right first gets 4; wrong, the second try only comes if none of
them was right, and then their revealed wrong builds are crossed out as well.

Only what our seat may know is used: the open cards and tiles, our cards and tiles, who
bought information (public) and the number of cubes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from engines.robo_factory.cards import CODES, MATCH
from engines.robo_factory.state import RIGHT_FIRST, RoboFactoryView
from tests.reference_players.robo_factory.reasoning import (
    DIE,
    DIE_MEAN,
    Context,
    expected_loss,
    second_try,
)


def split_score(cands: Sequence[int], code: int) -> int:
    """Sum of squared group sizes when ``code``'s match count splits ``cands`` (lower: better)."""
    cnt = [0, 0, 0, 0]
    row = MATCH[code]
    for x in cands:
        cnt[row[x]] += 1
    return cnt[0] * cnt[0] + cnt[1] * cnt[1] + cnt[2] * cnt[2] + cnt[3] * cnt[3]


def public_candidates(view: RoboFactoryView) -> list[int]:
    """Orders consistent with the open cards and tiles only (what everybody knows)."""
    opened = set(view.open_cards)
    pairs = list(zip(view.open_cards, view.open_tiles, strict=True))
    return [c for c in CODES if c not in opened and all(MATCH[c][k] == t for k, t in pairs)]


def deducer_picks(
    public: Sequence[int], hand: Sequence[int], bought: bool, order: int
) -> list[int]:
    """The builds a sensible deducer holding ``hand`` would choose among (equally)."""
    return deducer_choice(public, hand, bought, order)[0]


def deducer_choice(
    public: Sequence[int], hand: Sequence[int], bought: bool, order: int
) -> tuple[list[int], bool]:
    """The builds a sensible deducer holding ``hand`` would choose among (equally), and
    whether it is sure (one candidate left)."""
    held = set(hand)
    cands = [c for c in public if c not in held]
    if bought and len(cands) > 1:
        card = min(hand, key=lambda h: (split_score(cands, h), h))
        tile = MATCH[card][order]
        cands = [c for c in cands if MATCH[card][c] == tile]
    if not cands:
        return [], False
    scores = [split_score(cands, c) for c in cands]
    low = min(scores)
    return [c for c, s in zip(cands, scores, strict=True) if s == low], len(cands) == 1


def sampled_deals(
    view: RoboFactoryView,
    cands: Sequence[int],
    rng: random.Random,
    per_order: int,
) -> Iterator[tuple[int, list[tuple[int, list[int]]]]]:
    """``per_order`` times for each of our candidate orders: ``(order, [(seat, hand),
    ...])`` with the private cards each other manufacturer may hold, drawn from the
    cards our seat has not seen."""
    others = [s for s in view.manufacturers() if s != view.seat]
    seen = set(view.open_cards) | set(view.hand)
    if view.bought is not None:
        seen.add(view.bought[0])
    pool_all = [c for c in CODES if c not in seen]
    need = 3 * len(others)
    for order in cands:
        pool = [c for c in pool_all if c != order]
        for _ in range(per_order):
            drawn = rng.sample(pool, need) if need <= len(pool) else pool[:]
            yield order, [(seat, drawn[3 * i : 3 * i + 3]) for i, seat in enumerate(others)]


def rival_samples(
    view: RoboFactoryView,
    cands: Sequence[int],
    rng: random.Random,
    per_order: int = 6,
) -> list[tuple[int, list[tuple[int, int, bool]]]]:
    """Sampled ``(order, [(seat, build, sure), ...])``: an order from our candidates and
    what each other manufacturer, as a sensible deducer with sampled private cards,
    builds first."""
    public = public_candidates(view)
    out: list[tuple[int, list[tuple[int, int, bool]]]] = []
    for order, hands in sampled_deals(view, cands, rng, per_order):
        picks: list[tuple[int, int, bool]] = []
        for seat, hand in hands:
            chosen, sure = deducer_choice(public, hand, view.buyers[seat], order)
            if chosen:
                picks.append((seat, rng.choice(chosen), sure))
        out.append((order, picks))
    return out


def first_try_crowd(
    view: RoboFactoryView,
    cands: Sequence[int],
    ctx: Context,
    builds: Sequence[int],
    rng: random.Random,
    per_order: int = 6,
) -> list[tuple[float, int, bool]]:
    """``(value, code, eureka)`` of each first build in ``builds`` against sampled rivals."""
    public = public_candidates(view)
    samples: list[tuple[int, float, frozenset[int]]] = []
    for order, hands in sampled_deals(view, cands, rng, per_order):
        miss = 1.0
        wrong: set[int] = set()
        for seat, hand in hands:
            picks = deducer_picks(public, hand, view.buyers[seat], order)
            if picks:
                if order in picks:
                    miss *= 1.0 - 1.0 / len(picks)
                wrong.add(rng.choice(picks))
        wrong.discard(order)
        samples.append((order, miss, frozenset(wrong)))
    total = len(samples)
    c, keep, rival = ctx.cubes, ctx.keep, ctx.rival
    out: list[tuple[float, int, bool]] = []
    memo: dict[int, tuple[float, float]] = {}
    for b in builds:
        row = MATCH[b]
        plain = shout = 0.0
        right = 0
        for order, miss, wrong in samples:
            if order == b:
                right += 1
                continue
            if miss <= 0.0:
                shout -= expected_loss(c)
                continue
            tile = row[order]
            m = sum(1 for x in cands if x != b and row[x] == tile and x not in wrong)
            if m not in memo:
                st = second_try(m, c, ctx.eureka, keep, rival)[0]
                st_e = sum(second_try(m, c - min(d, c), False, 0.0, rival)[0] for d in DIE) / 6
                memo[m] = (st, st_e)
            st, st_e = memo[m]
            plain += miss * st
            shout += miss * st_e - expected_loss(c)
        p = right / total
        out.append((p * RIGHT_FIRST + plain / total, b, False))
        if ctx.eureka:
            out.append((p * (RIGHT_FIRST + DIE_MEAN) + shout / total - keep, b, True))
    return out
