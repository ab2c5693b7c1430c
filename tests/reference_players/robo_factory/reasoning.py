"""Exact expected-cube reasoning over the 64 codes, for the ``hard`` player.

Every order code consistent with a seat's view is equally likely (the order is drawn
uniformly from the cards the seat has not seen, and the tiles are exact), so a set of
candidates and its size say everything. For one manufacturer:

* second try, ``m`` candidates left: build any of them; right (``1/m``) gets 2, wrong pays
  the customer 1 (if the seat has a cube); Eureka adds a die roll won or lost;
* first try: any of the 64 robots (a candidate, or a probe that splits the candidates
  well); right gets 4, else the private match count splits the candidates for the second
  try, which only happens if no other manufacturer was right (probability ``q``);
* buying: pay 1, then each tile value leads to its own first try.

``keep`` is what keeping the once-per-game Eureka is worth in later turns; ``rival`` is how
much a cube given to the customer (an opponent) hurts us beyond our own loss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engines.robo_factory.cards import CODES, MATCH
from engines.robo_factory.state import RIGHT_FIRST, RIGHT_SECOND, WRONG_SECOND

DIE = (1, 2, 3, 4, 5, 6)
DIE_MEAN = 3.5


@lru_cache(maxsize=64)
def expected_loss(cubes: int) -> float:
    """Mean of ``min(die, cubes)``: what a wrong Eureka costs a seat holding ``cubes``."""
    return sum(min(d, max(cubes, 0)) for d in DIE) / 6


@dataclass(frozen=True)
class Context:
    """What a decision depends on besides the candidates."""

    cubes: int
    eureka: bool  # the seat may still declare Eureka
    keep: float = 0.0  # value of keeping the Eureka for later turns
    q: float = 0.0  # chance that another manufacturer is right on the first try
    rival: float = 0.0  # extra cost of each cube paid to the customer


@lru_cache(maxsize=4096)
def second_try(m: int, cubes: int, eureka: bool, keep: float, rival: float) -> tuple[float, bool]:
    """Value of the second try with ``m`` equally likely candidates, and whether to Eureka."""
    if m <= 0:
        return 0.0, False
    p = 1.0 / m
    pay = WRONG_SECOND if cubes >= WRONG_SECOND else 0
    base = p * RIGHT_SECOND - (1 - p) * pay * (1 + rival)
    if not eureka:
        return base, False
    extra = p * DIE_MEAN - (1 - p) * expected_loss(cubes - pay) - keep
    return (base + extra, True) if extra > 1e-9 else (base, False)


def first_try_values(
    cands: Sequence[int], ctx: Context, builds: Sequence[int] = CODES
) -> list[tuple[float, int, bool]]:
    """``(value, code, eureka)`` of each first build in ``builds`` (both Eureka choices)."""
    n = len(cands)
    if n == 0:
        return [(0.0, b, False) for b in builds]
    go_on = 1.0 - ctx.q
    c, keep, rival = ctx.cubes, ctx.keep, ctx.rival
    out: list[tuple[float, int, bool]] = []
    for b in builds:
        row = MATCH[b]
        cnt = [0, 0, 0, 0]
        for x in cands:
            cnt[row[x]] += 1
        p = cnt[3] / n
        later = 0.0
        for k in range(3):
            if cnt[k]:
                later += cnt[k] * second_try(cnt[k], c, ctx.eureka, keep, rival)[0]
        out.append((p * RIGHT_FIRST + go_on * later / n, b, False))
        if ctx.eureka:
            later_e = 0.0
            for k in range(3):
                if cnt[k]:
                    avg = (
                        sum(second_try(cnt[k], c - min(d, c), False, 0.0, rival)[0] for d in DIE)
                        / 6
                    )
                    later_e += cnt[k] * avg
            value = (
                p * (RIGHT_FIRST + DIE_MEAN)
                - (1 - p) * expected_loss(c)
                + go_on * later_e / n
                - keep
            )
            out.append((value, b, True))
    return out


def best_first_try(cands: Sequence[int], ctx: Context) -> tuple[float, list[tuple[int, bool]]]:
    """The best first-build value and every ``(code, eureka)`` reaching it."""
    values = first_try_values(cands, ctx)
    best = max(v for v, _, _ in values)
    return best, [(b, e) for v, b, e in values if v >= best - 1e-9]


def split(cands: Sequence[int], card: int) -> list[list[int]]:
    """The candidates grouped by the match count ``card`` would show (0..3)."""
    parts: list[list[int]] = [[], [], [], []]
    row = MATCH[card]
    for x in cands:
        parts[row[x]].append(x)
    return parts


def buy_values(
    cands: Sequence[int], hand: Sequence[int], ctx: Context
) -> list[tuple[float, int | None]]:
    """``(value, card)`` of not buying (``None``) and of buying with each card in ``hand``."""
    out: list[tuple[float, int | None]] = [(best_first_try(cands, ctx)[0], None)]
    n = len(cands)
    if ctx.cubes < 1 or n == 0:
        return out
    poorer = Context(ctx.cubes - 1, ctx.eureka, ctx.keep, ctx.q, ctx.rival)
    for card in hand:
        total = 0.0
        for part in split(cands, card):
            if part:
                total += len(part) * best_first_try(part, poorer)[0]
        out.append((total / n - 1 - ctx.rival, card))
    return out
