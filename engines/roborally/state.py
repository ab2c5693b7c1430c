"""RoboRally positions: simultaneous programming, the register sequence, decisions, views.

The turn runs through phases:

``face``     game start: every player chooses the facing of its robot.
``program``  every robot that is on the board and not powered down submits one
             :class:`Program` (5 cards, locked registers included, and whether it announces a
             power down); owners of programming options then answer their follow-up questions
             (Flywheel, Conditional Program, Crab Legs, Dual Processor, Gyroscopic Stabilizer).
             Recompile may be used before the program is submitted.
``resolve``  the five registers. It stops only when an option owner must decide something
             (Abort Switch, Conditional Program, Brakes, Fourth Gear, Reverse Gear, the
             laser-replacing options and Fire Control, and ``sacrifice``: a robot about to
             take damage may give up one option card for each point); that seat alone is to
             move.
``endturn``  repairs (a double wrench may give an option card instead), which locked register
             to free, staying powered down, and for destroyed robots: the option card to give up
             and the facing (and power down) to re-enter with.
``over``     the game has ended.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import GameResult, GameState, IllegalAction, Resign, SeatView, and_names
from engines.rng import GameRandom
from engines.roborally.boardfile import (
    BELT,
    DIRS,
    DOUBLE_WRENCH,
    EXPRESS,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    WRENCH,
    Layout,
)
from engines.roborally.cards import (
    BACK,
    DECK,
    KIND,
    LEFT,
    MOVE1,
    MOVE3,
    MOVES,
    OPTION_IDS,
    OPTIONS,
    RIGHT,
    ROTATES,
    STEPS,
    TURNS,
    UTURN,
)
from engines.roborally.events import (
    ArchiveMoved,
    BecameReal,
    BeltBlocked,
    BeltRide,
    CardPlayed,
    CardReplaced,
    Destroyed,
    Event,
    FlagTouched,
    FlywheelCard,
    GearTurned,
    OptionSacrificed,
    Path,
    PowerDownAnnounced,
    PowerDownCalledOff,
    PoweredDown,
    PoweredUp,
    Rammed,
    Recompiled,
    ReEntered,
    Repaired,
    Shot,
    Shoved,
    Sidestepped,
)

SNAP_KIND = ("U", "L", "R", "B", "M1", "M2", "M3")
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Black")
MAX_DAMAGE = 10
REGISTERS = 5
RESIGN_END = "every other robot resigned"  # the end reason of a race left to one robot


@dataclass(frozen=True, slots=True)
class Program:
    """A whole program: five cards (register 1 first, locked registers included)."""

    cards: tuple[int, ...]
    power_down: bool = False

    def __str__(self) -> str:
        return "p " + ",".join(map(str, self.cards)) + (";pd" if self.power_down else "")


@dataclass(frozen=True, slots=True)
class Decide:
    """Any other decision: its kind (``face``, ``fire`` ...) and the chosen value."""

    kind: str
    value: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.value}".strip()


class Bot:
    """One robot and its player's cards."""

    __slots__ = (
        "pos",
        "facing",
        "damage",
        "lives",
        "virtual",
        "archive",
        "flags",
        "powered",
        "announce",
        "destroyed",
        "regs",
        "pairs",
        "locked",
        "fc_locks",
        "hand",
        "options",
        "ablative",
        "howitzer",
        "flywheel",
        "parked",
        "gyro",
        "recompiled",
        "abort",
        "abort_used",
        "radio",
        "crab",
        "dual",
        "pending",
        "stay",
        "reenter_face",
    )

    def __init__(self) -> None:
        self.pos = -1
        self.facing = 0
        self.damage = 0
        self.lives = 3
        self.virtual = False
        self.archive = -1
        self.flags = 0
        self.powered = False
        self.announce = False
        self.destroyed = False
        self.regs = [0] * REGISTERS
        self.pairs = [0] * REGISTERS
        self.locked = [False] * REGISTERS
        self.fc_locks = 0
        self.hand: list[int] = []
        self.options: list[str] = []
        self.ablative = 0
        self.howitzer = 0
        self.flywheel = 0
        self.parked = 0
        self.gyro = False
        self.recompiled = False
        self.abort = False
        self.abort_used = False
        self.radio = -1
        self.crab = -1  # register holding a Crab Legs pair
        self.dual = -1  # register holding a Dual Processor pair
        self.pending: list[str] = []
        self.stay = False
        self.reenter_face = 0

    def clone(self) -> Bot:
        b = Bot.__new__(Bot)
        for name in Bot.__slots__:
            v = getattr(self, name)
            setattr(b, name, v[:] if type(v) is list else v)
        return b

    def data(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in Bot.__slots__}

    @property
    def out(self) -> bool:
        return self.lives <= 0

    @property
    def on_board(self) -> bool:
        return self.pos >= 0

    def has(self, option: str) -> bool:
        return option in self.options


def laser_beam(
    lay: Layout, start: int, d: int, power: bool, robot_at: Callable[[int], int]
) -> tuple[int, int] | None:
    """(first real robot hit, robot shot through or -1) of a robot laser fired from ``start``
    towards ``d``; a High-Power Laser (``power``) passes one wall or one robot.
    ``robot_at(cell)`` is the real robot on a square other than the shooter, or -1."""
    i = start
    spare = power
    while True:
        if lay.wall[i] >> d & 1:
            if not spare:
                return None
            spare = False
        j = lay.nbr[i][d]
        if j < 0:
            return None
        r = robot_at(j)
        if r >= 0:
            if spare:  # through this robot to the next one, stopped by any wall
                k = j
                while not lay.wall[k] >> d & 1 and lay.nbr[k][d] >= 0:
                    k = lay.nbr[k][d]
                    nxt = robot_at(k)
                    if nxt >= 0:
                        return nxt, r
            return r, -1
        i = j


def _shuffle(cards: list[int], seed: int, turn: int, refill: int = 0) -> None:
    """Shuffle in place exactly like :meth:`GameRandom.shuffle` (built on ``random()`` alone),
    seeded from the game seed, the turn and the refill count, inlined for speed."""
    rnd = random.Random(seed * 1_000_003 + turn * 101 + refill).random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        if j > i:
            j = i
        cards[i], cards[j] = cards[j], cards[i]


class ProgramChoices(Sequence):
    """Every legal program of one seat, without building 30,000 objects.

    Indexing walks the ordered picks of the free registers from the sorted hand (and the
    power-down flag); ``in`` checks a program directly. Extra decisions (Recompile) come last.
    """

    def __init__(
        self,
        hand: Sequence[int],
        regs: Sequence[int],
        locked: Sequence[bool],
        can_power_down: bool,
        extras: Sequence[Decide] = (),
    ) -> None:
        self.hand = tuple(sorted(hand))
        self.regs = tuple(regs)
        self.locked = tuple(locked)
        self.free = tuple(r for r in range(REGISTERS) if not locked[r])
        self.pd = can_power_down
        self.extras = tuple(extras)
        count = 1
        for j in range(len(self.free)):
            count *= len(self.hand) - j
        self.base = count * (2 if self.pd else 1)

    def __len__(self) -> int:
        return self.base + len(self.extras)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self.base:
            return self.extras[index - self.base]
        pd = False
        if self.pd:
            pd = bool(index & 1)
            index >>= 1
        rest = list(self.hand)
        cards = list(self.regs)
        for r in self.free:
            m = len(rest)
            cards[r] = rest.pop(index % m)
            index //= m
        return Program(tuple(cards), pd)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Decide):
            return action in self.extras
        if not isinstance(action, Program):
            return False
        return self.problem(action) is None

    def problem(self, action: Program) -> str | None:
        cards = action.cards
        if len(cards) != REGISTERS:
            return f"a program has {REGISTERS} cards, not {len(cards)}"
        if action.power_down and not self.pd:
            return "a power down can only be announced by a damaged robot"
        used: list[int] = []
        for r in range(REGISTERS):
            if self.locked[r]:
                if cards[r] != self.regs[r]:
                    return f"register {r + 1} is locked with card {self.regs[r]}"
            else:
                if cards[r] not in self.hand:
                    return f"card {cards[r]} is not in the hand"
                used.append(cards[r])
        if len(set(used)) != len(used):
            return "a card can be used only once"
        return None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ProgramChoices):
            return (self.hand, self.regs, self.locked, self.pd, self.extras) == (
                other.hand,
                other.regs,
                other.locked,
                other.pd,
                other.extras,
            )
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.hand, self.regs, self.locked, self.pd, self.extras))

    def __repr__(self) -> str:
        return f"ProgramChoices({len(self)} actions)"


@dataclass(frozen=True)
class RobotInfo:
    """What every seat may see of one robot."""

    seat: int
    pos: int
    facing: int
    damage: int
    lives: int
    flags: int
    archive: int
    virtual: bool
    powered_down: bool
    announced: bool
    options: tuple[str, ...]
    revealed: tuple[int, ...]  # cards face up this turn (0 = not shown)
    locked: tuple[bool, ...]
    resigned: bool = False  # left the race for good: off the board, out of the ranking


@dataclass(frozen=True)
class RoboRallyView(SeatView):
    seat: int
    layout: Layout
    turn: int
    phase: str
    register_no: int
    robots: tuple[RobotInfo, ...]
    hand: tuple[int, ...]
    program: tuple[int, ...]
    pending: str
    choices: tuple[Decide, ...]
    program_choices: ProgramChoices | None
    winners: tuple[int, ...]
    max_turns: int
    # the seat's own programming options (never another seat's hidden cards)
    parked: int = 0  # Conditional Program: the parked card (0: none)
    pairs: tuple[int, ...] = (0,) * REGISTERS  # Crab Legs / Dual Processor cards per register
    crab: int = -1  # register holding the Crab Legs pair (-1: none)
    dual: int = -1  # register holding the Dual Processor pair (-1: none)
    gyro: bool = False  # Gyroscopic Stabilizer switched on this turn
    abort: bool = False  # Abort Switch used: later unlocked cards are replaced at their reveal
    recompiled: bool = False  # Recompile already used this turn
    flywheel: int = 0  # Flywheel: the card kept for next turn's hand (0: none)
    howitzer: int = 0  # Mini Howitzer shots left
    ablative: int = 0  # Ablative Coat damage still absorbed
    radio: int = -1  # the seat whose program this robot runs (Radio Control), -1: its own
    fire_target: int = -1  # the robot this seat's main laser hits, while it asks "fire how?"
    incoming: int = 0  # damage still coming to this robot, while it asks "sacrifice"
    resigned: tuple[int, ...] = ()  # the seats that resigned, in order

    def legal_actions(self) -> list[Any]:
        if self.program_choices is not None:
            return self.program_choices  # type: ignore[return-value]
        return list(self.choices)


class RoboRallyState(GameState):
    game_id = "roborally"

    def __init__(
        self,
        layout: Layout,
        num_players: int,
        seed: int,
        *,
        start: str = "shared",
        options_cards: bool = True,
        max_turns: int = 60,
    ) -> None:
        self.layout = layout
        self.num_players = num_players
        self.seed = seed
        self.start_mode = start
        self.options_on = options_cards
        self.max_turns = max_turns
        self.bots = [Bot() for _ in range(num_players)]
        self.turn = 0
        self.phase = "face"
        self.reg = 0
        self.stage = ""
        self.cursor = 0
        self.order: list[int] = []
        self.shots: list[list[Any]] = []
        self.asked: list[str] = []
        self.waiting: tuple[int, str] | None = None
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.refills = 0
        self.option_deck: list[str] = []
        self.register_start: list[tuple[int, int]] = []  # see _mark_register_start
        # Times hidden things were shown to the table (every program at the registers, a
        # new hand, an option card drawn): undo never goes back across one (see reveals).
        self.shown = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.moves = 0
        self.shield: list[str] = []
        # a damage event (the Ramming Gear hits of one card, or a register's lasers): the
        # rams still to deal [target, rammer, direction the damage comes from], the points
        # each seat's given-up options absorb, and the sacrifice answers given ("1:brakes")
        self.rams: list[list[int]] = []
        self.guard: list[int] = [0] * num_players
        self.sacrifices: list[str] = []
        self.events: list[str] = []  # the log lines of the register so far
        self.happened: list[Event] = []  # the same, as structured events (see _tell)
        self.resigns: list[int] = []  # seats that resigned, in order (see _resign)
        self.trace: list[dict[str, Any]] | None = None
        self.hook: Any = None  # called with the state after every register (tests)
        # called with a robot's seat as it is destroyed (engines/roborally/preview.py)
        self.on_destroy: Callable[[int], None] | None = None
        lives = 3 + (num_players > 4) + (layout.boards > 4)
        for s, b in enumerate(self.bots):
            b.lives = lives
            if start == "docks":
                b.pos = layout.starts[s] if s < len(layout.starts) else -1
            else:
                b.pos = layout.starts[0] if layout.starts else -1
                b.virtual = num_players > 1
            b.archive = b.pos
            b.pending = ["face"]
        if options_cards:
            deck = list(OPTION_IDS)
            GameRandom(seed * 7 + 3).shuffle(deck)
            self.option_deck = deck

    # -- the common shape --------------------------------------------------------------
    @property
    def move_number(self) -> int:
        return self.moves

    @property
    def progress(self) -> str:
        """The turn, as the screen's title says it."""
        return f"turn {max(1, self.turn)}/{self.max_turns}"

    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "resolve":
            return (self.waiting[0],) if self.waiting else ()
        return tuple(s for s, b in enumerate(self.bots) if b.pending)

    def pending_kind(self, seat: int) -> str:
        if self.phase == "over" or not 0 <= seat < self.num_players:
            return ""
        if self.phase == "resolve":
            return self.waiting[1] if self.waiting and self.waiting[0] == seat else ""
        p = self.bots[seat].pending
        return p[0] if p else ""

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        if seat is None:
            seat = self.current_player()
            if seat is None:
                return []
        kind = self.pending_kind(seat)
        if not kind:
            return []
        if kind == "program":
            return self._program_choices(seat)  # type: ignore[return-value]
        return [Decide(kind, v) for v in self._choices(seat, kind)]

    def _program_choices(self, seat: int) -> ProgramChoices:
        b = self.bots[seat]
        extras = []
        if b.has("recompile") and not b.recompiled and b.damage <= 3:
            extras.append(Decide("recompile", ""))
        return ProgramChoices(b.hand, b.regs, b.locked, b.damage > 0, extras)

    def apply(self, action: Any, seat: int | None = None) -> None:
        if seat is None:
            seat = self.current_player()
            if seat is None:
                raise IllegalAction(
                    "nobody is to move"
                    if self.phase == "over"
                    else "several robots are to move: say which seat acts"
                )
        if not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat}")
        if isinstance(action, Resign):
            if self.phase == "over":
                raise IllegalAction("the game is over")
            if seat in self.resigns:
                raise IllegalAction(f"{SEAT_NAMES[seat]} has already resigned")
            self.moves += 1
            self._resign(seat)
            return
        kind = self.pending_kind(seat)
        if not kind:
            raise IllegalAction(
                "the game is over"
                if self.phase == "over"
                else f"{SEAT_NAMES[seat]} has nothing to decide now"
            )
        if kind == "program":
            if isinstance(action, Decide) and action.kind == "recompile":
                if action not in self._program_choices(seat):
                    raise IllegalAction(f"{SEAT_NAMES[seat]} cannot recompile now")
                self.moves += 1
                self._recompile(seat)
                return
            if not isinstance(action, Program):
                raise IllegalAction(f"{SEAT_NAMES[seat]} must submit a program now")
            problem = self._program_choices(seat).problem(action)
            if problem:
                raise IllegalAction(problem)
            self.moves += 1
            self._take_program(seat, action)
            return
        if not isinstance(action, Decide) or action.kind != kind:
            raise IllegalAction(f"{SEAT_NAMES[seat]} must decide '{kind}' now, not {action}")
        valid = self._choices(seat, kind)
        if action.value not in valid:
            raise IllegalAction(
                f"{action.value!r} is not a choice for '{kind}'; valid: {', '.join(valid)}"
            )
        self.moves += 1
        self._decide(seat, kind, action.value)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # -- resigning, defaults ---------------------------------------------------------------
    def can_resign(self, seat: int) -> bool:
        """Any robot may leave the race for good while it is on, whoever is to move (a robot
        out of lives too: it still counts in the ranking until it resigns)."""
        return (self.phase != "over" and 0 <= seat < self.num_players
                and seat not in self.resigns)

    def resigned(self) -> tuple[int, ...]:
        return tuple(self.resigns)

    def contenders(self) -> list[int]:
        """The seats still in the race: all but those that resigned (a robot out of lives
        still counts: the ranking may make it a winner)."""
        return [s for s in range(self.num_players) if s not in self.resigns]

    def _resign(self, seat: int) -> None:
        """Robot ``seat`` leaves the race: off the board at once, out of lives, its cards
        (hand, program, kept and parked ones) on the discard pile, its option cards out of
        the game, anything it was to decide dropped. Its later registers are not played, and
        the shots of this register that involve it do not fire. With one robot left in the
        race that robot wins at once; else the turn goes on for the others."""
        b = self.bots[seat]
        self.resigns.append(seat)
        self.discard.extend(c for c in (*b.hand, *b.regs, *b.pairs, b.parked, b.flywheel) if c)
        b.hand = []
        b.regs = [0] * REGISTERS
        b.pairs = [0] * REGISTERS
        b.locked = [False] * REGISTERS
        b.parked = b.flywheel = b.fc_locks = 0
        b.crab = b.dual = b.radio = -1
        b.pos = -1
        b.lives = 0
        b.virtual = b.powered = b.announce = b.stay = False
        b.options = []
        b.ablative = b.howitzer = 0
        b.pending = []
        for o in self.bots:
            if o.radio == seat:
                o.radio = -1
        if self.waiting is not None and self.waiting[0] == seat:
            self.waiting = None
        if self.shots:
            keep = [x for x in self.shots if seat not in (x[0], x[1])]
            if self.stage == "fire":
                self.cursor -= sum(1 for x in self.shots[: self.cursor]
                                   if seat in (x[0], x[1]))
            self.shots = keep
        self.rams = [r for r in self.rams if r[0] != seat]
        self.guard[seat] = 0
        if self.waiting is not None:  # another robot's question its leaving made moot
            other, kind = self.waiting
            shot = self.shots[self.cursor] if self.cursor < len(self.shots) else None
            if kind == "fire" and not (shot and shot[0] == other and shot[4] == "main") or (
                    kind == "sacrifice" and self._incoming(other) <= 0):
                self.waiting = None
        left = self.contenders()
        if len(left) <= 1:
            self.winners = tuple(left)
            self._game_over(RESIGN_END)
        elif self.phase == "face":
            if not any(x.pending for x in self.bots):
                self._start_turn()
        elif self.phase == "program":
            if not any(x.pending for x in self.bots):
                self._begin_registers()
        elif self.phase == "endturn":
            if not any(x.pending for x in self.bots):
                self._finish_turn()
        elif self.phase == "resolve":
            self._run()

    def default_action(self, seat: int) -> Decide | None:
        """What the rules do for a robot whose player does not answer: the facing it has
        (at the start, and to re-enter: not powered down), no power down, the repair
        rather than an option card, options declined (``none``, ``no``, ``off``, the
        printed speed, a normal shot, the damage taken), the lowest locked register freed
        (the one a repair frees without Fire Control), and the option card it has held
        longest given up when destroyed. ``None`` for a program (a regular turn: the
        table fills it, see :mod:`engines.roborally.programs`) and when ``seat`` has
        nothing to decide."""
        kind = self.pending_kind(seat)
        if not kind or kind == "program":
            return None
        choices = self._choices(seat, kind)
        if not choices:
            return None
        b = self.bots[seat]
        value = {
            "face": DIRS[b.facing],
            "reenter": DIRS[b.facing],
            "wrench": "repair",
            "stay": "no",
            "abort": "no",
            "swap": "no",
            "gyro": "off",
            "fire": "normal",
        }.get(kind, choices[0])  # none, the lowest register, the printed speed, the oldest
        return Decide(kind, value if value in choices else choices[0])

    # -- choices ------------------------------------------------------------------------
    def _choices(self, seat: int, kind: str) -> list[str]:
        b = self.bots[seat]
        if kind == "face":
            return list(DIRS)
        if kind == "reenter":
            return [d for d in DIRS] + [f"{d} pd" for d in DIRS]
        if kind == "discard":
            return list(b.options)
        if kind == "wrench":
            return ["repair", "option"]
        if kind == "unlock":
            return [str(r + 1) for r in range(REGISTERS) if b.locked[r]]
        if kind in ("stay", "abort", "swap"):
            return ["yes", "no"]
        if kind == "gyro":
            return ["on", "off"]
        if kind in ("keep", "park"):
            return ["none"] + [str(c) for c in sorted(b.hand)]
        if kind in ("crab", "dual"):
            return ["none"] + self._pair_choices(b, kind)
        if kind == "speed":
            card = self._card(seat, self.reg)
            k = KIND[card]
            return {MOVE1: ["1", "0"], MOVE3: ["3", "4"], BACK: ["1", "2"]}[k]
        if kind == "fire":
            return self._fire_choices(seat)
        if kind == "sacrifice":
            return ["none"] + list(b.options)
        raise AssertionError(kind)

    def _pair_choices(self, b: Bot, kind: str) -> list[str]:
        out = []
        for c in sorted(b.hand):
            ck = KIND[c]
            if kind == "crab" and ck not in (LEFT, RIGHT):
                continue
            if kind == "dual" and ck not in ROTATES:
                continue
            for r in range(REGISTERS):
                if b.locked[r] or b.pairs[r] or not b.regs[r]:
                    continue
                rk = KIND[b.regs[r]]
                if (kind == "crab" and rk == MOVE1) or (kind == "dual" and rk in MOVES):
                    out.append(f"{c}@{r + 1}")
        return out

    # -- programming ----------------------------------------------------------------------
    def _take_program(self, seat: int, program: Program) -> None:
        b = self.bots[seat]
        for r in range(REGISTERS):
            if not b.locked[r]:
                b.regs[r] = program.cards[r]
                b.hand.remove(program.cards[r])
        b.announce = program.power_down
        b.pending.pop(0)
        for option, kind in (
            ("flywheel", "keep"),
            ("conditional-program", "park"),
            ("crab-legs", "crab"),
            ("dual-processor", "dual"),
            ("gyroscopic-stabilizer", "gyro"),
        ):
            if b.has(option):
                b.pending.append(kind)
        self._settle_followups(seat)

    def _settle_followups(self, seat: int) -> None:
        """Skip follow-up questions that have no real choice; finish the seat's programming."""
        b = self.bots[seat]
        while b.pending and b.pending[0] in ("keep", "park", "crab", "dual"):
            if len(self._choices(seat, b.pending[0])) > 1:
                return
            b.pending.pop(0)
        if b.pending:
            return
        self.discard.extend(b.hand)
        b.hand = []
        if self.phase == "program" and not any(x.pending for x in self.bots):
            self._begin_registers()

    def _recompile(self, seat: int) -> None:
        b = self.bots[seat]
        b.recompiled = True
        self._tell(Recompiled(seat))
        self.discard.extend(b.hand)
        b.hand = []
        self._damage(seat, 1, -1)
        b.hand = self._deal(b)

    # -- decisions ------------------------------------------------------------------------
    def _decide(self, seat: int, kind: str, value: str) -> None:
        b = self.bots[seat]
        if self.phase == "resolve":
            self.waiting = None
            self.asked.append(f"{seat}:{kind}:{value}")
            self._apply_register_choice(seat, kind, value)
            self._run()
            return
        b.pending.pop(0)
        if kind == "face":
            b.facing = DIRS.index(value)
        elif kind in ("keep", "park"):
            if value != "none":
                card = int(value)
                b.hand.remove(card)
                if kind == "keep":
                    b.flywheel = card
                else:
                    b.parked = card
        elif kind in ("crab", "dual"):
            if value != "none":
                paired, _, r = value.partition("@")
                reg = int(r) - 1
                b.hand.remove(int(paired))
                b.pairs[reg] = int(paired)
                if kind == "crab":
                    b.crab = reg
                else:
                    b.dual = reg
        elif kind == "gyro":
            b.gyro = value == "on"
        elif kind == "wrench":
            if value == "option" and self.option_deck:
                b.options.append(self._take_option(b))
            else:
                self._repair(seat, 2)
        elif kind == "unlock":
            reg = int(value) - 1
            b.locked[reg] = False
            self._settle_locks(seat)
        elif kind == "stay":
            b.stay = value == "yes"
        elif kind == "discard":
            b.options.remove(value)
            self._lose_option(seat, value)
        elif kind == "reenter":
            face, _, pd = value.partition(" ")
            b.reenter_face = DIRS.index(face)
            announced, b.announce = b.announce, pd == "pd"
            if b.announce:  # log text only, told before the next turn begins
                self._tell(PowerDownAnnounced(seat))
            elif announced:  # announced with its program, then destroyed
                self._tell(PowerDownCalledOff(seat))
        if self.phase == "face":
            if not any(x.pending for x in self.bots):
                self._start_turn()
        elif self.phase == "program":
            self._settle_followups(seat)
        elif self.phase == "endturn" and not any(x.pending for x in self.bots):
            self._finish_turn()

    def _take_option(self, b: Bot) -> str:
        option = self.option_deck.pop()
        self.shown += 1
        if option == "ablative-coat":
            b.ablative = 3
        if option == "mini-howitzer":
            b.howitzer = 5
        return option

    def _lose_option(self, seat: int, option: str) -> None:
        b = self.bots[seat]
        if option == "flywheel" and b.flywheel:  # the kept card goes with its option
            self.discard.append(b.flywheel)
            b.flywheel = 0
            self._tell(FlywheelCard(seat, kept=False))
        if option == "ablative-coat":
            b.ablative = 0
        if option == "mini-howitzer":
            b.howitzer = 0

    # -- turn structure -------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        self.shown += 1  # a new hand is dealt
        self._mark_register_start()  # the turn's start picture: re-entries and new hands
        prior = len(self.events)  # told of the turn before: power downs announced since
        self.discard = []
        self.refills = 0
        entering = [b for b in self.bots if not b.out and not b.on_board]
        crowd: dict[int, int] = {}
        for o in self.bots:
            where = o.pos if o.on_board else (o.archive if o in entering else -1)
            if where >= 0:
                crowd[where] = crowd.get(where, 0) + 1
        for s, b in enumerate(self.bots):
            if b.out:
                continue
            was_off = b.powered and b.on_board  # powered down last turn, still on the board
            if not b.on_board:
                taken = crowd[b.archive] > 1  # robots entering together are virtual too
                b.pos = b.archive
                b.virtual = taken
                b.facing = b.reenter_face
                b.damage = 0 if b.has("superior-archive") else 2
                # "0 re-enters at a1 facing N damage 2 virtual" (log)
                self._tell(ReEntered(s, b.pos, b.facing, b.damage, taken))
            b.powered = b.announce
            b.announce = False
            if b.powered:  # told as "1 powers down (3)": the damage it clears (log only)
                self._tell(PoweredDown(s, b.damage, stays=was_off))
                b.damage = 0
                b.fc_locks = 0
                for r in range(REGISTERS):
                    b.locked[r] = False
                    b.regs[r] = 0
                    b.pairs[r] = 0
            elif was_off:
                self._tell(PoweredUp(s))
            self._settle_locks(s)
        kept = {c for b in self.bots for c in b.regs if c}
        kept.update(b.flywheel for b in self.bots if b.flywheel)
        deck = [c for c in DECK if c not in kept]
        _shuffle(deck, self.seed, self.turn)
        self.deck = deck
        self.phase = "program"
        for b in self.bots:
            if b.on_board and not b.powered:
                b.hand = self._deal(b)
                if b.flywheel:
                    b.hand.append(b.flywheel)
                    b.flywheel = 0
                b.pending = ["program"]
        if self.trace is not None:
            picture = self.picture()
            picture["register"] = 0
            picture["prior"] = prior  # its first events are the end of the turn before
            self.trace.append(picture)
        self.events = []  # told with the start of the turn: register 1 starts afresh
        self.happened = []
        if not any(b.pending for b in self.bots):
            self._begin_registers()

    def hand_size(self, b: Bot) -> int:
        """9 cards, one fewer per damage point and per Fire Control lock, one more with Extra
        Memory; never fewer than the registers left to fill."""
        free = REGISTERS - sum(b.locked)
        return max(free, 9 - b.damage - b.fc_locks + b.has("extra-memory"))

    def _deal(self, b: Bot) -> list[int]:
        cards = [self._draw() for _ in range(self.hand_size(b))]
        return [c for c in cards if c]

    def _draw(self) -> int:
        """The top card of the deck (the discards reshuffled when it is empty; 0 if none)."""
        if not self.deck:
            if not self.discard:
                return 0
            self.refills += 1
            self.deck = sorted(self.discard)
            self.discard = []
            _shuffle(self.deck, self.seed, self.turn, self.refills)
        return self.deck.pop()

    def _begin_registers(self) -> None:
        self.shown += 1  # every program is about to be played face up
        self.phase = "resolve"
        for s, b in enumerate(self.bots):  # public now: told with register 1 (log only)
            if b.announce and b.on_board:
                self._tell(PowerDownAnnounced(s))
        self.reg = 0
        self.stage = "reveal"
        self._mark_register_start()
        self.cursor = 0
        self.asked = []
        self.shield = []
        self._run()

    def _card(self, seat: int, reg: int) -> int:
        b = self.bots[seat]
        if b.radio >= 0:
            return self.bots[b.radio].regs[reg]
        return b.regs[reg]

    def _pair(self, seat: int, reg: int) -> tuple[int, str]:
        owner = self.bots[seat].radio if self.bots[seat].radio >= 0 else seat
        o = self.bots[owner]
        if not o.pairs[reg]:
            return 0, ""
        return o.pairs[reg], ("crab" if o.crab == reg else "dual")

    def _active(self, b: Bot) -> bool:
        return b.on_board and not b.powered

    def _run(self) -> None:
        """Resolve registers until a decision is needed or the turn is over."""
        while self.phase == "resolve" and self.waiting is None:
            if self.stage == "reveal":
                if self._reveal():
                    return
                self.stage = "move"
                self.cursor = 0
                movers = [
                    s
                    for s, b in enumerate(self.bots)
                    if self._active(b) and self._card(s, self.reg)
                ]
                movers.sort(key=lambda s: (-self._card(s, self.reg), self.bots[s].radio >= 0))
                self.order = movers
            elif self.stage == "move":
                if self._moves():
                    return
                self._belts(True)
                self._belts(False)
                self._pushers()
                self._gears()
                self._crushers()
                self.stage = "fire"
                self.cursor = 0
                self.shots = self._aim()
            elif self.stage == "fire":
                if self._fire_decisions() or self._sacrifice_decisions():
                    return
                self._fire()
                self._end_damage()
                self._touch()
                self._end_register()

    def _end_register(self) -> None:
        if self.trace is not None:
            self.trace.append(self.picture())
        if self.hook is not None:
            self.hook(self)
        self.events = []
        self.happened = []
        self.asked = []
        self.shield = []
        self.shots = []
        self.order = []
        if self.winners:
            self._game_over(self._win_reason())
            return
        self.reg += 1
        self.cursor = 0
        self.stage = "reveal"
        self._mark_register_start()
        if self.reg == REGISTERS:
            self.stage = ""
            self.reg = 0
            self._end_turn()

    def _mark_register_start(self) -> None:
        """Positions as a register (or a turn's start) begins: a trace picture carries
        them, so the log tells the register from its start even if a decision in the
        middle of it split the playing into two actions (log only, not the state)."""
        self.register_start = [(b.pos, b.facing) for b in self.bots]

    def picture(self) -> dict[str, Any]:
        """Positions after a register (for traces and tests), and where it began."""
        return {
            "start": list(self.register_start),
            "turn": self.turn,
            "register": self.reg + 1,
            "robots": [(b.pos, b.facing, b.damage, b.lives, b.flags, b.virtual) for b in self.bots],
            "bots": [b.clone() for b in self.bots],
            "events": list(self.events),
            "happened": list(self.happened),  # the events behind those lines
        }

    # -- reveal ---------------------------------------------------------------------------
    def _reveal(self) -> bool:
        reg = self.reg
        while self.cursor < self.num_players:
            s = self.cursor
            b = self.bots[s]
            if not (b.options or b.parked):  # nothing to decide or replace: the common case
                self.cursor += 1
                continue
            if self._active(b) and b.regs[reg] and b.radio < 0:
                if b.abort and not b.locked[reg] and not self._was_asked(s, "abort"):
                    self._replace_card(s, reg, "abort")
                elif (
                    b.has("abort-switch")
                    and not b.abort_used
                    and not b.locked[reg]
                    and not self._was_asked(s, "abort")
                ):
                    self.waiting = (s, "abort")
                    return True
                if b.parked and not b.locked[reg] and not self._was_asked(s, "swap"):
                    self.waiting = (s, "swap")
                    return True
            self.cursor += 1
        return False

    def _was_asked(self, seat: int, kind: str) -> bool:
        prefix = f"{seat}:{kind}:"
        return any(a.startswith(prefix) for a in self.asked)

    def _answer(self, seat: int, kind: str) -> str:
        prefix = f"{seat}:{kind}:"
        for a in self.asked:
            if a.startswith(prefix):
                return a[len(prefix) :]
        return ""

    def _replace_card(self, seat: int, reg: int, why: str) -> None:
        b = self.bots[seat]
        old = b.regs[reg]
        if old:
            self.discard.append(old)
        if b.pairs[reg]:
            self.discard.append(b.pairs[reg])
            b.pairs[reg] = 0
            if b.crab == reg:
                b.crab = -1
            if b.dual == reg:
                b.dual = -1
        b.regs[reg] = self._draw()
        self._tell(CardReplaced(seat, why, old, b.regs[reg]))

    def _apply_register_choice(self, seat: int, kind: str, value: str) -> None:
        b = self.bots[seat]
        if kind == "abort" and value == "yes":
            b.abort = True
            b.abort_used = True
            self._replace_card(seat, self.reg, "abort")
        elif kind == "swap" and value == "yes":
            old = b.regs[self.reg]
            self.discard.append(old)
            if b.pairs[self.reg]:
                self.discard.append(b.pairs[self.reg])
                b.pairs[self.reg] = 0
                b.crab = -1 if b.crab == self.reg else b.crab
                b.dual = -1 if b.dual == self.reg else b.dual
            b.regs[self.reg] = b.parked
            b.parked = 0
            self._tell(CardReplaced(seat, "swap", old, b.regs[self.reg]))
        elif kind == "fire":
            for shot in self.shots:
                if shot[0] == seat and shot[4] == "main":
                    shot[5] = value
        elif kind == "sacrifice":
            self.sacrifices.append(f"{seat}:{value}")
            if value != "none":
                b.options.remove(value)
                self._lose_option(seat, value)
                self.guard[seat] += 1
                self._tell(OptionSacrificed(seat, OPTIONS[value][0]))

    # -- moving -----------------------------------------------------------------------------
    def _moves(self) -> bool:
        while True:
            if self.rams:  # the last card's Ramming Gear hits
                if self._sacrifice_decisions():
                    return True
                self._deal_rams()
            if self.cursor >= len(self.order):
                return False
            s = self.order[self.cursor]
            b = self.bots[s]
            card = self._card(s, self.reg)
            if not b.on_board or not card:
                self.cursor += 1
                continue
            k = KIND[card]
            needs = b.options and (
                (k == MOVE1 and b.has("brakes"))
                or (k == MOVE3 and b.has("fourth-gear"))
                or (k == BACK and b.has("reverse-gear"))
            )
            pair, mode = self._pair(s, self.reg)
            if needs and mode != "crab" and not self._was_asked(s, "speed"):
                self.waiting = (s, "speed")
                return True
            self.cursor += 1
            speed = self._answer(s, "speed") if needs else ""
            self._execute(s, card, pair, mode, int(speed) if speed else None)

    def _execute(self, s: int, card: int, pair: int, mode: str, speed: int | None) -> None:
        b = self.bots[s]
        k = KIND[card]
        at = len(self.events)  # the card is told before the pushes and falls it causes
        start = (b.pos, b.facing)
        last = b.pos  # the square of the last step (a destroyed robot's way out is told)
        if mode == "crab":
            side = (b.facing + TURNS[KIND[pair]]) % 4
            self._step(s, side, s)
            self._tell(Sidestepped(s, side, self._path(s, start, last, side), b.pos == last), at)
            return
        moved = steps = 0
        direction = b.facing
        if k in STEPS:
            steps = STEPS[k]
            if steps < 0:
                direction = (b.facing + 2) % 4
                steps = -steps
            if speed is not None:
                steps = speed
            if mode == "dual":  # a Dual Processor move is one square shorter (U-turn: two)
                steps = max(0, steps - (2 if KIND[pair] == UTURN else 1))
            for _ in range(steps):
                last = b.pos
                if not self._step(s, direction, s):
                    break
                moved += 1
        else:
            b.facing = (b.facing + TURNS[k]) % 4
        if mode == "dual" and b.on_board:
            b.facing = (b.facing + TURNS[KIND[pair]]) % 4
        # told as "2 plays 830: d7N -> d4N" (log text only, not the state), with the card's
        # Dual Processor pair, whose program it runs under Radio Control, a speed chosen
        path = self._path(s, start, last, direction)
        blocked = b.on_board and moved < steps
        paired = pair if mode == "dual" else 0
        self._tell(CardPlayed(s, card, path, blocked, paired, b.radio, speed), at)

    def _tell(self, event: Event, at: int | None = None) -> None:
        """Tell ``event``: its log line in :attr:`events`, the event itself in
        :attr:`happened` (``at``: before the lines told since that index)."""
        at = len(self.events) if at is None else at
        self.events.insert(at, event.line(self._square))
        self.happened.insert(at, event)

    def step_events(self) -> tuple[Event, ...]:
        """The structured events of the register so far, one for each line of
        :attr:`events` (a trace picture carries a register's as ``happened``)."""
        return tuple(self.happened)

    def _path(self, s: int, start: tuple[int, int], last: int, d: int) -> Path:
        """Robot ``s``'s way from ``start`` (square, facing) to where it is now or, when it
        was destroyed, to the square it went to from ``last`` towards ``d`` (a pit, or off
        the board)."""
        b = self.bots[s]
        if b.on_board:
            return Path(*start, b.pos, b.facing)
        to = self.layout.nbr[last][d] if last >= 0 else -1
        return Path(*start, to, start[1], gone=True)

    def _square(self, i: int) -> str:
        """A square's name for the log, or "off the board" (-1)."""
        return self.layout.short_name(i) if i >= 0 else "off the board"

    def _real_at(self, cell: int, skip: int = -1) -> int:
        for s, b in enumerate(self.bots):
            if b.pos == cell and s != skip and not b.virtual:
                return s
        return -1

    def _step(self, s: int, d: int, actor: int) -> bool:
        """Move robot ``s`` one square towards ``d``, pushing real robots; True if it moved."""
        lay = self.layout
        b = self.bots[s]
        i = b.pos
        if lay.wall[i] >> d & 1:
            return False
        chain = [s]
        if not b.virtual:
            c = lay.nbr[i][d]
            while c >= 0:
                r = self._real_at(c, s)
                if r < 0:
                    break
                chain.append(r)
                if lay.wall[c] >> d & 1:
                    self._ram(actor, chain[1], d)  # bumped into: a wall stops the push
                    return False
                c = lay.nbr[c][d]
        for r in reversed(chain):
            rb = self.bots[r]
            to = lay.nbr[rb.pos][d]
            if r != s:  # told as "2 pushed by 0: d7 -> d6" (log text only, not the state)
                gone = to < 0 or lay.kind[to] == PIT
                self._tell(Shoved(r, s, rb.pos, to, gone=gone))
            self._place(r, to, "pushed" if r != s else "")
        for r in chain[1:]:
            self._ram(actor, r, d)
        return b.on_board

    def _ram(self, actor: int, target: int, d: int) -> None:
        """Ramming Gear: ``target``, pushed or bumped into by ``actor`` towards ``d``, takes 1
        damage once ``actor``'s card has finished (so that it may give up an option instead)."""
        if actor >= 0 and self.bots[actor].has("ramming-gear"):
            self.rams.append([target, actor, (d + 2) % 4])

    def _deal_rams(self) -> None:
        rams, self.rams = self.rams, []
        for target, actor, source in rams:
            if self.bots[target].on_board:
                self._tell(Rammed(target, actor))
                self._damage(target, 1, source)
        self._end_damage()

    def _place(self, s: int, cell: int, why: str = "") -> None:
        b = self.bots[s]
        if cell < 0:
            self._destroy(s, "falls off the edge")
            return
        b.pos = cell
        if self.layout.kind[cell] == PIT:
            self._destroy(s, "falls into a pit")

    def _destroy(self, s: int, why: str) -> None:
        if self.on_destroy is not None:
            self.on_destroy(s)
        b = self.bots[s]
        b.pos = -1
        b.virtual = False
        b.destroyed = True
        b.lives -= 1
        b.radio = -1
        b.fc_locks = 0
        b.locked = [False] * REGISTERS
        self._tell(Destroyed(s, why))
        for o in self.bots:
            if o.radio == s:
                o.radio = -1

    # -- board elements ------------------------------------------------------------------------
    def _belts(self, express_only: bool) -> None:
        lay = self.layout
        kind, belt, wall, nbr = lay.kind, lay.belt, lay.wall, lay.nbr
        movers: dict[int, int] = {}
        dirs: dict[int, int] = {}
        for s, b in enumerate(self.bots):
            if b.pos < 0:
                continue
            k = kind[b.pos]
            if k == EXPRESS or (k == BELT and not express_only):
                d = belt[b.pos]
                if wall[b.pos] >> d & 1:
                    continue
                movers[s] = nbr[b.pos][d]
                dirs[s] = d
        if not movers:
            return
        real = [s for s in movers if not self.bots[s].virtual]
        held: set[int] = set()
        changed = True
        while changed:
            changed = False
            for s in real:
                if s in held:
                    continue
                t = movers[s]
                if t < 0:
                    continue
                same = any(o != s and o not in held and movers[o] == t for o in real) or any(
                    o != s and o in held and movers[o] == t for o in real
                )
                occupant = self._real_at(t, s)
                blocked = False
                if (
                    same
                    or occupant >= 0
                    and (occupant not in movers or occupant in held or self.bots[occupant].virtual)
                ):
                    blocked = True
                elif occupant >= 0 and movers[occupant] == self.bots[s].pos:
                    blocked = True  # head-on: both stay
                if blocked:
                    held.add(s)
                    changed = True
        for s in list(movers):
            if s in held:
                self._tell(BeltBlocked(s, self.bots[s].pos))
                continue
            b = self.bots[s]
            d = dirs[s]
            t = movers[s]
            at = len(self.events)  # told before a fall it ends in
            express = kind[b.pos] == EXPRESS
            start, last = (b.pos, b.facing), b.pos
            self._place(s, t, "belt")
            if b.pos >= 0 and kind[t] in (BELT, EXPRESS) and belt[t] != d and not b.gyro:
                turn = (belt[t] - d) % 4
                if turn == 1:
                    b.facing = (b.facing + 1) % 4
                elif turn == 3:
                    b.facing = (b.facing + 3) % 4
            self._tell(BeltRide(s, express, self._path(s, start, last, d)), at)

    def _pushers(self) -> None:
        lay = self.layout
        bit = 1 << self.reg
        pushed: list[tuple[int, int]] = []
        for i in lay.pushers:
            if lay.pusher_mask[i] & bit:
                pushed.extend((s, i) for s, b in enumerate(self.bots) if b.pos == i)
        for s, i in pushed:
            if self.bots[s].pos == i:
                at = len(self.events)  # told before whatever the push sets off
                self._step(s, lay.pusher_dir[i], -1)
                end = i if self.bots[s].pos == i else lay.nbr[i][lay.pusher_dir[i]]
                gone = not self.bots[s].on_board
                self._tell(Shoved(s, -1, i, end, gone=gone), at)

    def _gears(self) -> None:
        kind = self.layout.kind
        for s, b in enumerate(self.bots):
            if b.pos >= 0 and not b.gyro:
                k = kind[b.pos]
                if k in (GEAR_CW, GEAR_CCW):
                    start = b.facing
                    b.facing = (b.facing + (1 if k == GEAR_CW else 3)) % 4
                    self._tell(GearTurned(s, b.pos, start, b.facing))

    def _crushers(self) -> None:
        lay = self.layout
        bit = 1 << self.reg
        for s, b in enumerate(self.bots):
            if b.pos >= 0 and lay.crusher_mask[b.pos] & bit:
                self._destroy(s, "crushed")

    # -- lasers -----------------------------------------------------------------------------
    def _aim(self) -> list[list[Any]]:
        """Shots as [shooter, target, damage, direction, kind, mode, through]."""
        lay = self.layout
        shots: list[list[Any]] = []
        cover = lay.cover
        first: dict[int, tuple[int, int]] = {}  # laser -> (distance, seat) of the first real
        virtual: list[tuple[int, int, int]] = []
        for s, b in enumerate(self.bots):
            if b.pos < 0:
                continue
            beams = cover.get(b.pos)
            if beams:
                for index, k in beams:
                    if b.virtual:
                        virtual.append((index, k, s))
                    elif index not in first or k < first[index][0]:
                        first[index] = (k, s)
        for index, k, s in virtual:
            if index not in first or k <= first[index][0]:
                _, d, beams_n, _ = lay.lasers[index]
                shots.append([-1, s, beams_n, d, "board", "normal", -1])
        for index in sorted(first):
            _, d, beams_n, _ = lay.lasers[index]
            shots.append([-1, first[index][1], beams_n, d, "board", "normal", -1])
        real = {b.pos: s for s, b in enumerate(self.bots) if b.pos >= 0 and not b.virtual}
        for s, b in enumerate(self.bots):
            if b.pos < 0 or b.virtual or b.powered:
                continue
            if not b.options:  # the common case: a plain forward laser
                for c in lay.ray[b.pos][b.facing]:
                    r = real.get(c)
                    if r is not None:
                        shots.append([s, r, 1, b.facing, "main", "normal", -1])
                        break
                continue
            main = self._beam(s, b.facing, b.has("high-power-laser"))
            if main:
                target, through = main
                dmg = 2 if b.has("double-barreled-laser") else 1
                shots.append([s, target, dmg, b.facing, "main", "normal", through])
                if through >= 0:
                    shots.append([s, through, dmg, b.facing, "through", "normal", -1])
            if b.has("rear-firing-laser"):
                rear = self._beam(s, (b.facing + 2) % 4, False)
                if rear:
                    shots.append([s, rear[0], 1, (b.facing + 2) % 4, "rear", "normal", -1])
        return shots

    def _beam(self, s: int, d: int, power: bool) -> tuple[int, int] | None:
        """(first real robot hit, robot shot through or -1) from robot ``s`` towards ``d``."""
        return laser_beam(self.layout, self.bots[s].pos, d, power, lambda c: self._real_at(c, s))

    def _fire_choices(self, seat: int) -> list[str]:
        shot = next(x for x in self.shots if x[0] == seat and x[4] == "main")
        b = self.bots[seat]
        t = self.bots[shot[1]]
        out = ["normal"]
        if b.has("pressor-beam"):
            out.append("pressor")
        if b.has("tractor-beam"):
            dist = abs(b.pos % self.layout.width - t.pos % self.layout.width) + abs(
                b.pos // self.layout.width - t.pos // self.layout.width
            )
            if dist > 1:
                out.append("tractor")
        if b.has("radio-control"):
            out.append("radio")
        if b.has("scrambler") and self.reg < REGISTERS - 1:
            out.append("scramble")
        if b.has("mini-howitzer") and b.howitzer > 0:
            out.append("howitzer")
        if b.has("fire-control"):
            out.extend(f"lock {r + 1}" for r in range(REGISTERS) if not t.locked[r])
            out.extend(f"destroy {o}" for o in t.options)
        return out

    def _fire_decisions(self) -> bool:
        while self.cursor < len(self.shots):
            shot = self.shots[self.cursor]
            s = shot[0]
            if (
                shot[4] == "main"
                and self.bots[s].options
                and not self._was_asked(s, "fire")
                and len(self._fire_choices(s)) > 1
            ):
                self.waiting = (s, "fire")
                return True
            self.cursor += 1
        return False

    # -- options given up instead of damage ------------------------------------------------
    def _pending_hits(self) -> dict[int, list[tuple[int, int]]]:
        """The damage event under way: per robot its hits (points, direction they come from)
        in the order they land: the rams of the last card, or the register's shots."""
        hits: dict[int, list[tuple[int, int]]] = {}
        if self.stage == "move":
            for target, _, source in self.rams:
                hits.setdefault(target, []).append((1, source))
        elif self.stage == "fire":
            for _, target, dmg, d, _, mode, _ in self.shots:
                if mode in ("normal", "howitzer"):
                    hits.setdefault(target, []).append((dmg if mode == "normal" else 1,
                                                        (d + 2) % 4))
        return hits

    def _through(self, s: int, hits: list[tuple[int, int]]) -> int:
        """The points of ``hits`` the Power-Down Shield and the Ablative Coat let through
        (as :meth:`_damage` would deal them)."""
        b = self.bots[s]
        shield = set(self.shield)
        coat = b.ablative
        total = 0
        for amount, source in hits:
            if b.powered and b.has("power-down-shield") and source >= 0:
                key = f"{s}:{source}"
                if key not in shield:
                    shield.add(key)
                    amount -= 1
            if coat and amount > 0:
                absorbed = min(coat, amount)
                coat -= absorbed
                amount -= absorbed
            total += max(0, amount)
        return total

    def _incoming(self, s: int) -> int:
        """Damage still coming to robot ``s`` in this damage event, after the options it
        has already given up."""
        hits = self._pending_hits().get(s, [])
        return max(0, self._through(s, hits) - self.guard[s])

    def _sacrifice_decisions(self) -> bool:
        """Ask each robot with options that damage is about to reach (seat order) whether
        it gives up an option card instead of 1 point, again after each one it gives up,
        until it says "none", has no options left or no damage is left to stop."""
        for s in sorted(self._pending_hits()):
            b = self.bots[s]
            if not b.on_board or not b.options or f"{s}:none" in self.sacrifices:
                continue
            if self._incoming(s) > 0:
                self.waiting = (s, "sacrifice")
                return True
        return False

    def _end_damage(self) -> None:
        self.guard = [0] * self.num_players
        self.sacrifices = []

    def _fire(self) -> None:
        effects = []
        for shooter, target, dmg, d, kind, mode, _ in self.shots:
            if kind == "board":
                self._tell(Shot(target, -1, dmg))
            else:
                hurt = dmg if mode == "normal" else 1 if mode == "howitzer" else 0
                self._tell(Shot(target, shooter, hurt, mode))  # "2 hit by 1 (1)" (log)
            if mode == "normal":
                self._damage(target, dmg, (d + 2) % 4)
            elif mode == "howitzer":
                self._damage(target, 1, (d + 2) % 4)
                effects.append((shooter, target, mode, d))
            else:
                effects.append((shooter, target, mode, d))
        for shooter, target, mode, d in effects:
            sb, tb = self.bots[shooter], self.bots[target]
            if mode == "howitzer" and sb.howitzer > 0:  # (its last shots may be given up)
                sb.howitzer -= 1
                if sb.howitzer == 0 and "mini-howitzer" in sb.options:
                    sb.options.remove("mini-howitzer")  # out of shots: discarded
            if not tb.on_board:
                continue
            if mode in ("pressor", "howitzer", "tractor"):
                at = len(self.events)  # told before the pushes and falls it causes
                last = tb.pos
                way = d if mode != "tractor" else (d + 2) % 4
                self._step(target, way, -1)
                to = tb.pos if tb.on_board else self.layout.nbr[last][way]
                pulled = mode == "tractor"
                self._tell(Shoved(target, shooter, last, to, pulled, not tb.on_board), at)
            elif mode == "radio":
                if sb.on_board:
                    tb.radio = shooter
            elif mode == "scramble":
                nxt = self.reg + 1
                if nxt < REGISTERS and tb.regs[nxt] and not tb.powered and not tb.locked[nxt]:
                    self._replace_card(target, nxt, "scrambled")
            elif mode.startswith("lock "):
                r = int(mode.split()[1]) - 1
                if not tb.locked[r]:
                    tb.locked[r] = True
                    tb.fc_locks += 1
            elif mode.startswith("destroy "):
                option = mode.split()[1]
                if option in tb.options:
                    tb.options.remove(option)
                    self._lose_option(target, option)

    def _damage(self, s: int, amount: int, source_dir: int) -> None:
        b = self.bots[s]
        if not b.on_board:
            return
        if b.powered and b.has("power-down-shield") and source_dir >= 0:
            key = f"{s}:{source_dir}"
            if key not in self.shield:
                self.shield.append(key)
                amount -= 1
        if b.ablative and amount > 0:
            absorbed = min(b.ablative, amount)
            b.ablative -= absorbed
            amount -= absorbed
            if not b.ablative:
                b.options.remove("ablative-coat")
        if self.guard[s] and amount > 0:  # options given up instead of these points
            absorbed = min(self.guard[s], amount)
            self.guard[s] -= absorbed
            amount -= absorbed
        if amount <= 0:
            return
        b.damage += amount
        if b.damage >= MAX_DAMAGE:
            self._destroy(s, "too much damage")
            return
        self._settle_locks(s)

    def _settle_locks(self, s: int) -> None:
        """Lock registers from 5 downwards for damage beyond 4; auto-unlock when forced."""
        b = self.bots[s]
        need = min(REGISTERS, max(0, b.damage - 4) + b.fc_locks)
        have = sum(b.locked)
        r = REGISTERS - 1
        while have < need and r >= 0:
            if not b.locked[r]:
                b.locked[r] = True
                have += 1
            r -= 1
        if have > need and need == 0:
            b.locked = [False] * REGISTERS
        elif have > need and "unlock" not in b.pending:
            b.pending.insert(0, "unlock")

    def _repair(self, s: int, amount: int) -> None:
        b = self.bots[s]
        b.damage = max(0, b.damage - amount)
        b.fc_locks = 0
        self._settle_locks(s)

    # -- touching flags --------------------------------------------------------------------
    def _touch(self) -> None:
        lay = self.layout
        flags = lay.flags
        for s, b in enumerate(self.bots):
            if b.pos < 0:
                continue
            i = b.pos
            k = lay.kind[i]
            archive = b.archive
            on_site = i in flags or k in (WRENCH, DOUBLE_WRENCH)
            if i in flags:
                b.archive = i
                if b.flags < len(flags) and flags[b.flags] == i:
                    b.flags += 1
                    self._tell(FlagTouched(s, b.flags))
            elif on_site:
                b.archive = i
            if b.has("mechanical-arm"):
                # the arm reaches the squares next to it (no wall between) even from a
                # flag or wrench of its own (on flag 1 it touches flag 2 next to it); its own
                # site keeps the archive unless the arm touches a flag
                for d in range(4):
                    j = lay.nbr[i][d]
                    if j < 0 or lay.wall[i] >> d & 1:
                        continue
                    if b.flags < len(flags) and flags[b.flags] == j:
                        b.flags += 1
                        b.archive = j
                        self._tell(FlagTouched(s, b.flags, arm=True))
                        break
                    if not on_site and (j in flags or lay.kind[j] in (WRENCH, DOUBLE_WRENCH)):
                        b.archive = j
            if b.archive != archive:  # told as "1 archive e11" (log text only)
                self._tell(ArchiveMoved(s, b.archive))
            if b.flags == len(flags) and flags:
                self.winners = (*self.winners, s)

    # -- end of turn -----------------------------------------------------------------------
    def _end_turn(self) -> None:
        self.phase = "endturn"
        lay = self.layout
        count: dict[int, int] = {}
        for b in self.bots:
            if b.pos >= 0:
                count[b.pos] = count.get(b.pos, 0) + 1
        for s, b in enumerate(self.bots):
            if b.pos >= 0 and b.virtual and count[b.pos] == 1:
                b.virtual = False
                self._tell(BecameReal(s, b.pos))
        for s, b in enumerate(self.bots):
            b.pending = []
            if b.on_board:
                site = self._repair_site(b)
                k = lay.kind[site] if site >= 0 else -1
                amount = 1 if (k == WRENCH or site in lay.flags) else 0
                if k == DOUBLE_WRENCH:
                    if self.option_deck and not b.powered and self.options_on:
                        b.pending.append("wrench")
                        amount = 0
                    else:
                        amount = 2
                if amount:
                    damage, locks = b.damage, b.fc_locks
                    self._repair(s, amount)
                    # "0 repairs 1 on wrench at e11: 2 left" (log), "... frees 1" when the
                    # repair also ends registers locked by Fire Control
                    if b.damage < damage or locks:
                        flag = lay.flags.index(site) + 1 if site in lay.flags else 0
                        self._tell(Repaired(s, damage - b.damage, self._site(site), site,
                                            b.damage, locks, flag))
                if b.powered and b.damage > 0:
                    b.pending.append("stay")
            elif not b.out:
                if b.options:
                    b.pending.append("discard")
                b.pending.append("reenter")
                if b.flywheel:  # it stays on the Flywheel: the re-entered robot's next hand
                    self._tell(FlywheelCard(s, kept=True))
            else:
                b.options = []
                if b.flywheel:
                    self.discard.append(b.flywheel)
                    b.flywheel = 0
                    self._tell(FlywheelCard(s, kept=False))
        # The end of the turn is told after its last register (log only): the trace has just
        # taken that register's picture; "end" marks where its events begin, and whether the
        # table waits for end-of-turn decisions the log tells. Not carried on either way.
        if self.trace:
            picture = self.trace[-1]
            told = ("wrench", "unlock", "stay", "discard", "reenter")
            asks = any(k in b.pending for b in self.bots for k in told)
            picture["end"] = (len(picture["events"]), asks)
            picture["events"].extend(self.events)
            picture["happened"].extend(self.happened)
        self.events = []
        self.happened = []
        if not any(b.pending for b in self.bots):
            self._finish_turn()

    def _repair_site(self, b: Bot) -> int:
        """The repair site (wrench, double wrench or flag) that repairs robot ``b`` at the end
        of the turn, or -1: its own square, or with a Mechanical Arm one square away with no
        wall between, the best within reach (a double wrench before a wrench or flag; its own
        square first among equals)."""
        lay = self.layout

        def worth(i: int) -> int:
            if lay.kind[i] == DOUBLE_WRENCH:
                return 2
            return 1 if lay.kind[i] == WRENCH or i in lay.flags else 0

        best = b.pos if worth(b.pos) else -1
        if b.has("mechanical-arm"):
            for d in range(4):
                j = lay.nbr[b.pos][d]
                if j >= 0 and not lay.wall[b.pos] >> d & 1 and worth(j) > (
                    worth(best) if best >= 0 else 0
                ):
                    best = j
        return best

    def _site(self, i: int) -> str:
        """The repair site on square ``i`` for the log: ``wrench``, ``flag 2`` ..."""
        k = self.layout.kind[i]
        if k == DOUBLE_WRENCH:
            return "double wrench"
        if k == WRENCH:
            return "wrench"
        return f"flag {self.layout.flags.index(i) + 1}"

    def _finish_turn(self) -> None:
        for s, b in enumerate(self.bots):
            for r in range(REGISTERS):
                if b.pairs[r]:
                    self.discard.append(b.pairs[r])
                    b.pairs[r] = 0
                if b.regs[r] and (not b.locked[r] or not b.on_board):
                    self.discard.append(b.regs[r])
                    b.regs[r] = 0
            if not b.on_board:
                b.locked = [False] * REGISTERS
            if b.parked:
                self.discard.append(b.parked)
                b.parked = 0
            self.discard.extend(b.hand)
            b.hand = []
            if b.powered and b.stay:
                b.announce = True
            if b.on_board and not b.announce and b.has("circuit-breaker") and b.damage >= 3:
                b.announce = True
                self._tell(PowerDownAnnounced(s, breaker=True))
            b.stay = False
            b.gyro = b.recompiled = b.abort = b.abort_used = b.destroyed = False
            b.radio = -1
            b.crab = b.dual = -1
        if all(b.out for b in self.bots):
            self._game_over("no robot is left in the race" if self.resigns
                            else "every robot is out of lives")
        elif self.turn >= self.max_turns:
            self._game_over(f"the turn limit ({self.max_turns}) was reached")
        else:
            self._start_turn()

    def _game_over(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self.waiting = None
        for b in self.bots:
            b.pending = []
        if not self.winners:
            ranking = self.ranking()
            top = ranking[0]
            key = self._rank_key(top)
            self.winners = tuple(s for s in ranking if self._rank_key(s)[:4] == key[:4])

    def _win_reason(self) -> str:
        names = " and ".join(SEAT_NAMES[s] for s in self.winners)
        return f"{names} reached the last flag"

    def _resign_reason(self) -> str:
        """``Red and Blue resigned: Green wins`` (every other robot resigned)."""
        gone = and_names([SEAT_NAMES[s] for s in self.resigns])
        return f"{gone} resigned: {and_names([SEAT_NAMES[s] for s in self.winners])} wins"

    # -- results ---------------------------------------------------------------------------
    def distance(self, seat: int) -> int:
        """Squares (across plus down) from the robot (or its archive) to its next flag."""
        b = self.bots[seat]
        flags = self.layout.flags
        if b.flags >= len(flags):
            return 0
        where = b.pos if b.pos >= 0 else b.archive
        w = self.layout.width
        f = flags[b.flags]
        return abs(where % w - f % w) + abs(where // w - f // w)

    def _rank_key(self, seat: int) -> tuple[int, int, int, int, int]:
        b = self.bots[seat]
        return (seat in self.resigns, -b.flags, 1 if b.out else 0, self.distance(seat), seat)

    def ranking(self) -> list[int]:
        """Seats best first: flags touched, then still in the game, then distance; the
        robots that resigned last, in the order they resigned (the last one first)."""
        ranked = sorted(self.contenders(), key=self._rank_key)
        return ranked + self.resigns[::-1]

    def result(self) -> GameResult | None:
        if self.phase != "over":
            return None
        ranking = self.ranking()
        if self.winners and all(self.bots[s].flags == len(self.layout.flags) for s in self.winners):
            reason = self._win_reason()
        elif self.end_reason == RESIGN_END:
            reason = self._resign_reason()
        else:
            names = " and ".join(SEAT_NAMES[s] for s in self.winners)
            reason = (
                f"{self.end_reason}: {names} "
                f"{'lead' if len(self.winners) > 1 else 'leads'} on flags and distance"
            )
        return GameResult(
            winners=self.winners,
            draw=len(self.winners) == self.num_players and self.num_players > 1,
            reason=reason,
            scores=tuple(b.flags for b in self.bots),
            details={
                "ranking": ranking,
                "flags": [b.flags for b in self.bots],
                "distance": [self.distance(s) for s in range(self.num_players)],
                "lives": [b.lives for b in self.bots],
                "turns": self.turn,
                "total_flags": len(self.layout.flags),
                "by_resign": self.end_reason == RESIGN_END,
            },
            resigned=tuple(self.resigns),
        )

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> RoboRallyView:
        kind = self.pending_kind(seat)
        robots = []
        for s, b in enumerate(self.bots):
            shown = self._shown_regs(b)
            robots.append(
                RobotInfo(
                    s,
                    b.pos,
                    b.facing,
                    b.damage,
                    b.lives,
                    b.flags,
                    b.archive,
                    b.virtual,
                    b.powered,
                    b.announce if (s == seat or self.phase != "program") else False,
                    tuple(b.options),
                    shown,
                    tuple(b.locked),
                    s in self.resigns,
                )
            )
        me = self.bots[seat]
        choices: tuple[Decide, ...] = ()
        pchoices = None
        if kind == "program":
            pchoices = self._program_choices(seat)
        elif kind:
            choices = tuple(Decide(kind, v) for v in self._choices(seat, kind))
        return RoboRallyView(
            seat=seat,
            layout=self.layout,
            turn=self.turn,
            phase=self.phase,
            register_no=self.reg,
            robots=tuple(robots),
            hand=tuple(sorted(me.hand)),
            program=tuple(me.regs),
            pending=kind,
            choices=choices,
            program_choices=pchoices,
            winners=self.winners,
            max_turns=self.max_turns,
            parked=me.parked,
            pairs=tuple(me.pairs),
            crab=me.crab,
            dual=me.dual,
            gyro=me.gyro,
            abort=me.abort,
            recompiled=me.recompiled,
            flywheel=me.flywheel,
            howitzer=me.howitzer,
            ablative=me.ablative,
            radio=me.radio,
            fire_target=self._fire_target(seat) if kind == "fire" else -1,
            incoming=self._incoming(seat) if kind == "sacrifice" else 0,
            resigned=tuple(self.resigns),
        )

    def _fire_target(self, seat: int) -> int:
        """The robot ``seat``'s main laser hits in the shot being decided (public: the
        whole table sees who shoots whom)."""
        if self.cursor < len(self.shots) and self.shots[self.cursor][0] == seat:
            return self.shots[self.cursor][1]
        return -1

    def clone(self) -> RoboRallyState:
        other = RoboRallyState.__new__(RoboRallyState)
        other.__dict__.update(self.__dict__)
        other.bots = [b.clone() for b in self.bots]
        other.order = self.order[:]
        other.shots = [s[:] for s in self.shots]
        other.asked = self.asked[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.option_deck = self.option_deck[:]
        other.shield = self.shield[:]
        other.rams = [r[:] for r in self.rams]
        other.guard = self.guard[:]
        other.sacrifices = self.sacrifices[:]
        other.resigns = self.resigns[:]
        other.events = self.events[:]
        other.happened = self.happened[:]
        other.trace = None if self.trace is None else self.trace[:]
        return other

    def reveals(self, seat: int) -> int:
        """Undo stops at the registers (they show every program), at a new hand and at a
        drawn option card: taking a program back after watching it would be peeking."""
        return self.shown

    def reveal_note(self, seat: int) -> str:
        return "the programs have been played (or new cards dealt) since"

    def canonical(self) -> dict[str, Any]:
        data = self._canonical()
        if self.rams or any(self.guard) or self.sacrifices:  # only in a damage event (so the
            # fingerprints of positions outside one are those of earlier versions)
            data["damage_event"] = {
                "rams": self.rams,
                "guard": self.guard,
                "sacrifices": self.sacrifices,
            }
        if self.resigns:  # only then (so older saves' hashes stay valid)
            data["resigned"] = self.resigns
        return data

    def _canonical(self) -> dict[str, Any]:
        return {
            "course": self.layout.course_id,
            "course_hash": self.layout.content_hash,
            "players": self.num_players,
            "seed": self.seed,
            "start": self.start_mode,
            "options_cards": self.options_on,
            "max_turns": self.max_turns,
            "turn": self.turn,
            "phase": self.phase,
            "reg": self.reg,
            "stage": self.stage,
            "cursor": self.cursor,
            "order": self.order,
            "shots": self.shots,
            "asked": self.asked,
            "waiting": list(self.waiting) if self.waiting else None,
            "deck": self.deck,
            "discard": self.discard,
            "refills": self.refills,
            "option_deck": self.option_deck,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "moves": self.moves,
            "shield": self.shield,
            "bots": [b.data() for b in self.bots],
        }

    def _shown_regs(self, b: Bot) -> tuple[int, ...]:
        """A robot's registers as every seat sees them (0: face down): the locked ones, and
        during the registers those revealed so far."""
        if self.phase == "resolve":
            return tuple(
                c if (r < self.reg or (r == self.reg and self.stage != "reveal") or b.locked[r])
                else 0
                for r, c in enumerate(b.regs)
            )
        return tuple(c if b.locked[r] else 0 for r, c in enumerate(b.regs))

    def snapshot(self, public: bool = False) -> dict[str, Any]:
        return self._snapshot(public, self.layout.name_of)

    def shown_snapshot(self, public: bool = False) -> dict[str, Any]:
        """Squares named as the screen and ``board show`` name them (``j16``), not by board
        (``dock:j4``, the save file's form)."""
        return self._snapshot(public, self.layout.short_name)

    def _snapshot(self, public: bool, square: Callable[[int], str]) -> dict[str, Any]:
        lay = self.layout
        robots = []
        for s, b in enumerate(self.bots):
            where = (
                square(b.pos) + f" facing {DIRS[b.facing]}"
                if b.on_board
                else (
                    "resigned" if s in self.resigns
                    else "out of the game" if b.out
                    else f"destroyed (archive {square(b.archive)})"
                )
            )
            bits = [
                f"{SEAT_NAMES[s]}: {where}",
                f"damage {b.damage}",
                f"lives {b.lives}",
                f"flags {b.flags}/{len(lay.flags)}",
            ]
            if b.virtual:
                bits.append("virtual")
            if b.powered:
                bits.append("powered down")
            if b.announce and not (public and self.phase == "program"):
                bits.append("power down announced")
            if any(b.locked):
                bits.append(
                    "locked " + "".join(str(r + 1) for r in range(REGISTERS) if b.locked[r])
                )
            if b.options:
                bits.append("options " + " ".join(b.options))
            robots.append(", ".join(bits))
        programs = []
        for s, b in enumerate(self.bots):
            if public:  # "?" a card not yet revealed; the hands are secret
                cards = " ".join(f"{SNAP_KIND[KIND[c]]}:{c}" if c else "?"
                                 for c in self._shown_regs(b))
                programs.append(f"{SEAT_NAMES[s]}: program {cards}")
                continue
            cards = " ".join(f"{SNAP_KIND[KIND[c]]}:{c}" if c else "-" for c in b.regs)
            hand = " ".join(str(c) for c in sorted(b.hand))
            programs.append(f"{SEAT_NAMES[s]}: program {cards}; hand {hand or '-'}")
        snap: dict[str, Any] = {
            "course": f"{lay.name} ({lay.course_id}, board hash {lay.content_hash})",
            "turn": self.turn,
            "phase": self.phase,
            "register": self.reg + 1 if self.phase == "resolve" else 0,
            "robots": robots,
            "programs": programs,
        }
        if self.phase == "over":
            snap["result"] = self.end_reason
        return snap


def random_choice(rng: random.Random, actions: Sequence[Any]) -> Any:
    return actions[int(rng.random() * len(actions))]
