"""A RoboRally robot alone on the board with its option cards, and what its seat knows.

The simulator under the ``hard`` player's option-card decisions (:mod:`.options`,
:mod:`.fire`), scored on the scale of :class:`.evaluation.Evaluator` (its W_* weights):

* :func:`card_effect` plays one card with its Crab Legs / Dual Processor pair and a speed option
  (Brakes, Fourth Gear, Reverse Gear); :func:`board_effect` the board elements of a register
  (express belts, belts, pushers, gears, crushers) with the Gyroscopic Stabilizer on or off.
* :class:`OptionSim` scores the rest of a program for the robot alone (board lasers, flags,
  Mechanical Arm, speed options chosen as they come) and traces where it goes; a program is a
  list of :data:`Step`.
* What the seat knows, from its own :class:`RoboRallyView`: :func:`own_robot`,
  :func:`program_steps` (its program as steps; cards it cannot see are RANDOM),
  :func:`unseen_kinds` (the cards the deck draws from), :func:`seat_rng` (a generator fixed by
  the view, so that a decision repeats) and :func:`expect` (a program's value with its RANDOM
  cards sampled).
* :data:`OPTION_VALUE` and :func:`option_worth`: what each option card is worth to a racing
  robot that holds it.
"""

from __future__ import annotations

import random

from engines.roborally.ai.evaluation import (
    DEAD,
    UNREACHABLE,
    W_DAMAGE,
    W_DEAD,
    W_DIST,
    W_FLAG,
    W_LOCK,
    W_REPAIR,
    dist_to_flag,
    laser_damage,
)
from engines.roborally.ai.evaluation import step as move
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
from engines.roborally.cards import BACK, DECK, KIND, MOVE1, MOVE3, STEPS, TURNS, UTURN
from engines.roborally.phases import Phase
from engines.roborally.state import REGISTERS, RoboRallyView, RobotInfo

NO_CARD = -1  # an empty register
RANDOM = -2  # a register whose card will be replaced by the top of the deck
SAMPLES = 24  # sampled replacement programs per Abort Switch question

# what an option card is worth to a racing robot that holds it (points of the Evaluator scale):
# a discard at the end of the turn, an option a shot would destroy
OPTION_VALUE = {
    "ablative-coat": 0.0,  # priced by the damage it still absorbs
    "abort-switch": 25.0,
    "brakes": 20.0,
    "circuit-breaker": -20.0,  # it powers a damaged robot down: better lost
    "conditional-program": 30.0,
    "crab-legs": 35.0,
    "double-barreled-laser": 22.0,
    "dual-processor": 45.0,
    "extra-memory": 60.0,
    "fire-control": 30.0,
    "flywheel": 35.0,
    "fourth-gear": 40.0,
    "gyroscopic-stabilizer": 20.0,
    "high-power-laser": 16.0,
    "mechanical-arm": 50.0,
    "mini-howitzer": 0.0,  # priced by the shots left
    "power-down-shield": 10.0,
    "pressor-beam": 25.0,
    "radio-control": 25.0,
    "ramming-gear": 15.0,
    "rear-firing-laser": 15.0,
    "recompile": 35.0,
    "reverse-gear": 15.0,
    "scrambler": 20.0,
    "superior-archive": 30.0,
    "tractor-beam": 15.0,
}

Step = tuple[int, int, str, int | None]  # card kind, pair kind, pair mode, fixed speed


def option_worth(view: RoboRallyView, option: str, destroyed: bool) -> float:
    """What ``option`` is worth to this seat's robot (``destroyed``: it is re-entering)."""
    if option == "ablative-coat":
        return 8.0 * view.ablative
    if option == "mini-howitzer":
        return 6.0 * view.howitzer
    if option == "superior-archive" and destroyed:
        return 90.0  # it spares the 2 damage of this very re-entry
    if option == "gyroscopic-stabilizer":
        lay = view.layout
        turners = sum(1 for k in lay.kind if k in (GEAR_CW, GEAR_CCW, BELT, EXPRESS))
        return 10.0 + min(30.0, turners / 4)
    return OPTION_VALUE.get(option, 15.0)


# -- a robot alone on the board -----------------------------------------------------------
def card_effect(
    lay: Layout, pos: int, facing: int, kind: int, pk: int, mode: str, speed: int | None
) -> tuple[int, int]:
    """The robot after its card and pair (as RoboRallyState._execute)."""
    if kind < 0:
        return pos, facing
    if mode == "crab":
        return move(lay, pos, (facing + TURNS[pk]) % 4), facing
    if kind in STEPS:
        steps = STEPS[kind]
        d = facing
        if steps < 0:
            d = (facing + 2) % 4
            steps = -steps
        if speed is not None:
            steps = speed
        if mode == "dual":  # a Dual Processor move is one square shorter (U-turn: two)
            steps = max(0, steps - (2 if pk == UTURN else 1))
        for _ in range(steps):
            nxt = move(lay, pos, d)
            if nxt == DEAD:
                return DEAD, facing
            if nxt == pos:
                break
            pos = nxt
    else:
        facing = (facing + TURNS[kind]) % 4
    if mode == "dual":
        facing = (facing + TURNS[pk]) % 4
    return pos, facing


def board_effect(lay: Layout, pos: int, facing: int, reg: int, gyro: bool) -> tuple[int, int]:
    """Express belts, belts, pushers, gears and crushers of register ``reg`` (0-based)."""
    kind = lay.kind
    for express_only in (True, False):
        k = kind[pos]
        if k == EXPRESS or (k == BELT and not express_only):
            d = lay.belt[pos]
            if not lay.wall[pos] >> d & 1:
                t = lay.nbr[pos][d]
                if t < 0 or kind[t] == PIT or kind[t] == VOID:
                    return DEAD, facing
                if not gyro and kind[t] in (BELT, EXPRESS) and lay.belt[t] != d:
                    turn = (lay.belt[t] - d) % 4
                    if turn == 1:
                        facing = (facing + 1) % 4
                    elif turn == 3:
                        facing = (facing + 3) % 4
                pos = t
    if lay.pusher_mask[pos] >> reg & 1:
        pos = move(lay, pos, lay.pusher_dir[pos])
        if pos == DEAD:
            return DEAD, facing
    if not gyro:
        k = kind[pos]
        if k == GEAR_CW:
            facing = (facing + 1) % 4
        elif k == GEAR_CCW:
            facing = (facing + 3) % 4
    if lay.crusher_mask[pos] >> reg & 1:
        return DEAD, facing
    return pos, facing


class OptionSim:
    """Scores the rest of a program for one robot alone, on the search's scale."""

    def __init__(
        self, lay: Layout, options: tuple[str, ...] | list[str], cap: int = UNREACHABLE
    ) -> None:
        self.lay = lay
        self.cap = cap  # distances count up to this many registers
        self.arm = "mechanical-arm" in options
        speeds: dict[int, tuple[int, ...]] = {}
        if "brakes" in options:
            speeds[MOVE1] = (1, 0)
        if "fourth-gear" in options:
            speeds[MOVE3] = (3, 4)
        if "reverse-gear" in options:
            speeds[BACK] = (1, 2)
        self.speeds = speeds

    def final(self, pos: int, facing: int, flags: int, damage: int) -> float:
        lay = self.lay
        if pos == DEAD:
            return -W_DEAD
        if flags >= len(lay.flags):
            return W_FLAG * flags + 500.0
        score = W_FLAG * flags - W_DIST * min(self.cap, dist_to_flag(lay, pos, facing, flags))
        if damage and self.repairs(pos):
            score += W_REPAIR
        return score

    def repairs(self, pos: int) -> bool:
        """A wrench repairs the robot at the end of the turn: on its square or, with the
        Mechanical Arm, one square away with no wall between (as the engine has it)."""
        lay = self.lay
        if lay.kind[pos] in (WRENCH, DOUBLE_WRENCH):
            return True
        return self.arm and any(
            lay.nbr[pos][d] >= 0
            and not lay.wall[pos] >> d & 1
            and lay.kind[lay.nbr[pos][d]] in (WRENCH, DOUBLE_WRENCH)
            for d in range(4)
        )

    def touch(self, pos: int, flags: int) -> int:
        lay = self.lay
        if flags >= len(lay.flags):
            return flags
        nxt = lay.flags[flags]
        if pos == nxt:
            return flags + 1
        if self.arm:  # also from a flag or wrench of its own, as the engine has it
            for d in range(4):
                if lay.nbr[pos][d] == nxt and not lay.wall[pos] >> d & 1:
                    return flags + 1
        return flags

    def advance(
        self,
        r: int,
        pos: int,
        facing: int,
        flags: int,
        damage: int,
        step: Step,
        gyro: bool,
        speed: int | None,
    ) -> tuple[float, tuple[int, int, int, int] | None]:
        """One register: (gain, next state) or (end value, None) when the robot dies or wins."""
        lay = self.lay
        kind, pk, mode, _ = step
        npos, nf = card_effect(lay, pos, facing, kind, pk, mode, speed)
        if npos != DEAD:
            npos, nf = board_effect(lay, npos, nf, r, gyro)
        if npos == DEAD:
            return -W_DEAD - 50.0 * (REGISTERS - r), None
        gain = 0.0
        d = laser_damage(lay, npos)
        if d:
            if damage + d >= 10:
                return -W_DEAD - 50.0 * (REGISTERS - r), None
            gain -= W_DAMAGE * d * (1.0 + damage / 3.0)
            gain -= W_LOCK * (max(0, damage + d - 4) - max(0, damage - 4))
        nflags = self.touch(npos, flags)
        if nflags > flags:
            if nflags == len(lay.flags):
                return W_FLAG * nflags + 2000.0 + 100.0 * (REGISTERS - r), None
            gain += W_FLAG * 0.25 * (REGISTERS - r)
        return gain, (npos, nf, nflags, damage + d)

    def run(
        self,
        steps: list[Step],
        r: int,
        pos: int,
        facing: int,
        flags: int,
        damage: int,
        gyro: bool,
    ) -> float:
        """The best value of registers r..5 (speed options chosen as they come)."""
        if pos == DEAD:
            return -W_DEAD - 50.0 * (REGISTERS - r)
        if r == REGISTERS:
            return self.final(pos, facing, flags, damage)
        step = steps[r]
        kind, _, mode, speed = step
        if speed is None and mode != "crab" and kind in self.speeds:
            speeds: tuple[int | None, ...] = self.speeds[kind]
        else:
            speeds = (speed,)
        best = float("-inf")
        for sp in speeds:
            gain, state = self.advance(r, pos, facing, flags, damage, step, gyro, sp)
            val = gain if state is None else gain + self.run(steps, r + 1, *state, gyro)
            if val > best:
                best = val
        return best

    def trace(
        self, steps: list[Step], r: int, pos: int, facing: int, flags: int, damage: int, gyro: bool
    ) -> list[tuple[int, int, int, int]]:
        """States at the start of registers r..5 (normal speeds); stops at death or a win."""
        out = [(pos, facing, flags, damage)]
        for reg in range(r, REGISTERS):
            _, state = self.advance(reg, pos, facing, flags, damage, steps[reg], gyro, None)
            if state is None:
                break
            pos, facing, flags, damage = state
            out.append(state)
        return out


# -- what the seat knows -----------------------------------------------------------------------
def own_robot(view: RoboRallyView) -> RobotInfo:
    return view.robots[view.seat]


def program_steps(view: RoboRallyView) -> list[Step]:
    """The robot's program as simulation steps (register 1 first)."""
    me = own_robot(view)
    out: list[Step] = []
    for r in range(REGISTERS):
        if view.radio >= 0:  # running another robot's program: only its shown cards are known
            card = view.robots[view.radio].revealed[r]
            out.append((KIND[card] if card else RANDOM, -1, "", None))
            continue
        card = view.program[r]
        if (
            view.phase == Phase.RESOLVE
            and view.abort
            and r > view.register_no
            and not me.locked[r]
            and card
        ):
            out.append((RANDOM, -1, "", None))
            continue
        pair = view.pairs[r]
        mode = ""
        if pair:
            mode = "crab" if view.crab == r else "dual" if view.dual == r else ""
        out.append((KIND[card] if card else NO_CARD, KIND[pair] if pair else -1, mode, None))
    return out


def unseen_kinds(view: RoboRallyView) -> list[int]:
    """Kinds of the cards this seat has not seen this turn (the deck draws from these)."""
    seen = set(view.hand) | set(view.program) | set(view.pairs) | {view.parked, view.flywheel}
    for r in view.robots:
        seen.update(r.revealed)
    return [KIND[c] for c in DECK if c not in seen]


def seat_rng(view: RoboRallyView, salt: int = 0) -> random.Random:
    """A generator fixed by what the seat sees, so that a decision repeats exactly."""
    me = own_robot(view)
    return random.Random(
        hash((view.turn, view.register_no, view.seat, me.pos, me.facing, me.damage, salt))
    )


def expect(
    sim: OptionSim,
    steps: list[Step],
    r: int,
    state: tuple[int, int, int, int],
    gyro: bool,
    pool: list[int],
    rng: random.Random,
    samples: int = SAMPLES,
) -> float:
    """The value of registers r..5; RANDOM cards are drawn from ``pool`` (mean of samples)."""
    slots = [i for i in range(r, REGISTERS) if steps[i][0] == RANDOM]
    if not slots:
        return sim.run(steps, r, *state, gyro)
    if len(pool) < len(slots):
        pool = list(pool) + [MOVE1] * len(slots)
    total = 0.0
    for _ in range(samples):
        drawn = rng.sample(pool, len(slots))
        trial = list(steps)
        for i, k in zip(slots, drawn, strict=True):
            trial[i] = (k, -1, "", None)
        total += sim.run(trial, r, *state, gyro)
    return total / samples
