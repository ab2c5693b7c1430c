"""The replay of a saved game, drawn by the game's own screen, read-only.

:func:`replay_screen` makes the game's screen class (``screens.games.screen_class``) with
:class:`ReplayControls` in front: the same widgets and drawing at every size, in ``--ascii``
and in 16 colours, but the moves come from the save's log: Left/Right one move, PgUp/PgDn
one step of the game (:attr:`engines.core.GameSpec.replay_step`: a round, a turn, a
register), Home/End the deal and the end, ``s`` the next view to follow (each seat's, and
everyone's in a finished game), Escape or ``q`` leaves. No move keys, no computer thinking,
no saving. A host opens it with the views a viewer may follow
(:func:`saves.replay.replay_views`).
"""

from __future__ import annotations

from typing import Any, cast

from textual.binding import Binding

from engines.safe_text import safe_text
from saves import SavedGame
from saves.replay import ReplayTimeline, ReplayView, replay_views
from screens.footer_keys import FooterKey
from screens.game_screen import GameScreen
from screens.games import screen_class
from screens.glyphs import Glyphs
from screens.replay.hooks import ReplayHooks
from screens.replay.session import ReplaySession
from screens.stages import Stage

# The game's keys that only look (at the rules, the log, a map): they work in a replay too.
# Every other key of the game (a move, a hint, undo, save) is off.
LOOKING_ACTIONS = frozenset(
    {
        "rules",
        "leave",
        "full_log",
        "map",
        "legend",
        "view_stacks",
        "possible",
        # RoboRally's playback: step, run/pause, speed and skip, as in the live game
        "step",
        "run",
        "speed",
        "skip",
    }
)


class ReplayControls:
    """The replay's keys and state, in front of a game's screen class (see the module).
    The hooks (:class:`ReplayHooks`) come last in a replay's class, after the game's
    screen, so that the game's screen overrides them."""

    session: ReplaySession
    BINDINGS = [
        Binding("right", "replay_move(1)", "Next", show=False),
        Binding("left", "replay_move(-1)", "Back", show=False),
        Binding("pagedown", "replay_step(1)", "Next step", show=False),
        Binding("pageup", "replay_step(-1)", "Step back", show=False),
        Binding("home", "replay_end(0)", "First", show=False),
        Binding("end", "replay_end(1)", "Last", show=False),
        Binding("s", "replay_view", "View", show=False),
        Binding("q,escape", "leave", "Quit", show=False),
    ]
    FOOTER_OPTIONAL: tuple[FooterKey, ...] = (
        ("skip", "x", "Skip"),
        ("map", "m", "Map"),
        ("full_log", "l", "Log"),
    )
    FOOTER_END: tuple[FooterKey, ...] = (("rules", "?", "Rules"), ("leave", "q", "Quit"))

    # -- what the game screen asks -----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the replay's keys and the game's looking keys work."""
        if action == "replay_view":
            return len(self.session.views) > 1
        if action.startswith("replay_"):
            return True
        if action in LOOKING_ACTIONS:
            return super().check_action(action, parameters)  # type: ignore[misc]
        return False

    def footer_main(self) -> tuple[FooterKey, ...]:
        step = self.session.spec.replay_step[0].capitalize()
        keys: list[FooterKey] = [
            ("replay_move(1)", "Left/Right", "Move"),
            ("replay_step(1)", "PgUp/PgDn", step),
            ("replay_end(1)", "Home/End", "Ends"),
        ]
        if len(self.session.views) > 1:
            keys.append(("replay_view", "s", "View"))
        return tuple(keys)

    def footer_optional(self) -> tuple[FooterKey, ...]:
        return self.FOOTER_OPTIONAL

    def offers(self, action: str) -> bool:
        return action != "map" or super().offers(action)  # type: ignore[misc]

    def human_to_move(self) -> bool:
        """Nobody moves here: the screens draw no cursor and offer no move keys."""
        return False

    def undo_offered(self) -> bool:
        return False

    def undo_works(self) -> bool:
        return False

    def advance(self) -> None:
        """Nothing is played here: show the position, from the view followed."""
        screen: Any = self
        if screen.stage == Stage.LEAVING:
            return
        screen.shown_seat = self.session.shown_seat()
        screen.hidden_seat = None
        screen.message = self.replay_status()
        screen.replay_show()
        screen.refresh_all()

    def replay_status(self) -> str:
        """``Replay, move 17 of 24. View: Anna.`` for the status line."""
        session = self.session
        view = session.view
        label = "everyone" if view.seat is None else safe_text(view.label)
        return f"Replay, move {session.position} of {session.length}. View: {label}."

    def action_leave(self, quit_app: bool = False) -> None:
        """Leave at once: a replay has nothing to lose."""
        screen: Any = self
        screen.close(quit_app)

    # -- the replay's keys ---------------------------------------------------------------------
    def action_replay_move(self, delta: int) -> None:
        position = self.session.position
        if delta > 0:
            self._forward(position + 1, whole_step=False)
        else:
            self._jump(position - 1)

    def action_replay_step(self, delta: int) -> None:
        timeline = self.session.timeline
        position = self.session.position
        if delta > 0:
            self._forward(timeline.next_step(position), whole_step=True)
        else:
            self._jump(timeline.previous_step(position))

    def action_replay_end(self, last: int) -> None:
        self._jump(self.session.length if last else 0)

    def action_replay_view(self) -> None:
        self.session.next_view()
        self.advance()

    def _forward(self, target: int, whole_step: bool) -> None:
        target = self.session.timeline.clamp(target)
        if target <= self.session.position and not whole_step:
            self._at_end()
            return
        screen: Any = self
        screen.replay_forward(target, whole_step)
        self.advance()

    def _jump(self, target: int) -> None:
        target = self.session.timeline.clamp(target)
        self.session.go(target)
        screen: Any = self
        screen.replay_reset()
        self.advance()

    def _at_end(self) -> None:
        screen: Any = self
        screen.app.bell()


def replay_screen(
    saved: SavedGame,
    glyphs: Glyphs,
    views: list[ReplayView] | None = None,
    start: int | None = None,
    timeline: ReplayTimeline | None = None,
) -> GameScreen:
    """The replay of ``saved`` on its game's own screen. ``views``: whose views it may
    follow (default: :func:`saves.replay.replay_views`, every seat's and everyone's for a
    finished game); ``start``: the position it opens on (default the deal, 0)."""
    views = views if views is not None else replay_views(saved)
    session = ReplaySession(saved, views, timeline)
    if start:
        session.go(start)
    game_class = screen_class(saved.match.spec.id)
    cls = _replay_classes.get(game_class)
    if cls is None:
        # Textual reads BINDINGS from its own classes only: the replay's keys are given to
        # the new class, where they replace the game's bindings of the same keys
        cls = type(
            f"Replay{game_class.__name__}",
            (ReplayControls, game_class, ReplayHooks),
            {"BINDINGS": ReplayControls.BINDINGS},
        )
        _replay_classes[game_class] = cls
    screen: GameScreen = cls(cast(Any, session), glyphs)
    return screen


_replay_classes: dict[type[GameScreen], type[GameScreen]] = {}
