"""RoboRally computer players: easy, normal and hard (the program search).

Everything here works from a :class:`RoboRallyView` only (the seat's own hand, public robot
information and the board), so hidden programs of other robots are never read. The robot
alone on the board, the distance field and the weights are in :mod:`.evaluation`; the hard
player's option-card decisions in :mod:`.options`.

* :class:`EasyPlayer` and :class:`NormalPlayer` judge a few or many random programs.
* :class:`SearchPlayer` (``hard``) tries every ordering of its hand, deduplicated by card type
  sequence and memoised per register, locked registers kept; other robots' lasers weighed
  where they aim now (:func:`threat_map`); power down decided by sampled look-ahead.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engines.roborally.boardfile import DOUBLE_WRENCH, WRENCH, Layout
from engines.roborally.cards import DECK, KIND
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyView
from tests.reference_players.roborally.evaluation import (
    DEAD,
    W_DAMAGE,
    W_DEAD,
    W_FLAG,
    W_LOCK,
    Evaluator,
    dist_to_flag,
    sim_register,
    simulate_program,
)
from tests.reference_players.roborally.options import decide_option, should_recompile
from tests.reference_players.roborally.sacrifice import sacrifice_choice


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


# chance that another robot still aims along its present line when register r fires
THREAT_WEIGHT = (0.4, 0.3, 0.2, 0.15, 0.1)
PD_SAMPLES = 8  # sampled future hands per power-down question
PD_BUDGET = 0.12  # seconds for one power-down question
DEATH_COST = 200.0  # a life and a lost turn, over the look-ahead's place on the board


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


def hand_size(damage: int, free: int, extra: bool) -> int:
    return max(free, 9 - damage + extra)


def locks_after(kinds: list[int], damage: int) -> list[int | None]:
    """Registers that damage locks for the next turn, holding this turn's cards (kinds)."""
    first = REGISTERS - max(0, min(REGISTERS, damage - 4))
    return [kinds[r] if r >= first else None for r in range(REGISTERS)]


def repair_at(lay: Layout, pos: int) -> int:
    """Damage repaired at the end of a turn on this square."""
    if pos < 0:
        return 0
    kind = lay.kind[pos]
    return 2 if kind == DOUBLE_WRENCH else 1 if kind == WRENCH or pos in lay.flags else 0


def residual_damage(damage: int) -> float:
    """What damage still carried at the end of a look-ahead costs later on."""
    return 0.5 * W_DAMAGE * damage * (1.0 + damage / 3.0)


class SearchPlayer(BasePlayer):
    """``hard``: every ordering of the hand by card type, memoised per register; other robots'
    lasers weighed where they aim now; power down decided by sampled look-ahead."""

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
                if len(memo) & 255 == 0 and time.monotonic() > deadline:
                    timed_out = True
                if timed_out:  # out of time: the first card type only from here on
                    options = options[-1:]
            for k in options:
                npos, nf, d = sim_register(lay, pos, facing, k, r)
                if d and base_damage + dmg + d >= 10:
                    npos = DEAD
                nflags = flags
                # damage hurts more as it piles up (fewer cards, locked registers)
                gain = 0.0
                total = base_damage + dmg
                if d:
                    gain = -W_DAMAGE * d * (1.0 + total / 3.0)
                    gain -= W_LOCK * (max(0, total + d - 4) - max(0, total - 4))
                if threat is not None and npos != DEAD:
                    risk = threat[r].get(npos)
                    if risk:
                        gain -= W_DAMAGE * risk * (1.0 + total / 3.0)
                if npos != DEAD and nflags < len(lay.flags) and lay.flags[nflags] == npos:
                    nflags += 1
                    gain += W_FLAG * 0.25 * (REGISTERS - r)  # earlier is better
                    if nflags == len(lay.flags):
                        val = W_FLAG * nflags + 2000.0 + 100 * (REGISTERS - r)
                        if val > best[0]:
                            best = (val, (k,) + (0,) * (REGISTERS - r - 1))
                        continue
                if fixed is None:
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
        deadline = time.monotonic() + self.time_budget
        score, seq = self.plan(
            lay,
            me.pos,
            me.facing,
            me.flags,
            me.damage,
            tuple(counts),
            lock_kinds,
            deadline,
            threat_map(view, self.seat),
        )
        if should_recompile(self, view, score):
            return Decide("recompile", "")
        kinds = self.fill(seq, tuple(counts), lock_kinds)
        cards = _cards_for(hand, tuple(kinds), regs, locked)
        prog = Program(cards, bool(choices.pd) and self.power_down(view, kinds))
        assert choices.problem(prog) is None, choices.problem(prog)
        return prog

    # -- power down ---------------------------------------------------------------
    def power_down(self, view: RoboRallyView, kinds: list[int]) -> bool:
        """Announce when a turn spent repairing beats going on with the damage this program
        leaves: sampled look-ahead over the next two turns."""
        me = self.me(view)
        pos, facing, flags, dmg, _ = simulate_program(
            view.layout, me.pos, me.facing, me.flags, kinds
        )
        damage = me.damage + dmg
        if damage >= 10:
            return False  # destroyed anyway: it re-enters fresh
        return self.repair_pays(view, pos, facing, flags, damage, locks_after(kinds, damage))

    def repair_pays(
        self,
        view: RoboRallyView,
        pos: int,
        facing: int,
        flags: int,
        damage: int,
        locks: list[int | None],
    ) -> bool:
        """Compare two turns from here: (a) a turn powered down, then a full hand; (b) two
        turns carrying ``damage``; each over the same sampled hands."""
        lay = view.layout
        if pos == DEAD or damage < 2 or flags >= len(lay.flags):
            return False
        extra = "extra-memory" in self.me(view).options
        ipos, ifacing, iflags, idmg = pos, facing, flags, 0
        for r in range(REGISTERS):  # the turn powered down: board elements only
            ipos, ifacing, d = sim_register(lay, ipos, ifacing, -1, r)
            if ipos == DEAD:
                return False
            idmg += d
            if iflags < len(lay.flags) and lay.flags[iflags] == ipos:
                iflags += 1
        idmg = max(0, idmg - repair_at(lay, ipos))
        known = set(view.hand) | {c for c in view.program if c}
        known.update(c for r in view.robots for c in r.revealed if c)
        deck = [c for c in DECK if c not in known]
        deadline = time.monotonic() + PD_BUDGET
        rng = random.Random(self.rng.random())
        down = carry = 0.0
        for _ in range(PD_SAMPLES):
            rng.shuffle(deck)
            hand = deck[: hand_size(idmg, REGISTERS, extra)]
            first = self._turn(lay, ipos, ifacing, iflags, idmg, [None] * 5, hand, deadline)
            down += self._judge(view, first)
            # the same cards for both: the first damaged hand is part of the full one
            state = (pos, facing, flags, damage, locks)
            for at in (0, 9):
                p, f, fl, dm, lk = state
                if p == DEAD:
                    break
                size = hand_size(dm, sum(x is None for x in lk), extra)
                state = self._turn(lay, p, f, fl, dm, lk, deck[at : at + size], deadline)
            carry += self._judge(view, state)
        return down > carry

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
