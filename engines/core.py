"""The one shape every game engine has.

A :class:`GameSpec` describes a game (its id, options, seats, computer levels);
``spec.new_game(...)`` makes a :class:`GameState` that holds the whole truth.
Each seat reads the state only through ``state.view(seat)``: a view carries no
hidden cards, and computer players receive nothing else. Actions are small
hashable values; ``spec.encode_action`` turns them into the text kept in the
action log, from which :class:`engines.match.Match` rebuilds any game exactly.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol

Action = Hashable

RESIGN_TEXT = "resign"  # a resignation in every game's action log


class EngineError(Exception):
    """Base class of the errors engines raise on bad input."""


class IllegalAction(EngineError):
    """An action that the rules do not allow now; the message says why."""


class OptionError(EngineError):
    """An unknown option or a value that is not allowed; the message lists what is valid."""


class UnknownGame(EngineError):
    """A game id that is not registered."""


class ResignRule(StrEnum):
    """What a seat leaving a game for good does, by game (:attr:`GameSpec.resign_rule`)."""

    GAME_ENDS = "game ends"  # the other side wins at once (two-player games)
    SEAT_OUT = "seat out"  # the seat is out, the game goes on for the others
    COMPUTER_PLAYS = "computer plays"  # the rules have no way out: a computer plays the seat
    # to the end (no engine action: whoever runs the game puts a computer in the seat)


@dataclass(frozen=True, slots=True)
class Resign:
    """A seat leaves the game for good (logged as ``resign``). Never among
    ``legal_actions()``: computer players never pick it; :meth:`engines.match.Match.resign`
    plays it for any seat that :meth:`GameState.can_resign`, whoever's turn it is."""

    def __str__(self) -> str:
        return RESIGN_TEXT


RESIGN = Resign()


def and_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default and allowed values.

    ``choices`` lists the allowed values; ``None`` means any value of ``kind``:
    ``"int"`` (a whole number) or ``"text"`` (a string, e.g. a file path); ``presets``
    are the values a dialog offers for such an option.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None
    help: str
    label: str = ""
    choice_labels: tuple[str, ...] | None = None
    kind: str = "int"
    presets: tuple[Any, ...] = ()  # values a dialog offers for an open option (any is valid)

    def label_of(self, value: Any) -> str:
        """How a value is shown in dialogs."""
        if self.choices and self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended.

    ``winners`` holds the winning seats: one seat for an outright win, several for a
    shared win or a draw (``draw`` is true when every seat is among them).
    ``reason`` spells out why, in words a player can read. ``resigned`` holds the seats
    that left the game for good, in the order they resigned (never among the winners).
    """

    winners: tuple[int, ...]
    draw: bool
    reason: str
    scores: tuple[Any, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    resigned: tuple[int, ...] = ()

    def outcome(self, seat: int) -> str:
        """``"win"``, ``"draw"`` (a draw or a shared win), ``"loss"`` or ``"resigned"`` for
        a seat."""
        if seat in self.resigned:
            return "resigned"
        if seat not in self.winners:
            return "loss"
        return "win" if len(self.winners) == 1 else "draw"


class SeatView(ABC):
    """What one seat may know. Computer players receive only this."""

    seat: int

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The actions this seat may take now (empty when it is not to move)."""


class GameState(ABC):
    """The whole truth of one game in progress."""

    game_id: str
    num_players: int

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that must act now: one seat, several (simultaneous), or none at the end."""

    def current_player(self) -> int | None:
        """The single seat to move, or ``None`` when the game is over or moves are simultaneous."""
        seats = self.to_move()
        return seats[0] if len(seats) == 1 else None

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Legal actions for ``seat`` (default: the current player)."""

    @abstractmethod
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play ``action`` for ``seat``; raise :class:`IllegalAction` saying why if not allowed."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> GameResult | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: never another seat's hidden cards."""

    def can_resign(self, seat: int) -> bool:
        """Whether ``seat`` may leave the game for good now (:data:`RESIGN`), whoever is to
        move. False in a game whose :attr:`GameSpec.resign_rule` is ``COMPUTER_PLAYS``, once
        the game is over, and for a seat already resigned or out."""
        return False

    def resigned(self) -> tuple[int, ...]:
        """The seats that resigned, in the order they did."""
        return ()

    def default_action(self, seat: int) -> Action | None:
        """The move the rules make for ``seat`` when it does not answer a decision it must
        take now (a facing to keep, a question to decline), always one of
        ``legal_actions(seat)``; ``None`` where the rules name none (a regular turn: a
        stand-in chooses there) or when ``seat`` has nothing to decide."""
        return None

    @abstractmethod
    def clone(self) -> GameState: ...

    @abstractmethod
    def canonical(self) -> dict[str, Any]:
        """Every fact of the state (hidden ones too) as plain data, for hashing."""

    @abstractmethod
    def snapshot(self, public: bool = False) -> dict[str, Any]:
        """A readable picture of the position for save files (TOML-friendly data), every
        card included; ``public``: only what every player may see (no hands, secrets or
        programs not yet revealed), for showing a game in progress without spoiling it."""

    def shown_snapshot(self, public: bool = False) -> dict[str, Any]:
        """:meth:`snapshot` as ``robotui saves show`` prints it: a game may name things there
        as its screen does (the save file's snapshot keeps its own, fixed form)."""
        return self.snapshot(public)

    @property
    @abstractmethod
    def move_number(self) -> int:
        """How many actions have been applied."""

    @property
    def progress(self) -> str:
        """How far the game is, in the words its screen uses ("move 5 of 24", "turn 3/12"):
        the list of saves shows the same."""
        return f"move {self.move_number}"

    def reveals(self, seat: int) -> int:
        """How many times hidden information has been shown to ``seat`` so far. Undo never
        goes back across a reveal: taking a move back after seeing, say, the secret order
        would be cheating. The default: nothing undo could exploit is ever shown."""
        return 0

    def reveal_note(self, seat: int) -> str:
        """What undo says to ``seat`` when a reveal stands in its way (completes "Too late
        to take that back: ...")."""
        return "hidden cards have been shown since"

    def fingerprint(self) -> str:
        """A hash of the whole state: equal states give equal fingerprints."""
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


class ProgramDrafts(Protocol):
    """Half-built secret programs of a game whose seats all program at once: the table
    server keeps each seat's draft (as text) so that a reconnect or another session of that
    player gets it back, and when the table's timer runs out the draft is completed."""

    def programming(self, state: GameState) -> bool:
        """The game waits for programs now (the part of the turn a table timer covers)."""
        ...

    def writing(self, state: GameState, seat: int) -> bool:
        """``seat`` writes its program now."""
        ...

    def parse(self, text: str) -> str:
        """The canonical text of a draft; raise :class:`IllegalAction` (one line) for text
        that is not a draft at all."""
        ...

    def fits(self, state: GameState, seat: int, text: str) -> str | None:
        """None if the draft ``text`` can be part of ``seat``'s program now, else why not."""
        ...

    def complete(self, state: GameState, seat: int, text: str | None, rng: random.Random) -> Action:
        """The program the timer plays for ``seat``: what the draft (``text``, one that
        :meth:`fits`, or None) filled, as filled; the rest at random from ``rng``."""
        ...


# The GameSpec attributes shared code reads instead of checking game ids.
SPEC_CAPABILITIES = (
    "table_timer",
    "score_unit",
    "program_drafts",
    "preview_drawing",
    "replay_step",
)


class GameSpec(ABC):
    """The description of one game: everything but a position."""

    id: str
    name: str
    blurb: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    resign_rule: ClassVar[ResignRule] = ResignRule.COMPUTER_PLAYS
    # Capabilities (:data:`SPEC_CAPABILITIES`): what the shared code (hosting, screens) does
    # for this game, read from the spec rather than from its id; each game's spec declares
    # every one (docs/engines.md, "Spec capabilities").
    table_timer: ClassVar[bool] = False  # a table may turn on its move timer
    score_unit: ClassVar[tuple[str, str] | None] = None  # (one, many) a score counts
    # a table keeps each seat's half-built program, and its timer completes it
    program_drafts: ClassVar[ProgramDrafts | None] = None
    preview_drawing: ClassVar[str] = ""  # "module:function" of a front end's preview drawing
    # what a replay's bigger step (PgUp/PgDn) covers, one and many: the positions of one
    # step share a :meth:`replay_mark`
    replay_step: ClassVar[tuple[str, str]] = ("move", "moves")

    @abstractmethod
    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> GameState:
        """A fresh game; all randomness of the rules comes from ``seed``."""

    @abstractmethod
    def encode_action(self, action: Action) -> str: ...

    @abstractmethod
    def decode_action(self, text: str) -> Action:
        """Inverse of :meth:`encode_action`; raise :class:`IllegalAction` on bad text."""

    @abstractmethod
    def describe_action(self, action: Action, seat: int) -> str:
        """A short sentence for the move log."""

    @abstractmethod
    def seat_names(self, num_players: int) -> list[str]:
        """Names of the seats, e.g. ``["Rows", "Columns"]``."""

    @abstractmethod
    def rules_text(self) -> str:
        """The rules help, in our own words (plain text with simple markup)."""

    def result_headline(self, result: GameResult, names: Sequence[str]) -> str:
        """One line for a list of finished games, the winners first, in the game's own
        words: ``Anna won``, ``Anna and Bob drew``, ``Bob won: Anna resigned``. ``names``
        has one name per seat, as the game's panel names them (used as given: make them
        terminal-safe first). Games say more (the score that won)."""
        return self.headline(result, names)

    @staticmethod
    def encode_resign(action: Action) -> str | None:
        """``"resign"`` for :data:`RESIGN`, else ``None`` (for a game's encode_action)."""
        return RESIGN_TEXT if isinstance(action, Resign) else None

    @staticmethod
    def decode_resign(text: str) -> Resign | None:
        """:data:`RESIGN` for the text ``resign``, else ``None`` (for a game's
        decode_action)."""
        return RESIGN if str(text).strip() == RESIGN_TEXT else None

    @staticmethod
    def headline(result: GameResult, names: Sequence[str], score: str = "") -> str:
        """``Anna won`` + ``score`` (e.g. `` with 17 cubes``), ``Anna and Bob drew`` +
        ``score`` for a draw or a shared win; ``: Bob resigned`` when seats resigned and
        no ``score`` is given."""
        winners = and_names([names[s] for s in result.winners])
        if not winners:
            text = "Nobody won"
        elif len(result.winners) == 1:
            text = f"{winners} won"
        elif result.draw or len(result.winners) == len(names):
            text = f"{winners} drew"
        else:
            text = f"{winners} shared the win"
        if score:
            return text + score
        if result.resigned:
            return f"{text}: {and_names([names[s] for s in result.resigned])} resigned"
        return text

    def replay_mark(self, state: GameState) -> Hashable:
        """Which :attr:`replay_step` the position ``state`` belongs to: a replay's bigger
        step goes to the next position whose mark differs (a new turn, a new register).
        The default: every move is a step of its own."""
        return state.move_number

    def preview_text(self, options: Mapping[str, Any], ascii_only: bool = False) -> str | None:
        """A text picture of what the options set up (e.g. a course), or ``None``."""
        return None

    def player_levels(self) -> Mapping[str, type]:
        """Built-in computer player classes by level name."""
        return {}

    def resources(self, options: Mapping[str, Any]) -> dict[str, str]:
        """Texts a save keeps so the game replays exactly even if files it was set up
        from change later (a RoboRally course and its boards); {} for none."""
        return {}

    def with_resources(
        self, options: Mapping[str, Any], resources: Mapping[str, str]
    ) -> dict[str, Any]:
        """The options that replay a saved game with the texts :meth:`resources` kept
        (raise :class:`EngineError` if they cannot be used)."""
        return dict(options)

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and check values; raise :class:`OptionError` naming what is valid."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            valid = ", ".join(known) or "none"
            raise OptionError(
                f"unknown option {unknown[0]!r} for {self.id}; valid options: {valid}"
            )
        out: dict[str, Any] = {}
        for name, opt in known.items():
            value = given.get(name, opt.default)
            if opt.choices is not None and value not in opt.choices:
                valid = ", ".join(str(c) for c in opt.choices)
                raise OptionError(f"option {name} cannot be {value!r}; valid values: {valid}")
            if (
                opt.choices is None
                and opt.kind == "int"
                and (not isinstance(value, int) or isinstance(value, bool))
            ):
                raise OptionError(f"option {name} must be a whole number, not {value!r}")
            if opt.choices is None and opt.kind == "text" and not isinstance(value, str):
                raise OptionError(f"option {name} must be text, not {value!r}")
            out[name] = value
        return out

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            if self.min_players == self.max_players:
                need = f"exactly {self.min_players}"
            else:
                need = f"{self.min_players} to {self.max_players}"
            raise OptionError(f"{self.name} needs {need} players, not {num_players}")


def sorted_unique(values: Sequence[Any]) -> list[Any]:
    """Values in first-seen order without repeats."""
    return list(dict.fromkeys(values))
