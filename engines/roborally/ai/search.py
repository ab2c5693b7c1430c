"""RoboRally computer players: easy, normal and hard (the program search).

Everything here works from a :class:`RoboRallyView` only (the seat's own hand, public robot
information and the board), so hidden programs of other robots are never read. The robot
alone on the board, the distance field and the weights are in :mod:`.evaluation`; the hard
player's option-card decisions in :mod:`.options`.

* :class:`EasyPlayer` and :class:`NormalPlayer` judge a few or many random programs.
* :class:`SearchPlayer` (``hard``) tries every ordering of its hand, deduplicated by card type
  sequence and memoised per register, locked registers kept; other robots' lasers weighed
  where they aim now (:func:`threat_map`); its best few programs are rescored with the whole
  table (:mod:`.rescore`: the other robots' programs sampled, the engine's rules), each with
  and without a power down (sampled look-ahead; never powered down in a board laser).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from engines.roborally.ai.evaluation import (
    DEAD,
    W_DAMAGE,
    W_DEAD,
    W_FLAG,
    W_LOCK,
    Evaluator,
    dist_to_flag,
    repair_at,
    residual_damage,
    sim_register,
    simulate_program,
)
from engines.roborally.ai.options import decide_option, should_recompile
from engines.roborally.ai.rescore import table_values
from engines.roborally.ai.sacrifice import sacrifice_choice
from engines.roborally.ai.table import hand_size
from engines.roborally.boardfile import Layout
from engines.roborally.cards import DECK, KIND
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyView


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
        if kind == "sacrifice":
            return pick(sacrifice_choice(view, values))
        return choices[0]

    # -- programs -----------------------------------------------------------------
    def program(self, view: RoboRallyView) -> Program | Decide:
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


# chance that another robot still aims along its present line when register r fires
THREAT_WEIGHT = (0.4, 0.3, 0.2, 0.15, 0.1)
PD_SAMPLES = 8  # sampled future hands per power-down question
PD_BUDGET = 0.12  # seconds for one power-down question
PD_MARGIN = 10.0  # a power down must beat going on by this much (a lost turn is certain)
PD_CANDIDATES = 3  # programs (best first) also judged with a power down announced
DEATH_COST = 200.0  # a life and a lost turn, over the look-ahead's place on the board
TIME_BUDGET = 0.4  # seconds for a programming decision (p95 target: 0.5 s under load)
CANDIDATES = 8  # best programs for the robot alone rescored with the whole table
TABLE_SAMPLES = 12  # sampled programs of the other robots per rescoring
DEATH_PENALTY = 300.0  # on top of the death's price: a risk of dying, avoided hard
NEAR_DEATH = 3.0  # per rival robot and (damage over 5) squared, carried after the look-ahead
OTHERS_PLANNED = 0  # the other robots' sampled hands programmed by this search (0: greedy)
# the lone search's score (below its best) added to the table's value when the lone best is as
# safe as any program in the table: the table's dozen turns of guessed other robots are noisy,
# and on their own they turned the robot off its fastest program for little (race2v2, 144 races
# at fixed samples: 91 won against 85, deaths per robot per race 0.319 against 0.351)
BLEND = 1.0
# when the table's best program still dies in this share of the sampled turns, the WIDER best
# programs for the robot alone are rescored too (the same sampled turns): a way out among the
# lone search's slower programs. race2v2 at fixed samples, 576 races (seed bases 3000, 5000,
# 7000, 9000): 382 deaths in 1152 robot-races against 412 (fewer on every set), races won 373
# against 377 (9 gained, 13 lost)
WIDEN_RISK = 0.25
WIDER = 40
# the power-down look-ahead's race won in its first turn, over one won a turn later: the end of
# the race is worth the same whenever it comes, so a robot a register or two from winning,
# carrying 2-4 damage, powered down for the repair and lost the race to a robot behind it (new
# robots spent 20 turns powered down within 3 registers of winning in race2v2's 144 races).
# race2v2 at fixed samples, 576 races (seed bases 3000, 5000, 7000, 9000): 384 won against 373
# (15 gained, 4 lost), deaths 377 against 382; 1000 instead of 400: the same (+1 in 288 races)
EARLY_WIN = 400.0

Candidate = tuple[float, list[int], tuple[int, ...]]  # lone score, card kinds, cards


def threat_map(view: RoboRallyView, seat: int) -> list[dict[int, float]] | None:
    """Expected laser hits per square and register from the other robots, guessed from where
    they stand and face now (their programs are hidden, so they are taken to stay put)."""
    lay = view.layout
    me = view.robots[seat]
    if me.virtual:
        return None
    blockers = {r.pos for r in view.robots if r.pos >= 0 and not r.virtual and r.seat != seat}
    base: dict[int, float] = {}
    for r in view.robots:
        if r.seat == seat or r.pos < 0 or r.virtual or r.powered_down:
            continue
        dmg = 2 if "double-barreled-laser" in r.options else 1
        aims = [(r.facing, dmg)]
        if "rear-firing-laser" in r.options:
            aims.append(((r.facing + 2) % 4, 1))
        for d, hit in aims:
            for c in lay.ray[r.pos][d]:
                base[c] = base.get(c, 0) + hit
                if c in blockers:
                    break
    if not base:
        return None
    return [{c: v * w for c, v in base.items()} for w in THREAT_WEIGHT]


def locks_after(kinds: list[int], damage: int) -> list[int | None]:
    """Registers that damage locks for the next turn, holding this turn's cards (kinds)."""
    first = REGISTERS - max(0, min(REGISTERS, damage - 4))
    return [kinds[r] if r >= first else None for r in range(REGISTERS)]


def _register_steps(
    lay: Layout,
    threat: list[dict[int, float]] | None,
    options: list[int],
    r: int,
    pos: int,
    facing: int,
    flags: int,
    total: int,
):
    """One register of the lone-robot search, for each card kind in ``options``: (kind,
    square, facing, flags, damage taken, gain of the step, the value of a race won here or
    None). Damage hurts more as it piles up (fewer cards, locked registers); a flag touched
    earlier is worth more."""
    for k in options:
        npos, nf, d = sim_register(lay, pos, facing, k, r)
        if d and total + d >= 10:
            npos = DEAD
        nflags = flags
        gain = 0.0
        if d:
            gain = -W_DAMAGE * d * (1.0 + total / 3.0)
            gain -= W_LOCK * (max(0, total + d - 4) - max(0, total - 4))
        if threat is not None and npos != DEAD:
            risk = threat[r].get(npos)
            if risk:
                gain -= W_DAMAGE * risk * (1.0 + total / 3.0)
        won = None
        if npos != DEAD and nflags < len(lay.flags) and lay.flags[nflags] == npos:
            nflags += 1
            gain += W_FLAG * 0.25 * (REGISTERS - r)
            if nflags == len(lay.flags):
                won = W_FLAG * nflags + 2000.0 + 100 * (REGISTERS - r)
        yield k, npos, nf, nflags, d, gain, won


def _spent(cnt: tuple[int, ...], k: int, fixed: int | None) -> tuple[int, ...]:
    """The hand's kind counts after playing kind ``k`` (a locked register spends none)."""
    if fixed is not None:
        return cnt
    lst = list(cnt)
    lst[k] -= 1
    return tuple(lst)


class SearchPlayer(BasePlayer):
    """``hard``: every ordering of the hand by card type, memoised per register, the best few
    rescored with the other robots' programs sampled; power down decided by look-ahead.

    ``candidates`` and ``samples`` cap the work (deterministic for a seed when the budget is
    not reached); ``clock`` is the time source of the budget (tests give a fake one)."""

    candidates = CANDIDATES
    samples = TABLE_SAMPLES

    def __init__(self, seat: int, level: str = "", seed: int = 0) -> None:
        super().__init__(seat, level, seed)
        self.time_budget = TIME_BUDGET
        self.clock: Callable[[], float] = time.monotonic
        self.last_table: tuple | None = None
        self.last_risk: float | None = None  # sampled death rate of the program chosen

    def plan(
        self,
        lay: Layout,
        pos: int,
        facing: int,
        flags: int,
        base_damage: int,
        counts: tuple[int, ...],
        lock_kinds: list[int | None],
        deadline: float,
        threat: list[dict[int, float]] | None = None,
    ) -> tuple[float, tuple[int, ...]]:
        """Best (score, card kinds per register) for a robot alone with this hand."""
        ev = Evaluator(lay, True)
        memo: dict[tuple, tuple[float, tuple[int, ...]]] = {}
        timed_out = False

        def search(r: int, pos: int, facing: int, flags: int, dmg: int, cnt: tuple) -> tuple:
            nonlocal timed_out
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
            fixed = lock_kinds[r]
            if fixed is not None:
                options = [fixed]
            else:
                options = [k for k in range(7) if cnt[k]]
                if len(memo) & 255 == 0 and self.clock() > deadline:
                    timed_out = True
                if timed_out:  # out of time: the first card type only from here on
                    options = options[-1:]
            for k, npos, nf, nflags, d, gain, won in _register_steps(
                lay, threat, options, r, pos, facing, flags, base_damage + dmg
            ):
                if won is not None:
                    if won > best[0]:
                        best = (won, (k,) + (0,) * (REGISTERS - r - 1))
                    continue
                sub, seq = search(r + 1, npos, nf, nflags, dmg + d, _spent(cnt, k, fixed))
                val = sub + gain
                if val > best[0]:
                    best = (val, (k,) + seq)
            memo[key] = best
            return best

        result = search(0, pos, facing, flags, 0, counts)
        self.timed_out = timed_out
        return result

    def plan_top(
        self,
        lay: Layout,
        pos: int,
        facing: int,
        flags: int,
        base_damage: int,
        counts: tuple[int, ...],
        lock_kinds: list[int | None],
        deadline: float,
        threat: list[dict[int, float]] | None = None,
        top: int = CANDIDATES,
    ) -> list[tuple[float, tuple[int, ...]]]:
        """The ``top`` best (score, card kinds per register) for the robot alone, best first,
        then the best program of every other first card kind (a way out when the whole table
        makes the best few fatal): the same search as :meth:`plan`, keeping the best few
        programs under every node."""
        ev = Evaluator(lay, True)
        memo: dict[tuple, list[tuple[float, tuple[int, ...]]]] = {}
        timed_out = False

        def search(r: int, pos: int, facing: int, flags: int, dmg: int, cnt: tuple) -> list:
            nonlocal timed_out
            if pos == DEAD:
                return [(-W_DEAD - 50.0 * (REGISTERS - r), (0,) * (REGISTERS - r))]
            if r == REGISTERS:
                return [(ev.final(pos, facing, flags, base_damage + dmg), ())]
            key = (r, pos, facing, flags, dmg, cnt)
            hit = memo.get(key)
            if hit is not None:
                return hit
            found: list[tuple[float, tuple[int, ...]]] = []
            fixed = lock_kinds[r]
            if fixed is not None:
                options = [fixed]
            else:
                options = [k for k in range(7) if cnt[k]]
                if len(memo) & 255 == 0 and self.clock() > deadline:
                    timed_out = True
                if timed_out:
                    options = options[-1:]
            for k, npos, nf, nflags, d, gain, won in _register_steps(
                lay, threat, options, r, pos, facing, flags, base_damage + dmg
            ):
                if won is not None:
                    found.append((won, (k,) + (0,) * (REGISTERS - r - 1)))
                    continue
                for sub, seq in search(r + 1, npos, nf, nflags, dmg + d, _spent(cnt, k, fixed)):
                    found.append((sub + gain, (k,) + seq))
            found.sort(key=lambda x: -x[0])
            if r == 0:  # the root: the best few, and the best of every first card kind
                firsts = {seq[0] for _, seq in found[:top]}
                extra = []
                for item in found[top:]:
                    if item[1][0] not in firsts:
                        firsts.add(item[1][0])
                        extra.append(item)
                return found[:top] + extra
            best = found[:top]
            memo[key] = best
            return best

        result = search(0, pos, facing, flags, 0, counts)
        self.timed_out = timed_out
        return result

    @staticmethod
    def fill(seq: tuple[int, ...], counts: tuple[int, ...], lock_kinds: list[int | None]):
        """Card kinds for all five registers: after a win or a death, whatever is left."""
        left = list(counts)
        out: list[int] = []
        for r in range(REGISTERS):
            fixed = lock_kinds[r]
            if fixed is not None:
                out.append(fixed)
                continue
            k = seq[r] if r < len(seq) else -1
            if k < 0 or not left[k]:
                k = next(j for j in range(7) if left[j])
            left[k] -= 1
            out.append(k)
        return out

    def program(self, view: RoboRallyView) -> Program | Decide:
        """The best few programs for the robot alone (:meth:`plan_top`), rescored with the
        whole table (:func:`.rescore.table_values`: the other robots' programs sampled,
        pushes, robot lasers and this robot's option-card lasers played by the engine's
        rules; the lone score counts too while the lone best is as safe as the rest: BLEND;
        when the best of them still dies too often, WIDER lone programs too: WIDEN_RISK),
        each with and without a power down (:meth:`pd_gain`; the Circuit Breaker's
        automatic one counted)."""
        choices = view.program_choices
        assert choices is not None
        me = self.me(view)
        lay = view.layout
        hand = list(view.hand)
        counts = [0] * 7
        for c in hand:
            counts[KIND[c]] += 1
        locked = list(me.locked)
        regs = list(view.program)
        lock_kinds: list[int | None] = [
            (KIND[regs[r]] if regs[r] else -1) if locked[r] else None for r in range(REGISTERS)
        ]
        start = self.clock()
        budget = self.time_budget
        threat = threat_map(view, self.seat)

        def lone_best(deadline: float, top: int) -> list[tuple[float, tuple[int, ...]]]:
            return self.plan_top(
                lay,
                me.pos,
                me.facing,
                me.flags,
                me.damage,
                tuple(counts),
                lock_kinds,
                deadline,
                threat,
                top,
            )

        tops = lone_best(start + 0.4 * budget, self.candidates)
        if should_recompile(self, view, tops[0][0]):
            return Decide("recompile", "")
        seen: set[tuple[int, ...]] = set()

        def programs(tops: list[tuple[float, tuple[int, ...]]]) -> list[Candidate]:
            """(lone score, card kinds, cards) of the kind sequences not seen before."""
            out = []
            for score, seq in tops:
                kinds = self.fill(seq, tuple(counts), lock_kinds)
                cards = _cards_for(hand, tuple(kinds), regs, locked)
                if cards not in seen:
                    seen.add(cards)
                    out.append((score, kinds, cards))
            return out

        cands = programs(tops)
        table_seed = self.rng.random()
        values = [c[0] for c in cands]
        table = None
        if len(cands) > 1 or any(r.seat != self.seat and r.pos >= 0 for r in view.robots):
            table_deadline = start + 0.75 * budget
            planner = None
            if OTHERS_PLANNED:

                def planner(v: RoboRallyView, seat: int, hand: list[int]) -> list[int]:
                    return self.program_for(v, seat, hand, table_deadline)

            def rescored(
                batch: list[Candidate], deadline: float
            ) -> tuple[list[float], list[float], int] | None:
                # the same seed: every batch of candidates meets the same sampled turns
                return table_values(
                    view,
                    self.seat,
                    [c[2] for c in batch],
                    self.samples,
                    random.Random(table_seed),
                    deadline,
                    self.clock,
                    planner,
                )

            table = rescored(cands, table_deadline)
            if table is not None:
                means, deaths, played = table
                best = max(range(len(cands)), key=lambda i: means[i] - DEATH_PENALTY * deaths[i])
                if deaths[best] >= WIDEN_RISK:
                    extra = programs(lone_best(start + 0.6 * budget, WIDER))
                    more = rescored(extra, start + 0.85 * budget) if extra else None
                    if more is not None and more[2] == played:  # judged on the same turns
                        cands += extra
                        values += [c[0] for c in extra]
                        table = (means + more[0], deaths + more[1], played)
        if table is not None:
            means, deaths, _ = table
            blend = BLEND if deaths[0] <= min(deaths) else 0.0  # riskier: the table decides
            values = [
                m - DEATH_PENALTY * d + blend * (c[0] - cands[0][0])
                for m, d, c in zip(means, deaths, cands, strict=True)
            ]
            self.last_table = table
        order = sorted(range(len(cands)), key=lambda i: -values[i])
        breaker = "circuit-breaker" in me.options
        best_i, best_v, best_pd = order[0], float("-inf"), False
        pd_deadline = start + 0.95 * budget
        judged = 0
        for i in order:
            if judged == PD_CANDIDATES:
                break
            gain = None
            if choices.pd or breaker:
                gain = self.pd_gain(view, cands[i][1], pd_deadline, breaker)
            v = values[i]
            pd = False
            if gain is not None:
                forced, delta = gain
                if forced and delta == float("-inf"):
                    continue  # the Circuit Breaker would power it down in a laser
                if forced:  # the Circuit Breaker powers it down whatever it announces
                    v += delta
                elif choices.pd and delta > PD_MARGIN:
                    v += delta
                    pd = True
            judged += 1
            if judged == 1 or v > best_v + 1e-9:
                best_i, best_v, best_pd = i, v, pd
        self.last_risk = table[1][best_i] if table is not None else None
        prog = Program(cands[best_i][2], bool(choices.pd) and best_pd)
        assert choices.problem(prog) is None, choices.problem(prog)
        return prog

    def program_for(
        self, view: RoboRallyView, seat: int, hand: list[int], deadline: float
    ) -> list[int]:
        """Another robot's likely program for a sampled hand: this same search for that robot
        alone (its locked cards are face up)."""
        r = view.robots[seat]
        counts = [0] * 7
        for c in hand:
            counts[KIND[c]] += 1
        lock_kinds: list[int | None] = [
            (KIND[r.revealed[i]] if r.revealed[i] else -1) if r.locked[i] else None
            for i in range(REGISTERS)
        ]
        free = sum(k is None for k in lock_kinds)
        if len(hand) < free:
            return [r.revealed[i] if r.locked[i] else 0 for i in range(REGISTERS)]
        _, seq = self.plan(
            view.layout, r.pos, r.facing, r.flags, r.damage, tuple(counts), lock_kinds, deadline
        )
        kinds = self.fill(seq, tuple(counts), lock_kinds)
        regs = [r.revealed[i] if r.locked[i] else 0 for i in range(REGISTERS)]
        return list(_cards_for(hand, tuple(kinds), regs, list(r.locked)))

    # -- power down ---------------------------------------------------------------
    def power_down_pays(self, view: RoboRallyView, kinds: list[int]) -> bool:
        """Announce when a turn spent repairing beats going on with the damage this program
        leaves: sampled look-ahead over the next two turns."""
        gain = self.pd_gain(view, kinds, self.clock() + PD_BUDGET, False)
        return gain is not None and gain[1] > PD_MARGIN

    def pd_gain(
        self, view: RoboRallyView, kinds: list[int], deadline: float, breaker: bool
    ) -> tuple[bool, float] | None:
        """(forced by the Circuit Breaker, what a power down next turn is worth over going on)
        after this program for the robot alone; None: no question (dead, healthy, won)."""
        me = self.me(view)
        lay = view.layout
        pos, facing, flags, dmg, _ = simulate_program(lay, me.pos, me.facing, me.flags, kinds)
        damage = me.damage + dmg
        if damage >= 10 or pos == DEAD or flags >= len(lay.flags):
            return None
        forced = breaker and damage - repair_at(lay, pos) >= 3
        if damage < 2 and not forced:
            return None
        locks = locks_after(kinds, damage)
        delta = self.repair_gain(view, pos, facing, flags, damage, locks, deadline)
        return forced, delta

    def down_hurts(self, lay: Layout, pos: int, facing: int) -> bool:
        """A robot powered down here for a turn: do the board elements damage or kill it?"""
        if pos < 0:
            return False
        for r in range(REGISTERS):
            pos, facing, d = sim_register(lay, pos, facing, -1, r)
            if pos == DEAD or d:
                return True
        return False

    def repair_pays(
        self,
        view: RoboRallyView,
        pos: int,
        facing: int,
        flags: int,
        damage: int,
        locks: list[int | None],
    ) -> bool:
        """Is a turn powered down from here worth more than going on (by PD_MARGIN)?"""
        deadline = self.clock() + PD_BUDGET
        return self.repair_gain(view, pos, facing, flags, damage, locks, deadline) > PD_MARGIN

    def repair_gain(
        self,
        view: RoboRallyView,
        pos: int,
        facing: int,
        flags: int,
        damage: int,
        locks: list[int | None],
        deadline: float,
    ) -> float:
        """Two turns from here: (a) a turn powered down, then a full hand; less (b) two
        turns carrying ``damage``; each over the same sampled hands (mean); a race won in
        (b)'s first turn counts EARLY_WIN more. A square where the board damages or kills a
        powered-down robot is never worth it (-inf): it moves off first."""
        lay = view.layout
        if pos == DEAD or damage < 2 or flags >= len(lay.flags):
            return float("-inf")
        if self.down_hurts(lay, pos, facing):
            return float("-inf")
        extra = "extra-memory" in self.me(view).options
        rivals = sum(
            1 for r in view.robots if r.seat != self.seat and r.pos >= 0 and not r.powered_down
        )
        ipos, ifacing, iflags = pos, facing, flags
        for r in range(REGISTERS):  # the turn powered down: board elements only
            ipos, ifacing, _ = sim_register(lay, ipos, ifacing, -1, r)
            if iflags < len(lay.flags) and lay.flags[iflags] == ipos:
                iflags += 1
        known = set(view.hand) | {c for c in view.program if c}
        known.update(c for r in view.robots for c in r.revealed if c)
        deck = [c for c in DECK if c not in known]
        rng = random.Random(self.rng.random())
        down = carry = 0.0
        n = 0
        for i in range(PD_SAMPLES):
            if i >= 2 and self.clock() > deadline:
                break
            rng.shuffle(deck)
            hand = deck[: hand_size(0, 0, extra)]
            first = self._turn(lay, ipos, ifacing, iflags, 0, [None] * 5, hand, deadline)
            down += self._judge(view, first)
            # the same cards for both: the first damaged hand is part of the full one
            state = (pos, facing, flags, damage, locks)
            for at in (0, 9):
                p, f, fl, dm, lk = state
                if p == DEAD or fl >= len(lay.flags):
                    break
                size = hand_size(dm, sum(x is not None for x in lk), extra)
                state = self._turn(lay, p, f, fl, dm, lk, deck[at : at + size], deadline)
                if at == 0 and state[0] != DEAD and state[2] >= len(lay.flags):
                    carry += EARLY_WIN  # won without the turn off: a turn before the other way
            carry += self._judge(view, state)
            if rivals and state[0] != DEAD:  # their lasers: near 10 damage, any hit may kill
                carry -= NEAR_DEATH * rivals * max(0, state[3] - 5) ** 2
            n += 1
        return (down - carry) / n

    def _turn(
        self,
        lay: Layout,
        pos: int,
        facing: int,
        flags: int,
        damage: int,
        locks: list[int | None],
        hand: list[int],
        deadline: float,
    ) -> tuple:
        counts = [0] * 7
        for c in hand:
            counts[KIND[c]] += 1
        _, seq = self.plan(lay, pos, facing, flags, damage, tuple(counts), locks, deadline)
        kinds = self.fill(seq, tuple(counts), locks)
        p, f, fl, dmg, _ = simulate_program(lay, pos, facing, flags, kinds)
        total = damage + dmg
        if total >= 10:
            p = DEAD
        else:
            total = max(0, total - repair_at(lay, p))
        return p, f, fl, total, locks_after(kinds, total)

    def _judge(self, view: RoboRallyView, state: tuple) -> float:
        """The end of a look-ahead: place, flags and the damage still carried; a destroyed
        robot is back on its archive with 2 damage, a life and a turn poorer."""
        pos, facing, flags, damage, _ = state
        lay = view.layout
        ev = Evaluator(lay, True)
        if pos == DEAD:
            archive = self.me(view).archive
            if archive < 0:
                return -W_DEAD
            return (
                max(ev.final(archive, f, flags, 2) for f in range(4))
                - residual_damage(2)
                - DEATH_COST
            )
        return ev.final(pos, facing, flags, damage) - residual_damage(damage)

    def decide(self, view: RoboRallyView) -> Any:
        kind = view.pending
        me = self.me(view)
        if kind == "stay":  # powered down with damage taken meanwhile: another turn down?
            if self.down_hurts(view.layout, me.pos, me.facing):
                return Decide("stay", "no")  # never another turn in a laser: move off first
            locks = locks_after([-1] * REGISTERS, me.damage)
            stay = self.repair_pays(view, me.pos, me.facing, me.flags, me.damage, locks)
            return Decide("stay", "yes" if stay else "no")
        if kind == "reenter":
            face = super().decide(view).value
            damage = 0 if "superior-archive" in me.options else 2
            pd = self.repair_pays(
                view, me.archive, "NESW".index(face), me.flags, damage, [None] * REGISTERS
            )
            return Decide("reenter", f"{face} pd" if pd else face)
        choice = decide_option(self, view)
        return choice if choice is not None else super().decide(view)
