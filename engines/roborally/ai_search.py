"""Smart RoboRally players: a single-robot simulator, a distance field and a program search.

Everything here works from a :class:`RoboRallyView` only (the seat's own hand, public robot
information and the board), so hidden programs of other robots are never read.

* :func:`sim_register` plays one register for one robot alone on the board, like the engine:
  the card, express belts, belts, pushers, gears, crushers, board lasers, flag touch.
* :func:`distance_field` gives, per (square, facing), how many registers a robot needs at best
  to end a register on a square, following belts, gears, walls and pits (cached per layout).
* :class:`SearchPlayer` (``hard``) tries every ordering of its hand, deduplicated by card type
  sequence and memoised per register, locked registers kept.
"""

from __future__ import annotations

import random
import time
from collections import deque
from functools import lru_cache
from typing import Any

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
from engines.roborally.cards import BACK, KIND, LEFT, MOVE1, MOVE2, MOVE3, RIGHT, UTURN
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyView

DEAD = -1
UNREACHABLE = 99
KINDS = (UTURN, LEFT, RIGHT, BACK, MOVE1, MOVE2, MOVE3)


def _step(lay: Layout, pos: int, d: int) -> int:
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
        return _step(lay, pos, (facing + 2) % 4), facing
    steps = 1 if kind == MOVE1 else 2 if kind == MOVE2 else 3
    for _ in range(steps):
        nxt = _step(lay, pos, facing)
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


def board_effects(
    lay: Layout, pos: int, facing: int, reg: int | None
) -> tuple[int, int]:
    """Belts, pushers (``reg`` None: none), gears and crushers after the cards move."""
    pos, facing = _belt(lay, pos, facing, True)
    if pos == DEAD:
        return DEAD, facing
    pos, facing = _belt(lay, pos, facing, False)
    if pos == DEAD:
        return DEAD, facing
    if reg is not None and lay.pusher_mask[pos] >> reg & 1:
        pos = _step(lay, pos, lay.pusher_dir[pos])
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


def _cards_for(hand: list[int], kinds: tuple[int, ...], regs: list[int], locked) -> tuple[int, ...]:
    """Concrete cards for a kind sequence: moves take their highest priority, turns lowest."""
    pool = sorted(hand, reverse=True)
    out = list(regs)
    for r in range(REGISTERS):
        if locked[r]:
            continue
        k = kinds[r]
        card = next(c for c in pool if KIND[c] == k)
        pool.remove(card)
        out[r] = card
    return tuple(out)


class BasePlayer:
    """Decisions shared by the levels; subclasses choose programs."""

    board_aware = True

    def __init__(self, seat: int, level: str = "", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        self.time_budget = 0.45

    # -- decisions ----------------------------------------------------------------
    def choose(self, view: RoboRallyView) -> Any:
        if view.pending == "program":
            return self.program(view)
        return self.decide(view)

    def me(self, view: RoboRallyView):
        return view.robots[self.seat]

    def decide(self, view: RoboRallyView) -> Any:
        choices = list(view.legal_actions())
        kind = view.pending
        me = self.me(view)
        values = [c.value for c in choices]
        lay = view.layout

        def pick(value: str) -> Decide:
            return Decide(kind, value) if value in values else choices[0]

        if kind in ("face", "reenter"):
            pos = me.pos if me.pos >= 0 else me.archive
            best = min(
                range(4),
                key=lambda f: (dist_to_flag(lay, pos, f, me.flags) if pos >= 0 else 0, f),
            )
            return pick("NESW"[best])
        if kind == "wrench":
            return pick("repair" if me.damage >= 3 else "option")
        if kind == "stay":
            return pick("no")
        if kind in ("keep", "park", "crab", "dual"):
            return pick("none")
        if kind in ("abort", "swap"):
            return pick("no")
        if kind == "gyro":
            return pick("off")
        return choices[0]

    # -- programs -----------------------------------------------------------------
    def program(self, view: RoboRallyView) -> Program:
        raise NotImplementedError

    def power_down(self, view: RoboRallyView, best_score: float) -> bool:
        return False


class EasyPlayer(BasePlayer):
    """A few random programs; keeps the one whose cards alone end nearest the next flag
    (it does not see belts, gears or pits, so it walks into trouble now and then)."""

    samples = 12
    board_aware = False

    def program(self, view: RoboRallyView) -> Program:
        choices = view.program_choices
        assert choices is not None
        me = self.me(view)
        lay = view.layout
        ev = Evaluator(lay, self.board_aware)
        best, best_score = None, float("-inf")
        for _ in range(self.samples):
            prog = choices[self.rng.randrange(choices.base)]
            if prog.power_down:
                prog = Program(prog.cards, False)
            kinds = [KIND[c] if c else -1 for c in prog.cards]
            pos, facing, flags, damage, _ = simulate_program(
                lay, me.pos, me.facing, me.flags, kinds, self.board_aware
            )
            score = ev.final(pos, facing, flags, me.damage + damage) - W_DAMAGE * damage
            score += self.rng.random()
            if score > best_score:
                best, best_score = prog, score
        assert best is not None
        return Program(best.cards, self.power_down(view, best_score))


class NormalPlayer(EasyPlayer):
    """Many random programs judged with the board (belts, gears, pits, lasers)."""

    samples = 300
    board_aware = True

    def power_down(self, view: RoboRallyView, best_score: float) -> bool:
        return self.me(view).damage >= 6


class SearchPlayer(BasePlayer):
    """``hard``: every ordering of the hand by card type, memoised per register."""

    def program(self, view: RoboRallyView) -> Program:
        choices = view.program_choices
        assert choices is not None
        me = self.me(view)
        lay = view.layout
        ev = Evaluator(lay, True)
        hand = list(view.hand)
        counts = [0] * 7
        for c in hand:
            counts[KIND[c]] += 1
        locked = list(me.locked)
        regs = list(view.program)
        deadline = time.monotonic() + self.time_budget
        memo: dict[tuple, tuple[float, tuple[int, ...]]] = {}
        base_damage = me.damage
        self.timed_out = False

        def search(r: int, pos: int, facing: int, flags: int, dmg: int, cnt: tuple) -> tuple:
            if pos == DEAD:
                # dying early is worse than dying late; the rest of the program does not matter
                return -W_DEAD - 50.0 * (REGISTERS - r), (0,) * (REGISTERS - r)
            if r == REGISTERS:
                return ev.final(pos, facing, flags, base_damage + dmg), ()
            key = (r, pos, facing, flags, dmg, cnt)
            hit = memo.get(key)
            if hit is not None:
                return hit
            best: tuple[float, tuple[int, ...]] = (float("-inf"), ())
            if locked[r]:
                options = [KIND[regs[r]] if regs[r] else -1]
            else:
                options = [k for k in range(7) if cnt[k]]
                if len(memo) & 255 == 0 and time.monotonic() > deadline:
                    self.timed_out = True
                if self.timed_out:  # out of time: the first card type only from here on
                    options = options[-1:]
            for k in options:
                npos, nf, d = sim_register(lay, pos, facing, k, r)
                if d and base_damage + dmg + d >= 10:
                    npos = DEAD
                nflags = flags
                # damage hurts more as it piles up (fewer cards, locked registers)
                gain = 0.0
                if d:
                    total = base_damage + dmg
                    gain = -W_DAMAGE * d * (1.0 + total / 3.0)
                    gain -= W_LOCK * (max(0, total + d - 4) - max(0, total - 4))
                if npos != DEAD and nflags < len(lay.flags) and lay.flags[nflags] == npos:
                    nflags += 1
                    gain += W_FLAG * 0.25 * (REGISTERS - r)  # earlier is better
                    if nflags == len(lay.flags):
                        val = (W_FLAG * nflags + 2000.0 + 100 * (REGISTERS - r), ())
                        cand = (val[0], (k,) + (0,) * (REGISTERS - r - 1))
                        if cand[0] > best[0]:
                            best = cand
                        continue
                if not locked[r]:
                    lst = list(cnt)
                    lst[k] -= 1
                    ncnt = tuple(lst)
                else:
                    ncnt = cnt
                sub, seq = search(r + 1, npos, nf, nflags, dmg + d, ncnt)
                val = sub + gain
                if val > best[0]:
                    best = (val, (k,) + seq)
            memo[key] = best
            return best

        score, seq = search(0, me.pos, me.facing, me.flags, 0, tuple(counts))
        kinds = list(seq) + [0] * (REGISTERS - len(seq))
        # fill registers after a win or a death with whatever cards remain
        kinds_full = []
        left = counts[:]
        for r in range(REGISTERS):
            if locked[r]:
                kinds_full.append(KIND[regs[r]] if regs[r] else -1)
                continue
            k = kinds[r] if r < len(seq) else -1
            if k < 0 or not left[k]:
                k = next(j for j in range(7) if left[j])
            left[k] -= 1
            kinds_full.append(k)
        cards = _cards_for(hand, tuple(kinds_full), regs, locked)
        prog = Program(cards, False)
        if choices.pd and self.power_down(view, score):
            prog = Program(cards, True)
        assert choices.problem(prog) is None, choices.problem(prog)
        return prog

    def power_down(self, view: RoboRallyView, best_score: float) -> bool:
        me = self.me(view)
        if me.damage >= 7:
            return True
        # badly damaged and the program does not even reach a flag: repair instead
        return me.damage >= 5 and best_score < W_FLAG * (me.flags + 1)

    def decide(self, view: RoboRallyView) -> Any:
        kind = view.pending
        values = [c.value for c in view.legal_actions()]
        me = self.me(view)
        if kind == "reenter" and me.damage >= 0:
            choice = super().decide(view)
            return choice
        if kind == "stay":
            return Decide("stay", "yes" if me.damage >= 6 else "no")
        if kind == "unlock" and values:
            return Decide("unlock", values[-1])
        if kind == "speed":
            return self._speed(view, values)
        return super().decide(view)

    def _speed(self, view: RoboRallyView, values: list[str]) -> Decide:
        """Brakes, Fourth Gear, Reverse Gear: the distance field picks the speed."""
        me = self.me(view)
        lay = view.layout
        best = values[0]
        best_d = None
        for v in values:
            steps = int(v)
            pos, facing = me.pos, me.facing
            card = view.program[view.register_no]
            d = facing if KIND[card] != BACK else (facing + 2) % 4
            for _ in range(steps):
                nxt = _step(lay, pos, d)
                pos = nxt
                if nxt == DEAD:
                    break
            dist = UNREACHABLE * 2 if pos == DEAD else dist_to_flag(lay, pos, facing, me.flags)
            if best_d is None or dist < best_d:
                best, best_d = v, dist
        return Decide("speed", best)
