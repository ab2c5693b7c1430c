"""Brute-force reference for Robo Factory: the best expected cubes of one customer turn.

For a lone manufacturer (a 2-player game: one customer, one manufacturer) and the
information its seat has at the start of its turn (open cards and tiles, its own three
cards, its cubes, whether its Eureka is unused), :func:`reference_value` enumerates every
policy - buy with no card or one of three, then any of the 64 robots with or without
Eureka, then after the private tile any of the 64 robots again with or without Eureka -
against every order still possible and every die roll, and returns the best expected
change of the seat's cubes. It shares nothing with the ``hard`` player but the match
table, and does not assume that only the size of a candidate set matters.

:func:`policy_value` measures a player's own expected cubes on the same turn exactly: it
replays the turn through the engine for every possible order (and every die roll).

Run::

    python -m tests.reference_players.robo_factory_reference --turns 2000 --seed 1 [--json]

Each sampled turn is the manufacturer's last turn of a 2-player game (so keeping the
Eureka for later is worth nothing, as in the reference), with 0 to 8 cubes and the
Eureka unused in half the samples. It prints the mean expected cubes per turn of the
reference and of each level, and each level's share of the reference. ``hard-ev`` is
``hard`` with the plain expected-cubes objective; ``hard`` as shipped also counts a cube
paid to the customer (an opponent) as worth 0.5/(players - 1) more, which in a 2-player
game makes it buy information a little more sparingly.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from functools import cache
from unittest import mock

from engines.players import make_player
from engines.robo_factory import state as rf_state
from engines.robo_factory.cards import CODES, MATCH
from engines.robo_factory.players import HardPlayer
from engines.robo_factory.spec import ROBO_FACTORY
from engines.robo_factory.state import BUY, Build, RoboFactoryState

DIE = range(1, 7)
SEAT = 1  # the manufacturer of turn 4 in a 2-player game (seat 0 is the customer)
LAST_TURN = 4


def consistent(pairs: Sequence[tuple[int, int]], excluded: set[int]) -> tuple[int, ...]:
    return tuple(
        o
        for o in CODES
        if o not in excluded and all(MATCH[card][o] == tile for card, tile in pairs)
    )


@cache
def second_try(cands: tuple[int, ...], cubes: int, eureka: bool) -> float:
    """Best expected change on the second try, every build and Eureka choice tried."""
    best = float("-inf")
    members = set(cands)
    for build in CODES:
        for shout in (False, True) if eureka else (False,):
            total = 0.0
            for order in cands:
                if build == order and build in members:
                    total += 2 + (sum(DIE) / 6 if shout else 0)
                else:
                    pay = min(1, cubes)
                    loss = sum(min(d, cubes - pay) for d in DIE) / 6 if shout else 0
                    total -= pay + loss
            best = max(best, total / len(cands))
    return best


@cache
def first_try(cands: tuple[int, ...], cubes: int, eureka: bool) -> float:
    """Best expected change from the first build on, every choice tried."""
    best = float("-inf")
    for build in CODES:
        for shout in (False, True) if eureka else (False,):
            total = 0.0
            for order in cands:
                if build == order:
                    total += 4 + (sum(DIE) / 6 if shout else 0)
                    continue
                tile = MATCH[build][order]
                rest = tuple(o for o in cands if o != build and MATCH[build][o] == tile)
                if shout:
                    total += (
                        sum(
                            -min(d, cubes) + second_try(rest, cubes - min(d, cubes), False)
                            for d in DIE
                        )
                        / 6
                    )
                else:
                    total += second_try(rest, cubes, eureka)
            best = max(best, total / len(cands))
    return best


def reference_value(
    open_cards: Sequence[int],
    open_tiles: Sequence[int],
    hand: Sequence[int],
    cubes: int,
    eureka: bool,
) -> float:
    """The best expected change of cubes over the whole customer turn."""
    pairs = list(zip(open_cards, open_tiles, strict=True))
    seen = set(open_cards) | set(hand)
    cands = consistent(pairs, seen)
    best = first_try(cands, cubes, eureka)
    if cubes >= 1:
        for card in hand:
            total = 0.0
            for tile in range(4):
                part = consistent(pairs + [(card, tile)], seen)
                if part:
                    total += len(part) * (first_try(part, cubes - 1, eureka) - 1)
            best = max(best, total / len(cands))
    return best


def sample_turn(seed: int, rng: random.Random) -> RoboFactoryState:
    """The start of the manufacturer's last turn of a 2-player game, cubes at random."""
    state = ROBO_FACTORY.new_game(2, {}, seed)
    state._deal(LAST_TURN)
    cubes = rng.randrange(0, 9)
    state.supply += state.cubes[SEAT] - cubes
    state.cubes[SEAT] = cubes
    state.eureka_used[SEAT] = rng.random() < 0.5
    state._skip_poor()
    return state


def with_order(state: RoboFactoryState, order: int) -> RoboFactoryState:
    """The same position with another order (swapped with wherever that card was)."""
    twin = state.clone()
    old = twin.order
    for pile in [twin.deck, *twin.hands, twin.given]:
        if order in pile:
            pile[pile.index(order)] = old
    twin.order = order
    return twin


def policy_value(state: RoboFactoryState, make: Callable[[], object]) -> float:
    """A player's exact expected change of cubes this turn, over orders and die rolls."""
    cands = state.view(SEAT).candidates()
    start = state.cubes[SEAT]
    total = 0.0
    for order in cands:
        total += _play_out(with_order(state, order), make(), start)
    return total / len(cands)


def _play_out(state: RoboFactoryState, player, start: int) -> float:
    """Play to the end of the turn; a Eureka check branches over the six die rolls."""
    while state.turn == LAST_TURN:
        view = state.view(SEAT)
        action = player.choose(view)
        if isinstance(action, Build) and action.eureka:
            values = []
            for d in DIE:
                branch = state.clone()
                with mock.patch.object(rf_state, "eureka_die", lambda *_a, d=d: d):
                    branch.apply(action, SEAT)
                values.append(_play_out(branch, _fresh(player), start))
            return sum(values) / 6
        state.apply(action, SEAT)
    return state.cubes[SEAT] - start


class HardEV(HardPlayer):
    """``hard`` with the plain expected-cubes objective (no weight on cubes paid to the
    customer): exactly the reference's objective."""

    rival = 0.0


def make(level: str, seed: int):
    if level == "hard-ev":
        return HardEV(seat=SEAT, level=level, seed=seed)
    return make_player(ROBO_FACTORY, level, SEAT, seed)


def _fresh(player):
    """Players here are stateless apart from their tie-break generator."""
    return player


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="hard-ev,hard,normal,easy,random")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    levels = args.levels.split(",")
    totals = {"reference": 0.0, **{lv: 0.0 for lv in levels}}
    worst = 0.0
    began = time.perf_counter()
    for i in range(args.turns):
        state = sample_turn(args.seed * 100_000 + i, rng)
        assert state.phase == BUY or state.cubes[SEAT] == 0
        view = state.view(SEAT)
        ref = reference_value(
            view.open_cards,
            view.open_tiles,
            view.hand,
            view.cubes[SEAT],
            not view.eureka_used[SEAT],
        )
        totals["reference"] += ref
        for level in levels:
            value = policy_value(state, lambda lv=level, i=i: make(lv, i))
            totals[level] += value
            if level == "hard-ev":
                worst = max(worst, ref - value)
                assert value <= ref + 1e-9, (i, value, ref)
        second_try.cache_clear()
        first_try.cache_clear()
    n = args.turns
    report = {
        "turns": n,
        "seed": args.seed,
        "mean_expected_cubes": {k: round(v / n, 4) for k, v in totals.items()},
        "share_of_reference": {
            k: round(v / totals["reference"], 4) for k, v in totals.items() if k != "reference"
        },
        "hard_ev_worst_turn_gap": round(worst, 4),
        "seconds": round(time.perf_counter() - began, 1),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"Robo Factory reference: {n} sampled turns, seed {args.seed}")
        shares = report["share_of_reference"]
        for name, value in report["mean_expected_cubes"].items():
            share = f"  {100 * shares[name]:6.2f}% of the reference" if name in shares else ""
            print(f"  {name:<10} {value:>8.4f} expected cubes per turn{share}")
        print(f"  hard-ev's worst single turn: {report['hard_ev_worst_turn_gap']:.4f} below")
        print(f"  {report['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
