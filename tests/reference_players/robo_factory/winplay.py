"""Playing to win, for the ``hard`` player: builds and Eureka valued by the chance of
winning the game rather than by expected cubes.

Near the end of the game (and whenever the standings make cubes worth unequal amounts)
the best move for the expected cubes is not always the best move for winning: behind, a
gamble with the Eureka die or a build the leader is unlikely to share may be the only way
to catch up; ahead, a build the nearest rival is likely to share keeps the lead. The
functions here value each choice by the chance of winning from the standings after the
turn (:class:`engines.robo_factory.standings.Standings`), over sampled orders and rival
builds (the sensible-deducer model of :mod:`engines.robo_factory.crowd`) and every die
roll. Only what the seat may know is used.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engines.robo_factory.cards import MATCH
from engines.robo_factory.standings import Standings
from engines.robo_factory.state import RIGHT_FIRST, RIGHT_SECOND, WRONG_SECOND, RoboFactoryView
from tests.reference_players.robo_factory.crowd import rival_samples

DIE = (1, 2, 3, 4, 5, 6)
SECOND_RIGHT = 0.75  # a rival's chance to be right on its second try


class Outcomes:
    """Cached chances of winning for one decision: the turn's rival changes are a fixed
    vector (somebody was right first) or the mixture of the rivals' second tries.

    ``cubes`` is everybody's cubes before the outcome (after a purchase being weighed)."""

    def __init__(
        self, view: RoboFactoryView, st: Standings, cubes: Sequence[int] | None = None
    ) -> None:
        self.st = st
        self.seat = view.seat
        self.customer = view.customer
        self.cubes = tuple(view.cubes if cubes is None else cubes)
        self.memo: dict[tuple, float] = {}
        mixture: list[tuple[float, list[int]]] = [(1.0, list(self.cubes))]
        for s in view.manufacturers():
            if s == view.seat:
                continue
            pay = WRONG_SECOND if self.cubes[s] >= WRONG_SECOND else 0
            nxt = []
            for p, d in mixture:
                right = d[:]
                right[s] += RIGHT_SECOND
                nxt.append((p * SECOND_RIGHT, right))
                wrong = d[:]
                wrong[s] -= pay
                wrong[self.customer] += pay
                nxt.append((p * (1 - SECOND_RIGHT), wrong))
            mixture = nxt
        self.second = mixture

    def fixed(self, rivals: tuple[int, ...], mine: int, eureka_after: bool) -> float:
        """Win chance when the rivals' changes are ``rivals`` (per seat) and ours ``mine``."""
        key = (0, rivals, mine, eureka_after)
        value = self.memo.get(key)
        if value is None:
            final = [c + d for c, d in zip(self.cubes, rivals, strict=True)]
            final[self.seat] += mine
            value = self.st.win(final, eureka_after)
            self.memo[key] = value
        return value

    def second_try(self, mine: int, paid: int, eureka_after: bool) -> float:
        """Win chance when nobody was right first: the rivals' second tries are mixed in;
        ``paid`` is what we pay the customer."""
        key = (1, mine, paid, eureka_after)
        value = self.memo.get(key)
        if value is None:
            value = 0.0
            seat, customer, win = self.seat, self.customer, self.st.win
            for p, final in self.second:
                final[seat] += mine
                final[customer] += paid
                value += p * win(final, eureka_after)
                final[seat] -= mine
                final[customer] -= paid
            self.memo[key] = value
        return value

    def our_second(self, m: int, base: int, cubes: int, eureka: bool) -> float:
        """Our best second try with ``m`` candidates left, after ``base`` cubes this turn
        and holding ``cubes``; Eureka if still held and it raises the chance."""
        if m <= 0:
            return self.second_try(base, 0, eureka)
        p = 1.0 / m
        pay = WRONG_SECOND if cubes >= WRONG_SECOND else 0
        plain = p * self.second_try(base + RIGHT_SECOND, 0, eureka) + (1 - p) * self.second_try(
            base - pay, pay, eureka
        )
        if not eureka:
            return plain
        shout = 0.0
        for d in DIE:
            loss = min(d, cubes - pay)
            shout += p * self.second_try(base + RIGHT_SECOND + d, 0, False) + (
                1 - p
            ) * self.second_try(base - pay - loss, pay, False)
        return max(plain, shout / 6)


def second_try_win(view: RoboFactoryView, m: int, st: Standings | None = None) -> bool:
    """Whether to shout Eureka on the second try with ``m`` candidates, to win."""
    if view.eureka_used[view.seat] or m <= 0:
        return False
    out = Outcomes(view, st or Standings.of(view))
    cubes = view.cubes[view.seat]
    p = 1.0 / m
    pay = WRONG_SECOND if cubes >= WRONG_SECOND else 0
    plain = p * out.second_try(RIGHT_SECOND, 0, True) + (1 - p) * out.second_try(-pay, pay, True)
    shout = 0.0
    for d in DIE:
        loss = min(d, cubes - pay)
        shout += p * out.second_try(RIGHT_SECOND + d, 0, False) + (1 - p) * out.second_try(
            -pay - loss, pay, False
        )
    return shout / 6 > plain + 1e-12


Prepared = list[tuple[int, bool, tuple[int, ...], frozenset[int]]]


def prepare(
    view: RoboFactoryView, cands: Sequence[int], rng: random.Random, per_order: int = 6
) -> Prepared:
    """Sampled ``(order, somebody else right, the rivals' first-try changes, their wrong
    builds)`` for our candidates (see :func:`engines.robo_factory.crowd.rival_samples`)."""
    n = view.num_players
    prepared: Prepared = []
    for i, (order, picks) in enumerate(rival_samples(view, cands, rng, per_order)):
        d = [0] * n
        wrong = set()
        anyone = False
        for s, pick, sure in picks:
            if pick == order:
                anyone = True
                d[s] += RIGHT_FIRST
                if sure and not view.eureka_used[s]:
                    d[s] += 3 + (i & 1)  # the die's mean, 3.5, alternately rounded
            else:
                wrong.add(pick)
        prepared.append((order, anyone, tuple(d), frozenset(wrong)))
    return prepared


def first_try_win(
    view: RoboFactoryView,
    cands: Sequence[int],
    builds: Sequence[int],
    rng: random.Random,
    per_order: int = 6,
    prepared: Prepared | None = None,
    cubes_now: Sequence[int] | None = None,
) -> list[tuple[float, int, bool]]:
    """``(win chance, code, eureka)`` of each first build in ``builds``.

    ``prepared`` (from :func:`prepare`, possibly for a larger candidate set) saves the
    sampling; only its samples whose order is in ``cands`` are used. ``cubes_now``:
    everybody's cubes if not the view's (after a purchase being weighed)."""
    out = Outcomes(view, Standings.of(view), cubes_now)
    seat = view.seat
    cubes = out.cubes[seat]
    eureka = not view.eureka_used[seat]
    if prepared is None:
        prepared = prepare(view, cands, rng, per_order)
    members = set(cands)
    used = [t for t in prepared if t[0] in members]
    total = len(used)
    results: list[tuple[float, int, bool]] = []
    for b in builds:
        row = MATCH[b]
        plain = 0.0
        shout = 0.0
        for order, anyone, d, wrong in used:
            if order == b:
                plain += out.fixed(d, RIGHT_FIRST, eureka)
                if eureka:
                    shout += sum(out.fixed(d, RIGHT_FIRST + x, False) for x in DIE) / 6
                continue
            if anyone:
                plain += out.fixed(d, 0, eureka)
                if eureka:
                    shout += sum(out.fixed(d, -min(x, cubes), False) for x in DIE) / 6
                continue
            tile = row[order]
            m = sum(1 for x in cands if x != b and row[x] == tile and x not in wrong)
            plain += out.our_second(m, 0, cubes, eureka)
            if eureka:
                shout += (
                    sum(
                        out.our_second(m, -min(x, cubes), cubes - min(x, cubes), False) for x in DIE
                    )
                    / 6
                )
        results.append((plain / total, b, False))
        if eureka:
            results.append((shout / total, b, True))
    return results


def buy_win(
    view: RoboFactoryView,
    cands: Sequence[int],
    rng: random.Random,
    per_order: int = 6,
) -> list[tuple[float, int | None]]:
    """``(win chance, card)`` of not buying (``None``) and of buying with each card held:
    the cube goes to the customer, the private tile splits the candidates, and each part
    is followed by its best first build (candidates only)."""

    per_order = max(per_order, -(-48 // max(1, len(cands))))
    prepared = prepare(view, cands, rng, per_order)  # the same samples for every choice

    def best(v: RoboFactoryView, part: Sequence[int], cubes: Sequence[int] | None) -> float:
        values = first_try_win(v, part, part, rng, prepared=prepared, cubes_now=cubes)
        return max(val for val, _, _ in values)

    out: list[tuple[float, int | None]] = [(best(view, cands, None), None)]
    seat = view.seat
    if view.cubes[seat] < 1 or not cands:
        return out
    cubes = list(view.cubes)
    cubes[seat] -= 1
    cubes[view.customer] += 1
    n = len(cands)
    for card in view.hand:
        total = 0.0
        for tile in range(4):
            part = [x for x in cands if MATCH[card][x] == tile]
            if part:
                total += len(part) * best(view, part, cubes)
        out.append((total / n, card))
    return out
