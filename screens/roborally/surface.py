"""What RoboRally's screen mixins use of one another, declared for the type checker.

:class:`screens.roborally.screen.RoboRallyScreen` is built from the mixins beside it
(programming.py, decisions.py, playback.py, panels.py) and :class:`GameScreen`. Each mixin
derives from :class:`RoboRallySurface`, which the type checker sees as a
:class:`GameScreen` that also has the screen's attributes and the methods the mixins call
on each other. At run time ``RoboRallySurface`` is ``object``: nothing declared here is in
the screen's method resolution order, so no declaration can hide a real method. The type
checker compares every real definition (in the screen or a mixin) with its declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rich.text import Text

    from engines.core import Action
    from engines.roborally.state import RoboRallyState, RoboRallyView
    from screens.game_screen import GameScreen
    from screens.roborally.frames import Frame
    from screens.stages import UiPhase

    class RoboRallySurface(GameScreen):
        """The RoboRally screen as its mixins see it."""

        # RoboRallyScreen (screen.py): its words, state and attributes
        FOOTER_WORDS: ClassVar[dict[UiPhase | None, str]]
        chosen: list[int]
        power: bool
        zone: str
        cur: int
        legend_on: bool
        queue: list[Frame]
        shown: Frame | None
        before: list[tuple[int, int]]
        running: bool
        speed: int
        timer: Any
        events_log: list[tuple[str, str]]
        watch_end: float
        held: bool
        last_register: Frame | None
        last_viewport: tuple[int, int, int, int]

        @property
        def state(self) -> RoboRallyState: ...
        def my_seat(self) -> int: ...
        def my_view(self) -> RoboRallyView: ...
        def my_turn(self) -> bool: ...
        def after_watch(self) -> UiPhase | None: ...
        def apply(self, action: Action, seat: int) -> None: ...

        # ProgrammingMixin (programming.py)
        def action_number(self, n: int) -> None: ...
        def action_confirm(self) -> None: ...
        def preview(self, view: RoboRallyView) -> tuple[dict[int, tuple[str, str]], str]: ...
        def _program_panel(self, t: Text, view: RoboRallyView, warn: str) -> None: ...
        def _free(self, view: RoboRallyView) -> list[int]: ...

        # DecisionsMixin (decisions.py)
        def _decision_panel(self, t: Text, view: RoboRallyView) -> None: ...

        # PlaybackMixin (playback.py)
        def _release(self) -> None: ...
        def _next_picture(self, stepped: bool = False) -> None: ...
        def _double_tap(self, again: str) -> bool: ...
        def _keys_used(self) -> None: ...
        def action_step(self) -> None: ...
        def coming_playback(self) -> str: ...
        def robots_now(self) -> list[tuple[int, int, int, bool]]: ...
        def acting(self) -> int | None: ...
        def _playback_panel(self, t: Text) -> None: ...

        # PanelsMixin (panels.py)
        def _options_line(self, t: Text, options: tuple[str, ...] | list[str]) -> None: ...
else:
    RoboRallySurface = object
