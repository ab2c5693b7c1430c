"""A game being played: spec, options, seed and the action log that rebuilds it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import RESIGN, Action, GameSpec, GameState, IllegalAction, ResignRule


@dataclass(frozen=True)
class LoggedAction:
    """One entry of the action log: who acted and the action's text."""

    seat: int
    text: str


class Match:
    """One game from its start: replaying ``log`` from ``seed`` gives ``state`` exactly."""

    def __init__(
        self,
        spec: GameSpec,
        num_players: int,
        options: Mapping[str, Any] | None,
        seed: int,
    ) -> None:
        spec.check_players(num_players)
        self.spec = spec
        self.num_players = num_players
        self.options = spec.normalize_options(options)
        self.seed = seed
        self.state: GameState = spec.new_game(num_players, self.options, seed)
        self.log: list[LoggedAction] = []

    def play(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` (for ``seat``, default the current player) and log it."""
        if seat is None:
            seat = self.state.current_player()
            if seat is None:
                raise IllegalAction("nobody is to move")
        self.state.apply(action, seat)
        self.log.append(LoggedAction(seat, self.spec.encode_action(action)))

    def resign(self, seat: int) -> None:
        """``seat`` leaves the game for good, whoever's turn it is: the resignation is
        played and logged like any action (``resign``), so a replay rebuilds it. Raise
        :class:`IllegalAction` saying why when the seat cannot resign (see
        :meth:`GameState.can_resign`)."""
        if not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat}")
        if not self.state.can_resign(seat):
            raise IllegalAction(resign_problem(self.spec, self.state, seat))
        self.play(RESIGN, seat)

    def play_text(self, text: str, seat: int | None = None) -> None:
        self.play(self.spec.decode_action(text), seat)

    @classmethod
    def replay(
        cls,
        spec: GameSpec,
        num_players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        log: Sequence[LoggedAction],
    ) -> Match:
        """Rebuild a match from seed and log; raise :class:`IllegalAction` naming the bad step."""
        match = cls(spec, num_players, options, seed)
        for index, entry in enumerate(log, start=1):
            try:
                match.play_text(entry.text, entry.seat)
            except IllegalAction as exc:
                raise IllegalAction(f"action {index} ({entry.text!r}) is not legal: {exc}") from exc
        return match

    def truncated(self, length: int) -> Match:
        """The same match with only the first ``length`` log entries (used for undo)."""
        return Match.replay(self.spec, self.num_players, self.options, self.seed, self.log[:length])

    def undo_floor(self, seats: Sequence[int]) -> int:
        """The shortest log undo may cut back to for players at ``seats``: none of the
        moves before it can be taken back, because hidden information was revealed to one
        of them after it (see :meth:`GameState.reveals`)."""

        def shown(state: GameState) -> int:
            return sum(state.reveals(seat) for seat in seats)

        now = shown(self.state)
        if now == 0:
            return 0
        match = Match(self.spec, self.num_players, self.options, self.seed)
        for length, entry in enumerate(self.log):
            if shown(match.state) == now:
                return length
            match.play_text(entry.text, entry.seat)
        return len(self.log)


def resign_problem(spec: GameSpec, state: GameState, seat: int) -> str:
    """Why ``seat`` cannot resign now, in a few words."""
    if spec.resign_rule == ResignRule.COMPUTER_PLAYS:
        return f"{spec.name} has no resigning: a computer plays the seat to the end"
    if state.is_terminal():
        return "the game is over"
    if seat in state.resigned():
        return "that seat has already resigned"
    return "that seat is out of the game already"
