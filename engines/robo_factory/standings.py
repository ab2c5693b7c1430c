"""Chances of winning the game from the standings, for the ``hard`` player's play to win.

The most cubes wins, so a cube is worth more or less depending on the standings and on
the customer turns left: far ahead or far behind little matters, close to a rival every
cube counts, and behind near the end a gamble (the Eureka die) may be the only way to win.

:class:`Standings` turns what a seat may see - everybody's cubes, who still holds the
Eureka, the turn and the number of turns - into the chance that the seat ends with the
most cubes, given the changes of cubes in the current customer turn. The cubes of the
later turns are modelled per player as independent sums of per-turn gains, drawn from
distributions measured in games of ``hard`` against ``normal`` players (tables below),
plus the Eureka die for a player who still holds it. A tie for the most counts ``TIE``
of a win (0: a shared win is no win). The tables are used for 3 players as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engines.robo_factory.view import RoboFactoryView

# Gains per customer turn, Eureka die excluded: ``{gain: probability}``, measured in
# 3,000 4-player games of hard against three normal players (seeds 100000+).
OWN_MAKER = {
    -7: 0.0002,
    -6: 0.0002,
    -5: 0.0002,
    -4: 0.0003,
    -3: 0.0002,
    -2: 0.0026,
    -1: 0.1281,
    0: 0.1213,
    1: 0.0784,
    2: 0.0706,
    3: 0.4483,
    4: 0.1497,
}
OWN_CUSTOMER = {0: 0.5297, 1: 0.057, 2: 0.0702, 3: 0.3133, 4: 0.0223, 5: 0.0065, 6: 0.001}
RIVAL_MAKER = {-2: 0.0123, -1: 0.1651, 0: 0.2468, 1: 0.0685, 2: 0.0885, 3: 0.1548, 4: 0.2641}
RIVAL_CUSTOMER = {0: 0.2242, 1: 0.3696, 2: 0.1321, 3: 0.2558, 4: 0.0159, 5: 0.0023, 6: 0.0002}
# Chance per manufacturer turn that a player still holding the Eureka uses it (and wins
# the die: both levels shout when sure).
OWN_HAZARD = 0.57
RIVAL_HAZARD = 0.22
TIE = 0.0

Dist = tuple[int, tuple[float, ...]]  # (lowest value, probabilities from it upwards)


def _from_table(table: dict[int, float]) -> Dist:
    lo, hi = min(table), max(table)
    total = sum(table.values())
    return lo, tuple(table.get(v, 0.0) / total for v in range(lo, hi + 1))


def _convolve(a: Dist, b: Dist) -> Dist:
    lo_a, pa = a
    lo_b, pb = b
    out = [0.0] * (len(pa) + len(pb) - 1)
    for i, x in enumerate(pa):
        if x:
            for j, y in enumerate(pb):
                out[i + j] += x * y
    return _trim((lo_a + lo_b, tuple(out)))


def _trim(d: Dist, eps: float = 1e-6) -> Dist:
    lo, p = d
    start, end = 0, len(p)
    while start < end - 1 and p[start] < eps:
        start += 1
    while end > start + 1 and p[end - 1] < eps:
        end -= 1
    kept = p[start:end]
    total = sum(kept)
    return lo + start, tuple(x / total for x in kept)


ZERO: Dist = (0, (1.0,))
DIE_DIST: Dist = (1, (1 / 6,) * 6)


@lru_cache(maxsize=512)
def future(makers: int, customers: int, eureka: bool, own: bool) -> Dist:
    """The distribution of a player's gains over ``makers`` manufacturer turns and
    ``customers`` customer turns, with the Eureka die if it still holds it."""
    maker = _from_table(OWN_MAKER if own else RIVAL_MAKER)
    customer = _from_table(OWN_CUSTOMER if own else RIVAL_CUSTOMER)
    d = ZERO
    for _ in range(makers):
        d = _convolve(d, maker)
    for _ in range(customers):
        d = _convolve(d, customer)
    if eureka and makers:
        used = 1.0 - (1.0 - (OWN_HAZARD if own else RIVAL_HAZARD)) ** makers
        lo, p = d
        shifted = _convolve(d, DIE_DIST)
        slo, sp = shifted
        # mix: (1 - used) * d + used * (d + die)
        mlo = min(lo, slo)
        mhi = max(lo + len(p), slo + len(sp))
        mixed = [0.0] * (mhi - mlo)
        for i, x in enumerate(p):
            mixed[lo - mlo + i] += (1.0 - used) * x
        for i, x in enumerate(sp):
            mixed[slo - mlo + i] += used * x
        d = _trim((mlo, tuple(mixed)))
    return d


class Standings:
    """The chance that ``seat`` wins from the cubes everybody holds after the current
    customer turn ``turn``, over the later turns.

    ``win(final, eureka)`` takes everybody's cubes at the end of this turn and whether
    our seat still holds the Eureka then; the others' Eureka is ``eureka_used``.
    :meth:`of` gives the (cached) standings of a view.
    """

    def __init__(
        self,
        seat: int,
        num_players: int,
        turn: int,
        total_turns: int,
        eureka_used: Sequence[bool],
        tie: float | None = None,
    ) -> None:
        self.seat = seat
        self.n = num_players
        self.tie = TIE if tie is None else tie
        later = range(turn + 1, total_turns)
        self.rivals = [s for s in range(num_players) if s != seat]
        self.own_future = {flag: self._future(seat, later, flag, True) for flag in (False, True)}
        self.tables: list[tuple[int, list[float], list[float]]] = []
        for s in self.rivals:
            lo, p = self._future(s, later, not eureka_used[s], False)
            le: list[float] = []
            acc = 0.0
            for x in p:
                acc += x
                le.append(min(acc, 1.0))
            lt = [0.0] + le[:-1]
            self.tables.append((lo, lt, le))
        self.memo: dict[tuple[int, ...], float] = {}

    @classmethod
    def of(cls, view: RoboFactoryView) -> Standings:
        return _standings(
            view.seat, view.num_players, view.turn, view.total_turns, view.eureka_used, TIE
        )

    def _future(self, seat: int, later: range, eureka: bool, own: bool) -> Dist:
        customers = sum(1 for t in later if t % self.n == seat)
        return future(len(later) - customers, customers, eureka, own)

    def win(self, final: Sequence[int], eureka: bool) -> float:
        """The chance of winning when this turn ends with ``final`` cubes (per seat)."""
        me = final[self.seat]
        key = (eureka, *(me - final[s] for s in self.rivals))
        value = self.memo.get(key)
        if value is None:
            value = self._win(key[1:], self.own_future[eureka])
            self.memo[key] = value
        return value

    def _win(self, gaps: tuple[int, ...], own: Dist) -> float:
        lo_h, ph = own
        tie = self.tie
        total = 0.0
        tables = list(zip(self.tables, gaps, strict=True))
        for i, x in enumerate(ph):
            y = lo_h + i
            strict = 1.0
            weak = 1.0
            for (lo, lt, le), gap in tables:
                z = y + gap - lo  # the rival's gain must stay below y + gap
                if z >= len(le):
                    continue
                if z < 0:
                    strict = weak = 0.0
                    break
                strict *= lt[z]
                weak *= le[z]
            if tie:
                total += x * (strict + tie * (weak - strict))
            else:
                total += x * strict
        return total


@lru_cache(maxsize=64)
def _standings(
    seat: int,
    num_players: int,
    turn: int,
    total_turns: int,
    eureka_used: tuple[bool, ...],
    tie: float,
) -> Standings:
    return Standings(seat, num_players, turn, total_turns, eureka_used, tie)
