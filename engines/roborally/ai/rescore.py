"""Rescoring ``hard``'s best programs with the whole table (other robots sampled).

:func:`table_values` plays each candidate program against the same sampled programs of the
other robots (common random numbers: a difference between two candidates comes from the
candidates, not from the samples) with :func:`.table.play_turn`, and averages what the turn
leaves: the robot's place, flags and damage on the scale of :class:`.evaluation.Evaluator`,
a death priced as a life and a turn lost (the engine's archive and re-entry damage), less a
small share of what the other robots have (pushing the leader off its path or into a pit is
worth something, being pushed into one costs a lot).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.roborally.ai.evaluation import (
    W_DEAD,
    W_FLAG,
    Evaluator,
    repair_at,
    residual_damage,
)
from engines.roborally.ai.table import greedy_program, hand_size, play_turn, unseen_cards
from engines.roborally.boardfile import PIT, VOID
from engines.roborally.state import REGISTERS, RoboRallyState, RoboRallyView

DEATH_COST = 200.0  # a life and a lost turn, over the place at the archive (as search's)
OTHERS_SHARE = 0.05  # how much the other robots' standing counts against this robot's
REACH = 10  # other robots farther than this (rows + columns) cannot touch this turn
EXPOSURE = 50.0  # per unit of exposure() at the end of the turn: a push into a pit next turn
MIN_SAMPLES = 2  # samples always played, whatever the clock says


def robot_value(st: RoboRallyState, seat: int, ev: Evaluator) -> float:
    """One robot's standing after the register phase, on the Evaluator's scale."""
    b = st.bots[seat]
    if seat in st.winners:
        return W_FLAG * b.flags + 2000.0
    if b.pos < 0 or b.destroyed:
        if b.lives <= 0 or b.archive < 0:
            return -2 * W_DEAD
        back = max(ev.final(b.archive, f, b.flags, 2) for f in range(4))
        return back - residual_damage(2) - DEATH_COST
    damage = max(0, b.damage - repair_at(st.layout, b.pos))
    return ev.final(b.pos, b.facing, b.flags, damage) - residual_damage(damage)


def exposure(st: RoboRallyState, seat: int) -> float:
    """How exposed a robot ends the turn to a push next turn: a pit or the edge one (or two)
    squares on one side, another real robot up to three squares in line on the other."""
    lay = st.layout
    b = st.bots[seat]
    pos = b.pos
    if pos < 0 or b.destroyed or b.virtual:
        return 0.0
    at = {o.pos: s for s, o in enumerate(st.bots) if s != seat and o.pos >= 0 and not o.virtual}
    if not at:
        return 0.0
    risk = 0.0
    for d in range(4):
        if lay.wall[pos] >> d & 1:
            continue
        n = lay.nbr[pos][d]
        if n < 0 or lay.kind[n] in (PIT, VOID):
            danger = 1.0
        elif lay.wall[n] >> d & 1:
            continue
        else:
            m = lay.nbr[n][d]
            if not (m < 0 or lay.kind[m] in (PIT, VOID)):
                continue
            danger = 0.5
        back = (d + 2) % 4
        c = pos
        for k in range(1, 4):
            if lay.wall[c] >> back & 1:
                break
            c = lay.nbr[c][back]
            if c < 0:
                break
            if c in at:
                risk += danger * (1.0 if k <= 2 else 0.5)
                break
    return risk


def near_robots(view: RoboRallyView, seat: int) -> list[int]:
    """Other robots on the board close enough to push, shoot or block this one this turn."""
    me = view.robots[seat]
    lay = view.layout
    if me.pos < 0:
        return []
    out = []
    for r in view.robots:
        if r.seat == seat or r.pos < 0 or r.lives <= 0:
            continue
        dx = abs(r.pos % lay.width - me.pos % lay.width)
        dy = abs(r.pos // lay.width - me.pos // lay.width)
        if dx + dy <= REACH or dx == 0 or dy == 0:  # a laser reaches along a line
            out.append(r.seat)
    return out


Planner = Callable[[RoboRallyView, int, list[int]], list[int]]


def sample_others(
    view: RoboRallyView, seat: int, rng: random.Random, planner: Planner | None = None
) -> tuple[dict[int, list[int]], list[int]]:
    """One guess at the other robots' programs (hands dealt from the unseen cards) and the
    deck left over."""
    deck = unseen_cards(view)
    rng.shuffle(deck)
    progs: dict[int, list[int]] = {}
    for r in view.robots:
        if r.seat == seat or r.pos < 0 or r.lives <= 0 or r.powered_down:
            continue
        locked = sum(r.locked)
        if locked == REGISTERS:
            progs[r.seat] = [c for c in r.revealed]
            continue
        n = hand_size(r.damage, locked, "extra-memory" in r.options)
        hand, deck = deck[:n], deck[n:]
        if planner is not None:
            progs[r.seat] = planner(view, r.seat, hand)
        else:
            progs[r.seat] = greedy_program(view, r.seat, hand, rng)
    return progs, deck


def table_values(
    view: RoboRallyView,
    seat: int,
    programs: list[tuple[int, ...]],
    samples: int,
    rng: random.Random,
    deadline: float,
    clock: Callable[[], float],
    planner: Planner | None = None,
) -> tuple[list[float], list[float], int] | None:
    """(mean value, death rate) per program over up to ``samples`` sampled turns of the whole
    table, and the samples played; None when no other robot is near enough to matter.
    ``planner`` programs another robot's sampled hand (default: :func:`.table.greedy_program`)."""
    if not near_robots(view, seat):
        return None
    ev = Evaluator(view.layout, True)
    rivals = [r.seat for r in view.robots if r.seat != seat and r.pos >= 0]
    totals = [0.0] * len(programs)
    deaths = [0.0] * len(programs)
    played = 0
    for i in range(samples):
        if i >= MIN_SAMPLES and clock() > deadline:
            break
        progs, deck = sample_others(view, seat, rng, planner)
        sim_seed = rng.randrange(1 << 30)
        for j, cards in enumerate(programs):
            st, _ = play_turn(view, cards, False, progs, deck, sim_seed)
            mine = robot_value(st, seat, ev)
            rest = 0.0
            for s in rivals:
                rest += robot_value(st, s, ev)
            totals[j] += mine - OTHERS_SHARE * rest - EXPOSURE * exposure(st, seat)
            b = st.bots[seat]
            if b.pos < 0 or b.destroyed:
                deaths[j] += 1.0
        played += 1
    return [t / played for t in totals], [d / played for d in deaths], played
