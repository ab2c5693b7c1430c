"""What Robo Factory's screen mixins use of one another, declared for the type checker.

:class:`screens.robo_factory.screen.RoboFactoryScreen` is built from the mixins beside it
(notepad.py, panels.py) and :class:`GameScreen`. Each mixin derives from
:class:`RoboFactorySurface`, which the type checker sees as a :class:`GameScreen` that also
has the screen's attributes and the methods the mixins call on each other. At run time
``RoboFactorySurface`` is ``object``: nothing declared here is in the screen's method
resolution order, so no declaration can hide a real method. The type checker compares
every real definition (in the screen or a mixin) with its declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

    from engines.robo_factory.state import RoboFactoryState, RoboFactoryView
    from screens.game_screen import GameScreen
    from screens.robo_factory.room import Room

    class RoboFactorySurface(GameScreen):
        """The Robo Factory screen as its mixins see it."""

        # RoboFactoryScreen (screen.py): its state and attributes
        parts: list[int | None]
        part: int
        eureka: bool
        pick: int | None
        notes_mode: bool
        note_cursor: tuple[int, int]
        notes: dict[int, dict[tuple[int, int], str]]
        notes_turn: dict[int, int]
        show_possible: bool
        answer: str

        @property
        def state(self) -> RoboFactoryState: ...
        def names(self) -> list[str]: ...
        def private_seat(self) -> int | None: ...
        def shown_view(self) -> RoboFactoryView: ...
        def eureka_left(self) -> bool: ...
        def next_human(self) -> int | None: ...

        # NotepadMixin (notepad.py)
        def _notes_text(self, seat: int | None) -> Text: ...

        # PanelsMixin (panels.py)
        def room(self) -> Room: ...
else:
    RoboFactorySurface = object
