"""The playback's frames: what RoboRally's screen shows of the engine's trace, one frame at
a time (:mod:`screens.roborally.playback`).

Each register of the trace (an :class:`engines.roborally.trace.Picture`) becomes a
:class:`ToldRegister`, which keeps what the log has told of it, and one :class:`Frame`
for each card that plays in it (when two or more do) and one for its end. The engine's
pictures carry no screen state: everything the playback adds lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.roborally.bot import Bot
from engines.roborally.trace import Picture


@dataclass
class CardStep:
    """One card of a register as the playback shows it (see ``log.card_steps``)."""

    seat: int
    """The robot whose card plays."""
    card: int
    spots: list[tuple[int, int]] = field(default_factory=list)
    """Each robot's (square, facing) once the card has played (-1: off the board)."""


@dataclass(eq=False)
class ToldRegister:
    """A register (or a turn's start) as the playback tells it: its picture and its log
    lines, told a card at a time. Compared by identity: one register of one playback."""

    picture: Picture
    lines: list[tuple[str, str]] | None = None
    """The narrated log lines (text, style); None until its first frame is shown."""
    by_card: list[int] = field(default_factory=list)
    """How many of :attr:`lines` are told once each card has played."""
    told: int = 0
    """How many of :attr:`lines` the log has told so far."""
    notes: list[tuple[str, str]] = field(default_factory=list)
    """Decisions played while it was queued, told after its lines."""


@dataclass(eq=False)
class Frame:
    """One frame of the playback: a card of a register (the robots where that card leaves
    them, its robot marked) or the register's end. Compared by identity: one moment of
    one playback."""

    of: ToldRegister
    """The register it belongs to."""
    bots: list[Bot]
    """The robots it draws."""
    step: int | None = None
    """A card's frame: which card of the register (0 first); None for the register's end."""
    actor: int | None = None
    """A card's frame: the robot whose card plays; None for the register's end."""
    card: int | None = None
    """A card's frame: the card it plays; None for the register's end."""

    @property
    def is_card(self) -> bool:
        """A card's frame, not the register's end."""
        return self.step is not None

    @property
    def playing(self) -> tuple[int, int] | None:
        """A card's frame: (the robot whose card plays, its card); None otherwise."""
        if self.actor is None or self.card is None:
            return None
        return self.actor, self.card

    @property
    def turn(self) -> int:
        return self.of.picture.turn

    @property
    def register(self) -> int:
        """The register's number, 1-5; 0 for a turn's start."""
        return self.of.picture.register
