"""A finished (or saved) game as a replay: every position of its action log, move by move.

No Textual here. :class:`ReplayTimeline` plays the log once from the seed when it is made,
keeping a copy of the position every :data:`CHECKPOINT` moves and each position's
:meth:`engines.core.GameSpec.replay_mark` (which turn, round or register it belongs to), so
going to any position replays at most ``CHECKPOINT - 1`` moves, and stepping forward from the
position on screen plays one. The bigger steps (PgUp/PgDn) read the marks: a step's positions
share a mark, the next step starts where the mark changes.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from dataclasses import dataclass

from engines.core import EngineError, GameState, IllegalAction
from engines.match import LoggedAction, Match
from saves.model import SavedGame

CHECKPOINT = 16  # moves between two kept positions: at most this many replayed for a jump
NOT_FINISHED = "not finished yet: a replay shows a finished game"


@dataclass(frozen=True)
class ReplayView:
    """Whose view a replay follows: one seat's (``seat``), or everyone's (``seat`` None:
    every seat's hidden cards, each as it moves)."""

    seat: int | None
    label: str


class ReplayTimeline:
    """Every position of a saved game's log (see the module docstring)."""

    def __init__(self, saved: SavedGame) -> None:
        source = saved.match
        self.spec = source.spec
        self.log: list[LoggedAction] = list(source.log)
        # a copy of the match without its moves: positions are made from it
        self._base = copy.copy(source)
        self._base.log = []
        start = self.spec.new_game(source.num_players, source.options, source.seed)
        self._checkpoints: list[GameState] = [copy.deepcopy(start)]
        self.marks: list[Hashable] = [self.spec.replay_mark(start)]
        state = start
        for index, entry in enumerate(self.log, start=1):
            try:
                state.apply(self.spec.decode_action(entry.text), entry.seat)
            except EngineError as exc:
                raise IllegalAction(f"action {index} ({entry.text!r}) is not legal: {exc}") from exc
            self.marks.append(self.spec.replay_mark(state))
            if index % CHECKPOINT == 0:
                self._checkpoints.append(copy.deepcopy(state))
        self.final_fingerprint = state.fingerprint()
        self.finished = state.is_terminal()

    @property
    def length(self) -> int:
        """The number of moves: positions run from 0 (the deal) to ``length`` (the end)."""
        return len(self.log)

    def state_at(self, position: int) -> GameState:
        """A fresh copy of the position after ``position`` moves (the caller may change it)."""
        position = self.clamp(position)
        base = position // CHECKPOINT
        # a whole copy, not clone(): a game's clone is for computer players' searches and
        # may leave out what only the screen shows (Stak Bots' told events)
        state = copy.deepcopy(self._checkpoints[base])
        for entry in self.log[base * CHECKPOINT : position]:
            state.apply(self.spec.decode_action(entry.text), entry.seat)
        return state

    def match_at(self, position: int) -> Match:
        """The match after ``position`` moves: its state and its log so far (a new object
        each time: playing on it leaves the timeline as it is)."""
        position = self.clamp(position)
        match = copy.copy(self._base)
        match.state = self.state_at(position)
        match.log = self.log[:position]
        return match

    def clamp(self, position: int) -> int:
        return max(0, min(self.length, position))

    def next_step(self, position: int) -> int:
        """Where the next bigger step (a turn, a register) starts after ``position``: the
        first later position with another mark (the end when none)."""
        position = self.clamp(position)
        mark = self.marks[position]
        for later in range(position + 1, self.length + 1):
            if self.marks[later] != mark:
                return later
        return self.length

    def previous_step(self, position: int) -> int:
        """Where the step before ``position`` starts: the start of the step on screen when
        ``position`` is inside it, else the start of the one before."""
        position = self.clamp(position)
        if position == 0:
            return 0
        back = position - 1
        mark = self.marks[back]
        while back > 0 and self.marks[back - 1] == mark:
            back -= 1
        return back

    def mover(self, position: int) -> int | None:
        """The seat whose move comes next after ``position`` (None at the end)."""
        if position < self.length:
            return self.log[position].seat
        return None

    def last_mover(self, position: int) -> int | None:
        """The seat that made the move leading to ``position`` (None at the deal)."""
        return self.log[position - 1].seat if position > 0 else None


def replay_views(saved: SavedGame, viewer: int | None = None) -> list[ReplayView]:
    """The views a replay of ``saved`` may follow: of a finished game everyone's, then each
    seat's; of a game not finished only ``viewer``'s own seat (nobody sees another seat's
    hidden cards before the game is over), none without a viewer."""
    names = [player.name for player in saved.players]
    seats = [ReplayView(seat, name) for seat, name in enumerate(names)]
    if saved.match.state.is_terminal():
        return [ReplayView(None, "everyone"), *seats]
    return [view for view in seats if view.seat == viewer]
