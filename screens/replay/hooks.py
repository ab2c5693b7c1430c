"""What a game's screen may do differently in a replay: the defaults of
:class:`ReplayHooks`, which a game's screen overrides where it shows a move as it happens
(RoboRally plays its registers back, as in the live game)."""

from __future__ import annotations

from typing import Any


class ReplayHooks:
    """The replay's hooks into a game's screen (the last base of a replay's screen class,
    so a game's screen overrides them)."""

    session: Any

    def replay_reset(self) -> None:
        """The replay jumped to another position: drop what the screen kept of the last
        one (a playback, a log told so far)."""

    def replay_forward(self, target: int, whole_step: bool) -> None:
        """Go forward to the position after ``target`` moves (``whole_step``: PgDn asked for
        it). The default jumps there; a screen may play the moves one by one instead, with
        ``self.session.play``."""
        self.session.go(target)
        self.replay_reset()

    def replay_show(self) -> None:
        """Called before each drawing of a position: a screen may set what it shows of the
        view followed (RoboRally: the program the robot played that turn)."""
