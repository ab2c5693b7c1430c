"""The parts of a RoboRally turn (``RoboRallyState.phase``)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    FACE = "face"  # turn 1 of a game whose robots choose their facing: they choose it
    PROGRAM = "program"  # every robot's registers are programmed, in secret and at once
    RESOLVE = "resolve"  # the five registers play, card by card and board element by element
    ENDTURN = "endturn"  # the end of the turn: repairs, options, decisions that wait for it
    OVER = "over"  # the race is over
