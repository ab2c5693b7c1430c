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

from engines.roborally.ai.evaluation import DEAD, Evaluator, simulate_program
from engines.roborally.ai.fire import fire_mode
from engines.roborally.cards import DECK, KIND
from engines.roborally.state import (
    REGISTERS,
    Bot,
    Decide,
    RoboRallyState,
    RoboRallyView,
)

ORDERINGS = 16  # random orderings an unseen robot tries for its sampled hand


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
    """A plausible program for another robot: the best of a few random orderings of its hand
    for the robot alone (distance to its next flag, death and damage), locked cards kept."""
    r = view.robots[seat]
    lay = view.layout
    ev = Evaluator(lay, True)
    free = [i for i in range(REGISTERS) if not r.locked[i]]
    base = [r.revealed[i] if r.locked[i] else 0 for i in range(REGISTERS)]
    if len(hand) < len(free):
        hand = hand + [c for c in DECK[: len(free)] if c not in hand]
    best: list[int] = []
    best_score = float("-inf")
    for _ in range(ORDERINGS):
        pick = rng.sample(hand, len(free))
        cards = list(base)
        for i, c in zip(free, pick, strict=True):
            cards[i] = c
        kinds = [KIND[c] if c else -1 for c in cards]
        pos, facing, flags, dmg, _ = simulate_program(lay, r.pos, r.facing, r.flags, kinds)
        score = ev.final(pos, facing, flags, r.damage + dmg) - 6.0 * dmg
        if score > best_score:
            best, best_score = cards, score
    return best


def build(view: RoboRallyView, seed: int) -> RoboRallyState:
    """A state at the start of the register phase with this seat's public picture (programs
    still empty: :func:`play_turn` fills them)."""
    n = len(view.robots)
    st = RoboRallyState(view.layout, n, seed, start="docks", options_cards=False)
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
    st.phase = "program"
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
    return Outcome(pos, b.facing, b.flags, b.damage, b.lives, bool(st.winners) and
                   b.flags >= len(st.layout.flags))
