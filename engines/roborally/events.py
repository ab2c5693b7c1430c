"""What happened to the robots, one structured event for each line of the engine's log.

The engine makes an event for everything it tells (a card played, a push, a belt ride, a
shot, a flag touched, a re-entry ...) and writes the log line from it (:meth:`Event.line`),
so the two always agree. Screens read these events (robot, squares, facings, what
happened) instead of the log sentences. A square is a cell index of the board's layout,
-1 when the robot left the board; a facing is 0-3 (N, E, S, W).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

DIRS = "NESW"

Squares = Callable[[int], str]  # a cell's name for the log ("d7"), "off the board" for -1


@dataclass(frozen=True)
class Path:
    """Where a robot went: from ``start`` facing ``start_facing`` to ``end`` facing
    ``end_facing``; ``gone``: it left the board there (``end`` is the pit, or -1 off the
    board, and ``end_facing`` means nothing)."""

    start: int
    start_facing: int
    end: int
    end_facing: int
    gone: bool = False

    @property
    def moved(self) -> bool:
        return self.gone or (self.end, self.end_facing) != (self.start, self.start_facing)

    def cells(self) -> set[int]:
        return {c for c in (self.start, self.end) if c >= 0}

    def words(self, square: Squares) -> str:
        """``d7N -> d5N``, ``d7N`` (it stayed), ``d7N -> e7`` (it fell into the pit e7)."""
        start = square(self.start) + DIRS[self.start_facing]
        if self.gone:
            return f"{start} -> {square(self.end)}"
        if not self.moved:
            return start
        return f"{start} -> {square(self.end)}{DIRS[self.end_facing]}"


@dataclass(frozen=True)
class Event:
    """Something that happened to robot ``seat``."""

    seat: int

    def words(self, square: Squares) -> str:  # pragma: no cover - every event has its own
        raise NotImplementedError

    def line(self, square: Squares) -> str:
        """The engine's log line: the seat, then the words (``2 pushed by 0: d7 -> d6``)."""
        return f"{self.seat} {self.words(square)}"


@dataclass(frozen=True)
class CardPlayed(Event):
    """The robot's card for the register moved or turned it: ``card`` (``pair``: a Dual
    Processor pair played with it, 0 if none), run from ``radio``'s program under Radio
    Control (-1 if not), ``speed`` squares chosen with Brakes, Fourth or Reverse Gear (None
    if not asked). ``blocked``: a wall or a robot that could not be pushed stopped it short."""

    card: int
    path: Path
    blocked: bool = False
    pair: int = 0
    radio: int = -1
    speed: int | None = None

    @property
    def outcome(self) -> str:
        """``fell``, ``blocked``, ``moved`` (or turned), or ``held`` (nothing changed)."""
        if self.path.gone:
            return "fell"
        if self.blocked:
            return "blocked"
        return "moved" if self.path.moved else "held"

    def words(self, square: Squares) -> str:
        text = f"plays {self.card}" + (f"+{self.pair}" if self.pair else "")
        if self.radio >= 0:
            text += f" radio {self.radio}"
        if self.speed is not None:
            text += f" speed {self.speed}"
        return f"{text}: {self.path.words(square)}" + (" (blocked)" if self.blocked else "")


@dataclass(frozen=True)
class Sidestepped(Event):
    """Crab Legs moved the robot a square sideways towards ``direction``."""

    direction: int
    path: Path
    blocked: bool = False

    @property
    def outcome(self) -> str:
        return "fell" if self.path.gone else "blocked" if self.blocked else "moved"

    def words(self, square: Squares) -> str:
        blocked = " (blocked)" if self.blocked else ""
        return f"sidesteps {DIRS[self.direction]}: {self.path.words(square)}{blocked}"


@dataclass(frozen=True)
class Shoved(Event):
    """The robot was pushed (``pulled``: by a Tractor Beam) from ``start`` to ``end`` by
    robot ``by``, or by a board pusher when ``by`` is -1; ``end == start``: held in place;
    ``gone``: it was pushed off the board or into a pit. Its facing does not change."""

    by: int
    start: int
    end: int
    pulled: bool = False
    gone: bool = False

    @property
    def held(self) -> bool:
        return self.end == self.start

    @property
    def outcome(self) -> str:
        return "fell" if self.gone else "held" if self.held else "pushed"

    def cells(self) -> set[int]:
        return {c for c in (self.start, self.end) if c >= 0}

    def words(self, square: Squares) -> str:
        how = "pulled" if self.pulled else "pushed"
        by = "pusher" if self.by < 0 else str(self.by)
        if self.held:
            return f"{how} by {by}: {square(self.start)} (held in place)"
        return f"{how} by {by}: {square(self.start)} -> {square(self.end)}"


@dataclass(frozen=True)
class Rammed(Event):
    """Ramming Gear: robot ``by`` pushed or bumped into the robot: ``damage`` points."""

    by: int
    damage: int = 1

    def words(self, square: Squares) -> str:
        return f"rammed by {self.by} ({self.damage})"


@dataclass(frozen=True)
class Destroyed(Event):
    """The robot was destroyed: ``why`` is ``falls off the edge``, ``falls into a pit``,
    ``crushed`` or ``too much damage``."""

    why: str

    def words(self, square: Squares) -> str:
        return f"destroyed: {self.why}"


@dataclass(frozen=True)
class BeltRide(Event):
    """A conveyor belt (``express``: an express belt) carried the robot along ``path``."""

    express: bool
    path: Path

    def words(self, square: Squares) -> str:
        ride = "express belt" if self.express else "belt"
        return f"on {ride}: {self.path.words(square)}"


@dataclass(frozen=True)
class BeltBlocked(Event):
    """The robot's belt could not carry it off ``square`` (a robot in the way)."""

    square: int

    def words(self, square: Squares) -> str:
        return f"belt blocked: {square(self.square)}"


@dataclass(frozen=True)
class GearTurned(Event):
    """A gear on ``square`` turned the robot from ``start_facing`` to ``end_facing``."""

    square: int
    start_facing: int
    end_facing: int

    def words(self, square: Squares) -> str:
        name = square(self.square)
        return f"turned by gear: {name}{DIRS[self.start_facing]} -> {name}{DIRS[self.end_facing]}"


@dataclass(frozen=True)
class Shot(Event):
    """A laser hit the robot: a board laser (``by`` -1) or robot ``by``'s, whose ``mode``
    is ``normal`` or the option the shooter used instead (``pressor``, ``tractor``,
    ``howitzer``, ``radio``, ``scramble``, ``lock 3``, ``destroy brakes``); ``damage``: the
    points it deals (before shields and options given up)."""

    by: int
    damage: int
    mode: str = "normal"

    def words(self, square: Squares) -> str:
        if self.by < 0:
            return f"hit by board laser ({self.damage})"
        return (
            f"hit by {self.by}"
            + (f" {self.mode}" if self.mode != "normal" else "")
            + (f" ({self.damage})" if self.damage else "")
        )


@dataclass(frozen=True)
class FlagTouched(Event):
    """The robot touched flag ``number``, its next one (``arm``: with its Mechanical Arm)."""

    number: int
    arm: bool = False

    def words(self, square: Squares) -> str:
        return f"flag {self.number}" + (" (arm)" if self.arm else "")


@dataclass(frozen=True)
class ArchiveMoved(Event):
    """The robot's archive marker moved to ``square``."""

    square: int

    def words(self, square: Squares) -> str:
        return f"archive {square(self.square)}"


@dataclass(frozen=True)
class BecameReal(Event):
    """A virtual robot alone on ``square`` at the end of the turn became real."""

    square: int

    def words(self, square: Squares) -> str:
        return f"real at {square(self.square)}"


@dataclass(frozen=True)
class Repaired(Event):
    """The end of the turn repaired ``amount`` damage on the repair site ``site``
    (``wrench``, ``double wrench``, ``flag 2``; ``flag``: its flag number, 0 for a wrench)
    at ``square``: ``left`` damage left; ``freed`` registers locked by Fire Control freed."""

    amount: int
    site: str
    square: int
    left: int
    freed: int = 0
    flag: int = 0

    def words(self, square: Squares) -> str:
        return (
            f"repairs {self.amount} on {self.site} at {square(self.square)}:"
            f" {self.left} left" + (f" frees {self.freed}" if self.freed else "")
        )


@dataclass(frozen=True)
class ReEntered(Event):
    """A destroyed robot re-entered at its archive ``square`` facing ``facing`` with
    ``damage``; ``virtual``: it shares the square."""

    square: int
    facing: int
    damage: int
    virtual: bool = False

    def words(self, square: Squares) -> str:
        return (
            f"re-enters at {square(self.square)} facing {DIRS[self.facing]}"
            f" damage {self.damage}" + (" virtual" if self.virtual else "")
        )


@dataclass(frozen=True)
class PoweredDown(Event):
    """The robot powered down for the turn (``stays``: it stays powered down another
    turn), its ``cleared`` damage repaired."""

    cleared: int
    stays: bool = False

    def words(self, square: Squares) -> str:
        how = "stays powered down" if self.stays else "powers down"
        return f"{how} ({self.cleared})"


@dataclass(frozen=True)
class PowerDownAnnounced(Event):
    """The robot announced a power down for the next turn (``breaker``: its Circuit
    Breaker did)."""

    breaker: bool = False

    def words(self, square: Squares) -> str:
        return "announces power down" + (" (circuit breaker)" if self.breaker else "")


@dataclass(frozen=True)
class PowerDownCalledOff(Event):
    """A robot destroyed after announcing a power down re-enters without it."""

    def words(self, square: Squares) -> str:
        return "calls off power down"


@dataclass(frozen=True)
class PoweredUp(Event):
    """A robot powered down last turn is powered again."""

    def words(self, square: Squares) -> str:
        return "powers up"


@dataclass(frozen=True)
class CardReplaced(Event):
    """A register's card ``old`` was replaced by ``new``: ``why`` is ``abort`` (Abort
    Switch), ``scrambled`` (a Scrambler's shot) or ``swap`` (Conditional Program)."""

    why: str
    old: int
    new: int

    def words(self, square: Squares) -> str:
        return f"{self.why} {self.old}>{self.new}"


@dataclass(frozen=True)
class OptionSacrificed(Event):
    """The robot gave up the option card named ``option`` instead of 1 damage."""

    option: str

    def words(self, square: Squares) -> str:
        return f"gives up {self.option} instead of 1 damage"


@dataclass(frozen=True)
class Recompiled(Event):
    """The robot used Recompile: a new hand for 1 damage."""

    def words(self, square: Squares) -> str:
        return "recompiles"


@dataclass(frozen=True)
class FlywheelCard(Event):
    """The card on the robot's Flywheel is ``kept`` for its re-entry, or lost."""

    kept: bool

    def words(self, square: Squares) -> str:
        if self.kept:
            return "keeps the card on its Flywheel for re-entry"
        return "loses the card kept on its Flywheel"
