"""A program's preview: where a robot would go with the cards in its registers, played by
the engine's own rules on a copy of the game.

The robot is alone on the copy (no other robots, no option decisions), so the preview shows
what the board does to it: belts, gears, pushers, pits, lasers, walls. The screens draw it
while a player programs; the computer players' tests check their programs with it.
"""

from __future__ import annotations

import contextlib
from typing import NamedTuple

from engines.roborally.phases import Phase
from engines.roborally.state import REGISTERS, RoboRallyState


class ProgramPreview(NamedTuple):
    """What a program does to its robot, alone on the board."""

    path: list[tuple[int, int]]  # (square, facing) after each register; square -1: destroyed
    flags: int  # flags touched at the end (as the robot counts them)
    damage: int  # laser damage taken (0 once destroyed)
    death: int  # the square where it is destroyed (the pit, the edge it falls from); -1


class _Stop(Exception):
    """Raised by the register hook once the registers asked for have played."""


def preview_program(
    state: RoboRallyState, seat: int, cards: list[int], registers: int
) -> ProgramPreview:
    """Play the first ``registers`` registers of ``cards`` (a card per register, 0 for an
    empty one) for ``seat``'s robot on a copy of ``state``; ``state`` is not changed."""
    sim = state.clone()
    death = [-1]

    def destroyed(s: int) -> None:
        if s == seat:
            death[0] = sim.bots[s].pos

    sim.on_destroy = destroyed
    for s, b in enumerate(sim.bots):
        b.pending = []
        if s != seat:
            b.pos, b.lives, b.regs, b.options, b.parked = -1, 0, [0] * REGISTERS, [], 0
    me = sim.bots[seat]
    start_damage = me.damage
    me.regs = list(cards)
    me.options, me.parked, me.abort, me.radio, me.virtual = [], 0, False, -1, False
    me.crab = me.dual = -1
    me.pairs = [0] * REGISTERS
    sim.phase, sim.reg, sim.stage, sim.cursor = Phase.RESOLVE, 0, "reveal", 0
    sim.waiting, sim.asked, sim.winners = None, [], ()
    sim.trace = []

    def hook(st: RoboRallyState) -> None:
        if st.reg + 1 >= registers:
            raise _Stop

    sim.hook = hook
    with contextlib.suppress(_Stop):
        sim._run()
    path: list[tuple[int, int]] = []
    for picture in sim.trace:
        b = picture.bots[seat]
        path.append((b.pos, b.facing))
        if b.pos < 0:
            break
    last = sim.trace[-1].bots[seat] if sim.trace else me
    damage = 0 if last.pos < 0 else max(0, last.damage - start_damage)
    return ProgramPreview(path, last.flags, damage, death[0])
