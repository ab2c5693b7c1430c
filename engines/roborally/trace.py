"""A register's picture, as the engine's trace takes it (``RoboRallyState.trace``).

With :attr:`RoboRallyState.trace` set to a list, the state adds a :class:`Picture` to it as
each register ends, and one as each turn starts (register 0). Screens play the registers
back from these pictures and tell their log from the events they carry; tests follow the
robots through them. The trace is never saved and never part of the state's fingerprint.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.roborally.bot import Bot
from engines.roborally.events import Event


@dataclass
class Picture:
    """The robots after a register (or as a turn starts), and what happened in it."""

    turn: int
    register: int
    """1-5 after that register; 0 as a turn starts (its new hands dealt, robots back)."""
    start: list[tuple[int, int]]
    """Each robot's (square, facing) as the register (or turn) began: the log tells the
    register from there even when a decision in its middle split it into two actions."""
    robots: list[tuple[int, int, int, int, int, bool]]
    """Each robot's (square, facing, damage, lives, flags, virtual) after it."""
    bots: list[Bot]
    """The robots themselves after it (copies: later registers leave them be)."""
    events: list[str]
    """The engine's log lines of the register, one for each of :attr:`happened`."""
    happened: list[Event]
    """The structured events behind those lines."""
    end: tuple[int, bool] | None = None
    """After a turn's last register: where in :attr:`events` the end of the turn begins,
    and whether the table then waits for end-of-turn decisions the log tells; None for
    the other registers."""
    prior: int = 0
    """As a turn starts: how many of its first events tell the end of the turn before
    (power downs announced after the last register)."""
