"""Computer players for Robo Factory. Each sees only its seat's view.

* ``random`` - buys or not at random, builds a random robot still consistent with what it
  knows, and shouts Eureka now and then.
* ``easy``   - never buys; builds a robot consistent with the open tiles and its own cards
  (it forgets the revealed builds of others); Eureka only when sure.
* ``normal`` - an intermediate player: reasons from the open tiles and its own cards and
  tiles only (not from the others' revealed builds), buys with any card when it has 2+
  cubes and more than 4 candidates, builds the candidate that splits the rest best; Eureka
  only when sure.
* ``hard``   - maximises expected cubes by exact reasoning over the 64 codes and everything
  its seat knows, the others' revealed wrong builds included
  (:mod:`engines.robo_factory.reasoning`): whether and with which card to buy, what to build
  (a probe if that is worth more), and when to shout Eureka, weighing the value of keeping
  it for later turns. With 3+ players it plays to win rather than for cubes
  (:mod:`engines.robo_factory.winplay`): purchases, builds and the Eureka are valued by
  the chance of ending with the most cubes (:mod:`engines.robo_factory.standings`: from
  everybody's visible cubes, Eureka and the turns left), against sampled opponents who
  deduce sensibly (:mod:`engines.robo_factory.crowd`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engines.robo_factory.cards import CODES, MATCH
from engines.robo_factory.crowd import first_try_crowd, public_candidates, split_score
from engines.robo_factory.reasoning import (
    Context,
    buy_values,
    first_try_values,
    second_try,
)
from engines.robo_factory.state import BUY, REBUILD, Build, Buy, RoboFactoryView
from engines.robo_factory.winplay import buy_win, first_try_win, second_try_win

# What keeping the Eureka is worth with L manufacturer turns still to come (index L).
KEEP = (0.0, 1.2, 1.9, 2.3, 2.6, 2.8, 2.95, 3.05, 3.15, 3.2, 3.25, 3.3)


def keep_value(turns_left: int) -> float:
    return KEEP[min(turns_left, len(KEEP) - 1)]


def own_candidates(view: RoboFactoryView) -> list[int]:
    """Orders consistent with the open tiles and the seat's own cards and tiles only,
    ignoring the other players' revealed builds."""
    seen = view.seen_cards()
    cands = [c for c in public_candidates(view) if c not in seen]
    if view.bought is not None:
        card, tile = view.bought
        cands = [c for c in cands if MATCH[card][c] == tile]
    if view.own_build is not None and view.tile is not None:
        cands = [c for c in cands if MATCH[view.own_build][c] == view.tile and c != view.own_build]
    return cands


class RandomPlayer:
    """Random decisions, but always a robot consistent with its knowledge."""

    eureka_chance = 0.2

    def __init__(self, seat: int, level: str = "random", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: RoboFactoryView) -> Buy | Build:
        if view.phase == BUY:
            return self.rng.choice(view.legal_actions())
        cands = view.candidates() or list(CODES)
        eureka = not view.eureka_used[view.seat] and self.rng.random() < self.eureka_chance
        return Build(self.rng.choice(cands), eureka)


class EasyPlayer:
    """Never buys; forgets what the other builds showed; Eureka only when sure."""

    def __init__(self, seat: int, level: str = "easy", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: RoboFactoryView) -> Buy | Build:
        if view.phase == BUY:
            return Buy(None)
        seen = view.seen_cards()
        cands = [c for c in public_candidates(view) if c not in seen]
        if view.phase == REBUILD and view.own_build is not None and view.tile is not None:
            cands = [
                c for c in cands if MATCH[c][view.own_build] == view.tile and c != view.own_build
            ]
        cands = cands or view.candidates() or list(CODES)
        sure = len(cands) == 1 and not view.eureka_used[view.seat]
        return Build(self.rng.choice(cands), sure)


class NormalPlayer:
    """An intermediate player: reasons only from the open tiles and its own cards and tiles.

    It ignores what the other players' revealed builds tell (it does not cross them out),
    buys by a rule of thumb (2 cubes or more and more than 4 candidates: any one of its
    cards), builds the candidate that splits the rest best, and shouts Eureka only when
    sure by its own reckoning.
    """

    def __init__(self, seat: int, level: str = "normal", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: RoboFactoryView) -> Buy | Build:
        cands = own_candidates(view) or view.candidates() or list(CODES)
        n = len(cands)
        if view.phase == BUY:
            if view.cubes[view.seat] >= 2 and n > 4 and view.hand:
                return Buy(self.rng.choice(view.hand))
            return Buy(None)
        sure = n == 1 and not view.eureka_used[view.seat]
        if view.phase == REBUILD:
            return Build(self.rng.choice(cands), sure)
        scores = [split_score(cands, c) for c in cands]
        best = min(scores)
        return Build(
            self.rng.choice([c for c, s in zip(cands, scores, strict=True) if s == best]), sure
        )


class HardPlayer:
    """Maximises expected cubes by exact reasoning (see the module docstring).

    A cube paid to the customer also helps an opponent: ``rival`` (default 0.5) counts it
    as ``rival / (players - 1)`` of a cube more (``rival = 1`` would maximise the expected
    lead over the average opponent; half of that still makes hard buy more sparingly in
    a duel and keeps it within 1% of the plain optimum). ``rival = 0`` maximises its plain
    expected cubes, the objective of the brute-force reference in
    ``tests/reference_players/robo_factory_reference.py``.
    ``model_others`` weighs the chance that another manufacturer ends the turn on the
    first try (for the purchase); ``crowd`` values the first build against sampled
    opponents from ``crowd_from`` players on (``per_order`` samples per candidate order;
    the best ``probes`` non-candidate builds are compared too).

    Playing to win: in games of ``win_from`` players or more, during its last
    ``win_turns`` manufacturer turns (default: all), the purchase, the first build and
    the Eureka on either try maximise the chance of winning from the standings instead
    (a cube handed to a leading customer costs more than one handed to a trailing one;
    behind near the end the Eureka die is worth gambling on, ahead it is not), with
    ``ev_blend`` times the expected cubes breaking ties. Its second-try build is any
    candidate left (they are equally likely).
    """

    rival = 0.5
    model_others = True
    crowd = True
    crowd_from = 4
    probes = 4
    per_order = 6
    size_scale = 1.0
    win_turns = 99  # play to win in the last ``win_turns`` manufacturer turns (else cubes)
    win_buy = True
    ev_blend = 0.002  # expected cubes break ties between equal chances of winning
    win_from = 3  # ... in games of at least this many players

    def __init__(self, seat: int, level: str = "hard", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        self.sampler = random.Random(seed * 7919 + seat)  # the crowd samples only
        self.time_budget: float = 0.05

    def context(self, view: RoboFactoryView, cands: Sequence[int]) -> Context:
        eureka = not view.eureka_used[view.seat]
        keep = keep_value(view.manufacturer_turns_left()) if eureka else 0.0
        q = self.others_hit_chance(view) if self.model_others else 0.0
        rival = self.rival / (view.num_players - 1)
        return Context(view.cubes[view.seat], eureka, keep, q, rival)

    def others_hit_chance(self, view: RoboFactoryView) -> float:
        """A rough chance that some other manufacturer builds the order on the first try."""
        size = max(1, len(public_candidates(view)))
        miss = 1.0
        for seat in view.manufacturers():
            if seat == view.seat:
                continue
            their = size * self.size_scale * (0.45 if view.buyers[seat] else 1.0)
            miss *= 1.0 - 1.0 / max(1.0, their)
        return 1.0 - miss

    def plays_to_win(self, view: RoboFactoryView) -> bool:
        return view.num_players >= self.win_from and view.manufacturer_turns_left() < self.win_turns

    def choose(self, view: RoboFactoryView) -> Buy | Build:
        cands = view.candidates()
        if not cands:  # cannot happen in a real game; stay legal anyway
            return view.legal_actions()[0]
        ctx = self.context(view, cands)
        if view.phase == BUY:
            values = buy_values(cands, view.hand, ctx)
            if self.win_buy and self.plays_to_win(view):
                cubes = dict((card, v) for v, card in values)
                values = [
                    (w + self.ev_blend * cubes[card], card)
                    for w, card in buy_win(view, cands, self.sampler)
                ]
            best = max(v for v, _ in values)
            top = [card for v, card in values if v >= best - 1e-9]
            return Buy(top[0] if len(top) == 1 else self.rng.choice(top))
        to_win = self.plays_to_win(view)
        if view.phase == REBUILD:
            if to_win:
                eureka = second_try_win(view, len(cands))
            else:
                _, eureka = second_try(len(cands), ctx.cubes, ctx.eureka, ctx.keep, ctx.rival)
            return Build(self.rng.choice(cands), eureka)
        scored = first_try_values(cands, ctx)
        members = set(cands)
        if to_win:
            probes = sorted((t for t in scored if t[1] not in members), reverse=True)
            builds = list(cands) + [b for _, b, _ in probes[: self.probes]]
            builds = list(dict.fromkeys(builds))
            cube_of = {(b, e): v for v, b, e in scored}
            scored = [
                (w + self.ev_blend * cube_of[(b, e)], b, e)
                for w, b, e in first_try_win(view, cands, builds, self.sampler, self.per_order)
            ]
        elif self.crowd and len(cands) > 1 and view.num_players >= self.crowd_from:
            probes = sorted((t for t in scored if t[1] not in members), reverse=True)
            builds = list(cands) + [b for _, b, _ in probes[: self.probes]]
            builds = list(dict.fromkeys(builds))
            scored = first_try_crowd(view, cands, ctx, builds, self.sampler, self.per_order)
        best = max(v for v, _, _ in scored)
        tops = [(b, e) for v, b, e in scored if v >= best - 1e-9]
        preferred = [t for t in tops if t[0] in members] or tops
        code, eureka = preferred[0] if len(preferred) == 1 else self.rng.choice(preferred)
        return Build(code, eureka)


LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
