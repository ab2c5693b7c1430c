"""A RoboRally robot alone on the board, how far it is from its flag, and what an end is worth.

The bottom of the computer player (:mod:`engines.roborally.ai`): everything here works from the
board layout only, so hidden programs of other robots are never read.

* :func:`sim_register` plays one register for one robot alone on the board, like the engine:
  the card, express belts, belts, pushers, gears, crushers, board lasers, flag touch;
  :func:`simulate_program` a whole program.
* :func:`distance_field` gives, per (square, facing), how many registers a robot needs at best
  to end a register on a square, following belts, gears, walls and pits (cached per layout).
* The evaluation weights (``W_*``) and :class:`Evaluator`, the scale every level and every
  option decision scores on.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from engines.roborally.boardfile import (
    BELT,
    DOUBLE_WRENCH,
    EXPRESS,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    VOID,
    WRENCH,
    Layout,
)
from engines.roborally.cards import BACK, LEFT, MOVE1, MOVE2, MOVE3, RIGHT, UTURN

DEAD = -1
UNREACHABLE = 99
KINDS = (UTURN, LEFT, RIGHT, BACK, MOVE1, MOVE2, MOVE3)


def step(lay: Layout, pos: int, d: int) -> int:
    """One square towards ``d``: the new square, ``pos`` if a wall stops it, DEAD if it dies."""
    if lay.wall[pos] >> d & 1:
        return pos
    t = lay.nbr[pos][d]
    if t < 0 or lay.kind[t] == PIT or lay.kind[t] == VOID:
        return DEAD
    return t


def card_move(lay: Layout, pos: int, facing: int, kind: int) -> tuple[int, int]:
    """The robot after its card (no board elements)."""
    if kind == LEFT:
        return pos, (facing + 3) % 4
    if kind == RIGHT:
        return pos, (facing + 1) % 4
    if kind == UTURN:
        return pos, (facing + 2) % 4
    if kind == BACK:
        return step(lay, pos, (facing + 2) % 4), facing
    steps = 1 if kind == MOVE1 else 2 if kind == MOVE2 else 3
    for _ in range(steps):
        nxt = step(lay, pos, facing)
        if nxt == DEAD:
            return DEAD, facing
        if nxt == pos:
            break
        pos = nxt
    return pos, facing


def _belt(lay: Layout, pos: int, facing: int, express_only: bool) -> tuple[int, int]:
    k = lay.kind[pos]
    if not (k == EXPRESS or (k == BELT and not express_only)):
        return pos, facing
    d = lay.belt[pos]
    if lay.wall[pos] >> d & 1:
        return pos, facing
    t = lay.nbr[pos][d]
    if t < 0 or lay.kind[t] in (PIT, VOID):
        return DEAD, facing
    kt = lay.kind[t]
    if kt in (BELT, EXPRESS) and lay.belt[t] != d:
        turn = (lay.belt[t] - d) % 4
        if turn == 1:
            facing = (facing + 1) % 4
        elif turn == 3:
            facing = (facing + 3) % 4
    return t, facing


def board_effects(lay: Layout, pos: int, facing: int, reg: int | None) -> tuple[int, int]:
    """Belts, pushers (``reg`` None: none), gears and crushers after the cards move."""
    pos, facing = _belt(lay, pos, facing, True)
    if pos == DEAD:
        return DEAD, facing
    pos, facing = _belt(lay, pos, facing, False)
    if pos == DEAD:
        return DEAD, facing
    if reg is not None and lay.pusher_mask[pos] >> reg & 1:
        pos = step(lay, pos, lay.pusher_dir[pos])
        if pos == DEAD:
            return DEAD, facing
    k = lay.kind[pos]
    if k == GEAR_CW:
        facing = (facing + 1) % 4
    elif k == GEAR_CCW:
        facing = (facing + 3) % 4
    if reg is not None and lay.crusher_mask[pos] >> reg & 1:
        return DEAD, facing
    return pos, facing


def laser_damage(lay: Layout, pos: int) -> int:
    return sum(lay.lasers[index][2] for index, _ in lay.cover.get(pos, ()))


def sim_register(lay: Layout, pos: int, facing: int, kind: int, reg: int) -> tuple[int, int, int]:
    """One register for a robot alone: (square or DEAD, facing, board laser damage)."""
    if kind >= 0:
        pos, facing = card_move(lay, pos, facing, kind)
        if pos == DEAD:
            return DEAD, facing, 0
    pos, facing = board_effects(lay, pos, facing, reg)
    if pos == DEAD:
        return DEAD, facing, 0
    return pos, facing, laser_damage(lay, pos)


@lru_cache(maxsize=64)
def _field(lay_id: int, target: int) -> tuple[int, ...]:
    lay = _LAYOUTS[lay_id]
    n = lay.width * lay.height
    rev: list[list[int]] = [[] for _ in range(n * 4)]
    for i in range(n):
        if lay.kind[i] in (PIT, VOID):
            continue
        for f in range(4):
            for k in KINDS:
                p, g = card_move(lay, i, f, k)
                if p == DEAD:
                    continue
                p, g = board_effects(lay, p, g, None)
                if p == DEAD:
                    continue
                rev[p * 4 + g].append(i * 4 + f)
    dist = [UNREACHABLE] * (n * 4)
    queue: deque[int] = deque()
    for f in range(4):
        dist[target * 4 + f] = 0
        queue.append(target * 4 + f)
    while queue:
        s = queue.popleft()
        for p in rev[s]:
            if dist[p] == UNREACHABLE:
                dist[p] = dist[s] + 1
                queue.append(p)
    return tuple(dist)


_LAYOUTS: dict[int, Layout] = {}


def distance_field(lay: Layout, target: int) -> tuple[int, ...]:
    """Registers needed from each (square * 4 + facing) to end a register on ``target``."""
    _LAYOUTS[id(lay)] = lay
    return _field(id(lay), target)


def dist_to_flag(lay: Layout, pos: int, facing: int, flag_index: int) -> int:
    if flag_index >= len(lay.flags):
        return 0
    if pos < 0:
        return UNREACHABLE
    return distance_field(lay, lay.flags[flag_index])[pos * 4 + facing]


# -- evaluation weights -------------------------------------------------------------------
W_DIST = 10.0
W_FLAG = 400.0
W_DAMAGE = 6.0
W_DEAD = 900.0
W_REPAIR = 8.0
W_LOCK = 25.0  # each register that damage would lock


class Evaluator:
    """Scores the end of a program for one robot; shared by the levels."""

    def __init__(self, lay: Layout, board: bool = True) -> None:
        self.lay = lay
        self.board = board

    def final(self, pos: int, facing: int, flags: int, damage: int) -> float:
        lay = self.lay
        if pos == DEAD:
            return -W_DEAD
        if flags >= len(lay.flags):
            return W_FLAG * flags + 500.0
        if self.board:
            d = dist_to_flag(lay, pos, facing, flags)
        else:
            t = lay.flags[flags]
            d = abs(t % lay.width - pos % lay.width) + abs(t // lay.width - pos // lay.width)
        score = W_FLAG * flags - W_DIST * d
        if damage and lay.kind[pos] in (WRENCH, DOUBLE_WRENCH):
            score += W_REPAIR
        return score


def simulate_program(
    lay: Layout, pos: int, facing: int, flags: int, kinds: list[int], board: bool = True
) -> tuple[int, int, int, int, list[tuple[int, int]]]:
    """A whole program for a robot alone: (pos, facing, flags, damage, path per register)."""
    damage = 0
    path = []
    for r, k in enumerate(kinds):
        if board:
            pos, facing, dmg = sim_register(lay, pos, facing, k, r)
        else:
            pos, facing = card_move(lay, pos, facing, k) if k >= 0 else (pos, facing)
            dmg = 0
        path.append((pos, facing))
        if pos == DEAD:
            break
        damage += dmg
        if flags < len(lay.flags) and lay.flags[flags] == pos:
            flags += 1
    return pos, facing, flags, damage, path
