"""Laser-mode pricing for the ``hard`` RoboRally player (the ``fire`` decision).

:func:`fire_scores` prices every laser mode on offer by what it does to the robot the laser hits
(found as RoboRallyState._beam, a High-Power Laser shooting through a wall or a robot): a kill,
a push (Pressor Beam, Tractor Beam, Mini Howitzer; as RoboRallyState._step) into a pit, away
from its flag or off the flag it stands on, damage that locks registers or kills, a register
locked by Fire Control, a lost option, its program run by Radio Control or scrambled. The
prices come from :class:`_Target`, on the scale of :class:`.evaluation.Evaluator` and weighted
towards the leader. :func:`fire_mode` picks the mode to fire ("normal" unless another is
clearly better).
"""

from __future__ import annotations

from functools import partial

from engines.roborally.ai.evaluation import (
    DEAD,
    W_DAMAGE,
    W_DEAD,
    W_DIST,
    W_FLAG,
    W_LOCK,
    dist_to_flag,
)
from engines.roborally.ai.simulation import (
    OPTION_VALUE,
    OptionSim,
    board_effect,
    card_effect,
    expect,
    own_robot,
    program_steps,
    seat_rng,
    unseen_kinds,
)
from engines.roborally.boardfile import DOUBLE_WRENCH, PIT, VOID, WRENCH
from engines.roborally.cards import BACK, KIND, LEFT, MOVE1, MOVE2, MOVE3, RIGHT, UTURN
from engines.roborally.phases import Phase
from engines.roborally.state import REGISTERS, RoboRallyView, RobotInfo, laser_beam

MAX_DIST = 12  # distance changes of other robots count up to this many registers

# how many of the 84 cards are of each kind: U-Turn, Left, Right, Back Up, Move 1, 2, 3
KIND_COUNT = (6, 18, 18, 6, 18, 12, 6)
KIND_WEIGHT = tuple(c / 84 for c in KIND_COUNT)
# how a card locked in a register for next turn hampers its robot (unknown card: 6)
LOCK_BADNESS = {UTURN: 12.0, BACK: 10.0, LEFT: 6.0, RIGHT: 6.0, MOVE1: 5.0, MOVE2: 4.0, MOVE3: 3.0}


# -- where a shot goes ----------------------------------------------------------------------
def _real_at(view: RoboRallyView, cell: int, skip: int) -> int:
    for r in view.robots:
        if r.pos == cell and r.seat != skip and not r.virtual:
            return r.seat
    return -1


def _beam(view: RoboRallyView, s: int, d: int, power: bool) -> tuple[int, int] | None:
    """(first real robot hit, robot shot through or -1), as the engine aims it."""
    robot_at = partial(_real_at, view, skip=s)
    return laser_beam(view.layout, view.robots[s].pos, d, power, robot_at)


def _push(view: RoboRallyView, target: int, d: int) -> dict[int, int]:
    """Where a push moves robots (as RoboRallyState._step): seat -> square or DEAD."""
    lay = view.layout
    t = view.robots[target]
    if lay.wall[t.pos] >> d & 1:
        return {}
    chain = [target]
    if not t.virtual:
        c = lay.nbr[t.pos][d]
        while c >= 0:
            r = _real_at(view, c, target)
            if r < 0:
                break
            chain.append(r)
            if lay.wall[c] >> d & 1:
                return {}
            c = lay.nbr[c][d]
    out = {}
    for s in chain:
        n = lay.nbr[view.robots[s].pos][d]
        out[s] = DEAD if n < 0 or lay.kind[n] in (PIT, VOID) else n
    return out


# -- what it does to the target -------------------------------------------------------------
class _Target:
    """Prices what happens to another robot, on the scale of the search, leader weighted."""

    def __init__(self, view: RoboRallyView) -> None:
        self.view = view
        self.lay = view.layout
        me = own_robot(view)
        self.reg = view.register_no if view.phase == Phase.RESOLVE else REGISTERS - 1
        lead = max(
            ((r.flags, -self.dist(r)) for r in view.robots if r.seat != me.seat and r.lives > 0),
            default=(0, 0),
        )
        self.lead = lead
        self.my_flags = me.flags

    def dist(self, r: RobotInfo, pos: int | None = None, facing: int | None = None) -> float:
        p = r.pos if pos is None else pos
        f = r.facing if facing is None else facing
        if p < 0:
            p = r.archive
        if p < 0:
            return MAX_DIST
        return min(MAX_DIST, dist_to_flag(self.lay, p, f, r.flags))

    def weight(self, r: RobotInfo) -> float:
        """More for a robot ahead: flags touched, then nearness to its next flag."""
        w = 1.0 + 0.3 * (r.flags - self.my_flags)
        if (r.flags, -self.dist(r)) >= self.lead:
            w += 0.3  # the leader among the others
        return min(2.5, max(0.5, w))

    def threat(self, r: RobotInfo) -> float:
        """How much its distance to the flag matters: most on the last leg, close in."""
        n = len(self.lay.flags)
        t = 1.0 + 0.5 * r.flags / max(1, n)
        if r.flags == n - 1 and self.dist(r) <= 5:
            t += 0.5
        return t

    def kill(self, r: RobotInfo) -> float:
        """A destroyed robot loses a life, an option and 2 damage, and restarts at its archive."""
        best_back: float = MAX_DIST
        if r.archive >= 0:
            best_back = min(self.dist(r, r.archive, f) for f in range(4))
        setback = max(0, best_back - self.dist(r))
        value = 250.0 + W_DIST * self.threat(r) * setback
        if r.lives <= 1:
            value += 250.0  # out of the game
        return value

    def damage(self, r: RobotInfo, n: int) -> float:
        if n <= 0:
            return 0.0
        if "ablative-coat" in r.options:
            return 3.0 * n  # the coat soaks it up (how much is left is hidden)
        value = 0.0
        total = r.damage
        for _ in range(n):
            if total + 1 >= 10:
                return value + self.kill(r)
            value += W_DAMAGE * (1.0 + total / 3.0)
            if total + 1 > 4:
                value += W_LOCK
            total += 1
        if r.announced or r.powered_down:
            value *= 0.2  # wiped by the coming power down
        return value

    def danger(self, r: RobotInfo, pos: int, facing: int) -> float:
        """Chance that its next card (hidden: any kind) kills it from ``pos`` next register."""
        nxt = self.reg + 1
        if nxt >= REGISTERS or r.powered_down:
            return 0.0
        lay = self.lay
        card = r.revealed[nxt] if r.locked[nxt] else 0
        kinds = [(KIND[card], 1.0)] if card else list(enumerate(KIND_WEIGHT))
        risk = 0.0
        for k, w in kinds:
            p, f = card_effect(lay, pos, facing, k, -1, "", None)
            if p != DEAD:
                p, f = board_effect(lay, p, f, nxt, False)
            if p == DEAD:
                risk += w
        return risk

    def moved(self, r: RobotInfo, pos: int) -> float:
        """A robot pushed to ``pos`` (DEAD: destroyed) at the end of this register's moves."""
        if pos == DEAD:
            return self.kill(r)
        lay = self.lay
        value = W_DIST * self.threat(r) * (self.dist(r, pos) - self.dist(r))
        value += 0.6 * self.kill(r) * self.danger(r, pos, r.facing)
        if r.flags < len(lay.flags):
            flag = lay.flags[r.flags]
            if flag == r.pos:
                value += 0.3 * W_FLAG  # pushed off the flag it was about to touch
            if flag == pos:
                value -= W_FLAG  # pushed onto it
        return value

    def pushed(self, target: int, d: int) -> float:
        me = self.view.seat
        value = 0.0
        for s, pos in _push(self.view, target, d).items():
            r = self.view.robots[s]
            sign = -1.0 if s == me else 1.0
            value += sign * self.weight(r) * self.moved(r, pos)
        return value

    def radio(self, r: RobotInfo) -> float:
        """The target runs our remaining cards instead of its own program."""
        view = self.view
        nxt = self.reg + 1
        if nxt >= REGISTERS or r.powered_down:
            return 0.0
        sim = OptionSim(self.lay, r.options, MAX_DIST)
        steps = program_steps(view)
        pool = unseen_kinds(view)
        flags = self.flags_now(r)
        ours = expect(
            sim,
            steps,
            nxt,
            (r.pos, r.facing, flags, r.damage),
            False,
            pool,
            seat_rng(view, 7),
            samples=8,
        )
        left = REGISTERS - nxt
        if flags == len(self.lay.flags):
            return 0.0  # it wins this register whatever we do
        d = min(MAX_DIST, dist_to_flag(self.lay, r.pos, r.facing, flags))
        # its own program would most likely bring it about a register nearer per register
        own = W_FLAG * flags - W_DIST * max(0, d - left)
        if d <= left:
            own += W_FLAG * 0.6
        if ours <= -W_DEAD + 1:
            return self.kill(r)
        return max(-W_FLAG, min(W_FLAG, (own - ours) * self.threat(r)))

    def flags_now(self, r: RobotInfo) -> int:
        """Its flags once this register's flags are touched (it stands on its next one)."""
        flags = self.lay.flags
        if r.flags < len(flags) and flags[r.flags] == r.pos:
            return r.flags + 1
        return r.flags

    def scramble(self, r: RobotInfo) -> float:
        nxt = self.reg + 1
        if nxt >= REGISTERS or r.locked[nxt] or r.powered_down:
            return 0.0
        return W_DIST * 0.7 * self.threat(r) + self.kill(r) * self.danger(r, r.pos, r.facing)

    def lock(self, r: RobotInfo, reg: int) -> float:
        """Fire Control: a register locked (with its card) and a card fewer, until a repair."""
        lay = self.lay
        value = W_DAMAGE * (1.0 + r.damage / 3.0) + 15.0 + W_DIST * 0.5 * (self.threat(r) - 1)
        card = r.revealed[reg]
        value += LOCK_BADNESS[KIND[card]] if card else 6.0
        if r.announced or r.powered_down:
            value *= 0.1
        elif self.reg == REGISTERS - 1 and (
            r.pos in lay.flags or lay.kind[r.pos] in (WRENCH, DOUBLE_WRENCH)
        ):
            value *= 0.1  # the repair at the end of the turn frees it
        return value

    def option(self, r: RobotInfo, option: str) -> float:
        if option == "ablative-coat":
            return 20.0
        if option == "mini-howitzer":
            return 20.0
        return 0.8 * OPTION_VALUE.get(option, 15.0)


# -- the fire decision ----------------------------------------------------------------------
def fire_mode(view: RoboRallyView, values: list[str]) -> str:
    """The laser mode that hurts the target most, weighted towards the leader."""
    scores = fire_scores(view, values)
    if not scores:
        return values[0]
    best = "normal" if "normal" in scores else values[0]
    for v in values:
        if scores[v] > scores[best] + 0.5:
            best = v
    return best


def fire_scores(view: RoboRallyView, values: list[str]) -> dict[str, float]:
    """What each laser mode is worth (harm to the target, weighted; empty: no target)."""
    me = own_robot(view)
    shot = _beam(view, view.seat, me.facing, "high-power-laser" in me.options)
    if shot is None:
        return {}
    target = shot[0]
    t = view.robots[target]
    price = _Target(view)
    w = price.weight(t)
    dmg = 2 if "double-barreled-laser" in me.options else 1
    scores: dict[str, float] = {}
    for v in values:
        if v == "normal":
            s = w * price.damage(t, dmg)
        elif v == "pressor":
            s = price.pushed(target, me.facing)
        elif v == "tractor":
            s = price.pushed(target, (me.facing + 2) % 4)
        elif v == "howitzer":
            hurt = price.damage(t, 1)
            if t.damage + 1 >= 10 and "ablative-coat" not in t.options:
                s = w * hurt
            else:
                s = w * hurt + price.pushed(target, me.facing)
            s -= 8.0  # a shot of five used up
        elif v == "radio":
            s = w * price.radio(t)
        elif v == "scramble":
            s = w * price.scramble(t)
        elif v.startswith("lock "):
            s = w * price.lock(t, int(v.split()[1]) - 1)
        elif v.startswith("destroy "):
            s = w * price.option(t, v.split()[1])
        else:
            s = 0.0
        scores[v] = s
    return scores
