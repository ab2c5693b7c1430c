"""What a replay's game screen reads instead of a game being played: the position on
screen of a :class:`saves.replay.ReplayTimeline`, and whose view it follows.

:class:`ReplaySession` stands where :class:`screens.session.GameSession` stands in a game
being played, so each game's own screen draws the replay. It never saves, thinks or takes a
move back: the save it came from is left as it is.
"""

from __future__ import annotations

import copy

from engines.core import Action
from engines.players import ComputerPlayer
from saves import SavedGame
from saves.replay import ReplayTimeline, ReplayView
from screens.session import SavedGameView, SaveStatus

NOTHING_SAVED = "A replay changes nothing: the save stays as it is."


class ReplaySession(SavedGameView):
    """A saved game shown position by position (see the module docstring)."""

    replaying = True  # the screens ask with getattr(session, "replaying", False)
    hot_seat = True  # the screens name whose hand is shown ("Anna's hand"), never "Your"
    at_table = False
    notice = ""

    def __init__(
        self,
        saved: SavedGame,
        views: list[ReplayView],
        timeline: ReplayTimeline | None = None,
    ) -> None:
        if not views:
            raise ValueError("a replay needs a view to follow")
        self.timeline = timeline if timeline is not None else ReplayTimeline(saved)
        self.views = views
        self.view_index = 0
        self.position = 0
        # a copy: the game on screen changes, the save it came from does not
        self.saved = copy.copy(saved)
        self.saved.ui = {}  # the player's notes and drafts belong to the game being played
        self.saved.path = None
        self.saved.match = self.timeline.match_at(0)
        self.last_save: SaveStatus | None = SaveStatus(True, NOTHING_SAVED)

    # -- where the replay stands -----------------------------------------------------------
    @property
    def length(self) -> int:
        return self.timeline.length

    @property
    def view(self) -> ReplayView:
        return self.views[self.view_index]

    def go(self, position: int) -> None:
        """Show the position after ``position`` moves."""
        self.position = self.timeline.clamp(position)
        self.saved.match = self.timeline.match_at(self.position)

    def next_view(self) -> ReplayView:
        self.view_index = (self.view_index + 1) % len(self.views)
        return self.view

    def play(self, action: Action, seat: int) -> None:
        """Play the log's next move on the position on screen (a screen that shows a move
        as it happens, RoboRally's registers, plays it rather than jump to it)."""
        self.saved.match.play(action, seat)
        self.position += 1

    # -- who is shown ----------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats whose hidden cards may be shown: the followed seat, or every seat."""
        seat = self.view.seat
        return list(range(self.match.num_players)) if seat is None else [seat]

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def shown_seat(self) -> int:
        """The seat whose view is on screen: the followed one, or (everyone's view) the seat
        to move, else the one that moved last."""
        if self.view.seat is not None:
            return self.view.seat
        state = self.match.state
        seats = state.to_move()
        if seats:
            return seats[0]
        last = self.timeline.last_mover(self.position)
        return 0 if last is None else last

    # -- what a replay does not do ---------------------------------------------------------
    def computer(self, seat: int) -> ComputerPlayer:
        raise RuntimeError("nobody thinks in a replay")

    def hint_player(self, seat: int) -> ComputerPlayer:
        raise RuntimeError("no hints in a replay")

    def undo_point(self) -> int | None:
        return None

    def why_no_undo(self) -> str | None:
        return NOTHING_SAVED

    def undo(self) -> bool:
        return False

    def autosave(self) -> SaveStatus:
        self.last_save = SaveStatus(True, NOTHING_SAVED)
        return self.last_save

    def rename(self, new_name: str) -> SaveStatus:
        return SaveStatus(False, NOTHING_SAVED)
