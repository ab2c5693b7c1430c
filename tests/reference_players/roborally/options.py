"""Option-card, register-time and end-of-turn decisions for the ``hard`` RoboRally player.

:func:`decide_option` answers every pending decision of :class:`SearchPlayer` except ``face``,
``reenter`` and ``stay`` (None: the shared default of ``BasePlayer.decide``). Everything is
judged from the seat's own :class:`RoboRallyView`: its hand, program, pairs and parked card,
and what every seat sees of the robots. The robot's own program is simulated alone on the
board with :class:`~engines.roborally.ai.simulation.OptionSim`; cards the seat cannot see (the
deck, other robots' hidden registers) are sampled from the cards it has not seen.

* ``speed`` (Brakes, Fourth Gear, Reverse Gear): the rest of the program is simulated with each
  speed; the best wins.
* ``abort`` (Abort Switch): the rest of the program as it is (and aborting at a later register)
  against sampled random replacements of this and the later unlocked cards.
* ``swap`` (Conditional Program): swapping the parked card in now, against keeping the program
  or swapping it into a later register.
* ``gyro``: the program with and without gears and curved belts turning the robot.
* ``crab`` / ``dual``: every pairing (and the pairing still to come, and the gyro) simulated.
* ``keep`` (Flywheel): the card worth most as next turn's first card from where the program
  ends, unless a pairing this turn needs it.
* ``park`` (Conditional Program): the card that best repairs the program when the robot is
  turned or pushed off its path, unless a pairing needs it.
* ``fire``: the laser mode priced by :mod:`engines.roborally.ai.fire` (:func:`fire_scores` is
  re-exported here).
* ``discard``, ``wrench``, ``unlock`` (end of turn): option values, damage costs, and the best
  program the remaining locked cards still allow.

:func:`should_recompile` tells the program search whether a new hand (for 1 damage) is likely
to beat the best program of the present one.
"""

from __future__ import annotations

from engines.roborally.cards import (
    BACK,
    DECK,
    KIND,
    LEFT,
    MOVE1,
    MOVE2,
    MOVE3,
    MOVES,
    RIGHT,
    ROTATES,
    UTURN,
)
from engines.roborally.state import REGISTERS, Decide, RoboRallyView
from tests.reference_players.roborally.evaluation import (
    DEAD,
    W_DAMAGE,
    W_DEAD,
    W_DIST,
    W_FLAG,
    W_LOCK,
    dist_to_flag,
)
from tests.reference_players.roborally.fire import fire_mode, fire_scores
from tests.reference_players.roborally.simulation import (
    NO_CARD,
    RANDOM,
    OptionSim,
    Step,
    expect,
    move,
    option_worth,
    own_robot,
    program_steps,
    seat_rng,
    unseen_kinds,
)

__all__ = ["decide_option", "fire_scores", "should_recompile"]

RECOMPILE_SAMPLES = 12  # sampled new hands per Recompile question

# what a kind is worth as a spare card for next turn (Flywheel), before the board has its say
SPARE_VALUE = {
    MOVE3: 30.0,
    MOVE2: 24.0,
    MOVE1: 14.0,
    RIGHT: 12.0,
    LEFT: 12.0,
    UTURN: 8.0,
    BACK: 5.0,
}


# -- what the seat knows (more in .simulation) ------------------------------------------------
def _gyros(view: RoboRallyView) -> tuple[bool, ...]:
    """Gyro settings still open: both while programming (it is asked last), else the set one."""
    if view.phase == "program" and "gyroscopic-stabilizer" in own_robot(view).options:
        return (False, True)
    return (view.gyro,)


def _start(view: RoboRallyView) -> tuple[int, int, int, int]:
    me = own_robot(view)
    return me.pos, me.facing, me.flags, me.damage


# -- the decisions -------------------------------------------------------------------------
def decide_option(player: object, view: RoboRallyView) -> Decide | None:
    """The hard player's answer to a pending decision, or None for the shared default.

    ``player`` is the asking :class:`~engines.roborally.ai.search.SearchPlayer` (unused:
    everything is judged from the view).
    """
    kind = view.pending
    values = [c.value for c in view.legal_actions() if isinstance(c, Decide)]
    handler = _HANDLERS.get(kind)
    if handler is None or not values:
        return None
    if kind not in ("discard", "wrench", "unlock") and own_robot(view).pos < 0:
        return None
    value = handler(view, values)
    if value is None or value not in values:
        return None
    return Decide(kind, value)


def _speed(view: RoboRallyView, values: list[str]) -> str:
    """Brakes, Fourth Gear, Reverse Gear: the rest of the program simulated at each speed."""
    me = own_robot(view)
    sim = OptionSim(view.layout, me.options)
    steps = program_steps(view)
    reg = view.register_no
    kind, pk, mode, _ = steps[reg]
    if kind < 0:  # the card is not ours to see (radio control): the card being executed
        card = view.robots[view.radio].revealed[reg] if view.radio >= 0 else view.program[reg]
        kind = KIND[card] if card else NO_CARD
    pool = unseen_kinds(view)
    best, best_v = values[0], float("-inf")
    for v in values:
        trial = list(steps)
        trial[reg] = (kind, pk, mode, int(v))
        val = expect(sim, trial, reg, _start(view), view.gyro, pool, seat_rng(view, 1))
        if val > best_v + 1e-9:
            best, best_v = v, val
    return best


def _abort(view: RoboRallyView, values: list[str]) -> str:
    """Abort Switch: replace this and the later unlocked cards when that is clearly better."""
    me = own_robot(view)
    sim = OptionSim(view.layout, me.options)
    steps = program_steps(view)
    reg = view.register_no
    pool = unseen_kinds(view)
    state = _start(view)
    keep = expect(sim, steps, reg, state, view.gyro, pool, seat_rng(view, 2))

    def aborted(at: int) -> list[Step]:
        out = list(steps)
        for r in range(at, REGISTERS):
            if not me.locked[r] and out[r][0] != NO_CARD:
                out[r] = (RANDOM, -1, "", None)
        return out

    now = expect(sim, aborted(reg), reg, state, view.gyro, pool, seat_rng(view, 3))
    # the switch stays available at the later reveals: aborting later may be better still
    later = keep
    path = sim.trace(steps, reg, *state, view.gyro)
    for at in range(reg + 1, REGISTERS):
        if at - reg >= len(path) or me.locked[at]:
            continue
        trial = aborted(at)
        trial[reg:at] = steps[reg:at]
        val = expect(sim, trial, reg, state, view.gyro, pool, seat_rng(view, 4 + at))
        later = max(later, val)
    margin = 40.0 if keep > -W_DEAD / 2 else 5.0
    return "yes" if now > later + margin else "no"


def _swap(view: RoboRallyView, values: list[str]) -> str:
    """Conditional Program: swap the parked card in when this register is the best place."""
    me = own_robot(view)
    if not view.parked:
        return "no"
    sim = OptionSim(view.layout, me.options)
    steps = program_steps(view)
    reg = view.register_no
    pool = unseen_kinds(view)
    state = _start(view)
    parked: Step = (KIND[view.parked], -1, "", None)

    def value(at: int | None) -> float:
        trial = list(steps)
        if at is not None:
            trial[at] = parked
        return expect(sim, trial, reg, state, view.gyro, pool, seat_rng(view, 5))

    now = value(reg)
    wait = value(None)
    if not view.abort:
        for at in range(reg + 1, REGISTERS):
            if not me.locked[at] and view.program[at]:
                wait = max(wait, value(at))
    return "yes" if now > wait + 1.0 else "no"


def _gyro(view: RoboRallyView, values: list[str]) -> str:
    """Gyroscopic Stabilizer: on when gears and curved belts would turn the robot wrong."""
    me = own_robot(view)
    sim = OptionSim(view.layout, me.options)
    steps = program_steps(view)
    state = _start(view)
    off = sim.run(steps, 0, *state, False)
    on = sim.run(steps, 0, *state, True)
    return "on" if on > off + 0.5 else "off"


# -- pairings (Crab Legs, Dual Processor) ----------------------------------------------------
def _pair_slots(view: RoboRallyView, mode: str, taken: set[int]) -> list[int]:
    """Registers a pair of this mode may join (as RoboRallyState._pair_choices)."""
    me = own_robot(view)
    out = []
    for r in range(REGISTERS):
        card = view.program[r]
        if me.locked[r] or view.pairs[r] or not card or r in taken:
            continue
        rk = KIND[card]
        if (mode == "crab" and rk == MOVE1) or (mode == "dual" and rk in MOVES):
            out.append(r)
    return out


def _pair_kinds(mode: str) -> tuple[int, ...]:
    return (LEFT, RIGHT) if mode == "crab" else (LEFT, RIGHT, UTURN)


def _pairings_left(view: RoboRallyView, first: str) -> list[str]:
    """The pairing questions still to come from ``first`` on (both for 'crab')."""
    me = own_robot(view)
    out = []
    if first in ("crab", "keep", "park") and "crab-legs" in me.options:
        out.append("crab")
    if first in ("crab", "dual", "keep", "park") and "dual-processor" in me.options:
        out.append("dual")
    return out


def _best_pairing(
    view: RoboRallyView, hand_kinds: list[int], modes: list[str]
) -> tuple[float, tuple[tuple[int, int], ...]]:
    """Best program value over the pairings of ``modes`` (in order) from these spare kinds:
    (value, ((pair kind, register) or (-1, -1) per mode))."""
    me = own_robot(view)
    sim = OptionSim(view.layout, me.options)
    base = program_steps(view)
    state = _start(view)
    gyros = _gyros(view)
    best: list = [float("-inf"), ()]

    def value(steps: list[Step]) -> float:
        return max(sim.run(steps, 0, *state, g) for g in gyros)

    def walk(i: int, steps: list[Step], kinds: list[int], taken: set[int], chosen: tuple) -> None:
        if i == len(modes):
            v = value(steps)
            if v > best[0] + 1e-9:
                best[0], best[1] = v, chosen
            return
        mode = modes[i]
        walk(i + 1, steps, kinds, taken, (*chosen, (-1, -1)))
        for pk in _pair_kinds(mode):
            if pk not in kinds:
                continue
            rest = list(kinds)
            rest.remove(pk)
            for r in _pair_slots(view, mode, taken):
                trial = list(steps)
                k, _, _, sp = trial[r]
                trial[r] = (k, pk, mode, sp)
                walk(i + 1, trial, rest, taken | {r}, (*chosen, (pk, r)))

    walk(0, base, hand_kinds, set(), ())
    return best[0], best[1]


def _pair(view: RoboRallyView, values: list[str]) -> str:
    """Crab Legs / Dual Processor: the pairing (or none) that makes the best program."""
    kind = view.pending
    modes = _pairings_left(view, kind)
    if kind not in modes:
        modes = [kind, *modes]
    _, chosen = _best_pairing(view, [KIND[c] for c in view.hand], modes)
    if not chosen:
        return "none"
    pk, r = chosen[0]
    if pk < 0:
        return "none"
    for v in values:
        if v == "none":
            continue
        card, _, reg = v.partition("@")
        if KIND[int(card)] == pk and int(reg) - 1 == r:
            return v
    return "none"


def _pair_loss(view: RoboRallyView, modes: list[str]) -> dict[int, float]:
    """What giving up each spare card (by kind) costs the pairings still to come."""
    if not modes:
        return {}
    kinds = [KIND[c] for c in view.hand]
    full, _ = _best_pairing(view, kinds, modes)
    loss: dict[int, float] = {}
    for k in set(kinds):
        if k not in ROTATES or kinds.count(k) > 1:
            loss[k] = 0.0
            continue
        rest = list(kinds)
        rest.remove(k)
        without, _ = _best_pairing(view, rest, modes)
        loss[k] = max(0.0, full - without)
    return loss


def _keep(view: RoboRallyView, values: list[str]) -> str:
    """Flywheel: the spare card worth most as next turn's first card, where the program ends."""
    me = own_robot(view)
    lay = view.layout
    sim = OptionSim(lay, me.options)
    path = sim.trace(program_steps(view), 0, *_start(view), False)
    loss = _pair_loss(view, _pairings_left(view, "keep"))
    end = path[-1] if len(path) == REGISTERS + 1 else None
    best, best_v = "none", float("-inf")
    for v in values:
        if v == "none":
            continue
        card = int(v)
        k = KIND[card]
        score = SPARE_VALUE[k] - loss.get(k, 0.0)
        if end is not None and end[2] < len(lay.flags):
            pos, facing, flags, damage = end
            before = dist_to_flag(lay, pos, facing, flags)
            gain, state = sim.advance(0, pos, facing, flags, damage, (k, -1, "", None), False, None)
            if state is None:
                score += 0.2 * gain  # a win or a death from where the program ends
            else:
                after = dist_to_flag(lay, state[0], state[1], state[2])
                score += W_DIST * min(2, before - after) + (W_FLAG if state[2] > flags else 0.0)
        # among equals: a move with a high priority moves first, a turn's priority hardly counts
        score += card / 10000.0 if k in MOVES else 0.0
        if score > best_v:
            best, best_v = v, score
    return best


def _park(view: RoboRallyView, values: list[str]) -> str:
    """Conditional Program: park the card that best repairs the program when the robot is
    turned or pushed off its planned path (it may be swapped in before any later reveal)."""
    me = own_robot(view)
    lay = view.layout
    sim = OptionSim(lay, me.options)
    steps = program_steps(view)
    loss = _pair_loss(view, _pairings_left(view, "park"))
    path = sim.trace(steps, 0, *_start(view), False)
    perturbed: list[tuple[int, tuple[int, int, int, int]]] = []
    for r, (pos, facing, flags, damage) in enumerate(path[:REGISTERS]):
        if me.locked[r]:
            continue
        for f in ((facing + 1) % 4, (facing + 3) % 4):
            perturbed.append((r, (pos, f, flags, damage)))
        for d in range(4):
            p = move(lay, pos, d)
            if p != DEAD and p != pos:
                perturbed.append((r, (p, facing, flags, damage)))
    plain = [sim.run(steps, r, *state, False) for r, state in perturbed]
    by_kind: dict[int, float] = {}
    best, best_v = "none", 0.0
    for v in values:
        if v == "none":
            continue
        k = KIND[int(v)]
        if k not in by_kind:
            total = 0.0
            for (r, state), v0 in zip(perturbed, plain, strict=True):
                top = v0
                for at in (r, r + 1):
                    if at < REGISTERS and not me.locked[at] and view.program[at]:
                        trial = list(steps)
                        trial[at] = (k, -1, "", None)
                        top = max(top, sim.run(trial, r, *state, False))
                total += top - v0
            by_kind[k] = total / max(1, len(perturbed)) + SPARE_VALUE[k] / 100.0
        score = by_kind[k] - loss.get(k, 0.0)
        if score > best_v:
            best, best_v = v, score
    return best


# -- end of turn -----------------------------------------------------------------------------
def _discard(view: RoboRallyView, values: list[str]) -> str:
    """Destroyed: give up the option worth least (Circuit Breaker first of all)."""
    return min(values, key=lambda o: (option_worth(view, o, True), values.index(o)))


def _wrench(view: RoboRallyView, values: list[str]) -> str:
    """Double wrench: an option card unless the 2 repairs are worth more."""
    me = own_robot(view)
    dmg = me.damage
    if me.announced:
        return "option"  # the power down clears the damage anyway
    if "circuit-breaker" in me.options:
        if dmg >= 5:
            return "option"  # powered down next turn in any case: the damage goes then
        if dmg >= 3:
            return "repair"  # below 3 the breaker does not trip
    if dmg >= 4 or (me.lives <= 1 and dmg >= 3):
        return "repair"
    return "option"


def _unlock(view: RoboRallyView, values: list[str]) -> str:
    """Free the locked register whose card hampers next turn's best program most."""
    me = own_robot(view)
    lay = view.layout
    pos, facing = (me.pos, me.facing) if me.pos >= 0 else (me.archive, me.facing)
    if pos < 0:
        return values[-1]
    sim = OptionSim(lay, me.options)
    best, best_v = values[-1], float("-inf")
    for v in reversed(values):  # the highest register wins ties
        free = int(v) - 1
        fixed = [
            KIND[view.program[r]] if me.locked[r] and r != free and view.program[r] else None
            for r in range(REGISTERS)
        ]
        val = _optimistic(sim, fixed, pos, facing, me.flags, me.damage)
        if val > best_v + 1e-9:
            best, best_v = v, val
    return best


def _optimistic(
    sim: OptionSim, fixed: list[int | None], pos: int, facing: int, flags: int, damage: int
) -> float:
    """The best program from here when the free registers may hold any card (a beam search)."""
    lay = sim.lay
    layer: dict[tuple[int, int, int], tuple[float, int]] = {(pos, facing, flags): (0.0, damage)}
    best_end = float("-inf")
    for r in range(REGISTERS):
        nxt: dict[tuple[int, int, int], tuple[float, int]] = {}
        kinds = (fixed[r],) if fixed[r] is not None else tuple(range(7))
        for (p, f, fl), (acc, dmg) in layer.items():
            for k in kinds:
                gain, state = sim.advance(r, p, f, fl, dmg, (k, -1, "", None), False, None)
                if state is None:
                    best_end = max(best_end, acc + gain)
                    continue
                key = state[:3]
                if key not in nxt or nxt[key][0] < acc + gain:
                    nxt[key] = (acc + gain, state[3])
        ranked = sorted(
            nxt.items(),
            key=lambda it: it[1][0] - W_DIST * dist_to_flag(lay, it[0][0], it[0][1], it[0][2]),
            reverse=True,
        )
        layer = dict(ranked[:16])
        if not layer:
            break
    for (p, f, fl), (acc, dmg) in layer.items():
        best_end = max(best_end, acc + sim.final(p, f, fl, dmg))
    return best_end


_HANDLERS = {
    "speed": _speed,
    "abort": _abort,
    "swap": _swap,
    "gyro": _gyro,
    "crab": _pair,
    "dual": _pair,
    "keep": _keep,
    "park": _park,
    "fire": fire_mode,
    "discard": _discard,
    "wrench": _wrench,
    "unlock": _unlock,
}


# -- Recompile ---------------------------------------------------------------------------------
def _greedy(
    sim: OptionSim,
    kinds: list[int],
    locked: tuple[bool, ...],
    program: tuple[int, ...],
    state: tuple[int, int, int, int],
) -> float:
    """A quick program from a hand: each register takes the card that is best with a look
    one register further (an underestimate of the full search)."""
    counts = [0] * 7
    for k in kinds:
        counts[k] += 1
    total = 0.0
    pos, facing, flags, damage = state

    def choices(r: int, cnt: list[int]) -> list[int]:
        if locked[r]:
            return [KIND[program[r]] if program[r] else NO_CARD]
        return [k for k in range(7) if cnt[k]] or [NO_CARD]

    for r in range(REGISTERS):
        best_k, best_v, best_step = NO_CARD, float("-inf"), None
        for k in choices(r, counts):
            gain, nstate = sim.advance(
                r, pos, facing, flags, damage, (k, -1, "", None), False, None
            )
            if nstate is None or r == REGISTERS - 1:
                v = gain + (0.0 if nstate is None else sim.final(*nstate))
            else:
                cnt = counts[:]
                if not locked[r] and k >= 0:
                    cnt[k] -= 1
                v2 = float("-inf")
                for k2 in choices(r + 1, cnt):
                    g2, s2 = sim.advance(r + 1, *nstate, (k2, -1, "", None), False, None)
                    v2 = max(v2, g2 + (0.0 if s2 is None else sim.final(*s2)))
                v = gain + v2
            if v > best_v:
                best_k, best_v, best_step = k, v, (gain, nstate)
        assert best_step is not None
        gain, nstate = best_step
        total += gain
        if nstate is None:
            return total
        if not locked[r] and best_k >= 0:
            counts[best_k] -= 1
        pos, facing, flags, damage = nstate
    return total + sim.final(pos, facing, flags, damage)


def should_recompile(player: object, view: RoboRallyView, best_score: float | None) -> bool:
    """Recompile (1 damage, a new hand) when sampled new hands clearly beat this one.

    ``best_score`` is the search's value of its best program from the present hand, on the
    Evaluator's scale (W_FLAG per flag, W_DIST per register from the next flag, -W_DEAD for
    death); None: judged by the same quick planner as the new hands.
    """
    if view.pending != "program" or view.program_choices is None:
        return False
    if Decide("recompile", "") not in view.program_choices.extras:
        return False
    me = own_robot(view)
    if me.pos < 0 or me.damage >= 4:
        return False
    sim = OptionSim(view.layout, me.options)
    state = _start(view)
    locked = me.locked
    now = _greedy(sim, [KIND[c] for c in view.hand], locked, view.program, state)
    if best_score is not None:
        now = max(now, best_score)
    free = REGISTERS - sum(locked)
    size = max(free, 9 - (me.damage + 1) + ("extra-memory" in me.options))
    seen = set(view.hand) | set(view.program) | {view.flywheel}
    for r in view.robots:
        seen.update(r.revealed)
    pool = [KIND[c] for c in DECK if c not in seen]  # the present hand goes to the discards
    if len(pool) < size:
        return False
    rng = seat_rng(view, 11)
    total = 0.0
    for _ in range(RECOMPILE_SAMPLES):
        hand = rng.sample(pool, size)
        total += _greedy(sim, hand, locked, view.program, state)
    new = total / RECOMPILE_SAMPLES
    cost = W_DAMAGE * (1.0 + me.damage / 3.0) + W_LOCK * max(0, me.damage + 1 - 4)
    return new - cost > now + 20.0
