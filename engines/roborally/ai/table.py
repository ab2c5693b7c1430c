"""The whole table for one turn, played by the engine's own rules on a determinized copy.

``hard`` rescoring: its most promising programs (found for the robot alone by the search) are
played with every robot on the board, the other robots' programs sampled from the cards this
seat has not seen. Everything is built from the seat's :class:`RoboRallyView` only: the public
robot information (places, damage, flags, options, locked and revealed cards) and the seat's
own hand, program and option state. What the seat cannot see is guessed:

* the other robots' hands are dealt from the unseen cards (:func:`unseen_cards`), and each
  programs its hand with :func:`greedy_program` (the best of a few random orderings for the
  robot alone, toward its next flag: a plausible policy, not an exact one);
* their hidden option state (Ablative Coat, Mini Howitzer shots) is taken as fresh.

:func:`play_turn` runs the register phase with
:class:`~engines.roborally.state.RoboRallyState` (pushes, robot lasers, every board element,
the option cards' rules) and stops after register 5, before the end of the turn. Decisions
asked on the way are answered simply (the other robots fire normal lasers and take damage),
except this seat's laser mode, which the hard player's :func:`~.fire.fire_mode` picks: its
Pressor Beam, Tractor Beam, Mini Howitzer, Fire Control, Radio Control and Scrambler count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines.roborally.ai.evaluation import DEAD, Evaluator, sim_register, simulate_program
from engines.roborally.ai.fire import fire_mode
from engines.roborally.cards import DECK, KIND
from engines.roborally.events import Event, Path
from engines.roborally.phases import Phase
from engines.roborally.state import (
    REGISTERS,
    Bot,
    Decide,
    RoboRallyState,
    RoboRallyView,
)

STEPWISE = 1  # the stepwise program among an unseen robot's trials (0: random ones only)
ORDERINGS = 6  # random orderings an unseen robot tries besides the stepwise program


_NOWHERE = Path(-1, 0, -1, 0)


class _Sim(RoboRallyState):
    """The engine's rules without its log (neither the events nor their words): a
    simulated turn is never told."""

    def _tell(self, event: Event, at: int | None = None) -> None:
        return

    def _path(self, s: int, start: tuple[int, int], last: int, d: int) -> Path:
        return _NOWHERE


class _Stop(Exception):
    """Raised by the state's hook after register 5 (or a win): the turn's end is not needed."""


@dataclass
class Outcome:
    """Where one robot ends the register phase."""

    pos: int  # DEAD if destroyed during the turn
    facing: int
    flags: int
    damage: int
    lives: int
    won: bool


def unseen_cards(view: RoboRallyView) -> list[int]:
    """Program cards this seat has not seen this turn (its hand, its program, the cards it
    keeps, every card shown on the table are seen)."""
    seen = set(view.hand) | set(view.program) | set(view.pairs) | {view.parked, view.flywheel}
    for r in view.robots:
        seen.update(r.revealed)
    return [c for c in DECK if c not in seen]


def hand_size(info_damage: int, locked: int, extra: bool) -> int:
    return max(REGISTERS - locked, 9 - info_damage + extra)


def greedy_program(
    view: RoboRallyView, seat: int, hand: list[int], rng: random.Random
) -> list[int]:
    """A plausible program for another robot, for the robot alone on the board: the card
    that brings it nearest its next flag register by register (the distance field knows
    turns, belts and walls), against a few random orderings of its hand; locked cards kept."""
    r = view.robots[seat]
    lay = view.layout
    ev = Evaluator(lay, True)
    free = [i for i in range(REGISTERS) if not r.locked[i]]
    base = [r.revealed[i] if r.locked[i] else 0 for i in range(REGISTERS)]
    if len(hand) < len(free):
        hand = hand + [c for c in DECK[: len(free)] if c not in hand]
    trials = [_stepwise(view, seat, hand, base, ev, rng)] if STEPWISE else []
    for _ in range(ORDERINGS):
        pick = rng.sample(hand, len(free))
        cards = list(base)
        for i, c in zip(free, pick, strict=True):
            cards[i] = c
        trials.append(cards)
    best: list[int] = trials[0]
    best_score = float("-inf")
    for cards in trials:
        kinds = [KIND[c] if c else -1 for c in cards]
        pos, facing, flags, dmg, _ = simulate_program(lay, r.pos, r.facing, r.flags, kinds)
        score = ev.final(pos, facing, flags, r.damage + dmg) - 6.0 * dmg
        if score > best_score:
            best, best_score = cards, score
    return best


def _stepwise(
    view: RoboRallyView,
    seat: int,
    hand: list[int],
    base: list[int],
    ev: Evaluator,
    rng: random.Random,
) -> list[int]:
    """Register by register, the card kind that ends nearest the next flag (one card of
    that kind, at random: its priority is unknown)."""
    r = view.robots[seat]
    lay = view.layout
    left = list(hand)
    rng.shuffle(left)
    pos, facing, flags = r.pos, r.facing, r.flags
    out = list(base)
    for reg in range(REGISTERS):
        if r.locked[reg]:
            k = KIND[base[reg]] if base[reg] else -1
            pos, facing, _ = sim_register(lay, pos, facing, k, reg)
        else:
            best_c, best_v, best_state = left[0], float("-inf"), (pos, facing)
            tried: set[int] = set()
            for c in left:
                k = KIND[c]
                if k in tried:
                    continue
                tried.add(k)
                p, f, d = sim_register(lay, pos, facing, k, reg)
                fl = flags + (p != DEAD and flags < len(lay.flags) and lay.flags[flags] == p)
                v = ev.final(p, f, fl, 0) - 6.0 * d
                if v > best_v:
                    best_c, best_v, best_state = c, v, (p, f)
            left.remove(best_c)
            out[reg] = best_c
            pos, facing = best_state
        if pos == DEAD:
            for i in range(reg + 1, REGISTERS):
                if not r.locked[i]:
                    out[i] = left.pop()
            break
        if flags < len(lay.flags) and lay.flags[flags] == pos:
            flags += 1
    return out


def build(view: RoboRallyView, seed: int) -> RoboRallyState:
    """A state at the start of the register phase with this seat's public picture (programs
    still empty: :func:`play_turn` fills them)."""
    n = len(view.robots)
    st = _Sim(view.layout, n, seed, start="docks", options_cards=False)
    st.option_deck = []
    st.turn = view.turn
    for info, b in zip(view.robots, st.bots, strict=True):
        b.pos = info.pos
        b.facing = info.facing
        b.damage = info.damage
        b.lives = info.lives
        b.flags = info.flags
        b.archive = info.archive
        b.virtual = info.virtual
        b.powered = info.powered_down
        b.announce = info.announced
        b.options = list(info.options)
        b.locked = list(info.locked)
        b.regs = [c if info.locked[r] else 0 for r, c in enumerate(info.revealed)]
        b.pending = []
        if "mini-howitzer" in info.options:
            b.howitzer = 5
    me = st.bots[view.seat]
    me.parked = view.parked
    me.pairs = list(view.pairs)
    me.crab, me.dual, me.gyro = view.crab, view.dual, view.gyro
    me.howitzer, me.ablative, me.flywheel = view.howitzer, view.ablative, view.flywheel
    return st


def play_turn(
    view: RoboRallyView,
    cards: tuple[int, ...],
    announce: bool,
    others: dict[int, list[int]],
    deck: list[int],
    seed: int,
) -> tuple[RoboRallyState, list[Outcome]]:
    """The register phase with this seat playing ``cards`` and the others ``others``."""
    st = build(view, seed)
    me = st.bots[view.seat]
    me.regs = list(cards)
    if announce:
        me.announce = True
    for s, regs in others.items():
        st.bots[s].regs = list(regs)
    st.deck = list(deck)
    st.discard = []
    seat = view.seat

    def hook(state: RoboRallyState) -> None:
        if state.reg >= REGISTERS - 1 or state.winners:
            raise _Stop

    st.hook = hook
    st.phase = Phase.PROGRAM
    try:
        st._begin_registers()
        while st.waiting is not None:
            s, kind = st.waiting
            values = st._choices(s, kind)
            if kind == "fire" and s == seat:
                value = fire_mode(st.view(s), values)
            elif kind == "fire":
                value = "normal" if "normal" in values else values[0]
            elif kind in ("sacrifice",):
                value = "none"
            elif kind in ("abort", "swap"):
                value = "no"
            else:
                value = values[0]
            st.apply(Decide(kind, value), s)
    except _Stop:
        pass
    out = []
    for b in st.bots:
        out.append(_outcome(st, b))
    return st, out


def _outcome(st: RoboRallyState, b: Bot) -> Outcome:
    pos = b.pos if (b.pos >= 0 and not b.destroyed) else DEAD
    return Outcome(
        pos,
        b.facing,
        b.flags,
        b.damage,
        b.lives,
        bool(st.winners) and b.flags >= len(st.layout.flags),
    )
