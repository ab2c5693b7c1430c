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

:class:`RoboRallyState` keeps the construction, the public API (moves, decisions, resigning,
results, views, snapshots and the canonical data saves hash); the rules of each phase are its
mixins, one module each: :mod:`.programming`, :mod:`.registers`, :mod:`.movement`,
:mod:`.board_elements`, :mod:`.damage`, :mod:`.options` and :mod:`.turn_end`. A robot is a
:class:`~engines.roborally.bot.Bot`; the actions are in :mod:`.actions`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import GameResult, GameState, IllegalAction, Resign, SeatView, and_names
from engines.rng import GameRandom
from engines.roborally.actions import Decide, Program, ProgramChoices
from engines.roborally.board_elements import BoardElementsMixin, laser_beam
from engines.roborally.boardfile import DIRS, Layout
from engines.roborally.bot import MAX_DAMAGE, REGISTERS, SEAT_NAMES, Bot
from engines.roborally.cards import BACK, KIND, MOVE1, MOVE3, OPTION_IDS
from engines.roborally.damage import DamageMixin
from engines.roborally.events import Event, PowerDownAnnounced, PowerDownCalledOff
from engines.roborally.movement import MovementMixin
from engines.roborally.options import OptionsMixin
from engines.roborally.phases import Phase
from engines.roborally.programming import ProgrammingMixin
from engines.roborally.registers import RegistersMixin
from engines.roborally.trace import Picture
from engines.roborally.turn_end import TurnEndMixin

__all__ = [
    "Bot",
    "Decide",
    "MAX_DAMAGE",
    "Program",
    "ProgramChoices",
    "REGISTERS",
    "RoboRallyState",
    "RoboRallyView",
    "RobotInfo",
    "SEAT_NAMES",
    "laser_beam",
    "random_choice",
]

SNAP_KIND = ("U", "L", "R", "B", "M1", "M2", "M3")
RESIGN_END = "every other robot resigned"  # the end reason of a race left to one robot


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
    phase: Phase
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


class RoboRallyState(
    ProgrammingMixin,
    RegistersMixin,
    MovementMixin,
    BoardElementsMixin,
    DamageMixin,
    OptionsMixin,
    TurnEndMixin,
    GameState,
):
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
        self.phase: Phase = Phase.FACE
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
        self.trace: list[Picture] | None = None
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
        if self.phase == Phase.OVER:
            return ()
        if self.phase == Phase.RESOLVE:
            return (self.waiting[0],) if self.waiting else ()
        return tuple(s for s, b in enumerate(self.bots) if b.pending)

    def pending_kind(self, seat: int) -> str:
        if self.phase == Phase.OVER or not 0 <= seat < self.num_players:
            return ""
        if self.phase == Phase.RESOLVE:
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

    def apply(self, action: Any, seat: int | None = None) -> None:
        if seat is None:
            seat = self.current_player()
            if seat is None:
                raise IllegalAction(
                    "nobody is to move"
                    if self.phase == Phase.OVER
                    else "several robots are to move: say which seat acts"
                )
        if not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat}")
        if isinstance(action, Resign):
            if self.phase == Phase.OVER:
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
                if self.phase == Phase.OVER
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
        return self.phase == Phase.OVER

    # -- resigning, defaults ---------------------------------------------------------------
    def can_resign(self, seat: int) -> bool:
        """Any robot may leave the race for good while it is on, whoever is to move (a robot
        out of lives too: it still counts in the ranking until it resigns)."""
        return (
            self.phase != Phase.OVER and 0 <= seat < self.num_players and seat not in self.resigns
        )

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
                self.cursor -= sum(1 for x in self.shots[: self.cursor] if seat in (x[0], x[1]))
            self.shots = keep
        self.rams = [r for r in self.rams if r[0] != seat]
        self.guard[seat] = 0
        if self.waiting is not None:  # another robot's question its leaving made moot
            other, kind = self.waiting
            shot = self.shots[self.cursor] if self.cursor < len(self.shots) else None
            if (
                kind == "fire"
                and not (shot and shot[0] == other and shot[4] == "main")
                or (kind == "sacrifice" and self._incoming(other) <= 0)
            ):
                self.waiting = None
        left = self.contenders()
        if len(left) <= 1:
            self.winners = tuple(left)
            self._game_over(RESIGN_END)
        elif self.phase == Phase.FACE:
            if not any(x.pending for x in self.bots):
                self._start_turn()
        elif self.phase == Phase.PROGRAM:
            if not any(x.pending for x in self.bots):
                self._begin_registers()
        elif self.phase == Phase.ENDTURN:
            if not any(x.pending for x in self.bots):
                self._finish_turn()
        elif self.phase == Phase.RESOLVE:
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

    # -- decisions ------------------------------------------------------------------------
    def _decide(self, seat: int, kind: str, value: str) -> None:
        b = self.bots[seat]
        if self.phase == Phase.RESOLVE:
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
        if self.phase == Phase.FACE:
            if not any(x.pending for x in self.bots):
                self._start_turn()
        elif self.phase == Phase.PROGRAM:
            self._settle_followups(seat)
        elif self.phase == Phase.ENDTURN and not any(x.pending for x in self.bots):
            self._finish_turn()

    # -- the end and the results -------------------------------------------------------------
    def _game_over(self, reason: str) -> None:
        self.phase = Phase.OVER
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
        if self.phase != Phase.OVER:
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
                    b.announce if (s == seat or self.phase != Phase.PROGRAM) else False,
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
        if self.phase == Phase.RESOLVE:
            return tuple(
                c
                if (r < self.reg or (r == self.reg and self.stage != "reveal") or b.locked[r])
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
                    "resigned"
                    if s in self.resigns
                    else "out of the game"
                    if b.out
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
            if b.announce and not (public and self.phase == Phase.PROGRAM):
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
                cards = " ".join(
                    f"{SNAP_KIND[KIND[c]]}:{c}" if c else "?" for c in self._shown_regs(b)
                )
                programs.append(f"{SEAT_NAMES[s]}: program {cards}")
                continue
            cards = " ".join(f"{SNAP_KIND[KIND[c]]}:{c}" if c else "-" for c in b.regs)
            hand = " ".join(str(c) for c in sorted(b.hand))
            programs.append(f"{SEAT_NAMES[s]}: program {cards}; hand {hand or '-'}")
        snap: dict[str, Any] = {
            "course": f"{lay.name} ({lay.course_id}, board hash {lay.content_hash})",
            "turn": self.turn,
            "phase": self.phase,
            "register": self.reg + 1 if self.phase == Phase.RESOLVE else 0,
            "robots": robots,
            "programs": programs,
        }
        if self.phase == Phase.OVER:
            snap["result"] = self.end_reason
        return snap


def random_choice(rng: random.Random, actions: Sequence[Any]) -> Any:
    return actions[int(rng.random() * len(actions))]
