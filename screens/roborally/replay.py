"""RoboRally in a replay (``screens.replay``): the registers play back as in the live game
(the same pictures, run on the timer, Space steps, x skips), and the programming panel shows
the program the robot on screen played that turn.

``ReplayMixin`` is part of :class:`screens.roborally.screen.RoboRallyScreen`; its methods are
the replay's hooks (``screens.replay.hooks.ReplayHooks``) and are called in replays only.
"""

from __future__ import annotations

from typing import Any

from engines.core import IllegalAction
from engines.roborally.actions import Program
from screens.roborally.log import replayed_log
from screens.roborally.surface import RoboRallySurface


class ReplayMixin(RoboRallySurface):
    """The replay's hooks for RoboRally (see the module docstring)."""

    session: Any

    def replay_reset(self) -> None:
        """A jump: no playback, the register log told again up to the position."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.queue.clear()
        self.shown = None
        self.held = False
        self.last_register = None
        self.program_turn = (-1, -1)
        self.events_log = replayed_log(self.session.match)

    def replay_forward(self, target: int, whole_step: bool) -> None:
        """Play the log's moves up to ``target`` with the register trace on: their
        registers play back as in the live game. PgDn while a playback runs goes on to the
        next register's pictures instead."""
        if whole_step and self.queue:
            self._skip_register()
            return
        self.held = False  # the last picture of a playback gives way to the next moves
        log = self.session.timeline.log
        spec = self.session.spec
        while self.session.position < target:
            entry = log[self.session.position]
            try:
                self.apply(spec.decode_action(entry.text), entry.seat)
            except IllegalAction:  # cannot happen with a checked save; jump rather than stop
                self.session.go(target)
                self.replay_reset()
                return

    def _skip_register(self) -> None:
        """Show the pictures up to the next register's end (the rest of the one on screen
        when it is a card of a register), and pause there: PgDn again shows the next
        register, ``r`` runs the playback on."""
        self.running = False
        while self.queue:
            self._next_picture(stepped=True)
            if self.shown is not None and not self.shown.is_card:
                break

    def replay_show(self) -> None:
        """The robot on screen's program this turn, in its registers, as it played it."""
        seat = self.shown_seat
        state = self.state
        if seat is None or state.pending_kind(seat) != "program":
            self.chosen, self.power = [], False
            return
        view = state.view(seat)
        for entry in self.session.timeline.log[self.session.position :]:
            if entry.seat != seat:
                continue
            action = self.session.spec.decode_action(entry.text)
            if isinstance(action, Program):
                self.chosen = [action.cards[r] for r in self._free(view)]
                self.power = action.power_down
            break
